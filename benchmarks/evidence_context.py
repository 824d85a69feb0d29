"""Issue evidence for the context opponent models: held-out scores per opponent style, and chips in duplicate matches.

Part 1 is :func:`pokerlab.experiments.compare_opponent_models` on every
default opponent style (two players of the style with Phase I and Rembrant
at a four-seat table, the Waterloo report's no-limit rules with stacks
reset every hand): the mlp (Davidson's 19-4-3 network), the decision tree
and the stage x bets-to-call frequencies learn from the first 70 % of the
hands and are scored on the rest. It writes ``scores.csv``,
``calibration.csv`` and ``importances.csv`` to ``data/context_models/``.

Part 2 plays duplicate heads-up matches of Phase III with the context model
(``phase3:opponent_model=context``, the decision tree, best in part 1)
against the opponent of Phase III's showdown model in
``data/bot_matches.csv`` (Phase II), with the showdown Phase III, the
other two context models and two ablations beside it under the same seed,
and writes ``duplicate.csv``.

    python benchmarks/evidence_context.py --hands 4000 --deals 5000 --workers 2
"""

from __future__ import annotations

import argparse
import csv
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from _common import _one_match

from pokerlab.experiments import compare_opponent_models

OUT = Path(__file__).resolve().parents[1] / "data" / "context_models"

MATCHUPS = [
    ("phase3:opponent_model=context", "phase2"),  # the best model (the decision tree) in Phase III
    ("phase3", "phase2"),  # Phase III with the showdown model, same opponent and seed
    ("phase3:opponent_model=context,context_kind=mlp", "phase2"),  # Davidson's network instead
    ("phase3:opponent_model=context,context_kind=frequency", "phase2"),  # the frequency baseline instead
    ("phase3:opponent_model=context,context_value_fold=1.0", "phase2"),  # value bets without asking the model
    ("phase2:bluff=none", "phase2"),  # Phase II without Algorithm 5's bluffs
    ("phase3:opponent_model=context", "rembrant"),  # an opponent that folds more often
    ("phase3:opponent_model=context,context_value_fold=1.0", "rembrant"),
    ("phase3", "rembrant"),
]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=4000, help="hands per opponent style (0: skip part 1)")
    parser.add_argument("--deals", type=int, default=5000, help="deals per duplicate match (0: skip part 2)")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--out", default=str(OUT))
    args = parser.parse_args()
    out = Path(args.out)
    with ProcessPoolExecutor(args.workers) as pool:
        if args.hands:
            t = time.perf_counter()
            result = compare_opponent_models(hands=args.hands, seed=args.seed, executor=pool, progress=False)
            result.to_csv(out)
            print(f"model comparison: {time.perf_counter() - t:.0f} s, {args.hands} hands per style")
            print(result.scores.round(3).to_string(index=False))
            print("best model (mean held-out log-loss):", result.best_model())
        if args.deals:
            tasks = [(a, b, args.deals, args.seed, None) for a, b in MATCHUPS]
            rows = list(pool.map(_one_match, tasks))
            fields = ["a", "b", "rules", "deals", "hands", "mbb_per_hand", "ci95_low", "ci95_high", "faults", "seed"]
            with open(out / "duplicate.csv", "w", newline="") as f:
                writer = csv.DictWriter(f, fieldnames=[*fields, "seconds"])
                writer.writeheader()
                for r in rows:
                    writer.writerow({k: r[k] for k in [*fields, "seconds"]})
                    print(
                        f"{r['a']:>48} vs {r['b']:<18} {r['mbb_per_hand']:+8.1f} mbb/hand "
                        f"[{r['ci95_low']:+.1f}, {r['ci95_high']:+.1f}]  {r['seconds']} s"
                    )


if __name__ == "__main__":
    main()
