"""The Waterloo report's Phase II rules as a Leduc policy: strengths by hand, decisions, exploitability."""

import pytest

from pokerlab import solve
from pokerlab.bots.leduc import leduc_strength, phase_two_decisions, phase_two_policy
from pokerlab.errors import ParameterError

LEDUC = solve.game("leduc")


def test_strengths_by_hand():
    # K against a random card: another K (1 of 5) splits; a Q or J (4 of 5) loses only when the board pairs it
    # (1 of the 4 unseen cards): 1/5 * 1/2 + 4/5 * 3/4 = 0.7. Q: 2/5 * 1/4 + 1/5 * 1/2 + 2/5 * 3/4 = 0.5.
    assert leduc_strength("K") == pytest.approx(0.7, abs=1e-15)
    assert leduc_strength("Q") == pytest.approx(0.5, abs=1e-15)
    assert leduc_strength("J") == pytest.approx(0.3, abs=1e-15)
    # on the board: a pair always wins; K on a J board splits with K, beats Q Q, loses to J: (0.5 + 2) / 4
    assert leduc_strength("Q", "Q") == 1.0
    assert leduc_strength("K", "J") == 0.625
    assert leduc_strength("J", "K") == 0.125


def test_decisions_follow_algorithms_3_to_6():
    p = phase_two_policy("normal")
    # Algorithm 3: threshold = win rate x (1 + position / 4): J 0.375 (player 0) and 0.45 (player 1) call,
    # Q 0.625 and K raise
    assert p["J:"] == {"c": 1.0, "r": 0.0} and p["J:r"] == {"f": 0.0, "c": 1.0, "r": 0.0}
    assert p["Q:"] == {"c": 0.0, "r": 1.0} and p["K:c"] == {"c": 0.0, "r": 1.0}
    assert p["Q:rr"] == {"f": 0.0, "c": 1.0}  # a raise after two raises is a call
    # Algorithm 4: a pair (EHS 1) raises, a king on a J board (EHS 0.625) calls
    assert p["JJ:rc/"] == {"c": 0.0, "r": 1.0} and p["KJ:rc/r"] == {"f": 0.0, "c": 1.0, "r": 0.0}
    # Algorithm 5 then 6: EHS 0.125 bluffs half the time; otherwise it checks, or folds to a bet (pot odds 4/14)
    assert p["JQ:rc/"] == {"c": 0.5, "r": 0.5}
    assert p["JQ:rc/r"] == {"f": 0.5, "c": 0.0, "r": 0.5}
    # ... but not into a pot above 10 round-1 bets (20 chips): after crrc/ and a raise and re-raise, 26 chips
    assert p["JQ:rrc/crr"] == {"f": 1.0, "c": 0.0}
    assert phase_two_policy("none")["JQ:rc/"] == {"c": 1.0, "r": 0.0}
    assert phase_two_policy("aggressive")["JQ:rc/"] == pytest.approx({"c": 0.2, "r": 0.8})
    table = phase_two_decisions("normal")
    assert "bluff with probability 0.5" in table.loc["JQ:rc/r", "reason"]
    assert table.loc["JQ:rc/r", "r"] == 0.5 and len(table) == 288


def test_exploitability_of_each_bluffing_style():
    values = {
        s: solve.exploitability(LEDUC, phase_two_policy(s)) for s in ("none", "conservative", "normal", "aggressive")
    }
    assert values == pytest.approx(
        {"none": 0.6, "conservative": 1.214, "normal": 2.0125, "aggressive": 2.657333333333333}, abs=1e-12
    )
    assert solve.exploitability(LEDUC, solve.Policy.uniform(LEDUC)) == pytest.approx(2.3736111111111, abs=1e-12)


def test_phase_two_against_cfr_from_the_tree():
    p = phase_two_policy("normal")
    eq = solve.cfr(LEDUC, 200, "cfr+", record=0).average_policy
    ev = solve.head_to_head(LEDUC, p, eq)
    assert ev == pytest.approx(
        0.5 * (solve.expected_value(LEDUC, p, eq) - solve.expected_value(LEDUC, eq, p)), abs=1e-15
    )
    assert -0.5 < ev < -0.05  # the equilibrium beats it, by far less than a best response does
    br = solve.best_response(LEDUC, p)
    assert br.exploitability == pytest.approx(solve.exploitability(LEDUC, p), abs=1e-15)
    top = solve.leaks(LEDUC, p)[0]
    assert top.gain > 1 and top.infoset.startswith("J:")
    # against the equilibrium's rows: fixing the jack facing a raise helps most
    ranked = solve.leaks(LEDUC, p, reference=eq)
    assert ranked[0].infoset == "J:cr" and ranked[0].fix > 0.1
    assert [x.fix for x in ranked] == sorted((x.fix for x in ranked), reverse=True)


@pytest.mark.parametrize(
    ("kwargs", "match"),
    [
        ({"bluff": "wild"}, "bluff must be one of"),
        ({"bluff_rate": 1.5}, "bluff_rate must be a probability"),
        ({"bluff_rate": True}, "bluff_rate must be a probability"),
        ({"few_pot_big_blinds": float("inf")}, "few_pot_big_blinds must be a finite number"),
        ({"few_pot_big_blinds": -1}, "few_pot_big_blinds must be a finite number"),
        ({"c": 0}, "c must be a positive number"),
        ({"c": None, "bluff": None}, "bluff must be one of"),
    ],
)
def test_bad_arguments(kwargs, match):
    with pytest.raises(ParameterError, match=match):
        phase_two_policy(**kwargs)


def test_bad_strength_arguments():
    with pytest.raises(ParameterError, match="ranks J, Q or K"):
        leduc_strength("A")


@pytest.mark.parametrize(("card", "board"), [("JQ", ""), (None, ""), ("K", 3), ("K", "KK")])
def test_strength_rejects_what_is_not_a_rank(card, board):
    with pytest.raises(ParameterError, match="ranks J, Q or K"):
        leduc_strength(card, board)
