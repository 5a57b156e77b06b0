"""The game engine's API contract: immutable states, actions and their notation, legality,
errors, the order of legal actions, hidden and public information, serialization, scores."""

from __future__ import annotations

import json
import random
import re
from functools import cache

import attrs
import pytest
from game_helpers import Layout, position, sorted_hand, strs
from hypothesis import given, settings
from hypothesis import strategies as st

import remi
from remi import (
    JOKER,
    Build,
    Buy,
    CallShanghai,
    Card,
    Cut,
    Discard,
    DrawStock,
    GameState,
    IllegalActionError,
    LayDown,
    LayOff,
    Pass,
    RemiError,
    SwapJoker,
    TakeDiscard,
    parse_action,
)

N = remi.NORWEGIAN
TYPE_ORDER = [
    Cut,
    DrawStock,
    TakeDiscard,
    Buy,
    Pass,
    LayDown,
    Build,
    LayOff,
    SwapJoker,
    Discard,
    CallShanghai,
]

GAMES = {
    "plain": (N, 4),
    "shanghai-cut": (remi.with_variants(N, "shanghai", "liverpool cut"), 3),
    "twos-twelve": (remi.with_variants(N, "spade twos wild", "twelve cards", "all down at once"), 5),
    "six": (remi.with_variants(N, "six players", "last card must be discarded"), 6),
}


@cache
def played(name: str, seed: int = 1, steps: int = 1500) -> tuple[GameState, ...]:
    """Every state of one randomly played game (lays and lay-offs preferred), capped in turns."""
    ruleset, players = GAMES[name]
    ruleset = attrs.evolve(ruleset, max_turns_per_round=30)
    rng = random.Random(seed)
    state = remi.new_game(ruleset, players, seed=seed)
    states = [state]
    for _ in range(steps):
        if state.is_over:
            break
        actions = state.legal_actions()
        preferred = [a for a in actions if isinstance(a, (LayDown, LayOff, SwapJoker, CallShanghai, Buy))]
        state = state.apply(rng.choice(preferred if preferred and rng.random() < 0.8 else actions))
        states.append(state)
    return tuple(states)


def all_played() -> list[GameState]:
    return [s for name in GAMES for s in played(name)]


def one_sentence(reason: str) -> bool:
    return (
        reason.endswith(".")
        and "\n" not in reason
        and re.search(r"[.!?]\s+[A-Z]", reason) is None
        and len(reason) < 200
    )


# -- immutability -------------------------------------------------------------------------------


def test_apply_never_changes_the_old_state() -> None:
    for state in played("plain")[:200]:
        if state.is_over:
            continue
        before = state.to_dict()
        copy = GameState.from_dict(before)
        for action in state.legal_actions()[:6]:
            state.apply(action)
        assert state.to_dict() == before
        assert state == copy


def test_states_and_actions_are_frozen() -> None:
    state = remi.new_game(N, 4, seed=2)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        state.round = 3  # type: ignore[misc]
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        state.hands = ()  # type: ignore[misc]
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        Discard("♠K").card = Card("♠Q")  # type: ignore[misc]
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        LayOff("♠K", 1).target = 2  # type: ignore[misc]
    assert isinstance(state.hands, tuple) and all(isinstance(h, tuple) for h in state.hands)
    assert isinstance(state.stock, tuple) and isinstance(state.table, tuple)


def test_legal_actions_returns_a_fresh_list() -> None:
    state = remi.new_game(N, 4, seed=2)
    actions = state.legal_actions()
    actions.clear()
    assert state.legal_actions() == [DrawStock(), TakeDiscard()]


def test_states_are_values() -> None:
    a = remi.new_game(N, 4, seed=9).apply("draw")
    b = remi.new_game(N, 4, seed=9).apply(DrawStock())
    assert a == b and hash(a) == hash(b)
    assert a != remi.new_game(N, 4, seed=10).apply("draw")


