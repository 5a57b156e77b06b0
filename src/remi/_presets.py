"""The six presets and the name lookup.

>>> import remi
>>> remi.find_ruleset("Liverpool") is remi.NORWEGIAN
True
>>> remi.find_ruleset("51").name
'Slovenian remi (51)'
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Final

import attrs

from ._errors import RulesetError
from ._rules import CardValues, Contract, Ruleset

__all__ = [
    "NORWEGIAN",
    "SWEDISH",
    "FINNISH",
    "SLOVENIAN",
    "KALOOKI",
    "GIN",
    "PRESETS",
    "find_ruleset",
    "NORWEGIAN_VARIANTS",
    "with_variants",
]

#: Norwegian Remi (Contract Rummy, Liverpool): docs/rules/norwegian.rst
NORWEGIAN: Final = Ruleset(
    name="Norwegian Remi",
    family="contract",
    min_players=3,
    max_players=5,
    decks=2,
    jokers=9,
    hand_size_by_round=(10, 10, 10, 10, 10, 10, 11),
    set_min=3,
    set_max=None,
    run_min=4,
    ace_low=True,
    ace_high=True,
    jokers_at_most_naturals=True,
    joker_swap="runs",
    joker_swap_needs_earlier_turn=True,
    swapped_joker_same_turn=True,
    contracts=(
        Contract(2, 0),
        Contract(1, 1),
        Contract(0, 2),
        Contract(3, 0),
        Contract(2, 1),
        Contract(1, 2),
        Contract(0, 3),
    ),
    last_contract_goes_out=True,
    layoff_needs="down-earlier-turn",
    discard_reuse="reshuffle-keep-top",
    buying=True,
    values=CardValues(ace=20, joker=50),
    scoring="penalty",
    rounds=7,
    lowest_wins=True,
)

#: Swedish Basic Rummy: docs/rules/swedish.rst
SWEDISH: Final = Ruleset(
    name="Swedish Basic Rummy",
    family="basic",
    min_players=2,
    max_players=6,
    decks=1,
    jokers=0,
    hand_size_by_players=((2, 10), (3, 7), (5, 6)),
    first_dealer="lot",
    set_min=3,
    set_max=4,
    run_min=3,
    ace_low=True,
    ace_high=False,
    melds_per_turn=1,
    layoff_needs="always",
    keep_taken_discard=True,
    discard_reuse="turn-over",
    values=CardValues(ace=1),
    scoring="winner-takes-all",
    going_rummy=False,
    rounds=None,
    target_score=500,
    lowest_wins=False,
)

#: Finnish Basic Rummy: Swedish rules with going rummy on (docs/rules/swedish.rst).
FINNISH: Final = attrs.evolve(SWEDISH, name="Finnish Basic Rummy", going_rummy=True)

#: Slovenian remi with a 51-point opening: docs/rules/slovenian.rst
SLOVENIAN: Final = Ruleset(
    name="Slovenian remi (51)",
    family="opening",
    min_players=2,
    max_players=6,
    decks=1,
    jokers=3,
    large_table_from=4,
    large_table_decks=2,
    large_table_jokers=6,
    hand_size_by_players=((2, 14),),
    starter_extra_card=True,
    upcard=False,
    set_min=3,
    set_max=4,
    run_min=3,
    ace_low=True,
    ace_high=True,
    jokers_at_most_naturals=True,
    joker_swap="any",
    joker_swap_needs_earlier_turn=False,
    swapped_joker_same_turn=True,
    opening_points=51,
    layoff_needs="down",
    discard_reuse="reshuffle-keep-top",
    values=CardValues(ace=10, ace_low_in_run=1, joker=25),
    scoring="penalty",
    rounds=None,
    target_score=500,
    lowest_wins=True,
)

#: Kalooki: docs/rules/kalooki.rst
KALOOKI: Final = Ruleset(
    name="Kalooki",
    family="opening",
    min_players=2,
    max_players=6,
    decks=2,
    jokers=2,
    hand_size_by_players=((2, 13),),
    set_min=3,
    set_max=4,
    run_min=3,
    ace_low=True,
    ace_high=True,
    jokers_at_most_naturals=False,
    joker_swap="any",
    joker_swap_needs_earlier_turn=False,
    joker_swap_before_opening=True,
    swapped_joker_same_turn=False,
    opening_points=51,
    layoff_needs="down",
    last_card_discard=True,
    discard_reuse="reshuffle-keep-top",
    values=CardValues(ace=11, ace_low_in_run=1, joker=25),
    scoring="penalty",
    loser_surcharge=25,
    rounds=None,
    target_score=500,
    lowest_wins=True,
)

#: Gin Rummy as the Slovenian text gives it: docs/rules/gin.rst
GIN: Final = Ruleset(
    name="Gin Rummy",
    family="gin",
    min_players=2,
    max_players=4,
    decks=1,
    jokers=0,
    hand_size_by_players=((2, 10), (3, 7)),
    set_min=3,
    set_max=4,
    run_min=3,
    ace_low=True,
    ace_high=False,
    layoff_needs="always",
    discard_reuse="none",
    values=CardValues(ace=1),
    keep_taken_discard=True,
    scoring="gin",
    knock_limit=10,
    gin_bonus=25,
    gin_multiplier=2,
    undercut_bonus=20,
    undercut_penalty=10,
    gin_stock_reserve=2,
    gin_loser_pays="hand",
    rounds=None,
    target_score=100,
    lowest_wins=False,
)

#: Every preset, by its short key (read-only).
PRESETS: Final[Mapping[str, Ruleset]] = MappingProxyType(
    {
        "norwegian": NORWEGIAN,
        "swedish": SWEDISH,
        "finnish": FINNISH,
        "slovenian": SLOVENIAN,
        "kalooki": KALOOKI,
        "gin": GIN,
    }
)

_ALIASES: Final = {
    "norwegian": "norwegian",
    "norwegian remi": "norwegian",
    "remi": "norwegian",
    "contract": "norwegian",
    "contract rummy": "norwegian",
    "liverpool": "norwegian",
    "liverpool rummy": "norwegian",
    "swedish": "swedish",
    "swedish rummy": "swedish",
    "swedish basic rummy": "swedish",
    "basic rummy": "swedish",
    "basic": "swedish",
    "rummy": "swedish",
    "finnish": "finnish",
    "finnish rummy": "finnish",
    "finnish basic rummy": "finnish",
    "slovenian": "slovenian",
    "slovenian remi": "slovenian",
    "slovenian remi (51)": "slovenian",
    "51": "slovenian",
    "remi 51": "slovenian",
    "kalooki": "kalooki",
    "kaluki": "kalooki",
    "kalooki rummy": "kalooki",
    "gin": "gin",
    "gin rummy": "gin",
    "gin remi": "gin",
}


def find_ruleset(name: str) -> Ruleset:
    """Return the preset called *name* (case and spacing ignored; aliases allowed).

    >>> find_ruleset("contract rummy").name
    'Norwegian Remi'
    >>> find_ruleset("canasta")
    Traceback (most recent call last):
    ...
    remi.RulesetError: No preset is called 'canasta'; try one of: finnish, gin, kalooki, norwegian, slovenian, swedish.
    """
    key = " ".join(str(name).lower().replace("_", " ").replace("-", " ").split())
    preset = _ALIASES.get(key)
    if preset is None:
        raise RulesetError(
            "unknown-ruleset",
            f"No preset is called {name!r}; try one of: {', '.join(sorted(PRESETS))}.",
        )
    return PRESETS[preset]


# Named house rules of Norwegian Remi (docs/rules/norwegian.rst, norwegian-variants).
_VARIANTS: Final[dict[str, dict[str, object]]] = {
    "one joker fewer than players": {"jokers": "one-fewer-than-players"},
    "six players": {
        "max_players": 6,
        "large_table_from": 6,
        "large_table_decks": 3,
    },
    "twelve cards": {"hand_size_by_round": (10, 10, 10, 12, 12, 12, 12)},
    # Card-value variants change only the values they name (so they combine).
    "five flat": {"values": {"two_to_nine": 5}},
    "joker and ace 15": {"values": {"ace": 15, "joker": 15}},
    "all down at once": {"all_down_at_once": True},
    "same-suit runs": {"same_suit_runs_apart": True},
    "spade twos wild": {"jokers": 0, "wild_spade_twos": True},
    "liverpool cut": {"liverpool_cut": True},
    "shanghai": {"shanghai": True},
    "last card must be discarded": {"last_card_discard": True},
}

#: Named house rules of Norwegian Remi, as read-only option changes.
NORWEGIAN_VARIANTS: Final[Mapping[str, Mapping[str, object]]] = MappingProxyType(
    {
        name: MappingProxyType(
            {
                option: MappingProxyType(value) if isinstance(value, dict) else value
                for option, value in change.items()
            }
        )
        for name, change in _VARIANTS.items()
    }
)


def with_variants(ruleset: Ruleset, *names: str) -> Ruleset:
    """Return *ruleset* with the named Norwegian house rules switched on.

    A variant that changes card values changes only the values it names, so
    ``"five flat"`` and ``"joker and ace 15"`` combine.

    >>> with_variants(NORWEGIAN, "twelve cards", "shanghai").hand_size(4, 4)
    12
    >>> v = with_variants(NORWEGIAN, "five flat", "joker and ace 15").values
    >>> v.two_to_nine, v.ace, v.joker
    (5, 15, 15)
    """
    if not isinstance(ruleset, Ruleset):
        raise RulesetError("bad-ruleset", f"Expected a Ruleset, got {type(ruleset).__name__}.")
    try:
        return _apply_variants(ruleset, names)
    except RulesetError as exc:
        if exc.code == "unknown-variant":
            raise
        raise RulesetError(exc.code, _variant_conflict(ruleset, names, exc.reason)) from None


def _variant_conflict(ruleset: Ruleset, names: tuple[str, ...], reason: str) -> str:
    """Name the variant, or the pair of variants, that *ruleset* cannot take (*reason* says why)."""
    for name in names:
        try:
            _apply_variants(ruleset, (name,))
        except RulesetError as exc:
            return f"{ruleset.name} cannot take the variant {name!r}: {exc.reason}"
    for i, first in enumerate(names):
        for second in names[i + 1 :]:
            try:
                _apply_variants(ruleset, (first, second))
            except RulesetError as exc:
                return f"The variants {first!r} and {second!r} cannot be combined: {exc.reason}"
    shown = ", ".join(repr(n) for n in names)
    return f"The variants {shown} cannot be combined: {reason}"


def _apply_variants(ruleset: Ruleset, names: tuple[str, ...]) -> Ruleset:
    changes: dict[str, object] = {}
    values = ruleset.values
    for name in names:
        change = NORWEGIAN_VARIANTS.get(name.lower()) if isinstance(name, str) else None
        if change is None:
            raise RulesetError(
                "unknown-variant",
                f"No variant is called {name!r}; known: {', '.join(NORWEGIAN_VARIANTS)}.",
            )
        for option, value in change.items():
            if option == "values" and isinstance(value, Mapping):
                values = attrs.evolve(values, **value)
                changes["values"] = values
            else:
                changes[option] = value
    return attrs.evolve(ruleset, **changes)  # type: ignore[arg-type]
