"""The ``course`` extra: what teaching needs beyond a core install, and the files it brings.

A student installs ``pokerlab`` (or ``pokerlab[lab]``) to run the lessons; the lessons' check cells use
:mod:`pokerlab.course.checks`, which needs nothing more. The lecturer's tools (the slide decks and their PDFs,
the grader on a cluster, the course site, the API reference) need packages the ``course`` extra installs
(``pip install "pokerlab[course]"``): each of those tools calls :func:`require` with the modules it imports
when it is imported, and every ``pokerlab course ...`` command with what it needs (:data:`COMMANDS`) before it
starts, so a core install gets one line naming the extra and the missing modules
(:class:`~pokerlab.errors.MissingExtraError`; on the command line, exit status 2) instead of a traceback
from deep inside a slide compiler. What a command does not import it does not demand: grading runs the
notebooks with ``jupyter_client`` (a core requirement) and needs ``distributed`` only for ``--scheduler``;
``nbgrader`` is in the extra for the lecturer's own nbgrader course folder, and no command imports it.

Two of those packages are there for their files, which the core wheel therefore does not carry (its size
before and after: docs/layout.md):

* reveal.js for the decks: ``reveal.js``, ``reveal.css`` and the speaker-notes plugin ``notes.js`` as
  ``sphinx-revealjs`` ships them (the same bytes as the npm package's ``dist/`` and ``plugin/notes/``);
* MathJax 3.2.2 for the course site and the API reference: ``es5/tex-chtml-full.js`` and its CommonHTML web
  fonts as ``django-static-mathjax`` ships them (a copy of the npm package ``mathjax@3.2.2``; the package
  needs no Django to be read).
"""

from __future__ import annotations

import importlib.machinery
import importlib.util
import shutil
import sys
from importlib import resources
from pathlib import Path

from pokerlab.errors import DataError, MissingExtraError

__all__ = [
    "CLUSTER",
    "COMMANDS",
    "DECKS",
    "INSTALL",
    "MODULES",
    "PDF",
    "REFERENCE",
    "SITE",
    "copy_mathjax",
    "missing",
    "require",
    "reveal_files",
]

#: the line that installs the extra
INSTALL = 'pip install "pokerlab[course]"'

#: the modules the extra installs (import names) and what needs each; pyproject.toml's ``course`` list
MODULES = {
    "latex2mathml": "the decks' formulas (latex2mathml)",
    "mistune": "the decks' markdown (mistune)",
    "sphinx_revealjs": "reveal.js for the decks (sphinx-revealjs)",
    "playwright": "the decks' PDFs (playwright)",
    "mathjax": "MathJax for the site (django-static-mathjax)",
    "sphinx": "the course site and the API reference (jupyter-book)",
    "myst_nb": "the course site's notebook pages (jupyter-book)",
    "sphinx_book_theme": "the course site's theme (jupyter-book)",
    "nbgrader": "nbgrader's course folder (nbgrader)",
    "distributed": "grading on a dask cluster (distributed)",
}


#: what a slide deck needs (``pokerlab course slides`` without ``--pdf``): the formulas, the markdown and reveal.js's
#: files, read from ``sphinx-revealjs`` without importing it (it imports Sphinx), so the lecturer's quick install
#: (docs/teach.md: ``pip install --no-deps -e . latex2mathml mistune sphinx-revealjs``) builds decks
DECKS = ("latex2mathml", "mistune", "sphinx_revealjs")

#: what printing a deck or a handout to PDF adds (``--pdf``, ``--handout``)
PDF = ("playwright",)

#: what the API reference needs: Sphinx's autodoc, the book theme and MathJax's files
REFERENCE = ("sphinx", "sphinx_book_theme", "mathjax")

#: what the course site needs: the reference's, and myst-nb for the lesson pages (Jupyter Book 1.x installs them);
#: its decks are built by ``pokerlab course slides`` in a process of their own, and left out when that cannot run
SITE = ("sphinx", "myst_nb", "sphinx_book_theme", "mathjax")

#: what grading on a dask cluster adds (``pokerlab course grade --scheduler``)
CLUSTER = ("distributed",)

