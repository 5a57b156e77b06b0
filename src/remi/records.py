"""Writing games down: the position notation, actions typed at a position, and game records.

>>> import remi
>>> from remi.records import from_position, position
>>> state = remi.new_game(remi.GIN, players=2, seed=1)
>>> from_position(position(state)) == state
True

Game records: headers and the actions of a match, as PGN-like text that replays exactly.

>>> import remi
>>> rec = Recorder(remi.new_game(remi.GIN, players=2, seed=3))
>>> state = rec.apply("draw")
>>> record = rec.record(Event="Club night")
>>> print(record.text())
[Format "remi-record/2"]
[Game "gin"]
[Players "2"]
[Seed "3"]
[Dealer "0"]
[Event "Club night"]
[Result "*"]
<BLANKLINE>
1 draw
<BLANKLINE>
>>> replay(record.text())[-1] == state
True
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Sequence
from typing import Final

import attrs

from .actions import Action, LayDown, Pass, is_action, split_lays
from .cards import ascii_notation
from .errors import IllegalActionError, NotationError, RemiError
from .game import GameState, from_position, new_game
from .game.engine import coerce
from .game.positions import LINE_BREAKS, parse_action_in, parse_ruleset_text, position, ruleset_text
from .game.state import require_state
from .melds import meld_sort_key
from .messages import and_list, msg
from .solver.arrangement import held_arrangement

__all__ = [
    "position",
    "from_position",
    "parse_action_in",
    "ruleset_text",
    "parse_ruleset_text",
    "GameRecord",
    "Recorder",
    "replay",
    "RECORD_FORMAT",
]


#: The version tag every record carries in its ``Format`` header.
RECORD_FORMAT: Final = "remi-record/2"
#: Older versions still read: ``remi-record/1`` knew no Gin knock phase (the knock laid the
#: knocker's best arrangement at once), so reading one plays that arrangement's steps.
_OLD_RECORD_FORMATS: Final = ("remi-record/1",)
_MAX_TEXT: Final = 5_000_000
_HEADER: Final = re.compile(r'\[([A-Za-z][A-Za-z0-9_]{0,40}) "((?:[^"\\]|\\.)*)"\]$')
_RESERVED: Final = frozenset({"Format", "Game", "Players", "Seed", "Dealer", "Position", "Result"})


# A header value stays on its line: a backslash and a quote are escaped, and so is every
# character str.splitlines() breaks a line at (\n and \r by letter, the others as \uXXXX).
_WRITE_ESCAPES: Final = {
    ord("\\"): "\\\\",
    ord('"'): '\\"',
    ord("\n"): "\\n",
    ord("\r"): "\\r",
    **{ord(c): f"\\u{ord(c):04x}" for c in LINE_BREAKS if c not in "\n\r"},
}
_READ_ESCAPE: Final = re.compile(r"\\(u[0-9a-fA-F]{4}|.)", re.DOTALL)


def _escape(value: str) -> str:
    return value.translate(_WRITE_ESCAPES)


def _unescape_one(match: re.Match[str]) -> str:
    code = match.group(1)
    if len(code) == 5:
        return chr(int(code[1:], 16))
    return {"n": "\n", "r": "\r"}.get(code, code)


def _unescape(value: str) -> str:
    return _READ_ESCAPE.sub(_unescape_one, value)


def _initial_headers(initial: GameState, ascii: bool = False) -> list[tuple[str, str]]:
    try:
        fresh = new_game(initial.ruleset, initial.players, initial.seed, dealer=initial.dealer)
    except RemiError:  # pragma: no cover - a state's own ruleset always starts a game
        fresh = None
    if fresh == initial:
        return [
            ("Game", ruleset_text(initial.ruleset)),
            ("Players", str(initial.players)),
            ("Seed", str(initial.seed)),
            ("Dealer", str(initial.dealer)),
        ]
    return [("Position", position(initial, one_line=True, ascii=ascii))]


def _check_initial(instance: object, attribute: attrs.Attribute[GameState], value: object) -> None:
    require_state(value, attribute.name)


def _action_tuple(value: Iterable[Action]) -> tuple[Action, ...]:
    if isinstance(value, str) or not isinstance(value, Iterable):
        raise TypeError(
            f"actions must be a sequence of remi actions, not {type(value).__name__} {value!r:.60}."
        )
    actions = tuple(value)
    for number, action in enumerate(actions, 1):
        if not is_action(action):
            raise TypeError(
                f"actions must hold remi action values; action {number} is {type(action).__name__} "
                f"{action!r:.60} (GameRecord.from_actions reads text)."
            )
    return actions


def _header_tuple(value: Iterable[tuple[str, str]]) -> tuple[tuple[str, str], ...]:
    if isinstance(value, str) or not isinstance(value, Iterable):
        raise TypeError(f"headers must be (name, value) pairs, not {type(value).__name__} {value!r:.60}.")
    pairs = tuple(value)
    for pair in pairs:
        if not (isinstance(pair, tuple) and len(pair) == 2 and all(isinstance(p, str) for p in pair)):
            raise TypeError(f"headers must be (name, value) pairs of text, not {pair!r:.60}.")
    return pairs


def _result_text(state: GameState) -> str:
    return " ".join(str(t) for t in state.totals) if state.is_over else "*"


@attrs.frozen
class GameRecord:
    """A match as a value: where it started, the actions in order, and free headers (``Date``, ``Event``…).

    ``str(record)`` / :meth:`text` is the record text; :meth:`from_text`
    reads it back; :meth:`states` replays it.

    >>> import remi
    >>> start = remi.new_game(remi.GIN, players=2, seed=1)
    >>> rec = GameRecord.from_actions(start, ["draw", "discard ♠Q"])
    >>> [str(a) for a in rec.actions], len(list(rec.states()))
    (['draw', 'discard ♠Q'], 3)
    """

    initial: GameState = attrs.field(validator=_check_initial)
    actions: tuple[Action, ...] = attrs.field(default=(), converter=_action_tuple)
    #: Free headers as ``(name, value)`` pairs, in order (``Date``, ``Event``, ``Names``…).
    headers: tuple[tuple[str, str], ...] = attrs.field(default=(), converter=_header_tuple)

    @classmethod
    def from_actions(cls, initial: GameState, actions: Iterable[Action | str], **headers: str) -> GameRecord:
        """Build a record from a start and actions (checked by replaying them).

        >>> import remi
        >>> GameRecord.from_actions(remi.new_game(remi.GIN, players=2, seed=1), ["buy"])
        Traceback (most recent call last):
        ...
        remi.IllegalActionError: Action 1 'buy': ...
        """
        state = require_state(initial, "initial")
        if isinstance(actions, str) or not isinstance(actions, Iterable):
            raise TypeError(
                f"actions must be a sequence of actions or their text, not {type(actions).__name__} "
                f"{actions!r:.60}."
            )
        done: list[Action] = []
        for number, action in enumerate(actions, 1):
            if not isinstance(action, str) and not is_action(action):
                raise TypeError(
                    f"actions must hold remi actions or their text; action {number} is "
                    f"{type(action).__name__} {action!r:.60}."
                )
            try:
                act = parse_action_in(state, action) if isinstance(action, str) else action
                state = state.apply(act)
            except (IllegalActionError, NotationError) as exc:
                raise type(exc)(
                    exc.code,
                    msg(
                        "Action {number} {action!r}: {reason}",
                        number=number,
                        action=str(action),
                        reason=exc.reason,
                    ),
                ) from None
            done.append(act)
        return cls(initial, tuple(done), _check_headers(headers.items()))

    def states(self) -> Iterator[GameState]:
        """Yield the initial state and the state after each action.

        >>> import remi
        >>> rec = GameRecord(remi.new_game(remi.GIN, players=2, seed=1))
        >>> [s.phase for s in rec.states()]
        ['draw']
        """
        state = self.initial
        yield state
        for action in self.actions:
            state = state.apply(action)
            yield state

    def final(self) -> GameState:
        """Return the state after the last action.

        >>> import remi
        >>> GameRecord.from_actions(remi.new_game(remi.GIN, players=2, seed=1), ["draw"]).final().phase
        'play'
        """
        state = self.initial
        for state in self.states():  # noqa: B007 - the last state is the answer
            pass
        return state

    def text(self, *, ascii: bool = False) -> str:
        """Return the record text: headers, a blank line, one ``seat action`` line per action.

        With *ascii*, the cards of the actions and of a ``Position`` header are
        written in letters (``discard 10h``), which :meth:`from_text` reads back
        the same; free headers stay as they were given.

        >>> import remi
        >>> rec = GameRecord.from_actions(remi.new_game(remi.GIN, players=2, seed=1), ["take", "discard ♦4"])
        >>> rec.text().splitlines()[-1], rec.text(ascii=True).splitlines()[-1]
        ('1 discard ♦4', '1 discard 4d')
        >>> GameRecord.from_text(rec.text(ascii=True)) == rec
        True
        """
        if not isinstance(ascii, bool):
            raise TypeError(f"ascii must be True or False, not {type(ascii).__name__} {ascii!r:.60}.")
        lines = [f'[Format "{RECORD_FORMAT}"]']
        lines += [f'[{k} "{_escape(v)}"]' for k, v in _initial_headers(self.initial, ascii)]
        lines += [f'[{k} "{_escape(v)}"]' for k, v in self.headers]
        state = self.initial
        body: list[str] = []
        for action in self.actions:
            body.append(f"{state.current_player} {ascii_notation(str(action)) if ascii else action}")
            before_round = state.round
            state = state.apply(action)
            if state.round != before_round and not state.is_over:
                body.append(f"# round {state.round}")
        lines.append(f'[Result "{_result_text(state)}"]')
        return "\n".join(lines) + "\n\n" + "".join(line + "\n" for line in body)

    def __str__(self) -> str:
        return self.text()

    @classmethod
    def from_text(cls, text: str) -> GameRecord:
        """Read a record; malformed text, an illegal action or a wrong result raises a :class:`~remi.RemiError`.

        >>> GameRecord.from_text('[Format "remi-record/9"]')
        Traceback (most recent call last):
        ...
        remi.NotationError: This version reads ... records, not 'remi-record/9'.
        """
        record, _ = _read(text)
        return record


def _check_headers(items: Iterable[tuple[str, str]]) -> tuple[tuple[str, str], ...]:
    out = []
    for key, value in items:
        if (
            not isinstance(key, str)
            or not re.fullmatch(r"[A-Za-z][A-Za-z0-9_]{0,40}", key)
            or key in _RESERVED
        ):
            raise NotationError("malformed-state", msg("{key!r} cannot be a free header name.", key=key))
        if not isinstance(value, str):
            raise NotationError(
                "malformed-state", msg("Header {key!r} must be text, not {value!r}.", key=key, value=value)
            )
        out.append((key, value))
    return tuple(out)


def _read(text: str) -> tuple[GameRecord, list[GameState]]:
    if not isinstance(text, str):
        raise NotationError("not-text", msg("Expected record text, got {type}.", type=type(text).__name__))
    if len(text) > _MAX_TEXT:
        raise NotationError("malformed-state", msg("A record is at most {most} characters.", most=_MAX_TEXT))
    headers, moves = _read_lines(text)
    old_knock = _read_format(headers) == "remi-record/1"
    initial = _start(headers)
    actions, states = _play(initial, moves, old_knock)
    result = headers.get("Result", "*")
    if result != "*" and result != _result_text(states[-1]):
        raise NotationError(
            "broken-invariant",
            msg(
                "[Result {result!r}] does not match the replay, which gives {replayed!r}.",
                result=result,
                replayed=_result_text(states[-1]),
            ),
        )
    free = tuple((k, v) for k, v in headers.items() if k not in _RESERVED)
    return GameRecord(initial, tuple(actions), free), states


def _read_lines(text: str) -> tuple[dict[str, str], list[tuple[str, str]]]:
    """The headers (in the order written) and the move lines, each as (its action text, the line)."""
    headers: dict[str, str] = {}
    moves: list[tuple[str, str]] = []
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if not line.startswith("["):
            moves.append((line.split("#", 1)[0].strip(), line))
            continue
        if moves:
            raise NotationError("malformed-state", msg("Header {line!r} comes after the actions.", line=line))
        match = _HEADER.match(line)
        if match is None:
            raise NotationError(
                "malformed-state", msg('{line!r} is not a header like [Name "value"].', line=line)
            )
        key = match.group(1)
        if key in headers:
            raise NotationError(
                "malformed-state", msg("{line!r} repeats the header {key!r}.", line=line, key=key)
            )
        headers[key] = _unescape(match.group(2))
    return headers, moves


def _read_format(headers: dict[str, str]) -> str:
    """The record's format, one this version reads."""
    fmt = headers.get("Format")
    if fmt is None:
        raise NotationError(
            "unknown-format",
            msg(
                'The record has no Format header; this version reads [Format "{format}"].',
                format=RECORD_FORMAT,
            ),
        )
    if fmt != RECORD_FORMAT and fmt not in _OLD_RECORD_FORMATS:
        known = and_list([repr(f) for f in (RECORD_FORMAT, *_OLD_RECORD_FORMATS)])
        raise NotationError(
            "unknown-format",
            msg("This version reads {formats} records, not {format!r}.", formats=known, format=fmt),
        )
    return fmt


