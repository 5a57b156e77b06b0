"""The OpenSpiel adapter: random simulations with serialization, a search bot, no leaks, resampling."""

from __future__ import annotations

import random
import time
from collections import Counter

import pytest

pyspiel = pytest.importorskip("pyspiel")
np = pytest.importorskip("numpy")

import remi  # noqa: E402
from remi.adapters import openspiel as remi_openspiel  # noqa: E402
from remi.catalogue import catalogue  # noqa: E402
from remi.views import view  # noqa: E402

PRESETS = sorted(remi.PRESETS)


def _play_randomly(game: object, seed: int) -> object:
    rng = random.Random(seed)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.randrange(256))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize("preset", PRESETS)
def test_random_sim_test_with_serialization(preset: str) -> None:
    game = remi_openspiel.load_game(preset, max_turns=25)
    pyspiel.random_sim_test(game, num_sims=3, serialize=True, verbose=False)


@pytest.mark.parametrize(("preset", "players"), [("norwegian", 5), ("slovenian", 4), ("gin", 3)])
def test_random_sim_test_other_tables(preset: str, players: int) -> None:
    game = remi_openspiel.load_game(preset, players, max_turns=8)
    assert game.num_players() == players
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


def test_registered_and_parameters() -> None:
    assert remi_openspiel.SHORT_NAME in [g.short_name for g in pyspiel.registered_games()]
    game = pyspiel.load_game("python_remi")
    assert game.num_players() == 2
    assert game.num_distinct_actions() == 438
    params = game.get_parameters()
    assert params["preset"] == "gin" and params["max_rounds"] == 1
    norwegian = pyspiel.load_game("python_remi", {"preset": "norwegian", "players": 4, "max_rounds": 0})
    assert norwegian.num_players() == 4
    assert norwegian.num_distinct_actions() == 5977
    with pytest.raises(Exception, match="target score"):
        pyspiel.load_game("python_remi", {"preset": "kalooki", "max_rounds": 0})


def test_the_same_game_as_remi() -> None:
    """Every move through OpenSpiel is the remi move of the same id; returns are remi's totals."""
    game = remi_openspiel.load_game("slovenian", 3, max_turns=30)
    state = _play_randomly(game, 5)
    inner = remi_openspiel.remi_state(state)
    assert inner is not None
    sign = -1 if remi.SLOVENIAN.lowest_wins else 1
    assert state.returns() == [sign * t for t in inner.totals]
    # Replaying the ids on remi gives the same state.
    history = state.history()
    seed = int.from_bytes(bytes(history[:4]), "big")
    rules = inner.ruleset
    replay = remi.new_game(rules, players=3, seed=seed)
    cat = catalogue(rules)
    partial: tuple[int, ...] = ()
    laid = 0
    for ident in history[4:]:
        partial, action = cat.advance(partial, ident)
        if action is not None:
            laid += isinstance(action, remi.LayDown)
            replay = replay.apply(action)
    assert replay == inner and partial == ()


def test_lay_down_sub_steps() -> None:
    """A lay-down in steps: the same seat acts, the partial meld shows to it, serializes, and lands."""
    game = remi_openspiel.load_game("kalooki", 2, max_turns=40)
    cat = catalogue(remi_openspiel.remi_state(_play_randomly(game, 1)).ruleset)  # type: ignore[union-attr]
    lay = cat.block("lay")
    assert lay is not None
    for seed in range(60):
        rng = random.Random(seed)
        state = game.new_initial_state()
        for _ in range(4):
            state.apply_action(rng.randrange(256))
        while not state.is_terminal():
            legal = state.legal_actions()
            builds = [a for a in legal if a in lay]
            if not builds:
                state.apply_action(rng.choice(legal))
                continue
            seat = state.current_player()
            before = remi_openspiel.remi_state(state)
            state.apply_action(builds[0])
            assert state.current_player() == seat
            assert remi_openspiel.remi_state(state) == before
            assert "building:" in state.observation_string(seat)
            assert "building:" in state.information_state_string(seat)
            assert "building:" not in state.observation_string(1 - seat)
            tensor = np.asarray(state.observation_tensor(seat))
            assert tensor[-53 + builds[0] - lay.start] == 1
            text = pyspiel.serialize_game_and_state(game, state)
            _game2, state2 = pyspiel.deserialize_game_and_state(text)
            assert state2.legal_actions() == state.legal_actions()
            # Every allowed walk ends in a lay-down by the same seat.
            while remi_openspiel.remi_state(state) == before:
                assert all(a in lay for a in state.legal_actions())
                state.apply_action(rng.choice(state.legal_actions()))
            inner = remi_openspiel.remi_state(state)
            assert inner is not None and len(inner.table) == len(before.table) + 1  # type: ignore[union-attr]
            return
    pytest.skip("no lay-down in these games")


