"""The action catalogue: one fixed integer id for every action a ruleset can offer.

A lay-down is played in sub-steps (one ``build`` id per card, then a
``lay #k`` id), so every catalogue stays below ten thousand ids.

See :mod:`remi.catalogue` for the numbering, documented on :doc:`/frameworks`.

>>> import remi
>>> from remi.catalogue import num_distinct_actions, encode, decode
>>> num_distinct_actions(remi.GIN)
438
>>> decode(encode(remi.parse_action("discard ♥Q"), remi.GIN), remi.GIN)
Discard(card=Card('♥Q'), shanghai=False)

The action catalogue: a fixed number for every action a ruleset can ever offer.

Learning frameworks (OpenSpiel, PettingZoo, RL libraries) want actions as
integers ``0 … n-1`` with ``n`` fixed per game. :class:`Catalogue` gives each
remi action of a ruleset one such id, the same at every table size and in
every release that keeps the ruleset's options.

>>> import remi
>>> from remi.catalogue import catalogue
>>> cat = catalogue(remi.GIN)
>>> cat.size
438
>>> cat.encode(remi.parse_action("knock ♠7"))
62
>>> str(cat.decode(62))
'knock ♠7'

The numbering is a sequence of blocks, in the order of ``legal_actions()``;
a block is present only when the ruleset can offer its kind of action:

========================  ==========================================================
block                     ids
========================  ==========================================================
``cut``                   1 (Liverpool cut only)
``draw``, ``take``        1 each
``buy``                   1 (buying games only)
``pass``                  1
``lay``                   53 ``build`` cards + *K* ``lay #k`` placements (below);
                          games with table play only
``off``                   53 cards × *T* targets × 2 (``low`` or not)
``swap``                  52 natural cards × *T* targets (joker swaps only)
``discard``               53 cards × 2 with Shanghai (the ``shanghai`` flag), else 53
``knock``                 53 cards (Gin only)
``meld``                  one per meld the ruleset accepts, in the order of
                          :func:`remi.meld_sort_key` (Gin only: the knocker's
                          ``lay`` of one meld in the knock phase, one id, no
                          sub-steps; Gin Rummy has 329)
``shanghai``              *T* targets × 2 (Shanghai variant only)
========================  ==========================================================

Cards are numbered by their code (``♠A`` 0 … ``♣K`` 51, the joker 52).
*T* (:attr:`Catalogue.max_table`) bounds the table melds: a meld holds at
least ``min(set_min, run_min)`` cards, so a table holds at most the largest
pack of the game divided by that.

A lay-down is always exactly one meld, and it is played in **sub-steps**:
one ``build`` id per card (:class:`MeldStep` with a card), in ascending card
code (the joker last, identical cards repeated), then one ``lay #k`` id
(:class:`MeldStep` with a placement) that lays the meld.
:meth:`Catalogue.encode_steps` gives the ids of an action (one id for every
other action), :meth:`Catalogue.advance` plays an id on the meld under way,
and :meth:`Catalogue.legal_ids` / :meth:`Catalogue.legal_mask` take that
partial meld: a card is allowed when the cards picked so far plus it are the
start (in code order) of the cards of some legal lay-down, ``lay #k`` when
they are all of its cards and the *k*-th placement is legal. With a meld
under way nothing else is allowed, and every allowed card keeps a lay-down
reachable, so a build always ends in a legal :class:`~remi.LayDown`: the
game, its legal outcomes and its scores are remi's.

Where the engine itself builds melds card by card (the last Norwegian round,
the *all down at once* variant: :class:`~remi.Build` actions and
:attr:`remi.GameState.building`), the same ids number the engine's steps and
no catalogue partial is used: ``build`` id *c* is the action ``Build(card c)``
(:meth:`Catalogue.encode` gives it), and in a state with cards already chosen
each ``LayDown`` is the ``lay #k`` id of its placement among those cards'
placements. :class:`LaySteps` then lists these as single ids, each with its
own action object (:meth:`LaySteps.action`), which the adapters apply
directly; :meth:`Catalogue.encode_steps` and :meth:`Catalogue.decode` do not
change (a ``lay #k`` id decodes to its :class:`MeldStep`).

The placements of a card multiset (:meth:`Catalogue.placements`) are every
meld the ruleset could accept made of exactly those cards, in the order of
:func:`remi.meld_sort_key`, independent of the state: jokers that can stand
at either end of a run, an ace low or high, a ♠2 as itself or wild. A **set**
holds its natural cards by code, then the wild cards; a **run** holds the
natural card of each rank and the wild card elsewhere; only shapes the
ruleset could ever accept count (lengths from ``set_min``/``run_min`` up to
``set_max`` or the pack and 13, runs inside the ace bounds, at most as many
wild cards as the pack holds, at least one natural card, no more wild cards
than natural ones where the ruleset says so). *K*
(:attr:`Catalogue.places`) bounds them: ``1 + 2 × (w + 1)`` with *w* the
most wild cards in the pack (a set, or a run with its ace low or high and
its spare wild cards split between the ends), ``3 + 4 × (w + 1)`` where the
♠2 is wild (it may also be natural). The wild card is the joker, or the ♠2
in the ♠2-wild variant (the two never meet in one ruleset). Norwegian Remi,
the largest preset, has 5,977 ids, its six-player variant 8,821, Gin 438.
"""

