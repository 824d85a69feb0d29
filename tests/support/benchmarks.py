"""Load a script of ``benchmarks/`` as a module, the way it runs (``python benchmarks/x.py``: its folder first on
``sys.path``, so its ``from _common import record`` finds the folder's shared helpers)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

FOLDER = Path(__file__).resolve().parents[2] / "benchmarks"


def load(name: str) -> ModuleType:
    """The script ``benchmarks/<name>.py`` as a module (loaded once per process, as an import would)."""
    if name in sys.modules:
        return sys.modules[name]
    if str(FOLDER) not in sys.path:
        sys.path.insert(0, str(FOLDER))
    spec = importlib.util.spec_from_file_location(name, FOLDER / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module
