"""Altair charts over pokerlab's plain results (no computation here).

Each function takes a result (a dataclass or a pandas frame) and returns an
``altair.Chart``. Call :func:`enable_offline` once in a notebook so charts
render with no internet access and stay visible once the notebook is saved:
by default every displayed chart becomes a PNG picture drawn by vl-convert
(no JavaScript, no CDN), which GitHub, nbconvert HTML, VS Code and an
untrusted JupyterLab all show. ``enable_offline("jupyter")`` gives the
interactive renderer instead (tooltips, but its JavaScript is stored in the
notebook and shows nothing without a kernel).

:func:`mark_counts` renders a chart to vl-convert's scenegraph and counts the
marks each layer draws, and how many of them are visible: the chart tests
use it so that an empty chart fails.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from pokerlab import _validate
from pokerlab.errors import ParameterError

if TYPE_CHECKING:  # pragma: no cover
    import altair as alt
    import pandas as pd

    from pokerlab.strength import Potential

__all__ = [
    "bpp_curves_chart",
    "breakdown_chart",
    "calibration_chart",
    "category_chart",
    "chart_png",
    "chart_svg",
    "context_triples_chart",
    "decision_chart",
    "difference_heatmap",
    "enable_offline",
    "equity_by_street_chart",
    "feature_importance_chart",
    "mark_counts",
    "match_results_chart",
    "matrix_heatmap",
    "model_scores_chart",
    "money_chart",
    "network_svg",
    "png_bundle",
    "posterior_chart",
    "potential_and_turn_chart",
    "potential_chart",
    "preflop_heatmap",
    "strength_by_opponents_chart",
    "svg_png",
    "turn_card_chart",
    "weights_heatmap",
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


RENDERERS = ("static", "jupyter", "svg")
PNG_SCALE = 1.5  # pixels per CSS pixel: sharp on high-density screens, small once quantized


def enable_offline(renderer: str = "static") -> str:
    """Make altair render without network access; returns the renderer used.

    ``"static"`` (the default, and what the lessons use) shows each chart as
    a PNG drawn by vl-convert and quantized to 256 colours (about 20-40 KB a
    chart): a saved notebook then shows its charts anywhere, with no kernel,
    no network and no trust. ``"jupyter"`` is altair's interactive renderer
    with vega loaded from vl-convert-python instead of a CDN (tooltips, but
    about 900 KB of JavaScript per saved chart, shown only by a live,
    trusted JupyterLab); ``"svg"`` is altair's static SVG (hidden by an
    untrusted JupyterLab).

    >>> enable_offline("pdf")
    Traceback (most recent call last):
    ...
    pokerlab.errors.ParameterError: renderer must be one of 'static', 'jupyter', 'svg', not 'pdf'
    """
    import altair as alt

    if not isinstance(renderer, str) or renderer not in RENDERERS:
        raise ParameterError(f"renderer must be one of {', '.join(map(repr, RENDERERS))}, not {renderer!r}")
    if renderer == "static":
        alt.renderers.register("pokerlab-static", _static_renderer)
        alt.renderers.enable("pokerlab-static")
        return renderer
    if renderer == "jupyter":
        try:
            alt.renderers.enable("jupyter", offline=True)
            return "jupyter"
        except Exception:
            renderer = "svg"
    alt.renderers.enable(renderer)
    return renderer


def _vega(convert: Any, spec: str, *, name: str = "chart", **options: Any) -> Any:
    """Run a vl-convert conversion; a spec it cannot draw is the caller's argument, refused by name."""
    try:
        return convert(spec, **options)
    except ValueError as exc:
        first = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        raise ParameterError(f"{name} cannot be drawn: {first[:200]}") from None


def _spec_json(chart: Any) -> str:
    import json

    if isinstance(chart, dict):
        return json.dumps(chart)
    if isinstance(chart, str):
        return chart
    return chart.to_json()


