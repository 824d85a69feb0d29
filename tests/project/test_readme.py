"""Every Python example in the README and the docs pages runs as written (a newcomer copies them first).

The test extracts each ```python block of README.md and of the pages under docs/ (in the reading order of
``tests/support/docs_pages.py``) and executes it, in order, in a scratch folder
holding the repository's ``data/`` (the examples read ``data/hands/...``). Steps that take minutes as
written (recomputing the exact tables, a million-game expert table) are shortened by :data:`SHORTER`,
each line of which must still be found in the examples, so the docs cannot drift from the test; the slow
variant runs the blocks with only the minutes-long steps shortened (:data:`EXACT`).
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from tests.support.docs_pages import READING_ORDER, ROOT, example_blocks, page, python_blocks

EXACT = {
    # minutes of work: read the committed results instead (tests/test_preflop*.py check they are equal), and
    # Papp's 1,000,000 games per class (169 million showdowns) cut to what shows the call works
    "preflop.exact_heads_up_table()": 'preflop.load_table("exact")',
    "preflop.exact_matrix(executor=pool)": "preflop.load_matrix()",
    'preflop.expert_table(4, source="income_rate")': 'preflop.expert_table(4, source="income_rate", games=2_000)',
}
SHORTER = {
    **EXACT,
    'preflop.expert_table(4, source="income_rate")': 'preflop.expert_table(4, source="income_rate", games=200)',
    "preflop.simulate_table(4, games=10_000, seed=1)": "preflop.simulate_table(4, games=200, seed=1)",
    "hands=1000, seed=2, duplicate=True)": "hands=20, seed=2, duplicate=True)",
    'pl.equity("AsAd", opponents=4, samples=200_000, seed=1)': 'pl.equity("AsAd", opponents=4, samples=2_000, seed=1)',
}


def _run(blocks: list[tuple[str, str]], replacements: dict[str, str], tmp_path: Path, monkeypatch) -> dict:
    (tmp_path / "data").symlink_to(ROOT / "data")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("POKERLAB_TABLES", str(ROOT / "data" / "preflop_tables"))
    namespace: dict = {"__name__": "__readme__"}
    for label, block in blocks:
        for old, new in replacements.items():
            block = block.replace(old, new)
        exec(compile(block, label, "exec"), namespace)
    return namespace


def test_the_docs_have_python_examples_and_the_shortened_steps_are_in_them():
    blocks = [block for _, block in example_blocks()]
    assert len(blocks) >= 3
    joined = "\n".join(blocks)
    assert [old for old in SHORTER if old not in joined] == []  # a docs change must update this test
    # every page with examples is in the reading order, so none of its examples goes unrun
    with_examples = {
        p.relative_to(ROOT).as_posix() for p in (ROOT / "docs").glob("*.md") if python_blocks(p.read_text())
    }
    assert with_examples <= set(READING_ORDER)


def test_every_readme_python_example_runs(tmp_path, monkeypatch):
    ns = _run(example_blocks(), SHORTER, tmp_path, monkeypatch)
    pl = ns["pl"]
    assert list(pl.evaluate_batch(ns["ids"])) == [7462, 49]  # the values the guide's comment gives
    assert ns["result"].hands == 40 and ns["study"].decisions  # 20 deals played twice (duplicate); the replayed hand


def test_every_readme_python_example_pastes_into_the_python_prompt():
    """Issue 41: a newcomer pastes the blocks into ``python``; the prompt ends an indented block only at a blank
    line, so a statement straight after one (``with ...:`` then ``preflop.load_table(...)``) was a SyntaxError there
    though the block runs as a script. Each block is fed to the prompt's own compiler line by line (nothing runs)."""
    import codeop

    refused = []
    for label, block in example_blocks():
        lines: list[str] = []
        for line in [*block.splitlines(), ""]:
            lines.append(line)
            try:
                complete = codeop.compile_command("\n".join(lines), "<stdin>", "single")
            except SyntaxError as exc:
                refused.append(f"{label}: {line.strip()!r}: {exc.msg}")
                lines = []
                continue
            if complete is not None:
                lines = []
    assert refused == []


@pytest.mark.slow
def test_every_readme_python_example_runs_as_written(tmp_path, monkeypatch):
    if os.cpu_count() == 1:
        pytest.skip("the examples start a pool of two workers")
    _run(example_blocks(), EXACT, tmp_path, monkeypatch)


def test_the_readme_layout_names_every_package_and_module():
    """#24: the "Layout" page's block (docs/layout.md) names every pokerlab package on its own line and, on that
    line, every module of it (private modules and ``__init__`` aside); top-level modules on the ``pokerlab/`` lines."""
    import pokerlab

    text = page("docs/layout.md")
    block = text[text.index("# Layout") :].split("```")[1]
    lines: dict[str, str] = {}
    key = None
    for line in block.splitlines():
        match = re.match(r"(pokerlab/(?:\w+/)?)\s", line)
        if match:
            key = match.group(1)
            lines[key] = lines.get(key, "") + line
        elif key and line.startswith(" "):
            lines[key] += line
        else:
            key = None
    root = Path(pokerlab.__file__).parent
    missing = []
    for folder in [root, *sorted(p.parent for p in root.glob("*/__init__.py"))]:
        name = "pokerlab/" if folder == root else f"pokerlab/{folder.name}/"
        if name not in lines:
            missing.append(name)
            continue
        words = set(re.findall(r"\w+", lines[name]))
        missing += [
            f"{name}{p.stem}" for p in sorted(folder.glob("*.py")) if not p.stem.startswith("_") and p.stem not in words
        ]
    assert missing == []


def test_hand_it_out_gives_students_the_install_line_the_course_site_gives():
    """Issue 41: the README never said what a student installs; the site's home page, the README's "Hand it out"
    and the page it links (docs/grading.md) say the same."""
    from pokerlab.course.site import STUDENT_INSTALL

    section = page("README.md").split("## Hand it out", 1)[1].split("\n## ", 1)[0]
    assert f"**What students install: one line.** `{STUDENT_INSTALL}`" in section
    assert "(docs/grading.md)" in section
    assert f"**What students install: one line.** `{STUDENT_INSTALL}`" in page("docs/grading.md")
    # the line that works today (pokerlab is not on PyPI yet): the wheel's, in both (a student's finding)
    wheel = 'so today the wheel you hand out: `pip install "./pokerlab-<version>-py3-none-any.whl[lab]"`'
    for text in (section, page("docs/grading.md")):
        assert wheel in " ".join(text.split())
