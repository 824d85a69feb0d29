"""Shared pieces of the explorers: the saved-picture bundle, layouts, error lines.

**Projector-sized.** Every explorer fits a 1280x720 screen (JupyterLab with the file browser closed: the
notebook shows 1,100 pixels across and about 600 down) without scrolling: its controls sit in a column
*beside* its numbers and charts (:func:`_beside`), not above them, and a chart drawn in a widget uses
axis labels and titles a size larger than altair's defaults (:func:`_projector`), so they can be read from
the back of a room. In JupyterLab's default layout (the file browser open: the notebook 848 pixels across) the
two columns stay side by side and the view column is narrower: its charts are drawn smaller to fit it (their text
no smaller than 9 pixels) instead of wrapping below the controls (an explorer 1,191 pixels tall) or being cut.
``tests/widgets/test_explorers_browser.py`` measures every explorer in JupyterLab at 1280x720, both ways.

**On a live slide** (pokerlab's RISE style, ``labextension/pokerlab-rise-widgets``) every text of an explorer is
set at 16 px at least and its charts drawn larger within the slide's room; a piece marked ``pl-aside`` is left to
the notebook there, and an explorer too big for a slide at 16 px gets a slide layout of its own there (the style's
rules for ``pl-range-equity-explorer`` and ``pl-bpp-inspector``: a smaller range grid, controls in two columns).
``tests/lessons/test_lessons_rise_browser.py`` measures the lessons' explorers on their slides.
"""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as w

from pokerlab import _validate
from pokerlab.charts import png_bundle


def _with_picture(widget: w.Widget, chart: Any, **kwargs: Any) -> tuple[dict[str, Any], dict[str, Any]]:
    """The widget's mime bundle plus a PNG of its current chart.

    A live JupyterLab shows the widget; everything that cannot run it (GitHub,
    nbconvert HTML, VS Code or JupyterLab with no kernel, an untrusted
    notebook) shows the picture of the chart as it was when the cell ran.
    """
    data = dict(widget._repr_mimebundle_(**kwargs) or {})
    meta: dict[str, Any] = {}
    if chart is not None:
        picture, meta = png_bundle(chart)
        data["image/png"] = picture["image/png"]
    return data, meta


# descriptions as wide as their text: long labels are not cut ("games/cla...") and toggle buttons stay on
# the line of their label
_WIDE = {"description_width": "initial", "button_width": "auto"}


def _inline() -> w.Layout:
    """Toggle buttons on the line of their label.

    JupyterLab draws a ToggleButtons widget as a block whose button row is a block too, so the
    buttons land on a line of their own under the label; a flex row keeps them together.
    """
    return w.Layout(display="flex", flex_flow="row wrap", align_items="center")


def _fit() -> w.Layout:
    """A button as wide as its label (the default width cuts "opponent bets/raises" to "opponent bets/ra…")."""
    return w.Layout(width="auto")


# the explorers' axis labels and titles, in pixels (altair's defaults are 10, 11 and 13); on a live slide a chart
# is drawn larger until its smallest label shows at 16 px or it fills the screen (pokerlab's RISE style): at
# 14 px a chart needs 8/7 of its notebook size, which the explorers' slides have
AXIS_LABEL_SIZE = 14
AXIS_TITLE_SIZE = 15
TITLE_SIZE = 16


def _fit_column(widget: w.Widget) -> None:
    """Cap ``widget`` (and the widgets of a box) at its container's width, unless it sets a cap of its own."""
    layout = getattr(widget, "layout", None)
    if layout is not None and layout.max_width is None:
        layout.max_width = "calc(100% - 4px)"  # ipywidgets' 2-pixel margins on each side
    if isinstance(widget, w.Box) and not isinstance(widget, (w.Accordion, w.Tab)):
        for child in widget.children:
            _fit_column(child)


