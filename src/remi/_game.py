"""The game: an immutable :class:`GameState`, its legal actions and transitions.

A state never changes: :meth:`GameState.apply` returns the next state. All
randomness (shuffles, the Liverpool cut, a Shanghai blind draw) is derived
from the game's seed, so the same seed and the same actions replay exactly.

>>> import remi
>>> state = remi.new_game(remi.NORWEGIAN, players=4, seed=7)
>>> state.round, state.phase, state.current_player, len(state.hands[1])
(1, 'draw', 1, 10)
>>> [str(a) for a in state.legal_actions()]
['draw', 'take']
>>> after = state.apply(remi.DrawStock())
>>> len(after.hands[1]), len(state.hands[1])
(11, 10)
"""

from __future__ import annotations

from bisect import insort
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from random import Random
from typing import Any, Final, Literal

import attrs

from ._actions import (
    Action,
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
    _ACTION_TYPES,
    is_action,
    meld_key,
    parse_action,
)
from ._cards import Card, format_cards, make_pack, parse_cards
from ._contracts import check_contract, check_opening, contract_for
from ._errors import IllegalActionError, RemiError, RulesetError, StateError, UnsupportedError
from ._melds import Check, Meld, check_joker_swap, check_layoff, is_wild, meld_points, validate_meld
from ._rules import Ruleset
from ._scoring import hand_value

__all__ = ["GameState", "RoundResult", "Phase", "new_game", "PHASES"]

Phase = Literal["cut", "draw", "buy", "play", "shanghai", "over"]
#: Every phase a state can be in.
PHASES: Final = ("cut", "draw", "buy", "play", "shanghai", "over")

_FORMAT: Final = "remi-state/1"
#: The fixed order of action kinds in ``legal_actions()``: the order of ``_ACTION_TYPES``.
_ACTION_ORDER: Final = {cls.__name__: index for index, cls in enumerate(_ACTION_TYPES)}


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


def _sorted_hand(cards: Iterable[Card]) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=_code))


def _code(card: Card) -> int:
    return card.code


def _rng(seed: int, *parts: object) -> Random:
    return Random("remi:" + ":".join(str(p) for p in (seed, *parts)))


def _action_key(action: Action) -> tuple[Any, ...]:
    kind = _ACTION_ORDER[type(action).__name__]
    if isinstance(action, LayDown):
        return (kind, tuple(meld_key(m) for m in action.melds))
    if isinstance(action, LayOff):
        return (kind, action.card.code, action.target, action.low)
    if isinstance(action, SwapJoker):
        return (kind, action.card.code, action.target)
    if isinstance(action, Discard):
        return (kind, action.card.code, action.shanghai)
    if isinstance(action, Knock):
        return (kind, action.card.code)
    if isinstance(action, CallShanghai):
        return (kind, action.target, action.low)
    return (kind,)


class _Illegal(Exception):
    def __init__(self, code: str, reason: str) -> None:
        super().__init__(reason)
        self.code = code
        self.reason = reason


