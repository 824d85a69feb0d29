"""``pokerlab.game.rules``: rules that contradict themselves are refused, naming the field."""

from __future__ import annotations

import pytest

from pokerlab.errors import RulesError
from pokerlab.game import NO_LIMIT_RING, BettingStructure, Rules, TimeBank


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


def test_a_structure_of_the_wrong_class_is_refused_as_its_twin_fields_are():
    """``Rules(structure=3)`` was a plain RulesError where ``Rules(big_blind="2")`` is a RulesTypeError: a wrong
    type is the TypeError twin for every field now, a wrong word the plain RulesError."""
    from pokerlab.errors import RulesTypeError

    with pytest.raises(RulesTypeError, match=r"^big_blind must be a whole number \(chips are integers\), not '2'$"):
        Rules(big_blind="2")
    with pytest.raises(RulesTypeError, match=r"^structure must be one of fixed-limit, no-limit, pot-limit, not 3$"):
        Rules(structure=3)  # type: ignore[arg-type]
    with pytest.raises(
        RulesError, match=r"^structure must be one of fixed-limit, no-limit, pot-limit, not 'bogus'$"
    ) as info:
        Rules(structure="bogus")  # type: ignore[arg-type]
    assert not isinstance(info.value, TypeError)
    assert Rules(structure="pot-limit").structure is Rules(structure=BettingStructure.POT_LIMIT).structure
