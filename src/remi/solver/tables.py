"""Least deadwood of hands without wild or repeated cards by per-suit run tables (every Gin hand).

When a set holds at least three cards of one rank (so a rank gives one set at most), runs
hold ``run_min`` ranks in a row or more and the ace plays low or not at all (never high),
the cards of one suit left out of sets are melded exactly where ``run_min`` of them
stand in a row: a suit's least deadwood in runs alone is a lookup by its 13-bit mask.
The least deadwood of a hand is then the least, over the few set choices its ranks
allow, of four lookups; after the best discard, the same with a second table (the
least change one card's discard makes to a suit). The tables are built on first use,
one per suit's card values (8,192 entries each, some 15 ms in all), and kept in the
``solver.run-tables`` cache; the answers are not kept (a hand costs a few µs).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Final

from .._cache import CacheInfo, _register, memoize
from ..cards import CARDS, Card
from ..rulesets import Ruleset
from .limits import NO_WILD, RulesetLimits, limits_of

__all__: list[str] = []

_SUIT: Final = (1 << 13) - 1
_MASKS: Final = 1 << 13
#: Above any deadwood: the change a discard makes to an empty suit.
_NONE: Final = 1 << 30
_NO_CARDS: Final[frozenset[Card]] = frozenset()
#: The most ranks holding a set that the tables search choice by choice (each rank gives up to
#: six choices; no Gin hand has more than three such ranks). Past it a search answers.
_MOST_SET_RANKS: Final = 4
#: A rank's bit in each suit (times the rank's bit in the first).
_COLUMN: Final = 1 | 1 << 13 | 1 << 26 | 1 << 39
#: A hand kernel: the least deadwood of a hand's cards, or -1 when the tables cannot answer it.
HandKernel = Callable[[Sequence[object]], int]


@memoize("solver.run-tables", maxsize=16)
def _suit_tables(
    values: tuple[int, ...], run_min: int, ace_runs: bool
) -> tuple[list[int], list[int], list[int], list[int]]:
    """For every 13-bit suit mask: its least deadwood in runs alone, the least change a discard makes to it,
    the value of its cards and the largest value of a card of it."""
    loose = [0] * _MASKS
    top = [0] * _MASKS
    for m in range(1, _MASKS):
        low = m & -m
        value = values[low.bit_length() - 1]
        rest = m ^ low
        loose[m] = loose[rest] + value
        high = top[rest]
        top[m] = value if value > high else high
    covers = _covers(run_min, ace_runs)
    runs = [loose[m & ~cover] for m, cover in enumerate(covers)]
    drop = [_NONE] * _MASKS
    for m in range(1, _MASKS):
        # A card in no run leaves the runs as they are, so the best such discard is the
        # highest of them; a card in a run may break it, so those are tried one by one.
        cover = covers[m]
        here = runs[m]
        free = m & ~cover
        best = here - top[free] if free else _NONE
        while cover:
            bit = cover & -cover
            cover ^= bit
            left = runs[m ^ bit]
            if left < best:
                best = left
        drop[m] = best - here
    return runs, drop, loose, top


class RunTables:
    """One ruleset's run tables and set sizes: the least deadwood of a hand mask, with or without a discard."""

    __slots__ = (
        "covers",
        "drops",
        "hand_after_discard",
        "hand_deadwood",
        "options",
        "runs",
        "set_min",
        "tops",
        "totals",
    )

    def __init__(self, entry: RulesetLimits) -> None:
        limits = entry.limits
        self.set_min = limits.set_min
        tables = [
            _suit_tables(entry.values[13 * s : 13 * s + 13], limits.run_min, limits.lo_bound == 1)
            for s in range(4)
        ]
        self.runs = [t[0] for t in tables]
        self.drops = [t[1] for t in tables]
        self.totals = [t[2] for t in tables]
        self.tops = [t[3] for t in tables]
        self.covers = _covers(limits.run_min, limits.lo_bound == 1)
        self.options = _set_options(limits.set_min, min(limits.set_max or 4, 4))
        #: The least deadwood of cards when they are cards without a joker or a card twice, else -1.
        self.hand_deadwood: HandKernel = _deadwood_kernel(self)
        #: The least deadwood of cards less the best discard, on the same terms (-1 otherwise).
        self.hand_after_discard: HandKernel = _after_discard_kernel(self)

    def _options(self, mask: int, prune: bool) -> list[int] | None:
        """The masks of cards in sets, one per set choice; with *prune*, only those that may be best.

        ``None`` when sets stand at more than :data:`_MOST_SET_RANKS` ranks: their choices
        multiply (a 50-card hand has millions), and the callers answer by a search instead.

        A card no run of the hand can take (outside :func:`_covers`) is best in its
        rank's set when that set may hold it: a choice without it is dropped then.
        Not so after a discard (the discard may be that card), so the searches
        after a discard ask every choice.
        """
        a, b, c, d = mask & _SUIT, mask >> 13 & _SUIT, mask >> 26 & _SUIT, mask >> 39
        if self.set_min == 3:
            ranks = (a & b & c) | (a & b & d) | (a & c & d) | (b & c & d)
        elif self.set_min == 4:
            ranks = a & b & c & d
        else:
            return [0]
        if not ranks:
            return [0]
        if ranks.bit_count() > _MOST_SET_RANKS:
            return None
        cov = self.covers
        free = mask & ~(cov[a] | cov[b] << 13 | cov[c] << 26 | cov[d] << 39) if prune else 0
        options = self.options
        chosen = [0]
        while ranks:
            bit = ranks & -ranks
            ranks ^= bit
            rank = bit.bit_length() - 1
            opts = options[(mask >> rank & _COLUMN) | (free >> rank & _COLUMN) << 1]
            chosen = [t | o << rank for t in chosen for o in opts]
        return chosen

    @staticmethod
    def hand_mask(cards: Sequence[object]) -> int:
        """*cards* as a 52-bit mask when they are cards without a joker or a card twice, else -1."""
        mask = 0
        try:
            for card in cards:
                mask |= card._bit  # type: ignore[attr-defined]
        except AttributeError:  # card text
            return -1
        # the joker's bit is 0, and a card twice sets one bit: either way fewer bits than cards
        return mask if mask.bit_count() == len(cards) else -1

    def deadwood(self, mask: int) -> int:
        """The least deadwood of the hand *mask* (no wild card, no card twice); -1 past :data:`_MOST_SET_RANKS`."""
        ra, rb, rc, rd = self.runs
        a, b, c, d = mask & _SUIT, mask >> 13 & _SUIT, mask >> 26 & _SUIT, mask >> 39
        if self.set_min == 3:
            ranks = (a & b & c) | (a & b & d) | (a & c & d) | (b & c & d)
        elif self.set_min == 4:
            ranks = a & b & c & d
        else:
            ranks = 0
        if not ranks:  # no set: the lookups alone
            return ra[a] + rb[b] + rc[c] + rd[d]
        if ranks & (ranks - 1):  # sets of two ranks or more: every choice that may be best
            options = self._options(mask, True)
            if options is None:
                return -1
            chosen = options
        else:  # one rank (most hands with a set): its choices, shifted to it
            cov = self.covers
            free = mask & ~(cov[a] | cov[b] << 13 | cov[c] << 26 | cov[d] << 39)
            rank = ranks.bit_length() - 1
            key = (mask >> rank & _COLUMN) | (free >> rank & _COLUMN) << 1
            chosen = [o << rank for o in self.options[key]]
        best = _NONE
        for taken in chosen:
            x = mask & ~taken
            value = ra[x & _SUIT] + rb[x >> 13 & _SUIT] + rc[x >> 26 & _SUIT] + rd[x >> 39]
            if value < best:
                best = value
        return best

    def after_discard(self, mask: int) -> int:
        """The least deadwood of the hand *mask* less one card, the best discard (a hand of one card or more).

        -1 past :data:`_MOST_SET_RANKS`.
        """
        ra, rb, rc, rd = self.runs
        da, db, dc, dd = self.drops
        if self.set_min == 3:
            a, b, c, d = mask & _SUIT, mask >> 13 & _SUIT, mask >> 26 & _SUIT, mask >> 39
            if not (a & b & c) | (a & b & d) | (a & c & d) | (b & c & d):  # no set: the lookups alone
                return ra[a] + rb[b] + rc[c] + rd[d] + min(da[a], db[b], dc[c], dd[d])
        options = self._options(mask, False)
        if options is None:
            return -1
        best = _NONE
        for taken in options:
            x = mask & ~taken
            a, b, c, d = x & _SUIT, x >> 13 & _SUIT, x >> 26 & _SUIT, x >> 39
            least = da[a]  # the least of four by comparisons: min()'s call costs twice as much
            if db[b] < least:
                least = db[b]
            if dc[c] < least:
                least = dc[c]
            if dd[d] < least:
                least = dd[d]
            value = ra[a] + rb[b] + rc[c] + rd[d] + least
            if value < best:
                best = value
        return best

    def knock_cards(self, mask: int, limit: int) -> frozenset[Card] | None:
        """The cards of the hand *mask* whose discard leaves at most *limit* deadwood; None past :data:`_MOST_SET_RANKS`."""
        a, b, c, d = mask & _SUIT, mask >> 13 & _SUIT, mask >> 26 & _SUIT, mask >> 39
        # Cards no run and no set can take stay deadwood, bar the one discarded: most hands end here.
        cov = self.covers
        ranks = (a & b & c) | (a & b & d) | (a & c & d) | (b & c & d) if self.set_min <= 4 else 0
        loose = mask & ~(cov[a] | cov[b] << 13 | cov[c] << 26 | cov[d] << 39 | ranks * _COLUMN)
        la, lb, lc, ld = loose & _SUIT, loose >> 13 & _SUIT, loose >> 26 & _SUIT, loose >> 39
        ta, tb, tc, td = self.totals
        pa, pb, pc, pd = self.tops
        if ta[la] + tb[lb] + tc[lc] + td[ld] - max(pa[la], pb[lb], pc[lc], pd[ld]) > limit:
            return _NO_CARDS
        options = self._options(mask, False)
        if options is None:
            return None
        runs, drops = self.runs, self.drops
        found = 0
        for taken in options:
            x = mask & ~taken
            suits = [x & _SUIT, x >> 13 & _SUIT, x >> 26 & _SUIT, x >> 39]
            base = runs[0][suits[0]] + runs[1][suits[1]] + runs[2][suits[2]] + runs[3][suits[3]]
            if (
                base + min(drops[0][suits[0]], drops[1][suits[1]], drops[2][suits[2]], drops[3][suits[3]])
                > limit
            ):
                continue
            found |= _knocking(suits, base, runs, limit)
        return frozenset(CARDS[code] for code in _codes(found))


