"""The solver's answers to the engine: knock_cards and can_complete_contract.

Both are checked against the slow definitions they replace: knock_cards
against a deadwood call per discard, can_complete_contract against the list
of every contract layout.
"""

from __future__ import annotations

import random
from collections import Counter

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import remi
from remi import JOKER, Card, Meld
from remi.solver import knocks
from remi.solver.completion import can_complete_contract, contract_lay_test
from remi.solver.knocks import knock_cards

SMALL = attrs.evolve(
    remi.NORWEGIAN,
    name="small contracts",
    run_min=3,
    hand_size_by_round=(7, 7, 7, 7, 7),
    contracts=[(1, 0), (0, 1), (1, 1), (2, 0), (0, 2)],
    rounds=5,
)
SMALL_APART = attrs.evolve(SMALL, same_suit_runs_apart=True, all_down_at_once=True)
SMALL_TWOS = attrs.evolve(SMALL, jokers=0, wild_spade_twos=True)
SMALL_LOOSE = attrs.evolve(SMALL, all_down_at_once=True)

#: A narrow slice of the pack (ranks A-6 and Q-K of two suits) where melds abound.
SLICE = tuple(Card.of(r, s) for s in (0, 1) for r in (1, 2, 3, 4, 5, 6, 12, 13))
DECK = tuple(Card.from_code(code) for code in range(52))


def naive_knock(hand: list[Card], ruleset: remi.Ruleset) -> frozenset[Card]:
    out = set()
    for card in set(hand):
        rest = list(hand)
        rest.remove(card)
        if remi.deadwood(rest, ruleset) <= ruleset.knock_limit:
            out.add(card)
    return frozenset(out)


def gin_hands(cards: tuple[Card, ...], size: int) -> st.SearchStrategy[list[Card]]:
    return st.lists(st.sampled_from(cards), min_size=size, max_size=size, unique=True)


# -- knock_cards -----------------------------------------------------------------------------------


def test_knock_cards_examples() -> None:
    hand = remi.parse_cards("♠3 ♠4 ♠5 ♥9 ♦9 ♣9 ♣J ♣Q ♣K ♦2 ♥A")
    assert knock_cards(hand, remi.GIN) == naive_knock(list(hand), remi.GIN)
    assert knock_cards((), remi.GIN) == frozenset()
    # Text is read like any hand.
    assert knock_cards("♠3 ♠4 ♠5 ♥9 ♦9 ♣9 ♣J ♣Q ♣K ♦2 ♥A", remi.GIN) == knock_cards(hand, remi.GIN)  # type: ignore[arg-type]


@settings(max_examples=150)
@given(hand=gin_hands(DECK, 11))
def test_knock_cards_random_gin_hands(hand: list[Card]) -> None:
    assert knock_cards(hand, remi.GIN) == naive_knock(hand, remi.GIN)


@settings(max_examples=150)
@given(hand=gin_hands(SLICE, 11), limit=st.integers(0, 40))
def test_knock_cards_dense_hands_any_limit(hand: list[Card], limit: int) -> None:
    ruleset = attrs.evolve(remi.GIN, knock_limit=limit)
    assert knock_cards(hand, ruleset) == naive_knock(hand, ruleset)


@pytest.mark.parametrize(
    "ruleset",
    [remi.NORWEGIAN, remi.KALOOKI, remi.with_variants(remi.NORWEGIAN, "spade twos wild")],
    ids=["norwegian", "kalooki", "spade-twos"],
)
@settings(max_examples=60)
@given(
    cards=st.lists(st.sampled_from(SLICE), min_size=1, max_size=10),
    jokers=st.integers(0, 2),
    limit=st.integers(0, 60),
)
def test_knock_cards_with_wild_cards_and_duplicates(
    ruleset: remi.Ruleset, cards: list[Card], jokers: int, limit: int
) -> None:
    ruleset = attrs.evolve(ruleset, knock_limit=limit)
    # A hand the pack can give: at most max_decks copies of a card, no joker with wild ♠2s
    # (docs/rules/index.rst, shared-copies).
    kept: list[Card] = []
    for card in cards:
        if kept.count(card) < ruleset.max_decks:
            kept.append(card)
    hand = kept + [JOKER] * (0 if ruleset.wild_spade_twos else jokers)
    assert knock_cards(hand, ruleset) == naive_knock(hand, ruleset)


