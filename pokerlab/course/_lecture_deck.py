"""The lecture as one deck (``pokerlab course slides --lecture``): the steps written in ``course/lecture.toml``
(read by :mod:`pokerlab.course.lecture`) as a title slide, a divider before each lesson, the lecturer's own
slides, and the sections taken from the lessons numbered within the lecture, each step's minutes in the speaker
notes.

Built from the same parts as a lesson's deck (:mod:`pokerlab.course._deck`, ``_layout``, ``_pages``); it is
reached as :func:`pokerlab.course.slides.build_lecture`, where :mod:`pokerlab.course.lecture` points.
"""

from __future__ import annotations

import html
import re
from pathlib import Path

from pokerlab._files import write_text
from pokerlab.course._charts_on_slides import _draw_charts
from pokerlab.course._deck import _folder, _out_folder, _read_notebook, _solutions_headed, _unlinked, find_lessons
from pokerlab.course._layout import _layout, _parts
from pokerlab.course._markdown import _inline
from pokerlab.course._pages import _copy_reveal, _deck_html, _handout_html
from pokerlab.course._pieces import _SECTION_NUMBER, _Assets, _Block, _Part
from pokerlab.course.lecture import lesson_name, own_slides_cells, read_lecture
from pokerlab.errors import DataError


def _step_notes(notes: str) -> str:
    """A section's notes in the lecture without the lesson's minutes: its "N min" is the time for working through
    the whole section (a 3-minute step whose notes said "10 min" misled the lecturer), and a cell holding two
    sections says how the two share them; the step's own minutes are said once, at its first slide."""
    notes = re.sub(r"<p><b>\d+ min</b></p>", "", notes)
    return re.sub(r"<p><i>\(§[^<]*share these notes[^<]*\)</i></p>", "", notes)


def _shown_path(path: Path | None) -> str:
    """A lecture file's name as the notes show it: its folder and name (``course/lecture.toml``)."""
    return "" if path is None else f"{path.parent.name}/{path.name}" if path.parent.name else path.name


def _own_label(label: str) -> _Block:
    return _Block(f'<p class="lesson-label">{html.escape(label)}</p>', 30)


