"""A lesson's deck: finding the lessons (``NN_<name>.ipynb`` in the lessons' folder), reading a notebook, the
lesson as the deck shows it (nbgrader's solution markers replaced by "Solution" headings, links to notebooks
taken out) and as its handout prints it (the student copy), and :func:`build_deck`, which writes both pages.

The lecture deck (:mod:`pokerlab.course._lecture_deck`) reads its lessons through the same functions.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from pokerlab import _validate
from pokerlab._files import write_text
from pokerlab.course._charts_on_slides import _draw_charts
from pokerlab.course._layout import _layout, _parts, _source
from pokerlab.course._pages import _copy_reveal, _deck_html, _handout_html
from pokerlab.course._pieces import _HEADING, _Assets, _Slide
from pokerlab.course.lessons import nbgrader_meta
from pokerlab.course.release import relink, student_copy
from pokerlab.errors import DataError, ParameterError, PokerlabError


def _read_notebook(path: Path) -> dict[str, Any]:
    try:
        nb = json.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise DataError(f"cannot read the lesson {str(path)!r}: {exc.strerror or exc}") from exc
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise DataError(f"{str(path)!r} is not a notebook (JSON): {exc}") from None
    _validate.instance(
        nb,
        dict,
        f"{str(path)!r} is not a notebook: it must be a dict with a list of cells",
        error=DataError,
        check=lambda nb: isinstance(nb.get("cells"), list),
    )
    return nb


def _folder(notebooks: str | Path | None) -> Path:
    if notebooks is None:
        # the lessons next to the lecturer first (./notebooks, or the folder itself when it holds them: a copy of
        # notebooks/ used with an installed wheel), then $POKERLAB_LESSONS, then the checkout pokerlab runs from
        env = os.environ.get("POKERLAB_LESSONS", "").strip()
        places = [Path("notebooks"), Path("."), *([Path(env)] if env else [])]
        places.append(Path(__file__).resolve().parents[2] / "notebooks")
        folder = next((p for p in places if (p / "00_course_map.ipynb").is_file()), None)
        if folder is None:
            raise DataError(
                "no lessons here (no 00_course_map.ipynb in ./notebooks or .): run from the folder holding the "
                "lessons, or pass notebooks= (--notebooks) pointing at them"
            )
    else:
        folder = Path(_validate.path(notebooks, "notebooks must be a folder name", empty=False))
    try:
        found = folder.is_dir()
    except OSError:  # a name too long for the file system
        found = False
    if not found:
        raise DataError(f"no lessons folder {str(folder)!r}: pass notebooks= (--notebooks) pointing at the lessons")
    return folder


def find_lessons(lessons: Iterable[str] | None = None, notebooks: str | Path | None = None) -> list[Path]:
    """The lesson files ``NN_<name>.ipynb`` for lesson numbers such as ``"02"`` (every lesson for None).

    >>> [p.name for p in find_lessons(["2"])]
    ['02_strength_and_potential.ipynb']
    """
    folder = _folder(notebooks)
    found = {p.name[:2]: p for p in sorted(folder.glob("[0-9][0-9]_*.ipynb")) if p.name[:2] != "00"}
    if lessons is None:
        if not found:
            raise DataError(f"no lessons (NN_<name>.ipynb) in {str(folder)!r}")
        return list(found.values())
    _validate.instance(lessons, Iterable, "lessons must be a list of lesson numbers such as ['02']")
    out = []
    for item in lessons:
        text = str(item).strip() if isinstance(item, str) or _validate.is_whole(item) else ""
        if not text.isdigit() or len(text) > 2:
            raise ParameterError(f"lessons: a lesson is a number such as 02, not {item!r}")
        key = text.zfill(2)
        if key not in found:
            raise ParameterError(
                f"lessons: no lesson {item!r} in {str(folder)!r} (there are {', '.join(found) or 'none'})"
            )
        if found[key] not in out:  # "02 2 02" builds lesson 02 once
            out.append(found[key])
    return out


_MARKERS = ("### BEGIN SOLUTION", "### END SOLUTION")
_HIDDEN = ("### BEGIN HIDDEN TESTS", "### END HIDDEN TESTS")
_HIDDEN_NOTE = "# hidden checks (pokerlab course grade runs them; students do not see them):"


def _solutions_headed(nb: dict[str, Any]) -> dict[str, Any]:
    """The lesson with nbgrader's solution markers taken out and each exercise's solution under a "Solution"
    heading (a sub-slide of its own). Before, the markdown marker ``### BEGIN SOLUTION`` was a heading like any
    other: 46 slides of the decks were titled "BEGIN SOLUTION" or "END SOLUTION". A student copy has no markers
    (its solutions are stubs), so its deck has no "Solution" slide. A check cell's hidden tests follow a comment
    saying what they are, without nbgrader's ``### BEGIN/END HIDDEN TESTS`` lines (53 code slides showed them)."""
    cells: list[dict[str, Any]] = []
    headed = ""  # the exercise whose solution heading was given last
    for cell in nb.get("cells", []):
        meta = (cell.get("metadata") or {}).get("nbgrader") or {}
        text = _source(cell)
        if not (isinstance(meta, dict) and meta.get("solution") and _MARKERS[0] in text):
            if _HIDDEN[0] in text:  # a check cell: its hidden tests under a comment, nbgrader's markers out
                kept_lines = [_HIDDEN_NOTE if ln.strip() == _HIDDEN[0] else ln for ln in text.split("\n")]
                cell = {**cell, "source": "\n".join(ln for ln in kept_lines if ln.strip() != _HIDDEN[1])}
            cells.append(cell)
            if cell.get("cell_type") == "markdown" and _HEADING.search(text.lstrip().split("\n", 1)[0]):
                headed = ""  # a new heading (the next exercise) ends the solution's sub-slide
            continue
        lines = [line for line in text.split("\n") if line.strip() not in _MARKERS]
        exercise = str(meta.get("grade_id", "")).split("_")[0]
        kept = {**cell, "source": "\n".join(lines).strip("\n")}
        if exercise != headed or not exercise:
            heading = {"cell_type": "markdown", "id": f"{cell.get('id', '')}-solution", "metadata": {}}
            cells.append({**heading, "source": "### Solution"})
            headed = exercise
        cells.append(kept)
    return {**nb, "cells": cells}


