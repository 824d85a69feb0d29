"""BPP's network drawn as SVG, its posteriors and its fold/call/raise curves (lesson 08, the BPP inspector)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pokerlab import _validate
from pokerlab.bpp.network import BPPNetwork
from pokerlab.charts._common import ACTION_COLORS, _mapping_arg, _title
from pokerlab.charts.render import SHRINK_TO_FIT

if TYPE_CHECKING:  # pragma: no cover
    import altair as alt


__all__ = ["bpp_curves_chart", "network_svg", "posterior_chart"]


_NODE_XY = {
    "BPP_Final": (130, 60),
    "OPP_Final": (470, 60),
    "BPP_Win": (300, 150),
    "BPP_Current": (130, 250),
    "OPP_Current": (470, 250),
    "Board": (380, 350),
    "OPP_Action": (580, 350),
}


def network_svg(
    net: Any,
    evidence: dict[str, str] | None = None,
    posteriors: dict[str, dict[str, float]] | None = None,
) -> str:
    """BPP's network drawn as SVG: nodes, arcs, number of states, evidence and each node's likeliest state.

    Observed nodes are shaded and show their state; hidden nodes show their
    most probable state and its probability when ``posteriors`` are given.
    Plain SVG text, so it shows with no JavaScript and no network.
    """
    _network_arg(net)
    _mapping_arg(evidence, "evidence")
    _mapping_arg(posteriors, "posteriors")
    import html as _html

    evidence = evidence or {}
    w, h = 170, 64  # room for the projector-sized labels below (17 px names, 15 px states: "straight_flush 27%")
    parts = [
        '<svg xmlns="http://www.w3.org/2000/svg" width="700" height="400" viewBox="0 0 700 400" '
        f'class="pl-bpp-network" font-family="sans-serif" {SHRINK_TO_FIT}>',
        '<defs><marker id="pl-arrow" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="7" markerHeight="7" '
        'orient="auto-start-reverse"><path d="M 0 0 L 10 5 L 0 10 z" fill="#555"/></marker></defs>',
    ]
    for parent, child in net.edges:
        (x1, y1), (x2, y2) = _NODE_XY[parent], _NODE_XY[child]
        # from the parent's box edge to the child's box edge, along the centre line
        dx, dy = x2 - x1, y2 - y1
        scale = min((w / 2) / abs(dx) if dx else 1e9, (h / 2) / abs(dy) if dy else 1e9)
        sx, sy, ex, ey = x1 + dx * scale, y1 + dy * scale, x2 - dx * scale, y2 - dy * scale
        parts.append(
            f'<line x1="{sx:.1f}" y1="{sy:.1f}" x2="{ex:.1f}" y2="{ey:.1f}" stroke="#555" stroke-width="1.5" '
            'marker-end="url(#pl-arrow)"/>'
        )
    for node in net.nodes:
        x, y = _NODE_XY[node]
        observed = node in evidence
        fill = "#d6eaf8" if observed else "#fdfefe"
        states = net.states(node)
        if observed:
            detail = f"= {evidence[node]}"
        elif posteriors and node in posteriors:
            best = max(posteriors[node], key=posteriors[node].__getitem__)
            detail = f"{best} {posteriors[node][best]:.0%}"
        else:
            detail = f"{len(states)} state{'' if len(states) == 1 else 's'}"
        parts.append(
            f'<g class="pl-bpp-node"><rect x="{x - w / 2}" y="{y - h / 2}" width="{w}" height="{h}" rx="10" '
            f'fill="{fill}" stroke="#2c3e50" stroke-width="{2.5 if observed else 1.2}"/>'
            f'<text x="{x}" y="{y - 7}" text-anchor="middle" font-size="17" font-weight="bold">{node}</text>'
            f'<text x="{x}" y="{y + 17}" text-anchor="middle" font-size="15">{_html.escape(detail)}</text></g>'
        )
    parts.append("</svg>")
    return "".join(parts)


def posterior_chart(posteriors: dict[str, dict[str, float]], evidence: dict[str, str] | None = None) -> alt.ConcatChart:
    """One bar chart per node of its posterior distribution (observed nodes marked), four to a row.

    Each node is its own small chart in a concatenation (not a facet), so a
    row that is not full leaves no empty panel, and the state labels are
    never cut.
    """
    _mapping_arg(posteriors, "posteriors", optional=False)
    _mapping_arg(evidence, "evidence")
    import altair as alt
    import pandas as pd

    evidence = evidence or {}
    panels = []
    for node, dist in posteriors.items():
        frame = pd.DataFrame(
            [{"state": state, "order": i, "probability": p} for i, (state, p) in enumerate(dist.items())]
        )
        title = f"{node} (observed)" if node in evidence else node
        panels.append(
            alt.Chart(frame, title=title)
            .mark_bar(color="#2e86c1")
            .encode(
                y=alt.Y("state:N", sort=alt.EncodingSortField("order"), title=None, axis=alt.Axis(labelLimit=200)),
                x=alt.X("probability:Q", scale=alt.Scale(domain=[0, 1]), title="probability"),
                tooltip=["state:N", alt.Tooltip("probability:Q", format=".4f")],
            )
            .properties(width=150, height=alt.Step(11))
        )
    return alt.concat(*panels, columns=4)


def bpp_curves_chart(rows: list[dict[str, Any]], p_win: float | None = None, title: str = "") -> alt.Chart:
    """BPP's fold / call / raise probabilities over P(win) (rows from ``pokerlab.bpp.policy.curve_points``),
    with the current P(win) marked."""
    _rows_arg(rows)
    if p_win is not None:
        _validate.real(p_win, "p_win", lo=0, hi=1)
    _title(title)
    import altair as alt
    import pandas as pd

    frame = pd.DataFrame(rows)
    kinds = ["fold", "call", "raise"]
    lines = (
        alt.Chart(frame)
        .mark_line(strokeWidth=2.5)
        .encode(
            x=alt.X("p_win:Q", title="P(win)"),
            y=alt.Y("probability:Q", title="probability of the action", scale=alt.Scale(domain=[0, 1])),
            color=alt.Color("action:N", scale=alt.Scale(domain=kinds, range=[ACTION_COLORS[k] for k in kinds])),
            tooltip=[alt.Tooltip("p_win:Q", format=".2f"), "action:N", alt.Tooltip("probability:Q", format=".3f")],
        )
    )
    chart = lines
    if p_win is not None:
        rule = (
            alt.Chart(pd.DataFrame({"p_win": [p_win]})).mark_rule(color="black", strokeDash=[4, 3]).encode(x="p_win:Q")
        )
        chart = lines + rule
    return chart.properties(width=380, height=200, title=title)


def _network_arg(net: Any) -> None:

    _validate.instance(net, BPPNetwork, "net must be a BPPNetwork (from build_network)")


def _rows_arg(rows: Any) -> None:
    _validate.instance(rows, (list, tuple), "rows must be a list of dicts (from curve_points)", items=dict, check=bool)
