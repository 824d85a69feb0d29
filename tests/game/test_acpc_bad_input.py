"""``pokerlab.game.acpc``: a blank match state is refused naming the argument."""

from __future__ import annotations

import pytest


@pytest.mark.parametrize("blank", ["\r", " ", "\n\t", ""])
def test_a_blank_match_state_is_refused_naming_the_argument(blank):
    # found by tests/test_errors_junk.py's random junk: state_from_matchstate("\r") named neither ms nor '\r'
    from pokerlab.errors import AcpcError
    from pokerlab.game.acpc import state_from_matchstate

    with pytest.raises(AcpcError, match=r"^ms '.*': a match state has 4 fields") as info:
        state_from_matchstate(blank)
    assert repr(blank) in str(info.value)
