"""What every browser test shares: Chromium with the network blocked, and one JupyterLab server per worker.

The browser tests (marked slow) drive Debian's Chromium (``/usr/bin/chromium``) through Playwright, which cannot
download browsers here. Each of them used to carry its own copy of the same scaffolding; this module is the one
copy:

* :func:`require_chromium`, called at a test module's top: skips the module when there is no Chromium, and
  fails it in CI (``.ci/run`` installs Chromium with apt, so a missing one there is a broken machine);
* :func:`chromium`, a launched headless Chromium (a test module holds one in a module-scoped fixture: with
  ``--dist loadgroup`` a file's tests run in one worker, one after another, unless they name xdist groups);
* :func:`block_network`, the promise every browser test checks: every request of a page (or of a browser
  context) is routed, the ones that stay on the machine (``file:``, ``data:``, ``blob:``, ``about:``,
  127.0.0.1 and localhost) go through, every other one is refused and listed, and the test asserts the list
  is empty;
* :class:`JupyterLab`, a JupyterLab server on a free port with a token, in a temporary folder, with notebook
  windowing off (every cell is in the page) and the application exposed to the page
  (``window.jupyterapp``), so a test runs cells through JupyterLab's own commands and waits on the kernel's
  real state instead of typing Shift+Enter into whatever has the focus. The ``jupyterlab`` fixture
  (``tests/conftest.py``) starts one per xdist worker, shared by every test file of that worker;
* :func:`open_notebook`, :func:`wait_kernel_idle`, :func:`run_cell`: open a notebook in a page, wait until its
  kernel is connected and idle (a cell run before that is dropped by JupyterLab without a word: the
  explorers' test once waited over 10 minutes for such a cell), and run a cell, waiting for the kernel's
  reply.

Every wait is a hang guard (:func:`tests.support.timing.hang_guard`: generous, scaled by the machine's load), never a
speed test.
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

import pytest

from tests.support.timing import hang_guard

CHROMIUM = Path("/usr/bin/chromium")
TOKEN = "t"
LOCAL_SCHEMES = ("file", "data", "blob", "about")
LOCAL_HOSTS = ("127.0.0.1", "localhost")


def require_chromium() -> None:
    """Skip the calling test module when there is no Chromium; in CI (``CI`` set) that is an error instead."""
    if CHROMIUM.exists():
        return
    if os.environ.get("CI"):
        raise RuntimeError("CI needs /usr/bin/chromium for the browser tests (.ci/run installs it with apt)")
    pytest.skip("no /usr/bin/chromium here (apt-get install chromium)", allow_module_level=True)


def ms(seconds: float) -> float:
    """A hang guard of ``seconds`` (scaled by the load) in Playwright's milliseconds."""
    return hang_guard(seconds) * 1000


def is_local(url: str) -> bool:
    """True for a request that stays on this machine: a file, data, blob or about URL, or 127.0.0.1/localhost."""
    parsed = urlparse(url)
    return parsed.scheme in LOCAL_SCHEMES or parsed.hostname in LOCAL_HOSTS


def block_network(target: Any) -> list[str]:
    """Route every request of ``target`` (a Playwright page or browser context): local ones go through, any
    other is aborted and appended to the returned list (which a test asserts is empty)."""
    off_machine: list[str] = []

    def route(r: Any) -> None:  # r: playwright's Route
        url = r.request.url
        if is_local(url):
            r.continue_()
        else:
            off_machine.append(url)
            r.abort()

    target.route("**/*", route)
    return off_machine