def _unlinked(nb: dict[str, Any]) -> dict[str, Any]:
    """The lesson without links to notebooks (a deck's folder holds none): each keeps its text; a link to a
    solutions notebook goes with the clause introducing it."""
    try:
        return relink(nb)
    except (KeyError, TypeError, AttributeError):  # not a lesson's cells: the deck reports it as before
        return nb


def _out_folder(out: str | Path) -> Path:

    _validate.output_folder(out, "out")
    return Path(out)


def _deck_slides(nb: dict[str, Any], stem: str, assets: _Assets) -> tuple[str, list[_Slide]]:
    """A lesson's title and slides, its charts drawn; the title slide's notes say the sections' minutes."""
    parts = _parts(nb, assets)
    minutes = sum(
        int(i["minutes"])
        for c in nb["cells"]
        if isinstance(i := ((c.get("metadata") or {}).get("pokerlab") or {}).get("instructor"), dict)
        and _validate.is_whole(i.get("minutes"))
    )
    for part in parts:
        if part.kind == "h1" and not part.notes and minutes:  # a student copy has no instructor notes: no sum
            part.notes = f"<p>The sections' instructor notes add up to {minutes} minutes (from the course map).</p>"
            break
    slides = _layout(parts)
    _draw_charts(slides, assets)
    return next((p.title for p in parts if p.kind == "h1"), stem), slides


def _handout_copy(nb: dict[str, Any]) -> dict[str, Any] | None:
    """What a lesson's handout prints: its student copy (no solution, no hidden test, no lecturer-only text),
    whose notes beside each slide are the sections' points only, exactly as in the course site's handouts (built
    from the student copies): the minutes, the questions students ask and the misconceptions to expect stay in
    the lecturer's deck. None when the lesson has nothing to take out (no nbgrader cell) or is not a lesson's
    notebook: the handout then shows the deck's slides."""
    cells = nb.get("cells")
    if not isinstance(cells, list) or not any(isinstance(c, dict) and nbgrader_meta(c) for c in cells):
        return None
    try:
        copy = student_copy(nb)
    except PokerlabError:
        return None
    return _unlinked(copy)


def build_deck(lesson: str | Path, out: str | Path) -> Path:
    """Write the deck of one lesson notebook to ``out/<stem>.slides.html`` (assets beside it) and its handout to
    ``out/<stem>.handout.html``; return the deck's path. The deck shows the notebook as it is (a lecturer's deck
    shows the solutions, under "Solution" headings); the handout is for students whatever the notebook: built
    from its student copy, speaker notes kept (before, a lecturer following the docs printed every solution and
    hidden test into the students' handout)."""
    _validate.path(lesson, "lesson must be the path of a lesson notebook", empty=False)
    path = Path(lesson)
    folder = _out_folder(out)
    source = _read_notebook(path)
    stem = path.name.removesuffix(".ipynb")
    assets = _Assets(folder, stem)
    title, slides = _deck_slides(_solutions_headed(_unlinked(source)), stem, assets)
    student = _handout_copy(source)
    printed = slides if student is None else _deck_slides(student, stem, assets)[1]
    reveal = _copy_reveal(folder)
    target = folder / f"{stem}.slides.html"
    deck = _deck_html(title, slides, reveal)
    write_text(target, deck)
    handout = _handout_html(title, printed, reveal, path.parent / "00_course_map.ipynb")
    write_text(folder / f"{stem}.handout.html", handout)
    assets.prune(deck, handout)
    return target
