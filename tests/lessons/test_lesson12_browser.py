"""Lesson 12's widgets clicked in Chromium (JupyterLab, one page): an action button of PostflopExplorer redraws
the grid for the next player, and answering a PostflopDrill hand shows the EV lost and the equilibrium's mix.
Skipped when there is no /usr/bin/chromium."""

from __future__ import annotations

import pytest

from tests.support.browser import chromium, ms, open_notebook, require_chromium, run_cell

require_chromium()

CELLS = [
    "from pokerlab.solve.postflop_spots import load_spot\nfrom pokerlab.widgets import PostflopExplorer\n"
    "PostflopExplorer(load_spot('polar_river'))",
    "from pokerlab.widgets import PostflopDrill\nPostflopDrill('bluff_catcher', seed=5)",
]

# JupyterLab restores the notebooks other tests opened on the same server: look in the tab in front only
_CELLS = ".jp-NotebookPanel:not(.lm-mod-hidden) .jp-Notebook .jp-CodeCell"
_CELL = "document.querySelectorAll('" + _CELLS + "')[{i}]"


@pytest.mark.slow
def test_clicking_an_action_redraws_the_grid_and_a_drill_answer_shows_the_ev_lost(jupyterlab):
    path = jupyterlab.write_notebook("lesson12_widgets.ipynb", CELLS)
    with chromium() as browser:
        page, off_machine = open_notebook(browser, jupyterlab, path)
        try:
            explorer = page.locator(_CELLS).nth(0)
            run_cell(page, path, 0, seconds=600)  # a hang guard
            chart = explorer.locator(".pl-postflop-explorer .pl-view svg").first
            try:
                chart.wait_for(timeout=ms(120))
            except Exception as exc:  # say what the cell showed (it was another test's notebook, restored)
                raise AssertionError(
                    f"the explorer drew no chart; the cell showed: {explorer.inner_text()[:500]!r}"
                ) from exc
            before = explorer.locator(".pl-view").inner_html()
            assert "OOP to act" in explorer.locator(".pl-controls").inner_text()
            explorer.get_by_role("button", name="bet 125").click()
            page.wait_for_function(
                f"() => {_CELL.format(i=0)}.querySelector('.pl-controls').innerText.includes('IP to act')",
                timeout=ms(60),
            )
            explorer.get_by_role("button", name="fold").wait_for(timeout=ms(60))
            page.wait_for_function(
                f"(b) => {_CELL.format(i=0)}.querySelector('.pl-view').innerHTML !== b", arg=before, timeout=ms(60)
            )
            assert "IP at bet 125" in explorer.locator(".pl-view").inner_text()

            drill = page.locator(_CELLS).nth(1)
            run_cell(page, path, 1, seconds=300)
            drill.locator(".pl-postflop-drill button").first.wait_for(timeout=ms(120))
            drill.locator(".pl-postflop-drill button").first.click()
            drill.locator(".pl-verdict").wait_for(timeout=ms(60))
            verdict = drill.locator(".pl-verdict").inner_text()
            assert "EV of each action" in verdict and "the equilibrium plays" in verdict
            assert "right" in verdict or "EV lost" in verdict
            assert "chips lost in all" in drill.locator("pre").inner_text()
        finally:
            page.close()
            jupyterlab.stop_kernels()
    assert off_machine == []