@attrs.frozen(eq=True)
class GameState:
    """One position of a game: immutable, comparable, serializable.

    What everyone may see (the table, the discard pile, hand sizes, the
    phase, scores) and what is hidden (the cards in each hand, the order of
    the stock) are separate fields: ``hands`` and ``stock`` are hidden.

    Construct states with :func:`new_game` or :meth:`from_dict`; move with
    :meth:`apply`.
    """

    ruleset: Ruleset
    players: int
    seed: int
    round: int
    dealer: int
    phase: Phase
    #: The seat whose turn it is.
    turn_player: int
    #: The seat that acts now (differs from ``turn_player`` while others may buy or call Shanghai).
    to_act: int
    #: Each seat's hand, sorted (hidden information).
    hands: tuple[tuple[Card, ...], ...]
    #: The stock, top card last (hidden information).
    stock: tuple[Card, ...]
    #: The discard pile, top card last.
    discard: tuple[Card, ...]
    #: Melds on the table, in the order they were laid.
    table: tuple[Meld, ...]
    #: The seat that laid each table meld.
    owners: tuple[int, ...]
    #: For each seat, the turn number in which its contract went down (-1: not down).
    down: tuple[int, ...]
    #: Turns begun in this round (1 for the first turn).
    turn: int
    #: Wild cards taken back by a swap this turn, which must be played again before the turn ends.
    pending: tuple[Card, ...]
    #: The card taken from the discard pile this turn, if any.
    taken: Card | None
    #: Seats still to be asked in a buying or Shanghai window, in order.
    queue: tuple[int, ...]
    #: The seat that bought the previous card in this buying window (-1: none).
    last_buyer: int
    #: Cards each seat has bought this round.
    buys: tuple[int, ...]
    #: The seat whose discard is open to Shanghai calls (-1: none).
    shanghai_from: int
    #: How often the stock has been rebuilt this round (feeds the seeded shuffles).
    reshuffles: int
    #: The seat that earned the Liverpool cut bonus this round (-1: none).
    cut_bonus_seat: int
    #: Finished rounds.
    results: tuple[RoundResult, ...]
    #: Running totals per seat.
    totals: tuple[int, ...]
    #: New melds the seat on turn has laid this turn (games with ``melds_per_turn``).
    melds_this_turn: int = 0
    # A cache of legal_actions(); never part of the value, never copied by attrs.evolve.
    _legal: list[Action] | None = attrs.field(
        default=None, init=False, eq=False, hash=False, repr=False
    )

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
        """The seats with the best total (lowest or highest, as the ruleset says); empty until the end."""
        if not self.is_over:
            return ()
        best = min(self.totals) if self.ruleset.lowest_wins else max(self.totals)
        return tuple(seat for seat, total in enumerate(self.totals) if total == best)

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
        return tuple(len(h) for h in self.hands)

    @property
    def discard_top(self) -> Card | None:
        """The top card of the discard pile, or ``None``.

        >>> import remi
        >>> remi.new_game(remi.NORWEGIAN, players=4, seed=1).discard_top
        Card('♠6')
        """
        return self.discard[-1] if self.discard else None

    # -- legality -----------------------------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        """Return every legal action for :attr:`current_player`, in a fixed order.

        The order is by action type (cut, draw, take, buy, pass, lay, off,
        swap, discard, shanghai), then by cards. A finished game has none.

        >>> import remi
        >>> state = remi.new_game(remi.NORWEGIAN, seed=1)
        >>> [str(a) for a in state.legal_actions()]
        ['draw', 'take']
        """
        cached = self._legal
        if cached is None:
            cached = sorted(set(_generate(self)), key=_action_key)
            object.__setattr__(self, "_legal", cached)
        return list(cached)

    def is_legal(self, action: Action | str) -> bool:
        """Return whether *action* is legal now, without listing every action.

        >>> import remi
        >>> state = remi.new_game(remi.NORWEGIAN, seed=1)
        >>> state.is_legal("draw"), state.is_legal("discard ♠6")
        (True, False)
        """
        try:
            _resolve(self, _coerce(action))
        except (_Illegal, RemiError):
            return False
        return True

    def why_illegal(self, action: Action | str) -> IllegalActionError | None:
        """Return the error :meth:`apply` would raise for *action*, or ``None`` if it is legal.

        >>> import remi
        >>> remi.new_game(remi.NORWEGIAN, seed=1).why_illegal("buy").code
        'wrong-phase'
        """
        try:
            _resolve(self, _coerce(action))
        except _Illegal as exc:
            return IllegalActionError(exc.code, exc.reason)
        except RemiError as exc:
            return IllegalActionError(exc.code, exc.reason)
        return None

    def apply(self, action: Action | str, *, player: int | None = None) -> GameState:
        """Return the state after *action*; this state is left untouched.

        *action* may be an action value or its notation. When *player* is
        given it must be the seat to act. Raises
        :class:`~remi.IllegalActionError` with a ``code`` and a reason.

        >>> import remi
        >>> state = remi.new_game(remi.NORWEGIAN, seed=1)
        >>> state.apply(remi.TakeDiscard()).hand_sizes
        (10, 11, 10, 10)
        >>> state.apply("take", player=2)
        Traceback (most recent call last):
        ...
        remi.IllegalActionError: It is seat 1's move, not seat 2's.
        """
        act = _coerce(action)
        if player is not None and (isinstance(player, bool) or not isinstance(player, int)):
            raise IllegalActionError("bad-player", f"player must be a seat number, not {player!r}.")
        if player is not None and player != self.current_player:
            if self.is_over:
                raise IllegalActionError("game-over", "The game is over; no more actions.")
            raise IllegalActionError(
                "not-your-turn",
                f"It is seat {self.current_player}'s move, not seat {player}'s.",
            )
        try:
            return _resolve(self, act)
        except _Illegal as exc:
            raise IllegalActionError(exc.code, exc.reason) from None

    def child(self, action: Action | str) -> GameState:
        """Alias of :meth:`apply` for OpenSpiel users.

        >>> import remi
        >>> state = remi.new_game(remi.NORWEGIAN, seed=1)
        >>> state.child("draw") == state.apply("draw")
        True
        """
        return self.apply(action)

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
        problems = _invariant_problems(self)
        if problems:
            raise StateError("broken-invariant", "The state is inconsistent: " + "; ".join(problems) + ".")

    def to_dict(self) -> dict[str, Any]:
        """Return a JSON-ready dict; :meth:`from_dict` reads it back to an equal state.

        >>> import remi
        >>> state = remi.new_game(remi.NORWEGIAN, seed=1)
        >>> data = state.to_dict()
        >>> data["phase"], data["discard"], remi.GameState.from_dict(data) == state
        ('draw', '♠6', True)
        """
        return {
            "format": _FORMAT,
            "ruleset": self.ruleset.to_dict(),
            "players": self.players,
            "seed": self.seed,
            "round": self.round,
            "dealer": self.dealer,
            "phase": self.phase,
            "turn_player": self.turn_player,
            "to_act": self.to_act,
            "hands": [format_cards(h) for h in self.hands],
            "stock": format_cards(self.stock),
            "discard": format_cards(self.discard),
            "table": [
                {
                    "owner": owner,
                    "kind": meld.kind,
                    "cards": format_cards(meld.cards),
                    "wild": list(meld.wild),
                    "rank": meld.rank,
                    "suit": meld.suit,
                }
                for meld, owner in zip(self.table, self.owners)
            ],
            "down": list(self.down),
            "turn": self.turn,
            "pending": format_cards(self.pending),
            "taken": None if self.taken is None else str(self.taken),
            "queue": list(self.queue),
            "last_buyer": self.last_buyer,
            "buys": list(self.buys),
            "shanghai_from": self.shanghai_from,
            "reshuffles": self.reshuffles,
            "cut_bonus_seat": self.cut_bonus_seat,
            "results": [
                {
                    "round": r.round,
                    "went_out": r.went_out,
                    "points": list(r.points),
                    "cut_bonus": r.cut_bonus,
                }
                for r in self.results
            ],
            "totals": list(self.totals),
            "melds_this_turn": self.melds_this_turn,
        }

    @classmethod
    def from_dict(cls, data: Any) -> GameState:
        """Rebuild a state from :meth:`to_dict` output; malformed input raises :class:`~remi.StateError`.

        >>> import remi
        >>> remi.GameState.from_dict([])
        Traceback (most recent call last):
        ...
        remi.StateError: A state must be a dict, not list.
        """
        try:
            state = _from_dict(data)
        except RemiError as exc:
            if isinstance(exc, StateError):
                raise
            raise StateError(exc.code, f"The state dict is malformed: {exc.reason}") from None
        except (KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
            detail = f"missing field {exc}" if isinstance(exc, KeyError) else str(exc)
            raise StateError("malformed-state", f"The state dict is malformed: {detail}.") from None
        state.check_invariants()
        return state


# -- construction ------------------------------------------------------------------------------------


def new_game(
    ruleset: Ruleset, players: int = 4, seed: int = 0, *, dealer: int | None = None
) -> GameState:
    """Start a match: shuffle with *seed* and deal the first round.

    The first dealer is seat 0, or drawn by lot from the seed where the
    ruleset says so (Basic Rummy), unless *dealer* says otherwise. Every
    preset is playable: Norwegian Remi, Basic Rummy (Swedish, Finnish, Block
    Rummy), Slovenian 51, Kalooki and Gin Rummy.

    >>> import remi
    >>> remi.new_game(remi.NORWEGIAN, players=2)
    Traceback (most recent call last):
    ...
    remi.RulesetError: Norwegian Remi is for 3 to 5 players, not 2.
    """
    if not isinstance(ruleset, Ruleset):
        raise RulesetError("not-a-ruleset", f"Expected a Ruleset, got {type(ruleset).__name__}.")
    if ruleset.family not in _PLAYABLE:
        raise UnsupportedError(
            "game-not-available",
            f"Playing {ruleset.name} is not available yet; its referee functions are.",
        )
    if isinstance(players, bool) or not isinstance(players, int):
        raise RulesetError("bad-players", f"players must be a number, not {players!r}.")
    if not ruleset.min_players <= players <= ruleset.max_players:
        raise RulesetError(
            "bad-players",
            f"{ruleset.name} is for {ruleset.min_players} to {ruleset.max_players} players, not {players}.",
        )
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise RulesetError("bad-seed", f"seed must be an integer, not {seed!r}.")
    if dealer is None:
        first = _rng(seed, "first-dealer").randrange(players) if ruleset.first_dealer == "lot" else 0
    else:
        first = dealer
    if isinstance(first, bool) or not isinstance(first, int) or not 0 <= first < players:
        raise RulesetError("bad-dealer", f"dealer must be a seat from 0 to {players - 1}, not {dealer!r}.")
    w = _Work.blank(ruleset, players, seed, first)
    _start_round(w)
    return w.freeze()


#: The game families this version can play.
_PLAYABLE: Final = ("contract", "basic", "opening", "gin")


class _Work:
    """A mutable scratch copy of a state used inside one transition."""

    __slots__ = (
        "ruleset", "players", "seed", "round", "dealer", "phase", "turn_player", "to_act",
        "hands", "stock", "discard", "table", "owners", "down", "turn", "pending", "taken",
        "queue", "last_buyer", "buys", "shanghai_from", "reshuffles", "cut_bonus_seat",
        "results", "totals", "melds_this_turn",
    )

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

    @classmethod
    def blank(cls, ruleset: Ruleset, players: int, seed: int, dealer: int) -> _Work:
        w = cls()
        w.ruleset, w.players, w.seed, w.round, w.dealer = ruleset, players, seed, 1, dealer
        w.phase, w.turn_player, w.to_act = "draw", 0, 0
        w.hands = [() for _ in range(players)]
        w.stock, w.discard, w.table, w.owners = [], [], [], []
        w.down = [-1] * players
        w.turn, w.pending, w.taken, w.queue, w.last_buyer = 0, [], None, [], -1
        w.buys = [0] * players
        w.shanghai_from, w.reshuffles, w.cut_bonus_seat = -1, 0, -1
        w.results, w.totals = [], [0] * players
        w.melds_this_turn = 0
        return w

    @classmethod
    def of(cls, s: GameState) -> _Work:
        w = cls()
        w.ruleset, w.players, w.seed, w.round, w.dealer = s.ruleset, s.players, s.seed, s.round, s.dealer
        w.phase, w.turn_player, w.to_act = s.phase, s.turn_player, s.to_act
        w.hands = list(s.hands)
        w.stock, w.discard = list(s.stock), list(s.discard)
        w.table, w.owners = list(s.table), list(s.owners)
        w.down, w.turn, w.pending, w.taken = list(s.down), s.turn, list(s.pending), s.taken
        w.queue, w.last_buyer, w.buys = list(s.queue), s.last_buyer, list(s.buys)
        w.shanghai_from, w.reshuffles, w.cut_bonus_seat = s.shanghai_from, s.reshuffles, s.cut_bonus_seat
        w.results, w.totals = list(s.results), list(s.totals)
        w.melds_this_turn = s.melds_this_turn
        return w

    def freeze(self) -> GameState:
        return GameState(
            self.ruleset, self.players, self.seed, self.round, self.dealer, self.phase,
            self.turn_player, self.to_act, tuple(self.hands), tuple(self.stock),
            tuple(self.discard), tuple(self.table), tuple(self.owners), tuple(self.down),
            self.turn, tuple(self.pending), self.taken, tuple(self.queue), self.last_buyer,
            tuple(self.buys), self.shanghai_from, self.reshuffles, self.cut_bonus_seat,
            tuple(self.results), tuple(self.totals), self.melds_this_turn,
        )

    # -- small helpers ---------------------------------------------------------------------
    def give(self, seat: int, *cards: Card) -> None:
        hand = list(self.hands[seat])
        for card in cards:
            insort(hand, card, key=_code)
        self.hands[seat] = tuple(hand)

    def take_from_hand(self, seat: int, card: Card) -> None:
        hand = list(self.hands[seat])
        hand.remove(card)
        self.hands[seat] = tuple(hand)

    def rebuild_stock(self, keep_top: bool) -> None:
        """Shuffle the discard pile (less its top card, if kept) into a new stock."""
        top = self.discard.pop() if keep_top and self.discard else None
        pile = self.discard
        self.reshuffles += 1
        if self.ruleset.discard_reuse == "turn-over":
            pile.reverse()
            self.stock = pile
        else:
            rng = _rng(self.seed, self.round, "rebuild", self.reshuffles)
            rng.shuffle(pile)
            self.stock = pile
        self.discard = [top] if top is not None else []


# -- the round ---------------------------------------------------------------------------------------


def _start_round(w: _Work) -> None:
    rules = w.ruleset
    decks, jokers = rules.pack_for(w.players)
    pack = list(make_pack(decks, jokers))
    _rng(w.seed, w.round, "deal").shuffle(pack)
    w.hands = [() for _ in range(w.players)]
    w.stock, w.discard, w.table, w.owners = pack, [], [], []
    w.down = [-1] * w.players
    w.buys = [0] * w.players
    w.turn, w.pending, w.taken, w.queue, w.last_buyer = 0, [], None, [], -1
    w.shanghai_from, w.reshuffles, w.cut_bonus_seat = -1, 0, -1
    if rules.liverpool_cut:
        w.phase = "cut"
        w.turn_player = w.to_act = (w.dealer - 1) % w.players
        return
    _deal(w)


def _dealt_count(w: _Work) -> int:
    return w.players * w.ruleset.hand_size(w.players, w.round) + (1 if w.ruleset.upcard else 0)


def _cut(w: _Work) -> None:
    """The cut is a chance outcome: within five cards of the exact count, each equally likely."""
    exact = _dealt_count(w)
    size = len(w.stock)
    low, high = max(1, exact - 5), min(size - 1, exact + 5)
    k = _rng(w.seed, w.round, "cut").randint(low, high)
    w.stock = w.stock[-k:] + w.stock[:-k]
    if k == exact:
        w.cut_bonus_seat = w.to_act
    _deal(w)


def _deal(w: _Work) -> None:
    size = w.ruleset.hand_size(w.players, w.round)
    hands: list[list[Card]] = [[] for _ in range(w.players)]
    stock = w.stock
    for _ in range(size):
        for offset in range(1, w.players + 1):
            hands[(w.dealer + offset) % w.players].append(stock.pop())
    starter = (w.dealer + 1) % w.players
    if w.ruleset.starter_extra_card:
        hands[starter].append(stock.pop())
    w.hands = [_sorted_hand(h) for h in hands]
    if w.ruleset.upcard:
        w.discard.append(stock.pop())
    _begin_turn(w, starter)
    if w.ruleset.starter_extra_card and w.phase == "draw":
        # The starter holds one card more and opens the deal by discarding, with no draw.
        w.phase = "play"


def _begin_turn(w: _Work, seat: int) -> None:
    w.turn += 1
    w.turn_player = w.to_act = seat
    w.phase = "draw"
    w.pending, w.taken, w.queue, w.last_buyer, w.shanghai_from = [], None, [], -1, -1
    w.melds_this_turn = 0
    cap = w.ruleset.max_turns_per_round
    if cap is not None and w.turn > cap:
        _end_round(w, None)
        return
    if _stock_exhausted(w):
        _end_round(w, None)


def _stock_exhausted(w: _Work) -> bool:
    """Whether the round must end with no winner for want of cards to draw.

    RULES 1: both piles empty ends the round. [decision] A stock that is empty
    with nothing under the discard top to rebuild it from counts the same:
    otherwise the players could only pass one card round the table forever.
    When the whole pile is turned over (Basic Rummy), only an empty pile
    counts; when it is never reused (Block Rummy), an empty stock ends the deal.
    """
    if w.ruleset.family == "gin":
        # RULES 5 [decision]: the stock's last cards are not drawn; the deal is void.
        return len(w.stock) <= w.ruleset.gin_stock_reserve
    if w.stock:
        return False
    reuse = w.ruleset.discard_reuse
    if reuse == "none":
        return True
    if reuse == "turn-over":
        return not w.discard
    return len(w.discard) <= 1


def _can_rebuild(stock: Sequence[Card], discard: Sequence[Card], rules: Ruleset) -> bool:
    """Whether a stock draw is possible: cards in the stock, or a pile to rebuild it from."""
    if stock:
        return True
    if rules.discard_reuse == "none":
        return False
    return len(discard) >= (1 if rules.discard_reuse == "turn-over" else 2)


def _end_round(w: _Work, went_out: int | None) -> None:
    from ._settle import settle

    rules = w.ruleset
    rummy = went_out is not None and w.down[went_out] in (-1, w.turn)
    scoring = rules
    if went_out is None and rules.scoring == "winner-takes-all":
        # [decision] A deal that ends with nobody out (turn cap, no cards left) is settled as
        # in Block Rummy: the lowest hand wins the differences, so a capped match still ends.
        scoring = attrs.evolve(rules, scoring="block")
    settlement = settle(
        w.hands, went_out, scoring, going_rummy=rummy, first=(w.dealer + 1) % w.players
    )
    points = list(settlement.deltas)
    bonus: int | None = None
    if w.cut_bonus_seat >= 0:
        bonus = w.cut_bonus_seat
        points[bonus] += rules.cut_bonus
    w.results.append(RoundResult(w.round, went_out, tuple(points), bonus))
    w.totals = [t + p for t, p in zip(w.totals, points)]
    if _match_over(w):
        w.phase = "over"
        w.queue, w.pending, w.taken = [], [], None
        w.to_act = w.turn_player
        return
    w.round += 1
    w.dealer = (w.dealer + 1) % w.players
    _start_round(w)


def _match_over(w: _Work) -> bool:
    """Whether the match ends after this round: a fixed number of rounds, or a target score."""
    rules = w.ruleset
    if rules.rounds is not None:
        return w.round >= rules.rounds
    if rules.contracts and w.round >= len(rules.contracts):
        return True
    target = rules.target_score
    if target is None:
        return False
    if rules.scoring == "gin":
        # [decision] Gin deals mostly take points away (RULES 5), so the match also ends when a
        # total falls to minus the target; the highest total wins.
        return max(w.totals) >= target or min(w.totals) <= -target
    return max(w.totals) >= target


def _next_turn(w: _Work, after: int) -> None:
    _begin_turn(w, (after + 1) % w.players)


# -- generation ------------------------------------------------------------------------------------


def _distinct(cards: Sequence[Card]) -> list[Card]:
    out: list[Card] = []
    last: Card | None = None
    for card in cards:
        if card is not last:
            out.append(card)
            last = card
    return out


def _contract_down_earlier(s: GameState, seat: int) -> bool:
    return 0 <= s.down[seat] < s.turn


def _own_points(s: GameState, seat: int) -> int:
    """What the melds *seat* laid count toward an opening."""
    rules = s.ruleset
    return sum(meld_points(m, rules) for m, owner in zip(s.table, s.owners) if owner == seat)


def _is_down(s: GameState, seat: int) -> bool:
    """Whether *seat* is down: its contract laid, or its opening complete (51 games).

    In a 51 game the opening is laid one meld at a time within one turn; it is
    complete once the seat's melds reach ``opening_points``.
    """
    down = s.down[seat]
    if down < 0:
        return False
    need = s.ruleset.opening_points
    if need is None or s.ruleset.family != "opening" or down < s.turn:
        return True
    return _own_points(s, seat) >= need


def _opening_in_progress(s: GameState, seat: int) -> bool:
    """Whether *seat* has begun its opening this turn without reaching the points yet."""
    return s.ruleset.family == "opening" and s.down[seat] == s.turn and not _is_down(s, seat)


def _may_lay_off(s: GameState, seat: int) -> bool:
    needs = s.ruleset.layoff_needs
    if needs == "always":
        return True
    if needs == "down":
        return _is_down(s, seat)
    return _contract_down_earlier(s, seat)


def _generate_gin(s: GameState, hand: Sequence[Card]) -> list[Action]:
    """Gin Rummy's play phase: discard, or discard and knock when the deadwood allows."""
    from ._solver import deadwood

    out: list[Action] = []
    for card in _distinct(hand):
        if not _discard_allowed(s, hand, card):
            continue
        out.append(Discard(card))
        rest = list(hand)
        rest.remove(card)
        if deadwood(rest, s.ruleset) <= s.ruleset.knock_limit:
            out.append(Knock(card))
    return out


