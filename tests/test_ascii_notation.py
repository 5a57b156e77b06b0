"""ASCII notation (issue 17): cards, positions and records written in letters read back the same.

``format_cards(cards, ascii=True)`` writes ``7s 10h JK``; ``position(ascii=True)`` and
``GameRecord.text(ascii=True)`` write every card that way, and the readers give back equal
states and records, over random playouts of every preset.
"""

from __future__ import annotations

import random

import attrs
import pytest
from hypothesis import given, settings
from strategies import card_tuples

import remi
from remi.cards import ascii_notation, format_cards, parse_cards, suits_fit
from remi.records import GameRecord, from_position, position

SUITS = "♠♥♦♣"
#: Every preset, plus variants whose positions carry wild-card annotations and melds being built.
RULESETS = {
    **remi.PRESETS,
    "spade twos wild": remi.with_variants(remi.NORWEGIAN, "spade twos wild"),
    "all down at once": remi.with_variants(remi.NORWEGIAN, "all down at once"),
}


@given(card_tuples(max_size=30))
@settings(max_examples=300, deadline=None)
def test_ascii_cards_read_back(cards: tuple[remi.Card, ...]) -> None:
    text = format_cards(cards, ascii=True)
    assert text.isascii()
    assert parse_cards(text) == cards
    assert ascii_notation(format_cards(cards)) == text


def test_ascii_spelling() -> None:
    assert format_cards(parse_cards("♠A ♥10 ♦J ♣Q ♠K JK ♥2"), ascii=True) == "As 10h Jd Qc Ks JK 2h"
    assert [format_cards([c], ascii=True) for c in remi.cards.CARDS[:13]] == [
        f"{rank}s" for rank in ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
    ]
    with pytest.raises(TypeError):
        format_cards(parse_cards("♠7"), ascii="yes")  # type: ignore[arg-type]


def test_ascii_notation_leaves_words_alone() -> None:
    assert (
        ascii_notation("seat 2 holds ♠7 ♥10 and JK=♦Q; 10 points")
        == "seat 2 holds 7s 10h and JK=Qd; 10 points"
    )
    assert ascii_notation("plain words") == "plain words"
    assert suits_fit("utf-8") and not suits_fit("cp1252") and not suits_fit(None)


def _playout(ruleset: remi.Ruleset, seed: int, steps: int) -> list[remi.GameState]:
    """States of a seeded random playout, every few actions, with the actions that led there."""
    players = ruleset.min_players + seed % (ruleset.max_players - ruleset.min_players + 1)
    state = remi.new_game(attrs.evolve(ruleset, max_turns_per_round=60), players=players, seed=seed)
    rng = random.Random(seed)
    states = [state]
    for step in range(steps):
        if state.is_over:
            break
        state = state.apply(rng.choice(state.legal_actions()))
        if step % 7 == 0 or state.building or state.pending:
            states.append(state)
    states.append(state)
    return states


@pytest.mark.parametrize("seed", [1, 2, 3])
@pytest.mark.parametrize("name", sorted(RULESETS))
def test_ascii_positions_read_back(name: str, seed: int) -> None:
    for state in _playout(RULESETS[name], seed, 160):
        text = state.position(ascii=True)
        assert text.isascii(), text
        assert not any(suit in text for suit in SUITS)
        assert from_position(text) == state
        assert remi.GameState.from_position(position(state, one_line=True, ascii=True)) == state
        # The same lines as the Unicode position, cards apart.
        assert text == ascii_notation(state.position())


@pytest.mark.parametrize("seed", [4, 5])
@pytest.mark.parametrize("name", sorted(RULESETS))
def test_ascii_records_read_back(name: str, seed: int) -> None:
    ruleset = attrs.evolve(RULESETS[name], max_turns_per_round=40)
    start = remi.new_game(ruleset, players=ruleset.min_players, seed=seed)
    rng = random.Random(seed)
    rec = remi.records.Recorder(start)
    for _ in range(120):
        if rec.state.is_over:
            break
        rec.apply(rng.choice(rec.state.legal_actions()))
    record = rec.record(Event="Club night ♠")
    text = record.text(ascii=True)
    body = text.split("\n\n", 1)[1]
    assert body.isascii()
    assert GameRecord.from_text(text) == record
    assert remi.records.replay(text)[-1] == rec.state
    # A record that starts from a position writes its Position header in ASCII too.
    later = GameRecord(rec.state)
    header = later.text(ascii=True).splitlines()[1]
    assert header.startswith("[Position ") and header.isascii()
    assert GameRecord.from_text(later.text(ascii=True)) == later