from __future__ import annotations

import operator
from bisect import bisect_right
from collections.abc import Iterable, Sequence
from itertools import product
from typing import Any, Final

import attrs

from ._cache import Cache, memoize
from .actions import (
    Action,
    Build,
    Buy,
    CallShanghai,
    Cut,
    Discard,
    DrawStock,
    Knock,
    LayDown,
    LayOff,
    Pass,
    SwapJoker,
    TakeDiscard,
    is_action,
)
from .cards import CARDS, JOKER, SPADE_TWO, Card
from .errors import RemiError
from .game import GameState
from .game.policies import policy_for
from .game.state import require_state
from .melds import RUN_MAX, Meld, meld_shapes, meld_sort_key
from .messages import Message, msg
from .rulesets import Ruleset, require_ruleset

__all__ = [
    "Catalogue",
    "CatalogueError",
    "catalogue",
    "num_distinct_actions",
    "encode",
    "encode_steps",
    "decode",
    "MeldStep",
    "LaySteps",
    "legal_mask",
    "legal_ids",
]


#: The placements of a card multiset, by catalogue and card codes (:meth:`Catalogue.placements`).
_PLACEMENTS: Final[Cache[tuple[Catalogue, tuple[int, ...]], tuple[Meld, ...]]] = Cache(
    "catalogue.placements", maxsize=65536
)


class CatalogueError(RemiError, ValueError):
    """An action or id outside a ruleset's catalogue."""


def _fail(reason: Message) -> CatalogueError:
    return CatalogueError("not-an-action", reason)


def _int_of(value: Any, what: str) -> int:
    """An integer (numpy integers and the like too); a bool, float or text is a TypeError saying *what*."""
    if type(value) is int:
        return value
    if not isinstance(value, bool):
        try:
            return operator.index(value)
        except TypeError:
            pass
    raise TypeError(f"{what}, not {type(value).__name__} {value!r:.60}.")


def _ident(value: Any) -> int:
    return _int_of(value, "ident must be an integer action id")


def _card_codes(value: Any, name: str) -> tuple[int, ...]:
    """Card codes 0-52 of *name* (a sequence of integers); a code out of range is a CatalogueError quoting it."""
    if type(value) is tuple:
        # The adapters' hot path: a tuple of plain ints in range is returned as it is.
        for item in value:
            if type(item) is not int or not 0 <= item <= 52:
                break
        else:
            return value
    if isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
        raise TypeError(f"{name} must be a sequence of card codes, not {type(value).__name__} {value!r:.60}.")
    items = tuple(value)
    codes = tuple(_int_of(item, f"{name} must hold card codes (integers 0 to 52)") for item in items)
    for code in codes:
        if not 0 <= code <= 52:
            raise CatalogueError(
                "bad-card-code",
                msg(
                    "{name} {items!r:.80} holds {code}, which is not a card code (0 to 52).",
                    name=name,
                    items=items,
                    code=code,
                ),
            )
    return codes


@attrs.frozen
class _Segment:
    """A run of consecutive lay ids: one (kind, key) with its options in order."""

    base: int
    kind: str  # "set" or "run"
    key: tuple[int, ...]  # set: (rank, ♠, ♥, ♦, ♣ counts); run: (suit, low, length)
    options: tuple[int, ...]  # set: wild counts; run: wild masks


def _bits(mask: int) -> int:
    return bin(mask).count("1")