def _may_meld(s: GameState) -> bool:
    """Whether the seat on turn may lay another new meld this turn (``melds_per_turn``)."""
    limit = s.ruleset.melds_per_turn
    return limit is None or s.melds_this_turn < limit


def _may_swap(s: GameState, seat: int) -> bool:
    rules = s.ruleset
    if rules.joker_swap == "none":
        return False
    if rules.joker_swap_needs_earlier_turn:
        return _contract_down_earlier(s, seat)
    if rules.family == "opening" and rules.joker_swap_before_opening:
        # RULES 4: a player who has opened, or opens in that turn (the joker in the opening).
        return True
    return _is_down(s, seat)


def _could_fit(meld: Meld, card: Card, rules: Ruleset) -> bool:
    """A cheap filter before :func:`check_layoff`: can *card* possibly extend *meld*?"""
    if is_wild(card, rules):
        return True
    if meld.kind == "set":
        return card.rank == meld.rank
    if card.suit_index != meld.suit:
        return False
    rank = card.rank
    below, above = meld.low - 1, meld.high + 1
    return rank == below or rank == above or (rank == 1 and above == 14)


def _could_swap(meld: Meld, card: Card, rules: Ruleset) -> bool:
    """A cheap filter before :func:`check_joker_swap`: does a wild card of *meld* stand for *card*?"""
    if meld.kind == "set":
        return rules.joker_swap == "any" and card.rank == meld.rank
    if card.suit_index != meld.suit:
        return False
    for index, wild in enumerate(meld.wild):
        if wild:
            rank = meld.rank + index
            if (1 if rank == 14 else rank) == card.rank:
                return True
    return False


