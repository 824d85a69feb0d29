"""The postflop solver against b-inary/postflop-solver (Rust), the same spots at the same target in one run.

Each engine solves each spot in a fresh process of its own, one thread, to the same exploitability
target (a share of the pot, checked every 10 iterations by both): the script prints the solve's time
(each engine's own clock around its iterations, the tree already built; on the river spots, solved in a few
milliseconds, the least of ``--repeat`` solves, 5 by default, for both engines: one solve on a shared machine
varies by more than the engines differ), the peak memory (resident set) and the ratios, then the agreement
of the answers: both players' values (within 0.1 % of the pot) and the root's action frequencies, the reply
to the first bet and to a check (within one percentage point).

* **river**: ``66+, AJo+`` against ``QQ-22, ATo+`` on Td9d6hQc2s, pot 200, stacks 900, bets of 50 % and
  100 % of the pot, no raises, to 0.02 % of the pot;
* **turn, full ranges**: every hand for both players on Td9d6hQc, pot 200, stacks 900, bets of 50 % and
  100 %, all-in raises, to 0.5 % of the pot (every river dealt); also on two threads;
* with ``--agreement``, five more spots of different shapes (a polar river with three sizes and raises,
  a weighted river, a short-stacked turn, a monotone and a two-tone turn, whose
  interchangeable suits both engines solve once (suit isomorphism)), each compared at 0.02 %.

**Memory.** The Rust binary's peak resident set is its whole process (measured by GNU ``time`` where
installed, else by ``wait4``, which also counts the pages the child shared with Python before its exec).
pokerlab's process also holds Python, numpy and numba (about 150 MB before any solve), so the script
reports pokerlab's peak *growth during the solve* (Linux resets the peak through ``/proc/self/clear_refs``
after the warm-up) beside its whole peak; the ratio compares the growth with the Rust process's peak.

postflop-solver is AGPL-3.0 and suspended: it is a benchmark anchor only, never a test dependency and
never a source of code. Build it once (cargo and Debian's Rust crates, offline)::

    git clone https://github.com/b-inary/postflop-solver /tmp/postflop-solver
    benchmarks/postflop_solver/build.sh /tmp/postflop-solver/.git /tmp/pfs

The script looks for ``$POSTFLOP_SOLVER`` or ``/tmp/pfs/target/release/examples/refspot``; without it
only pokerlab is timed. The rows go to ``benchmarks/results/bench_postflop.json`` for docs/results.md. Run:

    python benchmarks/bench_postflop.py [--agreement] [--skip-turn] [--threads 1,2]
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from _common import record

HERE = Path(__file__).resolve().parent
DEFAULT_BINARY = Path("/tmp/pfs/target/release/examples/refspot")
BUILD = "benchmarks/postflop_solver/build.sh GIT_DIR /tmp/pfs (GIT_DIR: a clone of github.com/b-inary/postflop-solver)"
RANKS = "AKQJT98765432"
EVERY_HAND = ",".join(
    [r + r for r in RANKS] + [a + b + s for i, a in enumerate(RANKS) for b in RANKS[i + 1 :] for s in "so"]
)

RIVER = {
    "name": "river",
    "board": "Td9d6hQc2s",
    "oop": "66+,AJo+",
    "ip": "QQ-22,ATo+",
    "pot": 200,
    "stack": 900,
    "bets": "50%, 100%",
    "raises": "",
    "target": 0.0002,
}
TURN = {
    "name": "turn, full ranges",
    "board": "Td9d6hQc",
    "oop": EVERY_HAND,
    "ip": EVERY_HAND,
    "pot": 200,
    "stack": 900,
    "bets": "50%, 100%",
    "raises": "a",
    "target": 0.005,
}
AGREEMENT = [
    {
        "name": "polar river, three sizes, 2.5x raises",
        "board": "AhKd7c4s2h",
        "oop": "AK,KK,77,44,AQ,A5s-A3s,QJs,JTs,T9s",
        "ip": "AK,AQ,AJ,KQ,QQ,JJ,TT,A5s,65s",
        "pot": 100,
        "stack": 300,
        "bets": "33%, 75%, a",
        "raises": "2.5x",
        "target": 0.0002,
    },
    {
        "name": "weighted river, one size, all-in raises",
        "board": "Js8h3d3cQs",
        "oop": "AA@50,QQ-99,AQs,KQs,JTs,T9s,54s",
        "ip": "KK-TT,AJs+,KJs+,QJs,98s@75",
        "pot": 60,
        "stack": 500,
        "bets": "75%",
        "raises": "a",
        "target": 0.0002,
    },
    {
        "name": "short-stacked turn",
        "board": "Qh9c5d2s",
        "oop": "AA,KK,QJ,T9s,87s,A5s",
        "ip": "QQ-TT,AQ,KQ,J9s",
        "pot": 100,
        "stack": 100,
        "bets": "50%",
        "raises": "a",
        "target": 0.0002,
    },
    # turns whose suits are interchangeable: both engines solve one river card per class (suit isomorphism)
    {
        "name": "monotone turn (isomorphism)",
        "board": "Ks9s6s3s",
        "oop": "AA-88,AK,AQ,AJs,KQs,QJs,JTs,T9s,87s",
        "ip": "TT-22,AJ,AT,KJ,KT,QJ,QT,JT,T9s,98s,76s,65s",
        "pot": 100,
        "stack": 200,
        "bets": "50%, 100%",
        "raises": "a",
        "target": 0.0002,
    },
    {
        "name": "two-tone turn (isomorphism)",
        "board": "Ks9s6h3h",
        "oop": "AA-88,AK,AQ,AJs,KQs,QJs,JTs,T9s,87s",
        "ip": "TT-22,AJ,AT,KJ,KT,QJ,QT,JT,T9s,98s,76s,65s",
        "pot": 100,
        "stack": 200,
        "bets": "50%, 100%",
        "raises": "a",
        "target": 0.0002,
    },
]


# ----------------------------------------------------------------------------
# pokerlab, in a process of its own (this script with --worker)
# ----------------------------------------------------------------------------


def _status(key: str) -> int:
    """A field of /proc/self/status in bytes (VmRSS, VmHWM)."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith(key + ":"):
            return int(line.split()[1]) * 1024
    return 0


