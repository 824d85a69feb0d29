"""Issue #39 (outside tester's low findings): size strings and per-street mappings say what is wrong."""

import pytest

from pokerlab import solve
from pokerlab.errors import ParameterError

RIVER = "KhTc7s4d2c"


@pytest.mark.parametrize(
    ("kw", "says"),
    [
        ({"bets": "50%,,"}, "empty size"),
        ({"bets": "0%"}, "more than 0 %"),
        ({"raises": "1x"}, "more than 1x"),
        ({"bets": {"turn": "75%"}}, "names no street"),
    ],
)
def test_bad_sizes_say_why(kw, says):
    with pytest.raises(ParameterError, match=says):
        solve.postflop_actions(RIVER, "AA", "KK", (), pot=100, stack=200, **kw)


def test_river_mapping_still_works():
    assert solve.postflop_actions(RIVER, "AA", "KK", (), pot=100, stack=200, bets={"river": "50%"}) == (
        "check",
        "bet 50",
    )


def test_strategy_grid_text_refuses_a_grid_that_is_not_classes_to_shares():
    """A random junk draw: ``strategy_grid_text({'': 0})`` crashed with a TypeError."""
    from pokerlab.solve.postflop_reports import strategy_grid_text

    for grid in ({"": 0}, {"AKs": 0}, {"AKs": {"check": 2}}, {"AKs": {"check": 1.0, "bet": 0.0}, "QQ": {"check": 0.5}}):
        with pytest.raises(ParameterError):
            strategy_grid_text(grid)
    text = strategy_grid_text({"AKs": {"check": 1.0, "bet 50": 0.0}, "72o": {"check": 0.25, "bet 50": 0.75}})
    assert text.splitlines()[2].split() == ["A", "##"] and "75" in text.split("bet 50:")[1]
