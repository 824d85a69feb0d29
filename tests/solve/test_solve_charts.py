"""Lesson 10's charts (rendered offline, marks counted), its explorer widget, and regret matching on RPS."""

import numpy as np
import pytest

from pokerlab import solve
from pokerlab.charts import exploitability_chart, regret_matching_chart, strategy_chart
from pokerlab.errors import ParameterError
from pokerlab.solve.matrix import ROCK_PAPER_SCISSORS, regret_matching_self_play
from tests.support.peers import peer

vl_convert = peer("vl_convert")

LEDUC = solve.game("leduc")


def marks(chart):
    """(mark type, number of items) for every mark group in the rendered scenegraph."""
    found = []

    def walk(node):
        if isinstance(node, dict):
            if node.get("role") == "mark" and "items" in node:
                found.append((node["marktype"], len(node["items"])))
            for v in node.values():
                walk(v)
        elif isinstance(node, list):
            for v in node:
                walk(v)

    walk(vl_convert.vegalite_to_scenegraph(chart.to_json())["scenegraph"])
    return found


@pytest.fixture(scope="module")
def runs():
    return [solve.cfr(LEDUC, 50, v, record=6) for v in ("cfr", "cfr+")] + [
        solve.cfr(LEDUC, 400, "mccfr", seed=2, record=6)
    ]


def test_exploitability_chart_draws_a_line_per_solver_and_the_rules(runs):
    found = marks(exploitability_chart(runs, {"Phase II bot": 2.0125}, iteration=10))
    lines = [n for m, n in found if m == "line"]
    points = [n for m, n in found if m == "symbol"]
    assert lines == [len(r.history) for r in runs]  # one line per solver, a vertex per recorded iteration
    assert points == [sum(len(r.history) for r in runs)]
    assert ("rule", 1) in found and ("text", 1) in found and found.count(("rule", 1)) == 2
    svg = vl_convert.vegalite_to_svg(exploitability_chart(runs).to_json())
    assert "cfr+" in svg and "mccfr" in svg


def test_strategy_chart_draws_a_bar_per_action(runs):
    keys = ["K:", "J:r", "QK:rc/r"]  # 2 + 3 + 3 actions
    assert marks(strategy_chart(runs[1].average_policy, keys)) == [("rect", 8)]


def test_regret_matching_on_rock_paper_scissors():
    run = regret_matching_self_play(ROCK_PAPER_SCISSORS, 10_000, initial_regrets=([1, 0, 0], [0, 0, 0]))
    # round 1: player 0 plays rock (its only positive regret), player 1 uniformly. Against the uniform player
    # every action of player 0 earned 0, so it keeps rock; player 1 regrets not playing paper (+1) and plays it.
    # Round 3: player 0's regrets are (1, 0, 0) + (0, 1, 2) after losing to paper: 1/4, 1/4, 1/2.
    assert run.strategies[0, 0].tolist() == [1.0, 0.0, 0.0]
    assert np.allclose(run.strategies[0, 1], 1 / 3)
    assert run.strategies[1].tolist() == [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0]]
    assert run.strategies[2, 0].tolist() == [0.25, 0.25, 0.5]
    assert np.abs(run.averages[-1] - 1 / 3).max() < 0.01 and run.exploitability[-1] < 0.01
    assert run.exploitability[-1] < run.exploitability[10]
    found = marks(regret_matching_chart(run, rounds=200))
    assert found == [("line", 200)] * 6  # 3 actions x (played, average), 200 rounds each
    # from zero regrets nothing ever moves
    flat = regret_matching_self_play(ROCK_PAPER_SCISSORS, 50)
    assert np.allclose(flat.strategies, 1 / 3) and flat.exploitability[-1] == pytest.approx(0, abs=1e-15)


def test_matrix_bad_input():
    with pytest.raises(ParameterError, match="square table"):
        regret_matching_self_play(np.ones((2, 3)), 10)
    with pytest.raises(ParameterError, match="iterations must be a whole number"):
        regret_matching_self_play(ROCK_PAPER_SCISSORS, 0)
    with pytest.raises(ParameterError, match="initial_regrets"):
        regret_matching_self_play(ROCK_PAPER_SCISSORS, 5, initial_regrets=([1, 0], [0, 0, 0]))


