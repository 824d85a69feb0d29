"""Heads-up limit Hold'em against BPP, as on the BPP web front-end (Monash University).

AAAI'06 rules: reverse blinds $5/$10, bets $10 preflop and flop, $20 turn
and river, a bet and 2 raises (3 on the turn and river) per round, stacks
reset every hand, the button alternates. The page draws the table (both
seats, cards as cards, the bets in front of each seat, the dealer button,
the pot and the board in the middle, the seat to act framed in gold), keeps
the rules, the blinds and the hand number in a line above it, offers
buttons for exactly your legal actions, shows BPP's actions as they happen,
explains the showdown in words (the category, the kicker that decided, a
split pot, an uncalled bet returned), your running result in small bets per
hand, the history of hands, and, with "show BPP's thinking", each of its
decisions as a sentence with a P(win) bar (before the flop the sentence says
that this P(win) comes from BPP's hand-type abstraction: it sees "A high" or
"pair of Qs", not the exact cards).

Every bot can be the opponent (``opponent=`` or the drop-down); choosing
one starts a new match and says so.

>>> app = HeadsUpApp(seed=3, delay=0)
>>> app.session.state.street.value
'preflop'
"""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as w
from IPython.display import display

from pokerlab import _validate, bots
from pokerlab.apps.base import (
    MIN_THINK,
    ActionBar,
    Pacer,
    button,
    error_line,
    event_lines,
    notice_log,
    panel,
    status_after,
    status_before,
)
from pokerlab.apps.explain import outcome_lines, thinking_sentence
from pokerlab.apps.session import Seat, TableSession
from pokerlab.apps.table_view import hand_pots, hand_seats, pot_note, table_html
from pokerlab.errors import ParameterError, PokerlabError
from pokerlab.game import AAAI06_HEADS_UP_LIMIT

__all__ = ["HeadsUpApp"]


