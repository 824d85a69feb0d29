"""Start-up costs a user waits through: `import pokerlab`, each CLI command cold and warm.

Every command runs as a user would start it (``python -m pokerlab ...`` in a new
process), first with fresh, empty ``POKERLAB_CACHE_DIR`` and ``NUMBA_CACHE_DIR``
(cold: tables built, kernels compiled; each command gets its own empty caches, so
no command profits from another's), then again with the caches it left (warm,
best of 3). "beyond the import" subtracts the time of ``python -c "import
pokerlab.cli"``. Beside each wall time, the CPU seconds (user + system) of the command's
process: on a shared machine the wall time grows with the load, the CPU time much less.
Targets (issue #25): ``--help`` at most 0.5 s; every command's
first run within 3 s beyond the import. The results go to
``benchmarks/results/bench_startup.json`` for docs/results.md. Run:

    python benchmarks/bench_startup.py [--only NAME ...]
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import tempfile
import time

from _common import record

COMMANDS = {
    "--help": ["--help"],
    "solve --help": ["solve", "--help"],
    "eval AsKs QsJsTs": ["eval", "AsKs", "QsJsTs"],
    "range TT+,A2s+": ["range", "TT+, A2s+"],
    "strength 8d7d 9d6c2d --opponents 3": ["strength", "8d7d", "9d6c2d", "--opponents", "3"],
    "potential AdQc 3h4cJh": ["potential", "AdQc", "3h4cJh"],
    "equity AhKh QQ": ["equity", "AhKh", "QQ"],
    "equity AhKh QQ --board 2c7d8h": ["equity", "AhKh", "QQ", "--board", "2c7d8h"],
    "solve kuhn": ["solve", "kuhn"],
    "solve leduc --variant mccfr": ["solve", "leduc", "--variant", "mccfr", "--iterations", "1000"],
    "bpp": ["bpp"],
    "bpp --hole AdQc --board 3h4cJh": ["bpp", "--hole", "AdQc", "--board", "3h4cJh"],
}


CPU: dict[str, float] = {}
"""CPU seconds (user + system) of the last process :func:`wall` ran."""


def wall(args: list[str], env: dict[str, str]) -> tuple[float, str]:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t = time.perf_counter()
    done = subprocess.run(args, env=env, capture_output=True, text=True)
    seconds = time.perf_counter() - t
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    CPU["last"] = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(args)} failed: {done.stderr.strip()[-300:]}")
    return seconds, done.stderr


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", nargs="*", help="command names (keys of COMMANDS) to run")
    args = parser.parse_args()
    names = args.only or list(COMMANDS)
    py = [sys.executable]
    with tempfile.TemporaryDirectory() as tmp:
        base = dict(os.environ, POKERLAB_CACHE_DIR=f"{tmp}/import-p", NUMBA_CACHE_DIR=f"{tmp}/import-n")
        wall(py + ["-c", "import pokerlab.cli"], base)
        imports = min(wall(py + ["-c", "import pokerlab.cli"], base)[0] for _ in range(5))
        bare = min(wall(py + ["-c", "pass"], base)[0] for _ in range(5))
        print(f"python -c pass: {bare:.3f} s; python -c 'import pokerlab.cli': {imports:.3f} s (best of 5)")
        print(f"{'command':40} {'cold':>7} {'warm':>7}  (wall seconds; beyond the import: cold / warm)")
        measured = {}
        for i, name in enumerate(names):
            env = dict(os.environ, POKERLAB_CACHE_DIR=f"{tmp}/p{i}", NUMBA_CACHE_DIR=f"{tmp}/n{i}")
            cold, err = wall(py + ["-m", "pokerlab", *COMMANDS[name]], env)
            cold_cpu = CPU["last"]
            warm = min(wall(py + ["-m", "pokerlab", *COMMANDS[name]], env)[0] for _ in range(3))
            notices = err.count("pokerlab: compiling kernels")
            notice = f"compile notice shown {notices} time(s)" if notices else ""
            measured[name] = {
                "cold": cold,
                "cold_cpu": cold_cpu,
                "warm": warm,
                "cold_beyond_import": cold - imports,
                "notices": notices,
            }
            print(
                f"pokerlab {name:31} {cold:7.2f} {warm:7.2f}  ({cold - imports:.2f} / {warm - imports:.2f};"
                f" cold CPU {cold_cpu:.2f} s) {notice}"
            )
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    print(f"load average {load} on {os.cpu_count()} cores")
    helps = [v["warm"] for k, v in measured.items() if k.endswith("--help")]
    over = [k for k, v in measured.items() if v["cold_beyond_import"] > 3]
    rows = [
        {
            "what": "`import pokerlab.cli` (new process, best of 5)",
            "pokerlab": f"{imports:.2f} s (python alone {bare:.2f} s)",
            "peer": "",
            "ratio": "",
            "target": "< 1 s",
        }
    ]
    if helps:
        rows.append(
            {
                "what": "`pokerlab --help`, `pokerlab solve --help`, warm",
                "pokerlab": " / ".join(f"{h:.2f} s" for h in helps),
                "peer": "",
                "ratio": "",
                "target": "≤ 0.5 s",
            }
        )
    for name, v in measured.items():
        if name.endswith("--help"):
            continue
        rows.append(
            {
                "what": f"`pokerlab {name}`, first run on a fresh install (cold caches, its CPU time) / again (warm)",
                "pokerlab": f"{v['cold']:.1f} s ({v['cold_cpu']:.1f} s CPU) / {v['warm']:.1f} s",
                "peer": "",
                "ratio": "",
                "target": "cold ≤ 3 s beyond the import" + (" (not met)" if name in over else ""),
            }
        )
    record("bench_startup", rows, {"import_s": imports, "python_s": bare, "commands": measured})


if __name__ == "__main__":
    main()
