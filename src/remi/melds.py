"""Meld validators: sets and runs, what each joker stands for, lay-offs and joker swaps.

>>> from remi.melds import check_meld
>>> from remi.rulesets import NORWEGIAN
>>> check_meld("♠9 ♠9 ♠9", NORWEGIAN).code
'too-many-copies'

Melds: sets and runs, what each joker stands for, lay-offs and joker swaps.

Every check returns a :class:`Check` that says why; nothing here raises for
a bad meld (only for text that is not card notation).

>>> import remi
>>> result = remi.check_meld("♠2 JK ♠4 ♠5", remi.NORWEGIAN)
>>> result.ok, result.kind, str(result.meld)
(True, 'run', '♠2 JK=♠3 ♠4 ♠5')
>>> bad = remi.check_meld("♦K ♦A ♦2 ♦3", remi.NORWEGIAN)
>>> bad.code, bad.reason
('wraps-corner', 'A run never turns the corner: K-A-2 is not a run.')
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator, Mapping, Sequence
from itertools import product
from typing import Final, Literal

import attrs

from .cards import (
    CARD_CODE,
    RANKS,
    SPADE_TWO,
    SUITS,
    Card,
    parse_card,
    parse_cards,
    sorted_hand,
)
from .codes import CheckCode, ErrorCode, as_error_code
from .errors import MeldError, NotationError, StateError, require_language
from .messages import Message, and_list, msg, nmsg, params_of, render
from .rulesets import Ruleset, card_counts, pack_limits, pack_refusal, require_ruleset

__all__ = [
    "Meld",
    "Check",
    "MeldKind",
    "JokerEnd",
    "check_meld",
    "validate_meld",
    "check_layoff",
    "check_joker_swap",
    "parse_meld",
    "meld_points",
    "meld_sort_key",
    "is_wild",
]


MeldKind = Literal["set", "run"]
JokerEnd = Literal["high", "low"]

#: The two meld kinds, as the kind a refusal names.
_SET: Final = "set"
_RUN: Final = "run"


#: The permissive rules :func:`parse_meld` uses when no ruleset is given.
_NOTATION_RULES = Ruleset(
    name="meld notation",
    family="basic",
    decks=8,
    jokers=20,
    hand_size_by_players=((2, 20),),
    set_max=None,
    run_min=3,
    ace_low=True,
    ace_high=True,
    jokers_at_most_naturals=False,
    values={"ace": 1},
    rounds=1,
)


#: The notation rules for melds whose ♠2s are annotated as wild (the ♠2-wild variant).
_NOTATION_WILD_TWOS = attrs.evolve(_NOTATION_RULES, jokers=0, wild_spade_twos=True)


def rank_text(rank: int) -> str:
    """Return the rank symbol for a rank number on the 1–14 scale (14 is the high ace)."""
    return RANKS[1 if rank == 14 else rank]


def is_wild(card: Card, ruleset: Ruleset) -> bool:
    """Return whether *card* may stand in for another card under *ruleset*.

    >>> import remi, attrs
    >>> is_wild(Card("JK"), remi.NORWEGIAN), is_wild(Card("♠2"), remi.NORWEGIAN)
    (True, False)
    >>> is_wild(Card("♠2"), remi.with_variants(remi.NORWEGIAN, "spade twos wild"))
    True

    A joker in a game without jokers is refused (:class:`~remi.StateError`,
    code ``jokers-not-in-game``: docs/rules/gin.rst, gin-no-jokers).
    """
    if card.is_joker:
        if not pack_limits(ruleset)[1]:
            # docs/rules/gin.rst, gin-no-jokers: no joker is wild (nor anything else) in a game without jokers.
            raise StateError(
                "jokers-not-in-game",
                msg("{game} is played without jokers, so JK cannot be wild in it.", game=ruleset.name),
            )
        return True
    return ruleset.wild_spade_twos and card is SPADE_TWO


@attrs.frozen(cache_hash=True)
class Meld:
    """A set or run on the table: its cards in position order and what each wild card stands for.

    For a run, ``rank`` is the rank of the first (lowest) position on the scale
    1 (low ace) … 14 (high ace) and ``suit`` the suit index; for a set, ``rank``
    is the set's rank and ``suit`` is -1. ``wild[i]`` tells whether the card
    at position *i* stands in for another card.

    >>> m = parse_meld("♥J ♥Q ♥K ♥A")
    >>> m.kind, m.low, m.high, str(m)
    ('run', 11, 14, '♥J ♥Q ♥K ♥A')
    """

    kind: MeldKind
    cards: tuple[Card, ...]
    wild: tuple[bool, ...]
    rank: int
    suit: int = -1

    def __attrs_post_init__(self) -> None:
        problem = _shape_problem(self)
        if problem is not None:
            raise MeldError("malformed-meld", msg("Cannot build a Meld: {problem}", problem=problem))

    @property
    def low(self) -> int:
        """The lowest rank a run covers (1–14 scale); a set's rank."""
        return self.rank

    @property
    def high(self) -> int:
        """The highest rank a run covers (1–14 scale); a set's rank."""
        return self.rank + len(self.cards) - 1 if self.kind == "run" else self.rank

    @property
    def wild_count(self) -> int:
        """How many cards stand in for others."""
        return sum(self.wild)

    @property
    def natural_count(self) -> int:
        """How many cards stand as themselves."""
        return len(self.cards) - sum(self.wild)

    def stands_for(self, index: int) -> Card | int:
        """Return what position *index* stands for: a card in a run, a rank number in a set.

        >>> parse_meld("♠2 JK ♠4 ♠5").stands_for(1)
        Card('♠3')
        >>> parse_meld("♠Q ♥Q JK").stands_for(2)
        12
        """
        if self.kind == "set":
            return self.rank
        rank = self.rank + index
        return Card.of(1 if rank == 14 else rank, self.suit)

    def __str__(self) -> str:
        parts = []
        for index, (card, wild) in enumerate(zip(self.cards, self.wild)):
            if wild:
                target = self.stands_for(index)
                shown = str(target) if isinstance(target, Card) else RANKS[target]
                parts.append(f"{card}={shown}")
            else:
                parts.append(str(card))
        return " ".join(parts)

    def __len__(self) -> int:
        return len(self.cards)


#: The slot attrs keeps the meld's hash in (``cache_hash``): a meld made without ``__init__`` sets it
#: to ``None``, as ``__init__`` does, so that its hash is computed on first use.
HASH_SLOT: Final = next(
    name for name in vars(Meld)["__slots__"] if name not in attrs.fields_dict(Meld) and name != "__weakref__"
)
#: The setters of a meld's slots, in the order kind, cards, wild, rank, suit and its hash: what
#: :func:`trusted_meld` and the solver's bulk listings (``solver.candidates.melds_of_keys``) fill a
#: meld made by ``object.__new__`` with.
MELD_SLOT_SETTERS: Final = tuple(
    vars(Meld)[name].__set__ for name in ("kind", "cards", "wild", "rank", "suit", HASH_SLOT)
)
_new_meld: Final = object.__new__
_set_kind, _set_cards, _set_wild, _set_rank, _set_suit, _set_hash = MELD_SLOT_SETTERS


def trusted_meld(
    kind: MeldKind, cards: tuple[Card, ...], wild: tuple[bool, ...], rank: int, suit: int
) -> Meld:
    """``Meld(kind, cards, wild, rank, suit)`` without the shape checks: for melds well formed by construction.

    The solver's and the lay-off's own melds (a tuple of cards, one bool flag each, a
    rank and suit in range); the value equals the checked one.

    >>> trusted_meld("set", parse_meld("♠9 ♥9 ♦9").cards, (False,) * 3, 9, -1) == parse_meld("♠9 ♥9 ♦9")
    True
    """
    meld = _new_meld(Meld)
    _set_kind(meld, kind)
    _set_cards(meld, cards)
    _set_wild(meld, wild)
    _set_rank(meld, rank)
    _set_suit(meld, suit)
    _set_hash(meld, None)
    return meld


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


