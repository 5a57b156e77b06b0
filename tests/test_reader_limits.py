"""One hand-size limit for both readers, and the dict reader's refusals (issue 15, items 11, 13, 17).

A hand holds no more cards than play can give it (docs/rules/index.rst, shared-hand-limit):
:meth:`GameState.from_dict` and :func:`from_position` apply the same check, so a state one
accepts has a position the other reads back (docs/positions.rst, positions-hand-sizes).
"""

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import remi
from remi import GameState, RemiError
from remi.cards import sorted_hand
from remi.game.positions import position
from remi.records import from_position


def _code(read: Any, value: Any) -> str | None:
    try:
        read(value)
    except RemiError as exc:
        return exc.code
    return None


def readers(state: GameState) -> tuple[str | None, str | None]:
    """The refusal codes of both readers for *state* (``None``: accepted)."""
    return _code(GameState.from_dict, state.to_dict()), _code(from_position, position(state))


def moved(state: GameState, seat: int, count: int) -> GameState:
    """*state* with *count* cards moved from the stock into *seat*'s hand (or back, if negative)."""
    hands = list(state.hands)
    stock = list(state.stock)
    if count >= 0:
        hands[seat] = sorted_hand((*hands[seat], *stock[:count]))
        stock = stock[count:]
    else:
        free = [c for c in hands[seat] if c not in state.known[seat] and c not in state.building]
        out = free[:-count]
        rest = list(hands[seat])
        for card in out:
            rest.remove(card)
        hands[seat] = tuple(rest)
        stock = out + stock
    return attrs.evolve(state, hands=tuple(hands), stock=tuple(stock))


def off_turn(state: GameState) -> int:
    return (state.turn_player + 1) % state.players


# -- the edge sizes of issue 15 -----------------------------------------------------------------


@pytest.mark.rule("shared-hand-limit")
@pytest.mark.parametrize(
    ("key", "players", "size"), [("swedish", 2, 13), ("slovenian", 2, 20), ("kalooki", 2, 26), ("gin", 2, 30)]
)
def test_hands_no_deal_reaches_are_refused_by_both_readers_with_one_code(
    key: str, players: int, size: int
) -> None:
    state = remi.new_game(remi.PRESETS[key], players=players, seed=1)
    seat = off_turn(state)
    big = moved(state, seat, size - len(state.hands[seat]))
    assert len(big.hands[seat]) == size
    assert readers(big) == ("broken-invariant", "broken-invariant")
    with pytest.raises(remi.StateError, match=f"seat {seat}: a "):
        GameState.from_dict(big.to_dict())


@pytest.mark.rule("shared-hand-limit")
@pytest.mark.parametrize("key", ["norwegian", "swedish", "finnish", "slovenian", "kalooki", "gin"])
def test_the_limit_is_the_deal_plus_the_drawn_card(key: str) -> None:
    # Off turn, a hand holds what was dealt; on turn after the draw, one more; never another.
    rules = remi.PRESETS[key]
    state = remi.new_game(rules, players=rules.min_players, seed=2)
    if state.phase == "draw":
        state = state.apply("draw")
    assert state.phase in ("play", "buy")
    dealt = rules.hand_size(state.players, state.round)
    seat, on = off_turn(state), state.turn_player
    assert (len(state.hands[seat]), len(state.hands[on])) == (dealt, dealt + 1)
    assert readers(state) == (None, None)
    assert readers(moved(state, seat, 1)) == ("broken-invariant", "broken-invariant")
    assert readers(moved(state, on, 1)) == ("broken-invariant", "broken-invariant")


@pytest.mark.rule("shared-hand-limit", "slovenian-deal")
def test_the_slovenian_starter_holds_fifteen_and_never_sixteen() -> None:
    state = remi.new_game(remi.SLOVENIAN, players=2, seed=1)
    starter = state.turn_player
    assert state.phase == "play" and len(state.hands[starter]) == 15
    assert readers(state) == (None, None)
    assert readers(moved(state, starter, 1)) == ("broken-invariant", "broken-invariant")
    # Off turn no seat holds the starter's extra card.
    assert readers(moved(state, off_turn(state), 1)) == ("broken-invariant", "broken-invariant")


@pytest.mark.rule("shared-hand-limit", "norwegian-buying")
def test_each_buy_allows_two_more_cards() -> None:
    state = remi.new_game(remi.NORWEGIAN, players=4, seed=3)
    seat = off_turn(state)
    bought = attrs.evolve(moved(state, seat, 2), buys=tuple(1 if s == seat else 0 for s in range(4)))
    assert readers(bought) == (None, None)
    assert readers(moved(bought, seat, 1)) == ("broken-invariant", "broken-invariant")


