"""A BigHoldem table (its rules page): 2-10 players, a setup panel, watch mode, a leaderboard.

The setup panel has the fields of BigHoldem's page: *name*, *players*
(2-10, 10 by default), *hands*, *time* (minutes, 30 by default), *raises*
per phase (3 by default, 0 = unlimited), *money* (1,000 per player) and its
*unit* (Euro by default), *timer* (seconds between the simulated players'
moves), *ante* (a checkbox: "one chip of the minimum value"), *limit*,
*probability* (show your winning probability) and *table* (the bot in
every other seat, any of ``pokerlab.bots.names()``). With no name the game
is in **watch mode**: every seat is a bot.

Numbers are read as a person types them: ``"1000"``, ``" 1,000 "``; ``"1e3"``,
``"2.5"`` (where a whole number is asked) and an empty field are refused with
a message beside the field, never guessed. A name is 1-20 printable
characters ("O'Brien", "Tom & Jerry" are fine; it is escaped wherever it is
shown); ``#`` is kept for the bots' seat names.

The rules, as the page gives them: the first dealer is drawn at random and
the deal moves to the left, also after eliminations; the chips' value rises
at every elimination (the minimum chip is worth ``ceil(5 * players at the
start / players left)``, at least one more than before; blinds, ante and the
elimination line follow it: see :mod:`pokerlab.apps.session`); a player whose
stack falls below twice the minimum chip is eliminated (and keeps those few
chips, out of play: the last player in the game then holds nearly all the
chips, and "Game over" says how many and where the rest are). *raises per phase*
counts raises after the big blind (before the flop) or the opening bet, so 3
allows a bet and 3 raises. With two players the player left of the dealer
posts the small blind, as the page says (not the dealer, as in most heads-up
games). The game ends after *hands* hands,
after *time* minutes (checked between hands), when one player is left or
when you are eliminated; "abandon game" ends it at once (nothing recorded).

The winning probability is pokerlab's equity: yours against random hands,
or, in watch mode, every live seat's against the others' actual cards
(Monte Carlo, 4,000 samples, seeded). At the end the ranking by average win
per hand is shown and stored in the SQLite leaderboard
(:mod:`pokerlab.apps.leaderboard`): the ranking is updated after
interactive games only; watch games are kept in their own list.
"""

from __future__ import annotations

import asyncio
import html
import threading
import time
from dataclasses import asdict
from typing import Any

import ipywidgets as w
from IPython.display import display

from pokerlab import _validate, bots, charts
from pokerlab.apps.base import (
    MIN_THINK,
    ActionBar,
    Pacer,
    button,
    error_line,
    event_lines,
    notice_log,
    panel,
    parse_amount,
    status_after,
    status_before,
)
from pokerlab.apps.explain import outcome_lines
from pokerlab.apps.leaderboard import Leaderboard, Mode
from pokerlab.apps.session import Seat, TableSession
from pokerlab.apps.table_setup import MAX_NAME, BigHoldemSetup, validate_setup
from pokerlab.apps.table_view import SeatView, hand_pots, hand_seats, pot_note, table_html
from pokerlab.equities import equity
from pokerlab.errors import ParameterError, PokerlabError

__all__ = ["MAX_NAME", "BigHoldemApp", "BigHoldemSetup", "validate_setup"]


def _seats(setup: BigHoldemSetup, seed: int) -> list[Seat]:

    seats = []
    start = 0
    if not setup.watch:
        seats.append(Seat(setup.name))
        start = 1
    for i in range(start, setup.players):
        kind = setup.seat_bots[i]
        seats.append(Seat(f"{kind} #{i + 1}", bots.make(kind, seed=seed * 100 + i)))
    return seats


