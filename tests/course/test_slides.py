"""`pokerlab course slides`: the deck builder, without a browser (tests/course/test_slides_browser.py opens the decks).

What a lecturer sees: the slides a lesson gives (where they start, what is on them), the formulas as MathML,
the speaker notes, the pictures beside the deck; and what the lessons must carry for that (slide metadata,
instructor notes whose minutes are the course map's, a lecture path that matches the course map's table).
"""

from __future__ import annotations

import itertools
import json
import re
from pathlib import Path

import pytest

from pokerlab.cli import main
from pokerlab.course import _extra, slides
from pokerlab.errors import DataError, ParameterError

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
LESSONS = sorted(p for p in NOTEBOOKS.glob("[0-9][0-9]_*.ipynb") if not p.name.startswith("00"))
PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg=="  # 1x1


def _nb(cells: list[dict]) -> dict:
    return {"cells": cells, "metadata": {}, "nbformat": 4, "nbformat_minor": 5}


def _md(cid: str, text: str, slide_type: str | None = None, instructor: dict | None = None) -> dict:
    meta: dict = {}
    if slide_type:
        meta["slideshow"] = {"slide_type": slide_type}
    if instructor:
        meta["pokerlab"] = {"instructor": instructor}
    return {"cell_type": "markdown", "id": cid, "metadata": meta, "source": text}


def _code(cid: str, text: str, outputs: list[dict], slide_type: str | None = None) -> dict:
    meta = {"slideshow": {"slide_type": slide_type}} if slide_type else {}
    return {"cell_type": "code", "id": cid, "metadata": meta, "source": text, "outputs": outputs, "execution_count": 1}


def _stream(text: str) -> dict:
    return {"output_type": "stream", "name": "stdout", "text": text}


NOTE = {"minutes": 7, "point": "Tables are counts.", "question": "Why 990?", "misconception": "HS counts cases."}


def _deck(tmp_path: Path, cells: list[dict]) -> str:
    lesson = tmp_path / "99_toy.ipynb"
    lesson.write_text(json.dumps(_nb(cells)), encoding="utf-8")
    deck = slides.build_deck(lesson, tmp_path / "out")
    assert deck == tmp_path / "out" / "99_toy.slides.html"
    return deck.read_text(encoding="utf-8")


def _leaves(page: str) -> list[str]:
    """The leaf <section> elements of a deck, in order."""
    return re.findall(r'<section data-section="[^"]*">(.*?)</section>', page, flags=re.S)


def test_headings_start_slides_even_mid_cell_and_notes_go_with_their_section(tmp_path):
    page = _deck(
        tmp_path,
        [
            _md("a", "# Lesson 99 · Toy\n\nBy the end you can count.", "slide"),
            _code("b", "import pokerlab", [], "skip"),
            _md("c", "## 1. Counting\n\nCount the cases.", "slide", NOTE),
            _md("d", "Closing words of section 1.\n\n## 2. Weighing\n\nWeigh them.", "slide", dict(NOTE, minutes=3)),
            _md("e", "### A derivation\n\nStep one.", "subslide"),
            _md("f", "## Recap\n\n* counted\n\n## Exercises\n\n1. Count again.", "slide"),
        ],
    )
    leaves = _leaves(page)
    headings = [re.search(r"<h[123]>(.*?)</h[123]>", leaf).group(1) for leaf in leaves]
    assert headings == ["Lesson 99 · Toy", "1. Counting", "2. Weighing", "A derivation", "Recap", "Exercises"]
    assert "import pokerlab" not in page  # a skipped cell is not shown
    assert "Closing words of section 1." in leaves[1]  # prose before a heading ends the previous section
    assert '<aside class="notes"><p><b>7 min</b></p>' in leaves[1]
    assert "<b>Students ask:</b> Why 990?" in leaves[1] and "<b>Expect:</b> HS counts cases." in leaves[1]
    assert "<b>3 min</b>" in leaves[2]
    assert "add up to 10 minutes" in leaves[0]  # the title slide's notes: the sections' minutes
    # a derivation is a sub-slide: the vertical stack under section 2
    assert re.search(r"<section><section data-section=\"2\">.*?2\. Weighing.*?A derivation", page, flags=re.S)


