"""What is the least deadwood of a hand without wild or repeated cards? A search over bit masks.

Most hands the engines ask about (every Gin hand) hold neither wild cards nor two
copies of a card. Such a hand is a 52-bit mask, each candidate meld a sub-mask, and
the least deadwood a search over masks: the lowest card is left over or melded.
Also the one bit trick that finds the cards some run may take (``_run_places``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from .._cache import memoize
from ..cards import CARDS, JOKER_CODE, Card
from .limits import ANSWERS_KEPT, LONGEST_RUN, NO_WILD, Hand, MeldLimits, RulesetLimits
from .tables import run_tables

__all__: list[str] = []


_SUIT_BITS: Final = (1 << 13) - 1


@memoize("solver.set-masks", maxsize=64)
def _set_masks(set_min: int, set_max: int) -> tuple[tuple[int, ...], ...]:
    """For each 4-bit pattern of suits holding a rank, the suit patterns of its sets."""
    top = min(set_max or 4, 4)
    out = []
    for held in range(16):
        out.append(
            tuple(sub for sub in range(1, 16) if sub & held == sub and set_min <= sub.bit_count() <= top)
        )
    return tuple(out)


class _MaskSearch:
    """The least deadwood of every part of one hand, from its candidate melds as masks."""

    def __init__(self, melds: dict[int, list[int]], values: Sequence[int]) -> None:
        self.melds = melds  # by lowest card code: the masks of the melds holding it as lowest
        self.values = values
        self.memo: dict[int, int] = {0: 0}

    def best(self, rem: int) -> int:
        got = self.memo.get(rem)
        if got is not None:
            return got
        bit = rem & -rem
        low = bit.bit_length() - 1
        top = self.values[low] + self.best(rem ^ bit)
        for meld in self.melds.get(low, ()):
            if meld & rem == meld:
                value = self.best(rem ^ meld)
                if value < top:
                    top = value
        self.memo[rem] = top
        return top


def _mask_melds(mask: int, limits: MeldLimits) -> dict[int, list[int]]:
    """Every candidate meld of the hand *mask* (no wild card, no repeated card), by lowest card."""
    melds: dict[int, list[int]] = {}
    suits = [(mask >> (13 * s)) & _SUIT_BITS for s in range(4)]
    # Sets: ranks held in set_min suits or more.
    a, b, c, d = suits
    if limits.set_min <= 4:
        patterns = _set_masks(limits.set_min, limits.set_max)
        enough = (a & b) | (a & c) | (a & d) | (b & c) | (b & d) | (c & d)
        while enough:
            bit = enough & -enough
            enough ^= bit
            rank = bit.bit_length() - 1
            held = (a >> rank & 1) | (b >> rank & 1) << 1 | (c >> rank & 1) << 2 | (d >> rank & 1) << 3
            for sub in patterns[held]:
                meld = 0
                for s in range(4):
                    if sub >> s & 1:
                        meld |= 1 << (13 * s + rank)
                low = (meld & -meld).bit_length() - 1
                melds.setdefault(low, []).append(meld)
    # Runs: windows of run_min to 13 ranks all held (bit r of a suit's line is rank r, 1-14).
    run_min = limits.run_min
    for s, held in enumerate(suits):
        if held.bit_count() < run_min - (1 if limits.hi_bound == 14 else 0):
            continue
        line = _run_lines(held << 1, limits, 2)
        starts = _run_starts(line, run_min)
        while starts:
            bit = starts & -starts
            starts ^= bit
            lo = bit.bit_length() - 1
            meld = 0
            for rank in range(lo, min(lo + LONGEST_RUN, limits.hi_bound + 1)):
                if not line >> rank & 1:
                    break
                meld |= 1 << (13 * s + (0 if rank == 14 else rank - 1))
                if rank - lo + 1 >= run_min:
                    low = (meld & -meld).bit_length() - 1
                    melds.setdefault(low, []).append(meld)
    return melds


#: The most cards the bit-mask searches take: their cost grows exponentially past it (a random
#: 36-card hand takes 17 ms, 41 cards half a second, 50 cards minutes), and the candidate pool's
#: search answers bigger hands in milliseconds.
MOST_MASK_CARDS: Final = 32


def hand_mask(hand: Hand, limits: MeldLimits) -> int:
    """The hand as a mask when it is a sequence of at most :data:`MOST_MASK_CARDS` cards without wild or repeated cards, else -1."""
    mask = 0
    for card in hand:
        if type(card) is not Card:
            return -1
        bit = 1 << card.code
        if mask & bit:
            return -1
        mask |= bit
    if mask >> JOKER_CODE or (limits.wild != NO_WILD and mask >> limits.wild & 1):
        return -1
    return mask if mask.bit_count() <= MOST_MASK_CARDS else -1


def _loose_value(mask: int, values: Sequence[int]) -> tuple[int, int]:
    """The total and the largest value of the cards of *mask*."""
    total = top = 0
    while mask:
        bit = mask & -mask
        mask ^= bit
        value = values[bit.bit_length() - 1]
        total += value
        if value > top:
            top = value
    return total, top


_LANES: Final = 0x7FFE_7FFE_7FFE_7FFE  # ranks 1-14 in each 16-bit lane
_LANE_ACES: Final = 0x0002_0002_0002_0002  # the ace (rank 1) of each lane


def _run_lines(lines: int, limits: MeldLimits, aces: int) -> int:
    """A suit's ranks held as a line (bit r: rank r, 1-13) with the ace where runs may take it.

    Also at place 14 when aces play high, and off place 1 when they cannot play low;
    *aces* holds the place-1 bit of each suit's line (several suits side by side).
    """
    if limits.hi_bound == 14:
        lines |= (lines & aces) << 13
    if limits.lo_bound == 2:
        lines &= ~aces
    return lines


def _run_starts(lines: int, run_min: int) -> int:
    """The places of *lines* that start *run_min* held places in a row."""
    starts = lines
    for shift in range(1, run_min):
        starts &= lines >> shift
    return starts


def _run_places(lines: int, run_min: int, aces: int) -> int:
    """The places of *lines* inside *run_min* held places in a row, an ace at place 14 also at its place 1."""
    starts = _run_starts(lines, run_min)
    if not starts:
        return 0
    covered = starts
    for shift in range(1, run_min):
        covered |= starts << shift
    return covered | (covered >> 13) & aces


def meldable_codes(counts: tuple[int, ...], present: Sequence[int], limits: MeldLimits) -> set[int]:
    """The card codes of a hand without wild cards that some meld of the hand may take.

    A card may be in a set when its rank has ``set_min`` cards (of distinct suits
    when sets need them), and in a run when ``run_min`` ranks in a row around it
    are held in its suit. Every card a candidate meld takes is in the answer.
    """
    masks = [0, 0, 0, 0]
    by_rank = [0] * 13
    for code in present:
        if code == JOKER_CODE:
            continue
        masks[code // 13] |= 2 << (code % 13)
        by_rank[code % 13] += 1 if limits.distinct else counts[code]
    out = {code for code in present if code != JOKER_CODE and by_rank[code % 13] >= limits.set_min}
    for suit, held in enumerate(masks):
        covered = _run_places(_run_lines(held, limits, 2), limits.run_min, 2)
        if not covered:
            continue
        for rank in range(1, 14):
            if covered >> rank & 1:
                out.add(suit * 13 + rank - 1)
    return out


def meldable_mask(mask: int, limits: MeldLimits) -> int:
    """The cards of *mask* (no wild or repeated card) that some candidate meld takes, by bit operations.

    Runs are found in the four suits at once: suit s is the 16-bit lane s of
    one integer, bit r of a lane rank r (1-14); bits 0 and 15 of every lane
    stay clear, so no window of held ranks runs from one lane into the next.
    """
    a = mask & _SUIT_BITS
    b = (mask >> 13) & _SUIT_BITS
    c = (mask >> 26) & _SUIT_BITS
    d = mask >> 39
    need = limits.set_min
    if need <= 2:
        ranks = (a & b) | (a & c) | (a & d) | (b & c) | (b & d) | (c & d)
    elif need == 3:
        ranks = (a & b & c) | (a & b & d) | (a & c & d) | (b & c & d)
    elif need == 4:
        ranks = a & b & c & d
    else:
        ranks = 0
    out = 0
    if ranks:
        out = mask & (ranks | ranks << 13 | ranks << 26 | ranks << 39)
    lines = _run_lines((a | b << 16 | c << 32 | d << 48) << 1, limits, _LANE_ACES) & _LANES
    covered = _run_places(lines, limits.run_min, _LANE_ACES) >> 1
    if covered:
        out |= (
            (covered & _SUIT_BITS)
            | ((covered >> 16) & _SUIT_BITS) << 13
            | ((covered >> 32) & _SUIT_BITS) << 26
            | ((covered >> 48) & _SUIT_BITS) << 39
        )
    return out


#: Before, each ruleset kept up to ANSWERS_KEPT answers of each kind; a process asks about a ruleset or two.
@memoize("solver.mask-deadwood", maxsize=2 * ANSWERS_KEPT)
def mask_deadwood(mask: int, entry: RulesetLimits) -> int:
    """The least deadwood value of the hand *mask* (no wild card, no card twice)."""
    meldable = meldable_mask(mask, entry.limits)
    got = _loose_value(mask & ~meldable, entry.values)[0]
    if meldable:
        got += _MaskSearch(_mask_melds(meldable, entry.limits), entry.values).best(meldable)
    return got


@memoize("solver.mask-knock-cards", maxsize=2 * ANSWERS_KEPT)
def mask_knock_cards(mask: int, entry: RulesetLimits, limit: int) -> frozenset[Card]:
    """The cards of the hand *mask* whose discard leaves at most *limit* deadwood."""
    tables = run_tables(entry)
    found = None if tables is None else tables.knock_cards(mask, limit)  # Gin's rules: the run tables
    if found is not None:
        return found
    values = entry.values
    # Cards no meld takes stay deadwood, bar the one discarded: most hands end here.
    meldable = meldable_mask(mask, entry.limits)
    loose = mask & ~meldable
    stuck, top = _loose_value(loose, values)
    out: list[Card] = []
    if stuck - top <= limit:
        search = _MaskSearch(_mask_melds(meldable, entry.limits), values)
        for code in _codes(mask):
            bit = 1 << code
            if loose & bit:
                if stuck - values[code] + search.best(meldable) <= limit:
                    out.append(CARDS[code])
            elif stuck <= limit and stuck + search.best(meldable ^ bit) <= limit:
                out.append(CARDS[code])
    return frozenset(out)


def _codes(mask: int) -> list[int]:
    out = []
    while mask:
        bit = mask & -mask
        mask ^= bit
        out.append(bit.bit_length() - 1)
    return out
