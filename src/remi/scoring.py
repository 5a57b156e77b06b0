"""Scoring: card and hand values, and the settlement of a finished deal.

>>> from remi.scoring import hand_value, settle
>>> from remi.rulesets import NORWEGIAN
>>> hand_value("JK ♥K ♦4", NORWEGIAN), settle([[], "♠A ♣8 ♦8"], 0, NORWEGIAN).deltas
(64, (0, 36))

Card values and hand values.

>>> import remi
>>> remi.hand_value("JK ♥K ♦4", remi.NORWEGIAN), remi.hand_value("♠A ♣8 ♦8", remi.NORWEGIAN)
(64, 36)

Settlement: the score changes of a finished deal, for each family (the scoring rules of each page of docs/rules/).

Every function returns a :class:`Settlement`: one score change per seat, the
winning seat (or ``None``), what kind of ending it was and one sentence that
says why. Scores are added to match totals as they are: penalty games count
points against a player (lowest total wins), the others count points for.

>>> import remi
>>> s = remi.settle([["JK", "♥K", "♦4"], [], ["♠A", "♣8", "♦8"]], 1, remi.NORWEGIAN)
>>> s.deltas, s.winner, s.kind
((64, 0, 36), 1, 'out')
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from itertools import combinations, product

import attrs

from .cards import Card, format_cards, parse_cards, sorted_hand
from .codes import as_error_code
from .errors import IllegalActionError, StateError
from .melds import Meld, check_meld, is_wild, layoff_on_legal
from .messages import Message, msg, nmsg
from .rulesets import Ruleset, Scoring, card_counts, pack_limits, pack_refusal, require_ruleset, value_of
from .solver.arrangement import held_arrangement, held_deadwood

__all__ = [
    "card_value",
    "hand_value",
    "Settlement",
    "settle",
    "settle_penalty",
    "settle_basic",
    "settle_block",
    "settle_gin",
    "match_winner",
]


def cards_value(cards: Iterable[Card], ruleset: Ruleset) -> int:
    """:func:`hand_value` of cards the game's pack can give, unchecked (the engine, settlement)."""
    return sum(value_of(card, ruleset) for card in cards)


def card_value(card: Card, ruleset: Ruleset) -> int:
    """Return what *card* costs when held at the end of a round.

    A wild ♠2 (Norwegian variant) scores as a joker when held. A joker in a
    game without jokers is refused, never valued (docs/rules/gin.rst, gin-no-jokers).

    >>> import remi
    >>> card_value(Card("♠A"), remi.NORWEGIAN), card_value(Card("♠A"), remi.KALOOKI)
    (20, 11)
    >>> card_value(Card("JK"), remi.GIN)
    Traceback (most recent call last):
    ...
    remi.StateError: Gin Rummy is played without jokers, so JK has no value in it.
    """
    if not isinstance(card, Card):
        raise TypeError(f"card must be a remi.Card, not {type(card).__name__} {card!r:.60}.")
    require_ruleset(ruleset)
    if card.is_joker and not pack_limits(ruleset)[1]:
        raise StateError(
            "jokers-not-in-game",
            msg("{game} is played without jokers, so JK has no value in it.", game=ruleset.name),
        )
    return ruleset.values.joker if is_wild(card, ruleset) else ruleset.values.of_rank(card.rank)


def refuse_hand(cards: Sequence[Card], ruleset: Ruleset, seat: int | None = None) -> None:
    """Raise :class:`~remi.StateError` when *ruleset*'s pack cannot give the cards *cards*.

    A joker in a game without jokers (``jokers-not-in-game``, docs/rules/gin.rst,
    gin-no-jokers) or more copies of a card than the pack holds
    (``too-many-copies``, docs/rules/index.rst, shared-copies); the message
    quotes the cards as the hand (*seat*'s hand when a seat is given).
    """
    problem = pack_refusal(card_counts(cards), ruleset)
    if problem is not None:
        shown = format_cards(cards)
        what = (
            msg("the hand {cards!r}", cards=shown)
            if seat is None
            else msg("seat {seat}'s hand {cards!r}", seat=seat, cards=shown)
        )
        raise StateError(problem.code, problem.sentence(what))


