"""scripts/check_sizes.py, the size targets scripts/check holds src/remi to (docs/design.rst, "Sizes"):
no function over 60 lines (its docstring left out), no block over radon complexity 20."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

pytest.importorskip("radon")

ROOT = Path(__file__).resolve().parent.parent


def load() -> ModuleType:
    path = ROOT / "scripts" / "check_sizes.py"
    spec = importlib.util.spec_from_file_location("check_sizes", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["check_sizes"] = module
    spec.loader.exec_module(module)
    return module


def function(name: str, body_lines: int, docstring_lines: int = 0, indent: str = "") -> str:
    """A function of ``1 + body_lines`` lines plus a docstring of *docstring_lines* lines."""
    lines = [f"{indent}def {name}(x):"]
    if docstring_lines:
        lines += [f'{indent}    """'] + [f"{indent}    doc"] * (docstring_lines - 2) + [f'{indent}    """']
    lines += [f"{indent}    x = x + {i}" for i in range(body_lines)]
    return "\n".join(lines) + "\n"


def branches(name: str, ifs: int) -> str:
    """A function of radon complexity ``1 + ifs``."""
    return (
        f"def {name}(x):\n"
        + "".join(f"    if x == {i}:\n        return {i}\n" for i in range(ifs))
        + "    return x\n"
    )


def test_a_function_of_60_lines_passes_and_61_fail_the_docstring_left_out(tmp_path: Path):
    sizes = load()
    source = function("fits", 59, docstring_lines=30) + function("long", 60) + function("docs", 59, 5)
    path = tmp_path / "m.py"
    path.write_text(source)
    found = sizes.offenders(path)
    assert len(found) == 1
    assert found[0].endswith("m.py:91: long: 61 lines (at most 60, docstring excluded)")
    assert {name: n for _, name, n in sizes.function_lengths(source)} == {"fits": 60, "long": 61, "docs": 60}


def test_nested_functions_and_methods_are_measured_with_their_names(tmp_path: Path):
    sizes = load()
    source = (
        "class C:\n"
        + function("method", 61, indent="    ")
        + "def outer():\n"
        + function("inner", 3, indent="    ")
    )
    lengths = {name: n for _, name, n in sizes.function_lengths(source)}
    assert lengths == {"C.method": 62, "outer": 5, "outer.inner": 4}
    path = tmp_path / "m.py"
    path.write_text(source)
    assert [line.split(": ", 1)[1] for line in sizes.offenders(path)] == [
        "C.method: 62 lines (at most 60, docstring excluded)"
    ]


def test_complexity_20_passes_and_21_fails(tmp_path: Path):
    sizes = load()
    source = branches("calm", 19) + branches("busy", 20)
    assert {name: c for _, name, c in sizes.complexities(source)} == {"calm": 20, "busy": 21}
    path = tmp_path / "m.py"
    path.write_text(source)
    (line,) = sizes.offenders(path)
    assert line.endswith(
        f":{source.splitlines().index('def busy(x):') + 1}: busy: complexity 21 (at most 20)"
    )


def test_the_exit_status_says_whether_any_target_is_broken(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
):
    sizes = load()
    good, bad = tmp_path / "good", tmp_path / "bad"
    good.mkdir()
    bad.mkdir()
    (good / "a.py").write_text(branches("calm", 19))
    (bad / "a.py").write_text(branches("busy", 25))
    assert sizes.main([str(good)]) == 0
    assert sizes.main([str(bad)]) == 1
    out = capsys.readouterr().out
    assert "a.py:1: busy: complexity 26 (at most 20)" in out
