"""Pieces both table apps share: the person's action buttons, paced bot moves, panels.

Every button and panel carries a stable CSS class (``pl-fold``, ``pl-check``,
``pl-call``, ``pl-bet``, ``pl-raise``, ``pl-amount``, ``pl-slider``,
``pl-preset-min``/``-half-pot``/``-pot``/``-all-in``, ``pl-deal``, ``pl-table``,
``pl-pot``, ``pl-board``, ``pl-info``, ``pl-log``, ``pl-history``,
``pl-status``, ``pl-notice``) so tests and users' scripts can find them.
Only the legal actions are shown, with the amount a click plays on each
button.

**Pacing.** Bots move one action at a time, ``delay`` seconds apart, on the
kernel's event loop, so the page shows each move as it happens. While
they move the table is *busy*: a click then (a double click, an impatient
click) is ignored and counted in ``ignored_clicks``, never applied to a
later decision. After the person acts the table is busy for at least one
``delay``. With ``delay=0`` in a kernel the bots play in short slices
with a return to the event loop between them (the page draws, an "abandon
game" click is answered, at any speed); outside a running event loop (a
script) everything runs at once.
"""

from __future__ import annotations

import asyncio
import html
import re
import time
from collections.abc import Callable
from typing import Any

import ipywidgets as w

from pokerlab import _validate
from pokerlab.apps.explain import hand_lines
from pokerlab.errors import ParameterError, PokerlabError
from pokerlab.game.state import Call, Check, Fold, RaiseTo

__all__ = ["MIN_THINK", "ActionBar", "Pacer", "event_lines", "notice_log", "panel", "parse_amount"]

MIN_THINK = 0.25
"""Seconds a new decision's buttons wait before they take a click (the apps' ``ActionBar(min_think=...)``)."""


def panel(css: str, value: str = "") -> w.HTML:
    """An HTML box with a CSS class (the apps' text panels)."""
    for label, v in (("css", css), ("value", value)):
        _validate.text(v, "v", empty=True, message=f"{label} must be text, not {v!r:.60}")
    if not css.strip():
        raise ParameterError("css must name a CSS class, not an empty string")
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
        self._generation = 0

    def guard(self) -> bool:
        """True if a click may be handled now; otherwise count it as ignored."""
        if self.busy:
            self.ignored_clicks += 1
            return False
        return True

    def run(self, step: Callable[[], bool], done: Callable[[], None], tick: Callable[[], None] | None = None) -> None:
        """Call ``step()`` until it returns False, then ``done()``.

        With a running event loop (a kernel) the steps run in a task: ``delay`` seconds apart, or, with
        ``delay`` 0, in slices of about :data:`SLICE` seconds with ``tick()`` (a redraw) and a return to
        the event loop between slices, so the page draws and clicks (an "abandon game") are answered
        however fast the bots play. Without one (a script) everything runs at once.
        """
        try:
            loop: asyncio.AbstractEventLoop | None = asyncio.get_running_loop()
        except RuntimeError:  # no event loop runs in this thread (a script)
            loop = None
        if loop is None:
            while step():
                pass
            done()
            return
        if self.delay <= 0:  # the first slice at once: a quick answer to a click needs no round trip
            end = time.monotonic() + SLICE
            while time.monotonic() < end:
                if not step():
                    done()
                    return
            if tick is not None:
                tick()
        self.busy = True
        self._task = loop.create_task(self._go(step, done, tick, self._generation))

    def cancel(self) -> None:
        """Stop the moves under way (a new match, an abandoned game): no further step, no ``done()``."""
        self._generation += 1
        self.busy = False

    async def _go(
        self, step: Callable[[], bool], done: Callable[[], None], tick: Callable[[], None] | None, generation: int
    ) -> None:
        try:
            while True:
                if self.delay > 0:
                    await asyncio.sleep(self.delay)
                    if generation != self._generation or not step():
                        break
                    continue
                await asyncio.sleep(PAUSE)  # long enough for the kernel to read a click and the page to draw
                if generation != self._generation:
                    break
                end = time.monotonic() + SLICE
                more = True
                while more and time.monotonic() < end and generation == self._generation:
                    more = step()
                if not more or generation != self._generation:
                    break
                if tick is not None:
                    tick()
        finally:
            if generation == self._generation:
                self.busy = False
                done()