#: what each ``pokerlab course`` command needs before its options are read (``slides`` adds :data:`PDF` for
#: ``--pdf``/``--handout``, ``grade`` :data:`CLUSTER` for ``--scheduler``): ``map`` reads the decks' lesson
#: folder, ``reference`` builds with :data:`REFERENCE`, ``release`` and ``grade`` need nothing of the extra
COMMANDS: dict[str, tuple[str, ...]] = {
    "slides": DECKS,
    "map": DECKS,
    "release": (),
    "grade": (),
    "site": SITE,
    "reference": REFERENCE,
}


def _spec(name: str) -> importlib.machinery.ModuleSpec | None:
    try:
        return importlib.util.find_spec(name)
    except (ImportError, ValueError):  # an import hook that refuses the name, a module without a spec
        return None


def missing(modules: tuple[str, ...] | None = None) -> list[str]:
    """The modules of ``modules`` (default: every module of :data:`MODULES`) that cannot be imported here (found
    without importing them)."""
    gone = []
    for name in MODULES if modules is None else modules:
        if name in sys.modules:  # None there means "blocked": an import of it raises ImportError
            if sys.modules[name] is None:
                gone.append(name)
        elif _spec(name) is None:
            gone.append(name)
    return gone


def require(tool: str, modules: tuple[str, ...] | None = None) -> None:
    """Raise :class:`~pokerlab.errors.MissingExtraError` (one line naming the extra) unless the modules ``tool``
    needs are installed: ``modules`` (:data:`DECKS`, :data:`PDF`), by default every module of the ``course``
    extra. ``tool`` names what was asked for (``"pokerlab course slides"``)."""
    gone = missing(modules)
    if gone:
        raise MissingExtraError(f"{tool} needs the course extra ({', '.join(gone)} not installed): {INSTALL}")


def _revealjs() -> Path:
    spec = _spec("sphinx_revealjs")  # its folder, found without running its __init__ (which imports Sphinx)
    if spec is None or not spec.submodule_search_locations:
        raise MissingExtraError(f"the decks need reveal.js (sphinx_revealjs not installed): {INSTALL}")
    return Path(next(iter(spec.submodule_search_locations))) / "_static" / "revealjs"


def reveal_files() -> dict[str, Path]:
    """The reveal.js files a deck loads, by the name the deck gives them: ``reveal.js``, ``reveal.css``, the
    notes plugin ``notes.js`` and the ``LICENSE``. Refused (:class:`~pokerlab.errors.DataError`) unless they are
    reveal.js 5 (reveal.js 6 moved the notes plugin; pyproject.toml pins sphinx-revealjs below 4)."""
    root = _revealjs()
    files = {
        "reveal.js": root / "dist" / "reveal.js",
        "reveal.css": root / "dist" / "reveal.css",
        "notes.js": root / "plugin" / "notes" / "notes.js",
        "LICENSE": root / "LICENSE",
    }
    absent = [str(p) for p in files.values() if not p.is_file()]
    if absent:
        raise DataError(f"sphinx-revealjs has no {absent[0]}: {INSTALL} installs a version that has")
    banner = files["reveal.js"].read_text(encoding="utf-8")[:200]
    if "reveal.js 5." not in banner:
        raise DataError(f"the decks need reveal.js 5, and sphinx-revealjs ships {banner.splitlines()[1:2]}")
    return files


def copy_mathjax(target: str | Path) -> Path:
    """Copy MathJax 3 (``tex-chtml-full.js``, its CommonHTML web fonts, which it loads relative to itself, and
    its licence) into the folder ``target``; return the script's path there."""
    es5 = Path(str(resources.files("mathjax") / "static" / "mathjax" / "es5"))
    script = es5 / "tex-chtml-full.js"
    if not script.is_file():
        raise DataError(f"django-static-mathjax has no {script}: {INSTALL} installs a version that has")
    folder = Path(target)
    fonts = folder / "output" / "chtml" / "fonts" / "woff-v2"
    shutil.copytree(es5 / "output" / "chtml" / "fonts" / "woff-v2", fonts, dirs_exist_ok=True)
    shutil.copy(script, folder / "tex-chtml-full.js")
    shutil.copy(es5.parent / "LICENSE", folder / "LICENSE")
    return folder / "tex-chtml-full.js"
