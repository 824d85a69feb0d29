"""pokerlab.solve against OpenSpiel (the real library): same exploitability, same CFR iterates."""

import numpy as np
import pytest

from pokerlab import solve
from pokerlab.bots.leduc import phase_two_policy
from tests.support.peers import peer

pyspiel = peer("pyspiel")
os_exploitability = peer("open_spiel.python.algorithms.exploitability")

from pokerlab.solve.openspiel import openspiel_game, to_openspiel  # noqa: E402

KUHN = solve.game("kuhn")
LEDUC = solve.game("leduc")


def random_policy(game, seed):
    rng = np.random.default_rng(seed)
    raw = rng.random(game.legal.shape) * game.legal
    return solve.Policy(game, raw / raw.sum(axis=1, keepdims=True))


def openspiel_value(policy):
    return os_exploitability.exploitability(openspiel_game(policy.game), to_openspiel(policy))


@pytest.mark.parametrize("seed", range(5))
def test_kuhn_exploitability_equals_openspiel(seed):
    for policy in (random_policy(KUHN, seed), solve.cfr(KUHN, 10 + seed, "cfr", record=0).average_policy):
        assert solve.exploitability(KUHN, policy) == pytest.approx(openspiel_value(policy), abs=1e-9)


def test_leduc_exploitability_equals_openspiel():
    policies = {
        "uniform": solve.Policy.uniform(LEDUC),
        "random": random_policy(LEDUC, 1),
        "cfr+ 30": solve.cfr(LEDUC, 30, "cfr+", record=0).average_policy,
        "phase II": phase_two_policy("normal"),
    }
    for name, policy in policies.items():
        assert solve.exploitability(LEDUC, policy) == pytest.approx(openspiel_value(policy), abs=1e-9), name


def test_leduc_game_value_and_rules_equal_openspiel():
    # expected value of two policies: pokerlab's tree against OpenSpiel's
    from open_spiel.python.algorithms import expected_game_score

    a, b = random_policy(LEDUC, 3), random_policy(LEDUC, 4)
    spiel = openspiel_game(LEDUC)
    mixed = solve.Policy(LEDUC, np.where([[i.player == 0] for i in LEDUC.infosets], a.table, b.table))
    theirs = expected_game_score.policy_value(spiel.new_initial_state(), [to_openspiel(mixed)] * 2)
    assert solve.expected_value(LEDUC, a, b) == pytest.approx(theirs[0], abs=1e-12)
    assert len({s for s in to_openspiel(a).state_lookup}) == 936  # suited private cards: 288 ranked sets


@pytest.mark.parametrize(
    ("name", "variant", "iterations"),
    [("kuhn", "cfr", 300), ("kuhn", "cfr+", 300), ("leduc", "cfr", 10), ("leduc", "cfr+", 10)],
)
def test_cfr_iterates_equal_openspiel_cpp_solvers(name, variant, iterations):
    g = solve.game(name)
    spiel = openspiel_game(g)
    solver = (pyspiel.CFRSolver if variant == "cfr" else pyspiel.CFRPlusSolver)(spiel)
    for _ in range(iterations):
        solver.evaluate_and_update_policy()
    theirs = pyspiel.exploitability(spiel, solver.average_policy())
    ours = solve.cfr(g, iterations, variant, record=0)
    assert solve.exploitability(g, ours.average_policy) == pytest.approx(theirs, abs=1e-9)


@pytest.mark.parametrize("name", ["kuhn", "leduc"])
def test_every_history_matches_openspiel(name):
    """Walk OpenSpiel's full game tree beside pokerlab's: same player, same legal actions, same payoffs."""
    g = solve.game(name)
    deal_of = {tuple(d): k for k, d in enumerate(g.deals)}
    seen = {"decisions": 0, "terminals": 0}

    def walk(state, k, cards):
        node = g.nodes[k]
        if state.is_chance_node():
            for card, _ in state.chance_outcomes():
                walk(state.child(card), k, (*cards, card))
            return
        deals = [d for key, d in deal_of.items() if key[: len(cards)] == cards]
        if state.is_terminal():
            assert node.terminal
            assert {node.payoff[d] for d in deals} == {state.returns()[0]}, node.history
            seen["terminals"] += 1
            return
        assert node.player == state.current_player()
        assert [g.actions[a] for a in state.legal_actions()] == list(node.actions), node.history
        seen["decisions"] += 1
        for a in state.legal_actions():
            walk(state.child(a), node.children[node.actions.index(g.actions[a])], cards)

    walk(openspiel_game(g).new_initial_state(), 0, ())
    assert seen["terminals"] > 0 and seen["decisions"] > 0
