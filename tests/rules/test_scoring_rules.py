"""One test per scoring rule of the rules pages (docs/rules/), checked against the seeds' examples."""

from __future__ import annotations

import attrs
import pytest

import remi
from remi import hand_value


# docs/rules/norwegian.rst, norwegian-scoring: Scoring: values table
@pytest.mark.rule("norwegian-scoring")
def test_norwegian_card_values_seed_example() -> None:
    assert hand_value("JK ♥K ♦4", remi.NORWEGIAN) == 64
    assert hand_value("♠A ♣8 ♦8", remi.NORWEGIAN) == 36


# docs/rules/norwegian.rst, norwegian-scoring: Scoring: the player who goes out scores 0, the others what they hold
@pytest.mark.rule("norwegian-scoring")
def test_norwegian_out_scores_zero_others_their_hand() -> None:
    s = remi.settle([["JK", "♥K", "♦4"], [], ["♠A", "♣8", "♦8"], "♠7 ♥7"], 1, remi.NORWEGIAN)
    assert s.deltas == (64, 0, 36, 14)
    assert s.winner == 1 and s.kind == "out"


# docs/rules/norwegian.rst, norwegian-stock-runs-out: Stock runs out: no winner, everyone scores their hand
@pytest.mark.rule("norwegian-stock-runs-out")
def test_norwegian_no_winner_everyone_scores() -> None:
    s = remi.settle(["JK ♥K ♦4", "♠A ♣8 ♦8", "♠2"], None, remi.NORWEGIAN)
    assert s.deltas == (64, 36, 2) and s.winner is None


# docs/rules/norwegian.rst, norwegian-scoring: Scoring: after 7 rounds the lowest total wins
@pytest.mark.rule("norwegian-scoring")
def test_norwegian_lowest_total_wins() -> None:
    assert remi.match_winner([120, 64, 300, 80], remi.NORWEGIAN) == (1,)


# docs/rules/norwegian.rst, norwegian-scoring: Further variants: other values (5 flat; joker and ace 15)
@pytest.mark.rule("norwegian-scoring")
def test_norwegian_other_values() -> None:
    flat = remi.with_variants(remi.NORWEGIAN, "five flat")
    fifteen = remi.with_variants(remi.NORWEGIAN, "joker and ace 15")
    assert remi.settle(["JK ♥K ♦4", []], 1, flat).deltas == (65, 0)
    assert remi.settle(["JK ♠A ♦4", []], 1, fifteen).deltas == (34, 0)


# docs/rules/norwegian.rst, norwegian-spade-twos-wild: Further variants: ♠2 wild scores as a joker when held
@pytest.mark.rule("norwegian-spade-twos-wild")
def test_spade_two_wild_scores_as_joker() -> None:
    twos = remi.with_variants(remi.NORWEGIAN, "spade twos wild")
    assert remi.settle(["♠2 ♥2", []], 1, twos).deltas == (52, 0)


# docs/rules/swedish.rst, basic-values: Basic Rummy: card values J Q K 10, ace 1, 2-10 face
@pytest.mark.rule("basic-values")
def test_basic_card_values() -> None:
    assert hand_value("♠A ♠2 ♠10 ♠J ♠Q ♠K", remi.SWEDISH) == 43


# docs/rules/swedish.rst, basic-scoring: Basic Rummy: the winner scores the sum of the opponents' hands (14 + 12 + 22 = 48)
@pytest.mark.rule("basic-scoring")
def test_basic_winner_takes_the_sum() -> None:
    s = remi.settle([[], "♣5 ♦9", "♥10 ♥2", "♠K ♠Q ♠2"], 0, remi.SWEDISH)
    assert s.deltas == (48, 0, 0, 0) and s.winner == 0


# docs/rules/swedish.rst, basic-match: Basic Rummy: over a match, the highest total wins
@pytest.mark.rule("basic-match")
def test_basic_highest_total_wins() -> None:
    assert remi.match_winner([120, 480, 480], remi.SWEDISH) == (1, 2)


# docs/rules/finnish.rst, basic-going-rummy: Going rummy doubles the deal (on in FINNISH, off in SWEDISH)
@pytest.mark.rule("basic-going-rummy")
def test_going_rummy_doubles_in_finnish_only() -> None:
    hands = [[], "♣5 ♦9", "♥10 ♥2", "♠K ♠Q ♠2"]
    assert remi.settle(hands, 0, remi.FINNISH, going_rummy=True).deltas == (96, 0, 0, 0)
    assert remi.settle(hands, 0, remi.SWEDISH, going_rummy=True).deltas == (48, 0, 0, 0)
    assert remi.settle(hands, 0, remi.FINNISH).deltas == (48, 0, 0, 0)


