"""The installed distribution: one version, the metadata users see, and where ``remi`` comes from.

scripts/check-dist runs the test suite against the built wheel and the unpacked sdist with
``REMI_DIST_CHECK`` set to the source tree; then :func:`test_remi_is_the_installed_copy`
makes sure ``import remi`` found the installed package, not the sources.
"""

from __future__ import annotations

import importlib.metadata
import importlib.resources
import json
import os
import re
import tomllib
from pathlib import Path
from typing import Any

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


#: The extras a user installs: the framework adapters and Ray for self-play. Everything else is a
#: development tool and belongs in a dependency group, out of the published metadata.
USER_EXTRAS = {"openspiel", "pettingzoo", "ray"}
DEV_GROUPS = {"test", "typing", "docs", "lint", "layout", "dist", "matrix", "perf"}


def _pyproject() -> dict[str, Any]:
    if not PYPROJECT.exists():
        pytest.skip("no pyproject.toml next to the tests (the wheel check copies only tests/)")
    return tomllib.loads(PYPROJECT.read_text(encoding="utf-8"))


def _included(groups: dict[str, list[Any]], name: str) -> set[str]:
    """Every group *name* includes, itself too, following ``{include-group = ...}`` (PEP 735)."""
    found = {name}
    for entry in groups[name]:
        if isinstance(entry, dict):
            found |= _included(groups, entry["include-group"])
    return found


def test_the_metadata_carries_only_the_user_extras() -> None:
    """Issue 19: the published extras are what a user installs; the dev tools are dependency groups."""
    project = _pyproject()
    assert set(project["project"]["optional-dependencies"]) == USER_EXTRAS
    groups = project["dependency-groups"]
    assert DEV_GROUPS | {"bench", "dev"} <= set(groups)
    assert _included(groups, "dev") == DEV_GROUPS | {"dev"}
    tools = {"pytest", "mypy", "sphinx", "ruff", "build", "nox"}
    for extra, requirements in project["project"]["optional-dependencies"].items():
        names = {re.split(r"[<>=!~\[; ]", r, maxsplit=1)[0].lower() for r in requirements}
        assert not names & tools, f"the {extra} extra carries development tools: {names & tools}"


def test_the_built_metadata_lists_the_same_extras() -> None:
    """Issue 19: the wheel scripts/check-dist built and installed declares exactly the user extras."""
    if not os.environ.get("REMI_DIST_CHECK"):
        pytest.skip("REMI_DIST_CHECK is not set: the editable install's metadata may be stale")
    extras = set(importlib.metadata.metadata(DIST).get_all("Provides-Extra") or [])
    assert extras == USER_EXTRAS


def test_the_scripts_install_only_extras_and_groups_that_exist() -> None:
    """Issue 19: every ``.[extra]`` and ``--group name`` the scripts, CI, nox and the docs name exists."""
    project = _pyproject()
    extras = set(project["project"]["optional-dependencies"])
    groups = set(project["dependency-groups"])
    root = PYPROJECT.parent
    files = [root / "README.md", root / "noxfile.py", root / ".ci" / "run", root / ".readthedocs.yaml"]
    files += [*(root / "scripts").glob("check*"), *(root / "docs").rglob("*.rst")]
    seen = 0
    for path in (p for p in files if p.is_file()):
        text = path.read_text(encoding="utf-8")
        for named in re.findall(r"\.\[([a-z,]+)\]", text):
            assert set(named.split(",")) <= extras, f"{path.name}: .[{named}] names no extra"
            seen += 1
        for named in re.findall(r"--group[ \"']+(?:[^ \"':]*:)?([a-z]+)", text):
            assert named in groups, f"{path.name}: --group {named} names no dependency group"
            seen += 1
    assert seen >= 3, "the install commands were not found: the patterns above are stale"


def test_nothing_in_the_sdist_reads_a_file_outside_it() -> None:
    """Issue 19: the benches read their states from bench/data, which the sdist ships."""
    project = _pyproject()
    root = PYPROJECT.parent
    assert "bench" in project["tool"]["hatch"]["build"]["targets"]["sdist"]["include"]
    states = root / "bench" / "data" / "slow-states.json"
    assert len(json.loads(states.read_text(encoding="utf-8"))) == 40
    for script in sorted((root / "bench").glob("*.py")):
        text = script.read_text(encoding="utf-8")
        assert "shared/perf" not in text and '"shared" / "perf"' not in text, script.name
