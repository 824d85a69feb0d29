"""Hands per second for each pair of the sources' bots, heads-up no-limit (the Waterloo report's rules, stacks reset).

The issue's target: Phase II against Phase II at least 200 hands per second.

    python benchmarks/bench_bots.py [--hands 2000]
"""

from __future__ import annotations

import argparse
import itertools
import time

from _common import record

from pokerlab.bots import make as make_bot
from pokerlab.game import NO_LIMIT_RING, play_match

BOTS = ["phase1", "phase2", "phase3", "rembrant", "random"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=2000)
    args = parser.parse_args()
    rules = NO_LIMIT_RING.with_(reset_stacks=True, max_players=2, default_players=2)
    play_match([make_bot("phase2", seed=1), make_bot("phase2", seed=2)], rules, hands=50, seed=0)  # warm the caches
    rates = {}
    for a, b in itertools.combinations_with_replacement(BOTS, 2):
        bot_a, bot_b = make_bot(a, seed=1), make_bot(b, seed=2)
        if bot_a.name == bot_b.name:
            bot_b.name += " (2)"
        t = time.perf_counter()
        play_match([bot_a, bot_b], rules, hands=args.hands, seed=3)
        rate = args.hands / (time.perf_counter() - t)
        rates[f"{a} vs {b}"] = rate
        mark = "  (target >= 200)" if (a, b) == ("phase2", "phase2") else ""
        print(f"{a:>9} vs {b:<9} {rate:8,.0f} hands/s{mark}")
    slow = min(rates, key=rates.__getitem__)
    slowest = (
        "the slowest pair" if slow == "phase2 vs phase2" else f"the slowest pair ({slow}) {rates[slow]:,.0f} hands/s"
    )
    summary = (
        f"`python benchmarks/bench_bots.py --hands {args.hands}` times every pair heads-up; Phase II against "
        f"Phase II plays {rates['phase2 vs phase2']:,.0f} hands/s (target 200), {slowest}"
    )
    record("bench_bots", measured={"hands": args.hands, "hands_per_s": rates}, blocks={"summary": summary})


if __name__ == "__main__":
    main()
