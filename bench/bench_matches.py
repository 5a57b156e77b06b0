"""Whole Norwegian matches per CPU-second, in fresh worker processes, with pyperf.

Usage::

    python bench/bench_matches.py                 # pyperf's default: 20 worker processes
    python bench/bench_matches.py --fast -o new.json
    python -m pyperf compare_to old.json new.json  # two commits side by side
    python bench/bench_matches.py --tiny          # one value in this process (CI)

Two benchmarks, each one whole 4-player NORWEGIAN match of
``bench_game.py``'s policies (60-turn round cap): ``norwegian-greedy-random``
and ``norwegian-uniform``. Every pyperf value is the CPU time
(``time.process_time``) of a match, the collector off while it is played, so
a busy machine does not inflate it; each worker process plays different
seeded matches, so the mean is over many deals, not one. Matches per
CPU-second is 1 / mean; the script prints it after the run. Targets (issue
18): greedy-random >= 60, uniformly random >= 30.

pyperf (the ``perf`` dependency group) spawns the workers, calibrates the
loops, drops warm-ups and writes JSON that ``pyperf compare_to`` reads:
use it, not a hand-made loop, to time whole processes or compare commits.
"""

from __future__ import annotations

import gc
import itertools
import random
import sys
import time

import attrs
from bench_game import TURN_CAP, choose, uniform

import remi

_RULES = attrs.evolve(remi.NORWEGIAN, max_turns_per_round=TURN_CAP)
_SEEDS = itertools.count(random.SystemRandom().randrange(1 << 30))
_POLICIES = {"norwegian-greedy-random": choose, "norwegian-uniform": uniform}


def play(loops: int, name: str) -> float:
    """CPU seconds for *loops* whole matches of policy *name*, each from a fresh seed."""
    pick = _POLICIES[name]
    spent = 0.0
    enabled = gc.isenabled()
    for _ in range(loops):
        seed = next(_SEEDS)
        rng = random.Random(seed)
        gc.collect()
        gc.disable()
        start = time.process_time()
        state = remi.new_game(_RULES, players=4, seed=seed)
        while not state.is_over:
            state = state.apply(pick(rng, state, state.legal_actions()))
        spent += time.process_time() - start
        if enabled:
            gc.enable()
    return spent


def _tiny() -> int:
    for name in _POLICIES:
        seconds = play(1, name)
        print(f"{name}: one match in {seconds:.3f} CPU-s ({1 / seconds:.1f} matches per CPU-second)")
    return 0


def main() -> int:
    if "--tiny" in sys.argv[1:]:
        return _tiny()
    import pyperf

    runner = pyperf.Runner()
    runner.metadata["description"] = "one whole 4-player NORWEGIAN match, CPU time (time.process_time)"
    results = {name: runner.bench_time_func(name, play, name) for name in _POLICIES}
    if not runner.args.worker:
        for name, bench in results.items():
            if bench is not None:
                print(f"{name}: {1 / bench.mean():.1f} matches per CPU-second")
    return 0


if __name__ == "__main__":
    sys.exit(main())
