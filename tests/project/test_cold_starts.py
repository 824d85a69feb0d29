"""Cold starts (issue #25): what a first run on a fresh install loads, computes and prints.

The checks read values (the numbers printed, ``sys.modules``, the files a run leaves in its cache
folder, the lines on stderr), never the clock: what is not imported, compiled or counted cannot cost
start-up time on any machine.
"""

import json
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from pokerlab import solve
from pokerlab.bpp import learning


def fresh_env(tmp_path: Path) -> dict[str, str]:
    """The environment of a first run: empty pokerlab and numba caches."""
    env = dict(os.environ)
    env["POKERLAB_CACHE_DIR"] = str(tmp_path / "pokerlab-cache")
    env["NUMBA_CACHE_DIR"] = str(tmp_path / "numba-cache")
    return env


def run_cli(tmp_path: Path, argv: list[str]) -> tuple[dict, list[str]]:
    """``main(argv)`` in a fresh interpreter with empty caches: its JSON output and the heavy modules it loaded."""
    code = (
        "import json, sys\n"
        "from pokerlab.cli import main\n"
        f"status = main({argv!r})\n"
        "print(json.dumps({'status': status, 'heavy': sorted({m.split('.')[0] for m in sys.modules}"
        " & {'numba', 'pgmpy', 'sklearn', 'scipy'})}))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=fresh_env(tmp_path), timeout=600
    )
    assert done.returncode == 0, done.stderr
    *body, last = done.stdout.strip().splitlines()
    tail = json.loads(last)
    assert tail["status"] == 0
    return json.loads("\n".join(body)), tail["heavy"]


def test_solve_kuhn_on_a_fresh_install_starts_no_numba_and_prints_the_kernels_numbers(tmp_path):
    data, heavy = run_cli(tmp_path, ["solve", "kuhn", "--json"])
    assert heavy == []  # numpy's engine: nothing to compile or load
    assert data["engine"] == "numpy"
    kernel = solve.cfr(solve.game("kuhn"), 1000, "cfr+", record=20, engine="numba")
    assert abs(data["exploitability"] - kernel.exploitability) < 1e-12
    assert [h[0] for h in data["history"]] == [h[0] for h in kernel.history]
    for key, probs in data["average_policy"].items():
        for action, p in probs.items():
            assert abs(p - kernel.average_policy[key][action]) < 1e-12
    # the times printed add up: the solve's own seconds plus the start-up before it is the wall time waited
    assert data["wall_seconds"] >= data["seconds"] >= 0
    assert abs(data["startup_seconds"] + data["seconds"] - data["wall_seconds"]) < 1e-9


@pytest.mark.parametrize("game", ["kuhn", "leduc"])
def test_solve_mccfr_on_a_fresh_install_starts_no_numba_and_prints_the_walk_its_seed_names(tmp_path, game):
    # before: `pokerlab solve leduc --variant mccfr` compiled the walk on a first run (5-10 s); the kernel's plain
    # Python twin gives the same numbers for the seed, with nothing to load or compile
    data, heavy = run_cli(
        tmp_path, ["solve", game, "--variant", "mccfr", "--seed", "3", "--iterations", "200", "--json"]
    )
    assert heavy == [] and data["engine"] == "python"
    want = solve.cfr(solve.game(game), 200, "mccfr", seed=3, record=20)
    assert data["exploitability"] == want.exploitability
    assert data["history"] == [list(h) for h in want.history]
    assert data["value_player_0"] == solve.expected_value(solve.game(game), want.average_policy)
    assert abs(data["startup_seconds"] + data["seconds"] - data["wall_seconds"]) < 1e-9


def test_long_mccfr_runs_take_the_compiled_walk(capsys):
    """Past a few thousand iterations the compiled walk's load time pays for itself: the command takes it."""
    from pokerlab.cli import main
    from pokerlab.cli.solve import _MCCFR_PYTHON_ITERATIONS

    n = _MCCFR_PYTHON_ITERATIONS + 1
    argv = ["solve", "kuhn", "--variant", "mccfr", "--seed", "4", "--iterations", str(n), "--record", "2", "--json"]
    assert main(argv) == 0
    data = json.loads(capsys.readouterr().out)
    want = solve.cfr(solve.game("kuhn"), n, "mccfr", seed=4, record=2, engine="python")
    assert data["engine"] == "numba" and data["exploitability"] == want.exploitability