def _layoff_results(meld: Meld, card: Card, rules: Ruleset) -> tuple[Check, Check | None]:
    """Return the default placement and, when the player has a real choice, the low one."""
    first = check_layoff(meld, (card,), rules, end="high")
    if meld.kind == "set" or not first.ok:
        return first, None
    low = check_layoff(meld, (card,), rules, end="low")
    if low.ok and low.meld != first.meld:
        return first, low
    return first, None


def _layable(s: GameState, card: Card) -> bool:
    rules = s.ruleset
    return any(
        _could_fit(meld, card, rules) and check_layoff(meld, (card,), rules).ok for meld in s.table
    )


def _buy_possible(s: GameState) -> bool:
    return bool(s.discard) and (bool(s.stock) or len(s.discard) >= 2)


def _generate(s: GameState) -> list[Action]:
    phase = s.phase
    if phase == "over":
        return []
    if phase == "cut":
        return [Cut()]
    if phase == "draw":
        out: list[Action] = []
        if _can_rebuild(s.stock, s.discard, s.ruleset):
            out.append(DrawStock())
        if s.discard:
            out.append(TakeDiscard())
        return out
    if phase == "buy":
        return [Buy(), Pass()] if _buy_possible(s) else [Pass()]
    if phase == "shanghai":
        card = s.discard[-1]
        out = [Pass()]
        for target, meld in enumerate(s.table):
            if not _could_fit(meld, card, s.ruleset):
                continue
            first, low = _layoff_results(meld, card, s.ruleset)
            if first.ok:
                out.append(CallShanghai(target))
            if low is not None:
                out.append(CallShanghai(target, True))
        return out
    return _generate_play(s)


def _generate_play(s: GameState) -> list[Action]:
    from ._solver import candidate_melds, contract_layouts, opening_layouts

    rules = s.ruleset
    seat = s.turn_player
    hand = s.hands[seat]
    out: list[Action] = []
    keep_one = _must_keep_card(s)
    if rules.family == "gin":
        return _generate_gin(s, hand)
    if rules.family == "contract":
        if s.down[seat] < 0 and not s.pending:
            for layout in contract_layouts(hand, s.round, rules):
                laid = sum(len(m.cards) for m in layout)
                if laid == len(hand) and keep_one:
                    continue
                out.append(LayDown(layout))
    elif rules.family == "opening":
        for lay in _pending_lays(s, hand):
            if s.pending and not any(card in s.pending for card in lay.cards):
                continue  # a joker taken back this turn is used first
            out.append(lay)
    elif _may_meld(s) and not s.pending:
        for meld in candidate_melds(hand, rules):
            if keep_one and len(meld.cards) == len(hand):
                continue
            if s.taken is not None and len(hand) - len(meld.cards) == 1:
                rest = list(hand)
                for card in meld.cards:
                    rest.remove(card)
                if _strands_taken_card(s, rest, [*s.table, meld]):
                    continue
            out.append(LayDown((meld,)))
    if _may_lay_off(s, seat) and not (keep_one and len(hand) <= 1):
        for card in _distinct(hand):
            for target, meld in enumerate(s.table):
                if not _could_fit(meld, card, rules):
                    continue
                first, low = _layoff_results(meld, card, rules)
                if first.ok and first.meld is not None:
                    if _layoff_allowed(s, target, card, first.meld):
                        out.append(LayOff(card, target))
                if low is not None and low.meld is not None:
                    if _layoff_allowed(s, target, card, low.meld):
                        out.append(LayOff(card, target, True))
    if _may_swap(s, seat) and not s.pending and not (keep_one and len(hand) <= 1):
        for target, meld in enumerate(s.table):
            if not meld.wild_count:
                continue
            for card in _distinct(hand):
                if is_wild(card, rules) or not _could_swap(meld, card, rules):
                    continue
                if _swap_result(s, target, card) is not None:
                    out.append(SwapJoker(card, target))
    if not s.pending and not _opening_in_progress(s, seat):
        for card in _distinct(hand):
            if not _discard_allowed(s, hand, card):
                continue
            out.append(Discard(card))
            if rules.shanghai and len(hand) > 1 and _layable(s, card):
                out.append(Discard(card, True))
    return out


def _must_keep_card(s: GameState) -> bool:
    """Whether going out needs a final discard (so melds and lay-offs may not empty the hand)."""
    rules = s.ruleset
    if rules.last_contract_goes_out and s.round == len(rules.contracts):
        return False
    return rules.last_card_discard


def _strands_taken_card(s: GameState, hand: Sequence[Card], table: Sequence[Meld]) -> bool:
    """Whether a move would leave only the card just taken from the discard pile in hand.

    [decision] With ``keep_taken_discard`` that card may not be discarded this
    turn, so a lay-down or lay-off that leaves it alone in hand is refused
    unless it could itself be laid off (going out).
    """
    taken = s.taken
    if not s.ruleset.keep_taken_discard or taken is None or len(hand) != 1 or hand[0] is not taken:
        return False
    if _must_keep_card(s):
        return True  # it could not be laid off either: the last card must be discarded
    rules = s.ruleset
    return not any(_could_fit(m, taken, rules) and check_layoff(m, (taken,), rules).ok for m in table)


def _discard_allowed(s: GameState, hand: Sequence[Card], card: Card) -> bool:
    if s.ruleset.keep_taken_discard and s.taken is card and hand.count(card) < 2:
        return False
    return True


def _swap_result(s: GameState, target: int, card: Card) -> Check | None:
    """The swap of *card* into table meld *target*, if legal and the freed joker can still be played."""
    meld = s.table[target]
    swap = check_joker_swap(meld, card, s.ruleset)
    if not swap.ok or swap.meld is None or swap.freed is None:
        return None
    table = list(s.table)
    table[target] = swap.meld
    hand = list(s.hands[s.turn_player])
    hand.remove(card)
    hand.append(swap.freed)
    if not _pending_ok(s, table, hand, [*s.pending, swap.freed]):
        return None
    return swap


