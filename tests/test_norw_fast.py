"""The quick proofs of the contract lay-down question equal the full search (issue 18, speed round 3).

:func:`~remi.solver.completion.hopeless_alone` answers "no contract meld can be laid"
before the whole-hand question is built; :func:`~remi.solver.bounds.hand_jokers_short`
is :func:`~remi.solver.bounds.jokers_short` read from the cards. Both are compared
with the paths they shortcut: on random hands (hypothesis) and on every play-phase
state of seeded random Norwegian games and their variants (the sweep).
"""

from __future__ import annotations

import pytest
from game_helpers import check_play_states
from hypothesis import given, settings
from hypothesis import strategies as st

import remi
from remi import GameState
from remi.game.policies import must_keep_card, policy_for
from remi.solver.bounds import (
    _window_most,
    disjoint_runs_short,
    hand_disjoint_runs_short,
    hand_jokers_short,
    hand_tally,
    jokers_needed,
    jokers_short,
    tally_jokers_needed,
)
from remi.solver.completion import contract_lay_test, hopeless_alone, searched_lay_test
from remi.solver.hands import counts_of
from remi.solver.limits import NO_WILD, MeldLimits, limits_of

#: Norwegian (the one contract preset) and the variants the speed benchmark plays.
RULESETS = {
    "norwegian": remi.NORWEGIAN,
    "shanghai": remi.with_variants(remi.NORWEGIAN, "shanghai"),
    "twos": remi.with_variants(remi.NORWEGIAN, "spade twos wild"),
    "all-down": remi.with_variants(remi.NORWEGIAN, "all down at once"),
}
#: Those and every preset: the meld limits the joker bound reads (jokers or none, sizes, ace places).
LIMITS = {**RULESETS, **{name: rules for name, rules in remi.PRESETS.items() if name != "norwegian"}}


def _hand(data: st.DataObject, ruleset: remi.Ruleset) -> tuple[remi.Card, ...]:
    pack = remi.make_pack(2, 0 if ruleset.wild_spade_twos or not ruleset.jokers else 6)
    drawn = data.draw(st.lists(st.sampled_from(pack), min_size=0, max_size=20))
    return tuple(c for i, c in enumerate(drawn) if drawn[: i + 1].count(c) <= pack.count(c))


@pytest.mark.parametrize("ruleset", list(LIMITS.values()), ids=list(LIMITS))
@settings(max_examples=150, deadline=None)
@given(data=st.data(), sets=st.integers(0, 3), runs=st.integers(0, 3), exact=st.booleans())
def test_hand_jokers_short_is_jokers_short(
    ruleset: remi.Ruleset, data: st.DataObject, sets: int, runs: int, exact: bool
) -> None:
    hand = _hand(data, ruleset)
    limits = limits_of(ruleset).limits
    assert hand_jokers_short(hand, limits, sets, runs, exact) == jokers_short(
        counts_of(hand), limits, sets, runs, exact
    )


@pytest.mark.parametrize("ruleset", list(LIMITS.values()), ids=list(LIMITS))
@settings(max_examples=150, deadline=None)
@given(data=st.data(), sets=st.integers(0, 3), runs=st.integers(0, 3), exact=st.booleans())
def test_tally_jokers_needed_is_jokers_needed(
    ruleset: remi.Ruleset, data: st.DataObject, sets: int, runs: int, exact: bool
) -> None:
    """The bound the per-meld lay test reads from the hand's tally is the one of its 53 counts."""
    hand = _hand(data, ruleset)
    limits = limits_of(ruleset).limits
    if limits.twos:
        return  # no bound counts the wild cards where a ♠2 is natural or wild
    counts = counts_of(hand)
    jokers = counts[limits.wild] if limits.wild != NO_WILD else 0
    assert tally_jokers_needed(hand_tally(hand, limits.wild), limits, sets, runs, exact) == jokers_needed(
        counts, limits, sets, runs, exact, jokers
    )


