"""Cards, suits, ranks and their text notation.

>>> from remi.cards import parse_cards, format_cards
>>> format_cards(parse_cards("7s 10♥ JK"))
'♠7 ♥10 JK'

Cards, suits, ranks and their text notation.

A card is one of 53 interned values: the 52 natural cards and the joker.
Identical cards from several decks are the *same* value, so hands and piles
are multisets (tuples in which a card may repeat).

>>> from remi import parse_cards
>>> parse_cards("♠7 10♥ ts JK ♦️Q")
(Card('♠7'), Card('♥10'), Card('♠10'), Card('JK'), Card('♦Q'))
>>> str(parse_cards("qd")[0])
'♦Q'
"""

from __future__ import annotations

import operator
import re
from collections.abc import Callable, Iterable
from typing import Final

from ._cache import Cache
from .errors import NotationError
from .messages import msg

__all__ = [
    "Card",
    "JOKER",
    "SUITS",
    "RANKS",
    "parse_card",
    "parse_cards",
    "format_cards",
    "ascii_notation",
    "suits_fit",
    "make_pack",
]


#: Suits in remi's fixed order: spades, hearts, diamonds, clubs.
SUITS: Final = ("♠", "♥", "♦", "♣")
#: ASCII letters for the suits, in the same order.
SUIT_LETTERS: Final = ("S", "H", "D", "C")
#: Rank symbols indexed by rank number 1 (ace) … 13 (king); index 0 is unused.
RANKS: Final = ("", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")

ACE: Final = 1
JACK: Final = 11
QUEEN: Final = 12
KING: Final = 13

#: The joker's card code (the natural cards are 0-51).
JOKER_CODE: Final = 52


class Card:
    """One playing card: a natural card (rank and suit) or the joker.

    Cards are interned, immutable and totally ordered (spades first, then
    hearts, diamonds, clubs; ace to king within a suit; the joker last).
    Construct them with :func:`parse_card`, :meth:`Card.of` or
    ``Card("♠7")``.

    >>> Card("♠7") == Card.of(7, "♠")
    True
    >>> Card("JK").is_joker, Card("♥A").rank, Card("♥A").suit
    (True, 1, '♥')
    """

    __slots__ = ("_bit", "code", "rank", "suit_index")

    code: int
    rank: int
    suit_index: int
    #: The card's bit in a hand mask of the 52 natural cards (``1 << code``; the joker's is 0),
    #: which the least-deadwood kernel ORs card by card (solver/tables.py).
    _bit: int

    def __new__(cls, text: str) -> Card:
        return parse_card(text)

    @classmethod
    def _make(cls, code: int) -> Card:
        card = object.__new__(cls)
        object.__setattr__(card, "code", code)
        object.__setattr__(card, "_bit", 0 if code == JOKER_CODE else 1 << code)
        if code == JOKER_CODE:
            object.__setattr__(card, "rank", 0)
            object.__setattr__(card, "suit_index", -1)
        else:
            object.__setattr__(card, "rank", code % 13 + 1)
            object.__setattr__(card, "suit_index", code // 13)
        return card

    @staticmethod
    def of(rank: int, suit: str | int) -> Card:
        """Return the natural card of *rank* (1 = ace … 13 = king) and *suit*.

        *suit* is a suit symbol, an ASCII suit letter or a suit index 0–3.

        >>> Card.of(12, "H")
        Card('♥Q')
        """
        if isinstance(suit, str):
            index = _SUIT_INDEX.get(suit.translate(_VARIATION_SELECTORS).upper())
            if index is None:
                raise NotationError("unknown-suit", msg("{suit!r} is not a suit.", suit=suit))
        elif isinstance(suit, int) and not isinstance(suit, bool):
            index = suit
        else:
            raise NotationError("unknown-suit", msg("{suit!r} is not a suit.", suit=suit))
        if (
            not isinstance(rank, int)
            or isinstance(rank, bool)
            or not (0 <= index < 4)
            or not (1 <= rank <= 13)
        ):
            raise NotationError(
                "unknown-card",
                msg("There is no card of rank {rank!r} and suit {suit!r}.", rank=rank, suit=suit),
            )
        return CARDS[index * 13 + rank - 1]

    @staticmethod
    def from_code(code: int) -> Card:
        """Return the card with integer *code* (0–51 natural, 52 joker)."""
        if not isinstance(code, int) or isinstance(code, bool) or not 0 <= code <= JOKER_CODE:
            raise NotationError("unknown-card", msg("{code!r} is not a card code.", code=code))
        return CARDS[code]

    @property
    def is_joker(self) -> bool:
        """Whether this is the joker."""
        return self.code == JOKER_CODE

    @property
    def suit(self) -> str | None:
        """The suit symbol, or ``None`` for the joker."""
        return None if self.code == JOKER_CODE else SUITS[self.suit_index]

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Card is immutable")

    def __delattr__(self, name: str) -> None:
        raise AttributeError("Card is immutable")

    def __str__(self) -> str:
        return _TEXT[self.code]

    def __repr__(self) -> str:
        return f"Card({_TEXT[self.code]!r})"

    def __hash__(self) -> int:
        return self.code

    def __eq__(self, other: object) -> bool:
        return self is other

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.code < other.code

    def __le__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.code <= other.code

    def __gt__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.code > other.code

    def __ge__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.code >= other.code

    def __reduce__(self) -> tuple[object, tuple[int]]:
        return (Card.from_code, (self.code,))

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: object) -> Card:
        return self


#: Every card by its code: the 52 natural cards (suit by suit, ace to king), then the joker.
CARDS: Final = tuple(Card._make(code) for code in range(53))
_TEXT: Final = tuple(
    "JK" if code == JOKER_CODE else SUITS[code // 13] + RANKS[code % 13 + 1] for code in range(53)
)
#: Each card's ASCII text: the rank, then the suit's letter in lower case (``7s``, ``10h``, ``JK``).
_ASCII: Final = tuple(
    "JK" if code == JOKER_CODE else RANKS[code % 13 + 1] + SUIT_LETTERS[code // 13].lower()
    for code in range(53)
)

#: The joker.
JOKER: Final = CARDS[JOKER_CODE]
#: The two of spades, the wild card of the games with wild ♠2s.
SPADE_TWO: Final = CARDS[1]

_SUIT_INDEX: Final[dict[str, int]] = {}
for _i, (_sym, _letter) in enumerate(zip(SUITS, SUIT_LETTERS)):
    _SUIT_INDEX[_sym] = _i
    _SUIT_INDEX[_letter] = _i
# Alternative glyphs: white suits and the emoji forms.
for _i, _alt in enumerate(("♤", "♡", "♢", "♧")):
    _SUIT_INDEX[_alt] = _i

_RANK_INDEX: Final[dict[str, int]] = {name: number for number, name in enumerate(RANKS) if name}
_RANK_INDEX["T"] = 10

_JOKER_WORDS: Final = frozenset({"JK", "JOKER", "🃏", "*", "JO", "JKR"})
_VARIATION_SELECTORS: Final = str.maketrans("", "", "\ufe0f\ufe0e")

# Tokens already parsed. Bounded twice, so odd input cannot keep memory alive: at most
# _CACHE_SIZE entries (the least recently used goes first), and only tokens of at most
# _CACHE_TOKEN_MAX characters (the longest spelling a person writes, such as "♦️10" or
# " joker ", is well under it). Longer tokens, such as a card padded with thousands of
# variation selectors, are parsed but not kept.
_CACHE_SIZE: Final = 4096
_CACHE_TOKEN_MAX: Final = 12
_PARSED: Final[Cache[str, Card]] = Cache("cards.parse", maxsize=_CACHE_SIZE)


def parse_card(token: str) -> Card:
    """Parse one card token.

    Accepts the suit before or after the rank, suit symbols (with or without
    the emoji variation selector U+FE0F), suit letters ``S H D C``, ``T`` for
    ten, any case, and ``JK``/``Joker``/``🃏``/``*`` for the joker.

    >>> parse_card("♦️Q"), parse_card("10♠"), parse_card("TS"), parse_card("joker")
    (Card('♦Q'), Card('♠10'), Card('♠10'), Card('JK'))
    >>> parse_card("♠1")
    Traceback (most recent call last):
    ...
    remi.NotationError: '♠1' is not a card: expected a rank (A 2-10 J Q K, T for 10) and a suit (♠ ♥ ♦ ♣ or S H D C).
    """
    if not isinstance(token, str):
        raise NotationError(
            "not-text",
            msg("Expected card text, got {type} {token!r}.", type=type(token).__name__, token=token),
        )
    cached = _PARSED.get(token)
    if cached is not None:
        return cached
    card = _read_card(token)
    if len(token) <= _CACHE_TOKEN_MAX:
        _PARSED.put(token, card)
    return card


def _read_card(token: str) -> Card:
    """The card *token* spells (not cached)."""
    text = token.translate(_VARIATION_SELECTORS).strip().upper()
    if text in _JOKER_WORDS:
        return JOKER
    if len(text) >= 2:
        if text[0] in _SUIT_INDEX:
            suit, rank = text[0], text[1:]
        else:
            suit, rank = text[-1], text[:-1]
        suit_index = _SUIT_INDEX.get(suit)
        rank_number = _RANK_INDEX.get(rank)
        if suit_index is not None and rank_number is not None:
            return CARDS[suit_index * 13 + rank_number - 1]
    raise NotationError(
        "unknown-card",
        msg(
            "{token!r} is not a card: expected a rank (A 2-10 J Q K, T for 10) and a suit (♠ ♥ ♦ ♣ or S H D C).",
            token=token,
        ),
    )


def parse_cards(text: str | Iterable[str | Card]) -> tuple[Card, ...]:
    """Parse cards separated by spaces or commas, in order, duplicates kept.

    An iterable of tokens or :class:`Card` values is accepted too.

    >>> parse_cards("♠7 ♠8 ♠9 ♠10")
    (Card('♠7'), Card('♠8'), Card('♠9'), Card('♠10'))
    >>> parse_cards("AS, as 🃏")
    (Card('♠A'), Card('♠A'), Card('JK'))
    """
    if isinstance(text, str):
        tokens: Iterable[str | Card] = text.replace(",", " ").split()
    else:
        try:
            tokens = list(text)
        except TypeError:
            raise NotationError(
                "not-text",
                msg("Expected card text or an iterable of cards, got {type}.", type=type(text).__name__),
            ) from None
    return tuple(t if isinstance(t, Card) else parse_card(t) for t in tokens)


def format_cards(cards: Iterable[Card], *, ascii: bool = False) -> str:
    """Return the canonical text of *cards*, separated by spaces.

    >>> format_cards(parse_cards("7s 8s JK"))
    '♠7 ♠8 JK'

    With *ascii*, each card is written in letters for a terminal or file that
    cannot hold the suit symbols: the rank (``A 2``-``10 J Q K``), then the
    suit's letter in lower case (``s h d c``); the joker stays ``JK``. It is one
    of the spellings :func:`parse_cards` reads, so the text reads back to the
    same cards (the lower-case letter keeps the suit apart from the rank:
    ``Qd``, ``10h``).

    >>> format_cards(parse_cards("♠7 ♥10 ♦Q ♣A JK"), ascii=True)
    '7s 10h Qd Ac JK'
    >>> parse_cards("7s 10h Qd Ac JK") == parse_cards("♠7 ♥10 ♦Q ♣A JK")
    True
    """
    if not isinstance(ascii, bool):
        raise TypeError(f"ascii must be True or False, not {type(ascii).__name__} {ascii!r:.60}.")
    table = _ASCII if ascii else _TEXT
    out = []
    for card in cards:
        if not isinstance(card, Card):
            raise TypeError(
                f"format_cards takes Card values, not {type(card).__name__} {card!r:.40}; "
                "parse text with parse_cards first."
            )
        out.append(table[card.code])
    return " ".join(out)


_CARD_IN_TEXT: Final = re.compile("([♠♥♦♣])(10|[2-9AJQK])(?![0-9A-Za-z])")
_LETTER: Final = dict(zip(SUITS, (letter.lower() for letter in SUIT_LETTERS)))


def ascii_notation(text: str) -> str:
    """Return *text* with every card in remi's notation written in ASCII (``♠7`` → ``7s``).

    The cards are those :func:`~remi.format_cards` writes (a suit symbol, then the
    rank); everything else in *text* stays as it is, so a reason, a meld, an
    action or a position line keeps its words and reads back the same.

    >>> ascii_notation("lay ♠7 ♠8 JK=♠9 ♠10; off ♥10 2")
    'lay 7s 8s JK=9s 10s; off 10h 2'
    """
    return _CARD_IN_TEXT.sub(lambda m: m.group(2) + _LETTER[m.group(1)], text)


def suits_fit(encoding: str | None) -> bool:
    """Whether text in *encoding* can hold the four suit symbols (``False`` for ``None`` or an unknown name).

    A program printing cards asks this of its output (``suits_fit(sys.stdout.encoding)``)
    and writes :func:`ascii_notation` where the suits do not fit.

    >>> suits_fit("utf-8"), suits_fit("cp1252"), suits_fit("ascii")
    (True, False, False)
    """
    if not encoding:
        return False
    try:
        "♠♥♦♣".encode(encoding)
    except (UnicodeError, LookupError):
        return False
    return True


def printable(text: str, encoding: str | None) -> str:
    """Return *text* as it can be written in *encoding*: its cards in ASCII where ``♠`` does not fit.

    Where the suits fit, *text* is returned as it is. Where they do not, the cards are
    written with :func:`ascii_notation` and any other sign the encoding cannot hold
    becomes ``?`` (an unknown or missing encoding counts as ASCII). A program printing
    reasons or positions writes ``printable(text, sys.stdout.encoding)``.

    >>> printable("♠7 ♠8 JK=♠9 — ok", "utf-8"), printable("♠7 ♠8 JK=♠9 — ok", "cp1252")
    ('♠7 ♠8 JK=♠9 — ok', '7s 8s JK=9s — ok')
    >>> printable("Spiller 2 legger ♣9 på ♣6 ♣7 ♣8", "ascii")
    'Spiller 2 legger 9c p? 6c 7c 8c'
    """
    if suits_fit(encoding):
        return text
    target = encoding if encoding and _known_encoding(encoding) else "ascii"
    return ascii_notation(text).encode(target, "replace").decode(target)


def _known_encoding(encoding: str) -> bool:
    try:
        "".encode(encoding)
    except LookupError:
        return False
    return True


#: The sort key of a hand: ``card.code``, read in C.
CARD_CODE: Final[Callable[[Card], int]] = operator.attrgetter("code")


def sorted_hand(cards: Iterable[Card]) -> tuple[Card, ...]:
    """Return *cards* as a hand: a tuple sorted by card code (the order of :class:`Card`).

    >>> format_cards(sorted_hand(parse_cards("JK ♣2 ♠K ♠A")))
    '♠A ♠K ♣2 JK'
    """
    return tuple(sorted(cards, key=CARD_CODE))


def make_pack(decks: int = 1, jokers: int = 0) -> tuple[Card, ...]:
    """Return an unshuffled pack: *decks* × 52 natural cards plus *jokers*.

    >>> len(make_pack(2, 9))
    113
    """
    if decks < 1:
        raise NotationError("bad-pack", msg("A pack needs at least one deck, not {decks!r}.", decks=decks))
    if jokers < 0:
        raise NotationError("bad-pack", msg("A pack cannot hold {jokers!r} jokers.", jokers=jokers))
    return CARDS[:52] * decks + (JOKER,) * jokers
