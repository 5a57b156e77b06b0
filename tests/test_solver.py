"""The solver: candidate melds, contract layouts, best arrangement, openings.

The property tests compare the solver with exhaustive searches written here,
on small hands drawn from a narrow slice of the pack so that melds abound.
"""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations_with_replacement, product
from unittest import mock

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import remi
from remi import JOKER, Card, Meld, check_contract, hand_value, meld_points, validate_meld
from remi.solver import (
    arrangement,
    bounds,
    candidates,
    completion,
    contracts,
    covers,
    knocks,
    limits,
    openings,
)
from remi.solver.hands import counts_of, packed_counts, parsed_counts

SPADE_TWOS = remi.with_variants(remi.NORWEGIAN, "spade twos wild")

#: A small contract game for exhaustive cross-checks: runs of 3, five short contracts,
#: the last one going out with the whole hand.
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

RULESETS = {
    "norwegian": remi.NORWEGIAN,
    "swedish": remi.SWEDISH,
    "slovenian": remi.SLOVENIAN,
    "kalooki": remi.KALOOKI,
    "gin": remi.GIN,
    "spade-twos": SPADE_TWOS,
    "small": SMALL,
}

#: A narrow slice of the pack: ranks A-6 and Q-K of two suits, jokers, duplicates allowed.
SLICE = tuple(Card.of(r, s) for s in (0, 1) for r in (1, 2, 3, 4, 5, 6, 12, 13))


def hands(max_size: int = 8, *, jokers: int = 2) -> st.SearchStrategy[tuple[Card, ...]]:
    cards = st.sampled_from(SLICE)
    return st.tuples(st.lists(cards, min_size=1, max_size=max_size), st.integers(0, jokers)).map(
        lambda t: tuple(t[0]) + (JOKER,) * t[1]
    )


def wilds(ruleset: remi.Ruleset) -> tuple[Card, ...]:
    if ruleset.wild_spade_twos:
        return (Card("♠2"),)
    return (JOKER,) if ruleset.has_wild_cards else ()


def legal(meld: Meld, ruleset: remi.Ruleset) -> bool:
    """validate_meld: the hands drawn are trimmed to what the pack holds (:func:`trim`), so every
    meld the solver proposes must pass the referee (docs/rules/index.rst, shared-copies)."""
    return validate_meld(meld, ruleset).ok


def trim(hand: tuple[Card, ...], ruleset: remi.Ruleset) -> tuple[Card, ...]:
    """Keep no more copies of a card than the ruleset's largest pack holds."""
    most = {card: ruleset.max_decks for card in set(hand)}
    most[JOKER] = max(ruleset.pack_for(p)[1] for p in range(ruleset.min_players, ruleset.max_players + 1))
    kept: list[Card] = []
    for card in hand:
        if kept.count(card) < most[card]:
            kept.append(card)
    return tuple(kept)


def passes(check: remi.Check) -> bool:
    """A check passed (the solver's answers on a hand the pack can give, see :func:`legal`)."""
    return check.ok


def fits(cards: Counter[Card], hand: Counter[Card]) -> bool:
    return not (cards - hand)


def brute_melds(hand: tuple[Card, ...], ruleset: remi.Ruleset, exact: bool = False) -> set[Meld]:
    """Every legal meld from *hand*, by trying every arrangement and asking validate_meld."""
    held = Counter(hand)
    wild = wilds(ruleset)
    out: set[Meld] = set()
    for rank in range(1, 14):
        naturals = sorted(c for c in held.elements() if c.rank == rank)
        for size in range(1, len(naturals) + 1):
            for group in set(combinations_with_replacement(sorted(set(naturals)), size)):
                for card in wild:
                    for w in range(0, held[card] + 1):
                        meld = Meld("set", tuple(group) + (card,) * w, (False,) * size + (True,) * w, rank)
                        out.add(meld)
                if not wild:
                    out.add(Meld("set", tuple(group), (False,) * size, rank))
    lo_bound = 1 if ruleset.ace_low else 2
    hi_bound = 14 if ruleset.ace_high else 13
    for suit in range(4):
        for lo in range(lo_bound, hi_bound + 1):
            for length in range(ruleset.run_min, min(13, hi_bound - lo + 1) + 1):
                if length > len(hand):
                    break
                options = []
                for rank in range(lo, lo + length):
                    natural = Card.of(1 if rank == 14 else rank, suit)
                    here = [(natural, False)] if held[natural] else []
                    here += [(card, True) for card in wild if held[card]]
                    options.append(here)
                for choice in product(*options):
                    out.add(Meld("run", tuple(c for c, _ in choice), tuple(w for _, w in choice), lo, suit))
    good = set()
    for meld in out:
        if not fits(Counter(meld.cards), held) or not legal(meld, ruleset):
            continue
        if ruleset.wild_spade_twos and _two_stands_for_itself(meld, ruleset):
            continue
        if exact and len(meld) != (ruleset.set_min if meld.kind == "set" else ruleset.run_min):
            continue
        good.add(meld)
    return good


def _two_stands_for_itself(meld: Meld, ruleset: remi.Ruleset) -> bool:
    """A wild ♠2 in the ♠2's own place, or one that could stand as a natural in a set of twos."""
    two = Card("♠2")
    for i, (card, wild) in enumerate(zip(meld.cards, meld.wild)):
        if card is two and wild:
            if meld.kind == "run" and meld.stands_for(i) is two:
                return True
            if meld.kind == "set" and meld.rank == 2:
                flags = meld.wild[:i] + (False,) + meld.wild[i + 1 :]
                if legal(Meld("set", meld.cards, flags, 2), ruleset):
                    return True
    return False


