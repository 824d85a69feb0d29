"""Student copies and solutions, generated from the lessons (``pokerlab course release``).

The student copy of a lesson keeps its prose, explorers and charts (saved outputs included) and loses
what gives the answers away: every solution region becomes ``# YOUR CODE HERE`` /
``raise NotImplementedError()`` (a written answer becomes "YOUR ANSWER HERE"), hidden tests are removed,
and the outputs of solution and check cells are cleared. The solutions copy keeps everything and only
drops the region markers. Both lose the test suite's ``# NBVAL_CHECK_OUTPUT`` lines. This is what
nbgrader's ``generate_assignment`` does, done here without nbgrader so that a lecturer needs only pokerlab.

Neither copy has a ``solutions/`` folder beside it, so both drop the lessons' links to
``solutions/<lesson>_solutions.ipynb`` (with the clause that introduces them): a copy links nothing that
is not there (:func:`relink`; the course site links its own solutions pages instead).
"""

from __future__ import annotations

import copy
import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from pokerlab import _validate
from pokerlab._files import write_text
from pokerlab.course._mounts import refuse_exposed
from pokerlab.course.handout import GLOSSARY, glossary_notebook, student_map_notebook
from pokerlab.course.lessons import (
    BEGIN_HIDDEN,
    BEGIN_SOLUTION,
    END_HIDDEN,
    END_SOLUTION,
    Lesson,
    check_folder,
    check_lessons,
    check_notebook,
    nbgrader_meta,
    read_lessons,
    source,
    strip_region,
    without_check_marker,
)
from pokerlab.errors import ParameterError

__all__ = ["release", "relink", "solutions_copy", "student_copy"]

CODE_STUB = "# YOUR CODE HERE\nraise NotImplementedError()"
ANSWER_STUB = "YOUR ANSWER HERE"


#: a markdown link to a lesson's solutions notebook, and the clause leading to it ("; on the course site: [...]")
_SOLUTION_LINK = re.compile(
    r"(?P<lead>[;,]?\s*(?:on|see) the course site:?\s*)?"
    r"\[(?P<text>[^\]\n]*)\]\((?:\./)?solutions/(?P<stem>[^)\s/]+?)_solutions\.ipynb\)"
)
#: a markdown link to a notebook in the same tree (not a web address)
_NOTEBOOK_LINK = re.compile(r"\[(?P<text>[^\]\n]*)\]\((?P<target>(?![a-z]+:)[^)\s#]+\.ipynb)(?P<anchor>#[^)\s]*)?\)")


def relink(
    notebook: dict[str, Any],
    published: Callable[[str], bool] = lambda target: False,
    solutions: Callable[[str], str | None] = lambda stem: None,
) -> dict[str, Any]:
    """The notebook (changed in place and returned) with no link in its markdown to a notebook not published.

    A link to ``solutions/<stem>_solutions.ipynb`` becomes ``solutions(stem)`` (a markdown link or any text)
    or, for None, disappears with the clause that introduces it ("; on the course site: [...]"). Any other
    link to a ``.ipynb`` whose target ``published(target)`` denies keeps its text and loses the link.
    """
    _validate.instance(
        notebook,
        dict,
        "notebook must be a notebook's JSON (a dict with cells)",
        check=lambda notebook: isinstance(notebook.get("cells"), list),
    )
    _validate.protocol(published, "published must be a function of a link's target")
    _validate.protocol(solutions, "solutions must be a function of a link's target")

    def solution(m: re.Match[str]) -> str:
        new = solutions(m.group("stem"))
        if new is None:
            return ""
        return (m.group("lead") or "") + new

    def other(m: re.Match[str]) -> str:
        return m.group(0) if published(m.group("target")) else m.group("text")

    for cell in notebook["cells"]:
        if cell.get("cell_type") != "markdown":
            continue
        text = source(cell)
        new = _NOTEBOOK_LINK.sub(other, _SOLUTION_LINK.sub(solution, text))
        if new != text:
            cell["source"] = new
    return notebook


# Lecturer-only text a student copy leaves out: the sentence on how solutions are made (the lecturer's
# command), and the "# LIVE_ONLY" marker of a cell the test suite lets keep no saved picture (with the
# comment lines that continue it when it ends in ";").
_LECTURER_SENTENCE = re.compile(
    r" ?The solutions are generated from this lesson \(`pokerlab course release OUT --solutions`[^\n)]*\)"
    r"(?:; on the course site: [^\n]*?)?\."
)
_LIVE_ONLY = re.compile(r"\A# LIVE_ONLY(?:[^\n;]*;\n(?:#[^\n]*\n)*|[^\n]*\n)")


