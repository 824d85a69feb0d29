"""Small helpers shared by the benchmark scripts (timing, peers, printing)."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable


def _times(fn: Callable[[], object], repeat: int) -> list[float]:
    fn()  # warm up
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return times


def best_of(fn: Callable[[], object], repeat: int = 5) -> float:
    """The fastest of ``repeat`` runs, in seconds (after one warm-up call)."""
    return min(_times(fn, repeat))


def median_of(fn: Callable[[], object], repeat: int = 5) -> float:
    """The median of ``repeat`` runs, in seconds (after one warm-up call)."""
    return statistics.median(_times(fn, repeat))


def require_peer(name: str):
    try:
        return __import__(name)
    except ImportError:
        raise SystemExit(f"{name} is needed for this comparison: pip install -e '.[test]'") from None
