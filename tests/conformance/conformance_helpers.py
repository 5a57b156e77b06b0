"""Helpers for the conformance suite: the cases, seeded policies, playouts and checks.

Everything here is generic over rulesets: a new playable preset or option
joins the suite by appearing in :func:`cases`.
"""

from __future__ import annotations

import functools
import json
import random
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

import attrs

import remi
from remi import (
    Buy,
    CallShanghai,
    Cut,
    Discard,
    DrawStock,
    GameState,
    Knock,
    LayDown,
    LayOff,
    Pass,
    SwapJoker,
    TakeDiscard,
)

#: Actions that make progress towards going out; the greedy policy prefers them.
GREEDY_TYPES = (LayDown, remi.Build, LayOff, SwapJoker, CallShanghai, Knock)

#: The round's turn cap used to bound random playouts (a random policy can circulate
#: the last cards of a nearly exhausted stock for ever).
TURN_CAP = 40
#: The turn cap for games played to a target score (a capped round scores nothing there).
TARGET_TURN_CAP = 150


@dataclass(frozen=True)
class Case:
    """One ruleset under test: a display name, the ruleset and a player count."""

    name: str
    ruleset: remi.Ruleset
    players: int

    @property
    def bounded(self) -> remi.Ruleset:
        """The ruleset with a turn cap, so that random playouts always end."""
        rules = self.ruleset
        if rules.rounds is None and not rules.contracts and rules.target_score is not None:
            # Played to a target score: a round cut short scores nothing, so keep rounds long
            # enough to be won, and the target low enough for a short match.
            return attrs.evolve(
                rules, max_turns_per_round=TARGET_TURN_CAP, target_score=min(rules.target_score, 150)
            )
        cap = rules.max_turns_per_round
        if cap is not None and cap <= TURN_CAP:
            return rules
        return attrs.evolve(rules, max_turns_per_round=TURN_CAP)

    @property
    def random_kind(self) -> str:
        """The second policy: uniform where a round always ends (turn cap), else greedy."""
        return "uniform" if self.ruleset.contracts or self.ruleset.rounds is not None else "greedy"


def _playable(ruleset: remi.Ruleset, players: int) -> bool:
    try:
        remi.new_game(ruleset, players=players, seed=0)
    except remi.UnsupportedError:
        return False
    return True


#: Combinations of named Norwegian house rules (each also runs alone).
COMBINATIONS: tuple[tuple[tuple[str, ...], int], ...] = (
    (("shanghai", "liverpool cut", "last card must be discarded"), 4),
    (("spade twos wild", "all down at once", "same-suit runs"), 4),
    (("six players",), 6),
    (("twelve cards", "five flat"), 4),
    (("one joker fewer than players",), 3),
    (("one joker fewer than players",), 5),
    (("shanghai", "spade twos wild", "twelve cards"), 5),
    (("liverpool cut", "joker and ace 15", "all down at once", "last card must be discarded"), 3),
)


def cases() -> list[Case]:
    """Every playable preset at 2 (where allowed), 3, 4 and 5 players, plus option combinations."""
    out: list[Case] = []
    playable: list[remi.Ruleset] = []
    for key, preset in sorted(remi.PRESETS.items()):
        if not _playable(preset, preset.min_players):
            continue
        playable.append(preset)
        for players in (2, 3, 4, 5):
            if preset.min_players <= players <= preset.max_players:
                out.append(Case(f"{key}-{players}p", preset, players))
    norwegian = remi.NORWEGIAN
    for variant in remi.NORWEGIAN_VARIANTS:
        rules = remi.with_variants(norwegian, variant)
        out.append(Case(f"norwegian+{variant}-4p", rules, 4))
    for names, players in COMBINATIONS:
        rules = remi.with_variants(norwegian, *names)
        out.append(Case(f"norwegian+{'+'.join(names)}-{players}p", rules, players))
    out.append(Case("norwegian max_buys_per_round=1-4p", attrs.evolve(norwegian, max_buys_per_round=1), 4))
    out.append(Case("swedish block-rummy-3p", attrs.evolve(remi.SWEDISH, discard_reuse="none"), 3))
    out.append(
        Case(
            "swedish ace-high+last-card-discard-4p",
            attrs.evolve(remi.SWEDISH, ace_high=True, values=remi.CardValues(ace=15), last_card_discard=True),
            4,
        )
    )
    out.append(
        Case(
            "slovenian abroad-10-cards-3p",
            attrs.evolve(
                remi.SLOVENIAN, hand_size_by_players=((2, 10),), starter_extra_card=False, upcard=True
            ),
            3,
        )
    )
    out.append(Case("gin undercut-on-tie-2p", attrs.evolve(remi.GIN, undercut_on_tie=True), 2))
    out.append(
        Case(
            "norwegian buy_only_before_contract-4p", attrs.evolve(norwegian, buy_only_before_contract=True), 4
        )
    )
    out.append(
        Case(
            "norwegian max_buys=1+buy_only_before+shanghai-5p",
            remi.with_variants(
                attrs.evolve(norwegian, max_buys_per_round=1, buy_only_before_contract=True), "shanghai"
            ),
            5,
        )
    )
    return out


