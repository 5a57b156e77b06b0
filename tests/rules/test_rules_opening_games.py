"""docs/rules/slovenian.rst and kalooki.rst (Slovenian remi with a 51 opening, Kalooki), the rules of PLAYING:
the deal and the pack by table size, the starter's fifteenth card, the ten-card option, the
51-point opening, lay-offs and new melds after opening, joker swaps, going out (Kalooki's final
discard), scoring, the match to 500 and the rebuilt stock. Meld validity and opening arithmetic
on their own are tested elsewhere. Each test names its section."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from functools import partial
from typing import Any

import attrs
import pytest
from game_helpers import Layout, all_cards, illegal, position, sorted_hand, strs
from table_rows import REFUSAL, assert_refused, refusal

import remi
from remi import (
    Discard,
    DrawStock,
    GameState,
    LayDown,
    LayOff,
    RoundResult,
    SwapJoker,
    TakeDiscard,
    hand_value,
    make_pack,
)

SL = remi.SLOVENIAN
KA = remi.KALOOKI
#: Kalooki with the Norwegian rule for a swapped joker: it must be played again in the same turn.
KA_SAME = attrs.evolve(KA, swapped_joker_same_turn=True)
ABROAD = attrs.evolve(SL, hand_size_by_players=((2, 10),), starter_extra_card=False, upcard=True)


def pos(ruleset: remi.Ruleset = SL, players: int = 2, **kw: Any) -> GameState:
    """A checked position of a 51-opening game (``game_helpers.position``)."""
    return position(ruleset, players, **kw)


def legal(state: GameState, action: remi.Action | str) -> GameState:
    """Apply *action*, which must be offered by legal_actions; check the invariants after it."""
    act = remi.parse_action(action) if isinstance(action, str) else action
    assert act in state.legal_actions(), f"{act} not offered: {strs(state.legal_actions())}"
    assert state.is_legal(act) and state.why_illegal(act) is None
    after = state.apply(act)
    after.check_invariants()
    return after


def hand_text(*melds: str) -> str:
    """The cards of meld texts, without the ``=X`` annotations of jokers."""
    return " ".join(token.partition("=")[0] for meld in melds for token in meld.split())


def lay_downs(state: GameState) -> set[str]:
    return {str(a) for a in state.legal_actions() if isinstance(a, LayDown)}


def own_points(state: GameState, seat: int) -> int:
    """What *seat*'s melds on the table count toward an opening."""
    return sum(remi.meld_points(m, state.ruleset) for m, o in zip(state.table, state.owners) if o == seat)


def open_with(state: GameState, *melds: str) -> GameState:
    """Lay an opening meld by meld (one ``LayDown`` each), every step offered and legal.

    Until the last meld the opening is unfinished: the seat may not discard yet.
    """
    seat = state.turn_player
    for index, meld in enumerate(melds):
        state = legal(state, LayDown.of(meld))
        assert state.down[seat] == state.turn
        if index < len(melds) - 1:
            assert own_points(state, seat) < 51
            assert not any(isinstance(a, Discard) for a in state.legal_actions())
    assert own_points(state, seat) >= 51
    return state


def expected_lays(state: GameState) -> set[str]:
    """The single-meld lay-downs the rules allow the seat on turn, computed from the solver alone.

    Once open: every meld of the hand. Before (or during) the opening: every meld after which
    the melds left in hand can still bring the opening to 51 this turn, keeping a card for the
    final discard where going out needs one (Kalooki).
    """
    rules = state.ruleset
    seat = state.turn_player
    hand = list(state.hands[seat])
    have = own_points(state, seat)
    opened = state.down[seat] >= 0 and (state.down[seat] < state.turn or have >= 51)
    keep = rules.last_card_discard
    out = set()
    for meld in remi.candidate_melds(hand, rules):
        rest = list(hand)
        for card in meld.cards:
            rest.remove(card)
        if keep and not rest:
            continue
        need = 51 - have - remi.meld_points(meld, rules)
        if not opened and need > 0:
            rests = [rest[:i] + rest[i + 1 :] for i in range(len(rest))] if keep else [rest]
            if not any(remi.best_opening_points(r, rules) >= need for r in rests):
                continue
        out.add(str(LayDown((meld,))))
    return out


# -- positions: the tests and the refusal table share them -------------------------------------


def kings_and_queens() -> GameState:
    """Slovenian: seat 0 holds four queens, three kings and ♣2."""
    return pos(SL, hands={0: "♠Q ♥Q ♦Q ♣Q ♠K ♥K ♦K ♣2", 1: "♣J"})


def run_that_spoils_the_opening() -> GameState:
    """Slovenian: ♥10 ♥J ♥Q ♥K (40) would leave ♠Q ♦Q ♠K ♦K ♣2, which hold no meld."""
    return pos(SL, hands={0: "♥10 ♥J ♥Q ♥K ♠Q ♦Q ♠K ♦K ♣2", 1: "♣J"})


def forty_eight_points() -> GameState:
    """Slovenian, turn 5: a 30-point set and an 18-point run, 48 together."""
    return pos(SL, hands={0: "♠Q ♥Q ♦Q ♠5 ♠6 ♠7 ♣2", 1: "♣J"}, turn=5)


def two_melds_to_open(ruleset: remi.Ruleset) -> GameState:
    """Seat 0 holds ♠10 ♥10 ♦10 (30) and ♣6 ♣7 ♣8 (21), 51 in two melds; seat 1 has laid ♥4 ♥5 ♥6."""
    return pos(
        ruleset,
        hands={0: "♠10 ♥10 ♦10 ♣6 ♣7 ♣8 ♦2 ♦9", 1: "♣J"},
        table=["♥4 ♥5 ♥6"],
        owners=[1],
        down={1: 2},
        turn=3,
    )


def identical_cards(ruleset: remi.Ruleset) -> GameState:
    """Four players; seat 0 holds ♠5 ♠5 ♥5 and ♠K ♠K ♥K ♥K ♦K (two decks)."""
    return pos(ruleset, 4, hands={0: "♠5 ♠5 ♥5 ♠K ♠K ♥K ♥K ♦K ♦9", 1: "♣J", 2: "♣Q", 3: "♣K"})


def unopened_beside_melds(ruleset: remi.Ruleset) -> GameState:
    """Seat 0 has not opened; it holds ♥7 and ♣Q, which fit seat 1's melds, and ♠2 ♠3 ♠4."""
    return pos(
        ruleset,
        hands={0: "♥7 ♣Q ♠2 ♠3 ♠4", 1: "♣J"},
        table=["♥4 ♥5 ♥6", "♠Q ♥Q ♦Q"],
        owners=[1, 1],
        down={1: 2},
        turn=3,
    )


def opening_and_more(ruleset: remi.Ruleset) -> GameState:
    """Seat 0 holds an opening (♠10 ♥10 ♦10, ♣6 ♣7 ♣8), ♣9, ♥7 for seat 1's ♥4 ♥5 ♥6, and two runs."""
    return pos(
        ruleset,
        hands={0: "♠10 ♥10 ♦10 ♣6 ♣7 ♣8 ♣9 ♥7 ♠2 ♠3 ♠4 ♦2 ♦3 ♦4 ♦9", 1: "♣J"},
        table=["♥4 ♥5 ♥6"],
        owners=[1],
        down={1: 2},
        turn=3,
    )


def swap_or_open(ruleset: remi.Ruleset) -> GameState:
    """Seat 0 has not opened; it holds an opening, ♠3 for the run's joker and ♦Q for the set's."""
    return pos(
        ruleset,
        hands={0: "♠10 ♥10 ♦10 ♣6 ♣7 ♣8 ♠3 ♦Q ♦9", 1: "♣J"},
        table=["♠2 JK=♠3 ♠4 ♠5", "♠Q ♥Q JK"],
        owners=[1, 1],
        down={1: 2},
        turn=3,
    )


def joker_with_nowhere_to_go() -> GameState:
    """Slovenian, seat 0 open: ♦Q would free the joker of ♠Q ♥Q ♣Q JK, and no meld could take it back."""
    return pos(SL, hands={0: "♦Q ♦9", 1: "♣J"}, table=["♠Q ♥Q ♣Q JK"], owners=[1], down={0: 1, 1: 2}, turn=3)


def no_joker_swaps() -> GameState:
    """Slovenian without joker swaps; seat 0 is open and holds ♠3, which the run's joker stands for."""
    off = attrs.evolve(SL, joker_swap="none")
    return pos(
        off, hands={0: "♠3 ♦9", 1: "♣J"}, table=["♠2 JK=♠3 ♠4 ♠5"], owners=[1], down={0: 1, 1: 2}, turn=3
    )


def last_card_beside_a_joker() -> GameState:
    """Kalooki, seat 0 open with one card, ♦Q, which the set's joker stands for."""
    return pos(
        KA,
        hands={0: "♦Q", 1: "♣J ♠A"},
        table=["♠Q ♥Q JK", "♥4 ♥5 ♥6"],
        owners=[1, 1],
        down={0: 1, 1: 2},
        turn=3,
    )


