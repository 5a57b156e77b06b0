"""Meld validators: sets and runs, what each joker stands for, lay-offs and joker swaps.

>>> from remi.melds import check_meld
>>> from remi.rulesets import NORWEGIAN
>>> check_meld("♠9 ♠9 ♠9", NORWEGIAN).code
'too-many-copies'
"""

from __future__ import annotations

from ._melds import (
    Check,
    JokerEnd,
    Meld,
    MeldKind,
    check_joker_swap,
    check_layoff,
    check_meld,
    is_wild,
    meld_points,
    parse_meld,
    validate_meld,
)

__all__ = [
    "Meld",
    "Check",
    "MeldKind",
    "JokerEnd",
    "check_meld",
    "validate_meld",
    "check_layoff",
    "check_joker_swap",
    "parse_meld",
    "meld_points",
    "is_wild",
]
