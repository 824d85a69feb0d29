"""13x13 heatmaps of the preflop tables and the 169x169 class-against-class matrix."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pokerlab import _validate
from pokerlab.charts._common import _need_columns, _title
from pokerlab.preflop import CLASS_NAMES

if TYPE_CHECKING:  # pragma: no cover
    import altair as alt
    import pandas as pd


__all__ = ["difference_heatmap", "matrix_heatmap", "preflop_heatmap"]

# the 13x13 grids: 13 cells of 34 pixels, numbers at 13 pixels (readable at 1280x720 on a projector)
HEATMAP_SIZE = 13 * 34
HEATMAP_FONT = 13
# the ranks 2..A along both sides
RANK_AXIS: dict[str, Any] = {"labelAngle": 0, "labelFontSize": 15, "labelFontWeight": "bold"}


def preflop_heatmap(frame: pd.DataFrame, title: str = "", value_title: str = "value") -> alt.Chart:
    """A 13x13 heatmap in the Waterloo report's layout (from :meth:`PreflopTable.to_frame`).

    Rows and columns run 2..A like the report's tables; suited classes sit
    below the diagonal, offsuit above. The numbers are black on the light
    end of the colour scale and white on the dark end, wherever the table's
    values lie (Table 3 runs from 0.14 to 0.63, the expert tables from 0 to 1).
    Projector-sized: 34-pixel cells with the numbers at 13 pixels (the numbers were 8 pixels in 25-pixel cells,
    too small to read from the back of a room); one grid is 442 pixels square, two fit side by side in a
    1,100-pixel notebook. A grid drawn smaller should show fewer digits (or none), not smaller ones.
    """
    _need_columns(frame, ("class", "row", "col", "value"), "frame")
    _title(title)
    _validate.text(value_title, "value_title", empty=True)
    import math

    import altair as alt

    ranks = list("23456789TJQKA")
    finite = [float(v) for v in frame["value"] if math.isfinite(float(v))]
    low, high = (min(finite), max(finite)) if finite else (0.0, 1.0)
    light_from = low + 0.6 * (high - low)  # viridis is light (yellow-green) above about 60 % of its range
    data = frame.assign(
        row_rank=[ranks[r] for r in frame["row"]],
        col_rank=[ranks[c] for c in frame["col"]],
        light=[bool(math.isfinite(float(v)) and float(v) > light_from) for v in frame["value"]],
    )
    base = alt.Chart(data).encode(
        x=alt.X("col_rank:O", sort=ranks, title=None, axis=alt.Axis(orient="top", **RANK_AXIS)),
        y=alt.Y("row_rank:O", sort=ranks, title=None, axis=alt.Axis(**RANK_AXIS)),
    )
    tooltip = [
        alt.Tooltip("class:N"),
        alt.Tooltip("value:Q", format=".4f", title=value_title),
        alt.Tooltip("stderr:Q", format=".4f", title="standard error"),
        alt.Tooltip("combos:Q"),
    ]
    rect = base.mark_rect().encode(
        color=alt.Color("value:Q", scale=alt.Scale(scheme="viridis"), title=value_title), tooltip=tooltip
    )
    text = base.mark_text(fontSize=HEATMAP_FONT).encode(
        text=alt.Text("value:Q", format=".2f"),
        color=alt.condition("datum.light", alt.value("black"), alt.value("white")),
        tooltip=tooltip,
    )
    return (rect + text).properties(width=HEATMAP_SIZE, height=HEATMAP_SIZE, title=title)


def matrix_heatmap(frame: pd.DataFrame, order: list[str], title: str = "") -> alt.Chart:
    """A 169x169 heatmap of class-against-class equity (from :meth:`PreflopMatrix.to_frame`).

    Rows are the hand, columns the opponent, both in ``order`` (strongest
    first), so the strong-against-weak corner is at the top right. Data
    travels inline with the chart (no row limit, no files).
    """
    import altair as alt

    _need_columns(frame, ("class", "opponent", "equity"), "frame")
    _validate.instance(
        order,
        list,
        "order must list the 169 class names once each",
        check=lambda order: sorted(map(str, order)) == sorted(CLASS_NAMES),
    )
    _validate.text(title, "title", empty=True)
    # equity to the 4 decimals the tooltip prints (the same digits, about 60 % of the bytes a saved lesson
    # carries for 28,561 cells)
    data = frame[["class", "opponent", "equity"]].assign(equity=frame["equity"].astype(float).round(4))
    return (
        alt.Chart(alt.Data(values=data.to_dict("records")))
        .mark_rect()
        .encode(
            x=alt.X("opponent:O", sort=order, title="opponent", axis=alt.Axis(labelFontSize=5, orient="top")),
            y=alt.Y("class:O", sort=order, title="hand", axis=alt.Axis(labelFontSize=5)),
            color=alt.Color("equity:Q", scale=alt.Scale(scheme="redblue", domain=[0, 1]), title="equity"),
            tooltip=["class:N", "opponent:N", alt.Tooltip("equity:Q", format=".4f")],
        )
        .properties(width=600, height=600, title=title)
    )


def difference_heatmap(frame: pd.DataFrame, title: str = "") -> alt.Chart:
    """A diverging 13x13 heatmap of ``frame['difference']`` (columns class, row, col, difference)."""
    _need_columns(frame, ("class", "row", "col", "difference"), "frame")
    _title(title)
    import altair as alt

    ranks = list("23456789TJQKA")
    data = frame.assign(
        row_rank=[ranks[r] for r in frame["row"]],
        col_rank=[ranks[c] for c in frame["col"]],
    )
    limit = float(max(abs(data["difference"].min()), abs(data["difference"].max()), 1e-9))
    base = alt.Chart(data).encode(
        x=alt.X("col_rank:O", sort=ranks, title=None, axis=alt.Axis(orient="top", **RANK_AXIS)),
        y=alt.Y("row_rank:O", sort=ranks, title=None, axis=alt.Axis(**RANK_AXIS)),
        tooltip=["class:N", alt.Tooltip("difference:Q", format="+.3f")],
    )
    rect = base.mark_rect().encode(
        color=alt.Color("difference:Q", scale=alt.Scale(scheme="redblue", domain=[-limit, limit]))
    )
    # "+1.23" is a character longer than "0.50": a pixel smaller, still readable on a projector
    text = base.mark_text(fontSize=HEATMAP_FONT - 1).encode(text=alt.Text("difference:Q", format="+.2f"))
    return (rect + text).properties(width=HEATMAP_SIZE, height=HEATMAP_SIZE, title=title)
