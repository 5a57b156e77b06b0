"""Which melds can a hand make? Every candidate meld, as a sort key, grouped by the cards it takes.

A hand is a tuple of 53 counts (one per card code). For the searches the counts are
packed into one integer, ``width`` bits per code with a guard bit on top of each field:
a meld's card use subtracts from the hand without a borrow exactly when every guard
bit survives, so "does this meld still fit?" is two integer operations.

A candidate meld is kept as its sort key ``(kind, a, b, n, codes, wild flags)``:
a set is ``(0, rank, -1, n, ...)``, a run ``(1, suit, low rank, n, ...)``. The key says
everything about the meld, orders melds canonically, and becomes a Meld only when
an answer needs it. Candidates that take the same cards (the same multiset, e.g. a
joker placed low or high) form a group; the searches run over groups.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from itertools import chain
from operator import itemgetter
from typing import Any, Final, NamedTuple

from .._cache import Cache, memoize
from ..cards import CARDS, JOKER_CODE, Card
from ..errors import NotationError
from ..melds import MELD_SLOT_SETTERS, Meld, MeldKind, meld_sort_key, trusted_meld
from ..messages import msg
from ..rulesets import Ruleset
from .hands import checked_counts, counts_of, packed_counts
from .limits import LONGEST_RUN, NO_WILD, SPADE_TWO_CODE, Hand, MeldLimits, limits_of

__all__ = ["candidate_melds", "meld_sort_key"]


MeldKey = tuple[int, int, int, int, tuple[int, ...], tuple[bool, ...]]


class Group(NamedTuple):
    """Candidates taking the same cards: the packed use and the members' indices."""

    use: int
    first: int  # lowest card code taken other than the joker
    kind: int  # 0 set, 1 run
    size: int
    members: tuple[int, ...]
    ranked: int  # the packed use with the cards in rank-major order (:data:`RANK_MAJOR`)


class Pool(NamedTuple):
    """Everything the searches need about one hand."""

    width: int
    guard: int
    total: int
    n_cards: int
    keys: tuple[MeldKey, ...]
    groups: tuple[Group, ...]


@memoize("solver.meld-of-key", maxsize=8192)
def meld_of_key(key: MeldKey) -> Meld:
    kind, a, b, _, codes, flags = key
    cards = tuple(map(CARDS.__getitem__, codes))
    # Built without Meld's shape checks: a generated meld is well formed by construction
    # (a tuple of cards, one bool flag each, a rank and suit in range).
    if kind == 0:
        return trusted_meld("set", cards, flags, a, -1)
    return trusted_meld("run", cards, flags, b, a)


#: Card codes in rank-major order (♠A ♥A ♦A ♣A ♠2 …), the joker last: the order in which
#: :class:`~remi.solver.arrangement.RankMajorSearch` takes the lowest card.
RANK_MAJOR: Final = tuple(
    (code % 13) * 4 + code // 13 if code < JOKER_CODE else JOKER_CODE for code in range(53)
)


