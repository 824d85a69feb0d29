"""Slide decks of the lessons: reveal.js, offline, with speaker notes.

``pokerlab course slides OUT [LESSON ...]`` writes ``OUT/<lesson file stem>.slides.html`` for each
lesson, built from the lesson itself:

* the cells' standard slide metadata (``metadata.slideshow.slide_type``: ``slide``, ``subslide``,
  ``fragment``, ``skip``, ``notes`` or ``-``) decides where slides start; a ``##`` heading always
  starts a slide, even in the middle of a cell, and a ``###`` heading a sub-slide;
* the instructor notes on a section's heading cell (``metadata.pokerlab.instructor``: minutes, the
  point to make, the question students ask, the misconception to expect) become reveal.js speaker
  notes (``<aside class="notes">``), shown by the speaker view (press S);
* charts are the PNG pictures the saved lesson holds; an explorer is the picture of its saved chart;
* math is converted to MathML when the deck is built (latex2mathml), which Chromium and Firefox
  draw natively: the deck runs no math JavaScript.

Nothing is loaded from the network: reveal.js (5.2, MIT licence, the files the ``sphinx-revealjs`` package
ships) is copied into ``OUT/reveal/`` and the pictures into ``OUT/<stem>_files/``. A slide is 1280×720; a
slide that would be taller is cut into sub-slides when it is built (an estimate of each block's
height), and as a last resort the page shrinks a slide's content to fit (never below
:data:`MIN_FIT`).

``--pdf`` prints each deck through headless Chromium (reveal's ``?print-pdf`` view);
``--lecture`` builds the 90-minute lecture written in ``course/lecture.toml`` (:mod:`pokerlab.course.lecture`,
the file the course map's table is written from) as one deck: a title slide, a divider before each lesson, the
lecturer's own slides from ``course/lecture/``, sections numbered within the lecture, each step's time in the
speaker notes.

This module is the front door (:func:`build_slides` and the names in ``__all__``); the work is done by modules of
one concept each, imported from here:

* :mod:`pokerlab.course._pieces`: the slide's measures and pieces (a block, a part, a slide, a deck's pictures);
* :mod:`pokerlab.course._markdown`: markdown and MathML, text heights, long paragraphs and lists cut for a slide;
* :mod:`pokerlab.course._layout`: slides from cells (code and outputs, notes, sections), packed to fit;
* :mod:`pokerlab.course._charts_on_slides`: charts drawn from their Vega-Lite spec at the size of their slot;
* :mod:`pokerlab.course._pages`: the deck and handout HTML pages and the copy of reveal.js;
* :mod:`pokerlab.course._deck`: finding and reading the lessons, one lesson's deck (:func:`build_deck`);
* :mod:`pokerlab.course._lecture_deck`: the lecture as one deck (:func:`build_lecture`);
* :mod:`pokerlab.course._pdf`: printing a deck or handout with Playwright and Chromium (:func:`print_pdf`).
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from pokerlab import _validate
from pokerlab.course import _extra
from pokerlab.course._deck import _folder as _folder, _out_folder, build_deck, find_lessons
from pokerlab.course._layout import CODE_PX_MAX as CODE_PX_MAX, CODE_PX_MIN as CODE_PX_MIN, _code_px as _code_px
from pokerlab.course._lecture_deck import build_lecture
from pokerlab.course._pages import HANDOUT_PER_PAGE as HANDOUT_PER_PAGE
from pokerlab.course._pdf import CHROMIUM as CHROMIUM, print_pdf
from pokerlab.course._pieces import BUDGET as BUDGET, HEIGHT as HEIGHT, MIN_FIT as MIN_FIT, WIDTH as WIDTH
from pokerlab.course.lecture import LectureStep, lecture_path

_extra.require("pokerlab course slides", _extra.DECKS)  # latex2mathml, mistune, reveal.js: pokerlab[course]

__all__ = [
    "LectureStep",
    "build_deck",
    "build_lecture",
    "build_slides",
    "find_lessons",
    "lecture_path",
    "print_pdf",
]


def build_slides(
    out: str | Path,
    lessons: Iterable[str] | None = None,
    *,
    pdf: bool = False,
    lecture: bool = False,
    notebooks: str | Path | None = None,
    handout: bool = False,
    lecture_file: str | Path | None = None,
) -> list[Path]:
    """Decks for the lessons (every lesson for None), or the lecture deck with ``lecture=True``; PDFs with ``pdf=True``;
    with ``handout=True`` a handout PDF of each (``<stem>.handout.pdf``: three slides to an A4 page, each beside its
    speaker notes, printed from the ``<stem>.handout.html`` written beside every deck).

    ``lecture_file`` names the lecture's file (default: ``course/lecture.toml`` beside the lessons, see
    :mod:`pokerlab.course.lecture`); it builds the lecture deck.

    Returns the files written (decks, then PDFs, then handouts).
    """
    for name, flag in (("pdf", pdf), ("lecture", lecture), ("handout", handout)):
        _validate.flag(flag, name)
    _out_folder(out)
    decks = (
        [build_lecture(out, notebooks, lecture_file)]
        if lecture or lecture_file is not None
        else [build_deck(p, out) for p in find_lessons(lessons, notebooks)]
    )
    pdfs = [print_pdf(d) for d in decks] if pdf else []
    handouts = []
    if handout:
        for d in decks:
            page = d.with_name(d.name.replace(".slides.html", ".handout.html"))
            handouts.append(print_pdf(page, page.with_suffix(".pdf"), handout=True))
    return decks + pdfs + handouts