def brute_layouts(hand: tuple[Card, ...], round: int, ruleset: remi.Ruleset) -> set[tuple[Meld, ...]]:
    contract = ruleset.contracts[round - 1]
    final = ruleset.last_contract_goes_out and round == len(ruleset.contracts)
    exact = not (final or ruleset.all_down_at_once)
    melds = sorted(brute_melds(hand, ruleset, exact), key=remi.meld_sort_key)
    sets = [m for m in melds if m.kind == "set"]
    runs = [m for m in melds if m.kind == "run"]
    held = Counter(hand)
    out = set()
    for chosen_sets in combinations_with_replacement(sets, contract.sets):
        for chosen_runs in combinations_with_replacement(runs, contract.runs):
            layout = chosen_sets + chosen_runs
            used = Counter(c for m in layout for c in m.cards)
            if not fits(used, held) or (final and used != held):
                continue
            if passes(check_contract(layout, round, ruleset, hand=hand if final else None)):
                out.add(layout)
    return out


def brute_best_deadwood(hand: tuple[Card, ...], ruleset: remi.Ruleset) -> int:
    melds = sorted(brute_melds(hand, ruleset), key=remi.meld_sort_key)
    best = hand_value(hand, ruleset)

    def search(start: int, left: Counter[Card]) -> None:
        nonlocal best
        best = min(best, hand_value(list(left.elements()), ruleset))
        for i in range(start, len(melds)):
            use = Counter(melds[i].cards)
            if fits(use, left):
                search(i, left - use)

    search(0, Counter(hand))
    return best


def brute_best_opening(hand: tuple[Card, ...], ruleset: remi.Ruleset) -> int:
    melds = sorted(brute_melds(hand, ruleset), key=remi.meld_sort_key)
    best = 0

    def search(start: int, left: Counter[Card], points: int) -> None:
        nonlocal best
        best = max(best, points)
        for i in range(start, len(melds)):
            use = Counter(melds[i].cards)
            if fits(use, left):
                search(i, left - use, points + meld_points(melds[i], ruleset))

    search(0, Counter(hand), 0)
    return best


# -- candidate melds -----------------------------------------------------------------------------


# docs/rules/index.rst, shared-joker: Concepts: Joker
@pytest.mark.rule("shared-joker")
def test_joker_placements_are_distinct_melds() -> None:
    melds = remi.candidate_melds("♠5 ♠6 ♠7 JK", remi.NORWEGIAN, kinds=("run",))
    assert [str(m) for m in melds] == ["JK=♠4 ♠5 ♠6 ♠7", "♠5 ♠6 ♠7 JK=♠8"]


# docs/rules/norwegian.rst, norwegian-melds: Melds
@pytest.mark.rule("norwegian-melds")
def test_exact_sizes_and_kinds() -> None:
    hand = "♠7 ♥7 ♦7 ♣7 ♠8 ♠9 ♠10 ♠J"
    sets = remi.candidate_melds(hand, remi.NORWEGIAN, kinds=("set",), exact=True)
    runs = remi.candidate_melds(hand, remi.NORWEGIAN, kinds=("run",), exact=True)
    assert len(sets) == 4 and all(len(m) == 3 for m in sets)
    assert [str(m) for m in runs] == ["♠7 ♠8 ♠9 ♠10", "♠8 ♠9 ♠10 ♠J"]
    all_runs = remi.candidate_melds(hand, remi.NORWEGIAN, kinds="run")
    assert len(all_runs) == 3


# docs/rules/norwegian.rst, norwegian-spade-twos-wild: Further variants: spade twos wild
@pytest.mark.rule("norwegian-spade-twos-wild")
def test_spade_two_natural_or_wild() -> None:
    melds = {str(m) for m in remi.candidate_melds("♠2 ♠3 ♠4 ♥7 ♥8 ♥9", SPADE_TWOS, kinds=("run",))}
    assert "♠2=♥6 ♥7 ♥8 ♥9" in melds and "♥7 ♥8 ♥9 ♠2=♥10" in melds
    assert "♠A" not in " ".join(melds)
    assert "♠2=♠5" not in " ".join(melds)  # ♠2 ♠3 ♠4 + the same ♠2 is one card too many
    assert any(str(m) == "♠2 ♠3 ♠4 ♠2=♠5" for m in remi.candidate_melds("♠2 ♠2 ♠3 ♠4", SPADE_TWOS))


def test_unknown_kind_is_a_notation_error() -> None:
    with pytest.raises(remi.NotationError):
        remi.candidate_melds("♠2 ♠3 ♠4", remi.GIN, kinds=("straight",))  # type: ignore[arg-type]


@pytest.mark.parametrize("name", sorted(RULESETS))
@settings(max_examples=25)
@given(hand=hands(7))
def test_candidate_melds_match_brute_force(name: str, hand: tuple[Card, ...]) -> None:
    ruleset = RULESETS[name]
    hand = trim(hand, ruleset)  # the hands the pack can give (docs/rules/index.rst, shared-copies)
    found = remi.candidate_melds(hand, ruleset)
    assert len(set(found)) == len(found)
    assert list(found) == sorted(found, key=remi.meld_sort_key)
    assert set(found) == brute_melds(hand, ruleset)


# -- contract layouts ------------------------------------------------------------------------------


