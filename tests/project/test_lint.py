"""Source checks: ruff with the settings in pyproject.toml, and sources cited by name."""

import re
import subprocess
import sys
from pathlib import Path

from tests.support.peers import peer

ROOT = Path(__file__).resolve().parents[2]


def ruff(*args: str) -> subprocess.CompletedProcess:
    peer("ruff")  # in the test extra: a missing ruff fails (#24: no anchor is lost to a silent skip)
    return subprocess.run([sys.executable, "-m", "ruff", *args], cwd=ROOT, capture_output=True, text=True)


def test_ruff_check_is_clean():
    proc = ruff("check", ".")
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_ruff_format_is_clean():
    proc = ruff("format", "--check", ".")
    assert proc.returncode == 0, proc.stdout + proc.stderr


SEED_NUMBER = re.compile(r"\bseeds?[ _-]?0\d\d\b", re.IGNORECASE)  # "seed 001", "seed001", "seed_004"


# the old names that stay accepted (a deprecation path), each only in the module that maps it to its new name
def test_sources_are_cited_by_name_not_by_seed_number():
    """Docstrings, help, lessons and data cite a source by its short name in docs/references.md
    ("the Waterloo report", "Rembrant", "the AAAI'06 rules", ...): a reader of the package has never
    seen the numbered seed files, so "seed 001" would tell them nothing."""
    places = [ROOT / "README.md", ROOT / "DEVELOPERS.md", ROOT / "CHANGELOG.md"]
    for folder in ("pokerlab", "notebooks", "data", "docs"):
        places += [p for p in (ROOT / folder).rglob("*") if p.suffix in {".py", ".ipynb", ".md", ".csv", ".txt", ".j2"}]
    found = []
    for path in places:
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if SEED_NUMBER.search(line):
                found.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()[:100]}")
    assert len(places) > 100
    assert not found, "cite the source by name (docs/references.md):\n" + "\n".join(found)


def test_a_lessons_saved_source_listing_is_the_current_source():
    """A lesson cell ``print(inspect.getsource(solve.cfr_reference))`` shows pokerlab's code; its saved output (what
    GitHub and the HTML show) must be today's source, or the lesson teaches code that is gone (#24 changed it)."""
    import importlib
    import inspect
    import json

    checked = 0
    for notebook in sorted((ROOT / "notebooks").glob("*.ipynb")):
        for cell in json.loads(notebook.read_text(encoding="utf-8"))["cells"]:
            match = re.fullmatch(r"print\(inspect\.getsource\(([\w.]+)\)\)", "".join(cell["source"]).strip())
            if cell["cell_type"] != "code" or not match:
                continue
            first, *rest = match.group(1).split(".")
            value = importlib.import_module(f"pokerlab.{first}")
            for part in rest:
                value = getattr(value, part)
            shown = "".join("".join(o.get("text", "")) for o in cell.get("outputs", []))
            assert shown == inspect.getsource(value) + "\n", (
                f"{notebook.name}: re-run the cell printing {match.group(1)}"
            )
            checked += 1
    assert checked >= 1
