"""CFR and CFR+ on Kuhn and Leduc: pokerlab.solve against OpenSpiel's C++ solvers, in the same run.

For each game and variant both libraries run the same number of iterations
(1,000 by default) on one core; the script prints the time, the exploitability
of the average policy (both measured by pokerlab, and OpenSpiel's own number
for its policy) and the speed ratio. pokerlab's iterates equal OpenSpiel's
(tests/test_solve_openspiel.py) up to floating-point rounding, which regret
matching amplifies over hundreds of iterations (after 1,000 iterations on Leduc
the two exploitabilities differ by a few per cent either way, as pokerlab's own
numba and numpy engines do).
Without OpenSpiel installed only pokerlab is timed. Run:

    python benchmarks/bench_cfr.py [--iterations 1000] [--skip-openspiel]
"""

from __future__ import annotations

import argparse
import time

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
    parser.add_argument("--skip-openspiel", action="store_true")
    args = parser.parse_args()
    n = args.iterations
    print(f"{n:,} iterations, one core; exploitability of the average policy in chips per hand")
    for name, variant in (("kuhn", "cfr+"), ("kuhn", "cfr"), ("leduc", "cfr+"), ("leduc", "cfr")):
        ours, ours_e = pokerlab_run(name, variant, n)
        numpy_s, _ = pokerlab_run(name, variant, max(1, n // 10), engine="numpy")
        line = (
            f"{name:5} {variant:4}: pokerlab {ours:7.3f} s (exploitability {ours_e:.6f});"
            f" numpy engine {numpy_s * n / max(1, n // 10):6.2f} s (from {max(1, n // 10)} iterations)"
        )
        peer = None if args.skip_openspiel else openspiel_run(name, variant, n)
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
    game = solve.game("leduc")
    t = time.perf_counter()
    sampled = solve.cfr(game, 10 * n, "mccfr", seed=1, record=0)
    print(
        f"leduc mccfr: {10 * n:,} external-sampling iterations in {time.perf_counter() - t:.2f} s,"
        f" exploitability {solve.exploitability(game, sampled.average_policy):.4f}"
    )


if __name__ == "__main__":
    main()
