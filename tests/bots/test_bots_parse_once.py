"""``pokerlab.bots`` parse text once, at the edge (issue 24): a decision looks up its hand class without parsing."""

from __future__ import annotations

import pytest

from pokerlab import bots
from pokerlab.cards import HandClass
from pokerlab.game import NO_LIMIT_RING, play_match
from tests.support.parses import count_parses


@pytest.fixture
def class_parses(monkeypatch):
    """The texts HandClass.parse reads (a HandClass handed to it is already parsed: it comes straight back)."""
    return count_parses(monkeypatch, HandClass)


def test_bots_look_up_preflop_classes_at_every_decision_without_parsing(class_parses):
    lineup = [bots.make("phase1"), bots.make("phase2", seed=1), bots.make("phase3", seed=2)]
    result = play_match(lineup, NO_LIMIT_RING, 12, seed=3)
    assert result.hands == 12 and class_parses == []


def test_push_fold_rankings_look_up_combinations(class_parses):
    from pokerlab.bots.pushfold import _top_share
    from pokerlab.preflop import CLASS_NAMES

    shares = _top_share(list(CLASS_NAMES), 0.1)
    assert class_parses == []
    assert sum(HandClass.parse(n).n_combos * v for n, v in shares.items()) == pytest.approx(132.6)
