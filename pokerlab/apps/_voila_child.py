"""Run Voila as a child that never outlives the process that started it (``pokerlab play``).

``python -m pokerlab.apps._voila_child PARENT_PID MODE VOILA_ARGS...`` is what
:func:`pokerlab.apps.serve.start` runs. ``pokerlab play`` may end without
a chance to stop its server (``kill -9``, a closed terminal, an out-of-memory
kill); Voila, in its own process group, would then keep serving as an orphan,
with its kernels. Two guards stop that:

* on Linux the child asks the kernel for a signal when its parent dies
  (``prctl(PR_SET_PDEATHSIG, SIGTERM)``, through ctypes);
* everywhere a daemon thread checks every second that the parent is still
  the one that started it (``os.getppid()``; an orphan is re-parented).

Either way the whole process group (Voila and the kernels it started) gets
SIGTERM, then SIGKILL five seconds later if anything is still there.
"""

from __future__ import annotations

import contextlib
import os
import signal
import sys
import threading
import time

__all__: list[str] = []

_PR_SET_PDEATHSIG = 1


def _ask_for_a_signal_when_the_parent_dies() -> None:
    """Linux only: SIGTERM to this process when the parent exits (no-op elsewhere or if libc refuses)."""
    if not sys.platform.startswith("linux"):
        return
    with contextlib.suppress(Exception):
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(_PR_SET_PDEATHSIG, int(signal.SIGTERM), 0, 0, 0)


def _end_the_group() -> None:
    """SIGTERM to the whole process group (Voila and its kernels), SIGKILL 5 s later."""
    with contextlib.suppress(OSError):
        os.killpg(os.getpgrp(), signal.SIGTERM)
    time.sleep(5)
    with contextlib.suppress(OSError):
        os.killpg(os.getpgrp(), signal.SIGKILL)


def _watch(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(1.0)
    _end_the_group()


def main(argv: list[str]) -> None:
    """Watch the parent named in ``argv[0]``, then run Voila with the rest of ``argv``.

    ``argv[1]`` is ``"thread-safe"`` when the parent started this child from its main thread: Linux
    sends the death signal when the *thread* that started the child ends, so from any other thread
    (which may end while the process lives on) only the polling guard is used.
    """
    parent = int(argv[0])
    if argv[1] == "thread-safe":
        _ask_for_a_signal_when_the_parent_dies()
    argv = [argv[0], *argv[2:]]
    if os.getppid() != parent:  # the parent died before the guards were in place
        _end_the_group()
        return
    threading.Thread(target=_watch, args=(parent,), daemon=True, name="pokerlab-parent-watch").start()
    import runpy

    sys.argv = ["voila", *argv[1:]]
    runpy.run_module("voila", run_name="__main__", alter_sys=True)


if __name__ == "__main__":  # pragma: no cover - run as a child process by serve.start
    main(sys.argv[1:])
