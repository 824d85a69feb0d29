"""Charts of the context opponent models (lesson 09): probability triples, feature importances, scores, calibration."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pokerlab import _validate
from pokerlab.charts._common import _mapping_arg, _title
from pokerlab.errors import ParameterError

if TYPE_CHECKING:  # pragma: no cover
    import altair as alt
    import pandas as pd


__all__ = ["calibration_chart", "context_triples_chart", "feature_importance_chart", "model_scores_chart"]


def context_triples_chart(triples: dict[str, Any], title: str = "") -> alt.Chart:
    """Each model's probability triple (fold, call, raise) as stacked horizontal bars, one per model."""
    _mapping_arg(triples, "triples", optional=False)
    _title(title)
    import altair as alt
    import pandas as pd

    actions = ["fold", "call", "raise"]
    rows = [
        {"model": model, "action": a, "order": k, "probability": float(p[k])}
        for model, p in triples.items()
        for k, a in enumerate(actions)
    ]
    return (
        alt.Chart(pd.DataFrame(rows))
        .mark_bar()
        .encode(
            y=alt.Y("model:N", sort=list(triples), title=None),
            x=alt.X("probability:Q", stack="zero", scale=alt.Scale(domain=[0, 1]), title="probability"),
            color=alt.Color(
                "action:N",
                scale=alt.Scale(domain=actions, range=["#c0392b", "#2e86c1", "#27ae60"]),
                title="next action",
            ),
            order="order:Q",
            tooltip=["model:N", "action:N", alt.Tooltip("probability:Q", format=".3f")],
        )
        .properties(width=360, height=alt.Step(26), title=title)
    )


def _check_frame(frame: Any, name: str, columns: tuple[str, ...], unit: tuple[str, ...]) -> None:
    """Refuse what a chart cannot draw right: not a DataFrame, missing columns, values outside [0, 1] or NaN."""
    import numpy as np
    import pandas as pd

    _validate.instance(frame, pd.DataFrame, f"{name} must be a DataFrame with the columns {', '.join(columns)}")
    missing = [c for c in columns if c not in frame.columns]
    if missing:
        raise ParameterError(f"{name} lacks the columns {missing}")
    if frame.empty:
        raise ParameterError(f"{name} has no rows to draw")
    for c in unit:
        try:
            v = frame[c].to_numpy(dtype=np.float64)
        except (TypeError, ValueError):
            raise ParameterError(f"{name}: column {c!r} must hold numbers in [0, 1]") from None
        if not np.all(np.isfinite(v)) or v.min() < 0 or v.max() > 1:
            raise ParameterError(f"{name}: column {c!r} must hold finite numbers in [0, 1]")


def feature_importance_chart(importances: pd.DataFrame, title: str = "") -> alt.Chart:
    """The decision tree's feature importances: one bar per feature, a column of bars per opponent style.

    ``importances`` has columns ``style``, ``feature`` and ``importance``
    (:attr:`pokerlab.experiments.OpponentModelComparison.importances`).
    """
    _title(title)
    import altair as alt

    _check_frame(importances, "importances", ("style", "feature", "importance"), ("importance",))

    return (
        alt.Chart(importances)
        .mark_bar()
        .encode(
            y=alt.Y("feature:N", sort=None, title="Table 5 feature"),
            x=alt.X("importance:Q", title="importance"),
            color=alt.Color("style:N", title="opponent style"),
            yOffset="style:N",
            tooltip=["style:N", "feature:N", alt.Tooltip("importance:Q", format=".3f")],
        )
        .properties(width=380, height=alt.Step(6), title=title)
    )


def model_scores_chart(scores: pd.DataFrame, title: str = "") -> alt.Chart:
    """Held-out log-loss of each opponent model on each style: a group of bars per style, lower is better.

    ``scores`` has columns ``style``, ``model`` and ``log_loss``, and may carry
    ``accuracy`` and ``test`` for the tooltip
    (:attr:`pokerlab.experiments.OpponentModelComparison.scores`).
    """
    import altair as alt

    _check_frame(scores, "scores", ("style", "model", "log_loss"), ())
    title = _validate.text(title, "title", empty=True)
    extra = [c for c in ("accuracy", "test") if c in scores.columns]
    return (
        alt.Chart(scores)
        .mark_bar()
        .encode(
            y=alt.Y("style:N", sort=None, title="opponent style"),
            x=alt.X("log_loss:Q", title="held-out log-loss (lower is better)"),
            yOffset="model:N",
            color=alt.Color("model:N", title="model"),
            tooltip=["style", "model", alt.Tooltip("log_loss:Q", format=".3f"), *extra],
        )
        .properties(width=420, title=title)
    )


def calibration_chart(calibration: pd.DataFrame, title: str = "") -> alt.HConcatChart:
    """Reliability diagram: observed frequency against mean predicted probability, per action and bin.

    ``calibration`` has columns ``action``, ``predicted``, ``observed`` and
    ``count`` (:func:`pokerlab.bots.context_models.calibration_table`), optionally
    ``model`` (one line per model, one panel per action). The diagonal is
    perfect calibration.
    """
    _title(title)
    import altair as alt
    import pandas as pd

    _check_frame(calibration, "calibration", ("action", "predicted", "observed", "count"), ("predicted", "observed"))
    color = "model:N" if "model" in calibration.columns else "action:N"
    diagonal = (
        alt.Chart(pd.DataFrame({"predicted": [0.0, 1.0], "observed": [0.0, 1.0]}))
        .mark_line(color="#999", strokeDash=[4, 4])
        .encode(x="predicted:Q", y="observed:Q")
    )
    panels = []
    for action in ("fold", "call", "raise"):
        lines = (
            alt.Chart(calibration[calibration["action"] == action])
            .mark_line(point=True)
            .encode(
                x=alt.X("predicted:Q", scale=alt.Scale(domain=[0, 1]), title=f"predicted P({action})"),
                y=alt.Y("observed:Q", scale=alt.Scale(domain=[0, 1]), title="observed frequency"),
                color=color,
                tooltip=[color, "predicted:Q", "observed:Q", "count:Q"],
            )
        )
        panels.append(alt.layer(diagonal, lines).properties(width=190, height=190, title=action))
    return alt.hconcat(*panels).properties(title=title)
