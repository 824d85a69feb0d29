"""Small helpers shared by the benchmark scripts (timing, peers, printing)."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable


def best_of(fn: Callable[[], object], repeat: int = 5) -> float:
    """The fastest of ``repeat`` runs, in seconds (after one warm-up call)."""
    fn()
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return min(times)


def median_of(fn: Callable[[], object], repeat: int = 5) -> float:
    fn()
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return statistics.median(times)


def require_peer(name: str):
    try:
        return __import__(name)
    except ImportError:
        raise SystemExit(f"{name} is needed for this comparison: pip install -e '.[test]'") from None
