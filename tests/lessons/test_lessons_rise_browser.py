"""The real lessons as live RISE slides at 1280x720 (issue 41, items 2 and 4; a lecturer's findings). Before, lesson
11's PushFoldExplorer sat at y = 1,399 px on its slide (it could not be clicked), lesson 12's PostflopExplorer ran off
the bottom, and 18 of lesson 03's 25 slides were taller than the screen with no way to see their lower part (RISE
slides did not scroll). Each explorer now starts a slide of its own, and every lesson sets RISE's ``scroll``: a tall
slide scrolls with the mouse wheel. Every request leaving the machine is refused and counted.

Then each lesson's explorers as a lecturer runs them: the cells an explorer needs run first in the slideshow's
kernel (sent to it straight, as JupyterLab would run them: no second page), and the explorer's cell runs on its own
live slide with Ctrl+Enter. Its box must lie on the screen (bottom <= 720 px) and its smallest visible text (HTML
text, and SVG labels through every transform) be 16 px or more (they were 8-13 px: PushFoldExplorer's grid 8 px,
PotentialExplorer's tables 9-11 px, RangeEquityExplorer's 10.8 px, BPPInspector's 13 px, CFRExplorer's chart labels
10 px; 02's bottom at 745 px). And the grading plumbing is not on the live slides: no "NBVAL_", "BEGIN SOLUTION" or
"HIDDEN TESTS" on lesson 03's Exercises slide.

Slow, and kept lean: one browser for the module, the worker's one JupyterLab server (``tests/conftest.py``), and one
slideshow page per lesson that every check of the lesson reads (a module-level cache: the tests of a lesson share
its page, and ``-k`` runs only the lessons it selects). Run as a script to print the measurements.
"""

from __future__ import annotations

import json
import shutil
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from tests.support.browser import block_network, chromium, ms, require_chromium
from tests.support.timing import hang_guard

require_chromium()
# one worker runs the file (its lessons share the module's browser and the worker's JupyterLab server)
pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("tests/lessons/test_lessons_rise_browser.py")]

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
WIDTH, HEIGHT = 1280, 720
MIN_PX = 16

# (lesson, the cells its explorers need run first, the explorer cells), each cell named by a text it holds.
# Lesson 09 is left out (its ContextExplorer needs a minute of decisions); tests/widgets/test_explorers_rise_browser.py
# measures the ContextExplorer on a slide with smaller data.
LIVE = [
    ("01_cards_and_hand_ranks", [], ['HandEvaluator("Ah']),
    ("02_strength_and_potential", ["charts.enable_offline"], ["explorer = PotentialExplorer"]),
    ("03_preflop_tables", ["charts.enable_offline", 'wide = "22+'],
     ["PreflopExplorer(players=4", "RangeEquityExplorer(wide"]),
    ("04_rules_and_game_engine", ["charts.enable_offline"], ["TableWidget(NO_LIMIT", "HandReplayer("]),
    ("05_betting_strategies", [], ["StrategyExplorer()"]),
    ("06_opponent_modelling", ["charts.enable_offline", 'ReweightingExplorer("AdQc", "3h4cJh", charts=False)'],
     ["explorer = ReweightingExplorer"]),
    ("08_bpp_bayesian_network", ["charts.enable_offline"], ["inspector = BPPInspector()"]),
    ("10_equilibrium_cfr", ["charts.enable_offline", 'leduc = solve.game("leduc")', "ITERATIONS = 1_000"],
     ["phase2 = phase_two_policy("]),
    ("11_push_or_fold", ["from pokerlab.solve import push_fold"], ["PushFoldExplorer(10)", "PushFoldDrill(seed"]),
    ("12_equilibrium_after_the_flop", ["from pokerlab.widgets import PostflopDrill", 'spot = load_spot("polar_river")'],
     ["PostflopExplorer(spot)"]),
]  # fmt: skip
FIRST = {stem: first for stem, first, _ in LIVE}
EXPLORER_CELLS = {stem: explorers for stem, _, explorers in LIVE}
# an explorer starts its live slide: the cell whose top is measured before it runs
STARTS = {"11_push_or_fold": "PushFoldExplorer(10)", "12_equilibrium_after_the_flop": "PostflopExplorer(spot)"}
SCROLLS = "03_preflop_tables"  # the lesson whose Exercises slide is several screens tall
LAST_EXERCISE = "Store before and after"  # its last task (the check cells after it are not shown on a slide)

