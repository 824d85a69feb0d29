"""``pokerlab.game.rules``: rules that contradict themselves are refused, naming the field."""

from __future__ import annotations

import pytest

from pokerlab.errors import RulesError
from pokerlab.game import NO_LIMIT_RING, Rules, TimeBank


def test_rules_refuse_contradictions():
    with pytest.raises(RulesError, match="time bank's initial"):
        TimeBank(initial=-1.0)
    with pytest.raises(RulesError, match="min_stack_to_play"):
        Rules(starting_stack=100, min_stack_to_play=150)
    with pytest.raises(RulesError, match="raise_cap"):
        Rules(raise_cap=(1.5, None, None, None))
    with pytest.raises(RulesError, match="bet_sizes"):
        Rules(structure="fixed-limit", bet_sizes=(2.5, 2, 4, 4))
    with pytest.raises(RulesError, match="big_blind"):
        Rules(big_blind=2.5)
    with pytest.raises(RulesError, match="structure"):
        Rules(structure="bogus")
    with pytest.raises(RulesError, match="no field"):
        NO_LIMIT_RING.with_(big_blindd=4)
