"""Batch evaluation and exhaustive enumeration: every kernel that values many hands at once.

:func:`evaluate_batch` picks the loop for the row type (uint8 rows, or wider rows with a prefetch hint) and
card count (7 cards have their own loop), on the thread pool of :mod:`pokerlab._kernels.threads` for large
batches. The counting walks (:func:`class_counts`, :func:`category_counts_from`) visit every hand of a size.
"""

from __future__ import annotations

from itertools import pairwise
from math import comb

import numpy as np
from numba import njit

from pokerlab._kernels.core import _T, CAT, FT, KK, NT, PR, SR, _add, _val
from pokerlab._kernels.intrinsics import _ctpop, _cttz, _prefetch
from pokerlab._kernels.threads import in_threads


@njit(cache=True, inline="always")
def _eval_rows(ids, out, check, lo, hi, kk, ft, nt, pr, sr):
    """Evaluate rows ``lo..hi-1``; with ``check``, stop at the first row with a bad card.

    Returns the index of that row, or -1. The suit masks are only built for
    the rare rows that hold a flush.
    """
    k = ids.shape[1]
    for i in range(lo, hi):
        p = 0
        seen = 0
        for j in range(k):
            c = ids[i, j]
            if check:
                if c < 0 or c > 51 or (seen >> c) & 1:
                    return i
                seen |= 1 << c
            p += kk[c]
        sc = p >> 32
        if (sc + 0x3333) & 0x8888:
            sm = 0
            for j in range(k):
                c = ids[i, j]
                sm |= 1 << (16 * (c & 3) + (c >> 2))
            out[i] = _val(p, sm, k, ft, nt, pr, sr)
        else:
            key = p & 0xFFFFFFFF
            out[i] = nt[pr[k, key >> 17] + sr[key & 131071]]
    return -1


@njit(cache=True, nogil=True)
def _eval_batch(ids, out, check, kk, ft, nt, pr, sr):
    """Evaluate each row; the first row with a bad card (with ``check``), or -1. Releases the GIL.

    The plain batch loop over the shared tables; :func:`_eval_batch7` (7 cards) and :func:`_eval_batch_fast`
    (5 and 6) are the ones :func:`evaluate_batch` runs, and the tests hold them equal to it.
    """
    return _eval_rows(ids, out, check, 0, ids.shape[0], kk, ft, nt, pr, sr)


# The batch evaluator's own compact tables, for one card count k at a time (see _tables):
#   BATCH_KK[c]       uint64: the base-5 rank key of card c, plus 1 in its suit's 4-bit counter at bit 32+4s;
#                     the counters start at 3 (BATCH_START), so a suit's top bit is set exactly at 5 cards;
#                     padded with zeros to 256 entries, so any byte can be looked up before its row is judged
#   BATCH_PR[k][h]    uint32: PREFIX[k, h] minus the first index of k-card hands (so NT_k starts at 0)
#   BATCH_SR[l]       uint16: SUFFIX[l] (all below 4,000 for the low fields that occur)
#   BATCH_NT[k][i]    uint16: the value of the i-th k-card rank multiset
# About 90 KB + 31 KB + 156 KB per k (only the slots real hands touch are read), all within a core's L2.
BATCH_START = np.uint64(0x3333) << np.uint64(32)
BATCH_KK = np.zeros(256, np.uint64)  # ids 52..255 read 0: a byte row is summed before it is judged
BATCH_KK[:52] = KK.astype(np.uint64)
BATCH_SR = _T.suffix.clip(0).astype(np.uint16)
BATCH_PR = {}
BATCH_NT = {}
for _k, _lo, _hi in ((5, 0, 6175), (6, 6175, 6175 + 18395), (7, 6175 + 18395, 73775)):
    BATCH_PR[_k] = (_T.prefix[_k].clip(_lo) - _lo).astype(np.uint32)
    BATCH_NT[_k] = _T.noflush[_lo:_hi].astype(np.uint16)
FT16 = _T.flush.astype(np.uint16)


PREFETCH_ROWS = 256
"""How many rows ahead :func:`_eval_batch_fast` asks for its ids (measured: 128-512 rows all keep int64 rows
near the byte rows' rate; without it they ran at 0.3-0.6 of it, the hardware prefetcher falling behind)."""


