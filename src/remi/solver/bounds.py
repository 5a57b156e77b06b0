"""Can a contract not be met at all? Cheap proofs from card counts alone.

Too few cards, natural cards spread over too many suits or ranks for the melds
to take them all, more jokers needed than held, one run per suit; and whether
longer runs always hold a legal run of the least size.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from .._cache import memoize
from ..cards import JOKER_CODE, Card
from .limits import LONGEST_RUN, NO_WILD, MeldLimits

__all__: list[str] = []


def cannot_cover(counts: tuple[int, ...], limits: MeldLimits, sets: int, runs: int) -> bool:
    """Cheap proofs that melds of one kind cannot take every card of the hand.

    Runs only: the natural cards span at most ``runs`` suits, no card repeats
    more often than there are runs, and the runs can hold every card (at most
    13 each). Sets only: the natural cards span at most ``sets`` ranks. This
    keeps the last round's search instant for the big hands buying makes.
    """
    naturals = [
        code for code in range(52) if counts[code] and not (limits.twos and code == 1) and code != limits.wild
    ]
    if sets == 0:
        if len({code // 13 for code in naturals}) > runs:
            return True
        if any(counts[code] > runs for code in naturals):
            return True
        return sum(counts) > runs * 13
    if runs == 0:
        return len({code % 13 for code in naturals}) > sets
    return False


def hopeless(counts: tuple[int, ...], limits: MeldLimits, sets: int, runs: int, final: bool) -> bool:
    """Too few cards for the contract, or (in the last round) a quick proof they cannot all be used."""
    if sets * limits.set_min + runs * limits.run_min > sum(counts):
        return True
    return final and cannot_cover(counts, limits, sets, runs)


def _rank_total(a: int, b: int, c: int, d: int) -> int:
    return a + b + c + d


@memoize("solver.window-most", maxsize=8192)
def _window_most(
    suit: tuple[int, ...], size: int, lo_bound: int, hi_bound: int, least: int, exact: bool
) -> int:
    """The most ranks held (*suit*: the counts of ace … king, the ace also high) in one *size*-rank window, or -1.

    Only windows holding at least *least* ranks count when *exact*.
    """
    held = [0] + [1 if n else 0 for n in suit] + [1 if suit[0] else 0]
    most = -1
    present = sum(held[lo_bound : lo_bound + size])
    for lo in range(lo_bound, hi_bound - size + 2):
        if lo > lo_bound:
            present += held[lo + size - 1] - held[lo - 1]
        if present > most and (present >= least or not exact):
            most = present
    return most


def jokers_short(counts: Sequence[int], limits: MeldLimits, sets: int, runs: int, exact: bool) -> bool:
    """A necessary condition, from counts alone: do *sets* sets and *runs* runs need more jokers than held?

    A lower bound on the wild cards any such melds take: a set of rank R holds
    naturals of rank R only, so k sets of that rank take at least
    ``k * set_min - (naturals of R)`` wild cards; a run takes at least
    ``run_min`` minus the ranks held in its least-size window. Sets and runs
    sharing naturals is ignored, so the bound never exceeds the truth. Not
    used with wild ♠2s (a ♠2 is then natural or wild).
    """
    jokers = counts[limits.wild] if limits.wild != NO_WILD else 0
    return jokers_needed(counts, limits, sets, runs, exact, jokers) > jokers


_IMPOSSIBLE: Final = 1 << 30


def jokers_needed(
    counts: Sequence[int], limits: MeldLimits, sets: int, runs: int, exact: bool, jokers: int
) -> int:
    """The lower bound of :func:`jokers_short` (0 with wild ♠2s; above *jokers* once it exceeds them).

    More natural cards never raise it, so the bound of a hand holds for any
    part of it.
    """
    if limits.twos:
        return 0
    need = 0
    if sets:
        need = sets_need(
            list(map(_rank_total, counts[0:13], counts[13:26], counts[26:39], counts[39:52])), limits, sets
        )
        if need > jokers:
            return need
    if runs:
        least = (limits.run_min + 1) // 2 if limits.at_most else 1
        size = limits.run_min
        most = -1  # the most ranks held in one least-size window (that may hold a run)
        for suit in range(4):
            base = suit * 13
            best = _window_most(
                tuple(counts[base : base + 13]), size, limits.lo_bound, limits.hi_bound, least, exact
            )
            if best > most:
                most = best
                if most >= size:
                    break
        if most < 0:
            return _IMPOSSIBLE
        need += runs * (size - most)
    return need


def _window_most_bits(mask: int, size: int, lo_bound: int, hi_bound: int, least: int, exact: bool) -> int:
    """:func:`_window_most` of the suit whose ranks held are the bits of *mask* (bit 0 the ace … bit 12 the king).

    Not kept itself: :func:`_window_table` keeps each mask's answer once worked out.
    """
    return _window_most(tuple((mask >> bit) & 1 for bit in range(13)), size, lo_bound, hi_bound, least, exact)


#: In a :func:`_window_table`, a suit's mask not worked out yet.
_UNKNOWN: Final = -2


@memoize("solver.window-tables", maxsize=64)
def _window_table(size: int, lo_bound: int, hi_bound: int, least: int, exact: bool) -> list[int]:
    """:func:`_window_most_bits` of every suit mask for these limits, by the mask: each worked out on first use.

    A list of 8,192 answers per set of limits (a few are in play): looked up by the
    mask, where the memo of :func:`_window_most_bits` hashes six arguments.
    """
    return [_UNKNOWN] * 8192


#: Each card code's rank less one (the joker's -1): a tally reads it instead of dividing.
_RANK_OF: Final = tuple(code % 13 for code in range(JOKER_CODE)) + (-1,)


def hand_tally(hand: Sequence[Card], wild: int) -> tuple[list[int], list[int], int]:
    """One pass over the cards *hand*: the natural cards of each rank, each suit's ranks held as bits, the wild cards.

    >>> import remi
    >>> totals, masks, jokers = hand_tally(remi.parse_cards("♠5 ♥5 ♠6 JK"), 52)
    >>> totals[4], totals[5], bin(masks[0]), jokers
    (2, 1, '0b110000', 1)
    """
    totals = [0] * 13
    rank_of = _RANK_OF
    bits = 0  # the natural cards held, one bit each (Card._bit)
    jokers = 0
    for card in hand:
        code = card.code
        if code == wild:
            jokers += 1
        elif code < JOKER_CODE:
            totals[rank_of[code]] += 1
            bits |= card._bit
    return totals, [bits & 0x1FFF, bits >> 13 & 0x1FFF, bits >> 26 & 0x1FFF, bits >> 39], jokers


Tally = tuple[list[int], list[int], int]  # what hand_tally returns


def hand_jokers_short(hand: Sequence[Card], limits: MeldLimits, sets: int, runs: int, exact: bool) -> bool:
    """:func:`jokers_short` of the cards *hand*, read in one pass over the cards (no 53 counts).

    The same bound from the same totals: the cards of each rank (for the sets) and
    the ranks held in each suit, as bits (for the runs).
    """
    if limits.twos:
        return False
    tally = hand_tally(hand, limits.wild)
    return tally_jokers_short(tally, tally_sets_need(tally, limits, sets), limits, runs, exact)


def tally_sets_need(tally: Tally, limits: MeldLimits, sets: int) -> int:
    """:func:`sets_need` of a hand's :func:`hand_tally` (0 for no sets)."""
    return sets_need(tally[0], limits, sets) if sets else 0


