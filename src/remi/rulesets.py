"""Rulesets: one frozen value per game, the six presets, variants and the name lookup.

>>> from remi.rulesets import NORWEGIAN, find_ruleset
>>> find_ruleset("liverpool") is NORWEGIAN, NORWEGIAN.family
(True, 'contract')

The ruleset: one frozen value holding every option of every game.

A preset (``remi.NORWEGIAN`` …) is one value of :class:`Ruleset`; a house
rule is that value with options changed by :func:`attrs.evolve`, which
re-validates the whole ruleset.

>>> import attrs, remi
>>> easy = attrs.evolve(remi.NORWEGIAN, jokers=4)
>>> easy.jokers, remi.NORWEGIAN.jokers
(4, 9)
>>> attrs.evolve(remi.NORWEGIAN, run_min=0)
Traceback (most recent call last):
...
remi.RulesetError: run_min must be from 2 to 13, not 0.

The six presets and the name lookup.

>>> import remi
>>> remi.find_ruleset("Liverpool") is remi.NORWEGIAN
True
>>> remi.find_ruleset("51").name
'Slovenian remi (51)'

What the pack holds: the one check that refuses cards a game's pack cannot give.

Every public function that takes cards (a meld, a group of melds, a hand, the
hands of a deal) asks ``pack_refusal`` before it answers
(docs/rules/index.rst, shared-copies; docs/rules/gin.rst, gin-no-jokers): a
joker in a game without jokers, more jokers than the game's most, or more
copies of a natural card than its most decks hold. Without a table size the
pack is the largest the game uses at any table size: its most decks
(:attr:`~remi.Ruleset.max_decks`) and its most jokers.

The check reads card counts by code (53 numbers) so that the solver, which
counts a hand anyway, pays one ``max`` for it; the sentence is written only
when the check fails.

>>> import remi
>>> problem = pack_refusal(card_counts(remi.parse_cards("♠9 ♠9 ♠9")), remi.NORWEGIAN)
>>> from remi.messages import msg
>>> problem.code, problem.sentence(msg("the hand '{cards}'", cards=remi.parse_cards("♠9 ♠9 ♠9")))
('too-many-copies', "Norwegian Remi is played with 2 decks, so there are only 2 ♠9; the hand '♠9 ♠9 ♠9' holds 3.")
>>> pack_refusal(card_counts(remi.parse_cards("♠9 ♠9 ♥9")), remi.NORWEGIAN) is None
True
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from types import MappingProxyType
from typing import Any, Final, Literal, NamedTuple

import attrs

from ._cache import memoize
from .cards import JOKER_CODE, Card
from .codes import ErrorCode
from .errors import RulesetError
from .messages import Message, msg, nmsg

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


Family = Literal["contract", "basic", "opening", "gin"]
Scoring = Literal["penalty", "winner-takes-all", "block", "gin"]
DiscardReuse = Literal["reshuffle-keep-top", "turn-over", "none"]
LayoffNeeds = Literal["down-earlier-turn", "down", "always"]
JokerSwap = Literal["none", "runs", "any"]
GinLoserPays = Literal["hand", "deadwood"]

#: Value of :attr:`Ruleset.jokers` meaning "one joker fewer than there are players".
ONE_FEWER_THAN_PLAYERS: Final = "one-fewer-than-players"


# -- the bounds of the numeric options (docs/rules/index.rst, shared-option-bounds) ----------------
#: The most players a table may seat.
MAX_PLAYERS: Final = 8
#: The most decks a pack may hold.
MAX_DECKS: Final = 8
#: The most jokers a pack may hold.
MAX_JOKERS: Final = 20
#: The most cards a ruleset may deal one player in one round. The presets deal at most 14
#: (Slovenian, whose starter gets 15); the margin leaves room for house rules while every
#: hand play can reach stays within what the solver answers quickly.
MAX_DEALT: Final = 20
#: The most cards a meld length option (``set_min``, ``set_max``, ``run_min``) may ask for:
#: a suit has 13 ranks.
MAX_MELD: Final = 13
#: The most points a card may be worth, and the largest bonus, penalty or surcharge.
MAX_POINTS: Final = 1000
#: The largest knock limit (a Gin hand of 10 court cards holds 100 points of deadwood).
MAX_KNOCK: Final = 100
#: The largest multiplier of a gin.
MAX_MULTIPLIER: Final = 10
#: The most sets or runs one contract may ask for.
MAX_CONTRACT_MELDS: Final = 10
#: The most deals of a match, and the highest target score.
MAX_ROUNDS: Final = 1000
MAX_TARGET: Final = 100_000
#: The largest turn cap, and the most buys one player may make in a round.
MAX_TURNS: Final = 10_000
MAX_BUYS: Final = 50


def _range_text(minimum: int, maximum: int | None) -> Message:
    if maximum is None:
        return msg("at least {least}", least=minimum) if minimum > 0 else msg("0 or more")
    return msg("from {least} to {most}", least=minimum, most=maximum)


def _positive(minimum: int, maximum: int | None = None) -> Any:
    """A whole number from *minimum* to *maximum* (no upper bound when ``None``)."""

    def check(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
        if not isinstance(value, int) or isinstance(value, bool):
            raise RulesetError(
                "bad-option",
                msg(
                    "{option} must be a whole number {range}, not {value!r}.",
                    option=attribute.name,
                    range=_range_text(minimum, maximum),
                    value=value,
                ),
            )
        if value < minimum or (maximum is not None and value > maximum):
            raise RulesetError(
                "bad-option",
                msg(
                    "{option} must be {range}, not {value!r}.",
                    option=attribute.name,
                    range=_range_text(minimum, maximum),
                    value=value,
                ),
            )

    return check


def _optional_positive(minimum: int, maximum: int | None = None) -> Any:
    inner = _positive(minimum, maximum)

    def check(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
        if value is not None:
            inner(instance, attribute, value)

    return check


def _one_of(*choices: object) -> Any:
    def check(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
        if value not in choices:
            options = ", ".join(repr(c) for c in choices)
            raise RulesetError(
                "bad-option",
                msg(
                    "{option} must be one of {options}, not {value!r}.",
                    option=attribute.name,
                    options=options,
                    value=value,
                ),
            )

    return check


def _boolean(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
    if not isinstance(value, bool):
        raise RulesetError(
            "bad-option",
            msg("{option} must be True or False, not {value!r}.", option=attribute.name, value=value),
        )


def _is_count(value: object, minimum: int, maximum: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and minimum <= value <= maximum


def _sequence(value: Any, what: str) -> tuple[Any, ...]:
    if not isinstance(value, (str, bytes, dict)):
        try:
            return tuple(value)
        except TypeError:
            pass
    raise RulesetError("bad-option", msg("{option} must be a list, not {value!r}.", option=what, value=value))


def _text(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
    if not isinstance(value, str):
        raise RulesetError(
            "bad-option", msg("{option} must be text, not {value!r}.", option=attribute.name, value=value)
        )


def _signed(bound: int) -> Any:
    """A whole number from ``-bound`` to ``bound``."""

    def check(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
        if not isinstance(value, int) or isinstance(value, bool) or not -bound <= value <= bound:
            raise RulesetError(
                "bad-option",
                msg(
                    "{option} must be a whole number from {least} to {most}, not {value!r}.",
                    option=attribute.name,
                    least=-bound,
                    most=bound,
                    value=value,
                ),
            )

    return check


def _int_tuple(value: Any) -> tuple[int, ...]:
    items = _sequence(value, "hand_size_by_round")
    for item in items:
        if not _is_count(item, 1, MAX_DEALT):
            raise RulesetError(
                "bad-option",
                msg(
                    "hand_size_by_round must list card counts from 1 to {most}, not {item!r}.",
                    most=MAX_DEALT,
                    item=item,
                ),
            )
    return items


def _pair_tuple(value: Any) -> tuple[tuple[int, int], ...]:
    out = []
    for item in _sequence(value, "hand_size_by_players"):
        if (
            not isinstance(item, (tuple, list))
            or len(item) != 2
            or not _is_count(item[0], 2, MAX_PLAYERS)
            or not _is_count(item[1], 1, MAX_DEALT)
        ):
            raise RulesetError(
                "bad-option",
                msg(
                    "hand_size_by_players must list (players, cards) pairs with players from 2 to {players} "
                    "and cards from 1 to {cards}, not {item!r}.",
                    players=MAX_PLAYERS,
                    cards=MAX_DEALT,
                    item=item,
                ),
            )
        out.append((item[0], item[1]))
    return tuple(out)


def _contracts(value: Any) -> tuple[Contract, ...]:
    out = []
    for item in _sequence(value, "contracts"):
        if isinstance(item, Contract):
            out.append(item)
        elif isinstance(item, dict) and set(item) <= {"sets", "runs"}:
            out.append(Contract(**item))
        elif isinstance(item, (tuple, list)) and len(item) == 2:
            out.append(Contract(item[0], item[1]))
        else:
            raise RulesetError(
                "bad-option",
                msg("A contract must be a Contract, a (sets, runs) pair or a dict, not {item!r}.", item=item),
            )
    return tuple(out)


def require_ruleset(value: object, name: str = "ruleset") -> Ruleset:
    """Return *value* if it is a :class:`Ruleset`; raise :class:`TypeError` naming *name* if not.

    >>> require_ruleset("NORWEGIAN")
    Traceback (most recent call last):
    ...
    TypeError: ruleset must be a remi.Ruleset, not str 'NORWEGIAN'.
    """
    if not isinstance(value, Ruleset):
        raise TypeError(f"{name} must be a remi.Ruleset, not {type(value).__name__} {value!r:.60}.")
    return value


@attrs.frozen
class Contract:
    """One round's contract: how many sets and runs must go down together.

    >>> str(Contract(sets=1, runs=2))
    '1 set + 2 runs'
    """

    sets: int = attrs.field(validator=_positive(0, MAX_CONTRACT_MELDS))
    runs: int = attrs.field(validator=_positive(0, MAX_CONTRACT_MELDS))

    def __attrs_post_init__(self) -> None:
        if self.sets + self.runs == 0:
            raise RulesetError("bad-contract", msg("A contract must ask for at least one meld."))

    def __str__(self) -> str:
        return str(self.phrase())

    def phrase(self) -> Message:
        """This contract in words, a :class:`~remi.Message` to put in a reason (``str`` is its English).

        >>> Contract(sets=1, runs=2).phrase()
        '1 set + 2 runs'
        >>> dict(Contract(sets=2, runs=0).phrase().params)
        {'n': 2}
        """
        sets = nmsg("{n} set", "{n} sets", self.sets)
        runs = nmsg("{n} run", "{n} runs", self.runs)
        if self.sets and self.runs:
            return msg("{sets} + {runs}", sets=sets, runs=runs)
        return sets if self.sets else runs


@attrs.frozen
class CardValues:
    """Points of each card: held in hand at the end of a round, or counted in an opening.

    ``two_to_nine`` ``None`` means face value. ``ace_low_in_run`` is the value
    of an ace that sits low in a run (A-2-3) when melds are counted for an
    opening; ``None`` means the ace keeps ``ace``.

    >>> CardValues(ace=20, joker=50).ace
    20
    """

    ace: int = attrs.field(validator=_positive(0, MAX_POINTS))
    joker: int = attrs.field(default=0, validator=_positive(0, MAX_POINTS))
    two_to_nine: int | None = attrs.field(default=None, validator=_optional_positive(0, MAX_POINTS))
    ten: int = attrs.field(default=10, validator=_positive(0, MAX_POINTS))
    court: int = attrs.field(default=10, validator=_positive(0, MAX_POINTS))
    ace_low_in_run: int | None = attrs.field(default=None, validator=_optional_positive(0, MAX_POINTS))

    def of_rank(self, rank: int) -> int:
        """Return the value of a natural card of *rank* (1 = ace … 13 = king) held in hand."""
        if rank == 1:
            return self.ace
        if rank <= 9:
            return rank if self.two_to_nine is None else self.two_to_nine
        if rank == 10:
            return self.ten
        return self.court


def _card_values(value: Any) -> CardValues:
    if isinstance(value, CardValues):
        return value
    if isinstance(value, dict):
        known = {a.name for a in attrs.fields(CardValues)}
        unknown = sorted(str(key) for key in set(value) - known)
        if unknown:
            raise RulesetError("bad-option", msg("Unknown card values: {names}.", names=", ".join(unknown)))
        if "ace" not in value:
            raise RulesetError("bad-option", msg("values must give the value of the ace."))
        return CardValues(**value)
    raise RulesetError("bad-option", msg("values must be CardValues, not {value!r}.", value=value))


@attrs.frozen(kw_only=True, cache_hash=True)
class Ruleset:
    """Every rule of a rummy game, as one immutable value.

    The fields are grouped as the rules pages (docs/rules/) group them: equipment, deal, melds,
    contracts and openings, the turn, buying and table variants, scoring and
    the match. Construct variants with :func:`attrs.evolve`; every change is
    validated, and options that contradict each other raise
    :class:`~remi.RulesetError`.

    >>> import remi
    >>> remi.NORWEGIAN.pack_size(4), remi.SWEDISH.pack_size(3)
    (113, 52)
    >>> remi.NORWEGIAN.contracts[1]
    Contract(sets=1, runs=1)
    """

    # -- identity -----------------------------------------------------------
    name: str = attrs.field(validator=_text)
    family: Family = attrs.field(validator=_one_of("contract", "basic", "opening", "gin"))

    # -- equipment and players ---------------------------------------------
    min_players: int = attrs.field(default=2, validator=_positive(2, MAX_PLAYERS))
    max_players: int = attrs.field(default=6, validator=_positive(2, MAX_PLAYERS))
    decks: int = attrs.field(default=1, validator=_positive(1, MAX_DECKS))
    #: A number of jokers, or ``ONE_FEWER_THAN_PLAYERS``.
    jokers: int | str = attrs.field(default=0)
    #: From this many players on, the pack is ``large_table_decks`` decks and
    #: ``large_table_jokers`` jokers (six-player Norwegian, two-deck Slovenian);
    #: ``large_table_jokers`` ``None`` keeps the ``jokers`` rule.
    large_table_from: int | None = attrs.field(default=None, validator=_optional_positive(2, MAX_PLAYERS))
    large_table_decks: int = attrs.field(default=2, validator=_positive(1, MAX_DECKS))
    large_table_jokers: int | str | None = attrs.field(default=None)
    #: Both ♠2s are the only wild cards (Norwegian variant); they may stand as themselves.
    wild_spade_twos: bool = attrs.field(default=False, validator=_boolean)

    # -- the deal -------------------------------------------------------------
    #: Cards dealt in each round of a contract game (index 0 is round 1).
    hand_size_by_round: tuple[int, ...] = attrs.field(default=(), converter=_int_tuple)
    #: ``(from_players, cards)`` pairs for games whose deal depends on the table size.
    hand_size_by_players: tuple[tuple[int, int], ...] = attrs.field(default=(), converter=_pair_tuple)
    #: The starting player gets one card more and opens by discarding (Slovenian).
    starter_extra_card: bool = attrs.field(default=False, validator=_boolean)
    #: A card is turned face up to start the discard pile.
    upcard: bool = attrs.field(default=True, validator=_boolean)
    #: How the first dealer is chosen: seat 0, or by lot (a seeded chance outcome).
    first_dealer: Literal["seat-0", "lot"] = attrs.field(default="seat-0", validator=_one_of("seat-0", "lot"))

    # -- melds ------------------------------------------------------------------
    set_min: int = attrs.field(default=3, validator=_positive(2, MAX_MELD))
    set_max: int | None = attrs.field(default=4, validator=_optional_positive(2, MAX_MELD))
    run_min: int = attrs.field(default=3, validator=_positive(2, MAX_MELD))
    ace_low: bool = attrs.field(default=True, validator=_boolean)
    ace_high: bool = attrs.field(default=False, validator=_boolean)
    #: A meld must hold at least as many natural cards as wild ones.
    jokers_at_most_naturals: bool = attrs.field(default=True, validator=_boolean)
    #: With several decks, a set may not hold two cards of one suit.
    distinct_suit_sets: bool = attrs.field(default=False, validator=_boolean)
    #: Which table jokers may be swapped for the card they stand for.
    joker_swap: JokerSwap = attrs.field(default="none", validator=_one_of("none", "runs", "any"))
    #: ``True``: only a player whose contract/opening went down on an earlier turn may swap;
    #: ``False``: a player who is down, or goes down this turn.
    joker_swap_needs_earlier_turn: bool = attrs.field(default=True, validator=_boolean)
    #: A player who has not opened may swap when the joker goes into an opening laid that
    #: same turn (Kalooki: "if they have opened or open in that turn").
    joker_swap_before_opening: bool = attrs.field(default=False, validator=_boolean)
    #: ``True``: a joker taken back by a swap must be played again in the same turn
    #: (Norwegian, docs/rules/norwegian.rst, norwegian-jokers-on-table); ``False``: it goes
    #: to the hand and may be kept for a later turn (docs/rules/kalooki.rst,
    #: kalooki-keep-swapped-joker).
    swapped_joker_same_turn: bool = attrs.field(default=True, validator=_boolean)

    # -- contracts and openings ----------------------------------------------------
    contracts: tuple[Contract, ...] = attrs.field(default=(), converter=_contracts)
    #: The contract may hold extra cards (longer runs, bigger sets).
    all_down_at_once: bool = attrs.field(default=False, validator=_boolean)
    #: Two runs of one suit in a contract must overlap or have a gap between them.
    same_suit_runs_apart: bool = attrs.field(default=False, validator=_boolean)
    #: The last contract goes down only by going out with the whole hand, without a discard.
    last_contract_goes_out: bool = attrs.field(default=False, validator=_boolean)
    #: Points a first lay-down must reach (51 games), or ``None``.
    opening_points: int | None = attrs.field(default=None, validator=_optional_positive(1, MAX_POINTS))

    # -- the turn -------------------------------------------------------------------
    #: New melds a player may lay in one turn (``None``: any number).
    melds_per_turn: int | None = attrs.field(default=None, validator=_optional_positive(1, MAX_DEALT))
    #: When a player may lay off onto table melds.
    layoff_needs: LayoffNeeds = attrs.field(
        default="always", validator=_one_of("down-earlier-turn", "down", "always")
    )
    #: The card just taken from the discard pile may not be discarded in the same turn.
    keep_taken_discard: bool = attrs.field(default=False, validator=_boolean)
    #: Going out needs a final discard (the last card cannot be melded or laid off).
    last_card_discard: bool = attrs.field(default=False, validator=_boolean)
    #: What happens to the discard pile when the stock is empty.
    discard_reuse: DiscardReuse = attrs.field(
        default="reshuffle-keep-top", validator=_one_of("reshuffle-keep-top", "turn-over", "none")
    )
    #: Optional cap on turns per round for bots; the round then ends with no winner.
    max_turns_per_round: int | None = attrs.field(default=None, validator=_optional_positive(1, MAX_TURNS))

    # -- buying and table variants --------------------------------------------------------
    buying: bool = attrs.field(default=False, validator=_boolean)
    #: Buys one player may make in one round (``None``: unlimited).
    max_buys_per_round: int | None = attrs.field(default=None, validator=_optional_positive(0, MAX_BUYS))
    #: Only players whose contract is not down may buy.
    buy_only_before_contract: bool = attrs.field(default=False, validator=_boolean)
    #: Liverpool cut: the player right of the dealer cuts; an exact cut earns ``cut_bonus``.
    liverpool_cut: bool = attrs.field(default=False, validator=_boolean)
    cut_bonus: int = attrs.field(default=-50, validator=_signed(MAX_POINTS))
    #: Shanghai calls on a discard that could be laid off.
    shanghai: bool = attrs.field(default=False, validator=_boolean)

    # -- scoring and the match --------------------------------------------------------------
    values: CardValues = attrs.field(converter=_card_values)
    scoring: Scoring = attrs.field(
        default="penalty", validator=_one_of("penalty", "winner-takes-all", "block", "gin")
    )
    #: Points added to each loser's penalty (Kalooki: 25).
    loser_surcharge: int = attrs.field(default=0, validator=_positive(0, MAX_POINTS))
    #: Going rummy (whole hand in one turn, nothing laid before) doubles the deal.
    going_rummy: bool = attrs.field(default=False, validator=_boolean)
    #: Gin rummy numbers.
    knock_limit: int = attrs.field(default=10, validator=_positive(0, MAX_KNOCK))
    gin_bonus: int = attrs.field(default=25, validator=_positive(0, MAX_POINTS))
    gin_multiplier: int = attrs.field(default=2, validator=_positive(1, MAX_MULTIPLIER))
    undercut_bonus: int = attrs.field(default=20, validator=_positive(0, MAX_POINTS))
    undercut_penalty: int = attrs.field(default=10, validator=_positive(0, MAX_POINTS))
    #: A tie in deadwood counts as an undercut.
    undercut_on_tie: bool = attrs.field(default=False, validator=_boolean)
    #: What a Gin loser pays on a gin (times ``gin_multiplier``): ``"hand"``, every card
    #: held (the source read literally), or ``"deadwood"``, only the cards outside their best
    #: melds (standard Gin; docs/rules/gin.rst, gin-loser-deadwood).
    gin_loser_pays: GinLoserPays = attrs.field(default="hand", validator=_one_of("hand", "deadwood"))
    #: Cards left in the stock when a gin deal is void.
    gin_stock_reserve: int = attrs.field(default=2, validator=_positive(0, 2 * MAX_DECKS * 52))
    #: Deals in a match (``None``: play to ``target_score``).
    rounds: int | None = attrs.field(default=None, validator=_optional_positive(1, MAX_ROUNDS))
    target_score: int | None = attrs.field(default=None, validator=_optional_positive(1, MAX_TARGET))
    lowest_wins: bool = attrs.field(default=True, validator=_boolean)

    def __attrs_post_init__(self) -> None:
        self._check()

    def __str__(self) -> str:
        """A short name line: the preset, the named variants on, then other options that differ.

        The preset is the one of :data:`PRESETS` with this ruleset's name, else the
        nearest one (fewest options changed); a ruleset named otherwise leads with its
        own name. Options a variant of :func:`with_variants` changes are named by the
        variant; the rest are written ``option=value`` (card values as
        ``values.ace=15``). ``repr`` shows every field.

        >>> import attrs, remi
        >>> str(remi.NORWEGIAN)
        'Norwegian Remi'
        >>> str(remi.with_variants(remi.NORWEGIAN, "spade twos wild", "shanghai"))
        'Norwegian Remi + spade twos wild + shanghai'
        >>> str(attrs.evolve(remi.NORWEGIAN, jokers=4, first_dealer="lot"))
        "Norwegian Remi (jokers=4, first_dealer='lot')"
        >>> str(attrs.evolve(remi.with_variants(remi.SWEDISH, "joker and ace 15"), name="Ours", decks=2))
        'Ours: Swedish Basic Rummy + joker and ace 15 (decks=2)'
        """
        return _name_line(self)

    # -- derived values ---------------------------------------------------------------------
    def pack_for(self, players: int) -> tuple[int, int]:
        """Return ``(decks, jokers)`` of the pack for a table of *players*.

        >>> import remi
        >>> remi.SLOVENIAN.pack_for(3), remi.SLOVENIAN.pack_for(4)
        ((1, 3), (2, 6))
        """
        if self.large_table_from is not None and players >= self.large_table_from:
            decks = self.large_table_decks
            jokers = self.jokers if self.large_table_jokers is None else self.large_table_jokers
        else:
            decks, jokers = self.decks, self.jokers
        if isinstance(jokers, int):
            return decks, jokers
        return decks, players - 1

    @property
    def max_decks(self) -> int:
        """The most decks the pack holds at any table size of this game.

        A meld is checked without a table size, so it may hold as many copies
        of a card as this many decks give (docs/rules/index.rst, shared-copies).

        >>> import remi
        >>> remi.SWEDISH.max_decks, remi.NORWEGIAN.max_decks, remi.SLOVENIAN.max_decks
        (1, 2, 2)
        """
        return max(self.pack_for(p)[0] for p in range(self.min_players, self.max_players + 1))

    def pack_size(self, players: int) -> int:
        """Return the number of cards in the pack for *players*."""
        decks, jokers = self.pack_for(players)
        return decks * 52 + jokers

    @property
    def has_jokers(self) -> bool:
        """Whether the pack holds jokers at some table size of this game.

        >>> import remi
        >>> remi.NORWEGIAN.has_jokers, remi.GIN.has_jokers
        (True, False)
        """
        return any(self.pack_for(p)[1] > 0 for p in range(self.min_players, self.max_players + 1))

    @property
    def has_wild_cards(self) -> bool:
        """Whether any card of this game can be wild (jokers, or the ♠2s of the variant)."""
        return self.wild_spade_twos or self.has_jokers

    def hand_size(self, players: int, round: int = 1) -> int:
        """Return the cards dealt to each player in *round* (1-based) at a table of *players*.

        >>> import remi
        >>> remi.NORWEGIAN.hand_size(4, 7), remi.SWEDISH.hand_size(2), remi.SWEDISH.hand_size(5)
        (11, 10, 6)
        """
        if self.hand_size_by_round:
            return self.hand_size_by_round[(round - 1) % len(self.hand_size_by_round)]
        size = 0
        for from_players, cards in self.hand_size_by_players:
            if players >= from_players:
                size = cards
        return size

    # -- validation ---------------------------------------------------------------------------
    def _check(self) -> None:
        for reason in _problems(self):
            raise RulesetError("bad-ruleset", reason)

    # -- serialization -------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """Return a JSON-ready dict of every option.

        >>> import remi
        >>> remi.Ruleset.from_dict(remi.KALOOKI.to_dict()) == remi.KALOOKI
        True
        """
        return attrs.asdict(self, recurse=True)

    @classmethod
    def from_dict(cls, data: Any) -> Ruleset:
        """Build a ruleset from :meth:`to_dict` output, with clear errors for bad input."""
        if not isinstance(data, dict):
            raise RulesetError(
                "bad-ruleset", msg("A ruleset must be a dict, not {type}.", type=type(data).__name__)
            )
        known = {a.name for a in attrs.fields(cls)}
        unknown = sorted(str(key) for key in set(data) - known)
        if unknown:
            raise RulesetError(
                "bad-ruleset", msg("Unknown ruleset options: {names}.", names=", ".join(unknown))
            )
        try:
            return cls(**data)
        except RulesetError:
            raise
        except (TypeError, ValueError, KeyError) as exc:
            raise RulesetError(
                "bad-ruleset", msg("The ruleset cannot be built: {error}.", error=str(exc))
            ) from None

    def describe(self, lang: str = "en") -> str:
        """The house-rules sheet in *lang*: the rules in plain sentences and every option that differs from the preset.

        >>> import remi
        >>> print(remi.GIN.describe().splitlines()[-1])
        These are the rules of Gin Rummy, with no house rules.
        """
        from .house_rules import house_rules

        return house_rules(self, PRESETS, lang)


# -- cross-field checks ---------------------------------------------------------------------
# Each check below looks at one topic and yields the reasons the ruleset is unplayable.
# _problems() runs them in a fixed order and Ruleset raises the first reason it meets, so a
# check may rely on every check before it having passed (no deal size is computed before
# the deal is known to be described).


def _joker_problems(rules: Ruleset) -> Iterator[Message]:
    """Equipment: the joker counts are numbers (or one fewer than the players)."""
    for field in ("jokers", "large_table_jokers"):
        value = getattr(rules, field)
        if field == "large_table_jokers" and value is None:
            continue
        if value != ONE_FEWER_THAN_PLAYERS and (
            not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= MAX_JOKERS
        ):
            yield msg(
                "{option} must be a whole number from 0 to {most} (or {fewer!r}), not {value!r}.",
                option=field,
                most=MAX_JOKERS,
                fewer=ONE_FEWER_THAN_PLAYERS,
                value=value,
            )
    if rules.jokers == ONE_FEWER_THAN_PLAYERS and rules.max_players - 1 > MAX_JOKERS:
        yield msg("{fewer!r} gives more than {most} jokers.", fewer=ONE_FEWER_THAN_PLAYERS, most=MAX_JOKERS)


def _player_problems(rules: Ruleset) -> Iterator[Message]:
    """Equipment: the table sizes form a range."""
    if rules.min_players > rules.max_players:
        yield msg(
            "min_players ({least}) is more than max_players ({most}).",
            least=rules.min_players,
            most=rules.max_players,
        )


def _meld_problems(rules: Ruleset) -> Iterator[Message]:
    """Melds: set sizes form a range and the ace has a place in runs."""
    if rules.set_max is not None and rules.set_max < rules.set_min:
        yield msg("set_max ({most}) is less than set_min ({least}).", most=rules.set_max, least=rules.set_min)
    if not (rules.ace_low or rules.ace_high):
        yield msg("The ace must be allowed low or high in runs (or both).")


def _wild_two_problems(rules: Ruleset) -> Iterator[Message]:
    """Equipment: with ♠2s wild the pack holds no jokers."""
    if rules.wild_spade_twos and (rules.jokers != 0 or rules.large_table_jokers not in (None, 0)):
        yield msg("With ♠2s wild the pack holds no jokers: set jokers to 0.")


def _contract_problems(rules: Ruleset) -> Iterator[Message]:
    """Contracts: a contract game has contracts, hand sizes per round, and hands that can hold them."""
    if rules.family != "contract":
        return
    if not rules.contracts:
        yield msg("A contract game needs at least one contract.")
    if not rules.hand_size_by_round:
        yield msg("A contract game needs hand_size_by_round.")
        return
    for index, contract in enumerate(rules.contracts, start=1):
        need = contract.sets * rules.set_min + contract.runs * rules.run_min
        hand = rules.hand_size_by_round[(index - 1) % len(rules.hand_size_by_round)]
        if need > hand + 1:
            yield nmsg(
                "Round {round}'s contract ({contract}) needs {n} cards but a hand holds at most {most}.",
                "Round {round}'s contract ({contract}) needs {n} cards but a hand holds at most {most}.",
                need,
                round=index,
                contract=contract.phrase(),
                most=hand + 1,
            )


def _deal_problems(rules: Ruleset) -> Iterator[Message]:
    """The deal: hand sizes are given for every table size and the pack can deal them."""
    if rules.family != "contract" and not rules.hand_size_by_round and not rules.hand_size_by_players:
        yield msg("The ruleset says nothing about how many cards are dealt.")
    if rules.hand_size_by_players:
        smallest = min(p for p, _ in rules.hand_size_by_players)
        if smallest > rules.min_players:
            yield nmsg(
                "No hand size is given for {n} players.",
                "No hand size is given for {n} players.",
                rules.min_players,
            )
    for players in range(rules.min_players, rules.max_players + 1):
        cards = max(rules.hand_size_by_round) if rules.hand_size_by_round else rules.hand_size(players, 1)
        if cards < 1:
            yield msg("Nobody gets a card at a table of {players}.", players=players)
        needed = players * cards + 2 + (1 if rules.starter_extra_card else 0)
        if needed > rules.pack_size(players):
            yield nmsg(
                "A table of {players} needs {n} cards to deal, but the pack holds {size}.",
                "A table of {players} needs {n} cards to deal, but the pack holds {size}.",
                needed,
                players=players,
                size=rules.pack_size(players),
            )


def _largest_hand(rules: Ruleset) -> int:
    """The most cards a hand holds on its turn before it lays anything (no buys counted)."""
    dealt = max(rules.hand_size_by_round or [c for _, c in rules.hand_size_by_players])
    return dealt + 1


def _meld_fit_problems(rules: Ruleset) -> Iterator[Message]:
    """Melds: some meld fits in a hand and in the pack, and an opening can be reached.

    A game in which no meld can ever be laid never ends (docs/rules/index.rst,
    shared-option-bounds).
    """
    hand = _largest_hand(rules)
    copies = max(
        4 * decks + jokers
        for decks, jokers in (rules.pack_for(p) for p in range(rules.min_players, rules.max_players + 1))
    )
    if rules.wild_spade_twos:
        copies += 2 * rules.max_decks
    run_fits = rules.run_min <= hand
    set_fits = rules.set_min <= min(hand, copies)
    if not (run_fits or set_fits):
        yield msg(
            "No meld can ever be laid: a hand holds at most {hand} cards on its turn, a run needs "
            "run_min ({run_min}) and a set set_min ({set_min}) of the {copies} cards that can share a rank.",
            hand=hand,
            run_min=rules.run_min,
            set_min=rules.set_min,
            copies=copies,
        )
    if rules.opening_points is not None:
        values = rules.values
        highest = max(values.ace, values.joker, values.ten, values.court, values.of_rank(9))
        most = hand * highest
        if rules.opening_points > most:
            yield msg(
                "opening_points ({points}) can never be reached: a hand of {hand} cards counts at most {most}.",
                points=rules.opening_points,
                hand=hand,
                most=most,
            )


def _gin_problems(rules: Ruleset) -> Iterator[Message]:
    """Gin: a deal must leave stock to draw (docs/rules/index.rst, shared-ruleset-playable)."""
    if rules.family != "gin":
        return
    for players in range(rules.min_players, rules.max_players + 1):
        stock = (
            rules.pack_size(players)
            - players * rules.hand_size(players)
            - (1 if rules.upcard else 0)
            - (1 if rules.starter_extra_card else 0)
        )
        if stock <= rules.gin_stock_reserve:
            yield nmsg(
                "gin_stock_reserve ({reserve}) leaves no card to draw: at a table of {players} the stock "
                "holds {n} after the deal, so every deal would be void at once.",
                "gin_stock_reserve ({reserve}) leaves no card to draw: at a table of {players} the stock "
                "holds {n} after the deal, so every deal would be void at once.",
                stock,
                reserve=rules.gin_stock_reserve,
                players=players,
            )


def _table_play_problems(rules: Ruleset) -> Iterator[Message]:
    """Table play: a kept discard and a swapped joker together could leave no move."""
    if rules.keep_taken_discard and rules.joker_swap != "none" and rules.has_wild_cards:
        yield msg(
            "keep_taken_discard cannot be combined with joker swaps in this version: "
            "a swapped joker and the kept card could leave a player with no move."
        )


def _opening_problems(rules: Ruleset) -> Iterator[Message]:
    """Openings (51 games): no limit on melds per turn, no kept discard."""
    if rules.family != "opening":
        return
    if rules.melds_per_turn is not None:
        yield msg("melds_per_turn cannot limit a 51 game, whose opening may take several melds in one turn.")
    if rules.keep_taken_discard:
        yield msg("keep_taken_discard is not available for the 51 games in this version.")


def _contract_turn_problems(rules: Ruleset) -> Iterator[Message]:
    """Contracts: no limit on melds per turn."""
    if rules.family == "contract" and rules.melds_per_turn is not None:
        yield msg(
            "melds_per_turn cannot limit a contract game, whose contract takes several melds in one turn."
        )


def _match_problems(rules: Ruleset) -> Iterator[Message]:
    """Scoring and the match: the match has an end."""
    if rules.rounds is None and rules.target_score is None:
        yield msg("A match needs a number of rounds or a target score.")


def _contract_round_problems(rules: Ruleset) -> Iterator[Message]:
    """Contracts and rounds: every round has its contract (docs/rules/index.rst, shared-ruleset-playable)."""
    if rules.family == "contract" and (rules.rounds is None or rules.rounds > len(rules.contracts)):
        yield msg(
            "A contract game plays one round per contract: rounds must be a number "
            "from 1 to {most} (the contracts given), not {rounds!r}.",
            most=len(rules.contracts),
            rounds=rules.rounds,
        )


#: The cross-field checks, in the order their reasons are reported.
_CHECKS: Final[tuple[Callable[[Ruleset], Iterator[Message]], ...]] = (
    _joker_problems,
    _player_problems,
    _meld_problems,
    _wild_two_problems,
    _contract_problems,
    _deal_problems,
    _meld_fit_problems,
    _gin_problems,
    _table_play_problems,
    _opening_problems,
    _contract_turn_problems,
    _match_problems,
    _contract_round_problems,
)


def _problems(rules: Ruleset) -> Iterator[Message]:
    """Yield why *rules* cannot be played, topic by topic, in :data:`_CHECKS` order."""
    for check in _CHECKS:
        yield from check(rules)


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
            msg(
                "No preset is called {name!r}; try one of: {presets}.",
                name=name,
                presets=", ".join(sorted(PRESETS)),
            ),
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
        raise RulesetError("bad-ruleset", msg("Expected a Ruleset, got {type}.", type=type(ruleset).__name__))
    try:
        return _apply_variants(ruleset, names)
    except RulesetError as exc:
        if exc.code == "unknown-variant":
            raise
        raise RulesetError(exc.code, _variant_conflict(ruleset, names, exc.reason)) from None


def _variant_conflict(ruleset: Ruleset, names: tuple[str, ...], reason: str) -> Message:
    """Name the variant, or the pair of variants, that *ruleset* cannot take (*reason* says why)."""
    for name in names:
        try:
            _apply_variants(ruleset, (name,))
        except RulesetError as exc:
            return msg(
                "{game} cannot take the variant {variant!r}: {reason}",
                game=ruleset.name,
                variant=name,
                reason=exc.reason,
            )
    for i, first in enumerate(names):
        for second in names[i + 1 :]:
            try:
                _apply_variants(ruleset, (first, second))
            except RulesetError as exc:
                return msg(
                    "The variants {first!r} and {second!r} cannot be combined: {reason}",
                    first=first,
                    second=second,
                    reason=exc.reason,
                )
    shown = ", ".join(repr(n) for n in names)
    return msg("The variants {variants} cannot be combined: {reason}", variants=shown, reason=reason)


def _option_changes(ruleset: Ruleset, base: Ruleset) -> dict[str, object]:
    """The options of *ruleset* that differ from *base*, card values one by one (``values.ace``)."""
    changes: dict[str, object] = {}
    for field in attrs.fields(Ruleset):
        if field.name == "name":
            continue
        mine, theirs = getattr(ruleset, field.name), getattr(base, field.name)
        if field.name == "values":
            for part in attrs.fields(CardValues):
                if getattr(mine, part.name) != getattr(theirs, part.name):
                    changes[f"values.{part.name}"] = getattr(mine, part.name)
        elif mine != theirs:
            changes[field.name] = mine
    return changes


def _variant_changes(name: str) -> dict[str, object]:
    """The options the named variant sets, card values one by one as in :func:`_option_changes`."""
    out: dict[str, object] = {}
    for option, value in NORWEGIAN_VARIANTS[name].items():
        if option == "values" and isinstance(value, Mapping):
            out.update({f"values.{part}": v for part, v in value.items()})
        else:
            out[option] = value
    return out


def _shown_value(option: str, value: object) -> str:
    if option == "contracts" and isinstance(value, tuple):
        return "(" + ", ".join(str(c) for c in value) + ")"
    return repr(value)


def _name_line(ruleset: Ruleset) -> str:
    """:meth:`Ruleset.__str__`: the preset, the variants on, the other options changed."""
    presets = list(PRESETS.values())
    base = next((p for p in presets if p.name == ruleset.name), None)
    if base is None:
        base = min(presets, key=lambda p: len(_option_changes(ruleset, p)))
    changes = _option_changes(ruleset, base)
    variants = []
    for name in NORWEGIAN_VARIANTS:
        wanted = _variant_changes(name)
        if all(option in changes and changes[option] == value for option, value in wanted.items()):
            variants.append(name)
            for option in wanted:
                del changes[option]
    line = " + ".join([base.name, *variants])
    if ruleset.name != base.name:
        line = f"{ruleset.name}: {line}"
    if changes:
        line += " (" + ", ".join(f"{o}={_shown_value(o, v)}" for o, v in changes.items()) + ")"
    return line


def _apply_variants(ruleset: Ruleset, names: tuple[str, ...]) -> Ruleset:
    changes: dict[str, object] = {}
    values = ruleset.values
    for name in names:
        change = NORWEGIAN_VARIANTS.get(name.lower()) if isinstance(name, str) else None
        if change is None:
            raise RulesetError(
                "unknown-variant",
                msg(
                    "No variant is called {name!r}; known: {known}.",
                    name=name,
                    known=", ".join(NORWEGIAN_VARIANTS),
                ),
            )
        for option, value in change.items():
            if option == "values" and isinstance(value, Mapping):
                values = attrs.evolve(values, **value)
                changes["values"] = values
            else:
                changes[option] = value
    return attrs.evolve(ruleset, **changes)  # type: ignore[arg-type]


#: (most decks, most jokers) by ruleset: a ruleset's limits are read once (its hash is cached).
@memoize("pack.limits", maxsize=64)
def _largest_pack(ruleset: Ruleset) -> tuple[int, int]:
    sizes = [ruleset.pack_for(p) for p in range(ruleset.min_players, ruleset.max_players + 1)]
    return max(d for d, _ in sizes), max(j for _, j in sizes)


def pack_limits(ruleset: Ruleset) -> tuple[int, int]:
    """The most decks and the most jokers *ruleset*'s pack holds at any table size."""
    return _largest_pack(ruleset)


