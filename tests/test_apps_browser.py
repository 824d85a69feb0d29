"""The apps in a real browser: Playwright drives Debian's Chromium against `pokerlab play` on 127.0.0.1.

Each test starts its own server on a free port and stops it. `.ci/run` installs Chromium with apt
when it is missing; outside CI these tests are skipped when /usr/bin/chromium is not there.
"""

import os
import re
import signal
import socket
import sqlite3
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

from pokerlab.apps.serve import free_port, start  # noqa: E402


@pytest.fixture(scope="module")
def browser():
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=["--no-sandbox"])
        yield b
        b.close()


def _wait_port(port, process, timeout=90):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        assert process.poll() is None, "pokerlab play stopped"
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return
        except OSError:
            time.sleep(0.2)
    raise AssertionError("pokerlab play did not answer")


@pytest.fixture
def heads_up_url(tmp_path):
    """`pokerlab play` itself, on a free port, stopped with Ctrl-C (SIGINT) at the end."""
    port = free_port()
    env = dict(os.environ, POKERLAB_DATA_DIR=str(tmp_path))
    cmd = [sys.executable, "-m", "pokerlab", "play", "--app", "heads-up", "--port", str(port), "--no-browser"]
    process = subprocess.Popen([*cmd, "--seed", "3"], env=env, stdout=subprocess.PIPE, text=True)
    try:
        _wait_port(port, process)
        yield f"http://127.0.0.1:{port}/"
    finally:
        process.send_signal(signal.SIGINT)
        out, _ = process.communicate(timeout=60)
        assert f"http://127.0.0.1:{port}/" in out
        assert process.returncode == 0


def _offline_page(browser):
    page = browser.new_page()
    page.outside = []
    page.on("request", lambda r: None if r.url.startswith("http://127.0.0.1") else page.outside.append(r.url))
    return page


def _int(page, css):
    return int(page.inner_text(css).strip())


def _you_actions(page):
    return len(re.findall(r"^you: ", page.inner_text(".pl-log"), flags=re.M))


def test_heads_up_hand_in_the_browser(browser, heads_up_url):
    page = _offline_page(browser)
    page.goto(heads_up_url, timeout=90_000)
    page.wait_for_selector(".pl-your-turn, .pl-hand-over", timeout=90_000)
    assert "Hand 1" in page.inner_text(".pl-board")
    double_clicked = False
    for _ in range(30):
        page.wait_for_selector(".pl-your-turn, .pl-hand-over", timeout=30_000)
        if page.locator(".pl-hand-over").count():
            break
        pot, stack = _int(page, ".pl-pot-value"), _int(page, ".pl-stack-you")
        labels = page.locator(".pl-actions button:visible").all_inner_texts()
        calls = [t for t in labels if t.startswith("call")]
        # exactly the legal actions: check or call (never both), fold only facing a bet, one bet/raise button at most
        assert len(calls) + labels.count("check") == 1
        assert ("fold" in labels) == bool(calls)
        assert sum(t.startswith(("bet", "raise")) for t in labels) <= 1
        owed = int(calls[0].split()[1]) if calls else 0
        target = page.locator(".pl-call" if calls else ".pl-check")
        before = _you_actions(page)
        if not double_clicked:
            target.dblclick()  # the second click lands while the bot is thinking: ignored
            double_clicked = True
            page.wait_for_timeout(1500)
            assert _you_actions(page) == before + 1 or page.locator(".pl-hand-over").count()
        else:
            target.click()
        page.wait_for_function(
            "([n]) => (document.querySelector('.pl-log').innerText.match(/^you: /gm) || []).length > n",
            arg=[before],
            timeout=30_000,
        )
        if not page.locator(".pl-hand-over").count():
            assert _int(page, ".pl-stack-you") == stack - owed  # our chips moved by exactly the call
            assert _int(page, ".pl-pot-value") >= pot + owed
    page.wait_for_selector(".pl-hand-over", timeout=30_000)
    history = page.locator(".pl-history-hand").all_inner_texts()
    assert len(history) == 1 and history[0].startswith("hand 1:")
    assert "small bets per hand" in page.inner_text(".pl-result")
    page.click(".pl-thinking-toggle input")
    page.wait_for_selector('.pl-thinking:has-text("BPP\'s thinking")', timeout=10_000)
    page.click(".pl-deal")
    page.wait_for_selector(".pl-board:has-text('Hand 2')", timeout=30_000)
    assert page.outside == []  # nothing loaded from the web
    page.close()


def test_bigholdem_watch_mode_finishes_and_writes_the_leaderboard(browser, tmp_path):
    os.environ["POKERLAB_DATA_DIR"] = str(tmp_path)
    try:
        server = start("bigholdem", seed=7)
    finally:
        del os.environ["POKERLAB_DATA_DIR"]
    with server:
        page = _offline_page(browser)
        page.goto(server.url, timeout=90_000)
        page.wait_for_selector(".pl-setup", timeout=90_000)
        # bad input first: refused with a message beside the field, markup never rendered
        page.fill(".pl-setup-name input", "<b id='inj'>hi</b>")
        page.fill(".pl-setup-players input", "11")
        page.press(".pl-setup-players input", "Tab")
        page.click(".pl-start")
        page.wait_for_selector(".pl-error-players:has-text('from 2 to 10')", timeout=20_000)
        assert "markup" in page.inner_text(".pl-error-name")
        assert page.locator("#inj").count() == 0
        # a 6-seat watch-mode game
        page.fill(".pl-setup-name input", "")
        page.fill(".pl-setup-players input", "6")
        page.press(".pl-setup-players input", "Tab")
        page.fill(".pl-setup-hands input", "12")
        page.press(".pl-setup-hands input", "Tab")
        page.select_option(".pl-setup-speed select", "fast")
        page.select_option(".pl-seat-3 select", "rembrant")
        page.click(".pl-start")
        page.wait_for_selector(".pl-game-over", timeout=180_000)
        rows = page.locator(".pl-ranking-table tbody tr").count()
        assert rows == 6
        assert "rembrant #3" in page.inner_text(".pl-ranking")
        page.wait_for_selector(".pl-leaderboard-table tbody tr", timeout=30_000)
        page.wait_for_selector(".pl-money-chart svg", timeout=30_000)  # the chips chart, drawn offline
        assert "12" in page.inner_text(".pl-history")
        assert page.outside == []
    with sqlite3.connect(tmp_path / "leaderboard.sqlite") as db:
        assert db.execute("SELECT COUNT(*) FROM games").fetchone()[0] == 1
        assert db.execute("SELECT COUNT(*) FROM results").fetchone()[0] == 6
