"""docs/rules/index.rst (the rules every game shares), the rules of PLAYING: a round that cannot
progress, and rulesets and saved states that could not play on. Meld rules shared by every game
are in test_rules_melds.py, the referee's answers in test_rules_referee.py. Each test names its
section (``@pytest.mark.rule``)."""

from __future__ import annotations

from collections.abc import Callable

import attrs
import pytest
from game_helpers import position
from table_rows import REFUSAL, assert_refused, refusal

import remi
from remi import Discard, GameState, TakeDiscard

N = remi.NORWEGIAN
KA = remi.KALOOKI


# -- a round that cannot progress -----------------------------------------------------------------


def last_card_on_the_pile() -> GameState:
    """The stock is empty and cannot be rebuilt; seat 0 has discarded ♠2, the one card to take."""
    state = position(hands=["♠2 ♥3", "♣5 ♣6", "♣7 ♣8", "♦8 ♦9"], discard="", rest=3, turn=7)
    return state.apply(Discard("♠2"))


@pytest.mark.rule("shared-round-cannot-progress")
def test_the_last_card_can_still_be_taken_when_the_stock_cannot_be_rebuilt() -> None:
    # docs/rules/index.rst, shared-round-cannot-progress: play goes on while the seat on turn can take the top
    after = last_card_on_the_pile()  # the empty stock is refused: a row of REFUSALS
    assert after.round == 1 and after.phase == "draw" and after.current_player == 1
    assert after.legal_actions() == [TakeDiscard()]
    assert after.idle_turns == 1


@pytest.mark.rule("shared-round-cannot-progress")
def test_a_full_lap_with_nothing_laid_ends_the_round_with_no_winner() -> None:
    # docs/rules/index.rst, shared-round-cannot-progress: after a full lap of turns with the stock empty and
    # nothing laid on the table, the round ends with no winner
    state = position(hands=["♠2 ♥3", "♣5 ♣6", "♣7 ♣8", "♦8 ♦9"], discard="", rest=3, turn=7)
    state = state.apply(Discard("♠2"))
    turns = 0
    while state.round == 1:
        state = state.apply(TakeDiscard())
        taken = state.taken
        assert taken is not None
        state = state.apply(Discard(taken))
        turns += 1
    assert turns == 4  # one full lap of four seats
    result = state.results[-1]
    assert result.went_out is None and result.round == 1


@pytest.mark.rule("shared-round-cannot-progress")
def test_a_card_laid_on_the_table_resets_the_lap() -> None:
    # docs/rules/index.rst, shared-round-cannot-progress: the lap counts turns in which nobody laid a card
    state = position(
        hands=["♠2 ♥3", "♠10 ♣6", "♣7 ♣8", "♦8 ♦9"],
        table=["♠6 ♠7 ♠8 ♠9"],
        owners=[1],
        down={1: 1},
        discard="",
        rest=3,
        turn=7,
    )
    state = state.apply(Discard("♥3"))
    assert state.current_player == 1 and state.idle_turns == 1
    state = state.apply(TakeDiscard()).apply("off ♠10 0")
    assert state.idle_turns == 0
    state = state.apply(Discard("♣6"))
    assert state.round == 1 and state.idle_turns == 1


@pytest.mark.rule("shared-round-cannot-progress")
def test_nothing_to_draw_or_take_ends_the_round_at_once() -> None:
    # docs/rules/index.rst, shared-round-cannot-progress: with both piles empty the round ends at once
    state = position(
        hands=["♠2 ♥3", "♣5 ♣6", "♣7", "♣8"],
        phase="buy",
        queue=(1, 2, 3),
        discard="♥6",
        stock="♠5",
        rest=3,
        turn=7,
    )
    bought = state.apply("buy")
    assert bought.stock == () and bought.discard == ()
    # Seat 0 goes on to play; a Shanghai-free discard leaves one card to take, so play goes on.
    after = bought.apply(Discard("♥3"))
    assert after.round == 1 and after.legal_actions() == [TakeDiscard()]


# -- the contract, meld by meld --------------------------------------------------------------------


# -- Kalooki: the opening must leave a card for the final discard ---------------------------------------


# -- states that cannot play on ------------------------------------------------------------------------


@pytest.mark.rule("shared-ruleset-playable")
def test_a_saved_state_that_could_not_play_on_is_refused() -> None:
    # docs/rules/index.rst, shared-ruleset-playable: every loaded state offers an action until the match ends
    # Seat 0 has begun its opening this turn (30 of 51 points) and nothing it holds can make up the rest:
    # it may neither lay another meld nor discard.
    state = position(KA, players=2, hands=["♠K ♥5 ♦9", "♣5 ♣6"], table=["♠J ♥J ♦J"], owners=[1], turn=3)
    data = state.to_dict()
    data["table"][0]["owner"] = 0
    data["down"] = [3, -1]
    with pytest.raises(remi.StateError) as info:
        GameState.from_dict(data)
    assert info.value.code == "dead-end"


@pytest.mark.rule("shared-ruleset-playable")
def test_a_shanghai_caller_must_hold_two_cards() -> None:
    # docs/rules/index.rst, shared-ruleset-playable: a Shanghai window asks only seats that can give a card
    rules = remi.with_variants(N, "shanghai")
    state = position(
        rules,
        hands=["♠2 ♥3", "♣5", "♣6 ♣7", "♣8 ♣9"],
        table=["♠6 ♠7 ♠8 ♠9"],
        owners=[2],
        down={2: 1},
        discard="♠10",
        phase="shanghai",
        turn_player=0,
        queue=(2, 3),
        shanghai_from=0,
        turn=5,
    )
    data = state.to_dict()
    data["queue"] = [1, 2, 3]
    data["to_act"] = 1
    with pytest.raises(remi.StateError) as info:
        GameState.from_dict(data)
    assert "fewer than two cards" in info.value.reason


# -- rulesets that build but cannot play (shared-ruleset-playable) ---------------------------------


@pytest.mark.rule("shared-ruleset-playable")
def test_a_gin_reserve_that_voids_every_deal_is_refused() -> None:
    with pytest.raises(remi.RulesetError) as info:
        attrs.evolve(remi.GIN, gin_stock_reserve=31)
    assert "no card to draw" in info.value.reason
    assert attrs.evolve(remi.GIN, gin_stock_reserve=20).gin_stock_reserve == 20


@pytest.mark.rule("shared-ruleset-playable", "norwegian-contracts")
def test_contracts_and_rounds_must_agree() -> None:
    with pytest.raises(remi.RulesetError) as info:
        attrs.evolve(N, contracts=[(1, 0)])
    assert "one round per contract" in info.value.reason
    with pytest.raises(remi.RulesetError):
        attrs.evolve(N, rounds=None, target_score=500)
    short = attrs.evolve(N, contracts=[(1, 0)], rounds=1)
    assert remi.new_game(short, players=4, seed=1).round == 1


# -- refusals: one row per refused action, each with its rule --------------------------------------

CANNOT_PROGRESS = pytest.mark.rule("shared-round-cannot-progress")

REFUSALS = [
    # refusal(rule, where, position, action, code[, the reason, or a part of it])
    refusal(CANNOT_PROGRESS, "empty stock", last_card_on_the_pile, "draw", "stock-empty"),
]


@pytest.mark.parametrize(REFUSAL, REFUSALS)
def test_refused(state: Callable[[], GameState], action: str | remi.Action, code: str, reason: str) -> None:
    assert_refused(state, action, code, reason)
