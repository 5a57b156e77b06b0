"""The turn engine: a table of action kinds, the round's flow, and the family policies plugged in.

Each action kind has one :class:`_ActionKind` entry in :data:`_ACTION_KINDS`: the
phases it belongs to, a *candidates* function that lists every action of that
kind that could be legal (a superset, built from the hand and the table), a
*refusal* function that says why one action is not legal (or ``None``), a
*perform* function that plays it and, for the kinds played onto the table, an
*offered* function that lists the legal ones faster. ``is_legal`` is the
refusal alone (after the checks every kind shares, :func:`_refusal`) and never
plays the action out; ``legal_actions()`` is the candidates filtered through
the refusal, or the fast listing, which tests/test_perf_shape.py and
tests/conformance/test_legality_equivalence.py check gives the same list.

The code is grouped by action kind, in the order of ``legal_actions()``: each
kind's candidates, fast listing, refusal, transition and helpers together,
after the conditions several kinds share.

>>> import remi
>>> state = remi.new_game(remi.NORWEGIAN, players=4, seed=7)
>>> [str(a) for a in state.legal_actions()]
['draw', 'take']
>>> state.is_legal("draw"), state.why_illegal("discard ♠7").code
(True, 'wrong-phase')
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from random import Random
from typing import TYPE_CHECKING, Any, Final, TypeVar, cast

import attrs

from .._cache import Cache, memoize
from ..actions import (
    ACTION_TYPES,
    Action,
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
    is_action,
    meld_key,
    read_action,
    read_meld,
)
from ..cards import CARDS, Card, make_pack, sorted_hand
from ..codes import as_error_code
from ..errors import IllegalActionError, NotationError, RemiError
from ..melds import (
    Check,
    Meld,
    MeldKind,
    check_layoff,
    is_wild,
    layoff_on_legal,
    meld_sort_key,
    swap_on_legal,
    validate_meld,
)
from ..messages import Message, and_list, msg, nmsg
from ..rulesets import Ruleset
from ..scoring import cards_value, settle_dealt
from ..solver.arrangement import held_deadwood
from ..solver.candidates import held_candidates
from ..solver.knocks import held_knock_cards
from .building import BuildSearch, placements
from .policies import Policy, Refusal, already_down, must_keep_card, never, policy_for, the_joker
from .state import (
    Opened,
    RoundResult,
    Scratch,
    hand_with,
    hand_without,
    known_without,
    opened,
    sealed,
    with_changes,
)

if TYPE_CHECKING:
    from . import GameState

__all__ = [
    "legal_actions",
    "refusal_of",
    "why_illegal",
    "apply",
    "lay_all",
    "start",
]

#: The fixed order of action kinds in ``legal_actions()``: the order of ``ACTION_TYPES``.
_ACTION_ORDER: Final = {cls: index for index, cls in enumerate(ACTION_TYPES)}


def event_rng(seed: int, *parts: object) -> Random:
    return Random("remi:" + ":".join(str(p) for p in (seed, *parts)))


def _action_key(action: Action) -> tuple[Any, ...]:
    kind = _ACTION_ORDER[type(action)]
    if isinstance(action, LayDown):
        return (kind, tuple(meld_key(m) for m in action.melds))
    if isinstance(action, LayOff):
        return (kind, action.card.code, action.target, action.low)
    if isinstance(action, SwapJoker):
        return (kind, action.card.code, action.target)
    if isinstance(action, Discard):
        return (kind, action.card.code, action.shanghai)
    if isinstance(action, (Knock, Build)):
        return (kind, action.card.code)
    if isinstance(action, CallShanghai):
        return (kind, action.target, action.low)
    return (kind,)


def _distinct(cards: Sequence[Card]) -> list[Card]:
    """The distinct cards of a sorted hand, in order."""
    last: Card | None = None
    for card in cards:
        if card is last:
            break
        last = card
    else:  # no card twice (one pack): the hand itself
        return list(cards)
    out: list[Card] = []
    last = None
    for card in cards:
        if card is not last:  # cards are interned: one object per card
            out.append(card)
            last = card
    return out


# -- shared conditions: what several kinds ask ---------------------------------------------------------


def _can_draw(stock: Sequence[Card], discard: Sequence[Card], rules: Ruleset) -> bool:
    """Whether a stock draw is possible: cards in the stock, or a pile to rebuild it from."""
    if stock:
        return True
    if rules.discard_reuse == "none":
        return False
    return len(discard) >= (1 if rules.discard_reuse == "turn-over" else 2)


def _may_lay_off(s: GameState, policy: Policy, seat: int) -> bool:
    needs = s.ruleset.layoff_needs
    if needs == "always":
        return True
    if needs == "down":
        return policy.is_down(s, seat)
    return 0 <= s.down[seat] < s.turn


def _could_fit(meld: Meld, card: Card, rules: Ruleset) -> bool:
    """A necessary condition for :func:`check_layoff`: can *card* possibly extend *meld*?"""
    if is_wild(card, rules):
        return True
    if meld.kind == "set":
        return card.rank == meld.rank
    if card.suit_index != meld.suit:
        return False
    rank = card.rank
    below, above = meld.low - 1, meld.high + 1
    return rank in (below, above) or (rank == 1 and above == 14)


#: Per (meld, ruleset object): the answers about the cards laid against it, by card code. The
#: ruleset is matched by identity (the entry keeps it, so its id cannot be reused while the entry
#: lives); the meld by value (equal melds come back game after game). An entry's answers are at most
#: one per card of the pack (53), so only the entries are bounded.
_MeldAnswers = Cache[tuple[Meld, int], tuple[Ruleset, dict[int, Any]]]


def _answers(cache: _MeldAnswers, meld: Meld, rules: Ruleset) -> dict[int, Any]:
    """The answers *cache* keeps about cards against *meld* under *rules*, by card code."""
    key = (meld, id(rules))
    entry = cache.get(key)
    if entry is None or entry[0] is not rules:
        entry = cache.put(key, (rules, {}))
    return entry[1]


def _layoff_pair(meld: Meld, card: Card, rules: Ruleset) -> tuple[Check, Check | None]:
    # A table meld of a state is legal (an invariant from_dict checks), so check_layoff's
    # re-validation of it is skipped; a card from a hand is a joker only in a game with jokers.
    if card.is_joker and not rules.has_jokers:
        return check_layoff(meld, (card,), rules, end="high"), None
    first = layoff_on_legal(meld, (card,), rules, "high")
    if meld.kind == "set" or not first.ok:
        return first, None
    if card.rank != 1 and not is_wild(card, rules):
        # A natural card other than an ace has one place on a run, its rank's: the low
        # end would give the same run (_layoff_pair_in_full asks, the oracle).
        return first, None
    return _low_choice(meld, card, rules, first)


def _layoff_pair_in_full(meld: Meld, card: Card, rules: Ruleset) -> tuple[Check, Check | None]:
    """:func:`_layoff_pair` asking the low end of every run a card fits (the oracle the tests compare it with)."""
    if card.is_joker and not rules.has_jokers:
        return check_layoff(meld, (card,), rules, end="high"), None
    first = layoff_on_legal(meld, (card,), rules, "high")
    if meld.kind == "set" or not first.ok:
        return first, None
    return _low_choice(meld, card, rules, first)


def _low_choice(meld: Meld, card: Card, rules: Ruleset, first: Check) -> tuple[Check, Check | None]:
    """*first* and the low placement of *card* on the run *meld*, when that differs from it."""
    low = layoff_on_legal(meld, (card,), rules, "low")
    if low.ok and low.meld != first.meld:
        return first, low
    return first, None


_LAYOFFS: Final[_MeldAnswers] = Cache("engine.layoffs", 4096)


def _layoff_results(meld: Meld, card: Card, rules: Ruleset) -> tuple[Check, Check | None]:
    """Return the default placement and, when the player has a real choice, the low one.

    Cached: the same table meld is asked about the same cards turn after turn.
    """
    answers = _answers(_LAYOFFS, meld, rules)
    got: tuple[Check, Check | None] | None = answers.get(card.code)
    if got is None:
        got = answers[card.code] = _layoff_pair(meld, card, rules)
    return got


def _fits(meld: Meld, card: Card, rules: Ruleset) -> bool:
    """Whether *card* can be laid off onto the table *meld* (at its default end)."""
    return _layoff_results(meld, card, rules)[0].ok


def _fits_somewhere(table: Sequence[Meld], card: Card, rules: Ruleset) -> bool:
    return any(_could_fit(m, card, rules) and _fits(m, card, rules) for m in table)


def _first_fits(table: Sequence[Meld], card: Card, rules: Ruleset, most: int) -> list[int]:
    """The first *most* table melds (their indices) *card* can be laid off on, in table order."""
    out: list[int] = []
    for target, meld in enumerate(table):
        if _could_fit(meld, card, rules) and _fits(meld, card, rules):
            out.append(target)
            if len(out) == most:
                break
    return out


def _layoff_choice(s: GameState, meld: Meld, card: Card, low: bool) -> Check | Refusal:
    """The placement a lay-off of *card* on *meld* makes, or the refusal."""
    first, lower = _layoff_results(meld, card, s.ruleset)
    if not first.ok:
        return (as_error_code(first.code), first.reason)
    if not low:
        return first
    if lower is None:
        if meld.kind == "set":
            return (
                "no-end-choice",
                msg(
                    "A set has no ends, so {card} cannot be placed low on {meld}; leave the end unset.",
                    card=card,
                    meld=meld,
                ),
            )
        return (
            "no-end-choice",
            msg("{card} can only go one place on {meld}; leave the end unset.", card=card, meld=meld),
        )
    return lower


def _placed(result: Check | Refusal) -> Meld:
    """The meld a checked lay-off or swap produces (the kind's refusal has already let it through)."""
    if isinstance(result, tuple):  # pragma: no cover - refused before it is performed
        raise IllegalActionError(*result)
    if result.meld is None:  # pragma: no cover - a passing check always carries its meld
        raise IllegalActionError("internal", msg("The move produced no meld."))
    return result.meld


def _not_in_hand(hand: Sequence[Card], cards: Iterable[Card], seat: int) -> Refusal | None:
    missing = Counter(cards) - Counter(hand)
    if missing:
        return ("not-in-hand", _not_held(seat, sorted_hand(missing.elements())))
    return None


def _not_held(seat: int, cards: tuple[Card, ...]) -> Message:
    return nmsg(
        "Seat {seat} does not hold {cards}.",
        "Seat {seat} does not hold {cards}.",
        len(cards),
        seat=seat,
        cards=cards,
    )


def _card_not_in_hand(hand: Sequence[Card], card: Card, seat: int) -> Refusal | None:
    return None if card in hand else ("not-in-hand", _not_held(seat, (card,)))


def _no_such_meld(s: GameState, target: int) -> Refusal | None:
    if target < len(s.table):
        return None
    return (
        "no-such-meld",
        nmsg(
            "There is no table meld {target}; the table has {n}.",
            "There is no table meld {target}; the table has {n}.",
            len(s.table),
            target=target,
        ),
    )


def _played_card_refusal(s: GameState, target: int, card: Card) -> Refusal | None:
    """A card played from the hand onto table meld *target* (a lay-off, a swap): the meld, the card, one left."""
    seat = s.turn_player
    hand = s.hands[seat]
    why = _no_such_meld(s, target) or _card_not_in_hand(hand, card, seat)
    if why is None and must_keep_card(s) and len(hand) <= 1:
        return _must_discard_last()
    return why


def _must_discard_last() -> Refusal:
    """The refusal of a move that leaves no card for the final discard a game's going out needs."""
    return ("must-discard-last", msg("You must keep a card to discard: going out needs a final discard."))


def _no_melds() -> Message:
    return msg("A lay-down needs at least one meld.")


def _nothing_laid(rules: Ruleset) -> Refusal:
    return (
        "nothing-laid-in-gin",
        msg(
            "In {ruleset} nothing is laid on the table during play; knock to end the deal.",
            ruleset=rules.name,
        ),
    )


def _discard_allowed(s: GameState, hand: Sequence[Card], card: Card) -> bool:
    return not (s.ruleset.keep_taken_discard and s.taken == card and hand.count(card) < 2)


def _strands_taken_card(s: GameState, hand: Sequence[Card], table: Sequence[Meld]) -> bool:
    """Whether a move would leave only the card just taken from the discard pile in hand.

    [decision] With ``keep_taken_discard`` that card may not be discarded this
    turn, so a lay-down or lay-off that leaves it alone in hand is refused
    unless it could itself be laid off (going out).
    """
    taken = s.taken
    if not s.ruleset.keep_taken_discard or taken is None or len(hand) != 1 or hand[0] != taken:
        return False
    if must_keep_card(s):
        return True
    return not _fits_somewhere(table, taken, s.ruleset)


def _stranded(card: Card) -> Message:
    """The reason a move may not leave only *card*, just taken from the discard pile, in hand."""
    return msg(
        "That would leave only {card}, just taken from the discard pile, which may not be discarded.",
        card=card,
    )


def _pending_text(s: GameState) -> Message:
    """How a reason names the wild card(s) taken back this turn: the joker, or the ♠2."""
    names: dict[str, object] = {}
    for card in s.pending:
        name = the_joker() if card.is_joker else card
        names.setdefault(str(name), name)
    if not names:
        return the_joker()
    return and_list([names[key] for key in sorted(names)])


def _pending_ok(s: GameState, table: Sequence[Meld], hand: Sequence[Card], pending: Sequence[Card]) -> bool:
    """Whether every joker taken back this turn can still be played this turn.

    A joker is played again by a lay-off (when the seat may lay off), or in
    the 51 games also in a new meld or the opening itself. With a final
    discard required, a card must also remain for it.
    """
    if not pending:
        return True
    if must_keep_card(s) and len(hand) <= len(pending):
        return False
    policy = policy_for(s.ruleset)
    rules = s.ruleset
    seat = s.turn_player
    layoff = _may_lay_off(s, policy, seat) and (policy.is_down(s, seat) or rules.layoff_needs == "always")
    for joker in pending:
        if layoff and _fits_somewhere(table, joker, rules):
            continue
        if policy.freed_joker_in_new_meld() and _joker_meldable(s, hand, joker):
            continue
        return False
    return True


def _joker_meldable(s: GameState, hand: Sequence[Card], joker: Card) -> bool:
    """Whether some lay-down of *hand* that uses *joker* would be legal now (51 games)."""
    policy = policy_for(s.ruleset)
    keep_one = must_keep_card(s)
    for meld in held_candidates(hand, s.ruleset):
        if joker not in meld.cards or (keep_one and len(meld.cards) == len(hand)):
            continue
        if policy.lay_refusal(s, s.turn_player, hand, meld) is None:
            return True
    return False


@memoize("engine.hand-meld-list", maxsize=512)
def _hand_meld_list(
    hand: tuple[Card, ...], rules: Ruleset, exact: bool = False, kinds: tuple[MeldKind, ...] = ("set", "run")
) -> tuple[Meld, ...]:
    """The hand's candidate melds in the one meld order, to walk (:func:`_hand_melds` asks ``in``).

    With *exact*, only those of exactly the least size; only those of *kinds*.
    """
    return held_candidates(hand, rules, exact=exact, kinds=kinds)


@memoize("engine.hand-melds", maxsize=512)
def _hand_melds(
    hand: tuple[Card, ...], rules: Ruleset, exact: bool = False, kinds: tuple[MeldKind, ...] = ("set", "run")
) -> dict[Meld, None]:
    """:func:`_hand_meld_list` as a dict, for a fast ``in``: built only when a refusal asks.

    A 60-card seat has 27,000 candidates; hashing them (cards hash in Python) costs a
    third of its lay listing, which walks the tuple instead.
    """
    return dict.fromkeys(_hand_meld_list(hand, rules, exact, kinds))


# Cut --------------------------------------------------------------------------------------------------


def _perform_cut(s: GameState, action: Cut) -> GameState:
    """The cut is a chance outcome: within five cards of the exact count, each equally likely."""
    w = Scratch.of(s)
    exact = _dealt_count(w)
    size = len(w.stock)
    low, high = max(1, exact - 5), min(size - 1, exact + 5)
    k = event_rng(w.seed, w.round, "cut").randint(low, high)
    w.stock = w.stock[-k:] + w.stock[:-k]
    if k == exact:
        w.cut_bonus_seat = w.to_act
    _deal(w)
    return w.freeze()


# Draw and take ----------------------------------------------------------------------------------------


def _refuse_draw(s: GameState, action: DrawStock) -> Refusal | None:
    if _can_draw(s.stock, s.discard, s.ruleset):
        return None
    if s.ruleset.discard_reuse == "none":
        return (
            "stock-empty",
            msg("The stock is empty; take the discard, or pass to decline it and end the deal."),
        )
    return ("stock-empty", msg("The stock is empty and cannot be rebuilt; take the discard."))


def _perform_draw(s: GameState, action: DrawStock) -> GameState:
    stock = s.stock
    if stock:
        # The common draw, on the fields it changes (no scratch copy): the card, and where the
        # game buys, the buying window it opens (as _draw_in_full opens it).
        rules = s.ruleset
        w = opened(s)
        w.hands = _hands_with(s.hands, s.turn_player, stock[-1])
        w.stock = rest = stock[:-1]
        w.phase = "play"
        if rules.buying and _can_buy(rest, s.discard, rules):
            queue = _buyers(s, exclude=-1)
            if queue:
                w.queue = tuple(queue)
                w.phase = "buy"
                w.to_act = queue[0]
        return sealed(w)
    return _draw_in_full(s)


def _draw_in_full(s: GameState) -> GameState:
    """The draw through a scratch copy, in every case: the stock rebuilt, a buying window opened."""
    w = Scratch.of(s)
    if not w.stock:
        _rebuild_stock(w, keep_top=w.ruleset.discard_reuse == "reshuffle-keep-top")
    w.give(s.turn_player, w.stock.pop())
    w.phase = "play"
    if w.ruleset.buying and _can_buy(w.stock, w.discard, w.ruleset):
        w.queue = _buyers(w, exclude=-1)
        if w.queue:
            w.phase = "buy"
            w.to_act = w.queue[0]
    return w.freeze()


def _draw_offered(s: GameState) -> tuple[DrawStock, ...]:
    """The draw, where :func:`_refuse_draw` allows it, without writing the reason it would refuse with."""
    return _DRAW if _can_draw(s.stock, s.discard, s.ruleset) else ()


def _take_offered(s: GameState) -> tuple[TakeDiscard, ...]:
    """The take, where :func:`_refuse_take` allows it."""
    return _TAKE if s.discard else ()


def _refuse_take(s: GameState, action: TakeDiscard) -> Refusal | None:
    return None if s.discard else ("discard-empty", msg("The discard pile is empty; draw from the stock."))


def _perform_take(s: GameState, action: TakeDiscard) -> GameState:
    seat = s.turn_player
    card = s.discard[-1]
    known = list(s.known)
    known[seat] = sorted_hand((*known[seat], card))
    w = opened(s)
    w.hands = _hands_with(s.hands, seat, card)
    w.discard = s.discard[:-1]
    w.known = tuple(known)
    w.taken = card
    w.phase = "play"
    return sealed(w)


def _hands_with(hands: tuple[tuple[Card, ...], ...], seat: int, card: Card) -> tuple[tuple[Card, ...], ...]:
    """*hands* with *card* put into *seat*'s hand, in its place."""
    return (*hands[:seat], hand_with(hands[seat], card), *hands[seat + 1 :])


# Buy and pass -----------------------------------------------------------------------------------------


def _can_buy(stock: Sequence[Card], discard: Sequence[Card], rules: Ruleset) -> bool:
    """Whether the discard top can be bought: something can be its penalty card.

    docs/rules/norwegian.rst, norwegian-buy-empty-stock: with the stock empty,
    the card bought is taken, the next card stays face up on the pile, and the
    rest of the pile is rebuilt into the stock; so the pile must hold at least
    one card under those two, and the game must reuse its pile.
    """
    if not discard:
        return False
    return bool(stock) or (rules.discard_reuse != "none" and len(discard) >= 3)


def _buyers(w: Scratch | GameState, exclude: int) -> list[int]:
    rules = w.ruleset
    out = []
    for offset in range(1, w.players):
        seat = (w.turn_player + offset) % w.players
        if seat == exclude:
            continue
        if rules.max_buys_per_round is not None and w.buys[seat] >= rules.max_buys_per_round:
            continue
        if rules.buy_only_before_contract and w.down[seat] >= 0:
            continue
        out.append(seat)
    return out


def _refuse_buy(s: GameState, action: Buy) -> Refusal | None:
    if _can_buy(s.stock, s.discard, s.ruleset):
        return None
    top = s.discard_top
    if s.ruleset.discard_reuse == "none":
        why = msg("this game never reuses the discard pile, so nothing can be the penalty card")
    elif len(s.discard) == 2:
        why = msg(
            "the pile holds only the next card, {card}, under it, which stays face up, "
            "so nothing is left to rebuild the stock from for the penalty card",
            card=s.discard[-2],
        )
    else:
        why = msg("the pile holds nothing under it to rebuild the stock from for the penalty card")
    return ("cannot-buy", msg("The stock is empty and {why}: {card} cannot be bought.", why=why, card=top))


def _perform_buy(s: GameState, action: Buy) -> GameState:
    stock = s.stock
    if not stock:
        return _buy_in_full(s)
    # The common buy, on the fields it changes (no scratch copy): what _buy_in_full does.
    buyer = s.to_act
    card = s.discard[-1]
    rules = s.ruleset
    w = opened(s)
    w.hands = (*s.hands[:buyer], sorted_hand((*s.hands[buyer], card, stock[-1])), *s.hands[buyer + 1 :])
    w.known = (*s.known[:buyer], sorted_hand((*s.known[buyer], card)), *s.known[buyer + 1 :])
    w.discard = discard = s.discard[:-1]
    w.stock = rest = stock[:-1]
    w.buys = (*s.buys[:buyer], s.buys[buyer] + 1, *s.buys[buyer + 1 :])
    w.last_buyer = buyer
    queue = _buyers(cast("GameState", w), exclude=buyer) if _can_buy(rest, discard, rules) else []
    w.queue = tuple(queue)
    if queue:
        w.to_act = queue[0]
    else:
        w.phase = "play"
        w.to_act = s.turn_player
        w.last_buyer = -1
    return sealed(w)


def _buy_in_full(s: GameState) -> GameState:
    """The buy through a scratch copy, in every case: the stock rebuilt from the pile when empty."""
    w = Scratch.of(s)
    buyer = s.to_act
    card = w.discard.pop()
    if not w.stock:
        # docs/rules/norwegian.rst, norwegian-buy-empty-stock: the next card stays face up and open
        # to the remaining buyers; the rest of the pile becomes the stock the penalty card comes from.
        _rebuild_stock(w, keep_top=True)
    penalty = w.stock.pop()
    w.give(buyer, card, penalty)
    w.learn(buyer, card)
    w.buys[buyer] += 1
    w.last_buyer = buyer
    queue = _buyers(w, exclude=buyer) if _can_buy(w.stock, w.discard, w.ruleset) else []
    _continue_window(w, queue)
    return w.freeze()


def _continue_window(w: Scratch, queue: list[int]) -> None:
    w.queue = queue
    if queue:
        w.to_act = queue[0]
    else:
        w.phase = "play"
        w.to_act = w.turn_player
        w.last_buyer = -1


def _refuse_pass(s: GameState, action: Pass) -> Refusal | None:
    if s.phase == "knock":
        return _refuse_knock_finish(s)
    if s.phase != "draw":
        return None
    # docs/rules/swedish.rst, basic-block-rummy: with the stock empty and the pile never reused,
    # the player on turn may decline the discard top, which ends the deal.
    if s.ruleset.discard_reuse == "none" and not s.stock:
        return None
    return (
        "must-draw",
        msg(
            "Seat {seat} must draw from the stock or take the discard; passing is not possible.",
            seat=s.to_act,
        ),
    )


def _pass_offered(s: GameState) -> tuple[Pass, ...]:
    """The pass, where :func:`_refuse_pass` allows it, without writing the reason it would refuse with."""
    if s.phase == "draw" and not (s.ruleset.discard_reuse == "none" and not s.stock):
        return ()
    return _PASS if _refuse_pass(s, _PASS[0]) is None else ()


def _perform_pass(s: GameState, action: Pass) -> GameState:
    if s.phase == "knock":
        return _perform_knock_finish(s)
    if s.phase == "buy":
        # What _continue_window does, on the few fields a pass changes (no scratch copy).
        queue = s.queue[1:]
        window = opened(s)
        window.queue = queue
        if queue:
            window.to_act = queue[0]
        else:
            window.phase = "play"
            window.to_act = s.turn_player
            window.last_buyer = -1
        return sealed(window)
    w = Scratch.of(s)
    if s.phase == "shanghai":
        rest = w.queue[1:]
        if rest:
            w.queue = rest
            w.to_act = rest[0]
        else:
            _next_turn(w, s.shanghai_from)
    else:  # the draw phase of Block Rummy: declining the top ends the deal
        _end_round(w, None)
    return w.freeze()


# Lay down ---------------------------------------------------------------------------------------------


def _lay_candidates(s: GameState) -> Iterable[Action]:
    """Any meld of the hand: during play where melds are laid, and the Gin knocker's after the knock."""
    if s.phase != "knock" and not policy_for(s.ruleset).table_play:
        return ()
    return [LayDown((m,)) for m in _hand_meld_list(s.hands[s.turn_player], s.ruleset)]


def _lay_offered(s: GameState) -> list[Action]:
    """The legal lay-downs: exactly the candidates that :func:`_refuse_lay` lets through.

    A candidate is a meld the hand can form, so the checks that it is a legal
    meld held in hand pass by construction; the family's test is asked
    through :meth:`Policy.lay_filter`, which shares its work across the
    candidates of one hand. Where melds go down card by card, the lay-downs
    are the melds of exactly the cards chosen (none before a card is).
    """
    if s.phase == "knock":
        return _knock_lays(s)
    policy = policy_for(s.ruleset)
    if policy.may_build and policy.builds(s):
        if not s.building:
            return []
        search = _build_search(s)
        return [] if search is None else [_lay_one(m) for m in search.melds(s.building)]
    ask = _lay_question(s, listed=True)
    if ask is None:
        return []
    passes, kinds, test = ask
    hand = s.hands[s.turn_player]
    melds = _hand_meld_list(hand, s.ruleset, policy.exact_sizes(s), kinds)
    if s.pending or s.taken is not None:
        return [_lay_one(m) for m in melds if passes(m)]
    # passes() without the checks of a joker pending and a card taken, neither of which applies.
    size = len(hand) if must_keep_card(s) else -1
    return [_lay_one(m) for m in melds if len(m.cards) != size and test(m)]


def _meld_limit(s: GameState, policy: Policy) -> Refusal | None:
    """The refusal of any new meld when the turn's ``melds_per_turn`` are laid, or ``None``."""
    rules = s.ruleset
    limit = rules.melds_per_turn
    if policy.limits_melds_per_turn and limit is not None and s.melds_this_turn >= limit:
        return (
            "meld-limit",
            nmsg(
                "You may lay at most {n} new meld a turn in {ruleset}.",
                "You may lay at most {n} new melds a turn in {ruleset}.",
                limit,
                ruleset=rules.name,
            ),
        )
    return None


def _joker_pending(s: GameState) -> Refusal:
    return ("joker-pending", msg("Play {wild} you took from the table first.", wild=_pending_text(s)))


def _lay_question(
    s: GameState, listed: bool = False
) -> tuple[Callable[[Meld], bool], tuple[MeldKind, ...], Callable[[Meld], bool]] | None:
    """The test of laying one meld of the hand now, the kinds worth asking, and the family's part of the test.

    ``None`` when no meld can be laid at all. The test equals
    ``_refuse_lay(s, LayDown((meld,))) is None`` for a legal meld formed from
    the hand (of the least size where sizes are exact), apart from the order
    a meld laid card by card needs. *listed*: asked only of the melds
    :func:`_lay_offered` lists (:meth:`Policy.listed_lay_filter`).
    """
    rules = s.ruleset
    policy = policy_for(rules)
    if not policy.table_play or _meld_limit(s, policy) is not None:
        return None
    pending = s.pending
    if pending and not policy.freed_joker_in_new_meld():
        return None
    seat = s.turn_player
    hand = s.hands[seat]
    size = len(hand)
    keep = must_keep_card(s)
    taken = s.taken
    test = (policy.listed_lay_filter if listed else policy.lay_filter)(s, seat, hand)
    if test is never:
        return None
    # A family that lays only melds of the least size is offered only those.
    kinds = policy.lay_kinds(s, seat)
    if not kinds:
        return None

    def passes(meld: Meld) -> bool:
        cards = meld.cards
        left = size - len(cards)
        if left == 0 and keep:
            return False
        if pending and not any(c in pending for c in cards):
            return False
        if not test(meld):
            return False
        if left == 1 and taken is not None:
            rest = list(hand)
            for card in cards:
                rest.remove(card)
            if _strands_taken_card(s, rest, [*s.table, meld]):
                return False
        return True

    return passes, kinds, test


def _lay_one(meld: Meld) -> LayDown:
    """``LayDown(meld)`` for a meld of the solver: a run is already canonical, so no conversion runs."""
    if meld.kind != "run":
        return _set_lay(meld)
    action = _new_action(LayDown)
    _set_field(action, "meld", meld)
    return action


@memoize("engine.set-lays", maxsize=8192)
def _set_lay(meld: Meld) -> LayDown:
    """The lay-down of one set, kept by the set (a set is put in canonical order on the way in: done once)."""
    return LayDown(meld)


_new_action: Final = object.__new__
_set_field: Final = object.__setattr__


def _refuse_lay(s: GameState, action: LayDown) -> Refusal | None:
    if s.phase == "knock":
        return _refuse_knock_lay(s, action)
    meld = action.meld
    policy = policy_for(s.ruleset)
    builds = policy.builds(s)
    if builds:
        unbuilt = _not_built(s, meld)
        if unbuilt is not None:
            return unbuilt
    why = _lay_turn_refusal(s, policy, meld)
    if why is None:
        why = _lay_meld_refusal(s, policy, meld, builds)
    if why is None:
        why = _lay_rest_refusal(s, policy, meld)
    return why


def _not_built(s: GameState, meld: Meld) -> Refusal | None:
    """Where melds go down card by card: a lay of other cards than those built (or before any is)."""
    if sorted(c.code for c in meld.cards) == [c.code for c in s.building]:
        return None
    if not s.building:
        # The steps are actions in notation (the same in every language), listed with commas.
        steps = ", ".join(str(_BUILD_VALUES[c.code]) for c in sorted_hand(meld.cards))
        return (
            "lay-card-by-card",
            msg(
                "In this round a meld goes down card by card: {steps}, then lay it "
                "(GameState.lay plays the steps in one call).",
                steps=steps,
            ),
        )
    return (
        "not-the-built-meld",
        msg(
            "The meld being built holds {cards}: lay a meld of exactly those cards, or add its next card.",
            cards=s.building,
        ),
    )


def _lay_turn_refusal(s: GameState, policy: Policy, meld: Meld) -> Refusal | None:
    """What this turn forbids any new meld: a freed joker to play first, the turn's meld limit."""
    if s.pending and not (policy.freed_joker_in_new_meld() and any(c in s.pending for c in meld.cards)):
        return _joker_pending(s)
    return _meld_limit(s, policy)


def _lay_meld_refusal(s: GameState, policy: Policy, meld: Meld, builds: bool) -> Refusal | None:
    """The meld itself: held in hand, legal, and one the hand can form."""
    rules = s.ruleset
    seat = s.turn_player
    hand = s.hands[seat]
    missing = _not_in_hand(hand, meld.cards, seat)
    if missing is not None:
        return missing
    verdict = validate_meld(meld, rules)  # the action's meld: input, checked here
    if not verdict.ok:
        return ("invalid-meld", _not_legal_meld(meld, verdict.reason))
    if builds and meld not in placements(tuple(c.code for c in s.building), rules):
        # A meld the solver never forms (a ♠2 wild where it stands as itself).
        return ("invalid-meld", _not_formed(meld))
    exact = policy.exact_sizes(s)
    if (
        not builds
        and (not exact or len(meld.cards) == (rules.set_min if meld.kind == "set" else rules.run_min))
        and (meld not in _hand_melds(hand, rules, exact))
    ):  # pragma: no cover - every legal meld of the hand is a candidate
        return ("invalid-meld", _not_formed(meld))
    return None


def _not_legal_meld(meld: Meld, reason: str) -> Message:
    return msg("{meld} is not a legal meld: {reason}", meld=meld, reason=reason)


def _not_formed(meld: Meld) -> Message:
    return msg("{meld} is not a meld your hand can form.", meld=meld)


def _lay_rest_refusal(s: GameState, policy: Policy, meld: Meld) -> Refusal | None:
    """What laying *meld* leaves: a card to discard, the family's test, the card just taken not stranded."""
    seat = s.turn_player
    hand = s.hands[seat]
    left = len(hand) - len(meld.cards)
    if left == 0 and must_keep_card(s):
        return _must_discard_last()
    family = policy.lay_refusal(s, seat, hand, meld)
    if family is not None:
        return family
    if left == 1 and s.taken is not None:
        rest = list(hand)
        for card in meld.cards:
            rest.remove(card)
        if _strands_taken_card(s, rest, [*s.table, meld]):
            return ("taken-card-stranded", _stranded(s.taken))
    return None


def _perform_lay(s: GameState, action: LayDown) -> GameState:
    if s.phase == "knock":
        return _perform_knock_lay(s, action)
    seat = s.turn_player
    meld = action.meld
    if s.pending:
        return _lay_in_full(s, action)
    hand, known = s.hands[seat], s.known[seat]
    for card in meld.cards:
        hand = hand_without(hand, card)
        known = known_without(known, card)
    if not hand:
        return _lay_in_full(s, action)
    # The common lay-down, on the fields it changes (no scratch copy): what _lay_in_full does.
    w = opened(s)
    w.hands = _replaced(s.hands, seat, hand)
    w.known = _replaced(s.known, seat, known)
    w.table = (*s.table, meld)
    w.owners = (*s.owners, seat)
    w.building = ()
    if s.down[seat] < 0:
        w.down = _replaced(s.down, seat, s.turn)
    w.melds_this_turn = s.melds_this_turn + 1
    w.idle_turns = 0
    return sealed(w)


_T = TypeVar("_T")


def _replaced(values: tuple[_T, ...], at: int, value: _T) -> tuple[_T, ...]:
    """*values* with the one at *at* replaced by *value*."""
    return (*values[:at], value, *values[at + 1 :])


def _lay_in_full(s: GameState, action: LayDown) -> GameState:
    """The lay-down through a scratch copy, in every case: a wild card pending, the hand emptied."""
    w = Scratch.of(s)
    seat = s.turn_player
    meld = action.meld
    for card in meld.cards:
        w.take_from_hand(seat, card)
        if card in w.pending:
            w.pending.remove(card)
    w.table.append(meld)
    w.owners.append(seat)
    w.building = ()
    if w.down[seat] < 0:
        w.down[seat] = s.turn
    w.melds_this_turn += 1
    w.idle_turns = 0
    if not w.hands[seat]:
        _end_round(w, seat)
    return w.freeze()


# Build (a meld laid card by card) ---------------------------------------------------------------------


def _build_search(s: GameState) -> BuildSearch | None:
    """The card-by-card search of the seat on turn (``None`` when no meld can be laid), shared by one build.

    A build changes nothing but ``building``, and each step copies the other
    fields by reference, so a search is found again by the identity of what
    its answers read (no state is hashed).
    """
    key = (
        s.ruleset,
        s.hands,
        s.table,
        s.owners,
        s.down,
        s.pending,
        s.taken,
        s.turn,
        s.round,
        s.melds_this_turn,
        s.turn_player,
    )
    entry = _BUILDS.get(id(s.hands))
    if entry is not None and all(a is b or (type(a) is int and a == b) for a, b in zip(entry[0], key)):
        return entry[1]
    base = s if not s.building else with_changes(s, building=())
    ask = _lay_question(base)
    if ask is None:
        return None
    passes, kinds, test = ask
    shrinks = policy_for(s.ruleset).build_shrinks(s)
    search = BuildSearch(
        s.hands[s.turn_player], s.ruleset, kinds, passes, (lambda m: not test(m)) if shrinks else None
    )
    # The entry keeps its key's objects alive, so their ids cannot be reused while it lives.
    _BUILDS.put(id(s.hands), (key, search))
    return search


#: The searches of the builds under way, by the identity of the hands they were made for.
_BUILDS: Final[Cache[int, tuple[tuple[object, ...], BuildSearch]]] = Cache("engine.builds", 32)


def _build_candidates(s: GameState) -> Iterable[Action]:
    policy = policy_for(s.ruleset)
    if not policy.may_build or not policy.builds(s):
        return ()
    hand = list(s.hands[s.turn_player])
    for card in s.building:
        hand.remove(card)
    start = s.building[-1].code if s.building else 0
    return [_BUILD_VALUES[c.code] for c in _distinct(hand) if c.code >= start]


def _build_offered(s: GameState) -> list[Action]:
    policy = policy_for(s.ruleset)
    if not policy.may_build or not policy.builds(s):
        return []
    search = _build_search(s)
    if search is None:
        return []
    return [_BUILD_VALUES[card.code] for card in search.next_cards(s.building)]


_BUILD_VALUES: Final = tuple(Build(Card.from_code(code)) for code in range(53))


def _refuse_build(s: GameState, action: Build) -> Refusal | None:
    rules = s.ruleset
    policy = policy_for(rules)
    seat = s.turn_player
    if not policy.builds(s):
        if rules.contracts:
            whole = msg(
                "In {ruleset} this round a meld goes down whole, in one lay action: nothing is built card by card.",
                ruleset=rules.name,
            )
        else:
            whole = msg(
                "In {ruleset} a meld goes down whole, in one lay action: nothing is built card by card.",
                ruleset=rules.name,
            )
        return ("melds-go-down-whole", whole)
    card = action.card
    chosen = [*s.building, card]
    missing = _not_in_hand(s.hands[seat], chosen, seat)
    if missing is not None:
        if card in s.hands[seat]:
            return (
                "not-in-hand",
                msg(
                    "Every {card} seat {seat} holds is already in the meld being built.", card=card, seat=seat
                ),
            )
        return missing
    if s.building and card.code < s.building[-1].code:
        return ("build-order", _out_of_order(s.ruleset, card, s.building[-1]))
    search = _build_search(s)
    if search is None or not search.can_add(s.building, card):
        if search is None and not s.building:
            why = _refuse_lay_whole(s)
            if why is not None:
                return ("no-meld-to-build", msg("No meld can be laid now: {why!l}", why=why[1]))
            text = policy.unreachable_text(s, seat)
            if text is not None:
                return ("no-meld-to-build", msg("No meld can be laid now: {why}.", why=text))
        return (
            "no-meld-to-build",
            msg("No meld that can be laid now is made of {cards} and higher cards.", cards=tuple(chosen)),
        )
    return None


def _out_of_order(rules: Ruleset, card: Card, last: Card) -> Message:
    """The card order a meld is built in: jokers come last where the game has them."""
    if rules.wild_spade_twos or not rules.jokers:
        return msg(
            "A meld is built in card order (♠A … ♣K): {card} comes before {last}, already chosen.",
            card=card,
            last=last,
        )
    return msg(
        "A meld is built in card order (♠A … ♣K, the joker last): {card} comes before {last}, already chosen.",
        card=card,
        last=last,
    )


def _refuse_lay_whole(s: GameState) -> Refusal | None:
    """Why no meld at all can be laid now, when a common reason says so (or ``None``)."""
    policy = policy_for(s.ruleset)
    seat = s.turn_player
    limit = _meld_limit(s, policy)
    if limit is not None:
        return limit
    if s.pending and not policy.freed_joker_in_new_meld():
        return _joker_pending(s)
    if policy.lay_kinds(s, seat) == () or (s.down[seat] >= 0 and not policy.in_progress(s, seat)):
        return ("contract-already-down", already_down())
    return None


def _perform_build(s: GameState, action: Build) -> GameState:
    return with_changes(s, building=(*s.building, action.card))


# Lay off ----------------------------------------------------------------------------------------------


def _layoff_candidates(s: GameState) -> list[LayOff]:
    rules = s.ruleset
    if not policy_for(rules).table_play:
        return []
    out: list[LayOff] = []
    for card in _distinct(s.hands[s.turn_player]):
        for target, meld in enumerate(s.table):
            if _could_fit(meld, card, rules):
                out.append(LayOff(card, target))
                if meld.kind == "run":
                    out.append(LayOff(card, target, True))
    return out


@memoize("engine.layoff-values", maxsize=8192)
def _layoff_value(code: int, target: int, low: bool) -> LayOff:
    """The lay-off of the card *code* on *target*, kept: actions are immutable values, so one object
    serves every state that offers it (a few thousand at most: 53 cards, the table's melds)."""
    return LayOff(CARDS[code], target, low)


def _layoff_offered(s: GameState) -> list[Action]:
    """The legal lay-offs: the seat's own conditions once, then each distinct card's lay-offs on this table.

    The seat's conditions hold, each candidate's card is in hand and its target on the
    table: what is left of the refusal is the placement, then the pending and taken-card
    checks. Where those cannot apply, a card's lay-offs depend on the table alone and are
    looked up (:class:`_TableLayoffs`); else :func:`_layoff_listing` asks the refusal.
    """
    if not _layoffs_open(s):
        return []
    hand = s.hands[s.turn_player]
    if s.pending or (s.taken is not None and len(hand) == 2):
        return _layoff_listing(s, True)
    offers = _table_layoffs(s.table, s.ruleset)
    known = offers.by_code
    out: list[Action] = []
    for card in _distinct(hand):
        got = known.get(card.code)
        if got is None:
            got = offers.of(card)
        out.extend(got)
    return out


class _TableLayoffs:
    """The lay-offs of each card on one table under one ruleset, by card code, found on first asking."""

    __slots__ = ("answers", "by_code", "every", "rules", "table", "targets")

    def __init__(self, table: tuple[Meld, ...], rules: Ruleset) -> None:
        self.table = table  # kept: the cache key holds its id
        self.rules = rules
        self.targets = _targets_by_code(table)
        self.every = range(len(table))
        self.by_code: dict[int, list[LayOff]] = {}
        # _layoff_results, with each target meld's answers looked up once
        self.answers: list[dict[int, tuple[Check, Check | None]] | None] = [None] * len(table)

    def of(self, card: Card) -> list[LayOff]:
        """The lay-offs of *card* in the order :func:`_layoff_listing` gives them, remembered."""
        rules, table, answers = self.rules, self.table, self.answers
        code = card.code
        out: list[LayOff] = []
        for target in self.every if is_wild(card, rules) else self.targets.get(code, ()):
            known = answers[target]
            if known is None:
                known = answers[target] = _answers(_LAYOFFS, table[target], rules)
            got = known.get(code)
            if got is None:
                got = known[code] = _layoff_pair(table[target], card, rules)
            first, lower = got
            if first.ok:
                out.append(_layoff_value(card.code, target, False))
                if lower is not None:
                    out.append(_layoff_value(card.code, target, True))
        self.by_code[card.code] = out
        return out


#: Per (table, ruleset), both matched by identity (the entry keeps them, so their ids cannot be
#: reused while it lives): a table stays the same object from state to state until a meld changes.
_TABLE_OFFERS: Final[Cache[tuple[int, int], _TableLayoffs]] = Cache("engine.table-layoffs", 64)


def _table_layoffs(table: tuple[Meld, ...], rules: Ruleset) -> _TableLayoffs:
    """The :class:`_TableLayoffs` of *table* under *rules*."""
    key = (id(table), id(rules))
    entry = _TABLE_OFFERS.get(key)
    if entry is None or entry.table is not table or entry.rules is not rules:
        entry = _TABLE_OFFERS.put(key, _TableLayoffs(table, rules))
    return entry


def _layoff_listing(s: GameState, slow: bool) -> list[Action]:
    """The lay-offs of :func:`_layoff_offered` card by card, through the refusal when *slow* (also its oracle)."""
    rules = s.ruleset
    hand = s.hands[s.turn_player]
    table = s.table
    by_code = _targets_by_code(table)
    every = range(len(table))
    # _layoff_results, with each target meld's answers looked up once
    answers: list[dict[int, tuple[Check, Check | None]] | None] = [None] * len(table)
    out: list[Action] = []
    for card in _distinct(hand):
        for target in every if is_wild(card, rules) else by_code.get(card.code, ()):
            known = answers[target]
            if known is None:
                known = answers[target] = _answers(_LAYOFFS, table[target], rules)
            got = known.get(card.code)
            if got is None:
                got = known[card.code] = _layoff_pair(table[target], card, rules)
            first, lower = got
            if not first.ok:
                continue
            if slow:
                for low in (False, True) if lower is not None else (False,):
                    action = LayOff(card, target, low)
                    if _refuse_layoff(s, action) is None:
                        out.append(action)
                continue
            out.append(_layoff_value(card.code, target, False))
            if lower is not None:
                out.append(_layoff_value(card.code, target, True))
    return out


def _layoffs_open(s: GameState) -> bool:
    """Whether the seat on turn may lay off at all now: the seat's own conditions of :func:`_refuse_layoff`."""
    rules = s.ruleset
    policy = policy_for(rules)
    seat = s.turn_player
    if not policy.table_play or not s.table or policy.in_progress(s, seat):
        return False
    if not policy.is_down(s, seat) and rules.layoff_needs != "always":
        return False
    return _may_lay_off(s, policy, seat) and not (must_keep_card(s) and len(s.hands[seat]) <= 1)


def _fitting_targets(table: Sequence[Meld], rules: Ruleset) -> Callable[[Card], Sequence[int]]:
    """The table melds each card could extend, in table order: :func:`_could_fit` for every meld at once.

    By buckets: a natural card can only go on a set of its rank or at an end of a run of its suit.
    """
    sets_of: dict[int, list[int]] = {}
    runs_of: dict[int, list[int]] = {}
    for target, meld in enumerate(table):
        if meld.kind == "set":
            sets_of.setdefault(meld.rank, []).append(target)
        else:
            runs_of.setdefault(meld.suit, []).append(target)
    every = range(len(table))

    def targets(card: Card) -> Sequence[int]:
        if is_wild(card, rules):
            return every
        rank = card.rank
        on_sets = sets_of.get(rank, [])
        on_runs = [t for t in runs_of.get(card.suit_index, ()) if _at_run_end(table[t], rank)]
        return sorted(on_sets + on_runs) if on_sets and on_runs else on_sets or on_runs

    return targets


def _targets_by_code(table: Sequence[Meld]) -> dict[int, list[int]]:
    """What :func:`_fitting_targets` answers for each natural card, by card code, read from the table once.

    A set takes the cards of its rank, a run the card of its suit just below
    and just above it (an ace above a king); a wild card may go on any meld (not
    in the dict). Each list is in table order, each target once.
    """
    by_code: dict[int, list[int]] = {}
    for target, meld in enumerate(table):
        if meld.kind == "set":
            rank = meld.rank - 1
            codes: Iterable[int] = (rank, rank + 13, rank + 26, rank + 39)
        else:
            base = meld.suit * 13
            ends = set()
            if meld.low > 1:
                ends.add(base + meld.low - 2)
            if meld.high < 13:
                ends.add(base + meld.high)
            elif meld.high == 13:
                ends.add(base)  # the ace above a king
            codes = ends
        for code in codes:
            by_code.setdefault(code, []).append(target)
    return by_code


def _at_run_end(run: Meld, rank: int) -> bool:
    """Whether a natural card of *rank* (of the run's suit) comes just below or above *run*."""
    above = run.high + 1
    return rank == run.low - 1 or rank == above or (rank == 1 and above == 14)


def _refuse_layoff(s: GameState, action: LayOff) -> Refusal | None:
    rules = s.ruleset
    policy = policy_for(rules)
    seat = s.turn_player
    hand = s.hands[seat]
    if not policy.is_down(s, seat) and rules.layoff_needs != "always":
        return (
            "contract-not-down",
            msg("{not_down}, so you may not lay off.", not_down=policy.not_down_text(rules)),
        )
    if policy.in_progress(s, seat):
        return policy.in_progress_refusal(s, seat)
    if not _may_lay_off(s, policy, seat):
        return (
            "contract-down-this-turn",
            msg("{down}; you may lay off from your next turn.", down=policy.down_this_turn_text(rules)),
        )
    played = _played_card_refusal(s, action.target, action.card)
    if played is not None:
        return played
    chosen = _layoff_choice(s, s.table[action.target], action.card, action.low)
    if isinstance(chosen, tuple):
        return chosen
    extended = _placed(chosen)
    table = list(s.table)
    table[action.target] = extended
    rest = list(hand)
    rest.remove(action.card)
    if s.pending:
        pending = list(s.pending)
        if action.card in pending:
            pending.remove(action.card)
        if not _pending_ok(s, table, rest, pending):
            return (
                "joker-stuck",
                msg(
                    "That would leave {wild} you took from the table with nowhere to go this turn.",
                    wild=_pending_text(s),
                ),
            )
    if s.taken is not None and len(rest) == 1 and _strands_taken_card(s, rest, table):
        return ("taken-card-stranded", _stranded(s.taken))
    return None


def _perform_layoff(s: GameState, action: LayOff) -> GameState:
    extended = _placed(_layoff_choice(s, s.table[action.target], action.card, action.low))
    seat = s.turn_player
    hand = hand_without(s.hands[seat], action.card)
    if s.pending or not hand:
        return _layoff_in_full(s, action, extended)
    # The common lay-off, on the fields it changes (no scratch copy): what _layoff_in_full does.
    w = opened(s)
    w.table = _replaced(s.table, action.target, extended)
    if s.down[seat] < 0 and policy_for(s.ruleset).layoff_goes_down:
        w.down = _replaced(s.down, seat, s.turn)
    w.hands = _replaced(s.hands, seat, hand)
    w.known = _replaced(s.known, seat, known_without(s.known[seat], action.card))
    w.idle_turns = 0
    return sealed(w)


def _layoff_in_full(s: GameState, action: LayOff, extended: Meld) -> GameState:
    """The lay-off of *extended* through a scratch copy, in every case: a wild card pending, the hand emptied."""
    w = Scratch.of(s)
    seat = s.turn_player
    w.table[action.target] = extended
    if w.down[seat] < 0 and policy_for(s.ruleset).layoff_goes_down:
        w.down[seat] = s.turn
    w.take_from_hand(seat, action.card)
    if action.card in w.pending:
        w.pending.remove(action.card)
    w.idle_turns = 0
    if not w.hands[seat]:
        _end_round(w, seat)
    return w.freeze()


# Swap a joker -----------------------------------------------------------------------------------------


def _may_swap(s: GameState, policy: Policy, seat: int) -> bool:
    rules = s.ruleset
    if rules.joker_swap == "none":
        return False
    if rules.joker_swap_needs_earlier_turn:
        return 0 <= s.down[seat] < s.turn
    if policy.may_swap_before_down(rules):
        return True
    return policy.is_down(s, seat)


def _could_swap(meld: Meld, card: Card, rules: Ruleset) -> bool:
    """A necessary condition for :func:`check_joker_swap`: does a wild card of *meld* stand for *card*?"""
    if meld.kind == "set":
        return rules.joker_swap == "any" and card.rank == meld.rank
    if card.suit_index != meld.suit:
        return False
    for index, wild in enumerate(meld.wild):
        if wild:
            rank = meld.rank + index
            if (1 if rank == 14 else rank) == card.rank:
                return True
    return False


_SWAPS: Final[_MeldAnswers] = Cache("engine.swaps", 4096)


def _swap_check(meld: Meld, card: Card, rules: Ruleset) -> Check:
    """:func:`check_joker_swap` of one card, cached like :func:`_layoff_results`.

    *meld* is a table meld of a state (legal: an invariant) and *card* is in the
    seat's hand (a card of the game's pack), so the trusted kernel answers.
    """
    answers = _answers(_SWAPS, meld, rules)
    got: Check | None = answers.get(card.code)
    if got is None:
        got = answers[card.code] = swap_on_legal(meld, card, rules)
    return got


def _swap_candidates(s: GameState) -> list[SwapJoker]:
    """Every swap :func:`_could_swap` lets through, by target then card: the codes each wild card stands for, looked up.

    What :func:`_swap_candidates_by_buckets` (the oracle) lists, without reading every card of the hand.
    """
    rules = s.ruleset
    if rules.joker_swap == "none" or not policy_for(rules).table_play:
        return []
    wild_melds = [(target, meld) for target, meld in enumerate(s.table) if True in meld.wild]
    if not wild_melds:
        return []
    held = {card.code: card for card in s.hands[s.turn_player]}
    out: list[SwapJoker] = []
    for target, meld in wild_melds:
        for code in _stood_for(meld, rules):
            card = held.get(code)
            if card is not None and not is_wild(card, rules):
                out.append(_swap_value(card.code, target))
    return out


def _stood_for(meld: Meld, rules: Ruleset) -> list[int]:
    """The codes of the natural cards a wild card of *meld* may stand for (:func:`_could_swap`), ascending."""
    if meld.kind == "set":
        rank = meld.rank - 1
        return [rank, rank + 13, rank + 26, rank + 39] if rules.joker_swap == "any" else []
    base = meld.suit * 13
    codes = set()
    for index, wild in enumerate(meld.wild):
        if wild:
            rank = meld.rank + index
            if rank <= 14:
                codes.add(base + (0 if rank == 14 else rank - 1))
    return sorted(codes)


def _swap_candidates_by_buckets(s: GameState) -> list[SwapJoker]:
    """:func:`_swap_candidates` by bucketing every card of the hand (the oracle the tests compare it with)."""
    rules = s.ruleset
    if rules.joker_swap == "none" or not policy_for(rules).table_play:
        return []
    # _could_swap, by buckets: a natural card can only stand in a set of its rank or a run of its suit.
    by_rank: dict[int, list[Card]] = {}
    by_suit: dict[int, list[Card]] = {}
    for card in _distinct(s.hands[s.turn_player]):
        if not is_wild(card, rules):
            by_rank.setdefault(card.rank, []).append(card)
            by_suit.setdefault(card.suit_index, []).append(card)
    out: list[SwapJoker] = []
    for target, meld in enumerate(s.table):
        if True in meld.wild:
            near = by_rank.get(meld.rank, ()) if meld.kind == "set" else by_suit.get(meld.suit, ())
            out.extend(_swap_value(card.code, target) for card in near if _could_swap(meld, card, rules))
    return out


@memoize("engine.swap-values", maxsize=8192)
def _swap_value(code: int, target: int) -> SwapJoker:
    """The joker swap of the card *code* on *target*, kept as the lay-off values are."""
    return SwapJoker(CARDS[code], target)


def _swap_offered(s: GameState) -> list[Action]:
    """The legal joker swaps: the seat's own conditions once, then each candidate through the refusal."""
    rules = s.ruleset
    policy = policy_for(rules)
    seat = s.turn_player
    if rules.joker_swap == "none" or not policy.table_play or s.pending:
        return []
    if not any(m.wild_count for m in s.table):
        return []
    if policy.in_progress(s, seat) and not policy.freed_joker_in_new_meld():
        return []
    if not _may_swap(s, policy, seat) or (must_keep_card(s) and len(s.hands[seat]) <= 1):
        return []
    passes = _swap_test(s, policy)
    # The candidates are distinct (one per target and code): sorted by card, then target, as _action_key orders them.
    swaps = [a for a in _swap_candidates(s) if passes(a)]
    swaps.sort(key=_swap_order)
    return cast("list[Action]", swaps)


def _swap_order(action: SwapJoker) -> tuple[int, int]:
    """The part of :func:`_action_key` that orders swaps among themselves: the card, then the target."""
    return (action.card.code, action.target)


def _swap_test(s: GameState, policy: Policy) -> Callable[[SwapJoker], bool]:
    """``_refuse_swap(s, action) is None`` for a candidate of :func:`_swap_candidates`, the seat's conditions met.

    What :func:`_swap_offered` has checked once (the seat may swap, nothing pending, a
    card kept) and the candidates make true (the card held, the meld there) is not asked
    again. A freed wild card that the seat may lay off on a meld the swap leaves as it
    is can be played again: :func:`_pending_ok` is asked only when it cannot.
    """
    rules = s.ruleset
    seat = s.turn_player
    down = policy.is_down(s, seat)
    replay = rules.swapped_joker_same_turn
    layoff = _may_lay_off(s, policy, seat) and (down or rules.layoff_needs == "always")
    table = s.table
    fitting: dict[int, list[int]] = {}  # by the freed card's code: the first two table melds it fits on

    def elsewhere(freed: Card, target: int) -> bool:
        where = fitting.get(freed.code)
        if where is None:
            where = fitting[freed.code] = _first_fits(table, freed, rules, 2)
        return any(t != target for t in where)

    def passes(action: SwapJoker) -> bool:
        swap = _swap_check(table[action.target], action.card, rules)
        if not swap.ok or swap.meld is None or swap.freed is None:
            return False
        if replay and not (layoff and elsewhere(swap.freed, action.target)):
            return _refuse_swap(s, action) is None
        if not down:
            return _refuse_swap(s, action) is None
        return True

    return passes


def _swap_not_yet(policy: Policy, rules: Ruleset, seat_down: bool) -> Message:
    """Why a seat may not swap a wild card yet (a joker, or a wild ♠2 where the ♠2s are the wild cards)."""
    if not seat_down:
        not_down = policy.not_down_text(rules)
        if rules.wild_spade_twos:
            return msg("{not_down}, so you may not swap a wild ♠2.", not_down=not_down)
        return msg("{not_down}, so you may not swap a joker.", not_down=not_down)
    down = policy.down_this_turn_text(rules)
    if rules.wild_spade_twos:
        return msg("{down}; you may swap a wild ♠2 from your next turn.", down=down)
    return msg("{down}; you may swap a joker from your next turn.", down=down)


def _refuse_swap(s: GameState, action: SwapJoker) -> Refusal | None:
    rules = s.ruleset
    policy = policy_for(rules)
    seat = s.turn_player
    hand = s.hands[seat]
    if rules.joker_swap == "none":
        if rules.wild_spade_twos:
            return ("no-joker-swaps", msg("{ruleset} does not allow wild ♠2 swaps.", ruleset=rules.name))
        return ("no-joker-swaps", msg("{ruleset} does not allow joker swaps.", ruleset=rules.name))
    if policy.in_progress(s, seat) and not policy.freed_joker_in_new_meld():
        return policy.in_progress_refusal(s, seat)
    if not _may_swap(s, policy, seat):
        if not policy.is_down(s, seat):
            return ("contract-not-down", _swap_not_yet(policy, rules, False))
        return ("contract-down-this-turn", _swap_not_yet(policy, rules, True))
    if s.pending:
        return (
            "joker-pending",
            msg("Play {wild} you took from the table before you swap another.", wild=_pending_text(s)),
        )
    played = _played_card_refusal(s, action.target, action.card)
    if played is not None:
        return played
    swap = _swap_check(s.table[action.target], action.card, rules)
    if not swap.ok or swap.meld is None or swap.freed is None:
        return (as_error_code(swap.code), swap.reason)
    if rules.swapped_joker_same_turn:
        table = list(s.table)
        table[action.target] = swap.meld
        rest = list(hand)
        rest.remove(action.card)
        rest.append(swap.freed)
        if not _pending_ok(s, table, rest, [swap.freed]):
            return (
                "joker-stuck",
                msg("The wild card could not be played again this turn, so it may not be taken."),
            )
    if not policy.is_down(s, seat):
        rest = list(hand)
        rest.remove(action.card)
        rest.append(swap.freed)
        return policy.swap_before_down_refusal(s, seat, sorted_hand(rest), action.card, swap.freed)
    return None


def _perform_swap(s: GameState, action: SwapJoker) -> GameState:
    swap = _swap_check(s.table[action.target], action.card, s.ruleset)
    meld, freed = _placed(swap), swap.freed
    if freed is None:  # pragma: no cover - a passing swap always frees its joker
        raise IllegalActionError("internal", msg("The swap freed no joker."))
    w = Scratch.of(s)
    seat = s.turn_player
    w.table[action.target] = meld
    w.take_from_hand(seat, action.card)
    w.give(seat, freed)
    w.learn(seat, freed)
    if s.ruleset.swapped_joker_same_turn:
        w.pending.append(freed)
    if w.down[seat] < 0:
        # docs/rules/kalooki.rst, kalooki-swap-before-opening: a seat not yet open that swaps has begun
        # its opening, which it must complete this turn (as a half-laid opening).
        w.down[seat] = s.turn
    w.idle_turns = 0
    return w.freeze()


# Discard ----------------------------------------------------------------------------------------------


def _discard_candidates(s: GameState) -> Iterable[Action]:
    shanghai = s.ruleset.shanghai
    out: list[Action] = []
    for card in _distinct(s.hands[s.turn_player]):
        out.append(Discard(card))
        if shanghai:
            out.append(Discard(card, True))
    return out


_DISCARDS: Final = tuple(Discard(Card.from_code(code)) for code in range(53))


_SHANGHAI_DISCARDS: Final = tuple(Discard(Card.from_code(code), True) for code in range(53))


def _discard_offered(s: GameState) -> list[Action]:
    """The legal discards: exactly the candidates that :func:`_refuse_discard` lets through."""
    if s.pending:
        return []
    seat = s.turn_player
    if policy_for(s.ruleset).in_progress(s, seat):
        return []
    hand = s.hands[seat]
    rules = s.ruleset
    taken = s.taken if rules.keep_taken_discard else None
    if taken is not None and list(map(id, hand)).count(id(taken)) >= 2:
        taken = None  # another copy of the card taken may go
    cards = _distinct(hand)
    if taken is not None:
        cards = [card for card in cards if card is not taken]
    if not rules.shanghai:
        return [_DISCARDS[card.code] for card in cards]
    out: list[Action] = []
    for card in cards:
        out.append(_DISCARDS[card.code])
        shanghai = _SHANGHAI_DISCARDS[card.code]
        if _refuse_discard(s, shanghai) is None:
            out.append(shanghai)
    return out


def _refuse_discard(s: GameState, action: Discard) -> Refusal | None:
    rules = s.ruleset
    policy = policy_for(rules)
    seat = s.turn_player
    hand = s.hands[seat]
    if s.pending:
        return (
            "joker-pending",
            msg(
                "You took {wild} from the table this turn and must play it before you discard.",
                wild=_pending_text(s),
            ),
        )
    if policy.in_progress(s, seat):
        return policy.in_progress_refusal(s, seat)
    refusal = _unplayable_discard(s, hand, action.card, seat)
    if refusal is not None:
        return refusal
    if action.shanghai:
        if not rules.shanghai:
            return ("no-shanghai", _no_shanghai(rules))
        if len(hand) <= 1:
            return ("shanghai-pointless", msg("Your last card goes out; there is nothing to protect."))
        if not _fits_somewhere(s.table, action.card, rules):
            return (
                "shanghai-pointless",
                msg("{card} fits no table meld, so there is nothing to protect.", card=action.card),
            )
    return None


def _perform_discard(s: GameState, action: Discard) -> GameState:
    rules = s.ruleset
    seat = s.turn_player
    card = action.card
    hand = hand_without(s.hands[seat], card)
    discard = (*s.discard, card)
    if hand and not rules.shanghai and _turn_goes_on(s, rules, discard):
        # The common discard: the next seat's turn begins, on the fields that change (no scratch copy).
        w = opened(s)
        w.hands = (*s.hands[:seat], hand, *s.hands[seat + 1 :])
        w.known = (*s.known[:seat], known_without(s.known[seat], card), *s.known[seat + 1 :])
        w.discard = discard
        _turn_begun(w, s.turn, (seat + 1) % s.players)
        return sealed(w)
    return _discard_in_full(s, action)


def _discard_in_full(s: GameState, action: Discard) -> GameState:
    """The discard through a scratch copy, in every case: going out, a Shanghai window, the round's end."""
    rules = s.ruleset
    seat = s.turn_player
    w = Scratch.of(s)
    w.take_from_hand(seat, action.card)
    w.discard.append(action.card)
    w.taken = None  # the turn's play is over: a Shanghai window may follow
    if not w.hands[seat]:
        _end_round(w, seat)
        return w.freeze()
    if rules.shanghai and not action.shanghai and _fits_somewhere(s.table, action.card, rules):
        callers = [
            (seat + offset) % w.players
            for offset in range(1, w.players)
            if len(w.hands[(seat + offset) % w.players]) >= 2
        ]
        if callers:
            w.phase = "shanghai"
            w.shanghai_from = seat
            w.queue = callers
            w.to_act = callers[0]
            return w.freeze()
    _next_turn(w, seat)
    return w.freeze()


# Knock (Gin) ------------------------------------------------------------------------------------------


def _knock_candidates(s: GameState) -> Iterable[Action]:
    if not policy_for(s.ruleset).knocks:
        return ()
    hand = s.hands[s.turn_player]
    able = held_knock_cards(hand, s.ruleset)
    if not able:  # most hands
        return []
    return [_KNOCKS[card.code] for card in _distinct(hand) if card in able]


def _knock_offered(s: GameState) -> list[Action]:
    """The legal knocks: exactly the candidates that :func:`_refuse_knock` lets through."""
    if not policy_for(s.ruleset).knocks:
        return []
    hand = s.hands[s.turn_player]
    able = held_knock_cards(hand, s.ruleset)
    if not able:  # most hands
        return []
    return [_KNOCKS[c.code] for c in _distinct(hand) if c in able and _discard_allowed(s, hand, c)]


_KNOCKS: Final = tuple(Knock(Card.from_code(code)) for code in range(53))


def _unplayable_discard(s: GameState, hand: Sequence[Card], card: Card, seat: int) -> Refusal | None:
    """Why *card* cannot leave *seat*'s *hand* as a discard or a knock: not held, or just taken."""
    missing = _card_not_in_hand(hand, card, seat)
    if missing is not None:
        return missing
    if not _discard_allowed(s, hand, card):
        return (
            "discard-just-taken",
            msg("{card} was just taken from the discard pile and may not go back.", card=card),
        )
    return None


def _refuse_knock(s: GameState, action: Knock) -> Refusal | None:
    rules = s.ruleset  # a game without knocking is refused before its refusal is asked (_absent_from_game)
    seat = s.turn_player
    hand = s.hands[seat]
    refusal = _unplayable_discard(s, hand, action.card, seat)
    if refusal is not None:
        return refusal
    if action.card not in held_knock_cards(hand, rules):
        rest = list(hand)
        rest.remove(action.card)
        left = held_deadwood(rest, rules)
        return (
            "knock-too-high",
            nmsg(
                "You cannot knock with {n} points of deadwood; the limit is {limit}.",
                "You cannot knock with {n} points of deadwood; the limit is {limit}.",
                left,
                limit=rules.knock_limit,
            ),
        )
    return None


def _perform_knock(s: GameState, action: Knock) -> GameState:
    w = Scratch.of(s)
    seat = s.turn_player
    w.take_from_hand(seat, action.card)
    w.discard.append(action.card)
    w.taken = None
    # docs/rules/gin.rst, gin-knocker-chooses: the knocker shows the hand (every card known) and
    # lays the melds of their choice, one per action, before the deal is settled.
    w.known[seat] = w.hands[seat]
    w.phase = "knock"
    return w.freeze()


# The knock phase (Gin) --------------------------------------------------------------------------------
#
# docs/rules/gin.rst, gin-knocker-chooses: after the knock the knocker lays melds from the rest of the
# hand, one LayDown per action, in ascending meld order (meld_sort_key, so each arrangement has one
# path), then passes; the deal is settled with exactly the melds laid. A meld is offered only when
# an arrangement within the knock limit can still be reached with it and higher melds; the pass only
# when the cards left are within the limit.


def _knock_floor(s: GameState) -> tuple[object, ...]:
    """The least key the knocker's next meld may have: the last meld laid (``()`` before the first)."""
    return meld_sort_key(s.table[-1]) if s.table else ()


def _without(hand: tuple[Card, ...], cards: Iterable[Card]) -> tuple[Card, ...]:
    rest = list(hand)
    for card in cards:
        rest.remove(card)
    return tuple(rest)


@memoize("engine.knock-reachable", maxsize=4096)
def _knock_reachable(hand: tuple[Card, ...], rules: Ruleset, floor: tuple[object, ...]) -> bool:
    """Whether melds of *hand* no lower than *floor* (ascending) can leave at most ``knock_limit``."""
    limit = rules.knock_limit
    if cards_value(hand, rules) <= limit:
        return True
    if held_deadwood(hand, rules) > limit:  # not even the best arrangement, with any melds, is within it
        return False
    for meld in _hand_meld_list(hand, rules):
        key = meld_sort_key(meld)
        if key >= floor and _knock_reachable(_without(hand, meld.cards), rules, key):
            return True
    return False


def _knock_lays(s: GameState) -> list[Action]:
    rules = s.ruleset
    hand = s.hands[s.turn_player]
    floor = _knock_floor(s)
    out: list[Action] = []
    for meld in _hand_meld_list(hand, rules):
        key = meld_sort_key(meld)
        if key >= floor and _knock_reachable(_without(hand, meld.cards), rules, key):
            out.append(_lay_one(meld))
    return out


def _refuse_knock_lay(s: GameState, action: LayDown) -> Refusal | None:
    rules = s.ruleset
    seat = s.turn_player
    hand = s.hands[seat]
    meld = action.meld
    missing = _not_in_hand(hand, meld.cards, seat)
    if missing is not None:
        return missing
    verdict = validate_meld(meld, rules)
    if not verdict.ok:
        return ("invalid-meld", _not_legal_meld(meld, verdict.reason))
    key = meld_sort_key(meld)
    if key < _knock_floor(s):
        return (
            "knock-meld-order",
            msg(
                "The knocker lays the melds in ascending order, and {meld} comes before {last}, "
                "laid already: lay the melds in order.",
                meld=meld,
                last=s.table[-1],
            ),
        )
    if meld not in _hand_melds(hand, rules):  # pragma: no cover - every legal meld of the hand is a candidate
        return ("invalid-meld", _not_formed(meld))
    if not _knock_reachable(_without(hand, meld.cards), rules, key):
        return (
            "knock-too-high",
            msg(
                "After {meld} the cards left cannot be melded down to at most {limit} points of "
                "deadwood with melds laid in order.",
                meld=meld,
                limit=rules.knock_limit,
            ),
        )
    return None


def _perform_knock_lay(s: GameState, action: LayDown) -> GameState:
    w = Scratch.of(s)
    seat = s.turn_player
    meld = action.meld
    for card in meld.cards:
        w.take_from_hand(seat, card)
    w.table.append(meld)
    w.owners.append(seat)
    return w.freeze()


def _refuse_knock_finish(s: GameState) -> Refusal | None:
    rules = s.ruleset
    left = cards_value(s.hands[s.turn_player], rules)
    if left <= rules.knock_limit:
        return None
    return (
        "knock-too-high",
        msg(
            "The cards left hold {points} points of deadwood; the limit is {limit}: lay more melds first.",
            points=left,
            limit=rules.knock_limit,
        ),
    )


def _perform_knock_finish(s: GameState) -> GameState:
    w = Scratch.of(s)
    _end_round(w, s.turn_player)
    return w.freeze()


# Shanghai ---------------------------------------------------------------------------------------------


def _shanghai_candidates(s: GameState) -> Iterable[Action]:
    card = s.discard[-1]
    out: list[Action] = []
    for target, meld in enumerate(s.table):
        if _could_fit(meld, card, s.ruleset):
            out.append(CallShanghai(target))
            if meld.kind == "run":
                out.append(CallShanghai(target, True))
    return out


def _refuse_shanghai(s: GameState, action: CallShanghai) -> Refusal | None:
    missing = _no_such_meld(s, action.target)
    if missing is not None:
        return missing
    chosen = _layoff_choice(s, s.table[action.target], s.discard[-1], action.low)
    return chosen if isinstance(chosen, tuple) else None


def _perform_shanghai(s: GameState, action: CallShanghai) -> GameState:
    extended = _placed(_layoff_choice(s, s.table[action.target], s.discard[-1], action.low))
    w = Scratch.of(s)
    caller = s.to_act
    discarder = s.shanghai_from
    w.discard.pop()
    w.table[action.target] = extended
    hand = w.hands[caller]
    blind = hand[event_rng(w.seed, w.round, "shanghai", w.turn).randrange(len(hand))]
    w.take_from_hand(caller, blind)
    w.give(discarder, blind)
    # The pick is hidden from the table: what was known of the caller's hand is known no more.
    w.known[caller] = ()
    w.idle_turns = 0
    _next_turn(w, discarder)
    return w.freeze()


# -- the table of action kinds -------------------------------------------------------------------------


@attrs.frozen
class _ActionKind:
    """Everything about one action kind: when it is possible, what is offered, what is refused, what it does."""

    action: type[Any]
    phases: frozenset[str]
    candidates: Callable[[GameState], Iterable[Action]]
    refusal: Callable[[GameState, Any], Refusal | None]
    perform: Callable[[GameState, Any], GameState]
    #: The legal actions of this kind, when the kind lists them faster than candidates filtered
    #: through the refusal (the same list: tests/conformance/test_legality_equivalence.py).
    offered: Callable[[GameState], Iterable[Action]] | None = None
    #: Whether the candidates (or the offered actions) come distinct and in the order of
    #: ``_action_key`` already, so that ``legal_actions()`` need not sort them.
    ordered: bool = True
    #: Whether the kind plays onto the table during play (lay, build, lay off, swap): refused, before
    #: its own refusal is asked, in a game where nothing is laid during play (Gin).
    on_table: bool = False


def _none(s: GameState, action: Action) -> Refusal | None:
    return None


#: The actions that take no argument, one value each (actions are immutable values).
_CUT: Final = (Cut(),)
_DRAW: Final = (DrawStock(),)
_TAKE: Final = (TakeDiscard(),)
_BUY: Final = (Buy(),)
_PASS: Final = (Pass(),)

_ACTION_KINDS: Final[tuple[_ActionKind, ...]] = (
    _ActionKind(Cut, frozenset({"cut"}), lambda s: _CUT, _none, _perform_cut),
    _ActionKind(DrawStock, frozenset({"draw"}), lambda s: _DRAW, _refuse_draw, _perform_draw, _draw_offered),
    _ActionKind(
        TakeDiscard, frozenset({"draw"}), lambda s: _TAKE, _refuse_take, _perform_take, _take_offered
    ),
    _ActionKind(Buy, frozenset({"buy"}), lambda s: _BUY, _refuse_buy, _perform_buy),
    _ActionKind(
        Pass,
        frozenset({"draw", "buy", "knock", "shanghai"}),
        lambda s: _PASS,
        _refuse_pass,
        _perform_pass,
        _pass_offered,
    ),
    _ActionKind(
        LayDown,
        frozenset({"play", "knock"}),
        _lay_candidates,
        _refuse_lay,
        _perform_lay,
        _lay_offered,
        on_table=True,
    ),
    _ActionKind(
        Build,
        frozenset({"play"}),
        _build_candidates,
        _refuse_build,
        _perform_build,
        _build_offered,
        on_table=True,
    ),
    _ActionKind(
        LayOff,
        frozenset({"play"}),
        _layoff_candidates,
        _refuse_layoff,
        _perform_layoff,
        _layoff_offered,
        on_table=True,
    ),
    _ActionKind(
        SwapJoker,
        frozenset({"play"}),
        _swap_candidates,
        _refuse_swap,
        _perform_swap,
        _swap_offered,
        ordered=False,
        on_table=True,
    ),
    _ActionKind(
        Discard, frozenset({"play"}), _discard_candidates, _refuse_discard, _perform_discard, _discard_offered
    ),
    _ActionKind(Knock, frozenset({"play"}), _knock_candidates, _refuse_knock, _perform_knock, _knock_offered),
    _ActionKind(
        CallShanghai, frozenset({"shanghai"}), _shanghai_candidates, _refuse_shanghai, _perform_shanghai
    ),
)

_KIND_OF: Final[dict[type[Any], _ActionKind]] = {kind.action: kind for kind in _ACTION_KINDS}
_KINDS_IN: Final[dict[str, tuple[_ActionKind, ...]]] = {
    phase: tuple(kind for kind in _ACTION_KINDS if phase in kind.phases)
    for phase in ("cut", "draw", "buy", "play", "knock", "shanghai")
}
#: The kinds asked while a meld is built card by card: nothing else may happen until it is laid.
_BUILDING_KINDS: Final = (_KIND_OF[LayDown], _KIND_OF[Build])
#: The kinds asked in the play phase of a game that lays nothing on the table during play (Gin): those
#: that play onto the table are refused there (:func:`_refusal`), so they offer nothing.
_PLAY_OFF_TABLE: Final = tuple(kind for kind in _KINDS_IN["play"] if not kind.on_table)


# -- the public entry points ------------------------------------------------------------------------------


def lay_options(s: GameState) -> tuple[Meld, ...]:
    """Every whole meld the seat to act may lay now, each one ``GameState.lay`` lays, by :func:`~remi.meld_sort_key`.

    Where melds go down whole these are the melds of the legal lay-downs.
    Where they go down card by card (docs/rules/norwegian.rst,
    norwegian-build-card-by-card) they are the melds of the hand whose cards,
    in build order, begin with the cards chosen so far and that the build's
    own test lets be laid: exactly the melds whose build steps and lay are
    all legal. Answers are kept per state (a state never changes).
    """
    known = _LAY_OPTIONS.get(id(s))
    if known is not None and known[0] is s:
        return known[1]
    answer = _lay_options(s)
    if len(_LAY_OPTIONS) >= 64:
        del _LAY_OPTIONS[next(iter(_LAY_OPTIONS))]
    _LAY_OPTIONS[id(s)] = (s, answer)
    return answer


#: The last answers of :func:`lay_options`, by the identity of the state (held, so the id stays its).
_LAY_OPTIONS: Final[dict[int, tuple[GameState, tuple[Meld, ...]]]] = {}


def _lay_options(s: GameState) -> tuple[Meld, ...]:
    if s.is_over or s.phase not in ("play", "knock"):
        return ()
    policy = policy_for(s.ruleset)
    if s.phase == "knock" or not (policy.may_build and policy.builds(s)):
        found = {a.meld: None for a in legal_actions(s) if isinstance(a, LayDown)}
        return tuple(sorted(found, key=meld_sort_key))
    search = _build_search(s)
    if search is None:
        return ()
    chosen = s.building
    n = len(chosen)
    # The candidates come in the one meld order, each once: what passes stays in that order.
    candidates = held_candidates(s.hands[s.turn_player], s.ruleset)
    if n:
        candidates = tuple(m for m in candidates if sorted_hand(m.cards)[:n] == chosen)
    return search.lay_options(candidates)


def legal_actions(s: GameState) -> list[Action]:
    """Every legal action: each kind's fast listing, or its candidates through its refusal, in the fixed order."""
    phase = s.phase
    if phase == "over":
        return []
    listings: tuple[Callable[[GameState], Iterable[Action]], ...]
    if s.building:
        listings = _BUILDING_LISTINGS
    elif phase == "play" and not policy_for(s.ruleset).table_play:
        listings = _PLAY_OFF_TABLE_LISTINGS
    else:
        listings = _LISTINGS_IN[phase]
    out: list[Action] = []
    for listing in listings:
        out.extend(listing(s))
    return out


def _listing(kind: _ActionKind) -> Callable[[GameState], Iterable[Action]]:
    """How ``legal_actions()`` lists *kind*'s legal actions: its fast listing, or its candidates through its refusal."""
    if kind.offered is not None:
        return kind.offered
    candidates, refusal = kind.candidates, kind.refusal
    if kind.ordered:
        return lambda s: [action for action in candidates(s) if refusal(s, action) is None]
    return lambda s: sorted({a for a in candidates(s) if refusal(s, a) is None}, key=_action_key)


#: The listings of each phase's kinds in the fixed order, of the kinds asked while a meld is built, and
#: of the play phase of a game that lays nothing during play (:func:`legal_actions`).
_LISTINGS_IN: Final = {phase: tuple(map(_listing, kinds)) for phase, kinds in _KINDS_IN.items()}
_BUILDING_LISTINGS: Final = tuple(map(_listing, _BUILDING_KINDS))
_PLAY_OFF_TABLE_LISTINGS: Final = tuple(map(_listing, _PLAY_OFF_TABLE))


def coerce(s: GameState, action: Action | str) -> Action:
    """The action *action* means in *s*: a value as it is, text read with the state's ruleset.

    The one place text becomes an action for a state: ``apply``, ``is_legal``,
    ``why_illegal`` and ``parse_action`` of a state and its records read text here
    (a ♠2 in a run stands for a card where ♠2s are wild). Another type is a
    :class:`TypeError` naming ``action`` (``is_legal`` answers ``False``).
    """
    if isinstance(action, str):
        return read_action(action, s.ruleset)
    if not is_action(action):
        raise TypeError(_not_an_action(action))
    return action


def _not_an_action(value: object) -> str:
    return f"action must be a remi action or its text, not {type(value).__name__} {value!r:.60}."


def _not_an_action_reason(value: object) -> Message:
    """The reason :func:`why_illegal` gives for a value that is no action (as the ``TypeError`` says)."""
    return msg(
        "action must be a remi action or its text, not {type} {value}.",
        type=type(value).__name__,
        value=f"{value!r:.60}",
    )


def lay_of(s: GameState, meld: Meld | str) -> LayDown:
    """The ``LayDown`` of one meld (a value or its text, read with the state's ruleset)."""
    return LayDown((read_meld(meld, s.ruleset),))


def _phase_text(s: GameState) -> Message:
    """What the seat to act must do in this phase, for a wrong-phase reason."""
    seat = s.to_act
    phase = s.phase
    if phase == "cut":
        return msg("seat {seat} must cut the pack first", seat=seat)
    if phase == "draw":
        return msg("seat {seat} must first draw from the stock or take the discard", seat=seat)
    if phase == "buy":
        return msg("seat {seat} must say buy or pass on {card}", seat=seat, card=s.discard_top)
    if phase == "play":
        return policy_for(s.ruleset).play_text(seat, s.ruleset)
    if phase == "knock":
        return msg("seat {seat} has knocked and lays their melds, one at a time, then passes", seat=seat)
    return msg("seat {seat} must call Shanghai or pass", seat=seat)


def wrong_phase_refusal(s: GameState, action: Action | str) -> Refusal:
    """The refusal of an action of a kind *s*'s phase does not take, quoting *action* (a value, or the text typed).

    >>> import remi
    >>> state = remi.new_game(remi.NORWEGIAN, seed=1)
    >>> wrong_phase_refusal(state, "discard 6s")[1]
    "'discard 6s' is not possible now: seat 1 must first draw from the stock or take the discard."
    """
    return (
        "wrong-phase",
        msg("{action!r} is not possible now: {expected}.", action=str(action), expected=_phase_text(s)),
    )


def _no_shanghai(rules: Ruleset) -> Message:
    return msg("{ruleset} is played without Shanghai calls.", ruleset=rules.name)


def _game_over() -> Message:
    return msg("The game is over; no more actions.")


def _absent_from_game(rules: Ruleset, kind: type[Any]) -> Refusal | None:
    """The refusal of a kind of move *rules* never has (knocking, buying, Shanghai calls), in any phase."""
    if kind is Knock and not policy_for(rules).knocks:
        return (
            "no-knocking",
            msg("{ruleset} is not ended by knocking; go out by shedding your cards.", ruleset=rules.name),
        )
    if kind is Buy and not rules.buying:
        return (
            "no-buying",
            msg("{ruleset} is played without buying; a discard goes to the next player.", ruleset=rules.name),
        )
    if kind is CallShanghai and not rules.shanghai:
        return ("no-shanghai", _no_shanghai(rules))
    return None


def _refusal(s: GameState, action: Action) -> Refusal | None:
    if s.phase == "over":
        return ("game-over", _game_over())
    kind = _KIND_OF[type(action)]
    absent = _absent_from_game(s.ruleset, kind.action)
    if absent is not None:
        # Not a matter of the phase: the game has no such move at all.
        return absent
    if s.phase not in kind.phases:
        return wrong_phase_refusal(s, action)
    if s.building and kind not in _BUILDING_KINDS:
        return (
            "meld-unfinished",
            msg("A meld is being built from {cards}: add its next card or lay it first.", cards=s.building),
        )
    if kind.on_table and s.phase == "play" and not policy_for(s.ruleset).table_play:
        return _nothing_laid(s.ruleset)
    return kind.refusal(s, action)


def refusal_of(s: GameState, action: Action | str) -> Refusal | None:
    """Why *action* (a value or its text) is not legal in *s*, or ``None``: its kind's refusal, nothing played."""
    if not isinstance(action, str) and not is_action(action):
        # is_legal is ``action in legal_actions()``: False, with why_illegal's reason naming the argument.
        return ("not-an-action", _not_an_action_reason(action))
    try:
        return _refusal(s, coerce(s, action))
    except RemiError as exc:
        return (exc.code, exc.reason)


def why_illegal(s: GameState, action: Action | str) -> IllegalActionError | NotationError | None:
    """The error :func:`apply` would raise for *action* (without a *player*), or ``None``; nothing played.

    Text that is no action gives the :class:`~remi.NotationError` its reading
    raises, an action that is not legal the :class:`~remi.IllegalActionError`.
    """
    if not isinstance(action, str) and not is_action(action):
        # apply raises a TypeError here; why_illegal answers, as is_legal answers False.
        return IllegalActionError("not-an-action", _not_an_action_reason(action))
    try:
        act = coerce(s, action)
    except (NotationError, IllegalActionError) as exc:
        return exc
    refusal = _refusal(s, act)
    return None if refusal is None else IllegalActionError(*refusal)


def apply(s: GameState, action: Action | str, player: int | None) -> GameState:
    """Play *action* in *s* (see :meth:`GameState.apply`)."""
    kind = _KIND_OF.get(type(action))  # an action value is itself (what coerce gives it)
    act = coerce(s, action) if kind is None else cast("Action", action)
    if player is not None:
        _check_player(s, player)
    # An action taken from this state's legal_actions() (the same object) is legal: no need
    # to ask its kind's refusal again.
    offered = s._legal
    if offered is None or not _among(act, offered):
        refusal = _refusal(s, act)
        if refusal is not None:
            raise IllegalActionError(*refusal)
    return (kind or _KIND_OF[type(act)]).perform(s, act)


def _check_player(s: GameState, player: int) -> None:
    """Refuse a *player* that is not a seat number, or not the seat to act."""
    if isinstance(player, bool) or not isinstance(player, int):
        raise IllegalActionError(
            "bad-player", msg("player must be a seat number, not {player}.", player=repr(player))
        )
    if player != s.current_player:
        if s.is_over:
            raise IllegalActionError("game-over", _game_over())
        raise IllegalActionError(
            "not-your-turn",
            msg("It is seat {seat}'s move, not seat {player}'s.", seat=s.current_player, player=player),
        )


def _among(action: Action, offered: list[Action]) -> bool:
    """Whether *action* is one of the objects in *offered* (identity, not equality)."""
    for candidate in offered:
        if candidate is action:
            return True
    return False


def lay_all(s: GameState, melds: Sequence[Meld | str]) -> GameState:
    """Apply one ``LayDown`` per meld, in order; raise the first refusal, naming the meld."""
    state = s
    if not melds:
        raise IllegalActionError("no-melds", _no_melds())
    for number, meld in enumerate(melds, start=1):
        try:
            action = lay_of(s, meld)
        except RemiError as exc:  # text that is no meld: its reason quotes it
            raise type(exc)(
                exc.code, msg("Meld {number}: {reason}", number=number, reason=exc.reason)
            ) from None
        for step in build_steps(state, action):
            refusal = _refusal(state, step)
            if refusal is not None:
                code, reason = refusal
                whole = _layout_refusal(state, code, [action.meld, *melds[number:]])
                if whole is not None:
                    raise IllegalActionError(*whole)
                raise IllegalActionError(
                    code,
                    msg("Meld {number} ({meld}): {reason}", number=number, meld=action.meld, reason=reason),
                )
            state = _KIND_OF[type(step)].perform(state, step)
    return state


def _layout_refusal(s: GameState, code: str, melds: Sequence[Meld | str]) -> Refusal | None:
    """The cause the melds still to lay show when one is refused for want of a way to complete the lay-down.

    docs/rules/norwegian.rst, norwegian-round-seven: the last round's runs must
    take every card in hand, which no single meld or build step can say.
    """
    if code not in ("no-meld-to-build", "contract-unreachable"):
        return None
    try:
        layout = [LayDown.of(m).meld for m in melds]
    except RemiError:  # a later meld's text is refused when its turn comes
        return None
    return policy_for(s.ruleset).layout_refusal(s, s.turn_player, layout)


def build_steps(s: GameState, action: LayDown) -> list[Action]:
    """The actions that lay *action* in *s*: the lay itself, after a build step per card where melds are built."""
    policy = policy_for(s.ruleset)
    if not policy.table_play or not policy.builds(s):
        return [action]
    cards = sorted_hand(action.meld.cards)
    chosen = len(s.building)
    if cards[:chosen] != s.building:
        return [action]  # its refusal names the meld being built
    return [*(_BUILD_VALUES[c.code] for c in cards[chosen:]), action]


# -- the round ------------------------------------------------------------------------------------------


def start(blank: GameState, pack: Sequence[Card] | None = None) -> GameState:
    """The first state of a match from its *blank* state: the first round dealt (or cut) from *pack*, or the pack shuffled with the seed.

    *pack* (checked by :func:`~remi.new_game`) is the game's whole pack in the
    order it is dealt from, its last card the top: the one seam for a test or a
    teaching deal that must know the order of the cards. Every later deal and
    every other random event still comes from the seed.
    """
    w = Scratch.of(blank)
    _start_round(w, pack)
    return w.freeze()


def _start_round(w: Scratch, stacked: Sequence[Card] | None = None) -> None:
    rules = w.ruleset
    if stacked is None:
        pack = list(make_pack(*rules.pack_for(w.players)))
        event_rng(w.seed, w.round, "deal").shuffle(pack)
    else:
        pack = list(stacked)
    w.hands = [() for _ in range(w.players)]
    w.known = [() for _ in range(w.players)]
    w.stock, w.discard, w.table, w.owners = pack, [], [], []
    w.down = [-1] * w.players
    w.buys = [0] * w.players
    w.turn, w.pending, w.taken, w.queue, w.last_buyer = 0, [], None, [], -1
    w.shanghai_from, w.reshuffles, w.cut_bonus_seat, w.idle_turns = -1, 0, -1, 0
    if rules.liverpool_cut:
        w.phase = "cut"
        w.turn_player = w.to_act = (w.dealer - 1) % w.players
        return
    _deal(w)


def _dealt_count(w: Scratch) -> int:
    return w.players * w.ruleset.hand_size(w.players, w.round) + (1 if w.ruleset.upcard else 0)


def _deal(w: Scratch) -> None:
    size = w.ruleset.hand_size(w.players, w.round)
    hands: list[list[Card]] = [[] for _ in range(w.players)]
    stock = w.stock
    for _ in range(size):
        for offset in range(1, w.players + 1):
            hands[(w.dealer + offset) % w.players].append(stock.pop())
    starter = (w.dealer + 1) % w.players
    if w.ruleset.starter_extra_card:
        hands[starter].append(stock.pop())
    w.hands = [sorted_hand(h) for h in hands]
    if w.ruleset.upcard:
        w.discard.append(stock.pop())
    _begin_turn(w, starter)
    if w.ruleset.starter_extra_card and w.phase == "draw":
        # The starter holds one card more and opens the deal by discarding, with no draw.
        w.phase = "play"


def _begin_turn(w: Scratch, seat: int) -> None:
    """Start *seat*'s turn, or end the round when it cannot go on.

    docs/rules/index.rst, shared-round-cannot-progress: with a stock that
    cannot be drawn, play goes on while the seat on turn can take the discard
    top; after a full lap of such turns with nothing laid on the table the
    round ends with no winner. Nothing at all to draw or take ends it at once.
    """
    w.turn += 1
    w.turn_player = w.to_act = seat
    w.phase = "draw"
    w.pending, w.taken, w.queue, w.last_buyer, w.shanghai_from = [], None, [], -1, -1
    w.melds_this_turn = 0
    rules = w.ruleset
    cap = rules.max_turns_per_round
    if cap is not None and w.turn > cap:
        _end_round(w, None)
        return
    if policy_for(rules).deal_void(len(w.stock), rules):
        _end_round(w, None)
        return
    if _can_draw(w.stock, w.discard, rules):
        w.idle_turns = 0
        return
    if not w.discard or w.idle_turns >= w.players:
        _end_round(w, None)
        return
    w.idle_turns += 1


def _turn_goes_on(s: GameState, rules: Ruleset, discard: Sequence[Card]) -> bool:
    """Whether the next turn of *s* begins as :func:`_begin_turn` begins it when the stock can be drawn.

    No turn cap is reached, the deal is not void and the stock (with the
    discard pile *discard*) can be drawn: the turn begins with nothing else to do.
    """
    cap = rules.max_turns_per_round
    if cap is not None and s.turn + 1 > cap:
        return False
    return not policy_for(rules).deal_void(len(s.stock), rules) and _can_draw(s.stock, discard, rules)


def _turn_begun(w: Opened, turn: int, seat: int) -> None:
    """Set what :func:`_begin_turn` sets when *seat*'s turn begins after *turn* turns, with a stock to draw."""
    w.turn = turn + 1
    w.turn_player = w.to_act = seat
    w.phase = "draw"
    w.pending, w.taken, w.queue, w.last_buyer, w.shanghai_from = (), None, (), -1, -1
    w.melds_this_turn = 0
    w.idle_turns = 0


def _rebuild_stock(w: Scratch, keep_top: bool) -> None:
    """Shuffle the discard pile (less its top card, if kept) into a new stock."""
    top = w.discard.pop() if keep_top and w.discard else None
    pile = w.discard
    w.reshuffles += 1
    if w.ruleset.discard_reuse == "turn-over":
        pile.reverse()
    else:
        event_rng(w.seed, w.round, "rebuild", w.reshuffles).shuffle(pile)
    w.stock = pile
    w.discard = [top] if top is not None else []


def _end_round(w: Scratch, went_out: int | None) -> None:
    rules = w.ruleset
    rummy = went_out is not None and w.down[went_out] in (-1, w.turn)
    scoring = rules.scoring
    if went_out is None and scoring == "winner-takes-all":
        # [decision] A deal that ends with nobody out (turn cap, no cards left) is settled as
        # in Block Rummy: the lowest hand wins the differences, so a capped match still ends.
        scoring = "block"
    hands: Sequence[tuple[Card, ...]] = w.hands
    melds: tuple[Meld, ...] | None = None
    if w.phase == "knock" and went_out is not None:
        # docs/rules/gin.rst, gin-knocker-chooses: settled with exactly the melds the knocker laid.
        melds = tuple(w.table)
        hands = list(w.hands)
        hands[went_out] = sorted_hand((*hands[went_out], *(c for m in melds for c in m.cards)))
    # The hands and the table are the state's, legal by construction: settled unchecked.
    settlement = settle_dealt(
        hands, went_out, rules, scoring, going_rummy=rummy, first=(w.dealer + 1) % w.players, melds=melds
    )
    points = list(settlement.deltas)
    bonus: int | None = None
    if w.cut_bonus_seat >= 0:
        bonus = w.cut_bonus_seat
        points[bonus] += rules.cut_bonus
    w.results.append(RoundResult(w.round, went_out, tuple(points), bonus))
    w.totals = [t + p for t, p in zip(w.totals, points)]
    if _match_over(w):
        w.phase = "over"
        w.queue, w.pending, w.taken = [], [], None
        w.to_act = w.turn_player
        w.last_buyer = w.shanghai_from = -1
        w.idle_turns = 0
        return
    w.round += 1
    w.dealer = (w.dealer + 1) % w.players
    _start_round(w)


def _match_over(w: Scratch) -> bool:
    """Whether the match ends after this round: a fixed number of rounds, or a target score."""
    rules = w.ruleset
    if rules.rounds is not None:
        return w.round >= rules.rounds
    if rules.contracts and w.round >= len(rules.contracts):
        return True
    target = rules.target_score
    if target is None:
        return False
    if rules.scoring == "gin":
        # [decision] Gin deals mostly take points away, so the match also ends when a
        # total falls to minus the target; the highest total wins.
        return max(w.totals) >= target or min(w.totals) <= -target
    return max(w.totals) >= target


def _next_turn(w: Scratch, after: int) -> None:
    _begin_turn(w, (after + 1) % w.players)
