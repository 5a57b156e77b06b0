"""Game records: committed records keep replaying, text round trips, results are checked, replay is deterministic."""

from __future__ import annotations

import os
import random
import re
import subprocess
import sys
from pathlib import Path

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import remi
from remi import IllegalActionError, NotationError
from remi.game.positions import position
from remi.records import RECORD_FORMAT, GameRecord, Recorder, from_position, replay

DATA = Path(__file__).parent / "data"
RECORDS = sorted(DATA.glob("*.remi"))


def test_there_are_committed_records():
    assert len(RECORDS) >= 3


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.name)
def test_committed_record_replays_to_its_result(path):
    # docs/records.rst: the committed records are remi-record/1, and a later remi keeps reading them.
    text = path.read_text(encoding="utf-8")
    assert '[Format "remi-record/1"]' in text
    states = replay(text)
    final = states[-1]
    assert final.is_over
    for state in states:
        state.check_invariants()
    record = GameRecord.from_text(text)
    assert dict(record.headers)["Event"] == "remi test record"
    assert len(states) == len(record.actions) + 1
    # Written again it is a remi-record/2 record of the same match: the same lines, and in Gin the
    # knocker's steps of the knock phase (docs/rules/gin.rst, gin-knocker-chooses) that version 1
    # left implicit (the knock laid the best arrangement), nothing else.
    again = record.text()
    assert f'[Format "{RECORD_FORMAT}"]' in again and replay(again) == states
    assert GameRecord.from_text(again) == record
    knock_lines = {
        f"{before.current_player} {action}"
        for before, action in zip(states, record.actions)
        if before.phase == "knock"
    }
    assert bool(knock_lines) == (record.initial.ruleset.family == "gin")
    kept = [line for line in again.splitlines() if line not in knock_lines]
    assert kept == text.replace('"remi-record/1"', f'"{RECORD_FORMAT}"').splitlines()


def _random_record(name: str, seed: int) -> tuple[GameRecord, list[remi.GameState]]:
    rules = attrs.evolve(remi.PRESETS[name], max_turns_per_round=20)
    if name == "gin":
        rules = attrs.evolve(rules, target_score=10)
    rng = random.Random(seed)
    rec = Recorder(remi.new_game(rules, players=rules.min_players, seed=seed))
    states = [rec.state]
    while not rec.state.is_over and len(states) < 400:
        states.append(rec.apply(rng.choice(rec.state.legal_actions())))
    return rec.record(Names="Ann, Bob", Date="2026-11-30"), states


@pytest.mark.parametrize("name", sorted(remi.PRESETS))
def test_a_recorded_game_replays_every_state(name):
    record, states = _random_record(name, 3)
    assert replay(record.text()) == states
    assert replay(record) == states
    assert GameRecord.from_text(record.text()) == record


def test_a_record_can_start_from_a_position():
    start = from_position(position(_random_record("swedish", 4)[1][5]))
    rec = Recorder(start)
    rng = random.Random(1)
    for _ in range(6):
        if rec.state.is_over:
            break
        rec.apply(rng.choice(rec.state.legal_actions()))
    text = rec.record().text()
    assert "[Position " in text
    assert replay(text)[-1] == rec.state


def test_a_wrong_result_is_refused():
    text = RECORDS[0].read_text(encoding="utf-8")
    import re

    bad = re.sub(r'\[Result "[^"]*"\]', '[Result "1 2 3"]', text)
    with pytest.raises(NotationError, match="does not match the replay"):
        replay(bad)


def test_malformed_records_are_refused_with_remi_errors():
    head = '[Format "remi-record/2"]\n[Game "gin"]\n[Players "2"]\n[Seed "1"]\n\n'
    with pytest.raises(NotationError, match="remi-record/9"):
        replay(head.replace("/2", "/9"))
    with pytest.raises(NotationError, match="'0 draw'"):
        replay(head + "0 draw\n")
    with pytest.raises(IllegalActionError, match="'1 buy'"):
        replay(head + "1 buy\n")
    with pytest.raises(NotationError):
        replay(head + "1 fold\n")
    with pytest.raises(NotationError, match="no Seed"):
        replay('[Format "remi-record/2"]\n[Game "gin"]\n[Players "2"]\n')
    with pytest.raises(NotationError):
        replay(head + '1 draw\n[Event "late"]\n')
    with pytest.raises(NotationError):
        Recorder(remi.new_game(remi.GIN, players=2)).record(Result="0 0")


def test_from_actions_checks_the_actions():
    start = remi.new_game(remi.GIN, players=2, seed=1)
    rec = GameRecord.from_actions(start, ["DRAW", "discard QS"], Event="x")
    assert [str(a) for a in rec.actions] == ["draw", "discard ♠Q"]
    with pytest.raises(IllegalActionError, match="Action 2"):
        GameRecord.from_actions(start, ["draw", "draw"])


_SCRIPT = """
import hashlib, json, sys
from remi.records import replay
states = replay(open(sys.argv[1], encoding="utf-8").read())
digest = hashlib.sha256()
for s in states:
    digest.update(json.dumps(s.to_dict(), sort_keys=True).encode())
    digest.update(str([str(a) for a in s.legal_actions()]).encode())
print(digest.hexdigest())
"""


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.name)
def test_replay_is_the_same_under_every_hash_seed(path):
    outputs = set()
    for hash_seed in ("0", "1", "12345"):
        env = dict(os.environ, PYTHONHASHSEED=hash_seed)
        done = subprocess.run(
            [sys.executable, "-c", _SCRIPT, str(path)],
            env=env,
            capture_output=True,
            text=True,
            check=True,
            timeout=300,
        )
        outputs.add(done.stdout.strip())
    assert len(outputs) == 1


