"""``pokerlab._cache`` between processes: two writers at once, and a reader racing a writer, stay right."""

from __future__ import annotations

import os
import subprocess
import sys
import warnings
from pathlib import Path

import numpy as np

from pokerlab.errors import CacheWarning
from tests.support.timing import hang_guard

REPO = Path(__file__).resolve().parents[1]


_BUILD = """
from pokerlab._tables import tables
from pokerlab.bpp import learning
t = tables()
c = learning.deal_counts(20_000, seed=5)
print(int(t.noflush.sum()), int(t.flush.sum()), int(c.win2.sum()), int(c.current.sum()), c.final.tolist())
"""


def test_two_processes_building_the_same_caches_at_once_both_get_right_answers(tmp_path):
    env = dict(os.environ, PYTHONPATH=str(REPO), POKERLAB_CACHE_DIR=str(tmp_path))
    argv = [sys.executable, "-W", "error::pokerlab.errors.CacheWarning", "-c", _BUILD]
    procs = [subprocess.Popen(argv, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) for _ in "ab"]
    outs = [p.communicate(timeout=hang_guard(300)) for p in procs]
    assert all(p.returncode == 0 for p in procs), [o[1][-800:] for o in outs]
    assert outs[0][0] == outs[1][0]
    assert not list(tmp_path.glob("*.tmp"))  # no temporary file left behind
    # the files both wrote load without a warning, to the same numbers
    proc = subprocess.run(argv, env=env, capture_output=True, text=True, timeout=hang_guard(300))
    assert proc.returncode == 0 and proc.stdout == outs[0][0]


def test_a_reader_never_sees_half_a_cache_file(tmp_path, monkeypatch):
    """Writers rename a finished temporary file over the old one; readers racing them stay right."""
    from pokerlab import _cache

    monkeypatch.setenv("POKERLAB_CACHE_DIR", str(tmp_path))
    path = tmp_path / "x.npz"
    arrays = {"a": np.arange(200_000)}
    prov = {"kind": "test"}
    _cache.save(path, arrays, prov)
    code = (
        "import sys, numpy as np; from pathlib import Path; from pokerlab import _cache\n"
        f"p = Path({str(path)!r})\n"
        "for i in range(60): _cache.save(p, {'a': np.arange(200_000) * (i % 2 + 1) // (i % 2 + 1)}, {'kind': 'test'})\n"
    )
    writer = subprocess.Popen([sys.executable, "-c", code], env=dict(os.environ, PYTHONPATH=str(REPO)))
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", CacheWarning)
            while writer.poll() is None:
                got = _cache.load(path, prov, ("a",))
                assert got is not None and np.array_equal(got["a"], arrays["a"])
    finally:
        writer.wait(timeout=hang_guard(120))
    assert writer.returncode == 0
