"""The course as an extra (issue 43): without ``pokerlab[course]`` every ``pokerlab course ...`` command, and an
import of a lecturer's module, says in one line which extra to install; a student's check cells still import.

A core install is simulated by blocking one module of the extra (``sys.modules[name] = None``, which makes its
import fail as if it were not installed). tests/project/test_packaging.py checks the real core wheel: no MathJax or
reveal.js inside, and the same line from its ``pokerlab course`` in a fresh environment.
"""

from __future__ import annotations

import importlib
import sys
import tomllib
from pathlib import Path

import pytest

from pokerlab.cli import main
from pokerlab.course import _extra
from pokerlab.errors import DataError, MissingExtraError

ROOT = Path(__file__).resolve().parents[2]
LINE = 'pip install "pokerlab[course]"'


@pytest.fixture
def no_extra(monkeypatch):
    """An install without the extra: latex2mathml cannot be imported, and the lecturer's modules are imported
    again (each checks the extra when it is imported)."""
    monkeypatch.setitem(sys.modules, "latex2mathml", None)
    for name in ("slides", "site", "grading", "reference"):
        monkeypatch.delitem(sys.modules, f"pokerlab.course.{name}", raising=False)
    return monkeypatch


@pytest.fixture
def hide(monkeypatch):
    """``hide(*modules)``: an install without those modules (their imports fail as if they were not installed), the
    lecturer's modules imported again (each checks what it needs when it is imported)."""
    for name in ("slides", "site", "grading", "reference", "_drivers"):
        monkeypatch.delitem(sys.modules, f"pokerlab.course.{name}", raising=False)

    def hide(*modules: str) -> None:
        for name in modules:
            monkeypatch.setitem(sys.modules, name, None)

    return hide


# each command with the modules of the extra it imports, and one of them left out: the refusal names that one only
NEEDS = [
    (["course", "slides", "decks", "02"], ("latex2mathml", "mistune", "sphinx_revealjs"), "latex2mathml"),
    (["course", "map", "--check"], ("latex2mathml", "mistune", "sphinx_revealjs"), "mistune"),
    (["course", "site", "site"], ("sphinx", "myst_nb", "sphinx_book_theme", "mathjax"), "sphinx_book_theme"),
    (["course", "reference", "api"], ("sphinx", "sphinx_book_theme", "mathjax"), "sphinx"),
    (["course", "grade", "submissions", "--scheduler", "tls://127.0.0.1:9"], ("distributed",), "distributed"),
]


@pytest.mark.parametrize(("argv", "needs", "gone"), NEEDS, ids=[argv[1] for argv, _, _ in NEEDS])
def test_a_course_command_without_a_module_it_needs_names_that_one(
    hide, tmp_path, capsys, monkeypatch, argv, needs, gone
):
    """Every other module of the extra is hidden too: a command demands only what it imports (reviewer6: grading
    refused to start without the decks' and the site's tools, and every command listed all the extra's modules)."""
    hide(gone, *(name for name in _extra.MODULES if name not in needs))
    monkeypatch.chdir(tmp_path)
    assert main(argv) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == (
        f"pokerlab: error: pokerlab course {argv[1]} needs the course extra ({gone} not installed): {LINE}\n"
    )
    assert not list(tmp_path.iterdir())  # nothing was written before the refusal


def test_release_and_grading_need_nothing_of_the_extra(hide, tmp_path, capsys, monkeypatch):
    hide(*_extra.MODULES)
    monkeypatch.chdir(tmp_path)
    assert main(["course", "release", "copies"]) == 0
    assert (tmp_path / "copies" / "02_strength_and_potential.ipynb").is_file() and capsys.readouterr().err == ""
    assert main(["course", "grade", "no-such-folder"]) == 2  # refused for its input, not for the extra
    err = capsys.readouterr().err
    assert err.startswith("pokerlab: error:") and "no-such-folder" in err and "extra" not in err, err
    grading = importlib.import_module("pokerlab.course.grading")
    assert callable(grading.grade)


