"""Looking things up in a postflop spot: lines checked on the tree before a solve, hands in either card order."""

from __future__ import annotations

import pytest

from pokerlab import solve
from pokerlab.errors import IllegalActionError, ParameterError, RangeError
from pokerlab.solve.postflop import HandMap

TURN = dict(board="Ks7d4c2h", oop="AA, 65s", ip="KQ, QJ", pot=100, stack=250, bets="100%", raises="a")


@pytest.fixture(scope="module")
def turn():
    spot = dict(TURN)
    return solve.postflop(spot.pop("board"), spot.pop("oop"), spot.pop("ip"), **spot, target=0.01, progress=False)


def _actions(line):
    spot = dict(TURN)
    return solve.postflop_actions(spot.pop("board"), spot.pop("oop"), spot.pop("ip"), line, **spot)


def test_the_tree_alone_answers_as_the_solution_does_on_every_line(turn):
    """Every line of the turn spot (two river cards at each chance node), walked without a solve."""
    stack, seen = [()], 0
    while stack:
        line = stack.pop()
        after = turn.actions(line)
        assert _actions(line) == _actions(", ".join(line)) == after
        seen += 1
        labels = after[:2] if after and after[0] == "2c" else after  # "2c", "2d": two of the 46 rivers
        stack.extend(line + (lab,) for lab in labels)
    assert seen > 40
    rivers = _actions("Bet 100, ALLIN, call")  # labels read in any case; "allin" names the all-in
    assert rivers == turn.actions(("bet 100", "allin 250", "call")) and len(rivers) == 48 and "Ks" not in rivers


@pytest.mark.parametrize(
    "line",
    ["bet 77", "check, check, Ks", "check, check, 2c, check, check, 3s", "allin, fold, call", "check, check, zz"],
)
def test_a_line_off_the_tree_gets_the_solutions_error_before_any_solve(turn, line):
    with pytest.raises(IllegalActionError) as before:
        _actions(line)
    with pytest.raises(IllegalActionError) as after:
        turn.actions(line)
    assert str(before.value) == str(after.value)
    assert len(str(before.value)) < 160  # a few river cards, not all 46


def test_a_board_card_on_the_line_is_named_as_a_card_with_a_short_list():
    with pytest.raises(IllegalActionError) as info:
        _actions("check, check, kS")
    assert str(info.value) == (
        "after ('check', 'check') the river is a card not on the board, such as 2c, 2d, 2s, 3c, ...; "
        "not 'Ks', a board card"
    )


def test_strategy_ev_and_equity_find_a_hand_in_either_card_order(turn):
    line = ("bet 100",)  # IP faces OOP's bet
    maps = [turn.strategy(line), turn.ev(line), turn.equity(line), turn.ev(line, "oop")]
    for m in maps:
        assert isinstance(m, HandMap) and isinstance(m, dict) and m
        for key, value in m.items():
            swapped = key[2:] + key[:2]  # "AsAh" -> "AhAs"
            assert m[swapped] == m[key] == value == m.get(swapped) == m.get(f" {key[2:]} {key[:2]} ")
            assert swapped in m and key in m
    strat = maps[0]
    assert set(strat) == {k for k in strat}  # iteration keeps the one spelling
    assert all(len(k) == 4 and k == str(k) for k in strat)


def test_a_hand_that_cannot_be_there_raises_a_clear_error(turn):
    strat = turn.strategy(("bet 100",))  # IP to act
    assert strat["KhQh"] == strat["QhKh"]
    with pytest.raises(RangeError, match=r"^QsKs holds Ks, on the board Ks 7d 4c 2h$"):
        strat["QsKs"]
    with pytest.raises(RangeError, match=r"^AhKd is not in IP's range$"):
        strat["AhKd"]
    with pytest.raises(RangeError, match=r"^AhKd is not in IP's range$"):
        strat.get("AhKd")
    assert "QsKs" not in strat and "AhKd" not in strat and "nonsense" not in strat


def test_a_hand_in_the_range_that_does_not_reach_the_node_says_so(turn):
    ip = turn.strategy(("bet 100",))
    folds = [h for h, mix in ip.items() if mix["fold"] > 0.999]
    assert folds, "some IP hand always folds to the bet"
    later = turn.ev(("bet 100", "call", "2c"), "ip")
    hand = folds[0][2:] + folds[0][:2]
    assert later and hand not in later and later.get(hand) is None and later.get(hand, 0.0) == 0.0
    with pytest.raises(RangeError, match=f"^{hand} is in IP's range but does not reach this node$"):
        later[hand]


@pytest.mark.parametrize("target", [0.3, 50, -0.001])
def test_the_librarys_target_is_a_fraction_and_the_error_says_so(target):
    spot = dict(TURN)
    with pytest.raises(ParameterError) as info:
        solve.postflop(spot.pop("board"), spot.pop("oop"), spot.pop("ip"), **spot, target=target, progress=False)
    assert str(info.value) == (
        "target is a fraction of the pot from 0 to 0.1 (0.003 is 0.3 %; the command line's --target takes the "
        f"percentage 0.3), not {target!r}"
    )


def test_with_nothing_behind_a_river_line_is_refused_at_the_root():
    assert solve.postflop_actions("Ks7d4c2h2s", "AA", "KQ", (), pot=10, stack=0) == ()
    with pytest.raises(IllegalActionError) as info:
        solve.postflop_actions("Ks7d4c2h2s", "AA", "KQ", "check", pot=10, stack=0)
    assert str(info.value) == "with a stack of 0 no one acts and the cards go to showdown; 'check' cannot follow"
