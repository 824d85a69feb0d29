"""Seed 001's betting rules (Algorithms 3-6) as plain functions.

Each function takes numbers and returns a :class:`Decision` (``"fold"``,
``"call"`` or ``"raise"`` with an amount in chips), so lessons can sweep
the inputs and draw the decision regions, and bots can combine them. A
"fold" when there is nothing to call is played as a check by the bots.

Defaults are the report's values; every threshold is a parameter. Where the
report is silent, the choice is named in the docstring.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from pokerlab import _validate
from pokerlab.errors import ParameterError

__all__ = [
    "Decision",
    "bluff",
    "decision_regions",
    "ehs_decision",
    "model_decision",
    "pot_odds",
    "pot_odds_decision",
    "preflop_decision",
    "preflop_position",
]


@dataclass(frozen=True)
class Decision:
    """``kind`` is fold, call or raise; ``amount`` is the raise size in chips (added to the bet to call)."""

    kind: str
    amount: float = 0.0
    reason: str = ""


def _prob(name: str, x: float) -> float:
    if isinstance(x, bool) or not isinstance(x, (int, float)) or x != x or not 0.0 <= x <= 1.0:
        raise ParameterError(f"{name} is a probability 0..1, not {_validate._show(x)}")
    return x


def _street(street: str) -> str:
    return str(_validate.choice(street, "street", ("preflop", "flop", "turn", "river")))


def preflop_position(seat: int, button: int, players: int) -> int:
    """Seed 001's position: 1 = small blind, 2 = big blind, ..., ``players`` = the button.

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
) -> Decision:
    """Algorithm 3 (with eq. 5's threshold).

    ``threshold = win_rate * (1 + position / c)`` with ``c = 2 * players``
    as Algorithm 3 writes it (pass ``c`` to use eq. 5 with another constant).
    Outside the blinds (position > 2) a hand with ``win_rate < fold_below``
    folds. Above ``raise_above`` it raises ``exp(X - 1) * money_in_hand``
    with ``X = (threshold - 0.5) / scale``; between ``call_above`` and
    ``raise_above`` it calls; otherwise it folds.
    """
    _prob("win_rate", win_rate)
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
        return Decision("fold", 0.0, f"position {position} > 2 and win rate {win_rate:.3f} < {fold_below}")
    if threshold > raise_above:
        x = (threshold - raise_above) / scale
        # exp(X - 1) capped at e**50: beyond it the raise is all-in anyway (and exp would overflow)
        return Decision(
            "raise", math.exp(min(x - 1, 50.0)) * money_in_hand, f"threshold {threshold:.3f} > {raise_above}"
        )
    if threshold > call_above:
        return Decision("call", 0.0, f"threshold {threshold:.3f} in ({call_above}, {raise_above}]")
    return Decision("fold", 0.0, f"threshold {threshold:.3f} <= {call_above}")


def ehs_decision(
    ehs: float,
    money_in_hand: float,
    *,
    raise_above: float = 0.8,
    call_above: float = 0.4,
    raise_fraction: float = 0.5,
) -> Decision:
    """Algorithm 4: raise above 0.8, call above 0.4, otherwise fold.

    The report gives no raise amount here; pokerlab's choice mirrors
    Algorithm 8's: ``raise_fraction * (1 + (ehs - raise_above) / (1 - raise_above)) / 2 * money_in_hand``,
    i.e. from a quarter of the stack at the threshold to half of it with a
    certain win (with the default 0.5).
    """
    _prob("ehs", ehs)
    money_in_hand = _validate.real(money_in_hand, "money_in_hand", lo=0)
    raise_above = _validate.real(raise_above, "raise_above", lo=0, hi=1)
    call_above = _validate.real(call_above, "call_above", lo=0, hi=1)
    raise_fraction = _validate.real(raise_fraction, "raise_fraction", lo=0)
    if ehs > raise_above:
        strength = (ehs - raise_above) / (1 - raise_above) if raise_above < 1 else 1.0
        return Decision("raise", raise_fraction * (1 + strength) / 2 * money_in_hand, f"EHS {ehs:.3f} > {raise_above}")
    if ehs > call_above:
        return Decision("call", 0.0, f"EHS {ehs:.3f} in ({call_above}, {raise_above}]")
    return Decision("fold", 0.0, f"EHS {ehs:.3f} <= {call_above}")


def bluff(
    ehs: float,
    draw: float,
    street: str,
    opponents: int,
    pot_in_big_blinds: float,
    *,
    rate: float = 0.5,
    below: float = 0.2,
    few_players: int = 2,
    few_pot: float = 10.0,
    amount: float = 0.0,
) -> Decision | None:
    """Algorithm 5: with a weak hand (EHS < ``below``), bluff with probability ``rate``.

    ``draw`` is a uniform random number in [0, 1) (the caller's seeded
    generator); the report's "n > 0.5" is ``draw < rate`` with rate 0.5, and
    its styles are rate 0.8 (aggressive), 0.5 (normal), 0.2 (conservative).
    On the flop the bluff is a raise; on the turn and river only when FEW
    players are left (at most ``few_players`` opponents) and the pot is FEW
    (at most ``few_pot`` big blinds), otherwise the hand folds. Returns None
    when the rule does not apply (decide by the other rules).
    """
    _prob("ehs", ehs)
    _prob("rate", rate)
    _prob("draw", draw)
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
        return Decision("raise", amount, f"bluff on the flop (EHS {ehs:.3f})")
    if opponents <= few_players and pot_in_big_blinds <= few_pot:
        return Decision("raise", amount, f"bluff on the {street}: few players and a small pot")
    return Decision("fold", 0.0, f"no bluff on the {street}: too many players or too big a pot")


