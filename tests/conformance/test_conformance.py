"""Conformance: every playable preset and option combination must pass these checks.

The cases come from :func:`conformance_helpers.cases`: every preset that :func:`remi.new_game`
accepts (a game that raises :class:`remi.UnsupportedError` is skipped, so new games
join automatically), at 3, 4 and 5 players, and the Norwegian house rules alone and
in combinations. Each case plays seeded matches to the end with a seeded policy and
checks, after every action: the invariants (RULES 0. Concepts: card conservation),
serialization round trips, the legal-action list, that every offered action applies
and a sample of other actions is refused, and the match record (RULES 1. Scoring).
"""

from __future__ import annotations

import copy
import json
import random
import zlib
from typing import Any

import attrs
import pytest
from conformance_helpers import (
    Case,
    action_effects,
    cases,
    hand_delta,
    iter_refusals,
    make_policy,
    match_record,
    phase_shape,
    play,
    round_end,
    roundtrip,
)
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import remi
from remi import GameState, IllegalActionError, RemiError, StateError

SHANGHAI_TAKEN_REPRO = ("take", "lay ♠2 ♦2 ♦2", "lay ♠3 ♦3 ♣3", "discard ♦3")


#: FINNISH 3 players, seed 13: after these actions the seat on turn holds only the card it just
#: took from the discard pile, which it may not discard, and nothing to lay: no legal action.
DEAD_END_REPRO = (
    "take",
    "discard ♣K",
    "take",
    "discard ♥7",
    "take",
    "discard ♥Q",
    "draw",
    "discard ♦A",
    "take",
    "discard ♣6",
    "draw",
    "discard ♠6",
    "take",
    "discard ♣10",
    "take",
    "discard ♦K",
    "take",
    "discard ♦3",
    "take",
    "discard ♠10",
    "take",
    "discard ♦Q",
    "take",
    "lay ♦J ♦Q ♦K",
    "off ♦10 0",
    "discard ♣J",
    "draw",
    "lay ♦2 ♦3 ♦4",
    "discard ♣9",
    "draw",
    "off ♦A 1",
    "discard ♣10",
    "draw",
    "discard ♦7",
    "take",
    "discard ♠3",
    "draw",
    "discard ♣K",
    "draw",
    "discard ♥7",
    "take",
    "discard ♠4",
    "take",
    "discard ♠10",
    "draw",
    "discard ♥A",
    "draw",
    "lay ♥7 ♦7 ♣7",
    "discard ♠6",
    "take",
    "discard ♠8",
    "draw",
    "discard ♠9",
    "take",
    "discard ♥3",
    "take",
    "lay ♥3 ♥4 ♥5",
    "discard ♠6",
    "take",
    "discard ♣3",
    "draw",
    "discard ♠9",
    "draw",
    "discard ♦8",
    "draw",
    "off ♠7 2",
    "discard ♠A",
    "take",
    "off ♥2 3",
)


def _marks(case: Case) -> list[pytest.MarkDecorator]:
    return []


CASES = cases()
IDS = [case.name for case in CASES]
PARAMS = [pytest.param(case, id=case.name, marks=_marks(case)) for case in CASES]

#: The order legal_actions() promises: by action type, then by cards.
TYPE_ORDER = [
    remi.Cut,
    remi.DrawStock,
    remi.TakeDiscard,
    remi.Buy,
    remi.Pass,
    remi.LayDown,
    remi.Build,
    remi.LayOff,
    remi.SwapJoker,
    remi.Discard,
    remi.Knock,
    remi.CallShanghai,
]


def case_seed(case: Case, salt: int = 0) -> int:
    """A stable seed per case (independent of hash randomization)."""
    return zlib.crc32(f"{case.name}:{salt}".encode()) % 100_000


# -- the per-state checks ---------------------------------------------------------------------


