"""Altair charts over pokerlab's plain results: the presentation layer's charts, one module per concept.

Every function takes a result (a dataclass or a pandas frame) and returns an ``altair`` chart; it
computes nothing. Call :func:`enable_offline` once in a notebook: every displayed chart is then ONE
mime bundle with its Vega-Lite spec (a live JupyterLab or VS Code draws it offline, with tooltips
that carry the exact numbers) and a PNG (GitHub, nbconvert HTML, an untrusted notebook).

The modules mirror :mod:`pokerlab.widgets`:

================  ==============================================================================
``render``        the one pipeline: mime bundle (Vega-Lite + PNG), PNG, SVG, mark counts
``hands``         hand categories, hand potential, what each turn card does, HS against n players
``ranges``        what a range holds on a board (``RangeBreakdown``)
``preflop``       13x13 preflop tables, the 169x169 class-against-class matrix, differences
``strategy``      betting strategies: decision regions, opponent weight tables
``game``          money over the hands, match win rates, equity by street of a replayed hand
``bpp``           BPP's network (SVG), posteriors, fold/call/raise curves
``context``       the context opponent models: triples, feature importances, scores, calibration
``solve``         CFR: exploitability curves, strategies at information sets, regret matching
``pushfold``      heads-up push/fold: 13x13 jam and call grids, the push/call chart across stacks
``postflop``      the turn report: each river card's action mix and the players' values
``solver_grid``   a postflop solution: the acting range's 13x13 grid of action mixes
================  ==============================================================================

Every public chart function is importable from ``pokerlab.charts`` itself (``charts.money_chart``).

``result.chart()``: a lecturer types ``p.chart()`` on a result, and that spelling stays. The result's
module sits below this package and never imports it (nor altair, not even for a type annotation):
``chart()`` calls ``pokerlab._chart_hook.draw("<function name>", ...)``, a leaf module holding a
registry of drawing functions by name. This package fills that registry when it is imported
(below); before that, the hook calls the loader that ``pokerlab/__init__.py`` installs, which
imports this package. ``pokerlab/__init__`` sits above every layer, so no import cycle exists, and
``pokerlab.charts.<name>(result)`` is the same chart.

Adding a chart module (say ``pushfold``): write ``pokerlab/charts/pushfold.py`` with a docstring and
``__all__``, import altair inside the functions (never at module level), validate arguments with
``pokerlab.charts._common`` and ``pokerlab._validate``, and leave displaying to
:func:`display_bundle`; then add one import line below and its row above. ``tests/charts/test_charts.py``
renders every function in every module's ``__all__`` with :func:`mark_counts` (give new ones base
arguments there) and ``tests/support/junk.py`` feeds them junk.
"""

from __future__ import annotations

from pokerlab import _chart_hook
from pokerlab.charts import _imports  # noqa: F401  # first: jsonschema without its slow IRI grammar
from pokerlab.charts.bpp import bpp_curves_chart, network_svg, posterior_chart
from pokerlab.charts.context import (
    calibration_chart,
    context_triples_chart,
    feature_importance_chart,
    model_scores_chart,
)
from pokerlab.charts.game import equity_by_street_chart, match_results_chart, money_chart
from pokerlab.charts.hands import (
    category_chart,
    potential_and_turn_chart,
    potential_chart,
    strength_by_opponents_chart,
    turn_card_chart,
)
from pokerlab.charts.postflop import turn_report_chart
from pokerlab.charts.preflop import difference_heatmap, matrix_heatmap, preflop_heatmap
from pokerlab.charts.pushfold import push_fold_grid_chart, push_fold_range_chart, push_fold_range_frame
from pokerlab.charts.ranges import breakdown_chart
from pokerlab.charts.render import (
    PNG_SCALE,
    VEGALITE_MIMETYPE,
    MarkCount,
    chart_png,
    chart_svg,
    display_bundle,
    enable_offline,
    mark_counts,
    png_bundle,
    svg_png,
)
from pokerlab.charts.solve import exploitability_chart, regret_matching_chart, strategy_chart
from pokerlab.charts.solver_grid import postflop_strategy
from pokerlab.charts.strategy import decision_chart, weights_heatmap

__all__ = [
    "PNG_SCALE",
    "VEGALITE_MIMETYPE",
    "MarkCount",
    "bpp_curves_chart",
    "breakdown_chart",
    "calibration_chart",
    "category_chart",
    "chart_png",
    "chart_svg",
    "context_triples_chart",
    "decision_chart",
    "difference_heatmap",
    "display_bundle",
    "enable_offline",
    "equity_by_street_chart",
    "exploitability_chart",
    "feature_importance_chart",
    "mark_counts",
    "match_results_chart",
    "matrix_heatmap",
    "model_scores_chart",
    "money_chart",
    "network_svg",
    "png_bundle",
    "posterior_chart",
    "postflop_strategy",
    "potential_and_turn_chart",
    "potential_chart",
    "preflop_heatmap",
    "push_fold_grid_chart",
    "push_fold_range_chart",
    "push_fold_range_frame",
    "regret_matching_chart",
    "strategy_chart",
    "strength_by_opponents_chart",
    "svg_png",
    "turn_card_chart",
    "turn_report_chart",
    "weights_heatmap",
]

# what results' chart() methods draw with (pokerlab._chart_hook): every chart function, by name
_chart_hook.fill({name: globals()[name] for name in __all__ if name.endswith(("_chart", "_heatmap"))})
