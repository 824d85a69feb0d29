"""Charts on slides: a lesson's chart drawn again from its Vega-Lite spec as SVG for the place it has on its
slide, every font scaled until the smallest text reads at :data:`CHART_TEXT_PX` or more, a heatmap's numbers
fitted to their cells; the saved PNG where the spec cannot be drawn (a deck built without the chart stack).

Apart from the layout (which decides each chart's slot) because it is the one step that needs the charts
package, imported lazily in :func:`_chart_svg`.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from pokerlab import _validate
from pokerlab.course._pieces import WIDTH, _Assets, _Slide
from pokerlab.errors import PokerlabError

#: the smallest text (px) in a chart on a 1280x720 slide: charts are drawn again, from their Vega-Lite spec, with
#: every font scaled until the smallest is at least this large where the chart is shown
CHART_TEXT_PX = 18
#: Vega-Lite's default font sizes, scaled like those a spec sets itself
_VL_FONTS = {
    "axis": {"labelFontSize": 10, "titleFontSize": 11},
    "legend": {"labelFontSize": 10, "titleFontSize": 11},
    "header": {"labelFontSize": 10, "titleFontSize": 11},
    "title": {"fontSize": 13, "subtitleFontSize": 12},
    "text": {"fontSize": 11},
}


def _scaled_fonts(node: Any, k: float) -> Any:
    """A copy of a spec with every font size (``fontSize``, ``labelFontSize``, ...) times ``k``."""
    if isinstance(node, dict):
        return {
            key: round(value * k, 2)
            if (key == "fontSize" or key.endswith("FontSize")) and _validate.is_number(value)
            else _scaled_fonts(value, k)
            for key, value in node.items()
        }
    if isinstance(node, list):
        return [_scaled_fonts(x, k) for x in node]
    return node


def _mark_type(layer: dict[str, Any]) -> str:
    mark = layer.get("mark")
    return str(mark.get("type", "")) if isinstance(mark, dict) else str(mark or "")


def _heatmap_numbers_fit(spec: dict[str, Any], font: float) -> dict[str, Any]:
    """A heatmap (a rect layer and a text layer of its numbers) whose numbers are drawn at ``font`` pixels and fit
    their cells: "0.23" loses its leading zero (".23") where that is enough, and the numbers go (the colour scale
    and its legend give the values) where even that runs over the cell. Other specs come back as they are."""
    for key in ("hconcat", "vconcat", "concat"):  # side by side (Tables 1 and 2): each heatmap on its own
        if isinstance(spec.get(key), list):
            return {**spec, key: [_heatmap_numbers_fit(x, font) if isinstance(x, dict) else x for x in spec[key]]}
    layers = spec.get("layer")
    if not isinstance(layers, list) or not any(_mark_type(x) == "rect" for x in layers if isinstance(x, dict)):
        return spec
    width = spec.get("width")
    kept = []
    for layer in layers:
        if not (isinstance(layer, dict) and _mark_type(layer) == "text") or not _validate.is_number(width):
            kept.append(layer)
            continue
        enc = layer.get("encoding") or {}
        x = enc.get("x") or {}
        columns = len(x["sort"]) if isinstance(x.get("sort"), list) and x["sort"] else 13
        mark = layer["mark"] if isinstance(layer.get("mark"), dict) else {"type": "text"}
        layer = {**layer, "mark": {**mark, "fontSize": round(font, 2)}}
        text = enc.get("text") or {}
        digits = re.fullmatch(r"\.(\d)f", str(text.get("format", "")))
        chars = int(digits.group(1)) + 2 if digits else 5
        room = 0.9 * width / columns  # a cell's width, less a margin either side
        if chars * 0.64 * font <= room:
            kept.append(layer)
        elif digits and (chars - 1) * 0.64 * font <= room and isinstance(text.get("field"), str):
            field_ = text["field"]
            fmt = f".{digits.group(1)}f"
            fewer = f".{max(0, int(digits.group(1)) - 1)}f"  # 1.00 as 1.0: as wide as .23
            expr = (
                f"abs(datum['{field_}']) < 1 ? replace(format(datum['{field_}'], '{fmt}'), '0.', '.')"
                f" : format(datum['{field_}'], '{fewer}')"
            )
            short = {**enc, "text": {"field": "pokerlab_short", "type": "nominal"}}
            transform = [*layer.get("transform", []), {"calculate": expr, "as": "pokerlab_short"}]
            kept.append({**layer, "encoding": short, "transform": transform})
        # else: the numbers cannot be read at this size; the colour and its legend stay
    return {**spec, "layer": kept}


def _svg_size(svg: str) -> tuple[float, float, float]:
    """An SVG's width and height and its smallest font size."""
    m = re.search(r'<svg[^>]*\bwidth="([\d.]+)"[^>]*\bheight="([\d.]+)"', svg)
    fonts = [float(x) for x in re.findall(r'font-size="([\d.]+)', svg)]
    if not m:
        return 0.0, 0.0, 0.0
    return float(m.group(1)), float(m.group(2)), min(fonts, default=CHART_TEXT_PX * 10)


