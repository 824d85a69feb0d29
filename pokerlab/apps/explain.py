"""The hand in words: what happened, who won and why, and what BPP was thinking.

:func:`hand_lines` turns a hand's event log into sentences: every action
with its amount, the board, an uncalled bet handed back ("20 uncalled
returned to BPP", which is why the pot shrinks after a fold), the
showdown, each pot's winner or a split pot worded as such ("split pot:
you and BPP share 80, 40 each"), and, when two hands of the same kind meet,
what decided between them (:func:`showdown_reason`: "both have one pair,
nines; you win with the king kicker against BPP's queen").
:func:`thinking_sentence` puts BPP's decision into one sentence with the
pot-odds arithmetic; before the flop it adds that BPP's P(win) comes from its hand-type abstraction (it sees
"ace high", not A♠K♠: every hand of a type gets the type's P(win)). Every name is HTML-escaped.

>>> from pokerlab.game import AAAI06_HEADS_UP_LIMIT, Call, Check
>>> h = AAAI06_HEADS_UP_LIMIT.new_hand(button=0, deck="AsKd AhQc 9s9d2c 7h 3s")
>>> while not h.is_over:
...     _ = h.apply(Call() if h.to_call else Check())
>>> showdown_reason(h, ("ann", "bob"), None)
"both have one pair, nines; ann wins with the king kicker against bob's queen"
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import Any

from pokerlab import _validate
from pokerlab.bpp.handtypes import TYPE_LABELS
from pokerlab.cards import cards_html
from pokerlab.errors import ParameterError
from pokerlab.evaluator import HandValue
from pokerlab.game.state import Act, ActionKind, AwardPot, DealBoard, HandState, ReturnUncalled, Showdown

__all__ = ["hand_lines", "outcome_lines", "showdown_reason", "thinking_sentence"]


def _who(seat: int, names: Sequence[str], you: int | None) -> str:
    return "you" if seat == you else html.escape(names[seat])


def _and(words: Sequence[str]) -> str:
    words = sorted(words, key=lambda x: x != "you")  # "you and BPP", never "BPP and you"
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def _check_hand(state: Any, names: Sequence[str], you: int | None) -> None:
    """The three arguments every sentence function takes: a hand, one name per seat, the person's seat."""

    _validate.instance(state, HandState, "state must be a HandState")
    _validate.instance(
        names, Sequence, f"names must give one name per seat ({state.n})", check=lambda names: len(names) == state.n
    )
    if not all(isinstance(n, str) for n in names):
        raise ParameterError(f"names must be text, not {_validate._show(names)}")
    if you is not None:
        _validate.whole(you, "you", lo=0, hi=state.n - 1)


def _check_thinking(thinking: Any) -> None:
    """What a BPP bot's ``Thinking`` carries: P(win), the threshold, the action probabilities, the choice."""

    fields = ("p_win", "threshold", "probabilities", "chosen", "bluff")
    _validate.protocol(thinking, f"thinking must be a BPP bot's Thinking ({', '.join(fields)})", fields=fields)
    for f in ("p_win", "threshold"):
        v = getattr(thinking, f)
        _validate.real(v, f"thinking.{f}", message=f"thinking.{f} must be a finite number")
    said = "thinking must carry its action probabilities (a dict) and its chosen action (text)"
    _validate.instance(thinking.probabilities, dict, said)
    _validate.text(thinking.chosen, "thinking.chosen", empty=True, message=said)


def showdown_reason(state: Any, names: Sequence[str], you: int | None) -> str | None:
    """Why the best shown hand beat the next best when both are of the same kind (None otherwise)."""
    _check_hand(state, names, you)
    shows = [e for e in state.events if isinstance(e, Showdown)]
    if len(shows) < 2:
        return None
    board = tuple(state.board)
    hands = sorted(((HandValue(e.value, tuple(e.cards) + board), e.seat) for e in shows), reverse=True)
    (best, w), (second, s) = hands[0], hands[1]
    if best.describe() != second.describe():
        return None
    kind = best.describe()
    kind = kind[0].lower() + kind[1:]
    if best.value == second.value:
        tied = [_who(seat, names, you) for v, seat in sorted(hands, key=lambda h: h[1]) if v.value == best.value]
        return f"{_and(tied)} tie with {kind}: the pot is split"
    for a, b in zip(best.best_five, second.best_five, strict=True):
        if a.rank != b.rank:
            winner, loser = _who(w, names, you), _who(s, names, you)
            verb = "win" if winner == "you" else "wins"
            theirs = "your" if loser == "you" else f"{loser}'s"
            return f"both have {kind}; {winner} {verb} with the {a.rank.word} kicker against {theirs} {b.rank.word}"
    return None  # pragma: no cover - equal ranks mean equal values


def hand_lines(state: Any, names: Sequence[str], you: int | None) -> list[str]:
    """The hand so far as readable HTML lines (names escaped)."""
    _check_hand(state, names, you)
    lines = [line for e in state.events if (line := _event_line(e, names, you))]
    if state.is_over:
        reason = showdown_reason(state, names, you)
        if reason:
            lines.append(f'<span class="pl-reason">{reason}</span>')
    return lines


