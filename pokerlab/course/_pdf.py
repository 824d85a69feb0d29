"""Printing a deck or a handout to PDF: Playwright (``pokerlab[course]``, imported only here, only when asked)
drives the system's Chromium, waits until reveal.js has laid out its print view and every picture has loaded,
and prints with the page's own CSS page size.

Apart because it is the only part of the decks that starts a browser: building a deck never needs it.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import shutil
from pathlib import Path

from pokerlab import _validate
from pokerlab._files import write_bytes
from pokerlab.course import _extra
from pokerlab.course._pieces import HEIGHT, WIDTH
from pokerlab.errors import DataError

CHROMIUM = "/usr/bin/chromium"


def print_pdf(
    deck: str | Path, pdf: str | Path | None = None, chromium: str = CHROMIUM, *, handout: bool = False
) -> Path:
    """Print a deck to PDF with headless Chromium: reveal's ``?print-pdf`` view, one page per slide (with
    ``handout=True``, ``deck`` is a handout page, ``<stem>.handout.html``, printed as it is: A4, slides beside
    their notes).

    Playwright (the ``course`` extra) drives the system's Chromium at ``chromium``: it opens the deck, waits
    until reveal.js has laid out its print view and every picture has loaded, then prints with the page's own
    CSS page size (``chromium --print-to-pdf`` alone prints when the load event fires, which can come before
    reveal's pages, a blank page now and then).
    """
    _extra.require("printing a deck to PDF", _extra.PDF)
    from playwright.sync_api import Error, sync_playwright  # lazy: about 0.1 s, for --pdf only

    _validate.path(deck, "deck must be the path of a deck", empty=False)
    if pdf is not None:
        _validate.path(pdf, "pdf must be the path of the PDF to write", empty=False)
    _validate.text(chromium, "chromium", message=f"chromium must be the path of a Chromium program, not {chromium!r}")
    deck = Path(deck)
    if not deck.is_file():
        raise DataError(f"no deck {str(deck)!r} to print")
    target = Path(pdf) if pdf is not None else deck.with_suffix(".pdf")
    if shutil.which(chromium) is None:
        raise DataError(f"--pdf needs Chromium at {chromium}, which is not installed (apt-get install chromium)")
    _validate.flag(handout, "handout")
    url = deck.resolve().as_uri() + ("" if handout else "?print-pdf")
    ready = "document.body && document.body.dataset.ready === '1'" + (
        "" if handout else " && !!document.querySelector('.pdf-page')"
    )
    pictures = "[...document.images].every(i => i.complete)"

    def chromium_prints() -> bytes:
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(
                    executable_path=chromium, headless=True, args=["--no-sandbox", "--disable-gpu"]
                )
                try:
                    page = browser.new_page(viewport={"width": WIDTH, "height": HEIGHT})  # the slides' own size
                    page.goto(url, wait_until="load")
                    page.wait_for_function(f"() => ({ready}) && {pictures}", timeout=120_000)  # a hang guard: ~1 s
                    return page.pdf(print_background=True, prefer_css_page_size=True)
                finally:
                    browser.close()
        except Error as exc:  # playwright's errors (its TimeoutError too): Chromium could not open or print the deck
            raise DataError(f"Chromium could not print {str(deck)!r}: {str(exc).splitlines()[0]}") from None

    # Playwright's sync API refuses to run where an asyncio loop runs (a Jupyter notebook, an async test): there
    # it prints from a thread of its own
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        data = chromium_prints()
    else:
        with concurrent.futures.ThreadPoolExecutor(1) as pool:
            data = pool.submit(chromium_prints).result()
    write_bytes(target, data)
    return target
