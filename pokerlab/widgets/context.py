"""The context explorer: Davidson's context opponent models on a situation."""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as w
import numpy as np

from pokerlab import _validate
from pokerlab.bots.context import ACTIONS, CONTEXT_FEATURES, situation_features
from pokerlab.bots.context_models import MODEL_KINDS, ContextModel
from pokerlab.cards import cards_html, parse_cards
from pokerlab.charts import chart_svg, context_triples_chart
from pokerlab.errors import ParameterError, PokerlabError
from pokerlab.widgets._common import _error_html, _projector, _with_picture


class ContextExplorer:
    """Set up a situation and see each context model's (fold, call, raise) for an opponent style.

    ``decisions`` is a frame from :func:`pokerlab.bots.collect.collect_decisions`
    (its ``style`` column names the styles to choose from). For the chosen
    style the explorer fits Davidson's network, the decision tree and the
    frequency table once, on every decision of that style, then shows their
    probability triples for the situation on the inputs (board cards, pot,
    chips to call, bets to call, players, position) as a table and a chart.
    """

    def __init__(self, decisions: Any, style: str | None = None, charts: bool = True) -> None:
        import pandas as pd

        _validate.instance(
            decisions,
            pd.DataFrame,
            "decisions must be the DataFrame that collect_decisions returns",
            check=lambda decisions: "style" in decisions.columns,
        )
        missing = [c for c in (*CONTEXT_FEATURES, "action") if c not in decisions.columns]
        if missing or decisions.empty:
            raise ParameterError(f"the decisions frame is empty or lacks the columns {missing}")
        if style is not None:
            _validate.text(style, "style", empty=True, message=f"style must be text or None, not {style!r:.60}")
        _validate.flag(charts, "charts")
        styles = list(dict.fromkeys(decisions["style"]))
        if style is not None:
            said = f"style {style!r} is not in the decisions; they hold {', '.join(styles)}"
            _validate.choice(style, "style", styles, message=said)
        self._charts = charts
        self.last_chart: Any = None  # the chart shown (None with charts=False), saved as a PNG beside the widget
        self._decisions = decisions
        self._models: dict[str, dict[str, Any]] = {}
        self.result: dict[str, Any] | None = None
        self.error: str | None = None
        self.style = w.Dropdown(options=styles, value=style or styles[0], description="opponent")
        self.board = w.Text(value="Ah7c2d", description="board", placeholder="empty before the flop")
        self.pot = w.IntSlider(value=12, min=0, max=400, description="pot")
        self.to_call = w.IntSlider(value=6, min=0, max=200, description="to call")
        self.bets_to_call = w.Dropdown(options=[("0", 0), ("1", 1), ("2 or more", 2)], value=1, description="bets")
        self.amount_in = w.IntSlider(value=2, min=0, max=400, description="its chips in")
        self.dealt_in = w.IntSlider(value=4, min=2, max=10, description="dealt in")
        self.active = w.IntSlider(value=3, min=1, max=10, description="still in")
        self.unacted = w.IntSlider(value=1, min=0, max=9, description="to act after")
        self.committed = w.Checkbox(value=False, description="has chips in this round")
        self.last_raise = w.Checkbox(value=False, description="its last action was a bet/raise")
        self.last_btc = w.Checkbox(value=False, description="it faced a bet last time")
        self.out = w.HTML()
        self.chart_view = w.HTML()
        inputs = [self.style, self.board, self.pot, self.to_call, self.bets_to_call, self.amount_in, self.dealt_in,
                  self.active, self.unacted, self.committed, self.last_raise, self.last_btc]  # fmt: skip
        for widget in inputs:
            widget.observe(lambda _: self.update(), names="value")
        self.widget = w.VBox(
            [w.HBox([w.VBox(inputs[:6]), w.VBox(inputs[6:])]), self.out, self.chart_view]
        )  # fmt: skip
        self.widget.add_class("pl-context-explorer")
        self.update()

    def models(self, style: str) -> dict[str, Any]:
        """The three fitted models of a style (fitted on first use)."""

        if style not in self._models:
            frame = self._decisions[self._decisions["style"] == style]
            self._models[style] = {kind: ContextModel(kind).fit(frame) for kind in MODEL_KINDS}
        return self._models[style]

    def features(self) -> np.ndarray:
        """The 19 features (:data:`~pokerlab.bots.context.CONTEXT_FEATURES`) of the situation on the inputs."""
        return situation_features(
            board=self.board.value,
            pot=self.pot.value,
            to_call=self.to_call.value,
            bets_to_call=self.bets_to_call.value if self.to_call.value else 0,
            amount_in=self.amount_in.value,
            committed=self.committed.value,
            last_raise=self.last_raise.value,
            last_bets_to_call=self.last_btc.value,
            dealt_in=self.dealt_in.value,
            active=self.active.value,
            unacted=self.unacted.value,
        )

    def update(self) -> None:
        """Recompute the triples for the situation on the inputs."""

        try:
            x = self.features()
            models = self.models(self.style.value)
        except PokerlabError as exc:
            self.error = str(exc)
            self.result = None
            self.out.value = _error_html(str(exc))
            self.chart_view.value = ""
            self.last_chart = None
            return
        self.error = None
        triples = {kind: m.predict_proba(x) for kind, m in models.items()}
        self.result = {"style": self.style.value, "features": x, "probabilities": triples}
        rows = "".join(
            f"<tr><td>{kind}</td>" + "".join(f"<td>{p:.3f}</td>" for p in triple) + "</tr>"
            for kind, triple in triples.items()
        )
        head = "".join(f"<th>P({a})</th>" for a in ACTIONS)
        if self._charts:  # drawn first: the table changes with the chart
            self.last_chart = _projector(context_triples_chart(triples, f"{self.style.value}: next action"))
            svg = chart_svg(self.last_chart)
        self.out.value = (
            f"<div>Opponent style <b>{html.escape(self.style.value)}</b>, "
            f"{models['mlp'].decisions:,} decisions learnt; board {cards_html(parse_cards(self.board.value))}</div>"
            f'<table class="pl-context"><tr><th>model</th>{head}</tr>{rows}</table>'
        )
        if self._charts:
            self.chart_view.value = svg

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return _with_picture(self.widget, self.last_chart, **kwargs)
