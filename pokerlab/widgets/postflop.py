"""Lesson 12's postflop widgets: walk a solved spot's tree (PostflopExplorer) and train against it (PostflopDrill)."""

from __future__ import annotations

import html
from typing import TYPE_CHECKING, Any

import ipywidgets as w

from pokerlab import _validate
from pokerlab.cards import Card
from pokerlab.charts import chart_svg
from pokerlab.charts.solver_grid import action_colors, postflop_strategy
from pokerlab.errors import CardError, PokerlabError
from pokerlab.solve.postflop import _CHANCE, _DECISION, PostflopSolution, _labels_of
from pokerlab.solve.postflop_spots import load_spot
from pokerlab.solve.postflop_study import PostflopQuiz, class_mix_frame
from pokerlab.widgets._common import _beside, _error_html, _fit, _projector, _with_picture, _wrap_row

if TYPE_CHECKING:  # pragma: no cover
    from pokerlab.solve.postflop_study import PostflopDrillHand

__all__ = ["PostflopDrill", "PostflopExplorer", "board_html"]

_SUIT = {
    "s": ("&#9824;", "#17202a"),
    "h": ("&#9829;", "#c0392b"),
    "d": ("&#9830;", "#2471a3"),
    "c": ("&#9827;", "#1e8449"),
}


def board_html(cards: Any) -> str:
    """Cards drawn as small white cards with their suit symbol (four colours: spades black, hearts red,
    diamonds blue, clubs green)."""
    _validate.instance(cards, (list, tuple), "cards must be a list of cards such as ['Ah', 'Kd']")
    out = []
    for c in cards:
        try:
            text = str(Card.parse(c))
        except CardError as exc:
            raise CardError(f"cards: {exc}") from None
        sym, color = _SUIT[text[1]]
        out.append(
            f'<span class="pl-card" style="display:inline-block;border:1px solid #999;border-radius:4px;'
            f'padding:1px 4px;margin:0 2px;background:white;color:{color};font-weight:bold;font-size:1.15em">'
            f"{text[0]}{sym}</span>"
        )
    return "".join(out)


def _check(solution: Any) -> PostflopSolution:
    _validate.instance(solution, PostflopSolution, "solution must be a PostflopSolution from solve.postflop()")
    return solution


class PostflopExplorer:
    """Walk a solved turn or river spot: the node's actions as buttons, one step back, the dealt river card
    at a chance node, and the acting range's strategy as a 13x13 grid of action mixes (hover a cell for its
    combinations, each action's share, EV and equity).

    ``line`` is the current node (a tuple of labels from the root); a test walks with :meth:`go` and
    :meth:`back` (what the buttons do) or :meth:`go_to`. ``frame`` is the grid's numbers
    (:func:`~pokerlab.solve.postflop_study.class_mix_frame`) and ``last_chart`` the chart, whose picture
    is saved with the notebook.
    """

    def __init__(self, solution: PostflopSolution, line: Any = (), charts: bool = True) -> None:
        self.solution = _check(solution)
        self._charts = _validate.flag(charts, "charts")
        self.line: tuple[str, ...] = ()
        self.board = w.HTML()
        self.path = w.HTML()
        self.buttons = w.Box(layout=_wrap_row())
        self.back_button = w.Button(description="back", icon="arrow-left", layout=_fit())
        self.back_button.on_click(lambda _: self.back())
        self.card = w.Dropdown(description="river", options=[], layout=w.Layout(width="12em"))
        self.card.observe(self._dealt, names="value")
        self.summary = w.HTML()
        self.chart_view = w.HTML()
        self.frame: Any = None
        self.last_chart: Any = None
        controls = [self.board, self.path, self.buttons, self.card, self.back_button, self.summary]
        self.widget = _beside(controls, [self.chart_view], controls_width=260)
        self.widget.add_class("pl-postflop-explorer")
        self.go_to(line)

    # -- walking -------------------------------------------------------------
    def go_to(self, line: Any) -> None:
        """Show the node ``line`` reaches (an error there is shown in the widget, the node kept)."""
        try:
            labels = tuple(_labels_of(line))
            self.solution.actions(labels)  # a valid line, or a clear error
        except PokerlabError as exc:
            self.summary.value = _error_html(str(exc))
            return
        self.line = tuple(" ".join(str(x).strip().lower().split()) for x in labels if str(x).strip())
        self.update()

    def go(self, action: str) -> None:
        """Take ``action`` at the current node (what its button does)."""
        self.go_to((*self.line, action))

    def back(self) -> None:
        """One step back towards the root."""
        if self.line:
            self.go_to(self.line[:-1])

    def _dealt(self, change: dict[str, Any]) -> None:
        if change.get("new"):
            self.go(change["new"])

    # -- drawing -------------------------------------------------------------
    def update(self) -> None:
        sol = self.solution
        w_ = sol._where(self.line)
        kind = w_.node.kind
        dealt = [str(c) for c in sol.board] + [str(Card(c)) for c in w_.dealt]
        self.board.value = "<b>board</b> " + board_html(dealt)
        put = w_.node.put
        pot = sol.pot + put[0] + put[1]
        self.path.value = (
            f"<div style='font-size:0.95em'><b>line</b>: {html.escape(', '.join(self.line) or 'the root')}<br>"
            f"pot {pot} (OOP put in {put[0]}, IP {put[1]})</div>"
        )
        self.back_button.disabled = not self.line
        self.card.unobserve(self._dealt, names="value")
        if kind == _CHANCE:
            self.card.options = [("deal a card", "")] + [(c, c) for c in sol.actions(self.line)]
            self.card.value = ""
            self.card.layout.display = None
        else:
            self.card.options = []
            self.card.layout.display = "none"
        self.card.observe(self._dealt, names="value")
        if kind == _DECISION:
            actions = sol.actions(self.line)
            colors = action_colors(actions)
            freq = sol.frequencies(self.line)
            buttons = []
            for a in actions:
                b = w.Button(description=a, layout=_fit(), tooltip=f"{a}: {100 * freq[a]:.1f} % of the range")
                b.style.button_color = colors[a]
                b.on_click(lambda button: self.go(button.description))
                buttons.append(b)
            self.buttons.children = buttons
            who = "OOP" if w_.node.player == 0 else "IP"
            self.frame = class_mix_frame(sol, self.line)
            rows = "".join(
                f"<tr><td><span style='color:{colors[a]}'>&#9632;</span> {html.escape(a)}</td>"
                f"<td style='text-align:right'>{100 * f:.1f} %</td></tr>"
                for a, f in freq.items()
            )
            self.summary.value = (
                f"<b>{who} to act</b> ({self.frame['combos'].sum():.0f} combinations)"
                f"<table style='margin-top:4px'>{rows}</table>"
                f"<div style='font-size:0.9em'>value (OOP, IP): {sol.value[0]:.1f}, {sol.value[1]:.1f}; "
                f"exploitability {sol.exploitability_pct:.2f} % of the pot</div>"
            )
            if self._charts:
                self.last_chart = _projector(postflop_strategy(sol, self.line))
                self.chart_view.value = chart_svg(self.last_chart)
        else:
            self.buttons.children = []
            self.frame = None
            if kind == _CHANCE:
                self.summary.value = "the river is dealt: choose a card"
            else:
                self.summary.value = "the hand is over here (a fold or a showdown): go back"
            self.chart_view.value = ""

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return _with_picture(self.widget, self.last_chart, **kwargs)