def chart_png(chart: alt.TopLevelMixin | dict[str, Any], scale: float = PNG_SCALE) -> bytes:
    """The chart drawn as PNG bytes by vl-convert, on white, quantized to 256 colours.

    ``scale`` multiplies the chart's size in pixels (1.5 by default, so the
    picture stays sharp on high-density screens when shown at its CSS size).
    """
    _chart_arg(chart, "chart")

    import vl_convert

    if isinstance(scale, bool) or not isinstance(scale, int | float) or not 0.25 <= scale <= 4:
        raise ParameterError(f"scale must be a number from 0.25 to 4, not {scale!r}")
    raw = _vega(vl_convert.vegalite_to_png, _spec_json(chart), scale=float(scale))
    return _small_png(raw)


def _small_png(raw: bytes) -> bytes:
    """A PNG flattened onto white and reduced to 256 colours (a saved chart stays a few tens of KB)."""
    import io

    from PIL import Image

    image = Image.open(io.BytesIO(raw)).convert("RGBA")
    flat = Image.new("RGBA", image.size, "white")
    flat.alpha_composite(image)
    out = io.BytesIO()
    flat.convert("RGB").quantize(256).save(out, "PNG", optimize=True)
    return out.getvalue()


def png_bundle(chart: alt.TopLevelMixin | dict[str, Any], text: str = "") -> tuple[dict[str, Any], dict[str, Any]]:
    """A Jupyter mime bundle (data, metadata) with the chart as a PNG shown at its CSS size."""
    _chart_arg(chart, "chart")
    text = _validate.text(text, "text", empty=True)
    import base64
    import struct

    png = chart_png(chart)
    width, height = struct.unpack(">II", png[16:24])  # the IHDR chunk
    data = {"image/png": base64.b64encode(png).decode("ascii"), "text/plain": text or "<chart>"}
    meta = {"image/png": {"width": round(width / PNG_SCALE), "height": round(height / PNG_SCALE)}}
    return data, meta


def _static_renderer(spec: dict[str, Any], **_: Any) -> tuple[dict[str, Any], dict[str, Any]]:
    title = spec.get("title")
    if isinstance(title, dict):
        title = title.get("text")
    text = f"<chart: {title}>" if isinstance(title, str) and title else "<chart>"
    return png_bundle(spec, text)


def svg_png(svg: str, scale: float = PNG_SCALE) -> bytes:
    """An SVG drawing (e.g. from :func:`network_svg`) as PNG bytes, quantized like :func:`chart_png`.

    A PNG shows everywhere, including an untrusted JupyterLab, which hides
    SVG and HTML outputs.
    """

    import vl_convert

    if not isinstance(svg, str) or "<svg" not in svg:
        raise ParameterError("svg must be the text of an SVG drawing")
    if isinstance(scale, bool) or not isinstance(scale, int | float) or not 0.25 <= scale <= 4:
        raise ParameterError(f"scale must be a number from 0.25 to 4, not {scale!r}")
    raw = _vega(vl_convert.svg_to_png, svg, scale=float(scale), name="svg")
    return _small_png(raw)


# an SVG drawn at its own size, or smaller where the page is narrower (never cut off)
_SHRINK_TO_FIT = 'style="max-width:100%;height:auto"'


def chart_svg(chart: alt.TopLevelMixin) -> str:
    """The chart drawn as SVG text by vl-convert (offline, no JavaScript needed).

    The explorer widgets show their charts this way inside an ``HTML``
    widget, which updates in place and never nests a widget inside an
    ``Output`` (a pattern that intermittently stalls headless notebook
    runners; see jupyter/nbclient#312). The drawing shrinks to the width
    it is given (its viewBox keeps the proportions): in a JupyterLab at
    1,100 pixels with the file browser open, a wide explorer chart is
    scaled down instead of cut off at the right.
    """
    _chart_arg(chart, "chart", allow_dict=False)
    import vl_convert

    svg = _vega(vl_convert.vegalite_to_svg, chart.to_json())
    return svg.replace("<svg ", f"<svg {_SHRINK_TO_FIT} ", 1)


