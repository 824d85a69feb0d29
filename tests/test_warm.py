"""Kernels compiled once (pokerlab._warm): what the lessons and bots use is what warm_kernels compiles, and the
grader's kernels find it in their copy of the cache.

The checks read numba's own records (the signatures a dispatcher holds, its ``numba:compile`` events, raised
only when no cached code was found), never the clock.
"""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import conftest
from pokerlab import _warm
from pokerlab.course import _workdir
from pokerlab.errors import ParameterError

ROOT = Path(__file__).resolve().parent.parent

_HELD = """
import json
from pokerlab._warm import _dispatchers
def held():
    return sorted(f"{f.py_func.__module__}.{f.__name__}{sig}" for f in _dispatchers() for sig in f.signatures)
"""

_WORKLOAD = """
import numpy as np
import pokerlab as pl
from pokerlab import bots
from pokerlab.game import PRESETS, play_match
from pokerlab.solve import cfr, game
for dtype in (np.int8, np.int16, np.int32, np.uint16, np.int64, np.uint8):
    pl.evaluate_batch(np.array([[0, 4, 8, 12, 17], [1, 5, 9, 13, 18]], dtype))
    pl.evaluate_batch(np.array([[0, 4, 8, 12, 17, 21]], dtype))
    pl.evaluate_batch(np.array([[0, 4, 8, 12, 17, 21, 25]], dtype))
pl.hand_strength("AdQc", "3h4cJh", opponents=3)
pl.hand_strength("AdQc", "3h4cJh", weights="22+")
pl.hand_potential("AdQc", "3h4cJh")
pl.hand_potential("AdQc", "3h4cJh5d", lookahead=1, weights="22+")
pl.equity("AdQc", "KhKs")
pl.equity("AdQc", "KhKs", board="3h4cJh")
pl.equity("AdQc", board="3h4cJh")
pl.equity("AdQc", "QQ+", board="3h4cJh")
pl.equity("AdQc", opponents=3, samples=200, seed=2)
pl.category_counts(6, progress=False)
lineup = [bots.make(n, **({"seed": 1} if n in ("phase2", "phase3") else {})) for n in ("phase2", "phase3")]
heads_up = PRESETS["NO_LIMIT_RING"].with_(reset_stacks=True, max_players=2, default_players=2)
play_match(lineup, heads_up, hands=30, seed=3)
cfr(game("leduc"), 3, record=0)
cfr(game("kuhn"), 3, "cfr+", record=0)
cfr(game("leduc"), 3, "mccfr", seed=2, record=0)
"""


def _run(code: str, env: dict[str, str] | None = None) -> str:
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, env=env, timeout=1800
    )  # a hang guard: seconds when the cache is warm, about a minute when it is not
    assert done.returncode == 0, done.stderr[-3000:]
    return done.stdout


def test_what_the_lessons_and_bots_call_is_compiled_by_warm_kernels():
    """Every (kernel, argument types) pair a workload like the lessons' and the bots' uses (every card-id dtype
    the evaluator takes, strength and potential weighted or not, exact and Monte Carlo equity, a match of the
    Waterloo bots, CFR, CFR+ and MCCFR on Kuhn and Leduc) is one warm_kernels() already holds."""
    out = _run(
        _HELD
        + "from pokerlab._warm import warm_kernels\nwarm_kernels()\nbefore = held()\n"
        + _WORKLOAD
        + "print(json.dumps([before, held()]))\n"
    )
    before, after = json.loads(out.strip().splitlines()[-1])
    assert len(before) >= 14
    assert sorted(set(after) - set(before)) == []


def test_the_two_parts_are_the_whole():
    out = _run(
        _HELD
        + "from pokerlab._warm import warm_kernels, PARTS\n"
        + "parts = []\n"
        + "for k in range(PARTS):\n    warm_kernels(part=k); parts.append(held())\n"
        + "print(json.dumps([PARTS, parts]))\n"
    )
    parts_count, parts = json.loads(out.strip().splitlines()[-1])
    assert parts_count == conftest.WARM_PARTS == _warm.PARTS == 2
    assert set(parts[0]) < set(parts[1])  # the second part adds kernels the first does not compile
    whole = json.loads(
        _run(_HELD + "from pokerlab._warm import warm_kernels\nwarm_kernels()\nprint(json.dumps(held()))")
    )
    assert parts[1] == whole


@pytest.mark.parametrize("part", [-1, 2, 1.0, True, "0"])
def test_a_part_out_of_range_is_refused(part):
    with pytest.raises(ParameterError, match=r"part must be 0\.\.1 or None"):
        _warm.warm_kernels(part=part)


