"""The postflop solver's decisions speak the solvers' one game interface (#43, item 3): a DecisionPoint whose
pot, to-call, chips paid and legal actions agree with the solution's own line labels and payoffs."""

from __future__ import annotations

import pytest

from pokerlab import solve
from pokerlab.errors import IllegalActionError, ParameterError, ParameterTypeError
from pokerlab.solve.games import DecisionPoint
from pokerlab.solve.postflop_nodes import decision_point, decision_points


@pytest.fixture(scope="module")
def river():
    return solve.postflop(
        "Ks 7d 4c 2h 2s", "AA, 65s, KJ", "KQ, QJ, 77", pot=100, stack=200, bets="50%", raises="2x, a",
        progress=False, max_iterations=30,
    )  # fmt: skip


@pytest.fixture(scope="module")
def turn():
    return solve.postflop(
        "Ks 7d 4c 2h", "AA", "KQ", pot=60, stack=90, bets="50%", raises="", progress=False, max_iterations=10
    )


def test_the_river_lines_chips(river):
    root = decision_point(river)
    assert (root.key, root.player, root.actions, root.paid, root.pot, root.to_call) == (
        "", 0, ("check", "bet 50"), (0, 0), 100, 0,
    )  # fmt: skip
    raised = decision_point(river, "bet 50, raise 100")
    assert (raised.player, raised.paid, raised.pot, raised.to_call, raised.behind) == (0, (50, 100), 250, 50, 150)
    assert raised.actions == ("fold", "call", "allin 200")
    assert decision_point(river, ("Bet 50", "allin")).line == ("bet 50", "allin 200")  # "allin" names the all-in


def test_every_decision_agrees_with_the_labels_and_the_payoffs(river):
    points = list(decision_points(river))
    folds_checked = 0
    assert len(points) >= 5
    for d in points:
        assert isinstance(d, DecisionPoint)
        assert d.actions == river.actions(d.key) and set(river.frequencies(d.key)) == set(d.actions)
        assert d.pot == river.pot + sum(d.paid) and d.to_call == d.paid[1 - d.player] - d.paid[d.player] >= 0
        assert ("check" in d.actions) == (d.to_call == 0)
        assert ("fold" in d.actions) == ("call" in d.actions) == (d.to_call > 0)
        assert river.actions((*d.line, "call")) == () if d.to_call else True  # a river call ends the hand
        for label in d.actions:
            kind, _, amount = label.partition(" ")
            if kind in ("bet", "raise", "allin"):
                added = int(amount) - d.street_paid[d.player]
                assert d.to_call < added <= d.behind, (d.key, label)
                assert (kind == "allin") == (added == d.behind), (d.key, label)
        if "fold" in d.actions:  # the solver's own payoff: a fold loses exactly what the folder put in
            ev = river.ev((*d.line, "fold"), player=("oop", "ip")[d.player])
            assert set(ev.values()) <= {-float(d.paid[d.player])}, d.key
            folds_checked += bool(ev)
    assert folds_checked >= 2


def test_a_river_card_starts_a_new_street_with_oop_to_act(turn):
    d = decision_point(turn, "bet 30, call, 2C")
    assert (d.street, d.player, d.paid, d.street_paid, d.pot, d.to_call, d.behind) == (
        "river", 0, (30, 30), (0, 0), 120, 0, 60,
    )  # fmt: skip
    assert d.actions == ("check", "allin 60") and d.line == ("bet 30", "call", "2c")
    after = decision_point(turn, (*d.line, "check", "allin 60"))
    assert (after.player, after.paid, after.pot, after.to_call) == (0, (30, 90), 180, 60)
    assert {p.street for p in decision_points(turn, cards=1)} == {"turn", "river"}


def test_lines_that_reach_no_decision_are_refused(river, turn):
    with pytest.raises(IllegalActionError, match=r"^after \(\) the actions are check, bet 50; not 'bet 70'$"):
        decision_point(river, ("bet 70",))
    with pytest.raises(IllegalActionError, match="no one acts after"):
        decision_point(river, ("bet 50", "fold"))
    with pytest.raises(IllegalActionError, match="no one acts after"):
        decision_point(turn, ("check", "check"))  # the river card comes first
    with pytest.raises(ParameterTypeError, match="solution must be a PostflopSolution"):
        decision_point(solve.game("kuhn"), ())
    with pytest.raises(ParameterError, match="cards must be a positive whole number"):
        decision_points(turn, cards=0)  # refused at the call, before any walk


def test_the_solution_gives_its_decisions_and_their_chips_come_from_the_tree(river, turn):
    """solution.decision(line) is the public way in; DecisionPoint is exported from pokerlab.solve; the chips are
    the tree nodes' own (``put``), the street a Street."""
    from pokerlab.solve import DecisionPoint as Exported
    from pokerlab.solve.postflop import _DECISION
    from pokerlab.streets import Street

    assert Exported is DecisionPoint and "DecisionPoint" in solve.__all__
    d = river.decision("bet 50, raise 100")
    assert d == decision_point(river, "bet 50, raise 100") and isinstance(d, Exported)
    assert (d.street, d.paid, d.to_call, d.pot) == (Street.RIVER, (50, 100), 50, 250) and d.street is Street.RIVER
    assert turn.decision("bet 30, call, 2c").street is Street.RIVER and turn.decision().street is Street.TURN

    def nodes(node, line):  # the solver's tree, walked by hand: every decision with the chips it holds
        if node.kind == _DECISION:
            yield line, node
            for label, kid in zip(node.labels, node.kids, strict=True):
                yield from nodes(kid, (*line, label))

    tree = list(nodes(river._game.root.tmpl, ()))
    assert len(tree) == len(list(decision_points(river))) >= 5
    for line, node in tree:
        point = river.decision(line)
        assert (point.paid, point.player, point.actions) == (node.put, node.player, tuple(node.labels)), line
    with pytest.raises(IllegalActionError, match="no one acts after"):
        river.decision(("bet 50", "fold"))