def _shape_problem(meld: Meld) -> Message | None:
    """Say what is wrong with the fields of *meld* (kinds, types, ranges), or ``None``."""
    problem = _field_type_problem(meld)
    if problem is not None:
        return problem
    if meld.kind == "set":
        return _set_shape_problem(meld.rank, meld.suit)
    return _run_shape_problem(len(meld.cards), meld.rank, meld.suit)


def _field_type_problem(meld: Meld) -> Message | None:
    kind, cards, wild, rank, suit = meld.kind, meld.cards, meld.wild, meld.rank, meld.suit
    if kind not in ("set", "run"):
        return msg("kind must be 'set' or 'run', not {kind!r}.", kind=kind)
    if not isinstance(cards, tuple) or not all(isinstance(c, Card) for c in cards):
        return msg("cards must be a tuple of Card values, not {cards!r:.80}.", cards=cards)
    if not isinstance(wild, tuple) or not all(isinstance(w, bool) for w in wild) or len(wild) != len(cards):
        return msg(
            "wild must be a tuple of one bool per card ({count}), not {wild!r:.80}.",
            count=len(cards),
            wild=wild,
        )
    if not _is_whole(rank):
        return msg("rank must be a whole number, not {rank!r:.40}.", rank=rank)
    if not _is_whole(suit):
        return msg("suit must be a whole number, not {suit!r:.40}.", suit=suit)
    return None


def _is_whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _set_shape_problem(rank: int, suit: int) -> Message | None:
    if not 1 <= rank <= 13:
        return msg("a set's rank must be from 1 (ace) to 13 (king), not {rank}.", rank=rank)
    if suit != -1:
        return msg("a set has no suit (-1), not {suit}.", suit=suit)
    return None


def _run_shape_problem(n: int, rank: int, suit: int) -> Message | None:
    if not 0 <= suit < len(SUITS):
        return msg("a run's suit must be from 0 to 3, not {suit}.", suit=suit)
    if rank < 1 or rank + max(n, 1) - 1 > 14:
        return nmsg(
            "a run of {n} card must start at a rank from 1 to {top} (14 is the high ace), not {rank}.",
            "a run of {n} cards must start at a rank from 1 to {top} (14 is the high ace), not {rank}.",
            n,
            top=15 - max(n, 1),
            rank=rank,
        )
    return None


def _check_kind(kind: object) -> None:
    if kind not in (None, "set", "run"):
        raise NotationError(
            "bad-kind", msg("kind must be 'set', 'run' or None, not {kind!r:.40}.", kind=kind)
        )


def _joker_not_in_game(cards: Iterable[Card], ruleset: Ruleset, kind: MeldKind | None) -> Check | None:
    """Refuse a joker in a game played without jokers (docs/rules/gin.rst, gin-no-jokers)."""
    if any(c.is_joker for c in cards) and not pack_limits(ruleset)[1]:
        return _fail("jokers-not-in-game", msg("{game} is played without jokers.", game=ruleset.name), kind)
    return None


def copies_problem(
    cards: Iterable[Card],
    ruleset: Ruleset,
    kind: MeldKind | None,
    what: str | None = None,
    many: bool = False,
) -> Check | None:
    """Refuse more copies of a card than the pack holds (docs/rules/index.rst, shared-copies).

    Without a table size, the pack is the largest the game uses: its most
    decks (:attr:`Ruleset.max_decks`) and its most jokers (the one check:
    :func:`~remi.rulesets.pack_refusal`). *what* names the cards in the reason
    (a :class:`~remi.Message`; ``None``: "this meld").
    """
    problem = pack_refusal(card_counts(cards), ruleset)
    if problem is None:
        return None
    return _fail(problem.code, problem.sentence(msg("this meld") if what is None else what, many=many), kind)


@attrs.frozen
class Check:
    """The verdict of a check: ``ok``, a stable ``code``, a one-sentence ``reason``.

    ``kind`` names the meld kind (``"set"``/``"run"``) for meld checks, and
    ``meld``/``melds`` hold the arranged melds when the check passed.
    ``points`` is the counted value for openings, ``freed`` the wild card a
    swap takes back. A check is truthy exactly when it is ``ok``.

    >>> import remi
    >>> bool(remi.check_meld("♠7 ♥7 ♦7", remi.NORWEGIAN))
    True
    """

    ok: bool
    code: CheckCode
    reason: str = ""
    kind: MeldKind | None = None
    meld: Meld | None = None
    melds: tuple[Meld, ...] = ()
    points: int | None = None
    freed: Card | None = None

    def __bool__(self) -> bool:
        return self.ok

    def __str__(self) -> str:
        """The verdict and its reason (``repr`` shows the fields).

        >>> import remi
        >>> print(remi.check_meld("♠7 ♠8 JK ♠10", remi.NORWEGIAN))
        ok: run ♠7 ♠8 JK=♠9 ♠10
        >>> print(remi.check_meld("♦K ♦A ♦2 ♦3", remi.NORWEGIAN))
        refused (wraps-corner): A run never turns the corner: K-A-2 is not a run.
        """
        if not self.ok:
            return f"refused ({self.code}): {self.reason}"
        parts = ["ok:"]
        if self.meld is not None:
            parts += [self.kind or self.meld.kind, str(self.meld)]
        elif self.melds:
            parts.append(" / ".join(map(str, self.melds)))
        if self.points is not None:
            parts.append(f"({self.points} points)")
        if self.freed is not None:
            parts.append(f"(frees {self.freed})")
        return " ".join(parts) if len(parts) > 1 else "ok"

    @property
    def params(self) -> Mapping[str, object]:
        """The values in the reason (cards, numbers, meld text), read-only; empty when passed.

        >>> import remi
        >>> dict(remi.check_meld("♠7 ♥8 ♦9", remi.SWEDISH).params)["cards"]
        (Card('♠7'), Card('♥8'), Card('♦9'))
        """
        return params_of(self.reason)

    def reason_in(self, lang: str) -> str:
        """The reason in *lang*, one of :data:`~remi.LANGUAGES`; ``reason_in("en") == reason``.

        >>> import remi
        >>> remi.check_meld("♠7 ♠8", remi.NORWEGIAN).reason_in("en")
        'A run needs at least 4 cards; this one has 2.'
        """
        return render(self.reason, require_language(lang))

    def require(self) -> Check:
        """Return this check if it passed; raise :class:`~remi.MeldError` with its reason if not.

        >>> import remi
        >>> remi.check_meld("♠7 ♥8 ♦9", remi.SWEDISH).require()
        Traceback (most recent call last):
        ...
        remi.MeldError: ♠7 ♥8 ♦9 is not a run: a run is of one suit, and this one mixes ♠, ♥ and ♦.
        """
        if not self.ok:
            raise MeldError(as_error_code(self.code), self.reason)
        return self


def _fail(code: ErrorCode, reason: Message, kind: MeldKind | None = None) -> Check:
    return Check(False, code, reason, kind)


def _ok(meld: Meld) -> Check:
    return Check(True, "ok", "", meld.kind, meld)


def _cards_of(cards: str | Iterable[Card | str] | Meld) -> tuple[Card, ...]:
    if isinstance(cards, Meld):
        return cards.cards
    return parse_cards(cards)


def _wild_cards(n: int, ruleset: Ruleset) -> Message:
    """*n* wild cards in words: jokers, or wild ♠2s where the ♠2s are the wild cards."""
    if ruleset.wild_spade_twos:
        return nmsg("{n} wild ♠2", "{n} wild ♠2s", n)
    return nmsg("{n} joker", "{n} jokers", n)


def _list_suits(indices: Iterable[int]) -> Message:
    return and_list([SUITS[i] for i in sorted(set(indices))])


# -- arranging loose cards ---------------------------------------------------------


