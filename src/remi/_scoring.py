"""Card values and hand values.

>>> import remi
>>> remi.hand_value("JK ♥K ♦4", remi.NORWEGIAN), remi.hand_value("♠A ♣8 ♦8", remi.NORWEGIAN)
(64, 36)
"""

from __future__ import annotations

from collections.abc import Iterable

from ._cards import Card, parse_cards
from ._melds import is_wild
from ._rules import Ruleset

__all__ = ["card_value", "hand_value"]


def card_value(card: Card, ruleset: Ruleset) -> int:
    """Return what *card* costs when held at the end of a round.

    A wild ♠2 (Norwegian variant) scores as a joker when held.

    >>> import remi
    >>> card_value(Card("♠A"), remi.NORWEGIAN), card_value(Card("♠A"), remi.KALOOKI)
    (20, 11)
    """
    if is_wild(card, ruleset):
        return ruleset.values.joker
    return ruleset.values.of_rank(card.rank)


def hand_value(cards: str | Iterable[Card | str], ruleset: Ruleset) -> int:
    """Return the sum of the values of *cards* held in hand under *ruleset*.

    >>> import remi
    >>> hand_value("♣5 ♦9 ♥Q", remi.SWEDISH)
    24
    """
    return sum(card_value(card, ruleset) for card in parse_cards(cards))
