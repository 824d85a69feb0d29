"""Charts are tested by what they draw: each is rendered (vl-convert's scenegraph) and its marks counted per layer.

An empty chart (axes, no bars) fails here: every data layer must draw the marks
its data asks for, and they must have a fill or stroke a reader can see.
"""

from __future__ import annotations

import base64
import functools
import io
import subprocess
import sys

import pandas as pd
import pytest

from pokerlab import charts, hand_potential
from pokerlab.charts import MarkCount, mark_counts
from pokerlab.errors import ParameterError
from pokerlab.strength import turn_card_effects
from tests.support.peers import peer

NOT_CHARTS = {
    "PNG_SCALE",
    "push_fold_range_frame",  # the frame the push/call chart draws (lesson 11 prints it)
    "MarkCount",
    "VEGALITE_MIMETYPE",
    "chart_png",
    "chart_svg",
    "display_bundle",
    "enable_offline",
    "mark_counts",
    "network_svg",
    "png_bundle",
    "svg_png",
}


def _bluff_catcher():
    from pokerlab.solve.postflop_spots import load_spot

    return load_spot("bluff_catcher")


def _turn_report():
    from pokerlab.solve.postflop_reports import turn_report

    return turn_report("Ks7d4c2h", "QJ", "KQ", pot=10, stack=10, progress=False)


def _potential():
    return hand_potential("AdQc", "3h4cJh")


def _turn_frame():
    return turn_card_effects("AdQc", "3h4cJh")


def _category_frame():
    from pokerlab import HandCategory, category_counts

    five = category_counts(5)
    return pd.DataFrame(
        [
            {"category": c.label, "hand": "5 cards", "count": five[c], "probability": five[c] / sum(five.values())}
            for c in HandCategory
        ]
    )


def _preflop_frame():
    from pokerlab.preflop import simulate_table

    return simulate_table(3, games=100, seed=1, progress=False).to_frame()


def _posteriors():
    from pokerlab.bpp import build_network

    net = build_network("flop", 9, 2)
    return {n: net.query(n, {}) for n in net.nodes}


# name -> (builder, {layer name: number of marks expected}, or a function giving it)
def _study():
    from pathlib import Path

    from pokerlab.game.phh import load_phh
    from pokerlab.game.replay import study_hand

    path = Path(__file__).resolve().parents[2] / "data" / "hands" / "three_handed_all_in.phh"
    return study_hand(load_phh(path.read_text()), samples=2_000, seed=1, potential=False)


def _triples():
    import numpy as np

    return {"mlp": np.array([0.2, 0.5, 0.3]), "tree": np.array([0.1, 0.6, 0.3])}


def _importances():
    from pokerlab.bots.models import CONTEXT_FEATURES

    return pd.DataFrame({"style": ["a"] * 19 + ["b"] * 19, "feature": list(CONTEXT_FEATURES) * 2, "importance": 0.05})


def _calibration():
    import numpy as np

    from pokerlab.bots.context_models import calibration_table

    cal = calibration_table(np.array([[0.2, 0.5, 0.3], [0.6, 0.3, 0.1]] * 5), ["call", "fold"] * 5)
    cal["model"] = "tree"
    return cal


def _kuhn_run():
    from pokerlab import solve

    return solve.cfr(solve.game("kuhn"), 20, "cfr", record=4)


def _rps_run():
    from pokerlab.solve.matrix import ROCK_PAPER_SCISSORS, regret_matching_self_play

    return regret_matching_self_play(ROCK_PAPER_SCISSORS, 30)


@functools.cache
def _push_fold(stack):
    from pokerlab.solve import push_fold

    return push_fold(stack)


@functools.cache
def _push_fold_chart():
    from pokerlab.solve import push_fold_chart

    return push_fold_chart(stacks=[2, 5, 6, 7, 10])


