"""Gin side by side: remi against OpenSpiel and RLCard, in one run, in CPU time.

Usage::

    python bench/bench_gin_vs.py                 # the full run (a few minutes)
    python bench/bench_gin_vs.py --tiny          # a few seconds (CI runs this)
    python bench/bench_gin_vs.py --slow-states PATH

Four parts, every figure CPU time (``time.process_time``) with the cyclic
garbage collector off during the timed sections (it runs between them):

1. **Deals per CPU-second.** The same workload on every engine: 2 players, one
   deal played with uniformly random legal actions from a new state (chance
   nodes: a uniformly random outcome). The engines are interleaved block by
   block, so a busy machine slows them alike. remi is measured as the engine is
   and, while the engine still runs its own knock loop, with the play phase
   patched to ask :func:`remi.solver.knock_cards` (the projected gain; the
   patched legal actions are checked equal to the engine's on every state of a
   verification pass). OpenSpiel (``pip install open_spiel``, game
   ``gin_rummy``) is timed from ``new_initial_state()`` and from a clone of one
   root state; RLCard (``pip install rlcard``, env ``gin-rummy``) through its
   environment. An engine that is not installed is reported as absent.
2. **Per call**: remi's ``legal_actions()`` and ``apply()`` median and p99 per
   phase.
3. **Least deadwood** on the same hands, mean CPU time per hand with every hand
   fresh and asked once (so no answer kept helps; the median of three
   interleaved rounds): remi's :func:`remi.deadwood` (11 cards: the deadwood
   after the best discard) against OpenSpiel's C++
   ``GinRummyUtils.min_deadwood`` (and RLCard's best meld clusters, 10 cards):
   random 10- and 11-card hands, and dense ones (10 or 11 of the 16 cards of
   four consecutive ranks).
4. **Slow states**: ``legal_actions()`` on each state of ``slow-states.json``
   (default ``bench/data/slow-states.json``, shipped in the sdist), with the
   solver's caches cleared first.
"""

from __future__ import annotations

import argparse
import gc
import inspect
import json
import random
import statistics
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import attrs

import remi
from remi import Card, GameState
from remi.solver.arrangement import held_after_discard
from remi.solver.knocks import knock_cards

REPO = Path(__file__).resolve().parent.parent
#: The states shipped with the benches (copied from the slow-states.json of an earlier release).
DEFAULT_SLOW_STATES = REPO / "bench" / "data" / "slow-states.json"
DECK = tuple(Card.from_code(code) for code in range(52))
#: OpenSpiel numbers its suits s, c, d, h; remi ♠ ♥ ♦ ♣.
OPENSPIEL_SUIT = (0, 3, 2, 1)

clock = time.process_time


@contextmanager
def no_gc() -> Iterator[None]:
    """Collect now, then keep the cyclic collector off for the timed section."""
    gc.collect()
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


def summary(values: Sequence[float]) -> str:
    """Median and p99 of timings in seconds, in µs."""
    if not values:
        return "no calls"
    ordered = sorted(values)
    p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]
    return f"median {statistics.median(ordered) * 1e6:8.1f} µs  p99 {p99 * 1e6:8.1f} µs  (n={len(ordered)})"


# -- the engines -----------------------------------------------------------------------------------


def remi_deal(seed: int) -> int:
    """Play one Gin deal of uniformly random legal actions from a new state; return the actions."""
    rng = random.Random(seed)
    state = remi.new_game(remi.GIN, players=2, seed=seed)
    first = state.round
    actions = 0
    while not state.is_over and state.round == first:
        state = state.apply(rng.choice(state.legal_actions()))
        actions += 1
    return actions


def _engine_uses_knock_cards() -> bool:
    from remi import game as _game

    return "knock_cards" in inspect.getsource(_game)


def _patched_generate_gin() -> Callable[..., list[Any]] | None:
    """The Gin play phase asking knock_cards once, or None when the engine cannot be patched."""
    from remi import game as _game

    needed = ("_generate_gin", "_distinct", "_discard_allowed", "Discard", "Knock")
    if not all(hasattr(_game, name) for name in needed):
        return None

    def generate(s: GameState, hand: Sequence[Card]) -> list[Any]:
        knocks = knock_cards(hand, s.ruleset)
        out: list[Any] = []
        for card in _game._distinct(hand):
            if not _game._discard_allowed(s, hand, card):
                continue
            out.append(_game.Discard(card))
            if card in knocks:
                out.append(_game.Knock(card))
        return out

    return generate