def _deadwood_kernel(tables: RunTables) -> HandKernel:
    """:attr:`RunTables.hand_deadwood`: the least deadwood of a hand's cards (-1 when the tables cannot answer it).

    A Gin hand costs about a microsecond, so a method's attribute reads, or a call to a
    shared helper, are a tenth of it: the closure reads the tables from its scope and
    builds the hand's mask itself (as :func:`_after_discard_kernel` and
    :meth:`RunTables.hand_mask` do). A hand with no set, or with sets at one rank only
    (most hands with a set), is answered here; sets at two ranks or more go to the
    tables' methods.
    """
    ra, rb, rc, rd = tables.runs
    cov = tables.covers
    options = tables.options
    sets_of_three = tables.set_min == 3
    by_mask = tables.deadwood

    def kernel(cards: Sequence[object]) -> int:
        mask = 0
        try:
            for card in cards:
                mask |= card._bit  # type: ignore[attr-defined]
        except AttributeError:  # card text
            return -1
        if mask.bit_count() != len(cards):  # the joker's bit is 0, a card twice sets one bit
            return -1
        if not sets_of_three:
            return by_mask(mask)
        a = mask & 8191  # one by one: four names at once build a tuple
        b = mask >> 13 & 8191
        c = mask >> 26 & 8191
        d = mask >> 39
        ranks = a & b & (c | d) | c & d & (a | b)  # the ranks held in three suits or four
        if not ranks:  # no set: the lookups alone
            return ra[a] + rb[b] + rc[c] + rd[d]
        if ranks & (ranks - 1):  # sets at two ranks or more
            return by_mask(mask)
        rank = ranks.bit_length() - 1
        free = mask & ~(cov[a] | cov[b] << 13 | cov[c] << 26 | cov[d] << 39)  # best in the set
        best = _NONE
        for taken in options[(mask >> rank & _COLUMN) | (free >> rank & _COLUMN) << 1]:
            x = mask & ~(taken << rank)
            value = ra[x & 8191] + rb[x >> 13 & 8191] + rc[x >> 26 & 8191] + rd[x >> 39]
            if value < best:
                best = value
        return best

    return kernel


