"""Every explorer on a live RISE slide at 1280x720: whole on the screen, with tooltips, no stale numbers, big text.

Issue 41: on a jupyterlab-rise slide at 1280x720 the StrategyExplorer was 1,004 px tall and the PotentialExplorer
1,317 px (reveal.js gives a slide a 67 px font and the explorers' control columns were sized in em, so each column
took the slide's whole width and the charts went below it); RISE's text was 14 px; the PushFoldExplorer showed its
new numbers above the old grid for over a second; the explorers' charts had no tooltips.

This module writes a notebook (a markdown title slide with a sub-slide, then one explorer per slide, built as the
lessons build them: ``tests/widgets/test_explorers_browser.py``'s list), opens it in jupyterlab-rise at 1280x720 (every
request off the machine refused and counted), runs each explorer on its own slide with Ctrl+Enter and measures its
box: it must lie inside the 1280x720 screen (no scrolling: RISE's slides do not scroll). The same page checks the
text sizes pokerlab's slide style sets (``labextension/pokerlab-rise-widgets``), the keys docs/teach.md names for
reaching a sub-slide, the PushFoldExplorer's grid tooltip and that its numbers never change before its grid, and
that no console error comes from pokerlab's extension. It uses the worker's one JupyterLab server
(``tests/conftest.py``). Run it as a script to print the measurements.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from tests.support.browser import JupyterLab, block_network, chromium, ms, require_chromium
from tests.widgets.test_explorers_browser import EXPLORERS

require_chromium()

pytestmark = pytest.mark.slow

WIDTH, HEIGHT = 1280, 720
NOTEBOOK = "explorers_rise.ipynb"

# heights (px) on a RISE slide at 1280x720 before issue 41 (measured with this module's measure() on the old code)
BEFORE = {"PotentialExplorer": 1220, "StrategyExplorer": 1005, "BPPInspector": 1014, "RangeEquityExplorer": 1092}


def notebook() -> str:
    """Title slide, its sub-slide, then one slide per explorer (RISE's white theme: no web fonts)."""
    cells = [
        {
            "cell_type": "markdown",
            "id": "title",
            "metadata": {"slideshow": {"slide_type": "slide"}},
            "source": "# Explorers on slides\n\nA paragraph a student reads from the back row.",
        },
        {
            "cell_type": "markdown",
            "id": "below",
            "metadata": {"slideshow": {"slide_type": "subslide"}},
            "source": "## The sub-slide\n\nReached with Space or PageDown.",
        },
    ]
    for i, (name, code) in enumerate(EXPLORERS):
        cells.append(
            {
                "cell_type": "code",
                "execution_count": None,
                "id": f"explorer{i}",
                "metadata": {"slideshow": {"slide_type": "slide"}},
                "outputs": [],
                "source": f"#{name}\n{code}",
            }
        )
    meta = {
        "kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"},
        "rise": {"theme": "white"},
    }
    return json.dumps({"cells": cells, "metadata": meta, "nbformat": 4, "nbformat_minor": 5})


_CELL = "(n) => [...document.querySelectorAll('.jp-Cell')].find(c => c.innerText.includes('#' + n))"

# an error is a traceback on stderr; a notice there ("compiling pokerlab's kernels ...") comes before the widget
_ERROR = "[...c.querySelectorAll('[data-mime-type*=\"stderr\"]')].some(o => /Error|Traceback/.test(o.innerText))"

_SHOWN = f"""(n) => {{
  const c = ({_CELL})(n);
  return !!c && !!(c.querySelector('.jp-OutputArea-output .jupyter-widgets') || {_ERROR});
}}"""

_BOX = f"""(n) => {{
  const c = ({_CELL})(n);
  const root = c.querySelector('.jp-OutputArea-output .jupyter-widgets');
  if (!root) return {_ERROR} ? 'error' : null;
  const r = root.getBoundingClientRect();
  return {{height: Math.ceil(r.height), top: Math.floor(r.top), bottom: Math.ceil(r.bottom),
           right: Math.ceil(r.right), width: Math.ceil(r.width)}};
}}"""

_SIZES = """() => {
  const px = (el) => el ? parseFloat(getComputedStyle(el).fontSize) : null;
  return {paragraph: px(document.querySelector('.reveal .jp-MarkdownCell .jp-RenderedMarkdown p')),
          heading: px(document.querySelector('.reveal .jp-MarkdownCell .jp-RenderedMarkdown h1')),
          code: px(document.querySelector('.reveal .jp-CodeCell .jp-InputArea-editor .cm-line'))};
}"""

