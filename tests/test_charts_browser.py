"""Interactive charts in a real JupyterLab (#22 item 5): a chart is live Vega-Lite with tooltips, offline.

JupyterLab renders ``application/vnd.vegalite.v5+json`` with its built-in vega extension; the bundle
``pokerlab.charts.display_bundle`` carries it beside the PNG. Chromium opens a notebook in JupyterLab with
every request off the machine refused and counted, runs a cell that shows hand potential's chart the way
lesson 02 does, hovers its bars and reads the tooltips: Table 4's exact case counts. Marked slow; skipped
when there is no /usr/bin/chromium (CI installs it).
"""

import json
import os
import socket
import subprocess
import sys
import time
from pathlib import Path
from urllib.parse import urlparse

import pytest

CHROMIUM = Path("/usr/bin/chromium")
if not CHROMIUM.exists():
    if os.environ.get("CI"):
        raise RuntimeError("CI needs /usr/bin/chromium for the browser tests (.ci/run installs it with apt)")
    pytest.skip("no /usr/bin/chromium here (apt-get install chromium)", allow_module_level=True)

from playwright.sync_api import sync_playwright  # noqa: E402

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


def _local(url: str) -> bool:
    parsed = urlparse(url)
    return parsed.scheme in ("file", "data", "blob") or parsed.hostname in ("127.0.0.1", "localhost")


@pytest.mark.slow
def test_a_chart_is_interactive_in_jupyterlab_offline(tmp_path):
    """Hovering the potential chart's bars shows tooltips with the exact case counts of Table 4 (449,005 cases
    ahead now and at the end; 91,981 behind now but ahead at the end), hovering a preflop table's AA cell its
    value, with no request off the machine."""
    from pokerlab.apps.serve import free_port

    nb = {
        "cells": [{"cell_type": "code", "execution_count": None, "id": f"chart{i}", "metadata": {}, "outputs": [],
                   "source": source} for i, source in enumerate((CELL, GRID_CELL))],
        "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"}},
        "nbformat": 4,
        "nbformat_minor": 5,
    }  # fmt: skip
    (tmp_path / "chart.ipynb").write_text(json.dumps(nb))
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
    off_machine: list[str] = []

    def route(r):
        if _local(r.request.url):
            r.continue_()
        else:
            off_machine.append(r.request.url)
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
                page = browser.new_page(viewport={"width": 1400, "height": 1000})
                page.route("**/*", route)
                page.goto(f"http://127.0.0.1:{port}/lab/tree/chart.ipynb?token=t", timeout=120_000)
                page.wait_for_selector(".jp-Notebook .jp-Cell", state="attached", timeout=120_000)
                # the kernel has started when the status bar says so (a cell run before that is dropped)
                page.wait_for_selector(".jp-StatusBar-Widget >> text=/\\| Idle/", timeout=180_000)
                page.locator(".jp-Cell").first.click()
                page.keyboard.press("Shift+Enter")
                # JupyterLab chose the Vega-Lite entry of the bundle over the PNG: a vega view, not an <img>
                view = page.wait_for_selector(".jp-RenderedVegaCommon5 canvas, .jp-RenderedVegaCommon5 svg",
                                              timeout=180_000)  # fmt: skip
                assert page.locator(".jp-OutputArea-output img").count() == 0
                box = view.bounding_box()
                texts = set()
                for fy in (0.15, 0.3, 0.45, 0.6, 0.75):  # the three bars: ahead, tied, behind (top to bottom)
                    for fx in (0.2, 0.35, 0.5, 0.65, 0.8):
                        page.mouse.move(box["x"] + fx * box["width"], box["y"] + fy * box["height"])
                        page.wait_for_timeout(150)
                        tip = page.locator("#vg-tooltip-element")
                        if tip.count() and tip.is_visible():
                            texts.add(" ".join(tip.inner_text().split()))
                flat = " | ".join(sorted(texts))
                assert "449,005" in flat, f"tooltips seen: {flat!r}"  # ahead now, ahead at the end
                assert "91,981" in flat, f"tooltips seen: {flat!r}"  # behind now, ahead at the end: PPOT's cases
                assert "cases" in flat and "share" in flat
                # a 13x13 grid: the AA cell (bottom right: rows and columns run 2..A) reads the table's value
                page.keyboard.press("Shift+Enter")  # the next cell
                grid = page.locator(".jp-RenderedVegaCommon5 canvas").nth(1)  # vega-embed draws on a canvas
                grid.wait_for(timeout=180_000)
                grid.scroll_into_view_if_needed()
                box = grid.bounding_box()
                seen = set()
                for fy in (0.92, 0.95, 0.97):
                    for fx in (0.82, 0.85, 0.88):
                        page.mouse.move(box["x"] + fx * box["width"], box["y"] + fy * box["height"])
                        page.wait_for_timeout(150)
                        tip = page.locator("#vg-tooltip-element")
                        if tip.count() and tip.is_visible():
                            seen.add(" ".join(tip.inner_text().split()))
                aa = [s for s in seen if "class AA" in s.replace(":", "")]
                assert aa, f"tooltips seen over the AA corner: {seen!r}"
                assert f"{AA_VALUE:.4f}" in aa[0] and "combos 6" in aa[0].replace(":", "")
            finally:
                browser.close()
    finally:
        server.terminate()
        server.wait(timeout=20)
        log.close()
    assert off_machine == []
