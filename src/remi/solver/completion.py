"""Can a contract begun this turn still be completed from the cards held?

:func:`can_complete_contract` and the engine's per-meld question
:func:`contract_lay_test` (one test per candidate meld, sharing the work): before the
last round a pick of the melds still wanted from the cards held (keeping some back);
in the last round of a going-out game a cover that takes every card.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Final, NamedTuple

from .._cache import memoize
from ..cards import JOKER_CODE, Card
from ..contracts import contract_at, contract_for
from ..melds import Meld, check_meld
from ..rulesets import Contract, Ruleset
from .bounds import (
    Tally,
    cannot_cover,
    hand_tally,
    jokers_short,
    one_run_per_suit,
    runs_shrink,
    sets_need,
    tally_disjoint_runs_short,
    tally_jokers_needed,
    tally_jokers_short,
    tally_sets_need,
)
from .candidates import BOTH, Pool, candidate_pool, hand_pieces, kind_mask, piece_rows, pool_guard, pool_width
from .covers import cover_lazily
from .hands import counts_of, packed_counts, refuse_pack
from .limits import NO_WILD, MeldLimits, limits_of, rest_after

__all__ = ["can_complete_contract", "contract_lay_test"]


Span = tuple[int, int, int]  # a run's suit, lowest and highest rank


@memoize("solver.laid-needs", maxsize=1024)
def laid_needs(
    laid: tuple[Meld, ...], round: int, ruleset: Ruleset, checked: bool = True
) -> tuple[int, int, tuple[Span, ...], tuple[int, ...]] | None:
    """Sets and runs still missing after *laid*, the laid runs and cards; ``None`` if *laid* cannot be part.

    *checked*: each laid meld is checked first (a caller's melds); unchecked, they are
    legal melds already (a state's own), read as they are.
    """
    contract = contract_for(round, ruleset) if checked else contract_at(round, ruleset)
    final = ruleset.last_contract_goes_out and round == len(ruleset.contracts)
    exact = not (final or ruleset.all_down_at_once)
    sets = runs = 0
    spans: list[Span] = []
    codes: list[int] = []
    for given in laid:
        if checked:
            result = check_meld(given, ruleset)
            if not result.ok or result.meld is None:
                return None
            meld = result.meld
        else:
            meld = given
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
    """Existence searches for the rest of a contract, remembering the states that fail.

    The options of :meth:`pick` come from the hand's pieces (:func:`piece_rows`): the
    pool itself, with its groups, is built only when asked for (:meth:`cover`, a listing).
    """

    def __init__(
        self, counts: tuple[int, ...], limits: MeldLimits, exact: bool, apart: bool, kinds: int
    ) -> None:
        self.counts = counts
        self.limits = limits
        self.exact = exact
        self.apart = apart
        self.kinds = kinds
        self.width = width = pool_width(counts)
        self.guard = pool_guard(width)
        self._pool: Pool | None = None
        self._total = -1
        pieces = hand_pieces(counts, limits, exact, kinds)
        #: (packed use, size) of each set option, (packed use, size, span) of each run option.
        self.sets: list[tuple[int, int]] = [
            row for piece in pieces if piece.kind == 0 for row in piece_rows(piece, apart)
        ]
        self.runs: list[tuple[int, int, Span]] = [
            row for piece in pieces if piece.kind == 1 for row in piece_rows(piece, apart)
        ]
        self.failed: set[tuple[object, ...]] = set()
        # The tables of cover, made on its first call (pick, which most questions ask, needs none).
        self.starting: dict[int, list[tuple[int, Span]]] = {}
        self.taking: dict[int, list[tuple[int, Span]]] = {}
        # (lowest card, cards, sets, runs) -> the melds _cover_from tries there (see _sized).
        self.sized: dict[tuple[int, int, int, int], list[tuple[int, int, int, int, Span | None]]] = {}
        self.indexed = False

    @property
    def pool(self) -> Pool:
        """The hand's pool (:func:`candidate_pool`), built on the first ask."""
        pool = self._pool
        if pool is None:
            pool = self._pool = candidate_pool(self.counts, self.limits, self.exact, self.kinds)
        return pool

    @property
    def total(self) -> int:
        """The whole hand packed at the search's width (the pool's ``total``)."""
        if self._total < 0:
            self._total = packed_counts(self.counts, self.width)
        return self._total

    def _index(self) -> None:
        """For cover: the options by the lowest natural card they take, and by the exact cards they take."""
        pool = self.pool
        groups = pool.groups
        for index, group in enumerate(groups):
            if group.kind == 0:
                self.starting.setdefault(group.first, []).append((index, (-1, 0, 0)))
        for index, span in _run_options(pool, self.apart):
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
        if sets + runs == 1:
            return self._last(rem, left, sets, spans, at)
        state = (rem, left, sets, runs, spans, at)
        if state in self.failed:
            return False
        guard = self.guard
        limits = self.limits
        if sets:
            for k in range(at, len(self.sets)):
                use, size = self.sets[k]
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
                use, size, span = self.runs[k]
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

    def _last(self, rem: int, left: int, sets: int, spans: tuple[Span, ...], at: int) -> bool:
        """:meth:`pick` of one meld (a set if *sets*, else a run), options from *at* on: a scan, no memo."""
        guard = self.guard
        if sets:
            for use, size in self.sets[at:] if at else self.sets:
                if size <= left and ((rem | guard) - use) & guard == guard:
                    return True
            return False
        apart = self.apart
        for use, size, span in self.runs[at:] if at else self.runs:
            if (
                size <= left
                and ((rem | guard) - use) & guard == guard
                and not (apart and touches(span, spans))
            ):
                return True
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
            return self._last_meld(rem, sets, spans)
        state = (rem, sets, runs, spans)
        if state in self.failed:
            return False
        low = ((rem & -rem).bit_length() - 1) // self.width
        if low == JOKER_CODE:
            return False  # only wild cards left, and a meld needs a natural card
        if self._cover_from(low, rem, count, sets, runs, spans):
            return True
        if len(self.failed) > _MEMO_LIMIT:
            self.failed.clear()
        self.failed.add(state)
        return False

    def _last_meld(self, rem: int, sets: int, spans: tuple[Span, ...]) -> bool:
        """Whether one meld (a set if *sets*, else a run) takes exactly the cards of *rem*: looked up."""
        for index, span in self.taking.get(rem, ()):
            kind = self.pool.groups[index].kind
            if kind == 0 and sets:
                return True
            if kind == 1 and not sets and not (self.apart and touches(span, spans)):
                return True
        return False

    def _cover_from(
        self, low: int, rem: int, count: int, sets: int, runs: int, spans: tuple[Span, ...]
    ) -> bool:
        """:meth:`cover` through each meld whose lowest natural card is *low* (the lowest card of *rem*)."""
        guard = self.guard
        key = (low, count, sets, runs)
        options = self.sized.get(key)
        if options is None:
            options = self.sized[key] = self._sized(low, count, sets, runs)
        for use, left, s, r, span in options:
            if span is not None and self.apart and touches(span, spans):
                continue
            x = (rem | guard) - use
            if x & guard != guard:
                continue
            more = tuple(sorted(spans + (span,))) if self.apart and span is not None else spans
            if self.cover(x ^ guard, left, s, r, more):
                return True
        return False

    def _sized(
        self, low: int, count: int, sets: int, runs: int
    ) -> list[tuple[int, int, int, int, Span | None]]:
        """The melds *low* starts that leave a count the rest of the contract can take, in order.

        Each as (use, cards left, sets left, runs left, span or ``None`` for a set): what
        :meth:`_cover_from` tries, whatever else is left.
        """
        pool, limits = self.pool, self.limits
        set_top = limits.set_max or pool.n_cards
        out: list[tuple[int, int, int, int, Span | None]] = []
        for index, span in self.starting.get(low, ()):
            group = pool.groups[index]
            rest = rest_after(group.kind, group.size, count, sets, runs, limits, set_top)
            if rest is None:
                continue
            s, r = rest
            out.append((group.use, count - group.size, s, r, span if group.kind == 1 else None))
        return out


@memoize("solver.contract-search", maxsize=32)
def contract_search(
    counts: tuple[int, ...], limits: MeldLimits, exact: bool, apart: bool, kinds: int = BOTH
) -> ContractSearch:
    """One search and one memo for a whole hand (the cards held plus those laid this turn)."""
    return ContractSearch(counts, limits, exact, apart, kinds)


class _Whole(NamedTuple):
    """What every question about one whole hand shares: its cards, the limits and how the rest is laid.

    *cards* are the counts of the cards held plus those laid this turn (the pool is
    built from them, so every question about the hand shares it); *exact* keeps melds
    of the least sizes; *apart* keeps a suit's runs apart; at least *keep* cards held
    stay out of the melds; *kinds*: the melds the pool holds (the contract's kinds).
    """

    cards: tuple[int, ...]
    limits: MeldLimits
    exact: bool
    apart: bool
    keep: int
    kinds: int


_Needs = tuple[int, int, tuple[Span, ...]]  # sets and runs still wanted, the runs laid


def _cover_rest(whole: _Whole, counts: tuple[int, ...], needs: _Needs, packed: int = -1) -> bool:
    """The last round: do melds meeting *needs* take every card of *counts* (none kept)?

    *packed*, when not -1, is *counts* already packed at the width of the whole hand's
    pool (the per-meld questions of :func:`contract_lay_test` find it by subtraction).
    """
    sets, runs, spans = needs
    limits, apart = whole.limits, whole.apart
    n = sum(counts)
    if whole.keep > 0:
        return False
    if not sets and not runs:
        return n == 0
    if n < sets * limits.set_min + runs * limits.run_min or cannot_cover(counts, limits, sets, runs):
        return False
    if not sets and not limits.twos and not (apart and spans):
        verdict = one_run_per_suit(counts, limits, runs)
        if verdict is not None:
            return verdict
    if _lazy_final(limits, apart, whole.keep):
        return cover_lazily(counts, limits, sets, runs)  # it bounds the jokers at every node
    if jokers_short(counts, limits, sets, runs, False):
        return False
    search = contract_search(whole.cards, limits, False, apart, whole.kinds)
    rem = packed if packed >= 0 else _packed(counts, whole, search)
    return search.cover(rem, n, sets, runs, spans)


def _fit_rest(whole: _Whole, counts: tuple[int, ...], needs: _Needs, packed: int = -1) -> bool:
    """Before the last round: can melds meeting *needs* be laid from *counts*, *keep* cards kept back?

    *packed* as in :func:`_cover_rest`.
    """
    sets, runs, spans = needs
    limits, exact, apart = whole.limits, whole.exact, whole.apart
    n = sum(counts)
    if n - whole.keep < sets * limits.set_min + runs * limits.run_min:
        return False
    if not sets and not runs:
        return True
    if jokers_short(counts, limits, sets, runs, exact):
        return False
    # Melds of the whole hand that fit in the cards held are exactly the melds of those cards.
    search = contract_search(whole.cards, limits, True, apart, whole.kinds)
    rem = packed if packed >= 0 else _packed(counts, whole, search)
    if search.pick(rem, n - whole.keep, sets, runs, spans, 0):
        return True
    if exact or (not apart and runs_shrink(limits.run_min, limits.at_most)):
        # Any sizes (all down at once): every longer meld holds a legal one of the least
        # size, so melds of the least sizes were enough, unless runs must stay apart.
        return False
    any_size = contract_search(whole.cards, limits, False, apart, whole.kinds)
    return any_size.pick(rem, n - whole.keep, sets, runs, spans, 0)


def _packed(counts: tuple[int, ...], whole: _Whole, search: ContractSearch) -> int:
    """*counts* packed at *search*'s width: the whole hand's own total when they are the whole hand (nothing laid)."""
    return search.total if counts is whole.cards else packed_counts(counts, search.width)


def _lazy_final(limits: MeldLimits, apart: bool, keep: int) -> bool:
    """Whether the last round's cover is searched without a pool: no ♠2 wild, runs not kept apart."""
    return not limits.twos and not apart and keep == 0


class _FinalLayTest:
    """The last round's test of one candidate meld: do the cards left cover the rest of the contract exactly?

    The answer reads only the meld's kind and the cards it leaves, so it is
    remembered by those: candidates that differ only in where each joker
    stands ask once.
    """

    __slots__ = ("answers", "counts", "limits", "runs", "sets")

    def __init__(self, counts: tuple[int, ...], limits: MeldLimits, sets: int, runs: int) -> None:
        self.counts = counts
        self.limits = limits
        self.sets = sets
        self.runs = runs
        self.answers: dict[tuple[bool, tuple[int, ...]], bool] = {}

    def test(self, meld: Meld) -> bool:
        is_set = meld.kind == "set"
        sets, runs = self.sets - is_set, self.runs - (not is_set)
        if sets < 0 or runs < 0:
            return False
        left = list(self.counts)
        for card in meld.cards:
            left[card.code] -= 1
        rest = tuple(left)
        key = (is_set, rest)
        got = self.answers.get(key)
        if got is None:
            got = _cover_rest(_Whole(rest, self.limits, False, False, 0, BOTH), rest, (sets, runs, ()))
            self.answers[key] = got
        return got


class _Question(NamedTuple):
    """One contract question about a hand: the hand's counts, the whole hand and what is still wanted."""

    counts: tuple[int, ...]
    whole: _Whole
    needs: _Needs
    final: bool


def _whole(
    counts: tuple[int, ...], laid: Sequence[int], contract: Contract, final: bool, ruleset: Ruleset, keep: int
) -> _Whole:
    """The whole hand of the cards *counts* held and the card codes *laid*, for *contract*."""
    cards = list(counts)
    for code in laid:
        cards[code] += 1
    exact = not (final or ruleset.all_down_at_once)
    kinds = kind_mask(contract.sets, contract.runs)
    # Nothing laid: the whole hand is *counts* itself (the same object: see _packed).
    return _Whole(
        tuple(cards) if laid else counts,
        limits_of(ruleset).limits,
        exact,
        ruleset.same_suit_runs_apart,
        keep,
        kinds,
    )


def _question(
    counts: tuple[int, ...], laid: Sequence[Meld], round: int, ruleset: Ruleset, keep: int
) -> _Question | None:
    """The question about the hand *counts* beside *laid*; ``None`` when *laid* cannot be part of the contract.

    *laid* are a state's own melds, legal already: they are read as they are, not checked again.
    """
    contract = contract_for(round, ruleset)
    needs = laid_needs(tuple(laid), round, ruleset, False)
    if needs is None:
        return None
    final = ruleset.last_contract_goes_out and round == len(ruleset.contracts)
    return _Question(counts, _whole(counts, needs[3], contract, final, ruleset, keep), needs[:3], final)


def _answer(question: _Question) -> bool:
    """Whether *question*'s contract can be completed: a cover in the last round, else a pick."""
    complete = _cover_rest if question.final else _fit_rest
    return complete(question.whole, question.counts, question.needs)


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
    contract_for(round, ruleset)  # a round the ruleset has, else RulesetError
    counts = counts_of(hand)
    refuse_pack(counts, ruleset)
    return _can_complete(counts, tuple(laid), round, ruleset, keep, checked=True)


def held_can_complete_contract(
    hand: Sequence[Card], laid: Sequence[Meld], round: int, ruleset: Ruleset, *, keep: int = 0
) -> bool:
    """:func:`can_complete_contract` of a state's cards and legal melds: the trusted kernel.

    No pack check and no meld check: a state holds only cards its pack gives, and the
    melds it lays have passed their checks.

    >>> import remi
    >>> held_can_complete_contract(remi.parse_cards("♠9 ♥9 ♦9 ♣5 ♣6 ♣7 ♣8 ♥K"), [], 2, remi.NORWEGIAN, keep=1)
    True
    """
    return _can_complete(counts_of(hand), tuple(laid), round, ruleset, keep, checked=False)


def _can_complete(
    counts: tuple[int, ...], laid: tuple[Meld, ...], round: int, ruleset: Ruleset, keep: int, *, checked: bool
) -> bool:
    needs = laid_needs(laid, round, ruleset, checked)
    if needs is None:
        return False
    if not needs[0] and not needs[1] and not laid:
        return False  # check_contract refuses a contract of no melds
    final = ruleset.last_contract_goes_out and round == len(ruleset.contracts)
    whole = _whole(counts, needs[3], contract_at(round, ruleset), final, ruleset, keep)
    if checked:
        refuse_pack(whole.cards, ruleset, laid=True)
    if final:
        return _cover_rest(whole, counts, needs[:3])
    return _fit_rest(whole, counts, needs[:3])


class _Plan(NamedTuple):
    """What a round's contract asks of a hand with nothing laid: the melds, the limits and the least cards."""

    sets: int
    runs: int
    limits: MeldLimits
    exact: bool
    final: bool
    least: int


@memoize("solver.contract-plan", maxsize=64)
def _plan(round: int, ruleset: Ruleset) -> _Plan:
    """Round *round*'s contract of *ruleset* as :func:`hopeless_alone` reads it (a ``RulesetError`` for no such round)."""
    contract = contract_for(round, ruleset)
    limits = limits_of(ruleset).limits
    final = ruleset.last_contract_goes_out and round == len(ruleset.contracts)
    exact = not (final or ruleset.all_down_at_once)
    least = contract.sets * limits.set_min + contract.runs * limits.run_min
    return _Plan(contract.sets, contract.runs, limits, exact, final, least)


def hopeless_alone(hand: Sequence[Card], round: int, ruleset: Ruleset, keep: int) -> bool:
    """A quick proof that the cards *hand*, nothing laid, cannot complete round *round*'s contract.

    The first, cheap checks of the whole-hand question of :func:`contract_lay_test`
    (too few cards, too few wild cards; in the last round, cards no melds of the
    contract can all take), without building that question: true only where that
    question fails, so ``contract_lay_test(hand, (), ...)`` is then ``None``.
    Most play-phase hands of a contract game cannot lay the contract yet.
    """
    plan = _plan(round, ruleset)
    sets, runs, limits = plan.sets, plan.runs, plan.limits
    if not sets and not runs:
        return True  # no melds to lay: contract_lay_test answers None
    n = len(hand)
    if plan.final:
        return keep > 0 or n < plan.least or cannot_cover(counts_of(hand), limits, sets, runs)
    if n - keep < plan.least:
        return True
    if limits.twos:
        return False  # a ♠2 is natural or wild: no bound counts the wild cards
    # hand_jokers_short, then hand_disjoint_runs_short, from one tally of the hand
    tally = hand_tally(hand, limits.wild)
    need = tally_sets_need(tally, limits, sets)
    if tally_jokers_short(tally, need, limits, runs, plan.exact):
        return True
    return runs > 1 and tally_disjoint_runs_short(hand, tally, need, limits, runs)


#: The most pairs of options (:meth:`_ExactLayTest.pairs`) listed for one hand: past it, each rest is searched.
MOST_PAIRS: Final = 4096

#: The rests of two melds a lay test searches, and finds no room in, before it lists the pairs (the
#: hands of a few candidates, or whose rests mostly fit at once, never pay for the list).
PAIRS_AFTER: Final = 2


class _ExactLayTest:
    """:func:`contract_lay_test` before the last round, runs not kept apart: one search per distinct rest.

    What is left of the contract after the meld is a plain pick of least-size
    melds from the cards left (the count check first; the joker bound is
    skipped, the search answers exactly), remembered by the packed cards
    left and the meld's kind. Where two melds are left (a contract of three,
    nothing laid), once :data:`PAIRS_AFTER` rests had no room for them, the
    others are looked up among the pairs of options the cards held can take
    together (:meth:`pairs`), listed once for the hand: a rest with no room
    made the search try every pair.
    """

    def __init__(self, question: _Question, search: ContractSearch, base: int, tally: Tally) -> None:
        """*tally* is the :func:`~remi.solver.bounds.hand_tally` of the cards held (*question*'s counts)."""
        counts, limits = question.counts, question.whole.limits
        sets, runs, _ = question.needs
        exact = question.whole.exact
        self.search = search
        self.wild = limits.wild
        self.jokers = counts[limits.wild] if limits.wild != NO_WILD else 0  # the wild cards held
        # The least wild cards the rest takes after a set, after a run (none counted with wild ♠2s).
        twos = limits.twos
        self.needs = (
            tally_jokers_needed(tally, limits, sets - 1, runs, exact) if sets and not twos else 0,
            tally_jokers_needed(tally, limits, sets, runs - 1, exact) if runs and not twos else 0,
        )
        self.width = search.width
        self.base = base
        self.spare = sum(counts) - question.whole.keep  # the cards held less those that must stay in hand
        self.sets = sets
        self.runs = runs
        self.least = (
            (sets - 1) * limits.set_min + runs * limits.run_min,
            sets * limits.set_min + (runs - 1) * limits.run_min,
        )
        self.answers: tuple[dict[int, bool], dict[int, bool]] = ({}, {})
        #: By (sets, runs) left: the pairs listed (``None`` past :data:`MOST_PAIRS`), and the rests with no room.
        self.paired: dict[tuple[int, int], list[int] | None] = {}
        self.no_room: dict[tuple[int, int], int] = {}

    def pairs(self, sets: int, runs: int) -> list[int] | None:
        """The cards (packed) of each two options that the cards held take together, *sets* and *runs* of them.

        Two sets, a set and a run, or two runs; each sum once. A rest of the cards
        held can take two such melds exactly when it holds one of these sums (a sum
        that fits the cards held has no field past the largest count, so the fit
        test reads it as one use). ``None`` past :data:`MOST_PAIRS` pairs to try.
        """
        key = (sets, runs)
        if key in self.paired:
            return self.paired[key]
        search = self.search
        first = [row[0] for row in (search.sets if sets else search.runs)]
        second = [row[0] for row in (search.runs if runs else search.sets)]
        if len(first) * len(second) > MOST_PAIRS:
            self.paired[key] = None
            return None
        guard = search.guard
        held = self.base | guard
        found: set[int] = set()
        # Two of one kind: each unordered pair once, and an option twice where it is held twice.
        same = sets == 2 or runs == 2
        for at, one in enumerate(first):
            rest = held - one
            if rest & guard != guard:
                continue
            for other in second[at:] if same else second:
                if (rest - other) & guard == guard:
                    found.add(one + other)
        pairs = self.paired[key] = list(found)
        return pairs

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
            got = answers[packed] = left >= self.least[kind] and self._rest_fits(packed, left, sets, runs)
        return got

    def _rest_fits(self, packed: int, left: int, sets: int, runs: int) -> bool:
        """Whether *sets* sets and *runs* runs of the least sizes fit the cards *packed*, *left* of them spare.

        *left* is at least the cards those melds take.
        """
        if not sets and not runs:
            return True
        if sets + runs != 2:
            return self.search.pick(packed, left, sets, runs, (), 0)
        key = (sets, runs)
        pairs = self.paired.get(key)
        if pairs is None and self.no_room.get(key, 0) >= PAIRS_AFTER:
            pairs = self.pairs(sets, runs)
        if pairs is None:
            fits = self.search.pick(packed, left, sets, runs, (), 0)
            if not fits:
                self.no_room[key] = self.no_room.get(key, 0) + 1
            return fits
        guard = self.search.guard
        held = packed | guard
        for both in pairs:
            if (held - both) & guard == guard:
                return True
        return False


class _RestLayTest:
    """:func:`contract_lay_test` in the other cases: the rest after each meld asked, remembered by the cards left.

    Melds taking the same cards (a wild card at either end of a run) leave the same
    question; the spans of the runs laid matter only when runs of a suit stay apart.
    """

    def __init__(self, question: _Question, width: int, base: int) -> None:
        self.counts = question.counts
        self.whole = question.whole
        self.sets, self.runs, self.spans = question.needs
        self.complete = _cover_rest if question.final else _fit_rest
        self.width = width
        self.base = base
        self.answers: dict[tuple[object, ...], bool] = {}

    def test(self, meld: Meld) -> bool:
        rest = list(self.counts)
        packed = self.base
        width = self.width
        for card in meld.cards:
            code = card.code
            rest[code] -= 1
            packed -= 1 << (width * code)
        sets, runs, spans = self.sets, self.runs, self.spans
        if meld.kind == "set":
            if not sets:
                return False
            key: tuple[object, ...] = (0, *rest)
            needs: _Needs = (sets - 1, runs, spans)
        else:
            if not runs:
                return False
            span = (meld.suit, meld.low, meld.high)
            apart = self.whole.apart
            if apart and touches(span, spans):
                return False
            more = tuple(sorted((*spans, span)))
            key = (1, more, *rest) if apart else (1, *rest)
            needs = (sets, runs - 1, more)
        got = self.answers.get(key)
        if got is None:
            got = self.answers[key] = self.complete(self.whole, tuple(rest), needs, packed)
        return got


def contract_lay_test(
    hand: Sequence[Card], laid: Sequence[Meld], round: int, ruleset: Ruleset, keep: int
) -> Callable[[Meld], bool] | None:
    """One question per candidate meld of *hand*, sharing the work: ``None`` when no meld can be laid.

    For a meld formed from *hand* (of a kind the contract still wants and, when
    sizes are exact, of the exact size), ``test(meld)`` equals
    ``can_complete_contract(hand - meld, [*laid, meld], round, ruleset, keep=keep)``.
    ``None`` says that the whole hand cannot complete the contract beside
    *laid*, so that no meld of it can. A hand with nothing laid is first asked
    :func:`hopeless_alone`, which answers most hands of a contract game at once.
    *laid* are the seat's own melds of a state, legal already (not checked again).
    """
    if not laid:
        if hopeless_alone(hand, round, ruleset, keep):
            return None
        plan = _plan(round, ruleset)
        if _sets_by_bound(plan):
            return _SetsLayTest(hand, plan, keep).test
    return searched_lay_test(hand, laid, round, ruleset, keep)


def _sets_by_bound(plan: _Plan) -> bool:
    """Whether the joker bound of the sets is exact for *plan*: sets only, of exactly the least size.

    Sets of different ranks share no card, and the k-th set of one rank takes
    ``k * set_min - n`` wild cards (none below 0), more for each further set: the
    least wild cards of the sets is the sum of the smallest marginal costs, as
    :func:`~remi.solver.bounds.jokers_needed` counts it. No ♠2 wild (a ♠2 is then
    natural or wild), no suits kept distinct, and sets of the least size legal.
    """
    limits = plan.limits
    return (
        not plan.final
        and plan.exact
        and plan.sets > 0
        and plan.runs == 0
        and not limits.twos
        and not limits.distinct
        and (limits.set_max == 0 or limits.set_max >= limits.set_min)
    )


class _SetsLayTest:
    """:func:`contract_lay_test` of a contract of sets only where the joker bound is exact (:func:`_sets_by_bound`).

    A set laid leaves the cards held less its cards; the sets still wanted can be
    laid from them exactly when the bound finds the wild cards for them: no pool, no search.
    """

    __slots__ = ("answers", "jokers", "limits", "sets", "spare", "totals", "wild")

    def __init__(self, hand: Sequence[Card], plan: _Plan, keep: int) -> None:
        limits = self.limits = plan.limits
        self.wild = wild = limits.wild
        self.sets = plan.sets
        self.spare = len(hand) - keep  # the cards held less those that must stay in hand
        self.totals, _, self.jokers = hand_tally(hand, wild)
        # By (the set's rank, its wild cards, its other cards): sets of one rank that differ
        # only in their suits leave the same totals, so the same answer.
        self.answers: dict[tuple[int, int, int], bool] = {}

    def test(self, meld: Meld) -> bool:
        if meld.kind != "set":
            return False
        sets = self.sets - 1
        cards = meld.cards
        if self.spare - len(cards) < sets * self.limits.set_min:
            return False
        if not sets:
            return True
        wild = self.wild
        spent = 0
        for card in cards:
            if card.code == wild:
                spent += 1
        key = (meld.rank, spent, len(cards))
        got = self.answers.get(key)
        if got is None:
            got = self.answers[key] = self._rest_fits(cards, sets)
        return got

    def _rest_fits(self, cards: Sequence[Card], sets: int) -> bool:
        """Whether *sets* more sets can be laid from the cards held less *cards*: the bound, exact here."""
        totals = list(self.totals)
        jokers = self.jokers
        for card in cards:
            code = card.code
            if code == self.wild:
                jokers -= 1
            elif code < JOKER_CODE:
                totals[code % 13] -= 1
        return sets_need(totals, self.limits, sets) <= jokers


def searched_lay_test(
    hand: Sequence[Card], laid: Sequence[Meld], round: int, ruleset: Ruleset, keep: int
) -> Callable[[Meld], bool] | None:
    """:func:`contract_lay_test` without the quick proof first: the whole-hand question always built and asked.

    The oracle the tests compare :func:`hopeless_alone` with.
    """
    question = _question(counts_of(hand), laid, round, ruleset, keep)
    if question is None or (not question.needs[0] and not question.needs[1]):
        return None
    if not _answer(question):
        return None
    whole, final = question.whole, question.final
    limits, exact, apart = whole.limits, whole.exact, whole.apart
    if final and _lazy_final(limits, apart, keep):
        return _FinalLayTest(question.counts, limits, question.needs[0], question.needs[1]).test
    search = contract_search(whole.cards, limits, exact or not final, apart, whole.kinds)
    base = _packed(question.counts, whole, search)
    if not final and not apart and (exact or runs_shrink(limits.run_min, limits.at_most)):
        # What is left of the contract needs melds of the least sizes only (with all down
        # at once too: every longer meld holds a legal one of the least size), which the
        # search over the least-size pool answers exactly.
        return _ExactLayTest(question, search, base, hand_tally(hand, limits.wild)).test
    return _RestLayTest(question, search.width, base).test
