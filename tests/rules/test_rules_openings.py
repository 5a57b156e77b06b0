"""docs/rules/slovenian.rst and kalooki.rst: openings of 51 and the card values of every game
(sections 0, 1 "Scoring", 2, 3, 4, 5). One test per rule; each names its section."""

from __future__ import annotations

import attrs
import pytest

import remi
from remi import Card, card_value, check_opening, hand_value

N, SW, FI, SL, KA, GIN = (
    remi.NORWEGIAN,
    remi.SWEDISH,
    remi.FINNISH,
    remi.SLOVENIAN,
    remi.KALOOKI,
    remi.GIN,
)


# -- openings --------------------------------------------------------------------------------


@pytest.mark.rule("opening-51")
def test_slovenian_opening_needs_51_points() -> None:
    # docs/rules/slovenian.rst, opening-51: Slovenian remi
    assert SL.opening_points == 51
    fifty = check_opening(["♠K ♥K ♦K", "♣2 ♣3 ♣4 ♣5 ♣6"], SL)
    assert (fifty.ok, fifty.points) == (False, 50)
    assert "at least 51" in fifty.reason
    assert check_opening(["♠K ♥K ♦K", "♣3 ♣4 ♣5 ♣6 ♣7"], SL).points == 55


@pytest.mark.rule("opening-51")
def test_slovenian_opening_ace_low_in_a_run_1_otherwise_10() -> None:
    # docs/rules/slovenian.rst, opening-51: Slovenian remi
    assert check_opening(["♠K ♥K ♦K", "♣A ♣2 ♣3 ♣4 ♣5 ♣6"], SL).points == 51
    assert check_opening(["♠Q ♠K ♠A"], SL).points == 30
    assert check_opening(["♠A ♥A ♦A"], SL).points == 30


@pytest.mark.rule("opening-51")
def test_slovenian_opening_jokers_count_as_what_they_stand_for() -> None:
    # docs/rules/slovenian.rst, opening-51: Slovenian remi
    assert check_opening(["♠K ♥K JK"], SL).points == 30
    assert check_opening(["♣9 JK ♣J"], SL).points == 29
    assert check_opening(["♣Q ♣K JK"], SL).points == 30  # the joker is the high ace
    assert check_opening(["JK ♣2 ♣3"], SL).points == 9  # the joker is ♣4 by default


@pytest.mark.rule("kalooki-opening")
def test_kalooki_opening_needs_51_ace_11_or_1_low_in_a_run() -> None:
    # docs/rules/kalooki.rst, kalooki-opening: Kalooki
    assert KA.opening_points == 51
    assert check_opening(["♠Q ♠K ♠A", "♣2 ♣3 ♣4 ♣5 ♣6"], KA).points == 51
    assert check_opening(["♠J ♠Q ♠K", "♣2 ♣3 ♣4 ♣5 ♣6"], KA).points == 50
    assert not check_opening(["♠J ♠Q ♠K", "♣2 ♣3 ♣4 ♣5 ♣6"], KA).ok
    assert check_opening(["♠A ♥A ♦A"], KA).points == 33
    assert check_opening(["♠A ♠2 ♠3"], KA).points == 6


@pytest.mark.rule("kalooki-opening")
def test_kalooki_opening_jokers_count_as_what_they_stand_for() -> None:
    # docs/rules/kalooki.rst, kalooki-opening: Kalooki
    assert check_opening(["♠A ♥A JK"], KA).points == 33
    assert check_opening(["♠Q ♠K JK"], KA).points == 31


@pytest.mark.rule("basic-turn")
@pytest.mark.parametrize("ruleset", [N, SW, FI, GIN], ids=lambda r: r.name)
def test_other_games_have_no_opening_threshold(ruleset: remi.Ruleset) -> None:
    # docs/rules/swedish.rst, basic-turn: Basic Rummy
    assert ruleset.opening_points is None
    assert check_opening(["♠2 ♥2 ♦2"], ruleset).ok


# -- card values -------------------------------------------------------------------------------


@pytest.mark.rule("shared-hand-value")
def test_hand_value_is_the_sum_of_card_values() -> None:
    # docs/rules/index.rst, shared-hand-value: Concepts: Hand value
    for ruleset in remi.PRESETS.values():
        hand = remi.parse_cards("♠A ♥7 ♦10 ♣Q ♠K ♥2")
        assert hand_value(hand, ruleset) == sum(card_value(c, ruleset) for c in hand)
        assert hand_value("", ruleset) == 0