# -- policies ---------------------------------------------------------------------------------


Policy = Callable[[GameState, list[remi.Action]], remi.Action]


SPADE_TWO = remi.parse_card("♠2")


def is_wild(card: remi.Card, rules: remi.Ruleset) -> bool:
    """Jokers, and the two of spades when the ruleset makes it wild."""
    return card == remi.JOKER or (rules.wild_spade_twos and card == SPADE_TWO)


def connections(card: remi.Card, hand: tuple[remi.Card, ...] | list[remi.Card], rules: remi.Ruleset) -> int:
    """How many other cards of *hand* could share a meld with *card* (wild cards: many)."""
    if is_wild(card, rules):
        return 99
    score = 0
    for other in hand:
        if other is card:
            continue
        if is_wild(other, rules):
            score += 1
        elif other.rank == card.rank:
            score += 2
        elif other.suit_index == card.suit_index and abs(other.rank - card.rank) <= 2:
            score += 1
    return score


def greedy_policy(
    rng: random.Random, greed: float = 0.8, buy_rate: float = 0.05, smart: float = 0.7
) -> Policy:
    """Mostly uniform over the legal actions, but lay/lay off/swap/call with probability *greed*.

    Buys are rare (*buy_rate*). With probability *smart* a draw takes a discard
    that connects with the hand and a discard drops the least connected card,
    so that contracts come together and rounds end by going out.
    """

    def choose(state: GameState, legal: list[remi.Action]) -> remi.Action:
        good = [a for a in legal if isinstance(a, GREEDY_TYPES)]
        if good and rng.random() < greed:
            return rng.choice(good)
        if state.phase == "buy":
            buy = Buy()
            if buy in legal and rng.random() < buy_rate:
                return buy
            return Pass()
        hand = state.hands[state.current_player]
        rules = state.ruleset
        if state.phase == "draw" and rng.random() < smart and TakeDiscard() in legal and DrawStock() in legal:
            top = state.discard[-1]
            return TakeDiscard() if connections(top, hand, rules) >= 2 else DrawStock()
        discards = [a for a in legal if isinstance(a, Discard) and not a.shanghai]
        if state.phase == "play" and discards and rng.random() < smart:

            def badness(a: Discard) -> tuple[int, int]:
                return (connections(a.card, hand, rules), -remi.card_value(a.card, rules))

            best = min(badness(a) for a in discards)
            return rng.choice([a for a in discards if badness(a) == best])
        rest = [a for a in legal if not isinstance(a, Buy)] or legal
        return rng.choice(rest)

    return choose


def uniform_policy(rng: random.Random) -> Policy:
    """Uniform over the legal actions."""

    def choose(state: GameState, legal: list[remi.Action]) -> remi.Action:
        return rng.choice(legal)

    return choose


def make_policy(kind: str, seed: int) -> Policy:
    """A fresh policy of *kind* ("greedy" or "uniform") seeded with *seed*."""
    rng = random.Random(seed)
    return greedy_policy(rng) if kind == "greedy" else uniform_policy(rng)


