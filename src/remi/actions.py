"""Actions: the moves of a game as values, and their text notation.

>>> from remi.actions import parse_action
>>> str(parse_action("discard ♠7")), parse_action("draw")
('discard ♠7', DrawStock())
"""

from __future__ import annotations

from ._actions import (
    Action,
    Build,
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
    parse_action,
)

__all__ = [
    "Action",
    "Cut",
    "DrawStock",
    "TakeDiscard",
    "Buy",
    "Pass",
    "LayDown",
    "Build",
    "LayOff",
    "SwapJoker",
    "Discard",
    "Knock",
    "CallShanghai",
    "parse_action",
]