def _start(headers: dict[str, str]) -> GameState:
    """The first state: the Position header's, or a new game of the Game, Players, Seed and Dealer headers."""
    if "Position" in headers:
        return from_position(headers["Position"])
    missing = [k for k in ("Game", "Players", "Seed") if k not in headers]
    if missing:
        raise NotationError(
            "malformed-state",
            msg("The record has no {headers} header (nor a Position).", headers=", ".join(missing)),
        )
    ruleset = parse_ruleset_text(headers["Game"])
    numbers = {}
    for key in ("Players", "Seed", "Dealer"):
        if key in headers:
            if not re.fullmatch(r"-?[0-9]{1,18}", headers[key]):
                raise NotationError(
                    "malformed-state",
                    msg("[{key} {value!r}] must be a whole number.", key=key, value=headers[key]),
                )
            numbers[key] = int(headers[key])
    try:
        return new_game(ruleset, numbers["Players"], numbers["Seed"], dealer=numbers.get("Dealer"))
    except RemiError as exc:
        raise NotationError(
            exc.code, msg("The record's game cannot start: {reason}", reason=exc.reason)
        ) from None


def _play(
    state: GameState, moves: Sequence[tuple[str, str]], old_knock: bool
) -> tuple[list[Action], list[GameState]]:
    """The actions of the move lines and every state from *state* on (an old knock laid as it was)."""
    states = [state]
    actions: list[Action] = []
    for body, line in moves:
        if old_knock and state.phase == "knock":
            state = _lay_best_knock(state, actions, states)
        for part in _single_lays(body):
            action, state = _move(state, part, line)
            actions.append(action)
            states.append(state)
    if old_knock and state.phase == "knock":
        _lay_best_knock(state, actions, states)
    return actions, states