@pytest.mark.parametrize(("module", "gone"), [("slides", "latex2mathml"), ("site", "myst_nb"), ("reference", "sphinx")])
def test_importing_a_lecturers_module_without_a_module_it_needs_names_the_extra(hide, module, gone):
    hide(gone)
    with pytest.raises(ImportError) as raised:
        importlib.import_module(f"pokerlab.course.{module}")
    assert isinstance(raised.value, MissingExtraError)
    message = str(raised.value)
    assert "\n" not in message and message.endswith(f"({gone} not installed): {LINE}")


def test_a_students_check_cells_need_no_extra(no_extra):
    """The lessons' check cells import pokerlab.course.checks on a student's core install."""
    for name in ("checks", "lessons", "release"):
        no_extra.delitem(sys.modules, f"pokerlab.course.{name}", raising=False)
        importlib.import_module(f"pokerlab.course.{name}")
    from pokerlab.course.checks import whole

    assert whole(3, "n") is None


def test_the_extra_lists_every_module_the_checks_name_and_the_test_extra_holds_it():
    """pyproject.toml's course extra installs what :data:`_extra.MODULES` checks for (each by its distribution),
    and the test extra holds every requirement of the course extra, so the suite runs the lecturer's tools."""
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"]
    course = [r.split("#")[0].strip() for r in extras["course"]]
    test = {r.split("#")[0].strip() for r in extras["test"]}
    assert set(course) <= test
    named = {why.rsplit("(", 1)[1].rstrip(")") for why in _extra.MODULES.values()}
    distributions = {r.split(">")[0].split("<")[0].split("=")[0].split("~")[0] for r in course}
    assert named == distributions
    assert _extra.missing() == []


def test_reveal_and_mathjax_come_from_the_extras_packages(tmp_path):
    files = _extra.reveal_files()
    assert sorted(files) == ["LICENSE", "notes.js", "reveal.css", "reveal.js"]
    assert "reveal.js 5." in files["reveal.js"].read_text()[:200]
    assert "RevealNotes" in files["notes.js"].read_text()
    script = _extra.copy_mathjax(tmp_path / "mj")
    assert script == tmp_path / "mj" / "tex-chtml-full.js" and script.stat().st_size > 1_000_000
    assert "3.2.2" in script.read_text()[:200_000]
    fonts = sorted(p.name for p in (tmp_path / "mj" / "output" / "chtml" / "fonts" / "woff-v2").iterdir())
    assert len(fonts) == 23 and "MathJax_Main-Regular.woff" in fonts
    assert "Apache License" in (tmp_path / "mj" / "LICENSE").read_text()


def test_a_reveal_of_another_major_version_is_refused(monkeypatch, tmp_path):
    for name, text in (("dist/reveal.js", "/*!\n * reveal.js 6.0.0\n */"), ("dist/reveal.css", ""), ("LICENSE", "")):
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text)
    (tmp_path / "plugin" / "notes").mkdir(parents=True)
    (tmp_path / "plugin" / "notes" / "notes.js").write_text("")
    monkeypatch.setattr(_extra, "_revealjs", lambda: tmp_path)
    with pytest.raises(DataError, match=r"the decks need reveal\.js 5, and sphinx-revealjs ships \[' \* reveal\.js 6"):
        _extra.reveal_files()


@pytest.mark.parametrize("flag", ["--pdf", "--handout"])
def test_a_deck_needs_three_modules_of_the_extra_and_its_pdf_one_more(monkeypatch, tmp_path, capsys, flag):
    """docs/teach.md's quick install (latex2mathml, mistune, sphinx-revealjs, no Sphinx) builds decks: without the
    rest of the extra `pokerlab course slides` is not refused, while its PDFs name the one module they add."""
    monkeypatch.setitem(sys.modules, "playwright", None)
    assert _extra.missing(_extra.DECKS) == [] and _extra.missing(_extra.PDF) == ["playwright"]
    _extra.require("pokerlab course slides", _extra.DECKS)
    monkeypatch.chdir(tmp_path)
    assert main(["course", "slides", "decks", "02", flag]) == 2
    assert capsys.readouterr().err == (
        f"pokerlab: error: pokerlab course slides needs the course extra (playwright not installed): {LINE}\n"
    )
    assert not list(tmp_path.iterdir())
