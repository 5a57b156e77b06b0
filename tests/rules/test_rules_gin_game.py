"""docs/rules/gin.rst, gin-undercut: Gin Rummy as a game (deal, play without melding, knock, gin, undercut, void deals)."""

from __future__ import annotations

import random
from collections.abc import Callable

import attrs
import pytest
from game_helpers import knock_best, position
from table_rows import REFUSAL, assert_refused, refusal

import remi
from remi import Discard, GameState, Knock

G = remi.GIN

# Seat 0's eleven cards after drawing: melds ♠A ♠2 ♠3, ♥4 ♦4 ♣4, ♠7 ♠8 ♠9 and ♥K ♣2 loose.
KNOCKER = "♠A ♠2 ♠3 ♥4 ♦4 ♣4 ♠7 ♠8 ♠9 ♥K ♣2"
DEFENDER = "♥5 ♥6 ♥7 ♣9 ♣10 ♣J ♦2 ♦3 ♠4 ♣K"


def gin_position(hands: list[str], **kw: object) -> GameState:
    kw.setdefault("turn", 5)
    return position(G, len(hands), hands=hands, phase="play", **kw)  # type: ignore[arg-type]


def knocker_to_play() -> GameState:
    """Seat 0 (KNOCKER) to play against DEFENDER."""
    return gin_position([KNOCKER, DEFENDER])


def just_took_the_two() -> GameState:
    """Seat 0 has just taken ♣2 from the discard pile (KNOCKER's hand, DEFENDER's)."""
    state = position(G, 2, hands=[KNOCKER.replace(" ♣2", ""), DEFENDER], phase="draw", discard="♣2", turn=5)
    return state.apply("take")


@pytest.mark.rule("gin-equipment")
@pytest.mark.parametrize("players, size", [(2, 10), (3, 7), (4, 7)])
def test_deal_sizes(players: int, size: int) -> None:
    # docs/rules/gin.rst, gin-equipment: Gin Rummy: 2 players 10 cards each; 3-4 players 7 each; 52 cards, no jokers
    state = remi.new_game(G, players=players, seed=3)
    assert state.hand_sizes == (size,) * players
    assert len(state.stock) + len(state.discard) + size * players == 52
    assert remi.JOKER not in state.stock


@pytest.mark.rule("gin-play")
def test_nothing_is_laid_on_the_table_during_play() -> None:
    # docs/rules/gin.rst, gin-play: Gin Rummy: nothing is laid on the table during play; melds are shown only at the end
    state = gin_position([KNOCKER, DEFENDER])  # a lay-down is refused: a row of REFUSALS
    assert not any(isinstance(a, (remi.LayDown, remi.LayOff, remi.SwapJoker)) for a in state.legal_actions())


@pytest.mark.rule("gin-knock")
def test_knock_with_deadwood_at_most_ten() -> None:
    # docs/rules/gin.rst, gin-knock: Knock: a player may end the deal when their deadwood is at most 10
    state = gin_position([KNOCKER, DEFENDER])
    assert Knock("♥K") in state.legal_actions()  # leaves ♣2: deadwood 2
    assert Knock("♣2") in state.legal_actions()  # leaves ♥K: deadwood 10
    assert Knock("♠A") not in state.legal_actions()  # breaks a meld: deadwood 10 + 2 + 2 + 3 > 10 (REFUSALS)


@pytest.mark.rule("gin-knock")
def test_knock_scores_the_difference_after_lay_offs() -> None:
    # docs/rules/gin.rst, gin-knock: Knock: defenders lay off onto the knocker's melds and lose the difference
    state = gin_position([KNOCKER, DEFENDER])
    after = knock_best(state, "♥K")
    result = after.results[-1]
    assert result.went_out == 0
    # Seat 1 lays ♠4 onto ♠A-♠3 and keeps ♦2 ♦3 ♣K (15 deadwood) against the knocker's 2.
    expected = remi.settle_gin(
        [remi.parse_cards("♠A ♠2 ♠3 ♥4 ♦4 ♣4 ♠7 ♠8 ♠9 ♣2"), remi.parse_cards(DEFENDER)], 0, G
    )
    assert result.points == expected.deltas == (0, -13)
    assert after.round == 2 and after.discard != state.discard


