"""The PettingZoo adapter: api_test for every preset and table size, rewards, render, no leaks."""

from __future__ import annotations

import random
import warnings
from collections import Counter

import pytest

pytest.importorskip("pettingzoo")
np = pytest.importorskip("numpy")

from pettingzoo.test import api_test  # noqa: E402

import remi  # noqa: E402
from remi.adapters.pettingzoo import env, raw_env  # noqa: E402
from remi.catalogue import num_distinct_actions  # noqa: E402
from remi.views import returns  # noqa: E402

TABLES = [
    (name, players)
    for name, ruleset in sorted(remi.PRESETS.items())
    for players in range(ruleset.min_players, ruleset.max_players + 1)
]


@pytest.mark.parametrize(("preset", "players"), TABLES)
def test_api_test(preset: str, players: int) -> None:
    with warnings.catch_warnings():
        # PettingZoo warns about every dict observation (action masks); its classic games do too.
        warnings.simplefilter("ignore", UserWarning)
        api_test(env(preset=preset, players=players, max_turns=25), num_cycles=150, verbose_progress=False)


def _episode(e: object, seed: int) -> dict[str, float]:
    rng = random.Random(seed)
    e.reset(seed=seed)  # type: ignore[attr-defined]
    totals: dict[str, float] = {}
    for agent in e.agent_iter():  # type: ignore[attr-defined]
        observation, reward, termination, truncation, _ = e.last()  # type: ignore[attr-defined]
        totals[agent] = totals.get(agent, 0.0) + reward
        if termination or truncation:
            action = None
        else:
            action = rng.choice(np.flatnonzero(observation["action_mask"]).tolist())
        e.step(action)  # type: ignore[attr-defined]
    return totals


@pytest.mark.parametrize(
    ("preset", "players", "rounds"), [("norwegian", 3, 2), ("gin", 2, 3), ("kalooki", 3, 1)]
)
def test_rewards_add_up_to_the_returns(preset: str, players: int, rounds: int) -> None:
    e = raw_env(preset, players, max_rounds=rounds, max_turns=30)
    totals = _episode(e, seed=4)
    state = e.state
    assert state is not None
    assert len(state.results) == rounds or state.is_over
    expected = returns(state)
    assert [totals[f"player_{seat}"] for seat in range(players)] == pytest.approx(list(expected))


def test_spaces_and_mask() -> None:
    e = raw_env("norwegian", 4)
    e.reset(seed=1)
    size = num_distinct_actions(remi.NORWEGIAN)
    assert e.action_space("player_0").n == size
    seat = e.state.to_act
    obs = e.observe(f"player_{seat}")
    assert obs["action_mask"].shape == (size,) and obs["action_mask"].dtype == np.int8
    legal = np.flatnonzero(obs["action_mask"]).tolist()
    cat = e.setup.catalogue
    assert legal == sorted({cat.encode_steps(a)[0] for a in e.state.legal_actions()})
    other = e.observe(f"player_{(seat + 1) % 4}")
    assert not other["action_mask"].any()
    assert e.observation_space("player_0").contains(obs)


def test_render_and_illegal_action() -> None:
    e = env(preset="swedish", players=3, render_mode="ansi")
    e.reset(seed=2)
    text = e.render()
    assert isinstance(text, str) and "Swedish Basic Rummy" in text and "hand:" in text
    mask = e.observe(e.agent_selection)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[-1])
    with pytest.raises(remi.IllegalActionError):
        e.step(illegal)


def test_observation_hides_other_hands() -> None:
    """Swapping the hidden cards around leaves an agent's observation unchanged."""
    import attrs

    e = raw_env("slovenian", 3)
    e.reset(seed=9)
    state = e.state
    first = e.observe("player_0")["observation"].copy()
    hands = list(state.hands)
    pool = list(hands[1]) + list(hands[2]) + list(state.stock)
    random.Random(1).shuffle(pool)
    n1, n2 = len(hands[1]), len(hands[2])

    def sorted_hand(cards: list[remi.Card]) -> tuple[remi.Card, ...]:
        return tuple(sorted(cards, key=lambda card: card.code))  # a hand is sorted by card code

    mixed = attrs.evolve(
        state,
        hands=(hands[0], sorted_hand(pool[:n1]), sorted_hand(pool[n1 : n1 + n2])),
        stock=tuple(pool[n1 + n2 :]),
    )
    e.state = mixed
    e._steps = None
    assert np.array_equal(e.observe("player_0")["observation"], first)


