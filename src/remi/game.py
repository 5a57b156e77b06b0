"""Games: immutable states, their transitions, and the result of each round.

>>> from remi.game import new_game
>>> from remi.rulesets import SWEDISH
>>> state = new_game(SWEDISH, players=2, seed=7)
>>> state.phase, state.hand_sizes
('draw', (10, 10))
"""

from __future__ import annotations

from ._game import PHASES, GameState, Phase, RoundResult, new_game

__all__ = ["GameState", "RoundResult", "Phase", "PHASES", "new_game"]
