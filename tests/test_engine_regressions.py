"""Regressions found by reviews of the engine: each names the rule it protects."""

from __future__ import annotations

import attrs
import pytest

import remi


@pytest.mark.rule("opening-51")
@pytest.mark.parametrize(
    "changes",
    [
        {"keep_taken_discard": True},
        {"melds_per_turn": 1},
    ],
)
def test_opening_games_refuse_options_they_cannot_play(changes: dict[str, object]) -> None:
    # docs/rules/slovenian.rst, opening-51: Opening: the opening may take several melds in one turn, and a swapped joker
    # must be played again; these options would leave a player with no move, so they are refused.
    with pytest.raises(remi.RulesetError):
        attrs.evolve(remi.SLOVENIAN, **changes)  # type: ignore[arg-type]


@pytest.mark.rule("basic-taken-discard", "norwegian-jokers-on-table")
def test_keep_taken_discard_and_joker_swaps_do_not_mix() -> None:
    # docs/rules/norwegian.rst, norwegian-jokers-on-table: Jokers on the table + docs/rules/swedish.rst, basic-taken-discard: the taken discard: refused together as a ruleset
    with pytest.raises(remi.RulesetError) as info:
        attrs.evolve(remi.NORWEGIAN, keep_taken_discard=True)
    assert "joker swaps" in info.value.reason


@pytest.mark.rule("opening-51")
def test_best_opening_points_left_reads_card_text_and_refuses_junk() -> None:
    # docs/rules/slovenian.rst, opening-51: Opening: how far the cards left reach, asked with text or cards
    hand = "♠Q ♥Q ♦Q ♣9 ♣10 ♣J ♥2"
    assert remi.best_opening_points_left(hand, "♠Q ♥Q ♦Q", remi.SLOVENIAN) == 29
    with pytest.raises(remi.NotationError):
        remi.best_opening_points_left(hand, [None], remi.SLOVENIAN)  # type: ignore[list-item]
    with pytest.raises(remi.NotationError):
        remi.best_opening_points_left(hand, "♠K", remi.SLOVENIAN)
