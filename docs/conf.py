"""Sphinx configuration for remi's documentation (built with warnings as errors)."""

from __future__ import annotations

import sys
from pathlib import Path

# Document the source tree itself, whether or not remi is installed.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

import remi  # noqa: E402

project = "remi"
author = "The remi authors"
copyright = "2026, The remi authors"
release = remi.__version__
version = ".".join(release.split(".")[:2])

extensions = ["sphinx.ext.autodoc"]

exclude_patterns = ["_build"]
root_doc = "index"
language = "en"

# Docstrings quote code with ``double backquotes``; a single `x` is a reference to a Python name.
default_role = "py:obj"

autodoc_member_order = "bysource"
autodoc_typehints = "signature"
add_module_names = False

html_theme = "alabaster"
html_title = f"remi {release}"
html_theme_options = {
    "description": "The rules of the rummy family as immutable values",
    "fixed_sidebar": False,
}
