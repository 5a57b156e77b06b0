"""Error codes: the ErrorCode literal, the CODES table, the source and the docs page agree.

The safety net: an AST scan of the imported package (``src/remi`` in a checkout) finds every string passed as a code
(the first argument of ``_fail``, ``_Illegal`` and the ``*Error`` classes, the
second of ``Check``, any ``code=`` keyword) and fails when one is missing from
:data:`remi.codes.CODES`; a second test fails when docs/errors.rst is not what
scripts/gen_error_codes.py writes.
"""

from __future__ import annotations

import ast
import builtins
import re
import typing
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest
from script_loader import load_script

import remi
from remi.codes import CODES, RAISED_BY, ErrorCode, as_error_code
from remi.errors import __all__ as ERROR_CLASSES

ROOT = Path(__file__).resolve().parent.parent
#: The package the tests import, wherever it is: src/remi in a checkout, site-packages when the
#: sdist's tests run against an installed wheel (where the tree may have no src/ at all).
SRC = Path(remi.__file__).resolve().parent
SCRIPT = ROOT / "scripts" / "gen_error_codes.py"
PAGE = ROOT / "docs" / "errors.rst"

# Codes listed ahead of the engine work that will raise them. Remove a code from here once
# the source raises it (the test below says when).
RESERVED: frozenset[str] = frozenset()

_CODE_SHAPE = re.compile(r"[a-z][a-z0-9]*(-[a-z0-9]+)*")
_PRODUCERS = re.compile(r"_?(fail|illegal)$", re.IGNORECASE)


def _callee(node: ast.Call) -> str | None:
    if isinstance(node.func, ast.Name):
        return node.func.id
    if isinstance(node.func, ast.Attribute):
        return node.func.attr
    return None


def _code_arguments(node: ast.Call) -> Iterator[ast.expr]:
    """The expressions *node* passes as an error code, if it is a call that takes one."""
    name = _callee(node)
    for keyword in node.keywords:
        if keyword.arg == "code":
            yield keyword.value
    if name is None:
        return
    if name == "Check":
        if len(node.args) >= 2:
            yield node.args[1]
    elif (
        _PRODUCERS.match(name)
        or name in ERROR_CLASSES
        or (name.endswith("Error") and not hasattr(builtins, name))
    ):
        if len(node.args) >= 2:
            yield node.args[0]


def _literals(expr: ast.expr) -> Iterator[str | ast.expr]:
    """The string constants *expr* can evaluate to, or *expr* itself when it is not one."""
    if isinstance(expr, ast.Constant) and isinstance(expr.value, str):
        yield expr.value
    elif isinstance(expr, ast.IfExp):
        yield from _literals(expr.body)
        yield from _literals(expr.orelse)
    else:
        yield expr


def _is_passed_on(expr: ast.expr) -> bool:
    """Whether a non-literal code only passes on a code made elsewhere (and scanned there)."""
    if isinstance(expr, ast.Attribute):  # exc.code, check.code
        return expr.attr == "code"
    if isinstance(expr, ast.Name):  # a helper's own ``code`` parameter
        return expr.id == "code"
    if isinstance(expr, ast.Call):  # as_error_code(check.code)
        return _callee(expr) == "as_error_code" and all(_is_passed_on(a) for a in expr.args)
    return False


#: Modules whose rules return refusals as ``(code, reason)`` tuples (``remi.game.policies.Refusal``).
_REFUSERS = frozenset({"engine.py", "policies.py"})


def _refusal_code(node: ast.Return) -> str | None:
    """The code of a ``return ("code", reason)`` refusal (also ``return None if … else (…)``), if *node* is one."""
    value = node.value
    if isinstance(value, ast.IfExp):
        value = (
            value.orelse if isinstance(value.body, ast.Constant) and value.body.value is None else value.body
        )
    if isinstance(value, ast.Tuple) and len(value.elts) == 2:
        first = value.elts[0]
        if (
            isinstance(first, ast.Constant)
            and isinstance(first.value, str)
            and _CODE_SHAPE.fullmatch(first.value)
        ):
            return first.value
    return None