CASES = {
    # 169 cells; a number is written in the 113 classes the small blind jams at 10 bb (pokerlab's own
    # equilibrium as a regression pin: 58.3 % of hands, the independent anchor, is tested in
    # tests/solve/test_pushfold.py) and in the 70 classes the big blind calls with
    "push_fold_grid_chart": (
        lambda: charts.push_fold_grid_chart(_push_fold(10)),
        {"layer_0_marks": 169, "layer_1_marks": 113},
    ),
    # across 2, 5, 6, 7 and 10 bb: 169 cells, one class jammed at stacks that are not one range (outlined),
    # and a label in the 156 classes jammed at one of those stacks at least
    # the toy's bluff-catcher facing the pot-sized bet: 169 grey cells, QQ split into its fold and call bands,
    # 169 class labels
    # a turn spot where OOP checks every river: one bar per river card (48), its value point (48), the pot line
    "turn_report_chart": (
        lambda: charts.turn_report_chart(_turn_report()),
        {"concat_0_marks": 48, "concat_1_layer_0_marks": 48, "concat_1_layer_1_marks": 1},
    ),
    "postflop_strategy": (
        lambda: charts.postflop_strategy(_bluff_catcher(), ("bet 100",)),
        {"layer_0_marks": 169, "layer_1_marks": 2, "layer_2_marks": 169},
    ),
    "push_fold_range_chart": (
        lambda: charts.push_fold_range_chart(_push_fold_chart()),
        {"layer_0_marks": 169, "layer_1_marks": 1, "layer_2_marks": 156},
    ),
    "category_chart": (lambda: charts.category_chart(_category_frame()), {"marks": 9}),
    # per action panel: the diagonal (2 vertices), the calibration curve (2 bins) and its 2 points
    "calibration_chart": (
        lambda: charts.calibration_chart(_calibration()),
        {
            f"concat_{k}_{layer}": n
            for k in range(3)
            for layer, n in (("layer_0_marks", 2), ("layer_1_layer_0_marks", 2), ("layer_1_layer_1_marks", 2))
        },
    ),
    "context_triples_chart": (lambda: charts.context_triples_chart(_triples()), {"marks": 6}),  # 2 models x 3 actions
    "feature_importance_chart": (lambda: charts.feature_importance_chart(_importances()), {"marks": 38}),
    # two known players (the big blind never showed), four streets each: 8 line vertices, 8 points
    "equity_by_street_chart": (
        lambda: charts.equity_by_street_chart(_study()),
        {"layer_0_marks": 8, "layer_1_marks": 8},
    ),
    "potential_chart": (lambda: charts.potential_chart(_potential()), {"marks": 9}),
    # one row per suit: 47 unseen cards' bars, a zero rule per row
    "turn_card_chart": (
        lambda: charts.turn_card_chart(_turn_frame()),
        {"child_layer_0_marks": 47, "child_layer_1_marks": 4},
    ),
    "potential_and_turn_chart": (
        lambda: charts.potential_and_turn_chart(_potential(), _turn_frame()),
        {"concat_0_marks": 9, "concat_1_child_layer_0_marks": 47, "concat_1_child_layer_1_marks": 4},
    ),
    "strength_by_opponents_chart": (
        lambda: charts.strength_by_opponents_chart(0.585),
        {"layer_0_marks": 9, "layer_1_marks": 9},  # the line's 9 vertices, then its 9 points
    ),
    "preflop_heatmap": (lambda: charts.preflop_heatmap(_preflop_frame()), {"layer_0_marks": 169, "layer_1_marks": 169}),
    "difference_heatmap": (
        lambda: charts.difference_heatmap(_preflop_frame().assign(difference=lambda f: f["value"] - 0.3)),
        {"layer_0_marks": 169, "layer_1_marks": 169},
    ),
    "decision_chart": (
        lambda: charts.decision_chart(__import__("pokerlab.bots.strategy").bots.strategy.decision_regions("flop")),
        {"marks": 41 * 41},
    ),
    "weights_heatmap": (
        lambda: charts.weights_heatmap([[1.0] * 13 for _ in range(13)]),
        {"layer_0_marks": 169, "layer_1_marks": 169},
    ),
    "posterior_chart": (
        lambda: charts.posterior_chart(_posteriors()),
        lambda: {f"concat_{i}_marks": len(d) for i, d in enumerate(_posteriors().values())},
    ),
    "bpp_curves_chart": (
        lambda: charts.bpp_curves_chart(
            __import__("pokerlab.bpp.policy").bpp.policy.curve_points("flop", 40, 10, points=11), 0.5
        ),
        {"layer_0_marks": 33, "layer_1_marks": 1},
    ),
    "match_results_chart": (
        lambda: charts.match_results_chart(
            pd.DataFrame(
                {
                    "a": ["BPP", "BPP"],
                    "b": ["Rembrant", "Waterloo"],
                    "mbb_per_hand": [120.0, -30.0],
                    "ci95_low": [60.0, -90.0],
                    "ci95_high": [180.0, 30.0],
                    "hands": [2000, 2000],
                }
            )
        ),
        {"layer_0_marks": 2, "layer_1_marks": 2},
    ),
    "breakdown_chart": (
        lambda: charts.breakdown_chart(
            __import__("pokerlab").range_breakdown("22+, A2s+, KTs+, QTs+, JTs, ATo+, KJo+", "Ks7d2c").to_frame()
        ),
        {"marks": 19},  # one bar per holding, empty ones included
    ),
    "matrix_heatmap": (
        lambda: charts.matrix_heatmap(
            __import__("pokerlab").preflop.load_matrix().to_frame().query("opponent == 'AA'"),
            list(__import__("pokerlab").preflop.CLASS_NAMES),
        ),
        {"marks": 169},  # every class against AA (the full matrix draws 28,561: tests/preflop/test_preflop_matrix.py)
    ),
    "model_scores_chart": (
        lambda: charts.model_scores_chart(
            pd.DataFrame(
                [{"style": s, "model": m, "log_loss": 0.5} for s in "ab" for m in ("mlp", "tree", "frequency")]
            )
        ),
        {"marks": 6},  # a bar per style and model
    ),
    "money_chart": (
        lambda: charts.money_chart(pd.DataFrame({"you": [100, 120, 90], "bot": [100, 80, 110]}).rename_axis("hand")),
        {"marks": 2 * 3},
    ),
    # Kuhn, 20 CFR iterations recorded 4 times: a line of 4 vertices and its 4 points, the bot's rule and
    # its label, the rule at the iteration shown
    "exploitability_chart": (
        lambda: charts.exploitability_chart([_kuhn_run()], {"bot": 0.1}, iteration=5),
        {
            "layer_0_layer_0_marks": 4,
            "layer_0_layer_1_marks": 4,
            "layer_1_marks": 1,
            "layer_2_marks": 1,
            "layer_3_marks": 1,
        },
    ),
    "strategy_chart": (lambda: charts.strategy_chart(_kuhn_run().average_policy, ["K:", "Q:"]), {"marks": 4}),
    "regret_matching_chart": (  # 3 actions x (played, average) x 20 rounds
        lambda: charts.regret_matching_chart(_rps_run(), rounds=20),
        {"marks": 120},
    ),
}


