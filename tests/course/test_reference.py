"""The API reference (``pokerlab.course.reference``, ``pokerlab course reference OUT``): one page per public module,
generated from the docstrings, every public name with its signature, reachable from the navigation, offline (#43
item 8)."""

from __future__ import annotations

import contextlib
import html
import inspect
import io
import json
import re

import pytest

import pokerlab
from pokerlab.cli import build_parser, main
from pokerlab.course import reference


def test_the_public_modules_are_the_packages_top_level_modules_with_all_and_the_courses():
    modules = reference.public_modules()
    # the modules tests/project/test_api.py names as pokerlab's public attributes, and every layer's package
    assert {
        f"pokerlab.{m}" for m in ("cards", "equities", "errors", "evaluator", "preflop", "ranges", "strength")
    } <= set(modules)
    assert {"pokerlab.game", "pokerlab.solve", "pokerlab.bots", "pokerlab.bpp", "pokerlab.stats"} <= set(modules)
    assert {"pokerlab.course.site", "pokerlab.course.grading", "pokerlab.course.reference"} <= set(modules)
    assert not [m for m in modules if any(part.startswith("_") for part in m.split("."))]
    assert "pokerlab.cli" not in modules and "pokerlab.course" not in modules  # no __all__: nothing public to list
    # every name of pokerlab's own __all__ is defined in a module that has a page (or re-exported by one)
    for name in pokerlab.__all__:
        home = getattr(getattr(pokerlab, name), "__module__", "pokerlab")
        assert any(home == m or home.startswith(m + ".") for m in modules), (name, home)


def test_a_file_for_out_is_refused_with_one_line(tmp_path, capsys):
    (tmp_path / "file").write_text("x")
    assert reference.main([str(tmp_path / "file")]) == 2
    assert reference.main([]) == 2
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 2 and "is a file, not a folder" in err[0] and err[1].startswith("usage:")


def test_the_command_line_builds_it_with_pokerlab_course_reference_out():
    args = build_parser().parse_args(["course", "reference", "api"])
    assert (args.command, args.course_command, args.out, args.json) == ("course", "reference", "api", False)
    assert args.func.__name__ == "cmd_course_reference"


@pytest.mark.parametrize("argv", [["course", "reference"], ["course", "reference", "a", "b"]])
def test_the_command_without_one_out_is_refused_with_one_line(argv, capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    with pytest.raises(SystemExit) as raised:  # argparse, through pokerlab's parser: one line, status 2
        main(argv)
    assert raised.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("pokerlab: error:"), err
    assert err.endswith("(see 'pokerlab course reference --help')\n"), err
    assert not list(tmp_path.iterdir())


def test_the_command_refuses_a_file_for_out_with_one_line_and_builds_nothing(tmp_path, capsys):
    (tmp_path / "file").write_text("x")
    assert main(["course", "reference", str(tmp_path / "file")]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith("pokerlab: error: OUT") and captured.err.count("\n") == 1, captured.err
    assert "is a file, not a folder" in captured.err
    assert (tmp_path / "file").read_text() == "x"


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """The reference built as a lecturer builds it: ``pokerlab course reference OUT --json``."""
    out = tmp_path_factory.mktemp("api")
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        assert main(["course", "reference", str(out), "--json"]) == 0
    return out, json.loads(printed.getvalue())


def _signature_text(page: str, qualname: str) -> str:
    """The signature line the page shows for ``qualname``, as text."""
    start = page.index(">", page.index(f'id="{qualname}"')) + 1
    end = page.index("</dt>", start)
    return html.unescape(re.sub(r"<[^>]+>", "", page[start:end])).strip()


@pytest.mark.slow  # imports every module and renders 26 pages: 8-25 s
def test_the_reference_has_a_page_per_module_with_signatures_and_loads_nothing_from_the_web(built):
    out, report = built
    assert report["index"] == str(out / "index.html")
    assert report["modules"] == reference.public_modules()
    index = (out / "index.html").read_text(encoding="utf-8")
    for module in report["modules"]:
        page = out / f"{module}.html"
        assert page.is_file(), module
        assert f'href="{module}.html"' in index, f"{module} is not in the navigation"
        # the page opens with the module's docstring
        first = (inspect.getdoc(__import__(module, fromlist=["_"])) or "").split("\n")[0]
        words = " ".join(html.unescape(re.sub(r"<[^>]+>", "", page.read_text(encoding="utf-8"))).split())
        for curly, plain in (("“", '"'), ("”", '"'), ("‘", "'"), ("’", "'")):  # Sphinx's smart quotes
            words = words.replace(curly, plain)
        assert " ".join(first.split()[:4]).replace("``", "") in words, module
    # named functions with their signatures: each parameter of the real signature is shown, in order
    for module, name in [
        ("pokerlab.equities", "equity"),
        ("pokerlab.strength", "hand_potential"),
        ("pokerlab.evaluator", "evaluate_batch"),
        ("pokerlab.solve", "cfr"),
        ("pokerlab.bots", "make"),
        ("pokerlab.stats", "player_stats"),
    ]:
        shown = _signature_text((out / f"{module}.html").read_text(encoding="utf-8"), f"{module}.{name}")
        function = getattr(__import__(module, fromlist=[name]), name)
        params = list(inspect.signature(function).parameters)
        assert shown.startswith(f"{module}.{name}("), shown
        positions = [re.search(rf"(?<!\w)\**{p}(?=[:=,)])", shown).start() for p in params]  # type: ignore[union-attr]
        assert positions == sorted(positions), (shown, params)
    # a class shows its methods: the hand's legal actions
    game = (out / "pokerlab.game.html").read_text(encoding="utf-8")
    assert 'id="pokerlab.game.HandState.legal_actions"' in game
    # offline: no script, stylesheet or font from another machine
    for page in out.rglob("*.html"):
        text = page.read_text(encoding="utf-8")
        assert not re.search(r"<(?:script|link)\b[^>]*\b(?:src|href)=\"(?:https?:)?//", text), page.name
        assert "cdn." not in text.lower(), page.name
