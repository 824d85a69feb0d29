"""RangeGrid's painting code in a real browser: Chromium drags the mouse over the grid's cells.

The grid's JavaScript (``widgets.ranges._GRID_ESM``) runs against a small stand-in for the anywidget model
(get, set, save_changes, on); the weights it sets are then given to the Python side, which must
write the range's text. Skipped when there is no /usr/bin/chromium (CI installs it).
"""

import json
import os
from pathlib import Path

import pytest

CHROMIUM = Path("/usr/bin/chromium")
if not CHROMIUM.exists():
    if os.environ.get("CI"):
        raise RuntimeError("CI needs /usr/bin/chromium for the browser tests (.ci/run installs it with apt)")
    pytest.skip("no /usr/bin/chromium here (apt-get install chromium)", allow_module_level=True)

from playwright.sync_api import sync_playwright  # noqa: E402

from pokerlab.widgets import RangeGrid  # noqa: E402
from pokerlab.widgets.ranges import _GRID_ESM  # noqa: E402
from tests.timing import hang_guard  # noqa: E402

STUB = """
const state = {weights: Array(169).fill(0), labels: %s, paint_weight: 0.5};
const handlers = {};
window.saves = 0;
window.model = {
  get: (k) => state[k],
  set: (k, v) => { state[k] = v; (handlers["change:" + k] || []).forEach((f) => f()); },
  save_changes: () => { window.saves += 1; },
  on: (e, f) => { (handlers[e] = handlers[e] || []).push(f); },
};
window.__render({ model: window.model, el: document.getElementById("el") });
"""


def _drag(page, names):
    first = page.locator(f'[data-name="{names[0]}"]')
    first.hover()
    page.mouse.down()
    for name in names[1:]:
        page.locator(f'[data-name="{name}"]').hover()
    page.mouse.up()


def test_drag_paints_and_erases_cells_and_python_writes_the_range():
    grid = RangeGrid()
    code = _GRID_ESM.replace("export default { render };", "window.__render = render;")
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=["--no-sandbox"])
        try:
            page = browser.new_page()
            page.set_content('<html><body><div id="el"></div></body></html>')
            page.add_script_tag(content=code)
            page.add_script_tag(content=STUB % json.dumps(list(grid.view.labels)))
            assert page.locator(".pl-range-cell").count() == 169
            _drag(page, ["AA", "KK", "QQ", "JJ"])  # down the diagonal: four pairs
            weights = page.evaluate("window.model.get('weights')")
            painted = {grid.view.labels[i]: w for i, w in enumerate(weights) if w}
            assert painted == {"AA": 0.5, "KK": 0.5, "QQ": 0.5, "JJ": 0.5}
            assert page.evaluate("window.saves") == 4
            colour = page.locator('[data-name="AA"]').evaluate("c => getComputedStyle(c).backgroundColor")
            assert colour != page.locator('[data-name="22"]').evaluate("c => getComputedStyle(c).backgroundColor")
            _drag(page, ["JJ", "QQ"])  # starting on a painted cell erases
            weights = page.evaluate("window.model.get('weights')")
        finally:
            browser.close()
    grid.view.weights = weights  # what the widget's sync sends to the kernel
    assert grid.text.value == "KK+@50" and len(grid.range) == 12


_LAB_CELLS = [
    "from pokerlab.widgets import RangeEquityExplorer\n"
    "ex = RangeEquityExplorer('QQ+, AKs', '88+, AJs+', 'Ks 7d 2c', charts=False)\n"
    "ex.widget",
    "import pokerlab as pl\n"
    "print('HERO=' + ex.hero.text.value + ';')\n"
    "print('SAME=%s;' % (ex.result.equity == pl.equity(ex.hero.text.value, '88+, AJs+', board='Ks7d2c').equity))",
]