def test_cfr_explorer_moves_with_its_slider(runs):
    from pokerlab.widgets import CFRExplorer

    ex = CFRExplorer(runs, ["K:", "J:", "Q:r"], {"Phase II bot": 2.0125})
    assert ex.iteration.options[-1] == 400 and ex.iteration.value == 400
    assert ex.curve_view.value.startswith("<svg") and ex.strategy_view.value.startswith("<svg")
    assert "cfr</b> after 50 iterations" in ex.summary.value
    ex.variant.value = "cfr+"
    ex.iteration.value = ex.iteration.options[1]
    i, e, policy = ex.snapshot("cfr+", ex.iteration.value)
    assert f"after {i:,} iterations: exploitability {e:.5f}" in ex.summary.value
    assert e == dict(runs[1].history)[i] and policy is runs[1].snapshots[[j for j, _ in runs[1].history].index(i)]
    with pytest.raises(ParameterError, match="no information set 'A:'"):
        CFRExplorer(runs, ["A:"])
    with pytest.raises(ParameterError, match="non-empty list of CFRResult"):
        CFRExplorer([], ["K:"])


def test_cfr_explorer_saves_a_picture_of_its_charts_beside_the_widget(runs):
    """Where no kernel runs (GitHub, nbconvert, VS Code) the saved lesson shows this PNG of the explorer."""
    import base64

    from pokerlab.charts import mark_counts
    from pokerlab.widgets import CFRExplorer

    ex = CFRExplorer(runs, ["K:", "J:", "Q:r"], {"Phase II bot": 2.0125})
    ex.variant.value = "cfr+"
    kinds = {(m.kind, m.marks) for m in mark_counts(ex.last_chart)}
    counts = mark_counts(ex.last_chart)
    assert all(m.marks > 0 and m.visible == m.marks for m in counts), counts
    assert ("rect", 7) in kinds  # K: 2 actions, J: 2, Q:r 3
    assert ("line", sum(len(r.history) for r in runs)) in kinds  # the three solvers' curves
    assert [m.kind for m in counts].count("rule") == 2  # the bot's exploitability and the slider's iteration
    title = ex.last_chart.to_dict()["title"]["text"]
    # the slider stands at the longest run's last iteration; cfr+ recorded 50, and the title says where it stopped
    plain = f"cfr+ after 50 iterations: exploitability {runs[1].exploitability:.5f} chips per hand"
    assert title == f"{plain} (its last record at or before {ex.iteration.value:,})"
    data, meta = ex._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in data  # the live widget
    png = base64.b64decode(data["image/png"])
    assert png.startswith(b"\x89PNG") and len(png) > 2000  # and the picture beside it
    width = int.from_bytes(png[16:20], "big")
    assert 300 < meta["image/png"]["width"] == round(width / 1.5) <= 1100


def test_chart_bad_input(runs):
    with pytest.raises(ParameterError, match="list of information set keys"):
        strategy_chart(runs[0].average_policy, "K:")
    with pytest.raises(ParameterError, match="non-empty list of CFRResult"):
        exploitability_chart([runs[0].average_policy])
    with pytest.raises(ParameterError, match="initial_regrets is a pair"):
        regret_matching_self_play(ROCK_PAPER_SCISSORS, 5, initial_regrets=[1, 0, 0])
    with pytest.raises(ParameterError, match="rounds must be a whole number"):
        regret_matching_chart(regret_matching_self_play(ROCK_PAPER_SCISSORS, 5), rounds=True)


def test_the_cfr_chart_and_explorer_check_their_results_once():
    """#24 (duplicates D29): the chart and the explorer shared a copied check of ``results``, with two messages;
    both call pokerlab.charts.solve.cfr_results now."""
    from pokerlab.widgets import CFRExplorer

    for bad in ([], "cfr", [1], None):
        with pytest.raises(ParameterError, match="results must be a non-empty list of CFRResult") as chart:
            exploitability_chart(bad)
        with pytest.raises(ParameterError) as widget:
            CFRExplorer(bad, ["K:"])
        assert str(chart.value) == str(widget.value)