def _frame_html(rows: list[dict[str, Any]], columns: dict[str, str], css: str) -> str:
    """A small HTML table with readable headers; every cell escaped."""
    cell = 'style="padding:2px 12px 2px 0;text-align:left;white-space:nowrap"'  # columns never run together
    head = "".join(f"<th {cell}>{html.escape(label)}</th>" for label in columns.values())
    body = "".join(
        "<tr>" + "".join(f"<td {cell}>{html.escape(str(r[k]))}</td>" for k in columns) + "</tr>" for r in rows
    )
    table = f'<table class="{css}" style="border-collapse:collapse">'
    return f"{table}<thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def game_over_reason(s: TableSession) -> str:
    """Why a finished game ended, as the status line says it ("Game over: Ann won all the chips.").

    The session ends (see :mod:`pokerlab.apps.session`) when fewer than two seats are left in the game, when
    the person is eliminated, at the hand limit, or at the time limit; "abandon game" has its own message.
    A seat is eliminated when its stack falls below the elimination line, not only at zero: it keeps the
    chips it holds, out of play (they stay its final stack in the ranking). So the last seat in play has
    won *all* the chips only when the eliminated seats hold none; otherwise the reason says how many
    it holds and what became of the rest.
    """
    left = [t for t, out in enumerate(s.out) if not out]
    you = s.human
    if len(left) == 1:
        who = "you" if left[0] == you else s.seats[left[0]].name
        held, total = s.stacks[left[0]], sum(s.stacks)
        if held == total:
            return f"{who} won all the chips"
        return (
            f"{who} won: the last seat in play, with {held:,} of the {total:,} chips; the eliminated seats keep"
            f" the {total - held:,} they held below the elimination line, out of play (they count in their final"
            " stacks)"
        )
    if len(left) == 0:
        return "no seat has chips left"
    if you is not None and s.out[you]:
        return f"you were eliminated, with {len(left)} players left"
    if s.hands is not None and s.hand_number >= s.hands:
        return f"hand limit {s.hands:,} reached"
    if s.minutes is not None:
        minutes = f"{s.minutes:g} minute{'s' if s.minutes != 1 else ''}"
        return f"time limit {minutes} reached after {s.hand_number:,} hand{'s' if s.hand_number != 1 else ''}"
    return "no more hands to deal"


