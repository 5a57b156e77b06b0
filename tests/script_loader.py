"""Load a script or an example that is not a package module (scripts/*.py, examples/*.py) by its path.

The module is registered in :data:`sys.modules` under *name* before it runs, so its
dataclasses and pickled values resolve (worker processes of examples/selfplay.py
unpickle by module name). Use a name no real module has (``remi_example_play``).
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType


def load_script(name: str, path: Path) -> ModuleType:
    """Run the file at *path* as the module *name* and return it."""
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None, path
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module
