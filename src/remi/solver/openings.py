"""Which melds make an opening, and how many points can a hand still lay toward one?

Best openings and their points, every opening group, and the engine's questions of
whether the cards left still reach an opening (:func:`opening_reaches`,
:func:`opening_reach_test`, :func:`opening_lay_test`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from itertools import chain
from typing import Final

from .._cache import memoize
from ..cards import JOKER_CODE, Card, parse_cards
from ..errors import LimitError, NotationError
from ..melds import Meld
from ..messages import msg
from ..rulesets import Ruleset
from .arrangement import _rank_major, best_path
from .candidates import BOTH, RANK_MAJOR, MeldKey, Pool, candidate_pool, meld_of_key, uses_by_key
from .hands import checked_counts, counts_of
from .limits import SPADE_TWO_CODE, Hand, MeldLimits, layout_limit, limits_of, whole_listing

__all__ = [
    "best_opening_points",
    "best_opening_points_left",
    "find_opening",
    "opening_layouts",
    "opening_lay_test",
    "opening_reach_test",
    "opening_reaches",
]


class _OpeningSearch:
    """The most opening points a hand's disjoint melds count (then the fewest cards laid).

    The same search and the same answers as a :class:`LeastCostSearch` whose groups cost
    ``-points * scale + size`` and whose left-over cards cost nothing: the lowest card
    left is left over or in some group holding it, with a memo over the packed
    multiset of cards left. It is pruned by a bound: no card adds more than the most
    it can count in any meld (``reach``), so the cards left count at most the sum of
    theirs, ``ub``. A group's *slack* is how far it falls short of its cards' reach,
    so ``-ub * scale + slack * scale + size`` bounds the cost of any way through it;
    the groups are tried by that bound, cheapest first, and the search stops at the
    first whose bound passes the best found. Ties keep the packer's choice: the
    group first in pool order among those of least cost, or the card left over when
    that costs strictly less than every group.
    """

    def __init__(
        self, pool: Pool, points: list[int], scale: int, reach: Sequence[int], ranked: bool = False
    ) -> None:
        self.pool = pool
        self.scale = scale
        width = pool.width
        # With *ranked*, the multisets are packed rank by rank (RANK_MAJOR): the same least
        # costs over far fewer multisets (a set leaves no holes in later suits), but no path.
        order = RANK_MAJOR if ranked else range(53)
        self.reach = [0] * 53
        for code, most in enumerate(reach):
            self.reach[order[code]] = most
        #: The field shift of each card code in this search's packing.
        self.shift = tuple(width * order[code] for code in range(53))
        self.total = _rank_major(pool.total, width) if ranked else pool.total
        keys = pool.keys
        members: list[int] = []
        # Per group: (slack in points, size, index, use, points, reach of its cards, first, jokers).
        rows: list[tuple[int, int, int, int, int, int, int, int]] = []
        self.joker_shift = joker_shift = width * JOKER_CODE
        for index, group in enumerate(pool.groups):
            options = group.members
            best = options[0]
            if len(options) > 1:
                for i in options[1:]:
                    if points[i] > points[best]:
                        best = i
            members.append(best)
            got = points[best]
            # A group's members take the same cards: the codes of one are the group's use.
            full = sum(map(reach.__getitem__, keys[best][4]))
            use = group.ranked if ranked else group.use
            first = ((use & -use).bit_length() - 1) // width if ranked else group.first
            rows.append((full - got, group.size, index, use, got, full, first, use >> joker_shift))
        rows.sort()
        self.group_member = members
        self.rows = rows
        self._by_first: dict[int, list[tuple[int, int, int, int, int]]] | None = None
        self._by_jokers: dict[int, list[list[tuple[int, int, int, int]]]] | None = None
        # rem -> (cost, choice): choice -1 leaves the lowest card, -2 only jokers are left.
        self.memo: dict[int, tuple[int, int]] = {0: (0, -2)}
        #: The groups :meth:`best` has tried, one a position too, and the count past which it refuses
        #: (:meth:`budget`: ``MOST_OPENING_STEPS`` more for each public call).
        self.steps = 0
        self.limit = MOST_OPENING_STEPS
        # rem * 2 + keep -> (lo, hi): the most points the cards of rem reach (leaving a card
        # out when keep) is known to lie in lo .. hi.
        self.known: dict[int, tuple[int, int]] = {}

    @property
    def by_first(self) -> dict[int, list[tuple[int, int, int, int, int]]]:
        """The groups by their lowest card, by bound: (slack * scale + size, index, use, cost, reach)."""
        if self._by_first is None:
            scale = self.scale
            by_first: dict[int, list[tuple[int, int, int, int, int]]] = {}
            for slack, size, index, use, got, full, first, _ in self.rows:
                by_first.setdefault(first, []).append(
                    (slack * scale + size, index, use, size - got * scale, full)
                )
            self._by_first = by_first
        return self._by_first

    @property
    def by_jokers(self) -> dict[int, list[list[tuple[int, int, int, int]]]]:
        """The groups by their lowest card, then by the jokers they take, by slack: (slack, use, points, reach)."""
        if self._by_jokers is None:
            by_jokers: dict[int, list[list[tuple[int, int, int, int]]]] = {}
            for slack, _, _, use, got, full, first, jokers in self.rows:
                lists = by_jokers.setdefault(first, [])
                while len(lists) <= jokers:
                    lists.append([])
                lists[jokers].append((slack, use, got, full))
            self._by_jokers = by_jokers
        return self._by_jokers

    def bound(self, rem: int) -> int:
        """The most points the cards of *rem* could count (each at its reach)."""
        width = self.pool.width
        field = (1 << width) - 1
        reach = self.reach
        total = 0
        code = 0
        while rem:
            n = rem & field
            if n:
                total += n * reach[code]
            rem >>= width
            code += 1
        return total

    def budget(self) -> _OpeningSearch:
        """Give the next searches ``MOST_OPENING_STEPS`` steps more (one public call's), and return the search."""
        self.limit = self.steps + MOST_OPENING_STEPS
        return self

    def best(self, rem: int, ub: int = -1) -> int:
        """The least cost of placing the cards of *rem*; *ub* is their :meth:`bound` when known."""
        got = self.memo.get(rem)
        if got is not None:
            return got[0]
        width, guard, scale = self.pool.width, self.pool.guard, self.scale
        low = ((rem & -rem).bit_length() - 1) // width
        if low == JOKER_CODE:
            self.memo[rem] = (0, -2)
            return 0
        if ub < 0:
            ub = self.bound(rem)
        base = -ub * scale
        top = 0
        choice = -1
        tried = 1
        for slack, index, use, cost, full in self.by_first.get(low, ()):
            tried += 1
            if choice != -1:
                least = base + slack
                if least > top or (least == top and index > choice):
                    if least > top:
                        break
                    continue
            x = (rem | guard) - use
            if x & guard != guard:
                continue
            value = cost + self.best(x ^ guard, ub - full)
            if choice == -1 or value < top or (value == top and index < choice):
                top, choice = value, index
        drop = self.reach[low]
        if choice == -1 or base + drop * scale < top:
            skip = self.best(rem - (1 << (width * low)), ub - drop)
            if choice == -1 or skip < top:
                top, choice = skip, -1
        self.memo[rem] = (top, choice)
        self.steps += tried
        if self.steps > self.limit:
            _too_much_search()
        return top

    def reaches(self, rem: int, target: int, keep: bool, ub: int = -1) -> bool:
        """Whether disjoint melds of the cards of *rem* count *target* points (with *keep*, leaving a card out).

        A search for any such melds rather than the best: the lowest card is in a
        group or left over, groups tried by slack, stopping where even the bound
        falls short; what is learnt about each multiset is kept as a range.
        """
        if target <= 0:
            return not keep or rem != 0
        key = rem * 2 + keep
        known = self.known.get(key)
        if known is not None:
            if target <= known[0]:
                return True
            if target > known[1]:
                return False
        if ub < 0:
            ub = self.bound(rem)
        width = self.pool.width
        low = ((rem & -rem).bit_length() - 1) // width
        found = False
        if ub >= target and low != JOKER_CODE:
            guard = self.pool.guard
            lists = self.by_jokers.get(low)
            if lists:
                for options in lists[: (rem >> self.joker_shift) + 1]:
                    for slack, use, got, full in options:
                        if ub - slack < target:
                            break
                        x = (rem | guard) - use
                        if x & guard != guard:
                            continue
                        if self.reaches(x ^ guard, target - got, keep, ub - full):
                            found = True
                            break
                    if found:
                        break
            if not found:
                drop = self.reach[low]
                found = ub - drop >= target and self.reaches(
                    rem - (1 << (width * low)), target, False, ub - drop
                )
        lo, hi = known if known is not None else (0, ub)
        self.known[key] = (max(lo, target), hi) if found else (lo, min(hi, target - 1))
        return found

    def path(self, rem: int) -> tuple[list[int], list[int]]:
        """Return the melds (candidate indices) and the left-over card codes of the best way."""
        return best_path(self, rem)


@memoize("solver.point-table", maxsize=64)
def _point_table(ruleset: Ruleset) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    """What melds count toward an opening, read from their keys: (set rank values, run prefix sums, reach).

    A set counts its rank's value per card; a run from rank ``lo`` of ``n`` cards counts
    ``prefix[lo + n] - prefix[lo]`` (place 1 an ace low, 14 an ace high), as
    :func:`~remi.meld_points` counts them. ``reach[code]`` is the most a card of that
    code counts in any meld (a wild card: the most of any place), never below 0.
    """
    values = ruleset.values
    set_value = tuple([0] + [values.of_rank(rank) for rank in range(1, 14)])
    low = values.ace if values.ace_low_in_run is None else values.ace_low_in_run
    place = [0, low] + [values.of_rank(rank) for rank in range(2, 14)] + [values.ace]
    prefix = [0]
    for value in place[1:]:
        prefix.append(prefix[-1] + value)
    prefix.insert(0, 0)  # prefix[r] = sum of places 1 .. r - 1
    most = max(0, *set_value[1:], *place[1:])
    reach = []
    for code in range(53):
        if code == JOKER_CODE or (ruleset.wild_spade_twos and code == SPADE_TWO_CODE):
            reach.append(most)
            continue
        rank = code % 13 + 1
        if rank == 1:
            reach.append(max(0, set_value[1], place[1], place[14]))
        else:
            reach.append(max(0, set_value[rank], place[rank]))
    return set_value, tuple(prefix), tuple(reach)


def _key_points(keys: Sequence[MeldKey], ruleset: Ruleset) -> list[int]:
    """:func:`~remi.meld_points` of each candidate, from its key (no meld is built)."""
    set_value, prefix, _ = _point_table(ruleset)
    out: list[int] = []
    for kind, a, b, n, _codes, _flags in keys:
        if kind == 0:
            out.append(set_value[a] * n)
        else:
            out.append(prefix[b + n] - prefix[b])
    return out


def _opening_search(
    counts: tuple[int, ...], ruleset: Ruleset, ranked: bool = False
) -> tuple[_OpeningSearch, list[int], int]:
    """A packer maximising opening points (then fewest cards); also each candidate's points.

    *ranked* packs it rank by rank: for the points alone, far faster on big hands.
    """
    entry = limits_of(ruleset)
    pool = candidate_pool(counts, entry.limits, False, BOTH)
    points = _key_points(pool.keys, ruleset)
    scale = pool.n_cards + 1
    return _OpeningSearch(pool, points, scale, _point_table(ruleset)[2], ranked), points, scale


#: The most cards :func:`find_opening`, :func:`best_opening_points` and :func:`best_opening_points_left`
#: search for the best opening. Past it the search grows too fast (a Slovenian hand of 34 cards
#: and six jokers takes seconds); no preset deals a hand of more than 16, and only the
#: unlimited-buying house rule reaches more.
MOST_OPENING_CARDS: Final = 32


#: The most steps (groups tried, one a position too) that :meth:`_OpeningSearch.best` takes for one
#: hand, some 0.5 s of CPU: past it the best-opening calls raise :class:`~remi.LimitError`
#: (``opening-search-too-large``). Hands rich in runs and jokers (two whole suits and four jokers:
#: over a minute) reach it well below :data:`MOST_OPENING_CARDS`; no preset's deal comes near.
MOST_OPENING_STEPS: Final = 4_000_000


def _too_much_search() -> None:
    raise LimitError(
        "opening-search-too-large",
        msg(
            "The best opening of this hand needs a longer search than remi makes in one call "
            "({most} steps): opening_layouts(hand, ruleset, limit=1) finds an opening.",
            most=MOST_OPENING_STEPS,
        ),
    )


def _searchable(counts: tuple[int, ...]) -> tuple[int, ...]:
    """*counts*, refused (``too-many-cards``) when they hold more than :data:`MOST_OPENING_CARDS` cards."""
    held = sum(counts)
    if held > MOST_OPENING_CARDS:
        raise LimitError(
            "too-many-cards",
            msg(
                "remi finds the best opening of a hand of at most {most} cards, and this one holds {n}: "
                "opening_layouts(hand, ruleset, limit=1) finds an opening.",
                most=MOST_OPENING_CARDS,
                n=held,
            ),
        )
    return counts


def find_opening(hand: Hand, ruleset: Ruleset) -> tuple[Meld, ...] | None:
    """Return the disjoint melds from *hand* that count the most toward an opening, or ``None``.

    Melds count by :func:`~remi.meld_points` (jokers as what they stand for).
    The answer is returned only when it reaches ``ruleset.opening_points``
    (with no threshold, when it holds at least one meld); among equal counts
    the one laying the fewest cards wins. Melds are in canonical order
    (:func:`meld_sort_key`). A hand of more than 32 cards (only the
    unlimited-buying house rule deals one) raises :class:`~remi.LimitError`
    (``too-many-cards``): the search grows too fast past it. A search longer
    than ``remi.solver.openings.MOST_OPENING_STEPS`` (4,000,000, some half a second: hands rich in runs and
    jokers, which only that house rule deals) raises it too
    (``opening-search-too-large``).

    >>> import remi
    >>> [str(m) for m in find_opening("♠Q ♥Q ♦Q JK ♣8 ♣9 ♣10 ♥2", remi.SLOVENIAN)]
    ['♠Q ♥Q ♦Q', '♣8 ♣9 ♣10 JK=♣J']
    >>> find_opening("♠10 ♥10 ♦10 ♣2 ♣3 ♣4", remi.SLOVENIAN) is None
    True
    """
    return _best_opening(_searchable(checked_counts(hand, ruleset)), limits_of(ruleset).limits, ruleset)


@memoize("solver.best-opening", maxsize=2048)
def _best_opening(counts: tuple[int, ...], limits: MeldLimits, ruleset: Ruleset) -> tuple[Meld, ...] | None:
    packer, points, _ = _opening_search(counts, ruleset)
    picked = _opening_path(packer, _shared_ranked_search(counts, ruleset)[0])
    if not picked:
        return None
    need = ruleset.opening_points
    if need is not None and sum(points[i] for i in picked) < need:
        return None
    return tuple(meld_of_key(packer.pool.keys[i]) for i in sorted(picked))


def _opening_path(packer: _OpeningSearch, oracle: _OpeningSearch) -> list[int]:
    """The melds (candidate indices) :meth:`_OpeningSearch.path` picks, with the costs from the rank-major *oracle*.

    The same walk as :func:`~remi.solver.arrangement.best_path` over *packer*'s
    choices: the lowest card left (suit by suit) goes into the group first in
    pool order among those holding it as their lowest card and leaving a
    least-cost rest, and is left over only when that costs strictly less. Where
    the suit-by-suit search meets a product of holes (41 cards: seconds), the
    rank-major one answers the costs in milliseconds.
    """
    pool = packer.pool
    width, guard = pool.width, pool.guard
    by_first: dict[int, list[int]] = {}
    for index, group in enumerate(pool.groups):
        by_first.setdefault(group.first, []).append(index)
    cost = {index: use_cost for _, index, _, use_cost, _ in chain.from_iterable(packer.by_first.values())}
    rem, ranked = pool.total, oracle.budget().total
    picked: list[int] = []
    while rem:
        low = ((rem & -rem).bit_length() - 1) // width
        if low == JOKER_CODE:
            break
        target = oracle.best(ranked)
        for index in by_first.get(low, ()):
            group = pool.groups[index]
            x = (rem | guard) - group.use
            if x & guard == guard and cost[index] + oracle.best(ranked - group.ranked) == target:
                picked.append(packer.group_member[index])
                rem, ranked = x ^ guard, ranked - group.ranked
                break
        else:
            rem -= 1 << (width * low)
            ranked -= 1 << oracle.shift[low]
    return picked


@memoize("solver.best-points", maxsize=1024)
def _best_points(counts: tuple[int, ...], ruleset: Ruleset) -> int:
    packer, _, scale = _shared_ranked_search(counts, ruleset)
    # The packer's cost is -points * scale + cards laid (fewer than scale): its points.
    return -(packer.budget().best(packer.total) // scale)


@memoize("solver.shared-opening-search", maxsize=64)
def _shared_opening_search(
    counts: tuple[int, ...], ruleset: Ruleset
) -> tuple[_OpeningSearch, list[int], int]:
    return _opening_search(counts, ruleset)


@memoize("solver.shared-ranked-opening-search", maxsize=64)
def _shared_ranked_search(counts: tuple[int, ...], ruleset: Ruleset) -> tuple[_OpeningSearch, list[int], int]:
    """The rank-major opening search of a hand, for its points (and the costs of :func:`_opening_path`)."""
    return _opening_search(counts, ruleset, ranked=True)


def best_opening_points_left(
    hand: Hand, laid: Iterable[Card], ruleset: Ruleset, *, keep_one: bool = False
) -> int:
    """Return :func:`best_opening_points` of *hand* less the cards *laid*.

    With *keep_one*, one card must stay out of the melds (a card kept for a
    final discard): the best over every choice of that card. One search
    serves every question about the same hand, so asking it for each
    candidate meld of a hand costs little. A *hand* of more than 32 cards, or
    a search too long, raises :class:`~remi.LimitError` (``too-many-cards``,
    ``opening-search-too-large``), as in :func:`find_opening`.

    >>> import remi
    >>> hand = remi.parse_cards("♠Q ♥Q ♦Q ♣9 ♣10 ♣J ♥2")
    >>> best_opening_points_left(hand, remi.parse_cards("♠Q ♥Q ♦Q"), remi.SLOVENIAN)
    29
    >>> best_opening_points_left(hand, remi.parse_cards("♠Q ♥Q ♦Q"), remi.SLOVENIAN, keep_one=True)
    29
    >>> best_opening_points_left(hand, remi.parse_cards("♠Q ♥Q ♦Q ♥2"), remi.SLOVENIAN, keep_one=True)
    0
    """
    return _points_left(_searchable(checked_counts(hand, ruleset)), parse_cards(laid), ruleset, keep_one)


def held_opening_points_left(
    hand: Sequence[Card], laid: Sequence[Card], ruleset: Ruleset, *, keep_one: bool = False
) -> int:
    """:func:`best_opening_points_left` of a state's cards: the trusted kernel (no parse, no pack check).

    >>> import remi
    >>> hand = remi.parse_cards("♠Q ♥Q ♦Q ♣9 ♣10 ♣J ♥2")
    >>> held_opening_points_left(hand, remi.parse_cards("♠Q ♥Q ♦Q"), remi.SLOVENIAN)
    29
    """
    return _points_left(counts_of(hand), laid, ruleset, keep_one)


def _points_left(counts: tuple[int, ...], laid: Iterable[Card], ruleset: Ruleset, keep_one: bool) -> int:
    packer, _, scale = _shared_ranked_search(counts, ruleset)
    packer.budget()
    shift = packer.shift
    rem = packer.total
    left = list(counts)
    for card in laid:
        code = card.code
        if left[code] <= 0:
            raise NotationError("not-in-hand", msg("{card} is not in the hand.", card=card))
        left[code] -= 1
        rem -= 1 << shift[code]

    # The packer's cost is -points * scale + cards laid (fewer than scale): its points,
    # read from the search's cost without rebuilding its path.
    cost = packer.best(rem)
    points = -(cost // scale)
    if not keep_one:
        return points
    # The search prefers the fewest cards among the layouts of the most points: when that
    # layout leaves a card out, one card is kept at no loss.
    if cost + points * scale < sum(left):
        return points
    return max(
        (-(packer.best(rem - (1 << shift[code])) // scale) for code, count in enumerate(left) if count),
        default=0,
    )


def _left_of(packer: _OpeningSearch, laid: Iterable[Card]) -> int:
    """The packed multiset of the packer's hand less the cards *laid* (which it holds)."""
    width = packer.pool.width
    rem = packer.pool.total
    for card in laid:
        rem -= 1 << (width * card.code)
    return rem


def _reaches(packer: _OpeningSearch, rem: int, need: int, keep_one: bool) -> bool:
    """``best_opening_points_left(...) >= need`` for the cards *rem* left (an empty hand counts 0)."""
    if rem == 0:
        return need <= 0
    return packer.reaches(rem, need, keep_one)


#: From this many cards, the opening questions ask a search over the hand's melds of the
#: least sizes first (:func:`_quick_search`); below it, straight the search over every meld.
QUICK_FROM: Final = 24


@memoize("solver.quick-opening-search", maxsize=64)
def _quick_search(counts: tuple[int, ...], ruleset: Ruleset) -> _OpeningSearch | None:
    """The opening search over the hand's melds of exactly the least sizes, or ``None`` below :data:`QUICK_FROM` cards.

    Its melds are melds of the hand, so whatever it reaches the full search
    reaches too: a "yes" of it is the answer, a "no" asks the full search. A seat
    of 60 cards and six jokers holds some 27,000 candidate melds and 240 of the
    least sizes; those reach an opening of the cards left after nearly any lay.
    It packs the cards as the full search does (the same width, order and reach).
    """
    if sum(counts) < QUICK_FROM:
        return None
    pool = candidate_pool(counts, limits_of(ruleset).limits, True, BOTH)
    points = _key_points(pool.keys, ruleset)
    return _OpeningSearch(pool, points, pool.n_cards + 1, _point_table(ruleset)[2])


def opening_reaches(
    hand: Sequence[Card], laid: Sequence[Card], need: int, ruleset: Ruleset, keep_one: bool
) -> bool:
    """Whether ``best_opening_points_left(hand, laid, ruleset, keep_one=keep_one) >= need``.

    A search for any melds reaching *need* rather than for the best
    (:meth:`_OpeningSearch.reaches`), sharing what it learns with every later
    question about the same hand; on a hand of :data:`QUICK_FROM` cards or more,
    first over its melds of the least sizes (:func:`_quick_search`).
    """
    counts = counts_of(hand)
    if sum(counts) < QUICK_FROM:
        packer, _, _ = _shared_opening_search(counts, ruleset)
        return _reaches(packer, _left_of(packer, laid), need, keep_one)
    return _ReachTest(counts, ruleset, keep_one)(laid, need)


def opening_reaches_in_full(
    hand: Sequence[Card], laid: Sequence[Card], need: int, ruleset: Ruleset, keep_one: bool
) -> bool:
    """:func:`opening_reaches` asked of the search over every candidate meld only (its oracle)."""
    packer, _, _ = _shared_opening_search(counts_of(hand), ruleset)
    return _reaches(packer, _left_of(packer, laid), need, keep_one)


class _ReachTest:
    """:func:`opening_reaches` for one hand, asked about many *laid* and *need* (a class: no closure).

    The quick search first (when the hand has one), the full one, built on first need, after a "no".
    """

    def __init__(self, counts: tuple[int, ...], ruleset: Ruleset, keep_one: bool) -> None:
        self.counts = counts
        self.ruleset = ruleset
        self.keep_one = keep_one
        self.quick = _quick_search(counts, ruleset)
        self._full: _OpeningSearch | None = None

    @property
    def full(self) -> _OpeningSearch:
        """The search over every candidate meld of the hand."""
        if self._full is None:
            self._full = _shared_opening_search(self.counts, self.ruleset)[0]
        return self._full

    def __call__(self, laid: Sequence[Card], need: int) -> bool:
        quick = self.quick
        if quick is None:
            full = self.full
            return _reaches(full, _left_of(full, laid), need, self.keep_one)
        rem = _left_of(quick, laid)
        return _reaches(quick, rem, need, self.keep_one) or _reaches(self.full, rem, need, self.keep_one)


def opening_reach_test(
    hand: Sequence[Card], ruleset: Ruleset, keep_one: bool
) -> Callable[[Sequence[Card], int], bool]:
    """:func:`opening_reaches` for one hand, asked about many *laid* and *need*: the hand's work done once.

    ``test(laid, need) == opening_reaches(hand, laid, need, ruleset, keep_one)``.
    """
    return _ReachTest(counts_of(hand), ruleset, keep_one)


class _LayTest:
    """:func:`opening_lay_test`'s test (a class: no closure): the quick search first, as in :class:`_ReachTest`."""

    def __init__(self, counts: tuple[int, ...], ruleset: Ruleset, need: int, keep_one: bool) -> None:
        self.reach_test = _ReachTest(counts, ruleset, keep_one)
        packer = self.reach_test.quick or self.reach_test.full
        self.need = need
        self.keep_one = keep_one
        self.set_value, self.prefix, _ = _point_table(ruleset)
        self.width = packer.pool.width
        self.total = packer.pool.total
        self.reach = packer.reach
        self.top = packer.bound(packer.pool.total)

    def __call__(self, meld: Meld) -> bool:
        cards = meld.cards
        if meld.kind == "set":
            got = self.set_value[meld.rank] * len(cards)
        else:
            prefix = self.prefix
            got = prefix[meld.rank + len(cards)] - prefix[meld.rank]
        rest = self.need - got
        if rest <= 0:
            return True
        width, reach = self.width, self.reach
        rem = self.total
        ub = self.top
        for card in cards:
            code = card.code
            rem -= 1 << (width * code)
            ub -= reach[code]
        if rem == 0:
            return False
        test = self.reach_test
        quick = test.quick
        if quick is not None and quick.reaches(rem, rest, self.keep_one, ub):
            return True
        return test.full.reaches(rem, rest, self.keep_one, ub)


def opening_lay_test(
    hand: Sequence[Card], ruleset: Ruleset, need: int, keep_one: bool
) -> Callable[[Meld], bool]:
    """Whether a meld of *hand* laid now leaves an opening of *need* points within reach.

    ``test(meld)`` is ``meld_points(meld) >= need`` or
    ``opening_reaches(hand, meld.cards, need - meld_points(meld), ruleset, keep_one)``,
    for melds whose cards *hand* holds; the work is shared by every meld asked. Where
    every set and run of the hand passes (:func:`_every_meld_passes`), the test is a
    constant: a seat of 60 cards asks it of some 27,000 melds.
    """
    counts = counts_of(hand)
    test = _LayTest(counts, ruleset, need, keep_one)
    quick = test.reach_test.quick
    if quick is not None and _every_meld_passes(counts, quick, ruleset, need, keep_one):
        return _passes
    return test


def _passes(meld: Meld) -> bool:
    """:func:`opening_lay_test`'s test where every meld of the hand passes."""
    return True


def _every_meld_passes(
    counts: tuple[int, ...], quick: _OpeningSearch, ruleset: Ruleset, need: int, keep_one: bool
) -> bool:
    """Whether every meld of the hand *counts* leaves cards that reach *need* (keeping a card with *keep_one*).

    A run takes cards of one suit and wild cards, a set cards of one rank and wild
    cards: when the hand's other suits' cards (for its runs) and other ranks' cards
    (for its sets), wild cards left out, reach *need* in the *quick* search, so do
    the cards any of its melds leaves, which hold them. ``False`` says only that
    this proof failed.
    """
    if need <= 0:
        return True
    wild = limits_of(ruleset).limits.wild
    shift = quick.shift
    base = quick.total
    for code in {JOKER_CODE, wild}:
        if 0 <= code <= JOKER_CODE:
            base -= counts[code] << shift[code]
    for suit in range(4):
        codes = range(suit * 13, suit * 13 + 13)
        if _held(counts, codes) and not _reaches(quick, _without(base, counts, codes, shift), need, keep_one):
            return False
    for rank in range(13):
        codes = range(rank, 52, 13)
        if _held(counts, codes) and not _reaches(quick, _without(base, counts, codes, shift), need, keep_one):
            return False
    return True


def _held(counts: tuple[int, ...], codes: Iterable[int]) -> bool:
    """Whether the hand *counts* holds a card of one of *codes*."""
    return any(counts[code] for code in codes)


def _without(rem: int, counts: tuple[int, ...], codes: Iterable[int], shift: Sequence[int]) -> int:
    """The packed multiset *rem* less every card of *codes* the hand *counts* holds (which *rem* holds)."""
    for code in codes:
        rem -= counts[code] << shift[code]
    return rem


def best_opening_points(hand: Hand, ruleset: Ruleset) -> int:
    """Return the most points that disjoint melds from *hand* count toward an opening.

    Jokers count as the card they stand for and aces as the ruleset says
    (:func:`~remi.meld_points`); a hand with no meld counts 0. A hand of
    more than 32 cards, or a search too long, raises :class:`~remi.LimitError`
    (``too-many-cards``, ``opening-search-too-large``), as in :func:`find_opening`.

    >>> import remi
    >>> best_opening_points("♠Q ♥Q ♦Q JK ♣9 ♣10 ♥2", remi.SLOVENIAN)
    59
    >>> best_opening_points("♠2 ♥5 ♦9", remi.SLOVENIAN)
    0
    """
    return _best_points(_searchable(checked_counts(hand, ruleset)), ruleset)


def opening_layouts(
    hand: Hand, ruleset: Ruleset, *, limit: int | None = None
) -> tuple[tuple[Meld, ...], ...]:
    """Return every distinct group of disjoint melds from *hand* that makes an opening.

    A group qualifies when its :func:`~remi.meld_points` reach
    ``ruleset.opening_points`` (any non-empty group when there is no
    threshold). Groups are multisets of melds, each listed once with its
    melds in canonical order; the groups come in a fixed order, and *limit*
    stops after that many. A group with an extra meld is another group, so
    hands rich in melds have many: one call lists at most
    :data:`~remi.MAX_LAYOUTS` (5,000), and a hand with more raises
    :class:`~remi.LimitError` (``too-many-layouts``) unless *limit* asks for
    its first part (a *limit* above it is refused too).

    >>> import remi
    >>> [[str(m) for m in g] for g in opening_layouts("♠Q ♥Q ♦Q ♣Q ♠K ♥K ♦K", remi.SLOVENIAN)]
    [['♠Q ♥Q ♦Q', '♠K ♥K ♦K'], ['♠Q ♥Q ♣Q', '♠K ♥K ♦K'], ['♠Q ♦Q ♣Q', '♠K ♥K ♦K'], ['♥Q ♦Q ♣Q', '♠K ♥K ♦K'], ['♠Q ♥Q ♦Q ♣Q', '♠K ♥K ♦K']]
    """
    most = layout_limit(limit)
    packer, points, scale = _opening_search(checked_counts(hand, ruleset), ruleset)
    walk = _OpeningLister(packer, points, scale, ruleset.opening_points or 1, most)
    if most > 0:
        walk.grow(0, packer.pool.total, 0)
    return whole_listing(tuple(walk.out), limit)


class _OpeningLister:
    """Every group of melds reaching the opening, pruned by the packer's bound (no closure)."""

    def __init__(self, packer: _OpeningSearch, points: list[int], scale: int, need: int, limit: int) -> None:
        self.packer = packer
        self.points = points
        self.scale = scale
        self.need = need
        self.limit = limit
        self.keys = packer.pool.keys
        self.use_of = uses_by_key(packer.pool)
        self.out: list[tuple[Meld, ...]] = []
        self.chosen: list[int] = []

    def can_add(self, rem: int, points: int) -> bool:
        """Whether disjoint melds of the cards of *rem* can add *points* (the packer's bound, asked as a threshold)."""
        return _reaches(self.packer, rem, points, False)

    def grow(self, start: int, rem: int, score: int) -> bool:
        guard, keys, chosen, out, need = self.packer.pool.guard, self.keys, self.chosen, self.out, self.need
        limit = self.limit
        for i in range(start, len(keys)):
            if len(out) >= limit:
                return False
            x = (rem | guard) - self.use_of[i]
            if x & guard != guard:
                continue
            left = x ^ guard
            new = score + self.points[i]
            chosen.append(i)
            if new >= need:
                out.append(tuple(meld_of_key(keys[j]) for j in chosen))
            if new >= need or self.can_add(left, need - new):
                if not self.grow(i, left, new):
                    chosen.pop()
                    return False
            chosen.pop()
        return True