@pytest.mark.rule("shared-randomness")
def test_same_seed_and_actions_replay_exactly() -> None:
    # docs/rules/index.rst, shared-randomness: Concepts: all randomness comes from a seed
    states = played("shanghai-cut", seed=4)
    ruleset, players = GAMES["shanghai-cut"]
    replay = remi.new_game(attrs.evolve(ruleset, max_turns_per_round=30), players, seed=4)
    for before, after in zip(states, states[1:]):
        assert replay == before
        action = next(a for a in before.legal_actions() if before.apply(a) == after)
        replay = replay.apply(str(action))
    assert replay == states[-1]


# -- actions ------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", GAMES)
def test_every_offered_action_is_hashable_and_round_trips_through_text(name: str) -> None:
    seen: set[remi.Action] = set()
    for state in played(name):
        seen.update(state.legal_actions())
    for action in sorted(seen, key=str):
        text = str(action)
        assert parse_action(text) == action, text
        assert hash(parse_action(text)) == hash(action)


def test_played_games_offer_every_kind_of_action() -> None:
    kinds = {type(a) for state in all_played() for a in state.legal_actions()}
    assert {
        Cut,
        DrawStock,
        TakeDiscard,
        Buy,
        Pass,
        LayDown,
        LayOff,
        Discard,
        SwapJoker,
        CallShanghai,
    } <= kinds


@pytest.mark.rule("norwegian-spade-twos-wild")
def test_lay_with_a_wild_spade_two_round_trips_through_text() -> None:
    # docs/rules/norwegian.rst, norwegian-spade-twos-wild: Further variants: ♠2 wild: a lay with a wild ♠2 must be writable and readable
    ruleset = remi.with_variants(N, "spade twos wild")
    for meld in ("♣A ♣2 ♠2=♣3 ♣4", "♥7 ♦7 ♠2=7"):
        action = LayDown(remi.parse_meld(meld, ruleset))
        assert parse_action(str(action)) == action


def test_apply_accepts_action_text() -> None:
    for state in played("plain")[:150]:
        for action in state.legal_actions()[:4]:
            assert state.apply(str(action)) == state.apply(action)


def test_child_is_apply() -> None:
    state = remi.new_game(N, 4, seed=3)
    assert state.child("take") == state.apply(TakeDiscard())


@given(st.sampled_from(["♠K", "♥10", "JK", "♦A"]), st.integers(0, 30), st.booleans())
def test_action_notation_round_trips(card: str, target: int, flag: bool) -> None:
    for action in (
        LayOff(card, target, flag),
        SwapJoker(card, target),
        Discard(card, flag),
        CallShanghai(target, flag),
    ):
        assert parse_action(str(action)) == action
        assert str(parse_action(str(action))) == str(action)


def test_equal_layouts_are_one_action() -> None:
    assert Layout.of("♠9 ♥9 ♦9", "♣5 ♣6 ♣7 ♣8") == Layout.of("♣5 ♣6 ♣7 ♣8", "♦9 ♠9 ♥9")
    assert len({Layout.of("♠9 ♥9 ♦9", "♥4 ♦4 ♣4"), Layout.of("♣4 ♦4 ♥4", "♦9 ♥9 ♠9")}) == 1


# -- errors -------------------------------------------------------------------------------------


def check_error(state: GameState, action: remi.Action | str, code: str, *, player: int | None = None) -> None:
    with pytest.raises(IllegalActionError) as info:
        state.apply(action, player=player)
    error = info.value
    assert isinstance(error, ValueError) and isinstance(error, RemiError)
    assert error.code == code
    assert str(error) == error.reason
    assert one_sentence(error.reason), error.reason
    if player is None:
        assert state.why_illegal(action) == error
        assert not state.is_legal(action)


def test_error_wrong_phase() -> None:
    state = remi.new_game(N, 4, seed=1)
    check_error(state, Discard(state.hands[1][0]), "wrong-phase")
    check_error(state, Buy(), "wrong-phase")
    check_error(state.apply("draw"), DrawStock(), "wrong-phase")