# where a cell holding ``text`` is: its slide's (h, v) indices in reveal's tree of sections
_WHERE = """(text) => {
  const cell = [...document.querySelectorAll('.reveal .jp-Cell')].find(c => c.innerText.includes(text));
  if (!cell) return null;
  const section = cell.closest('section');
  const outer = section.parentElement.closest('section') || section;
  const h = [...outer.parentElement.children].filter(s => s.tagName === 'SECTION').indexOf(outer);
  const v = outer === section ? 0 : [...outer.children].filter(s => s.tagName === 'SECTION').indexOf(section);
  return [h, v];
}"""

_TOP = """(text) => {
  const cell = [...document.querySelectorAll('.reveal .jp-Cell')].find(c => c.innerText.includes(text));
  const r = cell.getBoundingClientRect();
  return {top: Math.round(r.top), bottom: Math.round(r.bottom)};
}"""

_CELL = "(t) => [...document.querySelectorAll('.reveal .jp-CodeCell')].find(c => c.innerText.includes(t))"

# the explorer's box and the sizes of its visible text: an element's own text at its computed size, an SVG label
# at its font size through the transforms to the screen (a chart drawn larger shows larger labels)
_MEASURE = (
    "(t) => { const c = ("
    + _CELL
    + """)(t);
  const root = c.querySelector('.jp-OutputArea-output .jupyter-widgets');
  if (!root) return c.querySelector('[data-mime-type*="stderr"]') ? {error: c.innerText.slice(-300)} : null;
  const r = root.getBoundingClientRect();
  const column = root.querySelector('.pl-controls');
  const edge = column ? column.getBoundingClientRect().right + 1 : Infinity;
  const texts = [], cut = [];
  for (const el of root.querySelectorAll('*')) {
    const own = ['INPUT', 'SELECT', 'TEXTAREA'].includes(el.tagName)
      || [...el.childNodes].some(n => n.nodeType === 3 && n.textContent.trim());
    const q = el.getBoundingClientRect();
    if (!own || q.width === 0 || q.height === 0 || getComputedStyle(el).visibility === 'hidden') continue;
    if (column && column.contains(el) && q.right > edge) cut.push(el.tagName);
    let px = parseFloat(getComputedStyle(el).fontSize);
    if (el instanceof SVGElement) { const m = el.getScreenCTM(); px *= Math.hypot(m.a, m.b); }
    texts.push([Math.round(px * 10) / 10, el.tagName, (el.textContent || el.value || '').trim().slice(0, 20)]);
  }
  texts.sort((a, b) => a[0] - b[0]);
  return {top: Math.floor(r.top), bottom: Math.ceil(r.bottom), right: Math.ceil(r.right),
          smallest: texts.length ? texts[0][0] : null, small: texts.slice(0, 3), cut: cut.length};
}"""
)

_GRADING = """() => {
  const cells = [...document.querySelectorAll('.reveal .jp-Cell')];
  const shown = (el) => getComputedStyle(el).display !== 'none' && el.getBoundingClientRect().height > 0;
  const text = (c) => (c.querySelector('.cm-content') || c).textContent;
  return {
    in_notebook: cells.filter(c => /BEGIN SOLUTION|HIDDEN TESTS|NBVAL_/.test(text(c))).length,
    on_slide: document.querySelector('.reveal .slides section.present').innerText,
    shown_lines: cells.flatMap(c => [...c.querySelectorAll('.cm-line')])
      .filter(l => /NBVAL_|BEGIN SOLUTION|HIDDEN TESTS/.test(l.textContent) && shown(l)).length,
    shown_markdown: cells.filter(c => c.querySelector('.jp-RenderedMarkdown')
      && /BEGIN SOLUTION/.test(c.textContent) && shown(c)).length,
  };
}"""


def _show(page, text: str, cells: str = ".jp-Cell") -> None:
    where = page.evaluate(_WHERE.replace(".jp-Cell", cells), text)
    assert where is not None, f"no cell holding {text!r} on the slides"
    h, v = where
    page.evaluate(f"() => {{ location.hash = '#/slide-{h}-{v}'; }}")
    page.wait_for_function(f"() => location.hash === '#/slide-{h}-{v}'", timeout=ms(30))
    page.wait_for_timeout(700)  # reveal's slide transition


