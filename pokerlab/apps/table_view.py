"""The poker table the apps draw: seats around an oval, cards as SVG, the pot in the middle.

Everything here returns an HTML string (no widgets, nothing loaded from the
web), so it can be tested as text and shown by any ``ipywidgets.HTML``.

* :func:`card_svg` draws one card: a white face with its rank and coloured
  suit, or (``None``) a back, blue with a white frame;
* :func:`hand_seats` and :func:`pot_note` read a hand's state for it (the
  same for every view: the apps and the lesson's ``TableWidget``);
* :func:`table_html` draws the table: every seat (name, stack, cards, bet
  in front of it, the dealer button, "folded", "all-in", "out"), the board
  and the pot in the middle; the seat to act has a gold frame and a
  "thinking" line. Each seat keeps its size whatever it shows (the frame is
  always there, only its colour changes; the status line, "thinking…",
  "your turn", "folded" or empty, is always there), so nothing moves while
  the bots play.

The person's seat is drawn at the bottom; the others follow clockwise, in
table order (the seat on your left is the next one to deal, BigHoldem's
"left"). The table is 100 % wide up to 900 px and keeps its shape, so it
fits a 1,024-px projector and a 1,280x720 laptop screen; with 9 or 10 seats
it is taller (at least 520 px), and it is at least 600 px wide (a half-screen window
scrolls it sideways), so the seat boxes never overlap.

>>> from pokerlab.cards import Card
>>> card_svg(Card.parse("Th")).count("<svg")
1
>>> "10" in card_svg(Card.parse("Th")) and "#c0392b" in card_svg(Card.parse("Th"))
True
"""

from __future__ import annotations

import html
import math
from collections.abc import Sequence
from dataclasses import dataclass

from pokerlab import _validate
from pokerlab._validate import flag, whole
from pokerlab.cards import Card
from pokerlab.errors import ParameterError
from pokerlab.game.pots import side_pots
from pokerlab.game.state import AwardPot, HandState, ReturnUncalled, Showdown

__all__ = ["SeatView", "card_svg", "cards_svg", "hand_pots", "hand_seats", "money", "pot_note", "table_html"]

_RED = "#c0392b"
_BLACK = "#1b1b1b"


def card_svg(card: Card | None, width: int = 34) -> str:
    """One card as inline SVG (``None``: a face-down card, drawn as a back)."""
    _validate.instance(card, Card, "card must be a Card or None", optional=True)
    width = whole(width, "width", lo=10, hi=400, message="width must be 10..400 pixels")
    h = round(width * 1.4)
    head = f'<svg class="pl-card{"" if card is not None else " pl-card-back"}" width="{width}" height="{h}" '
    head += 'viewBox="0 0 50 70" role="img" style="margin:0 2px;vertical-align:middle"'
    if card is None:
        return (
            head + ' aria-label="face-down card">'
            '<rect x="1" y="1" width="48" height="68" rx="5" fill="#1f4e99" stroke="#0d2a5c"/>'
            '<rect x="5" y="5" width="40" height="60" rx="3" fill="none" stroke="#fff" stroke-width="1.5"/>'
            '<path d="M25 14 L38 35 L25 56 L12 35 Z" fill="#fff" fill-opacity=".25"/>'
            '<path d="M5 5 L45 65 M45 5 L5 65" stroke="#fff" stroke-opacity=".2"/></svg>'
        )
    colour = _RED if card.suit.value in "dh" else _BLACK
    rank = "10" if card.rank.value == "T" else card.rank.value
    label = f"{card.rank.word} of {card.suit.name.lower()}"
    return (
        head + f' aria-label="{label}">'
        '<rect x="1" y="1" width="48" height="68" rx="5" fill="#fff" stroke="#555"/>'
        f'<text x="5" y="20" font-family="sans-serif" font-size="{17 if rank == "10" else 19}" '
        f'font-weight="bold" fill="{colour}">{rank}</text>'
        f'<text x="26" y="57" font-family="sans-serif" font-size="30" text-anchor="middle" '
        f'fill="{colour}">{card.suit.symbol}</text></svg>'
    )


