"""The release -> grade round trip of one lesson, shared by tests/test_course_roundtrip_a.py and _b.py.

Every lesson is graded three ways: its ``--solutions`` copy (full marks; the whole lesson runs in a kernel),
its untouched student copy (0: the grader decides it without a kernel, see
``pokerlab.course.grading._untouched_student_copy``) and a copy with one deliberately wrong answer (0 on that
exercise, its check's message in the feedback). The lessons are split over two test files so that pytest-xdist
(``--dist loadfile``: one file per worker) grades the halves on both cores; each half holds lessons of both
kinds, slow and quick, alternating in course order.
"""

from __future__ import annotations

import json
from pathlib import Path

from pokerlab.course import grading
from pokerlab.course.lessons import Lesson, nbgrader_meta, read_lesson, read_lessons, source
from pokerlab.course.release import release

ROOT = Path(__file__).resolve().parent.parent
LESSONS = read_lessons()
STEMS = sorted(les.stem for les in LESSONS)


def half(which: int) -> list[str]:
    """The lessons of one test file: every other lesson in course order (0: 01, 03, ...; 1: 02, 04, ...)."""
    return STEMS[which::2]


def _wrong(nb: dict, les: Lesson) -> dict:
    """One deliberately wrong answer: exercise 1's first answer set to None after the solution."""
    e = les.exercises[0]
    cell = next(c for c in nb["cells"] if c.get("id") == e.code_id)
    cell["source"] = source(cell) + f"\n{e.answers[0]} = None\n"
    return nb


def round_trip(stem: str, tmp_path: Path) -> None:
    les = read_lesson(ROOT / "notebooks" / f"{stem}.ipynb")
    sol = release(tmp_path / "sol", solutions=True, lessons=[les])[0]
    stud = release(tmp_path / "stud", lessons=[les])[0]
    # the wrong answer in a copy cut to the exercise cells (the lesson body is what makes a grading slow)
    cut = json.loads(sol.read_text())
    cut = {**cut, "cells": [c for c in cut["cells"] if nbgrader_meta(c)]}
    wrong = tmp_path / "wrong" / "renamed.ipynb"
    wrong.parent.mkdir(parents=True)
    wrong.write_text(json.dumps(_wrong(cut, les)))
    grades = grading.grade([sol, stud, wrong], feedback=tmp_path / "fb", lessons=LESSONS, timeout=1500)
    assert [g.lesson for g in grades] == [stem] * 3
    assert grades[0].score == grades[0].max_score == les.max_score, grades[0].lines()
    assert grades[1].score == 0 and grades[1].max_score == les.max_score, grades[1].lines()
    assert all(e.message for e in grades[1].exercises), grades[1].lines()
    first = grades[2].exercises[0]
    assert first.score == 0 and grades[2].score == les.max_score - first.max_score, grades[2].lines()
    assert first.message and first.message in (tmp_path / "fb" / "renamed.html").read_text().replace("&#x27;", "'")
