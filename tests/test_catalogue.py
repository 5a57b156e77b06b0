"""The action catalogue: round trips over random playouts, masks, golden ids, refusals."""

from __future__ import annotations

import random

import attrs
import pytest

import remi
from remi.catalogue import (
    CatalogueError,
    catalogue,
    decode,
    encode,
    legal_ids,
    legal_mask,
    num_distinct_actions,
)

#: Ids are part of the interface: a trained policy indexes its outputs by them.
GOLDEN: dict[str, list[tuple[str, int]]] = {
    "norwegian": [
        ("draw", 0),
        ("take", 1),
        ("buy", 2),
        ("pass", 3),
        ("lay ♠7 ♥7 ♦7", 2458),
        ("lay ♠7 ♥7 JK=7", 2447),
        ("lay ♥J ♥Q ♥K ♥A", 31988),
        ("lay ♣5 JK=♣6 ♣7 ♣8", 85636),
        ("lay ♦9 ♦10 ♦J ♦Q", 58822),
        ("off ♠9 2", 113042),
        ("off JK 0 low", 116295),
        ("swap ♠3 1", 116443),
        ("discard ♠K", 118304),
        ("discard JK", 118344),
    ],
    "swedish": [
        ("draw", 0),
        ("take", 1),
        ("pass", 2),
        ("lay ♠7 ♥7 ♦7", 36),
        ("lay ♠A ♠2 ♠3", 68),
        ("lay ♦9 ♦10 ♦J ♦Q", 219),
        ("off ♠9 2", 608),
        ("off JK 0 low", 2101),
        ("discard ♠K", 2146),
        ("discard JK", 2186),
    ],
    "finnish": [
        ("draw", 0),
        ("lay ♠7 ♥7 ♦7", 36),
        ("off ♠9 2", 608),
        ("discard JK", 2186),
    ],
    "slovenian": [
        ("draw", 0),
        ("take", 1),
        ("pass", 2),
        ("lay ♠7 ♥7 ♦7", 478),
        ("lay ♠7 ♥7 JK=7", 473),
        ("lay ♠A ♠2 ♠3", 926),
        ("lay ♥J ♥Q ♥K ♥A", 27988),
        ("lay ♣5 JK=♣6 ♣7 ♣8", 81732),
        ("lay ♦9 ♦10 ♦J ♦Q", 54870),
        ("off ♠9 2", 109122),
        ("off JK 0 low", 112287),
        ("swap ♠3 1", 112431),
        ("discard ♠K", 114242),
        ("discard JK", 114282),
    ],
    "kalooki": [
        ("draw", 0),
        ("take", 1),
        ("pass", 2),
        ("lay ♠7 ♥7 ♦7", 506),
        ("lay ♠7 ♥7 JK=7", 501),
        ("lay ♠A ♠2 ♠3", 978),
        ("lay ♥J ♥Q ♥K ♥A", 3471),
        ("lay ♣5 JK=♣6 ♣7 ♣8", 8005),
        ("lay ♦9 ♦10 ♦J ♦Q", 5748),
        ("off ♠9 2", 10738),
        ("off JK 0 low", 13815),
        ("swap ♠3 1", 13955),
        ("discard ♠K", 15716),
        ("discard JK", 15756),
    ],
    "gin": [
        ("draw", 0),
        ("take", 1),
        ("pass", 2),
        ("discard ♠K", 15),
        ("discard JK", 55),
        ("knock ♠7", 62),
        ("knock ♣K", 107),
    ],
}

SIZES = {
    "norwegian": (118345, 37),
    "swedish": (2187, 17),
    "finnish": (2187, 17),
    "slovenian": (114283, 36),
    "kalooki": (15757, 35),
    "gin": (109, 17),
}

VARIANTS = {
    "norwegian+shanghai+cut": remi.with_variants(remi.NORWEGIAN, "shanghai", "liverpool cut"),
    "norwegian+spade twos": remi.with_variants(remi.NORWEGIAN, "spade twos wild"),
}


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_golden_ids(name: str) -> None:
    ruleset = remi.PRESETS[name]
    for text, ident in GOLDEN[name]:
        action = remi.parse_action(text)
        assert encode(action, ruleset) == ident, text
        assert str(decode(ident, ruleset)) == text


