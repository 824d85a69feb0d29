"""What a grade is: :class:`ExerciseResult` (one exercise's points, and why they were lost) and
:class:`NotebookGrade` (one notebook's), with the lines ``pokerlab course grade`` prints for it and the plain
data the gradebook and ``--json`` keep.

A module of its own because every part of the grader speaks in these types (the run, the checks, the drivers,
the feedback page, the gradebook) while they need nothing of those parts: the types load without the sandbox.
Both are importable from :mod:`pokerlab.course.grading`, as lecturers' scripts import them.
"""

from __future__ import annotations

import dataclasses
import textwrap
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pokerlab.course import _submissions

#: the text report's widest line: a longer message is wrapped, each piece indented, so on a terminal at least this
#: wide no line of a message starts where a notebook's grade line does (a red team padded one to forge a grade)
REPORT_WIDTH = 80


@dataclass
class ExerciseResult:
    """Points of one autograded exercise, and why they were lost."""

    name: str
    score: float
    max_score: float
    message: str = ""
    written_points: float = 0.0  # a written answer's points, graded by hand (not in score)

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "score": self.score, "max_score": self.max_score, "message": self.message}


@dataclass
class NotebookGrade:
    """The grade of one submitted notebook."""

    notebook: str
    lesson: str | None
    exercises: list[ExerciseResult] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    seconds: float = 0.0
    submission: str = ""  # the path relative to the batch's common folder (names the feedback page)
    student: str | None = None  # the first folder of ``submission`` (or ``student_from``'s match)
    reused: bool = False  # taken from the gradebook (content and settings unchanged), not graded again
    skipped: str = ""  # why it is no submission (the course map or glossary of a release): no grade, no page

    def record(self) -> dict[str, Any]:
        """Everything in this grade, as plain data (the gradebook's form; :meth:`from_record` reads it)."""
        return dataclasses.asdict(self)

    @classmethod
    def from_record(cls, data: dict[str, Any]) -> NotebookGrade:
        fields = {f.name for f in dataclasses.fields(cls)} - {"exercises"}
        ex_fields = {f.name for f in dataclasses.fields(ExerciseResult)}
        exercises = [ExerciseResult(**{k: v for k, v in e.items() if k in ex_fields}) for e in data["exercises"]]
        return cls(**{k: v for k, v in data.items() if k in fields}, exercises=exercises)

    @property
    def score(self) -> float:
        return sum(e.score for e in self.exercises)

    @property
    def max_score(self) -> float:
        return sum(e.max_score for e in self.exercises)

    @property
    def written_points(self) -> float:
        return sum(e.written_points for e in self.exercises)

    def to_json(self) -> dict[str, Any]:
        return {
            "notebook": self.notebook,
            "submission": self.submission or Path(self.notebook).name,
            "student": self.student,
            "seconds": round(self.seconds, 3),
            "from_gradebook": self.reused,
            "lesson": self.lesson,
            "score": self.score,
            "max_score": self.max_score,
            "exercises": [e.to_json() for e in self.exercises],
            "written_points_to_grade_by_hand": self.written_points,
            "notes": self.notes,
            "skipped": self.skipped or None,
        }

    def lines(self) -> list[str]:
        """The text the command prints for this notebook: one line per notebook, note and exercise (a grade taken
        from the gradebook, not given by this run, says so on its first line), whatever the
        file is called or a check's message quotes (:func:`~pokerlab.course._submissions.shown` escapes anything
        that could forge a line: all but ASCII and accented Latin letters, and runs of spaces)."""
        esc = _submissions.shown
        if self.skipped:
            return [f"{esc(self.notebook)}: skipped ({self.skipped})"]
        head = f"{esc(self.notebook)}: {_num(self.score)}/{_num(self.max_score)}"
        said = [f"lesson {esc(self.lesson)}"] if self.lesson else []
        said += ["from the gradebook"] if self.reused else []
        head += f" ({', '.join(said)})" if said else ""
        out = [head]
        out += [f"  note: {esc(n)}" for n in self.notes]
        for e in self.exercises:
            line = f"  {esc(e.name)}: {_num(e.score)}/{_num(e.max_score)}"
            message = _submissions.shown_message(e.message) if e.message else ""
            if len(line) + 2 + len(message) <= REPORT_WIDTH:
                out.append(line + (f"  {message}" if message else ""))
            else:  # wrapped here, indented, so no piece of a message starts a line a terminal shows (a forged grade)
                out.append(line)
                out += ["      " + piece for piece in textwrap.wrap(message, REPORT_WIDTH - 6, break_on_hyphens=False)]
        if self.written_points:
            out.append(f"  written answers: {_num(self.written_points)} points to grade by hand")
        return out


def _num(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else f"{x:g}"
