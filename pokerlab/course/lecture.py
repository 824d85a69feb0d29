"""The 90-minute lecture: one file, ``course/lecture.toml``, that the course map's table and the lecture deck read.

Before, the path sat in hidden cell metadata of the course map (``metadata.pokerlab.lecture_path``) while the map
showed a table beside it: a lecturer who edited the table changed nothing and was not told. Now the path is
written once, in TOML, and everything else is made from it:

* ``pokerlab course slides OUT --lecture`` builds the deck from it (:func:`pokerlab.course.slides.build_lecture`);
* ``pokerlab course map`` writes the course map's lecture cell (its table) from it, and ``pokerlab course map
  --check`` fails when the map and the file disagree (the test suite runs the check, and so does the map itself).

The file (see the one pokerlab ships for every key)::

    title = "Texas Hold'em AI: from cards to equilibrium"   # the title slide
    lecturer = "Your name"                                   # on the title slide
    minutes = 90                                             # the session: what the steps leave is for questions
    intro = "One session that ..."                           # the course map's paragraph above the table

    [[step]]
    start = 0                # minutes into the lecture: presenting time, not the students' working time
    end = 4
    lesson = "01"            # the lesson's number
    sections = ["4"]         # its sections (the numbers of its "## N." headings), presented in this order
    title = "which hand wins" # optional: the table's words for the step (default: the first section's heading)
    notes = "hands are ordered: one value per 5-card class"   # optional: the point to make (table and speaker notes)
    slides = ["why.md"]      # optional: your own slides, shown at the start of this step
    again = true             # optional: this step comes back to a section an earlier step presented

A section presented by two steps is refused (a copy-paste slip and a deliberate return look the same) unless the
later step says ``again = true``.

A step may be only your own slides (no ``lesson``): a welcome, a break, the questions at the end.

**Your own slides** are markdown files in the folder ``lecture/`` beside the TOML file (``course/lecture/``):
``---`` on a line of its own starts the next slide, a line ``Note:`` starts the slide's speaker notes (reveal.js's
own conventions), a line starting ``##`` is a slide with a heading, ``$…$`` is math as in the lessons.

**Where the file is found** (:func:`find_lecture_file`): ``course/lecture.toml`` beside the lessons' folder (a
clone: ``notebooks/`` and ``course/`` side by side), else ``./course/lecture.toml``, else the copy inside pokerlab.
The wheel ships that copy (``pokerlab/course/assets/lecture.toml``; the repository's ``course/lecture.toml`` is a
link to it, so it is the same file), so the course map's check and ``lecture_path()`` work for a lecturer who
installed only the wheel; a lecturer who wants another path copies it to ``course/lecture.toml`` beside their
``notebooks/`` and edits it there.
"""

from __future__ import annotations

import json
import re
import tomllib
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

from pokerlab import _validate
from pokerlab._files import write_text
from pokerlab.errors import DataError, ParameterError

__all__ = [
    "Lecture",
    "LectureStep",
    "course_map_differences",
    "find_lecture_file",
    "lecture_path",
    "lecture_table",
    "lesson_name",
    "read_lecture",
    "working_minutes",
    "write_course_map",
]

#: the file's name, in the course folder beside the lessons' folder
LECTURE_FILE = "lecture.toml"
#: the folder of the lecturer's own slides, beside the file
SLIDES_FOLDER = "lecture"
#: the course map cell the table is written to starts with this heading
MAP_HEADING = "## A 90-minute lecture"
_MARK = "<!-- written from course/lecture.toml by `pokerlab course map`: edit that file, not this cell -->"


@dataclass(frozen=True)
class LectureStep:
    """One step of the lecture: minutes ``start``-``end`` of presenting, spent on ``sections`` of ``lesson``
    (and on the lecturer's own ``slides`` first, if any)."""

    start: int
    end: int
    lesson: str
    sections: tuple[str, ...]
    cells: tuple[str, ...] = ()
    title: str = ""
    notes: str = ""
    slides: tuple[str, ...] = ()

    @property
    def minutes(self) -> int:
        return self.end - self.start