def test_error_card_not_in_hand() -> None:
    state = position(hands=["♥2 ♥3", "♣5", "♣7", "♣9"], table=["♠5 ♠6 ♠7 ♠8"], down={0: 1}, turn=5)
    check_error(state, Discard("♦K"), "not-in-hand")
    check_error(state, LayOff("♠9", 0), "not-in-hand")
    check_error(state, "discard ♣5", "not-in-hand")


@pytest.mark.rule("norwegian-contracts")
def test_error_lay_off_before_the_contract() -> None:
    # docs/rules/norwegian.rst, norwegian-contracts: Deal and turn: lay off only with the contract down on an earlier turn
    state = position(
        hands=["♠9 ♥2", "♣5", "♣7", "♣9"], table=["♠5 ♠6 ♠7 ♠8"], owners=[1], down={1: 1}, turn=5
    )
    check_error(state, LayOff("♠9", 0), "contract-not-down")


@pytest.mark.rule("norwegian-buying")
def test_error_buying_twice_in_a_row() -> None:
    # docs/rules/norwegian.rst, norwegian-buying: Buying: nobody may buy two cards in a row
    state = position(hands=["♥2 ♥3", "♣5", "♣7", "♣9"], phase="draw", discard="♦5 ♦6 ♦7")
    window = state.apply(DrawStock()).apply(Buy())  # seat 1 bought ♦7
    assert window.current_player == 2
    check_error(window, Buy(), "not-your-turn", player=1)


@pytest.mark.rule("norwegian-jokers-on-table")
def test_error_discard_while_a_joker_is_pending() -> None:
    # docs/rules/norwegian.rst, norwegian-jokers-on-table: Jokers on the table: the freed joker must be played before the discard
    state = position(
        hands=["♠3 ♥2", "♣5", "♣7", "♣9"], table=["♠2 JK ♠4 ♠5"], owners=[1], down={0: 1}, turn=5
    )
    swapped = state.apply("swap ♠3 0")
    check_error(swapped, Discard("♥2"), "joker-pending")
    check_error(swapped, Discard(JOKER), "joker-pending")


def test_error_game_over() -> None:
    over = position(hands=["♣K", "♠K", "♠2", "♠A"], round=7).apply("discard ♣K")
    assert over.is_over
    check_error(over, DrawStock(), "game-over")
    check_error(over, "discard ♠K", "game-over")
    check_error(over, DrawStock(), "game-over", player=1)


def test_error_player_not_the_one_to_act() -> None:
    state = remi.new_game(N, 4, seed=1)
    check_error(state, DrawStock(), "not-your-turn", player=0)
    check_error(state, DrawStock(), "not-your-turn", player=2)
    assert state.apply(DrawStock(), player=1) == state.apply(DrawStock())


def test_errors_for_things_that_are_not_actions() -> None:
    # A wrong Python type is a TypeError naming the argument (the house rule; issue 15, item 14).
    state = remi.new_game(N, 4, seed=1)
    for call in (state.apply, state.child):
        for bad in (None, 42, 1.5, b"draw"):
            with pytest.raises(TypeError, match=r"^action must be a remi action or its text, not "):
                call(bad)  # type: ignore[arg-type]
    # is_legal is ``action in legal_actions()``; why_illegal says why, naming the argument.
    assert state.is_legal(42) is False  # type: ignore[arg-type]
    error = state.why_illegal(42)  # type: ignore[arg-type]
    assert error is not None and error.code == "not-an-action"
    assert error.reason == "action must be a remi action or its text, not int 42."
    with pytest.raises(remi.NotationError):
        state.apply("fold")
    assert not state.is_legal("fold")
    assert state.why_illegal("fold") is not None