def test_observations_do_not_leak() -> None:
    """Two states that differ only in what seat 0 cannot see look the same to seat 0."""
    game = remi_openspiel.load_game("norwegian", 3, max_turns=20)
    rng = random.Random(3)
    state = game.new_initial_state()
    for _ in range(4):
        state.apply_action(rng.randrange(256))
    for _ in range(25):
        state.apply_action(rng.choice(state.legal_actions()))
    if state.is_terminal():
        pytest.skip("the deal ended early")
    seat = 0
    other = state.resample_from_infostate(seat, pyspiel.UniformProbabilitySampler(0.0, 1.0))
    real = remi_openspiel.remi_state(state)
    sampled = remi_openspiel.remi_state(other)
    assert real is not None and sampled is not None
    assert view(real, seat) == view(sampled, seat)
    assert real.hands[1:] != sampled.hands[1:] or real.stock != sampled.stock
    assert state.observation_string(seat) == other.observation_string(seat)
    assert state.information_state_string(seat) == other.information_state_string(seat)
    assert np.array_equal(
        np.asarray(state.observation_tensor(seat)), np.asarray(other.observation_tensor(seat))
    )
    # Nothing of the other hands shows in seat 0's strings.
    text = state.information_state_string(seat)
    assert "seed" not in text
    assert str(real.seed) not in text
    # The seeded resampler repeats itself, and needs no sampler from OpenSpiel.
    first = remi_openspiel.resampler(5)(state, seat)
    again = remi_openspiel.resampler(5)(state, seat)
    assert remi_openspiel.remi_state(first) == remi_openspiel.remi_state(again)
    with pytest.raises(ValueError, match="sampler"):
        state.resample_from_infostate(seat, None)
    # The resampled state plays on.
    assert other.legal_actions() == state.legal_actions() or other.current_player() != seat


def _play_with_bot(preset: str, players: int, max_turns: int, seed: int) -> object:
    from open_spiel.python.algorithms import ismcts, mcts

    game = remi_openspiel.load_game(preset, players, max_turns=max_turns)
    random_state = np.random.RandomState(seed)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=random_state)
    bot = ismcts.ISMCTSBot(
        game=game,
        evaluator=evaluator,
        uct_c=2.0,
        max_simulations=10,
        random_state=random_state,
        allow_inconsistent_action_sets=True,
    )
    if seed % 2:
        bot.set_resampler(remi_openspiel.resampler(seed))
    rng = random.Random(seed)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.randrange(256))
        elif state.current_player() == 0:
            action = bot.step(state)
            assert action in state.legal_actions()
            state.apply_action(action)
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize(("preset", "players", "turns"), [("gin", 2, 30), ("norwegian", 3, 15)])
def test_ismcts_plays_complete_games(preset: str, players: int, turns: int) -> None:
    started = time.perf_counter()
    state = _play_with_bot(preset, players, turns, seed=7)
    assert state.is_terminal()
    assert len(state.returns()) == players
    assert time.perf_counter() - started < 60


def test_clone_and_serialize_keep_the_remi_state() -> None:
    game = remi_openspiel.load_game("kalooki", 2, max_turns=10)
    rng = random.Random(1)
    state = game.new_initial_state()
    for _ in range(4):
        state.apply_action(rng.randrange(256))
    for _ in range(10):
        state.apply_action(rng.choice(state.legal_actions()))
    text = pyspiel.serialize_game_and_state(game, state)
    _game2, state2 = pyspiel.deserialize_game_and_state(text)
    assert remi_openspiel.remi_state(state2) == remi_openspiel.remi_state(state)
    assert str(state2) == str(state)
    assert state.clone().legal_actions() == state.legal_actions()
    assert "remi-state/4" in json_of(state.serialize())


