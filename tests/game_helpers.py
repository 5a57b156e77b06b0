"""Build game positions by hand for tests: ``position(hands=[...], table=[...], ...)``.

A position is a :class:`remi.GameState` made from card text. Every card of the
pack that the caller does not place (hands, table, discard pile, stock) goes to
``rest``: by default under the given stock, in the pack's fixed order, so card
conservation holds and :meth:`remi.GameState.check_invariants` passes (the
builder calls it).

>>> from game_helpers import position
>>> s = position(hands=["♠9 ♥9 ♦9", "♣2", "♣3", "♣4"], discard="♦K", stock="♥5")
>>> s.phase, s.current_player, s.discard_top, s.stock[-1], len(s.stock)
('play', 0, Card('♦K'), Card('♥5'), 106)
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import Any

import attrs

import remi
from remi import Card, GameState, Meld, RoundResult, format_cards, make_pack, parse_cards, parse_meld


def _code(card: Card) -> int:
    return card.code


def cards(text: str | Iterable[Card]) -> tuple[Card, ...]:
    """Card text (or cards) as a tuple, order kept."""
    return parse_cards(text)


def sorted_hand(text: str | Iterable[Card]) -> tuple[Card, ...]:
    """Card text as a hand: sorted as the engine keeps hands."""
    return tuple(sorted(parse_cards(text), key=_code))


def _card_or_none(value: str | Card | None) -> Card | None:
    return remi.parse_card(value) if isinstance(value, str) else value


def _per_seat(value: Sequence[Any] | Mapping[int, Any] | None, players: int, default: Any) -> list[Any]:
    if value is None:
        return [default] * players
    if isinstance(value, Mapping):
        out = [default] * players
        for seat, item in value.items():
            out[seat] = item
        return out
    if len(value) != players:
        raise ValueError(f"expected {players} entries, got {len(value)}")
    return list(value)


def position(
    ruleset: remi.Ruleset = remi.NORWEGIAN,
    players: int = 4,
    *,
    hands: Sequence[str] | Mapping[int, str],
    table: Sequence[str | Meld] = (),
    owners: Sequence[int] | None = None,
    discard: str = "",
    stock: str = "",
    rest: str | int = "stock",
    round: int = 1,
    dealer: int | None = None,
    phase: str = "play",
    turn_player: int = 0,
    to_act: int | None = None,
    down: Sequence[int] | Mapping[int, int] | None = None,
    turn: int = 1,
    buys: Sequence[int] | Mapping[int, int] | None = None,
    results: Sequence[RoundResult] = (),
    totals: Sequence[int] | None = None,
    **fields: Any,
) -> GameState:
    """Return a checked position built from card text.

    - *hands*: one card text per seat (or ``{seat: text}``, other seats empty).
    - *table*: meld text (``"♠2 JK=♠3 ♠4 ♠5"``; parsed with *ruleset*) or melds;
      *owners* defaults to *turn_player* for every meld.
    - *discard*: the discard pile, top card last.
    - *stock*: the top of the stock, top card last.
    - *rest*: where the unplaced cards of the pack go, in pack order:
      ``"stock"`` (under *stock*), ``"discard"`` (under *discard*), or a seat
      number (into that hand). With ``"discard"`` or a seat, the stock is
      exactly *stock*.
    - *dealer* defaults to the seat right of *turn_player*; *to_act* to
      ``queue[0]`` when a queue is given, else *turn_player*; *down* to -1
      for every seat (``{seat: turn}`` or a full tuple); *totals* to the
      sums of *results*.
    - Any other :class:`GameState` field (``queue``, ``pending``, ``taken``,
      ``last_buyer``, ``shanghai_from``, ``cut_bonus_seat``, ``reshuffles``,
      ``seed``) may be given by keyword.
    """
    hand_list = [sorted_hand(h) for h in _per_seat(hands, players, "")]
    melds = tuple(m if isinstance(m, Meld) else parse_meld(m, ruleset) for m in table)
    owner_list = tuple(owners) if owners is not None else (turn_player,) * len(melds)
    pile = list(parse_cards(discard))
    top = list(parse_cards(stock))

    decks, jokers = ruleset.pack_for(players)
    pack = make_pack(decks, jokers)
    placed: Counter[Card] = Counter()
    for hand in hand_list:
        placed.update(hand)
    for meld in melds:
        placed.update(meld.cards)
    placed.update(pile)
    placed.update(top)
    too_many = placed - Counter(pack)
    if too_many:
        raise ValueError(
            f"more cards than the pack holds: {format_cards(sorted(too_many.elements(), key=_code))}"
        )
    left = Counter(pack) - placed
    leftover = [card for card in dict.fromkeys(pack) for _ in range(left[card])]
    if rest == "stock":
        top = leftover + top
    elif rest == "discard":
        pile = leftover + pile
    elif isinstance(rest, int):
        hand_list[rest] = sorted_hand(hand_list[rest] + tuple(leftover))
    else:
        raise ValueError(f"rest must be 'stock', 'discard' or a seat, not {rest!r}")

    queue = tuple(fields.pop("queue", ()))
    if to_act is None:
        to_act = queue[0] if queue else turn_player
    result_list = tuple(results)
    if totals is None:
        totals = [sum(r.points[i] for r in result_list) for i in range(players)]
    state = GameState(
        ruleset=ruleset,
        players=players,
        seed=fields.pop("seed", 0),
        round=round,
        dealer=(turn_player - 1) % players if dealer is None else dealer,
        phase=phase,  # type: ignore[arg-type]
        turn_player=turn_player,
        to_act=to_act,
        hands=tuple(hand_list),
        stock=tuple(top),
        discard=tuple(pile),
        table=melds,
        owners=owner_list,
        down=tuple(_per_seat(down, players, -1)),
        turn=turn,
        pending=parse_cards(fields.pop("pending", "")),
        taken=_card_or_none(fields.pop("taken", None)),
        queue=queue,
        last_buyer=fields.pop("last_buyer", -1),
        buys=tuple(_per_seat(buys, players, 0)),
        shanghai_from=fields.pop("shanghai_from", -1),
        reshuffles=fields.pop("reshuffles", 0),
        cut_bonus_seat=fields.pop("cut_bonus_seat", -1),
        results=result_list,
        totals=tuple(totals),
    )
    if fields:
        raise TypeError(f"unknown position fields: {', '.join(sorted(fields))}")
    state.check_invariants()
    return state


def all_cards(state: GameState) -> Counter[Card]:
    """Every card of a state, wherever it lies (for conservation checks)."""
    seen: Counter[Card] = Counter()
    for hand in state.hands:
        seen.update(hand)
    for meld in state.table:
        seen.update(meld.cards)
    seen.update(state.stock)
    seen.update(state.discard)
    return seen


def strs(actions: Iterable[object]) -> list[str]:
    """Actions as their notation."""
    return [str(a) for a in actions]


def illegal(state: GameState, action: remi.Action | str | Layout) -> remi.IllegalActionError:
    """*action* is refused alike by ``is_legal``, ``legal_actions``, ``why_illegal`` and ``apply``.

    Text and the parsed action are both asked; the reason is one sentence. Return the error
    ``apply`` raised, for its ``code`` and ``reason``.
    """
    if isinstance(action, Layout):  # several melds in one lay-down: refused as they are written
        return several_at_once(state, action)  # type: ignore[return-value]
    parsed = remi.parse_action(action) if isinstance(action, str) else action
    assert not state.is_legal(action) and not state.is_legal(parsed)
    assert parsed not in state.legal_actions()
    why, why_parsed = state.why_illegal(action), state.why_illegal(parsed)
    assert why is not None and why_parsed is not None
    assert (why.code, why.reason) == (why_parsed.code, why_parsed.reason)
    try:
        state.apply(action)
    except remi.IllegalActionError as error:
        assert (why.code, why.reason) == (error.code, error.reason)
        assert error.reason.endswith(".")
        return error
    raise AssertionError(f"{action} was applied")


# -- whole layouts, laid one meld per action ------------------------------------------------------


@attrs.frozen
class Layout:
    """Several melds laid one after another (a lay-down is one meld): the test's value for a layout."""

    melds: tuple[Meld, ...] = attrs.field(
        converter=lambda ms: tuple(sorted((remi.LayDown(m).meld for m in ms), key=remi.meld_sort_key))
    )

    @classmethod
    def of(cls, *melds: str | Meld) -> Layout:
        return cls(tuple(m if isinstance(m, Meld) else parse_meld(m) for m in melds))

    def __str__(self) -> str:
        return "lay " + " / ".join(str(m) for m in self.melds)