# docs/rules/swedish.rst, basic-block-rummy: Block Rummy: lowest hand wins the differences (6 vs 15, 7, 21 -> 9 + 1 + 15 = 25)
@pytest.mark.rule("basic-block-rummy")
def test_block_rummy_seed_example() -> None:
    block = attrs.evolve(remi.SWEDISH, scoring="block")
    s = remi.settle(["♠6", "♥10 ♥5", "♦7", "♣K ♣8 ♣3"], None, block)
    assert s.deltas == (25, 0, 0, 0) and s.winner == 0 and s.kind == "block"


# docs/rules/slovenian.rst, slovenian-jokers: Slovenian: card values (ace 10 held, joker 25)
@pytest.mark.rule("slovenian-values")
def test_slovenian_card_values() -> None:
    assert hand_value("♠A JK ♥K ♦7", remi.SLOVENIAN) == 52


# docs/rules/slovenian.rst, slovenian-scoring: Slovenian: the others score their hand as penalty; lowest total wins
@pytest.mark.rule("slovenian-scoring")
def test_slovenian_penalty_and_lowest_wins() -> None:
    assert remi.settle(["♠A JK", [], "♦7"], 1, remi.SLOVENIAN).deltas == (35, 0, 7)
    assert remi.match_winner([35, 0, 7], remi.SLOVENIAN) == (1,)


# docs/rules/slovenian.rst, opening-51: Slovenian: an opening needs 51, jokers counting as the card they stand for
@pytest.mark.rule("opening-51")
def test_slovenian_opening_threshold() -> None:
    found = remi.find_opening("♠Q ♥Q ♦Q JK ♣8 ♣9 ♣10", remi.SLOVENIAN)
    assert found is not None and remi.check_opening(found, remi.SLOVENIAN).points == 67
    assert remi.find_opening("♠10 ♥10 ♦10 ♣2 ♣3 ♣4", remi.SLOVENIAN) is None


# docs/rules/kalooki.rst, kalooki-going-out: Kalooki: each other player scores their hand plus 25
@pytest.mark.rule("kalooki-going-out")
def test_kalooki_surcharge() -> None:
    s = remi.settle(["JK ♠A", [], "♦4"], 1, remi.KALOOKI)
    assert s.deltas == (25 + 11 + 25, 0, 4 + 25)


# docs/rules/kalooki.rst, kalooki-scoring: Kalooki: lowest total wins
@pytest.mark.rule("kalooki-scoring")
def test_kalooki_lowest_wins() -> None:
    assert remi.match_winner([61, 0, 29], remi.KALOOKI) == (1,)


# docs/rules/gin.rst, gin-gin: Gin: the winner scores 25, each loser loses twice their hand value
@pytest.mark.rule("gin-gin")
def test_gin_bonus_and_double_loss() -> None:
    hands = ["♠A ♠2 ♠3 ♥4 ♦4 ♣4 ♠7 ♠8 ♠9 ♠10", "♥5 ♥6 ♥7 ♣9 ♣10 ♣J ♦2 ♦3 ♠4 ♣K"]
    s = remi.settle(hands, 0, remi.GIN)
    assert s.kind == "gin" and s.winner == 0
    assert s.deltas == (25, -2 * hand_value(hands[1], remi.GIN))


# docs/rules/gin.rst, gin-knock: Knock: deadwood at most 10; each defender loses the difference after lay-offs
@pytest.mark.rule("gin-knock")
def test_gin_knock_difference_after_layoffs() -> None:
    hands = ["♠A ♠2 ♠3 ♥4 ♦4 ♣4 ♠7 ♠8 ♠9 ♥K", "♥5 ♥6 ♥7 ♣9 ♣10 ♣J ♦2 ♦3 ♠4 ♣K"]
    s = remi.settle(hands, 0, remi.GIN)
    # Defender: 19 deadwood, ♠4 laid off -> 15; knocker 10 -> loses 5.
    assert s.kind == "knock" and s.deltas == (0, -5)