class PostflopDrill:
    """The river trainer: a combination dealt from a solved spot's range at a node; click an action; scored in
    EV lost (chips) against the solution, with the equilibrium's mix for that combination shown.

    ``solution`` is a :class:`~pokerlab.solve.postflop.PostflopSolution` or the name of a shipped spot
    (:data:`pokerlab.solve.postflop_spots.SPOTS`, default ``"polar_river"``). ``quiz`` is the
    :class:`~pokerlab.solve.postflop_study.PostflopQuiz` underneath; a test answers with :meth:`choose`.
    """

    def __init__(
        self, solution: PostflopSolution | str = "polar_river", *, seed: int | None = None, depth: int = 2
    ) -> None:
        name = "spot"
        if isinstance(solution, str):
            name = solution
            solution = load_spot(solution)
        self.quiz = PostflopQuiz(_check(solution), seed=seed, depth=depth, name=name)
        self.board = w.HTML()
        self.question = w.HTML()
        self.buttons = w.Box(layout=_wrap_row())
        self.feedback = w.HTML()
        self.score = w.HTML()
        self.widget = w.VBox([self.board, self.question, self.buttons, self.feedback, self.score])
        self.widget.add_class("pl-postflop-drill")
        self.hand: PostflopDrillHand | None = None
        self.deal()

    def deal(self) -> None:
        """A new hand, with one button per action at its node."""
        hand = self.quiz.deal()
        self.hand = hand
        self.board.value = "<b>board</b> " + board_html(hand.board.split()) + f" &nbsp; pot {hand.pot}"
        who = "out of position" if hand.player == "oop" else "in position"
        before = html.escape(", ".join(hand.line)) if hand.line else "you act first"
        cards = board_html([hand.combo[:2], hand.combo[2:]])
        self.question.value = f"Hand {hand.number}: you are <b>{who}</b> with {cards} ({hand.hand}); {before}."
        colors = action_colors(hand.actions)
        buttons = []
        for a in hand.actions:
            b = w.Button(description=a, layout=_fit())
            b.style.button_color = colors[a]
            b.on_click(lambda button: self.choose(button.description))
            buttons.append(b)
        self.buttons.children = buttons

    def choose(self, action: str) -> None:
        """Answer the current hand (what a click does), show the verdict and the score, deal the next."""
        try:
            done = self.quiz.answer(action)
        except PokerlabError as exc:
            self.feedback.value = _error_html(str(exc))
            return
        good = done.lost <= 0.005 * done.pot
        head = (
            "<span style='color:#1e8449'><b>right</b></span>"
            if good
            else f"<span style='color:#c0392b'><b>EV lost {done.lost:.2f}</b></span> chips "
            f"({100 * done.lost / done.pot:.1f} % of the pot)"
        )
        evs = ", ".join(f"{html.escape(a)} {done.evs[a]:+.2f}" for a in done.actions)
        mix = ", ".join(f"{html.escape(a)} {100 * done.mix[a]:.0f} %" for a in done.actions if done.mix[a] >= 0.005)
        self.feedback.value = (
            f"<div class='pl-verdict'>{html.escape(done.combo)}, {html.escape(done.answer or '')}: {head}<br>"
            f"EV of each action: {evs}<br>the equilibrium plays {html.escape(done.combo)}: {mix}</div>"
        )
        self.score.value = "<pre>" + html.escape(self.quiz.summary()) + "</pre>"
        self.deal()

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)