def test_the_shipped_bpp_counts_equal_a_fresh_simulation():
    """The default counts in the package are exactly what 400,000 deals with seed 2026 give today."""
    shipped = learning._load(learning.SHIPPED, learning.DEFAULT_DEALS, learning.DEFAULT_SEED)
    assert shipped is not None
    fresh = learning.simulate_counts(learning.DEFAULT_DEALS, learning.DEFAULT_SEED)
    for name, array in fresh.arrays().items():
        assert np.array_equal(shipped.arrays()[name], array), name
    assert int(shipped.final.sum()) == 2 * learning.DEFAULT_DEALS


def test_bpp_on_a_fresh_install_reads_the_shipped_counts(tmp_path):
    data, heavy = run_cli(tmp_path, ["bpp", "--json"])
    assert heavy == []  # no counting, so no batch evaluator to compile
    assert not list((tmp_path / "pokerlab-cache").glob("bpp-*"))  # nothing counted, nothing cached
    assert round(data["p_win"], 12) == 0.5 and data["decision_network"] == "call"
    top = max(data["posteriors"]["OPP_Current"].items(), key=lambda kv: kv[1])
    assert top[0] == "pair_low" and round(top[1], 3) == 0.260


WORKERS = r"""
import multiprocessing, os, sys
import numpy as np
from pokerlab import _notice
from pokerlab.cli._common import _Pool

_notice.enabled = True  # as the pokerlab command sets it
barrier = multiprocessing.Barrier(2)


def task(seed):
    barrier.wait(timeout=300)  # both workers hold a task: each compiles the batch evaluator itself
    from pokerlab.evaluator import evaluate_batch

    hands = np.argsort(np.random.default_rng(seed).random((1000, 52)), axis=1)[:, :7]
    return os.getpid(), int(evaluate_batch(hands).sum())


with _Pool(2) as executor:
    results = list(executor.map(task, [1, 2]))
print(len({pid for pid, _ in results}), [total for _, total in results])
"""


def test_worker_processes_print_the_compile_notice_once(tmp_path):
    """``pokerlab reproduce`` compiled in each of its workers and printed the notice once per worker."""
    env = fresh_env(tmp_path)
    env.pop("POKERLAB_CACHE_DIR")  # the evaluator tables from the suite's cache: only numba's is empty
    done = subprocess.run([sys.executable, "-c", WORKERS], capture_output=True, text=True, env=env, timeout=600)
    assert done.returncode == 0, done.stderr
    workers, totals = done.stdout.split(maxsplit=1)
    assert workers == "2" and len(json.loads(totals)) == 2
    notices = [line for line in done.stderr.splitlines() if line.startswith("pokerlab: compiling kernels")]
    assert notices == ["pokerlab: compiling kernels for this machine, once (cached for later runs) ..."]


def test_long_kuhn_runs_take_the_compiled_kernel(capsys):
    """Past a few thousand iterations the kernel's load time pays for itself: the command takes it."""
    from pokerlab.cli import main
    from pokerlab.cli.solve import _KUHN_NUMPY_ITERATIONS

    assert main(["solve", "kuhn", "--iterations", str(_KUHN_NUMPY_ITERATIONS + 1), "--record", "3", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    want = solve.cfr(solve.game("kuhn"), _KUHN_NUMPY_ITERATIONS + 1, "cfr+", record=3)
    assert data["engine"] == "numba" and data["exploitability"] == want.exploitability


def test_the_program_spares_its_exit_the_garbage_collections_and_a_python_caller_keeps_them(monkeypatch, capsys):
    """Run as ``pokerlab``, main() freezes the collector before Python's shutdown (it walked numba's objects for
    0.3-0.9 s after the output); called with an argument list, from Python, it leaves the collector alone."""
    import gc

    from pokerlab.cli import main

    frozen = []
    monkeypatch.setattr(gc, "freeze", lambda: frozen.append(True))
    assert main(["solve", "kuhn", "--iterations", "10", "--record", "0"]) == 0
    assert frozen == []
    monkeypatch.setattr(sys, "argv", ["pokerlab", "solve", "kuhn", "--iterations", "10", "--record", "0"])
    assert main() == 0
    assert frozen == [True]
    assert capsys.readouterr().out.count("10 iterations in") == 2
