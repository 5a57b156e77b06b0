"""Time the solver on seeded random hands: ``python bench/bench_solver.py [--tiny]``.

For each preset, deals hands with ``random.Random(seed)`` from the preset's pack
and prints microseconds per call (median, p99, max) of best_arrangement,
contract_layouts (Norwegian rounds 1-7) and find_opening. "cold" clears the
solver's caches before every call (the first time a hand is seen); "warm"
repeats the call on a hand already seen. Times are the thread's CPU time
(``time.thread_time``), so a busy machine does not inflate them.

Then the engine's questions: knock_cards on random 11-card Gin hands,
can_complete_contract as the engine asks it (once per candidate meld of a
hand, that meld laid) on Norwegian hands of 12, 25 and 41 cards with six
jokers, and every solver call on absurd hands (13 spades and 9 jokers, 26
spades), each of which should take under 1 s. ``--tiny`` runs a few hands of
each, in seconds.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections import Counter
from collections.abc import Callable, Sequence

import remi
from remi import JOKER, Card
from remi.solver.completion import can_complete_contract
from remi.solver.knocks import knock_cards

HANDS = 300


def clear() -> None:
    remi.clear_caches()


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


def _spread(values: list[float]) -> str:
    values = sorted(values)
    p99 = values[min(len(values) - 1, int(len(values) * 0.99))]
    return f"median {statistics.median(values):8.1f} µs  p99 {p99:8.1f}  max {values[-1]:8.1f}"


def engine_questions(hands: int) -> None:
    """knock_cards and can_complete_contract, cold, as the engine asks them."""
    rng = random.Random(99)
    deck = [Card.from_code(code) for code in range(52)]
    gin = [tuple(rng.sample(deck, 11)) for _ in range(hands * 10)]
    print(f"== knock_cards, random 11-card Gin hands   {timed(lambda h: knock_cards(h, remi.GIN), gin)}")
    pack = [c for c in remi.make_pack(2, 0)]
    for size in (12, 25, 41):
        first: list[float] = []
        each: list[float] = []
        for round in range(1, 7):
            for _ in range(max(1, hands // 30)):
                hand = tuple(rng.sample(pack, size - 6)) + (JOKER,) * 6
                clear()
                start = time.thread_time()
                can_complete_contract(hand, (), round, remi.NORWEGIAN, keep=1)
                first.append((time.thread_time() - start) * 1e6)
                for meld in remi.candidate_melds(hand, remi.NORWEGIAN, exact=True)[:200]:
                    rest = Counter(hand)
                    rest.subtract(meld.cards)
                    left = tuple(rest.elements())
                    start = time.thread_time()
                    can_complete_contract(left, (meld,), round, remi.NORWEGIAN, keep=1)
                    each.append((time.thread_time() - start) * 1e6)
        print(f"== can_complete_contract, Norwegian {size} cards (6 jokers), rounds 1-6")
        print(f"  first call of a hand (builds its pool)   {_spread(first)}")
        print(f"  once per candidate meld, that meld laid  {_spread(each)}")


def absurd_hands() -> None:
    """Every solver call on hands no game deals: each should take under 1 s."""
    spades = [Card.of(rank, 0) for rank in range(1, 14)]
    for label, hand in (("13 spades + 9 jokers", spades + [JOKER] * 9), ("26 spades", spades * 2)):
        for ruleset in (remi.NORWEGIAN, remi.SLOVENIAN, remi.KALOOKI, remi.GIN):
            calls: dict[str, Callable[[], object]] = {
                "candidate_melds": lambda: remi.candidate_melds(hand, ruleset),
                "best_arrangement": lambda: remi.best_arrangement(hand, ruleset),
                "deadwood": lambda: remi.deadwood(hand, ruleset),
                "knock_cards": lambda: knock_cards(hand, ruleset),
            }
            if ruleset.contracts:
                for round in range(1, len(ruleset.contracts) + 1):
                    calls[f"contract_layouts r{round}"] = lambda r=round: remi.contract_layouts(
                        hand, r, ruleset
                    )
                    calls[f"can_complete_contract r{round}"] = lambda r=round: can_complete_contract(
                        hand, (), r, ruleset, keep=1
                    )
            if ruleset.opening_points is not None:
                calls["find_opening"] = lambda: remi.find_opening(hand, ruleset)
                calls["best_opening_points"] = lambda: remi.best_opening_points(hand, ruleset)
                calls["opening_layouts(limit=100)"] = lambda: remi.opening_layouts(hand, ruleset, limit=100)
            slow = []
            worst = 0.0
            for name, call in calls.items():
                clear()
                start = time.thread_time()
                call()
                spent = time.thread_time() - start
                worst = max(worst, spent)
                if spent >= 1.0:
                    slow.append(f"{name} {spent:.2f} s")
            verdict = "every call under 1 s" if not slow else "OVER 1 s: " + ", ".join(slow)
            print(f"  {label:22s} {ruleset.name[:22]:22s} slowest {worst:6.3f} s; {verdict}")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Time the solver on seeded random hands.")
    parser.add_argument("--tiny", action="store_true", help="a few hands of each: seconds (CI)")
    args = parser.parse_args(argv)
    global HANDS
    if args.tiny:
        HANDS = 10
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
    worst_hands = (
        "♠3 ♠4 ♠5 ♠6 ♠7 ♠8 ♠9 ♠10 JK JK JK JK",
        "♠3 ♥3 ♦3 ♣3 ♠3 ♥3 ♦3 ♣3 JK JK JK JK",
        "♠3 ♠4 ♠5 ♠6 ♥3 ♥4 ♥5 ♥6 JK JK JK JK",
    )
    for text in worst_hands[2:] if args.tiny else worst_hands:
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
    engine_questions(HANDS)
    if not args.tiny:
        print("== absurd hands: every solver call, cold")
        absurd_hands()


if __name__ == "__main__":
    main()
