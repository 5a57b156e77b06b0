"""How is a hand read? Its 53 card counts, packed into one integer, refused if the pack cannot give it."""

from __future__ import annotations

from collections.abc import Sequence

from ..cards import CARDS, Card, format_cards, parse_cards
from ..errors import StateError
from ..messages import msg
from ..rulesets import Ruleset, pack_refusal
from .limits import Hand, limits_of

__all__: list[str] = []


def parsed_counts(hand: Hand) -> tuple[int, ...]:
    """The 53 card counts of *hand*, parsed (a NotationError for bad text)."""
    counts = [0] * 53
    for card in parse_cards(hand):
        counts[card.code] += 1
    return tuple(counts)


def refuse_pack(counts: Sequence[int], ruleset: Ruleset, *, laid: bool = False) -> None:
    """Refuse a hand *ruleset*'s pack cannot give (:class:`~remi.StateError`), at a public entry.

    docs/rules/gin.rst, gin-no-jokers (``jokers-not-in-game``) and
    docs/rules/index.rst, shared-copies (``too-many-copies``): one ``max``
    over the counts when the hand is fine; the engine's own hands always are.
    *laid*: the counts are the hand and the melds laid, and the message says so.
    """
    problem = pack_refusal(counts, ruleset)
    if problem is not None:
        shown = format_cards(CARDS[code] for code in range(53) for _ in range(counts[code]))
        what = (
            msg("the hand and the melds laid {cards!r}", cards=shown)
            if laid
            else msg("the hand {cards!r}", cards=shown)
        )
        raise StateError(problem.code, problem.sentence(what))


def checked_counts(hand: Hand, ruleset: Ruleset) -> tuple[int, ...]:
    """The 53 counts of *hand*, refused when *ruleset*'s pack cannot give them."""
    limits_of(ruleset)  # a Ruleset, or NotationError before the pack is read
    counts = parsed_counts(hand)
    refuse_pack(counts, ruleset)
    return counts


def reiterable(hand: Hand) -> Hand:
    """*hand* as something that can be read twice (an iterator becomes a tuple)."""
    return hand if isinstance(hand, (str, list, tuple)) else tuple(hand)


def counts_of(hand: Hand) -> tuple[int, ...]:
    """Return the 53 card counts of *hand*; a sequence of cards is read without parsing."""
    hand = reiterable(hand)
    counts = [0] * 53
    for card in hand:
        if type(card) is not Card:
            return parsed_counts(hand)
        counts[card.code] += 1
    return tuple(counts)


def packed_counts(counts: Sequence[int], width: int) -> int:
    """The 53 *counts* packed into one integer, *width* bits per card code."""
    total = 0
    for code, n in enumerate(counts):
        if n:
            total += n << (width * code)
    return total