def full_check(state: GameState, rng: random.Random, refusals: int = 12) -> None:
    """Every check on one state; the state must come out untouched."""
    # RULES 0. Concepts: every card of the pack is somewhere, exactly once per copy.
    state.check_invariants()
    phase_shape(state)
    snapshot = state.to_dict()
    twin = roundtrip(state)

    legal = state.legal_actions()
    assert legal == state.legal_actions(), "legal_actions() differs between two calls"
    assert twin.legal_actions() == legal, "a deserialized copy lists other legal actions"
    assert len(set(legal)) == len(legal), "legal_actions() has duplicates"
    kinds = [TYPE_ORDER.index(type(a)) for a in legal]
    assert kinds == sorted(kinds), f"legal_actions() not in type order: {[str(a) for a in legal]}"
    if state.is_over:
        assert legal == []
    else:
        assert legal, f"no legal action in phase {state.phase}"

    for action in legal:
        assert remi.parse_action(str(action)) == action, f"notation does not round-trip: {action}"
        assert state.is_legal(action), f"offered {action} but is_legal says no"
        assert state.is_legal(str(action))
        assert state.why_illegal(action) is None, (
            f"offered {action} but why_illegal: {state.why_illegal(action)}"
        )
        after = state.apply(action, player=state.current_player)
        assert after == state.apply(str(action)), "action text applies differently"
        assert after.round >= state.round

    if legal:
        for seat in range(state.players):
            if seat != state.current_player:
                with pytest.raises(IllegalActionError):
                    state.apply(legal[0], player=seat)

    for action in iter_refusals(state, legal, rng, refusals):
        assert not state.is_legal(action), f"{action} is legal but not offered in phase {state.phase}"
        error = state.why_illegal(action)
        assert isinstance(error, IllegalActionError), f"{action}: why_illegal gave {error!r}"
        assert error.code and error.reason
        with pytest.raises(IllegalActionError):
            state.apply(action)

    assert state.to_dict() == snapshot, "checking a state changed it"
    assert state == twin


def cheap_check(state: GameState) -> None:
    """The invariants and a non-empty action list only."""
    state.check_invariants()
    assert state.is_over or state.legal_actions()


def transition_check(before: GameState, action: remi.Action, after: GameState) -> None:
    """What one action may change."""
    after.check_invariants()
    hand_delta(before, action, after)
    round_end(before, action, after)
    action_effects(before, action, after)
    assert after.totals == tuple(sum(r.points[s] for r in after.results) for s in range(after.players))
    assert after.round >= before.round
    assert len(after.results) >= len(before.results)
    assert after.results[: len(before.results)] == before.results, "past round results changed"


def finished_check(final: GameState, rng: random.Random) -> None:
    """A finished game offers nothing and refuses everything."""
    match_record(final)
    assert final.is_over and final.current_player == -1
    roundtrip(final)
    for action in iter_refusals(final, [], rng, 30):
        assert not final.is_legal(action)
        with pytest.raises(IllegalActionError):
            final.apply(action)
    with pytest.raises(IllegalActionError):
        final.apply(remi.DrawStock(), player=0)


# -- the conformance tests --------------------------------------------------------------------


@pytest.mark.parametrize("case", PARAMS)
def test_full_match_checked_at_every_step(case: Case) -> None:
    # RULES 0. Concepts / RULES 1. Norwegian Remi: a whole match, every state fully checked.
    rules = case.bounded
    rng = random.Random(case_seed(case, 1))
    policy = make_policy("greedy", case_seed(case, 2))

    def step(before: GameState, action: remi.Action, after: GameState, index: int) -> None:
        full_check(before, rng)
        before_dict = before.to_dict()
        transition_check(before, action, after)
        assert before.to_dict() == before_dict, "apply changed the state it was called on"

    record = play(rules, case.players, case_seed(case), policy, step=step)
    full_check(record.final, rng)
    finished_check(record.final, rng)