def student_copy(notebook: dict[str, Any]) -> dict[str, Any]:
    """The notebook a student gets: no solution code, no hidden tests, no links to solutions notebooks (none
    ship with it), and no lecturer-only text: of the cells' instructor notes (``metadata.pokerlab.instructor``)
    only the section's point stays, as ``metadata.pokerlab.point`` (what the section teaches: a handout prints it
    beside the slide); the minutes, the question students ask and the misconception to expect go, as do the
    sentence on generating solutions and the ``# LIVE_ONLY`` test marker. Nothing else changes."""
    nb = relink(copy.deepcopy(check_notebook(notebook)), _sibling)
    for cell in nb["cells"]:
        own = (cell.get("metadata") or {}).get("pokerlab")
        if isinstance(own, dict) and "instructor" in own:
            notes = own.pop("instructor")
            point = notes.get("point") if isinstance(notes, dict) else None
            if isinstance(point, str) and point.strip():
                own["point"] = point
            if not own:
                del cell["metadata"]["pokerlab"]
        meta = nbgrader_meta(cell)
        text = source(cell)
        original = text
        if cell["cell_type"] == "markdown":
            text = _LECTURER_SENTENCE.sub("", text)
        else:
            text = _LIVE_ONLY.sub("", text)
        if meta.get("solution"):
            stub = CODE_STUB if cell["cell_type"] == "code" else ANSWER_STUB
            text = strip_region(text, BEGIN_SOLUTION, END_SOLUTION, stub) if BEGIN_SOLUTION in text else stub
        if meta.get("grade") and not meta.get("solution"):
            text = strip_region(text, BEGIN_HIDDEN, END_HIDDEN, "")
        if cell["cell_type"] == "code":
            text = without_check_marker(text)
            if meta.get("solution") or meta.get("grade"):
                cell["outputs"], cell["execution_count"] = [], None
        if text != original:
            cell["source"] = text
    return nb


def solutions_copy(notebook: dict[str, Any]) -> dict[str, Any]:
    """The complete notebook: solutions and hidden tests in place, markers dropped (and no link to a
    solutions notebook: this is it)."""
    nb = relink(copy.deepcopy(check_notebook(notebook)), _sibling)
    for cell in nb["cells"]:
        text = original = source(cell)
        for begin, end in ((BEGIN_SOLUTION, END_SOLUTION), (BEGIN_HIDDEN, END_HIDDEN)):
            if begin in text:
                text = strip_region(text, begin, end, None)
        if cell["cell_type"] == "code":
            text = without_check_marker(text)
        if text != original:
            cell["source"] = text
    return nb


def _sibling(target: str) -> bool:
    """A link to another lesson (``NN_<name>.ipynb`` beside this one) or to the glossary (written beside every
    copy) holds in a copy; any other does not."""
    return re.fullmatch(r"(?:\./)?(?:\d\d_[A-Za-z0-9_]+|glossary)\.ipynb", target) is not None


def notebook_text(nb: dict[str, Any]) -> str:
    return json.dumps(nb, indent=1, ensure_ascii=False) + "\n"


def write_notebook(nb: dict[str, Any], path: Path) -> None:
    write_text(path, notebook_text(nb))  # atomic, mode kept, through links: see pokerlab._files


def release(
    out: str | Path, *, solutions: bool = False, lessons: list[Lesson] | None = None, force: bool = False
) -> list[Path]:
    """Write the student copy (or, with ``solutions``, the complete copy) of every lesson with exercises
    to ``OUT/<lesson file stem>.ipynb`` and return the paths written (``OUT`` is created if needed). The
    glossary the lessons link to is written beside them (``OUT/glossary.ipynb``), and the students' course map
    (``OUT/00_course_map.ipynb``: the lessons handed out, install line, minutes; neither in the list returned).

    A notebook already in ``OUT`` that differs from the copy (a student's worked copy, the other kind of
    copy, an older release) is replaced only with ``force``: otherwise nothing is written and a
    :class:`~pokerlab.errors.ParameterError` names the files. Writing the same copy again is allowed.
    The complete copies are never written where the grader's sandbox shows files to submissions (Python, the
    installed packages, pokerlab's own package and data: :func:`pokerlab.course._mounts.exposed`).
    """
    folder = check_folder(out, "out")
    _validate.flag(solutions, "solutions")
    _validate.flag(force, "force")
    if folder.exists() and not folder.is_dir():
        raise ParameterError(f"out {str(out)!r} exists and is not a folder")
    if solutions:  # never where the grader's sandbox shows files to submissions (its own list of mounts)
        refuse_exposed(folder, "the complete copies (solutions, hidden tests)")
    lessons = read_lessons() if lessons is None else check_lessons(lessons)
    copies = []
    for lesson in lessons:
        nb = solutions_copy(lesson.notebook) if solutions else student_copy(lesson.notebook)
        copies.append((folder / f"{lesson.stem}.ipynb", notebook_text(nb)))
    if not force:
        differ = [path.name for path, text in copies if path.exists() and not _holds(path, text)]
        if differ:
            shown = ", ".join(differ[:3]) + (f" and {len(differ) - 3} more" if len(differ) > 3 else "")
            raise ParameterError(
                f"out {str(out)!r} already holds {shown}, different from the copies (a student's work?): "
                "give --force (force=True) to replace them, or another folder"
            )
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for path, text in copies:
        try:
            write_text(path, text)
        except OSError as exc:
            raise ParameterError(f"cannot write {str(path)!r:.90}: {exc.strerror or exc}") from exc
        written.append(path)
    # beside them, nobody's work (written each time): the glossary the lessons link, the students' course map
    write_text(folder / GLOSSARY, notebook_text(glossary_notebook()))
    course_map = lessons[0].path.parent / "00_course_map.ipynb" if lessons else None  # the lessons' own map
    if course_map is not None and course_map.is_file() and course_map.parent.resolve() != folder.resolve():
        worth = {
            lesson.stem: f"{lesson.max_score:g} points checked + {lesson.written_points:g} written"
            for lesson in lessons
        }
        student_map = student_map_notebook(json.loads(course_map.read_text(encoding="utf-8")), worth)
        write_text(folder / "00_course_map.ipynb", notebook_text(student_map))
    return written


def _holds(path: Path, text: str) -> bool:
    try:
        return path.read_bytes() == text.encode("utf-8")
    except OSError:
        return False