# the PushFoldExplorer's stack in its numbers and in its grid's title, sampled at every frame the page draws
_SAMPLE = f"""() => {{
  const c = ({_CELL})('PushFoldExplorer');
  window.__pushfold = [];
  const read = () => {{
    const text = c.querySelector('.pl-view').innerText;
    const numbers = (text.match(/([0-9.]+) bb: the small blind jams/) || [])[1];
    const title = [...c.querySelectorAll('.pl-view svg text')].map(t => t.textContent)
      .find(t => /jams: |calls a jam: /.test(t)) || '';
    window.__pushfold.push([numbers, (title.match(/: ([0-9.]+) bb/) || [])[1]]);
    if (window.__pushfold.length < 100000) requestAnimationFrame(read);
  }};
  requestAnimationFrame(read);
}}"""


def go_to(page, h: int, v: int = 0) -> None:
    """Show slide (h, v) (reveal's own address; RISE keeps it in the page's hash)."""
    page.evaluate(f"() => {{ location.hash = '#/slide-{h}-{v}'; }}")
    page.wait_for_function(f"() => location.hash === '#/slide-{h}-{v}'", timeout=ms(30))
    page.wait_for_timeout(600)  # reveal's slide transition


def run_on_slide(page, h: int, name: str) -> None:
    """Run the explorer's cell on its slide (Ctrl+Enter stays on the slide) and wait until it is drawn."""
    go_to(page, h)
    page.locator(".jp-Cell", has_text="#" + name).first.locator(".jp-InputArea-editor").click()
    page.keyboard.press("Control+Enter")
    page.wait_for_function(_SHOWN, arg=name, timeout=ms(600))
    # its charts arrive in later messages: wait until the box has kept its size for 0.6 s
    last = None
    for _ in range(200):
        page.wait_for_timeout(600)
        box = page.evaluate(_BOX, name)
        if box == last:
            return
        last = box


def measure(lab: JupyterLab, browser, only: list[str] | None = None) -> dict:
    """Open the notebook as RISE slides at 1280x720 and measure everything this module checks."""
    explorers = [name for name, _ in EXPLORERS if not only or name in only]
    (lab.root / NOTEBOOK).write_text(notebook())
    page = browser.new_page(viewport={"width": WIDTH, "height": HEIGHT})
    errors: list[dict] = []
    page.on("console", lambda m: errors.append({"text": m.text[:300], "url": m.location.get("url", "")})
            if m.type == "error" else None)  # fmt: skip
    page.on("pageerror", lambda e: errors.append({"text": f"{e}"[:300], "url": ""}))
    off_machine = block_network(page)
    out: dict = {"boxes": {}}
    try:
        page.goto(lab.url(NOTEBOOK, app="rise"), timeout=ms(120))
        page.wait_for_selector(".reveal.ready", state="attached", timeout=ms(120))
        page.wait_for_selector(".reveal .jp-MarkdownCell .jp-RenderedMarkdown p", state="attached", timeout=ms(60))
        out["sizes"] = page.evaluate(_SIZES)
        keys = {}
        for key in ("Space", "PageDown", "ArrowDown"):
            go_to(page, 0, 0)
            page.locator(".reveal .jp-MarkdownCell").first.click()
            page.keyboard.press("Escape")  # command mode, as after a click on a slide
            page.keyboard.press(key)
            page.wait_for_timeout(800)
            keys[key] = page.evaluate("() => location.hash")
        out["keys"] = keys
        for name in explorers:
            h = 1 + [n for n, _ in EXPLORERS].index(name)
            run_on_slide(page, h, name)
            out["boxes"][name] = page.evaluate(_BOX, name)
            print(name, out["boxes"][name], file=sys.stderr, flush=True)
            if name == "PushFoldExplorer":
                out["pushfold"] = pushfold_checks(page)
    finally:
        page.close()
        lab.stop_kernels()
    out["errors"] = errors
    out["off_machine"] = off_machine
    return out


