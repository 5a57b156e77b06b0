"""State fuzzing: a state that ``GameState.from_dict`` accepts must play on.

``from_dict`` is the door for saved games, referees and bots that build
positions by hand. Its promise (issue 6, "Impossible states"): every dict
either raises :class:`remi.StateError` (or another :class:`remi.RemiError`) or
gives a state that plays on. Here the ``to_dict()`` outputs of real states
(several games, every phase met in seeded playouts) are mutated: the phase,
the seat on turn and the seat to act, the buying/Shanghai queue, the pending
jokers, the taken card, the Shanghai discarder, the turns the seats went down,
the buy counts, cards moved between hands, stock and discard pile, cards
deleted, the whole pack dealt into the hands, a hand emptied, table meld fields
out of range. For each mutated dict:

- ``from_dict`` raises a ``RemiError``, and nothing else; or
- the state offers a legal action unless the match is over, every offered
  action applies cleanly, ``check_invariants()`` holds on every result, and a
  bounded random walk from it keeps all of that true.

Besides the hypothesis property, each state that issue 6 found accepted but
broken has a plain example below (``test_issue6_state``), so a regression names
its case.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import remi
from remi import GameState, RemiError

#: Steps of the random walk from a loaded state, and offered actions applied per state.
WALK_STEPS = 12
APPLY_EACH = 25


# -- real states to mutate ---------------------------------------------------------------------------


def _playout(rules: remi.Ruleset, players: int, seed: int, limit: int = 400) -> list[GameState]:
    rng = random.Random(seed)
    state = remi.new_game(rules, players=players, seed=seed)
    states = [state]
    while not state.is_over and len(states) < limit:
        legal = state.legal_actions()
        # Lay, lay off and swap when possible, so tables fill and rounds end.
        good = [
            a for a in legal if isinstance(a, (remi.LayDown, remi.LayOff, remi.SwapJoker, remi.CallShanghai))
        ]
        state = state.apply(rng.choice(good) if good and rng.random() < 0.7 else rng.choice(legal))
        states.append(state)
    return states


SOURCES: list[tuple[str, remi.Ruleset, int]] = [
    ("norwegian", remi.NORWEGIAN, 4),
    ("norwegian+shanghai+cut", remi.with_variants(remi.NORWEGIAN, "shanghai", "liverpool cut"), 4),
    ("swedish", remi.SWEDISH, 3),
    ("block", attrs.evolve(remi.SWEDISH, discard_reuse="none"), 3),
    ("slovenian", remi.SLOVENIAN, 3),
    ("kalooki", remi.KALOOKI, 3),
    ("gin", remi.GIN, 2),
]


def _base_states() -> dict[str, list[GameState]]:
    """Per source, a few states of each phase met, with tables when possible."""
    out: dict[str, list[GameState]] = {}
    for index, (name, rules, players) in enumerate(SOURCES):
        rng = random.Random(index)
        states = _playout(attrs.evolve(rules, max_turns_per_round=30), players, 100 + index)
        by_phase: dict[str, list[GameState]] = {}
        for state in states:
            by_phase.setdefault(state.phase, []).append(state)
        picked: list[GameState] = []
        for _phase, group in sorted(by_phase.items()):
            tabled = [s for s in group if s.table] or group
            picked += rng.sample(tabled, min(2, len(tabled)))
        out[name] = picked
    return out


BASES = _base_states()
BASE_LIST = [state for states in BASES.values() for state in states]


def base(
    name: str, phase: str, *, table: bool = False, where: Callable[[GameState], bool] | None = None
) -> GameState:
    """A real state of *name* in *phase* (with melds on the table, or meeting *where*)."""
    index = [s[0] for s in SOURCES].index(name)
    _, rules, players = SOURCES[index]
    for state in _playout(attrs.evolve(rules, max_turns_per_round=60), players, 7 + index, limit=3000):
        if state.phase == phase and (state.table or not table) and (where is None or where(state)):
            return state
    raise AssertionError(f"no {phase} state in {name}")  # pragma: no cover - the playouts have them


# -- the property ------------------------------------------------------------------------------------


def plays_on(data: Any, seed: int = 0, steps: int = WALK_STEPS) -> None:
    """``from_dict(data)`` raises a RemiError, or the state plays on cleanly for *steps* actions."""
    try:
        state = GameState.from_dict(data)
    except RemiError:
        return
    rng = random.Random(seed)
    str(state), repr(state)  # a loaded state can always be shown
    for step in range(steps + 1):
        state.check_invariants()
        legal = state.legal_actions()
        if state.is_over:
            assert legal == [], "a finished match offers actions"
            return
        assert legal, f"step {step}: phase {state.phase}, seat {state.current_player}: no legal action"
        for action in rng.sample(legal, min(len(legal), APPLY_EACH)):
            try:
                assert state.is_legal(action) and state.why_illegal(action) is None, "offered but refused"
                after = state.apply(action)
            except Exception as exc:
                raise AssertionError(
                    f"step {step}: offered {action} (phase {state.phase}) raised {type(exc).__name__}: {exc}"
                ) from exc
            after.check_invariants()
        state = state.apply(rng.choice(legal))


# -- mutations ---------------------------------------------------------------------------------------


def _cards(text: str) -> list[str]:
    return text.split()


def _join(cards: list[str]) -> str:
    return " ".join(cards)


def _zones(d: dict[str, Any]) -> list[tuple[str, int | None]]:
    return [("hands", i) for i in range(len(d["hands"]))] + [("stock", None), ("discard", None)]


def _get(d: dict[str, Any], zone: tuple[str, int | None]) -> list[str]:
    key, index = zone
    return _cards(d[key][index] if index is not None else d[key])


def _put(d: dict[str, Any], zone: tuple[str, int | None], cards: list[str]) -> None:
    key, index = zone
    if index is None:
        d[key] = _join(cards)
    else:
        d[key][index] = _join(cards)


def move_cards(d: dict[str, Any], draw: Callable[[Any], Any]) -> None:
    """Move some cards from one zone (a hand, the stock, the pile) to another."""
    zones = _zones(d)
    src = draw(st.sampled_from(zones))
    dst = draw(st.sampled_from(zones))
    cards = _get(d, src)
    if not cards:
        return
    count = draw(st.integers(1, len(cards)))
    moved, kept = cards[:count], cards[count:]
    _put(d, src, kept)
    if src != dst:
        _put(d, dst, _get(d, dst) + moved)
    else:
        _put(d, src, kept + moved)


def delete_cards(d: dict[str, Any], draw: Callable[[Any], Any]) -> None:
    """Delete cards from a zone (a hand may end up empty)."""
    zone = draw(st.sampled_from(_zones(d)))
    cards = _get(d, zone)
    keep = draw(st.integers(0, len(cards)))
    _put(d, zone, cards[:keep])


def whole_pack_in_hands(d: dict[str, Any], draw: Callable[[Any], Any]) -> None:
    """Deal the stock and the pile into the hands."""
    rest = _cards(d["stock"]) + _cards(d["discard"])
    d["stock"], d["discard"] = "", ""
    seats = len(d["hands"])
    for index, card in enumerate(rest):
        seat = index % seats
        d["hands"][seat] = _join(_cards(d["hands"][seat]) + [card])


def empty_a_hand(d: dict[str, Any], draw: Callable[[Any], Any]) -> None:
    """Move one seat's hand (often the seat to act) into the stock."""
    seat = draw(st.sampled_from([d["to_act"], *range(len(d["hands"]))]))
    if not 0 <= seat < len(d["hands"]):
        return
    d["stock"] = _join(_cards(d["stock"]) + _cards(d["hands"][seat]))
    d["hands"][seat] = ""


