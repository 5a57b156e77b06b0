"""Time the solver on seeded random hands: ``python bench/bench_solver.py``.

For each preset, deals hands with ``random.Random(seed)`` from the preset's pack
and prints microseconds per call (median, p99, max) of best_arrangement,
contract_layouts (Norwegian rounds 1-7) and find_opening. "cold" clears the
solver's caches before every call (the first time a hand is seen); "warm"
repeats the call on a hand already seen. Times are the thread's CPU time
(``time.thread_time``), so a busy machine does not inflate them.
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable, Sequence

import remi
from remi import JOKER, Card, _solver

HANDS = 300


def clear() -> None:
    for cached in (
        _solver._pool,
        _solver._layouts,
        _solver._arrangement,
        _solver._meld,
        _solver._best_opening,
    ):
        cached.cache_clear()


def deal(rng: random.Random, pack: Sequence[Card], size: int, jokers: int | None) -> tuple[Card, ...]:
    if jokers is None:
        return tuple(rng.sample(list(pack), size))
    naturals = [c for c in pack if not c.is_joker]
    return tuple(rng.sample(naturals, size - jokers)) + (JOKER,) * jokers


def timed(call: Callable[[tuple[Card, ...]], object], hands: list[tuple[Card, ...]]) -> str:
    cold: list[float] = []
    warm: list[float] = []
    for hand in hands:
        clear()
        start = time.thread_time()
        call(hand)
        cold.append((time.thread_time() - start) * 1e6)
        start = time.thread_time()
        call(hand)
        warm.append((time.thread_time() - start) * 1e6)
    cold.sort()
    p99 = cold[min(len(cold) - 1, int(len(cold) * 0.99))]
    return (
        f"cold median {statistics.median(cold):8.0f} µs  p99 {p99:8.0f}  max {cold[-1]:8.0f}"
        f"   warm median {statistics.median(warm):5.1f} µs"
    )


def main() -> None:
    cases = [
        ("norwegian", remi.NORWEGIAN, 11, None),
        ("norwegian", remi.NORWEGIAN, 12, None),
        ("norwegian", remi.NORWEGIAN, 11, 4),
        ("norwegian", remi.NORWEGIAN, 12, 4),
        ("slovenian", remi.SLOVENIAN, 14, 3),
        ("slovenian", remi.SLOVENIAN, 15, 3),
        ("kalooki", remi.KALOOKI, 13, None),
        ("swedish", remi.SWEDISH, 7, None),
        ("swedish", remi.SWEDISH, 10, None),
        ("gin", remi.GIN, 10, None),
    ]
    for seed, (name, ruleset, size, jokers) in enumerate(cases):
        rng = random.Random(seed)
        decks, pack_jokers = ruleset.pack_for(4 if name == "norwegian" else 3)
        pack = remi.make_pack(decks, max(pack_jokers, jokers or 0))
        hands = [deal(rng, pack, size, jokers) for _ in range(HANDS)]
        label = f"{name} {size} cards" + (f" ({jokers} jokers)" if jokers else "")
        print(f"== {label}")
        print(f"  best_arrangement      {timed(lambda h: remi.best_arrangement(h, ruleset), hands)}")
        if ruleset.contracts:
            for round in range(1, len(ruleset.contracts) + 1):
                print(
                    f"  contract_layouts r{round}   "
                    f"{timed(lambda h: remi.contract_layouts(h, round, ruleset), hands)}"
                )
        if ruleset.opening_points is not None:
            print(f"  find_opening          {timed(lambda h: remi.find_opening(h, ruleset), hands)}")
    print("== worst cases (one hand each, cold)")
    for text in (
        "♠3 ♠4 ♠5 ♠6 ♠7 ♠8 ♠9 ♠10 JK JK JK JK",
        "♠3 ♥3 ♦3 ♣3 ♠3 ♥3 ♦3 ♣3 JK JK JK JK",
        "♠3 ♠4 ♠5 ♠6 ♥3 ♥4 ♥5 ♥6 JK JK JK JK",
    ):
        hand = remi.parse_cards(text)
        times = []
        for round in range(1, 8):
            clear()
            start = time.thread_time()
            remi.contract_layouts(hand, round, remi.NORWEGIAN)
            times.append((time.thread_time() - start) * 1e6)
        clear()
        start = time.thread_time()
        remi.best_arrangement(hand, remi.NORWEGIAN)
        best = (time.thread_time() - start) * 1e6
        shown = " ".join(f"{t:.0f}" for t in times)
        print(f"  {text}: contract_layouts r1-7 µs {shown}; best_arrangement {best:.0f} µs")


if __name__ == "__main__":
    main()
