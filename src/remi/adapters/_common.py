"""What both adapters share: one parameterisation of a game (preset, table, turn cap, deal limit)."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

import attrs

from .._catalogue import Catalogue, catalogue
from .._errors import RulesetError
from .._presets import find_ruleset, with_variants
from .._rules import Ruleset

__all__ = ["Setup", "setup", "numpy"]


@attrs.frozen
class Setup:
    """One parameterisation: the ruleset with its turn cap, the table, the deal limit."""

    preset: str
    ruleset: Ruleset
    players: int
    max_rounds: int
    catalogue: Catalogue = attrs.field(eq=False)
    #: The catalogue's lay-down sub-step ids (``None`` without table play).
    lay: range | None = attrs.field(eq=False, default=None)

    def __deepcopy__(self, memo: object) -> Setup:
        return self


@lru_cache(maxsize=64)
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
            f"{base.name} is for {base.min_players} to {base.max_players} players, not {players}.",
        )
    if max_turns < 1:
        raise RulesetError("bad-option", f"max_turns must be at least 1, not {max_turns}.")
    if max_rounds < 0:
        raise RulesetError("bad-option", f"max_rounds must be 0 or more, not {max_rounds}.")
    if max_rounds == 0:
        if base.rounds is None:
            raise RulesetError(
                "bad-option",
                f"{base.name} plays to a target score: give max_rounds a number of deals.",
            )
        max_rounds = base.rounds
    if base.rounds is not None:
        max_rounds = min(max_rounds, base.rounds)
    ruleset = attrs.evolve(base, max_turns_per_round=max_turns)
    cat = catalogue(ruleset)
    return Setup(preset, ruleset, players, max_rounds, cat, cat.block("lay"))


def numpy() -> Any:
    """Return numpy (the adapters' extras install it), or say what to install."""
    try:
        import numpy  # type: ignore[import-untyped,import-not-found,unused-ignore]
    except ImportError as exc:
        raise ImportError("The remi adapters need numpy: pip install 'remi-rules[pettingzoo]'") from exc
    return numpy