def _pack_hand(cards: list[Card], jokers: int, ruleset: remi.Ruleset) -> list[Card]:
    kept: list[Card] = []
    for card in cards:
        if kept.count(card) < ruleset.max_decks:
            kept.append(card)
    return kept + [JOKER] * (0 if ruleset.wild_spade_twos else jokers)


# The promise of knock_cards' docstring: exactly the discards whose deadwood is within the limit,
# whether the one walk finds them all or is cut short and the cards left are asked one by one.
@pytest.mark.parametrize("states", [0, 1, 7, 60])
@settings(max_examples=40, deadline=None)
@given(
    cards=st.lists(st.sampled_from(SLICE), min_size=1, max_size=12),
    jokers=st.integers(0, 3),
    limit=st.integers(0, 40),
)
def test_knock_cards_walk_cut_short_gives_the_same_cards(
    states: int, cards: list[Card], jokers: int, limit: int
) -> None:
    ruleset = attrs.evolve(remi.NORWEGIAN, knock_limit=limit)
    hand = _pack_hand(cards, jokers, ruleset)
    expected = naive_knock(hand, ruleset)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(knocks, "_KNOCK_WALK_STATES", states)
        remi.clear_caches()
        try:
            assert knock_cards(hand, ruleset) == expected
        finally:
            remi.clear_caches()


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10**6), size=st.integers(14, 22), jokers=st.integers(0, 4))
def test_knock_cards_bigger_norwegian_hands(seed: int, size: int, jokers: int) -> None:
    pack = [c for c in remi.make_pack(2, 0)]
    random.Random(seed).shuffle(pack)
    hand = pack[: size - jokers] + [JOKER] * jokers
    ruleset = attrs.evolve(remi.NORWEGIAN, knock_limit=30)
    assert knock_cards(hand, ruleset) == naive_knock(hand, ruleset)


# -- can_complete_contract -------------------------------------------------------------------------


def brute_complete(
    hand: tuple[Card, ...], laid: tuple[Meld, ...], round: int, ruleset: remi.Ruleset, keep: int
) -> bool:
    """Some layout of the laid cards plus *hand* holds the laid melds and keeps *keep* cards back."""
    whole = [c for m in laid for c in m.cards] + list(hand)
    want = Counter(laid)
    for layout in remi.contract_layouts(whole, round, ruleset):
        have = Counter(layout)
        if want - have:
            continue
        rest = have - want
        used = sum(len(m.cards) for m in rest.elements())
        if len(hand) - used >= keep:
            return True
    return False


def split(
    data: st.DataObject, whole: tuple[Card, ...], round: int, ruleset: remi.Ruleset
) -> tuple[tuple[Card, ...], tuple[Meld, ...]]:
    """Lay part of one layout of *whole* (when there is one), or a meld that may not belong."""
    layouts = remi.contract_layouts(whole, round, ruleset)
    laid: tuple[Meld, ...] = ()
    if layouts and data.draw(st.booleans()):
        layout = data.draw(st.sampled_from(layouts))
        laid = tuple(data.draw(st.lists(st.sampled_from(layout), max_size=len(layout), unique_by=id)))
        if Counter(laid) - Counter(layout):
            laid = ()
    elif data.draw(st.booleans()):
        melds = remi.candidate_melds(whole, ruleset)
        if melds:
            laid = (data.draw(st.sampled_from(melds)),)
    held = Counter(whole)
    held.subtract(c for m in laid for c in m.cards)
    return tuple(held.elements()), laid


@pytest.mark.parametrize(
    "ruleset",
    [SMALL, SMALL_APART, SMALL_TWOS, SMALL_LOOSE],
    ids=["small", "apart", "twos", "all-down"],
)
@settings(max_examples=80, deadline=None)
@given(data=st.data())
def test_can_complete_contract_matches_the_layouts(ruleset: remi.Ruleset, data: st.DataObject) -> None:
    drawn = data.draw(st.lists(st.sampled_from(SLICE), min_size=1, max_size=9))
    # A hand never holds more copies of a card than the pack has (docs/rules/index.rst, shared-copies).
    cards = [c for c, n in Counter(drawn).items() for _ in range(min(n, ruleset.max_decks))]
    jokers = 0 if ruleset.wild_spade_twos else data.draw(st.integers(0, 2))
    whole = tuple(cards) + (JOKER,) * jokers
    round = data.draw(st.integers(1, len(ruleset.contracts)))
    keep = data.draw(st.integers(0, 2))
    hand, laid = split(data, whole, round, ruleset)
    got = can_complete_contract(hand, laid, round, ruleset, keep=keep)
    assert got == brute_complete(hand, laid, round, ruleset, keep)
    if not laid and not keep:
        assert got == bool(remi.contract_layouts(hand, round, ruleset))