def test_states_play_on_after_clear_caches() -> None:
    """frameworks.rst: ``remi.clear_caches()`` empties the adapters' caches; games and states made before play on."""
    game = remi_openspiel.load_game("slovenian", 3, max_turns=20)
    state = game.new_initial_state()
    rng = random.Random(8)
    for _ in range(4):
        state.apply_action(rng.randrange(256))
    for _ in range(15):
        state.apply_action(rng.choice(state.legal_actions()))
    twin = state.clone()
    assert {info.name: info.size for info in remi.cache_info()}["adapters.setup"] >= 1
    remi.clear_caches()
    assert {info.name: info.size for info in remi.cache_info()}["adapters.setup"] == 0
    assert state.observation_tensor(1) == twin.observation_tensor(1)
    while not state.is_terminal():
        legal = state.legal_actions()
        assert twin.legal_actions() == legal
        action = rng.choice(legal)
        state.apply_action(action)
        twin.apply_action(action)
        remi.clear_caches()
    assert state.returns() == twin.returns() and str(state) == str(twin)


def json_of(serialized: str) -> str:
    """The pickled Python attributes of a serialized state, decoded: remi's JSON inside."""
    import base64
    import pickletools

    encoded = serialized.split("__dict__=", 1)[1]
    out: list[str] = []
    for op, arg, _ in pickletools.genops(base64.b64decode(encoded)):
        if isinstance(arg, str):
            out.append(arg)
        del op
    return "\n".join(out)


def test_whole_norwegian_match() -> None:
    """max_rounds=0 plays all seven contracts; the returns are the match totals, negated."""
    game = pyspiel.load_game(
        "python_remi", {"preset": "norwegian", "players": 3, "max_rounds": 0, "max_turns": 6}
    )
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)
    state = _play_randomly(game, 11)
    inner = remi_openspiel.remi_state(state)
    assert inner is not None and inner.is_over and len(inner.results) == 7
    assert state.returns() == [-float(t) for t in inner.totals]


def test_the_knock_card_stays_face_down_in_the_history() -> None:
    game = remi_openspiel.load_game("gin", 2, max_turns=60)
    for seed in range(40):
        rng = random.Random(seed)
        state = game.new_initial_state()
        for _ in range(4):
            state.apply_action(rng.randrange(256))
        while not state.is_terminal():
            legal = state.legal_actions()
            knocks = [
                a for a in legal if state.action_to_string(state.current_player(), a).startswith("knock")
            ]
            if knocks:
                knocker = state.current_player()
                text = state.action_to_string(knocker, knocks[0])
                state.apply_action(knocks[0])
                card = text.split()[1]
                mine = state.information_state_string(knocker).split("history: ")[1]
                theirs = state.information_state_string(1 - knocker).split("history: ")[1]
                # The knock phase follows (docs/rules/gin.rst, gin-knocker-chooses): the knock is last.
                assert mine.endswith(f"| {knocker}:knock [{card}]")
                assert theirs.endswith(f"| {knocker}:knock")
                return
            state.apply_action(rng.choice(legal))
    pytest.skip("no knock in these games")


#: Norwegian Remi with the whole contract down at once: remi builds its melds card by card.
ALL_DOWN = "norwegian+all down at once"


def test_engine_builds_random_sim() -> None:
    game = remi_openspiel.load_game(ALL_DOWN, 3, max_turns=40)
    assert game.num_distinct_actions() == 5977
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


