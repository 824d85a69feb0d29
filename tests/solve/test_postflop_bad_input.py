"""``pokerlab.solve.postflop``: bet and raise sizes (strings and per-street mappings) that cannot be read say why."""

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
