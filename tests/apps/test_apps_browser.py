"""The apps in a real browser: Playwright drives Debian's Chromium against `pokerlab play` on 127.0.0.1.

Each test starts its own server on a free port and stops it (four servers in all; the BigHoldem
games are short and run with timer 0 or 0.02 s). With POKERLAB_SCREENSHOTS=docs they
write the guide's screenshots docs/heads-up.png and docs/bigholdem.png. `.ci/run` installs Chromium with apt when it is
missing; outside CI these tests are skipped when /usr/bin/chromium is not there.
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

import psutil
import pytest
from playwright.sync_api import expect

from tests.support.browser import block_network, chromium, ms, require_chromium, wait_for_port
from tests.support.timing import hang_guard

require_chromium()

from pokerlab.apps.serve import free_port, start  # noqa: E402

pytestmark = pytest.mark.slow  # four Voila servers, 15-25 s each


@pytest.fixture(scope="module")
def browser():
    with chromium() as b:
        yield b


def _wait_port(port, process):
    wait_for_port(port, 90, process, "pokerlab play")


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
        out, _ = process.communicate(timeout=hang_guard(60))
        assert f"http://127.0.0.1:{port}/" in out
        assert process.returncode == 0


def _offline_page(browser):
    """A page whose requests off the machine are refused and listed in ``page.outside`` (tests/support/browser.py)."""
    page = browser.new_page()
    page.set_default_timeout(ms(30))  # waits without their own hang guard (Playwright's default is 30 s flat)
    page.outside = block_network(page)
    return page


def _int(page, css):
    return int(page.inner_text(css).strip())


def _settled(page, done_css=".pl-hand-over"):
    """Wait (a hang guard) for the app's signal: "Your turn" or ``done_css``.

    Each widget's value reaches the browser as its own message, and the apps set the signal last
    (``pokerlab.apps.base.status_before``/``status_after``): once it shows, the table, log, history and
    buttons it sums up are on the page. Read the page only then, or with an assertion that retries
    (Playwright's ``expect``); a read right after another change can see a state half drawn.
    """
    page.wait_for_selector(f".pl-your-turn, {done_css}", timeout=ms(60))


def _you_actions(page):
    return len(re.findall(r"^you: ", page.inner_text(".pl-log"), flags=re.M))


def _shots(tmp_path):
    """Where screenshots go: $POKERLAB_SCREENSHOTS (set it to docs/ to refresh docs/guide.md's), else a temp folder."""
    folder = Path(os.environ.get("POKERLAB_SCREENSHOTS") or tmp_path)
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def _play_passively(page, done_css, max_moves=80):
    """Check, else call (fold when calling costs more than 50), until ``done_css`` shows."""
    for _ in range(max_moves):
        page.wait_for_selector(f".pl-your-turn, {done_css}", timeout=ms(60))
        if page.locator(done_css).count():
            return
        # "Your turn" comes after the buttons (pokerlab.apps.base.status_before/after): one of them is shown
        page.wait_for_selector(f".pl-check:visible, .pl-call:visible, .pl-fold:visible, {done_css}", timeout=ms(30))
        if page.locator(done_css).count():
            return
        before = page.inner_text(".pl-log")
        if page.locator(".pl-check:visible").count():
            page.click(".pl-check")
        elif page.locator(".pl-call:visible").count() and int(page.inner_text(".pl-call").split()[1]) <= 50:
            page.click(".pl-call")
        else:
            page.click(".pl-fold")
        page.wait_for_function(
            "([b]) => document.querySelector('.pl-log') && document.querySelector('.pl-log').innerText !== b",
            arg=[before],
            timeout=ms(30),
        )
    raise AssertionError(f"{done_css} never showed")


def _bigholdem(tmp_path, **options):
    """The BigHoldem app's server (``pokerlab.apps.serve.start``) keeping its leaderboard in ``tmp_path``."""
    old = os.environ.get("POKERLAB_DATA_DIR")  # the suite's scratch folder (conftest.py): put it back
    os.environ["POKERLAB_DATA_DIR"] = str(tmp_path)
    try:
        return start("bigholdem", **options)
    finally:
        if old is None:
            os.environ.pop("POKERLAB_DATA_DIR", None)
        else:
            os.environ["POKERLAB_DATA_DIR"] = old


def _setup_page(browser, server):
    """A network-blocked page on the BigHoldem server, its setup form shown."""
    page = _offline_page(browser)
    page.goto(server.url, timeout=ms(90))
    page.wait_for_selector(".pl-setup", timeout=ms(90))
    return page


def test_heads_up_hand_in_the_browser(browser, heads_up_url, tmp_path):
    page = _offline_page(browser)
    page.set_viewport_size({"width": 1280, "height": 720})
    page.goto(heads_up_url, timeout=ms(90))
    page.wait_for_selector(".pl-your-turn, .pl-hand-over", timeout=ms(90))
    assert "Hand 1" in page.inner_text(".pl-info") and "blinds 5/10" in page.inner_text(".pl-info")
    # a table you can see: two seats, SVG cards (two faces for you, two backs for BPP), the dealer button
    assert page.locator(".pl-table .pl-seat").count() == 2
    assert page.locator(".pl-seat-you svg.pl-card:not(.pl-card-back)").count() == 2
    assert page.locator(".pl-table svg.pl-card-back").count() == 2
    assert page.locator(".pl-dealer-button").count() == 1
    double_clicked = False
    for _ in range(30):
        page.wait_for_selector(".pl-your-turn, .pl-hand-over", timeout=ms(30))
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
            page.wait_for_function(  # the first click has landed (a hang guard, scaled by the load) ...
                "([n]) => (document.querySelector('.pl-log').innerText.match(/^you: /gm) || []).length > n"
                " || document.querySelector('.pl-hand-over')",
                arg=[before],
                timeout=ms(60),
            )
            page.wait_for_timeout(1500)  # ... and a second one would have landed after it by now
            assert _you_actions(page) == before + 1 or page.locator(".pl-hand-over").count()
        else:
            target.click()
        page.wait_for_function(
            "([n]) => (document.querySelector('.pl-log').innerText.match(/^you: /gm) || []).length > n",
            arg=[before],
            timeout=ms(30),
        )
        _settled(page)  # the log line can arrive before the rest of the state it belongs to (the pot read 0)
        if not page.locator(".pl-hand-over").count():
            assert _int(page, ".pl-stack-you") == stack - owed  # our chips moved by exactly the call
            assert _int(page, ".pl-pot-value") >= pot + owed
    page.wait_for_selector(".pl-hand-over", timeout=ms(30))
    assert re.search(r"Hand over: .*(wins? the pot of \d+|split the pot)", page.inner_text(".pl-status"))
    assert page.locator(".pl-table .pl-seat-bet").count() == 0  # paid out: no bets left in front of the seats
    page.wait_for_function("document.querySelectorAll('.pl-history-hand').length >= 1", timeout=ms(30))
    history = page.locator(".pl-history-hand").all_inner_texts()
    assert len(history) == 1 and history[0].startswith("hand 1 (dealer ")
    assert "small bets per hand" in page.inner_text(".pl-result")
    page.click(".pl-thinking-toggle input")
    page.wait_for_selector('.pl-thinking:has-text("BPP\'s thinking")', timeout=ms(10))
    page.click(".pl-deal")
    page.wait_for_selector(".pl-info:has-text('Hand 2')", timeout=ms(30))
    page.wait_for_selector(".pl-your-turn", timeout=ms(30))
    page.locator(".pl-app h3").scroll_into_view_if_needed()
    shot = _shots(tmp_path) / "heads-up.png"
    page.screenshot(path=str(shot))
    assert shot.stat().st_size > 10_000
    # phase1 as the opponent: a new match, said so, and it plays
    page.select_option(".pl-opponent select", "phase1")
    page.wait_for_selector(".pl-new-match:has-text('New match against phase1')", timeout=ms(30))
    expect(page.locator(".pl-app h3")).to_contain_text("against phase1", timeout=ms(30))
    expect(page.locator(".pl-info")).to_contain_text("Hand 1", timeout=ms(30))
    _play_passively(page, ".pl-hand-over")
    # each widget's value reaches the browser as its own message: wait (a hang guard) for the history line
    page.wait_for_function("document.querySelectorAll('.pl-history-hand').length >= 1", timeout=ms(30))
    assert page.locator(".pl-history-hand").count() == 1
    # on a 1,024-px projector nothing needs a sideways scroll
    page.set_viewport_size({"width": 1024, "height": 768})
    page.wait_for_timeout(300)
    assert page.evaluate("document.documentElement.scrollWidth") <= 1024
    box = page.locator(".pl-table").bounding_box()
    assert box["width"] <= 1024 and box["height"] > 300
    assert page.outside == []  # nothing loaded from the web
    page.close()


def test_bigholdem_watch_mode_setup_parsing_and_the_deal_after_eliminations(browser, tmp_path):
    server = _bigholdem(tmp_path, seed=7)
    with server:
        page = _setup_page(browser, server)
        assert page.input_value(".pl-setup-minutes input") == "30"
        assert page.input_value(".pl-setup-unit input") == "€"
        # bad input first: refused with a message beside each field, never guessed
        page.fill(".pl-setup-players input", "2.5")
        page.fill(".pl-setup-starting-money input", "1e3")
        page.fill(".pl-setup-hands input", "")
        page.click(".pl-start")
        # one message per field: each assertion retries until its field is drawn (a hang guard)
        expect(page.locator(".pl-error-players")).to_contain_text("whole number", timeout=ms(20))
        expect(page.locator(".pl-error-starting-money")).to_contain_text("1e3", timeout=ms(20))
        expect(page.locator(".pl-error-hands")).to_contain_text("required", timeout=ms(20))
        assert page.inner_text(".pl-error-ante") == ""
        assert page.locator(".pl-play:visible").count() == 0
        # a 6-seat watch-mode game short of money, with raisers, so players are eliminated
        page.fill(".pl-setup-players input", "6")
        page.fill(".pl-setup-starting-money input", "100")
        page.fill(".pl-setup-hands input", "25")
        page.fill(".pl-setup-timer input", "0")
        for seat in (2, 4, 6):
            page.select_option(f".pl-seat-{seat} select", "always_raise")
        page.select_option(".pl-seat-3 select", "rembrant")
        page.click(".pl-start")
        page.wait_for_selector(".pl-game-over", timeout=ms(180))
        rows = page.locator(".pl-ranking-table tbody tr")
        assert rows.count() == 6
        assert "rembrant #3" in page.inner_text(".pl-ranking")
        assert "average win per hand" in page.inner_text(".pl-ranking-table thead")
        pad = "e => parseFloat(getComputedStyle(e).paddingRight)"
        assert page.eval_on_selector(".pl-ranking-table td", pad) >= 8  # "always_raise #5bot" no more
        eliminated = {}
        for r in range(6):
            cells = rows.nth(r).locator("td").all_inner_texts()
            assert cells[-1] == "" or re.fullmatch(r"after hand \d+", cells[-1])
            if cells[-1]:
                eliminated[int(cells[1].split("#")[1]) - 1] = int(cells[-1].split()[-1])
        assert eliminated, "no one was eliminated: the rotation check needs eliminations"
        hands = page.locator(".pl-history-hand").all_inner_texts()[::-1]  # newest first on the page
        dealers = [int(re.match(r"hand \d+ \(dealer .*#(\d+)\)", h).group(1)) - 1 for h in hands]
        for h in range(1, len(dealers)):
            out = {seat for seat, after in eliminated.items() if after <= h}
            expected = next((dealers[h - 1] + k) % 6 for k in range(1, 7) if (dealers[h - 1] + k) % 6 not in out)
            assert dealers[h] == expected, (h, dealers, eliminated)
        page.wait_for_selector(".pl-watch-table tbody tr", timeout=ms(30))
        assert "no games yet" in page.inner_text(".pl-leaderboard")  # watch games keep to their own list
        page.wait_for_selector(".pl-money-chart svg", timeout=ms(30))  # the chips chart, drawn offline
        assert page.outside == []
    with sqlite3.connect(tmp_path / "leaderboard.sqlite") as db:
        assert db.execute("SELECT mode, COUNT(*) FROM games GROUP BY mode").fetchall() == [("watch", 1)]
        assert db.execute("SELECT COUNT(*) FROM results").fetchone()[0] == 6


def test_bigholdem_person_with_phase1_raise_label_and_screenshots(browser, tmp_path):
    server = _bigholdem(tmp_path, seed=11)
    with server:
        page = _offline_page(browser)
        page.set_viewport_size({"width": 1280, "height": 720})
        page.goto(server.url, timeout=ms(90))
        page.wait_for_selector(".pl-setup", timeout=ms(90))
        page.fill(".pl-setup-name input", "O'Brien & <b>Co</b>")
        page.fill(".pl-setup-players input", "5")
        page.fill(".pl-setup-hands input", "3")
        page.fill(".pl-setup-timer input", "0.02")
        for seat in range(2, 6):
            page.select_option(f".pl-seat-{seat} select", "phase1" if seat % 2 else "phase2")
        page.click(".pl-start")
        page.wait_for_selector(".pl-your-turn", timeout=ms(90))
        assert page.locator(".pl-table .pl-seat").count() == 5
        assert "O'Brien & <b>Co</b>" in page.inner_text(".pl-seat-you")  # shown as typed, not as markup
        assert page.locator(".pl-seat-you b").count() == 0
        raise_button = page.locator(".pl-raise:visible, .pl-bet:visible").first
        page.fill(".pl-amount input", "55")
        page.wait_for_selector(".pl-raise:visible:has-text(' 55'), .pl-bet:visible:has-text(' 55')", timeout=ms(10))
        page.fill(".pl-amount input", "999999")
        page.wait_for_selector(".pl-amount-message:has-text('more than you can')", timeout=ms(10))
        assert raise_button.is_disabled()
        page.click(".pl-preset-pot")
        page.wait_for_function("() => document.querySelector('.pl-amount input').value !== '999999'", timeout=ms(10))
        amount = page.input_value(".pl-amount input")
        page.wait_for_selector(f".pl-raise:visible:has-text(' {amount}'), .pl-bet:visible:has-text(' {amount}')")
        assert not raise_button.is_disabled()
        shot = _shots(tmp_path) / "bigholdem.png"
        page.screenshot(path=str(shot))
        assert shot.stat().st_size > 10_000
        page.fill(".pl-amount input", "55")
        page.wait_for_selector(".pl-raise:visible:has-text(' 55'), .pl-bet:visible:has-text(' 55')", timeout=ms(10))
        stack = _int(page, ".pl-stack-you")
        raise_button.click()
        page.wait_for_function("() => /: (bet|raise) to 55/.test(document.querySelector('.pl-log').innerText)")
        log = page.inner_text(".pl-log")
        mine = re.search(r"^you: (bet|raise) to 55$", log, flags=re.M)
        assert mine, log  # the amount played is the one on the label
        assert stack > 0
        page.set_viewport_size({"width": 1024, "height": 768})  # a projector: five seats, no sideways scroll
        page.wait_for_timeout(300)
        assert page.evaluate("document.documentElement.scrollWidth") <= 1024
        seats = [page.locator(".pl-table .pl-seat").nth(k).bounding_box() for k in range(5)]
        assert all(b["x"] >= 0 and b["x"] + b["width"] <= 1024 for b in seats)
        _play_passively(page, ".pl-game-over")
        assert page.locator(".pl-table .pl-seat-bet").count() == 0
        page.wait_for_selector(".pl-leaderboard-table tbody tr", timeout=ms(30))
        assert "O'Brien & <b>Co</b>" in page.inner_text(".pl-leaderboard-table")
        assert page.outside == []
    with sqlite3.connect(tmp_path / "leaderboard.sqlite") as db:
        assert db.execute("SELECT mode FROM games").fetchall() == [("interactive",)]


def test_abandon_game_and_a_taken_port(browser, tmp_path):
    server = _bigholdem(tmp_path, seed=5, cull_after=4)
    with server:
        port = int(server.url.rsplit(":", 1)[1].strip("/"))
        taken = subprocess.run(
            [sys.executable, "-m", "pokerlab", "play", "--app", "heads-up", "--port", str(port), "--no-browser"],
            capture_output=True, text=True, timeout=hang_guard(60),
        )  # fmt: skip
        assert taken.returncode == 2 and taken.stdout == ""
        assert taken.stderr.count("\n") == 1 and f"the port {port} is taken" in taken.stderr
        page = _setup_page(browser, server)
        page.fill(".pl-setup-name input", "ann")
        page.fill(".pl-setup-players input", "3")
        page.fill(".pl-setup-timer input", "0")  # the bots answer at once: a double click's tail must not play on
        page.click(".pl-start")
        page.wait_for_selector(".pl-your-turn", timeout=ms(60))
        hands = page.locator(".pl-history-hand").count()
        page.locator(".pl-check:visible, .pl-call:visible").first.dblclick()

        def landed():  # (your actions in this hand, hands played): one action, or the hand it ended
            mine = len(re.findall(r"^you: ", page.inner_text(".pl-log").split("Last hand")[0], flags=re.M))
            return mine, page.locator(".pl-history-hand").count()

        deadline = time.monotonic() + hang_guard(60)  # the first click lands (a hang guard, scaled by the load)
        while landed() == (0, hands) and time.monotonic() < deadline:
            page.wait_for_timeout(200)  # (time.sleep would hold the routed requests)
        page.wait_for_timeout(2000)  # a second action would have landed after it by now
        assert landed() in ((1, hands), (0, hands + 1))
        assert page.locator(".pl-status .pl-error").count() == 0
        page.click(".pl-abandon")
        page.wait_for_selector(".pl-abandoned", timeout=ms(20))
        expect(page.locator(".pl-setup")).to_be_visible(timeout=ms(20))
        assert _kernels(server) == 1
        page.close()  # the page is gone: its kernel is culled once idle (cull_after=4 s)
        deadline = time.monotonic() + hang_guard(60)
        while _kernels(server) and time.monotonic() < deadline:
            time.sleep(1)
        assert _kernels(server) == 0
    with sqlite3.connect(tmp_path / "leaderboard.sqlite") as db:
        assert db.execute("SELECT COUNT(*) FROM games").fetchone()[0] == 0


def _kernels(server):
    """Kernel processes Voila runs now (a process that ends while it is looked at is not counted)."""
    count = 0
    for c in psutil.Process(server.process.pid).children(recursive=True):
        try:
            count += c.is_running() and "ipykernel" in " ".join(c.cmdline())
        except psutil.Error:
            continue
    return count


# -- issue 27 -------------------------------------------------------------------------------------


@pytest.mark.parametrize("width", [360, 480, 540, 600, 760, 900])  # 360-540: a half-screen window
def test_no_seat_box_overlaps_another_at_any_table_size(browser, width):
    from pokerlab.apps.table_view import SeatView, table_html
    from pokerlab.cards import parse_cards

    page = browser.new_page(viewport={"width": width + 40, "height": 900})
    for n in range(2, 11):
        seats = [SeatView(f"phase2 #{i + 1}", 1000, bet=10 * i, cards=(None, None), you=i == 0) for i in range(n)]
        table = table_html(seats, parse_cards("AsKdQh"), 450)
        page.set_content(f'<body style="margin:0"><div style="width:{width}px;overflow:hidden">{table}</div></body>')
        boxes = page.evaluate(
            "Array.from(document.querySelectorAll('.pl-seat')).map(e => {"
            "const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]})"
        )
        assert len(boxes) == n
        for i in range(n):
            for j in range(i + 1, n):
                a, b = boxes[i], boxes[j]
                w, h = min(a[2], b[2]) - max(a[0], b[0]), min(a[3], b[3]) - max(a[1], b[1])
                assert w <= 0 or h <= 0, f"{n} seats at {width} px: seats {i} and {j} overlap by {w * h:.0f} px²"
        # every seat can be seen: at the left, and after scrolling the table sideways to its end
        assert min(b[0] for b in boxes) >= 0, f"{n} seats at {width} px: a seat is cut off at the left"
        right = page.evaluate(
            "() => { const s = document.querySelector('.pl-table-scroll'); s.scrollLeft = 10000;"
            " return Math.max(...Array.from(document.querySelectorAll('.pl-seat'))"
            ".map(e => e.getBoundingClientRect().right)) }"
        )
        assert right <= width + 1, f"{n} seats at {width} px: a seat is cut off at {right:.0f} px"
    page.close()


def _play_cmd(port, *extra):
    return [sys.executable, "-m", "pokerlab", "play", "--app", "heads-up", "--port", str(port), "--no-browser", *extra]


def _your_cards(page):
    return page.locator(".pl-seat-you svg.pl-card").evaluate_all("cs => cs.map(c => c.getAttribute('aria-label'))")


def test_reload_kill_and_restart_on_the_same_port(browser, tmp_path):
    """A reload never deals again; kill -9 of `pokerlab play` leaves no Voila or kernel behind, the page says
    so, and the same port serves again at once; Ctrl-C with a page open frees the port at once too."""
    port = free_port()
    env = dict(os.environ, POKERLAB_DATA_DIR=str(tmp_path))
    play = subprocess.Popen(_play_cmd(port, "--seed", "3"), env=env, stdout=subprocess.PIPE, text=True)
    try:
        _wait_port(port, play)
        page = _offline_page(browser)
        page.goto(f"http://127.0.0.1:{port}/", timeout=ms(90))
        page.wait_for_selector(".pl-your-turn, .pl-hand-over", timeout=ms(90))
        first = _your_cards(page)
        page.reload(timeout=ms(90))
        page.wait_for_selector(".pl-new-page", timeout=ms(90))
        expect(page.locator(".pl-notice")).to_contain_text("new match", timeout=ms(30))
        _settled(page)  # the new match's table is drawn
        again = _your_cards(page)
        assert len(first) == len(again) == 2 and first != again  # the cards shown before are not dealt again
        page.wait_for_selector(".pl-your-turn", timeout=ms(60))
        server = psutil.Process(play.pid).children(recursive=True)
        assert server and any("ipykernel" in " ".join(p.cmdline()) for p in server)
        play.kill()  # SIGKILL: `pokerlab play` gets no chance to stop its server
        play.wait(hang_guard(30))
        _, alive = psutil.wait_procs(server, timeout=hang_guard(60))  # a hang guard: they end within seconds
        assert alive == [], [p.cmdline() for p in alive]
        page.wait_for_selector(".pl-server-gone", timeout=ms(60))
        assert "server has stopped" in page.inner_text(".pl-server-gone")
        assert "Your turn" not in page.inner_text(".pl-status")
        assert page.outside == []
        page.close()
    finally:
        if play.poll() is None:
            play.kill()
    # the same port at once, with a page open, then Ctrl-C and the same port again
    for _ in range(2):
        again = subprocess.Popen(_play_cmd(port), env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        try:
            _wait_port(port, again)
            page = _offline_page(browser)
            page.goto(f"http://127.0.0.1:{port}/", timeout=ms(90))
            page.wait_for_selector(".pl-your-turn, .pl-hand-over", timeout=ms(90))
        finally:
            again.send_signal(signal.SIGINT)
            _, err = again.communicate(timeout=hang_guard(60))
        assert again.returncode == 0 and "taken" not in err, err
        page.close()


def test_a_stopped_kernel_is_said_on_the_page(browser, tmp_path):
    server = start("heads-up", seed=4)
    with server:
        page = _offline_page(browser)
        page.goto(server.url, timeout=ms(90))
        page.wait_for_selector(".pl-your-turn, .pl-hand-over", timeout=ms(90))
        for kernel in [p for p in psutil.Process(server.process.pid).children(recursive=True)]:
            if "ipykernel" in " ".join(kernel.cmdline()):
                kernel.kill()
        # Voila notices the dead kernel and forgets it (or restarts a blank one): either way a banner
        page.wait_for_selector(".pl-server-gone", timeout=ms(90))
        page.close()


def test_a_page_load_that_timed_out_does_not_hold_a_kernel():
    """The browser gives up while Voila starts the page's kernel: no page ever connects, the kernel goes soon."""
    server = start("heads-up", seed=1, cull_after=600, cull_unconnected=4)
    with server:
        port = int(server.url.rsplit(":", 1)[1].strip("/"))
        with socket.create_connection(("127.0.0.1", port), timeout=hang_guard(30)) as s:
            s.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            s.recv(64)  # the first bytes of the page, then the "browser" gives up
        deadline = time.monotonic() + hang_guard(60)
        while not _kernels(server) and time.monotonic() < deadline:
            time.sleep(0.2)
        assert _kernels(server) >= 1  # Voila started the page's kernel
        deadline = time.monotonic() + hang_guard(120)  # a hang guard; the usual rule would keep it 600 s
        while _kernels(server) and time.monotonic() < deadline:
            time.sleep(1)
        assert _kernels(server) == 0


def test_a_fast_watch_game_draws_its_hands_and_can_be_abandoned(browser, tmp_path):
    """Timer 0, 2,000 hands: the table shows the game as it goes and "abandon game" lands (nothing recorded)."""
    server = _bigholdem(tmp_path, seed=9)
    with server:
        page = _setup_page(browser, server)
        page.fill(".pl-setup-hands input", "2000")
        page.fill(".pl-setup-timer input", "0")
        page.click(".pl-start")
        page.wait_for_function(
            "() => { const h = document.querySelector('.pl-hand-number');"
            " return h && parseInt(h.innerText.split(' ')[1]) >= 3 }",
            timeout=ms(120),
        )
        assert page.locator(".pl-table .pl-seat").count() == 10 and page.locator(".pl-game-over").count() == 0
        page.click(".pl-abandon")
        page.wait_for_selector(".pl-abandoned", timeout=ms(30))
        expect(page.locator(".pl-abandoned")).to_contain_text("finished", timeout=ms(30))
        hands = int(re.search(r"after (\d+) finished", page.inner_text(".pl-abandoned")).group(1))
        assert 2 <= hands < 2000
        page.wait_for_timeout(2000)
        assert page.locator(".pl-game-over").count() == 0 and page.locator(".pl-setup:visible").count() == 1
        assert page.outside == []
    with sqlite3.connect(tmp_path / "leaderboard.sqlite") as db:
        tables = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type='table'")}
        assert "games" not in tables or db.execute("SELECT COUNT(*) FROM games").fetchone()[0] == 0