@pytest.mark.rule("gin-gin")
def test_gin_scores_twenty_five_and_double_the_losers_hands() -> None:
    # docs/rules/gin.rst, gin-gin: Gin: all cards in melds; the winner scores 25, each loser loses twice their hand value
    state = gin_position(["♠A ♠2 ♠3 ♥4 ♦4 ♣4 ♠7 ♠8 ♠9 ♠10 ♥K", DEFENDER])
    after = knock_best(state, "♥K")
    hand = remi.hand_value(DEFENDER, G)
    assert after.results[-1].points == (25, -2 * hand)


@pytest.mark.rule("gin-undercut")
def test_undercut() -> None:
    # docs/rules/gin.rst, gin-undercut: Undercut: a defender with lower deadwood wins 20; the knocker loses 10 plus the difference
    state = gin_position([KNOCKER, "♥5 ♥6 ♥7 ♣9 ♣10 ♣J ♦A ♦2 ♦3 ♣3"])
    after = knock_best(state, "♣2")  # knocker keeps ♥K: deadwood 10; the defender keeps ♣3: 3
    assert after.results[-1].points == (-17, 20)  # 20 bonus; the knocker loses 10 + (10 - 3)


@pytest.mark.rule("gin-stock-end")
def test_void_deal_when_the_stock_is_down_to_two_cards() -> None:
    # docs/rules/gin.rst, gin-knock: [decision] The stock's last two cards are not drawn; nobody knocked: the deal is void
    state = gin_position([KNOCKER, DEFENDER], stock="♦9 ♦10", rest="discard")
    assert len(state.stock) == 2
    after = state.apply("discard ♥K")
    assert after.results[-1].went_out is None
    assert after.results[-1].points == (0, 0)
    assert after.round == 2


@pytest.mark.rule("gin-match")
def test_match_ends_at_the_target_and_the_highest_total_wins() -> None:
    # docs/rules/gin.rst, gin-match: [decision] Option: match target (default 100); the highest total wins
    results = (remi.RoundResult(1, 0, (90, -10)),)
    state = gin_position(["♠A ♠2 ♠3 ♥4 ♦4 ♣4 ♠7 ♠8 ♠9 ♠10 ♥K", DEFENDER], round=2, results=results)
    after = knock_best(state, "♥K")
    assert after.is_over and after.scores[0] >= 100
    assert after.winners == (0,)
    assert after.legal_actions() == []


@pytest.mark.rule("gin-match")
def test_match_also_ends_when_a_total_falls_to_minus_the_target() -> None:
    # docs/rules/gin.rst, gin-match: [decision] Most Gin deals take points away, so -100 ends the match too
    results = (remi.RoundResult(1, 0, (0, -95)),)
    state = gin_position([KNOCKER, DEFENDER], round=2, results=results)
    after = knock_best(state, "♥K")
    assert after.is_over and after.scores == (0, -108)
    assert after.winners == (0,)


@pytest.mark.rule("gin-match")
def test_seeded_gin_matches_keep_every_invariant() -> None:
    # docs/rules/gin.rst, gin-match: Gin Rummy: whole matches at 2, 3 and 4 players replay and keep every card accounted for
    for players in (2, 3, 4):
        rng = random.Random(players)
        rules = attrs.evolve(G, target_score=60)
        state = remi.new_game(rules, players=players, seed=players)
        steps = 0
        while not state.is_over:
            actions = state.legal_actions()
            knocks = [a for a in actions if isinstance(a, Knock)]
            action = knocks[0] if knocks else rng.choice(actions)
            if isinstance(action, Discard):
                assert action.card in state.hands[state.current_player]
            state = state.apply(action)
            state.check_invariants()
            steps += 1
            assert steps < 20000
        assert remi.GameState.from_dict(state.to_dict()) == state
        assert max(state.scores) >= 60 or min(state.scores) <= -60


