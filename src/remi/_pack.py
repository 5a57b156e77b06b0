"""What the pack holds: the one check that refuses cards a game's pack cannot give.

Every public function that takes cards (a meld, a group of melds, a hand, the
hands of a deal) asks :func:`pack_refusal` before it answers
(docs/rules/index.rst, shared-copies; docs/rules/gin.rst, gin-no-jokers): a
joker in a game without jokers, more jokers than the game's most, or more
copies of a natural card than its most decks hold. Without a table size the
pack is the largest the game uses at any table size: its most decks
(:attr:`~remi.Ruleset.max_decks`) and its most jokers.

The check reads card counts by code (53 numbers) so that the solver, which
counts a hand anyway, pays one ``max`` for it; the sentence is written only
when the check fails.

>>> import remi
>>> problem = pack_refusal(card_counts(remi.parse_cards("♠9 ♠9 ♠9")), remi.NORWEGIAN)
>>> problem.code, problem.sentence("the hand '♠9 ♠9 ♠9'")
('too-many-copies', "Norwegian Remi is played with 2 decks, so there are only 2 ♠9; the hand '♠9 ♠9 ♠9' holds 3.")
>>> pack_refusal(card_counts(remi.parse_cards("♠9 ♠9 ♥9")), remi.NORWEGIAN) is None
True
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import NamedTuple

from ._cache import memoize
from ._cards import JOKER_CODE, Card
from ._codes import ErrorCode
from ._rules import Ruleset

__all__ = ["PackProblem", "pack_limits", "pack_refusal", "card_counts"]


#: (most decks, most jokers) by ruleset: a ruleset's limits are read once (its hash is cached).
@memoize("pack.limits", maxsize=64)
def _largest_pack(ruleset: Ruleset) -> tuple[int, int]:
    sizes = [ruleset.pack_for(p) for p in range(ruleset.min_players, ruleset.max_players + 1)]
    return max(d for d, _ in sizes), max(j for _, j in sizes)


def pack_limits(ruleset: Ruleset) -> tuple[int, int]:
    """The most decks and the most jokers *ruleset*'s pack holds at any table size."""
    return _largest_pack(ruleset)


def card_counts(cards: Iterable[Card]) -> list[int]:
    """The number of each card code (0–51 natural, 52 joker) in *cards*."""
    counts = [0] * 53
    for card in cards:
        counts[card.code] += 1
    return counts


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


class PackProblem(NamedTuple):
    """Why a pack cannot give some cards: the code, the card, how many were given and how many it holds."""

    code: ErrorCode
    game: str
    card: Card
    held: int
    most: int

    def sentence(self, what: str, *, many: bool = False) -> str:
        """One sentence naming the card, the count and the pack; *what* names the cards given.

        *many* says that *what* is plural ("these melds"), for the verb.
        """
        holds = "hold" if many else "holds"
        if self.code == "jokers-not-in-game":
            return f"{self.game} is played without jokers, so {what} cannot hold one."
        if self.card.is_joker:
            return f"{self.game} is played with at most {_plural(self.most, 'joker')}; {what} {holds} {self.held}."
        are = "is" if self.most == 1 else "are"
        return (
            f"{self.game} is played with {_plural(self.most, 'deck')}, so there {are} only "
            f"{self.most} {self.card}; {what} {holds} {self.held}."
        )


def pack_refusal(counts: Sequence[int], ruleset: Ruleset) -> PackProblem | None:
    """Say why *ruleset*'s largest pack cannot give the cards of *counts* (53 counts by code), or ``None``.

    A joker comes first (none in the game, or more than its most), then the
    first natural card, in card order, of which more copies are given than
    the most decks hold.
    """
    decks, jokers = pack_limits(ruleset)
    held = counts[JOKER_CODE]
    if held > jokers:
        code: ErrorCode = "jokers-not-in-game" if jokers == 0 else "too-many-copies"
        return PackProblem(code, ruleset.name, Card.from_code(JOKER_CODE), held, jokers)
    if max(counts[:JOKER_CODE]) <= decks:
        return None
    code_of = next(c for c in range(JOKER_CODE) if counts[c] > decks)
    return PackProblem("too-many-copies", ruleset.name, Card.from_code(code_of), counts[code_of], decks)
