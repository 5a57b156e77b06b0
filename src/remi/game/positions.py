"""Positions as text a person can write: :func:`position` and :func:`read_position` (:func:`remi.records.from_position`).

One ``key: value`` per line (``#`` starts a comment, ``|`` may stand for a
line break, so a position also fits on one line). Omitted fields take their
defaults; an omitted stock is the rest of the pack, shuffled by the seed.
See ``docs/positions.rst``.

>>> import remi
>>> state = remi.GameState.from_position('''
... game: gin
... hand 0: ♠A ♠2 ♠3 ♥5 ♥6 ♥7 ♦9 ♦10 ♦J ♣K
... hand 1: ♥A ♥2 ♥3 ♦4 ♦5 ♦6 ♣7 ♣8 ♣9 ♠Q
... discard: ♣2
... seed: 4
... ''')
>>> state.phase, state.current_player, len(state.stock)
('draw', 1, 31)
>>> remi.GameState.from_position(position(state)) == state
True

:func:`parse_action_in` reads what a person types in a position:

>>> str(parse_action_in(state, "TAKE"))
'take'
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Callable, Sequence
from random import Random
from typing import TYPE_CHECKING, Any, Final

import attrs

from ..actions import Action, CallShanghai, LayDown, LayOff, SwapJoker
from ..cards import Card, ascii_notation, format_cards, make_pack, parse_card, parse_cards, sorted_hand
from ..errors import IllegalActionError, NotationError, RemiError, StateError
from ..melds import Meld, parse_meld
from ..messages import Message, msg, nmsg
from ..rulesets import PRESETS, Ruleset, find_ruleset, require_ruleset
from .engine import coerce, wrong_phase_refusal
from .state import PHASES, RoundResult, StateCore, hand_size_problems, require_state

if TYPE_CHECKING:
    from . import GameState

__all__ = ["position", "read_position", "parse_action_in", "ruleset_text", "parse_ruleset_text"]

_RULESET_FIELDS: Final = tuple(a.name for a in attrs.fields(Ruleset))
_MAX_TEXT: Final = 100_000


def _quote(text: str, limit: int = 80) -> str:
    return repr(text if len(text) <= limit else text[: limit - 3] + "...")


# -- rulesets as text -------------------------------------------------------------------------------


#: Every character ``str.splitlines()`` breaks a line at; what remi writes escapes them all.
LINE_BREAKS: Final = "\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029"
_JSON_ESCAPES: Final = {ord(c): f"\\u{ord(c):04x}" for c in LINE_BREAKS + "|#"}


def _option_json(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_option_json(v) for v in value]
    if isinstance(value, dict):
        if set(value) == {"sets", "runs"}:
            return [value["sets"], value["runs"]]
        return {k: _option_json(v) for k, v in value.items()}
    return value


def _option_text(value: Any) -> str:
    if value is True:
        return "true"
    if value is False:
        return "false"
    if value is None:
        return "none"
    if isinstance(value, int):
        return str(value)
    if (
        isinstance(value, str)
        and re.fullmatch(r"[a-z][a-z0-9-]*", value)
        and value not in ("true", "false", "none", "null")
    ):
        return value
    text = json.dumps(_option_json(value), ensure_ascii=False, separators=(",", ":"))
    # "|" and "#" mean a line break and a comment in a position, and JSON leaves \x85, \u2028 and
    # \u2029 as they are, where str.splitlines() breaks a line: escape them inside JSON strings.
    return text.translate(_JSON_ESCAPES)


def ruleset_text(ruleset: Ruleset) -> str:
    """Return a ruleset as a preset name plus the options that differ from it.

    >>> import attrs, remi
    >>> ruleset_text(attrs.evolve(remi.NORWEGIAN, shanghai=True, jokers=4))
    'norwegian jokers=4 shanghai=true'
    """
    mine = require_ruleset(ruleset, "ruleset").to_dict()
    best_name, best_diff = "", list(mine)
    for name, preset in PRESETS.items():
        theirs = preset.to_dict()
        diff = [k for k in _RULESET_FIELDS if mine[k] != theirs[k]]
        if len(diff) < len(best_diff):
            best_name, best_diff = name, diff
    return " ".join([best_name] + [f"{k}={_option_text(mine[k])}" for k in best_diff])


def _bare_value(word: str) -> Any:
    low = word.lower()
    if low == "true":
        return True
    if low == "false":
        return False
    if low in ("none", "null"):
        return None
    if re.fullmatch(r"-?[0-9]{1,18}", word):
        return int(word)
    return word


def parse_ruleset_text(text: str) -> Ruleset:
    """Read a preset name followed by ``option=value`` changes (values in JSON or bare words).

    >>> import remi
    >>> r = parse_ruleset_text("norwegian shanghai=true max_turns_per_round=40")
    >>> r.shanghai, r.max_turns_per_round, r.name
    (True, 40, 'Norwegian Remi')
    >>> parse_ruleset_text("gin colour=red")
    Traceback (most recent call last):
    ...
    remi.NotationError: 'gin colour=red': unknown option 'colour'.
    """
    if not isinstance(text, str):
        raise NotationError("not-text", msg("Expected ruleset text, got {type}.", type=type(text).__name__))
    stripped = text.strip()
    name, _, rest = stripped.partition(" ")
    if not name:
        raise NotationError(
            "unknown-ruleset",
            msg("{text!r} names no game; try one of: {names}.", text=text, names=", ".join(sorted(PRESETS))),
        )
    try:
        base = find_ruleset(name)
    except RemiError as exc:
        raise NotationError(
            "unknown-ruleset", msg("{text}: {reason}", text=_quote(text), reason=exc.reason)
        ) from None
    changes = _ruleset_changes(text, rest)
    if not changes:
        return base
    data = base.to_dict()
    if isinstance(changes.get("values"), dict):
        changes["values"] = {**data["values"], **changes["values"]}
    data.update(changes)
    try:
        return Ruleset.from_dict(data)
    except RemiError as exc:
        raise NotationError(
            "bad-option", msg("{text}: {reason}", text=_quote(text), reason=exc.reason)
        ) from None
    except (RecursionError, OverflowError, MemoryError) as exc:  # pragma: no cover - defensive
        raise NotationError(
            "bad-option", msg("{text}: {error}.", text=_quote(text), error=type(exc).__name__)
        ) from None


def _ruleset_changes(text: str, rest: str) -> dict[str, Any]:
    """The ``option=value`` changes in *rest* (the part of *text* after the preset name)."""
    changes: dict[str, Any] = {}
    i, n = 0, len(rest)
    while i < n:
        if rest[i].isspace():
            i += 1
            continue
        match = re.compile(r"([A-Za-z_][A-Za-z0-9_-]*)=").match(rest, i)
        if match is None:
            word = rest[i:].split()[0]
            raise NotationError(
                "bad-option", msg("{text}: {word!r} is not option=value.", text=_quote(text), word=word)
            )
        key = match.group(1).replace("-", "_").lower()
        value, i = _option_value(text, rest, match.end(), key)
        if key not in _RULESET_FIELDS:
            raise NotationError(
                "bad-option", msg("{text}: unknown option {key!r}.", text=_quote(text), key=key)
            )
        if key in changes:
            raise NotationError(
                "bad-option", msg("{text}: option {key!r} is given twice.", text=_quote(text), key=key)
            )
        changes[key] = value
    return changes


def _option_value(text: str, rest: str, i: int, key: str) -> tuple[Any, int]:
    """The value of option *key* starting at *i* in *rest* (JSON or a bare word) and where it ends."""
    n = len(rest)
    try:
        if i < n and rest[i] in '[{"':
            value, end = json.JSONDecoder().raw_decode(rest, i)
            return value, end
        end = i
        while end < n and not rest[end].isspace():
            end += 1
        return _bare_value(rest[i:end]), end
    except (ValueError, RecursionError):
        raise NotationError(
            "bad-option",
            msg("{text}: the value of {key!r} is not valid JSON.", text=_quote(text), key=key),
        ) from None


# -- the fields of a position -----------------------------------------------------------------------
#
# Every line of a position but ``meld``, ``hand``, ``known`` and ``result`` lines is one field of
# GameState, under its name with spaces (the ruleset's line is ``game``). The lines below are
# generated from ``attrs.fields(GameState)``: a new field is read and written by its kind
# (its ``kind`` metadata) under its own name, after the lines named here.

#: The value fields of a state, in declaration order (the legal-actions cache is no field).
_FIELDS: Final = tuple(f for f in attrs.fields(StateCore) if "kind" in f.metadata)
_FIELD_NAMES: Final = frozenset(f.name for f in _FIELDS)


def _key(name: str) -> str:
    """The key of a state field's line: its name with spaces; the ruleset's line is ``game``."""
    return "game" if name == "ruleset" else name.replace("_", " ")


#: Fields written one line per number (``hand 0: …``), by the word of their lines.
_NUMBERED: Final = {"hand": "hands", "known": "known", "result": "results"}
#: The fields of the ``meld N seat S: …`` lines.
_MELD_FIELDS: Final = ("table", "owners")
#: The lines always written, after ``game``, in this order.
_ALWAYS: Final = ("players", "seed", "round", "dealer", "phase", "turn", "turn_player")
_ALWAYS_KEYS: Final = tuple((name, _key(name)) for name in _ALWAYS)
#: The lines written only when they differ from their default, in this order (docs/positions.rst);
#: a field named nowhere here follows them, in declaration order.
_OPTIONAL_ORDER: Final = (
    "down",
    "buys",
    "pending",
    "building",
    "taken",
    "queue",
    "last_buyer",
    "shanghai_from",
    "cut_bonus_seat",
    "reshuffles",
    "melds_this_turn",
    "idle_turns",
)
#: Fields written apart: derived from other lines (``totals``) or with lines of their own shape.
_WRITTEN_APART: Final = frozenset(
    {"ruleset", *_ALWAYS, "to_act", *_NUMBERED.values(), *_MELD_FIELDS, "discard", "stock", "totals"}
)
_OPTIONAL: Final = tuple(name for name in _OPTIONAL_ORDER if name in _FIELD_NAMES) + tuple(
    f.name for f in _FIELDS if f.name not in _WRITTEN_APART and f.name not in _OPTIONAL_ORDER
)
#: Number fields that list seats (any count of them) rather than give one number per seat.
_SEAT_LISTS: Final = frozenset({"queue"})
#: Defaults of a position that are not the field's attrs default: ``-1`` is "no seat" (per seat
#: for ``down``), and rounds count from 1. Any other number defaults to 0 (per seat for lists).
_DEFAULTS: Final[dict[str, int]] = {
    "round": 1,
    "down": -1,
    "last_buyer": -1,
    "shanghai_from": -1,
    "cut_bonus_seat": -1,
}


_ZERO: Final[dict[str, Any]] = {"int": 0, "ints": 0, "cards": (), "card tuple": (), "card?": None}


def _default(field: attrs.Attribute[Any]) -> Any:
    """A field's value when its line is left out (per-seat lists: the value for one seat)."""
    if field.name in _DEFAULTS:
        return _DEFAULTS[field.name]
    return _ZERO[field.metadata["kind"]]


