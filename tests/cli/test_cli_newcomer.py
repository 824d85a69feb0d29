"""The command line as a newcomer on a fresh clone met it (issue 41, item 7).

A 300-million-sample ``equity`` sat silent for 30 s; ``--out /dev/stdout`` lost a finished run; ``solve --show J``
was refused without saying that keys end in a colon; ``reproduce`` printed its grids 2..A with suited hands below
the diagonal while ``pushfold`` printed A..2 with suited hands above; ``equity Ah Kh QQ`` complained that 'Ah' has
one card; a missing argument pointed at ``pokerlab --help``, which does not list the subcommand's arguments.
"""

from __future__ import annotations

import io

import pandas as pd

from pokerlab import HandClass
from pokerlab.cli import main
from pokerlab.cli.tables import _grid_text
from tests.support.cli import run


def test_monte_carlo_equity_shows_a_bar_and_draws_the_same_deals(capsys):
    from pokerlab.equities import equity

    code, out, err = run(capsys, "equity", "AhKh", "QQ", "--samples", "300000", "--seed", "7")
    assert code == 0
    assert "Monte Carlo equity" in err and "300k/300k" in err
    quiet = equity("AhKh", "QQ", samples=300_000, seed=7)
    assert f"{100 * quiet.equity[0]:.2f}%" in out  # the bar changes nothing: the chunks draw the deals of one run
    code, out, err = run(capsys, "equity", "AhKh", "QQ", "--samples", "300000", "--seed", "7", "--json")
    assert code == 0 and err == ""  # --json: no bar


def test_a_hand_typed_as_two_words_is_answered_with_how_to_write_it(capsys):
    code, out, err = run(capsys, "equity", "Ah", "Kh", "QQ")
    assert code == 2 and out == ""
    assert err == (
        "pokerlab: error: 'Ah' is one card: each argument is a hand or a range, so write a hand's two cards as one"
        " word: did you mean 'pokerlab equity AhKh QQ'?\n"
    )
    code, _, err = run(capsys, "equity", "QQ", "7c")
    assert code == 2 and "'7c' is one card" in err and "e.g. AhKh" in err


def test_every_command_that_takes_a_hand_says_how_to_write_one_and_whole(capsys):
    """``strength``/``potential``/``bpp`` read ``Ah`` as the hand and ``Kh`` as the board and then refused
    ``3h4cJh`` as an unknown argument; ``equity Ah Kh Qs Qd`` suggested ``AhKh Qs Qd``, itself refused next."""
    hole = "the two hole cards are one word and the board another"
    board = "write the board's cards as one word"
    for argv, said in (
        (
            "equity Ah Kh Qs Qd",
            "'Ah' is one card: each argument is a hand or a range, so write a hand's two cards as one word:"
            " did you mean 'pokerlab equity AhKh QsQd'?",
        ),
        ("strength Ah Kh 3h4cJh", f"'Ah' is one card: {hole}: did you mean 'pokerlab strength AhKh 3h4cJh'?"),
        (
            "potential Ad Qc 3h4cJh --opponents 2",
            f"'Ad' is one card: {hole}: did you mean 'pokerlab potential AdQc 3h4cJh --opponents 2'?",
        ),
        ("strength Ah Kh", f"'Ah' is one card: {hole}, e.g. 'pokerlab strength AhKh 3h4cJh'"),
        ("strength AhKh 3h 4c Jh", f"'4c' is one card: {board}: did you mean 'pokerlab strength AhKh 3h4cJh'?"),
        (
            "equity AhKh TT+,AKs --board 2c 7d 8h",
            f"'7d' is one card: {board}: did you mean 'pokerlab equity AhKh TT+,AKs --board 2c7d8h'?",
        ),
        (
            "bpp --hole Ad Qc --board 3h4cJh",
            "'Ad' is one card: write BPP's two cards as one word:"
            " did you mean 'pokerlab bpp --hole AdQc --board 3h4cJh'?",
        ),
    ):
        code, out, err = run(capsys, *argv.split())
        assert (code, out, err) == (2, "", f"pokerlab: error: {said}\n"), argv
    code, _, err = run(capsys, "equity", "Ah", "Kh", "TT+, AKs")  # a range with a space: quoted as typed
    assert err.endswith(""" did you mean 'pokerlab equity AhKh "TT+, AKs"'?\n""")
    code, out, _ = run(capsys, "strength", "AhKh", "3h4cJh", "--opponents", "2")  # the form suggested runs
    assert code == 0 and out.startswith("HS = ")


