"""A view that stands on its own (issue 17): a client sent only its view plays as the state would let it.

``PlayerView.is_legal``, ``why_illegal``, ``parse_action``, ``legal_actions``, ``contract``,
``scores`` and ``winners`` answer as the state does for the seat to act; out of turn every
action is answered as ``state.apply(action, player=seat)`` answers it. ``to_dict`` and
``from_dict`` round-trip, and malformed or impossible dicts are refused with a
:class:`remi.StateError` quoting the value, leaving the dict untouched.
"""

from __future__ import annotations

import pickle
import random
from collections.abc import Callable
from typing import Any

import attrs
import pytest
from game_helpers import mid_build
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_views import RULESETS, play

import remi
from remi import GameState
from remi.actions import Build as BuildCard
from remi.actions import (
    Buy,
    CallShanghai,
    Cut,
    DrawStock,
    Knock,
    LayOff,
    Pass,
    SwapJoker,
    TakeDiscard,
    is_action,
)
from remi.actions import Discard as DiscardCard
from remi.game import engine
from remi.views import view

games = st.tuples(
    st.sampled_from(sorted(RULESETS)),
    st.integers(0, 10_000),
    st.integers(0, 200),
    st.integers(0, 5),
)


def spread(state: GameState, rng: random.Random) -> list[Any]:
    """Actions (values and text) to ask about at *state*: the legal ones and many that are not."""
    hand = state.hands[state.to_act] if state.players > state.to_act >= 0 else ()
    cards = list(hand) + [remi.JOKER, remi.parse_card("♠A")]
    picked = rng.sample(cards, min(len(cards), 5))
    out: list[Any] = list(state.legal_actions())
    out += [str(a) for a in out]
    out += [Cut(), DrawStock(), TakeDiscard(), Buy(), Pass()]
    for card in picked:
        out += [DiscardCard(card), Knock(card), BuildCard(card), f"discard {card}", f"build {card}"]
        for target in range(len(state.table) + 1):
            out += [LayOff(card, target), SwapJoker(card, target), f"off {card} {target}"]
    out += [CallShanghai(0), "shanghai 0"]
    if len(hand) >= 3:
        for _ in range(3):
            out.append("lay " + remi.format_cards(rng.sample(list(hand), 3)))
            out.append("lay " + remi.format_cards(rng.sample(list(hand), min(len(hand), 4))))
    out += ["xyzzy", "discard zz", "", "lay", "off ♠9 on ♠7 ♠8", 5, None]
    return out


def answer(call: Callable[[], Any]) -> Any:
    """What *call* returns, or the remi error it raises (errors compare by type, code and reason)."""
    try:
        return call()
    except remi.RemiError as exc:
        return exc


def out_of_turn(state: GameState, seat: int, action: Any) -> Any:
    """What the state answers for *action* played by *seat* while another seat is to act."""
    if not (isinstance(action, str) or is_action(action)):
        return state.why_illegal(action)
    try:
        state.apply(action, player=seat)
    except (remi.IllegalActionError, remi.NotationError) as exc:
        return exc
    raise AssertionError("an action out of turn was played")


# -- answering as the state ----------------------------------------------------------------------


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games, st.randoms(use_true_random=False))
def test_the_view_of_the_seat_to_act_answers_as_the_state(game, rng):
    state = play(*game)
    if state.is_over:
        return
    v = view(state, state.current_player)
    assert v.legal_actions() == state.legal_actions()
    for action in spread(state, rng):
        assert v.is_legal(action) == state.is_legal(action), action
        assert v.why_illegal(action) == state.why_illegal(action), action
        if isinstance(action, str):
            assert answer(lambda a=action: v.parse_action(a)) == answer(
                lambda a=action: state.parse_action(a)
            ), action


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games, st.integers(1, 4), st.randoms(use_true_random=False))
def test_a_view_out_of_turn_answers_as_the_state_for_its_seat(game, offset, rng):
    state = play(*game)
    seat = (max(state.current_player, 0) + offset) % state.players
    if seat == state.current_player:
        return
    v = view(state, seat)
    assert v.legal_actions() == []
    for action in spread(state, rng):
        expected = out_of_turn(state, seat, action)
        assert v.why_illegal(action) == expected, action
        assert v.is_legal(action) is False
        if isinstance(action, str):
            assert answer(lambda a=action: v.parse_action(a)) == expected
    code = "game-over" if state.is_over else "not-your-turn"
    assert v.why_illegal("draw").code == code
    with pytest.raises(remi.IllegalActionError) as caught:
        v.parse_action("draw")
    assert caught.value.code == code  # the engine's refusal, as the state raises it


@settings(max_examples=40, deadline=None)
@given(games, st.integers(0, 5))
def test_contract_scores_and_winners_are_the_states(game, seat_pick):
    state = play(*game)
    v = view(state, seat_pick % state.players)
    assert v.scores == state.scores
    assert v.winners == state.winners
    assert answer(lambda: v.contract) == answer(lambda: state.contract)


