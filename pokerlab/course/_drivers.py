"""Where a batch's notebooks are graded: on threads of this process (:func:`_on_threads`) or on a dask
cluster's workers (:func:`_on_cluster`, reached over TLS unless allowed: :func:`_secure_scheduler`,
:func:`_tls_configured`), and what Ctrl-C does meanwhile (every runner in flight stopped at once; a page and its
gradebook line written whole or not at all, :func:`_uninterrupted`).

A module of its own because spreading the work does not depend on what the work is: a driver is handed the
function that grades one job (:func:`pokerlab.course.grading._grade_job`, which sits above it) and reports each
grade as it comes.
"""

from __future__ import annotations

import contextlib
import signal
import threading
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from pokerlab.course import _extra
from pokerlab.course._check_client import _LOCAL, _Checker, _close_checkers
from pokerlab.course._execute import _STOP, _stop_running
from pokerlab.course._results import NotebookGrade
from pokerlab.course.lessons import Lesson
from pokerlab.errors import ParameterError

Job = tuple[int, str, bytes | None, str]
"""One submission to grade: its place in the batch, its path, its bytes (None when unread) and why unread."""

GradeJob = Callable[[Job, Sequence[Lesson], dict[str, Any]], NotebookGrade]
"""The function that grades one job where it is called (:func:`pokerlab.course.grading._grade_job`)."""


@contextlib.contextmanager
def _uninterrupted() -> Iterator[None]:
    """Ctrl-C waits until the block is done (a page and its gradebook line are written whole, or not at all):
    in the main thread, SIGINT is only noted meanwhile and raised again right after. (Blocking the signal in
    the main thread would not do: the kernel then hands it to a worker thread, and Python still raises it in
    the main thread at once.)"""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    caught: list[int] = []
    previous = signal.signal(signal.SIGINT, lambda signum, frame: caught.append(signum))
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
        if caught:
            signal.raise_signal(signal.SIGINT)


def _on_threads(
    grade_job: GradeJob,
    workers: int,
    jobs: list[Job],
    lessons: Sequence[Lesson],
    options: dict[str, Any],
    finished: Callable[[int, NotebookGrade], None],
) -> None:
    """Grade ``jobs`` on ``workers`` threads of this process, each by ``grade_job`` in its own sandbox and group (the
    work is in the kernels and check processes: the threads only wait for them)."""
    from concurrent.futures import FIRST_COMPLETED, ThreadPoolExecutor, wait

    _STOP.clear()
    pool = ThreadPoolExecutor(max_workers=max(1, min(workers, len(jobs) or 1)), thread_name_prefix="pokerlab-grade")
    checkers: list[_Checker] = []

    def job(j: tuple[int, str, bytes | None, str]) -> NotebookGrade:
        try:
            return grade_job(j, lessons, options)
        finally:
            checkers.extend(c for c in _LOCAL.__dict__.get("checkers", {}).values() if c not in checkers)

    try:
        pending = {pool.submit(job, j): j[0] for j in jobs}
        while pending:
            done, _ = wait(pending, timeout=0.5, return_when=FIRST_COMPLETED)
            for fut in done:
                finished(pending.pop(fut), fut.result())
    except BaseException:
        pool.shutdown(wait=False, cancel_futures=True)
        _stop_running()  # the runners of the notebooks in flight: their threads clean up and end
        raise
    finally:
        pool.shutdown(wait=True, cancel_futures=True)
        _STOP.clear()  # every thread has ended: a later grade (from Python, after a Ctrl-C) runs normally
        for c in checkers:
            c.close()


def _secure_scheduler(address: str, allow_insecure: bool) -> None:
    """Refuse a scheduler reached without TLS unless ``allow_insecure``: the workers grade as root (they must
    isolate as the grader would), so whoever can reach a plain ``tcp://`` scheduler, any local user of the machine
    or anyone on the network, runs code as root on them and reads the lessons sent there (the red team did, as
    ``nobody``)."""
    scheme = address.split("://", 1)[0].lower() if "://" in address else "tcp"
    if scheme in ("tls", "wss", "inproc") or allow_insecure:
        return
    raise ParameterError(
        f"--scheduler {address!r:.80} is reached without TLS: anyone who can reach it runs code as the workers' user"
        " (root) and reads the hidden tests; give a tls:// address (dask's distributed.comm.tls settings), or"
        " --allow-insecure-scheduler on a machine and network that only you use"
    )


_NO_TLS = (
    "dask's TLS settings are missing: set distributed.comm.tls.ca-file, distributed.comm.tls.client.cert and"
    " distributed.comm.tls.client.key (a dask config file, or DASK_DISTRIBUTED__COMM__TLS__CA_FILE and the like)"
)


def _tls_configured(address: str) -> None:
    """Refuse a ``tls://`` (or ``wss://``) scheduler when dask has no certificate authority to check it with: dask
    itself would end in a long traceback ("TLS expects a ssl_context argument")."""
    import dask

    tls = address.split("://", 1)[0].lower() in ("tls", "wss")
    if tls and not dask.config.get("distributed.comm.tls.ca-file", None):
        raise ParameterError(f"--scheduler {address!r:.80}: {_NO_TLS}")


def _on_cluster(
    grade_job: GradeJob,
    address: str,
    jobs: list[Job],
    lessons: Sequence[Lesson],
    options: dict[str, Any],
    finished: Callable[[int, NotebookGrade], None],
) -> None:
    """Grade ``jobs`` on the dask distributed cluster at ``address``: each worker grades by ``grade_job`` (sent by
    reference: the workers import it) in its own sandbox and
    limits (it must allow them, as this machine would) and sends the grade back; pages and gradebook are
    written here."""
    _extra.require("pokerlab course grade --scheduler", _extra.CLUSTER)
    from distributed import Client, as_completed  # lazy: grading on this machine needs no dask

    _tls_configured(address)
    try:
        client = Client(address, timeout=30)
    except TypeError as exc:  # dask's words for a TLS setting it could not use ("expects a ssl_context ...")
        raise ParameterError(f"--scheduler {address!r:.80}: {_NO_TLS} ({exc})"[:400]) from exc
    except (OSError, ValueError, TimeoutError) as exc:
        raise ParameterError(f"--scheduler {address!r:.80}: cannot reach the cluster ({type(exc).__name__})") from exc
    try:
        shared = client.scatter(list(lessons), broadcast=True)
        futures = {client.submit(grade_job, j, shared, options, pure=False): j[0] for j in jobs}
        for fut in as_completed(futures):
            finished(futures[fut], fut.result())
    finally:
        with contextlib.suppress(Exception):  # the workers' check processes end with the batch
            client.run(_close_checkers)
        client.close()
