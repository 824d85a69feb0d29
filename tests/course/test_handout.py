"""The handout a student keeps (issue 41, item 6): `pokerlab course slides OUT --handout` opens with the students'
course map and ends with a glossary that the slides link to. Before, the handout had no course map, and what
students received never defined flop, turn and river, and used Loki, Phase II-III, NashConv and EV unexplained.
Read in the handout's HTML (tests/course/test_slides_backrow.py prints one and counts its pages)."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest

from pokerlab.course import handout, slides

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"


@pytest.fixture(scope="module")
def folder(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("handout")
    (lesson,) = slides.find_lessons(["01"], NOTEBOOKS)
    slides.build_deck(lesson, out)
    return out


@pytest.fixture(scope="module")
def page(folder) -> str:
    return (folder / "01_cards_and_hand_ranks.handout.html").read_text(encoding="utf-8")


def test_the_lecturers_deck_shows_no_nbgrader_marker(folder):
    """A lecturer's finding: 53 code slides showed ``### BEGIN HIDDEN TESTS`` / ``### END HIDDEN TESTS``; the hidden
    checks now follow a comment saying what they are. The folder holds only the pictures the deck and handout show."""
    deck = (folder / "01_cards_and_hand_ranks.slides.html").read_text(encoding="utf-8")
    text = html.unescape(re.sub(r"<[^>]+>", "", deck))
    assert "BEGIN HIDDEN" not in text and "END HIDDEN" not in text and "BEGIN SOLUTION" not in text
    assert text.count("# hidden checks (pokerlab course grade runs them") == 4  # lesson 01's four check cells
    handout = (folder / "01_cards_and_hand_ranks.handout.html").read_text(encoding="utf-8")
    shown = set(re.findall(r'src="01_cards_and_hand_ranks_files/([^"]+)"', deck + handout))
    assert shown == {p.name for p in (folder / "01_cards_and_hand_ranks_files").iterdir()}


def _pages(page: str) -> list[str]:
    return re.split(r'(?=<div class="page)', page.split("<body>", 1)[1])[1:]


def test_the_handout_opens_with_the_students_course_map(page):
    first = _pages(page)[0]
    assert first.startswith('<div class="page text course-map">') and "<h2>The course</h2>" in first
    lessons = sorted(p.name for p in NOTEBOOKS.glob("[0-9][0-9]_*.ipynb") if not p.name.startswith("00"))
    rows = re.findall(r"<tr><td>(.*?)</td><td>(.*?)</td><td>(\d+)</td></tr>", first)
    assert len(rows) == len(lessons) == 12
    assert html.unescape(rows[0][0]) == "01 · Cards and hand ranks"
    assert html.unescape(rows[11][0]) == "12 · Equilibrium after the flop"
    # the students' version: no lecture plan, no grading, no notebook links
    for lecturer in ("A 90-minute lecture", "pokerlab course grade", "the point to make", ".ipynb"):
        assert lecturer not in first


def test_the_handout_ends_with_the_glossary_and_each_link_has_its_entry(page):
    last = _pages(page)[-1]
    assert last.startswith('<div class="page text glossary">')
    entries = dict(re.findall(r'<dt id="(term-[^"]+)">(.*?) <span', last))
    names = {html.unescape(n) for n in entries.values()}
    for term in (
        "flop",
        "turn",
        "river",
        "EV (expected value)",
        "equity",
        "pot odds",
        "exploitability, NashConv",
        "Phase I, II, III",
        "Loki",
        "showdown model, trust",
        "confidence interval (95 %)",
    ):
        assert term in names, term
    links = re.findall(r'<a class="term" href="#(term-[^"]+)">', page)
    assert {"term-flop", "term-hole-cards"} <= set(links)
    assert set(links) <= set(entries)
    assert len(links) == len(set(links))  # each term linked once: at its first use


def test_the_glossary_says_what_the_theorist_asked():
    terms = {t.name: t.text for t in handout.glossary()}
    assert "not a probability" in terms["effective hand strength (EHS)"]
    assert "NashConv / 2" in terms["exploitability, NashConv"]
    assert "if no more betting follows" in terms["pot odds"]
    assert "test the difference" in terms["confidence interval (95 %)"]
    # a theorist's findings: four entries that disagreed with the lessons
    assert "heads-up, the button posts the small blind" in terms["blinds, bb, mbb"]
    assert terms["effective hand strength (EHS)"].startswith("HS_n + (1 − HS_n) × PPOT")
    assert "without any uncalled chips that go back to the bettor" in terms["pot odds"]
    assert "pure bluff (no showdown value, no card removal)" in terms["minimum defence frequency"]
    assert "any two cards" not in terms["minimum defence frequency"]


def test_links_skip_code_math_headings_and_tags():
    seen: set[str] = set()
    text = '<h2>The flop</h2><p><code>flop</code> <img alt="flop"> then the flop and the flops</p>'
    out = handout.linked(text, seen)
    assert out == (
        '<h2>The flop</h2><p><code>flop</code> <img alt="flop"> then the <a class="term" href="#term-flop">flop</a>'
        " and the flops</p>"
    )
    assert handout.linked("<p>the flop</p>", seen) == "<p>the flop</p>"  # linked once per handout


def test_the_handout_is_the_students_whatever_the_deck(folder, page):
    """A student's finding: the handout built as the docs say (from the lessons) printed every solution and the
    hidden tests. The handout is now built from the student copy, its speaker notes kept; the lecturer's deck
    beside it still shows the solutions."""
    text = html.unescape(re.sub(r"<[^>]+>", "", page))
    deck = html.unescape(re.sub(r"<[^>]+>", "", (folder / "01_cards_and_hand_ranks.slides.html").read_text()))
    assert '"AKo": 4 * 3' in deck and "Solution" in deck  # the lecturer's deck
    assert '"AKo": 4 * 3' not in text and "raise NotImplementedError()" in text
    assert "hidden checks" not in text and "HIDDEN" not in text and "Solution" not in text
    # the notes beside each slide are the sections' points; minutes, questions and misconceptions are the lecturer's
    assert "The point:" in text
    assert "Expect:" not in text and "Students ask:" not in text and "instructor notes add up" not in text
    assert not re.search(r"\b\d+ min\b", text)


def test_the_sites_handout_and_the_printed_handout_are_one_document(folder, page, tmp_path):
    """A lecturer's finding: the site's handout (from the student copy) printed empty notes while
    ``course slides --handout`` printed the lecturer's notes ("Expect: ..."), two documents for students."""
    import json

    from pokerlab.course.release import student_copy

    nb = student_copy(json.loads((NOTEBOOKS / "01_cards_and_hand_ranks.ipynb").read_text()))
    (tmp_path / "01_cards_and_hand_ranks.ipynb").write_text(json.dumps(nb))
    slides.build_deck(tmp_path / "01_cards_and_hand_ranks.ipynb", tmp_path / "out")
    site = (tmp_path / "out" / "01_cards_and_hand_ranks.handout.html").read_text()

    def notes(text: str) -> list[str]:
        return re.findall(r"<b>The point:</b>[^<]*", text)

    assert notes(site) and notes(site) == notes(page)


