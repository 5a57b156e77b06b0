"""Rows for the tests written as tables: meld verdicts and refusals, each row with its rule.

A row is a :func:`pytest.param` that carries the ``rule`` marker of the rule it checks, so
``tests/test_rule_labels.py`` (which reads the quoted labels of ``pytest.mark.rule(...)`` in the source) and
``-m`` selections see every row's label. Name the markers once per file::

    NORWEGIAN_MELDS = pytest.mark.rule(<the label, quoted>)

and give each row its marker: ``verdict(NORWEGIAN_MELDS, "♠K ♥K", N, False, None, "too-short")``.
Row ids are readable ASCII: the preset key (plus the options that differ from it), the cards
as ``8s 8h 8c`` and the expected answer.

>>> import remi
>>> ruleset_id(remi.NORWEGIAN), card_id("♠10 ♥Q JK=♥K")
('norwegian', '10s Qh JK=Kh')
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from game_helpers import illegal

import remi

_SUITS = {"♠": "s", "♥": "h", "♦": "d", "♣": "c"}


def card_id(text: str) -> str:
    """Card text in ASCII for a test id: ``♠10`` becomes ``10s``, ``JK=♥K`` becomes ``JK=Kh``."""

    def one(token: str) -> str:
        if token[:1] in _SUITS:
            return token[1:] + _SUITS[token[0]]
        return token

    return " ".join("=".join(one(part) for part in token.split("=")) for token in text.split()) or "(none)"


def ruleset_id(ruleset: remi.Ruleset) -> str:
    """The preset key of *ruleset*, plus ``+field`` for each option changed from that preset."""
    for key, preset in sorted(remi.PRESETS.items()):
        if preset.name == ruleset.name:
            ours, theirs = ruleset.to_dict(), preset.to_dict()
            return key + "".join(f"+{field}" for field in sorted(ours) if ours[field] != theirs.get(field))
    return ruleset.name


def verdict(
    rule: pytest.MarkDecorator,
    cards: str,
    ruleset: remi.Ruleset,
    ok: bool,
    kind: str | None,
    code: str,
    reason: str = "",
) -> Any:
    """One row of a meld-verdict table: ``check_meld(cards, ruleset)`` answers *ok*, *kind* and *code*.

    *reason* is a part of the one-sentence reason that the row pins down (``""``: any).
    """
    answer = kind if ok else code
    return pytest.param(
        cards,
        ruleset,
        ok,
        kind,
        code,
        reason,
        marks=rule,
        id=f"{ruleset_id(ruleset)}: {card_id(cards)} {answer}",
    )


#: The argument names of a verdict table, for ``pytest.mark.parametrize``.
VERDICT = ("cards", "ruleset", "ok", "kind", "code", "reason")


def assert_verdict(result: remi.Check, ok: bool, kind: str | None, code: str, reason: str) -> None:
    """*result* answers as a verdict row says: ok, kind and code; a refusal's reason is one sentence."""
    assert (result.ok, bool(result), result.kind, result.code) == (ok, ok, kind, code), result.reason
    if ok:
        assert result.reason == "" and result.meld is not None
    else:
        assert result.reason.endswith(".") and result.meld is None
    assert reason in result.reason


def refusal(
    rule: pytest.MarkDecorator,
    where: str,
    state: Callable[[], remi.GameState],
    action: str | remi.Action,
    code: str,
    reason: str = "",
) -> Any:
    """One row of a refusal table: in the position *state* () builds, *action* is refused with *code*.

    *state* is a function of no arguments (a named position of the test file; ``functools.partial``
    for one with arguments), so collecting the table builds no game; *where* names it in the row's
    id. *reason*: a whole sentence (ending in ``.``) the reason must equal, else a part it must hold
    (``""``: any).
    """
    return pytest.param(state, action, code, reason, marks=rule, id=f"{where}: {card_id(str(action))} {code}")


#: The argument names of a refusal table, for ``pytest.mark.parametrize``.
REFUSAL = ("state", "action", "code", "reason")


def assert_refused(
    state: Callable[[], remi.GameState], action: str | remi.Action, code: str, reason: str
) -> None:
    """*action* is refused in *state* () with *code*, alike by every way of asking (``illegal``)."""
    error = illegal(state(), action)
    assert error.code == code, error.reason
    if reason.endswith("."):
        assert error.reason == reason
    else:
        assert reason in error.reason, error.reason