#: Each optional line: its field, key, kind and default.
_OPTIONAL_LINES: Final = tuple(
    (f.name, _key(f.name), f.metadata["kind"], _default(f))
    for f in (attrs.fields_dict(StateCore)[name] for name in _OPTIONAL)
)


# -- writing -----------------------------------------------------------------------------------


def _ints_text(values: Sequence[int]) -> str:
    return " ".join(str(v) for v in values)


def _optional_line(s: GameState, name: str, key: str, kind: str, default: Any) -> str | None:
    """The line of an optional field, or ``None`` at its default."""
    value = getattr(s, name)
    if kind == "ints":
        if bool(value) if name in _SEAT_LISTS else any(v != default for v in value):
            return f"{key}: {_ints_text(value)}"
    elif kind in ("cards", "card tuple"):
        if value:
            return f"{key}: {format_cards(value)}"
    elif value != default:
        return f"{key}: {value}"
    return None


def _seat_lines(s: GameState) -> list[str]:
    """The hands, the known cards and the table melds."""
    lines = [f"hand {seat}: {format_cards(hand)}".rstrip() for seat, hand in enumerate(s.hands)]
    lines += [f"known {seat}: {format_cards(cards)}" for seat, cards in enumerate(s.known) if cards]
    lines += [
        f"meld {index} seat {owner}: {meld}" for index, (meld, owner) in enumerate(zip(s.table, s.owners))
    ]
    return lines