def _ratio_check(naturals: int, wilds: int, ruleset: Ruleset, kind: MeldKind) -> Check | None:
    if wilds and naturals == 0:
        return _fail("no-natural-card", msg("A meld needs at least one natural card."), kind)
    if ruleset.jokers_at_most_naturals and wilds > naturals:
        # Two counts, both objects of "has": the natural cards in the sentence, the wild ones in an "and" phrase.
        if ruleset.wild_spade_twos:
            why = nmsg(
                "A meld needs at least as many natural cards as wild ♠2s; this one has {n} natural card {wilds}.",
                "A meld needs at least as many natural cards as wild ♠2s; this one has {n} natural cards {wilds}.",
                naturals,
                wilds=nmsg("and {n} wild ♠2", "and {n} wild ♠2s", wilds),
            )
        else:
            why = nmsg(
                "A meld needs at least as many natural cards as jokers; this one has {n} natural card {wilds}.",
                "A meld needs at least as many natural cards as jokers; this one has {n} natural cards {wilds}.",
                naturals,
                wilds=nmsg("and {n} joker", "and {n} jokers", wilds),
            )
        return _fail("too-many-jokers", why, kind)
    return None


def _arrange_set(naturals: Sequence[Card], wilds: Sequence[Card], ruleset: Ruleset) -> Check:
    n = len(naturals) + len(wilds)
    rank = naturals[0].rank
    if n < ruleset.set_min:
        return _fail(
            "too-short",
            msg("A set needs at least {least} cards; this one has {count}.", least=ruleset.set_min, count=n),
            _SET,
        )
    if ruleset.set_max is not None and n > ruleset.set_max:
        return _fail(
            "set-too-large",
            msg("A set holds at most {most} cards; this one has {count}.", most=ruleset.set_max, count=n),
            _SET,
        )
    if ruleset.distinct_suit_sets:
        if n > len(SUITS):
            return _fail(
                "set-too-large",
                msg(
                    "A set of distinct suits holds at most {most} cards; this one has {count}.",
                    most=len(SUITS),
                    count=n,
                ),
                _SET,
            )
        counts = Counter(c.suit_index for c in naturals)
        repeated = [s for s, k in counts.items() if k > 1]
        if repeated:
            return _fail(
                "repeated-suit",
                msg(
                    "A set must be of distinct suits here, and this one holds two {suit} cards.",
                    suit=SUITS[repeated[0]],
                ),
                _SET,
            )
    bad = _ratio_check(len(naturals), len(wilds), ruleset, "set")
    if bad is not None:
        return bad
    cards = sorted_hand(naturals) + tuple(wilds)
    wild = (False,) * len(naturals) + (True,) * len(wilds)
    return _ok(Meld("set", cards, wild, rank))


def _run_bounds(ruleset: Ruleset) -> tuple[int, int]:
    return (1 if ruleset.ace_low else 2), (14 if ruleset.ace_high else 13)


#: A run holds at most one card of each rank: the ace is low or high, never both (docs/rules/index.rst, shared-run).
RUN_MAX: Final = 13


def _too_long(n: int) -> Check:
    return _fail(
        "run-too-long",
        msg(
            "A run holds at most {most} cards (the ace is low or high, never both); this one has {count}.",
            most=RUN_MAX,
            count=n,
        ),
        _RUN,
    )


def _run_too_short(n: int, ruleset: Ruleset) -> Check:
    return _fail(
        "too-short",
        msg("A run needs at least {least} cards; this one has {count}.", least=ruleset.run_min, count=n),
        _RUN,
    )


def _ace_low_only(ruleset: Ruleset) -> Check:
    return _fail(
        "ace-high-not-allowed",
        msg("In {game} the ace is low only, so it cannot sit above the king.", game=ruleset.name),
        _RUN,
    )


def _not_one_rank(naturals: Sequence[Card]) -> Check:
    return _fail(
        "mixed-ranks", msg("{cards} is not a set: a set is of one rank.", cards=tuple(naturals)), _SET
    )


def _arrange_run(
    naturals: Sequence[Card], wilds: Sequence[Card], ruleset: Ruleset, joker_end: JokerEnd
) -> Check:
    bad = _run_cards_problem(naturals, wilds, ruleset)
    if bad is not None:
        return bad
    n = len(naturals) + len(wilds)
    ranks = [c.rank for c in naturals]
    mappings = _ace_mappings(ranks, ruleset)
    lo_bound, hi_bound = _run_bounds(ruleset)
    for rs in mappings:
        lo = _place(rs, len(wilds), n, lo_bound, hi_bound, joker_end)
        if lo is not None:
            return _ok(_build_run(naturals, wilds, naturals[0].suit_index, lo, n))
    return _run_refusal(naturals, len(wilds), ruleset, joker_end, mappings)


def _run_cards_problem(naturals: Sequence[Card], wilds: Sequence[Card], ruleset: Ruleset) -> Check | None:
    """Refuse cards that are no run wherever they go: suits, repeats, length, jokers."""
    suits = {c.suit_index for c in naturals}
    n = len(naturals) + len(wilds)
    if len(suits) > 1:
        return _fail(
            "mixed-suits",
            msg(
                "{cards} is not a run: a run is of one suit, and this one mixes {suits}.",
                cards=tuple(naturals),
                suits=_list_suits(suits),
            ),
            _RUN,
        )
    counts = Counter(c.rank for c in naturals)
    for rank, k in counts.items():
        if k > 1:
            return _fail(
                "duplicate-in-run",
                msg("A run cannot hold {card} twice.", card=Card.of(rank, naturals[0].suit_index)),
                _RUN,
            )
    if n < ruleset.run_min:
        return _run_too_short(n, ruleset)
    bad = _ratio_check(len(naturals), len(wilds), ruleset, "run")
    if bad is not None:
        return bad
    return _too_long(n) if n > RUN_MAX else None


def _ace_mappings(ranks: Sequence[int], ruleset: Ruleset) -> list[list[int]]:
    """The sorted ranks of a run's naturals with the ace low, high, or both, as the ruleset allows."""
    if 1 not in ranks:
        return [sorted(ranks)]
    mappings: list[list[int]] = []
    if ruleset.ace_low:
        mappings.append(sorted(ranks))
    if ruleset.ace_high:
        mappings.append(sorted(14 if r == 1 else r for r in ranks))
    return mappings


def _run_refusal(
    naturals: Sequence[Card], w: int, ruleset: Ruleset, joker_end: JokerEnd, mappings: list[list[int]]
) -> Check:
    """Explain as precisely as we can why *naturals* and *w* wild cards fit no run."""
    ranks = [c.rank for c in naturals]
    n = len(naturals) + w
    if _wraps(ranks, w):
        return _fail("wraps-corner", msg("A run never turns the corner: K-A-2 is not a run."), _RUN)
    if 1 in ranks:
        bad = _ace_side_problem(ranks, w, n, ruleset, joker_end)
        if bad is not None:
            return bad
    rs = mappings[0]  # never empty: a Ruleset lets the ace be low, high or both
    gaps = rs[-1] - rs[0] + 1 - len(rs)
    if gaps > w:
        return _gap_refusal(naturals, rs, w, ruleset)
    if not ruleset.ace_high and 1 not in ranks and rs[-1] == 13:
        return _fail(
            "ace-high-not-allowed",
            msg("In {game} the ace is low only, so a run cannot go past the king.", game=ruleset.name),
            _RUN,
        )
    return _fail(
        "run-too-long",
        nmsg(
            "A run of {n} card does not fit between the lowest and highest rank.",
            "A run of {n} cards does not fit between the lowest and highest rank.",
            n,
        ),
        _RUN,
    )