def pending_joker(d: dict[str, Any], draw: Callable[[Any], Any]) -> None:
    """Put a joker (taken from wherever one is) into ``pending``."""
    for zone in _zones(d):
        cards = _get(d, zone)
        if "JK" in cards:
            cards.remove("JK")
            _put(d, zone, cards)
            d["pending"] = _join(_cards(d["pending"]) + ["JK"])
            return
    d["pending"] = draw(st.sampled_from(["JK", "♠2", "♥K"]))


def set_field(d: dict[str, Any], draw: Callable[[Any], Any]) -> None:
    """Set one scalar or list field to a plausible (small) value."""
    seats = len(d["hands"])
    seat = st.integers(-1, seats)
    key = draw(
        st.sampled_from(
            [
                "phase",
                "to_act",
                "turn_player",
                "queue",
                "taken",
                "shanghai_from",
                "down",
                "buys",
                "last_buyer",
                "turn",
                "melds_this_turn",
                "dealer",
                "reshuffles",
                "cut_bonus_seat",
            ]
        )
    )
    if key == "phase":
        d[key] = draw(st.sampled_from(remi.PHASES))
    elif key in ("to_act", "turn_player", "shanghai_from", "last_buyer", "dealer", "cut_bonus_seat"):
        d[key] = draw(seat)
    elif key == "queue":
        d[key] = draw(st.lists(st.integers(0, seats - 1), max_size=seats))
    elif key == "taken":
        hand = _cards(d["hands"][d["to_act"]]) if 0 <= d["to_act"] < seats else []
        d[key] = draw(st.sampled_from([None, "JK", "♠K", *hand[:3]]))
    elif key == "down":
        d[key] = draw(st.lists(st.integers(-1, max(1, d["turn"])), min_size=seats, max_size=seats))
    elif key == "buys":
        d[key] = draw(st.lists(st.integers(0, 4), min_size=seats, max_size=seats))
    else:
        d[key] = draw(st.integers(0, 5))


