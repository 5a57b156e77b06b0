"""Which layouts lay a round's contract? Every layout, or the first few, and one to lay."""

from __future__ import annotations

from collections.abc import Iterable
from itertools import chain, combinations_with_replacement, product
from typing import Final

from .._cache import memoize
from ..cards import JOKER_CODE
from ..contracts import contract_for
from ..melds import Meld
from ..rulesets import Ruleset
from .bounds import hopeless
from .candidates import (
    BOTH,
    FitIndex,
    MeldKey,
    Pool,
    candidate_pool,
    kind_mask,
    meld_of_key,
    positions,
    uses_by_key,
)
from .completion import ContractSearch, Span, contract_search, touches
from .hands import checked_counts
from .limits import Hand, MeldLimits, layout_limit, limits_of, rest_after, whole_listing

__all__ = ["contract_layouts", "find_contract"]


class _FittingLayouts:
    """Every multiset of set groups then run groups that fits the hand (no recursive closure)."""

    def __init__(self, pool: Pool) -> None:
        self.guard = pool.guard
        self.groups = pool.groups
        self.set_groups = [i for i, g in enumerate(pool.groups) if g.kind == 0]
        self.run_groups = [i for i, g in enumerate(pool.groups) if g.kind == 1]
        self.out: list[tuple[int, ...]] = []
        self.chosen: list[int] = []

    def pick(self, options: list[int], start: int, rem: int, left: int, then: int) -> None:
        if left == 0:
            if then:
                self.pick(self.run_groups, 0, rem, then, 0)
            else:
                self.out.append(tuple(self.chosen))
            return
        guard, groups, chosen = self.guard, self.groups, self.chosen
        for at in range(start, len(options)):
            index = options[at]
            x = (rem | guard) - groups[index].use
            if x & guard != guard:
                continue
            chosen.append(index)
            self.pick(options, at, x ^ guard, left - 1, then)
            chosen.pop()


def _fitting_layouts(pool: Pool, sets: int, runs: int) -> list[tuple[int, ...]]:
    """Every multiset of *sets* set groups and *runs* run groups that fits the hand."""
    walk = _FittingLayouts(pool)
    if sets:
        walk.pick(walk.set_groups, 0, pool.total, sets, runs)
    else:
        walk.pick(walk.run_groups, 0, pool.total, runs, 0)
    return walk.out


class _CoveringLayouts:
    """Every multiset of set and run groups using the whole hand (no recursive closure)."""

    def __init__(self, pool: Pool, limits: MeldLimits) -> None:
        self.pool = pool
        self.limits = limits
        self.by_first: dict[int, list[int]] = {}
        self.by_use: dict[int, list[int]] = {}
        for index, group in enumerate(pool.groups):
            self.by_first.setdefault(group.first, []).append(index)
            self.by_use.setdefault(group.use, []).append(index)
        self.set_top = limits.set_max or pool.n_cards
        self.out: list[tuple[int, ...]] = []
        self.chosen: list[int] = []

    def cover(self, rem: int, count: int, s_left: int, r_left: int, last_first: int, last: int) -> None:
        pool, limits, chosen = self.pool, self.limits, self.chosen
        width, guard, groups = pool.width, pool.guard, pool.groups
        low = ((rem & -rem).bit_length() - 1) // width
        if low == JOKER_CODE:
            return  # only jokers left, and a meld needs a natural card
        if s_left + r_left == 1:
            for index in self.by_use.get(rem, ()):
                group = groups[index]
                if (group.kind == 0) != (s_left == 1):
                    continue
                if low == last_first and index < last:
                    continue
                self.out.append(tuple(chosen) + (index,))
            return
        for index in self.by_first.get(low, ()):
            if low == last_first and index < last:
                continue
            group = groups[index]
            rest = rest_after(group.kind, group.size, count, s_left, r_left, limits, self.set_top)
            if rest is None:
                continue
            s, r = rest
            left = count - group.size
            x = (rem | guard) - group.use
            if x & guard != guard:
                continue
            chosen.append(index)
            self.cover(x ^ guard, left, s, r, low, index)
            chosen.pop()


