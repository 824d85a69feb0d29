"""Heads-up push/fold solved exactly: one stack depth, and the 1-25 bb chart (241 depths, 0.1 bb apart).

Each depth is one linear programme of 338 variables (scipy's HiGHS dual simplex); the big blind's
strategy is its dual solution and the pair is checked by exact best responses. The first call also
reads the exact matrix (timed separately). Run:

    python benchmarks/bench_pushfold.py [--repeat 5]
"""

from __future__ import annotations

import argparse
import statistics
import time

from pokerlab.solve import push_fold, push_fold_chart


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5, help="solves of one depth to time (default 5)")
    args = parser.parse_args()
    t = time.perf_counter()
    push_fold(10)
    first = time.perf_counter() - t
    times = []
    worst = 0.0
    for k in range(args.repeat):
        t = time.perf_counter()
        r = push_fold(10 + 0.1 * k)
        times.append(time.perf_counter() - t)
        worst = max(worst, r.exploitability)
    t = time.perf_counter()
    chart = push_fold_chart()
    total = time.perf_counter() - t
    print(f"first solve (reads the matrix): {first:.3f} s")
    median = statistics.median(times)
    print(f"one stack depth (10 bb): median {median:.3f} s over {args.repeat}, exploitability <= {worst:.1e} bb")
    print(
        f"1-25 bb chart: {len(chart.stacks)} depths in {total:.2f} s ({total / len(chart.stacks):.3f} s each), "
        f"max exploitability {max(chart.exploitability):.1e} bb"
    )


if __name__ == "__main__":
    main()