SLICE = 0.1
"""Seconds of bot play between two returns to the event loop when the bots play without a delay."""

PAUSE = 0.005
"""Seconds the fast bots wait between slices (the kernel reads clicks, the page draws)."""


_WHOLE = re.compile(r"\d+|\d{1,3}(,\d{3})+|\d{1,3}(_\d{3})+")


def parse_amount(text: str) -> int | None:
    """A whole number as a person types it (``"55"``, ``" 1,500 "``, ``"1_000"``), else None.

    A comma or an underscore is read only where it separates thousands: ``"4,0"`` (a decimal
    comma, or a typo) is refused, never read as 40.

    >>> parse_amount("1,500"), parse_amount("55 "), parse_amount("1e3"), parse_amount("2.5"), parse_amount("")
    (1500, 55, None, None, None)
    >>> parse_amount("4,0"), parse_amount("1,50"), parse_amount("1,000,000"), parse_amount("10,00")
    (None, None, 1000000, None)
    """
    if not _validate.is_text(text):  # what a widget holds: nothing typed yet
        return None
    typed = text.strip()
    if not typed.isascii() or not _WHOLE.fullmatch(typed):
        return None
    clean = typed.replace(",", "").replace("_", "").lstrip("0") or "0"  # leading zeros do not count
    if len(clean) > 12:
        return None
    return int(clean)


def too_many_digits(text: str) -> bool:
    """Whether ``text`` is a whole number as a person types it, too long for :func:`parse_amount` (over 12 digits).

    >>> [too_many_digits(t) for t in ("1234567890123", "1,000,000,000,000", "123", "1e20", "0000000000000001")]
    [True, True, False, False, False]
    """
    typed = text.strip() if isinstance(text, str) else ""
    return typed.isascii() and _WHOLE.fullmatch(typed) is not None and parse_amount(typed) is None


