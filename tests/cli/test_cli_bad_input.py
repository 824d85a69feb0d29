"""``pokerlab.cli``: options a run would ignore, numbers too big and unusable ``--out`` folders are one error line."""

from __future__ import annotations

import pytest

from tests.support.cli import one_error_line, run_process


def test_tables_players_zero_and_empty_bots_are_refused(tmp_path):
    one_error_line(run_process("tables", "--players", "0", "--out", str(tmp_path)), "--players", "2..10", "not 0")
    assert not list(tmp_path.iterdir())
    one_error_line(run_process("tournament", "--bots", ""), "--bots", "empty")


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        # options a run would ignore are errors, not "not given" (a second outside pass)
        (["tournament", "--duplicate", "always_call", "always_call", "--out", "m.csv"], ["--out m.csv"]),
        (["tournament", "--duplicate", "always_call", "always_call", "--trials", "5"], ["--trials 5"]),
        (["tournament", "--duplicate", "always_call", "always_call", "--bots", "x", "--workers", "2"], ["--workers"]),
        (["tournament", "--duplicate", "always_call", "always_call", "--setup", "trust"], ["--setup trust"]),
        (["tournament", "--rules", "aaai06-limit"], ["--rules aaai06-limit"]),
        (["tables", "--method", "expert", "--source", "chen", "--players", "5"], ["--players 5"]),
        (["tables", "--method", "expert", "--source", "sklansky", "--games", "5"], ["--games 5"]),
        (["tables", "--method", "expert", "--metric", "won_outright"], ["--metric won_outright"]),
        (["tables", "--method", "simulation", "--source", "chen"], ["--source chen"]),
        (["solve", "kuhn", "--seed", "5"], ["--seed 5", "deterministic"]),
    ],
)
def test_options_the_run_would_ignore_are_refused(argv, words, tmp_path):
    proc = run_process(*argv, cwd=tmp_path)
    one_error_line(proc, *words)
    assert proc.stdout == "" and not [p for p in tmp_path.rglob("*") if p.is_file()]


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["equity", "AhKh", "--seed", "99999999999999999999999", "--samples", "1000"], ["--seed"]),
        (["equity", "AhKh", "--samples", "99999999999999999999"], ["--samples"]),
        (["tournament", "--seed", "-1"], ["--seed"]),
        (["equity", "AhKh", "--opponents", "3", "--board", "2c7d8h9sJd", "--exact"], ["GiB", "--samples"]),
    ],
)
def test_cli_refusals_are_one_line(argv, words):
    one_error_line(run_process(*argv), *words)


@pytest.mark.parametrize(
    "argv",
    [
        ["tables", "--method", "expert", "--source", "chen", "--out", "/dev/null/x"],
        ["reproduce", "--games", "10", "--out", "/dev/null/x"],
        ["tournament", "--hands", "2", "--trials", "1", "--out", "/dev/null/x"],
        ["tournament", "--hands", "2", "--trials", "1", "--out", "."],
    ],
)
def test_an_unusable_out_is_refused_before_any_work(argv, tmp_path):
    proc = run_process(*argv, cwd=tmp_path)
    one_error_line(proc, "--out")
    assert proc.stdout == ""  # nothing was computed first