def _pending_ok(s: GameState, table: Sequence[Meld], hand: Sequence[Card], pending: Sequence[Card]) -> bool:
    """Whether every joker taken back this turn can still be played this turn (RULES 1, Jokers on the table).

    A joker is played again by a lay-off, or in the 51 games also in a new meld
    or in the opening itself (RULES 4: "use the joker"). With a final discard
    required, a card must also remain for it.
    """
    if not pending:
        return True
    if _must_keep_card(s) and len(hand) <= len(pending):
        return False
    rules = s.ruleset
    seat = s.turn_player
    for joker in pending:
        if _is_down(s, seat) and any(
            _could_fit(m, joker, rules) and check_layoff(m, (joker,), rules).ok for m in table
        ):
            continue
        if rules.family == "opening" and any(joker in lay.cards for lay in _pending_lays(s, hand)):
            continue
        return False
    return True


def _pending_lays(s: GameState, hand: Sequence[Card]) -> list[LayDown]:
    """The lay-downs of a 51 game open to the seat on turn with *hand*: one meld each.

    Before the opening is complete a meld is offered only if the opening can
    still reach its points this turn with the cards left (RULES 3: the opening
    goes down in one turn), keeping a card to discard where one is needed.
    """
    from ._solver import candidate_melds

    rules = s.ruleset
    seat = s.turn_player
    keep_one = _must_keep_card(s)
    opened = _is_down(s, seat)
    have = 0 if opened else _own_points(s, seat)
    out = []
    for meld in candidate_melds(hand, rules):
        if keep_one and len(meld.cards) == len(hand):
            continue
        if not opened and not _opening_reachable(s, hand, meld, have):
            continue
        out.append(LayDown((meld,)))
    return out


def _opening_reachable(s: GameState, hand: Sequence[Card], meld: Meld, have: int) -> bool:
    """Whether laying *meld* now leaves an opening of ``opening_points`` within reach this turn."""
    from ._solver import best_opening_points_left

    rules = s.ruleset
    need = (rules.opening_points or 0) - have - meld_points(meld, rules)
    if need <= 0:
        return True
    keep_one = _must_keep_card(s)  # a card must stay for the final discard
    return best_opening_points_left(hand, meld.cards, rules, keep_one=keep_one) >= need


def _layoff_allowed(s: GameState, target: int, card: Card, meld: Meld) -> bool:
    """The checks a legal lay-off passes beyond fitting the meld: no stranded joker or taken card."""
    if not _layoff_keeps_pending_ok(s, target, card, meld):
        return False
    if s.taken is not None and len(s.hands[s.turn_player]) == 2:
        rest = list(s.hands[s.turn_player])
        rest.remove(card)
        table = list(s.table)
        table[target] = meld
        if _strands_taken_card(s, rest, table):
            return False
    return True


def _layoff_keeps_pending_ok(s: GameState, target: int, card: Card, meld: Meld) -> bool:
    if not s.pending:
        return True
    table = list(s.table)
    table[target] = meld
    pending = list(s.pending)
    if card in pending:
        pending.remove(card)
    hand = list(s.hands[s.turn_player])
    hand.remove(card)
    return _pending_ok(s, table, hand, pending)


# -- resolution ----------------------------------------------------------------------------------------


def _coerce(action: Action | str) -> Action:
    if isinstance(action, str):
        return parse_action(action)
    if not is_action(action):
        raise IllegalActionError(
            "not-an-action", f"{action!r} is not an action (expected an action value or its text)."
        )
    return action


def _resolve(s: GameState, action: Action) -> GameState:
    if s.phase == "over":
        raise _Illegal("game-over", "The game is over; no more actions.")
    handler = _HANDLERS.get((s.phase, type(action).__name__))
    if handler is None:
        raise _Illegal("wrong-phase", _wrong_phase_reason(s, action))
    return handler(s, action)


def _wrong_phase_reason(s: GameState, action: Action) -> str:
    seat = s.to_act
    expected = {
        "cut": f"seat {seat} must cut the pack first",
        "draw": f"seat {seat} must first draw from the stock or take the discard",
        "buy": f"seat {seat} must say buy or pass on {s.discard_top}",
        "play": (
            f"it is seat {seat}'s play: discard or knock"
            if s.ruleset.family == "gin"
            else f"it is seat {seat}'s play: lay down, lay off, swap a joker or discard"
        ),
        "shanghai": f"seat {seat} must call Shanghai or pass",
    }[s.phase]
    return f"'{action}' is not possible now: {expected}."


def _do_cut(s: GameState, action: Action) -> GameState:
    w = _Work.of(s)
    _cut(w)
    return w.freeze()


def _do_draw(s: GameState, action: Action) -> GameState:
    if not _can_rebuild(s.stock, s.discard, s.ruleset):
        raise _Illegal("stock-empty", "The stock is empty and cannot be rebuilt; take the discard.")
    w = _Work.of(s)
    seat = s.turn_player
    if not w.stock:
        w.rebuild_stock(keep_top=w.ruleset.discard_reuse == "reshuffle-keep-top")
    w.give(seat, w.stock.pop())
    w.phase = "play"
    if w.ruleset.buying and w.discard and (w.stock or len(w.discard) >= 2):
        w.queue = _buyers(w, exclude=-1)
        if w.queue:
            w.phase = "buy"
            w.to_act = w.queue[0]
    return w.freeze()


def _buyers(w: _Work, exclude: int) -> list[int]:
    rules = w.ruleset
    out = []
    for offset in range(1, w.players):
        seat = (w.turn_player + offset) % w.players
        if seat == exclude:
            continue
        if rules.max_buys_per_round is not None and w.buys[seat] >= rules.max_buys_per_round:
            continue
        if rules.buy_only_before_contract and w.down[seat] >= 0:
            continue
        out.append(seat)
    return out


def _do_take(s: GameState, action: Action) -> GameState:
    if not s.discard:
        raise _Illegal("discard-empty", "The discard pile is empty; draw from the stock.")
    w = _Work.of(s)
    card = w.discard.pop()
    w.give(s.turn_player, card)
    w.taken = card
    w.phase = "play"
    return w.freeze()


def _do_buy(s: GameState, action: Action) -> GameState:
    if not _buy_possible(s):
        raise _Illegal(
            "cannot-buy", "Nothing is left to give as the penalty card, so this card cannot be bought."
        )
    w = _Work.of(s)
    buyer = s.to_act
    card = w.discard.pop()
    if not w.stock:
        w.rebuild_stock(keep_top=False)
    penalty = w.stock.pop()
    w.give(buyer, card, penalty)
    w.buys[buyer] += 1
    w.last_buyer = buyer
    queue = _buyers(w, exclude=buyer) if w.discard and (w.stock or len(w.discard) >= 2) else []
    _continue_window(w, queue)
    return w.freeze()


def _continue_window(w: _Work, queue: list[int]) -> None:
    w.queue = queue
    if queue:
        w.to_act = queue[0]
    else:
        w.phase = "play"
        w.to_act = w.turn_player
        w.last_buyer = -1


def _do_pass_buy(s: GameState, action: Action) -> GameState:
    w = _Work.of(s)
    _continue_window(w, w.queue[1:])
    return w.freeze()


def _do_pass_shanghai(s: GameState, action: Action) -> GameState:
    w = _Work.of(s)
    rest = w.queue[1:]
    if rest:
        w.queue = rest
        w.to_act = rest[0]
    else:
        _next_turn(w, s.shanghai_from)
    return w.freeze()


def _check_in_hand(hand: Sequence[Card], cards: Iterable[Card], seat: int) -> None:
    need = Counter(cards)
    have = Counter(hand)
    missing = need - have
    if missing:
        raise _Illegal(
            "not-in-hand",
            f"Seat {seat} does not hold {format_cards(sorted(missing.elements(), key=_code))}.",
        )


