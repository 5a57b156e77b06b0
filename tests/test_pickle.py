"""Every value and every error pickles and unpickles equal, also across processes.

Bot authors run games in worker processes first of all: states, actions and
rulesets go to the workers, and states, results and errors come back.
"""

from __future__ import annotations

import copy
import importlib
import multiprocessing
import pickle
import random
import re
import typing
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import remi
from remi import (
    Buy,
    CallShanghai,
    Cut,
    Discard,
    DrawStock,
    IllegalActionError,
    Knock,
    LayDown,
    LayOff,
    Pass,
    RemiError,
    SwapJoker,
    TakeDiscard,
)

PROTOCOLS = range(pickle.HIGHEST_PROTOCOL + 1)
ERROR_CLASSES = [
    remi.RemiError,
    remi.NotationError,
    remi.RulesetError,
    remi.MeldError,
    remi.IllegalActionError,
    remi.StateError,
    remi.UnsupportedError,
]


def roundtrip(value: Any, protocol: int = pickle.HIGHEST_PROTOCOL) -> Any:
    """*value* pickled and unpickled; the pickle names public paths only (remi.game.GameState, ...)."""
    blob = pickle.dumps(value, protocol=protocol)
    assert_public(blob)
    return pickle.loads(blob)


def assert_public(blob: bytes) -> None:
    """The pickle *blob* names remi's public modules only: never ``remi.game.state``, ``remi._cache``, ..."""
    names = {m.decode() for m in re.findall(rb"remi(?:\.\w+)*", blob)}
    assert names and names <= set(PUBLIC_MODULES), sorted(names - set(PUBLIC_MODULES))


def play(ruleset: remi.Ruleset, seed: int, steps: int, choices: int = 0) -> list[remi.GameState]:
    """The states of a random game: *steps* actions at most, chosen by a seeded RNG."""
    rng = random.Random(choices)
    state = remi.new_game(ruleset, seed=seed)
    states = [state]
    for _ in range(steps):
        if state.is_over:
            break
        state = state.apply(rng.choice(state.legal_actions()))
        states.append(state)
    return states


# -- values -------------------------------------------------------------------------------------


@pytest.mark.parametrize("protocol", PROTOCOLS)
def test_cards_unpickle_to_the_same_interned_value(protocol: int) -> None:
    cards = remi.make_pack(1, 1)
    assert all(a is b for a, b in zip(roundtrip(cards, protocol), cards))


@pytest.mark.parametrize("name", sorted(remi.PRESETS))
@pytest.mark.parametrize("protocol", PROTOCOLS)
def test_presets(name: str, protocol: int) -> None:
    ruleset = remi.PRESETS[name]
    back = roundtrip(ruleset, protocol)
    assert back == ruleset and hash(back) == hash(ruleset)
    assert back.values == ruleset.values and back.contracts == ruleset.contracts


@pytest.mark.parametrize("variant", sorted(remi.NORWEGIAN_VARIANTS))
def test_variants(variant: str) -> None:
    ruleset = remi.with_variants(remi.NORWEGIAN, variant)
    assert roundtrip(ruleset) == ruleset


ACTIONS = [
    Cut(),
    DrawStock(),
    TakeDiscard(),
    Buy(),
    Pass(),
    LayDown.of("♣5 ♣6 JK ♣8"),
    remi.Build("♠5"),
    LayOff("♠9", 2, low=True),
    SwapJoker("♠3", 1),
    Discard("♠K", shanghai=True),
    Knock("♥9"),
    CallShanghai(3, low=True),
]


def test_every_action_class_is_covered() -> None:
    assert {type(a) for a in ACTIONS} == set(remi.actions.ACTION_TYPES)


@pytest.mark.parametrize("action", ACTIONS, ids=str)
@pytest.mark.parametrize("protocol", PROTOCOLS)
def test_actions(action: remi.Action, protocol: int) -> None:
    back = roundtrip(action, protocol)
    assert back == action and type(back) is type(action) and str(back) == str(action)
    assert remi.parse_action(str(back)) == action


def test_checks_and_melds() -> None:
    values: list[object] = [
        remi.check_meld("♠7 ♠8 JK ♠10", remi.NORWEGIAN),
        remi.check_meld("♦K ♦A ♦2 ♦3", remi.NORWEGIAN),
        remi.check_contract(["♠7 ♥7 ♦7", "♣7 ♣8 ♣9 ♣10"], 1, remi.NORWEGIAN),
        remi.check_opening(["♠Q ♠K ♠A", "♥Q ♦Q ♣Q"], remi.SLOVENIAN),
        remi.check_joker_swap(remi.parse_meld("♠7 JK ♠9"), "♠8", remi.NORWEGIAN),
        remi.parse_meld("♠7 ♠8 JK ♠10"),
        remi.contract_for(3, remi.NORWEGIAN),
        remi.NORWEGIAN.values,
    ]
    for value in values:
        for protocol in PROTOCOLS:
            assert roundtrip(value, protocol) == value, value


