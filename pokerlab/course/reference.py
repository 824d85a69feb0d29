"""The API reference: static HTML generated from the docstrings, opened offline.

Build it with ``pokerlab course reference OUT`` (then open ``OUT/index.html``), ``python -m
pokerlab.course.reference OUT`` or :func:`build_reference`; it needs the ``course`` extra (Sphinx and the book
theme), as the course site does.

Built the way the course site is (:mod:`pokerlab.course.site`): Sphinx with sphinx-book-theme, what Jupyter
Book 1.x is made of, from sources generated into a temporary folder. Sphinx's autodoc imports each module and
writes one page per public module of pokerlab: every top-level module or package that declares ``__all__``
(``pokerlab.cards``, ``pokerlab.game``, ``pokerlab.solve``, ...) and, for a package that declares none
(``pokerlab.course``), each of its modules that does. A page opens with the module's docstring, then every
name of its ``__all__`` with its signature and docstring; the package's own ``__all__`` (``import pokerlab as
pl; pl.equity``) is the index page. The navigation beside every page lists the modules.

Offline, as the site: nothing is executed but the imports, MathJax (should a docstring hold math) is the copy
the site uses (from the ``course`` extra), and the theme's buttons that point to a repository or a launcher are off.
"""

from __future__ import annotations

import ast
import contextlib
import io
import shutil
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from pokerlab import _validate
from pokerlab._files import write_text
from pokerlab.course import _extra
from pokerlab.errors import DataError, PokerlabError

_extra.require("the API reference", _extra.REFERENCE)  # Sphinx, the book theme and MathJax: pokerlab[course]

__all__ = ["build_reference", "public_modules"]

PACKAGE = Path(__file__).resolve().parents[1]  # pokerlab/

_CONF = """
project = "pokerlab"
author = "pokerlab"
extensions = ["sphinx.ext.autodoc"]
master_doc = "index"
exclude_patterns = ["_build"]
autodoc_member_order = "bysource"
autodoc_typehints = "signature"
autodoc_default_options = {"members": True, "show-inheritance": True}
mathjax_path = "mathjax/tex-chtml-full.js"
html_static_path = ["_vendor"]
html_theme = "sphinx_book_theme"
html_title = "pokerlab API reference"
html_copy_source = False
html_show_sourcelink = False
html_theme_options = {
    "use_download_button": False,
    "use_fullscreen_button": False,
    "use_repository_button": False,
    "launch_buttons": {},
    "show_toc_level": 2,
}
suppress_warnings = ["autodoc", "ref", "docutils", "toc.not_included", "misc.highlighting_failure"]
"""


def _declares_all(path: Path) -> bool:
    """Whether the module in ``path`` assigns a non-empty ``__all__`` (read from its source: nothing is imported)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in tree.body:
        value: ast.expr | None
        if isinstance(node, ast.Assign):
            targets, value = node.targets, node.value
        elif isinstance(node, ast.AnnAssign):
            targets, value = [node.target], node.value
        else:
            continue
        if any(isinstance(t, ast.Name) and t.id == "__all__" for t in targets):
            return not (isinstance(value, (ast.List, ast.Tuple)) and not value.elts)
    return False


def public_modules() -> list[str]:
    """The modules that get a page, in alphabetical order: each top-level module or package of pokerlab that
    declares ``__all__`` (its public names), and each public module with ``__all__`` of a package that declares
    none. Private modules (``_kernels``, ``_validate``, ...) and the command line (``cli``) have none. Read from
    the sources, so listing them imports nothing."""
    found = []
    for path in sorted(PACKAGE.iterdir()):
        if path.name.startswith("_") or not (path.suffix == ".py" or (path / "__init__.py").is_file()):
            continue
        if path.suffix == ".py":
            if _declares_all(path):
                found.append(f"pokerlab.{path.stem}")
        elif _declares_all(path / "__init__.py"):
            found.append(f"pokerlab.{path.name}")
        else:
            found += [
                f"pokerlab.{path.name}.{inner.stem}"
                for inner in sorted(path.glob("*.py"))
                if not inner.name.startswith("_") and _declares_all(inner)
            ]
    return found


def _page(name: str, title: str | None = None) -> str:
    heading = title or f"``{name}``"
    return f"{heading}\n{'=' * len(heading)}\n\n.. automodule:: {name}\n"


def _index(modules: list[str]) -> str:
    title = "pokerlab API reference"
    top = (
        f"{title}\n{'=' * len(title)}\n\n"
        "One page per public module, generated from the docstrings (see the navigation). The names below are\n"
        "what ``import pokerlab as pl`` offers at the top (``pl.evaluate``, ``pl.equity``, ...); each is documented\n"
        "on its module's page too.\n\n"
        ".. toctree::\n   :hidden:\n   :maxdepth: 1\n\n" + "".join(f"   {m}\n" for m in modules) + "\n"
    )
    listing = "Modules\n-------\n\n" + "".join(f"* :doc:`{m}`\n" for m in modules) + "\n"
    names = "At the top of the package\n-------------------------\n\n.. automodule:: pokerlab\n   :no-index:\n"
    return top + listing + names


def build_reference(out: str | Path) -> dict[str, Any]:
    """Build the API reference into ``out`` (created if needed; pages already there are replaced). Returns what
    was built: ``index`` (the page to open), ``modules`` (one page each), ``seconds`` and ``warnings`` (the
    lines Sphinx wrote about docstrings it could not fully read; the pages are built anyway)."""
    start = time.monotonic()
    target = Path(_validate.output_folder(out, "out"))
    try:
        from sphinx.cmd.build import build_main
    except ImportError:
        raise DataError('the API reference needs Jupyter Book 1.x: pip install "pokerlab[course]"') from None
    modules = public_modules()
    with tempfile.TemporaryDirectory(prefix="pokerlab-reference-") as tmp:
        src = Path(tmp)
        write_text(src / "conf.py", _CONF)
        _extra.copy_mathjax(src / "_vendor" / "mathjax")
        write_text(src / "index.rst", _index(modules))
        for name in modules:
            write_text(src / f"{name}.rst", _page(name))
        log = src / "sphinx.log"
        html_dir = src / "_build" / "html"
        with contextlib.redirect_stderr(io.StringIO()):  # the warnings go to the log only
            status = build_main(
                ["-b", "html", "-q", "-w", str(log), "-d", str(src / "_doctrees"), str(src), str(html_dir)]
            )
        written = log.read_text(encoding="utf-8") if log.exists() else ""
        warnings = [line for line in written.splitlines() if "WARNING" in line]
        if status != 0:
            raise DataError(f"the API reference did not build: {written[-600:]}")
        shutil.copytree(html_dir, target, dirs_exist_ok=True)
    return {
        "index": str(target / "index.html"),
        "modules": modules,
        "seconds": time.monotonic() - start,
        "warnings": len(warnings),
    }


def main(argv: list[str] | None = None) -> int:
    """``python -m pokerlab.course.reference OUT``: build the reference into OUT and say where to open it. Bad input
    (no OUT, a file named OUT, a folder that cannot be written): one line on stderr and exit status 2."""
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1 or args[0].startswith("-"):
        print(
            "usage: python -m pokerlab.course.reference OUT  (the folder to write the API reference into)",
            file=sys.stderr,
        )
        return 2
    try:
        report = build_reference(args[0])
    except PokerlabError as exc:
        print(f"pokerlab: error: {exc}", file=sys.stderr)
        return 2
    modules, seconds = len(report["modules"]), report["seconds"]
    print(f"API reference in {args[0]}: open {report['index']} ({modules} modules, {seconds:.0f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