# docs/rules/norwegian.rst, norwegian-contracts: The seven contracts
@pytest.mark.rule("norwegian-contracts")
def test_round_two_layout_and_exact_sizes() -> None:
    layouts = remi.contract_layouts("♥9 ♠9 ♦9 ♣9 ♣5 ♣6 ♣7 ♣8 ♦K ♠3", 2, remi.NORWEGIAN)
    # Four ways to pick three of the four nines beside ♣5-8, and ♣6-9 beside ♠9 ♥9 ♦9.
    assert len(layouts) == 5
    assert ["♠9 ♥9 ♦9", "♣6 ♣7 ♣8 ♣9"] in [[str(m) for m in lay] for lay in layouts]
    for layout in layouts:
        assert [len(m) for m in layout] == [3, 4]


# docs/rules/norwegian.rst, norwegian-contracts: The seven contracts
@pytest.mark.rule("norwegian-contracts")
def test_all_down_at_once_allows_longer_melds() -> None:
    ruleset = remi.with_variants(remi.NORWEGIAN, "all down at once")
    layouts = remi.contract_layouts("♥9 ♠9 ♦9 ♣9 ♣5 ♣6 ♣7 ♣8", 2, ruleset)
    assert ["♠9 ♥9 ♦9 ♣9", "♣5 ♣6 ♣7 ♣8"] in [[str(m) for m in lay] for lay in layouts]


# docs/rules/norwegian.rst, norwegian-contracts: The seven contracts
@pytest.mark.rule("norwegian-contracts")
def test_round_seven_uses_every_card() -> None:
    hand = "♠2 ♠3 ♠4 ♠5 ♥6 ♥7 ♥8 ♥9 ♦10 ♦J ♦Q ♦K"
    assert [[str(m) for m in lay] for lay in remi.contract_layouts(hand, 7, remi.NORWEGIAN)] == [
        ["♠2 ♠3 ♠4 ♠5", "♥6 ♥7 ♥8 ♥9", "♦10 ♦J ♦Q ♦K"]
    ]
    # One card more (bought): a run of five takes it; a stray card blocks going down.
    assert len(remi.contract_layouts(hand + " ♦A", 7, remi.NORWEGIAN)) == 1
    assert remi.contract_layouts(hand + " ♣5", 7, remi.NORWEGIAN) == ()


# docs/rules/norwegian.rst, norwegian-contracts: The seven contracts: same-suit runs
@pytest.mark.rule("norwegian-contracts")
def test_same_suit_runs_apart() -> None:
    hand = "♣3 ♣4 ♣5 ♣6 ♣7 ♣8 ♣9 ♣10"
    assert len(remi.contract_layouts(hand, 3, remi.NORWEGIAN)) == 1
    apart = remi.with_variants(remi.NORWEGIAN, "same-suit runs")
    assert remi.contract_layouts(hand, 3, apart) == ()
    assert len(remi.contract_layouts(hand + " ♣3 ♣4 ♣5 ♣6", 3, apart)) >= 1


def test_bad_round_raises_ruleset_error() -> None:
    with pytest.raises(remi.RulesetError):
        remi.contract_layouts("♣3 ♣4 ♣5 ♣6", 8, remi.NORWEGIAN)
    assert remi.find_contract("♣3 ♣4 ♣5 ♣6", 1, remi.NORWEGIAN) is None


@pytest.mark.parametrize("ruleset", [SMALL, SMALL_APART, SMALL_TWOS], ids=["small", "apart", "twos"])
@settings(max_examples=30)
@given(hand=hands(8), round=st.integers(1, 5))
def test_contract_layouts_match_brute_force(
    ruleset: remi.Ruleset, hand: tuple[Card, ...], round: int
) -> None:
    hand = trim(hand, ruleset)  # no joker with wild ♠2s, no more copies than the pack holds
    layouts = remi.contract_layouts(hand, round, ruleset)
    assert len(set(layouts)) == len(layouts)
    assert set(layouts) == brute_layouts(hand, round, ruleset)


@settings(max_examples=40)
@given(hand=hands(12, jokers=4), round=st.integers(1, 7), seed=st.integers(0, 99))
def test_norwegian_layouts_are_legal_and_order_free(hand: tuple[Card, ...], round: int, seed: int) -> None:
    hand = trim(hand, remi.NORWEGIAN)
    layouts = remi.contract_layouts(hand, round, remi.NORWEGIAN)
    final = round == 7
    held = Counter(hand)
    for layout in layouts:
        assert passes(check_contract(layout, round, remi.NORWEGIAN, hand=hand if final else None))
        assert not Counter(c for m in layout for c in m.cards) - held
        assert list(layout) == [m for m in layout if m.kind == "set"] + [m for m in layout if m.kind == "run"]
    assert list(layouts) == sorted(layouts, key=lambda lay: [remi.meld_sort_key(m) for m in lay])
    shuffled = list(hand)
    random.Random(seed).shuffle(shuffled)
    assert remi.contract_layouts(shuffled, round, remi.NORWEGIAN) == layouts
    assert remi.find_contract(shuffled, round, remi.NORWEGIAN) == (layouts[0] if layouts else None)


ALL_DOWN = remi.with_variants(remi.NORWEGIAN, "all down at once")
APART = remi.with_variants(remi.NORWEGIAN, "same-suit runs", "all down at once")


