"""How quickly the browser apps answer: page-ready time (cold and warm) and click-to-reply latency.

Run:  python benchmarks/bench_apps.py [--clicks 12]

* **page ready, cold**: a fresh `pokerlab play` server (Voila), the first page: from the browser's
  request to "Your turn." / "Hand over" on the heads-up table (this includes starting the page's
  kernel and importing pokerlab, numba and BPP's tables in it);
* **page ready, warm**: a second page on the same server (a new kernel, files in the OS cache);
* **click-to-reply**: from a click on check/call to the moment BPP's answer is on the page, with
  the app's pacing (0.4 s between moves, what players get) and without it (delay 0), median and
  worst of ``--clicks`` clicks;
* **BigHoldem page ready**: the setup panel of a fresh BigHoldem server.

The peer is the browser itself: the ratio printed is click-to-reply without pacing against
Chromium's own round trip for a page that does nothing (an empty `about:blank` evaluate), so a
slower machine moves both. Needs /usr/bin/chromium and Playwright (the `test` extra).
"""

from __future__ import annotations

import argparse
import statistics
import time

from playwright.sync_api import sync_playwright

from pokerlab.apps.serve import start

READY = ".pl-your-turn, .pl-hand-over"


def page_ready(browser, url: str, selector: str = READY) -> float:
    page = browser.new_page()
    t = time.perf_counter()
    page.goto(url, timeout=120_000)
    page.wait_for_selector(selector, timeout=120_000)
    elapsed = time.perf_counter() - t
    page.close()
    return elapsed


def click_latencies(browser, url: str, clicks: int) -> list[float]:
    page = browser.new_page()
    page.goto(url, timeout=120_000)
    times: list[float] = []
    while len(times) < clicks:
        page.wait_for_selector(READY, timeout=60_000)
        if page.locator(".pl-hand-over").count():
            page.click(".pl-deal")
            page.wait_for_selector(".pl-your-turn", timeout=60_000)
            continue
        before = page.inner_text(".pl-log")
        target = ".pl-check" if page.locator(".pl-check:visible").count() else ".pl-call"
        page.wait_for_selector(f"{target}:enabled", timeout=10_000)  # a new decision's buttons wait MIN_THINK
        t = time.perf_counter()
        page.click(target)
        page.wait_for_function(
            "([b]) => document.querySelector('.pl-log').innerText !== b && "
            "!!document.querySelector('.pl-your-turn, .pl-hand-over')",
            arg=[before],
            timeout=60_000,
        )
        times.append(time.perf_counter() - t)
    page.close()
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--clicks", type=int, default=12)
    args = parser.parse_args()
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", headless=True, args=["--no-sandbox"])
        blank = browser.new_page()
        t = time.perf_counter()
        for _ in range(20):
            blank.evaluate("1")
        round_trip = (time.perf_counter() - t) / 20
        blank.close()

        t = time.perf_counter()
        with start("heads-up", seed=3) as server:
            started = time.perf_counter() - t
            cold = page_ready(browser, server.url)
            warm = page_ready(browser, server.url)
            paced = click_latencies(browser, server.url, args.clicks)
        with start("heads-up", seed=3, delay=0.0) as server:
            page_ready(browser, server.url)
            unpaced = click_latencies(browser, server.url, args.clicks)
        with start("bigholdem", seed=3) as server:
            big = page_ready(browser, server.url, ".pl-setup")
        browser.close()
    print(f"server answering (Voila started)       {started:6.2f} s")
    print(f"heads-up page ready, cold              {cold:6.2f} s")
    print(f"heads-up page ready, warm              {warm:6.2f} s")
    print(f"BigHoldem setup page ready (cold)      {big:6.2f} s")
    print(f"click-to-reply, paced 0.4 s            median {statistics.median(paced):.3f} s, worst {max(paced):.3f} s")
    print(
        f"click-to-reply, no pacing              median {statistics.median(unpaced):.3f} s, worst {max(unpaced):.3f} s"
    )
    print(
        f"ratio to Chromium's own round trip ({round_trip * 1000:.1f} ms): "
        f"{statistics.median(unpaced) / round_trip:.0f}x"
    )


if __name__ == "__main__":
    main()
