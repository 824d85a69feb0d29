"""The reader's documentation: README.md and the pages under ``docs/`` it links, in reading order.

The README is a short tour; each topic's text (with its runnable examples) is on its page. Tests that
check what the docs say read the page that holds the text through :func:`page`, and the examples are run
in :data:`READING_ORDER` (the order the README's sections had when they were one file), so a later page's
example may use a name an earlier one defined.
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

READING_ORDER = [
    "README.md",
    "docs/guide.md",
    "docs/cli.md",
    "docs/statistics.md",
    "docs/lessons.md",
    "docs/teach.md",
    "docs/grading.md",
    "docs/results.md",
    "docs/postflop.md",
    "docs/layout.md",
]


def page(name: str) -> str:
    """The text of one page, ``name`` relative to the repository (``"docs/guide.md"``)."""
    return (ROOT / name).read_text(encoding="utf-8")


def reader_pages() -> list[Path]:
    """Every markdown file a reader navigates: README, DEVELOPERS, CHANGELOG and ``docs/`` (``docs/incoming/``,
    notes waiting to be merged into the pages, aside)."""
    pages = [ROOT / "README.md", ROOT / "DEVELOPERS.md", ROOT / "CHANGELOG.md"]
    return pages + sorted(p for p in (ROOT / "docs").glob("*.md"))


def python_blocks(text: str) -> list[str]:
    """The ```python blocks of one markdown text, in order."""
    return re.findall(r"^```python\n(.*?)^```", text, flags=re.MULTILINE | re.DOTALL)


def example_blocks() -> list[tuple[str, str]]:
    """``(label, code)`` for every ```python block of the pages in :data:`READING_ORDER`, in that order."""
    blocks = []
    for name in READING_ORDER:
        for number, block in enumerate(python_blocks(page(name)), start=1):
            blocks.append((f"{name} python block {number}", block))
    return blocks
