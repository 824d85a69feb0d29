"""``pokerlab.preflop.table`` parses text once, at the edge (issue 24): reading a table file parses no class name."""

from __future__ import annotations

import pandas as pd
import pytest

from pokerlab import preflop
from pokerlab.cards import HandClass
from tests.support.parses import count_parses


@pytest.fixture
def class_parses(monkeypatch):
    """The texts HandClass.parse reads (a HandClass handed to it is already parsed: it comes straight back)."""
    return count_parses(monkeypatch, HandClass)


def test_a_preflop_table_file_is_read_without_parsing_its_class_names_per_column(class_parses):
    path = preflop.data_dir() / "simulation_4_players.csv"
    table = preflop.PreflopTable.read(path)
    assert class_parses == []  # was 169 per column (value, stderr and each extra column): 1,183 for this file
    rows = [line for line in path.read_text().splitlines() if not line.startswith("#")]
    frame = pd.read_csv(pd.io.common.StringIO("\n".join(rows)))
    for name, value in zip(frame["class"], frame["value"], strict=True):  # the cells the old parse gave
        assert table.values[HandClass.parse(name).grid_cell] == value


def test_another_spelling_of_a_class_is_still_parsed(class_parses):
    table = preflop.load_table(method="exact")
    assert table.value("AKs") == table.value("aks") and class_parses == ["aks"]
