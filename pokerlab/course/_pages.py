"""The HTML pages a deck is written as: the reveal.js deck (its template, the slides in columns and sub-slides,
the speaker notes) and its handout (every slide shrunk beside its notes, three to an A4 page, the students' course
map first and the glossary last), and the copy of reveal.js beside them (nothing loads from the network).

The slides arrive laid out and their charts drawn; this module only writes them as pages.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from importlib import resources
from pathlib import Path

from pokerlab._files import write_bytes
from pokerlab.course import _extra
from pokerlab.course._markdown import _inline
from pokerlab.course._pieces import HEIGHT, MIN_FIT, WIDTH, _Slide
from pokerlab.course.handout import glossary_page, linked, student_map_page


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
