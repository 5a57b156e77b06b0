"""docs/frameworks.rst ("Written against the public API"): the adapters use public remi names only.

The adapters are what a framework author would write: every remi name they
use is public (``remi.X``, ``remi.game.X``, ...), so a move of remi's private
layout never breaks them. Their own private modules (``remi.adapters._common``,
``remi.adapters._features``) are theirs to use; the one exception is remi's
cache facility, ``remi._cache``, which has no public home yet (its public face
is ``remi.clear_caches`` and ``remi.cache_info``) and is imported in
``_common.py`` only.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import remi

ADAPTERS = Path(remi.__file__).parent / "adapters"
PACKAGE = "remi.adapters"
#: The adapters' own private modules.
OWN = {f"{PACKAGE}._common", f"{PACKAGE}._features"}
#: Private remi modules an adapter file may import (the cache facility, from ``_common.py`` only).
ALLOWED = {"_common.py": {"remi._cache"}}


#: Packages whose public names are their own; their modules are the package's inside.
INTERNAL = ("remi.game.", "remi.solver.")


def _private(dotted: str) -> bool:
    if dotted.startswith(INTERNAL):
        return True
    return any(part.startswith("_") for part in dotted.split(".") if part != "__future__")


def _resolve(node: ast.ImportFrom) -> str:
    """The absolute module of ``from ... import`` in a module of ``remi.adapters``."""
    if not node.level:
        return node.module or ""
    parts = PACKAGE.split(".")[: len(PACKAGE.split(".")) - node.level + 1]
    return ".".join([*parts, *([node.module] if node.module else [])])


def _dotted(node: ast.expr) -> str | None:
    """``remi.game`` for the expression ``remi.game`` (names and attributes only), else ``None``."""
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        inner = _dotted(node.value)
        return None if inner is None else f"{inner}.{node.attr}"
    return None


def _problems(name: str, source: str) -> list[str]:
    """Every use of a private remi module or name in the adapter source *source* (file *name*)."""
    allowed = OWN | ALLOWED.get(name, set())
    out: list[str] = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom):
            module = _resolve(node)
            if module.split(".")[0] != "remi":
                continue
            if _private(module) and module not in allowed:
                out.append(f"{name}:{node.lineno}: from {module} import ...")
            out.extend(
                f"{name}:{node.lineno}: from {module} import {alias.name}"
                for alias in node.names
                if alias.name.startswith("_")
            )
        elif isinstance(node, ast.Import):
            out.extend(
                f"{name}:{node.lineno}: import {alias.name}"
                for alias in node.names
                if alias.name.split(".")[0] == "remi" and _private(alias.name) and alias.name not in allowed
            )
        elif isinstance(node, ast.Attribute) and node.attr.startswith("_"):
            owner = _dotted(node.value)
            if owner is not None and owner.split(".")[0] == "remi":
                out.append(f"{name}:{node.lineno}: {owner}.{node.attr}")
    return out


def test_the_adapters_use_public_remi_names_only() -> None:
    files = sorted(ADAPTERS.glob("*.py"))
    assert {path.name for path in files} >= {"__init__.py", "_common.py", "openspiel.py", "pettingzoo.py"}
    problems = [
        problem for path in files for problem in _problems(path.name, path.read_text(encoding="utf-8"))
    ]
    assert problems == []


@pytest.mark.parametrize(
    "source",
    [
        "from .._game import GameState",
        "from .. import _engine",
        "from ..game import _blank",
        "from remi.game.state import sorted_hand",
        "from remi import _rules",
        "import remi._solver",
        "import remi._solver as solver",
        "import remi\nremi._engine.apply_fast(state)",
        "import remi.game\nremi.game._x",
        "from ..game.engine import coerce",
        "from remi.solver.limits import limits_of",
        "from remi._cache import memoize",  # allowed in _common.py only
        "from ._common import _deal_limit",
    ],
)
def test_the_scanner_finds_private_names(source: str) -> None:
    assert _problems("openspiel.py", source) != []


@pytest.mark.parametrize(
    "source",
    [
        "from remi.game import GameState",
        "from ..catalogue import LaySteps",
        "from remi import IllegalActionError",
        "from ._common import setup",
        "from ._features import state_entries",
        "from __future__ import annotations",
        "import pettingzoo\npettingzoo.AECEnv._accumulate_rewards",
        "self._box = None",
        "import remi\nremi.clear_caches()",
    ],
)
def test_the_scanner_allows(source: str) -> None:
    assert _problems("openspiel.py", source) == []


def test_the_cache_facility_is_allowed_in_common_only() -> None:
    assert _problems("_common.py", "from remi._cache import memoize") == []
    assert _problems("_features.py", "from remi._cache import memoize") != []
