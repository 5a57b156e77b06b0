"""The adapter examples run (small): what docs/frameworks.rst shows keeps working."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import pytest

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
BENCH = Path(__file__).resolve().parents[2] / "bench"


def _load(path: Path) -> ModuleType:
    spec = importlib.util.spec_from_file_location(f"remi_example_{path.stem}", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_openspiel_example(capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("pyspiel")
    example = _load(EXAMPLES / "openspiel_mcts.py")
    assert example.main(["--games", "1", "--simulations", "4", "--max-turns", "20"]) == 0
    assert "ISMCTS seat 0: mean return" in capsys.readouterr().out


def test_pettingzoo_example(capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("pettingzoo")
    example = _load(EXAMPLES / "pettingzoo_random.py")
    assert example.main(["--preset", "kalooki", "--players", "3", "--render"]) == 0
    out = capsys.readouterr().out
    assert "rewards: player_0" in out and "Kalooki" in out


def test_bench_tiny(capsys: pytest.CaptureFixture[str]) -> None:
    bench = _load(BENCH / "bench_adapters.py")
    assert bench.main(["--games", "1", "--presets", "gin:2"]) == 0
    assert "gin" in capsys.readouterr().out
