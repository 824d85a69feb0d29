"""ipywidgets front-ends for the lessons: thin views over plain functions.

Each explorer is a small class holding its input widgets, an output area
and the last computed result (``.result``), so a notebook displays it and a
test can drive it by setting ``.value`` on the inputs. Bad input shows a
one-line message in the widget; it never raises into the notebook.

>>> from pokerlab.widgets import PotentialExplorer
>>> ex = PotentialExplorer("AdQc", "3h4cJh", charts=False)
>>> ex.result.matrix[0]
(449005, 3211, 169504)
>>> ex.board.value = "3h4cJh5s"; ex.result.lookahead
1
"""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as w
from IPython.display import display

from pokerlab.cards import Deck, cards_html, parse_cards
from pokerlab.errors import ParameterError, PokerlabError
from pokerlab.evaluator import HandValue, evaluate
from pokerlab.strength import Potential, hand_potential, turn_card_effects

__all__ = [
    "BPPInspector",
    "ContextExplorer",
    "HandEvaluator",
    "HandReplayer",
    "PotentialExplorer",
    "PreflopExplorer",
    "RangeEquityExplorer",
    "RangeGrid",
    "ReweightingExplorer",
    "StrategyExplorer",
    "TableWidget",
]


def _with_picture(widget: w.Widget, chart: Any, **kwargs: Any) -> tuple[dict[str, Any], dict[str, Any]]:
    """The widget's mime bundle plus a PNG of its current chart.

    A live JupyterLab shows the widget; everything that cannot run it (GitHub,
    nbconvert HTML, VS Code or JupyterLab with no kernel, an untrusted
    notebook) shows the picture of the chart as it was when the cell ran.
    """
    data = dict(widget._repr_mimebundle_(**kwargs) or {})
    meta: dict[str, Any] = {}
    if chart is not None:
        from pokerlab.charts import png_bundle

        picture, meta = png_bundle(chart)
        data["image/png"] = picture["image/png"]
    return data, meta


# descriptions as wide as their text: long labels are not cut ("games/cla...") and toggle buttons stay on
# the line of their label
_WIDE = {"description_width": "initial", "button_width": "auto"}


def _inline() -> w.Layout:
    """Toggle buttons on the line of their label.

    JupyterLab draws a ToggleButtons widget as a block whose button row is a block too, so the
    buttons land on a line of their own under the label; a flex row keeps them together.
    """
    return w.Layout(display="flex", flex_flow="row wrap", align_items="center")


def _fit() -> w.Layout:
    """A button as wide as its label (the default width cuts "opponent bets/raises" to "opponent bets/ra…")."""
    return w.Layout(width="auto")


def _error_html(message: str) -> str:
    return f'<div class="pl-error" style="color:#c0392b">&#9888; {html.escape(message)}</div>'


class HandEvaluator:
    """Type 5-7 cards and see the value, category, description and best five."""

    def __init__(self, cards: str = "AsKs QsJsTs 2c 3d", seed: int | None = None) -> None:
        self._deck_seed = seed
        self.cards = w.Text(value=cards, description="cards", placeholder="e.g. AsKs QsJsTs 2c 3d")
        self.deal = w.Button(description="deal 7 random", icon="random", layout=_fit())
        self.out = w.HTML()
        self.result: HandValue | None = None
        self.error: str | None = None
        self.cards.observe(lambda _: self.update(), names="value")
        self.deal.on_click(lambda _: self._deal())
        self.widget = w.VBox([w.HBox([self.cards, self.deal]), self.out])
        self.widget.add_class("pl-hand-evaluator")
        self.update()

    def _deal(self) -> None:
        deck = Deck(seed=self._deck_seed)
        self._deck_seed = None if self._deck_seed is None else self._deck_seed + 1
        self.cards.value = " ".join(str(c) for c in deck.deal(7))

    def update(self) -> None:
        try:
            self.result = evaluate(self.cards.value)
            self.error = None
        except PokerlabError as exc:
            self.result, self.error = None, str(exc)
            self.out.value = _error_html(str(exc))
            return
        v = self.result
        self.out.value = (
            f"<div>{cards_html(v.cards)}</div>"
            f"<div style='margin-top:.4em'><b>{html.escape(v.describe())}</b>"
            f" &mdash; category <i>{v.category.label}</i>, value {v.value} of 7462</div>"
            f"<div>best five: {cards_html(v.best_five)}</div>"
        )

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        data, meta = _with_picture(self.widget, None, **kwargs)
        data["text/html"] = self.out.value  # what it showed, for readers with no kernel
        return data, meta


