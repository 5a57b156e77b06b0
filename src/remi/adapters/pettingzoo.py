"""remi as a PettingZoo AEC environment, for every preset and table size.

Install with ``pip install 'remi-rules[pettingzoo]'``; without PettingZoo the
module still imports and :func:`env` explains what to install.

See ``examples/pettingzoo_random.py`` and :doc:`/frameworks`.

Agents are ``"player_0"`` … in seat order. The agent to act is remi's seat
to act (buy and Shanghai windows ask seats out of turn order). Actions are
``Discrete`` over the ruleset's catalogue (:mod:`remi.catalogue`); a
lay-down is played in sub-steps (its cards, then its placement), the same
agent acting again until the meld is laid (where remi builds melds card by
card itself, each sub-step is remi's own ``build`` or ``lay`` action, and
``env.partial`` stays empty);
observations are dicts with ``"observation"``, the float32 vector of the
agent's player view (:mod:`remi.adapters._features`), and ``"action_mask"``,
an int8 mask over the catalogue (all zeros for an agent not to act). An
agent's reward is the change of its return (:func:`remi.views.returns`:
points, higher is better) when a deal is scored, so an episode's rewards add
up to its returns. The episode ends (every agent terminated) when the match
ends or after ``max_rounds`` deals; ``max_turns`` caps the turns of a deal.
An illegal action raises :class:`remi.IllegalActionError`, an action that
is not a whole number (a bool, a float, text) a ``TypeError``, an unknown
agent name :class:`AgentError` (a ``KeyError``), and a call before
``reset()`` a ``RuntimeError``. Environments pickle, mid-episode too. ``render()`` with
``render_mode="ansi"`` returns the acting seat's view as text, with
``"human"`` prints it (and returns ``None``). An episode whose last deal was
cut by the turn cap ends truncated (``truncations`` true, ``terminations``
false); one that ends by the rules ends terminated. As in Gymnasium, the
first ``reset()`` without a seed seeds from entropy (later unseeded resets
go on from there); ``reset(seed=s)`` is reproducible. ``zero_sum=True``
makes each reward zero-sum: each seat's return minus the mean of the others'.
"""

from __future__ import annotations

import operator
import random
import secrets
from typing import Any, ClassVar

from remi import IllegalActionError, RemiError
from remi.actions import Action
from remi.catalogue import LaySteps, MeldStep
from remi.game import GameState, new_game
from remi.messages import msg
from remi.views import returns, view

from ._common import Setup, numpy, play_id, setup, zero_sum
from ._features import observation_size, state_entries

__all__ = ["env", "raw_env", "AGENT_PREFIX", "AgentError"]

#: Agent names are this prefix and the seat number.
AGENT_PREFIX = "player_"


class AgentError(RemiError, KeyError):
    """A name that is not one of the environment's agents (a ``KeyError``, as a dict of agents gives)."""

    def __str__(self) -> str:
        return self.reason


def _action_id(action: object, agent: str) -> int:
    """The action id *action* stands for: a whole number (Python's or numpy's), never a bool, float or text."""
    if isinstance(action, bool) or type(action).__name__ == "bool_":
        raise TypeError(
            f"action must be a whole-number action id, not the bool {action!r} ({agent} is to act)."
        )
    try:
        return operator.index(action)  # type: ignore[arg-type]
    except TypeError:
        raise TypeError(
            f"action must be a whole-number action id, not {type(action).__name__} {action!r} ({agent} is to act)."
        ) from None


def _frameworks() -> tuple[Any, Any, Any, Any]:
    """Return pettingzoo, gymnasium.spaces, gymnasium and pettingzoo.utils.wrappers."""
    try:
        import gymnasium  # type: ignore[import-untyped,import-not-found,unused-ignore]
        import pettingzoo  # type: ignore[import-untyped,import-not-found,unused-ignore]
        from gymnasium import spaces  # type: ignore[import-untyped,import-not-found,unused-ignore]
        from pettingzoo.utils import wrappers  # type: ignore[import-untyped,import-not-found,unused-ignore]
    except ImportError as exc:
        raise ImportError(
            "remi.adapters.pettingzoo needs PettingZoo: pip install 'remi-rules[pettingzoo]'"
        ) from exc
    return pettingzoo, spaces, gymnasium, wrappers


# ``RemiEnv`` is ``_RemiEnvBody`` over PettingZoo's ``AECEnv``, made on first use (so importing this
# module imports no framework). For the type checker the body derives from ``Any``: its methods call
# ``AECEnv``'s own (``_accumulate_rewards``, ``_was_dead_step``), which ``RemiEnv`` adds.
_AECBase: Any = object