@pytest.mark.rule("shared-hand-limit")
def test_an_empty_hand_is_refused_by_both_readers() -> None:
    state = remi.new_game(remi.SWEDISH, players=2, seed=1)
    seat = off_turn(state)
    empty = moved(state, seat, -len(state.hands[seat]))
    assert readers(empty) == ("broken-invariant", "broken-invariant")


# -- every state one reader accepts, the other reads back --------------------------------------------

RULESETS = {name: attrs.evolve(r, max_turns_per_round=30) for name, r in remi.PRESETS.items()}
RULESETS["norwegian-shanghai"] = attrs.evolve(RULESETS["norwegian"], shanghai=True)


def play(name: str, seed: int, steps: int) -> GameState:
    rules = RULESETS[name]
    state = remi.new_game(rules, players=rules.min_players + seed % 2, seed=seed)
    rng = random.Random(seed * 7 + steps)
    for _ in range(steps):
        if state.is_over:
            break
        state = state.apply(rng.choice(state.legal_actions()))
    return state


@pytest.mark.rule("shared-hand-limit")
@settings(max_examples=60, deadline=None)
@given(
    st.sampled_from(sorted(RULESETS)),
    st.integers(0, 10_000),
    st.integers(0, 120),
    st.integers(0, 5),
    st.integers(-4, 6),
)
def test_both_readers_agree_on_every_reachable_state_and_its_resized_hands(
    name: str, seed: int, steps: int, seat: int, change: int
) -> None:
    state = play(name, seed, steps)
    seat %= state.players
    if state.phase in ("cut", "over") or (change > 0 and len(state.stock) < change):
        change = 0
    resized = moved(state, seat, change)
    from_dict_code, from_position_code = readers(resized)
    assert from_dict_code == from_position_code, (name, seed, steps, seat, change)
    if change == 0 and resized == state:
        assert from_dict_code is None
    if from_dict_code is None:
        loaded = GameState.from_dict(resized.to_dict())
        assert from_position(position(loaded)) == loaded


# -- the dict reader's refusals (docs/game.rst, game-state-dict) ---------------------------------------


def test_a_misspelt_or_extra_key_is_refused_naming_it() -> None:
    data = remi.new_game(remi.GIN, players=2, seed=1).to_dict()
    with pytest.raises(remi.StateError, match="unknown key 'hnds'") as info:
        GameState.from_dict({**data, "hnds": data["hands"]})
    assert info.value.code == "malformed-state"
    with pytest.raises(remi.StateError, match="unknown keys 'colour', 'extra'"):
        GameState.from_dict({**data, "extra": 1, "colour": "red"})


def test_a_table_meld_with_an_extra_key_is_refused_naming_it() -> None:
    state = remi.GameState.from_position(
        "game: swedish | players: 2 | hand 0: ♠A ♠2 ♠3 ♥9 ♥10 ♦2 ♦5 | "
        "hand 1: ♠J ♠K ♥3 ♥4 ♥5 ♥7 ♦6 ♦7 ♣4 ♣5 | meld 0 seat 0: ♣7 ♣8 ♣9 | discard: ♣K"
    )
    data = state.to_dict()
    data["table"][0]["colour"] = "red"
    with pytest.raises(remi.StateError, match="a table meld has unknown keys 'colour'"):
        GameState.from_dict(data)


def test_the_format_refusal_says_which_formats_load() -> None:
    data = remi.new_game(remi.GIN, players=2, seed=1).to_dict()
    with pytest.raises(remi.StateError) as info:
        GameState.from_dict({**data, "format": "remi-state/5"})
    assert info.value.code == "unknown-format"
    assert info.value.reason == (
        "This version reads state formats 'remi-state/1', 'remi-state/2', 'remi-state/3' and "
        "'remi-state/4', not 'remi-state/5'; a newer format needs a newer remi."
    )
    without = {k: v for k, v in data.items() if k != "format"}
    with pytest.raises(remi.StateError, match="has no 'format' key; this version reads 'remi-state/1'"):
        GameState.from_dict(without)


def test_older_formats_still_load_without_their_newer_keys() -> None:
    data = remi.new_game(remi.NORWEGIAN, players=3, seed=1).to_dict()
    old = {k: v for k, v in data.items() if k not in ("known", "idle_turns", "building")}
    assert GameState.from_dict({**old, "format": "remi-state/1"}) == GameState.from_dict(data)
