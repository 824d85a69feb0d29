"""Preflop tables: every canonical board once, every hole combination (or class against class) at once."""

from __future__ import annotations

import numpy as np
from numba import njit

from pokerlab._kernels.core import FT, KK, NT, PR, SR, _add, _ci, _val
from pokerlab._kernels.strength import _board_state

# ----------------------------------------------------------------------------
# Preflop: every board once, every hole combination at once.
# ----------------------------------------------------------------------------

SUIT_PERMS = np.array(
    [[a, b, c, d] for a in range(4) for b in range(4) for c in range(4) for d in range(4) if len({a, b, c, d}) == 4],
    dtype=np.int64,
)


@njit(cache=True)
def _canonical_board_keys(perms):
    """For every 5-card board, the smallest key over the 24 renamings of suits.

    A key is the sorted card ids in base 52. Boards with equal keys have the
    same results for every starting-hand class.
    """
    n = 2598960
    keys = np.empty(n, np.int64)
    tmp = np.empty(5, np.int64)
    pos = 0
    for a in range(52):
        for b in range(a + 1, 52):
            for c in range(b + 1, 52):
                for d in range(c + 1, 52):
                    for e in range(d + 1, 52):
                        best = -1
                        for q in range(perms.shape[0]):
                            tmp[0] = (a & ~3) | perms[q, a & 3]
                            tmp[1] = (b & ~3) | perms[q, b & 3]
                            tmp[2] = (c & ~3) | perms[q, c & 3]
                            tmp[3] = (d & ~3) | perms[q, d & 3]
                            tmp[4] = (e & ~3) | perms[q, e & 3]
                            for i in range(1, 5):  # insertion sort of five: about 10x numpy's sort on so few
                                x = tmp[i]
                                j = i - 1
                                while j >= 0 and tmp[j] > x:
                                    tmp[j + 1] = tmp[j]
                                    j -= 1
                                tmp[j + 1] = x
                            key = (((tmp[0] * 52 + tmp[1]) * 52 + tmp[2]) * 52 + tmp[3]) * 52 + tmp[4]
                            if best < 0 or key < best:
                                best = key
                        keys[pos] = best
                        pos += 1
    return keys


@njit(cache=True)
def _board_hands(board, rem, vals, ca, cb, cidx, kk, ft, nt, pr, sr):
    """Every hole combination of the cards off a 3-5 card ``board``, evaluated once; returns how many cards are left.

    Fills ``rem`` with the m remaining card ids in order and, for the k-th of
    the m(m-1)/2 combinations {rem[ca[k]], rem[cb[k]]}, its value with the
    board ``vals[k]`` and combination index ``cidx[k]`` (on a 5-card board,
    m = 47 and 1,081 combinations).
    """
    p, sm, mask = _board_state(board, kk)
    n = board.shape[0] + 2
    m = 0
    for c in range(52):
        if not (mask >> c) & 1:
            rem[m] = c
            m += 1
    k = 0
    for jj in range(m):
        j = rem[jj]
        pj, smj = _add(p, sm, j, kk)
        for ii in range(jj):
            i = rem[ii]
            x, z = _add(pj, smj, i, kk)
            vals[k] = _val(x, z, n, ft, nt, pr, sr)
            ca[k] = ii
            cb[k] = jj
            cidx[k] = _ci(i, j)
            k += 1
    return m


@njit(cache=True)
def _disjoint_below(vals, ca, cb, m, percard, fill, less, equal):
    """For each of the m(m-1)/2 combinations listed by ``_board_hands``, the disjoint ones it beats and ties.

    ``less[q]`` counts the combinations sharing no card with q and worth less,
    ``equal[q]`` those worth the same (q itself not counted): one sorted list
    of all values gives those below and equal, less the ones holding q's
    first or second card (a sorted list per card; q itself is in both, so it
    is added back once). ``percard`` ([m, m-1]) and ``fill`` ([m]) are scratch.
    """
    k = m * (m - 1) // 2
    srt = np.sort(vals[:k])
    for t in range(m):
        fill[t] = 0
    for q in range(k):
        a = ca[q]
        b = cb[q]
        percard[a, fill[a]] = vals[q]
        fill[a] += 1
        percard[b, fill[b]] = vals[q]
        fill[b] += 1
    for t in range(m):
        percard[t, : m - 1].sort()
    for q in range(k):
        v = vals[q]
        ra = percard[ca[q], : m - 1]
        rb = percard[cb[q], : m - 1]
        lo = np.searchsorted(srt, v)
        hi = np.searchsorted(srt, v, side="right")
        lo_a = np.searchsorted(ra, v)
        hi_a = np.searchsorted(ra, v, side="right")
        lo_b = np.searchsorted(rb, v)
        hi_b = np.searchsorted(rb, v, side="right")
        less[q] = lo - lo_a - lo_b
        equal[q] = (hi - lo) - (hi_a - lo_a) - (hi_b - lo_b) + 1


