"""How a kernel is kept apart on this machine: the isolation mode (:func:`isolation`: ``"root"``, ``"userns"``
or ``"none"``), the user a kernel runs as (:func:`_stranger`), the control groups that limit a submission as a
whole (:func:`limits`), and the notes a grade carries when the grader was allowed less (:data:`SAME_USER_NOTE`,
:data:`PER_PROCESS_NOTE`).

A mode is chosen by probing it, once per process. The probe has two halves, both here: :func:`_probe`, in the
grader, builds a small sandbox and starts ``python -m pokerlab.course._sandbox --probe`` in it; once the
sandbox is built, that process runs :func:`probe_inside`, which checks from within that a kernel's modules load
and that the hidden paths show nothing. One concept, one module: what the grader asks and how the sandboxed
process answers. The sandbox itself (namespaces, mounts, limits) is :mod:`pokerlab.course._sandbox`;
:func:`isolation` and :func:`limits` are importable from :mod:`pokerlab.course.grading`.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from pokerlab.course import _limits
from pokerlab.course._mounts import _visible_paths
from pokerlab.course.lessons import lessons_dir
from pokerlab.errors import ParameterError

SANDBOX_USER = "nobody"


def _stranger() -> tuple[int, int]:
    """The unprivileged user a kernel runs as when the grader is root (``nobody``, else 65534)."""
    import pwd

    try:
        entry = pwd.getpwnam(SANDBOX_USER)
        return entry.pw_uid, entry.pw_gid
    except KeyError:
        return 65534, 65534


_MODES: dict[str, bool] = {}


def _probe(mode: str) -> bool:
    """Can a kernel be isolated this way on this machine? (asked once per process)"""
    if mode not in _MODES:
        top = Path(tempfile.mkdtemp(prefix="pokerlab-probe-"))
        try:
            (top / "root").mkdir()
            (top / "work").mkdir()
            (top / "ipc").mkdir()
            if mode == "root":
                os.chown(top / "work", *_stranger())
            args = [sys.executable, "-m", "pokerlab.course._sandbox", "--probe", "--isolate", mode]
            args += ["--root", str(top / "root"), "--workdir", str(top / "work"), "--ipc", str(top / "ipc")]
            args += [x for p in _visible_paths() for x in ("--keep", p)]
            args += ["--hidden", str(lessons_dir()), "--user", "{}:{}".format(*_stranger())]
            proc = subprocess.run(args, capture_output=True, text=True, timeout=120, check=False, cwd=top)
            _MODES[mode] = proc.returncode == 0 and proc.stdout.strip() == "ok"
        except (OSError, subprocess.SubprocessError):
            _MODES[mode] = False
        finally:
            shutil.rmtree(top, ignore_errors=True)
    return _MODES[mode]


def probe_inside(hidden: list[str]) -> None:
    """Run inside the sandbox (``python -m pokerlab.course._sandbox --probe``, once it is built): the kernel's
    modules load, the hidden paths are not there, nothing is writable."""
    import importlib

    importlib.import_module("ipykernel.kernelapp")
    importlib.import_module("pokerlab.datasets")
    package = sys.modules["pokerlab"]

    for path in hidden:
        try:
            seen = os.listdir(path) if os.path.isdir(path) else open(path, "rb").read(1)  # noqa: SIM115
        except OSError:
            seen = []
        if seen:
            print(f"visible: {path}")
            os._exit(1)
    with contextlib.suppress(OSError):
        open(os.path.join(os.path.dirname(str(package.__file__)), ".probe"), "w").close()
        print("writable package")
        os._exit(1)
    print("ok", flush=True)
    os._exit(0)


def isolation(allow_same_user: bool = False) -> str:
    """How submissions are kept from the lessons' hidden tests, other students' files and the grader:
    ``"root"`` (kernels run as ``nobody`` in a bare root: the grader runs as root), ``"userns"`` (a user
    namespace does the same for any user), or ``"none"`` (same user: only with ``allow_same_user``)."""
    if sys.platform.startswith("linux"):
        for mode in ("root", "userns") if os.geteuid() == 0 else ("userns",):
            if _probe(mode):
                return mode
    if allow_same_user:
        return "none"
    raise ParameterError(
        "cannot isolate the submissions on this machine (no Linux mount namespace: run the grader as root, or "
        "allow unprivileged user namespaces): a submission could read the lessons' hidden tests and other "
        "students' files; --allow-same-user grades anyway, as your own user"
    )


def limits(allow_per_process: bool = False) -> _limits.Hierarchy | None:
    """Where each submission's control group goes (:mod:`pokerlab.course._limits`: memory and processes for all
    its processes together), or None with ``allow_per_process`` where this machine has none for this user."""
    where, why = _limits.available()
    if where is not None or allow_per_process:
        return where
    raise ParameterError(
        f"cannot limit each submission as a whole on this machine ({why}: run the grader as root): a submission's "
        "processes could together take all the memory; --allow-per-process-limits grades anyway, with limits per "
        "process only"
    )


PER_PROCESS_NOTE = (
    "limits per process only (--allow-per-process-limits): this submission's processes together could use more "
    "memory than --memory, and its processes counted with every other kernel's"
)

SAME_USER_NOTE = (
    "graded as the grader's own user (--allow-same-user): this submission could read the lessons' hidden "
    "tests and other files of yours"
)
