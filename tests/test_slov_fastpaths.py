"""The fast paths for seats of 50 to 60 cards (unlimited buying) against the paths they replace.

Joker-heavy hands of two decks: the runs generated level by level in key order
(``_FreeRuns``) against the old walk sorted (``_piece(sort=True)``), the candidate
listing joined from the pieces against :func:`~remi.solver.candidates.meld_of_key`
over the pool, and the opening questions answered by the quick search first (and
the constant lay test where every meld passes) against the full search
(``opening_reaches_in_full``).
"""

from __future__ import annotations

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st
from strategies import MELD_RULESETS

import remi
from remi import JOKER, Card
from remi.solver import candidates as cand
from remi.solver import openings
from remi.solver.hands import counts_of
from remi.solver.limits import limits_of

NATURALS = tuple(Card.from_code(code) for code in range(52))
SLOVENIAN_BUYING = attrs.evolve(remi.SLOVENIAN, buying=True, max_buys_per_round=None)
KALOOKI_BUYING = attrs.evolve(remi.KALOOKI, buying=True, max_buys_per_round=None)
RULESETS = {**MELD_RULESETS, "slovenian-buying": SLOVENIAN_BUYING, "kalooki-buying": KALOOKI_BUYING}


@st.composite
def big_hands(draw: st.DrawFn, *, most: int = 60, jokers_at_most: int = 6) -> tuple[Card, ...]:
    """Up to *most* cards of two decks, with up to *jokers_at_most* jokers (often all of them)."""
    jokers = min(jokers_at_most, draw(st.sampled_from((0, 1, 2, 3, 4, 5, 6, 6, 6))))
    pack = sorted(NATURALS + NATURALS, key=lambda c: c.code)
    size = draw(st.integers(0, most - jokers))
    chosen = draw(st.permutations(pack))[:size]
    return tuple(chosen) + (JOKER,) * jokers


@given(st.sampled_from(sorted(RULESETS)), big_hands(), st.booleans())
def test_pieces_in_key_order_equal_the_sorted_pieces(name: str, hand: tuple[Card, ...], exact: bool) -> None:
    """Each suit's piece of runs: the same keys, groups and cards as the old walk's, sorted."""
    rules = RULESETS[name]
    counts = counts_of(hand)
    limits = limits_of(rules).limits
    width = max(max(counts).bit_length(), 1) + 1
    wilds = counts[limits.wild] if limits.wild != cand.NO_WILD else 0
    for suit in range(4):
        held = counts[suit * 13 : suit * 13 + 13]
        fast = cand._piece(1, suit, held, wilds, limits, exact, width)
        oracle = cand._piece(1, suit, held, wilds, limits, exact, width, sort=True)
        assert (fast.keys, cand.piece_groups(fast)) == (oracle.keys, cand.piece_groups(oracle))
        if fast.cards is not None:
            assert fast.cards == tuple(tuple(map(Card.from_code, key[4])) for key in fast.keys)


@given(st.sampled_from(sorted(RULESETS)), big_hands(most=30), st.booleans())
def test_a_hands_pieces_are_its_own(name: str, hand: tuple[Card, ...], exact: bool) -> None:
    """The pieces a hand is given (kept by fewer wild cards and by ranks held, where sizes are exact) are its own pieces."""
    rules = RULESETS[name]
    counts = counts_of(hand)
    limits = limits_of(rules).limits
    width = max(max(counts).bit_length(), 1) + 1
    wilds = counts[limits.wild] if limits.wild != cand.NO_WILD else 0
    own = [
        cand._piece(0, rank, counts[rank - 1 : 52 : 13], wilds, limits, exact, width)
        for rank in range(1, 14)
        if any(counts[rank - 1 : 52 : 13])
    ] + [
        cand._piece(1, suit, counts[suit * 13 : suit * 13 + 13], wilds, limits, exact, width)
        for suit in range(4)
        if any(counts[suit * 13 : suit * 13 + 13])
    ]
    given_ = cand.hand_pieces(counts, limits, exact, cand.BOTH)
    assert [(p.keys, cand.piece_groups(p)) for p in given_] == [(p.keys, cand.piece_groups(p)) for p in own]