@pytest.mark.parametrize(
    "ruleset",
    [remi.NORWEGIAN, ALL_DOWN, APART, SPADE_TWOS, SMALL, SMALL_APART, SMALL_TWOS],
    ids=["norwegian", "all-down", "apart", "twos", "small", "small-apart", "small-twos"],
)
@settings(max_examples=40)
@given(hand=hands(12, jokers=4), round=st.integers(1, 7), limit=st.integers(0, 6))
def test_layouts_limit_is_a_prefix_and_find_contract_the_first(
    ruleset: remi.Ruleset, hand: tuple[Card, ...], round: int, limit: int
) -> None:
    """``limit=`` lists the first layouts of the full listing; find_contract is the very first."""
    round = min(round, len(ruleset.contracts))
    hand = trim(hand, ruleset)  # no joker with wild ♠2s, no more copies than the pack holds
    layouts = remi.contract_layouts(hand, round, ruleset)
    # The whole listing is the groups' expansion, the oracle (contract_layouts walks instead).
    assert layouts == contracts._all_layouts(*contracts._layout_question(hand, round, ruleset))
    assert remi.contract_layouts(hand, round, ruleset, limit=limit) == layouts[:limit]
    assert remi.contract_layouts(hand, round, ruleset, limit=len(layouts) + 1) == layouts
    assert remi.find_contract(hand, round, ruleset) == (layouts[0] if layouts else None)


@pytest.mark.parametrize("scans", [0, 3, 10**9], ids=["index-at-once", "index-soon", "scans-only"])
@settings(max_examples=25, deadline=None)
@given(hand=hands(12, jokers=4), round=st.integers(1, 7), limit=st.integers(1, 40))
def test_layouts_walk_lists_the_same_by_scan_or_by_fit_index(
    scans: int, hand: tuple[Card, ...], round: int, limit: int
) -> None:
    """docs/performance.rst (bounded cost): the walk's fit masks list what its scans list, in order."""
    ruleset = ALL_DOWN if round % 2 else remi.NORWEGIAN
    hand = trim(hand, ruleset)
    layouts = remi.contract_layouts(hand, round, ruleset)
    remi.clear_caches()
    with mock.patch.object(contracts, "_SCANS", scans):
        assert remi.contract_layouts(hand, round, ruleset, limit=limit) == layouts[:limit]


def test_layouts_limit_refuses_a_non_integer() -> None:
    with pytest.raises(TypeError, match="limit must be an int"):
        remi.contract_layouts("♠9 ♥9 ♦9 ♣9 ♥4 ♥4", 1, remi.NORWEGIAN, limit="2")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="limit must be an int"):
        remi.contract_layouts("♠9 ♥9 ♦9 ♣9 ♥4 ♥4", 1, remi.NORWEGIAN, limit=True)
    assert remi.contract_layouts("♠9 ♥9 ♦9 ♣9 ♥4 ♥4 JK", 1, remi.NORWEGIAN, limit=-3) == ()


def test_a_few_layouts_of_an_absurd_hand_come_at_once() -> None:
    """13 spades and 9 jokers have about 1.9 million all-down layouts in round 3; the first ten come without them."""
    hand = remi.parse_cards("♠A ♠2 ♠3 ♠4 ♠5 ♠6 ♠7 ♠8 ♠9 ♠10 ♠J ♠Q ♠K" + " JK" * 9)
    first = remi.contract_layouts(hand, 3, ALL_DOWN, limit=10)
    assert len(first) == 10
    assert [str(m) for m in first[0]] == ["♠A ♠2 ♠3 ♠4", "JK=♠A JK=♠2 JK=♠3 JK=♠4 ♠5 ♠6 ♠7 ♠8"]
    assert first == tuple(sorted(first, key=lambda lay: [remi.meld_sort_key(m) for m in lay]))
    for layout in first:
        assert passes(check_contract(layout, 3, ALL_DOWN))
    assert remi.find_contract(hand, 3, ALL_DOWN) == first[0]


# -- best arrangement --------------------------------------------------------------------------------


def test_best_arrangement_prefers_the_cheaper_leftovers() -> None:
    # ♠4 either completes the run or the set: the set of fours leaves less.
    a = remi.best_arrangement("♠A ♠2 ♠3 ♠4 ♥4 ♦4 ♣K", remi.GIN)
    assert a.deadwood_value == 10
    assert remi.deadwood("♠A ♠2 ♠3 ♠4 ♥4 ♣K", remi.GIN) == 14  # ♠A-4 run, ♥4 ♣K left


def test_best_arrangement_uses_duplicates_and_jokers() -> None:
    a = remi.best_arrangement("♥5 ♥5 ♥6 ♥6 ♥7 ♥7 JK ♠K", remi.SLOVENIAN)
    assert a.deadwood_value == 10
    assert sorted(len(m) for m in a.melds) == [3, 4]


@pytest.mark.parametrize("name", ["norwegian", "slovenian", "kalooki", "gin", "spade-twos"])
@settings(max_examples=25)
@given(hand=hands(8), seed=st.integers(0, 99))
def test_best_arrangement_matches_brute_force(name: str, hand: tuple[Card, ...], seed: int) -> None:
    ruleset = RULESETS[name]
    # No joker in a game without jokers, no more copies than the pack holds
    # (docs/rules/gin.rst, gin-no-jokers; docs/rules/index.rst, shared-copies).
    hand = trim(hand, ruleset)
    a = remi.best_arrangement(hand, ruleset)
    assert a.deadwood_value == hand_value(a.deadwood, ruleset)
    assert Counter(a.deadwood) + Counter(c for m in a.melds for c in m.cards) == Counter(hand)
    assert all(legal(m, ruleset) for m in a.melds)
    assert a.deadwood_value == brute_best_deadwood(hand, ruleset) == remi.deadwood(hand, ruleset)
    # No single meld from the deadwood could lower it further.
    for meld in remi.candidate_melds(a.deadwood, ruleset):
        assert hand_value(meld.cards, ruleset) == 0 or not meld.cards
    shuffled = list(hand)
    random.Random(seed).shuffle(shuffled)
    assert remi.best_arrangement(shuffled, ruleset) == a


#: Hands of the whole pack, two decks and jokers: the cross-check of the rank-by-rank search.
FULL = tuple(Card.from_code(code) for code in range(52))


