"""Speed of the context opponent models: collecting decisions, fitting each model, one prediction.

The issue's targets: 100,000 decisions collected in under a minute on 2
cores, each model fitted in seconds, one prediction under 1 ms. Peers timed
in the same run: the same hands played without recording (the price of the
features), and scikit-learn's own ``predict_proba`` for one row (pokerlab
evaluates the fitted network directly).

    python benchmarks/bench_context.py [--decisions 100000] [--workers 2]
"""

from __future__ import annotations

import argparse
import time
from concurrent.futures import ProcessPoolExecutor

from _common import median_of, record

from pokerlab.bots import make as make_bot
from pokerlab.bots.collect import collect_decisions
from pokerlab.bots.context import CONTEXT_FEATURES
from pokerlab.bots.context_models import ContextModel
from pokerlab.game import NO_LIMIT_RING, play_match

LINEUP = ["rembrant", "rembrant", "random", "always_call"]


def _plain(task: tuple[int, int, list[str]]) -> int:
    hands, seed, lineup = task
    bots = [make_bot(s, seed=seed * 1000 + i) for i, s in enumerate(lineup)]
    play_match(bots, NO_LIMIT_RING.with_(reset_stacks=True), hands=hands, seed=seed)
    return hands


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--decisions", type=int, default=100_000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--lineup", default=",".join(LINEUP), help="bot specs separated by commas")
    args = parser.parse_args()
    lineup = args.lineup.split(",")
    per_hand = len(collect_decisions(lineup, hands=1000, seed=1)) / 1000  # also warms the caches
    hands = int(args.decisions / per_hand * 1.02) + 1
    with ProcessPoolExecutor(args.workers) as pool:
        list(pool.map(_plain, [(20, 0, lineup)] * args.workers))  # warm the workers
        t = time.perf_counter()
        frame = collect_decisions(lineup, hands=hands, seed=2026, executor=pool, batch_hands=1000)
        collect = time.perf_counter() - t
        t = time.perf_counter()
        list(pool.map(_plain, [(1000, 10_000 + k, lineup) for k in range(0, hands, 1000)]))
        plain = time.perf_counter() - t
    print(f"lineup {', '.join(lineup)}; {hands:,} hands, {args.workers} workers; load average {_load()}")
    print(
        f"collect_decisions: {len(frame):,} decisions in {collect:.1f} s (target < 60 s for 100,000); "
        f"the same hands unrecorded {plain:.1f} s: ratio {collect / plain:.2f}"
    )
    train = frame[frame["style"] == lineup[0]]
    x = train[list(CONTEXT_FEATURES)].to_numpy()
    fits, ones, peers = {}, {}, {}
    for kind in ("mlp", "tree", "frequency"):
        t = time.perf_counter()
        model = ContextModel(kind).fit(train)
        fit = time.perf_counter() - t
        one = median_of(lambda m=model: m.predict_proba(x[0]), repeat=200)
        fits[kind], ones[kind] = fit, one
        line = f"{kind:>9}: fit {fit:6.2f} s on {len(train):,} decisions; one prediction {one * 1e6:7.1f} µs"
        if kind == "mlp":
            peer = median_of(lambda m=model: m._fitted.predict_proba(x[:1]), repeat=200)
            peers[kind] = peer
            line += f" (scikit-learn predict_proba {peer * 1e6:.1f} µs: ratio {one / peer:.2f})"
        elif kind == "tree":
            peer = median_of(lambda m=model: m._fitted[0].predict_proba(x[:1]), repeat=200)
            peers[kind] = peer
            line += f" (scikit-learn predict_proba {peer * 1e6:.1f} µs: ratio {one / peer:.2f})"
        print(line + "  (target < 1000 µs)")
    rows = [
        {
            "what": f"context models: collecting {args.decisions:,} decisions, {args.workers} workers",
            "pokerlab": f"{collect:.0f} s ({len(frame):,} decisions)",
            "peer": f"the same hands unrecorded: {plain:.0f} s",
            "ratio": f"{collect / plain:.2f}x",
            "target": "< 60 s (100,000 decisions)",
        },
        {
            "what": f"context models: fitting on {len(train):,} decisions (same run)",
            "pokerlab": ", ".join(f"{k} {v:.2f} s" for k, v in fits.items()),
            "peer": "",
            "ratio": "",
            "target": "seconds",
        },
        {
            "what": "context models: one prediction",
            "pokerlab": ", ".join(f"{k} {v * 1e6:.0f} µs" for k, v in ones.items()),
            "peer": "scikit-learn `predict_proba`: " + ", ".join(f"{k} {v * 1e6:.0f} µs" for k, v in peers.items()),
            "ratio": " / ".join(f"{ones[k] / v:.2f}x" for k, v in peers.items()) + " of its time",
            "target": "< 1 ms",
        },
    ]
    record(
        "bench_context",
        rows,
        {"collect_s": collect, "plain_s": plain, "fit_s": fits, "predict_s": ones, "sklearn_predict_s": peers},
    )


def _load() -> str:
    try:
        return open("/proc/loadavg").read().split()[0]
    except OSError:
        return "unknown"


if __name__ == "__main__":
    main()