def test_engine_builds_through_openspiel() -> None:
    """remi's own build steps are single ids, applied as they are: every step legal, the build public."""
    import attrs

    game = remi_openspiel.load_game(ALL_DOWN, 3, max_turns=40)
    rules = attrs.evolve(remi.with_variants(remi.NORWEGIAN, "all down at once"), max_turns_per_round=40)
    cat = catalogue(rules)
    lay = cat.block("lay")
    assert lay is not None
    builds = lays = 0
    serialized = False
    for seed in range(3):
        rng = random.Random(seed)
        state = game.new_initial_state()
        for _ in range(4):
            state.apply_action(rng.randrange(256))
        while not state.is_terminal():
            inner = remi_openspiel.remi_state(state)
            assert inner is not None and inner.ruleset == rules
            seat = state.current_player()
            legal = state.legal_actions()
            assert legal == cat.legal_ids(inner)
            table = [i for i in legal if i in lay]
            ident = rng.choice(table if table and rng.random() < 0.8 else legal)
            own = cat.steps(inner).action(ident)
            text = state.action_to_string(seat, ident)
            state.apply_action(ident)
            after = remi_openspiel.remi_state(state)
            assert state._partial == ()  # the engine holds the meld under way
            if own is None:  # a catalogue sub-step never happens here
                raise AssertionError(f"no action of its own for {text}")
            assert after == inner.apply(own)
            if isinstance(own, remi.Build):
                builds += 1
                assert text == str(own)
                assert f"{seat}:{own}" in state.information_state_string((seat + 1) % 3)
                codes = Counter(card.code for card in after.building)
                for other in range(3):
                    # The cards chosen are public: every seat sees them.
                    tensor = np.asarray(state.observation_tensor(other))
                    assert {c: int(tensor[-53 + c]) for c in codes} == dict(codes)
                    assert "\nbuilding" in state.observation_string(other)
                if not serialized:
                    saved = pyspiel.serialize_game_and_state(game, state)
                    _game2, state2 = pyspiel.deserialize_game_and_state(saved)
                    assert remi_openspiel.remi_state(state2) == after
                    assert state2.legal_actions() == state.legal_actions()
                    assert "building: " in str(state2)
                    serialized = True
            elif isinstance(own, remi.LayDown) and inner.building:
                lays += 1
                assert text.startswith("lay #")
                assert not after.building
    assert builds and lays


# -- pickling and multiprocessing (docs/frameworks.rst: "Pickling and worker processes") ---------


def _mid_game(game: object, seed: int, steps: int) -> object:
    rng = random.Random(seed)
    state = game.new_initial_state()  # type: ignore[attr-defined]
    for _ in range(4):
        state.apply_action(rng.randrange(256))
    for _ in range(steps):
        state.apply_action(rng.choice(state.legal_actions()))
    return state


def _finish(state: object, seed: int) -> tuple[list[int], list[float]]:
    rng = random.Random(seed)
    while not state.is_terminal():  # type: ignore[attr-defined]
        state.apply_action(rng.choice(state.legal_actions()))  # type: ignore[attr-defined]
    return state.history(), state.returns()  # type: ignore[attr-defined]


def test_games_and_states_pickle() -> None:
    """frameworks.rst: games and states pickle with the standard pickle, before the deal, mid-game and at the end."""
    import pickle

    game = remi_openspiel.load_game("slovenian", 3, max_turns=30)
    game2 = pickle.loads(pickle.dumps(game))
    assert type(game2) is remi_openspiel.RemiGame
    assert str(game2) == str(game) and game2.num_distinct_actions() == game.num_distinct_actions()
    fresh = pickle.loads(pickle.dumps(game.new_initial_state()))
    assert fresh.is_chance_node() and fresh.history() == []
    for seed, steps in ((1, 0), (2, 12), (3, 40)):
        state = _mid_game(game, seed, steps)
        copy = pickle.loads(pickle.dumps(state))
        assert type(copy) is remi_openspiel.RemiState
        assert remi_openspiel.remi_state(copy) == remi_openspiel.remi_state(state)
        assert copy.history() == state.history()
        assert copy.legal_actions() == state.legal_actions()
        for seat in range(3):
            assert copy.observation_string(seat) == state.observation_string(seat)
            assert copy.information_state_string(seat) == state.information_state_string(seat)
            assert copy.observation_tensor(seat) == state.observation_tensor(seat)
        # Continuing play gives the same game.
        assert _finish(copy, seed) == _finish(state, seed)
    # A state in the middle of a catalogue lay-down (its partial meld) pickles too.
    for seed in range(30):
        rng = random.Random(seed)
        state = _mid_game(game, seed, 0)
        while not state.is_terminal() and not state._partial:
            state.apply_action(rng.choice(state.legal_actions()))
        if state._partial:
            copy = pickle.loads(pickle.dumps(state))
            assert copy._partial == state._partial and copy.legal_actions() == state.legal_actions()
            break
    else:  # pragma: no cover - the seeds above reach a lay-down
        pytest.fail("no lay-down under way in these games")


