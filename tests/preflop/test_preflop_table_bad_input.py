"""``pokerlab.preflop.table``: a table file edited by hand, or asked for under another name, is refused."""

from __future__ import annotations

import hashlib
from pathlib import Path

import numpy as np
import pytest

from pokerlab import preflop
from pokerlab.errors import (
    ParameterError,
    PreflopTableError,
)


def _table_file(tmp_path: Path, players: int = 4) -> Path:
    t = preflop.simulate_table(players, games=20, seed=1, classes=["AA", "72o"], progress=False)
    return t.write(tmp_path / f"simulation_{players}_players.csv")


def _recompute_rows_checksum_only(path: Path) -> None:
    """What an editor who knew the old format (checksum over the rows only) would do."""
    text = path.read_text()
    head, _, body = text.partition("\nclass,")
    body = "class," + body
    lines = [ln for ln in head.split("\n") if not ln.startswith("# sha256:")]
    lines.append(f"# sha256: {hashlib.sha256(body.encode()).hexdigest()}")
    path.write_text("\n".join(lines) + "\n" + body)


def _recompute_full_checksum(path: Path) -> None:
    text = path.read_text()
    head, _, body = text.partition("\nclass,")
    body = "class," + body
    header = "\n".join(ln for ln in head.split("\n") if not ln.startswith("# sha256:")) + "\n"
    path.write_text(header + f"# sha256: {hashlib.sha256((header + body).encode()).hexdigest()}\n" + body)


def test_editing_the_provenance_header_is_caught(tmp_path):
    path = _table_file(tmp_path)
    path.write_text(path.read_text().replace("# players: 4", "# players: 9"))
    with pytest.raises(PreflopTableError, match="checksum"):
        preflop.PreflopTable.read(path)
    _recompute_rows_checksum_only(path)
    with pytest.raises(PreflopTableError, match="checksum"):
        preflop.PreflopTable.read(path)


def test_load_table_checks_the_provenance_matches_what_was_asked(tmp_path, monkeypatch):
    path = _table_file(tmp_path, players=4)
    path.rename(tmp_path / "simulation_9_players.csv")  # a renamed 4-player file
    monkeypatch.setenv("POKERLAB_TABLES", str(tmp_path))
    with pytest.raises(PreflopTableError, match="players = 4, not the players = 9"):
        preflop.load_table("simulation", players=9)


@pytest.mark.parametrize("bad", ["nan", "inf", "5.0", "-1"])
def test_table_values_are_validated_even_with_a_good_checksum(tmp_path, bad):
    path = _table_file(tmp_path)
    text = path.read_text()
    lines = text.split("\n")
    i = next(k for k, ln in enumerate(lines) if ln.startswith("AA,"))
    cells = lines[i].split(",")
    cells[4] = bad  # the value column
    lines[i] = ",".join(cells)
    path.write_text("\n".join(lines))
    _recompute_full_checksum(path)
    with pytest.raises(PreflopTableError, match=r"not a finite number|outside 0\.\.1"):
        preflop.PreflopTable.read(path)


def test_committed_tables_load_and_match_their_names():
    assert preflop.load_table("exact").provenance["method"] == "exact"
    for n in (2, 4, 10):
        assert preflop.load_table("simulation", players=n).provenance["players"] == n
        assert preflop.load_table("expert", players=n).provenance["players"] == n
    assert preflop.load_table("expert", source="sklansky").provenance["source"] == "sklansky"


def test_load_table_never_answers_a_different_question():
    # a second outside pass: players=3 with method="exact" returned the heads-up table
    with pytest.raises(ParameterError, match="heads-up only"):
        preflop.load_table("exact", players=3)
    assert preflop.load_table("exact", players=2).provenance["players"] == 2
    # numpy integers are whole numbers here as everywhere else (they were refused as "not 2..10")
    assert preflop.load_table("simulation", players=np.int64(3)).provenance["players"] == 3
    assert preflop.load_table("expert", players=np.int8(4)).provenance["players"] == 4
