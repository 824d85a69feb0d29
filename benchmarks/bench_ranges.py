"""Range against range, exact: pokerlab against OMPEval's numbers on this machine and eval7's range function.

The issue quotes OMPEval (zekyll/OMPEval, C++, one core) measured on this
project's machine:

* ``22+,A2s+,KTs+,QTs+,JTs,ATo+,KJo+`` against
  ``22+,A2s+,K2s+,Q8s+,J8s+,T8s+,98s,A2o+,K9o+,QTo+,JTo`` on Ks 7d 2c, exactly
  (67,235,850 hand-pair runouts, equity 0.5809): 84 ms;
* AsAh against KdKc preflop (1,712,304 boards): 1.6 ms.

Nothing from OMPEval is built here; its times are constants. eval7's range
function (``py_all_hands_vs_range``, Monte Carlo per hero hand) runs in the same
process with enough iterations to be within about 0.003 of the exact answer.
Also printed: the preflop class ranges read from the exact matrix. Run:

    python benchmarks/bench_ranges.py
"""

from __future__ import annotations

from _common import best_of, require_peer

import pokerlab as pl

WIDE_A = "22+,A2s+,KTs+,QTs+,JTs,ATo+,KJo+"
WIDE_B = "22+,A2s+,K2s+,Q8s+,J8s+,T8s+,98s,A2o+,K9o+,QTo+,JTo"
OMPEVAL_FLOP_S = 0.084
OMPEVAL_PREFLOP_S = 0.0016


def eval7_flop(iterations: int) -> tuple[float, float]:
    """eval7's range function on the flop case: (seconds, equity pooled over hero hands by live opponent hands)."""
    import time

    eval7 = require_peer("eval7")
    board = [eval7.Card(c) for c in ("Ks", "7d", "2c")]
    hero, villain = eval7.HandRange(WIDE_A), eval7.HandRange(WIDE_B)
    t = time.perf_counter()
    result = eval7.py_all_hands_vs_range(hero, villain, board, iterations)
    took = time.perf_counter() - t
    used = {str(c) for c in board}
    num = den = 0.0
    for (a, b), eq in result.items():
        live = sum(1 for (c, d), _ in villain.hands if not {str(c), str(d)} & ({str(a), str(b)} | used))
        num += eq * live
        den += live
    return took, num / den


def main() -> None:
    pl.equity(WIDE_A, WIDE_B, board="Ks7d2c")  # compile, load tables
    flop = best_of(lambda: pl.equity(WIDE_A, WIDE_B, board="Ks7d2c"), repeat=5)
    e = pl.equity(WIDE_A, WIDE_B, board="Ks7d2c")
    pre = best_of(lambda: pl.equity("AsAh", "KdKc"), repeat=5)
    p = pl.equity("AsAh", "KdKc")
    pl.equity("QQ+,AKs", "JJ-88,AQo")
    classes = best_of(lambda: pl.equity("22+,A2s+,KTs+,QTs+,JTs,ATo+,KJo+", "JJ+,AKs,AKo"), repeat=5)
    e7_time, e7_eq = eval7_flop(20_000)
    print(
        f"flop, wide ranges ({e.cases:,} hand-pair runouts, equity {e.equity[0]:.4f}, exact={e.exact}):"
        f" pokerlab {flop * 1e3:.1f} ms, OMPEval {OMPEVAL_FLOP_S * 1e3:.0f} ms -> {flop / OMPEVAL_FLOP_S:.2f}x"
        f" OMPEval's time (target <= 3x); eval7 py_all_hands_vs_range, 20,000 iterations per hand,"
        f" {e7_time * 1e3:.0f} ms (equity {e7_eq:.4f}, Monte Carlo) -> pokerlab {e7_time / flop:.1f}x faster"
    )
    print(
        f"preflop AsAh vs KdKc ({p.cases:,} boards, equity {p.equity[0]:.4f}): pokerlab {pre * 1e3:.1f} ms,"
        f" OMPEval {OMPEVAL_PREFLOP_S * 1e3:.1f} ms -> {pre / OMPEVAL_PREFLOP_S:.1f}x OMPEval's time (target <= 3x)"
    )
    print(f"preflop whole-class ranges from the exact matrix (wide against JJ+,AK): pokerlab {classes * 1e3:.2f} ms")


if __name__ == "__main__":
    main()