def _result_line(r: RoundResult) -> str:
    text = f"result {r.round}: {_ints_text(r.points)}"
    if r.went_out is not None:
        text += f" out {r.went_out}"
    if r.cut_bonus is not None:
        text += f" cut {r.cut_bonus}"
    return text


def position(state: GameState, *, one_line: bool = False, ascii: bool = False) -> str:
    """Return *state* in position notation; ``read_position`` reads it back to an equal state.

    Defaults are left out; hands, the table, the discard pile and the stock
    (top card last, its exact order) are always written. With *one_line*,
    `` | `` separates the fields. With *ascii*, every card is written in
    letters (``7s 10h JK``, see :func:`~remi.format_cards`), which read
    back the same.

    >>> import remi
    >>> text = position(remi.new_game(remi.GIN, players=2, seed=2))
    >>> print(text.replace(text.split("stock: ")[1], "…"))
    game: gin
    players: 2
    seed: 2
    round: 1
    dealer: 0
    phase: draw
    turn: 1
    turn player: 1
    hand 0: ♠A ♠10 ♠J ♥6 ♥9 ♥J ♦5 ♦J ♦Q ♣K
    hand 1: ♠2 ♠4 ♠5 ♠K ♥7 ♦A ♦9 ♦10 ♣A ♣3
    discard: ♥2
    stock: …
    >>> print(position(remi.new_game(remi.GIN, players=2, seed=2), ascii=True).splitlines()[8])
    hand 0: As 10s Js 6h 9h Jh 5d Jd Qd Kc
    """
    s = require_state(state)
    if not isinstance(one_line, bool):
        raise TypeError(f"one_line must be True or False, not {type(one_line).__name__} {one_line!r:.60}.")
    if not isinstance(ascii, bool):
        raise TypeError(f"ascii must be True or False, not {type(ascii).__name__} {ascii!r:.60}.")
    lines = [f"game: {ruleset_text(s.ruleset)}"]
    lines += [f"{key}: {getattr(s, name)}" for name, key in _ALWAYS_KEYS]
    if s.to_act != s.turn_player:
        lines.append(f"to act: {s.to_act}")
    lines += _seat_lines(s)
    lines.append(f"discard: {format_cards(s.discard)}".rstrip())
    lines.append(f"stock: {format_cards(s.stock)}".rstrip())
    optional = (_optional_line(s, *line) for line in _OPTIONAL_LINES)
    lines += [line for line in optional if line is not None]
    lines += [_result_line(r) for r in s.results]
    if ascii:
        # Every line but the game's (its options are the ruleset's own text) holds cards at most.
        lines[1:] = [ascii_notation(line) for line in lines[1:]]
    return (" | " if one_line else "\n").join(lines)


# -- reading: the lines -----------------------------------------------------------------------------

_KEYED: Final = re.compile(rf"({'|'.join(_NUMBERED)}) ([0-9]{{1,6}})$")
_MELD: Final = re.compile(r"meld(?: ([0-9]{1,6}))? seat ([0-9]{1,6})$")
#: The keys of the lines that give one field each.
_SIMPLE: Final = frozenset(
    _key(f.name) for f in _FIELDS if f.name not in {*_NUMBERED.values(), *_MELD_FIELDS}
)


