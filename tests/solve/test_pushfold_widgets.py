"""Push/fold charts (rendered, marks counted), the explorer and the drill, on values a user sees."""

import pytest

from pokerlab.charts import mark_counts, push_fold_grid_chart, push_fold_range_chart, push_fold_range_frame
from pokerlab.errors import ParameterError
from pokerlab.solve import push_fold, push_fold_chart


def _marks(chart):
    return [(m.kind, m.marks, m.visible) for m in mark_counts(chart)]


def test_jam_grid_has_169_cells_and_a_label_per_jammed_class():
    r = push_fold(10)
    chart = push_fold_grid_chart(r, "jam")
    jammed = sum(1 for v in r.jam.values() if v > 0)
    assert _marks(chart) == [("rect", 169, 169), ("text", jammed, jammed)]
    called = sum(1 for v in r.call.values() if v > 0)
    assert _marks(r.chart("call")) == [("rect", 169, 169), ("text", called, called)]
    spec = chart.to_dict()
    titles = [t.get("title") for t in spec["layer"][0]["encoding"]["tooltip"]]
    assert titles == [None, "P(jam)", "EV jam (bb)", "EV fold (bb)"]
    assert spec["title"] == "small blind jams: 10 bb"


def test_range_chart_marks_non_monotone_classes():
    ch = push_fold_chart([1.0, 2.3, 2.4, 5.1, 7.1, 7.2, 7.4, 7.5])
    frame = push_fold_range_frame(ch)
    row = frame.set_index("class").loc["63s"]
    assert row["ranges"] == "1-2.3, 5.1-7.1, 7.4" and row["label"] == "7.4*" and not row["one_range"]
    assert frame.set_index("class").loc["AA", "label"] == "7.5+"
    odd = int((~frame["one_range"]).sum())
    played = int((frame["highest"] > 0).sum())
    assert _marks(push_fold_range_chart(ch)) == [("rect", 169, 169), ("rect", odd, odd), ("text", 169, played)]
    assert _marks(ch.chart("call"))[0] == ("rect", 169, 169)


def test_charts_refuse_what_is_not_a_result():
    with pytest.raises(ParameterError, match="result must be a PushFoldResult"):
        push_fold_grid_chart("AA")
    with pytest.raises(ParameterError, match="side must be"):
        push_fold_grid_chart(push_fold(5), "raise")
    with pytest.raises(ParameterError, match="chart must be a PushFoldChart"):
        push_fold_range_chart(push_fold(5))


def test_explorer_follows_the_slider():
    from pokerlab.widgets import PushFoldExplorer

    ex = PushFoldExplorer(10)
    assert "jams 58.3 % of hands" in ex.summary.value and "calls 37.4 %" in ex.summary.value
    assert ex.result.stack_bb == 10.0
    ex.stack.value = 5.6
    assert ex.result.call["Q2o"] == 1.0
    ex.stack.value = 5.7
    assert ex.result.call["Q2o"] == 0.0
    ex.side.value = "call"
    assert ex.last_chart.to_dict()["title"] == "big blind calls a jam: 5.7 bb"
    ex.ante.value = 0.125
    assert ex.result.ante_bb == 0.125 and ex.result.fold_ev == -0.625
    data, _ = ex._repr_mimebundle_()
    assert data["image/png"]


def test_drill_scores_clicks_in_ev_lost():
    from pokerlab.widgets import PushFoldDrill

    drill = PushFoldDrill(10, seed=1)
    first = drill.hand
    assert first.hand == "KK" and first.seat == "big blind"  # seed 1's first deal
    enabled = [b.description for b in drill.buttons if not b.disabled]
    assert enabled == ["call", "fold"]
    drill.choose("fold")  # folding KK to a jam
    r = push_fold(10)
    assert drill.quiz.total_lost == pytest.approx(r.call_ev["KK"] - r.bb_fold_ev)
    assert "lost 6.942 bb" in drill.feedback.value
    assert "1 hand, 0 right; EV lost 6.942 bb" in drill.score.value
    assert "6.942 bb: KK at 10 bb in the big blind, you chose fold" in drill.score.value
    second = drill.hand
    best = second.answers[0] if second.best >= 0.5 else "fold"
    drill.choose(best)
    assert drill.quiz.history[-1].lost == 0.0
    drill.choose("raise")  # not an answer: a message, nothing scored
    assert "must be" in drill.feedback.value and len(drill.quiz.history) == 2


def test_explorer_takes_an_ante_written_as_any_number():
    # PushFoldExplorer(ante_bb=0) was refused: "must be one of 0.0, 0.1, 0.125, 0.25, not 0"
    import numpy as np

    from pokerlab.widgets import PushFoldExplorer

    for ante, expected in ((0, 0.0), (np.float64(0.1), 0.1), (1 / 8, 0.125)):
        assert PushFoldExplorer(ante_bb=ante, charts=False).result.ante_bb == expected
    with pytest.raises(ParameterError, match=r"ante_bb must be one of 0, 0.1, 0.125, 0.25 \(the menu\), not 0.2"):
        PushFoldExplorer(ante_bb=0.2, charts=False)
    with pytest.raises(ParameterError, match="ante_bb cannot be negative"):
        PushFoldExplorer(ante_bb=-1, charts=False)
