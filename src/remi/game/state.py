"""The game state's value: its fields, invariants, dict form, blank state and scratch copy.

This is the lowest layer of the game: :class:`StateCore` holds every field of a
state, the read-only facts derived from them, the invariants and the dict form.
The public :class:`~remi.GameState` (``game``) is :class:`StateCore` with the
methods that play (they need the engine, the views and the positions, which all
import this module, never the reverse).

Every field carries its *kind* and its *blank* value in attrs metadata. One
table of kinds drives everything that used to spell the fields out by hand:
the mutable scratch copy a transition works on (:class:`Scratch`), the blank
state a match starts from (:func:`blank_state`), the dict form
(:meth:`StateCore.to_dict` / :func:`read_dict`) and the shape checks that run
before the invariants. A new field is one line here.

>>> import remi
>>> state = remi.new_game(remi.SWEDISH, players=2, seed=3)
>>> state
<GameState Swedish Basic Rummy round 1 draw seat 0 to act>
>>> remi.GameState.from_dict(state.to_dict()) == state
True
"""

from __future__ import annotations

import bisect
from collections import Counter
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Final, Literal, Protocol, TypeVar, cast

import attrs

from .._types import StateDict
from ..actions import Action
from ..cards import CARD_CODE, CARDS, Card, format_cards, make_pack, parse_cards, sorted_hand
from ..contracts import contract_for
from ..errors import RemiError, StateError
from ..melds import Meld, is_wild, meld_sort_key, validate_meld
from ..messages import Message, and_list, msg, nmsg
from ..rulesets import Ruleset
from .policies import policy_for

if TYPE_CHECKING:
    from . import GameState

__all__ = [
    "StateCore",
    "winners_of",
    "RoundResult",
    "Phase",
    "PHASES",
    "PUBLIC_FIELDS",
    "blank_state",
    "read_dict",
    "require_state",
    "build_state",
    "fast_builder",
    "Opened",
    "loose_subclass",
    "opened",
    "sealed",
]

Phase = Literal["cut", "draw", "buy", "play", "knock", "shanghai", "over"]
#: Every phase a state can be in.
PHASES: Final = ("cut", "draw", "buy", "play", "knock", "shanghai", "over")

#: The dict format :meth:`GameState.to_dict` writes; :meth:`GameState.from_dict` also reads
#: ``remi-state/1``, ``remi-state/2`` and ``remi-state/3`` (``/4`` brought the Gin knock phase,
#: ``/3`` the meld built card by card, ``/2`` the known cards and idle turns).
FORMAT: Final = "remi-state/4"
_OLD_FORMATS: Final = ("remi-state/1", "remi-state/2", "remi-state/3")


@attrs.frozen
class RoundResult:
    """What one finished round scored.

    ``went_out`` is the seat that went out (``None``: the round ended with no
    winner); ``points`` is each seat's score for the round, the Liverpool
    cut bonus included; ``cut_bonus`` the seat that earned it, if any.

    >>> RoundResult(1, 2, (40, 12, 0))
    RoundResult(round=1, went_out=2, points=(40, 12, 0), cut_bonus=None)
    """

    round: int
    went_out: int | None
    points: tuple[int, ...]
    cut_bonus: int | None = None


# -- field kinds -----------------------------------------------------------------------------------
#
# A kind says how a field is copied into the scratch copy (``mutable``: as a list),
# how it is written to and read from the dict form, and what its shape must be.


def semicolons(items: Sequence[Message]) -> Message:
    """Join *items* with semicolons, as one message (the problems of one state, in order).

    >>> semicolons([msg("a counter is negative"), msg("cards missing: {cards}", cards="♣4")])
    'a counter is negative; cards missing: ♣4'
    """
    if len(items) == 1:
        return items[0]
    return msg("{head}; {last}", head=semicolons(items[:-1]), last=items[-1])


def _bad(name: str, what: Message, value: Any) -> StateError:
    return StateError(
        "malformed-state",
        msg(
            "The state dict is malformed: {name} must be {what}, not {value!r}.",
            name=name,
            what=what,
            value=value,
        ),
    )