def test_math_becomes_mathml_and_dollar_amounts_stay_text(tmp_path):
    page = _deck(
        tmp_path,
        [
            _md("a", "## 1. Odds\n\nPot odds $\\frac{b}{p + b}$ and\n\n$$PPOT = \\frac{HP[b][a]}{HP[b][\\Sigma]}$$"),
            _md("b", "Calling $20 to win $100 earns $4; `code $x$` stays code; $\\text{a\\_b} = \\binom{52}{2}$."),
        ],
    )
    assert page.count("<math") == 3
    assert '<math xmlns="http://www.w3.org/1998/Math/MathML" display="block">' in page
    assert "<mfrac>" in page and "$\\frac" not in page
    assert "Calling $20 to win $100 earns $4;" in page
    assert "<code>code $x$</code>" in page
    assert "<mi>a_b</mi>" in page or "a_b" in re.sub(r"<[^>]+>", "", page)


def test_outputs_pictures_tables_and_widgets(tmp_path):
    widget = {"model_id": "x", "version_major": 2, "version_minor": 0}
    page = _deck(
        tmp_path,
        [
            _md("a", "## 1. Charts", "slide", NOTE),
            _code(
                "b", "# NBVAL_CHECK_OUTPUT\nprint(1 + 1)", [{"output_type": "stream", "name": "stdout", "text": "2\n"}]
            ),
            _code(
                "c",
                "chart",
                [
                    {
                        "output_type": "display_data",
                        "data": {"image/png": PNG, "text/plain": "alt.Chart(...)"},
                        "metadata": {"image/png": {"width": 600, "height": 400}},
                    }
                ],
                "subslide",
            ),
            _code(
                "d",
                "explorer",
                [
                    {
                        "output_type": "display_data",
                        "data": {
                            "application/vnd.jupyter.widget-view+json": widget,
                            "image/png": PNG,
                            "text/plain": "X",
                        },
                        "metadata": {},
                    }
                ],
            ),
            _code(
                "e",
                "bar",
                [{"output_type": "display_data", "data": {"application/vnd.jupyter.widget-view+json": widget}}],
            ),
            _code(
                "f",
                "frame",
                [
                    {
                        "output_type": "execute_result",
                        "data": {"text/html": "<table><tr><td>7</td></tr></table><script>x()</script>"},
                        "metadata": {},
                    }
                ],
            ),
        ],
    )
    assert "NBVAL_CHECK_OUTPUT" not in page
    big = ' style="font-size:22px;line-height:29px"'
    assert (
        f'<pre class="code"{big}><code>print(1 + 1)</code></pre><pre class="output"{big}><code>2</code></pre>' in page
    )
    pictures = re.findall(r'<img class="chart" src="([^"]+)"', page)
    assert pictures == ["99_toy_files/image-001.png", "99_toy_files/image-002.png"]  # the chart and the explorer's
    for name in pictures:
        assert (tmp_path / "out" / name).read_bytes()[:4] == b"\x89PNG"
    assert "<td>7</td>" in page and "<script>x()" not in page
    assert "alt.Chart" not in page  # the picture, not the text stand-in
    # the chart is scaled up to fill the slide, never beyond 1.4x or the slide's width
    width, height = map(int, re.search(r'style="width:(\d+)px;height:(\d+)px"', page).groups())
    assert 600 < width <= 840 and abs(width / height - 1.5) < 0.01


def test_a_long_cell_is_cut_into_subslides_that_each_fit(tmp_path):
    long_output = "\n".join(f"line {i}" for i in range(100))
    page = _deck(
        tmp_path,
        [
            _md("a", "## 1. Long", "slide", NOTE),
            _code(
                "b", "for i in range(100): print(i)", [{"output_type": "stream", "name": "stdout", "text": long_output}]
            ),
        ],
    )
    leaves = _leaves(page)
    assert len(leaves) >= 5
    assert all("1. Long (continued)" in leaf for leaf in leaves[1:])
    shown = [int(x) for x in re.findall(r"line (\d+)", page)]
    assert shown == list(range(100))  # every line once, in order
    assert all(leaf.count("\n") <= 24 for leaf in leaves)


