"""Duplicate heads-up limit matches of BPP (issue evidence), written to data/bpp_matches.csv.

BPP (betting curves, and the decision-network variant) plays each opponent
for ``--deals`` deals, each dealt twice with the seats swapped, under the
AAAI'06 heads-up limit rules (blinds 5/10, bets 10/10/20/20, stacks reset
every hand). The table gives BPP's win rate in milli-big-blinds per hand
(1,000 mbb = one small bet of $10) with a 95 % confidence interval over
deals. Run:

    python benchmarks/evidence_bpp.py --deals 20000 --workers 2
"""

from __future__ import annotations

import argparse
import csv
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from pokerlab.experiments import run_duplicate
from pokerlab.game import AAAI06_HEADS_UP_LIMIT

OPPONENTS = ["always_call", "always_raise", "random", "phase2", "rembrant"]
MATCHUPS = [
    *(("bpp", o) for o in OPPONENTS),
    *(("bpp:variant=decision", o) for o in OPPONENTS),
    ("bpp", "bpp:opponent_model=off"),
    ("bpp", "bpp:hand_types=9,actions=2"),
]


def one(task: tuple[str, str, int, int]) -> dict:
    a, b, deals, seed = task
    t = time.perf_counter()
    result = run_duplicate(a, b, hands=deals, seed=seed, rules=AAAI06_HEADS_UP_LIMIT)
    result["seconds"] = round(time.perf_counter() - t, 1)
    result["seed"] = seed
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=20_000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--out", default=str(Path(__file__).resolve().parents[1] / "data" / "bpp_matches.csv"))
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
                f"{r['a']:>22} vs {r['b']:<26} {r['mbb_per_hand']:+9.1f} mbb/hand  "
                f"[{r['ci95_low']:+.1f}, {r['ci95_high']:+.1f}]  faults {r['faults']}  {r['seconds']} s"
            )


if __name__ == "__main__":
    main()