def hand_value(cards: str | Iterable[Card | str], ruleset: Ruleset) -> int:
    """Return the sum of the values of *cards* held in hand under *ruleset*.

    A hand the game's pack cannot give is refused (:class:`~remi.StateError`):
    a joker in a game without jokers (``jokers-not-in-game``), more copies
    of a card than the pack holds (``too-many-copies``).

    >>> import remi
    >>> hand_value("♣5 ♦9 ♥Q", remi.SWEDISH)
    24
    >>> hand_value("JK", remi.GIN)
    Traceback (most recent call last):
    ...
    remi.StateError: Gin Rummy is played without jokers, so the hand 'JK' cannot hold one.
    >>> hand_value("♠9 ♠9 ♠9", remi.NORWEGIAN)
    Traceback (most recent call last):
    ...
    remi.StateError: Norwegian Remi is played with 2 decks, so there are only 2 ♠9; the hand '♠9 ♠9 ♠9' holds 3.
    """
    require_ruleset(ruleset)
    held = parse_cards(cards)
    refuse_hand(held, ruleset)
    return cards_value(held, ruleset)


Hands = Sequence["str | Iterable[Card | str]"]
#: Hands already checked: one tuple of cards per seat, which the game's pack can give.
Dealt = Sequence[tuple[Card, ...]]


@attrs.frozen
class Settlement:
    """The result of one deal: score changes per seat, the winner, the kind of ending.

    ``kind`` is one of ``"out"`` (somebody went out), ``"no-winner"``,
    ``"rummy"`` (went out going rummy, points doubled), ``"block"``,
    ``"gin"``, ``"knock"``, ``"undercut"`` or ``"tie"`` (a Gin defender's
    deadwood equals the knocker's and ties are not undercuts: ``winner`` is
    ``None``); ``detail`` is one sentence.

    >>> import remi
    >>> remi.settle_basic([[], "♣5 ♦9", "♥Q ♥2", "♠K ♠Q ♠2"], 0, remi.SWEDISH).deltas
    (48, 0, 0, 0)
    """

    deltas: tuple[int, ...]
    winner: int | None
    kind: str
    detail: str


def _hands(hands: Hands, ruleset: Ruleset) -> list[tuple[Card, ...]]:
    require_ruleset(ruleset)
    if isinstance(hands, str):
        raise StateError("bad-hands", msg("Expected one hand per seat, not a single text."))
    try:
        out = [parse_cards(hand) for hand in hands]
    except TypeError:
        raise StateError("bad-hands", msg("Expected a sequence of hands, one per seat.")) from None
    if len(out) < 2:
        raise StateError(
            "bad-hands",
            nmsg(
                "A deal needs at least two seats, not {n}.",
                "A deal needs at least two seats, not {n}.",
                len(out),
            ),
        )
    # docs/rules/gin.rst, gin-no-jokers; docs/rules/index.rst, shared-copies: each hand, then
    # every hand together (one pack deals them all), is what the pack can give.
    for seat, hand in enumerate(out):
        refuse_hand(hand, ruleset, seat)
    together = pack_refusal(card_counts(c for hand in out for c in hand), ruleset)
    if together is not None:
        shown = " / ".join(format_cards(hand) for hand in out)
        raise StateError(together.code, together.sentence(msg("the hands {hands!r}", hands=shown), many=True))
    return out


def _seat(seat: object, seats: int, what: str) -> int:
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < seats:
        raise StateError(
            "bad-seat",
            msg(
                "{what} must be a seat from 0 to {last}, not {value}.",
                what=what,
                last=seats - 1,
                value=repr(seat),
            ),
        )
    return seat


