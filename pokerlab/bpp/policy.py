"""How BPP turns P(win) into an action, and how it learns its opponent.

**Betting curves** (Korb, Nicholson and Jitnah 1999). The calling threshold
is the pot odds, ``to_call / (pot + to_call)`` (0 when checking is free);
BPP looks at ``x = P(win) - threshold``. Three curves of x give a weight to
each action, and the normalised weights are the probabilities it samples
from. pokerlab's shapes (the paper draws them but gives no formulas)::

    fold(x)  = 1 / (1 + exp( steepness * (x - fold_shift)))     falls as x grows
    call(x)  = exp(-((x - call_shift) / call_width)**2 / 2)       a bump in the middle
    raise(x) = 1 / (1 + exp(-steepness * (x - raise_shift)))     rises as x grows

with one shift per curve per round (:class:`Curves`). When nothing is to
call, folding is never sensible and the fold weight goes to check; when
the raise cap is reached, the raise weight goes to call. On the last
round BPP **bluffs**: when it would fold or check it bets or raises instead
with probability ``bluff_rate`` (5 %).

**Decision network** (the later BPP with a decision node BPP_Action and a
utility node Winnings): pgmpy's ``DiscreteBayesianNetwork`` has no
decision or utility nodes, so pokerlab evaluates them over the network's
posterior: :func:`winnings_table` is the utility of each action if BPP
wins or loses, assuming the hand is then checked down (pokerlab's
choice: a one-step look-ahead), and :func:`expected_winnings` weights it
with P(win). ``fold_equity`` is the chance the opponent folds to a raise
(default 0).

**Opponent model**: :class:`OpponentModel` keeps, per round, pseudo-counts
of OPP_Action given OPP_Current, starting from the network's prior times
``prior_strength`` and adding one count for each of the opponent's rounds
seen at a showdown: one table for all opponents (``generic``) or one per
opponent (``specific``). The opponent's action on a round is summarised by
its most aggressive action there (raise > bet > call > pass; pokerlab's
choice).

>>> p = action_probabilities(0.9, pot=40, to_call=10, round="river")
>>> max(p, key=p.get)
'raise'
>>> expected_winnings(0.5, pot=30, to_call=10, bet=10)["call"]
10.0
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import TYPE_CHECKING, Literal, TypeAlias

import numpy as np

from pokerlab import _validate
from pokerlab._validate import flag, member, real, whole
from pokerlab.bpp.handtypes import ROUNDS
from pokerlab.bpp.network import ACTIONS_4, action_names, check_round
from pokerlab.errors import ParameterError

if TYPE_CHECKING:  # not a name of this module: tests/project/test_types.py pairs each *Choice here with its enum
    from pokerlab.streets import StreetChoice

__all__ = [
    "AGGRESSION",
    "Curves",
    "OpponentModel",
    "OpponentModelMode",
    "action_probabilities",
    "best_action",
    "curve_points",
    "expected_winnings",
    "pot_odds_threshold",
    "summarise_actions",
    "winnings_table",
]

AGGRESSION = {"pass": 0, "check": 0, "call": 1, "bet": 2, "raise": 3}


@dataclass(frozen=True)
class Curves:
    """Shifts of the fold, call and raise curves for preflop, flop, turn, river (see the module docstring)."""

    fold_shift: tuple[float, float, float, float] = (-0.05, -0.05, -0.05, -0.05)
    call_shift: tuple[float, float, float, float] = (0.15, 0.15, 0.15, 0.15)
    raise_shift: tuple[float, float, float, float] = (0.30, 0.40, 0.40, 0.40)
    steepness: float = 20.0
    call_width: float = 0.2

    def __post_init__(self) -> None:
        for name in ("fold_shift", "call_shift", "raise_shift"):
            v = getattr(self, name)
            _validate.instance(
                v,
                tuple,
                f"{name} needs four finite numbers (preflop, flop, turn, river)",
                check=lambda v: len(v) == 4 and all(_validate.is_number(x) and math.isfinite(x) for x in v),
            )
        real(self.steepness, "steepness", lo=0, lo_open=True)
        real(self.call_width, "call_width", lo=0, lo_open=True)

    def weights(self, x: float, round: StreetChoice) -> tuple[float, float, float]:
        """Unnormalised (fold, call, raise) weights at x = P(win) - threshold."""
        r = ROUNDS.index(round)
        k = self.steepness
        fold = 1.0 / (1.0 + math.exp(min(700.0, k * (x - self.fold_shift[r]))))
        call = math.exp(-0.5 * ((x - self.call_shift[r]) / self.call_width) ** 2)
        raise_ = 1.0 / (1.0 + math.exp(min(700.0, -k * (x - self.raise_shift[r]))))
        return fold, call, raise_


def pot_odds_threshold(pot: float, to_call: float) -> float:
    """The P(win) at which calling breaks even: ``to_call / (pot + to_call)``."""
    pot = real(pot, "pot", lo=0)
    to_call = real(to_call, "to_call", lo=0)
    return to_call / (pot + to_call) if to_call > 0 else 0.0


def _check_p(p_win: float) -> float:
    return real(p_win, "p_win (P(win))", lo=0.0, hi=1.0)


def action_probabilities(
    p_win: float,
    pot: float,
    to_call: float,
    round: StreetChoice,
    curves: Curves | None = None,
    *,
    can_raise: bool = True,
) -> dict[str, float]:
    """BPP's probabilities of ``fold``, ``call`` (check) and ``raise`` (bet)."""
    p_win = _check_p(p_win)
    rnd = check_round(round)
    flag(can_raise, "can_raise")
    _validate.instance(curves, Curves, "curves must be a Curves or None", optional=True)
    curves = curves or Curves()
    x = p_win - pot_odds_threshold(pot, to_call)
    fold, call, raise_ = curves.weights(x, rnd)
    if to_call <= 0:
        call, fold = call + fold, 0.0
    if not can_raise:
        call, raise_ = call + raise_, 0.0
    total = fold + call + raise_
    return {"fold": fold / total, "call": call / total, "raise": raise_ / total}


