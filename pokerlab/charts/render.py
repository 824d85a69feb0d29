"""The one rendering pipeline: every chart pokerlab shows becomes a Vega-Lite spec plus a PNG here.

A chart function (in :mod:`pokerlab.charts.hands`, ``.preflop``, ...) returns an altair chart
and computes nothing. This module turns charts into what a reader sees:

* :func:`display_bundle` -- ONE Jupyter mime bundle with the chart twice: the Vega-Lite spec
  (``application/vnd.vegalite.v5+json``, its data cut to the fields the chart draws or shows in a
  tooltip) and a PNG drawn by vl-convert. A live JupyterLab or VS Code renders the spec with its
  built-in, offline vega renderer (tooltips with the exact numbers, no CDN, no JavaScript in the
  notebook); GitHub, nbconvert HTML and untrusted notebooks show the PNG.
  :func:`enable_offline` makes it altair's renderer for the notebook.
* :func:`chart_png`, :func:`png_bundle`, :func:`svg_png`, :func:`chart_svg` -- pictures only
  (slides, explorers' HTML views, the PNG saved beside a widget).
* :func:`mark_counts` -- renders a chart to vl-convert's scenegraph and counts the marks each
  layer draws and how many are visible: the chart tests use it so that an empty chart fails.

JupyterLab 4.6 renders ``application/vnd.vegalite.v5+json`` with vega-lite 5.6.1; altair 6 writes
Vega-Lite 6. The bundle carries the spec as Vega-Lite 5 (:data:`VEGALITE_MIMETYPE`) and its PNG is
drawn with vl-convert's Vega-Lite 5 compiler, so both readers see one drawing
(``tests/charts/test_charts.py`` checks the bundle, ``tests/charts/test_charts_browser.py`` a live JupyterLab).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING, Any, Literal, TypeAlias

from pokerlab import _validate
from pokerlab.errors import ParameterError

if TYPE_CHECKING:  # pragma: no cover
    import altair as alt

__all__ = [
    "PNG_SCALE",
    "SHRINK_TO_FIT",
    "VEGALITE_MIMETYPE",
    "MarkCount",
    "Renderer",
    "chart_png",
    "chart_svg",
    "display_bundle",
    "enable_offline",
    "mark_counts",
    "png_bundle",
    "spec_svg",
    "svg_png",
]


class Renderer(StrEnum):
    """How :func:`enable_offline` shows altair charts (its docstring describes each)."""

    LIVE = "live"
    STATIC = "static"
    JUPYTER = "jupyter"
    SVG = "svg"


RendererChoice: TypeAlias = Renderer | Literal["live", "static", "jupyter", "svg"]
"""A :class:`Renderer` or its value as a string: a type checker refuses any other string."""


RENDERERS: tuple[Renderer, ...] = tuple(Renderer)

PNG_SCALE = 1.5  # pixels per CSS pixel: sharp on high-density screens, small once quantized


def enable_offline(renderer: Renderer | str = "live") -> str:
    """Make altair render without network access; returns the renderer used.

    ``"live"`` (the default, and what the lessons use) shows each chart as one mime bundle
    (:func:`display_bundle`): Vega-Lite for a live JupyterLab or VS Code, which draw it with their
    own offline vega (tooltips work), and a PNG drawn by vl-convert and quantized to 256 colours
    for every other reader. ``"static"`` is the PNG alone (about 20-60 KB a chart; slides and
    handouts). ``"jupyter"`` is altair's own interactive renderer with vega loaded from
    vl-convert-python instead of a CDN (about 900 KB of JavaScript per saved chart, shown only by a
    live, trusted JupyterLab); ``"svg"`` is altair's static SVG (hidden by an untrusted JupyterLab).

    >>> enable_offline("pdf")
    Traceback (most recent call last):
    ...
    pokerlab.errors.ParameterError: renderer must be one of live, static, jupyter, svg, not 'pdf'
    """
    import altair as alt

    renderer = _validate.member(Renderer, renderer, "renderer").value
    if renderer in ("live", "static"):
        name = f"pokerlab-{renderer}"
        alt.renderers.register(name, _live_renderer if renderer == "live" else _static_renderer)
        alt.renderers.enable(name)
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

    scale = _validate.real(scale, "scale", lo=0.25, hi=4, message="scale must be a number from 0.25 to 4")
    raw = _vega(vl_convert.vegalite_to_png, _spec_json(chart), scale=float(scale), **_vl_version(chart))
    return _small_png(raw)


def _vl_version(chart: Any) -> dict[str, str]:
    """Draw a spec written for the live Vega-Lite (see :data:`LIVE_SCHEMA`) with that version's compiler."""
    if isinstance(chart, dict) and chart.get("$schema") == LIVE_SCHEMA:
        return {"vl_version": LIVE_VEGALITE}
    return {}


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