def table_field(d: dict[str, Any], draw: Callable[[Any], Any]) -> None:
    """Set a table meld's rank, suit, owner or a wild flag (out of range too)."""
    if not d["table"]:
        return
    meld = draw(st.sampled_from(d["table"]))
    key = draw(st.sampled_from(["rank", "suit", "owner", "wild"]))
    if key == "rank":
        meld[key] = draw(st.sampled_from([-1, 0, 1, 2, 12, 13, 14, 15, 19, 40, 99]))
    elif key == "suit":
        meld[key] = draw(st.sampled_from([-2, -1, 0, 3, 4, 7]))
    elif key == "owner":
        meld[key] = draw(st.integers(-1, len(d["hands"])))
    elif meld["wild"]:
        index = draw(st.integers(0, len(meld["wild"]) - 1))
        meld["wild"][index] = not meld["wild"][index]


MUTATIONS = [
    move_cards,
    delete_cards,
    whole_pack_in_hands,
    empty_a_hand,
    pending_joker,
    set_field,
    set_field,
    table_field,
]


@given(
    index=st.integers(0, len(BASE_LIST) - 1),
    mutations=st.lists(st.sampled_from(MUTATIONS), min_size=1, max_size=3),
    seed=st.integers(0, 2**16),
    data=st.data(),
)
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_mutated_states_raise_or_play_on(
    index: int, mutations: list[Any], seed: int, data: st.DataObject
) -> None:
    d = BASE_LIST[index].to_dict()
    for mutate in mutations:
        mutate(d, data.draw)
    plays_on(d, seed)


def test_unmutated_bases_play_on() -> None:
    # The bases themselves load back and play on (the property's baseline).
    for state in BASE_LIST:
        assert GameState.from_dict(state.to_dict()) == state
        plays_on(state.to_dict(), 0, steps=4)


# -- the states issue 6 found accepted ----------------------------------------------------------------


def _shanghai_caller_without_cards() -> dict[str, Any]:
    state = base("norwegian+shanghai+cut", "shanghai")
    d = state.to_dict()
    caller = d["to_act"]
    d["stock"] = _join(_cards(d["stock"]) + _cards(d["hands"][caller]))
    d["hands"][caller] = ""
    return d


def _buy_window_without_buying() -> dict[str, Any]:
    # Swedish has no buying; open a Norwegian-style buying window after the draw.
    d = base("swedish", "play", where=lambda s: s.taken is None).to_dict()
    seats = len(d["hands"])
    d["phase"] = "buy"
    d["queue"] = [(d["turn_player"] + k) % seats for k in range(1, seats)]
    d["to_act"] = d["queue"][0]
    return d


