"""The solver: every meld a hand can make, contract layouts, the best arrangement, openings.

Hands are multisets: the order of the cards never changes an answer, and
identical cards (several decks) are interchangeable, so every answer lists
each distinct meld or layout once, in a fixed order. A hand the game's pack
cannot give (a joker in a game without jokers, more copies of a card than
the pack holds) raises :class:`~remi.StateError` (``jokers-not-in-game``,
``too-many-copies``: docs/rules/index.rst, shared-copies), so every meld an
answer holds passes :func:`~remi.check_meld`.

>>> import remi
>>> hand = remi.parse_cards("♠9 ♥9 ♦9 ♣5 ♣6 ♣7 ♣8 ♥K ♦2 ♠3")
>>> [" + ".join(str(m) for m in layout) for layout in remi.contract_layouts(hand, 2, remi.NORWEGIAN)]
['♠9 ♥9 ♦9 + ♣5 ♣6 ♣7 ♣8']
>>> remi.best_arrangement(hand, remi.NORWEGIAN).deadwood_value
15
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Iterable, Iterator, Sequence
from functools import lru_cache
from itertools import chain, combinations, combinations_with_replacement, product
from typing import Final, NamedTuple, Protocol

import attrs

from ._cards import CARDS as _CARDS
from ._cards import SPADE_TWO, Card, format_cards, parse_cards
from ._contracts import contract_for
from ._errors import NotationError, StateError
from ._melds import RUN_MAX as _LONGEST_RUN
from ._melds import Meld, MeldKind, check_meld, points_of
from ._pack import pack_refusal
from ._rules import Ruleset
from ._scoring import value_of

__all__ = [
    "Arrangement",
    "candidate_melds",
    "contract_layouts",
    "find_contract",
    "best_arrangement",
    "find_opening",
    "opening_layouts",
    "best_opening_points",
    "best_opening_points_left",
    "deadwood",
    "meld_sort_key",
    "knock_cards",
    "can_complete_contract",
]

_JOKER: Final = 52
_SPADE_TWO: Final = SPADE_TWO.code
_NO_WILD: Final = -1

Hand = str | Iterable[Card | str]


# -- the meld rules a solver needs, read once per ruleset ------------------------------------


class _Rules(NamedTuple):
    set_min: int
    set_max: int  # 0: no limit
    run_min: int
    lo_bound: int
    hi_bound: int
    at_most: bool
    distinct: bool
    wild: int  # code of the wild card (52 joker, 1 ♠2), or _NO_WILD
    twos: bool


class _RulesEntry(NamedTuple):
    ruleset: Ruleset
    rules: _Rules
    values: tuple[int, ...]  # hand value of each card code
    points: Callable[[Meld], int]
    deadwood: dict[int, int]  # least deadwood by hand mask (hands without wild or repeated cards)
    knock: dict[tuple[int, int], frozenset[Card]]  # knock_cards by hand mask and knock limit


_ENTRIES: dict[int, _RulesEntry] = {}
#: The most answers a per-ruleset table keeps before it starts afresh.
_CACHE_LIMIT: Final = 1 << 14


def _entry(ruleset: Ruleset) -> _RulesEntry:
    entry = _ENTRIES.get(id(ruleset))
    if entry is not None and entry.ruleset is ruleset:
        return entry
    if not isinstance(ruleset, Ruleset):
        raise NotationError("not-a-ruleset", f"Expected a Ruleset, got {type(ruleset).__name__}.")
    has_jokers = any(ruleset.pack_for(p)[1] > 0 for p in range(ruleset.min_players, ruleset.max_players + 1))
    if ruleset.wild_spade_twos:
        wild = _SPADE_TWO
    elif has_jokers:
        wild = _JOKER
    else:
        wild = _NO_WILD
    rules = _Rules(
        set_min=ruleset.set_min,
        # Sets of distinct suits hold four cards at most, whatever set_max says.
        set_max=min(ruleset.set_max or 4, 4) if ruleset.distinct_suit_sets else ruleset.set_max or 0,
        run_min=ruleset.run_min,
        lo_bound=1 if ruleset.ace_low else 2,
        hi_bound=14 if ruleset.ace_high else 13,
        at_most=ruleset.jokers_at_most_naturals,
        distinct=ruleset.distinct_suit_sets,
        wild=wild,
        twos=ruleset.wild_spade_twos,
    )
    values = tuple(value_of(card, ruleset) for card in _CARDS)

    def points(meld: Meld) -> int:
        return points_of(meld, ruleset)

    entry = _RulesEntry(ruleset, rules, values, points, {}, {})
    if len(_ENTRIES) > 64:
        _ENTRIES.clear()
    _ENTRIES[id(ruleset)] = entry
    return entry


# -- hands as packed counts, candidates as keys ------------------------------------------------
#
# A hand is a tuple of 53 counts (one per card code). For the searches the counts are
# packed into one integer, ``width`` bits per code with a guard bit on top of each field:
# a meld's card use subtracts from the hand without a borrow exactly when every guard
# bit survives, so "does this meld still fit?" is two integer operations.
#
# A candidate meld is kept as its sort key ``(kind, a, b, n, codes, wild flags)``:
# a set is ``(0, rank, -1, n, ...)``, a run ``(1, suit, low rank, n, ...)``. The key says
# everything about the meld, orders melds canonically, and becomes a Meld only when
# an answer needs it. Candidates that take the same cards (the same multiset, e.g. a
# joker placed low or high) form a group; the searches run over groups.

_Key = tuple[int, int, int, int, tuple[int, ...], tuple[bool, ...]]


def _counts(hand: Hand) -> tuple[int, ...]:
    counts = [0] * 53
    for card in parse_cards(hand):
        counts[card.code] += 1
    return tuple(counts)


def _refuse_pack(counts: Sequence[int], ruleset: Ruleset, what: str = "the hand") -> None:
    """Refuse a hand *ruleset*'s pack cannot give (:class:`~remi.StateError`), at a public entry.

    docs/rules/gin.rst, gin-no-jokers (``jokers-not-in-game``) and
    docs/rules/index.rst, shared-copies (``too-many-copies``): one ``max``
    over the counts when the hand is fine; the engine's own hands always are.
    """
    problem = pack_refusal(counts, ruleset)
    if problem is not None:
        shown = format_cards(_CARDS[code] for code in range(53) for _ in range(counts[code]))
        raise StateError(problem.code, problem.sentence(f"{what} {shown!r}"))


def _hand_counts(hand: Hand, ruleset: Ruleset) -> tuple[int, ...]:
    """The 53 counts of *hand*, refused when *ruleset*'s pack cannot give them."""
    _entry(ruleset)  # a Ruleset, or NotationError before the pack is read
    counts = _counts(hand)
    _refuse_pack(counts, ruleset)
    return counts


class _Group(NamedTuple):
    """Candidates taking the same cards: the packed use and the members' indices."""

    use: int
    first: int  # lowest card code taken other than the joker
    kind: int  # 0 set, 1 run
    size: int
    members: tuple[int, ...]


class _Pool(NamedTuple):
    """Everything the searches need about one hand."""

    width: int
    guard: int
    total: int
    n_cards: int
    keys: tuple[_Key, ...]
    groups: tuple[_Group, ...]


def meld_sort_key(meld: Meld) -> tuple[object, ...]:
    """Return the key that orders melds in every solver answer: sets before runs.

    Sets sort by rank, runs by suit then lowest rank; then by length, cards
    and wild flags, so no two distinct melds share a key.

    >>> import remi
    >>> melds = [remi.parse_meld("♥5 ♥6 ♥7"), remi.parse_meld("♠9 ♥9 ♦9")]
    >>> [str(m) for m in sorted(melds, key=meld_sort_key)]
    ['♠9 ♥9 ♦9', '♥5 ♥6 ♥7']
    """
    codes = tuple(card.code for card in meld.cards)
    if meld.kind == "set":
        return (0, meld.rank, -1, len(codes), codes, meld.wild)
    return (1, meld.suit, meld.rank, len(codes), codes, meld.wild)


@lru_cache(maxsize=8192)
def _meld(key: _Key) -> Meld:
    kind, a, b, _, codes, flags = key
    cards = tuple(_CARDS[c] for c in codes)
    # Built without Meld's shape checks: a generated meld is well formed by construction
    # (a tuple of cards, one bool flag each, a rank and suit in range).
    meld = _new_meld(Meld)
    if kind == 0:
        _set_field(meld, "kind", "set")
        _set_field(meld, "rank", a)
        _set_field(meld, "suit", -1)
    else:
        _set_field(meld, "kind", "run")
        _set_field(meld, "rank", b)
        _set_field(meld, "suit", a)
    _set_field(meld, "cards", cards)
    _set_field(meld, "wild", flags)
    return meld


_new_meld: Final = object.__new__
_set_field: Final = object.__setattr__


_Raw = list[tuple[_Key, tuple[tuple[int, int], ...]]]


def _gen_sets(
    counts: Sequence[int], r: _Rules, exact: bool, out: _Raw, ranks: Iterable[int] = range(1, 14)
) -> None:
    pool = counts[r.wild] if r.wild != _NO_WILD else 0
    top = r.set_max or 10**9
    for rank in ranks:
        codes = [suit * 13 + rank - 1 for suit in range(4)]
        avail = [counts[c] for c in codes]
        if not any(avail):
            continue
        caps = tuple(min(a, 1) if r.distinct else a for a in avail)
        twos_rank = r.twos and rank == 2
        if sum(caps) + (0 if twos_rank else pool) < r.set_min and not (twos_rank and r.distinct):
            continue
        # With exact sizes, more naturals than a set holds make no set; with no more wild
        # cards than naturals a set needs half its least size in naturals.
        most = min(sum(caps), r.set_min if exact else top)
        least = (r.set_min + 1) // 2 if r.at_most and not twos_rank else 1
        for ks in _compositions(caps, most):
            k = sum(ks)
            if k < least:
                continue
            if twos_rank:
                # A ♠2 in a set of twos stands as itself while it may; only a ♠2 that
                # cannot stand as a natural (sets of distinct suits) is wild there.
                wmax = counts[_SPADE_TWO] - ks[0] if ks[0] == caps[0] else 0
            else:
                wmax = pool
            naturals: list[int] = []
            uses: list[tuple[int, int]] = []
            for code, n in zip(codes, ks):
                if n:
                    naturals.extend([code] * n)
                    uses.append((code, n))
            for w in range(wmax + 1):
                n = k + w
                if n > top or (r.at_most and w > k):
                    break
                if n < r.set_min or (exact and n != r.set_min):
                    continue
                if w:
                    use = dict(uses)
                    use[r.wild] = use.get(r.wild, 0) + w
                    key: _Key = (0, rank, -1, n, tuple(naturals) + (r.wild,) * w, (False,) * k + (True,) * w)
                    out.append((key, tuple(sorted(use.items()))))
                else:
                    out.append(((0, rank, -1, n, tuple(naturals), (False,) * k), tuple(uses)))


@lru_cache(maxsize=1024)
def _compositions(caps: tuple[int, ...], most: int) -> tuple[tuple[int, ...], ...]:
    """Every ``ks`` with ``0 <= ks[i] <= caps[i]`` and ``1 <= sum(ks) <= most``, in ``product`` order."""
    out: list[tuple[int, ...]] = [()]
    for cap in caps:
        out = [(*ks, n) for ks in out for n in range(min(cap, most - sum(ks)) + 1)]
    return tuple(ks for ks in out if any(ks))


class _Runs:
    """Every run of one hand, by a depth-first walk up from each lowest rank.

    A class rather than a recursive closure, so that no call leaves a reference cycle.
    """

    def __init__(self, counts: Sequence[int], r: _Rules, out: _Raw) -> None:
        self.counts = counts
        self.wild = r.wild
        self.pool = counts[r.wild] if r.wild != _NO_WILD else 0
        self.run_min = r.run_min
        self.at_most = r.at_most
        self.out = out
        self.codes: list[int] = []
        self.flags: list[bool] = []

    def extend(self, suit: int, lo: int, longest: int, k: int, w: int, spent: int) -> None:
        # k naturals and w wild cards so far; *spent* cards taken from the wild pool
        # (with wild ♠2s, a natural ♠2 comes out of the pool too).
        codes, flags, wild, at_most = self.codes, self.flags, self.wild, self.at_most
        length = len(codes)
        if length >= self.run_min and k and not (at_most and w > k):
            use: dict[int, int] = {}
            for code in codes:
                use[code] = use.get(code, 0) + 1
            self.out.append(((1, suit, lo, length, tuple(codes), tuple(flags)), tuple(sorted(use.items()))))
        if length == longest or (at_most and w > k + longest - length):
            return
        rank = lo + length
        code = suit * 13 + (0 if rank == 14 else rank - 1)
        if code == wild:
            # The ♠2's own place in a ♠ run: a ♠2 there stands as itself.
            if spent < self.pool:
                codes.append(code)
                flags.append(False)
                self.extend(suit, lo, longest, k + 1, w, spent + 1)
                codes.pop()
                flags.pop()
            return
        if self.counts[code]:
            codes.append(code)
            flags.append(False)
            self.extend(suit, lo, longest, k + 1, w, spent)
            codes.pop()
            flags.pop()
        if spent < self.pool:
            codes.append(wild)
            flags.append(True)
            self.extend(suit, lo, longest, k, w + 1, spent + 1)
            codes.pop()
            flags.pop()