def test_a_mistyped_option_points_to_the_subcommands_own_help(capsys):
    code, out, err = run(capsys, "equity", "AsKs", "QhQd", "--sampels", "10")
    assert code == 2 and out == ""
    assert err == (
        "pokerlab: error: unrecognized arguments: --sampels 10; did you mean --samples?"
        " (see 'pokerlab equity --help')\n"
    )
    code, _, err = run(capsys, "course", "site", "out", "--lessonz", "01")
    assert code == 2 and err.endswith("--lessonz 01; did you mean --lessons? (see 'pokerlab course site --help')\n")
    code, _, err = run(capsys, "equty", "AhKh")  # a mistyped command: the one meant, as for an option
    assert code == 2 and err.endswith("'course'); did you mean 'equity'? (see 'pokerlab --help')\n")
    code, _, err = run(capsys, "solve", "kuhn", "--variant", "cfr++")
    assert code == 2 and err.endswith(
        "(choose from 'cfr', 'cfr+', 'mccfr'); did you mean 'cfr+'? (see 'pokerlab solve --help')\n"
    )
    code, _, err = run(capsys, "zzz")
    assert code == 2 and "did you mean" not in err
    code, _, err = run(capsys, "range", "QQ+", "AKs")
    assert code == 2 and err == "pokerlab: error: unrecognized arguments: AKs (see 'pokerlab range --help')\n"


def test_a_missing_argument_points_to_the_subcommands_own_help(capsys):
    code, _, err = run(capsys, "equity")
    assert code == 2 and err.endswith("required: hands (see 'pokerlab equity --help')\n")
    code, _, err = run(capsys, "course", "site")
    assert code == 2 and err.endswith("(see 'pokerlab course site --help')\n")
    code, _, err = run(capsys)
    assert code == 2 and err.endswith("(see 'pokerlab --help')\n")


def test_solve_show_states_its_key_format(capsys):
    code, _, err = run(capsys, "solve", "kuhn", "--iterations", "10", "--show", "J")
    assert code == 2 and err.count("\n") == 1
    assert "kuhn has no information set 'J' (did you mean 'J:'?)" in err
    assert "a colon and the actions so far (p pass, b bet), e.g. 'J:' or 'K:pb'" in err
    code, _, err = run(capsys, "solve", "kuhn", "--iterations", "10", "--show", "j:")  # case: the hint too
    assert code == 2 and "kuhn has no information set 'j:' (did you mean 'J:'?)" in err
    code, _, err = run(capsys, "solve", "leduc", "--iterations", "1", "--show", "kj:RC/r")
    assert code == 2 and "leduc has no information set 'kj:RC/r' (did you mean 'KJ:rc/r'?)" in err
    code, out, _ = run(capsys, "solve", "kuhn", "--iterations", "10", "--show", "J:")
    assert code == 0 and "\n  J:  " in out
    code, _, err = run(capsys, "solve", "leduc", "--iterations", "1", "--show", "KJ")
    assert code == 2 and "r raise, / between the rounds), e.g. 'J:', 'Q:cr' or 'KJ:rc/r'" in err
    code, out, _ = run(capsys, "solve", "--help")
    assert "e.g. J: or K:pb (Kuhn)" in " ".join(out.split())