def test_reveal_is_vendored_with_its_licence_and_nothing_points_off_the_machine(tmp_path):
    page = _deck(tmp_path, [_md("a", "## 1. One", "slide", NOTE)])
    folder = tmp_path / "out" / "reveal"
    assert sorted(p.name for p in folder.iterdir()) == [
        "LICENSE",
        "README.md",
        "notes.js",
        "pokerlab.css",
        "reveal.css",
        "reveal.js",
    ]
    assert (
        "MIT" in (folder / "LICENSE").read_text() or "Permission is hereby granted" in (folder / "LICENSE").read_text()
    )
    assert "reveal.js 5." in (folder / "reveal.js").read_text()[:300]  # npm 5.2.1 (its banner still says 5.2.0)
    assert not re.search(r"(src|href)=\"(https?:)?//", page)
    assert "@import" not in (folder / "pokerlab.css").read_text()


def test_every_lesson_has_slide_metadata_and_instructor_notes_with_the_course_maps_minutes():
    course_map = (NOTEBOOKS / "00_course_map.ipynb").read_text(encoding="utf-8")
    minutes = {m[0]: int(m[1]) for m in re.findall(r"\| \[(\d\d) · [^|]*\|[^|]*\|[^|]*\| (\d+) \|", course_map)}
    assert len(minutes) == len(LESSONS) >= 10
    for path in LESSONS:
        cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
        types = [c["metadata"].get("slideshow", {}).get("slide_type") for c in cells]
        assert types[0] == "slide" and types.count(None) == 0, path.name
        notes = []
        for c in cells:
            text = "".join(c["source"])
            if c["cell_type"] == "markdown" and re.search(r"^## \d+\.", text, flags=re.M):
                note = c["metadata"].get("pokerlab", {}).get("instructor")
                assert note, (path.name, text[:40])
                assert set(note) == {"minutes", "point", "question", "misconception"}
                assert all(
                    isinstance(note[k], str) and len(note[k]) >= 10 for k in ("point", "question", "misconception")
                )
            note = c["metadata"].get("pokerlab", {}).get("instructor")
            if note:
                notes.append(note["minutes"])
        assert sum(notes) == minutes[path.name[:2]], path.name


def test_the_lecture_path_matches_the_course_maps_table():
    """The table is written from course/lecture.toml (tests/course/test_lecture.py checks the whole cell)."""
    steps = slides.lecture_path()
    course_map = (NOTEBOOKS / "00_course_map.ipynb").read_text(encoding="utf-8")
    rows = [(int(a), int(b), n) for a, b, n in re.findall(r"\| (\d+)-(\d+) \| (\d\d) §", course_map)]
    assert [(s.start, s.end, s.lesson) for s in steps if s.lesson] == rows
    assert all(a.end == b.start for a, b in itertools.pairwise(steps))


def test_lecture_deck_has_the_paths_sections_in_order_with_their_times(tmp_path):
    deck = slides.build_lecture(tmp_path)
    page = deck.read_text(encoding="utf-8")
    order = re.findall(
        r'<section data-section="([^"]*)" data-lesson="[^"]*"><div class="fit"><p class="lesson-label">[^<]*</p><h2>',
        page,
    )
    wanted = [s for step in slides.lecture_path() for s in step.sections]
    assert order == wanted
    for step in slides.lecture_path():
        assert f"Minutes {step.start}-{step.end} of the lecture" in page


def test_bad_input_is_refused_with_a_message():
    with pytest.raises(ParameterError, match="lessons: no lesson '99'"):
        slides.find_lessons(["99"])
    with pytest.raises(ParameterError, match="a lesson is a number"):
        slides.find_lessons(["two"])
    with pytest.raises(ParameterError, match="lessons must be a list"):
        slides.find_lessons("02")
    with pytest.raises(DataError, match="no lessons folder"):
        slides.find_lessons(None, "no-such-folder")
    assert [p.name[:2] for p in slides.find_lessons(["2", "10"])] == ["02", "10"]
    with pytest.raises(ParameterError, match="pdf must be True or False"):
        slides.build_slides("x", pdf="yes")


