"""docs/rules/norwegian.rst, norwegian-build-card-by-card: melds of free size go down card by card.

The build must offer exactly the melds a whole ``lay`` would have offered:
every meld it reaches may be laid, and every meld that may be laid is
reached (the property test compares the two on random hands of every
variant that builds). The rest checks the steps, the refusals, the helper
that plays them, and a state caught mid-build.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator

import attrs
import pytest
from game_helpers import mid_build, position
from hypothesis import given
from hypothesis import strategies as st

import remi
from remi import Build, Card, GameState, LayDown, Meld, parse_card
from remi.game.engine import _hand_melds, _lay_question

ALL_DOWN = remi.with_variants(remi.NORWEGIAN, "all down at once")

LOOSE = attrs.evolve(
    ALL_DOWN,
    jokers_at_most_naturals=False,
    run_min=3,
    set_max=None,
    distinct_suit_sets=True,
    ace_high=False,
)

#: Every kind of ruleset that builds: rounds 1-6 with all down at once, and the last round.
BUILDING: dict[str, tuple[remi.Ruleset, tuple[int, ...]]] = {
    "all down": (ALL_DOWN, (1, 2, 3, 4, 5, 6, 7)),
    "all down, runs apart": (remi.with_variants(ALL_DOWN, "same-suit runs"), (2, 3, 6, 7)),
    "all down, spade twos wild": (remi.with_variants(ALL_DOWN, "spade twos wild"), (2, 3, 5, 7)),
    "all down, last card discarded": (remi.with_variants(ALL_DOWN, "last card must be discarded"), (1, 3, 7)),
    "round 7": (remi.NORWEGIAN, (7,)),
    "round 7, spade twos wild": (remi.with_variants(remi.NORWEGIAN, "spade twos wild"), (7,)),
    # Sets of distinct suits (at most four cards, a second ♠2 only wild), any number of jokers,
    # runs of three, the ace low only.
    "all down, loose": (LOOSE, (1, 2, 3, 5, 6)),
    "all down, loose, spade twos wild": (remi.with_variants(LOOSE, "spade twos wild"), (1, 3, 6)),
}


def deal_hand(rules: remi.Ruleset, round: int, rng: random.Random) -> list[Card]:
    """A hand that can often lay its contract in many ways: the contract's melds, longer, with wild cards and noise."""
    decks, jokers = rules.pack_for(4)
    left = Counter(remi.make_pack(decks, jokers))
    spare_wild = Card.of(2, 0) if rules.wild_spade_twos else remi.JOKER
    hand: list[Card] = []

    def take(card: Card) -> None:
        if rng.random() < 0.2 and left[spare_wild] > 0:
            card = spare_wild
        if left[card] > 0:
            left[card] -= 1
            hand.append(card)

    contract = remi.contract_for(round, rules)
    for _ in range(contract.sets):
        rank = rng.randint(1, 13)
        for _ in range(rng.randint(2, 5)):
            take(Card.of(rank, rng.randrange(4)))
    for _ in range(contract.runs):
        suit, low = rng.randrange(4), rng.randint(1, 10)
        for rank in range(low, min(14, low + rng.randint(3, 8))):
            if rng.random() < 0.9:
                take(Card.of(rank, suit))
    for _ in range(rng.randint(0, 3)):
        take(rng.choice(sorted(left.elements(), key=lambda c: c.code)))
    return hand


def building_state(name: str, seed: int) -> GameState:
    rules, rounds = BUILDING[name]
    rng = random.Random(seed)
    round = rng.choice(rounds)
    hand = deal_hand(rules, round, rng)
    return position(rules, hands={0: " ".join(map(str, hand))}, round=round)


def whole_melds(state: GameState) -> set[Meld]:
    """The melds a whole ``lay`` would offer: every candidate of the hand through the engine's test of one meld."""
    ask = _lay_question(state)
    if ask is None:
        return set()
    passes, kinds, _ = ask
    hand = state.hands[state.turn_player]
    return {m for m in _hand_melds(hand, state.ruleset, False, kinds) if passes(m)}


