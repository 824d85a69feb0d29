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

from pathlib import Path

from _common import duplicate_matches, mbb_cell, record, table_md

from pokerlab.game import AAAI06_HEADS_UP_LIMIT

OPPONENTS = ["always_call", "always_raise", "random", "phase2", "rembrant"]
MATCHUPS = [
    *(("bpp", o) for o in OPPONENTS),
    *(("bpp:variant=decision", o) for o in OPPONENTS),
    ("bpp", "bpp:opponent_model=off"),
    ("bpp", "bpp:hand_types=9,actions=2"),
]

LABELS = {
    "bpp": "betting curves",
    "bpp:variant=decision": "decision network",
    "bpp:opponent_model=off": "the same without the opponent model",
    "bpp:hand_types=9,actions=2": "9 types, 2 actions",
}


def blocks(args, rows: list[dict]) -> dict[str, str]:
    def name(r: dict) -> str:
        if r["b"] == "bpp:hand_types=9,actions=2":
            return "betting curves, 17 types, 4 actions"
        return LABELS[r["a"]]

    table = table_md(
        ["BPP", "opponent", "mbb/hand (95 % CI)"], [[name(r), LABELS.get(r["b"], r["b"]), mbb_cell(r)] for r in rows]
    )
    setup = (
        "Duplicate heads-up matches under the AAAI'06 limit rules (blinds 5/10, bets 10/10/20/20, a bet and "
        f"2 or 3 raises per round, stacks reset every hand), {args.deals:,} deals each ({2 * args.deals:,} hands), "
        "BPP's win rate in milli-big-blinds per hand (1,000 mbb = one small bet) with a 95 % confidence interval, "
        f"seed {args.seed}, {sum(r['seconds'] for r in rows) / 60:.1f} minutes of matches in all. "
        f"Faults: {sum(r['faults'] for r in rows)}."
    )
    return {"setup": setup, "matches": table}


def gap_block(samples: int) -> tuple[str, dict]:
    """BPP's P(win) against the exact equity on random situations (lesson 08's abstraction gap)."""
    from pokerlab.bpp import abstraction_gap, gap_summary

    summary = gap_summary(abstraction_gap(samples, seed=0, progress=False))
    err = {r: f"{summary.loc[r, 'mean_abs_error']:.3f}" for r in summary.index}
    cor = {r: f"{summary.loc[r, 'correlation']:.2f}" for r in summary.index}
    text = (
        f"The abstraction's cost (lesson 08, `bpp.abstraction_gap`, {samples:,} random situations per round, seed 0): "
        "BPP's P(win) with no opponent action observed is on average "
        f"{err['preflop']} away from the exact equity against a random hand preflop, {err['flop']} on the flop, "
        f"{err['turn']} on the turn and {err['river']} on the river (correlation {cor['preflop']}, {cor['flop']}, "
        f"{cor['turn']}, {cor['river']})."
    )
    return text, summary.to_dict(orient="index")


if __name__ == "__main__":
    args, rows = duplicate_matches(
        MATCHUPS,
        AAAI06_HEADS_UP_LIMIT,
        __doc__.splitlines()[0],
        str(Path(__file__).resolve().parents[1] / "data" / "bpp_matches.csv"),
        options=lambda p: p.add_argument("--gap-samples", type=int, default=200, help="situations per round"),
    )
    gap, summary = gap_block(args.gap_samples)
    print(gap)
    record(
        "evidence_bpp",
        measured={"deals": args.deals, "seed": args.seed, "matches": rows, "abstraction_gap": summary},
        blocks={**blocks(args, rows), "gap": gap},
    )