def kalooki_open_holding(hand: str) -> GameState:
    """Kalooki, seat 0 open (its ♥4 ♥5 ♥6 on the table), holding *hand*."""
    return pos(KA, hands={0: hand, 1: "♣J"}, table=["♥4 ♥5 ♥6"], owners=[0], down={0: 1}, turn=3)


def unopened_swap() -> GameState:
    """Kalooki: the position ``_UNOPENED_SWAP`` (seat 0 not open, a swap it could not follow with 51)."""
    return GameState.from_position(_UNOPENED_SWAP)


def swap_that_takes_every_card() -> GameState:
    """Kalooki: after swapping ♠6 for the joker, the opening (60) would take every card."""
    return pos(
        KA,
        hands={0: "♠6 ♣J ♣Q ♥K ♦K ♠K", 1: "♣2"},
        table=["♠5 JK=♠6 ♠7"],
        owners=[1],
        down={1: 2},
        turn=5,
    )


def half_an_opening_and_a_swap(ruleset: remi.Ruleset) -> GameState:
    """Seat 0 has laid 30 of 51 this turn and holds ♠Q for the queens' joker, ♠K, a joker and ♦9."""
    return pos(
        ruleset,
        hands={0: "♠Q ♠K JK ♦9", 1: "♣2"},
        table=["♠10 ♥10 ♦10", "♥Q ♦Q JK"],
        owners=[0, 1],
        down={0: 5, 1: 2},
        turn=5,
    )


def opening_that_leaves_no_discard() -> GameState:
    """Kalooki: the kings and queens make 60, but laying both leaves no card for the final discard."""
    return position(KA, players=2, hands=["♠K ♥K ♦K ♠Q ♥Q ♦Q", "♣5 ♣6"], turn=3)


# -- the deal --------------------------------------------------------------------------------------


@pytest.mark.rule("slovenian-jokers", "slovenian-deal")
@pytest.mark.parametrize("players, decks, jokers", [(2, 1, 3), (3, 1, 3), (4, 2, 6), (5, 2, 6), (6, 2, 6)])
@pytest.mark.parametrize("dealer", [0, 1])
def test_slovenian_deal_and_pack_by_players(players: int, decks: int, jokers: int, dealer: int) -> None:
    # docs/rules/slovenian.rst, slovenian-jokers: Equipment: 2-3 players one deck + 3 jokers, 4-6 two decks + 6 jokers
    # docs/rules/slovenian.rst, slovenian-deal: Deal: 14 cards each, the starter (left of the dealer) 15, no upcard
    state = remi.new_game(SL, players=players, seed=11 + players, dealer=dealer)
    state.check_invariants()
    assert all_cards(state) == Counter(make_pack(decks, jokers))
    assert sum(all_cards(state).values()) == 52 * decks + jokers
    starter = (dealer + 1) % players
    assert state.dealer == dealer
    assert state.hand_sizes == tuple(15 if seat == starter else 14 for seat in range(players))
    assert state.discard == ()
    assert len(state.stock) == 52 * decks + jokers - 14 * players - 1
    assert (state.phase, state.turn_player, state.current_player, state.turn) == ("play", starter, starter, 1)


@pytest.mark.rule("slovenian-deal")
def test_slovenian_first_dealer_is_seat_0() -> None:
    # docs/rules/slovenian.rst, slovenian-deal: Deal: the starting player is left of the dealer; first dealer seat 0 [decision]
    for seed in range(5):
        state = remi.new_game(SL, players=4, seed=seed)
        assert state.dealer == 0 and state.current_player == 1 and state.hand_sizes[1] == 15


@pytest.mark.rule("kalooki-equipment")
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_kalooki_deal_and_pack(players: int) -> None:
    # docs/rules/kalooki.rst, kalooki-equipment: Two 52-card decks + 2 jokers = 106 cards; 13 cards each (an upcard, a normal draw)
    state = remi.new_game(KA, players=players, seed=5 + players)
    state.check_invariants()
    assert all_cards(state) == Counter(make_pack(2, 2))
    assert sum(all_cards(state).values()) == 106
    assert state.hand_sizes == (13,) * players
    assert len(state.discard) == 1 and len(state.stock) == 106 - 13 * players - 1
    assert (state.phase, state.current_player) == ("draw", 1)
    assert strs(state.legal_actions()) == ["draw", "take"]


@pytest.mark.rule("slovenian-deal")
def test_starter_first_turn_is_a_discard_without_drawing() -> None:
    # docs/rules/slovenian.rst, slovenian-deal: Deal: the starter gets 15 and starts by discarding, with no draw and no upcard
    state = remi.new_game(SL, players=3, seed=4)
    starter = state.current_player
    assert state.phase == "play"
    actions = state.legal_actions()
    assert not any(isinstance(a, DrawStock | TakeDiscard) for a in actions)
    assert {a.card for a in actions if isinstance(a, Discard)} == set(state.hands[starter])
    assert illegal(state, "draw").code == "wrong-phase"
    assert illegal(state, "take").code == "wrong-phase"
    card = state.hands[starter][-1]
    after = legal(state, Discard(card))
    nxt = (starter + 1) % 3
    assert after.hands[starter] == tuple(
        x for i, x in enumerate(state.hands[starter]) if i != len(state.hands[starter]) - 1
    )
    assert after.discard == (card,)
    assert (after.phase, after.current_player, after.turn) == ("draw", nxt, 2)
    assert strs(after.legal_actions()) == ["draw", "take"]
    taken = legal(after, "take")
    assert taken.hand_sizes[nxt] == 15 and card in taken.hands[nxt] and taken.discard == ()


@pytest.mark.rule("slovenian-deal")
def test_starter_wrong_phase_reason_does_not_say_drawn() -> None:
    # docs/rules/slovenian.rst, slovenian-deal: Deal: the starter has not drawn, so the reason should not say so
    state = remi.new_game(SL, players=3, seed=1)
    assert "has drawn" not in illegal(state, "draw").reason


@pytest.mark.rule("opening-51")
def test_starter_may_open_on_the_first_turn() -> None:
    # docs/rules/slovenian.rst, opening-51: Deal + Opening: the starter's first turn is a play turn, so he may open, then discards
    melds = ("♠10 ♥10 ♦10", "♣6 ♣7 ♣8")
    state = pos(
        SL,
        3,
        hands={
            0: "♥2 ♥5 ♦7 ♦J ♣K ♠3 ♠Q ♥A ♦3 ♣2 ♣3 ♣4 ♦K ♥9",
            1: hand_text(*melds) + " ♥3 ♥4 ♦2 ♦4 ♦5 ♦6 ♠4 ♠5 ♠6",
            2: "♥6 ♥7 ♥8 ♣10 ♥J ♥Q ♥K ♠7 ♠8 ♠9 ♠J ♠K ♣5 ♣9",
        },
        dealer=0,
        turn_player=1,
        turn=1,
    )
    assert state.hand_sizes == (14, 15, 14)
    assert lay_downs(state) == expected_lays(state) >= {str(LayDown.of(m)) for m in melds}
    after = open_with(state, *melds)
    assert after.down == (-1, 1, -1) and after.hand_sizes[1] == 9 and after.phase == "play"
    after = legal(after, "discard ♦2")
    assert after.current_player == 2 and after.phase == "draw"


@pytest.mark.rule("opening-one-meld-at-a-time")
def test_seeded_starters_get_their_openings_offered() -> None:
    # docs/rules/slovenian.rst, opening-one-meld-at-a-time: Opening: the starter's first turn offers, one meld at a time, every meld from
    #          which his 15 cards can still make a 51 opening this turn, and no other
    found = 0
    for seed in range(40):
        state = remi.new_game(SL, players=3, seed=seed)
        seat = state.current_player
        offers = [a for a in state.legal_actions() if isinstance(a, LayDown)]
        assert all(len(a.melds) == 1 for a in offers)
        assert {str(a) for a in offers} == expected_lays(state)
        hand = state.hands[seat]
        assert bool(offers) == (remi.best_opening_points(hand, SL) >= 51)
        assert bool(offers) == bool(remi.opening_layouts(hand, SL, limit=1))
        if offers:
            found += 1
            after = legal(state, offers[0])
            assert after.down[seat] == 1
            # the opening goes on meld by meld and can always be finished this turn
            while own_points(after, seat) < 51:
                assert illegal(after, Discard(after.hands[seat][0])).code == "opening-unfinished"
                lays = [a for a in after.legal_actions() if isinstance(a, LayDown)]
                assert lays and {str(a) for a in lays} == expected_lays(after)
                after = legal(after, lays[0])
            assert after.down[seat] == 1 and after.phase == "play"
            assert after.round > 1 or any(isinstance(a, Discard) for a in after.legal_actions())
    assert found >= 3


@pytest.mark.rule("slovenian-deal")
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_ten_cards_with_an_upcard_option(players: int) -> None:
    # docs/rules/slovenian.rst, slovenian-deal: Deal: option, 10 cards each with an upcard, as played abroad
    state = remi.new_game(ABROAD, players=players, seed=3, dealer=players - 1)
    state.check_invariants()
    assert state.hand_sizes == (10,) * players
    assert len(state.discard) == 1
    decks, jokers = (1, 3) if players < 4 else (2, 6)
    assert len(state.stock) == 52 * decks + jokers - 10 * players - 1
    assert (state.phase, state.current_player) == ("draw", 0)
    assert strs(state.legal_actions()) == ["draw", "take"]
    assert legal(state, "take").hand_sizes[0] == 11