@njit(cache=True, inline="always")
def _kk(kk, c):
    """``kk[id & 255]``: the padded card-word table read for any integer id without leaving it."""
    return kk[np.uint64(c) & np.uint64(255)]


@njit(cache=True, inline="always")
def _bit(c):
    """The bit of card id ``c`` (a uint64) in a 64-bit set; ids of 64 and more wrap (the caller refuses them)."""
    return np.uint64(1) << (c & np.uint64(63))


@njit(cache=True, inline="always")
def _eval_rows_fast(ids, out, check, kk, ft, nt, pr, sr, prefetch):
    """The body of :func:`_eval_batch_fast` and :func:`_eval_batch_prefetch`; ``prefetch`` is a constant in each.

    Inlined with a literal ``prefetch``, so each kernel's loop holds only its own code: with the choice
    made at run time (from the array's item size) the byte rows' loop ran about 30 % slower.
    """
    n = ids.shape[0]
    k = ids.shape[1]
    lowmask = np.uint64(131071)
    keymask = np.uint64(0xFFFFFFFF)
    flushbits = np.uint64(0x888800000000)
    flagged = np.empty(n, np.int64)  # pages are only touched for the rows noted
    cards = np.empty((n, k), np.uint8)  # the noted rows' cards, copied while they are in cache
    nf = 0
    row_bytes = k * ids.itemsize
    for i in range(n):
        if prefetch:  # past the last row too: a prefetch never faults, and an unclamped address costs less
            _prefetch(ids, (i + PREFETCH_ROWS) * row_bytes)
        p = BATCH_START
        if check:  # without a branch per card
            if k == 7:
                c0, c1, c2, c3 = np.uint64(ids[i, 0]), np.uint64(ids[i, 1]), np.uint64(ids[i, 2]), np.uint64(ids[i, 3])
                c4, c5, c6 = np.uint64(ids[i, 4]), np.uint64(ids[i, 5]), np.uint64(ids[i, 6])
                p += _kk(kk, c0) + _kk(kk, c1) + _kk(kk, c2) + _kk(kk, c3) + _kk(kk, c4) + _kk(kk, c5) + _kk(kk, c6)
                either = c0 | c1 | c2 | c3 | c4 | c5 | c6
                seen = _bit(c0) | _bit(c1) | _bit(c2) | _bit(c3) | _bit(c4) | _bit(c5) | _bit(c6)
            else:
                either = np.uint64(0)
                seen = np.uint64(0)
                for j in range(k):
                    c = np.uint64(ids[i, j])
                    either |= c
                    seen |= _bit(c)
                    p += _kk(kk, c)
            # an id of 64 or more makes `either` exceed 63, one of 52..63 sets a bit of `seen` above 51 (which
            # `seen >> 46` moves above 63); k cards set k bits exactly when none repeats
            if (either | (seen >> np.uint64(46))) > np.uint64(63) or _ctpop(seen) != np.uint64(k):
                return i
        elif k == 7:  # the common case spelled out, so the seven loads and adds overlap
            p += _kk(kk, ids[i, 0]) + _kk(kk, ids[i, 1]) + _kk(kk, ids[i, 2]) + _kk(kk, ids[i, 3])
            p += _kk(kk, ids[i, 4]) + _kk(kk, ids[i, 5]) + _kk(kk, ids[i, 6])
        else:
            for j in range(k):
                p += _kk(kk, ids[i, j])
        key = p & keymask
        out[i] = nt[np.uint64(pr[key >> np.uint64(17)]) + np.uint64(sr[key & lowmask])]
        if p & flushbits:
            flagged[nf] = i
            for j in range(k):
                cards[nf, j] = np.uint8(np.uint64(ids[i, j]) & np.uint64(255))
            nf += 1
    for t in range(nf):  # from the copies: reading the rows again missed the cache (most of the time for int64)
        i = flagged[t]
        p = BATCH_START
        sm = np.uint64(0)  # 13-bit rank mask per suit, suit s at bits 16s..16s+12
        for j in range(k):
            c = np.uint64(cards[t, j])
            p += kk[c]
            sm |= np.uint64(1) << (((c & np.uint64(3)) * np.uint64(16) + (c >> np.uint64(2))) & np.uint64(63))
        fb = (p >> np.uint64(35)) & np.uint64(0x1111)  # bit 4s set: suit s's counter reached 5 (one suit at most)
        s = (
            np.uint64(0)
            if fb & np.uint64(1)
            else (
                np.uint64(16) if fb & np.uint64(0x10) else (np.uint64(32) if fb & np.uint64(0x100) else np.uint64(48))
            )
        )
        out[i] = ft[(sm >> s) & np.uint64(8191)]
    return -1


