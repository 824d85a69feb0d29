"""Tables for lessons 04 and 09: play a hand against bots, and replay a recorded hand."""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as w
from IPython.display import display

from pokerlab import _validate, bots as _bots, charts
from pokerlab.apps.base import ActionBar, error_line, event_lines
from pokerlab.apps.session import Seat, TableSession
from pokerlab.apps.table_view import hand_seats, pot_note, table_html
from pokerlab.cards import cards_html
from pokerlab.charts import chart_svg
from pokerlab.errors import ParameterError, PokerlabError
from pokerlab.game import NO_LIMIT_RING, Rules
from pokerlab.game.phh import read_hand
from pokerlab.game.replay import study_hand
from pokerlab.game.state import HandState
from pokerlab.widgets._common import _beside, _projector, _with_picture, _wrap_row


class TableWidget:
    """A poker table in a notebook: you play one seat with buttons, bots play the others.

    A thin view over the browser apps' pieces: the game is a
    :class:`pokerlab.apps.session.TableSession` (who deals, the blinds, the
    seeds, bots that fail get the default action and a notice), the buttons
    are the apps' :class:`pokerlab.apps.base.ActionBar` (only the legal
    actions, each labelled with the amount a click plays; an amount out of
    range is refused, never clamped), the table is drawn by
    :func:`pokerlab.apps.table_view.table_html` and the hand is told by
    :func:`pokerlab.apps.base.event_lines`. So the same clicks on this widget
    and on :class:`pokerlab.apps.HeadsUpApp` (same rules, bot and seed) play
    the same hands.

    Chips carry over between hands; a seat that busts gets the starting
    stack back (``TableSession(rebuy=True)``). The first hand is dealt by
    seat 0 and the deal moves one seat each hand. Buttons and panels carry
    stable CSS classes (``pl-fold``, ``pl-check``, ``pl-call``, ``pl-bet``,
    ``pl-raise``, ``pl-deal``, ``pl-pot``, ``pl-stack``, ``pl-board``,
    ``pl-log``). ``fold_button``, ``check_button``, ``call_button``,
    ``raise_button`` (the bet button when nobody has bet yet), ``amount``
    (the raise-to box, text) and ``deal_button`` are the bar's widgets;
    ``state`` is the hand in play and ``history`` the PHH text of every
    finished hand; ``hand_listeners`` are called with the finished hand
    and the names by seat when a hand ends (:class:`~pokerlab.widgets.HUD`).
    """

    def __init__(
        self,
        rules: Any = None,
        opponents: list[Any] | None = None,
        human_seat: int = 0,
        seed: int = 0,
        name: str = "you",
    ) -> None:
        if rules is not None:
            Rules.checked(rules)
        _validate.instance(
            opponents,
            (list, tuple),
            "opponents must be a list of bots (with name and act)",
            check=lambda opponents: all(
                callable(getattr(b, "act", None)) and isinstance(getattr(b, "name", None), str) for b in opponents
            ),
            optional=True,
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
        self.opponents = list(opponents) if opponents is not None else [_bots.make("random", seed=seed + 1)]
        self.n = len(self.opponents) + 1
        self.rules.check_players(self.n)
        human_seat = _validate.whole(
            human_seat, "human_seat", lo=0, hi=self.n - 1, message=f"human_seat must be 0..{self.n - 1}"
        )
        self.human_seat = human_seat
        self.name = name
        self.seed = seed
        bots = iter(self.opponents)
        seats, taken = [], {name}
        for seat in range(self.n):
            if seat == human_seat:
                seats.append(Seat(name))
                continue
            bot = next(bots)
            label = str(getattr(bot, "name", "bot"))
            if label in taken:  # two bots of a kind: the session needs a name per seat
                label = f"{label} #{seat}"
            taken.add(label)
            seats.append(Seat(label, bot))
        self.session = TableSession(self.rules, seats, seed=seed, first_dealer=0, rebuy=True)
        self.history: list[str] = []
        self.hand_listeners: list[Any] = []  # called as listener(state, names by seat) when a hand ends
        self.table = w.HTML()
        self.pot = w.HTML()
        self.pot.add_class("pl-pot")
        self.stack_view = w.HTML()
        self.stack_view.add_class("pl-stack")
        self.log = w.HTML()
        self.log.add_class("pl-log")
        self.actions = ActionBar(self._click)
        self.fold_button = self.actions.fold
        self.check_button = self.actions.check
        self.call_button = self.actions.call
        self.amount = self.actions.amount
        self.deal_button = w.Button(description="deal next hand")
        self.deal_button.add_class("pl-deal")
        self.deal_button.on_click(lambda _: self.deal())
        # the deal button on the row of the action buttons, so the table fits a 1280x720 slide (the table keeps the
        # whole width: at 2.1:1 and at least 380 px high it needs 800 px)
        self.widget = w.VBox(
            [self.table, w.HBox([self.pot, self.stack_view]),
             w.HBox([self.actions.widget, self.deal_button], layout=_wrap_row()), self.log]
        )  # fmt: skip
        self.widget.add_class("pl-table")
        self.deal()

    # -- what the notebook reads -------------------------------------------------
    @property
    def state(self) -> HandState:
        """The hand in play (or just finished)."""
        state = self.session.state
        assert state is not None  # the constructor dealt the first hand, and a hand stays until the next is dealt
        return state

    @property
    def stacks(self) -> list[int]:
        """Everyone's chips between hands, by seat."""
        return list(self.session.stacks)

    @property
    def hand_number(self) -> int:
        """The hand in play, counted from 0."""
        return self.session.state.hand_number if self.session.state is not None else -1

    @property
    def raise_button(self) -> w.Button:
        """The bar's bet button when nobody has bet on this street yet, its raise button otherwise."""
        s = self.session.state
        opening = s is not None and s.actor is not None and s.current_bet == 0
        return self.actions.bet if opening else self.actions.raise_

    # -- playing -----------------------------------------------------------------
    def deal(self) -> None:
        """Start the next hand (a click while a hand is in play is ignored)."""
        s = self.session.state
        if s is not None and not s.is_over:
            return
        self.session.start_hand()
        self._bots()

    def _click(self, action: Any) -> None:
        if not self.session.human_to_act:
            return  # a click after the hand is over: ignored
        try:
            self.session.human_act(action)
        except PokerlabError as exc:
            self.log.value = error_line(exc) + self.log.value
            return
        self._bots()

    def _bots(self) -> None:
        """Let the bots move until it is your turn or the hand is over, then draw the table."""
        while self.session.bot_step() is not None:
            pass
        s = self.session.state
        if s is not None and s.is_over and len(self.history) < len(self.session.history):
            self.history.append(s.to_phh())
            for listener in self.hand_listeners:  # e.g. a HUD counting the hand
                listener(s, list(self.session.names_in_hand()))
        self._render()

    # -- drawing -------------------------------------------------------------------
    def _render(self) -> None:
        session, s = self.session, self.session.state
        assert s is not None  # the widget deals its first hand on construction
        me = session.hand_seat_of_human
        names = session.names_in_hand()
        self.table.value = table_html(hand_seats(s, names, me), s.board, s.pot, pot_note=pot_note(s))
        self.pot.value = f"<b>Pot: {s.pot}</b> &nbsp; ({s.street.value}) &nbsp; "
        self.stack_view.value = f"Your stack: {s.stacks[me]}" if me is not None else ""
        self.actions.show(s if session.human_to_act else None)
        self.deal_button.disabled = not s.is_over
        lines = event_lines(s, names, me) + [html.escape(n) for n in session.notices[-3:]]
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

        _validate.flag(charts, "charts")
        if isinstance(hand, (str, Path)):
            hand = read_hand(hand, number)
        elif _validate.whole(number, "number") != 1:
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
        # the step, the situation and the log in a column beside the chart (stacked, they ran 70 px off a live
        # 1280x720 slide once its text was at the slide's 16 px)
        self.widget = _beside(
            [w.HBox([self.previous_button, self.step, self.next_button], layout=_wrap_row()), self.situation, self.log],
            [self.chart_view],
            controls_width=440,
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
        if self._charts:  # drawn first: the new numbers appear with their chart (the last step shows every street)
            chart = _projector(self.chart(3 if k == len(study.decisions) - 1 else d.street.index))
            svg = self._chart_svg(chart)
        self.situation.value = (
            f"<p><b>{d.street.value}</b> &nbsp; {board} &nbsp; pot <b>{money(d.pot)}</b></p>"
            f"<p><b>{html.escape(d.player)}</b>: {html.escape(d.action)} &nbsp; ({odds})</p>{table}"
        )
        done = [f"{html.escape(x.player)} {html.escape(x.action)}" for x in study.decisions[: k + 1]]
        result = f"<br><i>{html.escape(study.result)}</i>" if k == len(study.decisions) - 1 else ""
        self.log.value = f"<p style='font-size:smaller'>{' &middot; '.join(done)}{result}</p>"
        if self._charts:
            self.last_chart = chart
            self.chart_view.value = svg

    def chart(self, upto: int | None = None) -> Any:
        """The equity-by-street chart, up to street index ``upto`` (default: the street shown)."""

        if upto is None:
            upto = self.decision.street.index if self.decision is not None else 3
        return charts.equity_by_street_chart(self.study, upto=upto, title="equity of the known hands by street")

    def _chart_svg(self, chart: Any) -> str:

        return chart_svg(chart)

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return _with_picture(self.widget, self.last_chart, **kwargs)