# -- the opening -----------------------------------------------------------------------------------

OPENINGS = [
    # (ruleset, melds, points): an opening is accepted exactly when points >= 51
    (SL, ("♠10 ♥10 ♦10", "♣2 ♣3 ♣4 ♣5 ♣6"), 50),
    (SL, ("♠10 ♥10 ♦10", "♣6 ♣7 ♣8"), 51),
    # a joker counts as the card it stands for (a king: 10), not its 25 in hand
    (SL, ("♥K ♦K JK", "♠2 ♠3 ♠4 ♠5 ♠6"), 50),
    (SL, ("♥K ♦K JK", "♠6 ♠7 ♠8"), 51),
    (SL, ("♥10 ♦10 ♣10", "JK=♠A ♠2 ♠3"), 36),
    (SL, ("♠Q ♠K JK=♠A", "♥7 ♦7 ♣7"), 51),
    # the ace: 1 low in a run, otherwise 10 (Slovenian) or 11 (Kalooki)
    (SL, ("♠Q ♠K ♠A", "♥7 ♦7 ♣7"), 51),
    (SL, ("♠A ♥A ♦A", "♣6 ♣7 ♣8"), 51),
    (SL, ("♠A ♥A ♦A", "♣5 ♣6 ♣7"), 48),
    (SL, ("♥A ♥2 ♥3", "♠K ♦K ♣K", "♣2 ♣3 ♣4 ♣5"), 50),
    (KA, ("♠A ♥A ♦A", "♣5 ♣6 ♣7"), 51),
    (KA, ("♥A ♥2 ♥3", "♠K ♦K ♣K", "♣2 ♣3 ♣4 ♣5"), 50),
    (KA, ("♠Q ♠K ♠A", "♥5 ♦5 ♣5 ♠5"), 51),
    (KA, ("♠Q ♠K ♠A", "♥6 ♦6 ♣6"), 49),
    (KA, ("♥Q ♦Q JK", "JK=♠9 ♠10 ♠J"), 59),
]


@pytest.mark.rule("opening-51", "kalooki-opening")
@pytest.mark.parametrize("ruleset, melds, points", OPENINGS, ids=lambda v: getattr(v, "name", v))
def test_opening_needs_51_points_in_one_turn(
    ruleset: remi.Ruleset, melds: tuple[str, ...], points: int
) -> None:
    # docs/rules/slovenian.rst, opening-51: Opening: the first lay-down totals at least 51; jokers count as the card they stand for
    # docs/rules/kalooki.rst, kalooki-opening: Opening needs at least 51 points; ace 11 (1 low in a run)
    state = pos(ruleset, hands={0: hand_text(*melds) + " ♦9", 1: "♣J"}, turn=3)
    assert remi.check_opening(Layout.of(*melds).melds, ruleset).points == points
    assert sum(remi.meld_points(m, ruleset) for m in Layout.of(*melds).melds) == points
    assert illegal(state, Layout.of(*melds)).code == "one-meld-at-a-time"
    assert lay_downs(state) == expected_lays(state)
    if points >= 51:
        after = open_with(state, *melds)
        assert after.down == (3, -1)
        assert after.hands[0] == sorted_hand("♦9") and after.owners == (0,) * len(melds)
        assert after.phase == "play" and "discard ♦9" in strs(after.legal_actions())
    else:
        # the hand holds nothing better: no meld can start an opening
        assert remi.best_opening_points(state.hands[0], ruleset) < 51
        assert lay_downs(state) == set()
        for meld in melds:
            err = illegal(state, LayDown.of(meld))
            assert err.code == "opening-too-low"
            laid = remi.meld_points(LayDown.of(meld).melds[0], ruleset)
            assert err.reason == (
                f"Your opening must reach 51 points this turn, and with {laid} laid "
                "the cards left cannot make up the rest."
            )
        assert state.down == (-1, -1)


@pytest.mark.rule("opening-51", "kalooki-opening")
@pytest.mark.parametrize(
    "ruleset, hand, opens",
    [
        (SL, "♠10 ♠J ♠Q ♠K ♠A", False),
        (KA, "♠10 ♠J ♠Q ♠K ♠A ♦9", True),
        (SL, "♠9 ♠10 ♠J ♠Q ♠K ♦2", False),
        (SL, "♠9 ♠10 ♠J ♠Q ♠K ♠A", True),
        (KA, "♠A ♥A ♦A ♣A ♠2 ♦9", False),
    ],
    ids=["sl-50-alone", "ka-51-alone", "sl-49", "sl-59-going-out", "ka-44"],
)
def test_a_lone_meld_opens_only_with_51(ruleset: remi.Ruleset, hand: str, opens: bool) -> None:
    # docs/rules/slovenian.rst, opening-51: Opening: 50 points is refused, 51 accepted (Slovenian ace 10, Kalooki ace 11)
    # docs/rules/kalooki.rst, kalooki-opening: Opening needs at least 51 points, ace 11
    state = pos(ruleset, hands={0: hand, 1: "♣J"}, turn=3)
    melds = remi.candidate_melds(hand, ruleset)
    meld = max(melds, key=lambda m: remi.meld_points(m, ruleset)) if opens else None
    points = remi.best_opening_points(hand, ruleset)
    assert (points >= 51) == opens
    if not opens:
        assert lay_downs(state) == set()
        for option in melds:
            assert illegal(state, LayDown((option,))).code == "opening-too-low"
        return
    assert meld is not None and remi.meld_points(meld, ruleset) == points
    assert str(LayDown((meld,))) in lay_downs(state)
    after = legal(state, LayDown((meld,)))
    assert after.down[0] == 3 or after.round == 2


@pytest.mark.rule("opening-one-meld-at-a-time")
def test_every_meld_starting_an_opening_is_offered_and_nothing_less() -> None:
    # docs/rules/slovenian.rst, opening-one-meld-at-a-time: Opening: 51 points in one turn, laid one meld at a time; a meld is offered exactly
    #          when the cards left can still bring the opening to 51
    state = kings_and_queens()
    kings = "♠K ♥K ♦K"
    queens = ["♠Q ♥Q ♦Q", "♠Q ♥Q ♣Q", "♠Q ♦Q ♣Q", "♥Q ♦Q ♣Q", "♠Q ♥Q ♦Q ♣Q"]
    assert lay_downs(state) == {str(LayDown.of(m)) for m in [kings, *queens]} == expected_lays(state)
    s = legal(state, LayDown.of(kings))
    assert lay_downs(s) == {str(LayDown.of(q)) for q in queens} == expected_lays(s)
    assert illegal(s, "discard ♣2").code == "opening-unfinished"
    s = legal(s, LayDown.of("♠Q ♥Q ♦Q ♣Q"))
    assert own_points(s, 0) == 70 and s.hands[0] == sorted_hand("♣2")
    legal(s, "discard ♣2")
    # a meld that uses cards the rest of the opening needs is not offered
    greedy = run_that_spoils_the_opening()
    run = "♥10 ♥J ♥Q ♥K"  # 40, but ♠Q ♦Q ♠K ♦K ♣2 then hold no meld (a row of REFUSALS)
    assert str(LayDown.of(run)) not in lay_downs(greedy)
    assert lay_downs(greedy) == expected_lays(greedy) != set()
    open_with(greedy, "♥10 ♥J ♥Q", "♠K ♥K ♦K")


@pytest.mark.rule("opening-51")
def test_opening_may_be_spread_over_melds_but_not_over_turns() -> None:
    # docs/rules/slovenian.rst, opening-51: Opening: at least 51 points in one turn; a 30-point set alone is refused every turn
    state = forty_eight_points()  # 30 + 18 = 48: each meld is refused (rows of REFUSALS)
    assert lay_downs(state) == set()
    assert [str(a) for a in state.legal_actions()] == [f"discard {c}" for c in state.hands[0]]
    # with ♠8 the run counts 26: 30 + 26 = 56, laid as two melds in the same turn
    spread = pos(SL, hands={0: "♠Q ♥Q ♦Q ♠5 ♠6 ♠7 ♠8 ♣2", 1: "♣J"}, turn=5)
    s = open_with(spread, "♠5 ♠6 ♠7 ♠8", "♠Q ♥Q ♦Q")
    assert s.down == (5, -1) and own_points(s, 0) == 56