@njit(cache=True, nogil=True)
def _eval_batch_fast(ids, out, check, kk, ft, nt, pr, sr):
    """Evaluate each row of k cards with the k-card tables; the first bad row (with ``check``), or -1.

    Ids may be any integer type and are read as unsigned 64-bit numbers, so one test refuses
    negatives too; a table is read only at ``id & 255`` (``kk`` is padded to 256 entries), so a
    row is summed before it is judged and no id, however wrong, reads outside a table. With
    ``check`` one loop per row does it all: the card words summed, the cards' ids and their bits ORed
    (a row is bad when an id exceeds 51 or fewer than k bits are set, i.e. a card repeats; the bits are
    counted with the CPU's popcount, :func:`_ctpop`).
    Wide ids (numpy's default int64: 56 bytes a row) go to :func:`_eval_batch_prefetch`, which asks for
    them :data:`PREFETCH_ROWS` rows ahead (:func:`_prefetch`). Two passes: every row first
    gets its rank-multiset value (a flush hand's rank key is still a valid key) and rows whose suit
    counters reach 5 are noted, with a byte copy of their cards; then only those (about 3 % of random
    7-card hands) are redone from their suit's 13-bit rank mask, read from the copies. Keeping the rare
    case out of the main loop makes it about a third faster. Releases the GIL.
    """
    if check:  # two copies of the loop, each with its own constant: no test of `check` left in either
        return _eval_rows_fast(ids, out, True, kk, ft, nt, pr, sr, False)
    return _eval_rows_fast(ids, out, False, kk, ft, nt, pr, sr, False)


@njit(cache=True, nogil=True)
def _eval_batch_prefetch(ids, out, check, kk, ft, nt, pr, sr):
    """:func:`_eval_batch_fast` for wide ids (16 bits and more), each row's ids asked for :data:`PREFETCH_ROWS` ahead.

    Streaming numpy's default int64 rows (56 bytes a row, eight times the byte rows) the evaluation
    loop outran the CPU's own prefetcher and ran at 0.3-0.6 of the byte rows' rate; with the hint it
    runs near it. Byte rows gain nothing from the hint, so they keep :func:`_eval_batch_fast`.
    """
    if check:
        return _eval_rows_fast(ids, out, True, kk, ft, nt, pr, sr, True)
    return _eval_rows_fast(ids, out, False, kk, ft, nt, pr, sr, True)


SEVEN_PREFETCH_ROWS = 128
"""How many rows ahead :func:`_eval_batch7_prefetch` asks for its ids (64-256 measured alike on int64 rows)."""


@njit(cache=True, inline="always")
def _flush_value(ids, i, kk, ft):
    """The value of row ``i`` of seven cards that holds five or more of one suit (the rare case).

    Rebuilds the row's word sum (for the suit counters) and its 13-bit rank mask per suit, and reads
    the flush table at the mask of the suit whose counter reached 5; that suit is found without a
    branch (its counter's top bit, one of four, sets the shift).
    """
    p = BATCH_START
    sm = np.uint64(0)  # 13-bit rank mask per suit, suit s at bits 16s..16s+12
    for j in range(7):
        c = np.uint64(ids[i, j]) & np.uint64(255)
        p += kk[c]
        sm |= np.uint64(1) << (((c & np.uint64(3)) * np.uint64(16) + (c >> np.uint64(2))) & np.uint64(63))
    fb = (p >> np.uint64(35)) & np.uint64(0x1111)  # bit 4s set: suit s's counter reached 5 (one suit at most)
    one = np.uint64(1)
    s = (
        ((fb >> np.uint64(4)) & one) * np.uint64(16)
        + ((fb >> np.uint64(8)) & one) * np.uint64(32)
        + ((fb >> np.uint64(12)) & one) * np.uint64(48)
    )
    return ft[(sm >> s) & np.uint64(8191)]


