"""CFR's hot loop, compiled with numba (imported lazily, cached on disk).

The public tree is flattened into arrays, nodes in the order of
:attr:`pokerlab.solve.Game.nodes` (every parent before its children)::

    player[n]            0 or 1 at a decision, -1 at a terminal node
    first[n], count[n]   the children of n are kids[first[n] : first[n] + count[n]]
    kids[j], col[j]      child node and its action column in the policy table
    infoset[n, d]        information set of the player to act, per deal (-1 at terminals)
    payoff[n, d]         chips player 0 wins at a terminal node, per deal

One iteration updates player 0 then player 1 (alternating updates, as in
OpenSpiel). Each update is two sweeps over the nodes: forward, the reach
probabilities (own, and chance x opponent) per deal; backward, the values per
deal, adding counterfactual regrets and the reach-weighted strategy at the
updating player's nodes. It is the same arithmetic as
:func:`pokerlab.solve.cfr_reference`, which the tests hold it equal to.
"""

from __future__ import annotations

import numpy as np
from numba import njit


@njit(cache=True)
def _match(regret, legal, current):
    """Regret matching on every information set (uniform where no regret is positive)."""
    n, a = regret.shape
    for i in range(n):
        s = 0.0
        k = 0
        for j in range(a):
            if legal[i, j]:
                k += 1
                if regret[i, j] > 0:
                    s += regret[i, j]
        for j in range(a):
            if not legal[i, j]:
                current[i, j] = 0.0
            elif s > 0:
                current[i, j] = regret[i, j] / s if regret[i, j] > 0 else 0.0
            else:
                current[i, j] = 1.0 / k


@njit(cache=True)
def cfr_iterations(start, stop, plus, player, first, count, kids, col, infoset, payoff, chance, legal, regret, total):
    """Run iterations ``start..stop-1`` (1-based) in place on ``regret`` and ``total``."""
    n_nodes, n_deals = infoset.shape
    own = np.zeros((n_nodes, n_deals))
    opp = np.zeros((n_nodes, n_deals))
    value = np.zeros((n_nodes, n_deals))
    current = np.zeros(regret.shape)
    _match(regret, legal, current)
    for t in range(start, stop):
        weight = float(t) if plus else 1.0
        for me in range(2):
            sign = 1.0 if me == 0 else -1.0
            for d in range(n_deals):
                own[0, d] = 1.0
                opp[0, d] = chance[d]
            for n in range(n_nodes):  # forward: reach probabilities
                p = player[n]
                if p < 0:
                    continue
                for j in range(first[n], first[n] + count[n]):
                    c, a = kids[j], col[j]
                    for d in range(n_deals):
                        prob = current[infoset[n, d], a]
                        if p == me:
                            own[c, d] = own[n, d] * prob
                            opp[c, d] = opp[n, d]
                        else:
                            own[c, d] = own[n, d]
                            opp[c, d] = opp[n, d] * prob
            for n in range(n_nodes - 1, -1, -1):  # backward: values, regrets, average strategy
                p = player[n]
                if p < 0:
                    for d in range(n_deals):
                        value[n, d] = sign * payoff[n, d]
                    continue
                for d in range(n_deals):
                    v = 0.0
                    i = infoset[n, d]
                    for j in range(first[n], first[n] + count[n]):
                        v += current[i, col[j]] * value[kids[j], d]
                    value[n, d] = v
                    if p == me:
                        for j in range(first[n], first[n] + count[n]):
                            a = col[j]
                            regret[i, a] += opp[n, d] * (value[kids[j], d] - v)
                            total[i, a] += weight * own[n, d] * current[i, a]
            if plus:
                for i in range(regret.shape[0]):
                    for a in range(regret.shape[1]):
                        if regret[i, a] < 0:
                            regret[i, a] = 0.0
            _match(regret, legal, current)


def flatten(game):
    """The arrays :func:`cfr_iterations` walks (see the module docstring)."""
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
        else:
            infoset[x.index] = x.infoset
    return player, first, count, kids, col, infoset, payoff, np.ascontiguousarray(game.chance), game.legal.copy()