@contextmanager
def chromium() -> Iterator[Any]:
    """A headless Chromium (Playwright's ``Browser``), closed at the end."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=["--no-sandbox"])
        try:
            yield browser
        finally:
            browser.close()


def wait_for_port(port: int, seconds: float, process: subprocess.Popen[Any] | None = None, what: str = "") -> None:
    """Wait until 127.0.0.1:``port`` accepts a connection (a hang guard of ``seconds``, scaled by the load); fail
    at once when ``process`` has ended."""
    deadline = time.monotonic() + hang_guard(seconds)
    while True:
        if process is not None and process.poll() is not None:
            raise AssertionError(f"{what or 'the server'} stopped (exit code {process.returncode})")
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return
        except OSError:
            assert time.monotonic() < deadline, f"{what or 'the server'} did not answer on port {port}"
            time.sleep(0.2)


def notebook_json(cells: list[str]) -> str:
    """A notebook (nbformat 4.5, Python 3 kernel) whose code cells hold ``cells``, not executed."""
    nb = {
        "cells": [
            {"cell_type": "code", "execution_count": None, "id": f"cell{i}", "metadata": {}, "outputs": [], "source": c}
            for i, c in enumerate(cells)
        ],
        "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"}},
        "nbformat": 4,
        "nbformat_minor": 5,
    }
    return json.dumps(nb)


# pokerlab's labextension pokerlab-rise-widgets (the ipywidgets manager in RISE's slideshow), from the checkout:
# an editable install does not install pyproject.toml's data-files, where a wheel puts it
LABEXTENSIONS = Path(__file__).resolve().parents[2] / "labextension"


class JupyterLab:
    """A JupyterLab server serving ``root`` on 127.0.0.1 (free port, token ``t``), started by ``with``.

    Its settings live in ``root/settings`` (notebook windowing off, so every cell is in the page and can be
    measured); ``--LabApp.expose_app_in_browser`` gives pages ``window.jupyterapp``; the news and update checks
    are off. The server's log is ``root/lab.log``.
    """

    def __init__(self, root: Path) -> None:
        self.root = root
        self.port = 0
        self.process: subprocess.Popen[bytes] | None = None

    def __enter__(self) -> JupyterLab:
        from pokerlab.apps.serve import free_port

        settings = self.root / "settings" / "@jupyterlab"
        (settings / "notebook-extension").mkdir(parents=True, exist_ok=True)
        (settings / "notebook-extension" / "tracker.jupyterlab-settings").write_text('{"windowingMode": "none"}')
        (settings / "apputils-extension").mkdir(parents=True, exist_ok=True)
        (settings / "apputils-extension" / "notification.jupyterlab-settings").write_text(
            '{"checkForUpdates": false, "fetchNews": "false"}'
        )
        self.port = free_port()
        self._log = (self.root / "lab.log").open("w")
        self.process = subprocess.Popen(
            [sys.executable, "-m", "jupyter", "lab", "--no-browser", f"--port={self.port}", "--ip=127.0.0.1",
             "--allow-root", f"--IdentityProvider.token={TOKEN}", f"--ServerApp.root_dir={self.root}",
             "--LabApp.news_url=", "--LabApp.expose_app_in_browser=True",
             f"--LabServerApp.extra_labextensions_path={LABEXTENSIONS}"],
            stdout=self._log, stderr=subprocess.STDOUT, cwd=self.root,
            env={**os.environ, "JUPYTERLAB_SETTINGS_DIR": str(self.root / "settings")},
        )  # fmt: skip
        try:
            wait_for_port(self.port, 60, self.process, "JupyterLab")
        except BaseException:
            self.__exit__()
            raise
        return self

    def __exit__(self, *_: object) -> None:
        if self.process is not None:
            self.process.terminate()
            try:
                self.process.wait(timeout=hang_guard(20))
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self._log.close()

    def url(self, path: str, app: str = "lab/tree") -> str:
        """The address of ``path`` (relative to the root) in ``app`` (``lab/tree``, ``rise``, ...)."""
        return f"http://127.0.0.1:{self.port}/{app}/{path}?token={TOKEN}"

    def write_notebook(self, name: str, cells: list[str]) -> str:
        """Write a notebook of ``cells`` as ``name`` in the root; returns ``name``."""
        (self.root / name).write_text(notebook_json(cells))
        return name

    def api(self, path: str, method: str = "GET") -> Any:
        """Call the server's REST API (``/api/<path>``) and return the decoded JSON (None when empty)."""
        request = urllib.request.Request(
            f"http://127.0.0.1:{self.port}/api/{path}", method=method, headers={"Authorization": f"token {TOKEN}"}
        )
        with urllib.request.urlopen(request, timeout=hang_guard(30)) as answer:
            body = answer.read()
        return json.loads(body) if body else None

    def stop_kernels(self) -> None:
        """Shut down every session and its kernel (a test's notebooks do not keep computing for the next)."""
        for session in self.api("sessions"):
            self.api(f"sessions/{session['id']}", method="DELETE")