def settle_penalty(hands: Hands, went_out: int | None, ruleset: Ruleset) -> Settlement:
    """Settle a penalty deal (Norwegian, Slovenian, Kalooki): losers score what they hold.

    The player who went out scores 0; each other player scores the value of
    their hand plus ``ruleset.loser_surcharge`` (Kalooki: 25). With
    *went_out* ``None`` (the round ended with no winner) everyone scores
    their hand, without surcharge (docs/rules/norwegian.rst, norwegian-scoring;
    docs/rules/slovenian.rst, slovenian-scoring; docs/rules/kalooki.rst, kalooki-going-out).

    >>> import remi
    >>> settle_penalty([["JK", "♥K", "♦4"], [], ["♠A", "♣8", "♦8"]], 1, remi.NORWEGIAN).deltas
    (64, 0, 36)
    >>> settle_penalty(["♠5", [], "JK"], 1, remi.KALOOKI).deltas
    (30, 0, 50)
    """
    cards = _hands(hands, ruleset)
    return _penalty(cards, None if went_out is None else _seat(went_out, len(cards), "went_out"), ruleset)


def _penalty(cards: Dealt, seat: int | None, ruleset: Ruleset) -> Settlement:
    values = [cards_value(hand, ruleset) for hand in cards]
    if seat is None:
        return Settlement(
            tuple(values), None, "no-winner", msg("Nobody went out: every player scores their hand.")
        )
    surcharge = ruleset.loser_surcharge
    deltas = tuple(0 if i == seat else v + surcharge for i, v in enumerate(values))
    detail = (
        msg(
            "Seat {seat} went out and scores 0; the others score their hand plus {surcharge}.",
            seat=seat,
            surcharge=surcharge,
        )
        if surcharge
        else msg("Seat {seat} went out and scores 0; the others score their hand.", seat=seat)
    )
    return Settlement(deltas, seat, "out", detail)


def settle_basic(
    hands: Hands, went_out: int | None, ruleset: Ruleset, *, going_rummy: bool = False
) -> Settlement:
    """Settle a Basic Rummy deal: the winner takes the sum of the others' hand values.

    Doubled when *going_rummy* (the winner emptied their whole hand in one
    turn without melding before) and ``ruleset.going_rummy`` is on
    (Finnish). With *went_out* ``None`` nobody scores (see
    :func:`settle_block` for Block Rummy) (docs/rules/swedish.rst, basic-scoring).

    >>> import remi
    >>> settle_basic([[], "♣5 ♦9", "♥Q ♥2", "♠K ♠Q ♠2"], 0, remi.SWEDISH).deltas
    (48, 0, 0, 0)
    >>> settle_basic([[], "♣5 ♦9"], 0, remi.FINNISH, going_rummy=True).deltas
    (28, 0)
    """
    cards = _hands(hands, ruleset)
    seat = None if went_out is None else _seat(went_out, len(cards), "went_out")
    return _basic(cards, seat, ruleset, going_rummy)


def _basic(cards: Dealt, seat: int | None, ruleset: Ruleset, going_rummy: bool) -> Settlement:
    if seat is None:
        return Settlement((0,) * len(cards), None, "no-winner", msg("Nobody went out: nobody scores."))
    total = sum(cards_value(hand, ruleset) for i, hand in enumerate(cards) if i != seat)
    doubled = going_rummy and ruleset.going_rummy
    if doubled:
        total *= 2
    deltas = tuple(total if i == seat else 0 for i in range(len(cards)))
    if doubled:
        return Settlement(
            deltas,
            seat,
            "rummy",
            msg("Seat {seat} went rummy and takes twice the others' hands: {total}.", seat=seat, total=total),
        )
    return Settlement(
        deltas,
        seat,
        "out",
        msg("Seat {seat} went out and takes the others' hands: {total}.", seat=seat, total=total),
    )


