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
from collections.abc import Sequence
from random import Random
from typing import TYPE_CHECKING, Any, Final, cast

import attrs

from ._actions import (
    Action,
    CallShanghai,
    LayDown,
    LayOff,
    SwapJoker,
)
from ._cards import Card, format_cards, make_pack, parse_card, parse_cards
from ._engine import coerce
from ._errors import IllegalActionError, NotationError, RemiError, StateError
from ._melds import Meld, parse_meld
from ._presets import PRESETS, find_ruleset
from ._rules import Ruleset, require_ruleset
from ._state import PHASES, RoundResult, StateCore, hand_size_problems

if TYPE_CHECKING:
    from ._game import GameState

__all__ = ["position", "read_position", "parse_action_in", "ruleset_text", "parse_ruleset_text"]

_STATE_FIELDS: Final = frozenset(a.name for a in attrs.fields(StateCore))
_RULESET_FIELDS: Final = tuple(a.name for a in attrs.fields(Ruleset))
_MAX_TEXT: Final = 100_000


def _code(card: Card) -> int:
    return card.code


def _sorted(cards: Sequence[Card]) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=_code))


def _require_state(value: object) -> GameState:
    if not isinstance(value, StateCore):
        raise TypeError(f"state must be a remi.GameState, not {type(value).__name__} {value!r:.60}.")
    return cast("GameState", value)  # every state is a GameState


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
        raise NotationError("not-text", f"Expected ruleset text, got {type(text).__name__}.")
    stripped = text.strip()
    name, _, rest = stripped.partition(" ")
    if not name:
        raise NotationError(
            "unknown-ruleset", f"{text!r} names no game; try one of: {', '.join(sorted(PRESETS))}."
        )
    try:
        base = find_ruleset(name)
    except RemiError as exc:
        raise NotationError("unknown-ruleset", f"{_quote(text)}: {exc.reason}") from None
    changes: dict[str, Any] = {}
    decoder = json.JSONDecoder()
    i, n = 0, len(rest)
    while i < n:
        if rest[i].isspace():
            i += 1
            continue
        match = re.compile(r"([A-Za-z_][A-Za-z0-9_-]*)=").match(rest, i)
        if match is None:
            word = rest[i:].split()[0]
            raise NotationError("bad-option", f"{_quote(text)}: {word!r} is not option=value.")
        key = match.group(1).replace("-", "_").lower()
        i = match.end()
        value: Any
        try:
            if i < n and rest[i] in '[{"':
                value, i = decoder.raw_decode(rest, i)
            else:
                end = i
                while end < n and not rest[end].isspace():
                    end += 1
                value, i = _bare_value(rest[i:end]), end
        except (ValueError, RecursionError):
            raise NotationError(
                "bad-option", f"{_quote(text)}: the value of {key!r} is not valid JSON."
            ) from None
        if key not in _RULESET_FIELDS:
            raise NotationError("bad-option", f"{_quote(text)}: unknown option {key!r}.")
        if key in changes:
            raise NotationError("bad-option", f"{_quote(text)}: option {key!r} is given twice.")
        changes[key] = value
    if not changes:
        return base
    data = base.to_dict()
    if isinstance(changes.get("values"), dict):
        changes["values"] = {**data["values"], **changes["values"]}
    data.update(changes)
    try:
        return Ruleset.from_dict(data)
    except RemiError as exc:
        raise NotationError("bad-option", f"{_quote(text)}: {exc.reason}") from None
    except (RecursionError, OverflowError, MemoryError) as exc:  # pragma: no cover - defensive
        raise NotationError("bad-option", f"{_quote(text)}: {type(exc).__name__}.") from None


# -- writing -----------------------------------------------------------------------------------


def _ints_text(values: Sequence[int]) -> str:
    return " ".join(str(v) for v in values)


