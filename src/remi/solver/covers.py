"""Do melds take every card of a last-round hand? A search without a pool (no ♠2 wild).

The lowest natural card left must be the lowest natural of some meld, so only
the melds it starts are built, as they are needed.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import combinations, product

from .._cache import memoize
from ..cards import JOKER_CODE
from .bounds import cannot_cover, jokers_short
from .limits import ANSWERS_KEPT, MeldLimits

__all__: list[str] = []


@memoize("solver.covers", maxsize=ANSWERS_KEPT)
def cover_lazily(counts: tuple[int, ...], limits: MeldLimits, sets: int, runs: int) -> bool:
    """Whether *sets* sets and *runs* runs take every card of *counts* (no ♠2 wild): a search without a pool.

    The lowest natural card left must be the lowest natural of one of the
    melds, so only the melds it starts are tried, built as they are needed:
    a hand that bought many cards of one suit has tens of thousands of
    candidate runs, and listing them all costs far more than finding a
    cover. Answers are kept by the cards left (bounded).
    """
    n = sum(counts)
    if (
        n < sets * limits.set_min + runs * limits.run_min
        or n > sets * (limits.set_max or 104) + runs * 13
        or cannot_cover(counts, limits, sets, runs)
        or jokers_short(counts, limits, sets, runs, False)
    ):
        found = False
    else:
        found = _cover_search(list(counts), limits, sets, runs)
    return found


def _cover_search(counts: list[int], limits: MeldLimits, sets: int, runs: int) -> bool:
    if sets:
        first = next((code for code in range(52) if counts[code]), -1)
    else:
        # Runs only: each run keeps to one suit, so the lowest natural of any suit starts one;
        # the suit with the fewest natural cards left has the fewest runs to try.
        first, fewest = -1, 53
        for base in range(0, 52, 13):
            held = counts[base : base + 13]
            n = sum(held)
            if 0 < n < fewest:
                fewest = n
                first = base + next(i for i, k in enumerate(held) if k)
    jokers = counts[JOKER_CODE] if limits.wild == JOKER_CODE else 0
    if first < 0:
        return sets == 0 and runs == 0 and jokers == 0
    if sets == 0 and runs == 0:
        return False
    counts[first] -= 1
    try:
        for meld in _melds_from(counts, limits, first, jokers, sets > 0, runs > 0):
            is_set = meld[0]
            for code in meld[1]:
                counts[code] -= 1
            counts[JOKER_CODE] -= meld[2]
            rest = tuple(counts)
            for code in meld[1]:
                counts[code] += 1
            counts[JOKER_CODE] += meld[2]
            if cover_lazily(rest, limits, sets - is_set, runs - (1 - is_set)):
                return True
        return False
    finally:
        counts[first] += 1


def _melds_from(
    counts: Sequence[int], limits: MeldLimits, first: int, jokers: int, sets: bool, runs: bool
) -> Iterator[tuple[int, tuple[int, ...], int]]:
    """The melds whose lowest natural card is *first* (already taken from *counts*): (is a set, other naturals, wild cards).

    Every natural card of its suit below *first* is gone (and, when sets are
    asked for, every natural card below it), so a set's other naturals are of
    later suits and a run's of higher ranks (or below an ace played high).
    """
    if sets:
        yield from _sets_from(counts, limits, first, jokers)
    if runs:
        yield from _runs_from(counts, limits, first, jokers)


def _sets_from(
    counts: Sequence[int], limits: MeldLimits, first: int, jokers: int
) -> Iterator[tuple[int, tuple[int, ...], int]]:
    """The sets of :func:`_melds_from`: *first*'s rank, naturals of later suits and wild cards."""
    rank, suit = first % 13 + 1, first // 13
    at_most = limits.at_most
    most = limits.set_max or 52
    later = [rank - 1 + 13 * s for s in range(suit, 4)]
    choices = [range(min(counts[c], 1 if limits.distinct else counts[c]) + 1) for c in later]
    if limits.distinct:
        choices[0] = range(1)  # first is this suit's card already
    for picks in product(*choices):
        naturals = 1 + sum(picks)
        for wild in range(jokers + 1):
            size = naturals + wild
            if size < limits.set_min or size > most or (at_most and wild > naturals):
                continue
            others = tuple(c for c, k in zip(later, picks) for _ in range(k))
            yield (1, others, wild)


def _runs_from(
    counts: Sequence[int], limits: MeldLimits, first: int, jokers: int
) -> Iterator[tuple[int, tuple[int, ...], int]]:
    """The runs of :func:`_melds_from`: *first*'s suit, every window holding *first*'s place."""
    rank, suit = first % 13 + 1, first // 13
    scales = [rank]
    if rank == 1:
        scales = [r for r in (1, 14) if limits.lo_bound <= r <= limits.hi_bound]
    base = suit * 13
    code_at = [base + (0 if p in (1, 14) else p - 1) for p in range(15)]
    # The places (ranks 1-14) with a natural card left; an ace already standing in the run
    # (first) cannot stand at its other end too.
    has = [p > 0 and not (rank == 1 and p in (1, 14)) and counts[code_at[p]] > 0 for p in range(15)]
    run_min = limits.run_min
    for at in scales:
        for lo in range(max(limits.lo_bound, at - 12), at + 1):
            below = [p for p in range(lo, at) if has[p]]
            above: list[int] = []
            for hi in range(at, min(limits.hi_bound, lo + 12) + 1):
                if hi > at and has[hi]:
                    above.append(hi)
                length = hi - lo + 1
                if length >= run_min:
                    yield from _run_fillings(below + above, length, jokers, limits.at_most, code_at)


def _run_fillings(
    held: list[int], length: int, jokers: int, at_most: bool, code_at: Sequence[int]
) -> Iterator[tuple[int, tuple[int, ...], int]]:
    """The runs of *length* places holding *first*: which *held* places take naturals, the rest wild."""
    # Each place without a natural takes a wild card; a held place may take either.
    if length - 1 - len(held) > jokers:
        return
    for k in range(len(held), -1, -1):
        wild = length - 1 - k
        if wild > jokers:
            break
        if at_most and wild > k + 1:
            continue
        for chosen in combinations(held, k):
            yield (0, tuple(code_at[p] for p in chosen), wild)
