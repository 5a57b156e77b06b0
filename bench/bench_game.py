"""Benchmark the game engine: whole seeded matches on one core.

Usage: python bench/bench_game.py [--matches N] [--seed S] [--profile] [--tiny]

Plays N whole 4-player NORWEGIAN matches (then N//2 for a few variants) with
a seeded greedy-random policy, timed in CPU time (``time.process_time``), and prints matches/s, actions/s, the time per
legal_actions() and apply() call (median, p99, max) and the slowest
legal_actions() call; then the same with a uniformly random policy. Targets (issue 18;
issue 7's were 40 and 20): greedy-random >= 60 matches/s, uniformly random >= 30, no
legal_actions() above 5 ms. ``bench_matches.py`` measures the rates with pyperf over fresh processes.

The policy (greedy-random): with probability 0.8 a random one of the offered
lay-down / lay-off / joker-swap / Shanghai-call actions when there are any;
in a buying window buy with probability 0.05; otherwise uniform over the
legal actions (buys left out). Each round is capped at 60 turns
(max_turns_per_round), because a random policy can keep a round going for ever.
The time of the policy itself is not counted in the per-call figures.
"""

from __future__ import annotations

import argparse
import cProfile
import gc
import io
import pstats
import random
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field

import attrs
from bench_worst import clear_caches

import remi
from remi import Build, Buy, CallShanghai, GameState, LayDown, LayOff, Pass, SwapJoker

GREEDY = (LayDown, Build, LayOff, SwapJoker, CallShanghai)
#: The same kinds as a set of types: the legal list holds these classes themselves (no subclass), so
#: a type's membership answers as isinstance does, for a fifth of the policy's time.
_GREEDY_TYPES = frozenset(GREEDY)
TURN_CAP = 60
POLICY = "greedy-random (0.8 lay/off/swap/call when offered, buy 5%, else uniform; 60-turn round cap)"


def uniform(rng: random.Random, state: GameState, legal: list[remi.Action]) -> remi.Action:
    """The uniformly random policy: every legal action equally likely (buys included)."""
    return rng.choice(legal)


def choose(rng: random.Random, state: GameState, legal: list[remi.Action]) -> remi.Action:
    """The greedy-random policy.

    It plays the actions of *legal* itself, as a bot does: a new ``Buy()`` or
    ``Pass()`` would cost the policy two objects and equality tests, and cost
    ``apply`` the refusal checks an action from the list skips.
    """
    greedy = _GREEDY_TYPES
    good = [a for a in legal if type(a) in greedy]
    if good and rng.random() < 0.8:
        return rng.choice(good)
    if state.phase == "buy":
        buy = _first(legal, Buy)
        if buy is not None and rng.random() < 0.05:
            return buy
        return _first(legal, Pass) or Pass()
    rest = [a for a in legal if type(a) is not Buy] or legal
    return rng.choice(rest)


def _first(legal: list[remi.Action], kind: type[remi.Action]) -> remi.Action | None:
    """The first action of *legal* of type *kind*, or None."""
    for action in legal:
        if type(action) is kind:
            return action
    return None


@dataclass
class Stats:
    """Timings of one benchmark run."""

    matches: int = 0
    actions: int = 0
    wall: float = 0.0
    legal: list[float] = field(default_factory=list)
    apply: list[float] = field(default_factory=list)
    slowest: tuple[float, str] = (0.0, "")
    #: The slowest legal_actions() call during which no garbage collection ran.
    slowest_clean: float = 0.0
    #: legal_actions() calls during which the cyclic garbage collector ran.
    gc_hit: int = 0


_GC_RUNS = [0]


def _count_gc(phase: str, info: dict[str, int]) -> None:
    if phase == "start":
        _GC_RUNS[0] += 1


Policy = Callable[[random.Random, GameState, list[remi.Action]], remi.Action]


def run(ruleset: remi.Ruleset, players: int, matches: int, seed: int, policy: Policy | None = None) -> Stats:
    """Play *matches* whole matches and time every legal_actions() and apply() call."""
    pick = choose if policy is None else policy
    rules = attrs.evolve(ruleset, max_turns_per_round=TURN_CAP)
    stats = Stats()
    clock = time.process_time  # CPU time: a busy machine does not inflate it
    # The cyclic garbage collector is off while a match is played and runs between matches,
    # untimed: its pauses are not the engine's (see docs/performance.rst on gc.freeze()).
    enabled = gc.isenabled()
    gc.collect()
    gc.disable()
    spent = 0.0
    for index in range(matches):
        start = clock()
        rng = random.Random(seed * 1_000_003 + index)
        state = remi.new_game(rules, players=players, seed=seed + index)
        while not state.is_over:
            runs = _GC_RUNS[0]
            t0 = clock()
            legal = state.legal_actions()
            t1 = clock()
            stats.legal.append(t1 - t0)
            if _GC_RUNS[0] != runs:
                stats.gc_hit += 1
            elif t1 - t0 > stats.slowest_clean:
                stats.slowest_clean = t1 - t0
            if t1 - t0 > stats.slowest[0]:
                stats.slowest = (
                    t1 - t0,
                    f"match {index} round {state.round} turn {state.turn} phase {state.phase} "
                    f"seat {state.current_player} hand {remi.format_cards(state.hands[state.current_player])} "
                    f"({len(legal)} actions, table {len(state.table)} melds)",
                )
            action = pick(rng, state, legal)
            t2 = clock()
            state = state.apply(action)
            stats.apply.append(clock() - t2)
            stats.actions += 1
        stats.matches += 1
        spent += clock() - start
        gc.collect()
    if enabled:
        gc.enable()
    stats.wall = spent
    return stats


