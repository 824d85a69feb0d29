"""Duplicate heads-up matches between the sources' bots (issue evidence), written to data/bot_matches.csv.

Each line-up plays ``--deals`` deals twice with the seats swapped (the Waterloo report's
no-limit rules, blinds 1/2, 200 chips reset every hand) and reports bot A's
win rate in milli-big-blinds per hand with a 95 % confidence interval. Run:

    python benchmarks/evidence_bots.py --deals 20000 --workers 2
"""

from __future__ import annotations

from pathlib import Path

from _common import duplicate_matches

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


if __name__ == "__main__":
    duplicate_matches(
        MATCHUPS,
        None,
        __doc__.splitlines()[0],
        str(Path(__file__).resolve().parents[1] / "data" / "bot_matches.csv"),
    )
