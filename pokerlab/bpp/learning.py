"""Counting BPP's tables from seeded simulated deals, cached on disk with provenance.

One **deal** is two random hole-card pairs and a random five-card board.
For every deal pokerlab records, for both players (the game is symmetric,
so each deal counts twice, once from each seat):

* the final type after all seven cards, and the pair (own final, other's final);
* the showdown: a win scores 1, a tie 1/2 (so P(BPP_Win | finals) counts ties half);
* per round, the type of the cards held so far (2, 5, 6, 7 cards) against the final type;
* per round, the type of the board alone (0, 3, 4, 5 cards) against that current type.

The counts are 17-type counts; the 9-type network merges them. They are
pure functions of ``(deals, seed)``: the same numbers on every machine. The
file ``bpp-v1-d{deals}-s{seed}-f2.npz`` in the cache directory holds them with
a sha256 digest and a provenance record; a file that is unreadable, fails
its digest or was made with other parameters is rebuilt, never trusted.

The default counts (400,000 deals, seed 2026: the network every ``pokerlab bpp``
and lesson builds) ship with the package as the same kind of file,
:data:`SHIPPED`, so a fresh install answers at once instead of counting for
seconds (and compiling the batch evaluator) on its first run; it is checked
like any cache file, and ``tests/project/test_cold_starts.py`` holds it equal to a new
simulation. Regenerate it after a change to the counting or the hand types:
``python -c "from pokerlab.bpp import learning; learning._write_shipped()"``.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from pokerlab import _cache, _progress
from pokerlab._cache import FORMAT
from pokerlab._tables import cache_dir
from pokerlab._validate import flag, seed as check_seed, whole
from pokerlab._version import __version__
from pokerlab.bpp.handtypes import types_of_ids
from pokerlab.errors import ParameterError
from pokerlab.evaluator import evaluate_batch
from pokerlab.streets import BOARD_SIZES

__all__ = ["DEFAULT_DEALS", "DEFAULT_SEED", "DealCounts", "cache_path", "deal_counts", "simulate_counts"]

COUNTS_VERSION = 1
DEFAULT_DEALS = 400_000
MAX_DEALS = 2_000_000_000
DEFAULT_SEED = 2026
_CHUNK = 100_000
T = 17


@dataclass(frozen=True)
class DealCounts:
    """Counts over ``deals`` simulated deals (17 types; both seats counted).

    ``final[f]``: final types. ``final_pair[f, g]``: own final f, the
    other's final g. ``win2[f, g]``: twice the showdown score of the player
    with final f against final g (win 2, tie 1). ``current[r, f, c]``:
    current type c on round r (0 = preflop) for final f. ``board[r, c, b]``:
    board type b on round r for current type c (on the preflop every board
    is type 0, ``none``).
    """

    deals: int
    seed: int
    final: np.ndarray
    final_pair: np.ndarray
    win2: np.ndarray
    current: np.ndarray
    board: np.ndarray
    provenance: dict[str, Any]

    def arrays(self) -> dict[str, np.ndarray]:
        return {
            "final": self.final,
            "final_pair": self.final_pair,
            "win2": self.win2,
            "current": self.current,
            "board": self.board,
        }


def _deal_cards(rng: np.random.Generator, m: int) -> np.ndarray:
    """m uniformly random sets of 9 distinct cards, in uniformly random order."""
    keys = rng.random((m, 52))
    idx = np.argpartition(keys, 8, axis=1)[:, :9]
    order = np.argsort(np.take_along_axis(keys, idx, axis=1), axis=1)
    return np.take_along_axis(idx, order, axis=1).astype(np.int64)


def _count_chunk(cards: np.ndarray, acc: dict[str, np.ndarray]) -> None:

    holes = (cards[:, 0:2], cards[:, 2:4])
    board = cards[:, 4:9]
    sizes = BOARD_SIZES
    board_types = [np.zeros(len(cards), dtype=np.int64)] + [types_of_ids(board[:, :s]) for s in sizes[1:]]
    values = [evaluate_batch(np.hstack([h, board]), validate=False) for h in holes]
    finals = [types_of_ids(np.hstack([h, board])) for h in holes]
    flat = T * T
    for me, other in ((0, 1), (1, 0)):
        f, g = finals[me], finals[other]
        acc["final"] += np.bincount(f, minlength=T)
        acc["final_pair"] += np.bincount(f * T + g, minlength=flat).reshape(T, T)
        score = 2 * (values[me] > values[other]) + (values[me] == values[other])
        acc["win2"] += np.bincount(f * T + g, weights=score, minlength=flat).reshape(T, T).astype(np.int64)
        for r, s in enumerate(sizes):
            cur = finals[me] if s == 5 else types_of_ids(np.hstack([holes[me], board[:, :s]]))
            acc["current"][r] += np.bincount(f * T + cur, minlength=flat).reshape(T, T)
            acc["board"][r] += np.bincount(cur * T + board_types[r], minlength=flat).reshape(T, T)


def _check_args(deals: int, seed: int) -> tuple[int, int]:
    deals = whole(deals, "deals", lo=1000, message="deals must be a whole number of at least 1000")
    if deals > MAX_DEALS:
        raise ParameterError(f"deals must be at most {MAX_DEALS:,} (about an hour of counting), not {deals!r}")
    return int(deals), check_seed(seed, optional=False)


def simulate_counts(deals: int = DEFAULT_DEALS, seed: int = DEFAULT_SEED, *, progress: bool = False) -> DealCounts:
    """Count every table BPP learns over ``deals`` seeded random deals (no cache).

    About a second per 400,000 deals on one core.
    """
    deals, seed = _check_args(deals, seed)
    flag(progress, "progress")
    start = time.perf_counter()
    acc = {
        "final": np.zeros(T, dtype=np.int64),
        "final_pair": np.zeros((T, T), dtype=np.int64),
        "win2": np.zeros((T, T), dtype=np.int64),
        "current": np.zeros((4, T, T), dtype=np.int64),
        "board": np.zeros((4, T, T), dtype=np.int64),
    }
    rng = np.random.default_rng(seed)
    chunks = [min(_CHUNK, deals - i) for i in range(0, deals, _CHUNK)]
    bar = None
    if progress:
        bar = _progress.bar(deals, "BPP deals", "deal", unit_scale=True)
    for m in chunks:
        _count_chunk(_deal_cards(rng, m), acc)
        if bar is not None:
            bar.update(m)
    if bar is not None:
        bar.close()

    provenance = {
        "what": "BPP table counts: 17 hand types, both seats of every deal",
        "deals": deals,
        "seed": seed,
        "generator": "numpy.random.default_rng(seed), 9 distinct cards per deal",
        "pokerlab": __version__,
        "numpy": np.__version__,
        "counts_version": COUNTS_VERSION,
        "seconds": round(time.perf_counter() - start, 2),
        "created": time.strftime("%Y-%m-%dT%H:%M:%S%z"),
    }
    return DealCounts(deals=deals, seed=seed, provenance=provenance, **acc)


SHIPPED = Path(__file__).with_name(f"bpp-v{COUNTS_VERSION}-d{DEFAULT_DEALS}-s{DEFAULT_SEED}-f{FORMAT}.npz")
"""The default counts as shipped in the package (package data beside this module)."""


def cache_path(deals: int = DEFAULT_DEALS, seed: int = DEFAULT_SEED) -> Path:
    """Where the counts for ``(deals, seed)`` are cached."""

    return cache_dir() / f"bpp-v{COUNTS_VERSION}-d{deals}-s{seed}-f{FORMAT}.npz"


def _check(counts: DealCounts) -> str | None:
    """Why these counts cannot be right, or None."""
    two = 2 * counts.deals
    if counts.final.sum() != two or counts.final_pair.sum() != two:
        return "the final counts do not add up to two per deal"
    if counts.win2.sum() != two or (counts.win2 > 2 * counts.final_pair).any():
        return "the showdown scores do not add up"
    for r in range(4):
        if counts.current[r].sum() != two or counts.board[r].sum() != two:
            return f"round {r} counts do not add up to two per deal"
    return None


_NAMES = ("final", "final_pair", "win2", "current", "board")
_SHAPES = {"final": (T,), "final_pair": (T, T), "win2": (T, T), "current": (4, T, T), "board": (4, T, T)}


def _expected(deals: int, seed: int) -> dict[str, object]:
    return {"deals": deals, "seed": seed, "counts_version": COUNTS_VERSION}


def _load(path: Path, deals: int, seed: int) -> DealCounts | None:
    """The cached counts, or None (missing; or unusable, after one warning)."""

    arrays = _cache.load(path, _expected(deals, seed), _NAMES)
    if arrays is None:
        return None
    with np.load(path, allow_pickle=False) as data:
        provenance = json.loads(str(data["provenance"]))
    problem = None
    if any(arrays[k].shape != s or arrays[k].dtype != np.int64 for k, s in _SHAPES.items()):
        problem = "its tables have the wrong shape"
    else:
        counts = DealCounts(deals=deals, seed=seed, provenance=provenance, **arrays)
        problem = _check(counts)
    if problem is not None:
        _cache.warn(f"the cache file {path} is unusable ({problem}); rebuilding it")
        return None
    return counts


_MEMO: dict[tuple[int, int], DealCounts] = {}


def deal_counts(deals: int = DEFAULT_DEALS, seed: int = DEFAULT_SEED, *, progress: bool = False) -> DealCounts:
    """The counts for ``(deals, seed)``: from memory, from the disk cache, or simulated and cached.

    A cached file is used only if its digest, its parameters and its
    totals check out; otherwise it is rebuilt (with a warning) and
    rewritten.
    """
    deals, seed = _check_args(deals, seed)
    flag(progress, "progress")
    key = (deals, seed)
    if key in _MEMO:
        return _MEMO[key]
    path = cache_path(deals, seed)
    counts = _load(SHIPPED, deals, seed) if key == (DEFAULT_DEALS, DEFAULT_SEED) else None
    if counts is None:
        counts = _load(path, deals, seed)
    if counts is None:
        counts = simulate_counts(deals, seed, progress=progress)
        problem = _check(counts)
        if problem is not None:  # pragma: no cover - a bug, not bad input
            raise RuntimeError(f"simulated BPP counts are inconsistent: {problem}")
        _cache.save(path, counts.arrays(), {**counts.provenance, **_expected(deals, seed)})
    for a in counts.arrays().values():
        a.setflags(write=False)
    _MEMO[key] = counts
    return counts


def _write_shipped() -> Path:
    """Simulate the default counts afresh and write them to :data:`SHIPPED` (for maintainers; see the module doc)."""
    counts = simulate_counts(DEFAULT_DEALS, DEFAULT_SEED)
    problem = _check(counts)
    if problem is not None:  # pragma: no cover - a bug, not bad input
        raise RuntimeError(f"simulated BPP counts are inconsistent: {problem}")
    provenance = {k: v for k, v in counts.provenance.items() if k not in ("seconds", "created")}
    _cache.save(SHIPPED, counts.arrays(), {**provenance, **_expected(DEFAULT_DEALS, DEFAULT_SEED)})
    return SHIPPED