def curve_points(
    round: StreetChoice, pot: float, to_call: float, curves: Curves | None = None, *, points: int = 101
) -> list[dict[str, float | str]]:
    """The three normalised curves over P(win) in [0, 1], as rows for a chart."""
    points = whole(points, "points", lo=2, hi=100_000)
    rows: list[dict[str, float | str]] = []
    for i in range(points):
        p = i / (points - 1)
        probs = action_probabilities(p, pot, to_call, round, curves)
        rows += [{"p_win": p, "action": a, "probability": v} for a, v in probs.items()]
    return rows


def winnings_table(pot: float, to_call: float, bet: float) -> dict[str, dict[str, float]]:
    """The utility node: chips won from now on for each action if BPP wins or loses.

    ``pot`` is every chip in the middle now, ``to_call`` what BPP must add
    to stay in, ``bet`` the size of a raise. A fold wins and loses nothing
    more; a call adds ``to_call``; a raise adds ``to_call + bet`` and is
    called.
    """
    pot = real(pot, "pot", lo=0)
    to_call = real(to_call, "to_call", lo=0)
    bet = real(bet, "bet", lo=0)
    call_pot = pot + to_call
    raise_pot = pot + to_call + 2 * bet
    return {
        "fold": {"win": 0.0, "lose": 0.0},
        "call": {"win": call_pot - to_call, "lose": -float(to_call)},
        "raise": {"win": raise_pot - to_call - bet, "lose": -float(to_call + bet)},
    }


def expected_winnings(
    p_win: float, pot: float, to_call: float, bet: float, *, fold_equity: float = 0.0
) -> dict[str, float]:
    """Expected chips won from now on for fold, call and raise (the decision node's values)."""
    p_win = _check_p(p_win)
    fold_equity = real(fold_equity, "fold_equity", lo=0.0, hi=1.0)
    u = winnings_table(pot, to_call, bet)
    ev = {a: p_win * u[a]["win"] + (1 - p_win) * u[a]["lose"] for a in u}
    ev["raise"] = fold_equity * pot + (1 - fold_equity) * ev["raise"]
    return ev


def best_action(
    p_win: float,
    pot: float,
    to_call: float,
    bet: float,
    *,
    can_raise: bool = True,
    fold_equity: float = 0.0,
) -> tuple[str, dict[str, float]]:
    """The decision node: the action of highest expected winnings, and every legal action's value.

    Folding is not offered when checking is free, raising not when the cap
    is reached; ties (within 1e-9 chips) go to the cheaper action: fold, then call, then raise.

    >>> best_action(0.6, pot=40, to_call=10, bet=10)[0]
    'raise'
    """
    ev = expected_winnings(p_win, pot, to_call, bet, fold_equity=fold_equity)
    flag(can_raise, "can_raise")
    if to_call <= 0:
        del ev["fold"]
    if not can_raise:
        del ev["raise"]
    top = max(ev.values())
    best = next(a for a in ("fold", "call", "raise") if a in ev and ev[a] >= top - 1e-9)
    return best, ev


