"""One natural card or joker laid off is placed directly, as arranging every card places it (issue 18, speed round 3).

:func:`remi.melds.layoff_on_legal` answers a single natural card that plainly fits
a legal table meld, and one joker, without arranging the cards again (``_one_card_fits``); every
other lay-off goes through :func:`remi.melds.layoff_on_legal_in_full`, the oracle.
The two must give the same :class:`~remi.Check` (the meld, its card order and wild
flags, or the same refusal) for every legal meld, card and end, under every preset
and the variants that change what a meld is (docs/rules/index.rst, shared-copies;
docs/rules/index.rst, shared-run).
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from strategies import ALL_CARDS, MELD_RULESETS, meld_candidates

import remi
from remi.melds import layoff_on_legal, layoff_on_legal_in_full, trusted_meld


def _same(meld: remi.Meld, card: remi.Card, rules: remi.Ruleset) -> None:
    for end in ("high", "low"):
        fast = layoff_on_legal(meld, (card,), rules, end)
        full = layoff_on_legal_in_full(meld, (card,), rules, end)
        assert fast == full, (str(meld), str(card), end)
        if fast.ok:
            assert fast.meld is not None
            assert remi.validate_meld(fast.meld, rules).ok


def _legal(cards: tuple[remi.Card, ...], rules: remi.Ruleset) -> remi.Meld | None:
    try:
        check = remi.check_meld(cards, rules)
    except remi.RemiError:
        return None
    return check.meld if check.ok else None


@pytest.mark.parametrize("name", sorted(MELD_RULESETS))
@given(cards=meld_candidates(), card=st.sampled_from(ALL_CARDS))
def test_one_card_layoff_equals_the_full_arranging(
    name: str, cards: tuple[remi.Card, ...], card: remi.Card
) -> None:
    rules = MELD_RULESETS[name]
    meld = _legal(cards, rules)
    if meld is None or (card.is_joker and not rules.has_jokers):
        return
    _same(meld, card, rules)


@pytest.mark.parametrize("name", sorted(MELD_RULESETS))
def test_every_card_on_edge_melds(name: str) -> None:
    """The ace at both ends, a run one short of 13 cards, full sets, wild cards in the meld, the pack's jokers."""
    rules = MELD_RULESETS[name]
    texts = [
        "♠2 ♠3 ♠4 ♠5 ♠6 ♠7 ♠8 ♠9 ♠10 ♠J ♠Q ♠K",
        "♥A ♥2 ♥3 ♥4",
        "♥J ♥Q ♥K ♥A",
        "♦10 ♦J ♦Q ♦K",
        "♣2 ♣3 ♣4",
        "♠7 ♥7 ♦7",
        "♠7 ♥7 ♦7 ♣7",
        "♠7 ♠7 ♥7",  # two decks: a third ♠7 is more copies than the pack holds
        "♠7 JK ♦7",
        "♠5 JK ♠7 ♠8",
        "JK ♠3 ♠4 ♠5",
        "♠2 ♠3 ♠4 ♠5",
        "JK ♠6 JK ♠8",  # as many jokers as naturals: one more is too many where the rules count them
        "♠5 JK JK",  # Kalooki's two jokers both in the meld: a third is more than the pack holds
        "♠7 JK JK",
        "JK ♥Q ♥K",
        "♥Q ♥K JK",
    ]
    melds = [m for m in (_legal(remi.parse_cards(t), rules) for t in texts) if m is not None]
    assert melds, name
    for meld in melds:
        for card in ALL_CARDS:
            if card.is_joker and not rules.has_jokers:
                continue
            _same(meld, card, rules)


@pytest.mark.rule("shared-run")
def test_an_ace_fits_both_ends_of_a_twelve_card_run() -> None:
    """docs/rules/index.rst, shared-run: the ace goes high by default and low when asked."""
    meld = remi.parse_meld("♠2 ♠3 ♠4 ♠5 ♠6 ♠7 ♠8 ♠9 ♠10 ♠J ♠Q ♠K")
    ace = remi.Card("♠A")
    high = layoff_on_legal(meld, (ace,), remi.NORWEGIAN, "high")
    low = layoff_on_legal(meld, (ace,), remi.NORWEGIAN, "low")
    assert high.meld is not None and low.meld is not None
    assert (high.meld.low, high.meld.high) == (2, 14)
    assert (low.meld.low, low.meld.high) == (1, 13)


def test_trusted_meld_equals_the_checked_one() -> None:
    meld = remi.parse_meld("♠5 JK ♠7 ♠8")
    made = trusted_meld("run", meld.cards, meld.wild, meld.rank, meld.suit)
    assert made == meld and hash(made) == hash(meld) and str(made) == str(meld)
