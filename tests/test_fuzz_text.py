"""Fuzzing every text and dict entry point: only RemiErrors, bounded time, and no state that breaks its invariants."""

from __future__ import annotations

import copy
import json
import os
import random
from typing import Any

import attrs
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import remi
from remi import GameState, RemiError
from remi.game.positions import parse_action_in, parse_ruleset_text, position
from remi.records import GameRecord, Recorder, from_position, replay

#: Examples per fuzz test; ``REMI_FUZZ_EXAMPLES=5000`` for a deeper run.
FUZZ = settings(
    max_examples=int(os.environ.get("REMI_FUZZ_EXAMPLES", "150")),
    deadline=10_000,
    suppress_health_check=[HealthCheck.too_slow],
)

ALPHABET = st.sampled_from(
    list('♠♥♦♣♤♡♢♧🃏AKQJT2345678910SHDCJKjkx*=/|#:[]"\\ \n\t,-0123456789lowgamehandmeldseatpstockdiscard{}')
    + [
        "lay ",
        "off ",
        "swap ",
        "discard ",
        "shanghai ",
        "knock ",
        "draw",
        "take",
        "buy",
        "pass",
        "cut",
        "low",
        "game: ",
        "hand 0: ",
        "hand 1: ",
        "meld 0 seat 0: ",
        "stock: ",
        "phase: ",
        "gin",
        "norwegian",
        "swedish",
        "slovenian",
        "kalooki",
        "finnish",
        " | ",
        "JK=",
        "\ufe0f",
        "\x00",
        "é",
        "ＡＳ",
    ]
)
TEXT = st.one_of(st.text(max_size=60), st.lists(ALPHABET, max_size=40).map("".join))

RULES = {name: attrs.evolve(r, max_turns_per_round=30) for name, r in remi.PRESETS.items()}
RULES["norwegian"] = attrs.evolve(RULES["norwegian"], shanghai=True)
RULES["gin"] = attrs.evolve(RULES["gin"], target_score=10)


def play(name: str, seed: int, steps: int) -> GameState:
    rules = RULES[name]
    state = remi.new_game(rules, players=rules.min_players + seed % 2, seed=seed)
    rng = random.Random(seed + 1000 * steps)
    for _ in range(steps):
        if state.is_over:
            break
        state = state.apply(rng.choice(state.legal_actions()))
    return state


games = st.tuples(st.sampled_from(sorted(RULES)), st.integers(0, 500), st.integers(0, 120)).map(
    lambda g: play(*g)
)


def only_remi_errors(call: Any, *args: Any) -> Any:
    try:
        return call(*args)
    except RemiError:
        return None


@FUZZ
@given(TEXT)
def test_card_and_meld_parsers_raise_only_remi_errors(text):
    only_remi_errors(remi.parse_card, text)
    only_remi_errors(remi.parse_cards, text)
    only_remi_errors(remi.parse_meld, text)
    only_remi_errors(remi.parse_meld, text, remi.NORWEGIAN)
    only_remi_errors(remi.parse_action, text)
    only_remi_errors(parse_ruleset_text, text)


@FUZZ
@given(TEXT)
def test_from_position_raises_only_remi_errors(text):
    state = only_remi_errors(from_position, text)
    if state is not None:
        state.check_invariants()
        assert from_position(position(state)) == state


@FUZZ
@given(games, st.data())
def test_mutated_positions_raise_only_remi_errors_or_give_sound_states(state, data):
    lines = position(state).splitlines()
    for _ in range(data.draw(st.integers(1, 3))):
        i = data.draw(st.integers(0, len(lines) - 1))
        how = data.draw(st.sampled_from(["drop", "dup", "edit", "swap-cards"]))
        if how == "drop":
            del lines[i]
        elif how == "dup":
            lines.insert(i, lines[i])
        elif how == "edit":
            key, _, _value = lines[i].partition(":")
            lines[i] = key + ": " + data.draw(TEXT).replace("\n", " ")
        else:
            j = data.draw(st.integers(0, len(lines) - 1))
            a, b = lines[i].split(), lines[j].split()
            if len(a) > 2 and len(b) > 2:
                a[-1], b[-1] = b[-1], a[-1]
                lines[i], lines[j] = " ".join(a), " ".join(b)
        if not lines:
            break
    got = only_remi_errors(from_position, "\n".join(lines))
    if got is not None:
        got.check_invariants()
        # a position a person could write must also be playable: every legal action leads to a sound state
        for action in got.legal_actions()[:12]:
            got.apply(action).check_invariants()


