"""Charts of played hands and matches: money over the hands, win rates with intervals, equity by street."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pokerlab import _validate
from pokerlab.charts._common import _need_columns, _title
from pokerlab.errors import ParameterError
from pokerlab.streets import Street

if TYPE_CHECKING:  # pragma: no cover
    import altair as alt
    import pandas as pd


__all__ = ["equity_by_street_chart", "match_results_chart", "money_chart"]


def money_chart(money: pd.DataFrame, title: str = "") -> alt.Chart:
    """Each player's chips after every hand: one line per player, in the frame's column (seat) order.

    ``money`` has one column per player and one row per hand, indexed by the
    hand number (row 0 may hold the stacks before the first hand). This is
    pokerlab's one money chart: :meth:`pokerlab.game.MatchResult.chart`,
    :meth:`pokerlab.experiments.ExperimentResult.chart` and the BigHoldem
    app's money view all draw with it.
    """
    _money_arg(money)
    _title(title)
    import altair as alt

    long = money.reset_index().melt(id_vars=money.index.name or "index", var_name="player", value_name="chips")
    x = money.index.name or "index"
    return (
        alt.Chart(long)
        .mark_line()
        .encode(
            # hands are whole: ticks only at whole numbers, printed without decimals
            x=alt.X(f"{x}:Q", title="hand", axis=alt.Axis(tickMinStep=1, format="d")),
            y=alt.Y("chips:Q", title="chips"),
            color=alt.Color("player:N", title=None, sort=[str(c) for c in money.columns]),  # seat order
            tooltip=[f"{x}:Q", "player:N", "chips:Q"],
        )
        .properties(width=420, height=220, title=title)
    )


def match_results_chart(frame: pd.DataFrame, title: str = "") -> alt.Chart:
    """Win rates with 95 % intervals (columns a, b, mbb_per_hand, ci95_low, ci95_high), one row per match."""
    _need_columns(frame, ("a", "b", "mbb_per_hand", "ci95_low", "ci95_high"), "frame")
    _title(title)
    import altair as alt

    data = frame.assign(match=frame["a"] + " vs " + frame["b"])
    order = list(data["match"])
    base = alt.Chart(data).encode(y=alt.Y("match:N", sort=order, title=None))
    bars = base.mark_bar(color="#2e86c1").encode(
        x=alt.X("mbb_per_hand:Q", title="win rate of the first bot (mbb/hand)"),
        tooltip=[
            "match:N",
            alt.Tooltip("mbb_per_hand:Q", format="+.1f"),
            alt.Tooltip("ci95_low:Q", format="+.1f"),
            alt.Tooltip("ci95_high:Q", format="+.1f"),
            "hands:Q",
        ],
    )
    ci = base.mark_rule(color="black").encode(x="ci95_low:Q", x2="ci95_high:Q")
    return (bars + ci).properties(width=420, height=alt.Step(22), title=title)


def equity_by_street_chart(study: Any, upto: int | None = None, title: str = "") -> alt.Chart:
    """Each known player's equity at the start of every street (a :class:`~pokerlab.game.replay.HandStudy`).

    One line with a point per street for each player whose cards are known;
    ``upto`` (a street index, 0 = preflop) draws only the streets reached so far.
    """
    _study_arg(study)
    if upto is not None:
        _validate.whole(upto, "upto", lo=0, hi=3)
    _title(title)
    import altair as alt

    frame = study.equity_frame()
    if upto is not None:
        frame = frame[frame["street_index"] <= upto]
    order = [str(s) for s in Street]
    base = alt.Chart(frame).encode(
        x=alt.X("street:N", sort=order, scale=alt.Scale(domain=order), title=None),
        y=alt.Y("equity:Q", scale=alt.Scale(domain=[0, 1]), axis=alt.Axis(format="%"), title="equity"),
        color=alt.Color("player:N", title=None),
        tooltip=["player:N", "street:N", alt.Tooltip("equity:Q", format=".1%")],
    )
    return (base.mark_line() + base.mark_point(filled=True, size=60)).properties(width=360, height=200, title=title)


def _money_arg(money: Any) -> None:
    import numpy as np
    import pandas as pd

    _validate.instance(
        money,
        pd.DataFrame,
        "money must be a non-empty DataFrame, one column per player",
        check=lambda money: not money.empty,
    )
    try:
        values = money.to_numpy(dtype=np.float64)
    except (TypeError, ValueError):
        raise ParameterError("money must hold numbers of chips") from None
    if not np.isfinite(values).all():
        raise ParameterError("money must hold finite numbers of chips")


def _study_arg(study: Any) -> None:
    _validate.protocol(study, "study must be a hand study (from study_hand)", methods=("equity_frame",))