@pytest.mark.rule("opening-51", "kalooki-opening")
@pytest.mark.parametrize("ruleset", [SL, KA], ids=["slovenian", "kalooki"])
def test_no_discard_in_the_middle_of_an_opening(ruleset: remi.Ruleset) -> None:
    # docs/rules/slovenian.rst, opening-51: Opening: the whole 51 goes down in one turn, so the turn cannot end halfway
    # docs/rules/kalooki.rst, kalooki-opening: Opening needs at least 51 points (in one turn)
    state = two_melds_to_open(ruleset)
    half = legal(state, LayDown.of("♠10 ♥10 ♦10"))
    assert half.down == (3, 2) and half.phase == "play" and half.current_player == 0
    err = illegal(half, "discard ♦9")
    assert err.code == "opening-unfinished"
    assert err.reason == "Your opening has 30 of 51 points; lay more melds first."
    assert not any(isinstance(a, Discard | LayOff) for a in half.legal_actions())
    assert illegal(half, "off ♦2 0").code == "contract-not-down"
    assert strs(half.legal_actions()) == [str(LayDown.of("♣6 ♣7 ♣8"))]
    done = legal(half, LayDown.of("♣6 ♣7 ♣8"))
    assert own_points(done, 0) == 51 and "discard ♦9" in strs(done.legal_actions())
    assert legal(done, "discard ♦9").current_player == 1


@pytest.mark.rule("slovenian-equipment", "kalooki-melds")
@pytest.mark.parametrize("ruleset", [SL, KA], ids=["slovenian", "kalooki"])
def test_identical_cards_may_share_a_set(ruleset: remi.Ruleset) -> None:
    # docs/rules/slovenian.rst, slovenian-equipment: Melds: with two decks identical cards may share a set unless sets of distinct suits
    # docs/rules/kalooki.rst, kalooki-melds: Sets: 3 or 4 cards; identical cards may share a set unless the option is on
    state = identical_cards(ruleset)
    after = open_with(state, "♠5 ♠5 ♥5", "♠K ♠K ♥K ♥K")
    assert [str(m) for m in after.table] == ["♠5 ♠5 ♥5", "♠K ♠K ♥K ♥K"]
    strict = identical_cards(attrs.evolve(ruleset, distinct_suit_sets=True))
    assert lay_downs(strict) == set() == expected_lays(strict)  # ♠K ♥K ♦K (30) alone is no opening
    assert lay_downs(state) >= {str(LayDown.of("♠5 ♠5 ♥5")), str(LayDown.of("♠K ♠K ♥K ♥K"))}
    assert lay_downs(state) == expected_lays(state)


# -- lay-offs and new melds ----------------------------------------------------------------------------------


@pytest.mark.rule("opening-layoffs", "kalooki-opening")
@pytest.mark.parametrize("ruleset", [SL, KA], ids=["slovenian", "kalooki"])
def test_no_lay_off_before_opening(ruleset: remi.Ruleset) -> None:
    # docs/rules/slovenian.rst, opening-layoffs: Before opening, a player may not lay off onto anyone's melds
    # docs/rules/kalooki.rst, kalooki-opening: Only after opening may a player lay off onto others' melds
    # The refused lay-offs, and the small meld of one's own (the first lay-down is the opening),
    # are rows of REFUSALS.
    state = unopened_beside_melds(ruleset)
    assert not any(isinstance(a, LayOff) for a in state.legal_actions())


@pytest.mark.rule("opening-layoffs", "kalooki-opening")
@pytest.mark.parametrize("ruleset", [SL, KA], ids=["slovenian", "kalooki"])
def test_lay_offs_and_new_melds_from_the_moment_of_opening(ruleset: remi.Ruleset) -> None:
    # docs/rules/slovenian.rst, opening-layoffs: After opening, lay off onto own and others' melds and lay new melds freely,
    #          from the moment the opening is down, in the same turn too [decision]
    # docs/rules/kalooki.rst, kalooki-opening: Laying off in the opening turn (in code)
    state = opening_and_more(ruleset)
    half = legal(state, LayDown.of("♠10 ♥10 ♦10"))  # 30 of 51: not open yet
    assert half.down == (3, 2)
    assert not any(isinstance(a, LayOff) for a in half.legal_actions())
    assert illegal(half, "off ♥7 0").code == "contract-not-down"
    opened = legal(half, LayDown.of("♣6 ♣7 ♣8"))
    assert opened.down == (3, 2)
    offered = strs(opened.legal_actions())
    assert "off ♥7 0" in offered and "off ♣9 2" in offered
    assert str(LayDown.of("♠2 ♠3 ♠4")) in offered and str(LayDown.of("♦2 ♦3 ♦4")) in offered
    s = legal(opened, "off ♥7 0")  # onto another player's meld
    assert str(s.table[0]) == "♥4 ♥5 ♥6 ♥7" and s.owners[0] == 1
    s = legal(s, "off ♣9 2")  # onto one's own
    assert str(s.table[2]) == "♣6 ♣7 ♣8 ♣9"
    s = legal(s, LayDown.of("♠2 ♠3 ♠4"))  # new melds below 51, any number a turn
    s = legal(s, LayDown.of("♦2 ♦3 ♦4"))
    assert s.hands[0] == sorted_hand("♦9") and len(s.table) == 5 and s.owners == (1, 0, 0, 0, 0)
    s = legal(s, "discard ♦9")
    assert s.round == 2 and s.results[-1].went_out == 0


def _after_opening() -> GameState:
    return pos(
        SL,
        hands={0: "♠2 ♠3 ♠4 ♥A ♦A ♣A ♦9", 1: "♣J"},
        table=["♠10 ♥10 ♦10", "♣6 ♣7 ♣8"],
        owners=[0, 0],
        down={0: 1},
        turn=3,
    )


@pytest.mark.rule("opening-layoffs")
def test_new_melds_on_a_later_turn_need_no_points() -> None:
    # docs/rules/slovenian.rst, opening-layoffs: After opening, new melds are laid freely (no 51 needed again)
    state = _after_opening()
    s = legal(state, LayDown.of("♠2 ♠3 ♠4"))
    s = legal(s, LayDown.of("♥A ♦A ♣A"))
    assert s.melds_this_turn == 2 and s.hands[0] == sorted_hand("♦9") and s.down == (1, -1)
    assert lay_downs(state) == {str(LayDown.of("♠2 ♠3 ♠4")), str(LayDown.of("♥A ♦A ♣A"))}


@pytest.mark.rule("opening-layoffs")
def test_legal_actions_and_is_legal_agree_on_two_new_melds() -> None:
    # docs/rules/slovenian.rst, opening-layoffs: After opening, new melds are laid freely, one lay-down action each: the engine
    # lists exactly what it accepts
    state = _after_opening()
    both = Layout.of("♠2 ♠3 ♠4", "♥A ♦A ♣A")  # refused: a row of REFUSALS
    assert state.is_legal(both) == (both in state.legal_actions())
    one = legal(state, LayDown.of("♠2 ♠3 ♠4"))
    assert one.is_legal(LayDown.of("♥A ♦A ♣A"))


@pytest.mark.rule("opening-layoffs")
def test_lay_off_option_down_earlier_turn() -> None:
    # docs/rules/slovenian.rst, opening-layoffs: After opening, lay off ... in the same turn too [decision]; option: wait a turn
    later = attrs.evolve(SL, layoff_needs="down-earlier-turn")
    state = pos(
        later,
        hands={0: "♠10 ♥10 ♦10 ♣6 ♣7 ♣8 ♥7 ♦9", 1: "♣J"},
        table=["♥4 ♥5 ♥6"],
        owners=[1],
        down={1: 2},
        turn=3,
    )
    opened = open_with(state, "♠10 ♥10 ♦10", "♣6 ♣7 ♣8")
    assert illegal(opened, "off ♥7 0").code == "contract-down-this-turn"
    nxt = attrs.evolve(opened, turn=5)
    assert nxt.is_legal("off ♥7 0")


@pytest.mark.rule("opening-51")
def test_lay_off_option_reason_names_the_opening() -> None:
    # docs/rules/slovenian.rst, opening-51: Opening: reasons in a 51 game speak of the opening, not a contract
    later = attrs.evolve(SL, layoff_needs="down-earlier-turn")
    state = pos(
        later,
        hands={0: "♥7 ♦9", 1: "♣J"},
        table=["♥4 ♥5 ♥6", "♠10 ♥10 ♦10", "♣6 ♣7 ♣8"],
        owners=[1, 0, 0],
        down={0: 3, 1: 2},
        turn=3,
    )
    reason = illegal(state, "off ♥7 0").reason
    assert "contract" not in reason.lower()


# -- joker swaps ----------------------------------------------------------------------------------------------


