"""Hand strength and hand potential (the Waterloo report's Algorithms 1 and 2) against a weighted range.

:func:`_potential_direct` is the report's loop as written; :func:`_potential` the same counts, faster; the
tests hold both to Table 4 of the report (exact, to the count).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from pokerlab._kernels.core import FT, KK, NT, PR, SR, _add, _ci, _val


@njit(cache=True, inline="always")
def _board_state(board, kk):
    """The board's evaluator state (rank-key sum and suit bits, :func:`_add` card by card) and its card mask."""
    p = 0
    sm = 0
    known = 0
    for c in board:
        p, sm = _add(p, sm, c, kk)
        known |= 1 << c
    return p, sm, known


@njit(cache=True, inline="always")
def _setup(hole, board, kk):
    """Board state, board + hole state and the mask of known cards."""
    p, sm, known = _board_state(board, kk)
    q, qsm = _add(p, sm, hole[0], kk)
    q, qsm = _add(q, qsm, hole[1], kk)
    known |= (1 << hole[0]) | (1 << hole[1])
    return p, sm, q, qsm, known


@njit(cache=True)
def _opponents(known, weights, use_w):
    """The opponent hands the report's loops visit, in their order (j ascending, then i < j): the two card
    ids of each pair of unknown cards and its weight (1, or its entry of ``weights``; a weight of 0 is left out).
    Shared by :func:`_hand_strength`, :func:`_potential` and :func:`_potential_direct`."""
    pairs = np.empty((1326, 2), np.int64)
    w = np.empty(1326, np.float64)
    n = 0
    for j in range(52):
        if (known >> j) & 1:
            continue
        for i in range(j):
            if (known >> i) & 1:
                continue
            x = weights[_ci(i, j)] if use_w else 1.0
            if x == 0.0:
                continue
            pairs[n, 0] = i
            pairs[n, 1] = j
            w[n] = x
            n += 1
    return pairs[:n], w[:n]


@njit(cache=True)
def _hand_strength(hole, board, weights, use_w, kk, ft, nt, pr, sr):
    p, sm, q, qsm, known = _setup(hole, board, kk)
    n = board.shape[0] + 2
    ours = _val(q, qsm, n, ft, nt, pr, sr)
    win = 0.0
    tie = 0.0
    loss = 0.0
    pairs, ws = _opponents(known, weights, use_w)
    for k in range(len(ws)):
        a, c = _add(p, sm, pairs[k, 0], kk)
        a, c = _add(a, c, pairs[k, 1], kk)
        v = _val(a, c, n, ft, nt, pr, sr)
        if ours > v:
            win += ws[k]
        elif ours == v:
            tie += ws[k]
        else:
            loss += ws[k]
    return win, tie, loss


@njit(cache=True)
def _potential_direct(hole, board, weights, use_w, lookahead, kk, ft, nt, pr, sr):
    hp = np.zeros((3, 3), np.float64)
    p, sm, q, qsm, known = _setup(hole, board, kk)
    n_now = board.shape[0] + 2
    n_fut = n_now + lookahead
    ours_now = _val(q, qsm, n_now, ft, nt, pr, sr)
    fut = np.zeros(1326, np.int64)
    for b in range(52):
        if (known >> b) & 1:
            continue
        qb, qbsm = _add(q, qsm, b, kk)
        if lookahead == 1:
            fut[b] = _val(qb, qbsm, n_fut, ft, nt, pr, sr)
            continue
        for a in range(b):
            if (known >> a) & 1:
                continue
            x, z = _add(qb, qbsm, a, kk)
            fut[_ci(a, b)] = _val(x, z, n_fut, ft, nt, pr, sr)
    pairs, ws = _opponents(known, weights, use_w)
    for k in range(len(ws)):
        i, j = pairs[k, 0], pairs[k, 1]
        o, osm = _add(p, sm, i, kk)
        o, osm = _add(o, osm, j, kk)
        opp_now = _val(o, osm, n_now, ft, nt, pr, sr)
        row = 0 if ours_now > opp_now else (1 if ours_now == opp_now else 2)
        used = known | (1 << i) | (1 << j)
        ahead = 0
        tied = 0
        behind = 0
        for b in range(52):
            if (used >> b) & 1:
                continue
            ob, obsm = _add(o, osm, b, kk)
            if lookahead == 1:
                ov = _val(ob, obsm, n_fut, ft, nt, pr, sr)
                mv = fut[b]
                if mv > ov:
                    ahead += 1
                elif mv == ov:
                    tied += 1
                else:
                    behind += 1
                continue
            for a in range(b):
                if (used >> a) & 1:
                    continue
                x, z = _add(ob, obsm, a, kk)
                ov = _val(x, z, n_fut, ft, nt, pr, sr)
                mv = fut[_ci(a, b)]
                if mv > ov:
                    ahead += 1
                elif mv == ov:
                    tied += 1
                else:
                    behind += 1
        hp[row, 0] += ws[k] * ahead
        hp[row, 1] += ws[k] * tied
        hp[row, 2] += ws[k] * behind
    return hp


