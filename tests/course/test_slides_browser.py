"""The decks of `pokerlab course slides` in Chromium, opened from file:// with the network blocked.

Every request is routed; one that is not file:, data:, blob: or about: is counted and refused. Each slide
is shown in turn at 1280×720 and measured: its content's height (scrollHeight) and width, its text and
pictures, any formula left as raw $…$, and the speaker notes of each numbered section. The speaker view
(S) is opened and must show the notes; --pdf must give a PDF with a page per slide; --lecture must hold
the course map's path in order. Skipped when there is no /usr/bin/chromium (CI installs it).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.support.browser import block_network, chromium, ms, require_chromium

require_chromium()

from pokerlab.course import slides  # noqa: E402
from tests.support.shared_decks import built_decks  # noqa: E402

pytestmark = pytest.mark.slow

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
LESSONS = sorted(p.stem for p in NOTEBOOKS.glob("[0-9][0-9]_*.ipynb") if not p.name.startswith("00"))

# Show each slide in turn (reveal hides all but the nearby ones) and measure it.
MEASURE = r"""() => {
  const raw = /\$[^$\s][^$]*?[^$\s\\]\$(?!\d)|\$\$/;
  return Reveal.getSlides().map((s, i) => {
    const ix = Reveal.getIndices(s);
    Reveal.slide(ix.h, ix.v, 99);
    pokerlabFit(Reveal);
    const clone = s.cloneNode(true);
    clone.querySelectorAll('aside.notes, pre, code').forEach(e => e.remove());
    const shown = clone.textContent;
    const notes = s.querySelector('aside.notes');
    const heading = s.querySelector('h1, h2');
    return {i: i, height: s.scrollHeight, width: s.scrollWidth, fit: s.dataset.fit ? Number(s.dataset.fit) : 1,
            text: s.innerText.trim().length, images: s.querySelectorAll('img').length,
            raw: raw.test(shown) ? shown.match(raw)[0] : null, notes: notes ? notes.textContent : '',
            heading: heading ? heading.textContent : '', section: s.dataset.section};
  });
}"""
BROKEN_IMAGES = "() => [...document.images].filter(i => !(i.complete && i.naturalWidth > 0)).map(i => i.src)"


@pytest.fixture(scope="module")
def decks(tmp_path_factory, request):
    *lessons, lecture = built_decks(tmp_path_factory, request.config, tmp_path_factory.mktemp("decks"))
    built = {p.name.removesuffix(".slides.html"): p for p in lessons}  # slides.build_slides(out)
    built["lecture"] = lecture  # slides.build_slides(out, lecture=True)[0]
    return built


@pytest.fixture(scope="module")
def browser():
    with chromium() as b:
        yield b


def _open(browser, deck: Path):
    """A page with the deck loaded and every request routed; returns (context, page, requests off the machine)."""
    context = browser.new_context(viewport={"width": 1280, "height": 720})
    off = block_network(context)
    page = context.new_page()
    page.goto(deck.resolve().as_uri())
    page.wait_for_function("document.body.dataset.ready === '1'", timeout=ms(60))
    return context, page, off


@pytest.mark.parametrize("name", [*LESSONS, "lecture"])
def test_deck_offline_every_slide_fits_and_shows_content_math_pictures_and_notes(decks, browser, name):
    context, page, off = _open(browser, decks[name])
    try:
        measured = page.evaluate(MEASURE)
        page.wait_for_load_state("load")
        broken = page.evaluate(BROKEN_IMAGES)
        images = page.evaluate("() => document.images.length")
    finally:
        context.close()
    assert off == [], f"requests off the machine: {off}"
    assert len(measured) >= 8
    assert broken == [] and images >= 1
    for s in measured:
        where = f"{name} slide {s['i'] + 1}: {s['heading'] or s['section']}"
        assert s["text"] > 0 or s["images"] > 0, f"{where} is empty"
        assert s["raw"] is None, f"{where} shows raw math {s['raw']!r}"
        assert 0 < s["height"] <= 720 and s["width"] <= 1280, f"{where} is {s['width']}x{s['height']}"
        assert s["fit"] >= slides.MIN_FIT, f"{where} had to shrink to {s['fit']}"
        if re.match(r"\d+\.", s["heading"]):
            assert "The point:" in s["notes"] and "Students ask:" in s["notes"], f"{where} has no speaker notes"
            assert re.search(r"\d+ min", s["notes"]), where


def test_speaker_view_opens_offline_and_shows_the_notes_of_the_slide(decks, browser):
    context, page, off = _open(browser, decks["02_strength_and_potential"])
    try:
        page.keyboard.press("ArrowRight")  # "1. Table 4, recomputed to the count"
        with context.expect_page() as popup:
            page.keyboard.press("s")
        view = popup.value
        view.wait_for_function(
            "() => (document.querySelector('.speaker-controls-notes') || {}).innerText?.includes('Students ask')",
            timeout=ms(30),
        )
        notes = view.evaluate("() => document.querySelector('.speaker-controls-notes').innerText")
    finally:
        context.close()
    assert off == []
    assert "5 min" in notes and "1,081 opponent hands" in notes and "Expect:" in notes


def test_pdf_has_a_page_per_slide(decks, tmp_path):
    deck = decks["02_strength_and_potential"]
    pdf = slides.print_pdf(deck, tmp_path / "02.pdf")
    data = pdf.read_bytes()
    assert data[:5] == b"%PDF-"
    pages = len(re.findall(rb"/Type\s*/Page[^s]", data))
    leaves = deck.read_text(encoding="utf-8").count('<section data-section="')
    assert pages >= leaves >= 10


def test_a_pdf_prints_where_an_asyncio_loop_runs(decks, tmp_path):
    """In a notebook (or beside the browser tests) an asyncio loop runs, where Playwright's sync API refuses to
    start ("using Playwright Sync API inside the asyncio loop"; CI met it): print_pdf then prints from a thread."""
    import asyncio
    from concurrent.futures import ThreadPoolExecutor

    async def inside_a_loop():
        return slides.print_pdf(decks["01_cards_and_hand_ranks"], tmp_path / "01.pdf")

    with ThreadPoolExecutor(1) as pool:  # a thread of its own: the test's own thread may run a loop already
        pdf = pool.submit(asyncio.run, inside_a_loop()).result()
    assert pdf.read_bytes()[:5] == b"%PDF-"


def test_lecture_deck_follows_the_course_maps_path(decks, browser):
    context, page, off = _open(browser, decks["lecture"])
    try:
        measured = page.evaluate(MEASURE)
    finally:
        context.close()
    sections = [s["section"] for s in measured if re.match(r"\d+\.", s["heading"])]
    steps = slides.lecture_path()  # course/lecture.toml, which the course map's table is written from
    assert sections == [n for step in steps for n in step.sections]
    timed = [s["notes"] for s in measured if "of the lecture" in s["notes"]]
    assert [re.search(r"Minutes (\d+)-(\d+)", t).groups() for t in timed] == [
        (str(step.start), str(step.end)) for step in steps
    ]
    assert off == []


CODE_SIZES = r"""() => Reveal.getSlides().flatMap(s => {
  const ix = Reveal.getIndices(s);
  Reveal.slide(ix.h, ix.v, 99);
  return [...s.querySelectorAll('pre code')].map(c => ({
    px: parseFloat(getComputedStyle(c).fontSize), wide: c.scrollWidth > c.clientWidth + 1,
    right: c.getBoundingClientRect().right, text: c.textContent.slice(0, 40)}));
})"""


@pytest.mark.parametrize("name", ["02_strength_and_potential", "lecture"])
def test_code_on_a_slide_is_readable_from_the_back_row_and_never_clipped(decks, browser, name):
    context, page, _ = _open(browser, decks[name])
    try:
        sizes = page.evaluate(CODE_SIZES)
    finally:
        context.close()
    assert sizes
    for s in sizes:
        assert s["px"] >= 16, f"{name}: code {s['text']!r} is drawn at {s['px']} px"
        assert not s["wide"] and s["right"] <= 1280, f"{name}: code {s['text']!r} is clipped"
    # most code is short enough for the largest size (it was 14.4 px everywhere)
    assert sum(s["px"] for s in sizes) / len(sizes) >= 18
