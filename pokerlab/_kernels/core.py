"""The evaluator's core, shared by every kernel: the tables and how a hand's value is built card by card.

Hand state while cards are added is two integers::

    acc     one addition per card of CARD_ADD[card]:
            bits  0..31  the base-5 rank key (see pokerlab._tables)
            bits 32..47  4 bits of count per suit (suit s at 32+4s)
    smask   13-bit rank mask per suit (suit s at bits 16s..16s+12)

A flush exists when a suit count reaches 5: adding 3 to every nibble sets
its top bit exactly then, so one mask test finds it.

``_val`` turns a state of n cards into the value 1..7462 with the tables of
:mod:`pokerlab._tables`. Card sets are 52-bit masks (bit = card id).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from pokerlab import _notice
from pokerlab._tables import tables

_notice.install()


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