@pytest.mark.parametrize(
    "ruleset",
    [remi.NORWEGIAN, remi.with_variants(remi.NORWEGIAN, "all down at once")],
    ids=["norwegian", "all-down"],
)
@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_can_complete_contract_norwegian(ruleset: remi.Ruleset, data: st.DataObject) -> None:
    pack = remi.make_pack(2, 4)
    narrow = [c for c in pack if c.is_joker or c.rank <= 7]
    drawn = data.draw(st.lists(st.sampled_from(narrow), min_size=6, max_size=12))
    # No more copies of a card than the pack has (two decks, four jokers).
    whole = tuple(c for i, c in enumerate(drawn) if drawn[: i + 1].count(c) <= pack.count(c))
    round = data.draw(st.integers(1, 7))
    keep = data.draw(st.integers(0, 1))
    hand, laid = split(data, whole, round, ruleset)
    got = can_complete_contract(hand, laid, round, ruleset, keep=keep)
    assert got == brute_complete(hand, laid, round, ruleset, keep)


@pytest.mark.parametrize(
    "ruleset",
    [
        remi.NORWEGIAN,
        remi.with_variants(remi.NORWEGIAN, "all down at once"),
        remi.with_variants(remi.NORWEGIAN, "same-suit runs"),
        remi.with_variants(remi.NORWEGIAN, "spade twos wild"),
        SMALL,
        SMALL_APART,
        SMALL_TWOS,
        SMALL_LOOSE,
    ],
    ids=["norwegian", "all-down", "apart", "twos", "small", "small-apart", "small-twos", "small-all-down"],
)
@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_the_per_meld_test_is_can_complete_contract(ruleset: remi.Ruleset, data: st.DataObject) -> None:
    """contract_lay_test's shared-work test (the engine's lay-down listing) answers as the one-off question."""
    pack = remi.make_pack(2, 0 if ruleset.wild_spade_twos else 4)
    narrow = [c for c in pack if c.is_joker or c.rank <= 7 or c.rank >= 12]
    drawn = data.draw(st.lists(st.sampled_from(narrow), min_size=4, max_size=16))
    whole = tuple(c for i, c in enumerate(drawn) if drawn[: i + 1].count(c) <= pack.count(c))
    round = data.draw(st.integers(1, len(ruleset.contracts)))
    keep = data.draw(st.integers(0, 1))
    hand, laid = split(data, whole, round, ruleset)
    test = contract_lay_test(hand, laid, round, ruleset, keep)
    for meld in remi.candidate_melds(hand, ruleset):
        rest = Counter(hand)
        rest.subtract(meld.cards)
        expected = can_complete_contract(tuple(rest.elements()), (*laid, meld), round, ruleset, keep=keep)
        if test is None:
            assert not expected, meld
            continue
        contract = remi.contract_for(round, ruleset)
        wanted = sum(1 for m in laid if m.kind == meld.kind) < (
            contract.sets if meld.kind == "set" else contract.runs
        )
        exact = not (ruleset.all_down_at_once or round == len(ruleset.contracts))
        size = ruleset.set_min if meld.kind == "set" else ruleset.run_min
        if wanted and (not exact or len(meld.cards) == size):
            assert test(meld) == expected, meld