@st.composite
def big_hands(draw: st.DrawFn, ruleset: remi.Ruleset) -> tuple[Card, ...]:
    """Up to 13 cards the ruleset's largest pack holds (duplicates with two decks), jokers included."""
    decks, jokers = max(ruleset.pack_for(p) for p in range(ruleset.min_players, ruleset.max_players + 1))
    naturals = draw(st.lists(st.sampled_from(FULL), min_size=1, max_size=13))
    counts = Counter(naturals)
    naturals = [card for card in counts for _ in range(min(counts[card], decks))]
    wild = draw(st.integers(0, min(jokers, 5)))
    return tuple(naturals) + (JOKER,) * wild


@pytest.mark.parametrize("name", ["norwegian", "swedish", "slovenian", "kalooki", "gin", "spade-twos"])
@settings(max_examples=30, deadline=None)
@given(data=st.data())
def test_rank_by_rank_search_picks_what_the_suit_by_suit_search_picks(name: str, data: st.DataObject) -> None:
    """docs/performance.rst (bounded cost): the faster search gives the very arrangement the old one gave."""
    ruleset = RULESETS[name]
    hand = data.draw(big_hands(ruleset))
    entry = limits.limits_of(ruleset)
    counts = parsed_counts(hand)
    old = arrangement._arrangement_by_suit(counts, entry.limits, entry.values)
    assert arrangement._best_arrangement(counts, entry.limits, entry.values) == old
    assert arrangement._least_deadwood(counts, entry.limits, entry.values) == old.deadwood_value


@pytest.mark.parametrize("name", ["norwegian", "kalooki", "spade-twos"])
@settings(max_examples=30, deadline=None)
@given(data=st.data())
def test_bounded_question_agrees_with_the_least_cost(name: str, data: st.DataObject) -> None:
    """docs/performance.rst (bounded cost): "at most this cost?" answers as the least cost does, every bound."""
    ruleset = RULESETS[name]
    hand = data.draw(big_hands(ruleset))
    entry = limits.limits_of(ruleset)
    pool = candidates.candidate_pool(parsed_counts(hand), entry.limits, False, candidates.BOTH)
    skip = [v * (pool.n_cards + 1) + 1 for v in entry.values]
    exact = arrangement.RankMajorSearch(pool, skip)
    # A fresh search for the bounded questions, so that none is answered from the exact memo.
    bounded = arrangement.CostWithin(arrangement.RankMajorSearch(pool, skip).packer)
    rem = exact.total
    for use in data.draw(st.lists(st.sampled_from(exact.uses), max_size=3)) if exact.uses else ():
        if all((rem >> s) & m >= (use >> s) & m for s, m in _fields(pool.width)):
            rem -= use
    least = exact.best(rem)
    for bound in sorted({0, least - 1, least, least + 1, data.draw(st.integers(0, least + 5))}):
        assert bounded.at_most(rem, bound) == (least <= bound)


@pytest.mark.parametrize("name", ["norwegian", "kalooki", "spade-twos", "gin"])
@settings(max_examples=30, deadline=None)
@given(data=st.data())
def test_groups_that_fit_are_those_the_full_scan_finds(name: str, data: st.DataObject) -> None:
    """docs/performance.rst (bounded cost): the kept list of groups that fit is the scan's, in order, every time."""
    ruleset = RULESETS[name]
    entry = limits.limits_of(ruleset)
    pool = candidates.candidate_pool(
        parsed_counts(data.draw(big_hands(ruleset))), entry.limits, False, candidates.BOTH
    )
    packer = arrangement.RankMajorSearch(pool, [1] * 53).packer
    if not packer.by_first:
        return
    fields = _fields(pool.width)
    for _ in range(4):
        # A multiset of the hand: each field of the total kept or cut to a drawn count.
        rem = 0
        for shift, mask in fields:
            held = (packer.pool.total >> shift) & mask
            rem |= data.draw(st.integers(0, held)) << shift if held else 0
        low = data.draw(st.sampled_from(sorted(packer.by_first)))
        guard = pool.guard
        scan = [g for g in packer.by_first[low] if ((rem | guard) - g[1]) & guard == guard]
        assert packer.fitting(low, rem) == scan
        assert packer.fitting(low, rem) == scan  # the kept answer, asked again


@pytest.mark.parametrize("name", ["norwegian", "kalooki", "spade-twos"])
@settings(max_examples=30, deadline=None)
@given(data=st.data())
def test_fit_index_marks_the_uses_a_fit_check_accepts(name: str, data: st.DataObject) -> None:
    """docs/performance.rst (bounded cost): the layouts walk's masks of keys that fit are the fit checks', in order."""
    ruleset = RULESETS[name]
    entry = limits.limits_of(ruleset)
    pool = candidates.candidate_pool(
        parsed_counts(data.draw(big_hands(ruleset))), entry.limits, False, candidates.BOTH
    )
    uses = candidates.uses_by_key(pool)
    index = candidates.FitIndex(uses, pool.width)
    for _ in range(4):
        rem = 0
        for shift, mask in _fields(pool.width):
            held = (pool.total >> shift) & mask
            rem |= data.draw(st.integers(0, held)) << shift if held else 0
        guard = pool.guard
        scan = [i for i, use in enumerate(uses) if ((rem | guard) - use) & guard == guard]
        assert list(candidates.positions(index.fitting(rem))) == scan


def _fields(width: int) -> list[tuple[int, int]]:
    return [(width * code, (1 << width) - 1) for code in range(53)]