@contextmanager
def patched(generate: Callable[..., list[Any]] | None) -> Iterator[None]:
    from remi import game as _game

    if generate is None:
        yield
        return
    original = _game._generate_gin
    _game._generate_gin = generate  # type: ignore[attr-defined]
    try:
        yield
    finally:
        _game._generate_gin = original  # type: ignore[attr-defined]


def verify_patch(generate: Callable[..., list[Any]], deals: int) -> int:
    """Play *deals* deals; on every state the patched legal actions equal the engine's. Return states."""
    states = 0
    for seed in range(10_000, 10_000 + deals):
        rng = random.Random(seed)
        state = remi.new_game(remi.GIN, players=2, seed=seed)
        first = state.round
        while not state.is_over and state.round == first:
            legal = state.legal_actions()
            with patched(generate):
                fast = GameState.from_dict(state.to_dict()).legal_actions()
            if fast != legal:
                raise SystemExit(
                    f"knock_cards patch differs from the engine at seed {seed}: {fast} != {legal}"
                )
            states += 1
            state = state.apply(rng.choice(legal))
    return states


def openspiel_engine() -> tuple[Callable[[int], int], Callable[[int], int]] | None:
    try:
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game("gin_rummy")
    root = game.new_initial_state()

    def play(state: Any, rng: random.Random) -> int:
        actions = 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
                actions += 1
        return actions

    def new_state(seed: int) -> int:
        return play(game.new_initial_state(), random.Random(seed))

    def clone(seed: int) -> int:
        return play(root.clone(), random.Random(seed))

    return new_state, clone


def rlcard_engine() -> Callable[[int], int] | None:
    try:
        import rlcard
    except ImportError:
        return None
    env = rlcard.make("gin-rummy", config={"seed": 0})

    def deal(seed: int) -> int:
        rng = random.Random(seed)
        state, _ = env.reset()
        actions = 0
        while not env.is_over():
            state, _ = env.step(rng.choice(list(state["legal_actions"])))
            actions += 1
        return actions

    return deal


# -- part 1: deals per CPU-second ------------------------------------------------------------------


def deals_per_second(
    engines: dict[str, Callable[[int], int]], blocks: int, per_block: int
) -> dict[str, float]:
    spent = dict.fromkeys(engines, 0.0)
    played = dict.fromkeys(engines, 0)
    for block in range(blocks):
        for name, deal in engines.items():
            with no_gc():
                start = clock()
                for k in range(per_block):
                    deal(block * per_block + k)
                spent[name] += clock() - start
            played[name] += per_block
    return {name: played[name] / spent[name] for name in engines}


# -- part 2: remi per call -------------------------------------------------------------------------


def remi_per_call(deals: int) -> tuple[dict[str, list[float]], dict[str, list[float]]]:
    legal: dict[str, list[float]] = {}
    apply: dict[str, list[float]] = {}
    with no_gc():
        for seed in range(20_000, 20_000 + deals):
            rng = random.Random(seed)
            state = remi.new_game(remi.GIN, players=2, seed=seed)
            first = state.round
            while not state.is_over and state.round == first:
                phase = state.phase
                start = clock()
                actions = state.legal_actions()
                legal.setdefault(phase, []).append(clock() - start)
                action = rng.choice(actions)
                start = clock()
                state = state.apply(action)
                apply.setdefault(phase, []).append(clock() - start)
    return legal, apply


# -- part 3: least deadwood ------------------------------------------------------------------------


def deadwood_hands(rng: random.Random, count: int) -> dict[str, list[list[Card]]]:
    """*count* fresh hands of each kind: random 10 and 11 cards, dense 10 and 11 (of four ranks in a row)."""

    def dense(size: int) -> list[Card]:
        low = rng.randint(1, 10)
        cards = [Card.of(rank, suit) for suit in range(4) for rank in range(low, low + 4)]
        return rng.sample(cards, size)

    return {
        "random 10 cards": [rng.sample(DECK, 10) for _ in range(count)],
        "random 11 cards": [rng.sample(DECK, 11) for _ in range(count)],
        "dense 10 cards": [dense(10) for _ in range(count)],
        "dense 11 cards": [dense(11) for _ in range(count)],
    }