def test_a_deck_of_a_student_copy_says_nothing_of_instructor_minutes(tmp_path):
    """A lecturer's finding: the site's decks (from student copies) said "the sections' instructor notes add up to
    0 minutes" on their first slide."""
    import json

    from pokerlab.course.release import student_copy

    nb = student_copy(json.loads((NOTEBOOKS / "01_cards_and_hand_ranks.ipynb").read_text()))
    (tmp_path / "01_cards_and_hand_ranks.ipynb").write_text(json.dumps(nb))
    deck = slides.build_deck(tmp_path / "01_cards_and_hand_ranks.ipynb", tmp_path / "out").read_text()
    assert "instructor notes add up" not in deck
    handout = (tmp_path / "out" / "01_cards_and_hand_ranks.handout.html").read_text()
    assert "instructor notes add up" not in handout
    assert "(no notes)" not in handout  # a student's finding: every slide of the site's handouts said "(no notes)"


def test_links_take_the_noun_not_the_verb_and_find_phase_ii_iii():
    """A student's finding: the handout linked the verb "turns" to the fourth card and missed "Phase II-III"."""
    out = handout.linked("<p>The report turns strength into actions on the turn; its Phase II-III bots</p>", set())
    assert "turns strength" in out and 'href="#term-turn">turn</a>;' in out
    assert '<a class="term" href="#term-phase-i-ii-iii">Phase II</a>-III' in out
