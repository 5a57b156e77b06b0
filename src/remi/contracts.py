"""Contracts (Norwegian rounds) and openings (the 51 games): whether melds fulfil them.

>>> from remi.contracts import contract_for, check_opening
>>> from remi.rulesets import NORWEGIAN, SLOVENIAN
>>> str(contract_for(2, NORWEGIAN)), check_opening(["♠Q ♥Q ♦Q", "♣8 ♣9 ♣10 ♣J"], SLOVENIAN).points
('1 set + 1 run', 67)

Contracts (Norwegian rounds) and openings (the 51 games).

>>> import remi
>>> remi.check_contract(["♥9 ♠9 ♦9", "♣5 ♣6 ♣7 ♣8"], 2, remi.NORWEGIAN).ok
True
>>> r = remi.check_opening(["♠10 ♥10 ♦10", "♣2 ♣3 ♣4"], remi.SLOVENIAN)
>>> r.ok, r.points, r.reason
(False, 39, 'These melds count 39 points; an opening needs at least 51.')
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator, Sequence

from .cards import Card, parse_cards, sorted_hand
from .codes import as_error_code
from .errors import NotationError, RemiError, RulesetError
from .melds import Check, Meld, check_meld, copies_problem, points_of
from .messages import msg, nmsg
from .rulesets import Contract, Ruleset, require_ruleset

__all__ = ["Contract", "MeldsInput", "check_contract", "check_opening", "contract_for"]


#: The codes of cards the pack cannot give, kept as they are when one meld of several has them.
_PACK_CODES = ("too-many-copies", "jokers-not-in-game")

#: Melds as :class:`Meld` values, or card groups (text or cards) to arrange.
MeldsInput = Iterable["Meld | str | Iterable[Card | str]"]


def _arrange_all(melds: MeldsInput, ruleset: Ruleset) -> tuple[tuple[Meld, ...], Check | None]:
    require_ruleset(ruleset)
    if isinstance(melds, (str, Meld)):
        raise NotationError(
            "not-melds",
            msg(
                "Expected a list of melds (one meld or card group each), got the single {melds!r}.",
                melds=melds,
            ),
        )
    try:
        groups = list(melds)
    except TypeError:
        raise NotationError(
            "not-melds", msg("Expected a list of melds, got {type}.", type=type(melds).__name__)
        ) from None
    arranged: list[Meld] = []
    for number, group in enumerate(groups, start=1):
        result = check_meld(group, ruleset)
        if not result.ok or result.meld is None:
            shown = group if isinstance(group, Meld) else parse_cards(group)
            return (), Check(
                False,
                # The copies a pack holds and a joker the game has not keep their own codes
                # (docs/rules/index.rst, shared-copies; docs/rules/gin.rst, gin-no-jokers).
                as_error_code(result.code) if result.code in _PACK_CODES else "invalid-meld",
                msg(
                    "Meld {number} ({meld}) is not legal: {reason}",
                    number=number,
                    meld=shown,
                    reason=result.reason,
                ),
            )
        arranged.append(result.meld)
    # docs/rules/index.rst, shared-copies: the melds together come from one pack.
    too_many = copies_problem((c for m in arranged for c in m.cards), ruleset, None, msg("these melds"), True)
    if too_many is not None:
        return (), too_many
    return tuple(arranged), None


def contract_for(round: int, ruleset: Ruleset) -> Contract:
    """Return round *round*'s contract (1-based).

    >>> import remi
    >>> str(contract_for(7, remi.NORWEGIAN))
    '3 runs'
    """
    if not require_ruleset(ruleset).contracts:
        raise RulesetError("no-contracts", msg("{game} has no contracts.", game=ruleset.name))
    if not isinstance(round, int) or isinstance(round, bool) or not 1 <= round <= len(ruleset.contracts):
        raise RulesetError(
            "no-such-round",
            msg(
                "{game} has rounds 1 to {last}, not {round!r}.",
                game=ruleset.name,
                last=len(ruleset.contracts),
                round=round,
            ),
        )
    return contract_at(round, ruleset)


def contract_at(round: int, ruleset: Ruleset) -> Contract:
    """:func:`contract_for` of a round the ruleset has (a game's own round), unchecked."""
    return ruleset.contracts[round - 1]


def check_contract(
    melds: MeldsInput,
    round: int,
    ruleset: Ruleset,
    *,
    hand: str | Iterable[Card | str] | None = None,
) -> Check:
    """Check whether *melds* fulfil round *round*'s contract under *ruleset*.

    The contract goes down with exactly its melds, sets of exactly
    ``set_min`` and runs of exactly ``run_min`` cards, unless
    ``all_down_at_once`` allows extra cards (docs/rules/norwegian.rst, norwegian-contracts).
    In the last round of a ``last_contract_goes_out`` game the runs may be
    longer, and when *hand* is given they must take every card of it.

    >>> import remi
    >>> r = remi.check_contract(["♥9 ♠9 ♦9 ♣9", "♣5 ♣6 ♣7 ♣8"], 2, remi.NORWEGIAN)
    >>> r.code, r.reason
    ('extra-cards', 'The contract goes down with exactly its cards: sets of 3, runs of 4; ♠9 ♥9 ♦9 ♣9 has 4.')
    """
    try:
        contract = contract_for(round, ruleset)
    except RemiError as exc:  # RulesetError, reported rather than raised
        return Check(False, exc.code, exc.reason)
    held = None if hand is None else parse_cards(hand)
    if held is not None:
        # docs/rules/index.rst, shared-copies: a hand the pack cannot give is refused first.
        bad_hand = copies_problem(held, ruleset, None, msg("the hand '{cards}'", cards=held))
        if bad_hand is not None:
            return bad_hand
    arranged, bad = _arrange_all(melds, ruleset)
    if bad is not None:
        return bad
    if not arranged:
        return Check(
            False,
            "no-melds",
            msg(
                "Round {round}'s contract ({contract}) needs melds; none were given.",
                round=round,
                contract=contract.phrase(),
            ),
        )
    problems = _contract_problems(arranged, contract, round, ruleset, held)
    return next(problems, Check(True, "ok", "", melds=arranged))


def contract_problem(
    melds: Sequence[Meld], round: int, ruleset: Ruleset, hand: tuple[Card, ...] | None = None
) -> Check | None:
    """:func:`check_contract` of legal melds the pack can give, unchecked: the first problem, or ``None``.

    The trusted kernel under :func:`check_contract` (the engine asks it about
    table melds and a meld from the hand): *round* is one of the ruleset's
    rounds, *melds* are not empty, and *hand* (if given) holds cards of the game.
    """
    arranged = tuple(melds)
    contract = contract_at(round, ruleset)
    return next(_contract_problems(arranged, contract, round, ruleset, hand), None)


def _contract_problems(
    arranged: tuple[Meld, ...],
    contract: Contract,
    round: int,
    ruleset: Ruleset,
    hand: tuple[Card, ...] | None,
) -> Iterator[Check]:
    """Yield what keeps the (legal) melds *arranged* from fulfilling *contract*, in order."""
    runs = [m for m in arranged if m.kind == "run"]
    sets = len(arranged) - len(runs)
    if sets != contract.sets or len(runs) != contract.runs:
        got = Contract(sets, len(runs))
        yield Check(
            False,
            "wrong-combinations",
            msg(
                "Round {round} asks for {contract}, not {got}.",
                round=round,
                contract=contract.phrase(),
                got=got.phrase(),
            ),
            melds=arranged,
        )
    final = ruleset.last_contract_goes_out and round == len(ruleset.contracts)
    if not ruleset.all_down_at_once and not final:
        yield from _extra_cards(arranged, ruleset)
    if ruleset.same_suit_runs_apart:
        yield from _touching_runs(runs, arranged)
    if hand is not None:
        yield from _hand_problems(arranged, hand, round, final)


def _extra_cards(arranged: tuple[Meld, ...], ruleset: Ruleset) -> Iterator[Check]:
    """Contract melds are of exactly ``set_min`` or ``run_min`` cards (docs/rules/norwegian.rst)."""
    for meld in arranged:
        if len(meld.cards) != (ruleset.set_min if meld.kind == "set" else ruleset.run_min):
            yield Check(
                False,
                "extra-cards",
                msg(
                    "The contract goes down with exactly its cards: sets of {set_min}, runs of {run_min}; "
                    "{cards} has {count}.",
                    set_min=ruleset.set_min,
                    run_min=ruleset.run_min,
                    cards=meld.cards,
                    count=len(meld.cards),
                ),
                melds=arranged,
            )


def _touching_runs(runs: Sequence[Meld], arranged: tuple[Meld, ...]) -> Iterator[Check]:
    """Two runs of one suit overlap or leave a gap (``same_suit_runs_apart``)."""
    for i, first in enumerate(runs):
        for second in runs[i + 1 :]:
            if first.suit == second.suit and (first.high + 1 == second.low or second.high + 1 == first.low):
                yield Check(
                    False,
                    "runs-touch",
                    msg(
                        "{first} and {second} join into one run; two runs of one suit must overlap or leave a gap.",
                        first=first,
                        second=second,
                    ),
                    melds=arranged,
                )


def _hand_problems(
    arranged: tuple[Meld, ...], hand: tuple[Card, ...], round: int, final: bool
) -> Iterator[Check]:
    """The hand holds the contract, and in a going-out round nothing else."""
    held = Counter(hand)
    laid = Counter(card for meld in arranged for card in meld.cards)
    missing = laid - held
    if missing:
        yield Check(
            False,
            "not-in-hand",
            nmsg(
                "The hand does not hold {cards}.",
                "The hand does not hold {cards}.",
                sum(missing.values()),
                cards=sorted_hand(missing.elements()),
            ),
            melds=arranged,
        )
    elif final and laid != held:
        left = held - laid
        yield Check(
            False,
            "cards-left-in-hand",
            msg(
                "Round {round} goes down only by going out, but {cards} would stay in hand.",
                round=round,
                cards=sorted_hand(left.elements()),
            ),
            melds=arranged,
        )


def check_opening(melds: MeldsInput, ruleset: Ruleset) -> Check:
    """Check whether *melds* make a legal opening (first lay-down) under *ruleset*.

    Jokers count as the card they stand for; an ace low in a run counts as
    the ruleset says (docs/rules/slovenian.rst, opening-51; docs/rules/kalooki.rst, kalooki-opening). ``points`` holds the count.

    >>> import remi
    >>> r = remi.check_opening(["♠Q ♥Q ♦Q", "JK ♣8 ♣9 ♣10"], remi.SLOVENIAN)
    >>> r.ok, r.points
    (True, 67)
    """
    arranged, bad = _arrange_all(melds, ruleset)
    if bad is not None:
        return bad
    if not arranged:
        return Check(False, "no-melds", msg("An opening needs at least one meld; none were given."))
    points = sum(points_of(m, ruleset) for m in arranged)
    need = ruleset.opening_points
    if need is not None and points < need:
        return Check(
            False,
            "opening-too-low",
            msg(
                "These melds count {points} points; an opening needs at least {need}.",
                points=points,
                need=need,
            ),
            melds=arranged,
            points=points,
        )
    return Check(True, "ok", "", melds=arranged, points=points)