def _live_renderer(spec: dict[str, Any], **_: Any) -> tuple[dict[str, Any], dict[str, Any]]:
    return display_bundle(spec, _title_text(spec))


def _title_text(spec: dict[str, Any]) -> str:
    title = spec.get("title")
    if isinstance(title, dict):
        title = title.get("text")
    if isinstance(title, list):
        title = " ".join(map(str, title))
    return f"<chart: {title}>" if isinstance(title, str) and title else "<chart>"


VEGALITE_MIMETYPE = "application/vnd.vegalite.v5+json"
"""The mimetype JupyterLab 4 renders with its built-in, offline vega extension (v3, v4 and v5; not v6).

altair 6 writes Vega-Lite 6 specs, which JupyterLab 4.6 does not render. The grammar of the charts
here is the same in both, so :func:`display_bundle` labels the spec Vega-Lite 5 and draws its PNG
with vl-convert's Vega-Lite 5 compiler: what the PNG shows is what JupyterLab's vega-lite 5 draws.
"""
LIVE_VEGALITE = "5.8"  # vl-convert's oldest Vega-Lite 5, the nearest to JupyterLab 4.6's bundled 5.6.1
LIVE_SCHEMA = f"https://vega.github.io/schema/vega-lite/v{LIVE_VEGALITE}.0.json"


# keys whose text names a data field (a few also hold other text: keeping a column too many is harmless)
_FIELD_KEYS = frozenset(
    {"field", "lookup", "key", "pivot", "value", "impute", "density", "regression", "loess", "quantile", "on"}
)
_FIELD_LISTS = frozenset({"groupby", "fold", "flatten", "fields"})
_DATUM = re.compile(r"""datum\s*(?:\.\s*([A-Za-z_$][\w$]*)|\[\s*(['"])(.*?)\2\s*\])""")


def _referenced_fields(node: Any, found: set[str]) -> None:
    """Every data field a spec draws, filters, sorts, transforms or shows in a tooltip (its data left out)."""
    if isinstance(node, dict):
        for key, value in node.items():
            if key in ("datasets", "values"):
                continue
            if key in _FIELD_KEYS and isinstance(value, str):
                found.add(value.replace("\\.", "."))
            elif key in _FIELD_LISTS and isinstance(value, list):
                found.update(v for v in value if isinstance(v, str))
            _referenced_fields(value, found)
    elif isinstance(node, list):
        for item in node:
            _referenced_fields(item, found)
    elif isinstance(node, str) and "datum" in node:
        for name, _, quoted in _DATUM.findall(node):
            found.add(name or quoted)


