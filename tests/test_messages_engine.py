"""The engine's reasons are messages all the way down (docs/errors.rst, "Reasons in five languages").

Random games of every preset; at many of their states ``why_illegal`` is asked about a
spread of illegal actions (actions legal in other states, moves of the wrong phase or the
wrong seat, cards not held, table melds that are not there, melds that are no melds, text).
Every reason must be a :class:`remi.Message` whose template, and the template of every
message inside it, is one ``scripts/messages.py`` extracts, and it must render in every
language of :data:`remi.LANGUAGES`.
"""

from __future__ import annotations

import ast
import contextlib
import importlib
import random
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

import remi
from remi import LANGUAGES, Message
from remi.actions import (
    Build,
    Buy,
    CallShanghai,
    Cut,
    Discard,
    DrawStock,
    Knock,
    LayDown,
    LayOff,
    Pass,
    SwapJoker,
    TakeDiscard,
)
from remi.cards import make_pack
from remi.game.engine import _ACTION_KINDS
from remi.melds import Meld, MeldKind
from tests.script_loader import load_script

ROOT = Path(__file__).resolve().parent.parent
messages_script = load_script("remi_script_messages_engine", ROOT / "scripts" / "messages.py")

#: The engine's own files: every reason they write is a message of their own.
OWN = ("src/remi/game/engine.py", "src/remi/game/policies.py", "src/remi/game/building.py")

TEXTS = (
    "draw",
    "take",
    "buy",
    "pass",
    "cut",
    "discard zz",
    "discard ♠7",
    "off ♠9 7",
    "swap JK 0",
    "build ♠A",
    "knock ♣K",
    "shanghai 3",
    "lay ♠7 ♠8",
    "lay ♠7 ♠8 ♠9 / ♥7 ♥8 ♥9",
    "lay 2s 2d 2c",
    "frobnicate",
    "",
)


def _templates() -> set[tuple[str, str | None]]:
    out: set[tuple[str, str | None]] = set()
    for key in messages_script.extract():
        out.add((key, None) if isinstance(key, str) else (key[0], key[1]))
    return out


TEMPLATES = _templates()


def _codes_written(paths: list[Path]) -> set[str]:
    """The error codes written as literals in *paths*."""
    codes = set(remi.CODES)
    found: set[str] = set()
    for path in paths:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and node.value in codes:
                found.add(node.value)
    return found


_SOURCES = [p for p in sorted((ROOT / "src" / "remi").rglob("*.py")) if "_catalogues" not in p.parts]
#: Codes only the engine's files write: a reason under one of them is always the engine's own.
ENGINE_ONLY = _codes_written([ROOT / p for p in OWN]) - _codes_written(
    [p for p in _SOURCES if p.relative_to(ROOT).as_posix() not in OWN and p.name != "codes.py"]
)


def _pending_elsewhere() -> list[str]:
    """The modules outside the engine whose reasons (passed through by the engine) are plain strings yet."""
    pending = []
    if not isinstance(remi.check_meld("♠7 ♠8", remi.NORWEGIAN).reason, Message):
        pending.append("melds")
    try:
        remi.parse_action("frobnicate")
    except remi.RemiError as exc:
        if not isinstance(exc.reason, Message):
            pending.append("actions")
    return pending


PENDING = _pending_elsewhere()


def _messages(m: Message) -> Iterator[Message]:
    yield m
    for value in m.params.values():
        if isinstance(value, Message):
            yield from _messages(value)
        elif isinstance(value, tuple | list):
            for item in value:
                if isinstance(item, Message):
                    yield from _messages(item)


def _check_reason(code: str, reason: str, plain: list[tuple[str, str]]) -> None:
    if not isinstance(reason, Message):
        plain.append((code, reason))
        return
    for inner in _messages(reason):
        assert (inner.template, inner.plural) in TEMPLATES, f"not extracted: {inner.template!r} in {reason!r}"
    for lang in LANGUAGES:
        text = reason.render(lang)
        assert isinstance(text, str) and text
    assert reason.render("en") == str.__str__(reason)


def _probes(state: remi.GameState, seen: list[remi.Action], rng: random.Random) -> list[object]:
    """A spread of actions, most of them illegal in *state*."""
    rules = state.ruleset
    pack = sorted(set(make_pack(*rules.pack_for(state.players))), key=lambda c: c.code)
    hand = state.hands[state.turn_player] if not state.is_over else ()
    cards = rng.sample(pack, 4) + list(rng.sample(hand, min(3, len(hand))))
    out: list[object] = [Cut(), DrawStock(), TakeDiscard(), Buy(), Pass()]
    for card in cards:
        out += [
            Discard(card),
            Discard(card, True),
            Knock(card),
            Build(card),
            LayOff(card, 0),
            LayOff(card, 0, True),
            LayOff(card, 40),
            SwapJoker(card, 0),
        ]
    out += [CallShanghai(0), CallShanghai(0, True), CallShanghai(40)]
    out += rng.sample(seen, min(12, len(seen)))
    if len(hand) >= 3:
        three = tuple(sorted(hand[:3], key=lambda c: c.code))
        shapes: tuple[tuple[MeldKind, int, int], ...] = (
            ("set", three[0].rank, -1),
            ("run", 3, three[0].suit_index),
        )
        for kind, rank, suit in shapes:
            with contextlib.suppress(remi.RemiError):
                out.append(LayDown((Meld(kind, three, (False,) * 3, rank, suit),)))
    if not state.is_over:
        # The engine's candidates of every kind: what the hand and the table could make, mostly refused.
        kinds = [k for k in _ACTION_KINDS if k.action is not CallShanghai or state.phase == "shanghai"]
        candidates = [a for kind in kinds for a in kind.candidates(state)]
        out += rng.sample(candidates, min(30, len(candidates)))
    out += [42, *TEXTS]
    out += [str(a) for a in rng.sample(seen, min(4, len(seen)))]
    return out