class _Reader:
    """The parsed lines of a position, with the line each field came from for error messages."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.fields: dict[str, tuple[str, str]] = {}
        self.hands: dict[int, tuple[str, str]] = {}
        self.known: dict[int, tuple[str, str]] = {}
        self.results: dict[int, tuple[str, str]] = {}
        self.melds: list[tuple[int, str, str]] = []
        for raw in text.replace("|", "\n").splitlines():
            line = raw.split("#", 1)[0].strip()
            if line:
                self._add(line)

    def _add(self, line: str) -> None:
        key_text, colon, value = line.partition(":")
        if not colon:
            raise NotationError("malformed-state", msg("Line {line} is not 'key: value'.", line=_quote(line)))
        key = " ".join(key_text.lower().replace("_", " ").replace("-", " ").split())
        value = value.strip()
        keyed = _KEYED.match(key)
        meld = _MELD.match(key)
        if keyed:
            self._add_numbered(keyed.group(1), int(keyed.group(2)), value, line)
        elif meld:
            if meld.group(1) is not None and int(meld.group(1)) != len(self.melds):
                raise NotationError(
                    "malformed-state",
                    msg(
                        "Line {line}: melds are numbered from 0 in order; expected meld {number}.",
                        line=_quote(line),
                        number=len(self.melds),
                    ),
                )
            self.melds.append((int(meld.group(2)), value, line))
        elif key in _SIMPLE:
            if key in self.fields:
                raise NotationError(
                    "malformed-state",
                    msg("Line {line} repeats the field {key!r}.", line=_quote(line), key=key),
                )
            self.fields[key] = (value, line)
        else:
            raise NotationError(
                "malformed-state",
                msg("Line {line}: unknown field {key!r}.", line=_quote(line), key=key_text.strip()),
            )

    def _add_numbered(self, word: str, number: int, value: str, line: str) -> None:
        table = {"hand": self.hands, "known": self.known, "result": self.results}[word]
        if number in table:
            raise NotationError(
                "malformed-state",
                msg("Line {line} repeats {key} {number}.", line=_quote(line), key=word, number=number),
            )
        table[number] = (value, line)

    def line(self, key: str) -> str:
        return self.fields[key][1]

    def integer(self, key: str, default: int) -> int:
        if key not in self.fields:
            return default
        value, line = self.fields[key]
        return _int(value, line)

    def ints(
        self, key: str, default: tuple[int, ...], players: int, *, per_seat: bool = True
    ) -> tuple[int, ...]:
        if key not in self.fields:
            return default
        value, line = self.fields[key]
        out = tuple(_int(v, line) for v in value.split())
        if per_seat and len(out) != players:
            raise NotationError(
                "malformed-state",
                nmsg(
                    "Line {line} must give {n} numbers, one per seat.",
                    "Line {line} must give {n} numbers, one per seat.",
                    players,
                    line=_quote(line),
                ),
            )
        return out

    def cards(self, key: str) -> tuple[Card, ...]:
        if key not in self.fields:
            return ()
        value, line = self.fields[key]
        return _cards(value, line)

    def seat(self, key: str, default: int, players: int) -> int:
        """A seat number; one written must be a seat of *players*."""
        value = self.integer(key, default)
        if key in self.fields:
            _seat(value, players, self.line(key))
        return value


def _int(value: str, line: str) -> int:
    if not re.fullmatch(r"-?[0-9]{1,18}", value.strip()):
        raise NotationError(
            "malformed-state",
            msg("Line {line}: {value!r} is not a whole number.", line=_quote(line), value=value),
        )
    return int(value)


def _cards(value: str, line: str) -> tuple[Card, ...]:
    try:
        return parse_cards(value)
    except NotationError as exc:
        raise NotationError(
            exc.code, msg("Line {line}: {reason}", line=_quote(line), reason=exc.reason)
        ) from None


def _seat(value: int, players: int, line: str) -> int:
    if not 0 <= value < players:
        raise NotationError(
            "bad-seat",
            msg(
                "Line {line}: {seat} is not a seat of {players} players (0 to {last}).",
                line=_quote(line),
                seat=value,
                players=players,
                last=players - 1,
            ),
        )
    return value


# -- reading: one reader per field -------------------------------------------------------------------
#
# A reader takes the lines and the fields read so far, and adds its field(s). The readers of
# _FIRST run in that order (each may use the fields before it); then every other field, in
# declaration order, by its reader in _READERS or else by its kind (_read_by_kind).

_Values = dict[str, Any]


def _read_ruleset(r: _Reader, v: _Values) -> None:
    if "game" not in r.fields:
        raise NotationError(
            "malformed-state",
            msg("The position {text} has no 'game:' line naming the ruleset.", text=_quote(r.text)),
        )
    v["ruleset"] = parse_ruleset_text(r.fields["game"][0])


def _read_players(r: _Reader, v: _Values) -> None:
    ruleset: Ruleset = v["ruleset"]
    seats = set(r.hands) | set(r.known)
    players = r.integer("players", max(max(seats) + 1 if seats else 0, ruleset.min_players))
    if not ruleset.min_players <= players <= ruleset.max_players:
        where = r.line("players") if "players" in r.fields else r.text
        raise NotationError(
            "bad-players",
            msg(
                "{game} is for {least} to {most} players; {line} gives {players}.",
                game=ruleset.name,
                least=ruleset.min_players,
                most=ruleset.max_players,
                line=_quote(where),
                players=players,
            ),
        )
    for per_seat in (r.hands, r.known):
        for seat, (_, line) in per_seat.items():
            _seat(seat, players, line)
    v["players"] = players


def _read_dealer(r: _Reader, v: _Values) -> None:
    v["dealer"] = r.seat("dealer", 0, v["players"])


def _read_phase(r: _Reader, v: _Values) -> None:
    phase = r.fields["phase"][0].lower() if "phase" in r.fields else "draw"
    if phase not in PHASES:
        raise NotationError(
            "malformed-state",
            msg(
                "Line {line}: the phase is one of {phases}.",
                line=_quote(r.line("phase")),
                phases=", ".join(PHASES),
            ),
        )
    v["phase"] = phase


def _read_turn(r: _Reader, v: _Values) -> None:
    v["turn"] = r.integer("turn", 0 if v["phase"] == "cut" else 1)


def _read_turn_player(r: _Reader, v: _Values) -> None:
    players, dealer = v["players"], v["dealer"]
    first = (dealer - 1) % players if v["phase"] == "cut" else (dealer + 1) % players
    v["turn_player"] = r.seat("turn player", first, players)


def _read_queue(r: _Reader, v: _Values) -> None:
    v["queue"] = r.ints("queue", (), v["players"], per_seat=False)


def _read_to_act(r: _Reader, v: _Values) -> None:
    queue = v["queue"]
    v["to_act"] = r.seat("to act", queue[0] if queue else v["turn_player"], v["players"])


def _read_hands(r: _Reader, v: _Values) -> None:
    v["hands"] = tuple(
        sorted_hand(_cards(*r.hands[seat])) if seat in r.hands else () for seat in range(v["players"])
    )


def _read_table(r: _Reader, v: _Values) -> None:
    table: list[Meld] = []
    owners: list[int] = []
    for owner, value, line in r.melds:
        owners.append(_seat(owner, v["players"], line))
        try:
            table.append(_table_meld(value, v["ruleset"]))
        except RemiError as exc:
            raise NotationError(
                exc.code, msg("Line {line}: {reason}", line=_quote(line), reason=exc.reason)
            ) from None
    v["table"], v["owners"] = tuple(table), tuple(owners)


def _read_building(r: _Reader, v: _Values) -> None:
    """The cards chosen for a meld laid card by card, sorted: all in the hand of the seat on turn."""
    if "building" not in r.fields:
        v["building"] = ()
        return
    value, line = r.fields["building"]
    cards = sorted_hand(_cards(value, line))
    turn_player = v["turn_player"]
    missing = Counter(cards) - Counter(v["hands"][turn_player])
    if missing:
        raise NotationError(
            "malformed-state",
            nmsg(
                "Line {line}: the cards of a meld being built stay in the hand of the seat on turn "
                "(seat {seat}), which does not hold {cards}.",
                "Line {line}: the cards of a meld being built stay in the hand of the seat on turn "
                "(seat {seat}), which does not hold {cards}.",
                missing.total(),
                line=_quote(line),
                seat=turn_player,
                cards=sorted_hand(missing.elements()),
            ),
        )
    v["building"] = cards


def _read_stock(r: _Reader, v: _Values) -> None:
    """The stock: written out, a size, or the rest of the pack shuffled by the seed."""
    stock_value = r.fields.get("stock")
    explicit = None
    if stock_value is not None and not re.fullmatch(r"[0-9]{1,18}", stock_value[0]):
        explicit = _cards(*stock_value)
    left = _left_in_pack(r, v, explicit)
    if explicit is not None and stock_value is not None:
        if +left:
            raise NotationError(
                "broken-invariant",
                msg(
                    "Line {line}: cards missing from the position: {cards}.",
                    line=_quote(stock_value[1]),
                    cards=sorted_hand((+left).elements()),
                ),
            )
        v["stock"] = explicit
        return
    rest = list(sorted_hand((+left).elements()))
    if stock_value is not None and int(stock_value[0]) != len(rest):
        raise NotationError(
            "broken-invariant",
            msg(
                "Line {line}: the cards not written number {left}, not {given}.",
                line=_quote(stock_value[1]),
                left=len(rest),
                given=stock_value[0],
            ),
        )
    Random(f"remi-position:{v['seed']}").shuffle(rest)
    v["stock"] = tuple(rest)


def _left_in_pack(r: _Reader, v: _Values, stock: tuple[Card, ...] | None) -> Counter[Card]:
    """The pack's cards not written in the position; a card written too often is refused."""
    decks, jokers = v["ruleset"].pack_for(v["players"])
    written: list[tuple[Sequence[Card], str]] = [
        (h, r.hands[s][1]) for s, h in enumerate(v["hands"]) if s in r.hands
    ]
    written += [(m.cards, line) for m, (_, _, line) in zip(v["table"], r.melds)]
    if "discard" in r.fields:
        written.append((v["discard"], r.line("discard")))
    if stock is not None:
        written.append((stock, r.line("stock")))
    left = Counter(make_pack(decks, jokers))
    for cards, line in written:
        for card in cards:
            if left[card] <= 0:
                raise NotationError(
                    "too-many-copies",
                    msg(
                        "Line {line}: {card} is written more often than the pack holds it.",
                        line=_quote(line),
                        card=card,
                    ),
                )
            left[card] -= 1
    return left


