"""What the solver reads of a ruleset: meld limits, wild cards and card values, compiled once per ruleset.

Also the constants every search shares: the 53 cards by code, the joker's and the ♠2's
codes, the longest run, and the most layouts a listing gives (:data:`MAX_LAYOUTS`).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Final

import attrs

from .._cache import memoize
from ..cards import CARDS, JOKER_CODE, SPADE_TWO, Card
from ..errors import LimitError, NotationError
from ..melds import RUN_MAX
from ..messages import msg
from ..rulesets import Ruleset, value_of

__all__: list[str] = []


SPADE_TWO_CODE: Final = SPADE_TWO.code
#: The wild card code of a game without wild cards.
NO_WILD: Final = -1
#: Longest run: thirteen ranks (a run never holds the ace both low and high: docs/rules/index.rst, shared-run).
LONGEST_RUN: Final = RUN_MAX

#: The most layouts :func:`~remi.contract_layouts` and :func:`~remi.opening_layouts` list in one call.
#: A layout costs some 10 to 100 µs (most in a last round, where each is a cover question: the
#: first 5,000 of 13♠×2 and nine jokers take 0.5 s on a loaded 2-core machine, 10,000 take
#: 1.2 s), so this many take well under a second; a hand with more (13 spades and 9 jokers
#: has about 1.9 million layouts of round 3 with all down at once) is refused with
#: ``too-many-layouts`` unless ``limit=`` asks for its first part.
MAX_LAYOUTS: Final = 5_000


def layout_limit(limit: object) -> int:
    """How many layouts a listing asked for *limit* may find: one past :data:`MAX_LAYOUTS` for ``None``.

    The one more tells :func:`whole_listing` that the whole listing is too long. A
    *limit* that is no int is a :class:`TypeError`; one above :data:`MAX_LAYOUTS` is
    refused (``too-many-layouts``).

    >>> layout_limit(None), layout_limit(5)
    (5001, 5)
    """
    if limit is None:
        return MAX_LAYOUTS + 1
    if isinstance(limit, bool) or not isinstance(limit, int):
        raise TypeError(f"limit must be an int or None, not {type(limit).__name__} {limit!r:.60}.")
    if limit > MAX_LAYOUTS:
        raise LimitError(
            "too-many-layouts",
            msg(
                "limit must be at most {most}, the most layouts remi lists in one call, not {limit}.",
                most=MAX_LAYOUTS,
                limit=limit,
            ),
        )
    return limit


def whole_listing(found: tuple[Any, ...], limit: object) -> tuple[Any, ...]:
    """*found*, the layouts a listing found for *limit*; refused when a whole listing holds too many."""
    if limit is None and len(found) > MAX_LAYOUTS:
        raise LimitError(
            "too-many-layouts",
            msg(
                "This hand has more than {most} layouts, more than remi lists in one call: "
                "pass limit= to list the first ones.",
                most=MAX_LAYOUTS,
            ),
        )
    return found


#: A hand as every public function takes it: card text or cards.
Hand = str | Iterable[Card | str]


@attrs.frozen(cache_hash=True)
class MeldLimits:
    """The meld rules every search reads: sizes, ace places, wild cards (a ruleset's, compiled once).

    Part of the key of most answers the solver keeps, so its hash is computed once.
    """

    set_min: int
    set_max: int  # 0: no limit
    run_min: int
    lo_bound: int
    hi_bound: int
    at_most: bool
    distinct: bool
    wild: int  # code of the wild card (52 joker, 1 ♠2), or NO_WILD
    twos: bool


@attrs.frozen(eq=False)
class RulesetLimits:
    """What the solver reads of one ruleset: its meld limits and the hand value of each card code.

    Compared and hashed by identity (one per ruleset, see :func:`limits_of`), so that
    the answers kept by hand mask find it at the cost of an id.
    """

    ruleset: Ruleset
    limits: MeldLimits
    values: tuple[int, ...]  # hand value of each card code

    @property
    def rules(self) -> MeldLimits:
        """The meld limits under their former name (tests/test_perf_shape.py reads it; goes with the shims)."""
        return self.limits


#: The most answers of one kind a cache keeps (least recently used first out).
ANSWERS_KEPT: Final = 1 << 14


def rest_after(
    kind: int, size: int, count: int, sets: int, runs: int, limits: MeldLimits, set_top: int
) -> tuple[int, int] | None:
    """The sets and runs a contract still needs after one meld (*kind* 0 a set, 1 a run) of *size*
    cards out of *count*, or ``None`` when it needs no more of that kind or the cards left cannot
    make what it still needs (each set ``set_min``..*set_top* cards, each run ``run_min``..13).
    """
    if kind == 0:
        if not sets:
            return None
        sets -= 1
    else:
        if not runs:
            return None
        runs -= 1
    left = count - size
    if left < sets * limits.set_min + runs * limits.run_min or left > sets * set_top + runs * LONGEST_RUN:
        return None
    return sets, runs


@memoize("solver.limits", maxsize=64)
def _compile(ruleset: Ruleset) -> RulesetLimits:
    has_jokers = any(ruleset.pack_for(p)[1] > 0 for p in range(ruleset.min_players, ruleset.max_players + 1))
    if ruleset.wild_spade_twos:
        wild = SPADE_TWO_CODE
    elif has_jokers:
        wild = JOKER_CODE
    else:
        wild = NO_WILD
    limits = MeldLimits(
        set_min=ruleset.set_min,
        # Sets of distinct suits hold four cards at most, whatever set_max says.
        set_max=min(ruleset.set_max or 4, 4) if ruleset.distinct_suit_sets else ruleset.set_max or 0,
        run_min=ruleset.run_min,
        lo_bound=1 if ruleset.ace_low else 2,
        hi_bound=14 if ruleset.ace_high else 13,
        at_most=ruleset.jokers_at_most_naturals,
        distinct=ruleset.distinct_suit_sets,
        wild=wild,
        twos=ruleset.wild_spade_twos,
    )
    values = tuple(value_of(card, ruleset) for card in CARDS)
    return RulesetLimits(ruleset, limits, values)


def limits_of(ruleset: Ruleset) -> RulesetLimits:
    """*ruleset*'s limits, compiled on first use; a NotationError (``not-a-ruleset``) for anything else."""
    if not isinstance(ruleset, Ruleset):
        raise NotationError(
            "not-a-ruleset", msg("Expected a Ruleset, got {type}.", type=type(ruleset).__name__)
        )
    # Kept by the ruleset's value (its hash is cached): equal rulesets share their limits.
    return _compile(ruleset)
