"""docs/rules/norwegian.rst (Norwegian Remi), the rules of the GAME: equipment, deal, the turn,
buying, jokers on the table, round 7, going out, the stock running out, scoring and every
variant. Meld validity is tested elsewhere. Each test names its section."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from typing import Any

import attrs
import pytest
from game_helpers import (
    Layout,
    all_cards,
    cards,
    illegal,
    offers,
    position,
    refused,
    sorted_hand,
    strs,
    whole_layouts,
)
from game_helpers import lay as lay_melds
from table_rows import REFUSAL, assert_refused, refusal

import remi
from remi import (
    JOKER,
    Buy,
    CallShanghai,
    Card,
    Cut,
    Discard,
    DrawStock,
    GameState,
    IllegalActionError,
    LayDown,
    LayOff,
    Pass,
    SwapJoker,
    TakeDiscard,
    hand_value,
    make_pack,
)

N = remi.NORWEGIAN


def variant(*names: str) -> remi.Ruleset:
    return remi.with_variants(N, *names)


def going_out_position(ruleset: remi.Ruleset, round: int, *, dealer: int = 0, **kw: Any) -> GameState:
    """A play-phase position in *round* where the seat left of *dealer* holds one card, ♣K."""
    first = (dealer + 1) % 4
    hands = {seat: filler for seat, filler in enumerate(["♠2 ♠3", "♥2 ♥3", "♦2 ♦3", "♣2 ♣3"])}
    hands[first] = "♣K"
    return position(
        ruleset, hands=hands, round=round, dealer=dealer, turn_player=first, down={first: 1}, turn=3, **kw
    )


def next_round(ruleset: remi.Ruleset, round: int, *, dealer: int = 0) -> GameState:
    """The first state of round *round* + 1, reached by going out in *round*."""
    return going_out_position(ruleset, round, dealer=dealer).apply("discard ♣K")


def first_state_of(ruleset: remi.Ruleset, round: int, *, dealer: int = 0) -> GameState:
    if round == 1:
        return remi.new_game(ruleset, 4, seed=round, dealer=dealer)
    return next_round(ruleset, round - 1, dealer=(dealer - 1) % 4)


# =============================================================================================
# Equipment and players
# =============================================================================================


@pytest.mark.rule("norwegian-equipment")
def test_pack_is_two_decks_and_nine_jokers() -> None:
    # docs/rules/norwegian.rst, norwegian-equipment: Equipment and players: 2 decks + 9 jokers = 113 cards
    state = remi.new_game(N, 4, seed=3)
    seen = all_cards(state)
    assert sum(seen.values()) == 113
    assert seen[JOKER] == 9
    assert all(seen[Card.from_code(code)] == 2 for code in range(52))


@pytest.mark.rule("norwegian-equipment")
@pytest.mark.parametrize("jokers, size", [(0, 104), (4, 108), (12, 116)])
def test_joker_count_option(jokers: int, size: int) -> None:
    # docs/rules/norwegian.rst, norwegian-equipment: Equipment and players: option joker count (0 or more)
    state = remi.new_game(attrs.evolve(N, jokers=jokers), 4, seed=1)
    seen = all_cards(state)
    assert sum(seen.values()) == size
    assert seen[JOKER] == jokers


@pytest.mark.rule("norwegian-equipment")
@pytest.mark.parametrize("players", [3, 4, 5])
def test_one_joker_fewer_than_players(players: int) -> None:
    # docs/rules/norwegian.rst, norwegian-equipment: Equipment and players: a common table rule is one joker fewer than the players
    ruleset = variant("one joker fewer than players")
    assert ruleset.jokers == "one-fewer-than-players"
    seen = all_cards(remi.new_game(ruleset, players, seed=2))
    assert seen[JOKER] == players - 1
    assert sum(seen.values()) == 104 + players - 1


@pytest.mark.rule("norwegian-equipment")
@pytest.mark.parametrize("players", [2, 6])
def test_three_to_five_players(players: int) -> None:
    # docs/rules/norwegian.rst, norwegian-equipment: Equipment and players: 3 to 5 players
    with pytest.raises(remi.RulesetError) as info:
        remi.new_game(N, players)
    assert info.value.code == "bad-players"


@pytest.mark.rule("norwegian-equipment")
def test_six_players_with_a_third_deck() -> None:
    # docs/rules/norwegian.rst, norwegian-equipment: Equipment and players: 6 players with a third deck (variant)
    ruleset = variant("six players")
    state = remi.new_game(ruleset, 6, seed=4)
    seen = all_cards(state)
    assert all(seen[Card.from_code(code)] == 3 for code in range(52))
    assert seen[JOKER] == 9
    assert sum(seen.values()) == 165
    assert state.hand_sizes == (10,) * 6
    assert len(state.stock) == 165 - 61
    # Five players under the variant still play with two decks.
    assert sum(all_cards(remi.new_game(ruleset, 5, seed=4)).values()) == 113


# =============================================================================================
# Deal and turn
# =============================================================================================


@pytest.mark.rule("norwegian-round-seven")
@pytest.mark.parametrize("round, size", [(1, 10), (2, 10), (3, 10), (4, 10), (5, 10), (6, 10), (7, 11)])
def test_cards_dealt_per_round(round: int, size: int) -> None:
    # docs/rules/norwegian.rst, norwegian-round-seven: Deal and turn: 10 cards in rounds 1-6, 11 in round 7
    state = first_state_of(N, round)
    assert state.round == round
    assert state.phase == "draw"
    assert state.hand_sizes == (size,) * 4
    assert len(state.discard) == 1
    assert len(state.stock) == 113 - 4 * size - 1
    state.check_invariants()


@pytest.mark.rule("norwegian-deal-and-turn")
@pytest.mark.parametrize("round, size", [(1, 10), (2, 10), (3, 10), (4, 12), (5, 12), (6, 12), (7, 12)])
def test_twelve_card_variant(round: int, size: int) -> None:
    # docs/rules/norwegian.rst, norwegian-deal-and-turn: Deal and turn: variant twelve cards: 10 in rounds 1-3, 12 in rounds 4-7
    state = first_state_of(variant("twelve cards"), round)
    assert state.round == round
    assert state.hand_sizes == (size,) * 4


@pytest.mark.rule("norwegian-deal-and-turn")
@pytest.mark.parametrize("dealer", [0, 1, 3])
def test_deal_one_at_a_time_clockwise_from_left_of_dealer(dealer: int) -> None:
    # docs/rules/norwegian.rst, norwegian-deal-and-turn: Deal and turn: the dealer deals one at a time clockwise, from the seat to the left;
    # then the stock's top card is turned to start the discard pile.
    pack = list(make_pack(2, 9))  # a stacked pack, in its fixed order; the top of the stock is the end
    state = remi.new_game(N, 4, seed=0, dealer=dealer, pack=pack)
    order = pack[::-1]
    expected: list[list[Card]] = [[] for _ in range(4)]
    for i in range(40):
        expected[(dealer + 1 + i % 4) % 4].append(order[i])
    assert state.hands == tuple(sorted_hand(h) for h in expected)
    assert state.discard == (order[40],)
    assert state.stock == tuple(pack[: 113 - 41])


@pytest.mark.rule("norwegian-deal-and-turn")
def test_first_dealer_is_seat_zero_and_left_of_dealer_starts() -> None:
    # docs/rules/norwegian.rst, norwegian-deal-and-turn: Deal and turn: first dealer seat 0 [decision]; the player left of the dealer starts
    state = remi.new_game(N, 4, seed=5)
    assert (state.dealer, state.turn_player, state.current_player, state.turn) == (0, 1, 1, 1)
    assert strs(state.legal_actions()) == ["draw", "take"]


@pytest.mark.rule("norwegian-deal-and-turn")
@pytest.mark.parametrize("players, dealer", [(4, 2), (4, 3), (3, 2), (5, 4)])
def test_first_dealer_given_by_caller(players: int, dealer: int) -> None:
    # docs/rules/norwegian.rst, norwegian-deal-and-turn: Deal and turn: first dealer seat 0 unless the caller says otherwise [decision]
    state = remi.new_game(N, players, seed=5, dealer=dealer)
    assert state.dealer == dealer
    assert state.current_player == (dealer + 1) % players


@pytest.mark.rule("norwegian-deal-and-turn")
@pytest.mark.parametrize("dealer", [-1, 4, True, "0"])
def test_bad_first_dealer_is_refused(dealer: object) -> None:
    # docs/rules/norwegian.rst, norwegian-deal-and-turn: Deal and turn: the first dealer is a seat
    with pytest.raises(remi.RulesetError) as info:
        remi.new_game(N, 4, dealer=dealer)  # type: ignore[arg-type]
    assert info.value.code == "bad-dealer"


@pytest.mark.rule("norwegian-deal-and-turn")
@pytest.mark.parametrize("dealer", [0, 1, 2, 3])
def test_deal_moves_one_seat_left_each_round(dealer: int) -> None:
    # docs/rules/norwegian.rst, norwegian-deal-and-turn: Deal and turn: the deal moves one seat left each round; left of the dealer starts
    state = next_round(N, 1, dealer=dealer)
    assert state.round == 2
    assert state.dealer == (dealer + 1) % 4
    assert state.turn_player == state.current_player == (dealer + 2) % 4
    assert state.turn == 1 and state.phase == "draw"


@pytest.mark.rule("norwegian-deal-and-turn")
def test_upcard_starts_the_discard_pile() -> None:
    # docs/rules/norwegian.rst, norwegian-deal-and-turn: Deal and turn: stock face down, top card turned to start the discard pile
    state = remi.new_game(N, 4, seed=11)
    assert len(state.discard) == 1
    assert len(state.stock) == 113 - 41
    assert state.discard_top is state.discard[-1]


@pytest.mark.rule("norwegian-deal-and-turn")
def test_draw_from_the_stock_takes_its_top() -> None:
    # docs/rules/norwegian.rst, norwegian-deal-and-turn: Deal and turn: (1) draw the top of the stock
    state = position(hands=["♥2 ♥3", "♣2", "♣3", "♣4"], phase="draw", discard="♦9", stock="♦4 ♠3")
    after = state.apply(DrawStock())
    assert after.hands[0] == sorted_hand("♥2 ♥3 ♠3")
    assert after.stock == state.stock[:-1]
    assert after.discard == state.discard


@pytest.mark.rule("norwegian-deal-and-turn")
def test_draw_from_the_discard_pile_takes_its_top() -> None:
    # docs/rules/norwegian.rst, norwegian-deal-and-turn: Deal and turn: (1) draw the top of the discard pile (the player on turn's first claim)
    state = position(hands=["♥2 ♥3", "♣2", "♣3", "♣4"], phase="draw", discard="♦9 ♣7", stock="♠3")
    after = state.apply(TakeDiscard())
    assert after.hands[0] == sorted_hand("♥2 ♥3 ♣7")
    assert after.discard == cards("♦9")
    assert after.stock == state.stock
    assert after.phase == "play" and after.current_player == 0  # no buying window after a take
    assert after.taken == Card("♣7")


@pytest.mark.rule("norwegian-contracts")
def test_contract_goes_down_once_per_round() -> None:
    # docs/rules/norwegian.rst, norwegian-contracts: The seven contracts: the contract goes down in one turn, once per round
    hand = "♠9 ♥9 ♦9 ♥4 ♦4 ♣4 ♠K ♥K ♦K ♣2 ♣3"
    state = position(hands=[hand, "♣9", "♣5", "♣6"], round=1)
    layout = Layout.of("♠9 ♥9 ♦9", "♥4 ♦4 ♣4")
    after = lay_melds(state, layout)
    assert after.down[0] == state.turn
    assert after.phase == "play" and after.current_player == 0  # the turn goes on to the discard
    assert not any(isinstance(a, LayDown) for a in after.legal_actions())
    assert illegal(after, LayDown.of("♠K ♥K ♦K")).code == "contract-already-down"
    # On a later turn too.
    later = position(hands=[hand, "♣9", "♣5", "♣6"], round=1, down={0: 1}, turn=5)
    assert not any(isinstance(a, LayDown) for a in later.legal_actions())
    assert refused(later, layout).code == "contract-already-down"


@pytest.mark.rule("norwegian-contracts")
@pytest.mark.parametrize(
    "round, hand, lay",
    [
        (1, "♠9 ♥9 ♦9 ♣9 ♥4 ♦4 ♣4 ♣2", ("♠9 ♥9 ♦9 ♣9", "♥4 ♦4 ♣4")),
        (2, "♠9 ♥9 ♦9 ♥4 ♥5 ♥6 ♥7 ♥8 ♣2", ("♠9 ♥9 ♦9", "♥4 ♥5 ♥6 ♥7 ♥8")),
        (3, "♠2 ♠3 ♠4 ♠5 ♠6 ♥4 ♥5 ♥6 ♥7 ♣K", ("♠2 ♠3 ♠4 ♠5 ♠6", "♥4 ♥5 ♥6 ♥7")),
    ],
)
def test_contract_with_exactly_its_cards_unless_all_down_at_once(
    round: int, hand: str, lay: tuple[str, str]
) -> None:
    # docs/rules/norwegian.rst, norwegian-contracts: The seven contracts: exactly the cards it asks for (sets of 3, runs of 4);
    # option all down at once: extra cards allowed
    action = Layout.of(*lay)
    strict = position(hands=[hand, "♣9", "♣5", "♣6"], round=round)
    refused(strict, action)
    for layout in whole_layouts(strict):
        assert all(len(m.cards) == (3 if m.kind == "set" else 4) for m in layout.melds)
    loose = position(variant("all down at once"), hands=[hand, "♣9", "♣5", "♣6"], round=round)
    after = lay_melds(loose, action)
    assert after.down[0] == 1 and len(after.table) == 2


@pytest.mark.rule("norwegian-contracts")
@pytest.mark.parametrize(
    "round, lay",
    [
        (1, ("♠9 ♥9 ♦9",)),  # too few combinations
        (1, ("♠9 ♥9 ♦9", "♥4 ♥5 ♥6 ♥7")),  # a run where a set is asked
        (2, ("♠9 ♥9 ♦9", "♥4 ♦4 ♣4")),  # two sets where a set and a run are asked
    ],
)
def test_contract_counts_combinations(round: int, lay: tuple[str, ...]) -> None:
    # docs/rules/norwegian.rst, norwegian-contracts: The seven contracts: the contract counts combinations, not card points
    state = position(hands=["♠9 ♥9 ♦9 ♥4 ♦4 ♣4 ♥5 ♥6 ♥7 ♣K", "♣9", "♣5", "♣6"], round=round)
    if len(lay) == 1:
        # Half a contract may be laid, but the turn cannot end with it half laid.
        half = state.apply(LayDown.of(*lay))
        assert not any(isinstance(a, Discard) for a in half.legal_actions())
        assert illegal(half, Discard("♣K")).code == "contract-unfinished"
    else:
        refused(state, Layout.of(*lay))


@pytest.mark.rule("norwegian-contracts")
def test_lay_off_needs_the_contract_down_on_an_earlier_turn() -> None:
    # docs/rules/norwegian.rst, norwegian-contracts: Deal and turn: (3) lay off only if your contract went down on an earlier turn
    table = ["♠5 ♠6 ♠7 ♠8"]
    state = contract_not_down()
    # Not down: no lay-off (LayOff("♠9", 0) is contract-not-down, a row of REFUSALS).
    # Down this turn: no lay-off yet, and the reason says why.
    after = lay_melds(state, Layout.of("♠9 ♥9 ♦9", "♥4 ♦4 ♣4"))
    assert not any(isinstance(a, LayOff) for a in after.legal_actions())
    error = illegal(after, LayOff("♣9", 2))
    assert error.code == "contract-down-this-turn"
    assert "this turn" in error.reason and "next turn" in error.reason
    # Down on an earlier turn: the same lay-offs are legal, onto anyone's melds.
    hand2 = "♣9 ♠9 ♣2"
    later = position(
        hands=[hand2, "♣5", "♣6", "♣7"],
        table=[*table, "♥9 ♦9 ♠9", "♥4 ♦4 ♣4"],
        owners=[1, 0, 0],
        round=1,
        down={0: 2, 1: 1},
        turn=6,
    )
    offs = [a for a in later.legal_actions() if isinstance(a, LayOff)]
    assert LayOff("♠9", 0) in offs and LayOff("♣9", 1) in offs and LayOff("♠9", 1) in offs
    assert later.apply(LayOff("♠9", 0)).table[0] == remi.parse_meld("♠5 ♠6 ♠7 ♠8 ♠9")


@pytest.mark.rule("norwegian-deal-and-turn")
def test_discard_ends_the_turn() -> None:
    # docs/rules/norwegian.rst, norwegian-deal-and-turn: Deal and turn: (4) discard one card face up; the player to the left goes next
    state = position(hands=["♥2 ♥3", "♣5 ♣6", "♦K ♣7 ♣8", "♣9 ♣10"], discard="♦9", turn=4, turn_player=2)
    after = state.apply(Discard("♦K"), player=2)
    assert after.discard == cards("♦9 ♦K")
    assert after.hands[2] == sorted_hand("♣7 ♣8")
    assert (after.phase, after.turn_player, after.current_player, after.turn) == ("draw", 3, 3, 5)


@pytest.mark.rule("norwegian-deal-and-turn")
def test_a_turn_starts_with_a_draw() -> None:
    # docs/rules/norwegian.rst, norwegian-deal-and-turn: Deal and turn: the turn begins with the draw; nothing else is possible then
    state = before_the_draw()  # a discard or a lay-down is wrong-phase (rows of REFUSALS)
    assert strs(state.legal_actions()) == ["draw", "take"]


@pytest.mark.rule("norwegian-deal-and-turn")
@pytest.mark.parametrize("preset", ["norwegian", "swedish", "finnish", "slovenian", "kalooki"])
def test_knocking_is_refused_as_no_part_of_the_game_in_every_phase(preset: str) -> None:
    # docs/rules/norwegian.rst, norwegian-deal-and-turn: a turn is draw, lay, lay off, discard: the game is not ended by
    # knocking, so a knock is refused with no-knocking in every phase, not with "must first draw" (issue 15, item 6)
    ruleset = remi.PRESETS[preset]
    state = remi.new_game(ruleset, players=4, seed=7)
    seen = set()
    for _ in range(12):
        card = next(iter(state.hands[state.current_player]))
        error = illegal(state, f"knock {card}")
        assert error.code == "no-knocking"
        assert error.reason == f"{ruleset.name} is not ended by knocking; go out by shedding your cards."
        seen.add(state.phase)
        state = state.apply(state.legal_actions()[-1])
    assert "play" in seen and ("draw" in seen or preset == "slovenian")
    # Gin knocks: there the phase is the reason before drawing.
    gin = remi.new_game(remi.GIN, seed=1)
    assert (
        gin.phase == "draw"
        and illegal(gin, f"knock {gin.hands[gin.current_player][0]}").code == "wrong-phase"
    )


@pytest.mark.rule("norwegian-buying", "norwegian-shanghai", "basic-turn")
@pytest.mark.parametrize("preset", ["norwegian", "swedish", "slovenian", "kalooki", "gin"])
def test_moves_a_game_never_has_are_refused_as_such_in_every_phase(preset: str) -> None:
    # A buy where nobody buys, a Shanghai call where nobody calls: the game has no such move, whatever the
    # phase (not "must first draw"); and a wrong-phase reason offers a joker swap only where jokers exist.
    ruleset = (
        attrs.evolve(remi.PRESETS[preset], buying=False) if preset == "norwegian" else remi.PRESETS[preset]
    )
    state = remi.new_game(ruleset, players=2 if preset == "gin" else 3, seed=3)
    for _ in range(8):
        buy = illegal(state, "buy")
        assert (buy.code, buy.reason) == (
            "no-buying",
            f"{ruleset.name} is played without buying; a discard goes to the next player.",
        )
        call = illegal(state, remi.CallShanghai(0))
        assert (call.code, call.reason) == (
            "no-shanghai",
            f"{ruleset.name} is played without Shanghai calls.",
        )
        state = state.apply(state.legal_actions()[-1])
    playing = remi.new_game(ruleset, players=2 if preset == "gin" else 3, seed=3)
    while playing.phase != "play":
        playing = playing.apply(playing.legal_actions()[0])
    wrong = illegal(playing, "draw")
    assert wrong.code in ("wrong-phase", "already-drew")
    if wrong.code == "wrong-phase":
        assert ("swap a joker" in wrong.reason) == (ruleset.jokers != 0 and ruleset.family != "gin")


# =============================================================================================
# Buying
# =============================================================================================


def buying_position(turn_player: int = 0, **kw: Any) -> GameState:
    hands = ["♥2 ♥3", "♣5 ♣6", "♣7 ♣8", "♣9 ♣10"]
    options: dict[str, object] = {"discard": "♥5 ♦6 ♣7", "stock": "♦4 ♠4 ♠3"}
    options.update(kw)
    return position(hands=hands, phase="draw", turn_player=turn_player, **options)  # type: ignore[arg-type]


@pytest.mark.rule("norwegian-buying")
def test_player_on_turn_has_first_claim() -> None:
    # docs/rules/norwegian.rst, norwegian-buying: Buying: the player on turn has first claim on the discard top (taking it is the draw)
    state = buying_position()
    assert state.current_player == 0
    assert TakeDiscard() in state.legal_actions()
    assert Buy() not in state.legal_actions()
    after = state.apply(TakeDiscard())
    assert after.phase == "play" and after.queue == ()  # taken: nothing left to buy this turn


@pytest.mark.rule("norwegian-buying")
@pytest.mark.parametrize("turn_player, order", [(0, (1, 2, 3)), (2, (3, 0, 1)), (3, (0, 1, 2))])
def test_buying_window_after_a_stock_draw_in_turn_order(turn_player: int, order: tuple[int, ...]) -> None:
    # docs/rules/norwegian.rst, norwegian-buying: Buying: when the player on turn draws from the stock the others may buy; several
    # want it: the seat that plays soonest after the player on turn asks first
    after = buying_position(turn_player).apply(DrawStock())
    assert after.phase == "buy"
    assert after.queue == order
    assert after.current_player == order[0]
    assert after.turn_player == turn_player
    assert strs(after.legal_actions()) == ["buy", "pass"]


@pytest.mark.rule("norwegian-buying")
def test_buy_gives_the_card_and_the_stock_top_and_nothing_else() -> None:
    # docs/rules/norwegian.rst, norwegian-buying: Buying: the buyer takes the card and the top card of the stock; no meld, no discard;
    # the turn goes back to the interrupted player
    window = buying_window()  # seat 0 drew ♠3; a discard or a lay-down is wrong-phase (rows of REFUSALS)
    bought = window.apply(Buy(), player=1)
    assert bought.hands[1] == sorted_hand("♣5 ♣6 ♣7 ♠4")
    assert bought.stock == window.stock[:-1]
    assert bought.discard == cards("♥5 ♦6")
    assert bought.buys[1] == 1
    # Everybody passes on the next card: the interrupted player goes on.
    state = bought
    while state.phase == "buy":
        assert state.current_player != 1  # the buyer is not asked again in this window
        state = state.apply(Pass())
    assert (state.phase, state.current_player, state.turn_player) == ("play", 0, 0)
    assert state.hands[0] == sorted_hand("♥2 ♥3 ♠3")


@pytest.mark.rule("norwegian-buying")
def test_all_pass_returns_the_turn() -> None:
    # docs/rules/norwegian.rst, norwegian-buying: Buying [decision]: when all pass the player on turn goes on
    state = buying_position().apply(DrawStock())
    for seat in (1, 2, 3):
        assert state.current_player == seat
        state = state.apply(Pass())
    assert (state.phase, state.current_player) == ("play", 0)
    assert state.discard == cards("♥5 ♦6 ♣7")


@pytest.mark.rule("norwegian-buying")
def test_next_card_is_open_but_nobody_buys_two_in_a_row() -> None:
    # docs/rules/norwegian.rst, norwegian-buying: Buying: after a buy the next card is open on the same terms, but nobody may buy
    # two cards in a row [decision: the offers restart, the last buyer excluded]
    state = buying_position().apply(DrawStock()).apply(Pass())  # seat 1 passes
    state = state.apply(Buy())  # seat 2 buys ♣7 (+ ♠4)
    assert state.discard_top == Card("♦6")
    assert state.queue == (1, 3)  # restarted after the player on turn; seat 2 left out
    assert state.why_illegal("buy") is None
    with pytest.raises(IllegalActionError) as info:
        state.apply(Buy(), player=2)
    assert info.value.code == "not-your-turn"
    state = state.apply(Buy())  # seat 1 buys ♦6 (+ ♦4)
    assert state.hands[1] == sorted_hand("♣5 ♣6 ♦6 ♦4")
    assert state.queue == (2, 3)  # seat 2 may buy again: not two in a row any more
    assert state.discard == cards("♥5")


@pytest.mark.rule("norwegian-buying")
def test_max_buys_per_round_option() -> None:
    # docs/rules/norwegian.rst, norwegian-buying: Buying: option max buys per round (default unlimited)
    ruleset = attrs.evolve(N, max_buys_per_round=1)
    state = position(
        ruleset,
        hands=["♥2 ♥3", "♣5 ♣6", "♣7 ♣8", "♣9 ♣10"],
        phase="draw",
        discard="♥5 ♦6 ♣7",
        stock="♦4 ♠4 ♠3",
        buys={1: 1},
    )
    assert state.apply(DrawStock()).queue == (2, 3)
    unlimited = position(
        hands=["♥2 ♥3", "♣5 ♣6", "♣7 ♣8", "♣9 ♣10"], phase="draw", discard="♥5 ♦6 ♣7", buys={1: 5}
    )
    assert unlimited.apply(DrawStock()).queue == (1, 2, 3)
    # Within a window too: after seat 2's first buy it is not asked again this round.
    window = position(
        ruleset, hands=["♥2 ♥3", "♣5 ♣6", "♣7 ♣8", "♣9 ♣10"], phase="draw", discard="♥5 ♦6 ♣7"
    ).apply(DrawStock())
    window = window.apply(Pass()).apply(Buy())  # seat 2 buys
    assert window.queue == (1, 3)
    window = window.apply(Buy())  # seat 1 buys
    assert window.queue == (3,)


@pytest.mark.rule("norwegian-buying")
def test_any_seat_may_buy_unless_buy_only_before_contract() -> None:
    # docs/rules/norwegian.rst, norwegian-buying: Buying [decision]: any seat but the one on turn may buy, down or not
    # (option: only players whose contract is not down)
    table = ["♠5 ♠6 ♠7 ♠8", "♥9 ♦9 ♠9"]
    hands = ["♥2 ♥3", "♣5 ♣6", "♣7 ♣8", "♣9 ♣10"]
    default = position(
        hands=hands, table=table, owners=[2, 2], phase="draw", discard="♥5 ♦6", down={2: 1}, turn=3
    )
    assert default.apply(DrawStock()).queue == (1, 2, 3)
    strict = position(
        attrs.evolve(N, buy_only_before_contract=True),
        hands=hands,
        table=table,
        owners=[2, 2],
        phase="draw",
        discard="♥5 ♦6",
        down={2: 1},
        turn=3,
    )
    assert strict.apply(DrawStock()).queue == (1, 3)


@pytest.mark.rule("norwegian-buying", "norwegian-buy-empty-stock")
def test_buy_with_an_empty_stock_keeps_the_next_card_open() -> None:
    # docs/rules/norwegian.rst, norwegian-buy-empty-stock: stock empty when a buy needs its penalty card: the buyer takes the
    # card, the next card stays face up and open to the remaining buyers, the rest of the pile becomes the stock
    state = position(
        hands=["♥2 ♥3", "♣5 ♣6", "♣7 ♣8", "♣9 ♣10"], phase="draw", discard="♦6 ♣7", stock="♠3", rest="discard"
    )
    under = state.discard[:-2]
    window = state.apply(DrawStock())
    assert window.stock == () and window.phase == "buy" and window.queue == (1, 2, 3)
    bought = window.apply(Buy())
    assert bought.reshuffles == 1
    gained = Counter(bought.hands[1]) - Counter(state.hands[1])
    assert Card("♣7") in gained and sum(gained.values()) == 2
    penalty = next(iter(gained - Counter([Card("♣7")])))
    assert Counter(bought.stock) + Counter([penalty]) == Counter(under)  # the next card is not in the stock
    assert bought.discard == cards("♦6")  # set aside face up, open on the same terms
    assert (bought.phase, bought.queue, bought.current_player, bought.last_buyer) == ("buy", (2, 3), 2, 1)
    bought.check_invariants()
    assert GameState.from_dict(bought.to_dict()) == bought
    assert GameState.from_position(bought.position()) == bought
    # Nobody buys two in a row: seat 1 is not asked about the next card; seat 3 buys it.
    with pytest.raises(IllegalActionError) as info:
        bought.apply(Buy(), player=1)
    assert info.value.code == "not-your-turn"
    again = bought.apply(Pass()).apply(Buy())
    assert Card("♦6") in again.hands[3] and again.buys[3] == 1
    assert again.stock == bought.stock[:-1]  # the stock was not empty: no second rebuild
    assert again.discard == () and (again.phase, again.current_player) == ("play", 0)  # pile empty: closed
    for seat in range(4):
        bought.view(seat).sample_state(random.Random(seat)).check_invariants()


@pytest.mark.rule("norwegian-buy-empty-stock")
def test_buy_from_an_empty_stock_with_one_card_under_the_next() -> None:
    # docs/rules/norwegian.rst, norwegian-buy-empty-stock: the one card under the next card is the whole new stock and
    # the penalty card; the next card then cannot be bought (nothing left to rebuild from) and the window closes
    state = position(
        hands=["♥2 ♥3", "♣5 ♣6", "♣7 ♣8", "♣9 ♣10"], phase="draw", discard="♥5 ♦6 ♣7", stock="♠3", rest=2
    )
    window = state.apply(DrawStock())
    assert window.phase == "buy" and window.queue == (1, 2, 3)
    bought = window.apply(Buy())
    assert bought.hands[1] == sorted_hand("♣5 ♣6 ♣7 ♥5")
    assert bought.stock == () and bought.discard == cards("♦6")
    assert (bought.phase, bought.current_player, bought.queue) == ("play", 0, ())
    bought.check_invariants()  # (seat 2 holds the cards the scenario leaves over: no reader would load it)


@pytest.mark.rule("norwegian-buying", "norwegian-buy-empty-stock")
@pytest.mark.parametrize("pile", ["♣7", "♦6 ♣7"])
def test_nothing_to_rebuild_means_the_card_cannot_be_bought(pile: str) -> None:
    # docs/rules/norwegian.rst, norwegian-buy-empty-stock: if nothing is left to rebuild from (the pile holds only the card
    # and its next card, or less), the card cannot be bought
    state = position(
        hands=["♥2 ♥3", "♣5 ♣6", "♣7 ♣8", "♣9 ♣10"], phase="draw", discard=pile, stock="♠3", rest=2
    )
    window = state.apply(DrawStock())
    assert window.stock == () and window.discard == cards(pile)
    # Nothing can be bought, so no buying window opens: the player on turn goes on.
    assert (window.phase, window.current_player) == ("play", 0)
    assert Buy() not in window.legal_actions()
    assert illegal(window, Buy()).code == "wrong-phase"
    # A window written by hand on such a pile: the buy is refused with the true reason, passing goes on.
    asked = position(
        hands=["♥2 ♥3 ♠3", "♣5 ♣6", "♣7 ♣8", "♣9 ♣10"],
        phase="buy",
        discard=pile,
        rest=2,
        queue=(1, 2, 3),
        to_act=1,
    )
    error = illegal(asked, Buy())
    assert error.code == "cannot-buy"
    assert "stock is empty" in error.reason and "♣7 cannot be bought" in error.reason
    if pile == "♦6 ♣7":
        assert "only the next card, ♦6" in error.reason and "stays face up" in error.reason
    else:
        assert "nothing under it" in error.reason
    assert strs(asked.legal_actions()) == ["pass"]


@pytest.mark.rule("norwegian-buy-empty-stock")
def test_a_game_that_never_reuses_its_pile_cannot_buy_from_an_empty_stock() -> None:
    # docs/rules/norwegian.rst, norwegian-buy-empty-stock: nothing can be rebuilt when the pile is never reused
    ruleset = attrs.evolve(N, discard_reuse="none")
    asked = position(
        ruleset,
        hands=["♥2 ♥3 ♠3", "♣5 ♣6", "♣7 ♣8", "♣9 ♣10"],
        phase="buy",
        discard="♥5 ♦6 ♣7",
        rest=2,
        queue=(1, 2, 3),
        to_act=1,
    )
    error = illegal(asked, Buy())
    assert error.code == "cannot-buy" and "never reuses the discard pile" in error.reason


@pytest.mark.rule("norwegian-buying")
def test_empty_discard_pile_means_no_buying_window() -> None:
    # docs/rules/norwegian.rst, norwegian-buying: Buying [decision]: an empty discard pile: the player on turn must draw from the
    # stock and no buying window opens
    state = discard_pile_empty()  # take is discard-empty (a row of REFUSALS)
    assert strs(state.legal_actions()) == ["draw"]
    after = state.apply(DrawStock())
    assert (after.phase, after.current_player, after.queue) == ("play", 0, ())


@pytest.mark.rule("norwegian-buying")
def test_buying_window_closes_when_the_pile_runs_empty() -> None:
    # docs/rules/norwegian.rst, norwegian-buying: Buying [decision]: when the pile is empty the player on turn goes on
    state = position(hands=["♥2 ♥3", "♣5 ♣6", "♣7 ♣8", "♣9 ♣10"], phase="draw", discard="♣7")
    after = state.apply(DrawStock()).apply(Buy())
    assert after.discard == ()
    assert (after.phase, after.current_player, after.queue) == ("play", 0, ())


# =============================================================================================
# Jokers on the table
# =============================================================================================


def swap_position(**kw: Any) -> GameState:
    options: dict[str, object] = {
        "hands": ["♠3 ♥7 ♦2 ♣5", "♣9 ♣9", "♣2 ♣3", "♣4 ♣6"],
        "table": ["♠2 JK ♠4 ♠5", "♥7 ♦7 JK"],
        "owners": [1, 1],
        "down": {0: 1, 1: 2},
        "turn": 5,
    }
    options.update(kw)
    return position(**options)  # type: ignore[arg-type]


@pytest.mark.rule("norwegian-jokers-on-table")
def test_joker_in_a_run_may_be_swapped() -> None:
    # docs/rules/norwegian.rst, norwegian-jokers-on-table: Jokers on the table: a joker in a run may be swapped for the natural card it
    # stands for (♠2 JK ♠4 ♠5: the joker is ♠3; the holder of ♠3 may swap)
    state = swap_position()
    assert SwapJoker("♠3", 0) in state.legal_actions()
    after = state.apply(SwapJoker("♠3", 0))
    assert after.table[0] == remi.parse_meld("♠2 ♠3 ♠4 ♠5")
    assert after.hands[0] == sorted_hand("JK ♥7 ♦2 ♣5")
    assert after.pending == (JOKER,)
    # SwapJoker("♠6", 0), a card seat 0 does not hold, is not-in-hand (a row of REFUSALS).


@pytest.mark.rule("norwegian-jokers-on-table")
def test_joker_in_a_set_is_locked() -> None:
    # docs/rules/norwegian.rst, norwegian-jokers-on-table: Jokers on the table: a joker in a set is locked for the rest of the round
    state = swap_position()
    assert not any(isinstance(a, SwapJoker) and a.target == 1 for a in state.legal_actions())
    error = illegal(state, SwapJoker("♥7", 1))
    assert "set" in error.reason


@pytest.mark.rule("norwegian-jokers-on-table")
@pytest.mark.parametrize(
    "down, code", [({1: 2}, "contract-not-down"), ({0: 5, 1: 2}, "contract-down-this-turn")]
)
def test_swap_needs_the_contract_down_on_an_earlier_turn(down: dict[int, int], code: str) -> None:
    # docs/rules/norwegian.rst, norwegian-jokers-on-table: Jokers on the table: only a player whose contract went down on an earlier turn swaps
    # (a seat down this turn has its contract, two sets, on the table)
    contract = (
        {"table": ["♠2 JK ♠4 ♠5", "♥7 ♦7 JK", "♠9 ♥9 ♦9", "♠K ♥K ♦K"], "owners": [1, 1, 0, 0]}
        if 0 in down
        else {}
    )
    state = swap_position(down=down, **contract)
    assert not any(isinstance(a, SwapJoker) for a in state.legal_actions())
    assert illegal(state, SwapJoker("♠3", 0)).code == code


@pytest.mark.rule("norwegian-jokers-on-table")
def test_swapped_joker_must_be_played_again_the_same_turn() -> None:
    # docs/rules/norwegian.rst, norwegian-jokers-on-table: Jokers on the table: the joker must be played again in the same turn;
    # a discard is refused while it is pending
    after = swap_position().apply(SwapJoker("♠3", 0))
    assert not any(isinstance(a, Discard) for a in after.legal_actions())
    error = illegal(after, Discard("♦2"))
    assert error.code == "joker-pending"
    assert "joker" in error.reason
    # Laying it onto a table meld releases the turn.
    offs = [a for a in after.legal_actions() if isinstance(a, LayOff)]
    assert offs and all(a.card == JOKER or a.card == Card("♥7") for a in offs)
    played = after.apply(LayOff(JOKER, 0))
    assert played.pending == ()
    assert Discard("♦2") in played.legal_actions()
    assert JOKER not in played.hands[0]


@pytest.mark.rule("norwegian-jokers-on-table")
def test_joker_left_in_hand_costs_50() -> None:
    # docs/rules/norwegian.rst, norwegian-jokers-on-table: Jokers on the table: a joker left in hand at the end of a round costs 50
    state = position(hands=["♣K", "JK", "JK JK ♠2", "♠2"], down={0: 1}, turn=3)
    result = state.apply("discard ♣K").results[-1]
    assert result.points == (0, 50, 102, 2)


@pytest.mark.rule("norwegian-melds")
@pytest.mark.parametrize("table, fit", [("♥7 ♦7 JK", 1), ("♠5 JK ♠7 JK", 0), ("♠5 ♠6 ♠7 JK", 2)])
def test_naturals_at_least_jokers_after_every_lay_off(table: str, fit: int) -> None:
    # docs/rules/norwegian.rst, norwegian-melds: Melds: at least as many natural cards as jokers, when laid and after every lay-off
    state = position(hands=["JK JK JK ♣2", "♣5", "♣6", "♣7"], table=[table], down={0: 1}, turn=5)
    off = LayOff(JOKER, 0)
    for _ in range(fit):
        assert off in state.legal_actions()
        state = state.apply(off)
        assert state.table[0].wild_count <= state.table[0].natural_count
    assert state.table[0].natural_count == remi.parse_meld(table).natural_count
    assert not any(isinstance(a, LayOff) for a in state.legal_actions())
    assert illegal(state, off).code == "too-many-jokers"


# =============================================================================================
# Round 7, going out, the last card
# =============================================================================================

R7_HAND = "♠A ♠2 ♠3 ♠4 ♥5 ♥6 ♥7 ♥8 ♦9 ♦10 ♦J ♦Q"


@pytest.mark.rule("norwegian-round-seven")
def test_round_seven_goes_down_only_by_going_out() -> None:
    # docs/rules/norwegian.rst, norwegian-round-seven: The seven contracts: round 7: going out is the only way down; three runs take every
    # card in hand and there is no discard after them
    state = position(hands=[R7_HAND, "♣5 ♣6", "♣7 ♣8", "♣9 ♣10"], round=7, turn=9)
    lays = whole_layouts(state)
    assert lays == [Layout.of("♠A ♠2 ♠3 ♠4", "♥5 ♥6 ♥7 ♥8", "♦9 ♦10 ♦J ♦Q")]
    over = lay_melds(state, lays[0])
    assert over.is_over and over.phase == "over"
    assert over.results[-1].round == 7 and over.results[-1].went_out == 0
    assert over.results[-1].points == (0, 11, 15, 19)
    assert over.hands[0] == ()


@pytest.mark.rule("norwegian-round-seven")
def test_round_seven_cannot_keep_a_card() -> None:
    # docs/rules/norwegian.rst, norwegian-round-seven: The seven contracts: round 7: the runs must take every card; nothing may stay in hand
    state = position(hands=[R7_HAND + " ♣K", "♣5 ♣6", "♣7 ♣8", "♣9 ♣10"], round=7, turn=9)
    assert not any(isinstance(a, LayDown) for a in state.legal_actions())
    error = refused(state, Layout.of("♠A ♠2 ♠3 ♠4", "♥5 ♥6 ♥7 ♥8", "♦9 ♦10 ♦J ♦Q"))
    assert error.code == "cards-left-in-hand"
    assert error.reason == (
        "Round 7 goes down only by going out: its runs must take every card in hand, and ♣K would be left."
    )


@pytest.mark.rule("norwegian-round-seven")
@pytest.mark.parametrize(
    "hand, layout, left",
    [
        # The hand (issue 15, item 6): ♦9 has no run to go into.
        ("♠A ♠2 ♠3 ♠4 ♣5 ♣6 ♣7 ♣8 ♥J ♥Q ♥K ♥A ♦9", ("♠A ♠2 ♠3 ♠4", "♣5 ♣6 ♣7 ♣8", "♥J ♥Q ♥K ♥A"), "♦9"),
        # ♠5 could lengthen the spade run, but the layout leaves it, in any order of its melds.
        (R7_HAND + " ♠5", ("♠A ♠2 ♠3 ♠4", "♥5 ♥6 ♥7 ♥8", "♦9 ♦10 ♦J ♦Q"), "♠5"),
        (R7_HAND + " ♠5", ("♥5 ♥6 ♥7 ♥8", "♦9 ♦10 ♦J ♦Q", "♠A ♠2 ♠3 ♠4"), "♠5"),
        (R7_HAND + " ♣K ♥K", ("♠A ♠2 ♠3 ♠4", "♥5 ♥6 ♥7 ♥8", "♦9 ♦10 ♦J ♦Q"), "♥K ♣K"),
    ],
)
def test_round_seven_refusal_names_the_cards_left(hand: str, layout: tuple[str, ...], left: str) -> None:
    # docs/rules/norwegian.rst, norwegian-round-seven: the runs must take every card in hand: a lay of the whole contract
    # that leaves cards is refused with cards-left-in-hand, naming them (not "no meld is made of ♠A and higher cards")
    state = position(hands=[hand, "♣5 ♣6", "♣7 ♣8", "♣9 ♣10"], round=7, turn=9, buys={0: 1})
    error = refused(state, Layout.of(*layout))
    assert error.code == "cards-left-in-hand"
    assert error.reason.endswith(f"its runs must take every card in hand, and {left} would be left.")
    with pytest.raises(IllegalActionError) as info:
        state.lay(*layout)  # in the order given: the last meld may be the one refused
    assert (info.value.code, info.value.reason) == (error.code, error.reason)
    # Each step alone says why nothing can be built (or gives no reason about cards left when a layout exists).
    first = state.why_illegal(state.lay_steps(layout[0])[0])
    if first is not None:
        assert first.code == "no-meld-to-build"
        size = len(state.hands[0])
        assert first.reason == (
            f"No meld can be laid now: round 7 goes down only by going out, and no 3 runs take all {size} cards in hand."
        )


@pytest.mark.rule("norwegian-round-seven")
def test_round_seven_other_refusals_keep_their_reason() -> None:
    # docs/rules/norwegian.rst, norwegian-round-seven: a layout that is not three runs is refused as before, with the
    # step's reason: no three runs take every card (a set cannot take the place of a run)
    hand = "♠A ♠2 ♠3 ♠4 ♥5 ♥6 ♥7 ♥8 ♦9 ♥9 ♣9 ♠9"
    state = position(hands=[hand, "♣5 ♣6", "♣7 ♣8", "♣9 ♣10"], round=7, turn=9)
    error = refused(state, Layout.of("♠A ♠2 ♠3 ♠4", "♥5 ♥6 ♥7 ♥8", "♦9 ♥9 ♣9 ♠9"))
    assert error.code == "no-meld-to-build"
    assert error.reason == (
        "Meld 1 (♠9 ♥9 ♦9 ♣9): No meld can be laid now: round 7 goes down only by going out, "
        "and no 3 runs take all 12 cards in hand."
    )
    # In the draw phase the phase is the reason, whatever the layout.
    drawing = position(hands=[R7_HAND + " ♣K", "♣5 ♣6", "♣7 ♣8", "♣9 ♣10"], round=7, turn=9, phase="draw")
    with pytest.raises(IllegalActionError) as info:
        drawing.lay("♠A ♠2 ♠3 ♠4", "♥5 ♥6 ♥7 ♥8", "♦9 ♦10 ♦J ♦Q")
    assert info.value.code == "wrong-phase"


@pytest.mark.rule("norwegian-round-seven")
def test_round_seven_is_three_runs_only() -> None:
    # docs/rules/norwegian.rst, norwegian-round-seven: The seven contracts: round 7 is 3 runs; a set cannot take the place of a run
    hand = "♠A ♠2 ♠3 ♠4 ♥5 ♥6 ♥7 ♥8 ♦9 ♥9 ♣9 ♠9"
    state = position(hands=[hand, "♣5 ♣6", "♣7 ♣8", "♣9 ♣10"], round=7, turn=9)
    assert not any(isinstance(a, LayDown) for a in state.legal_actions())
    refused(state, Layout.of("♠A ♠2 ♠3 ♠4", "♥5 ♥6 ♥7 ♥8", "♦9 ♥9 ♣9 ♠9"))


@pytest.mark.rule("norwegian-contracts")
def test_round_seven_turn_that_does_not_go_out_ends_with_a_discard() -> None:
    # docs/rules/norwegian.rst, norwegian-contracts: The seven contracts: a round-7 turn that does not go out ends with a discard as usual
    state = position(hands=[R7_HAND + " ♣K", "♣5 ♣6", "♣7 ♣8", "♣9 ♣10"], round=7, turn=9)
    after = state.apply(Discard("♣K"))
    assert (after.round, after.phase, after.current_player, after.turn) == (7, "draw", 1, 10)
    assert after.results == ()


@pytest.mark.rule("norwegian-buying")
def test_round_seven_hand_enlarged_by_buying_lays_longer_runs() -> None:
    # docs/rules/norwegian.rst, norwegian-buying: The seven contracts: a hand enlarged by buying may lay longer runs (nothing may stay)
    hand = "♠A ♠2 ♠3 ♠4 ♠5 ♥5 ♥6 ♥7 ♥8 ♥9 ♦9 ♦10 ♦J ♦Q"
    state = position(hands=[hand, "♣5 ♣6", "♣7 ♣8", "♣9 ♣10"], round=7, turn=9, buys={0: 1})
    layout = Layout.of("♠A ♠2 ♠3 ♠4 ♠5", "♥5 ♥6 ♥7 ♥8 ♥9", "♦9 ♦10 ♦J ♦Q")
    assert lay_melds(state, layout).results[-1].went_out == 0


@pytest.mark.rule("norwegian-round-seven")
def test_round_seven_is_exempt_from_last_card_discard() -> None:
    # docs/rules/norwegian.rst, norwegian-round-seven: The seven contracts: round 7 goes out by laying everything, even with the option
    # "last card must be discarded"
    state = position(variant("last card must be discarded"), hands=[R7_HAND, "♣5", "♣7", "♣9"], round=7)
    layout = Layout.of("♠A ♠2 ♠3 ♠4", "♥5 ♥6 ♥7 ♥8", "♦9 ♦10 ♦J ♦Q")
    assert lay_melds(state, layout).results[-1].went_out == 0


@pytest.mark.rule("norwegian-contracts")
def test_laying_everything_in_rounds_one_to_six_ends_the_round() -> None:
    # docs/rules/norwegian.rst, norwegian-contracts: The seven contracts: in rounds 1-6 laying down all your cards ends the round without
    # a discard [decision]
    state = position(hands=["♠9 ♥9 ♦9 ♥4 ♦4 ♣4", "♣5 ♣6", "♣7", "JK"], round=1, dealer=3)
    after = lay_melds(state, Layout.of("♠9 ♥9 ♦9", "♥4 ♦4 ♣4"))
    result = after.results[-1]
    assert (result.round, result.went_out, result.points) == (1, 0, (0, 11, 7, 50))
    assert after.round == 2 and after.dealer == 0


@pytest.mark.rule("norwegian-contracts")
def test_laying_off_the_last_card_ends_the_round() -> None:
    # docs/rules/norwegian.rst, norwegian-contracts: The seven contracts: laying down all your cards (contract and lay-offs) ends the round
    state = position(hands=["♠10", "♣5 ♣6", "♣7", "♣8"], table=["♠6 ♠7 ♠8 ♠9"], round=3, down={0: 1}, turn=5)
    after = state.apply(LayOff("♠10", 0))
    assert after.results[-1].went_out == 0 and after.results[-1].points == (0, 11, 7, 8)
    assert after.round == 4


@pytest.mark.rule("norwegian-contracts")
def test_last_card_must_be_discarded_option() -> None:
    # docs/rules/norwegian.rst, norwegian-contracts: The seven contracts: option last card must be discarded
    ruleset = variant("last card must be discarded")
    state = position(ruleset, hands=["♠9 ♥9 ♦9 ♥4 ♦4 ♣4", "♣5", "♣7", "♣8"], round=1)
    assert not any(isinstance(a, LayDown) for a in state.legal_actions())
    assert refused(state, Layout.of("♠9 ♥9 ♦9", "♥4 ♦4 ♣4")).code == "contract-unreachable"
    off = position(ruleset, hands=["♠10", "♣5", "♣7", "♣8"], table=["♠6 ♠7 ♠8 ♠9"], down={0: 1}, turn=5)
    assert strs(off.legal_actions()) == ["discard ♠10"]
    assert illegal(off, LayOff("♠10", 0)).code == "must-discard-last"
    assert off.apply("discard ♠10").results[-1].went_out == 0
    # With a card to spare the contract goes down, and the discard of the last card goes out.
    spare = position(ruleset, hands=["♠9 ♥9 ♦9 ♥4 ♦4 ♣4 ♣K", "♣5", "♣7", "♣8"], round=1)
    down = lay_melds(spare, Layout.of("♠9 ♥9 ♦9", "♥4 ♦4 ♣4"))
    assert down.results == ()
    assert down.apply("discard ♣K").results[-1].went_out == 0


@pytest.mark.rule("shared-going-out")
def test_going_out_by_discarding_ends_the_round_at_once() -> None:
    # docs/rules/index.rst, shared-going-out: Concepts: going out: shedding the last card ends the round at once; nobody plays
    state = position(
        hands=["♣K", "♣5 ♣6", "♣7", "♣8 ♠A"], round=2, dealer=3, down={0: 1}, turn=9, discard="♦2"
    )
    after = state.apply(Discard("♣K"))
    assert after.results[-1] == remi.RoundResult(2, 0, (0, 11, 7, 28), None)
    assert after.totals == (0, 11, 7, 28)
    assert (after.round, after.dealer, after.turn_player, after.phase, after.turn) == (3, 0, 1, "draw", 1)
    assert after.hand_sizes == (10,) * 4 and after.table == ()
    assert after.down == (-1,) * 4


@pytest.mark.rule("norwegian-scoring")
def test_going_out_ends_the_match_after_round_seven() -> None:
    # docs/rules/norwegian.rst, norwegian-scoring: Scoring: after 7 rounds the lowest total wins (the one who went out need not win)
    earlier = tuple(
        remi.RoundResult(r, 0, points) for r, points in enumerate([(100, 0, 30, 0), (0, 40, 30, 40)], start=1)
    )
    state = position(hands=["♣K", "♠K", "♠2", "♠A"], round=7, down={0: 1}, turn=5, results=earlier)
    assert state.totals == (100, 40, 60, 40)
    over = state.apply("discard ♣K")
    assert over.is_over and over.current_player == -1 and over.legal_actions() == []
    assert over.totals == over.scores == (100, 50, 62, 60)
    assert over.winners == (1,)
    assert len(over.results) == 3
    assert illegal(over, DrawStock()).code == "game-over"


@pytest.mark.rule("norwegian-scoring")
def test_tied_lowest_totals_share_the_win() -> None:
    # docs/rules/norwegian.rst, norwegian-scoring: Scoring: after 7 rounds the lowest total wins
    earlier = (remi.RoundResult(1, 0, (20, 0, 10, 0)),)
    over = position(hands=["♣K", "♠K", "♠A", "♠10"], round=7, results=earlier).apply("discard ♣K")
    assert over.totals == (20, 10, 30, 10)
    assert over.winners == (1, 3)


# =============================================================================================
# Stock runs out
# =============================================================================================


@pytest.mark.rule("norwegian-stock-runs-out")
def test_empty_stock_is_rebuilt_from_the_pile_less_its_top() -> None:
    # docs/rules/norwegian.rst, norwegian-stock-runs-out: Stock runs out: set the discard top aside, shuffle the rest into a new stock; the
    # set-aside card restarts the discard pile; play goes on
    state = position(hands=["♥2 ♥3", "♣5 ♣6", "♣7 ♣8", "♣9 ♣10"], phase="draw", discard="♦K", rest="discard")
    pile = state.discard
    assert state.stock == ()
    assert DrawStock() in state.legal_actions()
    after = state.apply(DrawStock())
    assert after.discard == cards("♦K")
    assert after.reshuffles == 1
    drawn = Counter(after.hands[0]) - Counter(state.hands[0])
    assert Counter(after.stock) + drawn == Counter(pile[:-1])
    assert after.stock != pile[:-2]  # shuffled, not just kept in order
    assert after.phase == "buy"  # play goes on, the top card is open to buyers
    after.check_invariants()


@pytest.mark.rule("shared-randomness")
def test_rebuilt_stock_is_seeded() -> None:
    # docs/rules/index.rst, shared-randomness: Concepts: all randomness comes from a seed
    def rebuilt(seed: int) -> tuple[Card, ...]:
        state = position(
            hands=["♥2", "♣5", "♣7", "♣9"], phase="draw", discard="♦K", rest="discard", seed=seed
        )
        return state.apply(DrawStock()).stock

    assert rebuilt(1) == rebuilt(1)
    assert len({rebuilt(seed) for seed in range(4)}) > 1


@pytest.mark.rule("norwegian-stock-runs-out")
def test_stock_empty_and_nothing_under_the_top_ends_the_round_with_no_winner() -> None:
    # docs/rules/norwegian.rst, norwegian-stock-runs-out: Stock runs out [decision]: an empty stock with nothing under the discard top ends the
    # round with no winner; everyone scores their hand
    state = position(hands=["♠2 ♥3", "♣5 ♣6", "♣7", "♣8"], discard="", rest=3, turn=7)
    after = state.apply(Discard("♠2"))
    # docs/rules/index.rst, shared-round-cannot-progress: the next seat may still take the top card
    assert after.round == 1 and after.legal_actions() == [TakeDiscard()]
    ended = idle_lap(after)
    result = ended.results[-1]
    assert result.went_out is None
    assert ended.round == 2


@pytest.mark.rule("norwegian-stock-runs-out")
def test_stock_and_pile_both_empty_after_heavy_buying() -> None:
    # docs/rules/norwegian.rst, norwegian-stock-runs-out: Stock runs out: stock and discard pile both empty before anyone goes out: the round
    # ends with no winner and everyone scores their hand
    state = position(
        hands=["♠2 ♥3", "♣5 ♣6", "♣7", "♣8"],
        phase="buy",
        queue=(1, 2, 3),
        discard="♥6",
        stock="♠5",
        rest=3,
        turn=7,
    )
    bought = state.apply(Buy())
    assert bought.stock == () and bought.discard == ()
    assert bought.hands[1] == sorted_hand("♣5 ♣6 ♠5 ♥6")
    assert (bought.phase, bought.current_player) == ("play", 0)
    # Both piles empty: nothing to draw, but the discard of ♥3 can still be taken, so play goes on
    # until a full lap passes with nothing laid (docs/rules/index.rst, shared-round-cannot-progress).
    after = bought.apply(Discard("♥3"))
    assert after.round == 1 and after.legal_actions() == [TakeDiscard()]
    ended = idle_lap(after)
    result = ended.results[-1]
    assert result.went_out is None


# =============================================================================================
# Scoring
# =============================================================================================


@pytest.mark.rule("norwegian-scoring")
def test_seed_example_64_and_36() -> None:
    # docs/rules/norwegian.rst, norwegian-scoring: Scoring: joker + ♥K + ♦4 = 64; ♠A + ♣8 + ♦8 = 36 [seed example]
    state = position(
        hands=["♣K", "JK ♥K ♦4", "♠A ♣8 ♦8", "♠2 ♥3 ♦4 ♣5 ♠6 ♥7 ♦8 ♣9 ♠10 ♥J ♦Q ♣K"], down={0: 1}, turn=3
    )
    result = state.apply("discard ♣K").results[-1]
    assert result.points == (0, 64, 36, 84)


@pytest.mark.rule("norwegian-scoring")
@pytest.mark.parametrize(
    "names, points",
    [
        ((), (0, 64, 36, 84)),
        (("five flat",), (0, 65, 30, 80)),
        (("joker and ace 15",), (0, 29, 31, 84)),
        (("five flat", "joker and ace 15"), (0, 30, 25, 80)),
    ],
)
def test_other_values_variants(names: tuple[str, ...], points: tuple[int, ...]) -> None:
    # docs/rules/norwegian.rst, norwegian-scoring: Scoring: variant other values: 5 flat for every 2-9; or joker and ace at 15
    ruleset = variant(*names)
    state = position(
        ruleset,
        hands=["♣K", "JK ♥K ♦4", "♠A ♣8 ♦8", "♠2 ♥3 ♦4 ♣5 ♠6 ♥7 ♦8 ♣9 ♠10 ♥J ♦Q ♣K"],
        down={0: 1},
        turn=3,
    )
    assert state.apply("discard ♣K").results[-1].points == points


@pytest.mark.rule("norwegian-melds")
def test_table_melds_do_not_count() -> None:
    # docs/rules/norwegian.rst, norwegian-melds: Scoring: the player who goes out scores 0; the others what is left in hand; melds on
    # the table do not count
    state = position(
        hands=["♣K", "♠3", "♥9 ♥9", "♣4"],
        table=["JK ♠K ♥K", "♠A ♠2 ♠3 ♠4", "♦10 ♦J ♦Q ♦K"],
        owners=[1, 1, 0],
        down={0: 1, 1: 1},
        turn=9,
    )
    after = state.apply("discard ♣K")
    assert after.results[-1].points == (0, 3, 18, 4)
    assert after.totals == (0, 3, 18, 4)


@pytest.mark.rule("norwegian-scoring")
def test_totals_accumulate_over_rounds() -> None:
    # docs/rules/norwegian.rst, norwegian-scoring: Scoring: the totals add up every round
    earlier = (remi.RoundResult(1, 2, (10, 20, 0, 5)), remi.RoundResult(2, 1, (1, 0, 2, 3)))
    state = position(hands=["♣K", "♠3", "♥9", "♣4"], round=3, results=earlier)
    after = state.apply("discard ♣K")
    assert after.totals == (11, 23, 11, 12)
    assert [r.round for r in after.results] == [1, 2, 3]


# =============================================================================================
# Variants: Liverpool cut
# =============================================================================================

CUT = variant("liverpool cut")


def cut_outcomes(seeds: range) -> dict[int, int]:
    return {seed: remi.new_game(CUT, 4, seed=seed).apply(Cut()).cut_bonus_seat for seed in seeds}


@pytest.mark.rule("norwegian-liverpool-cut")
def test_liverpool_cut_before_the_deal_by_the_seat_right_of_the_dealer() -> None:
    # docs/rules/norwegian.rst, norwegian-liverpool-cut: Further variants: Liverpool cut: the player right of the dealer cuts before the deal
    for dealer in range(4):
        state = remi.new_game(CUT, 4, seed=1, dealer=dealer)
        assert state.phase == "cut"
        assert state.current_player == (dealer - 1) % 4
        assert state.legal_actions() == [Cut()]
        assert state.hand_sizes == (0, 0, 0, 0)
        assert illegal(state, DrawStock()).code == "wrong-phase"
        dealt = state.apply(Cut())
        assert dealt.phase == "draw"
        assert dealt.current_player == (dealer + 1) % 4
        assert dealt.hand_sizes == (10,) * 4 and len(dealt.discard) == 1
        assert dealt.cut_bonus_seat in (-1, (dealer - 1) % 4)
    # Every round is cut, by the seat right of that round's dealer.
    round2 = next_round(CUT, 1, dealer=0)
    assert (round2.phase, round2.dealer, round2.current_player) == ("cut", 1, 0)


@pytest.mark.rule("norwegian-liverpool-cut")
def test_liverpool_cut_exact_or_not_is_seeded() -> None:
    # docs/rules/norwegian.rst, norwegian-liverpool-cut: Further variants: Liverpool cut: an exact cut earns the bonus (a seeded chance outcome)
    outcomes = cut_outcomes(range(60))
    exact = [seed for seed, seat in outcomes.items() if seat == 3]
    inexact = [seed for seed, seat in outcomes.items() if seat == -1]
    assert exact and inexact
    assert set(outcomes.values()) == {-1, 3}
    assert cut_outcomes(range(exact[0], exact[0] + 1)) == {exact[0]: 3}
    assert cut_outcomes(range(inexact[0], inexact[0] + 1)) == {inexact[0]: -1}


@pytest.mark.rule("norwegian-liverpool-cut")
def test_liverpool_cut_exact_means_the_deal_plus_upcard() -> None:
    # docs/rules/norwegian.rst, norwegian-liverpool-cut: Further variants: Liverpool cut: cutting exactly the cards to be dealt plus the upcard
    # earns -50. With a stacked pack in its fixed order, the cut depth can be read off the stock.
    pack = list(make_pack(2, 9))
    depths: dict[int, int] = {}
    for seed in range(40):
        state = remi.new_game(CUT, 4, seed=seed, pack=pack).apply(Cut())
        found = [k for k in range(1, 113) if tuple((pack[-k:] + pack[:-k])[: 113 - 41]) == state.stock]
        assert len(found) == 1
        k = found[0]
        assert abs(k - 41) <= 5
        assert (state.cut_bonus_seat == 3) == (k == 41)
        depths[seed] = k
    assert 41 in depths.values() and len(set(depths.values())) > 2


@pytest.mark.rule("norwegian-liverpool-cut")
def test_liverpool_cut_bonus_scores_minus_50() -> None:
    # docs/rules/norwegian.rst, norwegian-liverpool-cut: Further variants: Liverpool cut: an exact cut earns -50 points
    state = position(CUT, hands=["♣K", "♠3", "♥9", "♣4"], dealer=3, cut_bonus_seat=2, down={0: 1})
    result = state.apply("discard ♣K").results[-1]
    assert result.points == (0, 3, 9 - 50, 4)
    assert result.cut_bonus == 2
    # The cutter going out scores the bonus alone.
    state = position(CUT, hands=["♣K", "♠3", "♥9", "♣4"], dealer=1, cut_bonus_seat=0, down={0: 1})
    assert state.apply("discard ♣K").results[-1].points == (-50, 3, 9, 4)


@pytest.mark.rule("norwegian-liverpool-cut")
def test_liverpool_cut_seed_scan_to_bonus_at_round_end() -> None:
    # docs/rules/norwegian.rst, norwegian-liverpool-cut: Further variants: Liverpool cut: the exact cut found by seed shows in the round result
    seed = next(s for s, seat in cut_outcomes(range(60)).items() if seat == 3)
    dealt = remi.new_game(CUT, 4, seed=seed).apply(Cut())
    data = dealt.to_dict()
    assert data["cut_bonus_seat"] == 3
    # Play the round out with a turn cap so it ends with no winner; the bonus is in the result.
    capped = GameState.from_dict({**data, "ruleset": attrs.evolve(CUT, max_turns_per_round=1).to_dict()})
    state = capped.apply(DrawStock())
    while state.phase == "buy":
        state = state.apply(Pass())
    hand = state.hands[1]
    state = state.apply(Discard(hand[0]))
    result = state.results[-1]
    assert result.went_out is None and result.cut_bonus == 3
    assert result.points[3] == hand_value(dealt.hands[3], CUT) - 50
    assert state.cut_bonus_seat == -1 and state.phase == "cut"  # the next round is cut afresh


# =============================================================================================
# Variants: Shanghai
# =============================================================================================

SH = variant("shanghai")


def shanghai_position(**kw: Any) -> GameState:
    options: dict[str, object] = {
        "hands": ["♠9 ♥2 ♥3", "♣2 ♣3 ♣4", "♦2", "♦5 ♦6"],
        "table": ["♠5 ♠6 ♠7 ♠8"],
        "owners": [1],
        "down": {1: 1},
        "turn": 6,
        "discard": "♥K",
    }
    options.update(kw)
    return position(SH, **options)  # type: ignore[arg-type]


@pytest.mark.rule("norwegian-shanghai")
def test_shanghai_window_after_a_discard_that_fits_a_table_meld() -> None:
    # docs/rules/norwegian.rst, norwegian-shanghai: Further variants: Shanghai: when a player discards a card that could be laid off, the
    # others may call [decision: in turn order after the discarder; seats with 2+ cards]
    state = shanghai_position()
    after = state.apply(Discard("♠9"))
    assert after.phase == "shanghai"
    assert after.shanghai_from == 0
    assert after.queue == (1, 3)  # seat 2 holds one card and cannot give one blind
    assert after.current_player == 1 and after.turn_player == 0
    assert strs(after.legal_actions()) == ["pass", "shanghai 0"]
    assert illegal(after, DrawStock()).code == "wrong-phase"


@pytest.mark.rule("norwegian-shanghai")
@pytest.mark.parametrize("discarder, order", [(0, (1, 3)), (1, (3, 0)), (3, (0, 1))])
def test_shanghai_callers_in_turn_order_after_the_discarder(discarder: int, order: tuple[int, ...]) -> None:
    # docs/rules/norwegian.rst, norwegian-shanghai: Further variants: Shanghai [decision]: callers are asked in turn order after the
    # discarder (seat 2 holds one card and is never asked)
    hands = ["♥2 ♥3", "♣2 ♣3 ♣4", "♦2", "♦5 ♦6"]
    hands[discarder] += " ♠9"
    state = shanghai_position(hands=hands, turn_player=discarder)
    after = state.apply(Discard("♠9"))
    assert after.phase == "shanghai" and after.queue == order


@pytest.mark.rule("norwegian-shanghai")
def test_no_shanghai_window_for_a_card_that_fits_nothing() -> None:
    # docs/rules/norwegian.rst, norwegian-shanghai: Further variants: Shanghai: only a card that could be laid off opens the window
    after = shanghai_position().apply(Discard("♥2"))
    assert (after.phase, after.current_player) == ("draw", 1)


@pytest.mark.rule("norwegian-shanghai")
def test_no_shanghai_without_the_variant() -> None:
    # docs/rules/norwegian.rst, norwegian-shanghai: Further variants: Shanghai is off in the preset
    state = shanghai_off()
    assert Discard("♠9", True) not in state.legal_actions()  # and it is no-shanghai (a row of REFUSALS)
    assert state.apply(Discard("♠9")).phase == "draw"


@pytest.mark.rule("norwegian-shanghai")
def test_shanghai_call_lays_the_card_and_the_discarder_draws_blind() -> None:
    # docs/rules/norwegian.rst, norwegian-shanghai: Further variants: Shanghai: the caller lays the card there, and the discarder draws
    # one card blind from the caller's hand; then the next player's turn
    window = shanghai_position().apply(Discard("♠9")).apply(Pass())
    assert window.current_player == 3
    after = window.apply(CallShanghai(0))
    assert after.table[0] == remi.parse_meld("♠5 ♠6 ♠7 ♠8 ♠9")
    assert after.discard == cards("♥K")
    assert len(after.hands[3]) == 1
    given = Counter(window.hands[3]) - Counter(after.hands[3])
    assert sum(given.values()) == 1 and set(given) <= {Card("♦5"), Card("♦6")}
    assert after.hands[0] == sorted_hand([Card("♥2"), Card("♥3"), *given.elements()])
    assert (after.phase, after.turn_player, after.current_player) == ("draw", 1, 1)
    after.check_invariants()


@pytest.mark.rule("norwegian-shanghai")
def test_shanghai_blind_draw_is_seeded() -> None:
    # docs/rules/norwegian.rst, norwegian-shanghai: Further variants: Shanghai [decision]: the blind draw is a chance outcome (seeded)
    def blind(seed: int) -> tuple[Card, ...]:
        state = shanghai_position(seed=seed, hands=["♠9 ♥2 ♥3", "♣2 ♣3 ♣4 ♣5 ♣6 ♣7", "♦2", "♦5 ♦6"])
        after = state.apply(Discard("♠9")).apply(CallShanghai(0))
        return tuple(after.hands[0])

    assert blind(3) == blind(3)
    assert len({blind(seed) for seed in range(12)}) > 1


@pytest.mark.rule("norwegian-shanghai")
def test_shanghai_all_pass_goes_to_the_next_player() -> None:
    # docs/rules/norwegian.rst, norwegian-shanghai: Further variants: Shanghai [decision]: callers asked in turn order; all pass: play on
    state = shanghai_position().apply(Discard("♠9")).apply(Pass()).apply(Pass())
    assert (state.phase, state.current_player, state.discard_top) == ("draw", 1, Card("♠9"))


@pytest.mark.rule("norwegian-shanghai")
def test_shanghai_protected_discard_opens_no_window() -> None:
    # docs/rules/norwegian.rst, norwegian-shanghai: Further variants: Shanghai: a discarder who calls Shanghai while discarding protects it
    state = shanghai_position()
    assert Discard("♠9", True) in state.legal_actions()
    after = state.apply("discard ♠9 shanghai")
    assert (after.phase, after.current_player, after.discard_top) == ("draw", 1, Card("♠9"))
    # Nothing to protect: a card that fits nothing.
    assert (
        Discard("♥2", True) not in state.legal_actions()
    )  # and it is shanghai-pointless (a row of REFUSALS)


@pytest.mark.rule("shared-going-out")
def test_shanghai_no_window_when_the_discard_goes_out() -> None:
    # docs/rules/index.rst, shared-going-out: Concepts: going out ends the round at once; nobody plays after it
    state = shanghai_position(hands=["♠9", "♣2 ♣3 ♣4", "♦2", "♦5 ♦6"], down={0: 1, 1: 1})
    after = state.apply(Discard("♠9"))
    assert after.results[-1].went_out == 0 and after.round == 2


# =============================================================================================
# Variants: ♠2 wild, same-suit runs
# =============================================================================================

TWOS = variant("spade twos wild")


@pytest.mark.rule("norwegian-spade-twos-wild")
def idle_lap(state: GameState) -> GameState:
    """Every seat takes the discard top and throws it back until the round ends (at most two laps)."""
    start = state.round
    for _ in range(2 * state.players + 1):
        if state.round != start:
            return state
        state = state.apply(TakeDiscard())
        taken = state.taken
        assert taken is not None
        state = state.apply(Discard(taken))
    assert state.round != start, "the round did not end after a full lap of idle turns"
    return state


def test_spade_twos_wild_pack_has_no_jokers() -> None:
    # docs/rules/norwegian.rst, norwegian-spade-twos-wild: Further variants: ♠2 wild: no jokers; both ♠2s are the only wild cards
    seen = all_cards(remi.new_game(TWOS, 4, seed=2))
    assert seen[JOKER] == 0
    assert sum(seen.values()) == 104
    assert seen[Card("♠2")] == 2


@pytest.mark.rule("norwegian-spade-twos-wild")
def test_spade_two_may_stand_as_wild() -> None:
    # docs/rules/norwegian.rst, norwegian-spade-twos-wild: Further variants: ♠2 wild: a ♠2 is wild
    state = position(TWOS, hands=["♥7 ♦7 ♠2 ♣9 ♥9 ♦9 ♣K", "♣5", "♣6", "♣8"], round=1)
    layout = Layout.of(remi.parse_meld("♥7 ♦7 ♠2=7", TWOS), "♣9 ♥9 ♦9")
    melds = lay_melds(state, layout).table
    assert sorted(m.wild_count for m in melds) == [0, 1]
    # Without the variant the ♠2 is an ordinary card.
    plain = position(hands=["♥7 ♦7 ♠2 ♣9 ♥9 ♦9 ♣K", "♣5", "♣6", "♣8"], round=1)
    assert not any(isinstance(a, LayDown) for a in plain.legal_actions())


@pytest.mark.rule("norwegian-spade-twos-wild")
def test_spade_two_may_stand_as_itself() -> None:
    # docs/rules/norwegian.rst, norwegian-spade-twos-wild: Further variants: ♠2 wild: the ♠2s may also stand as themselves [decision]
    state = position(TWOS, hands=["♠A ♠2 ♠3 ♠4 ♥9 ♦9 ♣9 ♣K", "♣5", "♣6", "♣8"], round=2)
    lays = whole_layouts(state)
    natural = [a for a in lays if all(m.wild_count == 0 for m in a.melds)]
    assert natural
    run = next(m for m in lay_melds(state, natural[0]).table if m.kind == "run")
    assert run.cards == cards("♠A ♠2 ♠3 ♠4") and run.wild == (False,) * 4


@pytest.mark.rule("norwegian-spade-twos-wild")
def test_spade_two_held_scores_50() -> None:
    # docs/rules/norwegian.rst, norwegian-spade-twos-wild: Further variants: ♠2 wild: the ♠2s score as jokers when held [decision]
    state = position(TWOS, hands=["♣K", "♠2", "♠2 ♥2", "♣4"], down={0: 1})
    assert state.apply("discard ♣K").results[-1].points == (0, 50, 52, 4)


@pytest.mark.rule("norwegian-spade-twos-wild")
def test_spade_two_in_a_run_may_be_swapped() -> None:
    # docs/rules/norwegian.rst, norwegian-spade-twos-wild: Jokers on the table: a wild card in a run may be swapped (♠2 wild variant)
    state = position(
        TWOS, hands=["♥6 ♣2 ♣3", "♣5", "♣6", "♣8"], table=["♥5 ♠2=♥6 ♥7 ♥8"], down={0: 1}, turn=5
    )
    assert SwapJoker("♥6", 0) in state.legal_actions()
    after = state.apply(SwapJoker("♥6", 0))
    assert after.pending == (Card("♠2"),)
    assert illegal(after, Discard("♣2")).code == "joker-pending"


@pytest.mark.rule("norwegian-contracts")
@pytest.mark.parametrize(
    "runs, apart",
    [
        (("♣3 ♣4 ♣5 ♣6", "♣7 ♣8 ♣9 ♣10"), False),  # would join into one run
        (("♣3 ♣4 ♣5 ♣6", "♣8 ♣9 ♣10 ♣J"), True),  # a gap
        (("♣3 ♣4 ♣5 ♣6", "♣5 ♣6 ♣7 ♣8"), True),  # overlap (two decks)
        (("♣3 ♣4 ♣5 ♣6", "♥7 ♥8 ♥9 ♥10"), True),  # other suit
    ],
)
def test_same_suit_runs_variant(runs: tuple[str, str], apart: bool) -> None:
    # docs/rules/norwegian.rst, norwegian-contracts: The seven contracts: variant same-suit runs: two runs of one suit must overlap in rank
    # or have a gap between them
    hand = " ".join(runs) + " ♥K"
    layout = Layout.of(*runs)
    plain = position(hands=[hand, "♦5", "♦6", "♦8"], round=3)
    assert offers(plain, layout)
    strict = position(variant("same-suit runs"), hands=[hand, "♦5", "♦6", "♦8"], round=3)
    assert offers(strict, layout) == apart
    if not apart:
        assert refused(strict, layout).code in ("runs-touch", "contract-unreachable")


# =============================================================================================
# Whole games: the rules hold all the way
# =============================================================================================


@pytest.mark.rule("norwegian-variants")
@pytest.mark.parametrize(
    "names, players",
    [
        ((), 4),
        (("shanghai", "liverpool cut"), 3),
        (("twelve cards", "spade twos wild"), 5),
        (("six players",), 6),
    ],
)
def test_random_games_keep_the_invariants(names: tuple[str, ...], players: int) -> None:
    # docs/rules/norwegian.rst, norwegian-variants: Norwegian Remi: a whole match (7 rounds) of random legal play keeps every invariant
    ruleset = attrs.evolve(variant(*names), max_turns_per_round=40)
    rng = random.Random(players)
    state = remi.new_game(ruleset, players, seed=players)
    rounds_seen = {state.round}
    for _ in range(5000):
        if state.is_over:
            break
        actions = state.legal_actions()
        assert actions
        # Prefer going down and laying off, so rounds also end by going out.
        preferred = [a for a in actions if isinstance(a, (LayDown, LayOff))]
        action = rng.choice(preferred or actions)
        state = state.apply(action)
        rounds_seen.add(state.round)
        if state.phase == "draw":
            state.check_invariants()
    assert state.is_over
    assert rounds_seen == set(range(1, 8))
    assert len(state.results) == 7
    assert [r.round for r in state.results] == list(range(1, 8))


@pytest.mark.rule("norwegian-jokers-on-table")
def test_swapped_joker_can_always_still_be_played() -> None:
    # docs/rules/norwegian.rst, norwegian-jokers-on-table: Jokers on the table: the swapped joker must be played again in the same turn, so the
    # turn may never reach a point where it cannot be (and the player may not be left without a move)
    state = position(
        hands=["♠3 ♠A ♥5", "♣9", "♣2", "♣3"],
        table=["♠2 JK=♠3 ♠4 ♠5 ♠6 ♠7 ♠8 ♠9 ♠10 ♠J ♠Q ♠K"],
        owners=[1],
        down={0: 1, 1: 1},
        turn=5,
    )
    swapped = state.apply(SwapJoker("♠3", 0))
    assert swapped.pending == (JOKER,)
    for action in swapped.legal_actions():
        after = swapped.apply(action)
        assert after.is_over or after.legal_actions(), f"no legal action after {action}"


@pytest.mark.rule("norwegian-jokers-on-table")
def test_swapped_joker_never_strands_the_last_card_discard_variant() -> None:
    # docs/rules/norwegian.rst, norwegian-jokers-on-table: Jokers on the table + option last card must be discarded: the freed joker must be
    # played again the same turn and the turn must still end with a discard
    ruleset = variant("last card must be discarded")
    state = position(
        ruleset,
        hands=["♠3 ♥2", "♣9 ♣8", "♣2 ♣3", "♦3 ♦4"],
        table=["♠2 JK ♠4 ♠5", "♥3 ♥4 ♥5 ♥6"],
        owners=[1, 1],
        down={0: 1, 1: 1},
        turn=5,
    )
    swapped = state.apply(SwapJoker("♠3", 0))
    for action in swapped.legal_actions():
        after = swapped.apply(action)
        assert after.is_over or after.legal_actions(), f"no legal action after {action}"


@pytest.mark.rule("norwegian-equipment")
def test_one_joker_fewer_than_players_at_six_players() -> None:
    # docs/rules/norwegian.rst, norwegian-equipment: Equipment and players: one joker fewer than the number of players; 6 players (variant)
    ruleset = variant("six players", "one joker fewer than players")
    assert all_cards(remi.new_game(ruleset, 6, seed=1))[JOKER] == 5


@pytest.mark.rule("norwegian-spade-twos-wild")
def test_spade_twos_wild_with_six_players() -> None:
    # docs/rules/norwegian.rst, norwegian-spade-twos-wild: Further variants: all are options; ♠2 wild (no jokers) with six players (third deck)
    ruleset = variant("spade twos wild", "six players")
    seen = all_cards(remi.new_game(ruleset, 6, seed=1))
    assert seen[JOKER] == 0 and sum(seen.values()) == 156


# =============================================================================================
# A stacked pack: new_game(pack=...), the one seam into the seeded shuffle
# =============================================================================================


@pytest.mark.rule("shared-randomness")
@pytest.mark.parametrize(
    "ruleset", [N, CUT, remi.SWEDISH, remi.GIN], ids=["norwegian", "cut", "swedish", "gin"]
)
def test_a_stacked_pack_in_the_seeds_order_is_the_seeded_game(ruleset: remi.Ruleset) -> None:
    # docs/rules/index.rst, shared-randomness: the first deal's shuffle is the seed's; a stacked pack in
    # exactly that order gives the very same game (the seam changes nothing else).
    players = max(ruleset.min_players, 2)
    for seed in range(3):
        pack = list(make_pack(*ruleset.pack_for(players)))
        random.Random(f"remi:{seed}:1:deal").shuffle(pack)
        stacked = remi.new_game(ruleset, players, seed=seed, pack=pack)
        assert stacked == remi.new_game(ruleset, players, seed=seed)
        assert remi.new_game(ruleset, players, seed=seed, pack=" ".join(map(str, pack))) == stacked


@pytest.mark.rule("shared-randomness")
def test_a_stacked_pack_deals_only_the_first_round() -> None:
    # docs/rules/index.rst, shared-randomness: the next deal is shuffled from the seed again, as in
    # the same game started without a stacked pack.
    capped = attrs.evolve(N, max_turns_per_round=1)
    stacked = remi.new_game(capped, 4, seed=5, pack=make_pack(2, 9))
    plain = remi.new_game(capped, 4, seed=5)
    assert stacked.hands != plain.hands
    ends = []
    for state in (stacked, plain):
        while state.round == 1:  # draw, pass on buying, discard: the turn cap ends the round
            legal = state.legal_actions()
            state = state.apply(
                next((a for a in legal if isinstance(a, (remi.Discard, remi.Pass))), legal[0])
            )
        ends.append(state)
    assert ends[0].hands == ends[1].hands and ends[0].stock == ends[1].stock


@pytest.mark.rule("shared-randomness")
@pytest.mark.parametrize(
    "pack, code, words",
    [
        (list(make_pack(2, 9))[1:], "bad-pack", "the 112 given lacks ♠A."),
        ([*make_pack(2, 9), Card("♠A")], "bad-pack", "has besides ♠A"),
        (list(make_pack(2, 8)), "bad-pack", "the 112 given lacks JK"),
        (list(make_pack(1, 0)), "bad-pack", "113 cards of Norwegian Remi's pack for 4 players"),
        ("♠A ♠X", "unknown-card", "♠X"),
    ],
)
def test_a_stacked_pack_must_be_the_games_pack(pack: object, code: str, words: str) -> None:
    # docs/errors.rst, bad-pack: the pack given is exactly the game's, else refused, quoting the difference.
    with pytest.raises(remi.RemiError) as info:
        remi.new_game(N, 4, seed=1, pack=pack)  # type: ignore[arg-type]
    assert info.value.code == code and words in info.value.reason


def test_a_stacked_pack_of_the_wrong_type_is_a_type_error() -> None:
    # README: a wrong Python type gets a TypeError naming the argument.
    with pytest.raises(TypeError, match="pack must be card text or an iterable of cards"):
        remi.new_game(N, 4, seed=1, pack=3)  # type: ignore[arg-type]


# =============================================================================================
# Refusals: rows of position, action, code and rule (tests/table_rows.py)
# =============================================================================================

CONTRACTS = pytest.mark.rule("norwegian-contracts")
DEAL_AND_TURN = pytest.mark.rule("norwegian-deal-and-turn")
BUYING = pytest.mark.rule("norwegian-buying")
JOKERS_ON_TABLE = pytest.mark.rule("norwegian-jokers-on-table")
SHANGHAI = pytest.mark.rule("norwegian-shanghai")


def contract_not_down() -> GameState:
    """Round 1, seat 0 not down, holding ♠9 that fits seat 1's ♠5 ♠6 ♠7 ♠8."""
    hand = "♠9 ♥9 ♦9 ♥4 ♦4 ♣4 ♣9 ♣2"
    return position(
        hands=[hand, "♣5", "♣6", "♣7"], table=["♠5 ♠6 ♠7 ♠8"], owners=[1], round=1, down={1: 1}, turn=2
    )


