"""pokerlab's bots against the stock ACPC dealer and its example player, with no --game (issue 13's closing test).

Builds the University of Alberta's ACPC server (``dealer`` and ``example_player``, vendored in
``tests/acpc_server``) with gcc in a temporary folder, then for each bot runs a match of ``--hands``
hands of the server's standard heads-up limit game (``holdem.limit.2p.reverse_blinds.game``, raise
caps 3 4 4 4) on 127.0.0.1: the dealer, the example player on one seat and
``pokerlab acpc-client 127.0.0.1 PORT --bot NAME --json`` on the other, **with no --game flag**.

Each match is checked three ways and the script fails if any check fails: the client exits 0 and
the dealer's stderr has no WARNING or ERROR line (no action of ours was invalid, late or
unreadable); every hand of the dealer's log replays under pokerlab's rules to the dealer's values
(``pokerlab.game.acpc.check_dealer_log``); the chips the client counted equal the dealer's SCORE.
The example player is random (6 % fold, otherwise call or raise evenly, seeded from the clock), so
the win rates differ from run to run. Run:

    python benchmarks/acpc_stock_dealer.py --hands 500
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from _common import record, table_md  # noqa: E402

from pokerlab.game.acpc import check_dealer_log, load_game  # noqa: E402
from tests.support.acpc_real import RealMatch, build, compiler  # noqa: E402


def one_match(folder: Path, bot: str, hands: int, seed: int) -> dict:
    game = folder / "holdem.limit.2p.reverse_blinds.game"
    match = RealMatch(folder, game, hands=hands, seed=seed, names=["pokerlab", "example"], name=f"m_{bot}")
    match.example_player(game, 1)
    start = time.perf_counter()
    proc = subprocess.run(
        [sys.executable, "-m", "pokerlab", "acpc-client", "127.0.0.1", str(match.ports[0]), "--bot", bot, "--json"],
        capture_output=True,
        text=True,
        timeout=3600,
    )
    seconds = time.perf_counter() - start
    out = match.finish(timeout=60)
    problems = []
    if proc.returncode != 0:
        problems.append(f"client exit {proc.returncode}: {proc.stderr.strip()}")
    if out.returncode != 0 or out.warnings:
        problems.append(f"dealer: exit {out.returncode}, {out.warnings[:3]}")
    client = json.loads(proc.stdout) if proc.returncode == 0 else {"hands": 0, "chips": None}
    logged = check_dealer_log(out.log, load_game("holdem.limit.2p.reverse_blinds"))
    from_log = sum(h.values[h.players.index("pokerlab")] for h in logged)
    score = out.score["pokerlab"]
    if not (client["chips"] == from_log == score):
        problems.append(f"chips differ: client {client['chips']}, log {from_log}, SCORE {score}")
    if not (client["hands"] == len(logged) == hands):
        problems.append(f"hands differ: client {client['hands']}, log {len(logged)}, asked {hands}")
    return {
        "bot": bot,
        "hands": len(logged),
        "client_chips": client["chips"],
        "dealer_score": score,
        "mbb_per_hand": 1000 * score / 10 / max(len(logged), 1),  # big blind 10 chips
        # rounds at ACPC's cap that the AAAI'06 caps (a bet and 2 raises preflop and on the flop) forbid
        "beyond_aaai06_caps": sum(
            1
            for h in logged
            if h.betting.split("/")[0].count("r") >= 3
            or (len(h.betting.split("/")) > 1 and h.betting.split("/")[1].count("r") >= 4)
        ),
        "seconds": round(seconds, 1),
        "problems": problems,
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=500)
    parser.add_argument("--bots", nargs="+", default=["phase2", "bpp"])
    parser.add_argument("--seed", type=int, default=2026, help="the dealer's card seed")
    args = parser.parse_args()
    if compiler() is None:
        raise SystemExit("a C compiler (gcc or cc) is needed to build the ACPC dealer")
    rows = []
    with tempfile.TemporaryDirectory(prefix="acpc_server_") as tmp:
        folder = build(Path(tmp))
        for bot in args.bots:
            rows.append(one_match(folder, bot, args.hands, args.seed))
    print(
        f"{'bot':8} {'hands':>6} {'capped':>7} {'client chips':>13} {'dealer SCORE':>13} {'mbb/hand':>9} "
        f"{'seconds':>8}  checks"
    )
    for r in rows:
        checks = "ok (no dealer warnings, log replays, chips agree)" if not r["problems"] else "; ".join(r["problems"])
        print(
            f"{r['bot']:8} {r['hands']:6d} {r['beyond_aaai06_caps']:7d} {r['client_chips']!s:>13} "
            f"{r['dealer_score']:13g} {r['mbb_per_hand']:+9.0f} {r['seconds']:8.1f}  {checks}"
        )
    print("capped: hands with a round at ACPC's raise cap that the AAAI'06 caps forbid (3 preflop or 4 flop raises)")
    table = table_md(
        [
            "bot",
            "hands",
            "hands with a round at ACPC's cap",
            "chips won (client = dealer's SCORE)",
            "mbb/hand",
            "seconds",
            "checks",
        ],
        [
            [
                r["bot"],
                f"{r['hands']:,}",
                f"{r['beyond_aaai06_caps']:,}",
                f"{r['dealer_score']:+,.0f}".replace("-", "\u2212"),
                f"{r['mbb_per_hand']:+,.0f}".replace("-", "\u2212"),
                f"{r['seconds']:.1f}",
                "all pass" if not r["problems"] else "; ".join(r["problems"]),
            ]
            for r in rows
        ],
    )
    record(
        "acpc_stock_dealer",
        measured={"hands": args.hands, "seed": args.seed, "matches": rows},
        blocks={"matches": table},
    )
    return 1 if any(r["problems"] for r in rows) else 0


if __name__ == "__main__":
    raise SystemExit(main())