@njit(cache=True, inline="always")
def _board_buffers():
    """Work arrays of a walk over one 5-card board's 1,081 hands (:func:`_board_hands`, :func:`_disjoint_below`):
    values, first and second card, combination index, the 47 remaining cards, per card the hands holding it
    (46 each) and its fill count."""
    vals = np.empty(1081, np.int64)
    ca = np.empty(1081, np.int64)
    cb = np.empty(1081, np.int64)
    cidx = np.empty(1081, np.int64)
    rem = np.empty(47, np.int64)
    percard = np.empty((47, 46), np.int64)
    fill = np.empty(47, np.int64)
    return vals, ca, cb, cidx, rem, percard, fill


@njit(cache=True)
def _heads_up_counts(boards, weights, wins, ties, cases, kk, ft, nt, pr, sr):
    """Showdown counts of every hole combination against every disjoint one.

    For each board (with its weight), all 1,081 combinations of the other
    47 cards are evaluated once and ``_disjoint_below`` counts, for each,
    the 990 disjoint combinations it beats and ties.
    """
    vals, ca, cb, cidx, rem, percard, fill = _board_buffers()
    less = np.empty(1081, np.int64)
    equal = np.empty(1081, np.int64)
    for bi in range(boards.shape[0]):
        w = weights[bi]
        _board_hands(boards[bi], rem, vals, ca, cb, cidx, kk, ft, nt, pr, sr)
        _disjoint_below(vals, ca, cb, 47, percard, fill, less, equal)
        for q in range(1081):
            o = cidx[q]
            wins[o] += w * less[q]
            ties[o] += w * equal[q]
            cases[o] += w * 990.0


def canonical_boards() -> tuple[np.ndarray, np.ndarray]:
    """The 5-card boards up to renaming suits, as ``[n, 5]`` ids, and how many boards each stands for."""
    keys = _canonical_board_keys(SUIT_PERMS)
    uniq, counts = np.unique(keys, return_counts=True)
    boards = np.empty((len(uniq), 5), np.int64)
    rest = uniq.copy()
    for t in range(4, -1, -1):
        boards[:, t] = rest % 52
        rest //= 52
    return boards, counts.astype(np.float64)


