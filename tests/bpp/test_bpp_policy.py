"""pokerlab.bpp.policy: betting curves, expected winnings and the opponent model."""

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from pokerlab import bots, bpp
from pokerlab.bpp.policy import OpponentModel, action_probabilities, expected_winnings, summarise_actions
from pokerlab.errors import ParameterError


@settings(max_examples=200, deadline=None)
@given(
    st.floats(0, 1),
    st.floats(0, 1),
    st.integers(1, 200),
    st.integers(0, 60),
    st.sampled_from(bpp.ROUNDS),
)
def test_betting_curves_are_distributions_monotone_in_p_win(p, q, pot, to_call, rnd):
    lo, hi = sorted((p, q))
    a = action_probabilities(lo, pot, to_call, rnd)
    b = action_probabilities(hi, pot, to_call, rnd)
    for probs in (a, b):
        assert abs(sum(probs.values()) - 1) < 1e-12 and min(probs.values()) >= 0
    assert b["raise"] >= a["raise"] - 1e-12
    assert b["fold"] <= a["fold"] + 1e-12
    if to_call == 0:
        assert a["fold"] == 0.0
    assert action_probabilities(hi, pot, to_call, rnd, can_raise=False)["raise"] == 0.0


def test_expected_winnings_and_utilities():
    ev = expected_winnings(0.7, pot=40, to_call=10, bet=20)
    assert ev == pytest.approx({"fold": 0.0, "call": 0.7 * 50 - 10, "raise": 0.7 * 90 - 30})
    assert expected_winnings(0.2, 40, 10, 20, fold_equity=1.0)["raise"] == 40
    table = bpp.winnings_table(40, 10, 20)
    assert table["raise"] == {"win": 60, "lose": -30}
    with pytest.raises(ParameterError):
        expected_winnings(1.5, 40, 10, 20)
    with pytest.raises(ParameterError):
        bpp.pot_odds_threshold(-1, 0)


def test_opponent_model_counts_add_to_the_prior():
    nets = bots.bpp.networks(17, 4, False, bpp.DEFAULT_DEALS, None)
    prior = {n.round: n.tables["OPP_Action"] for n in nets}
    model = OpponentModel(prior, mode="specific", prior_strength=4.0)
    t = bpp.HAND_TYPES_17.index("busted_low")
    for _ in range(6):
        model.observe("river", "maniac", t, "raise")
    row = model.table("river", "maniac")[t]
    expected = (4.0 * prior["river"][t] + np.array([0, 0, 0, 6])) / 10.0
    assert np.allclose(row, expected)
    assert np.allclose(model.table("river", "rock")[t], prior["river"][t])  # specific: others untouched
    generic = OpponentModel(prior, mode="generic", prior_strength=4.0)
    generic.observe("river", "maniac", t, "raise")
    assert np.allclose(generic.table("river", "rock"), generic.table("river", "maniac"))
    with pytest.raises(ParameterError, match="unknown opponent action"):
        model.observe("river", "x", t, "fold")
    with pytest.raises(ParameterError, match="mode must be one of generic, specific, off, not 'psychic'"):
        OpponentModel(prior, mode="psychic")
    assert summarise_actions([]) is None
    assert summarise_actions(["check"]) == "pass"