@njit(cache=True, inline="always")
def _eval_group7(ids, out, first, count, check, kk, ft, nt, pr, sr, prefetch):
    """Rows ``first .. first+count-1`` (at most 64) of seven cards: see :func:`_eval_rows7`.

    Returns the first bad row of the group (with ``check``), or -1.
    """
    lowmask = np.uint64(131071)
    keymask = np.uint64(0xFFFFFFFF)
    flushbits = np.uint64(0x888800000000)
    row_bytes = 7 * ids.itemsize
    flagged = np.uint64(0)  # bit b: row first+b holds a flush
    bad = np.uint64(0)  # bit b: row first+b has an id above 51 or a card twice (with check)
    for b in range(count):
        i = first + b
        if prefetch:  # past the last row too: a prefetch never faults
            _prefetch(ids, (i + SEVEN_PREFETCH_ROWS) * row_bytes)
        c0, c1, c2, c3 = np.uint64(ids[i, 0]), np.uint64(ids[i, 1]), np.uint64(ids[i, 2]), np.uint64(ids[i, 3])
        c4, c5, c6 = np.uint64(ids[i, 4]), np.uint64(ids[i, 5]), np.uint64(ids[i, 6])
        p = BATCH_START + _kk(kk, c0) + _kk(kk, c1) + _kk(kk, c2) + _kk(kk, c3)
        p += _kk(kk, c4) + _kk(kk, c5) + _kk(kk, c6)
        key = p & keymask
        out[i] = nt[np.uint64(pr[key >> np.uint64(17)]) + np.uint64(sr[key & lowmask])]
        flagged |= np.uint64((p & flushbits) != np.uint64(0)) << np.uint64(b)
        if check:  # as in _eval_rows_fast: ids read as unsigned (negatives are huge), seven distinct bits
            either = c0 | c1 | c2 | c3 | c4 | c5 | c6
            seen = _bit(c0) | _bit(c1) | _bit(c2) | _bit(c3) | _bit(c4) | _bit(c5) | _bit(c6)
            wrong = np.uint64((either | (seen >> np.uint64(46))) > np.uint64(63)) | np.uint64(
                _ctpop(seen) != np.uint64(7)
            )
            bad |= wrong << np.uint64(b)
    while flagged:
        row = first + np.int64(_cttz(flagged))
        flagged &= flagged - np.uint64(1)
        out[row] = _flush_value(ids, row, kk, ft)
    if check and bad:
        return first + np.int64(_cttz(bad))
    return -1


@njit(cache=True, inline="always")
def _eval_rows7(ids, out, check, kk, ft, nt, pr, sr, prefetch):
    """The body of :func:`_eval_batch7` and :func:`_eval_batch7_prefetch` (``check``, ``prefetch`` constants in each).

    Rows go in groups of 64 (:func:`_eval_group7`; the full groups with a constant count, measured
    5-9 % faster than a count known only at run time, then the rest). Each row gets its
    rank-multiset value with no branch at all (a flush hand's rank key is still a valid key) and
    sets its bit of a 64-bit word when a suit counter reaches 5; after the group the set bits are
    visited (:func:`_cttz`) and those rows, about 3 % of random hands, are redone by
    :func:`_flush_value` while their ids are still in the L1 cache. Measured on a Xeon (uint8 rows,
    one thread, against the same loop with no flush handling at all): a branch per row for the rare
    case in the main loop ran at 0.65-0.7 of its rate (a wrong guess throws away the lookups of the
    rows in flight), redoing the flagged rows after the whole batch at 0.65 (their ids had left the
    caches), groups of 64 at 0.75-0.8. With ``check`` a bad row sets a bit of a second word the same
    way, and the batch stops after the first group that has one, returning its first bad row.
    """
    n = ids.shape[0]
    full = n // 64
    for g in range(full):
        bad = _eval_group7(ids, out, g * 64, 64, check, kk, ft, nt, pr, sr, prefetch)
        if check and bad >= 0:
            return bad
    return _eval_group7(ids, out, full * 64, n - full * 64, check, kk, ft, nt, pr, sr, prefetch)


