"""remi as an OpenSpiel game: ``python_remi``, every preset, through ``pyspiel``.

Importing this module registers the Python game ``python_remi`` with
OpenSpiel (install with ``pip install 'remi-rules[openspiel]'``); without
OpenSpiel the module still imports, and :func:`load_game` explains what to
install.

Parameters:

``preset`` (default ``"gin"``)
    A preset name or alias (:func:`remi.find_ruleset`), then any Norwegian
    variants after ``+`` (:func:`remi.with_variants`):
    ``"norwegian+all down at once"``.
``players`` (default 0: the preset's fewest)
    Seats at the table.
``max_rounds`` (default 1)
    The game ends after this many deals, or when the match ends first; the
    returns are the points of the deals played. ``0`` plays the whole match
    where the preset bounds it (the contract games), and is refused where a
    match runs to a target score (the length must be finite).
``zero_sum`` (default ``False``)
    Returns made zero-sum: each seat's return minus the mean of the other
    seats' returns (the game type's utility is then ``ZERO_SUM``). remi's
    own returns are general-sum: under Slovenian Gin scoring a knock earns
    the knocker 0, the same as a void deal, so the raw points do not say who
    won; the zero-sum returns do.
``max_turns`` (default 100)
    The ruleset's turn cap per deal (:attr:`remi.Ruleset.max_turns_per_round`):
    a deal that reaches it ends with nobody out, scored as remi scores it.

Chance: the first four moves are chance nodes, each drawing one byte of a
32-bit seed, uniformly (``EXPLICIT_STOCHASTIC``); remi then deals, and every
later shuffle (stock rebuilds, later deals) follows from that seed, so the
game is remi's own game with a random seed. Players never see the seed.

Returns are remi's totals made "higher is better"
(:func:`remi.views.returns`: negated where the lowest total wins); they are
zero until the game ends. Observations come from the player view
(:func:`remi.views.view`): ``observation_string`` is the view's listing,
``observation_tensor`` the vector of ``remi.adapters._features``, and
``information_state_string`` the view plus the action history as the seat
saw it (its own dealt hands and hidden draws; other seats' hidden cards
never). ``information_state_tensor`` is the observation vector followed by
the deal's history as counts: for each seat (the viewer first, then in turn
order) the 53 counts of the cards it discarded this deal, then the 53 counts
of the cards the viewer was given unseen this deal (its dealt hand, stock
draws, penalty cards); ``information_state_size`` gives its length. Where remi builds melds card by card itself, the ``build`` and
``lay`` ids are remi's own actions (history entries like ``0:build ♠5``) and
the cards chosen are public: every seat's observation shows them.
``resample_from_infostate`` deals the unseen cards afresh with
:meth:`remi.views.PlayerView.sample_state`; :func:`resampler` is the same
for ``ISMCTSBot.set_resampler``. ``serialize()`` holds remi's
:meth:`~remi.GameState.to_dict` as JSON; games and states pickle with the
standard :mod:`pickle` (worker processes too).

An action a state cannot play (any action after the end, a chance outcome
outside 0-255, an id not in ``legal_actions()``) raises
:class:`SpielActionError` at once, a ``pyspiel.SpielError`` as OpenSpiel's
own games raise, and the state is left as it was.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

import attrs

from remi import IllegalActionError, RulesetError
from remi.actions import Action, Buy, CallShanghai, DrawStock, Knock
from remi.cards import Card, format_cards, parse_cards, sorted_hand
from remi.catalogue import Catalogue, LaySteps, MeldStep
from remi.game import GameState, new_game
from remi.messages import msg
from remi.scoring import card_value
from remi.views import PlayerView, returns, view

from ._common import Setup as _Setup
from ._common import numpy, play_id, zero_sum
from ._common import setup as _setup
from ._features import observation_size, state_entries

__all__ = [
    "SHORT_NAME",
    "SpielActionError",
    "RemiGame",
    "RemiState",
    "load_game",
    "register",
    "remi_state",
    "resampler",
    "game_limits",
    "information_state_size",
]

#: The short name OpenSpiel knows the game by.
SHORT_NAME = "python_remi"
_SEED_BYTES = 4
#: Card codes in a history block: 52 cards and the joker.
_CARDS = 53
_DEFAULTS: dict[str, Any] = {
    "preset": "gin",
    "players": 0,
    "max_rounds": 1,
    "max_turns": 100,
    "zero_sum": False,
}


def _pyspiel() -> Any:
    try:
        import pyspiel  # type: ignore[import-untyped,import-not-found,unused-ignore]
    except ImportError as exc:
        raise ImportError(
            "remi.adapters.openspiel needs OpenSpiel: pip install 'remi-rules[openspiel]'"
        ) from exc
    return pyspiel


def _setup_of(params: dict[str, Any]) -> _Setup:
    values = {**_DEFAULTS, **params}
    unknown = sorted(set(values) - set(_DEFAULTS))
    if unknown:
        raise RulesetError(
            "bad-option", msg("Unknown python_remi parameters: {names}.", names=", ".join(unknown))
        )
    return _setup(
        str(values["preset"]), int(values["players"]), int(values["max_rounds"]), int(values["max_turns"])
    )


def game_limits(setup_params: dict[str, Any] | None = None) -> tuple[int, float]:
    """Return ``(max_game_length, utility bound)`` for the parameters: every game stays within them.

    A turn is at most: the cut, the draw, the discard, a pass, and a buy
    window and a Shanghai window of one answer per other seat. The table steps
    are counted per deal, not per turn, because cards reach the table once: a
    natural card is laid once and never leaves; a joker leaves only when a
    swap leaves a natural card in its place, so joker placements are at most
    the jokers plus the naturals; each placement step finishes a lay-down of at
    least one card, and each swap takes one step. So a deal holds at most five
    table steps per card of the pack (two where there is no table play: a
    knock's melds and the lay-offs onto them), plus the deal's two steps.

    >>> game_limits({"preset": "gin", "max_turns": 10})
    (166, 2185.0)
    """
    params = dict(setup_params or {})
    params.pop("zero_sum", None)
    setup = _setup_of(params)
    rules = setup.ruleset
    pack = rules.pack_size(setup.players)
    per_card = 2 if setup.catalogue.block("lay") is None else 5
    per_turn = 4 + 2 * (setup.players - 1)
    turns = rules.max_turns_per_round or 1
    length = setup.max_rounds * (turns * per_turn + per_card * pack + 2)
    # No joker is a card of a game without jokers (card_value refuses it: docs/rules/gin.rst, gin-no-jokers).
    most_card = max(card_value(Card.from_code(code), rules) for code in range(53 if rules.has_jokers else 52))
    per_round = (
        2 * max(1, rules.gin_multiplier) * most_card * pack
        + rules.gin_bonus
        + rules.undercut_bonus
        + rules.undercut_penalty
        + rules.loser_surcharge * setup.players
        + abs(rules.cut_bonus)
    )
    return length, float(setup.max_rounds * per_round)


class _Box:
    """The remi state and the history log; immutable, so a copy is the box itself.

    It pickles as remi's JSON state dict (OpenSpiel's ``serialize`` pickles
    the Python attributes of a state).
    """

    __slots__ = ("log", "over", "state", "steps")

    def __init__(self, state: GameState, log: tuple[tuple[int, str, tuple[tuple[int, str], ...]], ...]):
        self.state = state
        self.log = log
        #: The state's listed actions by id (``None`` until :meth:`ids` lists them).
        self.steps: LaySteps | None = None
        #: Whether the game has ended (computed once: the state never changes).
        self.over: bool | None = None

    def ids(self, cat: Catalogue, partial: tuple[int, ...] = ()) -> list[int]:
        if self.steps is None:
            self.steps = LaySteps(cat, self.state.legal_actions(), self.state.building)
        return self.steps.ids(partial)

    def own(self, ident: int) -> Action | None:
        """The state's own action numbered *ident*, once its ids were listed (else ``None``)."""
        return None if self.steps is None else self.steps.action(ident)

    def __deepcopy__(self, memo: object) -> _Box:
        return self

    def __reduce__(self) -> tuple[Any, tuple[str]]:
        data = {"state": self.state.to_dict(), "log": self.log}
        return (_box_from_json, (json.dumps(data, ensure_ascii=False),))