@FUZZ
@given(games, TEXT)
def test_parse_action_in_raises_only_remi_errors(state, text):
    action = only_remi_errors(parse_action_in, state, text)
    if action is not None:
        assert action in state.legal_actions()
        state.apply(action).check_invariants()


@FUZZ
@given(games, st.data())
def test_mutated_actions_raise_only_remi_errors(state, data):
    legal = state.legal_actions()
    if not legal:
        return
    words = str(data.draw(st.sampled_from(legal))).split()
    i = data.draw(st.integers(0, len(words)))
    words.insert(i, data.draw(TEXT))
    if len(words) > 1 and data.draw(st.booleans()):
        del words[data.draw(st.integers(0, len(words) - 1))]
    action = only_remi_errors(parse_action_in, state, " ".join(words))
    if action is not None:
        assert action in legal


JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-3, 120)
    | st.text(max_size=8)
    | st.sampled_from(["♠A", "JK", "play", "set"]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
    max_leaves=12,
)


def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [prefix]
    if isinstance(value, dict):
        for k, v in value.items():
            out += _paths(v, (*prefix, k))
    elif isinstance(value, list):
        for k, v in enumerate(value):
            out += _paths(v, (*prefix, k))
    return out


@FUZZ
@given(games, st.data())
def test_from_dict_with_mutated_dicts_raises_only_remi_errors(state, data):
    d = copy.deepcopy(state.to_dict())
    for _ in range(data.draw(st.integers(1, 3))):
        paths = [p for p in _paths(d) if p]
        path = data.draw(st.sampled_from(paths))
        parent = d
        for key in path[:-1]:
            parent = parent[key]
        how = data.draw(st.sampled_from(["set", "del"]))
        if how == "del" and isinstance(parent, dict):
            del parent[path[-1]]
        elif how == "del" and isinstance(parent, list):
            parent.pop(path[-1])
        else:
            parent[path[-1]] = data.draw(JSON)
    got = only_remi_errors(GameState.from_dict, json.loads(json.dumps(d)))
    if got is not None:
        got.check_invariants()


@FUZZ
@given(TEXT)
def test_record_reading_raises_only_remi_errors(text):
    only_remi_errors(replay, text)
    only_remi_errors(replay, '[Format "remi-record/1"]\n[Game "gin"]\n[Players "2"]\n[Seed "1"]\n\n' + text)


def _small_record() -> str:
    rng = random.Random(5)
    rec = Recorder(remi.new_game(RULES["slovenian"], players=3, seed=5))
    for _ in range(40):
        rec.apply(rng.choice(rec.state.legal_actions()))
    return rec.record(Event="fuzz").text()


RECORD_LINES = _small_record().splitlines()


@FUZZ
@given(st.data())
def test_mutated_records_raise_only_remi_errors(data):
    lines = list(RECORD_LINES)
    for _ in range(data.draw(st.integers(1, 3))):
        i = data.draw(st.integers(0, len(lines) - 1))
        how = data.draw(st.sampled_from(["drop", "dup", "edit"]))
        if how == "drop":
            del lines[i]
        elif how == "dup":
            lines.insert(i, lines[i])
        else:
            lines[i] = lines[i][: data.draw(st.integers(0, len(lines[i])))] + data.draw(TEXT)
    states = only_remi_errors(replay, "\n".join(lines))
    if states is not None:
        for s in states:
            s.check_invariants()
        only_remi_errors(GameRecord.from_text, "\n".join(lines))
