"""Shared test configuration: hypothesis profiles and the ``sweep`` marker.

``CI`` set (CI runs with ``CI=true``): the derandomized ``ci`` profile, so a
failure in CI replays exactly. Otherwise ``HYPOTHESIS_PROFILE`` or ``dev``.
Every pytest-xdist worker imports this file too, so each loads the same profile.

The long sweeps, which play whole matches of every preset and option combination
(tests/conformance, the seeded random playouts of tests/rules and the every-phase
views of tests/test_views.py, about two thirds of the suite's time), carry the ``sweep`` marker (registered in pyproject.toml):
``-m "not sweep"`` is the quick selection of scripts/check (by default),
scripts/check-dist and noxfile.py. ``scripts/check --sweeps`` runs everything, and
CI (.ci/run) runs it so.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import settings

settings.register_profile("ci", derandomize=True, deadline=None, max_examples=100, print_blob=True)
settings.register_profile("dev", deadline=None, max_examples=100)

if os.environ.get("CI"):
    settings.load_profile("ci")
else:
    settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))


def pytest_configure(config: object) -> None:
    """Register the ``rule(label, ...)`` marker: the rules-page labels a test pins down."""
    config.addinivalue_line(  # type: ignore[attr-defined]
        "markers",
        "rule(*labels): the docs/rules/ labels of the rules this test checks",
    )


#: The long sweeps: every test under tests/conformance, and these test functions of tests/rules and
#: tests/test_views.py (three whole matches of every preset, every seat's view checked against a
#: twin at every step: a fifth of the quick selection's time before it joined the sweeps).
SWEEP_DIR = Path(__file__).resolve().parent / "conformance"
SWEEP_NAMES = (
    "test_seeded_random_playouts",
    "test_seeded_gin_matches",
    "test_every_phase_is_reached_and_viewed",
)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark the long sweeps ``sweep``."""
    for item in items:
        if SWEEP_DIR in item.path.parents or item.name.startswith(SWEEP_NAMES):
            item.add_marker(pytest.mark.sweep)
