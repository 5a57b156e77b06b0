"""Static types: mypy --strict accepts what remi accepts and rejects what it refuses.

Each test type-checks a small snippet with mypy (a dev dependency) in a
temporary directory, so it takes a few seconds.
"""

from __future__ import annotations

import re
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

pytest.importorskip("mypy")

GOOD = """
    import remi
    from remi import Card, Discard, Knock, LayOff, SwapJoker
    from remi.codes import CODES, ErrorCode
    from remi._types import StateDict

    a = Discard("♠7")
    b = Discard(Card("♠7"), shanghai=True)
    c = LayOff("♠9", 0, low=True)
    d = SwapJoker(remi.parse_card("♠3"), 1)
    e = Knock("9h")
    code: ErrorCode = "wrong-phase"
    error = remi.IllegalActionError(code, "Not now.")
    meaning: str = CODES[error.code]
    verdict = remi.check_meld("♠7 ♥7 ♦7", remi.NORWEGIAN)
    passed = verdict.code == "ok"
    data: StateDict = {"format": 1}
"""

# Each line must be reported by mypy (the line number is checked).
BAD = """
    import remi
    from remi import Discard, Knock, LayOff, SwapJoker

    Discard(123)
    Knock(None)
    LayOff("♠9", "2")
    SwapJoker(3.5, 1)
    remi.IllegalActionError("no-such-code", "A code that does not exist.")
    remi.check_meld("♠7 ♥7 ♦7", remi.NORWEGIAN).code == "gapp"
"""


def mypy(tmp_path: Path, source: str) -> tuple[int, str]:
    path = tmp_path / "snippet.py"
    path.write_text(textwrap.dedent(source).lstrip("\n"), encoding="utf-8")
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "mypy",
            "--strict",
            "--no-error-summary",
            "--cache-dir",
            str(tmp_path / "cache"),
            str(path),
        ],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        timeout=600,
    )
    return done.returncode, done.stdout + done.stderr


def test_mypy_accepts_card_text_and_known_codes(tmp_path: Path) -> None:
    status, output = mypy(tmp_path, GOOD)
    assert status == 0, output


def test_mypy_rejects_wrong_types_and_unknown_codes(tmp_path: Path) -> None:
    status, output = mypy(tmp_path, BAD)
    assert status == 1, output
    lines = {int(n) for n in re.findall(r"snippet\.py:(\d+): error", output)}
    expected = set(range(4, 10))
    assert lines == expected, output