def test_cli_writes_the_deck_and_says_where(tmp_path, capsys):
    assert main(["course", "slides", str(tmp_path), "02"]) == 0
    out = capsys.readouterr().out
    assert f"{tmp_path}/02_strength_and_potential.slides.html" in out and "1 files in" in out
    assert (tmp_path / "02_strength_and_potential_files").is_dir()
    assert main(["course", "slides", str(tmp_path), "77"]) == 2
    err = capsys.readouterr().err.strip().split("\n")
    assert len(err) == 1 and err[0].startswith("pokerlab: error: lessons: no lesson '77'")
    assert main(["course", "slides", str(tmp_path), "02", "--lecture"]) == 2
    assert "leave out the LESSON" in capsys.readouterr().err


# The lecturer's install (docs/teach.md): pokerlab without its dependencies plus the three the decks use.
DECK_ONLY_INSTALL = "pip install --no-deps -e . latex2mathml mistune sphinx-revealjs"
HEAVY = (
    "numpy", "numba", "llvmlite", "pandas", "scipy", "sklearn", "pgmpy", "altair", "vl_convert", "PIL",
    "ipywidgets", "anywidget", "IPython", "ipykernel", "voila", "jupyter_server", "tqdm", "statsmodels",
    # the rest of the course extra: the site (Sphinx, which sphinx-revealjs's own code imports), MathJax, PDFs, ...
    "sphinx", "myst_nb", "sphinx_book_theme", "mathjax", "playwright", "nbgrader", "distributed",
)  # fmt: skip


def test_decks_are_built_without_the_heavy_dependencies(tmp_path):
    """`pokerlab course slides` reads the saved lessons and needs only latex2mathml, mistune and reveal.js's files
    (from sphinx-revealjs, never imported), so a lecturer can install pokerlab with `--no-deps` plus those three
    (seconds instead of minutes): here every heavy library and the rest of the course extra are made unimportable
    in a fresh interpreter and lesson 02's deck is still written, speaker notes and all."""
    import subprocess
    import sys

    assert [name.replace("-", "_") for name in DECK_ONLY_INSTALL.split()[5:]] == list(_extra.DECKS)
    assert (NOTEBOOKS.parent / "docs" / "teach.md").read_text(encoding="utf-8").count(DECK_ONLY_INSTALL) == 1
    code = f"""
import sys
from importlib.abc import MetaPathFinder

class Refuse(MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in {HEAVY!r}:
            raise ImportError(f"{{name}} is not installed (deck-only install)")
        return None

sys.meta_path.insert(0, Refuse())
from pokerlab.cli import main
code = main(["course", "slides", {str(tmp_path)!r}, "02"])
loaded = sorted({{m.split(".")[0] for m in sys.modules}} & set({HEAVY!r}))
print("exit", code, "loaded", loaded)
"""
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert "exit 0 loaded []" in proc.stdout, proc.stdout + proc.stderr[-2000:]
    deck = (tmp_path / "02_strength_and_potential.slides.html").read_text(encoding="utf-8")
    assert deck.count('<aside class="notes">') >= 5  # a section's instructor notes
    assert (tmp_path / "02_strength_and_potential_files").is_dir() and (tmp_path / "reveal").is_dir()


def test_pdf_without_chromium_says_so_in_one_line(tmp_path, capsys):
    slides.build_deck(LESSONS[0], tmp_path)
    with pytest.raises(DataError, match="needs Chromium at /no/chromium, which is not installed"):
        slides.print_pdf(tmp_path / f"{LESSONS[0].stem}.slides.html", chromium="/no/chromium")


def test_a_program_that_is_not_chromium_is_one_line_too(tmp_path):
    """Playwright (the course extra) drives the browser: a program that exits at once is a DataError naming the
    deck, never a Playwright traceback."""
    slides.build_deck(LESSONS[0], tmp_path)
    deck = tmp_path / f"{LESSONS[0].stem}.slides.html"
    with pytest.raises(DataError, match=r"^Chromium could not print '.*slides\.html': [^\n]+$"):
        slides.print_pdf(deck, chromium="/bin/true")
    assert not deck.with_suffix(".pdf").exists()


