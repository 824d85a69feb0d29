"""A one-line notice on stderr while numba compiles pokerlab's kernels for the first time.

numba compiles a kernel on its first call and caches the machine code on disk
(``cache=True``; in ``$NUMBA_CACHE_DIR`` or numba's default place), so only the
very first run on a machine waits for it, typically 5-15 s (a first
``evaluate_batch`` in a notebook once sat silent for 55 s). The ``pokerlab``
command turns this notice on (:data:`enabled`), so a newcomer sees why that
first run is slow instead of a silent pause. In a notebook or at a Python prompt
(:func:`interactive`) the library says it too, once per session, when compiling
goes on for more than :data:`INTERACTIVE_DELAY` seconds (a kernel or two that
compile in a moment pass without a word); a script or a test stays quiet, and so does a
session with ``POKERLAB_COMPILE_NOTICE=0`` in its environment (nbval comparing a fresh install's
outputs with the saved ones, where the notice would be one output too many). numba
raises its ``numba:compile`` event only when no cached copy was found.
"""

from __future__ import annotations

import sys
import threading
from typing import Any

enabled = False
"""Print the notice at once (the ``pokerlab`` command sets this); a notebook or prompt gets it after
:data:`INTERACTIVE_DELAY` seconds of compiling, a script or a test not at all."""

single_query = False
"""Prefer numpy for a small single query (the ``pokerlab`` command sets this: a short run must not wait for
numba to start or compile; the library keeps its compiled kernels, which are faster once loaded)."""

INTERACTIVE_DELAY = 2.0
"""Seconds of compiling, in a notebook or at a Python prompt, after which the notice is printed."""

MESSAGE = "pokerlab: compiling kernels for this machine, once (cached for later runs) ...\n"

_shown = False
_installed = False
_compiling = 0  # compilations under way (numba's events nest: a kernel compiles the kernels it calls)
_timer: threading.Timer | None = None
_lock = threading.Lock()
_token: Any = None
"""A semaphore shared with the command's worker processes (:func:`share`): the one process that takes it prints."""


def share() -> Any:
    """The token that lets one process of several print the notice; pass it to workers with :func:`adopt`.

    ``pokerlab reproduce`` and ``tables`` compile in each worker process; without the token every
    worker printed the notice. Created on first use (a ``multiprocessing`` semaphore: no file),
    already taken if this process has printed the notice.
    """
    global _token
    if _token is None:
        import multiprocessing

        _token = multiprocessing.Semaphore(1)
        if _shown:
            _token.acquire(block=False)
    return _token


def adopt(token: Any, on: bool) -> None:
    """In a worker process: print the notice only if ``on`` and this process is the first to take ``token``."""
    global _token, enabled
    _token, enabled = token, on


def interactive() -> bool:
    """True in a notebook (an IPython kernel) or at a Python or IPython prompt, False in a script or a test
    (and wherever ``POKERLAB_COMPILE_NOTICE=0``)."""
    import os

    if os.environ.get("POKERLAB_COMPILE_NOTICE", "").strip() == "0":
        return False
    if hasattr(sys, "ps1") or sys.flags.interactive:
        return True
    ipython = sys.modules.get("IPython")
    get = getattr(ipython, "get_ipython", None)
    return callable(get) and get() is not None


def _say() -> None:
    global _shown
    _shown = True
    if _token is not None and not _token.acquire(block=False):
        return  # another process of this command has said it
    sys.stderr.write(MESSAGE)
    sys.stderr.flush()


def _late() -> None:
    """The interactive delay has passed: say it if a pokerlab kernel is still compiling."""
    global _timer
    with _lock:
        _timer = None
        if _compiling > 0 and not _shown:
            _say()


def install() -> None:
    """Listen for numba compiling a pokerlab kernel (called by the kernel modules when they load)."""
    global _installed
    if _installed or not (enabled or interactive()):
        return
    from numba.core import event

    def ours(ev: Any) -> bool:
        dispatcher = (ev.data or {}).get("dispatcher")
        return (getattr(getattr(dispatcher, "py_func", None), "__module__", "") or "").startswith("pokerlab")

    class _Listener(event.Listener):
        def on_start(self, ev: Any) -> None:
            global _compiling, _timer
            if _shown or not ours(ev):
                return
            with _lock:
                _compiling += 1
                if enabled:
                    _say()
                elif _timer is None:
                    _timer = threading.Timer(INTERACTIVE_DELAY, _late)
                    _timer.daemon = True
                    _timer.start()

        def on_end(self, ev: Any) -> None:
            global _compiling
            if ours(ev):
                with _lock:
                    _compiling = max(0, _compiling - 1)

    event.register("numba:compile", _Listener())
    _installed = True