def _box_from_json(text: str) -> _Box:
    data = json.loads(text)
    log = tuple(
        (int(seat), str(action), tuple((int(s), str(c)) for s, c in private))
        for seat, action, private in data["log"]
    )
    return _Box(GameState.from_dict(data["state"]), log)


def _private_gains(before: GameState, after: GameState) -> tuple[tuple[int, str], ...]:
    """Cards each seat got, unseen by the others: a stock draw, a buy's penalty card, a blind card."""
    out: list[tuple[int, str]] = []
    for seat in range(after.players):
        hand = after.hands[seat]
        old = before.hands[seat]
        if len(hand) <= len(old) and hand == old:
            continue
        counts = Counter(hand)
        counts.subtract(old)
        gained = sorted_hand((+counts).elements())
        if gained:
            out.append((seat, format_cards(gained)))
    return tuple(out)


def _history(box: _Box, seat: int) -> str:
    parts = []
    for actor, text, private in box.log:
        mine = [cards for s, cards in private if s == seat]
        entry = text if actor < 0 else f"{actor}:{text}"
        if mine:
            entry += " [" + " ".join(mine) + "]"
        parts.append(entry)
    return " | ".join(parts)


def information_state_size(ruleset: Any, players: int) -> int:
    """The length of ``information_state_tensor``: the observation, then the deal's history counts.

    >>> import remi
    >>> from remi.adapters import observation_size
    >>> information_state_size(remi.GIN, 2) - observation_size(remi.GIN, 2)
    159
    """
    return observation_size(ruleset, players) + (players + 1) * _CARDS


