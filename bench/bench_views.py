"""Time a view's legal actions against the state's: ``python bench/bench_views.py [--tiny]``.

For each of the six presets, plays seeded uniformly random whole games
(``--games`` per preset, rounds capped at 60 turns, every player count from
the preset's least to three) and keeps every state met. Each timed pass goes
over those states in blocks of 50: one side is
``state.view(state.current_player).legal_actions()`` (the view created in the
timing), the other ``state.legal_actions()``, each on its own fresh copy of
the state (``attrs.evolve``: neither has listed its actions yet), the two
sides taking turns to go first from block to block, so a loaded machine slows
both alike. CPU time (``time.process_time``), the cyclic garbage collector off
while timing. One untimed pass first warms the shared caches (the solver's
tables, cached lay-off answers), so both sides read them alike; then three
timed passes, and the ratio reported is the median of the three passes'
ratios (view time over state time; 1.0 is as fast as the state).
"""

from __future__ import annotations

import argparse
import gc
import random
import statistics
import sys
import time
from collections.abc import Callable

import attrs

import remi
from remi import GameState

PRESETS = ("NORWEGIAN", "SWEDISH", "FINNISH", "SLOVENIAN", "KALOOKI", "GIN")
TURN_CAP = 60
BLOCK = 50


def game_states(ruleset: remi.Ruleset, games: int, seed: int) -> list[GameState]:
    """Every state of *games* seeded uniformly random games (the seat to act is someone), cycling player counts."""
    rules = attrs.evolve(ruleset, max_turns_per_round=TURN_CAP)
    counts = list(range(rules.min_players, max(rules.min_players, min(3, rules.max_players)) + 1))
    out: list[GameState] = []
    for index in range(games):
        rng = random.Random(seed * 7919 + index)
        state = remi.new_game(rules, players=counts[index % len(counts)], seed=seed + index)
        while not state.is_over:
            out.append(state)
            state = state.apply(rng.choice(state.legal_actions()))
    return out


def by_view(states: list[GameState]) -> Callable[[], None]:
    copies = [attrs.evolve(s) for s in states]

    def call() -> None:
        for state in copies:
            state.view(state.current_player).legal_actions()

    return call


def by_state(states: list[GameState]) -> Callable[[], None]:
    copies = [attrs.evolve(s) for s in states]

    def call() -> None:
        for state in copies:
            state.legal_actions()

    return call


def one_pass(states: list[GameState]) -> tuple[float, float]:
    """CPU seconds of the view side and of the state side over *states*, block by block, interleaved."""
    clock = time.process_time
    spent = [0.0, 0.0]
    for number, at in enumerate(range(0, len(states), BLOCK)):
        block = states[at : at + BLOCK]
        sides = [(0, by_view(block)), (1, by_state(block))]
        if number % 2:
            sides.reverse()
        for side, call in sides:
            start = clock()
            call()
            spent[side] += clock() - start
    return spent[0], spent[1]


def measure(states: list[GameState], rounds: int) -> tuple[float, float, float]:
    """Median view µs per state, median state µs per state, median ratio, over *rounds* timed passes."""
    one_pass(states)  # warm the shared caches, untimed
    enabled = gc.isenabled()
    gc.collect()
    gc.disable()
    try:
        passes = [one_pass(states) for _ in range(rounds)]
    finally:
        if enabled:
            gc.enable()
    n = len(states)
    view = statistics.median(v for v, _ in passes) / n * 1e6
    state = statistics.median(s for _, s in passes) / n * 1e6
    ratio = statistics.median(v / s for v, s in passes)
    return view, state, ratio


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Time view.legal_actions() against state.legal_actions().")
    parser.add_argument("--games", type=int, default=2, help="games per preset (default 2)")
    parser.add_argument("--seed", type=int, default=1, help="first game seed (default 1)")
    parser.add_argument(
        "--rounds", type=int, default=3, help="timed passes; the median is reported (default 3)"
    )
    parser.add_argument("--presets", default=",".join(PRESETS), help="comma-separated preset names")
    parser.add_argument("--tiny", action="store_true", help="one game per preset: seconds (CI)")
    args = parser.parse_args(argv)
    games = 1 if args.tiny else args.games
    print(
        f"remi {remi.__version__}, Python {sys.version.split()[0]}; {games} uniformly random games per preset, "
        f"median of {args.rounds} interleaved passes, fresh objects, CPU time"
    )
    print(f"{'preset':<10} {'states':>7} {'view µs':>9} {'state µs':>9} {'ratio':>7}")
    for name in args.presets.split(","):
        states = game_states(getattr(remi, name.strip().upper()), games, args.seed)
        view, state, ratio = measure(states, args.rounds)
        print(f"{name:<10} {len(states):>7} {view:>9.1f} {state:>9.1f} {ratio:>6.2f}×")
    return 0


if __name__ == "__main__":
    sys.exit(main())