def _block_sizes(
    ruleset: Ruleset, table_play: bool, places: int, max_table: int, knock_melds: int
) -> list[tuple[str, int]]:
    """The blocks of ids of *ruleset*, in id order: each kind of action and how many ids it takes."""
    sizes = [("cut", 1)] if ruleset.liverpool_cut else []
    sizes += [("draw", 1), ("take", 1)]
    if ruleset.buying:
        sizes.append(("buy", 1))
    sizes.append(("pass", 1))
    if table_play:
        sizes += [("lay", 53 + places), ("off", 53 * max_table * 2)]
        if ruleset.joker_swap != "none" and ruleset.has_wild_cards:
            sizes.append(("swap", 52 * max_table))
    sizes.append(("discard", 53 * (2 if ruleset.shanghai else 1)))
    if ruleset.family == "gin":
        sizes += [("knock", 53), ("meld", knock_melds)]
    if ruleset.shanghai:
        sizes.append(("shanghai", max_table * 2))
    return sizes


class Catalogue:
    """The fixed numbering of every action *ruleset* can offer (build with :func:`catalogue`).

    >>> import remi
    >>> cat = catalogue(remi.NORWEGIAN)
    >>> cat.max_table, cat.size
    (37, 5977)
    >>> partial, action = (), None
    >>> for ident in cat.encode_steps(remi.LayDown.of("♠7 ♥7 JK")):
    ...     partial, action = cat.advance(partial, ident)
    >>> action == remi.LayDown.of("♠7 ♥7 JK")
    True
    """

    def __init__(self, ruleset: Ruleset) -> None:
        if not isinstance(ruleset, Ruleset):
            raise TypeError(f"ruleset must be a remi.Ruleset, not {type(ruleset).__name__} {ruleset!r:.60}.")
        self.ruleset: Final = ruleset
        players = range(ruleset.min_players, ruleset.max_players + 1)
        #: The most melds a table of this game can hold (the bound on meld targets).
        self.max_table: Final = max(ruleset.pack_size(p) for p in players) // min(
            ruleset.set_min, ruleset.run_min
        )
        wilds = ruleset.max_decks if ruleset.wild_spade_twos else max(ruleset.pack_for(p)[1] for p in players)
        self._wild_card: Final = SPADE_TWO if ruleset.wild_spade_twos else JOKER
        #: The bound on the placements of one card multiset (the ``lay #k`` ids).
        self.places: Final = (3 + 4 * (wilds + 1)) if ruleset.wild_spade_twos else (1 + 2 * (wilds + 1))
        table_play = policy_for(ruleset).table_play
        gin = ruleset.family == "gin"
        # The meld shapes: the lay-down placements, and the Gin knocker's melds.
        segments = self._segments(0, ruleset.max_decks, wilds) if table_play or gin else []
        self._segment_of: Final = {(s.kind, s.key): s for s in segments}
        self._option_index: Final = {
            (s.kind, s.key): {option: i for i, option in enumerate(s.options)} for s in segments
        }
        self._shanghai = ruleset.shanghai
        #: The knocker's melds of the Gin knock phase, one id each, in the order of meld_sort_key.
        self._knock_melds: Final[tuple[Meld, ...]] = self._every_meld(segments) if gin else ()
        self._knock_meld_ids: Final = {meld: i for i, meld in enumerate(self._knock_melds)}
        self._blocks: dict[str, int] = {}
        size = 0
        for name, count in _block_sizes(
            ruleset, table_play, self.places, self.max_table, len(self._knock_melds)
        ):
            self._blocks[name] = size
            size += count
        #: How many ids there are: ids run from 0 to ``size - 1``.
        self.size: Final = size
        #: Ids already encoded, by action (actions are immutable): encode()'s fast path.
        self._ids: Final[dict[Action, int]] = {}
        #: Actions already decoded, by id: decode()'s fast path.
        self._decoded: Final[dict[int, Action | MeldStep]] = {}
        self._simple: Final[dict[type, str]] = {
            Cut: "cut",
            DrawStock: "draw",
            TakeDiscard: "take",
            Buy: "buy",
            Pass: "pass",
        }
        order = sorted(self._blocks.items(), key=lambda item: item[1])
        self._block_names: Final = tuple(name for name, _ in order)
        self._block_starts: Final = tuple(start for _, start in order)

    # -- the lay-down shapes --------------------------------------------------------------
    def _segments(self, base: int, decks: int, wilds: int) -> list[_Segment]:
        rules = self.ruleset
        out: list[_Segment] = []
        ratio = rules.jokers_at_most_naturals
        per_suit = 1 if rules.distinct_suit_sets else decks
        set_max = rules.set_max if rules.set_max is not None else 4 * per_suit + wilds
        for rank in range(1, 14):
            for counts in product(range(per_suit + 1), repeat=4):
                naturals = sum(counts)
                if naturals == 0 or naturals > set_max:
                    continue
                options = tuple(
                    w
                    for w in range(0, wilds + 1)
                    if rules.set_min <= naturals + w <= set_max and (not ratio or w <= naturals)
                )
                if options:
                    out.append(_Segment(base, "set", (rank, *counts), options))
                    base += len(options)
        low_bound = 1 if rules.ace_low else 2
        high_bound = 14 if rules.ace_high else 13
        for suit in range(4):
            for length in range(rules.run_min, RUN_MAX + 1):
                masks = _masks(length, min(wilds, length - 1), ratio)
                for low in range(low_bound, high_bound - length + 2):
                    out.append(_Segment(base, "run", (suit, low, length), masks))
                    base += len(masks)
        return out

    def _every_meld(self, segments: Sequence[_Segment]) -> tuple[Meld, ...]:
        """Every meld the ruleset could accept, in the order of :func:`remi.meld_sort_key` (the ``meld`` ids)."""
        wild = self._wild_card.code
        found: dict[tuple[object, ...], Meld] = {}
        for segment in segments:
            if segment.kind == "set":
                rank, *counts = segment.key
                naturals = [Card.of(rank, suit).code for suit in range(4) for _ in range(counts[suit])]
                shapes = [naturals + [wild] * w for w in segment.options]
            else:
                suit, low, length = segment.key
                shapes = [
                    [
                        wild if mask >> i & 1 else Card.of(1 if low + i == 14 else low + i, suit).code
                        for i in range(length)
                    ]
                    for mask in segment.options
                ]
            for codes in shapes:
                for meld in self._placements_of(tuple(sorted(codes))):
                    found[meld_sort_key(meld)] = meld
        return tuple(found[key] for key in sorted(found))

    def _meld_id(self, meld: Meld) -> int:
        wild_card = self._wild_card
        if meld.kind == "set":
            counts = [0, 0, 0, 0]
            w = 0
            for card, wild in zip(meld.cards, meld.wild):
                if wild:
                    if card is not wild_card:
                        raise _fail(
                            msg("{card} cannot be wild in {game}.", card=card, game=self.ruleset.name)
                        )
                    w += 1
                else:
                    if card.is_joker or card.rank != meld.rank:
                        raise _fail(msg("{meld} is not a set of rank {rank}.", meld=meld, rank=meld.rank))
                    counts[card.suit_index] += 1
            key: tuple[int, ...] = (meld.rank, *counts)
            option = w
        else:
            mask = 0
            for index, (card, wild) in enumerate(zip(meld.cards, meld.wild)):
                if wild:
                    if card is not wild_card:
                        raise _fail(
                            msg("{card} cannot be wild in {game}.", card=card, game=self.ruleset.name)
                        )
                    mask |= 1 << index
                elif card is not meld.stands_for(index):
                    raise _fail(
                        msg(
                            "{meld} holds {card} where {want} belongs.",
                            meld=meld,
                            card=card,
                            want=meld.stands_for(index),
                        )
                    )
            key = (meld.suit, meld.rank, len(meld.cards))
            option = mask
        segment = self._segment_of.get((meld.kind, key))
        place = None if segment is None else self._option_index[(meld.kind, key)].get(option)
        if segment is None or place is None:
            raise _fail(msg("The meld {meld} has no number in {game}.", meld=meld, game=self.ruleset.name))
        return segment.base + place

    def _shape_ok(self, meld: Meld) -> bool:
        try:
            self._meld_id(meld)
        except CatalogueError:
            return False
        return True

    def placements(self, key: Sequence[int]) -> tuple[Meld, ...]:
        """Return every meld the ruleset could accept made of the cards *key* (codes), in canonical order.

        The order is :func:`remi.meld_sort_key`; a ``lay #k`` step picks the
        *k*-th. Most card multisets have one placement; jokers that may sit at
        either end of a run, an ace low or high, or a ♠2 as itself or wild give more.

        >>> import remi
        >>> [str(m) for m in catalogue(remi.NORWEGIAN).placements((4, 5, 6, 52))]
        ['JK=♠4 ♠5 ♠6 ♠7', '♠5 ♠6 ♠7 JK=♠8']
        """
        return self._placements_of(tuple(sorted(_card_codes(key, "key"))))

    def _placements_of(self, key: tuple[int, ...]) -> tuple[Meld, ...]:
        return _PLACEMENTS.build((self, key), self._find_placements, key)

    def _find_placements(self, key: tuple[int, ...]) -> tuple[Meld, ...]:
        found: dict[tuple[object, ...], Meld] = {}
        for meld in meld_shapes([CARDS[c] for c in key], self._wild_card, self.ruleset.wild_spade_twos):
            if self._shape_ok(meld):
                found[meld_sort_key(meld)] = meld
        result = tuple(found[k] for k in sorted(found))
        if len(result) > self.places:
            raise _fail(
                msg(
                    "{count} placements of {key} exceed the bound {bound}.",
                    count=len(result),
                    key=str(key),
                    bound=self.places,
                )
            )
        return result

    # -- the public mapping ---------------------------------------------------------------
    def _target(self, target: int) -> int:
        if target >= self.max_table:
            raise _fail(
                msg(
                    "Table meld {target} is past the bound {bound} of {game}.",
                    target=target,
                    bound=self.max_table,
                    game=self.ruleset.name,
                )
            )
        return target

    def _start(self, name: str, action: Action) -> int:
        start = self._blocks.get(name)
        if start is None:
            raise _fail(msg("{game} never offers '{action}'.", game=self.ruleset.name, action=action))
        return start

    def encode(self, action: Action) -> int:
        """Return the id of *action*; raise :class:`CatalogueError` if the ruleset never offers it.

        >>> import remi
        >>> catalogue(remi.GIN).encode(remi.DrawStock())
        0
        """
        if not is_action(action):
            raise TypeError(f"action must be a remi action, not {type(action).__name__} {action!r:.60}.")
        known = self._ids.get(action)
        if known is not None:
            return known
        ident = self._encode(action)
        self._ids[action] = ident
        return ident

    def _encode(self, action: Action) -> int:
        simple = self._simple.get(type(action))
        if simple is not None:
            return self._start(simple, action)
        if isinstance(action, Discard):
            start = self._start("discard", action)
            if action.shanghai and not self._shanghai:
                raise _fail(msg("{game} has no Shanghai discards.", game=self.ruleset.name))
            return start + action.card.code * (2 if self._shanghai else 1) + int(action.shanghai)
        if isinstance(action, LayDown):
            if "meld" in self._blocks:
                return self._knock_meld_id(action)
            raise _fail(msg("'{action}' takes several steps: use encode_steps().", action=action))
        if isinstance(action, LayOff):
            start = self._start("off", action)
            return start + (action.card.code * self.max_table + self._target(action.target)) * 2 + action.low
        if isinstance(action, SwapJoker):
            start = self._start("swap", action)
            if action.card.is_joker:
                raise _fail(msg("The card swapped in for a joker is a natural card."))
            return start + action.card.code * self.max_table + self._target(action.target)
        if isinstance(action, Build):
            # The engine's own card-by-card build: the catalogue's build id of the card.
            return self._start("lay", action) + action.card.code
        if isinstance(action, Knock):
            return self._start("knock", action) + action.card.code
        if isinstance(action, CallShanghai):
            return self._start("shanghai", action) + self._target(action.target) * 2 + action.low
        raise TypeError(f"action must be a remi action, not {type(action).__name__} {action!r:.60}.")

    def encode_steps(self, action: Action) -> tuple[int, ...]:
        """Return the ids that play *action*: one id, or a lay-down's card steps and its ``lay #k`` step.

        >>> import remi
        >>> cat = catalogue(remi.NORWEGIAN)
        >>> steps = cat.encode_steps(remi.LayDown.of("♠5 ♠6 ♠7 JK=♠8"))
        >>> [str(cat.decode(i)) for i in steps]
        ['build ♠5', 'build ♠6', 'build ♠7', 'build JK', 'lay #1']
        """
        if not isinstance(action, LayDown) or "meld" in self._blocks:
            return (self.encode(action),)
        start = self._start("lay", action)
        meld = action.meld
        key = tuple(sorted(card.code for card in meld.cards))
        self._meld_id(meld)
        try:
            place = self._placements_of(key).index(meld)
        except ValueError:
            raise _fail(
                msg("The meld {meld} has no number in {game}.", meld=meld, game=self.ruleset.name)
            ) from None
        return (*(start + code for code in key), start + 53 + place)

    def _knock_meld_id(self, action: LayDown) -> int:
        """The ``meld`` id of a Gin knocker's lay-down of one meld."""
        start = self._start("meld", action)
        place = self._knock_meld_ids.get(action.meld)
        if place is None:
            raise _fail(
                msg("The meld {meld} has no number in {game}.", meld=action.meld, game=self.ruleset.name)
            )
        return start + place

    def advance(self, partial: Sequence[int], ident: int) -> tuple[tuple[int, ...], Action | None]:
        """Play id *ident* on the meld being built (*partial*, card codes): the new partial and the action.

        A ``build`` id returns the longer partial and ``None``; a ``lay #k`` id
        returns ``()`` and the :class:`~remi.LayDown`; any other id (allowed
        only with no meld under way) returns ``()`` and its action.
        Legality is the caller's (:meth:`legal_ids`); card codes outside 0-52
        and ids outside the catalogue raise :class:`CatalogueError`.
        """
        partial = _card_codes(partial, "partial")
        step = self.decode(ident)
        if not isinstance(step, MeldStep):
            if partial:
                raise _fail(msg("'{action}' while a meld is being built.", action=step))
            return (), step
        if step.card is not None:
            return (*partial, step.card.code), None
        melds = self._placements_of(tuple(sorted(partial)))
        if step.place is None or step.place >= len(melds):
            raise _fail(
                msg(
                    "The cards {codes} have no placement {place}.", codes=str(list(partial)), place=step.place
                )
            )
        return (), LayDown((melds[step.place],))

    def steps(self, state: GameState) -> LaySteps:
        """Return the step index of *state*'s legal actions (what :meth:`legal_ids` reads)."""
        self._check_state(require_state(state))
        return LaySteps(self, state.legal_actions(), state.building)

    def decode(self, ident: int) -> Action | MeldStep:
        """Return the action numbered *ident*.

        >>> import remi
        >>> str(catalogue(remi.GIN).decode(3))
        'discard ♠A'
        """
        if type(ident) is int:
            known = self._decoded.get(ident)
            if known is not None:
                return known
        else:
            ident = _ident(ident)
        if not 0 <= ident < self.size:
            raise _fail(
                msg(
                    "{ident} is not an action id of {game} (0 to {last}).",
                    ident=ident,
                    game=self.ruleset.name,
                    last=self.size - 1,
                )
            )
        step = self._decode(ident)
        self._decoded[ident] = step
        return step

    def _decode(self, ident: int) -> Action | MeldStep:
        name = self._block_names[bisect_right(self._block_starts, ident) - 1]
        offset = ident - self._blocks[name]
        if name == "lay":
            return MeldStep(CARDS[offset]) if offset < 53 else MeldStep(None, offset - 53)
        if name == "cut":
            return Cut()
        if name == "draw":
            return DrawStock()
        if name == "take":
            return TakeDiscard()
        if name == "buy":
            return Buy()
        if name == "pass":
            return Pass()
        if name == "off":
            pair, low = divmod(offset, 2)
            code, target = divmod(pair, self.max_table)
            return LayOff(CARDS[code], target, bool(low))
        if name == "swap":
            code, target = divmod(offset, self.max_table)
            return SwapJoker(CARDS[code], target)
        if name == "discard":
            if self._shanghai:
                code, flag = divmod(offset, 2)
                return Discard(CARDS[code], bool(flag))
            return Discard(CARDS[offset])
        if name == "knock":
            return Knock(CARDS[offset])
        if name == "meld":
            return LayDown((self._knock_melds[offset],))
        target, low = divmod(offset, 2)
        return CallShanghai(target, bool(low))

    def legal_ids(self, state: GameState, partial: Sequence[int] = ()) -> list[int]:
        """Return the ids allowed in *state* with the meld *partial* (card codes) under way, sorted.

        >>> import remi
        >>> catalogue(remi.GIN).legal_ids(remi.new_game(remi.GIN, players=2, seed=1))
        [0, 1]
        """
        return self.steps(state).ids(partial)

    def legal_mask(self, state: GameState, partial: Sequence[int] = ()) -> list[bool]:
        """Return one flag per id: whether it is allowed in *state* with *partial* under way.

        >>> import remi
        >>> catalogue(remi.GIN).legal_mask(remi.new_game(remi.GIN, players=2, seed=1))[:4]
        [True, True, False, False]
        """
        mask = [False] * self.size
        for ident in self.legal_ids(state, partial):
            mask[ident] = True
        return mask

    def _check_state(self, state: GameState) -> None:
        if state.ruleset is not self.ruleset and state.ruleset != self.ruleset:
            raise _fail(
                msg(
                    "This catalogue numbers {game}, not {other}.",
                    game=self.ruleset.name,
                    other=state.ruleset.name,
                )
            )

    def block(self, name: str) -> range | None:
        """Return the ids of one block (``"lay"``, ``"discard"`` …), or ``None`` when absent.

        >>> import remi
        >>> catalogue(remi.GIN).block("knock")
        range(56, 109)
        """
        if not isinstance(name, str):
            raise TypeError(f"name must be a block name, not {type(name).__name__} {name!r:.60}.")
        start = self._blocks.get(name)
        if start is None:
            return None
        index = self._block_names.index(name)
        end = self._block_starts[index + 1] if index + 1 < len(self._block_starts) else self.size
        return range(start, end)

    def __repr__(self) -> str:
        return f"<Catalogue {self.ruleset.name}: {self.size} actions, {self.max_table} table melds>"


