"""Rulesets: one frozen value per game, the six presets, variants and the name lookup.

>>> from remi.rulesets import NORWEGIAN, find_ruleset
>>> find_ruleset("liverpool") is NORWEGIAN, NORWEGIAN.family
(True, 'contract')
"""

from __future__ import annotations

from ._presets import (
    FINNISH,
    GIN,
    KALOOKI,
    NORWEGIAN,
    NORWEGIAN_VARIANTS,
    PRESETS,
    SLOVENIAN,
    SWEDISH,
    find_ruleset,
    with_variants,
)
from ._rules import (
    ONE_FEWER_THAN_PLAYERS,
    CardValues,
    Contract,
    DiscardReuse,
    Family,
    GinLoserPays,
    JokerSwap,
    LayoffNeeds,
    Ruleset,
    Scoring,
)

__all__ = [
    "Ruleset",
    "CardValues",
    "Contract",
    "Family",
    "Scoring",
    "DiscardReuse",
    "LayoffNeeds",
    "JokerSwap",
    "GinLoserPays",
    "ONE_FEWER_THAN_PLAYERS",
    "NORWEGIAN",
    "SWEDISH",
    "FINNISH",
    "SLOVENIAN",
    "KALOOKI",
    "GIN",
    "PRESETS",
    "NORWEGIAN_VARIANTS",
    "find_ruleset",
    "with_variants",
]