def scan() -> tuple[dict[str, list[str]], list[str]]:
    """Return {code: [where]} for every literal code in the imported remi, and the non-literal ones not passed on."""
    found: dict[str, list[str]] = {}
    dynamic: list[str] = []
    for path in sorted(SRC.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for node in ast.walk(tree):
            if path.name in _REFUSERS and isinstance(node, ast.Return):
                code = _refusal_code(node)
                if code is not None:
                    found.setdefault(code, []).append(f"{path.name}:{node.lineno}")
            if not isinstance(node, ast.Call):
                continue
            for argument in _code_arguments(node):
                for value in _literals(argument):
                    where = f"{path.name}:{argument.lineno}"
                    if isinstance(value, str):
                        found.setdefault(value, []).append(where)
                    elif not _is_passed_on(value):
                        dynamic.append(f"{where}: {ast.unparse(value)}")
    return found, dynamic


def test_literal_type_and_table_agree() -> None:
    literal = typing.get_args(ErrorCode)
    assert len(literal) == len(set(literal))
    assert set(literal) == set(CODES) == set(RAISED_BY)
    assert list(CODES) == sorted(CODES)
    assert "ok" not in CODES


@pytest.mark.parametrize("code", sorted(CODES))
def test_each_code_is_documented(code: str) -> None:
    assert _CODE_SHAPE.fullmatch(code), code
    meaning = CODES[code]  # type: ignore[index]
    assert meaning and "\n" not in meaning and meaning.endswith("."), meaning
    assert RAISED_BY[code]  # type: ignore[index]


@pytest.mark.parametrize("name", sorted({n for names in RAISED_BY.values() for n in names}))
def test_producers_are_public_names(name: str) -> None:
    if name.startswith("attrs."):
        return
    obj: object = remi
    for part in name.split("."):
        obj = getattr(obj, part)
    assert name.split(".")[0] in remi.__all__


def test_every_code_the_source_raises_is_listed() -> None:
    found, dynamic = scan()
    assert len(found) > 80, "the scan found too few codes: did the producers change names?"
    unlisted = {code: where for code, where in found.items() if code not in CODES and code != "ok"}
    assert not unlisted, (
        f"codes raised but not in remi.codes (add them, then run scripts/gen_error_codes.py): {unlisted}"
    )
    assert not dynamic, f"codes built at run time, which no table can list: {dynamic}"


def test_every_listed_code_is_raised() -> None:
    found, _ = scan()
    unused = set(CODES) - set(found)
    assert unused <= RESERVED, f"codes listed but never raised: {sorted(unused - RESERVED)}"
    assert not (RESERVED & set(found)), f"raised now, drop from RESERVED: {sorted(RESERVED & set(found))}"


def test_ok_is_only_for_passed_checks() -> None:
    assert remi.check_meld("♠7 ♥7 ♦7", remi.NORWEGIAN).code == "ok"
    assert as_error_code("ok") == "internal"
    assert as_error_code("gap") == "gap"


def test_runtime_codes_are_listed() -> None:
    """Codes met at run time (checks, errors, illegal actions) are in the table."""
    seen = {
        remi.check_meld("♦K ♦A ♦2 ♦3", remi.NORWEGIAN).code,
        remi.check_meld("♠7 ♥8 ♦9", remi.SWEDISH).code,
        remi.check_contract(["♠7 ♥7 ♦7"], 1, remi.NORWEGIAN).code,
    }
    state = remi.new_game(remi.NORWEGIAN, seed=3)
    for text in ("buy", "pass", "discard ♠K", "lay ♠7 ♥7 ♦7", "off ♠9 0", "knock ♠K", "cut"):
        error = state.why_illegal(text)
        assert error is not None
        seen.add(error.code)
    for bad in ("♠1", "fold"):
        with pytest.raises(remi.NotationError) as info:
            remi.parse_action(f"discard {bad}") if bad == "♠1" else remi.parse_action(bad)
        seen.add(info.value.code)
    assert seen - {"ok"} <= set(CODES)


def _generator() -> ModuleType:
    if not SCRIPT.exists() or not PAGE.exists():
        pytest.skip("scripts/gen_error_codes.py or docs/errors.rst is not in this tree")
    return load_script("remi_script_gen_error_codes", SCRIPT)


def test_docs_page_is_up_to_date() -> None:
    expected = _generator().render()
    assert PAGE.read_text(encoding="utf-8") == expected, (
        "docs/errors.rst is out of date: run python scripts/gen_error_codes.py"
    )


def test_docs_page_lists_every_code() -> None:
    if not PAGE.exists():
        pytest.skip("docs/errors.rst is not in this tree")
    text = PAGE.read_text(encoding="utf-8")
    listed = set(re.findall(r"^       ``([a-z0-9-]+)``$", text, flags=re.MULTILINE))
    assert listed == set(CODES)


def test_the_scan_reads_the_imported_package(tmp_path: Path) -> None:
    """The scan works from a tree without src/ (the sdist's tests run against an installed wheel)."""
    import os
    import shutil
    import subprocess
    import sys

    assert (SRC / "codes.py").is_file() and (SRC / "__init__.py").samefile(remi.__file__)
    tests = tmp_path / "tests"
    tests.mkdir()
    shutil.copy(Path(__file__), tests / "test_error_codes.py")
    shutil.copy(Path(__file__).with_name("script_loader.py"), tests / "script_loader.py")
    env = {**os.environ, "PYTHONPATH": str(SRC.parent)}
    result = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-k", "source_raises or listed_code"]
        + ["--rootdir", str(tmp_path), str(tests / "test_error_codes.py")],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "2 passed" in result.stdout