def test_a_long_numbered_list_is_cut_between_items_and_keeps_its_numbers(tmp_path):
    words = "work it out by hand and check it with the library; " * 4
    items = "\n".join(f"{i}. Exercise {i}: {words}" for i in range(1, 13))
    page = _deck(tmp_path, [_md("a", f"## Exercises\n\n{items}", "slide")])
    leaves = _leaves(page)
    assert len(leaves) >= 2 and "<h2>Exercises</h2>" in leaves[0] and "Exercise 1:" in leaves[0]
    assert re.findall(r"Exercise (\d+):", page) == [str(i) for i in range(1, 13)]
    second = re.search(r"<ol start=\"(\d+)\">", leaves[1])
    assert second and f"Exercise {second.group(1)}:" in leaves[1]


def _png_of(width: int, height: int) -> dict:
    """A display_data output whose PNG metadata says it is width×height CSS pixels."""
    return {
        "output_type": "display_data",
        "data": {"image/png": PNG},
        "metadata": {"image/png": {"width": width, "height": height}},
    }


def test_code_is_as_large_as_its_lines_allow_for_the_back_row(tmp_path):
    # a 14 px code font cannot be read from the back of a room: short lines get 22 px, long ones no less than 16
    page = _deck(
        tmp_path,
        [
            _md("a", "## 1. Code", "slide", NOTE),
            _code("b", "p = pl.hand_potential('AdQc', '3h4cJh')", [_stream("HS = 0.585\n")]),
            _code("c", "x = " + "a + " * 40 + "b", [_stream("y" * 125 + "\n")], "subslide"),
        ],
    )
    sizes = [int(px) for px in re.findall(r'<pre class="(?:code|output)" style="font-size:(\d+)px', page)]
    assert sizes == [slides.CODE_PX_MAX, slides.CODE_PX_MAX, slides.CODE_PX_MIN, slides.CODE_PX_MIN]
    assert slides.CODE_PX_MAX >= 20 and slides.CODE_PX_MIN >= 16
    # a line fits the slide's width at its size: 88 characters still get the full 22 px
    assert slides._code_px(["x" * 87]) == 22 and slides._code_px(["x" * 100]) == 19


def test_a_chart_squeezed_under_other_blocks_goes_on_the_next_subslide(tmp_path):
    # lesson 03's three 13x13 grids were drawn at 58 % of the size a slide of their own gives them
    code = "\n".join(f"table{i} = load({i})" for i in range(9))
    page = _deck(
        tmp_path,
        [_md("a", "## 1. Grids", "slide", NOTE), _code("b", code, [_png_of(774, 758)])],
    )
    leaves = _leaves(page)
    assert len(leaves) == 2 and "<img" not in leaves[0] and "<img" in leaves[1]
    height = int(re.search(r"<img [^>]*height:(\d+)px", leaves[1]).group(1))
    assert height >= 560  # nearly the slide's full height, not the ~440 px left under the code
    # a small chart still shares the slide with its code
    page = _deck(tmp_path, [_md("a", "## 1. Small", "slide", NOTE), _code("b", code, [_png_of(300, 180)])])
    assert len(_leaves(page)) == 1


def test_a_chart_taller_than_the_room_under_its_code_gets_a_subslide_of_its_own(tmp_path):
    # lesson 08's BPPInspector picture (912x782 CSS px) was shown at 0.62 of its size under four lines of code,
    # its 12-px posterior labels at 7 px: a chart already shrunk below its own size goes where it is largest
    code = "inspector = BPPInspector()\ninspector.from_cards()\ninspector.action.value = 'bet'\ninspector"
    heading = _md("a", "## 1. Inspect", "slide", NOTE)
    page = _deck(tmp_path, [heading, _code("b", code, [_png_of(912, 782)], "subslide")])
    leaves = _leaves(page)
    assert len(leaves) == 3 and "<img" not in leaves[1] and "<img" in leaves[2]
    height = int(re.search(r"<img [^>]*height:(\d+)px", leaves[2]).group(1))
    assert height >= 590  # the sub-slide's full room, not the ~490 px left under the code
    # a chart shown at its own size or larger under its code stays there
    page = _deck(tmp_path, [heading, _code("b", code, [_png_of(600, 420)], "subslide")])
    assert len(_leaves(page)) == 2


