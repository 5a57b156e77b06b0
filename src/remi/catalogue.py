"""The action catalogue: one fixed integer id for every action a ruleset can offer.

A lay-down is played in sub-steps (one ``build`` id per card, then a
``lay #k`` id), so every catalogue stays below ten thousand ids.

See :mod:`remi._catalogue` for the numbering, documented on :doc:`/frameworks`.

>>> import remi
>>> from remi.catalogue import num_distinct_actions, encode, decode
>>> num_distinct_actions(remi.GIN)
438
>>> decode(encode(remi.parse_action("discard ♥Q"), remi.GIN), remi.GIN)
Discard(card=Card('♥Q'), shanghai=False)
"""

from __future__ import annotations

from ._catalogue import (
    Catalogue,
    CatalogueError,
    LaySteps,
    MeldStep,
    catalogue,
    decode,
    encode,
    encode_steps,
    legal_ids,
    legal_mask,
    num_distinct_actions,
)

__all__ = [
    "Catalogue",
    "CatalogueError",
    "catalogue",
    "num_distinct_actions",
    "encode",
    "encode_steps",
    "decode",
    "MeldStep",
    "LaySteps",
    "legal_mask",
    "legal_ids",
]
