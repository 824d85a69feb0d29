"""BPP's inference and play speed: pgmpy's variable elimination against pokerlab's numpy paths.

Prints the time of one P(win) query by pgmpy, by ``BPPNetwork.query(engine="numpy")`` and by the
bot's precomputed path, with the ratios, then hands per second of BPP heads-up under the AAAI'06
limit rules against each opponent.

    python benchmarks/bench_bpp.py [--queries 300] [--hands 2000]
"""

from __future__ import annotations

import argparse
import time

from _common import record

from pokerlab import bots
from pokerlab.bpp import build_network
from pokerlab.game import AAAI06_HEADS_UP_LIMIT, play_match, view_for


def per_call(fn, n: int) -> float:
    fn()
    t = time.perf_counter()
    for _ in range(n):
        fn()
    return (time.perf_counter() - t) / n


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--queries", type=int, default=300)
    parser.add_argument("--hands", type=int, default=2000)
    args = parser.parse_args()

    t = time.perf_counter()
    net = build_network("flop")
    print(f"build_network('flop') (counts cached): {time.perf_counter() - t:.2f} s")
    t = time.perf_counter()
    net.model  # noqa: B018 - imports pgmpy and builds the model
    print(f"pgmpy import + model: {time.perf_counter() - t:.2f} s")
    evidence = {"BPP_Current": "busted_A", "Board": "busted_TJ", "OPP_Action": "raise"}
    pg = per_call(lambda: net.query("BPP_Win", evidence), args.queries)
    npq = per_call(lambda: net.query("BPP_Win", evidence, engine="numpy"), args.queries)
    bot = bots.make("bpp", seed=1)
    state = AAAI06_HEADS_UP_LIMIT.new_hand([1000, 1000], button=0, seed=1)
    view = view_for(state, state.actor)
    fast = per_call(lambda: bot.p_win(view), args.queries * 10)
    print(f"P(win) query: pgmpy {pg * 1e3:.2f} ms, numpy {npq * 1e3:.3f} ms ({pg / npq:.1f}x pgmpy), ")
    print(f"              bot path {fast * 1e6:.1f} us ({pg / fast:.0f}x pgmpy)")

    rates = {}
    for opp in ["always_call", "random", "phase2", "rembrant", "bpp"]:
        a = bots.make("bpp", seed=1)
        b = bots.make(opp, **({"seed": 2} if opp not in ("always_call",) else {}))
        if opp == "bpp":
            b.name = "bpp (2)"
        t = time.perf_counter()
        play_match([a, b], AAAI06_HEADS_UP_LIMIT, hands=args.hands, seed=3)
        rates[opp] = args.hands / (time.perf_counter() - t)
        print(f"bpp vs {opp:<12} {rates[opp]:8,.0f} hands/s")
    rows = [
        {
            "what": "BPP: one P(win) query on the flop network",
            "pokerlab": f"numpy {npq * 1e3:.2f} ms; the bot's precomputed path {fast * 1e6:.0f} µs",
            "peer": f"pgmpy variable elimination: {pg * 1e3:.2f} ms",
            "ratio": f"**{pg / npq:.1f}x** / **{pg / fast:.0f}x**",
            "target": '"at once"',
        },
        {
            "what": f"BPP heads-up limit play, {args.hands:,} hands a match",
            "pokerlab": ", ".join(f"{rate:,.0f} hands/s vs {opp}" for opp, rate in rates.items()),
            "peer": "",
            "ratio": "",
            "target": "",
        },
    ]
    measured = {"pgmpy_s": pg, "numpy_s": npq, "bot_s": fast, "hands_per_s": rates}
    record("bench_bpp", rows, measured)


if __name__ == "__main__":
    main()
