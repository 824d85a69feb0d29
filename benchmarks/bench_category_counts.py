"""All 133,784,560 seven-card hands evaluated once, counted by category (``evaluator.category_counts(7)``).

The counts are checked against the published seven-card frequencies (the standard table every poker
probability reference prints: 23,294,460 high cards ... 41,584 straight flushes); the time is the best
of ``--repeat`` runs after one warm-up (which compiles or loads the kernel). No peer: the row on the
results page says how long the exact count takes. Run:

    python benchmarks/bench_category_counts.py [--repeat 3]
"""

from __future__ import annotations

import argparse

from _common import best_of, record

from pokerlab.evaluator import HandCategory, category_counts

PUBLISHED = {
    HandCategory.HIGH_CARD: 23_294_460,
    HandCategory.PAIR: 58_627_800,
    HandCategory.TWO_PAIR: 31_433_400,
    HandCategory.THREE_OF_A_KIND: 6_461_620,
    HandCategory.STRAIGHT: 6_180_020,
    HandCategory.FLUSH: 4_047_644,
    HandCategory.FULL_HOUSE: 3_473_184,
    HandCategory.FOUR_OF_A_KIND: 224_848,
    HandCategory.STRAIGHT_FLUSH: 41_584,
}
"""The published seven-card category frequencies (straight flushes include the royal flushes)."""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    counts = category_counts(7, progress=False)
    agree = dict(counts) == PUBLISHED
    seconds = best_of(lambda: category_counts(7, progress=False), repeat=args.repeat)
    total = sum(counts.values())
    print(f"{total:,} seven-card hands in {seconds:.2f} s (best of {args.repeat}); published counts: {agree}")
    row = {
        "what": f"all {total:,} seven-card hands, exact category counts (best of {args.repeat})",
        "pokerlab": f"{seconds:.1f} s; {'the published counts' if agree else 'DIFFERENT from the published counts'}",
        "peer": "",
        "ratio": "",
        "target": "",
    }
    record("bench_category_counts", [row], {"seconds": seconds, "counts": {c.name: n for c, n in counts.items()}})
    raise SystemExit(0 if agree else 1)


if __name__ == "__main__":
    main()
