"""The fast paths equal the general ones: states and views built without the frozen ``__init__``,
the common draw, take and discard built on the fields they change.

Each fast path duplicates a general one; these tests play random games of every
preset (and rule variants that take the general paths: buying, Shanghai calls, a
turn cap, the discard pile turned over) and compare, on every state met, what
the fast path gives with what the general path gives: equal values, equal
``to_dict``, the same type, frozen, with no cached legal actions.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import remi
from remi import Buy, Card, DrawStock, GameState, LayDown, LayOff, Pass, TakeDiscard
from remi.actions import Discard
from remi.cards import sorted_hand
from remi.game import engine, views
from remi.game import state as core

#: Every preset, and variants whose draws and discards take the general paths now and then.
RULESETS = {
    **remi.PRESETS,
    "gin-capped": attrs.evolve(remi.GIN, max_turns_per_round=12),
    "norwegian-shanghai": remi.with_variants(remi.NORWEGIAN, "shanghai"),
    "swedish-capped": attrs.evolve(remi.SWEDISH, max_turns_per_round=20),
}


def states(ruleset: remi.Ruleset, players: int, seed: int, limit: int = 250) -> Iterator[GameState]:
    """The states of one seeded game of uniformly random legal actions, at most *limit* of them."""
    rng = random.Random(seed)
    state = remi.new_game(ruleset, players=players, seed=seed)
    for _ in range(limit):
        if state.is_over:
            return
        yield state
        state = state.apply(rng.choice(state.legal_actions()))


def same(fast: GameState, general: GameState) -> None:
    """*fast* is the value *general* is: equal, the same dict form and type, frozen, no cached actions."""
    assert type(fast) is type(general)
    assert fast == general
    assert fast.to_dict() == general.to_dict()
    assert hash(fast) == hash(general)
    assert fast._legal is None
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        fast.phase = "over"  # type: ignore[misc]


def take_by_scratch(s: GameState) -> GameState:
    """The take as the engine made it through a scratch copy before it had a fast path."""
    w = core.Scratch.of(s)
    card = w.discard.pop()
    w.give(s.turn_player, card)
    w.learn(s.turn_player, card)
    w.taken = card
    w.phase = "play"
    return w.freeze()


def buy_pass_by_scratch(s: GameState) -> GameState:
    """A pass in a buying window as the engine made it through a scratch copy before it had a fast path."""
    w = core.Scratch.of(s)
    engine._continue_window(w, w.queue[1:])
    return w.freeze()


game = st.tuples(st.sampled_from(sorted(RULESETS)), st.integers(0, 2), st.integers(0, 10_000))


@settings(max_examples=40)
@given(game)
def test_fast_transitions_equal_the_general_ones(choice: tuple[str, int, int]) -> None:
    """The common draw, every take, the common discard, lay-down, lay-off and buy, and a pass on a buy give the state the scratch copy gives:
    the value after an action is the same whichever path builds it."""
    name, extra, seed = choice
    ruleset = RULESETS[name]
    players = min(ruleset.min_players + extra, ruleset.max_players)
    for s in states(ruleset, players, seed):
        for action in s.legal_actions():
            if isinstance(action, DrawStock):
                same(engine._perform_draw(s, action), engine._draw_in_full(s))
            elif isinstance(action, TakeDiscard):
                same(engine._perform_take(s, action), take_by_scratch(s))
            elif isinstance(action, Discard):
                same(engine._perform_discard(s, action), engine._discard_in_full(s, action))
            elif isinstance(action, LayDown) and s.phase == "play":
                same(engine._perform_lay(s, action), engine._lay_in_full(s, action))
            elif isinstance(action, LayOff):
                extended = engine._placed(
                    engine._layoff_choice(s, s.table[action.target], action.card, action.low)
                )
                same(engine._perform_layoff(s, action), engine._layoff_in_full(s, action, extended))
            elif isinstance(action, Buy):
                same(engine._perform_buy(s, action), engine._buy_in_full(s))
            elif isinstance(action, Pass) and s.phase == "buy":
                same(engine._perform_pass(s, action), buy_pass_by_scratch(s))


def test_the_fast_paths_are_taken_and_left() -> None:
    """The random games above meet both sides of each fast path's test (so the comparison compares)."""
    fast_discards = general_discards = fast_draws = general_draws = 0
    for name in ("gin", "gin-capped", "norwegian-shanghai", "swedish"):
        for seed in range(3):
            ruleset = RULESETS[name]
            for s in states(ruleset, ruleset.min_players, seed):
                for action in s.legal_actions():
                    if isinstance(action, Discard):
                        after = engine._perform_discard(s, action)
                        fast = after.phase == "draw" and after.turn == s.turn + 1 and not s.ruleset.shanghai
                        fast_discards += fast
                        general_discards += not fast
                    elif isinstance(action, DrawStock):
                        fast = bool(s.stock) and not s.ruleset.buying
                        fast_draws += fast
                        general_draws += not fast
    assert min(fast_discards, general_discards, fast_draws, general_draws) > 0


