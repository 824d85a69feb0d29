"""The saved lessons are product: executed top to bottom, small, with their charts as pictures, and a course.

Generic over every ``notebooks/NN_*.ipynb`` (whose exercises hold their solutions and checks as nbgrader
cells: ``pokerlab course release`` generates the student copies and solutions), so a new lesson is
checked the moment it is added. nbval re-runs each notebook from the installed wheel
(``tests/project/test_packaging.py``); these tests
read what is *saved*, which is what a reader on GitHub, in nbconvert HTML or in a JupyterLab with no
kernel sees.

To save a notebook after changing it, run it top to bottom on a fresh kernel with::

    python -m tests.save_notebooks notebooks/02_strength_and_potential.ipynb

(``jupyter nbconvert --execute --inplace`` without the widget state, which would otherwise make
nbconvert's HTML show widgets that need a CDN instead of the saved pictures).
"""

from __future__ import annotations

import base64
import json
import re
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parent.parent.parent
NOTEBOOKS = ROOT / "notebooks"
COURSE_MAP = NOTEBOOKS / "00_course_map.ipynb"
LESSONS = sorted(p for p in NOTEBOOKS.glob("[0-9][0-9]_*.ipynb") if p != COURSE_MAP)
ALL = [COURSE_MAP, *LESSONS]
LESSON_LIMIT = 1_500_000  # bytes, each lesson
TOTAL_LIMIT = 6_000_000  # bytes, all lessons together
PAGE_WIDTH = 1100  # pixels: every saved picture fits a notebook at this width, with no sideways scrolling
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
WIDGET_STATE = "application/vnd.jupyter.widget-state+json"


def _ids(paths):
    return [p.relative_to(NOTEBOOKS).as_posix() for p in paths]


def _read(path: Path):
    return nbformat.read(path, as_version=4)


def _outputs(nb):
    for cell in nb.cells:
        if cell.cell_type == "code":
            yield from cell.get("outputs", [])


def _is_progress_bar(output) -> bool:
    """A tqdm.auto bar: shows its last state as text (e.g. ``100%|█████| 169/169``) where no widget runs."""
    text = "".join(output.get("data", {}).get("text/plain", ""))
    return "FloatProgress" in text or "IntProgress" in text or re.match(r"^.{0,40}\d+%\|", text) is not None


def test_there_is_a_course():
    assert COURSE_MAP.exists()
    assert len(LESSONS) >= 8


@pytest.mark.parametrize("path", ALL, ids=_ids(ALL))
def test_saved_executed_top_to_bottom_without_errors(path):
    nb = _read(path)
    counts = [c.execution_count for c in nb.cells if c.cell_type == "code" and c.source.strip()]
    assert counts, f"{path.name} has no code"
    assert None not in counts, f"{path.name} has code cells that were never run"
    assert counts == list(range(1, len(counts) + 1)), f"{path.name} was not run top to bottom on a fresh kernel"
    for out in _outputs(nb):
        assert out.output_type != "error", f"{path.name} saved an error: {out.get('ename')}: {out.get('evalue')}"
        if out.output_type == "stream" and out.name == "stderr":
            assert "Traceback" not in out.text and "Error" not in out.text, f"{path.name}: {out.text[:200]}"


@pytest.mark.parametrize("path", ALL, ids=_ids(ALL))
def test_no_javascript_or_widget_state_is_stored(path):
    nb = _read(path)
    assert WIDGET_STATE not in nb.metadata.get("widgets", {}), (
        f"{path.name} stores its widget state; save it with python -m tests.save_notebooks {path.relative_to(ROOT)}"
    )
    for out in _outputs(nb):
        data = out.get("data", {})
        assert "application/javascript" not in data
        vega = [k for k in data if k.startswith(("application/vnd.vegalite", "application/vnd.vega."))]
        # a live chart only as pokerlab.charts.display_bundle saves it: Vega-Lite 5 (JupyterLab's built-in
        # renderer, no script stored) beside its PNG, in one bundle
        assert vega in ([], ["application/vnd.vegalite.v5+json"]), f"{path.name}: chart renderer {vega}"
        assert not vega or "image/png" in data, f"{path.name}: a Vega-Lite chart with no PNG beside it"
        html = "".join(data.get("text/html", ""))
        assert "<script" not in html, f"{path.name} stores a script in an HTML output"
        assert "JupyterChart" not in "".join(data.get("text/plain", ""))


