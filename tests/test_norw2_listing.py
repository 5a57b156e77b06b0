"""The lay-off and joker-swap listings by table and by code equal the general paths (issue 18, speed round 4).

:func:`~remi.game.engine._layoff_offered` looks a card's lay-offs up per table
(:class:`~remi.game.engine._TableLayoffs`), :func:`~remi.game.engine._swap_candidates`
looks up the codes each wild card stands for, :func:`~remi.game.engine._swap_offered`
asks :func:`~remi.game.engine._refuse_swap` only where a freed joker has no other
meld to go on, and the sets-only contract test remembers its answer per rank. Each
is compared with the path it shortcuts (the kind's candidates through its refusal,
the old listings kept as oracles): on every play-phase state of seeded matches of
Norwegian and the benchmark's variants, under both benchmark policies (the sweep),
and on random tables (hypothesis).
"""

from __future__ import annotations

import random

import pytest
from game_helpers import check_play_states
from hypothesis import given, settings
from hypothesis import strategies as st

import remi
from remi import GameState
from remi.game import engine
from remi.game.policies import must_keep_card, policy_for
from remi.solver.completion import _plan, _sets_by_bound, _SetsLayTest

RULESETS = {
    "norwegian": remi.NORWEGIAN,
    "shanghai": remi.with_variants(remi.NORWEGIAN, "shanghai"),
    "twos": remi.with_variants(remi.NORWEGIAN, "spade twos wild"),
    "all-down": remi.with_variants(remi.NORWEGIAN, "all down at once"),
}


def _general(s: GameState, kind: type[remi.Action], candidates: list[remi.Action]) -> list[remi.Action]:
    """The kind's candidates through its refusal, in the fixed order (what a listing must give)."""
    refusal = engine._KIND_OF[kind].refusal
    return sorted({a for a in candidates if refusal(s, a) is None}, key=engine._action_key)


def _same_listings(s: GameState) -> None:
    """On *s*, each fast listing equals its oracle."""
    assert engine._swap_candidates(s) == engine._swap_candidates_by_buckets(s)
    assert engine._swap_offered(s) == _general(s, remi.SwapJoker, engine._swap_candidates_by_buckets(s))
    layoffs = engine._layoff_offered(s)
    assert layoffs == _general(s, remi.LayOff, list(engine._layoff_candidates(s)))
    if engine._layoffs_open(s):
        assert layoffs == engine._layoff_listing(s, True)
    _same_targets(s.table, s.ruleset)
    _same_sets_answers(s)
    _same_layoff_pairs(s.table, s.hands[s.turn_player], s.ruleset)


def _same_layoff_pairs(
    table: tuple[remi.Meld, ...], cards: tuple[remi.Card, ...], rules: remi.Ruleset
) -> None:
    """:func:`_layoff_pair` (no low end asked of a natural card but an ace on a run) equals the full asking."""
    for meld in table:
        for card in set(cards):
            if engine._could_fit(meld, card, rules):
                assert engine._layoff_pair(meld, card, rules) == engine._layoff_pair_in_full(
                    meld, card, rules
                )


def _same_targets(table: tuple[remi.Meld, ...], rules: remi.Ruleset) -> None:
    """:func:`_targets_by_code` answers what :func:`_fitting_targets` does, for every natural card."""
    by_code = engine._targets_by_code(table)
    targets = engine._fitting_targets(table, rules)
    for code in range(52):
        card = remi.Card.from_code(code)
        if not engine.is_wild(card, rules):
            assert list(by_code.get(code, ())) == list(targets(card)), (card, table)


def _same_sets_answers(s: GameState) -> None:
    """The sets-only contract test, remembered per rank, answers as it does asked afresh."""
    seat = s.turn_player
    plan = _plan(s.round, s.ruleset)
    if not _sets_by_bound(plan) or policy_for(s.ruleset).own_melds(s, seat):
        return
    hand = s.hands[seat]
    keep = 1 if must_keep_card(s) else 0
    test = _SetsLayTest(hand, plan, keep)
    for meld in remi.candidate_melds(hand, s.ruleset):
        fresh = _SetsLayTest(hand, plan, keep)
        assert test.test(meld) == fresh.test(meld)
        if (
            meld.kind == "set"
            and plan.sets > 1
            and len(hand) - keep - len(meld.cards) >= (plan.sets - 1) * plan.limits.set_min
        ):
            assert test.test(meld) == fresh._rest_fits(meld.cards, plan.sets - 1)


@pytest.mark.sweep
@pytest.mark.parametrize("name", sorted(RULESETS))
@pytest.mark.parametrize("greedy", [False, True], ids=["uniform", "greedy"])
def test_sweep_listings_equal_the_general_paths(name: str, greedy: bool) -> None:
    check_play_states(RULESETS[name], range(8), (greedy,), _same_listings)


@pytest.mark.parametrize("name", ["norwegian", "twos"])
def test_listings_equal_the_general_paths(name: str) -> None:
    """The quick selection's share of the sweep: one seeded match each way."""
    check_play_states(RULESETS[name], (13,), (False, True), _same_listings)


def test_table_layoffs_follow_the_table_object() -> None:
    """An entry serves the very table it was made for, and a new table (even an equal one) gets its own."""
    rules = remi.NORWEGIAN
    table = (remi.parse_meld("♠4 ♠5 ♠6 ♠7"), remi.parse_meld("♥9 ♦9 ♣9"))
    entry = engine._table_layoffs(table, rules)
    assert engine._table_layoffs(table, rules) is entry
    copy = tuple(list(table))
    assert copy is not table
    assert engine._table_layoffs(copy, rules).table is copy
    (card,) = remi.parse_cards("♠8")
    assert [str(a) for a in entry.of(card)] == [str(remi.LayOff(card, 0))]


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 10_000), name=st.sampled_from(sorted(RULESETS)), size=st.integers(0, 8))
def test_targets_by_code_on_random_tables(seed: int, name: str, size: int) -> None:
    """Tables of melds drawn from random hands' candidates: the lookup equals the buckets."""
    rules = RULESETS[name]
    rng = random.Random(seed)
    pack = list(remi.make_pack(*rules.pack_for(4)))
    melds: list[remi.Meld] = []
    for _ in range(size):
        found = remi.candidate_melds(rng.sample(pack, 14), rules)
        if found:
            melds.append(rng.choice(found))
    _same_targets(tuple(melds), rules)


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 10_000), name=st.sampled_from(sorted(RULESETS)))
def test_layoff_pairs_on_random_runs(seed: int, name: str) -> None:
    """Every card of the pack against runs from random hands: the short answer equals the full one."""
    rules = RULESETS[name]
    rng = random.Random(seed)
    pack = list(remi.make_pack(*rules.pack_for(4)))
    runs = [m for m in remi.candidate_melds(rng.sample(pack, 20), rules) if m.kind == "run"]
    _same_layoff_pairs(tuple(rng.sample(runs, min(len(runs), 6))), tuple(set(pack)), rules)
