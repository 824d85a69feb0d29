"""The compiled kernels, loaded on first use.

:mod:`pokerlab._kernels` imports numba, which costs about half a second and 100 MB; ``import pokerlab`` and a
lesson's first cell do not need it, and the one-answer commands (``pokerlab eval``) answer in numpy without it.
So every module that runs a kernel asks for the package here, in the function that runs it, and this module
holds the one import of it inside a function (tests/project/test_api.py keeps the others at module level)."""

from __future__ import annotations

from types import ModuleType


def kernels() -> ModuleType:
    """:mod:`pokerlab._kernels`, imported (and numba with it) the first time a kernel runs."""
    from pokerlab import _kernels  # lazy: importing numba is what this module exists to postpone

    return _kernels