def built_melds(state: GameState) -> Iterator[tuple[GameState, Meld]]:
    """Every meld the build steps reach from *state*, with the state it is laid from."""
    legal = state.legal_actions()
    if state.building:
        assert legal, f"a build with no way on: {state.building}"
        assert all(isinstance(a, (Build, LayDown)) for a in legal), [str(a) for a in legal]
    for action in legal:
        if isinstance(action, Build):
            yield from built_melds(state.apply(action))
        elif isinstance(action, LayDown):
            assert state.building, f"{action} offered whole where melds are built"
            (meld,) = action.melds
            assert sorted(c.code for c in meld.cards) == [c.code for c in state.building]
            yield state, meld


@pytest.mark.rule("norwegian-build-card-by-card")
@given(name=st.sampled_from(sorted(BUILDING)), seed=st.integers(0, 10**6))
def test_a_build_reaches_exactly_the_melds_a_whole_lay_offered(name: str, seed: int) -> None:
    # docs/rules/norwegian.rst, norwegian-build-card-by-card: each card is offered only while some meld
    # that may be laid now is made of the cards chosen and higher ones; the meld laid is as in a whole lay
    state = building_state(name, seed)
    reached: dict[Meld, GameState] = {}
    for laid_from, meld in built_melds(state):
        assert meld not in reached, f"{meld} reached twice"
        reached[meld] = laid_from
    assert set(reached) == whole_melds(state)
    for meld, laid_from in list(reached.items())[:5]:
        after = laid_from.apply(LayDown((meld,)))
        assert after.building == () and meld in after.table


@pytest.mark.rule("norwegian-build-card-by-card")
def test_a_long_meld_goes_down_card_by_card() -> None:
    # docs/rules/norwegian.rst, norwegian-build-card-by-card: build actions in ascending card order, then a lay
    state = position(ALL_DOWN, hands=["♠4 ♠5 ♠6 ♠7 ♠8 ♥9 ♦9 ♣9 JK ♦K", "♣5", "♣6", "♣7"], round=2)
    legal = state.legal_actions()
    assert not any(isinstance(a, LayDown) for a in legal)
    assert [str(a) for a in legal if isinstance(a, Build)] == [
        "build ♠4",
        "build ♠5",
        "build ♠6",
        "build ♥9",
        "build ♦9",
    ]
    steps = state.lay_steps("♠4 ♠5 ♠6 ♠7 ♠8 JK")
    assert [str(a) for a in steps] == [
        "build ♠4",
        "build ♠5",
        "build ♠6",
        "build ♠7",
        "build ♠8",
        "build JK",
        "lay ♠4 ♠5 ♠6 ♠7 ♠8 JK=♠9",
    ]
    middle = state
    for step in steps[:-1]:
        assert step in middle.legal_actions()
        middle = middle.apply(step)
    # A joker at either end: two lays of the same cards.
    assert [str(a) for a in middle.legal_actions()] == [
        "lay JK=♠3 ♠4 ♠5 ♠6 ♠7 ♠8",
        "lay ♠4 ♠5 ♠6 ♠7 ♠8 JK=♠9",
    ]
    after = middle.apply(steps[-1])
    assert after == state.lay("♠4 ♠5 ♠6 ♠7 ♠8 JK")
    assert after.building == () and after.table == (steps[-1].melds[0],)
    # The contract (1 set + 1 run) is half laid: the set comes next, card by card too.
    assert [str(a) for a in after.legal_actions()] == ["build ♥9"]


@pytest.mark.rule("norwegian-build-card-by-card")
def test_least_size_melds_are_built_too_and_other_rounds_lay_whole() -> None:
    # docs/rules/norwegian.rst, norwegian-build-card-by-card: where melds have free size every meld is built;
    # elsewhere a meld goes down whole and nothing is built
    hand = "♠9 ♥9 ♦9 ♥4 ♦4 ♣4 ♠K"
    built = position(ALL_DOWN, hands=[hand, "♣5", "♣6", "♣7"], round=1)
    whole = position(remi.NORWEGIAN, hands=[hand, "♣5", "♣6", "♣7"], round=1)
    assert [str(a) for a in built.legal_actions() if not isinstance(a, remi.Discard)] == [
        "build ♠9",
        "build ♥4",
    ]
    assert LayDown.of("♠9 ♥9 ♦9") in whole.legal_actions()
    error = whole.why_illegal("build ♠9")
    assert error is not None and error.code == "melds-go-down-whole"
    error = built.why_illegal("lay ♠9 ♥9 ♦9")
    assert error is not None and error.code == "lay-card-by-card"
    assert "build ♠9, build ♥9, build ♦9" in error.reason
    assert built.lay("♠9 ♥9 ♦9", "♥4 ♦4 ♣4").hands[0] == (parse_card("♠K"),)


