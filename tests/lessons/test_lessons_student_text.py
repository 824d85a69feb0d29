"""What a student reads and runs in the lessons: public names only, honest check cells, no stray outputs.

Found by an outside student with only the wheel and the handout (issue 41): lesson 11 called the private
``m._ij(...)`` and lesson 02's prose named ``_kernels._potential_direct``; the visible checks passed wrong answers
silently while the course map said they tell "at once whether an answer holds"; every lesson's first output was
a bare ``'live'``.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import nbformat
import pytest

from pokerlab.course.handout import student_map_notebook
from pokerlab.course.lessons import BEGIN_HIDDEN
from pokerlab.preflop.matrix import load_matrix

ROOT = Path(__file__).resolve().parent.parent.parent
NOTEBOOKS = ROOT / "notebooks"
LESSONS = sorted(NOTEBOOKS.glob("[0-9][0-9]_*.ipynb"))
# a private attribute of a module or an object (``m._ij(``, ``_kernels._potential_direct``); the lesson's own
# helpers (``def _cards``) are its own names
PRIVATE = re.compile(r"\b\w+\._[a-z]\w*")


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.name[:2])
def test_no_lesson_names_a_private_helper(path):
    nb = nbformat.read(path, as_version=4)
    found = [
        (k, m.group(0))
        for k, cell in enumerate(nb.cells)
        for m in PRIVATE.finditer(cell.source)
        if "__" not in m.group(0)
    ]
    assert found == []


def test_the_matrix_names_its_combination_pairs_publicly():
    m = load_matrix()
    assert (m.combination_pairs("AA", "AA"), m.combination_pairs("AKs", "AKs")) == (6, 12)
    assert m.combination_pairs("AKo", "QQ") == 72 == 12 * 6  # no card shared
    assert m.combination_pairs("AKs", "AKo") == 4 * 6  # against AsKs: an offsuit AK of the three other suits


FORM_OK = [p for p in LESSONS if p.name[:2] != "00"]


@pytest.mark.parametrize("path", FORM_OK, ids=lambda p: p.name[:2])
def test_every_visible_check_says_form_ok_when_it_passes(path):
    """A passing visible check printed nothing, so "ran" looked like "right"."""
    nb = nbformat.read(path, as_version=4)
    cells = [c for c in nb.cells if c.metadata.get("nbgrader", {}).get("grade_id", "").endswith("_check")]
    assert cells
    for cell in cells:
        number = int(cell.metadata["nbgrader"]["grade_id"][2:-6])
        visible = cell.source.partition(BEGIN_HIDDEN)[0]
        assert visible.rstrip().endswith(f"form_ok({number})"), visible
        said = "".join(o.get("text", "") for o in cell.outputs if o.output_type == "stream")
        assert said == f"Exercise {number}: form OK (the value is checked when your work is graded)\n"


def test_the_course_map_says_what_the_visible_checks_check():
    """The handout's course map promised the check cells "tell you at once whether an answer holds"."""
    course_map = json.loads((NOTEBOOKS / "00_course_map.ipynb").read_text(encoding="utf-8"))
    text = " ".join(student_map_notebook(course_map, {})["cells"][0]["source"].split())
    assert "at once whether an answer holds" not in text
    assert (
        "to an [equilibrium](glossary.ipynb#term-equilibrium-nash-equilibrium) (the [glossary](glossary.ipynb)" in text
    )
    assert "checks the form of your answer" in text and "the values are checked when the lecturer grades" in text


@pytest.mark.parametrize("path", FORM_OK, ids=lambda p: p.name[:2])
def test_the_first_cell_prints_no_bare_renderer_name(path):
    """Every lesson's first output was a bare ``'live'`` (what ``charts.enable_offline()`` returns)."""
    nb = nbformat.read(path, as_version=4)
    (cell,) = [c for c in nb.cells if c.cell_type == "code" and "charts.enable_offline()" in c.source][:1]
    assert not [o for o in cell.outputs if o.output_type == "execute_result"]


def test_release_names_every_file_it_writes(tmp_path, capsys):
    """``course release`` said "wrote 12 student copies" while it wrote 14 files."""
    from pokerlab.cli import main

    assert main(["course", "release", str(tmp_path / "out")]) == 0
    said = capsys.readouterr().out
    assert said.startswith(
        f"wrote 12 student copies, the course map (00_course_map.ipynb) and the glossary (glossary.ipynb) to"
        f" {tmp_path / 'out'}: 01_cards_and_hand_ranks.ipynb, "
    )
    assert len(list((tmp_path / "out").glob("*.ipynb"))) == 14