@pytest.mark.parametrize(
    "text",
    ["discard zz", "fold", "", "lay", "off ♣9 x", "discard ♠1", "buy", "discard ♠K", "knock ♠K", "draw"],
)
def test_why_illegal_returns_the_error_apply_would_raise(text: str) -> None:
    # The promise of GameState.why_illegal's docstring: the error apply would raise, of the same type
    # (a NotationError for text that names no action, issue 15 item 6), or None exactly when apply plays it.
    state = remi.new_game(N, 4, seed=1)
    try:
        state.apply(text)
    except RemiError as raised:
        error = state.why_illegal(text)
        assert type(error) is type(raised) and error == raised
        assert (error.code, error.reason) == (raised.code, raised.reason)
        assert not state.is_legal(text)
    else:
        assert state.why_illegal(text) is None and state.is_legal(text)
    # An action value is never a notation problem.
    for action in state.legal_actions():
        assert state.why_illegal(action) is None


def test_every_illegal_reason_is_one_sentence() -> None:
    # Sample many illegal actions from played states: each has a code and a one-sentence reason.
    codes: set[str] = set()
    for state in played("plain")[::5]:
        if state.is_over:
            continue
        hand = state.hands[state.current_player]
        for action in candidates(state, hand):
            error = state.why_illegal(action)
            if error is None:
                continue
            assert error.code and re.fullmatch(r"[a-z][a-z0-9-]*", error.code)
            assert one_sentence(error.reason), error.reason
            codes.add(error.code)
    assert {"wrong-phase", "not-in-hand"} <= codes


# -- legality -----------------------------------------------------------------------------------


def candidates(state: GameState, hand: tuple[Card, ...]) -> list[remi.Action]:
    """Offered actions plus plausible ones from every phase."""
    out: list[remi.Action] = list(state.legal_actions())
    out += [Cut(), DrawStock(), TakeDiscard(), Buy(), Pass()]
    probe = list(dict.fromkeys(hand))[:6] + [Card("♠K"), JOKER]
    for card in probe:
        out += [Discard(card), Discard(card, True)]
        for target in range(min(len(state.table), 4) + 1):
            out += [LayOff(card, target), LayOff(card, target, True), SwapJoker(card, target)]
    for target in range(min(len(state.table), 3) + 1):
        out.append(CallShanghai(target))
    return out


@pytest.mark.parametrize("name", list(GAMES))
def test_is_legal_agrees_with_legal_actions(name: str) -> None:
    for state in played(name)[::3]:
        legal = set(state.legal_actions())
        seat = state.current_player if not state.is_over else 0
        for action in candidates(state, state.hands[seat]):
            assert state.is_legal(action) == (action in legal), (str(action), state.phase)
            assert (state.why_illegal(action) is None) == (action in legal)


def test_every_offered_action_applies() -> None:
    for state in played("twos-twelve")[:300]:
        for action in state.legal_actions():
            after = state.apply(action)
            after.check_invariants()


def test_legal_actions_order_is_fixed() -> None:
    for state in all_played():
        actions = state.legal_actions()
        assert actions == state.legal_actions()
        assert len(actions) == len(set(actions)), "an action is listed twice"
        kinds = [TYPE_ORDER.index(type(a)) for a in actions]
        assert kinds == sorted(kinds)
        discards = [(a.card.code, a.shanghai) for a in actions if isinstance(a, Discard)]
        assert discards == sorted(discards)
        offs = [(a.card.code, a.target, a.low) for a in actions if isinstance(a, LayOff)]
        assert offs == sorted(offs)


def test_legal_actions_order_in_a_built_position() -> None:
    state = position(
        hands=["♠7 ♠7 ♠9 ♠9 ♥9 ♦9 ♥4 ♦4 ♣4", "♣5", "♣7", "♣9"],
        round=1,
    )
    # The contract (2 sets) goes down one meld per action; a discard is still open until the first meld.
    assert strs(state.legal_actions()) == [
        "lay ♥4 ♦4 ♣4",
        "lay ♠9 ♠9 ♥9",
        "lay ♠9 ♠9 ♦9",
        "lay ♠9 ♥9 ♦9",
        "discard ♠7",
        "discard ♠9",
        "discard ♥4",
        "discard ♥9",
        "discard ♦4",
        "discard ♦9",
        "discard ♣4",
    ]


