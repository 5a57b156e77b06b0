"""Scoring: card and hand values, and the settlement of a finished deal.

>>> from remi.scoring import hand_value, settle
>>> from remi.rulesets import NORWEGIAN
>>> hand_value("JK ♥K ♦4", NORWEGIAN), settle([[], "♠A ♣8 ♦8"], 0, NORWEGIAN).deltas
(64, (0, 36))
"""

from __future__ import annotations

from ._scoring import card_value, hand_value
from ._settle import (
    Settlement,
    match_winner,
    settle,
    settle_basic,
    settle_block,
    settle_gin,
    settle_penalty,
)

__all__ = [
    "card_value",
    "hand_value",
    "Settlement",
    "settle",
    "settle_penalty",
    "settle_basic",
    "settle_block",
    "settle_gin",
    "match_winner",
]