def rate(ruleset: remi.Ruleset, players: int, matches: int, seed: int, policy: Policy | None = None) -> float:
    """Matches per CPU-second: the same matches as :func:`run`, with no clock read per call.

    The policy's own time is included (it is small); the collector is off while a
    match is played and runs between matches, untimed.
    """
    rules = attrs.evolve(ruleset, max_turns_per_round=TURN_CAP)
    pick = choose if policy is None else policy
    clear_caches()  # start cold: the same matches ran before, in run()
    enabled = gc.isenabled()
    gc.collect()
    gc.disable()
    spent = 0.0
    try:
        for index in range(matches):
            start = time.process_time()
            rng = random.Random(seed * 1_000_003 + index)
            state = remi.new_game(rules, players=players, seed=seed + index)
            while not state.is_over:
                state = state.apply(pick(rng, state, state.legal_actions()))
            spent += time.process_time() - start
            gc.collect()
    finally:
        if enabled:
            gc.enable()
    return matches / spent


def _us(values: list[float]) -> str:
    ordered = sorted(values)
    p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]
    return (
        f"median {statistics.median(ordered) * 1e6:7.1f} µs  p99 {p99 * 1e6:8.1f} µs  "
        f"max {ordered[-1] * 1e6:9.1f} µs  (n={len(ordered)})"
    )


def report(name: str, stats: Stats) -> None:
    """Print one block of figures."""
    print(f"== {name}: {stats.matches} matches, {stats.actions} actions, {stats.wall:.2f} CPU-s")
    print(f"   matches/s {stats.matches / stats.wall:8.2f}   actions/s {stats.actions / stats.wall:10.0f}")
    print(f"   legal_actions(): {_us(stats.legal)}")
    print(f"   apply():         {_us(stats.apply)}")
    print(f"   slowest legal_actions(): {stats.slowest[0] * 1e3:.2f} ms at {stats.slowest[1]}")
    print(
        f"   slowest legal_actions() with no garbage collection during it: {stats.slowest_clean * 1e3:.2f} ms "
        f"({stats.gc_hit} calls overlapped a gc run)"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Benchmark remi's game engine.")
    parser.add_argument("--matches", type=int, default=20, help="4-player NORWEGIAN matches (default 20)")
    parser.add_argument("--seed", type=int, default=1, help="first game seed (default 1)")
    parser.add_argument("--profile", action="store_true", help="also cProfile the NORWEGIAN run (top 25)")
    parser.add_argument("--tiny", action="store_true", help="one match, no variants: seconds (CI)")
    args = parser.parse_args(argv)
    if args.tiny:
        args.matches = 1
    gc.callbacks.append(_count_gc)
    print(f"remi {remi.__version__}, Python {sys.version.split()[0]}, one core; policy: {POLICY}")
    main_stats = run(remi.NORWEGIAN, 4, args.matches, args.seed)
    report("NORWEGIAN 4 players, greedy-random", main_stats)
    uniform_stats = run(remi.NORWEGIAN, 4, args.matches, args.seed, uniform)
    report("NORWEGIAN 4 players, uniformly random (60-turn round cap)", uniform_stats)
    variants = [] if args.tiny else [("shanghai",), ("spade twos wild",), ("all down at once",)]
    for names in variants:
        rules = remi.with_variants(remi.NORWEGIAN, *names)
        report(
            f"NORWEGIAN + {' + '.join(names)}, 4 players", run(rules, 4, max(1, args.matches // 2), args.seed)
        )
    greedy_rate = rate(remi.NORWEGIAN, 4, args.matches, args.seed)
    uniform_rate = rate(remi.NORWEGIAN, 4, args.matches, args.seed, uniform)
    print(
        f"== NORWEGIAN 4 players, matches per CPU-second with no per-call clock: greedy-random "
        f"{greedy_rate:.2f}, uniformly random {uniform_rate:.2f}"
    )
    worst = max(max(main_stats.legal), max(uniform_stats.legal))
    ok = greedy_rate >= 60 and uniform_rate >= 30 and worst <= 0.005
    print(
        f"target (greedy-random >= 60 matches/s, uniform >= 30, legal_actions() <= 5 ms): "
        f"{'met' if ok else 'MISSED'} ({greedy_rate:.2f} and {uniform_rate:.2f} matches/s, worst "
        f"legal_actions() {worst * 1e3:.2f} ms, {main_stats.slowest_clean * 1e3:.2f} ms not counting "
        "garbage-collector pauses)"
    )
    if args.profile:
        profile = cProfile.Profile()
        profile.enable()
        run(remi.NORWEGIAN, 4, max(1, args.matches // 2), args.seed)
        profile.disable()
        out = io.StringIO()
        pstats.Stats(profile, stream=out).sort_stats("cumulative").print_stats(25)
        print(out.getvalue())
        out = io.StringIO()
        pstats.Stats(profile, stream=out).sort_stats("tottime").print_stats(20)
        print(out.getvalue())
    return 0


if __name__ == "__main__":
    sys.exit(main())