def _covering_layouts(pool: Pool, limits: MeldLimits, sets: int, runs: int) -> list[tuple[int, ...]]:
    """Every multiset of *sets* set groups and *runs* run groups using the whole hand."""
    walk = _CoveringLayouts(pool, limits)
    if pool.total:
        walk.cover(pool.total, pool.n_cards, sets, runs, -1, -1)
    return walk.out


def _expand(pool: Pool, group_layouts: list[tuple[int, ...]], apart: bool) -> tuple[tuple[Meld, ...], ...]:
    """Turn layouts of groups into layouts of melds: every choice of members, sorted."""
    groups, keys = pool.groups, pool.keys
    found: list[tuple[int, ...]] = []
    for layout in group_layouts:
        choices: list[list[tuple[int, ...]]] = []
        plain = True
        for index in sorted(set(layout)):
            members = groups[index].members
            times = layout.count(index)
            if len(members) > 1 or times > 1:
                plain = False
            choices.append(list(combinations_with_replacement(members, times)))
        if plain:
            options: Iterable[tuple[int, ...]] = [tuple(sorted(c[0][0] for c in choices))]
        else:
            options = (tuple(sorted(chain.from_iterable(combo))) for combo in product(*choices))
        for option in options:
            if apart and not _apart(option, keys):
                continue
            found.append(option)
    found.sort()
    return tuple(tuple(meld_of_key(keys[i]) for i in option) for option in found)


def _apart(option: tuple[int, ...], keys: tuple[MeldKey, ...]) -> bool:
    runs = [keys[i] for i in option if keys[i][0] == 1]
    for i, a in enumerate(runs):
        for b in runs[i + 1 :]:
            if a[1] == b[1] and (a[2] + a[3] == b[2] or b[2] + b[3] == a[2]):
                return False
    return True


def _all_layouts(
    counts: tuple[int, ...], limits: MeldLimits, sets: int, runs: int, exact: bool, final: bool, apart: bool
) -> tuple[tuple[Meld, ...], ...]:
    """Every layout, by groups of melds expanded to their members: the tests' oracle for :func:`_first_layouts`.

    Unbounded (its cost is its answer's length, millions of layouts on absurd hands), so
    :func:`contract_layouts` lists by :func:`_first_layouts` and this checks it.
    """
    if hopeless(counts, limits, sets, runs, final):
        return ()
    pool = candidate_pool(counts, limits, exact, BOTH)
    group_layouts = (
        _covering_layouts(pool, limits, sets, runs) if final else _fitting_layouts(pool, sets, runs)
    )
    return _expand(pool, group_layouts, apart)


