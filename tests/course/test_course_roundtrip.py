"""Release -> grade round trip of every lesson.

Every lesson is graded three ways: its ``--solutions`` copy (full marks; the whole lesson runs in a kernel),
its untouched student copy (0: the grader decides it without a kernel, see
``pokerlab.course.grading._untouched_student_copy``) and a copy with one deliberately wrong answer (0 on that
exercise, its check's message in the feedback). The lessons are split over two ``xdist_group``s, so that
pytest-xdist (``--dist loadgroup``, pyproject.toml) grades the halves on both cores; each half holds lessons of
both kinds, slow and quick, alternating in course order.

Each half grades all its lessons (those selected: ``-k`` picks fewer) in ONE ``grade()`` call, as a lecturer
grades a class (:func:`grade_lessons`, a module-scoped fixture per half), and each lesson's test then asserts on
its own three grades: the checks of every notebook run back to back in one check process, which is what the
grader does with a batch (a lesson's setup after another lesson's is part of what is tested).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

import pytest

from pokerlab.course import grading
from pokerlab.course.lessons import Lesson, nbgrader_meta, read_lesson, read_lessons, source
from pokerlab.course.release import release

ROOT = Path(__file__).resolve().parent.parent.parent
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


@dataclass
class Graded:
    """One lesson's three grades (solutions, untouched student copy, wrong answer) and the wrong one's page."""

    lesson: Lesson
    grades: list[grading.NotebookGrade]
    page: Path


def grade_lessons(stems: list[str], tmp_path: Path) -> dict[str, Graded]:
    """Release the lessons, then grade their three copies each in one ``grade()`` call."""
    lessons = [read_lesson(ROOT / "notebooks" / f"{stem}.ipynb") for stem in stems]
    sols = release(tmp_path / "sol", solutions=True, lessons=lessons)
    studs = release(tmp_path / "stud", lessons=lessons)
    paths: list[Path] = []
    for k, (les, sol, stud) in enumerate(zip(lessons, sols, studs, strict=True)):
        # the wrong answer in a copy cut to the exercise cells (the lesson body is what makes a grading slow),
        # under a name that is no lesson's
        cut = json.loads(sol.read_text())
        cut = {**cut, "cells": [c for c in cut["cells"] if nbgrader_meta(c)]}
        wrong = tmp_path / "wrong" / f"renamed{k}.ipynb"
        wrong.parent.mkdir(parents=True, exist_ok=True)
        wrong.write_text(json.dumps(_wrong(cut, les)))
        paths += [sol, stud, wrong]
    grades = grading.grade(paths, feedback=tmp_path / "fb", lessons=LESSONS, timeout=1500)
    return {
        les.stem: Graded(les, grades[3 * k : 3 * k + 3], tmp_path / "fb" / f"wrong~renamed{k}.ipynb.html")
        for k, les in enumerate(lessons)
    }


def check_round_trip(stem: str, graded: dict[str, Graded]) -> None:
    """Full marks for the solutions, 0 for the untouched copy, 0 on the wrong exercise with its message shown."""
    les, grades, page = graded[stem].lesson, graded[stem].grades, graded[stem].page
    assert [g.lesson for g in grades] == [stem] * 3
    assert grades[0].score == grades[0].max_score == les.max_score, grades[0].lines()
    assert grades[1].score == 0 and grades[1].max_score == les.max_score, grades[1].lines()
    assert all(e.message for e in grades[1].exercises), grades[1].lines()
    first = grades[2].exercises[0]
    assert first.score == 0 and grades[2].score == les.max_score - first.max_score, grades[2].lines()
    assert first.message and first.message in page.read_text().replace("&#x27;", "'")


def selected_stems(request: pytest.FixtureRequest, which: int) -> list[str]:
    """The lessons of half ``which`` that this session runs (all of them, or those ``-k`` kept)."""
    # the session also holds doctests and notebook cells, which have no ``module``
    items = [
        i for i in request.session.items if getattr(i, "module", None) is request.module and hasattr(i, "callspec")
    ]
    return sorted({i.callspec.params["stem"] for i in items} & set(half(which)))


@pytest.fixture(scope="module")
def graded_a(request, tmp_path_factory):
    """Every selected lesson of half a graded in one grade() call (on the worker that runs the group)."""
    return grade_lessons(selected_stems(request, 0), tmp_path_factory.mktemp("roundtrip"))


@pytest.fixture(scope="module")
def graded_b(request, tmp_path_factory):
    """Every selected lesson of half b graded in one grade() call."""
    return grade_lessons(selected_stems(request, 1), tmp_path_factory.mktemp("roundtrip"))


@pytest.mark.slow
@pytest.mark.xdist_group("course_roundtrip_a")
@pytest.mark.parametrize("stem", half(0))
def test_release_then_grade_round_trip_a(stem, graded_a):
    check_round_trip(stem, graded_a)


@pytest.mark.slow
@pytest.mark.xdist_group("course_roundtrip_b")
@pytest.mark.parametrize("stem", half(1))
def test_release_then_grade_round_trip_b(stem, graded_b):
    check_round_trip(stem, graded_b)