@pytest.mark.parametrize("path", ALL, ids=_ids(ALL))
def test_every_chart_and_widget_output_has_a_static_picture(path):
    """What a reader with no kernel sees: a PNG (or HTML) in every chart or widget output.

    A cell marked ``# LIVE_ONLY`` (a table to play at, which needs a kernel anyway) is exempt for its widgets.
    """
    nb = _read(path)
    for cell in nb.cells:
        if cell.cell_type != "code":
            continue
        live_only = "# LIVE_ONLY" in cell.source  # a game to play: a picture would not help
        for out in cell.get("outputs", []):
            _check_static_view(path, out, live_only)


@pytest.mark.parametrize("path", LESSONS, ids=_ids(LESSONS))
def test_every_chart_is_live_vega_lite_and_a_picture(path):
    """#22 item 5: a chart a lesson shows is ONE bundle, Vega-Lite (tooltips in JupyterLab and VS Code) and a
    PNG (GitHub, nbconvert); its data is cut to what is drawn and written inline as CSV."""
    charts_shown = 0
    for out in _outputs(_read(path)):
        data = out.get("data", {})
        if not "".join(data.get("text/plain", "")).startswith("<chart"):
            continue
        charts_shown += 1
        assert {"application/vnd.vegalite.v5+json", "image/png"} <= set(data), f"{path.name}: {sorted(data)}"
        spec = json.dumps(data["application/vnd.vegalite.v5+json"])
        assert '"datasets"' not in spec and '"type": "csv"' in spec
        assert "http" not in spec.replace("https://vega.github.io/schema/vega-lite/v5.8.0.json", "")
    uses_charts = "charts.enable_offline()" in "".join(c.source for c in _read(path).cells)
    assert charts_shown >= 1 or not uses_charts, f"{path.name} enables charts but shows none"


def _check_static_view(path, out, live_only: bool) -> None:
    data = out.get("data", {})
    text = "".join(data.get("text/plain", ""))
    if text.startswith("<chart") or (WIDGET_VIEW in data and not _is_progress_bar(out) and not live_only):
        assert "image/png" in data or "text/html" in data, f"{path.name}: {text[:80]} has no static view"
    if "image/png" in data:
        png = base64.b64decode(data["image/png"])
        assert png.startswith(b"\x89PNG") and len(png) > 2000
        width = out.get("metadata", {}).get("image/png", {}).get("width") or int.from_bytes(png[16:20], "big")
        assert width <= PAGE_WIDTH, f"{path.name}: a {width}-pixel picture overflows a {PAGE_WIDTH}-pixel page"


@pytest.mark.parametrize("path", [COURSE_MAP, *LESSONS], ids=_ids([COURSE_MAP, *LESSONS]))
def test_each_lesson_is_small(path):
    assert path.stat().st_size <= LESSON_LIMIT, f"{path.name} weighs {path.stat().st_size:,} bytes"


def test_all_lessons_together_are_small():
    total = sum(p.stat().st_size for p in [COURSE_MAP, *LESSONS])
    assert total <= TOTAL_LIMIT, f"the lessons weigh {total:,} bytes"


def _markdown(nb) -> str:
    return "\n\n".join(c.source for c in nb.cells if c.cell_type == "markdown")


@pytest.mark.parametrize("path", LESSONS, ids=_ids(LESSONS))
def test_lesson_states_objectives_recap_and_exercises(path):
    nb = _read(path)
    opening = "\n".join(c.source for c in nb.cells[:3] if c.cell_type == "markdown")
    assert "By the end" in opening, f"{path.name} does not open with its learning objectives"
    text = _markdown(nb)
    assert re.search(r"^## Recap", text, flags=re.M), f"{path.name} has no '## Recap'"
    match = re.search(r"^## Exercises\s*$(.*)", text, flags=re.M | re.S)
    assert match, f"{path.name} has no '## Exercises' section"
    numbered = re.findall(r"^\s*(\d+)\.\s", match.group(1), flags=re.M)
    assert len(numbered) >= 3, f"{path.name} has {len(numbered)} numbered exercises"
    # where the solutions come from; no link to a solutions/ notebook (no such folder is beside the lesson:
    # the course site links its own solutions page)
    assert "`pokerlab course release OUT --solutions`" in match.group(1), f"{path.name}: where are the solutions?"
    assert "solutions/" not in match.group(1), f"{path.name}'s exercises link a solutions/ notebook"