@pytest.mark.parametrize("case", PARAMS)
def test_more_playouts_and_determinism(case: Case) -> None:
    # RULES 0. Concepts: the same seed and the same actions replay exactly.
    rules = case.bounded
    rng = random.Random(case_seed(case, 3))
    for salt, kind in ((4, "greedy"), (5, case.random_kind)):
        seed = case_seed(case, salt)

        def step(before: GameState, action: remi.Action, after: GameState, index: int) -> None:
            if index % 2:
                cheap_check(after)
            else:
                transition_check(before, action, after)
                if index % 16 == 0:
                    full_check(before, rng, refusals=6)

        first = play(rules, case.players, seed, make_policy(kind, seed), step=step)
        second = play(rules, case.players, seed, make_policy(kind, seed))
        assert [str(a) for a in first.actions] == [str(a) for a in second.actions]
        assert first.final.to_dict() == second.final.to_dict()
        assert first.final == second.final
        match_record(first.final)
        # Replaying the action texts on a fresh game reaches the same end.
        state = remi.new_game(rules, players=case.players, seed=seed)
        for action in first.actions:
            state = state.apply(str(action))
        assert state == first.final


def test_shanghai_window_clears_the_taken_card() -> None:
    # RULES 1. Further variants: Shanghai. A turn's taken card belongs to the play phase only;
    # the state after a Shanghai-opening discard must pass its own invariants and round-trip.
    state = remi.new_game(remi.with_variants(remi.NORWEGIAN, "shanghai"), players=3, seed=49)
    for text in SHANGHAI_TAKEN_REPRO:
        state = state.apply(text)
    assert state.phase == "shanghai"
    state.check_invariants()
    assert GameState.from_dict(state.to_dict()) == state


def test_no_dead_end_with_only_the_taken_card() -> None:
    # RULES 2. Basic Rummy: the card just taken may not be discarded that turn, so a lay-off that
    # leaves only that card must be refused, and the turn still has an action.
    state = remi.new_game(remi.FINNISH, players=3, seed=13)
    for text in DEAD_END_REPRO[:-1]:
        state = state.apply(text)
    with pytest.raises(IllegalActionError) as info:
        state.apply(DEAD_END_REPRO[-1])
    assert info.value.code == "taken-card-stranded"
    assert remi.parse_action(DEAD_END_REPRO[-1]) not in state.legal_actions()
    assert state.legal_actions()


def test_cases_cover_the_playable_presets() -> None:
    # RULES 1. Norwegian Remi: the playable preset and its named variants are all in the suite.
    names = {case.name for case in CASES}
    assert "norwegian-4p" in names and "norwegian-3p" in names and "norwegian-5p" in names
    for variant in remi.NORWEGIAN_VARIANTS:
        assert f"norwegian+{variant}-4p" in names
    assert any(case.players == 6 for case in CASES)
    for case in CASES:
        state = remi.new_game(case.ruleset, players=case.players, seed=1)
        assert state.players == case.players


@given(seed=st.integers(0, 2**32 - 1), players=st.integers(3, 5), policy_seed=st.integers(0, 1000))
@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_short_random_matches_keep_invariants(seed: int, players: int, policy_seed: int) -> None:
    # RULES 0. Concepts: card conservation in any seeded match (short rounds: a turn cap of 12).
    rules = attrs.evolve(remi.NORWEGIAN, max_turns_per_round=12)

    def step(before: GameState, action: remi.Action, after: GameState, index: int) -> None:
        transition_check(before, action, after)
        assert GameState.from_dict(json.loads(json.dumps(after.to_dict()))) == after

    record = play(rules, players, seed, make_policy("greedy", policy_seed), step=step)
    match_record(record.final)


# -- malformed input --------------------------------------------------------------------------


def _mid_game() -> GameState:
    """A state with melds on the table, a buy history and results behind it."""
    rules = attrs.evolve(remi.with_variants(remi.NORWEGIAN, "shanghai"), max_turns_per_round=30)
    policy = make_policy("greedy", 11)
    state = remi.new_game(rules, players=4, seed=5)
    while not (len(state.results) >= 1 and state.table and state.phase == "play"):
        state = state.apply(policy(state, state.legal_actions()))
        assert not state.is_over
    return state


MID = _mid_game()
BASE = MID.to_dict()

