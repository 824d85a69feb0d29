"""The lessons' data sets: found by name, the same files the repository keeps, a bad name listed."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from pokerlab import datasets
from pokerlab.errors import DataError, ParameterError

DATA = Path(__file__).resolve().parents[1] / "data"


def test_every_name_is_a_committed_file_described_in_the_readme():
    readme = (DATA / "README.md").read_text(encoding="utf-8")
    assert len(datasets.NAMES) == 11
    for name in datasets.NAMES:
        file = datasets.path(name)
        assert file.is_file() and file.resolve().is_relative_to(DATA.resolve())
        assert f"| `{name}` | `{file.relative_to(DATA).as_posix()}` |" in readme, name
        assert datasets.describe(name)


def test_the_tables_read_as_the_lessons_use_them():
    matches = datasets.load("bot_matches")
    assert list(matches.columns[:3]) == ["a", "b", "rules"]
    assert set(matches["hands"]) == {40000} and len(matches) == 9
    assert (matches["ci95_low"] <= matches["mbb_per_hand"]).all()
    assert set(datasets.load("bpp_matches")["rules"]) == {"AAAI'06 heads-up limit"}
    scores = datasets.load("context_scores")
    assert set(scores["model"]) == {"mlp", "tree", "frequency"}
    assert set(datasets.load("context_duplicate")["deals"]) == {5000}


def test_the_printed_waterloo_tables_are_13_by_13_in_the_reports_layout():
    for n in (1, 2, 3):
        table = datasets.load(f"waterloo_table{n}")
        assert table.shape == (13, 13)
        assert list(table.index.astype(str)) == list("23456789TJQKA") == list(table.columns)
    printed1 = datasets.load("waterloo_table1").values
    assert printed1[0, 1] == 0.0 and printed1[12, 12] == 1.0  # 32o reads 0, AA reads 1
    assert np.isclose(datasets.load("waterloo_table3").loc["A", "A"], 0.636)


def test_the_hand_is_replayed():
    hand = datasets.load("three_handed_all_in")
    assert len(hand.names) == 3


def test_the_pluribus_hands_are_read_one_at_a_time():
    hands = datasets.load("pluribus_hands")
    first = next(hands)
    assert "Pluribus" in first.names and len(first.names) == 6
    hands.close()


def test_a_bad_name_lists_every_name():
    with pytest.raises(ParameterError) as info:
        datasets.load("bot_match")
    assert str(info.value) == (
        "no data set is called 'bot_match'; the names are: bot_matches, bpp_matches, context_scores, "
        "context_importances, context_calibration, context_duplicate, waterloo_table1, waterloo_table2, "
        "waterloo_table3, three_handed_all_in, pluribus_hands"
    )
    for junk in (None, 3, "", "../data/bot_matches.csv", "BOT_MATCHES"):
        with pytest.raises(ParameterError, match="no data set is called"):
            datasets.path(junk)  # type: ignore[arg-type]
        with pytest.raises(ParameterError, match="no data set is called"):
            datasets.describe(junk)  # type: ignore[arg-type]


def test_a_missing_file_is_an_error_naming_it(monkeypatch, tmp_path):
    monkeypatch.setattr(datasets, "_root", lambda: tmp_path)
    with pytest.raises(DataError, match=r"'bpp_matches' should be the file .*bpp_matches\.csv, which does not exist"):
        datasets.load("bpp_matches")
