"""Every bot is legal in 10,000 hands under every preset: part b of three (see tests/bots_soak.py)."""

import pytest

from tests.bots_soak import illegal_actions, part


@pytest.mark.slow  # 10,000 hands per bot; the quick subset leaves it out
@pytest.mark.parametrize("name", part(1))
def test_bot_is_legal_in_10000_hands_under_every_preset(name):
    assert illegal_actions(name) == []
