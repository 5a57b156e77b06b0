"""Play many seeded matches between simple bots, over processes or a Ray cluster, and sum them up.

Usage::

    python examples/selfplay.py --preset gin --matches 200 --workers 2
    python examples/selfplay.py --preset norwegian --players 4 --bots greedy,random --matches 20
    python examples/selfplay.py --preset gin --matches 200 --ray          # a local Ray (pip install ray)
    python examples/selfplay.py --preset gin --matches 200 --address auto # an existing Ray cluster

Match *i* is seeded with ``--seed`` + *i*: it deals and plays the same wherever it runs, in this
process, in a worker process or on a Ray node, so the summary and its results digest are the same
for any ``--workers`` and with or without Ray. ``--bots`` names the bot of each seat in turn
(cycled): ``random`` picks any legal action; ``greedy`` lays down the most cards it can, lays off,
knocks, and otherwise discards its highest-valued card (it never buys). Rounds end after ``--max-turns`` turns (the
ruleset's ``max_turns_per_round`` option), so that random play always finishes.

Only the public API is used: :func:`remi.new_game`, ``state.legal_actions()``, ``state.apply``,
``state.is_over``, ``state.scores``, ``state.winners`` and :func:`remi.hand_value`.
"""

from __future__ import annotations

import argparse
import hashlib
import importlib
import json
import os
import random
import sys
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from types import ModuleType
from typing import NamedTuple, TextIO

import attrs

import remi
from remi import Action, Build, GameState, Knock, LayDown, LayOff
from remi.cards import printable

BOTS = ("random", "greedy")


def _say(text: str, file: TextIO | None = None, end: str = "\n") -> None:
    """Print *text*, its cards in ASCII letters (``7s 10h``) where the output cannot encode ``♠``."""
    stream = sys.stdout if file is None else file
    print(printable(text, getattr(stream, "encoding", None)), file=stream, end=end)


class Job(NamedTuple):
    """One match to play: everything a worker needs, and nothing else."""

    preset: str
    players: int
    seed: int
    bots: tuple[str, ...]
    max_turns: int


class MatchResult(NamedTuple):
    """What one match ended with."""

    seed: int
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    rounds: int
    actions: int


def random_bot(state: GameState, rng: random.Random) -> Action:
    """Any legal action, uniformly."""
    return rng.choice(state.legal_actions())


def knock_step(state: GameState) -> Action:
    """The Gin knocker's next step: the next meld of the best arrangement of the hand knocked with, or pass."""
    laid = list(state.table)  # in the knock phase, the knocker's melds so far
    held = state.hands[state.turn_player] + tuple(card for meld in laid for card in meld.cards)
    for meld in sorted(remi.best_arrangement(held, state.ruleset).melds, key=remi.meld_sort_key):
        if meld not in laid:
            return LayDown((meld,))
        laid.remove(meld)
    return remi.Pass()


def greedy_bot(state: GameState, rng: random.Random) -> Action:
    """Lay down the most cards, lay off, knock; else discard the highest-valued card, pass, or draw."""
    actions = state.legal_actions()
    if state.phase == "knock":  # a Gin knocker: the least deadwood, its melds in order, then pass
        return knock_step(state)
    laydowns = [a for a in actions if isinstance(a, LayDown)]
    if laydowns:
        return max(laydowns, key=lambda a: len(a.cards))
    builds = [a for a in actions if isinstance(a, Build)]  # a meld laid card by card: its next card
    if builds:
        return builds[0]
    for kind in (LayOff, Knock):
        found = [a for a in actions if isinstance(a, kind)]
        if found:
            return found[0]
    discards = [a for a in actions if isinstance(a, remi.Discard) and not a.shanghai]
    if discards:
        return max(discards, key=lambda a: remi.hand_value([a.card], state.ruleset))
    if remi.Pass() in actions:
        return remi.Pass()  # never buy a discard: it costs a penalty card
    return actions[0]  # draw from the stock: listed first


POLICIES: dict[str, Callable[[GameState, random.Random], Action]] = {
    "random": random_bot,
    "greedy": greedy_bot,
}


