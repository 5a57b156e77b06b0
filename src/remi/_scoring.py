"""Card values and hand values.

>>> import remi
>>> remi.hand_value("JK ♥K ♦4", remi.NORWEGIAN), remi.hand_value("♠A ♣8 ♦8", remi.NORWEGIAN)
(64, 36)
"""

from __future__ import annotations

from collections.abc import Iterable

from ._cards import Card, parse_cards
from ._errors import StateError
from ._melds import is_wild
from ._rules import Ruleset, require_ruleset

__all__ = ["card_value", "hand_value"]


def card_value(card: Card, ruleset: Ruleset) -> int:
    """Return what *card* costs when held at the end of a round.

    A wild ♠2 (Norwegian variant) scores as a joker when held.

    >>> import remi
    >>> card_value(Card("♠A"), remi.NORWEGIAN), card_value(Card("♠A"), remi.KALOOKI)
    (20, 11)
    """
    if not isinstance(card, Card):
        raise TypeError(f"card must be a remi.Card, not {type(card).__name__} {card!r:.60}.")
    require_ruleset(ruleset)
    if is_wild(card, ruleset):
        return ruleset.values.joker
    return ruleset.values.of_rank(card.rank)


def hand_value(cards: str | Iterable[Card | str], ruleset: Ruleset) -> int:
    """Return the sum of the values of *cards* held in hand under *ruleset*.

    >>> import remi
    >>> hand_value("♣5 ♦9 ♥Q", remi.SWEDISH)
    24
    >>> hand_value("JK", remi.GIN)
    Traceback (most recent call last):
    ...
    remi.StateError: Gin Rummy is played without jokers, so a hand cannot hold one.
    """
    require_ruleset(ruleset)
    held = parse_cards(cards)
    if not ruleset.has_jokers and any(card.is_joker for card in held):
        # docs/rules/gin.rst, gin-no-jokers: a joker is refused, never valued at 0.
        raise StateError(
            "jokers-not-in-game", f"{ruleset.name} is played without jokers, so a hand cannot hold one."
        )
    return sum(card_value(card, ruleset) for card in held)
