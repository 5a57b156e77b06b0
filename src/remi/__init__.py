"""remi: the rules of the rummy family as immutable, replayable values.

>>> import remi
>>> meld = remi.parse_cards("♠7 ♠8 JK ♠10")
>>> result = remi.check_meld(meld, remi.NORWEGIAN)
>>> result.ok, result.kind, str(result.meld)
(True, 'run', '♠7 ♠8 JK=♠9 ♠10')
"""

from __future__ import annotations

from ._cards import JOKER, RANKS, SUITS, Card, format_cards, make_pack, parse_card, parse_cards
from ._contracts import check_contract, check_opening, contract_for
from ._errors import (
    IllegalActionError,
    MeldError,
    NotationError,
    RemiError,
    RulesetError,
    StateError,
    UnsupportedError,
)
from ._melds import (
    Check,
    Meld,
    check_joker_swap,
    check_layoff,
    check_meld,
    meld_points,
    parse_meld,
    validate_meld,
)
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
from ._rules import CardValues, Contract, Ruleset
from ._scoring import card_value, hand_value

__version__ = "0.1.0"

__all__ = [
    # cards and notation
    "Card",
    "JOKER",
    "SUITS",
    "RANKS",
    "parse_card",
    "parse_cards",
    "format_cards",
    "make_pack",
    # rulesets
    "Ruleset",
    "CardValues",
    "Contract",
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
    # melds, contracts, openings
    "Meld",
    "Check",
    "check_meld",
    "validate_meld",
    "check_layoff",
    "check_joker_swap",
    "parse_meld",
    "meld_points",
    "check_contract",
    "check_opening",
    "contract_for",
    # scoring
    "card_value",
    "hand_value",
    # errors
    "RemiError",
    "NotationError",
    "RulesetError",
    "MeldError",
    "IllegalActionError",
    "StateError",
    "UnsupportedError",
]