def test_can_complete_contract_edges() -> None:
    nine_set = remi.parse_meld("♠9 ♥9 ♦9")
    run = remi.parse_meld("♣5 ♣6 ♣7 ♣8")
    # The contract already fulfilled: complete with nothing more, keeping what is asked.
    assert can_complete_contract(remi.parse_cards("♥K"), [nine_set, run], 2, remi.NORWEGIAN, keep=1)
    assert not can_complete_contract((), [nine_set, run], 2, remi.NORWEGIAN, keep=1)
    # Too many sets, a meld of the wrong size, nothing laid and nothing to lay.
    assert not can_complete_contract((), [nine_set, nine_set, nine_set], 2, remi.NORWEGIAN)
    four = remi.parse_meld("♠9 ♥9 ♦9 ♣9")
    assert not can_complete_contract(remi.parse_cards("♣5 ♣6 ♣7 ♣8"), [four], 2, remi.NORWEGIAN)
    assert not can_complete_contract((), (), 1, remi.NORWEGIAN)
    with pytest.raises(remi.RulesetError):
        can_complete_contract((), (), 9, remi.NORWEGIAN)
    # The last round takes every card: a kept card is never allowed.
    hand = remi.parse_cards("♠2 ♠3 ♠4 ♠5 ♥6 ♥7 ♥8 ♥9 ♦10 ♦J ♦Q ♦K")
    assert can_complete_contract(hand, (), 7, remi.NORWEGIAN)
    assert not can_complete_contract(hand, (), 7, remi.NORWEGIAN, keep=1)
    # Same-suit runs apart: a run touching a laid one does not count.
    apart = remi.with_variants(remi.NORWEGIAN, "same-suit runs")
    laid = [remi.parse_meld("♣3 ♣4 ♣5 ♣6")]
    assert not can_complete_contract(remi.parse_cards("♣7 ♣8 ♣9 ♣10"), laid, 3, apart)
    assert can_complete_contract(remi.parse_cards("♣8 ♣9 ♣10 ♣J"), laid, 3, apart)


# -- deadwood: the fast path for hands without wild or repeated cards ------------------------------

PLAIN_RULES = [
    remi.GIN,
    remi.NORWEGIAN,
    remi.KALOOKI,
    remi.SWEDISH,
    attrs.evolve(remi.GIN, ace_high=True),
    attrs.evolve(remi.GIN, ace_low=False, ace_high=True),
    attrs.evolve(remi.GIN, set_max=3, run_min=4),
    attrs.evolve(remi.GIN, set_min=4, run_min=5),
    attrs.evolve(remi.GIN, set_min=2, run_min=2),
]


@pytest.mark.parametrize("index", range(len(PLAIN_RULES)))
@settings(max_examples=60)
@given(
    hand=st.lists(st.sampled_from(DECK), max_size=14, unique=True),
    dense=st.lists(st.sampled_from(SLICE), max_size=12, unique=True),
)
def test_deadwood_fast_path_matches_best_arrangement(index: int, hand: list[Card], dense: list[Card]) -> None:
    ruleset = PLAIN_RULES[index]
    for cards in (hand, dense):
        assert remi.deadwood(cards, ruleset) == remi.best_arrangement(cards, ruleset).deadwood_value
        assert remi.deadwood(iter(cards), ruleset) == remi.deadwood(" ".join(map(str, cards)), ruleset)
        loose = attrs.evolve(ruleset, knock_limit=25)
        assert knock_cards(cards, loose) == naive_knock(cards, loose)


# -- no reference cycles per call ------------------------------------------------------------------


def test_solver_calls_leave_no_reference_cycles() -> None:
    import gc
    import random

    rng = random.Random(7)
    norwegian_pack = remi.make_pack(2, 4)
    gc.collect()
    gc.disable()
    try:
        for _ in range(200):
            hand = rng.sample(DECK, 11)
            knock_cards(hand, remi.GIN)
            remi.deadwood(hand[:10], remi.GIN)
            remi.best_arrangement(hand[:10], remi.GIN)
            remi.candidate_melds(hand, remi.GIN)
            big = rng.sample(norwegian_pack, 12)
            remi.contract_layouts(big, 2, remi.NORWEGIAN)
            remi.contract_layouts(big, 7, remi.NORWEGIAN)
            can_complete_contract(big, (), 3, remi.NORWEGIAN, keep=1)
            remi.opening_layouts(big, remi.SLOVENIAN, limit=5)
        freed = gc.collect()
    finally:
        gc.enable()
    assert freed < 100


# -- one meld order ---------------------------------------------------------------------------------


