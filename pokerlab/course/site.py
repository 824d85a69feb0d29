"""The course site (``pokerlab course site OUT``): static HTML that opens offline from ``file://``.

Built with Sphinx, myst-nb and sphinx-book-theme (what Jupyter Book 1.x is made of) from generated sources.
By default it is the **students'** site:

* ``index`` is a student landing page (what the course is, the one install line, the lessons published
  with their minutes and decks); the lecturer's course map, with its lecture plan and grading notes, is
  not on the site;
* ``glossary`` is the course's glossary (:mod:`pokerlab.course.handout`), linked from the landing page, from
  every lesson and, at its first use in the course, from each term;
* each lesson is its **student copy** with its saved outputs (charts are PNGs): no solution code, no
  hidden test, no link to a page that is not published;
* ``lessons="01-05"`` (``--lessons 01-05``) publishes a subset, week by week: the other lessons are not
  built, and links to them keep their text without the link;
* ``solutions=True`` (``--solutions``, after the deadline) adds ``solutions/<lesson>_solutions``, the
  exercise part of the complete copy with its outputs (hidden tests left out: they grade next year's
  class too), linked from its lesson, from the landing page and from the navigation;
* slide decks: ``pokerlab course slides`` is run on the published student copies into ``OUT/slides/``,
  and every ``OUT/slides/<lesson>.slides.html`` (and ``.pdf``) found is linked from its lesson's page.

Offline: nothing is executed (``nb_execution_mode = "off"``), MathJax 3 is copied from the ``course`` extra's
``django-static-mathjax`` (``mathjax_path``, kept out of ``_static/``'s script list), there are no launch
buttons, no source or download links, and myst-nb's widget scripts (CDN by default) are off: the lessons store
no widget state. The ``# NBVAL_CHECK_OUTPUT`` markers are dropped by the copies; the theme shows no input prompts.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from pokerlab import _validate
from pokerlab.course import _extra
from pokerlab.course.handout import GLOSSARY, STUDENT_INSTALL, glossary_notebook, wheel_install
from pokerlab.course.lessons import (
    BEGIN_HIDDEN,
    END_HIDDEN,
    Lesson,
    lessons_dir,
    read_lessons,
    source,
    strip_region,
)
from pokerlab.course.reference import build_reference
from pokerlab.course.release import relink, solutions_copy, student_copy, write_notebook
from pokerlab.errors import DataError, ParameterError

_extra.require("pokerlab course site", _extra.SITE)  # Jupyter Book 1.x and MathJax: pokerlab[course]

__all__ = ["build_site", "lesson_numbers"]

ASSETS = Path(__file__).resolve().parent / "assets"


_CONF = """
project = "pokerlab: a course on Texas Hold'em AI"
author = "pokerlab"
extensions = ["myst_nb"]
master_doc = "index"
exclude_patterns = ["_build", "**.ipynb_checkpoints"]
nb_execution_mode = "off"
nb_ipywidgets_js = {{}}  # the lessons store no widget state; myst-nb's defaults load from a CDN
myst_enable_extensions = ["dollarmath", "amsmath"]
mathjax_path = "mathjax/tex-chtml-full.js"
html_static_path = ["_vendor"]
html_css_files = ["pokerlab-site.css"]
html_theme = "sphinx_book_theme"
html_title = "pokerlab course"
html_copy_source = False
html_show_sourcelink = False
html_theme_options = {{
    "use_download_button": False,
    "use_fullscreen_button": False,
    "use_repository_button": False,
    "launch_buttons": {{}},
    "show_toc_level": 1,
}}
suppress_warnings = [
    "myst.header",
    "myst.xref_missing",  # links to the glossary's entries: HTML anchors myst does not know (the tests follow them)
    "mystnb.unknown_mime_type",
    "misc.highlighting_failure",
    "toc.not_included",
]
"""


def lesson_numbers(lessons: str | None, available: list[str]) -> list[str]:
    """The lesson numbers a ``--lessons`` text names, among ``available`` ("01"...): every one for None.

    ``"01-05"`` is a range, ``"01,03,07"`` a list, and both mix (``"1-3,5"``).

    >>> lesson_numbers("01-03,05", ["01", "02", "03", "04", "05", "06"])
    ['01', '02', '03', '05']
    """
    _validate.instance(
        available,
        (list, tuple),
        "available lists lesson numbers ('01'...)",
        check=lambda available: available and all(isinstance(a, str) and re.fullmatch(r"\d\d", a) for a in available),
    )
    if lessons is None:
        return list(available)
    _validate.text(
        lessons,
        "lessons",
        empty=True,
        message=f"lessons must be a text such as '01-05' or '01,03', not {lessons!r:.40}",
    )
    chosen: set[str] = set()
    for item in lessons.replace(" ", ",").split(","):
        if not item:
            continue
        m = re.fullmatch(r"(\d{1,2})(?:-(\d{1,2}))?", item)
        if not m:
            raise ParameterError(
                f"lessons: {item!r:.20} is not a lesson number or a range: write e.g. --lessons 01-05 or 01,03,07"
            )
        first, last = int(m.group(1)), int(m.group(2) or m.group(1))
        if last < first:
            raise ParameterError(f"lessons: the range {item!r} runs backwards: write {last:02d}-{first:02d}")
        for n in range(first, last + 1):
            if f"{n:02d}" not in available:
                raise ParameterError(
                    f"lessons: there is no lesson {n:02d} (the lessons are {available[0]}-{available[-1]})"
                )
            chosen.add(f"{n:02d}")
    if not chosen:
        raise ParameterError("lessons: name at least one lesson, e.g. --lessons 01-05")
    return sorted(chosen)


def _exercise_part(nb: dict[str, Any], title: str) -> dict[str, Any]:
    """The cells from ``## Exercises`` on, under a title of their own."""
    cells = nb["cells"]
    start = next((i for i, c in enumerate(cells) if re.search(r"^## Exercises\s*$", source(c), re.M)), -1)
    head = {"cell_type": "markdown", "id": "solutions-title", "metadata": {}, "source": f"# Solutions · {title}"}
    return {**nb, "cells": [head, *cells[start + 1 :]]}


