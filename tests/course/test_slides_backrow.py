"""The decks read from the back row (issue 41, item 4), measured in the built HTML.

Before: charts kept their saved pixel size (10-12 px labels on a slide, the lower half empty), Table 3's numbers
ran into each other, pseudo-code was 16 px, paragraphs of 400-1,100 characters sat on slides, 46 slides were
titled "BEGIN SOLUTION" or "END SOLUTION", and the PDF had one page per slide and no notes. Slow: every lesson's
deck is built once for the module (charts are drawn again from their Vega-Lite specs).
"""

from __future__ import annotations

import html
import json
import math
import re
from pathlib import Path

import pytest

from pokerlab.course import slides
from tests.support.shared_decks import built_decks

pytestmark = pytest.mark.slow

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
LESSONS = sorted(p for p in NOTEBOOKS.glob("[0-9][0-9]_*.ipynb") if not p.name.startswith("00"))


@pytest.fixture(scope="module")
def decks(tmp_path_factory, request):
    # slides.build_slides(out, notebooks=NOTEBOOKS), then (..., lecture=True): the lessons' folder is the default
    built = built_decks(tmp_path_factory, request.config, tmp_path_factory.mktemp("decks"))
    return {p.name.removesuffix(".slides.html"): p for p in built}


def _shown(deck: Path) -> str:
    """The deck without its speaker notes: what the room sees."""
    return re.sub(r'<aside class="notes">.*?</aside>', "", deck.read_text(encoding="utf-8"), flags=re.S)


def _solution_exercises(path: Path) -> set[str]:
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    return {
        c["metadata"]["nbgrader"]["grade_id"].split("_")[0]
        for c in cells
        if c["metadata"].get("nbgrader", {}).get("solution") and "### BEGIN SOLUTION" in "".join(c["source"])
    }


def test_no_slide_is_titled_by_a_grading_marker_and_each_solution_has_a_solution_heading(decks):
    for path in LESSONS:
        text = decks[path.stem].read_text(encoding="utf-8")
        assert "BEGIN SOLUTION" not in text and "END SOLUTION" not in text, path.stem
        assert text.count("<h3>Solution</h3>") == len(_solution_exercises(path)) >= 3, path.stem


def _svg_text(svg: str) -> tuple[float, float, list[tuple[float, str]]]:
    size = re.search(r'<svg[^>]*\bwidth="([\d.]+)"[^>]*\bheight="([\d.]+)"', svg)
    assert size, svg[:200]
    texts = [
        (float(px), html.unescape(body))
        for px, body in re.findall(r'<text[^>]*font-size="([\d.]+)px"[^>]*>([^<]*)</text>', svg)
    ]
    return float(size.group(1)), float(size.group(2)), texts


def _charts(deck: Path) -> list[tuple[Path, float, float]]:
    found = re.findall(r'<img class="chart" src="([^"]+\.svg)"[^>]*style="width:(\d+)px;height:(\d+)px"', _shown(deck))
    return [(deck.parent / src, float(w), float(h)) for src, w, h in found]


def test_every_chart_is_drawn_for_the_slide_with_no_text_under_18_px(decks):
    specs = 0
    for path in LESSONS:
        nb = json.loads(path.read_text(encoding="utf-8"))
        specs += sum(
            "application/vnd.vegalite.v5+json" in o.get("data", {}) for c in nb["cells"] for o in c.get("outputs", [])
        )
    charts = [c for path in LESSONS for c in _charts(decks[path.stem])]
    assert len(charts) == specs >= 30  # every chart with a spec is an SVG on its slide, none a saved picture
    smallest = []
    for svg, shown_w, shown_h in [*charts, *_charts(decks["lecture"])]:
        width, height, texts = _svg_text(svg.read_text(encoding="utf-8"))
        scale = shown_w / width
        assert abs(shown_h - height * scale) <= 2 and shown_w <= slides.WIDTH - 80 and shown_h <= slides.BUDGET
        smallest.append((min(px for px, _ in texts) * scale, svg.name))
    assert min(smallest)[0] >= 17.9, min(smallest)