def settle_block(hands: Hands, ruleset: Ruleset, *, first: int = 0) -> Settlement:
    """Settle a blocked Block Rummy deal: the lowest hand wins the differences to the others.

    The stock is empty, the discard pile is not reused and nobody went
    out: the player with the lowest hand value scores, from each opponent,
    the difference between the two hands (6 vs 15, 7, 21 → 9 + 1 + 15 = 25,
    docs/rules/swedish.rst, basic-block-rummy). [decision] Several players tied for lowest: the first of them
    in turn order counting from seat *first* wins (default seat 0; pass the
    seat that would have played next to count from there).

    >>> import remi
    >>> settle_block(["♠6", "♥10 ♥5", "♦7", "♣K ♣8 ♣3"], remi.SWEDISH).deltas
    (25, 0, 0, 0)
    """
    cards = _hands(hands, ruleset)
    return _block(cards, ruleset, _seat(first, len(cards), "first"))


def _block(cards: Dealt, ruleset: Ruleset, start: int) -> Settlement:
    seats = len(cards)
    values = [cards_value(hand, ruleset) for hand in cards]
    order = [(start + k) % seats for k in range(seats)]
    low = min(values)
    winner = next(s for s in order if values[s] == low)
    total = sum(v - low for v in values)
    deltas = tuple(total if i == winner else 0 for i in range(seats))
    return Settlement(
        deltas,
        winner,
        "block",
        msg(
            "The deal is blocked; seat {seat} holds the lowest hand ({low}) and scores the differences: {total}.",
            seat=winner,
            low=low,
            total=total,
        ),
    )


# -- gin ---------------------------------------------------------------------------------------


def _layoff_options(meld: Meld, hand: Sequence[Card], ruleset: Ruleset) -> list[tuple[Card, ...]]:
    """Every group of natural cards from *hand* that may be laid off onto *meld* at once."""
    held = Counter(c for c in hand if not c.is_joker)
    if meld.kind == "set":
        return _set_layoff_options(meld, held, ruleset)
    return _run_layoff_options(meld, held, ruleset)


def _set_layoff_options(meld: Meld, held: Counter[Card], ruleset: Ruleset) -> list[tuple[Card, ...]]:
    options: list[tuple[Card, ...]] = [()]
    same = sorted_hand(c for c in held.elements() if c.rank == meld.rank)
    seen: set[tuple[Card, ...]] = set()
    for size in range(1, len(same) + 1):
        for group in combinations(same, size):
            if group not in seen and layoff_on_legal(meld, group, ruleset, "high").ok:
                seen.add(group)
                options.append(group)
    return options


def _run_layoff_options(meld: Meld, held: Counter[Card], ruleset: Ruleset) -> list[tuple[Card, ...]]:
    below = _held_beyond(meld, held, -1, ())
    above = _held_beyond(meld, held, +1, below)
    options: list[tuple[Card, ...]] = [()]
    for a in range(len(below) + 1):
        for b in range(len(above) + 1):
            if a == b == 0:
                continue
            group = tuple(below[:a]) + tuple(above[:b])
            if layoff_on_legal(meld, group, ruleset, "high").ok:
                options.append(group)
    return options


def _held_beyond(meld: Meld, held: Counter[Card], step: int, taken: Sequence[Card]) -> list[Card]:
    """The held cards that continue the run *meld* one by one below it (*step* -1) or above it (+1).

    A card already in *taken* ends the line (the ace can continue a run at one end only).
    """
    line: list[Card] = []
    rank = meld.low - 1 if step < 0 else meld.high + 1
    while 1 <= rank <= 14:
        card = Card.of(1 if rank == 14 else rank, meld.suit)
        if not held[card] or card in taken:
            break
        line.append(card)
        rank += step
    return line


def _best_after_layoffs(
    hand: tuple[Card, ...],
    melds: Sequence[Meld],
    ruleset: Ruleset,
    given: tuple[Card, ...] | None,
) -> tuple[int, tuple[Card, ...]]:
    """A defender's least deadwood after laying off onto *melds* (or exactly *given*)."""
    per_meld = [_layoff_options(meld, hand, ruleset) for meld in melds]
    held = Counter(hand)
    best: tuple[int, tuple[Card, ...]] | None = None
    for combo in product(*per_meld):
        laid = sorted_hand(c for group in combo for c in group)
        used = Counter(laid)
        if used - held or (given is not None and laid != given):
            continue
        value = held_deadwood(list((held - used).elements()), ruleset)
        if best is None or (value, len(laid)) < (best[0], len(best[1])):
            best = (value, laid)
    if best is None:
        raise IllegalActionError(
            "bad-layoff",
            msg("{cards} cannot all be laid off onto the knocker's melds.", cards=tuple(given or ())),
        )
    return best