def _without_hidden_tests(nb: dict[str, Any]) -> dict[str, Any]:
    """The lesson with its hidden tests taken out (a solutions page shows the solutions, not the grader's tests)."""
    cells = []
    for cell in nb["cells"]:
        text = source(cell)
        cells.append(
            {**cell, "source": strip_region(text, BEGIN_HIDDEN, END_HIDDEN, "")} if BEGIN_HIDDEN in text else cell
        )
    return {**nb, "cells": cells}


def _title(nb: dict[str, Any], default: str) -> str:
    for c in nb["cells"]:
        text = source(c).strip()
        if c["cell_type"] == "markdown" and text.startswith("# "):
            return text.splitlines()[0][2:].strip()
    return default


def _build_slides(out: Path, lessons: list[Lesson] | None = None) -> str:
    """Run ``pokerlab course slides OUT/slides`` on the **student copies** of ``lessons`` (every lesson for None):
    the site is what students read, and a deck of the lesson itself would show every solution and hidden test.
    A failure is a note."""
    import importlib.util

    if importlib.util.find_spec("pokerlab.course.slides") is None:
        return ""
    folder = lessons_dir()
    stems = None if lessons is None else {lesson.stem for lesson in lessons}
    with tempfile.TemporaryDirectory(prefix="pokerlab-site-slides-") as tmp:
        for path in sorted(folder.glob("[0-9][0-9]_*.ipynb")):
            if stems is not None and not path.name.startswith("00") and path.stem not in stems:
                continue
            nb = json.loads(path.read_text(encoding="utf-8"))
            if not path.name.startswith("00"):  # the course map only tells the slides where the lessons are
                nb = relink(student_copy(nb), lambda target: stems is None or Path(target).stem in stems)
            write_notebook(nb, Path(tmp) / path.name)
        proc = subprocess.run(
            [sys.executable, "-m", "pokerlab", "course", "slides", str(out / "slides"), "--notebooks", tmp],
            capture_output=True,
            text=True,
            check=False,
        )
    return "" if proc.returncode == 0 else f"slides not built: {proc.stderr.strip().splitlines()[-1:]}"


def _decks(out: Path, stem: str) -> list[tuple[str, str]]:
    """The decks built for a lesson in ``OUT/slides``: (relative address, label) each."""
    found = []
    for suffix, label in ((".slides.html", "slide deck"), (".pdf", "slides as PDF"), (".slides.pdf", "slides as PDF")):
        if (out / "slides" / f"{stem}{suffix}").is_file():
            found.append((f"slides/{stem}{suffix}", label))
    return found


def _slide_links(out: Path, stem: str) -> str:
    return " · ".join(f'<a href="{href}">{label}</a>' for href, label in _decks(out, stem))