def _single_lays(body: str) -> list[str]:
    """The move lines *body* stands for: an older record's ``lay A / B`` as ``lay A`` then ``lay B``.

    A lay-down is one meld; records written when one lay-down could hold
    several melds replay as the single lays they stand for (a seat number in
    front goes with each).

    >>> _single_lays("2 lay ♠7 ♥7 ♦7 / ♣5 ♣6 ♣7")
    ['2 lay ♠7 ♥7 ♦7', '2 lay ♣5 ♣6 ♣7']
    """
    words = body.split(None, 1)
    if len(words) == 2 and re.fullmatch(r"[0-9]{1,3}", words[0]):
        return [f"{words[0]} {part}" for part in split_lays(words[1])]
    return split_lays(body)


def _move(state: GameState, body: str, line: str) -> tuple[Action, GameState]:
    """The action of one move line (``ACTION`` or ``SEAT ACTION``) at *state*, and the state it leads to."""
    words = body.split(None, 1)
    action_text = body
    if len(words) == 2 and re.fullmatch(r"[0-9]{1,3}", words[0]):
        seat, action_text = int(words[0]), words[1]
        if seat != state.current_player:
            raise NotationError(
                "not-your-turn",
                msg(
                    "{line!r}: it is seat {turn}'s move, not seat {seat}'s.",
                    line=line,
                    turn=state.current_player,
                    seat=seat,
                ),
            )
    try:
        action = coerce(state, action_text)
        return action, state.apply(action)
    except RemiError:
        try:
            action = parse_action_in(state, action_text)
        except RemiError as exc:
            raise type(exc)(exc.code, msg("{line!r}: {reason}", line=line, reason=exc.reason)) from None
    return action, state.apply(action)


