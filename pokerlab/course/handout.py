"""The pages a handout adds to the slides: the students' course map and the glossary.

``pokerlab course slides OUT --handout`` prints each deck with its speaker notes (``<stem>.handout.pdf``); a
student who has only the handout also needs to know what the course is and what its words mean (issue 41: what
students received never defined flop, turn and river, and used Loki, Phase II-III, NashConv and EV without saying
what they are). So every handout opens with **the course map, the students' version** (the lessons, what each
teaches, its minutes: no lecture plan, no grading commands), read from the course map's table of lessons, and
ends with **the glossary**, ``assets/glossary.toml`` in this package: each term as the lessons use it and the
lesson that first uses it. The handout's slides link to it: the first time a slide shows a term, the term links
to its entry (``#term-<name>``).

The same glossary is a notebook, ``glossary.ipynb`` (:func:`glossary_notebook`), beside the lessons in
``notebooks/``, beside every released copy (``pokerlab course release``) and a page of the course site: every
lesson links to it, and the cell where the course first uses a term (lessons in order) either defines the term
in bold or links to its entry (``glossary.ipynb#term-<name>``; :func:`first_uses` finds those cells).
"""

from __future__ import annotations

import functools
import html
import json
import re
import tomllib
from collections.abc import Sequence
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

from pokerlab import _validate
from pokerlab._files import write_text
from pokerlab._version import __version__
from pokerlab.errors import DataError, ParameterError

__all__ = [
    "GLOSSARY",
    "GlossaryTerm",
    "MapRow",
    "first_uses",
    "glossary",
    "glossary_notebook",
    "glossary_page",
    "linked",
    "map_rows",
    "student_map_notebook",
    "student_map_page",
    "wheel_install",
    "write_glossary",
]

#: the glossary notebook's file name, beside the lessons and their copies
GLOSSARY = "glossary.ipynb"


@dataclass(frozen=True)
class GlossaryTerm:
    """One entry of the glossary: the term (``"flop"``; ``"Phase I, II, III"`` names several), its definition
    and the lesson that first uses it."""

    name: str
    text: str
    lesson: str
    plural: bool = True  # False where the plural is another word ("turns" is a verb more often than turns)

    @property
    def anchor(self) -> str:
        return "term-" + re.sub(r"[^a-z0-9]+", "-", self.name.lower()).strip("-")

    @property
    def words(self) -> tuple[str, ...]:
        """The words a slide may use for the term: the name and each part of it ("exploitability, NashConv"
        and "EV (expected value)" give both names)."""
        parts = [p.strip() for p in re.split(r",|\(|\)", self.name) if p.strip()]
        if self.name.startswith("Phase"):
            parts = ["Phase I", "Phase II", "Phase III"]
        return tuple(dict.fromkeys([self.name, *parts]))

    @property
    def pattern(self) -> re.Pattern[str]:
        """A use of the term in a text: any of its :attr:`words` (any case, any spaces, a plural ``s``)."""
        return self._pattern(re.I)

    def _pattern(self, flags: int = 0) -> re.Pattern[str]:
        words = "|".join(re.escape(w).replace(r"\ ", r"\s+") for w in self.words)
        plural = "s?" if self.plural else ""
        return re.compile(r"(?<![\w-])((?:" + words + r")" + plural + r")(?!\w)", flags)  # "Phase II-III": II


@functools.cache
def _glossary() -> tuple[GlossaryTerm, ...]:
    raw = tomllib.loads((resources.files("pokerlab.course") / "assets" / "glossary.toml").read_text("utf-8"))
    terms = [GlossaryTerm(t["name"], t["text"], t["lesson"], t.get("plural", True)) for t in raw["term"]]
    return tuple(sorted(terms, key=lambda t: t.lesson))  # a stable sort: the file's order within a lesson


def glossary() -> list[GlossaryTerm]:
    """The glossary's terms in the order the course meets them.

    >>> [t.name for t in glossary()][:3]
    ['hole cards', 'flop', 'board']
    """
    return list(_glossary())


def glossary_page() -> str:
    """The glossary as an HTML page of the handout, each entry with its anchor."""
    rows = "".join(
        f'<dt id="{t.anchor}">{html.escape(t.name)} <span class="lesson">(lesson {t.lesson})</span></dt>'
        f"<dd>{html.escape(t.text)}</dd>"
        for t in glossary()
    )
    return f'<div class="page text glossary"><h2>Glossary</h2><dl>{rows}</dl></div>'


def glossary_notebook() -> dict[str, Any]:
    """The glossary as a notebook of markdown (no code): every term with its anchor (``<a id="term-flop">``),
    the lesson that first uses it and its definition, in the order the course meets them."""
    entries = [
        f'<a id="{t.anchor}"></a>**{t.name}** (lesson {t.lesson}): ' + t.text.replace("*", "\\*") for t in glossary()
    ]
    cells = [
        "# Glossary\n\nThe words the lessons use, each as the lessons use it, with the lesson that first uses it. "
        "Where a lesson first uses a word it links here.",
        "\n\n".join(entries),
    ]
    return {
        "cells": [
            {"cell_type": "markdown", "id": f"glossary-{i}", "metadata": {}, "source": text}
            for i, text in enumerate(cells)
        ],
        "metadata": {
            "kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"},
            "language_info": {"name": "python"},
        },
        "nbformat": 4,
        "nbformat_minor": 5,
    }


