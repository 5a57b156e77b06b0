"""Bounded cost on the hands a ruleset allows (issue 15, item 10): the answers on adversarial hands.

These tests assert answers, never times; bench/bench_worst.py (part ``bounded``) measures the cost.
"""

from __future__ import annotations

from unittest import mock

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import remi
from remi.solver import contracts, limits
from remi.solver.arrangement import held_after_discard

SPADES = "♠A ♠2 ♠3 ♠4 ♠5 ♠6 ♠7 ♠8 ♠9 ♠10 ♠J ♠Q ♠K"
#: 13 spades twice and nine jokers: 35 cards, the last Norwegian round (three runs, every card laid).
TWICE_AND_JOKERS = remi.parse_cards(SPADES + " " + SPADES + " JK" * 9)


def _canon(cards: object) -> list[str]:
    return sorted(str(c) for c in cards)  # type: ignore[attr-defined]


def test_last_round_limit_lists_valid_distinct_layouts_in_order() -> None:
    """Issue 15 item 10 (contract_layouts, limit=): 13♠×2 + 9 jokers, round 7: 1,000 layouts, each one lays every card."""
    layouts = remi.contract_layouts(TWICE_AND_JOKERS, 7, remi.NORWEGIAN, limit=1000)
    assert len(layouts) == 1000
    assert len(set(layouts)) == 1000
    keys = [tuple(remi.meld_sort_key(m) for m in layout) for layout in layouts]
    assert keys == sorted(keys)
    for layout in layouts[::37]:
        assert remi.check_contract(layout, 7, remi.NORWEGIAN, hand=TWICE_AND_JOKERS).ok
        assert _canon(c for m in layout for c in m.cards) == _canon(TWICE_AND_JOKERS)


def test_last_round_limit_is_a_prefix_of_a_longer_limit() -> None:
    """contract_layouts(limit=n) is the first n of the listing: the first 50 of 1,000 on the adversarial hand."""
    few = remi.contract_layouts(TWICE_AND_JOKERS, 7, remi.NORWEGIAN, limit=50)
    more = remi.contract_layouts(TWICE_AND_JOKERS, 7, remi.NORWEGIAN, limit=1000)
    assert few == more[:50]
    assert remi.find_contract(TWICE_AND_JOKERS, 7, remi.NORWEGIAN) == few[0]


_SMALL_PACK = remi.parse_cards("♠3 ♠4 ♠5 ♠6 ♠7 ♠8 ♠9 ♠3 ♠4 ♠5 ♠6 ♠7 ♥5 ♥6 ♥7 ♥8 JK JK JK")


@settings(max_examples=40, deadline=None)
@given(
    st.lists(st.sampled_from(range(len(_SMALL_PACK))), min_size=9, max_size=14, unique=True),
    st.integers(1, 6),
)
def test_last_round_limit_matches_the_full_listing(picks: list[int], limit: int) -> None:
    """The last round's walk (its last meld looked up by the cards left) lists the full listing's first *limit*."""
    hand = [_SMALL_PACK[i] for i in picks]
    for round in (6, 7):
        full = remi.contract_layouts(hand, round, remi.NORWEGIAN)
        assert remi.contract_layouts(hand, round, remi.NORWEGIAN, limit=limit) == full[:limit]


ALL_DOWN = remi.with_variants(remi.NORWEGIAN, "all down at once")
#: 13 spades and nine jokers: about 1.9 million layouts of round 3 with all down at once.
SPADES_AND_JOKERS = remi.parse_cards(SPADES + " JK" * 9)
#: 13 spades and six jokers, the most Slovenian remi deals: more openings than MAX_LAYOUTS.
SIX_JOKERS = remi.parse_cards(SPADES + " JK" * 6)


def test_a_listing_past_max_layouts_is_refused_with_a_code() -> None:
    """Issue 15 item 10 (docs/errors.rst, too-many-layouts): a whole listing stops at MAX_LAYOUTS and says so."""
    with pytest.raises(remi.LimitError) as caught:
        remi.contract_layouts(SPADES_AND_JOKERS, 3, ALL_DOWN)
    assert caught.value.code == "too-many-layouts"
    assert str(remi.MAX_LAYOUTS) in caught.value.reason and "limit=" in caught.value.reason
    assert isinstance(caught.value, ValueError)
    # Its first part is there for the asking, in the listing's order.
    first = remi.contract_layouts(SPADES_AND_JOKERS, 3, ALL_DOWN, limit=50)
    assert len(first) == 50 and first[0] == remi.find_contract(SPADES_AND_JOKERS, 3, ALL_DOWN)
    with pytest.raises(remi.LimitError, match="at most 5000"):
        remi.contract_layouts(SPADES_AND_JOKERS, 3, ALL_DOWN, limit=remi.MAX_LAYOUTS + 1)
    with pytest.raises(remi.LimitError) as opening:
        remi.opening_layouts(SIX_JOKERS, remi.SLOVENIAN)
    assert opening.value.code == "too-many-layouts"
    assert len(remi.opening_layouts(SIX_JOKERS, remi.SLOVENIAN, limit=10)) == 10


#: Cards to draw hands from, each at most as often as both games' packs hold it.
POOL = remi.parse_cards(SPADES + " " + SPADES + " ♥4 ♥5 ♥6 ♦4 ♣4 JK JK")


