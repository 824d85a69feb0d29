"""Two-card-lookahead hand potential on a flop against eval7's Monte Carlo equity.

pokerlab enumerates all 1,081 x 990 = 1,070,190 (opponent hand, turn+river)
cases exactly; eval7's py_hand_vs_range_monte_carlo draws the same number
of random samples against a random hand. The issue's target is a ratio
above 1 (aim 2.5). Run:

    python benchmarks/bench_potential.py
"""

from __future__ import annotations

from _common import median_of, record, require_peer

import pokerlab as pl

FLOPS = [("AdQc", "3h4cJh"), ("8d7d", "9d6c2d"), ("KsKh", "Kd7c2s"), ("As5s", "4s3dQh")]
CASES = 1081 * 990
ALL_HANDS = "22+, A2+, K2+, Q2+, J2+, T2+, 92+, 82+, 72+, 62+, 52+, 42+, 32+"


def main() -> None:
    eval7 = require_peer("eval7")
    villain = eval7.HandRange(ALL_HANDS)
    assert len(villain.hands) == 1326
    ratios, ours_ms, theirs_ms = [], [], []
    print(f"{'hand / flop':<18}{'pokerlab exact':>16}{'eval7 MC':>12}{'ratio':>8}   PPOT")
    for hole, flop in FLOPS:
        ours = median_of(lambda hole=hole, flop=flop: pl.hand_potential(hole, flop))
        hero = [eval7.Card(c) for c in (hole[:2], hole[2:])]
        board = [eval7.Card(flop[i : i + 2]) for i in range(0, 6, 2)]
        theirs = median_of(
            lambda hero=hero, board=board: eval7.py_hand_vs_range_monte_carlo(hero, villain, board, CASES)
        )
        ratios.append(theirs / ours)
        ours_ms.append(ours * 1e3)
        theirs_ms.append(theirs * 1e3)
        ppot = pl.hand_potential(hole, flop).ppot
        print(
            f"{hole + ' / ' + flop:<18}{ours * 1e3:>13.1f} ms{theirs * 1e3:>9.1f} ms{theirs / ours:>7.2f}x   {ppot:.3f}"
        )
    print(f"cases per potential: {CASES:,} (exact) vs {CASES:,} Monte Carlo samples")
    print(f"ratio, worst {min(ratios):.2f}x, median {sorted(ratios)[len(ratios) // 2]:.2f}x (target > 1x, aim 2.5x)")
    row = {
        "what": f"two-card-lookahead potential on a flop, {CASES:,} cases exact ({len(FLOPS)} flops, median of 5 each)",
        "pokerlab": f"{min(ours_ms):.1f}-{max(ours_ms):.1f} ms",
        "peer": f"eval7 Monte Carlo, {CASES:,} samples: {min(theirs_ms):.0f}-{max(theirs_ms):.0f} ms",
        "ratio": f"**{min(ratios):.1f}-{max(ratios):.1f}x**",
        "target": "> 1x, aim 2.5x",
    }
    record("bench_potential", [row], {"pokerlab_ms": ours_ms, "eval7_ms": theirs_ms, "flops": FLOPS})


if __name__ == "__main__":
    main()