def _read_results(r: _Reader, v: _Values) -> None:
    players = v["players"]
    results = tuple(_result(number, *r.results[number], players) for number in sorted(r.results))
    totals = tuple(sum(res.points[i] for res in results) for i in range(players))
    if "totals" in r.fields and r.ints("totals", (), players) != totals:
        raise NotationError(
            "bad-totals",
            msg(
                "Line {line} does not add up the result lines {totals}.",
                line=_quote(r.line("totals")),
                totals=_ints_text(totals),
            ),
        )
    v["results"], v["totals"] = results, totals


def _read_known(r: _Reader, v: _Values) -> None:
    known = tuple(
        sorted_hand(_cards(*r.known[seat])) if seat in r.known else () for seat in range(v["players"])
    )
    for seat, cards in enumerate(known):
        if Counter(cards) - Counter(v["hands"][seat]):
            raise NotationError(
                "malformed-state",
                msg("Line {line}: known cards must be in the seat's hand.", line=_quote(r.known[seat][1])),
            )
    v["known"] = known


def _read_by_kind(r: _Reader, v: _Values, field: attrs.Attribute[Any]) -> Any:
    """A field with no reader of its own: a number, numbers, cards or one card, by its kind."""
    key, kind, default = _key(field.name), field.metadata["kind"], _default(field)
    if kind == "int":
        return r.integer(key, default)
    if kind == "ints":
        per_seat = field.name not in _SEAT_LISTS
        return r.ints(key, (default,) * v["players"] if per_seat else (), v["players"], per_seat=per_seat)
    cards = r.cards(key)
    if kind == "card?":
        if len(cards) > 1:
            raise NotationError(
                "malformed-state", msg("Line {line} must name one card.", line=_quote(r.line(key)))
            )
        return cards[0] if cards else None
    return cards


