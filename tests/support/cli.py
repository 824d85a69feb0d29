"""The ``pokerlab`` command run from a test, in-process or in a new process: its exit status and what it printed."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from pokerlab.cli import main
from tests.support.timing import hang_guard


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int | str | None, str, str]:
    """``pokerlab ARGV...`` through :func:`pokerlab.cli.main`: (exit status, stdout, stderr). argparse's own refusals
    leave ``main`` through ``SystemExit(2)``: their status is returned the same way."""
    try:
        code = main(list(argv))
    except SystemExit as exc:
        code = exc.code
    out, err = capsys.readouterr()
    return code, out, err


REPO = Path(__file__).resolve().parents[2]


def run_process(*argv: str, cwd: Path | None = None, env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    """``python -m pokerlab ARGV...`` in a new process on this checkout (``env`` added to this process's), as a
    user's shell runs it: for what only a whole process shows (exit status, every line on stderr, caches on disk)."""
    return subprocess.run(
        [sys.executable, "-m", "pokerlab", *argv],
        capture_output=True,
        text=True,
        cwd=cwd,
        env=dict(os.environ, PYTHONPATH=str(REPO), **(env or {})),
        timeout=hang_guard(300),
    )


def one_error_line(proc: subprocess.CompletedProcess, *words: str) -> None:
    """``proc`` refused its input the command line's way: exit status 2 and one ``pokerlab: error:`` line holding
    each of ``words``."""
    assert proc.returncode == 2, proc.stderr
    lines = proc.stderr.strip().split("\n")
    assert len(lines) == 1 and lines[0].startswith("pokerlab: error:"), proc.stderr
    for w in words:
        assert w in lines[0], lines[0]