# docs/rules/gin.rst, gin-knock: Knock: a deadwood above 10 may not knock
@pytest.mark.rule("gin-knock")
def test_gin_knock_limit() -> None:
    hands = ["♠A ♠2 ♠3 ♥4 ♦4 ♣4 ♠7 ♠8 ♥Q ♥K", "♥5 ♥6 ♥7 ♣9 ♣10 ♣J ♦2 ♦3 ♠4 ♣K"]
    try:
        remi.settle(hands, 0, remi.GIN)
    except remi.IllegalActionError as err:
        assert err.code == "knock-too-high"
    else:
        raise AssertionError("a knock with 35 deadwood was accepted")


# docs/rules/gin.rst, gin-knock: Knock: defenders add to the knocker's original melds, not onto another defender's cards
@pytest.mark.rule("gin-knock")
def test_gin_no_layoff_onto_another_defenders_cards() -> None:
    knocker = "♠3 ♠4 ♠5 ♦J ♦Q ♦K ♣2"  # deadwood 2
    second = "♠6 ♥2 ♥3 ♥4 ♣5 ♣6 ♣Q"  # lays ♠6 off on ♠3-5: ♣5 ♣6 ♣Q = 21 left
    third = "♠7 ♦10 ♥8 ♥J ♥Q ♥K ♣K"  # ♠7 would only fit after the second player's ♠6
    s = remi.settle_gin([knocker, second, third], 0, remi.GIN)
    assert s.kind == "knock"
    assert s.deltas[:2] == (0, -(21 - 2))
    # Third: ♥J ♥Q ♥K melds; ♦10 lays off on ♦J-K; ♠7 ♥8 ♣K stay: 25 - 2.
    assert s.deltas[2] == -(7 + 8 + 10 - 2)


# docs/rules/gin.rst, gin-undercut: Undercut: the defender wins 20, the knocker loses 10 plus the difference
@pytest.mark.rule("gin-undercut")
def test_gin_undercut() -> None:
    hands = ["♠A ♠2 ♠3 ♥4 ♦4 ♣4 ♠7 ♠8 ♠9 ♥9", "♥5 ♥6 ♥7 ♣9 ♣10 ♣J ♦5 ♦6 ♦7 ♣A"]
    s = remi.settle(hands, 0, remi.GIN)
    # Knocker 9; defender ♦5 ♦6 ♦7 melds, ♣A = 1.
    assert s.kind == "undercut" and s.winner == 1
    assert s.deltas == (-(10 + 9 - 1), 20)


# docs/rules/gin.rst, gin-undercut: Undercut: several undercut -> lowest deadwood wins, ties to the earliest in turn order;
# option: ties count as an undercut
@pytest.mark.rule("gin-undercut")
def test_gin_several_undercuts_and_tie_option() -> None:
    knocker = "♠A ♠2 ♠3 ♥4 ♦4 ♣4 ♠7 ♠8 ♠9 ♥5"  # deadwood 5 (♥5)
    a = "♥9 ♥10 ♥J ♦6 ♦7 ♦8 ♣2"  # 2
    b = "♣9 ♣10 ♣J ♥A ♥Q ♥K ♦A"  # 22, nothing to lay off
    c = "♦J ♦Q ♦K ♣6 ♣7 ♣8 ♦3"  # 3: undercuts too, but 2 is lower
    s = remi.settle_gin([knocker, a, b, c], 0, remi.GIN)
    assert s.kind == "undercut" and s.winner == 1
    # [decision] the other defenders settle with the knocker as in a knock (never below 0).
    assert s.deltas == (-(10 + 5 - 2), 20, -(22 - 5), 0)
    tie = ["♠A ♠2 ♠3 ♥4 ♦4 ♣4 ♠7 ♠8 ♠9 ♥2", "♥9 ♥10 ♥J ♦6 ♦7 ♦8 ♣2", "♣9 ♣10 ♣J ♣5 ♣6 ♣7 ♦2"]
    tied = remi.settle_gin(tie, 0, remi.GIN)
    # Without undercut_on_tie a tie names no winner (not the knocker, as a "knock").
    assert (tied.kind, tied.winner, tied.deltas) == ("tie", None, (0, 0, 0))
    on_tie = attrs.evolve(remi.GIN, undercut_on_tie=True)
    s = remi.settle_gin(tie, 0, on_tie)
    assert s.kind == "undercut" and s.winner == 1  # two tie at 2: the first after the knocker
