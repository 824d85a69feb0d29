"""Hand explorers for lessons 01-02: evaluate a hand, and its strength and potential on a board."""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as w

from pokerlab import _inputs, _validate, charts
from pokerlab.cards import Deck, cards_html, check_disjoint, parse_cards
from pokerlab.charts import chart_svg
from pokerlab.errors import PokerlabError
from pokerlab.evaluator import HandValue, evaluate, evaluate_parsed
from pokerlab.ranges import Range
from pokerlab.strength import Potential, potential_parsed, turn_card_effects_parsed
from pokerlab.widgets._common import _WIDE, _beside, _error_html, _fit, _inline, _projector, _with_picture, _wrap_row
from pokerlab.widgets.ranges import RangeGrid


class HandEvaluator:
    """Type 5-7 cards and see the value, category, description and best five."""

    def __init__(self, cards: str = "AsKs QsJsTs 2c 3d", seed: int | None = None) -> None:

        _validate.text(cards, "cards", empty=True)
        _validate.seed(seed)
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


# the PotentialExplorer's chart labels, in pixels: the size a live slide needs (pokerlab's RISE style)
_LABELS = 16


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

        _validate.text(hole, "hole", empty=True)
        _validate.text(board, "board", empty=True)
        _inputs.opponents_count(opponents)
        _validate.text(weights, "weights", empty=True)
        _validate.flag(charts, "charts")
        _validate.seed(seed)
        self._charts = charts
        self._deck_seed = seed
        # the labels as wide as their words (not ipywidgets' 80 px), so "AdQc" and a turn's board show whole
        self.hole = w.Text(value=hole, description="hole", style=_WIDE, layout=w.Layout(width="8.5em"))
        self.board = w.Text(value=board, description="board", style=_WIDE, layout=w.Layout(width="11em"))
        self.lookahead = w.ToggleButtons(
            options=[("2 cards", 2), ("1 card", 1)], value=2, description="lookahead", style=_WIDE, layout=_inline()
        )
        self.opponents = w.IntSlider(value=opponents, min=1, max=9, description="opponents")
        self.weights = w.Text(value=weights, description="opp. range", placeholder="blank = random hand")
        self.deal = w.Button(description="deal", icon="random", tooltip="deal a random hand and flop", layout=_fit())
        self.numbers = w.HTML()
        self.matrix = w.HTML()
        self.chart_view = w.HTML()
        cells = [(f"now {a}, at the end {b}", (a, b)) for a in self.OUTCOMES for b in self.OUTCOMES]
        self.cell = w.Dropdown(
            options=[("(pick a cell of the matrix)", None), *cells],
            value=None,
            description="cell",
            style={"description_width": "initial"},
            layout=w.Layout(width="25em"),
        )
        self.examples_view = w.HTML()
        self.result: Potential | None = None
        self._range: Range | None = None  # the opponent range of the last update, parsed once
        self._weights: Any = None  # its weight table on the last update's cards (None: a random hand)
        self.error: str | None = None
        self.last_chart: Any = None  # the chart drawn for the current inputs (charts=True)
        self._dealing = False  # while "deal" sets the hole cards then the board, their observers wait for both
        for box in (self.hole, self.board, self.lookahead, self.opponents, self.weights):
            box.observe(lambda _: None if self._dealing else self.update(), names="value")
        self.cell.observe(lambda _: self._show_examples(), names="value")
        self.deal.on_click(lambda _: self._deal())
        # the opponent range can be painted: the grid's text is the weights box (blank = random hand)
        self.range_grid = RangeGrid(weights)
        w.link((self.range_grid.text, "value"), (self.weights, "value"))
        grid_box = w.Accordion([self.range_grid.widget], titles=("paint the opponent range",), selected_index=None)
        # on a live slide (pokerlab's RISE style) the painted range and the table against n opponents are left
        # out, so the rest fits a 1280x720 slide with its text at 16 px; the notebook shows them
        grid_box.add_class("pl-aside")
        self.numbers.add_class("pl-aside")
        # inputs, the matrix and the numbers in a column beside the charts and the picked cell's examples:
        # 1,100 x about 560 pixels, a projector's screen
        controls = [
            w.HBox([self.hole, self.board, self.deal], layout=_wrap_row()),
            self.lookahead,
            self.opponents,
            self.weights,
            grid_box,
            self.matrix,
            self.numbers,
        ]
        self.widget = _beside(controls, [self.chart_view, self.cell, self.examples_view], controls_width=351)
        self.widget.add_class("pl-potential-explorer")
        self.update()

    def _deal(self) -> None:
        deck = Deck(seed=self._deck_seed)
        self._deck_seed = None if self._deck_seed is None else self._deck_seed + 1
        cards = deck.deal(5)
        self._dealing = True  # one update for the new hand, not one for its hole cards on the old board first
        try:
            self.hole.value, self.board.value = " ".join(map(str, cards[:2])), " ".join(map(str, cards[2:]))
        finally:
            self._dealing = False
        self.update()

    def update(self) -> None:
        try:
            # the cards and the range are parsed here, once, at the edge: the potential, the turn cards and their
            # hand categories below take the parsed cards and the weight table as they are
            hole, board = _inputs.hole_and_board(self.hole.value, self.board.value, board_sizes=(3, 4))
            lookahead = 1 if len(board) == 4 else self.lookahead.value
            opponents = _inputs.opponents_count(self.opponents.value)
            text = self.weights.value.strip()
            self._range = Range.parse(text) if text else None
            self._weights = _inputs.weight_table(self._range, hole + board)
            p = potential_parsed(hole, board, lookahead, self._weights, opponents)
        except PokerlabError as exc:
            self.result, self.error = None, str(exc)
            self.matrix.value = _error_html(str(exc))
            self.numbers.value = ""
            self.chart_view.value = ""
            return
        self.result, self.error = p, None
        if self._charts:  # drawn first: the matrix and the numbers change with the charts
            self.last_chart = self._chart(p)
            svg = chart_svg(self.last_chart)
        self.matrix.value = p._repr_html_()
        # opponents across, so the table is three rows high beside the charts
        # nine columns of three decimals fit the 27em column only with narrow cells: the words go in a caption
        cell = "padding:0.1em 0.15em;text-align:right"
        first = "padding:0.1em 0.3em 0.1em 0;text-align:left"
        head = "".join(f"<th style='{cell}'>{n}</th>" for n in range(1, 10))
        hs_n = "".join(f"<td style='{cell}'>{p.hs**n:.3f}</td>" for n in range(1, 10))
        ehs = "".join(f"<td style='{cell}'>{p.hs**n + (1 - p.hs**n) * p.ppot:.3f}</td>" for n in range(1, 10))
        self.numbers.value = (
            "<table class='pl-hs-n' style='font-size:85%;border-spacing:0'>"
            "<caption style='text-align:left'>against n opponents</caption>"
            f"<tr><th style='{first}'>n</th>{head}</tr><tr><th style='{first}'>HS<sub>n</sub></th>{hs_n}</tr>"
            f"<tr><th style='{first}'>EHS</th>{ehs}</tr></table>"
        )
        if self._charts:
            self.chart_view.value = svg
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

        for name, value in (("now", now), ("end", end)):
            said = f"{name} must be one of ahead, tied, behind, not {value!r}"
            _validate.choice(value, name, self.OUTCOMES, message=said)
        k = _validate.whole(k, "k", lo=1, hi=100, message="k must be a whole number from 1 to 100")
        seed = _validate.whole(seed, "seed")
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
            if where(evaluate_parsed(hole + board).value, evaluate_parsed(opp + board).value) != now:
                continue
            left = [c for c in rest if c not in opp]
            runouts = (
                [(c,) for c in left] if to_come == 1 else [(a, b) for i, a in enumerate(left) for b in left[i + 1 :]]
            )
            for r in rng.permutation(len(runouts)):
                extra = runouts[r]
                full = board + extra
                if where(evaluate_parsed(hole + full).value, evaluate_parsed(opp + full).value) == end:
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
        # the examples across (two rows), so they fit under the charts
        holds = "".join(f"<td>{cards_html(parse_cards(opp))}</td>" for opp, _ in found)
        comes = "".join(f"<td>{cards_html(parse_cards(run))}</td>" for _, run in found)
        self.examples_view.value = (
            f"<div class='pl-examples'><b>now {now}, at the end {end}</b>: "
            f"{self.result.matrix[self.OUTCOMES.index(now)][self.OUTCOMES.index(end)]:,} cases, for example"
            f"<table><tr><th>opponent holds</th>{holds}</tr><tr><th>then comes</th>{comes}</tr></table></div>"
        )

    def _chart(self, p: Potential) -> Any:

        frame = None
        if len(p.board) == 3:
            frame = turn_card_effects_parsed(p.hole, p.board, self._weights, p.opponents)
        chart = charts.potential_and_turn_chart(p, frame)
        if frame is None:
            return _projector(chart.properties(width=440, height=110))
        import altair as alt

        # shorter panels beside the controls; the category legend under the turn cards, not beside them,
        # leaves each of the 52 cards 12 pixels, enough for its label at the projector size
        chart.vconcat[0] = chart.vconcat[0].properties(width=470, height=80)
        turn = chart.vconcat[1]  # one row of 13 ranks per suit (a facet of bar and zero-line layers)
        turn.spec = turn.spec.properties(width=alt.Step(34), height=30)
        turn.spec.layer[0].encoding["y"]["axis"]["labelFontSize"] = _LABELS  # the change's scale: set at 12 px
        turn.spec.layer[0].encoding.color.legend = alt.Legend(
            orient="bottom", columns=4, labelLimit=160, titleLimit=300
        )
        turn["title"]["fontSize"] = _LABELS  # set at 15 px
        chart.vconcat[1] = turn
        # every label at 16 px: this explorer fills a live slide, where no chart can be drawn larger
        return (
            _projector(chart)
            .configure_axis(labelFontSize=_LABELS, titleFontSize=_LABELS)
            .configure_legend(labelFontSize=_LABELS, titleFontSize=_LABELS, labelLimit=160, titleLimit=300)
        )

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return _with_picture(self.widget, self.last_chart if self.result is not None else None, **kwargs)
