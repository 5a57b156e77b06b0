"""The shape of the work, not its speed: no timing here (the timing targets live in bench/).

- The number of offered actions stays polynomial (< 5,000) on the adversarial hands of the
  speed issue and on a seat holding 41 cards in Norwegian round 5.
- The fast listings (an action kind's ``offered``) give exactly the candidates filtered through the
  refusal, in the same order.
- The counts-only joker bound of the contract search is a necessary condition.
- Playing leaves (almost) no reference cycles for the garbage collector.
"""

from __future__ import annotations

import gc
import random

import attrs
import pytest
from game_helpers import position

import remi
from remi.game import engine as _engine
from remi.solver.bounds import jokers_short as _jokers_short
from remi.solver.hands import counts_of as _fast_counts
from remi.solver.limits import limits_of as _entry

SPADES = "♠A ♠2 ♠3 ♠4 ♠5 ♠6 ♠7 ♠8 ♠9 ♠10 ♠J ♠Q ♠K"


def _forty_one(seed: int) -> remi.GameState:
    pack = list(remi.make_pack(*remi.NORWEGIAN.pack_for(4)))
    random.Random(seed).shuffle(pack)
    return position(remi.NORWEGIAN, 4, hands={0: " ".join(str(c) for c in pack[:41])}, round=5)


ADVERSARIAL = {
    "slovenian-starter-spades-and-four-jokers": lambda: position(
        remi.SLOVENIAN, 4, hands={0: "♠A ♠2 ♠3 ♠4 ♠5 ♠6 ♠7 ♠8 ♠9 ♠10 ♠J JK JK JK JK"}
    ),
    "slovenian-eight-card-run-three-jokers": lambda: position(
        remi.SLOVENIAN, 4, hands={0: "♥4 ♥5 ♥6 ♥7 ♥8 ♥9 ♥10 ♥J JK JK JK ♣2 ♦5 ♠K"}
    ),
    "kalooki-twelve-spades-two-jokers": lambda: position(
        remi.KALOOKI, 4, hands={0: "♠A ♠2 ♠3 ♠4 ♠5 ♠6 ♠7 ♠8 ♠9 ♠10 ♠J ♠Q JK JK"}
    ),
    "norwegian-round-5-41-cards-seed-0": lambda: _forty_one(0),
    "norwegian-round-5-41-cards-seed-5": lambda: _forty_one(5),
}


@pytest.mark.parametrize("name", sorted(ADVERSARIAL))
def test_offered_actions_stay_polynomial(name: str) -> None:
    state = ADVERSARIAL[name]()
    legal = state.legal_actions()
    assert 0 < len(legal) < 5000
    # Every offered lay-down is one meld, and legal_actions() lists each once in the one order.
    assert all(len(a.melds) == 1 for a in legal if isinstance(a, remi.LayDown))
    assert len(set(legal)) == len(legal)


def _playout_states(ruleset: remi.Ruleset, players: int, seed: int, limit: int) -> list[remi.GameState]:
    rules = attrs.evolve(ruleset, max_turns_per_round=30)
    rng = random.Random(seed)
    state = remi.new_game(rules, players=players, seed=seed)
    out = []
    while not state.is_over and len(out) < limit:
        out.append(state)
        legal = state.legal_actions()
        lays = [a for a in legal if isinstance(a, (remi.LayDown, remi.LayOff, remi.SwapJoker))]
        state = state.apply(rng.choice(lays) if lays and rng.random() < 0.7 else rng.choice(legal))
    return out


@pytest.mark.parametrize("preset", sorted(remi.PRESETS))
def test_fast_listings_equal_the_filtered_candidates(preset: str) -> None:
    ruleset = remi.PRESETS[preset]
    for seed in range(2):
        for state in _playout_states(ruleset, max(ruleset.min_players, 3), seed, 400):
            if state.phase == "over":
                continue
            for kind in _engine._KINDS_IN[state.phase]:
                if kind.offered is None:
                    continue
                fast = list(kind.offered(state))
                slow = sorted(
                    {a for a in kind.candidates(state) if kind.refusal(state, a) is None},
                    key=_engine._action_key,
                )
                assert fast == slow, (preset, seed, state.round, state.turn, kind.action.__name__)