def test_charts_are_drawn_only_in_the_chart_modules():
    """A result's ``chart()`` hands its frame to a function here (docs/internals.md "Charts"), so every chart
    has a rendering case above; the opponent-model comparison used to build its bars in experiments.py."""
    from pathlib import Path

    package = Path(charts.__file__).parent.parent
    allowed = set((package / "charts").glob("*.py"))
    drawing = [
        str(path.relative_to(package))
        for path in sorted(package.rglob("*.py"))
        if path not in allowed and any(word in path.read_text(encoding="utf-8") for word in ("alt.Chart(", ".mark_"))
    ]
    assert drawing == []


def test_every_chart_function_has_a_case():
    public = {name for name in charts.__all__ if name not in NOT_CHARTS}
    assert public == set(CASES), "add a rendering case for each new chart function"


@pytest.mark.parametrize("name", sorted(CASES))
def test_chart_draws_visible_marks_in_every_layer(name):
    build, expected = CASES[name]
    expected = expected() if callable(expected) else expected
    counts = {m.name: m for m in mark_counts(build())}
    assert {k: m.marks for k, m in counts.items()} == expected
    for m in counts.values():
        assert m.visible == m.marks, f"{name}: {m.name} draws {m.marks} {m.kind} marks but only {m.visible} show"


