"""Compile pokerlab's kernels once, before many processes would each compile them.

numba compiles a kernel on its first call and caches the machine code on disk (``cache=True``: beside the
package, or in ``$NUMBA_CACHE_DIR``), so on a fresh install the first run of each kernel waits for it:
about 130 s of one core for the kernels the lessons and bots use, 100 s of them the postflop solver's. One
process pays that once; but processes that start before any cache exists each compile what they use.
:func:`warm_kernels` calls each kernel the lessons and the bots use once, on the smallest input, with the
argument types the library passes, so that numba compiles (or loads) each of them and writes it to its
cache. The test suite calls it before its workers start (``conftest.py``, in :data:`PARTS` processes side by
side): on a fresh clone both workers, and every notebook the course round trip grades, compiled on their own
(the round trip's half a took 120 s on a cold cache, 81 s on a warm one). :func:`cache_folders` says where
the cache is, for the grader, which copies it into each sandboxed kernel.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from pokerlab import _compiled, _validate, evaluator, strength
from pokerlab.equities import equity
from pokerlab.solve.cfr import cfr
from pokerlab.solve.games import game
from pokerlab.solve.postflop import _load_kernels

PARTS = 2
""":func:`warm_kernels` splits its calls into this many parts of about equal compile time (``part=k``), so
that as many processes can compile them side by side."""


def _dispatchers() -> list[Any]:
    """Every compiled kernel of pokerlab: the numba dispatchers of the three kernel modules."""
    from numba.core.dispatcher import Dispatcher

    _kernels = _compiled.kernels()
    from pokerlab.solve import (  # lazy, as every kernel module: it loads numba
        _kernels as solve_kernels,
        _postflop_kernels as postflop_kernels,
    )

    modules = (_kernels, solve_kernels, postflop_kernels)
    return [f for module in modules for f in vars(module).values() if isinstance(f, Dispatcher)]


def compiled_signatures() -> int:
    """How many (kernel, argument types) pairs this process holds, compiled or loaded from the cache."""
    return sum(len(f.signatures) for f in _dispatchers())


def cache_folders() -> list[tuple[Path, Path]]:
    """Where numba keeps pokerlab's compiled kernels for this process's settings, as (cache folder, folder of
    the kernels' source) pairs: the cache sits beside the package when it can write there, else in
    ``$NUMBA_CACHE_DIR`` or numba's folder in the user's cache."""
    folders: dict[str, tuple[Path, Path]] = {}
    for f in _dispatchers():
        path = getattr(getattr(f, "_cache", None), "_cache_path", None)  # numba's own answer (not public API)
        source = getattr(getattr(f, "py_func", None), "__code__", None)
        if isinstance(path, str) and source is not None:
            folders.setdefault(path, (Path(path), Path(source.co_filename).parent))
    return list(folders.values())


def _evaluator_rows(dtype: Any) -> None:
    import numpy as np

    evaluator.evaluate_batch(np.array([[0, 4, 8, 12, 17]], dtype))  # 5 and 6 cards share a kernel
    evaluator.evaluate_batch(np.array([[0, 4, 8, 12, 17, 21, 25]], dtype))  # 7 cards have their own


def _strength() -> None:
    strength.hand_strength("AsKs", "2c3d4h")
    strength.hand_potential("AsKs", "2c3d4h5s", lookahead=1)


def _counts() -> None:
    evaluator.category_counts(5, progress=False)  # the counting walk over every hand of a size


def _cfr() -> None:
    kuhn = game("kuhn")
    cfr(kuhn, 2, record=0)  # CFR's compiled walk
    cfr(kuhn, 2, "mccfr", seed=1, record=0)  # MCCFR's


def _equity() -> None:
    equity("AsKs", "QhQd", board="2c3d4h5s6c")  # hands against hands, exact
    equity("AsKs", board="2c3d4h5s")  # against a random hand (range against range), exact
    equity("AsKs", "QhQd", samples=10, seed=1)  # Monte Carlo


def _board_strengths() -> None:
    import numpy as np

    _kernels = _compiled.kernels()

    _kernels.board_strengths(np.array([0, 4, 8], np.int64))  # the showdown bots' table of a board


def _postflop() -> None:
    _load_kernels()  # the postflop solver's kernels (lesson 12): a tiny river spot solved once


def _steps() -> list[list[Callable[[], None]]]:
    import numpy as np

    # seconds of one core to compile, measured on a cold cache: about 100 | 10, 1.5, 1.6 + 4.9, 3.8, 10.5, 11.7, 4.4
    # (the postflop solver's kernels alone take longer than all the others together: they are one part)
    return [
        [_postflop],
        [
            lambda: _evaluator_rows(np.uint8),
            _counts,
            _strength,
            _cfr,
            lambda: _evaluator_rows(np.int64),
            _equity,
            _board_strengths,
        ],
    ]


def warm_kernels(part: int | None = None) -> int:
    """Compile (or load from numba's cache) every kernel the lessons and the bots use, or with ``part=k``
    (0 .. :data:`PARTS` - 1) one share of them; return how many (kernel, argument types) pairs this process
    then holds.

    Each call is the smallest input of a public function with the argument types the library passes its
    kernel (the evaluator's two row types, uint8 and int64; int64 card ids elsewhere), and its answer is
    thrown away. On a warm cache it takes about a second and a half (numba loads the cached code); on a
    cold one about 130 s of one core (100 s of them the postflop solver's, one part alone). Left to compile on
    first use: the kernels of the exact preflop table and matrix (the lessons read the committed files), the
    plain reference kernels the tests compare with, and exact equity of three or more ranges.

    >>> warm_kernels(part=5)
    Traceback (most recent call last):
    ...
    pokerlab.errors.ParameterError: part must be 0..1 or None, not 5
    """
    steps = _steps()
    if part is not None:
        part = _validate.whole(
            part, "part", lo=0, hi=len(steps) - 1, message=f"part must be 0..{len(steps) - 1} or None"
        )
    for share in steps if part is None else [steps[part]]:
        for step in share:
            step()
    return compiled_signatures()