@settings(max_examples=40)
@given(game)
def test_built_states_and_views_equal_the_attrs_init(choice: tuple[str, int, int]) -> None:
    """build_state and opened/sealed give the state the attrs ``__init__`` gives; make_view the view
    the attrs ``__init__`` of the view gives, with the state's legal actions for the seat to act."""
    name, extra, seed = choice
    ruleset = RULESETS[name]
    players = min(ruleset.min_players + extra, ruleset.max_players)
    for s in states(ruleset, players, seed, limit=120):
        values = core._get_all(s)
        same(core.build_state(type(s), values), type(s)(*values))
        same(core.with_changes(s, idle_turns=1), attrs.evolve(s, idle_turns=1))
        copy = core.opened(s)
        copy.idle_turns, copy.phase = 2, "over"
        same(core.sealed(copy), attrs.evolve(s, idle_turns=2, phase="over"))
        assert core.opened(s) is not s and s == core.sealed(core.opened(s))
        for seat in range(s.players):
            view = s.view(seat)
            public = {name: getattr(s, name) for name in core.PUBLIC_FIELDS}
            by_init = remi.PlayerView(
                seat=seat, hand=s.hands[seat], hand_sizes=s.hand_sizes, stock_size=len(s.stock), **public
            )
            assert type(view) is remi.PlayerView
            assert view == by_init and view.to_dict() == by_init.to_dict() and hash(view) == hash(by_init)
            assert view._world is None
            assert view.legal_actions() == (s.legal_actions() if seat == s.current_player else [])
            with pytest.raises(attrs.exceptions.FrozenInstanceError):
                view.seat = 0  # type: ignore[misc]


def test_the_view_and_the_state_share_no_list_they_hand_out() -> None:
    """The legal actions a view keeps are the state's own list; each hands out a copy."""
    s = remi.new_game(remi.GIN, players=2, seed=4)
    view = s.view(s.current_player)
    first = view.legal_actions()
    first.clear()
    assert view.legal_actions() == s.legal_actions() != []
    mine = s.legal_actions()
    mine.clear()
    assert s.view(s.current_player).legal_actions() == s.legal_actions() != []


hands = st.lists(st.sampled_from(remi.make_pack(2, 2)), max_size=24).map(sorted_hand)


@given(hands, st.sampled_from(remi.make_pack(1, 1)))
def test_hand_helpers_keep_a_sorted_hand(hand: tuple[Card, ...], card: Card) -> None:
    """hand_with puts a card where sorting puts it; hand_without and known_without take one copy out."""
    assert core.hand_with(hand, card) == sorted_hand((*hand, card))
    grown = core.hand_with(hand, card)
    assert core.hand_without(grown, card) == hand
    rest = list(grown)
    rest.remove(card)
    assert core.known_without(grown, card) == tuple(rest)
    if card not in hand:
        assert core.known_without(hand, card) is hand


def test_hand_without_an_unsorted_hand() -> None:
    """A hand set up out of order (attrs.evolve lets a test do it) still loses the card it holds."""
    hand = remi.parse_cards("♥K ♠A ♠2")
    assert core.hand_without(hand, hand[1]) == (hand[0], hand[2])


def test_make_view_refuses_as_before() -> None:
    """make_view's checks come before the fast build: a bad seat or a non-state is refused."""
    s = remi.new_game(remi.GIN, players=2, seed=1)
    with pytest.raises(remi.StateError):
        views.make_view(remi.PlayerView, s, 2)
    with pytest.raises(TypeError):
        views.make_view(remi.PlayerView, "state", 0)  # type: ignore[arg-type]


@given(hands)
def test_distinct_cards_of_a_hand(hand: tuple[Card, ...]) -> None:
    """The engine's distinct cards of a sorted hand: each card once, in order, with or without repeats."""
    assert engine._distinct(hand) == list(dict.fromkeys(hand))


@pytest.mark.parametrize("name", sorted(RULESETS))
def test_blank_state_is_the_attrs_init_of_the_blanks(name: str) -> None:
    """blank_state gives the state the attrs ``__init__`` gives from each field's blank value."""
    ruleset = RULESETS[name]
    for players in range(ruleset.min_players, ruleset.max_players + 1):
        values = {}
        for field in attrs.fields(GameState):
            if "kind" not in field.metadata:
                continue
            blank = field.metadata["blank"]
            if isinstance(blank, core.PerSeat):
                values[field.name] = (blank.value,) * players
            else:
                given = {"ruleset": ruleset, "players": players, "seed": 7, "dealer": 1}
                values[field.name] = given.get(field.name, blank)
        same(core.blank_state(GameState, ruleset, players, 7, 1), GameState(**values))