@dataclass(frozen=True, slots=True)
class MarkCount:
    """How many marks one layer of a rendered chart draws, and how many of them can be seen.

    ``name`` is vega's name for the layer (e.g. ``concat_1_layer_0_marks``),
    ``kind`` its mark type (rect, rule, line, text, symbol, ...). A mark is
    visible when vega could place it (finite position and size; a bar of a
    zero value still counts), it has a fill or stroke colour that is not transparent and
    an opacity above zero (a text mark also needs some text).
    """

    name: str
    kind: str
    marks: int
    visible: int


_NO_PAINT = (None, "", "none", "transparent")


def _placed(kind: str, item: dict[str, Any]) -> bool:
    """Whether vega could place the mark: no missing or infinite position or size.

    A bar whose x is missing (e.g. a bar on a log scale, which has no zero to start
    from) keeps its fill colour but is never drawn.
    """
    import math

    for key in ("x", "y", "width", "height"):
        if key in item and (item[key] is None or not math.isfinite(item[key])):
            return False
    return True


def _visible(kind: str, item: dict[str, Any]) -> bool:
    if item.get("opacity", 1) == 0 or not _placed(kind, item):
        return False
    filled = item.get("fill") not in _NO_PAINT and item.get("fillOpacity", 1) != 0
    stroked = (
        item.get("stroke") not in _NO_PAINT and item.get("strokeOpacity", 1) != 0 and item.get("strokeWidth", 1) != 0
    )
    if kind == "text":
        return filled and str(item.get("text", "")) != ""
    return filled or stroked


def mark_counts(chart: alt.TopLevelMixin | dict[str, Any]) -> list[MarkCount]:
    """Render the chart with vl-convert and count the marks of every data layer, in drawing order.

    Axes, legends and titles are left out; a faceted layer's cells are added
    up under one name. A layer whose ``visible`` is 0 draws nothing a reader
    can see: that is the test an empty chart fails.
    """
    _chart_arg(chart, "chart")
    import vl_convert

    graph = _vega(vl_convert.vegalite_to_scenegraph, _spec_json(chart))
    counts: dict[str, list[Any]] = {}

    def walk(node: Any) -> None:
        if not isinstance(node, dict):
            return
        if node.get("role") == "mark" and node.get("marktype") != "group":
            kind = node["marktype"]
            items = node.get("items", [])
            entry = counts.setdefault(node.get("name") or f"unnamed_{len(counts)}", [kind, 0, 0])
            entry[1] += len(items)
            entry[2] += sum(_visible(kind, item) for item in items)
        for child in node.get("items", []):
            walk(child)
        if isinstance(node.get("root"), dict):
            walk(node["root"])

    walk(graph["scenegraph"])
    return [MarkCount(name, kind, n, visible) for name, (kind, n, visible) in counts.items()]


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