def _after_discard_kernel(tables: RunTables) -> HandKernel:
    """:attr:`RunTables.hand_after_discard`: :func:`_deadwood_kernel`'s answer less the best discard (-1 likewise).

    Each answer adds the least change one discard makes to a suit, the least
    of four found by comparisons (``min()``'s call costs twice as much). A hand
    with no set (two in three random hands) is answered before the loop over set
    choices, its lines written out again: the loop's set-up is a tenth of the answer.
    """
    ra, rb, rc, rd = tables.runs
    da, db, dc, dd = tables.drops
    options = tables.options
    sets_of_three = tables.set_min == 3
    by_mask = tables.after_discard

    def kernel(cards: Sequence[object]) -> int:
        mask = 0
        try:
            for card in cards:
                mask |= card._bit  # type: ignore[attr-defined]
        except AttributeError:  # card text
            return -1
        if mask.bit_count() != len(cards) or not mask:  # a joker or a card twice; no card
            return -1
        if not sets_of_three:
            return by_mask(mask)
        a = mask & 8191
        b = mask >> 13 & 8191
        c = mask >> 26 & 8191
        d = mask >> 39
        ranks = a & b & (c | d) | c & d & (a | b)  # the ranks held in three suits or four
        if not ranks:  # no set (most hands): the lookups and the least drop alone
            least = da[a]
            if db[b] < least:
                least = db[b]
            if dc[c] < least:
                least = dc[c]
            if dd[d] < least:
                least = dd[d]
            return ra[a] + rb[b] + rc[c] + rd[d] + least
        if ranks & (ranks - 1):  # sets at two ranks or more
            return by_mask(mask)
        rank = ranks.bit_length() - 1
        chosen = options[mask >> rank & _COLUMN]
        best = _NONE
        for taken in chosen:  # the suits left to runs: w, x, y, z
            left = mask & ~(taken << rank)
            w = left & 8191
            x = left >> 13 & 8191
            y = left >> 26 & 8191
            z = left >> 39
            least = da[w]
            if db[x] < least:
                least = db[x]
            if dc[y] < least:
                least = dc[y]
            if dd[z] < least:
                least = dd[z]
            value = ra[w] + rb[x] + rc[y] + rd[z] + least
            if value < best:
                best = value
        return best

    return kernel