_BAD_BY_KIND: dict[str, list[Any]] = {
    "int": ["1", 1.5, None, True, [], {}],
    "ints": [5, "1 2", None, [1.5], ["x"], {}],
    "cards": [5, None, ["♠K"], "♠Z", "zz top", {}],
}
_KINDS = {
    "players": "int",
    "seed": "int",
    "round": "int",
    "dealer": "int",
    "turn_player": "int",
    "to_act": "int",
    "turn": "int",
    "last_buyer": "int",
    "shanghai_from": "int",
    "reshuffles": "int",
    "cut_bonus_seat": "int",
    "down": "ints",
    "queue": "ints",
    "buys": "ints",
    "totals": "ints",
    "stock": "cards",
    "discard": "cards",
}


def _bad_dicts() -> list[tuple[str, Any]]:
    out: list[tuple[str, Any]] = []
    for value in (None, [], "state", 42, 1.5, (), BASE["hands"]):
        out.append((f"non-dict {value!r:.20}", value))
    for key in BASE:
        d = copy.deepcopy(BASE)
        del d[key]
        out.append((f"missing {key}", d))
    for key, kind in _KINDS.items():
        for value in _BAD_BY_KIND[kind]:
            d = copy.deepcopy(BASE)
            d[key] = value
            out.append((f"{key}={value!r}", d))
    for value in (None, 5, "x", [], {}, {"name": 1}, {**BASE["ruleset"], "decks": "two"}):
        d = copy.deepcopy(BASE)
        d["ruleset"] = value
        out.append((f"ruleset={value!r:.30}", d))
    for value in (None, 5, "x", [5], ["♠K"], [None] * 4, BASE["hands"][:-1], [*BASE["hands"], ""]):
        d = copy.deepcopy(BASE)
        d["hands"] = value
        out.append((f"hands={value!r:.30}", d))
    for value in (None, "fold", 3, "", "PLAY"):
        d = copy.deepcopy(BASE)
        d["phase"] = value
        out.append((f"phase={value!r}", d))
    for value in (None, "remi-state/0", "remi-state/99", 1, ""):
        d = copy.deepcopy(BASE)
        d["format"] = value
        out.append((f"format={value!r}", d))
    for value in (5, "♠K ♠Q", [], "♠Z"):
        d = copy.deepcopy(BASE)
        d["taken"] = value
        out.append((f"taken={value!r}", d))
    for value in (5, [5], "♠K"):
        d = copy.deepcopy(BASE)
        d["pending"] = value
        out.append((f"pending={value!r}", d))
    # The table.
    for value in (None, 5, "x", [5], [None], [{}]):
        d = copy.deepcopy(BASE)
        d["table"] = value
        out.append((f"table={value!r}", d))
    for field, value in (
        ("kind", "straight"),
        ("kind", None),
        ("cards", 5),
        ("cards", "♠Z ♠K"),
        ("wild", "no"),
        ("wild", [1, 0, 0]),
        ("wild", None),
        ("rank", "7"),
        ("rank", None),
        ("suit", 1.0),
        ("owner", 9),
        ("owner", "0"),
    ):
        d = copy.deepcopy(BASE)
        d["table"][0][field] = value
        out.append((f"table[0].{field}={value!r}", d))
    d = copy.deepcopy(BASE)
    del d["table"][0]["cards"]
    out.append(("table[0] missing cards", d))
    # Results.
    for value in (None, 5, [5], [None], [{}], [{"round": 1}]):
        d = copy.deepcopy(BASE)
        d["results"] = value
        out.append((f"results={value!r}", d))
    for field, value in (
        ("points", "1 2"),
        ("points", [1, 2]),
        ("round", "1"),
        ("went_out", "0"),
        ("points", None),
    ):
        d = copy.deepcopy(BASE)
        d["results"][0][field] = value
        out.append((f"results[0].{field}={value!r}", d))
    # Semantic damage: cards lost or duplicated, seats out of range, totals that do not add up.
    d = copy.deepcopy(BASE)
    d["hands"][0] = " ".join(d["hands"][0].split()[1:])
    out.append(("a card removed from a hand", d))
    d = copy.deepcopy(BASE)
    d["stock"] = d["stock"] + " " + d["hands"][1].split()[0]
    out.append(("a card duplicated into the stock", d))
    d = copy.deepcopy(BASE)
    d["discard"] = ""
    out.append(("the discard pile lost", d))
    d = copy.deepcopy(BASE)
    d["hands"][2] = d["hands"][2] + " " + "JK JK JK JK JK JK JK JK JK JK"
    out.append(("too many jokers", d))
    hand = BASE["hands"][BASE["turn_player"]].split()
    natural = next(c for c in hand if c != "JK")
    d = copy.deepcopy(BASE)
    d["pending"] = natural
    out.append(("pending holds a natural card", d))
    for key, value in (
        ("to_act", 9),
        ("turn_player", -1),
        ("dealer", 4),
        ("players", 2),
        ("players", 9),
        ("round", 0),
        ("round", 99),
        ("totals", [0, 0, 0, 0]),
        ("totals", [0, 0, 0]),
        ("down", [-1, -1]),
        ("queue", [7]),
    ):
        d = copy.deepcopy(BASE)
        d[key] = value
        out.append((f"{key}={value!r} (inconsistent)", d))
    return out