def build_lecture(out: str | Path, notebooks: str | Path | None = None, lecture: str | Path | None = None) -> Path:
    """Write the lecture as one deck, ``out/lecture.slides.html``; return its path.

    The path is read from ``lecture`` (default: ``course/lecture.toml`` beside the lessons' folder, see
    :func:`pokerlab.course.lecture.find_lecture_file`). The deck has a title slide (the file's title and
    lecturer, the lessons with their minutes), a divider before each lesson (its name, the steps taken from it),
    the lecturer's own slides where a step names them, and each section numbered within the lecture (1, 2, 3, ...)
    under a label "Lesson 02 · <name> · §2" saying where it comes from. Each step's first slide says its minutes
    in the speaker notes; the lesson's own minutes for a section (working time) are left out.
    """
    folder = _out_folder(out)
    lessons_folder = _folder(notebooks)
    plan = read_lecture(lecture, lessons_folder)
    steps = plan.steps
    assets = _Assets(folder, "lecture")
    names = {s.lesson: lesson_name(lessons_folder, s.lesson) for s in steps if s.lesson}
    # the title slide: the lecture's title, the lecturer, and the lessons in the order taught with their minutes
    runs: list[tuple[str, int, int, str]] = []  # (lesson or "", start, end, title) for each run of one lesson's steps
    for s in steps:
        if runs and runs[-1][0] == s.lesson:
            runs[-1] = (s.lesson, runs[-1][1], s.end, runs[-1][3])
        else:
            runs.append((s.lesson, s.start, s.end, s.title or "your slides"))
    items = "".join(
        f"<li>{a}-{b} min: "
        + (f"lesson {html.escape(lesson)} · {_inline(names[lesson])}" if lesson else _inline(title))
        + "</li>"
        for lesson, a, b, title in runs
    )
    left = plan.minutes - plan.presenting
    title_blocks = [_Block(f"<h1>{_inline(plan.title)}</h1>", 70)]
    if plan.lecturer:
        title_blocks.append(_Block(f'<p class="lecturer">{html.escape(plan.lecturer)}</p>', 40))
    title_blocks.append(_Block(f'<ol class="agenda">{items}</ol>', 20 + 34 * len(runs)))
    parts: list[_Part] = [
        _Part(
            "h1",
            title_blocks,
            "title",
            plan.title,
            "slide",
            f"<p>{len(steps)} steps, {plan.presenting} minutes of presenting"
            f"{f', {left} for questions' if left else ''} in a {plan.minutes}-minute session"
            f" (written in {html.escape(_shown_path(plan.source))}).</p>",
        )
    ]
    number = 0
    for k, step in enumerate(steps, start=1):
        minutes = step.end - step.start
        where = f"lesson {html.escape(step.lesson)}, §{', §'.join(map(html.escape, step.sections))}"
        timing = (
            f"<p><b>Minutes {step.start}-{step.end} of the lecture ({minutes} min):</b> step {k} of {len(steps)}, "
            + (where if step.lesson else "your slides")
            + ".</p>"
            + (f"<p><b>In this lecture:</b> {_inline(step.notes)}</p>" if step.notes else "")
        )
        chosen: list[_Part] = []
        if step.lesson and (k == 1 or steps[k - 2].lesson != step.lesson):
            # a divider before each lesson: its name and what the lecture takes from it
            taken = []
            for later in steps[k - 1 :]:
                if later.lesson != step.lesson:
                    break
                taken.append(later)
            listed = "".join(
                f"<li>§{', §'.join(map(html.escape, s.sections))}"
                + (f": {_inline(s.title)}" if s.title else "")
                + f" ({s.end - s.start} min)</li>"
                for s in taken
            )
            divider = [
                _Block(f'<p class="lesson-label">Lesson {html.escape(step.lesson)}</p>', 30),
                _Block(f'<h1 class="divider">{_inline(names[step.lesson])}</h1>', 70),
                _Block(f"<ul>{listed}</ul>", 20 + 34 * len(taken)),
            ]
            span = f"{taken[0].start}-{taken[-1].end}"
            chosen.append(
                _Part(
                    "h1",
                    divider,
                    "divider",
                    names[step.lesson],
                    "slide",
                    f"<p>Lesson {html.escape(step.lesson)} in this lecture: minutes {span}.</p>",
                    lesson=step.lesson,
                )
            )
        for name in step.slides:
            own = _parts({"cells": own_slides_cells(plan, name)}, assets)
            for part in own:
                part.section, part.lesson = "own", step.lesson
            chosen.extend(own)
        if step.lesson:
            (lesson,) = find_lessons([step.lesson], lessons_folder)
            nb = _solutions_headed(_unlinked(_read_notebook(lesson)))
            taken_parts = [
                p
                for p in _parts(nb, assets)
                if (p.section in step.sections) or (p.cell_id in step.cells and p.section != "title")
            ]
            missing = [s for s in step.sections if not any(p.section == s for p in taken_parts)]
            if missing:
                raise DataError(
                    f"the lecture path names §{', §'.join(missing)} of lesson {step.lesson}, which it does not have"
                )
            retitled: dict[str, str] = {}
            for part in taken_parts:
                if part.kind == "h2" and part.section not in retitled:
                    # numbered within the lecture, with the lesson's name and its own section number above
                    number += 1
                    heading = _SECTION_NUMBER.sub("", part.title, count=1)
                    retitled[part.section] = f"{number}. {heading}"
                    label = f"Lesson {step.lesson} · {names[step.lesson]} · §{part.section}"
                    part.blocks[0] = _Block(f"<h2>{_inline(retitled[part.section])}</h2>", part.blocks[0].height)
                    part.blocks.insert(0, _own_label(label))
            for part in taken_parts:
                part.title = retitled.get(part.section, part.title)
                part.lesson = step.lesson
                part.notes = _step_notes(part.notes)
            if taken_parts and taken_parts[0].kind != "h2" and not step.slides:
                label = f"Lesson {step.lesson} · {names[step.lesson]} · {taken_parts[0].title}"
                taken_parts.insert(0, _Part("body", [_own_label(label)], "", label, lesson=step.lesson))
            chosen.extend(taken_parts)
        # each step starts a slide of its own (a lesson's divider is its first), its time in the notes
        first = next(i for i, p in enumerate(chosen) if p.section != "divider")
        chosen[first].slide_type = "slide"
        chosen[first].notes = timing + chosen[first].notes
        parts.extend(chosen)
    target = folder / "lecture.slides.html"
    slides = _layout(parts)
    _draw_charts(slides, assets)
    reveal = _copy_reveal(folder)
    deck = _deck_html(plan.title, slides, reveal)
    write_text(target, deck)
    handout = _handout_html(plan.title, slides, reveal, lessons_folder / "00_course_map.ipynb")
    write_text(folder / "lecture.handout.html", handout)
    assets.prune(deck, handout)
    return target
