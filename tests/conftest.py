"""Shared test configuration: hypothesis profiles.

``CI`` set (CI runs with ``CI=true``): the derandomized ``ci`` profile, so a
failure in CI replays exactly. Otherwise ``HYPOTHESIS_PROFILE`` or ``dev``.
"""

from __future__ import annotations

import os

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
