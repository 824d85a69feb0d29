"""The solvers' one game interface (#43): Kuhn's and Leduc's information sets are DecisionPoints whose chips agree
with the tree's payoffs and with a plain reading of the betting history."""

import pytest

from pokerlab.solve import game
from pokerlab.solve.games import LEDUC_BETS, DecisionPoint


def _paid_from_history(name, history):
    """The chips each player has put in, read plainly from the history string (the reference)."""
    paid = [1, 1]
    if name == "kuhn":
        for k, a in enumerate(history):
            paid[k % 2] += a == "b"
        return tuple(paid)
    for rnd, seq in enumerate(history.split("/")):
        player = 0
        for a in seq:
            if a == "r":
                paid[player] = paid[1 - player] + LEDUC_BETS[rnd]
            elif a == "c":
                paid[player] = paid[1 - player]
            player = 1 - player
    return tuple(paid)


@pytest.mark.parametrize("name", ["kuhn", "leduc"])
def test_every_information_set_is_a_decision_point_with_the_histories_chips(name):
    g = game(name)
    for info in g.infosets:
        assert isinstance(info, DecisionPoint)
        assert info.paid == _paid_from_history(name, info.history), info.key
        assert info.pot == sum(info.paid)
        assert info.to_call == info.paid[1 - info.player] - info.paid[info.player] >= 0
        assert ("f" in info.actions) == (info.to_call > 0) or name == "kuhn"


@pytest.mark.parametrize("name", ["kuhn", "leduc"])
def test_a_fold_loses_exactly_what_the_folder_had_paid(name):
    g = game(name)
    fold = "f" if name == "leduc" else "p"
    for node in g.nodes:
        if node.terminal or fold not in node.actions:
            continue
        info = g.infosets[int(node.infoset[0])]
        if info.to_call == 0:  # Kuhn's pass is a check here, not a fold
            continue
        child = g.nodes[node.children[node.actions.index(fold)]]
        sign = -1 if node.player == 0 else 1
        assert set(child.payoff.tolist()) == {sign * info.paid[node.player]}, node.history