def _kernel(lab, name: str) -> Any:
    """A client of the kernel the slideshow of ``name`` started, once that kernel answers."""
    from queue import Empty

    from jupyter_client import BlockingKernelClient, find_connection_file

    # generous: the first slideshow of the module opens while the rest of the suite keeps both cores busy
    deadline = time.monotonic() + hang_guard(600)
    while True:
        kernels = [s["kernel"] for s in lab.api("sessions") if s["path"].endswith(name) and s.get("kernel")]
        if kernels:
            break
        assert time.monotonic() < deadline, f"the slideshow of {name} started no kernel"
        time.sleep(0.25)
    client = BlockingKernelClient()
    client.load_connection_file(find_connection_file(f"kernel-{kernels[0]['id']}.json"))
    client.start_channels()
    while True:  # a kernel still starting drops a request: ask again until it answers
        asked = client.kernel_info()
        try:
            while client.get_shell_msg(timeout=2)["parent_header"].get("msg_id") != asked:
                pass
            return client
        except Empty:
            assert time.monotonic() < deadline, f"the kernel of {name}'s slideshow does not answer"


def run_first(lab, name: str, sources: list[str]) -> None:
    """Run ``sources`` in the slideshow's kernel, in order, as JupyterLab runs cells (an error fails the test)."""
    client = _kernel(lab, name)
    try:
        for source in sources:
            reply = client.execute_interactive(source, timeout=hang_guard(300), output_hook=lambda _: None)
            content = reply["content"]
            assert content["status"] == "ok", (source[:80], content.get("ename"), content.get("evalue"))
    finally:
        client.stop_channels()


def run_explorer(page, text: str) -> dict | None:
    """Run the explorer's cell on its live slide (Ctrl+Enter stays there) and measure it once it keeps still."""
    _show(page, text, ".jp-CodeCell")  # a code cell (a paragraph may name the explorer too)
    cell = page.locator(".reveal .jp-CodeCell", has_text=text).first
    prompt = cell.locator(".jp-InputPrompt")
    saved = prompt.inner_text().strip()  # the saved lesson's execution count
    last = None
    deadline = time.monotonic() + hang_guard(300)
    asked = 0.0
    while time.monotonic() < deadline:  # drawn, then its charts arrive: until box and text sizes keep still
        if last is None and time.monotonic() - asked > 8 and prompt.inner_text().strip() == saved:
            # not run: the slideshow drops a run asked for before its kernel connection is up: ask (again)
            cell.locator(".jp-InputArea-editor").click()
            page.keyboard.press("Control+Enter")
            asked = time.monotonic()
        page.wait_for_timeout(700)
        box = page.evaluate(_MEASURE, text)  # (a notice on stderr, "compiling kernels", may come first)
        if box and "error" not in box and box == last:
            break
        last = box
    return last


def scroll_to_the_end(page) -> dict:
    """Lesson 03's Exercises slide: where its last task is, then after turning the mouse wheel."""
    _show(page, LAST_EXERCISE)
    before = page.evaluate(_TOP, LAST_EXERCISE)
    page.mouse.move(WIDTH / 2, HEIGHT / 2)
    for _ in range(80):
        page.mouse.wheel(0, 400)
        page.wait_for_timeout(50)
        if page.evaluate(_TOP, LAST_EXERCISE)["top"] < HEIGHT - 40:
            break
    return {"before": before, "after": page.evaluate(_TOP, LAST_EXERCISE)}


