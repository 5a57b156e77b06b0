"""Actions: the moves of a game as values, and their text notation.

>>> from remi.actions import parse_action
>>> str(parse_action("discard ♠7")), parse_action("draw")
('discard ♠7', DrawStock())

Actions: small frozen values with a readable text form.

Every action a game offers is one of these classes. ``str(action)`` is its
notation and :func:`~remi.parse_action` reads it back.

>>> import remi
>>> remi.parse_action("discard ♠K")
Discard(card=Card('♠K'), shanghai=False)
>>> str(remi.parse_action("off jk 2 low"))
'off JK 2 low'
>>> str(remi.LayDown.of("♦9 ♠9 ♥9"))
'lay ♠9 ♥9 ♦9'

Every action has a ``kind``, the first word of its notation (an
:data:`~remi.ActionKind`), so a table can group the actions it offers without
testing their classes:

>>> remi.parse_action("off jk 2 low").kind, remi.Discard("♠K").kind
('off', 'discard')
>>> [cls.kind for cls in remi.ACTION_TYPES]
['cut', 'draw', 'take', 'buy', 'pass', 'lay', 'build', 'off', 'swap', 'discard', 'knock', 'shanghai']
"""

from __future__ import annotations

from typing import Any, ClassVar, Final, Literal, Union, get_args

import attrs

from .cards import Card, parse_card
from .errors import MeldError, NotationError, RemiError
from .melds import Meld, meld_sort_key, parse_meld
from .messages import Message, msg
from .rulesets import Ruleset

__all__ = [
    "Action",
    "ActionKind",
    "Cut",
    "DrawStock",
    "TakeDiscard",
    "Buy",
    "Pass",
    "LayDown",
    "Build",
    "LayOff",
    "SwapJoker",
    "Discard",
    "Knock",
    "CallShanghai",
    "parse_action",
]


#: The kind of an action, ``action.kind``: the first word of its notation (``"off"`` for ``off ♠9 2``).
ActionKind = Literal[
    "cut", "draw", "take", "buy", "pass", "lay", "build", "off", "swap", "discard", "knock", "shanghai"
]


def meld_key(meld: Meld) -> tuple[object, ...]:
    """Return the canonical sort key of a meld: :func:`~remi.meld_sort_key` (remi.melds).

    One order for every answer: sets before runs; sets by rank, runs by suit
    then lowest rank; then length, cards and wild flags. ``legal_actions()``,
    the text of a lay-down and every solver answer use it.

    >>> from remi import parse_meld
    >>> meld_key(parse_meld("♠7 ♥7 ♦7")) < meld_key(parse_meld("♠2 ♠3 ♠4"))
    True
    >>> meld_key(parse_meld("♥2 ♥3 ♥4")) < meld_key(parse_meld("♠5 ♠6 ♠7"))
    False
    """
    return meld_sort_key(meld)


def _canonical_meld(meld: Meld) -> Meld:
    if not isinstance(meld, Meld):
        raise NotationError(
            "not-a-meld",
            msg("Expected a Meld, got {type} {value}.", type=type(meld).__name__, value=repr(meld)),
        )
    if (
        not isinstance(meld.cards, tuple)
        or not isinstance(meld.wild, tuple)
        or not all(isinstance(c, Card) for c in meld.cards)
        or not all(isinstance(w, bool) for w in meld.wild)
        or len(meld.wild) != len(meld.cards)
    ):
        raise NotationError(
            "not-a-meld", msg("{value} is not a meld of cards with a wild flag for each.", value=repr(meld))
        )
    if meld.kind != "set":
        return meld
    pairs = sorted(zip(meld.cards, meld.wild), key=lambda p: (p[1], p[0].code))
    cards = tuple(p[0] for p in pairs)
    wild = tuple(p[1] for p in pairs)
    if cards == meld.cards and wild == meld.wild:
        return meld
    return Meld("set", cards, wild, meld.rank, meld.suit)