@dataclass(frozen=True)
class Lecture:
    """The lecture as ``course/lecture.toml`` writes it: title slide, session length, intro and steps."""

    steps: tuple[LectureStep, ...]
    title: str = "A 90-minute lecture"
    lecturer: str = ""
    minutes: int = 90
    intro: str = ""
    source: Path | None = None

    @property
    def presenting(self) -> int:
        """Minutes of presenting: from the first step's start to the last step's end."""
        return self.steps[-1].end - self.steps[0].start

    @property
    def slides_folder(self) -> Path | None:
        """The folder of the lecturer's own slides (``lecture/`` beside the file)."""
        return None if self.source is None else self.source.parent / SLIDES_FOLDER


def _package_copy() -> Path:
    return Path(str(resources.files("pokerlab.course") / "assets" / LECTURE_FILE))


def find_lecture_file(notebooks: str | Path | None = None) -> Path:
    """The lecture file used when none is named: ``course/lecture.toml`` beside the lessons' folder
    ``notebooks`` (when given), else ``./course/lecture.toml`` or ``../course/lecture.toml`` (the course map runs
    inside ``notebooks/``), else the copy pokerlab ships."""
    places: list[Path] = []
    if notebooks is not None:
        _validate.path(notebooks, "notebooks must be a folder name", empty=False)
        folder = Path(notebooks).resolve()
        places += [folder.parent / "course" / LECTURE_FILE, folder / LECTURE_FILE]
    places += [Path("course") / LECTURE_FILE, Path("..") / "course" / LECTURE_FILE]
    for place in places:
        try:
            if place.is_file():
                return place
        except OSError:  # a name too long for the file system
            continue
    return _package_copy()


def _text(raw: dict[str, Any], key: str, where: str, default: str = "") -> str:
    value = raw.get(key, default)
    _validate.text(
        value, "value", empty=True, error=DataError, message=f"{where}: {key} must be text (in quotes), not {value!r}"
    )
    return value.strip()


def _strings(raw: dict[str, Any], key: str, where: str) -> tuple[str, ...]:
    value = raw.get(key, [])
    _validate.instance(
        value,
        list,
        f'{where}: {key} must be a list of text such as ["1", "2"]',
        error=DataError,
        check=lambda value: all(isinstance(x, str) and x.strip() for x in value),
    )
    return tuple(x.strip() for x in value)


def _minute(raw: dict[str, Any], key: str, where: str) -> int:
    said = f"{where}: {key} must be a whole number of minutes"
    return _validate.whole(raw.get(key), key, lo=0, error=DataError, message=said)