def write_glossary(folder: str | Path) -> Path:
    """Write :func:`glossary_notebook` to ``folder/glossary.ipynb`` (the folder must exist); return its path."""

    _validate.path(folder, "folder must name a folder", empty=False)
    try:
        is_folder = "\0" not in str(folder) and Path(folder).is_dir()
    except OSError:  # e.g. a name too long for the file system
        is_folder = False
    if not is_folder:
        raise ParameterError(f"folder {str(folder)!r:.80} is not an existing folder")
    path = Path(folder) / GLOSSARY
    # as release.notebook_text writes a notebook (release imports this module, so not through it)
    write_text(path, json.dumps(glossary_notebook(), indent=1, ensure_ascii=False) + "\n")
    return path


#: what a markdown cell shows that is not prose: code, math, HTML tags and link targets
_NOT_PROSE = re.compile(r"```.*?```|`[^`\n]*`|\$\$.*?\$\$|\$[^$\n]*\$|<[^>]+>|\]\([^)]*\)", re.S)


def first_uses(lessons: Sequence[tuple[str, dict[str, Any]]]) -> dict[str, tuple[str, int]]:
    """Where the course first uses each glossary term: ``{anchor: (lesson stem, cell index)}`` over the markdown
    cells of ``lessons`` (``(stem, notebook)`` pairs, in course order), code, math and link targets left out.
    A term no lesson uses is not in the answer."""
    _validate.instance(
        lessons,
        Sequence,
        "lessons must be a list of (stem, notebook) pairs",
        check=lambda lessons: not isinstance(lessons, dict),
    )
    for pair in lessons:
        said = "lessons must hold (stem, notebook) pairs"
        _validate.instance(pair, tuple, said, check=lambda two: len(two) == 2 and isinstance(two[0], str))
        _notebook(pair[1], f"lessons' notebook {pair[0]!r:.40}")
    found: dict[str, tuple[str, int]] = {}
    for stem, nb in lessons:
        for index, cell in enumerate(nb.get("cells", [])):
            if cell.get("cell_type") != "markdown":
                continue
            src = cell.get("source", "")
            prose = _NOT_PROSE.sub(" ", "".join(src) if isinstance(src, list) else str(src))
            for term in glossary():
                if term.anchor not in found and term.pattern.search(prose):
                    found[term.anchor] = (stem, index)
    return found


_PROTECTED = re.compile(r"<(code|math|a|pre|h1|h2|h3)\b.*?</\1>|<[^>]+>", re.S)


def linked(markup: str, seen: set[str]) -> str:
    """``markup`` (a slide's HTML) with the first use of each glossary term not yet in ``seen`` linked to its
    entry; text inside tags, code, math, headings and links is left alone. ``seen`` gains the terms linked.

    >>> markup = linked("<p>On the flop and the turn</p>", set())
    >>> [(a.split('"')[3], a.split(">")[1].removesuffix("</a")) for a in markup.split("<a ")[1:]]  # target, word
    [('#term-flop', 'flop'), ('#term-turn', 'turn')]
    """
    _validate.text(markup, "markup", empty=True, message=f"markup must be a slide's HTML text, not {markup!r}")
    _validate.instance(seen, set, "seen must be a set of the terms linked so far")
    for term in glossary():
        if term.anchor in seen:
            continue
        pattern = term._pattern()  # case as written: "EV", not "ev"
        start, spans = 0, []
        for p in _PROTECTED.finditer(markup):
            spans.append((start, p.start()))
            start = p.end()
        spans.append((start, len(markup)))
        for a, b in spans:
            m = pattern.search(markup, a, b)
            if m:
                link = f'<a class="term" href="#{term.anchor}">{m.group(1)}</a>'
                markup = markup[: m.start()] + link + markup[m.end() :]
                seen.add(term.anchor)
                break
    return markup


@dataclass(frozen=True)
class MapRow:
    """One row of the course map's table of lessons: the lesson's title and file stem, what it teaches, minutes."""

    title: str
    stem: str
    what: str
    minutes: str


def _notebook(value: Any, name: str) -> dict[str, Any]:
    """``value`` if it is a notebook as ``json.load`` gives it (a dict whose ``cells`` is a list of dicts)."""
    _validate.instance(value, dict, f"{name} must be a notebook (a dict read from its JSON)")
    cells = value.get("cells", [])
    _validate.instance(
        cells, list, f"{name} is not a notebook: its 'cells' must be a list of cells", error=DataError, items=dict
    )
    return value