@memoize("solver.set-options", maxsize=16)
def _set_options(set_min: int, set_max: int) -> dict[int, tuple[int, ...]]:
    """The set choices of one rank, keyed by the suits holding it and, a place up, those of its cards no run takes.

    Suits are spread as in a hand mask (suit s at bit 13 s); each choice is the suits
    its set takes, 0 for no set. A choice that leaves out a card no run takes is
    dropped when the set may take that card too (that set leaves less deadwood),
    and no set is dropped when those cards alone make a set.
    """
    spread = [sum(1 << (13 * s) for s in range(4) if p >> s & 1) for p in range(16)]
    out: dict[int, tuple[int, ...]] = {}
    for held in range(16):
        subsets = [p for p in range(1, 16) if p & held == p and set_min <= p.bit_count() <= set_max]
        for free in range(16):
            if free & held != free:
                continue
            kept = [p for p in subsets if p & free == free or (p | free).bit_count() > set_max]
            if not set_min <= free.bit_count() <= set_max:
                kept.append(0)
            out[spread[held] | spread[free] << 1] = tuple(spread[p] for p in kept)
    return out


def _knocking(suits: Sequence[int], base: int, runs: Sequence[list[int]], limit: int) -> int:
    """The cards (a 52-bit mask) of the suit masks *suits* whose discard leaves at most *limit*."""
    found = 0
    for s, m in enumerate(suits):
        table, rest = runs[s], m
        while rest:
            bit = rest & -rest
            rest ^= bit
            if base - table[m] + table[m ^ bit] <= limit:
                found |= bit << (13 * s)
    return found


