"""All nine of Papp's income-rate tables (2 to 10 players), simulated with a process pool, timed.

``preflop.expert_table(players, "income_rate", games=N)`` plays ``N`` seeded games per class (169
classes), everyone calling to the showdown; the nine tables are what ``pokerlab reproduce`` rebuilds.
No peer (the preflop rows of ``bench_preflop.py`` compare the same simulator with an eval7 loop). Run:

    python benchmarks/bench_income_rate.py [--games 100000] [--workers 2]
"""

from __future__ import annotations

import argparse
import time
from concurrent.futures import ProcessPoolExecutor

from _common import record

from pokerlab import preflop

PLAYERS = range(2, 11)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100_000, help="games per class and table (default 100,000)")
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    preflop.simulate_table(4, games=100, seed=1, progress=False)  # load the compiled kernel
    seconds = {}
    with ProcessPoolExecutor(args.workers) as pool:
        start = time.perf_counter()
        for n in PLAYERS:
            t = time.perf_counter()
            preflop.expert_table(n, "income_rate", games=args.games, executor=pool, progress=False)
            seconds[n] = time.perf_counter() - t
            print(f"{n:>2} players: {seconds[n]:.1f} s")
        total = time.perf_counter() - start
    games = 169 * args.games * len(PLAYERS)
    print(f"all {len(PLAYERS)} tables, {games:,} games: {total:.0f} s on {args.workers} workers")
    row = {
        "what": (
            f"all nine income-rate tables, 2..10 players, {args.games:,} games per class "
            f"({games / 1e6:,.0f} M games), {args.workers} workers"
        ),
        "pokerlab": f"{total:.0f} s",
        "peer": "",
        "ratio": "",
        "target": "",
    }
    record("bench_income_rate", [row], {"games_per_class": args.games, "seconds": seconds, "total_s": total})


if __name__ == "__main__":
    main()
