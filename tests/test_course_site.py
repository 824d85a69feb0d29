"""The course site (``pokerlab course site``): static, offline, every lesson reachable, formulas rendered.

Slow: building takes about half a minute, and the pages are opened in Chromium with every request that
leaves the machine refused and counted.
"""

from __future__ import annotations

import html
import re
from pathlib import Path
from urllib.parse import urlparse

import pytest

from pokerlab.course.lessons import read_lessons
from tests.peers import peer

pytestmark = pytest.mark.slow
LESSONS = read_lessons()


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    peer("myst_nb")
    from pokerlab.course.site import build_site

    out = tmp_path_factory.mktemp("site")
    (out / "slides").mkdir()
    (out / "slides" / "01_cards_and_hand_ranks.slides.html").write_text("<html><body>deck</body></html>")
    report = build_site(out, slides=False)
    assert Path(report["index"]) == out / "index.html"
    return out


def _pages(site):
    return (
        [site / "index.html"]
        + [site / f"{les.stem}.html" for les in LESSONS]
        + [site / "solutions" / f"{les.stem}_solutions.html" for les in LESSONS]
    )


def test_every_lesson_and_its_solutions_are_pages_reachable_from_the_index(site):
    html = (site / "index.html").read_text()
    links = set(re.findall(r'href="([^"#]+)', html))
    for les in LESSONS:
        assert f"{les.stem}.html" in links, f"index does not link {les.stem}"
        page = (site / f"{les.stem}.html").read_text()
        assert f'href="solutions/{les.stem}_solutions.html' in page, f"{les.stem} does not link its solutions page"
    assert not any(link.endswith(".ipynb") for link in links)


def test_the_site_has_a_search_box_and_its_index(site):
    assert 'action="search.html"' in (site / "index.html").read_text()
    assert (site / "search.html").is_file() and (site / "searchindex.js").stat().st_size > 10_000
    assert "equity" in (site / "searchindex.js").read_text()


def test_a_built_slide_deck_is_linked_from_its_lesson(site):
    assert 'href="slides/01_cards_and_hand_ranks.slides.html"' in (site / "01_cards_and_hand_ranks.html").read_text()
    assert "slides/" not in (site / "02_strength_and_potential.html").read_text()


def test_readers_see_no_test_markers_solutions_or_prompts_on_lesson_pages(site):
    for page in _pages(site):
        text = page.read_text()
        assert "NBVAL_CHECK_OUTPUT" not in text and "BEGIN SOLUTION" not in text and "BEGIN HIDDEN" not in text
        assert not re.search(r"In\s*\[\s*\d*\s*\]:", text)
    assert (site / "02_strength_and_potential.html").read_text().count("_static/mathjax/tex-chtml-full.js") == 1

    def text(name):
        return html.unescape(re.sub(r"<[^>]+>", "", (site / name).read_text()))

    lesson = text("01_cards_and_hand_ranks.html")
    assert "raise NotImplementedError()" in lesson and '"AKo": 4 * 3' not in lesson
    assert '"AKo": 4 * 3' in text("solutions/01_cards_and_hand_ranks_solutions.html")


def test_no_page_names_a_script_or_stylesheet_on_the_web_and_mathjax_is_local(site):
    for page in _pages(site):
        text = page.read_text()
        remote = re.findall(r'<(?:script|link)[^>]+(?:src|href)="(https?:[^"]+)"', text)
        assert remote == [], (page.name, remote[:3])
        assert text.count("tex-chtml-full.js") <= 1  # Sphinx adds it to the pages with formulas
        assert "thebe" not in text.lower()


