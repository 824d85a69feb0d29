"""The lesson's explorer: slide through CFR's iterations, watch strategies settle and exploitability fall.

The charts are drawn as SVG by vl-convert inside ``HTML`` widgets (offline,
updated in place), like the other pokerlab explorers. Displayed in a notebook,
the explorer also saves a PNG of its current charts beside the live widget, so
a saved lesson shows them where no kernel runs (GitHub, nbconvert HTML,
VS Code, an untrusted JupyterLab), through the presentation layer's one PNG pipeline (``pokerlab.charts.render``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from pokerlab import _validate
from pokerlab.charts import chart_svg, exploitability_chart, strategy_chart
from pokerlab.charts.solve import cfr_results
from pokerlab.errors import ParameterError
from pokerlab.solve.cfr import CFRResult
from pokerlab.solve.policy import Policy
from pokerlab.widgets._common import AXIS_LABEL_SIZE, _beside, _projector, _with_picture

__all__ = ["CFRExplorer"]

CURVES_HEIGHT = 140  # pixels of the exploitability curves' plot (the charts' default is 260)
ROW_HEIGHT = 18  # pixels of an information set's bar in the strategies (the charts' default is 22)


class CFRExplorer:
    """An iteration slider, a solver menu and information-set checkboxes over finished :func:`cfr` runs.

    ``results`` are runs of one game (e.g. CFR, CFR+ and MCCFR); the
    slider moves over the iterations any run recorded, and each run
    shows its average policy at the last recorded iteration not after it.
    ``references`` are exploitabilities drawn as rules (e.g. a bot's).
    ``last_chart`` holds what the two views show, stacked in one chart
    (the strategies above, the curves below, the summary as its title): that
    is the picture saved beside the widget.
    """

    def __init__(
        self,
        results: Sequence[CFRResult],
        infosets: Sequence[str],
        references: Mapping[str, float] | None = None,
    ) -> None:
        import ipywidgets as w

        results = cfr_results(results)
        if any(r.game is not results[0].game for r in results) or any(not r.history for r in results):
            raise ParameterError("the results must come from one game, each with a recorded history")
        variants = [r.variant for r in results]
        if len(set(variants)) != len(variants):  # the solver menu names runs by variant: one would hide another
            raise ParameterError(f"the results must be of different variants (one run each), not {variants}")
        _validate.instance(
            infosets, Sequence, "infosets must be a list of information set keys, e.g. ['K:']", check=bool
        )
        for key in infosets:
            _validate.text(
                key, "key", empty=True, message=f"infosets must hold information set keys (text), not {key!r:.60}"
            )
            results[0].game.infoset(key)  # raises on an unknown key
        self.results = {str(r.variant): r for r in results}
        _validate.instance(references, Mapping, "references must be a dict of name: exploitability", optional=True)
        self.references = dict(references or {})
        points = sorted({i for r in results for i, _ in r.history})
        self.iteration = w.SelectionSlider(options=points, value=points[-1], description="iteration")
        self.variant = w.Dropdown(options=list(self.results), description="solver")
        self.infosets = w.SelectMultiple(options=list(infosets), value=tuple(infosets[:4]), description="sets", rows=6)
        self.last_chart: Any = None
        self.curve_view = w.HTML()
        self.strategy_view = w.HTML()
        self.summary = w.HTML()
        for control in (self.iteration, self.variant, self.infosets):
            control.observe(lambda _: self.update(), names="value")
        # the controls and the summary in a column beside the two charts: fits a 1280x720 slide
        self.widget = _beside(
            [self.iteration, self.variant, self.infosets, self.summary], [self.strategy_view, self.curve_view]
        )
        self.update()

    def snapshot(self, variant: str, iteration: int) -> tuple[int, float, Policy]:
        """The run's recorded (iteration, exploitability, average policy) at or before ``iteration``."""
        run = self.results[variant]
        k = max((j for j, (i, _) in enumerate(run.history) if i <= iteration), default=0)
        i, e = run.history[k]
        return i, e, run.snapshots[k]

    def update(self) -> None:
        import altair as alt

        t = self.iteration.value
        i, e, policy = self.snapshot(self.variant.value, t)
        keys = list(self.infosets.value) or list(self.infosets.options[:1])
        strategies = strategy_chart(policy, keys, title=f"{self.variant.value}, iteration {i}").properties(
            height=max(60, ROW_HEIGHT * len(keys))
        )
        # lower charts (the charts' own sizes put the pair 750 px down a live slide under lesson 10's 6-line
        # cell): both, stacked, then fit the slide with their labels at 16 px
        curves = exploitability_chart(list(self.results.values()), self.references, iteration=t).properties(
            height=CURVES_HEIGHT
        )
        # both drawn, then everything shown; labels at the explorers' 14 px (altair's 10 px are 10 px on a slide),
        # the curves' labels on their lines too (the references' names were 11 px)
        strategy_svg = chart_svg(_projector(strategies))
        curve_svg = chart_svg(_projector(curves, marks=AXIS_LABEL_SIZE))
        self.strategy_view.value, self.curve_view.value = strategy_svg, curve_svg
        iterations = f"{i:,} iteration{'' if i == 1 else 's'}"
        summary = f"{self.variant.value} after {iterations}: exploitability {e:.5f} chips per hand"
        if i < t:  # the slider reaches the longest run's iterations; this run stopped recording earlier
            summary += f" (its last record at or before {t:,})"
        self.summary.value = f"<b>{self.variant.value}</b>{summary.removeprefix(self.variant.value)}"
        self.last_chart = (
            alt.vconcat(strategies, curves)
            .resolve_scale(color="independent")
            .properties(title=alt.TitleParams(summary, anchor="start", fontSize=13))
        )

    def _repr_mimebundle_(self, **kwargs: Any) -> tuple[dict[str, Any], dict[str, Any]]:
        """The live widget, plus a PNG of its charts for every reader with no kernel."""

        return _with_picture(self.widget, self.last_chart, **kwargs)
