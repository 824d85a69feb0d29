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
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import html
import itertools
import json
import math
import os
import re
import shutil
import struct
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

from pokerlab import _validate
from pokerlab._files import write_bytes, write_text
from pokerlab.course import _extra
from pokerlab.course.handout import glossary_page, linked, student_map_page
from pokerlab.course.lecture import LectureStep, lecture_path, lesson_name, own_slides_cells, read_lecture
from pokerlab.course.lessons import nbgrader_meta
from pokerlab.course.release import relink, student_copy
from pokerlab.errors import DataError, ParameterError, PokerlabError

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

WIDTH, HEIGHT = 1280, 720
#: the height a slide's blocks may fill (the rest is the slide's padding)
BUDGET = 640
#: the smallest zoom the page may apply to a slide that still does not fit (about 0.8 × 24 px text)
MIN_FIT = 0.8
CHROMIUM = "/usr/bin/chromium"

_HEADING = re.compile(r"^(#{1,3}) +(.*)$")
_SECTION_NUMBER = re.compile(r"^(\d+)\.\s")


@dataclass
class _Block:
    """One piece of a slide: its HTML and an estimate of its height in pixels at 1280×720."""

    html: str
    height: float
    fragment: bool = False
    image: tuple[int, int] | None = None  # an image's (width, height) in CSS pixels: it may shrink to fit
    spec: dict[str, Any] | None = None  # a chart's Vega-Lite spec: drawn as SVG for its place on the slide
    png: bytes = b""  # the chart's saved picture, used when the spec cannot be drawn
    live: bool = False  # an explorer's saved picture (the explorer itself runs only in a live notebook)


@dataclass
class _Part:
    """A heading or a run of content, tagged with the section it belongs to."""

    kind: str  # "h1", "h2", "h3" (a heading part) or "body"
    blocks: list[_Block]
    section: str  # "title", a section number such as "4", or the heading's text ("Recap", "Exercises")
    title: str  # the heading's text of the section
    slide_type: str = "-"
    notes: str = ""
    cell_id: str = ""
    lesson: str = ""  # in the lecture deck: the lesson the part comes from


@dataclass
class _Slide:
    blocks: list[_Block] = field(default_factory=list)
    notes: str = ""
    new_column: bool = True  # a new horizontal slide (else a sub-slide below the previous one)
    continued: str = ""  # the section's title when this slide continues it
    section: str = ""
    lesson: str = ""


# ---------------------------------------------------------------- markdown and math


def _mathml(tex: str, display: bool) -> str:
    from latex2mathml.converter import convert

    # inside \text{...} an escaped underscore is a plain one
    tex = re.sub(r"\\text\{([^}]*)\}", lambda m: "\\text{" + m.group(1).replace("\\_", "_") + "}", tex)
    try:
        return str(convert(tex.strip(), display="block" if display else "inline"))
    except Exception as exc:  # latex2mathml raises its own exception types
        raise DataError(f"the formula {tex!r} cannot be converted to MathML: {exc}") from None


_MATH_OR_CODE = re.compile(
    r"(?P<fence>^```.*?^```)|(?P<code>`[^`\n]*`)|\$\$(?P<display>.+?)\$\$|(?<![\\$])\$(?P<inline>(?=\S)[^$\n]*?\S)\$(?!\d)",
    re.S | re.M,
)


def _markdown(text: str) -> str:
    """Markdown to HTML, with every ``$…$`` and ``$$…$$`` formula replaced by MathML."""
    import mistune

    formulas: list[str] = []

    def keep(m: re.Match[str]) -> str:
        if m.group("fence") or m.group("code"):
            return m.group(0)
        display = m.group("display") is not None
        formulas.append(_mathml(m.group("display") if display else m.group("inline"), display))
        return f"MATHPLACEHOLDER{len(formulas) - 1}X"

    protected = _MATH_OR_CODE.sub(keep, text)
    rendered = str(mistune.create_markdown(escape=False, plugins=["table", "strikethrough"])(protected))
    rendered = re.sub(r"MATHPLACEHOLDER(\d+)X", lambda m: formulas[int(m.group(1))], rendered)
    rendered = re.sub(r"<pre><code([^>]*)>(.*?)</code></pre>", _fence_sized, rendered, flags=re.S)
    return rendered.replace("\\$", "$")


#: a code block written in the prose (pseudo-code, a formula laid out in text): its font size, 20-24 px
FENCE_PX_MAX, FENCE_PX_MIN = 24, 20


def _fence_px(lines: Sequence[str]) -> int:
    """The font size of a code block in the prose: as large as its longest line allows, never below 20 px
    (pseudo-code is read from the back of the room; a longer line wraps)."""
    longest = max((len(line.expandtabs(4)) for line in lines), default=0)
    if longest == 0:
        return FENCE_PX_MAX
    return max(FENCE_PX_MIN, min(FENCE_PX_MAX, int(_CODE_WIDTH / (_MONO_EM * longest))))


def _fence_sized(m: re.Match[str]) -> str:
    px = _fence_px(html.unescape(m.group(2)).rstrip("\n").split("\n"))
    style = f' style="font-size:{px}px;line-height:{round(px * 1.3)}px"'
    return f'<pre class="prose"{style}><code{m.group(1)}>{m.group(2)}</code></pre>'


def _inline(text: str) -> str:
    """One line of markdown (a heading) as inline HTML: "1. Cards" stays a heading, not a list."""
    rendered = _markdown(re.sub(r"^(\d+)\.", r"\1\\.", text.strip())).strip()
    m = re.fullmatch(r"<p>(.*)</p>", rendered, flags=re.S)
    return m.group(1) if m else rendered


