"""Strategy explorers for lessons 05-06: the Waterloo betting strategy and Papp's re-weighting."""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as w

from pokerlab import _inputs, _validate
from pokerlab.bots.showdown import ReweightingModel
from pokerlab.bots.strategy import (
    DecisionKind,
    bluff,
    decision_regions,
    ehs_decision,
    pot_odds,
    pot_odds_decision,
    preflop_decision,
)
from pokerlab.bots.waterloo import BLUFF_STYLES
from pokerlab.cards import cards_html, combo_card_ids, parse_cards
from pokerlab.charts import chart_svg, decision_chart, weights_heatmap
from pokerlab.game import ActionKind
from pokerlab.streets import Street
from pokerlab.strength import hand_strength
from pokerlab.widgets._common import _WIDE, _beside, _fit, _inline, _projector, _with_picture


class StrategyExplorer:
    """Sliders for EHS, PPOT, the pot and the bet: what each of the Waterloo report's rules picks.

    Shows Algorithm 3 (preflop, from win rate and position), Algorithm 4
    (EHS), Algorithm 5 (bluffing, with a bluff style) and Algorithm 6 (pot
    odds), the combined Phase II decision, and the decision regions.
    """

    def __init__(self, charts: bool = True) -> None:

        _validate.flag(charts, "charts")
        self._charts = charts
        self.ehs = w.FloatSlider(value=0.35, min=0, max=1, step=0.01, description="EHS")
        self.ppot = w.FloatSlider(value=0.25, min=0, max=1, step=0.01, description="PPOT")
        self.pot = w.IntSlider(value=100, min=2, max=1000, description="pot")
        self.to_call = w.IntSlider(value=20, min=0, max=500, description="to call")
        self.money = w.IntSlider(value=200, min=1, max=2000, description="money")
        self.street = w.ToggleButtons(
            options=[s.value for s in list(Street)[1:]],
            value="flop",
            description="street",
            style=_WIDE,
            layout=_inline(),
        )
        self.style = w.Dropdown(
            options=["none", "conservative", "normal", "aggressive"], value="normal", description="bluff"
        )
        self.draw = w.FloatSlider(value=0.3, min=0, max=0.999, step=0.01, description="random n")
        self.win_rate = w.FloatSlider(value=0.3, min=0, max=1, step=0.01, description="win rate")
        self.position = w.IntSlider(value=3, min=1, max=6, description="position")
        self.players = w.IntSlider(value=6, min=2, max=10, description="players")
        self.out = w.HTML()
        self.chart_view = w.HTML()
        self.result: dict[str, Any] = {}
        self.last_chart: Any = None
        for box in (self.ehs, self.ppot, self.pot, self.to_call, self.money, self.street, self.style, self.draw,
                    self.win_rate, self.position, self.players):  # fmt: skip
            box.observe(lambda _: self.update(), names="value")
        # every slider in one column beside the decisions and the regions: fits a 1280x720 projector
        controls = [self.street, self.ehs, self.ppot, self.pot, self.to_call, self.money, self.style, self.draw,
                    w.HTML("<b>Preflop (Algorithm 3)</b>"), self.win_rate, self.position, self.players]  # fmt: skip
        self.widget = _beside(controls, [self.out, self.chart_view])
        self.widget.add_class("pl-strategy-explorer")
        self.update()

    def update(self) -> None:

        self.position.max = self.players.value
        pre = preflop_decision(self.win_rate.value, min(self.position.value, self.players.value), self.players.value,
                               self.money.value)  # fmt: skip
        bet = self.to_call.value  # the bet we face is the street's current bet (we have put in nothing yet)
        a4 = ehs_decision(self.ehs.value, self.money.value, current_bet=bet)
        a5 = bluff(self.ehs.value, self.draw.value, self.street.value, 1, self.pot.value / 2,
                   rate=BLUFF_STYLES[self.style.value], amount=0.5 * self.pot.value, current_bet=bet)  # fmt: skip
        a6 = pot_odds_decision(self.ehs.value, self.ppot.value, self.street.value, self.to_call.value, self.pot.value)
        bluffs = a5 is not None and a5.kind is DecisionKind.RAISE
        combined = a4 if a4.kind is not DecisionKind.FOLD else (a5 if bluffs else a6)
        self.result = {"preflop": pre, "algorithm 4": a4, "algorithm 5": a5, "algorithm 6": a6, "phase II": combined}
        odds = pot_odds(self.to_call.value, self.pot.value)

        def show(d: Any) -> str:
            if d is None:
                return "does not apply"
            amount = f" to {d.raise_to}" if d.kind is DecisionKind.RAISE else ""
            return f"<b>{d.kind}{amount}</b> <small>({html.escape(d.reason)})</small>"

        rows = "".join(f"<tr><td>{k}</td><td>{show(v)}</td></tr>" for k, v in self.result.items())
        if self._charts:  # drawn first: the decisions change with their regions, never beside the old ones
            frame = decision_regions(self.street.value, self.ppot.value, float(self.pot.value))
            self.last_chart = _projector(decision_chart(frame, f"Phase II without bluffing on the {self.street.value}"))
            svg = chart_svg(self.last_chart)
        self.out.value = f"<div>pot odds (eq. 7) = {odds:.3f}</div><table>{rows}</table>"
        if self._charts:
            self.chart_view.value = svg

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return _with_picture(self.widget, self.last_chart, **kwargs)


