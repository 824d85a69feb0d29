"""Every explorer fits a projector: rendered in JupyterLab at 1280x720, none is taller than the notebook's view.

Issue 22: a lecturer projecting at 1280x720 saw only the controls of BPPInspector (1,845 px tall),
RangeEquityExplorer (1,019 px) and StrategyExplorer (788 px); the network and the curves needed scrolling.
The explorers now put their controls beside their charts. This test starts JupyterLab in a temporary
folder (notebook windowing off, so every cell is in the page), opens a notebook with one explorer per cell
as the lessons build them, runs it in Chromium with a 1280x720 window (every request off the machine
blocked and counted), and measures each explorer's rendered box.

The page chrome is what JupyterLab itself takes at 1280x720 with the file browser closed: the menu bar,
the tab bar, the notebook toolbar and the status bar, together ``CHROME`` = 121 pixels (measured: the
notebook's scrolling panel is 599 pixels high, 1,100 wide). An explorer fits when its height is at most that panel's
height, so it can be scrolled to fill the screen and seen whole, and when it is no wider than the cell's output
area (no sideways scrolling). Skipped when there is no /usr/bin/chromium (CI installs it).
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

CHROMIUM = Path("/usr/bin/chromium")
if not CHROMIUM.exists():
    if os.environ.get("CI"):
        raise RuntimeError("CI needs /usr/bin/chromium for the browser tests (.ci/run installs it with apt)")
    pytest.skip("no /usr/bin/chromium here (apt-get install chromium)", allow_module_level=True)

from playwright.sync_api import sync_playwright  # noqa: E402

WIDTH, HEIGHT = 1280, 720
CHROME = 121  # pixels of the 720 that are JupyterLab's own bars (measured: the notebook panel is 599 high)

# (name, code that leaves the explorer as the cell's value), built as the lessons build them
EXPLORERS = [
    ("HandEvaluator", "from pokerlab.widgets import HandEvaluator\nHandEvaluator('Ah Kh 7c 7d 2s 9h 3c')"),
    ("PotentialExplorer", "from pokerlab.widgets import PotentialExplorer\nPotentialExplorer('AdQc', '3h4cJh')"),
    ("PreflopExplorer", "from pokerlab.widgets import PreflopExplorer\nPreflopExplorer(players=4, games=500)"),
    (
        "RangeEquityExplorer",
        "from pokerlab.widgets import RangeEquityExplorer\n"
        "RangeEquityExplorer('22+, A2s+, KTs+, QTs+, JTs, ATo+, KJo+', '88+, AJs+, KQs, AKo', 'Ks 7d 2c')",
    ),
    ("RangeGrid", "from pokerlab.widgets import RangeGrid\nRangeGrid('QQ+, AKs')"),
    (
        "TableWidget",
        "from pokerlab import bots\nfrom pokerlab.game import NO_LIMIT_RING\nfrom pokerlab.widgets import TableWidget\n"
        "TableWidget(NO_LIMIT_RING, opponents=[bots.make('random', seed=7)], seed=4)",
    ),
    (
        "HandReplayer",
        "from pokerlab import datasets\nfrom pokerlab.widgets import HandReplayer\n"
        "HandReplayer(datasets.load('three_handed_all_in'), potential=True)",
    ),
    ("StrategyExplorer", "from pokerlab.widgets import StrategyExplorer\nStrategyExplorer()"),
    (
        "ReweightingExplorer",
        "from pokerlab.widgets import ReweightingExplorer\n"
        "ex = ReweightingExplorer('AdQc', '3h4cJh')\nex.observe('raise')\nex",
    ),
    ("BPPInspector", "from pokerlab.widgets import BPPInspector\nBPPInspector()"),
    (
        "CFRExplorer",
        "from pokerlab import solve\nfrom pokerlab.solve.widgets import CFRExplorer\n"
        "leduc = solve.game('leduc')\n"
        "runs = [solve.cfr(leduc, 100, v, record=10) for v in ('cfr', 'cfr+')]\n"
        "CFRExplorer(runs, ['K:', 'Q:', 'J:', 'J:r', 'QK:rc/r', 'JQ:rc/r'], {'Phase II bot': 2.0125})",
    ),
    (
        "ContextExplorer",
        "from pokerlab.bots.models import collect_decisions\nfrom pokerlab.widgets import ContextExplorer\n"
        "decisions = collect_decisions(['phase1', 'rembrant', 'random', 'always_call'], hands=150, seed=9)\n"
        "ContextExplorer(decisions, style='rembrant')",
    ),
    ("PushFoldExplorer", "from pokerlab.widgets import PushFoldExplorer\nPushFoldExplorer(10)"),
    ("PushFoldDrill", "from pokerlab.widgets import PushFoldDrill\nPushFoldDrill(seed=2026)"),
]

# rendered height in pixels at 1280x720 before issue 22's layout (measured with this test on the old code)
BEFORE = {
    "BPPInspector": 1845,
    "RangeEquityExplorer": 1020,
    "PotentialExplorer": 1000,
    "StrategyExplorer": 788,
}

_DONE = """
() => [...document.querySelectorAll('.jp-Notebook .jp-CodeCell')].filter(
  (c) => c.querySelector('.jp-OutputArea-output .jupyter-widgets')
    || c.querySelector('.jp-OutputArea-output[data-mime-type*="stderr"]')
).length
"""

_MEASURE = """
() => {
  const cells = [...document.querySelectorAll('.jp-Notebook .jp-CodeCell')];
  const out = {};
  for (const cell of cells) {
    const name = (cell.querySelector('.jp-InputArea-editor').innerText.match(/#(\\w+)/) || [])[1];
    const root = cell.querySelector('.jp-OutputArea-output .jupyter-widgets');
    const area = cell.querySelector('.jp-OutputArea-output');
    if (!name) continue;
    if (!root) {  // an explorer that raised says so; null is a run that never registered in the page
      out[name] = cell.querySelector('.jp-OutputArea-output[data-mime-type*="stderr"]') ? 'error' : null;
      continue;
    }
    const box = root.getBoundingClientRect();
    out[name] = {height: Math.ceil(box.height), width: Math.ceil(Math.max(box.width, root.scrollWidth)),
                 room: Math.floor(area.getBoundingClientRect().width)};
  }
  const panel = document.querySelector('.jp-NotebookPanel .jp-WindowedPanel-outer')
             || document.querySelector('.jp-NotebookPanel-notebook');
  out.__panel = Math.floor(panel.getBoundingClientRect().height);
  return out;
}
"""


def measure(tmp_path: Path, only: list[str] | None = None) -> dict[str, object]:
    """Run the explorers' notebook in JupyterLab at 1280x720 and return each explorer's box (``only``: these)."""
    explorers = [e for e in EXPLORERS if not only or e[0] in only]
    from pokerlab.apps.serve import free_port

    cells = [f"#{name}\n{code}" for name, code in explorers]
    nb = {
        "cells": [{"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [], "source": c}
                  for c in cells],
        "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"}},
        "nbformat": 4,
        "nbformat_minor": 5,
    }  # fmt: skip
    (tmp_path / "explorers.ipynb").write_text(json.dumps(nb))
    settings = tmp_path / "settings" / "@jupyterlab"
    (settings / "notebook-extension").mkdir(parents=True)
    (settings / "notebook-extension" / "tracker.jupyterlab-settings").write_text('{"windowingMode": "none"}')
    port = free_port()
    log = (tmp_path / "lab.log").open("w")
    server = subprocess.Popen(
        [sys.executable, "-m", "jupyter", "lab", "--no-browser", f"--port={port}", "--ip=127.0.0.1", "--allow-root",
         "--IdentityProvider.token=t", f"--ServerApp.root_dir={tmp_path}", "--LabApp.news_url="],
        stdout=log, stderr=subprocess.STDOUT, env={**os.environ, "JUPYTERLAB_SETTINGS_DIR": str(tmp_path / "settings")},
    )  # fmt: skip
    off_machine: list[str] = []

    def route(r):  # r: playwright's Route
        url = r.request.url
        if url.startswith(("data:", "blob:", "file:")) or url.startswith(f"http://127.0.0.1:{port}/"):
            r.continue_()
        else:
            off_machine.append(url)
            r.abort()

    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                assert time.monotonic() < deadline, "JupyterLab did not start in 60 s"
                time.sleep(0.3)
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=["--no-sandbox"])
            try:
                page = browser.new_page(viewport={"width": WIDTH, "height": HEIGHT})
                page.route("**/*", route)
                page.goto(f"http://127.0.0.1:{port}/lab/tree/explorers.ipynb?token=t", timeout=120_000)
                page.wait_for_selector(".jp-Notebook .jp-Cell", state="attached", timeout=120_000)
                page.wait_for_selector(".jp-Notebook-ExecutionIndicator, .jp-Toolbar-kernelStatus", timeout=60_000)
                time.sleep(3)  # the kernel starts
                cells = page.locator(".jp-Notebook .jp-CodeCell")
                overall = time.monotonic() + 900  # a hang guard for the whole page, not a time limit per explorer
                for i in range(len(explorers)):  # run each cell and wait for its explorer (or an error)
                    dialog = page.locator(".jp-Dialog")
                    if dialog.count():  # a question from JupyterLab (e.g. about news): close it and say what it was
                        print("dialog:", dialog.first.inner_text()[:300], file=sys.stderr, flush=True)
                        page.keyboard.press("Escape")
                        time.sleep(1)
                    cells.nth(i).locator(".jp-InputArea-editor").click()
                    page.keyboard.press("Shift+Enter")
                    deadline = min(time.monotonic() + 600, overall)  # a hang guard: the kernel builds the explorer
                    retry = time.monotonic() + 90  # a Shift+Enter that did not land (focus elsewhere) is sent again
                    while page.evaluate(_DONE) <= i and time.monotonic() < deadline:
                        if time.monotonic() > retry:
                            cells.nth(i).locator(".jp-InputArea-editor").click()
                            page.keyboard.press("Shift+Enter")
                            retry = deadline
                        time.sleep(0.5)
                    print(f"{explorers[i][0]} shown", file=sys.stderr, flush=True)
                time.sleep(3)  # the last charts arrive
                page.screenshot(path=str(tmp_path / "page.png"))
                shown = page.evaluate(_MEASURE)
                if os.environ.get("POKERLAB_SCREENSHOTS"):  # each explorer scrolled to the top of the view
                    for i, (name, _) in enumerate(explorers):
                        view = cells.nth(i).locator(".jp-OutputArea-output .jupyter-widgets")
                        if view.count():
                            view.first.scroll_into_view_if_needed()
                            view.first.evaluate("e => e.scrollIntoView({block: 'start'})")
                            page.screenshot(path=str(Path(os.environ["POKERLAB_SCREENSHOTS"]) / f"{name}.png"))
            finally:
                browser.close()
    finally:
        server.terminate()
        server.wait(timeout=20)
        log.close()
    shown["__off_machine"] = off_machine
    return shown


@pytest.mark.slow
def test_every_explorer_fits_a_1280_by_720_projector(tmp_path):
    # Every explorer that was measured must fit: this was a blanket non-strict xfail, so a too-tall explorer only
    # turned it from XPASS to XFAIL. Only a cell whose run never registered in the live page (the flake seen once in
    # two busy fresh-clone runs) makes it an xfail now, and only after the measured explorers have been checked.
    shown = measure(tmp_path)
    assert shown["__off_machine"] == [], "requests left the machine"
    panel = shown["__panel"]
    assert isinstance(panel, int) and panel >= HEIGHT - CHROME, f"JupyterLab's bars take {HEIGHT - panel} px"
    raised = [name for name, _ in EXPLORERS if shown[name] == "error"]
    assert not raised, f"these explorers raised: {raised}"
    boxes = {name: shown[name] for name, _ in EXPLORERS if isinstance(shown[name], dict)}
    too_big = {
        name: box
        for name, box in boxes.items()
        if box["height"] > HEIGHT - CHROME or box["width"] > box["room"]  # type: ignore[index]
    }
    assert not too_big, f"taller than {HEIGHT - CHROME} px or wider than the output area: {too_big}"
    for name, before in BEFORE.items():
        if name in boxes:
            assert boxes[name]["height"] < before  # type: ignore[index]
    missing = [name for name, _ in EXPLORERS if name not in boxes]
    if missing:
        pytest.xfail(f"the run of {missing} never registered in the live JupyterLab page (a busy machine)")


if __name__ == "__main__":  # print the measurements: python tests/test_explorers_browser.py
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        result = measure(Path(folder))
    print(json.dumps(result, indent=1))