def test_cli_lessons_are_optional_and_lecture_with_lessons_is_one_line(tmp_path, capsys):
    with pytest.raises(SystemExit) as exit_:
        main(["course", "slides"])
    err = capsys.readouterr().err.strip().split("\n")
    assert exit_.value.code == 2 and len(err) == 1
    assert "required: out" in err[0] and "lessons" not in err[0]  # LESSON numbers are optional
    # the lesson numbers after --lecture are still lesson numbers, refused with the reason
    assert main(["course", "slides", str(tmp_path), "--lecture", "02"]) == 2
    err = capsys.readouterr().err.strip().split("\n")
    assert len(err) == 1 and "leave out the LESSON" in err[0]
    with pytest.raises(SystemExit) as exit_:
        main(["course", "slides", str(tmp_path), "02", "--bogus"])
    assert exit_.value.code == 2 and "unrecognized arguments: --bogus" in capsys.readouterr().err
    # a lesson named twice is built once
    assert main(["course", "slides", str(tmp_path), "02", "2", "02"]) == 0
    assert "1 files in" in capsys.readouterr().out


def test_two_sections_in_one_cell_say_their_minutes_are_shared_not_added(tmp_path):
    # lesson 07 §4-5 are one cell with one set of notes (10 min): §5's slide repeated "10 min" as if it were 10 more
    page = _deck(
        tmp_path,
        [_md("a", "## 4. Agree\n\nwhere they agree\n\n## 5. Disagree\n\nwhere they do not", "slide", NOTE)],
    )
    notes = re.findall(r'<aside class="notes">(.*?)</aside>', page, flags=re.S)
    assert len(notes) == 2 and "share" not in notes[0]
    assert "§4 and §5 are one cell of the lesson" in notes[1] and "7 min for both together, not 7 more" in notes[1]


def test_the_rise_widgets_labextension_ships_in_the_wheel_and_links_in_a_checkout():
    """pokerlab-rise-widgets (live widgets in jupyterlab-rise; tests/course/test_slides_rise_browser.py runs it) reaches
    JupyterLab two ways: pyproject.toml's data-files put every file of it in the wheel's share/jupyter/labextensions,
    and pokerlab._jupyter_labextension_paths points `jupyter labextension develop` at the checkout's copy."""
    import tomllib

    import pokerlab

    root = Path(__file__).resolve().parents[2]
    folder = root / "labextension" / "pokerlab-rise-widgets"
    package = json.loads((folder / "package.json").read_text(encoding="utf-8"))
    assert package["name"] == "pokerlab-rise-widgets"
    load = folder / package["jupyterlab"]["_build"]["load"]
    assert load.is_file() and "window._JUPYTERLAB" in load.read_text(encoding="utf-8")
    data_files = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"][
        "data-files"
    ]
    shipped = {
        (target + "/" + Path(source).name): source for target, sources in data_files.items() for source in sources
    }
    files = sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.is_file())
    assert files == ["package.json", "static/remoteEntry.js"]
    for name in files:
        assert (
            shipped[f"share/jupyter/labextensions/pokerlab-rise-widgets/{name}"]
            == f"labextension/pokerlab-rise-widgets/{name}"
        )
    (link,) = pokerlab._jupyter_labextension_paths()
    assert link["dest"] == package["name"]
    assert (Path(pokerlab.__file__).parent / link["src"]).resolve() == folder


def test_the_lessons_in_the_current_folder_are_found_without_notebooks(tmp_path, monkeypatch):
    # a copy of notebooks/ used with an installed wheel: `cd lessons && pokerlab course slides decks 02` looked in
    # site-packages/notebooks and failed; in a checkout it silently built the checkout's lesson instead
    (tmp_path / "00_course_map.ipynb").write_text(json.dumps(_nb([])), encoding="utf-8")
    toy = _nb([_md("a", "# Lesson 2 · Toy", "slide"), _md("b", "## 1. One", "slide", NOTE)])
    (tmp_path / "02_toy.ipynb").write_text(json.dumps(toy), encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    assert [p.name for p in slides.find_lessons(["02"])] == ["02_toy.ipynb"]
    empty = tmp_path / "elsewhere"
    empty.mkdir()
    monkeypatch.chdir(empty)
    monkeypatch.setenv("POKERLAB_LESSONS", str(tmp_path))
    assert [p.name for p in slides.find_lessons(["2"])] == ["02_toy.ipynb"]
