"""Which disjoint melds of a hand leave the least deadwood: the best arrangement and its deadwood value.

The searches recurse on the lowest card left: it is left over (at its cost) or in a
meld group holding it, with a memo over the packed multiset of cards left
(:class:`LeastCostSearch`); :class:`RankMajorSearch` finds the same least costs over far
fewer multisets, and :class:`CostWithin` answers "at most this cost?". Hands without wild
or repeated cards go to :mod:`~remi.solver.masks`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Final, Protocol

import attrs

from .._cache import memoize
from ..cards import CARDS, JOKER_CODE, Card
from ..melds import Meld
from ..rulesets import Ruleset
from .candidates import BOTH, RANK_MAJOR, Pool, candidate_pool, meld_of_key
from .hands import checked_counts, counts_of, reiterable
from .limits import Hand, MeldLimits, limits_of
from .masks import hand_mask, mask_deadwood
from .tables import LAST

__all__ = ["Arrangement", "best_arrangement", "deadwood"]


@attrs.frozen
class Arrangement:
    """Disjoint melds from a hand and the cards left over (the deadwood).

    ``deadwood_value`` is the hand value of ``deadwood``.

    >>> import remi
    >>> a = remi.best_arrangement("♠3 ♠4 ♠5 ♥9 ♦9 ♣9 ♥K ♦2", remi.GIN)
    >>> [str(m) for m in a.melds], remi.format_cards(a.deadwood), a.deadwood_value
    (['♥9 ♦9 ♣9', '♠3 ♠4 ♠5'], '♥K ♦2', 12)
    """

    melds: tuple[Meld, ...]
    deadwood: tuple[Card, ...]
    deadwood_value: int


class PathSource(Protocol):
    """What :func:`best_path` reads of a packer: its pool, its memo of choices and their members."""

    @property
    def pool(self) -> Pool: ...
    @property
    def memo(self) -> dict[int, tuple[int, int]]: ...
    @property
    def group_member(self) -> Sequence[int]: ...
    def best(self, rem: int) -> int: ...


def best_path(packer: PathSource, rem: int) -> tuple[list[int], list[int]]:
    """The melds (candidate indices) and left-over card codes of *packer*'s best way for *rem*.

    The memo holds, per multiset of cards left, the best value and its choice:
    a group index, -1 to leave the lowest card over, -2 for only jokers left.
    """
    packer.best(rem)
    width = packer.pool.width
    picked: list[int] = []
    left: list[int] = []
    while rem:
        _, choice = packer.memo[rem]
        if choice == -2:
            left.extend([JOKER_CODE] * (rem >> (width * JOKER_CODE)))
            break
        if choice == -1:
            low = ((rem & -rem).bit_length() - 1) // width
            left.append(low)
            rem -= 1 << (width * low)
        else:
            picked.append(packer.group_member[choice])
            rem -= packer.pool.groups[choice].use
        packer.best(rem)
    return picked, left


@memoize("solver.field-lows", maxsize=16)
def _field_lows(width: int) -> int:
    """The lowest bit of each of the 53 fields of *width* bits."""
    return sum(1 << (width * code) for code in range(53))


def _fields(packed: int, width: int) -> int:
    """The whole *width*-bit fields of the codes *packed* holds (each field's value below its guard bit).

    >>> bin(_fields(0b010_000_011, 3))
    '0b111000111'
    """
    spread = packed
    for step in range(1, width - 1):
        spread |= packed >> step
    return (spread & _field_lows(width)) * ((1 << width) - 1)


class LeastCostSearch:
    """The cheapest way to place a hand: every card is left over (at a cost) or melded.

    The search recurses on the lowest card left: it is left over, or it is in
    some meld group that holds it; a memo over the packed multiset of cards
    left keeps it polynomial in practice. A group costs ``group_cost`` and
    stands for its member ``group_member``.
    """

    def __init__(
        self,
        pool: Pool,
        skip_cost: Sequence[int],
        group_cost: Sequence[int],
        group_member: Sequence[int],
        joker_cost: int,
        floor: int | None = None,
        uses: Sequence[tuple[int, int]] | None = None,
    ) -> None:
        self.pool = pool
        self.floor = floor  # no way costs less: a group reaching it ends the search there
        self.skip_cost = skip_cost
        self.group_member = group_member
        self.joker_cost = joker_cost
        # Each group's (packed use, lowest card): the pool's, or those given (the pool renumbered).
        if uses is None:
            uses = [(group.use, group.first) for group in pool.groups]
        self.by_first: dict[int, list[tuple[int, int, int]]] = {}
        taken: dict[int, int] = {}  # lowest card -> the cards its groups take, ORed
        for index, (use, first) in enumerate(uses):
            self.by_first.setdefault(first, []).append((index, use, group_cost[index]))
            taken[first] = taken.get(first, 0) | use
        # The groups of each lowest card that fit a multiset: that depends only on the fields
        # of the cards those groups take, so it is kept per (card, those fields of the multiset).
        self.reach = {first: _fields(use, pool.width) for first, use in taken.items()}
        self.fit_memo: dict[tuple[int, int], list[tuple[int, int, int]]] = {}
        # rem -> (cost, choice): choice -1 leaves the lowest card, -2 only jokers are left.
        self.memo: dict[int, tuple[int, int]] = {0: (0, -2)}
        # With a floor: the cards no group takes, left over whatever is chosen.
        self.dead: list[tuple[int, int]] = []
        if floor is not None:
            every = 0
            for use in taken.values():
                every |= use
            field = (1 << pool.width) - 1
            for code in range(53):
                shift = pool.width * code
                if (pool.total >> shift) & field and not (every >> shift) & field:
                    self.dead.append((shift, joker_cost if code == JOKER_CODE else skip_cost[code]))

    def fitting(self, low: int, rem: int) -> list[tuple[int, int, int]]:
        """The groups of lowest card *low* (index, use, cost) that fit in *rem*, in pool order."""
        key = (low, rem & self.reach.get(low, 0))
        got = self.fit_memo.get(key)
        if got is None:
            guard = self.pool.guard
            got = [g for g in self.by_first.get(low, ()) if ((rem | guard) - g[1]) & guard == guard]
            self.fit_memo[key] = got
        return got

    def best(self, rem: int) -> int:
        got = self.memo.get(rem)
        if got is not None:
            return got[0]
        width = self.pool.width
        low = ((rem & -rem).bit_length() - 1) // width
        if low == JOKER_CODE:
            cost = (rem >> (width * JOKER_CODE)) * self.joker_cost
            self.memo[rem] = (cost, -2)
            return cost
        if self.floor is not None:
            return self._best_floored(rem, low)
        top = self.skip_cost[low] + self.best(rem - (1 << (width * low)))
        choice = -1
        for index, use, cost in self.fitting(low, rem):
            value = cost + self.best(rem - use)
            if value < top or (value == top and choice == -1):
                top, choice = value, index
        self.memo[rem] = (top, choice)
        return top

    def _best_floored(self, rem: int, low: int) -> int:
        """:meth:`best` trying the groups first, stopping at the first reaching the floor.

        The same answer and choice: the first group of least cost unless leaving
        the card over costs strictly less.
        """
        floor = self.floor or 0
        if self.dead:
            field = (1 << self.pool.width) - 1
            for shift, cost in self.dead:
                floor += ((rem >> shift) & field) * cost
        top = -1
        choice = -1
        for index, use, cost in self.fitting(low, rem):
            value = cost + self.best(rem - use)
            if choice == -1 or value < top:
                top, choice = value, index
                if value == floor:
                    break
        if choice == -1 or top != floor:
            skip = self.skip_cost[low] + self.best(rem - (1 << (self.pool.width * low)))
            if choice == -1 or skip < top:
                top, choice = skip, -1
        self.memo[rem] = (top, choice)
        return top

    def path(self, rem: int) -> tuple[list[int], list[int]]:
        """Return the melds (candidate indices) and the left-over card codes of the best way."""
        return best_path(self, rem)


def _rank_major(packed: int, width: int) -> int:
    """The packed counts *packed* (card codes in suit order) with each field moved to its rank-major place."""
    field = (1 << width) - 1
    out = 0
    while packed:
        # One step per card code held (a meld holds a few), not per field up to the highest.
        code = ((packed & -packed).bit_length() - 1) // width
        shift = width * code
        out |= ((packed >> shift) & field) << (width * RANK_MAJOR[code])
        packed &= ~(field << shift)
    return out


class RankMajorSearch:
    """The least cost of placing any part of a hand, with the lowest card taken in rank-major order.

    The same search as :class:`LeastCostSearch` with a floor (every card left over at
    its cost or melded, a memo over the multiset of cards left), run over the
    cards renumbered rank by rank. Taking the lowest card suit by suit, a set
    leaves holes at its rank in every later suit and the memo meets a product
    of such holes (34 s on a 41-card Norwegian hand); rank by rank, a set takes
    cards of the current rank only and a run cards of one suit above it, so far
    fewer multisets are left. Only values come out of it: the choice among
    equal ways stays :func:`_arrangement_path`'s, suit by suit as before.
    """

    def __init__(self, pool: Pool, skip_cost: Sequence[int]) -> None:
        width = pool.width
        groups = pool.groups
        self.uses = [group.ranked for group in groups]
        # The lowest card a group takes: its lowest field (the joker's only for jokers alone).
        uses = [(use, ((use & -use).bit_length() - 1) // width) for use in self.uses]
        # The renumbered pool carries no groups: its searches read the renumbered *uses*.
        rank_pool = pool._replace(total=_rank_major(pool.total, width), groups=())
        ranked = [0] * 53
        for code, cost in enumerate(skip_cost):
            ranked[RANK_MAJOR[code]] = cost
        self.packer = LeastCostSearch(
            rank_pool,
            ranked,
            [0] * len(groups),
            [g.members[0] for g in groups],
            skip_cost[JOKER_CODE],
            0,
            uses,
        )
        self.total = rank_pool.total

    def best(self, rem: int) -> int:
        """The least cost of the rank-major packed multiset *rem*."""
        return self.packer.best(rem)


def _arrangement_path(pool: Pool, skip_cost: Sequence[int]) -> tuple[list[int], list[int]]:
    """The melds (candidate indices) and left-over codes :class:`LeastCostSearch` with a floor of 0 picks for *pool*.

    The same walk as :func:`best_path` over that packer's choices: at each
    step the lowest card left (suit by suit) goes into the first group, in
    pool order, that holds it as its lowest card and leaves a least-cost rest,
    and is left over only when that costs strictly less than every such group.
    The costs come from :class:`RankMajorSearch`, which finds them over far fewer
    multisets; the choices, and so the answer, are those of the suit-by-suit search.
    """
    oracle = RankMajorSearch(pool, skip_cost)
    width, guard = pool.width, pool.guard
    by_first: dict[int, list[int]] = {}
    for index, group in enumerate(pool.groups):
        by_first.setdefault(group.first, []).append(index)
    rem, ranked = pool.total, oracle.total
    picked: list[int] = []
    left: list[int] = []
    # The least cost of what is left: a group keeps it (it costs nothing), a card left over
    # takes its cost off. Whether a group keeps it is a bounded question (at most, since
    # no rest costs less), far cheaper than each rest's least cost.
    target = oracle.best(ranked)
    at_most = CostWithin(oracle.packer).at_most
    while rem:
        low = ((rem & -rem).bit_length() - 1) // width
        if low == JOKER_CODE:
            left.extend([JOKER_CODE] * (rem >> (width * JOKER_CODE)))
            break
        for index in by_first.get(low, ()):
            group = pool.groups[index]
            x = (rem | guard) - group.use
            if x & guard != guard:
                continue
            if at_most(ranked - oracle.uses[index], target):
                picked.append(group.members[0])
                rem = x ^ guard
                ranked -= oracle.uses[index]
                break
        else:
            left.append(low)
            rem -= 1 << (width * low)
            ranked -= 1 << (width * RANK_MAJOR[low])
            target -= skip_cost[low]
    return picked, left


class CostWithin:
    """Whether a rank-major multiset can be placed at a cost of at most a bound: :class:`LeastCostSearch`'s question, bounded.

    Exact: the same least cost decides it, but a search that may stop at
    the first way within the bound, and that drops a state once the bound
    is below what is known of it. Each state keeps the bounds learnt (at
    least *lo*, at most *hi*), and the packer's memo of least costs is read
    where it has the state.
    """

    def __init__(self, packer: LeastCostSearch) -> None:
        self.packer = packer
        self.lo: dict[int, int] = {}
        self.hi: dict[int, int] = {}
        field = (1 << packer.pool.width) - 1
        self.dead = [(shift, cost, field) for shift, cost in packer.dead]

    def at_most(self, rem: int, bound: int) -> bool:
        if bound < 0:
            return False
        packer = self.packer
        known = packer.memo.get(rem)
        if known is not None:
            return known[0] <= bound
        if bound < self.lo.get(rem, 0):
            return False
        if bound >= self.hi.get(rem, bound + 1):
            return True
        width = packer.pool.width
        low = ((rem & -rem).bit_length() - 1) // width
        if low == JOKER_CODE:
            return (rem >> (width * JOKER_CODE)) * packer.joker_cost <= bound
        floor = 0
        for shift, cost, field in self.dead:
            floor += ((rem >> shift) & field) * cost
        if floor > bound:
            self.lo[rem] = floor
            return False
        for _, use, _ in packer.fitting(low, rem):
            if self.at_most(rem - use, bound):
                self.hi[rem] = bound
                return True
        if self.at_most(rem - (1 << (width * low)), bound - packer.skip_cost[low]):
            self.hi[rem] = bound
            return True
        self.lo[rem] = bound + 1
        return False


@memoize("solver.best-arrangement", maxsize=2048)
def _best_arrangement(counts: tuple[int, ...], limits: MeldLimits, values: tuple[int, ...]) -> Arrangement:
    pool = candidate_pool(counts, limits, False, BOTH)
    scale = pool.n_cards + 1
    # Least deadwood value first, then fewest deadwood cards; on a tie, meld.
    skip_cost = [v * scale + 1 for v in values]
    picked, left = _arrangement_path(pool, skip_cost)
    melds = tuple(meld_of_key(pool.keys[i]) for i in sorted(picked))
    return Arrangement(melds, tuple(CARDS[c] for c in sorted(left)), sum(values[c] for c in left))


def _arrangement_by_suit(counts: tuple[int, ...], limits: MeldLimits, values: tuple[int, ...]) -> Arrangement:
    """:func:`_best_arrangement` by the suit-by-suit search alone (slow on big hands): the tests' oracle."""
    pool = candidate_pool(counts, limits, False, BOTH)
    scale = pool.n_cards + 1
    skip_cost = [v * scale + 1 for v in values]
    groups = pool.groups
    packer = LeastCostSearch(
        pool, skip_cost, [0] * len(groups), [g.members[0] for g in groups], skip_cost[JOKER_CODE], 0
    )
    picked, left = packer.path(pool.total)
    melds = tuple(meld_of_key(pool.keys[i]) for i in sorted(picked))
    return Arrangement(melds, tuple(CARDS[c] for c in sorted(left)), sum(values[c] for c in left))


def best_arrangement(hand: Hand, ruleset: Ruleset) -> Arrangement:
    """Return the disjoint melds from *hand* that leave the least deadwood value.

    Jokers, wild ♠2s and duplicate cards are used where they help; melds
    may be of any legal size. Among arrangements of equal deadwood value
    the one with fewer deadwood cards wins, then the first in a fixed
    order, so the answer depends only on the multiset of cards. Melds are
    in canonical order (:func:`meld_sort_key`), deadwood in card order.

    >>> import remi
    >>> a = remi.best_arrangement("♠A ♠2 ♠3 ♠4 ♥4 ♦4 ♣K", remi.GIN)
    >>> [str(m) for m in a.melds], a.deadwood_value
    (['♠4 ♥4 ♦4', '♠A ♠2 ♠3'], 10)
    >>> remi.best_arrangement("JK ♥K ♦4", remi.NORWEGIAN).deadwood_value
    64
    """
    entry = limits_of(ruleset)
    return _best_arrangement(checked_counts(hand, ruleset), entry.limits, entry.values)


def held_arrangement(cards: Sequence[Card], ruleset: Ruleset) -> Arrangement:
    """:func:`best_arrangement` of cards a state holds: the trusted kernel (no parse, no pack check).

    >>> import remi
    >>> held_arrangement(remi.parse_cards("♠3 ♠4 ♠5 ♥9"), remi.GIN).deadwood_value
    9
    """
    entry = limits_of(ruleset)
    return _best_arrangement(counts_of(cards), entry.limits, entry.values)


def deadwood(hand: Hand, ruleset: Ruleset) -> int:
    """Return the deadwood value of *hand* at its best arrangement (Gin: knock if ≤ ``knock_limit``).

    >>> import remi
    >>> remi.deadwood("♠3 ♠4 ♠5 ♥9 ♦9 ♣9 ♥K ♦2 ♣A ♣2", remi.GIN)
    15
    """
    last = LAST.last  # the last ruleset's run tables: Gin's rules, a µs a hand
    if ruleset is not last[0]:
        last = LAST.load(ruleset)
    if type(hand) in _LIST_OR_TUPLE:  # not an iterator the kernel would use up
        got = last[2](hand)  # type: ignore[arg-type]  # a list or tuple (mypy cannot see it)
        if got >= 0:  # cards, no joker, no card twice: four lookups a set choice
            return got
    return _deadwood(reiterable(hand), ruleset, checked_counts)


#: The hand types :func:`deadwood` gives its run tables' kernel as they are.
_LIST_OR_TUPLE: Final = (list, tuple)


def held_deadwood(cards: Sequence[Card], ruleset: Ruleset) -> int:
    """:func:`deadwood` of cards a state holds: the trusted kernel (no parse, no pack check).

    >>> import remi
    >>> held_deadwood(remi.parse_cards("♠3 ♠4 ♠5 ♥9"), remi.GIN)
    9
    """
    last = LAST.last
    if ruleset is not last[0]:
        last = LAST.load(ruleset)
    got = last[2](cards)
    if got >= 0:  # rules the run tables answer (Gin's), no joker, no card twice: four lookups a set choice
        return got
    return _deadwood(cards, ruleset, _held_counts)


def held_after_discard(cards: Sequence[Card], ruleset: Ruleset) -> int:
    """The least :func:`held_deadwood` of *cards* less one card: the deadwood after the best discard.

    What OpenSpiel's ``min_deadwood`` answers for an 11-card Gin hand (bench/bench_gin_vs.py
    times the two); *cards* holds a card at least.

    >>> import remi
    >>> held_after_discard(remi.parse_cards("♠3 ♠4 ♠5 ♥9 ♦9 ♣9 ♥K ♦2"), remi.GIN)
    2
    """
    last = LAST.last
    if ruleset is not last[0]:
        last = LAST.load(ruleset)
    got = last[3](cards)
    if got >= 0:  # cards, no joker, no card twice: four lookups and a least change a set choice
        return got
    return min(held_deadwood([*cards[:i], *cards[i + 1 :]], ruleset) for i in range(len(cards)))


def _held_counts(cards: Hand, ruleset: Ruleset) -> tuple[int, ...]:
    return counts_of(cards)


def _deadwood(hand: Hand, ruleset: Ruleset, read: Callable[[Hand, Ruleset], tuple[int, ...]]) -> int:
    entry = limits_of(ruleset)
    mask = hand_mask(hand, entry.limits)
    if mask >= 0:  # no joker, no card twice: a hand every pack gives
        return mask_deadwood(mask, entry)
    return _least_deadwood(read(hand, ruleset), entry.limits, entry.values)


@memoize("solver.least-deadwood", maxsize=2048)
def _least_deadwood(counts: tuple[int, ...], limits: MeldLimits, values: tuple[int, ...]) -> int:
    """The deadwood value of :func:`_best_arrangement` without the walk that picks its melds."""
    pool = candidate_pool(counts, limits, False, BOTH)
    scale = pool.n_cards + 1
    oracle = RankMajorSearch(pool, [v * scale + 1 for v in values])
    return oracle.best(oracle.total) // scale