def _ace_side_problem(
    ranks: Sequence[int], w: int, n: int, ruleset: Ruleset, joker_end: JokerEnd
) -> Check | None:
    """Refuse a run that would fit with the ace at the end this ruleset forbids."""
    high = sorted(14 if r == 1 else r for r in ranks)
    if not ruleset.ace_high and _place(high, w, n, 1, 14, joker_end) is not None:
        return _ace_low_only(ruleset)
    if not ruleset.ace_low and _place(sorted(ranks), w, n, 1, 14, joker_end) is not None:
        return _fail(
            "ace-low-not-allowed",
            msg("In {game} the ace is high only, so it cannot sit below the two.", game=ruleset.name),
            _RUN,
        )
    return None


def _gap_refusal(naturals: Sequence[Card], rs: Sequence[int], w: int, ruleset: Ruleset) -> Check:
    """Refuse a run whose ranks *rs* leave more holes than *w* wild cards can fill."""
    text = tuple(naturals)
    suit = naturals[0].suit_index
    missing = [r for r in range(rs[0], rs[-1] + 1) if r not in rs]
    shown = tuple(Card.of(1 if r == 14 else r, suit) for r in missing)
    if w == 0:
        return _fail(
            "gap", msg("{cards} is not a run: {missing} is missing.", cards=text, missing=shown), _RUN
        )
    return _fail(
        "gap",
        msg(
            "{cards} is not a run: it is missing {missing}, more than {wilds} can fill.",
            cards=text,
            missing=shown,
            wilds=_wild_cards(w, ruleset),
        ),
        _RUN,
    )


def _place(
    rs: Sequence[int], w: int, n: int, lo_bound: int, hi_bound: int, joker_end: JokerEnd
) -> int | None:
    span = rs[-1] - rs[0] + 1
    if span - len(rs) > w:
        return None
    lo_min = max(lo_bound, rs[-1] - n + 1)
    lo_max = min(rs[0], hi_bound - n + 1)
    if lo_min > lo_max:
        return None
    return lo_max if joker_end == "high" else lo_min


def _wraps(ranks: Sequence[int], w: int) -> bool:
    """Whether the ranks would form a run only by going K-A-2 (not on the straight A…A line)."""
    if not ranks:
        return False
    n = len(ranks) + w
    if n > RUN_MAX or len(set(ranks)) != len(ranks):
        return False
    low = sorted(ranks)
    high = sorted(14 if r == 1 else r for r in ranks)
    if _place(low, w, n, 1, 14, "high") is not None or _place(high, w, n, 1, 14, "high") is not None:
        return False
    # A window of n ranks on the circle K-A-2 that holds every card and passes K, A and 2.
    for start in range(1, 14):
        if start + n - 1 >= 15 and all((r - start) % 13 < n for r in ranks):
            return True
    return False


def _build_run(naturals: Sequence[Card], wilds: Sequence[Card], suit: int, lo: int, n: int) -> Meld:
    by_rank: dict[int, Card] = {}
    for card in naturals:
        rank = card.rank
        if rank == 1 and not (lo <= 1 < lo + n):
            rank = 14
        by_rank[rank] = card
    spare = list(wilds)
    cards: list[Card] = []
    wild: list[bool] = []
    for rank in range(lo, lo + n):
        natural = by_rank.get(rank)
        if natural is None:
            cards.append(spare.pop())
            wild.append(True)
        else:
            cards.append(natural)
            wild.append(False)
    return Meld("run", tuple(cards), tuple(wild), lo, suit)


def meld_shapes(cards: Sequence[Card], wild_card: Card, twos_wild: bool) -> list[Meld]:
    """Every well-formed meld made of exactly *cards*, before any ruleset's limits.

    A set holds its natural cards by code, then the wild cards; a run holds
    the natural card of each rank and a wild card elsewhere, with spare wild
    cards at either end and an ace low or high. *wild_card* is the joker, or
    the ♠2 when *twos_wild* (then each ♠2 may also be itself). The caller
    keeps the shapes its ruleset accepts (:func:`validate_meld`, or the
    action catalogue's numbering).

    >>> [str(m) for m in meld_shapes(parse_cards("♠5 ♠6 JK"), parse_card("JK"), False)]
    ['JK=♠4 ♠5 ♠6', '♠5 ♠6 JK=♠7']
    """
    wc = wild_card
    n_wild = sum(1 for c in cards if c is wc)
    others = [c for c in cards if c is not wc]
    out: list[Meld] = []
    for nat in range(n_wild + 1) if twos_wild else (0,):
        naturals = sorted([*others, *([wc] * nat)], key=CARD_CODE)
        w = n_wild - nat
        if not naturals or any(c.is_joker for c in naturals):
            continue
        if len({c.rank for c in naturals}) == 1:
            meld = _meld_or_none(
                "set", (*naturals, *([wc] * w)), (False,) * len(naturals) + (True,) * w, naturals[0].rank, -1
            )
            if meld is not None:
                out.append(meld)
        if len({c.suit_index for c in naturals}) == 1 and len(naturals) + w <= RUN_MAX:
            out += _run_shapes(naturals, w, wc)
    return out


def _run_shapes(naturals: list[Card], w: int, wc: Card) -> list[Meld]:
    """The runs of *naturals* (one suit, by code) and *w* copies of the wild card *wc*.

    Each ace may be low or high; the wild cards fill the gaps and the spare ones go at either end.
    """
    length = len(naturals) + w
    suit = naturals[0].suit_index
    out: list[Meld] = []
    options = [(1, 14) if c.rank == 1 else (c.rank,) for c in naturals]
    for mapping in product(*options):
        ranks = sorted(mapping)
        if len(set(ranks)) != len(ranks):
            continue
        gaps = ranks[-1] - ranks[0] + 1 - len(ranks)
        if gaps > w:
            continue
        extra = w - gaps
        for low in range(max(1, ranks[0] - extra), min(ranks[0], 15 - length) + 1):
            at = {r - low: card for r, card in zip(mapping, naturals)}
            meld = _meld_or_none(
                _RUN,
                tuple(at.get(i, wc) for i in range(length)),
                tuple(i not in at for i in range(length)),
                low,
                suit,
            )
            if meld is not None:
                out.append(meld)
    return out


def _meld_or_none(
    kind: MeldKind, cards: tuple[Card, ...], wild: tuple[bool, ...], rank: int, suit: int
) -> Meld | None:
    try:
        return Meld(kind, cards, wild, rank, suit)
    except MeldError:
        return None


def _split_wild(cards: Sequence[Card], ruleset: Ruleset) -> tuple[list[Card], list[Card], int]:
    """Split into naturals, jokers and the number of ♠2s that may go either way."""
    naturals: list[Card] = []
    jokers: list[Card] = []
    flexible = 0
    for card in cards:
        if card.is_joker:
            jokers.append(card)
        elif ruleset.wild_spade_twos and card is SPADE_TWO:
            flexible += 1
        else:
            naturals.append(card)
    return naturals, jokers, flexible


def _arrange(
    naturals: list[Card],
    wilds: list[Card],
    ruleset: Ruleset,
    kind: MeldKind | None,
    joker_end: JokerEnd,
) -> Check:
    n = len(naturals) + len(wilds)
    if not naturals:
        if n < min(ruleset.set_min, ruleset.run_min):
            return _fail(
                "too-short",
                msg(
                    "A meld needs at least {least} cards; this one has {count}.",
                    least=min(ruleset.set_min, ruleset.run_min),
                    count=n,
                ),
                kind,
            )
        return _fail("no-natural-card", msg("A meld needs at least one natural card."), kind)
    same_rank = all(c.rank == naturals[0].rank for c in naturals)
    if kind == "set":
        if not same_rank:
            return _not_one_rank(naturals)
        return _arrange_set(naturals, wilds, ruleset)
    if kind == "run":
        return _arrange_run(naturals, wilds, ruleset, joker_end)
    if same_rank:
        as_set = _arrange_set(naturals, wilds, ruleset)
        if as_set.ok or len(naturals) > 1:
            return as_set
        as_run = _arrange_run(naturals, wilds, ruleset, joker_end)
        return as_run if as_run.ok else as_set
    same_suit = all(c.suit_index == naturals[0].suit_index for c in naturals)
    if same_suit:
        return _arrange_run(naturals, wilds, ruleset, joker_end)
    distinct_ranks = len({c.rank for c in naturals}) == len(naturals)
    if distinct_ranks:
        return _arrange_run(naturals, wilds, ruleset, joker_end)
    return _fail(
        "not-a-meld",
        msg("{cards} is neither a set (one rank) nor a run (one suit in sequence).", cards=tuple(naturals)),
    )