def visit(lab, browser, stem: str) -> dict:
    """Open ``stem`` as live slides in one page and take every measurement this module checks of it."""
    name = f"{stem}.ipynb"
    shutil.copy(NOTEBOOKS / name, lab.root / name)
    nb = json.loads((NOTEBOOKS / name).read_text())
    sources = ["".join(c["source"]) if c["cell_type"] == "code" else "" for c in nb["cells"]]
    page = browser.new_page(viewport={"width": WIDTH, "height": HEIGHT})
    out: dict = {"off_machine": block_network(page), "explorers": {}}
    try:
        page.goto(lab.url(name, app="rise"), timeout=ms(120))
        page.wait_for_selector(".reveal.ready", state="attached", timeout=ms(120))
        page.wait_for_selector(".reveal .jp-MarkdownCell .jp-RenderedMarkdown", state="attached", timeout=ms(60))
        if stem in STARTS:
            _show(page, STARTS[stem])
            out["start"] = page.evaluate(_TOP, STARTS[stem])
        if stem == SCROLLS:
            _show(page, "Exercise 5: checks")  # the Exercises slide (the check cell itself is not shown)
            page.wait_for_timeout(300)  # hideGrading runs at the next frame
            out["grading"] = page.evaluate(_GRADING)
            out["scroll"] = scroll_to_the_end(page)
        first = FIRST.get(stem, [])
        if first:
            run_first(lab, name, [next(s for s in sources if text in s) for text in first])
        for text in EXPLORER_CELLS.get(stem, []):
            out["explorers"][text] = run_explorer(page, text)
            print(stem, text, out["explorers"][text], file=sys.stderr, flush=True)
    finally:
        page.close()
        lab.stop_kernels()
    return out


_VISITED: dict[str, dict] = {}


@pytest.fixture(scope="module")
def browser():
    with chromium() as b:
        yield b


@pytest.fixture
def lesson(jupyterlab, browser):
    """``lesson(stem)``: the measurements of ``stem``'s live slides, taken once per module (one page)."""

    def get(stem: str) -> dict:
        if stem not in _VISITED:
            _VISITED[stem] = visit(jupyterlab, browser, stem)
        return _VISITED[stem]

    yield get


@pytest.mark.parametrize("stem", sorted(STARTS))
def test_the_equilibrium_explorers_start_their_live_slide(lesson, stem):
    seen = lesson(stem)
    assert 0 <= seen["start"]["top"] < 200, seen["start"]  # at the top of its slide (was 1,399 px down in lesson 11)
    assert seen["off_machine"] == []  # lessons 11 and 12 fetched Google Fonts before they had the course's theme


def test_a_tall_live_slide_scrolls_to_its_end(lesson):
    """Lesson 03's Exercises slide is several screens tall: its last exercise is reached with the mouse wheel."""
    seen = lesson(SCROLLS)["scroll"]
    assert seen["before"]["top"] > HEIGHT  # below the screen at first
    assert 0 <= seen["after"]["top"] < HEIGHT - 40, seen


def test_live_slides_show_no_grading_plumbing(lesson):
    """Lesson 03 as live slides: its solutions, check cells with hidden tests and the "# NBVAL_CHECK_OUTPUT" lines
    are in the notebook, but no slide shows them (the Exercises slide was 11,779 px of them)."""
    seen = lesson(SCROLLS)["grading"]
    assert seen["in_notebook"] >= 10
    shown = seen["on_slide"].lower()  # (the theme sets headings in capitals)
    for marker in ("NBVAL_", "BEGIN SOLUTION", "END SOLUTION", "HIDDEN TESTS"):
        assert marker.lower() not in shown, marker
    assert "exercise 1" in shown and "exercise 7" in shown  # the exercises themselves are there
    assert seen["shown_lines"] == 0 and seen["shown_markdown"] == 0, seen
    assert lesson(SCROLLS)["off_machine"] == []


@pytest.mark.parametrize("stem", [stem for stem, _, _ in LIVE], ids=[stem[:2] for stem, _, _ in LIVE])
def test_each_explorer_in_the_lessons_fits_its_live_slide_with_text_at_16_px(lesson, stem):
    seen = lesson(stem)
    assert seen["off_machine"] == []
    for text, box in seen["explorers"].items():
        assert box and "error" not in box, (text, box)
        assert box["top"] >= 0 and box["bottom"] <= HEIGHT and box["right"] <= WIDTH, (text, box)
        assert box["smallest"] >= MIN_PX, (text, box)
        assert box["cut"] == 0, (text, box)  # no control runs past its column (which hides what overflows)


if __name__ == "__main__":  # print the measurements: python tests/lessons/test_lessons_rise_browser.py [lesson numbers]
    import tempfile

    from tests.support.browser import JupyterLab

    with tempfile.TemporaryDirectory() as folder, JupyterLab(Path(folder)) as lab, chromium() as b:
        for stem, _, _ in LIVE:
            if len(sys.argv) < 2 or stem[:2] in sys.argv[1:]:
                result = visit(lab, b, stem)
                result.get("grading", {}).pop("on_slide", None)
                print(json.dumps({stem: result}), flush=True)
