"""Duplicate heads-up matches between the seed bots (issue evidence), written to data/bot_matches.csv.

Each line-up plays ``--deals`` deals twice with the seats swapped (seed 001's
no-limit rules, blinds 1/2, 200 chips reset every hand) and reports bot A's
win rate in milli-big-blinds per hand with a 95 % confidence interval. Run:

    python benchmarks/evidence_bots.py --deals 20000 --workers 2
"""

from __future__ import annotations

import argparse
import csv
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from pokerlab.experiments import run_duplicate

MATCHUPS = [
    ("phase2", "phase1"),
    ("phase3", "phase2"),
    ("rembrant", "phase2"),
    ("phase2:bluff=aggressive", "phase2:bluff=normal"),
    ("phase2:bluff=conservative", "phase2:bluff=normal"),
    ("phase2:bluff=none", "phase2:bluff=normal"),
    ("phase3:trust=aggressive", "phase3:trust=conservative"),
    ("phase2:bluff=normal,bluff_facing_bet=false", "phase2:bluff=none"),
    ("phase2:bluff=aggressive,bluff_facing_bet=false", "phase2:bluff=none"),
]


def one(task: tuple[str, str, int, int]) -> dict:
    a, b, deals, seed = task
    t = time.perf_counter()
    result = run_duplicate(a, b, hands=deals, seed=seed)
    result["seconds"] = round(time.perf_counter() - t, 1)
    result["seed"] = seed
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=20_000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--out", default=str(Path(__file__).resolve().parents[1] / "data" / "bot_matches.csv"))
    args = parser.parse_args()
    tasks = [(a, b, args.deals, args.seed) for a, b in MATCHUPS]
    with ProcessPoolExecutor(args.workers) as pool:
        rows = list(pool.map(one, tasks))
    fields = ["a", "b", "rules", "deals", "hands", "mbb_per_hand", "ci95_low", "ci95_high", "faults", "seed", "seconds"]
    with open(args.out, "w", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=fields)
        writer.writeheader()
        for r in rows:
            writer.writerow({k: r[k] for k in fields})
            print(
                f"{r['a']:>28} vs {r['b']:<26} {r['mbb_per_hand']:+9.1f} mbb/hand  "
                f"[{r['ci95_low']:+.1f}, {r['ci95_high']:+.1f}]  faults {r['faults']}  {r['seconds']} s"
            )


if __name__ == "__main__":
    main()
