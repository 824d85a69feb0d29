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
            sys.stderr.write("pokerlab: compiling kernels for this machine, once (cached for later runs) ...\n")
            sys.stderr.flush()

        def on_end(self, ev: Any) -> None:
            pass

    event.register("numba:compile", _Listener())
    _installed = True