def _csv_data(records: list[Any], keep: set[str]) -> dict[str, Any] | None:
    """Records as inline CSV text with a parse rule per column: about a third of the JSON records' size
    once a notebook pretty-prints them. Only the columns in ``keep``; None when the records are not
    flat dicts of text, numbers and truth values (then the caller leaves them as they are)."""
    import csv
    import io
    import math

    if not records or not all(isinstance(r, dict) for r in records):
        return None
    columns = [c for c in dict.fromkeys(k for r in records for k in r) if c in keep]
    if not columns:
        return None
    kinds: dict[str, str] = {}
    for c in columns:
        values = [r.get(c) for r in records]
        present = [v for v in values if v is not None and not (isinstance(v, float) and math.isnan(v))]
        if present and all(_validate.is_bool(v) for v in present):
            kinds[c] = "boolean"
        elif present and all(_validate.is_number(v) for v in present):
            kinds[c] = "number"
        elif all(isinstance(v, str) for v in present):
            kinds[c] = "string"
        else:
            return None

    def cell(v: Any) -> str:
        if v is None or (isinstance(v, float) and not math.isfinite(v)):
            return ""
        if _validate.is_bool(v):
            return "true" if v else "false"
        if isinstance(v, float):
            return format(v, ".10g")  # ten significant digits: more than any tooltip format shows
        return str(v)

    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(columns)
    for r in records:
        writer.writerow([cell(r.get(c)) for c in columns])
    parse = {c: k for c, k in kinds.items() if k != "string"}
    return {"values": out.getvalue(), "format": {"type": "csv", "parse": parse}}


def _compact_data(spec: dict[str, Any]) -> dict[str, Any]:
    """The spec with its data cut to the fields it uses and written inline as CSV (same drawing, fewer bytes)."""
    import copy

    spec = copy.deepcopy(spec)
    keep: set[str] = set()
    _referenced_fields(spec, keep)
    datasets = spec.pop("datasets", {})

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            data = node.get("data")
            if isinstance(data, dict):
                records = datasets.get(data["name"]) if isinstance(data.get("name"), str) else data.get("values")
                compact = _csv_data(records, keep) if isinstance(records, list) and not data.get("format") else None
                if compact is not None:
                    node["data"] = compact
                elif "name" in data and data["name"] in datasets:
                    node["data"] = {"values": datasets[data["name"]], **{k: v for k, v in data.items() if k != "name"}}
            for key, value in node.items():
                if key != "data":
                    walk(value)
        elif isinstance(node, list):
            for item in node:
                walk(item)

    walk(spec)
    return spec


READABLE_SIZES: dict[str, dict[str, int]] = {
    "axis": {"labelFontSize": 13, "titleFontSize": 14},
    "legend": {"labelFontSize": 13, "titleFontSize": 13},
    "header": {"labelFontSize": 14, "titleFontSize": 14},
    "title": {"fontSize": 16},
}
"""Text sizes (CSS px) a lesson's charts get where the chart sets none: Vega-Lite's defaults (10-px axis labels,
11-px titles) cannot be read from the back of a lecture room. A size the chart sets itself (in its axes or its
config) wins."""


def readable_config(config: Any) -> dict[str, Any]:
    """A Vega-Lite ``config`` with :data:`READABLE_SIZES` filled in where it sets no size of its own.

    >>> readable_config({"axis": {"labelFontSize": 8}})["axis"]
    {'labelFontSize': 8, 'titleFontSize': 14}
    """
    out = dict(config) if isinstance(config, dict) else {}
    for part, sizes in READABLE_SIZES.items():
        given = out.get(part)
        out[part] = {**sizes, **(given if isinstance(given, dict) else {})}
    return out


def display_bundle(chart: alt.TopLevelMixin | dict[str, Any], text: str = "") -> tuple[dict[str, Any], dict[str, Any]]:
    """ONE mime bundle (data, metadata) for a chart: its Vega-Lite spec and its PNG picture.

    The spec keeps only the data columns the chart uses, written inline as CSV; the PNG is drawn
    from that same spec, so the picture and the live chart cannot differ. JupyterLab and VS Code
    render the spec (interactive: tooltips with the exact numbers); GitHub, nbconvert HTML and
    untrusted notebooks fall back to the PNG, shown at its CSS size.
    """
    _chart_arg(chart, "chart")
    text = _validate.text(text, "text", empty=True)
    import json

    spec = json.loads(_spec_json(chart))
    _validate.instance(spec, dict, "chart given as text must be a Vega-Lite spec in JSON (an object)")
    compact = _compact_data(spec)
    compact["$schema"] = LIVE_SCHEMA
    compact["config"] = readable_config(compact.get("config"))
    data, meta = png_bundle(compact, text or _title_text(compact))
    data[VEGALITE_MIMETYPE] = compact
    return data, meta


