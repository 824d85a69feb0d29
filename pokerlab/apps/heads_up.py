"""Heads-up limit Hold'em against BPP, as on the Monash web page (seed 000).

AAAI'06 rules: reverse blinds $5/$10, bets $10 preflop and flop, $20 turn
and river, a bet and 2 raises (3 on the turn and river) per round, stacks
reset every hand, the button alternates. The page shows your cards and the
board with coloured suits, the pot and both stacks, buttons for exactly
your legal actions, BPP's actions as they happen, the showdown with both
hands and the winning category, your running result in small bets per
hand, the history of hands, and, with "show BPP's thinking", BPP's P(win),
pot-odds threshold and action probabilities for each of its decisions.

>>> app = HeadsUpApp(seed=3, delay=0)
>>> app.session.state.street.value
'preflop'
"""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as w
from IPython.display import display

from pokerlab.apps.base import ActionBar, Pacer, button, error_line, event_lines, panel
from pokerlab.apps.session import Seat, TableSession
from pokerlab.cards import cards_html
from pokerlab.errors import ParameterError, PokerlabError
from pokerlab.game.state import Showdown

__all__ = ["HeadsUpApp"]

_HIDDEN = '<span class="pl-hidden" style="font-size:1.2em">&#x1F0A0;&#x1F0A0;</span>'