@pytest.mark.rule("gin-play", "basic-taken-discard")
def test_the_card_just_taken_may_not_go_back() -> None:
    # docs/rules/gin.rst, gin-play: Gin Rummy: play as in basic rummy, so the card just taken from the discard pile
    # may not be discarded (or knocked with) in the same turn (docs/rules/swedish.rst, basic-taken-discard)
    taken = just_took_the_two()  # the ♣2 may not go back, nor may the seat draw again: rows of REFUSALS
    assert taken.taken == remi.parse_card("♣2")
    assert Discard("♣2") not in taken.legal_actions() and Knock("♣2") not in taken.legal_actions()
    assert Knock("♥K") in taken.legal_actions()


# -- no jokers; what a loser pays ------------------------------------------------------------------


@pytest.mark.rule("gin-no-jokers")
def test_gin_refuses_jokers_everywhere() -> None:
    with pytest.raises(remi.StateError) as info:
        remi.hand_value("JK", G)
    assert info.value.code == "jokers-not-in-game"
    assert isinstance(info.value, ValueError)
    with pytest.raises(remi.StateError) as info:
        remi.settle_gin(["♠A ♠2 ♠3 JK", "♥K ♥5"], 0, G)
    assert info.value.code == "jokers-not-in-game"
    with pytest.raises(remi.StateError):
        remi.settle(["♠A ♠2 ♠3", "♥K JK"], 0, G)
    assert remi.check_meld("♠7 ♠8 JK", G).code == "jokers-not-in-game"
    assert remi.hand_value("♠A ♥K", G) == 11


@pytest.mark.rule("gin-loser-deadwood")
def test_gin_losers_pay_hand_or_deadwood() -> None:
    assert G.gin_loser_pays == "hand"
    hands = ["♠A ♠2 ♠3", "♥5 ♥6 ♥7 ♣K"]
    assert remi.settle_gin(hands, 0, G).deltas == (25, -2 * 28)
    deadwood = attrs.evolve(G, gin_loser_pays="deadwood")
    settled = remi.settle_gin(hands, 0, deadwood)
    assert settled.kind == "gin"
    assert settled.deltas == (25, -2 * 10)
    assert "deadwood" in settled.detail
    assert remi.Ruleset.from_dict(deadwood.to_dict()) == deadwood
    assert deadwood.to_dict()["gin_loser_pays"] == "deadwood"
    with pytest.raises(remi.RulesetError):
        attrs.evolve(G, gin_loser_pays="nothing")


# -- refusals: one row per refused action, each with its rule --------------------------------------

GIN_PLAY = pytest.mark.rule("gin-play")
GIN_KNOCK = pytest.mark.rule("gin-knock")
GIN_TAKEN_DISCARD = pytest.mark.rule("gin-play", "basic-taken-discard")

REFUSALS = [
    # refusal(rule, where, position, action, code[, the reason, or a part of it])
    # Nothing is laid on the table during play; a knock needs deadwood of 10 or less.
    refusal(GIN_PLAY, "to play", knocker_to_play, "lay ♠A ♠2 ♠3", "nothing-laid-in-gin"),
    refusal(GIN_KNOCK, "to play", knocker_to_play, "knock ♠A", "knock-too-high", "limit is 10"),
    # The card just taken from the discard pile may not go back, by a discard or a knock.
    refusal(GIN_TAKEN_DISCARD, "took ♣2", just_took_the_two, "discard ♣2", "discard-just-taken"),
    refusal(GIN_TAKEN_DISCARD, "took ♣2", just_took_the_two, "knock ♣2", "discard-just-taken"),
    refusal(GIN_TAKEN_DISCARD, "took ♣2", just_took_the_two, "draw", "wrong-phase", "discard or knock"),
]


@pytest.mark.parametrize(REFUSAL, REFUSALS)
def test_refused(state: Callable[[], GameState], action: str | remi.Action, code: str, reason: str) -> None:
    assert_refused(state, action, code, reason)
