"""Equity: exact enumeration and Monte Carlo (hands and ranges, two or more players), range against range,
and hands against hands with boards grouped by ranks.

Random numbers for Monte Carlo come from a xorshift64* generator seeded via splitmix64, so results depend only
on the seed, never on numba's own RNG. Long runs are cut into chunks so that Python sees Ctrl-C between them
(:mod:`pokerlab._signals`).
"""

from __future__ import annotations

from itertools import pairwise
from math import comb

import numpy as np
from numba import njit

from pokerlab import _signals
from pokerlab._kernels.core import _T, FT, KK, MULT, NT, PR, SR, U11, U12, U25, U27, U32, _add, _val
from pokerlab._kernels.evaluator import _step
from pokerlab._kernels.strength import _board_state
from pokerlab._kernels.threads import in_threads


@njit(cache=True)
def _equity_exact(
    board, deck, need, umask, ucards, assign, aweight, idx, max_boards, win, tie, share, total, cases,
    kk, ft, nt, pr, sr,
):  # fmt: skip
    """Enumerate up to ``max_boards`` board completions from position ``idx`` (updated in place).

    Returns (finished, total, cases); the accumulators carry over between
    calls, so a run cut into chunks adds the same numbers in the same order
    as one call.
    """
    n_players = assign.shape[1]
    n_assign = assign.shape[0]
    n_union = ucards.shape[0]
    p0, sm0, _ = _board_state(board, kk)
    n_deck = deck.shape[0]
    uval = np.empty(n_union, np.int64)
    vals = np.empty(n_players, np.int64)
    boards = 0
    while True:
        if boards == max_boards:
            return False, total, cases
        boards += 1
        p = p0
        sm = sm0
        cm = 0
        for t in range(need):
            c = deck[idx[t]]
            p, sm = _add(p, sm, c, kk)
            cm |= 1 << c
        for u in range(n_union):
            if umask[u] & cm:
                uval[u] = -1
            else:
                x, z = _add(p, sm, ucards[u, 0], kk)
                x, z = _add(x, z, ucards[u, 1], kk)
                uval[u] = _val(x, z, 7, ft, nt, pr, sr)
        for jj in range(n_assign):
            best = -1
            nbest = 0
            ok = True
            for pl in range(n_players):
                v = uval[assign[jj, pl]]
                if v < 0:
                    ok = False
                    break
                vals[pl] = v
                if v > best:
                    best = v
                    nbest = 1
                elif v == best:
                    nbest += 1
            if not ok:
                continue
            w = aweight[jj]
            total += w
            cases += 1
            for pl in range(n_players):
                if vals[pl] == best:
                    if nbest == 1:
                        win[pl] += w
                        share[pl] += w
                    else:
                        tie[pl] += w
                        share[pl] += w / nbest
        if need == 0:
            break
        i = need - 1
        while i >= 0 and idx[i] == n_deck - need + i:
            i -= 1
        if i < 0:
            break
        idx[i] += 1
        for t in range(i + 1, need):
            idx[t] = idx[t - 1] + 1
    return True, total, cases


@njit(cache=True, inline="always")
def _rng_next(s):
    s ^= s >> U12
    s ^= s << U25
    s ^= s >> U27
    return s, s * MULT


@njit(cache=True)
def _splitmix(x):
    x = x + np.uint64(0x9E3779B97F4A7C15)
    z = x
    z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    z = z ^ (z >> np.uint64(31))
    if z == np.uint64(0):
        z = np.uint64(1)
    return z


