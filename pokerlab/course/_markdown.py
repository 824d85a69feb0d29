"""A lesson's markdown on a slide: markdown to HTML with every formula as MathML (latex2mathml, mistune, both
imported only when a deck is built), code blocks in the prose sized for the back row, the estimated height of a
chunk of text, and the cuts that keep a paragraph or a list small enough for one slide (between sentences, after
semicolons, between list items).

One concept, text: :mod:`pokerlab.course._layout` asks it for blocks and heights; the lecture deck uses
:func:`_inline` for its headings.
"""

from __future__ import annotations

import html
import itertools
import math
import re
from collections.abc import Sequence

from pokerlab.course._pieces import _CODE_WIDTH, _MONO_EM, BUDGET
from pokerlab.errors import DataError


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
