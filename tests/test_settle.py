"""Settlement of finished deals: deltas, winners, kinds, bad input."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import remi
from remi import Card, hand_value

NATURALS = tuple(Card.from_code(code) for code in range(52))


def test_settlement_is_a_frozen_value() -> None:
    s = remi.settle_penalty(["♠5", []], 1, remi.NORWEGIAN)
    assert s == remi.Settlement((5, 0), 1, "out", s.detail)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        s.winner = 0  # type: ignore[misc]


@pytest.mark.parametrize(
    "call",
    [
        lambda: remi.settle_penalty(["♠5", []], 2, remi.NORWEGIAN),
        lambda: remi.settle_penalty(["♠5", []], True, remi.NORWEGIAN),
        lambda: remi.settle_basic(["♠5"], 0, remi.SWEDISH),
        lambda: remi.settle_basic("♠5 ♠6", 0, remi.SWEDISH),
        lambda: remi.settle_block(["♠5", "♠6"], remi.SWEDISH, first=5),
        lambda: remi.settle_gin(["♠5", "♠6"], -1, remi.GIN),
        lambda: remi.match_winner([], remi.GIN),
        lambda: remi.match_winner(["x"], remi.GIN),  # type: ignore[list-item]
    ],
)
def test_bad_input_raises_state_error(call: object) -> None:
    with pytest.raises(remi.StateError):
        call()  # type: ignore[operator]


def test_bad_card_text_raises_notation_error() -> None:
    with pytest.raises(remi.NotationError):
        remi.settle_penalty(["♠1", []], 1, remi.NORWEGIAN)


@settings(max_examples=40)
@given(
    deck=st.permutations(NATURALS),
    sizes=st.lists(st.integers(0, 8), min_size=2, max_size=5),
    data=st.data(),
)
def test_penalty_and_basic_conserve_hand_values(
    deck: list[Card], sizes: list[int], data: st.DataObject
) -> None:
    # The hands are dealt from one pack (docs/rules/index.rst, shared-copies).
    starts = [sum(sizes[:i]) for i in range(len(sizes))]
    hands = [deck[a : a + n] for a, n in zip(starts, sizes)]
    out = data.draw(st.integers(0, len(hands) - 1))
    values = [hand_value(h, remi.SWEDISH) for h in hands]
    basic = remi.settle_basic(hands, out, remi.SWEDISH)
    assert basic.deltas[out] == sum(values) - values[out]
    assert sum(basic.deltas) == basic.deltas[out]
    penalty = remi.settle_penalty(hands, out, remi.KALOOKI)
    kalooki = [hand_value(h, remi.KALOOKI) for h in hands]
    assert penalty.deltas == tuple(0 if i == out else v + 25 for i, v in enumerate(kalooki))
    block = remi.settle_block(hands, remi.SWEDISH)
    assert block.winner is not None and values[block.winner] == min(values)
    assert block.deltas[block.winner] == sum(v - min(values) for v in values)


def test_block_tie_goes_to_first_in_turn_order() -> None:
    hands = ["♠9", "♠K", "♦5 ♦4"]
    assert remi.settle_block(hands, remi.SWEDISH).deltas == (1, 0, 0)
    assert remi.settle_block(hands, remi.SWEDISH, first=1).deltas == (0, 0, 1)


def test_settle_dispatches_on_scoring() -> None:
    hands = [[], "♠5 ♥4", "♦9"]
    assert remi.settle(hands, 0, remi.NORWEGIAN).deltas == (0, 9, 9)
    assert remi.settle(hands, 0, remi.SWEDISH).deltas == (18, 0, 0)
    assert remi.settle(hands, 0, remi.FINNISH, going_rummy=True).kind == "rummy"
    assert remi.settle(hands, None, remi.SWEDISH).kind == "no-winner"
    no_reuse = attrs.evolve(remi.SWEDISH, discard_reuse="none")
    assert remi.settle(["♠2", "♠5 ♥4", "♦9"], None, no_reuse).deltas == (14, 0, 0)
    assert remi.settle(["♠A ♠2 ♠3", "♥K"], None, remi.GIN).kind == "no-winner"
    gin = remi.settle(["♠A ♠2 ♠3", "♥K ♥5"], 0, remi.GIN)
    assert gin.kind == "gin" and gin.deltas == (25, -30)


def test_gin_with_given_melds_and_layoffs() -> None:
    hands = ["♠A ♠2 ♠3 ♥4 ♦4 ♣4 ♠7 ♠8 ♠9 ♥K", "♥5 ♥6 ♥7 ♣9 ♣10 ♣J ♦2 ♦3 ♠4 ♣K"]
    # Best lay-off: ♠4 goes on a meld, 19 - 4 = 15 left against 10.
    assert remi.settle_gin(hands, 0, remi.GIN).deltas == (0, -5)
    # The defender chooses to lay nothing off.
    assert remi.settle_gin(hands, 0, remi.GIN, layoffs={1: []}).deltas == (0, -9)
    assert remi.settle_gin(hands, 0, remi.GIN, layoffs={1: "♠4"}).deltas == (0, -5)
    with pytest.raises(remi.IllegalActionError):
        remi.settle_gin(hands, 0, remi.GIN, layoffs={1: "♣K"})
    with pytest.raises(remi.IllegalActionError):
        remi.settle_gin(hands, 0, remi.GIN, layoffs={1: "♠5"})
    with pytest.raises(remi.StateError):
        remi.settle_gin(hands, 0, remi.GIN, layoffs={0: "♠4"})
    # Shown melds instead of the best arrangement.
    shown = ["♠A ♠2 ♠3", "♥4 ♦4 ♣4", "♠7 ♠8 ♠9"]
    assert remi.settle_gin(hands, 0, remi.GIN, melds=shown).deltas == (0, -5)
    with pytest.raises(remi.IllegalActionError):
        remi.settle_gin(hands, 0, remi.GIN, melds=["♠A ♠2 ♠3"])  # 30 deadwood: no knock
    with pytest.raises(remi.IllegalActionError):
        remi.settle_gin(hands, 0, remi.GIN, melds=["♥5 ♥6 ♥7"])


# -- the trusted kernel under settle: the engine settles its own (legal) hands with it ----------------


def _dealt(ruleset: remi.Ruleset, players: int, seed: int) -> list[tuple[Card, ...]]:
    import random

    pack = list(remi.make_pack(*ruleset.pack_for(players)))
    random.Random(seed).shuffle(pack)
    sizes = [random.Random(seed + 1).randrange(0, 8) for _ in range(players)]
    hands, at = [], 0
    for size in sizes:
        hands.append(tuple(sorted(pack[at : at + size])))
        at += size
    return hands


def _outcome(call: Callable[..., remi.Settlement], *args: Any, **kw: Any) -> object:
    try:
        return call(*args, **kw)
    except remi.RemiError as exc:
        return (type(exc), exc.code, exc.reason)


@pytest.mark.rule("shared-hand-value")
@pytest.mark.parametrize("preset", sorted(remi.PRESETS))
def test_settle_dealt_is_settle_on_checked_hands(preset: str) -> None:
    # settle validates the hands, then asks settle_dealt with the ruleset's own scoring style.
    from remi.scoring import settle_dealt

    ruleset = remi.PRESETS[preset]
    players = max(ruleset.min_players, 2)
    for seed in range(12):
        hands = _dealt(ruleset, players, seed)
        for seat in (None, *range(players)):
            want = _outcome(remi.settle, hands, seat, ruleset, going_rummy=True, first=1)
            got = _outcome(settle_dealt, hands, seat, ruleset, ruleset.scoring, going_rummy=True, first=1)
            assert got == want


@pytest.mark.rule("basic-block-rummy")
@pytest.mark.parametrize("preset", ["swedish", "finnish"])
def test_a_deal_nobody_went_out_of_settled_as_block_by_the_style_argument(preset: str) -> None:
    # [decision] The engine settles a winner-takes-all deal that nobody went out of (the turn cap)
    # as in Block Rummy, by passing the style, not a second ruleset: the same deltas as that ruleset.
    from remi.scoring import settle_dealt

    ruleset = remi.PRESETS[preset]
    block = attrs.evolve(ruleset, scoring="block")
    for seed in range(8):
        hands = _dealt(ruleset, 4, seed)
        got = settle_dealt(hands, None, ruleset, "block", first=2)
        assert got == remi.settle(hands, None, block, first=2)
        assert got.kind == "block" and got != remi.settle(hands, None, ruleset, first=2)