def test_meld_key_and_meld_sort_key_agree() -> None:
    from remi.actions import meld_key

    melds = list(remi.candidate_melds("♠5 ♠6 ♠7 ♥2 ♥3 ♥4 ♣7 ♦7 ♥7 JK", remi.NORWEGIAN))
    assert len(melds) > 10
    for meld in melds:
        assert meld_key(meld) == remi.meld_sort_key(meld)
    melds.reverse()
    assert sorted(melds, key=meld_key) == sorted(melds, key=remi.meld_sort_key)
    # The one order: sets before runs, runs by suit (♠ ♥ ♦ ♣) then lowest rank.
    ordered = sorted(melds, key=meld_key)
    assert [m.kind == "run" for m in ordered] == sorted(m.kind == "run" for m in ordered)
    runs = [(m.suit, m.rank) for m in ordered if m.kind == "run"]
    assert runs == sorted(runs)
    assert list(remi.candidate_melds("♠5 ♠6 ♠7 ♥2 ♥3 ♥4", remi.NORWEGIAN)) == sorted(
        remi.candidate_melds("♠5 ♠6 ♠7 ♥2 ♥3 ♥4", remi.NORWEGIAN), key=meld_key
    )


def test_legal_lay_downs_follow_the_one_meld_order() -> None:
    from remi.actions import meld_key

    state = remi.new_game(remi.SWEDISH, players=2, seed=3)
    for _ in range(400):
        if state.is_over:
            break
        legal = state.legal_actions()
        lays = [a.melds[0] for a in legal if isinstance(a, remi.LayDown)]
        assert lays == sorted(lays, key=meld_key)
        state = state.apply(legal[(7 * state.turn) % len(legal)])


# -- caches never confuse two rulesets ---------------------------------------------------------------


def test_caches_tell_rulesets_apart() -> None:
    hand = remi.parse_cards("♠3 ♠4 ♠5 ♥9 ♦9 ♣9 ♣J ♣Q ♣K ♦2 ♥A")
    tens = attrs.evolve(remi.GIN, values=remi.CardValues(ace=1, court=20))
    strict = attrs.evolve(remi.GIN, knock_limit=2)
    for _ in range(2):
        assert remi.deadwood(hand[:10], remi.GIN) == 2
        assert remi.deadwood(hand[:10], tens) == 2
        assert remi.deadwood(remi.parse_cards("♣J ♦2 ♥A"), remi.GIN) == 13
        assert remi.deadwood(remi.parse_cards("♣J ♦2 ♥A"), tens) == 23
        assert knock_cards(hand, remi.GIN) == frozenset(remi.parse_cards("♠5 ♥A ♦2"))
        assert knock_cards(hand, strict) == frozenset(remi.parse_cards("♥A ♦2"))
        # An equal ruleset built anew shares the answers; it is never another ruleset's.
        assert knock_cards(hand, attrs.evolve(remi.GIN)) == knock_cards(hand, remi.GIN)


@pytest.mark.parametrize(
    "text",
    [
        "♠Q ♠K ♠A JK ♥A ♥2 ♥3 ♥4 ♦5 ♦6 ♦7 ♦8",  # the ace high in one suit, low in another
        "♠Q ♠K ♠A ♥A ♥2 ♥3 ♥4 ♦5 ♦6 ♦7 ♦8",  # one card short of a run
        "♠2 ♠5 JK JK ♥9 ♥10 ♥J ♥Q ♦2 ♦3 ♦4 ♦5",  # the jokers fill a gap
        "♠2 ♠6 JK JK JK ♥9 ♥10 ♥J ♥Q ♦2 ♦3 ♦4 ♦5",  # more jokers than naturals in a run
        "♠2 ♠3 ♠4 ♠5 ♠5 ♥6 ♥7 ♥8 ♥9 ♦10 ♦J ♦Q ♦K",  # a repeated card
        "♠2 ♠3 ♠4 ♠5 ♠6 ♠7 ♠8 ♠9 ♠10 ♠J ♠Q ♠K JK JK",  # fewer suits than runs
    ],
)
def test_last_round_one_run_per_suit(text: str) -> None:
    hand = remi.parse_cards(text)
    expected = bool(remi.contract_layouts(hand, 7, remi.NORWEGIAN))
    assert can_complete_contract(hand, (), 7, remi.NORWEGIAN) == expected
