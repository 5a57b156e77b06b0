"""Random agents play one remi game in the PettingZoo AEC environment, using the action masks.

Usage::

    python examples/pettingzoo_random.py --preset gin
    python examples/pettingzoo_random.py --preset norwegian --players 4 --render

Needs the ``pettingzoo`` extra (``pip install 'remi-rules[pettingzoo]'``). Prints each
agent's summed rewards: the points of the deal, higher is better.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from typing import Any, TextIO

from remi.adapters.pettingzoo import env
from remi.cards import printable


def _say(text: str, file: TextIO | None = None, end: str = "\n") -> None:
    """Print *text*, its cards in ASCII letters (``7s 10h``) where the output cannot encode ``♠``."""
    stream = sys.stdout if file is None else file
    print(printable(text, getattr(stream, "encoding", None)), file=stream, end=end)


def play(preset: str, players: int | None, seed: int, render: bool) -> dict[str, float]:
    """Play one game with random legal actions; return each agent's summed rewards."""
    np: Any = importlib.import_module("numpy")
    rng = np.random.default_rng(seed)
    game = env(preset=preset, players=players, max_turns=50, render_mode="ansi" if render else None)
    game.reset(seed=seed)
    totals: dict[str, float] = dict.fromkeys(game.possible_agents, 0.0)
    steps = 0
    for agent in game.agent_iter():
        observation, reward, termination, truncation, _info = game.last()
        totals[agent] += reward
        if termination or truncation:
            action = None
        else:
            action = int(rng.choice(np.flatnonzero(observation["action_mask"])))
            steps += 1
            if render and steps % 20 == 1:
                _say(game.render(), end="\n\n")
        game.step(action)
    game.close()
    _say(f"{steps} steps; rewards: " + ", ".join(f"{a} {r:+g}" for a, r in totals.items()))
    return totals


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Random agents in the remi PettingZoo environment.")
    parser.add_argument("--preset", default="gin")
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--render", action="store_true", help="print the acting seat's view now and then")
    args = parser.parse_args(argv)
    play(args.preset, args.players, args.seed, args.render)
    return 0


if __name__ == "__main__":
    sys.exit(main())