def test_lay_down_sub_steps_keep_the_agent() -> None:
    """While a meld is being built the same agent acts, with the partial meld in its observation."""
    e = raw_env("kalooki", 2, max_turns=40)
    e.reset(seed=3)
    cat = e.setup.catalogue
    lay = cat.block("lay")
    rng = random.Random(3)
    for _ in range(2000):
        agent = e.agent_selection
        if e.terminations[agent]:
            break
        mask = e.observe(agent)["action_mask"]
        legal = np.flatnonzero(mask).tolist()
        builds = [i for i in legal if i in lay]
        if builds and not e.partial:
            tables = len(e.state.table)
            e.step(builds[0])
            assert e.agent_selection == agent and e.partial
            assert e.observe(agent)["observation"][-53 + builds[0] - lay.start] == 1
            while e.partial:
                legal = np.flatnonzero(e.observe(agent)["action_mask"]).tolist()
                assert legal and all(i in lay for i in legal)
                e.step(rng.choice(legal))
                assert e.agent_selection == agent or not e.partial
            assert len(e.state.table) == tables + 1
            return
        e.step(rng.choice(legal))
    pytest.skip("no lay-down in this game")


#: Norwegian Remi with the whole contract down at once: remi builds its melds card by card.
ALL_DOWN = "norwegian+all down at once"


def test_engine_builds_api_test() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        api_test(env(preset=ALL_DOWN, players=3, max_turns=40), num_cycles=300, verbose_progress=False)


def test_engine_builds_random_play() -> None:
    """remi's own build steps through PettingZoo: every step legal, no catalogue partial, the build public."""
    import attrs

    from remi.catalogue import catalogue

    rules = attrs.evolve(remi.with_variants(remi.NORWEGIAN, "all down at once"), max_turns_per_round=40)
    cat = catalogue(rules)
    lay = cat.block("lay")
    assert lay is not None
    builds = lays = 0
    for seed in range(3):
        e = raw_env(ALL_DOWN, 3, max_turns=40)
        e.reset(seed=seed)
        assert e.state.ruleset == rules
        rng = random.Random(seed)
        totals: dict[str, float] = {}
        for agent in e.agent_iter():
            observation, reward, termination, truncation, _ = e.last()
            totals[agent] = totals.get(agent, 0.0) + reward
            if termination or truncation:
                e.step(None)
                continue
            before = e.state
            legal = np.flatnonzero(observation["action_mask"]).tolist()
            assert legal == cat.legal_ids(before)
            table = [i for i in legal if i in lay]
            ident = rng.choice(table if table and rng.random() < 0.8 else legal)
            own = cat.steps(before).action(ident)
            assert own is not None  # every id is one of the state's own actions: no catalogue sub-step
            e.step(ident)
            assert e.partial == ()
            assert e.state == before.apply(own)
            if isinstance(own, remi.Build):
                builds += 1
                assert e.agent_selection == agent
                codes = Counter(card.code for card in e.state.building)
                for other in e.agents:
                    # The cards chosen are public: every agent's observation shows them.
                    vector = e.observe(other)["observation"]
                    assert {c: int(vector[-53 + c]) for c in codes} == dict(codes)
            elif isinstance(own, remi.LayDown) and before.building:
                lays += 1
                assert not e.state.building
        assert [totals[f"player_{seat}"] for seat in range(3)] == pytest.approx(list(returns(e.state)))
    assert builds and lays


# -- pickling (docs/frameworks.rst: "Pickling and worker processes") -----------------------------


def _play(e: object, rng: random.Random, steps: int) -> None:
    for _ in range(steps):
        agent = e.agent_selection  # type: ignore[attr-defined]
        if e.terminations[agent]:  # type: ignore[attr-defined]
            return
        mask = e.observe(agent)["action_mask"]  # type: ignore[attr-defined]
        e.step(np.int64(rng.choice(np.flatnonzero(mask).tolist())))  # type: ignore[attr-defined]


def _trace(e: object, seed: int) -> tuple[list[tuple[str, int]], dict[str, float], object]:
    rng = random.Random(seed)
    moves: list[tuple[str, int]] = []
    totals: dict[str, float] = {}
    for agent in e.agent_iter():  # type: ignore[attr-defined]
        observation, reward, termination, truncation, _ = e.last()  # type: ignore[attr-defined]
        totals[agent] = totals.get(agent, 0.0) + reward
        action = None
        if not (termination or truncation):
            action = rng.choice(np.flatnonzero(observation["action_mask"]).tolist())
            moves.append((agent, action))
        e.step(action)  # type: ignore[attr-defined]
    return moves, totals, e.unwrapped.state  # type: ignore[attr-defined]


