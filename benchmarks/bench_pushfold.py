"""Heads-up push/fold solved exactly: one stack depth, and the 1-25 bb chart (241 depths, 0.1 bb apart).

Each depth is one linear programme of 338 variables (scipy's HiGHS dual simplex); the big blind's
strategy is its dual solution and the pair is checked by exact best responses. The first call also
reads the exact matrix (timed separately). Then the published anchors beside the exact chart, how
exploitable "jam the top X %" rules are at 10 bb, and the push_fold bot's duplicate matches at 10 bb
against Phase I, II and III (lesson 11 quotes 4,000 deals). Run:

    python benchmarks/bench_pushfold.py [--repeat 5] [--deals 1000]
"""

from __future__ import annotations

import argparse
import dataclasses
import statistics
import time

from _common import record, table_md

from pokerlab import bots
from pokerlab.bots.pushfold import measure_rankings
from pokerlab.game import HEADS_UP_NO_LIMIT, play_match
from pokerlab.solve import push_fold, push_fold_chart

PUBLISHED = {
    "10 bb: small blind jams / big blind calls": "58.3 % / 37.4 % (an independent exact solution)",
    "Q2o called up to": "5.6 bb (HoldemResources)",
    "63s jammed": "up to 2.3 bb, again 5.1-7.1 bb (HoldemResources)",
    "T3s jammed (at some frequency) up to": "7.7 bb (HoldemResources)",
    "95s jammed up to": "14.4 bb (HoldemResources)",
}
"""The published anchors (no ante) that the exact chart is compared with: the sources' figures, not measurements."""


def rankings() -> str:
    """How exploitable "jam (call) the top X %" rules are at 10 bb, X the equilibrium's share, per ranking."""
    frame = measure_rankings((10.0,))
    parts = [f"{r.rule} {r.exploitability:.4f}" for r in frame.itertuples()]
    return (
        "\"Jam (call) the top X %\" rules, X the equilibrium's share, ranked by lesson 03's tables, have these "
        f"exploitabilities (bb per hand) at 10 bb: {', '.join(parts)} (`pokerlab.bots.pushfold.measure_rankings`)."
    )


def matches(deals: int) -> tuple[str, list[dict]]:
    """``push_fold`` in duplicate matches at 10 bb (200 chips, blinds 10/20) against Phase I, II and III."""
    ten_bb = dataclasses.replace(
        HEADS_UP_NO_LIMIT, starting_stack=200, blind_schedule=(), reset_stacks=True, time_bank=None
    )
    rows, parts = [], []
    for opponent, name in (("phase1", "Phase I"), ("phase2", "Phase II"), ("phase3", "Phase III")):
        t = time.perf_counter()
        m = play_match(
            [bots.make("push_fold", seed=1), bots.make(opponent, seed=2)], ten_bb, hands=deals, seed=7, duplicate=True
        )
        low, high = m.ci95["push_fold"]
        mbb = m.mbb_per_hand["push_fold"]
        rows.append({"opponent": opponent, "mbb_per_hand": mbb, "ci95": [low, high], "hands": m.hands})
        parts.append(f"{mbb:+.0f} [{low:+.0f}, {high:+.0f}] against {name}".replace("-", "\u2212"))
        print(parts[-1], f"({time.perf_counter() - t:.0f} s)")
    text = (
        'The bot `bots.make("push_fold")` (the equilibrium at 20 bb or less, Phase III above) in duplicate matches '
        f"of {deals:,} deals ({rows[0]['hands']:,} hands, seed 7) at 10 bb under the heads-up arena rules, mbb per "
        f"hand with 95 % intervals: {', '.join(parts)}."
    )
    return text, rows


def anchors(chart) -> str:
    """The published anchors beside what the exact solution gives."""
    ten = push_fold(10)
    last = chart.ranges("T3s", "jam")[-1][1]
    ours = {
        "10 bb: small blind jams / big blind calls": (
            f"{100 * ten.jam_share:.1f} % / {100 * ten.call_share:.1f} %, value {ten.value:+.4f} bb for the small blind"
        ).replace("-", "\u2212"),
        "Q2o called up to": f"{chart.ranges('Q2o', 'call')[-1][1]} bb",
        "63s jammed": f"{chart.label('63s')} bb",
        "T3s jammed (at some frequency) up to": f"{last} bb ({100 * push_fold(last).jam['T3s']:.0f} %)",
        "95s jammed up to": f"{chart.ranges('95s', 'jam')[-1][1]} bb",
    }
    return table_md(["anchor (no ante)", "published", "pokerlab"], [[k, v, ours[k]] for k, v in PUBLISHED.items()])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5, help="solves of one depth to time (default 5)")
    parser.add_argument("--deals", type=int, default=1000, help="deals of each push_fold match (0: none)")
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
    speed = (
        f"Exploitability at most {max(chart.exploitability):.0e} bb at every 0.1 bb step from "
        f"{chart.stacks[0]:g} to {chart.stacks[-1]:g} bb ({len(chart.stacks)} depths); one depth "
        f"{median:.3f} s (median of {args.repeat}, the first call {first:.2f} s with reading the matrix), the chart "
        f"{total:.1f} s ({total / len(chart.stacks):.3f} s a depth)."
    )
    table = anchors(chart)
    print(table)
    ranked = rankings()
    print(ranked)
    bot, rows = matches(args.deals) if args.deals else ("", [])
    record(
        "bench_pushfold",
        measured={
            "first_s": first,
            "one_depth_median_s": median,
            "chart_s": total,
            "max_exploitability": max(chart.exploitability),
            "matches": rows,
        },
        blocks={"anchors": table, "speed": speed, "rankings": ranked, "bot": bot},
    )


if __name__ == "__main__":
    main()
