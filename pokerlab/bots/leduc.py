"""The Waterloo report's Phase II rules, translated to Leduc Hold'em as a policy.

The Phase II bot of Li, Zhang and Gao ("Bot for Texas Hold'em", the Waterloo
report) decides from numbers: a preflop win rate with Algorithm 3 (eq. 5),
then effective hand strength with Algorithm 4, bluffing with Algorithm 5 and
pot odds with Algorithm 6 (:mod:`pokerlab.bots.strategy`). Leduc has one
private card and one board card, so the translation is:

* **Round 1** is the report's preflop: the win rate of a card is its share of
  the pot against a random card with a random board card to come (exact, from
  the deals: ``P(win) + P(split) / 2``). Player 0 acts first in both rounds,
  like the heads-up button, so it has position 1 and player 1 position 2;
  Algorithm 3 with ``c = 2 x players`` raises above threshold 0.5, calls above
  0.25 and folds (checks, when nothing is to be called) otherwise.
* **Round 2** is the report's river: no card is to come, so ``PPOT = 0`` and
  ``EHS = HS``, the card's share of the pot against a random one of the four
  unseen cards. Algorithm 4 raises above 0.8 and calls above 0.4; where it
  would fold, Algorithm 5 bluffs (raises) with the style's probability
  (normal 0.5, aggressive 0.8, conservative 0.2) if ``EHS < 0.2``, heads-up
  counting as "few players" and a pot of at most ``few_pot_big_blinds``
  round-1 bets as "few"; otherwise Algorithm 6 calls if EHS beats the pot odds.

The report's random draw for the bluff becomes a mixed action (raise with
the bluff probability), so the policy is a behaviour strategy like CFR's.
A "raise" when two raises were already made is a call; a "fold" with nothing
to call is a check.

>>> from pokerlab.bots.leduc import phase_two_policy
>>> p = phase_two_policy("normal")
>>> p["J:"], p["JQ:rc/r"]
({'c': 1.0, 'r': 0.0}, {'f': 0.5, 'c': 0.0, 'r': 0.5})
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, Any

import numpy as np

from pokerlab import _validate
from pokerlab._validate import member, probability
from pokerlab.bots.strategy import (
    Bluff,
    BluffChoice,
    DecisionKind,
    bluff,
    ehs_decision,
    pot_odds_decision,
    preflop_decision,
)
from pokerlab.bots.waterloo import BLUFF_STYLES
from pokerlab.errors import ParameterError
from pokerlab.solve import Policy, game
from pokerlab.solve.games import LEDUC_BETS, LEDUC_STACK, InfoSet, leduc_showdown

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["leduc_strength", "phase_two_decisions", "phase_two_policy"]

RANKS = "JQK"


def leduc_strength(card: str, board: str = "") -> float:
    """A Leduc card's share of the pot against a random unseen card (and random board when ``board`` is "").

    >>> round(leduc_strength("K"), 4), leduc_strength("Q", "Q"), leduc_strength("K", "J")
    (0.7, 1.0, 0.625)
    """
    said = f"card and board are ranks J, Q or K (board may be ''), not {card!r}, {board!r}"
    _validate.choice(card, "card", RANKS, message=said)
    _validate.choice(board, "board", ("", *RANKS), message=said)
    return _strength(card, board)  # checked first: the cache needs hashable arguments


@cache
def _strength(card: str, board: str) -> float:
    deals = game("leduc").deals // 2
    mine = deals[:, 0] == RANKS.index(card)
    if board:
        mine &= deals[:, 2] == RANKS.index(board)
    if not mine.any():
        raise ParameterError(f"a {card} with a {board} on the board cannot be dealt")
    d = deals[mine]
    result = leduc_showdown(d[:, 0], d[:, 1], d[:, 2])
    return float(np.mean((result + 1) / 2))


def _decide(info: InfoSet, rate: float, few_pot_big_blinds: float, c: float | None) -> tuple[dict[str, float], str]:
    to_call, pot = info.to_call, info.pot  # the game's DecisionPoint: chips as the tree counts them
    money = LEDUC_STACK - info.paid[info.player]  # the chips left; amounts do not matter at fixed limit

    def play(kind: DecisionKind) -> str:
        if kind is DecisionKind.RAISE:
            return "r" if "r" in info.actions else "c"
        if kind is DecisionKind.FOLD:
            return "f" if to_call > 0 else "c"
        return "c"

    if not info.board:
        win_rate = leduc_strength(info.card)
        d = preflop_decision(win_rate, 1 + info.player, 2, money, c=c)
        return {play(d.kind): 1.0}, f"round 1, win rate {win_rate:.3f}: {d.reason} -> {d.kind}"
    ehs = leduc_strength(info.card, info.board)
    d = ehs_decision(ehs, money)
    if d.kind is not DecisionKind.FOLD:
        return {play(d.kind): 1.0}, f"EHS {ehs:.3f}: {d.reason} -> {d.kind}"
    fallback = pot_odds_decision(ehs, 0.0, "river", to_call, pot)
    b = bluff(ehs, 0.0, "river", 1, pot / LEDUC_BETS[0], rate=rate, few_pot=few_pot_big_blinds) if rate > 0 else None
    if b is not None and b.kind is DecisionKind.RAISE:
        probs = {play(DecisionKind.RAISE): rate}
        probs[play(fallback.kind)] = probs.get(play(fallback.kind), 0.0) + 1 - rate
        return probs, f"EHS {ehs:.3f}: bluff with probability {rate}, else {fallback.reason} -> {fallback.kind}"
    return {play(fallback.kind): 1.0}, f"EHS {ehs:.3f}: {fallback.reason} -> {fallback.kind}"


def _rate(style: BluffChoice, bluff_rate: float | None) -> float:
    if bluff_rate is not None:
        return probability(bluff_rate, "bluff_rate")
    return BLUFF_STYLES[member(Bluff, style, "bluff")]


def _check_c(c: Any) -> float | None:
    if c is not None:
        c = _validate.real(c, "c", lo=0, lo_open=True, message="c must be a positive number")
    return c


def _check_pot(few_pot_big_blinds: Any) -> float:
    return _validate.real(
        few_pot_big_blinds, "few_pot_big_blinds", lo=0, message="few_pot_big_blinds must be a finite number >= 0"
    )


def phase_two_policy(
    bluff: BluffChoice = "normal",
    *,
    bluff_rate: float | None = None,
    few_pot_big_blinds: float = 10.0,
    c: float | None = None,
) -> Policy:
    """The Phase II rules as a Leduc policy for both seats (see the module docstring).

    ``bluff`` is a style (normal, aggressive, conservative, none) or
    ``bluff_rate`` a probability; ``c`` is eq. 5's constant (default
    ``2 x players``, as Algorithm 3 writes it).
    """
    rate = _rate(bluff, bluff_rate)
    pot = _check_pot(few_pot_big_blinds)
    c = _check_c(c)
    return Policy.from_function(game("leduc"), lambda info: _decide(info, rate, pot, c)[0])


def phase_two_decisions(
    bluff: BluffChoice = "normal",
    *,
    bluff_rate: float | None = None,
    few_pot_big_blinds: float = 10.0,
    c: float | None = None,
) -> pd.DataFrame:
    """Every information set with the Phase II policy's probabilities and the rule that decided."""
    import pandas as pd

    rate = _rate(bluff, bluff_rate)
    pot = _check_pot(few_pot_big_blinds)
    c = _check_c(c)
    rows = []
    for info in game("leduc").infosets:
        probs, reason = _decide(info, rate, pot, c)
        row: dict[str, Any] = {"infoset": info.key, "player": info.player}
        row.update({a: (probs.get(a, 0.0) if a in info.actions else float("nan")) for a in ("f", "c", "r")})
        row["reason"] = reason
        rows.append(row)
    return pd.DataFrame(rows).set_index("infoset")
