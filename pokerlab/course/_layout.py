"""Slides from a lesson's cells: each cell as blocks (code and its outputs as ``<pre>`` text in the largest font
its lines allow, pictures, charts waiting to be drawn, markdown through :mod:`pokerlab.course._markdown`), the
cells as parts tagged with their section and speaker notes, and the parts packed into slides of at most
:data:`~pokerlab.course._pieces.BUDGET` pixels, a chart moved to a sub-slide of its own where squeezing it would
make its text unreadable.

The fitting lives here, the drawing of charts in :mod:`pokerlab.course._charts_on_slides`, the HTML pages in
:mod:`pokerlab.course._pages`.
"""

from __future__ import annotations

import html
import math
import re
import struct
from collections.abc import Sequence
from typing import Any

from pokerlab import _validate
from pokerlab.course._markdown import _inline, _list_items, _markdown, _markdown_chunks, _short_paragraphs, _text_height
from pokerlab.course._pieces import (
    _CODE_WIDTH,
    _HEADING,
    _MONO_EM,
    _SECTION_NUMBER,
    BUDGET,
    WIDTH,
    _Assets,
    _Block,
    _Part,
    _Slide,
)

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