def _run_cover(m: int, run_min: int, ace_runs: bool) -> int:
    """The cards of the suit mask *m* that lie in a stretch of *run_min* or more ranks in a row."""
    line = m if ace_runs else m & ~1
    starts = line
    for k in range(1, run_min):
        starts &= line >> k
    covered = starts
    for k in range(1, run_min):
        covered |= starts << k
    return covered


@memoize("solver.run-covers", maxsize=16)
def _covers(run_min: int, ace_runs: bool) -> list[int]:
    """For every 13-bit suit mask, the cards of it that some run may take."""
    # The cover of a mask is its lowest block of ranks in a row when that block is long
    # enough, with the cover of the rest: each mask from a smaller one (as _run_cover says).
    out = [0] * _MASKS
    for m in range(1, _MASKS):
        block = m & ~(m + (m & -m))  # the lowest block of set bits
        out[m] = out[m ^ block] | (block if block.bit_count() >= run_min else 0)
    if not ace_runs:  # the ace (bit 0) is in no run
        out = [out[m & ~1] for m in range(_MASKS)]
    return out


def _codes(mask: int) -> list[int]:
    out = []
    while mask:
        bit = mask & -mask
        mask ^= bit
        out.append(bit.bit_length() - 1)
    return out


@memoize("solver.run-kernel", maxsize=64)
def run_tables(entry: RulesetLimits) -> RunTables | None:
    """*entry*'s run tables when its rules allow them (no wild card, sets of three or more, no high ace), else None."""
    limits = entry.limits
    if limits.wild != NO_WILD or limits.set_min < 3 or limits.hi_bound != 13 or limits.run_min < 1:
        return None
    return RunTables(entry)


def _no_kernel(cards: Sequence[object]) -> int:
    """The hand kernel of rules without run tables: every hand goes to the general search."""
    return -1


class _LastKernel:
    """The run tables of the ruleset asked last, found by identity: a registered cache of one entry.

    A lookup by the ruleset's value costs more than a Gin hand's four table lookups;
    the ruleset is held, so its identity cannot be another's. :attr:`last` holds
    the ruleset, its tables (or None) and their two hand kernels (:func:`_no_kernel`
    without tables), so a caller reads them without a call:
    ``last = LAST.last; if ruleset is not last[0]: last = LAST.load(ruleset)``.
    """

    __slots__ = ("last", "name")

    _EMPTY: Final = (None, None, _no_kernel, _no_kernel)

    def __init__(self) -> None:
        self.name = "solver.run-kernel-last"
        self.last: tuple[object, RunTables | None, HandKernel, HandKernel] = self._EMPTY
        _register(self)

    def clear(self) -> None:
        self.last = self._EMPTY

    def info(self) -> CacheInfo:
        return CacheInfo(self.name, 0 if self.last[0] is None else 1, 1)

    def load(self, ruleset: Ruleset) -> tuple[object, RunTables | None, HandKernel, HandKernel]:
        """Make *ruleset* the last one asked and return :attr:`last` (a NotationError, ``not-a-ruleset``, for anything else)."""
        tables = run_tables(limits_of(ruleset))
        if tables is None:
            self.last = (ruleset, None, _no_kernel, _no_kernel)
        else:
            self.last = (ruleset, tables, tables.hand_deadwood, tables.hand_after_discard)
        return self.last

    def of(self, ruleset: Ruleset) -> RunTables | None:
        """*ruleset*'s run tables, or None (a NotationError, ``not-a-ruleset``, for anything else)."""
        last = self.last
        if last[0] is ruleset:
            return last[1]
        return self.load(ruleset)[1]


#: The one-entry cache of the last ruleset's run tables and hand kernels.
LAST: Final = _LastKernel()
#: :meth:`_LastKernel.of`: the run tables of a ruleset, or None when its rules need the general search.
kernel_of: Final = LAST.of