def contract_layouts(
    hand: Hand, round: int, ruleset: Ruleset, *, limit: int | None = None
) -> tuple[tuple[Meld, ...], ...]:
    """Return every distinct way to lay round *round*'s contract from *hand*.

    *hand* is a multiset of cards (text or cards; order never matters);
    *round* is 1-based (``ruleset.contracts[round - 1]``; another number
    raises :class:`~remi.RulesetError`). Each layout is a tuple of melds in
    canonical order, sets first, then runs, each group ordered by
    :func:`meld_sort_key`. Each layout is listed once: identical cards are
    interchangeable and the same melds in another order are the same
    layout. The layouts come in a fixed order (by their melds' keys).

    - Sets are of exactly ``set_min`` and runs of exactly ``run_min``
      cards, unless ``ruleset.all_down_at_once`` (any legal sizes).
    - In the last round of a ``last_contract_goes_out`` game, only layouts
      that use every card of *hand* are listed, with melds of any legal size.
    - With ``same_suit_runs_apart``, two runs of one suit that would join
      into one (♣3-6 and ♣7-10) are not a layout.
    - Every joker placement and every choice between a natural card and a
      joker is its own layout. Each layout passes
      :func:`~remi.check_contract` (with ``hand=`` in the last round).

    An empty tuple means the contract cannot be laid. Results are cached
    by hand multiset and ruleset.

    *limit* (an int; none below 1) stops after that many layouts: the first *limit* of the full
    listing, found by a walk that only enters branches some layout
    completes, so its cost grows with *limit*, not with the layouts left
    out. Absurd hands have millions of layouts (13 spades and 9 jokers,
    round 3 with all down at once: about 1.9 million, some 7 µs each), so
    one call lists at most :data:`~remi.MAX_LAYOUTS` (5,000): a hand with
    more raises :class:`~remi.LimitError` (``too-many-layouts``) unless
    *limit* asks for its first part, and so does a *limit* above it.

    >>> import remi
    >>> layouts = contract_layouts("♠9 ♥9 ♦9 ♣9 ♥4 ♥4 JK ♣K ♦2 ♠3", 1, remi.NORWEGIAN)
    >>> len(layouts)
    4
    >>> [str(m) for m in layouts[0]]
    ['♥4 ♥4 JK=4', '♠9 ♥9 ♦9']
    >>> contract_layouts("♠2 ♠3 ♠4 ♠5 ♥8 ♥9", 3, remi.NORWEGIAN)
    ()
    """
    question = _layout_question(hand, round, ruleset)
    return whole_listing(_first_layouts(*question, layout_limit(limit)), limit)


def _layout_question(
    hand: Hand, round: int, ruleset: Ruleset
) -> tuple[tuple[int, ...], MeldLimits, int, int, bool, bool, bool]:
    """The arguments of :func:`_all_layouts`: counts, limits, sets, runs, exact, final, apart."""
    contract = contract_for(round, ruleset)
    final = ruleset.last_contract_goes_out and round == len(ruleset.contracts)
    return (
        checked_counts(hand, ruleset),
        limits_of(ruleset).limits,
        contract.sets,
        contract.runs,
        not (final or ruleset.all_down_at_once),
        final,
        ruleset.same_suit_runs_apart,
    )


def find_contract(hand: Hand, round: int, ruleset: Ruleset) -> tuple[Meld, ...] | None:
    """Return one way to lay round *round*'s contract from *hand* (the first layout), or ``None``.

    >>> import remi
    >>> [str(m) for m in find_contract("♣5 ♣6 ♣7 ♣8 ♥9 ♠9 JK ♦K", 2, remi.NORWEGIAN)]
    ['♠9 ♥9 JK=9', '♣5 ♣6 ♣7 ♣8']
    >>> find_contract("♣5 ♣6 ♣7 ♣8", 2, remi.NORWEGIAN) is None
    True
    """
    layouts = _first_layouts(*_layout_question(hand, round, ruleset), 1)
    return layouts[0] if layouts else None


