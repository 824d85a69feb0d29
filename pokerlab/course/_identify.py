"""Which lesson a submission is, decided before anything of it runs: its bytes read as a notebook
(:func:`_parse`, bounded so a hostile file cannot take the grader's memory; an old nbformat 3 file upgraded),
then recognised by its content, never its file name (:func:`identify`: the cell ids and nbgrader grade ids it
shares with a lesson). Also the lesson a lecturer names (``--lesson``, :func:`_one_lesson`) and the notebooks
a release hands out that are no submission (:data:`HANDED_OUT`).

A module of its own because it answers "what is this file?" for every file of a batch, and that answer needs
only the lessons, never the sandbox. :func:`identify` is importable from :mod:`pokerlab.course.grading`.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from pokerlab import _validate
from pokerlab.course import _submissions
from pokerlab.course.handout import GLOSSARY
from pokerlab.course.lessons import Lesson, check_lessons, check_notebook, nbgrader_meta
from pokerlab.errors import ParameterError


def _one_lesson(name: str, lessons: Sequence[Lesson]) -> str:
    """The stem of the one lesson ``name`` names (its number, ``"05"`` or ``"5"``, or its stem), or a ParameterError."""
    text = str(name).strip()
    hits = [les.stem for les in lessons if les.stem == text or les.stem.split("_")[0].lstrip("0") == text.lstrip("0")]
    if len(hits) != 1:
        known = ", ".join(les.stem.split("_")[0] for les in lessons)
        raise ParameterError(f"--lesson {text!r:.40} names no lesson (the lessons: {known})")
    return hits[0]


def identify(notebook: dict[str, Any], lessons: Sequence[Lesson]) -> Lesson | None:
    """The lesson a notebook comes from: the one sharing the most cell ids and grade ids with it
    (at least three), whatever the file is called."""
    cells = check_notebook(notebook)["cells"]
    lessons = check_lessons(lessons)
    ids = {c.get("id") for c in cells if isinstance(c.get("id"), str)}
    gids = {g for c in cells if isinstance(g := nbgrader_meta(c).get("grade_id"), str)}
    best, best_n = None, 2
    for lesson in lessons:
        n = len(ids & lesson.cell_ids()) + len({g for g in gids if g.startswith("ex")} & lesson.grade_ids())
        if n > best_n:
            best, best_n = lesson, n
    return best


HANDED_OUT = {
    GLOSSARY: "the course's glossary, handed out with the lessons: not a submission",
    "00_course_map.ipynb": "the students' course map, handed out with the lessons: not a submission",
}
"""The notebooks ``pokerlab course release`` writes beside the lessons, which hold no exercise: a release folder
handed in whole (or a student's copy of it) is graded without them, each listed as skipped, with no page."""


def _handed_out(sub: _submissions.Submission, lesson: Lesson | None) -> str:
    """Why ``sub`` is not a submission (one of :data:`HANDED_OUT`, with no lesson's exercises in it), else ''."""
    if lesson is not None or sub.problem or sub.data is None:
        return ""
    return HANDED_OUT.get(Path(sub.relative).name, "")


def _read(path: Path) -> tuple[dict[str, Any] | None, str]:
    """A submission parsed as a notebook, or None and why not (read without following a link: a link, a
    device, a pipe or a folder is "not a regular file", never opened)."""
    _, (sub,) = _submissions.collect([str(path)])
    return _parse(sub.data, sub.problem)


def _lesson_of(sub: _submissions.Submission, lessons: Sequence[Lesson]) -> Lesson | None:
    nb, _ = _parse(sub.data, sub.problem)
    return identify(nb, lessons) if nb is not None else None


MAX_VALUES = 500_000
"""A notebook holding more JSON lists and objects than this (counted as ``[`` and ``{`` bytes) is not parsed: the
lessons hold about 1,300, and 63 MB of ``[[],[],...]`` parsed took 1.6 GB of the grader's memory."""


def _parse(data: bytes | None, problem: str = "") -> tuple[dict[str, Any] | None, str]:
    """A submission's bytes parsed as a notebook, or None and why not."""
    if data is None:
        return None, problem
    values = data.count(b"[") + data.count(b"{")
    if values > MAX_VALUES:
        return None, f"not a notebook a lesson makes ({values} JSON lists and objects; at most {MAX_VALUES} are read)"
    try:
        data = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError) as exc:
        return None, f"not a readable notebook ({type(exc).__name__})"
    old = isinstance(data, dict) and _validate.is_whole(data.get("nbformat")) and data["nbformat"] < 4
    if old and "worksheets" in data:
        try:  # an old notebook (nbformat 3, IPython 1-3): upgraded as Jupyter opens it, cell metadata kept
            import nbformat

            data = json.loads(nbformat.writes(nbformat.reads(json.dumps(data), as_version=4)))
        except Exception:  # any failure of the upgrade means "not a notebook" below
            pass
    try:
        return check_notebook(data), ""
    except ParameterError:
        return None, "not a notebook (it needs a list of cells, each with a type and a source)"
