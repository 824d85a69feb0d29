"""One submission's run in a sandboxed kernel: :func:`_run_submission` runs its code cells top to bottom through
the runner process (:mod:`pokerlab.course._runner`) and, at each check cell, has the kernel hand over the
answers' values as plain data (:data:`_EXTRACT`, read back by :func:`_parse_answers`); :class:`_Run` is what
comes back. It also keeps every runner in flight (:data:`_RUNNING`), so that Ctrl-C stops them all at once
(:func:`_stop_running`, called by the drivers).

A module of its own because it is the one place where grading meets a submission's code: the kernel's folder is
prepared by :mod:`pokerlab.course._workdir`, its isolation chosen by :mod:`pokerlab.course._isolation`, and
all that comes back is data.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import secrets
import shutil
import signal
import subprocess
import sys
import threading
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from pokerlab.course import _limits
from pokerlab.course._runner import READY_SECONDS, START_TRIES
from pokerlab.course._workdir import _grading_folder, _kernel_spec, _numba_cache, _pokerlab_cache
from pokerlab.course.lessons import Exercise, Lesson, nbgrader_meta, source

_EXTRACT = r"""
def __pokerlab_extract(names, marker):
    import json, math
    def plain(x, depth=0):
        if depth > 30:
            raise TypeError("is nested too deeply")
        t = type(x)
        if x is None or t is bool or t is str or t is int:
            return x
        if t is float:
            if not math.isfinite(x):
                raise TypeError("is not a finite number")
            return x
        if t is list or t is tuple:
            items = [plain(v, depth + 1) for v in x]
            return items if t is list else tuple(items)
        if t is set or t is frozenset:
            return {plain(v, depth + 1) for v in x}
        if t is dict:
            return {plain(k, depth + 1): plain(v, depth + 1) for k, v in x.items()}
        mod = getattr(t, "__module__", "")
        if mod == "numpy" and getattr(x, "ndim", None) == 0:
            return plain(x.item(), depth + 1)
        if mod == "fractions":
            return float(x)
        if isinstance(x, str):
            return str.__str__(x)
        if isinstance(x, int):  # runs in the submission's kernel, which has no pokerlab._validate
            return int.__index__(x)
        raise TypeError(f"is a {t.__name__}, not plain data (numbers, strings, lists, tuples, dicts)")
    out = {}
    space = globals()
    for name in names:
        if name not in space:
            out[name] = [None, "is not defined"]
            continue
        try:
            text = repr(plain(space[name]))
            out[name] = [text, ""] if len(text) < 2**20 else [None, "is too large"]
        except Exception as exc:
            out[name] = [None, str(exc)]
    print(marker + json.dumps(out))