def test_identical_cards_give_one_action() -> None:
    state = position(
        hands=["♠7 ♠7 ♥2", "♣5", "♣7", "♣9"], table=["♠3 ♠4 ♠5 ♠6"], owners=[1], down={0: 1}, turn=5
    )
    actions = state.legal_actions()
    assert actions.count(Discard("♠7")) == 1
    assert actions.count(LayOff("♠7", 0)) == 1
    assert strs(actions) == ["off ♠7 0", "discard ♠7", "discard ♥2"]


# -- hidden and public information --------------------------------------------------------------


def test_public_views_do_not_depend_on_hidden_cards() -> None:
    a = position(hands=["♥2 ♥3", "♣5 ♣6", "♣7", "♣9"], discard="♦K", stock="♠A")
    b = position(hands=["♠4 ♠5", "♦5 ♦6", "♦7", "♦9"], discard="♦K", stock="♠Q")
    assert a != b
    for view in (
        "hand_sizes",
        "discard",
        "discard_top",
        "table",
        "current_player",
        "contract",
        "scores",
        "phase",
    ):
        assert getattr(a, view) == getattr(b, view), view
    assert len(a.stock) == len(b.stock)
    assert a.hands != b.hands and a.stock != b.stock


def test_public_properties() -> None:
    state = remi.new_game(N, 4, seed=6)
    assert state.hand_sizes == tuple(len(h) for h in state.hands) == (10, 10, 10, 10)
    assert state.discard_top == state.discard[-1]
    assert state.contract == "2 sets"
    assert state.scores == state.totals == (0, 0, 0, 0)
    assert state.winners == () and not state.is_over
    assert state.results == ()
    assert state.phase in remi.PHASES
    assert position(hands=["♥2", "", "", ""], round=7).contract == "3 runs"
    assert position(hands=["♥2", "", "", ""], discard="").discard_top is None


# -- serialization ------------------------------------------------------------------------------


@pytest.mark.parametrize("name", list(GAMES))
def test_to_dict_from_dict_round_trip(name: str) -> None:
    for state in played(name)[::7]:
        data = state.to_dict()
        text = json.dumps(data, ensure_ascii=False)
        back = GameState.from_dict(json.loads(text))
        assert back == state
        assert back.legal_actions() == state.legal_actions()
        assert back.to_dict() == data


def test_round_trip_of_windows_and_pending_jokers() -> None:
    swapped = position(
        hands=["♠3 ♥2", "♣5", "♣7", "♣9"], table=["♠2 JK ♠4 ♠5"], owners=[1], down={0: 1}, turn=5
    ).apply("swap ♠3 0")
    window = (
        position(hands=["♥2 ♥3", "♣5", "♣7", "♣9"], phase="draw", discard="♦5 ♦6").apply("draw").apply("buy")
    )
    for state in (swapped, window):
        assert GameState.from_dict(json.loads(json.dumps(state.to_dict()))) == state


@pytest.mark.parametrize(
    "change",
    [
        lambda d: d.pop("hands"),
        lambda d: d.update(format="remi-state/0"),
        lambda d: d.update(phase="lunch"),
        lambda d: d.update(stock=d["stock"][3:]),  # a card goes missing
        lambda d: d.update(hands=["♠A ♠A ♠A"] + d["hands"][1:]),  # too many ♠A
        lambda d: d.update(round="two"),
        lambda d: d.update(
            table=[
                {"owner": 0, "kind": "run", "cards": "♠2 ♥3 ♦4", "wild": [False] * 3, "rank": 2, "suit": 0}
            ]
        ),
        lambda d: d.update(totals=[1, 2, 3, 4]),
        lambda d: d.update(to_act=9),
        lambda d: d.update(hands="♠A"),
    ],
)
def test_from_dict_refuses_malformed_states(change: object) -> None:
    data = remi.new_game(N, 4, seed=1).to_dict()
    change(data)  # type: ignore[operator]
    with pytest.raises(remi.StateError) as info:
        GameState.from_dict(data)
    assert isinstance(info.value, ValueError)
    assert info.value.code and info.value.reason.endswith(".")