@attrs.frozen
class MeldStep:
    """A sub-step of a lay-down: add *card* to the meld being built, or lay it as placement *place*.

    ``str`` gives ``build ♠7`` or ``lay #0``.
    """

    card: Card | None = None
    place: int | None = None

    def __str__(self) -> str:
        return f"build {self.card}" if self.card is not None else f"lay #{self.place}"


class LaySteps:
    """The allowed ids of one state at each partial meld (built once per state).

    *building* is the state's :attr:`~remi.GameState.building`: with cards
    chosen, its lay-downs are single ``lay #k`` ids (the engine holds the
    meld under way), as are the engine's :class:`~remi.Build` actions.
    """

    __slots__ = ("_cat", "_keys", "_last", "_next", "_own", "_single")

    def __init__(self, cat: Catalogue, actions: Iterable[Action], building: Sequence[Card] = ()) -> None:
        self._cat = cat
        single: list[int] = []
        own: dict[int, Action] = {}
        self._single = single
        self._own = own
        self._keys: dict[tuple[int, ...], list[Meld]] = {}
        known = cat._ids
        discards = cat._blocks.get("discard")
        step = 2 if cat._shanghai else 1
        built = tuple(sorted(c.code for c in building))
        engine = bool(built)
        for action in actions:
            if isinstance(action, Discard) and discards is not None and (step == 2 or not action.shanghai):
                # The commonest action, numbered without hashing it.
                ident = discards + action.card.code * step + (1 if action.shanghai else 0)
                single.append(ident)
                own[ident] = action
            elif isinstance(action, LayDown):
                self._add_lay(action, built)
            else:
                engine = engine or type(action) is Build
                found = known.get(action)
                number = cat.encode(action) if found is None else found
                single.append(number)
                own[number] = action
        if engine and self._keys:
            raise _fail(msg("Whole lay-downs beside the engine's card-by-card build."))
        nexts: dict[tuple[int, ...], set[int]] = {}
        for key in self._keys:
            for i in range(len(key)):
                nexts.setdefault(key[:i], set()).add(key[i])
        single.sort()
        self._next = nexts
        self._last: tuple[tuple[int, ...], list[int]] | None = None

    def _add_lay(self, action: LayDown, built: tuple[int, ...]) -> None:
        """Number a lay-down: one id (a Gin knocker's meld, the lay of the cards being built) or sub-steps."""
        cat = self._cat
        if "meld" in cat._blocks:
            # A Gin knocker's meld: one id, no sub-steps.
            number = cat._knock_meld_id(action)
        else:
            meld = action.meld
            key = tuple(sorted(c.code for c in meld.cards))
            if not built:
                self._keys.setdefault(key, []).append(meld)
                return
            # The engine's build is under way: the lay of exactly its cards, one id.
            if key != built:
                raise _fail(msg("'{action}' does not lay the cards being built.", action=action))
            number = cat._start("lay", action) + 53 + _place(cat, key, meld)
        self._single.append(number)
        self._own[number] = action

    def action(self, ident: int) -> Action | None:
        """The state's own action object numbered *ident* (one id, no sub-steps), or ``None``.

        ``None`` for the catalogue's lay-down sub-steps; the engine's
        :class:`~remi.Build` steps and, with cards chosen, its lay-downs are
        actions of their own. Applying the very object the state listed spares
        the engine asking its rule again (:meth:`remi.GameState.apply`).
        """
        return self._own.get(_ident(ident))

    def ids(self, partial: Sequence[int] = ()) -> list[int]:
        """The allowed ids with *partial* (card codes, ascending) under way (a fresh list)."""
        prefix = _card_codes(partial, "partial")
        last = self._last
        if last is not None and last[0] == prefix:
            return list(last[1])
        if prefix and prefix not in self._next and prefix not in self._keys:
            raise CatalogueError(
                "partial-not-reachable",
                msg(
                    "No legal lay-down here starts with the cards {codes} ({cards}), in ascending code order.",
                    codes=str(prefix),
                    cards=tuple(CARDS[code] for code in prefix),
                ),
            )
        if not prefix and not self._keys:
            self._last = (prefix, self._single)
            return list(self._single)
        lay = self._cat._blocks.get("lay", 0)
        out = [] if prefix else list(self._single)
        out.extend(lay + code for code in self._next.get(prefix, ()))
        melds = self._keys.get(prefix)
        if melds:
            out.extend(lay + 53 + _place(self._cat, prefix, meld) for meld in melds)
        out.sort()
        self._last = (prefix, out)
        return list(out)