#: Malformed dicts the engine accepts today (engine bugs reported to the lead).
KNOWN_BUGS: dict[str, str] = {}

BAD = [
    pytest.param(data, id=name, marks=[pytest.mark.xfail(strict=True, reason=KNOWN_BUGS[name])])
    if name in KNOWN_BUGS
    else pytest.param(data, id=name)
    for name, data in _bad_dicts()
]


@pytest.mark.parametrize("data", BAD)
def test_malformed_state_dicts_raise_state_error(data: Any) -> None:
    # RULES 0. Concepts: a state that breaks the rules of the pack cannot be loaded.
    with pytest.raises(StateError) as info:
        GameState.from_dict(data)
    assert info.value.code and info.value.reason


def test_base_dict_of_the_malformed_tests_is_valid() -> None:
    assert GameState.from_dict(copy.deepcopy(BASE)) == MID
    assert GameState.from_dict(json.loads(json.dumps(BASE))) == MID


@pytest.mark.parametrize(
    "bad", [42, None, 1.5, b"draw", ["draw"], {"action": "draw"}, remi.JOKER, remi.NORWEGIAN]
)
def test_actions_of_the_wrong_type_are_refused(bad: Any) -> None:
    # A wrong type is a TypeError naming the argument (issue 15, item 14); is_legal stays membership.
    with pytest.raises(TypeError, match="^action must be a remi action or its text"):
        MID.apply(bad)
    assert MID.is_legal(bad) is False
    assert isinstance(MID.why_illegal(bad), RemiError)
    assert MID.to_dict() == BASE


@pytest.mark.parametrize(
    "text",
    [
        "fold",
        "",
        "   ",
        "discard",
        "discard ♠Z",
        "off ♠K",
        "off ♠K -1",
        "off ♠K x",
        "swap JK",
        "lay",
        "lay ♠K ♥Q ♦2",
        "shanghai x",
        "draw draw",
        "discard ♠K maybe",
        "buy now",
    ],
)
def test_action_texts_that_are_not_actions_are_refused(text: str) -> None:
    with pytest.raises(RemiError):
        MID.apply(text)
    assert MID.is_legal(text) is False
    assert isinstance(MID.why_illegal(text), RemiError)
    assert MID.to_dict() == BASE


def test_unplayable_presets_say_unsupported() -> None:
    for preset in remi.PRESETS.values():
        if preset.family == "contract":
            continue
        players = max(preset.min_players, 2)
        try:
            remi.new_game(preset, players=players, seed=0)
        except remi.UnsupportedError as exc:
            assert exc.code
        # A preset that no longer raises is playable: the conformance cases include it.
        else:
            assert any(case.ruleset is preset for case in CASES)
