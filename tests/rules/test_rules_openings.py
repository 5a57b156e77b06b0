"""docs/rules/slovenian.rst and kalooki.rst: openings of 51 and the card values of every game
(sections 0, 1 "Scoring", 2, 3, 4, 5). One test per rule; each names its section."""

from __future__ import annotations

from typing import Any

import attrs
import pytest
from table_rows import card_id, ruleset_id

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


NORWEGIAN_SCORING = pytest.mark.rule("norwegian-scoring")
NORWEGIAN_VARIANTS = pytest.mark.rule("norwegian-variants")
BASIC_VALUES = pytest.mark.rule("basic-values")
SLOVENIAN_JOKERS = pytest.mark.rule("slovenian-jokers")
KALOOKI_VALUES = pytest.mark.rule("kalooki-values")
GIN_VALUES = pytest.mark.rule("gin-values")

FIVE_FLAT = remi.with_variants(N, "five flat")
FIFTEEN = remi.with_variants(N, "joker and ace 15")
SPADE_TWOS = remi.with_variants(N, "spade twos wild")
SL_ACE_11 = attrs.evolve(SL, values=attrs.evolve(SL.values, ace=11))

#: Per preset: the suit asked, the values of its A 2 3 4 5 6 7 8 9 10 J Q K, and the joker's value
#: (None: the game has no jokers). docs/rules/norwegian.rst, norwegian-scoring; docs/rules/swedish.rst,
#: basic-values; docs/rules/slovenian.rst, slovenian-jokers; docs/rules/kalooki.rst, kalooki-values;
#: docs/rules/gin.rst, gin-values.
CARD_VALUES = [
    pytest.param(
        N, 0, (20, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10), 50, marks=NORWEGIAN_SCORING, id="norwegian"
    ),
    pytest.param(SW, 3, (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10), None, marks=BASIC_VALUES, id="swedish"),
    pytest.param(FI, 3, (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10), None, marks=BASIC_VALUES, id="finnish"),
    pytest.param(
        SL, 2, (10, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10), 25, marks=SLOVENIAN_JOKERS, id="slovenian"
    ),
    pytest.param(KA, 0, (11, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10), 25, marks=KALOOKI_VALUES, id="kalooki"),
    pytest.param(GIN, 1, (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10), None, marks=GIN_VALUES, id="gin"),
]


@pytest.mark.parametrize(("ruleset", "suit", "values", "joker"), CARD_VALUES)
def test_card_values_per_preset(
    ruleset: remi.Ruleset, suit: int, values: tuple[int, ...], joker: int | None
) -> None:
    assert tuple(card_value(Card.of(rank, suit), ruleset) for rank in range(1, 14)) == values
    if joker is not None:
        assert card_value(remi.JOKER, ruleset) == joker


def worth(rule: pytest.MarkDecorator, hand: str, ruleset: remi.Ruleset, value: int) -> Any:
    """A row of HAND_VALUES: *hand* is worth *value* under *ruleset*."""
    return pytest.param(
        hand, ruleset, value, marks=rule, id=f"{ruleset_id(ruleset)}: {card_id(hand)} = {value}"
    )


HAND_VALUES = [
    # the seeds' examples
    worth(NORWEGIAN_SCORING, "JK ♥K ♦4", N, 64),
    worth(NORWEGIAN_SCORING, "♠A ♣8 ♦8", N, 36),
    # the other values: five flat; joker and ace 15
    worth(NORWEGIAN_SCORING, "JK ♥K ♦4 ♠A", FIVE_FLAT, 50 + 10 + 5 + 20),
    worth(NORWEGIAN_SCORING, "JK ♠A ♥A ♦4", FIFTEEN, 15 + 15 + 15 + 4),
    # a wild ♠2 held scores as a joker; without the variant it is a two
    worth(NORWEGIAN_VARIANTS, "♠2 ♥2", SPADE_TWOS, 52),
    worth(NORWEGIAN_VARIANTS, "♠2 ♥2", N, 4),
    *[
        row
        for ruleset in (SW, FI)
        for row in (
            worth(BASIC_VALUES, "♣5 ♦9", ruleset, 14),
            worth(BASIC_VALUES, "♠2 ♥K", ruleset, 12),
            worth(BASIC_VALUES, "♠Q ♥10 ♦2", ruleset, 22),
        )
    ],
    worth(SLOVENIAN_JOKERS, "JK ♠A ♥7", SL, 42),
    worth(SLOVENIAN_JOKERS, "♠A", SL_ACE_11, 11),
    worth(KALOOKI_VALUES, "JK ♠A ♠A ♥Q", KA, 57),
    worth(GIN_VALUES, "♠A ♥K ♦5", GIN, 16),
]


@pytest.mark.parametrize(("hand", "ruleset", "value"), HAND_VALUES)
def test_hand_values(hand: str, ruleset: remi.Ruleset, value: int) -> None:
    assert hand_value(hand, ruleset) == value


@pytest.mark.rule("norwegian-scoring")
def test_norwegian_five_flat_values_two_to_nine_at_five() -> None:
    # docs/rules/norwegian.rst, norwegian-scoring: Scoring (the hands are rows of HAND_VALUES)
    assert [card_value(Card.of(r, 1), FIVE_FLAT) for r in range(2, 10)] == [5] * 8


@pytest.mark.rule("norwegian-variants")
def test_norwegian_spade_two_wild_held_scores_as_a_joker() -> None:
    # docs/rules/norwegian.rst, norwegian-variants: Further variants (the hands are rows of HAND_VALUES)
    assert card_value(Card("♠2"), SPADE_TWOS) == 50


@pytest.mark.rule("opening-51")
def test_best_opening_points_left_reads_card_text_and_refuses_junk() -> None:
    # docs/rules/slovenian.rst, opening-51: Opening: how far the cards left reach, asked with text or cards
    hand = "♠Q ♥Q ♦Q ♣9 ♣10 ♣J ♥2"
    assert remi.best_opening_points_left(hand, "♠Q ♥Q ♦Q", remi.SLOVENIAN) == 29
    with pytest.raises(remi.NotationError):
        remi.best_opening_points_left(hand, [None], remi.SLOVENIAN)  # type: ignore[list-item]
    with pytest.raises(remi.NotationError):
        remi.best_opening_points_left(hand, "♠K", remi.SLOVENIAN)