def worker(spot: dict, threads: int, max_iterations: int, repeat: int = 1) -> dict:
    from pokerlab.solve import postflop

    # load (or compile) the kernels on a tiny spot first: the time measured is the solve's
    postflop("Ks7d4c2h2s", "AA", "KQ", pot=10, stack=10, bets="100%", raises="", progress=False, threads=threads)
    before = _status("VmRSS")
    try:
        Path("/proc/self/clear_refs").write_text("5")  # the peak resident set starts again from here
        reset = True
    except OSError:
        reset = False
    times: list[float] = []
    walls: list[float] = []
    peak = 0
    for _ in range(repeat):
        t = time.perf_counter()
        s = postflop(
            spot["board"],
            spot["oop"],
            spot["ip"],
            pot=spot["pot"],
            stack=spot["stack"],
            bets=spot["bets"],
            raises=spot["raises"],
            target=spot["target"],
            max_iterations=max_iterations,
            threads=threads,
            progress=False,
            isomorphism=spot.get("isomorphism", True),
        )
        walls.append(time.perf_counter() - t)
        times.append(s.seconds)
        peak = peak or _status("VmHWM")  # the first solve's peak: later ones reuse freed memory
    out = {
        "seconds": min(times),
        "seconds_each": times,
        "wall_seconds": min(walls),
        "iterations": s.iterations,
        "exploitability_pct": s.exploitability_pct,
        "value": list(s.value),
        "peak_bytes": peak,
        "growth_bytes": peak - before if reset else None,
        "root": s.frequencies(()),
    }
    acts = s.actions(())
    if len(acts) > 1:
        out["facing_bet"] = s.frequencies((acts[1],))
    out["after_check"] = s.frequencies(("check",))
    return out