def several_at_once(state: GameState, layout: Layout) -> remi.NotationError:
    """Several melds in one lay-down are refused as written, value or text: ``one-meld-at-a-time``."""
    try:
        remi.LayDown.of(*layout.melds)
    except remi.NotationError as error:
        assert error.code == "one-meld-at-a-time"
    else:
        raise AssertionError(f"{layout} was built")
    why = state.why_illegal(str(layout))
    assert isinstance(why, remi.NotationError) and why.code == "one-meld-at-a-time"
    assert not state.is_legal(str(layout))
    return why


def offers(state: GameState, layout: Layout) -> bool:
    """Whether *layout* can be laid meld by meld: each meld offered in turn by ``legal_actions()``."""
    for meld in layout.melds:
        # docs/rules/norwegian.rst, norwegian-build-card-by-card: where melds are built, each step is offered.
        for step in state.lay_steps(meld):
            if step not in state.legal_actions():
                return False
            state = state.apply(step)
    return True


def lay(state: GameState, layout: Layout) -> GameState:
    """Lay *layout*'s melds one action each (``GameState.lay``), after checking each is offered."""
    assert offers(state, layout), f"{layout} is not offered meld by meld"
    return state.lay(*layout.melds)


def refused(state: GameState, layout: Layout) -> remi.IllegalActionError:
    """*layout* cannot be laid meld by meld: return the first refusal ``GameState.lay`` raises."""
    assert not offers(state, layout)
    try:
        state.lay(*layout.melds)
    except remi.IllegalActionError as error:
        assert error.reason.endswith(".")
        return error
    raise AssertionError(f"{layout} was laid")


