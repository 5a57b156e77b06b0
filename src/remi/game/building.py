"""Melds laid card by card: which card may come next, and which melds the cards chosen make.

Where a contract's melds may be longer than their least size (the last
round of Norwegian Remi, which goes out, and the *all down at once*
variant), one action per meld would offer every choice of which cards stay
in hand and where each joker stands: thousands of actions for a hand that
bought many cards of one suit. There a meld goes down card by card
(docs/rules/norwegian.rst, norwegian-build-card-by-card): ``build`` actions choose its
cards in ascending card code (the joker last, identical cards repeated),
each offered only while some meld that may be laid now takes the cards
chosen and that one, and a ``lay`` action of exactly those cards lays it.

:class:`BuildSearch` answers both questions for one hand, sharing its work
between the steps of one build. Only the melds the engine lets through are
ever offered: the search asks the engine's own test of a whole meld, and
only chooses which melds to ask about.

>>> import remi
>>> from remi.game.building import placements
>>> [str(m) for m in placements((4, 5, 52), remi.NORWEGIAN)]
[]
>>> [str(m) for m in placements((4, 5, 6, 52), remi.NORWEGIAN)]
['JK=♠4 ♠5 ♠6 ♠7', '♠5 ♠6 ♠7 JK=♠8']
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache

from ..cards import CARDS, JOKER, SPADE_TWO, Card
from ..melds import RUN_MAX, Meld, MeldKind, meld_shapes, meld_sort_key, validate_meld
from ..rulesets import Ruleset

__all__ = ["BuildSearch", "placements"]


@lru_cache(maxsize=16384)
def placements(codes: tuple[int, ...], ruleset: Ruleset) -> tuple[Meld, ...]:
    """Every legal meld of *ruleset* made of exactly the cards *codes* (ascending), in the one meld order."""
    wild = SPADE_TWO if ruleset.wild_spade_twos else JOKER
    found: dict[tuple[object, ...], Meld] = {}
    for meld in meld_shapes([CARDS[c] for c in codes], wild, ruleset.wild_spade_twos):
        if validate_meld(meld, ruleset).ok and not _wild_as_itself(meld, ruleset):
            found[meld_sort_key(meld)] = meld
    return tuple(found[key] for key in sorted(found))


def _wild_as_itself(meld: Meld, ruleset: Ruleset) -> bool:
    """Whether a ♠2 is wild where it could stand as itself (a set of twos, a run's ♠2): the solver's melds never do.

    In a set of twos of distinct suits a second ♠2 cannot be natural, so there it is wild.
    """
    for index, (card, wild) in enumerate(zip(meld.cards, meld.wild)):
        if wild and card is SPADE_TWO:
            if meld.kind == "set" and meld.rank == 2:
                natural_spade = any(c is SPADE_TWO and not w for c, w in zip(meld.cards, meld.wild))
                if not (ruleset.distinct_suit_sets and natural_spade):
                    return True
            if meld.kind == "run" and meld.stands_for(index) is card:
                return True
    return False


class BuildSearch:
    """Which cards may extend a meld under way, and which melds it makes, for one hand.

    *passes* is the engine's test of laying one whole meld now. With
    *ruled_out* (a test whose failure for a meld fails every meld of the same
    kind holding its cards and more), the search asks only the shortest melds
    on each path; without it, it asks every meld the cards could make.
    Answers are kept for the steps of one build (the hand does not change
    while a meld is built).
    """

    __slots__ = ("_avail", "_kinds", "_memo", "_passes", "_ruled_out", "_rules", "_wild")

    def __init__(
        self,
        hand: Sequence[Card],
        ruleset: Ruleset,
        kinds: Sequence[MeldKind],
        passes: Callable[[Meld], bool],
        ruled_out: Callable[[Meld], bool] | None,
    ) -> None:
        avail = [0] * 53
        for card in hand:
            avail[card.code] += 1
        self._avail = avail
        self._rules = ruleset
        self._kinds = frozenset(kinds)
        self._passes = passes
        self._ruled_out = ruled_out
        if ruleset.wild_spade_twos:
            self._wild = frozenset({SPADE_TWO.code})
        else:
            self._wild = frozenset({JOKER.code})
        self._memo: dict[tuple[tuple[int, ...], frozenset[str]], bool] = {}

    def melds(self, building: Sequence[Card]) -> list[Meld]:
        """The melds of exactly the cards *building* that may be laid now, in the one meld order."""
        codes = tuple(card.code for card in building)
        return [m for m in placements(codes, self._rules) if m.kind in self._kinds and self._passes(m)]

    def lays(self, meld: Meld) -> bool:
        """Whether the whole *meld* (a meld the hand holds) may be laid now, built from nothing."""
        return meld.kind in self._kinds and self._passes(meld)

    def lay_options(self, candidates: Sequence[Meld]) -> tuple[Meld, ...]:
        """Those of *candidates* (melds the hand holds, in the one meld order) that :meth:`lays` lets be laid."""
        kinds = self._kinds
        passes = self._passes
        return tuple(m for m in candidates if m.kind in kinds and passes(m))

    def next_cards(self, building: Sequence[Card]) -> list[Card]:
        """The cards that may be added to *building* now, ascending: each keeps some meld in reach."""
        left = self._left(building)
        start = building[-1].code if building else 0
        return [
            CARDS[code] for code in range(start, 53) if left[code] > 0 and self._reaches(building, left, code)
        ]

    def can_add(self, building: Sequence[Card], card: Card) -> bool:
        """Whether *card* may be added to *building* now (it is held, in order, and keeps a meld in reach)."""
        left = self._left(building)
        code = card.code
        in_order = not building or code >= building[-1].code
        return in_order and left[code] > 0 and self._reaches(building, left, code)

    def _left(self, building: Sequence[Card]) -> list[int]:
        """The hand's card counts without the cards chosen."""
        left = list(self._avail)
        for card in building:
            left[card.code] -= 1
        return left

    def _reaches(self, building: Sequence[Card], left: Sequence[int], code: int) -> bool:
        avail = list(left)
        avail[code] -= 1
        codes = [*(card.code for card in building), code]
        alive = self._viable(codes, self._kinds, avail, code)
        return bool(alive) and self._explore(codes, avail, code, alive)

    def _explore(self, codes: list[int], avail: list[int], last: int, alive: frozenset[str]) -> bool:
        key = (tuple(codes), alive)
        known = self._memo.get(key)
        if known is not None:
            return known
        found = self._search(codes, avail, last, alive)
        if len(self._memo) > 200_000:
            self._memo.clear()
        self._memo[key] = found
        return found

    def _search(self, codes: list[int], avail: list[int], last: int, alive: frozenset[str]) -> bool:
        melds = [m for m in placements(tuple(codes), self._rules) if m.kind in alive]
        passes = self._passes
        for meld in melds:
            if passes(meld):
                return True
        ruled_out = self._ruled_out
        if ruled_out is not None:
            dead = {m.kind for m in melds if ruled_out(m)}
            if dead:
                alive = alive - dead
                if not alive:
                    return False
        for code in range(last, 53):
            if avail[code] <= 0:
                continue
            codes.append(code)
            avail[code] -= 1
            try:
                more = self._viable(codes, alive, avail, code)
                if more and self._explore(codes, avail, code, more):
                    return True
            finally:
                codes.pop()
                avail[code] += 1
        return False

    def _viable(
        self, codes: Sequence[int], alive: frozenset[str], avail: Sequence[int], last: int
    ) -> frozenset[str]:
        """The kinds *codes* could still grow into (cards of code *last* or above added): a bound, never too few."""
        rules = self._rules
        wild = self._wild
        naturals = [c for c in codes if c not in wild]
        kinds: set[str] = set()
        if "set" in alive:
            size = rules.set_max
            if (
                len({c % 13 for c in naturals}) <= 1
                and (size is None or len(codes) <= size)
                and (not rules.distinct_suit_sets or len(set(naturals)) == len(naturals))
            ):
                kinds.add("set")
        if "run" in alive and len(codes) <= RUN_MAX and len(set(naturals)) == len(naturals):
            if len({c // 13 for c in naturals}) <= 1:
                spare = len(codes) - len(naturals) + sum(avail[w] for w in wild if w >= last)
                if _gaps(naturals, rules) <= spare:
                    kinds.add("run")
        return frozenset(kinds)


def _gaps(naturals: Sequence[int], rules: Ruleset) -> int:
    """The fewest wild cards the gaps between *naturals* (codes of one suit) need, whatever comes next.

    Cards are added in ascending code, so a gap between two natural cards
    chosen can be filled only by a wild card, except above the highest one
    when the ace (the lowest code) stands high: later cards may fill it.
    """
    if len(naturals) < 2:
        return 0
    ranks = sorted(c % 13 + 1 for c in naturals)
    best = ranks[-1] - ranks[0] + 1 - len(ranks)
    if ranks[0] == 1 and rules.ace_high:
        others = ranks[1:]
        best = min(best, others[-1] - others[0] + 1 - len(others))
    return best