class BigHoldemApp:
    """The BigHoldem table: set up, play or watch, see the ranking and the leaderboard.

    ``defaults`` fill the setup fields (``BigHoldemApp(players=6, hands=12)``);
    ``leaderboard`` is a :class:`~pokerlab.apps.leaderboard.Leaderboard` (the
    default file when None).
    """

    def __init__(self, leaderboard: Any = None, seed: int | None = None, **defaults: Any) -> None:
        import random

        if seed is not None:
            seed = _validate.whole(
                seed, "seed", lo=0, hi=2**62 - 1, message="seed must be None or a whole number 0..2**62-1"
            )
        unknown = set(defaults) - set(BigHoldemSetup.__dataclass_fields__)
        if unknown:
            raise ParameterError(f"unknown setup fields {', '.join(sorted(unknown))}")
        _validate.instance(leaderboard, Leaderboard, "leaderboard must be a Leaderboard", optional=True)
        self.seed = random.randrange(2**31) if seed is None else seed
        self.leaderboard = leaderboard if leaderboard is not None else Leaderboard()
        self.session: TableSession | None = None
        self.setup: BigHoldemSetup | None = None
        self.pacer = Pacer(0.0)
        self.games_started = 0
        self.recorded_game: int | None = None
        self.recorded = False
        self._equity_key: Any = None
        self._equity_text = ""
        d = {**asdict(BigHoldemSetup()), **defaults}

        def text(key: str, label: str, value: Any, width: str = "16em", **kw: Any) -> w.Text:
            box = w.Text(value=str(value), description=label, layout=w.Layout(width=width), **kw)
            box.style.description_width = "6em"
            return box

        def field(widget: w.Widget, key: str, hint: str = "") -> w.HBox:
            widget.add_class(f"pl-setup-{key.replace('_', '-')}")
            err = panel(f"pl-error-{key.replace('_', '-')}")
            err.add_class("pl-field-error")
            self.errors[key] = err
            parts = [widget] + ([w.HTML(f'<span style="color:#666">{hint}</span>')] if hint else []) + [err]
            return w.HBox(parts)

        self.errors: dict[str, w.HTML] = {}
        # wide enough for the whole placeholder (and a 20-character name) beside its 6em label
        self.name = text("name", "name", d["name"], width="26em", placeholder="empty: watch the bots play")
        self.players = text("players", "players", d["players"])
        self.hands = text("hands", "hands", d["hands"])
        self.minutes = text("minutes", "time", _plain(d["minutes"]))
        self.raises = text("raises", "raises", d["raises_per_phase"])
        self.money = text("money", "money", d["starting_money"])
        self.unit = text("unit", "unit", d["unit"], width="10em")
        self.timer = text("timer", "timer", _plain(d["timer"]))
        self.ante = w.Checkbox(value=bool(d["ante"]), description="ante: one chip of the minimum value", indent=False)
        self.limit = w.ToggleButtons(options=["no-limit", "limit"], value="limit" if d["limit"] else "no-limit")
        self.probability = w.Checkbox(
            value=bool(d["show_probability"]), description="probability: show my winning probability", indent=False
        )
        seat_bots = tuple(d["seat_bots"]) + ("phase2",) * 10
        self.seat_boxes = [
            w.Dropdown(options=list(bots.names()), value=seat_bots[i], description=f"seat {i + 1}",
                       layout=w.Layout(width="14em"))
            for i in range(10)
        ]  # fmt: skip
        for i, box in enumerate(self.seat_boxes):
            box.add_class(f"pl-seat-{i + 1}")
            box.style.description_width = "4em"
        self.start_button = button("start", "pl-start")
        self.start_button.button_style = "success"
        self.start_button.on_click(lambda _: self.start())
        self.setup_message = panel("pl-setup-message")
        table_grid = w.GridBox(self.seat_boxes, layout=w.Layout(grid_template_columns="repeat(2, 15em)"))
        self.setup_box = w.VBox(
            [
                w.HTML("<h3 style='margin:4px 0'>BigHoldem: set up a game</h3>"),
                field(self.name, "name", "you play seat 1"),
                field(self.players, "players", "2 to 10"),
                field(self.hands, "hands", "the game ends after this many hands"),
                field(self.minutes, "minutes", "minutes (the game ends after this time)"),
                field(self.raises, "raises_per_phase", "per phase; 0 = unlimited"),
                field(self.money, "starting_money", "per player at the start"),
                field(self.unit, "unit", "the money unit"),
                field(self.timer, "timer", "seconds between the simulated players' moves"),
                field(self.ante, "ante"),
                field(self.limit, "limit"),
                field(self.probability, "show_probability"),
                w.HTML("<b>table</b>: the simulated player in each seat"),
                field(table_grid, "seat_bots"),
                w.HBox([self.start_button, self.setup_message]),
            ]
        )
        self.setup_box.add_class("pl-setup")
        self.players.observe(lambda _: self._seat_visibility(), names="value")
        self.name.observe(lambda _: self._seat_visibility(), names="value")
        self._seat_visibility()

        self.info = panel("pl-info")
        self.table = panel("pl-table-box")
        self.probability_view = panel("pl-probability")
        self.status = panel("pl-status")
        self.status.layout.min_height = "1.6em"
        self.actions = ActionBar(self._click, min_think=MIN_THINK)
        self.log = panel("pl-log")
        self.notice = panel("pl-notice")
        self.history = panel("pl-history")
        self.ranking_view = panel("pl-ranking")
        self.money_view = panel("pl-money-chart")
        self.leaderboard_view = panel("pl-leaderboard")
        self.new_game_button = button("new game", "pl-new-game")
        self.new_game_button.on_click(lambda _: self._new_game())
        self.abandon_button = button("abandon game", "pl-abandon")
        self.abandon_button.button_style = "danger"
        self.abandon_button.on_click(lambda _: self.abandon())
        self.log.layout.width = "50%"
        self.history.layout.width = "50%"
        self.play_box = w.VBox(
            [
                self.info,
                self.table,
                self.probability_view,
                self.status,
                self.actions.widget,
                w.HBox([self.abandon_button, self.new_game_button]),
                self.notice,
                self.ranking_view,
                self.money_view,
                w.HBox([self.log, self.history]),
            ]
        )
        self.play_box.add_class("pl-play")
        self.widget = w.VBox([self.setup_box, self.play_box, self.leaderboard_view])
        self.widget.add_class("pl-app")
        self.widget.add_class("pl-bigholdem")
        self.play_box.layout.display = "none"
        self._show_leaderboard()
        self._chart_task: Any = None
        _warm_charts()  # the chips chart at the end of the game must not wait for altair's import

    # -- setup ---------------------------------------------------------------
    def _seat_visibility(self) -> None:
        watch = not self.name.value.strip()
        n = parse_amount(self.players.value) or 0
        for i, box in enumerate(self.seat_boxes):
            box.layout.display = None if ((0 if watch else 1) <= i < n) else "none"

    def values(self) -> dict[str, Any]:
        """The raw setup values from the fields (text as typed)."""
        return {
            "name": self.name.value,
            "players": self.players.value,
            "hands": self.hands.value,
            "minutes": self.minutes.value,
            "raises_per_phase": self.raises.value,
            "starting_money": self.money.value,
            "unit": self.unit.value,
            "timer": self.timer.value,
            "ante": self.ante.value,
            "limit": self.limit.value == "limit",
            "show_probability": self.probability.value,
            "seat_bots": tuple(b.value for b in self.seat_boxes),
        }

    def start(self) -> bool:
        """Check the setup and start the game; False (with messages beside the fields) if it is refused."""
        if self.session is not None and not self.session.finished:
            return False
        setup, errors = validate_setup(**self.values())
        for key, box in self.errors.items():
            box.value = (
                f'<span style="color:#c0392b">&#9888; {html.escape(errors[key])}</span>' if key in errors else ""
            )
        if setup is None:
            self.setup_message.value = '<span style="color:#c0392b">Please correct the fields marked &#9888;.</span>'
            return False
        self.setup_message.value = ""
        self.setup = setup
        self.games_started += 1
        seed = self.seed + self.games_started - 1
        try:
            self.session = TableSession(
                setup.rules(), _seats(setup, seed), hands=setup.hands, minutes=setup.minutes, seed=seed,
                rising_chips=True,
            )  # fmt: skip
        except PokerlabError as exc:
            self.errors["players"].value = error_line(exc)
            return False
        self.recorded_game = None
        self.recorded = False
        self.notice.value = ""
        self.pacer = Pacer(setup.timer)
        self.setup_box.layout.display = "none"
        self.play_box.layout.display = None
        self.new_game_button.layout.display = "none"
        self.abandon_button.layout.display = None
        self.ranking_view.value = self.money_view.value = ""
        self._next()
        return True

    def abandon(self) -> None:
        """End the game now, without recording it, and go back to the setup."""
        if self.session is None:
            return
        self.pacer.cancel()
        hand = self.session.hand_number
        self.session = None
        self.play_box.layout.display = "none"
        self.setup_box.layout.display = None
        self.setup_message.value = (
            f'<span class="pl-abandoned">Game abandoned after {hand} finished hand{"s" if hand != 1 else ""}: '
            "nothing was recorded.</span>"
        )

    def _new_game(self) -> None:
        if self.session is not None and not self.session.finished:
            return
        self.session = None
        self.play_box.layout.display = "none"
        self.setup_box.layout.display = None

    # -- play ----------------------------------------------------------------
    def _next(self) -> None:
        """Move the game on: bots act, hands are dealt, until the person's turn or the end.

        At timer 0 the bots play in slices with the table redrawn between them, so a watch game shows
        its hands as they go and "abandon game" is answered at once (see :class:`~pokerlab.apps.base.Pacer`).
        """
        self.pacer.run(self._step, self._render, tick=self._render)

    def _step(self) -> bool:
        s = self.session
        if s is None:
            return False
        if s.state is None or s.state.is_over:
            if not s.start_hand():
                self._finish()
                return False
        elif s.human_to_act:
            return False
        else:
            s.bot_step()
        if self.pacer.delay > 0:
            self._render()
        return not s.human_to_act

    def _click(self, action: Any) -> None:
        s = self.session
        if s is None or not self.pacer.guard() or not s.human_to_act:
            return
        try:
            s.human_act(action)
        except PokerlabError as exc:
            self.status.value = error_line(exc)
            return
        self._next()
        self._render()

    def _finish(self) -> None:
        """Store the finished game (once); a locked or broken file never loses it or stops the page."""
        s = self.session
        if s is None or self.setup is None or self.recorded:
            return
        self.recorded = True
        ranking = s.ranking()
        settings = {k: v for k, v in asdict(self.setup).items() if k != "seat_bots"}
        settings["seats"] = [seat.name for seat in s.seats]
        mode: Mode = "watch" if self.setup.watch else "interactive"
        try:
            self.recorded_game = self.leaderboard.record(ranking.to_dict("records"), settings, mode=mode)
        except Exception as exc:  # the page must survive any storage failure, and say so
            self.notice.value = (
                f'<span class="pl-error">The leaderboard could not be written: {html.escape(str(exc))}</span>'
            )
            return
        if self.recorded_game is None:
            self.notice.value = (
                '<span class="pl-leaderboard-pending">The leaderboard could not be written now (the file is '
                "locked by another program, or failing): this game is kept beside it and will be written with "
                "the next one.</span>"
            )

    # -- what you see --------------------------------------------------------
    def _equity(self) -> str:
        s = self.session
        assert s is not None and s.state is not None and self.setup is not None
        if not self.setup.show_probability or s.state.is_over:
            return ""
        state = s.state
        key = (self.games_started, state.hand_number, state.street, tuple(state.folded))  # a new game: new key
        if key == self._equity_key:
            return self._equity_text

        live = [k for k in range(state.n) if not state.folded[k]]
        names = s.names_in_hand()
        me = s.hand_seat_of_human
        if me is not None:
            if state.folded[me]:
                return ""
            e = equity(state.hole[me], board=state.board, opponents=len(live) - 1, samples=4000, seed=1)
            others = len(live) - 1
            hands = f"{others} random hand{'s' if others != 1 else ''}"
            text = f"Your winning probability now: <b>{e.equity[0]:.1%}</b> (against {hands})"
        else:
            e = equity(*[state.hole[k] for k in live], board=state.board, samples=4000, seed=1)
            text = "Winning probabilities: " + ", ".join(
                f"{html.escape(names[k])} {p:.1%}" for k, p in zip(live, e.equity, strict=True)
            )
        self._equity_key, self._equity_text = key, text
        return text

    def _info(self) -> str:
        s = self.session
        assert s is not None and s.state is not None and self.setup is not None
        state = s.state
        r = s.hand_rules or s.rules
        left = sum(not o for o in s.out)
        chips = (
            f' <span class="pl-chip-value">(minimum chip {s.chip_value}, {s.base_chip} at the start: '
            f"{left} of {len(s.seats)} players left)</span>"
            if s.chip_value != s.base_chip
            else ""
        )
        cap = self.setup.raises_per_phase or "unlimited"
        bets = f"bets {'/'.join(map(str, r.bet_sizes))}" if r.bet_sizes else "no-limit"
        ante = f" &middot; ante {r.ante}" if r.ante else ""
        if state.n == 2:  # BigHoldem's rule, not the usual heads-up convention: say it
            sb = "the dealer" if r.heads_up_reverse_blinds else "the player left of the dealer"
            ante += f' &middot; <span class="pl-heads-up-blinds">two players: {sb} posts the small blind</span>'

        minutes_left = max(0.0, self.setup.minutes - (time.monotonic() - s._started) / 60)
        return (
            '<div style="background:#f4f1e8;padding:3px 8px;border-radius:4px">'
            f'<b class="pl-hand-number">Hand {state.hand_number + 1} of {s.hands}</b> &middot; {state.street.value} '
            f"&middot; {'limit' if r.bet_sizes else 'no-limit'} &middot; "
            f'<span class="pl-blinds">blinds {r.small_blind}/{r.big_blind}</span>{chips}{ante} &middot; '
            f"{bets if r.bet_sizes else ''}{' &middot; ' if r.bet_sizes else ''}raises per phase: {cap} &middot; "
            f"about {minutes_left:.0f} min left{' &middot; watch mode' if self.setup.watch else ''}</div>"
        )

    def _render(self) -> None:
        s = self.session
        if s is None or s.state is None or self.setup is None:
            return
        state = s.state
        names = s.names_in_hand()
        me = s.hand_seat_of_human
        mine = s.human_to_act and not self.pacer.busy
        if s.finished:
            status = f'<span class="pl-game-over">Game over: {html.escape(game_over_reason(s))}.</span>'
        elif mine:
            status = '<span class="pl-your-turn">Your turn.</span>'
        else:
            status = "<span>The bots are playing&hellip;</span>"
        last = s.history[-1] if s.history and s.history[-1].state is not state else None
        earlier = ""
        if last is not None and last.state is not None:  # the next hand is dealt at once: keep this in sight
            words = outcome_lines(last.state, last.names, last.you)
            earlier = f'<div class="pl-last-hand"><b>Last hand (hand {last.number})</b><br>{"<br>".join(words)}</div>'
            if mine:
                won = [line for line in words if " the pot " in line or "side pot" in line]
                status += f' <span class="pl-last-hand-result">Last hand: {"; ".join(won)}.</span>'
        status_before(self.status, status)
        hand_seat = {t: k for k, t in enumerate(s._seat_of)}
        in_hand = hand_seats(state, names, me, reveal=me is None)
        seats = []
        for t, seat in enumerate(s.seats):
            k = hand_seat.get(t)
            if k is None:
                seats.append(SeatView(name=seat.name, stack=s.stacks[t], out=True, you=seat.is_human))
            else:
                seats.append(in_hand[k])
        middle = 0 if state.is_over else state.pot  # a paid pot is in the winners' stacks: never counted twice
        self.table.value = table_html(
            seats, state.board, middle, unit=self.setup.unit, pot_note=pot_note(state), pots=hand_pots(state)
        )
        self.info.value = self._info()
        self.probability_view.value = self._equity()
        self.actions.show(state if mine else None)
        self.log.value = (
            "<div><b>This hand</b></div><div>" + "<br>".join(event_lines(state, names, me)[-16:]) + "</div>" + earlier
        )
        if s.notices and "pl-leaderboard" not in self.notice.value and "pl-error" not in self.notice.value:
            self.notice.value = notice_log(s.notices)
        self.history.value = "<div><b>History</b></div>" + "".join(
            f'<div class="pl-history-hand">{html.escape(h.text)}</div>' for h in reversed(s.history[-30:])
        )
        if s.finished:
            self._finish()
            self.abandon_button.layout.display = "none"
            self.new_game_button.layout.display = None
            rows = s.ranking().to_dict("records")
            for r in rows:
                hand = s.eliminated_at.get(r["player"])
                r["eliminated"] = f"after hand {hand}" if hand is not None else ""
                r["average_per_hand"] = f"{r['average_per_hand']:+.2f}"
                r["won"] = f"{r['won']:+d}"
            columns = {
                "rank": "rank", "player": "player", "kind": "kind", "hands": "hands played", "won": "won",
                "average_per_hand": "average win per hand", "final_stack": "final stack", "eliminated": "eliminated",
            }  # fmt: skip
            self.ranking_view.value = "<h4>Ranking by average win per hand</h4>" + _frame_html(
                rows, columns, "pl-ranking-table"
            )
            self._show_leaderboard()
            if not self.money_view.value:
                self._draw_money_chart(s.money(), f"chips ({self.setup.unit}) after each hand")
        status_after(self.status, status)  # last: whoever sees it sees the table, log, history and ranking

    def _draw_money_chart(self, money: Any, title: str) -> None:
        """The chips chart: drawn off the event loop in a kernel (the page answers clicks meanwhile).

        The first chart of a kernel imports altair and starts vl-convert (seconds); done on the
        event loop, that froze the page after "Game over.". In a kernel the chart is drawn in a
        worker thread (after the warm-up :func:`_warm_charts` began when the app was built) and
        put in place when ready; in a script it is drawn at once.
        """
        game = self.games_started

        def draw() -> str:

            with _CHART_LOCK:
                return str(charts.chart_svg(charts.money_chart(money, title)))

        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # a script: draw it now
            self.money_view.value = draw()
            return
        self.money_view.value = '<span class="pl-chart-pending">drawing the chips chart&hellip;</span>'

        async def put() -> None:
            try:
                svg = await loop.run_in_executor(None, draw)
            except Exception as exc:  # a chart that cannot be drawn must not break the page
                svg = f'<span class="pl-error">The chips chart could not be drawn: {html.escape(str(exc))}</span>'
            if game == self.games_started and self.session is not None:
                self.money_view.value = svg

        self._chart_task = loop.create_task(put())

    def _show_leaderboard(self) -> None:
        columns = {
            "player": "player", "kind": "kind", "hands": "hands", "won": "won",
            "average_per_hand": "average win per hand", "played_at": "played at",
        }  # fmt: skip
        parts = []
        shown: tuple[tuple[Mode, str, str], ...] = (
            ("interactive", "Ranking (interactive games)", "pl-leaderboard-table"),
            ("watch", "Watch games (bots only)", "pl-watch-table"),
        )
        for mode, title, css in shown:
            try:
                top = self.leaderboard.top(10, mode=mode)
            except Exception as exc:  # a locked or broken file must not break the page
                parts.append(f"<h4>{title}</h4><div>cannot read the leaderboard now: {html.escape(str(exc))}</div>")
                continue
            if top.empty:
                parts.append(f"<h4>{title}</h4><div>no games yet</div>")
                continue
            rows = top.to_dict("records")
            for r in rows:
                r["average_per_hand"] = f"{r['average_per_hand']:+.2f}"
                r["won"] = f"{r['won']:+d}"
            parts.append(f"<h4>{title}</h4>" + _frame_html(rows, columns, css))
        self.leaderboard_view.value = "".join(parts)

    def _ipython_display_(self) -> None:
        display(self.widget)


_CHART_LOCK = threading.Lock()  # one vl-convert drawing at a time (the warm-up and a game's chart)
_WARMED: list[threading.Thread] = []


def _warm_charts() -> threading.Thread:
    """Import altair and start vl-convert in a background thread (once per process), so the first chart is quick.

    Returns the thread (already started); later calls return the same one.
    """
    if _WARMED:
        return _WARMED[0]

    def warm() -> None:
        import contextlib

        import pandas as pd

        with contextlib.suppress(Exception), _CHART_LOCK:  # a warm-up only: the real chart reports its own errors
            charts.chart_svg(charts.money_chart(pd.DataFrame({"a": [1, 2]})))

    thread = threading.Thread(target=warm, name="pokerlab-warm-charts", daemon=True)
    _WARMED.append(thread)
    thread.start()
    return thread


def _plain(v: Any) -> str:
    """A number as a person would type it: 30.0 -> "30"."""
    return f"{v:g}" if isinstance(v, float) else str(v)
