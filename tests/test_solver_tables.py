"""The run tables (remi.solver.tables) against the general searches, on random and dense hands.

Gin's rules and the other rulesets the tables answer (no wild card, sets of three or more,
no high ace) give, for every hand without a repeated card, the least deadwood the general
searches give: the mask search (:func:`remi.solver.masks.mask_deadwood`'s own) and the
multiset search (:func:`remi.solver.arrangement._least_deadwood`); after the best discard
the least over the cards; and the knocking discards of their definition.
"""

from __future__ import annotations

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import remi
from remi import Card
from remi.solver import arrangement, limits, masks, tables
from remi.solver.hands import counts_of

RULESETS = {
    "gin": remi.GIN,
    "swedish": remi.SWEDISH,
    "gin-sets-of-four": attrs.evolve(remi.GIN, set_min=4),
    "gin-runs-of-four": attrs.evolve(remi.GIN, run_min=4),
}

DECK = tuple(Card.from_code(code) for code in range(52))


@st.composite
def gin_hands(draw: st.DrawFn) -> tuple[Card, ...]:
    """0-11 cards of the pack, or (half the time) of the 16 cards of four ranks in a row."""
    size = draw(st.integers(0, 11))
    if draw(st.booleans()):
        return tuple(draw(st.lists(st.sampled_from(DECK), min_size=size, max_size=size, unique=True)))
    low = draw(st.integers(1, 10))
    pool = [Card.of(rank, suit) for suit in range(4) for rank in range(low, low + 4)]
    return tuple(draw(st.lists(st.sampled_from(pool), min_size=size, max_size=size, unique=True)))


def general(hand: tuple[Card, ...], entry: limits.RulesetLimits) -> int:
    """The least deadwood by the general searches (both, checked equal)."""
    mask = sum(1 << card.code for card in hand)
    by_mask = masks.mask_deadwood.__wrapped__(mask, entry)  # type: ignore[attr-defined]
    by_counts = arrangement._least_deadwood.__wrapped__(counts_of(hand), entry.limits, entry.values)  # type: ignore[attr-defined]
    assert by_mask == by_counts
    return int(by_mask)


def test_the_tables_answer_only_the_rules_they_can() -> None:
    for ruleset in RULESETS.values():
        assert tables.run_tables(limits.limits_of(ruleset)) is not None
    for ruleset in (remi.NORWEGIAN, remi.SLOVENIAN, remi.KALOOKI, attrs.evolve(remi.GIN, ace_high=True)):
        assert tables.run_tables(limits.limits_of(ruleset)) is None


@pytest.mark.parametrize("name", sorted(RULESETS))
@settings(max_examples=300, deadline=None)
@given(hand=gin_hands())
def test_run_tables_match_the_general_search(name: str, hand: tuple[Card, ...]) -> None:
    ruleset = RULESETS[name]
    entry = limits.limits_of(ruleset)
    kernel = tables.run_tables(entry)
    assert kernel is not None
    mask = sum(1 << card.code for card in hand)
    least = general(hand, entry)
    assert kernel.deadwood(mask) == least
    assert remi.deadwood(hand, ruleset) == least == arrangement.held_deadwood(list(hand), ruleset)
    assert remi.deadwood(remi.format_cards(hand), ruleset) == least  # card text: the general path
    assert remi.best_arrangement(hand, ruleset).deadwood_value == least
    if not hand:
        return
    rests = {card: general(tuple(c for c in hand if c != card), entry) for card in hand}
    assert kernel.after_discard(mask) == min(rests.values())
    assert arrangement.held_after_discard(list(hand), ruleset) == min(rests.values())
    for limit in (0, ruleset.knock_limit, 25):
        expected = frozenset(card for card, rest in rests.items() if rest <= limit)
        assert kernel.knock_cards(mask, limit) == expected
    assert remi.knock_cards(hand, ruleset) == frozenset(
        card for card, rest in rests.items() if rest <= ruleset.knock_limit
    )


@pytest.mark.parametrize("name", sorted(RULESETS))
def test_hand_kernels_match_the_mask_methods_on_many_hands(name: str) -> None:
    """The closures' inlined no-set and one-rank answers, on 4,000 seeded hands of 1-11 cards."""
    import random

    ruleset = RULESETS[name]
    kernel = tables.run_tables(limits.limits_of(ruleset))
    assert kernel is not None
    rng = random.Random(18)
    for _ in range(2000):
        low = rng.randint(1, 10)
        dense = [Card.of(rank, suit) for suit in range(4) for rank in range(low, low + 4)]
        for hand in (rng.sample(DECK, rng.randint(1, 11)), rng.sample(dense, rng.randint(1, 11))):
            mask = sum(1 << card.code for card in hand)
            assert kernel.hand_deadwood(hand) == kernel.deadwood(mask), hand
            assert kernel.hand_after_discard(hand) == kernel.after_discard(mask), hand
    assert kernel.hand_deadwood([*DECK[:3], remi.JOKER]) == -1  # the joker: the general search
    assert kernel.hand_deadwood([DECK[0], DECK[0]]) == -1  # a card twice
    assert kernel.hand_after_discard([]) == -1


def _suit_tables_by_definition(
    values: tuple[int, ...], run_min: int, ace_runs: bool
) -> tuple[list[int], list[int], list[int], list[int]]:
    """The suit tables as their docstring defines them, entry by entry (the oracle of the fast build)."""
    masks_ = range(1 << 13)
    loose = [sum(values[i] for i in range(13) if m >> i & 1) for m in masks_]
    top = [max([values[i] for i in range(13) if m >> i & 1], default=0) for m in masks_]
    runs = [loose[m & ~tables._run_cover(m, run_min, ace_runs)] for m in masks_]
    drop = [tables._NONE] + [
        min(runs[m ^ (1 << i)] for i in range(13) if m >> i & 1) - runs[m] for m in masks_[1:]
    ]
    return runs, drop, loose, top


@settings(max_examples=12, deadline=None)
@given(
    st.tuples(*[st.integers(0, 15)] * 13),
    st.integers(1, 6),
    st.booleans(),
)
def test_suit_tables_are_their_definition(values: tuple[int, ...], run_min: int, ace_runs: bool) -> None:
    """The tables built from smaller masks (covers by blocks, a discard in no run by the highest card) equal the definition."""
    assert tables._suit_tables.__wrapped__(values, run_min, ace_runs) == _suit_tables_by_definition(
        values, run_min, ace_runs
    )
    assert tables._covers.__wrapped__(run_min, ace_runs) == [
        tables._run_cover(m, run_min, ace_runs) for m in range(1 << 13)
    ]
