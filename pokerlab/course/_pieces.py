"""What a slide deck is made of, shared by every step that builds one: the slide's measures (1280×720, the
height its blocks may fill, the smallest zoom), a slide's pieces (:class:`_Block`, :class:`_Part`, :class:`_Slide`)
and the pictures a deck writes beside it (:class:`_Assets`).

Kept apart from :mod:`pokerlab.course.slides` so that the markdown, the layout, the charts and the page writers
(``_markdown``, ``_layout``, ``_charts_on_slides``, ``_pages``) share one definition of a block and of the slide's
size without importing one another.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pokerlab._files import write_bytes

WIDTH, HEIGHT = 1280, 720
#: the height a slide's blocks may fill (the rest is the slide's padding)
BUDGET = 640
#: the smallest zoom the page may apply to a slide that still does not fit (about 0.8 × 24 px text)
MIN_FIT = 0.8

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


#: the width (px) a <pre>'s text may fill on a slide, and a DejaVu Sans Mono character's width in em
_CODE_WIDTH, _MONO_EM = 1160, 0.602


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