def run_pokerlab(spot: dict, threads: int, max_iterations: int, repeat: int) -> dict:
    cmd = [sys.executable, __file__, "--worker", json.dumps(spot), "--threads", str(threads)]
    cmd += ["--max-iterations", str(max_iterations), "--repeat", str(repeat)]
    proc = subprocess.run(cmd, capture_output=True, text=True, check=False)
    if proc.returncode != 0:
        raise SystemExit(f"pokerlab's worker failed:\n{proc.stderr}")
    return json.loads(proc.stdout.strip().splitlines()[-1])


# ----------------------------------------------------------------------------
# postflop-solver (its refspot example, built by benchmarks/postflop_solver/build.sh)
# ----------------------------------------------------------------------------


def binary() -> Path | None:
    path = Path(os.environ.get("POSTFLOP_SOLVER", DEFAULT_BINARY))
    return path if path.is_file() and os.access(path, os.X_OK) else None


def _label(rust: str) -> str:
    """postflop-solver's action name in pokerlab's words: Bet(100) -> 'bet 100', AllIn(900) -> 'allin 900'."""
    m = re.fullmatch(r"(\w+)(?:\((\d+)\))?", rust.strip())
    if m is None:
        return rust
    word = {"Check": "check", "Call": "call", "Fold": "fold", "Bet": "bet", "Raise": "raise", "AllIn": "allin"}
    name = word.get(m.group(1), m.group(1).lower())
    return f"{name} {m.group(2)}" if m.group(2) else name


def _actions(text: str) -> list[str]:
    return [_label(a) for a in text.strip('[]" ').split(",") if a.strip()]


def _rust_range(text: str) -> str:
    """pokerlab's range text in postflop-solver's notation: a weight ``AA@50`` (percent) is written ``AA:0.5``."""
    out = []
    for token in text.split(","):
        name, _, pct = token.strip().partition("@")
        out.append(f"{name}:{float(pct) / 100:g}" if pct else name)
    return ",".join(out)


def run_rust(path: Path, spot: dict, max_iterations: int, repeat: int = 1) -> dict:
    """The best of ``repeat`` runs of the binary (each a process of its own): the least time, the first's peak."""
    runs = [_run_rust_once(path, spot, max_iterations) for _ in range(repeat)]
    best = dict(runs[0])
    best["seconds_each"] = [r["seconds"] for r in runs]
    best["seconds"] = min(best["seconds_each"])
    return best


def _run_rust_once(path: Path, spot: dict, max_iterations: int) -> dict:
    args = [
        str(path),
        _rust_range(spot["oop"]),
        _rust_range(spot["ip"]),
        spot["board"],
        str(spot["pot"]),
        str(spot["stack"]),
    ]
    args += [spot["bets"], spot["raises"], spot["bets"], spot["raises"], repr(100 * spot["target"])]
    args += [str(max_iterations)]
    # the peak resident set of the binary alone: GNU time reports its child's (a child of this Python process
    # would also count the pages it shared with Python before its exec)
    timer = shutil.which("time", path="/usr/bin:/bin")
    with tempfile.NamedTemporaryFile("r", suffix=".txt") as peak_file:
        cmd = [timer, "-f", "%M", "-o", peak_file.name, *args] if timer else args
        proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        assert proc.stdout is not None and proc.stderr is not None
        out, err = proc.stdout.read(), proc.stderr.read()  # it writes one line of JSON and nothing else
        _, status, usage = os.wait4(proc.pid, 0)
        proc.returncode = code = os.waitstatus_to_exitcode(status)
        if code != 0:
            raise SystemExit(f"postflop-solver failed ({code}):\n{err}")
        text = peak_file.read().strip().splitlines()
    peak = int(text[-1]) * 1024 if timer and text and text[-1].isdigit() else usage.ru_maxrss * 1024
    data = json.loads(out)
    root = _actions(data["root_actions"])
    result = {
        "seconds": data["seconds"],
        "exploitability_pct": data["exploitability_pct_pot"],
        "value": [data["ev_oop"], data["ev_ip"]],
        "peak_bytes": peak,
        "root": dict(zip(root, data["root"], strict=True)),
        "after_check": dict(zip(_actions(data["after_check_actions"]), data["after_check"], strict=True)),
    }
    if data["facing_bet"] is not None:
        result["facing_bet"] = dict(zip(_actions(data["facing_bet_actions"]), data["facing_bet"], strict=True))
    return result