def settle_gin(
    hands: Hands,
    knocker: int,
    ruleset: Ruleset,
    *,
    melds: Iterable[Meld | str | Iterable[Card | str]] | None = None,
    layoffs: Mapping[int, str | Iterable[Card | str]] | None = None,
) -> Settlement:
    """Settle a Gin Rummy deal ended by *knocker*: gin, knock or undercut.

    The rules: docs/rules/gin.rst, gin-gin, gin-knock, gin-undercut.

    *hands* are every seat's cards when the deal ends (the knocker's after
    the final discard). The knocker's melds are *melds* if given, else
    their best arrangement (:func:`~remi.best_arrangement`); their deadwood
    is the value of the rest.

    - **Gin** (no deadwood): the knocker scores ``gin_bonus`` (25); nobody
      lays off, and each other player loses ``gin_multiplier`` (2) × the
      value of every card they hold ([decision] the source counts the
      loser's cards in hand), or only their deadwood at their best
      arrangement with ``gin_loser_pays="deadwood"`` (docs/rules/gin.rst,
      gin-loser-deadwood). A joker in any hand is refused
      (:class:`~remi.StateError`, code ``jokers-not-in-game``).
    - **Knock** (deadwood ≤ ``knock_limit``, else
      :class:`~remi.IllegalActionError`): each defender lays off onto the
      knocker's original melds (never onto another defender's cards), by
      default the lay-offs that leave the least deadwood, or exactly the
      cards ``layoffs[seat]``; each loses the difference between their
      deadwood and the knocker's; the knocker scores 0.
    - **Undercut**: a defender whose deadwood is below the knocker's (or
      equal, with ``undercut_on_tie``) wins and scores ``undercut_bonus``
      (20); the knocker loses ``undercut_penalty`` (10) plus the difference.
      Several undercut: the lowest deadwood wins, ties to the first in turn
      order after the knocker. [decision] The other defenders settle with
      the knocker as in a knock (a negative difference counts 0).
    - **Tie**: a defender whose deadwood equals the knocker's, without
      ``undercut_on_tie``, and nobody below it: kind ``"tie"``, ``winner``
      ``None`` (nobody wins the deal); it scores as a knock (that defender
      and the knocker 0).

    The engine passes *melds*: the melds the knocker chose to lay in the
    knock phase (docs/rules/gin.rst, gin-knocker-chooses).

    >>> import remi
    >>> hands = ["♠A ♠2 ♠3 ♥4 ♦4 ♣4 ♠7 ♠8 ♠9 ♥K", "♥5 ♥6 ♥7 ♣9 ♣10 ♣J ♦2 ♦3 ♠4 ♣K"]
    >>> s = settle_gin(hands, 0, remi.GIN)
    >>> s.kind, s.deltas
    ('knock', (0, -5))
    """
    cards = _hands(hands, ruleset)
    seat = _seat(knocker, len(cards), "knocker")
    shown = None if melds is None else _shown_melds(melds, cards[seat], ruleset)
    return _gin(cards, seat, ruleset, shown, layoffs)


def _gin(
    cards: Dealt,
    seat: int,
    ruleset: Ruleset,
    shown: Sequence[Meld] | None,
    layoffs: Mapping[int, str | Iterable[Card | str]] | None,
) -> Settlement:
    """:func:`settle_gin` of checked hands and legal knocker's melds (*shown*; ``None``: the best)."""
    own = cards[seat]
    if shown is None:
        shown = held_arrangement(own, ruleset).melds
    laid = Counter(c for m in shown for c in m.cards)
    knock_dead = cards_value((Counter(own) - laid).elements(), ruleset)
    if knock_dead > ruleset.knock_limit:
        raise IllegalActionError(
            "knock-too-high",
            nmsg(
                "Seat {seat} cannot knock with {n} in deadwood; the limit is {limit}.",
                "Seat {seat} cannot knock with {n} in deadwood; the limit is {limit}.",
                knock_dead,
                seat=seat,
                limit=ruleset.knock_limit,
            ),
        )
    if knock_dead == 0:
        return _settle_gin_out(cards, seat, ruleset)
    dead = _defenders_deadwood(cards, seat, shown, layoffs, ruleset)
    return _settle_knock(len(cards), seat, knock_dead, dead, ruleset)


