"""The flat arrays CFR's kernels walk, MCCFR's random stream, and its walk in plain Python (no numba).

This module imports only numpy, so a short run can use it before numba has
started (loading numba takes about a second; compiling the kernels on a first
run, several more). :mod:`pokerlab.solve._kernels` compiles the same walk.

:func:`mccfr_plain` is :func:`pokerlab.solve._kernels.mccfr_iterations`
step for step: the same xorshift64* numbers (on Python integers, masked to 64
bits), the same deal search, the same depth-first order of the walk and the
same floating-point operations in the same order (numba compiles without
``fastmath``, so no sum is reordered or fused). From one generator state the
two therefore leave equal ``regret`` and ``total`` tables, bit for bit, and
equal states; ``tests/solve/test_solve_mccfr.py`` holds them so. Only the speed
differs: about a thousand times slower per iteration, and no start-up.
"""

from __future__ import annotations

from bisect import bisect_right
from typing import TYPE_CHECKING

import numpy as np

if TYPE_CHECKING:
    from pokerlab.solve.games import Game

_MASK = 0xFFFFFFFFFFFFFFFF
_MULTIPLIER = 2685821657736338717
_SCALE = 1.0 / 9007199254740992.0  # 2**-53: the top 53 bits of a 64-bit word as a number in [0, 1)


def flatten(game: Game) -> tuple[np.ndarray, ...]:
    """The arrays the kernels walk (see :mod:`pokerlab.solve._kernels`).

    ``player, first, count, kids, col, infoset, payoff, chance, legal``: nodes in the
    order of ``game.nodes``, the children of node ``n`` at ``kids[first[n] : first[n] + count[n]]``.
    """
    n, deals = len(game.nodes), len(game.deals)
    player = np.array([x.player for x in game.nodes], dtype=np.int64)
    count = np.array([len(x.children) for x in game.nodes], dtype=np.int64)
    first = np.concatenate([[0], np.cumsum(count)[:-1]]).astype(np.int64)
    kids = np.array([c for x in game.nodes for c in x.children], dtype=np.int64)
    col = np.array([game.actions.index(a) for x in game.nodes for a in x.actions], dtype=np.int64)
    infoset = np.full((n, deals), -1, dtype=np.int64)
    payoff = np.zeros((n, deals))
    for x in game.nodes:
        if x.terminal:
            payoff[x.index] = x.payoff
        elif x.infoset is not None:
            infoset[x.index] = x.infoset
    return player, first, count, kids, col, infoset, payoff, np.ascontiguousarray(game.chance), game.legal.copy()


def seed_state(seed: int | None) -> np.ndarray:
    """The generator state for MCCFR's walk from a seed (splitmix64; any seed, never zero).

    >>> int(seed_state(0)[0]) == int(seed_state(0)[0]) != int(seed_state(1)[0])
    True
    """
    if seed is None:
        seed = int(np.random.default_rng().integers(0, 2**63))
    z = (seed + 0x9E3779B97F4A7C15) & _MASK
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    z ^= z >> 31
    return np.array([z or 1], dtype=np.uint64)


class PlainWalk:
    """External-sampling MCCFR on one game in plain Python: :func:`pokerlab.solve._kernels.mccfr_iterations`'s twin.

    The tree is read once into Python lists (a list lookup costs a fraction of a numpy element's);
    ``regret`` and ``total`` are lists of rows, which :meth:`run` updates and copies into the numpy
    tables it is given, so a caller sees the same tables the compiled kernel would leave.
    """

    def __init__(
        self,
        player: np.ndarray,
        first: np.ndarray,
        count: np.ndarray,
        kids: np.ndarray,
        col: np.ndarray,
        infoset: np.ndarray,
        payoff: np.ndarray,
        cum_chance: np.ndarray,
    ) -> None:
        self.player: list[int] = player.tolist()
        children = list(zip(kids.tolist(), col.tolist(), strict=True))
        self.moves = [children[f : f + k] for f, k in zip(first.tolist(), count.tolist(), strict=True)]
        """Per node, its (child, action column) pairs."""
        self.infoset: list[list[int]] = infoset.T.tolist()  # per deal, per node
        self.payoff: list[list[float]] = payoff.T.tolist()
        self.cum_chance: list[float] = cum_chance.tolist()

    def run(self, iterations: int, regret: np.ndarray, total: np.ndarray, state: np.ndarray) -> None:
        """``iterations`` iterations (player 0 then player 1, one sampled deal each), in place on the three arrays."""
        player, moves, cum = self.player, self.moves, self.cum_chance
        last = len(cum) - 1
        reg, tot = regret.tolist(), total.tolist()
        x = int(state[0])

        def uniform() -> float:
            nonlocal x
            x ^= x >> 12
            x ^= (x << 25) & _MASK
            x ^= x >> 27
            return float(((x * _MULTIPLIER) & _MASK) >> 11) * _SCALE

        def walk(n: int, me: int, isets: list[int], pays: list[float]) -> float:
            while True:
                p = player[n]
                if p < 0:
                    v = pays[n]
                    return v if me == 0 else -v
                row = reg[isets[n]]
                here = moves[n]
                k = len(here)
                if p == me:
                    break
                s = 0.0  # the opponent: sample one action from the current strategy, which enters the average
                for _, a in here:
                    r = row[a]
                    if r > 0:
                        s += r
                u = uniform()
                add = tot[isets[n]]
                pick = -1
                acc = 0.0
                for j, (_, a) in enumerate(here):
                    r = row[a]
                    prob = (r / s if r > 0 else 0.0) if s > 0 else 1.0 / k
                    add[a] += prob
                    acc += prob
                    if u < acc and pick < 0:
                        pick = j
                n = here[pick][0]  # pick -1: the last action, as the kernel's default (rounding left acc <= u)
            values = [walk(c, me, isets, pays) for c, _ in here]  # me: explore every action, then update
            s = 0.0
            for _, a in here:
                r = row[a]
                if r > 0:
                    s += r
            value = 0.0
            for (_, a), w in zip(here, values, strict=True):
                r = row[a]
                value += ((r / s if r > 0 else 0.0) if s > 0 else 1.0 / k) * w
            for (_, a), w in zip(here, values, strict=True):
                row[a] += w - value
            return value

        for _ in range(iterations):
            for me in (0, 1):
                d = min(bisect_right(cum, uniform() * cum[last]), last)  # the first deal whose cumulative p > u
                walk(0, me, self.infoset[d], self.payoff[d])
        regret[:] = reg
        total[:] = tot
        state[0] = x
