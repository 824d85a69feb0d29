"""``pokerlab._tables``: a damaged evaluator cache is rebuilt with one warning (one line on the command line)."""

from __future__ import annotations

import json
import os
import warnings
from pathlib import Path

import numpy as np
import pytest

from pokerlab.errors import CacheWarning
from tests.support.cli import run_process


def _damage(path: Path, damage: str) -> None:
    data = path.read_bytes()
    if damage == "empty":
        path.write_bytes(b"")
    elif damage == "truncated":
        path.write_bytes(data[: len(data) // 2])
    elif damage == "foreign":
        np.savez(path, card_key=np.zeros(52), provenance=np.array(json.dumps({"kind": "other"})), digest=np.array("x"))
    elif damage == "edited":
        with np.load(path) as npz:
            arrays = {k: npz[k] for k in npz.files}
        arrays["noflush"] = arrays["noflush"].copy()
        arrays["noflush"][7] += 1
        np.savez(path, **arrays)
    else:
        path.write_bytes(os.urandom(1000))


@pytest.mark.parametrize("damage", ["empty", "truncated", "foreign", "edited", "garbage"])
def test_a_damaged_evaluator_cache_is_rebuilt_with_one_warning(tmp_path, monkeypatch, damage):
    from pokerlab import _tables

    monkeypatch.setenv("POKERLAB_CACHE_DIR", str(tmp_path))
    good = _tables.tables.__wrapped__()  # builds and writes the file
    path = next(tmp_path.glob("evaluator-*.npz"))
    _damage(path, damage)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        again = _tables.tables.__wrapped__()
    assert [w.category for w in caught] == [CacheWarning] and "rebuilding" in str(caught[0].message)
    assert all(np.array_equal(getattr(again, f), getattr(good, f)) for f in ("flush", "noflush", "prefix", "suffix"))
    with warnings.catch_warnings():
        warnings.simplefilter("error", CacheWarning)
        _tables.tables.__wrapped__()  # the rewritten file is trusted


def test_on_the_command_line_a_rebuilt_cache_is_one_warning_line(tmp_path):
    env = {"POKERLAB_CACHE_DIR": str(tmp_path)}
    assert run_process("eval", "AsKs", "QsJsTs", env=env).returncode == 0
    path = next(tmp_path.glob("evaluator-*.npz"))
    path.write_bytes(b"")
    cmd = run_process("eval", "AsKs", "QsJsTs", env=env)
    assert cmd.returncode == 0 and "Royal flush" in cmd.stdout
    lines = cmd.stderr.strip().split("\n")
    assert len(lines) == 1 and lines[0].startswith("pokerlab: warning: the cache file"), cmd.stderr
    cmd = run_process("eval", "AsKs", "QsJsTs", env=env)
    assert cmd.returncode == 0 and cmd.stderr == ""
