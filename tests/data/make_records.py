"""Write the committed game records that are missing: ``python tests/data/make_records.py [--force]``.

Each record is a random match (fixed seeds) with short rounds; the tests keep
them replaying to the same result under every later version.
"""

from __future__ import annotations

import random
from pathlib import Path

import attrs

import remi
from remi.records import Recorder

HERE = Path(__file__).parent

MATCHES = {
    "slovenian-3p.remi": (
        attrs.evolve(remi.SLOVENIAN, max_turns_per_round=24, rounds=2, target_score=None),
        3,
        5,
    ),
    "gin-2p.remi": (attrs.evolve(remi.GIN, max_turns_per_round=20, target_score=None, rounds=3), 2, 8),
    "norwegian-4p.remi": (attrs.evolve(remi.NORWEGIAN, max_turns_per_round=16, shanghai=True), 4, 3),
}


def make(ruleset: remi.Ruleset, players: int, seed: int) -> str:
    rng = random.Random(seed)
    rec = Recorder(remi.new_game(ruleset, players=players, seed=seed))
    while not rec.state.is_over:
        actions = rec.state.legal_actions()
        # knock at once, lay most of the time: a little less aimless than random
        if rec.state.phase == "knock":  # the knocker lays the best arrangement, then passes
            table = rec.state.table
            held = rec.state.hands[rec.state.to_act] + tuple(c for meld in table for c in meld.cards)
            best = sorted(remi.best_arrangement(held, ruleset).melds, key=remi.meld_sort_key)
            rec.apply(next((remi.LayDown((m,)) for m in best if m not in table), remi.Pass()))
            continue
        knocks = [a for a in actions if isinstance(a, remi.Knock)]
        if knocks:
            rec.apply(knocks[0])
            continue
        discards = [a for a in actions if isinstance(a, remi.Discard)]
        if ruleset.family == "gin" and discards:
            hand = list(rec.state.hands[rec.state.to_act])

            def left(action: remi.Discard, hand: tuple[remi.Card, ...] = hand) -> int:
                rest = list(hand)
                rest.remove(action.card)
                return remi.deadwood(rest, ruleset)

            rec.apply(min(discards, key=left))
            continue
        lays = [a for a in actions if isinstance(a, (remi.LayDown, remi.LayOff))]
        rec.apply(rng.choice(lays) if lays and rng.random() < 0.8 else rng.choice(actions))
    return rec.record(Event="remi test record", Date="2026-11-30").text()


if __name__ == "__main__":
    import sys

    # Existing records are kept (they prove that old records keep replaying); --force rewrites them.
    for name, (ruleset, players, seed) in MATCHES.items():
        if "--force" in sys.argv or not (HERE / name).exists():
            (HERE / name).write_text(make(ruleset, players, seed), encoding="utf-8")
