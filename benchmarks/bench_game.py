"""Game engine speed: always-call hands per second, pokerlab against pokerkit in the same run.

Both play complete no-limit hands (blinds 1/2, stacks 200) where every
player checks or calls to the showdown, heads-up and 10-handed; pokerkit
with its automations for posting, dealing, showdown and pot pushing. The
issue's aim is 20x. Also reports play_match throughput with bots. Run:

    python benchmarks/bench_game.py [--seconds 3]
"""

from __future__ import annotations

import argparse
import time

from _common import record, require_peer

from pokerlab import bots
from pokerlab.game import NO_LIMIT_RING, Call, play_match


def rate(fn, seconds: float) -> float:
    fn(0)
    t = time.perf_counter()
    k = 0
    while time.perf_counter() - t < seconds:
        fn(k)
        k += 1
    return k / (time.perf_counter() - t)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0)
    args = parser.parse_args()
    pokerkit = require_peer("pokerkit")
    a = pokerkit.Automation
    autos = (
        a.ANTE_POSTING, a.BET_COLLECTION, a.BLIND_OR_STRADDLE_POSTING, a.CARD_BURNING, a.HOLE_DEALING,
        a.BOARD_DEALING, a.HOLE_CARDS_SHOWING_OR_MUCKING, a.HAND_KILLING, a.CHIPS_PUSHING, a.CHIPS_PULLING,
    )  # fmt: skip
    rows, measured = [], {}
    for n in (2, 10):

        def theirs(_k: int, n: int = n) -> None:
            st = pokerkit.NoLimitTexasHoldem.create_state(autos, True, 0, (1, 2), 2, (200,) * n, n)
            while st.status:
                st.check_or_call()

        def ours(k: int, n: int = n) -> None:
            h = NO_LIMIT_RING.new_hand([200] * n, button=0, seed=k)
            while not h.is_over:
                h.apply(Call())

        r_ours, r_theirs = rate(ours, args.seconds), rate(theirs, args.seconds)
        print(
            f"{n:>2} players, always call: pokerlab {r_ours:8,.0f} hands/s, pokerkit {r_theirs:6,.0f} hands/s"
            f" -> {r_ours / r_theirs:5.1f}x (aim 20x)"
        )
        rows.append(
            {
                "what": f"game engine, always-call hands {'heads-up' if n == 2 else f'{n}-handed'}",
                "pokerlab": f"{r_ours:,.0f} hands/s",
                "peer": f"pokerkit: {r_theirs:,.0f} hands/s",
                "ratio": f"**{r_ours / r_theirs:.1f}x**",
                "target": "aim 20x",
            }
        )
        measured[f"{n} players"] = {"pokerlab_hands_per_s": r_ours, "pokerkit_hands_per_s": r_theirs}
    for n in (2, 10):
        t = time.perf_counter()
        play_match(
            [bots.make("always_call") for _ in range(n)], NO_LIMIT_RING.with_(reset_stacks=True), hands=3000, seed=1
        )
        print(f"{n:>2} players, play_match with always-call bots: {3000 / (time.perf_counter() - t):,.0f} hands/s")
    record("bench_game", rows, measured)


if __name__ == "__main__":
    main()