def whole_layouts(state: GameState) -> list[Layout]:
    """Every complete first lay-down the seat on turn can make this turn, as :class:`Layout` values.

    Follows single lay-down actions while the seat's lay-down is still in
    progress (contract or opening not yet complete) and collects the melds
    laid when it completes (or the round ends).
    """
    seat, turn = state.turn_player, state.turn
    found: set[Layout] = set()

    def walk(s: GameState, laid: tuple[Meld, ...]) -> None:
        for action in s.legal_actions():
            if isinstance(action, remi.Build):  # a meld built card by card: follow it to its lay
                walk(s.apply(action), laid)
                continue
            if not isinstance(action, remi.LayDown):
                continue
            after = s.apply(action)
            melds = laid + action.melds
            finished = (
                after.round != s.round
                or after.is_over
                or any(isinstance(a, (remi.Discard, remi.LayOff)) for a in after.legal_actions())
                or after.turn != turn
            )
            if finished:
                found.add(Layout(melds))
            else:
                walk(after, melds)

    if state.phase == "play" and state.to_act == seat:
        walk(state, ())
    return sorted(found, key=str)


#: A ruleset whose melds go down card by card in every round (docs/rules/norwegian.rst, norwegian-build-card-by-card).
BUILDS = remi.with_variants(remi.NORWEGIAN, "all down at once")


def mid_build(seed: int, skip: int = 0, ruleset: remi.Ruleset = BUILDS) -> GameState:
    """A random game of *ruleset* stopped while a meld is being built (the *skip*-th such moment)."""
    state = remi.new_game(ruleset, players=4, seed=seed)
    rng = random.Random(seed)
    while True:
        assert not state.is_over, "the game ended without a meld built card by card"
        legal = state.legal_actions()
        builds = [a for a in legal if isinstance(a, remi.Build)]
        state = state.apply(rng.choice(builds if builds and rng.random() < 0.7 else legal))
        if state.building:
            if skip == 0:
                return state
            skip -= 1


def finish_knock(state: GameState) -> GameState:
    """In the Gin knock phase, lay the knocker's best arrangement meld by meld and pass: the deal is settled.

    What the engine did at the knock before the knocker chose the melds
    (docs/rules/gin.rst, gin-knocker-chooses): the bots' and goldens' choice.
    """
    assert state.phase == "knock", state.phase
    for meld in remi.best_arrangement(state.hands[state.turn_player], state.ruleset).melds:
        state = state.apply(remi.LayDown((meld,)))
    return state.apply(remi.Pass())


def knock_best(state: GameState, card: str | Card) -> GameState:
    """Knock with *card*, then lay the best arrangement and pass (:func:`finish_knock`)."""
    return finish_knock(state.apply(remi.Knock(card)))


#: The actions the benchmark's greedy-random policy prefers when offered (bench/bench_game.py).
GREEDY = (remi.LayDown, remi.Build, remi.LayOff, remi.SwapJoker, remi.CallShanghai)


def bench_pick(rng: random.Random, state: GameState, legal: list[remi.Action], greedy: bool) -> remi.Action:
    """The two policies of bench/bench_game.py: greedy-random, or uniform over the legal actions."""
    if not greedy:
        return rng.choice(legal)
    good = [a for a in legal if isinstance(a, GREEDY)]
    if good and rng.random() < 0.8:
        return rng.choice(good)
    if state.phase == "buy":
        return remi.Buy() if remi.Buy() in legal and rng.random() < 0.05 else remi.Pass()
    return rng.choice([a for a in legal if not isinstance(a, remi.Buy)] or legal)


def play_states(ruleset: remi.Ruleset, seed: int, greedy: bool) -> Iterator[GameState]:
    """The play-phase states of one seeded 4-player match with a 60-turn round cap, under :func:`bench_pick`."""
    rules = attrs.evolve(ruleset, max_turns_per_round=60)
    rng = random.Random(seed)
    state = remi.new_game(rules, players=4, seed=seed)
    while not state.is_over:
        legal = state.legal_actions()
        if state.phase == "play":
            yield state
        state = state.apply(bench_pick(rng, state, legal, greedy))


def check_play_states(
    ruleset: remi.Ruleset, seeds: Sequence[int], policies: Sequence[bool], check: Callable[[GameState], None]
) -> None:
    """Call *check* on every play-phase state of each seeded match under each policy (:func:`play_states`).

    Policy by policy (``greedy`` false or true, :func:`bench_pick`), seed by seed, state by state.
    """
    for greedy in policies:
        for seed in seeds:
            for state in play_states(ruleset, seed, greedy):
                check(state)