def svg_png(svg: str, scale: float = PNG_SCALE) -> bytes:
    """An SVG drawing (e.g. from :func:`network_svg`) as PNG bytes, quantized like :func:`chart_png`.

    A PNG shows everywhere, including an untrusted JupyterLab, which hides
    SVG and HTML outputs.
    """

    import vl_convert

    if "<svg" not in _validate.text(svg, "svg", message="svg must be the text of an SVG drawing"):
        raise ParameterError("svg must be the text of an SVG drawing")
    scale = _validate.real(scale, "scale", lo=0.25, hi=4, message="scale must be a number from 0.25 to 4")
    raw = _vega(vl_convert.svg_to_png, svg, scale=float(scale), name="svg")
    return _small_png(raw)


# an SVG drawn at its own size, or smaller where the page is narrower (never cut off)
SHRINK_TO_FIT = 'style="max-width:100%;height:auto"'


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
    return _hover_titles(svg.replace("<svg ", f"<svg {SHRINK_TO_FIT} ", 1))


# a mark vega drew (role graphics-symbol) with the words it reads out (aria-label); self-closing or not
_MARK = re.compile(r'<(\w+)((?:\s[^<>]*?)?\saria-label="([^"]*)"(?:\s[^<>]*?)?\srole="graphics-symbol"[^<>]*?)(/?)>')


def _hover_titles(svg: str) -> str:
    """Every mark of a drawn chart carries its tooltip as an SVG ``<title>``: the browser shows it on hover.

    A live Vega-Lite chart in a lesson shows its tooltip fields (a hand's EVs, a bar's value) when the mouse
    rests on a mark. An explorer's chart is a finished SVG inside an ``HTML`` widget, with no vega running;
    vega writes the same fields, formatted as the tooltip formats them, into each mark's ``aria-label``
    (``class: 22; P(jam): 1.000; EV jam (bb): +0.323``, after the mark's axis fields), so they become the
    mark's ``<title>``, one field a line: the browser's own tooltip, in JupyterLab, on a RISE slide and in a
    saved page alike. Marks without a label (axes, legends) are left alone.

    >>> _hover_titles('<path aria-label="x: 1; EV: +0.5" role="graphics-symbol" d="M0"/>')
    '<path aria-label="x: 1; EV: +0.5" role="graphics-symbol" d="M0"><title>x: 1\\nEV: +0.5</title></path>'
    """

    def titled(m: re.Match[str]) -> str:
        tag, attributes, label, closed = m.groups()
        title = f"<title>{label.replace('; ', chr(10))}</title>"
        return f"<{tag}{attributes}>{title}</{tag}>" if closed else f"<{tag}{attributes}>{title}"

    return _MARK.sub(titled, svg)


def spec_svg(chart: alt.TopLevelMixin | dict[str, Any]) -> str:
    """A chart or a Vega-Lite spec (a dict, as a saved notebook holds it) drawn as SVG text at its own size.

    ``pokerlab course slides`` draws the lessons' saved specs again this way, with larger fonts, for a slide.
    """
    _chart_arg(chart, "chart")
    import vl_convert

    return str(_vega(vl_convert.vegalite_to_svg, _spec_json(chart), **_vl_version(chart)))


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

    graph = _vega(vl_convert.vegalite_to_scenegraph, _spec_json(chart), **_vl_version(chart))
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
    _validate.protocol(chart, f"{name} must be an altair chart", methods=("to_json", "to_dict"))
