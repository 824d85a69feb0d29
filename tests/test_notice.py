"""The compile notice in a notebook or at a Python prompt (issue 41: a first ``evaluate_batch`` sat silent for 55 s).

The ``pokerlab`` command says at once that numba is compiling (tests/project/test_cold_starts.py); the library says it
when compiling goes on for more than ``INTERACTIVE_DELAY`` seconds at a prompt or in a notebook, once per kernel
family, and never in a script. numba's ``numba:compile`` events are raised here by hand (a real first compile takes tens
of seconds of CPU), for a dispatcher whose function lives in pokerlab, exactly as numba raises them.
"""

from __future__ import annotations

import subprocess
import sys

import pytest

SCRIPT = r"""
import sys, time, types
if {prompt}:
    sys.ps1 = ">>> "  # what the Python prompt sets
from pokerlab import _notice
_notice.INTERACTIVE_DELAY = 0.2
import pokerlab._kernels  # installs the listener when it loads, as in a session
from numba.core import event

def kernel():
    pass

kernel.__module__ = "pokerlab._kernels"
data = {{"dispatcher": types.SimpleNamespace(py_func=kernel)}}

def compile_for(seconds):
    event.start_event("numba:compile", data=data)
    time.sleep(seconds)
    event.end_event("numba:compile", data=data)

compile_for(0.0)  # a quick compile: no word
time.sleep(0.4)
print("quick done", file=sys.stderr, flush=True)
compile_for(0.6)  # a long one: the notice, while it compiles
print("long done", file=sys.stderr, flush=True)
compile_for(0.6)  # and only once
time.sleep(0.3)
"""


def _stderr(prompt: bool, **env: str) -> str:
    import os

    proc = subprocess.run(
        [sys.executable, "-c", SCRIPT.format(prompt=prompt)],
        capture_output=True,
        text=True,
        timeout=300,
        env={**os.environ, **env},
    )
    assert proc.returncode == 0, proc.stderr[-2000:]
    return proc.stderr


@pytest.mark.parametrize("prompt", [True, False], ids=["prompt", "script"])
def test_a_long_compile_is_announced_once_at_a_prompt_and_never_in_a_script(prompt):
    err = _stderr(prompt)
    notice = "pokerlab: compiling kernels for this machine, once (cached for later runs) ...\n"
    if prompt:
        assert err == "quick done\n" + notice + "long done\n", err
    else:
        assert err == "quick done\nlong done\n", err


def test_a_notebook_counts_as_interactive(monkeypatch):
    from pokerlab import _notice

    monkeypatch.delattr(sys, "ps1", raising=False)
    fake = type(sys)("IPython")
    fake.get_ipython = lambda: None  # IPython imported but no shell: a script that imports it
    monkeypatch.setitem(sys.modules, "IPython", fake)
    assert _notice.interactive() is bool(sys.flags.interactive)
    fake.get_ipython = lambda: object()  # a notebook's kernel or an IPython prompt
    assert _notice.interactive() is True
    monkeypatch.setenv("POKERLAB_COMPILE_NOTICE", "0")  # nbval on a fresh install (tests/project/test_packaging.py)
    assert _notice.interactive() is False


FAMILIES = r"""
import sys, time, types
from pokerlab import _notice
if {command}:
    _notice.enabled = True  # as the pokerlab command sets it: the first notice at once
else:
    sys.ps1 = ">>> "  # a Python prompt: after the delay
_notice.INTERACTIVE_DELAY = 0.2
import pokerlab._kernels  # installs the listener when it loads, as in a session
from numba.core import event


def compile_for(module, seconds, inner=None):
    def kernel():
        pass

    kernel.__module__ = module
    data = {{"dispatcher": types.SimpleNamespace(py_func=kernel)}}
    event.start_event("numba:compile", data=data)
    if inner:
        compile_for(inner, 0.0)  # a kernel compiling a kernel it calls: part of the same wait
    time.sleep(seconds)
    event.end_event("numba:compile", data=data)


compile_for("pokerlab._kernels.evaluator", 0.6)  # the first long compile: the notice
print("evaluate_batch done", file=sys.stderr, flush=True)
compile_for("pokerlab._kernels.equity", 0.6, inner="pokerlab._kernels.core")  # another family, also long
print("equity done", file=sys.stderr, flush=True)
compile_for("pokerlab._kernels.equity", 0.6)  # the same family again: said already
compile_for("pokerlab._kernels.strength", 0.0)  # a quick one: no word
time.sleep(0.4)
print("potential done", file=sys.stderr, flush=True)
compile_for("pokerlab.solve._kernels", 0.6)
"""


@pytest.mark.parametrize("command", [False, True], ids=["prompt", "command"])
def test_each_kernel_family_that_compiles_long_is_announced_once(command):
    """A first ``equity`` after a first ``evaluate_batch`` compiled for 6 s in silence (issue 41, [student])."""
    import os

    proc = subprocess.run(
        [sys.executable, "-c", FAMILIES.format(command=command)],
        capture_output=True,
        text=True,
        timeout=300,
        env=dict(os.environ),
    )
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert proc.stderr.splitlines() == [
        "pokerlab: compiling kernels for this machine, once (cached for later runs) ...",
        "evaluate_batch done",
        "pokerlab: compiling more kernels (equity), once (cached for later runs) ...",
        "equity done",
        "potential done",
        "pokerlab: compiling more kernels (game solver), once (cached for later runs) ...",
    ], proc.stderr
