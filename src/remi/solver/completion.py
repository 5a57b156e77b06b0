"""Can a contract begun this turn still be completed from the cards held?

:func:`can_complete_contract` and the engine's per-meld question
:func:`contract_lay_test` (one test per candidate meld, sharing the work): before the
last round a pick of the melds still wanted from the cards held (keeping some back);
in the last round of a going-out game a cover that takes every card.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Final

from .._cache import memoize
from .._cards import Card
from .._contracts import contract_for
from .._melds import Meld, check_meld
from .._rules import Ruleset
from .bounds import cannot_cover, jokers_needed, jokers_short, one_run_per_suit, runs_shrink
from .candidates import BOTH, Pool, candidate_pool, kind_mask
from .covers import cover_lazily
from .hands import counts_of, packed_counts, refuse_pack
from .limits import JOKER_CODE, LONGEST_RUN, NO_WILD, MeldLimits, limits_of

__all__ = ["can_complete_contract", "contract_lay_test"]


Span = tuple[int, int, int]  # a run's suit, lowest and highest rank


@memoize("solver.laid-needs", maxsize=1024)
def laid_needs(
    laid: tuple[Meld, ...], round: int, ruleset: Ruleset
) -> tuple[int, int, tuple[Span, ...], tuple[int, ...]] | None:
    """Sets and runs still missing after *laid*, the laid runs and cards; ``None`` if *laid* cannot be part."""
    contract = contract_for(round, ruleset)
    final = ruleset.last_contract_goes_out and round == len(ruleset.contracts)
    exact = not (final or ruleset.all_down_at_once)
    sets = runs = 0
    spans: list[Span] = []
    codes: list[int] = []
    for given in laid:
        result = check_meld(given, ruleset)
        if not result.ok or result.meld is None:
            return None
        meld = result.meld
        codes.extend(card.code for card in meld.cards)
        if meld.kind == "set":
            sets += 1
            want = ruleset.set_min
        else:
            runs += 1
            want = ruleset.run_min
            spans.append((meld.suit, meld.low, meld.high))
        if exact and len(meld.cards) != want:
            return None
    if sets > contract.sets or runs > contract.runs:
        return None
    if ruleset.same_suit_runs_apart and not _spans_apart(spans):
        return None
    return contract.sets - sets, contract.runs - runs, tuple(sorted(spans)), tuple(codes)


def touches(span: Span, spans: Iterable[Span]) -> bool:
    suit, low, high = span
    return any(s == suit and (high + 1 == lo or hi + 1 == low) for s, lo, hi in spans)


def _spans_apart(spans: Sequence[Span]) -> bool:
    return not any(touches(span, spans[i + 1 :]) for i, span in enumerate(spans))


def _run_options(pool: Pool, apart: bool) -> list[tuple[int, Span]]:
    """Run groups as (group, span): one per group, or one per distinct span with *apart*."""
    out: list[tuple[int, Span]] = []
    for index, group in enumerate(pool.groups):
        if group.kind != 1:
            continue
        seen: set[Span] = set()
        for member in group.members if apart else group.members[:1]:
            _, suit, low, n, _, _ = pool.keys[member]
            span = (suit, low, low + n - 1)
            if span not in seen:
                seen.add(span)
                out.append((index, span))
    return out


_MEMO_LIMIT: Final = 1 << 15


class ContractSearch:
    """Existence searches for the rest of a contract, remembering the states that fail."""

    def __init__(self, pool: Pool, limits: MeldLimits, apart: bool) -> None:
        self.pool = pool
        self.limits = limits
        self.apart = apart
        self.sets = [(i, g.use, g.size) for i, g in enumerate(pool.groups) if g.kind == 0]
        self.runs = [
            (i, pool.groups[i].use, pool.groups[i].size, span) for i, span in _run_options(pool, apart)
        ]
        self.failed: set[tuple[object, ...]] = set()
        # The tables of cover, made on its first call (pick, which most questions ask, needs none).
        self.starting: dict[int, list[tuple[int, Span]]] = {}
        self.taking: dict[int, list[tuple[int, Span]]] = {}
        self.indexed = False

    def _index(self) -> None:
        """For cover: the options by the lowest natural card they take, and by the exact cards they take."""
        groups = self.pool.groups
        for index, _, _ in self.sets:
            self.starting.setdefault(groups[index].first, []).append((index, (-1, 0, 0)))
        for index, _, _, span in self.runs:
            self.starting.setdefault(groups[index].first, []).append((index, span))
        for options in self.starting.values():
            options.sort()
        for options in self.starting.values():
            for index, span in options:
                self.taking.setdefault(groups[index].use, []).append((index, span))
        self.indexed = True

    def pick(self, rem: int, left: int, sets: int, runs: int, spans: tuple[Span, ...], at: int) -> bool:
        """Whether *sets* sets then *runs* runs (options from *at* on) fit in *rem*, *left* cards spare."""
        if not sets and not runs:
            return True
        state = (rem, left, sets, runs, spans, at)
        if state in self.failed:
            return False
        guard = self.pool.guard
        limits = self.limits
        if sets:
            for k in range(at, len(self.sets)):
                _, use, size = self.sets[k]
                spare = left - size
                if spare < (sets - 1) * limits.set_min + runs * limits.run_min:
                    continue
                x = (rem | guard) - use
                if x & guard != guard:
                    continue
                if self.pick(x ^ guard, spare, sets - 1, runs, spans, k if sets > 1 else 0):
                    return True
        else:
            for k in range(at, len(self.runs)):
                _, use, size, span = self.runs[k]
                spare = left - size
                if spare < (runs - 1) * limits.run_min:
                    continue
                if self.apart and touches(span, spans):
                    continue
                x = (rem | guard) - use
                if x & guard != guard:
                    continue
                more = tuple(sorted(spans + (span,))) if self.apart else spans
                if self.pick(x ^ guard, spare, 0, runs - 1, more, k):
                    return True
        if len(self.failed) > _MEMO_LIMIT:
            self.failed.clear()
        self.failed.add(state)
        return False

    def cover(self, rem: int, count: int, sets: int, runs: int, spans: tuple[Span, ...]) -> bool:
        """Whether *sets* sets and *runs* runs take exactly the *count* cards of *rem*."""
        if not self.indexed:
            self._index()
        if not rem:
            return not sets and not runs
        if not sets and not runs:
            return False
        if sets + runs == 1:
            # The last meld takes exactly the cards left: look it up rather than search.
            for index, span in self.taking.get(rem, ()):
                kind = self.pool.groups[index].kind
                if kind == 0 and sets:
                    return True
                if kind == 1 and runs and not (self.apart and touches(span, spans)):
                    return True
            return False
        state = (rem, sets, runs, spans)
        if state in self.failed:
            return False
        pool, limits = self.pool, self.limits
        width, guard = pool.width, pool.guard
        low = ((rem & -rem).bit_length() - 1) // width
        if low == JOKER_CODE:
            return False  # only wild cards left, and a meld needs a natural card
        set_top = limits.set_max or pool.n_cards
        for index, span in self.starting.get(low, ()):
            group = pool.groups[index]
            if group.kind == 0:
                if not sets:
                    continue
                s, r = sets - 1, runs
            else:
                if not runs or (self.apart and touches(span, spans)):
                    continue
                s, r = sets, runs - 1
            left = count - group.size
            if left < s * limits.set_min + r * limits.run_min or left > s * set_top + r * LONGEST_RUN:
                continue
            x = (rem | guard) - group.use
            if x & guard != guard:
                continue
            more = tuple(sorted(spans + (span,))) if self.apart and group.kind == 1 else spans
            if self.cover(x ^ guard, left, s, r, more):
                return True
        if len(self.failed) > _MEMO_LIMIT:
            self.failed.clear()
        self.failed.add(state)
        return False


@memoize("solver.contract-search", maxsize=32)
def contract_search(
    counts: tuple[int, ...], limits: MeldLimits, exact: bool, apart: bool, kinds: int = BOTH
) -> ContractSearch:
    """One pool and one memo for a whole hand (the cards held plus those laid this turn)."""
    return ContractSearch(candidate_pool(counts, limits, exact, kinds), limits, apart)


def _complete(
    whole: tuple[int, ...],
    counts: tuple[int, ...],
    limits: MeldLimits,
    needs: tuple[int, int, tuple[Span, ...]],
    exact: bool,
    final: bool,
    apart: bool,
    keep: int,
    packed: int = -1,
    kinds: int = BOTH,
) -> bool:
    """Whether *needs* can be met from *counts* beside the melds laid (see :func:`can_complete_contract`).

    *packed*, when not -1, is *counts* already packed at the width of
    *whole*'s pool (the per-meld questions of :func:`contract_lay_test`
    find it by subtraction). *kinds*: the melds the pool needs to hold (the
    contract's kinds, so that every question about one hand shares it).
    """
    sets, runs, spans = needs
    n = sum(counts)
    if final:
        if keep > 0:
            return False
        if not sets and not runs:
            return n == 0
        if n < sets * limits.set_min + runs * limits.run_min or cannot_cover(counts, limits, sets, runs):
            return False
        if not sets and not limits.twos and not (apart and spans):
            verdict = one_run_per_suit(counts, limits, runs)
            if verdict is not None:
                return verdict
    elif n - keep < sets * limits.set_min + runs * limits.run_min:
        return False
    elif not sets and not runs:
        return True
    if final and _lazy_final(limits, apart, keep):
        return cover_lazily(counts, limits, sets, runs)  # it bounds the jokers at every node
    if jokers_short(counts, limits, sets, runs, exact):
        return False
    # Melds of the whole hand that fit in the cards held are exactly the melds of those cards.
    search = contract_search(whole, limits, exact or not final, apart, kinds)
    rem = packed if packed >= 0 else packed_counts(counts, search.pool.width)
    if final:
        return search.cover(rem, n, sets, runs, spans)
    if search.pick(rem, n - keep, sets, runs, spans, 0):
        return True
    if exact or (not apart and runs_shrink(limits.run_min, limits.at_most)):
        # Any sizes (all down at once): every longer meld holds a legal one of the least
        # size, so melds of the least sizes were enough, unless runs must stay apart.
        return False
    return contract_search(whole, limits, False, apart, kinds).pick(rem, n - keep, sets, runs, spans, 0)


def _lazy_final(limits: MeldLimits, apart: bool, keep: int) -> bool:
    """Whether the last round's cover is searched without a pool: no ♠2 wild, runs not kept apart."""
    return not limits.twos and not apart and keep == 0


class _FinalLayTest:
    """The last round's test of one candidate meld: do the cards left cover the rest of the contract exactly?"""

    __slots__ = ("counts", "limits", "runs", "sets")

    def __init__(self, counts: tuple[int, ...], limits: MeldLimits, sets: int, runs: int) -> None:
        self.counts = counts
        self.limits = limits
        self.sets = sets
        self.runs = runs

    def test(self, meld: Meld) -> bool:
        is_set = meld.kind == "set"
        sets, runs = self.sets - is_set, self.runs - (not is_set)
        if sets < 0 or runs < 0:
            return False
        left = list(self.counts)
        for card in meld.cards:
            left[card.code] -= 1
        rest = tuple(left)
        return _complete(rest, rest, self.limits, (sets, runs, ()), False, True, False, 0)


def can_complete_contract(
    hand: Sequence[Card], laid: Sequence[Meld], round: int, ruleset: Ruleset, *, keep: int = 0
) -> bool:
    """Return whether melds from *hand* can complete round *round*'s contract beside *laid*.

    *laid* are the melds already laid toward the contract this turn, *hand*
    the cards still held. True when some further melds R from *hand* make
    ``check_contract([*laid, *R], round, ruleset)`` ok (in the last round of
    a ``last_contract_goes_out`` game, with the laid cards and *hand* as the
    hand, so R takes every card) while at least *keep* cards of *hand* stay
    out of R. When *laid* already fulfils the contract the answer is whether
    R = () works. A round the ruleset does not have raises
    :class:`~remi.RulesetError`, as in :func:`contract_layouts`.

    One existence search, stopping at the first way found; the candidate
    melds and the failed states are shared by every question about the same
    whole hand (*hand* plus the laid cards), so asking it once for each meld
    a seat could lay next costs little.

    >>> import remi
    >>> hand = remi.parse_cards("♠9 ♥9 ♦9 ♣5 ♣6 ♣7 ♣8 ♥K")
    >>> can_complete_contract(hand, [], 2, remi.NORWEGIAN, keep=1)
    True
    >>> laid = [remi.parse_meld("♠9 ♥9 ♦9")]
    >>> can_complete_contract(remi.parse_cards("♣5 ♣6 ♣7 ♥K"), laid, 2, remi.NORWEGIAN)
    False
    """
    contract = contract_for(round, ruleset)
    counts = counts_of(hand)
    refuse_pack(counts, ruleset)
    needs = laid_needs(tuple(laid), round, ruleset)
    if needs is None:
        return False
    if not needs[0] and not needs[1] and not laid:
        return False  # check_contract refuses a contract of no melds
    final = ruleset.last_contract_goes_out and round == len(ruleset.contracts)
    exact = not (final or ruleset.all_down_at_once)
    whole = list(counts)
    for code in needs[3]:
        whole[code] += 1
    refuse_pack(whole, ruleset, "the hand and the melds laid")
    return _complete(
        tuple(whole),
        counts,
        limits_of(ruleset).limits,
        needs[:3],
        exact,
        final,
        ruleset.same_suit_runs_apart,
        keep,
        kinds=kind_mask(contract.sets, contract.runs),
    )


class _ExactLayTest:
    """:func:`contract_lay_test` before the last round, runs not kept apart: one search per distinct rest.

    What is left of the contract after the meld is a plain pick of least-size
    melds from the cards left (the count check first; the joker bound is
    skipped, the search answers exactly), remembered by the packed cards
    left and the meld's kind.
    """

    def __init__(
        self,
        search: ContractSearch,
        base: int,
        spare: int,
        sets: int,
        runs: int,
        jokers: int,
        needs: tuple[int, int],
    ) -> None:
        self.search = search
        self.wild = search.limits.wild
        self.jokers = jokers  # the wild cards held
        self.needs = needs  # the least wild cards the rest takes after a set, after a run
        self.width = search.pool.width
        self.base = base
        self.spare = spare  # the cards held less those that must stay in hand
        self.sets = sets
        self.runs = runs
        limits = search.limits
        self.least = (
            (sets - 1) * limits.set_min + runs * limits.run_min,
            sets * limits.set_min + (runs - 1) * limits.run_min,
        )
        self.answers: tuple[dict[int, bool], dict[int, bool]] = ({}, {})

    def test(self, meld: Meld) -> bool:
        if meld.kind == "set":
            if not self.sets:
                return False
            kind, sets, runs = 0, self.sets - 1, self.runs
        else:
            if not self.runs:
                return False
            kind, sets, runs = 1, self.sets, self.runs - 1
        packed = self.base
        width = self.width
        wild = self.wild
        spent = 0
        for card in meld.cards:
            code = card.code
            packed -= 1 << (width * code)
            if code == wild:
                spent += 1
        if self.needs[kind] > self.jokers - spent:
            return False  # the rest needs more wild cards than the meld leaves (a bound of the whole hand)
        answers = self.answers[kind]
        got = answers.get(packed)
        if got is None:
            left = self.spare - len(meld.cards)
            got = left >= self.least[kind] and (
                (not sets and not runs) or self.search.pick(packed, left, sets, runs, (), 0)
            )
            answers[packed] = got
        return got


def contract_lay_test(
    hand: Sequence[Card], laid: Sequence[Meld], round: int, ruleset: Ruleset, keep: int
) -> Callable[[Meld], bool] | None:
    """One question per candidate meld of *hand*, sharing the work: ``None`` when no meld can be laid.

    For a meld formed from *hand* (of a kind the contract still wants and, when
    sizes are exact, of the exact size), ``test(meld)`` equals
    ``can_complete_contract(hand - meld, [*laid, meld], round, ruleset, keep=keep)``.
    ``None`` says that the whole hand cannot complete the contract beside
    *laid*, so that no meld of it can.
    """
    contract = contract_for(round, ruleset)
    kinds = kind_mask(contract.sets, contract.runs)
    needs = laid_needs(tuple(laid), round, ruleset)
    if needs is None:
        return None
    sets, runs, spans, codes = needs
    if not sets and not runs:
        return None
    final = ruleset.last_contract_goes_out and round == len(ruleset.contracts)
    exact = not (final or ruleset.all_down_at_once)
    counts = counts_of(hand)
    whole_list = list(counts)
    for code in codes:
        whole_list[code] += 1
    whole = tuple(whole_list)
    limits = limits_of(ruleset).limits
    apart = ruleset.same_suit_runs_apart
    if not _complete(whole, counts, limits, (sets, runs, spans), exact, final, apart, keep, kinds=kinds):
        return None

    # Melds taking the same cards (a wild card at either end of a run) leave the same
    # question; the spans of the runs laid matter only when runs of a suit stay apart.
    if final and _lazy_final(limits, apart, keep):
        return _FinalLayTest(counts, limits, sets, runs).test
    answers: dict[tuple[object, ...], bool] = {}
    search = contract_search(whole, limits, exact or not final, apart, kinds)
    width = search.pool.width
    base = packed_counts(counts, width)
    if not final and not apart and (exact or runs_shrink(limits.run_min, limits.at_most)):
        # What is left of the contract needs melds of the least sizes only (with all down
        # at once too: every longer meld holds a legal one of the least size), which the
        # search over the least-size pool answers exactly.
        jokers = counts[limits.wild] if limits.wild != NO_WILD else 0
        least = (
            jokers_needed(counts, limits, sets - 1, runs, exact, jokers) if sets else 0,
            jokers_needed(counts, limits, sets, runs - 1, exact, jokers) if runs else 0,
        )
        return _ExactLayTest(search, base, sum(counts) - keep, sets, runs, jokers, least).test

    def test(meld: Meld) -> bool:
        rest = list(counts)
        packed = base
        for card in meld.cards:
            code = card.code
            rest[code] -= 1
            packed -= 1 << (width * code)
        if meld.kind == "set":
            if not sets:
                return False
            key: tuple[object, ...] = (0, *rest)
            got = answers.get(key)
            if got is None:
                got = answers[key] = _complete(
                    whole,
                    tuple(rest),
                    limits,
                    (sets - 1, runs, spans),
                    exact,
                    final,
                    apart,
                    keep,
                    packed,
                    kinds,
                )
            return got
        if not runs:
            return False
        span = (meld.suit, meld.low, meld.high)
        if apart and touches(span, spans):
            return False
        more = tuple(sorted((*spans, span)))
        key = (1, more, *rest) if apart else (1, *rest)
        got = answers.get(key)
        if got is None:
            got = answers[key] = _complete(
                whole, tuple(rest), limits, (sets, runs - 1, more), exact, final, apart, keep, packed, kinds
            )
        return got

    return test