def _history_entries(box: _Box, seat: int, private: bool, start: int) -> dict[int, float]:
    """The nonzero history counts of *seat*'s information state tensor, by index from *start*.

    This deal's discards per seat (relative to *seat*), then, with *private*,
    the cards *seat* was given unseen this deal.
    """
    players = box.state.players
    acc: dict[int, float] = {}
    mine = start + players * _CARDS
    for actor, text, gains in _this_deal(box.log):
        if actor >= 0 and text.startswith("discard "):
            index = start + ((actor - seat) % players) * _CARDS + parse_cards(text[8:])[0].code
            acc[index] = acc.get(index, 0.0) + 1
        if private:
            for who, cards in gains:
                if who == seat:
                    for card in parse_cards(cards):
                        acc[mine + card.code] = acc.get(mine + card.code, 0.0) + 1
    return acc


def _this_deal(log: tuple[tuple[int, str, tuple[tuple[int, str], ...]], ...]) -> Any:
    """The log's entries from the last deal on."""
    last = max((i for i, (actor, text, _) in enumerate(log) if actor < 0 and text == "deal"), default=0)
    return log[last:]


def _building(partial: tuple[int, ...]) -> str:
    return format_cards([Card.from_code(code) for code in partial])


def _view_for(box: _Box, player: int, private: bool) -> PlayerView:
    v = view(box.state, player)
    return v if private else attrs.evolve(v, hand=())


def remi_state(state: Any) -> GameState | None:
    """Return the remi :class:`~remi.GameState` inside an OpenSpiel state (``None`` before the deal)."""
    box = getattr(state, "_box", None)
    return box.state if isinstance(box, _Box) else None


def resampler(seed: int = 0) -> Any:
    """Return a resampler for ``ISMCTSBot.set_resampler``: ``(state, player) -> state``, seeded.

    Each call deals the cards *player* cannot see afresh
    (``state.resample_from_infostate``), drawing from its own
    ``random.Random(seed)``, so a search is reproducible.
    """
    rng = random.Random(seed)

    def resample(state: Any, player: int) -> Any:
        return state.resample_from_infostate(player, rng.random)

    return resample


def _pyspiel_or_none() -> Any:
    try:
        return _pyspiel()
    except ImportError:
        return None


_spiel: Any = _pyspiel_or_none()
# The OpenSpiel bases. Without OpenSpiel they are plain Python classes: the module still imports,
# the classes below still exist (and load_game says what to install).
_GameBase: Any = object if _spiel is None else _spiel.Game
_StateBase: Any = object if _spiel is None else _spiel.State
_SpielErrorBase: Any = RuntimeError if _spiel is None else _spiel.SpielError
_CHANCE: int = -1 if _spiel is None else int(_spiel.PlayerId.CHANCE)
_TERMINAL: int = -4 if _spiel is None else int(_spiel.PlayerId.TERMINAL)
_OUTCOMES: list[tuple[int, float]] = [(byte, 1.0 / 256) for byte in range(256)]


