"""`pokerlab solve`: the numbers of pokerlab.solve from a shell, one-line errors with exit 2."""

import json
import subprocess
import sys

import pytest

from pokerlab import solve
from tests.support.cli import run


def test_solve_kuhn_prints_the_value_and_every_information_set(capsys):
    code, out, _ = run(capsys, "solve", "kuhn", "--iterations", "1000")
    assert code == 0
    assert "exploitability of the average policy: 0.000087 chips per hand" in out
    assert "value of the average policy for player 0: -0.055556" in out  # -1/18
    assert out.count("\n  ") == 12 and "  Q:b          p 0.667  b 0.333" in out


def test_solve_json_matches_the_library(capsys):
    code, out, _ = run(capsys, "solve", "leduc", "--iterations", "40", "--variant", "cfr", "--show", "K:", "--json")
    data = json.loads(out)
    result = solve.cfr(solve.game("leduc"), 40, "cfr", record=20)
    assert code == 0 and data["exploitability"] == result.exploitability
    assert data["history"] == [list(h) for h in result.history]
    assert data["average_policy"] == {"K:": result.average_policy["K:"]}
    assert data["value_player_0"] == solve.expected_value(solve.game("leduc"), result.average_policy)


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["solve", "leduc", "--iterations", "0"], "iterations must be between 1 and"),
        (["solve", "leduc", "--show", "Z:"], "leduc has no information set 'Z:'"),
        (["solve", "kuhn", "--variant", "mccfr", "--seed", "-1"], "seed must be between 0 and"),
        (["solve", "kuhn", "--record", "-2"], "record must be between 0 and"),
    ],
)
def test_solve_bad_input_is_one_line_and_exit_2(capsys, argv, message):
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == "" and err.count("\n") == 1 and message in err


def test_solve_unknown_game_from_a_real_process():
    proc = subprocess.run([sys.executable, "-m", "pokerlab", "solve", "holdem"], capture_output=True, text=True)
    assert proc.returncode == 2 and "invalid choice: 'holdem'" in proc.stderr and "Traceback" not in proc.stderr
