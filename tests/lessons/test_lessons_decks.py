"""What a lesson's deck shows of an explorer (issue 41, item 4; a lecturer's finding): an explorer runs only in a
live notebook, so a deck shows its saved picture, and where the slide shrinks that picture below its size in the
notebook (BPPInspector's to about three quarters) its text is smaller than on screen. The slide then says so and
where to read it. Before, nothing said so, and teach.md did not tell."""

from __future__ import annotations

import re
from pathlib import Path

from pokerlab.course import slides

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"


def test_a_shrunk_explorer_picture_says_how_much_and_where_to_read_it(tmp_path):
    (lesson,) = slides.find_lessons(["08"], NOTEBOOKS)
    deck = slides.build_deck(lesson, tmp_path).read_text(encoding="utf-8")
    pictures = re.findall(
        r'<img class="chart" src="[^"]+" data-w="(\d+)" data-h="\d+" alt="chart" style="width:(\d+)px;[^"]*">'
        r'(<p class="live-note"[^>]*>The explorer as saved, at (\d+) % of its size in the notebook)?',
        deck,
    )
    assert pictures
    noted = [(int(w), int(shown), int(pct)) for w, shown, note, pct in pictures if note]
    assert noted, "BPPInspector's picture is shrunk on its slide"
    for w, shown, pct in noted:
        assert shown < w and pct == round(100 * shown / w) and pct >= 60
    assert [n[0] for n in noted].count(912) == 1  # BPPInspector, 912 CSS pixels wide in the notebook
    assert "run the lesson live (RISE) to read and use it" in deck
    # a chart drawn from its spec or a picture shown at its size carries no note
    assert deck.count('class="live-note"') == len(noted)