# -- melds laid card by card (docs/rules/norwegian.rst, norwegian-build-card-by-card) --

BUILDS = remi.with_variants(remi.NORWEGIAN, "all down at once")


def _typed(card: remi.Card) -> str:
    """*card* as a person might type it: ``5s`` for ``♠5``."""
    text = str(card)
    return text if card.is_joker else text[1:] + {"♠": "s", "♥": "h", "♦": "d", "♣": "c"}[text[0]]


@pytest.mark.parametrize("seed", range(4))
def test_a_record_with_melds_built_card_by_card_replays(seed):
    rng = random.Random(seed)
    rec = Recorder(remi.new_game(attrs.evolve(BUILDS, max_turns_per_round=30), players=4, seed=seed))
    states = [rec.state]
    while not rec.state.is_over and len(states) < 600:
        states.append(rec.apply(rng.choice(rec.state.legal_actions())))
    text = rec.record().text()
    assert any(s.building for s in states)
    assert any(" build " in line for line in text.splitlines())
    assert replay(text) == states
    assert GameRecord.from_text(text).text() == text
    # typed by hand: any card spelling, the seat left out
    lines = [f"build {_typed(a.card)}" if isinstance(a, remi.Build) else str(a) for a in rec.actions]
    head = text.split("\n\n")[0]
    assert replay(head + "\n\n" + "\n".join(lines) + "\n") == states


def test_a_record_can_start_in_the_middle_of_a_build():
    rng = random.Random(2)
    state = remi.new_game(BUILDS, players=4, seed=2)
    while not state.building:
        state = state.apply(rng.choice(state.legal_actions()))
    rec = Recorder(state)
    while rec.state.building:  # finish the meld: its next card, or its lay
        rec.apply(rec.state.legal_actions()[-1])
    text = rec.record().text()
    header = next(line for line in text.splitlines() if line.startswith("[Position "))
    assert "| building: " in header
    states = replay(text)
    assert states[0] == state and states[-1] == rec.state


def test_a_build_the_seat_cannot_make_is_refused_quoting_the_line():
    rng = random.Random(1)
    state = remi.new_game(BUILDS, players=4, seed=1)
    while not any(isinstance(a, remi.Build) for a in state.legal_actions()):
        state = state.apply(rng.choice(state.legal_actions()))
    head = GameRecord(state).text().split("\n\n")[0]
    missing = next(c for c in remi.make_pack(2, 4) if c not in state.hands[state.turn_player])
    line = f"{state.current_player} build {missing}"
    with pytest.raises(IllegalActionError, match=re.escape(repr(line))):
        replay(f"{head}\n\n{line}\n")


# -- free text in a record (records.rst: "Headers": every value reads back as written) -----------

FREE_TEXT = st.text(
    st.one_of(st.sampled_from(list('\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029|#:="\\ []u0')), st.characters()),
    max_size=24,
)


@pytest.mark.parametrize(
    "value",
    ["a\rb", "a\nb", "a\x0bb\x0cc", "\x1c\x1d\x1e", "\x85", "house\u2028rules", "\u2029", '\\u2028 "q" \\'],
)
def test_a_header_value_with_a_line_break_reads_back(value: str) -> None:
    start = remi.new_game(attrs.evolve(remi.GIN, name=value), players=2, seed=1)
    record = GameRecord.from_actions(start, ["draw"], Event=value, Names=value)
    text = record.text()
    assert text.splitlines() == text.split("\n")[:-1]
    back = GameRecord.from_text(text)
    assert back == record and dict(back.headers)["Event"] == value
    assert back.initial.ruleset.name == value
    assert replay(text)[-1] == record.final()


@settings(max_examples=50, deadline=None)
@given(FREE_TEXT, FREE_TEXT, FREE_TEXT, st.booleans())
def test_any_free_text_round_trips_through_a_record(
    name: str, event: str, names: str, from_a_position: bool
) -> None:
    """Arbitrary text in the ruleset's name, a header value and the player names: record text → read gives the record."""
    start = remi.new_game(attrs.evolve(remi.GIN, name=name), players=2, seed=1)
    if from_a_position:
        start = start.apply(start.legal_actions()[0])  # no longer a fresh deal: a Position header
    actions = []
    state = start
    for _ in range(3):
        action = state.legal_actions()[0]
        actions.append(action)
        state = state.apply(action)
    record = GameRecord.from_actions(start, actions, Event=event, Names=names)
    text = record.text()
    assert ("[Position " in text) == from_a_position
    assert text.splitlines() == text.split("\n")[:-1]
    back = GameRecord.from_text(text)
    assert back == record
    assert back.headers == (("Event", event), ("Names", names))
    assert back.initial.ruleset.name == name
    assert back.final() == state


def test_a_record_without_a_format_header_says_the_header_is_missing():
    # docs/records.rst: a record starts with its Format header.
    with pytest.raises(NotationError) as info:
        replay('[Game "gin"]\n[Players "2"]\n[Seed "1"]\n\n1 draw\n')
    assert info.value.code == "unknown-format"
    assert info.value.reason == (
        f'The record has no Format header; this version reads [Format "{RECORD_FORMAT}"].'
    )
