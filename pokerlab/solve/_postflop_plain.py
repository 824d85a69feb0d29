"""The postflop game walked plainly, node by node with numpy vectors: the reference the kernels are held to.

:func:`plain_values` computes a player's counterfactual values per hand under the average strategies, or a
best response's, by recursion over the tree of :class:`pokerlab.solve._postflop_game._Game`: at a fold the
chips won or lost times the opponent's reach on hands that share no card (:func:`_mass_plain`), at a showdown
every pair of hands compared (:func:`_showdown_plain`, O(n²) where the kernels' running sums are O(n)), at a
chance node the sum over the river cards. :func:`_sigma_plain` reads a node's strategy (locked hands fixed)
from the strategy sums, the way a solution's answers read it too. The tests compare these values with the
compiled kernels' (:mod:`pokerlab.solve._postflop_kernels`) on the same arrays.
"""

from __future__ import annotations

import numpy as np

from pokerlab.solve._postflop_game import _clash, _Game, _kernels, _mass_plain
from pokerlab.solve._postflop_tree import _CHANCE, _FOLD, _SHOWDOWN, _Node


def _showdown_plain(reach_o: np.ndarray, t: int, g: _Game, k: int, win: float, lose: float, tie: float) -> np.ndarray:
    o = 1 - t
    clash = _clash(g, t)
    st = g.strength[t, k, : g.nh[t]].astype(np.int64)
    so = g.strength[o, k, : g.nh[o]].astype(np.int64)
    live = (~clash) & (st[:, None] >= 0) & (so[None, :] >= 0)
    pay = np.where(st[:, None] > so[None, :], win, np.where(st[:, None] < so[None, :], lose, tie))
    return (np.where(live, pay, 0.0)) @ reach_o


def _sigma_plain(src: np.ndarray, base: int, na: int, n: int, lock: np.ndarray | None) -> np.ndarray:
    x = src[base : base + na * n].astype(np.float64).reshape(na, n)
    x = np.where(x > 0, x, 0.0)
    s = x.sum(axis=0)
    sig = np.where(s > 0, x / np.where(s > 0, s, 1.0), 1.0 / na)
    if lock is not None:
        lk = lock[base : base + na * n].astype(np.float64).reshape(na, n)
        fixed = lk[0] >= 0
        sig[:, fixed] = lk[:, fixed]
    return sig


def plain_values(
    g: _Game,
    strat: np.ndarray,
    t: int,
    *,
    best: bool,
    lock: np.ndarray | None = None,
    node: _Node | None = None,
    j: int = -1,
    k: int = -1,
    ro: np.ndarray | None = None,
    fast: bool = False,
) -> np.ndarray:
    """Player t's counterfactual values per hand, walked plainly: t plays the average strategy (``best=False``)
    or a best response (``best=True``); the opponent plays the average strategy ``strat`` (strategy sums).

    From ``node`` (default the root) with opponent reach ``ro`` (default the range weights). Showdowns
    compare every pair of hands (``fast=True`` uses the compiled O(n) showdown instead).
    """
    o = 1 - t
    if node is None:
        node = g.root
    if ro is None:
        ro = g.w[o, : g.nh[o]].copy()

    def walk(n: _Node, j: int, k: int, ro: np.ndarray) -> np.ndarray:
        pt, po = n.put[t], n.put[o]
        if n.kind == _FOLD:
            pay = -pt if n.player == t else g.pot + po
            return pay * _mass_plain(ro, t, g, k, 0)
        if n.kind == _SHOWDOWN:
            if fast:
                K = _kernels()
                out = np.zeros(int(g.nh[t]))
                K._showdown(
                    ro, t, k, g.cards, g.nh, g.strength, g.order, g.cnt, g.same, g.pot + po, -pt, 0.5 * g.pot, out
                )
                return out
            return _showdown_plain(ro, t, g, k, g.pot + po, -pt, 0.5 * g.pot)
        if n.kind == _CHANCE:
            jj = g.leaf_of[id(n)]
            assert n.tmpl is not None
            total = np.zeros(int(g.nh[t]))
            for kk in range(g.K):
                live_o = g.strength[o, kk, : g.nh[o]] >= 0
                total += walk(n.tmpl, jj, kk, np.where(live_o, ro * g.factor, 0.0))
            return total
        q = n.player
        na = len(n.kids)
        sig = _sigma_plain(strat, g.base(n, j, k), na, int(g.nh[q]), lock)
        if q == t:
            vals = np.array([walk(c, j, k, ro) for c in n.kids])
            if not best:
                return (sig * vals).sum(axis=0)
            out = vals.max(axis=0)
            if lock is not None:
                fixed = lock[g.base(n, j, k) : g.base(n, j, k) + int(g.nh[q])] >= 0
                out[fixed] = (sig * vals).sum(axis=0)[fixed]
            return out
        return sum((walk(c, j, k, ro * sig[a]) for a, c in enumerate(n.kids)), np.zeros(int(g.nh[t])))

    out = walk(node, j, k, ro)
    if k >= 0:
        out[g.strength[t, k, : g.nh[t]] < 0] = 0.0
    return out
