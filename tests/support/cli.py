"""The ``pokerlab`` command run in-process from a test: its exit status and what it printed."""

from __future__ import annotations

import pytest

from pokerlab.cli import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int | str | None, str, str]:
    """``pokerlab ARGV...`` through :func:`pokerlab.cli.main`: (exit status, stdout, stderr). argparse's own refusals
    leave ``main`` through ``SystemExit(2)``: their status is returned the same way."""
    try:
        code = main(list(argv))
    except SystemExit as exc:
        code = exc.code
    out, err = capsys.readouterr()
    return code, out, err
