"""The worst cases: slow states, random playouts of every preset, adversarial hands, absurd solver calls.

Usage::

    python bench/bench_worst.py                  # the full run (a few minutes)
    python bench/bench_worst.py --tiny           # a few seconds (CI runs this)
    python bench/bench_worst.py --part playouts --matches 5

Every figure is CPU time (``time.process_time``) with the cyclic garbage
collector off during each timed call. Five parts:

1. **slow-states**: ``legal_actions()`` on each state of ``slow-states.json``
   (default ``bench/data/slow-states.json``, shipped in the sdist), the
   solver's caches cleared first; the slowest call and its action count.
2. **playouts**: seeded uniformly random playouts of every preset at 2–5
   players (as many as the preset allows) with ``max_turns_per_round=60``;
   the slowest ``legal_actions()`` call per preset and player count, and the
   worst time per offered action in states that offer more than 1,000.
3. **adversarial**: the hands of issue 7 (the Slovenian starter ``♠A…♠J`` and
   four jokers, an 8-card run with three jokers, Kalooki with a 12-card spade
   run and two jokers, Norwegian seats holding 41 cards in round 5, all down
   at once with 13 spades and 6 jokers): ``legal_actions()`` time and count.
4. **solver**: every public solver function on absurd hands (13 spades and 9
   jokers, 26 cards of one suit).
5. **bounded**: every public solver call on every hand a preset allows (issue 15, item 10).

The adversarial part also holds seats of 50 to 60 cards with every joker of the
pack (Slovenian and Kalooki with the unlimited-buying house rule, ``buying:``):
their time is judged (50 ms), not their count of actions (every meld of such a
hand may be laid: some 27,000).

Targets (issue 7): no ``legal_actions()`` above 5 ms in parts 1 and 2, at most
5 µs per offered action above 1,000 actions; adversarial hands under 50 ms and
fewer than 5,000 actions; every solver call under 1 s (a whole listing of more than
``MAX_LAYOUTS`` layouts is refused with ``too-many-layouts``: the time to refuse it counts). The exit status is 0
either way; the last line says whether the targets were met.
"""

from __future__ import annotations

import argparse
import gc
import json
import random
import sys
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any, Final

import attrs

import remi
from remi import Card, GameState
from remi.game.state import blank_state

REPO = Path(__file__).resolve().parent.parent


def _default_slow_states() -> Path:
    """The states shipped with the benches: ``bench/data/slow-states.json``."""
    return REPO / "bench" / "data" / "slow-states.json"


def clear_caches() -> None:
    """Forget every cached answer, so a timing starts cold."""
    remi.clear_caches()


def fresh(state: GameState) -> GameState:
    """An equal state that has not listed its legal actions yet (``from_dict`` lists them while checking)."""
    return attrs.evolve(state)


