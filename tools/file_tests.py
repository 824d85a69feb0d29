"""File the tests next to what they test: ``python tools/file_tests.py`` (``--dry-run`` prints the moves only).

``tests/`` mirrors ``pokerlab/``: the tests of a subpackage live in the folder of the same name
(``tests/solve/`` for ``pokerlab/solve/``, ``tests/course/``, ``tests/game/``, ...), the tests of a top-level
module of pokerlab stay at the top of ``tests/`` (``tests/test_cards.py`` for ``pokerlab/cards.py``), the tests
of the lessons go to ``tests/lessons/``, the tests of the project as a whole (layers and imports, lint, types,
packaging, docs, the suite's own settings, Ctrl-C across commands) to ``tests/project/``, and the helpers the
tests import (``browser.py``, ``peers.py``, ``junk.py``, ...) to ``tests/support/``. ``conftest.py``,
``__init__.py``, the data folders and the two scripts people and CI run by name (``tests/save_notebooks.py``,
``python -m tests.save_notebooks``; ``tests/wheel_smoke.py``, run by ``.ci/run``) stay where they are.

The rule for a test file this script does not know (a new ``tests/test_<name>.py``), in order:

1. ``<name>`` starts with the name of a subpackage of pokerlab (``solve_``, ``course``, ``game_``, ...; the
   longest that fits; ``_kernels`` as ``kernels``) -> that subpackage's folder;
2. ``<name>`` starts with ``lesson`` or ``notebook`` -> ``tests/lessons/``;
3. ``<name>``'s first word (up to the first ``_``) is a top-level module of pokerlab (``cards``, ``equity``,
   ``_cache`` as ``cache``, ...) -> stays at the top of ``tests/``;
4. anything else -> ``tests/project/``.

A new module at the top of ``tests/`` that is not a test (no ``test_`` prefix) is a helper: -> ``tests/support/``.

Each move, in one step per file:

* ``git mv`` the file (a plain rename outside a git checkout) and make the folder a package (``__init__.py``);
* in the moved file, every ``Path(__file__)`` path one folder deeper (``.parent`` -> ``.parent.parent``,
  ``.parents[1]`` -> ``.parents[2]``), read from the code's tokens, so a ``Path(__file__)`` inside a string is
  left alone;
* everywhere in the repository's text files (``.py``, ``.md``, ``.toml``, ``.ipynb``, ``.ci/run``): the file's old
  path ``tests/<old>.py`` becomes its new path, and its module name ``tests.<name>`` (and a relative
  ``from .<name> import``) becomes ``tests.<folder>.<name>`` (``tests.support.peers``, ...). README.md and
  DEVELOPERS.md are the lead's: they are only listed, unless ``--lead`` is given.

Idempotent: a file already in its folder is not moved again and its paths are not deepened twice; run it again
after merging a branch that added tests at the top of ``tests/``. A file that splits one piece of work over
``test_x_a.py``/``_b.py`` for pytest-xdist is refused with a note: write one file whose tests name
``xdist_group``s (``--dist loadgroup``, see conftest.py).
"""

from __future__ import annotations

import argparse
import io
import re
import shutil
import subprocess
import sys
import tokenize
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TESTS = ROOT / "tests"
PACKAGE = ROOT / "pokerlab"

#: files that stay at the top of tests/ (scripts run by name, pytest's own files)
STAY = {"__init__.py", "conftest.py", "save_notebooks.py", "wheel_smoke.py"}

#: the lead's files: listed, changed only with --lead
LEAD_FILES = {"README.md", "DEVELOPERS.md"}