class _RemiEnvBody(_AECBase):  # type: ignore[misc]
    """One remi game as a PettingZoo AEC environment (build with :func:`env`).

    It pickles with the standard :mod:`pickle` (the class is found as
    ``remi.adapters.pettingzoo.RemiEnv``), mid-episode too.
    """

    #: numpy, set on ``RemiEnv`` when it is made.
    _np: ClassVar[Any] = None
    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": ["human", "ansi"],
        "name": "remi_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        preset: str = "gin",
        players: int | None = None,
        *,
        max_rounds: int = 1,
        max_turns: int = 100,
        render_mode: str | None = None,
        zero_sum: bool = False,
    ) -> None:
        super().__init__()
        self.zero_sum = bool(zero_sum)
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(
                f"render_mode must be one of {self.metadata['render_modes']}, not {render_mode!r}."
            )
        self.setup: Setup = setup(preset, 0 if players is None else players, max_rounds, max_turns)
        self.render_mode = render_mode
        count = self.setup.players
        self.possible_agents = [f"{AGENT_PREFIX}{seat}" for seat in range(count)]
        self.agents = self.possible_agents[:]
        self._seat = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        self._size = self.setup.catalogue.size
        self._max_table = self.setup.catalogue.max_table
        self._width = observation_size(self.setup.ruleset, count)
        self._make_spaces()
        self._rng: random.Random | None = None
        self.state: GameState | None = None
        self._steps: LaySteps | None = None
        self._ids: tuple[GameState | None, tuple[int, ...], list[int]] | None = None
        #: The meld the agent to act is building (card codes ascending).
        self.partial: tuple[int, ...] = ()

    def _make_spaces(self) -> None:
        """Every agent's observation space (the vector and the mask) and action space (the catalogue)."""
        spaces = _frameworks()[1]
        np = self._np
        observation_space = spaces.Dict(
            {
                "observation": spaces.Box(low=-np.inf, high=np.inf, shape=(self._width,), dtype=np.float32),
                "action_mask": spaces.Box(low=0, high=1, shape=(self._size,), dtype=np.int8),
            }
        )
        action_space = spaces.Discrete(self._size)
        self.observation_spaces = dict.fromkeys(self.possible_agents, observation_space)
        self.action_spaces = dict.fromkeys(self.possible_agents, action_space)

    def __getstate__(self) -> dict[str, Any]:
        data = dict(self.__dict__)
        # Caches are rebuilt on demand; the setup is rebuilt from its parameters (and shared).
        data["_steps"] = None
        data["_ids"] = None
        data["setup"] = self.setup.key
        return data

    def __setstate__(self, data: dict[str, Any]) -> None:
        data = dict(data)
        data["setup"] = setup(*data["setup"])
        self.__dict__.update(data)

    def _seat_of(self, agent: object) -> int:
        if not isinstance(agent, str):
            raise TypeError(f"agent must be an agent name like 'player_0', not {type(agent).__name__}.")
        seat = self._seat.get(agent)
        if seat is None:
            raise AgentError(
                "bad-player",
                msg(
                    "{agent!r} is not an agent of this game; the agents are {agents}.",
                    agent=agent,
                    agents=", ".join(self.possible_agents),
                ),
            )
        return seat

    def observation_space(self, agent: str) -> Any:
        return self.observation_spaces[self.possible_agents[self._seat_of(agent)]]

    def action_space(self, agent: str) -> Any:
        return self.action_spaces[self.possible_agents[self._seat_of(agent)]]

    # -- the game -----------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._rng = random.Random(seed)
        elif self._rng is None:
            # Gymnasium's convention: an unseeded first reset seeds from entropy.
            self._rng = random.Random(secrets.randbits(128))
        self.state = new_game(self.setup.ruleset, players=self.setup.players, seed=self._rng.getrandbits(63))
        self._steps = None
        self._ids = None
        self.partial = ()
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = self.possible_agents[self.state.to_act]

    def _legal_ids(self) -> list[int]:
        """The allowed ids now (a shared list: read it, never change it)."""
        known = self._ids
        if known is not None and known[0] is self.state and known[1] == self.partial:
            return known[2]
        if self._steps is None:
            state = self._state()
            self._steps = LaySteps(self.setup.catalogue, state.legal_actions(), state.building)
        ids = self._steps.ids(self.partial)
        self._ids = (self.state, self.partial, ids)
        return ids

    def _state(self) -> GameState:
        if self.state is None:
            raise RuntimeError("Call reset() before using the environment.")
        return self.state

    def observe(self, agent: str) -> dict[str, Any]:
        state = self._state()
        seat = self._seat_of(agent)
        acting = not self.setup.over(state) and seat == state.to_act
        entries = state_entries(state, seat, True, self._max_table, self.partial if acting else ())
        np = self._np
        vector = np.zeros(self._width, np.float32)
        for at, value in entries.items():
            vector[at] = value
        mask = np.zeros(self._size, np.int8)
        if acting:
            for ident in self._legal_ids():
                mask[ident] = 1
        return {"observation": vector, "action_mask": mask}

    def step(self, action: int | None) -> None:
        state = self._state()
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} is to act: None is not an action.")
        ident = _action_id(action, agent)
        if ident not in self._legal_ids():
            self._refuse(state, ident)
        self.partial, act = play_id(self.setup.catalogue, self._steps, self.partial, ident)
        if act is None:
            # A catalogue lay-down sub-step: the same agent acts again, nothing is scored.
            self._cumulative_rewards[agent] = 0.0
            self.rewards = dict.fromkeys(self.agents, 0.0)
            self._accumulate_rewards()
            return
        self._play(state, act, agent)

    def _refuse(self, state: GameState, ident: int) -> None:
        """Raise the error of id *ident*, not allowed now (remi's own error where remi refuses it)."""
        if not 0 <= ident < self._size:
            raise IllegalActionError(
                "not-an-action",
                msg(
                    "{ident} is not an action id of this game (0 to {last}).",
                    ident=ident,
                    last=self._size - 1,
                ),
            )
        act = self.setup.catalogue.decode(ident)
        if isinstance(act, MeldStep) or self.partial:
            raise IllegalActionError("not-an-action", msg("'{action}' is not allowed now.", action=act))
        state.apply(act)  # raises remi's own IllegalActionError

    def _play(self, state: GameState, act: Action, agent: str) -> None:
        """Apply *act* for *agent*: the next state, the rewards of a scored deal, the next agent."""
        after = state.apply(act)
        self.state = after
        self._steps = None
        self._ids = None
        self._cumulative_rewards[agent] = 0.0
        if after.results != state.results:
            old = self._returns(state)
            new = self._returns(after)
            for seat, name in enumerate(self.possible_agents):
                self.rewards[name] = new[seat] - old[seat]
        elif any(self.rewards.values()) or len(self.rewards) != len(self.agents):
            self.rewards = dict.fromkeys(self.agents, 0.0)
        if self.setup.over(after):
            if _capped(state, after):
                self.truncations = dict.fromkeys(self.agents, True)
            else:
                self.terminations = dict.fromkeys(self.agents, True)
            self.agent_selection = agent
        else:
            self.agent_selection = self.possible_agents[after.to_act]
        if any(self.rewards.values()):
            self._accumulate_rewards()

    def _returns(self, state: GameState) -> tuple[float, ...]:
        values = returns(state)
        return zero_sum(values) if self.zero_sum else values

    def render(self) -> str | None:
        if self.render_mode is None:
            gymnasium = _frameworks()[2]
            gymnasium.logger.warn("You are calling render method without specifying any render mode.")
            return None
        state = self._state()
        seat = self._seat.get(self.agent_selection, state.to_act)
        text = str(view(state, seat))
        if self.render_mode == "human":
            print(text)  # the adapters may do I/O: "human" mode prints the text
            return None
        return text

    def close(self) -> None:
        pass


