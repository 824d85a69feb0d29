"""A one-line notice on stderr while numba compiles pokerlab's kernels for the first time.

numba compiles a kernel on its first call and caches the machine code on disk
(``cache=True``; in ``$NUMBA_CACHE_DIR`` or numba's default place), so only the
very first run on a machine waits for it, typically 5-15 s. The ``pokerlab``
command turns this notice on (:data:`enabled`), so a newcomer sees why that
first run is slow instead of a silent pause; the library stays quiet. numba
raises its ``numba:compile`` event only when no cached copy was found.
"""

from __future__ import annotations

import sys
from typing import Any

enabled = False
"""Print the notice (the ``pokerlab`` command sets this; notebooks and the library stay quiet)."""

single_query = False
"""Prefer numpy for a small single query (the ``pokerlab`` command sets this: a short run must not wait for
numba to start or compile; the library keeps its compiled kernels, which are faster once loaded)."""

_shown = False
_installed = False
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


def install() -> None:
    """Listen for numba compiling a pokerlab kernel (called by the kernel modules when they load)."""
    global _installed
    if _installed or not enabled:
        return
    from numba.core import event

    class _Listener(event.Listener):
        def on_start(self, ev: Any) -> None:
            global _shown
            dispatcher = (ev.data or {}).get("dispatcher")
            module = getattr(getattr(dispatcher, "py_func", None), "__module__", "") or ""
            if _shown or not enabled or not module.startswith("pokerlab"):
                return
            _shown = True
            if _token is not None and not _token.acquire(block=False):
                return  # another process of this command has said it
            sys.stderr.write("pokerlab: compiling kernels for this machine, once (cached for later runs) ...\n")
            sys.stderr.flush()

        def on_end(self, ev: Any) -> None:
            pass

    event.register("numba:compile", _Listener())
    _installed = True
