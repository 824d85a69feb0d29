"""Duplicate heads-up matches between the sources' bots (issue evidence), written to data/bot_matches.csv.

Each line-up plays ``--deals`` deals twice with the seats swapped (the Waterloo report's
no-limit rules, blinds 1/2, 200 chips reset every hand) and reports bot A's
win rate in milli-big-blinds per hand with a 95 % confidence interval. Run:

    python benchmarks/evidence_bots.py --deals 20000 --workers 2
"""

from __future__ import annotations

from pathlib import Path

from _common import duplicate_matches, mbb_cell, record, table_md

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

CLAIMS = {
    ("phase2", "phase1"): ("Phase II better", +1),
    ("phase3", "phase2"): ("Phase III better", +1),
    ("rembrant", "phase2"): ("(the Rembrant paper's bot)", 0),
    ("phase2:bluff=aggressive", "phase2:bluff=normal"): ("normal better", -1),
    ("phase2:bluff=conservative", "phase2:bluff=normal"): ("normal better", -1),
    ("phase2:bluff=none", "phase2:bluff=normal"): ("normal better", -1),
    ("phase3:trust=aggressive", "phase3:trust=conservative"): ("aggressive better", +1),
}
"""What the Waterloo report says of each line-up, and the sign of A's win rate that would reproduce it."""


def label(spec: str) -> str:
    """``phase2:bluff=normal,bluff_facing_bet=false`` -> ``phase2 normal bluff, not facing bets``."""
    name, _, options = spec.partition(":")
    words = [name]
    for option in filter(None, options.split(",")):
        key, _, value = option.partition("=")
        words.append({"bluff_facing_bet": "not facing bets,"}.get(key, f"{'no' if value == 'none' else value} {key}"))
    text = " ".join(words).replace(" not facing", ", not facing").rstrip(",")
    return text.replace(" ,", ",")


def verdict(r: dict, claim: tuple[str, int]) -> str:
    """The report's claim and whether the 95 % interval reproduces it, shows no difference or reverses it."""
    text, sign = claim
    if sign == 0:
        return text
    if r["ci95_low"] > 0 or r["ci95_high"] < 0:
        return f"{text}: reproduced" if (r["ci95_low"] > 0) == (sign > 0) else f"{text}: **reversed**"
    return f"{text}: no difference shown"


def blocks(args, rows: list[dict]) -> dict[str, str]:
    faults = sum(r["faults"] for r in rows)
    table = table_md(
        ["A", "B", "mbb/hand (95 % CI)", "the report says"],
        [
            [
                label(r["a"]),
                label(r["b"]),
                mbb_cell(r),
                verdict(r, CLAIMS[r["a"], r["b"]]) if (r["a"], r["b"]) in CLAIMS else "",
            ]
            for r in rows
        ],
    )
    setup = (
        f"Duplicate heads-up matches, {args.deals:,} deals each ({2 * args.deals:,} hands), the Waterloo report's "
        "no-limit rules (blinds 1/2, 200 chips reset every hand), win rate of A in milli-big-blinds per hand with "
        f"a 95 % confidence interval, seed {args.seed}, {args.workers} workers, "
        f"{sum(r['seconds'] for r in rows) / 60:.1f} minutes of matches in all. Faults: {faults}."
    )
    return {"setup": setup, "matches": table}


if __name__ == "__main__":
    args, rows = duplicate_matches(
        MATCHUPS,
        None,
        __doc__.splitlines()[0],
        str(Path(__file__).resolve().parents[1] / "data" / "bot_matches.csv"),
    )
    record(
        "evidence_bots", measured={"deals": args.deals, "seed": args.seed, "matches": rows}, blocks=blocks(args, rows)
    )
