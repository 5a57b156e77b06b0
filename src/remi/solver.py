"""The solver: candidate melds, contract layouts, best arrangements and openings of a hand.

>>> from remi.solver import best_arrangement
>>> from remi.rulesets import GIN
>>> best_arrangement("♠A ♠2 ♠3 ♥K", GIN).deadwood_value
10
"""

from __future__ import annotations

from ._solver import (
    Arrangement,
    best_arrangement,
    best_opening_points,
    best_opening_points_left,
    can_complete_contract,
    candidate_melds,
    contract_layouts,
    deadwood,
    find_contract,
    find_opening,
    knock_cards,
    meld_sort_key,
    opening_layouts,
)

__all__ = [
    "Arrangement",
    "candidate_melds",
    "contract_layouts",
    "find_contract",
    "best_arrangement",
    "find_opening",
    "opening_layouts",
    "best_opening_points",
    "best_opening_points_left",
    "can_complete_contract",
    "knock_cards",
    "deadwood",
    "meld_sort_key",
]
