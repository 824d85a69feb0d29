"""Pieces both table apps share: the person's action buttons, paced bot moves, panels.

Every button and panel carries a stable CSS class (``pl-fold``, ``pl-check``,
``pl-call``, ``pl-bet``, ``pl-raise``, ``pl-deal``, ``pl-pot``, ``pl-stack``,
``pl-board``, ``pl-log``, ``pl-history``, ``pl-status``, ``pl-notice``) so
tests and users' scripts can find them. Only the legal actions are shown,
with their amounts on the buttons.

**Pacing.** Bots move one action at a time, ``delay`` seconds apart, on the
kernel's event loop, so the page shows each move as it happens. While
they move the table is *busy*: a click then (a double click, an impatient
click) is ignored and counted in ``ignored_clicks``, never applied to a
later decision. After the person acts the table is busy for at least one
``delay``. With ``delay=0`` (or outside a running event loop, as in a
script) everything runs at once.
"""

from __future__ import annotations

import asyncio
import html
from collections.abc import Callable
from typing import Any

import ipywidgets as w

from pokerlab.cards import cards_html
from pokerlab.errors import PokerlabError
from pokerlab.game.state import Act, AwardPot, Call, Check, DealBoard, Fold, RaiseTo, Showdown

__all__ = ["ActionBar", "Pacer", "event_lines", "panel"]


def panel(css: str, value: str = "") -> w.HTML:
    box = w.HTML(value)
    box.add_class(css)
    return box


def button(label: str, css: str) -> w.Button:
    b = w.Button(description=label)
    b.add_class(css)
    return b


class Pacer:
    """Runs ``step()`` until it returns False, ``delay`` seconds apart, then ``done()``."""

    def __init__(self, delay: float) -> None:
        self.delay = delay
        self.busy = False
        self.ignored_clicks = 0
        self._task: Any = None

    def guard(self) -> bool:
        """True if a click may be handled now; otherwise count it as ignored."""
        if self.busy:
            self.ignored_clicks += 1
            return False
        return True

    def run(self, step: Callable[[], bool], done: Callable[[], None]) -> None:
        loop = None
        if self.delay > 0:
            try:
                loop = asyncio.get_event_loop()
            except RuntimeError:
                loop = None
        if loop is None or not loop.is_running():
            while step():
                pass
            done()
            return
        self.busy = True
        self._task = loop.create_task(self._go(step, done))

    async def _go(self, step: Callable[[], bool], done: Callable[[], None]) -> None:
        try:
            while True:
                await asyncio.sleep(self.delay)
                if not step():
                    break
        finally:
            self.busy = False
            done()


class ActionBar:
    """Buttons for the person's legal actions; ``on_action(action)`` receives the chosen one."""

    def __init__(self, on_action: Callable[[Any], None]) -> None:
        self.on_action = on_action
        self.fold = button("fold", "pl-fold")
        self.check = button("check", "pl-check")
        self.call = button("call", "pl-call")
        self.bet = button("bet", "pl-bet")
        self.raise_ = button("raise", "pl-raise")
        self.amount = w.BoundedIntText(value=0, min=0, max=0, description="to", layout=w.Layout(width="11em"))
        self.amount.add_class("pl-amount")
        self.fold.on_click(lambda _: on_action(Fold()))
        self.check.on_click(lambda _: on_action(Check()))
        self.call.on_click(lambda _: on_action(Call()))
        self.bet.on_click(lambda _: on_action(RaiseTo(self.amount.value)))
        self.raise_.on_click(lambda _: on_action(RaiseTo(self.amount.value)))
        self.widget = w.HBox([self.fold, self.check, self.call, self.bet, self.raise_, self.amount])
        self.widget.add_class("pl-actions")
        self.show(None)

    @staticmethod
    def _visible(b: w.Widget, on: bool) -> None:
        b.layout.display = None if on else "none"
        if isinstance(b, w.Button):
            b.disabled = not on

    def show(self, state: Any) -> None:
        """Show exactly the legal actions of ``state`` (None: hide them all)."""
        legal = state.legal_actions() if state is not None else ()
        kinds = {type(a).__name__ for a in legal}
        self._visible(self.fold, "Fold" in kinds)
        self._visible(self.check, "Check" in kinds)
        self._visible(self.call, "Call" in kinds)
        can_raise = "RaiseTo" in kinds
        opening = can_raise and state.current_bet == 0
        self._visible(self.bet, can_raise and opening)
        self._visible(self.raise_, can_raise and not opening)
        if "Call" in kinds:
            self.call.description = f"call {state.to_call}"
        if can_raise:
            lo, hi = state.min_raise_to, state.max_raise_to
            self.amount.min = 0  # widen first: ipywidgets refuses min > max at every step
            self.amount.max = hi
            self.amount.min = lo
            self.amount.value = lo
            self.bet.description = f"bet {lo}"
            self.raise_.description = f"raise to {lo}"
        self._visible(self.amount, can_raise and state.min_raise_to != state.max_raise_to)


def event_lines(state: Any, names: tuple[str, ...], you: int | None) -> list[str]:
    """The hand so far in readable lines (HTML-escaped)."""
    lines = []
    for e in state.events:
        if isinstance(e, DealBoard):
            lines.append(f"<i>{e.street.value}: {cards_html(e.cards, size='1em')}</i>")
        elif isinstance(e, Act):
            who = "you" if e.seat == you else html.escape(names[e.seat])
            amount = f" to {e.to}" if e.kind in ("bet", "raise") else (f" {e.amount}" if e.kind == "call" else "")
            auto = " (automatic)" if e.automatic else ""
            lines.append(f"{who}: {e.kind}{amount}{auto}")
        elif isinstance(e, Showdown):
            who = "you" if e.seat == you else html.escape(names[e.seat])
            lines.append(f"{who} show {cards_html(e.cards, size='1em')}: <b>{html.escape(e.description)}</b>")
        elif isinstance(e, AwardPot) and e.amount:
            won = ", ".join("you" if s == you else html.escape(names[s]) for s in e.winners)
            lines.append(f"<b>{won} win{'s' if len(e.winners) == 1 and e.winners[0] != you else ''} {e.amount}</b>")
    return lines


def error_line(exc: PokerlabError) -> str:
    return f'<span class="pl-error" style="color:#c0392b">&#9888; {html.escape(str(exc))}</span>'