def _read_int(value: Any, name: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise _bad(name, msg("an integer"), value)
    return value


def _read_ints(value: Any, name: str) -> tuple[int, ...]:
    if not isinstance(value, list | tuple):
        raise _bad(name, msg("a list of integers"), value)
    return tuple(_read_int(v, name) for v in value)


def _read_cards(value: Any, name: str) -> tuple[Card, ...]:
    if not isinstance(value, str):
        raise _bad(name, msg("card text"), value)
    return parse_cards(value)


def _read_card(value: Any, name: str) -> Card | None:
    if value is None:
        return None
    cards = _read_cards(value, name)
    if len(cards) != 1:
        raise _bad(name, msg("one card"), value)
    return cards[0]


def _read_hands(value: Any, name: str) -> tuple[tuple[Card, ...], ...]:
    if not isinstance(value, list | tuple):
        raise _bad(name, msg("a list of card texts"), value)
    return tuple(sorted_hand(_read_cards(h, name)) for h in value)


def _read_phase(value: Any, name: str) -> str:
    if value not in PHASES:
        raise StateError(
            "malformed-state", msg("The state dict is malformed: unknown phase {value!r}.", value=value)
        )
    return str(value)


def _read_ruleset(value: Any, name: str) -> Ruleset:
    return Ruleset.from_dict(value)


def _write_result(r: RoundResult) -> dict[str, Any]:
    return {"round": r.round, "went_out": r.went_out, "points": list(r.points), "cut_bonus": r.cut_bonus}


def _read_results(value: Any, name: str) -> tuple[RoundResult, ...]:
    if not isinstance(value, list):
        raise _bad(name, msg("a list"), value)
    out = []
    for item in value:
        if not isinstance(item, dict):
            raise _bad(name, msg("a list of dicts"), item)
        went_out, cut = item["went_out"], item.get("cut_bonus")
        out.append(
            RoundResult(
                _read_int(item["round"], "round"),
                None if went_out is None else _read_int(went_out, "went_out"),
                _read_ints(item["points"], "points"),
                None if cut is None else _read_int(cut, "cut_bonus"),
            )
        )
    return tuple(out)


def _read_meld(item: Any) -> tuple[Meld, int]:
    if not isinstance(item, dict):
        raise StateError("malformed-state", msg("The state dict is malformed: a table meld must be a dict."))
    unknown = sorted(str(key) for key in item if key not in _MELD_KEYS)
    if unknown:
        raise StateError(
            "malformed-state",
            msg(
                "The state dict is malformed: a table meld has unknown keys {keys}.",
                keys=", ".join(repr(k) for k in unknown),
            ),
        )
    kind = item["kind"]
    if kind not in ("set", "run"):
        raise StateError(
            "malformed-state", msg("The state dict is malformed: unknown meld kind {kind!r}.", kind=kind)
        )
    wild = item["wild"]
    if not isinstance(wild, list) or not all(isinstance(x, bool) for x in wild):
        raise StateError(
            "malformed-state", msg("The state dict is malformed: wild must be a list of booleans.")
        )
    meld = Meld(
        kind,
        _read_cards(item["cards"], "table cards"),
        tuple(wild),
        _read_int(item["rank"], "rank"),
        _read_int(item["suit"], "suit"),
    )
    return meld, _read_int(item["owner"], "owner")


@attrs.frozen
class _Kind:
    """How one kind of field is copied, written, read and shape-checked."""

    #: Copied into the scratch copy as a list (and frozen back to a tuple).
    mutable: bool
    write: Callable[[Any], Any]
    read: Callable[[Any, str], Any]
    #: Whether a value has the right shape (so the invariants never meet a foreign value).
    shape: Callable[[Any], bool]


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _is_cards(v: Any) -> bool:
    return isinstance(v, tuple) and all(isinstance(c, Card) for c in v)


_KINDS: Final[dict[str, _Kind]] = {
    "ruleset": _Kind(False, lambda r: r.to_dict(), _read_ruleset, lambda v: isinstance(v, Ruleset)),
    "int": _Kind(False, lambda v: v, _read_int, _is_int),
    "phase": _Kind(False, lambda v: v, _read_phase, lambda v: v in PHASES),
    "hands": _Kind(
        True,
        lambda hs: [format_cards(h) for h in hs],
        _read_hands,
        lambda v: isinstance(v, tuple) and all(_is_cards(h) for h in v),
    ),
    "cards": _Kind(True, format_cards, _read_cards, _is_cards),
    # Cards a transition replaces whole rather than edits (no list copy per transition).
    "card tuple": _Kind(False, format_cards, _read_cards, _is_cards),
    "card?": _Kind(
        False, lambda c: None if c is None else str(c), _read_card, lambda v: v is None or isinstance(v, Card)
    ),
    "ints": _Kind(True, list, _read_ints, lambda v: isinstance(v, tuple) and all(_is_int(x) for x in v)),
    # The table is written together with its owners (one dict per meld): see to_dict.
    "melds": _Kind(
        True,
        lambda v: v,
        lambda v, n: v,
        lambda v: isinstance(v, tuple) and all(isinstance(m, Meld) and _is_cards(m.cards) for m in v),
    ),
    "results": _Kind(
        True,
        lambda rs: [_write_result(r) for r in rs],
        _read_results,
        lambda v: isinstance(v, tuple) and all(isinstance(r, RoundResult) for r in v),
    ),
}


@attrs.frozen
class PerSeat:
    """A blank value repeated once per seat (``blank=PerSeat(0)``: ``(0,) * players``)."""

    value: Any


#: The fields whose blank value is an argument of :func:`blank_state`.
_GIVEN: Final = "given"


def _field(
    kind: str,
    doc: str,
    blank: Any = _GIVEN,
    *,
    hidden: bool = False,
    seat: Literal["seat", "seat or -1"] | None = None,
    since: str | None = None,
    **kwargs: Any,
) -> Any:
    """A state field: its *kind* (see :data:`_KINDS`), a short *doc*, and its value in :func:`blank_state`.

    *blank* is a value, a :class:`PerSeat` value (the field holds one entry per
    seat), or ``_GIVEN`` for the fields :func:`blank_state` takes as arguments; it
    is the attrs default where the field has one and no other blank is given. A *hidden* field is one no seat's
    view shows (:data:`PUBLIC_FIELDS` are the others). *seat* says the field names
    a seat (``"seat or -1"``: or none). *since* is the first dict format that
    holds the field (older dicts lack it and the field takes its default).
    """
    if blank == _GIVEN and "default" in kwargs:
        blank = kwargs["default"]
    metadata = {"kind": kind, "doc": doc, "blank": blank, "hidden": hidden, "seat": seat, "since": since}
    return attrs.field(metadata=metadata, **kwargs)


@attrs.frozen(eq=True, repr=False)
class StateCore:
    """One position of a game as a value: immutable, comparable, serializable.

    What everyone may see (the table, the discard pile, hand sizes, the
    phase, scores) and what is hidden (the cards in each hand, the order of
    the stock) are separate fields: ``hands`` and ``stock`` are hidden.

    Every state is a :class:`~remi.GameState` (this class with the methods
    that play); construct states with :func:`~remi.new_game` or
    :meth:`~remi.GameState.from_dict`; move with :meth:`~remi.GameState.apply`.

    >>> import remi
    >>> state = remi.new_game(remi.GIN, players=2, seed=5)
    >>> state.phase, state.current_player, state.hand_sizes
    ('draw', 1, (10, 10))
    """

    #: The rules of the game.
    ruleset: Ruleset = _field("ruleset", "the rules of the game")
    #: How many seats play (seats are numbered from 0).
    players: int = _field("int", "how many seats play")
    #: The seed every shuffle and chance outcome is derived from (hidden information).
    seed: int = _field("int", "the seed of every shuffle", hidden=True)
    #: The round (deal) being played, from 1.
    round: int = _field("int", "the round being played", 1)
    #: The seat that dealt this round.
    dealer: int = _field("int", "the dealer", seat="seat")
    #: What the state waits for: ``cut``, ``draw``, ``buy``, ``play``, ``knock`` (a Gin knocker lays
    #: their melds), ``shanghai`` or ``over``.
    phase: Phase = _field("phase", "the phase", "draw")
    #: The seat whose turn it is.
    turn_player: int = _field("int", "the seat on turn", 0, seat="seat")
    #: The seat that acts now (differs from ``turn_player`` while others may buy or call Shanghai).
    to_act: int = _field("int", "the seat to act", 0, seat="seat")
    #: Each seat's hand, sorted (hidden information).
    hands: tuple[tuple[Card, ...], ...] = _field("hands", "each seat's hand", PerSeat(()), hidden=True)
    #: The stock, top card last (hidden information).
    stock: tuple[Card, ...] = _field("cards", "the stock", (), hidden=True)
    #: The discard pile, top card last.
    discard: tuple[Card, ...] = _field("cards", "the discard pile", ())
    #: Melds on the table, in the order they were laid.
    table: tuple[Meld, ...] = _field("melds", "the table melds", ())
    #: The seat that laid each table meld.
    owners: tuple[int, ...] = _field("ints", "who laid each table meld", ())
    #: For each seat, the turn in which it first went down (contract, opening or first meld; -1: not yet);
    #: in Kalooki also the turn in which a seat not yet open swapped a joker (it must open that turn).
    down: tuple[int, ...] = _field("ints", "the turn each seat went down in", PerSeat(-1))
    #: Turns begun in this round (1 for the first turn).
    turn: int = _field("int", "turns begun this round", 0)
    #: Wild cards taken back by a swap this turn, which must be played again before the turn ends.
    pending: tuple[Card, ...] = _field("cards", "wild cards to play again this turn", ())
    #: The card taken from the discard pile this turn, if any.
    taken: Card | None = _field("card?", "the card taken from the discard pile this turn", None)
    #: Seats still to be asked in a buying or Shanghai window, in order.
    queue: tuple[int, ...] = _field("ints", "seats still to be asked in a window", ())
    #: The seat that bought the previous card in this buying window (-1: none).
    last_buyer: int = _field("int", "the last buyer in this window", -1, seat="seat or -1")
    #: Cards each seat has bought this round.
    buys: tuple[int, ...] = _field("ints", "cards bought this round per seat", PerSeat(0))
    #: The seat whose discard is open to Shanghai calls (-1: none).
    shanghai_from: int = _field("int", "the seat whose discard may be called", -1, seat="seat or -1")
    #: How often the stock has been rebuilt this round (feeds the seeded shuffles).
    reshuffles: int = _field("int", "stock rebuilds this round", 0)
    #: The seat that earned the Liverpool cut bonus this round (-1: none).
    cut_bonus_seat: int = _field("int", "the seat with the cut bonus", -1, seat="seat or -1")
    #: Finished rounds.
    results: tuple[RoundResult, ...] = _field("results", "finished rounds", ())
    #: Running totals per seat.
    totals: tuple[int, ...] = _field("ints", "running totals", PerSeat(0))
    #: New melds the seat on turn has laid this turn.
    melds_this_turn: int = _field("int", "melds laid this turn", default=0)
    #: Per seat, the cards it took openly (from the discard pile, by buying, or a joker taken
    #: back) this round and still holds: public knowledge about a hidden hand.
    known: tuple[tuple[Card, ...], ...] = _field(
        "hands", "cards known to be in each hand", PerSeat(()), since="remi-state/2", default=()
    )
    #: Turns in a row begun with a stock that cannot be drawn, with nothing laid on the table
    #: (the guard of docs/rules/index.rst, shared-round-cannot-progress).
    idle_turns: int = _field(
        "int", "idle turns in a row with an empty stock", since="remi-state/2", default=0
    )
    #: The cards chosen so far for a meld laid card by card (docs/rules/norwegian.rst,
    #: norwegian-build-card-by-card), ascending; empty when no meld is being built. They stay in the hand
    #: until the meld is laid, and the table sees them chosen.
    building: tuple[Card, ...] = _field(
        "card tuple", "cards chosen for a meld laid card by card", since="remi-state/3", default=()
    )
    # A cache of legal_actions(); never part of the value, never copied by attrs.evolve.
    _legal: list[Action] | None = attrs.field(default=None, init=False, eq=False, hash=False, repr=False)

    def __attrs_post_init__(self) -> None:
        if not self.known and isinstance(self.players, int) and not isinstance(self.players, bool):
            object.__setattr__(self, "known", ((),) * max(self.players, 0))

    # -- public views ---------------------------------------------------------------------
    @property
    def current_player(self) -> int:
        """The seat that must act now; -1 once the game is over.

        >>> import remi
        >>> remi.new_game(remi.NORWEGIAN, players=4, seed=1).apply("draw").current_player
        2
        """
        return -1 if self.phase == "over" else self.to_act

    @property
    def is_over(self) -> bool:
        """Whether the match has ended.

        >>> import remi
        >>> remi.new_game(remi.NORWEGIAN, seed=1).is_over
        False
        """
        return self.phase == "over"

    @property
    def scores(self) -> tuple[int, ...]:
        """Each seat's running total.

        >>> import remi
        >>> remi.new_game(remi.NORWEGIAN, players=3, seed=1).scores
        (0, 0, 0)
        """
        return self.totals

    @property
    def winners(self) -> tuple[int, ...]:
        """The seats with the best total (lowest or highest, as the ruleset says); empty until the end.

        >>> import remi
        >>> remi.new_game(remi.GIN, players=2, seed=1).winners
        ()
        """
        return winners_of(self.totals, self.ruleset) if self.is_over else ()

    @property
    def contract(self) -> str:
        """This round's contract, as text (contract games).

        >>> import remi
        >>> remi.new_game(remi.NORWEGIAN, seed=1).contract
        '2 sets'
        """
        return str(contract_for(self.round, self.ruleset))

    @property
    def hand_sizes(self) -> tuple[int, ...]:
        """How many cards each seat holds (public).

        >>> import remi
        >>> remi.new_game(remi.NORWEGIAN, players=3, seed=1).hand_sizes
        (10, 10, 10)
        """
        return tuple(map(len, self.hands))

    @property
    def discard_top(self) -> Card | None:
        """The top card of the discard pile, or ``None``.

        >>> import remi
        >>> remi.new_game(remi.NORWEGIAN, players=4, seed=1).discard_top
        Card('♠6')
        """
        return self.discard[-1] if self.discard else None

    # -- text --------------------------------------------------------------------------------------
    def __repr__(self) -> str:
        whose = "match over" if self.is_over else f"seat {self.to_act} to act"
        return f"<GameState {self.ruleset.name} round {self.round} {self.phase} {whose}>"

    def __str__(self) -> str:
        """A summary for a person: the game, the phase and whose turn, the table, the piles, the counts.

        The lines are: the ruleset's name, players, round and dealer; the phase and
        the seats on turn and to act (left out once the match is over); one line per
        table meld, ``[N]`` being the number actions use (``off ♣9 2``) and the seat
        that laid it; the discard pile's top card (``-`` when empty) with its size and
        the stock's size; the hand sizes by seat; the match totals by seat. Hands stay
        hidden (:meth:`view` shows a seat's own; :meth:`position` writes everything).

        >>> import remi
        >>> print(remi.new_game(remi.GIN, players=2, seed=1))
        Gin Rummy, 2 players, round 1, dealer seat 0
        phase draw, seat 1's turn, seat 1 to act
        discard top ♦9 (1 card), stock 31
        hand sizes 10 10
        totals 0 0
        """
        lines = [
            f"{self.ruleset.name}, {self.players} players, round {self.round}, dealer seat {self.dealer}",
            f"phase {self.phase}"
            + ("" if self.is_over else f", seat {self.turn_player}'s turn, seat {self.to_act} to act"),
        ]
        for number, (meld, owner) in enumerate(zip(self.table, self.owners)):
            lines.append(f"  [{number}] {meld}  (seat {owner})")
        pile = len(self.discard)
        lines.append(
            f"discard top {self.discard_top or '-'} ({pile} card{'' if pile == 1 else 's'}), stock {len(self.stock)}"
        )
        lines.append("hand sizes " + " ".join(str(n) for n in self.hand_sizes))
        lines.append("totals " + " ".join(str(t) for t in self.totals))
        return "\n".join(lines)

    # -- invariants and serialization ---------------------------------------------------------------
    def check_invariants(self) -> None:
        """Raise :class:`~remi.StateError` naming every broken invariant (cards, seats, phases).

        >>> import attrs, remi
        >>> state = remi.new_game(remi.NORWEGIAN, seed=1)
        >>> state.check_invariants()
        >>> attrs.evolve(state, stock=state.stock[1:]).check_invariants()
        Traceback (most recent call last):
        ...
        remi.StateError: The state is inconsistent: cards missing: ♣4.
        """
        problems = invariant_problems(self)
        if problems:
            raise StateError(
                "broken-invariant",
                msg("The state is inconsistent: {problems}.", problems=semicolons(problems)),
            )

    def to_dict(self) -> StateDict:
        """Return a JSON-ready dict; :meth:`from_dict` reads it back to an equal state.

        >>> import remi
        >>> state = remi.new_game(remi.NORWEGIAN, seed=1)
        >>> data = state.to_dict()
        >>> data["format"], data["phase"], data["discard"], remi.GameState.from_dict(data) == state
        ('remi-state/4', 'draw', '♠6', True)
        """
        out: dict[str, Any] = {"format": FORMAT}
        for name, kind in _SERIAL:
            out[name] = kind.write(getattr(self, name))
        out["table"] = [
            {
                "owner": owner,
                "kind": meld.kind,
                "cards": format_cards(meld.cards),
                "wild": list(meld.wild),
                "rank": meld.rank,
                "suit": meld.suit,
            }
            for meld, owner in zip(self.table, self.owners)
        ]
        return out


#: The value fields in declaration order with their kinds (the ``_legal`` cache is not a field of the value).
FIELDS: Final[tuple[tuple[str, _Kind], ...]] = tuple(
    (f.name, _KINDS[f.metadata["kind"]]) for f in attrs.fields(StateCore) if "kind" in f.metadata
)
#: The fields written to the dict form by their kind; the table goes with its owners.
_SERIAL: Final = tuple((name, kind) for name, kind in FIELDS if name not in ("table", "owners"))
#: Fields an older dict may lack (they take their default), by the formats that lack them.
_NEW_FIELDS: Final = {
    f.name: _OLD_FORMATS[: _OLD_FORMATS.index(f.metadata["since"])]
    for f in attrs.fields(StateCore)
    if f.metadata.get("since")
}


#: The keys a state dict may hold (docs/game.rst, game-state-dict).
_KEYS: Final = frozenset({"format", "table", *(name for name, _ in _SERIAL)})
#: The keys of one table meld in a state dict.
_MELD_KEYS: Final = frozenset({"owner", "kind", "cards", "wild", "rank", "suit"})


S = TypeVar("S", bound=StateCore)
T = TypeVar("T")


def require_state(value: object, name: str = "state") -> GameState:
    """*value* as a state: a :class:`TypeError` naming the argument *name* for anything else.

    >>> require_state("draw", "initial")
    Traceback (most recent call last):
    ...
    TypeError: initial must be a remi.GameState, not str 'draw'.
    """
    if not isinstance(value, StateCore):
        raise TypeError(f"{name} must be a remi.GameState, not {type(value).__name__} {value!r:.60}.")
    return cast("GameState", value)  # every state is a GameState


def read_dict(data: Any, state_type: type[S]) -> S:
    """The state of type *state_type* a dict describes, with its invariants and hand sizes checked.

    Malformed input and a broken invariant raise :class:`~remi.StateError`; whether the
    state can play on is :meth:`~remi.GameState.from_dict`'s last check.
    """
    try:
        state = _from_dict(data, state_type)
    except RemiError as exc:
        if isinstance(exc, StateError):
            raise
        raise StateError(exc.code, msg("The state dict is malformed: {reason}", reason=exc.reason)) from None
    except KeyError as exc:
        raise StateError(
            "malformed-state", msg("The state dict is malformed: missing field {field}.", field=str(exc))
        ) from None
    except (TypeError, ValueError, IndexError, AttributeError) as exc:
        # Python's own words about a value of the wrong type: data, not a remi sentence.
        raise StateError(
            "malformed-state", msg("The state dict is malformed: {detail}.", detail=str(exc))
        ) from None
    state.check_invariants()
    for seat, reason in hand_size_problems(state):
        raise StateError(
            "broken-invariant",
            msg("The state is inconsistent: seat {seat}: {reason}", seat=seat, reason=reason),
        )
    return state


def _from_dict(data: Any, state_type: type[S]) -> S:
    if not isinstance(data, dict):
        raise StateError(
            "malformed-state", msg("A state must be a dict, not {type}.", type=type(data).__name__)
        )
    fmt = data.get("format")
    if fmt != FORMAT and fmt not in _OLD_FORMATS:
        readable = and_list([repr(f) for f in (*_OLD_FORMATS, FORMAT)])
        if "format" not in data:
            raise StateError(
                "unknown-format",
                msg("The state dict has no 'format' key; this version reads {formats}.", formats=readable),
            )
        raise StateError(
            "unknown-format",
            msg(
                "This version reads state formats {formats}, not {format!r}; a newer format needs a newer remi.",
                formats=readable,
                format=fmt,
            ),
        )
    unknown = sorted(str(key) for key in data if key not in _KEYS)
    if unknown:
        raise StateError(
            "malformed-state",
            nmsg(
                "The state dict is malformed: unknown key {keys}.",
                "The state dict is malformed: unknown keys {keys}.",
                len(unknown),
                keys=", ".join(repr(k) for k in unknown),
            ),
        )
    if fmt in _OLD_FORMATS and data.get("phase") == "knock":
        raise StateError(
            "malformed-state",
            msg(
                "The state dict is malformed: the knock phase came with {want!r}, not {format!r}.",
                want=FORMAT,
                format=fmt,
            ),
        )
    values: dict[str, Any] = {}
    for name, kind in _SERIAL:
        if name not in data and fmt in _NEW_FIELDS.get(name, ()):
            continue
        values[name] = kind.read(data[name], name)
    raw_table = data["table"]
    if not isinstance(raw_table, list):
        raise StateError("malformed-state", msg("The state dict is malformed: table must be a list."))
    pairs = [_read_meld(item) for item in raw_table]
    values["table"] = tuple(m for m, _ in pairs)
    values["owners"] = tuple(o for _, o in pairs)
    return state_type(**values)


def blank_state(state_type: type[S], ruleset: Ruleset, players: int, seed: int, dealer: int) -> S:
    """A state before any deal: round 1, no cards anywhere, nobody down, no scores (not yet playable).

    Each field takes its ``blank`` metadata (one per seat for a :class:`PerSeat` value);
    the ruleset, the number of players, the seed and the dealer are given.
    """
    given = {"ruleset": ruleset, "players": players, "seed": seed, "dealer": dealer}
    values: list[Any] = []
    for name, blank in _BLANKS:
        if isinstance(blank, PerSeat):
            values.append((blank.value,) * players)
        else:
            values.append(given[name] if blank == _GIVEN else blank)
    return build_state(state_type, values)


# -- the scratch copy -------------------------------------------------------------------------------


class Scratch:
    """A mutable scratch copy of a state used inside one transition.

    ``of`` and ``freeze`` are driven by :data:`FIELDS`, so a new field needs
    no change to them: list-valued kinds are copied to lists and frozen back to
    tuples, and :meth:`freeze` builds a state of the type it was copied from
    (every state is a :class:`~remi.GameState`). The annotations below are
    the fields as a transition sees them, for the type checker;
    tests/test_game_api.py checks they name every field, as a list where
    the kind is mutable.
    """

    __slots__ = ("__dict__", "state_type")

    #: The type :meth:`freeze` builds: the type of the state copied.
    state_type: type[GameState]
    # The fields as a transition sees them.
    ruleset: Ruleset
    players: int
    seed: int
    round: int
    dealer: int
    phase: Phase
    turn_player: int
    to_act: int
    hands: list[tuple[Card, ...]]
    stock: list[Card]
    discard: list[Card]
    table: list[Meld]
    owners: list[int]
    down: list[int]
    turn: int
    pending: list[Card]
    taken: Card | None
    queue: list[int]
    last_buyer: int
    buys: list[int]
    shanghai_from: int
    reshuffles: int
    cut_bonus_seat: int
    results: list[RoundResult]
    totals: list[int]
    melds_this_turn: int
    known: list[tuple[Card, ...]]
    idle_turns: int
    building: tuple[Card, ...]

    @classmethod
    def of(cls, s: StateCore) -> Scratch:
        """A scratch copy of *s*."""
        w = cls.__new__(cls)
        w.state_type = type(s)  # type: ignore[assignment]  # every state is a GameState
        values = w.__dict__
        values.update(zip(_NAMES, _get_all(s)))
        for name in _MUTABLE:
            values[name] = list(values[name])
        return w

    def freeze(self) -> GameState:
        """The state this scratch copy describes (the copy is spent)."""
        values = list(map(self.__dict__.__getitem__, _NAMES))
        for index in _MUTABLE_AT:
            values[index] = tuple(values[index])
        return build_state(self.state_type, values)

    # -- small helpers ---------------------------------------------------------------------
    def give(self, seat: int, *cards: Card) -> None:
        """Put *cards* into *seat*'s hand, keeping it sorted."""
        if len(cards) == 1:
            self.hands[seat] = hand_with(self.hands[seat], cards[0])
            return
        self.hands[seat] = sorted_hand((*self.hands[seat], *cards))

    def take_from_hand(self, seat: int, card: Card) -> None:
        """Take one *card* out of *seat*'s hand; a known copy of it is no longer known."""
        self.hands[seat] = hand_without(self.hands[seat], card)
        self.forget(seat, card)

    def learn(self, seat: int, card: Card) -> None:
        """Record that everyone saw *card* go into *seat*'s hand."""
        self.known[seat] = sorted_hand((*self.known[seat], card))

    def forget(self, seat: int, card: Card) -> None:
        """*seat* played one copy of *card* openly: it is no longer known to be in the hand."""
        self.known[seat] = known_without(self.known[seat], card)


def hand_with(hand: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    """The sorted *hand* with *card* put in its place (equal codes are the same card).

    >>> format_cards(hand_with(parse_cards("♠A ♠3 ♥2"), Card.from_code(1)))
    '♠A ♠2 ♠3 ♥2'
    """
    at = bisect.bisect_right(hand, card.code, key=CARD_CODE)
    return (*hand[:at], card, *hand[at:])


def hand_without(hand: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    """The sorted *hand* less one *card*, which it holds.

    >>> format_cards(hand_without(parse_cards("♠A ♠2 ♠2 ♥2"), Card.from_code(1)))
    '♠A ♠2 ♥2'
    """
    at = bisect.bisect_left(hand, card.code, key=CARD_CODE)
    if at < len(hand) and hand[at] is card:
        return hand[:at] + hand[at + 1 :]
    rest = list(hand)  # a hand set up unsorted
    rest.remove(card)
    return tuple(rest)


def known_without(known: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    """The *known* cards less one *card*, when they hold one (else *known* as it is).

    >>> format_cards(known_without(parse_cards("♠A ♥2"), Card.from_code(1)))
    '♠A ♥2'
    >>> format_cards(known_without(parse_cards("♠A ♠2 ♥2"), Card.from_code(1)))
    '♠A ♥2'
    """
    for at, held in enumerate(known):
        if held is card:  # cards are interned: one object per card
            return known[:at] + known[at + 1 :]
    return known


def with_changes(s: S, **changes: Any) -> S:
    """*s* with a few fields replaced (tuples for list-valued ones), without a scratch copy of the rest.

    >>> import remi
    >>> state = remi.new_game(remi.GIN, players=2, seed=5)
    >>> with_changes(state, idle_turns=1) == attrs.evolve(state, idle_turns=1)
    True
    """
    values = list(_get_all(s))
    for name, value in changes.items():
        values[_AT[name]] = value
    return build_state(type(s), values)


class Opened(Protocol):
    """A new state being filled in by a transition's fast path: the fields it sets (see :func:`opened`)."""

    hands: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...]
    discard: tuple[Card, ...]
    table: tuple[Meld, ...]
    owners: tuple[int, ...]
    down: tuple[int, ...]
    building: tuple[Card, ...]
    known: tuple[tuple[Card, ...], ...]
    taken: Card | None
    phase: Phase
    turn: int
    turn_player: int
    to_act: int
    pending: tuple[Card, ...]
    queue: tuple[int, ...]
    last_buyer: int
    buys: tuple[int, ...]
    shanghai_from: int
    melds_this_turn: int
    idle_turns: int


def opened(s: StateCore) -> Opened:
    """A copy of *s* whose fields may be set until :func:`sealed` makes it a state of *s*'s type.

    What :func:`with_changes` does, for the transitions that change a few fields
    often: the copy is an instance of a subclass of *s*'s type that adds no slot
    and lets attributes be set (:func:`loose_subclass`), filled field by field
    from *s*; the transition sets what changes by plain assignment.

    >>> import remi
    >>> state = remi.new_game(remi.GIN, players=2, seed=5)
    >>> copy = opened(state)
    >>> copy.idle_turns = 1
    >>> sealed(copy) == with_changes(state, idle_turns=1)
    True
    """
    state_type = type(s)
    made = object.__new__(_LOOSE.get(state_type) or loose_subclass(state_type))
    _copy_fields(made, s)
    return cast("Opened", made)


def sealed(copy: Opened) -> GameState:
    """The state an :func:`opened` copy holds, frozen from now on (the copy is spent)."""
    made = cast("Any", copy)
    made.__class__ = type(made).__base__  # the state type the copy was opened from
    return cast("GameState", made)


def _copy_fields(made: Any, s: StateCore) -> None:
    """Set every field of *made* to *s*'s, and the legal-action cache to none (written out: see :func:`_get_all`)."""
    made.ruleset = s.ruleset
    made.players = s.players
    made.seed = s.seed
    made.round = s.round
    made.dealer = s.dealer
    made.phase = s.phase
    made.turn_player = s.turn_player
    made.to_act = s.to_act
    made.hands = s.hands
    made.stock = s.stock
    made.discard = s.discard
    made.table = s.table
    made.owners = s.owners
    made.down = s.down
    made.turn = s.turn
    made.pending = s.pending
    made.taken = s.taken
    made.queue = s.queue
    made.last_buyer = s.last_buyer
    made.buys = s.buys
    made.shanghai_from = s.shanghai_from
    made.reshuffles = s.reshuffles
    made.cut_bonus_seat = s.cut_bonus_seat
    made.results = s.results
    made.totals = s.totals
    made.melds_this_turn = s.melds_this_turn
    made.known = s.known
    made.idle_turns = s.idle_turns
    made.building = s.building
    made._legal = None


def build_state(state_type: type[S], values: Sequence[Any]) -> S:
    """The state of *state_type* whose fields are *values*, in field order: ``state_type(*values)``, faster.

    A frozen attrs ``__init__`` sets each field through ``object.__setattr__``;
    here they are stored by plain attribute assignment (:func:`fast_builder`):
    the value is the one ``__init__`` makes (tests/test_fastpath.py compares
    them), frozen from then on. The values are trusted (the engine's, shaped
    as the fields are); ``known`` given empty is filled in as
    ``__attrs_post_init__`` does.

    >>> import remi
    >>> state = remi.new_game(remi.GIN, players=2, seed=5)
    >>> build_state(type(state), _get_all(state)) == state
    True
    """
    builder = _BUILDERS.get(state_type) or _builder_of(state_type)
    state: S = builder(*values)
    if not state.known:
        state.__attrs_post_init__()
    return state


def _builder_of(state_type: type[S]) -> Callable[..., S]:
    """The builder of *state_type*'s states (:func:`fast_builder`), made on first use and kept."""
    builder = _BUILDERS[state_type] = fast_builder(state_type, _NAMES, ("_legal",))
    return builder


def fast_builder(cls: type[T], names: Sequence[str], unset: Sequence[str] = ()) -> Callable[..., T]:
    """A function of the fields *names*, in order, that makes a *cls* (a frozen attrs class) with them.

    The fields *unset* (caches, ``init=False``) are set to ``None``; *names*
    and *unset* must name every slot of *cls*. A frozen ``__init__`` calls
    ``object.__setattr__`` per field; the function instead makes an instance
    of a subclass of *cls* that adds no slot and lets attributes be set,
    stores the fields with the ``__init__`` attrs writes for a plain class of
    the same field names (``self.name = name``: the interpreter's fast path
    for slots) and gives the instance *cls* as its class. The layout is the
    same, so the value is an ordinary frozen *cls*.
    """
    loose = loose_subclass(cls)
    plain = attrs.make_class(
        f"_Plain{cls.__name__}",
        {name: attrs.field() for name in (*names, *unset)},
        slots=False,
        frozen=False,
        eq=False,
        order=False,
        hash=False,
        repr=False,
    )
    store: Callable[..., None] = vars(plain)["__init__"]  # attrs writes it on the class
    nones = (None,) * len(unset)
    new = object.__new__

    def build(*values: Any) -> T:
        made = new(loose)
        store(made, *values, *nones)
        made.__class__ = cls
        return cast("T", made)

    return build


def loose_subclass(cls: type[Any]) -> type[Any]:
    """The subclass of *cls* the builders fill: no slot of its own, attributes set as in any class.

    The builders skip ``__init__``, so *cls* may have no field with a validator or a converter.
    """
    loose = _LOOSE.get(cls)
    if loose is None:
        if any(f.validator or f.converter for f in attrs.fields(cls)):  # pragma: no cover - a new field
            raise TypeError(
                f"{cls.__name__} has a field with a validator or converter: build it with __init__"
            )
        loose = _LOOSE[cls] = type(
            f"_Building{cls.__name__}",
            (cls,),
            {"__slots__": (), "__setattr__": object.__setattr__, "__delattr__": object.__delattr__},
        )
    return loose


#: The subclass the builders fill, per class built (:func:`loose_subclass`).
_LOOSE: Final[dict[type[Any], type[Any]]] = {}

_VALUE_FIELDS: Final = tuple(f for f in attrs.fields(StateCore) if "kind" in f.metadata)
_NAMES: Final = tuple(name for name, _ in FIELDS)
#: Each field's name and blank value, in field order (:func:`blank_state`).
_BLANKS: Final = tuple((f.name, f.metadata["blank"]) for f in _VALUE_FIELDS)
#: The fields with one entry per seat.
_PER_SEAT: Final = tuple(f.name for f in _VALUE_FIELDS if isinstance(f.metadata["blank"], PerSeat))
#: The fields that name a seat, and those that name a seat or -1 (none).
_SEATS: Final = tuple(f.name for f in _VALUE_FIELDS if f.metadata["seat"] == "seat")
_SEATS_OR_NONE: Final = tuple(f.name for f in _VALUE_FIELDS if f.metadata["seat"] == "seat or -1")
#: The fields every seat sees (a view holds each of them under the same name).
PUBLIC_FIELDS: Final = tuple(f.name for f in _VALUE_FIELDS if not f.metadata["hidden"])
_MUTABLE: Final = tuple(name for name, kind in FIELDS if kind.mutable)
#: Each field's place in field order (the positional arguments of a state), and the list-valued ones'.
_AT: Final = {name: index for index, name in enumerate(_NAMES)}
_MUTABLE_AT: Final = tuple(_AT[name] for name in _MUTABLE)


def _get_all(s: StateCore) -> tuple[Any, ...]:
    """Every field of *s*, in field order (what ``operator.attrgetter(*_NAMES)`` gives, several times faster).

    Written out field by field: the interpreter reads a slot it names in the code
    far faster than a getter that looks each name up. The names are checked
    against the fields at import.
    """
    return (
        s.ruleset,
        s.players,
        s.seed,
        s.round,
        s.dealer,
        s.phase,
        s.turn_player,
        s.to_act,
        s.hands,
        s.stock,
        s.discard,
        s.table,
        s.owners,
        s.down,
        s.turn,
        s.pending,
        s.taken,
        s.queue,
        s.last_buyer,
        s.buys,
        s.shanghai_from,
        s.reshuffles,
        s.cut_bonus_seat,
        s.results,
        s.totals,
        s.melds_this_turn,
        s.known,
        s.idle_turns,
        s.building,
    )


if _get_all.__code__.co_names != _NAMES or _copy_fields.__code__.co_names != (*_NAMES, "_legal"):
    raise AssertionError(
        "_get_all or _copy_fields no longer names every field of a state in order"
    )  # pragma: no cover
#: The builder of each state type met (:func:`build_state`).
_BUILDERS: Final[dict[type[Any], Callable[..., Any]]] = {}


# -- shape and invariants ------------------------------------------------------------------------------


def _shape_problems(s: StateCore) -> list[Message]:
    """Type and shape checks from the field table, so the deeper checks never meet a foreign value."""
    problems = [
        msg("{name} has the wrong type or shape", name=name)
        for name, kind in FIELDS
        if not kind.shape(getattr(s, name))
    ]
    return problems


def _size_problems(s: StateCore) -> list[Message]:
    rules, n = s.ruleset, s.players
    if not rules.min_players <= n <= rules.max_players:
        return [
            nmsg(
                "{n} players is outside {least}-{most}",
                "{n} players is outside {least}-{most}",
                n,
                least=rules.min_players,
                most=rules.max_players,
            )
        ]
    return [
        msg(
            "{name} has {entries} entries for {players} players",
            name=name,
            entries=len(getattr(s, name)),
            players=n,
        )
        for name in _PER_SEAT
        if len(getattr(s, name)) != n
    ]


def _seat_problems(s: StateCore) -> list[Message]:
    n = s.players
    problems: list[Message] = []
    for name in _SEATS:
        if not 0 <= getattr(s, name) < n:
            problems.append(msg("{name} {seat} is not a seat", name=name, seat=getattr(s, name)))
    for name in _SEATS_OR_NONE:
        if not -1 <= getattr(s, name) < n:
            problems.append(msg("{name} {seat} is not a seat", name=name, seat=getattr(s, name)))
    if len(s.table) != len(s.owners):
        problems.append(msg("table and owners differ in length"))
    if any(not 0 <= o < n for o in s.owners):
        problems.append(msg("a table meld has an owner who is not a seat"))
    if any(not 0 <= q < n for q in s.queue):
        problems.append(msg("the window's queue holds a seat that does not exist"))
    return problems


def _card_problems(s: StateCore) -> list[Message]:
    """Every card once per copy of the pack, hands sorted, table melds legal, and the cards each part names held.

    Counted by card code in lists (a Counter hashes each card in Python: this check runs
    on every state ``from_dict`` reads, and it was a fifth of a whole-match sweep).
    """
    rules = s.ruleset
    problems: list[Message] = []
    decks, jokers = rules.pack_for(s.players)
    if decks < 1 or jokers < 0:
        make_pack(decks, jokers)  # its refusal
    pack = [decks] * 52 + [jokers]
    seen = [0] * 53
    for hand in s.hands:
        codes = [card.code for card in hand]
        for code in codes:
            seen[code] += 1
        if codes != sorted(codes):
            problems.append(msg("a hand is not sorted"))
    for part in (s.stock, s.discard):
        for card in part:
            seen[card.code] += 1
    for meld in s.table:
        for card in meld.cards:
            seen[card.code] += 1
        verdict = validate_meld(meld, rules)
        if not verdict.ok:
            problems.append(
                msg("table meld {meld} is not legal ({reason})", meld=meld, reason=verdict.reason)
            )
    if seen != pack:
        problems.extend(_count_problems(seen, pack))
    return problems + _held_problems(s, rules)


def _count_problems(seen: list[int], pack: list[int]) -> list[Message]:
    """The cards *seen* holds beyond the *pack*'s counts, and those it lacks (counts by card code)."""
    problems: list[Message] = []
    extra = [CARDS[code] for code in range(53) for _ in range(seen[code] - pack[code])]
    missing = [CARDS[code] for code in range(53) for _ in range(pack[code] - seen[code])]
    if extra:
        problems.append(
            msg("cards that are not in the pack or appear too often: {cards}", cards=sorted_hand(extra))
        )
    if missing:
        problems.append(msg("cards missing: {cards}", cards=sorted_hand(missing)))
    return problems


def _not_within(part: Sequence[Card], whole: Sequence[Card]) -> bool:
    """Whether *part* holds a card more often than *whole* does."""
    return bool(part) and bool(Counter(part) - Counter(whole))


def _held_problems(s: StateCore, rules: Ruleset) -> list[Message]:
    """The known cards, the pending jokers and the meld being built: each held where it must be."""
    problems: list[Message] = []
    for seat, known in enumerate(s.known):
        if _not_within(known, s.hands[seat]):
            problems.append(msg("seat {seat}'s known cards are not all in its hand", seat=seat))
    if _not_within(s.pending, s.hands[s.turn_player]):
        problems.append(msg("a pending joker is not in the hand of the seat on turn"))
    if any(not is_wild(card, rules) for card in s.pending):
        problems.append(msg("a pending card is not a wild card taken back by a swap"))
    if _not_within(s.building, s.hands[s.turn_player]):
        problems.append(msg("a card of the meld being built is not in the hand of the seat on turn"))
    if any(a.code > b.code for a, b in zip(s.building, s.building[1:])):
        problems.append(msg("the cards of the meld being built are not in ascending order"))
    return problems


def _phase_problems(s: StateCore) -> list[Message]:
    """What the phase rules out, in the order the reasons are listed: the game and the round, the
    window of seats asked, what a turn carries, the knock."""
    return _ruled_out_problems(s) + _window_problems(s) + _turn_problems(s) + _knock_problems(s)


def _ruled_out_problems(s: StateCore) -> list[Message]:
    """A phase the ruleset has no room for, or that the round has not reached."""
    rules = s.ruleset
    problems: list[Message] = []
    if s.phase == "cut":
        if not rules.liverpool_cut:
            problems.append(msg("a cut in a game without the Liverpool cut"))
        if any(s.hands) or s.discard or s.table:
            problems.append(msg("cards are dealt before the cut"))
    if s.phase == "buy" and not rules.buying:
        problems.append(msg("a buying window in a game without buying"))
    if s.phase == "shanghai" and not rules.shanghai:
        problems.append(msg("a Shanghai window in a game without Shanghai calls"))
    if s.phase in ("draw", "buy", "play", "knock", "shanghai") and s.turn < 1:
        problems.append(msg("a turn is under way before the first turn"))
    if s.phase in ("buy", "play") and not s.hands[s.turn_player]:
        problems.append(msg("the seat on turn holds no cards to play or discard"))
    if s.phase == "over" and not s.results:
        problems.append(msg("the match is over with no round played"))
    return problems


def _window_problems(s: StateCore) -> list[Message]:
    """Who acts, and the queue of seats a buying or Shanghai window asks."""
    problems: list[Message] = []
    if s.phase in ("draw", "play", "knock", "cut") and s.to_act != s.turn_player:
        problems.append(msg("the seat to act is not the seat on turn"))
    if s.phase in ("buy", "shanghai") and (not s.queue or s.queue[0] != s.to_act):
        problems.append(msg("the window's queue does not start with the seat to act"))
    if s.phase == "shanghai":
        problems += _shanghai_problems(s)
    if s.phase == "buy" and not s.discard:
        problems.append(msg("a buying window with nothing to buy"))
    if s.phase not in ("buy", "shanghai") and s.queue:
        problems.append(msg("a queue of seats is open outside a buying or Shanghai window"))
    if len(set(s.queue)) != len(s.queue) or (s.turn_player in s.queue and s.phase == "buy"):
        problems.append(msg("the window's queue repeats a seat or holds the seat on turn"))
    return problems


def _shanghai_problems(s: StateCore) -> list[Message]:
    """A Shanghai window: a discarder with a discard, asking seats that may call."""
    n = s.players
    problems: list[Message] = []
    if not 0 <= s.shanghai_from < n or not s.discard:
        problems.append(msg("a Shanghai window needs a discarder and a discard"))
    if s.shanghai_from in s.queue:
        problems.append(msg("the discarder is asked to call Shanghai on their own card"))
    if any(len(s.hands[q]) < 2 for q in s.queue if 0 <= q < n):
        problems.append(msg("a seat asked to call Shanghai holds fewer than two cards"))
    return problems


def _turn_problems(s: StateCore) -> list[Message]:
    """What a turn carries (pending jokers, the taken card, a meld being built) and the window marks."""
    rules, n = s.ruleset, s.players
    problems: list[Message] = []
    if s.phase != "play" and (s.pending or s.taken is not None or s.building):
        problems.append(msg("a turn's pending jokers, taken card or meld being built outlive the play phase"))
    if s.building and not _builds(s):
        problems.append(msg("a meld is being built card by card where melds go down whole"))
    if s.pending and not rules.swapped_joker_same_turn:
        problems.append(msg("a joker waits to be played again in a game where a swapped joker may be kept"))
    if s.phase != "buy" and s.last_buyer != -1:
        problems.append(msg("a last buyer is set outside a buying window"))
    if s.phase != "shanghai" and s.shanghai_from != -1:
        problems.append(msg("a Shanghai discarder is set outside a Shanghai window"))
    if s.phase == "draw" and not s.stock and not s.discard:
        problems.append(msg("the seat on turn has nothing to draw or take"))
    if not 0 <= s.idle_turns <= n:
        problems.append(msg("idle_turns {idle} is outside 0-{most}", idle=s.idle_turns, most=n))
    return problems


def _knock_problems(s: StateCore) -> list[Message]:
    """The knock phase (docs/rules/gin.rst, gin-knocker-chooses) and the table of a game that lays nothing in play."""
    policy = policy_for(s.ruleset)
    problems: list[Message] = []
    if s.phase == "knock":
        if not policy.knocks:
            problems.append(msg("a knock phase in a game that is not ended by knocking"))
        if not s.discard:
            problems.append(msg("a knock phase with no knocked card on the discard pile"))
        if s.known[s.turn_player] != s.hands[s.turn_player]:
            problems.append(msg("the knocker's cards are not all shown (known) in the knock phase"))
    if policy.table_play or not s.table:
        return problems
    if s.phase not in ("knock", "over"):
        problems.append(
            msg("a table meld outside the knock phase of a game where nothing is laid during play")
        )
    if any(owner != s.turn_player for owner in s.owners):
        problems.append(msg("a table meld of a knock laid by a seat other than the knocker"))
    keys = [meld_sort_key(meld) for meld in s.table]
    if any(a > b for a, b in zip(keys, keys[1:])):
        problems.append(msg("the knocker's melds are not laid in ascending order"))
    return problems


def _builds(s: StateCore) -> bool:
    return policy_for(s.ruleset).builds(cast("GameState", s))  # every state is a GameState


def _counter_problems(s: StateCore) -> list[Message]:
    """The round's counters, then the finished rounds' results."""
    return _round_counter_problems(s) + _result_problems(s)


def _round_counter_problems(s: StateCore) -> list[Message]:
    """The round number and the counters of this round (turns, buys, melds laid, the cut bonus)."""
    rules = s.ruleset
    problems: list[Message] = []
    if rules.contracts and not 1 <= s.round <= len(rules.contracts):
        problems.append(msg("round {round} does not exist", round=s.round))
    if s.round < 1:
        problems.append(msg("round {round} does not exist", round=s.round))
    if s.turn < 0 or s.reshuffles < 0 or s.melds_this_turn < 0 or any(b < 0 for b in s.buys):
        problems.append(msg("a counter is negative"))
    if any(not -1 <= d <= s.turn for d in s.down):
        problems.append(msg("a seat is down in a turn that has not happened"))
    limit = rules.max_buys_per_round
    if limit is not None and any(b > limit for b in s.buys):
        problems.append(
            nmsg(
                "a seat has bought more than {n} card this round",
                "a seat has bought more than {n} cards this round",
                limit,
            )
        )
    if not rules.buying and any(s.buys):
        problems.append(msg("cards were bought in a game without buying"))
    if s.cut_bonus_seat != -1 and not rules.liverpool_cut:
        problems.append(msg("a cut bonus in a game without the Liverpool cut"))
    if rules.melds_per_turn is not None and s.melds_this_turn > rules.melds_per_turn:
        problems.append(msg("more melds were laid this turn than the ruleset allows"))
    return problems


def _result_problems(s: StateCore) -> list[Message]:
    """The finished rounds: each scores every seat, the totals add them up, their numbers fit the round."""
    n = s.players
    problems: list[Message] = []
    if any(len(r.points) != n for r in s.results):
        problems.append(msg("a round result does not score every seat"))
    elif list(s.totals) != [sum(r.points[i] for r in s.results) for i in range(n)]:
        problems.append(msg("the totals do not add up the round results"))
    # A position set up by hand may start at any round without the earlier results.
    numbers = [r.round for r in s.results]
    last_finished = s.round if s.phase == "over" else s.round - 1
    if numbers != sorted(set(numbers)) or any(not 1 <= r <= last_finished for r in numbers):
        problems.append(
            msg("the round results {numbers} do not fit round {round}", numbers=str(numbers), round=s.round)
        )
    if any(r.went_out is not None and not 0 <= r.went_out < n for r in s.results):
        problems.append(msg("a round result names a seat that does not exist"))
    return problems


def hand_limit(s: StateCore, seat: int) -> int | None:
    """The most cards *seat* can hold in *s*, as play reaches it; ``None`` when only the pack bounds it.

    A hand holds the cards dealt, one more while its seat is on turn after drawing (the
    Slovenian starter's extra card is that one: the starter begins on turn, in the play
    phase), and two more for each card bought this round. With Shanghai calls a discarder
    takes a card blind from each caller, which no counter records, so only the pack bounds
    a hand. This is the one limit both readers apply, :meth:`GameState.from_dict` and
    :meth:`GameState.from_position` (which names the hand's line)
    (docs/positions.rst, positions-hand-sizes).
    """
    rules = s.ruleset
    if rules.shanghai:
        return None
    on_turn = seat == s.turn_player and s.phase in ("play", "buy")
    return rules.hand_size(s.players, s.round) + (1 if on_turn else 0) + 2 * s.buys[seat]


def hand_size_problems(s: StateCore) -> list[tuple[int, Message]]:
    """Hands too big for the phase, or empty while the round goes on: ``(seat, reason)`` pairs.

    Both readers refuse every problem found here. :meth:`GameState.check_invariants` does
    not look at hand sizes (a test may deal a seat every card the scenario leaves over);
    play keeps within them, which the conformance sweeps check by reading every state back.
    """
    if s.phase in ("cut", "over"):
        return []
    rules = s.ruleset
    out: list[tuple[int, Message]] = []
    for seat, hand in enumerate(s.hands):
        limit = hand_limit(s, seat)
        if (
            rules.family == "gin"
            and limit is not None
            and s.phase in ("draw", "play", "knock")
            and not any(s.buys)
        ):
            if s.phase == "knock" and seat == s.turn_player:
                # docs/rules/gin.rst, gin-knocker-chooses: the knocker's melds laid so far left the hand.
                limit -= sum(len(meld.cards) for meld in s.table)
            if len(hand) != limit:
                out.append(
                    (
                        seat,
                        nmsg(
                            "a Gin hand holds {n} card here, not {held}.",
                            "a Gin hand holds {n} cards here, not {held}.",
                            limit,
                            held=len(hand),
                        ),
                    )
                )
            continue
        if not hand and rules.family != "gin":
            out.append((seat, msg("an empty hand while the round goes on (going out ends the round).")))
        elif limit is not None and len(hand) > limit:
            out.append(
                (
                    seat,
                    nmsg(
                        "a hand of {n} card; at most {most} fit this phase.",
                        "a hand of {n} cards; at most {most} fit this phase.",
                        len(hand),
                        most=limit,
                    ),
                )
            )
    return out


def invariant_problems(s: StateCore) -> list[Message]:
    """Every broken invariant of *s*: shape and sizes first, then seats, counters, phase and cards.

    The later groups run only on a state of the right shape and sizes, and
    those that look into the seat on turn's hand only when it is a seat.
    """
    problems = _shape_problems(s) or _size_problems(s)
    if problems:
        return problems
    problems = _seat_problems(s) + _counter_problems(s)
    if not 0 <= s.turn_player < s.players:
        return problems
    return problems + _phase_problems(s) + _card_problems(s)


def winners_of(totals: Sequence[int], ruleset: Ruleset) -> tuple[int, ...]:
    """The seats with the best of *totals*: the lowest, or the highest where the ruleset says so.

    >>> import remi
    >>> winners_of((30, 12, 12), remi.NORWEGIAN), winners_of((30, 12, 12), remi.GIN)
    ((1, 2), (0,))
    """
    best = min(totals) if ruleset.lowest_wins else max(totals)
    return tuple(seat for seat, total in enumerate(totals) if total == best)
