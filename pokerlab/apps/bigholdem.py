"""A BigHoldem table (seed 002): 2-10 players, a setup panel, watch mode, a leaderboard.

The setup panel asks for your name, the number of players (2-10), the
number of hands and minutes after which the game ends, the raises allowed
per phase (0 = unlimited), the starting money, the ante, limit or
no-limit, whether to show your winning probability, how fast the bots
play, and a bot for every other seat (any of ``pokerlab.bots.names()``).
With no name the game is in **watch mode**: every seat is a bot.

Values out of range are refused with a message beside the field; a name
is at most 20 characters, and one with markup characters (``<>&"'``) is
refused (every name is also escaped wherever it is shown). The winning
probability is pokerlab's equity: yours against random hands, or, in watch
mode, every live seat's against the others' actual cards (Monte Carlo,
4,000 samples, seeded). At the end the ranking by average win per hand is
shown and stored in the SQLite leaderboard (:mod:`pokerlab.apps.leaderboard`).
"""

from __future__ import annotations

import html
from dataclasses import asdict, dataclass
from typing import Any

import ipywidgets as w
from IPython.display import display

from pokerlab.apps.base import ActionBar, Pacer, button, error_line, event_lines, panel
from pokerlab.apps.session import Seat, TableSession
from pokerlab.cards import cards_html
from pokerlab.errors import PokerlabError
from pokerlab.game.state import Showdown

__all__ = ["SPEEDS", "BigHoldemApp", "BigHoldemSetup", "validate_setup"]

SPEEDS = {"instant": 0.0, "fast": 0.05, "normal": 0.4, "slow": 1.0}
MAX_NAME = 20
_MARKUP = set("<>&\"'`")


@dataclass(frozen=True)
class BigHoldemSetup:
    """A checked game setup (build one with :func:`validate_setup`)."""

    name: str = ""
    players: int = 10
    hands: int = 50
    minutes: float = 10.0
    raises_per_phase: int = 3
    starting_money: int = 1000
    ante: int = 0
    limit: bool = False
    show_probability: bool = False
    seat_bots: tuple[str, ...] = ("phase2",) * 10
    speed: str = "normal"

    @property
    def watch(self) -> bool:
        return self.name == ""

    def rules(self) -> Any:
        """seed 002's rules with these settings (blinds 5/10; limit bets 10/10/20/20)."""
        from pokerlab.game import BIGHOLDEM, BettingStructure

        cap = (self.raises_per_phase,) * 4 if self.raises_per_phase else (None,) * 4
        return BIGHOLDEM.with_(
            structure=BettingStructure.FIXED_LIMIT if self.limit else BettingStructure.NO_LIMIT,
            bet_sizes=(10, 10, 20, 20) if self.limit else None,
            raise_cap=cap,
            starting_stack=self.starting_money,
            ante=self.ante,
            default_players=self.players,
        )


_RANGES = {
    "players": (2, 10),
    "hands": (1, 10_000),
    "minutes": (0.1, 240.0),
    "raises_per_phase": (0, 10),
    "starting_money": (100, 1_000_000),
    "ante": (0, 100),
}


def validate_setup(**values: Any) -> tuple[BigHoldemSetup | None, dict[str, str]]:
    """A setup from raw field values, or None and a message for every field that is wrong."""
    from pokerlab import bots

    errors: dict[str, str] = {}
    name = str(values.get("name", "") or "").strip()
    if len(name) > MAX_NAME:
        errors["name"] = f"at most {MAX_NAME} characters (this one has {len(name)})"
    elif _MARKUP & set(name):
        errors["name"] = "no markup characters < > & \" ' ` in a name"
    elif "#" in name:
        errors["name"] = "'#' is kept for the bots' seat names"
    clean: dict[str, Any] = {"name": name}
    for key, (lo, hi) in _RANGES.items():
        raw = values.get(key, getattr(BigHoldemSetup, key))
        try:
            v = float(raw) if key == "minutes" else int(raw)
            if key != "minutes" and float(raw) != int(raw):
                raise ValueError
        except (TypeError, ValueError):
            errors[key] = f"a {'number' if key == 'minutes' else 'whole number'} from {lo} to {hi}"
            continue
        if not lo <= v <= hi:
            errors[key] = f"must be from {lo} to {hi}, not {raw}"
        clean[key] = v
    if (
        "ante" in clean
        and "starting_money" in clean
        and "ante" not in errors
        and clean["ante"] >= clean["starting_money"] // 20
    ):
        errors["ante"] = f"must be below a twentieth of the starting money ({clean['starting_money'] // 20})"
    seat_bots = tuple(values.get("seat_bots", BigHoldemSetup.seat_bots))
    unknown = [b for b in seat_bots if b not in bots.names()]
    if unknown:
        errors["seat_bots"] = f"unknown bots {', '.join(map(str, unknown))}"
    speed = values.get("speed", "normal")
    if speed not in SPEEDS:
        errors["speed"] = f"one of {', '.join(SPEEDS)}"
    if errors:
        return None, errors
    setup = BigHoldemSetup(
        limit=bool(values.get("limit", False)),
        show_probability=bool(values.get("show_probability", False)),
        seat_bots=seat_bots,
        speed=speed,
        **clean,
    )
    return setup, {}