def test_from_dict_refuses_non_dicts() -> None:
    values: list[object] = [None, [], "state", 3]
    for value in values:
        with pytest.raises(remi.StateError):
            GameState.from_dict(value)


def test_check_invariants_names_every_problem() -> None:
    state = remi.new_game(N, 4, seed=1)
    broken = attrs.evolve(state, stock=state.stock[1:], to_act=7)
    with pytest.raises(remi.StateError) as info:
        broken.check_invariants()
    assert "missing" in info.value.reason and "to_act" in info.value.reason


# -- scores, winners, results -------------------------------------------------------------------


def test_scores_winners_results_through_a_match() -> None:
    states = played("plain", seed=2, steps=6000)
    final = states[-1]
    assert final.is_over and final.phase == "over" and final.current_player == -1
    assert len(final.results) == 7
    assert [r.round for r in final.results] == list(range(1, 8))
    for r in final.results:
        assert isinstance(r, remi.RoundResult) and len(r.points) == 4
        if r.went_out is not None:
            assert r.points[r.went_out] == 0
    assert final.scores == tuple(sum(r.points[i] for r in final.results) for i in range(4))
    best = min(final.scores)
    assert final.winners == tuple(i for i, t in enumerate(final.scores) if t == best)
    for state in states[:-1]:
        assert state.winners == ()


def test_new_game_refusals() -> None:
    with pytest.raises(remi.RulesetError):
        remi.new_game(N, 4, seed="x")  # type: ignore[arg-type]
    with pytest.raises(remi.RulesetError):
        remi.new_game("norwegian", 4)  # type: ignore[arg-type]
    with pytest.raises(remi.RulesetError):
        remi.new_game(N, True)


@settings(max_examples=20)
@given(st.integers(0, 10_000), st.integers(3, 5))
def test_new_game_is_seeded(seed: int, players: int) -> None:
    a = remi.new_game(N, players, seed=seed)
    assert a == remi.new_game(N, players, seed=seed)
    a.check_invariants()
    assert a.hand_sizes == (10,) * players


def test_hands_are_multisets_kept_sorted() -> None:
    state = position(hands=["♠7 ♥2 ♠7", "♣5", "♣7", "♣9"], phase="draw", stock="♠A")
    assert state.hands[0] == sorted_hand("♠7 ♠7 ♥2")
    after = state.apply("draw")
    assert after.hands[0] == sorted_hand("♠A ♠7 ♠7 ♥2")


# -- one import direction (docs/design.rst, "Layers"; pyproject.toml [tool.importlinter]) ----------


def test_every_state_is_a_game_state_whichever_way_it_was_made():
    # The promise of docs/design.rst: GameState is the one state type; the engine, the views and the
    # positions build states of the type they were given, never a lower one.
    import pickle

    import remi.game
    import remi.records
    import remi.views

    state = remi.new_game(remi.NORWEGIAN, seed=3)
    after = state.apply("draw")
    made = [
        state,
        after,
        after.apply(after.legal_actions()[-1]),
        GameState.from_dict(state.to_dict()),
        GameState.from_position(state.position()),
        remi.records.from_position(state.position()),
        state.view(0).sample_state(random.Random(1)),
        state.view(1).sample_state(random.Random(1)),
        attrs.evolve(state, seed=9),
        pickle.loads(pickle.dumps(after)),
    ]
    assert [type(s) for s in made] == [GameState] * len(made)
    assert remi.GameState is remi.game.GameState
    assert type(state.view(2)) is remi.PlayerView is remi.views.PlayerView
    assert type(remi.views.view(state, 2)) is remi.PlayerView
    assert not hasattr(state, "__dict__")


