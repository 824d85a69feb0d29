"""Lookup tables behind the fast evaluator, built once and cached on disk.

How a 5, 6 or 7-card hand becomes a value (1 = worst 7-5-4-3-2, 7462 = royal
flush):

1. **Flush.** If five or more cards share a suit, no quads or full house is
   possible (there are too few cards left), so the answer depends only on the
   13-bit mask of ranks in that suit: ``FLUSH[mask]`` (8,192 entries).
2. **Otherwise** only the rank counts matter. Each card adds a constant to a
   key that holds the counts in base 5, split in two fields::

       KEY[card] = 5**r            for ranks r = 2..8  (low field, 17 bits)
                 = 5**(r-7) << 17  for ranks r = 9..A  (high field)

   Summing the keys of the cards gives both fields without a loop over
   ranks. A two-part perfect hash then numbers the count vector among all
   vectors of n cards::

       index = PREFIX[n, high field] + SUFFIX[low field]

   and ``NOFLUSH[index]`` is the value (6,175 + 18,395 + 49,205 entries for
   n = 5, 6, 7: each distinct multiset of ranks exactly once).

The tables are computed from the rank counts by a direct categoriser
(:func:`nonflush_key`), which is independent of the brute-force reference
evaluator in :mod:`pokerlab.evaluator`; the tests hold the two against each
other over every 5-card hand.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from itertools import combinations
from pathlib import Path

import numpy as np

from pokerlab import _cache

# Hand categories, weakest first (the same numbering as HandCategory).
HIGH_CARD, PAIR, TWO_PAIR, TRIPS, STRAIGHT, FLUSH, FULL_HOUSE, QUADS, STRAIGHT_FLUSH = range(9)

TABLE_VERSION = 2
MAX_CARDS = 7


def straight_high(mask: int) -> int:
    """Highest rank (0..12) topping a straight within a 13-bit rank mask, or -1.

    The wheel A-2-3-4-5 counts as five-high (rank 3).
    """
    for high in range(12, 3, -1):
        run = 0b11111 << (high - 4)
        if mask & run == run:
            return high
    wheel = (1 << 12) | 0b1111
    return 3 if mask & wheel == wheel else -1


def flush_key(mask: int) -> tuple[int, tuple[int, ...]]:
    """Best hand from five or more cards of one suit with these ranks."""
    high = straight_high(mask)
    if high >= 0:
        return (STRAIGHT_FLUSH, (high,))
    ranks = [r for r in range(12, -1, -1) if mask >> r & 1]
    return (FLUSH, tuple(ranks[:5]))


def nonflush_key(counts: tuple[int, ...]) -> tuple[int, tuple[int, ...]]:
    """Best hand from these rank counts when there is no flush."""
    desc = range(12, -1, -1)
    present = [r for r in desc if counts[r] > 0]
    quads = [r for r in desc if counts[r] == 4]
    trips = [r for r in desc if counts[r] == 3]
    pairs = [r for r in desc if counts[r] == 2]
    if quads:
        q = quads[0]
        return (QUADS, (q, next(r for r in present if r != q)))
    if trips and (len(trips) > 1 or pairs):
        t = trips[0]
        return (FULL_HOUSE, (t, max(trips[1:] + pairs)))
    mask = sum(1 << r for r in present)
    high = straight_high(mask)
    if high >= 0:
        return (STRAIGHT, (high,))
    if trips:
        t = trips[0]
        return (TRIPS, (t, *[r for r in present if r != t][:2]))
    if len(pairs) >= 2:
        p1, p2 = pairs[0], pairs[1]
        return (TWO_PAIR, (p1, p2, next(r for r in present if r not in (p1, p2))))
    if pairs:
        p = pairs[0]
        return (PAIR, (p, *[r for r in present if r != p][:3]))
    return (HIGH_CARD, tuple(present[:5]))


@cache
def all_keys() -> tuple[tuple[int, tuple[int, ...]], ...]:
    """The 7,462 distinct 5-card hand classes, weakest first."""
    keys = set()
    for vec in count_vectors(5):
        keys.add(nonflush_key(vec))
    for ranks in combinations(range(13), 5):
        keys.add(flush_key(sum(1 << r for r in ranks)))
    out = tuple(sorted(keys))
    assert len(out) == 7462, len(out)
    return out


@cache
def key_to_value() -> dict[tuple[int, tuple[int, ...]], int]:
    """Map a hand class key to its value 1..7462."""
    return {k: i + 1 for i, k in enumerate(all_keys())}


def count_vectors(n: int) -> list[tuple[int, ...]]:
    """All 13-vectors of rank counts (each 0..4) summing to n, lexicographic."""
    out: list[tuple[int, ...]] = []

    def rec(prefix: list[int], left: int) -> None:
        r = len(prefix)
        if r == 13:
            if left == 0:
                out.append(tuple(prefix))
            return
        if left > 4 * (13 - r):
            return
        for c in range(min(4, left) + 1):
            prefix.append(c)
            rec(prefix, left - c)
            prefix.pop()

    rec([], n)
    return out


LOW_BITS = 17
LOW_RANKS = 7  # ranks 2..8 go in the low field, 9..A in the high field


def card_keys() -> np.ndarray:
    """The additive key of each card id (see the module docstring)."""
    keys = np.zeros(52, dtype=np.int64)
    for card in range(52):
        r = card >> 2
        keys[card] = 5**r if r < LOW_RANKS else (5 ** (r - LOW_RANKS)) << LOW_BITS
    return keys


@dataclass(frozen=True)
class Tables:
    """The evaluator's lookup tables (read-only arrays)."""

    card_key: np.ndarray  # [52] additive base-5 key of each card
    flush: np.ndarray  # [8192] value of the best flush in a rank mask (0 if <5 bits)
    noflush: np.ndarray  # [73775] value by perfect hash of rank counts
    prefix: np.ndarray  # [8, 5**6] hash part for the high field, per card count
    suffix: np.ndarray  # [5**7] hash part for the low field
    category_of: np.ndarray  # [7463] category of each value (index 0 unused = -1)
    category_floor: np.ndarray  # [9] lowest value of each category


