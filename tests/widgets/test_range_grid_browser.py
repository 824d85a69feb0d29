"""RangeGrid's painting code in a real browser: Chromium drags the mouse over the grid's cells.

The grid's JavaScript (``widgets.ranges._GRID_ESM``) runs against a small stand-in for the anywidget model
(get, set, save_changes, on); the weights it sets are then given to the Python side, which must
write the range's text. Skipped when there is no /usr/bin/chromium (CI installs it).
"""

import json
import time

import pytest

from tests.support.browser import block_network, chromium, ms, open_notebook, require_chromium, run_cell
from tests.support.timing import hang_guard

require_chromium()

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
    with chromium() as browser:
        page = browser.new_page()
        off_machine = block_network(page)
        try:
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
            page.close()
    assert off_machine == []
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
def test_drag_in_jupyterlab_reaches_the_kernel(jupyterlab):
    """The whole path a student takes: JupyterLab loads the anywidget, a mouse drag over three cells goes to the
    kernel, which rewrites the range's text and recomputes the exact equity; typed text repaints the grid."""
    import importlib.util

    assert importlib.util.find_spec("jupyterlab"), "JupyterLab is in the test extra: pip install -e '.[test]'"
    path = jupyterlab.write_notebook("grid.ipynb", _LAB_CELLS)
    with chromium() as browser:
        page, off_machine = open_notebook(browser, jupyterlab, path)
        try:
            run_cell(page, path, 0)
            page.wait_for_selector(".pl-range-cell", timeout=ms(120))
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
                page.wait_for_timeout(50)
            hero_text.fill("AA, KK, AKs")
            hero_text.press("Enter")
            deadline = time.monotonic() + hang_guard(30)
            colour = lambda name: cell(name).evaluate("c => getComputedStyle(c).backgroundColor")  # noqa: E731
            while colour("QQ") != colour("22"):
                assert time.monotonic() < deadline, "typed text did not repaint the grid"
                page.wait_for_timeout(50)
            assert colour("KK") != colour("22") and colour("AKs") != colour("22")
            run_cell(page, path, 1)
            page.wait_for_selector("text=SAME=", timeout=ms(60))
            shown = page.locator(".jp-OutputArea-output", has_text="HERO=").first.inner_text()
            assert "HERO=AA, KK, AKs;" in shown and "SAME=True;" in shown
        finally:
            page.close()
            jupyterlab.stop_kernels()
    assert off_machine == []
