"""CFR and CFR+ on Kuhn and Leduc: pokerlab.solve against OpenSpiel's C++ solvers, in the same run.

For each game and variant both libraries run the same number of iterations
(1,000 by default) on one core; the script prints the time, the exploitability
of the average policy (both measured by pokerlab, and OpenSpiel's own number
for its policy) and the speed ratio. pokerlab's iterates equal OpenSpiel's
(tests/solve/test_solve_openspiel.py) up to floating-point rounding, which regret
matching amplifies over hundreds of iterations (after 1,000 iterations on Leduc
the two exploitabilities differ by a few per cent either way, as pokerlab's own
numba and numpy engines do).
External-sampling MCCFR (``solve.cfr(game, n, "mccfr", seed=s)``, the compiled
walk) is timed against OpenSpiel's C++ ``ExternalSamplingMCCFRSolver`` for
``--mccfr-iterations`` iterations (10,000 by default), interleaved over 5 seeds,
best time of each, with both libraries' mean exploitability over the seeds
(measured by pokerlab; both update player 0 then player 1 per iteration).
Without OpenSpiel installed only pokerlab is timed. The rows are written to
``benchmarks/results/bench_cfr.json`` for docs/results.md. Run:

    python benchmarks/bench_cfr.py [--iterations 1000] [--mccfr-iterations 10000] [--skip-openspiel]
"""

from __future__ import annotations

import argparse
import time

import numpy as np
from _common import record

from pokerlab import solve


def openspiel_run(name: str, variant: str, iterations: int) -> tuple[float, float] | None:
    try:
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game({"kuhn": "kuhn_poker", "leduc": "leduc_poker"}[name])
    t = time.perf_counter()
    solver = (pyspiel.CFRPlusSolver if variant == "cfr+" else pyspiel.CFRSolver)(game)
    for _ in range(iterations):
        solver.evaluate_and_update_policy()
    seconds = time.perf_counter() - t
    return seconds, pyspiel.exploitability(game, solver.average_policy())


