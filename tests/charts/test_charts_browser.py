"""Interactive charts in a real JupyterLab (#22 item 5): a chart is live Vega-Lite with tooltips, offline.

JupyterLab renders ``application/vnd.vegalite.v5+json`` with its built-in vega extension; the bundle
``pokerlab.charts.display_bundle`` carries it beside the PNG. Chromium opens a notebook in JupyterLab with
every request off the machine refused and counted, runs a cell that shows hand potential's chart the way
lesson 02 does, hovers its bars and reads the tooltips: Table 4's exact case counts. Marked slow; skipped
when there is no /usr/bin/chromium (CI installs it).
"""

import pytest

from tests.support.browser import chromium, ms, open_notebook, require_chromium, run_cell

require_chromium()

CELL = """\
import pokerlab as pl
from pokerlab import charts

charts.enable_offline()
p = pl.hand_potential("AdQc", "3h4cJh")
p.chart()
"""
GRID_CELL = """\
from pokerlab import preflop

table = preflop.load_table("simulation", players=6)
table.chart()
"""


AA_VALUE = 0.49628333333333347  # the committed 6-player simulation table's AA (data/preflop_tables)


@pytest.mark.slow
def test_a_chart_is_interactive_in_jupyterlab_offline(jupyterlab):
    """Hovering the potential chart's bars shows tooltips with the exact case counts of Table 4 (449,005 cases
    ahead now and at the end; 91,981 behind now but ahead at the end), hovering a preflop table's AA cell its
    value, with no request off the machine."""
    path = jupyterlab.write_notebook("chart.ipynb", [CELL, GRID_CELL])
    with chromium() as browser:
        page, off_machine = open_notebook(browser, jupyterlab, path)
        try:
            run_cell(page, path, 0)
            # JupyterLab chose the Vega-Lite entry of the bundle over the PNG: a vega view, not an <img>
            view = page.wait_for_selector(".jp-RenderedVegaCommon5 canvas, .jp-RenderedVegaCommon5 svg",
                                          timeout=ms(180))  # fmt: skip
            assert page.locator(".jp-OutputArea-output img").count() == 0
            box = view.bounding_box()
            texts = set()
            for fy in (0.15, 0.3, 0.45, 0.6, 0.75):  # the three bars: ahead, tied, behind (top to bottom)
                for fx in (0.2, 0.35, 0.5, 0.65, 0.8):
                    page.mouse.move(box["x"] + fx * box["width"], box["y"] + fy * box["height"])
                    page.wait_for_timeout(ms(0.15))  # the tooltip follows the mouse (scaled by the load)
                    tip = page.locator("#vg-tooltip-element")
                    if tip.count() and tip.is_visible():
                        texts.add(" ".join(tip.inner_text().split()))
            flat = " | ".join(sorted(texts))
            assert "449,005" in flat, f"tooltips seen: {flat!r}"  # ahead now, ahead at the end
            assert "91,981" in flat, f"tooltips seen: {flat!r}"  # behind now, ahead at the end: PPOT's cases
            assert "cases" in flat and "share" in flat
            # a 13x13 grid: the AA cell (bottom right: rows and columns run 2..A) reads the table's value
            run_cell(page, path, 1)
            grid = page.locator(".jp-RenderedVegaCommon5 canvas").nth(1)  # vega-embed draws on a canvas
            grid.wait_for(timeout=ms(180))
            grid.scroll_into_view_if_needed()
            box = grid.bounding_box()
            seen = set()
            for fy in (0.92, 0.95, 0.97):
                for fx in (0.82, 0.85, 0.88):
                    page.mouse.move(box["x"] + fx * box["width"], box["y"] + fy * box["height"])
                    page.wait_for_timeout(ms(0.15))  # the tooltip follows the mouse (scaled by the load)
                    tip = page.locator("#vg-tooltip-element")
                    if tip.count() and tip.is_visible():
                        seen.add(" ".join(tip.inner_text().split()))
            aa = [s for s in seen if "class AA" in s.replace(":", "")]
            assert aa, f"tooltips seen over the AA corner: {seen!r}"
            assert f"{AA_VALUE:.4f}" in aa[0] and "combos 6" in aa[0].replace(":", "")
        finally:
            page.close()
            jupyterlab.stop_kernels()
    assert off_machine == []