def _text_height(text: str) -> float:
    """Estimated height of a chunk of markdown at the deck's 24-px text size (about 92 characters a line)."""
    height = 14.0
    in_fence = False
    logical: list[str] = []  # paragraphs and list items, their wrapped source lines joined
    lines = text.split("\n")
    fence_px = FENCE_PX_MAX
    for i, line in enumerate(lines):
        if line.startswith("```"):
            in_fence = not in_fence
            if in_fence:  # the block's size, from its longest line (as _fence_px gives it)
                body = [x for x in itertools.takewhile(lambda x: not x.startswith("```"), lines[i + 1 :])]
                fence_px = _fence_px(body)
            height += 26
            continue
        stripped = line.strip()
        if in_fence:
            per_row = max(1, int(_CODE_WIDTH / (_MONO_EM * fence_px)))
            height += round(fence_px * 1.3) * max(1, math.ceil(len(line.expandtabs(4)) / per_row))
        elif stripped.startswith("|"):
            height += 34
        elif "$$" in stripped:
            height += 70
        elif not stripped:
            continue
        elif not logical or re.match(r"^\s*([*+-]|\d+\.)\s", line) or stripped.startswith("#"):
            logical.append(stripped)
        else:
            logical[-1] += " " + stripped
    for item in logical:
        visible = re.sub(r"\$[^$]*\$|`|\*\*|\*|\[|\]\([^)]*\)", "", item)
        height += 33 * max(1, math.ceil(len(visible) / 88)) + 6
    return height


def _markdown_chunks(text: str) -> list[str]:
    """Split markdown at blank lines that are outside code fences, display math and list items."""
    chunks: list[list[str]] = [[]]
    in_fence = in_math = False
    lines = text.split("\n")
    for i, line in enumerate(lines):
        if line.startswith("```"):
            in_fence = not in_fence
        if line.count("$$") % 2:
            in_math = not in_math
        following = next((x for x in lines[i + 1 :] if x.strip()), "")
        if not line.strip() and not in_fence and not in_math and not following.startswith((" ", "\t")):
            if chunks[-1]:
                chunks.append([])
            continue
        chunks[-1].append(line)
    return ["\n".join(c) for c in chunks if any(x.strip() for x in c)]


#: the most characters a paragraph shows on a slide: a longer one is cut between sentences into paragraphs of
#: its own (issue 41: paragraphs of 400-1,100 characters sat on slides, unread from the back of the room)
PARAGRAPH_MAX = 320
_SENTENCE_GAP = re.compile(r"(?<=[.!?;])\s+(?=[A-Z(*_`$\[\"'])")
_NOT_AN_END = {"e.g.", "i.e.", "eq.", "eqs.", "vs.", "cf.", "fig.", "no.", "al.", "approx.", "etc.", "p.", "pp."}


def _balanced(text: str) -> bool:
    """No bold, italic, code or math span is left open at the end of ``text``."""
    text = re.sub(r"\\\$", "", text)
    return all(text.count(mark) % 2 == 0 for mark in ("**", "`", "$"))


def _sentences(paragraph: str) -> list[str]:
    """The paragraph cut at sentence ends (and, for a sentence still too long, at semicolons) that leave no
    span open; abbreviations such as "e.g." and "eq." are not ends."""
    pieces: list[str] = []
    start = 0
    for m in _SENTENCE_GAP.finditer(paragraph):
        before = paragraph[start : m.start()]
        word = before.rsplit(None, 1)[-1].lower() if before.strip() else ""
        if word in _NOT_AN_END or not _balanced(before):
            continue
        pieces.append(before.strip())
        start = m.end()
    pieces.append(paragraph[start:].strip())
    out: list[str] = []
    for piece in (p for p in pieces if p):
        out.extend(_clauses(piece) if len(piece) > PARAGRAPH_MAX else [piece])
    return out


def _clauses(sentence: str) -> list[str]:
    """A sentence too long for a slide cut after its semicolons and colons (outside brackets and spans)."""
    cuts, start = [], 0
    for m in re.finditer(r"[;:]\s+", sentence):
        before = sentence[start : m.start() + 1]
        if _balanced(before) and before.count("(") == before.count(")") and m.start() - start > 60:
            cuts.append(before.strip())
            start = m.end()
    return [*cuts, sentence[start:].strip()] if cuts else [sentence]


def _short_paragraphs(chunk: str) -> list[str]:
    """A plain paragraph longer than :data:`PARAGRAPH_MAX` characters as several, cut between sentences (lists,
    tables, code, formulas and headings stay whole)."""
    first = chunk.lstrip()
    if (
        len(chunk) <= PARAGRAPH_MAX
        or re.match(r"([*+-]\s|\d+\.\s|\||```|\$\$|#|>|<)", first)
        or "\n\n" in chunk.strip()
    ):
        return [chunk]
    out: list[str] = []
    for sentence in _sentences(" ".join(line.strip() for line in chunk.split("\n"))):
        if out and len(out[-1]) + 1 + len(sentence) <= PARAGRAPH_MAX:
            out[-1] += " " + sentence
        else:
            out.append(sentence)
    return out


def _list_items(chunk: str) -> list[str]:
    """A list too tall for half a slide, cut between its top-level items (a numbered list keeps its numbers)."""
    if _text_height(chunk) <= BUDGET / 2:
        return [chunk]
    items: list[list[str]] = [[]]
    for line in chunk.split("\n"):
        if re.match(r"^([*+-]|\d+\.)\s", line) and items[-1]:
            items.append([])
        items[-1].append(line)
    return ["\n".join(item) for item in items]


# ---------------------------------------------------------------- cells to parts


def _source(cell: dict[str, Any]) -> str:
    src = cell.get("source", "")
    return "".join(src) if isinstance(src, list) else str(src)


def _png_size(data: bytes, meta: dict[str, Any]) -> tuple[int, int]:
    if _validate.is_whole(meta.get("width")) and _validate.is_whole(meta.get("height")):
        return int(meta["width"]), int(meta["height"])
    if data[:8] == b"\x89PNG\r\n\x1a\n":
        w, h = struct.unpack(">II", data[16:24])
        return int(w), int(h)
    return 800, 450


#: code and output text: the largest size (px) that a projector's back row reads, and the smallest allowed
CODE_PX_MAX, CODE_PX_MIN = 22, 16
#: the width (px) a <pre>'s text may fill on a slide, and a DejaVu Sans Mono character's width in em
_CODE_WIDTH, _MONO_EM = 1160, 0.602
#: the height (px) one <pre> block may fill before the text goes on in another block
_PRE_ROOM = 486