class SpielActionError(IllegalActionError, _SpielErrorBase):  # type: ignore[misc]
    """An action a ``python_remi`` state refuses.

    OpenSpiel's own games refuse an illegal action with ``pyspiel.SpielError``
    (a ``RuntimeError``); this error is one, and it is also remi's
    :class:`~remi.IllegalActionError` (a ``ValueError``) with a stable code:
    ``game-over`` after the end, ``not-an-action`` for a chance outcome that
    is not a seed byte or an id outside the catalogue, and the engine's own
    code (``wrong-phase``, ``not-in-hand``…) for an id not legal now.
    """


def _game_type(zero: bool = False) -> Any:
    pyspiel = _pyspiel()
    utility = pyspiel.GameType.Utility

    return pyspiel.GameType(
        short_name=SHORT_NAME,
        long_name="remi: rummy games (Python)",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=utility.ZERO_SUM if zero else utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=6,
        min_num_players=2,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=dict(_DEFAULTS),
    )


class RemiObserver:
    """OpenSpiel's Python observer: the view's vector and listing, or the information state."""

    def __init__(self, setup: _Setup, iig_obs_type: Any) -> None:
        pyspiel = _pyspiel()
        self._setup = setup
        self._recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        self._private = iig_obs_type is None or (
            iig_obs_type.private_info == pyspiel.PrivateInfoType.SINGLE_PLAYER
        )
        self._max_table = setup.catalogue.max_table
        np = self._np = numpy()
        self._base = observation_size(setup.ruleset, setup.players)
        size = information_state_size(setup.ruleset, setup.players) if self._recall else self._base
        self.tensor: Any = np.zeros(size, np.float32)
        self.dict: dict[str, Any] = {"info_state" if self._recall else "observation": self.tensor}

    def set_from(self, state: Any, player: int) -> None:
        self.tensor.fill(0)
        box = state._box
        if box is not None and player >= 0:
            if not 0 <= player < box.state.players:
                view(box.state, player)  # raises remi's error for a bad seat
            entries = state_entries(
                box.state,
                player,
                self._private,
                self._max_table,
                _partial_for(state, player, self._private),
            )
            if self._recall:
                entries.update(_history_entries(box, player, self._private, self._base))
            count = len(entries)
            np = self._np
            self.tensor[np.fromiter(entries, np.intp, count)] = np.fromiter(
                entries.values(), np.float32, count
            )

    def string_from(self, state: Any, player: int) -> str:
        box = state._box
        if box is None:
            return f"seat {player}: before the deal"
        text = str(_view_for(box, player, self._private))
        partial = _partial_for(state, player, self._private)
        if partial and "\nbuilding" not in text:
            text += "\nbuilding: " + _building(partial)
        if self._recall:
            text += "\nhistory: " + _history(box, player if self._private else -2)
        return text


class RemiGame(_GameBase):  # type: ignore[misc]
    """``python_remi``: one remi preset as an OpenSpiel game.

    A module-level class, so games pickle with the standard :mod:`pickle`
    (OpenSpiel pickles a game as its name and parameters).
    """

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        pyspiel = _pyspiel()
        params = dict(params or {})
        zero = bool(params.pop("zero_sum", False))
        setup = _setup_of(params)
        length, bound = game_limits(params)
        info = pyspiel.GameInfo(
            num_distinct_actions=setup.catalogue.size,
            max_chance_outcomes=256,
            num_players=setup.players,
            min_utility=-bound,
            max_utility=bound,
            utility_sum=0.0 if zero else None,
            max_game_length=length,
        )
        super().__init__(_game_type(zero), info, {**params, "zero_sum": zero})
        self.setup = setup
        self.zero_sum = zero
        self._key = setup.key

    def new_initial_state(self) -> Any:
        return RemiState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Any:
        if params:
            raise ValueError(f"python_remi observers take no parameters, not {params!r}.")
        return RemiObserver(self.setup, iig_obs_type)