def test_best_arrangement_of_a_41_card_norwegian_hand() -> None:
    """docs/performance.rst (bounded cost): issue 15's 41-card hand (34 s before) is placed whole."""
    hand = remi.parse_cards(
        "♠A ♠2 ♠2 ♠3 ♠4 ♠6 ♠J ♠J ♠Q ♠K ♥3 ♥4 ♥7 ♥7 ♥9 ♥10 ♥Q ♥Q ♦3 ♦3 ♦5 ♦6 ♦9 ♦J ♦Q ♦Q ♦K ♦K "
        "♣A ♣2 ♣3 ♣4 ♣5 ♣6 ♣6 ♣J ♣Q JK JK JK JK"
    )
    a = remi.best_arrangement(hand, remi.NORWEGIAN)
    assert Counter(a.deadwood) + Counter(c for m in a.melds for c in m.cards) == Counter(hand)
    assert all(legal(m, remi.NORWEGIAN) for m in a.melds)
    assert a.deadwood_value == hand_value(a.deadwood, remi.NORWEGIAN) == remi.deadwood(hand, remi.NORWEGIAN)
    # Nothing left over melds, and no card left over could replace a cheaper one in a meld.
    assert not remi.candidate_melds(a.deadwood, remi.NORWEGIAN)
    # What the suit-by-suit search answered in 34 s: ♠2 and ♥4 left over.
    assert a.deadwood_value == 6


# -- openings ------------------------------------------------------------------------------------------


# docs/rules/slovenian.rst, opening-51: Slovenian: opening
@pytest.mark.rule("opening-51")
def test_find_opening_counts_jokers_as_their_card() -> None:
    melds = remi.find_opening("♠Q ♥Q ♦Q JK ♣8 ♣9 ♣10", remi.SLOVENIAN)
    assert melds is not None
    assert remi.check_opening(melds, remi.SLOVENIAN).points == 67
    assert remi.find_opening("♠10 ♥10 ♦10 ♣2 ♣3 ♣4", remi.SLOVENIAN) is None


@pytest.mark.parametrize("name", ["slovenian", "kalooki"])
@settings(max_examples=25)
@given(hand=hands(8))
def test_find_opening_matches_brute_force(name: str, hand: tuple[Card, ...]) -> None:
    ruleset = RULESETS[name]
    hand = trim(hand, ruleset)
    best = brute_best_opening(hand, ruleset)
    found = remi.find_opening(hand, ruleset)
    if best < 51:
        assert found is None
    else:
        assert found is not None
        result = remi.check_opening(found, ruleset)
        assert result.ok and result.points == best
        assert not Counter(c for m in found for c in m.cards) - Counter(hand)
        layouts = remi.opening_layouts(hand, ruleset, limit=50)
        assert layouts and all(remi.check_opening(g, ruleset).ok for g in layouts)
        assert len(set(layouts)) == len(layouts)


@pytest.mark.parametrize("name", ["slovenian", "kalooki"])
@settings(max_examples=40, deadline=None)
@given(hand=hands(22, jokers=4))
def test_find_opening_walks_the_suit_search_choices_with_rank_major_costs(
    name: str, hand: tuple[Card, ...]
) -> None:
    """docs/performance.rst (bounded cost): the rank-major costs pick what the suit-by-suit search picks.

    find_opening walks the suit-by-suit search's choices with costs from the search run
    rank by rank (far faster on big hands); its oracle is that search's own path.
    """
    ruleset = RULESETS[name]
    counts = counts_of(trim(hand, ruleset))
    packer = openings._opening_search(counts, ruleset)[0]
    ranked = openings._opening_search(counts, ruleset, ranked=True)[0]
    picked, _ = packer.path(packer.pool.total)
    assert sorted(openings._opening_path(packer, ranked)) == sorted(picked)
    assert ranked.best(ranked.total) == packer.best(packer.pool.total)


def test_opening_layouts_limit() -> None:
    hand = "♠Q ♥Q ♦Q ♣Q ♠K ♥K ♦K"
    every = remi.opening_layouts(hand, remi.SLOVENIAN)
    assert len(every) == 5
    assert remi.opening_layouts(hand, remi.SLOVENIAN, limit=2) == every[:2]
    assert remi.opening_layouts(hand, remi.SLOVENIAN, limit=0) == ()


# -- speed: the hot path stays fast on the worst hands ----------------------------------------------


def test_worst_case_hands_finish() -> None:
    hand = "♠3 ♠4 ♠5 ♠6 ♠7 ♠8 ♠9 ♠10 JK JK JK JK"
    layouts = remi.contract_layouts(hand, 7, remi.NORWEGIAN)
    assert layouts and all(check_contract(lay, 7, remi.NORWEGIAN, hand=hand).ok for lay in layouts)
    assert remi.best_arrangement(hand, remi.NORWEGIAN).deadwood_value == 0


# docs/rules/slovenian.rst, opening-one-meld-at-a-time: Opening: the opening goes down in one turn, meld by meld; the engine asks how far the
# cards left still reach, with one search per hand.
@pytest.mark.rule("opening-one-meld-at-a-time")
@settings(max_examples=40, deadline=None)
@given(st.data())
def test_best_opening_points_left_matches_a_fresh_search(data: st.DataObject) -> None:
    ruleset = data.draw(st.sampled_from([remi.SLOVENIAN, remi.KALOOKI]))
    pack = list(remi.make_pack(*ruleset.pack_for(2)))
    # Cards dealt from the pack, each once (docs/rules/index.rst, shared-copies).
    picks = data.draw(st.lists(st.integers(0, len(pack) - 1), min_size=3, max_size=12, unique=True))
    hand = [pack[i] for i in picks]
    laid = data.draw(st.lists(st.sampled_from(hand), max_size=4, unique_by=id).map(lambda cs: cs))
    rest = list(hand)
    kept: list[remi.Card] = []
    for card in laid:
        if card in rest:
            rest.remove(card)
            kept.append(card)
    assert remi.best_opening_points_left(hand, kept, ruleset) == remi.best_opening_points(rest, ruleset)
    if rest:
        one_out = max(remi.best_opening_points(rest[:i] + rest[i + 1 :], ruleset) for i in range(len(rest)))
        assert remi.best_opening_points_left(hand, kept, ruleset, keep_one=True) == one_out


