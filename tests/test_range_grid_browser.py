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
