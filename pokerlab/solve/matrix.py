"""Regret matching on a matrix game (rock-paper-scissors), the smallest place to watch it work.

Two players choose at once; ``matrix[i, j]`` is what the row player wins
(the column player loses it). Each round both play regret matching on their
cumulative regrets, then add to each action's regret how much better it
would have done against what the other just played. The strategies played
keep circling; their *averages* approach the equilibrium (1/3 each, for
rock-paper-scissors).

>>> run = regret_matching_self_play(ROCK_PAPER_SCISSORS, 10_000, initial_regrets=([1, 0, 0], [0, 0, 0]))
>>> run.strategies[1].tolist()  # round 2: player 0 still plays rock, player 1 has learned paper
[[1.0, 0.0, 0.0], [0.0, 1.0, 0.0]]
>>> bool(abs(run.averages[-1] - 1 / 3).max() < 0.01), bool(run.exploitability[-1] < 0.01)
(True, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from pokerlab import _validate
from pokerlab.errors import ParameterError

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["ROCK_PAPER_SCISSORS", "MatrixRun", "regret_matching_self_play"]

ROCK_PAPER_SCISSORS = np.array([[0.0, -1.0, 1.0], [1.0, 0.0, -1.0], [-1.0, 1.0, 0.0]])
ROCK_PAPER_SCISSORS.setflags(write=False)
_MAX_PAYOFF = 1e100  # a million rounds of regrets stay far below float's 1.8e308


@dataclass(frozen=True, eq=False)
class MatrixRun:
    """``strategies[t, p]`` played at round ``t + 1`` by player ``p``; ``averages`` their running means;
    ``exploitability[t]``: what best responses win against the averages, mean over both players."""

    actions: tuple[str, ...]
    strategies: np.ndarray
    averages: np.ndarray
    exploitability: np.ndarray

    def frame(self) -> pd.DataFrame:
        """Long table: round, player, action, played (this round) and average probability."""
        import pandas as pd

        t, _, k = self.strategies.shape
        rows = [
            {
                "round": r + 1,
                "player": p,
                "action": self.actions[a],
                "played": float(self.strategies[r, p, a]),
                "average": float(self.averages[r, p, a]),
            }
            for r in range(t)
            for p in (0, 1)
            for a in range(k)
        ]
        return pd.DataFrame(rows)


def _matching(regret: np.ndarray) -> np.ndarray:
    positive = np.maximum(regret, 0.0)
    s = positive.sum()
    return positive / s if s > 0 else np.full(len(regret), 1 / len(regret))


def regret_matching_self_play(
    matrix: np.ndarray,
    iterations: int,
    *,
    initial_regrets: tuple[list[float], list[float]] | None = None,
    actions: tuple[str, ...] = ("rock", "paper", "scissors"),
) -> MatrixRun:
    """Both players run regret matching against each other for ``iterations`` rounds (simultaneous updates).

    ``initial_regrets`` starts the players away from the uniform strategy
    (from zero regrets, both play 1/3 each and nothing ever changes).
    """
    try:
        a = np.asarray(matrix, dtype=float)
    except (TypeError, ValueError):
        raise ParameterError(f"matrix must be a square table of numbers, not {type(matrix).__name__}") from None
    if a.ndim != 2 or a.shape[0] != a.shape[1] or a.shape[0] == 0 or not np.isfinite(a).all():
        raise ParameterError(f"matrix must be a non-empty square table of finite numbers, not shape {a.shape}")
    if np.abs(a).max() > _MAX_PAYOFF:
        raise ParameterError(f"matrix entries must be at most {_MAX_PAYOFF:g} in size (regrets would overflow)")
    iterations = _validate.whole(
        iterations,
        "iterations",
        lo=1,
        hi=1_000_000,
        message="iterations must be a whole number between 1 and 1,000,000",
    )
    k = a.shape[0]
    _validate.instance(actions, Sequence, "actions must be a sequence of names, one per row", items=str)
    if len(actions) != k:
        raise ParameterError(f"actions must name the {k} rows, not {len(actions)}")
    regrets = [np.zeros(k), np.zeros(k)]
    if initial_regrets is not None:
        _validate.instance(
            initial_regrets,
            (tuple, list),
            "initial_regrets is a pair: (player 0's regrets, player 1's regrets)",
            check=lambda initial_regrets: len(initial_regrets) == 2,
        )
        for p in (0, 1):
            try:
                r = np.asarray(initial_regrets[p], dtype=float)
            except (TypeError, ValueError):
                r = np.zeros(0)
            if r.shape != (k,) or not np.isfinite(r).all():
                raise ParameterError(f"initial_regrets[{p}] must be {k} finite numbers")
            regrets[p] = r.copy()
    strategies = np.zeros((iterations, 2, k))
    for t in range(iterations):
        s0, s1 = _matching(regrets[0]), _matching(regrets[1])
        u0, u1 = a @ s1, -(s0 @ a)  # what each action would have won this round
        regrets[0] += u0 - s0 @ u0
        regrets[1] += u1 - s1 @ u1
        strategies[t] = s0, s1
    averages = np.cumsum(strategies, axis=0) / np.arange(1, iterations + 1)[:, None, None]
    best0 = (averages[:, 1, :] @ a.T).max(axis=1)  # row player's best reply to the column average
    best1 = (-(averages[:, 0, :] @ a)).max(axis=1)
    return MatrixRun(tuple(actions), strategies, averages, 0.5 * (best0 + best1))