#: where the tests of today go when the rule would put them elsewhere ("" = the top of tests/)
KNOWN = {
    "test_acpc.py": "game",
    "test_acpc_dealer.py": "game",
    "test_acpc_hostile.py": "game",
    "test_phh.py": "game",
    "test_table_loop.py": "game",
    "test_context.py": "bots",
    "test_context_edges.py": "bots",
    "test_pushfold_bot.py": "bots",
    "test_pushfold.py": "solve",
    "test_pushfold_cli.py": "solve",
    "test_pushfold_widgets.py": "solve",
    "test_postflop.py": "solve",
    "test_postflop_cli.py": "solve",
    "test_postflop_lookup.py": "solve",
    "test_postflop_nodes.py": "solve",
    "test_postflop_reports.py": "solve",
    "test_handout.py": "course",
    "test_lecture.py": "course",
    "test_reference.py": "course",
    "test_slides.py": "course",
    "test_slides_backrow.py": "course",
    "test_slides_browser.py": "course",
    "test_slides_rise_browser.py": "course",
    "test_explorer_tooltips.py": "widgets",
    "test_explorers_browser.py": "widgets",
    "test_explorers_rise_browser.py": "widgets",
    "test_range_grid_browser.py": "widgets",
    "test_range_equity.py": "",
    "test_evaluator_batch.py": "",
}

_FILE_PATH = re.compile(r"((?:pathlib\.)?Path\(__file__\)(?:\.resolve\(\))?)(\.parents\[(\d+)\]|\.parent)")


def subpackages() -> dict[str, str]:
    """The subpackages of pokerlab a test name may start with -> their folder under tests/ (``_kernels``: kernels)."""
    found = {}
    for init in sorted(PACKAGE.glob("*/__init__.py")):
        name = init.parent.name
        if name != "data":
            found[name.lstrip("_")] = name.lstrip("_")
    return found


def top_modules() -> set[str]:
    """The top-level modules of pokerlab, without their leading underscore (``cache`` for ``_cache.py``)."""
    return {p.stem.lstrip("_") for p in PACKAGE.glob("*.py") if p.stem != "__init__"}


def destination(name: str) -> str:
    """The folder under tests/ (``""`` for the top) that the top-level file ``name`` belongs in, by the rule above."""
    if not name.startswith("test_"):
        return "support"
    if name in KNOWN:
        return KNOWN[name]
    stem = name[len("test_") : -len(".py")]
    packages = subpackages()
    fits = [p for p in packages if stem == p or stem.startswith(p + "_")]
    if fits:
        return packages[max(fits, key=len)]
    if stem.startswith(("lesson", "notebook")):
        return "lessons"
    if stem.split("_")[0] in top_modules() or stem in top_modules():
        return ""
    return "project"


def _string_spans(text: str) -> list[tuple[int, int]]:
    """(start, end) offsets of the string tokens of Python source ``text``."""
    starts = [0]
    for line in text.splitlines(keepends=True):
        starts.append(starts[-1] + len(line))
    spans = []
    for tok in tokenize.generate_tokens(io.StringIO(text).readline):
        if tok.type == tokenize.STRING or tok.type == getattr(tokenize, "FSTRING_MIDDLE", -1):
            (r0, c0), (r1, c1) = tok.start, tok.end
            spans.append((starts[r0 - 1] + c0, starts[r1 - 1] + c1))
    return spans


def deepen(text: str) -> str:
    """Every ``Path(__file__)`` path of the code one folder deeper (strings left alone)."""
    spans = _string_spans(text)

    def in_string(pos: int) -> bool:
        return any(a <= pos < b for a, b in spans)

    def one_deeper(m: re.Match[str]) -> str:
        if in_string(m.start()):
            return m.group(0)
        if m.group(3) is not None:
            return f"{m.group(1)}.parents[{int(m.group(3)) + 1}]"
        return f"{m.group(1)}.parent.parent"

    return _FILE_PATH.sub(one_deeper, text)


def text_files() -> list[Path]:
    """The repository's tracked text files that may name a test file or a helper module."""
    try:
        out = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True).stdout
        names = [ROOT / line for line in out.splitlines()]
    except (OSError, subprocess.CalledProcessError):
        names = [p for p in ROOT.rglob("*") if ".git" not in p.parts]
    keep = (".py", ".md", ".toml", ".ipynb", ".cfg", ".txt")
    notes = ROOT / "docs" / "incoming"  # notes to the lead name the files as they were when written
    return [p for p in names if p.is_file() and (p.suffix in keep or p.name == "run") and not p.is_relative_to(notes)]


