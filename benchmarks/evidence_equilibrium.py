"""Exact exploitability of the Leduc policies the lessons compare, and Kuhn's exact values (lesson 10's numbers).

Every number is computed from the game tree (``pokerlab.solve``): exploitability is the mean over both
seats of what a best response wins, in chips per hand; "against CFR+" is the policy's value in chips
per hand against CFR+'s average policy after ``--iterations`` iterations, both seats played. Run:

    python benchmarks/evidence_equilibrium.py [--iterations 1000]
"""

from __future__ import annotations

import argparse
from fractions import Fraction

from _common import record, table_md

from pokerlab import solve
from pokerlab.bots.leduc import phase_two_policy

STYLES = {"none": "no bluffing", "conservative": "conservative", "normal": "normal", "aggressive": "aggressive"}


def fraction(x: float) -> str:
    """``11/24`` for 0.4583333...: the exact value, when a small fraction gives it to 1e-12."""
    f = Fraction(x).limit_denominator(1000)
    if abs(float(f) - x) > 1e-12:
        raise SystemExit(f"{x!r} is not a small fraction")
    return f"{'−' if f < 0 else ''}{abs(f.numerator)}/{f.denominator}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--iterations", type=int, default=1000, help="CFR and CFR+ iterations (MCCFR: ten times)")
    args = parser.parse_args()
    n = args.iterations
    game = solve.game("leduc")
    eq = solve.cfr(game, n, "cfr+", record=0).average_policy
    policies = {
        f"CFR+, {n:,} iterations": eq,
        f"CFR, {n:,} iterations": solve.cfr(game, n, "cfr", record=0).average_policy,
        f"MCCFR (external sampling), {10 * n:,} iterations, seed 1": solve.cfr(
            game, 10 * n, "mccfr", seed=1, record=0
        ).average_policy,
    }
    for style, words in STYLES.items():
        policies[f"Phase II rules, {words}{'' if style == 'none' else ' bluffing'}"] = phase_two_policy(style)
    policies["uniform random"] = solve.Policy.uniform(game)
    rows, measured = [], {}
    for name, policy in policies.items():
        ex = solve.exploitability(game, policy)
        vs = solve.head_to_head(game, policy, eq)
        versus = "" if name.startswith(("CFR,", "MCCFR")) else ("0" if policy is eq else f"{vs:+.4f}".replace("-", "−"))
        rows.append([name, f"{ex:.6f}" if ex < 0.5 else f"{ex:.4f}", versus])
        measured[name] = {"exploitability": ex, "against_cfr_plus": vs}
        print(f"{name:<48} {ex:10.6f} {vs:+.4f}")
    leduc = table_md(["Leduc policy", "exploitability", f"against CFR+ ({n:,} iterations), chips/hand"], rows)

    kuhn = solve.game("kuhn")
    uniform = solve.exploitability(kuhn, solve.Policy.uniform(kuhn))
    call = solve.exploitability(
        kuhn, solve.Policy.from_function(kuhn, lambda i: {"b": 1.0} if i.history.endswith("b") else {"p": 1.0})
    )
    kuhn_eq = solve.cfr(kuhn, n, "cfr+", record=0).average_policy
    value = solve.expected_value(kuhn, kuhn_eq)
    worth = f"{value:+.6f}".replace("-", "−")
    kuhn_text = (
        f"Kuhn: the uniform policy's exploitability is {fraction(uniform)} and always-call's {fraction(call)} "
        "(both worked out by hand in the lesson and tests); CFR+ after "
        f"{n:,} iterations is exploitable by {solve.exploitability(kuhn, kuhn_eq):.6f} and worth "
        f"{worth} to player 0 (Kuhn's equilibrium family: {fraction(round(value * 18) / 18)})."
    )
    print(kuhn_text)
    measured["kuhn"] = {"uniform": uniform, "always_call": call, "cfr_plus_value": value}
    record("evidence_equilibrium", measured=measured, blocks={"leduc": leduc, "kuhn": kuhn_text})


if __name__ == "__main__":
    main()