@cache
def _vectors(m: int, total: int) -> tuple[tuple[int, ...], ...]:
    """All m-vectors with entries 0..4 summing to ``total`` (remembered: the build asks for each many times)."""
    if m == 0:
        return ((),) if total == 0 else ()
    return tuple((c, *rest) for c in range(min(4, total) + 1) for rest in _vectors(m - 1, total - c))


def _key(vec: tuple[int, ...]) -> int:
    return sum(c * 5**i for i, c in enumerate(vec))


def _build() -> dict[str, np.ndarray]:
    values = key_to_value()
    high_ranks = 13 - LOW_RANKS
    suffix = np.full(5**LOW_RANKS, -1, dtype=np.int32)
    for total in range(4 * LOW_RANKS + 1):
        for i, low in enumerate(_vectors(LOW_RANKS, total)):
            suffix[_key(low)] = i
    prefix = np.full((MAX_CARDS + 1, 5**high_ranks), -1, dtype=np.int32)
    noflush: list[int] = []
    for total in range(MAX_CARDS + 1):  # SUFFIX numbers the low vectors of each total in the order used below
        lows = _vectors(LOW_RANKS, total)
        assert all(suffix[_key(low)] == i for i, low in enumerate(lows))
    for n in range(5, MAX_CARDS + 1):
        for hsum in range(min(n, 4 * high_ranks) + 1):
            lows = _vectors(LOW_RANKS, n - hsum)
            for high in _vectors(high_ranks, hsum):
                prefix[n, _key(high)] = len(noflush)
                noflush.extend(values[nonflush_key(low + high)] for low in lows)
    flush = np.zeros(1 << 13, dtype=np.int32)
    for mask in range(1 << 13):
        if bin(mask).count("1") >= 5:
            flush[mask] = values[flush_key(mask)]
    keys = all_keys()
    category_of = np.full(len(keys) + 1, -1, dtype=np.int32)
    floor = np.zeros(9, dtype=np.int32)
    for i, (cat, _) in enumerate(reversed(keys)):
        value = len(keys) - i
        category_of[value] = cat
        floor[cat] = value
    return {
        "card_key": card_keys(),
        "flush": flush,
        "noflush": np.array(noflush, dtype=np.int32),
        "prefix": prefix,
        "suffix": suffix,
        "category_of": category_of,
        "category_floor": floor,
    }


def cache_dir() -> Path:
    """Where pokerlab caches tables: ``$POKERLAB_CACHE_DIR`` or ``~/.cache/pokerlab``."""
    return _cache.cache_dir()


@cache
def tables() -> Tables:
    """Load the tables from the disk cache, building (about a second) if needed.

    A cache file that is unreadable or fails its checksum is rebuilt, never
    trusted.
    """
    path = cache_dir() / f"evaluator-v{TABLE_VERSION}-f{_cache.FORMAT}.npz"
    provenance = {"kind": "pokerlab evaluator tables", "table_version": TABLE_VERSION}
    names = ("card_key", "flush", "noflush", "prefix", "suffix", "category_of", "category_floor")
    arrays = _cache.load(path, provenance, names)
    if arrays is not None and arrays["noflush"].shape != (73775,):  # pragma: no cover - digest and version agree
        arrays = None
    if arrays is None:
        arrays = _build()
        _cache.save(path, arrays, provenance)
    for a in arrays.values():
        a.setflags(write=False)
    return Tables(**arrays)
