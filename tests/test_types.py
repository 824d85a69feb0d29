"""mypy is part of the test suite, with the settings in pyproject.toml ([tool.mypy]).

The package is checked with every function annotated and every body checked
(``disallow_untyped_defs``, ``check_untyped_defs``, ``strict_equality``, ...);
the numba kernels may leave their arguments unannotated (numba types them).
mypy writes its cache to a temporary folder, so each run starts cold (about
25 s of CPU time): the package test is marked slow.
"""

import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.peers import peer

ROOT = Path(__file__).resolve().parents[1]


def mypy(cache: Path, *args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess:
    peer("mypy")  # in the test extra: a missing mypy fails (#24: no anchor is lost to a silent skip)
    command = [sys.executable, "-m", "mypy", "--config-file", str(ROOT / "pyproject.toml"), "--cache-dir", str(cache)]
    return subprocess.run([*command, *args], cwd=cwd, capture_output=True, text=True)


def errors(proc: subprocess.CompletedProcess) -> list[str]:
    return [line for line in proc.stdout.splitlines() if re.search(r":\d+: error:", line)]


@pytest.mark.slow
def test_mypy_finds_no_error_in_the_package(tmp_path):
    proc = mypy(tmp_path, "-p", "pokerlab")
    found = errors(proc)
    assert found == [], f"{len(found)} mypy errors:\n" + proc.stdout + proc.stderr
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert proc.stdout.startswith("Success: no issues found in "), proc.stdout


def test_the_settings_refuse_unannotated_and_wrong_code(tmp_path):
    # the same settings on two small faults: a function without annotations, and a str added to an int
    snippet = "def double(x):\n    return 2 * x\n\n\ndef total() -> int:\n    return 1 + 'one'\n"
    (tmp_path / "snippet.py").write_text(snippet)
    proc = mypy(tmp_path / "cache", "-m", "snippet", cwd=tmp_path)
    found = errors(proc)
    assert len(found) == 2, proc.stdout + proc.stderr
    assert "Function is missing a type annotation" in found[0]
    assert "Unsupported operand types for +" in found[1]
    assert proc.returncode == 1