def turn_card_chart(frame: pd.DataFrame) -> alt.Chart:
    """One bar per turn card: how much it moves hand strength (from :func:`~pokerlab.strength.turn_card_effects`)."""
    _need_columns(frame, ("card", "rank", "suit", "change", "category"), "frame")
    import altair as alt

    ranks = "23456789TJQKA"
    data = frame.assign(
        order=[ranks.index(r) * 4 + "♣♦♥♠".index(s) for r, s in zip(frame["rank"], frame["suit"], strict=True)]
    )
    label = data["rank"] + data["suit"]
    data = data.assign(label=label)
    base = alt.Chart(data).encode(
        x=alt.X("label:N", sort=alt.SortField("order"), title="turn card"),
    )
    bars = base.mark_bar().encode(
        y=alt.Y("change:Q", title="change in hand strength"),
        color=alt.Color(
            "category:N",
            sort=CATEGORY_ORDER,
            title="our hand's category with that turn card",
            legend=alt.Legend(orient="right", labelLimit=160, titleLimit=260),
        ),
        tooltip=[
            alt.Tooltip("card:N"),
            alt.Tooltip("category:N"),
            alt.Tooltip("hs_flop:Q", format=".3f", title="HS on the flop"),
            alt.Tooltip("hs_turn:Q", format=".3f", title="HS on the turn"),
            alt.Tooltip("ppot_turn:Q", format=".3f", title="PPOT (river)"),
            alt.Tooltip("ehs_turn:Q", format=".3f", title="EHS on the turn"),
        ],
    )
    zero = alt.Chart({"values": [{"y": 0}]}).mark_rule(color="black").encode(y="y:Q")
    return (
        (bars + zero)
        .resolve_scale(color="independent")
        .properties(width=620, height=220, title="What each turn card does to the hand")
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


def preflop_heatmap(frame: pd.DataFrame, title: str = "", value_title: str = "value") -> alt.Chart:
    """A 13x13 heatmap in the Waterloo report's layout (from :meth:`PreflopTable.to_frame`).

    Rows and columns run 2..A like the report's tables; suited classes sit
    below the diagonal, offsuit above. The numbers are black on the light
    end of the colour scale and white on the dark end, wherever the table's
    values lie (Table 3 runs from 0.14 to 0.63, the expert tables from 0 to 1).
    """
    _need_columns(frame, ("class", "row", "col", "value"), "frame")
    _title(title)
    _validate.text(value_title, "value_title", empty=True)
    import math

    import altair as alt

    ranks = list("23456789TJQKA")
    finite = [float(v) for v in frame["value"] if math.isfinite(float(v))]
    low, high = (min(finite), max(finite)) if finite else (0.0, 1.0)
    light_from = low + 0.6 * (high - low)  # viridis is light (yellow-green) above about 60 % of its range
    data = frame.assign(
        row_rank=[ranks[r] for r in frame["row"]],
        col_rank=[ranks[c] for c in frame["col"]],
        light=[bool(math.isfinite(float(v)) and float(v) > light_from) for v in frame["value"]],
    )
    base = alt.Chart(data).encode(
        x=alt.X("col_rank:O", sort=ranks, title=None, axis=alt.Axis(orient="top")),
        y=alt.Y("row_rank:O", sort=ranks, title=None),
    )
    tooltip = [
        alt.Tooltip("class:N"),
        alt.Tooltip("value:Q", format=".4f", title=value_title),
        alt.Tooltip("stderr:Q", format=".4f", title="standard error"),
        alt.Tooltip("combos:Q"),
    ]
    rect = base.mark_rect().encode(
        color=alt.Color("value:Q", scale=alt.Scale(scheme="viridis"), title=value_title), tooltip=tooltip
    )
    text = base.mark_text(fontSize=8).encode(
        text=alt.Text("value:Q", format=".2f"),
        color=alt.condition("datum.light", alt.value("black"), alt.value("white")),
        tooltip=tooltip,
    )
    return (rect + text).properties(width=330, height=330, title=title)


def _title(title: Any) -> None:
    _validate.text(title, "title", empty=True)


def _chart_arg(chart: Any, name: str, *, allow_dict: bool = True) -> None:
    """An altair chart (or, where drawing allows it, a Vega-Lite spec as a dict or JSON text)."""
    if allow_dict and isinstance(chart, dict) and chart:
        return
    if allow_dict and isinstance(chart, str):
        import json

        try:
            if isinstance(json.loads(chart), dict):
                return
        except ValueError:
            pass
        raise ParameterError(f"{name} given as text must be a Vega-Lite spec in JSON, not {_validate._show(chart)}")
    if not callable(getattr(chart, "to_json", None)) or not callable(getattr(chart, "to_dict", None)):
        raise ParameterError(f"{name} must be an altair chart, not {_validate._show(chart)}")


def _potential_arg(p: Any) -> None:
    from pokerlab.strength import Potential

    if not isinstance(p, Potential):
        raise ParameterError(f"p must be a Potential (from hand_potential), not {_validate._show(p)}")


def _grid_arg(grid: Any) -> Any:
    import numpy as np

    try:
        arr = np.asarray(grid, dtype=np.float64)
    except (TypeError, ValueError):
        raise ParameterError(f"grid must be 13x13 numbers, not {_validate._show(grid)}") from None
    if arr.shape != (13, 13) or not np.isfinite(arr).all():
        raise ParameterError(f"grid must be 13x13 finite numbers, not shape {arr.shape}")
    return arr


def _network_arg(net: Any) -> None:
    from pokerlab.bpp.network import BPPNetwork

    if not isinstance(net, BPPNetwork):
        raise ParameterError(f"net must be a BPPNetwork (from build_network), not {_validate._show(net)}")


def _mapping_arg(value: Any, name: str, *, optional: bool = True) -> None:
    """``posteriors`` ({node: {state: probability}}), ``evidence`` ({node: state}), ``triples`` (3 numbers each)."""
    import math

    import numpy as np

    if value is None and optional:
        return
    if not isinstance(value, dict) or (not value and not optional):
        raise ParameterError(f"{name} must be a non-empty dict, not {_validate._show(value)}")
    for key, item in value.items():
        if not isinstance(key, str):
            raise ParameterError(f"{name} must have text keys, not {_validate._show(key)}")
        if name == "evidence" and not isinstance(item, str):
            raise ParameterError(f"evidence[{key!r:.40}] must be a state name (text), not {_validate._show(item)}")
        if name == "posteriors" and (
            not isinstance(item, dict)
            or not item
            or not all(
                isinstance(p, (int, float)) and not isinstance(p, bool) and math.isfinite(p) and 0 <= p <= 1 + 1e-9
                for p in item.values()
            )
        ):
            raise ParameterError(
                f"posteriors[{key!r:.40}] must be a dict of state: probability in [0, 1], not {_validate._show(item)}"
            )
        if name == "triples":
            try:
                arr = np.asarray(item, dtype=np.float64)
            except (TypeError, ValueError):
                arr = np.array([math.nan])
            if arr.shape != (3,) or not np.isfinite(arr).all() or (arr < 0).any():
                raise ParameterError(f"triples[{key!r:.40}] must be 3 probabilities, not {_validate._show(item)}")


def _rows_arg(rows: Any) -> None:
    if not isinstance(rows, (list, tuple)) or not rows or not all(isinstance(r, dict) for r in rows):
        raise ParameterError(f"rows must be a list of dicts (from curve_points), not {_validate._show(rows)}")


def _money_arg(money: Any) -> None:
    import numpy as np
    import pandas as pd

    if not isinstance(money, pd.DataFrame) or money.empty:
        raise ParameterError(f"money must be a non-empty DataFrame, one column per player, not {money!r:.60}")
    try:
        values = money.to_numpy(dtype=np.float64)
    except (TypeError, ValueError):
        raise ParameterError("money must hold numbers of chips") from None
    if not np.isfinite(values).all():
        raise ParameterError("money must hold finite numbers of chips")


def _study_arg(study: Any) -> None:
    if not callable(getattr(study, "equity_frame", None)):
        raise ParameterError(f"study must be a hand study (from study_hand), not {_validate._show(study)}")


def _need_columns(frame: Any, columns: tuple[str, ...], name: str) -> None:
    import pandas as pd

    if not isinstance(frame, pd.DataFrame) or not set(columns) <= set(frame.columns):
        raise ParameterError(
            f"{name} must be a pandas DataFrame with the columns {', '.join(columns)}, not {frame!r:.60}"
        )


def breakdown_chart(frame: pd.DataFrame, title: str = "") -> alt.Chart:
    """Horizontal bars of each holding's share of a range (from :meth:`RangeBreakdown.to_frame`).

    Made hands, kinds of pair and draws are coloured apart; made hands add up
    to 1, draws overlap. Every holding gets a bar (zero-width when empty).
    """
    import altair as alt

    _need_columns(frame, ("section", "holding", "combos", "share"), "frame")
    if not isinstance(title, str):
        raise ParameterError(f"title must be text, not {title!r}")
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


def matrix_heatmap(frame: pd.DataFrame, order: list[str], title: str = "") -> alt.Chart:
    """A 169x169 heatmap of class-against-class equity (from :meth:`PreflopMatrix.to_frame`).

    Rows are the hand, columns the opponent, both in ``order`` (strongest
    first), so the strong-against-weak corner is at the top right. Data
    travels inline with the chart (no row limit, no files).
    """
    import altair as alt

    from pokerlab.preflop import CLASS_NAMES

    _need_columns(frame, ("class", "opponent", "equity"), "frame")
    if isinstance(order, str) or not isinstance(order, list) or sorted(map(str, order)) != sorted(CLASS_NAMES):
        raise ParameterError("order must list the 169 class names once each")
    if not isinstance(title, str):
        raise ParameterError(f"title must be text, not {title!r}")
    data = frame[["class", "opponent", "equity"]]
    return (
        alt.Chart(alt.Data(values=data.to_dict("records")))
        .mark_rect()
        .encode(
            x=alt.X("opponent:O", sort=order, title="opponent", axis=alt.Axis(labelFontSize=5, orient="top")),
            y=alt.Y("class:O", sort=order, title="hand", axis=alt.Axis(labelFontSize=5)),
            color=alt.Color("equity:Q", scale=alt.Scale(scheme="redblue", domain=[0, 1]), title="equity"),
            tooltip=["class:N", "opponent:N", alt.Tooltip("equity:Q", format=".4f")],
        )
        .properties(width=600, height=600, title=title)
    )


def difference_heatmap(frame: pd.DataFrame, title: str = "") -> alt.Chart:
    """A diverging 13x13 heatmap of ``frame['difference']`` (columns class, row, col, difference)."""
    _need_columns(frame, ("class", "row", "col", "difference"), "frame")
    _title(title)
    import altair as alt

    ranks = list("23456789TJQKA")
    data = frame.assign(
        row_rank=[ranks[r] for r in frame["row"]],
        col_rank=[ranks[c] for c in frame["col"]],
    )
    limit = float(max(abs(data["difference"].min()), abs(data["difference"].max()), 1e-9))
    base = alt.Chart(data).encode(
        x=alt.X("col_rank:O", sort=ranks, title=None, axis=alt.Axis(orient="top")),
        y=alt.Y("row_rank:O", sort=ranks, title=None),
        tooltip=["class:N", alt.Tooltip("difference:Q", format="+.3f")],
    )
    rect = base.mark_rect().encode(
        color=alt.Color("difference:Q", scale=alt.Scale(scheme="redblue", domain=[-limit, limit]))
    )
    text = base.mark_text(fontSize=7).encode(text=alt.Text("difference:Q", format="+.2f"))
    return (rect + text).properties(width=330, height=330, title=title)


ACTION_COLORS = {"fold": "#c0392b", "check": "#aab7b8", "call": "#2e86c1", "raise": "#27ae60"}


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

    from pokerlab.cards import HandClass

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


# ----------------------------------------------------------------------------
# BPP
# ----------------------------------------------------------------------------

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
    w, h = 150, 58
    parts = [
        '<svg xmlns="http://www.w3.org/2000/svg" width="700" height="400" viewBox="0 0 700 400" '
        f'class="pl-bpp-network" font-family="sans-serif" {_SHRINK_TO_FIT}>',
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
            f'<text x="{x}" y="{y - 6}" text-anchor="middle" font-size="14" font-weight="bold">{node}</text>'
            f'<text x="{x}" y="{y + 14}" text-anchor="middle" font-size="12">{_html.escape(detail)}</text></g>'
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
    order = ["preflop", "flop", "turn", "river"]
    base = alt.Chart(frame).encode(
        x=alt.X("street:N", sort=order, scale=alt.Scale(domain=order), title=None),
        y=alt.Y("equity:Q", scale=alt.Scale(domain=[0, 1]), axis=alt.Axis(format="%"), title="equity"),
        color=alt.Color("player:N", title=None),
        tooltip=["player:N", "street:N", alt.Tooltip("equity:Q", format=".1%")],
    )
    return (base.mark_line() + base.mark_point(filled=True, size=60)).properties(width=360, height=200, title=title)


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

    if not isinstance(frame, pd.DataFrame):
        raise ParameterError(
            f"{name} must be a DataFrame with the columns {', '.join(columns)}, not {type(frame).__name__}"
        )
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