# The engine's opening test asks whether the cards left reach the need, a search that stops at
# the first melds reaching it: always the same answer as the best points left.
@pytest.mark.rule("opening-one-meld-at-a-time")
@settings(max_examples=60, deadline=None)
@given(st.data())
def test_opening_reaches_matches_the_best_points_left(data: st.DataObject) -> None:
    from remi.solver.openings import opening_lay_test, opening_reach_test, opening_reaches

    ruleset = data.draw(st.sampled_from([remi.SLOVENIAN, remi.KALOOKI]))
    pack = list(remi.make_pack(*ruleset.pack_for(2)))
    few = pack[:20] + pack[-2:]  # dealt from the pack, each card once (docs/rules/index.rst, shared-copies)
    hand = [
        few[i]
        for i in data.draw(st.lists(st.integers(0, len(few) - 1), min_size=1, max_size=14, unique=True))
    ]
    laid = data.draw(st.lists(st.sampled_from(hand), max_size=5, unique_by=id))
    kept: list[Card] = []
    rest = list(hand)
    for card in laid:
        if card in rest:
            rest.remove(card)
            kept.append(card)
    for keep_one in (False, True):
        best = remi.best_opening_points_left(hand, kept, ruleset, keep_one=keep_one)
        test = opening_reach_test(hand, ruleset, keep_one)
        for need in (-1, 0, 1, best - 1, best, best + 1, 51):
            assert opening_reaches(hand, kept, need, ruleset, keep_one) == (best >= need)
            assert test(kept, need) == (best >= need)
        for need in (1, 30, 51):
            lay = opening_lay_test(hand, ruleset, need, keep_one)
            for meld in remi.candidate_melds(hand, ruleset):
                points = meld_points(meld, ruleset)
                left = remi.best_opening_points_left(hand, meld.cards, ruleset, keep_one=keep_one)
                assert lay(meld) == (points >= need or left >= need - points)


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10_000), name=st.sampled_from(["slovenian", "kalooki"]))
def test_opening_lay_filter_matches_the_refusal(seed: int, name: str) -> None:
    from remi.game.engine import _hand_melds
    from remi.game.policies import must_keep_card, never, policy_for

    ruleset = attrs.evolve(RULESETS[name], max_turns_per_round=30)
    rng = random.Random(seed)
    state = remi.new_game(ruleset, players=3, seed=seed)
    policy = policy_for(ruleset)
    checked = 0
    while not state.is_over and checked < 400:
        legal = state.legal_actions()
        if state.phase == "play":
            seat = state.turn_player
            hand = state.hands[seat]
            test = policy.lay_filter(state, seat, hand)
            keep = must_keep_card(state)
            for meld in _hand_melds(hand, ruleset):
                if keep and len(meld.cards) == len(hand):
                    continue  # refused by the engine before the family is asked
                refused = policy.lay_refusal(state, seat, hand, meld) is not None
                assert (test is not never and test(meld)) == (not refused)
                checked += 1
        lays = [a for a in legal if isinstance(a, remi.LayDown)]
        state = state.apply(rng.choice(lays) if lays and rng.random() < 0.7 else rng.choice(legal))


# -- the last round's cover without a pool -----------------------------------------------------

_COVER_RULES = (
    remi.NORWEGIAN,
    attrs.evolve(remi.NORWEGIAN, run_min=3, set_max=4),
    attrs.evolve(remi.NORWEGIAN, distinct_suit_sets=True, jokers_at_most_naturals=False),
    attrs.evolve(remi.NORWEGIAN, ace_high=False),
    attrs.evolve(remi.NORWEGIAN, ace_low=False, run_min=5, hand_size_by_round=(16,) * 7),
)


def _cover_hand(rng: random.Random, sets: int, runs: int) -> tuple[int, ...]:
    """A hand near a cover of *sets* sets and *runs* runs: their cards, some jokers, sometimes a stray card."""
    hand: list[Card] = []
    suit = rng.randrange(4)
    for _ in range(sets):
        rank = rng.randint(1, 13)
        hand += [Card.of(rank, rng.randrange(4)) for _ in range(rng.randint(2, 5))]
    for _ in range(runs):
        run_suit = suit if rng.random() < 0.6 else rng.randrange(4)
        low = rng.randint(1, 10)
        hand += [
            Card.of(r, run_suit) for r in range(low, min(14, low + rng.randint(2, 7))) if rng.random() < 0.85
        ]
    hand += [JOKER] * rng.choice((0, 0, 1, 2, 3))
    if rng.random() < 0.3:
        hand.append(Card.from_code(rng.randrange(52)))
    counts = [0] * 53
    for card in hand:
        counts[card.code] = min(counts[card.code] + 1, 2 if card.code < 52 else 9)
    return tuple(counts)


