"""``pokerlab.strength``: weight tables at the edges of the floats, or not real numbers at all."""

from __future__ import annotations

import numpy as np
import pytest

import pokerlab as pl


@pytest.mark.parametrize("w", [1e308, 5e-324, 1e-300, 1e200])
def test_extreme_weight_tables_give_the_uniform_answer(w):
    uniform = pl.hand_strength("AdQc", "3h4cJh")
    assert uniform == pytest.approx(0.585106, abs=1e-6)
    assert pl.hand_strength("AdQc", "3h4cJh", weights=np.full(1326, w)) == uniform
    assert pl.hand_potential("AdQc", "3h4cJh", weights=np.full(1326, w)).ppot == pytest.approx(
        pl.hand_potential("AdQc", "3h4cJh").ppot, rel=1e-12
    )


@pytest.mark.parametrize(
    "weights",
    [np.full(1326, 1 + 1j), np.full(1326, "1"), ["1"] * 1326, np.array([1] * 1325 + [1j], dtype=object)],
    ids=["complex", "text-array", "text-list", "object-complex"],
)
def test_weights_that_are_not_real_numbers_are_refused(weights):
    # a second outside pass: complex weights lost their imaginary part (a numpy warning, then an answer)
    with pytest.raises(pl.RangeError, match="weights must be a range or 1326 numbers"):
        pl.hand_strength("AdQc", "3h4cJh", weights=weights)