def test_the_old_shared_colour_scale_left_the_turn_card_bars_empty():
    """Lesson 02's explorer once concatenated the two charts with one colour scale: no bar had a fill."""
    old = (charts.potential_chart(_potential()) & charts.turn_card_chart(_turn_frame())).to_dict()
    assert "resolve" not in old  # the two charts concatenated as they were: one colour scale
    bars = {m.name: m for m in mark_counts(old)}["concat_1_child_layer_0_marks"]
    assert (bars.marks, bars.visible) == (47, 0)  # mark_counts sees what the eye saw: nothing
    new = {m.name: m for m in mark_counts(charts.potential_and_turn_chart(_potential(), _turn_frame()))}
    assert new["concat_1_child_layer_0_marks"].visible == 47


def test_turn_card_labels_are_readable_from_the_back_of_the_room():
    """#22: 52 rotated card names were unreadable on a projector. Now the 13 ranks run across, horizontal,
    16 px bold, and each suit is a row whose header is its symbol at 28 px."""
    spec = charts.turn_card_chart(_turn_frame()).to_dict()
    axis = spec["spec"]["layer"][0]["encoding"]["x"]["axis"]
    assert spec["spec"]["layer"][0]["encoding"]["x"]["field"] == "rank"
    assert axis["labelAngle"] == 0 and axis["labelFontSize"] >= 14
    header = spec["facet"]["row"]["header"]
    assert spec["facet"]["row"]["field"] == "suit" and header["labelAngle"] == 0 and header["labelFontSize"] >= 24


def test_turn_card_legend_is_on_the_right_and_names_the_category():
    spec = charts.potential_and_turn_chart(_potential(), _turn_frame()).to_dict()
    assert spec["resolve"]["scale"]["color"] == "independent"
    legend_titles = spec["vconcat"][1]["spec"]["layer"][0]["encoding"]["color"]["title"]
    assert "category" in legend_titles and "ahead" not in legend_titles


def test_mark_counts_sees_an_invisible_layer():
    import altair as alt

    frame = pd.DataFrame({"x": ["a", "b"], "y": [1, 2]})
    hidden = alt.Chart(frame).mark_bar(opacity=0).encode(x="x:N", y="y:Q")
    assert mark_counts(hidden) == [MarkCount("marks", "rect", 2, 0)]
    assert mark_counts(hidden.mark_bar(fill="transparent", stroke=None)) == [MarkCount("marks", "rect", 2, 0)]


def test_static_renderer_saves_a_png_and_no_javascript():
    import altair as alt
    from PIL import Image

    previous = alt.renderers.active
    try:
        assert charts.enable_offline("static") == "static"
        data, meta = charts.strength_by_opponents_chart(0.5)._repr_mimebundle_()
    finally:
        alt.renderers.enable(previous)
    assert set(data) == {"image/png", "text/plain"}
    assert data["text/plain"] == "<chart: Hand strength against n opponents>"
    image = Image.open(io.BytesIO(base64.b64decode(data["image/png"])))
    shown = meta["image/png"]
    assert image.size == (round(shown["width"] * charts.PNG_SCALE), round(shown["height"] * charts.PNG_SCALE))
    assert len(image.getcolors(256)) > 3  # a drawing, not a blank page


@pytest.mark.parametrize("bad", ["pdf", "", None, 3, True])
def test_enable_offline_rejects_unknown_renderers(bad):
    with pytest.raises(ParameterError, match="renderer"):
        charts.enable_offline(bad)


@pytest.mark.parametrize("bad", [0, -1, float("nan"), float("inf"), 100, True, None, "2"])
def test_chart_png_rejects_bad_scales(bad):
    with pytest.raises(ParameterError, match="scale"):
        charts.chart_png(charts.strength_by_opponents_chart(0.5), scale=bad)


def test_network_svg_draws_every_node_and_arc():
    from pokerlab.bpp import build_network

    net = build_network("flop", 17, 4)
    svg = charts.network_svg(net, {"Board": net.states("Board")[0]})
    assert svg.count('class="pl-bpp-node"') == len(net.nodes)
    assert svg.count("<line ") == len(net.edges)


