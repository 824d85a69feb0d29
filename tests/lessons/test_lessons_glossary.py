"""The glossary every lesson links to (issue 41, item 6): ``notebooks/glossary.ipynb``, written from the package's
``glossary.toml``, beside the lessons and every released copy; each lesson links it, and the cell where the course
(lessons in order) first uses a term defines the term in bold or links to its entry. Before, the glossary was
printed only at the end of a handout and no lesson or site page linked it."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from pokerlab.course import handout
from pokerlab.course.lessons import read_lessons
from pokerlab.course.release import notebook_text, release, student_copy

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = ROOT / "notebooks"
LESSONS = [p for p in sorted(NOTEBOOKS.glob("[0-9][0-9]_*.ipynb")) if not p.name.startswith("00")]


def _nb(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def _markdown(nb: dict) -> str:
    return "\n".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown")


def test_the_saved_glossary_notebook_is_the_packages_glossary():
    saved = (NOTEBOOKS / handout.GLOSSARY).read_text(encoding="utf-8")
    assert saved == notebook_text(handout.glossary_notebook()), (
        "notebooks/glossary.ipynb is not glossary.toml's: run "
        "python -c 'from pokerlab.course.handout import write_glossary; write_glossary(\"notebooks\")'"
    )
    text = _markdown(_nb(NOTEBOOKS / handout.GLOSSARY))
    for term in handout.glossary():
        assert f'<a id="{term.anchor}"></a>**{term.name}** (lesson {term.lesson}): ' in text
    assert "**flop** (lesson 01): The first three shared cards" in text
    for folder in (ROOT / "course" / "source").iterdir():  # nbgrader's assignments link it too
        assert (folder / handout.GLOSSARY).resolve() == (NOTEBOOKS / handout.GLOSSARY).resolve(), folder.name


@pytest.mark.parametrize("path", LESSONS, ids=[p.stem for p in LESSONS])
def test_every_lesson_and_its_student_copy_link_the_glossary(path):
    nb = _nb(path)
    assert "](glossary.ipynb)" in "".join(nb["cells"][0]["source"]), "the lesson's first cell links the glossary"
    assert "](glossary.ipynb)" in _markdown(student_copy(nb))


def test_each_term_is_defined_or_linked_where_the_course_first_uses_it():
    """In course order (lessons 01-12), the first markdown cell that uses a term (any of its names, any case,
    outside code and math) either links ``glossary.ipynb#<its anchor>`` or shows the term in bold (the lessons'
    way of defining a word); and the glossary names that lesson as the one that first uses it."""
    uses = handout.first_uses([(p.stem, _nb(p)) for p in LESSONS])
    problems = []
    for term in handout.glossary():
        if term.anchor not in uses:
            problems.append(f"{term.name}: no lesson uses it")
            continue
        stem, index = uses[term.anchor]
        cell = "".join(_nb(NOTEBOOKS / f"{stem}.ipynb")["cells"][index]["source"])
        bold = any(term.pattern.search(b) for b in re.findall(r"\*\*([^*\n]+)\*\*", cell))
        if f"](glossary.ipynb#{term.anchor})" not in cell and not bold:
            problems.append(f"{term.name}: first used in {stem} cell {index}, neither defined in bold nor linked")
        if stem[:2] != term.lesson:
            problems.append(f"{term.name}: the glossary says lesson {term.lesson}, first used in lesson {stem[:2]}")
    assert problems == []
    assert uses["term-flop"] == ("01_cards_and_hand_ranks", 7) and uses["term-turn"][0] == "02_strength_and_potential"


def test_first_uses_skip_code_math_and_link_targets():
    cells = [
        {"cell_type": "code", "source": "flop = 1"},
        {"cell_type": "markdown", "source": "`flop` $flop$ [x](flop.ipynb) <a title='flop'>"},
        {"cell_type": "markdown", "source": "On the Flop"},
    ]
    assert handout.first_uses([("01_x", {"cells": cells})])["term-flop"] == ("01_x", 2)


def test_links_to_glossary_entries_point_at_entries_that_exist():
    anchors = {t.anchor for t in handout.glossary()}
    for path in LESSONS:
        for anchor in re.findall(r"\]\(glossary\.ipynb#([^)\s]+)\)", _markdown(_nb(path))):
            assert anchor in anchors, (path.name, anchor)


def test_release_writes_the_glossary_beside_the_copies(tmp_path):
    lessons = read_lessons()[:1]
    paths = release(tmp_path / "out", lessons=lessons)
    assert [p.name for p in paths] == [f"{lessons[0].stem}.ipynb"]  # the copies; the glossary beside them
    assert (tmp_path / "out" / handout.GLOSSARY).read_text() == notebook_text(handout.glossary_notebook())
    copy = _markdown(_nb(paths[0]))
    assert "](glossary.ipynb#term-flop)" in copy and "solutions/" not in copy


def test_release_writes_the_students_course_map_and_a_handout_from_it_opens_with_it(tmp_path):
    """A student's finding: a release had no course map and no glossary. It now has both beside the copies: the
    map lists the lessons handed out (linked), the install line, minutes and the glossary, and no lecturer text;
    a handout printed from the release opens with it."""
    from pokerlab.course import slides

    lessons = read_lessons()[:2]
    release(tmp_path / "out", lessons=lessons)
    text = _markdown(_nb(tmp_path / "out" / "00_course_map.ipynb"))
    assert '`pip install "pokerlab[lab]"`' in text and "](glossary.ipynb)" in text
    # a student's finding: pokerlab is not on PyPI yet; the wheel line comes first
    assert text.index("-py3-none-any.whl[lab]") < text.index('`pip install "pokerlab[lab]"`')
    assert "| [01 · Cards and hand ranks](01_cards_and_hand_ranks.ipynb) |" in text
    assert "| 8 points checked + 4 written | 20 |" in text
    assert "03_preflop_tables" not in text  # not handed out
    for lecturer in ("90-minute lecture", "pokerlab course grade", "point to make", "solutions/"):
        assert lecturer not in text
    (lesson,) = slides.find_lessons(["01"], tmp_path / "out")
    slides.build_deck(lesson, tmp_path / "decks")
    page = (tmp_path / "decks" / "01_cards_and_hand_ranks.handout.html").read_text(encoding="utf-8")
    assert '<div class="page text course-map"><h2>The course</h2>' in page
    assert page.count("<tr><td>") == 2


def test_duplicate_is_defined_where_lesson_04_first_uses_it():
    """Lesson 04's exercise 3 asked about ``duplicate=True`` with no definition; the glossary dated it to 07."""
    uses = handout.first_uses([(p.stem, _nb(p)) for p in LESSONS])
    assert uses["term-duplicate-match"][0] == "04_rules_and_game_engine"
    assert next(t for t in handout.glossary() if t.anchor == "term-duplicate-match").lesson == "04"


def test_every_term_is_linked_where_first_used():
    """Seven glossary entries were linked from no lesson (defined in bold only), "equilibrium" among them."""
    uses = handout.first_uses([(p.stem, _nb(p)) for p in LESSONS])
    unlinked = []
    for term in handout.glossary():
        stem, index = uses[term.anchor]
        cell = "".join(_nb(NOTEBOOKS / f"{stem}.ipynb")["cells"][index]["source"])
        if f"](glossary.ipynb#{term.anchor})" not in cell:
            unlinked.append(term.name)
    assert unlinked == []