@lru_cache(maxsize=64)
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


def _gen_exact_runs(counts: Sequence[int], r: _Rules, out: _Raw, suits: Iterable[int]) -> None:
    """The runs of exactly ``run_min`` cards, window by window (no wild ♠2s: each place is natural or wild)."""
    size = r.run_min
    wild = r.wild
    pool = counts[wild] if wild != _NO_WILD else 0
    masks = _wild_masks(size, pool, r.at_most)
    full = (1 << size) - 1
    for suit in suits:
        base = suit * 13
        if not any(counts[base : base + 13]):
            continue
        codes_of = [0] + [base + (0 if rank == 14 else rank - 1) for rank in range(1, 15)]
        for lo in range(r.lo_bound, r.hi_bound - size + 2):
            codes = codes_of[lo : lo + size]
            held = 0
            for i, code in enumerate(codes):
                if counts[code]:
                    held |= 1 << i
            need = full & ~held  # places that only a wild card can fill
            if need.bit_count() > pool:
                continue
            for mask, w, flags in masks:
                if need & ~mask:
                    continue
                placed = tuple(wild if f else code for f, code in zip(flags, codes))
                naturals = sorted((code, 1) for f, code in zip(flags, codes) if not f)
                if w:
                    naturals.append((wild, w))
                out.append(((1, suit, lo, size, placed, flags), tuple(naturals)))


def _gen_runs(
    counts: Sequence[int], r: _Rules, exact: bool, out: _Raw, suits: Iterable[int] = range(4)
) -> None:
    if exact and not r.twos:
        _gen_exact_runs(counts, r, out, suits)
        return
    walk = _Runs(counts, r, out)
    run_min = r.run_min
    for suit in suits:
        if not any(counts[suit * 13 : suit * 13 + 13]):
            continue
        held = [0] * 15
        for rank in range(1, 15):
            code = suit * 13 + (0 if rank == 14 else rank - 1)
            held[rank] = 1 if counts[code] else 0
        for lo in range(r.lo_bound, r.hi_bound - run_min + 2):
            # Every run from lo fills its first run_min places: skip lo if it cannot.
            k = sum(held[lo : lo + run_min])
            if k + walk.pool < run_min:
                continue
            longest = min(_LONGEST_RUN, r.hi_bound - lo + 1)
            if exact:
                longest = min(longest, run_min)
            walk.extend(suit, lo, longest, 0, 0, 0)


#: Which melds a pool holds: sets (1), runs (2) or both.
_SETS: Final = 1
_RUNS: Final = 2
_BOTH: Final = 3


def _kind_mask(sets: int, runs: int) -> int:
    """The pool a contract of *sets* sets and *runs* runs needs: no runs for sets alone, and so on."""
    return (_SETS if sets else 0) | (_RUNS if runs else 0)


@lru_cache(maxsize=16)
def _guard(width: int) -> int:
    """The guard bits of a packed hand: the top bit of each card's *width*-bit field."""
    half = 1 << (width - 1)
    return sum(half << (width * code) for code in range(53))


_Piece = tuple[tuple[_Key, ...], tuple[tuple[int, int, int, int, tuple[int, ...]], ...]]


_PieceKey = tuple[int, int, tuple[int, ...], int, _Rules, bool, int]


class _Pieces:
    """The cache of :func:`_piece`, bounded by the candidate keys it holds, not by its entries.

    A piece of a hand with many wild cards and free sizes can hold tens of
    thousands of keys, so such a piece is not kept, and the cache holds at
    most :data:`_PIECE_BUDGET` keys (a few MB): a long run of absurd hands
    cannot grow it without bound. The oldest pieces make room for a new one,
    a few at a time (emptying the whole cache at once took a single call
    10 ms).
    """

    def __init__(self) -> None:
        self.table: OrderedDict[_PieceKey, _Piece] = OrderedDict()
        self.keys = 0

    def get(self, key: _PieceKey) -> _Piece:
        got = self.table.get(key)
        if got is None:
            got = _piece(*key)
            size = len(got[0]) + 1
            if size <= _PIECE_LARGEST:
                table = self.table
                while table and self.keys + size > _PIECE_BUDGET:
                    self.keys -= len(table.popitem(last=False)[1][0]) + 1
                table[key] = got
                self.keys += size
        return got

    def cache_clear(self) -> None:
        self.table.clear()
        self.keys = 0


#: The most candidate keys the piece cache holds (some 400 bytes each: about 10 MB), and the
#: largest piece it keeps (random play's pieces hold a few keys each).
_PIECE_BUDGET: Final = 25_000
_PIECE_LARGEST: Final = 500
_PIECES: Final = _Pieces()


def _piece(
    kind: int, index: int, held: tuple[int, ...], wilds: int, rules: _Rules, exact: bool, width: int
) -> _Piece:
    """The sets of one rank (*kind* 0) or the runs of one suit (*kind* 1): sorted keys and their groups.

    They depend only on the counts *held* of that rank's four cards or that
    suit's thirteen, the wild cards held, the rules and the packing width,
    so a hand that changed by a card or two builds its pool mostly from
    pieces it had before (:class:`_Pieces` keeps them). A group is (packed
    use, lowest card other than the joker, kind, size, member indices within
    the piece).
    """
    counts = [0] * 53
    if kind == 0:
        for suit, n in enumerate(held):
            counts[suit * 13 + index - 1] = n
    else:
        counts[index * 13 : index * 13 + 13] = held
    if rules.wild != _NO_WILD:
        counts[rules.wild] = wilds
    raw: _Raw = []
    if kind == 0:
        _gen_sets(counts, rules, exact, raw, (index,))
    else:
        _gen_runs(counts, rules, exact, raw, (index,))
    raw.sort()
    grouped: dict[int, list[int]] = {}
    packed: dict[int, tuple[int, int]] = {}
    for at, (key, uses) in enumerate(raw):
        use = 0
        for code, n in uses:
            use += n << (width * code)
        members = grouped.get(use)
        if members is None:
            grouped[use] = [at]
            packed[use] = (min((code for code, _ in uses if code != _JOKER), default=_JOKER), key[3])
        else:
            members.append(at)
    return (
        tuple(key for key, _ in raw),
        tuple(
            (use, packed[use][0], kind, packed[use][1], tuple(members)) for use, members in grouped.items()
        ),
    )


@lru_cache(maxsize=16)
def _pool(counts: tuple[int, ...], rules: _Rules, exact: bool, kinds: int) -> _Pool:
    """Every candidate meld of the hand *counts* (sets, runs or both), sorted, grouped by the cards they take.

    Built from the cached pieces of :func:`_piece`, sets rank by rank then
    runs suit by suit: the order of the keys, so the pieces join already
    sorted, and no two pieces share a group (their natural cards differ).
    """
    width = max(max(counts).bit_length(), 1) + 1
    wilds = counts[rules.wild] if rules.wild != _NO_WILD else 0
    keys: list[_Key] = []
    groups: list[_Group] = []
    pieces: list[_Piece] = []
    if kinds & _SETS:
        for rank in range(1, 14):
            four = (counts[rank - 1], counts[rank + 12], counts[rank + 25], counts[rank + 38])
            if four != (0, 0, 0, 0):
                pieces.append(_PIECES.get((0, rank, four, wilds, rules, exact, width)))
    if kinds & _RUNS:
        for suit in range(4):
            thirteen = counts[suit * 13 : suit * 13 + 13]
            if any(thirteen):
                pieces.append(_PIECES.get((1, suit, thirteen, wilds, rules, exact, width)))
    for piece_keys, piece_groups in pieces:
        if not piece_keys:
            continue
        offset = len(keys)
        keys.extend(piece_keys)
        for use, first, kind, size, members in piece_groups:
            groups.append(
                _Group(use, first, kind, size, tuple(m + offset for m in members) if offset else members)
            )
    return _Pool(width, _guard(width), _pack(counts, width), sum(counts), tuple(keys), tuple(groups))


def _uses_by_key(pool: _Pool) -> list[int]:
    """The packed cards each candidate key of *pool* takes (its group's use), by key index."""
    uses = [0] * len(pool.keys)
    for group in pool.groups:
        for member in group.members:
            uses[member] = group.use
    return uses


def _kinds(kinds: Iterable[str]) -> frozenset[str]:
    if isinstance(kinds, str):
        kinds = (kinds,)
    try:
        chosen = frozenset(kinds)
    except TypeError:
        raise NotationError("unknown-meld-kind", "kinds must be 'set' and/or 'run'.") from None
    bad = sorted(str(k) for k in chosen if k not in ("set", "run"))
    if bad:
        raise NotationError("unknown-meld-kind", f"{bad[0]!r} is not a meld kind: use 'set' or 'run'.")
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
    mask = (_SETS if "set" in wanted else 0) | (_RUNS if "run" in wanted else 0)
    pool = _pool(_hand_counts(hand, ruleset), _entry(ruleset).rules, exact, mask)
    return tuple(
        _meld(key)
        for key in pool.keys
        if (key[0] == 0 and "set" in wanted) or (key[0] == 1 and "run" in wanted)
    )


# -- contracts ---------------------------------------------------------------------------------


class _Picker:
    """Every multiset of set groups then run groups that fits the hand (no recursive closure)."""

    def __init__(self, pool: _Pool) -> None:
        self.guard = pool.guard
        self.groups = pool.groups
        self.set_groups = [i for i, g in enumerate(pool.groups) if g.kind == 0]
        self.run_groups = [i for i, g in enumerate(pool.groups) if g.kind == 1]
        self.out: list[tuple[int, ...]] = []
        self.chosen: list[int] = []

    def pick(self, options: list[int], start: int, rem: int, left: int, then: int) -> None:
        if left == 0:
            if then:
                self.pick(self.run_groups, 0, rem, then, 0)
            else:
                self.out.append(tuple(self.chosen))
            return
        guard, groups, chosen = self.guard, self.groups, self.chosen
        for at in range(start, len(options)):
            index = options[at]
            x = (rem | guard) - groups[index].use
            if x & guard != guard:
                continue
            chosen.append(index)
            self.pick(options, at, x ^ guard, left - 1, then)
            chosen.pop()


def _pick(pool: _Pool, sets: int, runs: int) -> list[tuple[int, ...]]:
    """Every multiset of *sets* set groups and *runs* run groups that fits the hand."""
    walk = _Picker(pool)
    if sets:
        walk.pick(walk.set_groups, 0, pool.total, sets, runs)
    else:
        walk.pick(walk.run_groups, 0, pool.total, runs, 0)
    return walk.out


class _Coverer:
    """Every multiset of set and run groups using the whole hand (no recursive closure)."""

    def __init__(self, pool: _Pool, rules: _Rules) -> None:
        self.pool = pool
        self.rules = rules
        self.by_first: dict[int, list[int]] = {}
        self.by_use: dict[int, list[int]] = {}
        for index, group in enumerate(pool.groups):
            self.by_first.setdefault(group.first, []).append(index)
            self.by_use.setdefault(group.use, []).append(index)
        self.set_top = rules.set_max or pool.n_cards
        self.out: list[tuple[int, ...]] = []
        self.chosen: list[int] = []

    def cover(self, rem: int, count: int, s_left: int, r_left: int, last_first: int, last: int) -> None:
        pool, rules, chosen = self.pool, self.rules, self.chosen
        width, guard, groups = pool.width, pool.guard, pool.groups
        low = ((rem & -rem).bit_length() - 1) // width
        if low == _JOKER:
            return  # only jokers left, and a meld needs a natural card
        if s_left + r_left == 1:
            for index in self.by_use.get(rem, ()):
                group = groups[index]
                if (group.kind == 0) != (s_left == 1):
                    continue
                if low == last_first and index < last:
                    continue
                self.out.append(tuple(chosen) + (index,))
            return
        for index in self.by_first.get(low, ()):
            if low == last_first and index < last:
                continue
            group = groups[index]
            if group.kind == 0:
                if not s_left:
                    continue
                s, r = s_left - 1, r_left
            else:
                if not r_left:
                    continue
                s, r = s_left, r_left - 1
            left = count - group.size
            if left < s * rules.set_min + r * rules.run_min or left > s * self.set_top + r * _LONGEST_RUN:
                continue
            x = (rem | guard) - group.use
            if x & guard != guard:
                continue
            chosen.append(index)
            self.cover(x ^ guard, left, s, r, low, index)
            chosen.pop()


