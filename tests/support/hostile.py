"""Cells of hostile submissions, shared by the grading tests and the class benchmark
(``benchmarks/bench_grade_class.py``), so that both grade the same attack."""

from __future__ import annotations

_FORK_BOMB = """
import os, time
n = 0
while n < 100000:
    try:
        pid = os.fork()
    except OSError:
        break
    if pid == 0:
        time.sleep({seconds})
        os._exit(0)
    n += 1
"""


def fork_bomb(child_seconds: int) -> str:
    """A cell that forks until the kernel is refused a process (100,000 children at most), each child sleeping
    ``child_seconds`` before it exits; ``n`` then holds how many it started."""
    return _FORK_BOMB.format(seconds=child_seconds)
