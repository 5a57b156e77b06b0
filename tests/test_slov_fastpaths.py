"""The fast paths for seats of 50 to 60 cards (unlimited buying) against the paths they replace.

Joker-heavy hands of two decks: the candidate pieces generated in key order
against the sorted ones, the candidate listing built piece by piece against
:func:`~remi.solver.candidates.meld_of_key` over the pool, and the opening
questions answered from a smaller pool first against the full search.
"""

from __future__ import annotations

import attrs
from hypothesis import given
from hypothesis import strategies as st
from strategies import MELD_RULESETS

import remi
from remi import JOKER, Card
from remi.solver import candidates as cand
from remi.solver.hands import counts_of
from remi.solver.limits import limits_of

NATURALS = tuple(Card.from_code(code) for code in range(52))
SLOVENIAN_BUYING = attrs.evolve(remi.SLOVENIAN, buying=True, max_buys_per_round=None)
KALOOKI_BUYING = attrs.evolve(remi.KALOOKI, buying=True, max_buys_per_round=None)
RULESETS = {**MELD_RULESETS, "slovenian-buying": SLOVENIAN_BUYING, "kalooki-buying": KALOOKI_BUYING}


@st.composite
def big_hands(draw: st.DrawFn, *, most: int = 60) -> tuple[Card, ...]:
    """Up to *most* cards of two decks, with up to six jokers (often all six)."""
    jokers = draw(st.sampled_from((0, 1, 2, 3, 4, 5, 6, 6, 6)))
    pack = sorted(NATURALS + NATURALS, key=lambda c: c.code)
    size = draw(st.integers(0, most - jokers))
    chosen = draw(st.permutations(pack))[:size]
    return tuple(chosen) + (JOKER,) * jokers


@given(st.sampled_from(sorted(RULESETS)), big_hands(), st.booleans())
def test_pieces_in_key_order_equal_the_sorted_pieces(name: str, hand: tuple[Card, ...], exact: bool) -> None:
    rules = RULESETS[name]
    counts = counts_of(hand)
    limits = limits_of(rules).limits
    width = max(max(counts).bit_length(), 1) + 1
    wilds = counts[limits.wild] if limits.wild != cand.NO_WILD else 0
    for suit in range(4):
        held = counts[suit * 13 : suit * 13 + 13]
        fast = cand._piece(1, suit, held, wilds, limits, exact, width)
        oracle = cand._piece(1, suit, held, wilds, limits, exact, width, sort=True)
        assert (fast.keys, fast.groups) == (oracle.keys, oracle.groups)