def test_the_import_contract_holds():
    # pyproject.toml's [tool.importlinter] contracts (what scripts/check runs): no module imports a
    # layer above its own, so there is no import cycle, function-level imports included.
    importlinter = pytest.importorskip("importlinter.cli")
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    assert importlinter.lint_imports(config_filename=str(root / "pyproject.toml"), no_cache=True) == 0


# -- each field declared once (docs/design.rst, "The state") ---------------------------------------
# The lists of fields are generated from attrs.fields(GameState) and its metadata; these tests
# iterate the fields, so a new field is covered without touching them.

VALUE_FIELDS = [f for f in attrs.fields(GameState) if "kind" in f.metadata]


@cache
def field_states() -> list[GameState]:
    """States of every preset along random games, the start and the end of a match included."""
    out = []
    for name in sorted(remi.PRESETS):
        rng = random.Random(name)
        state = remi.new_game(remi.PRESETS[name], seed=5)
        for step in range(400):
            if step % 23 == 0 or state.is_over:
                out.append(state)
            if state.is_over:
                break
            state = state.apply(rng.choice(state.legal_actions()))
    return out


def test_the_scratch_copy_copies_and_restores_every_field():
    from remi.game import state as _state

    states = field_states()
    for a, b in zip(states, states[1:]):
        w = _state.Scratch.of(a)
        for f in VALUE_FIELDS:
            copied = getattr(w, f.name)
            assert (tuple(copied) if isinstance(copied, list) else copied) == getattr(a, f.name), f.name
        frozen = w.freeze()
        assert frozen == a and type(frozen) is GameState
        for f in VALUE_FIELDS:
            w = _state.Scratch.of(a)
            setattr(w, f.name, getattr(_state.Scratch.of(b), f.name))
            assert getattr(w.freeze(), f.name) == getattr(b, f.name), f.name


def test_the_scratch_copy_declares_every_field_as_a_transition_sees_it():
    from remi.game import state as _state

    declared = {k: v for k, v in _state.Scratch.__annotations__.items() if k != "state_type"}
    assert list(declared) == [f.name for f in VALUE_FIELDS]
    for f in VALUE_FIELDS:
        mutable = _state._KINDS[f.metadata["kind"]].mutable
        assert declared[f.name].startswith("list[") == mutable, f.name


def test_a_view_and_its_samples_keep_every_public_field():
    hidden = {f.name for f in VALUE_FIELDS if f.metadata["hidden"]}
    assert hidden == {"seed", "hands", "stock"}
    for state in field_states()[::3]:
        for seat in range(state.players):
            v = state.view(seat)
            sample = v.sample_state(random.Random(seat))
            for f in VALUE_FIELDS:
                if f.name not in hidden:
                    assert getattr(v, f.name) == getattr(state, f.name), f.name
                    assert getattr(sample, f.name) == getattr(state, f.name), f.name
            assert sample.hands[seat] == state.hands[seat]
            assert len(sample.stock) == len(state.stock)


def test_the_blank_state_gives_every_field_its_blank_value():
    from remi.game import state as _state

    blank = _state.blank_state(GameState, remi.KALOOKI, 5, 11, 3)
    given = {"ruleset": remi.KALOOKI, "players": 5, "seed": 11, "dealer": 3}
    assert type(blank) is GameState
    for f in VALUE_FIELDS:
        value = f.metadata["blank"]
        if isinstance(value, _state.PerSeat):
            value = (value.value,) * 5
        elif f.name in given:
            value = given[f.name]
        assert getattr(blank, f.name) == value, f.name
    # Every field says how it starts: a blank value, or one of blank_state's arguments.
    assert {f.name for f in VALUE_FIELDS if f.metadata["blank"] == "given"} == set(given)
