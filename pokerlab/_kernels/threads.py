"""The thread pool the kernels share their work on.

Kernels that can run side by side release the GIL (``nogil``) and :func:`in_threads` runs fixed chunks of
their work on a pool of ``numba.get_num_threads()`` threads, adding the results in chunk order, so the answer
does not depend on the number of threads (``numba.set_num_threads(1)`` keeps everything on one core). A plain
pool is used rather than numba's ``prange``: OpenMP threads spin while waiting, which costs more than it gains
on a machine other people share.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from typing import Any, TypeVar

import numba

from pokerlab import _signals

T = TypeVar("T")

_POOL: list[Any] = []  # [(process id, threads, ThreadPoolExecutor)], the pool in_threads keeps between calls
_IN_POOL = threading.local()  # .worker is True on the pool's own threads


def _mark_worker() -> None:
    _IN_POOL.worker = True


def _thread_pool(threads: int) -> Any:
    """The ``ThreadPoolExecutor`` of ``threads`` helper threads that :func:`in_threads` uses, started once and kept.

    Starting two threads for every call cost 0.25-0.4 ms (measured: 8 empty chunks through a fresh pool
    against 0.06-0.08 ms through a kept one), 10-15 % of a million-hand ``evaluate_batch`` on two
    threads. A new pool replaces it when the thread count changes (``numba.set_num_threads``) or in a
    forked child (the parent's worker threads do not exist there). Idle workers wait on a queue, they do
    not spin, and end with the interpreter.
    """
    import os
    from concurrent.futures import ThreadPoolExecutor

    pid = os.getpid()
    if _POOL and _POOL[0][:2] == (pid, threads):
        return _POOL[0][2]
    if _POOL and _POOL[0][0] == pid:
        _POOL[0][2].shutdown(wait=False)  # its queued work (none: in_threads waits for its own) still runs
    pool = ThreadPoolExecutor(threads, thread_name_prefix="pokerlab", initializer=_mark_worker)
    _POOL[:] = [(pid, threads, pool)]
    return pool


class _Chunks:
    """The chunks of one :func:`in_threads` call, taken in order by whichever thread is free next.

    The pool's helpers and the calling thread share them: ``take`` hands out the next chunk's index
    (under a lock), ``run`` runs it and keeps its result (or its exception) and marks it done.
    """

    def __init__(self, work: Callable[[int, int], Any], chunks: list[tuple[int, int]]) -> None:
        self.work = work
        self.chunks = chunks
        self.results: list[Any] = [None] * len(chunks)
        self.errors: list[Exception | None] = [None] * len(chunks)
        self.done = [threading.Event() for _ in chunks]
        self.next = 0
        self.stopped = False
        self.lock = threading.Lock()

    def take(self) -> int:
        """The index of the next chunk nobody has taken, or -1 (none left, or the caller stopped)."""
        with self.lock:
            if self.stopped or self.next == len(self.chunks):
                return -1
            self.next += 1
            return self.next - 1

    def run(self, j: int) -> None:
        try:
            self.results[j] = self.work(*self.chunks[j])
        except Exception as e:  # handed to the caller, who raises it when it reaches this chunk
            self.errors[j] = e  # (Ctrl-C, KeyboardInterrupt, comes only to the calling thread and goes straight up)
        self.done[j].set()

    def help(self) -> None:
        """A helper thread's part: chunks until none is left."""
        j = self.take()
        while j >= 0:
            self.run(j)
            j = self.take()


def in_threads(work: Callable[[int, int], T], chunks: list[tuple[int, int]]) -> Iterator[T]:
    """``work(*chunk)`` for each chunk, yielded in order; run on numba's thread count (``numba.get_num_threads()``).

    ``work`` should call a ``nogil`` kernel. The calling thread and ``threads - 1`` helpers kept
    between calls (:func:`_thread_pool`) take the chunks in order, each the next one free, so a thread
    slowed by other work on the machine simply takes fewer. Ctrl-C is checked before each result is
    yielded: the chunks not yet taken are dropped and the running ones finish (also when the caller
    stops early, e.g. at a bad row). The results come back in the chunks' order whatever the number
    of threads, so their sum does not depend on it. A call from a helper (work that itself calls
    ``in_threads``) runs its chunks in order on that thread, so nested calls cannot wait for each other.
    Measured: 8 empty chunks on two threads took 0.25-0.4 ms with a new pool per call and results
    collected by the caller, 0.03-0.06 ms this way.
    """

    threads = min(numba.get_num_threads(), len(chunks))
    if threads <= 1 or getattr(_IN_POOL, "worker", False):
        for chunk in chunks:
            _signals.check()
            yield work(*chunk)
        return
    shared = _Chunks(work, chunks)
    pool = _thread_pool(numba.get_num_threads() - 1)
    helpers = [pool.submit(shared.help) for _ in range(threads - 1)]
    try:
        for j in range(len(chunks)):
            while not shared.done[j].is_set():  # run the next free chunk here; wait once none is left
                mine = shared.take()
                if mine < 0:
                    shared.done[j].wait()
                else:
                    shared.run(mine)
            _signals.check()
            error = shared.errors[j]
            if error is not None:
                raise error
            yield shared.results[j]
    finally:
        with shared.lock:
            shared.stopped = True
        for helper in helpers:  # one not started yet (the pool busy with another caller's) is dropped;
            if not helper.cancel():  # a running one finishes its chunk before the caller goes on
                helper.result()