@pytest.mark.rule("slovenian-jokers", "kalooki-joker-swap", "opening-layoffs")
@pytest.mark.parametrize("ruleset", [SL, KA_SAME], ids=["slovenian", "kalooki-same-turn"])
def test_joker_swap_from_a_set_once_opened(ruleset: remi.Ruleset) -> None:
    # docs/rules/slovenian.rst, slovenian-jokers: Jokers in melds: a joker in another's meld may be swapped by a player who has opened
    # docs/rules/kalooki.rst, kalooki-joker-swap: A player holding the card a joker stands for in anyone's meld may swap it (sets too)
    state = pos(
        ruleset,
        hands={0: "♦Q ♠2 ♠9", 1: "♣J"},
        table=["♠Q ♥Q JK", "♥4 ♥5 ♥6"],
        owners=[1, 1],
        down={0: 1, 1: 2},
        turn=3,
    )
    s = legal(state, SwapJoker(remi.parse_card("♦Q"), 0))
    assert str(s.table[0]) == "♠Q ♥Q ♦Q" and s.owners[0] == 1
    assert s.hands[0] == sorted_hand("♠2 ♠9 JK") and s.pending == remi.parse_cards("JK")
    # docs/rules/slovenian.rst, opening-layoffs: the freed joker must be played again in the same turn, by a lay-off
    assert illegal(s, "discard ♠9").code == "joker-pending"
    assert illegal(s, "discard JK").code == "joker-pending"
    assert not any(isinstance(a, Discard | LayDown) for a in s.legal_actions())
    offs = {str(a) for a in s.legal_actions() if isinstance(a, LayOff) and a.card.is_joker}
    assert "off JK 0" in offs and "off JK 1" in offs
    s = legal(s, "off JK 1")
    assert s.pending == () and str(s.table[1]) == "♥4 ♥5 ♥6 JK=♥7"
    s = legal(s, "discard ♠9")
    assert s.current_player == 1


@pytest.mark.rule("slovenian-jokers", "kalooki-joker-swap")
@pytest.mark.parametrize("ruleset", [SL, KA_SAME], ids=["slovenian", "kalooki-same-turn"])
def test_joker_swap_from_a_run_once_opened(ruleset: remi.Ruleset) -> None:
    # docs/rules/slovenian.rst, slovenian-jokers: Jokers in melds: swap a joker for the card it stands for (a run)
    # docs/rules/kalooki.rst, kalooki-joker-swap: Swapping a joker out of a run
    state = pos(
        ruleset,
        hands={0: "♠3 ♠6 ♦9 ♣2", 1: "♣J"},
        table=["♠2 JK=♠3 ♠4 ♠5"],
        owners=[1],
        down={0: 1, 1: 2},
        turn=3,
    )
    assert [str(a) for a in state.legal_actions() if isinstance(a, SwapJoker)] == ["swap ♠3 0"]
    assert illegal(state, "swap ♠6 0").code not in ("contract-not-down", "joker-pending")
    s = legal(state, "swap ♠3 0")
    assert str(s.table[0]) == "♠2 ♠3 ♠4 ♠5" and s.pending == remi.parse_cards("JK")
    assert illegal(s, "discard ♦9").code == "joker-pending"
    s = legal(s, "off JK 0")
    assert s.pending == () and s.table[0].wild_count == 1 and len(s.table[0].cards) == 5
    legal(s, "discard ♦9")


@pytest.mark.rule("slovenian-jokers", "kalooki-opening")
@pytest.mark.parametrize("ruleset", [SL, KA_SAME], ids=["slovenian", "kalooki-same-turn"])
def test_joker_swap_refused_before_opening_allowed_in_the_opening_turn(ruleset: remi.Ruleset) -> None:
    # docs/rules/slovenian.rst, slovenian-jokers: Jokers in melds: only a player who has opened may swap
    # docs/rules/kalooki.rst, kalooki-opening: ... if they have opened or open in that turn
    state = swap_or_open(ruleset)
    if ruleset.joker_swap_before_opening:
        # Kalooki: the swap is open before opening, the joker then going into this turn's opening.
        early = legal(state, "swap ♠3 0")
        assert early.pending == (remi.JOKER,)
        assert illegal(early, "discard ♦9").code == "joker-pending"
        assert not any(isinstance(a, Discard | LayOff) for a in early.legal_actions())
        lays = [a for a in early.legal_actions() if isinstance(a, LayDown)]
        assert lays and all(len(a.melds) == 1 and remi.JOKER in a.cards for a in lays)
        assert {str(a) for a in lays} == {x for x in expected_lays(early) if "JK" in x}
        assert illegal(early, LayDown.of("♠10 ♥10 ♦10")).code == "joker-pending"
        s = legal(early, LayDown.of("♠10 ♥10 ♦10 JK"))  # 40: the opening goes on without the joker
        assert s.pending == () and illegal(s, "discard ♦9").code == "opening-unfinished"
        s = legal(s, LayDown.of("♣6 ♣7 ♣8"))
        assert own_points(s, 0) == 61
        legal(s, "discard ♦9")
    else:
        # The swaps refused before opening are rows of REFUSALS.
        assert not any(isinstance(a, SwapJoker) for a in state.legal_actions())
        half = legal(state, LayDown.of("♠10 ♥10 ♦10"))  # 30 of 51: still not open
        assert not any(isinstance(a, SwapJoker) for a in half.legal_actions())
        assert illegal(half, "swap ♠3 0").code == "contract-not-down"
    opened = open_with(state, "♠10 ♥10 ♦10", "♣6 ♣7 ♣8")
    swaps = {str(a) for a in opened.legal_actions() if isinstance(a, SwapJoker)}
    assert swaps == {"swap ♠3 0", "swap ♦Q 1"}
    s = legal(opened, "swap ♦Q 1")
    assert s.pending == (remi.JOKER,)
    # [decision] One joker is taken back at a time: the second swap waits for the first joker.
    assert illegal(s, "swap ♠3 0").code == "joker-pending"
    assert not any(isinstance(a, SwapJoker) for a in s.legal_actions())
    assert illegal(s, "discard ♦9").code == "joker-pending"
    s = legal(s, "off JK 2")  # onto the opener's own ♣6 ♣7 ♣8
    assert s.pending == ()
    s = legal(s, "swap ♠3 0")
    assert s.pending == (remi.JOKER,)
    s = legal(s, "off JK 0")
    assert s.pending == ()
    legal(s, "discard ♦9")


@pytest.mark.rule("slovenian-jokers")
def test_joker_swap_offered_only_if_the_joker_can_be_laid_off() -> None:
    # docs/rules/slovenian.rst, slovenian-jokers: Jokers in melds: the swapped joker must be played that turn, so a swap that
    #          leaves it nowhere to go is refused
    full = ["♠Q ♥Q ♣Q JK"]  # after the swap a set of four: the joker cannot go back (REFUSALS)
    state = joker_with_nowhere_to_go()
    assert not any(isinstance(a, SwapJoker) for a in state.legal_actions())
    roomy = pos(
        SL,
        hands={0: "♦Q ♦9", 1: "♣J"},
        table=[*full, "♥4 ♥5 ♥6"],
        owners=[1, 1],
        down={0: 1, 1: 2},
        turn=3,
    )
    s = legal(roomy, "swap ♦Q 0")
    assert sorted_hand(s.table[0].cards) == sorted_hand("♠Q ♥Q ♦Q ♣Q") and not s.table[0].wild_count
    assert [str(a) for a in s.legal_actions()] == ["off JK 1", "off JK 1 low"]


@pytest.mark.rule("slovenian-jokers", "kalooki-joker-swap")
def test_swapped_joker_and_going_out() -> None:
    # docs/rules/slovenian.rst, slovenian-jokers: Going out by laying off the freed joker ends the deal (no discard)
    # docs/rules/kalooki.rst, kalooki-joker-swap: Going out needs a final discard: a swap that would leave only the joker is refused
    table = ["♠Q ♥Q JK", "♥4 ♥5 ♥6"]
    sl = pos(SL, hands={0: "♦Q", 1: "♣J ♠A"}, table=table, owners=[1, 1], down={0: 1, 1: 2}, turn=3)
    s = legal(sl, "swap ♦Q 0")
    s = legal(s, "off JK 1")
    assert s.results[-1] == RoundResult(1, 0, (0, 20))
    ka = last_card_beside_a_joker()  # the swap is refused: a row of REFUSALS
    assert strs(ka.legal_actions()) == ["discard ♦Q"]


# -- going out and scoring ------------------------------------------------------------------------------------


@pytest.mark.rule("kalooki-going-out")
def test_kalooki_going_out_needs_a_final_discard() -> None:
    # docs/rules/kalooki.rst, kalooki-going-out: The deal ends when a player discards their last card: going out needs a final discard
    # Laying the last meld, or laying off the last card, is refused (rows of REFUSALS).
    assert lay_downs(kalooki_open_holding("♣5 ♣6 ♣7")) == set()
    assert strs(kalooki_open_holding("♥7").legal_actions()) == ["discard ♥7"]
    two = pos(KA, hands={0: "♥7 ♥8", 1: "♣J"}, table=["♥4 ♥5 ♥6"], owners=[0], down={0: 1}, turn=3)
    s = legal(two, "off ♥7 0")
    assert illegal(s, "off ♥8 0").code == "must-discard-last"


@pytest.mark.rule("kalooki-going-out")
def test_kalooki_losers_pay_hand_plus_25() -> None:
    # docs/rules/kalooki.rst, kalooki-going-out: Going out: each other player scores the value of their hand plus 25 (ace 11, joker 25)
    state = pos(
        KA,
        3,
        hands={0: "♣5 ♣6 ♣7 ♦9", 1: "♠A JK ♥K ♦4", 2: "♥2 ♥3"},
        table=["♥4 ♥5 ♥6"],
        owners=[0],
        down={0: 1},
        turn=4,
    )
    s = legal(state, LayDown.of("♣5 ♣6 ♣7"))
    assert s.round == 1 and s.hand_sizes[0] == 1
    s = legal(s, "discard ♦9")
    assert s.results[-1] == RoundResult(1, 0, (0, 11 + 25 + 10 + 4 + 25, 2 + 3 + 25))
    assert s.totals == (0, 75, 30)
    # the next deal: the dealer moves left, 13 cards each, an upcard
    assert (s.round, s.dealer, s.phase, s.current_player) == (2, 0, "draw", 1)
    assert s.hand_sizes == (13, 13, 13) and len(s.discard) == 1 and s.table == ()


