"""Postflop charts: the turn report, per river card, of what the first player on the river does.

The numbers come from :func:`pokerlab.solve.turn_report` (a DataFrame, one row per river card); the
chart only draws them: on top, each action's share of the range as a stacked bar per river card; below,
the out-of-position player's value there as a share of the pot (a point per card), against a dashed
line at their value over all rivers (each card weighted by its chance).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pokerlab import _validate
from pokerlab.errors import ParameterError

if TYPE_CHECKING:  # pragma: no cover
    import altair as alt
    import pandas as pd

__all__ = ["turn_report_chart"]

RANKS = "AKQJT98765432"
COLOURS = ["#8c8c8c", "#e6550d", "#d62728", "#9467bd", "#8c564b", "#2ca02c"]  # check/fold first, then sizes


def _check_report(frame: Any) -> tuple[str, ...]:
    import pandas as pd

    _validate.instance(frame, pd.DataFrame, "frame must be the DataFrame of solve.turn_report")
    actions = tuple(frame.attrs.get("actions", ()))
    needed = {"river", "weight", "oop_value", "ip_value", *actions}
    if not actions or not needed <= set(frame.columns) or frame.empty:
        raise ParameterError(
            "frame must be the DataFrame of solve.turn_report (columns river, weight, oop_value, ip_value and "
            "one per action, the actions in frame.attrs['actions'])"
        )
    return actions


def turn_report_chart(frame: pd.DataFrame, title: str = "") -> alt.VConcatChart:
    """Each river card's action mix (stacked bars) and OOP's value there (points, % of the pot).

    Cards run A..2 and, within a rank, by suit; hover a bar for the exact numbers.
    """
    actions = _check_report(frame)
    _validate.text(title, "title", empty=True, message=f"title must be text, not {type(title).__name__}")
    import altair as alt
    import pandas as pd

    order = sorted(frame["river"], key=lambda c: (RANKS.index(c[0]), c[1]))
    pot = float(frame.attrs.get("pot") or (frame["oop_value"] + frame["ip_value"]).iloc[0])
    long = frame.melt(id_vars=["river"], value_vars=list(actions), var_name="action", value_name="frequency")
    long = long[long["frequency"] > 0]  # an action never taken on a card draws no empty bar
    long["order"] = long["action"].map({a: i for i, a in enumerate(actions)})
    x = alt.X("river:N", sort=order, title="river card")
    mix = (
        alt.Chart(long)
        .mark_bar()
        .encode(
            x=x,
            y=alt.Y("frequency:Q", stack="normalize", axis=alt.Axis(format="%"), title="share of the range"),
            color=alt.Color(
                "action:N", sort=list(actions), scale=alt.Scale(domain=list(actions), range=COLOURS[: len(actions)])
            ),
            order=alt.Order("order:Q"),
            tooltip=["river:N", "action:N", alt.Tooltip("frequency:Q", format=".1%")],
        )
        .properties(width=560, height=180)
    )
    values = pd.DataFrame(
        {
            "river": frame["river"],
            "share": frame["oop_value"] / pot,
            "oop_value": frame["oop_value"],
            "ip_value": frame["ip_value"],
            "weight": frame["weight"],
        }
    )
    mean = float((values["share"] * values["weight"]).sum() / values["weight"].sum())
    bars = (
        alt.Chart(values)
        .mark_point(filled=True, size=40, color="#1f77b4")
        .encode(
            x=x,
            y=alt.Y("share:Q", axis=alt.Axis(format="%"), title="OOP's value (share of the pot)"),
            tooltip=[
                "river:N",
                alt.Tooltip("oop_value:Q", format=".2f", title="OOP value (chips)"),
                alt.Tooltip("ip_value:Q", format=".2f", title="IP value (chips)"),
                alt.Tooltip("weight:Q", format=".2%", title="chance of the card"),
            ],
        )
    )
    rule = alt.Chart(pd.DataFrame({"mean": [mean]})).mark_rule(color="black", strokeDash=[4, 3]).encode(y="mean:Q")
    line = " ".join(frame.attrs.get("line", ()))
    head = title or f"the first river decision after {line or 'the turn'}, per river card"
    return alt.vconcat(mix, (bars + rule).properties(width=560, height=140)).properties(title=head)