def _chart_svg(
    spec: dict[str, Any], slot_w: float, slot_h: float, natural: tuple[int, int]
) -> tuple[str, float, float, float] | None:
    """The chart drawn as SVG for a slot of ``slot_w`` x ``slot_h`` pixels of the slide, with its fonts scaled so
    that its smallest text shows at :data:`CHART_TEXT_PX` or more: (svg, shown width, shown height, smallest text
    as shown); None when it cannot be drawn."""
    try:  # the presentation layer draws (it loads altair and vl-convert); a deck built without them shows pictures
        from pokerlab.charts.render import spec_svg
    except ImportError:
        return None
    base = dict(spec)
    config = {key: dict(value) for key, value in (base.get("config") or {}).items() if isinstance(value, dict)}
    for group, sizes in _VL_FONTS.items():  # the defaults a spec leaves to Vega-Lite, so that they scale too
        for key, size in sizes.items():
            config.setdefault(group, {}).setdefault(key, size)
    base["config"] = {**(base.get("config") or {}), **config}
    k, best = 1.0, None
    scale = min(slot_w / natural[0], slot_h / natural[1], 1.4)  # as the saved picture would be shown, to start with
    for _ in range(4):
        # a heatmap's numbers at just the legible size (scaled with the rest they would outgrow their cells)
        scaled = _heatmap_numbers_fit(_scaled_fonts(base, k), CHART_TEXT_PX / scale * 1.02)
        try:
            svg = spec_svg(scaled)
        except PokerlabError:  # a spec vl-convert cannot draw: the saved picture instead
            return None
        w, h, smallest = _svg_size(svg)
        if w <= 0 or h <= 0:
            return None
        scale = min(slot_w / w, slot_h / h)
        best = (svg, w * scale, h * scale, smallest * scale)
        if smallest * scale >= CHART_TEXT_PX - 0.05:
            break
        k *= CHART_TEXT_PX / (smallest * scale) * 1.03
    return best


def _draw_charts(slides: Sequence[_Slide], assets: _Assets) -> None:
    """Every chart with a Vega-Lite spec drawn as SVG for its place on its slide (its PNG where that fails)."""
    for slide in slides:
        for block in slide.blocks:
            if block.spec is None or block.image is None:
                continue
            slot_w, slot_h = float(WIDTH - 80), max(40.0, block.height - 8)
            drawn = _chart_svg(block.spec, slot_w, slot_h, block.image)
            if drawn is not None:
                svg, shown_w, shown_h, smallest = drawn
                name = assets.add(svg.encode("utf-8"), "svg")
                size = f'data-w="{shown_w:.0f}" data-h="{shown_h:.0f}" data-min-text="{smallest:.1f}"'
            else:
                w, h = block.image
                scale = min(slot_w / w, slot_h / h, 1.4)
                shown_w, shown_h = w * scale, h * scale
                name = assets.add(block.png)
                size = f'data-w="{w}" data-h="{h}"'
            style = f"width:{shown_w:.0f}px;height:{shown_h:.0f}px"
            block.html = f'<img class="chart" src="{name}" {size} alt="chart" style="{style}">'
