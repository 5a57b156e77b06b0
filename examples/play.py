"""Play a seeded match between simple bots and print the score sheet.

Usage::

    python examples/play.py [--game norwegian] [--players 4] [--seed 7] [--variant shanghai ...]
                            [--rounds 2 | --full] [--log]

By default the first two rounds are played (about a second); ``--full`` plays
the whole match (all seven contracts of Norwegian Remi take far longer).
Any preset plays (``--game swedish``, ``slovenian``, ``kalooki``, ``gin`` …);
``--variant`` switches on a Norwegian house rule.

The bots lay down and lay off whenever they can, rarely take the discard,
buy now and then, and discard the card whose loss leaves the least
deadwood (by :func:`remi.best_arrangement`). Rounds are capped at 200 turns
(the ruleset's ``max_turns_per_round`` option) so that weak bots cannot
play a round forever. Every game replays exactly from its seed.
"""

from __future__ import annotations

import argparse
import random
import sys
from typing import TextIO

import attrs

import remi
from remi import Action, Build, Buy, CallShanghai, Discard, DrawStock, GameState, Knock, LayDown, LayOff, Pass
from remi.cards import printable


def _say(text: str, file: TextIO | None = None, end: str = "\n") -> None:
    """Print *text*, its cards in ASCII letters (``7s 10h``) where the output cannot encode ``♠``."""
    stream = sys.stdout if file is None else file
    print(printable(text, getattr(stream, "encoding", None)), file=stream, end=end)


def choose(state: GameState, rng: random.Random) -> Action:
    """Pick an action for the seat to act: a simple, seeded, greedy bot."""
    actions = state.legal_actions()
    if state.phase == "knock":
        # A Gin knocker lays the best arrangement of the hand knocked with, meld by meld, then passes.
        held = state.hands[state.current_player] + tuple(c for meld in state.table for c in meld.cards)
        best = sorted(remi.best_arrangement(held, state.ruleset).melds, key=remi.meld_sort_key)
        return next((LayDown((m,)) for m in best if m not in state.table), Pass())
    # Build: where melds go down card by card (all down at once, the last round), a card of one.
    plays = [a for a in actions if isinstance(a, (LayDown, Build, LayOff, CallShanghai))]
    if plays:
        # The biggest lay-down first: it sheds the most cards.
        return max(plays, key=lambda a: len(a.cards) if isinstance(a, LayDown) else 1)
    swaps = [a for a in actions if isinstance(a, remi.SwapJoker)]
    if swaps:
        return swaps[0]
    knocks = [a for a in actions if isinstance(a, Knock)]
    if knocks:
        return knocks[0]
    if state.phase == "buy":
        return Buy() if Buy() in actions and rng.random() < 0.05 else Pass()
    if state.phase == "shanghai":
        return Pass()
    if state.phase == "draw":
        if DrawStock() in actions and rng.random() < 0.85:
            return DrawStock()
        return actions[-1]
    if state.taken is not None and state.ruleset.keep_taken_discard:
        actions = [a for a in actions if not (isinstance(a, Discard) and a.card is state.taken)] or actions
    discards = [a for a in actions if isinstance(a, Discard) and not a.shanghai]
    if discards:
        hand = list(state.hands[state.current_player])

        def left_after(action: Discard) -> tuple[int, int]:
            rest = list(hand)
            rest.remove(action.card)
            value = remi.best_arrangement(rest, state.ruleset).deadwood_value
            return (value, -action.card.code)

        return min(discards, key=left_after)
    return actions[0]


def main(argv: list[str] | None = None) -> int:
    """Play one match and print the score sheet; return the exit code."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--game", default="norwegian", help="a preset name or alias")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument(
        "--variant",
        action="append",
        default=[],
        help=f"a Norwegian house rule: {', '.join(remi.NORWEGIAN_VARIANTS)}",
    )
    parser.add_argument("--rounds", type=int, default=2, help="stop after this many rounds (default 2)")
    parser.add_argument("--full", action="store_true", help="play the whole match, however many rounds")
    parser.add_argument("--log", action="store_true", help="print every action")
    args = parser.parse_args(argv)
    if args.rounds < 1:
        parser.error("--rounds must be at least 1")
    try:
        ruleset = attrs.evolve(
            remi.with_variants(remi.find_ruleset(args.game), *args.variant), max_turns_per_round=200
        )
        state = remi.new_game(ruleset, players=args.players, seed=args.seed)
    except remi.RemiError as exc:
        _say(f"error: {exc}", file=sys.stderr)
        return 2
    rng = random.Random(args.seed)
    actions = 0
    _say(f"{ruleset.name}, {args.players} players, seed {args.seed}")
    shown = 0
    while not state.is_over and (args.full or len(state.results) < args.rounds):
        action = choose(state, rng)
        if args.log:
            _say(f"  round {state.round} seat {state.current_player}: {action}")
        state = state.apply(action)
        actions += 1
        while shown < len(state.results):
            result = state.results[shown]
            shown += 1
            label = f"round {result.round}"
            if ruleset.contracts:
                label += f" ({remi.contract_for(result.round, ruleset)})"
            out = "nobody" if result.went_out is None else f"seat {result.went_out}"
            points = "  ".join(f"{p:4d}" for p in result.points)
            _say(f"{label + ':':<21} {out:>7} went out | {points}")
    totals = "  ".join(f"{t:4d}" for t in state.scores)
    _say(f"{'totals':<38}| {totals}")
    if not state.is_over:
        best = min(state.scores) if ruleset.lowest_wins else max(state.scores)
        leaders = ", ".join(f"seat {seat}" for seat, total in enumerate(state.scores) if total == best)
        _say(
            f"leading after {len(state.results)} rounds: {leaders} after {actions} actions (--full plays on)"
        )
        return 0
    winners = ", ".join(f"seat {w}" for w in state.winners)
    _say(f"winner: {winners} after {actions} actions")
    return 0


if __name__ == "__main__":
    sys.exit(main())
