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

from _common import duplicate_matches

from pokerlab.game import AAAI06_HEADS_UP_LIMIT

OPPONENTS = ["always_call", "always_raise", "random", "phase2", "rembrant"]
MATCHUPS = [
    *(("bpp", o) for o in OPPONENTS),
    *(("bpp:variant=decision", o) for o in OPPONENTS),
    ("bpp", "bpp:opponent_model=off"),
    ("bpp", "bpp:hand_types=9,actions=2"),
]


if __name__ == "__main__":
    duplicate_matches(
        MATCHUPS,
        AAAI06_HEADS_UP_LIMIT,
        __doc__.splitlines()[0],
        str(Path(__file__).resolve().parents[1] / "data" / "bpp_matches.csv"),
    )
