"""Every bot returns a legal action in every state: N hands per bot per preset against random bots.

For each bot in ``pokerlab.bots.names()`` and each preset, heads-up and (where the
preset seats more) 6-handed with random opponents, plays ``--hands`` hands and
counts faults (exceptions, illegal actions, timeouts). Exits 1 if any bot faults.

    python benchmarks/soak_bots.py --hands 10000
"""

from __future__ import annotations

import argparse
import sys
import time

from _common import record

from pokerlab import bots
from pokerlab.game import PRESETS, play_match


def configs():
    for preset_name, rules in PRESETS.items():
        sizes = [2] + ([6] if rules.max_players >= 6 else [])
        for n in sizes:
            yield preset_name, rules.with_(reset_stacks=True), n


SPECS = {"push_fold": "push_fold:deep=random"}
"""How a bot is made for the soak when not by its name alone. push_fold plays its equilibrium at 20 big blinds
or less and hands every other decision to its ``deep`` bot (phase3 by default, soaked on its own): with random
as the deep bot, its 10,000 hands a preset test push_fold's own choices (which stacks, streets and rules it
plays itself) without playing phase3's soak a second time (51 s of the suite on 2026-11-28)."""


def soak(hands: int, names=None, seed: int = 0, verbose: bool = False, totals: dict | None = None) -> list[str]:
    """Faults found (one line each); ``totals``, if given, counts the hands played and the faults."""
    problems = []
    for name in names or bots.names():
        for preset_name, rules, n in configs():
            seeded = name in ("random", "phase2", "phase3", "rembrant", "push_fold")
            lineup = [bots.make(SPECS.get(name, name), **({"seed": seed} if seeded else {}))]
            lineup += [bots.make("random", seed=seed + k + 1) for k in range(n - 1)]
            t = time.perf_counter()
            result = play_match(lineup, rules, hands=hands, seed=seed)
            faults = [f for f in result.faults if f.bot == lineup[0].name]
            if totals is not None:
                totals["hands"] = totals.get("hands", 0) + result.hands
                totals["faults"] = totals.get("faults", 0) + len(faults)
                totals["matches"] = totals.get("matches", 0) + 1
            if verbose:
                print(
                    f"{name:<13} {preset_name:<22} {n:>2} players: {result.hands:>6} hands, "
                    f"{len(faults)} faults, {result.hands / (time.perf_counter() - t):,.0f} hands/s",
                    flush=True,
                )
            if faults:
                problems.append(f"{name} under {preset_name} ({n} players): {faults[0].kind}: {faults[0].message}")
    return problems


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=10_000)
    args = parser.parse_args()
    totals: dict = {}
    start = time.perf_counter()
    problems = soak(args.hands, verbose=True, totals=totals)
    seconds = time.perf_counter() - start
    summary = (
        f"`python benchmarks/soak_bots.py --hands {args.hands}` plays {args.hands:,} hands of every bot against "
        "random bots under every preset, heads-up and six-handed (where the preset seats six): "
        f"{totals['hands']:,} hands of the {len(bots.names())} bots in {totals['matches']} matches, "
        f"{totals['faults']} faults, {seconds:,.0f} s"
    )
    record("soak_bots", measured={**totals, "hands_each": args.hands, "seconds": seconds}, blocks={"summary": summary})
    for p in problems:
        print(p, file=sys.stderr)
    raise SystemExit(1 if problems else 0)


if __name__ == "__main__":
    main()