# -- playouts ---------------------------------------------------------------------------------


@dataclass
class Playout:
    """The record of one match: every state and the action taken from it."""

    states: list[GameState] = field(default_factory=list)
    actions: list[remi.Action] = field(default_factory=list)

    @property
    def final(self) -> GameState:
        return self.states[-1]


def play(
    ruleset: remi.Ruleset,
    players: int,
    seed: int,
    policy: Policy,
    *,
    step: Callable[[GameState, remi.Action, GameState, int], None] | None = None,
    limit: int = 30_000,
) -> Playout:
    """Play a whole match; call ``step(before, action, after, index)`` after every action."""
    state = remi.new_game(ruleset, players=players, seed=seed)
    record = Playout([state], [])
    while not state.is_over:
        if len(record.actions) >= limit:
            raise AssertionError(f"match did not end within {limit} actions")
        legal = state.legal_actions()
        action = policy(state, legal)
        after = state.apply(action)
        if step is not None:
            step(state, action, after, len(record.actions))
        record.actions.append(action)
        record.states.append(after)
        state = after
    return record


# -- candidate actions (for refusal checks) -----------------------------------------------------


def pack_cards(state: GameState) -> list[remi.Card]:
    """The distinct cards of the state's pack, in code order."""
    decks, jokers = state.ruleset.pack_for(state.players)
    return sorted(set(remi.make_pack(decks, jokers)), key=lambda c: c.code)


def candidates(state: GameState, rng: random.Random) -> list[remi.Action]:
    """A broad list of syntactically valid actions, most of them illegal now."""
    cards = pack_cards(state)
    targets = range(len(state.table) + 2)
    out: list[remi.Action] = [Cut(), DrawStock(), TakeDiscard(), Buy(), Pass()]
    for card in cards:
        out.append(Discard(card))
        out.append(Discard(card, True))
        out.append(Knock(card))
        for target in targets:
            out.append(LayOff(card, target))
            out.append(LayOff(card, target, True))
            out.append(SwapJoker(card, target))
    for target in targets:
        out.append(CallShanghai(target))
        out.append(CallShanghai(target, True))
    out.extend(random_laydowns(state, rng))
    return out


def random_laydowns(state: GameState, rng: random.Random, count: int = 4) -> list[LayDown]:
    """Contract layouts from other seats' hands, and random legal melds from the pack."""
    out: list[LayDown] = []
    seat = state.turn_player
    rules = state.ruleset
    for other, hand in enumerate(state.hands):
        if other == seat or not hand:
            continue
        if rules.family == "contract":
            layouts = remi.contract_layouts(hand, state.round, rules)
            if layouts:
                out.extend(LayDown(m) for m in rng.choice(layouts))
        else:
            melds = remi.candidate_melds(hand, rules)
            if melds:
                out.append(LayDown((rng.choice(melds),)))
    # Random three-of-a-kind and four-card runs made of any pack cards.
    for _ in range(count):
        rank = rng.randrange(3, 13)
        suits = rng.sample(range(4), 3)
        set_text = " ".join(f"{'♣♦♥♠'[s]}{rank}" for s in suits)
        low = rng.randrange(3, 10)
        suit = "♣♦♥♠"[rng.randrange(4)]
        run_text = " ".join(f"{suit}{r}" for r in range(low, low + 4))
        try:
            out.append(LayDown.of(set_text))
            out.append(LayDown.of(set_text, run_text))
            out.append(LayDown.of(run_text))
        except remi.RemiError:  # pragma: no cover - the texts above are always melds
            pass
    return out


# -- checks -------------------------------------------------------------------------------------


def roundtrip(state: GameState) -> GameState:
    """Serialize through JSON text and back; the copy must equal the state."""
    data = state.to_dict()
    text = json.dumps(data, ensure_ascii=False, sort_keys=True)
    copy = GameState.from_dict(json.loads(text))
    if copy != state:
        raise AssertionError("from_dict(json round trip) differs from the state")
    if GameState.from_dict(data) != state:
        raise AssertionError("from_dict(to_dict()) differs from the state")
    if copy.to_dict() != data:
        raise AssertionError("to_dict of the copy differs")
    return copy


