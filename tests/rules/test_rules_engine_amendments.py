"""The engine's rules amended by review: a round that cannot progress, contracts laid meld by meld,
Kalooki's opening that must keep a card for the final discard, and states that cannot play on.

Each test names the rules page and label it checks (``@pytest.mark.rule``).
"""

from __future__ import annotations

import pytest
from game_helpers import position, strs

import remi
from remi import Discard, GameState, IllegalActionError, LayDown, TakeDiscard

N = remi.NORWEGIAN
KA = remi.KALOOKI


def illegal(state: GameState, action: remi.Action | str) -> IllegalActionError:
    """*action* is refused the same way by is_legal, why_illegal and apply, and is not offered."""
    assert not state.is_legal(action)
    parsed = remi.parse_action(action) if isinstance(action, str) else action
    assert parsed not in state.legal_actions()
    why = state.why_illegal(action)
    with pytest.raises(IllegalActionError) as info:
        state.apply(action)
    assert why is not None and why.code == info.value.code and why.reason == info.value.reason
    assert info.value.reason.endswith(".")
    return info.value


# -- a round that cannot progress -----------------------------------------------------------------


@pytest.mark.rule("shared-round-cannot-progress")
def test_the_last_card_can_still_be_taken_when_the_stock_cannot_be_rebuilt() -> None:
    # docs/rules/index.rst, shared-round-cannot-progress: play goes on while the seat on turn can take the top
    state = position(hands=["♠2 ♥3", "♣5 ♣6", "♣7 ♣8", "♦8 ♦9"], discard="", rest=3, turn=7)
    after = state.apply(Discard("♠2"))
    assert after.round == 1 and after.phase == "draw" and after.current_player == 1
    assert after.legal_actions() == [TakeDiscard()]
    assert illegal(after, "draw").code == "stock-empty"
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


@pytest.mark.rule("norwegian-contract-meld-by-meld")
def test_a_contract_goes_down_one_meld_per_action() -> None:
    # docs/rules/norwegian.rst, norwegian-contract-meld-by-meld: every lay-down is one meld
    state = position(hands=["♠9 ♥9 ♦9 ♥4 ♦4 ♣4 ♣K", "♣9", "♣5", "♣6"], round=1)
    lays = [a for a in state.legal_actions() if isinstance(a, LayDown)]
    assert lays and all(len(a.melds) == 1 for a in lays)
    error = illegal(state, LayDown.of("♠9 ♥9 ♦9", "♥4 ♦4 ♣4"))
    assert error.code == "one-meld-at-a-time" and "GameState.lay" in error.reason


@pytest.mark.rule("norwegian-contract-meld-by-meld")
def test_the_turn_cannot_end_with_the_contract_half_laid() -> None:
    # docs/rules/norwegian.rst, norwegian-contract-meld-by-meld: no discard, lay-off or swap while half laid
    state = position(
        hands=["♠9 ♥9 ♦9 ♥4 ♦4 ♣4 ♣K", "♣9", "♣5", "♣6"],
        table=["♠5 ♠6 ♠7 ♠8"],
        owners=[1],
        down={1: 1},
        round=1,
    )
    half = state.apply(LayDown.of("♠9 ♥9 ♦9"))
    assert strs(half.legal_actions()) == ["lay ♥4 ♦4 ♣4"]
    assert illegal(half, "discard ♣K").code == "contract-unfinished"
    assert illegal(half, "off ♥4 0").code == "contract-not-down"
    done = half.apply(LayDown.of("♥4 ♦4 ♣4"))
    assert "discard ♣K" in strs(done.legal_actions())
    assert done.down[0] == state.turn


@pytest.mark.rule("norwegian-contract-meld-by-meld")
def test_a_meld_is_offered_only_while_the_rest_can_be_completed() -> None:
    # docs/rules/norwegian.rst, norwegian-contract-meld-by-meld: each meld is offered only while the rest of the
    # contract can still be completed: here both sets need ♠9, so only one of them can be laid
    state = position(hands=["♠9 ♥9 ♦9 ♣9 ♣K", "♣5", "♣6", "♣7"], round=1)
    assert not any(isinstance(a, LayDown) for a in state.legal_actions())
    error = illegal(state, LayDown.of("♠9 ♥9 ♦9"))
    assert error.code == "contract-unreachable"
    assert "2 sets" in error.reason


@pytest.mark.rule("norwegian-contract-meld-by-meld")
def test_lay_helper_lays_a_whole_layout_and_names_the_first_refusal() -> None:
    # docs/rules/norwegian.rst, norwegian-contract-meld-by-meld: a helper lays a whole layout in one call
    state = position(hands=["♠9 ♥9 ♦9 ♥4 ♦4 ♣4 ♣K", "♣9", "♣5", "♣6"], round=1)
    after = state.lay("♠9 ♥9 ♦9", "♥4 ♦4 ♣4")
    assert len(after.table) == 2 and after.hand_sizes[0] == 1
    with pytest.raises(IllegalActionError) as info:
        state.lay("♠9 ♥9 ♦9", "♠K ♥K ♦K")
    assert info.value.reason.startswith("Meld 2 (")
    assert state.hand_sizes[0] == 7  # the state is untouched


@pytest.mark.rule("norwegian-contract-meld-by-meld")
def test_offered_actions_stay_few_for_a_large_hand() -> None:
    # docs/rules/norwegian.rst, norwegian-contract-meld-by-meld: single melds keep the listing polynomial
    hand = "♠A ♠2 ♠3 ♠4 ♠5 ♠6 ♠7 ♠8 ♠9 ♠10 ♠J ♠Q ♠K ♥A ♥2 ♥3 ♥4 ♥5 ♥6 ♥7 JK JK JK JK JK JK"
    state = position(N, hands=[hand, "♣5", "♣6", "♣7"], round=3)
    actions = state.legal_actions()
    assert 0 < len(actions) < 5000


# -- Kalooki: the opening must leave a card for the final discard ---------------------------------------


@pytest.mark.rule("kalooki-opening-keeps-discard")
def test_kalooki_opening_that_would_leave_no_discard_is_refused_with_that_reason() -> None:
    # docs/rules/kalooki.rst, kalooki-opening-keeps-discard: the queens would make up 51, but then no card
    # is left for the final discard, and the reason says so
    state = position(KA, players=2, hands=["♠K ♥K ♦K ♠Q ♥Q ♦Q", "♣5 ♣6"], turn=3)
    error = illegal(state, LayDown.of("♠K ♥K ♦K"))
    assert error.code == "opening-keeps-discard"
    assert "final discard" in error.reason


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
