"""Player views: leak-free (twins differing only in hidden cards give equal views), sampling, returns."""

from __future__ import annotations

import random
from collections import Counter

import attrs
import pytest
from game_helpers import BUILDS, mid_build
from hypothesis import given, settings
from hypothesis import strategies as st

import remi
from remi import Card, GameState
from remi.views import PlayerView, known_cards, returns, view

RULESETS = {name: attrs.evolve(r, max_turns_per_round=40) for name, r in remi.PRESETS.items()}
RULESETS["norwegian-shanghai"] = attrs.evolve(RULESETS["norwegian"], shanghai=True)
RULESETS["norwegian-cut"] = attrs.evolve(RULESETS["norwegian"], liverpool_cut=True)
RULESETS["gin-short"] = attrs.evolve(RULESETS["gin"], target_score=20)


def players_for(rules: remi.Ruleset, pick: int) -> int:
    return rules.min_players + pick % (min(rules.max_players, 5) - rules.min_players + 1)


def play(name: str, seed: int, steps: int, pick: int = 0) -> GameState:
    """A random game of *name* after at most *steps* actions."""
    rules = RULESETS[name]
    state = remi.new_game(rules, players=players_for(rules, pick), seed=seed)
    rng = random.Random(seed * 7919 + steps)
    for _ in range(steps):
        if state.is_over:
            break
        state = state.apply(rng.choice(state.legal_actions()))
    return state


def twin(state: GameState, seat: int, rng: random.Random) -> GameState:
    """The same position with every card *seat* cannot see dealt anew, and another seed."""
    known = known_cards(state)
    forced = [Counter(known[s]) for s in range(state.players)]
    for cards in (state.pending, state.building):  # both public, both in the hand on turn
        for card, count in Counter(cards).items():
            f = forced[state.turn_player]
            f[card] = max(f[card], count)
    pool: list[Card] = list(state.stock)
    for s, hand in enumerate(state.hands):
        if s != seat:
            pool.extend((Counter(hand) - forced[s]).elements())
    rng.shuffle(pool)
    hands = []
    for s, hand in enumerate(state.hands):
        if s == seat:
            hands.append(hand)
            continue
        need = len(hand) - sum(forced[s].values())
        mine, pool = pool[:need], pool[need:]
        hands.append(tuple(sorted(list(forced[s].elements()) + mine, key=lambda c: c.code)))
    other = attrs.evolve(
        state, hands=tuple(hands), stock=tuple(pool), seed=state.seed + 1 + rng.randrange(10**6)
    )
    other.check_invariants()
    return other


games = st.tuples(
    st.sampled_from(sorted(RULESETS)),
    st.integers(0, 10_000),
    st.integers(0, 150),
    st.integers(0, 5),
)


@settings(max_examples=60, deadline=None)
@given(games, st.integers(0, 5), st.randoms(use_true_random=False))
def test_twins_differing_only_in_hidden_cards_give_equal_views(game, seat_pick, rng):
    state = play(*game)
    seat = seat_pick % state.players
    other = twin(state, seat, rng)
    assert view(other, seat) == view(state, seat)
    if state.current_player == seat:
        assert view(state, seat).legal_actions() == state.legal_actions()


@settings(max_examples=60, deadline=None)
@given(games, st.integers(0, 5), st.integers(0, 2**32))
def test_sample_state_is_consistent_with_the_view(game, seat_pick, sample_seed):
    state = play(*game)
    seat = seat_pick % state.players
    v = view(state, seat)
    sample = v.sample_state(random.Random(sample_seed))
    sample.check_invariants()
    assert view(sample, seat) == v
    assert sample.seed != state.seed or state.seed == sample.seed == 0
    # the acting seat's legal actions depend only on what it sees
    actor = state.current_player
    if actor >= 0:
        assert view(state, actor).legal_actions() == state.legal_actions()


@pytest.mark.parametrize("name", sorted(n for n in RULESETS if n != "gin"))  # gin-short ends sooner
def test_every_phase_is_reached_and_viewed(name):
    seen_phases: set[str] = set()
    for seed in range(3):
        rules = RULESETS[name]
        state = remi.new_game(rules, players=players_for(rules, seed), seed=seed)
        rng = random.Random(seed)
        while True:
            seen_phases.add(state.phase)
            for seat in range(state.players):
                assert view(twin(state, seat, rng), seat) == view(state, seat)
            if state.is_over:
                break
            state = state.apply(rng.choice(state.legal_actions()))
    assert {"draw", "play", "over"} <= seen_phases
    if name == "norwegian-shanghai":
        assert {"buy", "shanghai"} <= seen_phases