def read_lecture(file: str | Path | None = None, notebooks: str | Path | None = None) -> Lecture:
    """The lecture written in ``file`` (default: :func:`find_lecture_file`), its steps checked: each starts where
    the one before ended, lasts at least a minute, names a lesson and its sections or the lecturer's own slides,
    and the last ends within the session's ``minutes``.

    >>> lecture = read_lecture()
    >>> lecture.minutes, lecture.presenting <= lecture.minutes
    (90, True)
    """
    if file is None:
        path = find_lecture_file(notebooks)
    else:
        path = Path(_validate.path(file, "file must be the path of a lecture file (course/lecture.toml)", empty=False))
    if path.suffix == ".ipynb":
        raise DataError(
            f"{str(path)!r} is a notebook: the lecture is written in course/lecture.toml (the course map's table is"
            " written from it); pass that file, or nothing for the default"
        )
    try:
        raw = tomllib.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise DataError(f"cannot read the lecture file {str(path)!r}: {exc.strerror or exc}") from exc
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise DataError(f"{str(path)!r} is not valid TOML: {exc}") from None
    where = str(path)
    known = {"title", "lecturer", "minutes", "intro", "step"}
    if unknown := sorted(set(raw) - known):
        raise DataError(f"{where}: unknown key {unknown[0]!r} (the keys are {', '.join(sorted(known))})")
    said = f"{where}: minutes (the session's length) must be a whole number of minutes 1..600"
    minutes = _validate.whole(raw.get("minutes", 90), "minutes", lo=1, hi=600, error=DataError, message=said)
    raw_steps = raw.get("step")
    if not isinstance(raw_steps, list) or not raw_steps:
        raise DataError(f"{where} has no steps: write each as a [[step]] table (start, end, lesson, sections)")
    steps: list[LectureStep] = []
    step_keys = {"start", "end", "lesson", "sections", "cells", "title", "notes", "slides", "again"}
    presented: dict[tuple[str, str], int] = {}  # (lesson, section) -> the step that first presents it
    for i, item in enumerate(raw_steps, start=1):
        at = f"{where}, step {i}"
        if unknown := sorted(set(item) - step_keys):
            raise DataError(f"{at}: unknown key {unknown[0]!r} (a step has {', '.join(sorted(step_keys))})")
        start, end = _minute(item, "start", at), _minute(item, "end", at)
        lesson = _text(item, "lesson", at)
        sections = _strings(item, "sections", at)
        own = _strings(item, "slides", at)
        if end <= start:
            raise DataError(f"{at}: ends at minute {end}, not after it starts ({start})")
        if steps and start != steps[-1].end:
            raise DataError(f"{at}: starts at minute {start}, but the step before ends at {steps[-1].end}")
        if lesson and (not lesson.isdigit() or len(lesson) > 2):
            raise DataError(f'{at}: lesson must be a lesson number such as "02", not {lesson!r}')
        if bool(lesson) != bool(sections):
            raise DataError(f'{at}: name a lesson and its sections together (lesson = "02", sections = ["2"])')
        if twice := next((x for k, x in enumerate(sections) if x in sections[:k]), None):
            raise DataError(
                f"{at}: section {twice!r} is named twice in sections = {list(sections)!r}: a step presents each"
                " section once (to come back to it, give it a step of its own)"
            )
        if not lesson and not own:
            raise DataError(f"{at}: names no lesson and no slides of yours: nothing to present")
        again = item.get("again", False)
        if not _validate.is_bool(again):
            raise DataError(f"{at}: again must be true or false (no quotes), not {again!r}")
        for section in sections:
            first = presented.setdefault((lesson.zfill(2), section), i)
            if first != i and not again:
                raise DataError(
                    f"{at}: lesson {lesson.zfill(2)} §{section} is presented in step {first} and again in step {i}:"
                    f" write again = true in step {i} if you mean to come back to it"
                )
        bad = [name for name in own if not name.endswith(".md") or "/" in name or "\\" in name]
        if bad:
            raise DataError(f'{at}: slides are markdown files in {SLIDES_FOLDER}/ such as "why.md", not {bad[0]!r}')
        steps.append(
            LectureStep(
                start,
                end,
                lesson.zfill(2) if lesson else "",
                sections,
                _strings(item, "cells", at),
                _text(item, "title", at),
                _text(item, "notes", at),
                own,
            )
        )
    if steps[-1].end > minutes:
        raise DataError(f"{where}: the steps end at minute {steps[-1].end}, after the {minutes}-minute session")
    return Lecture(
        tuple(steps),
        _text(raw, "title", where, "A 90-minute lecture") or "A 90-minute lecture",
        _text(raw, "lecturer", where),
        minutes,
        _text(raw, "intro", where),
        path,
    )


def lecture_path(file: str | Path | None = None) -> list[LectureStep]:
    """The steps of the lecture in ``file`` (default ``course/lecture.toml``, see :func:`find_lecture_file`).

    The course map's table is written from the same file, so the two cannot disagree.

    >>> steps = lecture_path()
    >>> steps[0].start, steps[-1].end <= 90
    (0, True)
    """
    return list(read_lecture(file).steps)


# ---------------------------------------------------------------- the course map's table


def _lesson_headings(notebooks: Path, lesson: str) -> tuple[str, dict[str, str]]:
    """A lesson's name (its title after "·") and its sections' headings by number."""
    name, headings, _ = _lesson_sections(notebooks, lesson)
    return name, headings


def _lesson_sections(notebooks: Path, lesson: str) -> tuple[str, dict[str, str], dict[str, tuple[str, int]]]:
    """A lesson's name, its sections' headings by number, and each section's (heading cell, working minutes) from
    the instructor notes (two sections in one cell share the cell's minutes)."""
    said = f"lesson must be a lesson number such as '02', not {lesson!r}"
    if not _validate.text(lesson, "lesson", message=said).isdigit() or len(lesson) != 2:
        raise ParameterError(said)
    _validate.path(notebooks, "notebooks must be the lessons' folder", empty=False)
    notebooks = Path(notebooks)
    try:
        files = sorted(notebooks.glob(f"{lesson}_*.ipynb"))
    except OSError:  # a name too long for the file system
        files = []
    if not files:
        raise DataError(f"the lecture names lesson {lesson}, which is not in {str(notebooks)!r}")
    cells = json.loads(files[0].read_text(encoding="utf-8")).get("cells", [])
    name, headings, minutes = lesson, dict[str, str](), dict[str, tuple[str, int]]()
    for k, cell in enumerate(cells):
        if cell.get("cell_type") != "markdown":
            continue
        source = cell.get("source", "")
        note = ((cell.get("metadata") or {}).get("pokerlab") or {}).get("instructor")
        worked = note.get("minutes") if isinstance(note, dict) else None
        for line in ("".join(source) if isinstance(source, list) else str(source)).split("\n"):
            if line.startswith("# ") and name == lesson:
                name = line[2:].split("·", 1)[-1].strip()
            elif m := re.match(r"^## (\d+)\.\s+(.*)$", line):
                headings.setdefault(m.group(1), re.sub(r"\s*\(\d+ min\)$", "", m.group(2).strip()))
                if _validate.is_whole(worked):
                    minutes.setdefault(m.group(1), (f"{cell.get('id', k)}", worked))
    return name, headings, minutes