def summarise_actions(kinds: Sequence[str], actions: int = 4) -> str | None:
    """One OPP_Action state for a round's actions (``Act.kind`` values): the most aggressive.

    >>> summarise_actions(["check", "call"]), summarise_actions(["bet", "raise"], actions=2)
    ('call', 'bet_raise')
    """
    _validate.instance(kinds, (list, tuple), "kinds must be a list of action kinds such as ['check', 'raise']")
    action_names(actions)
    seen = [AGGRESSION[k] for k in kinds if isinstance(k, str) and k in AGGRESSION]
    if not seen:
        return None
    top = max(seen)
    if actions == 2:
        return "bet_raise" if top >= 2 else "pass_call"
    return ACTIONS_4[top]


class OpponentModelMode(StrEnum):
    """How :class:`OpponentModel` pools showdowns: over all opponents, per opponent, or not at all (the prior)."""

    GENERIC = "generic"
    SPECIFIC = "specific"
    OFF = "off"


OpponentModelModeChoice: TypeAlias = OpponentModelMode | Literal["generic", "specific", "off"]
"""A :class:`OpponentModelMode` or its value as a string: a type checker refuses any other string."""


@dataclass
class OpponentModel:
    """P(OPP_Action | OPP_Current) per round, learned from showdowns (see the module docstring).

    ``prior`` maps each round to a prior table (types x actions, rows
    summing to one), usually the networks' default tables.
    """

    prior: Mapping[str, np.ndarray]
    mode: OpponentModelModeChoice = OpponentModelMode.GENERIC
    prior_strength: float = 10.0
    counts: dict[tuple[str, str], np.ndarray] = field(default_factory=dict, repr=False)
    showdowns: dict[str, int] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.mode = member(OpponentModelMode, self.mode, "opponent model mode")
        real(self.prior_strength, "prior_strength", lo=0, lo_open=True)
        _validate.instance(
            self.prior,
            Mapping,
            "the prior needs a table for each of preflop, flop, turn and river",
            check=lambda prior: set(prior) == set(ROUNDS),
        )
        shapes = {np.shape(t) for t in self.prior.values()}
        if len(shapes) != 1 or len(next(iter(shapes))) != 2:
            raise ParameterError("the prior tables must all be 2-D (types x actions) with the same shape")
        for r, t in self.prior.items():
            arr = np.asarray(t)
            if not np.issubdtype(arr.dtype, np.number) or not np.isfinite(arr).all() or (arr < 0).any():
                raise ParameterError(f"the prior table for {r} must hold finite, non-negative numbers")
        for table in (self.counts, self.showdowns):
            _validate.instance(
                table, dict, "counts and showdowns must be dicts (leave them out to start from the prior)"
            )
        self.prior = {r: np.asarray(t, dtype=float) for r, t in self.prior.items()}
        self.actions = action_names(next(iter(shapes))[1])

    def table_key(self, opponent: str | None) -> str:
        """Which table an opponent uses: its name when specific, one shared key otherwise."""
        return (opponent or "") if self.mode == "specific" else ""

    def table(self, round: StreetChoice, opponent: str | None = None) -> np.ndarray:
        """The current P(OPP_Action | OPP_Current) for ``round`` (and ``opponent`` when specific)."""
        rnd = check_round(round)
        prior = self.prior[rnd] * self.prior_strength
        extra = self.counts.get((self.table_key(opponent), rnd))
        c = prior if extra is None else prior + extra
        return c / c.sum(axis=1, keepdims=True)

    def observe(self, round: StreetChoice, opponent: str | None, current_type: int, action: str) -> None:
        """Count one round of a shown-down hand: the opponent had ``current_type`` and played ``action``."""
        if self.mode == "off":
            return
        rnd = check_round(round)
        said = f"unknown opponent action {action!r}; the states are {', '.join(self.actions)}"
        _validate.choice(action, "action", self.actions, message=said)
        key = (self.table_key(opponent), rnd)
        if key not in self.counts:
            self.counts[key] = np.zeros_like(self.prior[rnd])
        self.counts[key][current_type, self.actions.index(action)] += 1

    def end_showdown(self, opponent: str | None) -> None:
        """Note that one more showdown with ``opponent`` was counted."""
        k = self.table_key(opponent) or "all"
        self.showdowns[k] = self.showdowns.get(k, 0) + 1