def test_a_view_holds_no_hidden_field():
    names = {a.name for a in attrs.fields(PlayerView)}
    assert not names & {"hands", "stock", "seed"}
    state = play("norwegian", 3, 30)
    v = view(state, 0)
    others = [c for s, h in enumerate(state.hands) if s for c in h]
    assert v.hand == state.hands[0]
    assert repr(state.seed) not in repr(v) or state.seed < 100
    assert len(v.unseen()) == len(state.stock) + len(others) - sum(len(k) for k in v.known[1:])


def test_bad_seat_is_refused():
    state = play("gin", 1, 3)
    for seat in (-1, 2, True, "0"):
        with pytest.raises(remi.StateError):
            view(state, seat)  # type: ignore[arg-type]


def test_returns_are_higher_for_the_winner_in_every_game():
    for name in ("norwegian", "gin-short", "swedish", "slovenian"):
        state = play(name, 11, 10_000)
        assert state.is_over
        r = returns(state)
        assert len(r) == state.players and all(isinstance(x, float) for x in r)
        best = max(r)
        assert {s for s, x in enumerate(r) if x == best} == set(state.winners)
        assert view(state, 0).returns() == r


@pytest.mark.skipif(not hasattr(remi.new_game(remi.GIN), "known"), reason="engine without known cards")
def test_view_of_the_taker_knows_the_taken_card():
    state = remi.new_game(remi.NORWEGIAN, players=3, seed=1)
    top = state.discard_top
    after = state.apply("take")
    for seat in range(3):
        assert view(after, seat).known[1] == (top,)


@pytest.mark.skipif(not hasattr(GameState, "view"), reason="the GameState methods are not wired yet")
def test_the_state_methods_call_these_functions():
    from remi.records import from_position, parse_action_in, position

    state = play("norwegian-shanghai", 5, 60)
    for seat in range(state.players):
        assert state.view(seat) == view(state, seat)  # type: ignore[attr-defined]
    assert state.returns() == returns(state)  # type: ignore[attr-defined]
    assert state.position() == position(state)  # type: ignore[attr-defined]
    assert GameState.from_position(position(state)) == from_position(position(state))  # type: ignore[attr-defined]
    for action in state.legal_actions():
        assert state.parse_action(str(action)) == parse_action_in(state, str(action))  # type: ignore[attr-defined]


def test_views_stay_leak_free_across_a_gin_knock_and_the_next_deal():
    from pathlib import Path

    from remi.records import replay

    states = replay((Path(__file__).parent / "data" / "gin-2p.remi").read_text(encoding="utf-8"))
    knocks = [i for i, s in enumerate(states[1:]) if s.results != states[i].results]
    assert knocks, "the record holds the end of a deal"
    rng = random.Random(0)
    for index in knocks:
        for state in states[max(0, index - 2) : index + 3]:
            for seat in range(state.players):
                assert view(twin(state, seat, rng), seat) == view(state, seat)
                sample = view(state, seat).sample_state(rng)
                assert view(sample, seat) == view(state, seat)


# -- a meld laid card by card (docs/rules/norwegian.rst, norwegian-build-card-by-card) --


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 6), st.integers(0, 3), st.randoms(use_true_random=False))
def test_every_seat_sees_the_meld_being_built_and_samples_keep_it(seed, skip, seat, rng):
    state = mid_build(seed, skip)
    v = view(state, seat)
    assert v.building == state.building
    assert f"building {state.turn_player}: {remi.format_cards(state.building)}" in str(v).splitlines()
    assert view(twin(state, seat, rng), seat) == v
    for _ in range(3):
        sample = v.sample_state(rng)
        sample.check_invariants()
        assert sample.building == state.building
        assert not Counter(state.building) - Counter(sample.hands[state.turn_player])
        assert view(sample, seat) == v
        assert sample.legal_actions() == state.legal_actions() or seat != state.turn_player
    if seat == state.current_player:
        assert v.legal_actions() == state.legal_actions()
    else:
        assert v.legal_actions() == []
        # the cards being built are placed: never among the cards this seat cannot place
        assert len(v.unseen()) == len(state.stock) + sum(
            len(h) for s, h in enumerate(state.hands) if s != seat
        ) - sum(len(k) for s, k in enumerate(v.known) if s not in (seat, state.turn_player)) - sum(
            max(Counter(v.known[state.turn_player])[c], Counter(v.pending)[c], Counter(v.building)[c])
            for c in set(v.known[state.turn_player]) | set(v.pending) | set(v.building)
        )


