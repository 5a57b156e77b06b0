"""The installed distribution: one version, the metadata users see, and where ``remi`` comes from.

scripts/check-dist runs the test suite against the built wheel and the unpacked sdist with
``REMI_DIST_CHECK`` set to the source tree; then :func:`test_remi_is_the_installed_copy`
makes sure ``import remi`` found the installed package, not the sources.
"""

from __future__ import annotations

import importlib.metadata
import importlib.resources
import os
import tomllib
from pathlib import Path

import pytest

import remi

DIST = "remi-rules"
PYPROJECT = Path(__file__).resolve().parent.parent / "pyproject.toml"


def test_version_is_the_installed_metadata() -> None:
    assert remi.__version__ == importlib.metadata.version(DIST)


def test_version_is_written_once() -> None:
    if not PYPROJECT.exists():
        pytest.skip("no pyproject.toml next to the tests (the wheel check copies only tests/)")
    project = tomllib.loads(PYPROJECT.read_text(encoding="utf-8"))
    assert "version" not in project["project"], "the version belongs in src/remi/__init__.py only"
    assert "version" in project["project"]["dynamic"]
    assert project["tool"]["hatch"]["version"]["path"] == "src/remi/__init__.py"


def test_metadata_names_source_issues_docs_and_changelog() -> None:
    urls = dict(
        entry.split(", ", 1) for entry in importlib.metadata.metadata(DIST).get_all("Project-URL") or []
    )
    assert {"Source", "Issues", "Documentation", "Changelog"} <= set(urls)
    assert all(url.startswith("https://") for url in urls.values())
    assert importlib.metadata.metadata(DIST)["Requires-Python"] == ">=3.11"


def test_the_package_is_typed() -> None:
    assert importlib.resources.files("remi").joinpath("py.typed").is_file()


def test_remi_is_the_installed_copy() -> None:
    source = os.environ.get("REMI_DIST_CHECK")
    if not source:
        pytest.skip("REMI_DIST_CHECK is not set: this run tests the source tree")
    imported = Path(remi.__file__).resolve()
    assert not imported.is_relative_to(Path(source).resolve()), (
        f"import remi found {imported}, inside the source tree {source}, not the installed copy"
    )
    assert "site-packages" in imported.parts, imported