def test_states_cross_a_process_pool() -> None:
    """frameworks.rst: states go to worker processes and back (ProcessPoolExecutor, 2 spawned workers)."""
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor
    from operator import methodcaller

    game = remi_openspiel.load_game("gin", max_turns=30)
    states = [_mid_game(game, seed, 6) for seed in range(4)]
    with ProcessPoolExecutor(2, mp_context=multiprocessing.get_context("spawn")) as pool:
        legal = list(pool.map(methodcaller("legal_actions"), states))
        children = list(pool.map(methodcaller("child", 0), [game.new_initial_state()] * 2))
        moved = list(pool.map(lambda_free_child, [(s, s.legal_actions()[-1]) for s in states]))
    assert legal == [s.legal_actions() for s in states]
    assert [c.history() for c in children] == [[0], [0]]
    for state, after in zip(states, moved):
        expected = state.child(state.legal_actions()[-1])
        assert remi_openspiel.remi_state(after) == remi_openspiel.remi_state(expected)
        assert after.history() == expected.history()


def lambda_free_child(pair: tuple[object, int]) -> object:
    """A worker's job: the child of a state (module level, so a spawned worker can import it)."""
    state, action = pair
    return state.child(action)  # type: ignore[attr-defined]


# -- refusals (docs/frameworks.rst: "Refused actions") -------------------------------------------


def _assert_refused(state: object, action: int, code: str) -> None:
    before = (state.history(), state.returns(), str(state))  # type: ignore[attr-defined]
    with pytest.raises(remi_openspiel.SpielActionError) as info:
        state.apply_action(action)  # type: ignore[attr-defined]
    error = info.value
    assert isinstance(error, pyspiel.SpielError) and isinstance(error, RuntimeError)
    assert isinstance(error, remi.IllegalActionError) and isinstance(error, ValueError)
    assert error.code == code
    assert (state.history(), state.returns(), str(state)) == before  # type: ignore[attr-defined]


def test_a_terminal_state_refuses_every_action() -> None:
    """frameworks.rst: after is_terminal() every apply_action raises (the Gin turn cap ends the game)."""
    game = remi_openspiel.load_game("gin", max_turns=30)
    state = _mid_game(game, 7, 0)
    _finish(state, 7)
    assert state.is_terminal() and state.legal_actions() == []
    for action in (0, 1, 5, game.num_distinct_actions() - 1, 300):
        _assert_refused(state, action, "game-over")
    # Also where the game ends by the deal limit while remi's match goes on (Norwegian, one deal).
    norwegian = remi_openspiel.load_game("norwegian", 3, max_turns=8)
    state = _mid_game(norwegian, 2, 0)
    _finish(state, 2)
    inner = remi_openspiel.remi_state(state)
    assert inner is not None and not inner.is_over and inner.legal_actions()
    ident = catalogue(inner.ruleset).encode_steps(inner.legal_actions()[0])[0]
    _assert_refused(state, ident, "game-over")


def test_chance_outcomes_outside_a_byte_are_refused_at_once() -> None:
    """frameworks.rst: a chance outcome is a seed byte, 0 to 255; anything else raises on the spot."""
    game = remi_openspiel.load_game("gin")
    state = game.new_initial_state()
    for bad in (-2, 256, 1000, 2**40):
        _assert_refused(state, bad, "not-an-action")
    with pytest.raises(pyspiel.SpielError):  # -1 is OpenSpiel's kInvalidAction: OpenSpiel refuses it itself
        state.apply_action(-1)
    state.apply_action(0)
    state.apply_action(255)
    _assert_refused(state, 256, "not-an-action")
    assert state.history() == [0, 255] and state.is_chance_node()


def test_ids_outside_the_legal_set_are_refused() -> None:
    """frameworks.rst: an id not in legal_actions() raises SpielActionError with the engine's code; the state is unchanged."""
    for preset, players in (("gin", 2), ("slovenian", 3), (ALL_DOWN, 3)):
        game = remi_openspiel.load_game(preset, players, max_turns=30)
        size = game.num_distinct_actions()
        for seed in range(3):
            rng = random.Random(seed)
            state = _mid_game(game, seed, 0)
            checked = 0
            while not state.is_terminal() and checked < 6:
                legal = set(state.legal_actions())
                illegal = [a for a in range(size) if a not in legal]
                for action in rng.sample(illegal, 3) + [-2, size]:
                    with pytest.raises(remi_openspiel.SpielActionError) as info:
                        state.apply_action(action)
                    assert isinstance(info.value, pyspiel.SpielError) and info.value.code
                checked += 1
                for _ in range(5):
                    if not state.is_terminal():
                        state.apply_action(rng.choice(state.legal_actions()))
            # A fresh copy of the ids never listed (no cached legal set) refuses the same way.
            if not state.is_terminal():
                copy = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))[1]
                legal = set(state.legal_actions())
                action = next(a for a in range(size) if a not in legal)
                with pytest.raises(remi_openspiel.SpielActionError):
                    copy.apply_action(action)


