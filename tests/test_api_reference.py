"""The API reference: every module it documents is an attribute of ``remi`` after ``import remi``.

The promise (issue 19, "The reference"): ``import remi`` gives every documented module as an
attribute (``remi.views``, ``remi.records``, ``remi.catalogue`` ...) without importing the optional
frameworks, and the modules named by ``automodule``/``currentmodule`` in docs/api/*.rst exist.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

import remi

DOCS = Path(__file__).resolve().parent.parent / "docs"
_MODULE_DIRECTIVE = re.compile(r"^\.\. (?:automodule|currentmodule):: (remi(?:\.\w+)*)\s*$", re.MULTILINE)


def _documented_modules() -> list[str]:
    text = "\n".join(p.read_text(encoding="utf-8") for p in sorted((DOCS / "api").glob("*.rst")))
    return sorted(set(_MODULE_DIRECTIVE.findall(text)))


@pytest.mark.skipif(not (DOCS / "api").is_dir(), reason="the docs are not beside these tests")
@pytest.mark.parametrize("name", _documented_modules() if (DOCS / "api").is_dir() else [])
def test_documented_module_is_an_attribute(name: str) -> None:
    """Each module docs/api/*.rst documents is reachable as an attribute chain from ``remi``."""
    value: object = remi
    for part in name.split(".")[1:]:
        value = getattr(value, part)
    assert getattr(value, "__name__", None) == name


def test_views_records_catalogue_are_attributes() -> None:
    """``remi.views``, ``remi.records`` and ``remi.catalogue`` are modules after ``import remi``."""
    assert remi.views.PlayerView is remi.PlayerView
    assert remi.records.GameRecord is remi.GameRecord
    assert remi.catalogue.Catalogue is remi.Catalogue


def test_import_remi_loads_no_framework() -> None:
    """``import remi`` imports neither the adapters nor numpy, pyspiel or the gym frameworks."""
    code = (
        "import sys, remi; "
        "print(sorted(m for m in sys.modules if m.split('.')[0] in "
        "('numpy', 'pyspiel', 'gymnasium', 'pettingzoo') or m.startswith('remi.adapters')))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
