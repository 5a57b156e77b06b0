"""What one seat may see: the value of a :class:`~remi.PlayerView`, hidden-card sampling and returns.

A view holds the seat's own hand and everything public, and nothing else:
no other hand, no stock order, no seed. :meth:`~remi.PlayerView.sample_state`
deals the unseen cards at random into a full :class:`~remi.GameState`
consistent with the view, with a fresh seed: what determinized search needs.

>>> import random, remi
>>> from remi.views import view
>>> state = remi.new_game(remi.NORWEGIAN, players=4, seed=7)
>>> v = view(state, 1)
>>> v.hand == state.hands[1], v.hand_sizes, v.stock_size
(True, (10, 10, 10, 10), 72)
>>> [str(a) for a in v.legal_actions()]
['draw', 'take']
>>> view(v.sample_state(random.Random(1)), 1) == v
True

A view stands on its own: a client that is sent only its view (as
:meth:`~remi.PlayerView.to_dict`, read back with :meth:`~remi.PlayerView.from_dict`)
checks, explains and reads its seat's moves as the state would.

>>> import json
>>> again = remi.PlayerView.from_dict(json.loads(json.dumps(v.to_dict())))
>>> again == v, again.is_legal("draw"), again.why_illegal("discard ♠6").code
(True, True, 'wrong-phase')
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from random import Random
from typing import TYPE_CHECKING, Any, Final, TypeVar, cast

import attrs

from ..actions import Action, Build, Discard, Knock, LayDown, is_action
from ..cards import CARDS, JOKER_CODE, Card, format_cards, parse_cards, sorted_hand
from ..contracts import contract_for
from ..errors import IllegalActionError, NotationError, RemiError, StateError
from ..melds import Meld
from ..messages import Message, msg, nmsg
from ..rulesets import Ruleset
from .state import (
    PHASES,
    PUBLIC_FIELDS,
    Phase,
    RoundResult,
    StateCore,
    hand_size_problems,
    invariant_problems,
    loose_subclass,
    winners_of,
)

if TYPE_CHECKING:
    from . import GameState

__all__ = ["ViewCore", "make_view", "returns", "known_cards", "VIEW_FORMAT"]

#: The dict format :meth:`~remi.PlayerView.to_dict` writes and :meth:`~remi.PlayerView.from_dict` reads.
VIEW_FORMAT: Final = "remi-view/1"


def known_cards(state: GameState) -> tuple[tuple[Card, ...], ...]:
    """Return, per seat, the cards everyone knows that seat holds (taken publicly, not yet played).

    Reads the state's ``known`` field; an engine without it knows none
    (the card taken this turn is still public as :attr:`~remi.PlayerView.taken`).

    >>> import remi
    >>> state = remi.new_game(remi.NORWEGIAN, players=3, seed=1).apply("take")
    >>> [len(k) for k in known_cards(state)] in ([0, 1, 0], [0, 0, 0])
    True
    """
    known = getattr(state, "known", None)
    if known is not None:
        return tuple(tuple(k) for k in known)
    return tuple(() for _ in range(state.players))


def _forced(
    state_known: Sequence[Sequence[Card]],
    pending: Sequence[Card],
    turn_player: int,
    seat: int,
    building: Sequence[Card] = (),
) -> Counter[Card]:
    """The cards everyone knows *seat* holds: its known cards, plus on turn the swapped-back
    jokers and the cards chosen for a meld being built (each may be one of the others, so a
    card is forced as often as the most of them name it).
    """
    forced = Counter(state_known[seat])
    if seat == turn_player:
        for cards in (pending, building):
            for card, count in Counter(cards).items():
                forced[card] = max(forced[card], count)
    return forced


def _unseen(counts: Sequence[int]) -> tuple[Card, ...]:
    """The cards *counts* (by code) hold, sorted; a negative count is a view that holds too many."""
    if min(counts) < 0:
        raise StateError("broken-invariant", msg("The view holds more of some card than the pack."))
    out: list[Card] = []
    for card, count in zip(CARDS, counts):
        if count:
            out += (card,) * count
    return tuple(out)


@attrs.frozen
class ViewCore:
    """What seat :attr:`seat` may see of a game: its own hand and everything public.

    The value of a :class:`~remi.PlayerView` (which adds the one method that
    builds a :class:`~remi.GameState`, so this module never imports the game).
    Build one with :func:`~remi.views.view` (``state.view(seat)``). Two states that differ
    only in cards this seat cannot see give equal views.

    A view answers what a player asks, as the state answers for the seat to act:
    :meth:`legal_actions`, :meth:`is_legal`, :meth:`why_illegal`,
    :meth:`parse_action`, :attr:`contract`, :attr:`scores` and :attr:`winners`.
    While another seat is to act (or once the match is over), every action of
    this seat is one made out of turn, answered as
    ``state.apply(action, player=view.seat)`` answers it: :meth:`legal_actions`
    is empty, :meth:`is_legal` is ``False``, :meth:`why_illegal` gives the
    ``not-your-turn`` (or ``game-over``) error, or the
    :class:`~remi.NotationError` of text that names no action, and
    :meth:`parse_action` raises that error.

    >>> import remi
    >>> v = remi.new_game(remi.GIN, players=2, seed=3).view(0)
    >>> v.seat, len(v.hand), v.hand_sizes, v.phase
    (0, 10, (10, 10), 'draw')
    >>> v.is_legal("draw"), str(v.why_illegal("draw"))
    (False, "It is seat 1's move, not seat 0's.")
    """

    #: The rules of the game.
    ruleset: Ruleset
    #: How many seats play (seats are numbered from 0).
    players: int
    #: The seat this view belongs to.
    seat: int
    #: The round (deal) being played, from 1.
    round: int
    #: The seat that dealt this round.
    dealer: int
    #: What the game waits for: ``cut``, ``draw``, ``buy``, ``play``, ``knock``, ``shanghai`` or ``over``.
    phase: Phase
    #: The seat whose turn it is.
    turn_player: int
    #: The seat that acts now (differs from :attr:`turn_player` while others may buy or call Shanghai).
    to_act: int
    #: This seat's own hand, sorted.
    hand: tuple[Card, ...]
    #: How many cards each seat holds.
    hand_sizes: tuple[int, ...]
    #: How many cards the stock holds (its order is hidden).
    stock_size: int
    #: The whole discard pile, top card last (it was laid face up).
    discard: tuple[Card, ...]
    #: Melds on the table, in the order they were laid (actions name them by this index).
    table: tuple[Meld, ...]
    #: The seat that laid each table meld.
    owners: tuple[int, ...]
    #: For each seat, the turn in which it first went down (-1: not yet).
    down: tuple[int, ...]
    #: Turns begun in this round (1 for the first turn).
    turn: int
    #: Wild cards the seat on turn took back by a swap this turn and must play again before it ends.
    pending: tuple[Card, ...]
    #: The card the seat on turn took from the discard pile this turn, if any.
    taken: Card | None
    #: Seats still to be asked in a buying or Shanghai window, in order.
    queue: tuple[int, ...]
    #: The seat that bought the previous card in this buying window (-1: none).
    last_buyer: int
    #: Cards each seat has bought this round.
    buys: tuple[int, ...]
    #: The seat whose discard is open to Shanghai calls (-1: none).
    shanghai_from: int
    #: How often the stock has been rebuilt this round.
    reshuffles: int
    #: The seat that earned the Liverpool cut bonus this round (-1: none).
    cut_bonus_seat: int
    #: Finished rounds, each a :class:`~remi.RoundResult`.
    results: tuple[RoundResult, ...]
    #: Running totals per seat (also :attr:`scores`).
    totals: tuple[int, ...]
    #: New melds the seat on turn has laid this turn.
    melds_this_turn: int
    #: Per seat, the cards everyone knows it holds (taken from the discard pile, not yet played).
    known: tuple[tuple[Card, ...], ...]
    #: Turns in a row with the stock empty and nothing laid (0 on engines without the field).
    idle_turns: int = 0
    #: The cards the seat on turn has chosen so far for a meld laid card by card, ascending
    #: (public: the table sees them chosen; they are still in that seat's hand).
    building: tuple[Card, ...] = ()
    # A state this view stands for (this hand, the unseen cards dealt in order), built once on
    # first use: it answers the acting seat's questions. Never part of the value, never pickled.
    # (Typed StateCore: the annotations resolve at run time, where GameState is not imported here.)
    _world: StateCore | None = attrs.field(default=None, init=False, eq=False, hash=False, repr=False)
    # The seat's legal actions, when the view was made from a state with this seat to act: the
    # state's own list (a list of this seat's moves, no hidden card). Never part of the value.
    _legal: list[Action] | None = attrs.field(default=None, init=False, eq=False, hash=False, repr=False)

    def __getstate__(self) -> dict[str, Any]:
        return {f.name: getattr(self, f.name) for f in attrs.fields(ViewCore) if f.init}

    def __setstate__(self, state: Mapping[str, Any]) -> None:
        for name, value in state.items():
            object.__setattr__(self, name, value)
        object.__setattr__(self, "_world", None)
        object.__setattr__(self, "_legal", None)

    @property
    def current_player(self) -> int:
        """The seat that must act now; -1 once the game is over.

        >>> import remi
        >>> remi.new_game(remi.NORWEGIAN, seed=1).view(0).current_player
        1
        """
        return -1 if self.phase == "over" else self.to_act

    @property
    def is_over(self) -> bool:
        """Whether the match has ended.

        >>> import remi
        >>> remi.new_game(remi.GIN, players=2, seed=1).view(1).is_over
        False
        """
        return self.phase == "over"

    @property
    def discard_top(self) -> Card | None:
        """The top card of the discard pile, or ``None``.

        >>> import remi
        >>> remi.new_game(remi.NORWEGIAN, seed=1).view(0).discard_top
        Card('♠6')
        """
        return self.discard[-1] if self.discard else None

    @property
    def scores(self) -> tuple[int, ...]:
        """Each seat's running total (the state's :attr:`~remi.GameState.scores`).

        >>> import remi
        >>> remi.new_game(remi.NORWEGIAN, players=3, seed=1).view(2).scores
        (0, 0, 0)
        """
        return self.totals

    @property
    def winners(self) -> tuple[int, ...]:
        """The seats with the best total (lowest or highest, as the ruleset says); empty until the end.

        >>> import remi
        >>> remi.new_game(remi.GIN, players=2, seed=1).view(0).winners
        ()
        """
        return winners_of(self.totals, self.ruleset) if self.is_over else ()

    @property
    def contract(self) -> str:
        """This round's contract, as text (contract games; elsewhere a :class:`~remi.RulesetError`).

        >>> import remi
        >>> remi.new_game(remi.NORWEGIAN, seed=1).view(3).contract
        '2 sets'
        """
        return str(contract_for(self.round, self.ruleset))

    def __str__(self) -> str:
        """A listing of what the seat sees; table melds carry the numbers actions use.

        The first line names the seat, the game, the round, the turn, the phase and
        the seat to act; then the hand, the table melds by number (``meld 0 seat 2:
        ...``), the discard pile (top card last), the hand sizes and the stock, the
        cards known to be in other hands, a meld being built and the totals.

        >>> import remi
        >>> print(remi.new_game(remi.GIN, players=2, seed=1).view(1))
        seat 1 of 2, Gin Rummy, round 1, turn 1: draw, seat 1 to act
        hand: ♠5 ♠7 ♠J ♠Q ♥2 ♥7 ♦4 ♦J ♣6 ♣9
        discard: ♦9
        hand sizes: 10 10, stock: 31 cards

        A count of one is one card:

        >>> import attrs
        >>> v = remi.new_game(remi.GIN, players=2, seed=1).view(1)
        >>> print(str(attrs.evolve(v, stock_size=1)).splitlines()[-1])
        hand sizes: 10 10, stock: 1 card
        """
        acting = "match over" if self.is_over else f"seat {self.to_act} to act"
        lines = [
            f"seat {self.seat} of {self.players}, {self.ruleset.name}, round {self.round}, "
            f"turn {self.turn}: {self.phase}, {acting}",
            f"hand: {format_cards(self.hand)}",
        ]
        for index, (meld, owner) in enumerate(zip(self.table, self.owners)):
            lines.append(f"meld {index} seat {owner}: {meld}")
        lines.append(f"discard: {format_cards(self.discard)}".rstrip())
        sizes = " ".join(str(n) for n in self.hand_sizes)
        cards = "card" if self.stock_size == 1 else "cards"
        lines.append(f"hand sizes: {sizes}, stock: {self.stock_size} {cards}")
        for seat, known in enumerate(self.known):
            if known:
                lines.append(f"known {seat}: {format_cards(known)}")
        if self.building:
            lines.append(f"building {self.turn_player}: {format_cards(self.building)}")
        if any(self.totals):
            lines.append("totals: " + " ".join(str(t) for t in self.totals))
        return "\n".join(lines)

    def unseen(self) -> tuple[Card, ...]:
        """Return the cards this seat cannot place: other hands (less known cards) and the stock, sorted.

        >>> import remi
        >>> len(remi.new_game(remi.GIN, players=2, seed=1).view(0).unseen())
        41
        """
        return _unseen(self._unplaced(self._forced_by_seat()))

    def _forced_by_seat(self) -> list[tuple[Card, ...]]:
        """Per seat the cards it must hold: this seat's hand, and what everyone knows another seat holds."""
        out: list[tuple[Card, ...]] = []
        for seat in range(self.players):
            if seat == self.seat:
                out.append(self.hand)
            elif seat != self.turn_player or not (self.pending or self.building):
                out.append(self.known[seat])
            else:
                forced = _forced(self.known, self.pending, self.turn_player, seat, self.building)
                out.append(tuple(forced.elements()))
        return out

    def _unplaced(self, forced: Sequence[Sequence[Card]]) -> list[int]:
        """How many of each card (by code) the pack holds beyond the *forced* ones and the public ones.

        A negative count is a card placed more often than the pack holds it.
        """
        decks, jokers = self.ruleset.pack_for(self.players)
        counts = [decks] * JOKER_CODE + [jokers]
        for cards in (*forced, self.discard, *(meld.cards for meld in self.table)):
            for card in cards:
                counts[card.code] -= 1
        return counts

    def sample_state(self, rng: Random) -> GameState:
        """Return a full state consistent with this view: unseen cards dealt at random, a fresh seed.

        *rng* is a :class:`random.Random` (or any object with its ``shuffle``
        and ``getrandbits`` methods); anything else raises a :class:`TypeError`
        naming ``rng``. Every other hand gets its known
        cards (for the seat on turn also the jokers it took back and the cards
        of the meld it is building) plus random unseen cards up to its size;
        the rest form the stock in random order. The seed comes from *rng*, so
        the sample's future shuffles are not the real game's.

        A sample keeps every public fact, what the seat to act has started
        this turn included: it is a state :meth:`~remi.GameState.from_dict`
        accepts, so the seat to act always has a legal action (a seat partway
        through a contract, an opening or a meld built card by card holds
        cards that can complete it). Deals are drawn uniformly and kept only
        when the seat to act can play on, which makes a sample uniform among
        the consistent worlds; where such worlds are too rare to find that way
        (a few dozen tries), the seat to act is dealt the cards of one way to
        finish its turn, found by playing its turn out on a larger random hand,
        plus random cards: such a sample is consistent but favours hands that
        hold that finish (see docs/bots.rst).

        >>> import random, remi
        >>> v = remi.new_game(remi.SWEDISH, players=3, seed=5).view(0)
        >>> sample = v.sample_state(random.Random(2))
        >>> sample.hands[0] == v.hand, sample.view(0) == v
        (True, True)
        >>> v.sample_state(42)
        Traceback (most recent call last):
        ...
        TypeError: rng must be a random.Random (or have its shuffle and getrandbits methods), not int 42.
        """
        _check_rng(rng)
        forced, pool = self._placed()
        actor = self.to_act
        if self.phase == "over" or actor == self.seat:
            # Only the seat to act can be stranded, and this seat's own hand is the real one.
            rng.shuffle(pool)
            return self._deal(forced, pool, rng.getrandbits(63))
        seed = rng.getrandbits(63)
        # The tries draw from their own generator, seeded from *rng*: one draw from the caller's.
        rng = Random(rng.getrandbits(64))
        rng.shuffle(pool)
        sample = self._deal(forced, pool, seed)
        for _ in range(_TRIES):
            if sample.legal_actions():
                return sample
            rng.shuffle(pool)
            sample = self._deal(forced, pool, seed)
        for size in _PROBE_EXTRA * 2:
            finish = self._finish(forced, pool, actor, size, seed, rng)
            if finish is None:
                continue
            rest = list(pool)
            for card in finish:
                rest.remove(card)
            rng.shuffle(rest)
            dealt = [list(f) for f in forced]
            dealt[actor] += finish
            sample = self._deal(dealt, rest, seed)
            if sample.legal_actions():
                return sample
        return sample  # pragma: no cover - no probe found a finish (never seen in the sampling sweeps)

    def _placed(self) -> tuple[list[tuple[Card, ...]], list[Card]]:
        """Per seat the cards it must be dealt (this hand; the cards everyone knows another holds), and the unseen rest.

        Raises :class:`~remi.StateError` (``broken-invariant``) when they do not fit the sizes in the view.
        """
        forced = self._forced_by_seat()
        pool = list(_unseen(self._unplaced(forced)))
        for seat, cards in enumerate(forced):
            if seat != self.seat and len(cards) > self.hand_sizes[seat]:
                raise StateError(
                    "broken-invariant", msg("Seat {seat}'s hand size does not fit the view.", seat=seat)
                )
        if sum(self.hand_sizes) - sum(len(f) for f in forced) + self.stock_size != len(pool):
            raise StateError("broken-invariant", msg("The unseen cards do not fill the stock."))
        return forced, pool

    def _deal(self, forced: Sequence[Sequence[Card]], pool: Sequence[Card], seed: int) -> GameState:
        """The state with *forced* cards per seat, each hand filled up from the front of *pool*, the rest the stock."""
        hands: list[tuple[Card, ...]] = []
        at = 0
        for seat in range(self.players):
            need = self.hand_sizes[seat] - len(forced[seat])
            if seat == self.seat:
                hands.append(self.hand)
                continue
            hands.append(sorted_hand([*forced[seat], *pool[at : at + need]]))
            at += need
        return self._state(tuple(hands), tuple(pool[at:]), seed)

    def _finish(
        self,
        forced: Sequence[Sequence[Card]],
        pool: Sequence[Card],
        actor: int,
        extra: int,
        seed: int,
        rng: Random,
    ) -> list[Card] | None:
        """Unseen cards with which *actor* can finish its turn: found by playing it out on a larger hand.

        *actor* is given its forced cards and *extra* random unseen cards more
        than its hand holds, then plays random moves that lay or build (a
        ``lay`` before a ``build``, so melds stay short, and mostly those that
        take the fewest cards beyond the forced ones) until it may discard or
        its turn is over. The unseen cards it played are returned when they
        fit its hand beside the forced ones; ``None`` when this probe found none.
        """
        room = self.hand_sizes[actor] - len(forced[actor])
        cards = list(pool)
        rng.shuffle(cards)
        taken = cards[: min(len(cards), room + extra)]
        probe_hands = [tuple(f) if s != actor else sorted_hand([*f, *taken]) for s, f in enumerate(forced)]
        state = self._state(tuple(probe_hands), tuple(cards[len(taken) :]), seed)
        start = (state.round, state.turn, state.turn_player, state.to_act, state.phase)
        hand = state.hands[actor]
        for _ in range(_PROBE_STEPS):
            legal = state.legal_actions()
            if not legal:
                return None
            if any(isinstance(a, Discard) for a in legal):
                break
            state = state.apply(_probe_move(state, legal, forced[actor], actor, rng))
            if (state.round, state.turn, state.turn_player, state.to_act, state.phase) != start:
                break
        else:
            return None
        left = Counter(state.hands[actor]) if state.round == start[0] else Counter()
        played = Counter(hand) - left
        finish = list((played - Counter(forced[actor])).elements())
        return finish if len(finish) <= room else None

    def _state(self, hands: tuple[tuple[Card, ...], ...], stock: tuple[Card, ...], seed: int) -> GameState:
        """The state with this view's public fields and the given hidden ones."""
        fields: dict[str, Any] = {name: getattr(self, name) for name in PUBLIC_FIELDS}
        fields.update(hands=hands, stock=stock, seed=seed)
        return self._new_state(fields)

    def _new_state(self, fields: dict[str, Any]) -> GameState:
        """The state these *fields* describe (:class:`~remi.PlayerView` builds a :class:`~remi.GameState`)."""
        raise NotImplementedError("a view samples states as a remi.PlayerView (remi.views.view)")

    # -- what a player asks ---------------------------------------------------------------------
    def _on_turn(self) -> bool:
        return self.phase != "over" and self.to_act == self.seat

    def _stand_in(self) -> GameState:
        """A state this view stands for, built once: this hand, the unseen cards dealt in order.

        Legality depends only on the acting seat's hand and public facts, so while
        this seat is to act the stand-in answers every question as the real state
        does; while another seat is, it answers as the state answers an action of
        this seat out of turn. It is never a sample (it may leave the seat to act
        stranded) and never leaves the view.
        """
        world = self._world
        if world is None:
            world = self._deal(*self._placed(), 0)
            object.__setattr__(self, "_world", world)
        return cast("GameState", world)  # every state is a GameState

    def legal_actions(self) -> list[Action]:
        """Return the legal actions when this seat is to act (the state's list), else ``[]``.

        Legality depends only on the acting seat's hand and public facts, so
        the view answers as the state does; the list is computed once per view
        (a copy is returned each call).

        >>> import remi
        >>> [str(a) for a in remi.new_game(remi.NORWEGIAN, seed=1).view(0).legal_actions()]
        []
        >>> [str(a) for a in remi.new_game(remi.NORWEGIAN, seed=1).view(1).legal_actions()]
        ['draw', 'take']
        """
        if not self._on_turn():
            return []
        legal = self._legal
        if legal is not None:
            return list(legal)
        return self._stand_in().legal_actions()

    def is_legal(self, action: Action | str) -> bool:
        """Return whether this seat may play *action* now: ``action in self.legal_actions()``.

        While this seat is to act it answers as :meth:`remi.GameState.is_legal`;
        otherwise every action is out of turn and the answer is ``False``.

        >>> import remi
        >>> state = remi.new_game(remi.NORWEGIAN, seed=1)
        >>> state.view(1).is_legal("draw"), state.view(1).is_legal("discard ♠6"), state.view(2).is_legal("draw")
        (True, False, False)
        """
        if not self._on_turn():
            return False
        return self._stand_in().is_legal(action)

    def why_illegal(self, action: Action | str) -> IllegalActionError | NotationError | None:
        """Return the error playing *action* would raise for this seat, or ``None`` exactly when it is legal.

        While this seat is to act this is :meth:`remi.GameState.why_illegal`.
        While another seat is (or the match is over), it is the error
        ``state.apply(action, player=view.seat)`` raises: the
        :class:`~remi.NotationError` of text that names no action, else
        ``not-your-turn`` (``game-over``). A value that is no action gives
        ``not-an-action``, as the state's does. Nothing is raised.

        >>> import remi
        >>> state = remi.new_game(remi.NORWEGIAN, seed=1)
        >>> state.view(1).why_illegal("buy").code, state.view(1).why_illegal("draw") is None
        ('wrong-phase', True)
        >>> error = state.view(2).why_illegal("draw")
        >>> error.code, str(error)
        ('not-your-turn', "It is seat 1's move, not seat 2's.")
        >>> state.view(2).why_illegal("discard zz").code
        'unknown-card'
        """
        world = self._stand_in()
        if self._on_turn() or not (isinstance(action, str) or is_action(action)):
            return world.why_illegal(action)
        return self._out_of_turn(world, action)

    def parse_action(self, text: str) -> Action:
        """Read an action as a person types it, as :meth:`remi.GameState.parse_action` reads it for this seat.

        While this seat is to act, any card spelling, a lay-down's cards in any
        order and a table meld named by its number or by cards it holds read as
        the state reads them; text that names no legal action raises the state's
        :class:`~remi.NotationError` or :class:`~remi.IllegalActionError`. While
        another seat is to act it raises what :meth:`why_illegal` gives for the text.

        >>> import remi
        >>> state = remi.new_game(remi.NORWEGIAN, seed=1)
        >>> state.view(1).parse_action("DRAW")
        DrawStock()
        >>> state.view(3).parse_action("draw")
        Traceback (most recent call last):
        ...
        remi.IllegalActionError: It is seat 1's move, not seat 3's.
        """
        world = self._stand_in()
        if self._on_turn() or not isinstance(text, str):
            return world.parse_action(text)
        raise self._out_of_turn(world, text)

    def _out_of_turn(self, world: GameState, action: Action | str) -> IllegalActionError | NotationError:
        """The error the state raises for *action* played by this seat while another is to act."""
        try:
            world.apply(action, player=self.seat)
        except (IllegalActionError, NotationError) as exc:
            return exc
        raise AssertionError("an action out of turn was played")  # pragma: no cover

    # -- the dict form ------------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """Return a JSON-ready dict of this view; :meth:`from_dict` reads it back to an equal view.

        The dict holds ``format`` (``"remi-view/1"``) and one key per field, each
        written as :meth:`remi.GameState.to_dict` writes the field of that name:
        cards as card text, seats and counts as numbers, ``ruleset`` as
        :meth:`remi.Ruleset.to_dict`, ``results`` as dicts, and ``table`` as one
        dict per meld with its ``owner`` (so there is no ``owners`` key). In place
        of the state's hidden ``hands``, ``stock`` and ``seed`` it holds ``seat``,
        ``hand``, ``hand_sizes`` and ``stock_size``.

        >>> import json, remi
        >>> v = remi.new_game(remi.GIN, players=2, seed=1).view(1)
        >>> data = v.to_dict()
        >>> data["format"], data["seat"], data["hand"], data["stock_size"], data["discard"]
        ('remi-view/1', 1, '♠5 ♠7 ♠J ♠Q ♥2 ♥7 ♦4 ♦J ♣6 ♣9', 31, '♦9')
        >>> remi.PlayerView.from_dict(json.loads(json.dumps(data))) == v
        True
        """
        out: dict[str, Any] = {"format": VIEW_FORMAT}
        for name in _DICT_FIELDS:
            if name == "table":
                out["table"] = [_write_meld(meld, owner) for meld, owner in zip(self.table, self.owners)]
            else:
                out[name] = _WRITERS.get(name, _same)(getattr(self, name))
        return out

    @classmethod
    def from_dict(cls: type[V], data: Any) -> V:
        """Read a view from :meth:`to_dict` output; malformed or impossible input raises :class:`~remi.StateError`.

        Every key is required and no other is allowed; each value must have
        its field's type and shape (the reason quotes the value that does not),
        and the view must be one a game can reach: its cards within the pack,
        hand sizes that hold the cards known to be in them and, with the stock,
        every card this seat cannot see, and the invariants of
        :meth:`remi.GameState.check_invariants` (so a seat to act that could not
        play on is refused too, with code ``dead-end``). *data* is never changed.

        >>> import remi
        >>> data = remi.new_game(remi.GIN, players=2, seed=1).view(1).to_dict()
        >>> remi.PlayerView.from_dict({**data, "seat": 2})
        Traceback (most recent call last):
        ...
        remi.StateError: The view dict is malformed: seat must be a seat from 0 to 1, not 2.
        >>> remi.PlayerView.from_dict({**data, "hand": "♠5 ♠7 JK ♠Q ♥2 ♥7 ♦4 ♦J ♣6 ♣9"})
        Traceback (most recent call last):
        ...
        remi.StateError: The view is inconsistent: cards that are not in the pack or appear too often: JK.
        """
        view = cls(**_read_view(data))
        _check_view(view)
        return view

    def returns(self) -> tuple[float, ...]:
        """Return one number per seat, higher is better (see :func:`returns`).

        >>> import remi
        >>> remi.new_game(remi.GIN, players=2, seed=1).view(0).returns()
        (0.0, 0.0)
        """
        return _returns(self.ruleset, self.totals)


#: Uniform deals tried before the seat to act is dealt a finish of its turn.
_TRIES: Final = 24
#: How many cards more than its hand the seat to act gets in each probe for a finish.
_PROBE_EXTRA: Final = (6, 10, 14, 20, 30, 45, 60, 80)
#: Moves a probe plays before it gives up (a turn's melds and builds).
_PROBE_STEPS: Final = 80
#: How often a probe's move is one taking the fewest unforced cards (else any move: variety).
_THRIFT: Final = 0.8


def _probe_move(
    state: GameState, legal: list[Action], forced: Sequence[Card], actor: int, rng: Random
) -> Action:
    """The move a probe for a finish plays: a ``lay``, else a ``build``, else anything but a knock.

    Mostly (:data:`_THRIFT`) among the moves that take the fewest cards beyond the
    *forced* ones, so the finish fits the hand; two draws from *rng*.
    """
    moves: list[Action] = [a for a in legal if isinstance(a, LayDown)]
    moves = moves or [a for a in legal if isinstance(a, Build)]
    moves = moves or [a for a in legal if not isinstance(a, Knock)] or legal
    if rng.random() < _THRIFT:
        free = (Counter(forced) & Counter(state.hands[actor])) - Counter(state.building)
        costs = [_new_cards(a, free, state.building) for a in moves]
        least = min(costs)
        moves = [a for a, cost in zip(moves, costs) if cost == least]
    return moves[int(rng.random() * len(moves))]


def _new_cards(action: Action, free: Counter[Card], building: Sequence[Card]) -> int:
    """How many cards *action* takes from hand beyond the *free* forced ones (and those being built)."""
    if isinstance(action, LayDown):
        cards = Counter(action.cards) - Counter(building)
    elif isinstance(action, Build):
        cards = Counter((action.card,))
    else:
        return 0
    return sum((cards - free).values())


def _check_rng(rng: object) -> None:
    if not all(callable(getattr(rng, name, None)) for name in ("shuffle", "getrandbits")):
        raise TypeError(
            "rng must be a random.Random (or have its shuffle and getrandbits methods), "
            f"not {type(rng).__name__} {rng!r:.60}."
        )


V = TypeVar("V", bound=ViewCore)


# -- the dict form (docs/bots.rst): the state's encoding of each field, and every check ---------------

#: The fields of a view in declaration order (the dict's keys, but ``owners``: each table meld has its owner).
_DICT_FIELDS: Final = tuple(f.name for f in attrs.fields(ViewCore) if f.init and f.name != "owners")
_KEYS: Final = frozenset({"format", *_DICT_FIELDS})
_MELD_KEYS: Final = ("owner", "kind", "cards", "wild", "rank", "suit")
_RESULT_KEYS: Final = ("round", "went_out", "points", "cut_bonus")
_CARD_FIELDS: Final = ("hand", "discard", "pending", "building")
_INT_FIELDS: Final = (
    "players", "seat", "round", "dealer", "turn_player", "to_act", "stock_size", "turn",
    "last_buyer", "shanghai_from", "reshuffles", "cut_bonus_seat", "melds_this_turn", "idle_turns",
)  # fmt: skip
_INTS_FIELDS: Final = ("hand_sizes", "down", "queue", "buys", "totals")
#: The fields with one entry per seat.
_PER_SEAT: Final = ("hand_sizes", "down", "buys", "totals", "known")


def _same(value: Any) -> Any:
    return value


def _write_meld(meld: Meld, owner: int) -> dict[str, Any]:
    return {
        "owner": owner,
        "kind": meld.kind,
        "cards": format_cards(meld.cards),
        "wild": list(meld.wild),
        "rank": meld.rank,
        "suit": meld.suit,
    }


_WRITERS: Final[Mapping[str, Any]] = {
    "ruleset": lambda r: r.to_dict(),
    **dict.fromkeys(_CARD_FIELDS, format_cards),
    **dict.fromkeys(_INTS_FIELDS, list),
    "taken": lambda c: None if c is None else str(c),
    "known": lambda hands: [format_cards(h) for h in hands],
    "results": lambda rs: [
        {"round": r.round, "went_out": r.went_out, "points": list(r.points), "cut_bonus": r.cut_bonus}
        for r in rs
    ],
}


def _malformed(problem: Message) -> StateError:
    return StateError("malformed-state", msg("The view dict is malformed: {problem}", problem=problem))


def _wrong(field: str, what: Message, value: Any) -> StateError:
    return _malformed(msg("{field} must be {what}, not {value!r:.100}.", field=field, what=what, value=value))


def _int(value: Any, field: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise _wrong(field, msg("an integer"), value)
    return value


def _ints(value: Any, field: str) -> tuple[int, ...]:
    if not isinstance(value, list | tuple) or not all(
        isinstance(v, int) and not isinstance(v, bool) for v in value
    ):
        raise _wrong(field, msg("a list of integers"), value)
    return tuple(value)


def _cards(value: Any, field: str) -> tuple[Card, ...]:
    if not isinstance(value, str):
        raise _wrong(field, msg("card text"), value)
    try:
        return parse_cards(value)
    except NotationError as exc:
        raise _malformed(msg("{field}: {reason}", field=field, reason=exc.reason)) from None


def _card_or_none(value: Any, field: str) -> Card | None:
    if value is None:
        return None
    if not isinstance(value, str) or len(cards := _cards(value, field)) != 1:
        raise _wrong(field, msg("one card or null"), value)
    return cards[0]


def _hands(value: Any, field: str) -> tuple[tuple[Card, ...], ...]:
    if not isinstance(value, list | tuple) or not all(isinstance(h, str) for h in value):
        raise _wrong(field, msg("a list of card texts"), value)
    return tuple(sorted_hand(_cards(h, field)) for h in value)


def _phase(value: Any, field: str) -> Phase:
    if not isinstance(value, str) or value not in PHASES:
        raise _malformed(msg("unknown phase {value!r:.100}.", value=value))
    return value  # type: ignore[return-value]  # one of PHASES


def _ruleset(value: Any, field: str) -> Ruleset:
    try:
        return Ruleset.from_dict(value)
    except RemiError as exc:
        raise _malformed(msg("{field}: {reason}", field=field, reason=exc.reason)) from None


def _keyed(value: Any, keys: tuple[str, ...], field: str, number: int) -> Mapping[str, Any]:
    """Entry *number* of the list *field*: a dict with exactly *keys*."""
    if not isinstance(value, dict):
        raise _wrong(field, msg("a list of dicts"), value)
    unknown = sorted(repr(key) for key in value if key not in keys)
    if unknown:
        raise _malformed(
            nmsg(
                "{field} entry {number} has the unknown key {keys}.",
                "{field} entry {number} has the unknown keys {keys}.",
                len(unknown),
                field=field,
                number=number,
                keys=", ".join(unknown),
            )
        )
    missing = [repr(key) for key in keys if key not in value]
    if missing:
        raise _malformed(
            nmsg(
                "{field} entry {number} lacks the key {keys}.",
                "{field} entry {number} lacks the keys {keys}.",
                len(missing),
                field=field,
                number=number,
                keys=", ".join(missing),
            )
        )
    return value


def _results(value: Any, field: str) -> tuple[RoundResult, ...]:
    if not isinstance(value, list | tuple):
        raise _wrong(field, msg("a list"), value)
    out = []
    for number, item in enumerate(value):
        r = _keyed(item, _RESULT_KEYS, field, number)
        went_out, cut = r["went_out"], r["cut_bonus"]
        out.append(
            RoundResult(
                _int(r["round"], "round"),
                None if went_out is None else _int(went_out, "went_out"),
                _ints(r["points"], "points"),
                None if cut is None else _int(cut, "cut_bonus"),
            )
        )
    return tuple(out)


def _table(value: Any, field: str) -> tuple[tuple[Meld, ...], tuple[int, ...]]:
    if not isinstance(value, list | tuple):
        raise _wrong(field, msg("a list"), value)
    melds: list[Meld] = []
    owners: list[int] = []
    for number, item in enumerate(value):
        m = _keyed(item, _MELD_KEYS, field, number)
        wild = m["wild"]
        if not isinstance(wild, list | tuple) or not all(isinstance(w, bool) for w in wild):
            raise _wrong("wild", msg("a list of booleans"), wild)
        if m["kind"] not in ("set", "run"):
            raise _malformed(msg("unknown meld kind {value!r:.100}.", value=m["kind"]))
        cards = _cards(m["cards"], "table cards")
        try:
            melds.append(
                Meld(m["kind"], cards, tuple(wild), _int(m["rank"], "rank"), _int(m["suit"], "suit"))
            )
        except RemiError as exc:
            if isinstance(exc, StateError):
                raise
            raise _malformed(
                msg("table meld {number}: {reason}", number=len(melds), reason=exc.reason)
            ) from None
        owners.append(_int(m["owner"], "owner"))
    return tuple(melds), tuple(owners)


_READERS: Final[Mapping[str, Any]] = {
    "ruleset": _ruleset,
    "phase": _phase,
    **dict.fromkeys(_INT_FIELDS, _int),
    **dict.fromkeys(_INTS_FIELDS, _ints),
    **dict.fromkeys(_CARD_FIELDS, _cards),
    "hand": lambda value, field: sorted_hand(_cards(value, field)),
    "taken": _card_or_none,
    "known": _hands,
    "results": _results,
}


def _read_view(data: Any) -> dict[str, Any]:
    """The fields a view dict holds, each read and shape-checked (the keys, the types, the seats)."""
    if not isinstance(data, dict):
        raise StateError(
            "malformed-state", msg("A view must be a dict, not {type}.", type=type(data).__name__)
        )
    if "format" not in data:
        raise StateError(
            "unknown-format",
            msg("The view dict has no 'format' key; this version reads {format!r}.", format=VIEW_FORMAT),
        )
    if data["format"] != VIEW_FORMAT:
        raise StateError(
            "unknown-format",
            msg(
                "This version reads the view format {format!r}, not {given!r:.100}; a newer format needs a newer remi.",
                format=VIEW_FORMAT,
                given=data["format"],
            ),
        )
    unknown = sorted(repr(key) for key in data if key not in _KEYS)
    if unknown:
        raise _malformed(
            nmsg("unknown key {keys}.", "unknown keys {keys}.", len(unknown), keys=", ".join(unknown))
        )
    missing = [repr(name) for name in _DICT_FIELDS if name not in data]
    if missing:
        raise _malformed(
            nmsg(
                "missing field {fields}.", "missing fields {fields}.", len(missing), fields=", ".join(missing)
            )
        )
    values: dict[str, Any] = {}
    for name in _DICT_FIELDS:
        if name == "table":
            values["table"], values["owners"] = _table(data["table"], "table")
        else:
            values[name] = _READERS[name](data[name], name)
    _check_sizes(values)
    return values


def _check_sizes(values: Mapping[str, Any]) -> None:
    """The counts a view is built on: the players, the entries per seat, the seat and its hand."""
    rules, players = values["ruleset"], values["players"]
    if not rules.min_players <= players <= rules.max_players:
        raise _malformed(
            msg(
                "players must be from {low} to {high} in {game}, not {value!r}.",
                low=rules.min_players,
                high=rules.max_players,
                game=rules.name,
                value=players,
            )
        )
    for name in _PER_SEAT:
        if len(values[name]) != players:
            raise _malformed(
                msg(
                    "{field} must hold one entry per seat ({players}), not {value!r:.100}.",
                    field=name,
                    players=players,
                    value=_WRITERS[name](values[name]),
                )
            )
    seat = values["seat"]
    if not 0 <= seat < players:
        raise _malformed(
            msg("seat must be a seat from 0 to {last}, not {value!r}.", last=players - 1, value=seat)
        )
    for name, counts in (("hand_sizes", values["hand_sizes"]), ("stock_size", (values["stock_size"],))):
        if any(n < 0 for n in counts):
            raise _malformed(
                msg("{field} must not be negative, not {value!r}.", field=name, value=min(counts))
            )
    size, held = values["hand_sizes"][seat], len(values["hand"])
    if held != size:
        raise _malformed(
            nmsg(
                "seat {seat}'s hand holds {n} card, but hand_sizes gives {size}.",
                "seat {seat}'s hand holds {n} cards, but hand_sizes gives {size}.",
                held,
                seat=seat,
                size=size,
            )
        )


def _inconsistent(problems: Sequence[str]) -> StateError:
    joined: str = problems[0]
    for problem in problems[1:]:
        joined = msg("{head}; {last}", head=joined, last=problem)
    return StateError("broken-invariant", msg("The view is inconsistent: {problems}.", problems=joined))


def _check_view(view: ViewCore) -> None:
    """That *view* is one a game reaches: the pack, the unseen cards, the state's invariants, play going on."""
    forced = view._forced_by_seat()
    counts = view._unplaced(forced)
    extra = tuple(card for card, count in zip(CARDS, counts) for _ in range(-count))
    if extra:
        raise _inconsistent([msg("cards that are not in the pack or appear too often: {cards}", cards=extra)])
    room = view.stock_size
    for seat, cards in enumerate(forced):
        if seat == view.seat:
            continue
        size = view.hand_sizes[seat]
        if len(cards) > size:
            raise _inconsistent(
                [
                    nmsg(
                        "seat {seat}'s hand size is {size}, but {n} card is known to be in it",
                        "seat {seat}'s hand size is {size}, but {n} cards are known to be in it",
                        len(cards),
                        seat=seat,
                        size=size,
                    )
                ]
            )
        room += size - len(cards)
    unseen = sum(counts)
    if unseen != room:
        raise _inconsistent(
            [
                nmsg(
                    "{n} card is unseen, but the other hands and the stock hold {room}",
                    "{n} cards are unseen, but the other hands and the stock hold {room}",
                    unseen,
                    room=room,
                )
            ]
        )
    world = view._stand_in()
    problems = invariant_problems(world)
    if problems:
        raise _inconsistent(problems)
    for seat, reason in hand_size_problems(world):
        raise StateError(
            "broken-invariant",
            msg("The view is inconsistent: seat {seat}: {reason}", seat=seat, reason=reason),
        )
    if view._on_turn() and not world.legal_actions():
        raise StateError(
            "dead-end",
            msg(
                "The view could not play on: seat {seat} has no legal action in phase {phase}.",
                seat=view.to_act,
                phase=view.phase,
            ),
        )


