"""pokerlab.widgets.bpp: the BPP inspector follows the evidence and draws offline."""

import pytest


def test_inspector_follows_the_evidence_and_reports_impossible_evidence():
    from pokerlab.widgets import BPPInspector

    ins = BPPInspector(charts=False)
    assert ins.evidence() == {} and ins.result["p_win"] == pytest.approx(0.5, abs=1e-3)
    ins.from_cards()  # AdQc on 3h4cJh
    assert ins.round.value == "flop"
    assert ins.evidence() == {"BPP_Current": "busted_A", "Board": "busted_TJ"}
    before = ins.result["p_win"]
    ins.action.value = "raise"
    assert ins.result["p_win"] < before
    assert ins.result["p_win"] == pytest.approx(ins.network.p_win(ins.evidence()), abs=1e-12)
    assert sum(ins.result["probabilities"].values()) == pytest.approx(1)
    assert "pl-bpp-node" in ins.diagram.value and "= raise" in ins.diagram.value
    ins.board.value = "pair_K"
    assert "impossible with Board=pair_K" in ins.message.value and "error" in ins.result
    assert "nan" not in ins.summary.value.lower()
    ins.round.value = "preflop"  # the board evidence no longer fits and is dropped
    assert "Board" not in ins.evidence() and "p_win" in ins.result
    ins.cpd_node.value = "BPP_Win"
    assert "P(BPP_Win | BPP_Final, OPP_Final)" in ins.cpd_view.value
    ins.hole_cards.value = "AsAs"
    ins.from_cards()
    assert "appears twice" in ins.message.value
    ins.to_call.value = -5
    assert "cannot be negative" in ins.message.value


def test_inspector_draws_charts_offline():
    from pokerlab.widgets import BPPInspector

    ins = BPPInspector(round="river", hand_types=9, actions=2, charts=True)
    assert ins.posterior_view.value.startswith("<svg") and ins.curves_view.value.startswith("<svg")


@pytest.mark.parametrize("start", ["flop", "river"])
def test_from_cards_answers_once_for_the_four_controls_it_sets(monkeypatch, start):
    """Setting the round, BPP_Current and Board from the cards draws the answer (and its two charts) once, not
    once per control: it was twice on the same round and three times on a new one (each 0.5-0.7 s of charts)."""
    from pokerlab.widgets import BPPInspector, bpp as module

    ins = BPPInspector(round=start)
    drawn: list[int] = []
    real = module.chart_svg
    monkeypatch.setattr(module, "chart_svg", lambda chart: drawn.append(1) or real(chart))
    ins.from_cards()  # AdQc on 3h4cJh: the flop
    assert ins.round.value == "flop" and ins.evidence() == {"BPP_Current": "busted_A", "Board": "busted_TJ"}
    assert len(drawn) == 2  # the posteriors and the betting curves, once each
    assert ins.result["p_win"] == pytest.approx(ins.network.p_win(ins.evidence()), abs=1e-12)