def hand_delta(before: GameState, action: remi.Action, after: GameState) -> None:
    """Hand sizes change exactly as the action says (within one round)."""
    if after.round != before.round or after.is_over:
        return
    sizes = list(before.hand_sizes)
    seat = before.current_player
    if isinstance(action, (DrawStock, TakeDiscard)):
        sizes[seat] += 1
    elif isinstance(action, Buy):
        sizes[seat] += 2
    elif isinstance(action, LayDown):
        sizes[seat] -= len(action.cards)
    elif isinstance(action, (LayOff, Discard, Knock)):
        sizes[seat] -= 1
    elif isinstance(action, CallShanghai):
        sizes[seat] -= 1
        sizes[before.shanghai_from] += 1
    elif isinstance(action, Cut):
        size = before.ruleset.hand_size(before.players, before.round)
        sizes = [size] * before.players
    if tuple(sizes) != after.hand_sizes:
        raise AssertionError(
            f"hand sizes after {action} are {after.hand_sizes}, expected {tuple(sizes)} (before {before.hand_sizes})"
        )


def phase_shape(state: GameState) -> None:
    """What must hold of the hands, piles and seats in each phase."""
    n = state.players
    rules = state.ruleset
    if state.phase == "over":
        if state.current_player != -1:
            raise AssertionError("a finished game has a current player")
        return
    if not 0 <= state.current_player < n:
        raise AssertionError(f"current_player {state.current_player} is not a seat")
    if state.phase == "cut":
        if any(state.hands) or state.discard or state.table:
            raise AssertionError("before the cut nothing is dealt")
        if state.turn_player != (state.dealer - 1) % n:
            raise AssertionError("the seat right of the dealer cuts")
        return
    if state.phase == "draw" and state.turn == 1:
        size = rules.hand_size(n, state.round)
        expected = [size] * n
        if rules.starter_extra_card:
            expected[state.turn_player] += 1
        if state.hand_sizes != tuple(expected):
            raise AssertionError(
                f"first turn of round {state.round}: hands {state.hand_sizes}, expected {size} each"
            )
        if state.turn_player != (state.dealer + 1) % n:
            raise AssertionError("the seat left of the dealer starts")
        if rules.upcard and len(state.discard) != 1:
            raise AssertionError("the upcard starts the discard pile")
    if state.phase in ("draw", "play", "knock") and state.to_act != state.turn_player:
        raise AssertionError("outside the windows the seat on turn acts")
    if state.phase in ("buy", "shanghai") and state.to_act == state.turn_player and state.phase == "buy":
        raise AssertionError("the seat on turn may not buy")
    if state.phase == "shanghai":
        if state.to_act == state.shanghai_from:
            raise AssertionError("the discarder may not call Shanghai on their own card")
        if state.hand_sizes[state.to_act] < 2:
            raise AssertionError("a Shanghai caller needs at least two cards")
    if state.pending and state.phase != "play":
        raise AssertionError("a pending joker outside the play phase")
    for seat, hand in enumerate(state.hands):
        # A Gin knocker may lay every card (gin) before passing to settle the deal.
        if not hand and state.phase != "over" and not (state.phase == "knock" and seat == state.turn_player):
            raise AssertionError(f"seat {seat} has an empty hand but the round goes on")
    if state.phase == "knock":
        # docs/rules/gin.rst, gin-knocker-chooses: the knocker's hand is shown, the melds are theirs.
        if state.known[state.turn_player] != state.hands[state.turn_player]:
            raise AssertionError("the knocker's hand is not shown in the knock phase")
        if any(owner != state.turn_player for owner in state.owners):
            raise AssertionError("a table meld of the knock phase is not the knocker's")
    if rules.max_buys_per_round is not None and max(state.buys) > rules.max_buys_per_round:
        raise AssertionError("a seat bought more than max_buys_per_round")