def cards_svg(cards: Sequence[Card | None], width: int = 34) -> str:
    """Several cards side by side."""
    _validate.instance(cards, Sequence, "cards must be a sequence of Cards (None: face down)")
    for c in cards:
        _validate.instance(c, Card, "cards must hold Cards or None", optional=True)
    return "".join(card_svg(c, width) for c in cards)


def money(amount: int, unit: str = "") -> str:
    """An amount with thousands separators and the unit (escaped): ``money(1500, "€") == "1,500 €"``."""
    amount = whole(amount, "amount", message="amount must be a whole number of chips")
    _validate.text(unit, "unit", empty=True)
    return f"{amount:,}" + (f" {html.escape(unit)}" if unit else "")


@dataclass(frozen=True)
class SeatView:
    """What one seat shows. ``cards``: () no cards, ``(None, None)`` face down."""

    name: str
    stack: int
    bet: int = 0
    cards: tuple[Card | None, ...] = ()
    dealer: bool = False
    active: bool = False
    folded: bool = False
    all_in: bool = False
    out: bool = False
    you: bool = False
    note: str = ""


def hand_seats(state: HandState, names: Sequence[str], me: int | None, reveal: bool = False) -> list[SeatView]:
    """Every seat of the hand ``state`` as :func:`table_html` draws it, in hand-seat order.

    ``me`` is the person's seat (None when nobody plays); its cards are face
    up, the others' are backs until they show them down (every hand face up
    with ``reveal``, as in BigHoldem's watch mode) and gone once folded. When
    the hand is over the bets are in the pot, so none is drawn in front of a
    seat.
    """
    _check_state(state)
    _validate.instance(
        names, Sequence, f"names must give one name per seat ({state.n})", check=lambda names: len(names) == state.n
    )
    if not all(isinstance(n, str) for n in names):
        raise ParameterError(f"names must be texts, not {names!r:.60}")
    if me is not None:
        me = whole(me, "me", lo=0, hi=state.n - 1)
    reveal = flag(reveal, "reveal")
    shown = {e.seat for e in state.events if isinstance(e, Showdown)}
    seats = []
    for k in range(state.n):
        visible = reveal or k == me or k in shown
        seats.append(
            SeatView(
                name=names[k],
                stack=state.stacks[k],
                bet=0 if state.is_over else state.street_bet[k],
                cards=tuple(state.hole[k]) if visible else () if state.folded[k] else (None, None),
                dealer=k == state.button,
                active=k == state.actor and not state.is_over,
                folded=state.folded[k],
                all_in=state.all_in[k],
                you=k == me,
            )
        )
    return seats


def pot_note(state: HandState) -> str:
    """The line under the pot: what was paid out once the hand is over, and the last uncalled bet returned.

    A paid pot is in the winners' stacks, so the table no longer counts it in the middle
    (``"180 paid out"``), and ``"40 uncalled returned"`` when a bet went back.
    """
    _check_state(state)
    returned = [e for e in state.events if isinstance(e, ReturnUncalled)]
    parts = []
    if state.is_over:
        paid = sum(sum(e.shares) for e in state.events if isinstance(e, AwardPot))
        if paid:
            parts.append(f"{paid:,} paid out")
    if returned:
        parts.append(f"{returned[-1].amount} uncalled returned")
    return " · ".join(parts)


def hand_pots(state: HandState) -> tuple[int, ...]:
    """The pots in the middle of the table now: the main pot, then each side pot (empty once paid out).

    Chips bet on the current street are still in front of the seats (drawn there), so a pot
    holds what earlier streets (and antes) gathered; a side pot starts at every all-in level of
    the players still in the hand. The pots and the bets in front of the seats add up to
    ``state.pot`` while the hand is played; after it they are in the winners' stacks.

    >>> from pokerlab.game import NO_LIMIT_RING, Call, RaiseTo
    >>> h = NO_LIMIT_RING.new_hand([50, 200, 200], button=0, deck="AsKs QhQd 7c2d 9h8h7h 6s 2c")
    >>> for action in (RaiseTo(50), Call(), Call()):  # seat 0 is all-in for 50, the others call
    ...     _ = h.apply(action)
    >>> hand_pots(h)
    (150,)
    >>> for action in (RaiseTo(100), Call()):  # on the flop the two others go on: a side pot
    ...     _ = h.apply(action)
    >>> hand_pots(h)
    (150, 200)
    """
    _check_state(state)
    if state.is_over:
        return ()
    middle = [t - b for t, b in zip(state.total, state.street_bet, strict=True)]
    if not any(middle):
        return ()
    live = [k for k in range(state.n) if not state.folded[k]]
    order = [(state.button + 1 + k) % state.n for k in range(state.n)]
    pots = side_pots(middle, live, order)
    return tuple(a for a, _ in pots)