class ActionBar:
    """Buttons for the person's legal actions; ``on_action(action)`` receives the chosen one.

    A bet or raise has a slider and a box: the button's label always shows
    the amount a click plays ("raise to 55"), updated at every keystroke and
    slider move. An amount out of range (or not a whole number) is refused
    with a message and the button is disabled: it is never clamped. In
    no-limit (and pot-limit) games the presets set min, half pot, pot and
    all-in. The bar keeps its height whoever is to act, so the page does
    not jump while the bots move.
    """

    def __init__(self, on_action: Callable[[Any], None], min_think: float = 0.0) -> None:
        _validate.protocol(on_action, "on_action must be a function")
        min_think = _validate.real(min_think, "min_think", lo=0, hi=5, message="min_think must be 0..5 seconds")
        self.on_action = on_action
        self.min_think = float(min_think)
        self.ignored_clicks = 0
        self._ready = True  # False for min_think seconds after a new decision is shown
        self._decision: Any = None
        self._decision_key: Any = None
        self.fold = button("fold", "pl-fold")
        self.check = button("check", "pl-check")
        self.call = button("call", "pl-call")
        self.bet = button("bet", "pl-bet")
        self.raise_ = button("raise", "pl-raise")
        self.slider = w.IntSlider(value=0, min=0, max=1, readout=False, layout=w.Layout(width="14em"))
        self.slider.add_class("pl-slider")
        self.amount = w.Text(value="", placeholder="amount", layout=w.Layout(width="7em"))
        self.amount.add_class("pl-amount")
        self.presets = {key: button(key, f"pl-preset-{css}") for key, css in _PRESETS}
        self.message = panel("pl-amount-message")
        self.target: int | None = None
        self._lo = self._hi = 0
        self._all_in_to = -1  # the raise-to amount that puts the actor's whole stack in
        self._opening = False
        self._syncing = False
        self.fold.on_click(lambda _: self._act(Fold()))
        self.check.on_click(lambda _: self._act(Check()))
        self.call.on_click(lambda _: self._act(Call()))
        self.bet.on_click(lambda _: self._raise())
        self.raise_.on_click(lambda _: self._raise())
        self.slider.observe(lambda ch: self._from_slider(ch["new"]), names="value")
        self.amount.observe(lambda ch: self._from_box(ch["new"]), names="value")
        self._preset_values: dict[str, int] = {}
        for key, b in self.presets.items():
            b.layout.width = "auto"
            b.on_click(lambda _, key=key: self.set_amount(self._preset_values.get(key, self._lo)))
        self.sizing = w.HBox([self.slider, self.amount, *self.presets.values(), self.message])
        self.sizing.add_class("pl-sizing")
        self.buttons = w.HBox([self.fold, self.check, self.call, self.bet, self.raise_])
        self.widget = w.VBox([self.buttons, self.sizing], layout=w.Layout(min_height="78px"))
        self.widget.add_class("pl-actions")
        self.show(None)

    def _visible(self, b: w.Widget, on: bool) -> None:
        b.layout.display = None if on else "none"
        if isinstance(b, w.Button):
            b.disabled = not on or not self._ready

    def _act(self, action: Any) -> None:
        """Pass a click on, unless it came before the decision was ready (the tail of a double click)."""
        if not self._ready:
            self.ignored_clicks += 1
            return
        self.on_action(action)

    def _arm(self, decision: Any) -> None:
        """``min_think`` after a decision was shown: its buttons take clicks (unless another came since)."""
        if decision is not self._decision:
            return
        self._ready = True
        for b in (self.fold, self.check, self.call, *self.presets.values()):
            b.disabled = b.layout.display == "none"
        self._label(self.target)

    def _hold(self, state: Any) -> None:
        """A new decision: with ``min_think`` and a running event loop, its buttons wait that long.

        Clicks are messages queued at the kernel: with fast bots (or a timer of 0) the
        second click of a double click reaches the kernel after the bots have moved
        and would land on the person's *next* decision. The buttons are disabled until
        the decision has been in sight for ``min_think`` seconds, and a click before
        that is ignored (counted in ``ignored_clicks``).
        """
        key = (id(state), state.hand_number, len(state.events)) if state is not None else None
        if key == self._decision_key:
            return
        self._decision_key = key
        self._decision = decision = object()
        if state is None or self.min_think <= 0:
            self._ready = True
            return
        try:
            loop = asyncio.get_event_loop()
        except RuntimeError:
            loop = None
        if loop is None or not loop.is_running():
            self._ready = True
            return
        self._ready = False
        loop.call_later(self.min_think, self._arm, decision)

    # -- the amount ------------------------------------------------------------
    def set_amount(self, value: int) -> None:
        """Put ``value`` in the box (the slider and the label follow)."""
        self.amount.value = str(value)

    def _from_slider(self, value: int) -> None:
        if not self._syncing:
            self.amount.value = str(value)

    def _from_box(self, text: str) -> None:
        value = parse_amount(text)
        lo, hi = self._lo, self._hi
        typed = text.strip() if isinstance(text, str) else ""
        if value is None and too_many_digits(typed):  # more than any stack
            shown = typed if len(typed) <= 20 else f"{typed[:8]}...{typed[-4:]} ({len(typed):,} characters)"
            self._refuse(f"{shown} is more than you can {self._verb()} ({hi}, all-in)")
        elif value is None:
            self._refuse(f"type a whole number from {lo} to {hi}" if text.strip() else f"an amount from {lo} to {hi}")
        elif value < lo:
            self._refuse(f"{value} is below the least you can {self._verb()} ({lo})")
        elif value > hi:
            self._refuse(f"{value} is more than you can {self._verb()} ({hi}, all-in)")
        else:
            self.target = value
            self.message.value = ""
            self._syncing = True
            try:
                self.slider.value = value
            finally:
                self._syncing = False
            self._label(value)

    def _verb(self) -> str:
        return "bet" if self._opening else "raise to"

    def _refuse(self, why: str) -> None:
        self.target = None
        self.message.value = f'<span class="pl-error" style="color:#c0392b">&#9888; {html.escape(why)}</span>'
        self._label(None)

    def _label(self, value: int | None) -> None:
        shown = "…" if value is None else str(value)
        allin = " (all-in)" if value is not None and value == self._all_in_to else ""
        self.bet.description = f"bet {shown}{allin}"
        self.raise_.description = f"raise to {shown}{allin}"
        for b in (self.bet, self.raise_):
            b.disabled = value is None or b.layout.display == "none" or not self._ready

    def _raise(self) -> None:
        if self.target is not None:
            self._act(RaiseTo(self.target))

    # -- the state -------------------------------------------------------------
    def show(self, state: Any) -> None:
        """Show exactly the legal actions of ``state`` (None: none, the bar keeps its place)."""
        self._hold(state)
        legal = state.legal_actions() if state is not None else ()
        kinds = {type(a).__name__ for a in legal}
        self._visible(self.fold, "Fold" in kinds)
        self._visible(self.check, "Check" in kinds)
        self._visible(self.call, "Call" in kinds)
        can_raise = "RaiseTo" in kinds
        self._opening = opening = can_raise and state.current_bet == 0
        self._visible(self.bet, can_raise and opening)
        self._visible(self.raise_, can_raise and not opening)
        if state is not None and state.actor is not None:
            a = state.actor
            self._all_in_to = state.stacks[a] + state.street_bet[a]
        if "Call" in kinds:
            all_in = " (all-in)" if state.to_call == state.stacks[state.actor] else ""
            self.call.description = f"call {state.to_call}{all_in}"
        sizing = can_raise and state.min_raise_to != state.max_raise_to
        self.sizing.layout.display = None if sizing else "none"
        if not can_raise:
            self.target = None
            return
        lo, hi = state.min_raise_to, state.max_raise_to
        self._lo, self._hi = lo, hi
        self._syncing = True
        try:
            self.slider.max = max(hi, self.slider.min)  # widen first: ipywidgets refuses min > max at every step
            self.slider.min = lo
            self.slider.max = hi
        finally:
            self._syncing = False
        pot_size = state.current_bet + state.pot + state.to_call
        self._preset_values = {
            "min": lo,
            "½ pot": min(hi, max(lo, state.current_bet + (state.pot + state.to_call) // 2)),
            "pot": min(hi, max(lo, pot_size)),
            "all-in": hi,
        }
        no_limit = state.rules.structure.value != "fixed-limit"
        for key, b in self.presets.items():
            b.description = f"{key} {self._preset_values[key]}" if key != "min" else f"min {lo}"
            self._visible(b, no_limit and sizing)
        self.message.value = ""
        if self.amount.value == str(lo):
            self._from_box(str(lo))
        else:
            self.amount.value = str(lo)


_PRESETS = (("min", "min"), ("½ pot", "half-pot"), ("pot", "pot"), ("all-in", "all-in"))


def event_lines(state: Any, names: tuple[str, ...], you: int | None) -> list[str]:
    """The hand so far in readable lines (HTML-escaped); see :func:`pokerlab.apps.explain.hand_lines`."""

    return hand_lines(state, names, you)


def notice_log(notices: list[str]) -> str:
    """Every notice of the game (eliminations, failed bots, rebuys), newest first, in a box that scrolls.

    Nothing is dropped, however busy the hand: the box keeps about six lines in sight and scrolls
    for the rest. Each notice is HTML-escaped.
    """
    _validate.instance(notices, list, "notices must be a list of texts", items=str)
    lines = "".join(f'<div class="pl-notice-line">{html.escape(n)}</div>' for n in reversed(notices))
    return f'<div class="pl-notice-log" style="max-height:7.5em;overflow-y:auto">{lines}</div>'


def error_line(exc: PokerlabError) -> str:
    return f'<span class="pl-error" style="color:#c0392b">&#9888; {html.escape(str(exc))}</span>'


SIGNALS = ("pl-your-turn", "pl-hand-over", "pl-game-over")
"""The status line's classes that say the page is ready for the reader (and for a test driving it)."""

WAITING = "<span>&hellip;</span>"


def _signals(text: str) -> bool:
    return any(f'class="{c}"' in text for c in SIGNALS)


def status_before(status: Any, new: str) -> None:
    """The first step of a render that ends with the status line ``new``: take down a status that is about to
    change, before any other widget changes.

    Each widget's value reaches the browser as its own message, in the order set. A render therefore sets
    ``status`` last (:func:`status_after`), so that "Your turn", "Hand over" or "Game over" appear only once the
    buttons, log, history and ranking they sum up are drawn; and it first replaces a status that is changing by
    ``new`` (or by a neutral "..." when ``new`` is itself one of those signals), so that an old "Your turn" is
    never on screen beside the next state's hidden buttons."""
    if status.value != new:
        status.value = WAITING if _signals(new) else new


def status_after(status: Any, new: str) -> None:
    """The last step of a render: the status line ``new`` (see :func:`status_before`)."""
    status.value = new