class HeadsUpApp:
    """You against a bot (BPP by default) under the AAAI'06 heads-up limit rules."""

    def __init__(self, opponent: str = "bpp", name: str = "you", seed: int | None = None, delay: float = 0.4) -> None:
        import random

        if seed is not None:
            seed = _validate.whole(
                seed, "seed", lo=0, hi=2**62 - 1, message="seed must be None or a whole number 0..2**62-1"
            )
        delay = _validate.real(delay, "delay", lo=0, hi=10, message="delay must be 0..10 seconds")
        said = f"name must be 1 to 20 characters, not {name!r:.60}"
        if len(_validate.text(name, "name", message=said).strip()) > 20:
            raise ParameterError(said)
        if not _validate.has_visible(name) or not name.strip().isprintable():
            raise ParameterError(f"name must have a visible character and only printable ones, not {name!r:.60}")
        self.seed = random.randrange(2**31) if seed is None else seed
        self.player = name.strip()
        self.rules = AAAI06_HEADS_UP_LIMIT
        self.matches = 0
        self.pacer = Pacer(float(delay))
        self._seat_bot(opponent)
        self.small_bet = self.rules.bet_sizes[0] if self.rules.bet_sizes else self.rules.big_blind
        self.thinking_log: list[str] = []

        self.title = w.HTML()
        self.info = panel("pl-info")
        self.table = panel("pl-table-box")
        self.status = panel("pl-status")
        self.status.layout.min_height = "1.6em"
        self.actions = ActionBar(self._click, min_think=MIN_THINK)
        self.deal_button = button("deal next hand", "pl-deal")
        self.deal_button.on_click(lambda _: self._deal_click())
        self.opponent = w.Dropdown(options=list(bots.names()), value=opponent, description="opponent")
        self.opponent.add_class("pl-opponent")
        self.opponent.observe(lambda change: self._new_opponent(change["new"]), names="value")
        self.show_thinking = w.Checkbox(value=False, description="show the bot's thinking", indent=False)
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
                self.info,
                self.table,
                self.status,
                self.actions.widget,
                w.HBox([self.deal_button, self.opponent, self.show_thinking]),
                self.notice,
                self.thinking,
                self.result,
                w.HBox([self.log, self.history]),
            ]
        )
        self.log.layout.width = "50%"
        self.history.layout.width = "50%"
        self.widget.add_class("pl-app")
        self.widget.add_class("pl-heads-up")
        self._deal()

    def _seat_bot(self, opponent: str) -> None:
        """A new match against ``opponent`` (results start again)."""

        said = f"unknown bot {opponent!r}; known bots: {', '.join(bots.names())}"
        _validate.choice(opponent, "opponent", bots.names(), message=said)
        self.opponent_key = opponent
        self.opponent_name = "BPP" if opponent == "bpp" else opponent
        if self.opponent_name == self.player:
            self.opponent_name += " (bot)"
        self.bot = bots.make(opponent, seed=self.seed + self.matches)
        self.matches += 1
        seats = [Seat(self.player), Seat(self.opponent_name, self.bot)]
        self.session = TableSession(self.rules, seats, seed=self.seed + self.matches - 1, first_dealer=0)

    def _new_opponent(self, opponent: str) -> None:
        """A new match against ``opponent``: a hand in play is abandoned, the results start again."""
        if opponent == self.opponent_key:
            return
        self.pacer.cancel()
        self._seat_bot(opponent)
        self.thinking_log = []
        self._deal()
        self.notice.value = (  # after the first hand is drawn: the notice says the page shows the new match
            f'<span class="pl-new-match">New match against {html.escape(self.opponent_name)}: '
            "the results start again from hand 1.</span>"
        )

    # -- flow ----------------------------------------------------------------
    def _deal(self) -> None:
        self.session.start_hand()
        self.pacer.run(self._step, self._render)
        self._render()

    def _step(self) -> bool:
        """One bot move; False when it is the person's turn or the hand is over."""
        s = self.session
        if s.actor is None or s.human_to_act or s.state is None:
            return False
        pot, to_call, bet = s.state.pot, s.state.to_call, s.state.current_bet
        s.bot_step()
        thinking = getattr(self.bot, "thinking", None)
        if thinking is not None:
            self.thinking_log.append(thinking_sentence(thinking, self.opponent_name, pot, to_call, bet))
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
        s = self.session
        state = s.state
        assert state is not None
        who = html.escape(self.opponent_name)
        self.title.value = f"<h3 style='margin:4px 0'>Heads-up limit Hold'em against {who}</h3>"
        me = s.hand_seat_of_human
        names = s.names_in_hand()
        bot_turn = s.actor is not None and not s.human_to_act
        mine = s.human_to_act and not self.pacer.busy
        if state.is_over:
            won = [line for line in outcome_lines(state, names, me) if " the pot " in line or "side pot" in line]
            status = f'<span class="pl-hand-over">Hand over: {"; ".join(won)}. Press "deal next hand".</span>'
        elif mine:
            status = '<span class="pl-your-turn">Your turn.</span>'
        elif bot_turn:
            status = f'<span class="pl-bot-turn">{who} is thinking&hellip;</span>'
        else:
            status = "<span>&hellip;</span>"
        status_before(self.status, status)
        role = "you deal (small blind)" if state.button == me else "you post the big blind"
        self.info.value = (
            f'<div style="background:#f4f1e8;padding:3px 8px;border-radius:4px">'
            f'<b class="pl-hand-number">Hand {state.hand_number + 1}</b> &middot; {state.street.value} '
            f"&middot; limit, AAAI'06 rules &middot; blinds 5/10 &middot; bets 10/10/20/20 &middot; "
            f"a bet and 2 raises per round (3 on turn and river) &middot; {role}</div>"
        )
        seats = hand_seats(state, names, me)
        middle = 0 if state.is_over else state.pot  # a paid pot is in the winner's stack: never counted twice
        self.table.value = table_html(seats, state.board, middle, pot_note=pot_note(state), pots=hand_pots(state))
        self.actions.show(state if mine else None)
        self.deal_button.disabled = not state.is_over or self.pacer.busy
        self.log.value = "<div><b>This hand</b></div><div>" + "<br>".join(event_lines(state, names, me)) + "</div>"
        hands = len(s.history)
        if hands:
            total = s.won[s.human] if s.human is not None else 0
            per_hand = total / self.small_bet / hands
            self.result.value = (
                f"After {hands} hand{'s' if hands != 1 else ''} against {who}: you are {total:+d} "
                f'(<span class="pl-sb-per-hand">{per_hand:+.2f}</span> small bets per hand)'
            )
        else:
            self.result.value = f"No hand finished yet against {who}."
        self.history.value = "<div><b>History</b></div>" + "".join(
            f'<div class="pl-history-hand">{html.escape(h.text)}</div>' for h in reversed(s.history[-50:])
        )
        if s.notices:
            self.notice.value = notice_log(s.notices)
        if self.show_thinking.value:
            if hasattr(self.bot, "thinking"):
                body = "".join(self.thinking_log) or "no decision yet this hand"
            else:
                body = f"{who} plays by fixed rules and shows no reasoning; choose BPP to see its thinking"
            self.thinking.value = f"<div><b>{who}'s thinking</b><br>{body}</div>"
        else:
            self.thinking.value = ""
        status_after(self.status, status)  # last: "Hand over" comes with its history and result drawn

    def _ipython_display_(self) -> None:
        display(self.widget)
