"""The exact 169 x 169 preflop matrix: its time, its evaluations per second, and a pairwise eval7 loop.

pokerlab evaluates the 1,081 hands of each of the 134,459 boards distinct up to
suit renaming (145 M seven-card evaluations) and counts every ordered pair of
disjoint combinations from them (1,326 x 1,225 pairs x 1,712,304 boards = 2.78
trillion showdowns). The peer is the straightforward method: every unordered
pair of combinations, every board, two ``eval7.evaluate`` calls; its rate is
measured on a sample here and extrapolated. The result is also compared with the
committed ``data/preflop_tables/exact_heads_up_matrix.csv`` byte for byte. Run:

    python benchmarks/bench_matrix.py [--workers 2]
"""

from __future__ import annotations

import argparse
import itertools
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from _common import record, require_peer

from pokerlab import preflop
from pokerlab.preflop import exact as preflop_exact, matrix as preflop_matrix

EVALUATIONS = preflop.BOARD_COUNT * 1081
SHOWDOWNS = 1326 * 1225 * preflop.BOARDS_PER_PAIR


def eval7_evaluations_per_second(boards: int = 100_000) -> float:
    eval7 = require_peer("eval7")
    hero = [eval7.Card("As"), eval7.Card("Ks")]
    villain = [eval7.Card("Ah"), eval7.Card("Kd")]
    deck = [c for c in eval7.Deck().cards if str(c) not in {"As", "Ks", "Ah", "Kd"}]
    t = time.perf_counter()
    for board in itertools.islice(itertools.combinations(deck, 5), boards):
        eval7.evaluate(hero + list(board)) > eval7.evaluate(villain + list(board))  # noqa: B015 - the work timed
    return 2 * boards / (time.perf_counter() - t)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()

    boards, weights = preflop_exact._canonical_boards()  # not timed: builds the caches, compiles the kernel
    preflop_matrix._matrix_task((boards[:2], weights[:2], preflop_matrix._class_of_combo()))
    with ProcessPoolExecutor(args.workers) as pool:
        t = time.perf_counter()
        matrix = preflop.exact_matrix(executor=pool, progress=False)
        took = time.perf_counter() - t
    with tempfile.TemporaryDirectory() as tmp:
        same = matrix.write(Path(tmp) / "m.csv").read_bytes() == (preflop.data_dir() / preflop.MATRIX_FILE).read_bytes()
    rate = eval7_evaluations_per_second()
    naive = SHOWDOWNS / 2 * 2 / rate  # unordered pairs, two evaluations each
    print(
        f"exact 169 x 169 matrix, {args.workers} workers: {took:.1f} s"
        f" ({EVALUATIONS / took / 1e6:.1f} M seven-card evaluations/s,"
        f" {SHOWDOWNS / took / 1e9:.1f} G showdowns/s counted); target < 15 min"
    )
    print(
        f"pairwise eval7 loop (every pair of combinations, every board): {naive / 86400:.0f} days on one core"
        f" at {rate / 1e6:.2f} M evaluations/s -> {naive / took:,.0f}x"
    )
    print(f"identical to the committed file: {same}")
    row = {
        "what": (
            f"exact 169 x 169 matrix ({SHOWDOWNS / 1e12:.2f} trillion showdowns counted from "
            f"{EVALUATIONS / 1e6:.0f} M evaluations), {args.workers} workers"
        ),
        "pokerlab": f"{took:.0f} s; {'byte-identical to' if same else 'DIFFERS from'} the committed file",
        "peer": f"pairwise eval7 loop: {naive / 86400:.0f} days (est.)",
        "ratio": f"**{naive / took:,.0f}x**",
        "target": "< 15 min",
    }
    record("bench_matrix", [row], {"seconds": took, "eval7_evaluations_per_s": rate, "identical": same})


if __name__ == "__main__":
    main()