def pushfold_checks(page) -> dict:
    """On the PushFoldExplorer's slide: a grid cell's tooltip, then the stack slider dragged while every frame the
    page draws is sampled (numbers and grid must always show the same stack)."""
    cell = page.locator(".jp-Cell", has_text="#PushFoldExplorer").first
    target = cell.locator(".pl-view svg path[aria-label*='class: AA;']").first
    box = target.bounding_box()
    assert box, "no AA cell in the grid"
    tips = []
    # near the cell's corner (its square) and its centre (the number printed on it): both show the tooltip (a slide
    # draws the grid larger, so "near" is a share of the cell, not 3 px: the white border between cells is wider)
    inset = box["width"] * 0.15
    corner = (box["x"] + inset, box["y"] + inset)
    for x, y in (corner, (box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)):
        page.mouse.move(x, y)
        tips.append(
            page.evaluate(
                "([x, y]) => { const hit = document.elementFromPoint(x, y);"
                " const m = hit && hit.closest('[aria-label]'); const t = m && m.querySelector(':scope > title');"
                " return t ? t.textContent : null; }",
                [x, y],
            )
        )
    tooltip, under = tips
    page.evaluate(_SAMPLE)
    handle = cell.locator(".widget-slider .noUi-handle").first.bounding_box()
    assert handle, "the stack slider is not on the slide"
    y = handle["y"] + handle["height"] / 2
    page.mouse.move(handle["x"] + handle["width"] / 2, y)
    page.mouse.down()
    page.mouse.move(handle["x"] - 40, y, steps=4)
    page.mouse.up()
    page.wait_for_function(
        "() => { const s = window.__pushfold; const last = s[s.length - 1];"
        " return s.length > 30 && last[0] && last[0] !== '10' && last[0] === last[1]; }",
        timeout=ms(60),
    )
    page.wait_for_timeout(1500)
    samples = page.evaluate("() => window.__pushfold")
    return {"tooltip": tooltip, "under_mouse": under, "samples": samples}


@pytest.fixture(scope="module")
def shown(jupyterlab):
    with chromium() as browser:
        yield measure(jupyterlab, browser)


def test_every_explorer_fits_a_live_1280_by_720_slide(shown):
    boxes = shown["boxes"]
    assert [name for name, box in boxes.items() if not isinstance(box, dict)] == []
    off_screen = {
        name: box
        for name, box in boxes.items()
        if box["top"] < 0 or box["bottom"] > HEIGHT or box["right"] > WIDTH  # type: ignore[index]
    }
    assert not off_screen, f"not whole on a 1280x720 slide: {off_screen}"
    for name, before in BEFORE.items():
        assert boxes[name]["height"] < before  # type: ignore[index]
    assert shown["off_machine"] == []


def test_the_slides_text_is_projection_sized(shown):
    sizes = shown["sizes"]
    assert sizes["paragraph"] >= 22 and sizes["heading"] >= 40 and sizes["code"] >= 18, sizes  # RISE's were 14/13


def test_space_and_page_down_reach_the_sub_slide(shown):
    # the keys docs/teach.md names; the down arrow belongs to JupyterLab's command mode (the next cell) on a live slide
    assert shown["keys"]["Space"] == "#/slide-0-1"
    assert shown["keys"]["PageDown"] == "#/slide-0-1"


def test_the_pushfold_grid_has_tooltips_and_its_numbers_never_run_ahead_of_it(shown):
    checks = shown["pushfold"]
    for text in (checks["tooltip"], checks["under_mouse"]):
        assert text and "class: AA" in text and "EV jam (bb): +" in text and "EV fold (bb): −0.500" in text, text
    samples = [s for s in checks["samples"] if s[0] and s[1]]
    stacks = {s[0] for s in samples}
    assert len(stacks) >= 2, "the slider did not move the explorer"
    mismatched = [s for s in samples if s[0] != s[1]]
    assert not mismatched, f"numbers beside another stack's grid in {len(mismatched)} of {len(samples)} frames"


def test_no_console_error_comes_from_pokerlabs_extension(shown):
    ours = [e for e in shown["errors"] if "pokerlab" in e["text"] or "pokerlab" in e["url"]]
    assert ours == []


if __name__ == "__main__":  # print the measurements: python tests/widgets/test_explorers_rise_browser.py [names]
    import tempfile

    with tempfile.TemporaryDirectory() as folder, JupyterLab(Path(folder)) as lab, chromium() as browser:
        result = measure(lab, browser, sys.argv[1:] or None)
    result["pushfold"] = {k: v for k, v in result.get("pushfold", {}).items() if k != "samples"}
    result["error_texts"] = sorted({e["text"].split("\n")[0][:80] for e in result.pop("errors")})
    print(json.dumps(result, indent=1))