def mean_per_item(call: Callable[..., object], items: Sequence[Any], rules: object = None) -> float:
    """CPU seconds per call of *call* on each of *items*, once each, in one timed loop.

    With *rules*, each call is ``call(item, rules)``, as a bot calls remi's
    functions (no wrapper between the loop and the engine, as for OpenSpiel's).
    """
    with no_gc():
        if rules is None:
            start = clock()
            for item in items:
                call(item)
        else:
            start = clock()
            for item in items:
                call(item, rules)
        return (clock() - start) / len(items)


def _least_deadwood_engines() -> dict[str, Callable[[list[Card]], object]]:
    """The engines of part 3, each a call on a hand of remi cards' equivalent (converted before timing)."""
    engines: dict[str, Callable[[Any], object]] = {}
    try:
        import pyspiel

        engines["OpenSpiel"] = pyspiel.gin_rummy.GinRummyUtils(13, 4, 10).min_deadwood
    except ImportError:
        pass
    try:
        from rlcard.games.gin_rummy.utils import melding
        from rlcard.games.gin_rummy.utils import utils as rl_utils

        def rl_deadwood(hand: list[Any]) -> int:
            clusters = melding.get_best_meld_clusters(hand)
            if not clusters:
                return sum(rl_utils.get_deadwood_value(c) for c in hand)
            return min(
                sum(rl_utils.get_deadwood_value(c) for c in rl_utils.get_deadwood(hand, cluster))
                for cluster in clusters
            )

        engines["RLCard"] = rl_deadwood
    except ImportError:
        pass
    return engines