@given(st.sampled_from(sorted(RULESETS)), big_hands(), st.booleans(), st.sampled_from(("set", "run", "both")))
def test_listing_joined_from_pieces_equals_the_pool_listing(
    name: str, hand: tuple[Card, ...], exact: bool, kinds: str
) -> None:
    """held_candidates: the melds of the pool's keys, in pool order, whether or not the pool is kept."""
    rules = RULESETS[name]
    counts = counts_of(hand)
    limits = limits_of(rules).limits
    wanted = ("set", "run") if kinds == "both" else (kinds,)
    remi.clear_caches()
    fast = cand.held_candidates(hand, rules, kinds=wanted, exact=exact)
    mask = (cand.SETS if "set" in wanted else 0) | (cand.RUNS if "run" in wanted else 0)
    pool = cand.candidate_pool(counts, limits, exact, mask)
    assert fast == tuple(map(cand.meld_of_key, pool.keys))
    assert cand.melds_of_keys(pool.keys) == fast
    # Asked again, the listing reads the melds its pieces kept.
    assert cand.held_candidates(hand, rules, kinds=wanted, exact=exact) == fast


OPENING_RULESETS = {
    "slovenian-buying": SLOVENIAN_BUYING,
    "kalooki-buying": KALOOKI_BUYING,
    "slovenian-distinct-suits": attrs.evolve(SLOVENIAN_BUYING, distinct_suit_sets=True),
}


@given(st.sampled_from(sorted(OPENING_RULESETS)), st.data())
def test_opening_answers_with_the_quick_search_equal_the_full_search(name: str, data: st.DataObject) -> None:
    """opening_reaches, opening_reach_test and opening_lay_test against the full search."""
    rules = OPENING_RULESETS[name]
    hand = data.draw(big_hands(jokers_at_most=rules.pack_for(4)[1]))
    remi.clear_caches()
    melds = cand.held_candidates(hand, rules)
    asked = data.draw(st.lists(st.sampled_from(melds), max_size=12)) if melds else []
    need = data.draw(st.sampled_from((1, 20, 51, 80)))
    for keep_one in (False, True):
        full = openings.opening_reaches_in_full(hand, (), need, rules, keep_one)
        assert openings.opening_reaches(hand, (), need, rules, keep_one) == full
        reach = openings.opening_reach_test(hand, rules, keep_one)
        lay = openings.opening_lay_test(hand, rules, need, keep_one)
        for meld in asked:
            rest = need - remi.meld_points(meld, rules)
            full = openings.opening_reaches_in_full(hand, meld.cards, rest, rules, keep_one)
            assert openings.opening_reaches(hand, meld.cards, rest, rules, keep_one) == full
            assert reach(meld.cards, rest) == full
            assert lay(meld) == (rest <= 0 or full)


def _seat(rules: remi.Ruleset, size: int, seed: int) -> tuple[Card, ...]:
    """*size* cards of the four-seat pack of *rules*, every joker among them (as bench_worst's buying seats)."""
    import random

    decks, jokers = rules.pack_for(4)
    naturals = [c for c in remi.make_pack(decks, jokers) if not c.is_joker]
    random.Random(seed).shuffle(naturals)
    return tuple(naturals[: size - jokers]) + (JOKER,) * jokers


@pytest.mark.parametrize("name", ["slovenian-buying", "kalooki-buying"])
@pytest.mark.parametrize(("size", "seed"), [(24, 3), (30, 1), (40, 4), (50, 0), (60, 2)])
def test_lay_test_of_every_meld_of_a_big_seat_equals_the_full_search(name: str, size: int, seed: int) -> None:
    """Every candidate of seats of 24 to 60 cards (the constant test and the searching one are both met)."""
    rules = OPENING_RULESETS[name]
    hand = _seat(rules, size, seed)
    remi.clear_caches()
    melds = cand.held_candidates(hand, rules)
    for need in (51, 30):
        for keep_one in (True, False):
            lay = openings.opening_lay_test(hand, rules, need, keep_one)
            for meld in melds:
                rest = need - remi.meld_points(meld, rules)
                want = rest <= 0 or openings.opening_reaches_in_full(hand, meld.cards, rest, rules, keep_one)
                assert lay(meld) == want, (meld, need, keep_one)