#: Every preset, and Norwegian Remi with the variants that bring more refusals (builds, ♠2s, cut, Shanghai).
RULESETS = {
    **remi.PRESETS,
    "norwegian-variants": remi.with_variants(
        remi.NORWEGIAN, "all down at once", "spade twos wild", "liverpool cut", "shanghai"
    ),
    "norwegian-strict": remi.with_variants(remi.NORWEGIAN, "last card must be discarded", "same-suit runs"),
}


def _playout(name: str, seed: int, steps: int) -> Iterator[tuple[remi.GameState, random.Random]]:
    rules = RULESETS[name]
    state = remi.new_game(rules, players=2 if name == "gin" else 3, seed=seed)
    rng = random.Random(f"{name}:{seed}")
    for step in range(steps):
        if step % 4 == 0 or state.is_over:
            yield state, rng
        if state.is_over:
            return
        legal = state.legal_actions()
        # Moves that go somewhere first, mostly, so that the table fills and rounds end.
        ahead = [a for a in legal if isinstance(a, LayDown | LayOff | SwapJoker | Build | Knock | Buy)]
        state = state.apply(rng.choice(ahead if ahead and rng.random() < 0.9 else legal))


@pytest.mark.parametrize("name", list(RULESETS))
def test_every_refusal_is_a_message_of_extracted_templates(name: str) -> None:
    plain: list[tuple[str, str]] = []
    codes: set[str] = set()
    seen: list[remi.Action] = []
    for seed in (1, 2):
        for state, rng in _playout(name, seed, 100):
            legal = state.legal_actions() if not state.is_over else []
            for action in _probes(state, seen, rng):
                error = state.why_illegal(action)  # type: ignore[arg-type]
                if error is None:
                    continue
                codes.add(error.code)
                _check_reason(error.code, error.reason, plain)
            if not state.is_over:
                other = (state.current_player + 1) % state.players
                for player in (other, "x"):
                    with pytest.raises(remi.IllegalActionError) as caught:
                        state.apply(legal[0], player=player)  # type: ignore[arg-type]
                    _check_reason(caught.value.code, caught.value.reason, plain)
                for melds in (["♠7 ♠8"], [str(m) for m in state.table[:1]], ["zz"]):
                    try:
                        state.lay(*melds)
                    except remi.RemiError as exc:
                        _check_reason(exc.code, exc.reason, plain)
            seen.extend(rng.sample(legal, min(3, len(legal))))
    assert "wrong-phase" in codes and len(codes) >= 8
    own = [(code, reason) for code, reason in plain if code in ENGINE_ONLY]
    assert not own, f"plain reasons of the engine's own codes: {own[:5]}"
    if not PENDING:
        assert not plain, f"plain reasons: {plain[:5]}"


#: The refusal tables of the rules tests: a position and an action each, the code it is refused with.
_TABLES = {
    "basic_game": "REFUSALS",
    "contracts": "REFUSALS",
    "gin_game": "REFUSALS",
    "gin_knock": "KNOCK_PHASE_REFUSALS",
    "index": "REFUSALS",
    "norwegian_game": "REFUSALS",
    "opening_games": "REFUSALS",
}


def _table_rows() -> list[Any]:
    rows: list[Any] = []
    for module, name in _TABLES.items():
        table = getattr(importlib.import_module(f"tests.rules.test_rules_{module}"), name)
        rows.extend(pytest.param(*row.values, id=f"{module}: {row.id}") for row in table)
    return rows


@pytest.mark.parametrize(("state", "action", "code", "reason"), _table_rows())
def test_every_refusal_of_the_rules_tables_is_a_message(
    state: Callable[[], remi.GameState], action: object, code: str, reason: str
) -> None:
    if type(action).__name__ == "Layout":  # several melds in one lay-down: asked as written
        action = str(action)
    error = state().why_illegal(action)  # type: ignore[arg-type]
    assert error is not None and error.code == code
    plain: list[tuple[str, str]] = []
    _check_reason(error.code, error.reason, plain)
    assert not plain or (PENDING and code not in ENGINE_ONLY), plain


def test_wrong_phase_quotes_the_text_typed_once() -> None:
    """Issue 17, "Messages that help": the input is quoted once."""
    from remi.game.engine import wrong_phase_refusal

    state = remi.new_game(remi.NORWEGIAN, seed=1)
    code, reason = wrong_phase_refusal(state, "lay 2s 2d 2c")
    assert code == "wrong-phase"
    assert (
        reason
        == "'lay 2s 2d 2c' is not possible now: seat 1 must first draw from the stock or take the discard."
    )
    assert isinstance(reason, Message) and reason.params["action"] == "lay 2s 2d 2c"
    assert state.why_illegal("lay 2s 2d 2c") == remi.IllegalActionError(
        "wrong-phase",
        "'lay ♠2 ♦2 ♣2' is not possible now: seat 1 must first draw from the stock or take the discard.",
    )