def test_solver_and_settlement_values() -> None:
    hands = ["♠7 ♠8 ♠9 ♥K", "♦2 ♦3 JK", "♣K ♣Q"]
    values: list[object] = [
        remi.best_arrangement(remi.parse_cards("♠7 ♠8 ♠9 ♥7 ♦7 ♣7 ♥K"), remi.GIN),
        remi.settle(hands, 1, remi.NORWEGIAN),
        remi.settle_penalty(hands, None, remi.NORWEGIAN),
        remi.RoundResult(1, 2, (40, 12, 0), cut_bonus=1),
    ]
    for value in values:
        assert roundtrip(value) == value, value


@pytest.mark.parametrize("name", sorted(remi.PRESETS))
def test_states_with_finished_rounds(name: str) -> None:
    """A state that carries round results, its legal-actions cache filled, pickles equal and plays on."""
    rng = random.Random(7)
    state = remi.new_game(remi.PRESETS[name], seed=11)
    for _ in range(3000):
        if state.results or state.is_over:
            break
        state = state.apply(rng.choice(state.legal_actions()))
    assert state.results, "no round finished: raise the step limit"
    state.legal_actions()  # fill the cache
    for protocol in PROTOCOLS:
        back = roundtrip(state, protocol)
        assert back == state and hash(back) == hash(state)
        assert back.results == state.results and back.to_dict() == state.to_dict()
        assert back.legal_actions() == state.legal_actions()
    assert copy.deepcopy(state) == state and copy.copy(state) == state


def test_unpickled_cache_is_not_shared() -> None:
    state = remi.new_game(remi.NORWEGIAN, seed=1)
    actions = state.legal_actions()
    back = roundtrip(state)
    back_actions = back.legal_actions()
    back_actions.append(Pass())
    assert back.legal_actions() == actions == state.legal_actions()


@settings(max_examples=30, deadline=None)
@given(
    name=st.sampled_from(sorted(remi.PRESETS)),
    seed=st.integers(0, 2**32 - 1),
    choices=st.integers(0, 2**16),
    steps=st.integers(0, 120),
)
def test_states_along_random_games(name: str, seed: int, choices: int, steps: int) -> None:
    """Along random games of every preset, a state unpickles equal and plays on identically."""
    states = play(remi.PRESETS[name], seed, steps, choices)
    for index, state in enumerate(states):
        cold = roundtrip(state)  # some states are pickled with their cache filled, some without
        assert cold == state and hash(cold) == hash(state)
        legal = state.legal_actions()
        warm = roundtrip(state)
        assert warm == state
        assert cold.legal_actions() == legal and warm.legal_actions() == legal
        if index + 1 < len(states):
            following = states[index + 1]
            played = next(a for a in legal if state.apply(a) == following)
            assert cold.apply(played) == following and warm.apply(played) == following


# -- errors -------------------------------------------------------------------------------------


@pytest.mark.parametrize("cls", ERROR_CLASSES, ids=lambda c: c.__name__)
@pytest.mark.parametrize("protocol", PROTOCOLS)
def test_each_error_class(cls: type[RemiError], protocol: int) -> None:
    error = cls("internal", "Something is wrong.")
    back = roundtrip(error, protocol)
    assert type(back) is cls and back == error and hash(back) == hash(error)
    assert (back.code, back.reason, str(back), back.args) == (
        error.code,
        error.reason,
        str(error),
        error.args,
    )
    assert repr(back) == repr(error)
    assert copy.copy(error) == error and copy.deepcopy(error) == error


def test_errors_compare_by_type_code_and_reason() -> None:
    error = IllegalActionError("wrong-phase", "Not now.")
    assert error == IllegalActionError("wrong-phase", "Not now.")
    assert error != IllegalActionError("wrong-phase", "Later.")
    assert error != IllegalActionError("game-over", "Not now.")
    assert error != remi.NotationError("wrong-phase", "Not now.")
    assert error != "Not now."


def test_error_keeps_notes_and_attributes() -> None:
    error = IllegalActionError("wrong-phase", "Not now.")
    error.add_note("seat 2, turn 7")
    back = roundtrip(error)
    assert back.__notes__ == ["seat 2, turn 7"] and back == error