def working_minutes(lecture: Lecture, notebooks: str | Path) -> int:
    """The minutes a student needs to work through the lecture's sections (the lessons' instructor notes: the
    course map's table of lessons), each lesson cell counted once; the lecture's own minutes are presenting time."""
    _validate.instance(lecture, Lecture, "lecture must be a Lecture (read_lecture())")
    cells: dict[tuple[str, str], int] = {}
    for step in lecture.steps:
        if step.lesson:
            _, _, minutes = _lesson_sections(notebooks, step.lesson)  # type: ignore[arg-type]
            for section in step.sections:
                if section in minutes:
                    cells[step.lesson, minutes[section][0]] = minutes[section][1]
    return sum(cells.values())


def lesson_name(notebooks: str | Path, lesson: str) -> str:
    """The name of lesson ``lesson`` ("02" -> "Hand strength and hand potential"), from its title."""
    return _lesson_headings(notebooks, lesson)[0]  # type: ignore[arg-type]


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def lecture_table(lecture: Lecture, notebooks: str | Path) -> str:
    """The course map's lecture cell written from ``lecture``: heading, intro, the table of steps, and where the
    path is written. A step's words are its ``title`` or else its first section's heading in the lesson."""
    _validate.instance(lecture, Lecture, "lecture must be a Lecture (read_lecture())")
    _validate.path(notebooks, "notebooks must be the lessons' folder", empty=False)
    folder = Path(notebooks)
    rows = []
    for step in lecture.steps:
        if step.lesson:
            _, headings = _lesson_headings(folder, step.lesson)
            missing = [s for s in step.sections if s not in headings]
            if missing:
                raise DataError(
                    f"the lecture path names §{', §'.join(missing)} of lesson {step.lesson}, which it does not have"
                )
            title = step.title or headings[step.sections[0]]
            where = f"{step.lesson} §{', §'.join(step.sections)}: {title}"
        else:
            where = step.title or "your slides"
        for name in step.slides:  # the files the deck reads: a missing one is refused here too
            own_slides_cells(lecture, name)
        if step.slides:
            where += f" (your slides first: {', '.join(step.slides)})" if step.lesson else f": {', '.join(step.slides)}"
        rows.append(f"| {step.start}-{step.end} | {_cell(where)} | {step.minutes} | {_cell(step.notes)} |")
    left = lecture.minutes - lecture.presenting
    lessons = sorted({s.lesson for s in lecture.steps if s.lesson})
    summary = (
        f"The minutes are **presenting** minutes, {lecture.presenting} in all from {len(lessons)} lessons"
        + (f", which leaves {left} for questions" if left else "")
        + ": a lecturer shows each section's slides, already run, and runs nothing new. Students working through"
        f" the same sections on their own need {working_minutes(lecture, folder)} minutes (the lessons' minutes"
        " in the table above)."
    )
    parts = [
        MAP_HEADING,
        _MARK,
        *([lecture.intro] if lecture.intro else []),
        summary,
        "| time | lesson and section | minutes | the point to make |\n|---|---|---|---|\n" + "\n".join(rows),
        "The path is written in one place, `course/lecture.toml` (title slide, lecturer, steps): edit it, then"
        " `pokerlab course map` writes this cell again and `pokerlab course slides decks --lecture` builds the deck"
        " (title slide, a divider for each lesson, your own slides from `course/lecture/`).",
    ]
    return "\n\n".join(parts)