def test_a_finished_match_has_its_winners_in_every_view():
    state = play("gin-short", 2, 10_000)
    assert state.is_over and state.winners
    for seat in range(state.players):
        v = view(state, seat)
        assert v.winners == state.winners and v.scores == state.totals
        assert v.why_illegal("draw") == out_of_turn(state, seat, "draw")
        assert v.why_illegal("draw").code == "game-over"


@pytest.mark.rule("norwegian-buying")
def test_a_seat_in_a_buying_window_answers_as_the_state():
    for seed in range(40):
        state = play("norwegian", seed, 60 + seed)
        if state.phase == "buy":
            break
    else:  # pragma: no cover - random play reaches a buying window within a few seeds
        pytest.fail("no buying window reached")
    v = view(state, state.to_act)
    assert {str(a) for a in v.legal_actions()} == {str(a) for a in state.legal_actions()}
    assert v.is_legal("buy") == state.is_legal("buy") and v.is_legal("pass")
    turn = view(state, state.turn_player)
    assert turn.why_illegal("buy") == out_of_turn(state, state.turn_player, "buy")


@pytest.mark.rule("norwegian-shanghai")
def test_a_seat_asked_to_call_shanghai_answers_as_the_state():
    rng = random.Random(0)
    for seed in range(60):
        state = play("norwegian-shanghai", seed, 40 + seed)
        if state.phase == "shanghai":
            break
    else:  # pragma: no cover
        pytest.fail("no Shanghai window reached")
    v = view(state, state.to_act)
    assert v.legal_actions() == state.legal_actions()
    for action in spread(state, rng):
        assert v.why_illegal(action) == state.why_illegal(action)


@pytest.mark.rule("norwegian-build-card-by-card")
@pytest.mark.parametrize("seed", range(4))
def test_the_builder_of_a_meld_answers_as_the_state(seed):
    state = mid_build(seed, seed % 3)
    v = view(state, state.turn_player)
    assert v.legal_actions() == state.legal_actions()
    rng = random.Random(seed)
    for action in spread(state, rng):
        assert v.why_illegal(action) == state.why_illegal(action)
        if isinstance(action, str):
            assert answer(lambda a=action: v.parse_action(a)) == answer(
                lambda a=action: state.parse_action(a)
            )


@pytest.mark.rule("gin-knocker-chooses")
def test_the_gin_knocker_answers_as_the_state_while_laying_its_melds():
    from pathlib import Path

    from remi.records import replay

    states = replay((Path(__file__).parent / "data" / "gin-2p.remi").read_text(encoding="utf-8"))
    knocking = [s for s in states if s.phase == "knock"]
    assert knocking, "the record holds a knock"
    rng = random.Random(0)
    for state in knocking:
        v = view(state, state.to_act)
        assert v.legal_actions() == state.legal_actions()
        for action in spread(state, rng):
            assert v.why_illegal(action) == state.why_illegal(action)
        other = view(state, 1 - state.to_act)
        assert other.why_illegal("pass") == out_of_turn(state, 1 - state.to_act, "pass")


# -- the cache -------------------------------------------------------------------------------------


def test_legal_actions_are_listed_once_per_view(monkeypatch):
    state = play("norwegian", 4, 41)
    v = view(state, state.current_player)
    calls = []
    real = engine.legal_actions

    def counting(s: GameState) -> list[remi.Action]:
        calls.append(s)
        return real(s)

    monkeypatch.setattr(engine, "legal_actions", counting)
    first = v.legal_actions()
    first.clear()  # a copy: the cache is untouched
    assert v.legal_actions() == state.legal_actions() != []
    assert v.is_legal(state.legal_actions()[0]) and v.why_illegal("xyzzy") is not None
    assert len(calls) == 0  # the view made from the state shares the state's list, listed once
    # A view equal to it (as from_dict or evolve builds) is a new value with its own cache.
    assert attrs.evolve(v).legal_actions() == state.legal_actions() and len(calls) == 1


def test_the_cache_is_not_part_of_the_value_nor_of_a_pickle():
    state = play("gin", 3, 21)
    v = view(state, state.current_player)
    fresh = view(state, state.current_player)
    v.legal_actions()
    assert v == fresh and hash(v) == hash(fresh) and repr(v) == repr(fresh)
    assert pickle.dumps(v) == pickle.dumps(fresh)
    again = pickle.loads(pickle.dumps(v))
    assert again == v and again.legal_actions() == v.legal_actions()
    assert "_world" not in repr(v)


# -- str ---------------------------------------------------------------------------------------------


def test_str_says_one_card_for_a_count_of_one():
    v = remi.new_game(remi.GIN, players=2, seed=1).view(1)
    assert str(v).splitlines()[-1] == "hand sizes: 10 10, stock: 31 cards"
    assert str(attrs.evolve(v, stock_size=1)).splitlines()[-1] == "hand sizes: 10 10, stock: 1 card"
    assert str(attrs.evolve(v, stock_size=0)).splitlines()[-1] == "hand sizes: 10 10, stock: 0 cards"
