"""Widgets are thin views: driving their inputs updates the same numbers the functions give."""

import pytest

from pokerlab import evaluate, hand_potential
from pokerlab.widgets import HandEvaluator, PotentialExplorer


def test_potential_explorer_follows_its_inputs():
    ex = PotentialExplorer("AdQc", "3h4cJh", charts=False)
    assert ex.result.matrix == hand_potential("AdQc", "3h4cJh").matrix
    assert "449,005" in ex.matrix.value
    ex.opponents.value = 3
    assert ex.result.hs_n == pytest.approx(ex.result.hs**3)
    ex.board.value = "3h4cJh5s"  # a turn: one card to come, whatever the toggle says
    assert ex.result.lookahead == 1 and len(ex.result.board) == 4
    ex.weights.value = "JJ+"
    assert ex.result.weighted


def test_potential_explorer_shows_errors_instead_of_raising():
    ex = PotentialExplorer("AdQc", "3h4cJh", charts=False)
    ex.hole.value = "AdAd"
    assert ex.result is None and "twice" in ex.error
    assert "pl-error" in ex.matrix.value
    ex.hole.value = "AdQc"
    assert ex.error is None and ex.result is not None


def test_potential_explorer_draws_charts():
    ex = PotentialExplorer("AdQc", "3h4cJh", charts=True)
    chart = ex._chart(ex.result)
    spec = chart.to_dict()
    assert "vconcat" in spec  # potential bars above the turn-card bars
    assert ex.chart_view.value.startswith("<svg") and "turn card" in ex.chart_view.value


def test_preflop_explorer():
    from pokerlab.widgets import PreflopExplorer

    ex = PreflopExplorer(players=3, games=100, charts=False)
    first = ex.result.value("AA")
    ex.games.value = 1000
    assert ex.result.provenance["games"] == 1000 and ex.result.value("AA") != first
    assert ex.result.stderr("AA") < 0.02
    ex.players.value = 6
    assert ex.result.provenance["players"] == 6 and ex.result.value("AA") < first
    ex.metric.value = "won_outright"
    assert ex.result.provenance["metric"] == "won_outright"
    assert "mean standard error" in ex.summary.value


def test_deal_button_is_seeded():
    ex = PotentialExplorer(charts=False, seed=5)
    ex.deal.click()
    first = (ex.hole.value, ex.board.value)
    ex2 = PotentialExplorer(charts=False, seed=5)
    ex2.deal.click()
    assert (ex2.hole.value, ex2.board.value) == first
    assert len(ex.result.board) == 3


def test_hand_evaluator():
    he = HandEvaluator("KhKs Kd Th Tc")
    assert he.result == evaluate("KhKsKdThTc")
    assert "kings full of tens" in he.out.value
    he.cards.value = "Kh"
    assert he.result is None and "5, 6 or 7" in he.error
    he2 = HandEvaluator(seed=3)
    he2.deal.click()
    assert len(he2.result.cards) == 7
