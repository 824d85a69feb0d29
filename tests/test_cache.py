"""``pokerlab._cache``: where the disk caches go, and that the test suite keeps out of the user's.

The file format itself (digests, atomic writes, rebuilding what fails) is tested beside each cache's
module (``tests/test_tables_cache.py``, ``tests/bpp/test_bpp_learning_cache.py``,
``tests/preflop/test_preflop_exact_cache.py``) and between processes in ``tests/test_cache_processes.py``.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

from pokerlab import _cache

REPO = Path(__file__).resolve().parents[1]
HOME_CACHE = Path.home() / ".cache" / "pokerlab"


def _listing(folder: Path) -> dict[str, int]:
    return {p.name: p.stat().st_mtime_ns for p in folder.iterdir()} if folder.is_dir() else {}


def test_cache_dir_is_the_environment_variable_or_the_home_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("POKERLAB_CACHE_DIR", str(tmp_path))
    assert _cache.cache_dir() == tmp_path
    monkeypatch.delenv("POKERLAB_CACHE_DIR")
    assert _cache.cache_dir() == HOME_CACHE


def test_the_suite_caches_into_its_scratch_folder_not_the_users():
    """The top-level conftest.py points the caches into a temporary folder unless the user chose one."""
    scratch = os.environ.get("POKERLAB_TESTS_SCRATCH")
    chosen_by_user = os.environ["POKERLAB_CACHE_DIR"] != str(Path(scratch or "/nonexistent") / "cache")
    if chosen_by_user:  # the user's own choice is respected, and is never the default by accident
        assert os.environ["POKERLAB_CACHE_DIR"]
        return
    assert Path(scratch).resolve().is_relative_to(Path(tempfile.gettempdir()).resolve())
    assert _cache.cache_dir() == Path(scratch) / "cache" != HOME_CACHE
    assert os.environ["POKERLAB_DATA_DIR"] == str(Path(scratch) / "data")


def test_subprocesses_of_the_suite_use_the_same_cache():
    """Workers, CLI subprocesses and notebook kernels inherit the environment, so they share one cache."""
    code = "from pokerlab import _cache; print(_cache.cache_dir())"
    env = dict(os.environ, PYTHONPATH=str(REPO))
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    assert Path(out.stdout.strip()) == _cache.cache_dir()


def test_building_caches_in_the_suite_leaves_the_home_cache_alone(tmp_path, monkeypatch):
    """Build the evaluator tables and a small BPP count file the way the suite does (no override in the
    test itself) and check ~/.cache/pokerlab gained or changed nothing."""
    from pokerlab import _tables
    from pokerlab.bpp import learning

    before = _listing(HOME_CACHE)
    _tables.tables()
    monkeypatch.setattr(learning, "_MEMO", {})
    learning.deal_counts(deals=1000, seed=77)
    assert learning.cache_path(1000, 77).parent == _cache.cache_dir()
    assert learning.cache_path(1000, 77).exists()
    assert _listing(HOME_CACHE) == before or os.environ.get("POKERLAB_CACHE_DIR") == str(HOME_CACHE)


def test_a_named_pipe_at_a_cache_path_is_passed_over_not_waited_on(tmp_path):
    import pytest

    """A FIFO where a cache file should be: load warns and returns None at once, save leaves it alone
    (before: opening the FIFO waited for a writer forever)."""
    import os

    import numpy as np

    from pokerlab import _cache
    from pokerlab.errors import CacheWarning

    fifo = tmp_path / "tables.npz"
    os.mkfifo(fifo)
    with pytest.warns(CacheWarning, match="not a regular file"):
        assert _cache.load(fifo, {"kind": "x"}, ("a",)) is None
    _cache.save(fifo, {"a": np.arange(3)}, {"kind": "x"})
    assert not fifo.is_file() and fifo.exists()