@pytest.mark.rule("slovenian-deal", "shared-going-out")
@pytest.mark.parametrize("how", ["lay", "off", "discard"])
def test_slovenian_going_out_ends_the_deal(how: str) -> None:
    # docs/rules/slovenian.rst, slovenian-deal: The first player to shed all cards wins the deal; the others score their hand
    #          (joker 25, ace 10 in hand); docs/rules/index.rst, shared-going-out: Going out by melding, laying off or discarding
    hand = {"lay": "♣5 ♣6 ♣7", "off": "♥7", "discard": "♦9"}[how]
    actions: dict[str, remi.Action | str] = {
        "lay": LayDown.of("♣5 ♣6 ♣7"),
        "off": "off ♥7 0",
        "discard": "discard ♦9",
    }
    action = actions[how]
    state = pos(
        SL,
        3,
        hands={0: hand, 1: "♠A JK ♥K ♦4", 2: "♥2 ♥3"},
        table=["♥4 ♥5 ♥6"],
        owners=[1],
        down={0: 1, 1: 2},
        turn=4,
        dealer=1,
    )
    s = legal(state, action)
    assert s.results[-1] == RoundResult(1, 0, (0, 10 + 25 + 10 + 4, 5))
    # the next deal: the dealer moves left and the new starter holds 15 cards, in phase play
    assert (s.round, s.dealer, s.phase, s.current_player, s.turn) == (2, 2, "play", 0, 1)
    assert s.hand_sizes == (15, 14, 14) and s.discard == () and s.down == (-1, -1, -1)


@pytest.mark.rule("kalooki-going-out")
def test_turn_cap_scores_every_hand_without_surcharge() -> None:
    # docs/rules/kalooki.rst, kalooki-going-out: The +25 is for the losers of a deal somebody went out of; with no winner each
    #          player scores their hand (in code, max_turns_per_round)
    capped = attrs.evolve(KA, max_turns_per_round=3)
    state = pos(capped, hands={0: "♣5 ♦9", 1: "♠A JK"}, turn=3)
    s = legal(state, "discard ♦9")
    assert s.results[-1] == RoundResult(1, None, (5, 36))


def _late(ruleset: remi.Ruleset, seat1: str, seat2: str) -> GameState:
    results = [
        RoundResult(1, 0, (0, 200, 100)),
        RoundResult(2, 1, (150, 0, 100)),
        RoundResult(3, 2, (100, 250, 0)),
    ]
    return pos(
        ruleset,
        3,
        hands={0: "♦9", 1: seat1, 2: seat2},
        round=4,
        results=results,
        turn=6,
        table=["♥4 ♥5 ♥6"],
        owners=[0],
        down={0: 2},
    )


@pytest.mark.rule("slovenian-scoring")
def test_match_ends_when_a_total_reaches_500_and_lowest_wins() -> None:
    # docs/rules/slovenian.rst, slovenian-scoring: Scoring: lowest total wins a match to a limit (in code 500)
    state = _late(SL, "♠A JK ♥K ♦5", "♥2 ♥3")  # 50: seat 1 reaches exactly 500
    assert state.totals == (250, 450, 200)
    s = legal(state, "discard ♦9")
    assert s.is_over and s.phase == "over" and s.current_player == -1
    assert s.totals == (250, 500, 205) and s.winners == (2,)
    assert s.legal_actions() == []
    assert illegal(s, "draw").code == "game-over"


@pytest.mark.rule("slovenian-scoring")
def test_match_goes_on_below_500() -> None:
    # docs/rules/slovenian.rst, slovenian-scoring: Scoring: the match ends only when a total reaches the limit
    state = _late(SL, "♠A JK ♥K ♦4", "♥2 ♥3")  # 49: seat 1 at 499
    s = legal(state, "discard ♦9")
    assert not s.is_over and s.winners == () and s.totals == (250, 499, 205) and s.round == 5


@pytest.mark.rule("kalooki-scoring")
def test_kalooki_match_to_500_lowest_wins() -> None:
    # docs/rules/kalooki.rst, kalooki-scoring: Lowest total wins [decision]; the match to 500 (in code)
    state = _late(KA, "♥2 ♥3", "♥K ♠Q ♣3")  # seat 1: 5 + 25 = 30; seat 2: 23 + 25 = 48 -> 248
    s = legal(state, "discard ♦9")
    assert not s.is_over and s.totals == (250, 480, 248)
    state = _late(KA, "♥2 ♥3 ♦10 ♦J", "♥K")  # seat 1: 25 + 25 = 50 -> 500
    s = legal(state, "discard ♦9")
    assert s.is_over and s.totals == (250, 500, 235) and s.winners == (2,)


# -- the stock runs out ----------------------------------------------------------------------------------


@pytest.mark.rule("slovenian-melds")
@pytest.mark.parametrize("ruleset", [SL, KA], ids=["slovenian", "kalooki"])
def test_stock_rebuilt_from_the_pile_less_its_top(ruleset: remi.Ruleset) -> None:
    # docs/rules/slovenian.rst, slovenian-melds: Stock runs out (in code): the discard top set aside, the rest reshuffled (seeded)
    state = pos(ruleset, hands={0: "♦9", 1: "♣J"}, phase="draw", rest="discard", discard="♠7")
    assert state.stock == () and len(state.discard) > 10
    assert strs(state.legal_actions()) == ["draw", "take"]
    s = legal(state, "draw")
    pile = state.discard
    assert s.discard == (pile[-1],) and s.reshuffles == 1
    drawn = Counter(s.hands[0]) - Counter(state.hands[0])
    assert Counter(s.stock) + drawn == Counter(pile[:-1])
    rebuilt = (*s.stock, *drawn.elements())
    assert rebuilt != pile[:-1] and rebuilt != pile[-2::-1]  # shuffled, not turned over
    assert state.apply("draw") == s  # seeded: replays exactly
    other = attrs.evolve(state, seed=state.seed + 1).apply("draw")
    assert other.stock != s.stock


# -- seeded playouts ---------------------------------------------------------------------------------------


def _pick(actions: list[remi.Action], rng: random.Random) -> remi.Action:
    """A random legal action, preferring to meld, lay off and swap so the game moves on."""
    plays = [a for a in actions if isinstance(a, LayDown | LayOff | SwapJoker)]
    if plays and rng.random() < 0.8:
        return rng.choice(plays)
    return rng.choice(actions)


def lays_after_swap(state: GameState) -> bool:
    """Whether the seat on turn, its opening begun by a swap, is offered a lay-down and no discard."""
    actions = state.legal_actions()
    return any(isinstance(a, LayDown) for a in actions) and not any(isinstance(a, Discard) for a in actions)


def _check_step(before: GameState, action: remi.Action, after: GameState) -> None:
    rules = before.ruleset
    seat = before.turn_player
    actions = before.legal_actions()
    if before.phase == "play":
        down = before.down[seat]
        is_open = down >= 0 and (down < before.turn or own_points(before, seat) >= 51)
        lays = {str(a) for a in actions if isinstance(a, LayDown)}
        # docs/rules/slovenian.rst, opening-one-meld-at-a-time: every lay-down is one meld; before the opening is complete exactly the
        # melds from which 51 can still be reached this turn are offered
        assert all(len(a.melds) == 1 for a in actions if isinstance(a, LayDown))
        if before.pending:
            assert lays <= expected_lays(before)
        else:
            assert lays == expected_lays(before)
        if not is_open:
            assert not any(isinstance(a, LayOff) for a in actions)
            if not rules.joker_swap_before_opening:
                assert not any(isinstance(a, SwapJoker) for a in actions)
            if down == before.turn:  # the opening is under way: no discard until it reaches 51
                assert not any(isinstance(a, Discard) for a in actions)
                assert lays or before.pending
        if isinstance(action, SwapJoker) and not is_open:
            # docs/rules/kalooki.rst, kalooki-swap-before-opening: the swap begins the opening, due this turn
            assert after.down[seat] == before.turn and lays_after_swap(after)
        if isinstance(action, Discard) and down == before.turn:
            # the opening turn ends: the seat's melds reached 51
            assert own_points(before, seat) >= 51
        if before.pending:
            # docs/rules/kalooki.rst, kalooki-joker-swap: the joker taken back is used this turn: laid off, or in a meld or the opening.
            assert not any(isinstance(a, Discard) for a in actions)
            for a in actions:
                if isinstance(a, LayDown):
                    assert any(card in before.pending for card in a.cards)
    if rules.last_card_discard and isinstance(action, LayDown | LayOff | SwapJoker):
        assert after.round != before.round or after.hands[seat]
    if len(after.results) > len(before.results):
        result = after.results[-1]
        if result.went_out is not None:
            assert result.went_out == seat
            if rules.last_card_discard:
                assert isinstance(action, Discard)
            for other in range(before.players):
                if other != seat:
                    expect = hand_value(before.hands[other], rules) + rules.loser_surcharge
                    assert result.points[other] == expect
            assert result.points[seat] == 0
        assert all(a >= b for a, b in zip(after.totals, before.totals))
        if after.is_over:
            assert max(after.totals) >= 500
            assert after.winners == tuple(i for i, t in enumerate(after.totals) if t == min(after.totals))
        else:
            assert max(after.totals) < 500
            starter = (after.dealer + 1) % after.players
            size = rules.hand_size(after.players)
            if rules.starter_extra_card:
                assert after.phase == "play" and after.discard == ()
                assert after.hand_sizes == tuple(size + (s == starter) for s in range(after.players))
            else:
                assert after.phase == "draw" and len(after.discard) == 1
                assert after.hand_sizes == (size,) * after.players