def pokerlab_run(name: str, variant: str, iterations: int, engine: str = "numba") -> tuple[float, float]:
    game = solve.game(name)
    solve.cfr(game, 2, variant, record=0, engine=engine)  # compile (or load the cached kernel)
    t = time.perf_counter()
    result = solve.cfr(game, iterations, variant, record=0, engine=engine)
    seconds = time.perf_counter() - t
    return seconds, solve.exploitability(game, result.average_policy)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--iterations", type=int, default=1000)
    parser.add_argument("--mccfr-iterations", type=int, default=10_000)
    parser.add_argument("--skip-openspiel", action="store_true")
    args = parser.parse_args()
    n = args.iterations
    print(f"{n:,} iterations, one core; exploitability of the average policy in chips per hand")
    results = []
    for name, variant in (("kuhn", "cfr+"), ("kuhn", "cfr"), ("leduc", "cfr+"), ("leduc", "cfr")):
        ours, ours_e = pokerlab_run(name, variant, n)
        numpy_s, _ = pokerlab_run(name, variant, max(1, n // 10), engine="numpy")
        line = (
            f"{name:5} {variant:4}: pokerlab {ours:7.3f} s (exploitability {ours_e:.6f});"
            f" numpy engine {numpy_s * n / max(1, n // 10):6.2f} s (from {max(1, n // 10)} iterations)"
        )
        peer = None if args.skip_openspiel else openspiel_run(name, variant, n)
        results.append((name, variant, ours, ours_e, *(peer or (None, None))))
        if peer is None:
            print(line + "; OpenSpiel not installed (pip install open_spiel)")
            continue
        print(line + f"; OpenSpiel C++ {peer[0]:7.3f} s ({peer[1]:.6f}) -> {peer[0] / ours:.0f}x")
        m, seconds, e = n, ours, ours_e
        while e > peer[1] * (1 + 1e-9) and m < 2 * n:  # a few more iterations to reach OpenSpiel's number
            m += max(1, n // 100)
            seconds, e = pokerlab_run(name, variant, m)
        if e <= peer[1] * (1 + 1e-9):
            print(f"      pokerlab reaches OpenSpiel's {peer[1]:.6f} after {m:,} iterations in {seconds:.3f} s")
        else:
            print(f"      pokerlab does not reach OpenSpiel's {peer[1]:.6f} within {2 * n:,} iterations")
    rows = [
        {
            "what": f"{name} {variant}, {n:,} iterations (`solve.cfr`, one core)",
            "pokerlab": f"{seconds:.3f} s, exploitability {e:.6f}",
            "peer": "" if peer_s is None else f"OpenSpiel C++: {peer_s:.3f} s, {peer_e:.6f}",
            "ratio": "" if peer_s is None else f"**{peer_s / seconds:.0f}x**",
            "target": "",
        }
        for name, variant, seconds, e, peer_s, peer_e in results
    ]
    m = args.mccfr_iterations
    for name in ("kuhn", "leduc"):
        ours_s, ours_e, peer_s, peer_e = mccfr_compare(name, m, skip=args.skip_openspiel)
        text = f"{name:5} mccfr: {m:,} external-sampling iterations, best of 5 seeds: pokerlab {ours_s:.3f} s"
        text += f" ({m / ours_s:,.0f} it/s; mean exploitability {ours_e:.4f})"
        if peer_s is None:
            print(text + "; OpenSpiel not installed")
        else:
            print(
                text
                + f"; OpenSpiel C++ {peer_s:.3f} s ({m / peer_s:,.0f} it/s; {peer_e:.4f}) -> {peer_s / ours_s:.1f}x"
            )
        rows.append(
            {
                "what": f"{name} external-sampling MCCFR, {m:,} iterations, 5 seeds (mean exploitability)",
                "pokerlab": f"{m / ours_s:,.0f} it/s ({ours_e:.4f})",
                "peer": ""
                if peer_s is None
                else f"OpenSpiel C++ `ExternalSamplingMCCFRSolver`: {m / peer_s:,.0f} it/s ({peer_e:.4f})",
                "ratio": "" if peer_s is None else f"**{peer_s / ours_s:.1f}x**",
                "target": "≥ 1x (Leduc)" if name == "leduc" else "",
            }
        )
    record("bench_cfr", rows)


def mccfr_compare(name: str, iterations: int, skip: bool) -> tuple[float, float, float | None, float | None]:
    """Best seconds and mean exploitability over seeds 0-4, pokerlab's compiled walk and OpenSpiel's, interleaved."""
    game = solve.game(name)
    solve.cfr(game, 2, "mccfr", seed=0, record=0)  # load (or compile) the kernel
    try:
        import pyspiel
    except ImportError:
        pyspiel = None
    if skip:
        pyspiel = None
    ours, ours_e, theirs, theirs_e = [], [], [], []
    for seed in range(5):
        t = time.perf_counter()
        result = solve.cfr(game, iterations, "mccfr", seed=seed, record=0)
        ours.append(time.perf_counter() - t)
        ours_e.append(result.exploitability)
        if pyspiel is not None:
            peer_game = pyspiel.load_game({"kuhn": "kuhn_poker", "leduc": "leduc_poker"}[name])
            t = time.perf_counter()
            solver = pyspiel.ExternalSamplingMCCFRSolver(peer_game, seed)
            for _ in range(iterations):
                solver.run_iteration()
            theirs.append(time.perf_counter() - t)
            theirs_e.append(pyspiel.exploitability(peer_game, solver.average_policy()))
    if pyspiel is None:
        return min(ours), float(np.mean(ours_e)), None, None
    return min(ours), float(np.mean(ours_e)), min(theirs), float(np.mean(theirs_e))


if __name__ == "__main__":
    main()