def timed(call: Callable[[], Any]) -> tuple[float, Any]:
    """CPU seconds of one call, with the cyclic garbage collector off."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        t0 = time.process_time()
        result = call()
        return time.process_time() - t0, result
    finally:
        if enabled:
            gc.enable()


class Verdict:
    """The targets met or missed so far."""

    def __init__(self) -> None:
        self.missed: list[str] = []

    def check(self, ok: bool, what: str) -> str:
        if not ok:
            self.missed.append(what)
        return "ok" if ok else "MISSED"


# -- 1: slow states -------------------------------------------------------------------------------


def part_slow_states(path: Path, limit: int | None, verdict: Verdict) -> None:
    print(f"== slow states: legal_actions() on {path}")
    if not path.exists():
        print("   file not found: pass --slow-states PATH")
        return
    entries = json.loads(path.read_text())
    names = list(entries)[:limit] if limit else list(entries)
    worst: dict[str, tuple[float, int, str]] = {}
    for name in names:
        state = fresh(GameState.from_dict(entries[name]["state"]))
        clear_caches()
        seconds, legal = timed(state.legal_actions)
        game = name.split("#")[0]
        if seconds > worst.get(game, (0.0, 0, ""))[0]:
            worst[game] = (seconds, len(legal), name)
    overall = max(worst.values())
    for game, (seconds, count, name) in sorted(worst.items()):
        print(f"   {game:10} slowest {seconds * 1e3:6.2f} ms ({count} actions, {name})")
    status = verdict.check(overall[0] <= 0.005, "slow states <= 5 ms")
    print(f"   max {overall[0] * 1e3:.2f} ms over {len(names)} states (target 5 ms): {status}")


# -- 2: random playouts ------------------------------------------------------------------------------


@attrs.define
class Worst:
    seconds: float = 0.0
    per_action: float = 0.0
    actions: int = 0
    calls: int = 0
    where: str = ""


def playout(rules: remi.Ruleset, players: int, seed: int, worst: Worst) -> None:
    rng = random.Random(seed)
    state = remi.new_game(rules, players=players, seed=seed)
    while not state.is_over:
        seconds, legal = timed(state.legal_actions)
        worst.calls += 1
        if seconds > worst.seconds:
            worst.seconds = seconds
            worst.actions = len(legal)
            worst.where = (
                f"seed {seed} round {state.round} turn {state.turn} {state.phase} "
                f"hand {len(state.hands[state.current_player])} cards"
            )
        if len(legal) > 1000:
            worst.per_action = max(worst.per_action, seconds / len(legal))
        state = state.apply(rng.choice(legal))


def part_playouts(matches: int, seed: int, verdict: Verdict, tiny: bool) -> None:
    print(f"== uniformly random playouts, {matches} match(es) per preset and player count, 60-turn cap")
    overall = 0.0
    per_action = 0.0
    for name, preset in remi.PRESETS.items():
        rules = attrs.evolve(preset, max_turns_per_round=60)
        counts = [p for p in range(2, 6) if preset.min_players <= p <= preset.max_players]
        if tiny:
            counts = counts[-1:]
        for players in counts:
            worst = Worst()
            t0 = time.process_time()
            for index in range(matches):
                playout(rules, players, seed + index, worst)
            total = time.process_time() - t0
            overall = max(overall, worst.seconds)
            per_action = max(per_action, worst.per_action)
            extra = f", {worst.per_action * 1e6:.1f} µs/action above 1,000" if worst.per_action else ""
            print(
                f"   {name:10} {players}p: {matches / total:6.1f} matches/s, slowest legal_actions() "
                f"{worst.seconds * 1e3:6.2f} ms ({worst.actions} actions; {worst.where}){extra}"
            )
    status = verdict.check(overall <= 0.005, "playouts <= 5 ms")
    print(f"   max {overall * 1e3:.2f} ms (target 5 ms): {status}")
    if per_action:
        status = verdict.check(per_action <= 5e-6, "<= 5 µs per action above 1,000 actions")
        print(
            f"   worst per offered action above 1,000 actions: {per_action * 1e6:.2f} µs (target 5): {status}"
        )


# -- 3: adversarial hands ------------------------------------------------------------------------------


def position(
    rules: remi.Ruleset,
    players: int,
    hand: str | list[Card],
    *,
    round: int = 1,
    seed: int = 0,
    table: tuple[remi.Meld, ...] = (),
) -> GameState:
    """Seat 0 in its play phase holding *hand*; the rest of the pack dealt out in order as stock.

    With *table*, seat 0 has laid those melds in an earlier turn (it is down).
    """
    cards = remi.parse_cards(hand) if isinstance(hand, str) else tuple(hand)
    decks, jokers = rules.pack_for(players)
    pack = list(remi.make_pack(decks, jokers))
    left = Counter(pack)
    left.subtract(cards)
    left.subtract(card for meld in table for card in meld.cards)
    if any(v < 0 for v in left.values()):
        raise ValueError(f"more cards than the pack holds: {hand}")
    rest = [card for card in dict.fromkeys(pack) for _ in range(left[card])]
    random.Random(seed).shuffle(rest)
    size = rules.hand_size(players, round)
    hands: list[tuple[Card, ...]] = [tuple(sorted(cards, key=lambda c: c.code))]
    for _ in range(1, players):
        hands.append(tuple(sorted(rest[:size], key=lambda c: c.code)))
        rest = rest[size:]
    pile = [rest.pop()]
    state = attrs.evolve(
        blank_state(GameState, rules, players, seed, players - 1),
        round=round,
        phase="play",
        hands=tuple(hands),
        stock=tuple(rest),
        discard=tuple(pile),
        turn=2 if table else 1,
        table=table,
        owners=(0,) * len(table),
        down=(1 if table else -1,) + (-1,) * (players - 1),
    )
    state.check_invariants()
    return state


#: Slovenian and Kalooki with the unlimited-buying house rule (issue 15, item 10).
SLOVENIAN_BUYING: Final = attrs.evolve(remi.SLOVENIAN, buying=True, max_buys_per_round=None)
KALOOKI_BUYING: Final = attrs.evolve(remi.KALOOKI, buying=True, max_buys_per_round=None)


def buying_seat(rules: remi.Ruleset, size: int, seed: int, *, down: bool) -> GameState:
    """A seat of four holding *size* cards, every joker of the pack among them (unlimited buying).

    With *down*, the seat opened in an earlier turn with a set of three of the cards it does not hold.
    """
    decks, jokers = rules.pack_for(4)
    naturals = [c for c in remi.make_pack(decks, jokers) if not c.is_joker]
    random.Random(seed).shuffle(naturals)
    hand = naturals[: size - jokers] + [remi.JOKER] * jokers
    table: tuple[remi.Meld, ...] = ()
    if down:
        rest = Counter(naturals[size - jokers :])
        rank = max(range(1, 14), key=lambda r: (sum(1 for c in rest if c.rank == r), r))
        three = [c for c in rest if c.rank == rank][:3]
        table = (remi.Meld("set", tuple(three), (False,) * 3, rank),)
    return position(rules, 4, hand, seed=seed, table=table)


def buying_positions(tiny: bool) -> list[tuple[str, GameState]]:
    """Seats of 50, 55 and 60 cards with every joker, down and not, of Slovenian and Kalooki with unlimited buying."""
    out = []
    for label, rules in (("Slovenian", SLOVENIAN_BUYING), ("Kalooki", KALOOKI_BUYING)):
        jokers = rules.pack_for(4)[1]
        for size in (60,) if tiny else (50, 55, 60):
            for seed in range(1 if tiny else 3):
                for down in (False, True):
                    word = "down" if down else "not down"
                    name = f"buying: {label} {size} cards, {jokers} JK, {word} (seed {seed})"
                    out.append((name, buying_seat(rules, size, seed, down=down)))
    return out


def forty_one(seed: int) -> GameState:
    """A Norwegian seat holding 41 cards in round 5 (a seat that bought every card it was offered)."""
    rules = remi.NORWEGIAN
    pack = list(remi.make_pack(*rules.pack_for(4)))
    random.Random(seed).shuffle(pack)
    return position(rules, 4, pack[:41], round=5, seed=seed)


def adversarial_positions(tiny: bool) -> list[tuple[str, GameState]]:
    spades = " ".join(f"♠{r}" for r in ("A", 2, 3, 4, 5, 6, 7, 8, 9, 10, "J", "Q", "K"))
    all_down = remi.with_variants(remi.NORWEGIAN, "all down at once")
    out = [
        (
            "Slovenian starter ♠A…♠J + 4 jokers",
            position(remi.SLOVENIAN, 4, spades[: spades.index("♠Q")] + "JK " * 4),
        ),
        (
            "Slovenian 8-card run with 3 jokers",
            position(remi.SLOVENIAN, 4, "♥4 ♥5 ♥6 ♥7 ♥8 ♥9 ♥10 ♥J JK JK JK ♣2 ♦5 ♠K"),
        ),
        (
            "Kalooki 12-card spade run + 2 jokers",
            position(remi.KALOOKI, 4, spades[: spades.index("♠K")] + "JK JK"),
        ),
    ]
    if not tiny:
        out += [
            ("absurd: round 3 all down, 13♠ + 6 jokers", position(all_down, 4, spades + " JK" * 6, round=3)),
            ("absurd: round 7, 13♠ + 6 jokers", position(remi.NORWEGIAN, 4, spades + " JK" * 6, round=7)),
        ]
    seeds = range(2) if tiny else range(8)
    out.extend((f"Norwegian round 5, 41 cards (seed {seed})", forty_one(seed)) for seed in seeds)
    return out + buying_positions(tiny)


def _build_walks(state: GameState, walks: int) -> tuple[float, int, int]:
    """The slowest cold ``legal_actions()`` along *walks* random builds to their lay, its most actions, the steps."""
    rng = random.Random(7)
    slowest, most, steps = 0.0, 0, 0
    for _ in range(walks):
        s = state
        while True:
            legal = s.legal_actions()
            moves = [a for a in legal if isinstance(a, (remi.Build, remi.LayDown))]
            if not moves:
                break
            move = rng.choice(moves)
            if isinstance(move, remi.LayDown):
                break
            s = s.apply(move)
            clear_caches()
            seconds, after = timed(fresh(s).legal_actions)
            slowest, most, steps = max(slowest, seconds), max(most, len(after)), steps + 1
    return slowest, most, steps


def part_adversarial(verdict: Verdict, tiny: bool) -> None:
    print("== adversarial hands: legal_actions() cold (caches cleared)")
    worst = 0.0
    most = 0
    absurd = 0.0
    absurd_most = 0
    for name, state in adversarial_positions(tiny):
        clear_caches()
        seconds, legal = timed(fresh(state).legal_actions)
        if name.startswith("absurd"):
            absurd = max(absurd, seconds)
            absurd_most = max(absurd_most, len(legal))
        elif name.startswith("buying"):
            # Every meld of 60 cards is a legal lay-down: the count is the rules', only the time is judged.
            worst = max(worst, seconds)
        else:
            worst = max(worst, seconds)
            most = max(most, len(legal))
        lays = sum(1 for a in legal if isinstance(a, remi.LayDown))
        builds = sum(1 for a in legal if isinstance(a, remi.Build))
        kinds = f"{builds} build steps" if builds else f"{lays} lay-downs"
        print(f"   {name:52} {seconds * 1e3:8.2f} ms  {len(legal):5} actions ({kinds})")
        if builds:
            # A meld laid card by card: every later step of a few builds, each state cold.
            step, step_most, steps = _build_walks(state, 3 if tiny else 20)
            if name.startswith("absurd"):
                absurd, absurd_most = max(absurd, step), max(absurd_most, step_most)
            else:
                worst, most = max(worst, step), max(most, step_most)
            print(
                f"   {'  its build steps (' + str(steps) + ', random builds)':52} {step * 1e3:8.2f} ms  {step_most:5} actions at most"
            )
    status = verdict.check(worst < 0.05 and most < 5000, "adversarial < 50 ms and < 5,000 actions")
    print(f"   max {worst * 1e3:.2f} ms, {most} actions (targets 50 ms, 5,000): {status}")
    if absurd:
        status = verdict.check(
            absurd < 0.05 and absurd_most < 5000, "absurd hands < 50 ms and < 5,000 actions"
        )
        print(f"   absurd hands: max {absurd * 1e3:.2f} ms, {absurd_most} actions (same targets): {status}")


# -- 4: absurd solver calls -----------------------------------------------------------------------------


def part_solver(verdict: Verdict) -> None:
    print("== solver calls on absurd hands, cold")
    spades = " ".join(f"♠{r}" for r in ("A", 2, 3, 4, 5, 6, 7, 8, 9, 10, "J", "Q", "K"))
    jokers9 = remi.parse_cards(spades + " JK" * 9)
    two_suits = remi.parse_cards(spades + " " + spades)
    all_down = remi.with_variants(remi.NORWEGIAN, "all down at once")
    calls: list[tuple[str, Callable[[], Any]]] = []
    for label, hand in (("13♠+9JK", jokers9), ("26♠", two_suits)):
        calls += [
            (f"candidate_melds {label} NORWEGIAN", lambda h=hand: remi.candidate_melds(h, remi.NORWEGIAN)),
            (f"contract_layouts {label} round 3", lambda h=hand: _whole_listing(h, 3, remi.NORWEGIAN)),
            (f"contract_layouts {label} round 3 all down", lambda h=hand: _whole_listing(h, 3, all_down)),
            (f"contract_layouts {label} round 7", lambda h=hand: _whole_listing(h, 7, remi.NORWEGIAN)),
            (
                f"contract_layouts {label} round 3 all down, limit 1000",
                lambda h=hand: remi.contract_layouts(h, 3, all_down, limit=1000),
            ),
            (
                f"contract_layouts {label} round 7, limit 1000",
                lambda h=hand: remi.contract_layouts(h, 7, remi.NORWEGIAN, limit=1000),
            ),
            (f"find_contract {label} round 7", lambda h=hand: remi.find_contract(h, 7, remi.NORWEGIAN)),
            (
                f"can_complete_contract {label} round 7",
                lambda h=hand: remi.can_complete_contract(h, (), 7, remi.NORWEGIAN, keep=1),
            ),
            (f"best_arrangement {label} NORWEGIAN", lambda h=hand: remi.best_arrangement(h, remi.NORWEGIAN)),
            (f"deadwood {label} KALOOKI", lambda h=hand: remi.deadwood(h, remi.KALOOKI)),
            (f"find_opening {label} SLOVENIAN", lambda h=hand: remi.find_opening(h, remi.SLOVENIAN)),
            (
                f"best_opening_points {label} KALOOKI",
                lambda h=hand: remi.best_opening_points(h, remi.KALOOKI),
            ),
            (
                f"best_opening_points_left {label} KALOOKI",
                lambda h=hand: remi.best_opening_points_left(h, h[:3], remi.KALOOKI, keep_one=True),
            ),
            (
                f"opening_layouts {label} SLOVENIAN limit 50",
                lambda h=hand: remi.opening_layouts(h, remi.SLOVENIAN, limit=50),
            ),
        ]
    calls.append(("knock_cards 26♠ GIN-like", lambda: remi.knock_cards(two_suits[:26], remi.KALOOKI)))
    worst = 0.0
    for name, call in calls:
        clear_caches()
        seconds, answer = timed(call)
        worst = max(worst, seconds)
        note = (
            "  (more than MAX_LAYOUTS: refused)" if name.startswith("contract_layouts") and not answer else ""
        )
        print(f"   {name:60} {seconds * 1e3:9.1f} ms{note}")
    status = verdict.check(worst < 1.0, "solver calls < 1 s")
    print(f"   max {worst:.2f} s (target 1 s): {status}")


# -- 5: bounded cost (issue 15, item 10) -------------------------------------------------------------


class _OverCap(Exception):
    """A call ran past the CPU cap of :func:`capped`."""


def capped(call: Callable[[], Any], cap: float) -> tuple[float, Any]:
    """CPU seconds of one call, stopped (and reported as ``inf``) after *cap* CPU seconds."""
    import signal

    def stop(signum: int, frame: object) -> None:
        raise _OverCap

    previous = signal.signal(signal.SIGPROF, stop)
    signal.setitimer(signal.ITIMER_PROF, cap)
    try:
        return timed(call)
    except _OverCap:
        return float("inf"), None
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)
        signal.signal(signal.SIGPROF, previous)


_SPADES: Final = "♠A ♠2 ♠3 ♠4 ♠5 ♠6 ♠7 ♠8 ♠9 ♠10 ♠J ♠Q ♠K"
_HEARTS: Final = _SPADES.replace("♠", "♥")
_DIAMONDS: Final = _SPADES.replace("♠", "♦")
#: The 41-card hand of issue 15 (Norwegian, unlimited buying).
NORWEGIAN_41: Final = (
    "♠A ♠2 ♠2 ♠3 ♠4 ♠6 ♠J ♠J ♠Q ♠K ♥3 ♥4 ♥7 ♥7 ♥9 ♥10 ♥Q ♥Q ♦3 ♦3 ♦5 ♦6 ♦9 ♦J ♦Q ♦Q ♦K ♦K "
    "♣A ♣2 ♣3 ♣4 ♣5 ♣6 ♣6 ♣J ♣Q JK JK JK JK"
)


def reach(rules: remi.Ruleset) -> int:
    """The most cards a seat can hold: 60 with unlimited buying, else the largest deal, a draw and the starter's card."""
    if rules.buying and rules.max_buys_per_round is None:
        return 60
    most = max(
        rules.hand_size(p, r)
        for p in range(rules.min_players, rules.max_players + 1)
        for r in range(1, max(len(rules.contracts), 1) + 1)
    )
    buys = 2 * (rules.max_buys_per_round or 0) * max(len(rules.contracts), 1) if rules.buying else 0
    return most + 1 + int(rules.starter_extra_card) + buys


