"""The solver: candidate melds, contract layouts, best arrangements and openings of a hand.

Each module answers one question:

- ``remi.solver.limits``: what a search reads of a ruleset (meld sizes, wild cards, card values), compiled once;
- ``remi.solver.hands``: a hand as 53 card counts, packed into one integer, refused when the pack cannot give it;
- ``remi.solver.candidates``: every candidate meld of a hand, grouped by the cards it takes
  (:func:`~remi.candidate_melds`, :func:`~remi.meld_sort_key`);
- ``remi.solver.arrangement``: the best arrangement and its deadwood (:func:`~remi.best_arrangement`, :func:`~remi.deadwood`);
- ``remi.solver.masks``: the same for hands without wild or repeated cards, by bit masks;
- ``remi.solver.knocks``: which discards leave a knock (:func:`~remi.knock_cards`);
- ``remi.solver.contracts``: every layout of a contract (:func:`~remi.contract_layouts`, :func:`~remi.find_contract`);
- ``remi.solver.completion``: whether a contract begun can still be completed
  (:func:`~remi.can_complete_contract`, and the engine's one test per candidate meld);
- ``remi.solver.bounds``: cheap proofs that a contract cannot be met (too few cards, too few jokers);
- ``remi.solver.covers``: whether melds take every card of a last-round hand, searched without a pool;
- ``remi.solver.openings``: openings and their points (:func:`~remi.find_opening`, :func:`~remi.opening_layouts`,
  :func:`~remi.best_opening_points`, :func:`~remi.best_opening_points_left`).

>>> from remi.solver import best_arrangement
>>> from remi.rulesets import GIN
>>> best_arrangement("♠A ♠2 ♠3 ♥K", GIN).deadwood_value
10
"""

from __future__ import annotations

from ..melds import meld_sort_key
from .arrangement import Arrangement, best_arrangement, deadwood
from .candidates import candidate_melds
from .completion import can_complete_contract
from .contracts import contract_layouts, find_contract
from .knocks import knock_cards
from .limits import MAX_LAYOUTS
from .openings import best_opening_points, best_opening_points_left, find_opening, opening_layouts

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
    "MAX_LAYOUTS",
]
