"""OpenSpiel's ISMCTS bot plays remi games through the ``python_remi`` game against random players.

Usage::

    python examples/openspiel_mcts.py --preset gin --games 2
    python examples/openspiel_mcts.py --preset norwegian --players 3 --simulations 20

Needs the ``openspiel`` extra (``pip install 'remi-rules[openspiel]'``). Seat 0 is the
information-set MCTS bot (random rollouts, the views' resampling of hidden cards); the
other seats pick uniformly among the legal actions. Each game is one deal capped at
``--max-turns`` turns; the returns are remi's points, higher is better.
"""

from __future__ import annotations

import argparse
import importlib
import random
import sys
from typing import Any

from remi.adapters.openspiel import load_game, remi_state, resampler


def play(
    preset: str, players: int | None, games: int, simulations: int, max_turns: int, seed: int
) -> list[list[float]]:
    """Play *games* games and return each game's returns."""
    np: Any = importlib.import_module("numpy")
    mcts: Any = importlib.import_module("open_spiel.python.algorithms.mcts")
    ismcts: Any = importlib.import_module("open_spiel.python.algorithms.ismcts")
    game = load_game(preset, players, max_turns=max_turns)
    random_state = np.random.RandomState(seed)
    bot = ismcts.ISMCTSBot(
        game=game,
        evaluator=mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=random_state),
        uct_c=2.0,
        max_simulations=simulations,
        random_state=random_state,
        allow_inconsistent_action_sets=True,
    )
    # Hidden cards are dealt afresh from the player view for each search, reproducibly.
    bot.set_resampler(resampler(seed))
    rng = random.Random(seed)
    results: list[list[float]] = []
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.randrange(256))
            elif state.current_player() == 0:
                state.apply_action(bot.step(state))
            else:
                state.apply_action(rng.choice(state.legal_actions()))
        results.append(list(state.returns()))
        inner = remi_state(state)
        out = inner.results[-1].went_out if inner is not None and inner.results else None
        ended = "nobody went out (turn cap)" if out is None else f"seat {out} went out"
        print(f"game {len(results)}: returns {results[-1]}, {ended}")
    return results


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="ISMCTS against random players on python_remi.")
    parser.add_argument("--preset", default="gin")
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--simulations", type=int, default=10)
    parser.add_argument("--max-turns", type=int, default=60)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    results = play(args.preset, args.players, args.games, args.simulations, args.max_turns, args.seed)
    mean = sum(r[0] for r in results) / len(results)
    print(f"ISMCTS seat 0: mean return {mean:.1f} over {len(results)} games")
    return 0


if __name__ == "__main__":
    sys.exit(main())
