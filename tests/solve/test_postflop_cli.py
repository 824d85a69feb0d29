"""``pokerlab postflop``: the solve's numbers, the node's 13x13 grid, progress per checkpoint, one-line errors."""

from __future__ import annotations

import json

import pytest

from pokerlab import solve
from pokerlab.cli import main

SPOT = ["Ks7d4c2h2s", "--oop", "AA, 65s", "--ip", "KQ, QJ", "--pot", "100", "--stack", "100", "--bets", "100%"]
SPOT += ["--raises", "none"]


def run(capsys, *argv):
    try:
        code = main(["postflop", *argv])
    except SystemExit as stop:  # argparse refuses an option's value this way (one line, status 2)
        code = stop.code
    out, err = capsys.readouterr()
    return code, out, err


def _solution(target=0.003):
    return solve.postflop("Ks7d4c2h2s", "AA, 65s", "KQ, QJ", pot=100, stack=100, bets="100%", raises="",
                          target=target, progress=False)  # fmt: skip


def test_json_holds_the_solvers_numbers_and_the_grid(capsys):
    code, out, err = run(capsys, *SPOT, "--json")
    assert code == 0
    data = json.loads(out)
    s = _solution()
    assert data["iterations"] == s.iterations and data["exploitability_pct"] == pytest.approx(s.exploitability_pct)
    assert data["exploitability_pct"] <= 0.3
    assert data["value"] == pytest.approx({"oop": s.value[0], "ip": s.value[1]})
    assert data["value"]["oop"] + data["value"]["ip"] == pytest.approx(100.0)
    assert data["line"] == [] and data["player"] == "oop" and data["actions"] == ["check", "allin 100"]
    assert data["frequencies"] == pytest.approx(s.frequencies(()))
    assert set(data["grid"]) == {"AA", "65s"}
    assert sum(data["grid"]["65s"].values()) == pytest.approx(1.0)
    # a progress line per checkpoint (every 10 iterations), on stderr beside the JSON
    lines = [x for x in err.splitlines() if x.startswith("postflop: ")]
    assert len(lines) == s.iterations // 10
    assert lines[0].startswith("postflop: 10 it, ") and lines[-1].endswith("% of the pot")


def test_text_shows_the_values_and_the_grid_of_the_node_a_line_reaches(capsys):
    code, out, err = run(capsys, *SPOT, "--line", "check", "--target", "0.05")
    assert code == 0
    s = _solution(0.0005)
    f = s.frequencies(("check",))
    assert "values: OOP " in out and "they add up to the pot" in out
    # the progress lines go to stderr: stdout holds only the answer
    assert out.startswith("board Ks 7d 4c 2h 2s, pot 100, stacks 100\n") and "postflop: " not in out
    assert err.startswith("postflop: 10 it, ")
    assert f"after check, IP to act: check {100 * f['check']:.1f} %, allin 100 {100 * f['allin 100']:.1f} %" in out
    assert "IP's strategy by hand class" in out
    blocks = out.split("hand class (% of the class's combinations at this node):\n")[1].split("\n\n")
    assert [b.splitlines()[0] for b in blocks] == ["check:", "allin 100:"]
    assert blocks[0].splitlines()[1].split() == list("AKQJT98765432")
    # KQ suited sits above the diagonal: row K, the column of Q (the third); KQ offsuit below it: row Q
    row_k = blocks[0].splitlines()[3]
    assert row_k.startswith("   K") and row_k[5 + 8 : 5 + 12].strip() != ""


@pytest.mark.parametrize(
    "argv, words",
    [
        (["Ks7d4c"], "4 cards"),
        (["Ks7d4c2h2s2s"], "2s"),
        (["--oop", "AA, ZZ"], "ZZ"),
        (["--ip", "2h2s"], "no combination without a board card"),
        (["--bets", "50"], "50"),
        (["--raises", "3y"], "3y"),
        (["--line", "check, jump"], "'jump' is not an action"),
        (["--line", "bet 50"], "not 'bet 50'"),
        (["--line", "check, check"], "hand is over"),
        (["--target", "150"], "percentage"),
        (["--raises", ""], "must not be empty"),
        (["--line", ""], "must not be empty"),
        (["--pot", "0"], "--pot"),
    ],
)
def test_bad_boards_ranges_sizes_and_lines_get_one_line_and_exit_2(capsys, argv, words):
    args = list(SPOT)
    if argv[0].startswith("--"):
        i = args.index(argv[0]) if argv[0] in args else None
        if i is None:
            args += argv
        else:
            args[i + 1] = argv[1]
    else:
        args[0] = argv[0]
    code, out, err = run(capsys, *args)
    assert code == 2 and out == ""
    (line,) = err.strip().splitlines()  # one line, refused before the solve: no progress line before it
    assert line.startswith("pokerlab: error: ") and words in line


def test_a_line_that_ends_where_the_river_is_dealt_says_to_name_a_card(capsys):
    argv = ["Ks7d4c2h", "--oop", "AA", "--ip", "KQ", "--pot", "100", "--stack", "100", "--bets", "none"]
    code, _, err = run(capsys, *argv, "--line", "check, check")
    assert code == 2 and "the river is dealt next: add a card such as" in err
    code, out, _ = run(capsys, *argv, "--line", "check, check, 3s", "--json")
    assert code == 0 and json.loads(out)["actions"] == ["check"] and json.loads(out)["line"][-1] == "3s"


