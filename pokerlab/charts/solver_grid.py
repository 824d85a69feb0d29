"""Postflop solutions: the acting range's strategy as a 13x13 grid of action mixes, as solvers draw it.

Each cell is a starting-hand class (pairs on the diagonal, suited hands above it, offsuit below) split
from left to right into bands as wide as the class's share of each action: check and call green, fold
blue, bets and raises red, darker the larger. A class the player cannot hold at the node is left grey.
Hover a cell: the combinations that reach the node, each action's share, the class's EV (chips) and
equity. The numbers come from :func:`pokerlab.solve.postflop_study.class_mix_frame`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pokerlab import _validate
from pokerlab.errors import ParameterTypeError
from pokerlab.solve.postflop import PostflopSolution
from pokerlab.solve.postflop_study import class_mix_frame, player_to_act

if TYPE_CHECKING:  # pragma: no cover
    import altair as alt

__all__ = ["action_colors", "postflop_strategy"]

RANKS = "AKQJT98765432"
_AGGRESSIVE = ["#f5b7b1", "#ec7063", "#cb4335", "#a93226"]


def action_colors(actions: Any) -> dict[str, str]:
    """The colour of each action label: check/call green, fold blue, bets and raises red (darker = larger)."""
    _validate.instance(
        actions,
        (list, tuple),
        "actions must be a list of action labels such as ['check', 'bet 50']",
        error=ParameterTypeError,
        check=bool,
    )
    for a in actions:
        _validate.text(a, "actions")
    out: dict[str, str] = {}
    aggressive = [a for a in actions if a.split()[0] in ("bet", "raise", "allin")]
    for a in actions:
        kind = a.split()[0]
        if kind == "fold":
            out[a] = "#5dade2"
        elif kind in ("check", "call"):
            out[a] = "#52be80"
        elif a in aggressive:
            n, i = len(aggressive), aggressive.index(a)
            out[a] = _AGGRESSIVE[1 if n == 1 else round(i * (len(_AGGRESSIVE) - 1) / (n - 1))]
        else:  # a dealt card or anything else
            out[a] = "#aab7b8"
    return out


def postflop_strategy(
    solution: PostflopSolution, line: Any = (), *, title: str | None = None
) -> alt.LayerChart | alt.FacetChart:
    """The strategy of the player to act at ``line`` (labels from the root) as a 13x13 grid of action mixes."""
    _validate.instance(solution, PostflopSolution, "solution must be a PostflopSolution from solve.postflop()")
    if title is not None:
        _validate.text(title, "title", empty=True)
    import altair as alt
    import pandas as pd

    frame = class_mix_frame(solution, line)
    actions = list(solution.actions(line))
    colors = action_colors(actions)
    bands = []
    for _, r in frame.iterrows():
        x = RANKS.index(r["col"])
        y = RANKS.index(r["row"])
        start = 0.0
        mix = ", ".join(f"{a} {100 * r[a]:.0f}%" for a in actions if r[a] >= 0.005)
        for a in actions:
            share = float(r[a])
            if share < 1e-4:
                continue
            bands.append(
                {
                    "class": r["class"],
                    "action": a,
                    "x": x + start,
                    "x2": x + start + share,
                    "y": y,
                    "y2": y + 1,
                    "share": share,
                    "mix": mix,
                    "combos": float(r["combos"]),
                    "ev": float(r["ev"]),
                    "equity": float(r["equity"]),
                }
            )
            start += share
    cells = pd.DataFrame(
        [
            {
                "label": (rk + ck if i == j else (rk + ck + "s" if i < j else ck + rk + "o")),
                "x": j,
                "x2": j + 1,
                "y": i,
                "y2": i + 1,
                "tx": j + 0.5,
                "ty": i + 0.5,
            }
            for i, rk in enumerate(RANKS)
            for j, ck in enumerate(RANKS)
        ]
    )
    scale = alt.Scale(domain=[0, 13], nice=False, zero=False)
    yscale = alt.Scale(domain=[0, 13], nice=False, zero=False, reverse=True)
    no_axis = None
    grey = (
        alt.Chart(cells)
        .mark_rect(fill="#eeeeee", stroke="white", strokeWidth=1)
        .encode(
            x=alt.X("x:Q", scale=scale, axis=no_axis),
            x2="x2:Q",
            y=alt.Y("y:Q", scale=yscale, axis=no_axis),
            y2="y2:Q",
        )
    )
    tooltip = [
        alt.Tooltip("class:N"),
        alt.Tooltip("mix:N", title="strategy"),
        alt.Tooltip("combos:Q", format=".2f", title="combinations here"),
        alt.Tooltip("ev:Q", format="+.2f", title="EV (chips)"),
        alt.Tooltip("equity:Q", format=".1%", title="equity"),
    ]
    band = (
        alt.Chart(pd.DataFrame(bands))
        .mark_rect(stroke=None)
        .encode(
            x=alt.X("x:Q", scale=scale, axis=no_axis),
            x2="x2:Q",
            y=alt.Y("y:Q", scale=yscale, axis=no_axis),
            y2="y2:Q",
            color=alt.Color(
                "action:N",
                scale=alt.Scale(domain=actions, range=[colors[a] for a in actions]),
                sort=actions,
                title="action",
            ),
            tooltip=tooltip,
        )
    )
    text = (
        alt.Chart(cells)
        .mark_text(fontSize=9, color="#17202a")
        .encode(
            x=alt.X("tx:Q", scale=scale, axis=no_axis),
            y=alt.Y("ty:Q", scale=yscale, axis=no_axis),
            text="label:N",
        )
    )
    who = player_to_act(solution, line).upper()
    freq = solution.frequencies(line)
    at = ", ".join(str(x) for x in line) if line else "the root"
    head = (
        title if title is not None else f"{who} at {at}: " + ", ".join(f"{a} {100 * f:.0f}%" for a, f in freq.items())
    )
    return alt.layer(grey, band, text).properties(width=360, height=360, title=head)
