"""web/referee.py, the referee page's Python glue, in CPython: its doctests and its game names."""

from __future__ import annotations

import doctest
from pathlib import Path

import pytest
from script_loader import load_script

import remi

GLUE = Path(__file__).resolve().parents[2] / "web" / "referee.py"
if not GLUE.exists():  # the wheel check copies only tests/
    pytest.skip("web/referee.py is not beside these tests", allow_module_level=True)
referee = load_script("remi_web_referee_glue", GLUE)


def test_doctests() -> None:
    """The glue's examples hold."""
    failed, tried = doctest.testmod(referee)
    assert tried > 0 and failed == 0


@pytest.mark.parametrize("lang", remi.LANGUAGES)
def test_refusal_in_each_language(lang: str) -> None:
    """A refusal carries remi's code and its reason in the asked language (the error's reason_in)."""
    got = referee.answer({"game": "norwegian + shanghai", "q": "meld", "cards": "♠7 xx", "lang": lang})
    with pytest.raises(remi.NotationError) as err:
        remi.parse_cards("♠7 xx")
    assert (got["ok"], got["code"], got["reason"]) == (False, err.value.code, err.value.reason_in(lang))
    assert got["rules"] == remi.with_variants(remi.NORWEGIAN, "shanghai").describe(lang)