def _code_px(lines: Sequence[str]) -> int:
    """The font size of a code or output text: as large as its longest line allows, 16-22 px."""
    longest = max((len(line.expandtabs(4)) for line in lines), default=0)
    if longest == 0:
        return CODE_PX_MAX
    return max(CODE_PX_MIN, min(CODE_PX_MAX, int(_CODE_WIDTH / (_MONO_EM * longest))))


def _pre(text: str, cls: str) -> list[_Block]:
    """A code or output text as <pre> blocks that each fit a slide, in the largest font its lines allow.

    Code in a 14 px font cannot be read from the back of a room: a text whose longest line is short enough
    gets up to 22 px; only lines longer than the slide's width at 16 px are wrapped.
    """
    lines = text.rstrip("\n").split("\n")
    px = _code_px(lines)
    line_h = round(px * 1.3)
    per_row = max(1, int(_CODE_WIDTH / (_MONO_EM * px)))
    max_rows = max(1, (_PRE_ROOM - 24) // line_h)
    style = f' style="font-size:{px}px;line-height:{line_h}px"'
    blocks: list[_Block] = []
    chunk: list[str] = []
    rows = 0
    for line in [*lines, None]:
        size = 0 if line is None else max(1, math.ceil(len(line.expandtabs(4)) / per_row))
        if chunk and (line is None or rows + size > max_rows):
            body = html.escape("\n".join(chunk))
            blocks.append(_Block(f'<pre class="{cls}"{style}><code>{body}</code></pre>', 24 + line_h * rows))
            chunk, rows = [], 0
        if line is not None:
            chunk.append(line)
            rows += size
    return blocks


_IGNORED_LINES = ("# NBVAL_CHECK_OUTPUT", "# NBVAL_IGNORE_OUTPUT", "# NBVAL_SKIP")


def _code_blocks(cell: dict[str, Any], assets: _Assets) -> list[_Block]:
    import base64

    src = "\n".join(x for x in _source(cell).split("\n") if x.strip() not in _IGNORED_LINES).strip("\n")
    blocks = _pre(src, "code") if src.strip() else []
    for out in cell.get("outputs", []):
        kind = out.get("output_type")
        if kind == "stream" and out.get("name") == "stdout":
            text = out.get("text", "")
            text = "".join(text) if isinstance(text, list) else str(text)
            if text.strip():
                blocks += _pre(text, "output")
        elif kind in ("display_data", "execute_result"):
            data = out.get("data", {})
            spec = data.get("application/vnd.vegalite.v5+json")
            if "image/png" in data and isinstance(spec, dict):
                raw = data["image/png"]
                png = base64.b64decode("".join(raw) if isinstance(raw, list) else raw)
                size = _png_size(png, out.get("metadata", {}).get("image/png", {}) or {})
                # drawn from its spec once its place on the slide is known (_draw_charts); the PNG is the fallback
                blocks.append(_Block('<img class="chart" alt="chart">', 0, image=size, spec=spec, png=png))
            elif "image/png" in data:
                raw = data["image/png"]
                png = base64.b64decode("".join(raw) if isinstance(raw, list) else raw)
                size = _png_size(png, out.get("metadata", {}).get("image/png", {}) or {})
                name = assets.add(png)
                blocks.append(
                    _Block(
                        f'<img class="chart" src="{name}" data-w="{size[0]}" data-h="{size[1]}" alt="chart">',
                        0,
                        image=size,
                        live="application/vnd.jupyter.widget-view+json" in data,
                    )
                )
            elif "application/vnd.jupyter.widget-view+json" in data:
                continue  # a widget with no saved picture (a progress bar, a table to play at) shows nothing
            elif "text/html" in data:
                raw = data["text/html"]
                markup = "".join(raw) if isinstance(raw, list) else str(raw)
                markup = re.sub(r"<script.*?</script>", "", markup, flags=re.S | re.I)
                rows = markup.lower().count("<tr")
                blocks.append(_Block(f'<div class="html-output">{markup}</div>', 30 + 27 * max(rows, 1)))
            elif "text/plain" in data:
                raw = data["text/plain"]
                blocks += _pre("".join(raw) if isinstance(raw, list) else str(raw), "output")
    return blocks


def _notes_html(instructor: Any, extra: str = "") -> str:
    parts = [extra] if extra else []
    if isinstance(instructor, dict):
        minutes = instructor.get("minutes")
        if _validate.is_whole(minutes):
            parts.append(f"<p><b>{minutes} min</b></p>")
        for key, label in (("point", "The point"), ("question", "Students ask"), ("misconception", "Expect")):
            value = instructor.get(key)
            if isinstance(value, str) and value.strip():
                parts.append(f"<p><b>{label}:</b> {html.escape(value)}</p>")
    return "".join(parts)


def _parts(nb: dict[str, Any], assets: _Assets) -> list[_Part]:
    parts: list[_Part] = []
    section, title = "title", ""
    for cell in nb.get("cells", []):
        meta = cell.get("metadata", {}) or {}
        slide_type = str((meta.get("slideshow") or {}).get("slide_type", "-") or "-")
        if slide_type == "skip":
            continue
        own = meta.get("pokerlab") or {}
        instructor = own.get("instructor")
        if instructor is None and isinstance(own.get("point"), str):  # a student copy keeps the point only
            instructor = {"point": own["point"]}
        cid = str(cell.get("id", ""))
        if slide_type == "notes":
            if parts:
                parts[-1].notes += _markdown(_source(cell))
            continue
        if cell.get("cell_type") == "code":
            blocks = _code_blocks(cell, assets)
            if blocks:
                parts.append(_Part("body", blocks, section, title, slide_type, cell_id=cid))
            continue
        if cell.get("cell_type") != "markdown":
            continue
        # split the cell at its headings (outside code fences)
        pieces: list[tuple[str, str, list[str]]] = [("body", "", [])]
        in_fence = False
        for line in _source(cell).split("\n"):
            if line.startswith("```"):
                in_fence = not in_fence
            m = None if in_fence else _HEADING.match(line)
            if m:
                pieces.append((f"h{len(m.group(1))}", m.group(2).strip(), []))
            else:
                pieces[-1][2].append(line)
        noted = ""  # the section whose heading took this cell's instructor notes
        has_heading = any(kind != "body" for kind, _, _ in pieces)
        for i, (kind, heading, lines) in enumerate(pieces):
            body = "\n".join(lines).strip("\n")
            if kind == "body" and not body.strip():
                continue
            if kind == "h2":
                num = _SECTION_NUMBER.match(heading)
                section, title = (num.group(1) if num else heading), heading
            elif kind == "h1":
                section, title = "title", heading
            blocks = []
            if kind != "body":
                tag = {"h1": "h1", "h2": "h2", "h3": "h3"}[kind]
                blocks.append(_Block(f"<{tag}>{_inline(heading)}</{tag}>", {"h1": 70, "h2": 62, "h3": 50}[kind]))
            for chunk in _markdown_chunks(body):
                for piece in (p for item in _list_items(chunk) for p in _short_paragraphs(item)):
                    blocks.append(_Block(_markdown(piece), _text_height(piece)))
            if i == 0 and has_heading and kind == "body":
                st = "-"  # prose before a heading in the same cell ends the previous section
            elif kind != "body":
                st = {"h1": "slide", "h2": "slide", "h3": "subslide"}[kind]
            else:
                st = slide_type
            notes = ""
            if instructor is not None and kind in ("h1", "h2"):
                # one cell holding two sections: the second repeats the cell's notes, saying that its minutes
                # are those of both sections together (a lecturer adding them up would count them twice)
                shared = ""
                if noted:
                    minutes = instructor.get("minutes") if isinstance(instructor, dict) else None
                    both = f"§{html.escape(noted)} and §{html.escape(section)}"
                    total = (
                        f": {minutes} min for both together, not {minutes} more" if _validate.is_whole(minutes) else ""
                    )
                    shared = f"<p><i>({both} are one cell of the lesson and share these notes{total})</i></p>"
                notes, noted = _notes_html(instructor, shared), section
            parts.append(_Part(kind if kind != "body" else "body", blocks, section, title, st, notes, cid))
    return parts


# ---------------------------------------------------------------- parts to slides


def _layout(parts: Sequence[_Part]) -> list[_Slide]:
    """Pack parts into slides of at most BUDGET pixels, starting slides where the metadata says."""
    slides: list[_Slide] = []

    def start(new_column: bool, part: _Part, continued: str = "") -> _Slide:
        slide = _Slide(
            new_column=new_column or not slides, continued=continued, section=part.section, lesson=part.lesson
        )
        slides.append(slide)
        return slide

    for part in parts:
        current = slides[-1] if slides else None
        if current is None or part.slide_type == "slide":
            current = start(True, part)
        elif part.slide_type == "subslide":
            current = start(False, part)
        if part.notes:
            current.notes += part.notes
        for block in part.blocks:
            block.fragment = block.fragment or (part.slide_type == "fragment" and block is part.blocks[0])
            used = sum(b.height for b in current.blocks) + (30 if current.continued else 0)
            if block.image is not None:
                w, h = block.image
                # a chart drawn from its spec (SVG) may fill a slide; a picture grows at most 1.4 times (it blurs)
                natural = h * min(2.0 if block.spec is not None else 1.4, (WIDTH - 80) / w)
                room = BUDGET - used
                # a chart squeezed under other blocks to less than 3/4 of the size it could have on a slide of
                # its own (the 13x13 grids' numbers unreadable), or shown below its own size (its labels smaller
                # than drawn: BPPInspector's at 0.62) when a sub-slide of its own shows it larger, goes on the
                # next sub-slide instead
                own = min(natural, BUDGET - 30)
                if current.blocks and (room < min(0.75 * own, natural) or (room - 8 < h and own > 1.1 * room)):
                    current = start(False, part, part.title)
                    room = BUDGET - 30
                block.height = min(natural, room)
                caption = LIVE_NOTE_PX if block.live else 0
                shown_h = int(block.height) - 8 - caption
                shown_w = min(WIDTH - 80, int(w * shown_h / h))
                shown_h = int(h * shown_w / w)
                block.html = block.html.replace(
                    ' alt="chart"', f' alt="chart" style="width:{shown_w}px;height:{shown_h}px"'
                )
                if block.live and shown_w < 0.98 * w:
                    # an explorer's picture shrunk below its notebook size: its text is smaller than on screen
                    # (BPPInspector's at 0.77): say so, and where to read it (a lecturer's finding)
                    block.html += (
                        f'<p class="live-note" style="font-size:18px;margin:2px 0 0;color:#555">The explorer as'
                        f" saved, at {100 * shown_w / w:.0f} % of its size in the notebook: run the lesson live"
                        " (RISE) to read and use it.</p>"
                    )
            elif current.blocks and used + block.height > BUDGET:
                current = start(False, part, part.title)
            current.blocks.append(block)
    return [s for s in slides if s.blocks]


#: the height (px) of the line under an explorer's picture shrunk on a slide
LIVE_NOTE_PX = 30

#: the smallest text (px) in a chart on a 1280x720 slide: charts are drawn again, from their Vega-Lite spec, with
#: every font scaled until the smallest is at least this large where the chart is shown
CHART_TEXT_PX = 18
#: Vega-Lite's default font sizes, scaled like those a spec sets itself
_VL_FONTS = {
    "axis": {"labelFontSize": 10, "titleFontSize": 11},
    "legend": {"labelFontSize": 10, "titleFontSize": 11},
    "header": {"labelFontSize": 10, "titleFontSize": 11},
    "title": {"fontSize": 13, "subtitleFontSize": 12},
    "text": {"fontSize": 11},
}


def _scaled_fonts(node: Any, k: float) -> Any:
    """A copy of a spec with every font size (``fontSize``, ``labelFontSize``, ...) times ``k``."""
    if isinstance(node, dict):
        return {
            key: round(value * k, 2)
            if (key == "fontSize" or key.endswith("FontSize")) and _validate.is_number(value)
            else _scaled_fonts(value, k)
            for key, value in node.items()
        }
    if isinstance(node, list):
        return [_scaled_fonts(x, k) for x in node]
    return node


def _mark_type(layer: dict[str, Any]) -> str:
    mark = layer.get("mark")
    return str(mark.get("type", "")) if isinstance(mark, dict) else str(mark or "")


def _heatmap_numbers_fit(spec: dict[str, Any], font: float) -> dict[str, Any]:
    """A heatmap (a rect layer and a text layer of its numbers) whose numbers are drawn at ``font`` pixels and fit
    their cells: "0.23" loses its leading zero (".23") where that is enough, and the numbers go (the colour scale
    and its legend give the values) where even that runs over the cell. Other specs come back as they are."""
    for key in ("hconcat", "vconcat", "concat"):  # side by side (Tables 1 and 2): each heatmap on its own
        if isinstance(spec.get(key), list):
            return {**spec, key: [_heatmap_numbers_fit(x, font) if isinstance(x, dict) else x for x in spec[key]]}
    layers = spec.get("layer")
    if not isinstance(layers, list) or not any(_mark_type(x) == "rect" for x in layers if isinstance(x, dict)):
        return spec
    width = spec.get("width")
    kept = []
    for layer in layers:
        if not (isinstance(layer, dict) and _mark_type(layer) == "text") or not _validate.is_number(width):
            kept.append(layer)
            continue
        enc = layer.get("encoding") or {}
        x = enc.get("x") or {}
        columns = len(x["sort"]) if isinstance(x.get("sort"), list) and x["sort"] else 13
        mark = layer["mark"] if isinstance(layer.get("mark"), dict) else {"type": "text"}
        layer = {**layer, "mark": {**mark, "fontSize": round(font, 2)}}
        text = enc.get("text") or {}
        digits = re.fullmatch(r"\.(\d)f", str(text.get("format", "")))
        chars = int(digits.group(1)) + 2 if digits else 5
        room = 0.9 * width / columns  # a cell's width, less a margin either side
        if chars * 0.64 * font <= room:
            kept.append(layer)
        elif digits and (chars - 1) * 0.64 * font <= room and isinstance(text.get("field"), str):
            field_ = text["field"]
            fmt = f".{digits.group(1)}f"
            fewer = f".{max(0, int(digits.group(1)) - 1)}f"  # 1.00 as 1.0: as wide as .23
            expr = (
                f"abs(datum['{field_}']) < 1 ? replace(format(datum['{field_}'], '{fmt}'), '0.', '.')"
                f" : format(datum['{field_}'], '{fewer}')"
            )
            short = {**enc, "text": {"field": "pokerlab_short", "type": "nominal"}}
            transform = [*layer.get("transform", []), {"calculate": expr, "as": "pokerlab_short"}]
            kept.append({**layer, "encoding": short, "transform": transform})
        # else: the numbers cannot be read at this size; the colour and its legend stay
    return {**spec, "layer": kept}


def _svg_size(svg: str) -> tuple[float, float, float]:
    """An SVG's width and height and its smallest font size."""
    m = re.search(r'<svg[^>]*\bwidth="([\d.]+)"[^>]*\bheight="([\d.]+)"', svg)
    fonts = [float(x) for x in re.findall(r'font-size="([\d.]+)', svg)]
    if not m:
        return 0.0, 0.0, 0.0
    return float(m.group(1)), float(m.group(2)), min(fonts, default=CHART_TEXT_PX * 10)


def _chart_svg(
    spec: dict[str, Any], slot_w: float, slot_h: float, natural: tuple[int, int]
) -> tuple[str, float, float, float] | None:
    """The chart drawn as SVG for a slot of ``slot_w`` x ``slot_h`` pixels of the slide, with its fonts scaled so
    that its smallest text shows at :data:`CHART_TEXT_PX` or more: (svg, shown width, shown height, smallest text
    as shown); None when it cannot be drawn."""
    try:  # the presentation layer draws (it loads altair and vl-convert); a deck built without them shows pictures
        from pokerlab.charts.render import spec_svg
    except ImportError:
        return None
    base = dict(spec)
    config = {key: dict(value) for key, value in (base.get("config") or {}).items() if isinstance(value, dict)}
    for group, sizes in _VL_FONTS.items():  # the defaults a spec leaves to Vega-Lite, so that they scale too
        for key, size in sizes.items():
            config.setdefault(group, {}).setdefault(key, size)
    base["config"] = {**(base.get("config") or {}), **config}
    k, best = 1.0, None
    scale = min(slot_w / natural[0], slot_h / natural[1], 1.4)  # as the saved picture would be shown, to start with
    for _ in range(4):
        # a heatmap's numbers at just the legible size (scaled with the rest they would outgrow their cells)
        scaled = _heatmap_numbers_fit(_scaled_fonts(base, k), CHART_TEXT_PX / scale * 1.02)
        try:
            svg = spec_svg(scaled)
        except PokerlabError:  # a spec vl-convert cannot draw: the saved picture instead
            return None
        w, h, smallest = _svg_size(svg)
        if w <= 0 or h <= 0:
            return None
        scale = min(slot_w / w, slot_h / h)
        best = (svg, w * scale, h * scale, smallest * scale)
        if smallest * scale >= CHART_TEXT_PX - 0.05:
            break
        k *= CHART_TEXT_PX / (smallest * scale) * 1.03
    return best


def _draw_charts(slides: Sequence[_Slide], assets: _Assets) -> None:
    """Every chart with a Vega-Lite spec drawn as SVG for its place on its slide (its PNG where that fails)."""
    for slide in slides:
        for block in slide.blocks:
            if block.spec is None or block.image is None:
                continue
            slot_w, slot_h = float(WIDTH - 80), max(40.0, block.height - 8)
            drawn = _chart_svg(block.spec, slot_w, slot_h, block.image)
            if drawn is not None:
                svg, shown_w, shown_h, smallest = drawn
                name = assets.add(svg.encode("utf-8"), "svg")
                size = f'data-w="{shown_w:.0f}" data-h="{shown_h:.0f}" data-min-text="{smallest:.1f}"'
            else:
                w, h = block.image
                scale = min(slot_w / w, slot_h / h, 1.4)
                shown_w, shown_h = w * scale, h * scale
                name = assets.add(block.png)
                size = f'data-w="{w}" data-h="{h}"'
            style = f"width:{shown_w:.0f}px;height:{shown_h:.0f}px"
            block.html = f'<img class="chart" src="{name}" {size} alt="chart" style="{style}">'


def _deck_html(title: str, slides: Sequence[_Slide], reveal: str) -> str:
    columns: list[list[_Slide]] = []
    for slide in slides:
        if slide.new_column or not columns:
            columns.append([])
        columns[-1].append(slide)
    out: list[str] = []
    for column in columns:
        inner = []
        for slide in column:
            body = []
            if slide.continued:
                body.append(f'<p class="continued">{_inline(slide.continued)} (continued)</p>')
            for b in slide.blocks:
                body.append(f'<div class="fragment">{b.html}</div>' if b.fragment else b.html)
            notes = f'<aside class="notes">{slide.notes}</aside>' if slide.notes else ""
            section = html.escape(slide.section)
            if slide.lesson:
                section += f'" data-lesson="{html.escape(slide.lesson)}'
            inner.append(f'<section data-section="{section}"><div class="fit">{"".join(body)}</div>{notes}</section>')
        out.append(inner[0] if len(inner) == 1 else "<section>" + "".join(inner) + "</section>")
    return _TEMPLATE.format(title=html.escape(title), reveal=reveal, slides="\n".join(out), fit=MIN_FIT)


#: slides per A4 page of a handout, each beside its speaker notes
HANDOUT_PER_PAGE = 3
#: a slide's size on the handout: 1280x720 shrunk to this fraction (about 10 cm wide on A4)
HANDOUT_SCALE = 0.3


def _handout_html(title: str, slides: Sequence[_Slide], reveal: str, course_map: Path | None = None) -> str:
    """The deck as a handout: every slide (sub-slides too) shrunk beside its speaker notes, three to an A4 page;
    first the students' course map (when ``course_map`` is given and exists), last the glossary, each term's first
    use on a slide linked to it (:mod:`pokerlab.course.handout`)."""
    seen: set[str] = set()
    rows = []
    noted = any(slide.notes for slide in slides)  # a student copy's deck has none: no "(no notes)" on every slide
    for number, slide in enumerate(slides, start=1):
        body = []
        if slide.continued:
            body.append(f'<p class="continued">{_inline(slide.continued)} (continued)</p>')
        body.extend(b.html for b in slide.blocks)
        if slide.notes:
            notes = slide.notes
        elif not noted:
            notes = ""
        elif slide.continued or not slide.new_column:
            notes = '<p class="none">(the slide before goes on here)</p>'
        else:  # a section's point is printed on its first slide; the others leave the space for the reader's own
            notes = ""
        rows.append(
            f'<div class="row"><div class="thumb"><div class="reveal"><div class="slides"><section class="shrunk">'
            f'<div class="fit">{linked("".join(body), seen)}</div></section></div></div></div>'
            f'<div class="notes"><p class="number">Slide {number} of {len(slides)}</p>{notes}</div></div>'
        )
    pages = [
        '<div class="page">' + "".join(rows[i : i + HANDOUT_PER_PAGE]) + "</div>"
        for i in range(0, len(rows), HANDOUT_PER_PAGE)
    ]
    front = student_map_page(course_map) if course_map is not None else ""
    pages = [*([front] if front else []), *pages, glossary_page()]
    w, h = WIDTH * HANDOUT_SCALE, HEIGHT * HANDOUT_SCALE
    return _HANDOUT.format(
        title=html.escape(title), reveal=reveal, pages="\n".join(pages), w=w, h=h, scale=HANDOUT_SCALE
    )


_HANDOUT = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>{title}: handout</title>
<link rel="stylesheet" href="{reveal}/pokerlab.css">
<style>
@page {{ size: A4 portrait; margin: 10mm; }}
body {{ margin: 0; font-family: "DejaVu Sans", "Liberation Sans", Arial, sans-serif; }}
h1.handout {{ font-size: 16px; margin: 0 0 4mm 0; color: #123a63; }}
.page {{ break-after: page; }}
.page:last-child {{ break-after: auto; }}
.row {{ display: flex; gap: 6mm; margin: 0 0 6mm 0; break-inside: avoid; }}
.thumb {{ flex: none; width: {w:.0f}px; height: {h:.0f}px; overflow: hidden; border: 1px solid #999; }}
.thumb .reveal {{ width: 1280px; height: 720px; transform: scale({scale}); transform-origin: 0 0; }}
.thumb section.shrunk {{ display: block; width: 1280px; height: 720px; overflow: hidden; }}
.notes {{ flex: 1; font-size: 11px; line-height: 1.35; color: #1b1b1b; }}
.notes p {{ margin: 0 0 2mm 0; }}
.notes .number {{ color: #6a7a8a; }}
.notes .none {{ color: #6a7a8a; font-style: italic; }}
.page.text {{ font-size: 12px; line-height: 1.4; color: #1b1b1b; }}
.page.text h2 {{ font-size: 18px; color: #123a63; margin: 0 0 3mm 0; }}
.page.text table {{ border-collapse: collapse; }}
.page.text th, .page.text td {{ border-bottom: 1px solid #ccc; padding: 2px 6px; text-align: left; }}
.page.text td {{ vertical-align: top; }}
.glossary dl {{ columns: 2; column-gap: 8mm; font-size: 10.5px; margin: 0; }}
.glossary dt {{ font-weight: 700; margin-top: 2mm; break-after: avoid; }}
.glossary dd {{ margin: 0 0 0 4mm; break-before: avoid; }}
.glossary .lesson {{ font-weight: 400; color: #6a7a8a; }}
a.term {{ color: inherit; text-decoration: underline dotted; }}
</style>
</head>
<body>
<h1 class="handout">{title}: slides and speaker notes</h1>
{pages}
<script>window.addEventListener('load', function () {{ document.body.dataset.ready = '1'; }});</script>
</body>
</html>
"""


_TEMPLATE = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>{title}</title>
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<link rel="stylesheet" href="{reveal}/reveal.css">
<link rel="stylesheet" href="{reveal}/pokerlab.css">
</head>
<body>
<div class="reveal"><div class="slides">
{slides}
</div></div>
<script src="{reveal}/reveal.js"></script>
<script src="{reveal}/notes.js"></script>
<script>
// A slide still taller than 720 px after the build's split is shrunk to fit (never below {fit}).
function pokerlabFit(deck) {{
  deck.getSlides().forEach(function (slide) {{
    var box = slide.querySelector('.fit');
    if (!box) return;
    box.style.zoom = '';
    var h = slide.scrollHeight;
    if (h > 720) {{
      var z = Math.max({fit}, 700 / h);
      box.style.zoom = z;
      slide.dataset.fit = z.toFixed(2);
    }}
  }});
}}
Reveal.initialize({{
  width: 1280, height: 720, margin: 0.02, center: false, hash: true, slideNumber: 'c/t',
  transition: 'none', pdfSeparateFragments: false, pdfMaxPagesPerSlide: 1,
  plugins: [RevealNotes]
}}).then(function () {{ pokerlabFit(Reveal); document.body.dataset.ready = '1'; }});
</script>
</body>
</html>
"""


class _Assets:
    """The pictures of one deck, written to ``<out>/<stem>_files/`` as they are found."""

    def __init__(self, out: Path, stem: str) -> None:
        self.folder = out / f"{stem}_files"
        self.prefix = f"{stem}_files"
        self.count = 0

    def add(self, data: bytes, suffix: str = "png") -> str:
        self.folder.mkdir(parents=True, exist_ok=True)
        self.count += 1
        name = f"image-{self.count:03d}.{suffix}"
        write_bytes(self.folder / name, data)
        return f"{self.prefix}/{name}"

    def prune(self, *pages: str) -> None:
        """Remove the pictures none of ``pages`` (the deck's HTML, its handout's) shows: the lecture reads every
        picture of the lessons it takes steps from, and a rebuild may show fewer. The folder then holds only what
        the deck uses (before, the lecture's held 15 pictures of 26 that nothing showed)."""
        if not self.folder.is_dir():
            return
        for path in self.folder.iterdir():
            if path.is_file() and not any(f"{self.prefix}/{path.name}" in page for page in pages):
                path.unlink()


def _copy_reveal(out: Path) -> str:
    """Copy reveal.js (its licence, and pokerlab's theme and the folder's README from this package) into
    ``out/reveal``; return that folder's name."""
    target = out / "reveal"
    target.mkdir(parents=True, exist_ok=True)
    for name, path in _extra.reveal_files().items():
        write_bytes(target / name, path.read_bytes())
    own = resources.files("pokerlab.course") / "assets" / "reveal"
    for entry in own.iterdir():
        if entry.is_file():
            write_bytes(target / entry.name, entry.read_bytes())
    return "reveal"


# ---------------------------------------------------------------- public API


def _read_notebook(path: Path) -> dict[str, Any]:
    try:
        nb = json.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise DataError(f"cannot read the lesson {str(path)!r}: {exc.strerror or exc}") from exc
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise DataError(f"{str(path)!r} is not a notebook (JSON): {exc}") from None
    if not isinstance(nb, dict) or not isinstance(nb.get("cells"), list):
        raise DataError(f"{str(path)!r} is not a notebook: it has no list of cells")
    return nb


def _folder(notebooks: str | Path | None) -> Path:
    if notebooks is None:
        # the lessons next to the lecturer first (./notebooks, or the folder itself when it holds them: a copy of
        # notebooks/ used with an installed wheel), then $POKERLAB_LESSONS, then the checkout pokerlab runs from
        env = os.environ.get("POKERLAB_LESSONS", "").strip()
        places = [Path("notebooks"), Path("."), *([Path(env)] if env else [])]
        places.append(Path(__file__).resolve().parents[2] / "notebooks")
        folder = next((p for p in places if (p / "00_course_map.ipynb").is_file()), None)
        if folder is None:
            raise DataError(
                "no lessons here (no 00_course_map.ipynb in ./notebooks or .): run from the folder holding the "
                "lessons, or pass notebooks= (--notebooks) pointing at them"
            )
    elif isinstance(notebooks, (str, Path)) and str(notebooks).strip():
        folder = Path(notebooks)
    else:
        raise ParameterError(f"notebooks must be a folder name, not {notebooks!r}")
    try:
        found = folder.is_dir()
    except OSError:  # a name too long for the file system
        found = False
    if not found:
        raise DataError(f"no lessons folder {str(folder)!r}: pass notebooks= (--notebooks) pointing at the lessons")
    return folder


def find_lessons(lessons: Iterable[str] | None = None, notebooks: str | Path | None = None) -> list[Path]:
    """The lesson files ``NN_<name>.ipynb`` for lesson numbers such as ``"02"`` (every lesson for None).

    >>> [p.name for p in find_lessons(["2"])]
    ['02_strength_and_potential.ipynb']
    """
    folder = _folder(notebooks)
    found = {p.name[:2]: p for p in sorted(folder.glob("[0-9][0-9]_*.ipynb")) if p.name[:2] != "00"}
    if lessons is None:
        if not found:
            raise DataError(f"no lessons (NN_<name>.ipynb) in {str(folder)!r}")
        return list(found.values())
    if isinstance(lessons, (str, bytes)) or not isinstance(lessons, Iterable):
        raise ParameterError(f"lessons must be a list of lesson numbers such as ['02'], not {lessons!r}")
    out = []
    for item in lessons:
        text = str(item).strip() if isinstance(item, str) or _validate.is_whole(item) else ""
        if not text.isdigit() or len(text) > 2:
            raise ParameterError(f"lessons: a lesson is a number such as 02, not {item!r}")
        key = text.zfill(2)
        if key not in found:
            raise ParameterError(
                f"lessons: no lesson {item!r} in {str(folder)!r} (there are {', '.join(found) or 'none'})"
            )
        if found[key] not in out:  # "02 2 02" builds lesson 02 once
            out.append(found[key])
    return out


_MARKERS = ("### BEGIN SOLUTION", "### END SOLUTION")
_HIDDEN = ("### BEGIN HIDDEN TESTS", "### END HIDDEN TESTS")
_HIDDEN_NOTE = "# hidden checks (pokerlab course grade runs them; students do not see them):"


def _solutions_headed(nb: dict[str, Any]) -> dict[str, Any]:
    """The lesson with nbgrader's solution markers taken out and each exercise's solution under a "Solution"
    heading (a sub-slide of its own). Before, the markdown marker ``### BEGIN SOLUTION`` was a heading like any
    other: 46 slides of the decks were titled "BEGIN SOLUTION" or "END SOLUTION". A student copy has no markers
    (its solutions are stubs), so its deck has no "Solution" slide. A check cell's hidden tests follow a comment
    saying what they are, without nbgrader's ``### BEGIN/END HIDDEN TESTS`` lines (53 code slides showed them)."""
    cells: list[dict[str, Any]] = []
    headed = ""  # the exercise whose solution heading was given last
    for cell in nb.get("cells", []):
        meta = (cell.get("metadata") or {}).get("nbgrader") or {}
        text = _source(cell)
        if not (isinstance(meta, dict) and meta.get("solution") and _MARKERS[0] in text):
            if _HIDDEN[0] in text:  # a check cell: its hidden tests under a comment, nbgrader's markers out
                kept_lines = [_HIDDEN_NOTE if ln.strip() == _HIDDEN[0] else ln for ln in text.split("\n")]
                cell = {**cell, "source": "\n".join(ln for ln in kept_lines if ln.strip() != _HIDDEN[1])}
            cells.append(cell)
            if cell.get("cell_type") == "markdown" and _HEADING.search(text.lstrip().split("\n", 1)[0]):
                headed = ""  # a new heading (the next exercise) ends the solution's sub-slide
            continue
        lines = [line for line in text.split("\n") if line.strip() not in _MARKERS]
        exercise = str(meta.get("grade_id", "")).split("_")[0]
        kept = {**cell, "source": "\n".join(lines).strip("\n")}
        if exercise != headed or not exercise:
            heading = {"cell_type": "markdown", "id": f"{cell.get('id', '')}-solution", "metadata": {}}
            cells.append({**heading, "source": "### Solution"})
            headed = exercise
        cells.append(kept)
    return {**nb, "cells": cells}


def _unlinked(nb: dict[str, Any]) -> dict[str, Any]:
    """The lesson without links to notebooks (a deck's folder holds none): each keeps its text; a link to a
    solutions notebook goes with the clause introducing it."""
    try:
        return relink(nb)
    except (KeyError, TypeError, AttributeError):  # not a lesson's cells: the deck reports it as before
        return nb


def _out_folder(out: str | Path) -> Path:

    _validate.output_folder(out, "out")
    return Path(out)


def _deck_slides(nb: dict[str, Any], stem: str, assets: _Assets) -> tuple[str, list[_Slide]]:
    """A lesson's title and slides, its charts drawn; the title slide's notes say the sections' minutes."""
    parts = _parts(nb, assets)
    minutes = sum(
        int(i["minutes"])
        for c in nb["cells"]
        if isinstance(i := ((c.get("metadata") or {}).get("pokerlab") or {}).get("instructor"), dict)
        and _validate.is_whole(i.get("minutes"))
    )
    for part in parts:
        if part.kind == "h1" and not part.notes and minutes:  # a student copy has no instructor notes: no sum
            part.notes = f"<p>The sections' instructor notes add up to {minutes} minutes (from the course map).</p>"
            break
    slides = _layout(parts)
    _draw_charts(slides, assets)
    return next((p.title for p in parts if p.kind == "h1"), stem), slides


def _handout_copy(nb: dict[str, Any]) -> dict[str, Any] | None:
    """What a lesson's handout prints: its student copy (no solution, no hidden test, no lecturer-only text),
    whose notes beside each slide are the sections' points only, exactly as in the course site's handouts (built
    from the student copies): the minutes, the questions students ask and the misconceptions to expect stay in
    the lecturer's deck. None when the lesson has nothing to take out (no nbgrader cell) or is not a lesson's
    notebook: the handout then shows the deck's slides."""
    cells = nb.get("cells")
    if not isinstance(cells, list) or not any(isinstance(c, dict) and nbgrader_meta(c) for c in cells):
        return None
    try:
        copy = student_copy(nb)
    except PokerlabError:
        return None
    return _unlinked(copy)


def build_deck(lesson: str | Path, out: str | Path) -> Path:
    """Write the deck of one lesson notebook to ``out/<stem>.slides.html`` (assets beside it) and its handout to
    ``out/<stem>.handout.html``; return the deck's path. The deck shows the notebook as it is (a lecturer's deck
    shows the solutions, under "Solution" headings); the handout is for students whatever the notebook: built
    from its student copy, speaker notes kept (before, a lecturer following the docs printed every solution and
    hidden test into the students' handout)."""
    _validate.path(lesson, "lesson must be the path of a lesson notebook", empty=False)
    path = Path(lesson)
    folder = _out_folder(out)
    source = _read_notebook(path)
    stem = path.name.removesuffix(".ipynb")
    assets = _Assets(folder, stem)
    title, slides = _deck_slides(_solutions_headed(_unlinked(source)), stem, assets)
    student = _handout_copy(source)
    printed = slides if student is None else _deck_slides(student, stem, assets)[1]
    reveal = _copy_reveal(folder)
    target = folder / f"{stem}.slides.html"
    deck = _deck_html(title, slides, reveal)
    write_text(target, deck)
    handout = _handout_html(title, printed, reveal, path.parent / "00_course_map.ipynb")
    write_text(folder / f"{stem}.handout.html", handout)
    assets.prune(deck, handout)
    return target


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
