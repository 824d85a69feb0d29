"""Push/fold charts: the 13x13 jam and call grids of one equilibrium, and the push/call chart across stacks.

Both are 13x13 grids laid out as push/fold charts print them (A..2 on both axes, pairs on the
diagonal, suited hands above it, offsuit below it), with a tooltip per cell. Results draw them as
``push_fold(10).chart("call")`` and ``push_fold_chart().chart()`` (through :mod:`pokerlab._chart_hook`).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from pokerlab import _validate
from pokerlab.solve.pushfold import CLASSES, PushFoldChart, PushFoldResult, PushFoldSide

if TYPE_CHECKING:  # pragma: no cover
    import altair as alt
    import pandas as pd

    from pokerlab.solve.pushfold import PushFoldChart, PushFoldResult

__all__ = ["push_fold_grid_chart", "push_fold_range_chart", "push_fold_range_frame"]

RANKS = "AKQJT98765432"


def _cell(name: str) -> tuple[str, str]:
    """(row rank, column rank) of a class: suited above the diagonal (row = high card), offsuit below."""
    hi, lo = name[0], name[1]
    if len(name) == 2 or name.endswith("s"):
        return hi, lo
    return lo, hi


def _side(side: Any) -> str:
    return _validate.member(PushFoldSide, side, "side").value


def push_fold_grid_chart(result: PushFoldResult, side: str = "jam") -> alt.Chart:
    """The small blind's jam (``side="jam"``) or the big blind's call probabilities on the 13x13 grid.

    Hover a cell: the class, its probability, and the expected net (bb) of each action against the
    other seat's equilibrium strategy (jam/fold for the small blind per hand; call/fold for the big
    blind facing a jam).
    """

    _validate.instance(result, PushFoldResult, "result must be a PushFoldResult from push_fold()")
    side = _side(side)
    import altair as alt
    import pandas as pd

    rows = []
    for name, p in (result.jam if side == "jam" else result.call).items():
        r, c = _cell(name)
        if side == "jam":
            evs = (result.jam_ev[name], result.fold_ev)
        else:
            ev = result.call_ev[name]
            evs = (ev if math.isfinite(ev) else float("nan"), result.bb_fold_ev)
        rows.append(
            {
                "class": name,
                "row": r,
                "col": c,
                "probability": p,
                "label": "" if p == 0 else "100" if p == 1 else f"{100 * p:.0f}",
                "ev_action": evs[0],
                "ev_fold": evs[1],
            }
        )
    data = pd.DataFrame(rows)
    action = "jam" if side == "jam" else "call"
    who = "small blind jams" if side == "jam" else "big blind calls a jam"
    tooltip = [
        alt.Tooltip("class:N"),
        alt.Tooltip("probability:Q", format=".3f", title=f"P({action})"),
        alt.Tooltip("ev_action:Q", format="+.3f", title=f"EV {action} (bb)"),
        alt.Tooltip("ev_fold:Q", format="+.3f", title="EV fold (bb)"),
    ]
    base = alt.Chart(data).encode(
        x=alt.X("col:O", sort=list(RANKS), title=None, axis=alt.Axis(orient="top")),
        y=alt.Y("row:O", sort=list(RANKS), title=None),
    )
    rect = base.mark_rect(stroke="white", strokeWidth=0.5).encode(
        color=alt.Color(
            "probability:Q", scale=alt.Scale(domain=[0, 1], range=["#f4f4f4", "#c0392b"]), title=f"P({action})"
        ),
        tooltip=tooltip,
    )
    text = (
        base.transform_filter("datum.label != ''")
        .mark_text(fontSize=8)
        .encode(
            text="label:N",
            color=alt.condition("datum.probability > 0.6", alt.value("white"), alt.value("black")),
            tooltip=tooltip,
        )
    )
    title = f"{who}: {result.stack_bb:g} bb" + (f", ante {result.ante_bb:g}" if result.ante_bb else "")
    return (rect + text).properties(width=330, height=330, title=title)


def push_fold_range_frame(chart: PushFoldChart, side: str = "jam") -> pd.DataFrame:
    """One row per class: the largest stack at which it is played, whether its range is one interval, and the ranges."""

    _validate.instance(chart, PushFoldChart, "chart must be a PushFoldChart from push_fold_chart()")
    side = _side(side)
    import pandas as pd

    rows = []
    top = chart.stacks[-1]
    for name in CLASSES:
        spans = chart.ranges(name, side)
        r, c = _cell(name)
        highest = spans[-1][1] if spans else 0.0
        simple = len(spans) <= 1 and (not spans or spans[0][0] == chart.stacks[0])
        shown = "" if not spans else (f"{top:g}+" if highest == top else f"{highest:g}")
        rows.append(
            {
                "class": name,
                "row": r,
                "col": c,
                "highest": highest,
                "one_range": simple,
                "label": shown + ("" if simple else "*"),
                "ranges": chart.label(name, side),
            }
        )
    return pd.DataFrame(rows)


def push_fold_range_chart(chart: PushFoldChart, side: str = "jam") -> alt.Chart:
    """The classic push/call chart: in each cell the largest stack (bb) at which the class is jammed (or called).

    Honest about non-monotone classes: a cell whose stacks are not one interval from the shortest
    stack up is marked ``*`` and outlined, and its tooltip lists every range (63s: ``1-2.3, 5.1-5.2,
    5.6-5.7, 6.1-7.1, 7.4``).
    """
    frame = push_fold_range_frame(chart, side)
    import altair as alt

    who = "small blind jams" if side == "jam" else "big blind calls"
    tooltip = [
        alt.Tooltip("class:N"),
        alt.Tooltip("ranges:N", title=f"{'jammed' if side == 'jam' else 'called'} at (bb)"),
    ]
    top = max(chart.stacks)
    base = alt.Chart(frame).encode(
        x=alt.X("col:O", sort=list(RANKS), title=None, axis=alt.Axis(orient="top")),
        y=alt.Y("row:O", sort=list(RANKS), title=None),
    )
    rect = base.mark_rect(stroke="white", strokeWidth=0.5).encode(
        color=alt.Color("highest:Q", scale=alt.Scale(domain=[0, top], scheme="blues"), title="up to (bb)"),
        tooltip=tooltip,
    )
    odd = (
        base.transform_filter("!datum.one_range")
        .mark_rect(filled=False, stroke="#e67e22", strokeWidth=2)
        .encode(tooltip=tooltip)
    )
    text = (
        base.transform_filter("datum.label != ''")
        .mark_text(fontSize=7)
        .encode(
            text="label:N",
            color=alt.condition(f"datum.highest > {0.55 * top}", alt.value("white"), alt.value("black")),
            tooltip=tooltip,
        )
    )
    lo, hi = chart.stacks[0], chart.stacks[-1]
    title = f"{who} up to this stack ({lo:g}-{hi:g} bb; * = not one range)"
    return (rect + odd + text).properties(width=360, height=360, title=title)