@njit(cache=True, nogil=True)
def _eval_batch7(ids, out, check, kk, ft, nt, pr, sr):
    """Rows of seven cards, for ids of 8 bits; the first bad row (with ``check``), or -1. Releases the GIL.

    The same numbers and the same first bad row as :func:`_eval_batch_fast`, from a loop written for
    k = 7 alone (the seven loads and adds spelled out, no test of k or of ``check`` left in it) that
    keeps the rare flush rows out of the main loop without a branch (:func:`_eval_rows7`). Ids are
    read as unsigned and tables at ``id & 255``, so wrong ids give wrong values (or, with ``check``,
    the bad row) but never read outside a table. numba compiles one copy per id type. Measured on a
    Xeon (Emerald Rapids), one thread, unchecked uint8 rows: about 1.5x the rate of
    :func:`_eval_batch_fast`, 0.85-0.95x OMPEval's.
    """
    if check:
        return _eval_rows7(ids, out, True, kk, ft, nt, pr, sr, False)
    return _eval_rows7(ids, out, False, kk, ft, nt, pr, sr, False)


@njit(cache=True, nogil=True)
def _eval_batch7_prefetch(ids, out, check, kk, ft, nt, pr, sr):
    """:func:`_eval_batch7` for wide ids (16 bits and more), each row asked for :data:`SEVEN_PREFETCH_ROWS` ahead.

    numpy's default int64 rows are 56 bytes each: without the hint they ran at about 0.45 of the byte rows'
    rate, with it at 0.7-0.8 (byte rows lose a little with it, so they keep :func:`_eval_batch7`).
    """
    if check:
        return _eval_rows7(ids, out, True, kk, ft, nt, pr, sr, True)
    return _eval_rows7(ids, out, False, kk, ft, nt, pr, sr, True)


@njit(cache=True, inline="always")
def _step(idx, length, top, lowest):
    """Move the odometer ``idx[:length]`` (increasing ids, position i at most ``top + i``) to the next subset
    in lexicographic order, never moving a position below ``lowest``.

    Returns the first position that changed (whatever was built on the positions before it still holds), or
    -1 after the last subset. Shared by :func:`_advance` (card ids) and :func:`_next_subset` (any range).
    """
    i = length - 1
    while i >= lowest and idx[i] == top + i:
        i -= 1
    if i < lowest:
        return -1
    idx[i] += 1
    for j in range(i + 1, length):
        idx[j] = idx[j - 1] + 1
    return i


@njit(cache=True, inline="always")
def _advance(idx, length, ncards, lowest):
    """Move the odometer ``idx[:length]`` (card ids in increasing order, room kept for ``ncards`` cards in
    all) to the next subset in lexicographic order, never moving a position below ``lowest``.

    Returns the first position that changed (the sums above it stay valid), or -1 after the last subset.
    """
    return _step(idx, length, 52 - ncards, lowest)


@njit(cache=True)
def _enumerate(ncards, first, store, counts, kk, ft, nt, pr, sr, cat):
    """Visit the ncards-subsets of the deck in lexicographic order.

    With ``first >= 0`` only the subsets whose lowest card is ``first``.
    """
    idx = np.empty(ncards, np.int64)
    ps = np.zeros(ncards + 1, np.int64)
    sms = np.zeros(ncards + 1, np.int64)
    start = max(first, 0)
    for i in range(ncards):
        idx[i] = start + i
    level = 0
    pos = 0
    keep = store.shape[0] > 0
    while True:
        for lv in range(level, ncards):
            ps[lv + 1], sms[lv + 1] = _add(ps[lv], sms[lv], idx[lv], kk)
        v = _val(ps[ncards], sms[ncards], ncards, ft, nt, pr, sr)
        counts[cat[v]] += 1
        if keep:
            store[pos] = v
        pos += 1
        level = _advance(idx, ncards, ncards, 1 if first >= 0 else 0)
        if level < 0:
            break
    return pos