@pytest.mark.parametrize("path", LESSONS, ids=_ids(LESSONS))
def test_each_lesson_grades_its_exercises(path):
    """One source: every exercise has a solution region, a check cell with visible and hidden tests and
    points, and names the answers its check reads; no answer name is already set by the lesson above it
    (else an untouched student copy would pass)."""
    import ast

    from pokerlab.course.lessons import read_lesson

    lesson = read_lesson(path)
    assert len(lesson.exercises) >= 3, f"{path.name} has {len(lesson.exercises)} graded exercises"
    assert lesson.setup, f"{path.name} has no exercise setup cell"
    nb = _read(path)
    gids = [c.metadata["nbgrader"]["grade_id"] for c in nb.cells if "nbgrader" in c.metadata]
    assert len(gids) == len(set(gids)), f"{path.name} repeats a grade_id"
    assert len({c.id for c in nb.cells}) == len(nb.cells), f"{path.name} repeats a cell id"
    first = min(i for i, c in enumerate(nb.cells) if "nbgrader" in c.metadata)
    above: set[str] = set()
    for c in nb.cells[:first]:
        if c.cell_type == "code":
            above |= {n.id for n in ast.walk(ast.parse(c.source)) if isinstance(n, ast.Name)}
    for e in lesson.exercises:
        assert e.points > 0 and e.answers and e.code_id, f"{path.name} {e.name} lacks points, answers or code"
        assert "### BEGIN HIDDEN TESTS" in e.check, f"{path.name} {e.name} has no hidden tests"
        visible = e.check.split("### BEGIN HIDDEN TESTS")[0]
        assert "assert " in visible or "from pokerlab.course.checks import " in visible, (
            f"{path.name} {e.name} has no visible test"
        )
        assert not set(e.answers) & above, f"{path.name} {e.name}: {set(e.answers) & above} is set above the exercises"
    code = {c.id: c.source for c in nb.cells}
    assert all("### BEGIN SOLUTION" in code[e.code_id] for e in lesson.exercises)


def test_course_map_lists_every_lesson_with_its_minutes():
    text = _markdown(_read(COURSE_MAP))
    for lesson in LESSONS:
        assert f"({lesson.name})" in text, f"the course map does not link {lesson.name}"
    assert "90-minute" in text and "offline" in text.lower()


CODE_WIDTH = 88  # characters: a 1280-pixel JupyterLab (file browser open) shows this many without clipping


@pytest.mark.parametrize("path", ALL, ids=_ids(ALL))
def test_every_code_line_fits_a_1280_pixel_jupyterlab(path):
    """Issue 22: f-strings of 120+ characters in lesson 02 were cut off on a projector. Every code line of every
    lesson and solution is at most ``CODE_WIDTH`` characters."""
    long = [
        f"cell {c.get('id')}: {line[:60]}... ({len(line)} characters)"
        for c in _read(path).cells
        if c.cell_type == "code"
        for line in c.source.splitlines()
        if len(line) > CODE_WIDTH
    ]
    assert not long, f"{path.name} has code lines over {CODE_WIDTH} characters:\n" + "\n".join(long)


@pytest.mark.parametrize("path", ALL, ids=_ids(ALL))
def test_no_notebook_reads_a_file_of_the_repository_by_a_relative_path(path):
    """A copy of notebooks/ runs anywhere: data come from pokerlab.datasets (shipped in the wheel), never from
    ``../data`` or ``../tests`` (tests/project/test_packaging.py runs every notebook outside the repository)."""
    for cell in _read(path).cells:
        if cell.cell_type == "code":
            assert not re.search(r"\.\./|\"\.\.\"", cell.source), f"{path.name}, cell {cell.get('id')}: a relative path"