@pytest.mark.rule("norwegian-build-card-by-card")
def test_refusals_while_building() -> None:
    # docs/rules/norwegian.rst, norwegian-build-card-by-card: while a meld is being built nothing else may happen
    state = position(ALL_DOWN, hands=["♠4 ♠5 ♠6 ♠7 ♠8 ♥9 ♦9 ♣9 JK ♦K", "♣5", "♣6", "♣7"], round=2)
    middle = state.apply("build ♠5")
    assert middle.building == (parse_card("♠5"),)
    assert state.building == ()  # untouched
    cases = {
        "discard ♦K": "meld-unfinished",
        "build ♠4": "build-order",
        "build ♣2": "not-in-hand",
        "build ♠5": "not-in-hand",
        "build ♥9": "no-meld-to-build",
        "lay ♠5 ♠6 ♠7 ♠8": "not-the-built-meld",
    }
    for text, code in cases.items():
        error = middle.why_illegal(text)
        assert error is not None and error.code == code, (text, error)
        assert error.reason.endswith("."), error.reason
        assert not middle.is_legal(text)
        with pytest.raises(remi.IllegalActionError) as raised:
            middle.apply(text)
        assert raised.value.code == code
    assert middle.building == (parse_card("♠5"),)
    # A whole meld from a build under way: the helper plays the rest of its steps.
    assert middle.lay("♠5 ♠6 ♠7 ♠8").table == (remi.parse_meld("♠5 ♠6 ♠7 ♠8"),)
    with pytest.raises(remi.IllegalActionError) as raised:
        middle.lay("♠4 ♠5 ♠6 ♠7")
    assert raised.value.code == "not-the-built-meld"


@pytest.mark.rule("norwegian-build-card-by-card")
def test_nothing_to_build_names_why() -> None:
    # docs/rules/norwegian.rst, norwegian-build-card-by-card: a card is offered only while a meld can be laid
    state = position(ALL_DOWN, hands=["♠4 ♠5 ♠6 ♥9 ♦K ♣2", "♣5", "♣6", "♣7"], round=2)
    assert not any(isinstance(a, Build) for a in state.legal_actions())
    error = state.why_illegal("build ♠4")
    assert error is not None and error.code == "no-meld-to-build"
    down = position(ALL_DOWN, hands=["♠4 ♠5 ♠6 ♠7 ♦K", "♣5", "♣6", "♣7"], round=2, down={0: 0}, turn=3)
    error = down.why_illegal("build ♠4")
    assert error is not None and error.code == "no-meld-to-build" and "already down" in error.reason


@pytest.mark.rule("norwegian-build-card-by-card")
def test_round_seven_builds_only_melds_that_go_out() -> None:
    # docs/rules/norwegian.rst, norwegian-round-seven and norwegian-build-card-by-card: the runs take every card
    hand = "♠A ♠2 ♠3 ♠4 ♠5 ♥5 ♥6 ♥7 ♥8 ♥9 ♦9 ♦10 ♦J ♦Q"
    state = position(hands=[hand, "♣5 ♣6", "♣7 ♣8", "♣9 ♣10"], round=7, turn=9, buys={0: 1})
    builds = [str(a) for a in state.legal_actions() if not isinstance(a, remi.Discard)]
    assert builds == ["build ♠A", "build ♥5", "build ♦9"]
    after = state.lay("♠A ♠2 ♠3 ♠4 ♠5", "♥5 ♥6 ♥7 ♥8 ♥9", "♦9 ♦10 ♦J ♦Q")
    assert after.results[-1].went_out == 0


@pytest.mark.rule("norwegian-build-card-by-card")
@pytest.mark.parametrize("seed", range(4))
def test_a_state_mid_build_survives_its_dict_and_old_formats_still_load(seed: int) -> None:
    # docs/rules/norwegian.rst, norwegian-build-card-by-card: the cards chosen are part of the state
    rules = attrs.evolve(ALL_DOWN, max_turns_per_round=40)
    state = mid_build(seed, ruleset=rules)
    data = state.to_dict()
    assert data["format"] == "remi-state/4" and data["building"] == " ".join(map(str, state.building))
    back = GameState.from_dict(data)
    assert back == state and back.legal_actions() == state.legal_actions()
    # remi-state/2 had no building: a dict of a state with nothing built loads as before.
    idle = remi.new_game(rules, players=4, seed=seed).to_dict()
    del idle["building"]
    idle["format"] = "remi-state/2"
    assert GameState.from_dict(idle) == remi.new_game(rules, players=4, seed=seed)