def check_meld(
    cards: str | Iterable[Card | str] | Meld,
    ruleset: Ruleset,
    *,
    kind: MeldKind | None = None,
    joker_end: JokerEnd = "high",
) -> Check:
    """Check whether *cards* form a legal meld under *ruleset*, and arrange them.

    The order of *cards* never changes the verdict. *kind* forces ``"set"``
    or ``"run"`` where a meld could be read both ways; *joker_end* says at
    which end of a run a joker goes when either end would be legal (docs/rules/index.rst, shared-joker-end:
    default high). A :class:`Meld` is re-validated as it lies.

    >>> import remi
    >>> remi.check_meld("♠7 ♠8 ♠9 JK", remi.NORWEGIAN).meld.stands_for(3)
    Card('♠10')
    >>> remi.check_meld("♠7 ♠8 ♠9 JK", remi.NORWEGIAN, joker_end="low").meld.stands_for(0)
    Card('♠6')
    >>> r = remi.check_meld("♠Q ♠K ♠A", remi.SWEDISH)
    >>> r.ok, r.code
    (False, 'ace-high-not-allowed')
    """
    require_ruleset(ruleset)
    _check_kind(kind)
    if joker_end not in ("high", "low"):
        raise NotationError(
            "bad-end", msg("joker_end must be 'high' or 'low', not {end!r:.40}.", end=joker_end)
        )
    if isinstance(cards, Meld):
        return validate_meld(cards, ruleset)
    hand = _cards_of(cards)
    if not hand:
        return _fail("empty", msg("A meld needs cards; none were given."), kind)
    jokerless = _joker_not_in_game(hand, ruleset, kind)
    if jokerless is not None:
        return jokerless
    result = _check_cards(hand, ruleset, kind, joker_end)
    if result.ok:
        too_many = copies_problem(hand, ruleset, result.kind)
        return result if too_many is None else too_many
    return result


def _check_cards(
    hand: tuple[Card, ...], ruleset: Ruleset, kind: MeldKind | None, joker_end: JokerEnd
) -> Check:
    naturals, jokers, flexible = _split_wild(hand, ruleset)
    if not flexible:
        return _arrange(naturals, jokers, ruleset, kind, joker_end)
    # ♠2s may stand as themselves or as wild cards: prefer as few wild as works.
    first = _arrange(naturals + [SPADE_TWO] * flexible, jokers, ruleset, kind, joker_end)
    if first.ok:
        return first
    for as_wild in range(1, flexible + 1):
        attempt = _arrange(
            naturals + [SPADE_TWO] * (flexible - as_wild),
            jokers + [SPADE_TWO] * as_wild,
            ruleset,
            kind,
            joker_end,
        )
        if attempt.ok:
            return attempt
        if first.code in ("not-a-meld", "mixed-suits", "mixed-ranks"):
            first = attempt
    return first


def validate_meld(meld: Meld, ruleset: Ruleset) -> Check:
    """Check an already arranged :class:`Meld` (positions and wild cards as given).

    >>> import remi
    >>> validate_meld(parse_meld("♠2 JK=♠3 ♠4 ♠5"), remi.NORWEGIAN).ok
    True
    """
    require_ruleset(ruleset)
    if not isinstance(meld, Meld):
        return _fail("not-a-meld", msg("Expected a Meld, got {type}.", type=type(meld).__name__))
    result = _validate(meld, ruleset)
    if result.ok:
        too_many = copies_problem(meld.cards, ruleset, meld.kind)
        return result if too_many is None else too_many
    return result


def _validate(meld: Meld, ruleset: Ruleset) -> Check:
    n = len(meld.cards)
    if n == 0 or len(meld.wild) != n:
        return _fail("malformed-meld", msg("The meld's cards and wild flags do not match."), meld.kind)
    jokerless = _joker_not_in_game(meld.cards, ruleset, meld.kind)
    if jokerless is not None:
        return jokerless
    split = _split_marked(meld, ruleset)
    if isinstance(split, Check):
        return split
    naturals, wilds = split
    if meld.kind == "set":
        return _validate_set(meld, naturals, wilds, ruleset)
    # A Meld's kind, suit and rank range were checked when it was built.
    bad = _run_range_problem(meld, ruleset)
    if bad is None:
        bad = _position_problem(meld)
    if bad is not None:
        return bad
    if n < ruleset.run_min:
        return _run_too_short(n, ruleset)
    bad = _ratio_check(len(naturals), len(wilds), ruleset, "run")
    return _ok(meld) if bad is None else bad


def _split_marked(meld: Meld, ruleset: Ruleset) -> tuple[list[Card], list[Card]] | Check:
    """Split *meld*'s cards into naturals and wild cards as marked, refusing a wrong mark."""
    naturals: list[Card] = []
    wilds: list[Card] = []
    for card, wild in zip(meld.cards, meld.wild):
        if wild and not is_wild(card, ruleset):
            return _fail("not-wild", msg("{card} cannot stand in for another card.", card=card), meld.kind)
        if not wild and card.is_joker:
            return _fail("malformed-meld", msg("A joker must be marked as wild."), meld.kind)
        (wilds if wild else naturals).append(card)
    return naturals, wilds


def _validate_set(meld: Meld, naturals: list[Card], wilds: list[Card], ruleset: Ruleset) -> Check:
    if not naturals:
        return _fail("no-natural-card", msg("A meld needs at least one natural card."), _SET)
    if any(c.rank != meld.rank for c in naturals):
        return _not_one_rank(naturals)
    result = _arrange_set(naturals, wilds, ruleset)
    return _ok(meld) if result.ok else result


def _run_range_problem(meld: Meld, ruleset: Ruleset) -> Check | None:
    """Refuse a run longer than a suit or reaching past the ranks *ruleset* allows."""
    n = len(meld.cards)
    lo_bound, hi_bound = _run_bounds(ruleset)
    if n > RUN_MAX:
        return _too_long(n)
    top = meld.rank + n - 1
    if meld.rank >= lo_bound and top <= hi_bound:
        return None
    if top > hi_bound and hi_bound == 13 and top == 14:
        return _ace_low_only(ruleset)
    return _fail(
        "run-off-the-end",
        nmsg(
            "A run from {rank} with {n} card runs past the end of the suit.",
            "A run from {rank} with {n} cards runs past the end of the suit.",
            n,
            rank=rank_text(meld.rank),
        ),
        _RUN,
    )


def _position_problem(meld: Meld) -> Check | None:
    """Refuse a natural card that is not the card its position in the run stands for."""
    for index, (card, wild) in enumerate(zip(meld.cards, meld.wild)):
        if wild:
            continue
        want = meld.stands_for(index)
        if card is not want:
            return _fail(
                "wrong-position",
                msg("{card} cannot stand where the run needs {want}.", card=card, want=want),
                _RUN,
            )
    return None


# -- lay-offs and swaps ---------------------------------------------------------------------


