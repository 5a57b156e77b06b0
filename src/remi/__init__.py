"""remi: the rules of the rummy family as immutable, replayable values.

>>> import remi
>>> meld = remi.parse_cards("♠7 ♠8 JK ♠10")
>>> result = remi.check_meld(meld, remi.NORWEGIAN)
>>> result.ok, result.kind, str(result.meld)
(True, 'run', '♠7 ♠8 JK=♠9 ♠10')

The same names live in the modules that hold their code, named after the
parts: :mod:`remi.errors`, :mod:`remi.codes`, :mod:`remi.cards`,
:mod:`remi.rulesets`, :mod:`remi.melds`, :mod:`remi.contracts`,
:mod:`remi.solver`, :mod:`remi.scoring`, :mod:`remi.actions`,
:mod:`remi.game`, :mod:`remi.views`, :mod:`remi.records` and
:mod:`remi.catalogue`; the framework adapters (:mod:`remi.adapters`) are
optional extras that ``import remi`` never loads.
"""

from __future__ import annotations

import inspect
import typing

# the documented modules, each an attribute of the package (the adapters stay lazily imported)
from . import catalogue as catalogue
from . import house_rules as house_rules
from . import records as records
from . import views as views
from ._cache import CacheInfo, cache_info, clear_caches
from ._types import StateDict
from .actions import (
    ACTION_TYPES,
    Action,
    ActionKind,
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
from .cards import JOKER, RANKS, SUITS, Card, format_cards, make_pack, parse_card, parse_cards
from .catalogue import Catalogue, CatalogueError, LaySteps, MeldStep, num_distinct_actions
from .codes import CODES, CheckCode, ErrorCode
from .contracts import check_contract, check_opening, contract_for
from .errors import (
    IllegalActionError,
    LimitError,
    MeldError,
    NotationError,
    RemiError,
    RulesetError,
    StateError,
    UnsupportedError,
)
from .game import PHASES, GameState, Phase, PlayerView, RoundResult, new_game
from .melds import (
    Check,
    Meld,
    MeldKind,
    check_joker_swap,
    check_layoff,
    check_meld,
    is_wild,
    meld_points,
    meld_sort_key,
    parse_meld,
    validate_meld,
)
from .messages import LANGUAGES, Message
from .records import GameRecord, Recorder, replay
from .rulesets import (
    FINNISH,
    GIN,
    KALOOKI,
    NORWEGIAN,
    NORWEGIAN_VARIANTS,
    PRESETS,
    SLOVENIAN,
    SWEDISH,
    CardValues,
    Contract,
    Family,
    Ruleset,
    find_ruleset,
    with_variants,
)

# settlement
from .scoring import (
    Settlement,
    card_value,
    hand_value,
    match_winner,
    settle,
    settle_basic,
    settle_block,
    settle_gin,
    settle_penalty,
)

# solver
from .solver.arrangement import Arrangement, best_arrangement, deadwood
from .solver.candidates import candidate_melds
from .solver.completion import can_complete_contract
from .solver.contracts import contract_layouts, find_contract
from .solver.knocks import knock_cards
from .solver.limits import MAX_LAYOUTS
from .solver.openings import best_opening_points, best_opening_points_left, find_opening, opening_layouts

__version__ = "0.1.0"

#: Each public class's public home: the module that documents it (the errors' is ``remi``).
#: Pickles and reprs name it (``remi.game.GameState``, never the defining ``remi.game.state``), so
#: the inner layout is no part of any pickle a user keeps; each home holds the class under its name.
_PUBLIC_HOMES: dict[str, tuple[type, ...]] = {
    "remi": (
        RemiError,
        NotationError,
        RulesetError,
        MeldError,
        IllegalActionError,
        StateError,
        LimitError,
        UnsupportedError,
        CacheInfo,
    ),
    "remi.cards": (Card,),
    "remi.rulesets": (Ruleset, CardValues, Contract),
    "remi.melds": (Meld, Check),
    "remi.solver": (Arrangement,),
    "remi.scoring": (Settlement,),
    "remi.actions": ACTION_TYPES,
    "remi.game": (GameState, RoundResult),
    "remi.views": (PlayerView,),
    "remi.records": (GameRecord, Recorder),
    "remi.catalogue": (Catalogue, CatalogueError, MeldStep, LaySteps),
}


def _name_public_homes() -> None:
    """Set each public class's ``__module__`` to its public home.

    A class's own annotations are resolved first, in the module that defines it, so
    :func:`typing.get_type_hints` reads them as before (the home need not hold their names).
    The functions of its body move with it (a pickle may name one: ``Card.from_code``).
    """
    for home, classes in _PUBLIC_HOMES.items():
        for cls in classes:
            own = inspect.get_annotations(cls)
            try:
                hints = typing.get_type_hints(cls, include_extras=True) if own else {}
            except NameError:  # a name only the type checker sees: get_type_hints fails either way
                hints = {}
            if hints:
                cls.__annotations__ = {name: hints[name] for name in own}
            for value in list(vars(cls).values()):
                function = getattr(value, "__func__", value)
                if callable(function) and getattr(function, "__module__", None) == cls.__module__:
                    function.__module__ = home
            cls.__module__ = home


_name_public_homes()

__all__ = [
    # reasons in five languages
    "LANGUAGES",
    "Message",
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
    "Family",
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
    "MeldKind",
    "Check",
    "check_meld",
    "validate_meld",
    "check_layoff",
    "check_joker_swap",
    "parse_meld",
    "meld_points",
    "is_wild",
    "check_contract",
    "check_opening",
    "contract_for",
    # scoring
    "card_value",
    "hand_value",
    # solver
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
    # settlement
    "Settlement",
    "settle",
    "settle_penalty",
    "settle_basic",
    "settle_block",
    "settle_gin",
    "match_winner",
    # games and actions
    "new_game",
    "GameState",
    "RoundResult",
    "PHASES",
    "PlayerView",
    "Catalogue",
    "CatalogueError",
    "num_distinct_actions",
    "GameRecord",
    "Recorder",
    "replay",
    "Phase",
    "Action",
    "ActionKind",
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
    # errors
    "ErrorCode",
    "CheckCode",
    "CODES",
    "StateDict",
    "RemiError",
    "NotationError",
    "RulesetError",
    "MeldError",
    "IllegalActionError",
    "StateError",
    "LimitError",
    "UnsupportedError",
    # caches
    "clear_caches",
    "cache_info",
    "CacheInfo",
]