class HeadsUpApp:
    """You against a bot (BPP by default) under the AAAI'06 heads-up limit rules."""

    def __init__(self, opponent: str = "bpp", name: str = "you", seed: int | None = None, delay: float = 0.4) -> None:
        import random

        from pokerlab import bots
        from pokerlab.game import AAAI06_HEADS_UP_LIMIT

        self.seed = random.randrange(2**31) if seed is None else seed
        self.player = name
        self.rules = AAAI06_HEADS_UP_LIMIT
        self._seat_bot(opponent)
        self.pacer = Pacer(delay)
        self.small_bet = self.rules.bet_sizes[0] if self.rules.bet_sizes else self.rules.big_blind
        self.thinking_log: list[str] = []

        self.title = w.HTML()
        self.board = panel("pl-board")
        self.seats_view = panel("pl-seats")
        self.pot = panel("pl-pot")
        self.stack = panel("pl-stack")
        self.status = panel("pl-status")
        self.actions = ActionBar(self._click)
        self.deal_button = button("deal next hand", "pl-deal")
        self.deal_button.on_click(lambda _: self._deal_click())
        self.opponent = w.Dropdown(options=list(bots.names()), value=opponent, description="opponent")
        self.opponent.add_class("pl-opponent")
        self.opponent.observe(lambda change: self._new_opponent(change["new"]), names="value")
        self.show_thinking = w.Checkbox(value=False, description=f"show {self.opponent_name}'s thinking")
        self.show_thinking.add_class("pl-thinking-toggle")
        self.show_thinking.observe(lambda _: self._render(), names="value")
        self.thinking = panel("pl-thinking")
        self.result = panel("pl-result")
        self.log = panel("pl-log")
        self.history = panel("pl-history")
        self.notice = panel("pl-notice")
        self.widget = w.VBox(
            [
                self.title,
                self.board,
                self.seats_view,
                w.HBox([self.pot, self.stack]),
                self.status,
                self.actions.widget,
                w.HBox([self.deal_button, self.show_thinking, self.opponent]),
                self.thinking,
                self.result,
                self.log,
                self.notice,
                self.history,
            ]
        )
        self.widget.add_class("pl-app")
        self.widget.add_class("pl-heads-up")
        self._deal()

    def _seat_bot(self, opponent: str) -> None:
        """A new session against ``opponent`` (results start again)."""
        from pokerlab import bots

        if opponent not in bots.names():
            raise ParameterError(f"unknown bot {opponent!r}; known bots: {', '.join(bots.names())}")
        self.opponent_name = "BPP" if opponent == "bpp" else opponent
        params = {"seed": self.seed} if opponent not in ("always_call", "always_raise") else {}
        self.bot = bots.make(opponent, **params)
        seats = [Seat(self.player), Seat(self.opponent_name, self.bot)]
        self.session = TableSession(self.rules, seats, seed=self.seed)

    def _new_opponent(self, opponent: str) -> None:
        """Switch the opponent (between hands; a hand in play is abandoned)."""
        if self.pacer.busy:
            self.opponent.value = "bpp" if self.opponent_name == "BPP" else self.opponent_name
            return
        self._seat_bot(opponent)
        self.thinking_log = []
        self._deal()

    # -- flow ----------------------------------------------------------------
    def _deal(self) -> None:
        self.session.start_hand()
        self.pacer.run(self._step, self._render)
        self._render()

    def _step(self) -> bool:
        """One bot move; False when it is the person's turn or the hand is over."""
        s = self.session
        if s.actor is None or s.human_to_act:
            return False
        s.bot_step()
        thinking = getattr(self.bot, "thinking", None)
        if thinking is not None:
            probs = ", ".join(f"{k} {v:.0%}" for k, v in thinking.probabilities.items())
            seen = thinking.opponent_actions[0] if thinking.opponent_actions else None
            self.thinking_log.append(
                f"{thinking.round}: {thinking.current} on {thinking.board}, opponent {seen or '-'}"
                f" &rarr; P(win) {thinking.p_win:.3f}, threshold {thinking.threshold:.3f}; {probs}"
                f" &rarr; <b>{thinking.chosen}</b>{' (bluff)' if thinking.bluff else ''}"
            )
        self._render()
        return s.actor is not None and not s.human_to_act

    def _click(self, action: Any) -> None:
        if not self.pacer.guard() or not self.session.human_to_act:
            return  # a click while the bot moves, or after the hand: ignored
        try:
            self.session.human_act(action)
        except PokerlabError as exc:
            self.status.value = error_line(exc)
            return
        self.pacer.run(self._step, self._render)
        self._render()

    def _deal_click(self) -> None:
        s = self.session
        if not self.pacer.guard() or (s.state is not None and not s.state.is_over):
            return
        self.thinking_log = []
        self._deal()

    # -- what you see --------------------------------------------------------
    def _render(self) -> None:
        self.title.value = (
            f"<h3>Heads-up limit Hold'em against {html.escape(self.opponent_name)}</h3>"
            "<div>AAAI'06 rules: blinds $5/$10, bets $10/$10/$20/$20, a bet and 2 raises per round "
            "(3 on the turn and river).</div>"
        )
        s = self.session
        state = s.state
        assert state is not None
        me = s.hand_seat_of_human
        other = 1 - me if me is not None else 1
        shown = {e.seat for e in state.events if isinstance(e, Showdown)}
        names = s.names_in_hand()
        you_cards = cards_html(state.hole[me]) if me is not None else ""
        bot_cards = cards_html(state.hole[other]) if other in shown else _HIDDEN
        dealer = "you are the dealer (small blind)" if state.button == me else "you post the big blind"
        self.board.value = (
            f"<div>Hand {state.hand_number + 1} &middot; {state.street.value} &middot; {dealer}</div>"
            f"<div>Board: {cards_html(state.board) or '&ndash;'}</div>"
        )
        self.seats_view.value = f"<div>You: {you_cards} &nbsp; {html.escape(self.opponent_name)}: {bot_cards}</div>"
        self.pot.value = f'<b>Pot: <span class="pl-pot-value">{state.pot}</span></b> &nbsp;'
        self.stack.value = (
            f'Your stack: <span class="pl-stack-you">{state.stacks[me]}</span> &nbsp; '
            f'{html.escape(self.opponent_name)}: <span class="pl-stack-bot">{state.stacks[other]}</span>'
        )
        mine = s.human_to_act and not self.pacer.busy
        self.actions.show(state if mine else None)
        if state.is_over:
            self.status.value = '<span class="pl-hand-over">Hand over: press "deal next hand".</span>'
        elif mine:
            self.status.value = '<span class="pl-your-turn">Your turn.</span>'
        elif s.human_to_act:
            self.status.value = "<span>&hellip;</span>"
        else:
            self.status.value = f"<span>{html.escape(self.opponent_name)} is thinking&hellip;</span>"
        self.deal_button.disabled = not state.is_over or self.pacer.busy
        self.log.value = "<div>" + "<br>".join(event_lines(state, names, me)) + "</div>"
        hands = len(s.history)
        if hands:
            total = s.won[s.human] if s.human is not None else 0
            per_hand = total / self.small_bet / hands
            self.result.value = (
                f"After {hands} hand{'s' if hands != 1 else ''}: you are {total:+d} "
                f'(<span class="pl-sb-per-hand">{per_hand:+.2f}</span> small bets per hand)'
            )
        else:
            self.result.value = "No hand finished yet."
        self.history.value = "<div><b>History</b></div>" + "".join(
            f'<div class="pl-history-hand">{html.escape(h.text)}</div>' for h in reversed(s.history[-50:])
        )
        self.notice.value = "<br>".join(html.escape(n) for n in s.notices[-5:])
        if self.show_thinking.value:
            body = "<br>".join(self.thinking_log) or "no decision yet this hand"
            self.thinking.value = f"<div><b>{html.escape(self.opponent_name)}'s thinking</b><br>{body}</div>"
        else:
            self.thinking.value = ""

    def _ipython_display_(self) -> None:
        display(self.widget)