def check_layoff(
    meld: Meld,
    cards: str | Iterable[Card | str],
    ruleset: Ruleset,
    *,
    end: JokerEnd | None = None,
) -> Check:
    """Check laying *cards* off onto the table *meld*; the extended meld is in ``.meld``.

    Cards go onto a run at either end (a joker goes to *end*, high by
    default); onto a set they must match its rank. The naturals-versus-jokers
    rule is checked on the result (docs/rules/norwegian.rst, norwegian-melds).

    >>> import remi
    >>> run = remi.check_meld("♠5 ♠6 ♠7 ♠8", remi.NORWEGIAN).meld
    >>> str(remi.check_layoff(run, "♠4 ♠9", remi.NORWEGIAN).meld)
    '♠4 ♠5 ♠6 ♠7 ♠8 ♠9'
    >>> remi.check_layoff(run, "♠J", remi.NORWEGIAN).code
    'does-not-fit'
    """
    require_ruleset(ruleset)
    if end not in (None, "high", "low"):
        raise NotationError("bad-end", msg("end must be 'high', 'low' or None, not {end!r:.40}.", end=end))
    if not isinstance(meld, Meld):
        return _fail(
            "not-a-meld", msg("Expected a Meld to lay off onto, got {type}.", type=type(meld).__name__)
        )
    new = _cards_of(cards)
    if not new:
        return _fail("empty", msg("Nothing was given to lay off."), meld.kind)
    jokerless = _joker_not_in_game(new, ruleset, meld.kind)
    if jokerless is not None:
        return jokerless
    bad = _illegal_table_meld(meld, ruleset)
    if bad is not None:
        return bad
    return layoff_on_legal(meld, new, ruleset, end or "high")


def layoff_on_legal(meld: Meld, new: Sequence[Card], ruleset: Ruleset, end: JokerEnd) -> Check:
    """:func:`check_layoff` onto a *meld* known to be legal (the engine's table melds): no re-check of it.

    *new* are cards (not text) and not empty; *end* is ``"high"`` or ``"low"``.
    One natural card or joker that fits is placed directly (:func:`_one_card_fits`).
    """
    if len(new) == 1:
        placed = _one_card_fits(meld, new[0], ruleset, end)
        if placed is not None:
            return _ok(placed)
    return layoff_on_legal_in_full(meld, new, ruleset, end)


def layoff_on_legal_in_full(meld: Meld, new: Sequence[Card], ruleset: Ruleset, end: JokerEnd) -> Check:
    """:func:`layoff_on_legal` by arranging every card (the oracle its one-card path is tested against)."""
    if meld.kind == "set":
        result = _layoff_set(meld, new, ruleset)
    else:
        result = _layoff_run(meld, new, ruleset, end)
    if result.ok and result.meld is not None:
        too_many = copies_problem(result.meld.cards, ruleset, meld.kind)
        return result if too_many is None else too_many
    return result


def _one_card_fits(meld: Meld, card: Card, ruleset: Ruleset, end: JokerEnd) -> Meld | None:
    """The meld one natural card or joker makes laid off on the legal *meld*, where it plainly fits; else ``None``.

    ``None`` leaves the answer to :func:`layoff_on_legal_in_full`: a wild ♠2 (natural
    or wild), a card whose copies in the meld are all the pack holds (docs/rules/index.rst,
    shared-copies), a card that does not fit, a set grown past its size or suits,
    a joker past the natural cards where they must be at least as many. A natural
    card adds a natural, so the meld's ratio of wild cards stays legal.
    """
    decks, jokers = pack_limits(ruleset)
    if card.is_joker:
        if _copies(meld.cards, card) >= jokers or _too_wild(meld, ruleset):
            return None
        if meld.kind == "set":
            return _card_on_set(meld, card, ruleset, True)
        return _joker_on_run(meld, card, ruleset, end)
    if (ruleset.wild_spade_twos and card is SPADE_TWO) or _copies(meld.cards, card) >= decks:
        return None
    if meld.kind == "set":
        return _card_on_set(meld, card, ruleset, False) if card.rank == meld.rank else None
    return _natural_on_run(meld, card, ruleset, end)


def _copies(cards: Iterable[Card], card: Card) -> int:
    """How many of *cards* are *card* (cards are interned: one object per card)."""
    held = 0
    for other in cards:
        if other is card:
            held += 1
    return held


def _too_wild(meld: Meld, ruleset: Ruleset) -> bool:
    """Whether one more wild card would outnumber *meld*'s natural cards where the rules forbid it."""
    wilds = sum(meld.wild) + 1
    return ruleset.jokers_at_most_naturals and wilds > len(meld.cards) + 1 - wilds


def _card_on_set(meld: Meld, card: Card, ruleset: Ruleset, wild: bool) -> Meld | None:
    """:func:`_one_card_fits` on a set: a card of its rank or a joker, within its size and, where kept, its suits."""
    cards = meld.cards
    count = len(cards) + 1
    if ruleset.set_max is not None and count > ruleset.set_max:
        return None
    if ruleset.distinct_suit_sets and (
        count > len(SUITS) or any(c.suit_index == card.suit_index for c in cards)
    ):
        return None
    return trusted_meld("set", (*cards, card), (*meld.wild, wild), meld.rank, -1)


def _joker_on_run(meld: Meld, card: Card, ruleset: Ruleset, end: JokerEnd) -> Meld | None:
    """:func:`_one_card_fits` of a joker on a run: at *end*, or at the other end where *end* has no room."""
    cards, wild, low = meld.cards, meld.wild, meld.rank
    count = len(cards) + 1
    if count > RUN_MAX:
        return None
    lo_bound, hi_bound = _run_bounds(ruleset)
    above = low + count - 1 <= hi_bound
    below = low - 1 >= lo_bound
    if above and not (below and end == "low"):
        return trusted_meld("run", (*cards, card), (*wild, True), low, meld.suit)
    if below:
        return trusted_meld("run", (card, *cards), (True, *wild), low - 1, meld.suit)
    return None


def _natural_on_run(meld: Meld, card: Card, ruleset: Ruleset, end: JokerEnd) -> Meld | None:
    """:func:`_one_card_fits` of a natural card on a run: the card of its suit at a free end (the high end first, or the low).

    Only an ace may fit both ends: it goes high, or low with *end* ``"low"``.
    """
    cards, wild, low = meld.cards, meld.wild, meld.rank
    count = len(cards) + 1
    if card.suit_index != meld.suit or count > RUN_MAX:
        return None
    high = low + count - 2  # the run's highest rank
    lo_bound, hi_bound = _run_bounds(ruleset)
    above = high + 1 <= hi_bound and (card.rank == high + 1 or (card.rank == 1 and high == 13))
    below = low - 1 >= lo_bound and card.rank == low - 1
    if above and not (below and end == "low"):
        return trusted_meld("run", (*cards, card), (*wild, False), low, meld.suit)
    if below:
        return trusted_meld("run", (card, *cards), (False, *wild), low - 1, meld.suit)
    return None


def _illegal_table_meld(meld: Meld, ruleset: Ruleset) -> Check | None:
    """Refuse a table meld that is itself illegal (docs/rules/index.rst, shared-copies)."""
    verdict = validate_meld(meld, ruleset)
    if verdict.ok:
        return None
    # A joker the game has not, or more copies than its pack, keep their own codes
    # (docs/rules/gin.rst, gin-no-jokers; docs/rules/index.rst, shared-copies).
    keep = verdict.code in ("jokers-not-in-game", "too-many-copies")
    return _fail(
        as_error_code(verdict.code) if keep else "meld-not-legal",
        msg(
            "{meld} is not a legal meld under {game}: {reason}",
            meld=meld,
            game=ruleset.name,
            reason=verdict.reason,
        ),
        meld.kind,
    )


def _layoff_set(meld: Meld, new: Sequence[Card], ruleset: Ruleset) -> Check:
    naturals = [c for c, w in zip(meld.cards, meld.wild) if not w]
    wilds = [c for c, w in zip(meld.cards, meld.wild) if w]
    for card in new:
        if card.is_joker or (is_wild(card, ruleset) and card.rank != meld.rank):
            wilds.append(card)
        elif card.rank == meld.rank:
            naturals.append(card)
        else:
            return _fail(
                "does-not-fit",
                msg("{card} does not fit a set of {rank}s.", card=card, rank=RANKS[meld.rank]),
                _SET,
            )
    result = _arrange_set(naturals, wilds, ruleset)
    if not result.ok:
        return result
    cards = meld.cards + tuple(new)
    wild = meld.wild + tuple(c.is_joker or (is_wild(c, ruleset) and c.rank != meld.rank) for c in new)
    return _ok(Meld("set", cards, wild, meld.rank))