def round_end(before: GameState, action: remi.Action, after: GameState) -> None:
    """A round that ended on this action scored as RULES says."""
    if len(after.results) == len(before.results):
        return
    if len(after.results) != len(before.results) + 1:
        raise AssertionError("one action finished two rounds")
    result = after.results[-1]
    rules = before.ruleset
    if result.round != before.round:
        raise AssertionError(f"result for round {result.round} at the end of round {before.round}")
    hands = [list(h) for h in before.hands]
    seat = before.current_player
    exact = True
    knock_melds = None
    if before.phase == "knock":
        # docs/rules/gin.rst, gin-knocker-chooses: the pass settles with exactly the melds laid.
        if not isinstance(action, Pass):
            raise AssertionError(f"{action} ended a knock phase")
        knock_melds = before.table
        hands[seat] += [card for meld in knock_melds for card in meld.cards]
    elif isinstance(action, LayDown):
        for card in action.cards:
            hands[seat].remove(card)
    elif isinstance(action, (LayOff, Discard, Knock)):
        hands[seat].remove(action.card)
    elif isinstance(action, CallShanghai):
        exact = False
    elif not isinstance(action, Pass):
        raise AssertionError(f"{action} ended a round")
    if result.went_out is not None:
        # RULES 5: a Gin knock ends the deal with cards still in hand.
        if result.went_out != seat or (hands[seat] and knock_melds is None):
            raise AssertionError(f"seat {result.went_out} went out, but {seat} acted and holds {hands[seat]}")
    else:
        # No winner: the next turn hit the turn cap, or the stock ran dry with nothing to rebuild from.
        pile = len(before.discard) + (1 if isinstance(action, Discard) else 0)
        pile -= 1 if isinstance(action, CallShanghai) else 0
        cap = rules.max_turns_per_round
        capped = cap is not None and before.turn + 1 > cap
        dry = not before.stock and (pile <= 1 or rules.discard_reuse == "none")
        void = rules.family == "gin" and len(before.stock) <= rules.gin_stock_reserve
        if not (capped or dry or void):
            raise AssertionError(
                f"round {result.round} ended with no winner, but neither the cap nor the stock says so"
            )
    if rules.scoring == "penalty":
        deltas = [
            0 if s == result.went_out else remi.hand_value(h, rules) + rules.loser_surcharge
            for s, h in enumerate(hands)
        ]
    else:
        rummy = result.went_out is not None and before.down[result.went_out] in (-1, before.turn)
        scoring = rules
        if result.went_out is None and rules.scoring == "winner-takes-all":
            # The engine's [decision]: a deal with nobody out is settled as in Block Rummy.
            scoring = attrs.evolve(rules, scoring="block")
        deltas = list(
            remi.settle(
                tuple(tuple(h) for h in hands),
                result.went_out,
                scoring,
                going_rummy=rummy,
                first=(before.dealer + 1) % before.players,
                melds=knock_melds,
            ).deltas
        )
    for s in range(before.players):
        expected = deltas[s]
        if result.cut_bonus == s:
            expected += rules.cut_bonus
        if (exact or s not in (seat, before.shanghai_from)) and result.points[s] != expected:
            raise AssertionError(
                f"round {result.round}: seat {s} scored {result.points[s]}, expected {expected}"
            )
    if isinstance(action, Pass) and result.went_out is not None and knock_melds is None:
        raise AssertionError("a pass cannot go out, except the pass that ends a Gin knock")


