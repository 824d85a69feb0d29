"""Live slides: a lesson in jupyterlab-rise (JupyterLab's "Render as slideshow", served at /rise/<path>.ipynb).

The same slide metadata that builds the decks gives RISE its slides (and metadata.rise.theme "white", whose fonts
ship with jupyterlab-rise, keeps it off the network). On the explorer's slide the cell is run with Ctrl+Enter (which
stays on the slide; Shift+Enter moves on) and a slider is dragged with the mouse (the arrow keys belong to the
slideshow). The sliders work because of pokerlab's labextension pokerlab-rise-widgets
(labextension/pokerlab-rise-widgets): without it jupyterlab-rise 0.43.1 cannot load the ipywidgets 8 widget
manager ("Shared module @jupyterlab/console doesn't exist in shared scope default"; upstream jupyterlab-contrib/rise
issues 119 and 126) and an explorer shows its saved picture. The server is given the checkout's copy of the
extension (`--LabServerApp.extra_labextensions_path`), so the test holds for an editable install too, where
pyproject.toml's data-files are not installed. Skipped when there is no /usr/bin/chromium (CI installs it).
"""

from __future__ import annotations

import json
import re
import shutil
import time
from pathlib import Path

import pytest

from tests.support.browser import block_network, chromium, ms, require_chromium
from tests.support.timing import hang_guard

require_chromium()

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]
LESSON = ROOT / "notebooks" / "05_betting_strategies.ipynb"
EXPLORER = "StrategyExplorer()"
# RISE's horizontal slides: the sections that hold the vertical ones
STACKS = "[...document.querySelectorAll('.reveal .slides section')].filter(s => s.querySelector('section'))"


@pytest.fixture(scope="module")
def lab(jupyterlab):
    """The worker's JupyterLab (tests/support/browser.py: jupyterlab-rise is installed beside it) with a copy of
    lesson 05 in its folder; the lesson's kernel is stopped at the end."""
    import importlib.util

    assert importlib.util.find_spec("jupyterlab_rise"), "jupyterlab-rise is in the test extra: pip install -e '.[test]'"
    shutil.copy(LESSON, jupyterlab.root / LESSON.name)
    yield jupyterlab
    jupyterlab.stop_kernels()


@pytest.fixture(scope="module")
def browser():
    with chromium() as b:
        yield b


def _slideshow(browser, lab):
    """Open the lesson's RISE slideshow with every request routed; return (page, requests off the machine).

    RISE's page does not expose JupyterLab's application and starts the lesson's kernel only when a cell runs
    (measured: no kernel 25 s after the slides are laid out), so the run itself waits for the kernel."""
    page = browser.new_page(viewport={"width": 1280, "height": 720})
    off = block_network(page)
    page.goto(lab.url(LESSON.name, app="rise"), timeout=ms(120))
    page.wait_for_selector(".reveal .slides section .jp-Cell", state="attached", timeout=ms(120))
    page.wait_for_selector(".reveal.ready", state="attached", timeout=ms(60))  # reveal has laid out the slides
    return page, off


def _run_explorer(page):
    """Go to the explorer's slide (PageDown is reveal's 'next') and run its cell there; return the cell."""
    cell = page.locator(".jp-Cell", has_text=EXPLORER).first
    present = "el => { const s = el.closest('section'); return !!s && s.classList.contains('present'); }"
    page.locator(".reveal").first.click(position={"x": 5, "y": 5})
    for _ in range(60):
        if cell.evaluate(present):
            break
        page.keyboard.press("PageDown")
        page.wait_for_timeout(200)
    assert cell.evaluate(present), "never reached the explorer's slide"
    cell.click()
    page.keyboard.press("Control+Enter")  # runs the cell and stays on its slide
    page.wait_for_function(
        f"() => [...document.querySelectorAll('.jp-Cell')].some(c => c.innerText.includes({json.dumps(EXPLORER)})"
        " && c.querySelector('.jp-OutputArea-output'))",
        timeout=ms(300),
    )
    return cell


def test_lesson_metadata_gives_the_rise_slides_and_the_explorer_runs_on_its_slide(lab, browser):
    cells = json.loads(LESSON.read_text(encoding="utf-8"))["cells"]
    kinds = [c["metadata"]["slideshow"]["slide_type"] for c in cells]
    page, off = _slideshow(browser, lab)
    try:
        columns = page.evaluate(f"() => {STACKS}.length")
        leaves = page.evaluate(
            "() => [...document.querySelectorAll('.reveal .slides section')]"
            ".filter(s => !s.querySelector('section')).length"
        )
        skipped = page.locator(".jp-Cell.reveal-skip").count()
        font = page.evaluate("() => getComputedStyle(document.querySelector('.reveal')).fontFamily")
        titles = page.evaluate(f"() => {STACKS}.map(s => (s.querySelector('section h2') || {{}}).textContent)")
        cell = _run_explorer(page)
        cell.locator(".widget-slider", has_text="to call").first.wait_for(timeout=ms(30))
        sliders = cell.locator(".widget-slider").count()
        pictures = cell.locator(".jp-OutputArea-output img").count()
    finally:
        page.close()
    assert columns == kinds.count("slide")
    assert leaves == kinds.count("slide") + kinds.count("subslide")
    assert skipped == kinds.count("skip") == 1  # the setup cell is not shown
    assert any(re.match(r"4\. Explore", t or "") for t in titles)
    # the live explorer (EHS, PPOT, pot, to call, ... sliders), not the picture saved beside its widget view
    assert sliders >= 4 and pictures == 0
    # the lessons ask for RISE's "white" theme (metadata.rise.theme): its fonts ship with jupyterlab-rise, while
    # the default theme imports two web fonts
    assert off == []
    assert "Source Sans Pro" in font


def test_dragging_a_slider_on_the_explorers_slide_changes_the_number(lab, browser):
    page, off = _slideshow(browser, lab)
    try:
        cell = _run_explorer(page)
        slider = cell.locator(".widget-slider", has_text="to call").first
        slider.wait_for(timeout=ms(30))
        text = lambda: cell.locator(".jp-OutputArea").first.inner_text()  # noqa: E731
        readout = lambda: int(slider.locator(".widget-readout").first.inner_text())  # noqa: E731
        assert readout() == 20 and "pot odds (eq. 7) = 0.167" in text()  # 20 / (100 + 20)
        box = slider.locator(".noUi-handle").first.bounding_box()
        assert box and 0 <= box["x"] < 1280 and 0 <= box["y"] < 720, box  # on the slide shown
        y = box["y"] + box["height"] / 2
        page.mouse.move(box["x"] + box["width"] / 2, y)
        page.mouse.down()
        page.mouse.move(box["x"] + 60, y, steps=6)
        page.mouse.up()
        deadline = time.monotonic() + hang_guard(30)
        while True:
            chips = readout()
            want = f"pot odds (eq. 7) = {chips / (100 + chips):.3f}"  # the kernel's number for the new bet
            if chips > 20 and want in text():
                break
            assert time.monotonic() < deadline, (chips, text())
            page.wait_for_timeout(100)
        hash_after = page.evaluate("() => location.hash")
    finally:
        page.close()
    assert chips > 20
    assert hash_after.startswith("#/slide-")  # still in the slideshow
    assert off == []
