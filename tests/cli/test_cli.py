"""The pokerlab command: JSON shapes, the Table 4 layout, one-line errors with exit 2."""

import json
import subprocess
import sys

import pytest

from pokerlab.cli import main
from tests.support.cli import run


def test_eval_json(capsys):
    code, out, _ = run(capsys, "eval", "AsKs", "QsJsTs", "--json")
    assert code == 0
    assert json.loads(out) == {
        "value": 7462,
        "category": "Straight flush",
        "description": "Royal flush",
        "best_five": ["As", "Ks", "Qs", "Js", "Ts"],
    }


def test_potential_json_and_table(capsys):
    _, out, _ = run(capsys, "potential", "AdQc", "3h4cJh", "--json")
    data = json.loads(out)
    assert data["matrix"] == [[449005, 3211, 169504], [0, 8370, 540], [91981, 1036, 346543]]
    assert round(data["hs"], 3) == 0.585 and round(data["ppot"], 3) == 0.208 and round(data["npot"], 3) == 0.274
    assert data["ehs"] == pytest.approx(data["hs_n"] + (1 - data["hs_n"]) * data["ppot"])
    code, out, _ = run(capsys, "potential", "AdQc", "3h4cJh")
    assert "Ahead   |    449005      3211    169504    621720 = 628 x 990" in out
    assert "Sum     |    540986     12617    516587   1070190 = 1081 x 990" in out
    code, out, _ = run(capsys, "potential", "AdQc", "3h4cJh", "--lookahead", "1", "--opponents", "3", "--json")
    assert code == 0
    data = json.loads(out)
    assert sum(map(sum, data["matrix"])) == 1081 * 45 and data["hs_n"] == pytest.approx(data["hs"] ** 3)


def test_equity_json(capsys):
    _, out, _ = run(capsys, "equity", "AhKh", "QQ", "--json")
    data = json.loads(out)
    assert data["exact"] is True and len(data["equity"]) == 2
    assert round(data["equity"][0], 4) == 0.4605
    code, out, _ = run(capsys, "equity", "AhKh", "--opponents", "2", "--samples", "20000", "--seed", "4", "--json")
    data = json.loads(out)
    assert data["exact"] is False and len(data["stderr"]) == 3 and data["seed"] == 4
    code, out2, _ = run(capsys, "equity", "AhKh", "--opponents", "2", "--samples", "20000", "--seed", "4", "--json")
    assert code == 0 and out2 == out


def test_strength_range_and_reproduce(capsys, tmp_path):
    code, out, _ = run(capsys, "strength", "8d7d", "9d6c2d", "--json")
    assert round(json.loads(out)["hs"], 3) == 0.115
    code, out, _ = run(capsys, "range", "TT+, AKs", "--json")
    assert json.loads(out)["combos"] == 34
    code, out, _ = run(capsys, "reproduce", "--games", "2000", "--workers", "1", "--out", str(tmp_path))
    assert code == 0 and "matches the report to the count: yes" in out
    assert "Table 3. Pre-flop simulation table, 4 players" in out
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "expert_income_rate_2_players.csv",
        "expert_income_rate_4_players.csv",
        "simulation_4_players.csv",
    ]


def test_tables_command(capsys, tmp_path):
    from pokerlab.preflop import PreflopTable

    code, out, _ = run(
        capsys, "tables", "--method", "simulation", "--players", "3", "--games", "300", "--seed", "9",
        "--out", str(tmp_path), "--json",
    )  # fmt: skip
    assert code == 0
    (written,) = json.loads(out)["written"]
    table = PreflopTable.read(written)
    assert table.provenance["seed"] == 9 and table.provenance["players"] == 3
    code, out, _ = run(capsys, "tables", "--method", "expert", "--source", "rembrant", "--out", str(tmp_path))
    assert code == 0 and "expert_rembrant.csv" in out


def test_tables_says_where_load_table_reads_when_it_wrote_elsewhere(capsys, tmp_path, monkeypatch):
    """Installed from a wheel, ``pokerlab tables`` writes to ./data/preflop_tables while the bots keep
    reading the installed copy: the command says so, and how to read the new files."""
    from pokerlab.preflop import data_dir

    monkeypatch.delenv("POKERLAB_TABLES", raising=False)
    argv = ["tables", "--method", "expert", "--source", "chen", "--out", str(tmp_path)]
    code, out, _ = run(capsys, *argv)
    assert code == 0
    assert out.splitlines()[-1] == (
        f"load_table and the bots read {data_dir()}; set POKERLAB_TABLES={tmp_path.resolve()} to use these"
    )
    code, out, _ = run(capsys, *argv, "--json")
    assert json.loads(out)["read_from"] == str(data_dir())
    monkeypatch.setenv("POKERLAB_TABLES", str(tmp_path))
    code, out, _ = run(capsys, *argv)
    assert code == 0 and out.strip() == f"wrote {tmp_path / 'expert_chen.csv'}"