# ----------------------------------------------------------------------------
# Comparison
# ----------------------------------------------------------------------------


def agreement(spot: dict, ours: dict, theirs: dict) -> tuple[bool, str]:
    """Values within 0.1 % of the pot and the root's frequencies within one percentage point (the issue's test);
    the replies to the first bet and to a check are printed beside them (a node reached rarely converges last)."""
    pot = spot["pot"]
    dv = max(abs(a - b) for a, b in zip(ours["value"], theirs["value"], strict=True)) / pot * 100
    lines = [
        f"    values: pokerlab {ours['value'][0]:.3f} / {ours['value'][1]:.3f}, "
        f"postflop-solver {theirs['value'][0]:.3f} / {theirs['value'][1]:.3f}: largest gap {dv:.4f} % of the pot"
    ]
    worst = 100.0
    same_tree = True
    for node in ("root", "facing_bet", "after_check"):
        a, b = ours.get(node), theirs.get(node)
        if a is None or b is None:
            continue
        if list(a) != list(b):
            same_tree = False
            lines.append(f"    {node}: different actions: pokerlab {list(a)}, postflop-solver {list(b)}")
            continue
        gap = max(abs(a[k] - b[k]) for k in a) * 100
        if node == "root":
            worst = gap
        mix = ", ".join(f"{k} {100 * a[k]:.1f}/{100 * b[k]:.1f}" for k in a)
        lines.append(f"    {node} (pokerlab/postflop-solver, %): {mix}; largest gap {gap:.2f} points")
    ok = same_tree and dv <= 0.1 and worst <= 1.0
    return ok, "\n".join(lines)


def _secs(x: float) -> str:
    """A solve's time as the table shows it: milliseconds below a second (a river solves in a few)."""
    return f"{1000 * x:.1f} ms" if x < 1 else f"{x:.2f} s"


def _mb(x: float | None) -> str:
    return "n/a" if x is None else f"{x / 2**20:.1f} MB"


def compare(spot: dict, path: Path | None, threads: list[int], max_iterations: int, repeat: int = 1) -> dict:
    print(
        f"\n{spot['name']}: {spot['board']}, pot {spot['pot']}, stacks {spot['stack']}, bets {spot['bets']!r}, "
        f"raises {spot['raises']!r}, target {100 * spot['target']:g} % of the pot"
    )
    ours = {t: run_pokerlab(spot, t, max_iterations, repeat) for t in threads}
    theirs = run_rust(path, spot, max_iterations, repeat) if path is not None else None
    best = f"best of {repeat}, " if repeat > 1 else ""
    for t, r in ours.items():
        print(
            f"  pokerlab, {t} thread{'s' * (t > 1)}: {best}{r['seconds']:.4f} s ({r['iterations']} iterations, "
            f"{r['wall_seconds']:.3f} s with the tree), exploitability {r['exploitability_pct']:.4f} %, "
            f"memory: {_mb(r['growth_bytes'])} during the solve, peak {_mb(r['peak_bytes'])}"
        )
    entry = {"spot": spot, "pokerlab": {str(t): r for t, r in ours.items()}, "postflop_solver": theirs}
    if theirs is None:
        print(f"  postflop-solver: not built; build it with {BUILD}")
        return entry
    one = ours[threads[0]]
    print(
        f"  postflop-solver, 1 thread: {best}{theirs['seconds']:.4f} s, exploitability "
        f"{theirs['exploitability_pct']:.4f} %, peak memory {_mb(theirs['peak_bytes'])}"
    )
    time_ratio = one["seconds"] / theirs["seconds"]
    mem_ratio = (one["growth_bytes"] or one["peak_bytes"]) / theirs["peak_bytes"] if theirs["peak_bytes"] else None
    print(
        f"  ratios (pokerlab / postflop-solver): time {time_ratio:.2f}x"
        + (f", memory {mem_ratio:.2f}x" if mem_ratio is not None else "")
    )
    ok, text = agreement(spot, one, theirs)
    print(text)
    print(f"  agreement: {'yes' if ok else 'NO'}")
    entry.update({"time_ratio": time_ratio, "memory_ratio": mem_ratio, "agree": ok})
    return entry