def _beside(controls: list[w.Widget], view: list[w.Widget], *, controls_width: int = 286) -> w.HBox:
    """The controls in a column ``controls_width`` pixels wide beside the ``view`` column (numbers, charts).

    The row does not wrap: on a page too narrow for both at their full widths (JupyterLab with its file browser
    open) the view column shrinks (``min-width: 0``) and its charts with it (an explorer's SVG is drawn at most
    as wide as its column, its viewBox keeping the proportions: ``pokerlab.charts.chart_svg``), so the explorer
    keeps its height. When the row wrapped, the PotentialExplorer at 848 pixels put its controls above its
    charts and was 1,191 pixels tall, twice a 1280x720 screen. On a live slide pokerlab's RISE style sets the
    same two rules.
    Each control (and each control in a row of them) is capped at the column's width: ipywidgets draws a
    slider or a dropdown 300 pixels wide whatever its column, which cut their right ends off in a 22em
    column (the browser test measures every explorer for content cut off).

    The widths are in pixels, not ``em``: a box takes the font size of the page around it, 13 pixels in a
    notebook but 67 in a RISE slide (reveal.js sets a presentation font on the slide), where a 22em column
    was 1,478 pixels wide and put every chart below its controls (1,004 px tall for the StrategyExplorer).
    The pixel widths are the old ``em`` widths at the notebook's 13 pixels (22em is 286 px); the widgets
    inside draw their text at ipywidgets' own 13 pixels in both.
    """
    for control in controls:
        _fit_column(control)
    left = w.VBox(controls, layout=w.Layout(width=f"{controls_width}px", flex="0 0 auto", overflow="hidden"))
    left.add_class("pl-controls")
    right = w.VBox(view, layout=w.Layout(flex="1 1 0", min_width="0", align_items="flex-start"))
    right.add_class("pl-view")
    return w.HBox([left, right], layout=w.Layout(flex_flow="row nowrap", align_items="flex-start", grid_gap="13px"))


# the smallest text a chart of an explorer prints in its marks (a grid cell's number), in pixels: the lessons'
# charts print 7-9 px numbers in 25 px cells; at 11 px "100" still fits its cell, and a live slide, which draws a
# chart larger until its smallest label is 16 px or it fills the screen, then reaches 16 px in a grid of 13 rows
MARK_TEXT_SIZE = 11


def _larger_text_marks(chart: Any, size: int = MARK_TEXT_SIZE) -> None:
    """Raise every text mark of ``chart`` (and of its layers and concatenated parts) set below ``size`` to it."""
    mark = getattr(chart, "mark", None)
    if mark is not None and getattr(mark, "type", mark) == "text":
        current = getattr(mark, "fontSize", None)
        if _validate.is_number(current) and current < size:
            mark.fontSize = size
    for part in ("layer", "hconcat", "vconcat", "concat"):
        for child in getattr(chart, part, None) or []:
            if hasattr(child, "to_dict"):  # an altair part, not a raw spec (dict) or a reference (str)
                _larger_text_marks(child, size)
    spec = getattr(chart, "spec", None)
    if hasattr(spec, "to_dict"):
        _larger_text_marks(spec, size)


def _projector(chart: Any, *, marks: int = MARK_TEXT_SIZE, **legend: Any) -> Any:
    """``chart`` with axis labels, axis titles and titles a size larger than altair's defaults, and no text mark
    (a grid cell's number) under ``marks`` pixels (14 fits "0.23" in a 34-pixel heatmap cell).

    ``legend`` adds to the legend configuration (which replaces any the chart had: altair sets it whole).
    """
    chart = chart.copy(deep=True)
    _larger_text_marks(chart, marks)
    return (
        chart.configure_axis(labelFontSize=AXIS_LABEL_SIZE, titleFontSize=AXIS_TITLE_SIZE)
        .configure_title(fontSize=TITLE_SIZE)
        .configure_legend(labelFontSize=AXIS_LABEL_SIZE, titleFontSize=AXIS_TITLE_SIZE, **legend)
    )


def _wrap_row() -> w.Layout:
    """A row of controls that wraps onto a second line in a narrow column."""
    return w.Layout(display="flex", flex_flow="row wrap", align_items="center")


def _error_html(message: str) -> str:
    return f'<div class="pl-error" style="color:#c0392b">&#9888; {html.escape(message)}</div>'
