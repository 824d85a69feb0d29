"""Lesson 11's push/fold widgets: the equilibrium explorer (a stack slider) and the drill scored in EV lost."""

from __future__ import annotations

import html
from typing import TYPE_CHECKING, Any

import ipywidgets as w

from pokerlab import _validate
from pokerlab.charts import chart_svg
from pokerlab.errors import PokerlabError
from pokerlab.solve.pushfold import PushFoldQuiz, PushFoldSide, push_fold
from pokerlab.widgets._common import _WIDE, _beside, _error_html, _fit, _inline, _projector, _with_picture

if TYPE_CHECKING:  # pragma: no cover
    from pokerlab.solve.pushfold import DrillHand, PushFoldResult

__all__ = ["PushFoldDrill", "PushFoldExplorer"]


_ANTES = (0.0, 0.1, 0.125, 0.25)
"""The explorer's ante menu, in big blinds."""


def _exploitability(value: float) -> str:
    """The equilibrium's exploitability as the explorer prints it: 0 below 1e-9 (the LP's solution is exact, and
    what is left, such as 5.6e-17, is floating-point rounding), else in scientific notation."""
    return "0 (to rounding)" if abs(value) < 1e-9 else f"{value:.1e}"


class PushFoldExplorer:
    """A stack slider (1-25 bb in 0.1 bb steps) and an ante; shows the exact jam or call grid.

    Each move solves the game afresh (an LP, a few hundredths of a second); ``result`` holds the
    :class:`~pokerlab.solve.pushfold.PushFoldResult`, ``summary`` the shares, value and
    exploitability (shown above the grid, in ``chart_view``), and the grid's tooltip the EV of each
    action per class: rest the mouse on a cell (:func:`pokerlab.charts.chart_svg` gives each cell its
    tooltip).

    The controls sit in a column beside the numbers and the grid (it fits a 1280x720 slide), and the
    numbers change only with the grid: each move draws the new grid first, then shows both in one
    widget (drawing takes about a second; the numbers used to stand above the old grid meanwhile).
    """

    def __init__(self, stack_bb: float = 10.0, side: str = "jam", ante_bb: float = 0.0, charts: bool = True) -> None:

        stack = _validate.real(stack_bb, "stack_bb", lo=1.0, hi=25.0)
        side = _validate.member(PushFoldSide, side, "side").value
        ante = _validate.real(ante_bb, "ante_bb", lo=0.0, hi=1.0)  # 0, 1/8 and numpy floats are numbers too
        said = f"ante_bb must be one of {', '.join(f'{a:g}' for a in _ANTES)} (the menu), not {ante:g}"
        _validate.choice(ante, "ante_bb", _ANTES, message=said)
        self._charts = _validate.flag(charts, "charts")
        self.stack = w.FloatSlider(
            value=round(stack, 1), min=1.0, max=25.0, step=0.1, description="stack (bb)", readout_format=".1f"
        )
        self.side = w.ToggleButtons(
            options=[("small blind jams", "jam"), ("big blind calls", "call")],
            value=side,
            description="show",
            style=_WIDE,
            layout=_inline(),
        )
        self.ante = w.Dropdown(
            options=list(_ANTES), value=ante, description="ante (bb)", style={"description_width": "initial"}
        )
        self.summary = w.HTML()
        self.chart_view = w.HTML()
        self.result: PushFoldResult | None = None
        self.last_chart: Any = None
        for box in (self.stack, self.side, self.ante):
            box.observe(lambda _: self.update(), names="value")
        # summary: the numbers as text; the view shows them above the grid, in the chart's own widget
        self.widget = _beside([self.stack, self.ante, self.side], [self.chart_view])
        self.widget.add_class("pl-pushfold-explorer")
        self.update()

    def update(self) -> None:

        try:
            r = push_fold(float(self.stack.value), ante_bb=float(self.ante.value))
        except PokerlabError as exc:
            self.summary.value = _error_html(str(exc))
            self.chart_view.value = self.summary.value
            return
        summary = (
            f"<b>{r.stack_bb:g} bb</b>: the small blind jams {100 * r.jam_share:.1f} % of hands, the big blind "
            f"calls {100 * r.call_share:.1f} %; value {r.value:+.4f} bb per hand for the small blind; "
            f"exploitability {_exploitability(r.exploitability)} bb"
        )
        if self._charts:  # drawn before anything is shown: the numbers never stand beside the old grid
            chart = _projector(r.chart(self.side.value))
            svg = chart_svg(chart)
            self.result, self.last_chart = r, chart
            self.summary.value = summary
            # the numbers and the grid in ONE widget: two widgets are two messages, and a browser drew the new
            # numbers beside the old grid in a frame or two between them (measured on a RISE slide)
            self.chart_view.value = f"<div class='pl-summary'>{summary}</div>{svg}"
        else:
            self.result = r
            self.summary.value = summary
            self.chart_view.value = f"<div class='pl-summary'>{summary}</div>"

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return _with_picture(self.widget, self.last_chart, **kwargs)


class PushFoldDrill:
    """Deals a random class, seat and stack; you click jam/fold (or call/fold); scored in EV lost.

    The score is the expected value given up against the equilibrium opponent, in big blinds
    (a mixed class loses nothing either way), with the running total and the costliest mistakes.
    ``stack_bb`` fixes the stack (default: a random 2-20 bb each hand). ``quiz`` is the
    :class:`~pokerlab.solve.pushfold.PushFoldQuiz` underneath; a test clicks with :meth:`choose`.
    """

    def __init__(self, stack_bb: float | None = None, seed: int | None = None) -> None:

        self.quiz = PushFoldQuiz(stack_bb, seed=seed)
        self.question = w.HTML()
        self.buttons = [w.Button(description=a, layout=_fit()) for a in ("jam", "call", "fold")]
        for b in self.buttons:
            b.on_click(lambda button: self.choose(button.description))
        self.feedback = w.HTML()
        self.score = w.HTML()
        self.widget = w.VBox([self.question, w.HBox(self.buttons), self.feedback, self.score])
        self.widget.add_class("pl-pushfold-drill")
        self.hand: DrillHand | None = None
        self.deal()

    def deal(self) -> None:
        """A new hand: only the two answers of its seat are enabled."""
        self.hand = self.quiz.deal()
        self.question.value = f"<b>{html.escape(self.hand.prompt())}</b>"
        for b in self.buttons:
            b.disabled = b.description not in self.hand.answers

    def choose(self, action: str) -> None:
        """Answer the current hand (what a click does), show the verdict and the score, deal the next."""

        try:
            done = self.quiz.answer(action)
        except PokerlabError as exc:
            self.feedback.value = _error_html(str(exc))
            return
        self.feedback.value = f"{html.escape(done.hand)} at {done.stack_bb:g} bb: {html.escape(done.verdict().strip())}"
        self.score.value = "<pre>" + html.escape(self.quiz.summary()) + "</pre>"
        self.deal()

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)
