"""The gradebook: every grade, as it is given, in ``gradebook.jsonl`` in the output folder (one JSON line each).

A run that stops (Ctrl-C, a machine that reboots) keeps the grades it gave; the next run over the same folder
takes each submission whose content (SHA-256 of its bytes) and grading settings (the lessons' checks and
points, the time and memory limits, ``--reveal``, pokerlab's version) are unchanged from its last line, and
grades only the others. A grade whose kernel did not start is never taken again. Each line also keeps where the
submission lay (its source path, resolved): a name met again from another place (two students' ``05.ipynb``
graded one folder at a time into one output folder) is refused, never taken for the other's grade nor
written over its page, unless the run regrades everything (``--regrade``). The file is appended
through :class:`pokerlab.course._submissions.Output` (never through a link), one line per grade, so a line
cut short by a crash is simply not read; a line edited by hand that is no grade of the lessons is graded again
(:func:`_fits`).
"""

from __future__ import annotations

import hashlib
import json
import math
from collections.abc import Sequence
from typing import Any

from pokerlab import _validate
from pokerlab._version import __version__
from pokerlab.course._results import NotebookGrade
from pokerlab.course._submissions import Output
from pokerlab.course.lessons import Lesson

NAME = "gradebook.jsonl"


def settings_digest(lessons: Sequence[Lesson], **settings: Any) -> str:
    """What a grade depends on besides the submission: the lessons' setups, checks, points and answers' names,
    ``settings`` (limits, reveal) and pokerlab's version."""
    data = {
        "version": __version__,
        "settings": settings,
        "lessons": [
            [
                les.stem,
                les.setup,
                [[e.number, e.check, e.points, list(e.answers), e.written_points] for e in les.exercises],
            ]
            for les in lessons
        ],
    }
    return hashlib.sha256(json.dumps(data, sort_keys=True, default=str).encode()).hexdigest()


def load(out: Output) -> dict[str, dict[str, Any]]:
    """The last entry of each submission (by its relative path); lines that cannot be read are skipped."""
    raw = out.read(NAME)
    entries: dict[str, dict[str, Any]] = {}
    if raw is None:
        return entries
    for line in raw.decode("utf-8", "replace").splitlines():
        try:
            entry = json.loads(line)
        except ValueError:
            continue
        if (
            isinstance(entry, dict)
            and isinstance(entry.get("submission"), str)
            and isinstance(entry.get("grade"), dict)
        ):
            entries[entry["submission"]] = entry
    return entries


def record(
    out: Output, submission: str, source: str, digest: str, settings: str, page: str, grade: dict[str, Any]
) -> None:
    """Append one grade: ``submission`` (its name, the path relative to the common folder) and ``source`` (where it
    lay: absolute, resolved), so a later run that meets the same name from elsewhere can refuse it."""
    line = {
        "submission": submission,
        "source": source,
        "sha256": digest,
        "settings": settings,
        "page": page,
        "grade": grade,
    }
    out.append(NAME, json.dumps(line, ensure_ascii=True))


def _fits(g: NotebookGrade, lessons: Sequence[Lesson]) -> bool:
    """Is ``g`` (read from the gradebook) a grade of one of ``lessons``: its exercises that lesson's, in order, with
    their points, each score between 0 and its points, its seconds a finite number, its notes a list of texts? (A
    line edited by hand is graded again.)"""
    seconds = g.seconds
    if not _validate.is_number(seconds) or not 0 <= seconds < math.inf:
        return False
    if not isinstance(g.notes, list):
        return False
    if g.lesson is None:
        return not g.exercises
    lesson = next((les for les in lessons if les.stem == g.lesson), None)
    if lesson is None or len(g.exercises) != len(lesson.exercises):
        return False
    return all(
        isinstance(r.name, str) and r.name == e.name and r.max_score == e.points and 0 <= r.score <= e.points
        and r.written_points == e.written_points and isinstance(r.message, str)
        for r, e in zip(g.exercises, lesson.exercises, strict=True)
    ) and all(isinstance(n, str) for n in g.notes)  # fmt: skip