# JavaScript run in a JupyterLab page: the notebook panel open on a path, from the exposed application.
_PANEL = """
const panelOf = (path) => {
  const app = window.jupyterapp;
  if (!app) return null;
  for (const w of app.shell.widgets('main')) {
    if (w.context && w.context.path === path && w.content && w.sessionContext) return w;
  }
  return null;
};
"""

_KERNEL_READY = (
    "(path) => {"
    + _PANEL
    + """
  const p = panelOf(path);
  if (!p || !p.context.isReady || !p.sessionContext.isReady || p.content.widgets.length === 0) return false;
  const kernel = p.sessionContext.session && p.sessionContext.session.kernel;
  return !!kernel && kernel.status === 'idle' && kernel.connectionStatus === 'connected';
}"""
)

_RUN = (
    "([path, index]) => {"
    + _PANEL
    + """
  const p = panelOf(path);
  window.jupyterapp.shell.activateById(p.id);
  p.content.activeCellIndex = index;
  p.content.widgets[index].model.executionCount = null;
  void window.jupyterapp.commands.execute('notebook:run-cell');
}"""
)

_RAN = (
    "([path, index]) => {"
    + _PANEL
    + """
  const p = panelOf(path);
  const kernel = p.sessionContext.session && p.sessionContext.session.kernel;
  return p.content.widgets[index].model.executionCount !== null && !!kernel && kernel.status === 'idle';
}"""
)


def wait_kernel_idle(page: Any, path: str, seconds: float = 240) -> None:
    """Wait until the notebook ``path`` is open in ``page`` with its kernel connected and idle.

    JupyterLab drops a cell run asked for before the session has a kernel (the cell just stays unrun), so every
    run waits for this first, on the page's own view of the kernel (``window.jupyterapp``)."""
    page.wait_for_function(_KERNEL_READY, arg=path, timeout=ms(seconds), polling=250)


def open_notebook(browser: Any, lab: JupyterLab, path: str, width: int = 1400, height: int = 1000) -> tuple[Any, list]:
    """A new page (``width`` x ``height``, network blocked) with ``path`` open in JupyterLab and its kernel idle.

    Returns the page and the list of requests that tried to leave the machine."""
    page = browser.new_page(viewport={"width": width, "height": height})
    off_machine = block_network(page)
    # `reset`: start from an empty workspace, not the notebooks earlier tests opened on this server (JupyterLab
    # restores them, and a test reading "the first code cell" then read another test's notebook)
    page.goto(lab.url(path) + "&reset", timeout=ms(120))
    wait_kernel_idle(page, path)
    return page, off_machine


def close_side_panels(page: Any) -> None:
    """Collapse JupyterLab's left and right side panels, as a lecturer does before projecting.

    Whether the file browser starts open depends on JupyterLab's version and the workspace it restores
    (JupyterLab 4.6 opens it for ``lab/tree/<file>``, taking 250 of 1,280 pixels); a test that measures
    the notebook's width closes both, then waits for the notebook to be laid out again."""
    page.evaluate("() => { window.jupyterapp.shell.collapseLeft(); window.jupyterapp.shell.collapseRight(); }")
    page.wait_for_function(
        "() => { const n = document.querySelector('.jp-NotebookPanel');"
        " return !!n && n.getBoundingClientRect().left < 80; }",
        timeout=ms(30),
    )


def run_cell(page: Any, path: str, index: int, seconds: float = 300) -> None:
    """Run cell ``index`` of the notebook ``path`` through JupyterLab's ``notebook:run-cell`` command and wait
    until the kernel has replied (the cell has its execution count) and is idle again.

    The outputs are in the notebook's model then; a widget or a chart may still be drawing, so a test waits
    for what it looks at."""
    page.evaluate(_RUN, [path, index])
    page.wait_for_function(_RAN, arg=[path, index], timeout=ms(seconds), polling=250)
