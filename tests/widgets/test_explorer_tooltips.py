"""Explorer charts carry their tooltips, and an explorer never shows new numbers beside its old chart (issue 41).

The explorers draw their charts as SVG inside ``HTML`` widgets (:func:`pokerlab.charts.chart_svg`), where no vega
runs to show a tooltip; every mark now carries its tooltip fields as an SVG ``<title>``, which the browser shows on
hover (``tests/widgets/test_explorers_rise_browser.py`` hovers one on a live slide). And each explorer draws its chart
before it shows anything: the PushFoldExplorer used to show the new numbers above the old grid for over a second.
"""

from __future__ import annotations

import re
import xml.dom.minidom

import pytest

from pokerlab.solve.pushfold import CLASSES

TITLED = re.compile(r'<path aria-label="[^"]*class: (\w+);[^"]*"[^<>]*><title>([^<]*)</title></path>')


def _ev(value: float) -> str:
    """A number as vega formats it with ``+.3f`` (a true minus sign)."""
    return f"{value:+.3f}".replace("-", "\u2212")


def test_every_cell_of_the_pushfold_grid_shows_its_evs_on_hover():
    from pokerlab.widgets import PushFoldExplorer

    ex = PushFoldExplorer(10)
    r = ex.result
    view = ex.chart_view.value
    assert view.startswith(f"<div class='pl-summary'>{ex.summary.value}</div><svg ")  # the numbers above their grid
    svg = view[view.index("<svg ") :]
    xml.dom.minidom.parseString(svg)  # still a well-formed drawing
    titles = dict(TITLED.findall(svg))
    assert sorted(titles) == sorted(CLASSES)  # one tooltip per class, on its square
    for name in ("AA", "72o", "K9s", "T5o"):
        lines = titles[name].split("\n")
        assert f"class: {name}" in lines
        assert f"EV jam (bb): {_ev(r.jam_ev[name])}" in lines
        assert f"EV fold (bb): {_ev(r.fold_ev)}" in lines
    ex.side.value = "call"
    titles = dict(TITLED.findall(ex.chart_view.value))
    assert f"EV call (bb): {_ev(r.call_ev['AA'])}" in titles["AA"].split("\n")


def test_explorer_charts_carry_tooltips_where_their_marks_have_them():
    from pokerlab.widgets import ReweightingExplorer, StrategyExplorer

    for ex in (StrategyExplorer(), ReweightingExplorer("AdQc", "3h4cJh")):
        svg = ex.chart_view.value
        marks = len(re.findall(r'<\w+ aria-label="[^"]*"[^<>]*role="graphics-symbol"', svg))
        assert marks > 0 and svg.count("<title>") == marks
        xml.dom.minidom.parseString(svg)


@pytest.mark.parametrize("explorer", ["PushFoldExplorer", "StrategyExplorer"])
def test_new_numbers_wait_for_their_chart(monkeypatch, explorer):
    """While the new chart is being drawn the old numbers still show: both change together once it is drawn."""
    import importlib

    import pokerlab.widgets as widgets

    module = importlib.import_module({"PushFoldExplorer": "pokerlab.widgets.pushfold",
                                      "StrategyExplorer": "pokerlab.widgets.strategy"}[explorer])  # fmt: skip
    ex = getattr(widgets, explorer)()
    numbers = ex.summary if explorer == "PushFoldExplorer" else ex.out
    control = ex.stack if explorer == "PushFoldExplorer" else ex.to_call
    old = numbers.value
    shown_while_drawing = []

    def draw(chart):
        shown_while_drawing.append((numbers.value, ex.chart_view.value))
        return "<svg>new</svg>"

    monkeypatch.setattr(module, "chart_svg", draw)
    control.value = 5.0 if explorer == "PushFoldExplorer" else 60
    assert shown_while_drawing and shown_while_drawing[-1][0] == old  # nothing new shown before the chart was drawn
    assert numbers.value != old and ex.chart_view.value.endswith("<svg>new</svg>")
    if explorer == "PushFoldExplorer":  # the numbers and the grid arrive in one message, in the one view
        assert ex.chart_view.value == f"<div class='pl-summary'>{numbers.value}</div><svg>new</svg>"
