"""The lessons as the one source of every exercise, its solution and its checks.

Each lesson ``notebooks/NN_<name>.ipynb`` ends with its exercises in nbgrader's cell format
(``metadata.nbgrader``, schema 3):

* a locked setup cell (``metadata.pokerlab.exercise_setup``) with the imports the exercises and their
  checks share;
* per exercise ``n``: a task cell, a written answer graded by hand (``ex<n>_written``, markdown, with
  ``### BEGIN SOLUTION`` / ``### END SOLUTION``), a code cell whose solution region computes the answer
  (``ex<n>_code``) and a locked check cell (``ex<n>_check``, ``points``) with visible asserts and
  hidden ones between ``### BEGIN HIDDEN TESTS`` / ``### END HIDDEN TESTS``.

A check cell names the variables it reads in ``metadata.pokerlab.answers``: the grader takes only
those values (as plain data) out of a submission and runs the check from this source, never from the
submission. The lessons are read from the checkout's ``notebooks/`` folder, or from ``$POKERLAB_LESSONS``.
"""

from __future__ import annotations

import json
import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pokerlab import _validate
from pokerlab.errors import DataError, ParameterError

__all__ = ["Exercise", "Lesson", "lessons_dir", "read_lesson", "read_lessons"]

BEGIN_SOLUTION, END_SOLUTION = "### BEGIN SOLUTION", "### END SOLUTION"
BEGIN_HIDDEN, END_HIDDEN = "### BEGIN HIDDEN TESTS", "### END HIDDEN TESTS"
CHECK_MARKER = "# NBVAL_CHECK_OUTPUT"
LESSON_GLOB = "[0-9][0-9]_*.ipynb"


@dataclass(frozen=True)
class Exercise:
    """One autograded exercise of a lesson: its check cell and what the check reads."""

    number: int
    grade_id: str  # the check cell's nbgrader grade_id, e.g. "ex2_check"
    cell_id: str
    points: float
    answers: tuple[str, ...]
    check: str  # the check cell's source, hidden tests included
    code_id: str | None  # the cell id of the solution cell it checks
    written_points: float  # points of the written answer graded by hand (0 when there is none)

    @property
    def name(self) -> str:
        return f"Exercise {self.number}"


@dataclass
class Lesson:
    """A lesson notebook and its exercises."""

    path: Path
    notebook: dict[str, Any]
    exercises: list[Exercise] = field(default_factory=list)
    setup: str = ""

    @property
    def stem(self) -> str:
        return self.path.stem

    @property
    def max_score(self) -> float:
        return sum(e.points for e in self.exercises)

    @property
    def written_points(self) -> float:
        return sum(e.written_points for e in self.exercises)

    def cell_ids(self) -> set[str]:
        return {c["id"] for c in self.notebook["cells"] if "id" in c}

    def grade_ids(self) -> set[str]:
        return {gid for c in self.notebook["cells"] if (gid := nbgrader_meta(c).get("grade_id"))}


def source(cell: dict[str, Any]) -> str:
    """A cell's source as one string (notebooks store it as a string or a list of lines)."""
    src = cell.get("source", "")
    return "".join(src) if isinstance(src, list) else str(src)


def nbgrader_meta(cell: dict[str, Any]) -> dict[str, Any]:
    meta = cell.get("metadata", {})
    nb = meta.get("nbgrader") if isinstance(meta, dict) else None
    return nb if isinstance(nb, dict) else {}


def lessons_dir() -> Path:
    """The folder holding the lesson notebooks: ``$POKERLAB_LESSONS`` or the checkout's ``notebooks/``."""
    env = os.environ.get("POKERLAB_LESSONS")
    folder = Path(env) if env else Path(__file__).resolve().parent.parent.parent / "notebooks"
    if not folder.is_dir() or not any(folder.glob(LESSON_GLOB)):
        raise DataError(
            f"no lessons in {str(folder)!r}: the course commands read the lessons of a pokerlab checkout "
            "(its notebooks/ folder); set POKERLAB_LESSONS to that folder"
        )
    return folder