def _place(cat: Catalogue, key: tuple[int, ...], meld: Meld) -> int:
    """The index *k* of *meld* among the placements of its cards *key* (its ``lay #k``)."""
    try:
        return cat._placements_of(key).index(meld)
    except ValueError:
        raise _fail(
            msg("The meld {meld} has no number in {game}.", meld=meld, game=cat.ruleset.name)
        ) from None


@memoize("catalogue.run_masks", maxsize=512)
def _masks(length: int, most: int, ratio: bool) -> tuple[int, ...]:
    """Every wild mask of a run of *length*: at most *most* wild cards (and at most half with *ratio*)."""
    return tuple(
        mask
        for mask in range(1 << length)
        if _bits(mask) <= most and (not ratio or 2 * _bits(mask) <= length)
    )


def catalogue(ruleset: Ruleset) -> Catalogue:
    """Return the (cached) catalogue of *ruleset*.

    >>> import remi
    >>> catalogue(remi.GIN) is catalogue(remi.GIN)
    True
    """
    return _catalogue(require_ruleset(ruleset, "ruleset"))


@memoize("catalogue.catalogues", maxsize=64)
def _catalogue(ruleset: Ruleset) -> Catalogue:
    return Catalogue(ruleset)


def _for(ruleset: Ruleset, players: int | None) -> Catalogue:
    cat = catalogue(ruleset)
    if players is not None:
        players = _int_of(players, "players must be a number of players or None")
    if players is not None and not ruleset.min_players <= players <= ruleset.max_players:
        raise _fail(
            msg(
                "{game} is played by {least} to {most}, not {players}.",
                game=ruleset.name,
                least=ruleset.min_players,
                most=ruleset.max_players,
                players=players,
            )
        )
    return cat