@pytest.mark.rule("gin-knocker-chooses")
def test_gin_knock_phase_through_openspiel() -> None:
    """Random play that knocks when it can: the knock phase's lays and pass apply as single ids."""
    game = remi_openspiel.load_game("gin", 2, max_turns=80)
    knock_steps = 0
    for seed in range(6):
        rng = random.Random(seed)
        state = game.new_initial_state()
        for _ in range(4):
            state.apply_action(rng.randrange(256))
        while not state.is_terminal():
            legal = state.legal_actions()
            inner = remi_openspiel.remi_state(state)
            assert inner is not None
            assert [state.action_to_string(state.current_player(), a) for a in legal] == [
                str(a) for a in inner.legal_actions()
            ]
            knocks = [
                a for a in legal if state.action_to_string(state.current_player(), a).startswith("knock")
            ]
            if inner.phase == "knock":
                knock_steps += 1
            state.apply_action(knocks[0] if knocks else rng.choice(legal))
            clone = state.clone()
            assert remi_openspiel.remi_state(clone) == remi_openspiel.remi_state(state)
    assert knock_steps


@pytest.mark.parametrize(("preset", "players"), [("swedish", 2), ("slovenian", 3), ("norwegian", 4)])
def test_resampled_states_play_on_mid_lay_down(preset: str, players: int) -> None:
    """docs/frameworks.rst: a resample for a seat that is not building drops the builder's private steps.

    Issue 15, item 9: the builder's catalogue partial meld was kept while the builder got a new
    hand (Swedish: 157 of 200 such resamples had no legal action).
    """
    game = remi_openspiel.load_game(preset, players, max_turns=30)
    checked = 0
    for seed in range(8):
        rng = random.Random(seed)
        state = game.new_initial_state()
        while not state.is_terminal() and checked < 40:
            if state.is_chance_node():
                state.apply_action(rng.randrange(256))
                continue
            for seat in range(players):
                other = state.resample_from_infostate(seat, rng.random)
                assert other.legal_actions(other.current_player()), (seed, seat)
                assert other.information_state_string(seat) == state.information_state_string(seat)
                if state._partial:
                    checked += 1
                    builder = state.current_player()
                    assert other._partial == (state._partial if seat == builder else ())
            state.apply_action(rng.choice(state.legal_actions()))
    assert checked, "no lay-down was under way"


@pytest.mark.parametrize(("preset", "players"), [("slovenian", 3), ("gin", 2), ("norwegian", 4)])
def test_zero_sum_returns(preset: str, players: int) -> None:
    """zero_sum=True: the game type is ZERO_SUM and the returns are each seat's minus the others' mean."""
    plain = remi_openspiel.load_game(preset, players, max_turns=20)
    zero = pyspiel.load_game(
        "python_remi", {"preset": preset, "players": players, "max_turns": 20, "zero_sum": True}
    )
    assert plain.get_type().utility == pyspiel.GameType.Utility.GENERAL_SUM
    assert zero.get_type().utility == pyspiel.GameType.Utility.ZERO_SUM
    for seed in range(3):
        raw = _play_randomly(plain, seed).returns()
        fair = _play_randomly(zero, seed).returns()
        assert sum(fair) == pytest.approx(0.0)
        others = [(sum(raw) - r) / (players - 1) for r in raw]
        assert fair == pytest.approx([r - o for r, o in zip(raw, others)])


def _dealt(game: object, seed: int) -> object:
    rng = random.Random(seed)
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(rng.randrange(256))
    return state