def _cover(pool: _Pool, rules: _Rules, sets: int, runs: int) -> list[tuple[int, ...]]:
    """Every multiset of *sets* set groups and *runs* run groups using the whole hand."""
    walk = _Coverer(pool, rules)
    if pool.total:
        walk.cover(pool.total, pool.n_cards, sets, runs, -1, -1)
    return walk.out


def _expand(pool: _Pool, group_layouts: list[tuple[int, ...]], apart: bool) -> tuple[tuple[Meld, ...], ...]:
    """Turn layouts of groups into layouts of melds: every choice of members, sorted."""
    groups, keys = pool.groups, pool.keys
    found: list[tuple[int, ...]] = []
    for layout in group_layouts:
        choices: list[list[tuple[int, ...]]] = []
        plain = True
        for index in sorted(set(layout)):
            members = groups[index].members
            times = layout.count(index)
            if len(members) > 1 or times > 1:
                plain = False
            choices.append(list(combinations_with_replacement(members, times)))
        if plain:
            options: Iterable[tuple[int, ...]] = [tuple(sorted(c[0][0] for c in choices))]
        else:
            options = (tuple(sorted(chain.from_iterable(combo))) for combo in product(*choices))
        for option in options:
            if apart and not _apart(option, keys):
                continue
            found.append(option)
    found.sort()
    return tuple(tuple(_meld(keys[i]) for i in option) for option in found)


def _apart(option: tuple[int, ...], keys: tuple[_Key, ...]) -> bool:
    runs = [keys[i] for i in option if keys[i][0] == 1]
    for i, a in enumerate(runs):
        for b in runs[i + 1 :]:
            if a[1] == b[1] and (a[2] + a[3] == b[2] or b[2] + b[3] == a[2]):
                return False
    return True


