"""`pokerlab pushfold` and `pokerlab drill`: what they print, their JSON, and bad input as one line and exit 2."""

import io
import json
import subprocess
import sys

import pytest

from pokerlab.cli import main
from pokerlab.solve import PushFoldQuiz, push_fold


def test_pushfold_prints_both_grids_value_and_exploitability(capsys):
    assert main(["pushfold", "10"]) == 0
    out = capsys.readouterr().out
    assert "small blind jams 58.3 % of hands; big blind calls 37.4 %" in out
    assert "value for the small blind: -0.045371 bb per hand" in out
    lines = out.splitlines()
    heads = [i for i, ln in enumerate(lines) if ln.split() == list("AKQJT98765432")]
    assert len(heads) == 2  # two 13x13 grids
    for h in heads:
        assert [ln.split()[0] for ln in lines[h + 1 : h + 14]] == list("AKQJT98765432")
    jam_rows = lines[heads[0] + 1 : heads[0] + 14]
    assert jam_rows[10].split()[12] == "71"  # 43s, mixed at 10 bb


def test_pushfold_json_with_ante(capsys):
    assert main(["pushfold", "8", "--ante", "0.125", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    r = push_fold(8, ante_bb=0.125)
    assert data["value"] == r.value and data["jam"] == dict(r.jam) and data["fold_ev"] == -0.625
    assert data["exploitability"] <= 1e-6


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["pushfold", "0.5"], "STACK must be at least 1, not 0.5"),
        (["pushfold", "nan"], "STACK must be a finite number"),
        (["pushfold", "1e9"], "STACK must be at most 1000"),
        (["pushfold", "abc"], "argument STACK: invalid float value: 'abc'"),
        (["pushfold", "10", "--ante", "-1"], "--ante cannot be negative"),
        (["pushfold", "10", "--ante", "20"], "--ante must be at most 1"),
        (["pushfold", "1.4", "--ante", "0.5"], "STACK must be at least 1 + --ante = 1.5 bb"),
        (["drill", "--stack", "0"], "--stack must be at least 1"),
        (["drill", "--stack", "inf"], "--stack must be a finite number"),
        (["drill", "--ante", "-1"], "--ante cannot be negative"),
        (["drill", "--stack", "1.2", "--ante", "0.5"], "--stack must be at least 1 + --ante = 1.5 bb"),
        (["drill", "--hands", "0"], "argument --hands: must be 1..10,000, not 0"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(argv, message, capsys):
    try:
        status = main(argv)
    except SystemExit as stop:  # argparse's own refusals leave through SystemExit
        status = stop.code
    assert status == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("pokerlab: error:") and message in err[0]
    assert "stack_bb" not in err[0] and "ante_bb" not in err[0]  # the names the user typed, not internal ones


def test_drill_fed_endless_garbage_stops_with_exit_2():
    # `yes xyz | pokerlab drill` used to ask the same hand again forever
    run = subprocess.run(
        [sys.executable, "-m", "pokerlab", "drill", "--hands", "3", "--seed", "1"],
        input="xyz\n" * 10_000,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert run.returncode == 2, run.stderr
    err = run.stderr.strip().splitlines()
    assert len(err) == 1 and "answers in a row were not" in err[0] and "Traceback" not in run.stderr
    assert run.stdout.count("the answer must be") == 5


def test_drill_scores_answers_from_stdin(monkeypatch, capsys):
    quiz = PushFoldQuiz(10, seed=5)
    hands = [quiz.deal() for _ in range(1)]
    monkeypatch.setattr(sys, "stdin", io.StringIO("nonsense\nfold\nj\nf\nfold\nfold\n"))
    assert main(["drill", "--stack", "10", "--hands", "4", "--seed", "5", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert len(data["hands"]) == 4
    first = data["hands"][0]
    assert (first["hand"], first["seat"], first["answer"]) == (hands[0].hand, hands[0].seat, "fold")
    # the same deals and answers scored by the library
    replay = PushFoldQuiz(10, seed=5)
    for record in data["hands"]:
        hand = replay.deal()
        assert hand.hand == record["hand"]
        assert replay.answer(record["answer"]).lost == pytest.approx(record["lost"])
    assert data["total_lost"] == pytest.approx(replay.total_lost)


def test_drill_piped_in_a_real_process_stops_at_the_end_of_input():
    run = subprocess.run(
        [sys.executable, "-m", "pokerlab", "drill", "--stack", "10", "--hands", "5", "--seed", "3"],
        input="jam\nfold\n",
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert run.returncode == 0, run.stderr
    assert run.stdout.count("Hand ") == 3  # two answered, the third asked when input ended
    assert "2 hands," in run.stdout and "EV lost" in run.stdout


def test_quiz_scores_ev_lost_against_the_equilibrium():
    quiz = PushFoldQuiz(10, seed=11)
    r = push_fold(10)
    for _ in range(40):
        hand = quiz.deal()
        wrong = "fold" if hand.best >= 0.5 else hand.answers[0]
        done = quiz.answer(wrong)
        if hand.seat == "small blind":
            assert done.lost == pytest.approx(abs(r.jam_ev[hand.hand] - r.fold_ev))
        else:
            assert done.lost == pytest.approx(abs(r.call_ev[hand.hand] - r.bb_fold_ev))
    assert quiz.total_lost == pytest.approx(sum(h.lost for h in quiz.history))
    worst = quiz.mistakes(3)
    assert [h.lost for h in worst] == sorted((h.lost for h in quiz.history if h.lost > 1e-12), reverse=True)[:3]
    assert quiz.summary().startswith("40 hands,")
    with pytest.raises(Exception, match="deal a hand"):
        quiz.answer("jam")


def test_drill_with_stdin_closed_ends_like_empty_input():
    # `pokerlab drill <&-` (no stdin at all: sys.stdin is None) was an AttributeError traceback
    run = subprocess.run(
        [
            sys.executable,
            "-c",
            "import os, sys; os.close(0); sys.stdin = None; "
            "from pokerlab.cli import main; sys.exit(main(['drill', '--hands', '2', '--seed', '1']))",
        ],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert run.returncode == 0, run.stderr
    assert "Traceback" not in run.stderr and "0 hands, 0 right" in run.stdout
