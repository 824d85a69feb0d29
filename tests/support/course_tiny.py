"""A tiny lesson for the grader's tests: one exercise (``x`` must be 4), so a test that is about files, names,
limits or workers pays for a kernel start (about 2 s) at most, never for a real lesson's cells."""

from __future__ import annotations

import copy
import json
from pathlib import Path

from pokerlab.course.lessons import Lesson, read_lesson
from pokerlab.course.release import solutions_copy, student_copy


def _cell(kind: str, cid: str, text: str, nbgrader: dict | None = None, pokerlab: dict | None = None) -> dict:
    meta: dict = {}
    if nbgrader is not None:
        meta["nbgrader"] = {"schema_version": 3, **nbgrader}
    if pokerlab is not None:
        meta["pokerlab"] = pokerlab
    cell = {"cell_type": kind, "id": cid, "metadata": meta, "source": text}
    if kind == "code":
        cell.update(execution_count=None, outputs=[])
    return cell


def tiny_lesson(folder: Path, check: str = "assert x == 4, 'x is not right'", setup: str = "") -> Lesson:
    """Write ``folder/99_tiny.ipynb`` and read it as a lesson."""
    cells = [
        _cell("markdown", "t0", "# A tiny lesson\n\nSet `x` to two plus two."),
        _cell("code", "t1", setup or "pass", pokerlab={"exercise_setup": True}),
        _cell(
            "code",
            "t2",
            "### BEGIN SOLUTION\nx = 2 + 2\n### END SOLUTION",
            nbgrader={"grade": False, "grade_id": "ex1_code", "locked": False, "solution": True},
        ),
        _cell(
            "code",
            "t3",
            check,
            nbgrader={"grade": True, "grade_id": "ex1_check", "locked": True, "points": 1, "solution": False},
            pokerlab={"answers": ["x"]},
        ),
    ]
    nb = {"cells": cells, "metadata": {}, "nbformat": 4, "nbformat_minor": 5}
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "99_tiny.ipynb"
    path.write_text(json.dumps(nb))
    return read_lesson(path)


def answer(lesson: Lesson, code: str) -> dict:
    """The student copy with the exercise's cell replaced by ``code``."""
    nb = copy.deepcopy(student_copy(lesson.notebook))
    for c in nb["cells"]:
        if c.get("id") == "t2":
            c["source"] = code
    return nb


def right(lesson: Lesson) -> dict:
    return solutions_copy(lesson.notebook)


def untouched(lesson: Lesson) -> dict:
    return student_copy(lesson.notebook)


def write(path: Path, nb: dict) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(nb))
    return path
