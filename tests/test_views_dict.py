"""A view's dict form (docs/api/game.rst, PlayerView.to_dict): JSON-ready, read back equal, malformed input refused.

``PlayerView.from_dict`` refuses every dict that is not one ``to_dict`` writes for a view a
game reaches, with a :class:`remi.StateError` whose reason quotes the bad value (a
:class:`remi.Message`), and never changes the dict it reads.
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable
from typing import Any

import pytest
from game_helpers import mid_build
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_views import RULESETS, play

import remi
from remi import Message, PlayerView
from remi.views import view

games = st.tuples(
    st.sampled_from(sorted(RULESETS)),
    st.integers(0, 10_000),
    st.integers(0, 250),
    st.integers(0, 5),
)


def round_trip(v: PlayerView) -> PlayerView:
    data = v.to_dict()
    text = json.dumps(data)
    again = PlayerView.from_dict(json.loads(text))
    assert again.to_dict() == data
    return again


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games, st.integers(0, 5))
def test_every_view_round_trips_through_json(game, seat_pick):
    state = play(*game)
    v = view(state, seat_pick % state.players)
    again = round_trip(v)
    assert again == v
    assert again.legal_actions() == v.legal_actions()


@pytest.mark.parametrize("name", sorted(RULESETS))
def test_every_seat_of_every_preset_round_trips_through_a_game(name):
    rules = RULESETS[name]
    for seed in range(2):
        state = remi.new_game(rules, players=rules.min_players + seed % 2, seed=seed)
        rng = random.Random(seed)
        for step in range(400):
            if step % 9 == 0 or state.is_over or state.phase not in ("draw", "play"):
                for seat in range(state.players):
                    assert round_trip(view(state, seat)) == view(state, seat)
            if state.is_over:
                break
            state = state.apply(rng.choice(state.legal_actions()))


@pytest.mark.rule("norwegian-build-card-by-card")
def test_a_view_of_a_meld_being_built_round_trips():
    state = mid_build(2, 1)
    for seat in range(state.players):
        v = view(state, seat)
        assert v.to_dict()["building"] == remi.format_cards(state.building)
        assert round_trip(v) == v


def test_the_dict_uses_the_states_encoding_of_each_field():
    state = play("norwegian", 5, 120)
    v = view(state, 1)
    data, state_data = v.to_dict(), state.to_dict()
    assert data["format"] == "remi-view/1"
    assert set(data) == (set(state_data) - {"hands", "stock", "seed"}) | {
        "seat",
        "hand",
        "hand_sizes",
        "stock_size",
    }
    for key in set(data) & set(state_data) - {"format"}:
        assert data[key] == state_data[key], key
    assert data["hand"] == state_data["hands"][1] and data["stock_size"] == len(state.stock)
    assert list(data) == ["format", *(k for k in list(data)[1:])]  # format first, then the fields in order


# -- malformed and impossible dicts ------------------------------------------------------------------


def _base() -> dict[str, Any]:
    """A Norwegian view of the seat to act, mid-play, with table melds, results and known cards."""
    rules = RULESETS["norwegian"]
    for seed in range(50):
        state = remi.new_game(rules, players=4, seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            state = state.apply(rng.choice(state.legal_actions()))
            if state.results and state.table and any(state.known[1:]) and state.phase == "play":
                return view(state, state.to_act).to_dict()
    raise AssertionError("no such view")  # pragma: no cover


BASE = _base()
SEAT = BASE["seat"]
OTHER = (SEAT + 1) % BASE["players"]
#: Three cards the base view's seat cannot place.
UNSEEN_3 = remi.format_cards(PlayerView.from_dict(copy.deepcopy(BASE)).unseen()[:3])


def _set(key: str, value: Any) -> Callable[[dict[str, Any]], None]:
    return lambda d: d.__setitem__(key, value)


def _item(key: str, index: int, value: Any) -> Callable[[dict[str, Any]], None]:
    return lambda d: d[key].__setitem__(index, value)


def _meld(key: str, value: Any) -> Callable[[dict[str, Any]], None]:
    return lambda d: d["table"][0].__setitem__(key, value)


#: (change, code, a fragment of the reason that quotes what is wrong)
MALFORMED = {
    "no format": (lambda d: d.pop("format"), "unknown-format", "no 'format' key"),
    "newer format": (_set("format", "remi-view/9"), "unknown-format", "not 'remi-view/9'"),
    "a state dict": (_set("format", "remi-state/4"), "unknown-format", "not 'remi-state/4'"),
    "unknown key": (_set("hands", []), "malformed-state", "unknown key 'hands'."),
    "unknown keys": (
        lambda d: d.update(hands=[], stock=""),
        "malformed-state",
        "unknown keys 'hands', 'stock'.",
    ),
    "missing key": (lambda d: d.pop("seat"), "malformed-state", "missing field 'seat'."),
    "missing keys": (
        lambda d: [d.pop("seat"), d.pop("turn")],
        "malformed-state",
        "missing fields 'seat', 'turn'.",
    ),
    "seat text": (_set("seat", "0"), "malformed-state", "seat must be an integer, not '0'."),
    "seat bool": (_set("seat", True), "malformed-state", "seat must be an integer, not True."),
    "seat float": (_set("seat", 1.0), "malformed-state", "seat must be an integer, not 1.0."),
    "seat too high": (_set("seat", 9), "malformed-state", "seat must be a seat from 0 to 3, not 9."),
    "seat negative": (_set("seat", -1), "malformed-state", "seat must be a seat from 0 to 3, not -1."),
    "players": (
        _set("players", 9),
        "malformed-state",
        "players must be from 3 to 5 in Norwegian Remi, not 9.",
    ),
    "phase": (_set("phase", "dance"), "malformed-state", "unknown phase 'dance'."),
    "phase type": (_set("phase", ["play"]), "malformed-state", "unknown phase ['play']."),
    "hand type": (_set("hand", 5), "malformed-state", "hand must be card text, not 5."),
    "hand card": (_set("hand", "♠5 zz"), "malformed-state", "'zz'"),
    "hand size": (lambda d: d.update(hand=d["hand"] + " ♠A"), "malformed-state", "hand_sizes gives"),
    "hand sizes short": (
        _set("hand_sizes", [10, 10]),
        "malformed-state",
        "one entry per seat (4), not [10, 10].",
    ),
    "hand sizes type": (_set("hand_sizes", "10 10 10 10"), "malformed-state", "not '10 10 10 10'."),
    "hand size negative": (
        _item("hand_sizes", OTHER, -1),
        "malformed-state",
        "must not be negative, not -1.",
    ),
    "stock negative": (_set("stock_size", -3), "malformed-state", "stock_size must not be negative, not -3."),
    "stock too small": (_set("stock_size", 5), "broken-invariant", "the other hands and the stock hold"),
    "hand too big elsewhere": (_item("hand_sizes", OTHER, 60), "broken-invariant", "cards are unseen"),
    "too many copies": (
        lambda d: d.update(discard=d["discard"] + " ♣K ♣K ♣K"),
        "broken-invariant",
        "appear too often: ♣K",
    ),
    "known beyond the pack": (_item("known", OTHER, "♠3 ♠3 ♠3"), "broken-invariant", "♠3"),
    "known beyond the hand": (
        lambda d: [d["known"].__setitem__(OTHER, UNSEEN_3), d["hand_sizes"].__setitem__(OTHER, 2)],
        "broken-invariant",
        f"seat {OTHER}'s hand size is 2, but 3 cards are known to be in it.",
    ),
    "taken two cards": (
        _set("taken", "♠A ♠K"),
        "malformed-state",
        "taken must be one card or null, not '♠A ♠K'.",
    ),
    "taken type": (_set("taken", 3), "malformed-state", "taken must be one card or null, not 3."),
    "known type": (_set("known", "♠A"), "malformed-state", "known must be a list of card texts, not '♠A'."),
    "known entries": (_set("known", ["", ""]), "malformed-state", "known must hold one entry per seat (4)"),
    "table type": (_set("table", {}), "malformed-state", "table must be a list, not {}."),
    "table meld keys": (
        _meld("colour", "red"),
        "malformed-state",
        "table entry 0 has the unknown key 'colour'.",
    ),
    "table meld lacks": (
        lambda d: d["table"][0].pop("wild"),
        "malformed-state",
        "table entry 0 lacks the key 'wild'.",
    ),
    "table meld type": (_item("table", 0, "♠A ♠2 ♠3"), "malformed-state", "a list of dicts, not '♠A ♠2 ♠3'."),
    "table meld kind": (_meld("kind", "pair"), "malformed-state", "unknown meld kind 'pair'."),
    "table meld wild": (
        _meld("wild", ["x"]),
        "malformed-state",
        "wild must be a list of booleans, not ['x'].",
    ),
    "table meld shape": (_meld("rank", 99), "malformed-state", "table meld 0: "),
    "table meld owner": (_meld("owner", 9), "broken-invariant", "owner who is not a seat"),
    "table meld cards": (_meld("cards", 7), "malformed-state", "table cards must be card text, not 7."),
    "results type": (_set("results", "none"), "malformed-state", "results must be a list, not 'none'."),
    "result keys": (
        _item("results", 0, {"round": 1}),
        "malformed-state",
        "results entry 0 lacks the keys 'went_out', 'points', 'cut_bonus'.",
    ),
    "result points": (
        lambda d: d["results"][0].update(points=[1, 2]),
        "broken-invariant",
        "does not score every seat",
    ),
    "totals": (_set("totals", [1, 2, 3, 4]), "broken-invariant", "the totals do not add up"),
    "to act": (_set("to_act", 7), "broken-invariant", "to_act 7 is not a seat"),
    "turn player": (_set("turn_player", -2), "broken-invariant", "turn_player -2 is not a seat"),
    "round": (_set("round", 99), "broken-invariant", "round 99 does not exist"),
    "queue": (_set("queue", [OTHER]), "broken-invariant", "queue of seats is open outside"),
    "ruleset type": (
        _set("ruleset", "norwegian"),
        "malformed-state",
        "ruleset: A ruleset must be a dict, not str.",
    ),
    "ruleset option": (lambda d: d["ruleset"].update(colour=1), "malformed-state", "colour"),
    "not a dict": (None, "malformed-state", "A view must be a dict, not list."),
}


@pytest.mark.parametrize("case", sorted(MALFORMED))
def test_malformed_or_impossible_dicts_are_refused_quoting_the_value(case):
    change, code, fragment = MALFORMED[case]
    data: Any = copy.deepcopy(BASE)
    if change is None:
        data = [data]
    else:
        change(data)
    before = copy.deepcopy(data)
    with pytest.raises(remi.StateError) as caught:
        PlayerView.from_dict(data)
    assert caught.value.code == code
    assert fragment in caught.value.reason
    assert isinstance(caught.value.reason, Message)
    assert caught.value.reason_in("en") == caught.value.reason
    assert data == before  # nothing read is changed


def test_the_base_dict_itself_is_accepted():
    assert PlayerView.from_dict(copy.deepcopy(BASE)).to_dict() == BASE


def test_a_seat_to_act_that_could_not_play_on_is_a_dead_end():
    for seed in range(60):
        state = mid_build(seed)
        hand = state.hands[state.turn_player]
        if remi.JOKER in hand and remi.JOKER not in state.building:
            break
    else:  # pragma: no cover
        pytest.skip("no builder holding a spare joker")
    data = view(state, state.turn_player).to_dict()
    data["building"] += " JK"
    with pytest.raises(remi.StateError) as caught:
        PlayerView.from_dict(data)
    assert caught.value.code == "dead-end"
    assert caught.value.reason == (
        f"The view could not play on: seat {state.turn_player} has no legal action in phase play."
    )
    assert isinstance(caught.value.reason, Message)


def test_a_hand_is_read_in_any_order_and_kept_sorted():
    data = copy.deepcopy(BASE)
    data["hand"] = " ".join(reversed(data["hand"].split()))
    assert PlayerView.from_dict(data).to_dict() == BASE


# -- fuzz: any change is either refused with a StateError or read as a view that round-trips --------

JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-3, 120)
    | st.text(max_size=8)
    | st.sampled_from(["♠A", "JK", ""]),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=5), inner, max_size=4),
    max_leaves=12,
)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(sorted(BASE)), JSON, st.booleans())
def test_any_changed_field_is_refused_or_read_faithfully(key, value, inside):
    data = copy.deepcopy(BASE)
    target = data[key]
    if inside and isinstance(target, list) and target:
        target[len(target) // 2] = value
    elif inside and isinstance(target, dict) and target:
        target[sorted(target)[0]] = value
    else:
        data[key] = value
    before = copy.deepcopy(data)
    try:
        v = PlayerView.from_dict(data)
    except remi.StateError as exc:
        assert isinstance(exc.reason, Message)
    else:
        assert PlayerView.from_dict(v.to_dict()) == v
    assert data == before


# -- every reason a view writes is a Message --------------------------------------------------------


def test_the_views_own_refusals_are_messages():
    import attrs

    state = play("gin", 1, 3)
    reasons = []
    for seat in (-1, 2, True, "0"):
        with pytest.raises(remi.StateError) as caught:
            view(state, seat)  # type: ignore[arg-type]
        assert caught.value.code == "bad-seat"
        reasons.append(caught.value.reason)
    v = view(state, 0)
    broken = [
        attrs.evolve(v, discard=v.discard + (remi.JOKER,)),  # Gin has no joker
        attrs.evolve(v, stock_size=v.stock_size + 1),
        attrs.evolve(v, known=(v.known[0], v.unseen()[:11])),  # more than seat 1's 10 cards
    ]
    for bad in broken:
        with pytest.raises(remi.StateError) as caught:
            bad.sample_state(random.Random(0))
        assert caught.value.code == "broken-invariant"
        reasons.append(caught.value.reason)
    assert all(isinstance(r, Message) for r in reasons), reasons
    assert reasons[0] == "Seat -1 is not a seat of this 2-player game."
