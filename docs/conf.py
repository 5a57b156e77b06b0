"""Sphinx configuration for remi's documentation (built with warnings as errors)."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path
from typing import Any

DOCS = Path(__file__).resolve().parent

# Document the source tree itself, whether or not remi is installed. (Not when remi is already
# imported: pytest collects this file among the doctests, and a run against the installed wheel
# must keep importing that copy.)
if "remi" not in sys.modules:
    sys.path.insert(0, str(DOCS.parent / "src"))

import remi  # noqa: E402

project = "remi"
author = "The remi authors"
copyright = "2026, The remi authors"
release = remi.__version__
version = ".".join(release.split(".")[:2])

extensions = ["sphinx.ext.autodoc", "sphinx.ext.intersphinx"]

exclude_patterns = ["_build", "_inv"]
root_doc = "index"
language = "en"

# Docstrings quote code with ``double backquotes``; a single `x` is a reference to a Python name.
default_role = "py:obj"

autodoc_member_order = "bysource"
autodoc_typehints = "signature"
add_module_names = False
# Every cross-reference must resolve (``-W`` fails the build otherwise), except these names that
# autodoc writes into signatures from annotations and that have no page to link to:
nitpicky = True
nitpick_ignore = [
    # GameState's base class (remi.game.state), private by design: its fields are documented on GameState.
    ("py:class", "StateCore"),
    # The TypeVar of the view helpers in remi.game.views (bound to ViewCore); a TypeVar has no page.
    ("py:class", "remi.game.views.V"),
    # random.Random as autodoc prints it from ``from random import Random``, unqualified, so
    # intersphinx cannot match it to the Python docs' random.Random.
    ("py:class", "Random"),
]

# Links to the Python and attrs docs. The inventories are read from docs/_inv/ (see the README
# there), never fetched: the docs build offline, with warnings as errors, the same everywhere.
intersphinx_mapping = {
    "python": ("https://docs.python.org/3", str(DOCS / "_inv" / "python.inv")),
    "attrs": ("https://www.attrs.org/en/stable", str(DOCS / "_inv" / "attrs.inv")),
}

# furo: code and doctest output scroll sideways instead of being cut off.
html_theme = "furo"
html_title = f"remi {release}"

#: Public modules whose classes' attribute comments (``#:`` on ``self.x = ...``) autodoc reads from the
#: private module that defines them: a public class names its public home as ``__module__``
#: (remi.catalogue.Catalogue), and autodoc looks for the source of ``__module__``.
SOURCE_OF = {"remi.catalogue": "remi.catalogue"}


def _publish_referee_page(app: Any, exc: Exception | None) -> None:
    """Copy build/web (bash scripts/build-web) to the built docs' referee/; nothing when it is absent."""
    web = Path(__file__).resolve().parent.parent / "build" / "web"
    if exc is None and app.builder.format == "html" and (web / "index.html").is_file():
        shutil.copytree(web, Path(app.outdir) / "referee", dirs_exist_ok=True)


def setup(app: Any) -> None:
    from sphinx.pycode import ModuleAnalyzer

    app.connect("build-finished", _publish_referee_page)

    for public, private in SOURCE_OF.items():
        ModuleAnalyzer.cache["module", public] = ModuleAnalyzer.for_module(private)