class RemiState(_StateBase):  # type: ignore[misc]
    """An OpenSpiel state holding a remi :class:`~remi.GameState` (after the four seed draws).

    A module-level class, so states pickle with the standard :mod:`pickle`
    (OpenSpiel pickles the game and the state's Python attributes; the remi
    state inside goes as its JSON dict).
    """

    def __init__(self, game: Any) -> None:
        super().__init__(game)
        self._key: tuple[str, int, int, int] = game._key
        self._zero: bool = game.zero_sum
        self._seed: tuple[int, ...] = ()
        self._box: _Box | None = None
        #: The meld being built, card codes ascending (lay-down sub-steps).
        self._partial: tuple[int, ...] = ()

    @property
    def _setup(self) -> _Setup:
        return _setup(*self._key)

    def current_player(self) -> int:
        box = self._box
        if box is None:
            return _CHANCE
        if self.is_terminal():
            return _TERMINAL
        return box.state.to_act

    def _legal_actions(self, player: int) -> list[int]:
        box = self._box
        if box is None or player != self.current_player():
            return []
        return list(box.ids(self._setup.catalogue, self._partial))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return list(_OUTCOMES)

    def _apply_action(self, action: int) -> None:
        box = self._box
        ident = int(action)
        if box is None:
            self._draw_seed_byte(ident)
            return
        if self.is_terminal():
            raise SpielActionError(
                "game-over", msg("The game is over: action {ident} cannot be played.", ident=ident)
            )
        act = self._action_of(box, ident)
        if act is not None:
            self._box = _next_box(box, act, ident)

    def _draw_seed_byte(self, ident: int) -> None:
        """A chance node: one byte of the seed; remi deals once the four are drawn."""
        if not 0 <= ident < 256:
            raise SpielActionError(
                "not-an-action", msg("Chance outcome {ident} is not a seed byte (0 to 255).", ident=ident)
            )
        self._seed = (*self._seed, ident)
        if len(self._seed) == _SEED_BYTES:
            setup = self._setup
            seed = int.from_bytes(bytes(self._seed), "big")
            state = new_game(setup.ruleset, players=setup.players, seed=seed)
            self._box = _Box(state, ((-1, "deal", _private_gains_deal(state)),))

    def _action_of(self, box: _Box, ident: int) -> Action | None:
        """The remi action id *ident* plays now (``None``: a lay-down sub-step, the meld still under way).

        A lay-down sub-step moves the meld under way; an id that cannot be
        played raises :class:`SpielActionError` (the engine's own refusal is
        raised when the action is applied).
        """
        setup = self._setup
        cat = setup.catalogue
        if not 0 <= ident < cat.size:
            raise SpielActionError(
                "not-an-action",
                msg(
                    "{ident} is not an action id of {game} (0 to {last}).",
                    ident=ident,
                    game=setup.ruleset.name,
                    last=cat.size - 1,
                ),
            )
        lay = setup.lay
        if lay is not None and ident in lay:
            if ident not in box.ids(cat, self._partial):
                raise SpielActionError(
                    "not-an-action", msg("'{action}' is not allowed now.", action=cat.decode(ident))
                )
            # remi's own build and lay steps (where the engine builds melds card by card) apply as they are.
            self._partial, act = play_id(cat, box.steps, self._partial, ident)
            return act
        if self._partial:
            raise SpielActionError(
                "not-an-action", msg("'{action}' while a meld is being built.", action=cat.decode(ident))
            )
        decoded = cat.decode(ident)
        if isinstance(decoded, MeldStep):  # pragma: no cover - lay ids are handled above
            raise SpielActionError("not-an-action", msg("'{action}' is a lay-down step.", action=decoded))
        # The state's own object when its ids were listed: the engine need not check it again.
        return box.own(ident) or decoded

    def _action_to_string(self, player: int, action: int) -> str:
        if player == _CHANCE:
            return f"seed byte {action}"
        return str(self._setup.catalogue.decode(int(action)))

    def is_terminal(self) -> bool:
        box = self._box
        if box is None:
            return False
        over = box.over
        if over is None:
            state = box.state
            over = box.over = self._setup.over(state)
        return over

    def returns(self) -> list[float]:
        box = self._box
        if box is None or not self.is_terminal():
            return [0.0] * self._setup.players
        values = returns(box.state)
        return list(zero_sum(values) if self._zero else values)

    def resample_from_infostate(self, player_id: int, probability_sampler: Any = None) -> Any:
        """A state this seat cannot tell from this one: unseen cards dealt afresh, a fresh seed."""
        box = self._box
        clone = self.clone()
        if box is None or box.state.is_over:
            return clone
        if probability_sampler is None:
            raise ValueError(
                "resample_from_infostate needs a probability sampler (a callable giving floats in [0, 1))."
            )
        rng = random.Random(int(float(probability_sampler()) * 2**53))
        sampled = _view_for(box, player_id, True).sample_state(rng)
        log = tuple(
            (actor, text, tuple((s, c) for s, c in private if s == player_id))
            for actor, text, private in box.log
        )
        clone._box = _Box(sampled, log)
        if player_id != box.state.to_act:
            # The meld a builder has begun in the catalogue's steps is private: not dealt to the world.
            clone._partial = ()
        return clone

    def __str__(self) -> str:
        box = self._box
        if box is None:
            return f"python_remi {self._setup.preset}: seed bytes drawn {len(self._seed)}/{_SEED_BYTES}"
        state = box.state
        hands = "\n".join(f"hand {seat}: {format_cards(hand)}" for seat, hand in enumerate(state.hands))
        text = f"{state}\n{hands}\nstock: {format_cards(state.stock)}"
        partial = self._partial or tuple(card.code for card in state.building)
        if partial:
            text += f"\nbuilding: {_building(partial)}"
        return text


