"""``pokerlab.solve.postflop_reports``: a strategy grid that is not hand classes mapped to action shares is refused."""

from __future__ import annotations

import pytest

from pokerlab.errors import ParameterError


def test_strategy_grid_text_refuses_a_grid_that_is_not_classes_to_shares():
    """A random junk draw: ``strategy_grid_text({'': 0})`` crashed with a TypeError."""
    from pokerlab.solve.postflop_reports import strategy_grid_text

    for grid in ({"": 0}, {"AKs": 0}, {"AKs": {"check": 2}}, {"AKs": {"check": 1.0, "bet": 0.0}, "QQ": {"check": 0.5}}):
        with pytest.raises(ParameterError):
            strategy_grid_text(grid)
    text = strategy_grid_text({"AKs": {"check": 1.0, "bet 50": 0.0}, "72o": {"check": 0.25, "bet 50": 0.75}})
    assert text.splitlines()[2].split() == ["A", "##"] and "75" in text.split("bet 50:")[1]
