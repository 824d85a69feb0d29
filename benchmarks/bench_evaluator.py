"""Batch 7-card evaluation: pokerlab.evaluate_batch against eval7.evaluate called per hand.

Both evaluate the same 1,000,000 random 7-card hands in the same run. The
issue's target is a ratio of at least 10 (aim 20). Run:

    python benchmarks/bench_evaluator.py [--hands N]
"""

from __future__ import annotations

import argparse
import time

import numpy as np
from _common import best_of, require_peer

import pokerlab as pl
from pokerlab.cards import Card


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=1_000_000)
    args = parser.parse_args()
    eval7 = require_peer("eval7")

    rng = np.random.default_rng(2026)
    hands = np.argsort(rng.random((args.hands, 52)), axis=1)[:, :7].astype(np.int64)
    t = time.perf_counter()
    pl.evaluate_batch(hands[:10])
    first = time.perf_counter() - t

    ours_checked = best_of(lambda: pl.evaluate_batch(hands))
    ours_fast = best_of(lambda: pl.evaluate_batch(hands, validate=False))

    deck = [eval7.Card(str(Card(i))) for i in range(52)]
    peer_hands = [[deck[i] for i in row] for row in hands.tolist()]
    evaluate = eval7.evaluate

    def peer() -> None:
        for h in peer_hands:
            evaluate(h)

    theirs = best_of(peer, repeat=3)
    n = args.hands
    print(f"hands: {n:,} random 7-card hands (seed 2026)")
    print(f"first call (load tables, compiled kernel from cache or compile): {first:.2f} s")
    print(
        f"pokerlab evaluate_batch, validated:   {ours_checked * 1e3:8.1f} ms  {n / ours_checked / 1e6:7.1f} M hands/s"
    )
    print(f"pokerlab evaluate_batch, unvalidated: {ours_fast * 1e3:8.1f} ms  {n / ours_fast / 1e6:7.1f} M hands/s")
    print(f"eval7.evaluate, one call per hand:    {theirs * 1e3:8.1f} ms  {n / theirs / 1e6:7.1f} M hands/s")
    print(f"ratio (validated):   {theirs / ours_checked:5.1f}x   (target >= 10x, aim 20x)")
    print(f"ratio (unvalidated): {theirs / ours_fast:5.1f}x")


if __name__ == "__main__":
    main()