#: The view's own fields (the others are the state's public fields, by the same names).
_OWN: Final = ("seat", "hand", "hand_sizes", "stock_size")
_INIT: Final = tuple(f.name for f in attrs.fields(ViewCore) if f.init)


if set(_INIT) - set(_OWN) != set(PUBLIC_FIELDS):  # pragma: no cover - a new field: make_view must set it
    raise AssertionError("make_view no longer fits the view's fields")


def make_view(view_type: type[V], state: GameState, seat: int) -> V:
    """What *seat* may see of *state*, as a *view_type* (see :func:`remi.views.view`)."""
    if not isinstance(state, StateCore):
        raise TypeError(
            f"state must be a GameState, not {type(state).__name__} {state!r:.60} (the call is view(state, seat))."
        )
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < state.players:
        raise StateError(
            "bad-seat",
            msg(
                "Seat {seat!r} is not a seat of this {players}-player game.", seat=seat, players=state.players
            ),
        )
    legal = None
    if seat == state.to_act and state.phase != "over":
        # The seat to act sees its own legal actions: the state lists them once and keeps them
        # (the view and the state share the list; both hand out copies).
        legal = state._legal
        if legal is None:
            legal = state.legal_actions()
    # Filled field by field on an instance that may be written (as state.opened fills a state),
    # then given the view's type: the frozen value the view's __init__ would make.
    made = object.__new__(loose_subclass(view_type))
    _fill_view(made, state, seat, legal)
    made.__class__ = view_type
    return cast("V", made)