def _defenders(seats: int, knocker: int) -> list[int]:
    """The seats other than the knocker's, in turn order after it."""
    return [(knocker + k) % seats for k in range(1, seats)]


def _settle_gin_out(cards: Sequence[tuple[Card, ...]], seat: int, ruleset: Ruleset) -> Settlement:
    """Gin: the knocker scores the bonus; each other seat pays its hand or its deadwood."""
    deltas = [0] * len(cards)
    deltas[seat] = ruleset.gin_bonus
    deadwood_only = ruleset.gin_loser_pays == "deadwood"
    for d in _defenders(len(cards), seat):
        # docs/rules/gin.rst, gin-loser-deadwood: the whole hand, or only the deadwood.
        owed = held_deadwood(cards[d], ruleset) if deadwood_only else cards_value(cards[d], ruleset)
        deltas[d] = -ruleset.gin_multiplier * owed
    params = {"seat": seat, "bonus": ruleset.gin_bonus, "times": ruleset.gin_multiplier}
    detail = (
        msg(
            "Seat {seat} goes gin and scores {bonus}; the others lose {times} times their deadwood.", **params
        )
        if deadwood_only
        else msg(
            "Seat {seat} goes gin and scores {bonus}; the others lose {times} times their hand.", **params
        )
    )
    return Settlement(tuple(deltas), seat, "gin", detail)


def _defenders_deadwood(
    cards: Sequence[tuple[Card, ...]],
    seat: int,
    shown: Sequence[Meld],
    layoffs: Mapping[int, str | Iterable[Card | str]] | None,
    ruleset: Ruleset,
) -> dict[int, int]:
    """Each defender's deadwood after their lay-offs (the best, or exactly ``layoffs[seat]``)."""
    given = {} if layoffs is None else dict(layoffs)
    dead: dict[int, int] = {}
    for d in _defenders(len(cards), seat):
        wanted = given.get(d)
        exact = sorted_hand(parse_cards(wanted)) if wanted is not None else None
        if exact is not None and Counter(exact) - Counter(cards[d]):
            raise IllegalActionError(
                "bad-layoff",
                nmsg(
                    "Seat {seat} does not hold {cards} to lay off.",
                    "Seat {seat} does not hold {cards} to lay off.",
                    len(exact),
                    seat=d,
                    cards=exact,
                ),
            )
        dead[d] = _best_after_layoffs(cards[d], shown, ruleset, exact)[0]
    for d in given:
        if d not in dead:
            raise StateError(
                "bad-seat", msg("Only defenders lay off; {value} is not a defender.", value=repr(d))
            )
    return dead


