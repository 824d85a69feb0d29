"""A one-line notice on stderr while numba compiles pokerlab's kernels for the first time.

numba compiles a kernel on its first call and caches the machine code on disk
(``cache=True``; in ``$NUMBA_CACHE_DIR`` or numba's default place), so only the
very first run on a machine waits for it, typically 5-15 s (a first
``evaluate_batch`` in a notebook once sat silent for 55 s). The ``pokerlab``
command turns this notice on (:data:`enabled`), so a newcomer sees why that
first run is slow instead of a silent pause. In a notebook or at a Python prompt
(:func:`interactive`) the library says it too, when compiling goes on for more than
:data:`INTERACTIVE_DELAY` seconds (a kernel or two that compile in a moment pass without a word).

The kernels come in families, one per kernel module (hand evaluation, equity, hand strength, the
solvers, ...), and each family compiles on the first call that needs it: a first ``evaluate_batch``,
then a first ``equity`` and a first ``hand_potential`` in the same session each compiled for 5-6 s.
So the notice is said once per family whose compiling lasts longer than the delay: the first time as
:data:`MESSAGE`, later ones naming the family (:func:`message`). A script or a test stays quiet, and
so does a session with ``POKERLAB_COMPILE_NOTICE=0`` in its environment (nbval comparing a fresh
install's outputs with the saved ones, where the notice would be one output too many). numba raises
its ``numba:compile`` event only when no cached copy was found, so a load from the cache is never
announced.
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

FAMILIES = {
    "pokerlab._kernels.core": "card tables",
    "pokerlab._kernels.evaluator": "hand evaluation",
    "pokerlab._kernels.equity": "equity",
    "pokerlab._kernels.strength": "hand strength and potential",
    "pokerlab._kernels.preflop": "preflop tables",
    "pokerlab.solve._kernels": "game solver",
    "pokerlab.solve._postflop_kernels": "postflop solver",
}
"""Each kernel module's family, as a later notice names it (:func:`message`)."""

LONG = {"pokerlab.solve._postflop_kernels": "about 1.5 minutes of one core"}
"""The families whose first compile is long enough that the notice says how long (measured on a 2-core machine:
the postflop solver 108 CPU-seconds, 278 s on a machine loaded by other work): a student waiting on lesson 12's
first solve is told to wait rather than left guessing."""

_shown = False
_said: set[str] = set()  # the families announced in this process
_installed = False
_compiling = 0  # compilations under way (numba's events nest: a kernel compiles the kernels it calls)
_family = ""  # the family of the outermost compilation under way
_round = 0  # counts outermost compilations, so a timer left from an earlier one stays quiet
_timer: threading.Timer | None = None
_lock = threading.Lock()
_token: Any = None
"""A semaphore shared with the command's worker processes (:func:`share`): the one process that takes it prints."""


def message(family: str, first: bool) -> str:
    """The line said when ``family`` (a kernel module's name) compiles: :data:`MESSAGE` the first time in a
    session, then one that names the family.

    >>> message("pokerlab._kernels.equity", first=False)
    'pokerlab: compiling more kernels (equity), once (cached for later runs) ...\\n'
    >>> message("pokerlab.solve._postflop_kernels", first=False).split("; ")[1]
    'about 1.5 minutes of one core) ...\\n'
    """
    long = f"; {LONG[family]}" if family in LONG else ""
    if first:
        return MESSAGE.replace(" ...", f"{long} ...") if long else MESSAGE
    name = FAMILIES.get(family, family.rpartition(".")[2].strip("_").replace("_", " "))
    return f"pokerlab: compiling more kernels ({name}), once (cached for later runs{long}) ...\n"


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


def _say(family: str) -> None:
    """Say it for ``family`` (called holding ``_lock``)."""
    global _shown
    first = not _shown
    _shown = True
    _said.add(family)
    if _token is not None and not _token.acquire(block=False):
        return  # another process of this command has said it
    sys.stderr.write(message(family, first))
    sys.stderr.flush()


def _late(round_: int) -> None:
    """The delay has passed: say it if that compilation is still under way."""
    global _timer
    with _lock:
        if round_ != _round:
            return
        _timer = None
        if _compiling > 0 and _family not in _said:
            _say(_family)


def _started(module: str) -> None:
    """numba began compiling a kernel of ``module``."""
    global _compiling, _family, _round, _timer
    with _lock:
        _compiling += 1
        if _compiling > 1:
            return  # a kernel compiling the kernels it calls: part of the same wait
        _family = module
        _round += 1
        if module in _said or (_token is not None and _shown):
            return  # said for this family; or a command's workers, where one line says it for all
        if enabled and not _shown:
            _say(module)  # the command: at once, the first time
        else:
            _timer = threading.Timer(INTERACTIVE_DELAY, _late, args=(_round,))
            _timer.daemon = True
            _timer.start()


def _ended() -> None:
    """numba finished compiling a kernel."""
    global _compiling, _timer
    with _lock:
        _compiling = max(0, _compiling - 1)
        if _compiling == 0 and _timer is not None:
            _timer.cancel()
            _timer = None


def install() -> None:
    """Listen for numba compiling a pokerlab kernel (called by the kernel modules when they load)."""
    global _installed
    if _installed or not (enabled or interactive()):
        return
    from numba.core import event

    def ours(ev: Any) -> str:
        """The module of the kernel being compiled if it is pokerlab's, else ''."""
        dispatcher = (ev.data or {}).get("dispatcher")
        module = getattr(getattr(dispatcher, "py_func", None), "__module__", "") or ""
        return module if module.startswith("pokerlab") else ""

    class _Listener(event.Listener):
        def on_start(self, ev: Any) -> None:
            module = ours(ev)
            if module:
                _started(module)

        def on_end(self, ev: Any) -> None:
            if ours(ev):
                _ended()

    event.register("numba:compile", _Listener())
    _installed = True