def _pots_row(pots: Sequence[int]) -> str:
    """The main pot and each side pot as chips in a row (nothing when there is only one pot)."""
    if len(pots) < 2:
        return ""
    chips = "".join(
        f'<span class="pl-pot-chip" style="display:inline-block;margin:1px 3px;padding:0 6px;border-radius:9px;'
        f'background:#fff3c4;border:1px solid #b7950b;color:#222;font-size:11px;font-weight:bold">'
        f'{"main" if k == 0 else f"side {k}"}: <span class="pl-pot-amount">{amount:,}</span></span>'
        for k, amount in enumerate(pots)
    )
    return f'<div class="pl-pots">{chips}</div>'


def _check_state(state: object) -> None:
    _validate.instance(state, HandState, "state must be a HandState (a hand being played)")


def _seat(view: SeatView, x: float, y: float, unit: str, thinking: str) -> str:
    frame = "#f1c40f" if view.active else "transparent"
    glow = "box-shadow:0 0 12px #f1c40f;" if view.active else ""
    faded = "opacity:.45;" if view.folded or view.out else ""
    status = "out" if view.out else "folded" if view.folded else "all-in" if view.all_in else view.note
    classes = "pl-seat" + (" pl-seat-active" if view.active else "") + (" pl-seat-you" if view.you else "")
    cards = cards_svg(view.cards, 30) if view.cards else '<span style="display:inline-block;height:42px"></span>'
    name = html.escape(view.name) + (" (you)" if view.you and view.name != "you" else "")
    stack_css = "pl-stack-you" if view.you else "pl-seat-stack"
    line = thinking if view.active else ""  # one status line every seat keeps: nothing moves
    return (
        f'<div class="{classes}" style="position:absolute;left:{x:.1f}%;top:{y:.1f}%;'
        f"transform:translate(-50%,-50%);width:124px;box-sizing:border-box;padding:3px 4px;"
        f"background:#fdfdf8;border:3px solid {frame};border-radius:10px;{glow}"
        f'text-align:center;font-size:12px;line-height:1.25;color:#222">'
        f'<div style="{faded}">'
        f'<div class="pl-seat-name" style="font-weight:bold;white-space:nowrap;overflow:hidden;'
        f'text-overflow:ellipsis" title="{html.escape(view.name)}">{name}</div>'
        f'<div style="height:44px">{cards}</div>'
        f'<div><span class="{stack_css}">{view.stack:,}</span>{" " + html.escape(unit) if unit else ""}</div>'
        f"</div>"
        f'<div class="pl-seat-status" style="height:15px;font-size:11px;color:{"#b7950b" if line else "#555"}">'
        f"{html.escape(line or status) or '&nbsp;'}</div>"
        f"</div>"
    )


