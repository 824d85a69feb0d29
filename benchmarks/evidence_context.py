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

from _common import _one_match, mbb_cell, record, table_md

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
    blocks: dict[str, str] = {}
    measured: dict = {"hands": args.hands, "deals": args.deals, "seed": args.seed}
    with ProcessPoolExecutor(args.workers) as pool:
        if args.hands:
            t = time.perf_counter()
            result = compare_opponent_models(hands=args.hands, seed=args.seed, executor=pool, progress=False)
            result.to_csv(out)
            print(f"model comparison: {time.perf_counter() - t:.0f} s, {args.hands} hands per style")
            print(result.scores.round(3).to_string(index=False))
            print("best model (mean held-out log-loss):", result.best_model())
            blocks.update(score_blocks(result, args, time.perf_counter() - t))
            measured["scores"] = result.scores.to_dict(orient="records")
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
            blocks["duplicate"] = table_md(
                ["A", "B", "mbb/hand (95 % CI)"], [[label(r["a"]), label(r["b"]), mbb_cell(r)] for r in rows]
            )
            blocks["duplicate_setup"] = (
                f"Duplicate heads-up matches, {args.deals:,} deals each ({2 * args.deals:,} hands), the Waterloo "
                f"report's no-limit rules, seed {args.seed}. Faults: {sum(r['faults'] for r in rows)}."
            )
            measured["matches"] = rows
    record("evidence_context", measured=measured, blocks=blocks)


def label(spec: str) -> str:
    """``phase3:opponent_model=context,context_kind=mlp`` -> ``context, context_kind=mlp``."""
    name, _, options = spec.partition(":")
    rest = [o for o in options.split(",") if o and o != "opponent_model=context"]
    head = "context" if "opponent_model=context" in options else (spec if name == "phase2" else name)
    return ", ".join([head, *rest]) if head != spec else spec


def score_blocks(result, args, seconds: float) -> dict[str, str]:
    """The held-out scores table, which model was best, and the tree's most important features."""
    loss, acc = result.table("log_loss"), result.table("accuracy")
    kinds = ["mlp", "tree", "frequency"]
    tests = result.scores.groupby("style", sort=False)["test"].first()
    rows = []
    for style in loss.index:
        best = loss.loc[style, kinds].idxmin()
        cells = [f"**{loss.loc[style, k]:.3f}**" if k == best else f"{loss.loc[style, k]:.3f}" for k in kinds]
        rows.append([style, *cells, *(f"{acc.loc[style, k]:.3f}" for k in kinds), f"{tests[style]:,}"])
    rows.append(["mean", *(f"{loss[k].mean():.3f}" for k in kinds), *(f"{acc[k].mean():.3f}" for k in kinds), ""])
    header = ["opponent style", "log-loss: mlp", "tree", "frequency", "accuracy: mlp", "tree", "frequency"]
    table = table_md([*header, "held-out decisions"], rows)
    train = round(0.7 * args.hands)
    setup = (
        f"For each opponent style, two players of that style sit with Phase I and Rembrant (the report's "
        f"no-limit ring, stacks reset every hand) for {args.hands:,} hands; each model learns from the style's "
        f"decisions in the first {train:,} hands and is scored on its decisions in the last "
        f"{args.hands - train:,}, which it never saw (seed {args.seed}, {seconds:,.0f} s on {args.workers} workers)."
    )
    means = loss[kinds].mean()
    best = (
        f"Lowest mean held-out log-loss: {result.best_model()} ({means.min():.3f}; "
        + ", ".join(f"{k} {means[k]:.3f}" for k in kinds)
        + ")."
    )
    imp = result.importances
    top = imp.loc[imp.groupby("style", sort=False)["importance"].idxmax()]
    top = top[top["importance"] > 0]  # a style whose every action is the same (always_call) has no important feature
    importances = (
        "The tree's most important feature per style: "
        + "; ".join(f"{r.style} {r.feature} ({r.importance:.2f})" for r in top.itertuples())
        + "."
    )
    return {"setup": setup, "scores": table, "best": best, "importances": importances}


if __name__ == "__main__":
    main()