def _capped(before: GameState, after: GameState) -> bool:
    """Whether the move from *before* to *after* ended a deal by the turn cap (nobody out, the cap reached)."""
    cap = before.ruleset.max_turns_per_round
    if cap is None or len(after.results) == len(before.results):
        return False
    return after.results[-1].went_out is None and before.turn >= cap


_classes: list[Any] = []


def _raw_env_class() -> Any:
    """``RemiEnv``: the body above over PettingZoo's ``AECEnv``, made once, when first used."""
    if not _classes:
        pettingzoo = _frameworks()[0]
        namespace = {
            "__module__": __name__,
            "__qualname__": "RemiEnv",
            "__doc__": _RemiEnvBody.__doc__,
            "_np": numpy(),
        }
        _classes.append(type("RemiEnv", (_RemiEnvBody, pettingzoo.AECEnv), namespace))
    return _classes[0]


def __getattr__(name: str) -> Any:
    # ``RemiEnv`` is built on first use (PettingZoo is imported only then), and found here by pickle.
    if name == "RemiEnv":
        return _raw_env_class()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def raw_env(
    preset: str = "gin",
    players: int | None = None,
    *,
    max_rounds: int = 1,
    max_turns: int = 100,
    render_mode: str | None = None,
    zero_sum: bool = False,
) -> Any:
    """Return the environment without PettingZoo's checking wrappers."""
    return _raw_env_class()(
        preset,
        players,
        max_rounds=max_rounds,
        max_turns=max_turns,
        render_mode=render_mode,
        zero_sum=zero_sum,
    )


def env(
    preset: str = "gin",
    players: int | None = None,
    *,
    max_rounds: int = 1,
    max_turns: int = 100,
    render_mode: str | None = None,
    zero_sum: bool = False,
) -> Any:
    """Return the AEC environment of *preset* for *players* (``None``: the preset's fewest).

    *preset* is a preset name, then any Norwegian variants after ``+``
    (:func:`remi.with_variants`): ``"norwegian+all down at once"``.

    Wrapped as PettingZoo's classic games are: out-of-bounds actions are
    refused and the call order is enforced.
    """
    wrappers = _frameworks()[3]
    inner = raw_env(
        preset,
        players,
        max_rounds=max_rounds,
        max_turns=max_turns,
        render_mode=render_mode,
        zero_sum=zero_sum,
    )
    return wrappers.OrderEnforcingWrapper(wrappers.AssertOutOfBoundsWrapper(inner))