def test_joker_bound_is_necessary() -> None:
    rng = random.Random(7)
    pack = list(remi.make_pack(*remi.NORWEGIAN.pack_for(4)))
    rules = _entry(remi.NORWEGIAN).rules
    loose = remi.with_variants(remi.NORWEGIAN, "all down at once")
    pruned = 0
    for _ in range(150):
        hand = rng.sample(pack, rng.randint(6, 13))
        counts = _fast_counts(hand)
        for round, contract in enumerate(remi.NORWEGIAN.contracts[:6], start=1):
            if _jokers_short(counts, rules, contract.sets, contract.runs, True):
                pruned += 1
                assert not remi.contract_layouts(hand, round, remi.NORWEGIAN)
            if _jokers_short(counts, rules, contract.sets, contract.runs, False):
                assert not remi.contract_layouts(hand, round, loose)
    assert pruned > 50  # the bound does rule hands out


def _gin_deal(seed: int) -> None:
    rng = random.Random(seed)
    state = remi.new_game(remi.GIN, players=2, seed=seed)
    first = state.round
    while not state.is_over and state.round == first:
        state = state.apply(rng.choice(state.legal_actions()))


def _norwegian_match(seed: int) -> None:
    rng = random.Random(seed)
    state = remi.new_game(attrs.evolve(remi.NORWEGIAN, max_turns_per_round=20), players=4, seed=seed)
    while not state.is_over:
        state = state.apply(rng.choice(state.legal_actions()))


def test_no_reference_cycles_per_call() -> None:
    _gin_deal(10_000)  # warm the module-level tables
    gc.collect()
    gc.disable()
    try:
        for seed in range(200):
            _gin_deal(seed)
        gin = gc.collect()
        for seed in range(3):
            _norwegian_match(seed)
        norwegian = gc.collect()
    finally:
        gc.enable()
    assert gin < 100
    assert norwegian < 100


def _replay(ruleset: remi.Ruleset, seed: int) -> list[list[remi.Action]]:
    rng = random.Random(seed)
    state = remi.new_game(attrs.evolve(ruleset, max_turns_per_round=20), players=4, seed=seed)
    seen = []
    while not state.is_over and len(seen) < 300:
        legal = state.legal_actions()
        seen.append(legal)
        lays = [a for a in legal if isinstance(a, (remi.LayDown, remi.LayOff, remi.SwapJoker, remi.Build))]
        state = state.apply(rng.choice(lays) if lays and rng.random() < 0.8 else rng.choice(legal))
    return seen


@pytest.mark.parametrize("ruleset", [remi.NORWEGIAN, remi.with_variants(remi.NORWEGIAN, "all down at once")])
def test_engine_caches_are_registered_bounded_and_cleared_without_changing_answers(
    ruleset: remi.Ruleset,
) -> None:
    # The promise of remi.clear_caches (docs/api): it empties every cache remi keeps, the engine's
    # among them, and the answers do not change; each stays within its bound.
    remi.clear_caches()
    first = _replay(ruleset, 3)
    engine = {info.name: info for info in remi.cache_info() if info.name.startswith("engine.")}
    assert {
        "engine.layoffs",
        "engine.hand-melds",
        "engine.hand-meld-list",
        "engine.set-lays",
        "engine.builds",
    } <= set(engine)
    assert engine["engine.layoffs"].size and (
        engine["engine.hand-meld-list"].size or engine["engine.builds"].size
    )
    assert all(info.size <= info.maxsize for info in engine.values())
    remi.clear_caches()
    assert all(info.size == 0 for info in remi.cache_info() if info.name.startswith("engine."))
    assert _replay(ruleset, 3) == first