@pytest.mark.parametrize(
    ("preset", "players"), [("gin", 2), ("norwegian", 4), ("slovenian", 3), ("kalooki", 2)]
)
def test_information_state_tensor_shape_and_resamples(preset: str, players: int) -> None:
    """information_state_tensor: the declared length, the same for every world the seat cannot tell apart."""
    game = remi_openspiel.load_game(preset, players, max_turns=15)
    assert game.get_type().provides_information_state_tensor
    size = remi_openspiel.information_state_size(game.setup.ruleset, players)
    assert game.information_state_tensor_shape() == [size]
    rng = random.Random(5)
    state = _dealt(game, 5)
    steps = 0
    while not state.is_terminal() and steps < 120:
        if state.is_chance_node():
            state.apply_action(rng.randrange(256))
            continue
        for seat in range(players):
            tensor = np.asarray(state.information_state_tensor(seat))
            assert tensor.shape == (size,)
            other = state.resample_from_infostate(seat, rng.random)
            assert np.array_equal(tensor, np.asarray(other.information_state_tensor(seat)))
        state.apply_action(rng.choice(state.legal_actions()))
        steps += 1


def test_information_state_tensor_counts_the_deal_and_the_discards() -> None:
    """The history block: each seat's discards (relative seats) and the viewer's unseen gains this deal."""
    game = remi_openspiel.load_game("gin", 2, max_turns=30)
    base = remi.adapters.observation_size(remi.GIN, 2)
    state = _dealt(game, 11)
    hand = remi_openspiel.remi_state(state).hands[0]
    tensor = np.asarray(state.information_state_tensor(0))
    mine = tensor[base + 2 * 53 : base + 3 * 53]
    assert mine.sum() == len(hand)
    assert all(mine[card.code] >= 1 for card in hand)
    assert not tensor[base : base + 2 * 53].any()
    rng = random.Random(3)
    discards: Counter[tuple[int, int]] = Counter()
    while not state.is_terminal() and sum(discards.values()) < 8:
        seat = state.current_player()
        action = rng.choice(state.legal_actions())
        text = state.action_to_string(seat, action)
        if text.startswith("discard "):
            discards[(seat, remi.parse_cards(text[8:])[0].code)] += 1
        state.apply_action(action)
    for viewer in (0, 1):
        tensor = np.asarray(state.information_state_tensor(viewer))
        for (seat, code), count in discards.items():
            assert tensor[base + ((seat - viewer) % 2) * 53 + code] == count
        assert tensor[base : base + 2 * 53].sum() == sum(discards.values())


def test_information_state_tensor_begins_with_the_observation() -> None:
    """The information state tensor is the observation tensor, then a history block that play fills."""
    game = remi_openspiel.load_game("gin", 2, max_turns=30)
    base = remi.adapters.observation_size(remi.GIN, 2)
    found = 0
    for seed in range(20):
        rng = random.Random(seed)
        state = _dealt(game, seed)
        while not state.is_terminal():
            seat = state.current_player()
            info = np.asarray(state.information_state_tensor(seat))
            obs = np.asarray(state.observation_tensor(seat))
            assert np.array_equal(info[:base], obs)
            if info[base:].any():
                found += 1
            state.apply_action(rng.choice(state.legal_actions()))
    assert found > 0


def _length_of(game: object, seed: int, tabled: bool) -> int:
    """Decision and chance nodes of one playout; *tabled*: prefer lay-downs, lay-offs and swaps."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    steps = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.randrange(256))
        else:
            acts = state.legal_actions()
            seat = state.current_player()
            quiet = ("discard", "pass", "draw", "take", "knock")
            table = [a for a in acts if not state.action_to_string(seat, a).startswith(quiet)]
            pick = table if tabled and table and rng.random() < 0.9 else acts
            state.apply_action(rng.choice(pick))
        steps += 1
    return steps


@pytest.mark.parametrize("preset", PRESETS)
def test_max_game_length_bounds_play_and_is_tight(preset: str) -> None:
    """max_game_length: no playout is longer, and it is within 3x of every turn's windows plus every card laid once."""
    rules = remi.PRESETS[preset]
    players = rules.min_players
    game = remi_openspiel.load_game(preset, players, max_turns=30)
    length = game.max_game_length()
    longest = max(_length_of(game, seed, tabled) for seed in range(3) for tabled in (False, True))
    assert longest <= length
    every_window = 30 * (4 + 2 * (players - 1)) + rules.pack_size(players)
    assert length <= 3 * every_window
