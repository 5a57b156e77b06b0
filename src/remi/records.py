"""Writing games down: the position notation, actions typed at a position, and game records.

>>> import remi
>>> from remi.records import from_position, position
>>> state = remi.new_game(remi.GIN, players=2, seed=1)
>>> from_position(position(state)) == state
True
"""

from __future__ import annotations

from ._game import from_position
from ._position import parse_action_in, parse_ruleset_text, position, ruleset_text
from ._record import RECORD_FORMAT, GameRecord, Recorder, replay

__all__ = [
    "position",
    "from_position",
    "parse_action_in",
    "ruleset_text",
    "parse_ruleset_text",
    "GameRecord",
    "Recorder",
    "replay",
    "RECORD_FORMAT",
]