def _settle_knock(
    seats: int, seat: int, knock_dead: int, dead: Mapping[int, int], ruleset: Ruleset
) -> Settlement:
    """A knock: each defender loses the difference, unless one undercuts the knocker."""
    defenders = _defenders(seats, seat)
    deltas = [0] * seats
    cutters = [
        d for d in defenders if dead[d] < knock_dead or (ruleset.undercut_on_tie and dead[d] == knock_dead)
    ]
    if cutters:
        low = min(dead[d] for d in cutters)
        winner = next(d for d in cutters if dead[d] == low)
        for d in defenders:
            if d != winner:
                deltas[d] = -max(0, dead[d] - knock_dead)
        deltas[winner] = ruleset.undercut_bonus
        deltas[seat] = -(ruleset.undercut_penalty + knock_dead - low)
        return Settlement(
            tuple(deltas),
            winner,
            "undercut",
            msg(
                "Seat {winner} undercuts seat {seat} ({low} against {knock}) and scores {bonus}; "
                "the knocker loses {penalty} plus the difference.",
                winner=winner,
                seat=seat,
                low=low,
                knock=knock_dead,
                bonus=ruleset.undercut_bonus,
                penalty=ruleset.undercut_penalty,
            ),
        )
    for d in defenders:
        deltas[d] = -(dead[d] - knock_dead)
    tied = [d for d in defenders if dead[d] == knock_dead]
    if tied:
        # docs/rules/gin.rst, gin-undercut: a tie that is not an undercut names no winner.
        return Settlement(
            tuple(deltas), None, "tie", _tie_detail(tied, seat, knock_dead, len(tied) < len(defenders))
        )
    return Settlement(
        tuple(deltas),
        seat,
        "knock",
        nmsg(
            "Seat {seat} knocks with {n}; each defender loses the difference to their deadwood.",
            "Seat {seat} knocks with {n}; each defender loses the difference to their deadwood.",
            knock_dead,
            seat=seat,
        ),
    )


def _tie_detail(tied: Sequence[int], seat: int, knock: int, others: bool) -> Message:
    """The detail of a Gin deal where *tied* defenders tie the knock (*others*: more defenders lose)."""
    seats: object = tied[0]
    for later in tied[1:]:
        seats = msg("{head} and {last}", head=seats, last=later)
    # The subject (one seat or several) and the knock's points are two counts: the subject is its own phrase.
    tie = nmsg("Seat {tied} ties", "Seats {tied} tie", len(tied), tied=seats)
    if others:
        return nmsg(
            "{tie} seat {seat}'s knock at {n}: nobody wins the deal, and a tie scores nothing; "
            "each other defender loses the difference to their deadwood.",
            "{tie} seat {seat}'s knock at {n}: nobody wins the deal, and a tie scores nothing; "
            "each other defender loses the difference to their deadwood.",
            knock,
            tie=tie,
            seat=seat,
        )
    return nmsg(
        "{tie} seat {seat}'s knock at {n}: nobody wins the deal, and a tie scores nothing.",
        "{tie} seat {seat}'s knock at {n}: nobody wins the deal, and a tie scores nothing.",
        knock,
        tie=tie,
        seat=seat,
    )


def _shown_melds(
    melds: Iterable[Meld | str | Iterable[Card | str]], hand: Sequence[Card], ruleset: Ruleset
) -> tuple[Meld, ...]:
    out: list[Meld] = []
    for group in melds:
        result = check_meld(group, ruleset)
        shown: Meld | tuple[Card, ...] = group if isinstance(group, Meld) else parse_cards(group)
        if result.code in ("jokers-not-in-game", "too-many-copies"):
            # Cards the pack cannot give keep their codes, as in the hands (docs/rules/gin.rst, gin-no-jokers).
            raise StateError(
                as_error_code(result.code),
                msg("A knocker's meld ({meld}) is not legal: {reason}", meld=shown, reason=result.reason),
            )
        if not result.ok or result.meld is None:
            raise IllegalActionError(
                "invalid-meld",
                msg("A knocker's meld ({meld}) is not legal: {reason}", meld=shown, reason=result.reason),
            )
        out.append(result.meld)
    missing = Counter(c for m in out for c in m.cards) - Counter(hand)
    if missing:
        raise IllegalActionError(
            "not-in-hand",
            nmsg(
                "The knocker does not hold {cards}.",
                "The knocker does not hold {cards}.",
                sum(missing.values()),
                cards=sorted_hand(missing.elements()),
            ),
        )
    return tuple(out)


# -- dispatch and the match ------------------------------------------------------------------------