class _FirstLayouts:
    """The layouts in :func:`_all_layouts`' order, each branch pruned by an existence search (no closure).

    The layouts are listed by their sorted tuples of pool indices, so a walk
    that tries, meld by meld, each index from the last one taken on, and goes
    down only where some completion of the rest exists, meets them in order.
    The existence search may use melds of lower index than the walk will
    take from there, so a branch can still come back empty, but the work
    grows with the layouts listed, not with those left unlisted.
    """

    def __init__(self, search: ContractSearch, final: bool, apart: bool, limit: int) -> None:
        self.search = search
        self.final = final
        self.apart = apart
        self.limit = limit
        pool = search.pool
        self.keys = pool.keys
        self.guard = pool.guard
        self.use_of = uses_by_key(pool)
        self.fits: FitIndex | None = None  # built once the walk has scanned a few times
        self.scans = 0
        self.first_run = next((i for i, key in enumerate(self.keys) if key[0] == 1), len(self.keys))
        self.out: list[tuple[int, ...]] = []
        self.chosen: list[int] = []
        self.exact: dict[int, list[int]] | None = None  # use -> key indices, for a final walk's last meld

    def possible(self, rem: int, left: int, sets: int, runs: int, spans: tuple[Span, ...]) -> bool:
        if self.final:
            return self.search.cover(rem, left, sets, runs, spans)
        return self.search.pick(rem, left, sets, runs, spans, 0)

    def _fitting(self, rem: int, low: int, high: int) -> Iterable[int]:
        """The indices from *low* to *high* (excluded) of the keys that fit in *rem*, in order.

        The first few walks scan them; past those a :class:`FitIndex` answers (it costs
        about as much to build as a few hundred scans, and a long listing asks far more).
        """
        if self.fits is None:
            if self.scans < _SCANS:
                self.scans += 1
                guard, use_of = self.guard, self.use_of
                return [i for i in range(low, high) if ((rem | guard) - use_of[i]) & guard == guard]
            self.fits = FitIndex(self.use_of, self.search.pool.width)
        return positions(self.fits.fitting(rem) >> low << low & ((1 << high) - 1))

    def _taking(self, rem: int, low: int, high: int) -> list[int]:
        """The indices from *low* to *high* (excluded) of the keys that take exactly *rem*, in order.

        A final walk's last meld takes every card left: a lookup, not a scan of every key that fits.
        """
        if self.exact is None:
            self.exact = {}
            for index, use in enumerate(self.use_of):
                self.exact.setdefault(use, []).append(index)
        return [i for i in self.exact.get(rem, ()) if low <= i < high]

    def walk(self, rem: int, left: int, sets: int, runs: int, spans: tuple[Span, ...], start: int) -> None:
        if not sets and not runs:
            self.out.append(tuple(self.chosen))
            return
        keys, use_of, chosen = self.keys, self.use_of, self.chosen
        # The keys that fit, from *start* on (sets: below the first run), in index order.
        low, high = (start, self.first_run) if sets else (max(start, self.first_run), len(keys))
        last = self.final and sets + runs == 1
        for index in self._taking(rem, low, high) if last else self._fitting(rem, low, high):
            key = keys[index]
            x = rem - use_of[index]
            more = spans
            if sets:
                s, r = sets - 1, runs
            else:
                s, r = 0, runs - 1
                if self.apart:
                    span = (key[1], key[2], key[2] + key[3] - 1)
                    if touches(span, spans):
                        continue
                    more = tuple(sorted((*spans, span)))
            if self.possible(x, left - key[3], s, r, more):
                chosen.append(index)
                self.walk(x, left - key[3], s, r, more, index if s or not sets else self.first_run)
                chosen.pop()
                if len(self.out) >= self.limit:
                    return


#: The walks of :class:`_FirstLayouts` that scan the keys before it builds their :class:`FitIndex`.
_SCANS: Final = 64


@memoize("solver.layouts", maxsize=64)
def _first_layouts(
    counts: tuple[int, ...],
    limits: MeldLimits,
    sets: int,
    runs: int,
    exact: bool,
    final: bool,
    apart: bool,
    limit: int,
) -> tuple[tuple[Meld, ...], ...]:
    """The first *limit* layouts :func:`_all_layouts` would list, found without listing the others."""
    if limit <= 0 or hopeless(counts, limits, sets, runs, final):
        return ()
    walk = _FirstLayouts(
        contract_search(counts, limits, exact, apart, kind_mask(sets, runs)), final, apart, limit
    )
    pool = walk.search.pool
    if walk.possible(pool.total, pool.n_cards, sets, runs, ()):
        walk.walk(pool.total, pool.n_cards, sets, runs, (), 0)
    keys = pool.keys
    return tuple(tuple(meld_of_key(keys[i]) for i in option) for option in walk.out)