def pot_odds(to_call: float, pot: float) -> float:
    """Eq. 7: ``to_call / (pot + to_call)`` (0 when there is nothing to call)."""
    to_call = _validate.real(to_call, "to_call", lo=0)
    pot = _validate.real(pot, "pot", lo=0)
    return to_call / (pot + to_call) if to_call > 0 else 0.0


def pot_odds_decision(ehs: float, ppot: float, street: str, to_call: float, pot: float) -> Decision:
    """Algorithm 6: on the river call if EHS beats the pot odds; before it, if PPOT does."""
    _prob("ehs", ehs)
    _prob("ppot", ppot)
    _street(street)
    odds = pot_odds(to_call, pot)
    if street == "river":
        if ehs > odds:
            return Decision("call", 0.0, f"river: EHS {ehs:.3f} > pot odds {odds:.3f}")
        return Decision("fold", 0.0, f"river: EHS {ehs:.3f} <= pot odds {odds:.3f}")
    if ppot > odds:
        return Decision("call", 0.0, f"PPOT {ppot:.3f} > pot odds {odds:.3f}")
    return Decision("fold", 0.0, f"PPOT {ppot:.3f} <= pot odds {odds:.3f}")


def model_decision(
    ehs: float,
    mu: float,
    sigma: float,
    money_in_hand: float,
    draw: float,
    *,
    trust: str = "conservative",
    bluff_draw: float = 1.0,
    bluff_probability: float = 0.5,
) -> Decision:
    """Algorithm 8: compare our EHS with the opponent's expected strength ``mu +- sigma``.

    Below ``mu - sigma`` fold (the "aggressive" trust style raises instead
    with probability ``bluff_probability``, read from ``bluff_draw``; the
    raise is half the money in hand, pokerlab's choice); below ``mu`` call;
    above ``mu + sigma`` raise ``0.5 * (1 + draw) * money``; in between raise
    ``exp(X - 1) * 0.5 * money`` with ``X = (EHS - mu) / sigma``.
    """
    _prob("ehs", ehs)
    mu = _validate.real(mu, "mu")
    sigma = _validate.real(sigma, "sigma", lo=0)
    money_in_hand = _validate.real(money_in_hand, "money_in_hand", lo=0)
    _prob("draw", draw)
    _prob("bluff_draw", bluff_draw)
    _prob("bluff_probability", bluff_probability)
    _validate.choice(trust, "trust", ("conservative", "aggressive"))
    sigma = max(sigma, 1e-9)
    if ehs < mu - sigma:
        if trust == "aggressive" and bluff_draw < bluff_probability:
            return Decision(
                "raise", 0.5 * money_in_hand, f"EHS {ehs:.3f} < mu - sigma, but the opponent may be unusual"
            )
        return Decision("fold", 0.0, f"EHS {ehs:.3f} < mu - sigma = {mu - sigma:.3f}")
    if ehs < mu:
        return Decision("call", 0.0, f"EHS {ehs:.3f} in [mu - sigma, mu)")
    if ehs > mu + sigma:
        return Decision("raise", 0.5 * (1 + draw) * money_in_hand, f"EHS {ehs:.3f} > mu + sigma = {mu + sigma:.3f}")
    x = (ehs - mu) / sigma
    return Decision("raise", math.exp(x - 1) * 0.5 * money_in_hand, f"EHS {ehs:.3f} in [mu, mu + sigma]")


def postflop_decision(
    ehs: float, ppot: float, street: str, to_call: float, pot: float, money_in_hand: float, **thresholds: float
) -> Decision:
    """Phase II after the flop without bluffing: Algorithm 4, then Algorithm 6 when it says fold."""
    d = ehs_decision(ehs, money_in_hand, **thresholds)
    if d.kind != "fold":
        return d
    return pot_odds_decision(ehs, ppot, street, to_call, pot)


def decision_regions(street: str = "flop", ppot: float = 0.2, pot: float = 100.0, steps: int = 41) -> Any:
    """What Phase II does (no bluff) for every EHS and bet to call: a frame for a region chart.

    Columns ``ehs``, ``to_call`` (as a fraction of the pot), ``pot_odds``,
    ``action`` and ``rule`` (the algorithm that decided).
    """
    import pandas as pd

    _street(street)
    _prob("ppot", ppot)
    pot = _validate.real(pot, "pot", lo=0, lo_open=True)
    steps = _validate.whole(steps, "steps", lo=2, hi=1001)
    rows = []
    for i in range(steps):
        ehs = i / (steps - 1)
        for j in range(steps):
            to_call = pot * j / (steps - 1)
            d = ehs_decision(ehs, 100.0)
            rule = "Algorithm 4"
            if d.kind == "fold":
                d = pot_odds_decision(ehs, ppot, street, to_call, pot)
                rule = "Algorithm 6 (pot odds)"
                if to_call == 0:
                    d = Decision("check", 0.0, "nothing to call")
            rows.append(
                {
                    "ehs": ehs,
                    "to_call": to_call / pot,
                    "pot_odds": pot_odds(to_call, pot),
                    "action": d.kind,
                    "rule": rule,
                }
            )
    return pd.DataFrame(rows)
