"""What a student reads and runs in the lessons: public names only, honest check cells, no stray outputs.

Found by an outside student with only the wheel and the handout (issue 41): lesson 11 called the private
``m._ij(...)`` and lesson 02's prose named ``_kernels._potential_direct``; the visible checks passed wrong answers
silently while the course map said they tell "at once whether an answer holds"; every lesson's first output was
a bare ``'live'``.
"""

from __future__ import annotations

import re
from pathlib import Path

import nbformat
import pytest

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
