"""remi is pure: no I/O, no clock, no global random state, no ``assert`` in src/remi.

The checks read the source with :mod:`ast`, so comments, docstrings and
strings that merely mention ``print(`` or ``open(`` never trip them, and a
forbidden call is found however it is spelled (``print(...)``,
``builtins.print``, an import inside a function, ``import os as _os``).
"""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parent.parent / "src" / "remi"
SOURCES = sorted(SRC.rglob("*.py"))

#: Modules whose import means I/O, the clock, the environment or a process.
FORBIDDEN_MODULES = frozenset(
    {
        "os",
        "sys",
        "time",
        "logging",
        "socket",
        "pathlib",
        "io",
        "subprocess",
        "shutil",
        "tempfile",
        "glob",
        "signal",
        "threading",
        "multiprocessing",
        "asyncio",
        "urllib",
        "http",
        "secrets",
        "uuid",
        "builtins",
        "importlib",
        "ctypes",
        "pickle",
        "shelve",
        "sqlite3",
        "datetime",
    }
)

#: Builtins that do I/O or run code from text.
FORBIDDEN_CALLS = frozenset({"print", "open", "input", "breakpoint", "exec", "eval", "__import__"})

#: The only name the ``random`` module may be used for: a seeded ``random.Random`` instance.
ALLOWED_RANDOM = frozenset({"Random"})


def _problems(path: Path, source: str | None = None) -> list[str]:
    """Return every purity problem of the file *path* (or of *source*, named as *path*)."""
    text = path.read_text(encoding="utf-8") if source is None else source
    tree = ast.parse(text, filename=str(path))
    name = path.name

    def where(node: ast.AST) -> str:
        return f"{name}:{getattr(node, 'lineno', '?')}"

    problems: list[str] = []
    random_aliases: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                top = alias.name.split(".")[0]
                if top in FORBIDDEN_MODULES:
                    problems.append(f"{where(node)} imports {alias.name}")
                if top == "random":
                    random_aliases.add(alias.asname or "random")
        elif isinstance(node, ast.ImportFrom):
            top = (node.module or "").split(".")[0]
            if node.level == 0 and node.module == "threading" and {a.name for a in node.names} <= {"Lock"}:
                pass  # a lock is no I/O: the one cache facility is thread-safe with it
            elif node.level == 0 and top in FORBIDDEN_MODULES:
                problems.append(f"{where(node)} imports from {node.module}")
            if node.level == 0 and top == "random":
                for alias in node.names:
                    if alias.name not in ALLOWED_RANDOM:
                        problems.append(
                            f"{where(node)} imports random.{alias.name} "
                            "(only random.Random instances are allowed)"
                        )
        elif isinstance(node, ast.Call):
            func = node.func
            if isinstance(func, ast.Name) and func.id in FORBIDDEN_CALLS:
                problems.append(f"{where(node)} calls {func.id}()")
        elif isinstance(node, ast.Assert):
            problems.append(f"{where(node)} uses assert (raise a RemiError instead)")
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Name)
            and node.value.id in random_aliases
            and node.attr not in ALLOWED_RANDOM
        ):
            problems.append(
                f"{where(node)} uses {node.value.id}.{node.attr} "
                "(global random state; use a seeded random.Random)"
            )
    return problems


def test_sources_found() -> None:
    names = {path.name for path in SOURCES}
    assert "__init__.py" in names
    assert len(SOURCES) >= 5


#: The optional adapters may do what their framework's conventions ask, and nothing more: each
#: exception is named here, with its reason (README: "no I/O at all, the optional adapters aside").
ADAPTER_EXCEPTIONS: dict[str, frozenset[str]] = {
    # Gymnasium's convention: reset() without a seed seeds from entropy; render_mode="human" prints.
    "adapters/pettingzoo.py": frozenset({"imports secrets", "calls print()"}),
}


def _exempt(path: Path, problem: str) -> bool:
    allowed = ADAPTER_EXCEPTIONS.get(path.relative_to(SRC).as_posix(), frozenset())
    return problem.split(":", 1)[1].split(" ", 1)[1] in allowed


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: p.name)
def test_no_io_clock_or_global_random(path: Path) -> None:
    assert [p for p in _problems(path) if not _exempt(path, p)] == []


def test_adapter_exceptions_are_used() -> None:
    """Every exception of ADAPTER_EXCEPTIONS is still needed (a stale one would hide a new use)."""
    for name, allowed in ADAPTER_EXCEPTIONS.items():
        found = {p.split(":", 1)[1].split(" ", 1)[1] for p in _problems(SRC / name)}
        assert allowed <= found, name


@pytest.mark.parametrize(
    "source",
    [
        "print('x')",
        "def f():\n    import os\n",
        "import os as _os",
        "from sys import stdout",
        "from time import time",
        "import logging.handlers",
        "with open('f') as fh:\n    pass",
        "import random\nrandom.shuffle([])",
        "import random as r\nx = r.random()",
        "from random import choice",
        "from pathlib import Path",
        "assert 1 == 1",
    ],
)
def test_scanner_catches(source: str) -> None:
    assert _problems(SRC / "_probe.py", source), source


@pytest.mark.parametrize(
    "source",
    [
        "from random import Random\nrng = Random(7)",
        "import random\nrng = random.Random(7)",
        "'''print(x) and open(f) in a docstring'''",
        "text = 'import os'",
        "from ._cards import Card",
    ],
)
def test_scanner_allows(source: str) -> None:
    assert _problems(SRC / "_probe.py", source) == []


def test_importing_remi_loads_no_io_modules() -> None:
    """``import remi`` pulls in nothing beyond what attrs itself needs, and no I/O module."""
    code = (
        "import json, sys\n"
        "import attrs\n"
        "before = set(sys.modules)\n"
        "import remi\n"
        "print(json.dumps(sorted(set(sys.modules) - before)))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=True
    )
    added = json.loads(result.stdout)
    assert "remi" in added
    # ``random`` itself may load (for seeded ``random.Random`` instances); I/O modules may not.
    io_modules = [name for name in added if name.split(".")[0] in FORBIDDEN_MODULES]
    assert io_modules == []
