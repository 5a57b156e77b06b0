"""The quick test selection on every supported Python this machine has, and on the lowest attrs.

``nox`` runs every session; ``nox -s attrs_lowest`` or ``nox -s tests-3.12`` one of them; ``nox -l``
lists them. Extra arguments after ``--`` go to pytest (``nox -s tests-3.13 -- -n 2``).

- ``tests-3.11``, ``tests-3.12``, ``tests-3.13``: remi (editable) with the test group on each
  Python: the first ``python3.X`` on PATH that runs, else ``$PYENV_ROOT/versions/3.X*/bin``
  (PYENV_ROOT defaults to ~/.pyenv: pyenv's shims refuse a version that is not selected); a Python
  the machine lacks is skipped, not failed.
- ``attrs_lowest``: the same on the interpreter nox runs on, with attrs pinned to the floor that
  pyproject.toml declares (23.1.0). CI (.ci/run) does not run this one: its dist step runs the same
  quick selection against the built wheel installed with LOWEST_ATTRS, on the first other Python it
  finds (3.12 first), and then skips that Python's ``tests-3.X`` session.

The quick selection stops at the first failure and leaves out the long sweeps (the ``sweep`` marker,
tests/conftest.py): whole matches of every preset and option combination exercise the rules engine,
which is the same pure Python on every interpreter and attrs version; CI runs them in
``scripts/check --sweeps``.
pytest runs in one process (no pytest-xdist workers) unless ``-n`` is passed after ``--``: .ci/run
runs the sessions side by side, beside its other steps. A session takes about 3 minutes of one core
(quick selection 2.7 CPU-minutes on this repository's 2-core machine; 6 minutes of wall time beside
the rest of .ci/run).
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import nox

PYTHONS = ["3.11", "3.12", "3.13"]
LOWEST_ATTRS = "attrs==23.1.0"
QUICK = ["-x", "-q", "-p", "no:cacheprovider", "-m", "not sweep"]
VERSIONS = (
    "import importlib.metadata as m, remi, sys; "
    "print('remi', remi.__version__, 'attrs', m.version('attrs'), 'python', sys.version.split()[0])"
)


def _runs(python: str) -> bool:
    """Whether *python* is on PATH and starts (a pyenv shim of an unselected version does not)."""
    found = shutil.which(python)
    return found is not None and subprocess.run([found, "-c", ""], capture_output=True).returncode == 0


def _find_pyenv_versions() -> None:
    """Put ``$PYENV_ROOT/versions/3.X*/bin`` on PATH for each Python of PYTHONS that PATH lacks."""
    root = Path(os.environ.get("PYENV_ROOT", Path.home() / ".pyenv"))
    for version in PYTHONS:
        if _runs(f"python{version}"):
            continue
        for bin_dir in sorted(root.glob(f"versions/{version}.*/bin")):
            if (bin_dir / f"python{version}").is_file():
                os.environ["PATH"] = os.pathsep.join([str(bin_dir), os.environ.get("PATH", "")])
                break


_find_pyenv_versions()
nox.options.error_on_missing_interpreters = False
nox.options.reuse_existing_virtualenvs = True
nox.options.sessions = [*(f"tests-{version}" for version in PYTHONS), "attrs_lowest"]


def quick_selection(session: nox.Session, *pins: str) -> None:
    """Install remi with the test group (and *pins*), print the versions, run the quick selection."""
    # pip >= 25.1 reads the dependency groups of pyproject.toml (--group).
    session.run("python", "-m", "pip", "install", "-q", "--disable-pip-version-check", "-U", "pip>=25.1")
    session.install("-q", "--disable-pip-version-check", "-e", ".", "--group", "test", *pins)
    session.run("python", "-c", VERSIONS)
    env = {"CI": os.environ.get("CI", "true")}
    session.run("python", "-m", "pytest", *QUICK, *session.posargs, env=env)


@nox.session(python=PYTHONS)
def tests(session: nox.Session) -> None:
    """The quick selection on one Python."""
    quick_selection(session)


@nox.session
def attrs_lowest(session: nox.Session) -> None:
    """The quick selection with the lowest attrs remi supports."""
    quick_selection(session, LOWEST_ATTRS)
