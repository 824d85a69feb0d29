"""The Waterloo report's betting rules (Algorithms 3-6) as plain functions.

Each function takes numbers and returns a :class:`Decision`: a
:class:`DecisionKind` (fold, call or raise) and, for a raise, the street
total to raise to in whole chips (``raise_to``), so lessons can sweep the
inputs and draw the decision regions, and bots can combine them. The
report's formulas give a raise *size* (for example ``exp(X - 1) * money``);
a decision turns it into "raise to" by adding it to ``current_bet``, the
street's bet the raise goes over (0 by default: a bet into an unopened
pot), and rounding to a chip. A "fold" when there is nothing to call is
played as a check by the bots.

Defaults are the report's values; every threshold is a parameter. Where the
report is silent, the choice is named in the docstring.

Threshold 0.55 * (1 + 1/4) = 0.6875, X = 0.3125, a raise of
exp(X - 1) * 100 = 50.3 chips over the bet of 10:

>>> d = preflop_decision(0.55, position=1, players=2, money_in_hand=100, current_bet=10)
>>> d.kind, d.raise_to, d.raise_to - d.current_bet
(<DecisionKind.RAISE: 'raise'>, 60, 50)
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Literal, TypeAlias

from pokerlab import _validate
from pokerlab._validate import member
from pokerlab.errors import ParameterError
from pokerlab.streets import Street, StreetChoice

__all__ = [
    "BPPVariant",
    "Bluff",
    "ContextKind",
    "Decision",
    "DecisionKind",
    "OpponentModelKind",
    "Trust",
    "bluff",
    "decision_regions",
    "ehs_decision",
    "model_decision",
    "pot_odds",
    "pot_odds_decision",
    "preflop_decision",
    "preflop_position",
]


class DecisionKind(StrEnum):
    """What a betting rule decided: fold, check, call or raise (a bet is a raise over 0).

    The Waterloo report's rules answer fold, call or raise; ``check`` appears
    where a bot or a chart words a call with nothing to call. String-valued,
    so ``decision.kind == "raise"`` holds too; compare with the members
    (``decision.kind is DecisionKind.RAISE``).
    """

    FOLD = "fold"
    CHECK = "check"
    CALL = "call"
    RAISE = "raise"


@dataclass(frozen=True)
class Decision:
    """A betting rule's answer: ``kind``, and for a raise the street total ``raise_to`` in whole chips.

    ``current_bet`` is the street's bet the raise goes over, so
    ``raise_to - current_bet`` is the raise the report's formula asked for,
    rounded to a chip (under fixed limit the bots raise by the fixed size
    whatever it says). ``raise_to`` is 0 unless ``kind`` is raise.
    ``reason`` says which rule decided, in words. ``kind`` may be given as
    its string spelling (``Decision("raise", 40)``); it is stored as a
    :class:`DecisionKind`.

    >>> Decision("raise", 40, "example")
    Decision(kind=<DecisionKind.RAISE: 'raise'>, raise_to=40, reason='example', current_bet=0)
    """

    kind: DecisionKind
    raise_to: int = 0
    reason: str = ""
    current_bet: int = 0

    def __post_init__(self) -> None:
        if type(self.kind) is not DecisionKind:  # the string spelling ("raise") becomes the member
            object.__setattr__(self, "kind", member(DecisionKind, self.kind, "kind"))
        for name in ("raise_to", "current_bet"):
            v = getattr(self, name)
            if type(v) is not int or v < 0:  # the plain case first: a bot's own chips
                said = (
                    f"{name} must be a whole number of chips >= 0 (a decision says the street total to raise to; "
                    "round a raise size and add the current bet)"
                )
                object.__setattr__(self, name, _validate.whole(v, name, lo=0, message=said))
        if self.kind is DecisionKind.RAISE:
            if self.raise_to < self.current_bet:
                raise ParameterError(f"raise_to ({self.raise_to}) cannot be below the current bet ({self.current_bet})")
        elif self.raise_to:
            raise ParameterError(f"raise_to is for a raise; a {self.kind} has raise_to 0, not {self.raise_to}")
        _validate.text(self.reason, "reason", empty=True, message=f"reason must be text, not {self.reason!r:.60}")


def _raise(size: float, current_bet: int, reason: str) -> Decision:
    """A raise of ``size`` chips (the report's formula) over ``current_bet``, as a whole-chip "raise to"."""
    if not math.isfinite(size):
        raise ParameterError(f"the raise size must be a finite number of chips, not {size!r} ({reason})")
    return Decision(DecisionKind.RAISE, max(current_bet, round(current_bet + size)), reason, current_bet)


def _bet(name: str, x: object) -> int:
    return _validate.whole(x, name, lo=0, message=f"{name} must be a whole number of chips >= 0")


def _fold(reason: str) -> Decision:
    return Decision(DecisionKind.FOLD, 0, reason)


def _call(reason: str) -> Decision:
    return Decision(DecisionKind.CALL, 0, reason)


class Trust(StrEnum):
    """How Phase III reads an opponent's betting (the Waterloo report, Algorithm 6)."""

    CONSERVATIVE = "conservative"
    AGGRESSIVE = "aggressive"


TrustChoice: TypeAlias = Trust | Literal["conservative", "aggressive"]
"""A :class:`Trust` or its value as a string: a type checker refuses any other string."""


class Bluff(StrEnum):
    """Phase II's bluffing styles (Algorithm 5); each is a bluff rate in ``BLUFF_STYLES``."""

    AGGRESSIVE = "aggressive"
    NORMAL = "normal"
    CONSERVATIVE = "conservative"
    NONE = "none"


BluffChoice: TypeAlias = Bluff | Literal["aggressive", "normal", "conservative", "none"]
"""A :class:`Bluff` or its value as a string: a type checker refuses any other string."""


class OpponentModelKind(StrEnum):
    """Phase III's opponent model: hands shown down by betting pattern, or the context models."""

    SHOWDOWN = "showdown"
    CONTEXT = "context"


OpponentModelKindChoice: TypeAlias = OpponentModelKind | Literal["showdown", "context"]
"""A :class:`OpponentModelKind` or its value as a string: a type checker refuses any other string."""


class ContextKind(StrEnum):
    """The context model Phase III fits: Davidson's network, a decision tree, or action frequencies."""

    MLP = "mlp"
    TREE = "tree"
    FREQUENCY = "frequency"


ContextKindChoice: TypeAlias = ContextKind | Literal["mlp", "tree", "frequency"]
"""A :class:`ContextKind` or its value as a string: a type checker refuses any other string."""


class BPPVariant(StrEnum):
    """How the BPP bot turns P(win) into an action: the published curves, or the decision network."""

    CURVES = "curves"
    DECISION = "decision"


BPPVariantChoice: TypeAlias = BPPVariant | Literal["curves", "decision"]
"""A :class:`BPPVariant` or its value as a string: a type checker refuses any other string."""


def _street(street: str) -> Street:
    return _validate.member(Street, street, "street")


def preflop_position(seat: int, button: int, players: int) -> int:
    """The Waterloo report's position: 1 = small blind, 2 = big blind, ..., ``players`` = the button.

    Heads-up the button posts the small blind, so it is position 1 and the
    other player position 2 (pokerlab's reading; the report plays 3+ seats).
    """
    players = _validate.whole(players, "players", lo=2, hi=23)
    seat = _validate.whole(seat, "seat", lo=0, hi=players - 1)
    button = _validate.whole(button, "button", lo=0, hi=players - 1)
    if players == 2:
        return 1 if seat == button else 2
    return (seat - button - 1) % players + 1


def preflop_decision(
    win_rate: float,
    position: int,
    players: int,
    money_in_hand: float,
    *,
    c: float | None = None,
    fold_below: float = 0.3,
    raise_above: float = 0.5,
    call_above: float = 0.25,
    scale: float = 0.6,
    current_bet: int = 0,
) -> Decision:
    """Algorithm 3 (with eq. 5's threshold).

    ``threshold = win_rate * (1 + position / c)`` with ``c = 2 * players``
    as Algorithm 3 writes it (pass ``c`` to use eq. 5 with another constant).
    Outside the blinds (position > 2) a hand with ``win_rate < fold_below``
    folds. Above ``raise_above`` it raises ``exp(X - 1) * money_in_hand``
    with ``X = (threshold - 0.5) / scale`` (over ``current_bet``: the
    decision's ``raise_to`` is ``current_bet`` plus that, rounded to a
    chip); between ``call_above`` and ``raise_above`` it calls; otherwise
    it folds.
    """
    _validate.probability(win_rate, "win_rate")
    _bet("current_bet", current_bet)
    players = _validate.whole(players, "players", lo=2, hi=23)
    position = _validate.whole(position, "position")
    money_in_hand = _validate.real(money_in_hand, "money_in_hand", lo=0)
    if c is not None:
        _validate.real(c, "c")
    for label, v in (("fold_below", fold_below), ("raise_above", raise_above), ("call_above", call_above)):
        _validate.real(v, label)
    scale = _validate.real(scale, "scale", lo=0, lo_open=True)
    if not 1 <= position <= players:
        raise ParameterError(f"position must be 1..players ({players}), not {position}")
    const = 2 * players if c is None else c
    if const <= 0:
        raise ParameterError(f"the constant c must be positive, not {const}")
    threshold = win_rate * (1 + position / const)
    if position > 2 and win_rate < fold_below:
        return _fold(f"position {position} > 2 and win rate {win_rate:.3f} < {fold_below}")
    if threshold > raise_above:
        x = (threshold - raise_above) / scale
        # exp(X - 1) capped at e**50: beyond it the raise is all-in anyway (and exp would overflow)
        return _raise(
            math.exp(min(x - 1, 50.0)) * money_in_hand, current_bet, f"threshold {threshold:.3f} > {raise_above}"
        )
    if threshold > call_above:
        return _call(f"threshold {threshold:.3f} in ({call_above}, {raise_above}]")
    return _fold(f"threshold {threshold:.3f} <= {call_above}")


def ehs_decision(
    ehs: float,
    money_in_hand: float,
    *,
    raise_above: float = 0.8,
    call_above: float = 0.4,
    raise_fraction: float = 0.5,
    current_bet: int = 0,
) -> Decision:
    """Algorithm 4: raise above 0.8, call above 0.4, otherwise fold.

    The report gives no raise amount here; pokerlab's choice mirrors
    Algorithm 8's: ``raise_fraction * (1 + (ehs - raise_above) / (1 - raise_above)) / 2 * money_in_hand``,
    i.e. from a quarter of the stack at the threshold to half of it with a
    certain win (with the default 0.5), raised over ``current_bet``.
    """
    _validate.probability(ehs, "ehs")
    _bet("current_bet", current_bet)
    money_in_hand = _validate.real(money_in_hand, "money_in_hand", lo=0)
    raise_above = _validate.real(raise_above, "raise_above", lo=0, hi=1)
    call_above = _validate.real(call_above, "call_above", lo=0, hi=1)
    raise_fraction = _validate.real(raise_fraction, "raise_fraction", lo=0)
    if ehs > raise_above:
        strength = (ehs - raise_above) / (1 - raise_above) if raise_above < 1 else 1.0
        size = raise_fraction * (1 + strength) / 2 * money_in_hand
        return _raise(size, current_bet, f"EHS {ehs:.3f} > {raise_above}")
    if ehs > call_above:
        return _call(f"EHS {ehs:.3f} in ({call_above}, {raise_above}]")
    return _fold(f"EHS {ehs:.3f} <= {call_above}")


def bluff(
    ehs: float,
    draw: float,
    street: StreetChoice,
    opponents: int,
    pot_in_big_blinds: float,
    *,
    rate: float = 0.5,
    below: float = 0.2,
    few_players: int = 2,
    few_pot: float = 10.0,
    amount: float = 0.0,
    current_bet: int = 0,
) -> Decision | None:
    """Algorithm 5: with a weak hand (EHS < ``below``), bluff with probability ``rate``.

    ``draw`` is a uniform random number in [0, 1) (the caller's seeded
    generator); the report's "n > 0.5" is ``draw < rate`` with rate 0.5, and
    its styles are rate 0.8 (aggressive), 0.5 (normal), 0.2 (conservative).
    On the flop the bluff is a raise; on the turn and river only when FEW
    players are left (at most ``few_players`` opponents) and the pot is FEW
    (at most ``few_pot`` big blinds), otherwise the hand folds. Returns None
    when the rule does not apply (decide by the other rules). A bluff raises
    by ``amount`` chips over ``current_bet`` (``raise_to`` is their sum,
    rounded to a chip).
    """
    _validate.probability(ehs, "ehs")
    _validate.probability(rate, "rate")
    _bet("current_bet", current_bet)
    _validate.probability(draw, "draw")
    _street(street)
    opponents = _validate.whole(opponents, "opponents", lo=0)
    pot_in_big_blinds = _validate.real(pot_in_big_blinds, "pot_in_big_blinds", lo=0)
    below = _validate.real(below, "below")
    few_players = _validate.whole(few_players, "few_players", lo=0)
    few_pot = _validate.real(few_pot, "few_pot")
    amount = _validate.real(amount, "amount", lo=0)
    if ehs >= below or draw >= rate:
        return None
    if street == "flop":
        return _raise(amount, current_bet, f"bluff on the flop (EHS {ehs:.3f})")
    if opponents <= few_players and pot_in_big_blinds <= few_pot:
        return _raise(amount, current_bet, f"bluff on the {street}: few players and a small pot")
    return _fold(f"no bluff on the {street}: too many players or too big a pot")


def pot_odds(to_call: float, pot: float) -> float:
    """Eq. 7: ``to_call / (pot + to_call)`` (0 when there is nothing to call)."""
    to_call = _validate.real(to_call, "to_call", lo=0)
    pot = _validate.real(pot, "pot", lo=0)
    return to_call / (pot + to_call) if to_call > 0 else 0.0


def pot_odds_decision(ehs: float, ppot: float, street: StreetChoice, to_call: float, pot: float) -> Decision:
    """Algorithm 6: on the river call if EHS beats the pot odds; before it, if PPOT does."""
    _validate.probability(ehs, "ehs")
    _validate.probability(ppot, "ppot")
    _street(street)
    odds = pot_odds(to_call, pot)
    if street == "river":
        if ehs > odds:
            return _call(f"river: EHS {ehs:.3f} > pot odds {odds:.3f}")
        return _fold(f"river: EHS {ehs:.3f} <= pot odds {odds:.3f}")
    if ppot > odds:
        return _call(f"PPOT {ppot:.3f} > pot odds {odds:.3f}")
    return _fold(f"PPOT {ppot:.3f} <= pot odds {odds:.3f}")


def model_decision(
    ehs: float,
    mu: float,
    sigma: float,
    money_in_hand: float,
    draw: float,
    *,
    trust: TrustChoice = "conservative",
    bluff_draw: float = 1.0,
    bluff_probability: float = 0.5,
    current_bet: int = 0,
) -> Decision:
    """Algorithm 8: compare our EHS with the opponent's expected strength ``mu +- sigma``.

    Below ``mu - sigma`` fold (the "aggressive" trust style raises instead
    with probability ``bluff_probability``, read from ``bluff_draw``; the
    raise is half the money in hand, pokerlab's choice); below ``mu`` call;
    above ``mu + sigma`` raise ``0.5 * (1 + draw) * money``; in between raise
    ``exp(X - 1) * 0.5 * money`` with ``X = (EHS - mu) / sigma``; every
    raise goes over ``current_bet``.
    """
    _validate.probability(ehs, "ehs")
    _bet("current_bet", current_bet)
    mu = _validate.real(mu, "mu")
    sigma = _validate.real(sigma, "sigma", lo=0)
    money_in_hand = _validate.real(money_in_hand, "money_in_hand", lo=0)
    _validate.probability(draw, "draw")
    _validate.probability(bluff_draw, "bluff_draw")
    _validate.probability(bluff_probability, "bluff_probability")
    trust = _validate.member(Trust, trust, "trust")
    sigma = max(sigma, 1e-9)
    if ehs < mu - sigma:
        if trust == "aggressive" and bluff_draw < bluff_probability:
            why = f"EHS {ehs:.3f} < mu - sigma, but the opponent may be unusual"
            return _raise(0.5 * money_in_hand, current_bet, why)
        return _fold(f"EHS {ehs:.3f} < mu - sigma = {mu - sigma:.3f}")
    if ehs < mu:
        return _call(f"EHS {ehs:.3f} in [mu - sigma, mu)")
    if ehs > mu + sigma:
        return _raise(0.5 * (1 + draw) * money_in_hand, current_bet, f"EHS {ehs:.3f} > mu + sigma = {mu + sigma:.3f}")
    x = (ehs - mu) / sigma
    return _raise(math.exp(x - 1) * 0.5 * money_in_hand, current_bet, f"EHS {ehs:.3f} in [mu, mu + sigma]")


def decision_regions(street: StreetChoice = "flop", ppot: float = 0.2, pot: float = 100.0, steps: int = 41) -> Any:
    """What Phase II does (no bluff) for every EHS and bet to call: a frame for a region chart.

    Columns ``ehs``, ``to_call`` (as a fraction of the pot), ``pot_odds``,
    ``action`` and ``rule`` (the algorithm that decided).
    """
    import pandas as pd

    _street(street)
    _validate.probability(ppot, "ppot")
    pot = _validate.real(pot, "pot", lo=0, lo_open=True)
    steps = _validate.whole(steps, "steps", lo=2, hi=1001)
    rows = []
    for i in range(steps):
        ehs = i / (steps - 1)
        for j in range(steps):
            to_call = pot * j / (steps - 1)
            d = ehs_decision(ehs, 100.0)
            rule = "Algorithm 4"
            if d.kind is DecisionKind.FOLD:
                d = pot_odds_decision(ehs, ppot, street, to_call, pot)
                rule = "Algorithm 6 (pot odds)"
                if to_call == 0:
                    d = Decision(DecisionKind.CHECK, 0, "nothing to call")
            rows.append(
                {
                    "ehs": ehs,
                    "to_call": to_call / pot,
                    "pot_odds": pot_odds(to_call, pot),
                    "action": d.kind.value,
                    "rule": rule,
                }
            )
    return pd.DataFrame(rows)
