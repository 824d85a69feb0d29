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

The arrays come from :func:`pokerlab.solve._flat.flatten` and MCCFR's generator state from
:func:`~pokerlab.solve._flat.seed_state` (re-exported here); that module, which needs no numba,
also holds :class:`~pokerlab.solve._flat.PlainWalk`, MCCFR's walk in plain Python with this one's numbers.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from pokerlab import _notice
from pokerlab.solve._flat import flatten, seed_state

__all__ = ["cfr_iterations", "flatten", "mccfr_iterations", "seed_state"]

_notice.install()


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


# ----------------------------------------------------------------------------
# External-sampling MCCFR over the same flat arrays.
# ----------------------------------------------------------------------------


@njit(cache=True, inline="always")
def _uniform(state):
    """The next number in [0, 1) from a xorshift64* generator whose state is ``state[0]``."""
    x = state[0]
    x ^= x >> np.uint64(12)
    x ^= x << np.uint64(25)
    x ^= x >> np.uint64(27)
    state[0] = x
    return float((x * np.uint64(2685821657736338717)) >> np.uint64(11)) * (1.0 / 9007199254740992.0)


@njit(cache=True, inline="always")
def _positive_sum(regret, i, col, f, k):
    s = 0.0
    for j in range(f, f + k):
        r = regret[i, col[j]]
        if r > 0:
            s += r
    return s


@njit(cache=True)
def _sampled_walk(me, d, player, first, count, kids, col, infoset, payoff, regret, total, node, nxt, scratch, state):
    """One external-sampling pass for player ``me`` and deal ``d``: ``me``'s value at the root.

    A depth-first walk with an explicit stack (``node``/``nxt`` per depth, child values in
    ``scratch[depth]``; numba's cache cannot hold recursive functions). At the opponent's
    decisions one action is sampled from the current strategy (whose probabilities are added to
    the average there) and the walk goes on in the same stack slot; at ``me``'s decisions every
    action is explored and, once all are back, the regrets are updated.
    """
    depth = 0
    node[0] = 0
    entering = True
    ret = 0.0
    while True:
        if entering:
            n = node[depth]
            p = player[n]
            if p < 0:
                v = payoff[n, d]
                ret = v if me == 0 else -v
                entering = False
                depth -= 1
                if depth < 0:
                    return ret
                continue
            i = infoset[n, d]
            f = first[n]
            k = count[n]
            s = _positive_sum(regret, i, col, f, k)
            if p != me:
                u = _uniform(state)
                pick = f + k - 1
                acc = 0.0
                for j in range(f, f + k):
                    r = regret[i, col[j]]
                    prob = (r / s if r > 0 else 0.0) if s > 0 else 1.0 / k
                    total[i, col[j]] += prob
                    acc += prob
                    if u < acc and pick == f + k - 1:
                        pick = j
                node[depth] = kids[pick]
                continue
            nxt[depth] = f
            node[depth + 1] = kids[f]
            depth += 1
            continue
        n = node[depth]  # a value `ret` comes back to one of me's decisions
        f = first[n]
        k = count[n]
        j = nxt[depth]
        scratch[depth, j - f] = ret
        j += 1
        if j < f + k:
            nxt[depth] = j
            node[depth + 1] = kids[j]
            depth += 1
            entering = True
            continue
        i = infoset[n, d]
        s = _positive_sum(regret, i, col, f, k)
        value = 0.0
        for j in range(f, f + k):
            r = regret[i, col[j]]
            value += ((r / s if r > 0 else 0.0) if s > 0 else 1.0 / k) * scratch[depth, j - f]
        for j in range(f, f + k):
            regret[i, col[j]] += scratch[depth, j - f] - value
        ret = value
        depth -= 1
        if depth < 0:
            return ret


@njit(cache=True)
def mccfr_iterations(iterations, player, first, count, kids, col, infoset, payoff, cum_chance, regret, total, state):
    """Run ``iterations`` external-sampling iterations (player 0 then player 1, one sampled deal each) in place."""
    n_nodes = player.shape[0]
    node = np.zeros(n_nodes + 1, np.int64)
    nxt = np.zeros(n_nodes + 1, np.int64)
    scratch = np.zeros((n_nodes + 1, max(1, count.max())))
    last = cum_chance.shape[0] - 1
    for _ in range(iterations):
        for me in range(2):
            u = _uniform(state) * cum_chance[last]
            lo, hi = 0, last
            while lo < hi:  # the first deal whose cumulative probability exceeds u
                mid = (lo + hi) >> 1
                if cum_chance[mid] > u:
                    hi = mid
                else:
                    lo = mid + 1
            _sampled_walk(
                me, lo, player, first, count, kids, col, infoset, payoff, regret, total, node, nxt, scratch, state
            )
