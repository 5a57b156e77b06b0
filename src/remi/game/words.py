"""Play in words: an action as a sentence for the people at the table, and the score sheet.

:func:`describe_action` says what an action does for the seat that would make
it, naming table melds by their cards and their owner rather than their
index; :func:`score_sheet` writes the finished rounds by seat, the totals,
who went out and the winners as a plain text table. Both write any of
:data:`remi.LANGUAGES`. :meth:`remi.GameState.describe` and
:meth:`remi.GameState.score_sheet` are these functions.

>>> import remi
>>> state = remi.new_game(remi.NORWEGIAN, players=4, seed=1)
>>> state.describe("draw")
'Seat 1 draws from the stock.'
>>> state.describe("take")
'Seat 1 takes ♠6 from the discard pile.'

An action need not be legal to be described: the sentence says what the move
would be (a client can describe a move before it asks whether it is legal).
Text is read with the state's :meth:`~remi.GameState.parse_action` (a meld
named by its cards, any card spelling); text that is no action raises the
:class:`~remi.NotationError` that method raises, and well-formed text for a
move that is not legal here is read as plain notation (``off ♠9 2``) and
described.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..actions import (
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
    read_action,
)
from ..cards import Card
from ..errors import IllegalActionError, require_language
from ..messages import Message, and_list, msg, nmsg

if TYPE_CHECKING:
    from ..actions import Action
    from ..melds import Meld
    from .state import StateCore

__all__ = ["describe_action", "score_sheet", "meld_words"]


def meld_words(state: StateCore, target: int) -> Message:
    """Table meld number *target* in words: its notation (a joker says what it stands for) and whose set or run it is.

    >>> import remi
    >>> s = remi.GameState.from_position("game: swedish | players: 2 | meld 0 seat 1: ♣6 ♣7 ♣8 | "
    ...     "hand 0: ♣9 ♠K | hand 1: ♥2 ♥5")
    >>> meld_words(s, 0)
    "♣6 ♣7 ♣8 (seat 1's run)"
    >>> meld_words(s, 4)
    'table meld 4, which is not on the table'
    """
    if not 0 <= target < len(state.table):
        return msg("table meld {number}, which is not on the table", number=target)
    meld = state.table[target]
    owner = state.owners[target] if target < len(state.owners) else -1
    if meld.kind == "run":
        return msg("{meld} (seat {seat}'s run)", meld=meld, seat=owner)
    return msg("{meld} (seat {seat}'s set)", meld=meld, seat=owner)


def _new_meld(meld: Meld) -> Message:
    if meld.kind == "run":
        return msg("the run {meld}", meld=meld)
    return msg("the set {meld}", meld=meld)


def _wild_in(state: StateCore, target: int) -> Card | None:
    """The wild ♠2 a swap would take from table meld *target* (``None``: a joker).

    >>> import remi
    >>> s = remi.GameState.from_position("game: swedish | players: 2 | meld 0 seat 1: ♣6 ♣7 ♣8 | "
    ...     "hand 0: ♣9 ♠K | hand 1: ♥2 ♥5")
    >>> _wild_in(s, 0) is None
    True
    """
    if 0 <= target < len(state.table):
        meld = state.table[target]
        for card, wild in zip(meld.cards, meld.wild):
            if wild and not card.is_joker:
                return card
    return None


def _top(state: StateCore) -> Card | None:
    """The top card of the discard pile (``None`` when it is empty: each sentence then has its own words)."""
    return state.discard[-1] if state.discard else None


def _goes_out(state: StateCore, seat: int, cards: tuple[Card, ...]) -> bool:
    """Whether playing *cards* would leave *seat*'s hand empty.

    >>> import remi
    >>> s = remi.GameState.from_position("game: swedish | players: 2 | hand 0: ♠K | hand 1: ♥2 ♥5")
    >>> _goes_out(s, 0, (remi.Card("♠K"),)), _goes_out(s, 1, (remi.Card("♥2"),))
    (True, False)
    """
    hand = list(state.hands[seat]) if 0 <= seat < len(state.hands) else []
    for card in cards:
        if card not in hand:
            return False
        hand.remove(card)
    return not hand and bool(cards)


def _describe(state: StateCore, action: Action) -> Message:
    seat = state.to_act
    if isinstance(action, Cut):
        return msg("Seat {seat} cuts the pack.", seat=seat)
    if isinstance(action, DrawStock):
        return msg("Seat {seat} draws from the stock.", seat=seat)
    if isinstance(action, TakeDiscard):
        top = _top(state)
        if top is None:
            return msg("Seat {seat} takes the top card of the discard pile.", seat=seat)
        return msg("Seat {seat} takes {card} from the discard pile.", seat=seat, card=top)
    if isinstance(action, Buy):
        top = _top(state)
        if top is None:
            return msg(
                "Seat {seat} buys the top card of the discard pile and takes the top card of the stock with it.",
                seat=seat,
            )
        return msg(
            "Seat {seat} buys {card} from the discard pile and takes the top card of the stock with it.",
            seat=seat,
            card=top,
        )
    if isinstance(action, Pass):
        return _pass(state, seat)
    if isinstance(action, LayDown):
        return _lay(state, seat, action)
    if isinstance(action, Build):
        return _build(state, seat, action)
    if isinstance(action, LayOff):
        return _lay_off(state, seat, action)
    if isinstance(action, SwapJoker):
        return _swap(state, seat, action)
    if isinstance(action, Discard):
        return _discard(state, seat, action)
    if isinstance(action, Knock):
        return msg("Seat {seat} knocks, discarding {card} face down.", seat=seat, card=action.card)
    if isinstance(action, CallShanghai):
        return _shanghai(state, seat, action)
    raise TypeError(f"Not an action: {type(action).__name__} {action!r:.60}.")


def _build(state: StateCore, seat: int, action: Build) -> Message:
    if state.building:
        return msg(
            "Seat {seat} adds {card} to the meld being laid ({cards}).",
            seat=seat,
            card=action.card,
            cards=state.building,
        )
    return msg("Seat {seat} begins a meld with {card}.", seat=seat, card=action.card)


def _lay_off(state: StateCore, seat: int, action: LayOff) -> Message:
    meld = meld_words(state, action.target)
    if action.low:
        return msg(
            "Seat {seat} lays off {card} at the low end of {meld}.",
            seat=seat,
            card=action.card,
            meld=meld,
        )
    return msg("Seat {seat} lays off {card} on {meld}.", seat=seat, card=action.card, meld=meld)


def _swap(state: StateCore, seat: int, action: SwapJoker) -> Message:
    two = _wild_in(state, action.target)
    if two is not None:
        return msg(
            "Seat {seat} puts {card} in place of the wild {wild} in {meld} and takes the {wild}.",
            seat=seat,
            card=action.card,
            wild=two,
            meld=meld_words(state, action.target),
        )
    return msg(
        "Seat {seat} puts {card} in place of the joker in {meld} and takes the joker.",
        seat=seat,
        card=action.card,
        meld=meld_words(state, action.target),
    )


def _shanghai(state: StateCore, seat: int, action: CallShanghai) -> Message:
    top, meld = _top(state), meld_words(state, action.target)
    if top is None:
        if action.low:
            return msg(
                "Seat {seat} calls Shanghai and lays the top card of the discard pile off at the low end of {meld}.",
                seat=seat,
                meld=meld,
            )
        return msg(
            "Seat {seat} calls Shanghai and lays the top card of the discard pile off on {meld}.",
            seat=seat,
            meld=meld,
        )
    if action.low:
        return msg(
            "Seat {seat} calls Shanghai and lays {card} off at the low end of {meld}.",
            seat=seat,
            card=top,
            meld=meld,
        )
    return msg("Seat {seat} calls Shanghai and lays {card} off on {meld}.", seat=seat, card=top, meld=meld)


def _pass(state: StateCore, seat: int) -> Message:
    top = _top(state)
    if state.phase == "buy":
        if top is None:
            return msg("Seat {seat} does not buy the top card of the discard pile.", seat=seat)
        return msg("Seat {seat} does not buy {card}.", seat=seat, card=top)
    if state.phase == "shanghai":
        if top is None:
            return msg("Seat {seat} does not call Shanghai on the top card of the discard pile.", seat=seat)
        return msg("Seat {seat} does not call Shanghai on {card}.", seat=seat, card=top)
    if state.phase == "knock":
        return msg("Seat {seat} has laid their melds and shows the deadwood.", seat=seat)
    if state.phase == "draw":
        if top is None:
            return msg(
                "Seat {seat} declines the top card of the discard pile, which ends the deal.", seat=seat
            )
        return msg("Seat {seat} declines {card}, which ends the deal.", seat=seat, card=top)
    return msg("Seat {seat} passes.", seat=seat)


def _lay(state: StateCore, seat: int, action: LayDown) -> Message:
    melds = and_list([_new_meld(meld) for meld in action.melds]) if action.melds else msg("nothing")
    if _goes_out(state, seat, action.cards):
        return msg("Seat {seat} lays down {melds} and goes out.", seat=seat, melds=melds)
    if state.ruleset.family == "contract" and 0 <= seat < len(state.down) and state.down[seat] < 0:
        if state.phase == "play":
            return msg("Seat {seat} lays down {melds} for the contract.", seat=seat, melds=melds)
    if state.ruleset.opening_points is not None and 0 <= seat < len(state.down) and state.down[seat] < 0:
        return msg("Seat {seat} opens with {melds}.", seat=seat, melds=melds)
    return msg("Seat {seat} lays down {melds}.", seat=seat, melds=melds)


def _discard(state: StateCore, seat: int, action: Discard) -> Message:
    out = _goes_out(state, seat, (action.card,))
    if action.shanghai and out:
        return msg(
            "Seat {seat} discards {card}, saying Shanghai so it cannot be called, and goes out.",
            seat=seat,
            card=action.card,
        )
    if action.shanghai:
        return msg(
            "Seat {seat} discards {card}, saying Shanghai so it cannot be called.",
            seat=seat,
            card=action.card,
        )
    if out:
        return msg("Seat {seat} discards {card} and goes out.", seat=seat, card=action.card)
    return msg("Seat {seat} discards {card}.", seat=seat, card=action.card)


def read_for_words(state: Any, action: Action | str) -> Action:
    """*action* as a value: text read at *state*, or as plain notation when the move is not legal there.

    >>> import remi
    >>> state = remi.new_game(remi.GIN, players=2, seed=5)
    >>> read_for_words(state, "discard 9h")
    Discard(card=Card('♥9'), shanghai=False)
    """
    if not isinstance(action, str):
        return action
    try:
        found: Action = state.parse_action(action)
    except IllegalActionError:
        found = read_action(action, state.ruleset)
    return found


def describe_action(state: Any, action: Action | str, lang: str = "en") -> str:
    """Say in *lang* what *action* does, for the seat to act at *state* (a value or its text).

    >>> import remi
    >>> s = remi.GameState.from_position("game: swedish | players: 3 | phase: play | turn player: 0 | "
    ...     "meld 0 seat 2: ♣6 ♣7 ♣8 | hand 0: ♣9 ♠K ♥2 | hand 1: ♦5 ♦6 | hand 2: ♠3 ♠4 | discard: ♦4")
    >>> describe_action(s, "off 9c 0")
    "Seat 0 lays off ♣9 on ♣6 ♣7 ♣8 (seat 2's run)."
    >>> describe_action(s, "discard ♠K")
    'Seat 0 discards ♠K.'
    >>> describe_action(s, "dance")
    Traceback (most recent call last):
    ...
    remi.NotationError: 'dance' is not an action: expected cut, draw, take, buy, pass, lay, build, off, swap, discard, knock or shanghai.
    """
    lang = require_language(lang)
    return _describe(state, read_for_words(state, action)).render(lang)


def score_sheet(state: StateCore, lang: str = "en") -> str:
    """Write the score sheet in *lang*: one row per finished round, the totals, who went out, the winners.

    >>> import remi
    >>> s = remi.new_game(remi.GIN, players=2, seed=1)
    >>> print(score_sheet(s))
    Round | Seat 0 | Seat 1 | Went out
    ------+--------+--------+---------
    Total |      0 |      0 |
    No round has been played yet.
    """
    lang = require_language(lang)
    seats = [msg("Seat {seat}", seat=seat).render(lang) for seat in range(state.players)]
    head = [msg("Round").render(lang), *seats, msg("Went out").render(lang)]
    rows: list[list[str]] = []
    for result in state.results:
        if result.went_out is None:
            out = msg("nobody").render(lang)
        else:
            out = msg("seat {seat}", seat=result.went_out).render(lang)
        if result.cut_bonus is not None:
            cut = msg("cut bonus: seat {seat}", seat=result.cut_bonus).render(lang)
            out = f"{out}; {cut}"
        rows.append([str(result.round), *(str(p) for p in result.points), out])
    total = [msg("Total").render(lang), *(str(t) for t in state.totals), ""]
    widths = [max(len(row[i]) for row in [head, *rows, total]) for i in range(len(head))]

    def line(cells: list[str]) -> str:
        first = cells[0].ljust(widths[0])
        middle = [cell.rjust(widths[i + 1]) for i, cell in enumerate(cells[1:-1])]
        return " | ".join([first, *middle, cells[-1]]).rstrip()

    lines = [line(head), "-+-".join("-" * w for w in widths)]
    lines += [line(row) for row in rows]
    lines.append(line(total))
    lines.append(_ending(state).render(lang))
    return "\n".join(lines)


def _ending(state: StateCore) -> Message:
    played = len(state.results)
    if state.phase == "over":
        best = min(state.totals) if state.ruleset.lowest_wins else max(state.totals)
        winners = [seat for seat, total in enumerate(state.totals) if total == best]
        if len(winners) == 1:
            return nmsg(
                "Seat {seat} wins with {n} point.", "Seat {seat} wins with {n} points.", best, seat=winners[0]
            )
        seats = and_list([msg("seat {seat}", seat=seat) for seat in winners])
        return nmsg(
            "{seats!u} share the win with {n} point.",
            "{seats!u} share the win with {n} points.",
            best,
            seats=seats,
        )
    if not played:
        return msg("No round has been played yet.")
    return nmsg("{n} round played; the match goes on.", "{n} rounds played; the match goes on.", played)
