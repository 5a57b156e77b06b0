"""docs/rules/swedish.rst (Basic Rummy: Swedish, Finnish, Block Rummy), the rules of PLAYING:
the deal, the first dealer, the turn, lay-offs, the taken discard, going out, the turned-over
pile, scoring, going rummy, Block Rummy, the match and the Swedish house rules. Meld validity
is tested elsewhere. Each test names its section."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from typing import Any

import attrs
import pytest
from game_helpers import Layout, all_cards, cards, illegal, position, sorted_hand, strs
from table_rows import REFUSAL, assert_refused, refusal

import remi
import remi.game.engine as game_module
from remi import (
    Card,
    Discard,
    DrawStock,
    GameState,
    LayDown,
    LayOff,
    RoundResult,
    TakeDiscard,
    hand_value,
    make_pack,
)

S = remi.SWEDISH
F = remi.FINNISH
BLOCK = attrs.evolve(S, discard_reuse="none")

SIZES = {2: 10, 3: 7, 4: 7, 5: 6, 6: 6}


def pos(ruleset: remi.Ruleset = S, players: int = 4, **kw: Any) -> GameState:
    """A checked Basic Rummy position (``game_helpers.position`` with a Basic Rummy ruleset).

    ``melds_this_turn`` is not a builder field, so it is set afterwards.
    """
    melds_this_turn = kw.pop("melds_this_turn", 0)
    state = position(ruleset, players, **kw)
    if melds_this_turn:
        state = attrs.evolve(state, melds_this_turn=melds_this_turn)
        state.check_invariants()
    return state


def ended(before: GameState, after: GameState) -> RoundResult:
    """The deal *before* was in is over in *after*: return its result."""
    assert len(after.results) == len(before.results) + 1
    result = after.results[-1]
    assert result.round == before.round
    assert after.round == before.round + 1 or after.is_over
    return result


# =============================================================================================
# Equipment, the deal, the first dealer
# =============================================================================================


@pytest.mark.rule("basic-deal")
@pytest.mark.parametrize("ruleset", [S, F, BLOCK], ids=["swedish", "finnish", "block"])
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_deal_sizes_by_player_count(ruleset: remi.Ruleset, players: int) -> None:
    # docs/rules/swedish.rst, basic-deal: Deal: 2 players 10 each; 3-4 players 7 each; 5-6 players 6 each; one deck, no jokers
    state = remi.new_game(ruleset, players, seed=players)
    size = SIZES[players]
    assert state.hand_sizes == (size,) * players
    seen = all_cards(state)
    assert sum(seen.values()) == 52 and remi.JOKER not in seen
    assert len(state.discard) == 1
    assert len(state.stock) == 52 - players * size - 1
    assert state.phase == "draw" and state.turn == 1
    state.check_invariants()


@pytest.mark.rule("basic-deal")
@pytest.mark.parametrize("players", [1, 7])
def test_two_to_six_players(players: int) -> None:
    # docs/rules/swedish.rst, basic-deal: Deal: the player counts are 2 to 6
    with pytest.raises(remi.RulesetError) as info:
        remi.new_game(S, players)
    assert info.value.code == "bad-players"


@pytest.mark.rule("basic-deal")
@pytest.mark.parametrize("players, dealer", [(2, 0), (2, 1), (5, 3)])
def test_deal_one_at_a_time_from_left_of_dealer(players: int, dealer: int) -> None:
    # docs/rules/swedish.rst, basic-deal: Deal: one at a time; the next card face up starts the discard pile, the rest is the stock
    pack = list(make_pack(1, 0))  # a stacked pack, in its fixed order; the top of the stock is the end
    state = remi.new_game(S, players, seed=0, dealer=dealer, pack=pack)
    size = SIZES[players]
    order = pack[::-1]
    expected: list[list[Card]] = [[] for _ in range(players)]
    for i in range(size * players):
        expected[(dealer + 1 + i % players) % players].append(order[i])
    assert state.hands == tuple(sorted_hand(h) for h in expected)
    assert state.discard == (order[size * players],)
    assert state.stock == tuple(pack[: 52 - size * players - 1])


@pytest.mark.rule("basic-first-dealer")
@pytest.mark.parametrize("players", [2, 4, 6])
def test_first_dealer_by_lot_from_the_seed(players: int) -> None:
    # docs/rules/swedish.rst, basic-first-dealer: First dealer by lot (a chance outcome) [seed]: derived from the seed, replayable
    dealers = [remi.new_game(S, players, seed=seed).dealer for seed in range(60)]
    assert set(dealers) == set(range(players))  # every seat can be drawn
    for seed in range(10):
        again = remi.new_game(S, players, seed=seed)
        assert again.dealer == dealers[seed]
        assert again == remi.new_game(S, players, seed=seed)
        # The lot is its own chance outcome, drawn from the seed (documented in docs/rules).
        assert again.dealer == random.Random(f"remi:{seed}:first-dealer").randrange(players)
        assert again.turn_player == (again.dealer + 1) % players
    # Finnish and Block Rummy draw the first dealer the same way.
    assert [remi.new_game(F, players, seed=s).dealer for s in range(10)] == dealers[:10]
    assert [remi.new_game(BLOCK, players, seed=s).dealer for s in range(10)] == dealers[:10]


@pytest.mark.rule("basic-first-dealer")
@pytest.mark.parametrize("players, dealer", [(2, 0), (2, 1), (3, 2), (6, 5), (6, 0)])
def test_first_dealer_given_by_caller(players: int, dealer: int) -> None:
    # docs/rules/swedish.rst, basic-first-dealer: First dealer by lot, unless the caller names the dealer (dealer=)
    for seed in range(4):
        state = remi.new_game(S, players, seed=seed, dealer=dealer)
        assert state.dealer == dealer
        assert state.current_player == state.turn_player == (dealer + 1) % players


@pytest.mark.rule("basic-first-dealer")
@pytest.mark.parametrize("dealer", [-1, 2, True, "1"])
def test_bad_first_dealer_is_refused(dealer: object) -> None:
    # docs/rules/swedish.rst, basic-first-dealer: First dealer: a seat
    with pytest.raises(remi.RulesetError) as info:
        remi.new_game(S, 2, dealer=dealer)  # type: ignore[arg-type]
    assert info.value.code == "bad-dealer"


@pytest.mark.rule("basic-deal", "basic-stock-visible")
def test_upcard_and_stock() -> None:
    # docs/rules/swedish.rst, basic-deal: Deal: the next card face up starts the discard pile, the rest is the stock;
    # docs/rules/finnish.rst, basic-stock-visible: A player may always see how many cards the stock holds [seed, Finnish]
    state = remi.new_game(F, 4, seed=9)
    upcard = state.discard_top
    assert upcard is not None and upcard not in [c for h in state.hands for c in h]
    assert strs(state.legal_actions()) == ["draw", "take"]
    drawn = state.apply(DrawStock())
    assert drawn.hands[state.turn_player] == sorted_hand([*state.hands[state.turn_player], state.stock[-1]])
    assert len(drawn.stock) == len(state.stock) - 1 == 52 - 28 - 2
    assert drawn.discard == state.discard
    taken = state.apply(TakeDiscard())
    assert upcard in taken.hands[state.turn_player]
    assert taken.discard == () and taken.stock == state.stock


# =============================================================================================
# Who deals and who starts
# =============================================================================================


def out_by_discard(ruleset: remi.Ruleset, players: int, seat: int, dealer: int, **kw: Any) -> GameState:
    """A play-phase position where *seat* holds only ♣K (and has laid off earlier)."""
    fill = ["♠2 ♠3", "♥2 ♥3", "♦2 ♦3", "♣2 ♣3", "♠4 ♠5", "♥4 ♥5"]
    hands = {s: fill[s] for s in range(players)}
    hands[seat] = "♣K"
    return pos(ruleset, players, hands=hands, dealer=dealer, turn_player=seat, down={seat: 1}, turn=5, **kw)


@pytest.mark.rule("basic-first-dealer")
@pytest.mark.parametrize("dealer", [0, 1])
def test_two_players_alternate_the_deal_and_the_non_dealer_starts(dealer: int) -> None:
    # docs/rules/swedish.rst, basic-first-dealer: Two players: the deal alternates and the non-dealer starts
    state = remi.new_game(S, 2, seed=4, dealer=dealer)
    assert state.current_player == 1 - dealer
    dealers = [state.dealer]
    starters = [state.current_player]
    for deal in range(3):
        d = dealers[-1]
        start = out_by_discard(S, 2, seat=1 - d, dealer=d, round=deal + 1).apply("discard ♣K")
        assert start.round == deal + 2 and start.turn == 1 and start.phase == "draw"
        assert start.hand_sizes == (10, 10)
        dealers.append(start.dealer)
        starters.append(start.current_player)
    assert dealers == [dealer, 1 - dealer, dealer, 1 - dealer]
    assert starters == [1 - d for d in dealers]


@pytest.mark.rule("basic-first-dealer")
@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_more_players_deal_goes_clockwise_and_left_of_dealer_starts(players: int) -> None:
    # docs/rules/swedish.rst, basic-first-dealer: More players: the deal goes clockwise and the player left of the dealer starts
    for dealer in range(players):
        state = remi.new_game(S, players, seed=dealer, dealer=dealer)
        assert state.current_player == (dealer + 1) % players
        seat = (dealer + 2) % players
        start = out_by_discard(S, players, seat=seat, dealer=dealer).apply("discard ♣K")
        assert start.dealer == (dealer + 1) % players
        assert start.current_player == (dealer + 2) % players
        assert start.hand_sizes == (SIZES[players],) * players


@pytest.mark.rule("basic-first-dealer", "shared-turn-order")
def test_play_passes_to_the_left() -> None:
    # docs/rules/swedish.rst, basic-first-dealer: More players: play goes clockwise (to the left, the next seat)
    state = remi.new_game(S, 5, seed=2, dealer=3)
    seats = []
    for _ in range(7):
        seats.append(state.current_player)
        state = state.apply("draw")
        state = state.apply(next(a for a in state.legal_actions() if isinstance(a, Discard)))
    assert seats == [4, 0, 1, 2, 3, 4, 0]


# =============================================================================================
# The turn: melds and lay-offs
# =============================================================================================


@pytest.mark.rule("basic-melds")
def test_at_most_one_new_meld_per_turn() -> None:
    # docs/rules/swedish.rst, basic-melds: Turn: (2) lay at most one new meld
    state = sevens_and_clubs()
    assert "lay ♠7 ♥7 ♦7" in strs(state.legal_actions())
    assert "lay ♣2 ♣3 ♣4" in strs(state.legal_actions())
    # Layout.of("♠7 ♥7 ♦7", "♣2 ♣3 ♣4") is refused: one-meld-at-a-time (a row of REFUSALS)
    after = state.apply(LayDown.of("♠7 ♥7 ♦7"))
    assert after.melds_this_turn == 1 and after.table == (remi.parse_meld("♠7 ♥7 ♦7", S),)
    assert not any(isinstance(a, LayDown) for a in after.legal_actions())
    assert illegal(after, LayDown.of("♣2 ♣3 ♣4")).code == "meld-limit"
    # The limit is per turn: the next turn of the same seat may lay a new meld again.
    later = pos(hands=["♣2 ♣3 ♣4 ♥K", "♠2", "♠3", "♠4"], table=["♠7 ♥7 ♦7"], owners=[0], down={0: 1}, turn=5)
    assert later.melds_this_turn == 0 and later.is_legal(LayDown.of("♣2 ♣3 ♣4"))


@pytest.mark.rule("basic-melds")
def test_meld_counter_resets_at_the_next_turn() -> None:
    # docs/rules/swedish.rst, basic-melds: Turn: at most one new meld a turn (the count starts again each turn)
    state = pos(hands=["♠7 ♥7 ♦7 ♥K ♦K", "♠2 ♠3 ♠4 ♥9", "♣2", "♣3"], turn=1)
    state = state.apply("lay ♠7 ♥7 ♦7").apply("discard ♥K")
    assert state.current_player == 1 and state.melds_this_turn == 0
    state = state.apply("draw")
    assert state.is_legal(LayDown.of("♠2 ♠3 ♠4"))


@pytest.mark.rule("basic-melds")
def test_lay_offs_onto_own_and_others_melds_from_the_first_turn() -> None:
    # docs/rules/swedish.rst, basic-melds: Turn: lay off any number of cards onto your own or others' melds; no opening
    # requirement: lay-offs are allowed from the first turn
    state = pos(
        hands=["♠8 ♣9 ♦5 ♥K", "♠2", "♠3", "♠4"],
        table=["♠5 ♠6 ♠7", "♥9 ♦9 ♠9"],
        owners=[1, 2],
        turn=1,
    )
    assert state.down == (-1, -1, -1, -1)
    legal = strs(state.legal_actions())
    assert "off ♠8 0" in legal and "off ♣9 1" in legal
    state = state.apply("off ♠8 0")
    assert state.down[0] == 1  # the seat's first lay-off, in turn 1
    state = state.apply("off ♣9 1")
    assert str(state.table[0]) == "♠5 ♠6 ♠7 ♠8" and len(state.table[1].cards) == 4
    assert state.owners == (1, 2)  # a lay-off does not change who owns the meld
    # Then a new meld of one's own, and a lay-off onto it in the same turn.
    state = pos(hands=["♠2 ♠3 ♠4 ♠5 ♥K", "♥2", "♥3", "♥4"], turn=1)
    state = state.apply("lay ♠2 ♠3 ♠4").apply("off ♠5 0")
    assert str(state.table[0]) == "♠2 ♠3 ♠4 ♠5" and state.owners == (0,)


@pytest.mark.rule("basic-melds")
def test_lay_off_must_keep_the_meld_valid() -> None:
    # docs/rules/swedish.rst, basic-melds: Turn: each lay-off keeps the meld valid
    state = run_and_eights()  # off ♠9 0, ♠A 0, ♥7 1 do not fit (rows of REFUSALS)
    assert not [a for a in state.legal_actions() if isinstance(a, LayOff)]


@pytest.mark.rule("basic-never-rearranged")
def test_melds_on_the_table_are_never_rearranged() -> None:
    # docs/rules/swedish.rst, basic-never-rearranged: Melds on the table are never rearranged (a 2 cannot move from a set into a run)
    state = twos_beside_clubs()
    assert illegal(state, "off ♣A 1").code != "meld-limit"  # ♣A does not fit ♣3-♣5
    # LayDown.of("♣A ♣2 ♣3") takes table cards: not-in-hand (a row of REFUSALS)
    # No legal action changes a table meld other than by adding to it.
    for action in state.legal_actions():
        after = state.apply(action)
        for old, new in zip(state.table, after.table):
            assert Counter(old.cards) <= Counter(new.cards)
            assert old == new or (isinstance(action, LayOff) and new is after.table[action.target])


# =============================================================================================
# The taken discard
# =============================================================================================


@pytest.mark.rule("basic-taken-discard")
def test_taken_discard_may_not_be_discarded_that_turn_but_a_stock_card_may() -> None:
    # docs/rules/swedish.rst, basic-taken-discard: The card just taken from the discard pile may not be discarded that turn; a stock card may
    hands = ["♠2 ♥5 ♦9", "♣2 ♣3", "♣4 ♣5", "♣6 ♣7"]
    taking = pos(hands=hands, phase="draw", discard="♥8 ♦K", stock="♠J").apply("take")
    assert taking.taken == remi.parse_card("♦K")
    assert illegal(taking, "discard ♦K").code == "discard-just-taken"
    assert set(strs(a for a in taking.legal_actions() if isinstance(a, Discard))) == {
        "discard ♠2",
        "discard ♥5",
        "discard ♦9",
    }
    drawing = pos(hands=hands, phase="draw", discard="♥8", stock="♦K").apply("draw")
    assert drawing.taken is None and drawing.is_legal("discard ♦K")
    assert drawing.apply("discard ♦K").discard_top == remi.parse_card("♦K")
    # Next turn the card is an ordinary card again.
    later = taking.apply("discard ♠2").apply("draw").apply("discard ♣2")
    later = later.apply("draw").apply("discard ♣4").apply("draw").apply("discard ♣6").apply("draw")
    assert later.current_player == 0 and later.is_legal("discard ♦K")


@pytest.mark.rule("basic-taken-discard")
def test_taken_card_stranded_by_a_lay_down_decision() -> None:
    # docs/rules/swedish.rst, basic-taken-discard: The taken discard may not be discarded that turn [decision "taken-card-stranded"]:
    # a lay-down that would leave only that card in hand is refused unless it could be laid off
    state = king_taken_beside_sevens()  # lay ♠7 ♥7 ♦7: taken-card-stranded (a row of REFUSALS)
    assert not any(isinstance(a, LayDown) for a in state.legal_actions())
    # With a meld on the table that takes the ♥K, the lay-down is allowed and the ♥K goes out.
    state = pos(
        hands=["♠7 ♥7 ♦7", "♣2 ♣3", "♣4 ♣5", "♣6 ♣8"],
        table=["♥10 ♥J ♥Q"],
        owners=[2],
        phase="draw",
        discard="♥K",
    ).apply("take")
    after = state.apply("lay ♠7 ♥7 ♦7")
    assert after.hands[0] == cards("♥K")
    final = after.apply("off ♥K 0")
    assert ended(after, final).went_out == 0


@pytest.mark.rule("basic-taken-discard")
def test_taken_card_stranded_by_a_lay_off_decision() -> None:
    # docs/rules/swedish.rst, basic-taken-discard: The taken discard may not be discarded that turn [decision "taken-card-stranded"]:
    # a lay-off that would leave only the taken card in hand is refused
    state = king_taken_beside_eight()  # off ♠8 0: taken-card-stranded (a row of REFUSALS)
    assert strs(state.legal_actions()) == ["discard ♠8"]


# =============================================================================================
# Going out
# =============================================================================================


OTHERS_48 = ["♣5 ♦9", "♥Q ♥2", "♠K ♠Q ♠2"]  # 14 + 12 + 22 = 48


@pytest.mark.rule("basic-going-out")
def test_going_out_by_melding_ends_the_deal_at_once() -> None:
    # docs/rules/swedish.rst, basic-going-out: Going out by melding the last card ends the deal at once
    state = pos(hands=["♠7 ♥7 ♦7", *OTHERS_48], down={0: 2}, turn=5)
    after = state.apply("lay ♠7 ♥7 ♦7")
    result = ended(state, after)
    assert result.went_out == 0 and result.points == (48, 0, 0, 0)
    assert after.turn == 1 and after.phase == "draw" and after.table == ()
    assert after.hand_sizes == (7, 7, 7, 7)


@pytest.mark.rule("basic-going-out")
def test_going_out_by_laying_off_ends_the_deal_at_once() -> None:
    # docs/rules/swedish.rst, basic-going-out: Going out by laying off the last card ends the deal at once
    state = pos(hands=["♠8", *OTHERS_48], table=["♠5 ♠6 ♠7"], owners=[3], down={0: 2}, turn=5)
    after = state.apply("off ♠8 0")
    result = ended(state, after)
    assert result.went_out == 0 and result.points == (48, 0, 0, 0)
    assert after.totals == (48, 0, 0, 0)


@pytest.mark.rule("basic-going-out")
def test_going_out_by_discarding_ends_the_deal_at_once() -> None:
    # docs/rules/swedish.rst, basic-going-out: Going out by discarding the last card ends the deal at once: nobody plays after it
    state = pos(hands=["♣K", *OTHERS_48], table=["♠5 ♠6 ♠7"], owners=[3], down={0: 2}, turn=5)
    after = state.apply("discard ♣K")
    result = ended(state, after)
    assert result == RoundResult(1, 0, (48, 0, 0, 0), None)
    # Seat 1 could have laid ♣5... nothing: the next action is the new deal's first draw.
    assert after.round == 2 and after.turn == 1 and after.phase == "draw"


@pytest.mark.rule("basic-block-rummy")
def test_drawing_the_last_stock_card_and_going_out() -> None:
    # docs/rules/swedish.rst, basic-block-rummy: Going out ends the deal at once, also in the turn that empties the stock (Block Rummy)
    state = pos(
        BLOCK, hands=["♠7 ♥7", *OTHERS_48], phase="draw", stock="♦7", rest="discard", down={0: 2}, turn=5
    )
    drawn = state.apply("draw")
    assert drawn.stock == () and drawn.round == 1
    after = drawn.apply("lay ♠7 ♥7 ♦7")
    assert ended(drawn, after) == RoundResult(1, 0, (48, 0, 0, 0), None)


# =============================================================================================
# The stock runs out
# =============================================================================================


@pytest.mark.rule("basic-turn-over")
def test_empty_stock_turns_the_whole_pile_over_without_shuffling() -> None:
    # docs/rules/swedish.rst, basic-turn-over: Stock empty and the next player does not want the discard top: the WHOLE pile is
    # turned over without shuffling as the new stock (first card ever discarded on top) [decision]
    pile = "♠2 ♥5 ♦9 ♣K"
    results = []
    for seed in (0, 1, 99):
        state = pos(hands={0: "♥2 ♥3"}, phase="draw", discard=pile, stock="", rest=1, seed=seed)
        assert strs(state.legal_actions()) == ["draw", "take"]  # the top may still be taken
        after = state.apply("draw")
        assert after.hands[0] == sorted_hand("♥2 ♥3 ♠2")  # the first card discarded
        assert after.stock == cards("♣K ♦9 ♥5")  # top last: ♥5 is drawn next
        assert after.discard == ()
        assert after.reshuffles == 1
        after.check_invariants()
        results.append(after)
    assert results[0].stock == results[1].stock == results[2].stock  # no seeded shuffle


@pytest.mark.rule("basic-turn-over")
def test_one_card_pile_is_turned_over_too() -> None:
    # docs/rules/swedish.rst, basic-turn-over: The whole pile is turned over, even a single card (the round goes on)
    state = pos(hands={0: "♥2 ♥3"}, phase="draw", discard="♠9", stock="", rest=1)
    assert state.is_legal("draw")
    after = state.apply("draw")
    assert after.hands[0] == sorted_hand("♥2 ♥3 ♠9") and after.stock == () and after.discard == ()
    after = after.apply("discard ♥2")
    assert after.round == 1 and after.current_player == 1 and after.phase == "draw"
    assert strs(after.legal_actions()) == ["draw", "take"]


def block_points(hands: tuple[tuple[Card, ...], ...], ruleset: remi.Ruleset) -> tuple[int, ...]:
    """What a deal with nobody out scores: the lowest hand takes the differences (no ties here)."""
    values = [hand_value(h, ruleset) for h in hands]
    low = min(values)
    assert values.count(low) == 1
    return tuple(sum(v - low for v in values) if v == low else 0 for v in values)


@pytest.mark.rule("basic-turn-over")
def test_stock_and_pile_both_empty_ends_the_deal_with_no_winner() -> None:
    # docs/rules/swedish.rst, basic-turn-over: The deal ends with no winner only if stock and pile are both empty (turn-over games).
    # Every turn ends with a discard, so a turn can only begin with both empty in a built position;
    # the check runs at the start of a turn (game_module._begin_turn). [decision in code] A deal
    # with nobody out is settled as in Block Rummy: the lowest hand takes the differences.
    state = pos(hands=["♥2 ♥3", "♠5 ♠K"], players=2, stock="", discard="", rest=1, turn=9)
    w = game_module.Scratch.of(state)
    game_module._begin_turn(w, 1)
    after = w.freeze()
    assert after.results == (RoundResult(1, None, block_points(state.hands, S), None),)
    assert after.results[0].points[0] == hand_value(state.hands[1], S) - 5
    assert after.round == 2 and after.hand_sizes == (10, 10)
    # One card left in the pile is not the end: the turn begins normally.
    state = pos(hands=["♥2 ♥3", "♠5 ♠K"], players=2, stock="", discard="♦4", rest=1, turn=9)
    w = game_module.Scratch.of(state)
    game_module._begin_turn(w, 1)
    assert w.freeze().results == () and w.phase == "draw"


@pytest.mark.rule("basic-turn-over")
def test_turn_cap_ends_the_deal_with_no_winner() -> None:
    # docs/rules/swedish.rst, basic-turn-over: A deal can end with no winner (max_turns_per_round bounds bot games); [decision in
    # code] it is settled as in Block Rummy, so a capped match still ends
    capped = attrs.evolve(S, max_turns_per_round=3)
    state = remi.new_game(capped, 2, seed=5)
    for _ in range(3):
        state = state.apply("draw")
        last = next(a for a in state.legal_actions() if isinstance(a, Discard))
        hands = list(state.hands)
        hands[state.turn_player] = tuple(c for c in hands[state.turn_player] if c != last.card)
        state = state.apply(last)
    points = block_points(tuple(hands), S)
    assert state.results == (RoundResult(1, None, points, None),)
    assert state.round == 2 and state.totals == points and max(points) > 0


# =============================================================================================
# Scoring, going rummy, Block Rummy
# =============================================================================================


@pytest.mark.rule("basic-scoring")
@pytest.mark.parametrize("ruleset", [S, F], ids=["swedish", "finnish"])
def test_winner_scores_the_sum_of_the_opponents_hands(ruleset: remi.Ruleset) -> None:
    # docs/rules/swedish.rst, basic-scoring: The winner scores the sum of the opponents' hand values (14 + 12 + 22 = 48)
    assert [hand_value(h, ruleset) for h in OTHERS_48] == [14, 12, 22]
    for seat in range(4):
        hands = list(OTHERS_48)
        hands.insert(seat, "♣K")
        state = pos(ruleset, hands=hands, turn_player=seat, down={seat: 2}, turn=6)
        result = ended(state, state.apply("discard ♣K"))
        expected = [0, 0, 0, 0]
        expected[seat] = 48
        assert result.went_out == seat and result.points == tuple(expected)


@pytest.mark.rule("basic-scoring")
def test_table_melds_do_not_count() -> None:
    # docs/rules/swedish.rst, basic-scoring: The winner scores the opponents' HAND values (cards on the table do not count)
    state = pos(
        hands=["♣K", "♣5 ♦9", "", ""],
        table=["♠J ♥J ♦J", "♠8 ♠9 ♠10"],
        owners=[1, 2],
        down={0: 2, 1: 2, 2: 3},
        turn=6,
    )
    assert ended(state, state.apply("discard ♣K")).points == (14, 0, 0, 0)


def rummy_turn(ruleset: remi.Ruleset, down: int = -1) -> tuple[GameState, GameState]:
    """Seat 0 lays ♠3-♠9 and discards ♣K in one turn; *down* is when it first laid anything."""
    state = pos(
        ruleset,
        hands=["♠3 ♠4 ♠5 ♠6 ♠7 ♠8 ♠9 ♣K", *OTHERS_48],
        down={0: down},
        turn=9,
        table=["♦A ♦2 ♦3"] if down >= 0 else [],
        owners=[0] if down >= 0 else None,
    )
    after = state.apply("lay ♠3 ♠4 ♠5 ♠6 ♠7 ♠8 ♠9")
    assert after.down[0] == (9 if down < 0 else down)
    return state, after.apply("discard ♣K")


@pytest.mark.rule("basic-going-rummy")
def test_going_rummy_doubles_in_finnish() -> None:
    # docs/rules/finnish.rst, basic-going-rummy: Going rummy: emptying the whole hand in one turn without having melded before doubles
    # the deal's points; on in FINNISH
    before, after = rummy_turn(F)
    assert ended(before, after).points == (96, 0, 0, 0)


@pytest.mark.rule("basic-going-rummy")
def test_going_rummy_does_not_double_in_swedish() -> None:
    # docs/rules/finnish.rst, basic-going-rummy: Going rummy: an option, off in SWEDISH
    before, after = rummy_turn(S)
    assert ended(before, after).points == (48, 0, 0, 0)
    before, after = rummy_turn(attrs.evolve(S, going_rummy=True))
    assert ended(before, after).points == (96, 0, 0, 0)


@pytest.mark.rule("basic-going-rummy")
@pytest.mark.parametrize("earlier", ["meld", "lay-off"])
def test_going_rummy_needs_nothing_laid_earlier(earlier: str) -> None:
    # docs/rules/finnish.rst, basic-going-rummy: Going rummy [decision]: "before" means no meld and no lay-off by that player earlier
    # in the deal
    if earlier == "meld":
        before, after = rummy_turn(F, down=4)
        assert ended(before, after).points == (48, 0, 0, 0)
        return
    # Seat 0 lays off one card in an earlier turn (turn 1), then empties its hand in turn 5.
    state = pos(
        F, hands=["♠10 ♥K ♦3 ♣3", *OTHERS_48], table=["♠7 ♠8 ♠9"], owners=[3], turn=1, stock="♥3 ♦J ♠J ♣J"
    )
    state = state.apply("off ♠10 0").apply("discard ♥K")
    assert state.down[0] == 1
    for seat, drawn in ((1, "♣J"), (2, "♠J"), (3, "♦J")):
        assert state.current_player == seat
        state = state.apply("draw").apply(f"discard {drawn}")  # a stock card may be discarded
    state = state.apply("draw")
    assert state.current_player == 0 and state.hands[0] == sorted_hand("♦3 ♣3 ♥3")
    after = state.apply("lay ♣3 ♦3 ♥3")
    assert ended(state, after).points == (48, 0, 0, 0)  # not doubled: it laid off before


@pytest.mark.rule("basic-going-rummy")
def test_going_rummy_by_lay_offs_only_counts() -> None:
    # docs/rules/finnish.rst, basic-going-rummy: Going rummy: emptying the hand in one turn with lay-offs (and no earlier play) doubles
    state = pos(F, hands=["♠8 ♠9 ♠10", *OTHERS_48], table=["♠5 ♠6 ♠7"], owners=[2], turn=7)
    after = state.apply("off ♠8 0").apply("off ♠9 0").apply("off ♠10 0")
    assert ended(state, after).points == (96, 0, 0, 0)


@pytest.mark.rule("basic-block-rummy")
def test_block_rummy_ends_when_the_top_is_declined() -> None:
    # docs/rules/swedish.rst, basic-block-rummy: Block Rummy (the pile is not reused): with the stock empty the
    # player on turn may take the discard top or decline it, which ends the deal; the lowest hand value wins the
    # difference to each opponent (6 vs 15, 7, 21 -> 9 + 1 + 15 = 25)
    hands = ["♠6", "♥10 ♥5", "♦7", "♣K ♣8 ♣3 ♦2"]
    state = pos(BLOCK, hands=hands, turn_player=3, stock="", rest="discard", turn=20)
    assert state.stock == ()
    turn = state.apply("discard ♦2")
    assert turn.results == () and strs(turn.legal_actions()) == ["take", "pass"]
    after = turn.apply("pass")
    result = ended(state, after)
    assert result == RoundResult(1, None, (25, 0, 0, 0), None)
    assert after.totals == (25, 0, 0, 0)
    # The same position with the pile turned over (Swedish): the deal goes on.
    going_on = pos(S, hands=hands, turn_player=3, stock="", rest="discard", turn=20).apply("discard ♦2")
    assert going_on.results == () and going_on.current_player == 0 and going_on.is_legal("draw")


@pytest.mark.rule("basic-block-rummy")
@pytest.mark.parametrize("lowest", [0, 1, 2, 3])
def test_block_rummy_lowest_hand_wins_whoever_holds_it(lowest: int) -> None:
    # docs/rules/swedish.rst, basic-block-rummy: Block Rummy: the lowest hand value wins and scores the difference to each opponent
    values = ["♥10 ♥5", "♦7", "♣K ♣8 ♣3"]
    hands = [*values]
    hands.insert(lowest, "♠6")
    hands[3] = hands[3] + " ♦2"  # seat 3 discards ♦2 to end its turn
    state = pos(BLOCK, hands=hands, turn_player=3, stock="", rest="discard", turn=20)
    result = ended(state, state.apply("discard ♦2").apply("pass"))
    expected = [0, 0, 0, 0]
    expected[lowest] = 25
    assert result.went_out is None and result.points == tuple(expected)


@pytest.mark.rule("basic-block-rummy")
def test_block_rummy_draw_phase_never_draws_from_an_empty_stock() -> None:
    # docs/rules/swedish.rst, basic-block-rummy: Block Rummy: the discard pile may not be reused; the top may be
    # taken or declined
    state = block_stock_empty()  # draw: stock-empty (a row of REFUSALS)
    assert strs(state.legal_actions()) == ["take", "pass"]
    # With cards in the stock there is nothing to decline: pass is must-draw (a row of REFUSALS).


# =============================================================================================
# The match
# =============================================================================================


@pytest.mark.rule("basic-match")
def test_match_goes_on_below_the_target_and_ends_at_it() -> None:
    # docs/rules/swedish.rst, basic-match: The match ends when a total reaches the target score; the HIGHEST total wins
    earlier = (RoundResult(1, 1, (0, 460, 0, 0)), RoundResult(2, 0, (430, 0, 0, 0)))
    below = pos(
        hands=["♣5 ♦9", "♣K", "♥Q ♥2", "♠2"], turn_player=1, round=3, results=earlier, down={1: 1}, turn=4
    )
    after = below.apply("discard ♣K")  # seat 1 scores 14 + 12 + 2 = 28: 488 < 500
    assert not after.is_over and after.round == 4 and after.totals == (430, 488, 0, 0)
    assert after.winners == ()
    reach = pos(
        hands=["♣5 ♦9", "♣K", "♥Q ♥2", "♠K ♠Q ♠2"],
        turn_player=1,
        round=3,
        results=earlier,
        down={1: 1},
        turn=4,
    )
    over = reach.apply("discard ♣K")  # 460 + 48 = 508
    assert over.is_over and over.totals == (430, 508, 0, 0)
    assert over.winners == (1,) and over.current_player == -1
    assert over.legal_actions() == [] and illegal(over, "draw").code == "game-over"


@pytest.mark.rule("basic-match")
def test_match_target_and_rounds_options() -> None:
    # docs/rules/swedish.rst, basic-match: The match is a fixed number of deals or to a target score (both options)
    short = attrs.evolve(S, target_score=40)
    over = out_by_discard(short, 2, seat=1, dealer=0).apply("discard ♣K")  # ♠2 ♠3: 5 points
    assert not over.is_over
    deals = attrs.evolve(S, rounds=1, target_score=None)
    done = out_by_discard(deals, 2, seat=1, dealer=0).apply("discard ♣K")
    assert done.is_over and done.totals == (0, 5) and done.winners == (1,)


# =============================================================================================
# Swedish house rules (options)
# =============================================================================================


@pytest.mark.rule("basic-house-rules")
def test_last_card_discard_option() -> None:
    # docs/rules/swedish.rst, basic-house-rules: Swedish house rule: the last card must be discarded to go out (last_card_discard)
    lcd = attrs.evolve(S, last_card_discard=True)
    # lay ♠7 ♥7 ♦7 from three cards and off ♠8 0 from one: must-discard-last (rows of REFUSALS)
    state = last_card_eight()
    assert strs(state.legal_actions()) == ["discard ♠8"]
    state = pos(lcd, hands=["♠7 ♥7 ♦7 ♣K", *OTHERS_48], down={0: 2}, turn=5)
    after = state.apply("lay ♠7 ♥7 ♦7")
    assert after.round == 1
    assert ended(after, after.apply("discard ♣K")).points == (48, 0, 0, 0)
    # Without the option, the lay-down goes out.
    assert pos(hands=["♠7 ♥7 ♦7", *OTHERS_48], down={0: 2}, turn=5).apply("lay ♠7 ♥7 ♦7").round == 2


@pytest.mark.rule("basic-taken-discard", "basic-house-rules")
@pytest.mark.parametrize("move", ["off ♠8 0", "lay ♥7 ♦7 ♣7"])
def test_last_card_discard_with_the_taken_card(move: str) -> None:
    # docs/rules/swedish.rst, basic-house-rules: Swedish house rule: the last card must be discarded; docs/rules/swedish.rst, basic-taken-discard: the card just taken
    # from the discard pile may not be discarded that turn [decision "taken-card-stranded"]:
    # together, a move that leaves only the taken card in hand can never be finished
    lcd = attrs.evolve(S, last_card_discard=True)
    hand = "♠8" if move.startswith("off") else "♥7 ♦7 ♣7"
    state = pos(
        lcd,
        hands=[hand, "♣2 ♣3", "♣4 ♣5", "♣6 ♣8"],
        table=["♠4 ♠5 ♠6 ♠7", "♥10 ♥J ♥Q"],
        owners=[1, 2],
        down={0: 1},
        turn=5,
        phase="draw",
        discard="♥K",
    ).apply("take")
    for action in state.legal_actions():
        after = state.apply(action)
        assert after.legal_actions(), f"no legal action after {action}"
    assert illegal(state, move).code == "taken-card-stranded"


@pytest.mark.rule("basic-house-rules")
def test_ace_high_and_low_option_with_ace_worth_15() -> None:
    # docs/rules/swedish.rst, basic-house-rules: Swedish house rule: ace high and low in runs (no wrap), each ace then worth 15
    high = attrs.evolve(S, ace_high=True, values=remi.CardValues(ace=15))
    state = pos(high, hands=["♠Q ♠K ♠A ♥A ♦5", "♥2", "♥3", "♥4"], table=["♣J ♣Q ♣K"], owners=[1], turn=1)
    assert state.is_legal("lay ♠Q ♠K ♠A")
    assert not state.is_legal("off ♥A 0")  # only the ace of clubs fits above ♣K
    # Without the option, lay ♠Q ♠K ♠A is invalid-meld (a row of REFUSALS).
    # K-A-2 never wraps.
    corner = pos(high, hands=["♠K ♠A ♠2 ♦5", "♥2", "♥3", "♥4"], turn=1)
    assert not corner.is_legal("lay ♠K ♠A ♠2")
    assert not any(isinstance(a, LayDown) for a in corner.legal_actions())
    # An ace left in a loser's hand is worth 15 under the option, 1 in the preset.
    for ruleset, points in ((high, 15 + 14), (S, 1 + 14)):
        state = pos(ruleset, hands=["♣K", "♠A", "♣5 ♦9", ""], down={0: 1}, turn=5)
        assert ended(state, state.apply("discard ♣K")).points == (points, 0, 0, 0)


@pytest.mark.rule("basic-house-rules")
def test_ace_high_lay_off_onto_a_king() -> None:
    # docs/rules/swedish.rst, basic-house-rules: Swedish house rule: ace high and low in runs; a lay-off may put the ace above the king
    high = attrs.evolve(S, ace_high=True, values=remi.CardValues(ace=15))
    state = pos(high, hands=["♣A ♦5", "♥2", "♥3", "♥4"], table=["♣J ♣Q ♣K"], owners=[1], turn=1)
    after = state.apply("off ♣A 0")
    assert str(after.table[0]) == "♣J ♣Q ♣K ♣A"
    assert not pos(hands=["♣A ♦5", "♥2", "♥3", "♥4"], table=["♣J ♣Q ♣K"], owners=[1], turn=1).is_legal(
        "off ♣A 0"
    )


# =============================================================================================
# Conformance: seeded random playouts
# =============================================================================================


def _policy_pick(state: GameState, rng: random.Random) -> remi.Action:
    """A seeded policy that prefers laying and laying off, so deals end by going out."""
    legal = state.legal_actions()
    assert legal, f"no legal action in phase {state.phase}"
    plays = [a for a in legal if isinstance(a, LayDown | LayOff)]
    if plays and rng.random() < 0.8:
        return rng.choice(plays)
    return rng.choice(legal)


def expected_points(before: GameState, action: remi.Action, result: RoundResult) -> tuple[int, ...]:
    """What the deal that *action* ended should score, computed from *before* and *action* alone."""
    rules = before.ruleset
    n = before.players
    hands = list(before.hands)
    if isinstance(action, Discard):  # the deal ends after the discard (out, capped or blocked)
        hand = list(hands[before.turn_player])
        hand.remove(action.card)
        hands[before.turn_player] = tuple(hand)
    values = [hand_value(h, rules) for h in hands]
    if result.went_out is None:
        # [decision in code] nobody out: the lowest hand, first in turn order from the dealer's
        # left, takes the differences (Block Rummy; also a capped deal of the other games).
        low = min(values)
        order = [(before.dealer + 1 + k) % n for k in range(n)]
        winner = next(seat for seat in order if values[seat] == low)
        return tuple(sum(v - low for v in values) if seat == winner else 0 for seat in range(n))
    seat = result.went_out
    total = sum(v for i, v in enumerate(values) if i != seat)
    rummy = before.down[seat] in (-1, before.turn)  # nothing laid before this turn
    if rummy and rules.going_rummy:
        total *= 2
    return tuple(total if i == seat else 0 for i in range(n))


@pytest.mark.rule("basic-going-out", "shared-pack")
@pytest.mark.parametrize("ruleset", [S, F, BLOCK], ids=["swedish", "finnish", "block"])
@pytest.mark.parametrize("players", [2, 4, 6])
def test_seeded_random_playouts_keep_the_invariants(ruleset: remi.Ruleset, players: int) -> None:
    # docs/rules/swedish.rst, basic-going-out: Basic Rummy: the whole flow (deal, turn, going out, turned-over pile, scoring, going
    # rummy, Block Rummy, the match to 500) keeps every invariant (docs/rules/index.rst, shared-pack: Concepts: card
    # conservation) and scores as the rules say
    rules = attrs.evolve(ruleset, max_turns_per_round=80)
    size = SIZES[players]
    for seed in range(2):
        rng = random.Random(f"basic:{ruleset.name}:{players}:{seed}")
        state = remi.new_game(rules, players, seed=seed)
        actions = 0
        while not state.is_over and actions < 40_000:
            before = state
            action = _policy_pick(state, rng)
            state = state.apply(action, player=state.current_player)
            state.check_invariants()
            actions += 1
            if len(state.results) > len(before.results):
                result = state.results[-1]
                assert result.round == before.round
                assert result.points == expected_points(before, action, result)
                if result.went_out is not None:
                    assert result.went_out == before.turn_player
                if not state.is_over:
                    assert state.hand_sizes == (size,) * players and state.turn == 1
                    assert state.dealer == (before.dealer + 1) % players
                    assert state.current_player == (state.dealer + 1) % players
                continue
            assert state.melds_this_turn <= 1
            assert len(state.table) >= len(before.table)
            if before.taken is not None and state.phase == "play":
                assert Discard(before.taken) not in state.legal_actions()
            if isinstance(action, DrawStock) and not before.stock:
                # The whole pile turned over, unshuffled: the first card discarded was drawn.
                assert ruleset.discard_reuse == "turn-over"
                assert state.stock == tuple(reversed(before.discard))[:-1]
                assert before.discard[0] in state.hands[before.turn_player]
                assert state.discard == ()
        assert state.is_over, f"match did not end in {actions} actions"
        assert max(state.totals) >= 500
        assert state.winners == tuple(s for s, t in enumerate(state.totals) if t == max(state.totals))
        assert GameState.from_dict(state.to_dict()) == state


# =============================================================================================
# Refusals: rows of position, action, code and rule (tests/table_rows.py)
# =============================================================================================

BASIC_MELDS = pytest.mark.rule("basic-melds")
NEVER_REARRANGED = pytest.mark.rule("basic-never-rearranged")
TAKEN_DISCARD = pytest.mark.rule("basic-taken-discard")
BLOCK_RUMMY = pytest.mark.rule("basic-block-rummy")
HOUSE_RULES = pytest.mark.rule("basic-house-rules")
LAST_CARD = attrs.evolve(S, last_card_discard=True)


def sevens_and_clubs() -> GameState:
    """Seat 0 holds a set of sevens and a club run, on its first turn."""
    return pos(hands=["♠7 ♥7 ♦7 ♣2 ♣3 ♣4 ♥K", "♠2", "♠3", "♠4"], turn=1)


def run_and_eights() -> GameState:
    """♠5 ♠6 ♠7 and four eights on the table; ♠9, ♠A and ♥7 in hand fit neither."""
    return pos(hands=["♠9 ♠A ♥K ♥7", "♥2", "♥3", "♥4"], table=["♠5 ♠6 ♠7", "♥8 ♦8 ♠8 ♣8"], turn=1)


def twos_beside_clubs() -> GameState:
    """Four twos and ♣3 ♣4 ♣5 on the table, ♣A in hand."""
    return pos(hands=["♣A ♥K ♦Q", "♥3", "♥4", "♥5"], table=["♠2 ♥2 ♦2 ♣2", "♣3 ♣4 ♣5"], owners=[1, 2], turn=3)


def king_taken_beside_sevens() -> GameState:
    """Seat 0 took the ♥K and holds three sevens besides."""
    return pos(hands=["♠7 ♥7 ♦7", "♣2 ♣3", "♣4 ♣5", "♣6 ♣8"], phase="draw", discard="♥K").apply("take")


def king_taken_beside_eight() -> GameState:
    """Seat 0, down, took the ♥K and holds the ♠8 that fits ♠5 ♠6 ♠7."""
    return pos(
        hands=["♠8", "♣2 ♣3", "♣4 ♣5", "♣6 ♣8"],
        table=["♠5 ♠6 ♠7"],
        down={0: 1},
        turn=5,
        phase="draw",
        discard="♥K",
    ).apply("take")


def block_stock_empty() -> GameState:
    """Block Rummy, the stock empty: the discard top may be taken or declined."""
    return pos(BLOCK, hands={0: "♥2 ♥3"}, phase="draw", discard="♠9 ♦4", stock="", rest=1)


def block_stock_left() -> GameState:
    """Block Rummy with a card in the stock."""
    return pos(BLOCK, hands={0: "♥2 ♥3"}, phase="draw", discard="♠9 ♦4", stock="♣5")


def last_card_sevens() -> GameState:
    """last_card_discard: seat 0, down, holds only three sevens."""
    return pos(LAST_CARD, hands=["♠7 ♥7 ♦7", *OTHERS_48], down={0: 2}, turn=5)


def last_card_eight() -> GameState:
    """last_card_discard: seat 0, down, holds only the ♠8 that fits ♠5 ♠6 ♠7."""
    return pos(LAST_CARD, hands=["♠8", *OTHERS_48], table=["♠5 ♠6 ♠7"], down={0: 2}, turn=5)


def aces_low_only() -> GameState:
    """The preset (ace low only): ♠Q ♠K ♠A in hand."""
    return pos(hands=["♠Q ♠K ♠A ♥A ♦5", "♥2", "♥3", "♥4"], turn=1)


REFUSALS = [
    # refusal(rule, where, position, action, code[, the reason, or a part of it])
    refusal(
        BASIC_MELDS,
        "sevens and clubs",
        sevens_and_clubs,
        Layout.of("♠7 ♥7 ♦7", "♣2 ♣3 ♣4"),
        "one-meld-at-a-time",
    ),
    refusal(BASIC_MELDS, "run and eights", run_and_eights, "off ♠9 0", "does-not-fit"),  # a gap
    refusal(BASIC_MELDS, "run and eights", run_and_eights, "off ♠A 0", "does-not-fit"),
    refusal(BASIC_MELDS, "run and eights", run_and_eights, "off ♥7 1", "does-not-fit"),  # another rank
    refusal(NEVER_REARRANGED, "twos beside clubs", twos_beside_clubs, LayDown.of("♣A ♣2 ♣3"), "not-in-hand"),
    refusal(TAKEN_DISCARD, "king taken", king_taken_beside_sevens, "lay ♠7 ♥7 ♦7", "taken-card-stranded"),
    refusal(TAKEN_DISCARD, "king taken", king_taken_beside_eight, "off ♠8 0", "taken-card-stranded"),
    refusal(BLOCK_RUMMY, "stock empty", block_stock_empty, "draw", "stock-empty"),
    refusal(BLOCK_RUMMY, "stock left", block_stock_left, "pass", "must-draw"),
    refusal(HOUSE_RULES, "last card", last_card_sevens, "lay ♠7 ♥7 ♦7", "must-discard-last"),
    refusal(HOUSE_RULES, "last card", last_card_eight, "off ♠8 0", "must-discard-last"),
    refusal(HOUSE_RULES, "aces low", aces_low_only, "lay ♠Q ♠K ♠A", "invalid-meld"),
]


@pytest.mark.parametrize(REFUSAL, REFUSALS)
def test_refused(state: Callable[[], GameState], action: str | remi.Action, code: str, reason: str) -> None:
    assert_refused(state, action, code, reason)