def _map_rows(course_map: dict[str, Any]) -> dict[str, tuple[str, str]]:
    """The course map's table of lessons: per lesson stem, what it teaches and its minutes."""
    rows: dict[str, tuple[str, str]] = {}
    for cell in course_map["cells"]:
        for m in re.finditer(r"^\| \[[^\]]*\]\((\d\d_\w+)\.ipynb\) \| ([^|]*) \|.*?\| (\d+) \|", source(cell), re.M):
            rows[m.group(1)] = (m.group(2).strip(), m.group(3))
    return rows


def _landing_page(
    lessons: list[tuple[Lesson, str]], rows: dict[str, tuple[str, str]], solutions: bool, subset: bool, out: Path
) -> str:
    """The students' home page (markdown): the course, the install line, the lessons published."""
    lines = [
        "# pokerlab: a course on Texas Hold'em AI",
        "",
        "A course on how programs play Texas Hold'em, from the cards to an equilibrium: hand strength and",
        "potential, preflop tables, betting rules, opponent models, a Bayesian network that plays, self-play",
        "experiments and counterfactual regret minimisation. Each lesson says what you can do by its end,",
        "explains before it computes, and ends with a recap and exercises, graded from your notebook.",
        "",
        "## Before the first lesson",
        "",
        "Install pokerlab with JupyterLab (Python 3.11 or newer), from the folder holding the wheel file your",
        "lecturer hands out:",
        "",
        "```bash",
        wheel_install(),
        "```",
        "",
        f"(Once pokerlab is published on PyPI, `{STUDENT_INSTALL}` does the same.)",
        "",
        "Then open the notebooks your lecturer handed out with `jupyter lab`. Everything runs offline; the",
        "first computation of a session can pause for a few seconds while pokerlab compiles its kernels (it",
        "says so).",
        "",
        "## The lessons",
        "",
        "| lesson | what you learn | minutes | slides |",
        "|---|---|---|---|",
    ]
    for lesson, title in lessons:
        what, minutes = rows.get(lesson.stem, ("", ""))
        deck = " · ".join(f'<a href="{href}">{label}</a>' for href, label in _decks(out, lesson.stem))
        lines.append(f"| [{title}]({lesson.stem}.ipynb) | {what} | {minutes} | {deck} |")
    lines.append("")
    if subset:
        lines += ["More lessons are published here as the course goes on.", ""]
    lines += [
        "The [glossary](glossary.ipynb) says what the course's poker and game-theory words mean; each lesson links",
        "a word to it where the course first uses it.",
        "",
    ]
    lines += ["## Solutions", ""]
    if solutions:
        lines += [
            "Worked solutions of each lesson's exercises (try the exercises first):",
            "",
            *[f"* [Solutions · {title}](solutions/{lesson.stem}_solutions.ipynb)" for lesson, title in lessons],
        ]
    else:
        lines.append("The worked solutions are published here after the exercises' deadline.")
    return "\n".join(lines) + "\n"


def _link_solutions(page: dict[str, Any], stem: str) -> None:
    """Put a link to the lesson's solutions page under its ``## Exercises`` heading (in place)."""
    cells = page["cells"]
    at = next((i for i, c in enumerate(cells) if re.search(r"^## Exercises\s*$", source(c), re.M)), len(cells) - 1)
    link = {
        "cell_type": "markdown",
        "id": "solutions-link",
        "metadata": {},
        "source": f"Worked solutions: [the solutions page](solutions/{stem}_solutions.ipynb) (try the exercises first)",
    }
    cells.insert(at + 1, link)