@pytest.mark.rule("norwegian-build-card-by-card")
def test_a_forged_build_is_refused() -> None:
    # docs/rules/norwegian.rst, norwegian-build-card-by-card: only where melds are built, ascending, from the hand
    hand = "♠4 ♠5 ♠6 ♠7 ♠8 ♥9 ♦9 ♣9 JK ♦K"
    state = position(ALL_DOWN, hands=[hand, "♣5", "♣6", "♣7"], round=2)
    five, four, club = parse_card("♠5"), parse_card("♠4"), parse_card("♣2")
    for building in [(five, four), (club,)]:
        with pytest.raises(remi.StateError):
            GameState.from_dict({**state.to_dict(), "building": " ".join(map(str, building))})
    whole = position(remi.NORWEGIAN, hands=[hand, "♣5", "♣6", "♣7"], round=2)
    with pytest.raises(remi.StateError):
        GameState.from_dict({**whole.to_dict(), "building": "♠5"})
    with pytest.raises(remi.StateError):
        attrs.evolve(whole, building=(five,)).check_invariants()


@pytest.mark.rule("norwegian-build-card-by-card")
def test_a_search_serves_only_the_seat_it_was_made_for() -> None:
    # docs/rules/norwegian.rst, norwegian-build-card-by-card: each seat builds from its own hand
    # (a build's search is kept between its steps; a state sharing the hands but not the seat gets its own)
    hands = ["♠4 ♠5 ♠6 ♠7 ♥4 ♥5 ♥6 ♥7 ♦4 ♦5 ♦6 ♦7", "♣8 ♣9 ♣10 ♣J ♥9 ♥10 ♥J ♥Q ♦9 ♦10 ♦J ♦Q", "♣5", "♣6"]
    first = position(hands=hands, round=7)
    assert [str(a) for a in first.legal_actions() if isinstance(a, Build)] == [
        "build ♠4",
        "build ♥4",
        "build ♦4",
    ]
    second = attrs.evolve(first, turn_player=1, to_act=1)
    assert [str(a) for a in second.legal_actions() if isinstance(a, Build)] == [
        "build ♥9",
        "build ♦9",
        "build ♣8",
    ]
    assert second.is_legal("build ♣8") and not second.is_legal("build ♠4")


@pytest.mark.rule("norwegian-spade-twos-wild")
def test_a_spade_two_is_wild_only_where_it_cannot_be_itself() -> None:
    # docs/rules/norwegian.rst, norwegian-spade-twos-wild: a ♠2 stands as itself where it can; in a set of
    # twos of distinct suits a second ♠2 is wild
    twos = remi.with_variants(ALL_DOWN, "spade twos wild")
    state = position(twos, hands={0: "♠A ♠2 ♠3 ♠4 ♥5 ♥6 ♥7 ♥8 ♦9 ♦10 ♦J ♦Q ♣K"}, round=3)
    built = state
    for step in state.lay_steps("♠A ♠2 ♠3 ♠4")[:-1]:
        built = built.apply(step)
    assert [str(a) for a in built.legal_actions()] == ["lay ♠A ♠2 ♠3 ♠4"]
    wild_as_itself = Meld(
        "run", tuple(parse_card(c) for c in ("♠A", "♠2", "♠3", "♠4")), (False, True, False, False), 1, 0
    )
    assert not built.is_legal(LayDown((wild_as_itself,)))
    error = built.why_illegal(LayDown((wild_as_itself,)))
    assert error is not None and error.code == "invalid-meld"
    loose = remi.with_variants(LOOSE, "spade twos wild")
    state = position(loose, hands={0: "♠2 ♦2 ♠5 ♠6 ♠7 ♠8 ♠9 ♠2 ♠J ♦A ♦2 ♦3 ♦4"}, round=6)
    laid = state.lay("♠2 ♦2 ♠2=2")
    assert [str(m) for m in laid.table] == ["♠2 ♦2 ♠2=2"]