def _seats(setup: BigHoldemSetup, seed: int) -> list[Seat]:
    from pokerlab import bots

    seats = []
    start = 0
    if not setup.watch:
        seats.append(Seat(setup.name))
        start = 1
    for i in range(start, setup.players):
        kind = setup.seat_bots[i] if i < len(setup.seat_bots) else "phase2"
        params = {} if kind in ("always_call", "always_raise") else {"seed": seed * 100 + i}
        seats.append(Seat(f"{kind} #{i + 1}", bots.make(kind, **params)))
    return seats


class BigHoldemApp:
    """The BigHoldem table: set up, play or watch, see the ranking and the leaderboard."""

    def __init__(self, leaderboard: Any = None, seed: int | None = None, **defaults: Any) -> None:
        import random

        from pokerlab import bots
        from pokerlab.apps.leaderboard import Leaderboard

        self.seed = random.randrange(2**31) if seed is None else seed
        self.leaderboard = leaderboard if leaderboard is not None else Leaderboard()
        self.session: TableSession | None = None
        self.setup: BigHoldemSetup | None = None
        self.pacer = Pacer(0.0)
        self.recorded_game: int | None = None
        self._equity_key: Any = None
        self._equity_text = ""
        d = {**asdict(BigHoldemSetup()), **defaults}

        def field(widget: w.Widget, key: str) -> w.HBox:
            widget.add_class(f"pl-setup-{key.replace('_', '-')}")
            err = panel(f"pl-error-{key.replace('_', '-')}")
            err.add_class("pl-field-error")
            self.errors[key] = err
            return w.HBox([widget, err])

        self.errors: dict[str, w.HTML] = {}
        self.name = w.Text(value=d["name"], description="name", placeholder="empty: watch the bots play")
        self.players = w.IntText(value=d["players"], description="players")
        self.hands = w.IntText(value=d["hands"], description="hands")
        self.minutes = w.FloatText(value=d["minutes"], description="minutes")
        self.raises = w.IntText(value=d["raises_per_phase"], description="raises/phase")
        self.money = w.IntText(value=d["starting_money"], description="money")
        self.ante = w.IntText(value=d["ante"], description="ante")
        self.limit = w.ToggleButtons(options=["no-limit", "limit"], value="limit" if d["limit"] else "no-limit")
        self.probability = w.Checkbox(value=d["show_probability"], description="show my winning probability")
        self.speed = w.Dropdown(options=list(SPEEDS), value=d["speed"], description="bot speed")
        self.seat_boxes = [
            w.Dropdown(options=list(bots.names()), value=d["seat_bots"][i], description=f"seat {i + 1}")
            for i in range(10)
        ]
        for i, box in enumerate(self.seat_boxes):
            box.add_class(f"pl-seat-{i + 1}")
        self.start_button = button("start", "pl-start")
        self.start_button.on_click(lambda _: self.start())
        self.setup_box = w.VBox(
            [
                w.HTML("<h3>BigHoldem: set up a game</h3>"),
                field(self.name, "name"),
                field(self.players, "players"),
                field(self.hands, "hands"),
                field(self.minutes, "minutes"),
                field(self.raises, "raises_per_phase"),
                field(self.money, "starting_money"),
                field(self.ante, "ante"),
                field(self.limit, "limit"),
                field(self.probability, "show_probability"),
                field(self.speed, "speed"),
                field(w.VBox(self.seat_boxes), "seat_bots"),
                self.start_button,
            ]
        )
        self.setup_box.add_class("pl-setup")
        self.players.observe(lambda _: self._seat_visibility(), names="value")
        self.name.observe(lambda _: self._seat_visibility(), names="value")
        self._seat_visibility()

        self.table = panel("pl-seats")
        self.board = panel("pl-board")
        self.pot = panel("pl-pot")
        self.stack = panel("pl-stack")
        self.status = panel("pl-status")
        self.probability_view = panel("pl-probability")
        self.actions = ActionBar(self._click)
        self.log = panel("pl-log")
        self.notice = panel("pl-notice")
        self.history = panel("pl-history")
        self.ranking_view = panel("pl-ranking")
        self.money_view = panel("pl-money-chart")
        self.leaderboard_view = panel("pl-leaderboard")
        self.new_game_button = button("new game", "pl-new-game")
        self.new_game_button.on_click(lambda _: self._new_game())
        self.play_box = w.VBox(
            [
                self.board,
                self.table,
                w.HBox([self.pot, self.stack]),
                self.probability_view,
                self.status,
                self.actions.widget,
                self.log,
                self.notice,
                self.ranking_view,
                self.money_view,
                self.new_game_button,
                self.history,
            ]
        )
        self.play_box.add_class("pl-play")
        self.widget = w.VBox([self.setup_box, self.play_box, self.leaderboard_view])
        self.widget.add_class("pl-app")
        self.widget.add_class("pl-bigholdem")
        self.play_box.layout.display = "none"
        self._show_leaderboard()

    # -- setup ---------------------------------------------------------------
    def _seat_visibility(self) -> None:
        watch = not self.name.value.strip()
        n = self.players.value if isinstance(self.players.value, int) else 0
        for i, box in enumerate(self.seat_boxes):
            box.layout.display = None if (i >= (0 if watch else 1) and i < n) else "none"

    def values(self) -> dict[str, Any]:
        """The raw setup values from the fields."""
        return {
            "name": self.name.value,
            "players": self.players.value,
            "hands": self.hands.value,
            "minutes": self.minutes.value,
            "raises_per_phase": self.raises.value,
            "starting_money": self.money.value,
            "ante": self.ante.value,
            "limit": self.limit.value == "limit",
            "show_probability": self.probability.value,
            "seat_bots": tuple(b.value for b in self.seat_boxes),
            "speed": self.speed.value,
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
            return False
        self.setup = setup
        try:
            self.session = TableSession(
                setup.rules(), _seats(setup, self.seed), hands=setup.hands, minutes=setup.minutes, seed=self.seed
            )
        except PokerlabError as exc:
            self.errors["players"].value = error_line(exc)
            return False
        self.recorded_game = None
        self.pacer = Pacer(SPEEDS[setup.speed])
        self.setup_box.layout.display = "none"
        self.play_box.layout.display = None
        self.new_game_button.layout.display = "none"
        self.ranking_view.value = self.money_view.value = ""
        self._next()
        return True

    def _new_game(self) -> None:
        if self.session is not None and not self.session.finished:
            return
        self.session = None
        self.play_box.layout.display = "none"
        self.setup_box.layout.display = None

    # -- play ----------------------------------------------------------------
    def _next(self) -> None:
        """Move the game on: bots act, hands are dealt, until the person's turn or the end."""
        self.pacer.run(self._step, self._render)

    def _step(self) -> bool:
        s = self.session
        assert s is not None
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
        s = self.session
        assert s is not None and self.setup is not None
        if self.recorded_game is None:
            ranking = s.ranking()
            settings = {k: v for k, v in asdict(self.setup).items() if k != "seat_bots"}
            settings["seats"] = [seat.name for seat in s.seats]
            self.recorded_game = self.leaderboard.record(ranking.to_dict("records"), settings)

    # -- what you see --------------------------------------------------------
    def _equity(self) -> str:
        s = self.session
        assert s is not None and s.state is not None and self.setup is not None
        if not self.setup.show_probability or s.state.is_over:
            return ""
        state = s.state
        key = (state.hand_number, state.street, tuple(state.folded))
        if key == self._equity_key:
            return self._equity_text
        from pokerlab.equity import equity

        live = [k for k in range(state.n) if not state.folded[k]]
        names = s.names_in_hand()
        me = s.hand_seat_of_human
        if me is not None:
            e = equity(state.hole[me], board=state.board, opponents=len(live) - 1, samples=4000, seed=1)
            text = f"Your winning probability now: <b>{e.equity[0]:.1%}</b> (against {len(live) - 1} random hands)"
        else:
            e = equity(*[state.hole[k] for k in live], board=state.board, samples=4000, seed=1)
            text = "Winning probabilities: " + ", ".join(
                f"{html.escape(names[k])} {p:.1%}" for k, p in zip(live, e.equity, strict=True)
            )
        self._equity_key, self._equity_text = key, text
        return text

    def _render(self) -> None:
        s = self.session
        if s is None or s.state is None:
            return
        state = s.state
        names = s.names_in_hand()
        me = s.hand_seat_of_human
        shown = {e.seat for e in state.events if isinstance(e, Showdown)}
        rows = []
        for k, name in enumerate(names):
            cards = cards_html(state.hole[k]) if (k == me or k in shown or me is None) else "&#x1F0A0;&#x1F0A0;"
            marks = (["D"] if k == state.button else []) + (["folded"] if state.folded[k] else [])
            marks += ["all-in"] if state.all_in[k] else []
            turn = " &#9664;" if k == state.actor and not state.is_over else ""
            who = "<b>you</b>" if k == me else html.escape(name)
            rows.append(
                f"<tr><td>{who}</td><td>{cards}</td><td class='pl-seat-stack'>{state.stacks[k]}</td>"
                f"<td>{state.street_bet[k]}</td><td>{' '.join(marks)}{turn}</td></tr>"
            )
        out = [seat.name for t, seat in enumerate(s.seats) if s.out[t]]
        self.table.value = (
            "<table><tr><th>player</th><th>cards</th><th>stack</th><th>bet</th><th></th></tr>"
            + "".join(rows)
            + "</table>"
            + (f"<div>eliminated: {html.escape(', '.join(out))}</div>" if out else "")
        )
        limit = "unlimited" if not self.setup or not self.setup.raises_per_phase else self.setup.raises_per_phase
        self.board.value = (
            f"<div>Hand {state.hand_number + 1}"
            f"{' of ' + str(s.hands) if s.hands else ''} &middot; {state.street.value} &middot; raises per phase: "
            f"{limit}</div><div>Board: {cards_html(state.board) or '&ndash;'}</div>"
        )
        self.pot.value = f'<b>Pot: <span class="pl-pot-value">{state.pot}</span></b> &nbsp;'
        self.stack.value = (
            f'Your stack: <span class="pl-stack-you">{state.stacks[me]}</span>' if me is not None else "watch mode"
        )
        self.probability_view.value = self._equity()
        mine = s.human_to_act and not self.pacer.busy
        self.actions.show(state if mine else None)
        if s.finished:
            self.status.value = '<span class="pl-game-over">Game over.</span>'
        elif mine:
            self.status.value = '<span class="pl-your-turn">Your turn.</span>'
        else:
            self.status.value = "<span>The bots are playing&hellip;</span>"
        self.log.value = "<div>" + "<br>".join(event_lines(state, names, me)[-16:]) + "</div>"
        self.notice.value = "<br>".join(html.escape(n) for n in s.notices[-6:])
        self.history.value = "<div><b>History</b></div>" + "".join(
            f'<div class="pl-history-hand">{html.escape(h.text)}</div>' for h in reversed(s.history[-30:])
        )
        if s.finished:
            if self.recorded_game is None:
                self._finish()
            frame = s.ranking()
            self.ranking_view.value = "<h4>Ranking by average win per hand</h4>" + frame.to_html(
                index=False, float_format=lambda v: f"{v:+.2f}", classes="pl-ranking-table", na_rep=""
            )
            self._show_leaderboard()
            self.new_game_button.layout.display = None
            if not self.money_view.value:
                from pokerlab.charts import chart_svg, money_chart

                self.money_view.value = chart_svg(money_chart(s.money(), "chips after each hand"))

    def _show_leaderboard(self) -> None:
        top = self.leaderboard.top(10)
        if top.empty:
            self.leaderboard_view.value = "<h4>Leaderboard</h4><div>no games yet</div>"
            return
        self.leaderboard_view.value = "<h4>Leaderboard (best average win per hand)</h4>" + top.to_html(
            index=False, float_format=lambda v: f"{v:+.2f}", classes="pl-leaderboard-table"
        )

    def _ipython_display_(self) -> None:
        display(self.widget)
