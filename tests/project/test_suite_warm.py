"""When the suite compiles pokerlab's kernels before its tests (``conftest.wants_kernels``): for every run that may
call many (CI's ``python -m pytest`` included), never for a run of only the tests that read the sources and call few
(reviewer6: two syntax-tree tests took 206 s on a fresh clone, compiling every kernel first);
``POKERLAB_TESTS_WARM`` decides when it is set."""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path

from tests.support.timing import hang_guard

ROOT = Path(__file__).resolve().parents[2]


def _top_conftest():
    spec = importlib.util.spec_from_file_location("pokerlab_top_conftest_warm", ROOT / "conftest.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_only_a_run_of_source_reading_tests_skips_the_compilation():
    conftest = _top_conftest()
    wants = conftest.wants_kernels
    project = ROOT / "tests" / "project"
    assert wants([], ROOT, {}) and wants(["tests"], ROOT, {})  # the whole suite (CI), a folder
    assert wants(["tests/project"], ROOT, {}) and wants(["tests/test_equity.py"], ROOT, {})
    assert not wants(["tests/project/test_lint.py", "tests/project/test_one_validation.py"], ROOT, {})
    assert not wants(["tests/project/test_api.py::test_layers"], ROOT, {})  # a node id, by its file
    assert not wants(["test_imports_at_top.py", str(project / "test_types.py")], project, {})  # relative or absolute
    assert wants(["tests/project/test_lint.py", "tests/test_cards.py"], ROOT, {})  # one file that may call one
    assert wants(["notebooks/02_strength_and_potential.ipynb"], ROOT, {})
    assert wants(["/elsewhere/test_lint.py"], ROOT, {})
    assert not wants([], ROOT, {"POKERLAB_TESTS_WARM": "0"})  # the variable decides when set
    assert wants(["tests/project/test_lint.py"], ROOT, {"POKERLAB_TESTS_WARM": "1"})
    for name in conftest.LIGHT_TESTS:
        assert (ROOT / name).is_file(), name


def test_a_source_reading_run_starts_without_compiling(tmp_path):
    """A numba cache of its own makes the checkout's kernels look uncompiled: the run would compile first."""
    env = {k: v for k, v in os.environ.items() if k != "POKERLAB_TESTS_WARM"}
    env.update(NUMBA_CACHE_DIR=str(tmp_path), PYTHONPATH=str(ROOT))
    argv = [sys.executable, "-m", "pytest", "-n", "0", "-q", "-p", "no:cacheprovider"]
    argv += ["tests/project/test_suite_schedule.py", "-k", "group_suffix"]
    proc = subprocess.run(argv, cwd=ROOT, env=env, capture_output=True, text=True, timeout=hang_guard(300))
    assert proc.returncode == 0, proc.stdout[-2000:] + proc.stderr[-2000:]
    assert "compiling pokerlab's kernels" not in proc.stderr and "1 passed" in proc.stdout, proc.stderr
    assert list(tmp_path.iterdir()) == []  # nothing compiled
