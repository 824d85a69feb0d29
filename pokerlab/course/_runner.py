"""Run one submission's cells in a sandboxed kernel and report what the grader needs, line by line.

Started by :mod:`pokerlab.course.grading` as its own process (so a kernel that dies or hangs can never
take the grader with it): reads a JSON request on stdin, runs the planned cells with jupyter_client in a kernel
started through :mod:`pokerlab.course._sandbox`, and prints one JSON line per event as it happens
(``{"kernel_pid"}``, ``{"kernel_gone"}``, ``{"answers": number, "values"}``, ``{"error": cell_id, "text"}``,
``{"note"}``), so whatever it reported before being stopped still counts.
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import sys
import time
from typing import Any

from pokerlab import _validate


def emit(**event: Any) -> None:
    print(json.dumps(event), flush=True)


MAX_LINES = 100  # marker lines kept per extraction cell (a cell that prints without end cannot fill memory)


def _execute(
    km: Any, kc: Any, code: str, seconds: float, marker: str | None = None
) -> tuple[list[dict[str, Any]], str]:
    """Run one cell; return its errors and (with ``marker``) the output lines that start with it, and how it
    ended: "ok", "timeout", "unresponsive", "dead" or "garbled" (a message the grader could not read: a
    submission can send one with a forged signature). Any other output is dropped as it arrives."""
    from queue import Empty

    msg_id = kc.execute(code, store_history=False, allow_stdin=False)
    outputs: list[dict[str, Any]] = []
    deadline, interrupted = time.monotonic() + seconds, None
    while True:
        if not km.is_alive():
            return outputs, "dead"
        now = time.monotonic()
        if interrupted is None and now > deadline:
            km.interrupt_kernel()
            interrupted = now
        elif interrupted is not None and now > interrupted + 10:
            return outputs, "unresponsive"
        try:
            msg = kc.get_iopub_msg(timeout=0.5)
            if msg.get("parent_header", {}).get("msg_id") != msg_id:
                continue
            kind, content = str(msg["msg_type"]), dict(msg["content"])
        except Empty:
            continue
        except Exception:  # a message with a bad signature or the wrong shape: only the kernel can have sent it
            return outputs, "garbled"
        if kind == "status" and content.get("execution_state") == "idle":
            return outputs, "timeout" if interrupted is not None else "ok"
        if kind == "stream" and marker is not None and len(outputs) < MAX_LINES:
            for line in str(content.get("text", "")).splitlines():
                if line.startswith(marker) and len(line) < 2**21 and len(outputs) < MAX_LINES:
                    outputs.append({"output_type": "stream", "text": line})
        elif kind == "error" and len(outputs) < MAX_LINES:
            outputs.append(
                {"output_type": "error", "ename": content.get("ename", ""), "evalue": content.get("evalue", "")}
            )


START_TRIES = 2
"""How many times a kernel is started before the notebook is given up: a kernel that does not start (on a
machine too busy for it to answer within ``READY_SECONDS``, say) costs a student nothing but a second start."""
READY_SECONDS = 120


def _stop(km: Any, pid: int | None) -> None:
    """Stop a kernel: everything in its process group killed, the kernel reaped, then ``kernel_gone`` said.

    The grader kills the process group of every kernel it was told of (``kernel_pid``) when the runner ends,
    in case the runner was stopped before its kernel. A kernel reaped here frees its pid for any new process,
    so the runner says so and the grader takes it off its list: a failed first start would otherwise leave a
    pid there for the whole notebook, which an unrelated process could have been given by the end."""
    if _validate.is_whole(pid):
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(pid, signal.SIGKILL)  # the kernel and what it started (it leads its own session)
    with contextlib.suppress(Exception):  # already gone, or jupyter_client's own clean-up failing
        km.shutdown_kernel(now=True)
    if _validate.is_whole(pid) and not km.is_alive():
        emit(kernel_gone=pid)


def _start(request: dict[str, Any]) -> tuple[Any, Any, int | None] | None:
    """A started kernel, its connected client and its process id, or None (after a note saying why) when no
    try started one."""
    from jupyter_client.kernelspec import KernelSpecManager
    from jupyter_client.manager import KernelManager

    specs = KernelSpecManager(kernel_dirs=[request["specs"]])
    why = ""
    for attempt in range(START_TRIES):
        # the connection file (with the kernel's signing key) in the grader's own folder of this notebook, which
        # goes with it whatever ends the run (jupyter_client's default, $TMPDIR, kept one per Ctrl-C)
        own = {"connection_file": os.path.join(request["specs"], f"connection-{attempt}.json")}
        if request.get("ipc"):  # a sandboxed kernel has no network: unix sockets in a folder it shares
            km = KernelManager(
                kernel_name="pokerlab-grader", kernel_spec_manager=specs, transport="ipc", ip=request["ipc"], **own
            )
        else:
            km = KernelManager(kernel_name="pokerlab-grader", kernel_spec_manager=specs, **own)
        kc, pid = None, None
        try:
            # the kernel's own stdout and stderr go nowhere: this process's stdout carries the events to the
            # grader, and a submission writing to file descriptor 1 must not forge one
            km.start_kernel(cwd=request["workdir"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            found = getattr(km.provisioner, "pid", None)
            pid = found if _validate.is_whole(found) else None
            if pid is not None:  # at once: should this process be stopped, the grader stops the kernel too
                emit(kernel_pid=pid)
            kc = km.client()
            kc.start_channels()
            kc.wait_for_ready(timeout=READY_SECONDS)
        except Exception as exc:  # any failure to start: said in the note, and tried again
            why = f"{type(exc).__name__}: {str(exc)[:200]}".rstrip(": ")
            if kc is not None:
                kc.stop_channels()
            _stop(km, pid)
            continue
        return km, kc, pid
    emit(note=f"the kernel did not start ({why}; {START_TRIES} tries): no cell was run", started=False)
    return None


def run(request: dict[str, Any]) -> None:
    plan = request["plan"]  # [source, exercise number or None, cell id]
    marker, timeout = request["marker"], float(request["timeout"])
    started = _start(request)
    if started is None:
        return
    km, kc, pid = started
    deadline = time.monotonic() + timeout
    try:
        if request.get("lock_ipc"):  # the sockets exist: the kernel (nobody) may no longer add files on this disk
            os.chmod(os.path.dirname(request["ipc"]), 0o755)
        for source, number, cid in plan:
            left = deadline - time.monotonic()
            if left <= 1:
                emit(note=f"the notebook did not finish within {timeout:g} s: later cells were not run")
                break
            outputs, end = _execute(
                km, kc, source, min(left, max(10.0, timeout / 3)), marker if number is not None else None
            )  # a hang leaves time for the rest
            for out in outputs:
                if out["output_type"] == "error":
                    emit(error=cid, text=f"{out['ename']}: {str(out['evalue'])[:300]}".rstrip(": "))
                elif number is not None:
                    for line in str(out["text"]).splitlines():
                        if line.startswith(marker):
                            emit(answers=number, values=line[len(marker) :])
            if end == "timeout":
                limit = int(min(left, max(10.0, timeout / 3)))
                emit(error=cid, text=f"Timeout: stopped after {limit} s")
                emit(note=f"a cell did not finish within {limit} s and was interrupted")
            elif end in ("dead", "unresponsive", "garbled"):
                why = {
                    "dead": "died (out of memory, or the notebook stopped it)",
                    "unresponsive": "ignored the interrupt",
                    "garbled": "sent a message the grader could not read",
                }[end]
                emit(error=cid, text=f"the kernel {why}")
                emit(note=f"the kernel {why} in a cell: later cells were not run")
                break
    finally:
        kc.stop_channels()
        _stop(km, pid)  # what the kernel reported stands


def main() -> None:
    run(json.loads(sys.stdin.read()))


if __name__ == "__main__":  # pragma: no cover
    main()