def test_network_svg_becomes_a_png():
    from PIL import Image

    from pokerlab.bpp import build_network

    png = charts.svg_png(charts.network_svg(build_network("flop")))
    image = Image.open(io.BytesIO(png))
    assert image.size == (round(700 * charts.PNG_SCALE), round(400 * charts.PNG_SCALE))
    assert len(image.getcolors(256)) > 3
    with pytest.raises(ParameterError, match="svg"):
        charts.svg_png("not a drawing")


def test_a_bar_vega_cannot_place_is_not_visible():
    """Lesson 01's category chart once drew axes and no bars: on a log scale a bar has no zero to start from."""
    import altair as alt

    frame = _category_frame()
    old = alt.Chart(frame).mark_bar().encode(y="category:N", x=alt.X("probability:Q", scale=alt.Scale(type="log")))
    assert mark_counts(old) == [MarkCount("marks", "rect", 9, 0)]
    new = mark_counts(charts.category_chart(frame))
    assert new == [MarkCount("marks", "rect", 9, 9)]


def test_category_chart_bars_start_below_the_rarest_category():
    spec = charts.category_chart(_category_frame()).to_dict()
    floor = spec["encoding"]["x2"]["datum"]
    assert floor == 1e-5  # straight flushes: 40 / 2,598,960 = 1.5e-5
    assert spec["encoding"]["x"]["scale"]["domain"] == [floor, 1]


def _text_fills(chart):
    import vl_convert

    fills = {}

    def walk(node):
        if not isinstance(node, dict):
            return
        if node.get("role") == "mark" and node.get("marktype") == "text":
            for item in node.get("items", []):
                fills[item.get("text")] = item.get("fill")
        for child in node.get("items", []):
            walk(child)

    walk(vl_convert.vegalite_to_scenegraph(chart.to_json())["scenegraph"])
    return fills


def test_heatmap_numbers_are_dark_on_the_light_end_of_every_table():
    """Lesson 03's Table 3 (0.14 to 0.63) printed KK's 0.58 in white on a light green cell."""
    frame = _preflop_frame()
    frame["value"] = 0.14 + 0.49 * (frame["row"] * 13 + frame["col"]) / 168  # 0.14 .. 0.63, like Table 3
    fills = _text_fills(charts.preflop_heatmap(frame))
    assert fills["0.63"] == "black" and fills["0.14"] == "white"
    expert = _preflop_frame().assign(value=lambda f: (f["row"] * 13 + f["col"]) / 168)  # 0 .. 1
    fills = _text_fills(charts.preflop_heatmap(expert))
    assert fills["1.00"] == "black" and fills["0.00"] == "white"


def test_svg_drawings_shrink_to_a_narrow_page_instead_of_being_cut():
    """At 1,100 pixels with JupyterLab's file browser open, BPP's inspector was cut at the right edge."""
    from pokerlab.bpp import build_network

    for svg in (charts.chart_svg(charts.strength_by_opponents_chart(0.5)), charts.network_svg(build_network("flop"))):
        root = svg[: svg.index(">")]
        assert "max-width:100%" in root and "height:auto" in root and "viewBox=" in root


@pytest.mark.parametrize("name", sorted(CASES))
def test_the_display_bundle_draws_the_same_marks_from_its_trimmed_spec(name):
    """The bundle a lesson saves (#22 item 5): a Vega-Lite 5 spec for JupyterLab's built-in renderer and a PNG
    for every other reader, one bundle. The spec's data is cut to the drawn fields and written as CSV; drawn
    with the Vega-Lite 5 compiler it still shows every mark of the chart."""
    build, expected = CASES[name]
    expected = expected() if callable(expected) else expected
    data, meta = charts.display_bundle(build())
    assert set(data) == {"application/vnd.vegalite.v5+json", "image/png", "text/plain"}
    spec = data[charts.VEGALITE_MIMETYPE]
    assert spec["$schema"].startswith("https://vega.github.io/schema/vega-lite/v5.")
    assert "datasets" not in spec
    counts = {m.name: m for m in mark_counts(spec)}
    assert {k: m.marks for k, m in counts.items()} == expected
    assert all(m.visible == m.marks for m in counts.values())
    png = base64.b64decode(data["image/png"])
    assert png[:8] == b"\x89PNG\r\n\x1a\n" and meta["image/png"]["width"] > 100