_Read = Callable[[_Reader, _Values], None]
#: The fields read first, in this order, and their readers (``None``: read by kind).
_FIRST: Final[tuple[tuple[str, _Read | None], ...]] = (
    ("ruleset", _read_ruleset),
    ("players", _read_players),
    ("seed", None),
    ("round", None),
    ("dealer", _read_dealer),
    ("phase", _read_phase),
    ("turn", _read_turn),
    ("turn_player", _read_turn_player),
    ("queue", _read_queue),
    ("to_act", _read_to_act),
    ("hands", _read_hands),
    ("table", _read_table),
    ("discard", None),
    ("pending", None),
    ("building", _read_building),
    ("taken", None),
    ("stock", _read_stock),
    ("results", _read_results),
)
#: Readers of fields read later, in declaration order.
_READERS: Final[dict[str, _Read]] = {"known": _read_known}
_BY_NAME: Final = attrs.fields_dict(StateCore)


def _read_fields(r: _Reader) -> _Values:
    """Every field of the state, read from the lines."""
    v: _Values = {}
    for name, read in _FIRST:
        if read is None:
            v[name] = _read_by_kind(r, v, _BY_NAME[name])
        else:
            read(r, v)
    for field in _FIELDS:
        if field.name in v:
            continue
        if field.name in _READERS:
            _READERS[field.name](r, v)
        else:
            v[field.name] = _read_by_kind(r, v, field)
    return v


def _check_playable(r: _Reader, state: GameState) -> None:
    """Refuse a state read that breaks an invariant or that could not play on."""
    problems = hand_size_problems(state)
    if problems:
        seat, reason = problems[0]
        line = r.hands[seat][1] if seat in r.hands else f"hand {seat}:"
        raise NotationError(
            "broken-invariant", msg("Line {line}: {reason}", line=_quote(line), reason=reason)
        )
    try:
        state.check_invariants()
    except StateError as exc:
        blamed = _blame(r, exc.reason)
        if blamed != r.text.strip():
            where = msg("Line {line}: {reason}", line=_quote(blamed), reason=exc.reason)
        else:
            where = msg("The position {text}: {reason}", text=_quote(blamed), reason=exc.reason)
        raise NotationError("broken-invariant", where) from None
    if not state.is_over and not state.legal_actions():
        if state.building:
            raise NotationError(
                "dead-end",
                msg(
                    "Line {line}: no meld that can be laid now is made of "
                    "{cards} and higher cards, so seat {seat} could not play on.",
                    line=_quote(r.line("building")),
                    cards=state.building,
                    seat=state.to_act,
                ),
            )
        raise NotationError(
            "dead-end",
            msg(
                "The position {text} could not play on: seat {seat} has no legal action in phase {phase}.",
                text=_quote(r.text.strip()),
                seat=state.to_act,
                phase=state.phase,
            ),
        )


def read_position(text: str, state_type: type[GameState]) -> GameState:
    """Read a position (see :func:`position`) as a *state_type*; an impossible one raises :class:`~remi.NotationError`.

    >>> import remi
    >>> read_position("game: gin | hand 0: ♠A | hand 1: ♠A", remi.GameState)
    Traceback (most recent call last):
    ...
    remi.NotationError: Line 'hand 1: ♠A': ♠A is written more often than the pack holds it.
    """
    if not isinstance(text, str):
        raise NotationError("not-text", msg("Expected position text, got {type}.", type=type(text).__name__))
    if len(text) > _MAX_TEXT:
        raise NotationError(
            "malformed-state", msg("A position is at most {most} characters.", most=_MAX_TEXT)
        )
    r = _Reader(text)
    state = state_type(**_read_fields(r))
    _check_playable(r, state)
    return state