@njit(cache=True)
def _value_hist(ncards, first, hist, kk, ft, nt, pr, sr):
    """``hist[v] += 1`` for every ``ncards``-card hand (5, 6 or 7) whose lowest card id is ``first``, of value v.

    The counting loop behind :func:`category_counts_from` and :func:`class_counts`: an odometer over the
    first ``ncards - 1`` cards keeps their rank-key sum and suit mask, and the last card runs in a tight
    loop of one addition, one table look-up and one increment (about 15x the generic walk of
    :func:`_enumerate`, which also stores values). Returns the number of hands counted.
    """
    m = ncards - 1
    idx = np.empty(m, np.int64)
    ps = np.zeros(m + 1, np.int64)
    sms = np.zeros(m + 1, np.int64)
    for i in range(m):
        idx[i] = first + i
    level = 0
    total = 0
    while True:
        for lv in range(level, m):
            ps[lv + 1], sms[lv + 1] = _add(ps[lv], sms[lv], idx[lv], kk)
        p0 = ps[m]
        sm0 = sms[m]
        for c in range(idx[m - 1] + 1, 52):
            p = p0 + kk[c]
            if ((p >> 32) + 0x3333) & 0x8888:  # five or more of a suit: the rare flush path
                v = _val(p, sm0 | (1 << (16 * (c & 3) + (c >> 2))), ncards, ft, nt, pr, sr)
            else:
                key = p & 0xFFFFFFFF
                v = nt[pr[ncards, key >> 17] + sr[key & 131071]]
            hist[v] += 1
        total += 51 - idx[m - 1]
        level = _advance(idx, m, ncards, 1)  # the lowest card stays ``first``
        if level < 0:
            break
    return total


THREADED_ROWS = 1 << 16
"""From this many rows on, :func:`evaluate_batch` shares them among threads (fewer: one thread is faster)."""


def evaluate_batch(ids: np.ndarray, check: bool = True) -> tuple[np.ndarray, int]:
    """Values of each row, and the first row with a bad card (-1 if none, or unchecked).

    Large batches are cut into blocks run on :func:`in_threads` (as many
    threads as ``numba.get_num_threads()``: ``numba.set_num_threads(1)`` or
    ``NUMBA_NUM_THREADS=1`` keeps them on one core); the values and the first
    bad row are the same either way.
    """
    n = ids.shape[0]
    out = np.empty(n, np.int32)
    blocks = 8 if n >= THREADED_ROWS else 1
    edges = [n * b // blocks for b in range(blocks + 1)]

    k = ids.shape[1]
    pr, nt = BATCH_PR[k], BATCH_NT[k]

    if k == 7:  # the common case has its own loop
        kernel = _eval_batch7_prefetch if ids.itemsize > 1 else _eval_batch7
    else:
        kernel = _eval_batch_prefetch if ids.itemsize > 1 else _eval_batch_fast

    def block(lo: int, hi: int) -> int:
        return kernel(ids[lo:hi], out[lo:hi], check, BATCH_KK, FT16, nt, pr, BATCH_SR)

    chunks = list(pairwise(edges))
    for (lo, _), bad in zip(chunks, in_threads(block, chunks), strict=True):
        if bad >= 0:
            return out, lo + int(bad)
    return out, -1


def enumerate_hands(ncards: int, store: bool = False) -> tuple[np.ndarray, np.ndarray | None]:
    """Category counts over every ``ncards``-card hand (and, with ``store``, every value in lexicographic order:
    the generic walk :func:`_enumerate`; without, the counting loop :func:`_value_hist`)."""

    if not store:
        return class_counts(ncards, CAT, 9), None
    counts = np.zeros(9, np.int64)
    values = np.empty(comb(52, ncards), np.int16)
    _enumerate(ncards, -1, values, counts, KK, FT, NT, PR, SR, CAT)
    return counts, values


def value_counts_from(ncards: int, first: int) -> np.ndarray:
    """How many ``ncards``-card hands whose lowest card id is ``first`` have each value (an array over values)."""
    hist = np.zeros(len(CAT), np.int64)
    _value_hist(ncards, first, hist, KK, FT, NT, PR, SR)
    return hist


def class_counts(ncards: int, class_of: np.ndarray, n_classes: int) -> np.ndarray:
    """Counts over every ``ncards``-card hand of ``class_of[value]`` (any grouping of the 7,462 values)."""
    hist = sum((value_counts_from(ncards, first) for first in range(52 - ncards + 1)), np.zeros(len(CAT), np.int64))
    counts = np.zeros(n_classes, np.int64)
    np.add.at(counts, np.asarray(class_of, dtype=np.int64)[: len(hist)], hist)
    return counts


def category_counts_from(ncards: int, first: int) -> np.ndarray:
    """Category counts over the ``ncards``-card hands whose lowest card id is ``first``."""
    counts = np.zeros(9, np.int64)
    np.add.at(counts, CAT.astype(np.int64), value_counts_from(ncards, first))
    return counts
