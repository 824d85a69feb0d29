"""Lesson 09 tests the difference between two bots, not whether their intervals overlap (issue 41, the theorist:
"non-overlapping confidence intervals are not the test for a difference between bots: test the difference")."""

from __future__ import annotations

import json
import math
import re
from pathlib import Path

from pokerlab import datasets

LESSON = Path(__file__).resolve().parents[2] / "notebooks" / "09_context_opponent_models.ipynb"


def _cells() -> dict[str, dict]:
    return {c["id"]: c for c in json.loads(LESSON.read_text(encoding="utf-8"))["cells"]}


def test_the_lesson_says_overlap_is_not_the_test_and_prints_each_differences_interval():
    cells = _cells()
    prose = "".join(cells["02a110c4"]["source"])
    assert (
        "**not** the test for a difference" in prose and "counts only when their intervals do not overlap" not in prose
    )
    printed = "".join(cells["7b7ff9b4"]["outputs"][0]["text"])
    rows = re.findall(r"vs (\S+)\s+context - (\S+)\s+([+-][\d.]+) \[\s*([+-][\d.]+),\s*([+-][\d.]+)\] (.*)", printed)
    assert len(rows) == 4
    won = {(m.a, m.b): m for m in datasets.load("context_duplicate").itertuples()}
    for opponent, other, d, low, high, verdict in rows:
        x, y = won["phase3:opponent_model=context", opponent], won[other, opponent]
        se = math.hypot(*((m.ci95_high - m.ci95_low) / 3.92 for m in (x, y)))
        diff = x.mbb_per_hand - y.mbb_per_hand
        assert float(d) == round(diff, 1)
        assert (float(low), float(high)) == (round(diff - 1.96 * se, 1), round(diff + 1.96 * se, 1))
        assert verdict == (
            "difference shown" if diff - 1.96 * se > 0 or diff + 1.96 * se < 0 else "no difference shown"
        )
