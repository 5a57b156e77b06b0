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
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from random import Random
from typing import TYPE_CHECKING, Any, Final, TypeVar

import attrs

from ..actions import Action, Build, Discard, Knock, LayDown
from ..cards import Card, format_cards, make_pack, sorted_hand
from ..errors import StateError
from ..melds import Meld
from ..rulesets import Ruleset
from .state import PUBLIC_FIELDS, Phase, RoundResult, StateCore

if TYPE_CHECKING:
    from . import GameState

__all__ = ["ViewCore", "make_view", "returns", "known_cards"]


def known_cards(state: GameState) -> tuple[tuple[Card, ...], ...]:
    """Return, per seat, the cards everyone knows that seat holds (taken publicly, not yet played).

    Reads the state's ``known`` field; an engine without it knows none
    (the card taken this turn is still public as :attr:`ViewCore.taken`).

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


@attrs.frozen
class ViewCore:
    """What seat :attr:`seat` may see of a game: its own hand and everything public.

    The value of a :class:`~remi.PlayerView` (which adds the one method that
    builds a :class:`~remi.GameState`, so this module never imports the game).
    Build one with :func:`~remi.views.view` (``state.view(seat)``). Two states that differ
    only in cards this seat cannot see give equal views.

    >>> import remi
    >>> v = remi.new_game(remi.GIN, players=2, seed=3).view(0)
    >>> v.seat, len(v.hand), v.hand_sizes, v.phase
    (0, 10, (10, 10), 'draw')
    """

    ruleset: Ruleset
    players: int
    #: The seat this view belongs to.
    seat: int
    round: int
    dealer: int
    phase: Phase
    turn_player: int
    to_act: int
    #: This seat's own hand, sorted.
    hand: tuple[Card, ...]
    #: How many cards each seat holds.
    hand_sizes: tuple[int, ...]
    #: How many cards the stock holds (its order is hidden).
    stock_size: int
    #: The whole discard pile, top card last (it was laid face up).
    discard: tuple[Card, ...]
    table: tuple[Meld, ...]
    owners: tuple[int, ...]
    down: tuple[int, ...]
    turn: int
    pending: tuple[Card, ...]
    taken: Card | None
    queue: tuple[int, ...]
    last_buyer: int
    buys: tuple[int, ...]
    shanghai_from: int
    reshuffles: int
    cut_bonus_seat: int
    results: tuple[RoundResult, ...]
    totals: tuple[int, ...]
    melds_this_turn: int
    #: Per seat, the cards everyone knows it holds (taken from the discard pile, not yet played).
    known: tuple[tuple[Card, ...], ...]
    #: Turns in a row with the stock empty and nothing laid (0 on engines without the field).
    idle_turns: int = 0
    #: The cards the seat on turn has chosen so far for a meld laid card by card, ascending
    #: (public: the table sees them chosen; they are still in that seat's hand).
    building: tuple[Card, ...] = ()

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

    def __str__(self) -> str:
        """A listing of what the seat sees; table melds carry the numbers actions use.

        >>> import remi
        >>> print(remi.new_game(remi.GIN, players=2, seed=1).view(1))
        seat 1 of 2, Gin Rummy, round 1, turn 1: draw, seat 1 to act
        hand: ♠5 ♠7 ♠J ♠Q ♥2 ♥7 ♦4 ♦J ♣6 ♣9
        discard: ♦9
        hand sizes: 10 10, stock: 31
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
        lines.append(f"hand sizes: {sizes}, stock: {self.stock_size}")
        for seat, cards in enumerate(self.known):
            if cards:
                lines.append(f"known {seat}: {format_cards(cards)}")
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
        decks, jokers = self.ruleset.pack_for(self.players)
        rest = Counter(make_pack(decks, jokers))
        rest.subtract(self.hand)
        rest.subtract(self.discard)
        for meld in self.table:
            rest.subtract(meld.cards)
        for seat in range(self.players):
            if seat != self.seat:
                rest.subtract(_forced(self.known, self.pending, self.turn_player, seat, self.building))
        if any(count < 0 for count in rest.values()):
            raise StateError("broken-invariant", "The view holds more of some card than the pack.")
        return sorted_hand(list(rest.elements()))

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
        pool = list(self.unseen())
        forced: list[list[Card]] = []
        for seat in range(self.players):
            if seat == self.seat:
                forced.append(list(self.hand))
                continue
            cards = list(_forced(self.known, self.pending, self.turn_player, seat, self.building).elements())
            if len(cards) > self.hand_sizes[seat]:
                raise StateError("broken-invariant", f"Seat {seat}'s hand size does not fit the view.")
            forced.append(cards)
        if sum(self.hand_sizes) - sum(len(f) for f in forced) + self.stock_size != len(pool):
            raise StateError("broken-invariant", "The unseen cards do not fill the stock.")
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

    def legal_actions(self) -> list[Action]:
        """Return the legal actions when this seat is to act (the state's list), else ``[]``.

        Legality depends only on the acting seat's hand and public facts, so
        any consistent state answers the same.

        >>> import remi
        >>> [str(a) for a in remi.new_game(remi.NORWEGIAN, seed=1).view(0).legal_actions()]
        []
        """
        if self.current_player != self.seat:
            return []
        return self.sample_state(Random(0)).legal_actions()

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


def make_view(view_type: type[V], state: GameState, seat: int) -> V:
    """What *seat* may see of *state*, as a *view_type* (see :func:`remi.views.view`)."""
    if not isinstance(state, StateCore):
        raise TypeError(
            f"state must be a GameState, not {type(state).__name__} {state!r:.60} (the call is view(state, seat))."
        )
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < state.players:
        raise StateError("bad-seat", f"Seat {seat!r} is not a seat of this {state.players}-player game.")
    fields: dict[str, Any] = {name: getattr(state, name) for name in PUBLIC_FIELDS}
    fields.update(seat=seat, hand=state.hands[seat], hand_sizes=state.hand_sizes, stock_size=len(state.stock))
    return view_type(**fields)


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
