"""The docs a reader navigates (issue 43): a README of at most 250 lines that is a tour, every link in it and in
the pages under docs/ leading somewhere, the developers' rules in ten lines with no dated diary."""

from __future__ import annotations

import re
from pathlib import Path

from tests.support.docs_pages import ROOT, page, reader_pages

QUICK_START = [
    "python3 -m venv .venv && . .venv/bin/activate && pip install -e . && pokerlab reproduce",
    'python3 -m venv .venv && . .venv/bin/activate && pip install -e ".[test]" && python -m pytest',
]


def _prose(text: str) -> str:
    """``text`` without its fenced code blocks and inline code (a ``](`` there is no link)."""
    text = re.sub(r"^```.*?^```", "", text, flags=re.MULTILINE | re.DOTALL)
    return re.sub(r"`[^`\n]*`", "", text)


def _anchor(heading: str) -> str:
    """The anchor GitHub (and Jupyter Book's myst) gives a heading: lower case, punctuation dropped, spaces as -."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower().replace("`", "")).replace(" ", "-")


def _anchors(path: Path) -> set[str]:
    text = re.sub(r"^```.*?^```", "", path.read_text(encoding="utf-8"), flags=re.MULTILINE | re.DOTALL)
    return {_anchor(h) for h in re.findall(r"^#+ (.+)$", text, flags=re.MULTILINE)}


def test_the_readme_is_a_tour_of_at_most_250_lines():
    text = page("README.md")
    assert len(text.splitlines()) <= 250
    headings = re.findall(r"^## (.+)$", _prose(text), flags=re.MULTILINE)
    assert headings[:2] == ["Quick start", "A tour"]
    assert {"Hand it out", "Licence and citations"} <= set(headings)
    # every page of docs/ but the API reference's sources is reached from the README
    linked = set(re.findall(r"\]\(docs/([\w-]+\.md)", text))
    assert linked >= {p.name for p in (ROOT / "docs").glob("*.md")} - {"internals.md"}


def test_the_quick_start_has_exactly_the_two_commands_and_ci_runs_the_second():
    section = page("README.md").split("## Quick start", 1)[1].split("\n## ", 1)[0]
    blocks = re.findall(r"^```bash\n(.*?)^```", section, flags=re.MULTILINE | re.DOTALL)
    assert blocks[0].splitlines() == QUICK_START
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert 'python3 -m venv .venv && . .venv/bin/activate && pip install -q -e ".[test]"' in ci
    assert ci.rstrip().endswith("python -m pytest")


def test_every_relative_link_in_the_readme_and_docs_resolves():
    pages = reader_pages()
    assert len(pages) >= 12
    broken, checked = [], 0
    for path in pages:
        for target in re.findall(r"\]\(([^)\s]+)\)", _prose(path.read_text(encoding="utf-8"))):
            if re.match(r"[a-z]+:", target):  # https:, mailto: (none may be needed offline, but they are not files)
                continue
            checked += 1
            file, _, anchor = target.partition("#")
            where = (path.parent / file).resolve() if file else path
            if not where.exists():
                broken.append(f"{path.relative_to(ROOT)}: {target} (no such file)")
            elif anchor and where.suffix == ".md" and anchor not in _anchors(where):
                broken.append(f"{path.relative_to(ROOT)}: {target} (no heading #{anchor})")
    assert checked >= 40
    assert broken == []


def test_developers_md_is_ten_rules_and_links_with_no_dated_diary():
    text = page("DEVELOPERS.md")
    rules = re.findall(r"^(\d+)\. \*\*", text, flags=re.MULTILINE)
    assert rules == [str(n) for n in range(1, 11)]
    assert len(text.splitlines()) <= 20
    for name in ("DEVELOPERS.md", "docs/internals.md", "CHANGELOG.md"):
        # measurements may carry the day they were made; a diary is days of what happened, and lives in git now
        diary = re.findall(
            r"^(?:\d{4}-\d\d-\d\d|(?:Morning|Afternoon|Evening|Night|Later) (?:of|on) )", page(name), re.M
        )
        assert diary == [], name
    assert max(len(line) for line in page("docs/internals.md").splitlines()) < 1000
    assert "## 0.1.0" in page("CHANGELOG.md")