def test_the_bundle_keeps_only_the_fields_a_chart_uses():
    frame = _preflop_frame().assign(unused=1.5, note="not drawn")
    spec = charts.display_bundle(charts.preflop_heatmap(frame))[0][charts.VEGALITE_MIMETYPE]
    header = spec["data"]["values"].splitlines()[0].split(",")
    assert "unused" not in header and "note" not in header and "row" not in header
    assert {"class", "value", "stderr", "combos", "row_rank", "col_rank", "light"} <= set(header)
    assert spec["data"]["format"]["parse"]["light"] == "boolean"


def test_tooltips_carry_the_exact_numbers():
    """A class's value in a 13x13 grid, a posterior, the potential's case counts: what the tooltip reads is the
    number printed elsewhere (the CSV keeps ten significant digits; counts stay whole)."""
    import csv

    def rows(spec):
        data = spec["data"] if "data" in spec else spec["vconcat"][0]["data"]
        return list(csv.DictReader(io.StringIO(data["values"])))

    p = _potential()
    spec = charts.display_bundle(charts.potential_chart(p))[0][charts.VEGALITE_MIMETYPE]
    cases = {(r["now"], r["at the end"]): int(r["cases"]) for r in rows(spec)}
    assert cases[("ahead", "ahead")] == 449005 and cases[("behind", "ahead")] == p.matrix[2][0]
    tooltip = [t["field"] for t in spec["encoding"]["tooltip"]]
    assert "cases" in tooltip and "share" in tooltip
    table = _preflop_frame()
    spec = charts.display_bundle(charts.preflop_heatmap(table))[0][charts.VEGALITE_MIMETYPE]
    aa = next(r for r in rows(spec) if r["class"] == "AA")
    assert float(aa["value"]) == pytest.approx(float(table.set_index("class").loc["AA", "value"]), abs=1e-9)
    assert "class" in [t["field"] for t in spec["layer"][0]["encoding"]["tooltip"]]


def test_lessons_display_charts_as_one_bundle_with_both_mimetypes():
    """enable_offline() makes altair show every chart through display_bundle."""
    import altair as alt

    assert charts.enable_offline() == "live"
    data, _ = alt.renderers.get()(charts.potential_chart(_potential()).to_dict())
    assert {"application/vnd.vegalite.v5+json", "image/png"} <= set(data)
    assert charts.enable_offline("static") == "static"
    data, _ = alt.renderers.get()(charts.potential_chart(_potential()).to_dict())
    assert "image/png" in data and charts.VEGALITE_MIMETYPE not in data
    charts.enable_offline()


def test_the_bundle_names_the_vega_lite_that_jupyterlab_renders():
    """altair 6 writes Vega-Lite 6; JupyterLab 4.6's built-in vega extension renders Vega-Lite 3-5 only. The bundle
    therefore says v5, and JupyterLab's own files (when the lab extra is installed) carry that mimetype."""
    from pathlib import Path

    import altair as alt

    assert charts.VEGALITE_MIMETYPE == "application/vnd.vegalite.v5+json"
    spec = charts.display_bundle(charts.strength_by_opponents_chart(0.5))[0][charts.VEGALITE_MIMETYPE]
    assert spec["$schema"] == "https://vega.github.io/schema/vega-lite/v5.8.0.json"
    assert alt.SCHEMA_VERSION.split(".")[0] in ("v5", "v6")  # the grammar both versions share
    static = Path(sys.prefix) / "share" / "jupyter" / "lab" / "static"
    peer("jupyterlab")  # in the test extra: a missing JupyterLab fails
    assert static.is_dir(), f"JupyterLab is installed but its static files are not in {static}"
    core = "".join(p.read_text(errors="replace") for p in static.glob("jlab_core.*.js"))
    assert charts.VEGALITE_MIMETYPE in core and "application/vnd.vegalite.v6+json" not in core