def _table_meld(value: str, ruleset: Ruleset) -> Meld:
    """A table meld; a set keeps the written order (cards laid off join at the end)."""
    meld = parse_meld(value, ruleset)
    if meld.kind != "set":
        return meld
    tokens = value.replace(",", " ").split()
    annotated = any("=" in t for t in tokens)
    if not annotated and meld.wild_count:
        return meld
    cards = tuple(parse_card(t.partition("=")[0]) for t in tokens)
    return Meld("set", cards, tuple("=" in t for t in tokens), meld.rank, -1)


def _result(number: int, value: str, line: str, players: int) -> RoundResult:
    words = value.split()
    points: list[int] = []
    while words and re.fullmatch(r"-?[0-9]{1,18}", words[0]):
        points.append(int(words.pop(0)))
    out: int | None = None
    cut: int | None = None
    while words:
        word = words.pop(0).lower()
        if word not in ("out", "cut") or not words:
            raise NotationError(
                "malformed-state",
                msg("Line {line}: expected points, then 'out SEAT' and 'cut SEAT'.", line=_quote(line)),
            )
        seat = _seat(_int(words.pop(0), line), players, line)
        if word == "out":
            out = seat
        else:
            cut = seat
    if len(points) != players:
        raise NotationError(
            "malformed-state",
            nmsg(
                "Line {line} must give {n} scores, one per seat.",
                "Line {line} must give {n} scores, one per seat.",
                players,
                line=_quote(line),
            ),
        )
    return RoundResult(number, out, tuple(points), cut)


_BLAME: Final = (
    ("table meld", "meld"),
    ("pending", "pending"),
    ("queue", "queue"),
    ("last_buyer", "last buyer"),
    ("shanghai_from", "shanghai from"),
    ("Shanghai", "shanghai from"),
    ("cut_bonus_seat", "cut bonus seat"),
    ("cut bonus", "cut bonus seat"),
    ("seat to act", "to act"),
    ("to_act", "to act"),
    ("turn_player", "turn player"),
    ("dealer", "dealer"),
    ("hand", "hand"),
    ("dealt", "phase"),
    ("phase", "phase"),
    ("round", "round"),
    ("contract", "down"),
    ("bought", "buys"),
    ("buy", "buys"),
    ("taken", "taken"),
    ("melds were laid", "melds this turn"),
    ("being built", "building"),
    ("turn", "turn"),
)


def _blame(r: _Reader, reason: str) -> str:
    """The line most likely at fault for an invariant problem (the whole text if none fits)."""
    for word, key in _BLAME:
        if word in reason:
            if key == "meld" and r.melds:
                return r.melds[0][2]
            if key == "hand" and r.hands:
                return next(iter(r.hands.values()))[1]
            if key in r.fields:
                return r.line(key)
    return r.text.strip()


# -- actions on a state ----------------------------------------------------------------------------


def _meld_ref(state: GameState, words: list[str], text: str) -> int:
    """Resolve a table meld reference: its index (``2`` or ``#2``) or cards it holds (``♠8`` or ``♠7 ♠8``)."""
    if not words:
        raise NotationError("no-such-meld", msg("{text!r} names no table meld.", text=text))
    count = len(state.table)
    if len(words) == 1 and re.fullmatch(r"#?[0-9]{1,6}", words[0]):
        index = int(words[0].lstrip("#"))
        if index >= count:
            raise NotationError(
                "no-such-meld",
                nmsg(
                    "{text!r}: there is no table meld {index}; the table has {n}.",
                    "{text!r}: there is no table meld {index}; the table has {n}.",
                    count,
                    text=text,
                    index=index,
                ),
            )
        return index
    numbers = [w for w in words if re.fullmatch(r"#?[+-]?[0-9]+", w)]
    if numbers and len(words) == 1:
        span = (
            msg("the table melds are numbered 0 to {last}", last=count - 1)
            if count
            else msg("the table has no melds")
        )
        raise NotationError(
            "no-such-meld",
            msg(
                "{text!r}: {word!r} is not a table meld number; {span}.", text=text, word=words[0], span=span
            ),
        )
    if numbers:
        raise NotationError(
            "no-such-meld",
            msg(
                "{text!r}: {words!r} is not a table meld: give one number or cards the meld holds.",
                text=text,
                words=" ".join(words),
            ),
        )
    return _meld_holding(state, words, text)


def _meld_holding(state: GameState, words: list[str], text: str) -> int:
    """The one table meld that holds the cards *words* name."""
    held: list[Card] = []
    for word in words:
        try:
            held.extend(parse_cards(word.partition("=")[0]))
        except NotationError:
            raise NotationError(
                "no-such-meld",
                msg("{text!r}: {word!r} is neither a table meld number nor a card.", text=text, word=word),
            ) from None
    cards = Counter(held)
    found = [i for i, m in enumerate(state.table) if not cards - Counter(m.cards)]
    if not found:
        raise NotationError(
            "no-such-meld", msg("{text!r}: no table meld holds {words}.", text=text, words=" ".join(words))
        )
    if len(found) > 1:
        shown = "; ".join(f"{i}: {state.table[i]}" for i in found)
        raise NotationError(
            "no-such-meld",
            msg(
                "{text!r}: {words} is in several table melds ({shown}); give its number.",
                text=text,
                words=" ".join(words),
                shown=shown,
            ),
        )
    return found[0]