def test_a_view_without_a_meld_being_built_has_none():
    state = remi.new_game(BUILDS, players=4, seed=1)
    v = view(state, 0)
    assert v.building == () and "building" not in str(v)


# -- samples keep what the seat to act started this turn (docs/bots.rst, issue 15 items 8, 14) --

#: Slovenian: seat 0 laid 40 of the 51 points of its opening and must lay more this turn.
HALF_OPENED = """
game: slovenian
players: 2
phase: play
turn player: 0
hand 0: ♣10 ♣J ♣Q ♣K ♣5 ♣6 ♣7 ♥2 ♦9 ♠4 ♥8 ♦K ♠9 ♥J ♦3
hand 1: ♠A ♠2 ♠3 ♥5 ♥6 ♥7 ♦5 ♦6 ♦7 ♣2 ♣3 ♣4 ♥K ♦Q
discard: ♠K
"""

#: Norwegian round 1 (two sets): seat 0 laid one set and must lay the other this turn.
HALF_CONTRACT = """
game: norwegian
players: 3
phase: play
turn player: 0
hand 0: ♠9 ♥9 ♦9 ♣K ♥K ♦K ♠2 ♥4 ♦6 ♣8 ♠J
hand 1: ♠A ♠3 ♥5 ♥6 ♥7 ♦5 ♦7 ♣2 ♣3 ♣4
hand 2: ♠4 ♠5 ♥8 ♥10 ♦10 ♦Q ♣6 ♣7 ♣9 ♠Q
discard: ♠K
"""


def _plays_on(sample: GameState) -> bool:
    return GameState.from_dict(sample.to_dict()) == sample and bool(sample.legal_actions())


@pytest.mark.rule("opening-51", "opening-one-meld-at-a-time")
def test_samples_keep_a_half_laid_opening():
    state = GameState.from_position(HALF_OPENED).apply("lay ♣10 ♣J ♣Q ♣K")
    v = state.view(1)
    samples = [v.sample_state(random.Random(k)) for k in range(100)]
    # The reproduction: 11 of these 100 samples had no legal action.
    assert all(_plays_on(s) for s in samples)
    assert all(view(s, 1) == v for s in samples)
    # The seat on turn still holds what completes the opening, and the worlds differ.
    assert len({s.hands[0] for s in samples}) > 50


@pytest.mark.rule("norwegian-contract-meld-by-meld")
def test_samples_keep_a_half_laid_contract():
    state = GameState.from_position(HALF_CONTRACT).apply("lay ♠9 ♥9 ♦9")
    for seat in (1, 2):
        v = state.view(seat)
        samples = [v.sample_state(random.Random(k)) for k in range(40)]
        assert all(_plays_on(s) for s in samples)
        # Each sample's seat 0 can lay a second set, so its legal actions are lay-downs only.
        assert all(all(isinstance(a, remi.LayDown) for a in s.legal_actions()) for s in samples)
        assert len({s.hands[0] for s in samples}) > 20


@pytest.mark.rule("norwegian-build-card-by-card")
def test_samples_of_a_meld_being_built_play_on():
    for seed in range(6):
        state = mid_build(seed, seed % 3)
        for seat in range(state.players):
            v = state.view(seat)
            for k in range(8):
                sample = v.sample_state(random.Random(k))
                assert _plays_on(sample), (seed, seat, k)
                assert sample.building == state.building


