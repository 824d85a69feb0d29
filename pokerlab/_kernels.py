"""The hot loops, compiled with numba (imported lazily, cached on disk).

Everything that touches millions of hands lives here and nowhere else:
batch evaluation, exhaustive enumeration, hand strength, hand potential and
equity. Each kernel is a plain loop; the public modules wrap them with
argument checking and friendly result types, and the tests hold them against
the plain reference evaluator and against direct Python loops.

Hand state while cards are added is two integers::

    acc     one addition per card of CARD_ADD[card]:
            bits  0..31  the base-5 rank key (see pokerlab._tables)
            bits 32..47  4 bits of count per suit (suit s at 32+4s)
    smask   13-bit rank mask per suit (suit s at bits 16s..16s+12)

A flush exists when a suit count reaches 5: adding 3 to every nibble sets
its top bit exactly then, so one mask test finds it.

``_val`` turns a state of n cards into the value 1..7462 with the tables of
:mod:`pokerlab._tables`. Card sets are 52-bit masks (bit = card id).

Random numbers for Monte Carlo come from a xorshift64* generator seeded via
splitmix64, so results depend only on the seed, never on numba's own RNG.

Two cores: kernels that can run side by side release the GIL (``nogil``)
and :func:`in_threads` runs fixed chunks of their work on a thread pool of
``numba.get_num_threads()`` threads, adding the results in chunk order, so
the answer does not depend on the number of threads (``numba.set_num_threads(1)``
keeps everything on one core). A plain pool is used rather than numba's
``prange``: OpenMP threads spin while waiting, which costs more than it gains
on a machine other people share.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from itertools import pairwise
from math import comb
from typing import Any, TypeVar

import numba
import numpy as np
from llvmlite import ir
from numba import njit

from pokerlab import _notice, _signals
from pokerlab._tables import tables

_notice.install()

T = TypeVar("T")

_T = tables()
FT, NT, PR, SR = _T.flush, _T.noflush, _T.prefix, _T.suffix
KK = _T.card_key + (np.int64(1) << (32 + 4 * (np.arange(52, dtype=np.int64) & 3)))  # CARD_ADD
CAT = _T.category_of
LOW_MASK = (1 << 17) - 1

U12 = np.uint64(12)
U25 = np.uint64(25)
U27 = np.uint64(27)
U11 = np.uint64(11)
U32 = np.uint64(32)
MULT = np.uint64(2685821657736338717)


@njit(cache=True, inline="always")
def _add(p, sm, c, kk):
    return p + kk[c], sm | (1 << (16 * (c & 3) + (c >> 2)))


@njit(cache=True, inline="always")
def _ci(x, y):
    """Combination index of card ids x < y."""
    return y * (y - 1) // 2 + x


@njit(cache=True, inline="always")
def _val(p, sm, n, ft, nt, pr, sr):
    sc = p >> 32
    if (sc + 0x3333) & 0x8888:
        for s in range(4):
            if ((sc >> (4 * s)) & 15) >= 5:
                return ft[(sm >> (16 * s)) & 8191]
    key = p & 0xFFFFFFFF
    return nt[pr[n, key >> 17] + sr[key & 131071]]


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


@numba.extending.intrinsic
def _prefetch(typingctx: Any, arr: Any, offset: Any) -> Any:
    """Ask the CPU to start loading the cache line at byte ``offset`` of array ``arr`` (LLVM's ``prefetch``).

    A hint, not a load: it never faults (an address past the array's end is fine) and changes no
    value. numba has no prefetch of its own.
    """
    if not isinstance(arr, numba.types.Array):
        return None

    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        array = context.make_array(signature.args[0])(context, builder, args[0])
        byte = ir.IntType(8).as_pointer()
        address = builder.gep(builder.bitcast(array.data, byte), [args[1]])
        i32 = ir.IntType(32)
        hint = numba.core.cgutils.get_or_insert_function(
            builder.module, ir.FunctionType(ir.VoidType(), [byte, i32, i32, i32]), "llvm.prefetch.p0i8"
        )
        # read, keep in all cache levels (locality 3, x86 `prefetcht0`), data cache. Locality 0 (`prefetchnta`,
        # "used once") looked apt for a stream read once, but on a Xeon (Emerald Rapids) it left int64 rows at
        # 0.4-0.5 of the byte rows' rate, against 0.8-0.9 with locality 3
        builder.call(hint, [address, i32(0), i32(3), i32(1)])
        return context.get_dummy_value()

    return numba.types.void(arr, offset), codegen


@numba.extending.intrinsic
def _ctpop(typingctx: Any, x: Any) -> Any:
    """The number of set bits of a uint64 (LLVM's ``ctpop``: one instruction where the CPU has one).

    numba has no popcount of its own, and LLVM does not recognise one written with shifts and masks.
    """
    if not isinstance(x, numba.types.Integer):
        return None

    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        word = ir.IntType(64)
        value = context.cast(builder, args[0], signature.args[0], numba.types.uint64)
        return builder.call(builder.module.declare_intrinsic("llvm.ctpop", [word]), [value])

    return numba.types.uint64(x), codegen


@numba.extending.intrinsic
def _cttz(typingctx: Any, x: Any) -> Any:
    """The number of trailing zero bits of a non-zero uint64 (LLVM's ``cttz``: one instruction, ``tzcnt``/``bsf``).

    The index of the lowest set bit: with ``x &= x - 1`` after it, a loop visits the set bits of a
    word in order and runs once per set bit, not once per bit. Undefined for 0 (the callers never ask).
    """
    if not isinstance(x, numba.types.Integer):
        return None

    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        word = ir.IntType(64)
        value = context.cast(builder, args[0], signature.args[0], numba.types.uint64)
        count = numba.core.cgutils.get_or_insert_function(
            builder.module, ir.FunctionType(word, [word, ir.IntType(1)]), "llvm.cttz.i64"
        )
        return builder.call(count, [value, ir.IntType(1)(1)])  # 1: the answer for 0 may be anything

    return numba.types.uint64(x), codegen


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


# ----------------------------------------------------------------------------
# Python wrappers: fetch the tables, allocate outputs, return plain numbers.
# ----------------------------------------------------------------------------


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
    from math import comb

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


_POOL: list[Any] = []  # [(process id, threads, ThreadPoolExecutor)], the pool in_threads keeps between calls
_IN_POOL = threading.local()  # .worker is True on the pool's own threads


def _mark_worker() -> None:
    _IN_POOL.worker = True


def _thread_pool(threads: int) -> Any:
    """The ``ThreadPoolExecutor`` of ``threads`` helper threads that :func:`in_threads` uses, started once and kept.

    Starting two threads for every call cost 0.25-0.4 ms (measured: 8 empty chunks through a fresh pool
    against 0.06-0.08 ms through a kept one), 10-15 % of a million-hand ``evaluate_batch`` on two
    threads. A new pool replaces it when the thread count changes (``numba.set_num_threads``) or in a
    forked child (the parent's worker threads do not exist there). Idle workers wait on a queue, they do
    not spin, and end with the interpreter.
    """
    import os
    from concurrent.futures import ThreadPoolExecutor

    pid = os.getpid()
    if _POOL and _POOL[0][:2] == (pid, threads):
        return _POOL[0][2]
    if _POOL and _POOL[0][0] == pid:
        _POOL[0][2].shutdown(wait=False)  # its queued work (none: in_threads waits for its own) still runs
    pool = ThreadPoolExecutor(threads, thread_name_prefix="pokerlab", initializer=_mark_worker)
    _POOL[:] = [(pid, threads, pool)]
    return pool


class _Chunks:
    """The chunks of one :func:`in_threads` call, taken in order by whichever thread is free next.

    The pool's helpers and the calling thread share them: ``take`` hands out the next chunk's index
    (under a lock), ``run`` runs it and keeps its result (or its exception) and marks it done.
    """

    def __init__(self, work: Callable[[int, int], Any], chunks: list[tuple[int, int]]) -> None:
        self.work = work
        self.chunks = chunks
        self.results: list[Any] = [None] * len(chunks)
        self.errors: list[Exception | None] = [None] * len(chunks)
        self.done = [threading.Event() for _ in chunks]
        self.next = 0
        self.stopped = False
        self.lock = threading.Lock()

    def take(self) -> int:
        """The index of the next chunk nobody has taken, or -1 (none left, or the caller stopped)."""
        with self.lock:
            if self.stopped or self.next == len(self.chunks):
                return -1
            self.next += 1
            return self.next - 1

    def run(self, j: int) -> None:
        try:
            self.results[j] = self.work(*self.chunks[j])
        except Exception as e:  # handed to the caller, who raises it when it reaches this chunk
            self.errors[j] = e  # (Ctrl-C, KeyboardInterrupt, comes only to the calling thread and goes straight up)
        self.done[j].set()

    def help(self) -> None:
        """A helper thread's part: chunks until none is left."""
        j = self.take()
        while j >= 0:
            self.run(j)
            j = self.take()


def in_threads(work: Callable[[int, int], T], chunks: list[tuple[int, int]]) -> Iterator[T]:
    """``work(*chunk)`` for each chunk, yielded in order; run on numba's thread count (``numba.get_num_threads()``).

    ``work`` should call a ``nogil`` kernel. The calling thread and ``threads - 1`` helpers kept
    between calls (:func:`_thread_pool`) take the chunks in order, each the next one free, so a thread
    slowed by other work on the machine simply takes fewer. Ctrl-C is checked before each result is
    yielded: the chunks not yet taken are dropped and the running ones finish (also when the caller
    stops early, e.g. at a bad row). The results come back in the chunks' order whatever the number
    of threads, so their sum does not depend on it. A call from a helper (work that itself calls
    ``in_threads``) runs its chunks in order on that thread, so nested calls cannot wait for each other.
    Measured: 8 empty chunks on two threads took 0.25-0.4 ms with a new pool per call and results
    collected by the caller, 0.03-0.06 ms this way.
    """
    import numba

    threads = min(numba.get_num_threads(), len(chunks))
    if threads <= 1 or getattr(_IN_POOL, "worker", False):
        for chunk in chunks:
            _signals.check()
            yield work(*chunk)
        return
    shared = _Chunks(work, chunks)
    pool = _thread_pool(numba.get_num_threads() - 1)
    helpers = [pool.submit(shared.help) for _ in range(threads - 1)]
    try:
        for j in range(len(chunks)):
            while not shared.done[j].is_set():  # run the next free chunk here; wait once none is left
                mine = shared.take()
                if mine < 0:
                    shared.done[j].wait()
                else:
                    shared.run(mine)
            _signals.check()
            error = shared.errors[j]
            if error is not None:
                raise error
            yield shared.results[j]
    finally:
        with shared.lock:
            shared.stopped = True
        for helper in helpers:  # one not started yet (the pool busy with another caller's) is dropped;
            if not helper.cancel():  # a running one finishes its chunk before the caller goes on
                helper.result()


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