def _do_lay(s: GameState, action: Action) -> GameState:
    if not isinstance(action, LayDown):
        raise _Illegal("wrong-phase", _wrong_phase_reason(s, action))
    rules = s.ruleset
    seat = s.turn_player
    hand = s.hands[seat]
    _no_table_play(rules)
    contract = rules.family == "contract"
    if contract and s.down[seat] >= 0:
        raise _Illegal("contract-already-down", "Your contract is already down; it goes down once per round.")
    if s.pending and (rules.family != "opening" or not any(c in s.pending for c in action.cards)):
        raise _Illegal("joker-pending", f"Play {_pending_text(s)} you took from the table first.")
    if not action.melds:
        raise _Illegal("no-melds", "A lay-down needs at least one meld.")
    if rules.family == "opening" and len(action.melds) > 1:
        raise _Illegal(
            "one-meld-at-a-time",
            "Lay melds one at a time (one lay-down action each); an opening may take several.",
        )
    if not contract and rules.family != "opening" and s.down[seat] >= 0 and len(action.melds) > 1:
        raise _Illegal(
            "one-meld-at-a-time",
            "Once you are down, lay new melds one at a time (one lay-down action each).",
        )
    limit = rules.melds_per_turn
    if not contract and limit is not None and s.melds_this_turn + len(action.melds) > limit:
        raise _Illegal(
            "meld-limit",
            f"You may lay at most {limit} new meld{'s' if limit != 1 else ''} a turn in {rules.name}.",
        )
    _check_in_hand(hand, action.cards, seat)
    for meld in action.melds:
        verdict = validate_meld(meld, rules)
        if not verdict.ok:
            raise _Illegal("invalid-meld", f"{meld} is not a legal meld: {verdict.reason}")
    if contract:
        check = check_contract(action.melds, s.round, rules, hand=hand)
        if not check.ok:
            raise _Illegal(check.code, check.reason)
    elif rules.family == "opening" and rules.opening_points is not None and not _is_down(s, seat):
        have = _own_points(s, seat)
        meld = action.melds[0]
        if not _opening_reachable(s, hand, meld, have):
            laid = have + meld_points(meld, rules)
            raise _Illegal(
                "opening-too-low",
                f"Your opening must reach {rules.opening_points} points this turn, and with "
                f"{laid} laid the cards left cannot make up the rest.",
            )
    left = len(hand) - len(action.cards)
    if left == 0 and _must_keep_card(s):
        raise _Illegal("must-discard-last", "You must keep a card to discard: going out needs a final discard.")
    if left == 1 and s.taken is not None:
        rest = list(hand)
        for card in action.cards:
            rest.remove(card)
        if _strands_taken_card(s, rest, [*s.table, *action.melds]):
            raise _Illegal(
                "taken-card-stranded",
                f"That would leave only {s.taken}, just taken from the discard pile, which may not be discarded.",
            )
    w = _Work.of(s)
    remaining = list(hand)
    for card in action.cards:
        remaining.remove(card)
    w.hands[seat] = tuple(remaining)
    w.table.extend(action.melds)
    w.owners.extend([seat] * len(action.melds))
    if w.down[seat] < 0:
        w.down[seat] = s.turn
    w.melds_this_turn += len(action.melds)
    for card in action.cards:
        if card in w.pending:
            w.pending.remove(card)
    if not remaining:
        _end_round(w, seat)
    return w.freeze()


def _not_down(rules: Ruleset) -> str:
    """The start of a reason: the seat has not laid its contract, or not opened."""
    if rules.family == "contract":
        return "Your contract is not down yet"
    if rules.opening_points is not None:
        return f"You have not opened yet (an opening needs {rules.opening_points} points)"
    return "You have not laid a meld yet"


def _down_this_turn(rules: Ruleset) -> str:
    """The start of a reason: the seat went down (contract or opening) in this very turn."""
    if rules.family == "contract":
        return "Your contract went down this turn"
    if rules.opening_points is not None:
        return "You opened this turn"
    return "You laid your first meld this turn"


def _no_end_choice(card: Card, meld: Meld) -> str:
    """The reason for a ``low`` choice where there is none to make."""
    if meld.kind == "set":
        return f"A set has no ends, so {card} cannot be placed low on {meld}; leave the end unset."
    return f"{card} can only go one place on {meld}; leave the end unset."


def _pending_text(s: GameState) -> str:
    """How a reason names the wild card(s) taken back this turn: the joker, or the ♠2."""
    names = sorted({"the joker" if c.is_joker else str(c) for c in s.pending})
    return " and ".join(names) if names else "the joker"


def _do_layoff(s: GameState, action: Action) -> GameState:
    if not isinstance(action, LayOff):
        raise _Illegal("wrong-phase", _wrong_phase_reason(s, action))
    rules = s.ruleset
    seat = s.turn_player
    hand = s.hands[seat]
    _no_table_play(rules)
    if not _is_down(s, seat) and rules.layoff_needs != "always":
        raise _Illegal("contract-not-down", f"{_not_down(rules)}, so you may not lay off.")
    if not _may_lay_off(s, seat):
        raise _Illegal(
            "contract-down-this-turn",
            f"{_down_this_turn(rules)}; you may lay off from your next turn.",
        )
    if action.target >= len(s.table):
        raise _Illegal("no-such-meld", f"There is no table meld {action.target}; the table has {len(s.table)}.")
    _check_in_hand(hand, (action.card,), seat)
    if _must_keep_card(s) and len(hand) <= 1:
        raise _Illegal("must-discard-last", "You must keep a card to discard: going out needs a final discard.")
    meld = s.table[action.target]
    first, low = _layoff_results(meld, action.card, rules)
    if not first.ok:
        raise _Illegal(first.code, first.reason)
    chosen = first
    if action.low:
        if low is None:
            raise _Illegal("no-end-choice", _no_end_choice(action.card, meld))
        chosen = low
    extended = chosen.meld
    if extended is None:  # pragma: no cover - a passing check always carries its meld
        raise _Illegal("internal", "The lay-off produced no meld.")
    if not _layoff_keeps_pending_ok(s, action.target, action.card, extended):
        raise _Illegal(
            "joker-stuck",
            f"That would leave {_pending_text(s)} you took from the table with nowhere to go this turn.",
        )
    if not _layoff_allowed(s, action.target, action.card, extended):
        raise _Illegal(
            "taken-card-stranded",
            f"That would leave only {s.taken}, just taken from the discard pile, which may not be discarded.",
        )
    w = _Work.of(s)
    w.table[action.target] = extended
    if w.down[seat] < 0:
        w.down[seat] = s.turn
    w.take_from_hand(seat, action.card)
    if action.card in w.pending:
        w.pending.remove(action.card)
    if not w.hands[seat]:
        _end_round(w, seat)
    return w.freeze()


def _do_swap(s: GameState, action: Action) -> GameState:
    if not isinstance(action, SwapJoker):
        raise _Illegal("wrong-phase", _wrong_phase_reason(s, action))
    rules = s.ruleset
    seat = s.turn_player
    if rules.joker_swap == "none":
        raise _Illegal("no-joker-swaps", f"{rules.name} does not allow joker swaps.")
    if not _may_swap(s, seat):
        if not _is_down(s, seat):
            raise _Illegal("contract-not-down", f"{_not_down(rules)}, so you may not swap a joker.")
        raise _Illegal(
            "contract-down-this-turn",
            f"{_down_this_turn(rules)}; you may swap a joker from your next turn.",
        )
    if s.pending:
        raise _Illegal(
            "joker-pending",
            f"Play {_pending_text(s)} you took from the table before you swap another.",
        )
    if action.target >= len(s.table):
        raise _Illegal("no-such-meld", f"There is no table meld {action.target}; the table has {len(s.table)}.")
    _check_in_hand(s.hands[seat], (action.card,), seat)
    if _must_keep_card(s) and len(s.hands[seat]) <= 1:
        raise _Illegal("must-discard-last", "You must keep a card to discard: going out needs a final discard.")
    swap = check_joker_swap(s.table[action.target], action.card, rules)
    if not swap.ok:
        raise _Illegal(swap.code, swap.reason)
    result = _swap_result(s, action.target, action.card)
    if result is None or result.meld is None or result.freed is None:
        raise _Illegal(
            "joker-stuck", "The wild card could not be played again this turn, so it may not be taken."
        )
    w = _Work.of(s)
    w.table[action.target] = result.meld
    w.take_from_hand(seat, action.card)
    w.give(seat, result.freed)
    w.pending.append(result.freed)
    return w.freeze()