def match_record(final: GameState) -> None:
    """The finished match: results per round, totals the sums, winners by the ruleset's direction."""
    rules = final.ruleset
    if not final.is_over:
        raise AssertionError("the match is not over")
    rounds = rules.rounds if rules.rounds is not None else len(rules.contracts) or None
    if rounds is not None and len(final.results) != rounds:
        raise AssertionError(f"{len(final.results)} results for {rounds} rounds")
    if rounds is None:
        # Played to a target score: reached after the last round and not before.
        target = rules.target_score
        running = [0] * final.players
        for index, r in enumerate(final.results):
            running = [t + p for t, p in zip(running, r.points)]
            last = index == len(final.results) - 1
            reached = max(running) >= target or (rules.scoring == "gin" and min(running) <= -target)
            if reached != last:
                raise AssertionError(f"the match did not end when a total first reached {target}: {running}")
    if [r.round for r in final.results] != list(range(1, len(final.results) + 1)):
        raise AssertionError("round results out of order")
    for r in final.results:
        if len(r.points) != final.players or not all(type(p) is int for p in r.points):
            raise AssertionError(f"bad points {r.points!r}")
        if (
            rules.scoring == "penalty"
            and r.went_out is not None
            and r.points[r.went_out] != (rules.cut_bonus if r.cut_bonus == r.went_out else 0)
        ):
            raise AssertionError(f"the seat that went out scored {r.points[r.went_out]}")
    sums = tuple(sum(r.points[s] for r in final.results) for s in range(final.players))
    if final.totals != sums or final.scores != sums:
        raise AssertionError("totals are not the sums of the round points")
    if not all(type(t) is int for t in final.totals):
        raise AssertionError("scores are not ints")
    best = min(sums) if rules.lowest_wins else max(sums)
    if final.winners != tuple(s for s in range(final.players) if sums[s] == best):
        raise AssertionError(f"winners {final.winners} for totals {sums}")
    if final.legal_actions() != [] or final.current_player != -1:
        raise AssertionError("a finished game still offers actions")


#: A candidate action not built yet: its class and the values of all its fields, in field order.
Spec = tuple[type, tuple[Any, ...]]


def candidate_specs(state: GameState, rng: random.Random) -> list[Spec | remi.Action]:
    """:func:`candidates`, in the same order and drawing the same random numbers, unbuilt.

    A whole-match sweep samples a dozen refusals from thousands of candidates at every state;
    building each candidate (attrs converters and validators) cost more than the rest of the
    sampling, so the fixed ones stay (class, fields) pairs and only the sampled ones are built.
    The fixed ones depend on the pack and the table's length only, and are kept per pair.
    The lay-downs of :func:`random_laydowns` come built.
    """
    decks, jokers = state.ruleset.pack_for(state.players)
    out: list[Spec | remi.Action] = list(_fixed_specs(decks, jokers > 0, len(state.table) + 2))
    out.extend(random_laydowns(state, rng))
    return out


@functools.lru_cache(maxsize=256)
def _fixed_specs(decks: int, jokers: bool, targets: int) -> tuple[Spec, ...]:
    """The candidates of :func:`candidate_specs` but the lay-downs: a pack's cards on *targets* melds."""
    cards = sorted(set(remi.make_pack(decks, 1 if jokers else 0)), key=lambda c: c.code)
    out: list[Spec] = [
        (Cut, ()),
        (DrawStock, ()),
        (TakeDiscard, ()),
        (Buy, ()),
        (Pass, ()),
    ]
    for card in cards:
        out.append((Discard, (card, False)))
        out.append((Discard, (card, True)))
        out.append((Knock, (card,)))
        for target in range(targets):
            out.append((LayOff, (card, target, False)))
            out.append((LayOff, (card, target, True)))
            out.append((SwapJoker, (card, target)))
    for target in range(targets):
        out.append((CallShanghai, (target, False)))
        out.append((CallShanghai, (target, True)))
    return tuple(out)


def _spec_of(action: remi.Action) -> Spec:
    """The (class, fields) pair of a built action: equal pairs for equal actions (attrs eq)."""
    return (type(action), attrs.astuple(action, recurse=False))


def iter_refusals(
    state: GameState, legal: list[remi.Action], rng: random.Random, sample: int
) -> Iterator[remi.Action]:
    """A random sample, without replacement, of *sample* candidate actions that are not offered.

    Candidates are drawn by index until *sample* are found that are not offered (or every
    candidate was drawn): a few draws each, since a state offers few of its hundreds of
    candidates, where shuffling them all cost a sweep a tenth of its time.
    """
    offered = {_spec_of(a) for a in legal}
    kinds = {kind for kind, _ in offered}

    def not_offered(c: Spec | remi.Action) -> bool:
        if isinstance(c, tuple):
            return c[0] not in kinds or c not in offered
        return _spec_of(c) not in offered

    specs = candidate_specs(state, rng)
    drawn: set[int] = set()
    found = 0
    while found < sample and len(drawn) < len(specs):
        index = rng.randrange(len(specs))
        if index in drawn:
            continue
        drawn.add(index)
        chosen = specs[index]
        if not_offered(chosen):
            found += 1
            yield chosen[0](*chosen[1]) if isinstance(chosen, tuple) else chosen


