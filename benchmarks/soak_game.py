"""Soak test: many hands across every preset with random bots, checking invariants after each.

Checks after every hand: chips conserved, no negative stack, every chip put
in paid out, no card dealt twice, complete raises within the cap. Exits 1 on
the first failure (printing the hand as PHH), 0 otherwise. Run:

    python benchmarks/soak_game.py --hands 100000
"""

from __future__ import annotations

import argparse
import random
import sys
import time

from _common import record

from pokerlab.game import PRESETS, Act, AwardPot, Street


def check(h, start) -> str | None:
    if sum(h.final_stacks) != start:
        return "chips not conserved"
    if any(s < 0 for s in h.final_stacks):
        return "negative stack"
    if sum(e.amount for e in h.events if isinstance(e, AwardPot)) != sum(h.total):
        return "pots do not add up"
    cards = [c for hole in h.hole for c in hole] + h.board
    if len(set(cards)) != len(cards):
        return "a card was dealt twice"
    for street in Street:
        cap = h.rules.raise_cap[street.index]
        if cap is not None:
            made = sum(
                1 for e in h.events if isinstance(e, Act) and e.street == street and e.kind.aggressive and e.complete
            )
            if made > cap - (1 if street is Street.PREFLOP else 0):
                return "raise cap exceeded"
    return None


def soak(hands: int, seed: int = 0) -> int:
    rng = random.Random(seed)
    presets = list(PRESETS.values())
    for i in range(hands):
        rules = presets[i % len(presets)]
        n = rng.randint(rules.min_players, rules.max_players)
        stacks = [rng.randint(rules.big_blind + rules.ante + 1, 3 * rules.starting_stack) for _ in range(n)]
        h = rules.new_hand(stacks, button=rng.randrange(n), seed=rng.randrange(2**32), hand_number=rng.randrange(60))
        steps = 0
        while not h.is_over:
            h.apply(h.random_action(rng))
            steps += 1
            if steps > 500:
                print(f"hand {i} did not end", file=sys.stderr)
                return 1
        problem = check(h, sum(stacks))
        if problem:
            print(f"hand {i}: {problem}\n{h.to_phh()}", file=sys.stderr)
            return 1
    return 0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    t = time.perf_counter()
    code = soak(args.hands, args.seed)
    if code == 0:
        seconds = time.perf_counter() - t
        print(f"{args.hands:,} hands, 0 invariant failures, {seconds:.1f} s")
        row = {
            "what": f"soak: {args.hands:,} random hands across the {len(PRESETS)} presets",
            "pokerlab": f"{seconds:.0f} s, 0 invariant failures",
            "peer": "",
            "ratio": "",
            "target": "",
        }
        record("soak_game", [row], {"hands": args.hands, "seconds": seconds, "seed": args.seed})
    raise SystemExit(code)


if __name__ == "__main__":
    main()
