"""Charts of betting strategies: decision regions over EHS, opponent weight tables."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pokerlab import _validate
from pokerlab.cards import HandClass
from pokerlab.charts._common import ACTION_COLORS, _need_columns, _title
from pokerlab.charts.preflop import preflop_heatmap
from pokerlab.errors import ParameterError

if TYPE_CHECKING:  # pragma: no cover
    import altair as alt
    import pandas as pd


__all__ = ["decision_chart", "weights_heatmap"]


def decision_chart(frame: pd.DataFrame, title: str = "") -> alt.Chart:
    """Decision regions over EHS and the bet to call (from :func:`pokerlab.bots.strategy.decision_regions`)."""
    _need_columns(frame, ("ehs", "to_call", "pot_odds", "action", "rule"), "frame")
    _title(title)
    import altair as alt

    kinds = [k for k in ACTION_COLORS if k in set(frame["action"])]
    return (
        alt.Chart(frame)
        .mark_rect()
        .encode(
            x=alt.X("ehs:Q", bin=alt.Bin(maxbins=41), title="effective hand strength (EHS)"),
            y=alt.Y("to_call:Q", bin=alt.Bin(maxbins=41), title="bet to call / pot"),
            color=alt.Color("action:N", scale=alt.Scale(domain=kinds, range=[ACTION_COLORS[k] for k in kinds])),
            tooltip=["ehs:Q", "to_call:Q", alt.Tooltip("pot_odds:Q", format=".3f"), "action:N", "rule:N"],
        )
        .properties(width=320, height=260, title=title)
    )


def weights_heatmap(grid: Any, title: str = "") -> alt.Chart:
    """A 13x13 heatmap of an opponent weight table, averaged per starting-hand class."""
    grid = _grid_arg(grid)
    _title(title)
    import pandas as pd

    rows = []
    for r in range(13):
        for c in range(13):
            hc = HandClass.at(r, c)
            rows.append(
                {
                    "class": hc.name,
                    "row": r,
                    "col": c,
                    "value": float(grid[r][c]),
                    "stderr": float("nan"),
                    "combos": hc.n_combos,
                }
            )
    return preflop_heatmap(pd.DataFrame(rows), title=title, value_title="weight")


def _grid_arg(grid: Any) -> Any:
    import numpy as np

    try:
        arr = np.asarray(grid, dtype=np.float64)
    except (TypeError, ValueError):
        raise ParameterError(f"grid must be 13x13 numbers, not {_validate._show(grid)}") from None
    if arr.shape != (13, 13) or not np.isfinite(arr).all():
        raise ParameterError(f"grid must be 13x13 finite numbers, not shape {arr.shape}")
    return arr
