"""The lesson's explorer: slide through CFR's iterations, watch strategies settle and exploitability fall.

The charts are drawn as SVG by vl-convert inside ``HTML`` widgets (offline,
updated in place), like the other pokerlab explorers.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from pokerlab.errors import ParameterError
from pokerlab.solve.cfr import CFRResult
from pokerlab.solve.policy import Policy

__all__ = ["CFRExplorer"]


def _svg(chart) -> str:
    import vl_convert

    return vl_convert.vegalite_to_svg(chart.to_json())


class CFRExplorer:
    """An iteration slider, a solver menu and information-set checkboxes over finished :func:`cfr` runs.

    ``results`` are runs of one game (e.g. CFR, CFR+ and MCCFR); the
    slider moves over the iterations any run recorded, and each run
    shows its average policy at the last recorded iteration not after it.
    ``references`` are exploitabilities drawn as rules (e.g. a bot's).
    """

    def __init__(
        self,
        results: Sequence[CFRResult],
        infosets: Sequence[str],
        references: Mapping[str, float] | None = None,
    ) -> None:
        import ipywidgets as w

        if (
            isinstance(results, (str, bytes))
            or not isinstance(results, Sequence)
            or not results
            or not all(isinstance(r, CFRResult) for r in results)
        ):
            raise ParameterError("results must be a non-empty list of CFRResult (from solve.cfr)")
        if any(r.game is not results[0].game for r in results) or any(not r.history for r in results):
            raise ParameterError("the results must come from one game, each with a recorded history")
        variants = [r.variant for r in results]
        if len(set(variants)) != len(variants):  # the solver menu names runs by variant: one would hide another
            raise ParameterError(f"the results must be of different variants (one run each), not {variants}")
        if isinstance(infosets, str) or not isinstance(infosets, Sequence) or not infosets:
            raise ParameterError(f"infosets must be a list of information set keys, e.g. ['K:'], not {infosets!r}")
        for key in infosets:
            results[0].game.infoset(key)  # raises on an unknown key
        self.results = {r.variant: r for r in results}
        self.references = dict(references or {})
        points = sorted({i for r in results for i, _ in r.history})
        self.iteration = w.SelectionSlider(options=points, value=points[-1], description="iteration")
        self.variant = w.Dropdown(options=list(self.results), description="solver")
        self.infosets = w.SelectMultiple(options=list(infosets), value=tuple(infosets[:4]), description="sets", rows=6)
        self.curve_view = w.HTML()
        self.strategy_view = w.HTML()
        self.summary = w.HTML()
        for control in (self.iteration, self.variant, self.infosets):
            control.observe(lambda _: self.update(), names="value")
        self.widget = w.VBox(
            [
                w.HBox([self.iteration, self.variant]),
                w.HBox([self.infosets, self.strategy_view]),
                self.curve_view,
                self.summary,
            ]
        )
        self.update()

    def snapshot(self, variant: str, iteration: int) -> tuple[int, float, Policy]:
        """The run's recorded (iteration, exploitability, average policy) at or before ``iteration``."""
        run = self.results[variant]
        k = max((j for j, (i, _) in enumerate(run.history) if i <= iteration), default=0)
        i, e = run.history[k]
        return i, e, run.snapshots[k]

    def update(self) -> None:
        from pokerlab.solve.charts import exploitability_chart, strategy_chart

        t = self.iteration.value
        i, e, policy = self.snapshot(self.variant.value, t)
        keys = list(self.infosets.value) or list(self.infosets.options[:1])
        self.strategy_view.value = _svg(strategy_chart(policy, keys, title=f"{self.variant.value}, iteration {i}"))
        self.curve_view.value = _svg(exploitability_chart(list(self.results.values()), self.references, iteration=t))
        self.summary.value = (
            f"<b>{self.variant.value}</b> after {i:,} iterations: exploitability {e:.5f} chips per hand"
        )

    def _ipython_display_(self) -> None:
        from IPython.display import display

        display(self.widget)