def _next_box(box: _Box, act: Action, ident: int) -> _Box:
    """The box after *act* (played by id *ident*): the next state, the history with what each seat saw."""
    before = box.state
    try:
        after = before.apply(act)
    except IllegalActionError as exc:
        raise SpielActionError(
            exc.code, msg("Action {ident} '{action}': {reason}", ident=ident, action=act, reason=exc.reason)
        ) from None
    new_deal = after.round != before.round
    private: tuple[tuple[int, str], ...] = ()
    if not new_deal and isinstance(act, (DrawStock, Buy, CallShanghai)):
        private = _private_gains(before, after)
    text = str(act)
    if isinstance(act, Knock):
        # The knock card goes face down: the others see a knock, the knocker its card.
        text = "knock"
        private = ((before.to_act, str(act.card)),)
    log = (*box.log, (before.to_act, text, private))
    if new_deal:
        log = (*log, (-1, "deal", _private_gains_deal(after)))
    return _Box(after, log)


def _partial_for(state: Any, player: int, private: bool) -> tuple[int, ...]:
    """The meld under way, as the seat *player* sees it.

    The catalogue's partial meld is seen only by the builder, and only with
    private info; remi's own card-by-card build (``GameState.building``) is
    public: every seat sees its cards.
    """
    box = state._box
    if box is None:
        return ()
    partial: tuple[int, ...] = state._partial
    if not partial:
        return tuple(card.code for card in box.state.building)
    if not private or player != box.state.to_act:
        return ()
    return partial


def _private_gains_deal(state: GameState) -> tuple[tuple[int, str], ...]:
    return tuple((seat, format_cards(hand)) for seat, hand in enumerate(state.hands) if hand)


_registered: list[Any] = []


def register() -> Any:
    """Register ``python_remi`` with OpenSpiel (done on import when OpenSpiel is installed); return the game class."""
    if not _registered:
        _pyspiel().register_game(_game_type(), RemiGame)
        _registered.extend((RemiGame, RemiState))
    return _registered[0]


def load_game(
    preset: str = "gin",
    players: int | None = None,
    *,
    max_rounds: int = 1,
    max_turns: int = 100,
    zero_sum: bool = False,
) -> Any:
    """Return the OpenSpiel game ``python_remi`` for *preset*: ``pyspiel.load_game`` with these parameters.

    *players* ``None`` takes the preset's fewest.
    """
    register()
    params = {
        "preset": preset,
        "players": 0 if players is None else players,
        "max_rounds": max_rounds,
        "max_turns": max_turns,
        "zero_sum": zero_sum,
    }
    return _pyspiel().load_game(SHORT_NAME, params)


if _spiel is not None:  # without OpenSpiel the module stays importable; load_game says what to install
    register()
