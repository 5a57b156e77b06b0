"""Card values and hand values.

>>> import remi
>>> remi.hand_value("JK ♥K ♦4", remi.NORWEGIAN), remi.hand_value("♠A ♣8 ♦8", remi.NORWEGIAN)
(64, 36)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ._cards import Card, format_cards, parse_cards
from ._errors import StateError
from ._melds import is_wild
from ._pack import card_counts, pack_limits, pack_refusal
from ._rules import Ruleset, require_ruleset

__all__ = ["card_value", "cards_value", "hand_value", "value_of", "refuse_hand"]


def value_of(card: Card, ruleset: Ruleset) -> int:
    """:func:`card_value` of a card of the game, unchecked (the solver's tables, the engine)."""
    if card.is_joker or (ruleset.wild_spade_twos and card.code == 1):
        return ruleset.values.joker
    return ruleset.values.of_rank(card.rank)


def cards_value(cards: Iterable[Card], ruleset: Ruleset) -> int:
    """:func:`hand_value` of cards the game's pack can give, unchecked (the engine, settlement)."""
    return sum(value_of(card, ruleset) for card in cards)


def card_value(card: Card, ruleset: Ruleset) -> int:
    """Return what *card* costs when held at the end of a round.

    A wild ♠2 (Norwegian variant) scores as a joker when held. A joker in a
    game without jokers is refused, never valued (docs/rules/gin.rst, gin-no-jokers).

    >>> import remi
    >>> card_value(Card("♠A"), remi.NORWEGIAN), card_value(Card("♠A"), remi.KALOOKI)
    (20, 11)
    >>> card_value(Card("JK"), remi.GIN)
    Traceback (most recent call last):
    ...
    remi.StateError: Gin Rummy is played without jokers, so JK has no value in it.
    """
    if not isinstance(card, Card):
        raise TypeError(f"card must be a remi.Card, not {type(card).__name__} {card!r:.60}.")
    require_ruleset(ruleset)
    if card.is_joker and not pack_limits(ruleset)[1]:
        raise StateError(
            "jokers-not-in-game", f"{ruleset.name} is played without jokers, so JK has no value in it."
        )
    return ruleset.values.joker if is_wild(card, ruleset) else ruleset.values.of_rank(card.rank)


def refuse_hand(cards: Sequence[Card], ruleset: Ruleset, what: str = "the hand") -> None:
    """Raise :class:`~remi.StateError` when *ruleset*'s pack cannot give the cards *cards*.

    A joker in a game without jokers (``jokers-not-in-game``, docs/rules/gin.rst,
    gin-no-jokers) or more copies of a card than the pack holds
    (``too-many-copies``, docs/rules/index.rst, shared-copies); the message
    quotes the cards as *what* followed by their text.
    """
    problem = pack_refusal(card_counts(cards), ruleset)
    if problem is not None:
        raise StateError(problem.code, problem.sentence(f"{what} {format_cards(cards)!r}"))


def hand_value(cards: str | Iterable[Card | str], ruleset: Ruleset) -> int:
    """Return the sum of the values of *cards* held in hand under *ruleset*.

    A hand the game's pack cannot give is refused (:class:`~remi.StateError`):
    a joker in a game without jokers (``jokers-not-in-game``), more copies
    of a card than the pack holds (``too-many-copies``).

    >>> import remi
    >>> hand_value("♣5 ♦9 ♥Q", remi.SWEDISH)
    24
    >>> hand_value("JK", remi.GIN)
    Traceback (most recent call last):
    ...
    remi.StateError: Gin Rummy is played without jokers, so the hand 'JK' cannot hold one.
    >>> hand_value("♠9 ♠9 ♠9", remi.NORWEGIAN)
    Traceback (most recent call last):
    ...
    remi.StateError: Norwegian Remi is played with 2 decks, so there are only 2 ♠9; the hand '♠9 ♠9 ♠9' holds 3.
    """
    require_ruleset(ruleset)
    held = parse_cards(cards)
    refuse_hand(held, ruleset)
    return cards_value(held, ruleset)
