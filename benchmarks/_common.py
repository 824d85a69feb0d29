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


def duplicate_matches(
    matchups: list[tuple[str, str]], rules: object, description: str, out: str, options: Callable | None = None
) -> tuple:
    """Play every (A, B) duplicate heads-up match in parallel and write/print A's win rates (mbb/hand, 95 % CI).

    Returns the command line's arguments and the matches' rows (for the script's results file).

    Shared by the evidence scripts; ``--deals``, ``--workers``, ``--seed`` and ``--out`` come from the
    command line (``options`` may add the script's own to the parser).
    """
    import argparse
    import csv
    from concurrent.futures import ProcessPoolExecutor

    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--deals", type=int, default=20_000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--out", default=out)
    if options is not None:
        options(parser)  # the script's own options
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
    return args, rows


def _one_match(task: tuple) -> dict:
    from pokerlab.experiments import run_duplicate

    a, b, deals, seed, rules = task
    t = time.perf_counter()
    result = run_duplicate(a, b, hands=deals, seed=seed, rules=rules)
    result["seconds"] = round(time.perf_counter() - t, 1)
    result["seed"] = seed
    return result


RESULTS = __import__("pathlib").Path(__file__).with_name("results")


def record(
    script: str,
    rows: list[dict[str, str]] | None = None,
    measured: dict | None = None,
    blocks: dict[str, str] | None = None,
) -> None:
    """Write what this script measured to ``benchmarks/results/SCRIPT.json``, for ``docs/results.md``.

    ``rows`` are the script's rows of the page's performance table, with the table's columns:
    ``what``, ``pokerlab``, ``peer``, ``ratio``, ``target`` (text, as printed). ``blocks`` are named
    pieces of markdown (a table, a sentence with its numbers and setup) that the page's template
    (``benchmarks/results_page.md``) places with ``{{SCRIPT.NAME}}``; ``measured`` holds the raw numbers
    behind them. The file also records the date, the load average and the command line, so the page
    can say when, how busy and how big each measurement was. ``benchmarks/readme_table.py`` builds the
    whole page from these files, so it never carries a hand-typed number.
    """
    import datetime
    import json
    import os
    import sys
    from pathlib import Path

    RESULTS.mkdir(exist_ok=True)
    data = {
        "script": script,
        "date": datetime.date.today().isoformat(),
        "load_average": [round(x, 2) for x in os.getloadavg()],
        "cores": os.cpu_count(),
        "command": " ".join(["python", f"benchmarks/{Path(sys.argv[0]).name}", *sys.argv[1:]]),
        "rows": rows or [],
        "blocks": blocks or {},
        "measured": measured or {},
    }
    (RESULTS / f"{script}.json").write_text(json.dumps(data, indent=2, ensure_ascii=False) + "\n")
    print(f"results written to {RESULTS / (script + '.json')}")


def signed(x: float) -> str:
    """A win rate as the page prints it: sign always, thousands separated, a true minus sign."""
    return f"{x:+,.0f}".replace("-", "\u2212")


def mbb_cell(r: dict) -> str:
    """``+736 (+636, +836)``: a duplicate match's mbb/hand and its 95 % interval."""
    return f"{signed(r['mbb_per_hand'])} ({signed(r['ci95_low'])}, {signed(r['ci95_high'])})"


def table_md(header: list[str], rows: list[list[str]]) -> str:
    """A markdown table."""
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(str(c) for c in row) + " |" for row in rows]
    return "\n".join(lines)