def table_html(
    seats: Sequence[SeatView],
    board: Sequence[Card],
    pot: int,
    *,
    unit: str = "",
    thinking: str = "thinking…",
    pot_note: str = "",
    pots: Sequence[int] = (),
) -> str:
    """The table as HTML: ``seats`` in table order; the person's seat (if any) at the bottom.

    The seat to act shows ``thinking`` (a bot) or "your turn" (you) on a line
    every seat keeps; ``pot_note`` is a short line under the pot. ``pots`` (see
    :func:`hand_pots`) are drawn one by one under the total when there are
    side pots: "main 120", "side 1: 80", ...
    """
    _validate.instance(seats, Sequence, "seats must be a sequence of SeatViews")
    if not all(isinstance(s, SeatView) for s in seats):
        raise ParameterError("seats must hold SeatViews only")
    _validate.instance(
        board, Sequence, "board must be a sequence of at most 5 Cards", check=lambda board: len(board) <= 5
    )
    if not all(isinstance(c, Card) for c in board):
        raise ParameterError("board must hold Cards only")
    for label, v in (("unit", unit), ("thinking", thinking), ("pot_note", pot_note)):
        _validate.text(v, label, empty=True)
    n = len(seats)
    if not 1 <= n <= 10:
        raise ParameterError(f"seats: a table has 1 to 10 seats, not {n}")
    pot = whole(pot, "pot", lo=0, message="pot must be a whole number >= 0")
    _validate.instance(pots, Sequence, "pots must be a sequence of whole numbers")
    for amount in pots:
        whole(amount, "pots", lo=1, message="pots must hold whole numbers > 0")
    bottom = next((k for k, s in enumerate(seats) if s.you), 0)
    # 9 or 10 seats: three seats on each side stack up, so the table is taller (no seat box may overlap another)
    crowded = n >= 9
    ry = 40 if crowded else 38
    parts = []
    for k, view in enumerate(seats):
        # clockwise from the bottom: the seat after yours (your left) is drawn to your left
        angle = math.pi / 2 + 2 * math.pi * ((k - bottom) % n) / n
        cx, cy = math.cos(angle), math.sin(angle)
        parts.append(_seat(view, 50 + 41 * cx, 50 + ry * cy, unit, "your turn" if view.you else thinking))
        if view.bet:
            parts.append(
                f'<div class="pl-seat-bet" style="position:absolute;left:{50 + 24 * cx:.1f}%;top:{50 + 20 * cy:.1f}%;'
                "transform:translate(-50%,-50%);background:#fff3c4;border:1px solid #b7950b;border-radius:9px;"
                f'padding:0 6px;font-size:12px;font-weight:bold">{view.bet:,}</div>'
            )
        if view.dealer:
            parts.append(
                f'<div class="pl-dealer-button" title="dealer" style="position:absolute;'
                f"left:{50 + 30 * cx + 9 * cy:.1f}%;top:{50 + 22 * cy - 8 * cx:.1f}%;transform:translate(-50%,-50%);"
                "width:20px;height:20px;border-radius:50%;background:#fff;border:2px solid #333;"
                'font:bold 11px/20px sans-serif;text-align:center;color:#333">D</div>'
            )
    middle = (
        '<div style="position:absolute;left:50%;top:47%;transform:translate(-50%,-50%);text-align:center">'
        f'<div class="pl-board" style="height:56px">{cards_svg(tuple(board), 38)}</div>'
        f'<div class="pl-pot" style="color:#fff;font-weight:bold;font-size:15px">Pot '
        f'<span class="pl-pot-value">{pot}</span>{" " + html.escape(unit) if unit else ""}</div>'
        f"{_pots_row(pots)}"
        f'<div class="pl-pot-note" style="color:#e8f5e9;font-size:11px;height:14px">{pot_note}</div></div>'
    )
    felt = (
        '<div style="position:absolute;left:9%;top:13%;width:82%;height:74%;border-radius:50%;'
        "background:radial-gradient(ellipse at center,#2e8b57 0%,#1e6b40 70%,#174f31 100%);"
        'border:10px solid #6b4226;box-shadow:inset 0 0 18px #0008"></div>'
    )
    shape = "aspect-ratio:1.6/1;min-height:520px" if crowded else "aspect-ratio:2.1/1;min-height:380px"
    shape += ";min-width:600px"  # in a narrow window (a half screen) seat boxes would overlap or be cut off
    return (  # the wrapper scrolls sideways when the window is narrower than the table's minimum width
        '<div class="pl-table-scroll" style="overflow-x:auto;max-width:100%;padding:0 12px">'
        f'<div class="pl-table" style="position:relative;width:100%;max-width:900px;{shape};'
        f'margin:0 auto;font-family:sans-serif">{felt}{middle}{"".join(parts)}</div></div>'
    )