def card_counts(cards: Iterable[Card]) -> list[int]:
    """The number of each card code (0–51 natural, 52 joker) in *cards*."""
    counts = [0] * 53
    for card in cards:
        counts[card.code] += 1
    return counts


class PackProblem(NamedTuple):
    """Why a pack cannot give some cards: the code, the card, how many were given and how many it holds."""

    code: ErrorCode
    game: str
    card: Card
    held: int
    most: int

    def sentence(self, what: str, *, many: bool = False) -> Message:
        """One sentence naming the card, the count and the pack; *what* names the cards given.

        *what* is a :class:`~remi.Message` ("this meld", "the hand '♠9 ♠9 ♠9'") so the
        sentence renders in every language; *many* says that *what* is plural
        ("these melds"), for the verb.
        """
        game, most, held = self.game, self.most, self.held
        if self.code == "jokers-not-in-game":
            return msg("{game} is played without jokers, so {what} cannot hold one.", game=game, what=what)
        if self.card.is_joker:
            if many:
                return nmsg(
                    "{game} is played with at most {n} joker; {what} hold {held}.",
                    "{game} is played with at most {n} jokers; {what} hold {held}.",
                    most,
                    game=game,
                    what=what,
                    held=held,
                )
            return nmsg(
                "{game} is played with at most {n} joker; {what} holds {held}.",
                "{game} is played with at most {n} jokers; {what} holds {held}.",
                most,
                game=game,
                what=what,
                held=held,
            )
        if many:
            return nmsg(
                "{game} is played with {n} deck, so there is only {n} {card}; {what} hold {held}.",
                "{game} is played with {n} decks, so there are only {n} {card}; {what} hold {held}.",
                most,
                game=game,
                card=self.card,
                what=what,
                held=held,
            )
        return nmsg(
            "{game} is played with {n} deck, so there is only {n} {card}; {what} holds {held}.",
            "{game} is played with {n} decks, so there are only {n} {card}; {what} holds {held}.",
            most,
            game=game,
            card=self.card,
            what=what,
            held=held,
        )


def pack_refusal(counts: Sequence[int], ruleset: Ruleset) -> PackProblem | None:
    """Say why *ruleset*'s largest pack cannot give the cards of *counts* (53 counts by code), or ``None``.

    A joker comes first (none in the game, or more than its most), then the
    first natural card, in card order, of which more copies are given than
    the most decks hold.
    """
    decks, jokers = pack_limits(ruleset)
    held = counts[JOKER_CODE]
    if held > jokers:
        code: ErrorCode = "jokers-not-in-game" if jokers == 0 else "too-many-copies"
        return PackProblem(code, ruleset.name, Card.from_code(JOKER_CODE), held, jokers)
    if max(counts[:JOKER_CODE]) <= decks:
        return None
    code_of = next(c for c in range(JOKER_CODE) if counts[c] > decks)
    return PackProblem("too-many-copies", ruleset.name, Card.from_code(code_of), counts[code_of], decks)


def value_of(card: Card, ruleset: Ruleset) -> int:
    """:func:`card_value` of a card of the game, unchecked (the solver's tables, the engine)."""
    if card.is_joker or (ruleset.wild_spade_twos and card.code == 1):
        return ruleset.values.joker
    return ruleset.values.of_rank(card.rank)