@pytest.mark.rule("kalooki-opening", "opening-51")
@pytest.mark.parametrize("ruleset", [SL, KA], ids=["slovenian", "kalooki"])
@pytest.mark.parametrize("players, seed", [(2, 1), (2, 2), (4, 3), (6, 4)])
def test_seeded_random_playouts_keep_the_invariants(ruleset: remi.Ruleset, players: int, seed: int) -> None:
    # docs/rules/slovenian.rst, opening-51: / docs/rules/kalooki.rst, kalooki-opening: Whole matches: every action keeps the invariants; deals, openings,
    # lay-offs, swaps, going out and scores follow the rules above
    rules = attrs.evolve(ruleset, max_turns_per_round=40)
    state = remi.new_game(rules, players=players, seed=seed)
    rng = random.Random(seed)
    opened = went_out = 0
    for _ in range(6000):
        if state.is_over:
            break
        action = _pick(state.legal_actions(), rng)
        after = state.apply(action)
        after.check_invariants()
        _check_step(state, action, after)
        if isinstance(action, LayDown) and state.down[state.turn_player] < 0:
            opened += 1
        if len(after.results) > len(state.results) and after.results[-1].went_out is not None:
            went_out += 1
        state = after
    assert state.is_over
    assert opened > 0
    assert GameState.from_dict(state.to_dict()) == state
    assert len(state.results) >= 1 and went_out <= len(state.results)


@pytest.mark.rule("kalooki-keep-swapped-joker")
def test_kalooki_keeps_a_swapped_joker_for_a_later_turn() -> None:
    # docs/rules/kalooki.rst, kalooki-keep-swapped-joker: the freed joker goes to the hand and may be kept
    # for a later turn (swapped_joker_same_turn=False in the preset)
    state = pos(
        KA,
        hands={0: "♠3 ♠6 ♦9 ♣2", 1: "♣J"},
        table=["♠2 JK=♠3 ♠4 ♠5"],
        owners=[1],
        down={0: 1, 1: 2},
        turn=3,
    )
    s = legal(state, "swap ♠3 0")
    assert str(s.table[0]) == "♠2 ♠3 ♠4 ♠5" and s.pending == ()
    assert remi.JOKER in s.hands[0] and remi.JOKER in s.known[0]
    after = legal(s, "discard ♦9")
    assert remi.JOKER in after.hands[0] and after.current_player == 1
    # With the Norwegian rule the same swap leaves the joker pending.
    same = pos(
        KA_SAME,
        hands={0: "♠3 ♠6 ♦9 ♣2", 1: "♣J"},
        table=["♠2 JK=♠3 ♠4 ♠5"],
        owners=[1],
        down={0: 1, 1: 2},
        turn=3,
    )
    assert legal(same, "swap ♠3 0").pending == (remi.JOKER,)


#: Kalooki: seat 0 has not opened; its ♠6 stands for the joker of meld 0.
_UNOPENED_SWAP = """
game: kalooki
players: 2
phase: play
turn: 5
turn player: 0
down: -1 2
hand 0: ♠6 ♥2 ♦3 ♠4 ♥5 ♦7 ♣8 ♣3 ♦9
hand 1: ♥3 ♥4 ♥6 ♥7 ♦J ♣2 ♣4 ♣5
meld 0 seat 1: ♠5 JK ♠7
meld 1 seat 1: ♠9 ♥9 ♣9
discard: ♦K
"""


@pytest.mark.rule("kalooki-swap-before-opening")
def test_kalooki_swap_before_opening_refused_when_the_opening_cannot_follow() -> None:
    # docs/rules/kalooki.rst, kalooki-swap-before-opening: a seat not yet open may swap only while the opening can
    # still be completed this turn; this hand cannot reach 51, with the joker or without
    # The refusal and its reason are a row of REFUSALS.
    state = GameState.from_position(_UNOPENED_SWAP)
    assert not any(isinstance(a, SwapJoker) for a in state.legal_actions())


@pytest.mark.rule("kalooki-swap-before-opening", "kalooki-opening-keeps-discard")
def test_kalooki_swap_before_opening_keeps_a_card_for_the_final_discard() -> None:
    # docs/rules/kalooki.rst, kalooki-swap-before-opening: the opening after the swap must leave a card to discard:
    # with the joker ♣J ♣Q JK=♣K (30) and ♥K ♦K ♠K (30) reach 60, but they take every card
    state = swap_that_takes_every_card()  # the swap is refused: a row of REFUSALS
    assert not any(isinstance(a, SwapJoker) for a in state.legal_actions())
    # Without the final discard the same swap opens the way.
    loose = attrs.evolve(KA, last_card_discard=False)
    swapped = legal(attrs.evolve(state, ruleset=loose), "swap ♠6 0")
    assert swapped.down[0] == 5


@pytest.mark.rule("kalooki-swap-before-opening", "kalooki-keep-swapped-joker")
def test_kalooki_swap_before_opening_must_open_that_turn() -> None:
    # docs/rules/kalooki.rst, kalooki-swap-before-opening: the swap begins the opening (down[seat] is that turn) and
    # the turn cannot end unopened, as a half-laid opening cannot; the joker itself may be kept
    state = GameState.from_position(_UNOPENED_SWAP.replace("♥2 ♦3 ♠4", "♥K ♦K ♣K"))
    assert "swap ♠6 0" in strs(state.legal_actions())  # ♥K ♦K ♣K (30) and ♦7 JK ♦9 (24) after the swap
    swapped = legal(state, "swap ♠6 0")
    assert swapped.down == (5, 2) and swapped.pending == ()
    assert strs(swapped.legal_actions()) == ["lay ♥K ♦K ♣K", "lay ♦7 JK=♦8 ♦9"]
    error = illegal(swapped, "discard ♣3")
    assert error.code == "opening-unfinished"
    assert error.reason == (
        "You swapped a joker before opening, so you must open (51 points) this turn; lay your opening first."
    )
    assert illegal(swapped, "off ♣8 1").code == "contract-not-down"  # not open: no lay-off either
    # The half-done turn is in every form of the state, and in every seat's view.
    assert GameState.from_position(swapped.position()) == swapped
    assert "down: 5 2" in swapped.position().splitlines()
    assert GameState.from_dict(swapped.to_dict()) == swapped
    assert swapped.view(1).down == swapped.view(0).down == (5, 2)
    half = legal(swapped, "lay ♥K ♦K ♣K")
    assert illegal(half, "discard ♣3").reason == "Your opening has 30 of 51 points; lay more melds first."
    opened = legal(half, "lay ♦7 JK=♦8 ♦9")
    assert own_points(opened, 0) == 54
    after = legal(opened, "discard ♣3")
    assert after.down == (5, 2) and after.current_player == 1 and remi.JOKER not in after.hands[0]


@pytest.mark.rule("kalooki-swap-before-opening")
def test_kalooki_swap_during_a_half_laid_opening_needs_the_rest_reachable() -> None:
    # docs/rules/kalooki.rst, kalooki-swap-before-opening: halfway through an opening (30 of 51 laid), a swap is
    # allowed only if the cards after it still make up the rest; with jokers at most the naturals, ♠Q swapped
    # for the queens' joker leaves JK ♠K JK, which is no meld
    state = half_an_opening_and_a_swap(attrs.evolve(KA, jokers_at_most_naturals=True))
    assert strs(state.legal_actions()) == ["lay JK=♠J ♠Q ♠K", "lay ♠Q ♠K JK=♠A"]  # no swap, no discard
    assert not any(isinstance(a, SwapJoker) for a in state.legal_actions())  # refused: a row of REFUSALS
    # In the preset (jokers not limited) JK ♠K JK is a meld, and the same swap is offered.
    loose = half_an_opening_and_a_swap(KA)
    swapped = legal(loose, "swap ♠Q 1")
    assert illegal(swapped, "discard ♦9").reason == "Your opening has 30 of 51 points; lay more melds first."


# -- Kalooki keeps a swapped joker (the option) ----------------------------------------------------