def _lay_groups(melds: Sequence[Meld]) -> list[tuple[int, ...]]:
    return sorted(tuple(sorted(c.code for c in m.cards)) for m in melds)


def parse_action_in(state: GameState, text: str) -> Action:
    """Read an action typed at *state* and return the legal action it means.

    Accepts ``str(action)`` of every legal action and what a person would
    type: any card spelling, a lay-down's cards in any order (without ``=``
    when only one arrangement is legal), and a table meld named by its
    number (``off ♠9 2``) or by cards it holds (``off ♠9 ♠8``, ``off ♠9 on ♠7 ♠8``).
    Malformed or ambiguous text raises :class:`~remi.NotationError`; a
    well-formed action that is not legal here raises :class:`~remi.IllegalActionError`.

    >>> import remi
    >>> s = remi.new_game(remi.NORWEGIAN, seed=1)
    >>> parse_action_in(s, "Draw")
    DrawStock()
    >>> parse_action_in(s, "discard 6s")
    Traceback (most recent call last):
    ...
    remi.IllegalActionError: 'discard 6s' is not possible now: seat 1 must first draw from the stock or take the discard.
    """
    require_state(state)
    if not isinstance(text, str):
        raise NotationError("not-text", msg("Expected action text, got {type}.", type=type(text).__name__))
    if len(text) > 2000:
        raise NotationError("malformed-state", msg("{text} is too long for an action.", text=_quote(text)))
    try:
        return _action_at(state, text)
    except NotationError as exc:
        if repr(text) in exc.reason:
            raise
        # A safety net: every refusal quotes the whole text (the parts above already do).
        raise NotationError(exc.code, msg("{text!r}: {reason}", text=text, reason=exc.reason)) from None


def _action_at(state: GameState, text: str) -> Action:
    words = text.split()
    if not words:
        raise NotationError("empty-action", msg("An action needs text; {text!r} holds none.", text=text))
    legal = state.legal_actions()
    verb = words[0].lower()
    action: Action | None = None
    if verb == "lay":
        return _parse_lay(state, text, legal)
    if verb in ("off", "swap", "shanghai"):
        args = [w for w in words[1:] if w.lower() not in ("on", "to", "onto", "the")]
        low = bool(args) and args[-1].lower() == "low" and verb != "swap"
        if low:
            args = args[:-1]
        if any(w.lower() == "low" for w in args):
            where = (
                msg("a swap takes no 'low'")
                if verb == "swap"
                else msg("'low' comes once, after the table meld")
            )
            raise NotationError("unknown-action", msg("{text!r}: {where}.", text=text, where=where))
        if verb == "shanghai":
            action = CallShanghai(_meld_ref(state, args, text), low)
        else:
            if not args:
                raise NotationError("unknown-action", msg("{text!r} names no card.", text=text))
            try:
                card = parse_card(args[0])
            except NotationError as exc:
                raise NotationError(
                    exc.code, msg("{text!r}: {reason}", text=text, reason=exc.reason)
                ) from None
            target = _meld_ref(state, args[1:], text)
            action = LayOff(card, target, low) if verb == "off" else SwapJoker(card, target)
    else:
        action = coerce(state, text)
    if action in legal:
        return action
    raise _not_legal_here(state, text, action, msg("it is not among the legal actions."))


def _not_legal_here(state: GameState, text: str, action: Action, fallback: Message) -> IllegalActionError:
    """The error for typed *text* that reads as *action* but is not legal: the input quoted once."""
    error = state.why_illegal(action)
    if (
        error is not None and error.code == "wrong-phase"
    ):  # its reason quotes the action: quote the text instead
        return IllegalActionError(*wrong_phase_refusal(state, text))
    reason = error.reason if error is not None else fallback
    return IllegalActionError(
        error.code if error else "unknown-action",
        msg("{text!r} is not legal here: {reason}", text=text, reason=reason),
    )


def _parse_lay(state: GameState, text: str, legal: list[Action]) -> Action:
    body = text.split(None, 1)[1] if len(text.split(None, 1)) > 1 else ""
    if "/" in body:
        coerce(state, text)  # raises: a lay-down is one meld (one-meld-at-a-time)
    groups = [g.strip() for g in body.split("/")]
    if not all(groups):
        raise NotationError(
            "unknown-action", msg("{text!r}: a lay-down needs cards in every meld.", text=text)
        )
    try:
        wanted = sorted(
            tuple(
                sorted(
                    c.code for c in parse_cards([t.partition("=")[0] for t in g.replace(",", " ").split()])
                )
            )
            for g in groups
        )
    except NotationError as exc:
        raise NotationError(
            exc.code, msg("{text!r} is not a valid action: {reason}", text=text, reason=exc.reason)
        ) from None
    candidates = [a for a in legal if isinstance(a, LayDown) and _lay_groups(a.melds) == wanted]
    annotated = "=" in body
    if annotated:
        exact = coerce(state, text)
        candidates = [a for a in candidates if a == exact]
    if len(candidates) == 1:
        return candidates[0]
    if len(candidates) > 1:
        shown = "; ".join(str(a) for a in candidates)
        raise NotationError(
            "unknown-action",
            msg(
                "{text!r} could mean several lay-downs ({shown}); say what each wild card stands for with '='.",
                text=text,
                shown=shown,
            ),
        )
    raise _not_legal_here(state, text, coerce(state, text), msg("no legal lay-down lays those cards."))
