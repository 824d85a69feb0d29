"""The check process, seen from the grader: :class:`_Checker` starts ``python -m pokerlab.course._check_process`` (the
process's own side), sends it one request per notebook and reads the verdicts back within a time limit. Each
worker thread has its own (:func:`_thread_checker`: a check process answers one request at a time), and a dask
worker's are ended after each batch (:func:`_close_checkers`).

A module of its own because the checks run in a process that no submission code has run in: this is the
grader's side of that boundary, apart from the kernel's (:mod:`pokerlab.course._execute`).
"""

from __future__ import annotations

import contextlib
import json
import os
import secrets
import select
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from typing import Any

from pokerlab.course.lessons import Lesson

REVEAL_VARIABLE = "POKERLAB_GRADE_REVEAL"
"""Set to "1" in the environment of the process that runs the hidden tests only with ``reveal`` (``course grade
--reveal``): they then name the expected values (after the deadline); not set otherwise. A submission's kernel
never has it (its environment is cleared), and could not use it: the checks never run there."""

DIED = "the check process ended unexpectedly: this check did not finish"


class _Checker:
    """The process that runs the lessons' checks (:mod:`pokerlab.course._check_process`) for one ``grade()`` call.

    Started when a check first has answers to look at, it answers the requests of every notebook, one after
    the other, so 200 submissions pay once for importing pokerlab and loading its compiled kernels. No
    submission code ever runs in it (the answers arrive as literals), and the setup runs afresh for every
    notebook. A request that takes longer than its time limit, or a process that died, costs only that
    request: the process is stopped and the next request starts a new one."""

    def __init__(self, reveal: bool = False) -> None:
        self._proc: subprocess.Popen[bytes] | None = None
        self.reveal = reveal

    def _start(self) -> subprocess.Popen[bytes]:
        if self._proc is None or self._proc.poll() is not None:
            self._cwd = tempfile.mkdtemp(prefix="pokerlab-check-")
            # hidden tests name their expected values only with --reveal: "1" then, and not set at all otherwise,
            # whatever the grader's own environment says
            env = {k: v for k, v in os.environ.items() if k != REVEAL_VARIABLE}
            if self.reveal:
                env[REVEAL_VARIABLE] = "1"
            self._proc = subprocess.Popen(
                [sys.executable, "-m", "pokerlab.course._check_process"],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.DEVNULL,
                cwd=self._cwd,
                env=env,
                # not in the grader's process group: a Ctrl-C in the terminal must not kill it before the grader
                # stops, or a grade given in that moment would say the checks died (and be kept in the gradebook)
                start_new_session=True,
            )
        return self._proc

    def run(self, lesson: Lesson, checks: list[dict[str, Any]], timeout: float) -> dict[int, tuple[bool, str]]:
        """Each check's (passed, message), by exercise number: a check the request's time limit or the process's
        death cut short fails saying so (:meth:`over`, :data:`DIED`); one missing from the answer did not run
        (the setup failed)."""
        if not checks:
            return {}
        end = secrets.token_hex(8)
        request = json.dumps(
            {"setup": lesson.setup, "checks": checks, "seconds": 300, "end": end, "reveal": self.reveal}
        )
        lines, stopped = self._ask(request.encode() + b"\n", end, timeout)
        results: dict[int, tuple[bool, str]] = {}
        for line in lines:
            try:
                r = json.loads(line)
                results[int(r["number"])] = (bool(r["passed"]), str(r["message"]))
            except (ValueError, KeyError, TypeError):
                continue
        if stopped:  # the checks it did not finish fail with the reason
            for c in checks:
                results.setdefault(int(c["number"]), (False, stopped))
        return results

    def _ask(self, request: bytes, end: str, timeout: float) -> tuple[list[str], str]:
        """Send one request; its output lines until its end line, and "" (or, when the request outlasted its
        time or the process died, the lines that came before and a sentence saying so)."""
        proc = self._start()
        assert proc.stdin is not None and proc.stdout is not None
        try:
            proc.stdin.write(request)
            proc.stdin.flush()
        except OSError:  # the process is gone
            self.close(now=True)
            return [], DIED
        fd, buffer, lines = proc.stdout.fileno(), b"", list[str]()
        deadline = time.monotonic() + timeout
        while (left := deadline - time.monotonic()) > 0:
            if not select.select([fd], [], [], left)[0]:
                continue
            chunk = os.read(fd, 2**16)
            if not chunk:
                self.close(now=True)
                return lines, DIED
            buffer += chunk
            while b"\n" in buffer:
                line, buffer = buffer.split(b"\n", 1)
                text = line.decode("utf-8", "replace")
                with contextlib.suppress(ValueError, TypeError, AttributeError):
                    if json.loads(text).get("end") == end:
                        return lines, ""
                lines.append(text)
        self.close(now=True)  # over its time
        return lines, self.over(timeout)

    @staticmethod
    def over(timeout: float) -> str:
        """The message of a check a request over its time limit did not finish."""
        return f"the checks took over {timeout:g} s and were stopped: this check did not finish"

    def close(self, now: bool = False) -> None:
        """End the process: it ends by itself when its stdin closes (killed if it does not within 10 s), or
        at once with ``now``."""
        proc, self._proc = self._proc, None
        if proc is None:
            return
        with contextlib.suppress(OSError):
            assert proc.stdin is not None
            proc.stdin.close()
        try:
            proc.wait(timeout=0 if now else 10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        if proc.stdout is not None:
            proc.stdout.close()
        shutil.rmtree(self._cwd, ignore_errors=True)


_LOCAL = threading.local()
_CHECKERS_LOCK = threading.Lock()  # guards _CHECKERS (the threads add to it, a dask worker's batch end reads it)


def _thread_checker(reveal: bool) -> _Checker:
    """The check process of this thread (one per worker thread: a check process answers one request at a time)."""
    checkers: dict[bool, _Checker] = _LOCAL.__dict__.setdefault("checkers", {})
    if reveal not in checkers:
        checkers[reveal] = _Checker(reveal=reveal)
        with _CHECKERS_LOCK:
            _CHECKERS.append(checkers[reveal])
    return checkers[reveal]


_CHECKERS: list[_Checker] = []  # every thread's check processes (a dask worker's: closed after each batch)


def _close_checkers() -> int:
    """End the check processes of this process's threads (a closed one starts again when next asked); how many
    there were. A dask worker's outlived every batch before (the red team found four, and their folders)."""
    with _CHECKERS_LOCK:
        found = list(_CHECKERS)
    for c in found:
        c.close()
    return sum(1 for c in found if c._proc is None)