def position(state: GameState, *, one_line: bool = False) -> str:
    """Return *state* in position notation; :func:`from_position` reads it back to an equal state.

    Defaults are left out; hands, the table, the discard pile and the stock
    (top card last, its exact order) are always written. With *one_line*,
    `` | `` separates the fields.

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
    """
    s = _require_state(state)
    if not isinstance(one_line, bool):
        raise TypeError(f"one_line must be True or False, not {type(one_line).__name__} {one_line!r:.60}.")
    lines = [
        f"game: {ruleset_text(s.ruleset)}",
        f"players: {s.players}",
        f"seed: {s.seed}",
        f"round: {s.round}",
        f"dealer: {s.dealer}",
        f"phase: {s.phase}",
        f"turn: {s.turn}",
        f"turn player: {s.turn_player}",
    ]
    if s.to_act != s.turn_player:
        lines.append(f"to act: {s.to_act}")
    for seat, hand in enumerate(s.hands):
        lines.append(f"hand {seat}: {format_cards(hand)}".rstrip())
    known = getattr(s, "known", None)
    if known is not None:
        for seat, cards in enumerate(known):
            if cards:
                lines.append(f"known {seat}: {format_cards(cards)}")
    for index, (meld, owner) in enumerate(zip(s.table, s.owners)):
        lines.append(f"meld {index} seat {owner}: {meld}")
    lines.append(f"discard: {format_cards(s.discard)}".rstrip())
    lines.append(f"stock: {format_cards(s.stock)}".rstrip())
    if any(d != -1 for d in s.down):
        lines.append(f"down: {_ints_text(s.down)}")
    if any(s.buys):
        lines.append(f"buys: {_ints_text(s.buys)}")
    if s.pending:
        lines.append(f"pending: {format_cards(s.pending)}")
    if s.building:
        lines.append(f"building: {format_cards(s.building)}")
    if s.taken is not None:
        lines.append(f"taken: {s.taken}")
    if s.queue:
        lines.append(f"queue: {_ints_text(s.queue)}")
    for key, value in (
        ("last buyer", s.last_buyer),
        ("shanghai from", s.shanghai_from),
        ("cut bonus seat", s.cut_bonus_seat),
    ):
        if value != -1:
            lines.append(f"{key}: {value}")
    for key, value in (
        ("reshuffles", s.reshuffles),
        ("melds this turn", s.melds_this_turn),
        ("idle turns", getattr(s, "idle_turns", 0)),
    ):
        if value:
            lines.append(f"{key}: {value}")
    for r in s.results:
        text = f"result {r.round}: {_ints_text(r.points)}"
        if r.went_out is not None:
            text += f" out {r.went_out}"
        if r.cut_bonus is not None:
            text += f" cut {r.cut_bonus}"
        lines.append(text)
    return (" | " if one_line else "\n").join(lines)


# -- reading --------------------------------------------------------------------------------------

