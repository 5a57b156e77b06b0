"""Which discards leave a hand knocking (deadwood at most the knock limit)?"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from .._cache import memoize
from ..cards import CARDS, JOKER_CODE, Card
from ..rulesets import Ruleset
from .arrangement import CostWithin, RankMajorSearch
from .candidates import BOTH, RANK_MAJOR, candidate_pool
from .hands import counts_of, refuse_pack, reiterable
from .limits import NO_WILD, Hand, MeldLimits, limits_of
from .masks import hand_mask, mask_knock_cards, meldable_codes
from .tables import kernel_of

__all__ = ["knock_cards"]


@memoize("solver.knocking-discards", maxsize=4096)
def _knocking_discards(
    counts: tuple[int, ...], limits: MeldLimits, values: tuple[int, ...], limit: int
) -> frozenset[Card]:
    present = [code for code in range(53) if counts[code]]
    wild = limits.wild
    if wild == NO_WILD or not counts[wild]:
        # Cards no meld can take stay deadwood whatever is discarded: a lower bound.
        meldable = meldable_codes(counts, present, limits)
        stuck = [code for code in present if code not in meldable]
        floor = sum(values[code] * counts[code] for code in stuck)
        if floor - max((values[code] for code in stuck), default=0) > limit:
            return frozenset()
    else:
        meldable = set(present)
        floor = 0
    pool = candidate_pool(counts, limits, False, BOTH)
    # Values only: the rank-by-rank search (the same least costs, over far fewer multisets).
    oracle = RankMajorSearch(pool, values)
    walk = _KnockWalk(oracle, limit)
    found = walk.run()
    return frozenset(CARDS[code] for code in present if found >> RANK_MAJOR[code] & 1)


class _WalkTooLong(Exception):
    """:class:`_KnockWalk` met more states than it is allowed to."""


class _KnockWalk:
    """The cards whose discard leaves a multiset of least cost at most the limit, in one walk.

    A card ``c`` of *rem* is found when ``best(rem - c) <= budget``: the
    lowest card of *rem* is the discard, or is left over (its cost comes off
    the budget), or is in a group that holds it as its lowest card, and the
    walk goes on in what is left. Every state met is one of the cost search's
    own, so its least cost is at hand, and a state is dropped when it holds
    no card not found yet, or when its least cost exceeds the budget by more
    than the dearest such card (``best(rem - c) >= best(rem) - cost(c)``).
    On a hand with many near-best arrangements the walk could meet too many
    states: past :data:`_KNOCK_WALK_STATES` the cards not found yet are asked
    one by one, as before (each its own search). Either way the answer is
    exact. Before, every discard was asked alone (2.3 s on the 41-card
    Norwegian hand of issue 15).
    """

    def __init__(self, oracle: RankMajorSearch, limit: int) -> None:
        self.oracle = oracle
        self.packer = oracle.packer
        self.limit = limit
        pool = self.packer.pool
        self.width = pool.width
        self.field = (1 << pool.width) - 1
        self.cost = list(self.packer.skip_cost)
        self.cost[JOKER_CODE] = self.packer.joker_cost
        self.codes = [code for code in range(53) if (pool.total >> (pool.width * code)) & self.field]
        self.found = 0  # bits by rank-major code
        self.wanted = 0  # the fields of the codes not found yet
        for code in self.codes:
            self.wanted |= self.field << (pool.width * code)
        self.dearest = max((self.cost[code] for code in self.codes), default=0)
        self.seen: set[tuple[int, int]] = set()
        # Whether a state's least cost is within a bound, without its exact cost where it is new.
        self.at_most = CostWithin(self.packer).at_most

    def _find(self, code: int) -> None:
        self.found |= 1 << code
        self.wanted &= ~(self.field << (self.width * code))
        self.dearest = max((self.cost[c] for c in self.codes if not self.found >> c & 1), default=0)

    def run(self) -> int:
        try:
            self._walk(self.oracle.total, self.limit)
        except _WalkTooLong:
            total = self.oracle.total
            for code in self.codes:
                if not self.found >> code & 1 and self.at_most(
                    total - (1 << (self.width * code)), self.limit
                ):
                    self.found |= 1 << code
        return self.found

    def _walk(self, rem: int, budget: int) -> None:
        if not rem & self.wanted:
            return
        key = (rem, budget)
        seen = self.seen
        if key in seen:
            return
        if len(seen) >= _KNOCK_WALK_STATES:
            raise _WalkTooLong
        seen.add(key)
        packer = self.packer
        if not self.at_most(rem, budget + self.dearest):
            return
        width = self.width
        low = ((rem & -rem).bit_length() - 1) // width
        if low == JOKER_CODE:
            if (
                not self.found >> JOKER_CODE & 1
                and ((rem >> (width * JOKER_CODE)) - 1) * self.cost[JOKER_CODE] <= budget
            ):
                self._find(JOKER_CODE)
            return
        rest = rem - (1 << (width * low))
        if not self.found >> low & 1 and self.at_most(rest, budget):
            self._find(low)
        for _, use, _ in packer.fitting(low, rem):
            self._walk(rem - use, budget)
        left = budget - self.cost[low]
        if left >= 0:
            self._walk(rest, left)


#: The most states :class:`_KnockWalk` visits before it asks the cards left one by one.
_KNOCK_WALK_STATES: Final = 20_000


def knock_cards(hand: Sequence[Card], ruleset: Ruleset) -> frozenset[Card]:
    """Return the distinct cards of *hand* whose discard leaves at most ``knock_limit`` deadwood.

    Exactly ``{c for c in set(hand) if deadwood(hand less c) <= ruleset.knock_limit}``,
    from one search of the whole hand and one walk over its states that
    finds every such discard, after a quick bound
    (cards no meld can take) that rules most hands out at once.

    >>> import remi
    >>> hand = remi.parse_cards("♠3 ♠4 ♠5 ♥9 ♦9 ♣9 ♣J ♣Q ♣K ♦2 ♥A")
    >>> sorted(str(c) for c in knock_cards(hand, remi.GIN))
    ['♠5', '♥A', '♦2']
    >>> knock_cards(remi.parse_cards("♠3 ♥5 ♦7 ♣9 ♠J ♥Q ♦K ♣2 ♠6 ♥8 ♦10"), remi.GIN)
    frozenset()
    """
    return _knock_cards(reiterable(hand), ruleset, checked=True)


def held_knock_cards(cards: Sequence[Card], ruleset: Ruleset) -> frozenset[Card]:
    """:func:`knock_cards` of cards a state holds: the trusted kernel (no pack check).

    >>> import remi
    >>> sorted(map(str, held_knock_cards(remi.parse_cards("♠3 ♠4 ♠5 ♥9 ♦9 ♣9 ♣J ♣Q ♣K ♦2 ♥A"), remi.GIN)))
    ['♠5', '♥A', '♦2']
    """
    return _knock_cards(cards, ruleset, checked=False)


def _knock_cards(cards: Hand, ruleset: Ruleset, *, checked: bool) -> frozenset[Card]:
    tables = kernel_of(ruleset)
    if tables is not None and isinstance(cards, (list, tuple)):  # Gin's rules: the run tables
        mask = tables.hand_mask(cards)
        if mask >= 0:  # a few µs, cheaper than keeping the answer
            found = tables.knock_cards(mask, ruleset.knock_limit)
            if found is not None:
                return found
    entry = limits_of(ruleset)
    mask = hand_mask(cards, entry.limits)
    if mask >= 0:  # no joker, no card twice: a hand every pack gives
        return mask_knock_cards(mask, entry, ruleset.knock_limit)
    counts = counts_of(cards)
    if checked:
        refuse_pack(counts, ruleset)
    return _knocking_discards(counts, entry.limits, entry.values, ruleset.knock_limit)