@njit(cache=True)
def _equity_mc(
    board, need, rcards, roff, rcum, n_random, samples, s, max_attempts, win, tie, share, share_sq, kk, ft, nt, pr, sr
):
    """Draw ``samples`` deals from generator state ``s`` into the accumulators; resumable.

    Returns the new state, the deals done and the attempts used, so that a
    run cut into chunks draws exactly the same deals as one call.
    """
    n_ranged = roff.shape[0] - 1
    n_players = n_ranged + n_random
    hands = np.zeros((n_players, 2), np.int64)
    vals = np.zeros(n_players, np.int64)
    p0, sm0, board_mask = _board_state(board, kk)
    done = 0
    attempts = 0
    while done < samples:
        attempts += 1
        if attempts > max_attempts:
            break
        used: int | np.int64 = board_mask
        ok = True
        for r in range(n_ranged):
            lo = roff[r]
            hi = roff[r + 1]
            s, out = _rng_next(s)
            x = ((out >> U11) * (1.0 / 9007199254740992.0)) * rcum[hi - 1]
            a = lo
            b = hi - 1
            while a < b:
                mid = (a + b) // 2
                if rcum[mid] > x:
                    b = mid
                else:
                    a = mid + 1
            c1 = rcards[a, 0]
            c2 = rcards[a, 1]
            m = (1 << c1) | (1 << c2)
            if used & m:
                ok = False
                break
            used |= m
            hands[r, 0] = c1
            hands[r, 1] = c2
        if not ok:
            continue
        for r in range(n_ranged, n_players):
            for t in range(2):
                while True:
                    s, out = _rng_next(s)
                    c = np.int64(((out >> U32) * np.uint64(52)) >> U32)
                    if not (used >> c) & 1:
                        break
                used |= 1 << c
                hands[r, t] = c
        p = p0
        sm = sm0
        for _ in range(need):
            while True:
                s, out = _rng_next(s)
                c = np.int64(((out >> U32) * np.uint64(52)) >> U32)
                if not (used >> c) & 1:
                    break
            used |= 1 << c
            p, sm = _add(p, sm, c, kk)
        best = -1
        nbest = 0
        for pl in range(n_players):
            x, z = _add(p, sm, hands[pl, 0], kk)
            x, z = _add(x, z, hands[pl, 1], kk)
            v = _val(x, z, 7, ft, nt, pr, sr)
            vals[pl] = v
            if v > best:
                best = v
                nbest = 1
            elif v == best:
                nbest += 1
        for pl in range(n_players):
            if vals[pl] == best:
                if nbest == 1:
                    win[pl] += 1.0
                    share[pl] += 1.0
                    share_sq[pl] += 1.0
                else:
                    tie[pl] += 1.0
                    share[pl] += 1.0 / nbest
                    share_sq[pl] += 1.0 / (nbest * nbest)
        done += 1
    return s, done, attempts


EXACT_CHUNK_CASES = 20_000_000
"""Exact equity enumerates about this many (board, deal) cases per kernel call, so Ctrl-C is seen at once."""