def card_counts(state: GameState) -> Counter[remi.Card]:
    """Every card of the state, wherever it is."""
    seen: Counter[remi.Card] = Counter()
    for hand in state.hands:
        seen.update(hand)
    seen.update(state.stock)
    seen.update(state.discard)
    for meld in state.table:
        seen.update(meld.cards)
    return seen


def action_effects(before: GameState, action: remi.Action, after: GameState) -> None:
    """Rule-specific effects of single actions (RULES 1. Norwegian Remi)."""
    rules = before.ruleset
    seat = before.current_player
    n = before.players
    same_round = after.round == before.round and len(after.results) == len(before.results)
    if isinstance(action, Buy):
        # RULES 1. Buying: not the seat on turn, not twice in a row, limits respected.
        if seat == before.turn_player or seat == before.last_buyer:
            raise AssertionError(f"seat {seat} bought out of turn")
        if rules.buy_only_before_contract and before.down[seat] >= 0:
            raise AssertionError("a seat whose contract is down bought")
        if after.buys[seat] != before.buys[seat] + 1:
            raise AssertionError("a buy was not counted")
        if before.discard_top not in after.hands[seat]:
            raise AssertionError("the bought card is not in the buyer's hand")
        # RULES 1 (docs/rules/norwegian.rst, norwegian-buy-empty-stock): the next card is open after a buy,
        # also when the stock was empty and rebuilt for the penalty card.
        if same_round and after.discard[-1:] != before.discard[-2:-1]:
            raise AssertionError("the next card of the pile is not face up after a buy")
    if isinstance(action, TakeDiscard) and same_round:
        if after.taken != before.discard_top or after.discard != before.discard[:-1]:
            raise AssertionError("take did not move the discard top into the hand")
    if isinstance(action, DrawStock) and same_round and after.phase == "buy":
        order = [(before.turn_player + k) % n for k in range(1, n)]
        if list(after.queue) != [q for q in order if q in after.queue]:
            raise AssertionError(f"buyers asked out of turn order: {after.queue}")
    if isinstance(action, Discard) and same_round:
        if action.shanghai and after.phase == "shanghai":
            raise AssertionError("a protected discard opened the Shanghai window")
        if after.phase == "draw" and after.turn_player != (seat + 1) % n:
            raise AssertionError("the turn did not pass to the left")
        if after.discard_top != action.card:
            raise AssertionError("the discarded card is not on top of the pile")
    if isinstance(action, CallShanghai) and same_round:
        if seat == before.shanghai_from:
            raise AssertionError("the discarder called Shanghai on their own card")
        if after.turn_player != (before.shanghai_from + 1) % n:
            raise AssertionError("after a Shanghai call the discarder's left neighbour plays")
    if isinstance(action, SwapJoker) and same_round and rules.swapped_joker_same_turn and not after.pending:
        raise AssertionError("a swapped joker is not pending")
    if isinstance(action, SwapJoker) and same_round and not rules.swapped_joker_same_turn and after.pending:
        raise AssertionError("a joker that may be kept is pending")
    if isinstance(action, Cut) and after.cut_bonus_seat not in (-1, seat):
        raise AssertionError("the cut bonus went to a seat that did not cut")
    if (
        isinstance(action, LayDown)
        and same_round
        and rules.family == "contract"
        and after.down[seat] != before.turn
    ):
        raise AssertionError("the contract's turn was not recorded")
    if not same_round and after.results and after.results[-1].went_out is not None:
        last_round = bool(rules.contracts) and before.round == len(rules.contracts)
        if rules.last_card_discard and not last_round and not isinstance(action, Discard):
            raise AssertionError(f"went out with {action} although the last card must be discarded")
        if last_round and rules.last_contract_goes_out and not isinstance(action, (LayDown, LayOff)):
            # Round 7 goes out by laying everything; a discard never finishes it.
            raise AssertionError(f"round {before.round} went out with {action}")
