"""Solving a postflop game: the state the iterations update, the passes over it, and the loop that runs them.

A solve holds one :class:`_State`: the regrets and strategy sums of every (decision node, action, hand) cell of a
:class:`pokerlab.solve._postflop_game._Game`'s storage, and the locked cells. :func:`_iterate` hands the game's
and the state's arrays (:func:`_arrays`) to the compiled loop (:func:`pokerlab.solve._postflop_kernels.run`):
discounted CFR (:data:`DCFR`) or CFR+, the exploitability measured every :data:`CHECK_EVERY` iterations until it
reaches the target, the loop returning to Python about every :data:`CALL_SECONDS` for the progress bar. It spreads
the river subtrees over numba's threads when the spot is large enough (:data:`PARALLEL_MIN_WORK`,
:func:`_parallel`). :func:`_run_pass` runs a single pass (CFR, best response or evaluation), :func:`_values` and
:func:`_exploitability` read both players' values from it. Building the game, locking nodes and wrapping the answer
in a :class:`~pokerlab.solve.postflop.PostflopSolution` are :func:`pokerlab.solve.postflop`'s work.

The constants are read here: code that changes one (a test, a benchmark) sets it on this module, not on
:mod:`pokerlab.solve.postflop`, which re-exports them; the same holds for the ``time`` the loop reads.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass
from typing import Any

import numpy as np

from pokerlab import _progress
from pokerlab.solve._postflop_game import _Game, _kernels
from pokerlab.solve._postflop_spec import _Spec

_DT = np.float32
"""The storage's type: regrets and strategy sums are float32."""

DCFR = (1.5, 0.0, 3.0, True)
"""Discounted CFR's (alpha, beta, gamma, restart the average at powers of 4); see
:func:`pokerlab.solve._postflop_kernels.discount`."""


@dataclass
class _State:
    regret: np.ndarray
    strat: np.ndarray
    lock: np.ndarray
    has_lock: bool
    compact: bool = False  # the arrays hold the isomorphism's representatives only (during a solve)


PARALLEL_MIN_WORK = 200_000
"""With ``threads=None``, a spot runs on numba's threads only when a pass visits at least this many
(node, hand) cells in its river subtrees (the sum over chance leaves of 44 subtrees' node counts times the
larger range's size): below it, starting the threads and waiting at the end of every pass costs more than
the second core gives (measured on a 2-core machine). Rivers always run on one thread (one subtree)."""


def _parallel(g: _Game, threads: int | None) -> bool:
    """Whether the river subtrees are spread over numba's threads (see :data:`PARALLEL_MIN_WORK`)."""
    import numba  # lazy: numba loads at the first solve (see _kernels)

    if len(g.leaves) * g.K <= 1 or numba.get_num_threads() <= 1:
        return False
    return threads is not None or g.work >= PARALLEL_MIN_WORK


def _arrays(g: _Game, s: _State) -> tuple[Any, ...]:
    """The tree's and the state's arrays, in the order every kernel of :mod:`pokerlab.solve._postflop_kernels`
    takes them (after the pass's own numbers)."""
    game, iso = g.kernel_arrays(s.compact)
    return (*game, s.regret, s.strat, s.lock, s.has_lock, iso)


def _run_pass(
    g: _Game, s: _State, t: int, mode: int, disc: tuple[float, float, float, float, bool], par: bool = False
) -> np.ndarray:
    K = _kernels()
    return K.solve_pass(
        par,
        t,
        mode,
        *_arrays(g, s),
        disc,
        float(g.pot),
    )


def _values(g: _Game, s: _State, mode: int, par: bool) -> tuple[float, float]:
    d = (1.0, 1.0, 1.0, 1.0, False)
    out = []
    for t in range(2):
        cfv = _run_pass(g, s, t, mode, d, par)
        out.append(float(np.dot(g.w[t, : g.nh[t]], cfv)) / g.Z)
    return out[0], out[1]


def _exploitability(g: _Game, s: _State, par: bool) -> float:
    """The mean of both best responses' gains, in chips (the solve takes it from :func:`run`'s answer)."""
    b0, b1 = _values(g, s, 1, par)
    return max(0.0, (b0 + b1 - g.pot) / 2)


CHECK_EVERY = 10
"""Iterations between two measurements of the exploitability (both best responses, about the cost of one
iteration), as postflop-solver does; the solve stops at the first checkpoint at or below the target."""

CALL_SECONDS = 0.1
"""How long one call into the compiled loop (:func:`pokerlab.solve._postflop_kernels.run`) may take before it
returns to Python for the progress bar: a river spot, a few milliseconds in all, solves in one or two calls
(each call costs tens of microseconds, an iteration's worth), a full turn returns at every checkpoint."""


def _iterate(g: _Game, s: _State, spec: _Spec) -> tuple[int, float, tuple[float, float], float]:
    """Iterate on ``s`` until the exploitability reaches ``spec.target`` times the pot or ``spec.max_iterations``
    are done, with a progress bar; numba's threads as ``spec.threads`` asks, restored after. Returns the
    iterations, the last exploitability measured (chips), both players' values and the seconds it took."""
    import numba  # lazy: numba loads at the first solve (see _kernels)

    K = _kernels()
    old = numba.get_num_threads()
    old_chunk = numba.get_parallel_chunksize()
    if spec.threads is not None:
        numba.set_num_threads(min(spec.threads, numba.config.NUMBA_NUM_THREADS))
    par = _parallel(g, spec.threads)
    numba.set_parallel_chunksize(1)  # one river subtree at a time to each thread (see the kernels)
    start = time.perf_counter()
    expl = math.inf
    it = 0
    checks = 1  # checkpoints in the next call: one to start with, then as many as fit in CALL_SECONDS
    value = (math.nan, math.nan)
    bar = _progress.bar(spec.max_iterations, "postflop", "it", disable=not spec.progress, leave=False)
    try:
        while True:
            t0 = time.perf_counter()
            before = it
            it, expls, vals = K.run(
                par,
                it,
                spec.max_iterations,
                CHECK_EVERY,
                checks,
                spec.target * g.pot,
                g.Z,
                spec.algorithm == "cfr+",
                *DCFR,
                *_arrays(g, s),
                float(g.pot),
            )  # iterations and checkpoints, and the values once the solve is over
            took = time.perf_counter() - t0
            at = before
            for e in expls:  # a progress line per checkpoint
                nxt = min(at + CHECK_EVERY - at % CHECK_EVERY, spec.max_iterations)
                bar.update(nxt - at)
                at = nxt
                expl = float(e)
                bar.set_postfix_str(f"{100 * expl / g.pot:.3f}% of the pot")
            if not math.isnan(vals[0]):
                value = (float(vals[0]), float(vals[1]))
                break
            checks = max(1, min(10_000, int(CALL_SECONDS / max(took / len(expls), 1e-9))))
    finally:
        bar.close()
        numba.set_num_threads(old)
        numba.set_parallel_chunksize(old_chunk)
    seconds = time.perf_counter() - start
    return it, expl, value, seconds
