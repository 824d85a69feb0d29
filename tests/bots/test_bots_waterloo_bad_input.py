"""``pokerlab.bots.waterloo``: a bot whose preflop table is missing stops the match instead of folding."""

from __future__ import annotations

import pytest

from pokerlab.errors import PreflopTableError
from pokerlab.game import NO_LIMIT_RING, play_match
from tests.support.cli import one_error_line, run_process


def test_a_bot_without_its_preflop_table_stops_the_match_instead_of_folding(tmp_path, monkeypatch):
    # a second outside pass: with POKERLAB_TABLES at an empty folder every PhaseTwo decision was a
    # fault replaced by a fold, and `pokerlab tournament` printed that folding bot's results with exit 0
    from pokerlab.bots import PhaseTwo, waterloo

    monkeypatch.setenv("POKERLAB_TABLES", str(tmp_path))
    waterloo._table.cache_clear()
    try:
        with pytest.raises(PreflopTableError, match=r"simulation_2_players\.csv does not exist"):
            play_match([PhaseTwo(), PhaseTwo()], NO_LIMIT_RING, 5, seed=1)
    finally:
        waterloo._table.cache_clear()
    proc = run_process(
        "tournament",
        "--bots",
        "phase2;phase2",
        "--hands",
        "3",
        "--trials",
        "1",
        "--json",
        env={"POKERLAB_TABLES": str(tmp_path)},
    )
    one_error_line(proc, "simulation_2_players.csv")