__pokerlab_extract(%r, %r)
del __pokerlab_extract
"""


@dataclass
class _Run:
    answers: dict[int, dict[str, list[Any]]] = field(default_factory=dict)
    errors: dict[str, str] = field(default_factory=dict)  # lesson cell id -> the error it raised
    notes: list[str] = field(default_factory=list)
    started: bool = True  # False when no kernel started (the machine's doing: no cell of the notebook ran)


def _run_submission(
    notebook: dict[str, Any],
    lesson: Lesson,
    name: str,
    timeout: float,
    memory: int,
    mode: str = "none",
    hide: Sequence[str] = (),
    cgroups: _limits.Hierarchy | None = None,
    processes: int = _limits.DEFAULT_PROCESSES,
) -> _Run:
    """Run the submission's code cells in a fresh sandboxed kernel (through :mod:`pokerlab.course._runner`,
    a process of its own); collect the answers at each check cell. With ``cgroups``, everything the kernel
    starts shares one group: ``memory`` bytes and ``processes`` tasks together (:mod:`pokerlab.course._limits`)."""
    run = _Run()
    by_id = {e.cell_id: e for e in lesson.exercises}
    by_gid = {e.grade_id: e for e in lesson.exercises}
    marker = f"@@pokerlab-answers-{secrets.token_hex(8)}@@"
    plan: list[tuple[str, int | None, str]] = []  # (source, exercise whose answers it extracts, cell id)
    seen: set[int] = set()
    for cell in notebook["cells"]:
        if not isinstance(cell, dict) or cell.get("cell_type") != "code":
            continue
        cid = str(cell["id"]) if isinstance(cell.get("id"), str) else ""
        ex = by_id.get(cid) or by_gid.get(str(nbgrader_meta(cell).get("grade_id", "")))
        if ex is not None:
            if ex.number not in seen:
                seen.add(ex.number)
                plan.append((_EXTRACT % (list(ex.answers), marker), ex.number, cid))
            continue
        plan.append((source(cell), None, cid))
    top = _grading_folder()
    kernel_pids: list[int] = []  # one per start of the kernel (the runner tries again when one does not start)
    proc: subprocess.Popen[str] | None = None
    group = _limits.Group(cgroups, memory, processes) if cgroups is not None else None
    try:
        workdir, specs = top / "work", top / "kernels"
        workdir.mkdir()
        (workdir / name).write_text(json.dumps(notebook), encoding="utf-8")
        _numba_cache(workdir)
        _pokerlab_cache(workdir)
        if mode != "none":
            (top / "root").mkdir()
            (top / "ipc").mkdir(mode=0o700)
            if mode == "root":  # nobody creates its sockets here, then the runner takes the right to write away
                os.chmod(top / "ipc", 0o1777)
        procs = group.procs if group is not None else []
        _kernel_spec(specs, top, workdir, memory, cpu=int(timeout) + 60, mode=mode, hide=hide, procs=procs)
        request = {"plan": plan, "marker": marker, "timeout": timeout, "workdir": str(workdir), "specs": str(specs)}
        if mode != "none":
            request["ipc"] = str(top / "ipc" / "kernel")
            request["lock_ipc"] = mode == "root"
        proc = subprocess.Popen(
            [sys.executable, "-m", "pokerlab.course._runner"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,  # the runner's own (the kernel's goes nowhere): its last line says why it ended
            text=True,
            cwd=str(top),
            start_new_session=True,
        )
        with _RUNNING_LOCK:
            _RUNNING.add(proc)
            stopping = _STOP.is_set()
        if stopping:  # Ctrl-C came while this runner was starting: it goes at once, like the others
            os.killpg(proc.pid, signal.SIGKILL)
        try:
            # the cells' own time, and each try at starting the kernel (the runner's clock starts once it is ready)
            limit = timeout + START_TRIES * READY_SECONDS + 30
            stdout, stderr = proc.communicate(json.dumps(request), timeout=limit)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            stdout, stderr = proc.communicate()
            run.notes.append(f"the notebook did not finish within {timeout:g} s: it was stopped")
        for line in stdout.splitlines():
            try:
                event = json.loads(line)
            except ValueError:
                continue
            if "kernel_pid" in event:  # only the runner writes here (the kernel's own output goes nowhere)
                kernel_pids.append(int(event["kernel_pid"]))
            elif "kernel_gone" in event:  # stopped and reaped by the runner: its pid may be another process's now
                with contextlib.suppress(ValueError):
                    kernel_pids.remove(int(event["kernel_gone"]))
            elif "answers" in event:
                ex = next((e for e in lesson.exercises if e.number == event["answers"]), None)
                if ex is not None:
                    run.answers[ex.number] = _parse_answers(str(event.get("values", "")), ex)
            elif "error" in event:
                run.errors[str(event["error"])] = str(event.get("text", ""))
            elif "note" in event:
                run.notes.append(str(event["note"]))
                if event.get("started") is False:
                    run.started = False
        if proc.returncode not in (0, -signal.SIGKILL) and not run.notes:
            # the error's type only: its message may carry text a submission chose (a forged kernel message, say)
            last = next((line.strip() for line in reversed(stderr.splitlines()) if line.strip()), "")
            kind = last.split(":", 1)[0]
            why = f" ({kind})" if re.fullmatch(r"[A-Za-z_][\w.]{0,99}", kind) else ""
            run.notes.append(f"the notebook's run ended abnormally{why}: later cells were not run")
    finally:
        if group is not None:
            run.notes.extend(group.notes())
            group.close()  # everything the submission left running
        if proc is not None:
            with _RUNNING_LOCK:
                _RUNNING.discard(proc)
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(proc.pid, signal.SIGKILL)  # the runner, should it still be there
        for kernel_pid in kernel_pids:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(kernel_pid, signal.SIGKILL)  # the kernel and anything it left running
        shutil.rmtree(top, ignore_errors=True)
    return run


def _parse_answers(text: str, ex: Exercise) -> dict[str, list[Any]]:
    try:
        data = json.loads(text)
    except ValueError:
        data = {}
    out: dict[str, list[Any]] = {}
    for name in ex.answers:
        v = data.get(name) if isinstance(data, dict) else None
        ok = isinstance(v, list) and len(v) == 2 and (v[0] is None or isinstance(v[0], str)) and isinstance(v[1], str)
        out[name] = v if ok and isinstance(v, list) else [None, "could not be read"]
    return out


_RUNNING: set[subprocess.Popen[str]] = set()  # every runner in flight (stopped at once on Ctrl-C)
_RUNNING_LOCK = threading.Lock()
_STOP = threading.Event()  # set on Ctrl-C: a runner that starts after it is stopped at once


def _stop_running() -> None:
    with _RUNNING_LOCK:
        _STOP.set()
        running = list(_RUNNING)
    for proc in running:
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(proc.pid, signal.SIGKILL)