def _cannot_cover(counts: tuple[int, ...], rules: _Rules, sets: int, runs: int) -> bool:
    """Cheap proofs that melds of one kind cannot take every card of the hand.

    Runs only: the natural cards span at most ``runs`` suits, no card repeats
    more often than there are runs, and the runs can hold every card (at most
    13 each). Sets only: the natural cards span at most ``sets`` ranks. This
    keeps the last round's search instant for the big hands buying makes.
    """
    naturals = [
        code for code in range(52) if counts[code] and not (rules.twos and code == 1) and code != rules.wild
    ]
    if sets == 0:
        if len({code // 13 for code in naturals}) > runs:
            return True
        if any(counts[code] > runs for code in naturals):
            return True
        return sum(counts) > runs * 13
    if runs == 0:
        return len({code % 13 for code in naturals}) > sets
    return False


def _hopeless(counts: tuple[int, ...], rules: _Rules, sets: int, runs: int, final: bool) -> bool:
    """Too few cards for the contract, or (in the last round) a quick proof they cannot all be used."""
    if sets * rules.set_min + runs * rules.run_min > sum(counts):
        return True
    return final and _cannot_cover(counts, rules, sets, runs)


@lru_cache(maxsize=256)
def _layouts(
    counts: tuple[int, ...], rules: _Rules, sets: int, runs: int, exact: bool, final: bool, apart: bool
) -> tuple[tuple[Meld, ...], ...]:
    if _hopeless(counts, rules, sets, runs, final):
        return ()
    pool = _pool(counts, rules, exact, _BOTH)
    group_layouts = _cover(pool, rules, sets, runs) if final else _pick(pool, sets, runs)
    return _expand(pool, group_layouts, apart)


def contract_layouts(
    hand: Hand, round: int, ruleset: Ruleset, *, limit: int | None = None
) -> tuple[tuple[Meld, ...], ...]:
    """Return every distinct way to lay round *round*'s contract from *hand*.

    *hand* is a multiset of cards (text or cards; order never matters);
    *round* is 1-based (``ruleset.contracts[round - 1]``; another number
    raises :class:`~remi.RulesetError`). Each layout is a tuple of melds in
    canonical order, sets first, then runs, each group ordered by
    :func:`meld_sort_key`. Each layout is listed once: identical cards are
    interchangeable and the same melds in another order are the same
    layout. The layouts come in a fixed order (by their melds' keys).

    - Sets are of exactly ``set_min`` and runs of exactly ``run_min``
      cards, unless ``ruleset.all_down_at_once`` (any legal sizes).
    - In the last round of a ``last_contract_goes_out`` game, only layouts
      that use every card of *hand* are listed, with melds of any legal size.
    - With ``same_suit_runs_apart``, two runs of one suit that would join
      into one (♣3-6 and ♣7-10) are not a layout.
    - Every joker placement and every choice between a natural card and a
      joker is its own layout. Each layout passes
      :func:`~remi.check_contract` (with ``hand=`` in the last round).

    An empty tuple means the contract cannot be laid. Results are cached
    by hand multiset and ruleset.

    *limit* (an int; none below 1) stops after that many layouts: the first *limit* of the full
    listing, found by a walk that only enters branches some layout
    completes, so its cost grows with *limit*, not with the layouts left
    out. Absurd hands have millions of layouts (13 spades and 9 jokers,
    round 3 with all down at once: about 1.9 million, some 7 µs each); a
    caller who needs a few asks for a few.

    >>> import remi
    >>> layouts = contract_layouts("♠9 ♥9 ♦9 ♣9 ♥4 ♥4 JK ♣K ♦2 ♠3", 1, remi.NORWEGIAN)
    >>> len(layouts)
    4
    >>> [str(m) for m in layouts[0]]
    ['♥4 ♥4 JK=4', '♠9 ♥9 ♦9']
    >>> contract_layouts("♠2 ♠3 ♠4 ♠5 ♥8 ♥9", 3, remi.NORWEGIAN)
    ()
    """
    question = _layout_question(hand, round, ruleset)
    if limit is not None:
        if isinstance(limit, bool) or not isinstance(limit, int):
            raise TypeError(f"limit must be an int or None, not {type(limit).__name__} {limit!r:.60}.")
        return _listed_layouts(*question, limit)
    return _layouts(*question)


def _layout_question(
    hand: Hand, round: int, ruleset: Ruleset
) -> tuple[tuple[int, ...], _Rules, int, int, bool, bool, bool]:
    """The arguments of :func:`_layouts`: counts, rules, sets, runs, exact, final, apart."""
    contract = contract_for(round, ruleset)
    final = ruleset.last_contract_goes_out and round == len(ruleset.contracts)
    return (
        _hand_counts(hand, ruleset),
        _entry(ruleset).rules,
        contract.sets,
        contract.runs,
        not (final or ruleset.all_down_at_once),
        final,
        ruleset.same_suit_runs_apart,
    )


def find_contract(hand: Hand, round: int, ruleset: Ruleset) -> tuple[Meld, ...] | None:
    """Return one way to lay round *round*'s contract from *hand* (the first layout), or ``None``.

    >>> import remi
    >>> [str(m) for m in find_contract("♣5 ♣6 ♣7 ♣8 ♥9 ♠9 JK ♦K", 2, remi.NORWEGIAN)]
    ['♠9 ♥9 JK=9', '♣5 ♣6 ♣7 ♣8']
    >>> find_contract("♣5 ♣6 ♣7 ♣8", 2, remi.NORWEGIAN) is None
    True
    """
    layouts = _listed_layouts(*_layout_question(hand, round, ruleset), 1)
    return layouts[0] if layouts else None


class _Lister:
    """The layouts in :func:`_layouts`' order, each branch pruned by an existence search (no closure).

    The layouts are listed by their sorted tuples of pool indices, so a walk
    that tries, meld by meld, each index from the last one taken on, and goes
    down only where some completion of the rest exists, meets them in order.
    The existence search may use melds of lower index than the walk will
    take from there, so a branch can still come back empty, but the work
    grows with the layouts listed, not with those left unlisted.
    """

    def __init__(self, search: _Completer, final: bool, apart: bool, limit: int) -> None:
        self.search = search
        self.final = final
        self.apart = apart
        self.limit = limit
        pool = search.pool
        self.keys = pool.keys
        self.guard = pool.guard
        self.use_of = _uses_by_key(pool)
        self.first_run = next((i for i, key in enumerate(self.keys) if key[0] == 1), len(self.keys))
        self.out: list[tuple[int, ...]] = []
        self.chosen: list[int] = []

    def possible(self, rem: int, left: int, sets: int, runs: int, spans: tuple[_Span, ...]) -> bool:
        if self.final:
            return self.search.cover(rem, left, sets, runs, spans)
        return self.search.pick(rem, left, sets, runs, spans, 0)

    def walk(self, rem: int, left: int, sets: int, runs: int, spans: tuple[_Span, ...], start: int) -> None:
        if not sets and not runs:
            self.out.append(tuple(self.chosen))
            return
        keys, guard, use_of, chosen = self.keys, self.guard, self.use_of, self.chosen
        if sets:
            indices = range(start, self.first_run)
        else:
            indices = range(max(start, self.first_run), len(keys))
        for index in indices:
            key = keys[index]
            x = (rem | guard) - use_of[index]
            if x & guard != guard:
                continue
            more = spans
            if sets:
                s, r = sets - 1, runs
            else:
                s, r = 0, runs - 1
                if self.apart:
                    span = (key[1], key[2], key[2] + key[3] - 1)
                    if _touches(span, spans):
                        continue
                    more = tuple(sorted((*spans, span)))
            x ^= guard
            if self.possible(x, left - key[3], s, r, more):
                chosen.append(index)
                self.walk(x, left - key[3], s, r, more, index if s or not sets else self.first_run)
                chosen.pop()
                if len(self.out) >= self.limit:
                    return


def _listed_layouts(
    counts: tuple[int, ...],
    rules: _Rules,
    sets: int,
    runs: int,
    exact: bool,
    final: bool,
    apart: bool,
    limit: int,
) -> tuple[tuple[Meld, ...], ...]:
    """The first *limit* layouts :func:`_layouts` would list, found without listing the others."""
    if limit <= 0 or _hopeless(counts, rules, sets, runs, final):
        return ()
    walk = _Lister(_completer(counts, rules, exact, apart, _kind_mask(sets, runs)), final, apart, limit)
    pool = walk.search.pool
    if walk.possible(pool.total, pool.n_cards, sets, runs, ()):
        walk.walk(pool.total, pool.n_cards, sets, runs, (), 0)
    keys = pool.keys
    return tuple(tuple(_meld(keys[i]) for i in option) for option in walk.out)


# -- best arrangement and openings -------------------------------------------------------------


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


class _PathSource(Protocol):
    """What :func:`_best_path` reads of a packer: its pool, its memo of choices and their members."""

    @property
    def pool(self) -> _Pool: ...
    @property
    def memo(self) -> dict[int, tuple[int, int]]: ...
    @property
    def group_member(self) -> Sequence[int]: ...
    def best(self, rem: int) -> int: ...


def _best_path(packer: _PathSource, rem: int) -> tuple[list[int], list[int]]:
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
            left.extend([_JOKER] * (rem >> (width * _JOKER)))
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


class _Packer:
    """The cheapest way to place a hand: every card is left over (at a cost) or melded.

    The search recurses on the lowest card left: it is left over, or it is in
    some meld group that holds it; a memo over the packed multiset of cards
    left keeps it polynomial in practice. A group costs ``group_cost`` and
    stands for its member ``group_member``.
    """

    def __init__(
        self,
        pool: _Pool,
        skip_cost: Sequence[int],
        group_cost: Sequence[int],
        group_member: Sequence[int],
        joker_cost: int,
        floor: int | None = None,
    ) -> None:
        self.pool = pool
        self.floor = floor  # no way costs less: a group reaching it ends the search there
        self.skip_cost = skip_cost
        self.group_member = group_member
        self.joker_cost = joker_cost
        self.by_first: dict[int, list[tuple[int, int, int]]] = {}
        for index, group in enumerate(pool.groups):
            self.by_first.setdefault(group.first, []).append((index, group.use, group_cost[index]))
        # rem -> (cost, choice): choice -1 leaves the lowest card, -2 only jokers are left.
        self.memo: dict[int, tuple[int, int]] = {0: (0, -2)}
        # With a floor: the cards no group takes, left over whatever is chosen.
        self.dead: list[tuple[int, int]] = []
        if floor is not None:
            taken = 0
            for group in pool.groups:
                taken |= group.use
            field = (1 << pool.width) - 1
            for code in range(53):
                shift = pool.width * code
                if (pool.total >> shift) & field and not (taken >> shift) & field:
                    self.dead.append((shift, joker_cost if code == _JOKER else skip_cost[code]))

    def best(self, rem: int) -> int:
        got = self.memo.get(rem)
        if got is not None:
            return got[0]
        width, guard = self.pool.width, self.pool.guard
        low = ((rem & -rem).bit_length() - 1) // width
        if low == _JOKER:
            cost = (rem >> (width * _JOKER)) * self.joker_cost
            self.memo[rem] = (cost, -2)
            return cost
        if self.floor is not None:
            return self._best_floored(rem, low)
        top = self.skip_cost[low] + self.best(rem - (1 << (width * low)))
        choice = -1
        for index, use, cost in self.by_first.get(low, ()):
            x = (rem | guard) - use
            if x & guard != guard:
                continue
            value = cost + self.best(x ^ guard)
            if value < top or (value == top and choice == -1):
                top, choice = value, index
        self.memo[rem] = (top, choice)
        return top

    def _best_floored(self, rem: int, low: int) -> int:
        """:meth:`best` trying the groups first, stopping at the first reaching the floor.

        The same answer and choice: the first group of least cost unless leaving
        the card over costs strictly less.
        """
        guard = self.pool.guard
        floor = self.floor or 0
        if self.dead:
            field = (1 << self.pool.width) - 1
            for shift, cost in self.dead:
                floor += ((rem >> shift) & field) * cost
        top = -1
        choice = -1
        for index, use, cost in self.by_first.get(low, ()):
            x = (rem | guard) - use
            if x & guard != guard:
                continue
            value = cost + self.best(x ^ guard)
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
        return _best_path(self, rem)


#: Card codes in rank-major order (♠A ♥A ♦A ♣A ♠2 …), the joker last: the order in which
#: :class:`_RankPacker` takes the lowest card.
_RANK_MAJOR: Final = tuple((code % 13) * 4 + code // 13 if code < _JOKER else _JOKER for code in range(53))


def _rank_major(packed: int, width: int) -> int:
    """The packed counts *packed* (card codes in suit order) with each field moved to its rank-major place."""
    field = (1 << width) - 1
    out = 0
    while packed:
        # One step per card code held (a meld holds a few), not per field up to the highest.
        code = ((packed & -packed).bit_length() - 1) // width
        shift = width * code
        out |= ((packed >> shift) & field) << (width * _RANK_MAJOR[code])
        packed &= ~(field << shift)
    return out


class _RankPacker:
    """The least cost of placing any part of a hand, with the lowest card taken in rank-major order.

    The same search as :class:`_Packer` with a floor (every card left over at
    its cost or melded, a memo over the multiset of cards left), run over the
    cards renumbered rank by rank. Taking the lowest card suit by suit, a set
    leaves holes at its rank in every later suit and the memo meets a product
    of such holes (34 s on a 41-card Norwegian hand); rank by rank, a set takes
    cards of the current rank only and a run cards of one suit above it, so far
    fewer multisets are left. Only values come out of it: the choice among
    equal ways stays :func:`_arrangement_path`'s, suit by suit as before.
    """

    def __init__(self, pool: _Pool, skip_cost: Sequence[int]) -> None:
        width = pool.width
        self.uses = [_rank_major(group.use, width) for group in pool.groups]
        # The lowest card a group takes: its lowest field (the joker's only for jokers alone).
        firsts = [((use & -use).bit_length() - 1) // width for use in self.uses]
        rank_pool = pool._replace(
            total=_rank_major(pool.total, width),
            groups=tuple(
                group._replace(use=use, first=first)
                for group, use, first in zip(pool.groups, self.uses, firsts, strict=True)
            ),
        )
        ranked = [0] * 53
        for code, cost in enumerate(skip_cost):
            ranked[_RANK_MAJOR[code]] = cost
        groups = rank_pool.groups
        self.packer = _Packer(
            rank_pool, ranked, [0] * len(groups), [g.members[0] for g in groups], skip_cost[_JOKER], 0
        )
        self.total = rank_pool.total

    def best(self, rem: int) -> int:
        """The least cost of the rank-major packed multiset *rem*."""
        return self.packer.best(rem)


def _arrangement_path(pool: _Pool, skip_cost: Sequence[int]) -> tuple[list[int], list[int]]:
    """The melds (candidate indices) and left-over codes :class:`_Packer` with a floor of 0 picks for *pool*.

    The same walk as :func:`_best_path` over that packer's choices: at each
    step the lowest card left (suit by suit) goes into the first group, in
    pool order, that holds it as its lowest card and leaves a least-cost rest,
    and is left over only when that costs strictly less than every such group.
    The costs come from :class:`_RankPacker`, which finds them over far fewer
    multisets; the choices, and so the answer, are those of the suit-by-suit search.
    """
    oracle = _RankPacker(pool, skip_cost)
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
    at_most = _Bounded(oracle.packer).at_most
    while rem:
        low = ((rem & -rem).bit_length() - 1) // width
        if low == _JOKER:
            left.extend([_JOKER] * (rem >> (width * _JOKER)))
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
            ranked -= 1 << (width * _RANK_MAJOR[low])
            target -= skip_cost[low]
    return picked, left


class _Bounded:
    """Whether a rank-major multiset can be placed at a cost of at most a bound: :class:`_Packer`'s question, bounded.

    Exact: the same least cost decides it, but a search that may stop at
    the first way within the bound, and that drops a state once the bound
    is below what is known of it. Each state keeps the bounds learnt (at
    least *lo*, at most *hi*), and the packer's memo of least costs is read
    where it has the state.
    """

    def __init__(self, packer: _Packer) -> None:
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
        if low == _JOKER:
            return (rem >> (width * _JOKER)) * packer.joker_cost <= bound
        floor = 0
        for shift, cost, field in self.dead:
            floor += ((rem >> shift) & field) * cost
        if floor > bound:
            self.lo[rem] = floor
            return False
        guard = packer.pool.guard
        for _, use, _ in packer.by_first.get(low, ()):
            x = (rem | guard) - use
            if x & guard == guard and self.at_most(x ^ guard, bound):
                self.hi[rem] = bound
                return True
        if self.at_most(rem - (1 << (width * low)), bound - packer.skip_cost[low]):
            self.hi[rem] = bound
            return True
        self.lo[rem] = bound + 1
        return False


@lru_cache(maxsize=2048)
def _arrangement(counts: tuple[int, ...], rules: _Rules, values: tuple[int, ...]) -> Arrangement:
    pool = _pool(counts, rules, False, _BOTH)
    scale = pool.n_cards + 1
    # Least deadwood value first, then fewest deadwood cards; on a tie, meld.
    skip_cost = [v * scale + 1 for v in values]
    picked, left = _arrangement_path(pool, skip_cost)
    melds = tuple(_meld(pool.keys[i]) for i in sorted(picked))
    return Arrangement(melds, tuple(_CARDS[c] for c in sorted(left)), sum(values[c] for c in left))


def _arrangement_by_suit(counts: tuple[int, ...], rules: _Rules, values: tuple[int, ...]) -> Arrangement:
    """:func:`_arrangement` by the suit-by-suit search alone (slow on big hands): the tests' oracle."""
    pool = _pool(counts, rules, False, _BOTH)
    scale = pool.n_cards + 1
    skip_cost = [v * scale + 1 for v in values]
    groups = pool.groups
    packer = _Packer(pool, skip_cost, [0] * len(groups), [g.members[0] for g in groups], skip_cost[_JOKER], 0)
    picked, left = packer.path(pool.total)
    melds = tuple(_meld(pool.keys[i]) for i in sorted(picked))
    return Arrangement(melds, tuple(_CARDS[c] for c in sorted(left)), sum(values[c] for c in left))


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
    entry = _entry(ruleset)
    return _arrangement(_hand_counts(hand, ruleset), entry.rules, entry.values)


def deadwood(hand: Hand, ruleset: Ruleset) -> int:
    """Return the deadwood value of *hand* at its best arrangement (Gin: knock if ≤ ``knock_limit``).

    >>> import remi
    >>> remi.deadwood("♠3 ♠4 ♠5 ♥9 ♦9 ♣9 ♥K ♦2 ♣A ♣2", remi.GIN)
    15
    """
    entry = _entry(ruleset)
    hand = _reiterable(hand)
    mask = _hand_mask(hand, entry.rules)
    if mask >= 0:  # no joker, no card twice: a hand every pack gives
        return _mask_deadwood(mask, entry)
    return _least_deadwood(_hand_counts(hand, ruleset), entry.rules, entry.values)


@lru_cache(maxsize=2048)
def _least_deadwood(counts: tuple[int, ...], rules: _Rules, values: tuple[int, ...]) -> int:
    """The deadwood value of :func:`_arrangement` without the walk that picks its melds."""
    pool = _pool(counts, rules, False, _BOTH)
    scale = pool.n_cards + 1
    oracle = _RankPacker(pool, [v * scale + 1 for v in values])
    return oracle.best(oracle.total) // scale


class _OpeningPacker:
    """The most opening points a hand's disjoint melds count (then the fewest cards laid).

    The same search and the same answers as a :class:`_Packer` whose groups cost
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

    def __init__(self, pool: _Pool, points: list[int], scale: int, reach: Sequence[int]) -> None:
        self.pool = pool
        self.scale = scale
        self.reach = reach
        keys = pool.keys
        members: list[int] = []
        # Per group: (slack in points, size, index, use, points, reach of its cards, first, jokers).
        rows: list[tuple[int, int, int, int, int, int, int, int]] = []
        self.joker_shift = joker_shift = pool.width * _JOKER
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
            rows.append(
                (full - got, group.size, index, group.use, got, full, group.first, group.use >> joker_shift)
            )
        rows.sort()
        self.group_member = members
        self.rows = rows
        self._by_first: dict[int, list[tuple[int, int, int, int, int]]] | None = None
        self._by_jokers: dict[int, list[list[tuple[int, int, int, int]]]] | None = None
        # rem -> (cost, choice): choice -1 leaves the lowest card, -2 only jokers are left.
        self.memo: dict[int, tuple[int, int]] = {0: (0, -2)}
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

    def best(self, rem: int, ub: int = -1) -> int:
        """The least cost of placing the cards of *rem*; *ub* is their :meth:`bound` when known."""
        got = self.memo.get(rem)
        if got is not None:
            return got[0]
        width, guard, scale = self.pool.width, self.pool.guard, self.scale
        low = ((rem & -rem).bit_length() - 1) // width
        if low == _JOKER:
            self.memo[rem] = (0, -2)
            return 0
        if ub < 0:
            ub = self.bound(rem)
        base = -ub * scale
        top = 0
        choice = -1
        for slack, index, use, cost, full in self.by_first.get(low, ()):
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
        if ub >= target and low != _JOKER:
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
        return _best_path(self, rem)


@lru_cache(maxsize=64)
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
        if code == _JOKER or (ruleset.wild_spade_twos and code == _SPADE_TWO):
            reach.append(most)
            continue
        rank = code % 13 + 1
        if rank == 1:
            reach.append(max(0, set_value[1], place[1], place[14]))
        else:
            reach.append(max(0, set_value[rank], place[rank]))
    return set_value, tuple(prefix), tuple(reach)


def _key_points(keys: Sequence[_Key], ruleset: Ruleset) -> list[int]:
    """:func:`~remi.meld_points` of each candidate, from its key (no meld is built)."""
    set_value, prefix, _ = _point_table(ruleset)
    out: list[int] = []
    for kind, a, b, n, _codes, _flags in keys:
        if kind == 0:
            out.append(set_value[a] * n)
        else:
            out.append(prefix[b + n] - prefix[b])
    return out


def _opening_packer(counts: tuple[int, ...], ruleset: Ruleset) -> tuple[_OpeningPacker, list[int], int]:
    """A packer maximising opening points (then fewest cards); also each candidate's points."""
    entry = _entry(ruleset)
    pool = _pool(counts, entry.rules, False, _BOTH)
    points = _key_points(pool.keys, ruleset)
    scale = pool.n_cards + 1
    return _OpeningPacker(pool, points, scale, _point_table(ruleset)[2]), points, scale


def find_opening(hand: Hand, ruleset: Ruleset) -> tuple[Meld, ...] | None:
    """Return the disjoint melds from *hand* that count the most toward an opening, or ``None``.

    Melds count by :func:`~remi.meld_points` (jokers as what they stand for).
    The answer is returned only when it reaches ``ruleset.opening_points``
    (with no threshold, when it holds at least one meld); among equal counts
    the one laying the fewest cards wins. Melds are in canonical order
    (:func:`meld_sort_key`).

    >>> import remi
    >>> [str(m) for m in find_opening("♠Q ♥Q ♦Q JK ♣8 ♣9 ♣10 ♥2", remi.SLOVENIAN)]
    ['♠Q ♥Q ♦Q', '♣8 ♣9 ♣10 JK=♣J']
    >>> find_opening("♠10 ♥10 ♦10 ♣2 ♣3 ♣4", remi.SLOVENIAN) is None
    True
    """
    return _best_opening(_hand_counts(hand, ruleset), _entry(ruleset).rules, ruleset)


@lru_cache(maxsize=2048)
def _best_opening(counts: tuple[int, ...], rules: _Rules, ruleset: Ruleset) -> tuple[Meld, ...] | None:
    packer, points, _ = _opening_packer(counts, ruleset)
    picked, _ = packer.path(packer.pool.total)
    if not picked:
        return None
    need = ruleset.opening_points
    if need is not None and sum(points[i] for i in picked) < need:
        return None
    return tuple(_meld(packer.pool.keys[i]) for i in sorted(picked))


@lru_cache(maxsize=1024)
def _best_points(counts: tuple[int, ...], ruleset: Ruleset) -> int:
    packer, _, scale = _opening_packer(counts, ruleset)
    # The packer's cost is -points * scale + cards laid (fewer than scale): its points.
    return -(packer.best(packer.pool.total) // scale)


@lru_cache(maxsize=64)
def _shared_opening_packer(
    counts: tuple[int, ...], ruleset: Ruleset
) -> tuple[_OpeningPacker, list[int], int]:
    return _opening_packer(counts, ruleset)


def best_opening_points_left(
    hand: Hand, laid: Iterable[Card], ruleset: Ruleset, *, keep_one: bool = False
) -> int:
    """Return :func:`best_opening_points` of *hand* less the cards *laid*.

    With *keep_one*, one card must stay out of the melds (a card kept for a
    final discard): the best over every choice of that card. One search
    serves every question about the same hand, so asking it for each
    candidate meld of a hand costs little.

    >>> import remi
    >>> hand = remi.parse_cards("♠Q ♥Q ♦Q ♣9 ♣10 ♣J ♥2")
    >>> best_opening_points_left(hand, remi.parse_cards("♠Q ♥Q ♦Q"), remi.SLOVENIAN)
    29
    >>> best_opening_points_left(hand, remi.parse_cards("♠Q ♥Q ♦Q"), remi.SLOVENIAN, keep_one=True)
    29
    >>> best_opening_points_left(hand, remi.parse_cards("♠Q ♥Q ♦Q ♥2"), remi.SLOVENIAN, keep_one=True)
    0
    """
    counts = _hand_counts(hand, ruleset)
    packer, _, scale = _shared_opening_packer(counts, ruleset)
    width = packer.pool.width
    rem = packer.pool.total
    left = list(counts)
    for card in parse_cards(laid):
        code = card.code
        if left[code] <= 0:
            raise NotationError("not-in-hand", f"{card} is not in the hand.")
        left[code] -= 1
        rem -= 1 << (width * code)

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
        (-(packer.best(rem - (1 << (width * code))) // scale) for code, count in enumerate(left) if count),
        default=0,
    )


def _left_of(packer: _OpeningPacker, laid: Iterable[Card]) -> int:
    """The packed multiset of the packer's hand less the cards *laid* (which it holds)."""
    width = packer.pool.width
    rem = packer.pool.total
    for card in laid:
        rem -= 1 << (width * card.code)
    return rem


def _reaches(packer: _OpeningPacker, rem: int, need: int, keep_one: bool) -> bool:
    """``best_opening_points_left(...) >= need`` for the cards *rem* left (an empty hand counts 0)."""
    if rem == 0:
        return need <= 0
    return packer.reaches(rem, need, keep_one)


def opening_reaches(
    hand: Sequence[Card], laid: Sequence[Card], need: int, ruleset: Ruleset, keep_one: bool
) -> bool:
    """Whether ``best_opening_points_left(hand, laid, ruleset, keep_one=keep_one) >= need``.

    A search for any melds reaching *need* rather than for the best
    (:meth:`_OpeningPacker.reaches`), sharing what it learns with every later
    question about the same hand.
    """
    packer, _, _ = _shared_opening_packer(_fast_counts(hand), ruleset)
    return _reaches(packer, _left_of(packer, laid), need, keep_one)


class _ReachTest:
    """:func:`opening_reaches` for one hand, asked about many *laid* and *need* (a class: no closure)."""

    def __init__(self, packer: _OpeningPacker, keep_one: bool) -> None:
        self.packer = packer
        self.keep_one = keep_one

    def __call__(self, laid: Sequence[Card], need: int) -> bool:
        return _reaches(self.packer, _left_of(self.packer, laid), need, self.keep_one)


def opening_reach_test(
    hand: Sequence[Card], ruleset: Ruleset, keep_one: bool
) -> Callable[[Sequence[Card], int], bool]:
    """:func:`opening_reaches` for one hand, asked about many *laid* and *need*: the hand's work done once.

    ``test(laid, need) == opening_reaches(hand, laid, need, ruleset, keep_one)``.
    """
    packer, _, _ = _shared_opening_packer(_fast_counts(hand), ruleset)
    return _ReachTest(packer, keep_one)


class _LayTest:
    """:func:`opening_lay_test`'s test (a class: no closure)."""

    def __init__(self, packer: _OpeningPacker, ruleset: Ruleset, need: int, keep_one: bool) -> None:
        self.packer = packer
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
        return self.packer.reaches(rem, rest, self.keep_one, ub)


def opening_lay_test(
    hand: Sequence[Card], ruleset: Ruleset, need: int, keep_one: bool
) -> Callable[[Meld], bool]:
    """Whether a meld of *hand* laid now leaves an opening of *need* points within reach.

    ``test(meld)`` is ``meld_points(meld) >= need`` or
    ``opening_reaches(hand, meld.cards, need - meld_points(meld), ruleset, keep_one)``,
    for melds whose cards *hand* holds; the work is shared by every meld asked.
    """
    packer, _, _ = _shared_opening_packer(_fast_counts(hand), ruleset)
    return _LayTest(packer, ruleset, need, keep_one)


def best_opening_points(hand: Hand, ruleset: Ruleset) -> int:
    """Return the most points that disjoint melds from *hand* count toward an opening.

    Jokers count as the card they stand for and aces as the ruleset says
    (:func:`~remi.meld_points`); a hand with no meld counts 0.

    >>> import remi
    >>> best_opening_points("♠Q ♥Q ♦Q JK ♣9 ♣10 ♥2", remi.SLOVENIAN)
    59
    >>> best_opening_points("♠2 ♥5 ♦9", remi.SLOVENIAN)
    0
    """
    return _best_points(_hand_counts(hand, ruleset), ruleset)


def opening_layouts(
    hand: Hand, ruleset: Ruleset, *, limit: int | None = None
) -> tuple[tuple[Meld, ...], ...]:
    """Return every distinct group of disjoint melds from *hand* that makes an opening.

    A group qualifies when its :func:`~remi.meld_points` reach
    ``ruleset.opening_points`` (any non-empty group when there is no
    threshold). Groups are multisets of melds, each listed once with its
    melds in canonical order; the groups come in a fixed order, and *limit*
    stops after that many. A group with an extra meld is another group, so
    hands rich in melds have many.

    >>> import remi
    >>> [[str(m) for m in g] for g in opening_layouts("♠Q ♥Q ♦Q ♣Q ♠K ♥K ♦K", remi.SLOVENIAN)]
    [['♠Q ♥Q ♦Q', '♠K ♥K ♦K'], ['♠Q ♥Q ♣Q', '♠K ♥K ♦K'], ['♠Q ♦Q ♣Q', '♠K ♥K ♦K'], ['♥Q ♦Q ♣Q', '♠K ♥K ♦K'], ['♠Q ♥Q ♦Q ♣Q', '♠K ♥K ♦K']]
    """
    packer, points, scale = _opening_packer(_hand_counts(hand, ruleset), ruleset)
    walk = _Grower(packer, points, scale, ruleset.opening_points or 1, limit)
    if limit is None or limit > 0:
        walk.grow(0, packer.pool.total, 0)
    return tuple(walk.out)


class _Grower:
    """Every group of melds reaching the opening, pruned by the packer's bound (no closure)."""

    def __init__(
        self, packer: _OpeningPacker, points: list[int], scale: int, need: int, limit: int | None
    ) -> None:
        self.packer = packer
        self.points = points
        self.scale = scale
        self.need = need
        self.limit = limit
        self.keys = packer.pool.keys
        self.use_of = _uses_by_key(packer.pool)
        self.out: list[tuple[Meld, ...]] = []
        self.chosen: list[int] = []

    def can_add(self, rem: int, points: int) -> bool:
        """Whether disjoint melds of the cards of *rem* can add *points* (the packer's bound, asked as a threshold)."""
        return _reaches(self.packer, rem, points, False)

    def grow(self, start: int, rem: int, score: int) -> bool:
        guard, keys, chosen, out, need = self.packer.pool.guard, self.keys, self.chosen, self.out, self.need
        limit = self.limit
        for i in range(start, len(keys)):
            if limit is not None and len(out) >= limit:
                return False
            x = (rem | guard) - self.use_of[i]
            if x & guard != guard:
                continue
            left = x ^ guard
            new = score + self.points[i]
            chosen.append(i)
            if new >= need:
                out.append(tuple(_meld(keys[j]) for j in chosen))
            if new >= need or self.can_add(left, need - new):
                if not self.grow(i, left, new):
                    chosen.pop()
                    return False
            chosen.pop()
        return True


# -- the engine's questions: which discards knock, can the contract still be completed --------


def _reiterable(hand: Hand) -> Hand:
    return hand if isinstance(hand, (str, list, tuple)) else tuple(hand)


def _fast_counts(hand: Hand) -> tuple[int, ...]:
    """Return the 53 card counts of *hand*; a sequence of cards is read without parsing."""
    hand = _reiterable(hand)
    counts = [0] * 53
    for card in hand:
        if type(card) is not Card:
            return _counts(hand)
        counts[card.code] += 1
    return tuple(counts)


def _meldable(counts: tuple[int, ...], present: Sequence[int], rules: _Rules) -> set[int]:
    """The card codes of a hand without wild cards that some meld of the hand may take.

    A card may be in a set when its rank has ``set_min`` cards (of distinct suits
    when sets need them), and in a run when ``run_min`` ranks in a row around it
    are held in its suit. Every card a candidate meld takes is in the answer.
    """
    masks = [0, 0, 0, 0]
    by_rank = [0] * 13
    for code in present:
        if code == _JOKER:
            continue
        masks[code // 13] |= 2 << (code % 13)
        by_rank[code % 13] += 1 if rules.distinct else counts[code]
    out = {code for code in present if code != _JOKER and by_rank[code % 13] >= rules.set_min}
    run_min = rules.run_min
    for suit, held in enumerate(masks):
        if rules.hi_bound == 14 and held & 2:
            held |= 1 << 14
        if rules.lo_bound == 2:
            held &= ~2
        starts = held
        for shift in range(1, run_min):
            starts &= held >> shift
        if not starts:
            continue
        covered = starts
        for shift in range(1, run_min):
            covered |= starts << shift
        covered |= (covered >> 13) & 2
        for rank in range(1, 14):
            if covered >> rank & 1:
                out.add(suit * 13 + rank - 1)
    return out


@lru_cache(maxsize=4096)
def _knock(counts: tuple[int, ...], rules: _Rules, values: tuple[int, ...], limit: int) -> frozenset[Card]:
    present = [code for code in range(53) if counts[code]]
    wild = rules.wild
    if wild == _NO_WILD or not counts[wild]:
        # Cards no meld can take stay deadwood whatever is discarded: a lower bound.
        meldable = _meldable(counts, present, rules)
        stuck = [code for code in present if code not in meldable]
        floor = sum(values[code] * counts[code] for code in stuck)
        if floor - max((values[code] for code in stuck), default=0) > limit:
            return frozenset()
    else:
        meldable = set(present)
        floor = 0
    pool = _pool(counts, rules, False, _BOTH)
    # Values only: the rank-by-rank search (the same least costs, over far fewer multisets).
    oracle = _RankPacker(pool, values)
    walk = _KnockWalk(oracle, limit)
    found = walk.run()
    return frozenset(_CARDS[code] for code in present if found >> _RANK_MAJOR[code] & 1)


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

    def __init__(self, oracle: _RankPacker, limit: int) -> None:
        self.oracle = oracle
        self.packer = oracle.packer
        self.limit = limit
        pool = self.packer.pool
        self.width = pool.width
        self.field = (1 << pool.width) - 1
        self.cost = list(self.packer.skip_cost)
        self.cost[_JOKER] = self.packer.joker_cost
        self.codes = [code for code in range(53) if (pool.total >> (pool.width * code)) & self.field]
        self.found = 0  # bits by rank-major code
        self.wanted = 0  # the fields of the codes not found yet
        for code in self.codes:
            self.wanted |= self.field << (pool.width * code)
        self.dearest = max((self.cost[code] for code in self.codes), default=0)
        self.seen: set[tuple[int, int]] = set()
        # Whether a state's least cost is within a bound, without its exact cost where it is new.
        self.at_most = _Bounded(self.packer).at_most

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
        width, guard = self.width, packer.pool.guard
        low = ((rem & -rem).bit_length() - 1) // width
        if low == _JOKER:
            if not self.found >> _JOKER & 1 and ((rem >> (width * _JOKER)) - 1) * self.cost[_JOKER] <= budget:
                self._find(_JOKER)
            return
        rest = rem - (1 << (width * low))
        if not self.found >> low & 1 and self.at_most(rest, budget):
            self._find(low)
        for _, use, _ in packer.by_first.get(low, ()):
            x = (rem | guard) - use
            if x & guard == guard:
                self._walk(x ^ guard, budget)
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
    entry = _entry(ruleset)
    cards = _reiterable(hand)
    mask = _hand_mask(cards, entry.rules)
    if mask >= 0:  # no joker, no card twice: a hand every pack gives
        return _mask_knock(mask, entry, ruleset.knock_limit)
    counts = _fast_counts(cards)
    _refuse_pack(counts, ruleset)
    return _knock(counts, entry.rules, entry.values, ruleset.knock_limit)


_Span = tuple[int, int, int]  # a run's suit, lowest and highest rank


@lru_cache(maxsize=1024)
def _laid_needs(
    laid: tuple[Meld, ...], round: int, ruleset: Ruleset
) -> tuple[int, int, tuple[_Span, ...], tuple[int, ...]] | None:
    """Sets and runs still missing after *laid*, the laid runs and cards; ``None`` if *laid* cannot be part."""
    contract = contract_for(round, ruleset)
    final = ruleset.last_contract_goes_out and round == len(ruleset.contracts)
    exact = not (final or ruleset.all_down_at_once)
    sets = runs = 0
    spans: list[_Span] = []
    codes: list[int] = []
    for given in laid:
        result = check_meld(given, ruleset)
        if not result.ok or result.meld is None:
            return None
        meld = result.meld
        codes.extend(card.code for card in meld.cards)
        if meld.kind == "set":
            sets += 1
            want = ruleset.set_min
        else:
            runs += 1
            want = ruleset.run_min
            spans.append((meld.suit, meld.low, meld.high))
        if exact and len(meld.cards) != want:
            return None
    if sets > contract.sets or runs > contract.runs:
        return None
    if ruleset.same_suit_runs_apart and not _spans_apart(spans):
        return None
    return contract.sets - sets, contract.runs - runs, tuple(sorted(spans)), tuple(codes)


def _touches(span: _Span, spans: Iterable[_Span]) -> bool:
    suit, low, high = span
    return any(s == suit and (high + 1 == lo or hi + 1 == low) for s, lo, hi in spans)


def _spans_apart(spans: Sequence[_Span]) -> bool:
    return not any(_touches(span, spans[i + 1 :]) for i, span in enumerate(spans))


def _run_options(pool: _Pool, apart: bool) -> list[tuple[int, _Span]]:
    """Run groups as (group, span): one per group, or one per distinct span with *apart*."""
    out: list[tuple[int, _Span]] = []
    for index, group in enumerate(pool.groups):
        if group.kind != 1:
            continue
        seen: set[_Span] = set()
        for member in group.members if apart else group.members[:1]:
            _, suit, low, n, _, _ = pool.keys[member]
            span = (suit, low, low + n - 1)
            if span not in seen:
                seen.add(span)
                out.append((index, span))
    return out


_MEMO_LIMIT: Final = 1 << 15


class _Completer:
    """Existence searches for the rest of a contract, remembering the states that fail."""

    def __init__(self, pool: _Pool, rules: _Rules, apart: bool) -> None:
        self.pool = pool
        self.rules = rules
        self.apart = apart
        self.sets = [(i, g.use, g.size) for i, g in enumerate(pool.groups) if g.kind == 0]
        self.runs = [
            (i, pool.groups[i].use, pool.groups[i].size, span) for i, span in _run_options(pool, apart)
        ]
        self.failed: set[tuple[object, ...]] = set()
        # The tables of cover, made on its first call (pick, which most questions ask, needs none).
        self.starting: dict[int, list[tuple[int, _Span]]] = {}
        self.taking: dict[int, list[tuple[int, _Span]]] = {}
        self.indexed = False

    def _index(self) -> None:
        """For cover: the options by the lowest natural card they take, and by the exact cards they take."""
        groups = self.pool.groups
        for index, _, _ in self.sets:
            self.starting.setdefault(groups[index].first, []).append((index, (-1, 0, 0)))
        for index, _, _, span in self.runs:
            self.starting.setdefault(groups[index].first, []).append((index, span))
        for options in self.starting.values():
            options.sort()
        for options in self.starting.values():
            for index, span in options:
                self.taking.setdefault(groups[index].use, []).append((index, span))
        self.indexed = True

    def pick(self, rem: int, left: int, sets: int, runs: int, spans: tuple[_Span, ...], at: int) -> bool:
        """Whether *sets* sets then *runs* runs (options from *at* on) fit in *rem*, *left* cards spare."""
        if not sets and not runs:
            return True
        state = (rem, left, sets, runs, spans, at)
        if state in self.failed:
            return False
        guard = self.pool.guard
        rules = self.rules
        if sets:
            for k in range(at, len(self.sets)):
                _, use, size = self.sets[k]
                spare = left - size
                if spare < (sets - 1) * rules.set_min + runs * rules.run_min:
                    continue
                x = (rem | guard) - use
                if x & guard != guard:
                    continue
                if self.pick(x ^ guard, spare, sets - 1, runs, spans, k if sets > 1 else 0):
                    return True
        else:
            for k in range(at, len(self.runs)):
                _, use, size, span = self.runs[k]
                spare = left - size
                if spare < (runs - 1) * rules.run_min:
                    continue
                if self.apart and _touches(span, spans):
                    continue
                x = (rem | guard) - use
                if x & guard != guard:
                    continue
                more = tuple(sorted(spans + (span,))) if self.apart else spans
                if self.pick(x ^ guard, spare, 0, runs - 1, more, k):
                    return True
        if len(self.failed) > _MEMO_LIMIT:
            self.failed.clear()
        self.failed.add(state)
        return False

    def cover(self, rem: int, count: int, sets: int, runs: int, spans: tuple[_Span, ...]) -> bool:
        """Whether *sets* sets and *runs* runs take exactly the *count* cards of *rem*."""
        if not self.indexed:
            self._index()
        if not rem:
            return not sets and not runs
        if not sets and not runs:
            return False
        if sets + runs == 1:
            # The last meld takes exactly the cards left: look it up rather than search.
            for index, span in self.taking.get(rem, ()):
                kind = self.pool.groups[index].kind
                if kind == 0 and sets:
                    return True
                if kind == 1 and runs and not (self.apart and _touches(span, spans)):
                    return True
            return False
        state = (rem, sets, runs, spans)
        if state in self.failed:
            return False
        pool, rules = self.pool, self.rules
        width, guard = pool.width, pool.guard
        low = ((rem & -rem).bit_length() - 1) // width
        if low == _JOKER:
            return False  # only wild cards left, and a meld needs a natural card
        set_top = rules.set_max or pool.n_cards
        for index, span in self.starting.get(low, ()):
            group = pool.groups[index]
            if group.kind == 0:
                if not sets:
                    continue
                s, r = sets - 1, runs
            else:
                if not runs or (self.apart and _touches(span, spans)):
                    continue
                s, r = sets, runs - 1
            left = count - group.size
            if left < s * rules.set_min + r * rules.run_min or left > s * set_top + r * _LONGEST_RUN:
                continue
            x = (rem | guard) - group.use
            if x & guard != guard:
                continue
            more = tuple(sorted(spans + (span,))) if self.apart and group.kind == 1 else spans
            if self.cover(x ^ guard, left, s, r, more):
                return True
        if len(self.failed) > _MEMO_LIMIT:
            self.failed.clear()
        self.failed.add(state)
        return False


@lru_cache(maxsize=32)
def _completer(
    counts: tuple[int, ...], rules: _Rules, exact: bool, apart: bool, kinds: int = _BOTH
) -> _Completer:
    """One pool and one memo for a whole hand (the cards held plus those laid this turn)."""
    return _Completer(_pool(counts, rules, exact, kinds), rules, apart)


def _add4(a: int, b: int, c: int, d: int) -> int:
    return a + b + c + d


@lru_cache(maxsize=8192)
def _window_most(
    suit: tuple[int, ...], size: int, lo_bound: int, hi_bound: int, least: int, exact: bool
) -> int:
    """The most ranks held (*suit*: the counts of ace … king, the ace also high) in one *size*-rank window, or -1.

    Only windows holding at least *least* ranks count when *exact*.
    """
    held = [0] + [1 if n else 0 for n in suit] + [1 if suit[0] else 0]
    most = -1
    present = sum(held[lo_bound : lo_bound + size])
    for lo in range(lo_bound, hi_bound - size + 2):
        if lo > lo_bound:
            present += held[lo + size - 1] - held[lo - 1]
        if present > most and (present >= least or not exact):
            most = present
    return most


def _jokers_short(counts: Sequence[int], rules: _Rules, sets: int, runs: int, exact: bool) -> bool:
    """A necessary condition, from counts alone: do *sets* sets and *runs* runs need more jokers than held?

    A lower bound on the wild cards any such melds take: a set of rank R holds
    naturals of rank R only, so k sets of that rank take at least
    ``k * set_min - (naturals of R)`` wild cards; a run takes at least
    ``run_min`` minus the ranks held in its least-size window. Sets and runs
    sharing naturals is ignored, so the bound never exceeds the truth. Not
    used with wild ♠2s (a ♠2 is then natural or wild).
    """
    jokers = counts[rules.wild] if rules.wild != _NO_WILD else 0
    return _jokers_needed(counts, rules, sets, runs, exact, jokers) > jokers


_IMPOSSIBLE: Final = 1 << 30


def _jokers_needed(
    counts: Sequence[int], rules: _Rules, sets: int, runs: int, exact: bool, jokers: int
) -> int:
    """The lower bound of :func:`_jokers_short` (0 with wild ♠2s; above *jokers* once it exceeds them).

    More natural cards never raise it, so the bound of a hand holds for any
    part of it.
    """
    if rules.twos:
        return 0
    need = 0
    if sets:
        least = (rules.set_min + 1) // 2 if rules.at_most else 1
        marginal: list[int] = []
        for n in map(_add4, counts[0:13], counts[13:26], counts[26:39], counts[39:52]):
            if n < least:
                continue
            for k in range(1, n // least + 1):
                if k > sets:
                    break
                marginal.append(min(rules.set_min, max(0, k * rules.set_min - n)))
        if len(marginal) < sets:
            return _IMPOSSIBLE
        marginal.sort()
        need += sum(marginal[:sets])
        if need > jokers:
            return need
    if runs:
        least = (rules.run_min + 1) // 2 if rules.at_most else 1
        size = rules.run_min
        most = -1  # the most ranks held in one least-size window (that may hold a run)
        for suit in range(4):
            base = suit * 13
            best = _window_most(
                tuple(counts[base : base + 13]), size, rules.lo_bound, rules.hi_bound, least, exact
            )
            if best > most:
                most = best
                if most >= size:
                    break
        if most < 0:
            return _IMPOSSIBLE
        need += runs * (size - most)
    return need


def _complete(
    whole: tuple[int, ...],
    counts: tuple[int, ...],
    rules: _Rules,
    needs: tuple[int, int, tuple[_Span, ...]],
    exact: bool,
    final: bool,
    apart: bool,
    keep: int,
    packed: int = -1,
    kinds: int = _BOTH,
) -> bool:
    """Whether *needs* can be met from *counts* beside the melds laid (see :func:`can_complete_contract`).

    *packed*, when not -1, is *counts* already packed at the width of
    *whole*'s pool (the per-meld questions of :func:`contract_lay_test`
    find it by subtraction). *kinds*: the melds the pool needs to hold (the
    contract's kinds, so that every question about one hand shares it).
    """
    sets, runs, spans = needs
    n = sum(counts)
    if final:
        if keep > 0:
            return False
        if not sets and not runs:
            return n == 0
        if n < sets * rules.set_min + runs * rules.run_min or _cannot_cover(counts, rules, sets, runs):
            return False
        if not sets and not rules.twos and not (apart and spans):
            verdict = _one_run_per_suit(counts, rules, runs)
            if verdict is not None:
                return verdict
    elif n - keep < sets * rules.set_min + runs * rules.run_min:
        return False
    elif not sets and not runs:
        return True
    if final and _lazy_final(rules, apart, keep):
        return _cover_lazily(counts, rules, sets, runs)  # it bounds the jokers at every node
    if _jokers_short(counts, rules, sets, runs, exact):
        return False
    # Melds of the whole hand that fit in the cards held are exactly the melds of those cards.
    search = _completer(whole, rules, exact or not final, apart, kinds)
    rem = packed if packed >= 0 else _pack(counts, search.pool.width)
    if final:
        return search.cover(rem, n, sets, runs, spans)
    if search.pick(rem, n - keep, sets, runs, spans, 0):
        return True
    if exact or (not apart and _runs_shrink(rules.run_min, rules.at_most)):
        # Any sizes (all down at once): every longer meld holds a legal one of the least
        # size, so melds of the least sizes were enough, unless runs must stay apart.
        return False
    return _completer(whole, rules, False, apart, kinds).pick(rem, n - keep, sets, runs, spans, 0)


def _lazy_final(rules: _Rules, apart: bool, keep: int) -> bool:
    """Whether the last round's cover is searched without a pool: no ♠2 wild, runs not kept apart."""
    return not rules.twos and not apart and keep == 0


class _FinalLayTest:
    """The last round's test of one candidate meld: do the cards left cover the rest of the contract exactly?"""

    __slots__ = ("counts", "rules", "runs", "sets")

    def __init__(self, counts: tuple[int, ...], rules: _Rules, sets: int, runs: int) -> None:
        self.counts = counts
        self.rules = rules
        self.sets = sets
        self.runs = runs

    def test(self, meld: Meld) -> bool:
        is_set = meld.kind == "set"
        sets, runs = self.sets - is_set, self.runs - (not is_set)
        if sets < 0 or runs < 0:
            return False
        left = list(self.counts)
        for card in meld.cards:
            left[card.code] -= 1
        rest = tuple(left)
        return _complete(rest, rest, self.rules, (sets, runs, ()), False, True, False, 0)


def _cover_lazily(counts: tuple[int, ...], rules: _Rules, sets: int, runs: int) -> bool:
    """Whether *sets* sets and *runs* runs take every card of *counts* (no ♠2 wild): a search without a pool.

    The lowest natural card left must be the lowest natural of one of the
    melds, so only the melds it starts are tried, built as they are needed:
    a hand that bought many cards of one suit has tens of thousands of
    candidate runs, and listing them all costs far more than finding a
    cover. Answers are kept by the cards left (bounded).
    """
    key = (rules, counts, sets, runs)
    known = _COVERS.get(key)
    if known is not None:
        return known
    n = sum(counts)
    if (
        n < sets * rules.set_min + runs * rules.run_min
        or n > sets * (rules.set_max or 104) + runs * 13
        or _cannot_cover(counts, rules, sets, runs)
        or _jokers_short(counts, rules, sets, runs, False)
    ):
        found = False
    else:
        found = _cover_search(list(counts), rules, sets, runs)
    if len(_COVERS) >= _CACHE_LIMIT:
        _COVERS.popitem(last=False)  # the oldest answer: no call pays for emptying the whole table
    _COVERS[key] = found
    return found


#: Answers of :func:`_cover_lazily`, by (rules, cards left, sets, runs).
_COVERS: Final[OrderedDict[tuple[object, ...], bool]] = OrderedDict()


def _cover_search(counts: list[int], rules: _Rules, sets: int, runs: int) -> bool:
    if sets:
        first = next((code for code in range(52) if counts[code]), -1)
    else:
        # Runs only: each run keeps to one suit, so the lowest natural of any suit starts one;
        # the suit with the fewest natural cards left has the fewest runs to try.
        first, fewest = -1, 53
        for base in range(0, 52, 13):
            held = counts[base : base + 13]
            n = sum(held)
            if 0 < n < fewest:
                fewest = n
                first = base + next(i for i, k in enumerate(held) if k)
    jokers = counts[_JOKER] if rules.wild == _JOKER else 0
    if first < 0:
        return sets == 0 and runs == 0 and jokers == 0
    if sets == 0 and runs == 0:
        return False
    counts[first] -= 1
    try:
        for meld in _melds_from(counts, rules, first, jokers, sets > 0, runs > 0):
            is_set = meld[0]
            for code in meld[1]:
                counts[code] -= 1
            counts[_JOKER] -= meld[2]
            rest = tuple(counts)
            for code in meld[1]:
                counts[code] += 1
            counts[_JOKER] += meld[2]
            if _cover_lazily(rest, rules, sets - is_set, runs - (1 - is_set)):
                return True
        return False
    finally:
        counts[first] += 1


def _melds_from(
    counts: Sequence[int], rules: _Rules, first: int, jokers: int, sets: bool, runs: bool
) -> Iterator[tuple[int, tuple[int, ...], int]]:
    """The melds whose lowest natural card is *first* (already taken from *counts*): (is a set, other naturals, wild cards).

    Every natural card of its suit below *first* is gone (and, when sets are
    asked for, every natural card below it), so a set's other naturals are of
    later suits and a run's of higher ranks (or below an ace played high).
    """
    rank, suit = first % 13 + 1, first // 13
    at_most = rules.at_most
    if sets:
        most = rules.set_max or 52
        later = [rank - 1 + 13 * s for s in range(suit, 4)]
        choices = [range(min(counts[c], 1 if rules.distinct else counts[c]) + 1) for c in later]
        if rules.distinct:
            choices[0] = range(1)  # first is this suit's card already
        for picks in product(*choices):
            naturals = 1 + sum(picks)
            for wild in range(jokers + 1):
                size = naturals + wild
                if size < rules.set_min or size > most or (at_most and wild > naturals):
                    continue
                others = tuple(c for c, k in zip(later, picks) for _ in range(k))
                yield (1, others, wild)
    if not runs:
        return
    scales = [rank]
    if rank == 1:
        scales = [r for r in (1, 14) if rules.lo_bound <= r <= rules.hi_bound]
    base = suit * 13
    code_at = [base + (0 if p in (1, 14) else p - 1) for p in range(15)]
    # The places (ranks 1-14) with a natural card left; an ace already standing in the run
    # (first) cannot stand at its other end too.
    has = [p > 0 and not (rank == 1 and p in (1, 14)) and counts[code_at[p]] > 0 for p in range(15)]
    run_min = rules.run_min
    for at in scales:
        for lo in range(max(rules.lo_bound, at - 12), at + 1):
            below = [p for p in range(lo, at) if has[p]]
            above: list[int] = []
            for hi in range(at, min(rules.hi_bound, lo + 12) + 1):
                if hi > at and has[hi]:
                    above.append(hi)
                length = hi - lo + 1
                if length < run_min:
                    continue
                held = below + above
                # Each place without a natural takes a wild card; a held place may take either.
                if length - 1 - len(held) > jokers:
                    continue
                for k in range(len(held), -1, -1):
                    wild = length - 1 - k
                    if wild > jokers:
                        break
                    if at_most and wild > k + 1:
                        continue
                    for chosen in combinations(held, k):
                        yield (0, tuple(code_at[p] for p in chosen), wild)


def _runs_shrink(run_min: int, at_most: bool) -> bool:
    """Whether every legal run longer than *run_min* holds a legal run of *run_min* cards.

    Legal: a natural card, and with *at_most* no more wild cards than naturals. (A
    set always does: drop a wild card, or a natural when there is none.) The
    answers are those of :func:`_runs_shrink_by_search` (a test keeps them equal),
    written out: the search takes 13 ms, once per process.
    """
    return not at_most or run_min in (2, 4) or run_min >= 12


def _runs_shrink_by_search(run_min: int, at_most: bool) -> bool:
    """:func:`_runs_shrink` by trying every pattern of wild cards in every longer run."""
    for length in range(run_min + 1, _LONGEST_RUN + 1):
        for wild in range(1 << length):
            w = wild.bit_count()
            if w == length or (at_most and 2 * w > length):
                continue
            if not any(
                (wild >> start) & ((1 << run_min) - 1) != (1 << run_min) - 1
                and not (at_most and 2 * ((wild >> start) & ((1 << run_min) - 1)).bit_count() > run_min)
                for start in range(length - run_min + 1)
            ):
                return False
    return True


def _one_run_per_suit(counts: Sequence[int], rules: _Rules, runs: int) -> bool | None:
    """Whether *runs* runs take every card when the hand holds exactly *runs* suits, else ``None``.

    Then each suit is one run: its naturals of distinct ranks, the wild cards
    filling its gaps and padding it to ``run_min`` (at most 13 cards, and no
    more wild cards than naturals when the rules say so). The wild cards of
    the hand must share out exactly among the suits.
    """
    suits = [
        [rank for rank in range(1, 14) if counts[suit * 13 + rank - 1]]
        for suit in range(4)
        if any(counts[suit * 13 : suit * 13 + 13])
    ]
    wild = rules.wild
    if len(suits) != runs or (wild == _NO_WILD and counts[_JOKER]) or wild not in (_NO_WILD, _JOKER):
        return None
    if any(n > 1 for n in counts[:52]):
        return False  # a suit with a repeated card needs two runs
    wilds = counts[_JOKER] if wild == _JOKER else 0
    totals = {0}
    for ranks in suits:
        placings = []
        if ranks[0] != 1 or rules.lo_bound == 1:
            placings.append(ranks)
        if ranks[0] == 1 and rules.hi_bound == 14:
            placings.append(ranks[1:] + [14])
        reach: set[int] = set()
        for placed in placings:
            k = len(placed)
            span = placed[-1] - placed[0] + 1
            low = max(span - k, rules.run_min - k, 0)
            high = min(_LONGEST_RUN - k, k if rules.at_most else _LONGEST_RUN)
            if span <= _LONGEST_RUN:
                reach.update(range(low, high + 1))
        totals = {t + w for t in totals for w in reach if t + w <= wilds}
        if not totals:
            return False
    return wilds in totals


def _pack(counts: Sequence[int], width: int) -> int:
    total = 0
    for code, n in enumerate(counts):
        if n:
            total += n << (width * code)
    return total


def can_complete_contract(
    hand: Sequence[Card], laid: Sequence[Meld], round: int, ruleset: Ruleset, *, keep: int = 0
) -> bool:
    """Return whether melds from *hand* can complete round *round*'s contract beside *laid*.

    *laid* are the melds already laid toward the contract this turn, *hand*
    the cards still held. True when some further melds R from *hand* make
    ``check_contract([*laid, *R], round, ruleset)`` ok (in the last round of
    a ``last_contract_goes_out`` game, with the laid cards and *hand* as the
    hand, so R takes every card) while at least *keep* cards of *hand* stay
    out of R. When *laid* already fulfils the contract the answer is whether
    R = () works. A round the ruleset does not have raises
    :class:`~remi.RulesetError`, as in :func:`contract_layouts`.

    One existence search, stopping at the first way found; the candidate
    melds and the failed states are shared by every question about the same
    whole hand (*hand* plus the laid cards), so asking it once for each meld
    a seat could lay next costs little.

    >>> import remi
    >>> hand = remi.parse_cards("♠9 ♥9 ♦9 ♣5 ♣6 ♣7 ♣8 ♥K")
    >>> can_complete_contract(hand, [], 2, remi.NORWEGIAN, keep=1)
    True
    >>> laid = [remi.parse_meld("♠9 ♥9 ♦9")]
    >>> can_complete_contract(remi.parse_cards("♣5 ♣6 ♣7 ♥K"), laid, 2, remi.NORWEGIAN)
    False
    """
    contract = contract_for(round, ruleset)
    counts = _fast_counts(hand)
    _refuse_pack(counts, ruleset)
    needs = _laid_needs(tuple(laid), round, ruleset)
    if needs is None:
        return False
    if not needs[0] and not needs[1] and not laid:
        return False  # check_contract refuses a contract of no melds
    final = ruleset.last_contract_goes_out and round == len(ruleset.contracts)
    exact = not (final or ruleset.all_down_at_once)
    whole = list(counts)
    for code in needs[3]:
        whole[code] += 1
    _refuse_pack(whole, ruleset, "the hand and the melds laid")
    return _complete(
        tuple(whole),
        counts,
        _entry(ruleset).rules,
        needs[:3],
        exact,
        final,
        ruleset.same_suit_runs_apart,
        keep,
        kinds=_kind_mask(contract.sets, contract.runs),
    )


class _ExactLayTest:
    """:func:`contract_lay_test` before the last round, runs not kept apart: one search per distinct rest.

    What is left of the contract after the meld is a plain pick of least-size
    melds from the cards left (the count check first; the joker bound is
    skipped, the search answers exactly), remembered by the packed cards
    left and the meld's kind.
    """

    def __init__(
        self,
        search: _Completer,
        base: int,
        spare: int,
        sets: int,
        runs: int,
        jokers: int,
        needs: tuple[int, int],
    ) -> None:
        self.search = search
        self.wild = search.rules.wild
        self.jokers = jokers  # the wild cards held
        self.needs = needs  # the least wild cards the rest takes after a set, after a run
        self.width = search.pool.width
        self.base = base
        self.spare = spare  # the cards held less those that must stay in hand
        self.sets = sets
        self.runs = runs
        rules = search.rules
        self.least = (
            (sets - 1) * rules.set_min + runs * rules.run_min,
            sets * rules.set_min + (runs - 1) * rules.run_min,
        )
        self.answers: tuple[dict[int, bool], dict[int, bool]] = ({}, {})

    def test(self, meld: Meld) -> bool:
        if meld.kind == "set":
            if not self.sets:
                return False
            kind, sets, runs = 0, self.sets - 1, self.runs
        else:
            if not self.runs:
                return False
            kind, sets, runs = 1, self.sets, self.runs - 1
        packed = self.base
        width = self.width
        wild = self.wild
        spent = 0
        for card in meld.cards:
            code = card.code
            packed -= 1 << (width * code)
            if code == wild:
                spent += 1
        if self.needs[kind] > self.jokers - spent:
            return False  # the rest needs more wild cards than the meld leaves (a bound of the whole hand)
        answers = self.answers[kind]
        got = answers.get(packed)
        if got is None:
            left = self.spare - len(meld.cards)
            got = left >= self.least[kind] and (
                (not sets and not runs) or self.search.pick(packed, left, sets, runs, (), 0)
            )
            answers[packed] = got
        return got


def contract_lay_test(
    hand: Sequence[Card], laid: Sequence[Meld], round: int, ruleset: Ruleset, keep: int
) -> Callable[[Meld], bool] | None:
    """One question per candidate meld of *hand*, sharing the work: ``None`` when no meld can be laid.

    For a meld formed from *hand* (of a kind the contract still wants and, when
    sizes are exact, of the exact size), ``test(meld)`` equals
    ``can_complete_contract(hand - meld, [*laid, meld], round, ruleset, keep=keep)``.
    ``None`` says that the whole hand cannot complete the contract beside
    *laid*, so that no meld of it can.
    """
    contract = contract_for(round, ruleset)
    kinds = _kind_mask(contract.sets, contract.runs)
    needs = _laid_needs(tuple(laid), round, ruleset)
    if needs is None:
        return None
    sets, runs, spans, codes = needs
    if not sets and not runs:
        return None
    final = ruleset.last_contract_goes_out and round == len(ruleset.contracts)
    exact = not (final or ruleset.all_down_at_once)
    counts = _fast_counts(hand)
    whole_list = list(counts)
    for code in codes:
        whole_list[code] += 1
    whole = tuple(whole_list)
    rules = _entry(ruleset).rules
    apart = ruleset.same_suit_runs_apart
    if not _complete(whole, counts, rules, (sets, runs, spans), exact, final, apart, keep, kinds=kinds):
        return None

    # Melds taking the same cards (a wild card at either end of a run) leave the same
    # question; the spans of the runs laid matter only when runs of a suit stay apart.
    if final and _lazy_final(rules, apart, keep):
        return _FinalLayTest(counts, rules, sets, runs).test
    answers: dict[tuple[object, ...], bool] = {}
    search = _completer(whole, rules, exact or not final, apart, kinds)
    width = search.pool.width
    base = _pack(counts, width)
    if not final and not apart and (exact or _runs_shrink(rules.run_min, rules.at_most)):
        # What is left of the contract needs melds of the least sizes only (with all down
        # at once too: every longer meld holds a legal one of the least size), which the
        # search over the least-size pool answers exactly.
        jokers = counts[rules.wild] if rules.wild != _NO_WILD else 0
        least = (
            _jokers_needed(counts, rules, sets - 1, runs, exact, jokers) if sets else 0,
            _jokers_needed(counts, rules, sets, runs - 1, exact, jokers) if runs else 0,
        )
        return _ExactLayTest(search, base, sum(counts) - keep, sets, runs, jokers, least).test

    def test(meld: Meld) -> bool:
        rest = list(counts)
        packed = base
        for card in meld.cards:
            code = card.code
            rest[code] -= 1
            packed -= 1 << (width * code)
        if meld.kind == "set":
            if not sets:
                return False
            key: tuple[object, ...] = (0, *rest)
            got = answers.get(key)
            if got is None:
                got = answers[key] = _complete(
                    whole,
                    tuple(rest),
                    rules,
                    (sets - 1, runs, spans),
                    exact,
                    final,
                    apart,
                    keep,
                    packed,
                    kinds,
                )
            return got
        if not runs:
            return False
        span = (meld.suit, meld.low, meld.high)
        if apart and _touches(span, spans):
            return False
        more = tuple(sorted((*spans, span)))
        key = (1, more, *rest) if apart else (1, *rest)
        got = answers.get(key)
        if got is None:
            got = answers[key] = _complete(
                whole, tuple(rest), rules, (sets, runs - 1, more), exact, final, apart, keep, packed, kinds
            )
        return got

    return test


# -- least deadwood of a hand without wild cards or repeated cards: bit masks ---------------
#
# Most hands the engines ask about (every Gin hand) hold neither wild cards nor two
# copies of a card. Such a hand is a 52-bit mask, each candidate meld a sub-mask, and
# the least deadwood a search over masks: the lowest card is left over or melded.


_SUIT_BITS: Final = (1 << 13) - 1


@lru_cache(maxsize=64)
def _set_masks(set_min: int, set_max: int) -> tuple[tuple[int, ...], ...]:
    """For each 4-bit pattern of suits holding a rank, the suit patterns of its sets."""
    top = min(set_max or 4, 4)
    out = []
    for held in range(16):
        out.append(
            tuple(sub for sub in range(1, 16) if sub & held == sub and set_min <= sub.bit_count() <= top)
        )
    return tuple(out)


class _Masks:
    """The least deadwood of every part of one hand, from its candidate melds as masks."""

    def __init__(self, melds: dict[int, list[int]], values: Sequence[int]) -> None:
        self.melds = melds  # by lowest card code: the masks of the melds holding it as lowest
        self.values = values
        self.memo: dict[int, int] = {0: 0}

    def best(self, rem: int) -> int:
        got = self.memo.get(rem)
        if got is not None:
            return got
        bit = rem & -rem
        low = bit.bit_length() - 1
        top = self.values[low] + self.best(rem ^ bit)
        for meld in self.melds.get(low, ()):
            if meld & rem == meld:
                value = self.best(rem ^ meld)
                if value < top:
                    top = value
        self.memo[rem] = top
        return top


def _mask_melds(mask: int, rules: _Rules) -> dict[int, list[int]]:
    """Every candidate meld of the hand *mask* (no wild card, no repeated card), by lowest card."""
    melds: dict[int, list[int]] = {}
    suits = [(mask >> (13 * s)) & _SUIT_BITS for s in range(4)]
    # Sets: ranks held in set_min suits or more.
    a, b, c, d = suits
    if rules.set_min <= 4:
        patterns = _set_masks(rules.set_min, rules.set_max)
        enough = (a & b) | (a & c) | (a & d) | (b & c) | (b & d) | (c & d)
        while enough:
            bit = enough & -enough
            enough ^= bit
            rank = bit.bit_length() - 1
            held = (a >> rank & 1) | (b >> rank & 1) << 1 | (c >> rank & 1) << 2 | (d >> rank & 1) << 3
            for sub in patterns[held]:
                meld = 0
                for s in range(4):
                    if sub >> s & 1:
                        meld |= 1 << (13 * s + rank)
                low = (meld & -meld).bit_length() - 1
                melds.setdefault(low, []).append(meld)
    # Runs: windows of run_min to 13 ranks all held (bit r of a suit's line is rank r, 1-14).
    run_min = rules.run_min
    for s, held in enumerate(suits):
        if held.bit_count() < run_min - (1 if rules.hi_bound == 14 else 0):
            continue
        line = held << 1
        if rules.hi_bound == 14 and held & 1:
            line |= 1 << 14
        if rules.lo_bound == 2:
            line &= ~2
        starts = line
        for shift in range(1, run_min):
            starts &= line >> shift
        while starts:
            bit = starts & -starts
            starts ^= bit
            lo = bit.bit_length() - 1
            meld = 0
            for rank in range(lo, min(lo + _LONGEST_RUN, rules.hi_bound + 1)):
                if not line >> rank & 1:
                    break
                meld |= 1 << (13 * s + (0 if rank == 14 else rank - 1))
                if rank - lo + 1 >= run_min:
                    low = (meld & -meld).bit_length() - 1
                    melds.setdefault(low, []).append(meld)
    return melds


def _plain_mask(counts: Sequence[int], rules: _Rules) -> int:
    """The hand as a mask, or -1 when it holds a wild card or a card twice."""
    mask = 0
    for code in range(52):
        n = counts[code]
        if n:
            if n > 1:
                return -1
            mask |= 1 << code
    if counts[_JOKER] or (rules.wild != _NO_WILD and counts[rules.wild]):
        return -1
    return mask


def _hand_mask(hand: Hand, rules: _Rules) -> int:
    """The hand as a mask when it is a sequence of cards without wild or repeated cards, else -1."""
    mask = 0
    for card in hand:
        if type(card) is not Card:
            return -1
        bit = 1 << card.code
        if mask & bit:
            return -1
        mask |= bit
    if mask >> _JOKER or (rules.wild != _NO_WILD and mask >> rules.wild & 1):
        return -1
    return mask


def _loose_value(mask: int, values: Sequence[int]) -> tuple[int, int]:
    """The total and the largest value of the cards of *mask*."""
    total = top = 0
    while mask:
        bit = mask & -mask
        mask ^= bit
        value = values[bit.bit_length() - 1]
        total += value
        if value > top:
            top = value
    return total, top


_LANES: Final = 0x7FFE_7FFE_7FFE_7FFE  # ranks 1-14 in each 16-bit lane


def _meldable_mask(mask: int, rules: _Rules) -> int:
    """The cards of *mask* (no wild or repeated card) that some candidate meld takes, by bit operations.

    Runs are found in the four suits at once: suit s is the 16-bit lane s of
    one integer, bit r of a lane rank r (1-14); bits 0 and 15 of every lane
    stay clear, so no window of held ranks runs from one lane into the next.
    """
    a = mask & _SUIT_BITS
    b = (mask >> 13) & _SUIT_BITS
    c = (mask >> 26) & _SUIT_BITS
    d = mask >> 39
    need = rules.set_min
    if need <= 2:
        ranks = (a & b) | (a & c) | (a & d) | (b & c) | (b & d) | (c & d)
    elif need == 3:
        ranks = (a & b & c) | (a & b & d) | (a & c & d) | (b & c & d)
    elif need == 4:
        ranks = a & b & c & d
    else:
        ranks = 0
    out = 0
    if ranks:
        out = mask & (ranks | ranks << 13 | ranks << 26 | ranks << 39)
    lines = (a | b << 16 | c << 32 | d << 48) << 1
    if rules.hi_bound == 14:
        lines |= (lines & 0x0002_0002_0002_0002) << 13
    if rules.lo_bound == 2:
        lines &= ~0x0002_0002_0002_0002
    lines &= _LANES
    run_min = rules.run_min
    starts = lines
    for shift in range(1, run_min):
        starts &= lines >> shift
    if starts:
        covered = starts
        for shift in range(1, run_min):
            covered |= starts << shift
        covered |= (covered >> 13) & 0x0002_0002_0002_0002  # an ace high is the ace
        covered >>= 1
        out |= (
            (covered & _SUIT_BITS)
            | ((covered >> 16) & _SUIT_BITS) << 13
            | ((covered >> 32) & _SUIT_BITS) << 26
            | ((covered >> 48) & _SUIT_BITS) << 39
        )
    return out


def _mask_deadwood(mask: int, entry: _RulesEntry) -> int:
    memo = entry.deadwood
    got = memo.get(mask)
    if got is None:
        meldable = _meldable_mask(mask, entry.rules)
        got = _loose_value(mask & ~meldable, entry.values)[0]
        if meldable:
            got += _Masks(_mask_melds(meldable, entry.rules), entry.values).best(meldable)
        if len(memo) >= _CACHE_LIMIT:
            memo.clear()
        memo[mask] = got
    return got


def _mask_knock(mask: int, entry: _RulesEntry, limit: int) -> frozenset[Card]:
    memo = entry.knock
    key = (mask, limit)
    got = memo.get(key)
    if got is not None:
        return got
    values = entry.values
    # Cards no meld takes stay deadwood, bar the one discarded: most hands end here.
    meldable = _meldable_mask(mask, entry.rules)
    loose = mask & ~meldable
    stuck, top = _loose_value(loose, values)
    out: list[Card] = []
    if stuck - top <= limit:
        search = _Masks(_mask_melds(meldable, entry.rules), values)
        for code in _codes(mask):
            bit = 1 << code
            if loose & bit:
                if stuck - values[code] + search.best(meldable) <= limit:
                    out.append(_CARDS[code])
            elif stuck <= limit and stuck + search.best(meldable ^ bit) <= limit:
                out.append(_CARDS[code])
    got = frozenset(out)
    if len(memo) >= _CACHE_LIMIT:
        memo.clear()
    memo[key] = got
    return got


def _codes(mask: int) -> list[int]:
    out = []
    while mask:
        bit = mask & -mask
        mask ^= bit
        out.append(bit.bit_length() - 1)
    return out