@pytest.mark.slow
def test_drag_in_jupyterlab_reaches_the_kernel(tmp_path):
    """The whole path a student takes: JupyterLab loads the anywidget, a mouse drag over three cells goes to the
    kernel, which rewrites the range's text and recomputes the exact equity; typed text repaints the grid."""
    import importlib.util

    assert importlib.util.find_spec("jupyterlab"), "JupyterLab is in the test extra: pip install -e '.[test]'"
    import socket
    import subprocess
    import sys
    import time

    from pokerlab.apps.serve import free_port

    nb = {
        "cells": [{"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [], "source": c}
                  for c in _LAB_CELLS],
        "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"}},
        "nbformat": 4,
        "nbformat_minor": 5,
    }  # fmt: skip
    (tmp_path / "grid.ipynb").write_text(json.dumps(nb))
    settings = tmp_path / "settings" / "@jupyterlab" / "notebook-extension"
    settings.mkdir(parents=True)
    (settings / "tracker.jupyterlab-settings").write_text('{"windowingMode": "none"}')
    port = free_port()
    log = (tmp_path / "lab.log").open("w")
    server = subprocess.Popen(
        [sys.executable, "-m", "jupyter", "lab", "--no-browser", f"--port={port}", "--ip=127.0.0.1", "--allow-root",
         "--IdentityProvider.token=t", f"--ServerApp.root_dir={tmp_path}", "--LabApp.news_url="],
        stdout=log, stderr=subprocess.STDOUT, env={**os.environ, "JUPYTERLAB_SETTINGS_DIR": str(tmp_path / "settings")},
    )  # fmt: skip
    try:
        deadline = time.monotonic() + hang_guard(60)
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                assert time.monotonic() < deadline, "JupyterLab did not start"
                time.sleep(0.3)
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=["--no-sandbox"])
            try:
                page = browser.new_page(viewport={"width": 1400, "height": 1000})
                page.goto(f"http://127.0.0.1:{port}/lab/tree/grid.ipynb?token=t", timeout=hang_guard(120_000))
                page.wait_for_selector(".jp-Notebook .jp-Cell", state="attached", timeout=hang_guard(120_000))
                page.wait_for_selector(
                    ".jp-Notebook-ExecutionIndicator, .jp-Toolbar-kernelStatus", timeout=hang_guard(60_000)
                )
                time.sleep(3)  # the kernel starts
                page.locator(".jp-Cell").first.click()
                page.keyboard.press("Shift+Enter")
                page.wait_for_selector(".pl-range-cell", timeout=hang_guard(120_000))
                explorer = page.locator(".pl-range-equity-explorer").first
                hero_text = explorer.locator("input[type='text']").nth(1)  # board, hero, villain
                assert hero_text.input_value() == "QQ+, AKs"
                cell = lambda name: explorer.locator(f'.pl-range-cell[data-name="{name}"]').first  # noqa: E731
                cell("JJ").hover()
                page.mouse.down()
                for name in ("TT", "99"):
                    cell(name).hover()
                page.mouse.up()
                deadline = time.monotonic() + hang_guard(30)
                while hero_text.input_value() != "99+, AKs":
                    assert time.monotonic() < deadline, f"the kernel's text after the drag: {hero_text.input_value()!r}"
                    time.sleep(0.05)
                hero_text.fill("AA, KK, AKs")
                hero_text.press("Enter")
                deadline = time.monotonic() + hang_guard(30)
                colour = lambda name: cell(name).evaluate("c => getComputedStyle(c).backgroundColor")  # noqa: E731
                while colour("QQ") != colour("22"):
                    assert time.monotonic() < deadline, "typed text did not repaint the grid"
                    time.sleep(0.05)
                assert colour("KK") != colour("22") and colour("AKs") != colour("22")
                page.locator(".jp-Cell").nth(1).click()
                page.keyboard.press("Shift+Enter")
                page.wait_for_selector("text=SAME=", timeout=hang_guard(60_000))
                shown = page.locator(".jp-OutputArea-output", has_text="HERO=").first.inner_text()
                assert "HERO=AA, KK, AKs;" in shown and "SAME=True;" in shown
            finally:
                browser.close()
    finally:
        server.terminate()
        server.wait(timeout=hang_guard(20))
        log.close()
