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


@pytest.mark.parametrize(
    "argv",
    [
        ["course", "slides", "decks", "02"],
        ["course", "site", "site"],
        ["course", "release", "handout"],
        ["course", "grade", "submissions"],
        ["course", "map", "--check"],
    ],
    ids=lambda argv: argv[1],
)
def test_every_course_command_without_the_extra_says_so_in_one_line(no_extra, tmp_path, capsys, argv):
    no_extra.chdir(tmp_path)
    assert main(argv) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == (
        f"pokerlab: error: pokerlab course {argv[1]} needs the course extra (latex2mathml not installed): {LINE}\n"
    )
    assert not list(tmp_path.iterdir())  # nothing was written before the refusal


@pytest.mark.parametrize("module", ["slides", "site", "grading", "reference"])
def test_importing_a_lecturers_module_without_the_extra_names_the_extra(no_extra, module):
    with pytest.raises(ImportError) as raised:
        importlib.import_module(f"pokerlab.course.{module}")
    assert isinstance(raised.value, MissingExtraError)
    message = str(raised.value)
    assert "\n" not in message and message.endswith(f"(latex2mathml not installed): {LINE}")


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
