"""The real lessons as live RISE slides at 1280x720 (issue 41, item 2; a lecturer's findings). Before, lesson 11's
PushFoldExplorer sat at y = 1,399 px on its slide (it could not be clicked), lesson 12's PostflopExplorer ran off
the bottom, and 18 of lesson 03's 25 slides were taller than the screen with no way to see their lower part (RISE
slides did not scroll). Each explorer now starts a slide of its own, and every lesson sets RISE's ``scroll``: a tall
slide scrolls with the mouse wheel. Opened from the lessons as saved (no kernel runs), every request leaving the
machine refused and counted. Slow: one JupyterLab page per lesson."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.support.browser import block_network, chromium, ms, require_chromium

require_chromium()
pytestmark = pytest.mark.slow

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
WIDTH, HEIGHT = 1280, 720

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


def _open(lab, browser, stem: str):
    shutil.copy(NOTEBOOKS / f"{stem}.ipynb", lab.root / f"{stem}.ipynb")
    page = browser.new_page(viewport={"width": WIDTH, "height": HEIGHT})
    off_machine = block_network(page)
    page.goto(lab.url(f"{stem}.ipynb", app="rise"), timeout=ms(120))
    page.wait_for_selector(".reveal.ready", state="attached", timeout=ms(120))
    page.wait_for_timeout(1500)
    return page, off_machine


def _show(page, text: str) -> None:
    h, v = page.evaluate(_WHERE, text)
    page.evaluate(f"() => {{ location.hash = '#/slide-{h}-{v}'; }}")
    page.wait_for_function(f"() => location.hash === '#/slide-{h}-{v}'", timeout=ms(30))
    page.wait_for_timeout(800)


@pytest.mark.parametrize(
    ("stem", "cell"),
    [("11_push_or_fold", "PushFoldExplorer(10)"), ("12_equilibrium_after_the_flop", "PostflopExplorer(spot)")],
)
def test_the_equilibrium_explorers_start_their_live_slide(jupyterlab, stem, cell):
    with chromium() as browser:
        page, off_machine = _open(jupyterlab, browser, stem)
        _show(page, cell)
        box = page.evaluate(_TOP, cell)
        assert 0 <= box["top"] < 200, box  # at the top of its slide (was 1,399 px down in lesson 11)
        page.close()
    assert off_machine == []  # lessons 11 and 12 fetched Google Fonts before they had the course's theme


def test_a_tall_live_slide_scrolls_to_its_end(jupyterlab):
    """Lesson 03's Exercises slide is several screens tall: its last check cell is reached with the mouse wheel."""
    last = "Exercise 5: checks"
    with chromium() as browser:
        page, off_machine = _open(jupyterlab, browser, "03_preflop_tables")
        if page.evaluate(_WHERE, last) is None:
            pytest.fail(f"no cell with {last!r} in lesson 03")
        _show(page, last)
        before = page.evaluate(_TOP, last)
        assert before["top"] > HEIGHT  # below the screen at first
        page.mouse.move(WIDTH / 2, HEIGHT / 2)
        for _ in range(80):
            page.mouse.wheel(0, 400)
            page.wait_for_timeout(50)
            if page.evaluate(_TOP, last)["top"] < HEIGHT - 40:
                break
        after = page.evaluate(_TOP, last)
        assert 0 <= after["top"] < HEIGHT - 40, (before, after)
        page.close()
    assert off_machine == []