def test_in_chromium_offline_nothing_leaves_the_machine_images_load_and_formulas_render(site):
    from tests.browser import CHROMIUM, block_network, chromium

    if not CHROMIUM.exists():
        pytest.skip("no /usr/bin/chromium here (apt-get install chromium)")
    results = {}
    with chromium() as browser:
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        off_machine = block_network(page)
        page.goto((site / "index.html").as_uri(), wait_until="load")
        hrefs = page.evaluate("() => [...document.querySelectorAll('a[href]')].map(a => a.href)")
        reached = {urlparse(h).path.rsplit("/", 1)[-1] for h in hrefs}
        for les in LESSONS:
            assert f"{les.stem}.html" in reached
        for target in _pages(site):
            page.goto(target.as_uri(), wait_until="load")
            page.wait_for_function("() => !window.MathJax || (MathJax.startup && MathJax.startup.promise)")
            page.evaluate("() => window.MathJax && MathJax.startup ? MathJax.startup.promise : null")
            results[target.name] = page.evaluate(
                """() => {
                    const imgs = [...document.querySelectorAll('article img')];
                    const body = document.querySelector('article') || document.body;
                    const copy = body.cloneNode(true);
                    copy.querySelectorAll('pre, code, script, mjx-container, .highlight').forEach(e => e.remove());
                    const raw = (copy.innerText.match(/\\$[^$\\n]{1,80}\\$/g) || []).length
                              + (copy.innerText.match(/\\\\\\(|\\\\\\[/g) || []).length;
                    const edge = body.getBoundingClientRect().right + 2;
                    const wide = [...document.querySelectorAll('article img, article pre')]
                        .filter(e => e.getBoundingClientRect().right > edge).length;
                    const broken = imgs.filter(i => !i.complete || i.naturalWidth === 0).length;
                    const math = document.querySelectorAll('mjx-container').length;
                    return {images: imgs.length, broken, math, raw, wide};
                }"""
            )
        # printed to A4 (794 CSS pixels wide at 96 dpi): no picture or code block is wider than the text
        page.set_viewport_size({"width": 794, "height": 1123})
        page.emulate_media(media="print")
        for name in ("02_strength_and_potential.html", "08_bpp_bayesian_network.html"):
            page.goto((site / name).as_uri(), wait_until="load")
            results[f"print {name}"] = page.evaluate(
                """() => {
                    const body = document.querySelector('article') || document.body;
                    const edge = Math.min(body.getBoundingClientRect().right, window.innerWidth) + 2;
                    const wide = [...document.querySelectorAll('article img, article pre')]
                        .filter(e => e.getBoundingClientRect().right > edge).length;
                    return {images: 0, broken: 0, math: 0, raw: 0, wide};
                }"""
            )
    assert off_machine == [], off_machine[:5]
    for name, r in results.items():
        assert r["broken"] == 0, (name, r)
        assert r["raw"] == 0, (name, r)
        assert r["wide"] == 0, (name, r)
    assert results["02_strength_and_potential.html"]["math"] > 10
    assert sum(r["images"] for r in results.values()) > 20


def test_the_sites_slide_decks_show_no_solution_and_no_hidden_test(tmp_path):
    """The site links a deck from every lesson page, for students: before, the decks were built from the
    lessons themselves and showed every solution region and hidden test (e.g. 8 and 4 in lesson 05's deck)."""
    from pokerlab.course import site as site_module

    assert site_module._build_slides(tmp_path) == ""
    for les in LESSONS:
        deck = (tmp_path / "slides" / f"{les.stem}.slides.html").read_text(encoding="utf-8")
        text = html.unescape(re.sub(r"<[^>]+>", "", deck))
        for marker in ("BEGIN SOLUTION", "END SOLUTION", "BEGIN HIDDEN TESTS"):
            assert marker not in text, (les.stem, marker)
        for e in les.exercises:  # no hidden assert reaches a deck
            hidden = e.check.split("### BEGIN HIDDEN TESTS")[1].split("### END HIDDEN TESTS")[0]
            for line in (ln.strip() for ln in hidden.splitlines()):
                assert not line.startswith("assert ") or line not in text, (les.stem, line)
        assert "raise NotImplementedError()" in text