def _lay_best_knock(state: GameState, actions: list[Action], states: list[GameState]) -> GameState:
    """A ``remi-record/1`` knock: the knocker lays their best arrangement and passes, as remi then did.

    docs/rules/gin.rst, gin-knocker-chooses: the steps are added to *actions* and *states*.
    """
    hand = state.hands[state.turn_player]
    steps: list[Action] = [
        LayDown((meld,)) for meld in sorted(held_arrangement(hand, state.ruleset).melds, key=meld_sort_key)
    ]
    for action in (*steps, Pass()):
        state = state.apply(action)
        actions.append(action)
        states.append(state)
    return state


def replay(record: str | GameRecord) -> list[GameState]:
    """Rebuild every state of a record (text or value): the start, then one per action.

    >>> import remi
    >>> states = replay('[Format "remi-record/2"]\\n[Game "gin"]\\n[Players "2"]\\n[Seed "1"]\\n\\n1 draw\\n')
    >>> len(states), states[-1].phase
    (2, 'play')
    """
    if isinstance(record, GameRecord):
        return list(record.states())
    return _read(record)[1]


class Recorder:
    """Keep a match's history while it is played: O(1) per action (one list append).

    >>> import remi
    >>> rec = Recorder(remi.new_game(remi.GIN, players=2, seed=1))
    >>> _ = rec.apply("draw"); _ = rec.apply("discard ♠Q")
    >>> rec.state.phase, len(rec.actions)
    ('draw', 2)
    """

    __slots__ = ("_actions", "initial", "state")

    def __init__(self, initial: GameState) -> None:
        self.initial = require_state(initial, "initial")
        self.state = initial
        self._actions: list[Action] = []

    @property
    def actions(self) -> Sequence[Action]:
        """The actions applied so far (a read-only copy).

        >>> import remi
        >>> rec = Recorder(remi.new_game(remi.GIN, players=2, seed=1))
        >>> _ = rec.apply("take"); rec.actions
        (TakeDiscard(),)
        """
        return tuple(self._actions)

    def apply(self, action: Action | str) -> GameState:
        """Apply *action* (a value or typed text) to the current state, remember it, return the new state.

        >>> import remi
        >>> Recorder(remi.new_game(remi.GIN, players=2, seed=1)).apply("DRAW").phase
        'play'
        """
        act = parse_action_in(self.state, action) if isinstance(action, str) else action
        self.state = self.state.apply(act)
        self._actions.append(act)
        return self.state

    def record(self, **headers: str) -> GameRecord:
        """Return the record so far, with free headers (``Date``, ``Event``, ``Names``…).

        >>> import remi
        >>> Recorder(remi.new_game(remi.GIN, players=2, seed=1)).record(Date="2026-11-30").headers
        (('Date', '2026-11-30'),)
        """
        return GameRecord(self.initial, tuple(self._actions), _check_headers(headers.items()))