def test_out_dash_or_dev_stdout_prints_the_csv_and_the_summary_goes_to_stderr(capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    for target in ("-", "/dev/stdout"):
        code, out, err = run(capsys, "tournament", "--hands", "3", "--trials", "1", "--seed", "1", "--out", target)
        assert code == 0, err
        money = pd.read_csv(io.StringIO(out))
        assert list(money.columns) == ["trial", "hand", "player", "money"] and set(money.hand) == {0, 1, 2, 3}
        assert "money per hand written to standard output" in err
    assert list(tmp_path.iterdir()) == []  # no file called "-"
    code, _, err = run(capsys, "tournament", "--out", "-", "--json")
    assert code == 2 and "where --json writes too" in err
    code, _, err = run(capsys, "tables", "--out", "-")
    assert code == 2 and "--out is the folder for the table files" in err


def test_reproduce_and_pushfold_print_the_grid_the_same_way_round(capsys):
    from pokerlab import preflop

    table = preflop.load_table("simulation", players=4)
    grid = _grid_text(table).splitlines()
    code, out, _ = run(capsys, "pushfold", "10")
    assert code == 0
    push = out.splitlines()
    header = push[push.index(next(x for x in push if x.startswith("small blind jams (%"))) + 1]
    assert grid[0].split() == header.split() == list("AKQJT98765432")
    assert "suited above the diagonal" in out
    rows = {line.split()[0]: line.split()[1:] for line in grid[1:]}
    for name, (r, c) in (("AKs", ("A", "K")), ("AKo", ("K", "A")), ("72o", ("2", "7")), ("QQ", ("Q", "Q"))):
        row, col = HandClass.parse(name).grid_cell
        shown = float(rows[r][list("AKQJT98765432").index(c)])
        assert shown == round(float(table.values[row, col]), 3), name


def _err(capsys, argv: list[str]) -> str:
    code, _, err = run(capsys, *argv)
    assert code == 2
    lines = err.strip().split("\n")
    assert len(lines) == 1
    return lines[0]


def test_newcomer_round_6_messages_speak_command_line(capsys):
    """The newcomer of issue 41: ``--versoin`` was reported as a missing command; ``--exact --samples`` in Python
    keyword words; ``AhKx`` as "hands_or_ranges: ... in the range"; ``--samples 1e6`` refused."""
    assert _err(capsys, ["--versoin"]) == (
        "pokerlab: error: unrecognized option --versoin; did you mean --version? (see 'pokerlab --help')"
    )
    assert "--samples selects Monte Carlo; do not combine it with --exact" in _err(
        capsys, ["equity", "TT+,AKs", "TT+", "--exact", "--samples", "100"]
    )
    said = _err(capsys, ["equity", "AhKx", "QQ"])
    assert "cannot read 'AhKx' as a hand or a range: write a hand as its two cards in one word (AhKh" in said
    assert "hands_or_ranges" not in said and "in the range" not in said
    assert "(cannot read 'AKz' in the range 'TT+,AKz'): write a hand" in _err(capsys, ["range", "TT+,AKz"])
    assert "must be a whole number, not '1.5e0'" in _err(capsys, ["equity", "AhKh", "QQ", "--samples", "1.5e0"])
    assert main(["equity", "AhKh", "QQ", "--samples", "1e4", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Equity before the flop (Monte Carlo, 10,000 samples, seed 1)")
    assert main(["equity", "AhKh", "QQ", "--board", "3h4cJh"]) == 0
    assert capsys.readouterr().out.startswith("Equity on the board 3h 4c Jh (exact)")


def test_the_guides_hand_history_example_runs_from_any_folder(tmp_path, monkeypatch):
    """docs/guide.md read ``read_hand("data/hands/...")``, a path of the checkout: pasted elsewhere it failed."""
    from pathlib import Path

    guide = (Path(__file__).resolve().parents[2] / "docs" / "guide.md").read_text(encoding="utf-8")
    assert 'read_hand("data/hands/' not in guide
    line = next(x for x in guide.split("\n") if x.startswith("hand = read_hand("))
    monkeypatch.chdir(tmp_path)
    scope: dict = {}
    exec("from pokerlab import datasets\nfrom pokerlab.game.phh import read_hand\n" + line.split("#")[0], scope)
    assert scope["hand"].names == ("Small Blind", "Big Blind", "Button")


def test_bpp_cards_of_another_round_say_to_give_the_board(capsys):
    said = _err(capsys, ["bpp", "--hole", "AhKh", "--round", "flop"])
    assert said.startswith(
        "pokerlab: error: the cards are a preflop situation, not flop: give the flop's board with --board (3 cards)"
    )


def test_tournament_out_help_says_it_is_for_the_self_play_setups(capsys):
    code, out, _ = run(capsys, "tournament", "--help")
    assert code == 0
    assert "--duplicate takes no --out" in " ".join(out.split())