def test_environments_pickle_mid_episode() -> None:
    """frameworks.rst: an environment pickles (raw or wrapped, before reset, mid-episode) and plays on the same."""
    import pickle

    from remi.adapters import pettingzoo as remi_pettingzoo

    fresh = pickle.loads(pickle.dumps(raw_env("gin")))
    with pytest.raises(RuntimeError, match="reset"):
        fresh.observe("player_0")
    for preset, players in (("gin", 2), ("kalooki", 3), (ALL_DOWN, 3)):
        for make in (raw_env, env):
            e = make(preset, players, max_turns=30)
            e.reset(seed=5)
            _play(e, random.Random(5), 25)
            copy = pickle.loads(pickle.dumps(e))
            assert type(copy) is type(e)
            assert type(copy.unwrapped) is remi_pettingzoo.RemiEnv
            assert copy.unwrapped.state == e.unwrapped.state
            assert copy.unwrapped.partial == e.unwrapped.partial
            assert copy.agent_selection == e.agent_selection
            for agent in e.possible_agents:
                mine, theirs = e.observe(agent), copy.observe(agent)
                assert np.array_equal(mine["observation"], theirs["observation"])
                assert np.array_equal(mine["action_mask"], theirs["action_mask"])
            assert copy.unwrapped.setup is e.unwrapped.setup  # shared, not copied
            a, b = _trace(e, 9), _trace(copy, 9)
            assert a[0] == b[0] and a[1] == b[1] and a[2] == b[2]


def test_environments_play_on_after_clear_caches() -> None:
    """frameworks.rst: ``remi.clear_caches()`` empties the adapters' caches; environments made before play on."""
    import pickle

    e = raw_env("kalooki", 3, max_turns=30)
    e.reset(seed=3)
    _play(e, random.Random(3), 12)
    sizes = {info.name: info.size for info in remi.cache_info()}
    assert sizes["adapters.setup"] >= 1 and sizes["adapters.observation_size"] >= 1
    twin = pickle.loads(pickle.dumps(e))
    remi.clear_caches()
    sizes = {info.name: info.size for info in remi.cache_info()}
    assert sizes["adapters.setup"] == 0 and sizes["adapters.observation_size"] == 0
    copy = pickle.loads(pickle.dumps(e))
    assert copy.setup == e.setup and copy.setup is not e.setup  # built afresh, the same parameters
    for agent in e.possible_agents:
        assert np.array_equal(e.observe(agent)["observation"], twin.observe(agent)["observation"])
    a, b, c = _trace(e, 4), _trace(twin, 4), _trace(copy, 4)
    assert a == b == c


def test_environments_cross_a_process_pool() -> None:
    """frameworks.rst: environments go to worker processes and back (ProcessPoolExecutor, 2 spawned workers)."""
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor
    from operator import methodcaller

    envs = []
    for seed in range(2):
        e = raw_env("slovenian", 3, max_turns=20)
        e.reset(seed=seed)
        _play(e, random.Random(seed), 10)
        envs.append(e)
    with ProcessPoolExecutor(2, mp_context=multiprocessing.get_context("spawn")) as pool:
        masks = list(pool.map(methodcaller("observe", "player_1"), envs))
        ansi = list(pool.map(methodcaller("render"), envs))
    for e, mask in zip(envs, masks):
        assert np.array_equal(mask["action_mask"], e.observe("player_1")["action_mask"])
    assert ansi == [None, None]


# -- clear errors (docs/frameworks.rst: "Refused actions") ---------------------------------------


def test_unknown_agents_get_a_clear_error() -> None:
    e = raw_env("gin")
    e.reset(seed=1)
    for call in (e.observe, e.observation_space, e.action_space):
        with pytest.raises(KeyError) as info:
            call("nobody")
        assert isinstance(info.value, remi.RemiError) and info.value.code == "bad-player"
        assert str(info.value) == "'nobody' is not an agent of this game; the agents are player_0, player_1."
        with pytest.raises(TypeError, match="agent"):
            call(0)
    assert e.observe("player_1")["action_mask"].any()


@pytest.mark.parametrize(
    "action", [1.5, 0.9, 1.0, "1", "draw", True, False, np.float64(1.0), np.bool_(True), [1]]
)
def test_step_refuses_what_is_not_an_id(action: object) -> None:
    e = raw_env("gin")
    e.reset(seed=1)
    before = (e.state, e.agent_selection)
    with pytest.raises(TypeError, match="action must be a whole-number action id"):
        e.step(action)
    assert (e.state, e.agent_selection) == before


def test_step_takes_python_and_numpy_ids() -> None:
    for ident in (lambda i: i, np.int64, np.int32, np.array):
        e = raw_env("gin")
        e.reset(seed=1)
        legal = np.flatnonzero(e.observe(e.agent_selection)["action_mask"]).tolist()
        before = e.state
        e.step(ident(legal[0]))
        assert e.state != before
    e = raw_env("gin")
    e.reset(seed=1)
    size = e.action_space(e.agent_selection).n
    for bad in (-1, size, 10**30):
        with pytest.raises(remi.IllegalActionError, match="not an action id"):
            e.step(bad)


