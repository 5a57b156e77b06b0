"""Reusable hypothesis strategies for remi's tests."""

from __future__ import annotations

import attrs
from hypothesis import strategies as st

import remi
from remi import JOKER, Card

#: The 52 natural cards.
NATURALS = tuple(Card.from_code(code) for code in range(52))
#: Every card value, the joker included.
ALL_CARDS = NATURALS + (JOKER,)

SPADE_TWOS_WILD = remi.with_variants(remi.NORWEGIAN, "spade twos wild")
DISTINCT_SLOVENIAN = attrs.evolve(remi.SLOVENIAN, distinct_suit_sets=True)

#: Every preset plus the rule variants that change what a meld is.
MELD_RULESETS = {
    "norwegian": remi.NORWEGIAN,
    "swedish": remi.SWEDISH,
    "finnish": remi.FINNISH,
    "slovenian": remi.SLOVENIAN,
    "kalooki": remi.KALOOKI,
    "gin": remi.GIN,
    "norwegian-spade-twos": SPADE_TWOS_WILD,
    "slovenian-distinct-suits": DISTINCT_SLOVENIAN,
}


def cards(*, jokers: bool = True) -> st.SearchStrategy[Card]:
    """Any single card (the joker included unless *jokers* is false)."""
    return st.sampled_from(ALL_CARDS if jokers else NATURALS)


def card_tuples(*, max_size: int = 20, jokers: bool = True) -> st.SearchStrategy[tuple[Card, ...]]:
    """Any tuple of cards; repeats allowed (several decks)."""
    return st.lists(cards(jokers=jokers), max_size=max_size).map(tuple)


@st.composite
def run_like(draw: st.DrawFn, *, jokers: bool = True) -> tuple[Card, ...]:
    """Cards that are a run or nearly one: a stretch of one suit, some cards made jokers,
    and sometimes a stray card, a dropped card or a duplicate."""
    suit = draw(st.integers(0, 3))
    length = draw(st.integers(1, 14))
    start = draw(st.integers(1, 14))
    out: list[Card] = []
    for rank in range(start, start + length):
        natural = Card.of((rank - 1) % 13 + 1, suit)
        if jokers and draw(st.integers(0, 4)) == 0:
            out.append(JOKER)
        else:
            out.append(natural)
    mess = draw(st.integers(0, 5))
    if mess == 0:
        out.append(draw(cards(jokers=jokers)))
    elif mess == 1 and out:
        out.pop(draw(st.integers(0, len(out) - 1)))
    elif mess == 2 and out:
        out.append(out[draw(st.integers(0, len(out) - 1))])
    return tuple(out)


@st.composite
def set_like(draw: st.DrawFn, *, jokers: bool = True) -> tuple[Card, ...]:
    """Cards that are a set or nearly one: one rank in several suits (repeats allowed),
    some jokers, and sometimes a stray card."""
    rank = draw(st.integers(1, 13))
    suits = draw(st.lists(st.integers(0, 3), min_size=1, max_size=6))
    out = [Card.of(rank, s) for s in suits]
    if jokers:
        out += [JOKER] * draw(st.integers(0, 3))
    if draw(st.integers(0, 4)) == 0:
        out.append(draw(cards(jokers=jokers)))
    return tuple(out)


def meld_candidates(*, jokers: bool = True) -> st.SearchStrategy[tuple[Card, ...]]:
    """Groups of cards worth checking as melds: near-runs, near-sets and random handfuls."""
    return st.one_of(
        run_like(jokers=jokers),
        set_like(jokers=jokers),
        card_tuples(max_size=6, jokers=jokers),
    )


def spellings(card: Card) -> list[str]:
    """Every spelling of *card* that the notation promises to accept."""
    if card.is_joker:
        return ["JK", "jk", "Jk", "Joker", "JOKER", "joker", "🃏", "*"]
    rank_names = [remi.RANKS[card.rank]]
    if card.rank == 10:
        rank_names.append("T")
    suit_names = [
        remi.SUITS[card.suit_index],
        remi.SUITS[card.suit_index] + "\ufe0f",
        "SHDC"[card.suit_index],
    ]
    out = []
    for rank in rank_names:
        for suit in suit_names:
            for text in (rank + suit, suit + rank):
                out += [text, text.lower(), text.upper()]
                if len(rank) == 1 and rank.isalpha() and suit.isalpha():
                    out.append(rank.upper() + suit.lower())
                    out.append(rank.lower() + suit.upper())
    return out