class PotentialExplorer:
    """Pick hole cards and a flop or turn; see HS, HS_n, PPOT, NPOT, EHS.

    Shows the Table 4 matrix, a table of HS_n for 1..9 opponents, the
    potential chart and (on the flop) what each turn card does. An optional
    opponent range turns the enumeration into Loki's weighted one.

    Pick a cell of the matrix in ``cell`` (e.g. "now behind, at the end
    ahead") to see opponent hands and runouts that land in it, the counting
    of Algorithm 2 made visible (:meth:`examples`).
    """

    OUTCOMES = ("ahead", "tied", "behind")

    def __init__(
        self,
        hole: str = "AdQc",
        board: str = "3h4cJh",
        *,
        opponents: int = 1,
        weights: str = "",
        charts: bool = True,
        seed: int | None = None,
    ) -> None:
        self._charts = charts
        self._deck_seed = seed
        self.hole = w.Text(value=hole, description="hole", layout=w.Layout(width="14em"))
        self.board = w.Text(value=board, description="board", layout=w.Layout(width="18em"))
        self.lookahead = w.ToggleButtons(
            options=[("2 cards", 2), ("1 card", 1)], value=2, description="lookahead", style=_WIDE, layout=_inline()
        )
        self.opponents = w.IntSlider(value=opponents, min=1, max=9, description="opponents")
        self.weights = w.Text(value=weights, description="opp. range", placeholder="blank = random hand")
        self.deal = w.Button(description="deal random flop", icon="random", layout=_fit())
        self.numbers = w.HTML()
        self.matrix = w.HTML()
        self.chart_view = w.HTML()
        cells = [(f"now {a}, at the end {b}", (a, b)) for a in self.OUTCOMES for b in self.OUTCOMES]
        self.cell = w.Dropdown(
            options=[("(pick a cell of the matrix)", None), *cells],
            value=None,
            description="cell",
            style={"description_width": "initial"},
            layout=w.Layout(width="24em"),
        )
        self.examples_view = w.HTML()
        self.result: Potential | None = None
        self.error: str | None = None
        self.last_chart: Any = None  # the chart drawn for the current inputs (charts=True)
        for box in (self.hole, self.board, self.lookahead, self.opponents, self.weights):
            box.observe(lambda _: self.update(), names="value")
        self.cell.observe(lambda _: self._show_examples(), names="value")
        self.deal.on_click(lambda _: self._deal())
        # the opponent range can be painted: the grid's text is the weights box (blank = random hand)
        self.range_grid = RangeGrid(weights)
        w.link((self.range_grid.text, "value"), (self.weights, "value"))
        grid_box = w.Accordion([self.range_grid.widget], titles=("paint the opponent range",), selected_index=None)
        controls = w.VBox(
            [
                w.HBox([self.hole, self.board, self.deal]),
                w.HBox([self.lookahead, self.opponents]),
                self.weights,
                grid_box,
            ]
        )
        self.widget = w.VBox(
            [controls, w.HBox([self.matrix, self.numbers]), self.cell, self.examples_view, self.chart_view]
        )
        self.widget.add_class("pl-potential-explorer")
        self.update()

    def _deal(self) -> None:
        deck = Deck(seed=self._deck_seed)
        self._deck_seed = None if self._deck_seed is None else self._deck_seed + 1
        cards = deck.deal(5)
        self.hole.value, self.board.value = " ".join(map(str, cards[:2])), " ".join(map(str, cards[2:]))

    def update(self) -> None:
        try:
            board = parse_cards(self.board.value)
            lookahead = 1 if len(board) == 4 else self.lookahead.value
            weights = self.weights.value.strip() or None
            p = hand_potential(
                self.hole.value, board, lookahead=lookahead, weights=weights, opponents=self.opponents.value
            )
        except PokerlabError as exc:
            self.result, self.error = None, str(exc)
            self.matrix.value = _error_html(str(exc))
            self.numbers.value = ""
            self.chart_view.value = ""
            return
        self.result, self.error = p, None
        self.matrix.value = p._repr_html_()
        rows = "".join(
            f"<tr><td>{n}</td><td>{p.hs**n:.3f}</td><td>{p.hs**n + (1 - p.hs**n) * p.ppot:.3f}</td></tr>"
            for n in range(1, 10)
        )
        self.numbers.value = (
            "<table style='margin-left:2em'><tr><th>opponents</th><th>HS<sub>n</sub></th><th>EHS</th></tr>"
            f"{rows}</table>"
        )
        if self._charts:
            from pokerlab.charts import chart_svg

            self.last_chart = self._chart(p)
            self.chart_view.value = chart_svg(self.last_chart)
        self._show_examples()

    def examples(self, now: str, end: str, k: int = 6, seed: int = 0) -> list[tuple[str, str]]:
        """Up to ``k`` (opponent hand, runout) pairs that land in the cell (now, end) of the matrix.

        ``now`` and ``end`` are "ahead", "tied" or "behind" (our hand against
        the opponent's, on the current board and after the runout). Opponent
        hands are tried in a seeded random order, one example per hand, among
        all hands the cards allow (a range typed in the widget is ignored:
        every hand with a non-zero weight can land in any cell).

        >>> ex = PotentialExplorer("AdQc", "3h4cJh", charts=False)
        >>> ex.examples("behind", "ahead", k=2)
        [('6d6c', '7h Qd'), ('3s3d', 'Th Kc')]
        """
        import numpy as np

        from pokerlab.cards import check_disjoint

        for name, value in (("now", now), ("end", end)):
            if value not in self.OUTCOMES:
                raise ParameterError(f"{name} must be one of ahead, tied, behind, not {value!r}")
        if isinstance(k, bool) or not isinstance(k, int) or not 1 <= k <= 100:
            raise ParameterError(f"k must be a whole number from 1 to 100, not {k!r}")
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise ParameterError(f"seed must be a whole number, not {seed!r}")
        if self.result is None:
            return []
        hole, board = self.result.hole, self.result.board
        check_disjoint(("hole", hole), ("board", board))
        to_come = 5 - len(board) if self.result.lookahead == 2 else 1
        rest = [c for c in Deck(seed=0, exclude=hole + board)]
        rest.sort(key=lambda c: c.id)
        rng = np.random.default_rng(seed)

        def where(ours: int, theirs: int) -> str:
            return "ahead" if ours > theirs else ("tied" if ours == theirs else "behind")

        found: list[tuple[str, str]] = []
        pairs = [(a, b) for i, a in enumerate(rest) for b in rest[i + 1 :]]
        for index in rng.permutation(len(pairs)):
            opp = pairs[index]
            if where(evaluate(hole + board).value, evaluate(opp + board).value) != now:
                continue
            left = [c for c in rest if c not in opp]
            runouts = (
                [(c,) for c in left] if to_come == 1 else [(a, b) for i, a in enumerate(left) for b in left[i + 1 :]]
            )
            for r in rng.permutation(len(runouts)):
                extra = runouts[r]
                full = board + extra
                if where(evaluate(hole + full).value, evaluate(opp + full).value) == end:
                    found.append((f"{opp[1]}{opp[0]}", " ".join(map(str, extra))))
                    break
            if len(found) == k:
                break
        return found

    def _show_examples(self) -> None:
        if self.cell.value is None or self.result is None:
            self.examples_view.value = ""
            return
        now, end = self.cell.value
        found = self.examples(now, end)
        if not found:
            self.examples_view.value = (
                f"<div>No opponent hand and runout lands in <i>now {now}, at the end {end}</i>.</div>"
            )
            return
        rows = "".join(
            f"<tr><td>{cards_html(parse_cards(opp))}</td><td>{cards_html(parse_cards(run))}</td></tr>"
            for opp, run in found
        )
        self.examples_view.value = (
            f"<div class='pl-examples'><b>now {now}, at the end {end}</b>: "
            f"{self.result.matrix[self.OUTCOMES.index(now)][self.OUTCOMES.index(end)]:,} cases, for example"
            f"<table><tr><th>opponent holds</th><th>then comes</th></tr>{rows}</table></div>"
        )

    def _chart(self, p: Potential) -> Any:
        from pokerlab import charts

        frame = None
        if len(p.board) == 3:
            weights = self.weights.value.strip() or None
            frame = turn_card_effects(p.hole, p.board, weights=weights, opponents=p.opponents)
        return charts.potential_and_turn_chart(p, frame)

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return _with_picture(self.widget, self.last_chart if self.result is not None else None, **kwargs)


class PreflopExplorer:
    """Sliders for players and games; shows a freshly simulated preflop table.

    Small by default (500 games per class, well under a second); the mean
    standard error shown under the heatmap shrinks like 1/sqrt(games).
    """

    def __init__(self, players: int = 4, games: int = 500, seed: int = 2026, charts: bool = True) -> None:
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
        self.result = None
        self.last_chart: Any = None
        for box in (self.players, self.games, self.metric):
            box.observe(lambda _: self.update(), names="value")
        self.widget = w.VBox([w.HBox([self.players, self.games]), self.metric, self.summary, self.chart_view])
        self.widget.add_class("pl-preflop-explorer")
        self.update()

    def update(self) -> None:
        import numpy as np

        from pokerlab.preflop import simulate_table

        t = simulate_table(
            self.players.value, games=self.games.value, seed=self.seed, metric=self.metric.value, progress=False
        )
        self.result = t
        self.summary.value = (
            f"AA {t.value('AA'):.3f} &plusmn; {t.stderr('AA'):.3f}, 72o {t.value('72o'):.3f} &plusmn; "
            f"{t.stderr('72o'):.3f}; mean standard error {np.nanmean(t.errors):.4f}"
            f" over {self.games.value * 169:,} games"
        )
        if self._charts:
            from pokerlab.charts import chart_svg

            self.last_chart = t.chart()
            self.chart_view.value = chart_svg(self.last_chart)

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return _with_picture(self.widget, self.last_chart, **kwargs)


