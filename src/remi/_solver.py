"""Temporary: the solver's names where other modules import them today (the solver lives in :mod:`remi.solver`)."""

from __future__ import annotations

from .solver.arrangement import Arrangement, best_arrangement, deadwood
from .solver.bounds import jokers_short as _jokers_short
from .solver.candidates import candidate_melds, meld_sort_key
from .solver.completion import can_complete_contract, contract_lay_test
from .solver.contracts import contract_layouts, find_contract
from .solver.hands import counts_of as _fast_counts
from .solver.knocks import knock_cards
from .solver.limits import limits_of as _entry
from .solver.openings import (
    best_opening_points,
    best_opening_points_left,
    find_opening,
    opening_lay_test,
    opening_layouts,
    opening_reach_test,
    opening_reaches,
)

__all__ = [
    "Arrangement",
    "_entry",
    "_fast_counts",
    "_jokers_short",
    "best_arrangement",
    "best_opening_points",
    "best_opening_points_left",
    "can_complete_contract",
    "candidate_melds",
    "contract_lay_test",
    "contract_layouts",
    "deadwood",
    "find_contract",
    "find_opening",
    "knock_cards",
    "meld_sort_key",
    "opening_lay_test",
    "opening_layouts",
    "opening_reach_test",
    "opening_reaches",
]