@pytest.mark.parametrize("name", sorted(SIZES))
def test_sizes(name: str) -> None:
    ruleset = remi.PRESETS[name]
    cat = catalogue(ruleset)
    assert (cat.size, cat.max_table) == SIZES[name]
    for players in range(ruleset.min_players, ruleset.max_players + 1):
        assert num_distinct_actions(ruleset, players) == cat.size
        # The bound on table melds: every card of the pack in melds of the smallest size.
        assert cat.max_table * min(ruleset.set_min, ruleset.run_min) <= max(
            ruleset.pack_size(p) for p in range(ruleset.min_players, ruleset.max_players + 1)
        )


def _playout(ruleset: remi.Ruleset, players: int, seed: int, steps: int) -> int:
    """Random play; check every legal action's round trip and the mask; return the actions seen."""
    cat = catalogue(ruleset)
    rules = attrs.evolve(ruleset, max_turns_per_round=40)
    assert catalogue(rules).size == cat.size
    rng = random.Random(seed)
    state = remi.new_game(rules, players=players, seed=seed)
    seen = 0
    for _ in range(steps):
        if state.is_over:
            break
        legal = state.legal_actions()
        ids = [cat.encode(a) for a in legal]
        assert [cat.decode(i) for i in ids] == legal
        assert len(set(ids)) == len(ids)
        # The turn cap makes another ruleset with the same numbering.
        mask = legal_mask(state)
        ordered = sorted(ids)
        assert [i for i, ok in enumerate(mask) if ok] == ordered
        assert legal_ids(state) == ordered
        seen += len(legal)
        # Prefer lay-downs and lay-offs now and then, so table actions are exercised.
        table = [a for a in legal if isinstance(a, (remi.LayDown, remi.LayOff, remi.SwapJoker))]
        state = state.apply(rng.choice(table if table and rng.random() < 0.7 else legal))
    return seen


@pytest.mark.parametrize("name", sorted(remi.PRESETS))
def test_round_trip_over_playouts(name: str) -> None:
    ruleset = remi.PRESETS[name]
    for players in range(ruleset.min_players, ruleset.max_players + 1):
        assert _playout(ruleset, players, seed=players, steps=250) > 0


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_round_trip_variants(name: str) -> None:
    ruleset = VARIANTS[name]
    assert _playout(ruleset, 4, seed=3, steps=400) > 0


@pytest.mark.parametrize("name", sorted(remi.PRESETS))
def test_every_id_decodes_and_encodes_back(name: str) -> None:
    cat = catalogue(remi.PRESETS[name])
    stride = 1 if cat.size < 20000 else 7
    for ident in range(0, cat.size, stride):
        assert cat.encode(cat.decode(ident)) == ident
    assert cat.encode(cat.decode(cat.size - 1)) == cat.size - 1


def test_mask_uses_the_state_ruleset_only() -> None:
    state = remi.new_game(remi.GIN, players=2, seed=1)
    with pytest.raises(CatalogueError):
        catalogue(remi.SWEDISH).legal_mask(state)


def test_refusals() -> None:
    gin = catalogue(remi.GIN)
    with pytest.raises(CatalogueError):
        gin.encode(remi.parse_action("lay ♠7 ♥7 ♦7"))  # Gin lays nothing on the table
    with pytest.raises(CatalogueError):
        gin.decode(gin.size)
    with pytest.raises(CatalogueError):
        gin.decode(-1)
    nor = catalogue(remi.NORWEGIAN)
    with pytest.raises(CatalogueError):
        nor.encode(remi.LayDown.of("♠7 ♥7 ♦7", "♣5 ♣6 ♣7 ♣8"))  # two melds: not one action
    with pytest.raises(CatalogueError):
        nor.encode(remi.LayOff("♠9", nor.max_table))
    with pytest.raises(CatalogueError):
        nor.encode(remi.Knock("♠9"))
    with pytest.raises(CatalogueError):
        num_distinct_actions(remi.NORWEGIAN, 2)
    assert nor.block("knock") is None
    assert nor.block("draw") == range(0, 1)
    lay = nor.block("lay")
    assert lay is not None and all(isinstance(nor.decode(i), remi.LayDown) for i in (lay[0], lay[-1]))


def test_no_framework_or_numpy_on_import() -> None:
    """``import remi``, the catalogue and the adapters package load neither numpy nor a framework."""
    import subprocess
    import sys

    code = (
        "import sys, remi, remi.catalogue, remi.adapters, remi.adapters.pettingzoo\n"
        "loaded = {'numpy', 'pyspiel', 'pettingzoo', 'gymnasium'} & set(sys.modules)\n"
        "assert not loaded, loaded\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)