@memoize("solver.units", maxsize=16)
def _units(width: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """One card of each code, packed *width* bits a code: in code order and in rank-major order."""
    return (
        tuple(1 << (width * code) for code in range(53)),
        tuple(1 << (width * RANK_MAJOR[code]) for code in range(53)),
    )


class _Raw:
    """The candidates of one piece as they are generated: (key, packed use, packed use in rank-major order).

    It holds one card of each code packed in both orders (:func:`_units`), so that a
    generator adds a card to a use with one addition.
    """

    __slots__ = ("cards", "items", "runit", "unit")

    def __init__(self, width: int) -> None:
        self.items: list[tuple[MeldKey, int, int]] = []
        #: Each candidate's cards, where the generator kept them (:class:`_FreeRuns`), in item order.
        self.cards: list[tuple[Card, ...]] | None = None
        self.unit, self.runit = _units(width)

    def add(self, key: MeldKey) -> None:
        """Append the candidate *key*, its uses summed from its codes."""
        unit, runit = self.unit, self.runit
        use = ranked = 0
        for code in key[4]:
            use += unit[code]
            ranked += runit[code]
        self.items.append((key, use, ranked))


def _gen_sets(
    counts: Sequence[int], limits: MeldLimits, exact: bool, out: _Raw, ranks: Iterable[int] = range(1, 14)
) -> None:
    """Append every set of the ranks *ranks* of the hand *counts* to *out*."""
    for rank in ranks:
        codes = [suit * 13 + rank - 1 for suit in range(4)]
        avail = [counts[c] for c in codes]
        if any(avail):
            _gen_sets_of_rank(counts, limits, exact, out, rank, codes, avail)


def _gen_sets_of_rank(
    counts: Sequence[int],
    limits: MeldLimits,
    exact: bool,
    out: _Raw,
    rank: int,
    codes: list[int],
    avail: list[int],
) -> None:
    """Append the sets of one *rank* (its four card *codes*, *avail* of each held) to *out*."""
    pool = counts[limits.wild] if limits.wild != NO_WILD else 0
    caps = tuple(min(a, 1) if limits.distinct else a for a in avail)
    twos_rank = limits.twos and rank == 2
    if sum(caps) + (0 if twos_rank else pool) < limits.set_min and not (twos_rank and limits.distinct):
        return
    # With exact sizes, more naturals than a set holds make no set; with no more wild
    # cards than naturals a set needs half its least size in naturals.
    most = min(sum(caps), limits.set_min if exact else limits.set_max or 10**9)
    least = (limits.set_min + 1) // 2 if limits.at_most and not twos_rank else 1
    for ks in _compositions(caps, most):
        if sum(ks) < least:
            continue
        if twos_rank:
            # A ♠2 in a set of twos stands as itself while it may; only a ♠2 that
            # cannot stand as a natural (sets of distinct suits) is wild there.
            wmax = counts[SPADE_TWO_CODE] - ks[0] if ks[0] == caps[0] else 0
        else:
            wmax = pool
        _gen_set_sizes(limits, exact, out, rank, codes, ks, wmax)


def _gen_set_sizes(
    limits: MeldLimits, exact: bool, out: _Raw, rank: int, codes: list[int], ks: tuple[int, ...], wmax: int
) -> None:
    """Append the sets of *rank* with ``ks[i]`` cards of ``codes[i]`` and 0 to *wmax* wild cards to *out*."""
    top = limits.set_max or 10**9
    k = sum(ks)
    naturals: list[int] = []
    for code, n in zip(codes, ks):
        naturals.extend([code] * n)
    for w in range(wmax + 1):
        n = k + w
        if n > top or (limits.at_most and w > k):
            break
        if n < limits.set_min or (exact and n != limits.set_min):
            continue
        if w:
            out.add((0, rank, -1, n, tuple(naturals) + (limits.wild,) * w, (False,) * k + (True,) * w))
        else:
            out.add((0, rank, -1, n, tuple(naturals), (False,) * k))


@memoize("solver.compositions", maxsize=1024)
def _compositions(caps: tuple[int, ...], most: int) -> tuple[tuple[int, ...], ...]:
    """Every ``ks`` with ``0 <= ks[i] <= caps[i]`` and ``1 <= sum(ks) <= most``, in ``product`` order."""
    out: list[tuple[int, ...]] = [()]
    for cap in caps:
        out = [(*ks, n) for ks in out for n in range(min(cap, most - sum(ks)) + 1)]
    return tuple(ks for ks in out if any(ks))


class _RunWalk:
    """What both walks of a hand's runs read: the counts, the wild card and its pool, the limits, the output."""

    def __init__(self, counts: Sequence[int], limits: MeldLimits, out: _Raw) -> None:
        self.counts = counts
        self.wild = limits.wild
        self.pool = counts[limits.wild] if limits.wild != NO_WILD else 0
        self.run_min = limits.run_min
        self.at_most = limits.at_most
        self.items = out.items
        self.unit, self.runit = out.unit, out.runit


class _Runs(_RunWalk):
    """Every run of one hand, by a depth-first walk up from each lowest rank.

    A class rather than a recursive closure, so that no call leaves a reference cycle.
    Where no wild ♠2 plays, :class:`_FreeRuns` finds the same runs in key order.
    """

    def __init__(self, counts: Sequence[int], limits: MeldLimits, out: _Raw) -> None:
        super().__init__(counts, limits, out)
        self.codes: list[int] = []
        self.flags: list[bool] = []

    def extend(
        self, suit: int, lo: int, longest: int, k: int, w: int, spent: int, use: int = 0, ranked: int = 0
    ) -> None:
        # k naturals and w wild cards so far; *spent* cards taken from the wild pool
        # (with wild ♠2s, a natural ♠2 comes out of the pool too); *use* and *ranked*
        # the cards so far, packed (see _Raw).
        codes, flags, wild, at_most = self.codes, self.flags, self.wild, self.at_most
        length = len(codes)
        if length >= self.run_min and k and not (at_most and w > k):
            self.items.append(((1, suit, lo, length, tuple(codes), tuple(flags)), use, ranked))
        if length == longest or (at_most and w > k + longest - length):
            return
        rank = lo + length
        code = suit * 13 + (0 if rank == 14 else rank - 1)
        unit, runit = self.unit, self.runit
        if code == wild:
            # The ♠2's own place in a ♠ run: a ♠2 there stands as itself.
            if spent < self.pool:
                codes.append(code)
                flags.append(False)
                self.extend(suit, lo, longest, k + 1, w, spent + 1, use + unit[code], ranked + runit[code])
                codes.pop()
                flags.pop()
            return
        if self.counts[code]:
            codes.append(code)
            flags.append(False)
            self.extend(suit, lo, longest, k + 1, w, spent, use + unit[code], ranked + runit[code])
            codes.pop()
            flags.pop()
        if spent < self.pool:
            codes.append(wild)
            flags.append(True)
            self.extend(suit, lo, longest, k, w + 1, spent + 1, use + unit[wild], ranked + runit[wild])
            codes.pop()
            flags.pop()


#: A run being extended by :class:`_FreeRuns`: (codes, flags, cards, jokers, use, ranked use).
_Partial = tuple[tuple[int, ...], tuple[bool, ...], tuple[Card, ...], int, int, int]


class _FreeRuns(_RunWalk):
    """The runs :class:`_Runs` walks where no wild ♠2 plays (a wild card is a joker, or there is none).

    The same runs, level by level: the runs of ``n + 1`` cards from one lowest
    rank are those of ``n`` extended by the next place's natural card, then by a
    joker, so each level comes in key order (a natural card's code is below the
    joker's) and the levels in order of length; a place that leaves more jokers than
    naturals past recovery (``at_most``) ends its branch, as the walk does. Each
    run's cards are kept too (``out.cards``), for the melds of a listing.
    """

    def __init__(self, counts: Sequence[int], limits: MeldLimits, out: _Raw) -> None:
        super().__init__(counts, limits, out)
        self.cards: list[tuple[Card, ...]] = []
        out.cards = self.cards

    def walk(self, suit: int, lo: int, longest: int) -> None:
        """Append the runs of *suit* from rank *lo*, of at most *longest* cards, to the output in key order."""
        counts, run_min, at_most, out, out_cards = (
            self.counts,
            self.run_min,
            self.at_most,
            self.items,
            self.cards,
        )
        wild = self.wild
        # A run whose jokers outnumber its naturals past recovery ends (at_most): with w jokers
        # among n places and longest - n still to fill, w > n - w + (longest - n) = longest - w.
        cap = longest // 2 if at_most else longest
        jokers = min(self.pool, cap)  # a run takes a joker while it holds fewer than this
        joker, joker_code = ((CARDS[wild],), (wild,)) if jokers else ((), ())
        wild_use, wild_ranked = (self.unit[wild], self.runit[wild]) if jokers else (0, 0)
        level: list[_Partial] = [((), (), (), 0, 0, 0)]
        for n in range(1, longest + 1):
            rank = lo + n - 1
            code = suit * 13 + (0 if rank == 14 else rank - 1)
            held = counts[code]
            card, natural = (CARDS[code],), (code,)
            unit, runit = self.unit[code], self.runit[code]
            nxt: list[_Partial] = []
            for codes, flags, cards, w, use, ranked in level:
                if held:  # w <= cap already: a natural card keeps the count of jokers
                    nxt.append(
                        (codes + natural, flags + _NATURAL, cards + card, w, use + unit, ranked + runit)
                    )
                if w < jokers:
                    nxt.append(
                        (
                            codes + joker_code,
                            flags + _WILD,
                            cards + joker,
                            w + 1,
                            use + wild_use,
                            ranked + wild_ranked,
                        )
                    )
            level = nxt
            if not level:
                return
            if n >= run_min:
                most = min(n - 1, n // 2) if at_most else n - 1  # the most jokers a run of n cards holds
                for codes, flags, cards, w, use, ranked in level:
                    if w <= most:
                        out.append(((1, suit, lo, n, codes, flags), use, ranked))
                        out_cards.append(cards)


_NATURAL: Final = (False,)


_WILD: Final = (True,)


def presorted(kind: int, exact: bool, limits: MeldLimits, held: tuple[int, ...], wilds: int) -> bool:
    """Whether :func:`_piece` walks a piece's runs with :class:`_FreeRuns`, which meets them in key order.

    The runs of free size without wild ♠2s, of a suit of :data:`FREE_FROM` ranks
    and jokers or more; on fewer, the walk of :class:`_Runs` and a sort of its few
    runs cost less.
    """
    return kind == 1 and not exact and not limits.twos and len(held) - held.count(0) + wilds >= FREE_FROM


#: The least count of a suit's ranks held and jokers whose runs :class:`_FreeRuns` walks.
FREE_FROM: Final = 12


@memoize("solver.wild-masks", maxsize=64)
def _wild_masks(size: int, pool: int, at_most: bool) -> tuple[tuple[int, int, tuple[bool, ...]], ...]:
    """The places wild cards may take in a run of *size* (bit i: place i), as (mask, count, flags).

    At least one natural card, at most *pool* wild cards, and with *at_most*
    no more wild cards than naturals.
    """
    out = []
    for mask in range(1 << size):
        w = mask.bit_count()
        if w == size or w > pool or (at_most and 2 * w > size):
            continue
        out.append((mask, w, tuple(bool(mask >> i & 1) for i in range(size))))
    return tuple(out)


def _gen_exact_runs(
    counts: Sequence[int],
    limits: MeldLimits,
    out: _Raw,
    suits: Iterable[int],
    lows: Iterable[int] | None = None,
) -> None:
    """The runs of exactly ``run_min`` cards, window by window (no wild ♠2s: each place is natural or wild).

    *lows*: the windows' lowest ranks, by default every window the ace places allow.
    """
    size = limits.run_min
    wild = limits.wild
    pool = counts[wild] if wild != NO_WILD else 0
    masks = _wild_masks(size, pool, limits.at_most)
    full = (1 << size) - 1
    for suit in suits:
        base = suit * 13
        if not any(counts[base : base + 13]):
            continue
        codes_of = [0] + [base + (0 if rank == 14 else rank - 1) for rank in range(1, 15)]
        for lo in range(limits.lo_bound, limits.hi_bound - size + 2) if lows is None else lows:
            codes = codes_of[lo : lo + size]
            held = 0
            for i, code in enumerate(codes):
                if counts[code]:
                    held |= 1 << i
            need = full & ~held  # places that only a wild card can fill
            if need.bit_count() > pool:
                continue
            for mask, _, flags in masks:
                if need & ~mask:
                    continue
                out.add(
                    (1, suit, lo, size, tuple(wild if f else code for f, code in zip(flags, codes)), flags)
                )


def _gen_runs(
    counts: Sequence[int],
    limits: MeldLimits,
    exact: bool,
    out: _Raw,
    suits: Iterable[int] = range(4),
    walk_only: bool = False,
) -> None:
    """Append the runs of *suits* to *out*; *walk_only* walks with :class:`_Runs` only (the oracle of :class:`_FreeRuns`)."""
    if exact and not limits.twos:
        _gen_exact_runs(counts, limits, out, suits)
        return
    free = None if limits.twos or walk_only else _FreeRuns(counts, limits, out)
    walk = _Runs(counts, limits, out) if free is None else None
    pool = counts[limits.wild] if limits.wild != NO_WILD else 0
    run_min = limits.run_min
    for suit in suits:
        if not any(counts[suit * 13 : suit * 13 + 13]):
            continue
        held = [0] * 15
        for rank in range(1, 15):
            code = suit * 13 + (0 if rank == 14 else rank - 1)
            held[rank] = 1 if counts[code] else 0
        for lo in range(limits.lo_bound, limits.hi_bound - run_min + 2):
            # Every run from lo fills its first run_min places: skip lo if it cannot.
            k = sum(held[lo : lo + run_min])
            if k + pool < run_min:
                continue
            longest = min(LONGEST_RUN, limits.hi_bound - lo + 1)
            if exact:
                longest = min(longest, run_min)
            if free is not None:
                free.walk(suit, lo, longest)
            elif walk is not None:
                walk.extend(suit, lo, longest, 0, 0, 0)


#: Which melds a pool holds: sets (1), runs (2) or both.
SETS: Final = 1


RUNS: Final = 2


BOTH: Final = 3


def kind_mask(sets: int, runs: int) -> int:
    """The pool a contract of *sets* sets and *runs* runs needs: no runs for sets alone, and so on."""
    return (SETS if sets else 0) | (RUNS if runs else 0)


@memoize("solver.guard", maxsize=16)
def _guard(width: int) -> int:
    """The guard bits of a packed hand: the top bit of each card's *width*-bit field."""
    half = 1 << (width - 1)
    return sum(half << (width * code) for code in range(53))


_PieceGroup = tuple[int, int, int, int, tuple[int, ...], int]


_first: Final = itemgetter(0)


class _Piece(NamedTuple):
    """The candidates of one rank's sets or one suit's runs: their sorted keys and their groups.

    A small piece (fewer than :data:`CARDS_KEPT_FROM` keys) has its groups at once,
    as a tuple the garbage collector soon stops tracking. A large one works them
    out when a pool first asks (:func:`piece_groups`: a listing of melds needs only
    the keys, and grouping a piece of 7,000 runs costs some 12 ms) and keeps its
    keys' cards (:func:`melds_of_keys`).
    """

    keys: tuple[MeldKey, ...]
    groups: tuple[_PieceGroup, ...] | None
    #: A large piece's sorted items (key, use, ranked use), replaced by its groups once worked out.
    lazy: list[list[tuple[MeldKey, int, int]] | tuple[_PieceGroup, ...]] | None
    cards: tuple[tuple[Card, ...], ...] | None
    kind: int
    width: int
    #: The piece's melds once a listing asked (:func:`piece_melds`): empty until then.
    made: list[tuple[Meld, ...]]
    #: The piece's options of a contract search (:func:`piece_rows`), runs apart or not: ``None`` until asked.
    rows: list[tuple[tuple[Any, ...], ...] | None]


#: Builds a :class:`_Piece` from its fields without the named tuple's Python ``__new__``.
_new_piece: Final = tuple.__new__


def piece_groups(piece: _Piece) -> tuple[_PieceGroup, ...]:
    """The groups of *piece*: (packed use, lowest card other than the joker, kind, size, member indices, ranked use)."""
    lazy = piece.lazy
    if lazy is None:  # a small piece (see _piece)
        return piece.groups or ()
    got = lazy[0]
    if isinstance(got, list):
        got = lazy[0] = _grouped(got, piece.kind, piece.width)
    return got


#: The least piece whose candidates' cards :class:`_Piece` keeps (the large pieces': a listing
#: of thousands of melds spends two thirds of its time building their cards from the keys).
CARDS_KEPT_FROM: Final = 49


def _grouped(items: list[tuple[MeldKey, int, int]], kind: int, width: int) -> tuple[_PieceGroup, ...]:
    """The groups of a piece's sorted *items* (key, packed use, ranked use), in the order of their first members."""
    grouped: dict[int, list[int]] = {}
    firsts: list[tuple[int, int, int]] = []  # (use, ranked use, size) of each group, in first-member order
    for at, (key, use, ranked) in enumerate(items):
        members = grouped.get(use)
        if members is None:
            grouped[use] = [at]
            firsts.append((use, ranked, key[3]))
        else:
            members.append(at)
    return tuple(
        # The lowest card taken other than the joker is the lowest field: the joker's code is the highest.
        (use, ((use & -use).bit_length() - 1) // width, kind, size, tuple(grouped[use]), ranked)
        for use, ranked, size in firsts
    )


_PieceKey = tuple[int, int, tuple[int, ...], int, MeldLimits, bool, int]


#: The pieces of :func:`_piece` are kept by size, so that they stay a few MB. Before, one
#: cache held at most 25,000 candidate keys (some 400 bytes each) and never a piece of
#: more than 500. The caches now count pieces: random play's pieces hold 0 to 4 keys (92 %
#: of them, 1.3 on average), and up to 8,192 of those are kept (at most 41,000 keys, some
#: 12,000 in play, as before: :func:`_small_piece`); up to 1,024 of 5 to 48 keys (at most
#: 50,000) and 32 of 49 to 500 keys (at most 16,000) in :data:`_MEDIUM_PIECES` and
#: :data:`_LARGE_PIECES`. Of pieces of more keys (many wild cards and free sizes) only the
#: last four are kept (:data:`_HUGE_PIECES`: one hand's four suits, so that the pools of sets
#: alone, runs alone and both that a contract search asks for build each suit once; the
#: pools of :func:`candidate_pool` hold their keys anyway), so a long run of absurd hands
#: cannot grow them past some 40 MB and four such pieces.
_MEDIUM_PIECES: Final[Cache[_PieceKey, _Piece]] = Cache("solver.medium-pieces", maxsize=1024)
_LARGE_PIECES: Final[Cache[_PieceKey, _Piece]] = Cache("solver.large-pieces", maxsize=32)
_HUGE_PIECES: Final[Cache[_PieceKey, _Piece]] = Cache("solver.huge-pieces", maxsize=4)


@memoize("solver.pieces", maxsize=8192)
def _small_piece(key: _PieceKey) -> _Piece | None:
    """The piece of *key* when it holds at most 4 candidate keys, else ``None`` (kept in the larger caches)."""
    piece = _piece(*key)
    if len(piece.keys) <= 4:
        return piece
    _keep_larger(key, piece)
    return None


def _keep_larger(key: _PieceKey, piece: _Piece) -> _Piece:
    size = len(piece.keys)
    if size <= 48:
        _MEDIUM_PIECES.put(key, piece)
    elif size <= 500:
        _LARGE_PIECES.put(key, piece)
    else:
        _HUGE_PIECES.put(key, piece)
    return piece


def _larger_piece(key: _PieceKey) -> _Piece:
    """The piece of *key*, one of more than 4 candidate keys: kept, or built again."""
    got = _MEDIUM_PIECES.get(key) or _LARGE_PIECES.get(key) or _HUGE_PIECES.get(key)
    return _keep_larger(key, _piece(*key)) if got is None else got


def _piece(
    kind: int,
    index: int,
    held: tuple[int, ...],
    wilds: int,
    limits: MeldLimits,
    exact: bool,
    width: int,
    sort: bool = False,
) -> _Piece:
    """The sets of one rank (*kind* 0) or the runs of one suit (*kind* 1): sorted keys and their groups.

    They depend only on the counts *held* of that rank's four cards or that
    suit's thirteen, the wild cards held, the rules and the packing width,
    so a hand that changed by a card or two builds its pool mostly from
    pieces it had before (:func:`_small_piece` keeps them). A group is (packed
    use, lowest card other than the joker, kind, size, member indices within
    the piece, packed use in rank-major order), in the order of its first member.
    *sort* walks the runs with :class:`_Runs` and sorts the keys even where the
    generators meet them in order, and walks exact runs window by window without
    :func:`_exact_run_items`'s kept windows (the oracle of :class:`_FreeRuns`, :func:`presorted` and
    :func:`_exact_run_items`).
    """
    if kind == 1 and exact and not limits.twos and not sort:
        return _from_items(_exact_run_items(index, held, wilds, limits, width), kind, width, None)
    counts = [0] * 53
    if kind == 0:
        for suit, n in enumerate(held):
            counts[suit * 13 + index - 1] = n
    else:
        counts[index * 13 : index * 13 + 13] = held
    if limits.wild != NO_WILD:
        counts[limits.wild] = wilds
    raw = _Raw(width)
    if kind == 0:
        _gen_sets(counts, limits, exact, raw, (index,))
    else:
        sort = sort or not presorted(kind, exact, limits, held, wilds)
        _gen_runs(counts, limits, exact, raw, (index,), walk_only=sort)
    items = raw.items
    if sort or kind == 0:
        items.sort()
        raw.cards = None
    return _from_items(items, kind, width, raw.cards)


def _from_items(
    items: list[tuple[MeldKey, int, int]], kind: int, width: int, cards: list[tuple[Card, ...]] | None
) -> _Piece:
    """The piece of the sorted *items* (key, packed use, ranked use); a large one keeps *cards* and groups later."""
    keys = tuple(map(_first, items))
    if len(items) < CARDS_KEPT_FROM:
        return _new_piece(
            _Piece, (keys, _grouped(items, kind, width), None, None, kind, width, [], [None, None])
        )
    kept = tuple(cards) if cards is not None else None
    return _new_piece(_Piece, (keys, None, [items], kept, kind, width, [], [None, None]))


def _exact_run_items(
    suit: int, held: tuple[int, ...], wilds: int, limits: MeldLimits, width: int
) -> list[tuple[MeldKey, int, int]]:
    """The items of the runs of exactly ``run_min`` cards of one suit (no wild ♠2s), in key order.

    :func:`_gen_exact_runs` window by window, each window's runs kept by which of its
    places the suit holds (:func:`_window_runs`): the windows come in order of their
    lowest rank, and each one's runs sorted, so the items are in key order.
    """
    size = limits.run_min
    pool = min(wilds, size - 1) if limits.wild != NO_WILD else 0
    bits = 0  # bit r: rank r held (r = 1..14, the ace both low and high)
    for rank in range(13):
        if held[rank]:
            bits |= 2 << rank
    if bits & 2:
        bits |= 1 << 14
    full = (1 << size) - 1
    items: list[tuple[MeldKey, int, int]] = []
    for lo in range(limits.lo_bound, limits.hi_bound - size + 2):
        placed = (bits >> lo) & full
        if size - placed.bit_count() <= pool:
            items.extend(_window_runs(suit, lo, placed, pool, limits, width))
    return items


@memoize("solver.window-runs", maxsize=8192)
def _window_runs(
    suit: int, lo: int, placed: int, pool: int, limits: MeldLimits, width: int
) -> tuple[tuple[MeldKey, int, int], ...]:
    """The items of the runs of ``run_min`` cards of *suit* from rank *lo*, sorted: *placed* (bit i) the places held."""
    size = limits.run_min
    counts = [0] * 53
    for i in range(size):
        if placed >> i & 1:
            rank = lo + i
            counts[suit * 13 + (0 if rank == 14 else rank - 1)] = 1
    if limits.wild != NO_WILD:
        counts[limits.wild] = pool
    raw = _Raw(width)
    _gen_exact_runs(counts, limits, raw, (suit,), (lo,))
    raw.items.sort()
    return tuple(raw.items)


def _width(counts: Sequence[int]) -> int:
    """The packing width of a hand: bits enough for its largest count, and a guard bit."""
    return max(max(counts).bit_length(), 1) + 1


def piece_rows(piece: _Piece, apart: bool) -> tuple[tuple[Any, ...], ...]:
    """The options a contract search picks from *piece*, in group order: made once and kept with the piece.

    Of a piece of sets, (packed use, size) per group; of runs, (packed use, size,
    span) per group, the span (suit, lowest rank, highest rank) its first member's,
    or with *apart* one option per distinct span of its members.
    """
    rows = piece.rows
    got = rows[apart]
    if got is None:
        groups = piece_groups(piece)
        if piece.kind == 0:
            got = tuple((use, size) for use, _, _, size, _, _ in groups)
        else:
            got = tuple(_run_rows(piece.keys, groups, apart))
        rows[apart] = got
    return got


def _run_rows(
    keys: Sequence[MeldKey], groups: Iterable[_PieceGroup], apart: bool
) -> Iterator[tuple[int, int, tuple[int, int, int]]]:
    for use, _, _, size, members, _ in groups:
        seen: set[tuple[int, int, int]] = set()
        for member in members if apart else members[:1]:
            _, suit, low, n, _, _ = keys[member]
            span = (suit, low, low + n - 1)
            if span not in seen:
                seen.add(span)
                yield use, size, span


def hand_pieces(counts: tuple[int, ...], limits: MeldLimits, exact: bool, kinds: int) -> tuple[_Piece, ...]:
    """The pieces of the pool of *counts* (:func:`candidate_pool`'s, in its order), kept for the last hands."""
    return _pieces(counts, limits, exact, kinds)


def pool_width(counts: Sequence[int]) -> int:
    """The packing width of the pool of *counts*."""
    return _width(counts)


def pool_guard(width: int) -> int:
    """The guard bits of a hand packed *width* bits a card."""
    return _guard(width)


@memoize("solver.hand-pieces", maxsize=16)
def _pieces(counts: tuple[int, ...], limits: MeldLimits, exact: bool, kinds: int) -> tuple[_Piece, ...]:
    """The pieces of a hand's pool, in pool order: sets rank by rank, then runs suit by suit.

    Kept for the last hands: a play state's listing and its contract search ask for the same.
    """
    width = _width(counts)
    wilds = counts[limits.wild] if limits.wild != NO_WILD else 0
    # Melds of exactly the least size (no wild ♠2s) take only so many wild cards, and a run
    # one card of each rank: pieces that differ past those are the same piece.
    plain = exact and not limits.twos
    pieces: list[_Piece] = []
    if kinds & SETS:
        held = min(wilds, _exact_wilds(limits.set_min, limits.at_most)) if plain else wilds
        for rank in range(1, 14):
            four = counts[rank - 1 : 52 : 13]  # the rank's four cards, ♠ ♥ ♦ ♣
            if any(four):
                key: _PieceKey = (0, rank, four, held, limits, exact, width)
                pieces.append(_small_piece(key) or _larger_piece(key))
    if kinds & RUNS:
        held = min(wilds, _exact_wilds(limits.run_min, limits.at_most)) if plain else wilds
        for suit in range(4):
            thirteen = counts[suit * 13 : suit * 13 + 13]
            if any(thirteen):
                if plain:
                    thirteen = tuple(map(bool, thirteen))  # False, True: equal to 0, 1
                key = (1, suit, thirteen, held, limits, exact, width)
                pieces.append(_small_piece(key) or _larger_piece(key))
    return tuple(pieces)


def _exact_wilds(size: int, at_most: bool) -> int:
    """The most wild cards a meld of exactly *size* cards takes: all but one, or with *at_most* half."""
    return size // 2 if at_most else size - 1


@memoize("solver.candidate-pool", maxsize=16)
def candidate_pool(counts: tuple[int, ...], limits: MeldLimits, exact: bool, kinds: int) -> Pool:
    """Every candidate meld of the hand *counts* (sets, runs or both), sorted, grouped by the cards they take.

    Built from the cached pieces of :func:`_piece`, sets rank by rank then
    runs suit by suit: the order of the keys, so the pieces join already
    sorted, and no two pieces share a group (their natural cards differ).
    """
    width = _width(counts)
    keys: list[MeldKey] = []
    groups: list[Group] = []
    for piece in _pieces(counts, limits, exact, kinds):
        piece_keys = piece.keys
        if not piece_keys:
            continue
        offset = len(keys)
        keys.extend(piece_keys)
        these = piece.groups if piece.lazy is None else piece_groups(piece)
        for use, first, kind, size, members, ranked in these or ():
            groups.append(
                Group(
                    use, first, kind, size, tuple(map(offset.__add__, members)) if offset else members, ranked
                )
            )
    return Pool(width, _guard(width), packed_counts(counts, width), sum(counts), tuple(keys), tuple(groups))


def uses_by_key(pool: Pool) -> list[int]:
    """The packed cards each candidate key of *pool* takes (its group's use), by key index."""
    uses = [0] * len(pool.keys)
    for group in pool.groups:
        for member in group.members:
            uses[member] = group.use
    return uses


class FitIndex:
    """Which of a list of packed uses fit a multiset, as a bit mask over their positions.

    For each card field some use takes and each count below the most any use
    takes of it, the positions of the uses that need more: a use fits unless
    one of the fields of the multiset is short of it, so the positions that do
    not fit are an OR of one mask per field, far cheaper than a fit check per use.
    """

    def __init__(self, uses: Sequence[int], width: int) -> None:
        field = (1 << width) - 1
        taken: dict[int, list[int]] = {}  # field shift -> the positions of uses taking k of it, k = 1, 2, ...
        for position, use in enumerate(uses):
            while use:
                shift = ((use & -use).bit_length() - 1) // width * width
                taken.setdefault(shift, []).append(((use >> shift) & field) << 32 | position)
                use &= ~(field << shift)
        self.need: list[tuple[int, int, tuple[int, ...]]] = []
        size = len(uses) // 8 + 1
        for shift, entries in sorted(taken.items()):
            bits = [bytearray(size) for _ in range(max(entries) >> 32)]
            for entry in entries:
                position = entry & 0xFFFFFFFF
                for below in range(entry >> 32):
                    bits[below][position >> 3] |= 1 << (position & 7)
            self.need.append((shift, field, tuple(int.from_bytes(b, "little") for b in bits)))
        self.every = (1 << len(uses)) - 1

    def fitting(self, rem: int) -> int:
        """The bit mask of the positions whose uses fit in the packed multiset *rem*."""
        short = 0
        for shift, field, masks in self.need:
            held = (rem >> shift) & field
            if held < len(masks):
                short |= masks[held]
        return self.every & ~short


def positions(mask: int) -> Iterator[int]:
    """The positions of the set bits of *mask*, lowest first."""
    while mask:
        bit = mask & -mask
        yield bit.bit_length() - 1
        mask ^= bit


def _kinds(kinds: Iterable[str]) -> frozenset[str]:
    if isinstance(kinds, str):
        kinds = (kinds,)
    try:
        chosen = frozenset(kinds)
    except TypeError:
        raise NotationError("unknown-meld-kind", msg("kinds must be 'set' and/or 'run'.")) from None
    bad = sorted(str(k) for k in chosen if k not in ("set", "run"))
    if bad:
        raise NotationError(
            "unknown-meld-kind", msg("{kind!r} is not a meld kind: use 'set' or 'run'.", kind=bad[0])
        )
    return chosen


def candidate_melds(
    hand: Hand,
    ruleset: Ruleset,
    *,
    kinds: MeldKind | Iterable[MeldKind] = ("set", "run"),
    exact: bool = False,
) -> tuple[Meld, ...]:
    """Return every distinct legal meld that can be formed from the multiset *hand*.

    Each joker placement is its own meld (a joker standing for ♠4 or for ♠8
    gives two melds), and so is a ♠2 standing as itself or as a wild card
    (``wild_spade_twos``); jokers in a set are interchangeable, so a set is
    its natural cards plus a number of wild cards. *exact* keeps sets of
    exactly ``set_min`` and runs of exactly ``run_min`` cards; *kinds* picks
    ``"set"`` and/or ``"run"``. Every meld passes :func:`~remi.validate_meld`.
    The order is fixed: sets by rank, then runs by suit and lowest rank
    (see :func:`meld_sort_key`).

    >>> import remi
    >>> [str(m) for m in candidate_melds("♠5 ♠6 ♠7 JK ♥7", remi.NORWEGIAN)]
    ['♠7 ♥7 JK=7', 'JK=♠4 ♠5 ♠6 ♠7', '♠5 ♠6 ♠7 JK=♠8']
    >>> [str(m) for m in candidate_melds("♠7 ♥7 ♦7 ♣7", remi.SWEDISH, kinds=("set",), exact=True)]
    ['♠7 ♥7 ♦7', '♠7 ♥7 ♣7', '♠7 ♦7 ♣7', '♥7 ♦7 ♣7']
    """
    wanted = _kinds(kinds)
    return _candidates(checked_counts(hand, ruleset), ruleset, wanted, exact)


def held_candidates(
    cards: Sequence[Card],
    ruleset: Ruleset,
    *,
    kinds: Iterable[MeldKind] = ("set", "run"),
    exact: bool = False,
) -> tuple[Meld, ...]:
    """:func:`candidate_melds` of cards a state holds: the trusted kernel (no parse, no pack check).

    >>> import remi
    >>> [str(m) for m in held_candidates(remi.parse_cards("♠5 ♠6 ♠7 ♥7"), remi.GIN)]
    ['♠5 ♠6 ♠7']
    """
    return _candidates(counts_of(cards), ruleset, frozenset(kinds), exact)


def _candidates(
    counts: tuple[int, ...], ruleset: Ruleset, wanted: frozenset[str], exact: bool
) -> tuple[Meld, ...]:
    mask = (SETS if "set" in wanted else 0) | (RUNS if "run" in wanted else 0)
    # The listing needs no groups, so it joins the pieces' melds (no pool is built): the
    # pieces are kept, and each keeps its melds once listed, so a hand that changed by a
    # card or two lists mostly melds made before.
    pieces = _pieces(counts, limits_of(ruleset).limits, exact, mask)
    if sum(len(piece.keys) for piece in pieces) > MANY_KEYS:
        return tuple(chain.from_iterable(melds_of_keys(piece.keys, piece.cards) for piece in pieces))
    return tuple(chain.from_iterable(map(piece_melds, pieces)))


def piece_melds(piece: _Piece) -> tuple[Meld, ...]:
    """The melds of *piece*'s keys, in their order: made once (:func:`meld_of_key`) and kept with the piece.

    A large piece (of :data:`CARDS_KEPT_FROM` keys or more) makes them
    afresh each time, so that the kept pieces stay a few MB.
    """
    made = piece.made
    if made:
        return made[0]
    if piece.lazy is not None:  # a large piece: its melds are made afresh, not kept
        return melds_of_keys(piece.keys, piece.cards)
    melds = tuple(map(meld_of_key, piece.keys))
    made.append(melds)
    return melds


#: Past this many candidates, :func:`_candidates` builds its melds without :func:`meld_of_key`'s
#: cache (whose 8,192 entries they would only churn).
MANY_KEYS: Final = 2048


_SET_KIND, _SET_CARDS, _SET_WILD, _SET_RANK, _SET_SUIT, _SET_HASH = MELD_SLOT_SETTERS


def melds_of_keys(
    keys: Sequence[MeldKey], cards: Sequence[tuple[Card, ...]] | None = None
) -> tuple[Meld, ...]:
    """``tuple(map(meld_of_key, keys))``, built afresh (no cache): for listings of many thousand melds.

    *cards*, where given, are each key's cards (:attr:`_Piece.cards`).
    """
    if cards is None:
        card = CARDS.__getitem__
        cards = [tuple(map(card, key[4])) for key in keys]
    new = object.__new__
    set_kind, set_rank, set_suit, set_cards, set_wild = _SET_KIND, _SET_RANK, _SET_SUIT, _SET_CARDS, _SET_WILD
    set_hash = _SET_HASH
    out: list[Meld] = []
    append = out.append
    for (kind, a, b, _, _codes, flags), held in zip(keys, cards):
        meld = new(Meld)
        if kind:
            set_kind(meld, "run")
            set_rank(meld, b)
            set_suit(meld, a)
        else:
            set_kind(meld, "set")
            set_rank(meld, a)
            set_suit(meld, -1)
        set_cards(meld, held)
        set_wild(meld, flags)
        set_hash(meld, None)
        append(meld)
    return tuple(out)
