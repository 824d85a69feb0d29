"""Serve a table app in the browser with Voila (``pokerlab play``).

:func:`start` writes a one-cell notebook that opens the app, and runs
Voila on it, bound to 127.0.0.1, with pokerlab's page template (Voila's
lab page without its CDN stylesheets: nothing loads from the web). The
widgets are the same ones a notebook cell shows (``HeadsUpApp()``,
``BigHoldemApp()``).

Every page (a reload, a second tab) is its own kernel and so its own match: a
match is not kept across a reload. A reload never deals again what a page has
shown: with ``seed`` the first page deals from it and each later page from a
seed drawn from it and the page's number (the page says it is a new match).

The address printed is the one Voila serves: a port you name must be free
(a taken one is refused with a :class:`~pokerlab.errors.ParameterError`,
and Voila is told never to move to another port). Every page has its own
kernel (70-200 MB); a kernel whose page was closed is culled after
``cull_after`` seconds without a connection (default 10 minutes), and a kernel
no page ever connected to (a page load that timed out) after 2 minutes idle
(:mod:`pokerlab.apps._voila_kernels`).

Voila runs in its own process group, through :mod:`pokerlab.apps._voila_child`,
which ends that group when the process that called :func:`start` dies, however
it dies (``kill -9`` included): no orphaned server keeps the port or its kernels.
The page checks every few seconds that its server and kernel are still there and,
when they are not, says so in a banner over the table (the buttons would no
longer reach anyone).
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from enum import StrEnum
from pathlib import Path
from typing import Any, Literal, TypeAlias

from pokerlab import _validate
from pokerlab.apps.bigholdem import BigHoldemApp
from pokerlab.apps.heads_up import HeadsUpApp
from pokerlab.errors import ParameterError

__all__ = ["APPS", "App", "AppServer", "free_port", "port_is_free", "start"]


class App(StrEnum):
    """The apps :func:`start` serves, by their ``--app`` name."""

    HEADS_UP = "heads-up"
    BIGHOLDEM = "bigholdem"


AppChoice: TypeAlias = App | Literal["heads-up", "bigholdem"]
"""An :class:`App` or its name (mypy refuses a misspelt one)."""

APPS = {App.HEADS_UP.value: "HeadsUpApp", App.BIGHOLDEM.value: "BigHoldemApp"}
"""The apps ``pokerlab play`` serves: the ``--app`` name and the class in :mod:`pokerlab.apps` each page shows."""
_PAGE = "from pokerlab.apps.serve import _page_app\n_page_app({app!r}, {seed}, {folder!r}, {delay})"
_TEMPLATES = Path(__file__).resolve().parent / "jupyter"


def port_is_free(port: int) -> bool:
    """True when a server could listen on ``port`` on 127.0.0.1 now, as Voila would.

    The check binds with ``SO_REUSEADDR``, as Voila's server (tornado) does, so the
    TIME-WAIT connections a stopped server leaves behind (a page was open when you
    pressed Ctrl-C) do not make the port look taken for a minute; a port another
    program listens on is still refused.
    """
    port = _validate.whole(port, "port", lo=1, hi=65535, message="port must be 1..65535")
    with socket.socket() as s:
        if os.name != "nt":  # on Windows SO_REUSEADDR would let two servers share a port
            s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            s.bind(("127.0.0.1", port))
            s.listen(1)
        except OSError:
            return False
    return True


def _page_seed(seed: int | None, folder: str) -> tuple[int | None, int]:
    """The seed of the next page this server shows, and that page's number (0 for the first).

    Every page (a reload, a second tab) is a new kernel and so a new match. With a seed the
    first page deals from ``seed`` and page ``k`` from ``Random(f"{seed}:page {k}")``: a reload
    never deals again the cards a page has shown, and a server started with the same seed
    deals the same pages in the same order. The page number is claimed by creating the file
    ``page-k`` in ``folder`` (the server's own), which only one kernel can do.
    """
    import random

    k = 0
    while True:
        try:
            fd = os.open(Path(folder) / f"page-{k}", os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o600)
        except FileExistsError:
            k += 1
            continue
        os.close(fd)
        break
    if seed is None:
        return None, k
    return (seed if k == 0 else random.Random(f"{seed}:page {k}").randrange(2**31)), k


def _page_app(app: str, seed: int | None, folder: str, delay: float | None) -> Any:
    """The app one served page shows (run in the page's kernel): its own match, said so after a reload."""
    page_seed, k = _page_seed(seed, folder)
    shown: Any
    if app == "heads-up":
        shown = HeadsUpApp(seed=page_seed) if delay is None else HeadsUpApp(seed=page_seed, delay=delay)
    else:
        shown = BigHoldemApp(seed=page_seed)
    if k:
        shown.notice.value = (
            '<span class="pl-new-page">A new page is a new match (page reloaded or opened twice): '
            "a match is not kept across a reload, and no deal shown before is dealt again.</span>"
        )
    return shown


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _notebook(code: str) -> dict:
    cell: dict[str, Any] = {
        "cell_type": "code",
        "execution_count": None,
        "id": "app",
        "metadata": {},
        "outputs": [],
        "source": code,
    }
    kernel = {"name": "python3", "display_name": "Python 3", "language": "python"}
    return {"cells": [cell], "metadata": {"kernelspec": kernel}, "nbformat": 4, "nbformat_minor": 5}


class AppServer:
    """A running Voila server; ``stop()`` (or leaving a ``with`` block) ends it."""

    def __init__(self, process: subprocess.Popen, url: str, folder: tempfile.TemporaryDirectory) -> None:
        _validate.instance(process, subprocess.Popen, "process must be the server's subprocess.Popen")
        said = f"url must be the server's http address, not {url!r:.60}"
        if not _validate.text(url, "url", message=said).startswith(("http://", "https://")):
            raise ParameterError(said)
        _validate.instance(folder, tempfile.TemporaryDirectory, "folder must be a tempfile.TemporaryDirectory")
        self.process = process
        self.url = url
        self._folder = folder

    def stop(self) -> None:
        """End Voila and its kernels (its whole process group): politely, then after 5 s by force."""
        if self.process.poll() is None:
            self._signal(signal.SIGTERM)
            with contextlib.suppress(subprocess.TimeoutExpired):
                self.process.wait(5)
        self._signal(signal.SIGKILL)  # kernels that outlived Voila
        self.process.wait()
        self._folder.cleanup()

    def _signal(self, sig: int) -> None:
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(self.process.pid, sig)

    def __enter__(self) -> AppServer:
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()


def start(
    app: AppChoice = "heads-up",
    port: int | None = None,
    *,
    seed: int | None = None,
    delay: float | None = None,
    wait: float = 60.0,
    quiet: bool = True,
    cull_after: int = 600,
    cull_unconnected: int = 120,
) -> AppServer:
    """Start Voila serving ``app`` on 127.0.0.1 and wait until it answers.

    ``port`` None picks a free one; a taken port is refused. ``cull_after``
    is how long (seconds, 2..86400) the kernel of a closed page stays;
    ``cull_unconnected`` (2..86400, at most ``cull_after``) how long an idle
    kernel stays that no page ever connected to (a page load that timed out).
    """
    _validate.choice(app, "app", APPS, message=f"unknown app {app!r}; the apps are {', '.join(APPS)}")
    if port is None:
        port = free_port()
    port = _validate.whole(port, "port", lo=1024, hi=65535, message="the port must be 1024..65535")
    if not port_is_free(port):
        raise ParameterError(f"the port {port} is taken on 127.0.0.1; choose another or leave --port out")
    if seed is not None:
        seed = _validate.whole(
            seed, "seed", lo=0, hi=2**62 - 1, message="the seed must be a whole number 0..2**62-1 (as the apps take)"
        )
    if delay is not None:
        delay = _validate.real(delay, "delay", lo=0, hi=10, message="the delay must be 0..10 seconds")
    cull_after = _validate.whole(
        cull_after, "cull_after", lo=2, hi=86_400, message="cull_after must be 2..86400 seconds"
    )
    cull_unconnected = _validate.whole(
        cull_unconnected, "cull_unconnected", lo=2, hi=86_400, message="cull_unconnected must be 2..86400 seconds"
    )
    cull_unconnected = min(cull_unconnected, cull_after)
    wait = _validate.real(wait, "wait", lo=0, lo_open=True, hi=3600, message="wait must be 0..3600 seconds")
    folder = tempfile.TemporaryDirectory(prefix="pokerlab-app-")
    pages = Path(folder.name) / "pages"
    pages.mkdir()
    name = "BigHoldem" if app == "bigholdem" else "Heads-up against BPP"
    path = Path(folder.name) / f"{name}.ipynb"
    code = _PAGE.format(
        app=app,
        seed=None if seed is None else int(seed),
        folder=str(pages),
        delay=None if delay is None or app != "heads-up" else float(delay),
    )
    path.write_text(json.dumps(_notebook(code)))
    env = dict(os.environ)
    env["JUPYTER_PATH"] = os.pathsep.join(filter(None, [str(_TEMPLATES), env.get("JUPYTER_PATH", "")]))
    cmd = [
        sys.executable,
        "-m",
        "pokerlab.apps._voila_child",  # Voila that ends (with its kernels) when this process dies, even by kill -9
        str(os.getpid()),
        "thread-safe" if threading.current_thread() is threading.main_thread() else "poll-only",
        str(path),
        f"--port={port}",
        "--Voila.port_retries=0",  # serve this port or fail: never print one address and serve another
        "--no-browser",
        # the kernel of a closed page (no connection) is shut down once idle for cull_after seconds
        f"--MappingKernelManager.cull_idle_timeout={cull_after}",
        f"--MappingKernelManager.cull_interval={max(1, min(60, cull_unconnected // 2))}",
        "--MappingKernelManager.cull_connected=False",
        # a page that never connected (its load timed out, its tab was closed at once) holds its kernel 2 min at most
        "--VoilaConfiguration.multi_kernel_manager_class=pokerlab.apps._voila_kernels.PageKernelManager",
        f"--PageKernelManager.unconnected_timeout={cull_unconnected}",
        "--Voila.ip=127.0.0.1",
        "--template=pokerlab",
        "--theme=light",
        "--show_tracebacks=False",
    ]
    out = subprocess.DEVNULL if quiet else None
    # its own process group, so stop() can end Voila together with the kernels it started
    process = subprocess.Popen(cmd, cwd=folder.name, env=env, stdout=out, stderr=out, start_new_session=True)
    url = f"http://127.0.0.1:{port}/"
    server = AppServer(process, url, folder)
    deadline = time.monotonic() + wait
    while time.monotonic() < deadline:
        if process.poll() is not None:
            server.stop()
            raise ParameterError(f"Voila stopped at once (exit status {process.returncode}); is port {port} free?")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return server
        except OSError:
            time.sleep(0.2)
    server.stop()
    raise ParameterError(f"Voila did not answer on port {port} within {wait:.0f} s")
