"""The course site (``pokerlab course site OUT``): static HTML that opens offline from ``file://``.

Built with Sphinx, myst-nb and sphinx-book-theme (what Jupyter Book 1.x is made of) from generated sources:

* ``index`` is the course map (``notebooks/00_course_map.ipynb``), so the site opens at ``OUT/index.html``;
* each lesson is its **student copy** with its saved outputs (charts are PNGs): no solution code on the page;
* ``solutions/<lesson>_solutions`` is the exercise part of the complete copy, with outputs; the lessons'
  and the course map's links to ``solutions/..._solutions.ipynb`` become links to these pages;
* slide decks: ``pokerlab course slides`` is run on the student copies into ``OUT/slides/``, and every
  ``OUT/slides/<lesson>.slides.html`` (and ``.pdf``) found is linked from its lesson's page.

Offline: nothing is executed (``nb_execution_mode = "off"``), MathJax 3 is the vendored copy
(``mathjax_path``, kept out of ``_static/``'s script list), there are no launch buttons, no source or
download links, and myst-nb's widget scripts (CDN by default) are off: the lessons store no widget state.
The ``# NBVAL_CHECK_OUTPUT`` markers are dropped by the copies; the theme shows no input prompts.
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

from pokerlab.course.lessons import lessons_dir, read_lessons, source, without_check_marker
from pokerlab.course.release import solutions_copy, student_copy, write_notebook
from pokerlab.errors import DataError, ParameterError

__all__ = ["build_site"]

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
suppress_warnings = ["myst.header", "mystnb.unknown_mime_type", "misc.highlighting_failure", "toc.not_included"]
"""


def _exercise_part(nb: dict[str, Any], title: str) -> dict[str, Any]:
    """The cells from ``## Exercises`` on, under a title of their own."""
    cells = nb["cells"]
    start = next((i for i, c in enumerate(cells) if re.search(r"^## Exercises\s*$", source(c), re.M)), -1)
    head = {"cell_type": "markdown", "id": "solutions-title", "metadata": {}, "source": f"# Solutions · {title}"}
    part = cells[start + 1 :]
    return {**nb, "cells": [head, *part]}


def _title(nb: dict[str, Any], default: str) -> str:
    for c in nb["cells"]:
        text = source(c).strip()
        if c["cell_type"] == "markdown" and text.startswith("# "):
            return text.splitlines()[0][2:].strip()
    return default


def _build_slides(out: Path) -> str:
    """Run ``pokerlab course slides OUT/slides`` on the lessons' **student copies** (the site is what students
    read: a deck of the lesson itself would show every solution and hidden test); a failure is a note."""
    import importlib.util

    if importlib.util.find_spec("pokerlab.course.slides") is None:
        return ""
    folder = lessons_dir()
    with tempfile.TemporaryDirectory(prefix="pokerlab-site-slides-") as tmp:
        for path in sorted(folder.glob("[0-9][0-9]_*.ipynb")):
            nb = json.loads(path.read_text(encoding="utf-8"))
            write_notebook(nb if path.name.startswith("00") else student_copy(nb), Path(tmp) / path.name)
        proc = subprocess.run(
            [sys.executable, "-m", "pokerlab", "course", "slides", str(out / "slides"), "--notebooks", tmp],
            capture_output=True,
            text=True,
            check=False,
        )
    return "" if proc.returncode == 0 else f"slides not built: {proc.stderr.strip().splitlines()[-1:]}"


def _slide_links(out: Path, stem: str) -> str:
    links = []
    for suffix, label in ((".slides.html", "slide deck"), (".pdf", "slides as PDF"), (".slides.pdf", "slides as PDF")):
        if (out / "slides" / f"{stem}{suffix}").is_file():
            links.append(f'<a href="slides/{stem}{suffix}">{label}</a>')
    return " · ".join(links)


def build_site(out: str | Path, *, slides: bool = True) -> dict[str, Any]:
    """Build the site into ``out`` (created if needed); returns what was built: ``index``, ``pages``, ``seconds``."""
    start = time.monotonic()
    target = Path(out)
    if target.exists() and not target.is_dir():
        raise ParameterError(f"OUT {str(out)!r} exists and is not a folder")
    try:
        from sphinx.cmd.build import build_main
    except ImportError:
        raise DataError('the course site needs Jupyter Book 1.x: pip install "pokerlab[course]"') from None
    folder = lessons_dir()
    lessons = read_lessons(folder)
    target.mkdir(parents=True, exist_ok=True)
    notes = [n for n in [_build_slides(target) if slides else ""] if n]
    with tempfile.TemporaryDirectory(prefix="pokerlab-site-") as tmp:
        src = Path(tmp)
        (src / "conf.py").write_text(_CONF.format(), encoding="utf-8")
        vendor = src / "_vendor"
        shutil.copytree(ASSETS / "mathjax", vendor / "mathjax")
        shutil.copy(ASSETS / "site" / "pokerlab-site.css", vendor / "pokerlab-site.css")
        course_map = json.loads((folder / "00_course_map.ipynb").read_text(encoding="utf-8"))
        toc = []
        for lesson in lessons:
            page = student_copy(lesson.notebook)
            title = _title(page, lesson.stem)
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
            (src / "solutions").mkdir(exist_ok=True)
            sol = _exercise_part(solutions_copy(lesson.notebook), title)
            write_notebook(sol, src / "solutions" / f"{lesson.stem}_solutions.ipynb")
            toc += [lesson.stem, f"solutions/{lesson.stem}_solutions"]
        course_map["cells"].append(
            {
                "cell_type": "markdown",
                "id": "site-toc",
                "metadata": {},
                "source": "```{toctree}\n:hidden:\n:maxdepth: 1\n\n" + "\n".join(toc) + "\n```",
            }
        )
        for cell in course_map["cells"]:
            if cell["cell_type"] == "code":
                cell["source"] = without_check_marker(source(cell))
        write_notebook(course_map, src / "index.ipynb")
        log = src / "sphinx.log"
        status = build_main(["-b", "html", "-q", "-w", str(log), "-d", str(src / "_doctrees"), str(src), str(target)])
        if status != 0:
            raise DataError(f"the site did not build: {log.read_text(encoding='utf-8')[-600:]}")
    return {
        "index": str(target / "index.html"),
        "pages": 1 + 2 * len(lessons),
        "seconds": time.monotonic() - start,
        "notes": notes,
    }