class TableWidget:
    """A poker table in a notebook: you play one seat with buttons, bots play the others.

    Buttons carry stable CSS classes (``pl-fold``, ``pl-check``, ``pl-call``,
    ``pl-raise``, ``pl-deal``) and so do the panels (``pl-pot``,
    ``pl-stack``, ``pl-board``, ``pl-log``). Only the legal actions are
    enabled, with their amounts on the buttons. Chips carry over between
    hands and the button moves one seat each hand.
    """

    def __init__(
        self,
        rules: Any = None,
        opponents: list[Any] | None = None,
        human_seat: int = 0,
        seed: int = 0,
        name: str = "you",
    ) -> None:
        from pokerlab.bots import RandomBot
        from pokerlab.game import NO_LIMIT_RING

        self.rules = rules or NO_LIMIT_RING
        self.opponents = opponents if opponents is not None else [RandomBot(seed=seed + 1)]
        self.n = len(self.opponents) + 1
        self.rules.check_players(self.n)
        if not 0 <= human_seat < self.n:
            raise PokerlabError(f"human_seat must be 0..{self.n - 1}")
        self.human_seat = human_seat
        self.name = name
        self.seed = seed
        self.hand_number = -1
        self.stacks = [self.rules.starting_stack] * self.n
        self.state: Any = None
        self.history: list[str] = []
        self.table = w.HTML()
        self.pot = w.HTML()
        self.pot.add_class("pl-pot")
        self.stack_view = w.HTML()
        self.stack_view.add_class("pl-stack")
        self.log = w.HTML()
        self.log.add_class("pl-log")
        self.fold_button = self._button("fold", "pl-fold")
        self.check_button = self._button("check", "pl-check")
        self.call_button = self._button("call", "pl-call")
        self.raise_button = self._button("raise", "pl-raise")
        self.amount = w.BoundedIntText(value=0, min=0, max=0, description="to", layout=w.Layout(width="10em"))
        self.deal_button = self._button("deal next hand", "pl-deal")
        self.fold_button.on_click(lambda _: self._human("fold"))
        self.check_button.on_click(lambda _: self._human("check"))
        self.call_button.on_click(lambda _: self._human("call"))
        self.raise_button.on_click(lambda _: self._human("raise"))
        self.deal_button.on_click(lambda _: self.deal())
        buttons = w.HBox([self.fold_button, self.check_button, self.call_button, self.raise_button, self.amount])
        self.widget = w.VBox([self.table, w.HBox([self.pot, self.stack_view]), buttons, self.deal_button, self.log])
        self.widget.add_class("pl-table")
        self.deal()

    @staticmethod
    def _button(label: str, css: str) -> w.Button:
        b = w.Button(description=label)
        b.add_class(css)
        return b

    def deal(self) -> None:
        """Start the next hand (busted seats are refilled to the starting stack)."""
        self.hand_number += 1
        self.stacks = [s if s >= self.rules.min_stack_to_play else self.rules.starting_stack for s in self.stacks]
        button = self.hand_number % self.n
        self.state = self.rules.new_hand(
            list(self.stacks), button=button, seed=self.seed * 100_003 + self.hand_number, hand_number=self.hand_number
        )
        self._run_bots()

    def _bot(self, seat: int) -> Any:
        k = seat if seat < self.human_seat else seat - 1
        return self.opponents[k]

    def _run_bots(self) -> None:
        from pokerlab.game.match import ask_bot

        s = self.state
        while not s.is_over and s.actor != self.human_seat:
            action, problem = ask_bot(self._bot(s.actor), s, s.actor)
            s.apply(action, automatic=problem is not None)
        if s.is_over:
            self.stacks = list(s.final_stacks)
            self.history.append(s.to_phh())
        self._render()

    def _human(self, kind: str) -> None:
        from pokerlab.game import Call, Check, Fold, RaiseTo

        s = self.state
        if s.is_over or s.actor != self.human_seat:
            return  # a second click while the bots move, or after the hand: ignored
        action = {"fold": Fold(), "check": Check(), "call": Call()}.get(kind) or RaiseTo(self.amount.value)
        try:
            s.apply(action)
        except PokerlabError as exc:
            self.log.value = _error_html(str(exc)) + self.log.value
            return
        self._run_bots()

    def _render(self) -> None:
        from pokerlab.game import Act, AwardPot, Showdown

        s = self.state
        shown = {e.seat for e in s.events if isinstance(e, Showdown)}
        rows = []
        for seat in range(self.n):
            who = html.escape(self.name) if seat == self.human_seat else html.escape(self._bot(seat).name)
            cards = (
                cards_html(s.hole[seat])
                if seat == self.human_seat or seat in shown
                else '<span class="pl-hidden">&#x1F0A0; &#x1F0A0;</span>'
            )
            marks = []
            if seat == s.button:
                marks.append("D")
            if s.folded[seat]:
                marks.append("folded")
            if s.all_in[seat]:
                marks.append("all-in")
            turn = " &#9664;" if seat == s.actor else ""
            rows.append(
                f"<tr><td>{seat}</td><td>{who}</td><td>{cards}</td><td class='pl-stack'>{s.stacks[seat]}</td>"
                f"<td>{s.street_bet[seat]}</td><td>{' '.join(marks)}{turn}</td></tr>"
            )
        self.table.value = (
            f"<div class='pl-board'>Board: {cards_html(s.board) or '&ndash;'} &nbsp; ({s.street.value})</div>"
            "<table><tr><th>seat</th><th>player</th><th>cards</th><th>stack</th><th>bet</th><th></th></tr>"
            + "".join(rows)
            + "</table>"
        )
        self.pot.value = f"<b>Pot: {s.pot}</b> &nbsp; "
        self.stack_view.value = f"Your stack: {s.stacks[self.human_seat]}"
        mine = not s.is_over and s.actor == self.human_seat
        legal = s.legal_actions() if mine else ()
        kinds = {type(a).__name__ for a in legal}
        self.fold_button.disabled = "Fold" not in kinds
        self.check_button.disabled = "Check" not in kinds
        self.call_button.disabled = "Call" not in kinds
        self.call_button.description = f"call {s.to_call}" if "Call" in kinds else "call"
        self.raise_button.disabled = "RaiseTo" not in kinds
        if "RaiseTo" in kinds:
            self.amount.min = 0  # widen first: ipywidgets refuses min > max at every step
            self.amount.max = s.max_raise_to
            self.amount.min = s.min_raise_to
            self.amount.value = s.min_raise_to
            self.raise_button.description = f"raise to {self.amount.value}"
        self.deal_button.disabled = not s.is_over
        lines = []
        for e in s.events:
            if isinstance(e, Act):
                who = "you" if e.seat == self.human_seat else f"seat {e.seat}"
                amount = f" {e.to}" if e.kind in ("bet", "raise") else (f" {e.amount}" if e.kind == "call" else "")
                lines.append(f"{who}: {e.kind}{amount}")
            elif isinstance(e, Showdown):
                lines.append(f"seat {e.seat} shows {' '.join(map(str, e.cards))}: {html.escape(e.description)}")
            elif isinstance(e, AwardPot):
                lines.append(f"pot {e.pot} ({e.amount}) to seat(s) {', '.join(map(str, e.winners))}")
        self.log.value = "<div class='pl-log'>" + "<br>".join(lines[-14:]) + "</div>"

    def _ipython_display_(self) -> None:
        display(self.widget)