def build_site(
    out: str | Path,
    *,
    slides: bool = True,
    solutions: bool = False,
    lessons: str | None = None,
    reference: bool = True,
) -> dict[str, Any]:
    """Build the students' site into ``out`` (created if needed): the lessons' student copies under a student
    landing page, only the lessons ``lessons`` names (``"01-05"``, ``"01,03"``; every lesson for None), the
    solutions pages only with ``solutions=True``, and the API reference in ``out/reference/`` (about 9 s; not with
    ``reference=False``). Returns what was built: ``index``, ``pages``, ``lessons``, ``solutions``, ``seconds``,
    ``notes``."""
    start = time.monotonic()
    target = Path(out)
    _validate.flag(slides, "slides")
    _validate.flag(solutions, "solutions")
    _validate.flag(reference, "reference")
    if target.exists() and not target.is_dir():
        raise ParameterError(f"OUT {str(out)!r} exists and is not a folder")
    every = read_lessons(lessons_dir())
    chosen = set(lesson_numbers(lessons, [lesson.stem[:2] for lesson in every]))
    published = [lesson for lesson in every if lesson.stem[:2] in chosen]
    try:
        from sphinx.cmd.build import build_main
    except ImportError:
        raise DataError('the course site needs Jupyter Book 1.x: pip install "pokerlab[course]"') from None
    folder = lessons_dir()
    target.mkdir(parents=True, exist_ok=True)
    withheld = [lesson.stem for lesson in every if lesson.stem[:2] not in chosen]
    stale = [target / "solutions"] if not solutions else []
    stale += [target / f"{stem}.html" for stem in withheld]
    # the decks, handouts and pictures are written whole by every build: a lecturer who previewed every lesson and
    # then publishes week 1 into the same folder must not upload next weeks' handouts or pictures with it
    stale += [target / "slides", target / "_images"]
    for path in stale:  # a rebuild into the same folder leaves no page of the last build that this one withholds
        if path.is_dir():
            shutil.rmtree(path)
        elif path.exists():
            path.unlink()
    notes = [n for n in [_build_slides(target, published) if slides else ""] if n]
    stems = {lesson.stem for lesson in published}

    def is_published(link: str) -> bool:
        return Path(link).stem in stems or Path(link).name == GLOSSARY

    with tempfile.TemporaryDirectory(prefix="pokerlab-site-") as tmp:
        src = Path(tmp)
        (src / "conf.py").write_text(_CONF.format(), encoding="utf-8")
        vendor = src / "_vendor"
        _extra.copy_mathjax(vendor / "mathjax")
        shutil.copy(ASSETS / "site" / "pokerlab-site.css", vendor / "pokerlab-site.css")
        course_map = json.loads((folder / "00_course_map.ipynb").read_text(encoding="utf-8"))
        toc, titled = [], []
        for lesson in published:
            # the lesson's own links first: to its solutions page (when published), to published lessons only
            page = student_copy(relink(json.loads(json.dumps(lesson.notebook)), is_published))
            if solutions:
                _link_solutions(page, lesson.stem)
            title = _title(page, lesson.stem)
            titled.append((lesson, title))
            links = _slide_links(target, lesson.stem)
            if links:
                page["cells"].insert(
                    1,
                    {
                        "cell_type": "markdown",
                        "id": "slides-links",
                        "metadata": {},
                        "source": f"<p>Slides: {links}</p>",
                    },
                )
            write_notebook(page, src / f"{lesson.stem}.ipynb")
            toc.append(lesson.stem)
            if solutions:
                (src / "solutions").mkdir(exist_ok=True)
                sol = _exercise_part(solutions_copy(_without_hidden_tests(lesson.notebook)), title)
                # no links to notebooks from solutions/ (a lesson or the glossary is one folder up)
                write_notebook(relink(sol), src / "solutions" / f"{lesson.stem}_solutions.ipynb")
                toc.append(f"solutions/{lesson.stem}_solutions")
        write_notebook(glossary_notebook(), src / GLOSSARY)
        toc.append("glossary")
        index = _landing_page(titled, _map_rows(course_map), solutions, len(published) < len(every), target)
        if reference:  # the API reference (pokerlab.course.reference), its own Sphinx build in OUT/reference/
            modules = build_reference(target / "reference")["modules"]
            index += (
                "\n## API reference\n\nEvery public function and class of pokerlab, with its signature and what its"
                f' docstring teaches, one page per module ({len(modules)} modules): <a href="reference/index.html">'
                "the API reference</a>.\n"
            )
        index += "\n```{toctree}\n:hidden:\n:maxdepth: 1\n\n" + "\n".join(toc) + "\n```\n"
        (src / "index.md").write_text(index, encoding="utf-8")
        log = src / "sphinx.log"
        # built inside the temporary folder, then copied: myst-nb writes its outputs beside the build folder
        # (a jupyter_execute/ folder of lesson copies), which must not land beside OUT
        html_dir = src / "_build" / "html"
        status = build_main(["-b", "html", "-q", "-w", str(log), "-d", str(src / "_doctrees"), str(src), str(html_dir)])
        if status != 0:
            raise DataError(f"the site did not build: {log.read_text(encoding='utf-8')[-600:]}")
        shutil.copytree(html_dir, target, dirs_exist_ok=True)
    return {
        "index": str(target / "index.html"),
        "pages": 1 + len(toc),
        "lessons": [lesson.stem for lesson in published],
        "solutions": solutions,
        "seconds": time.monotonic() - start,
        "notes": notes,
    }