def _do_discard(s: GameState, action: Action) -> GameState:
    if not isinstance(action, Discard):
        raise _Illegal("wrong-phase", _wrong_phase_reason(s, action))
    rules = s.ruleset
    seat = s.turn_player
    hand = s.hands[seat]
    if s.pending:
        raise _Illegal(
            "joker-pending",
            f"You took {_pending_text(s)} from the table this turn and must play it before you discard.",
        )
    if _opening_in_progress(s, seat):
        raise _Illegal(
            "opening-unfinished",
            f"Your opening has {_own_points(s, seat)} of {rules.opening_points} points; "
            "lay more melds before you discard.",
        )
    _check_in_hand(hand, (action.card,), seat)
    if not _discard_allowed(s, hand, action.card):
        raise _Illegal(
            "discard-just-taken", f"{action.card} was just taken from the discard pile and may not go back."
        )
    if action.shanghai:
        if not rules.shanghai:
            raise _Illegal("no-shanghai", f"{rules.name} is played without Shanghai calls.")
        if len(hand) <= 1:
            raise _Illegal("shanghai-pointless", "Your last card goes out; there is nothing to protect.")
        if not _layable(s, action.card):
            raise _Illegal(
                "shanghai-pointless",
                f"{action.card} fits no table meld, so there is nothing to protect.",
            )
    w = _Work.of(s)
    w.take_from_hand(seat, action.card)
    w.discard.append(action.card)
    w.taken = None  # the turn's play is over: a Shanghai window may follow
    if not w.hands[seat]:
        _end_round(w, seat)
        return w.freeze()
    if rules.shanghai and not action.shanghai and _layable(s, action.card):
        callers = [
            (seat + offset) % w.players
            for offset in range(1, w.players)
            if len(w.hands[(seat + offset) % w.players]) >= 2
        ]
        if callers:
            w.phase = "shanghai"
            w.shanghai_from = seat
            w.queue = callers
            w.to_act = callers[0]
            return w.freeze()
    _next_turn(w, seat)
    return w.freeze()


def _no_table_play(rules: Ruleset) -> None:
    if rules.family == "gin":
        raise _Illegal(
            "nothing-laid-in-gin",
            f"In {rules.name} nothing is laid on the table during play; knock to end the deal.",
        )


def _do_knock(s: GameState, action: Action) -> GameState:
    from ._solver import deadwood

    if not isinstance(action, Knock):
        raise _Illegal("wrong-phase", _wrong_phase_reason(s, action))
    rules = s.ruleset
    if rules.family != "gin":
        raise _Illegal("no-knocking", f"{rules.name} is not ended by knocking; go out by shedding your cards.")
    seat = s.turn_player
    hand = s.hands[seat]
    _check_in_hand(hand, (action.card,), seat)
    if not _discard_allowed(s, hand, action.card):
        raise _Illegal(
            "discard-just-taken", f"{action.card} was just taken from the discard pile and may not go back."
        )
    rest = list(hand)
    rest.remove(action.card)
    left = deadwood(rest, rules)
    if left > rules.knock_limit:
        raise _Illegal(
            "knock-too-high",
            f"You cannot knock with {left} points of deadwood; the limit is {rules.knock_limit}.",
        )
    w = _Work.of(s)
    w.take_from_hand(seat, action.card)
    w.discard.append(action.card)
    w.taken = None
    _end_round(w, seat)
    return w.freeze()


def _do_shanghai(s: GameState, action: Action) -> GameState:
    if not isinstance(action, CallShanghai):
        raise _Illegal("wrong-phase", _wrong_phase_reason(s, action))
    if action.target >= len(s.table):
        raise _Illegal("no-such-meld", f"There is no table meld {action.target}; the table has {len(s.table)}.")
    card = s.discard[-1]
    meld = s.table[action.target]
    first, low = _layoff_results(meld, card, s.ruleset)
    if not first.ok:
        raise _Illegal(first.code, first.reason)
    chosen = first
    if action.low:
        if low is None:
            raise _Illegal("no-end-choice", _no_end_choice(card, meld))
        chosen = low
    if chosen.meld is None:  # pragma: no cover
        raise _Illegal("internal", "The lay-off produced no meld.")
    w = _Work.of(s)
    caller = s.to_act
    discarder = s.shanghai_from
    w.discard.pop()
    w.table[action.target] = chosen.meld
    hand = w.hands[caller]
    pick = _rng(w.seed, w.round, "shanghai", w.turn).randrange(len(hand))
    blind = hand[pick]
    w.take_from_hand(caller, blind)
    w.give(discarder, blind)
    _next_turn(w, discarder)
    return w.freeze()


_Handler = Callable[[GameState, Action], GameState]

_HANDLERS: Final[dict[tuple[str, str], _Handler]] = {
    ("cut", "Cut"): _do_cut,
    ("draw", "DrawStock"): _do_draw,
    ("draw", "TakeDiscard"): _do_take,
    ("buy", "Buy"): _do_buy,
    ("buy", "Pass"): _do_pass_buy,
    ("play", "LayDown"): _do_lay,
    ("play", "LayOff"): _do_layoff,
    ("play", "SwapJoker"): _do_swap,
    ("play", "Discard"): _do_discard,
    ("play", "Knock"): _do_knock,
    ("shanghai", "CallShanghai"): _do_shanghai,
    ("shanghai", "Pass"): _do_pass_shanghai,
}


# -- invariants and parsing -------------------------------------------------------------------------------


def _shape_problems(s: GameState) -> list[str]:
    """Type and shape checks, so that the deeper checks never meet a foreign value."""
    problems: list[str] = []
    if not isinstance(s.ruleset, Ruleset):
        return ["the ruleset is not a Ruleset"]
    for name in ("players", "seed", "round", "dealer", "turn_player", "to_act", "turn", "last_buyer",
                 "shanghai_from", "reshuffles", "cut_bonus_seat", "melds_this_turn"):
        value = getattr(s, name)
        if isinstance(value, bool) or not isinstance(value, int):
            problems.append(f"{name} is not an integer")
    for name in ("hands", "stock", "discard", "table", "owners", "down", "pending", "queue", "buys",
                 "results", "totals"):
        if not isinstance(getattr(s, name), tuple):
            problems.append(f"{name} is not a tuple")
    if problems:
        return problems
    if not all(isinstance(h, tuple) and all(isinstance(c, Card) for c in h) for h in s.hands):
        problems.append("a hand holds something that is not a card")
    for name in ("stock", "discard", "pending"):
        if not all(isinstance(c, Card) for c in getattr(s, name)):
            problems.append(f"{name} holds something that is not a card")
    if s.taken is not None and not isinstance(s.taken, Card):
        problems.append("taken is not a card")
    if not all(isinstance(m, Meld) and all(isinstance(c, Card) for c in m.cards) for m in s.table):
        problems.append("the table holds something that is not a meld of cards")
    for name in ("owners", "down", "queue", "buys", "totals"):
        if not all(isinstance(v, int) and not isinstance(v, bool) for v in getattr(s, name)):
            problems.append(f"{name} holds something that is not an integer")
    if not all(isinstance(r, RoundResult) for r in s.results):
        problems.append("results holds something that is not a RoundResult")
    return problems


