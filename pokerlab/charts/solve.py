"""CFR charts (lesson 10): exploitability curves, strategies at information sets, regret matching.

Functions here return charts and compute nothing themselves (the numbers come
from :mod:`pokerlab.solve`); altair is imported when a chart is made.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from pokerlab import _validate
from pokerlab.errors import ParameterError
from pokerlab.solve.cfr import CFRResult
from pokerlab.solve.matrix import MatrixRun
from pokerlab.solve.policy import Policy

if TYPE_CHECKING:
    import altair as alt

    from pokerlab.solve.cfr import CFRResult
    from pokerlab.solve.matrix import MatrixRun
    from pokerlab.solve.policy import Policy

__all__ = ["exploitability_chart", "regret_matching_chart", "strategy_chart"]

_WIDTH = 420  # of the exploitability chart

ACTION_NAMES = {"p": "pass", "b": "bet", "f": "fold", "c": "call/check", "r": "raise"}
ACTION_COLOURS = {"pass": "#8c8c8c", "bet": "#d62728", "fold": "#8c8c8c", "call/check": "#1f77b4", "raise": "#d62728"}


def _positive_number(x: object) -> bool:
    return _validate.is_number(x) and math.isfinite(x) and x > 0


def _check_title(title: object) -> None:
    _validate.text(title, "title", empty=True, message=f"title must be text, not {type(title).__name__}")


def cfr_results(results: Any) -> list[CFRResult]:
    """``results`` as a list, checked once for the CFR chart and the CFR explorer: a non-empty sequence of
    :class:`~pokerlab.solve.cfr.CFRResult` (from ``solve.cfr``), else a ParameterError."""
    _validate.instance(
        results, Sequence, "results must be a non-empty list of CFRResult (from solve.cfr)", items=CFRResult, check=bool
    )
    return list(results)


def exploitability_chart(
    results: Sequence[CFRResult],
    references: Mapping[str, float] | None = None,
    iteration: int | None = None,
    title: str = "",
) -> alt.LayerChart | alt.FacetChart:
    """Exploitability of the average policy against iterations (log-log), one line per result.

    ``references`` draws horizontal rules (e.g. ``{"Phase II bot": 2.01}``);
    ``iteration`` a vertical rule at the iteration a widget shows.
    """
    import altair as alt
    import pandas as pd

    results = cfr_results(results)
    _check_title(title)
    _validate.instance(
        references,
        Mapping,
        "references must map names to exploitabilities (finite numbers > 0, drawn on a log scale)",
        optional=True,
        check=lambda refs: all(isinstance(k, str) and _positive_number(v) for k, v in refs.items()),
    )
    if iteration is not None:
        iteration = _validate.whole(
            iteration, "iteration", lo=1, message="iteration must be a whole number >= 1 (drawn on a log scale)"
        )
    frame = pd.concat([r.frame() for r in results], ignore_index=True)
    if frame.empty:
        raise ParameterError("the results have no history: run cfr with record > 0")
    frame = frame[frame["exploitability"] > 0]
    x = alt.X("iteration:Q", scale=alt.Scale(type="log"), title="iterations")
    y = alt.Y("exploitability:Q", scale=alt.Scale(type="log"), title="exploitability (chips per hand)")
    lines = (
        alt.Chart(frame)
        .mark_line(point=True)
        .encode(
            x=x,
            y=y,
            color=alt.Color("variant:N", title="solver"),
            tooltip=["variant", "iteration", alt.Tooltip("exploitability:Q", format=".5f")],
        )
    )
    layers: list[alt.Chart] = [lines]
    if references:
        refs = pd.DataFrame({"policy": list(references), "exploitability": [float(v) for v in references.values()]})
        rule = alt.Chart(refs).mark_rule(strokeDash=[5, 3], color="black").encode(y="exploitability:Q")
        text = (
            alt.Chart(refs)
            .mark_text(align="right", dy=-6, fontSize=11)
            # at the right end, where the curves have fallen well below a heuristic bot's level
            .encode(y="exploitability:Q", text="policy:N", x=alt.value(_WIDTH - 4))
        )
        layers += [rule, text]
    if iteration is not None:
        layers.append(
            alt.Chart(pd.DataFrame({"iteration": [int(iteration)]})).mark_rule(color="gray").encode(x="iteration:Q")
        )
    game = results[0].game.name.capitalize()
    return alt.layer(*layers).properties(
        width=_WIDTH, height=260, title=title or f"{game}: how exploitable the average policy is"
    )


def strategy_chart(policy: Policy, keys: Sequence[str], title: str = "") -> alt.Chart:
    """Stacked bars: the probability of each action at the information sets ``keys``."""
    import altair as alt
    import pandas as pd

    _validate.instance(policy, Policy, "policy must be a pokerlab.solve.Policy")
    _check_title(title)
    _validate.instance(
        keys, Sequence, "keys must be a list of information set keys, e.g. ['K:', 'Q:r']", items=str, check=bool
    )
    rows = [
        {"infoset": key, "action": ACTION_NAMES.get(a, a), "probability": p, "order": i}
        for key in keys
        for i, (a, p) in enumerate(policy[key].items())
    ]
    frame = pd.DataFrame(rows)
    names = [ACTION_NAMES[a] for a in policy.game.actions]
    return (
        alt.Chart(frame)
        .mark_bar()
        .encode(
            y=alt.Y("infoset:N", sort=list(keys), title="information set"),
            x=alt.X("probability:Q", scale=alt.Scale(domain=[0, 1]), title="probability"),
            color=alt.Color(
                "action:N",
                scale=alt.Scale(domain=names, range=[ACTION_COLOURS[n] for n in names]),
                title="action",
            ),
            order="order:Q",
            tooltip=["infoset", "action", alt.Tooltip("probability:Q", format=".3f")],
        )
        .properties(width=360, height=max(60, 22 * len(keys)), title=title)
    )


def regret_matching_chart(run: MatrixRun, player: int = 0, rounds: int = 200) -> alt.Chart:
    """One player's strategy each round (thin, dashed) and its running average (thick), per action.

    The first ``rounds`` rounds are drawn (the cycling of the played strategies is visible early on).
    """
    import altair as alt
    import numpy as np

    _validate.instance(run, MatrixRun, "run must be a MatrixRun (from regret_matching_self_play)")
    player = _validate.whole(player, "player", lo=0, hi=1, message="player is 0 or 1")
    rounds = _validate.whole(rounds, "rounds", lo=2, message="rounds must be a whole number >= 2")
    frame = run.frame()
    keep = np.arange(1, min(rounds, len(run.strategies)) + 1)
    frame = frame[(frame["player"] == player) & frame["round"].isin(keep)].melt(
        id_vars=["round", "action"], value_vars=["played", "average"], var_name="kind", value_name="probability"
    )
    return (
        alt.Chart(frame)
        .mark_line()
        .encode(
            x=alt.X("round:Q", title="round"),
            y=alt.Y("probability:Q", scale=alt.Scale(domain=[0, 1])),
            color=alt.Color("action:N"),
            strokeWidth=alt.StrokeWidth("kind:N", scale=alt.Scale(domain=["played", "average"], range=[1, 3])),
            strokeDash=alt.StrokeDash("kind:N", scale=alt.Scale(domain=["played", "average"], range=[[3, 2], [1, 0]])),
        )
        .properties(width=420, height=220, title=f"Regret matching, player {player}: played and average")
    )
