"""Tables for lessons 04 and 09: play a hand against bots, and replay a recorded hand."""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as w
from IPython.display import display

from pokerlab.cards import cards_html
from pokerlab.errors import ParameterError, PokerlabError
from pokerlab.widgets._common import _error_html, _with_picture


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
        from pokerlab import _validate
        from pokerlab.bots import RandomBot
        from pokerlab.game import NO_LIMIT_RING, Rules

        if rules is not None and not isinstance(rules, Rules):
            raise ParameterError(f"rules must be a Rules (or None for no-limit ring), not {_validate._show(rules)}")
        if opponents is not None and (
            not isinstance(opponents, (list, tuple))
            or not all(
                callable(getattr(b, "act", None)) and isinstance(getattr(b, "name", None), str) for b in opponents
            )
        ):
            raise ParameterError(
                f"opponents must be a list of bots (with name and act), not {_validate._show(opponents)}"
            )
        _validate.whole(human_seat, "human_seat")
        _validate.seed(seed, optional=False)
        _validate.text(name, "name")
        if opponents is not None:
            rules_ = rules or NO_LIMIT_RING
            if not rules_.min_players <= len(opponents) + 1 <= rules_.max_players:
                raise ParameterError(
                    f"opponents: {rules_.name} seats {rules_.min_players} to {rules_.max_players} players, "
                    f"so give {rules_.min_players - 1} to {rules_.max_players - 1} opponents, not {len(opponents)}"
                )
        self.rules = rules or NO_LIMIT_RING
        self.opponents = opponents if opponents is not None else [RandomBot(seed=seed + 1)]
        self.n = len(self.opponents) + 1
        self.rules.check_players(self.n)
        if not 0 <= human_seat < self.n:
            raise ParameterError(f"human_seat must be 0..{self.n - 1}, not {human_seat}")
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
        elif type(number) is not int or number != 1:
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