def plan() -> list[tuple[Path, Path]]:
    """(old, new) for every file at the top of tests/ that belongs elsewhere."""
    moves = []
    splits = sorted(p.name for p in TESTS.glob("test_*_[abc].py"))
    if splits:
        raise SystemExit(
            f"file_tests: {', '.join(splits)} split one file's work for pytest-xdist: write one file whose tests name"
            " xdist_group marks (see tests/bots/test_bots_reliability.py), then run this again"
        )
    for path in sorted(TESTS.glob("*.py")):
        if path.name in STAY:
            continue
        folder = destination(path.name)
        if folder:
            moves.append((path, TESTS / folder / path.name))
    return moves


def _move(old: Path, new: Path) -> None:
    new.parent.mkdir(parents=True, exist_ok=True)
    init = new.parent / "__init__.py"
    if not init.exists():
        init.write_text("", encoding="utf-8")
        subprocess.run(["git", "add", str(init)], cwd=ROOT, capture_output=True, check=False)
    moved = subprocess.run(["git", "mv", str(old), str(new)], cwd=ROOT, capture_output=True, check=False)
    if moved.returncode != 0:
        shutil.move(old, new)
    new.write_text(deepen(new.read_text(encoding="utf-8")), encoding="utf-8")


def filed() -> list[tuple[str, Path]]:
    """(the path a filed file had at the top of tests/, where it is now) for every module in a folder of tests/."""
    found = []
    for init in sorted(TESTS.glob("*/__init__.py")):
        for path in sorted(init.parent.glob("*.py")):
            if path.name != "__init__.py" and not (TESTS / path.name).exists():
                found.append((f"tests/{path.name}", path))
    return found


def rename_references(lead: bool) -> list[str]:
    """Write each filed file's new path (and a helper's module name) wherever the repository still names the old
    one (also what a branch merged after the move wrote); return the lines of the lead's files that name one when
    they are left alone."""
    rules: list[tuple[re.Pattern[str], str]] = []
    for rel_old, new in filed():
        rel_new = new.relative_to(ROOT).as_posix()
        rules.append((re.compile(rf"(?<![\w.]){re.escape(rel_old)}\b"), rel_new))
        stem, sub = new.stem, new.parent.name
        rules.append((re.compile(rf"(?<![\w.])tests\.{stem}\b"), f"tests.{sub}.{stem}"))
        rules.append((re.compile(rf"^(\s*)from \.{stem} import", re.M), rf"\1from tests.{sub}.{stem} import"))
        rules.append((re.compile(rf"^(\s*)from tests import {stem}\b", re.M), rf"\1from tests.{sub} import {stem}"))
    left = []
    for path in text_files():
        text = path.read_text(encoding="utf-8", errors="surrogateescape")
        changed = text
        for pattern, new_text in rules:
            changed = pattern.sub(new_text, changed)
        if changed == text:
            continue
        if path.name in LEAD_FILES and path.parent == ROOT and not lead:
            left += [
                f"{path.name}:{n}: {line.strip()}"
                for n, line in enumerate(text.splitlines(), 1)
                if any(p.search(line) for p, _ in rules)
            ]
            continue
        path.write_text(changed, encoding="utf-8", errors="surrogateescape")
    return left


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dry-run", action="store_true", help="print the moves, change nothing")
    parser.add_argument("--lead", action="store_true", help="also rewrite README.md and DEVELOPERS.md")
    args = parser.parse_args(argv)
    moves = plan()
    for old, new in moves:
        print(f"{old.relative_to(ROOT)} -> {new.relative_to(ROOT)}")
    if args.dry_run:
        print(f"{len(moves)} files to move")
        return 0
    for old, new in moves:
        _move(old, new)
    left = rename_references(args.lead)
    ruff = shutil.which("ruff") or str(Path(sys.executable).parent / "ruff")
    if moves and Path(ruff).exists():  # imports renamed: sorted again, as ruff's isort rule wants them
        subprocess.run([ruff, "check", "-q", "--fix", "--select", "I", "tests"], cwd=ROOT, check=False)
    print(f"moved {len(moves)} files" if moves else "the tests are filed: nothing to move")
    if left:
        print("the lead's files name moved files (run again with --lead to rewrite them):", *left, sep="\n  ")
    return 0


if __name__ == "__main__":
    sys.exit(main())
