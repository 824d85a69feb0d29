"""Small helpers shared by the benchmark scripts (timing, peers, printing)."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable


def _times(fn: Callable[[], object], repeat: int) -> list[float]:
    fn()  # warm up
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return times


def best_of(fn: Callable[[], object], repeat: int = 5) -> float:
    """The fastest of ``repeat`` runs, in seconds (after one warm-up call)."""
    return min(_times(fn, repeat))


def median_of(fn: Callable[[], object], repeat: int = 5) -> float:
    """The median of ``repeat`` runs, in seconds (after one warm-up call)."""
    return statistics.median(_times(fn, repeat))


def require_peer(name: str):
    try:
        return __import__(name)
    except ImportError:
        raise SystemExit(f"{name} is needed for this comparison: pip install -e '.[test]'") from None


def duplicate_matches(matchups: list[tuple[str, str]], rules: object, description: str, out: str) -> None:
    """Play every (A, B) duplicate heads-up match in parallel and write/print A's win rates (mbb/hand, 95 % CI).

    Shared by the evidence scripts; ``--deals``, ``--workers``, ``--seed`` and ``--out`` come from the
    command line.
    """
    import argparse
    import csv
    from concurrent.futures import ProcessPoolExecutor

    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--deals", type=int, default=20_000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--out", default=out)
    args = parser.parse_args()
    tasks = [(a, b, args.deals, args.seed, rules) for a, b in matchups]
    with ProcessPoolExecutor(args.workers) as pool:
        rows = list(pool.map(_one_match, tasks))
    fields = ["a", "b", "rules", "deals", "hands", "mbb_per_hand", "ci95_low", "ci95_high", "faults", "seed", "seconds"]
    with open(args.out, "w", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=fields)
        writer.writeheader()
        for r in rows:
            writer.writerow({k: r[k] for k in fields})
            print(
                f"{r['a']:>28} vs {r['b']:<28} {r['mbb_per_hand']:+9.1f} mbb/hand  "
                f"[{r['ci95_low']:+.1f}, {r['ci95_high']:+.1f}]  faults {r['faults']}  {r['seconds']} s"
            )


def _one_match(task: tuple) -> dict:
    from pokerlab.experiments import run_duplicate

    a, b, deals, seed, rules = task
    t = time.perf_counter()
    result = run_duplicate(a, b, hands=deals, seed=seed, rules=rules)
    result["seconds"] = round(time.perf_counter() - t, 1)
    result["seed"] = seed
    return result


RESULTS = __import__("pathlib").Path(__file__).with_name("results")


def record(script: str, rows: list[dict[str, str]], measured: dict | None = None) -> None:
    """Write this script's rows of the performance table in ``docs/results.md`` to ``benchmarks/results/SCRIPT.json``.

    Each row has the table's columns: ``what``, ``pokerlab``, ``peer``, ``ratio``, ``target``
    (text, as printed); ``measured`` holds the raw numbers behind them. ``benchmarks/readme_table.py``
    builds the table from every results file, so the results page never carries a hand-typed number.
    """
    import datetime
    import json
    import os

    RESULTS.mkdir(exist_ok=True)
    data = {
        "script": script,
        "date": datetime.date.today().isoformat(),
        "load_average": [round(x, 2) for x in os.getloadavg()],
        "cores": os.cpu_count(),
        "rows": rows,
        "measured": measured or {},
    }
    (RESULTS / f"{script}.json").write_text(json.dumps(data, indent=2) + "\n")
    print(f"results written to {RESULTS / (script + '.json')}")
