"""Contracts (Norwegian rounds) and openings (the 51 games): whether melds fulfil them.

>>> from remi.contracts import contract_for, check_opening
>>> from remi.rulesets import NORWEGIAN, SLOVENIAN
>>> str(contract_for(2, NORWEGIAN)), check_opening(["♠Q ♥Q ♦Q", "♣8 ♣9 ♣10 ♣J"], SLOVENIAN).points
('1 set + 1 run', 67)
"""

from __future__ import annotations

from ._contracts import MeldsInput, check_contract, check_opening, contract_for
from ._rules import Contract

__all__ = ["Contract", "MeldsInput", "check_contract", "check_opening", "contract_for"]