def test_step_before_reset_is_a_runtime_error() -> None:
    e = raw_env("gin")
    for call in (lambda: e.step(0), lambda: e.step(None), lambda: e.observe("player_0")):
        with pytest.raises(RuntimeError, match=r"reset\(\)"):
            call()


@pytest.mark.rule("gin-knocker-chooses")
def test_gin_knock_phase_through_pettingzoo() -> None:
    """Random play that knocks when it can: the knocker's lays and pass are single catalogue ids."""
    from remi.catalogue import catalogue

    cat = catalogue(remi.GIN)
    melds = cat.block("meld")
    assert melds is not None
    lays = passes = 0
    for seed in range(6):
        e = raw_env("gin", 2, max_turns=80)
        e.reset(seed=seed)
        rng = random.Random(seed)
        for _agent in e.agent_iter():
            observation, _reward, termination, truncation, _ = e.last()
            if termination or truncation:
                e.step(None)
                continue
            ids = [int(i) for i in np.flatnonzero(observation["action_mask"])]
            state = e.state
            assert [cat.decode(i) for i in ids] == state.legal_actions()
            knocks = [i for i in ids if str(cat.decode(i)).startswith("knock")]
            discards = [i for i in ids if isinstance(cat.decode(i), remi.Discard)]
            choice = knocks[0] if knocks else rng.choice(ids)
            if discards and not knocks:
                hand = list(state.hands[state.to_act])

                def left(ident: int, hand: list[remi.Card] = hand) -> int:
                    rest = list(hand)
                    rest.remove(cat.decode(ident).card)  # type: ignore[union-attr]
                    return remi.deadwood(rest, remi.GIN)

                choice = min(discards, key=left)
            if state.phase == "knock":
                lays += choice in melds
                passes += choice == cat.encode(remi.Pass())
            e.step(choice)
            assert e.partial == ()
    assert lays and passes


# -- framework conventions (issue 19) -------------------------------------------------------------


def test_render_test() -> None:
    """PettingZoo's render_test: "human" prints the view and returns None, "ansi" returns the text."""
    from pettingzoo.test import render_test

    render_test(lambda render_mode=None: env("gin", 2, max_turns=25, render_mode=render_mode))


def test_human_render_prints(capsys: pytest.CaptureFixture[str]) -> None:
    e = env("gin", 2, render_mode="human")
    e.reset(seed=1)
    assert e.render() is None
    assert "hand:" in capsys.readouterr().out


def _finish(e: object, seed: int) -> tuple[dict[str, bool], dict[str, bool], object]:
    e.reset(seed=seed)  # type: ignore[attr-defined]
    _trace(e, seed)
    inner = e.unwrapped  # type: ignore[attr-defined]
    return inner.terminations, inner.truncations, inner.state


def test_turn_cap_truncates_natural_end_terminates() -> None:
    """An episode cut by the turn cap is truncated, not terminated; a deal won by a seat is terminated."""
    capped = natural = 0
    for seed in range(12):
        terminations, truncations, state = _finish(raw_env("gin", 2, max_turns=4), seed)
        result = state.results[-1]
        if result.went_out is None:
            capped += 1
            assert all(truncations.values()) and not any(terminations.values())
        terminations, truncations, state = _finish(raw_env("gin", 2, max_turns=400), seed)
        # Gin's stock runs out (a void deal) or a seat goes out long before turn 400: a natural end.
        if state.results[-1].went_out is not None or state.turn < 400:
            natural += 1
            assert all(terminations.values()) and not any(truncations.values())
    assert capped and natural


def test_unseeded_resets_deal_different_games() -> None:
    """Gymnasium's convention: an unseeded reset seeds from entropy; reset(seed=s) is reproducible."""
    hands = set()
    for _ in range(6):
        e = raw_env("gin", 2)
        e.reset()
        hands.add(e.state.hands)
    assert len(hands) > 1
    a, b = raw_env("gin", 2), raw_env("gin", 2)
    a.reset(seed=7)
    b.reset(seed=7)
    assert a.state == b.state


def test_zero_sum_rewards() -> None:
    """zero_sum=True: each agent's rewards add up to its return minus the others' mean, summing to 0."""
    for seed in range(3):
        plain = _episode(raw_env("slovenian", 3, max_turns=20), seed)
        fair = _episode(raw_env("slovenian", 3, max_turns=20, zero_sum=True), seed)
        assert sum(fair.values()) == pytest.approx(0.0)
        total = sum(plain.values())
        assert fair == pytest.approx({a: r - (total - r) / 2 for a, r in plain.items()})