def _invariant_problems(s: GameState) -> list[str]:
    problems = _shape_problems(s)
    if problems:
        return problems
    rules = s.ruleset
    n = s.players
    if not rules.min_players <= n <= rules.max_players:
        problems.append(f"{n} players is outside {rules.min_players}-{rules.max_players}")
        return problems
    for name in ("hands", "down", "buys", "totals"):
        if len(getattr(s, name)) != n:
            problems.append(f"{name} has {len(getattr(s, name))} entries for {n} players")
    if problems:
        return problems
    if s.phase not in PHASES:
        problems.append(f"unknown phase {s.phase!r}")
    for name in ("dealer", "turn_player", "to_act"):
        if not 0 <= getattr(s, name) < n:
            problems.append(f"{name} {getattr(s, name)} is not a seat")
    if s.phase == "cut" and (any(s.hands) or s.discard or s.table):
        problems.append("cards are dealt before the cut")
    if s.phase not in ("cut", "over") and s.turn < 1:
        problems.append("a turn is under way before the first turn")
    if s.melds_this_turn < 0:
        problems.append("melds_this_turn is negative")
    if s.phase == "shanghai" and s.shanghai_from in s.queue:
        problems.append("the discarder is asked to call Shanghai on their own card")
    if s.phase == "over" and not s.results:
        problems.append("the match is over with no round played")
    if len(s.table) != len(s.owners):
        problems.append("table and owners differ in length")
    if any(not 0 <= o < n for o in s.owners):
        problems.append("a table meld has an owner who is not a seat")
    if s.phase in ("draw", "play", "cut") and s.to_act != s.turn_player:
        problems.append("the seat to act is not the seat on turn")
    if s.phase in ("buy", "shanghai"):
        if not s.queue or s.queue[0] != s.to_act:
            problems.append("the window's queue does not start with the seat to act")
        if any(not 0 <= q < n for q in s.queue):
            problems.append("the window's queue holds a seat that does not exist")
    if s.phase == "shanghai" and (not 0 <= s.shanghai_from < n or not s.discard):
        problems.append("a Shanghai window needs a discarder and a discard")
    if rules.family == "contract" and not 1 <= s.round <= len(rules.contracts):
        problems.append(f"round {s.round} does not exist")
    decks, jokers = rules.pack_for(n)
    pack = Counter(make_pack(decks, jokers))
    seen: Counter[Card] = Counter()
    for hand in s.hands:
        seen.update(hand)
        if list(hand) != sorted(hand, key=_code):
            problems.append("a hand is not sorted")
    seen.update(s.stock)
    seen.update(s.discard)
    for meld in s.table:
        seen.update(meld.cards)
        verdict = validate_meld(meld, rules)
        if not verdict.ok:
            problems.append(f"table meld {meld} is not legal ({verdict.reason})")
    if seen != pack:
        extra = seen - pack
        missing = pack - seen
        if extra:
            problems.append(f"cards that are not in the pack or appear too often: {format_cards(sorted(extra.elements()))}")
        if missing:
            problems.append(f"cards missing: {format_cards(sorted(missing.elements()))}")
    on_turn = s.hands[s.turn_player] if 0 <= s.turn_player < n else ()
    pending = Counter(s.pending) - Counter(on_turn)
    if pending:
        problems.append("a pending joker is not in the hand of the seat on turn")
    if any(len(r.points) != n for r in s.results):
        problems.append("a round result does not score every seat")
    elif list(s.totals) != [sum(r.points[i] for r in s.results) for i in range(n)]:
        problems.append("the totals do not add up the round results")
    # A position set up by hand may start at any round without the earlier results.
    numbers = [r.round for r in s.results]
    last_finished = s.round if s.phase == "over" else s.round - 1
    if numbers != sorted(set(numbers)) or any(not 1 <= r <= last_finished for r in numbers):
        problems.append(f"the round results {numbers} do not fit round {s.round}")
    for r in s.results:
        if r.went_out is not None and not 0 <= r.went_out < n:
            problems.append("a round result names a seat that does not exist")
    if s.phase not in ("buy", "shanghai") and s.queue:
        problems.append("a queue of seats is open outside a buying or Shanghai window")
    if len(set(s.queue)) != len(s.queue) or s.turn_player in s.queue and s.phase == "buy":
        problems.append("the window's queue repeats a seat or holds the seat on turn")
    for name in ("last_buyer", "shanghai_from", "cut_bonus_seat"):
        if not -1 <= getattr(s, name) < n:
            problems.append(f"{name} {getattr(s, name)} is not a seat")
    if s.turn < 0 or s.reshuffles < 0 or any(b < 0 for b in s.buys):
        problems.append("a counter is negative")
    if any(not -1 <= d <= s.turn for d in s.down):
        problems.append("a contract is down in a turn that has not happened")
    if s.phase != "play" and (s.pending or s.taken is not None):
        problems.append("a turn's pending jokers or taken card outlive the play phase")
    if any(not is_wild(card, rules) for card in s.pending):
        problems.append("a pending card is not a wild card taken back by a swap")
    if s.phase != "buy" and s.last_buyer != -1:
        problems.append("a last buyer is set outside a buying window")
    if s.phase != "shanghai" and s.shanghai_from != -1:
        problems.append("a Shanghai discarder is set outside a Shanghai window")
    limit = rules.max_buys_per_round
    if limit is not None and any(b > limit for b in s.buys):
        problems.append(f"a seat has bought more than {limit} cards this round")
    if not rules.buying and any(s.buys):
        problems.append("cards were bought in a game without buying")
    if s.cut_bonus_seat != -1 and not rules.liverpool_cut:
        problems.append("a cut bonus in a game without the Liverpool cut")
    if rules.melds_per_turn is not None and s.melds_this_turn > rules.melds_per_turn:
        problems.append("more melds were laid this turn than the ruleset allows")
    return problems


def _int(value: Any, name: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise StateError("malformed-state", f"The state dict is malformed: {name} must be an integer, not {value!r}.")
    return value


def _ints(values: Any, name: str) -> tuple[int, ...]:
    if not isinstance(values, list | tuple):
        raise StateError("malformed-state", f"The state dict is malformed: {name} must be a list, not {values!r}.")
    return tuple(_int(v, name) for v in values)


def _cards(text: Any, name: str) -> tuple[Card, ...]:
    if not isinstance(text, str):
        raise StateError("malformed-state", f"The state dict is malformed: {name} must be card text, not {text!r}.")
    return parse_cards(text)


def _one_card(text: Any, name: str) -> Card:
    cards = _cards(text, name)
    if len(cards) != 1:
        raise StateError("malformed-state", f"The state dict is malformed: {name} must be one card, not {text!r}.")
    return cards[0]


def _from_dict(data: Any) -> GameState:
    if not isinstance(data, dict):
        raise StateError("malformed-state", f"A state must be a dict, not {type(data).__name__}.")
    if data.get("format") != _FORMAT:
        raise StateError("unknown-format", f"Expected format {_FORMAT!r}, got {data.get('format')!r}.")
    ruleset = Ruleset.from_dict(data["ruleset"])
    phase = data["phase"]
    if phase not in PHASES:
        raise StateError("malformed-state", f"The state dict is malformed: unknown phase {phase!r}.")
    table: list[Meld] = []
    owners: list[int] = []
    raw_table = data["table"]
    if not isinstance(raw_table, list):
        raise StateError("malformed-state", "The state dict is malformed: table must be a list.")
    for item in raw_table:
        if not isinstance(item, dict):
            raise StateError("malformed-state", "The state dict is malformed: a table meld must be a dict.")
        kind = item["kind"]
        if kind not in ("set", "run"):
            raise StateError("malformed-state", f"The state dict is malformed: unknown meld kind {kind!r}.")
        wild = item["wild"]
        if not isinstance(wild, list) or not all(isinstance(x, bool) for x in wild):
            raise StateError("malformed-state", "The state dict is malformed: wild must be a list of booleans.")
        table.append(
            Meld(kind, _cards(item["cards"], "table cards"), tuple(wild), _int(item["rank"], "rank"), _int(item["suit"], "suit"))
        )
        owners.append(_int(item["owner"], "owner"))
    results = []
    raw_results = data["results"]
    if not isinstance(raw_results, list):
        raise StateError("malformed-state", "The state dict is malformed: results must be a list.")
    for item in raw_results:
        went_out = item["went_out"]
        cut = item.get("cut_bonus")
        results.append(
            RoundResult(
                _int(item["round"], "round"),
                None if went_out is None else _int(went_out, "went_out"),
                _ints(item["points"], "points"),
                None if cut is None else _int(cut, "cut_bonus"),
            )
        )
    hands_raw = data["hands"]
    if not isinstance(hands_raw, list):
        raise StateError("malformed-state", "The state dict is malformed: hands must be a list.")
    taken = data["taken"]
    return GameState(
        ruleset=ruleset,
        players=_int(data["players"], "players"),
        seed=_int(data["seed"], "seed"),
        round=_int(data["round"], "round"),
        dealer=_int(data["dealer"], "dealer"),
        phase=phase,
        turn_player=_int(data["turn_player"], "turn_player"),
        to_act=_int(data["to_act"], "to_act"),
        hands=tuple(_sorted_hand(_cards(h, "hand")) for h in hands_raw),
        stock=_cards(data["stock"], "stock"),
        discard=_cards(data["discard"], "discard"),
        table=tuple(table),
        owners=tuple(owners),
        down=_ints(data["down"], "down"),
        turn=_int(data["turn"], "turn"),
        pending=_cards(data["pending"], "pending"),
        taken=None if taken is None else _one_card(taken, "taken"),
        queue=_ints(data["queue"], "queue"),
        last_buyer=_int(data["last_buyer"], "last_buyer"),
        buys=_ints(data["buys"], "buys"),
        shanghai_from=_int(data["shanghai_from"], "shanghai_from"),
        reshuffles=_int(data["reshuffles"], "reshuffles"),
        cut_bonus_seat=_int(data["cut_bonus_seat"], "cut_bonus_seat"),
        results=tuple(results),
        totals=_ints(data["totals"], "totals"),
        melds_this_turn=_int(data["melds_this_turn"], "melds_this_turn"),
    )