def _one_meld(meld: Meld | tuple[Meld, ...]) -> Meld:
    """The one meld of a lay-down: a meld, or (as older code writes it) a tuple holding one meld."""
    if isinstance(meld, Meld):
        return _canonical_meld(meld)
    if isinstance(meld, str) or not isinstance(meld, tuple | list):
        raise NotationError(
            "not-melds", msg("A lay-down takes a sequence of melds, not {value}.", value=repr(meld))
        )
    if not meld:
        raise NotationError("no-melds", msg("A lay-down needs at least one meld."))
    if len(meld) > 1:
        raise NotationError("one-meld-at-a-time", _one_at_a_time(len(meld)))
    return _canonical_meld(meld[0])


def _one_at_a_time(count: int) -> Message:
    return msg(
        "A lay-down is one meld, not {count}: lay them one after another.",
        count=count,
    )


def _card(value: Card | str) -> Card:
    # Typed for mypy (the attrs plugin gives ``__init__`` this parameter type); checked at run time.
    if isinstance(value, Card):
        return value
    if isinstance(value, str):
        return parse_card(value)
    raise NotationError(
        "not-a-card",
        msg("Expected a card, got {type} {value}.", type=type(value).__name__, value=repr(value)),
    )


def _flag(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
    if not isinstance(value, bool):
        raise NotationError(
            "bad-flag",
            msg("{name} must be True or False, not {value}.", name=attribute.name, value=repr(value)),
        )


def _number(text: str) -> int:
    """A table index in notation: ASCII digits only."""
    if not text.isascii() or not text.isdigit():
        raise ValueError(text)
    return int(text)


def _index(value: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise NotationError(
            "bad-index", msg("A table meld index is a number from 0, not {value}.", value=repr(value))
        )
    return value


@attrs.frozen
class Cut:
    """Cut the pack before the deal (Liverpool cut variant). Notation: ``cut``.

    >>> str(Cut()), parse_action("cut") == Cut()
    ('cut', True)
    """

    #: The first word of the notation: ``'cut'``.
    kind: ClassVar[ActionKind] = "cut"

    def __str__(self) -> str:
        return "cut"


@attrs.frozen
class DrawStock:
    """Draw the top card of the stock. Notation: ``draw``.

    >>> parse_action("draw")
    DrawStock()
    """

    #: The first word of the notation: ``'draw'``.
    kind: ClassVar[ActionKind] = "draw"

    def __str__(self) -> str:
        return "draw"


@attrs.frozen
class TakeDiscard:
    """Take the top card of the discard pile as the draw. Notation: ``take``.

    >>> parse_action("TAKE")
    TakeDiscard()
    """

    #: The first word of the notation: ``'take'``.
    kind: ClassVar[ActionKind] = "take"

    def __str__(self) -> str:
        return "take"


@attrs.frozen
class Buy:
    """Buy the discard top (with the stock's top card as penalty). Notation: ``buy``.

    >>> str(Buy())
    'buy'
    """

    #: The first word of the notation: ``'buy'``.
    kind: ClassVar[ActionKind] = "buy"

    def __str__(self) -> str:
        return "buy"


@attrs.frozen
class Pass:
    """Decline a buy or a Shanghai call. Notation: ``pass``.

    >>> str(Pass())
    'pass'
    """

    #: The first word of the notation: ``'pass'``.
    kind: ClassVar[ActionKind] = "pass"

    def __str__(self) -> str:
        return "pass"


@attrs.frozen
class LayDown:
    """Lay one new meld from hand (part of the contract, of an opening, or a meld). Notation: ``lay M``.

    A lay-down is one meld: a contract or an opening of several melds goes
    down in several lay-downs, one after another (:meth:`remi.GameState.lay`
    plays them in one call). The meld is kept in canonical order, so the same
    meld is one value.

    >>> LayDown.of("♠7 ♥7 ♦7") == LayDown.of("♦7 ♠7 ♥7")
    True
    >>> LayDown.of("♠7 ♥7 ♦7", "♣5 ♣6 ♣7")
    Traceback (most recent call last):
    ...
    remi.NotationError: A lay-down is one meld, not 2: lay them one after another.
    """

    #: The first word of the notation: ``'lay'``.
    kind: ClassVar[ActionKind] = "lay"

    #: The meld laid. (``LayDown((meld,))``, a tuple of one meld, is read as ``LayDown(meld)``.)
    meld: Meld = attrs.field(converter=_one_meld)

    @classmethod
    def of(cls, *melds: str | Meld) -> LayDown:
        """Build from meld notation (see :func:`remi.parse_meld`) or a meld: exactly one.

        Several melds raise a :class:`~remi.NotationError` with code
        ``one-meld-at-a-time`` (lay them one after another); none, ``no-melds``.

        >>> str(LayDown.of("♠7 ♥7 ♦7"))
        'lay ♠7 ♥7 ♦7'
        """
        if not melds:
            raise NotationError("no-melds", msg("A lay-down needs at least one meld."))
        if len(melds) > 1:
            raise NotationError("one-meld-at-a-time", _one_at_a_time(len(melds)))
        meld = melds[0]
        return cls(meld if isinstance(meld, Meld) else parse_meld(meld))

    @property
    def melds(self) -> tuple[Meld]:
        """``(meld,)``: the melds laid, kept for code written when a lay-down could hold several.

        >>> LayDown.of("♠7 ♥7 ♦7").melds == (LayDown.of("♠7 ♥7 ♦7").meld,)
        True
        """
        return (self.meld,)

    @property
    def cards(self) -> tuple[Card, ...]:
        """Every card this action lays.

        >>> LayDown.of("♠7 ♥7 JK").cards
        (Card('♠7'), Card('♥7'), Card('JK'))
        """
        return self.meld.cards

    def __str__(self) -> str:
        return f"lay {self.meld}"


@attrs.frozen
class Build:
    """Add *card* to the meld being laid card by card. Notation: ``build ♠5``.

    Where a contract's melds may be longer than their least size (the last
    Norwegian round, the *all down at once* variant), a meld goes down card by
    card: one ``build`` per card in ascending card order (the joker last),
    then a ``lay`` of exactly those cards (docs/rules/norwegian.rst,
    norwegian-build-card-by-card). :meth:`remi.GameState.lay` plays the steps of a
    whole meld in one call.

    >>> parse_action("build 5s")
    Build(card=Card('♠5'))
    """

    #: The first word of the notation: ``'build'``.
    kind: ClassVar[ActionKind] = "build"

    card: Card = attrs.field(converter=_card)

    def __str__(self) -> str:
        return f"build {self.card}"


@attrs.frozen
class LayOff:
    """Lay *card* off onto table meld number *target*. Notation: ``off ♠9 2`` (``low`` to choose the low end).

    ``low`` is set only when the card could go at either end of a run and
    the player picks the low end; otherwise a card goes where it fits (the
    high end first).

    >>> LayOff("jk", 2, low=True)
    LayOff(card=Card('JK'), target=2, low=True)
    >>> str(LayOff("9s", 0))
    'off ♠9 0'
    """

    #: The first word of the notation: ``'off'``.
    kind: ClassVar[ActionKind] = "off"

    card: Card = attrs.field(converter=_card)
    target: int = attrs.field(converter=_index)
    low: bool = attrs.field(default=False, validator=_flag)

    def __str__(self) -> str:
        return f"off {self.card} {self.target}" + (" low" if self.low else "")


@attrs.frozen
class SwapJoker:
    """Put natural *card* in place of the joker standing for it in table meld *target*. Notation: ``swap ♠3 1``.

    >>> parse_action("swap 3s 1")
    SwapJoker(card=Card('♠3'), target=1)
    """

    #: The first word of the notation: ``'swap'``.
    kind: ClassVar[ActionKind] = "swap"

    card: Card = attrs.field(converter=_card)
    target: int = attrs.field(converter=_index)

    def __str__(self) -> str:
        return f"swap {self.card} {self.target}"


@attrs.frozen
class Discard:
    """Discard *card*; ``shanghai`` protects it from Shanghai calls. Notation: ``discard ♠K [shanghai]``.

    >>> str(Discard("KS", shanghai=True))
    'discard ♠K shanghai'
    """

    #: The first word of the notation: ``'discard'``.
    kind: ClassVar[ActionKind] = "discard"

    card: Card = attrs.field(converter=_card)
    shanghai: bool = attrs.field(default=False, validator=_flag)

    def __str__(self) -> str:
        return f"discard {self.card}" + (" shanghai" if self.shanghai else "")


@attrs.frozen
class Knock:
    """Discard *card* face down and end the deal by knocking (Gin Rummy). Notation: ``knock ♠K``.

    The knocker's deadwood after the discard must be at most the ruleset's
    ``knock_limit``; with no deadwood at all the knock is a gin.

    >>> parse_action("knock 9h")
    Knock(card=Card('♥9'))
    """

    #: The first word of the notation: ``'knock'``.
    kind: ClassVar[ActionKind] = "knock"

    card: Card = attrs.field(converter=_card)

    def __str__(self) -> str:
        return f"knock {self.card}"


@attrs.frozen
class CallShanghai:
    """Call Shanghai: lay the discarded card onto table meld *target*. Notation: ``shanghai 2 [low]``.

    >>> parse_action("shanghai 2")
    CallShanghai(target=2, low=False)
    """

    #: The first word of the notation: ``'shanghai'``.
    kind: ClassVar[ActionKind] = "shanghai"

    target: int = attrs.field(converter=_index)
    low: bool = attrs.field(default=False, validator=_flag)

    def __str__(self) -> str:
        return f"shanghai {self.target}" + (" low" if self.low else "")


Action = Union[  # noqa: UP007 - a runtime alias, kept as Union
    Cut, DrawStock, TakeDiscard, Buy, Pass, LayDown, Build, LayOff, SwapJoker, Discard, Knock, CallShanghai
]

#: Every action class, in the order ``legal_actions()`` lists the kinds of action.
ACTION_TYPES: Final = (
    Cut,
    DrawStock,
    TakeDiscard,
    Buy,
    Pass,
    LayDown,
    Build,
    LayOff,
    SwapJoker,
    Discard,
    Knock,
    CallShanghai,
)


def parse_action(text: str) -> Action:
    """Parse an action from its notation.

    A refusal is a :class:`~remi.NotationError` that quotes the whole text and
    names the part that is wrong. :meth:`remi.GameState.apply` and the other
    entry points of a state read action text with the state's ruleset (a ♠2
    where ♠2s are wild, for one); this reads melds as :func:`~remi.parse_meld`
    does without a ruleset.

    >>> parse_action("lay ♥9 ♠9 ♦9")
    LayDown(meld=Meld(kind='set', ...))
    >>> parse_action("lay ♥9 ♠9 ♦9 / ♣5 ♣6 ♣7 ♣8")
    Traceback (most recent call last):
    ...
    remi.NotationError: 'lay ♥9 ♠9 ♦9 / ♣5 ♣6 ♣7 ♣8' lays several melds in one action; a lay-down is one meld: lay them one after another (lay ♠7 ♥7 ♦7, then lay ♣5 ♣6 ♣7 ♣8).
    >>> parse_action("fold")
    Traceback (most recent call last):
    ...
    remi.NotationError: 'fold' is not an action: expected cut, draw, take, buy, pass, lay, build, off, swap, discard, knock or shanghai.
    >>> parse_action("off ♣9 -1")
    Traceback (most recent call last):
    ...
    remi.NotationError: 'off ♣9 -1' is not a valid action: '-1' is not a table meld number (0, 1, 2 ...).

    An action word without what it takes is told what is missing, with an example:

    >>> parse_action("off ♣9")
    Traceback (most recent call last):
    ...
    remi.NotationError: 'off ♣9' needs a table meld number after the card: off ♣9 2.
    """
    return read_action(text, None)


#: The verbs that take nothing after them.
_SIMPLE: Final[dict[str, Action]] = {
    "cut": Cut(),
    "draw": DrawStock(),
    "take": TakeDiscard(),
    "buy": Buy(),
    "pass": Pass(),
}
#: Every action word: the kinds of action.
_VERBS: Final = frozenset(get_args(ActionKind))


def _shape(verb: str) -> Message:
    """What *verb* takes, for the refusal of text with too many words."""
    if verb in _SIMPLE:
        return msg("{verb} takes nothing after it", verb=verb)
    if verb == "lay":
        return msg("lay takes one meld (lay ♠7 ♥7 ♦7)")
    if verb == "build":
        return msg("build takes one card (build ♠5)")
    if verb == "off":
        return msg("off takes a card, a table meld number and optionally low (off ♠9 2 low)")
    if verb == "swap":
        return msg("swap takes a natural card and a table meld number (swap ♠3 1)")
    if verb == "discard":
        return msg("discard takes a card and optionally shanghai (discard ♠K shanghai)")
    if verb == "knock":
        return msg("knock takes one card (knock ♠K)")
    return msg("shanghai takes a table meld number and optionally low (shanghai 2 low)")


class _Part(Exception):
    """One wrong part of an action text: the sentence that names it."""

    def __init__(self, reason: Message) -> None:
        super().__init__(reason)
        self.reason = reason


class _Missing(Exception):
    """Action text whose verb lacks what it needs: the whole sentence that says what, with an example."""

    def __init__(self, reason: Message) -> None:
        super().__init__(reason)
        self.reason = reason


def _table_number(word: str) -> int:
    try:
        return _number(word)
    except ValueError:
        raise _Part(msg("{word!r} is not a table meld number (0, 1, 2 ...)", word=word)) from None


def _word(word: str, expected: str) -> None:
    if word.lower() != expected:
        raise _Part(
            msg("{word!r} is not {expected!r}, the only word that may follow", word=word, expected=expected)
        )


def _missing(verb: str, args: list[str], text: str) -> Message | None:
    """Say what *text* (the verb *verb* and the words *args*) lacks, or ``None`` when nothing is missing.

    Only text with too few words lacks something: ``discard``, ``off ♣9``,
    ``lay``, ``swap ♠3``, ``shanghai low``... A card typed where a number
    belongs (or the reverse) is refused by the reader of that part.
    """
    words = [w for w in args if w.lower() != ("shanghai" if verb == "discard" else "low")]
    n = len(words)
    if verb == "lay":
        return None if args else msg("{text!r} needs a meld: lay ♠7 ♥7 ♦7.", text=text)
    if verb in ("build", "discard", "knock"):
        if n:
            return None
        if verb == "build":
            return msg("{text!r} needs a card: build ♠5.", text=text)
        if verb == "knock":
            return msg("{text!r} needs a card: knock ♠K.", text=text)
        return msg("{text!r} needs a card: discard ♠7.", text=text)
    if verb == "shanghai":
        return msg("{text!r} needs a table meld number: shanghai 2.", text=text) if not n else None
    if verb not in ("off", "swap") or n >= 2:
        return None
    if not n:
        if verb == "off":
            return msg("{text!r} needs a card and a table meld number: off ♠9 2.", text=text)
        return msg("{text!r} needs a natural card and a table meld number: swap ♠3 1.", text=text)
    if _number_or_none(words[0]) is not None:
        number = _number_or_none(words[0])
        if verb == "off":
            return msg(
                "{text!r} needs a card before the table meld number: off ♠9 {number}.",
                text=text,
                number=number,
            )
        return msg(
            "{text!r} needs a natural card before the table meld number: swap ♠3 {number}.",
            text=text,
            number=number,
        )
    card = parse_card(words[0])  # a word that is no card is refused as such
    if verb == "off":
        return msg("{text!r} needs a table meld number after the card: off {card} 2.", text=text, card=card)
    return msg("{text!r} needs a table meld number after the card: swap {card} 1.", text=text, card=card)


def _number_or_none(word: str) -> int | None:
    try:
        return _number(word)
    except ValueError:
        return None


def read_meld(meld: Meld | str, ruleset: Ruleset | None) -> Meld:
    """Read one meld of a lay-down (text or a meld) as the game of *ruleset* reads it.

    Under a ruleset the cards are arranged as :func:`~remi.check_meld` would
    in that game (a ♠2 in a run stands for a card where ♠2s are wild). Cards
    the game refuses as a meld are read as plain notation, so the rules of the
    state can say why it is refused; cards that are no meld in any reading
    raise the game's own refusal.
    """
    if isinstance(meld, Meld):
        return meld
    if not isinstance(meld, str):
        raise TypeError(f"meld must be a remi.Meld or meld text, not {type(meld).__name__} {meld!r:.60}.")
    if ruleset is None:
        return parse_meld(meld)
    try:
        return parse_meld(meld, ruleset)
    except MeldError as in_game:
        try:
            return parse_meld(meld)
        except MeldError:
            raise in_game from None


def read_action(text: str, ruleset: Ruleset | None) -> Action:
    """Read action notation, its melds as the game of *ruleset* reads them: the one reader of action text.

    :func:`parse_action` is this without a ruleset; every entry point of a
    state (``apply``, ``is_legal``, ``why_illegal``, ``lay``, ``lay_steps``,
    ``parse_action``, records) reads text with the state's ruleset through it.
    """
    if not isinstance(text, str):
        raise NotationError("not-text", msg("Expected action text, got {type}.", type=type(text).__name__))
    words = text.split()
    if not words:
        raise NotationError("empty-action", msg("An action needs text; {text!r} holds none.", text=text))
    verb, args = words[0].lower(), words[1:]
    if verb not in _VERBS:
        raise NotationError(
            "unknown-action",
            msg(
                "{text!r} is not an action: expected cut, draw, take, buy, pass, lay, build, off, swap, "
                "discard, knock or shanghai.",
                text=text,
            ),
        )
    if verb == "lay" and "/" in text:
        raise NotationError(
            "one-meld-at-a-time",
            msg(
                "{text!r} lays several melds in one action; a lay-down is one meld: lay them one "
                "after another (lay ♠7 ♥7 ♦7, then lay ♣5 ♣6 ♣7 ♣8).",
                text=text,
            ),
        )
    try:
        missing = _missing(verb, args, text)
        if missing is not None:
            raise _Missing(missing)
        action = _read_words(verb, args, text, ruleset)
    except _Missing as lacking:
        raise NotationError("unknown-action", lacking.reason) from None
    except _Part as part:
        raise NotationError(
            "unknown-action", msg("{text!r} is not a valid action: {part}.", text=text, part=part.reason)
        ) from None
    except RemiError as exc:  # a card that is no card, a meld that is no meld
        raise NotationError(
            exc.code, msg("{text!r} is not a valid action: {reason}", text=text, reason=exc.reason)
        ) from None
    if action is None:
        raise NotationError(
            "unknown-action", msg("{text!r} is not a valid action: {shape}.", text=text, shape=_shape(verb))
        )
    return action


def _read_words(verb: str, args: list[str], text: str, ruleset: Ruleset | None) -> Action | None:
    """The action of a known *verb* and its *args*, ``None`` for the wrong number of words."""
    n = len(args)
    if verb in ("cut", "draw", "take", "buy", "pass"):
        if n:
            return None
        return _SIMPLE[verb]
    if verb == "lay":
        if not n:
            return None
        body = text.split(None, 1)[1]
        return LayDown(read_meld(body.strip(), ruleset))
    if verb in ("build", "knock"):
        if n != 1:
            return None
        return Build(args[0]) if verb == "build" else Knock(args[0])
    if verb == "off":
        if n not in (2, 3):
            return None
        if n == 3:
            _word(args[2], "low")
        return LayOff(args[0], _table_number(args[1]), n == 3)
    if verb == "swap":
        if n != 2:
            return None
        return SwapJoker(args[0], _table_number(args[1]))
    if verb == "discard":
        if n not in (1, 2):
            return None
        if n == 2:
            _word(args[1], "shanghai")
        return Discard(args[0], n == 2)
    if n not in (1, 2):
        return None
    if n == 2:
        _word(args[1], "low")
    return CallShanghai(_table_number(args[0]), n == 2)


def split_lays(text: str) -> list[str]:
    """The lines a record line *text* stands for: ``lay A / B`` (older records) as ``lay A`` and ``lay B``.

    A lay-down is one meld; records written when one action could lay
    several wrote them split by ``/``. Every other line stands for itself.

    >>> split_lays("lay ♠7 ♥7 ♦7 / ♣5 ♣6 ♣7")
    ['lay ♠7 ♥7 ♦7', 'lay ♣5 ♣6 ♣7']
    >>> split_lays("discard ♠7")
    ['discard ♠7']
    """
    words = text.split(None, 1)
    if len(words) != 2 or words[0].lower() != "lay" or "/" not in words[1]:
        return [text]
    parts = [part.strip() for part in words[1].split("/")]
    if not all(parts):
        return [text]  # its reading says what is wrong
    return [f"lay {part}" for part in parts]


def is_action(value: object) -> bool:
    """Return whether *value* is a remi action.

    >>> is_action(Pass()), is_action("pass")
    (True, False)
    """
    return isinstance(value, ACTION_TYPES)
