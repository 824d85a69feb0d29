"""Charts of single hands: category frequencies, hand potential, what each turn card does, HS against n opponents.

The explorers in :mod:`pokerlab.widgets.hands` draw with these."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pokerlab import _validate
from pokerlab.charts._common import _need_columns
from pokerlab.strength import Potential

if TYPE_CHECKING:  # pragma: no cover
    import altair as alt
    import pandas as pd

    from pokerlab.strength import Potential


__all__ = [
    "category_chart",
    "potential_and_turn_chart",
    "potential_chart",
    "strength_by_opponents_chart",
    "turn_card_chart",
]


CATEGORY_ORDER = [
    "High card",
    "One pair",
    "Two pair",
    "Three of a kind",
    "Straight",
    "Flush",
    "Full house",
    "Four of a kind",
    "Straight flush",
]

OUTCOME_COLORS = {"ahead": "#2e86c1", "tied": "#aab7b8", "behind": "#c0392b"}


def category_chart(frame: pd.DataFrame) -> alt.Chart:
    """Bars of how often each category occurs (columns category, probability, hand).

    ``hand`` distinguishes e.g. "5 cards" from "7 cards"; the x axis is
    logarithmic because straight flushes are 30,000 times rarer than a pair.
    """
    _need_columns(frame, ("category", "hand", "probability"), "frame")
    import math

    import altair as alt

    # A bar on a log scale has no zero to start from: vega drops its x (the bars
    # vanish, axes alone are drawn), so every bar starts at the power of ten below
    # the rarest probability, and the axis starts there too.
    positive = [float(p) for p in frame["probability"] if p > 0]
    floor = 10.0 ** math.floor(math.log10(min(positive))) if positive else 1e-6
    return (
        alt.Chart(frame)
        .mark_bar()
        .encode(
            y=alt.Y("category:N", sort=CATEGORY_ORDER[::-1], title=None),
            yOffset=alt.YOffset("hand:N"),
            x=alt.X(
                "probability:Q",
                scale=alt.Scale(type="log", domain=[floor, 1]),
                axis=alt.Axis(values=[10.0**k for k in range(round(math.log10(floor)), 1)], format="~g"),
                title="probability (log scale)",
            ),
            x2=alt.X2(datum=floor),
            color=alt.Color("hand:N", title=None),
            tooltip=[
                "category:N",
                "hand:N",
                alt.Tooltip("count:Q", format=","),
                alt.Tooltip("probability:Q", format=".6f"),
            ],
        )
        .properties(width=420, height=330, title="How often each hand category occurs")
    )


def potential_chart(p: Potential) -> alt.Chart:
    """Stacked bars: of the cases where we are ahead/tied/behind now, where we end up."""
    _potential_arg(p)
    import altair as alt
    import pandas as pd

    rows = []
    names = ("ahead", "tied", "behind")
    for i, now in enumerate(names):
        total = sum(p.matrix[i])
        for j, end in enumerate(names):
            rows.append(
                {
                    "now": now,
                    "at the end": end,
                    "cases": p.matrix[i][j],
                    "share": (p.matrix[i][j] / total) if total else 0.0,
                }
            )
    frame = pd.DataFrame(rows)
    return (
        alt.Chart(frame)
        .mark_bar()
        .encode(
            y=alt.Y("now:N", sort=list(names), title="now"),
            x=alt.X("share:Q", stack="normalize", title="share of cases", axis=alt.Axis(format="%")),
            color=alt.Color(
                "at the end:N",
                sort=list(names),
                scale=alt.Scale(domain=list(names), range=[OUTCOME_COLORS[n] for n in names]),
            ),
            order=alt.Order("order:Q"),
            tooltip=["now:N", "at the end:N", alt.Tooltip("cases:Q", format=","), alt.Tooltip("share:Q", format=".1%")],
        )
        .transform_calculate(order="indexof(['ahead','tied','behind'], datum['at the end'])")
        .properties(
            width=420,
            height=120,
            title=f"PPOT {p.ppot:.3f}: behind now but ahead later; NPOT {p.npot:.3f}: ahead now but behind later",
        )
    )


def turn_card_chart(frame: pd.DataFrame) -> alt.FacetChart:
    """One bar per turn card: how much it moves hand strength (from :func:`~pokerlab.strength.turn_card_effects`).

    One row per suit (its symbol large at the left), the thirteen ranks across in the same columns in
    every row, all labels horizontal and 14-18 px: readable from the back of a lecture room, where
    52 rotated card names were not. A card that is already dealt has no bar. The tooltip gives the
    card's numbers (HS on the flop and the turn, PPOT, EHS).
    """
    _need_columns(frame, ("card", "rank", "suit", "change", "category"), "frame")
    import altair as alt

    ranks = list("23456789TJQKA")
    suits = ["♠", "♥", "♦", "♣"]
    tooltip = [
        alt.Tooltip("card:N"),
        alt.Tooltip("category:N"),
        alt.Tooltip("change:Q", format="+.3f", title="change in HS"),
        *[
            alt.Tooltip(f"{field}:Q", format=".3f", title=title)
            for field, title in (
                ("hs_flop", "HS on the flop"),
                ("hs_turn", "HS on the turn"),
                ("ppot_turn", "PPOT (river)"),
                ("ehs_turn", "EHS on the turn"),
            )
            if field in frame.columns
        ],
    ]
    bars = (
        alt.Chart()
        .mark_bar()
        .encode(
            x=alt.X(
                "rank:N",
                sort=ranks,
                scale=alt.Scale(domain=ranks),
                title=None,
                axis=alt.Axis(labelAngle=0, labelFontSize=16, labelFontWeight="bold", orient="bottom"),
            ),
            y=alt.Y("change:Q", title=None, axis=alt.Axis(labelFontSize=12, tickCount=3, format="+.1f")),
            color=alt.Color(
                "category:N",
                sort=CATEGORY_ORDER,
                title="our hand's category with that turn card",
                legend=alt.Legend(orient="right", labelLimit=180, titleLimit=300, labelFontSize=13, titleFontSize=13),
            ),
            tooltip=tooltip,
        )
    )
    # the zero line, once per row (the row's cards aggregated to one datum)
    zero = alt.Chart().transform_aggregate(cards="count()").mark_rule(color="black").encode(y=alt.datum(0))
    return (
        alt.layer(bars, zero, data=frame)
        .properties(width=alt.Step(40), height=70)
        .facet(
            row=alt.Row(
                "suit:N",
                sort=suits,
                title=None,
                header=alt.Header(labelAngle=0, labelFontSize=28, labelAlign="right", labelPadding=8),
            ),
            spacing=14,
        )
        .properties(
            title=alt.TitleParams(
                "What each turn card does to the hand: change in hand strength",
                fontSize=15,
                anchor="start",
            )
        )
    )


def potential_and_turn_chart(p: Potential, frame: pd.DataFrame | None = None) -> alt.VConcatChart | alt.Chart:
    """The potential bars above the turn-card bars (when ``frame`` is given), each with its own colours.

    The two charts colour different things (ahead/tied/behind, and hand
    categories), so their colour scales and legends are kept independent:
    a shared scale would give the turn-card bars no colour at all.
    """
    _potential_arg(p)
    if frame is not None:
        _need_columns(frame, ("card", "rank", "suit", "change", "category"), "frame")
    chart = potential_chart(p)
    if frame is None:
        return chart
    return (
        (chart & turn_card_chart(frame))
        .resolve_scale(color="independent")
        .resolve_legend(color="independent")
        .configure_legend(orient="right")
    )


def strength_by_opponents_chart(hs: float) -> alt.Chart:
    """HS_n = HS**n for n = 1..9 opponents (eq. 2)."""
    hs = _validate.real(hs, "hs", lo=0, hi=1)
    import altair as alt
    import pandas as pd

    frame = pd.DataFrame({"opponents": list(range(1, 10)), "HS_n": [hs**n for n in range(1, 10)]})
    return (
        alt.Chart(frame)
        .mark_line(point=True)
        .encode(
            x=alt.X("opponents:O"),
            y=alt.Y("HS_n:Q", scale=alt.Scale(domain=[0, 1]), title="HS_n = HS^n"),
            tooltip=["opponents:O", alt.Tooltip("HS_n:Q", format=".3f")],
        )
        .properties(width=300, height=180, title="Hand strength against n opponents")
    )


def _potential_arg(p: Any) -> None:

    _validate.instance(p, Potential, "p must be a Potential (from hand_potential)")