@given(seed=st.integers(0, 10**6), rules=st.sampled_from(_COVER_RULES))
def test_the_last_rounds_cover_without_a_pool_agrees_with_the_pool_search(
    seed: int, rules: remi.Ruleset
) -> None:
    # docs/rules/norwegian.rst, norwegian-round-seven: the runs take every card; the search that builds
    # melds as it needs them answers exactly as the search over every candidate meld
    rng = random.Random(seed)
    sets, runs = rng.randint(0, 2), rng.randint(0, 3)
    runs = runs or (0 if sets else 1)
    counts = _cover_hand(rng, sets, runs)
    inner = limits.limits_of(rules).limits
    remi.clear_caches()
    lazy = covers.cover_lazily(counts, inner, sets, runs)
    search = completion.contract_search(counts, inner, False, False, candidates.BOTH)
    pooled = search.cover(packed_counts(counts, search.pool.width), sum(counts), sets, runs, ())
    assert lazy == pooled, (
        remi.format_cards(c for code, k in enumerate(counts) for c in [Card.from_code(code)] * k),
        sets,
        runs,
    )


@pytest.mark.rule("shared-set")
def test_sets_of_distinct_suits_hold_four_cards_at_most_in_every_search() -> None:
    # docs/rules/index.rst, shared-set: with distinct_suit_sets a set holds one card of each suit, so four
    # cards at most, jokers included, even where set_max sets no limit
    rules = attrs.evolve(
        remi.NORWEGIAN,
        distinct_suit_sets=True,
        jokers_at_most_naturals=False,
        contracts=(*remi.NORWEGIAN.contracts[:6], remi.Contract(1, 1)),
    )
    hand = remi.parse_cards("♠5 ♥5 ♦5 ♣5 JK ♦A ♦2 ♦3 ♦4 ♦5 ♦6 ♦7 ♦8 ♦9 ♦10 ♦J ♦Q ♦K")
    sets = [m for m in remi.candidate_melds(hand, rules) if m.kind == "set"]
    assert sets and max(len(m.cards) for m in sets) == 4
    assert all(validate_meld(m, rules).ok for m in sets)
    # The last round's cover cannot use a five-card set: this hand cannot go out.
    assert not remi.can_complete_contract(hand, [], 7, rules)
    assert not remi.contract_layouts(hand, 7, rules)


@pytest.mark.rule("shared-run")
@pytest.mark.parametrize("at_most", [False, True])
def test_runs_shrink_written_out_equals_the_search(at_most: bool) -> None:
    # docs/rules/index.rst, shared-run: whether every legal run longer than the least size holds a legal
    # run of the least size (no more wild cards than naturals where the rules say so)
    for run_min in range(2, 16):
        assert bounds.runs_shrink(run_min, at_most) == bounds.runs_shrink_by_search(run_min, at_most)


# -- the trusted kernels: the same answers as the public faces on every hand a pack can give ----------


@st.composite
def _dealt_hand(draw: st.DrawFn) -> tuple[remi.Ruleset, tuple[Card, ...]]:
    rules = draw(st.sampled_from([remi.GIN, remi.NORWEGIAN, remi.KALOOKI, remi.SWEDISH]))
    pack = list(remi.make_pack(rules.decks, rules.jokers if rules.has_jokers and rules.jokers > 0 else 0))
    size = draw(st.integers(min_value=0, max_value=14))
    picked = draw(st.lists(st.integers(0, len(pack) - 1), min_size=size, max_size=size, unique=True))
    return rules, tuple(sorted(pack[i] for i in picked))


@given(_dealt_hand())
@settings(max_examples=150, deadline=None)
def test_held_kernels_answer_as_the_public_functions(dealt: tuple[remi.Ruleset, tuple[Card, ...]]) -> None:
    # docs/design.rst (input checked once): the engine and settlement ask the trusted kernels on the
    # cards a state holds; on every hand a pack gives they answer exactly as the validating faces.
    rules, hand = dealt
    assert arrangement.held_deadwood(hand, rules) == remi.deadwood(hand, rules)
    assert arrangement.held_arrangement(hand, rules) == remi.best_arrangement(hand, rules)
    assert candidates.held_candidates(hand, rules) == remi.candidate_melds(hand, rules)
    for exact, kinds in ((True, ("set",)), (False, ("run",))):
        assert candidates.held_candidates(hand, rules, exact=exact, kinds=kinds) == remi.candidate_melds(
            hand, rules, exact=exact, kinds=kinds
        )
    assert knocks.held_knock_cards(hand, rules) == remi.knock_cards(hand, rules)


@given(_dealt_hand(), st.integers(min_value=1, max_value=7), st.integers(min_value=0, max_value=1))
@settings(max_examples=80, deadline=None)
def test_held_contract_and_opening_kernels_answer_as_the_public_functions(
    dealt: tuple[remi.Ruleset, tuple[Card, ...]], round: int, keep: int
) -> None:
    # docs/design.rst (input checked once): the policies ask the trusted kernels about a seat's
    # own cards and the legal melds it laid; they answer as the validating public functions.
    _, hand = dealt
    rules = remi.NORWEGIAN
    hand = tuple(c for c in hand if c in remi.make_pack(rules.decks, rules.jokers))
    melds = remi.candidate_melds(hand, rules, exact=True)[:1]
    rest = list(hand)
    for card in melds[0].cards if melds else ():
        rest.remove(card)
    for laid in ((), melds):
        held = completion.held_can_complete_contract(rest, laid, round, rules, keep=keep)
        assert held == remi.can_complete_contract(rest, laid, round, rules, keep=keep)
    slovenian = remi.SLOVENIAN
    cards = tuple(c for c in hand if c.code != 52 or slovenian.has_jokers)
    laid_cards = tuple(cards[:3])
    for keep_one in (False, True):
        assert openings.held_opening_points_left(
            cards, laid_cards, slovenian, keep_one=keep_one
        ) == remi.best_opening_points_left(cards, laid_cards, slovenian, keep_one=keep_one)
