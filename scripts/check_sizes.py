"""The size targets of remi's code: no function over 60 lines, no block over cyclomatic complexity 20.

A function's length runs from its ``def`` line to its last line, its docstring
left out (decorators are not counted; a nested function counts in its own
length and in its parent's). Complexity is radon's (``radon cc``): functions,
methods, nested functions and classes. Every offender is printed as
``path:line: name: what``; the exit status is 1 when there is one.

Usage: python scripts/check_sizes.py [paths...]   (default: src/remi)
"""

from __future__ import annotations

import ast
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from radon.complexity import cc_visit  # type: ignore[import-untyped]

#: The longest a function may be, its docstring left out.
MAX_LINES = 60
#: The highest radon cyclomatic complexity a block may have (rank C at most).
MAX_COMPLEXITY = 20

ROOT = Path(__file__).resolve().parent.parent


def _docstring_lines(node: ast.FunctionDef | ast.AsyncFunctionDef) -> int:
    if not node.body:
        return 0
    first = node.body[0]
    if (
        isinstance(first, ast.Expr)
        and isinstance(first.value, ast.Constant)
        and isinstance(first.value.value, str)
        and first.end_lineno is not None
    ):
        return first.end_lineno - first.lineno + 1
    return 0


def function_lengths(source: str) -> Iterator[tuple[int, str, int]]:
    """``(line, qualified name, length)`` of every function in *source*, its docstring left out."""

    def visit(node: ast.AST, prefix: str) -> Iterator[tuple[int, str, int]]:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef):
                assert child.end_lineno is not None
                length = child.end_lineno - child.lineno + 1 - _docstring_lines(child)
                yield child.lineno, prefix + child.name, length
                yield from visit(child, f"{prefix}{child.name}.")
            elif isinstance(child, ast.ClassDef):
                yield from visit(child, f"{prefix}{child.name}.")
            else:
                yield from visit(child, prefix)

    yield from visit(ast.parse(source), "")


def complexities(source: str) -> Iterator[tuple[int, str, int]]:
    """``(line, name, complexity)`` of every block radon measures in *source* (nested functions too)."""

    def walk(block: Any, prefix: str) -> Iterator[tuple[int, str, int]]:
        name = getattr(block, "fullname", block.name)
        yield block.lineno, prefix + name, block.complexity
        for closure in getattr(block, "closures", ()):
            yield from walk(closure, f"{prefix}{name}.")

    for block in cc_visit(source):
        yield from walk(block, "")


def offenders(path: Path) -> list[str]:
    """What in the file at *path* breaks a size target, one line each."""
    source = path.read_text(encoding="utf-8")
    try:
        shown = path.resolve().relative_to(ROOT)
    except ValueError:
        shown = path
    out = [
        f"{shown}:{line}: {name}: {length} lines (at most {MAX_LINES}, docstring excluded)"
        for line, name, length in function_lengths(source)
        if length > MAX_LINES
    ]
    out += [
        f"{shown}:{line}: {name}: complexity {value} (at most {MAX_COMPLEXITY})"
        for line, name, value in complexities(source)
        if value > MAX_COMPLEXITY
    ]
    return sorted(out, key=lambda text: int(text.split(":")[1]))


def main(argv: list[str]) -> int:
    paths = [Path(a) for a in argv] or [ROOT / "src" / "remi"]
    files = sorted(f for p in paths for f in ([p] if p.is_file() else p.rglob("*.py")))
    found = [line for f in files for line in offenders(f)]
    for line in found:
        print(line)
    if found:
        print(
            f"check_sizes: {len(found)} over the targets ({MAX_LINES} lines, complexity {MAX_COMPLEXITY}).",
            file=sys.stderr,
        )
        return 1
    print(f"check_sizes: {len(files)} files within {MAX_LINES} lines and complexity {MAX_COMPLEXITY}.")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