def test_errors_raised_by_the_engine() -> None:
    state = remi.new_game(remi.NORWEGIAN, seed=1)
    with pytest.raises(IllegalActionError) as info:
        state.apply("buy")
    assert roundtrip(info.value) == info.value
    why = state.why_illegal("discard ♠6")
    assert why is not None and roundtrip(why) == why
    with pytest.raises(remi.NotationError) as notation:
        remi.parse_card("♠1")
    assert roundtrip(notation.value) == notation.value


# -- across processes -----------------------------------------------------------------------------


def _apply_in_worker(state: remi.GameState, action: str) -> remi.GameState:
    return state.apply(action)


def _play_in_worker(name: str, seed: int) -> remi.GameState:
    return play(remi.PRESETS[name], seed, 40)[-1]


def test_illegal_action_error_comes_back_from_a_process_pool() -> None:
    state = remi.new_game(remi.NORWEGIAN, seed=1)
    expected = state.why_illegal("discard ♠6")
    assert expected is not None
    with ProcessPoolExecutor(max_workers=1) as pool:
        # A state goes to the worker and a state comes back.
        assert pool.submit(_apply_in_worker, state, "draw").result(timeout=120) == state.apply("draw")
        assert pool.submit(_play_in_worker, "gin", 5).result(timeout=120) == play(remi.GIN, 5, 40)[-1]
        # An illegal action raises in the worker and arrives intact.
        future = pool.submit(_apply_in_worker, state, "discard ♠6")
        with pytest.raises(IllegalActionError) as info:
            future.result(timeout=120)
    error = info.value
    assert type(error) is IllegalActionError
    assert (error.code, error.reason) == (expected.code, expected.reason)
    assert error == expected


def test_multiprocessing_pool_does_not_hang_on_an_error() -> None:
    state = remi.new_game(remi.NORWEGIAN, seed=1)
    with multiprocessing.get_context("spawn").Pool(1) as pool:
        result = pool.apply_async(_apply_in_worker, (state, "buy"))
        with pytest.raises(IllegalActionError) as info:
            result.get(timeout=120)
    assert info.value.code == "wrong-phase"


def test_player_views_and_records_pickle_equal() -> None:
    # Views and records travel to worker processes too (self-play, ISMCTS over processes).
    state = remi.new_game(remi.NORWEGIAN, players=4, seed=7)
    for _ in range(12):
        state = state.apply(state.legal_actions()[0])
    for seat in range(4):
        view = state.view(seat)
        assert roundtrip(view) == view
    recorder = remi.Recorder(remi.new_game(remi.GIN, players=2, seed=3))
    for _ in range(10):
        recorder.apply(recorder.state.legal_actions()[0])
    record = recorder.record()
    assert roundtrip(record) == record


# -- public paths (docs/design.rst, "Layers": a pickle names the public module of each class) --------

PUBLIC_MODULES = [
    "remi",
    "remi.actions",
    "remi.messages",
    "remi.cards",
    "remi.catalogue",
    "remi.contracts",
    "remi.game",
    "remi.melds",
    "remi.records",
    "remi.rulesets",
    "remi.scoring",
    "remi.solver",
    "remi.views",
]


def public_classes() -> list[type]:
    out: list[type] = []
    for name in PUBLIC_MODULES:
        module = importlib.import_module(name)
        out += [
            v for v in (getattr(module, n) for n in module.__all__) if isinstance(v, type) and v not in out
        ]
    return out


@pytest.mark.parametrize("cls", public_classes(), ids=lambda c: c.__name__)
def test_every_public_class_names_its_public_home(cls: type) -> None:
    # Pickles and reprs name the public module that documents the class, which holds it by that name.
    home = cls.__module__
    assert home in PUBLIC_MODULES
    assert getattr(importlib.import_module(home), cls.__qualname__) is cls
    assert repr(cls) == f"<class '{home}.{cls.__qualname__}'>"
    typing.get_type_hints(cls)  # the annotations still resolve where the class was written


def test_the_pickles_of_each_kind_of_value_name_public_paths_only() -> None:
    state = play(remi.NORWEGIAN, 4, 60)[-1]
    values: list[Any] = [
        state,
        state.view(0),
        remi.PRESETS["gin"],
        remi.parse_cards("♠A JK")[1],
        remi.check_meld("♥3 ♥4 ♥5", remi.NORWEGIAN),
        remi.RoundResult(1, 0, (0, 5, 7, 9)),
        remi.GameRecord.from_actions(remi.new_game(remi.GIN, players=2, seed=2), ["draw"]),
        remi.IllegalActionError("wrong-phase", "Not now."),
        remi.CatalogueError("unknown-action", "No such action."),
        remi.CacheInfo("solver.pieces", 0, 64),
    ]
    for value in values:
        blob = pickle.dumps(value)
        assert_public(blob)
        assert pickle.loads(blob) == value