def equity_exact(board, deck, need, umask, ucards, assign, aweight):
    """Exact showdown sums over every board completion, enumerated in chunks of boards."""
    n_players = assign.shape[1]
    win = np.zeros(n_players)
    tie = np.zeros(n_players)
    share = np.zeros(n_players)
    idx = np.arange(max(need, 1)).astype(np.int64)
    per_call = max(1, EXACT_CHUNK_CASES // max(1, assign.shape[0] + ucards.shape[0]))
    total, cases = 0.0, 0
    finished = False
    while not finished:
        _signals.check()
        finished, total, cases = _equity_exact(
            board, deck, need, umask, ucards, assign, aweight, idx, per_call, win, tie, share, total, cases,
            KK, FT, NT, PR, SR,
        )  # fmt: skip
    return win, tie, share, total, cases


MC_CHUNK = 1 << 17
"""Monte Carlo deals per kernel call: Python sees Ctrl-C between chunks (a few ms each)."""


def equity_mc(board, need, rcards, roff, rcum, n_random, samples, seed, progress=None):
    """Monte Carlo showdowns, drawn in resumable chunks so that Ctrl-C stops a long run at once; ``progress``
    (when given) is called with the deals done by each chunk (the chunks draw the same deals as one long run)."""
    n_players = roff.shape[0] - 1 + n_random
    win = np.zeros(n_players)
    tie = np.zeros(n_players)
    share = np.zeros(n_players)
    share_sq = np.zeros(n_players)
    state = np.uint64(_splitmix(np.uint64(seed)))
    allowed = samples * 2000 + 100000
    done = attempts = 0
    while done < samples and attempts < allowed:
        _signals.check()
        want = min(MC_CHUNK, samples - done)
        state, d, a = _equity_mc(
            board, need, rcards, roff, rcum, n_random, want, np.uint64(state), allowed - attempts,
            win, tie, share, share_sq, KK, FT, NT, PR, SR,
        )  # fmt: skip
        done += d
        attempts += a
        if progress is not None:
            progress(d)
        if d < want:
            break
    return win, tie, share, share_sq, done, attempts


# ----------------------------------------------------------------------------
# Range against range: each combination evaluated once per runout.
# ----------------------------------------------------------------------------


@njit(cache=True, nogil=True)
def _two_ranges(board, deck, need, first, stop, acards, aw, bcards, bw, bstart, blist, out, kk, ft, nt, pr, sr):
    """Exact showdown sums of range A against range B over runouts ``first..stop-1`` (in enumeration order).

    For each runout (``need`` cards from ``deck``), every live combination
    of both ranges is evaluated once; B's values are sorted with running
    weights, so an A hand's weight of beaten and tied B hands is two binary
    searches, less the B hands sharing one of its cards (``blist[bstart[c]:
    bstart[c+1]]`` lists B's hands holding card c). ``out`` accumulates
    (A wins, ties, total weight, deals).
    """
    p0, sm0, _ = _board_state(board, kk)
    na = acards.shape[0]
    nb = bcards.shape[0]
    amask = np.empty(na, np.int64)
    for i in range(na):
        amask[i] = (np.int64(1) << acards[i, 0]) | (np.int64(1) << acards[i, 1])
    bmask = np.empty(nb, np.int64)
    for i in range(nb):
        bmask[i] = (np.int64(1) << bcards[i, 0]) | (np.int64(1) << bcards[i, 1])
    bval = np.empty(nb, np.int64)
    live_vals = np.empty(nb, np.int64)
    live_w = np.empty(nb, np.float64)
    cum = np.empty(nb + 1, np.float64)
    sv = np.empty(nb, np.int64)
    sw = np.empty(nb, np.float64)
    idx = np.empty(5, np.int64)
    for t in range(need):
        idx[t] = t
    # skip to the first runout wanted
    pos = 0
    nd = deck.shape[0]
    while pos < first:
        pos += 1
        changed = max(_next_subset(idx, need, nd), 0)
    # states after the first t runout cards, rebuilt only from the first index that changed
    ps = np.empty(6, np.int64)
    sms = np.empty(6, np.int64)
    rms = np.empty(6, np.int64)
    ps[0] = p0
    sms[0] = sm0
    rms[0] = 0
    changed = 0
    while pos < stop:
        for t in range(changed, need):
            c = deck[idx[t]]
            ps[t + 1], sms[t + 1] = _add(ps[t], sms[t], c, kk)
            rms[t + 1] = rms[t] | (np.int64(1) << c)
        p = ps[need]
        sm = sms[need]
        rmask = rms[need]
        m = 0
        for i in range(nb):
            if bmask[i] & rmask:
                bval[i] = -1
                continue
            x, z = _add(p, sm, bcards[i, 0], kk)
            x, z = _add(x, z, bcards[i, 1], kk)
            v = _val(x, z, 7, ft, nt, pr, sr)
            bval[i] = v
            live_vals[m] = v
            live_w[m] = bw[i]
            m += 1
        if m <= 24:  # insertion sort: no allocation for the small ranges of single hands
            for q in range(m):
                sv[q] = live_vals[q]
                sw[q] = live_w[q]
                r = q
                while r > 0 and sv[r - 1] > sv[r]:
                    sv[r - 1], sv[r] = sv[r], sv[r - 1]
                    sw[r - 1], sw[r] = sw[r], sw[r - 1]
                    r -= 1
        else:
            order = np.argsort(live_vals[:m])
            for q in range(m):
                sv[q] = live_vals[order[q]]
                sw[q] = live_w[order[q]]
        cum[0] = 0.0
        for q in range(m):
            cum[q + 1] = cum[q] + sw[q]
        # counts as well as weights: deals counted once each
        for i in range(na):
            if amask[i] & rmask:
                continue
            x, z = _add(p, sm, acards[i, 0], kk)
            x, z = _add(x, z, acards[i, 1], kk)
            va = _val(x, z, 7, ft, nt, pr, sr)
            lo = _below(sv, m, va)
            hi = _below(sv, m, va + 1)
            less = cum[lo]
            eq = cum[hi] - cum[lo]
            tot = cum[m]
            n = m
            for side in range(2):
                c = acards[i, side]
                for k in range(bstart[c], bstart[c + 1]):
                    j = blist[k]
                    vb = bval[j]
                    if vb < 0:
                        continue
                    if side == 1 and (bmask[j] >> acards[i, 0]) & 1:
                        continue  # the same combination: already removed with the first card
                    tot -= bw[j]
                    n -= 1
                    if vb < va:
                        less -= bw[j]
                    elif vb == va:
                        eq -= bw[j]
            w = aw[i]
            out[0] += w * less
            out[1] += w * eq
            out[2] += w * tot
            out[3] += n
        pos += 1
        changed = max(_next_subset(idx, need, nd), 0)


@njit(cache=True, inline="always")
def _below(sv, m, v):
    """How many of the sorted ``sv[:m]`` are less than ``v`` (binary search)."""
    lo = 0
    hi = m
    while lo < hi:
        mid = (lo + hi) >> 1
        if sv[mid] < v:
            lo = mid + 1
        else:
            hi = mid
    return lo


def two_ranges(
    board: np.ndarray,
    deck: np.ndarray,
    need: int,
    first: int,
    stop: int,
    acards: np.ndarray,
    aw: np.ndarray,
    bcards: np.ndarray,
    bw: np.ndarray,
) -> np.ndarray:
    """(A's winning weight, tie weight, total weight, deals) over runouts ``first..stop-1``."""
    bstart = np.zeros(53, np.int64)
    for c in bcards.ravel():
        bstart[c + 1] += 1
    bstart = np.cumsum(bstart)
    order = np.argsort(bcards.ravel(), kind="stable") // 2
    out = np.zeros(4)
    _two_ranges(
        np.ascontiguousarray(board, dtype=np.int64), np.ascontiguousarray(deck, dtype=np.int64), need, first, stop,
        np.ascontiguousarray(acards, dtype=np.int64), np.ascontiguousarray(aw, dtype=np.float64),
        np.ascontiguousarray(bcards, dtype=np.int64), np.ascontiguousarray(bw, dtype=np.float64),
        bstart, order.astype(np.int64), out, KK, FT, NT, PR, SR,
    )  # fmt: skip
    return out


# ----------------------------------------------------------------------------
# Hands against hands: boards grouped by ranks, flushes counted apart.
# ----------------------------------------------------------------------------

SHARE_UNIT = 2520
"""lcm(1..10): in a tie among n players each gets ``SHARE_UNIT // n`` units of the pot, a whole number."""

RANK_KEY = np.ascontiguousarray(_T.card_key[::4])
"""The additive base-5 key of each rank (a card's key does not depend on its suit)."""

BINOM = np.array([[comb(n, k) for k in range(6)] for n in range(5)], np.int64)
"""``BINOM[n, k]``: ways to pick k of the n cards of one rank still in the deck."""


@njit(cache=True)
def _nonflush(key, nt, pr, sr):
    """Value of a 7-card hand with no flush, from the sum of its ranks' keys."""
    return nt[pr[7, key >> 17] + sr[key & 131071]]


@njit(cache=True)
def _next_multiset(idx, k):
    """Step ``idx[:k]`` (ranks, non-decreasing) to the next multiset of k ranks; False after the last."""
    t = k - 1
    while t >= 0 and idx[t] == 12:
        t -= 1
    if t < 0:
        return False
    v = idx[t] + 1
    for u in range(t, k):
        idx[u] = v
    return True


@njit(cache=True)
def _next_subset(idx, k, n):
    """Step ``idx[:k]`` to the next k-subset of range(n) in lexicographic order.

    Returns the first slot that changed (the states built on slots before it
    still hold), or -1 after the last subset.
    """
    return _step(idx, k, n - k, 0)


@njit(cache=True)
def _ways(idx, k, avail, binom):
    """How many sets of k cards have the sorted ranks ``idx[:k]`` when ``avail[r]`` cards of rank r are left."""
    n = 1
    t = 0
    while t < k:
        r = idx[t]
        m = 1
        while t + m < k and idx[t + m] == r:
            m += 1
        n *= binom[avail[r], m]
        if n == 0:
            return 0
        t += m
    return n


@njit(cache=True)
def _score(vals, k, n, win, tie, share, unit):
    """Add ``n`` deals (negative: take away) in which the k players' hands have ``vals``."""
    best = -1
    nbest = 0
    for pl in range(k):
        v = vals[pl]
        if v > best:
            best = v
            nbest = 1
        elif v == best:
            nbest += 1
    part = unit // nbest
    for pl in range(k):
        if vals[pl] == best:
            if nbest == 1:
                win[pl] += n
            else:
                tie[pl] += n
            share[pl] += n * part


@njit(cache=True)
def _hands_exact(holes, board, rank_key, binom, unit, win, tie, share, ft, nt, pr, sr):
    """Exact showdown counts of fixed hands over every completion of ``board``; returns the number of boards.

    Without flushes a hand's value depends only on ranks, so the boards are
    visited as multisets of ranks (6,188 for a whole board, not 1,712,304),
    each counted as often as the deck can deal it: the product over its ranks
    of C(cards of that rank left, times the rank appears). Then, suit by suit,
    the boards on which someone makes a flush in that suit (the board holds at
    least 5 - (their cards of the suit) of it) are visited as (the suit's
    cards on the board, the other cards' ranks), and their count moves from
    the no-flush result to the real one (once per family of suits that sit
    alike in the hands and on the board). Seven cards hold at most one flush
    suit and a flush never sits beside a full house or quads, so nothing is
    counted twice. ``win``, ``tie`` and ``share`` (pot in 1/``unit``) are
    whole numbers, the same a deal-by-deal enumeration counts.
    """
    k = holes.shape[0]
    need = 5 - board.shape[0]
    dead = 0
    bkey = 0
    for c in board:
        dead |= 1 << c
        bkey += rank_key[c >> 2]
    base = np.empty(k, np.int64)
    for i in range(k):
        dead |= (1 << holes[i, 0]) | (1 << holes[i, 1])
        base[i] = bkey + rank_key[holes[i, 0] >> 2] + rank_key[holes[i, 1] >> 2]
    avail = np.zeros(13, np.int64)
    for c in range(52):
        if not (dead >> c) & 1:
            avail[c >> 2] += 1
    vals = np.empty(k, np.int64)
    plain = np.empty(k, np.int64)
    flush = np.empty(k, np.int64)
    idx = np.zeros(5, np.int64)
    boards = 0
    while True:  # every board, as if nobody had a flush
        n = _ways(idx, need, avail, binom)
        if n:
            key = 0
            for t in range(need):
                key += rank_key[idx[t]]
            for i in range(k):
                vals[i] = _nonflush(base[i] + key, nt, pr, sr)
            _score(vals, k, n, win, tie, share, unit)
            boards += n
        if need == 0 or not _next_multiset(idx, need):
            break
    other = np.empty(13, np.int64)
    ranks_s = np.empty(13, np.int64)
    tidx = np.empty(5, np.int64)
    uidx = np.zeros(5, np.int64)
    held = np.empty(k, np.int64)
    held_mask = np.empty(k, np.int64)
    # suits whose cards sit in the same places (board and each hand hold the same ranks of them) have the
    # same flush boards with the same outcomes: count the first of each such family, times its size
    pattern = np.zeros((4, k + 1), np.int64)
    for c in board:
        pattern[c & 3, 0] |= 1 << (c >> 2)
    for i in range(k):
        for j in range(2):
            c = holes[i, j]
            pattern[c & 3, i + 1] |= 1 << (c >> 2)
    times = np.ones(4, np.int64)
    for s in range(1, 4):
        for q in range(s):
            if times[q] > 0 and np.all(pattern[q] == pattern[s]):
                times[q] += 1
                times[s] = 0
                break
    for s in range(4):  # the boards on which someone has a flush in suit s
        if times[s] == 0:
            continue
        on_board = 0
        board_mask = 0
        for c in board:
            if c & 3 == s:
                on_board += 1
                board_mask |= 1 << (c >> 2)
        most = 0
        for i in range(k):
            held[i] = 0
            held_mask[i] = 0
            for j in range(2):
                c = holes[i, j]
                if c & 3 == s:
                    held[i] += 1
                    held_mask[i] |= 1 << (c >> 2)
            most = max(most, held[i])
        ns = 0
        for r in range(13):
            other[r] = avail[r]
            if not (dead >> (4 * r + s)) & 1:
                ranks_s[ns] = r
                ns += 1
                other[r] -= 1
        for t in range(max(0, 5 - on_board - most), min(need, ns) + 1):
            u = need - t
            for q in range(t):
                tidx[q] = q
            while True:  # t cards of suit s ...
                suited = board_mask
                tkey = 0
                for q in range(t):
                    r = ranks_s[tidx[q]]
                    suited |= 1 << r
                    tkey += rank_key[r]
                for i in range(k):
                    flush[i] = ft[suited | held_mask[i]] if on_board + t + held[i] >= 5 else -1
                for q in range(u):
                    uidx[q] = 0
                while True:  # ... and u cards of the other suits, by ranks
                    n = _ways(uidx, u, other, binom)
                    if n:
                        key = tkey
                        for q in range(u):
                            key += rank_key[uidx[q]]
                        for i in range(k):
                            plain[i] = _nonflush(base[i] + key, nt, pr, sr)
                            vals[i] = flush[i] if flush[i] >= 0 else plain[i]
                        _score(plain, k, -n * times[s], win, tie, share, unit)
                        _score(vals, k, n * times[s], win, tie, share, unit)
                    if u == 0 or not _next_multiset(uidx, u):
                        break
                if t == 0 or _next_subset(tidx, t, ns) < 0:
                    break
    return boards


@njit(cache=True, nogil=True)
def _deals_exact(holes, board, rank_key, binom, unit, win, tie, share, boards, ft, nt, pr, sr):
    """``_hands_exact`` for each deal ``holes[d]`` (k hands of 2 cards), one after another; releases the GIL."""
    for d in range(holes.shape[0]):
        boards[d] = _hands_exact(holes[d], board, rank_key, binom, unit, win[d], tie[d], share[d], ft, nt, pr, sr)


def hands_exact(
    holes: np.ndarray, board: np.ndarray, threads: bool = False
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Exact showdown counts of each deal ``holes[d]`` (``[n, k, 2]`` card ids) over every completion of ``board``.

    Returns ``(wins, ties, shares, boards)``: ``[n, k]`` whole numbers (the
    boards each player wins alone, the boards they tie for the best hand,
    their pot summed in units of 1/``SHARE_UNIT``) and, per deal, how many
    boards there are. With ``threads`` the deals are cut into blocks run on
    :func:`in_threads`; each deal writes only its own row, so the numbers are
    the same either way.
    """
    holes = np.ascontiguousarray(holes, dtype=np.int64)
    board = np.ascontiguousarray(board, dtype=np.int64)
    n, k = holes.shape[:2]
    win = np.zeros((n, k), np.int64)
    tie = np.zeros((n, k), np.int64)
    share = np.zeros((n, k), np.int64)
    boards = np.zeros(n, np.int64)

    def block(lo: int, hi: int) -> None:
        _deals_exact(
            holes[lo:hi], board, RANK_KEY, BINOM, SHARE_UNIT, win[lo:hi], tie[lo:hi], share[lo:hi], boards[lo:hi],
            FT, NT, PR, SR,
        )  # fmt: skip

    blocks = min(n, 8) if threads else 1
    edges = [n * b // blocks for b in range(blocks + 1)]
    for _ in in_threads(block, list(pairwise(edges))):
        pass
    return win, tie, share, boards
