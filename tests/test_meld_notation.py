"""Meld notation round trips: every meld the solver offers reads back from its own text."""

from __future__ import annotations

import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st
from strategies import MELD_RULESETS, NATURALS

import remi
from remi import JOKER, Card, Ruleset

#: Every preset, plus the rule variants that change what a meld is.
RULESETS = {**{name.lower(): ruleset for name, ruleset in remi.PRESETS.items()}, **MELD_RULESETS}


def pack(ruleset: Ruleset) -> tuple[Card, ...]:
    """The largest pack *ruleset* is played with: its most decks and its most jokers."""
    jokers = max(ruleset.pack_for(p)[1] for p in range(ruleset.min_players, ruleset.max_players + 1))
    return NATURALS * ruleset.max_decks + (JOKER,) * jokers


@st.composite
def hands(draw: st.DrawFn, ruleset: Ruleset) -> tuple[Card, ...]:
    """A hand from *ruleset*'s pack (never more copies of a card than the pack holds).

    The cards come from a window of a few ranks (the ace at both ends), so the
    hand holds sets and runs, with and without jokers, most of the time.
    """
    low = draw(st.integers(1, 12), label="lowest rank")
    ranks = {(rank - 1) % 13 + 1 for rank in range(low, low + draw(st.integers(3, 5), label="width"))}
    cards = [card for card in pack(ruleset) if card.is_joker or card.rank in ranks]
    picked = draw(st.lists(st.integers(0, len(cards) - 1), unique=True, max_size=10), label="cards")
    return tuple(cards[i] for i in picked)


@pytest.mark.parametrize("name", sorted(RULESETS))
@settings(max_examples=100, deadline=None)
@given(data=st.data())
def test_every_candidate_meld_reads_back_from_its_text(name: str, data: st.DataObject) -> None:
    ruleset = RULESETS[name]
    hand = data.draw(hands(ruleset), label="hand")
    melds = remi.candidate_melds(hand, ruleset)
    event("melds" if melds else "no meld")
    for meld in melds:
        text = str(meld)
        assert remi.parse_meld(text, ruleset) == meld, text
        assert remi.parse_meld(text) == meld, text
