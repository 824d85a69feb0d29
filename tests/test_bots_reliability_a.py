"""Every bot is legal in 10,000 hands under every preset: part a of three (see tests/bots_soak.py)."""

import pytest

from tests.bots_soak import illegal_actions, part


@pytest.mark.slow  # 10,000 hands per bot; the quick subset leaves it out
@pytest.mark.parametrize("name", part(0))
def test_bot_is_legal_in_10000_hands_under_every_preset(name):
    assert illegal_actions(name) == []


def test_the_three_parts_hold_every_bot_once():
    from pokerlab import bots
    from tests.bots_soak import PARTS

    together = [name for k in range(PARTS) for name in part(k)]
    assert sorted(together) == sorted(bots.names()) and len(set(together)) == len(together)