def test_a_heatmaps_numbers_fit_their_cells(decks):
    checked = 0
    for path in LESSONS:
        for svg, _, _ in _charts(decks[path.stem]):
            text = svg.read_text(encoding="utf-8")
            cells = re.search(r'class="mark-rect role-mark[^"]*".*?d="M[\d.-]+,[\d.-]+h([\d.]+)v', text, re.S)
            numbers = re.search(r'class="mark-text role-mark[^"]*".*?</g>', text, re.S)
            if not (cells and numbers):
                continue
            cell = float(cells.group(1))
            for px, label in _svg_text('<svg width="1" height="1">' + numbers.group(0))[2]:
                assert len(label) * 0.64 * float(px) <= cell, (path.stem, svg.name, label, px, cell)
                checked += 1
    assert checked >= 169  # Table 3 at least keeps its numbers (".23"), at 18 px or more on the slide


def test_pseudo_code_in_the_prose_is_20_px_or_more(decks):
    sizes = []
    for name, deck in decks.items():
        text = _shown(deck)
        assert "<pre><code" not in text, name  # every code block of the prose has its size
        sizes += [int(px) for px in re.findall(r'<pre class="prose" style="font-size:(\d+)px', text)]
    assert len(sizes) >= 2 and min(sizes) >= 20  # lesson 02's Algorithm 2 as printed, in its deck and the lecture's
    algorithm = re.search(
        r'<pre class="prose" style="font-size:(\d+)px[^>]*><code>(.*?)</code>',
        _shown(decks["02_strength_and_potential"]),
        re.S,
    )
    assert algorithm and int(algorithm.group(1)) >= 20 and "PPOT" in html.unescape(algorithm.group(2))


def test_no_paragraph_on_a_slide_runs_over_340_characters(decks):
    longest = []
    for name, deck in decks.items():
        text = re.sub(r"<math.*?</math>", "x", _shown(deck), flags=re.S)
        for para in re.findall(r"<p>(.*?)</p>", text, flags=re.S):
            longest.append((len(html.unescape(re.sub(r"<[^>]+>", "", para))), name))
    assert max(longest)[0] <= 340, max(longest)


def test_the_handout_puts_three_slides_to_a_page_each_beside_its_notes(tmp_path):
    from tests.support.browser import CHROMIUM

    if not CHROMIUM.exists():
        pytest.skip("no /usr/bin/chromium here (apt-get install chromium)")
    files = slides.build_slides(tmp_path, ["02"], handout=True, notebooks=NOTEBOOKS)
    deck, pdf = files
    assert pdf.name == "02_strength_and_potential.handout.pdf" and pdf.read_bytes()[:5] == b"%PDF-"
    page = (tmp_path / "02_strength_and_potential.handout.html").read_text(encoding="utf-8")
    shown = deck.read_text(encoding="utf-8")
    # the handout is the students': the slides of the lesson's student copy (no "Solution" slide), each section's
    # point beside it (the lecturer's minutes, questions and misconceptions stay in the deck's speaker notes)
    from pokerlab.course.release import student_copy

    copy = tmp_path / "student" / "02_strength_and_potential.ipynb"
    copy.parent.mkdir()
    copy.write_text(json.dumps(student_copy(json.loads((NOTEBOOKS / copy.name).read_text()))), encoding="utf-8")
    leaves = slides.build_deck(copy, tmp_path / "student").read_text(encoding="utf-8").count('<section data-section="')
    assert page.count('<div class="row">') == leaves < shown.count('<section data-section="')
    pages = len(re.findall(rb"/Type\s*/Page[^s]", pdf.read_bytes()))
    # the slides, three to a page, after the students' course map and before the glossary (one page each)
    assert pages == math.ceil(leaves / slides.HANDOUT_PER_PAGE) + 2
    points = re.findall(r"<b>The point:</b> [^<]*", shown)
    assert points and all(point in page for point in points)  # every section's point, beside its slide
    assert "<b>Expect:</b>" in shown and "<b>Expect:</b>" not in page and "<b>Students ask:</b>" not in page


def test_the_lecture_notes_give_each_steps_own_minutes(decks):
    """A 3-minute step of the lecture said "10 min" in its notes (the lesson's minutes for the whole section)."""
    steps = slides.lecture_path()
    notes = re.findall(r'<aside class="notes">(.*?)</aside>', decks["lecture"].read_text(encoding="utf-8"), re.S)
    timed = [n for n in notes if "of the lecture (" in n]
    assert len(timed) == len(steps)
    for step, note in zip(steps, timed, strict=True):
        minutes = step.end - step.start
        assert f"({minutes} min):" in note
        assert re.findall(r"<b>(\d+) min", note) in ([], [str(minutes)]), (step, note[:300])
