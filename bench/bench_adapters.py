"""Steps per second through the OpenSpiel and PettingZoo adapters against the raw remi API.

Usage: python bench/bench_adapters.py [--tiny] [--games N] [--presets gin,norwegian]

For each preset, N games are first played with the raw API by a seeded
random policy (one deal, the turn cap ``--max-turns``) and their action
sequences recorded. The same games are then replayed, timed in CPU time:

raw
    ``state.legal_actions()`` then ``state.apply(action)``.
openspiel
    ``state.legal_actions()`` (ids, sorted) then ``state.apply_action(id)``
    on ``python_remi`` (the four seed draws first, untimed).
pettingzoo
    ``env.last()`` (the observation vector and the action mask of the agent
    to act) then ``env.step(id)``.

A step is one remi action: the adapters play a lay-down as several ids (its
cards, then its placement, :mod:`remi.catalogue`), each with its mask, and
the time of all of them counts for that one step. The overhead is the
adapter's time per step divided by the raw API's; the target is below 2×.
Each path first replays the first game once, untimed (a warm-up). ``--tiny`` plays 3 games
of Gin (2 players) and of Norwegian Remi (4 players): what the docs quote.
"""

from __future__ import annotations

import argparse
import importlib
import random
import sys
import time
from typing import Any

import attrs

import remi
from remi.catalogue import catalogue


def _record(preset: str, players: int, seed: int, max_turns: int) -> list[remi.Action]:
    rules = attrs.evolve(remi.find_ruleset(preset), max_turns_per_round=max_turns)
    state = remi.new_game(rules, players=players, seed=seed)
    rng = random.Random(seed)
    actions: list[remi.Action] = []
    while not state.is_over and not state.results:
        action = rng.choice(state.legal_actions())
        actions.append(action)
        state = state.apply(action)
    return actions


def _raw(preset: str, players: int, seed: int, max_turns: int, actions: list[remi.Action]) -> float:
    rules = attrs.evolve(remi.find_ruleset(preset), max_turns_per_round=max_turns)
    state = remi.new_game(rules, players=players, seed=seed)
    started = time.process_time()
    for action in actions:
        state.legal_actions()
        state = state.apply(action)
    return time.process_time() - started


def _openspiel(preset: str, players: int, seed: int, max_turns: int, ids: list[int]) -> float:
    from remi.adapters import openspiel

    game = openspiel.load_game(preset, players, max_turns=max_turns)
    state = game.new_initial_state()
    for byte in seed.to_bytes(4, "big"):
        state.apply_action(byte)
    started = time.process_time()
    for ident in ids:
        state.legal_actions()
        state.apply_action(ident)
    elapsed = time.process_time() - started
    assert state.is_terminal()
    return elapsed


def _pettingzoo(preset: str, players: int, seed: int, max_turns: int, ids: list[int]) -> float:
    from remi.adapters.pettingzoo import raw_env

    env: Any = raw_env(preset, players, max_turns=max_turns)
    env.reset(seed=0)
    # The same deal as the other two: the seed the raw game was dealt with.
    env.state = remi.new_game(env.setup.ruleset, players=players, seed=seed)
    env.agent_selection = env.possible_agents[env.state.to_act]
    started = time.process_time()
    for ident in ids:
        env.last()
        env.step(ident)
    elapsed = time.process_time() - started
    assert all(env.terminations.values()) or all(env.truncations.values())  # a capped deal is truncated
    return elapsed


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tiny", action="store_true", help="3 games each of Gin and Norwegian Remi")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--presets", default="gin:2,norwegian:4,slovenian:3")
    parser.add_argument("--max-turns", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    games = 3 if args.tiny else args.games
    presets = "gin:2,norwegian:4" if args.tiny else args.presets
    have = {}
    for module, name in (("pyspiel", "openspiel"), ("pettingzoo", "pettingzoo")):
        try:
            importlib.import_module(module)
            have[name] = True
        except ImportError:
            have[name] = False
            print(f"{name}: not installed, skipped", file=sys.stderr)
    print(f"{'preset':<12} {'path':<11} {'steps':>7} {'ids':>7} {'steps/s':>9} {'overhead':>9}")
    for item in presets.split(","):
        preset, _, count = item.partition(":")
        players = int(count) if count else remi.find_ruleset(preset).min_players
        cat = catalogue(attrs.evolve(remi.find_ruleset(preset), max_turns_per_round=args.max_turns))
        recorded = []
        for game in range(games):
            seed = (args.seed + game) % 2**32
            actions = _record(preset, players, seed, args.max_turns)
            ids = [i for a in actions for i in cat.encode_steps(a)]
            recorded.append((seed, actions, ids))
        steps = sum(len(actions) for _, actions, _ in recorded)
        # One untimed replay through each path first: lazily built tables are not the adapters' cost.
        first_seed, first_actions, first_ids = recorded[0]
        _raw(preset, players, first_seed, args.max_turns, first_actions)
        for name, run in (("openspiel", _openspiel), ("pettingzoo", _pettingzoo)):
            if have[name]:
                run(preset, players, first_seed, args.max_turns, first_ids)
        raw = sum(_raw(preset, players, seed, args.max_turns, actions) for seed, actions, _ in recorded)
        ids_count = sum(len(ids) for _, _, ids in recorded)
        print(f"{preset:<12} {'raw':<11} {steps:>7} {steps:>7} {steps / raw:>9.0f} {'1.00x':>9}")
        for name, run in (("openspiel", _openspiel), ("pettingzoo", _pettingzoo)):
            if not have[name]:
                continue
            took = sum(run(preset, players, seed, args.max_turns, ids) for seed, _, ids in recorded)
            print(
                f"{preset:<12} {name:<11} {steps:>7} {ids_count:>7} {steps / took:>9.0f} {took / raw:>8.2f}x"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