@pytest.mark.rule("kalooki-keep-swapped-joker", "norwegian-jokers-on-table")
def test_swapped_joker_same_turn_option() -> None:
    assert remi.NORWEGIAN.swapped_joker_same_turn is True
    assert SL.swapped_joker_same_turn is True
    assert KA.swapped_joker_same_turn is False
    norwegian_rule = attrs.evolve(KA, swapped_joker_same_turn=True)
    assert remi.Ruleset.from_dict(norwegian_rule.to_dict()).swapped_joker_same_turn is True
    with pytest.raises(remi.RulesetError):
        attrs.evolve(KA, swapped_joker_same_turn="yes")


# -- options an opening game cannot play -----------------------------------------------------------


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


# -- refusals: one row per refused action, each with its rule --------------------------------------

OPENING_51 = pytest.mark.rule("opening-51")
ONE_MELD_AT_A_TIME = pytest.mark.rule("opening-one-meld-at-a-time")
OPENING_LAYOFFS = pytest.mark.rule("opening-layoffs")
OPENING_51_KALOOKI = pytest.mark.rule("opening-51", "kalooki-opening")
LAYOFFS_KALOOKI = pytest.mark.rule("opening-layoffs", "kalooki-opening")
EQUIPMENT_MELDS = pytest.mark.rule("slovenian-equipment", "kalooki-melds")
SLOVENIAN_JOKERS = pytest.mark.rule("slovenian-jokers")
JOKERS_KALOOKI = pytest.mark.rule("slovenian-jokers", "kalooki-opening")
JOKERS_GOING_OUT = pytest.mark.rule("slovenian-jokers", "kalooki-joker-swap")
KALOOKI_GOING_OUT = pytest.mark.rule("kalooki-going-out")
SWAP_BEFORE_OPENING = pytest.mark.rule("kalooki-swap-before-opening")
SWAP_KEEPS_DISCARD = pytest.mark.rule("kalooki-swap-before-opening", "kalooki-opening-keeps-discard")
KEEPS_DISCARD = pytest.mark.rule("kalooki-opening-keeps-discard")

NOT_OPENED_LAY_OFF = "You have not opened yet (an opening needs 51 points), so you may not lay off."
NOT_OPENED_SWAP = "You have not opened yet (an opening needs 51 points), so you may not swap a joker."
UNOPENED_SWAP_REASON = (
    "You have not opened yet, and after swapping ♠6 for the joker your cards could not open with 51 "
    "points and keep a card to discard this turn, so you may not swap it."
)

REFUSALS = [
    # refusal(rule, where, position, action, code[, the reason, or a part of it])
    # An opening is laid one meld at a time, and only a meld the rest can bring to 51.
    refusal(
        ONE_MELD_AT_A_TIME,
        "kings and queens",
        kings_and_queens,
        Layout.of("♠Q ♥Q ♦Q", "♠K ♥K ♦K"),
        "one-meld-at-a-time",
    ),
    refusal(
        ONE_MELD_AT_A_TIME,
        "greedy run",
        run_that_spoils_the_opening,
        LayDown.of("♥10 ♥J ♥Q ♥K"),
        "opening-too-low",
        "with 40 laid",
    ),
    # A 30-point set alone is refused, and 30 + 18 = 48 is not enough either.
    refusal(OPENING_51, "48 points", forty_eight_points, LayDown.of("♠Q ♥Q ♦Q"), "opening-too-low"),
    refusal(OPENING_51, "48 points", forty_eight_points, LayDown.of("♠5 ♠6 ♠7"), "opening-too-low"),
    refusal(
        OPENING_51, "48 points", forty_eight_points, Layout.of("♠Q ♥Q ♦Q", "♠5 ♠6 ♠7"), "one-meld-at-a-time"
    ),
    *[
        row
        for name, ruleset in (("slovenian", SL), ("kalooki", KA))
        for row in (
            refusal(
                OPENING_51_KALOOKI,
                f"{name}, two melds to open",
                partial(two_melds_to_open, ruleset),
                Layout.of("♠10 ♥10 ♦10", "♣6 ♣7 ♣8"),
                "one-meld-at-a-time",
            ),
            # Identical cards share a set (a set too large is no meld), unless sets are of distinct suits.
            refusal(
                EQUIPMENT_MELDS,
                f"{name}, identical cards",
                partial(identical_cards, ruleset),
                LayDown.of("♠K ♠K ♥K ♥K ♦K"),
                "invalid-meld",
            ),
            refusal(
                EQUIPMENT_MELDS,
                f"{name}+distinct, identical cards",
                partial(identical_cards, attrs.evolve(ruleset, distinct_suit_sets=True)),
                LayDown.of("♠K ♠K ♥K ♥K"),
                "invalid-meld",
            ),
            refusal(
                EQUIPMENT_MELDS,
                f"{name}+distinct, identical cards",
                partial(identical_cards, attrs.evolve(ruleset, distinct_suit_sets=True)),
                LayDown.of("♠5 ♠5 ♥5"),
                "invalid-meld",
            ),
            refusal(
                EQUIPMENT_MELDS,
                f"{name}+distinct, identical cards",
                partial(identical_cards, attrs.evolve(ruleset, distinct_suit_sets=True)),
                LayDown.of("♠K ♥K ♦K"),
                "opening-too-low",
            ),
            # No lay-off before opening, nor a small meld of one's own: the first lay-down is the opening.
            refusal(
                LAYOFFS_KALOOKI,
                f"{name}, not open",
                partial(unopened_beside_melds, ruleset),
                "off ♥7 0",
                "contract-not-down",
                NOT_OPENED_LAY_OFF,
            ),
            refusal(
                LAYOFFS_KALOOKI,
                f"{name}, not open",
                partial(unopened_beside_melds, ruleset),
                "off ♣Q 1",
                "contract-not-down",
            ),
            refusal(
                LAYOFFS_KALOOKI,
                f"{name}, not open",
                partial(unopened_beside_melds, ruleset),
                LayDown.of("♠2 ♠3 ♠4"),
                "opening-too-low",
            ),
            refusal(
                LAYOFFS_KALOOKI,
                f"{name}, an opening in hand",
                partial(opening_and_more, ruleset),
                "off ♥7 0",
                "contract-not-down",
            ),
        )
    ],
    # Once open, new melds are laid one action each.
    refusal(
        OPENING_LAYOFFS,
        "after opening",
        _after_opening,
        Layout.of("♠2 ♠3 ♠4", "♥A ♦A ♣A"),
        "one-meld-at-a-time",
    ),
    # Slovenian: only a seat that has opened may swap a joker; the freed joker must have somewhere to go.
    refusal(
        JOKERS_KALOOKI,
        "slovenian, not open",
        partial(swap_or_open, SL),
        "swap ♠3 0",
        "contract-not-down",
        NOT_OPENED_SWAP,
    ),
    refusal(
        JOKERS_KALOOKI, "slovenian, not open", partial(swap_or_open, SL), "swap ♦Q 1", "contract-not-down"
    ),
    refusal(SLOVENIAN_JOKERS, "a full set", joker_with_nowhere_to_go, "swap ♦Q 0", "joker-stuck"),
    refusal(SLOVENIAN_JOKERS, "no swaps", no_joker_swaps, "swap ♠3 0", "no-joker-swaps"),
    # Kalooki: going out needs a final discard.
    refusal(
        JOKERS_GOING_OUT, "kalooki, last card", last_card_beside_a_joker, "swap ♦Q 0", "must-discard-last"
    ),
    refusal(
        KALOOKI_GOING_OUT,
        "kalooki, last meld",
        partial(kalooki_open_holding, "♣5 ♣6 ♣7"),
        LayDown.of("♣5 ♣6 ♣7"),
        "must-discard-last",
    ),
    refusal(
        KALOOKI_GOING_OUT,
        "kalooki, last card",
        partial(kalooki_open_holding, "♥7"),
        "off ♥7 0",
        "must-discard-last",
    ),
    refusal(
        KEEPS_DISCARD,
        "kalooki, kings and queens",
        opening_that_leaves_no_discard,
        LayDown.of("♠K ♥K ♦K"),
        "opening-keeps-discard",
        "final discard",
    ),
    # Kalooki: a swap before opening only while the opening can follow this turn, keeping a card to discard.
    refusal(
        SWAP_BEFORE_OPENING,
        "kalooki, not open",
        unopened_swap,
        "swap ♠6 0",
        "contract-not-down",
        UNOPENED_SWAP_REASON,
    ),
    refusal(
        SWAP_KEEPS_DISCARD,
        "kalooki, every card",
        swap_that_takes_every_card,
        "swap ♠6 0",
        "contract-not-down",
        "keep a card to discard",
    ),
    refusal(
        SWAP_BEFORE_OPENING,
        "kalooki+jokers_at_most_naturals, half open",
        partial(half_an_opening_and_a_swap, attrs.evolve(KA, jokers_at_most_naturals=True)),
        "swap ♠Q 1",
        "contract-not-down",
        "make up the rest of your opening (30 of 51 points laid)",
    ),
]


@pytest.mark.parametrize(REFUSAL, REFUSALS)
def test_refused(state: Callable[[], GameState], action: str | remi.Action, code: str, reason: str) -> None:
    assert_refused(state, action, code, reason)
