"""Charts of what a range holds on a board (:class:`pokerlab.breakdown.RangeBreakdown`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pokerlab import _validate
from pokerlab.charts._common import _need_columns

if TYPE_CHECKING:  # pragma: no cover
    import altair as alt
    import pandas as pd


__all__ = ["breakdown_chart"]


def breakdown_chart(frame: pd.DataFrame, title: str = "") -> alt.Chart:
    """Horizontal bars of each holding's share of a range (from :meth:`RangeBreakdown.to_frame`).

    Made hands, kinds of pair and draws are coloured apart; made hands add up
    to 1, draws overlap. Every holding gets a bar (zero-width when empty).
    """
    import altair as alt

    _need_columns(frame, ("section", "holding", "combos", "share"), "frame")
    _validate.text(title, "title", empty=True)
    order = list(frame["holding"])
    return (
        alt.Chart(alt.Data(values=frame.to_dict("records")))
        .mark_bar()
        .encode(
            y=alt.Y("holding:N", sort=order, title=None),
            x=alt.X("share:Q", axis=alt.Axis(format="%"), scale=alt.Scale(domain=[0, 1]), title="share of the range"),
            color=alt.Color("section:N", sort=["made hand", "one pair", "draw"], title=None),
            tooltip=["holding:N", "combos:Q", alt.Tooltip("share:Q", format=".1%")],
        )
        .properties(width=320, height=alt.Step(14), title=title)
    )