_KEYED: Final = re.compile(r"(hand|known|result) ([0-9]{1,6})$")
_MELD: Final = re.compile(r"meld(?: ([0-9]{1,6}))? seat ([0-9]{1,6})$")
_SIMPLE: Final = frozenset(
    {
        "game",
        "players",
        "seed",
        "round",
        "dealer",
        "phase",
        "turn",
        "turn player",
        "to act",
        "discard",
        "stock",
        "down",
        "buys",
        "pending",
        "building",
        "taken",
        "queue",
        "last buyer",
        "shanghai from",
        "cut bonus seat",
        "reshuffles",
        "melds this turn",
        "idle turns",
        "totals",
    }
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
            if not line:
                continue
            key_text, colon, value = line.partition(":")
            if not colon:
                raise NotationError("malformed-state", f"Line {_quote(line)} is not 'key: value'.")
            key = " ".join(key_text.lower().replace("_", " ").replace("-", " ").split())
            value = value.strip()
            keyed = _KEYED.match(key)
            meld = _MELD.match(key)
            if keyed:
                table = {"hand": self.hands, "known": self.known, "result": self.results}[keyed.group(1)]
                number = int(keyed.group(2))
                if number in table:
                    raise NotationError(
                        "malformed-state", f"Line {_quote(line)} repeats {keyed.group(1)} {number}."
                    )
                table[number] = (value, line)
            elif meld:
                if meld.group(1) is not None and int(meld.group(1)) != len(self.melds):
                    raise NotationError(
                        "malformed-state",
                        f"Line {_quote(line)}: melds are numbered from 0 in order; expected meld {len(self.melds)}.",
                    )
                self.melds.append((int(meld.group(2)), value, line))
            elif key in _SIMPLE:
                if key in self.fields:
                    raise NotationError("malformed-state", f"Line {_quote(line)} repeats the field {key!r}.")
                self.fields[key] = (value, line)
            else:
                raise NotationError(
                    "malformed-state", f"Line {_quote(line)}: unknown field {key_text.strip()!r}."
                )

    def line(self, key: str) -> str:
        return self.fields[key][1]

    def integer(self, key: str, default: int) -> int:
        if key not in self.fields:
            return default
        value, line = self.fields[key]
        return _int(value, line)

    def ints(self, key: str, default: tuple[int, ...], players: int) -> tuple[int, ...]:
        if key not in self.fields:
            return default
        value, line = self.fields[key]
        out = tuple(_int(v, line) for v in value.split())
        if key != "queue" and len(out) != players:
            raise NotationError(
                "malformed-state", f"Line {_quote(line)} must give {players} numbers, one per seat."
            )
        return out

    def cards(self, key: str) -> tuple[Card, ...]:
        if key not in self.fields:
            return ()
        value, line = self.fields[key]
        return _cards(value, line)


def _int(value: str, line: str) -> int:
    if not re.fullmatch(r"-?[0-9]{1,18}", value.strip()):
        raise NotationError("malformed-state", f"Line {_quote(line)}: {value!r} is not a whole number.")
    return int(value)


def _cards(value: str, line: str) -> tuple[Card, ...]:
    try:
        return parse_cards(value)
    except NotationError as exc:
        raise NotationError(exc.code, f"Line {_quote(line)}: {exc.reason}") from None


def _seat(value: int, players: int, line: str) -> int:
    if not 0 <= value < players:
        raise NotationError(
            "bad-seat",
            f"Line {_quote(line)}: {value} is not a seat of {players} players (0 to {players - 1}).",
        )
    return value


def read_position(text: str, state_type: type[GameState]) -> GameState:
    """Read a position (see :func:`position`) as a *state_type*; see :func:`remi.records.from_position`."""
    if not isinstance(text, str):
        raise NotationError("not-text", f"Expected position text, got {type(text).__name__}.")
    if len(text) > _MAX_TEXT:
        raise NotationError("malformed-state", f"A position is at most {_MAX_TEXT} characters.")
    r = _Reader(text)
    if "game" not in r.fields:
        raise NotationError(
            "malformed-state", f"The position {_quote(text)} has no 'game:' line naming the ruleset."
        )
    ruleset = parse_ruleset_text(r.fields["game"][0])
    seats = set(r.hands) | set(r.known)
    default_players = max(max(seats) + 1 if seats else 0, ruleset.min_players)
    players = r.integer("players", default_players)
    if not ruleset.min_players <= players <= ruleset.max_players:
        where = r.line("players") if "players" in r.fields else text
        raise NotationError(
            "bad-players",
            f"{ruleset.name} is for {ruleset.min_players} to {ruleset.max_players} players; "
            f"{_quote(where)} gives {players}.",
        )
    for per_seat in (r.hands, r.known):
        for seat, (_, line) in per_seat.items():
            _seat(seat, players, line)
    seed = r.integer("seed", 0)
    rnd = r.integer("round", 1)
    dealer = _seat(r.integer("dealer", 0), players, r.line("dealer")) if "dealer" in r.fields else 0
    phase = r.fields["phase"][0].lower() if "phase" in r.fields else "draw"
    if phase not in PHASES:
        raise NotationError(
            "malformed-state", f"Line {_quote(r.line('phase'))}: the phase is one of {', '.join(PHASES)}."
        )
    turn = r.integer("turn", 0 if phase == "cut" else 1)
    turn_player = r.integer(
        "turn player", (dealer - 1) % players if phase == "cut" else (dealer + 1) % players
    )
    if "turn player" in r.fields:
        _seat(turn_player, players, r.line("turn player"))
    queue = r.ints("queue", (), players)
    to_act = r.integer("to act", queue[0] if queue else turn_player)
    if "to act" in r.fields:
        _seat(to_act, players, r.line("to act"))
    hands = [
        _sorted(_cards(r.hands[seat][0], r.hands[seat][1])) if seat in r.hands else ()
        for seat in range(players)
    ]
    table: list[Meld] = []
    owners: list[int] = []
    for owner, value, line in r.melds:
        owners.append(_seat(owner, players, line))
        try:
            table.append(_table_meld(value, ruleset))
        except RemiError as exc:
            raise NotationError(exc.code, f"Line {_quote(line)}: {exc.reason}") from None
    discard = r.cards("discard")
    pending = r.cards("pending")
    building = _building(r, hands, turn_player)
    taken_cards = r.cards("taken")
    if len(taken_cards) > 1:
        raise NotationError("malformed-state", f"Line {_quote(r.line('taken'))} must name one card.")
    taken = taken_cards[0] if taken_cards else None
    # -- the stock: written out, a size, or the rest of the pack -------------------------------
    decks, jokers = ruleset.pack_for(players)
    pack = Counter(make_pack(decks, jokers))
    written: list[tuple[Sequence[Card], str]] = [
        (h, r.hands[s][1]) for s, h in enumerate(hands) if s in r.hands
    ]
    written += [(m.cards, line) for m, (_, _, line) in zip(table, r.melds)]
    if "discard" in r.fields:
        written.append((discard, r.line("discard")))
    stock_value = r.fields.get("stock")
    explicit_stock = stock_value is not None and not re.fullmatch(r"[0-9]{1,18}", stock_value[0])
    if explicit_stock and stock_value is not None:
        written.append((_cards(stock_value[0], stock_value[1]), stock_value[1]))
    left = Counter(pack)
    for cards, line in written:
        for card in cards:
            if left[card] <= 0:
                raise NotationError(
                    "too-many-copies",
                    f"Line {_quote(line)}: {card} is written more often than the pack holds it.",
                )
            left[card] -= 1
    if explicit_stock and stock_value is not None:
        stock = _cards(stock_value[0], stock_value[1])
        if +left:
            raise NotationError(
                "broken-invariant",
                f"Line {_quote(stock_value[1])}: cards missing from the position: {format_cards(_sorted(list((+left).elements())))}.",
            )
    else:
        rest = list(_sorted(list((+left).elements())))
        if stock_value is not None and int(stock_value[0]) != len(rest):
            raise NotationError(
                "broken-invariant",
                f"Line {_quote(stock_value[1])}: the cards not written number {len(rest)}, not {stock_value[0]}.",
            )
        Random(f"remi-position:{seed}").shuffle(rest)
        stock = tuple(rest)
    # -- results ------------------------------------------------------------------------------
    results = [_result(number, *r.results[number], players) for number in sorted(r.results)]
    totals = tuple(sum(res.points[i] for res in results) for i in range(players))
    if "totals" in r.fields and r.ints("totals", (), players) != totals:
        raise NotationError(
            "bad-totals",
            f"Line {_quote(r.line('totals'))} does not add up the result lines {_ints_text(totals)}.",
        )
    fields: dict[str, Any] = {
        "ruleset": ruleset,
        "players": players,
        "seed": seed,
        "round": rnd,
        "dealer": dealer,
        "phase": phase,
        "turn_player": turn_player,
        "to_act": to_act,
        "hands": tuple(hands),
        "stock": tuple(stock),
        "discard": discard,
        "table": tuple(table),
        "owners": tuple(owners),
        "down": r.ints("down", (-1,) * players, players),
        "turn": turn,
        "pending": pending,
        "taken": taken,
        "queue": queue,
        "last_buyer": r.integer("last buyer", -1),
        "buys": r.ints("buys", (0,) * players, players),
        "shanghai_from": r.integer("shanghai from", -1),
        "reshuffles": r.integer("reshuffles", 0),
        "cut_bonus_seat": r.integer("cut bonus seat", -1),
        "results": tuple(results),
        "totals": totals,
        "melds_this_turn": r.integer("melds this turn", 0),
        "building": building,
    }
    if "known" in _STATE_FIELDS:
        known = [_sorted(_cards(*r.known[seat])) if seat in r.known else () for seat in range(players)]
        for seat, cards in enumerate(known):
            if Counter(cards) - Counter(hands[seat]):
                raise NotationError(
                    "malformed-state",
                    f"Line {_quote(r.known[seat][1])}: known cards must be in the seat's hand.",
                )
        fields["known"] = tuple(known)
    elif r.known:
        line = next(iter(r.known.values()))[1]
        raise NotationError("malformed-state", f"Line {_quote(line)}: this version keeps no known cards.")
    if "idle_turns" in _STATE_FIELDS:
        fields["idle_turns"] = r.integer("idle turns", 0)
    elif "idle turns" in r.fields:
        raise NotationError(
            "malformed-state", f"Line {_quote(r.line('idle turns'))}: this version has no idle turns."
        )
    state = state_type(**fields)
    problems = hand_size_problems(state)
    if problems:
        seat, reason = problems[0]
        line = r.hands[seat][1] if seat in r.hands else f"hand {seat}:"
        raise NotationError("broken-invariant", f"Line {_quote(line)}: {reason}")
    try:
        state.check_invariants()
    except StateError as exc:
        blamed = _blame(r, exc.reason)
        where = f"Line {_quote(blamed)}" if blamed != r.text.strip() else f"The position {_quote(blamed)}"
        raise NotationError("broken-invariant", f"{where}: {exc.reason}") from None
    if not state.is_over and not state.legal_actions():
        if state.building:
            raise NotationError(
                "dead-end",
                f"Line {_quote(r.line('building'))}: no meld that can be laid now is made of "
                f"{format_cards(state.building)} and higher cards, so seat {state.to_act} could not play on.",
            )
        raise NotationError(
            "dead-end",
            f"The position {_quote(text.strip())} could not play on: seat {state.to_act} has no legal "
            f"action in phase {state.phase}.",
        )
    return state


def _building(r: _Reader, hands: Sequence[Sequence[Card]], turn_player: int) -> tuple[Card, ...]:
    """The cards chosen for a meld laid card by card, sorted: all in the hand of the seat on turn."""
    if "building" not in r.fields:
        return ()
    value, line = r.fields["building"]
    cards = _sorted(_cards(value, line))
    missing = Counter(cards) - Counter(hands[turn_player])
    if missing:
        raise NotationError(
            "malformed-state",
            f"Line {_quote(line)}: the cards of a meld being built stay in the hand of the seat on turn "
            f"(seat {turn_player}), which does not hold {format_cards(_sorted(list(missing.elements())))}.",
        )
    return cards


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
                "malformed-state", f"Line {_quote(line)}: expected points, then 'out SEAT' and 'cut SEAT'."
            )
        seat = _seat(_int(words.pop(0), line), players, line)
        if word == "out":
            out = seat
        else:
            cut = seat
    if len(points) != players:
        raise NotationError(
            "malformed-state", f"Line {_quote(line)} must give {players} scores, one per seat."
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
        raise NotationError("no-such-meld", f"{text!r} names no table meld.")
    count = len(state.table)
    if len(words) == 1 and re.fullmatch(r"#?[0-9]{1,6}", words[0]):
        index = int(words[0].lstrip("#"))
        if index >= count:
            raise NotationError(
                "no-such-meld", f"{text!r}: there is no table meld {index}; the table has {count}."
            )
        return index
    numbers = [w for w in words if re.fullmatch(r"#?[+-]?[0-9]+", w)]
    if numbers and len(words) == 1:
        span = f"the table melds are numbered 0 to {count - 1}" if count else "the table has no melds"
        raise NotationError("no-such-meld", f"{text!r}: {words[0]!r} is not a table meld number; {span}.")
    if numbers:
        raise NotationError(
            "no-such-meld",
            f"{text!r}: {' '.join(words)!r} is not a table meld: give one number or cards the meld holds.",
        )
    held: list[Card] = []
    for word in words:
        try:
            held.extend(parse_cards(word.partition("=")[0]))
        except NotationError:
            raise NotationError(
                "no-such-meld", f"{text!r}: {word!r} is neither a table meld number nor a card."
            ) from None
    cards = Counter(held)
    found = [i for i, m in enumerate(state.table) if not cards - Counter(m.cards)]
    if not found:
        raise NotationError("no-such-meld", f"{text!r}: no table meld holds {' '.join(words)}.")
    if len(found) > 1:
        shown = "; ".join(f"{i}: {state.table[i]}" for i in found)
        raise NotationError(
            "no-such-meld",
            f"{text!r}: {' '.join(words)} is in several table melds ({shown}); give its number.",
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
    remi.IllegalActionError: 'discard 6s' is not legal here: 'discard ♠6' is not possible now: seat 1 must first draw from the stock or take the discard.
    """
    _require_state(state)
    if not isinstance(text, str):
        raise NotationError("not-text", f"Expected action text, got {type(text).__name__}.")
    if len(text) > 2000:
        raise NotationError("malformed-state", f"{_quote(text)} is too long for an action.")
    try:
        return _action_at(state, text)
    except NotationError as exc:
        if repr(text) in exc.reason:
            raise
        # A safety net: every refusal quotes the whole text (the parts above already do).
        raise NotationError(exc.code, f"{text!r}: {exc.reason}") from None


def _action_at(state: GameState, text: str) -> Action:
    words = text.split()
    if not words:
        raise NotationError("empty-action", f"An action needs text; {text!r} holds none.")
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
            where = "a swap takes no 'low'" if verb == "swap" else "'low' comes once, after the table meld"
            raise NotationError("unknown-action", f"{text!r}: {where}.")
        if verb == "shanghai":
            action = CallShanghai(_meld_ref(state, args, text), low)
        else:
            if not args:
                raise NotationError("unknown-action", f"{text!r} names no card.")
            try:
                card = parse_card(args[0])
            except NotationError as exc:
                raise NotationError(exc.code, f"{text!r}: {exc.reason}") from None
            target = _meld_ref(state, args[1:], text)
            action = LayOff(card, target, low) if verb == "off" else SwapJoker(card, target)
    else:
        action = coerce(state, text)
    if action in legal:
        return action
    error = state.why_illegal(action)
    reason = error.reason if error is not None else "it is not among the legal actions."
    raise IllegalActionError(
        error.code if error else "unknown-action", f"{text!r} is not legal here: {reason}"
    )


def _parse_lay(state: GameState, text: str, legal: list[Action]) -> Action:
    body = text.split(None, 1)[1] if len(text.split(None, 1)) > 1 else ""
    groups = [g.strip() for g in body.split("/")]
    if not all(groups):
        raise NotationError("unknown-action", f"{text!r}: a lay-down needs cards in every meld.")
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
        raise NotationError(exc.code, f"{text!r} is not a valid action: {exc.reason}") from None
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
            f"{text!r} could mean several lay-downs ({shown}); say what each wild card stands for with '='.",
        )
    action = coerce(state, text)
    error = state.why_illegal(action)
    reason = error.reason if error is not None else "no legal lay-down lays those cards."
    raise IllegalActionError(
        error.code if error else "unknown-action", f"{text!r} is not legal here: {reason}"
    )
