"""Preflop tables: pokerlab against a straightforward loop over eval7, in the same run.

* a 10,000-game simulation table at 4 players (1,690,000 games), one core;
* Papp's 1,000,000 games per class at 4 players (169,000,000 games), a process pool;
* the exact heads-up table (169 classes x 2,097,572,400 cases), a process pool.

The eval7 loop deals each game with ``random.sample`` and calls ``eval7.evaluate``
per player; it is timed on a sample of games and its rate extrapolated. Run:

    python benchmarks/bench_preflop.py [--workers 2] [--skip-papp] [--skip-exact]
"""

from __future__ import annotations

import argparse
import random
import time
from concurrent.futures import ProcessPoolExecutor

from _common import record, require_peer

from pokerlab import preflop
from pokerlab.cards import Card, hand_classes


def eval7_games_per_second(players: int, games: int = 30_000) -> float:
    eval7 = require_peer("eval7")
    deck = [eval7.Card(str(Card(i))) for i in range(52)]
    rng = random.Random(1)
    classes = hand_classes()
    t = time.perf_counter()
    wins = 0.0
    for g in range(games):
        hc = classes[g % 169]
        a, b = hc.combos[rng.randrange(hc.n_combos)]
        rest = [c for i, c in enumerate(deck) if i not in (a.id, b.id)]
        dealt = rng.sample(rest, 2 * (players - 1) + 5)
        board = dealt[-5:]
        ours = eval7.evaluate([deck[a.id], deck[b.id], *board])
        best = max(eval7.evaluate([dealt[2 * k], dealt[2 * k + 1], *board]) for k in range(players - 1))
        wins += ours > best
    return games / (time.perf_counter() - t)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--skip-papp", action="store_true")
    parser.add_argument("--skip-exact", action="store_true")
    args = parser.parse_args()

    preflop.simulate_table(4, games=100, seed=1, progress=False)  # load the compiled kernel
    t = time.perf_counter()
    preflop.simulate_table(4, games=10_000, seed=2026, progress=False)
    ours = time.perf_counter() - t
    rate = eval7_games_per_second(4)
    peer = 1_690_000 / rate
    rows = [
        {
            "what": "10,000-game simulation table, 4 players (1.69 M games), one core",
            "pokerlab": f"{ours:.2f} s",
            "peer": f"eval7 loop: {peer:.0f} s (extrapolated)",
            "ratio": f"**{peer / ours:.0f}x**",
            "target": "seconds",
        }
    ]
    measured = {"table_s": ours, "eval7_games_per_s": rate}
    print(
        f"10,000-game table, 4 players (1.69 M games), one core: pokerlab {ours:.2f} s,"
        f" eval7 loop {peer:.0f} s (extrapolated from {rate:,.0f} games/s) -> {peer / ours:.0f}x"
    )

    if not args.skip_papp:
        with ProcessPoolExecutor(args.workers) as pool:
            t = time.perf_counter()
            preflop.simulate_table(4, games=1_000_000, seed=2026, executor=pool, progress=False)
            papp = time.perf_counter() - t
        print(
            f"Papp's 1,000,000 games per class, 4 players (169 M games), {args.workers} workers: pokerlab"
            f" {papp:.0f} s, eval7 loop {169_000_000 / rate / 3600:.1f} h on one core -> "
            f"{169_000_000 / rate / papp:.0f}x"
        )
        rows.append(
            {
                "what": f"Papp's 1,000,000 games per class, 4 players (169 M games), {args.workers} workers",
                "pokerlab": f"{papp:.0f} s",
                "peer": f"eval7 loop: {169_000_000 / rate / 3600:.1f} h on one core",
                "ratio": f"**{169_000_000 / rate / papp:.0f}x**",
                "target": "minutes",
            }
        )
        measured["papp_s"] = papp

    if not args.skip_exact:
        with ProcessPoolExecutor(args.workers) as pool:
            t = time.perf_counter()
            preflop.exact_heads_up_table(executor=pool, progress=False)
            exact = time.perf_counter() - t
        eval_rate = eval7_games_per_second(2, 20_000) * 2  # evaluations per second
        naive = 169 * 2_097_572_400 * 2 / eval_rate
        print(
            f"exact heads-up table (169 x 2,097,572,400 cases), {args.workers} workers: pokerlab {exact:.0f} s,"
            f" a class-by-class eval7 enumeration {naive / 86400:.1f} days -> {naive / exact:,.0f}x"
            " (the Waterloo report says 7 days)"
        )
        rows.append(
            {
                "what": f"exact heads-up table, 169 x 2,097,572,400 cases, {args.workers} workers",
                "pokerlab": f"{exact:.0f} s",
                "peer": f"eval7 class-by-class: {naive / 86400:.0f} days (est.); the Waterloo report: 7 days",
                "ratio": f"**{naive / exact:,.0f}x**",
                "target": "about a minute",
            }
        )
        measured["exact_s"] = exact
    record("bench_preflop", rows, measured)


if __name__ == "__main__":
    main()