def bounded_hands(tiny: bool) -> dict[str, list[tuple[str, str | list[Card]]]]:
    """Hands per preset: item 10's cases and adversarial ones (jokers, two suits, duplicates, up to 60 cards).

    Hands no longer than the preset's :func:`reach` (item 10's named hands
    whatever their length), drawn from the preset's largest pack.
    """
    c5 = "♣5 ♣6 ♣7 ♣8 ♣9 ♣10 ♣J ♣Q ♣K" + " JK" * 6
    ca = "♣A ♣4 ♣6 ♣7 ♣8 ♣9 ♣10 ♣J ♣Q" + " JK" * 6
    item10: list[tuple[str, str | list[Card]]] = [
        ("♣5…♣K+6JK", c5),
        ("♣A ♣4 ♣6…♣Q+6JK", ca),
        ("13♠+5JK", _SPADES + " JK" * 5),
    ]
    out: dict[str, list[tuple[str, str | list[Card]]]] = {}
    for name, preset in remi.PRESETS.items():
        decks, jokers = max(preset.pack_for(p) for p in range(preset.min_players, preset.max_players + 1))
        most = reach(preset)
        pack = list(remi.make_pack(decks, jokers))
        naturals = [c for c in pack if not c.is_joker]
        hands: list[tuple[str, str | list[Card]]] = []
        if name == "norwegian":
            hands.append(("issue 41 cards", NORWEGIAN_41))
        if jokers:
            hands += item10
        shaped = [
            (f"13♠+{jokers}JK", _SPADES + " JK" * jokers),
            ("13♠+13♥", _SPADES + " " + _HEARTS),
            (f"13♠+13♥+13♦+{jokers}JK", " ".join([_SPADES, _HEARTS, _DIAMONDS]) + " JK" * jokers),
            ("13♠×2", _SPADES + " " + _SPADES),
            (f"13♠×2+{jokers}JK", _SPADES + " " + _SPADES + " JK" * jokers),
            (f"13♠×2+13♥+{jokers}JK", " ".join([_SPADES, _SPADES, _HEARTS]) + " JK" * jokers),
            ("♠♥ ×2 (52)", " ".join([_SPADES, _SPADES, _HEARTS, _HEARTS])),
            (f"♠♥ ×2+{jokers}JK", " ".join([_SPADES, _SPADES, _HEARTS, _HEARTS]) + " JK" * jokers),
        ]
        for label, text in shaped:
            cards = remi.parse_cards(text)
            if (
                len(cards) <= most
                and (decks > 1 or len(set(cards)) == len(cards))
                and label not in dict(hands)
            ):
                hands.append((label, text))
        sizes = sorted({min(most, s) for s in ((11, 16) if tiny else (11, 16, 20, 30, 41, 50, 60))})
        for size in sizes:
            for seed in range(1 if tiny else 3):
                cards = list(pack)
                random.Random(seed).shuffle(cards)
                hands.append((f"random {size} (seed {seed})", cards[:size]))
            if jokers:
                # Every joker and random cards: the joker-heaviest hand of that size.
                random.Random(size).shuffle(naturals)
                hands.append((f"{size} with {jokers}JK", naturals[: size - jokers] + [remi.JOKER] * jokers))
            if decks > 1:
                # Pairs: as many duplicates as the size allows.
                random.Random(size).shuffle(naturals)
                singles = list(dict.fromkeys(naturals))[: size // 2]
                # An odd size takes one card more, one the pairs do not hold (a third copy is refused).
                odd = [c for c in naturals if c not in singles][: size % 2]
                hands.append((f"{size} in pairs", singles + singles + odd))
        out[name] = hands
    return out


def _whole_listing(hand: tuple[Card, ...], round: int, rules: remi.Ruleset) -> tuple[Any, ...]:
    """Every layout of *round*, or none where there are more than ``MAX_LAYOUTS`` (refused with a code)."""
    try:
        return remi.contract_layouts(hand, round, rules)
    except remi.LimitError:
        return ()


def bounded_calls(rules: remi.Ruleset, hand: tuple[Card, ...]) -> list[tuple[str, Callable[[], Any]]]:
    """Every public solver call that applies to *rules*, on *hand*."""
    calls: list[tuple[str, Callable[[], Any]]] = [
        ("deadwood", lambda: remi.deadwood(hand, rules)),
        ("best_arrangement", lambda: remi.best_arrangement(hand, rules)),
        ("candidate_melds", lambda: remi.candidate_melds(hand, rules)),
        ("knock_cards", lambda: remi.knock_cards(hand, rules)),
        ("hand_value", lambda: remi.hand_value(hand, rules)),
    ]
    if rules.contracts:
        variants = [("", rules)]
        if not rules.all_down_at_once:
            variants.append((" all down", remi.with_variants(rules, "all down at once")))
        for label, ruleset in variants:
            rounds = range(1, len(ruleset.contracts) + 1)
            calls += [
                (
                    "contract_layouts" + label,
                    lambda r=ruleset, rs=rounds: [_whole_listing(hand, k, r) for k in rs],
                ),
                (
                    "contract_layouts limit 1000" + label,
                    lambda r=ruleset, rs=rounds: [remi.contract_layouts(hand, k, r, limit=1000) for k in rs],
                ),
                (
                    "find_contract" + label,
                    lambda r=ruleset, rs=rounds: [remi.find_contract(hand, k, r) for k in rs],
                ),
                (
                    "check_contract" + label,
                    lambda r=ruleset, rs=rounds: [
                        remi.check_contract(remi.find_contract(hand, k, r) or (), k, r, hand=hand) for k in rs
                    ],
                ),
                (
                    "can_complete_contract" + label,
                    lambda r=ruleset, rs=rounds: [
                        remi.can_complete_contract(hand, (), k, r, keep=1) for k in rs
                    ],
                ),
            ]
    if rules.opening_points:
        calls += [
            ("find_opening", lambda: remi.find_opening(hand, rules)),
            ("best_opening_points", lambda: remi.best_opening_points(hand, rules)),
            (
                "best_opening_points_left",
                lambda: remi.best_opening_points_left(hand, hand[:3], rules, keep_one=True),
            ),
            ("opening_layouts limit 50", lambda: remi.opening_layouts(hand, rules, limit=50)),
            (
                "check_opening",
                lambda: remi.check_opening(remi.find_opening(hand, rules) or (), rules),
            ),
        ]
    return calls


def part_bounded(verdict: Verdict, tiny: bool, cap: float) -> dict[str, tuple[float, str]]:
    """Every public solver call on every hand of :func:`bounded_hands`, cold; the worst per call and preset."""
    print(f"== bounded cost (issue 15 item 10): every public solver call, cold, CPU cap {cap:g} s per call")
    worst: dict[str, tuple[float, str]] = {}
    for name, hands in bounded_hands(tiny).items():
        rules = remi.PRESETS[name]
        if tiny:
            # A few seconds: the 41-card hand and the smallest random one, no layout listings.
            hands = [h for h in hands if h[0] in ("issue 41 cards", "random 11 (seed 0)")]
        for label, hand in hands:
            cards = remi.parse_cards(hand) if isinstance(hand, str) else tuple(hand)
            for call_name, call in bounded_calls(rules, cards):
                if tiny and call_name.startswith("contract_layouts"):
                    continue
                clear_caches()
                try:
                    seconds, _ = capped(call, cap)
                except remi.RemiError:  # a hand the game cannot hold: refused at once
                    seconds = 0.0
                key = f"{call_name} [{name}]"
                if seconds > worst.get(key, (-1.0, ""))[0]:
                    worst[key] = (seconds, label)
                if seconds > 0.25:
                    print(f"   {key:48} {label:24} {seconds:8.3f} s")
    print("   worst per call and preset:")
    for key, (seconds, label) in sorted(worst.items()):
        shown = f">{cap:g}" if seconds == float("inf") else f"{seconds:.3f}"
        print(f"   {key:48} {shown:>8} s  ({label})")
    overall = max(s for s, _ in worst.values())
    status = verdict.check(overall < 1.0, "every public solver call < 1 s")
    print(f"   max {overall:.3f} s (target 1 s): {status}")
    return worst


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description="remi's worst cases: slow states, playouts, adversarial hands."
    )
    parser.add_argument("--tiny", action="store_true", help="a few seconds: check that everything runs (CI)")
    parser.add_argument(
        "--part",
        choices=("all", "slow-states", "playouts", "adversarial", "solver", "bounded"),
        default="all",
    )
    parser.add_argument(
        "--matches", type=int, default=3, help="matches per preset and player count (default 3)"
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--cap", type=float, default=10.0, help="CPU seconds before a bounded-part call is stopped"
    )
    parser.add_argument("--slow-states", type=Path, default=_default_slow_states(), help="slow-states.json")
    args = parser.parse_args(argv)
    verdict = Verdict()
    print(f"remi {remi.__version__}, Python {sys.version.split()[0]}, CPU time, gc off during each call")
    if args.part in ("all", "slow-states"):
        part_slow_states(args.slow_states.resolve(), 4 if args.tiny else None, verdict)
    if args.part in ("all", "playouts"):
        part_playouts(1 if args.tiny else args.matches, args.seed, verdict, args.tiny)
    if args.part in ("all", "adversarial"):
        part_adversarial(verdict, args.tiny)
    if args.part in ("all", "solver") and not args.tiny:
        part_solver(verdict)
    if args.part in ("all", "bounded"):
        part_bounded(verdict, args.tiny, args.cap)
    print("targets: " + ("met" if not verdict.missed else "MISSED: " + "; ".join(verdict.missed)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