@pytest.mark.parametrize(
    "argv, words",
    [
        (["eval", "As"], "5, 6 or 7 cards"),
        (["eval", "AsAs", "KsQsJs"], "twice"),
        (["eval", "Xx", "KsQsJsTs"], "cannot read a card"),
        (["potential", "AdQc", "3h4cJh", "--opponents", "12"], "1..9"),
        (["potential", "AdQc", "3h4cJh5s", "--lookahead", "2"], "lookahead=1"),
        (["equity", "AhKh", "--board", "2c3c"], "not 2"),
        (["equity", "AhKh", "AhQh"], "dealt twice"),
        (["bogus"], "invalid choice"),
        (["potential", "AdQc"], "required"),
        (["tables", "--players", "11"], "2..10"),
        (["tables", "--games", "0", "--players", "2"], "at least 1"),
        (["tables", "--method", "guess"], "invalid choice"),
        # the apps take seeds below 2**62: a larger one used to start a server whose page was an error
        (["play", "--no-browser", "--seed", str(2**62)], "0..4,611,686,018,427,387,903"),
        (["play", "--no-browser", "--port", "80"], "1024..65,535"),
        (["play", "--no-browser", "--cull-after", "1"], "2..86,400"),
    ],
)
def test_errors_are_one_line_with_exit_2(argv, words):
    proc = subprocess.run([sys.executable, "-m", "pokerlab", *argv], capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2
    assert proc.stdout == ""
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("pokerlab: error:")
    assert words in lines[0]
    assert "Traceback" not in proc.stderr


def test_cli_bpp(capsys):
    from pokerlab.bpp.network import build_network

    assert main(["bpp", "--hole", "AdQc", "--board", "3h4cJh", "--action", "raise", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    net = build_network("flop")
    expected = net.p_win({"BPP_Current": "busted_A", "Board": "busted_TJ", "OPP_Action": "raise"})
    assert data["round"] == "flop" and data["p_win"] == pytest.approx(expected, abs=1e-12)
    assert main(["bpp", "--round", "preflop", "--evidence", "BPP_Current=flush"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("pokerlab: error: ") and "probability zero" in err and err.count("\n") == 1
    assert main(["bpp", "--hole", "AdQc", "--action", "fold"]) == 2
    assert "has no state 'fold'" in capsys.readouterr().err
    assert main(["bpp", "--hole", "AdQc", "--board", "3h4cJh", "--round", "river"]) == 2


def test_tournament_rules_are_named_by_source():
    from pokerlab.cli import build_parser

    parser = build_parser()
    base = ["tournament", "--duplicate", "phase1", "phase2"]
    assert parser.parse_args(base).rules is None  # left out: the Waterloo game (given, it must go with --duplicate)
    assert parser.parse_args([*base, "--rules", "waterloo-nl"]).rules == "waterloo-nl"
    assert parser.parse_args([*base, "--rules", "aaai06-limit"]).rules == "aaai06-limit"
    assert "waterloo-nl" in parser._subparsers._group_actions[0].choices["tournament"].format_help()
    for gone in ("seed002", "seed001-nl"):  # the old name is gone with the other deprecated aliases (issue 43)
        with pytest.raises(SystemExit):
            parser.parse_args([*base, "--rules", gone])


@pytest.mark.parametrize("method", ["exact", "exact-matrix"])
@pytest.mark.parametrize(
    "extra",
    [["--players", "9"], ["--games", "100"], ["--seed", "3"], ["--metric", "won_outright"], ["--source", "chen"]],
)
def test_exact_tables_refuse_options_they_would_ignore(capsys, monkeypatch, tmp_path, method, extra):
    """`--method exact-matrix --players 9` must not quietly write the heads-up matrix."""
    from pokerlab import preflop

    def never(*args, **kwargs):
        raise AssertionError("the table was computed although an option it ignores was given")

    monkeypatch.setattr(preflop, "exact_matrix", never)
    monkeypatch.setattr(preflop, "exact_heads_up_table", never)
    code, out, err = run(capsys, "tables", "--method", method, *extra, "--out", str(tmp_path))
    assert code == 2 and out == "" and not list(tmp_path.iterdir())
    assert err.startswith("pokerlab: error:") and extra[0] in err and method in err and len(err.splitlines()) == 1


@pytest.mark.parametrize("method", ["exact", "exact-matrix"])
def test_exact_tables_accept_what_they_compute(capsys, monkeypatch, tmp_path, method):
    from pokerlab import errors, preflop

    def reached(*args, **kwargs):
        raise errors.ParameterError("reached the computation")

    monkeypatch.setattr(preflop, "exact_matrix", reached)
    monkeypatch.setattr(preflop, "exact_heads_up_table", reached)
    for extra in ([], ["--players", "2"], ["--metric", "pot_share"], ["--workers", "2"]):
        code, _, err = run(capsys, "tables", "--method", method, *extra, "--out", str(tmp_path))
        assert code == 2 and "reached the computation" in err


@pytest.mark.parametrize(
    ("method", "extra"),
    [
        (["expert", "--source", "chen"], ["--games", "100"]),
        (["expert", "--source", "chen"], ["--seed", "3"]),
        (["expert", "--source", "chen"], ["--players", "5"]),
        (["expert", "--source", "sklansky"], ["--metric", "pot_share"]),
        (["expert", "--source", "rembrant"], ["--workers", "2"]),
        (["expert"], ["--metric", "won_outright"]),
        (["expert", "--source", "income_rate"], ["--metric", "won_outright"]),
        (["simulation"], ["--source", "chen"]),
        (["simulation"], ["--source", "income_rate"]),
    ],
)
def test_every_table_method_refuses_options_it_would_ignore(capsys, monkeypatch, tmp_path, method, extra):
    """`--method expert --source chen --games 5` used to write the Chen table as if nothing had been said."""
    from pokerlab import preflop

    def never(*args, **kwargs):
        raise AssertionError("the table was computed although an option it ignores was given")

    monkeypatch.setattr(preflop, "expert_table", never)
    monkeypatch.setattr(preflop, "simulate_table", never)
    code, out, err = run(capsys, "tables", "--method", *method, *extra, "--out", str(tmp_path))
    assert code == 2 and out == "" and not list(tmp_path.iterdir())
    assert err.startswith("pokerlab: error:") and len(err.splitlines()) == 1
    assert f"it does not take {extra[0]} {extra[1]}" in err and f"--method {method[0]}" in err


@pytest.mark.parametrize(
    ("method", "extra"),
    [
        (["expert", "--source", "chen"], ["--players", "2"]),
        (["expert"], ["--players", "3", "--games", "5", "--seed", "1", "--metric", "pot_share", "--workers", "2"]),
        (["expert", "--source", "income_rate"], ["--players", "3"]),
        (["simulation"], ["--players", "3", "--games", "5", "--seed", "1", "--metric", "won_outright"]),
    ],
)
def test_every_table_method_accepts_what_it_reads(capsys, monkeypatch, tmp_path, method, extra):
    from pokerlab import errors, preflop

    def reached(*args, **kwargs):
        raise errors.ParameterError("reached the computation")

    monkeypatch.setattr(preflop, "expert_table", reached)
    monkeypatch.setattr(preflop, "simulate_table", reached)
    code, _, err = run(capsys, "tables", "--method", *method, *extra, "--out", str(tmp_path))
    assert code == 2 and "reached the computation" in err


def test_ctrl_c_in_a_finalizer_is_still_one_quiet_interruption(capsys, monkeypatch):
    # Ctrl-C landing while numba writes its cache (or a file closes) happens in a finalizer, where Python
    # cannot raise it and would print "Exception ignored ... KeyboardInterrupt": the user sees one line.
    import gc

    from pokerlab import cli

    class Closing:
        def __del__(self):
            raise KeyboardInterrupt

    def run_with_a_lost_interrupt(argv):
        Closing()
        gc.collect()
        return 0

    monkeypatch.setattr(cli, "_run", run_with_a_lost_interrupt)
    before = sys.unraisablehook
    assert main(["range", "AA"]) == 130
    assert capsys.readouterr().err == "pokerlab: interrupted\n"
    assert sys.unraisablehook is before  # put back for whoever called main()
    from pokerlab import _signals

    assert _signals.requested is False  # handled: the caller's next long loop must not raise it again
    _signals.check()


def test_eval_text_and_json_name_the_same_category(capsys):
    _, out, _ = run(capsys, "eval", "AsKs", "QsJsTs")
    assert out.startswith("Royal flush, a straight flush  (value 7462 of 7462")  # the JSON's description and category
    _, out, _ = run(capsys, "eval", "Ks", "QsJsTs9s")
    assert out.startswith("Straight flush, king high  (value 7461")


def _subparsers():
    import argparse

    from pokerlab.cli import build_parser

    sub = next(a for a in build_parser()._actions if isinstance(a, argparse._SubParsersAction))
    return dict(sub.choices)


@pytest.mark.parametrize("name", sorted(_subparsers()))
def test_every_option_is_explained_with_its_default_and_the_help_ends_with_an_example(name):
    import shlex

    from pokerlab.cli import build_parser
    from pokerlab.cli._common import EXAMPLES

    parser = _subparsers()[name]
    for action in parser._actions:
        shown = action.option_strings[0] if action.option_strings else action.dest
        assert (action.help or "").strip(), f"pokerlab {name} {shown} has no help text"
    text = parser.format_help()
    for action in parser._actions:
        if action.default is not None and action.default is not False and action.nargs != 0:
            entry = text.split(f"\n  {action.option_strings[0] if action.option_strings else action.dest}", 1)[1]
            entry = entry.split("\n  -", 1)[0]  # up to the next option
            assert "default" in entry, f"pokerlab {name} {action.option_strings}: default not shown"
    assert text.rstrip().endswith(f"example:\n  {EXAMPLES[name]}")
    argv = shlex.split(EXAMPLES[name])
    assert argv[:2] == ["pokerlab", name]
    build_parser().parse_args(argv[1:])  # the example is a valid command line


def test_bot_names_are_listed_in_the_help():
    from pokerlab.bots import names

    listed = ", ".join(names())
    for name, option in (("acpc-client", "--bot"), ("tournament", "--bots"), ("tournament", "--duplicate")):
        text = " ".join(_subparsers()[name].format_help().split())  # the help wraps lines
        assert listed in text, (name, option)


def test_tables_and_reproduce_use_the_same_number_of_workers_by_default(capsys, monkeypatch):
    from pokerlab import cli

    seen = []
    real_init = cli._common._Pool.__init__

    def init(self, workers):
        seen.append(workers)
        real_init(self, 1)  # run here: the computation is stopped at once anyway

    monkeypatch.setattr(cli._common._Pool, "__init__", init)
    monkeypatch.setattr(cli.tables, "_refuse_replacing_other_tables", lambda args: None)

    def stop(*args, **kwargs):
        from pokerlab.errors import ParameterError

        raise ParameterError("stopped")

    from pokerlab import preflop

    monkeypatch.setattr(preflop, "simulate_table", stop)
    monkeypatch.setattr(preflop, "expert_table", stop)
    run(capsys, "tables", "--players", "3", "--out", "unused")
    run(capsys, "reproduce", "--out", "unused")
    assert seen == [2, 2]
    help_text = " ".join(_subparsers()["tables"].format_help().split())
    assert "processes to use (default 2" in help_text


def test_replay_says_what_the_tilde_means(capsys):
    from pathlib import Path

    hand = Path(__file__).resolve().parents[2] / "data" / "hands" / "three_handed_all_in.phh"
    code, out, _ = run(capsys, "replay", str(hand), "--no-potential", "--samples", "500")
    assert code == 0 and "%~" in out
    assert out.rstrip().endswith(
        "(~ marks an equity estimated by Monte Carlo sampling, --samples deals, where unseen cards make "
        "enumeration slow; the others are exact)"
    )


HUGE_DIGITS = "9" * 5001


@pytest.mark.parametrize(
    "argv",
    [
        ("solve", "kuhn", "--iterations", HUGE_DIGITS),
        ("tournament", "--hands", "9" * 300),
        ("tournament", "--bots", "x" * 3000),
        ("solve", "kuhn", "--show", "A" * 3000),
        ("replay", "data/hands/three_handed_all_in.phh", "--hand", HUGE_DIGITS),
        ("bpp", "--pot", HUGE_DIGITS),
        ("bpp", "--evidence", "X" * 3000),
        ("play", "--port", HUGE_DIGITS),
        ("drill", "--seed", HUGE_DIGITS),
        ("range", "A" * 3000),
    ],
)
def test_an_error_quoting_a_huge_value_stays_one_short_line(capsys, argv):
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == "" and err.count("\n") == 1 and len(err) < 400, err[:500]
    assert "characters)" in err


def test_the_top_level_help_prints_every_subcommand(capsys):
    """A '%' in a subcommand's help (argparse formats it) broke `pokerlab --help` itself."""
    with pytest.raises(SystemExit) as info:
        main(["--help"])
    assert info.value.code == 0
    out = capsys.readouterr().out
    for name in ("stats", "postflop", "drill", "course", "eval"):
        assert f"    {name}" in out
