"""``pokerlab.bpp.policy``: NaN is refused; exact numbers (Decimal, Fraction) give the float answer."""

from __future__ import annotations

import numpy as np
import pytest

from pokerlab import bpp
from pokerlab.errors import ParameterError


def test_bpp_action_probabilities_refuse_nan():
    with pytest.raises(ParameterError, match="pot"):
        bpp.action_probabilities(0.5, float("nan"), 10, "flop")
    with pytest.raises(ParameterError, match="p_win"):
        bpp.action_probabilities(float("nan"), 40, 10, "flop")
    probs = bpp.action_probabilities(0.5, 40, 10, "flop")
    assert sum(probs.values()) == pytest.approx(1) and all(np.isfinite(list(probs.values())))


def test_bpp_takes_exact_numbers_for_p_win_as_it_does_for_the_pot():
    # a second outside pass: Decimal p_win was a TypeError while a Decimal pot worked
    from decimal import Decimal
    from fractions import Fraction

    want = bpp.action_probabilities(0.5, 40, 10, "flop")
    assert bpp.action_probabilities(Decimal("0.5"), 40, 10, "flop") == want
    assert bpp.action_probabilities(Fraction(1, 2), Decimal(40), 10, "flop") == want
    ev = bpp.expected_winnings(Decimal("0.5"), 40, 10, 10, fold_equity=Decimal("0.25"))
    assert ev == bpp.expected_winnings(0.5, 40, 10, 10, fold_equity=0.25)