def settle(
    hands: Hands,
    went_out: int | None,
    ruleset: Ruleset,
    *,
    going_rummy: bool = False,
    first: int = 0,
    melds: Iterable[Meld | str | Iterable[Card | str]] | None = None,
    layoffs: Mapping[int, str | Iterable[Card | str]] | None = None,
) -> Settlement:
    """Settle a finished deal by ``ruleset.scoring``.

    - ``"penalty"``: :func:`settle_penalty`.
    - ``"winner-takes-all"``: :func:`settle_basic` (*going_rummy*); a deal
      with nobody out when the discard pile is not reused
      (``discard_reuse == "none"``, Block Rummy) goes to :func:`settle_block`.
    - ``"block"``: :func:`settle_basic` if somebody went out, else
      :func:`settle_block` (*first*).
    - ``"gin"``: :func:`settle_gin`, *went_out* being the knocker
      (*melds*, *layoffs*); ``None`` is a void deal, nobody scores.

    >>> import remi
    >>> settle(["♠6", "♥10 ♥5", "♦7", "♣K ♣8 ♣3"], None, remi.SWEDISH).deltas
    (0, 0, 0, 0)
    >>> import attrs
    >>> block = attrs.evolve(remi.SWEDISH, scoring="block")
    >>> settle(["♠6", "♥10 ♥5", "♦7", "♣K ♣8 ♣3"], None, block).deltas
    (25, 0, 0, 0)
    """
    cards = _hands(hands, ruleset)  # checks the ruleset first
    scoring = ruleset.scoring
    gin = scoring == "gin"
    seat = None if went_out is None else _seat(went_out, len(cards), "knocker" if gin else "went_out")
    if seat is None and _blocked(scoring, ruleset):
        first = _seat(first, len(cards), "first")
    shown = None if melds is None or seat is None or not gin else _shown_melds(melds, cards[seat], ruleset)
    return settle_dealt(
        cards, seat, ruleset, scoring, going_rummy=going_rummy, first=first, melds=shown, layoffs=layoffs
    )


def _blocked(scoring: Scoring, ruleset: Ruleset) -> bool:
    """Whether a deal nobody went out of is settled as blocked (the lowest hand wins the differences)."""
    return scoring == "block" or (scoring == "winner-takes-all" and ruleset.discard_reuse == "none")


def settle_dealt(
    cards: Dealt,
    went_out: int | None,
    ruleset: Ruleset,
    scoring: Scoring,
    *,
    going_rummy: bool = False,
    first: int = 0,
    melds: Sequence[Meld] | None = None,
    layoffs: Mapping[int, str | Iterable[Card | str]] | None = None,
) -> Settlement:
    """:func:`settle` of hands and melds already checked, by the scoring style *scoring*: no input re-checked.

    The trusted kernel under :func:`settle` (the engine's end of a round): *cards*
    are one tuple per seat that the game's pack can give, *went_out* a seat or
    ``None``, *first* a seat, *melds* legal melds of the knocker's hand (Gin).
    *scoring* is the style to settle by, which need not be ``ruleset.scoring``
    (a capped winner-takes-all deal is settled as ``"block"``).
    """
    if scoring == "penalty":
        return _penalty(cards, went_out, ruleset)
    if scoring == "gin":
        if went_out is None:
            return Settlement((0,) * len(cards), None, "no-winner", msg("Nobody knocked: the deal is void."))
        return _gin(cards, went_out, ruleset, melds, layoffs)
    if went_out is None and _blocked(scoring, ruleset):
        return _block(cards, ruleset, first)
    return _basic(cards, went_out, ruleset, going_rummy)


def match_winner(totals: Sequence[int], ruleset: Ruleset) -> tuple[int, ...]:
    """Return the seats with the best match total: lowest if ``ruleset.lowest_wins``, else highest.

    >>> import remi
    >>> match_winner([120, 45, 45, 300], remi.NORWEGIAN), match_winner([120, 45, 300], remi.SWEDISH)
    ((1, 2), (2,))
    """
    require_ruleset(ruleset)
    try:
        values = [int(t) for t in totals]
    except (TypeError, ValueError):
        raise StateError("bad-totals", msg("Match totals must be a sequence of numbers.")) from None
    if not values:
        raise StateError("bad-totals", msg("A match needs at least one total."))
    best = min(values) if ruleset.lowest_wins else max(values)
    return tuple(i for i, v in enumerate(values) if v == best)
