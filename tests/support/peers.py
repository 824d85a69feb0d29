"""The peers the suite checks pokerlab against (eval7, treys, pokerkit, OpenSpiel, dask, vl-convert).

They are all in the ``test`` extra, so in the suite's own environment a missing peer is a broken
install, not a reason to skip: :func:`peer` fails the test, naming the package to install. Set
``POKERLAB_ALLOW_MISSING_PEERS=1`` to skip instead (e.g. on a platform where a peer has no wheel);
the skip then says which anchor was not checked.
"""

from __future__ import annotations

import importlib
import os
from types import ModuleType

import pytest

PACKAGES = {
    "eval7": "eval7",
    "treys": "treys",
    "pokerkit": "pokerkit",
    "pyspiel": "open_spiel",
    "open_spiel.python.algorithms.exploitability": "open_spiel",
    "distributed": "distributed",
    "vl_convert": "vl-convert-python",
    "ruff": "ruff",
    "mypy": "mypy",
    "nbgrader": "nbgrader",
    "myst_nb": "jupyter-book",
    "jupyterlab": "jupyterlab",
}


def peer(module: str) -> ModuleType:
    """Import a peer module, or fail (skip only when ``POKERLAB_ALLOW_MISSING_PEERS`` is set)."""
    try:
        return importlib.import_module(module)
    except ImportError as exc:
        package = PACKAGES.get(module, module.split(".")[0])
        message = f"the peer {module} is missing ({exc}); install the test extra: pip install -e '.[test]' ({package})"
        if os.environ.get("POKERLAB_ALLOW_MISSING_PEERS"):
            pytest.skip(message)
        pytest.fail(message, pytrace=False)