@pytest.mark.rule("kalooki-opening", "opening-one-meld-at-a-time")
@pytest.mark.parametrize("name", ["kalooki", "slovenian"])
def test_samples_during_an_opening_in_random_play_play_on(name):
    from remi.game.policies import policy_for

    rules = RULESETS[name]
    found = 0
    for seed in range(30):
        state = remi.new_game(rules, players=3, seed=seed)
        rng = random.Random(seed)
        while not state.is_over and state.round == 1 and found < 6:
            legal = state.legal_actions()
            lays = [a for a in legal if isinstance(a, remi.LayDown)]
            state = state.apply(rng.choice(lays) if lays else rng.choice(legal))
            if state.phase == "play" and policy_for(rules).in_progress(state, state.turn_player):
                found += 1
                for seat in range(state.players):
                    for k in range(6):
                        assert _plays_on(state.view(seat).sample_state(random.Random(k)))
                break
    assert found, "random play never left an opening half laid"


def test_sample_state_needs_a_random_number_generator():
    v = remi.new_game(remi.GIN, players=2, seed=1).view(0)
    for bad in (None, 42, "x", [3]):
        with pytest.raises(TypeError, match="^rng must be a random.Random"):
            v.sample_state(bad)  # type: ignore[arg-type]
    # Subclasses of random.Random and the same seed give the same world.
    assert v.sample_state(random.SystemRandom()).hands[0] == v.hand
    assert v.sample_state(random.Random(4)) == v.sample_state(random.Random(4))


def test_view_with_its_arguments_swapped_names_the_state():
    state = remi.new_game(remi.GIN, players=2, seed=1)
    with pytest.raises(TypeError, match="^state must be a GameState, not int 0"):
        view(0, state)  # type: ignore[arg-type]
    with pytest.raises(remi.StateError, match="Seat"):
        state.view(state)  # type: ignore[arg-type]


#: All down at once with a last discard: seat 1 builds a run from ♣J, took ♥5 (which it may not
#: discard) and holds five known cards; few hands of its size finish the turn (a probe found none
#: when it took any cards it liked).
TIGHT_BUILD = """
game: norwegian all_down_at_once=true last_card_discard=true max_turns_per_round=40 liverpool_cut=true values={"ace":15,"joker":15,"two_to_nine":null,"ten":10,"court":10,"ace_low_in_run":null}
players: 3
seed: 2
round: 2
dealer: 1
phase: play
turn: 21
turn player: 1
hand 0: ♦10
hand 1: ♠9 ♥5 ♥J ♥Q ♦9 ♦J ♣9 ♣J ♣Q JK JK
hand 2: ♥9 ♣9
known 1: ♥5 ♥J ♦9 ♦J ♣9
known 2: ♥9
meld 0 seat 0: ♠A ♠2 JK=♠3 JK=♠4 ♠5 ♠6 ♠7
meld 1 seat 0: ♥4 ♦4 ♣4
meld 2 seat 2: ♦A ♦2 ♦3 JK=♦4 ♦5
meld 3 seat 2: ♥8 ♥8 ♣8 JK=8
discard: ♠8 ♠Q ♣K ♥4 ♣J ♦5 ♣7 ♦7 ♦K
stock: ♣K ♥Q ♥5 ♦2 ♥7 ♦A ♣8 ♥10 JK ♣6 ♣4 ♥2 ♠J ♠J ♣2 ♥K ♣6 ♣7 ♥A ♠8 ♥2 ♥6 JK ♥7 ♣5 ♦10 ♦4 ♠4 ♦9 ♥3 ♦J ♦Q ♠3 ♥K ♣3 ♠7 ♠3 JK ♦Q ♥J ♣A ♦8 ♠10 ♠K ♣10 ♣10 ♦6 ♣2 ♥3 ♠2 ♠5 ♥10 ♦7 ♦6 ♥6 ♣Q ♦K ♥9 ♠10 ♠Q ♠K ♠9 ♣3 ♣5 ♠4 ♣A ♦8 ♠6 ♦3 ♥A ♠A
down: 2 -1 13
buys: 1 0 0
building: ♣J
taken: ♥5
"""


@pytest.mark.rule("norwegian-build-card-by-card", "norwegian-variants")
def test_samples_of_a_tight_build_play_on():
    state = GameState.from_position(TIGHT_BUILD)
    assert [str(a) for a in state.legal_actions()] == ["build ♣Q"]
    for seat in (0, 2):
        v = state.view(seat)
        for k in range(12):
            sample = v.sample_state(random.Random(k))
            assert _plays_on(sample), (seat, k)
            assert view(sample, seat) == v
