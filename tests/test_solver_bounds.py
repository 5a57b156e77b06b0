"""Bounded cost on the hands a ruleset allows (issue 15, item 10): the answers on adversarial hands.

These tests assert answers, never times; bench/bench_worst.py (part ``bounded``) measures the cost.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

import remi

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