def test_a_graded_notebooks_kernel_finds_every_warm_kernel_in_its_copy_of_the_cache(tmp_path):
    """grade() compiles the kernels in its own process (warm_kernels), then copies numba's cache into each
    kernel's folder (_workdir._numba_cache): a process reading only that copy compiles nothing."""
    _warm.warm_kernels()
    _workdir._numba_cache(tmp_path)
    env = dict(os.environ, NUMBA_CACHE_DIR=str(tmp_path / ".numba"))
    code = (
        "from numba.core import event\n"
        "compiled = []\n"
        "class L(event.Listener):\n"
        "    def on_start(self, ev):\n"
        "        d = (ev.data or {}).get('dispatcher')\n"
        "        compiled.append(getattr(getattr(d, 'py_func', None), '__qualname__', '?'))\n"
        "    def on_end(self, ev):\n"
        "        pass\n"
        "event.register('numba:compile', L())\n"
        "from pokerlab._warm import warm_kernels\n"
        "n = warm_kernels()\n"
        "print(n, compiled)\n"
    )
    held, compiled = _run(code, env).strip().splitlines()[-1].split(" ", 1)
    assert int(held) >= 14 and compiled == "[]"


def test_the_suite_judges_the_checkouts_cache(tmp_path, monkeypatch):
    """conftest compiles before the workers start unless each kernel module has as many index files as
    warm_kernels compiles there, each as new as the module."""
    monkeypatch.delenv("NUMBA_CACHE_DIR", raising=False)
    fake = tmp_path / "pokerlab" / "_kernels.py"
    solve = tmp_path / "pokerlab" / "solve" / "_kernels.py"
    for source in (fake, solve):
        source.parent.mkdir(parents=True, exist_ok=True)
        source.write_text("")
        (source.parent / "__pycache__").mkdir()
    monkeypatch.setattr(conftest, "KERNEL_SOURCES", {fake: 3, solve: 1})
    assert not conftest.kernels_look_compiled()
    (solve.parent / "__pycache__" / "_kernels._f-3.py311.nbi").write_text("")
    (fake.parent / "__pycache__" / "_kernels._f-3.py311.nbi").write_text("")
    assert not conftest.kernels_look_compiled()  # one of three: partly compiled
    for k in (4, 5):
        (fake.parent / "__pycache__" / f"_kernels._f-{k}.py311.nbi").write_text("")
    assert conftest.kernels_look_compiled()
    os.utime(fake, (fake.stat().st_mtime + 10, fake.stat().st_mtime + 10))  # the module edited since
    assert not conftest.kernels_look_compiled()
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path))
    assert not conftest.kernels_look_compiled()


def test_the_counts_the_suite_wants_are_what_warm_kernels_compiles():
    out = _run(
        "import json, inspect\nfrom pokerlab._warm import warm_kernels, _dispatchers\nwarm_kernels()\n"
        "print(json.dumps([inspect.getsourcefile(f.py_func) for f in _dispatchers() if f.signatures]))"
    )
    files = json.loads(out.strip().splitlines()[-1])
    counts = {Path(f).resolve(): files.count(f) for f in set(files)}
    assert counts == {path.resolve(): n for path, n in conftest.KERNEL_SOURCES.items()}


def test_the_kernels_copy_of_the_cache_holds_only_regular_files_of_the_cache_folder(tmp_path, monkeypatch):
    """numba's cache may sit in a folder others can write ($NUMBA_CACHE_DIR, a shared folder): a link planted
    there must not make the grader (root) copy the file it points to into a submission's kernel, where the
    submission can read it and show it in its feedback; nor a pipe hang the copy. As _pokerlab_cache does."""
    cache, code, work = tmp_path / "cache", tmp_path / "code", tmp_path / "work"
    cache.mkdir()
    code.mkdir()
    work.mkdir()
    secret = tmp_path / "secret.txt"
    secret.write_text("TOPSECRET")
    (cache / "_kernels.f-1.py311.nbi").write_bytes(b"index")
    (cache / "_kernels.f-1.py311.1.nbc").write_bytes(b"code")
    (cache / "_kernels.leak-1.py311.nbi").symlink_to(secret)
    os.mkfifo(cache / "_kernels.pipe-1.py311.nbc")
    monkeypatch.setattr(_workdir._warm, "cache_folders", lambda: [(cache, code)])
    _workdir._numba_cache(work)
    copied = {f.name: f.read_bytes() for f in (work / ".numba").rglob("*") if f.is_file()}
    assert copied == {"_kernels.f-1.py311.nbi": b"index", "_kernels.f-1.py311.1.nbc": b"code"}