def tally_jokers_needed(tally: Tally, limits: MeldLimits, sets: int, runs: int, exact: bool) -> int:
    """:func:`jokers_needed` of a hand's :func:`hand_tally` (no wild ♠2s): the least wild cards the melds take."""
    jokers = tally[2]
    need = tally_sets_need(tally, limits, sets)
    if need > jokers or not runs:
        return need
    most = _most_in_a_window(tally, limits, (limits.run_min + 1) // 2 if limits.at_most else 1, exact)
    return _IMPOSSIBLE if most < 0 else need + runs * (limits.run_min - most)


def _most_in_a_window(tally: Tally, limits: MeldLimits, least: int, exact: bool) -> int:
    """The most ranks one least-size window of a suit holds, over the suits (-1 when no window counts)."""
    size = limits.run_min
    table = _window_table(size, limits.lo_bound, limits.hi_bound, least, exact)
    most = -1
    for mask in tally[1]:
        best = table[mask]
        if best == _UNKNOWN:
            best = table[mask] = _window_most_bits(mask, size, limits.lo_bound, limits.hi_bound, least, exact)
        if best > most:
            most = best
            if most >= size:
                break
    return most


def tally_jokers_short(tally: Tally, need: int, limits: MeldLimits, runs: int, exact: bool) -> bool:
    """:func:`hand_jokers_short` from the hand's tally and the wild cards *need* its sets take (no wild ♠2s)."""
    jokers = tally[2]
    if need > jokers or not runs:
        return need > jokers
    most = _most_in_a_window(tally, limits, (limits.run_min + 1) // 2 if limits.at_most else 1, exact)
    return most < 0 or need + runs * (limits.run_min - most) > jokers


def disjoint_runs_short(counts: Sequence[int], limits: MeldLimits, sets: int, runs: int) -> bool:
    """A tighter bound than :func:`jokers_short` for two runs or more: the runs share no natural card.

    Each run takes at least ``run_min`` minus the naturals of one ``run_min``-rank
    window of its suit (as there). The naturals the runs take are distinct cards: *j*
    runs of one suit take at most *j* times the most ranks one window holds, and at
    most, over its cards, the copies held of each up to *j*. The most over the ways
    to share the runs among the suits bounds the naturals of all the runs; the sets
    are bounded as in :func:`jokers_needed`. Not used with wild ♠2s.
    """
    if limits.twos or runs < 2:
        return False
    jokers = counts[limits.wild] if limits.wild != NO_WILD else 0
    totals = [counts[r] + counts[r + 13] + counts[r + 26] + counts[r + 39] for r in range(13)]
    need = sets_need(totals, limits, sets) if sets else 0
    size = limits.run_min
    best = [0] + [-_IMPOSSIBLE] * runs  # the most naturals of t runs over the suits so far
    for suit in range(4):
        cells = counts[suit * 13 : suit * 13 + 13]
        mask = sum(1 << rank for rank in range(13) if cells[rank])
        one = _window_most_bits(mask, size, limits.lo_bound, limits.hi_bound, 1, False)
        bound = [min(j * one, sum(min(n, j) for n in cells)) for j in range(runs + 1)]
        best = [max(best[t - j] + bound[j] for j in range(t + 1)) for t in range(runs + 1)]
    return need + runs * size - best[runs] > jokers


def hand_disjoint_runs_short(hand: Sequence[Card], limits: MeldLimits, sets: int, runs: int) -> bool:
    """:func:`disjoint_runs_short` of the cards *hand*, read from the cards (no 53 counts).

    The tally of :func:`hand_tally`, and per suit how many of its cards are held at
    least 1, 2 … *runs* times (their sum up to *j* is the copies held of each card up to *j*).
    """
    if limits.twos or runs < 2:
        return False
    tally = hand_tally(hand, limits.wild)  # the joker, or none: a wild ♠2 is answered above
    return tally_disjoint_runs_short(hand, tally, tally_sets_need(tally, limits, sets), limits, runs)


def tally_disjoint_runs_short(
    hand: Sequence[Card], tally: Tally, need: int, limits: MeldLimits, runs: int
) -> bool:
    """:func:`hand_disjoint_runs_short` from the hand's tally and its sets' *need* (two runs or more, no wild ♠2s)."""
    cells = [0] * JOKER_CODE
    levels = [[0] * (runs + 1) for _ in range(4)]
    for card in hand:
        code = card.code
        if code < JOKER_CODE:
            held = cells[code] = cells[code] + 1
            if held <= runs:
                levels[code // 13][held] += 1
    size = limits.run_min
    table = _window_table(size, limits.lo_bound, limits.hi_bound, 1, False)
    best = [0] + [-_IMPOSSIBLE] * runs
    for mask, level in zip(tally[1], levels):
        one = table[mask]
        if one == _UNKNOWN:
            one = table[mask] = _window_most_bits(mask, size, limits.lo_bound, limits.hi_bound, 1, False)
        bound = [0] * (runs + 1)
        copies = 0
        for j in range(1, runs + 1):
            copies += level[j]
            bound[j] = min(j * one, copies)
        best = [max(best[t - j] + bound[j] for j in range(t + 1)) for t in range(runs + 1)]
    return need + runs * size - best[runs] > tally[2]


def sets_need(totals: Sequence[int], limits: MeldLimits, sets: int) -> int:
    """The least wild cards *sets* sets take, given the natural cards of each rank *totals* (as in :func:`jokers_needed`)."""
    set_min = limits.set_min
    least = (set_min + 1) // 2 if limits.at_most else 1
    costs = _set_costs(set_min, least, sets)
    marginal: list[int] = []
    for n in totals:
        if n >= least:
            marginal.extend(costs[n] if n < len(costs) else _rank_costs(n, set_min, least, sets))
    if len(marginal) < sets:
        return _IMPOSSIBLE
    marginal.sort()
    return sum(marginal[:sets])


@memoize("solver.set-costs", maxsize=64)
def _set_costs(set_min: int, least: int, sets: int) -> tuple[tuple[int, ...], ...]:
    """:func:`_rank_costs` of 0 to 15 natural cards of one rank (more are worked out when asked)."""
    return tuple(_rank_costs(n, set_min, least, sets) for n in range(16))


def _rank_costs(n: int, set_min: int, least: int, sets: int) -> tuple[int, ...]:
    """The wild cards each further set of one rank takes from its *n* natural cards (none below *least* of them).

    k sets of the rank: the k-th takes ``k * set_min - n`` wild cards, none below 0, ``set_min`` at most.
    """
    if n < least:
        return ()
    return tuple(min(max(k * set_min - n, 0), set_min) for k in range(1, min(n // least, sets) + 1))


def runs_shrink(run_min: int, at_most: bool) -> bool:
    """Whether every legal run longer than *run_min* holds a legal run of *run_min* cards.

    Legal: a natural card, and with *at_most* no more wild cards than naturals. (A
    set always does: drop a wild card, or a natural when there is none.) The
    answers are those of :func:`runs_shrink_by_search` (a test keeps them equal),
    written out: the search takes 13 ms, once per process.
    """
    return not at_most or run_min in (2, 4) or run_min >= 12


def runs_shrink_by_search(run_min: int, at_most: bool) -> bool:
    """:func:`runs_shrink` by trying every pattern of wild cards in every longer run."""
    for length in range(run_min + 1, LONGEST_RUN + 1):
        for wild in range(1 << length):
            w = wild.bit_count()
            if w == length or (at_most and 2 * w > length):
                continue
            if not any(
                (wild >> start) & ((1 << run_min) - 1) != (1 << run_min) - 1
                and not (at_most and 2 * ((wild >> start) & ((1 << run_min) - 1)).bit_count() > run_min)
                for start in range(length - run_min + 1)
            ):
                return False
    return True


def one_run_per_suit(counts: Sequence[int], limits: MeldLimits, runs: int) -> bool | None:
    """Whether *runs* runs take every card when the hand holds exactly *runs* suits, else ``None``.

    Then each suit is one run: its naturals of distinct ranks, the wild cards
    filling its gaps and padding it to ``run_min`` (at most 13 cards, and no
    more wild cards than naturals when the rules say so). The wild cards of
    the hand must share out exactly among the suits.
    """
    suits = [
        [rank for rank in range(1, 14) if counts[suit * 13 + rank - 1]]
        for suit in range(4)
        if any(counts[suit * 13 : suit * 13 + 13])
    ]
    wild = limits.wild
    if len(suits) != runs or (wild == NO_WILD and counts[JOKER_CODE]) or wild not in (NO_WILD, JOKER_CODE):
        return None
    if any(n > 1 for n in counts[:52]):
        return False  # a suit with a repeated card needs two runs
    wilds = counts[JOKER_CODE] if wild == JOKER_CODE else 0
    totals = {0}
    for ranks in suits:
        reach = _wild_cards_one_run_takes(ranks, limits)
        totals = {t + w for t in totals for w in reach if t + w <= wilds}
        if not totals:
            return False
    return wilds in totals


def _wild_cards_one_run_takes(ranks: list[int], limits: MeldLimits) -> set[int]:
    """How many wild cards one run of the naturals *ranks* (distinct, ascending) can take: gaps and padding."""
    placings = []
    if ranks[0] != 1 or limits.lo_bound == 1:
        placings.append(ranks)
    if ranks[0] == 1 and limits.hi_bound == 14:
        placings.append(ranks[1:] + [14])
    reach: set[int] = set()
    for placed in placings:
        k = len(placed)
        span = placed[-1] - placed[0] + 1
        low = max(span - k, limits.run_min - k, 0)
        high = min(LONGEST_RUN - k, k if limits.at_most else LONGEST_RUN)
        if span <= LONGEST_RUN:
            reach.update(range(low, high + 1))
    return reach