def _imported_modules(source: str) -> list[str]:
    """The modules a cell's code imports, in order (``from pokerlab import charts`` is ``pokerlab.charts``)."""
    import ast

    found: list[str] = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found += [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module:
            found += [node.module] + [f"{node.module}.{a.name}" for a in node.names]
    return found


@pytest.mark.parametrize("path", LESSONS, ids=_ids(LESSONS))
def test_a_lesson_imports_pokerlab_charts_before_altair(path):
    """altair imported first pulls in jsonschema's optional IRI grammar: 1-2 s of CPU more for each kernel
    that opens the lesson (pokerlab.charts._imports holds it back, but only when it is imported first)."""
    order = [m for cell in _read(path).cells if cell.cell_type == "code" for m in _imported_modules(cell.source)]
    alts = [i for i, m in enumerate(order) if m == "altair" or m.startswith("altair.")]
    if alts:
        lean = [i for i, m in enumerate(order) if m in ("pokerlab.charts", "pokerlab.widgets")]
        assert lean and lean[0] < alts[0], f"{path.name} imports altair before pokerlab.charts"


def test_the_lecture_path_fits_90_minutes_and_teaches_before_it_relies():
    """The lecture is written in course/lecture.toml (pokerlab.course.lecture; the course map's table is written
    from it, tests/course/test_lecture.py). Each section is a heading of its lesson, the minutes are at most 90, and the
    sections the later steps rely on come first (issue 22: 07 §4-5 read §3's duplicate matches)."""
    from pokerlab.course.lecture import read_lecture

    lecture = read_lecture(NOTEBOOKS.parent / "course" / "lecture.toml")
    assert lecture.steps[-1].end <= 90
    for step in lecture.steps:
        if not step.lesson:
            continue
        (lesson,) = NOTEBOOKS.glob(f"{step.lesson}_*.ipynb")
        for section in step.sections:
            assert re.search(rf"^## {section}\. ", _markdown(_read(lesson)), flags=re.M), step
    taught = [(s.lesson, x) for s in lecture.steps for x in s.sections]
    for later, needs in {("07", "4"): ("07", "3"), ("07", "5"): ("07", "3"), ("10", "5"): ("10", "4")}.items():
        if later in taught:
            assert needs in taught and taught.index(needs) < taught.index(later), f"{later} needs {needs} first"


def _lesson_html(path: Path) -> str:
    from nbconvert import HTMLExporter

    body, _ = HTMLExporter().from_notebook_node(_read(path))
    return body


@pytest.mark.parametrize("path", LESSONS, ids=_ids(LESSONS))
def test_nbconvert_html_embeds_every_chart_as_an_image(path):
    nb = _read(path)
    pictures = sum("image/png" in out.get("data", {}) for out in _outputs(nb))
    assert pictures >= 1
    html = _lesson_html(path)
    assert html.count('src="data:image/png;base64,') == pictures
    assert "JupyterChart object" not in html
    assert "Error displaying widget" not in html


def test_nbconvert_html_shows_its_charts_in_chromium_with_the_network_blocked(tmp_path):
    """Open lesson 02's HTML from a file in Chromium, refuse every request that is not a file, count the pictures."""
    from tests.support.browser import CHROMIUM, block_network, chromium

    if not CHROMIUM.exists():
        pytest.skip("no /usr/bin/chromium here (apt-get install chromium)")
    lesson = NOTEBOOKS / "02_strength_and_potential.ipynb"
    pictures = sum("image/png" in out.get("data", {}) for out in _outputs(_read(lesson)))
    page_file = tmp_path / "lesson.html"
    page_file.write_text(_lesson_html(lesson), encoding="utf-8")
    with chromium() as browser:
        page = browser.new_page(viewport={"width": 1100, "height": 900})
        blocked = block_network(page)
        page.goto(page_file.as_uri(), wait_until="load")
        shown = page.evaluate(
            """() => [...document.querySelectorAll('.jp-OutputArea-output img')]
                   .filter(i => i.complete && i.naturalWidth > 100 && i.getBoundingClientRect().height > 50)
                   .length"""
        )
    # nbconvert's default template names require.js and MathJax on a CDN: refused here (listed in the message),
    # and the pictures show without them
    assert shown == pictures, json.dumps(blocked[:5])


def test_the_lessons_page_states_the_lessons_total_size_as_it_is():
    # the README (now docs/lessons.md) said "about 1.9 MB in all" when the lessons weighed 2.5 MB
    # (lesson 03 alone grew to 0.86 MB)
    page = (ROOT / "docs" / "lessons.md").read_text(encoding="utf-8")
    stated = re.search(r"lessons weigh\s+about ([\d.]+) MB in all", page)
    assert stated, "docs/lessons.md: 'The lessons weigh about N MB in all'"
    actual = sum(p.stat().st_size for p in NOTEBOOKS.glob("*.ipynb")) / 1e6
    said = float(stated.group(1))
    assert abs(said - actual) <= 0.15, f"docs/lessons.md says {said} MB, the lessons weigh {actual:.2f}"


def test_the_lessons_minutes_agree_on_the_map_in_the_docs_and_in_the_lessons():
    """A lecturer's finding: the site (from the course map) gave lesson 09 55 minutes, docs/lessons.md 45; and the
    map called lesson 10 "the course's last step" with lessons 11 and 12 after it."""
    map_text = _markdown(_read(COURSE_MAP))
    on_map = dict(re.findall(r"^\| \[[^\]]*\]\((\d\d)_\w+\.ipynb\) \|.*\| (\d+) \|$", map_text, flags=re.M))
    docs = (ROOT / "docs" / "lessons.md").read_text(encoding="utf-8")
    in_docs = dict(re.findall(r"^\| \[`(\d\d)_\w+`\]\([^)]*\) \|[^|]*\| (\d+) \|", docs, flags=re.M))
    assert len(on_map) == len(LESSONS) and in_docs.pop("00") == "5"
    assert in_docs == on_map
    for path in LESSONS:
        own = re.search(r"\*About (\d+) minutes", _markdown(_read(path)))
        if own:
            assert own.group(1) == on_map[path.name[:2]], path.name
    for number, minutes in re.findall(r"Lesson (\d\d) \([^)]*?(\d+) minutes\)", map_text):
        assert minutes == on_map[number], f"the course map's prose gives lesson {number} {minutes} minutes"
    assert "the course's last" not in map_text and "the course's last" not in docs


@pytest.mark.parametrize("path", LESSONS, ids=_ids(LESSONS))
def test_no_lesson_imports_a_private_helper(path):
    """A student's finding: lesson 11 imported ``pokerlab.bots.pushfold._top_share``. What a lesson imports from
    pokerlab is what a student may use: public modules and names only."""
    for cell in _read(path).cells:
        if cell.cell_type != "code":
            continue
        for line in cell.source.splitlines():
            m = re.match(r"\s*(?:from\s+(pokerlab[\w.]*)\s+import\s+(.+)|import\s+(pokerlab[\w.]*))", line)
            if not m:
                continue
            module = m.group(1) or m.group(3)
            names = [n.strip().split(" as ")[0] for n in (m.group(2) or "").strip("()").split(",") if n.strip()]
            assert not any(part.startswith("_") for part in module.split(".")), (path.name, line)
            assert not any(n.startswith("_") for n in names), (path.name, line)


@pytest.mark.parametrize("path", LESSONS, ids=_ids(LESSONS))
def test_numbered_sections_run_without_a_gap(path):
    """A lecturer's finding: lesson 08 had no section 6 (its deck numbered 5, 7), the opponent model sitting
    under "5. What the abstraction costs". Each numbered section heading starts a slide with its own notes."""
    numbers = []
    for cell in _read(path).cells:
        if cell.cell_type != "markdown":
            continue
        numbers += [int(n) for n in re.findall(r"^## (\d+)\. ", cell.source, flags=re.M)]
        if re.match(r"## \d+\. ", cell.source):  # a section opening its cell: its slide, with its notes
            assert cell.metadata.get("slideshow", {}).get("slide_type") == "slide", (path.name, cell.source[:30])
            assert cell.metadata.get("pokerlab", {}).get("instructor"), (path.name, cell.source[:30])
    assert numbers == list(range(numbers[0], numbers[0] + len(numbers))), (path.name, numbers)


@pytest.mark.parametrize("path", ALL, ids=_ids(ALL))
def test_every_notebook_has_the_courses_rise_theme(path):
    """A lecturer's finding: lessons 11, 12 and the course map had no RISE settings, so their live slides took
    another theme that fetched two Google Fonts stylesheets (four requests off the machine) and looked different."""
    assert _read(path).metadata.get("rise", {}).get("theme") == "white", path.name
    # and a live slide taller than the screen scrolls with the mouse wheel (18 of lesson 03's 25 were cut off)
    assert _read(path).metadata["rise"].get("scroll") is True, path.name


@pytest.mark.parametrize("path", LESSONS, ids=_ids(LESSONS))
def test_every_explorer_shown_starts_a_slide_of_its_own(path):
    """A lecturer's finding: on a live RISE slide lesson 11's PushFoldExplorer sat at y = 1,399 px under three
    paragraphs (it could not even be clicked) and lesson 12's PostflopExplorer ran 81 px off the screen. Each
    explorer, inspector or drill a lesson shows starts a slide or sub-slide (RISE slides do not scroll)."""
    for cell in _read(path).cells:
        if cell.cell_type != "code" or cell.metadata.get("nbgrader") or "charts=False" in cell.source:
            continue
        if re.search(r"\b(?:\w+(?:Explorer|Inspector|Drill)|HandEvaluator|TableWidget|HandReplayer)\(", cell.source):
            kind = cell.metadata.get("slideshow", {}).get("slide_type")
            assert kind in ("slide", "subslide"), (path.name, cell.source[:60])