class ReweightingExplorer:
    """Watch an opponent's weight table change as it bets, raises and calls (Algorithm 7).

    Buttons apply one observed action with the threshold ``mu`` set on the
    slider; the heatmap shows the mean weight of each starting-hand class
    over the combinations the opponent can hold (none uses our cards or the
    board's), and the panel the opponent's estimated strength (eq. 8) and our hand
    strength against the weighted range.
    """

    def __init__(self, hole: str = "AdQc", board: str = "3h4cJh", charts: bool = True) -> None:
        import numpy as np

        _validate.flag(charts, "charts")
        _inputs.hole_and_board(hole, board, board_sizes=(3, 4, 5))
        self._charts = charts
        self.hole = parse_cards(hole)
        self.board = parse_cards(board)
        self.model = ReweightingModel()
        ids = combo_card_ids()
        dead = np.zeros(52, dtype=bool)
        dead[[c.id for c in self.hole + self.board]] = True
        self._start = (~(dead[ids[:, 0]] | dead[ids[:, 1]])).astype(float)
        self.mu = w.FloatSlider(value=0.6, min=0.05, max=0.95, step=0.05, description="mu")
        self.sigma = w.FloatSlider(value=0.2, min=0.05, max=0.5, step=0.05, description="sigma")
        self.bet_button = w.Button(description="opponent bets/raises", layout=_fit())
        self.call_button = w.Button(description="opponent calls", layout=_fit())
        self.reset_button = w.Button(description="new hand", layout=_fit())
        self.bet_button.on_click(lambda _: self.observe("raise"))
        self.call_button.on_click(lambda _: self.observe("call"))
        self.reset_button.on_click(lambda _: self.reset())
        self.info = w.HTML()
        self.chart_view = w.HTML()
        self.history: list[str] = []
        self.last_chart: Any = None
        self.widget = _beside(
            [self.mu, self.sigma, self.bet_button, self.call_button, self.reset_button, self.info], [self.chart_view]
        )
        self.reset()

    def reset(self) -> None:
        self.model.weights = {"opponent": self._start.copy()}
        self.history = []
        self._render()

    def observe(self, kind: str) -> None:
        """Apply one observed action: a raise (or bet) uses mu, a call mu - 0.2 (a wider range).

        ``kind`` is an :class:`~pokerlab.game.ActionKind` or its word (``"raise"``, ``"bet"``, ``"call"``).
        """

        said = f"kind must be raise, bet or call (an observed action), not {kind!r:.60}"
        kind = ActionKind(_validate.choice(kind, "kind", ("raise", "bet", "call"), message=said))
        self.model.sigma = self.sigma.value
        mu = self.mu.value if kind.aggressive else max(0.05, self.mu.value - 0.2)
        self.model.reweight("opponent", self.board, mu)
        self.history.append(f"{kind} (mu {mu:.2f})")
        self._render()

    def _render(self) -> None:

        est = self.model.estimated_ehs("opponent", self.board)
        hs = hand_strength(self.hole, self.board, weights=self.model.weight_table("opponent"))
        if self._charts:  # drawn first: the numbers change with the heatmap
            self.last_chart = _projector(
                weights_heatmap(
                    self.model.class_grid("opponent", exclude=self.hole + self.board), "opponent's weights by class"
                ),
                marks=14,
            )
            svg = chart_svg(self.last_chart)
        self.info.value = (
            f"<div>Our hand {cards_html(self.hole)} on {cards_html(self.board)}; observed: "
            f"{', '.join(self.history) or 'nothing yet'}</div>"
            f"<div>Opponent's estimated strength (eq. 8): <b>{est:.3f}</b> &nbsp; "
            f"our hand strength against the weighted range: <b>{hs:.3f}</b></div>"
        )
        self.result = (est, hs)
        if self._charts:
            self.chart_view.value = svg

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return _with_picture(self.widget, self.last_chart, **kwargs)