def num_distinct_actions(ruleset: Ruleset, players: int | None = None) -> int:
    """Return how many action ids *ruleset* has; the same at every table size (*players* is checked only).

    >>> import remi
    >>> num_distinct_actions(remi.GIN, 2), num_distinct_actions(remi.SWEDISH)
    (438, 1914)
    """
    return _for(ruleset, players).size


def encode(action: Action, ruleset: Ruleset) -> int:
    """Return the id of *action* in *ruleset*'s catalogue.

    >>> import remi
    >>> encode(remi.Discard("♠A"), remi.GIN)
    3
    """
    return catalogue(ruleset).encode(action)


def encode_steps(action: Action, ruleset: Ruleset) -> tuple[int, ...]:
    """Return the ids that play *action* in *ruleset*'s catalogue (several for a lay-down).

    >>> import remi
    >>> encode_steps(remi.Discard("♠A"), remi.GIN)
    (3,)
    """
    return catalogue(ruleset).encode_steps(action)


def decode(ident: int, ruleset: Ruleset) -> Action | MeldStep:
    """Return the action with id *ident* in *ruleset*'s catalogue.

    >>> import remi
    >>> decode(3, remi.GIN)
    Discard(card=Card('♠A'), shanghai=False)
    """
    return catalogue(ruleset).decode(ident)


def legal_ids(state: GameState, partial: Sequence[int] = ()) -> list[int]:
    """Return the sorted ids allowed in *state* with the meld *partial* (card codes) under way."""
    return catalogue(require_state(state).ruleset).legal_ids(state, partial)


def legal_mask(state: GameState, partial: Sequence[int] = ()) -> list[bool]:
    """Return one flag per id of *state*'s ruleset: whether it is legal now.

    >>> import remi
    >>> state = remi.new_game(remi.GIN, players=2, seed=1)
    >>> mask = legal_mask(state)
    >>> len(mask), [decode(i, remi.GIN) for i, ok in enumerate(mask) if ok] == state.legal_actions()
    (438, True)
    """
    return catalogue(require_state(state).ruleset).legal_mask(state, partial)


def actions_of(ids: Iterable[int], ruleset: Ruleset) -> list[Action | MeldStep]:
    """Decode several ids at once."""
    cat = catalogue(ruleset)
    return [cat.decode(i) for i in ids]


def ids_of(actions: Sequence[Action], ruleset: Ruleset) -> list[int]:
    """Encode several actions at once, the steps of each lay-down in turn."""
    cat = catalogue(ruleset)
    return [i for a in actions for i in cat.encode_steps(a)]