def outcome_lines(state: Any, names: Sequence[str], you: int | None) -> list[str]:
    """How a finished hand ended, as HTML lines: bets returned, hands shown, who won what, and why.

    The end of :func:`hand_lines` without the betting, for a view that keeps
    the last hand's result in sight after the next hand is dealt (empty while
    the hand is still being played).

    >>> from pokerlab.game import AAAI06_HEADS_UP_LIMIT, Fold
    >>> h = AAAI06_HEADS_UP_LIMIT.new_hand(button=0, seed=1)
    >>> _ = h.apply(Fold())
    >>> outcome_lines(h, ("ann", "bob"), 0)
    ['<span class="pl-returned">5 uncalled returned to bob</span>', '<b>bob wins the pot of 10</b>']
    """
    _check_hand(state, names, you)
    if not state.is_over:
        return []
    ends = (ReturnUncalled, Showdown, AwardPot)
    lines = [line for e in state.events if isinstance(e, ends) and (line := _event_line(e, names, you))]
    reason = showdown_reason(state, names, you)
    if reason:
        lines.append(f'<span class="pl-reason">{reason}</span>')
    return lines


def _event_line(e: Any, names: Sequence[str], you: int | None) -> str:
    """One event in words ("" for an event a reader need not see, such as an empty pot)."""
    if isinstance(e, DealBoard):
        return f"<i>{e.street.value}: {cards_html(e.cards, size='1em')}</i>"
    if isinstance(e, Act):
        who = _who(e.seat, names, you)
        amount = f" to {e.to}" if e.kind.aggressive else (f" {e.amount}" if e.kind is ActionKind.CALL else "")
        extra = " (all-in)" if e.all_in else ""
        extra += " (automatic)" if e.automatic else ""
        return f"{who}: {e.kind}{amount}{extra}"
    if isinstance(e, ReturnUncalled):
        return f'<span class="pl-returned">{e.amount} uncalled returned to {_who(e.seat, names, you)}</span>'
    if isinstance(e, Showdown):
        who = _who(e.seat, names, you)
        verb = "show" if e.seat == you else "shows"
        return f"{who} {verb} {cards_html(e.cards, size='1em')}: <b>{html.escape(e.description)}</b>"
    if isinstance(e, AwardPot) and e.amount:
        pot = "side pot " + str(e.pot) if e.pot else "the pot"
        if len(e.winners) == 1:
            who = _who(e.winners[0], names, you)
            return f"<b>{who} {'win' if who == 'you' else 'wins'} {pot} of {e.amount}</b>"
        who = _and([_who(w, names, you) for w in e.winners])
        shares = sorted(set(e.shares))
        each = f"{shares[0]} each" if len(shares) == 1 else ", ".join(map(str, e.shares))
        return f'<b class="pl-split">split {pot}: {who} share {e.amount}, {each}</b>'
    return ""


def thinking_sentence(thinking: Any, name: str, pot: int, to_call: int, current_bet: int = 0) -> str:
    """BPP's decision as a sentence, with a small P(win) bar (HTML).

    ``pot`` and ``to_call`` are the pot and the chips to call when it
    decided; ``current_bet`` tells a bet from a raise.
    """
    for label, v in (("pot", pot), ("to_call", to_call), ("current_bet", current_bet)):
        _validate.whole(v, label, lo=0, message=f"{label} must be a whole number of chips >= 0")
    _validate.text(name, "name", empty=True)
    _check_thinking(thinking)
    p, need = thinking.p_win, thinking.threshold
    who = html.escape(name)
    verbs = {
        "fold": "folds",
        "call": "calls" if to_call else "checks",
        "raise": ("raises" if current_bet else "bets") + (" (a bluff)" if thinking.bluff else ""),
    }
    act = verbs.get(thinking.chosen, thinking.chosen)
    if to_call:
        odds = f"calling costs {to_call} to win {pot}, so it needs {need:.0%}"
    else:
        odds = "checking costs nothing"
    mixed = [k for k, v in thinking.probabilities.items() if 0 < v < 1]
    draw = ""
    if mixed:
        draw = " (its curves give " + ", ".join(f"{k} {_percent(v)}" for k, v in thinking.probabilities.items()) + ")"
    when = "before the flop" if thinking.round == "preflop" else f"on the {html.escape(str(thinking.round))}"
    bar = (
        '<span class="pl-pwin-bar" style="display:inline-block;width:80px;height:8px;background:#eee;'
        f'border:1px solid #999;vertical-align:middle;margin-right:6px"><span style="display:block;height:100%;'
        f'width:{100 * p:.0f}%;background:#27ae60"></span></span>'
    )
    abstraction = ""
    if thinking.round == "preflop":
        # BPP's network sees a hand type, not the cards: AKs and A2o are both "busted, A high" to it
        kind = getattr(thinking, "current", None)
        label = TYPE_LABELS.get(kind, "") if isinstance(kind, str) else ""
        label = label.replace("busted, ", "").replace("busted (high card)", "high card")  # plain words, no jargon
        named = f" ({html.escape(label)})" if label else ""
        abstraction = (
            f' <span class="pl-abstraction">(Before the flop this P(win) comes from BPP\'s hand-type abstraction: it'
            f" sees only its hand type{named}, not the exact cards, so every hand of that type gets the same"
            " P(win).)</span>"
        )
    return (
        f'<div class="pl-thinking-line">{bar}{who} thinks it wins {_percent(p)} of the time {when}; '
        f"{odds}{draw}: <b>it {act}</b>.{abstraction}</div>"
    )


def _percent(p: float) -> str:
    """A probability in whole percent that never rounds a possible event to 0 % or a doubtful one to 100 % (HTML).

    >>> _percent(0.0), _percent(0.0031), _percent(0.41), _percent(0.9969), _percent(1.0)
    ('0%', '&lt;1%', '41%', '&gt;99%', '100%')
    """
    if 0 < p < 0.01:
        return "&lt;1%"
    if 0.99 < p < 1:
        return "&gt;99%"
    return f"{p:.0%}"
