"""Games: immutable states, their transitions, and the result of each round.

>>> from remi.game import new_game
>>> from remi.rulesets import SWEDISH
>>> state = new_game(SWEDISH, players=2, seed=7)
>>> state.phase, state.hand_sizes
('draw', (10, 10))

The game: :func:`~remi.new_game` and the immutable :class:`GameState` it starts.

A state never changes: :meth:`~remi.GameState.apply` returns the next state. All
randomness (shuffles, the Liverpool cut, a Shanghai blind draw) is derived
from the game's seed, so the same seed and the same actions replay exactly.

This module is the top of the game's layers (docs/design.rst): a state's
fields, invariants and dict form live in ``game.state`` (``StateCore``),
the rules of each action kind in ``game.engine``, what a seat sees in ``game.views``
and the position notation in ``game.positions``; they all import ``game.state`` and
none imports this module. :class:`GameState` is ``StateCore`` with the
methods that play, and :class:`~remi.PlayerView` is the views' value with the
methods that sample states; the functions that build either from scratch
(:func:`~remi.new_game`, ``from_position``, ``view``) are here.

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

from collections import Counter
from collections.abc import Iterable
from typing import Any

from ..actions import Action
from ..cards import Card, make_pack, parse_cards, sorted_hand
from ..errors import IllegalActionError, NotationError, RulesetError, StateError
from ..melds import Meld
from ..messages import and_list, msg
from ..rulesets import Ruleset
from . import engine as _engine
from . import positions as _position
from . import views as _views
from . import words as _words
from .engine import event_rng, start
from .state import PHASES, Phase, RoundResult, StateCore, blank_state, read_dict

__all__ = ["GameState", "RoundResult", "Phase", "PHASES", "new_game"]


class GameState(StateCore):
    """One position of a game: immutable, comparable, serializable.

    What everyone may see (the table, the discard pile, hand sizes, the
    phase, scores) and what is hidden (the cards in each hand, the order of
    the stock) are separate fields: ``hands`` and ``stock`` are hidden. The
    fields, the facts derived from them, the invariants and :meth:`to_dict`
    are ``StateCore``'s (``remi.game.state``); this class adds the methods that
    play, view and write a state.

    Construct states with :func:`~remi.new_game` or :meth:`from_dict`; move
    with :meth:`apply`.

    >>> import remi
    >>> state = remi.new_game(remi.GIN, players=2, seed=5)
    >>> state.phase, state.current_player, state.hand_sizes
    ('draw', 1, (10, 10))
    """

    __slots__ = ()

    # -- legality -----------------------------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        """Return every legal action for :attr:`current_player`, in a fixed order.

        The order is by action type (cut, draw, take, buy, pass, lay, off,
        swap, discard, knock, shanghai), then by cards. A finished game has none.

        >>> import remi
        >>> state = remi.new_game(remi.NORWEGIAN, seed=1)
        >>> [str(a) for a in state.legal_actions()]
        ['draw', 'take']
        """
        cached = self._legal
        if cached is None:
            cached = _engine.legal_actions(self)
            object.__setattr__(self, "_legal", cached)
        return list(cached)

    def is_legal(self, action: Action | str) -> bool:
        """Return whether *action* is legal now: exactly ``action in self.legal_actions()``.

        It asks the action's rule without listing every action and without
        playing the action out.

        >>> import remi
        >>> state = remi.new_game(remi.NORWEGIAN, seed=1)
        >>> state.is_legal("draw"), state.is_legal("discard ♠6")
        (True, False)
        """
        return _engine.refusal_of(self, action) is None

    def why_illegal(self, action: Action | str) -> IllegalActionError | NotationError | None:
        """Return the error :meth:`apply` would raise for *action*, or ``None`` exactly when it is legal.

        An illegal action gives an :class:`~remi.IllegalActionError`; text that
        names no action gives the :class:`~remi.NotationError` that reading it
        raises (both carry a ``code`` and a ``reason``). Nothing is raised.

        >>> import remi
        >>> state = remi.new_game(remi.NORWEGIAN, seed=1)
        >>> state.why_illegal("buy").code
        'wrong-phase'
        >>> error = state.why_illegal("discard zz")
        >>> type(error).__name__, error.code
        ('NotationError', 'unknown-card')
        """
        return _engine.why_illegal(self, action)

    def apply(self, action: Action | str, *, player: int | None = None) -> GameState:
        """Return the state after *action*; this state is left untouched.

        *action* may be an action value or its notation, read with this
        state's ruleset (where ♠2s are wild, ``lay ♥3 ♠2 ♥5 ♥6`` is the run
        with ♠2 as ♥4), as every entry point of a state reads text. When
        *player* is given it must be the seat to act. Raises
        :class:`~remi.IllegalActionError` with a ``code`` and a reason,
        :class:`~remi.NotationError` for text that is no action, and
        :class:`TypeError` for a value that is neither an action nor text.

        >>> import remi
        >>> state = remi.new_game(remi.NORWEGIAN, seed=1)
        >>> state.apply(remi.TakeDiscard()).hand_sizes
        (10, 11, 10, 10)
        >>> state.apply("take", player=2)
        Traceback (most recent call last):
        ...
        remi.IllegalActionError: It is seat 1's move, not seat 2's.
        """
        return _engine.apply(self, action, player)

    def child(self, action: Action | str) -> GameState:
        """Alias of :meth:`apply` for OpenSpiel users.

        >>> import remi
        >>> state = remi.new_game(remi.NORWEGIAN, seed=1)
        >>> state.child("draw") == state.apply("draw")
        True
        """
        return self.apply(action)

    def lay(self, *melds: Meld | str) -> GameState:
        """Lay several melds in one call, one lay-down action each, in the order given.

        Contracts and openings go down one meld per action within a turn; this
        helper applies ``LayDown`` for each meld in turn and raises the first
        refusal, naming the meld. Meld text is read with this state's ruleset.
        The state is left untouched either way.

        >>> import remi
        >>> state = remi.new_game(remi.SWEDISH, players=2, seed=3).apply("draw")
        >>> state.lay("♥4 ♦4 ♣4")
        Traceback (most recent call last):
        ...
        remi.IllegalActionError: Meld 1 (♥4 ♦4 ♣4): Seat 0 does not hold ♥4 ♣4.
        """
        return _engine.lay_all(self, melds)

    def lay_options(self) -> tuple[Meld, ...]:
        """Return every whole meld the seat to act may lay now, in :func:`~remi.meld_sort_key` order.

        Each is laid by :meth:`lay` (``state.lay(meld)``), also where melds go
        down card by card (the last Norwegian round, the *all down at once*
        variant): there ``lay`` plays the build steps. Empty when no meld may be
        laid now (another phase, an opening out of reach, ...). A table offers
        these and calls :meth:`lay`. The answer is computed once per state.

        >>> import remi
        >>> state = remi.new_game(remi.SLOVENIAN, players=3, seed=1)
        >>> [str(m) for m in state.lay_options()]
        ['♥8 ♥9 JK=♥10 ♥J', '♣4 ♣5 ♣6']
        >>> state.lay(state.lay_options()[0]).table
        (Meld(kind='run', ...),)
        >>> remi.new_game(remi.NORWEGIAN, seed=1).lay_options()
        ()
        """
        return _engine.lay_options(self)

    def lay_steps(self, meld: Meld | str) -> list[Action]:
        """Return the actions that lay *meld* now: its ``lay``, after a ``build`` per card where melds are built.

        Where a contract's melds may be longer than their least size (the last
        Norwegian round, the *all down at once* variant), a meld goes down card
        by card: ``build`` actions choose its cards in ascending card order,
        then a ``lay`` lays exactly those. Elsewhere this is the ``lay`` alone.
        Nothing is checked or played.

        >>> import remi
        >>> state = remi.new_game(remi.with_variants(remi.NORWEGIAN, "all down at once"), seed=2)
        >>> [str(a) for a in state.lay_steps("♠5 ♠6 ♠7 JK")]
        ['build ♠5', 'build ♠6', 'build ♠7', 'build JK', 'lay ♠5 ♠6 ♠7 JK=♠8']
        >>> [str(a) for a in remi.new_game(remi.NORWEGIAN, seed=2).lay_steps("♠5 ♠6 ♠7 JK")]
        ['lay ♠5 ♠6 ♠7 JK=♠8']
        """
        return _engine.build_steps(self, _engine.lay_of(self, meld))

    # -- views, positions, notation ---------------------------------------------------------------
    def view(self, seat: int) -> PlayerView:
        """Return what *seat* may see: its own hand and everything public (see :class:`~remi.PlayerView`).

        >>> import remi
        >>> state = remi.new_game(remi.GIN, players=2, seed=5)
        >>> view = state.view(1)
        >>> view.hand == state.hands[1], view.legal_actions() == state.legal_actions()
        (True, True)
        """
        return _views.make_view(PlayerView, self, seat)

    def returns(self) -> tuple[float, ...]:
        """One number per seat, higher is better in every game; final once the match is over.

        >>> import remi
        >>> remi.new_game(remi.NORWEGIAN, players=3, seed=1).returns()
        (0.0, 0.0, 0.0)
        """
        return _views.returns(self)

    def position(self, *, one_line: bool = False, ascii: bool = False) -> str:
        """Return the position notation of this state; :meth:`from_position` reads it back to an equal state.

        *one_line* separates the lines with `` | ``; *ascii* writes the cards
        in letters (``7s 10h JK``) for output that cannot hold ``♠``.

        >>> import remi
        >>> state = remi.new_game(remi.GIN, players=2, seed=5)
        >>> remi.GameState.from_position(state.position()) == state
        True
        >>> remi.GameState.from_position(state.position(ascii=True)) == state
        True
        """
        return _position.position(self, one_line=one_line, ascii=ascii)

    @classmethod
    def from_position(cls, text: str) -> GameState:
        """Build a state from position notation; an impossible position raises :class:`~remi.NotationError`.

        >>> import remi
        >>> remi.GameState.from_position("nonsense")
        Traceback (most recent call last):
        ...
        remi.NotationError: ...
        """
        return _position.read_position(text, cls)

    def parse_action(self, text: str) -> Action:
        """Read an action as a person types it (any card spelling, a meld by its number or a card it holds).

        >>> import remi
        >>> state = remi.new_game(remi.NORWEGIAN, players=4, seed=7)
        >>> state.parse_action("DRAW")
        DrawStock()
        """
        return _position.parse_action_in(self, text)

    @classmethod
    def from_dict(cls, data: Any) -> GameState:
        """Rebuild a state from :meth:`to_dict` output; malformed input raises :class:`~remi.StateError`.

        Dicts in the older formats ``remi-state/1`` to ``remi-state/3`` load too. An unknown
        key is refused, and so is a hand no play reaches (docs/rules/index.rst,
        shared-hand-limit) and a state that could not play on (no legal action though the
        match is not over).

        >>> import remi
        >>> remi.GameState.from_dict([])
        Traceback (most recent call last):
        ...
        remi.StateError: A state must be a dict, not list.
        """
        state = read_dict(data, cls)
        if not state.is_over and not state.legal_actions():
            raise StateError(
                "dead-end",
                msg(
                    "The state could not play on: seat {seat} has no legal action in phase {phase}.",
                    seat=state.to_act,
                    phase=state.phase,
                ),
            )
        return state

    def describe(self, action: Action | str, lang: str = "en") -> str:
        """Say in *lang* what *action* (a value or its text) does, for the seat to act.

        Table melds are named by their cards and owner. An illegal action is
        described as what the move would be; text that is no action raises
        :class:`~remi.NotationError` (see :mod:`remi.game.words`).

        >>> import remi
        >>> remi.new_game(remi.NORWEGIAN, players=4, seed=1).describe("draw")
        'Seat 1 draws from the stock.'
        """
        return _words.describe_action(self, action, lang)

    def score_sheet(self, lang: str = "en") -> str:
        """The score sheet in *lang*: rounds by seats, totals, who went out, the winners.

        >>> import remi
        >>> print(remi.new_game(remi.GIN, players=2, seed=1).score_sheet().splitlines()[0])
        Round | Seat 0 | Seat 1 | Went out
        """
        return _words.score_sheet(self, lang)


def new_game(
    ruleset: Ruleset,
    players: int = 4,
    seed: int = 0,
    *,
    dealer: int | None = None,
    pack: str | Iterable[Card | str] | None = None,
) -> GameState:
    """Start a match: shuffle with *seed* and deal the first round.

    The first dealer is seat 0, or drawn by lot from the seed where the
    ruleset says so (Basic Rummy), unless *dealer* says otherwise. Every
    preset is playable: Norwegian Remi, Basic Rummy (Swedish, Finnish, Block
    Rummy), Slovenian 51, Kalooki and Gin Rummy.

    *pack*, the one seam into the seeded randomness, deals the first round
    from a stacked pack instead of the shuffle: the game's whole pack for
    *players* (cards or their text), in the order it is dealt from, its last
    card the top of the stock. The first round's cut and every later deal,
    rebuild and draw still come from *seed*. A pack that is not exactly the
    game's is a :class:`~remi.RulesetError` (code ``bad-pack``).

    >>> import remi
    >>> pack = remi.make_pack(1, 0)  # ♠A … ♣K: ♣K is the top, dealt first, to seat 1
    >>> stacked = remi.new_game(remi.SWEDISH, players=2, dealer=0, pack=pack)
    >>> remi.format_cards(stacked.hands[1][-3:]), stacked.discard_top, stacked.stock[-1]
    ('♣9 ♣J ♣K', Card('♦6'), Card('♦5'))

    >>> import remi
    >>> remi.new_game(remi.NORWEGIAN, players=2)
    Traceback (most recent call last):
    ...
    remi.RulesetError: Norwegian Remi is for 3 to 5 players, not 2.
    """
    if not isinstance(ruleset, Ruleset):
        raise RulesetError(
            "not-a-ruleset", msg("Expected a Ruleset, got {type}.", type=type(ruleset).__name__)
        )
    if isinstance(players, bool) or not isinstance(players, int):
        raise RulesetError("bad-players", msg("players must be a number, not {players!r}.", players=players))
    if not ruleset.min_players <= players <= ruleset.max_players:
        raise RulesetError(
            "bad-players",
            msg(
                "{game} is for {least} to {most} players, not {players}.",
                game=ruleset.name,
                least=ruleset.min_players,
                most=ruleset.max_players,
                players=players,
            ),
        )
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise RulesetError("bad-seed", msg("seed must be an integer, not {seed!r}.", seed=seed))
    if dealer is None:
        first = event_rng(seed, "first-dealer").randrange(players) if ruleset.first_dealer == "lot" else 0
    else:
        first = dealer
    if isinstance(first, bool) or not isinstance(first, int) or not 0 <= first < players:
        raise RulesetError(
            "bad-dealer",
            msg("dealer must be a seat from 0 to {last}, not {dealer!r}.", last=players - 1, dealer=dealer),
        )
    blank = blank_state(GameState, ruleset, players, seed, first)
    return start(blank, None if pack is None else _stacked(pack, ruleset, players))


class PlayerView(_views.ViewCore):
    """What seat :attr:`~remi.PlayerView.seat` may see of a game: its own hand and everything public.

    Build one with :func:`~remi.views.view` (``state.view(seat)``). Two states that differ
    only in cards this seat cannot see give equal views. The fields and what
    they tell are ``ViewCore``'s (``remi.game.views``); this class builds the
    :class:`~remi.GameState` values :meth:`sample_state` returns.

    >>> import remi
    >>> v = remi.new_game(remi.GIN, players=2, seed=3).view(0)
    >>> v.seat, len(v.hand), v.hand_sizes, v.phase
    (0, 10, (10, 10), 'draw')
    """

    __slots__ = ()

    def _new_state(self, fields: dict[str, Any]) -> GameState:
        return GameState(**fields)

    def lay_options(self) -> tuple[Meld, ...]:
        """Return the whole melds this seat may lay now (:meth:`GameState.lay_options`), ``()`` when another seat is to act.

        >>> import remi
        >>> state = remi.new_game(remi.SLOVENIAN, players=3, seed=1)
        >>> state.view(1).lay_options() == state.lay_options(), state.view(0).lay_options()
        (True, ())
        """
        if not self._on_turn():
            return ()
        return _engine.lay_options(self._stand_in())

    def describe(self, action: Action | str, lang: str = "en") -> str:
        """Say in *lang* what *action* does, for the seat to act, as :meth:`GameState.describe` says it.

        >>> import remi
        >>> remi.new_game(remi.NORWEGIAN, players=4, seed=1).view(1).describe("draw")
        'Seat 1 draws from the stock.'
        """
        return _words.describe_action(self._stand_in(), action, lang)


def view(state: GameState, seat: int) -> PlayerView:
    """Return what *seat* may see of *state*: its hand and everything public.

    >>> import remi
    >>> v = view(remi.new_game(remi.NORWEGIAN, players=3, seed=1), 2)
    >>> v.seat, len(v.hand), v.discard
    (2, 10, (Card('♣K'),))
    >>> view(remi.new_game(remi.NORWEGIAN, players=3, seed=1), 3)
    Traceback (most recent call last):
    ...
    remi.StateError: Seat 3 is not a seat of this 3-player game.
    >>> view(1, remi.new_game(remi.GIN, players=2, seed=1))
    Traceback (most recent call last):
    ...
    TypeError: state must be a GameState, not int 1 (the call is view(state, seat)).
    """
    return _views.make_view(PlayerView, state, seat)


def from_position(text: str) -> GameState:
    """Read a position (see :func:`~remi.records.position`); an impossible one raises :class:`~remi.NotationError`.

    >>> import remi
    >>> from_position("game: gin | hand 0: ♠A | hand 1: ♠A")
    Traceback (most recent call last):
    ...
    remi.NotationError: Line 'hand 1: ♠A': ♠A is written more often than the pack holds it.
    """
    return _position.read_position(text, GameState)


def _stacked(pack: str | Iterable[Card | str], ruleset: Ruleset, players: int) -> tuple[Card, ...]:
    """*pack* read as cards, when it is exactly the game's pack for *players* (else ``bad-pack``)."""
    if not isinstance(pack, (str, Iterable)):
        raise TypeError(
            f"pack must be card text or an iterable of cards, not {type(pack).__name__} {pack!r:.60}."
        )
    cards = parse_cards(pack)
    whole = Counter(make_pack(*ruleset.pack_for(players)))
    held = Counter(cards)
    if held != whole:
        wrong: list[object] = []
        if whole - held:
            wrong.append(msg("lacks {cards}", cards=sorted_hand((whole - held).elements())))
        if held - whole:
            wrong.append(msg("has besides {cards}", cards=sorted_hand((held - whole).elements())))
        raise RulesetError(
            "bad-pack",
            msg(
                "pack must be the {size} cards of {game}'s pack for {players} players; the {given} given {wrong}.",
                size=sum(whole.values()),
                game=ruleset.name,
                players=players,
                given=len(cards),
                wrong=and_list(wrong),
            ),
        )
    return cards