def _shown(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def check_notebook(notebook: Any, name: str = "notebook") -> dict[str, Any]:
    """``notebook`` as a notebook dict (a list of cells, each with a type and a source), else a ParameterError."""

    def good(cell: Any) -> bool:
        if not isinstance(cell, dict) or not isinstance(cell.get("cell_type"), str):
            return False
        src = cell.get("source", "")
        return isinstance(src, str) or (isinstance(src, list) and all(isinstance(x, str) for x in src))

    cells = notebook.get("cells") if isinstance(notebook, dict) else None
    ok = isinstance(cells, list) and all(good(c) for c in cells)
    if not ok:
        raise ParameterError(f"{name} must be a notebook (a dict with a list of cells), not {_shown(notebook)}")
    assert isinstance(notebook, dict)
    return notebook


def check_folder(value: Any, name: str) -> Path:
    """A folder name given as ``name``, else a ParameterError."""
    said = f"{name} must be a folder name, not {_shown(value)}"
    if not _validate.is_path(value) or not str(value).strip() or "\x00" in str(value):
        raise _validate.refused(value, (str, os.PathLike), said)
    if any(len(part) > 255 for part in Path(value).parts):
        raise ParameterError(f"{name} {_shown(str(value))} has a name longer than 255 characters")
    return Path(value)


def check_lessons(value: Any, name: str = "lessons") -> list[Lesson]:
    _validate.instance(value, (list, tuple), f"{name} must be a list of Lesson (read_lessons())", items=Lesson)
    return list(value)


def read_lesson(path: str | Path) -> Lesson:
    """Read one lesson and its exercises (in the order of their check cells)."""
    if not _validate.is_path(path) or not str(path).strip() or "\x00" in str(path):
        raise _validate.refused(path, (str, os.PathLike), f"path must name a lesson notebook, not {_shown(path)}")
    path = Path(path)
    try:
        notebook = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        raise DataError(f"cannot read the lesson {str(path)!r}: {type(exc).__name__}") from exc
    check_notebook(notebook, f"the lesson {str(path)!r}")
    lesson = Lesson(path=path, notebook=notebook)
    written: dict[int, float] = {}
    code_ids: dict[int, str] = {}
    for cell in notebook["cells"]:
        meta = nbgrader_meta(cell)
        extra = cell.get("metadata", {}).get("pokerlab", {})
        gid = str(meta.get("grade_id", ""))
        number = _exercise_number(gid)
        if extra.get("exercise_setup"):
            lesson.setup = source(cell)
        elif number is not None and meta.get("solution") and cell["cell_type"] == "markdown" and meta.get("grade"):
            written[number] = float(meta.get("points", 0))
        elif number is not None and meta.get("solution") and cell["cell_type"] == "code":
            code_ids[number] = cell["id"]
        elif number is not None and meta.get("grade") and not meta.get("solution"):
            lesson.exercises.append(
                Exercise(
                    number=number,
                    grade_id=gid,
                    cell_id=cell["id"],
                    points=float(meta.get("points", 0)),
                    answers=tuple(extra.get("answers", ())),
                    check=source(cell),
                    code_id=None,
                    written_points=0.0,
                )
            )
    lesson.exercises = [
        Exercise(**{**e.__dict__, "code_id": code_ids.get(e.number), "written_points": written.get(e.number, 0.0)})
        for e in lesson.exercises
    ]
    return lesson


def read_lessons(folder: str | Path | None = None) -> list[Lesson]:
    """Every lesson with exercises, in course order (from ``folder``, by default :func:`lessons_dir`)."""
    folder = lessons_dir() if folder is None else check_folder(folder, "folder")
    if not folder.is_dir():
        raise ParameterError(f"folder {str(folder)!r} is not a folder")
    return [lesson for p in sorted(folder.glob(LESSON_GLOB)) if (lesson := read_lesson(p)).exercises]


def _exercise_number(grade_id: str) -> int | None:
    m = re.fullmatch(r"ex(\d+)_[a-z]+", grade_id)
    return int(m.group(1)) if m else None


def strip_region(text: str, begin: str, end: str, replacement: str | None) -> str:
    """Replace every ``begin``..``end`` region (delimiter lines included) with ``replacement``
    (indented like the delimiter), or keep the region's inside and drop only the delimiters (None)."""
    out: list[str] = []
    inside = False
    for line in text.splitlines():
        stripped = line.strip()
        if stripped == begin:
            inside = True
            if replacement is not None:
                indent = line[: len(line) - len(line.lstrip())]
                out.extend(indent + r for r in replacement.splitlines())
            continue
        if stripped == end:
            inside = False
            continue
        if not inside or replacement is None:
            out.append(line)
    return "\n".join(out)


def without_check_marker(text: str) -> str:
    """The source without the test suite's ``# NBVAL_CHECK_OUTPUT`` line (readers never see it)."""
    return "".join(line for line in text.splitlines(keepends=True) if line.strip() != CHECK_MARKER)