def map_rows(course_map: dict[str, Any]) -> list[MapRow]:
    """The course map's table of lessons (rows ``| [title](NN_name.ipynb) | what | ... | minutes |``)."""
    _notebook(course_map, "course_map")
    rows = []
    for cell in course_map.get("cells", []):
        src = cell.get("source", "")
        text = "".join(src) if isinstance(src, list) else str(src)
        for m in re.finditer(r"^\| \[([^\]]*)\]\((\d\d_\w+)\.ipynb\) \| ([^|]*) \|.*?\| (\d+) \|$", text, re.M):
            rows.append(MapRow(*(x.strip() for x in m.groups())))
    return rows


#: what a student installs: the lessons, JupyterLab and the slideshow extension (the ``lab`` extra)
STUDENT_INSTALL = 'pip install "pokerlab[lab]"'


def wheel_install() -> str:
    """The install line that works today: the wheel file a lecturer hands out, with the ``lab`` extra (pokerlab is
    not yet on PyPI, so :data:`STUDENT_INSTALL` finds nothing there).

    >>> wheel_install().startswith('pip install "./pokerlab-') and wheel_install().endswith('-py3-none-any.whl[lab]"')
    True
    """
    return f'pip install "./pokerlab-{__version__}-py3-none-any.whl[lab]"'


def student_map_notebook(course_map: dict[str, Any], exercises: dict[str, str]) -> dict[str, Any]:
    """The students' course map as a notebook (``00_course_map.ipynb`` of a release): what the course is, the
    one install line, the table of the lessons handed out (``exercises``: per lesson stem, what its exercises
    are worth), each linked, their minutes, and the glossary. No lecture plan, no grading commands. Its table
    has the lecturer's map's form, so a handout printed from the release opens with it too."""
    _notebook(course_map, "course_map")
    _validate.instance(
        exercises,
        dict,
        "exercises must map each lesson's stem to what its exercises are worth",
        check=lambda exercises: all(isinstance(k, str) and isinstance(v, str) for k, v in exercises.items()),
    )
    rows = [
        f"| [{r.title}]({r.stem}.ipynb) | {r.what} | {exercises[r.stem]} | {r.minutes} |"
        for r in map_rows(course_map)
        if r.stem in exercises
    ]
    text = "\n".join(
        [
            "# The course",
            "",
            "A course on how programs play Texas Hold'em, from the cards to an"
            " [equilibrium](glossary.ipynb#term-equilibrium-nash-equilibrium) (the [glossary](glossary.ipynb) says"
            " what each poker and game-theory word means). Each lesson is a notebook:",
            "open it in JupyterLab, run its cells from the top, and do its exercises in the cells marked for them",
            "(the check cell under each one checks the form of your answer, a number or a list of the right size, and"
            ' prints "form OK"; the values are checked when the lecturer grades your work, with the written answers).',
            "",
            "Install once (Python 3.11 or newer), from the folder holding the wheel file your lecturer hands out:",
            f"`{wheel_install()}` (once pokerlab is on PyPI, `{STUDENT_INSTALL}` does the same).",
            "Then run `jupyter lab` in this folder. Everything runs offline; the first computation of a session may",
            "pause while pokerlab compiles its kernels (it says so).",
            "",
            "| lesson | what you learn | exercises | minutes |",
            "|---|---|---|---|",
            *rows,
            "",
            "The minutes are for working through a lesson once. The [glossary](glossary.ipynb) says what the"
            " course's poker and game-theory words mean.",
        ]
    )
    return {
        "cells": [{"cell_type": "markdown", "id": "course-map", "metadata": {}, "source": text}],
        "metadata": glossary_notebook()["metadata"],
        "nbformat": 4,
        "nbformat_minor": 5,
    }


def student_map_page(course_map: str | Path) -> str:
    """The students' course map as an HTML page of the handout: each lesson, what it teaches, its minutes (the
    course map's table of lessons; the lecture plan and grading stay with the lecturer). Empty when there is no
    course map beside the lessons."""
    _validate.path(course_map, "course_map must be a notebook's path", empty=False)
    try:
        nb = json.loads(Path(course_map).read_text(encoding="utf-8"))
    except OSError:
        return ""
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise DataError(f"{str(course_map)!r} is not a notebook (JSON): {exc}") from None
    rows = []
    for row in map_rows(nb):
        title, what, minutes = (html.escape(x) for x in (row.title, row.what, row.minutes))
        what = re.sub(r"\*\*(.*?)\*\*", r"<b>\1</b>", what)
        rows.append(f"<tr><td>{title}</td><td>{what}</td><td>{minutes}</td></tr>")
    if not rows:
        return ""
    return (
        '<div class="page text course-map"><h2>The course</h2>'
        "<p>A course on how programs play Texas Hold'em, from the cards to an equilibrium. Each lesson is a notebook"
        " you run in JupyterLab; the minutes are for working through it once. The words the slides use are defined"
        " in the glossary at the end of this handout.</p>"
        f"<table><tr><th>lesson</th><th>what you learn</th><th>minutes</th></tr>{''.join(rows)}</table></div>"
    )