def test_with_no_chips_behind_no_one_acts_and_the_values_are_the_showdown(capsys):
    code, out, _ = run(capsys, "Ks7d4c2h2s", "--oop", "AA", "--ip", "KQ", "--pot", "10", "--stack", "0", "--json")
    data = json.loads(out)
    assert code == 0 and data["player"] is None and data["actions"] == [] and data["grid"] == {}
    assert data["value"] == pytest.approx({"oop": 10.0, "ip": 0.0})  # aces beat K-Q on this board every time
    code, out, _ = run(capsys, "Ks7d4c2h2s", "--oop", "AA", "--ip", "KQ", "--pot", "10", "--stack", "0")
    assert code == 0 and out.rstrip().endswith(
        "no one acts at the root: with no chips behind the cards are dealt to showdown"
    )


RIVER = ["Jh7h3h8c8s", "--oop", "AA", "--ip", "KK", "--pot", "100", "--stack", "250"]


@pytest.mark.parametrize(
    "board, line, message",
    [
        ("Jh7h3h8c8s", "bet 77", "after () the actions are check, bet 50, bet 100; not 'bet 77'"),
        ("Jh7h3h8c8s", "check, check", "no one acts after ('check', 'check'): the hand is over"),
        ("Jh7h3h8c8s", "check, check, 2c", "the hand is over after ('check', 'check'); '2c' cannot follow"),
        (
            "Jh7h3h8c",
            "check, check, Jh",
            "after ('check', 'check') the river is a card not on the board, such as 2c, 2d, 2h, 2s, ...; "
            "not 'Jh', a board card",
        ),
        (
            "Jh7h3h8c",
            "bet 50, call, 7H",
            "after ('bet 50', 'call') the river is a card not on the board, such as "
            "2c, 2d, 2h, 2s, ...; not '7h', a board card",
        ),
        (
            "Jh7h3h8c",
            "check, check",
            "no one acts after ('check', 'check'): the river is dealt next: add a card such as '2c'",
        ),
    ],
)
def test_a_line_the_tree_lacks_is_refused_before_the_solve(capsys, board, line, message):
    """The outside tester's spots: the tree is built and the line walked on it before any iteration."""
    code, out, err = run(capsys, board, *RIVER[1:], "--line", line)
    assert code == 2 and out == ""
    assert err == f"pokerlab: error: {message}\n"  # the whole of stderr: no progress line, no solve


def test_target_is_a_percentage_on_the_command_line_and_says_so(capsys):
    code, out, err = run(capsys, *RIVER, "--target", "50")
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1
    assert "--target: must be a percentage of the pot from 0 to 10 (0.3 means 0.3 %" in err
    assert "solve.postflop(target=) takes the fraction 0.003), not 50" in err
    code, out, _ = run(capsys, "--help")
    assert code == 0 and "a percentage of the pot (0.3 means 0.3 %, the default;" in " ".join(out.split())
    code, out, err = run(capsys, *RIVER, "--target", "10", "--json")  # the largest accepted
    assert code == 0 and json.loads(out)["exploitability_pct"] <= 10


def test_the_solvers_colon_weights_are_read_on_the_command_line(capsys):
    code, out, _ = run(capsys, *RIVER[:2], "AA:0.5, KK", *RIVER[3:], "--json")
    code_at, out_at, _ = run(capsys, *RIVER[:2], "AA@50, KK", *RIVER[3:], "--json")
    assert code == code_at == 0
    a, b = json.loads(out), json.loads(out_at)
    assert a["value"] == b["value"] and a["frequencies"] == b["frequencies"]


def test_compiling_the_kernels_is_said_apart_and_left_out_of_the_solves_time(capsys, monkeypatch):
    """A first run compiles the solver for about a minute: the command says so on its own line, before the
    progress lines, and "solved in" gives the solve's time alone (a newcomer read 61 s, 57 of them compiling).

    The minute is simulated on a clock of the test's own: compiling moves it on 57 s, every other reading by 1 ms.
    """
    import importlib
    from types import SimpleNamespace

    P = importlib.import_module("pokerlab.solve.postflop")  # the module (solve.postflop is the function)
    S = importlib.import_module("pokerlab.solve._postflop_solve")  # the iterations, timed on its own clock

    now = [0.0]

    def clock() -> float:
        now[0] += 0.001
        return now[0]

    def compile_once(on_compile=None):
        if P._kernels_loaded:  # the solve asks again: loaded
            return 0.0
        if on_compile is not None:
            on_compile()
        now[0] += 57.0
        P._kernels_loaded = True
        return 57.0

    monkeypatch.setattr(P, "_kernels_loaded", False)
    monkeypatch.setattr(P, "_load_kernels", compile_once)
    monkeypatch.setattr(S, "time", SimpleNamespace(perf_counter=clock))
    code, out, err = run(capsys, *SPOT)
    assert code == 0
    lines = err.splitlines()
    assert lines[0] == "compiling the solver's kernels (once)..."
    assert lines[1].startswith("postflop: 10 it, ")
    solved = next(x for x in out.splitlines() if x.startswith("solved in "))
    seconds = float(solved.split(", ")[1].split(" s:")[0])
    assert seconds < 1.0  # the clock's 57 s of compiling are not in it


def test_loading_the_compiled_kernels_says_nothing(capsys):
    """Once compiled (the test suite's kernels are), a run prints no compiling line: progress lines only."""
    code, _, err = run(capsys, *SPOT)
    assert code == 0 and "compiling" not in err and err.startswith("postflop: 10 it, ")
