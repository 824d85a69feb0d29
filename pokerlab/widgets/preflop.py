"""The preflop explorer of lesson 03: a starting class in every table, and the 13x13 heatmaps."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import ipywidgets as w

from pokerlab import _validate
from pokerlab.charts import chart_svg
from pokerlab.preflop import simulate_table
from pokerlab.widgets._common import _WIDE, _beside, _inline, _projector, _with_picture

if TYPE_CHECKING:  # pragma: no cover
    from pokerlab.preflop import PreflopTable


class PreflopExplorer:
    """Sliders for players and games; shows a freshly simulated preflop table.

    Small by default (500 games per class, well under a second); the mean
    standard error shown under the heatmap shrinks like 1/sqrt(games).
    """

    def __init__(self, players: int = 4, games: int = 500, seed: int = 2026, charts: bool = True) -> None:

        _validate.whole(players, "players", lo=2, hi=10)
        _validate.choice(games, "games", (100, 250, 500, 1000, 2500, 5000, 10000))
        _validate.seed(seed, optional=False)
        _validate.flag(charts, "charts")
        self._charts = charts
        self.seed = seed
        self.players = w.IntSlider(value=players, min=2, max=10, description="players")
        self.games = w.SelectionSlider(
            options=[100, 250, 500, 1000, 2500, 5000, 10000],
            value=games,
            description="games per class",
            style={"description_width": "initial"},
            layout=w.Layout(width="26em"),
        )
        self.metric = w.ToggleButtons(
            options=[("pot share", "pot_share"), ("won outright", "won_outright")],
            description="metric",
            style=_WIDE,
            layout=_inline(),
        )
        self.summary = w.HTML()
        self.chart_view = w.HTML()
        self.result: PreflopTable | None = None
        self.last_chart: Any = None
        for box in (self.players, self.games, self.metric):
            box.observe(lambda _: self.update(), names="value")
        # the controls and numbers beside the 442-pixel heatmap, so the explorer is about 490 pixels tall at
        # 1280x720 (above the heatmap it was 598 of the notebook's 599)
        self.widget = _beside(
            [self.players, self.games, self.metric, self.summary], [self.chart_view], controls_width=338
        )
        self.widget.add_class("pl-preflop-explorer")
        self.update()

    def update(self) -> None:
        import numpy as np

        t = simulate_table(
            self.players.value, games=self.games.value, seed=self.seed, metric=self.metric.value, progress=False
        )
        self.result = t
        assert t.errors is not None  # a simulated table has standard errors
        if self._charts:  # drawn first: the numbers change with the heatmap
            self.last_chart = _projector(t.chart(), marks=14)  # its numbers at 14 px: they fit the 34 px cells
            svg = chart_svg(self.last_chart)
        self.summary.value = (
            f"AA {t.value('AA'):.3f} &plusmn; {t.stderr('AA'):.3f}, 72o {t.value('72o'):.3f} &plusmn; "
            f"{t.stderr('72o'):.3f}; mean standard error {np.nanmean(t.errors):.4f}"
            f" over {self.games.value * 169:,} games"
        )
        if self._charts:
            self.chart_view.value = svg

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return _with_picture(self.widget, self.last_chart, **kwargs)