def _layoff_run(meld: Meld, new: Sequence[Card], ruleset: Ruleset, end: JokerEnd) -> Check:
    total = len(meld.cards) + len(new)
    solid = [c for c in new if not c.is_joker and not is_wild(c, ruleset)]
    for card in solid:
        if card.suit_index != meld.suit:
            return _fail(
                "does-not-fit",
                msg("{card} does not fit a run of {suit}.", card=card, suit=SUITS[meld.suit]),
                _RUN,
            )
    if total > RUN_MAX:
        return _too_long(total)
    # Among the placements that fit, a wild ♠2 stands as itself where it can (as few
    # wild cards as works, as in check_meld); otherwise jokers go to *end* (the first
    # placement tried; min() keeps the first of equals).
    best = min(_run_extensions(meld, new, ruleset, end), key=lambda m: m.wild_count, default=None)
    if best is None:
        return _fail(
            "does-not-fit",
            msg("{cards} cannot extend {meld} at either end.", cards=tuple(new), meld=meld),
            _RUN,
        )
    bad = _ratio_check(best.natural_count, best.wild_count, ruleset, "run")
    return _ok(best) if bad is None else bad


def _run_extensions(meld: Meld, new: Sequence[Card], ruleset: Ruleset, end: JokerEnd) -> Iterator[Meld]:
    """Every run *meld* becomes with *new* laid off, shifted down by 0… cards (from *end*)."""
    lo, hi = meld.low, meld.high
    lo_bound, hi_bound = _run_bounds(ruleset)
    k = len(new)
    total = len(meld.cards) + k
    wilds = [c for c in new if c.is_joker]
    flexible = [c for c in new if not c.is_joker and is_wild(c, ruleset)]
    solid = [c for c in new if not c.is_joker and not is_wild(c, ruleset)]
    for shift in range(k + 1) if end == "high" else range(k, -1, -1):
        new_lo = lo - shift
        new_hi = new_lo + total - 1
        if new_lo < lo_bound or new_hi > hi_bound or new_hi < hi:
            continue
        free = [*range(new_lo, lo), *range(hi + 1, new_hi + 1)]
        placed = _place_naturals(solid, flexible, wilds, free, meld.suit)
        if placed is None:
            continue
        slot_cards, slot_wild = placed
        before = lo - new_lo
        cards = tuple(slot_cards[:before]) + meld.cards + tuple(slot_cards[before:])
        wild = tuple(slot_wild[:before]) + meld.wild + tuple(slot_wild[before:])
        yield Meld("run", cards, wild, new_lo, meld.suit)


def _place_naturals(
    solid: Sequence[Card],
    flexible: Sequence[Card],
    wilds: Sequence[Card],
    free: Sequence[int],
    suit: int,
) -> tuple[list[Card], list[bool]] | None:
    """Fill the *free* ranks of a run: naturals in their places, then wild cards in the rest."""
    slots = _slot_naturals(solid, free)
    if slots is None:
        return None
    spare_flex = list(flexible)
    # A flexible ♠2 stands as itself when its own slot is free, else as a wild card.
    for card in list(spare_flex):
        if card.suit_index == suit and card.rank in free and card.rank not in slots:
            slots[card.rank] = card
            spare_flex.remove(card)
    stand_ins = list(wilds) + spare_flex
    if len([r for r in free if r not in slots]) != len(stand_ins):
        return None
    cards: list[Card] = []
    wild: list[bool] = []
    for rank in free:
        natural = slots.get(rank)
        cards.append(stand_ins.pop() if natural is None else natural)
        wild.append(natural is None)
    return cards, wild


def _slot_naturals(solid: Sequence[Card], free: Sequence[int]) -> dict[int, Card] | None:
    """Give each natural card its free rank (an ace low or high), or ``None`` if one has none."""
    slots: dict[int, Card] = {}
    for card in solid:
        options = [card.rank] if card.rank != 1 else [1, 14]
        spot = next((r for r in options if r in free and r not in slots), None)
        if spot is None:
            return None
        slots[spot] = card
    return slots


def check_joker_swap(meld: Meld, card: Card | str, ruleset: Ruleset) -> Check:
    """Check putting the natural *card* in place of the joker that stands for it in *meld*.

    The new meld is in ``.meld`` and the joker taken back in ``.freed``.
    Which melds allow swaps is the ruleset's ``joker_swap`` (Norwegian: runs
    only; a joker in a set is locked: docs/rules/norwegian.rst, norwegian-jokers-on-table).

    >>> import remi
    >>> run = remi.check_meld("♠2 JK ♠4 ♠5", remi.NORWEGIAN).meld
    >>> swap = remi.check_joker_swap(run, "♠3", remi.NORWEGIAN)
    >>> str(swap.meld), swap.freed
    ('♠2 ♠3 ♠4 ♠5', Card('JK'))
    >>> remi.check_joker_swap(remi.check_meld("♠Q ♥Q JK", remi.NORWEGIAN).meld, "♦Q", remi.NORWEGIAN).code
    'joker-locked-in-set'
    """
    require_ruleset(ruleset)
    if not isinstance(meld, Meld):
        return _fail(
            "not-a-meld", msg("Expected a Meld to swap a joker out of, got {type}.", type=type(meld).__name__)
        )
    if not isinstance(card, Card):
        card = parse_card(card)
    # docs/rules/gin.rst, gin-no-jokers: the card offered is refused before the meld is read.
    jokerless = _joker_not_in_game((card,), ruleset, meld.kind)
    if jokerless is not None:
        return jokerless
    bad = _illegal_table_meld(meld, ruleset)
    if bad is not None:
        return bad
    return swap_on_legal(meld, card, ruleset)


def swap_on_legal(meld: Meld, card: Card, ruleset: Ruleset) -> Check:
    """:func:`check_joker_swap` of the natural or wild *card* on *meld*, a meld legal under *ruleset*.

    The trusted kernel behind :func:`check_joker_swap`: nothing about *meld*,
    *card* or *ruleset* is checked again (a table meld of a state is legal, and
    a card from a hand is one of the game's pack).
    """
    bad = _swap_refusal(meld, card, ruleset)
    if bad is not None:
        return bad
    for index in _swap_positions(meld, card, ruleset):
        cards = meld.cards[:index] + (card,) + meld.cards[index + 1 :]
        wild_flags = meld.wild[:index] + (False,) + meld.wild[index + 1 :]
        swapped = Meld(meld.kind, cards, wild_flags, meld.rank, meld.suit)
        too_many = copies_problem(cards, ruleset, meld.kind)
        if too_many is not None:
            return too_many
        return Check(True, "ok", "", meld.kind, swapped, freed=meld.cards[index])
    if ruleset.wild_spade_twos:
        why = msg("No wild ♠2 in {meld} stands for {card}.", meld=meld, card=card)
    else:
        why = msg("No joker in {meld} stands for {card}.", meld=meld, card=card)
    return _fail("no-joker-for-card", why, meld.kind)


