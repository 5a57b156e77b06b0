"""Every PlayerView field and method a player uses is in the API reference (docs/api/views.rst), with a line of its own."""

from __future__ import annotations

import re
from pathlib import Path

import attrs
import pytest

from remi import PlayerView

PAGE = Path(__file__).resolve().parent.parent / "docs" / "api" / "views.rst"


def _members() -> set[str]:
    text = PAGE.read_text(encoding="utf-8")
    block = re.search(r"\.\. autoclass:: PlayerView\n((?:   .*\n)+)", text)
    assert block, "the page documents PlayerView"
    listed = re.search(r":members:(.*?)\n   :", block.group(1), re.DOTALL)
    assert listed
    return {name.strip() for name in listed.group(1).split(",")}


FIELDS = [f.name for f in attrs.fields(PlayerView) if f.init]


@pytest.mark.parametrize("name", FIELDS)
def test_every_field_is_listed_and_described(name):
    analyzer = pytest.importorskip("sphinx.pycode").ModuleAnalyzer.for_module("remi.game.views")
    docs = analyzer.find_attr_docs()
    assert name in _members()
    comment = docs.get(("ViewCore", name))
    assert comment and comment[0].strip(), f"ViewCore.{name} has no #: comment"


@pytest.mark.parametrize(
    "name",
    [
        "legal_actions",
        "is_legal",
        "why_illegal",
        "parse_action",
        "contract",
        "scores",
        "winners",
        "to_dict",
        "from_dict",
    ],
)
def test_what_a_player_asks_is_listed(name):
    assert name in _members()
    assert getattr(PlayerView, name).__doc__
