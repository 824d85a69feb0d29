"""Nodes no pair of hands reaches: after an action never taken, or on a river card that removes a whole range.

Their actions are still listed, but there is no mix: every action's share is NaN (a share of nothing, no
warning) and the per-hand maps (strategy, ev, equity) are empty; the command line says so in words and its
JSON holds nulls; the turn report's row for such a card is NaN.
"""

from __future__ import annotations

import json
import math
import warnings

import pytest

from pokerlab import solve
from pokerlab.cli import main
from pokerlab.errors import RangeError

TURN = ("Ks 7d 4c 2h", "QQ, JJ", "AhKh")  # the river Ah (or Kh) removes IP's only combination


@pytest.fixture(scope="module")
def locked():
    """A river where IP's bet after a check is never taken: the node is locked to checking."""
    s = solve.postflop(
        "Ks 7d 4c 2h 2s", "AA, 65s", "KQ, QJ", pot=100, stack=100, bets="50%", raises="", progress=False,
        max_iterations=40,
    )  # fmt: skip
    return s.lock(("check",), {"check": 1.0})


@pytest.fixture(scope="module")
def turn():
    return solve.postflop(*TURN, pot=100, stack=100, bets="100%", raises="", progress=False, max_iterations=20)


def test_after_an_action_never_taken(locked):
    assert locked.frequencies(("check",)) == {"check": pytest.approx(1.0), "bet 50": 0.0}
    line = ("check", "bet 50")
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # NaN without a RuntimeWarning
        freq = locked.frequencies(line)
        assert list(freq) == ["fold", "call"] and all(math.isnan(f) for f in freq.values())
        assert locked.actions(line) == ("fold", "call")
        assert locked.strategy(line) == {} and locked.ev(line) == {} and locked.equity(line) == {}
        assert locked.ev(line, "ip") == {} and locked.equity(line, "ip") == {}
    with pytest.raises(RangeError, match="AhAs is in OOP's range but does not reach this node"):
        locked.strategy(line)["AhAs"]
    assert locked.ev(line).get("AhAs", "none") == "none"
    # the sibling the lock keeps playing is reached by exactly the hands that check
    checking = {h for h, mix in locked.strategy(()).items() if mix["check"] > 0}
    assert checking and set(locked.ev(("check", "check"), "oop")) == checking


def test_a_river_card_that_removes_a_whole_range(turn):
    for card in ("Ah", "Kh"):
        line = ("check", "check", card)
        assert turn.actions(line) == ("check", "allin 100")
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            assert all(math.isnan(f) for f in turn.frequencies(line).values())
            for who in ("oop", "ip"):  # OOP's hands are dealt, but never against a hand of IP's
                assert turn.ev(line, who) == {} and turn.equity(line, who) == {}
            assert turn.strategy(line) == {}
    reached = ("check", "check", "3s")
    assert sum(turn.frequencies(reached).values()) == pytest.approx(1.0)
    assert len(turn.strategy(reached)) == len(turn.ev(reached)) == len(turn.equity(reached)) == 12
    assert turn.ev(reached, "ip").keys() == {"AhKh"}


def test_the_turn_report_row_of_such_a_card_is_nan(turn):
    report = solve.turn_report(*TURN, pot=100, stack=100, solution=turn, progress=False).set_index("river")
    for card in ("Ah", "Kh"):
        row = report.loc[card]
        assert row["weight"] == 0.0
        assert all(math.isnan(row[c]) for c in ("oop_value", "ip_value", "oop_equity", "check", "allin 100"))
    assert report.loc["3s", ["check", "allin 100"]].sum() == pytest.approx(1.0)
    assert report["weight"].sum() == pytest.approx(1.0)


def test_the_command_line_says_no_hand_reaches_the_node(capsys):
    spot = ["Ks7d4c2h", "--oop", TURN[1], "--ip", TURN[2], "--pot", "100", "--stack", "100", "--bets", "100%"]
    spot += ["--raises", "none", "--max-iterations", "20", "--line", "check, check, Ah"]
    assert main(["postflop", *spot]) == 0
    out = capsys.readouterr().out
    assert "after check, check, Ah, OOP to act: no pair of hands reaches this node" in out
    assert "##" not in out and "nan" not in out
    assert main(["postflop", *spot, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["frequencies"] == {"check": None, "allin 100": None} and data["grid"] == {}