def _row(entry: dict) -> dict[str, str]:
    spot, theirs = entry["spot"], entry["postflop_solver"]
    ours = entry["pokerlab"]
    first = next(iter(ours.values()))
    text = (
        ("best of {}: ".format(len(first["seconds_each"])) if len(first.get("seconds_each", ())) > 1 else "")
        + "; ".join(f"{t} thread{'s' * (t != '1')} {_secs(r['seconds'])}" for t, r in ours.items())
        + f", {_mb(first['growth_bytes'])} ({first['exploitability_pct']:.3f} %)"
    )
    peer = (
        ""
        if theirs is None
        else (
            f"postflop-solver (Rust, built here), 1 thread: {_secs(theirs['seconds'])}, {_mb(theirs['peak_bytes'])} "
            f"({theirs['exploitability_pct']:.3f} %)"
        )
    )
    ratio = (
        ""
        if theirs is None
        else (
            f"**{entry['time_ratio']:.2f}x** its time, {entry['memory_ratio']:.2f}x its memory (pokerlab's growth "
            "during the solve over its whole process: pokerlab's whole process is about 200 MB of Python, numpy and "
            "numba); "
            f"values and the root's frequencies {'agree' if entry['agree'] else 'DIFFER'}"
        )
    )
    return {
        "what": f"postflop {spot['name']} ({spot['board']}), to {100 * spot['target']:g} % of the pot "
        "(`solve.postflop`)",
        "pokerlab": text,
        "peer": peer,
        "ratio": ratio,
        "target": "≤ 2x time and memory (aim ≤ 1x)",
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--worker", help=argparse.SUPPRESS)
    parser.add_argument("--threads", default="1,2", help="pokerlab's thread counts on the turn (default 1,2)")
    parser.add_argument("--max-iterations", type=int, default=5000)
    parser.add_argument("--skip-turn", action="store_true", help="only the river spot (and --agreement)")
    parser.add_argument("--agreement", action="store_true", help="also compare five more spots")
    parser.add_argument(
        "--repeat",
        type=int,
        default=5,
        help="solves of each river spot per engine, the least time counts (default 5: a solve of a few "
        "milliseconds on a shared machine varies by more than the engines differ); the turn is solved once",
    )
    args = parser.parse_args()
    if args.worker:
        print(json.dumps(worker(json.loads(args.worker), int(args.threads), args.max_iterations, args.repeat)))
        return
    path = binary()
    if path is None:
        print(f"postflop-solver is not built: only pokerlab is timed. Build it with {BUILD}")
    threads = [int(t) for t in args.threads.split(",")]
    entries = [compare(RIVER, path, [1], args.max_iterations, args.repeat)]
    if not args.skip_turn:
        entries.append(compare(TURN, path, threads, args.max_iterations))
    extra = [compare(spot, path, [1], args.max_iterations, args.repeat) for spot in AGREEMENT] if args.agreement else []
    rows = [_row(e) for e in entries]
    if extra and path is not None:
        agree = sum(e["agree"] for e in extra)
        rows.append(
            {
                "what": f"postflop: {len(extra)} more spots ("
                + "; ".join(e["spot"]["name"] for e in extra)
                + "), to 0.02 %",
                "pokerlab": ", ".join(_secs(e["pokerlab"]["1"]["seconds"]) for e in extra),
                "peer": "postflop-solver: " + ", ".join(_secs(e["postflop_solver"]["seconds"]) for e in extra),
                "ratio": "time "
                + ", ".join(f"{e['time_ratio']:.2f}x" for e in extra)
                + "; values within 0.1 % of the pot and the root's frequencies within 1 point"
                + f" in {agree} of {len(extra)}",
                "target": "the same answers",
            }
        )
    record("bench_postflop", rows, {"spots": entries + extra})


if __name__ == "__main__":
    main()