def _fill_view(view: Any, state: StateCore, seat: int, legal: list[Action] | None) -> None:
    """Set every slot of *view*: what *seat* sees of *state*, its legal actions, no stand-in state."""
    view.ruleset = state.ruleset
    view.players = state.players
    view.seat = seat
    view.round = state.round
    view.dealer = state.dealer
    view.phase = state.phase
    view.turn_player = state.turn_player
    view.to_act = state.to_act
    view.hand = state.hands[seat]
    view.hand_sizes = state.hand_sizes
    view.stock_size = len(state.stock)
    view.discard = state.discard
    view.table = state.table
    view.owners = state.owners
    view.down = state.down
    view.turn = state.turn
    view.pending = state.pending
    view.taken = state.taken
    view.queue = state.queue
    view.last_buyer = state.last_buyer
    view.buys = state.buys
    view.shanghai_from = state.shanghai_from
    view.reshuffles = state.reshuffles
    view.cut_bonus_seat = state.cut_bonus_seat
    view.results = state.results
    view.totals = state.totals
    view.melds_this_turn = state.melds_this_turn
    view.known = state.known
    view.idle_turns = state.idle_turns
    view.building = state.building
    view._legal = legal
    view._world = None


if not {*_INIT, "_legal", "_world"} <= set(_fill_view.__code__.co_names):  # pragma: no cover - a new field
    raise AssertionError("_fill_view no longer sets every field of a view")


def _returns(ruleset: Ruleset, totals: Sequence[int]) -> tuple[float, ...]:
    sign = -1.0 if ruleset.lowest_wins else 1.0
    return tuple(sign * t + 0.0 for t in totals)


def returns(state: GameState) -> tuple[float, ...]:
    """Return one number per seat, higher is better: the totals, negated where the lowest total wins.

    Differences between seats are differences in points. The numbers are
    final once the match is over; before that they are the score so far.

    >>> import remi
    >>> returns(remi.new_game(remi.NORWEGIAN, players=3, seed=1))
    (0.0, 0.0, 0.0)
    """
    return _returns(state.ruleset, state.totals)