def _engine_hands(engine: str, group: list[list[Card]]) -> list[Any]:
    if engine == "OpenSpiel":
        return [[OPENSPIEL_SUIT[c.code // 13] * 13 + c.code % 13 for c in h] for h in group]
    if engine == "RLCard":
        from rlcard.games.gin_rummy.utils import utils as rl_utils

        return [[rl_utils.card_from_card_id(c.code) for c in h] for h in group]
    return group


def least_deadwood(count: int, seed: int, rounds: int = 3) -> list[tuple[str, dict[str, float]]]:
    """Mean CPU time per hand, each hand asked once: the median of *rounds* interleaved rounds of fresh hands.

    remi answers 10 cards with :func:`remi.deadwood` and 11 cards with the deadwood
    after the best discard (``held_after_discard``), what OpenSpiel's
    ``min_deadwood`` answers; RLCard (10 cards only) its best meld clusters. Every
    hand is new to every engine, so no answer kept helps; the ruleset's tables
    (``solver.run-tables``) are warm, as in any process after its first hand.
    """
    rng = random.Random(seed)
    others = _least_deadwood_engines()
    spent: dict[str, dict[str, list[float]]] = {}
    for _ in range(rounds):
        for name, group in deadwood_hands(rng, count).items():
            row = spent.setdefault(name, {})
            ten = len(group[0]) == 10
            mine = remi.deadwood if ten else held_after_discard
            row.setdefault("remi", []).append(mean_per_item(mine, group, remi.GIN))
            for engine, call in others.items():
                if engine == "RLCard" and not ten:  # RLCard asks for 10 cards
                    continue
                hands = _engine_hands(engine, group)
                if engine == "OpenSpiel" and ten:
                    for h, i in zip(group[:200], hands[:200], strict=True):
                        if remi.deadwood(h, remi.GIN) != call(i):
                            raise SystemExit(f"remi and OpenSpiel disagree on {remi.format_cards(h)}")
                row.setdefault(engine, []).append(mean_per_item(call, hands))
    return [(name, {e: statistics.median(v) for e, v in row.items()}) for name, row in spent.items()]


# -- part 4: slow states ---------------------------------------------------------------------------


def slow_states(path: Path, limit: int | None) -> list[tuple[str, int, float]]:
    data = json.loads(path.read_text(encoding="utf-8"))
    out = []
    for key, entry in list(data.items())[:limit]:
        # from_dict lists the legal actions while checking; an evolved copy has not listed them yet
        state = attrs.evolve(GameState.from_dict(entry["state"]))
        remi.clear_caches()
        with no_gc():
            start = clock()
            actions = state.legal_actions()
            spent = clock() - start
        out.append((key, len(actions), spent))
    return out


# -- the report ------------------------------------------------------------------------------------


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tiny", action="store_true", help="a few seconds: check that everything runs")
    parser.add_argument("--blocks", type=int, default=10, help="interleaved blocks (default 10)")
    parser.add_argument("--deals", type=int, default=20, help="deals per engine per block (default 20)")
    parser.add_argument("--hands", type=int, default=3000, help="hands per least-deadwood row (default 3000)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--slow-states", type=Path, default=DEFAULT_SLOW_STATES, help="slow-states.json")
    args = parser.parse_args(argv)
    if args.tiny:
        args.blocks, args.deals, args.hands = 1, 2, 100
    print(
        f"remi {remi.__version__}, Python {sys.version.split()[0]}; CPU time, garbage collector off while timing"
    )

    engines: dict[str, Callable[[int], int]] = {"remi (engine as is)": remi_deal}
    generate = None if _engine_uses_knock_cards() else _patched_generate_gin()
    if generate is not None:
        states = verify_patch(generate, 2 if args.tiny else 20)
        print(f"knock_cards patch: legal actions identical to the engine's on {states} states")

        def remi_patched(seed: int) -> int:
            with patched(generate):
                return remi_deal(seed)

        engines["remi + knock_cards (projected)"] = remi_patched
    elif _engine_uses_knock_cards():
        print("the engine already asks knock_cards: no projection needed")
    spiel = openspiel_engine()
    if spiel is None:
        print("OpenSpiel: not installed (pip install open_spiel)")
    else:
        engines["OpenSpiel new_initial_state()"] = spiel[0]
        engines["OpenSpiel clone of a root"] = spiel[1]
    rl = rlcard_engine()
    if rl is None:
        print("RLCard: not installed (pip install rlcard)")
    else:
        engines["RLCard env"] = rl

    print(
        f"\n== Gin, 2 players, one deal of uniformly random legal actions ({args.blocks} x {args.deals} deals each)"
    )
    rates = deals_per_second(engines, args.blocks, args.deals)
    reference = rates.get("OpenSpiel new_initial_state()")
    for name, rate in rates.items():
        ratio = f"  {rate / reference:6.3f}x OpenSpiel new state" if reference else ""
        print(f"   {name:34s} {rate:9.1f} deals/CPU-s{ratio}")
    if "RLCard env" in rates:
        for name in [n for n in rates if n.startswith("remi")]:
            print(f"   {name} / RLCard: {rates[name] / rates['RLCard env']:.2f}x")

    print("\n== remi per call (engine as is)")
    legal, apply = remi_per_call(2 if args.tiny else 100)
    for phase in sorted(legal):
        print(f"   {phase:5s} legal_actions(): {summary(legal[phase])}")
        print(f"   {phase:5s} apply():         {summary(apply[phase])}")
    if generate is not None:
        with patched(generate):
            legal, apply = remi_per_call(2 if args.tiny else 100)
        print("   with knock_cards (projected):")
        for phase in sorted(legal):
            print(f"   {phase:5s} legal_actions(): {summary(legal[phase])}")

    print(
        "\n== least deadwood, mean µs per hand, each fresh hand asked once (median of 3 interleaved rounds)"
    )
    for name, row in least_deadwood(args.hands, args.seed):
        cells = "  ".join(f"{engine} {value * 1e6:6.2f}" for engine, value in row.items())
        ratio = f"   remi/OpenSpiel {row['remi'] / row['OpenSpiel']:5.2f}x" if "OpenSpiel" in row else ""
        print(f"   {name:16s} {cells}{ratio}")

    path = args.slow_states.resolve()
    print(f"\n== slow states: legal_actions() on {path}")
    if not path.exists():
        print("   file not found: pass --slow-states PATH")
    else:
        results = slow_states(path, 4 if args.tiny else None)
        for key, n, spent in sorted(results, key=lambda r: -r[2])[:10]:
            print(f"   {key:14s} {n:6d} actions  {spent * 1e3:8.2f} ms")
        worst = max(r[2] for r in results)
        over = sum(1 for r in results if r[2] > 0.005)
        print(f"   {len(results)} states: max {worst * 1e3:.2f} ms, {over} above 5 ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