def test_a_lesson_chart_gets_readable_text_sizes_unless_it_sets_its_own():
    """Lecturer's finding: Vega-Lite's default 10-px axis labels cannot be read from the back row. The bundle's
    spec (and so its PNG) carries 13-px labels and 14-px titles; a size the chart sets stays."""
    import altair as alt
    import pandas as pd

    from pokerlab.charts.render import VEGALITE_MIMETYPE, display_bundle

    frame = pd.DataFrame({"x": [1, 2], "y": [3, 4]})
    plain = alt.Chart(frame).mark_bar().encode(x="x:O", y="y:Q")
    config = display_bundle(plain)[0][VEGALITE_MIMETYPE]["config"]
    assert config["axis"] == {"labelFontSize": 13, "titleFontSize": 14} and config["title"]["fontSize"] == 16
    small = plain.configure_axis(labelFontSize=9)
    assert display_bundle(small)[0][VEGALITE_MIMETYPE]["config"]["axis"]["labelFontSize"] == 9
    # the picture grows with the text: drawn at the bigger size, the same chart is taller
    assert display_bundle(plain)[1]["image/png"]["height"] > display_bundle(small)[1]["image/png"]["height"]


def _probe(code: str, tmp_path) -> dict[str, str]:
    """Run ``code`` in a fresh interpreter (nothing imported yet) and read its "key value" lines."""
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=600, cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr[-2000:]
    return dict(line.split(" ", 1) for line in proc.stdout.splitlines())


def test_altair_is_imported_without_the_optional_iri_grammar_and_still_validates(tmp_path):
    """pokerlab.charts imports jsonschema with ``rfc3987_syntax`` held back (1.7 s of CPU per kernel, for a
    format no Vega-Lite spec uses): it is not imported, a chart still validates and renders, a spec with a
    wrong type is still refused, and the module stays importable for whoever wants it."""
    probe = (
        "import sys\n"
        "import pokerlab.charts as charts, altair as alt, pandas as pd\n"
        "print('held', 'rfc3987_syntax' not in sys.modules)\n"
        "chart = alt.Chart(pd.DataFrame({'x': [1, 2]})).mark_bar().encode(x='x:Q')\n"
        "print('marks', sum(m.visible for m in charts.mark_counts(chart)))\n"
        "try:\n"
        "    alt.Chart(pd.DataFrame({'x': [1]})).mark_bar(opacity='high').to_dict()\n"
        "    print('refused False')\n"
        "except Exception as e:\n"
        "    print('refused', type(e).__name__)\n"
        "import importlib.util\n"
        "print('importable', importlib.util.find_spec('rfc3987_syntax') is not None or 'absent')\n"
    )
    lines = _probe(probe, tmp_path)
    assert lines["held"] == "True"
    assert lines["marks"] == "2"
    assert lines["refused"] != "False"
    assert lines["importable"] in ("True", "absent")


def test_holding_the_iri_grammar_back_does_not_switch_off_the_users_iri_format_checks(tmp_path):
    """An outside tester's find: after ``import pokerlab.charts`` the process's jsonschema format checkers had
    no ``iri``/``iri-reference`` check at all, so the user's own ``jsonschema`` validation with a format
    checker passed a bad IRI it refuses in a plain process, even after ``import rfc3987_syntax``. The checks
    are registered again and load the grammar on their first use: the import stays light."""
    probe = (
        "import sys\n"
        "import pokerlab.charts\n"
        "import jsonschema\n"
        "print('held', 'rfc3987_syntax' not in sys.modules)\n"
        "for fmt in ('iri', 'iri-reference'):\n"
        "    for cls in (jsonschema.Draft7Validator, jsonschema.Draft201909Validator,\n"
        "                jsonschema.Draft202012Validator):\n"
        "        v = cls({'format': fmt}, format_checker=cls.FORMAT_CHECKER)\n"
        "        bad, good = v.iter_errors('http://a b/<>'), v.iter_errors('http://example.com/ü')\n"
        "        print(fmt + '-' + cls.__name__, len(list(bad)), len(list(good)))\n"
        "    print('default-' + fmt, fmt in jsonschema.FormatChecker().checkers)\n"
    )
    lines = _probe(probe, tmp_path)
    assert lines["held"] == "True"
    peer("rfc3987_syntax")  # the test extra's Jupyter stack installs it (jsonschema[format-nongpl])
    for key, value in lines.items():
        if key.startswith("iri"):
            assert value == "1 0", (key, value)  # the bad IRI refused, the good one accepted
        elif key.startswith("default-"):
            assert value == "True", key