def _map_cell(nb: dict[str, Any], course_map: Path) -> dict[str, Any]:
    found = [
        c
        for c in nb.get("cells", [])
        if c.get("cell_type") == "markdown"
        and ("".join(c["source"]) if isinstance(c.get("source"), list) else str(c.get("source", ""))).startswith(
            MAP_HEADING
        )
    ]
    if len(found) != 1:
        raise DataError(f"{str(course_map)!r} must have one markdown cell starting {MAP_HEADING!r}, not {len(found)}")
    return found[0]


def _read_map(course_map: str | Path) -> tuple[Path, dict[str, Any]]:
    _validate.path(course_map, "course_map must be the path of the course map notebook", empty=False)
    path = Path(course_map)
    try:
        nb = json.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise DataError(f"cannot read the course map {str(path)!r}: {exc.strerror or exc}") from exc
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise DataError(f"{str(path)!r} is not a notebook (JSON): {exc}") from None
    return path, nb


def course_map_differences(course_map: str | Path, file: str | Path | None = None) -> list[str]:
    """The lines where the course map's lecture cell differs from the one ``file`` writes (empty: they agree).

    The course map's own check cell and the test suite call this: a table edited by hand, or a lecture file
    edited without ``pokerlab course map``, is found.
    """
    import difflib

    path, nb = _read_map(course_map)
    cell = _map_cell(nb, path)
    have = "".join(cell["source"]) if isinstance(cell["source"], list) else str(cell["source"])
    want = lecture_table(read_lecture(file, path.parent), path.parent)
    return [
        line
        for line in difflib.unified_diff(have.split("\n"), want.split("\n"), "course map", "lecture.toml", lineterm="")
        if line.startswith(("+", "-")) and not line.startswith(("+++", "---"))
    ]


def write_course_map(course_map: str | Path, file: str | Path | None = None) -> bool:
    """Write the course map's lecture cell from ``file`` (default: :func:`find_lecture_file` beside the map's
    folder); return whether it changed. The cell's outputs-free markdown is all that changes."""
    path, nb = _read_map(course_map)
    cell = _map_cell(nb, path)
    want = lecture_table(read_lecture(file, path.parent), path.parent)
    have = "".join(cell["source"]) if isinstance(cell["source"], list) else str(cell["source"])
    if have == want:
        return False
    lines = want.split("\n")
    cell["source"] = [line + "\n" for line in lines[:-1]] + [lines[-1]]
    (cell.get("metadata") or {}).get("pokerlab", {}).pop("lecture_path", None)
    if cell.get("metadata", {}).get("pokerlab") == {}:
        del cell["metadata"]["pokerlab"]
    write_text(path, json.dumps(nb, indent=1, sort_keys=True, ensure_ascii=False) + "\n")
    return True


# ---------------------------------------------------------------- the lecturer's own slides


def own_slides_cells(lecture: Lecture, name: str) -> list[dict[str, Any]]:
    """The markdown file ``name`` of the lecturer's slides folder as notebook cells: one cell a slide (``---``
    between slides), a ``Note:`` line's text after it as the slide's speaker notes."""
    folder = lecture.slides_folder
    if folder is None:
        raise DataError(f"the lecture names your slide {name!r} but was not read from a file")
    path = folder / name
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise DataError(
            f"the lecture names your slide {name!r}, but {str(path)!r} cannot be read: {exc.strerror or exc}"
        ) from exc
    cells: list[dict[str, Any]] = []
    for k, chunk in enumerate(re.split(r"(?m)^---[ \t]*$", text.replace("\r\n", "\n"))):
        m = re.search(r"(?m)^Note:[ \t]*", chunk)
        body, notes = (chunk[: m.start()], chunk[m.end() :]) if m else (chunk, "")
        if not body.strip() and not notes.strip():
            continue
        cid = f"own-{name}-{k}"
        cells.append(
            {
                "cell_type": "markdown",
                "id": cid,
                "metadata": {"slideshow": {"slide_type": "slide"}},
                "source": body.strip("\n"),
            }
        )
        if notes.strip():
            cells.append(
                {
                    "cell_type": "markdown",
                    "id": f"{cid}-notes",
                    "metadata": {"slideshow": {"slide_type": "notes"}},
                    "source": notes.strip(),
                }
            )
    if not cells:
        raise DataError(f"your slide file {str(path)!r} is empty")
    return cells
