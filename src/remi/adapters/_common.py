"""What both adapters share: one parameterisation of a game (preset, table, turn cap, deal limit).

A :class:`Setup` is built once per set of parameters (:func:`setup`, kept on
remi's cache facility) and shared by every game, state and environment made
with them; :func:`play_id` is the one step from a catalogue id to the remi
action both adapters apply.
"""

from __future__ import annotations

from typing import Any

import attrs

from remi import RulesetError

# The one private import of the adapters: remi's cache facility has no public home yet
# (``remi.clear_caches`` and ``remi.cache_info`` are its public face).
from remi._cache import memoize
from remi.actions import Action
from remi.catalogue import Catalogue, LaySteps, catalogue
from remi.game import GameState
from remi.messages import msg
from remi.rulesets import Ruleset, find_ruleset, with_variants

__all__ = ["Setup", "setup", "numpy", "play_id", "memoize", "zero_sum"]


@attrs.frozen
class Setup:
    """One parameterisation: the ruleset with its turn cap, the table, the deal limit."""

    preset: str
    ruleset: Ruleset
    players: int
    max_rounds: int
    #: The ruleset's turn cap per deal (its ``max_turns_per_round``).
    max_turns: int
    catalogue: Catalogue = attrs.field(eq=False)
    #: The catalogue's lay-down sub-step ids (``None`` without table play).
    lay: range | None = attrs.field(eq=False, default=None)

    @property
    def key(self) -> tuple[str, int, int, int]:
        """The parameters of :func:`setup` that give this setup back: ``setup(*key)``."""
        return (self.preset, self.players, self.max_rounds, self.max_turns)

    def over(self, state: GameState) -> bool:
        """Whether the adapters' game ends at *state*: the match is over, or ``max_rounds`` deals are played."""
        return state.is_over or len(state.results) >= self.max_rounds

    def __deepcopy__(self, memo: object) -> Setup:
        return self


@memoize("adapters.setup", maxsize=64)
def setup(preset: str, players: int, max_rounds: int, max_turns: int) -> Setup:
    """The parameterisation of *preset*: a preset name, then any Norwegian variants after ``+``.

    ``"norwegian+all down at once"`` is :func:`remi.with_variants` of the preset.
    """
    name, *variants = (part.strip() for part in str(preset).split("+"))
    base = find_ruleset(name)
    if variants:
        base = with_variants(base, *variants)
    if players == 0:
        players = base.min_players
    if not base.min_players <= players <= base.max_players:
        raise RulesetError(
            "bad-players",
            msg(
                "{game} is for {least} to {most} players, not {players}.",
                game=base.name,
                least=base.min_players,
                most=base.max_players,
                players=players,
            ),
        )
    if max_turns < 1:
        raise RulesetError("bad-option", msg("max_turns must be at least 1, not {value}.", value=max_turns))
    deals = _deal_limit(base, max_rounds)
    ruleset = attrs.evolve(base, max_turns_per_round=max_turns)
    cat = catalogue(ruleset)
    return Setup(preset, ruleset, players, deals, max_turns, cat, cat.block("lay"))


def _deal_limit(base: Ruleset, max_rounds: int) -> int:
    """The deals a game of *base* plays: *max_rounds*, ``0`` for the whole match, at most the preset's."""
    if max_rounds < 0:
        raise RulesetError("bad-option", msg("max_rounds must be 0 or more, not {value}.", value=max_rounds))
    if max_rounds == 0:
        if base.rounds is None:
            raise RulesetError(
                "bad-option",
                msg("{game} plays to a target score: give max_rounds a number of deals.", game=base.name),
            )
        return base.rounds
    return max_rounds if base.rounds is None else min(max_rounds, base.rounds)


def play_id(
    cat: Catalogue, steps: LaySteps | None, partial: tuple[int, ...], ident: int
) -> tuple[tuple[int, ...], Action | None]:
    """The meld under way after id *ident*, and the remi action to apply (``None``: a sub-step, none yet).

    *ident* is legal now. With no meld under way, an id the state listed
    (*steps*, once its ids were listed) is the state's own action object,
    applied as it is (the engine need not check it again), remi's own
    ``build`` and ``lay`` steps too; any other id is a catalogue sub-step
    (:meth:`remi.catalogue.Catalogue.advance`).
    """
    own = None if partial or steps is None else steps.action(ident)
    if own is not None:
        return partial, own
    return cat.advance(partial, ident)


def zero_sum(values: tuple[float, ...]) -> tuple[float, ...]:
    """Each seat's value minus the mean of the other seats' values: the numbers sum to zero.

    >>> zero_sum((3.0, 0.0, 0.0))
    (3.0, -1.5, -1.5)
    """
    total = sum(values)
    others = len(values) - 1
    return tuple(value - (total - value) / others for value in values)


def numpy() -> Any:
    """Return numpy (the adapters' extras install it), or say what to install."""
    try:
        import numpy  # type: ignore[import-untyped,import-not-found,unused-ignore]
    except ImportError as exc:
        raise ImportError("The remi adapters need numpy: pip install 'remi-rules[pettingzoo]'") from exc
    return numpy