def _cut_without_liverpool_cut() -> dict[str, Any]:
    # Norwegian without the cut variant, at a round's start, gathered back into the stock.
    d = base("norwegian", "draw", where=lambda s: s.turn == 1 and not s.table).to_dict()
    pack = [c for h in d["hands"] for c in _cards(h)] + _cards(d["stock"]) + _cards(d["discard"])
    d["hands"] = ["" for _ in d["hands"]]
    d["stock"], d["discard"] = _join(pack), ""
    d["phase"] = "cut"
    seat = (d["dealer"] - 1) % len(d["hands"])
    d["turn_player"] = d["to_act"] = seat
    return d


def _whole_pack_in_hands() -> dict[str, Any]:
    d = base("norwegian", "draw").to_dict()
    whole_pack_in_hands(d, lambda strategy: None)
    return d


def _empty_hand_on_turn(name: str, phase: str) -> dict[str, Any]:
    d = base(name, phase).to_dict()
    seat = d["to_act"]
    d["stock"] = _join(_cards(d["stock"]) + _cards(d["hands"][seat]))
    d["hands"][seat] = ""
    return d


def _pending_joker_not_down() -> dict[str, Any]:
    # A joker in the hand of the seat on turn marked pending (as after a swap), the seat not down.
    state = base(
        "norwegian",
        "play",
        where=lambda s: s.down[s.current_player] < 0 and remi.JOKER in s.hands[s.current_player],
    )
    d = state.to_dict()
    d["pending"] = "JK"
    return d


def _table_meld(kind: str, field: str, value: int) -> dict[str, Any]:
    def fits(s: GameState) -> bool:
        return any(m.kind == kind and (kind == "run" or remi.JOKER in m.cards) for m in s.table)

    d = base("norwegian", "play", table=True, where=fits).to_dict()
    meld = next(m for m in d["table"] if m["kind"] == kind and (kind == "run" or "JK" in m["cards"].split()))
    meld[field] = value
    return d


ISSUE6: list[Any] = [
    pytest.param(_shanghai_caller_without_cards, id="shanghai-caller-without-cards"),
    pytest.param(_buy_window_without_buying, id="phase-buy-without-buying"),
    pytest.param(_cut_without_liverpool_cut, id="phase-cut-without-liverpool-cut"),
    pytest.param(_whole_pack_in_hands, id="whole-pack-in-hands"),
    pytest.param(lambda: _empty_hand_on_turn("norwegian", "draw"), id="empty-hand-on-turn-draw"),
    pytest.param(lambda: _empty_hand_on_turn("swedish", "play"), id="empty-hand-on-turn-play"),
    pytest.param(_pending_joker_not_down, id="pending-joker-seat-not-down"),
    pytest.param(lambda: _table_meld("set", "rank", 14), id="set-with-joker-rank-14"),
    pytest.param(lambda: _table_meld("set", "rank", 19), id="set-with-joker-rank-19"),
    pytest.param(lambda: _table_meld("set", "rank", 99), id="set-with-joker-rank-99"),
    pytest.param(lambda: _table_meld("run", "rank", 40), id="run-rank-40"),
    pytest.param(lambda: _table_meld("run", "suit", 4), id="run-suit-4"),
]


@pytest.mark.parametrize("make", ISSUE6)
def test_issue6_state(make: Callable[[], dict[str, Any]]) -> None:
    data = make()
    for seed in range(3):
        plays_on(copy.deepcopy(data), seed)


def test_no_cut_bonus_without_the_liverpool_cut() -> None:
    # The cut-phase state of a game without the Liverpool cut is refused, or its cut earns nothing:
    # ``cut_bonus`` belongs to the Liverpool cut variant only.
    data = _cut_without_liverpool_cut()
    for seed in range(10):
        data["seed"] = seed
        try:
            state = GameState.from_dict(copy.deepcopy(data))
        except RemiError:
            return
        after = state.apply(remi.Cut())
        assert after.cut_bonus_seat == -1, f"seed {seed}: seat {after.cut_bonus_seat} earned the cut bonus"