def heads_up_counts(boards: np.ndarray, weights: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Per-combination (wins, ties, cases) against one random hand over these weighted boards."""
    wins = np.zeros(1326)
    ties = np.zeros(1326)
    cases = np.zeros(1326)
    _heads_up_counts(np.ascontiguousarray(boards), weights, wins, ties, cases, KK, FT, NT, PR, SR)
    return wins, ties, cases


@njit(cache=True)
def _board_strengths(board, out, kk, ft, nt, pr, sr):
    """Hand strength of every two-card hand on a 3-5 card board against one random hand.

    ``out[combo]`` = (hands it beats + ties / 2) / hands sharing no card with it;
    NaN for hands that use a board card. The counting is ``_heads_up_counts``'
    (``_board_hands`` then ``_disjoint_below``) on one board.
    """
    vals = np.empty(1176, np.int64)
    ca = np.empty(1176, np.int64)
    cb = np.empty(1176, np.int64)
    cidx = np.empty(1176, np.int64)
    rem = np.empty(52, np.int64)
    m = _board_hands(board, rem, vals, ca, cb, cidx, kk, ft, nt, pr, sr)
    percard = np.empty((m, m - 1), np.int64)
    fill = np.empty(m, np.int64)
    less = np.empty(1176, np.int64)
    equal = np.empty(1176, np.int64)
    _disjoint_below(vals, ca, cb, m, percard, fill, less, equal)
    others = (m - 2) * (m - 3) // 2
    for i in range(out.shape[0]):
        out[i] = np.nan
    for q in range(m * (m - 1) // 2):
        out[cidx[q]] = (less[q] + 0.5 * equal[q]) / others


def board_strengths(board: np.ndarray) -> np.ndarray:
    """Every two-card hand's strength on this board (NaN where it uses a board card)."""
    out = np.empty(1326, np.float64)
    _board_strengths(np.ascontiguousarray(board, dtype=np.int64), out, KK, FT, NT, PR, SR)
    return out


# ----------------------------------------------------------------------------
# Preflop: class against class, every board once.
# ----------------------------------------------------------------------------


@njit(cache=True)
def _matrix_counts(boards, weights, class_of, wins, ties, kk, ft, nt, pr, sr):
    """Showdown counts of every starting class against every other, summed over weighted boards.

    ``wins[a, b]`` adds, for each board, the number of ordered pairs (hand of
    class a, hand of class b) sharing no card with each other or the board
    where the first hand is better; ``ties[a, b]`` the pairs that split.
    For each board the 1,081 hands of the other 47 cards are evaluated once
    and walked in value order: a hand beats every hand counted below it
    (``below`` per class), less the pairs that share a card, which are
    found through the 46 hands holding each remaining card.
    """
    vals, ca, cb, cidx, rem, percard, fill = _board_buffers()
    cls = np.empty(1081, np.int64)
    below = np.zeros(169, np.float64)
    gc = np.zeros(169, np.float64)
    seen = np.empty(1081, np.int64)
    for bi in range(boards.shape[0]):
        w = weights[bi]
        _board_hands(boards[bi], rem, vals, ca, cb, cidx, kk, ft, nt, pr, sr)
        for k in range(1081):
            cls[k] = class_of[cidx[k]]
        order = np.argsort(vals)
        for b in range(169):
            below[b] = 0.0
        s = 0
        while s < 1081:
            v = vals[order[s]]
            e = s
            nseen = 0
            while e < 1081 and vals[order[e]] == v:
                a = cls[order[e]]
                if gc[a] == 0.0:
                    seen[nseen] = a
                    nseen += 1
                gc[a] += 1.0
                e += 1
            for q in range(nseen):
                a = seen[q]
                f = w * gc[a]
                for b in range(169):
                    wins[a, b] += f * below[b]
                for r in range(nseen):
                    b = seen[r]
                    ties[a, b] += f * gc[b]
                ties[a, a] -= w * gc[a]  # a hand does not meet itself
            for q in range(nseen):
                a = seen[q]
                below[a] += gc[a]
                gc[a] = 0.0
            s = e
        for t in range(47):
            fill[t] = 0
        for q in range(1081):
            a = ca[q]
            b = cb[q]
            percard[a, fill[a]] = q
            fill[a] += 1
            percard[b, fill[b]] = q
            fill[b] += 1
        for t in range(47):
            for x in range(46):
                g = percard[t, x]
                vg = vals[g]
                cg = cls[g]
                for y in range(x + 1, 46):
                    h = percard[t, y]
                    vh = vals[h]
                    ch = cls[h]
                    if vg > vh:
                        wins[cg, ch] -= w
                    elif vh > vg:
                        wins[ch, cg] -= w
                    else:
                        ties[cg, ch] -= w
                        ties[ch, cg] -= w


def matrix_counts(boards: np.ndarray, weights: np.ndarray, class_of: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Class-against-class (wins, ties) over these weighted boards, as 169x169 float arrays of whole numbers."""
    wins = np.zeros((169, 169))
    ties = np.zeros((169, 169))
    _matrix_counts(
        np.ascontiguousarray(boards, dtype=np.int64),
        np.ascontiguousarray(weights, dtype=np.float64),
        np.ascontiguousarray(class_of, dtype=np.int64),
        wins, ties, KK, FT, NT, PR, SR,
    )  # fmt: skip
    return wins, ties