@settings(max_examples=60, deadline=None)
@given(
    hand=st.lists(st.sampled_from(range(len(POOL))), min_size=4, max_size=12, unique=True).map(
        lambda picks: [POOL[i] for i in picks]
    ),
    round=st.integers(1, 7),
    most=st.integers(0, 12),
)
def test_a_listing_is_whole_up_to_max_layouts_and_refused_past_it(
    hand: list[remi.Card], round: int, most: int
) -> None:
    """Issue 15 item 10: with MAX_LAYOUTS at *most*, a listing is the whole oracle listing exactly when it fits."""
    question = contracts._layout_question(hand, round, remi.NORWEGIAN)
    every = contracts._all_layouts(*question)
    remi.clear_caches()
    with mock.patch.object(limits, "MAX_LAYOUTS", most):
        if len(every) <= most:
            assert remi.contract_layouts(hand, round, remi.NORWEGIAN) == every
        else:
            with pytest.raises(remi.LimitError):
                remi.contract_layouts(hand, round, remi.NORWEGIAN)
        openings = remi.opening_layouts(hand, remi.SLOVENIAN, limit=most) if most else ()
        if len(openings) < most:  # the whole listing fits
            assert remi.opening_layouts(hand, remi.SLOVENIAN) == openings
    remi.clear_caches()


@settings(max_examples=12, deadline=None)
@given(size=st.integers(33, 52), seed=st.integers(0, 10**6), preset=st.sampled_from(["GIN", "FINNISH"]))
def test_big_hands_without_wild_cards_answer_by_the_pool_search(size: int, seed: int, preset: str) -> None:
    """Issue 15 item 10: past four set ranks and 32 cards the tables and bit masks hand over to the pool search.

    They grew exponentially there (a 50-card Gin hand ran for minutes); the answers are those
    of best_arrangement's search, and the knock cards those of a deadwood per discard.
    """
    import random

    rules = getattr(remi, preset)
    deck = [remi.Card.from_code(code) for code in range(52)]
    random.Random(seed).shuffle(deck)
    hand = deck[:size]
    least = remi.best_arrangement(hand, rules).deadwood_value
    assert remi.deadwood(hand, rules) == least
    after = [remi.deadwood(hand[:i] + hand[i + 1 :], rules) for i in range(size)]
    assert held_after_discard(hand, rules) == min(after)
    knocks = {card for card, left in zip(hand, after, strict=True) if left <= rules.knock_limit}
    assert remi.knock_cards(hand, rules) == knocks


def test_opening_searches_refuse_more_cards_than_they_search() -> None:
    """Issue 15 item 10 (docs/errors.rst, too-many-cards): past 32 cards the best opening is refused with a code."""
    import attrs

    buying = attrs.evolve(remi.SLOVENIAN, buying=True, max_buys_per_round=None)
    pack = [card for card in remi.make_pack(2, 6) if not card.is_joker]
    hand = pack[:27] + [remi.JOKER] * 6  # 33 cards: a seat can hold them when buying is unlimited
    for call in (
        lambda: remi.find_opening(hand, buying),
        lambda: remi.best_opening_points(hand, buying),
        lambda: remi.best_opening_points_left(hand, hand[:3], buying),
    ):
        with pytest.raises(remi.LimitError) as caught:
            call()
        assert caught.value.code == "too-many-cards" and "33" in caught.value.reason
    # 32 cards are searched (here 20 of two suits and six jokers, at the edge of the step budget),
    # and the engine's own questions are not refused.
    assert remi.best_opening_points(pack[:14] + [remi.JOKER] * 6, buying) >= 51
    assert remi.opening_layouts(hand, buying, limit=1)


def test_opening_searches_refuse_a_search_past_their_step_budget() -> None:
    """Issue 15 item 10 (docs/errors.rst, opening-search-too-large): a best-opening search is bounded.

    Two whole suits and four jokers (30 cards, reached only with unlimited buying) took over a
    minute; the search now stops at MOST_OPENING_STEPS, some half a second, with a code, the
    same on every call, and the engine's reach question still answers.
    """
    import time

    import attrs

    from remi.solver.openings import MOST_OPENING_STEPS

    buying = attrs.evolve(remi.SLOVENIAN, buying=True, max_buys_per_round=None)
    pack = [card for card in remi.make_pack(2, 6) if not card.is_joker]
    hand = pack[:26] + [remi.JOKER] * 4
    for call in (
        lambda: remi.find_opening(hand, buying),
        lambda: remi.best_opening_points(hand, buying),
        lambda: remi.best_opening_points_left(hand, hand[:3], buying),
        lambda: remi.best_opening_points(hand, buying),  # again: the kept search refuses too
    ):
        start = time.process_time()
        with pytest.raises(remi.LimitError) as caught:
            call()
        assert time.process_time() - start < 30  # a guard against a hang, not a timing test
        assert caught.value.code == "opening-search-too-large"
        assert f"{MOST_OPENING_STEPS} steps" in caught.value.reason
    assert remi.opening_layouts(hand, buying, limit=1)
    # The budget is each call's: many questions on one hand (its search kept) are all answered.
    rich = pack[:14] + [remi.JOKER] * 6
    best = remi.best_opening_points(rich, buying)
    for i in range(len(rich) - 3):
        assert remi.best_opening_points_left(rich, rich[i : i + 3], buying) <= best
    # Every preset's opening search on the hands it deals stays far below the budget.
    assert remi.best_opening_points(pack[:13] + [remi.JOKER] * 2, remi.SLOVENIAN) >= 51