@njit(cache=True, inline="always")
def _le_lt(mine, theirs):
    """Two counters in one int64: 1 if our final value ``mine`` is at most ``theirs`` (low 32 bits), plus
    ``1 << 32`` if it is below (high 32 bits). Summed over runouts: tied-or-behind and behind."""
    return np.int64(mine <= theirs) + (np.int64(mine < theirs) << 32)


@njit(cache=True)
def _potential(hole, board, weights, use_w, lookahead, kk, ft, nt, pr, sr):
    """Algorithm 2, evaluating each opponent 7-card set once.

    The opponent's final hand depends only on the *set* of its two cards and
    the cards to come, so every set of four unseen cards (two-card
    lookahead) or three (one-card) is evaluated once and shared by all its
    splits into (opponent hand, future cards): 178,365 evaluations instead
    of 1,070,190 on the flop, in chunks (see below). Each split adds to its opponent hand's two
    integer counters (runouts where we end tied or behind, and behind:
    :func:`_le_lt`); three of the six splits of a four-card set keep the same
    opponent hand through the innermost loop and count in registers. The
    weighted sums come last, opponent hand by opponent hand in the order of
    ``_potential_direct`` (the loop as the report writes it), so the two
    kernels return the same floating-point numbers, weighted or not.
    """
    hp = np.zeros((3, 3), np.float64)
    p, sm, q, qsm, known = _setup(hole, board, kk)
    n_now = board.shape[0] + 2
    n_fut = n_now + lookahead
    ours_now = _val(q, qsm, n_now, ft, nt, pr, sr)
    unknown = np.empty(52, np.int64)
    m = 0
    for c in range(52):
        if not (known >> c) & 1:
            unknown[m] = c
            m += 1
    fut = np.zeros(1326, np.int64)  # our final value: by future card (lookahead 1) or future pair (2)
    for jj in range(m):
        j = unknown[jj]
        qj, qjsm = _add(q, qsm, j, kk)
        if lookahead == 1:
            fut[j] = _val(qj, qjsm, n_fut, ft, nt, pr, sr)
            continue
        for ii in range(jj):
            i = unknown[ii]
            x, z = _add(qj, qjsm, i, kk)
            fut[_ci(i, j)] = _val(x, z, n_fut, ft, nt, pr, sr)
    cnt = np.zeros(1326, np.int64)  # per opponent hand: _le_lt summed over its runouts
    # two-card lookahead: the four-card sets that share their two lowest cards (up to 1,035) are evaluated
    # as one chunk in two passes, the first perfect-hash look-up for the whole chunk, then the second: the
    # look-ups of different sets are independent, so the processor overlaps their cache misses (2.5x the
    # speed of evaluating each set where the loop reaches it); the buffers stay in the L1 cache
    chunk = (m - 2) * (m - 3) // 2 if lookahead == 2 else 1
    keys = np.empty(chunk, np.int64)
    masks = np.empty(chunk, np.int64)
    vals = np.empty(chunk, np.int64)
    row = pr[n_fut]
    for a in range(m):
        c1 = unknown[a]
        s1, m1 = _add(p, sm, c1, kk)
        for b in range(a + 1, m):
            c2 = unknown[b]
            s2, m2 = _add(s1, m1, c2, kk)
            o12 = _ci(c1, c2)
            if lookahead == 1:
                for c in range(b + 1, m):
                    c3 = unknown[c]
                    s3, m3 = _add(s2, m2, c3, kk)
                    v = _val(s3, m3, n_fut, ft, nt, pr, sr)
                    cnt[o12] += _le_lt(fut[c3], v)
                    cnt[_ci(c1, c3)] += _le_lt(fut[c2], v)
                    cnt[_ci(c2, c3)] += _le_lt(fut[c1], v)
                continue
            k = 0
            for c in range(b + 1, m):
                s3, m3 = _add(s2, m2, unknown[c], kk)
                for d in range(c + 1, m):
                    keys[k], masks[k] = _add(s3, m3, unknown[d], kk)
                    k += 1
            for i in range(k):
                vals[i] = row[(keys[i] & 0xFFFFFFFF) >> 17]
            for i in range(k):
                s = keys[i]
                if ((s >> 32) + 0x3333) & 0x8888:  # five or more of a suit: the rare flush path
                    vals[i] = _val(s, masks[i], n_fut, ft, nt, pr, sr)
                else:
                    vals[i] = nt[vals[i] + sr[s & 131071]]
            k = 0
            for c in range(b + 1, m):
                c3 = unknown[c]
                o13 = _ci(c1, c3)
                o23 = _ci(c2, c3)
                f12 = fut[o12]
                f13 = fut[o13]
                f23 = fut[o23]
                k12 = np.int64(0)
                k13 = np.int64(0)
                k23 = np.int64(0)
                for d in range(c + 1, m):
                    c4 = unknown[d]
                    v = vals[k]
                    k += 1
                    o14 = _ci(c1, c4)
                    o24 = _ci(c2, c4)
                    o34 = _ci(c3, c4)
                    k12 += _le_lt(fut[o34], v)  # opponent c1 c2, future c3 c4
                    k13 += _le_lt(fut[o24], v)  # opponent c1 c3, future c2 c4
                    k23 += _le_lt(fut[o14], v)  # opponent c2 c3, future c1 c4
                    cnt[o14] += _le_lt(f23, v)  # opponent c1 c4, future c2 c3
                    cnt[o24] += _le_lt(f13, v)  # opponent c2 c4, future c1 c3
                    cnt[o34] += _le_lt(f12, v)  # opponent c3 c4, future c1 c2
                cnt[o12] += k12
                cnt[o13] += k13
                cnt[o23] += k23
    rest = m - 2  # cards left for the runout once an opponent hand is out
    runouts = rest if lookahead == 1 else rest * (rest - 1) // 2
    pairs, ws = _opponents(known, weights, use_w)
    for k in range(len(ws)):
        i, j = pairs[k, 0], pairs[k, 1]
        o = _ci(i, j)
        x, z = _add(p, sm, i, kk)
        x, z = _add(x, z, j, kk)
        opp_now = _val(x, z, n_now, ft, nt, pr, sr)
        row = 0 if ours_now > opp_now else (1 if ours_now == opp_now else 2)
        le = cnt[o] & 0xFFFFFFFF
        behind = cnt[o] >> 32
        hp[row, 0] += ws[k] * (runouts - le)
        hp[row, 1] += ws[k] * (le - behind)
        hp[row, 2] += ws[k] * behind
    return hp


def hand_strength(hole: np.ndarray, board: np.ndarray, weights: np.ndarray | None) -> tuple[float, float, float]:
    use_w = weights is not None
    w = weights if use_w else np.zeros(1, np.float64)
    return _hand_strength(hole, board, w, use_w, KK, FT, NT, PR, SR)


def potential(
    hole: np.ndarray, board: np.ndarray, weights: np.ndarray | None, lookahead: int, direct: bool = False
) -> np.ndarray:
    """The 3x3 potential matrix; ``direct=True`` runs the report's loop as written (slower)."""
    use_w = weights is not None
    w = weights if use_w else np.zeros(1, np.float64)
    kernel = _potential_direct if direct else _potential
    return kernel(hole, board, w, use_w, lookahead, KK, FT, NT, PR, SR)