def _swap_refusal(meld: Meld, card: Card, ruleset: Ruleset) -> Check | None:
    """Refuse a swap on a legal meld whatever the joker: a game or meld without swaps, no joker."""
    twos = ruleset.wild_spade_twos
    if ruleset.joker_swap == "none":
        why = (
            msg("{game} does not allow wild ♠2 swaps.", game=ruleset.name)
            if twos
            else msg("{game} does not allow joker swaps.", game=ruleset.name)
        )
        return _fail("no-joker-swaps", why, meld.kind)
    if meld.kind == "set" and ruleset.joker_swap == "runs":
        why = (
            msg("A wild ♠2 in a set is locked there for the rest of the round.")
            if twos
            else msg("A joker in a set is locked there for the rest of the round.")
        )
        return _fail("joker-locked-in-set", why, _SET)
    if card.is_joker:
        # Only a game with jokers gets here (a joker is refused where the ♠2s are the wild cards).
        return _fail("swap-needs-natural", msg("Only a natural card can take a joker's place."), meld.kind)
    if not meld.wild_count:
        why = (
            msg("{meld} holds no wild ♠2 to swap.", meld=meld)
            if twos
            else msg("{meld} holds no joker to swap.", meld=meld)
        )
        return _fail("no-joker", why, meld.kind)
    return None


def _swap_positions(meld: Meld, card: Card, ruleset: Ruleset) -> Iterator[int]:
    """The positions of wild cards in *meld* that the natural *card* may take."""
    taken_suits = {c.suit_index for c, w in zip(meld.cards, meld.wild) if not w}
    for index, wild in enumerate(meld.wild):
        if not wild:
            continue
        target = meld.stands_for(index)
        fits = card is target if isinstance(target, Card) else card.rank == target
        repeats_suit = meld.kind == "set" and ruleset.distinct_suit_sets and card.suit_index in taken_suits
        if fits and not repeats_suit:
            yield index


# -- notation and points --------------------------------------------------------------------


def parse_meld(text: str, ruleset: Ruleset | None = None, *, kind: MeldKind | None = None) -> Meld:
    """Parse a meld in notation: cards, with ``=X`` after a wild card to say what it stands for.

    Without annotations the cards are arranged as :func:`check_meld` would.
    Without a *ruleset*, any set or run of three or more cards is accepted
    (ace low or high, any number of jokers beside one natural card).
    Raises :class:`~remi.NotationError` for bad text and
    :class:`~remi.MeldError` for cards that are no meld.

    >>> str(parse_meld("JK=♠6 ♠7 ♠8 ♠9"))
    'JK=♠6 ♠7 ♠8 ♠9'
    >>> str(parse_meld("♣K ♣K JK"))
    '♣K ♣K JK=K'
    """
    rules = require_ruleset(ruleset) if ruleset is not None else _NOTATION_RULES
    _check_kind(kind)
    if not isinstance(text, str):
        raise NotationError("not-text", msg("Expected meld text, got {type}.", type=type(text).__name__))
    cards, targets = _meld_tokens(text)
    if not any(targets):
        return check_meld(cards, rules, kind=kind).require().meld  # type: ignore[return-value]
    if ruleset is None and any(t is not None and c is SPADE_TWO for c, t in zip(cards, targets)):
        # An annotated ♠2 stands in for another card: read it under ♠2-wild notation rules.
        rules = _NOTATION_WILD_TWOS
    meld = _annotated_meld(text, cards, targets, kind)
    validate_meld(meld, rules).require()
    return meld


def _meld_tokens(text: str) -> tuple[list[Card], list[str | None]]:
    """Split meld text into its cards and, per card, the text after ``=`` (``None`` if none)."""
    cards: list[Card] = []
    targets: list[str | None] = []
    for token in text.replace(",", " ").split():
        card_text, _, target = token.partition("=")
        cards.append(parse_card(card_text))
        targets.append(target or None)
    return cards, targets


def _annotated_meld(
    text: str, cards: Sequence[Card], targets: Sequence[str | None], kind: MeldKind | None
) -> Meld:
    """Rebuild the positions of an annotated meld: a set when every annotation is a rank."""
    if kind == "set" or (kind is None and all(t is None or _is_rank_text(t) for t in targets)):
        return _annotated_set(text, cards, targets)
    return _annotated_run(text, cards, targets)


def _annotated_set(text: str, cards: Sequence[Card], targets: Sequence[str | None]) -> Meld:
    ranks = {c.rank for c, t in zip(cards, targets) if t is None}
    ranks.update(_parse_rank(t) for t in targets if t is not None)
    if len(ranks) != 1:
        raise MeldError("mixed-ranks", msg("{text!r} is not a set: a set is of one rank.", text=text))
    return Meld("set", tuple(cards), tuple(t is not None for t in targets), ranks.pop())


#: One position of a run being read: the rank it holds, the card there, whether it is wild.
_Position = tuple[int, Card, bool]


def _annotated_run(text: str, cards: Sequence[Card], targets: Sequence[str | None]) -> Meld:
    stands = [card if target is None else parse_card(target) for card, target in zip(cards, targets)]
    positions = [
        (stand.rank, card, target is not None) for stand, card, target in zip(stands, cards, targets)
    ]
    suits = {stand.suit_index for stand in stands}
    if len(suits) != 1:
        raise MeldError("mixed-suits", msg("{text!r} is not a run: a run is of one suit.", text=text))
    ordered = _consecutive(text, positions)
    return Meld("run", tuple(p[1] for p in ordered), tuple(p[2] for p in ordered), ordered[0][0], suits.pop())


def _consecutive(text: str, positions: list[_Position]) -> list[_Position]:
    """Order *positions* as a run, the ace low or high, whichever makes the ranks consecutive.

    When both do (A-2-…-K against 2-…-K-A), the order the text gives decides.
    """
    candidates: list[tuple[bool, list[_Position]]] = []
    for mapped in (positions, [(14 if r == 1 else r, c, w) for r, c, w in positions]):
        ordered = sorted(mapped, key=lambda p: p[0])
        first = ordered[0][0]
        if [p[0] for p in ordered] == list(range(first, first + len(ordered))):
            candidates.append((mapped == ordered, ordered))
    if not candidates:
        raise MeldError("gap", msg("{text!r} is not a run: its ranks are not consecutive.", text=text))
    return next((o for in_order, o in candidates if in_order), candidates[0][1])


def _is_rank_text(text: str) -> bool:
    upper = text.strip().upper()
    return upper == "T" or upper in RANKS[1:]


def _parse_rank(text: str) -> int:
    upper = text.strip().upper()
    for number, name in enumerate(RANKS):
        if name and name == upper:
            return number
    if upper == "T":
        return 10
    return parse_card(text).rank


def meld_points(meld: Meld, ruleset: Ruleset) -> int:
    """Return what *meld* counts toward an opening: wild cards count as what they stand for.

    An ace low in a run counts ``values.ace_low_in_run`` where the ruleset
    has it (Slovenian and Kalooki: 1), otherwise ``values.ace``.

    >>> import remi
    >>> meld_points(parse_meld("♠A ♠2 ♠3"), remi.SLOVENIAN), meld_points(parse_meld("♠Q ♠K ♠A"), remi.SLOVENIAN)
    (6, 30)

    A meld the game's pack cannot give raises :class:`~remi.StateError`
    (``jokers-not-in-game``, ``too-many-copies``).
    """
    if not isinstance(meld, Meld):
        raise TypeError(f"meld must be a remi.Meld, not {type(meld).__name__} {meld!r:.60}.")
    require_ruleset(ruleset)
    # docs/rules/gin.rst, gin-no-jokers; docs/rules/index.rst, shared-copies: cards the pack cannot give.
    problem = pack_refusal(card_counts(meld.cards), ruleset)
    if problem is not None:
        raise StateError(problem.code, problem.sentence(msg("the meld '{meld}'", meld=meld)))
    return points_of(meld, ruleset)


def points_of(meld: Meld, ruleset: Ruleset) -> int:
    """:func:`meld_points` of a meld of the game, unchecked (the engine's and the solver's own melds)."""
    values = ruleset.values
    if meld.kind == "set":
        return values.of_rank(meld.rank) * len(meld.cards)
    total = 0
    for index in range(len(meld.cards)):
        rank = meld.rank + index
        if rank == 1:
            low = values.ace_low_in_run
            total += values.ace if low is None else low
        elif rank == 14:
            total += values.ace
        else:
            total += values.of_rank(rank)
    return total