def _jokers_needed_before(
    counts: tuple[int, ...], limits: MeldLimits, sets: int, runs: int, exact: bool
) -> int:
    """jokers_needed as it was written before its sets part became bounds._sets_need (the oracle)."""
    if limits.twos:
        return 0
    jokers = counts[limits.wild] if limits.wild != NO_WILD else 0
    need = 0
    if sets:
        least = (limits.set_min + 1) // 2 if limits.at_most else 1
        marginal: list[int] = []
        for n in (counts[r] + counts[r + 13] + counts[r + 26] + counts[r + 39] for r in range(13)):
            if n < least:
                continue
            for k in range(1, n // least + 1):
                if k > sets:
                    break
                marginal.append(min(limits.set_min, max(0, k * limits.set_min - n)))
        if len(marginal) < sets:
            return 1 << 30
        marginal.sort()
        need += sum(marginal[:sets])
        if need > jokers:
            return need
    if runs:
        least = (limits.run_min + 1) // 2 if limits.at_most else 1
        held = [
            _window_most(
                tuple(counts[b : b + 13]), limits.run_min, limits.lo_bound, limits.hi_bound, least, exact
            )
            for b in (0, 13, 26, 39)
        ]
        if max(held) < 0:
            return 1 << 30
        need += runs * (limits.run_min - min(max(held), limits.run_min))
    return need


@pytest.mark.parametrize("ruleset", list(LIMITS.values()), ids=list(LIMITS))
@settings(max_examples=150, deadline=None)
@given(data=st.data(), sets=st.integers(0, 3), runs=st.integers(0, 3), exact=st.booleans())
def test_jokers_needed_is_as_before(
    ruleset: remi.Ruleset, data: st.DataObject, sets: int, runs: int, exact: bool
) -> None:
    counts = counts_of(_hand(data, ruleset))
    limits = limits_of(ruleset).limits
    jokers = counts[limits.wild] if limits.wild != NO_WILD else 0
    before = _jokers_needed_before(counts, limits, sets, runs, exact)
    now = jokers_needed(counts, limits, sets, runs, exact, jokers)
    assert (now > jokers) == (before > jokers)
    if before <= jokers:
        assert now == before


@pytest.mark.parametrize("ruleset", list(RULESETS.values()), ids=list(RULESETS))
@settings(max_examples=150, deadline=None)
@given(data=st.data(), keep=st.integers(0, 1))
def test_hopeless_alone_only_where_the_search_fails(
    ruleset: remi.Ruleset, data: st.DataObject, keep: int
) -> None:
    """A hand proved hopeless has no contract lay by the full search; the quick path answers as the full one."""
    hand = _hand(data, ruleset)
    round = data.draw(st.integers(1, len(ruleset.contracts)))
    full = searched_lay_test(hand, (), round, ruleset, keep)
    if hopeless_alone(hand, round, ruleset, keep):
        assert full is None
    assert (contract_lay_test(hand, (), round, ruleset, keep) is None) == (full is None)


@pytest.mark.parametrize("ruleset", list(LIMITS.values()), ids=list(LIMITS))
@settings(max_examples=150, deadline=None)
@given(data=st.data(), sets=st.integers(0, 3), runs=st.integers(0, 4))
def test_hand_disjoint_runs_short_is_disjoint_runs_short(
    ruleset: remi.Ruleset, data: st.DataObject, sets: int, runs: int
) -> None:
    hand = _hand(data, ruleset)
    limits = limits_of(ruleset).limits
    assert hand_disjoint_runs_short(hand, limits, sets, runs) == disjoint_runs_short(
        counts_of(hand), limits, sets, runs
    )


@pytest.mark.parametrize("name", ["norwegian", "all-down"])
@settings(max_examples=400, deadline=None)
@given(data=st.data(), keep=st.integers(0, 1))
def test_disjoint_runs_bound_only_where_the_search_fails(name: str, data: st.DataObject, keep: int) -> None:
    """Hands of two suits and low ranks, where runs are near: the disjoint-runs bound against the search."""
    ruleset = RULESETS[name]
    pack = [c for c in remi.make_pack(2, 4) if c.is_joker or (c.suit_index < 2 and c.rank <= 9)]
    drawn = data.draw(st.lists(st.sampled_from(pack), min_size=6, max_size=16))
    hand = tuple(c for i, c in enumerate(drawn) if drawn[: i + 1].count(c) <= pack.count(c))
    round = data.draw(st.sampled_from([r for r, c in enumerate(ruleset.contracts, 1) if c.runs >= 2]))
    limits = limits_of(ruleset).limits
    contract = ruleset.contracts[round - 1]
    if disjoint_runs_short(counts_of(hand), limits, contract.sets, contract.runs):
        assert searched_lay_test(hand, (), round, ruleset, keep) is None
    if hopeless_alone(hand, round, ruleset, keep):
        assert searched_lay_test(hand, (), round, ruleset, keep) is None


@pytest.mark.parametrize("name", ["norwegian", "shanghai", "all-down"])
@settings(max_examples=300, deadline=None)
@given(data=st.data(), keep=st.integers(0, 1))
def test_sets_by_bound_answers_as_the_search(name: str, data: st.DataObject, keep: int) -> None:
    """Rounds of sets only: the bound's per-meld answers against the pool search, on hands of few ranks."""
    ruleset = RULESETS[name]
    pack = [c for c in remi.make_pack(2, 4) if c.is_joker or c.rank in (3, 7, 9, 12)]
    drawn = data.draw(st.lists(st.sampled_from(pack), min_size=3, max_size=16))
    hand = tuple(c for i, c in enumerate(drawn) if drawn[: i + 1].count(c) <= pack.count(c))
    round = data.draw(st.sampled_from([r for r, c in enumerate(ruleset.contracts, 1) if not c.runs]))
    quick = contract_lay_test(hand, (), round, ruleset, keep)
    full = searched_lay_test(hand, (), round, ruleset, keep)
    assert (quick is None) == (full is None)
    if quick is not None and full is not None:
        for meld in remi.candidate_melds(hand, ruleset, kinds=("set",), exact=True):
            assert quick(meld) == full(meld), meld


def test_disjoint_runs_bound_examples() -> None:
    limits = limits_of(remi.NORWEGIAN).limits
    # Two runs: ♦6 ♦7 ♦9 holds three of one window, but the second run has only ♠8 ♠10 (two jokers).
    hand = remi.parse_cards("♠8 ♠10 ♥A ♥6 ♦6 ♦7 ♦9 ♦Q ♣2 JK JK")
    assert not jokers_short(counts_of(hand), limits, 0, 2, True)
    assert disjoint_runs_short(counts_of(hand), limits, 0, 2)
    assert searched_lay_test(hand, (), 3, remi.NORWEGIAN, 0) is None
    # Three copies of a card (three decks) count up to three runs, in both readings.
    tripled = remi.parse_cards("♦6 ♦6 ♦6 ♦7 ♦7 ♦7 ♦8 ♦8 ♦8 ♦9 ♦9 ♣2 JK")
    for runs in (2, 3, 4):
        fast = hand_disjoint_runs_short(tripled, limits, 0, runs)
        assert fast == disjoint_runs_short(counts_of(tripled), limits, 0, runs)
        assert fast == (runs == 4)
    # Doubled cards make two runs of one window: no proof.
    hand = remi.parse_cards("♦6 ♦7 ♦8 ♦9 ♦6 ♦7 ♦8 ♦9 ♣2")
    assert not disjoint_runs_short(counts_of(hand), limits, 0, 2)


def test_hopeless_alone_examples() -> None:
    cards = remi.parse_cards
    # Round 1 (two sets): one pair and no joker is hopeless, two triples are not.
    assert hopeless_alone(cards("♠9 ♥9 ♣2 ♣5 ♦7 ♦J ♥K ♠Q ♣A ♦3 ♥4"), 1, remi.NORWEGIAN, 0)
    assert not hopeless_alone(cards("♠9 ♥9 ♦9 ♣5 ♦5 ♥5 ♥K ♠Q ♣A ♦3 ♥4"), 1, remi.NORWEGIAN, 0)
    # Too few cards for the contract, counting the card kept back.
    assert hopeless_alone(cards("♠9 ♥9 ♦9 ♣5 ♦5 ♥5"), 1, remi.NORWEGIAN, 1)
    # The last round goes out: cards of four suits cannot all go into three runs.
    last = len(remi.NORWEGIAN.contracts)
    assert hopeless_alone(cards("♠2 ♠3 ♠4 ♠5 ♥2 ♥3 ♥4 ♥5 ♦2 ♦3 ♣K"), last, remi.NORWEGIAN, 0)


def _same_lay_answers(s: GameState) -> None:
    """The engine's contract question and the full search agree on *s*, meld by meld."""
    seat = s.turn_player
    hand = s.hands[seat]
    laid = policy_for(s.ruleset).own_melds(s, seat)
    keep = 1 if must_keep_card(s) else 0
    quick = contract_lay_test(hand, laid, s.round, s.ruleset, keep)
    full = searched_lay_test(hand, laid, s.round, s.ruleset, keep)
    assert (quick is None) == (full is None)
    if quick is not None and full is not None:
        for meld in remi.candidate_melds(hand, s.ruleset):
            assert quick(meld) == full(meld), meld


@pytest.mark.sweep
@pytest.mark.parametrize("name", ["norwegian", "shanghai", "twos", "all-down"])
@pytest.mark.parametrize("greedy", [False, True], ids=["uniform", "greedy"])
def test_sweep_contract_lay_answers_equal_the_search(name: str, greedy: bool) -> None:
    check_play_states(RULESETS[name], range(6), (greedy,), _same_lay_answers)


@pytest.mark.parametrize("name", ["norwegian", "all-down"])
def test_contract_lay_answers_equal_the_search(name: str) -> None:
    """The quick selection's share of the sweep: one seeded game each way."""
    check_play_states(RULESETS[name], (11,), (False, True), _same_lay_answers)