def before_the_draw() -> GameState:
    """Seat 0 to draw, holding a contract."""
    return position(hands=["♠9 ♥9 ♦9 ♥4 ♦4 ♣4 ♣2", "♣5", "♣6", "♣7"], phase="draw", discard="♦9")


def buying_window() -> GameState:
    """Seat 0 drew ♠3 from the stock: the buying window is open."""
    return buying_position().apply(DrawStock())


def discard_pile_empty() -> GameState:
    """Seat 0 to draw with no discard pile."""
    return position(hands=["♥2 ♥3", "♣5 ♣6", "♣7 ♣8", "♣9 ♣10"], phase="draw", discard="")


def shanghai_off() -> GameState:
    """The preset (no Shanghai): seat 0 may discard ♠9, which fits ♠5 ♠6 ♠7 ♠8."""
    return position(hands=["♠9 ♥2 ♥3", "♣2 ♣3 ♣4", "♦2", "♦5 ♦6"], table=["♠5 ♠6 ♠7 ♠8"], owners=[1])


REFUSALS = [
    # refusal(rule, where, position, action, code[, the reason, or a part of it])
    refusal(CONTRACTS, "not down", contract_not_down, LayOff("♠9", 0), "contract-not-down"),
    refusal(DEAL_AND_TURN, "before the draw", before_the_draw, Discard("♣2"), "wrong-phase"),
    refusal(DEAL_AND_TURN, "before the draw", before_the_draw, LayDown.of("♠9 ♥9 ♦9"), "wrong-phase"),
    refusal(BUYING, "buying window", buying_window, Discard("♣5"), "wrong-phase"),
    refusal(BUYING, "buying window", buying_window, LayDown.of("♣5 ♣6 ♣7 ♣8"), "wrong-phase"),
    refusal(BUYING, "no discard pile", discard_pile_empty, TakeDiscard(), "discard-empty"),
    refusal(JOKERS_ON_TABLE, "swap", swap_position, SwapJoker("♠6", 0), "not-in-hand"),
    refusal(SHANGHAI, "shanghai off", shanghai_off, Discard("♠9", True), "no-shanghai"),
    refusal(SHANGHAI, "shanghai", shanghai_position, Discard("♥2", True), "shanghai-pointless"),
]


@pytest.mark.parametrize(REFUSAL, REFUSALS)
def test_refused(state: Callable[[], GameState], action: str | remi.Action, code: str, reason: str) -> None:
    assert_refused(state, action, code, reason)
