"""Cards, suits, ranks and their text notation.

>>> from remi.cards import parse_cards, format_cards
>>> format_cards(parse_cards("7s 10♥ JK"))
'♠7 ♥10 JK'
"""

from __future__ import annotations

from ._cards import JOKER, RANKS, SUITS, Card, format_cards, make_pack, parse_card, parse_cards

__all__ = ["Card", "JOKER", "SUITS", "RANKS", "parse_card", "parse_cards", "format_cards", "make_pack"]