@pytest.mark.rule("norwegian-scoring")
def test_norwegian_values_and_the_seed_examples() -> None:
    # docs/rules/norwegian.rst, norwegian-scoring: Scoring
    assert hand_value("JK ♥K ♦4", N) == 64
    assert hand_value("♠A ♣8 ♦8", N) == 36
    assert [card_value(Card.of(r, 0), N) for r in range(1, 14)] == [
        20,
        2,
        3,
        4,
        5,
        6,
        7,
        8,
        9,
        10,
        10,
        10,
        10,
    ]
    assert card_value(remi.JOKER, N) == 50


@pytest.mark.rule("norwegian-scoring")
def test_norwegian_other_values_variants() -> None:
    # docs/rules/norwegian.rst, norwegian-scoring: Scoring
    flat = remi.with_variants(N, "five flat")
    assert [card_value(Card.of(r, 1), flat) for r in range(2, 10)] == [5] * 8
    assert hand_value("JK ♥K ♦4 ♠A", flat) == 50 + 10 + 5 + 20
    fifteen = remi.with_variants(N, "joker and ace 15")
    assert hand_value("JK ♠A ♥A ♦4", fifteen) == 15 + 15 + 15 + 4


@pytest.mark.rule("norwegian-variants")
def test_norwegian_spade_two_wild_held_scores_as_a_joker() -> None:
    # docs/rules/norwegian.rst, norwegian-variants: Further variants
    wild = remi.with_variants(N, "spade twos wild")
    assert card_value(Card("♠2"), wild) == 50
    assert hand_value("♠2 ♥2", wild) == 52
    assert hand_value("♠2 ♥2", N) == 4


@pytest.mark.rule("basic-values")
@pytest.mark.parametrize("ruleset", [SW, FI], ids=lambda r: r.name)
def test_basic_rummy_values(ruleset: remi.Ruleset) -> None:
    # docs/rules/swedish.rst, basic-values: Basic Rummy
    assert [card_value(Card.of(r, 3), ruleset) for r in range(1, 14)] == [
        1,
        2,
        3,
        4,
        5,
        6,
        7,
        8,
        9,
        10,
        10,
        10,
        10,
    ]
    assert hand_value("♣5 ♦9", ruleset) == 14
    assert hand_value("♠2 ♥K", ruleset) == 12
    assert hand_value("♠Q ♥10 ♦2", ruleset) == 22


@pytest.mark.rule("slovenian-jokers")
def test_slovenian_values_ace_10_joker_25() -> None:
    # docs/rules/slovenian.rst, slovenian-jokers: Slovenian remi
    assert [card_value(Card.of(r, 2), SL) for r in range(1, 14)] == [
        10,
        2,
        3,
        4,
        5,
        6,
        7,
        8,
        9,
        10,
        10,
        10,
        10,
    ]
    assert card_value(remi.JOKER, SL) == 25
    assert hand_value("JK ♠A ♥7", SL) == 42
    eleven = attrs.evolve(SL, values=attrs.evolve(SL.values, ace=11))
    assert hand_value("♠A", eleven) == 11


@pytest.mark.rule("kalooki-values")
def test_kalooki_values_ace_11_joker_25() -> None:
    # docs/rules/kalooki.rst, kalooki-values: Kalooki
    assert [card_value(Card.of(r, 0), KA) for r in range(1, 14)] == [
        11,
        2,
        3,
        4,
        5,
        6,
        7,
        8,
        9,
        10,
        10,
        10,
        10,
    ]
    assert card_value(remi.JOKER, KA) == 25
    assert hand_value("JK ♠A ♠A ♥Q", KA) == 57


@pytest.mark.rule("gin-values")
def test_gin_values_ace_1() -> None:
    # docs/rules/gin.rst, gin-values: Gin Rummy
    assert [card_value(Card.of(r, 1), GIN) for r in range(1, 14)] == [
        1,
        2,
        3,
        4,
        5,
        6,
        7,
        8,
        9,
        10,
        10,
        10,
        10,
    ]
    assert hand_value("♠A ♥K ♦5", GIN) == 16


@pytest.mark.rule("opening-51")
def test_best_opening_points_left_reads_card_text_and_refuses_junk() -> None:
    # docs/rules/slovenian.rst, opening-51: Opening: how far the cards left reach, asked with text or cards
    hand = "♠Q ♥Q ♦Q ♣9 ♣10 ♣J ♥2"
    assert remi.best_opening_points_left(hand, "♠Q ♥Q ♦Q", remi.SLOVENIAN) == 29
    with pytest.raises(remi.NotationError):
        remi.best_opening_points_left(hand, [None], remi.SLOVENIAN)  # type: ignore[list-item]
    with pytest.raises(remi.NotationError):
        remi.best_opening_points_left(hand, "♠K", remi.SLOVENIAN)