class StrategyExplorer:
    """Sliders for EHS, PPOT, the pot and the bet: what each of seed 001's rules picks.

    Shows Algorithm 3 (preflop, from win rate and position), Algorithm 4
    (EHS), Algorithm 5 (bluffing, with a bluff style) and Algorithm 6 (pot
    odds), the combined Phase II decision, and the decision regions.
    """

    def __init__(self, charts: bool = True) -> None:
        self._charts = charts
        self.ehs = w.FloatSlider(value=0.35, min=0, max=1, step=0.01, description="EHS")
        self.ppot = w.FloatSlider(value=0.25, min=0, max=1, step=0.01, description="PPOT")
        self.pot = w.IntSlider(value=100, min=2, max=1000, description="pot")
        self.to_call = w.IntSlider(value=20, min=0, max=500, description="to call")
        self.money = w.IntSlider(value=200, min=1, max=2000, description="money")
        self.street = w.ToggleButtons(
            options=["flop", "turn", "river"], value="flop", description="street", style=_WIDE, layout=_inline()
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
        left = w.VBox([self.street, self.ehs, self.ppot, self.pot, self.to_call, self.money, self.style, self.draw])
        right = w.VBox([w.HTML("<b>Preflop (Algorithm 3)</b>"), self.win_rate, self.position, self.players])
        self.widget = w.VBox([w.HBox([left, right]), self.out, self.chart_view])
        self.widget.add_class("pl-strategy-explorer")
        self.update()

    def update(self) -> None:
        from pokerlab.bots.strategy import (
            bluff,
            decision_regions,
            ehs_decision,
            pot_odds,
            pot_odds_decision,
            preflop_decision,
        )
        from pokerlab.bots.waterloo import BLUFF_STYLES

        self.position.max = self.players.value
        pre = preflop_decision(self.win_rate.value, min(self.position.value, self.players.value), self.players.value,
                               self.money.value)  # fmt: skip
        a4 = ehs_decision(self.ehs.value, self.money.value)
        a5 = bluff(self.ehs.value, self.draw.value, self.street.value, 1, self.pot.value / 2,
                   rate=BLUFF_STYLES[self.style.value], amount=0.5 * self.pot.value)  # fmt: skip
        a6 = pot_odds_decision(self.ehs.value, self.ppot.value, self.street.value, self.to_call.value, self.pot.value)
        combined = a4 if a4.kind != "fold" else (a5 if a5 is not None and a5.kind == "raise" else a6)
        self.result = {"preflop": pre, "algorithm 4": a4, "algorithm 5": a5, "algorithm 6": a6, "phase II": combined}
        odds = pot_odds(self.to_call.value, self.pot.value)

        def show(d: Any) -> str:
            if d is None:
                return "does not apply"
            amount = f" {d.amount:.0f}" if d.kind == "raise" else ""
            return f"<b>{d.kind}{amount}</b> <small>({html.escape(d.reason)})</small>"

        rows = "".join(f"<tr><td>{k}</td><td>{show(v)}</td></tr>" for k, v in self.result.items())
        self.out.value = f"<div>pot odds (eq. 7) = {odds:.3f}</div><table>{rows}</table>"
        if self._charts:
            from pokerlab.charts import chart_svg, decision_chart

            frame = decision_regions(self.street.value, self.ppot.value, float(self.pot.value))
            self.last_chart = decision_chart(frame, f"Phase II without bluffing on the {self.street.value}")
            self.chart_view.value = chart_svg(self.last_chart)

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

        from pokerlab.bots.models import ReweightingModel
        from pokerlab.cards import combo_card_ids

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
        self.widget = w.VBox(
            [w.HBox([self.mu, self.sigma]), w.HBox([self.bet_button, self.call_button, self.reset_button]), self.info,
             self.chart_view]
        )  # fmt: skip
        self.reset()

    def reset(self) -> None:
        self.model.weights = {"opponent": self._start.copy()}
        self.history = []
        self._render()

    def observe(self, kind: str) -> None:
        """Apply one observed action: ``"raise"`` uses mu, ``"call"`` mu - 0.2 (a wider range)."""
        self.model.sigma = self.sigma.value
        mu = self.mu.value if kind == "raise" else max(0.05, self.mu.value - 0.2)
        self.model.reweight("opponent", self.board, mu)
        self.history.append(f"{kind} (mu {mu:.2f})")
        self._render()

    def _render(self) -> None:
        from pokerlab.strength import hand_strength

        est = self.model.estimated_ehs("opponent", self.board)
        hs = hand_strength(self.hole, self.board, weights=self.model.weight_table("opponent"))
        self.info.value = (
            f"<div>Our hand {cards_html(self.hole)} on {cards_html(self.board)}; observed: "
            f"{', '.join(self.history) or 'nothing yet'}</div>"
            f"<div>Opponent's estimated strength (eq. 8): <b>{est:.3f}</b> &nbsp; "
            f"our hand strength against the weighted range: <b>{hs:.3f}</b></div>"
        )
        self.result = (est, hs)
        if self._charts:
            from pokerlab.charts import chart_svg, weights_heatmap

            self.last_chart = weights_heatmap(
                self.model.class_grid("opponent", exclude=self.hole + self.board), "opponent's weights by class"
            )
            self.chart_view.value = chart_svg(self.last_chart)

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return _with_picture(self.widget, self.last_chart, **kwargs)


class BPPInspector:
    """Open BPP's network, set evidence and see every posterior and what BPP would do.

    Dropdowns set the round and the evidence (own hand type, board type,
    opponent action; "unknown" leaves a node unobserved), or type cards and
    press "from cards". The panel shows the network with the evidence,
    P(win), each node's posterior as bars, the chosen node's conditional
    probability table, and BPP's action probabilities (betting curves, with
    the current P(win) marked) and expected winnings (the decision node)
    for the pot and bet to call. Impossible evidence shows a message.

    ``engine`` is ``"numpy"`` (instant) or ``"pgmpy"`` (variable
    elimination; the first query per network imports pgmpy, which takes
    seconds). ``.result`` holds the last numbers.
    """

    UNKNOWN = "(unknown)"

    def __init__(
        self,
        round: str = "flop",
        hand_types: int = 17,
        actions: int = 4,
        final_arc: bool = False,
        charts: bool = True,
        engine: str = "numpy",
    ) -> None:
        from pokerlab.bpp import ROUNDS, TYPE_LABELS

        self._charts = charts
        self._engine = engine
        self._nets: dict[tuple[str, int, int, bool], Any] = {}
        self._labels = TYPE_LABELS
        self.round = w.ToggleButtons(
            options=list(ROUNDS), value=round, description="round", style=_WIDE, layout=_inline()
        )
        self.hand_types = w.ToggleButtons(
            options=[9, 17], value=hand_types, description="hand types", style=_WIDE, layout=_inline()
        )
        self.actions = w.ToggleButtons(
            options=[2, 4], value=actions, description="actions", style=_WIDE, layout=_inline()
        )
        self.final_arc = w.Checkbox(value=final_arc, description="Final-Final arc")
        self.current = w.Dropdown(description="BPP_Current")
        self.board = w.Dropdown(description="Board")
        self.action = w.Dropdown(description="OPP_Action")
        self.hole_cards = w.Text(value="AdQc", description="hole", placeholder="e.g. AdQc")
        self.board_cards = w.Text(value="3h4cJh", description="board", placeholder="e.g. 3h4cJh")
        self.use_cards = w.Button(description="from cards", icon="arrow-down", layout=_fit())
        self.pot = w.IntText(value=40, description="pot")
        self.to_call = w.IntText(value=10, description="to call")
        self.bet = w.IntText(value=10, description="bet size")
        self.cpd_node = w.Dropdown(description="table of")
        self.message = w.HTML()
        self.diagram = w.HTML()
        self.summary = w.HTML()
        self.posterior_view = w.HTML()
        self.curves_view = w.HTML()
        self.cpd_view = w.HTML()
        self.result: dict[str, Any] = {}
        self.last_chart: Any = None
        self._quiet = False
        for box in (self.hand_types, self.actions, self.final_arc, self.round):
            box.observe(lambda _: self._rebuild(), names="value")
        for box in (self.current, self.board, self.action, self.pot, self.to_call, self.bet, self.cpd_node):
            box.observe(lambda _: self.update(), names="value")
        self.use_cards.on_click(lambda _: self.from_cards())
        network_box = w.HBox([self.hand_types, self.actions, self.final_arc])
        evidence_box = w.VBox([self.round, w.HBox([self.current, self.board, self.action])])
        cards_box = w.HBox([self.hole_cards, self.board_cards, self.use_cards])
        money_box = w.HBox([self.pot, self.to_call, self.bet])
        self.widget = w.VBox(
            [network_box, evidence_box, cards_box, money_box, self.message, self.summary, self.diagram,
             self.posterior_view, self.curves_view, self.cpd_node, self.cpd_view]
        )  # fmt: skip
        self.widget.add_class("pl-bpp-inspector")
        self._rebuild()

    # -- the network for the chosen options --------------------------------
    @property
    def network(self) -> Any:
        from pokerlab.bpp import build_network

        key = (self.round.value, self.hand_types.value, self.actions.value, self.final_arc.value)
        if key not in self._nets:
            self._nets[key] = build_network(key[0], key[1], key[2], key[3])
        return self._nets[key]

    def _options(self, node: str) -> list[tuple[str, str]]:
        states = self.network.states(node)
        return [(self.UNKNOWN, self.UNKNOWN)] + [(self._labels.get(s, s), s) for s in states]

    def _rebuild(self) -> None:
        """New options after the round or the network's shape changed (keeping what still fits)."""
        self._quiet = True
        try:
            for box, node in ((self.current, "BPP_Current"), (self.board, "Board"), (self.action, "OPP_Action")):
                old = box.value
                box.options = self._options(node)
                box.value = old if old in dict((v, k) for k, v in box.options) else self.UNKNOWN
            old_cpd = self.cpd_node.value
            self.cpd_node.options = list(self.network.nodes)
            self.cpd_node.value = old_cpd if old_cpd in self.network.nodes else "OPP_Action"
        finally:
            self._quiet = False
        self.update()

    def evidence(self) -> dict[str, str]:
        """The evidence set in the dropdowns."""
        pairs = (("BPP_Current", self.current), ("Board", self.board), ("OPP_Action", self.action))
        return {node: box.value for node, box in pairs if box.value not in (None, self.UNKNOWN)}

    def from_cards(self) -> None:
        """Set the round, BPP_Current and Board from the typed cards."""
        from pokerlab.bpp import evidence_from_cards

        try:
            rnd, ev = evidence_from_cards(self.hole_cards.value, self.board_cards.value, self.hand_types.value)
        except PokerlabError as exc:
            self.message.value = _error_html(str(exc))
            return
        self._quiet = True
        try:
            self.round.value = rnd
            self._rebuild()
            self._quiet = True
            self.current.value = ev["BPP_Current"]
            self.board.value = ev["Board"]
        finally:
            self._quiet = False
        self.update()

    # -- the answer --------------------------------------------------------
    def update(self) -> None:
        if self._quiet:
            return
        from pokerlab.bpp import action_probabilities, best_action
        from pokerlab.bpp.network import ImpossibleEvidenceError
        from pokerlab.bpp.policy import curve_points, pot_odds_threshold

        net = self.network
        ev = self.evidence()
        try:
            pot, to_call, bet = self.pot.value, self.to_call.value, self.bet.value
            threshold = pot_odds_threshold(pot, to_call)
            if bet < 0:
                raise PokerlabError("the bet size cannot be negative")
            posts = {n: net.query(n, ev, engine=self._engine) for n in net.nodes}
        except (ImpossibleEvidenceError, PokerlabError) as exc:
            self.message.value = _error_html(str(exc))
            self.result = {"error": str(exc), "evidence": ev}
            self.diagram.value = self._diagram(ev, None)
            self.summary.value = self.posterior_view.value = self.curves_view.value = ""
            self.last_chart = None
            self._show_cpd()
            return
        self.message.value = ""
        p_win = posts["BPP_Win"]["win"]
        probs = action_probabilities(p_win, pot, to_call, net.round)
        best, ev_chips = best_action(p_win, pot, to_call, bet)
        self.result = {
            "evidence": ev,
            "p_win": p_win,
            "threshold": threshold,
            "probabilities": probs,
            "expected_winnings": ev_chips,
            "decision": best,
            "posteriors": posts,
        }
        names = {"fold": "fold", "call": "call" if to_call else "check", "raise": "raise" if to_call else "bet"}
        prob_text = ", ".join(f"{names[a]} {p:.0%}" for a, p in probs.items() if a in names and p > 0)
        ev_text = ", ".join(f"{names[a]} {v:+.1f}" for a, v in ev_chips.items())
        self.summary.value = (
            f'<div class="pl-bpp-summary"><b>P(win) = {p_win:.3f}</b> &nbsp; pot-odds threshold {threshold:.3f} '
            f"&nbsp; x = P(win) - threshold = {p_win - threshold:+.3f}<br>"
            f"betting curves: {html.escape(prob_text)}<br>"
            f"decision node (expected chips from now): {html.escape(ev_text)} &rarr; <b>{names[best]}</b></div>"
        )
        self.diagram.value = self._diagram(ev, posts)
        if self._charts:
            from pokerlab.charts import bpp_curves_chart, chart_svg, posterior_chart

            posterior = posterior_chart(posts, ev)
            self.posterior_view.value = chart_svg(posterior)
            rows = curve_points(net.round, pot, to_call, points=51)
            title = f"BPP's betting curves on the {net.round} (pot {pot}, to call {to_call})"
            curves = bpp_curves_chart(rows, p_win, title)
            self.curves_view.value = chart_svg(curves)
            self.last_chart = (curves & posterior).resolve_scale(color="independent")
        self._show_cpd()

    def _diagram(self, ev: dict[str, str], posts: dict[str, dict[str, float]] | None) -> str:
        from pokerlab.charts import network_svg

        return network_svg(self.network, ev, posts)

    def _show_cpd(self) -> None:
        node = self.cpd_node.value
        if node is None:
            return
        frame = self.network.cpd_frame(node)
        table = frame.to_html(float_format=lambda v: f"{v:.3f}", classes="pl-cpd")
        self.cpd_view.value = (
            f"<div><b>P({html.escape(node)} | {html.escape(', '.join(self.network.parents[node]) or '-')})</b></div>"
            f'<div style="max-height:320px;overflow:auto;font-size:11px">{table}</div>'
        )

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return _with_picture(self.widget, self.last_chart, **kwargs)


class HandReplayer:
    """Step through a recorded hand (PHH) one decision at a time.

    ``hand`` is a :class:`~pokerlab.game.phh.PHHHand`, a finished
    :class:`~pokerlab.game.HandState`, or the path of a ``.phh``/``.phhs``
    file (``number`` picks the hand of a ``.phhs``). Each step shows the
    board, the pot, the action and the pot odds it faced, the numbers of
    every player whose cards are known (equity, HS, PPOT/NPOT, from
    :func:`~pokerlab.game.replay.study_hand`) and a chart of each known
    player's equity by street, up to the street reached. ``potential``
    adds PPOT/NPOT (slower). Drive it with ``.step.value``, ``next()`` and
    ``previous()``; ``.decision`` is the decision shown. ``last_chart`` is
    the chart shown (``None`` with ``charts=False``); displayed in a notebook,
    the replayer saves a PNG of it beside the live widget.
    """

    def __init__(
        self,
        hand: Any,
        number: int = 1,
        *,
        samples: int = 20_000,
        seed: int = 0,
        potential: bool = False,
        charts: bool = True,
    ) -> None:
        from pathlib import Path

        from pokerlab.game.phh import read_hand
        from pokerlab.game.replay import study_hand

        if not isinstance(charts, bool):
            raise ParameterError(f"charts must be True or False, not {charts!r}")
        if isinstance(hand, (str, Path)):
            hand = read_hand(hand, number)
        elif number != 1 or isinstance(number, bool):
            raise ParameterError(f"number picks a hand of a file; it needs a path, not {type(hand).__name__}")
        self.study = study_hand(hand, samples=samples, seed=seed, potential=potential)
        self._charts = charts
        n = len(self.study.decisions)
        self.step = w.IntSlider(value=0, min=0, max=max(n - 1, 0), description="decision", continuous_update=False)
        self.previous_button = w.Button(description="previous", icon="step-backward")
        self.next_button = w.Button(description="next", icon="step-forward")
        self.previous_button.on_click(lambda _: self.previous())
        self.next_button.on_click(lambda _: self.next())
        self.situation = w.HTML()
        self.log = w.HTML()
        self.chart_view = w.HTML()
        self.last_chart: Any = None
        self.decision = self.study.decisions[0] if n else None
        self.step.observe(lambda _: self._update(), names="value")
        self.widget = w.VBox(
            [w.HBox([self.previous_button, self.step, self.next_button]), self.situation, self.log, self.chart_view]
        )
        self._update()

    def next(self) -> None:
        """Show the next decision (stays on the last)."""
        self.step.value = min(self.step.value + 1, self.step.max)

    def previous(self) -> None:
        """Show the previous decision (stays on the first)."""
        self.step.value = max(self.step.value - 1, 0)

    def _update(self) -> None:
        study = self.study
        money = study.format_chips
        if not study.decisions:
            self.situation.value = "<p>Nobody acted in this hand.</p>"
            self.log.value = f"<p>{html.escape(study.result)}</p>"
            return
        k = self.step.value
        d = study.decisions[k]
        self.decision = d
        odds = f"to call {money(d.to_call)}, pot odds {d.pot_odds:.1%}" if d.pot_odds is not None else "nothing to call"
        rows = "".join(
            f"<tr><td>{html.escape(name)}</td><td>{x.equity:.1%}</td>"
            f"<td>{'' if x.hs is None else f'{x.hs:.3f}'}</td>"
            f"<td>{'' if x.ppot is None else f'{x.ppot:.3f}'}</td>"
            f"<td>{'' if x.npot is None else f'{x.npot:.3f}'}</td></tr>"
            for name, x in d.numbers.items()
        )
        table = (
            f"<table><tr><th>known hand</th><th>equity</th><th>HS</th><th>PPOT</th><th>NPOT</th></tr>{rows}</table>"
            if rows
            else "<p>No live hand is known here.</p>"
        )
        board = cards_html(d.board) if d.board else "(no board yet)"
        self.situation.value = (
            f"<p><b>{d.street.value}</b> &nbsp; {board} &nbsp; pot <b>{money(d.pot)}</b></p>"
            f"<p><b>{html.escape(d.player)}</b>: {html.escape(d.action)} &nbsp; ({odds})</p>{table}"
        )
        done = [f"{html.escape(x.player)} {html.escape(x.action)}" for x in study.decisions[: k + 1]]
        result = f"<br><i>{html.escape(study.result)}</i>" if k == len(study.decisions) - 1 else ""
        self.log.value = f"<p style='font-size:smaller'>{' &middot; '.join(done)}{result}</p>"
        if self._charts:  # the last step shows every street, run-out boards included
            self.last_chart = self.chart(3 if k == len(study.decisions) - 1 else d.street.index)
            self.chart_view.value = self._chart_svg(self.last_chart)

    def chart(self, upto: int | None = None) -> Any:
        """The equity-by-street chart, up to street index ``upto`` (default: the street shown)."""
        from pokerlab import charts

        if upto is None:
            upto = self.decision.street.index if self.decision is not None else 3
        return charts.equity_by_street_chart(self.study, upto=upto, title="equity of the known hands by street")

    def _chart_svg(self, chart: Any) -> str:
        from pokerlab.charts import chart_svg

        return chart_svg(chart)

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return _with_picture(self.widget, self.last_chart, **kwargs)


class ContextExplorer:
    """Set up a situation and see each context model's (fold, call, raise) for an opponent style.

    ``decisions`` is a frame from :func:`pokerlab.bots.context.collect_decisions`
    (its ``style`` column names the styles to choose from). For the chosen
    style the explorer fits Davidson's network, the decision tree and the
    frequency table once, on every decision of that style, then shows their
    probability triples for the situation on the inputs (board cards, pot,
    chips to call, bets to call, players, position) as a table and a chart.
    """

    def __init__(self, decisions: Any, style: str | None = None, charts: bool = True) -> None:
        import pandas as pd

        from pokerlab.bots.context import CONTEXT_FEATURES
        from pokerlab.errors import ParameterError

        if not isinstance(decisions, pd.DataFrame) or "style" not in decisions.columns:
            raise ParameterError("ContextExplorer needs the DataFrame that collect_decisions returns")
        missing = [c for c in (*CONTEXT_FEATURES, "action") if c not in decisions.columns]
        if missing or decisions.empty:
            raise ParameterError(f"the decisions frame is empty or lacks the columns {missing}")
        styles = list(dict.fromkeys(decisions["style"]))
        if style is not None and style not in styles:
            raise ParameterError(f"style {style!r} is not in the decisions; they hold {', '.join(styles)}")
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
        from pokerlab.bots.context_models import MODEL_KINDS, ContextModel

        if style not in self._models:
            frame = self._decisions[self._decisions["style"] == style]
            self._models[style] = {kind: ContextModel(kind).fit(frame) for kind in MODEL_KINDS}
        return self._models[style]

    def features(self) -> Any:
        from pokerlab.bots.context import situation_features

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
        from pokerlab.bots.context import ACTIONS

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
        self.out.value = (
            f"<div>Opponent style <b>{html.escape(self.style.value)}</b>, "
            f"{models['mlp'].decisions:,} decisions learnt; board {cards_html(parse_cards(self.board.value))}</div>"
            f'<table class="pl-context"><tr><th>model</th>{head}</tr>{rows}</table>'
        )
        if self._charts:
            from pokerlab.charts import chart_svg, context_triples_chart

            self.last_chart = context_triples_chart(triples, f"{self.style.value}: next action")
            self.chart_view.value = chart_svg(self.last_chart)

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return _with_picture(self.widget, self.last_chart, **kwargs)


# ----------------------------------------------------------------------------
# Ranges a student can paint: RangeGrid and RangeEquityExplorer
# ----------------------------------------------------------------------------

_GRID_ESM = """
function render({ model, el }) {
  const grid = document.createElement("div");
  grid.className = "pl-range-cells";
  grid.style.cssText =
    "display:grid;grid-template-columns:repeat(13,2.6em);gap:1px;user-select:none;font:11px sans-serif";
  const cells = [];
  let painting = null;
  const colour = (wt) => wt <= 0 ? "#eceff1" : `rgba(46,134,193,${0.25 + 0.75 * wt})`;
  const draw = () => {
    const ws = model.get("weights");
    cells.forEach((c, i) => {
      c.style.background = colour(ws[i]);
      c.title = `${c.dataset.name}: weight ${ws[i]}`;
    });
  };
  const paint = (i) => {
    const ws = model.get("weights").slice();
    if (ws[i] === painting) return;
    ws[i] = painting;
    model.set("weights", ws);
    model.save_changes();
  };
  model.get("labels").forEach((name, i) => {
    const c = document.createElement("div");
    c.className = "pl-range-cell";
    c.dataset.name = name;
    c.dataset.index = i;
    c.textContent = name;
    c.style.cssText = "height:2.2em;display:flex;align-items:center;justify-content:center;cursor:pointer";
    c.addEventListener("mousedown", (e) => {
      e.preventDefault();
      painting = model.get("weights")[i] > 0 ? 0 : model.get("paint_weight");
      paint(i);
    });
    c.addEventListener("mouseenter", () => { if (painting !== null) paint(i); });
    cells.push(c);
    grid.appendChild(c);
  });
  const stop = () => { painting = null; };
  document.addEventListener("mouseup", stop);
  model.on("change:weights", draw);
  draw();
  el.appendChild(grid);
  return () => document.removeEventListener("mouseup", stop);
}
export default { render };
"""


def _grid_view_class() -> Any:
    """The anywidget class behind RangeGrid (built on first use: anywidget loads only then)."""
    global _GRID_VIEW
    if _GRID_VIEW is None:
        import anywidget
        import traitlets

        class _RangeGridView(anywidget.AnyWidget):  # type: ignore[misc]
            """13x13 cells, one weight each (row-major grid order); the browser paints by mouse drag."""

            _esm = _GRID_ESM
            weights = traitlets.List(traitlets.Float(), default_value=[0.0] * 169).tag(sync=True)
            labels = traitlets.List(traitlets.Unicode(), default_value=[]).tag(sync=True)
            paint_weight = traitlets.Float(1.0).tag(sync=True)

        _GRID_VIEW = _RangeGridView
    return _GRID_VIEW


_GRID_VIEW: Any = None
TOP_PERCENTS = (5, 10, 15, 20, 25, 30, 40, 50, 75, 100)


def top_range(percent: float) -> str:
    """The best ``percent`` % of the 1,326 combinations by exact equity against a random hand, as text.

    Whole classes are taken in the order of the exact heads-up table until at
    least that share of combinations is in.

    >>> top_range(5)
    '77+, AJs+, AKo'
    """
    from pokerlab.cards import HandClass
    from pokerlab.errors import ParameterError
    from pokerlab.preflop import CLASS_NAMES, load_table
    from pokerlab.ranges import Range

    if isinstance(percent, bool) or not isinstance(percent, (int, float)) or not 0 < percent <= 100:
        raise ParameterError(f"percent must be a number in (0, 100], not {percent!r}")
    table = load_table("exact")
    order = sorted(CLASS_NAMES, key=lambda n: -table.value(n))
    chosen: list[str] = []
    combos = 0
    for name in order:
        if combos >= percent / 100 * 1326:
            break
        chosen.append(name)
        combos += len(HandClass.parse(name).combos)
    return str(Range.parse(", ".join(chosen)))


class RangeGrid:
    """A 13x13 range grid to paint with the mouse, its text notation kept in sync both ways.

    Pairs sit on the diagonal, suited hands on one side and offsuit on the
    other as in seed 001's tables (:attr:`pokerlab.cards.HandClass.grid_cell`).
    Press on a cell and drag to paint (or, starting on a painted cell, to
    erase) with the ``paint weight``; the presets take the top x % of hands
    by exact equity against a random hand. Editing the text repaints the
    grid; painting rewrites the text. ``.range`` is the current
    :class:`~pokerlab.ranges.Range` (None when empty); ``on_change``
    callbacks run after every change, and ``last_update_s`` holds how long
    the last paint took to propagate (text, summary and callbacks).
    """

    def __init__(self, text: str = "", *, paint_weight: float = 1.0) -> None:
        import time

        from pokerlab.cards import HandClass
        from pokerlab.errors import ParameterError
        from pokerlab.ranges import Range

        self._time = time.perf_counter
        self._range_type = Range
        if not isinstance(text, str):
            raise ParameterError(f"text must be range text, not {text!r}")
        if isinstance(paint_weight, bool) or not isinstance(paint_weight, (int, float)) or not 0 < paint_weight <= 1:
            raise ParameterError(f"paint_weight must be a number in (0, 1], not {paint_weight!r}")
        labels = [HandClass.at(r, c).name for r in range(13) for c in range(13)]
        self._cells = labels  # row-major in seed 001's layout: 2..A down and across, suited below the diagonal
        self.view = _grid_view_class()(labels=labels, paint_weight=float(paint_weight))
        self.text = w.Text(value=text, description="range", layout=w.Layout(width="36em"), continuous_update=False)
        self.paint_weight = w.FloatSlider(value=paint_weight, min=0.05, max=1.0, step=0.05, description="weight")
        self.preset = w.Dropdown(
            options=[("top x % ...", 0)] + [(f"top {p} %", p) for p in TOP_PERCENTS], value=0, description="preset"
        )
        self.clear = w.Button(description="clear", icon="eraser")
        self.summary = w.HTML()
        self.range: Any = None
        self.error: str | None = None
        self.last_update_s = 0.0
        self._callbacks: list[Any] = []
        self._busy = False
        self.view.observe(self._painted, names="weights")
        self.text.observe(lambda _: self._typed(), names="value")
        self.paint_weight.observe(lambda ch: setattr(self.view, "paint_weight", float(ch["new"])), names="value")
        self.preset.observe(self._preset, names="value")
        self.clear.on_click(lambda _: self.set_text(""))
        self.widget = w.VBox([w.HBox([self.paint_weight, self.preset, self.clear]), self.view, self.text, self.summary])
        self.widget.add_class("pl-range-grid")
        self._typed()

    # -- state ------------------------------------------------------------------

    @property
    def weights(self) -> dict[str, float]:
        """Class name -> weight for every painted class."""
        return {n: wt for n, wt in zip(self._cells, self.view.weights, strict=True) if wt > 0}

    def on_change(self, callback: Any) -> None:
        """Call ``callback(range_grid)`` after each change of the range."""
        self._callbacks.append(callback)

    def paint(self, classes: Any, weight: float = 1.0) -> None:
        """Set classes (names or one name) to ``weight`` as a mouse drag would (0 erases)."""
        from pokerlab.cards import HandClass
        from pokerlab.errors import CardError, ParameterError

        if isinstance(classes, str):
            classes = [classes]
        if isinstance(weight, bool) or not isinstance(weight, (int, float)) or not 0 <= weight <= 1:
            raise ParameterError(f"weight must be a number in [0, 1], not {weight!r}")
        ws = list(self.view.weights)
        for name in classes:
            try:
                ws[self._cells.index(HandClass.parse(name).name)] = float(weight)
            except (CardError, ValueError):
                raise ParameterError(f"classes must be starting-hand classes such as 'AKs', not {name!r}") from None
        self.view.weights = ws

    def set_text(self, text: str) -> None:
        self.text.value = text

    # -- sync -------------------------------------------------------------------

    def _painted(self, change: Any) -> None:
        """A paint changed some cells: only their combinations change, typed single combinations elsewhere stay."""
        from pokerlab.cards import HandClass, combo_index

        if self._busy:
            return
        t = self._time()
        self._busy = True
        try:
            combo_w = [0.0] * 1326
            if self.range is not None:
                for i, wt in self.range.entries:
                    combo_w[i] = wt
            for cell, (old, new) in enumerate(zip(change["old"], change["new"], strict=True)):
                if old != new:
                    for a, b in HandClass.parse(self._cells[cell]).combos:
                        combo_w[combo_index(a, b)] = float(new)
            self.range = self._range_type.from_weights(combo_w) if any(combo_w) else None
            self.text.value = "" if self.range is None else str(self.range)
            self.error = None
        finally:
            self._busy = False
        self._changed()
        self.last_update_s = self._time() - t

    def _typed(self) -> None:
        from pokerlab.cards import HandClass

        if self._busy:
            return
        self._busy = True
        try:
            text = self.text.value.strip()
            r = self._range_type.parse(text) if text else None
            ws = [0.0] * 169
            if r is not None:
                index = {n: i for i, n in enumerate(self._cells)}
                sums: dict[str, float] = {}
                for a, b, wt in r.combos():
                    name = HandClass.of(a, b).name
                    sums[name] = sums.get(name, 0.0) + wt
                for name, total in sums.items():
                    ws[index[name]] = round(total / len(HandClass.parse(name).combos), 6)
            self.view.weights = ws
            self.range, self.error = r, None
        except PokerlabError as exc:
            self.error = str(exc)
            self.summary.value = _error_html(str(exc))
            return
        finally:
            self._busy = False
        self._changed()

    def _preset(self, change: Any) -> None:
        if change["new"]:
            self.set_text(top_range(change["new"]))
            self.preset.value = 0

    def grid_html(self) -> str:
        """The grid as a static HTML table (what a saved notebook shows with no kernel)."""
        rows = []
        ws = list(self.view.weights)
        for r in range(13):
            tds = []
            for c in range(13):
                wt = ws[13 * r + c]
                bg = "#eceff1" if wt <= 0 else f"rgba(46,134,193,{0.25 + 0.75 * wt:.2f})"
                tds.append(f'<td style="background:{bg};padding:2px 4px">{self._cells[13 * r + c]}</td>')
            rows.append(f"<tr>{''.join(tds)}</tr>")
        return f"<table style='font-size:70%'>{''.join(rows)}</table><div>{html.escape(self.text.value)}</div>"

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        data = dict(self.widget._repr_mimebundle_(**kwargs) or {})
        data["text/html"] = self.grid_html()
        return data, {}

    def _changed(self) -> None:
        n = 0 if self.range is None else len(self.range)
        total = 0.0 if self.range is None else self.range.total_weight
        self.summary.value = f"{n} combinations ({total / 1326:.1%} of all hands, weighted)"
        for cb in self._callbacks:
            cb(self)


class RangeEquityExplorer:
    """Two painted ranges and a board: exact range-against-range equity and both ranges' breakdowns.

    Each side is a :class:`RangeGrid`; the board is typed (3-5 cards, or
    empty for preflop). Every change recomputes :func:`pokerlab.equity`
    (exact for any two ranges on a flop, turn or river, and for whole-class
    ranges preflop) and :func:`pokerlab.range_breakdown` of both ranges.
    ``last_update_s`` is the time the last change took in the kernel.
    """

    def __init__(
        self,
        hero: str = "22+, A2s+, KTs+, QTs+, JTs, ATo+, KJo+",
        villain: str = "88+, AJs+, KQs, AKo",
        board: str = "Ks 7d 2c",
        *,
        charts: bool = True,
    ) -> None:
        import time

        from pokerlab.equity import equity
        from pokerlab.errors import ParameterError

        self._time = time.perf_counter
        self._equity = equity
        self._charts = charts
        for name, value in (("hero", hero), ("villain", villain), ("board", board)):
            if not isinstance(value, str):
                raise ParameterError(f"{name} must be text, not {value!r}")
        if not isinstance(charts, bool):
            raise ParameterError(f"charts must be True or False, not {charts!r:.40}")
        self.hero = RangeGrid(hero)
        self.villain = RangeGrid(villain)
        self.board = w.Text(value=board, description="board", continuous_update=False)
        self.numbers = w.HTML()
        self.chart_view = w.HTML()
        self.result: Any = None
        self.breakdowns: tuple[Any, Any] | None = None
        self.last_chart: Any = None  # both breakdowns side by side (charts=True, 3-5 board cards)
        self.error: str | None = None
        self.last_update_s = 0.0
        self.hero.on_change(lambda _: self.update())
        self.villain.on_change(lambda _: self.update())
        self.board.observe(lambda _: self.update(), names="value")
        tabs = w.Tab([self.hero.widget, self.villain.widget])
        tabs.set_title(0, "hero range")
        tabs.set_title(1, "villain range")
        self.widget = w.VBox([self.board, tabs, self.numbers, self.chart_view])
        self.widget.add_class("pl-range-equity-explorer")
        self.update()

    def update(self) -> None:
        from pokerlab.breakdown import range_breakdown
        from pokerlab.errors import ParameterError

        t = self._time()
        try:
            if self.hero.range is None or self.villain.range is None:
                raise ParameterError("paint both ranges (or type them) to compare them")
            board = parse_cards(self.board.value)
            e = self._equity(self.hero.range, self.villain.range, board=board)
            parts = None
            if len(board) >= 3:
                parts = (range_breakdown(self.hero.range, board), range_breakdown(self.villain.range, board))
        except PokerlabError as exc:
            self.result, self.breakdowns, self.error = None, None, str(exc)
            self.numbers.value = _error_html(str(exc))
            self.chart_view.value = ""
            self.last_chart = None
            return
        self.result, self.breakdowns, self.error = e, parts, None
        self.last_update_s = self._time() - t
        self.numbers.value = e._repr_html_() + f"<small>{self.last_update_s * 1e3:.0f} ms</small>"
        if self._charts and parts is not None:
            from pokerlab.charts import chart_svg

            self.last_chart = parts[0].chart(title="hero") | parts[1].chart(title="villain")
            self.chart_view.value = chart_svg(self.last_chart)
        else:
            self.last_chart = None
            self.chart_view.value = ""

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return _with_picture(self.widget, self.last_chart, **kwargs)
