"""The gradebook: every grade, as it is given, in ``gradebook.jsonl`` in the output folder (one JSON line each).

A run that stops (Ctrl-C, a machine that reboots) keeps the grades it gave; the next run over the same folder
takes each submission whose content (SHA-256 of its bytes) and grading settings (the lessons' checks and
points, the time and memory limits, ``--reveal``, pokerlab's version) are unchanged from its last line, and
grades only the others. A grade whose kernel did not start is never taken again. Each line also keeps where the
submission lay (its source path, resolved): a name met again from another place (two students' ``05.ipynb``
graded one folder at a time into one output folder) is refused, never taken for the other's grade nor
written over its page, unless the run regrades everything (``--regrade``). The file is appended
through :class:`pokerlab.course._submissions.Output` (never through a link), one line per grade, so a line
cut short by a crash is simply not read.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from typing import Any

from pokerlab._version import __version__
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