def play_match(job: Job) -> MatchResult:
    """Play one seeded match to the end; the same job gives the same result in any process."""
    ruleset = attrs.evolve(remi.find_ruleset(job.preset), max_turns_per_round=job.max_turns)
    state = remi.new_game(ruleset, players=job.players, seed=job.seed)
    rng = random.Random(job.seed)
    policies = [POLICIES[job.bots[seat % len(job.bots)]] for seat in range(job.players)]
    actions = 0
    while not state.is_over:
        state = state.apply(policies[state.current_player](state, rng))
        actions += 1
    return MatchResult(job.seed, state.scores, state.winners, len(state.results), actions)


def jobs_for(
    preset: str, players: int, matches: int, seed: int, bots: Sequence[str], max_turns: int
) -> list[Job]:
    """The jobs of one run: match *i* has seed *seed* + *i*."""
    return [Job(preset, players, seed + i, tuple(bots), max_turns) for i in range(matches)]


class Progress:
    """A progress line on stderr: redrawn in place on a terminal, a line every 10% otherwise."""

    def __init__(self, total: int, enabled: bool = True) -> None:
        self.total, self.done, self.enabled = total, 0, enabled and total > 0
        self.started = time.perf_counter()
        self.tty = sys.stderr.isatty()
        self.last_step = -1

    def advance(self, count: int = 1) -> None:
        self.done += count
        if not self.enabled:
            return
        rate = self.done / max(time.perf_counter() - self.started, 1e-9)
        line = f"{self.done}/{self.total} matches, {rate:.1f}/s"
        if self.tty:
            sys.stderr.write(f"\r{line}" + ("\n" if self.done == self.total else ""))
        elif (step := self.done * 10 // self.total) != self.last_step:
            self.last_step = step
            sys.stderr.write(line + "\n")
        sys.stderr.flush()


def run_here(jobs: Sequence[Job], progress: Progress) -> Iterator[MatchResult]:
    """Play the jobs one after the other in this process."""
    for job in jobs:
        yield play_match(job)
        progress.advance()


def run_processes(jobs: Sequence[Job], workers: int, progress: Progress) -> Iterator[MatchResult]:
    """Play the jobs on *workers* processes (concurrent.futures), yielding results as they finish."""
    with ProcessPoolExecutor(max_workers=workers) as pool:
        futures = [pool.submit(play_match, job) for job in jobs]
        try:
            for future in as_completed(futures):
                yield future.result()
                progress.advance()
        except BaseException:
            # A failed match or Ctrl-C: drop the matches not started rather than wait for them.
            pool.shutdown(wait=False, cancel_futures=True)
            raise


def start_ray(workers: int, address: str | None) -> ModuleType:
    """Start a local Ray with *workers* CPUs, or connect to the cluster at *address*; return the module."""
    try:
        # Imported by name so that neither this module nor mypy needs Ray installed.
        ray = importlib.import_module("ray")
    except ImportError:
        raise SystemExit("selfplay.py: --ray and --address need Ray: pip install ray") from None
    if address is None:
        ray.init(num_cpus=workers, include_dashboard=False, log_to_driver=False)
    else:
        # Every node needs remi installed: for example ray.init(runtime_env={"pip": ["remi-rules"]}).
        ray.init(address=address, log_to_driver=False)
    if __name__ != "__main__":
        # Imported as a module (as the tests do) rather than run: Ray's workers may not import it by
        # that name, so ship its functions by value, as Ray does for a script's own functions.
        importlib.import_module("ray.cloudpickle").register_pickle_by_value(sys.modules[__name__])
    return ray


def run_ray(ray: ModuleType, jobs: Sequence[Job], progress: Progress) -> Iterator[MatchResult]:
    """Play the jobs as Ray tasks, yielding results as they finish."""
    task = ray.remote(play_match)
    pending = [task.remote(job) for job in jobs]
    while pending:
        ready, pending = ray.wait(pending, num_returns=min(len(pending), 8), timeout=1.0)
        for result in ray.get(ready):
            yield MatchResult(*result)
            progress.advance()


def digest(results: Iterable[MatchResult]) -> str:
    """A short hash of the results in seed order: equal wherever and however the matches ran."""
    rows = sorted(results)
    text = json.dumps([list(r) for r in rows], separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def summary(jobs: Sequence[Job], results: Sequence[MatchResult], seconds: float, where: str) -> str:
    """The summary table: speed, then each seat's bot, mean score and win rate."""
    first = jobs[0]
    n = len(results)
    players = first.players
    lines = [
        f"{remi.find_ruleset(first.preset).name}, {players} players, {n} matches "
        f"(seeds {first.seed}..{first.seed + n - 1}), max {first.max_turns} turns a round",
        f"{where}: {seconds:.2f} s, {n / max(seconds, 1e-9):.1f} matches/s",
        f"rounds per match {sum(r.rounds for r in results) / n:.1f}, "
        f"actions per match {sum(r.actions for r in results) / n:.1f}",
        "",
        f"{'seat':>4}  {'bot':<7} {'mean score':>10}  {'win rate':>8}",
    ]
    for seat in range(players):
        mean = sum(r.scores[seat] for r in results) / n
        wins = sum(seat in r.winners for r in results) / n
        lines.append(f"{seat:>4}  {first.bots[seat % len(first.bots)]:<7} {mean:>10.1f}  {wins:>8.1%}")
    lines.append("(a shared win counts for every winner)")
    lines.append(f"results digest: {digest(results)}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    """Play the matches and print the summary; return the exit code."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--preset", default="gin", help="a preset name or alias (default: gin)")
    parser.add_argument("--players", type=int, default=None, help="default: the preset's fewest players")
    parser.add_argument("--matches", type=int, default=20)
    parser.add_argument("--seed", type=int, default=0, help="match i is seeded with SEED + i")
    parser.add_argument("--bots", default="greedy,random", help="each seat's bot, cycled: random, greedy")
    parser.add_argument("--max-turns", type=int, default=60, help="turns a round may last (default 60)")
    parser.add_argument(
        "--workers", type=int, default=os.cpu_count() or 1, help="processes (or Ray CPUs); 1 plays here"
    )
    parser.add_argument("--ray", action="store_true", help="run the matches as Ray tasks on a local Ray")
    parser.add_argument("--address", help="run on the Ray cluster at ADDRESS ('auto': the local one)")
    parser.add_argument("--quiet", action="store_true", help="no progress line")
    args = parser.parse_args(argv)

    bots = [b.strip() for b in args.bots.split(",") if b.strip()]
    if not bots or any(b not in BOTS for b in bots):
        parser.error(f"--bots takes a comma-separated list of {', '.join(BOTS)}, not {args.bots!r}")
    if args.matches < 1 or args.workers < 1 or args.max_turns < 1:
        parser.error("--matches, --workers and --max-turns must be at least 1")
    try:
        ruleset = remi.find_ruleset(args.preset)
        players = ruleset.min_players if args.players is None else args.players
        remi.new_game(
            attrs.evolve(ruleset, max_turns_per_round=args.max_turns), players=players, seed=args.seed
        )
    except remi.RemiError as exc:
        _say(f"selfplay.py: {exc}", file=sys.stderr)
        return 2
    jobs = jobs_for(args.preset, players, args.matches, args.seed, bots, args.max_turns)
    progress = Progress(len(jobs), enabled=not args.quiet)

    if args.ray or args.address:
        started = time.perf_counter()
        ray = start_ray(args.workers, args.address)
        where = f"Ray at {args.address}" if args.address else f"local Ray, {args.workers} CPUs"
        _say(f"Ray started in {time.perf_counter() - started:.1f} s", file=sys.stderr)
        try:
            started = time.perf_counter()
            results = list(run_ray(ray, jobs, progress))
            seconds = time.perf_counter() - started
        finally:
            ray.shutdown()
        _say(summary(jobs, sorted(results), seconds, where))
        return 0
    started = time.perf_counter()
    if args.workers == 1:
        where = "1 process"
        results = list(run_here(jobs, progress))
    else:
        where = f"{args.workers} worker processes"
        results = list(run_processes(jobs, args.workers, progress))
    seconds = time.perf_counter() - started
    _say(summary(jobs, sorted(results), seconds, where))
    return 0


if __name__ == "__main__":
    sys.exit(main())
