"""Run independent tasks serially or on any ``concurrent.futures.Executor``, in order, with a progress bar.

Results come back in task order whatever the executor, so anything built
from them depends only on the tasks (and their seeds), never on the number
of workers.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from concurrent.futures import Executor
from typing import Any

from pokerlab import _progress, _signals


def run_tasks(
    tasks: Sequence[Any], fn: Callable[[Any], Any], executor: Executor | None, progress: bool, desc: str
) -> list[Any]:
    bar = None
    if progress:
        bar = _progress.bar(len(tasks), desc, "task")
    results = []
    try:
        mapped = map(fn, tasks) if executor is None else executor.map(fn, tasks)
        for res in mapped:
            _signals.check()
            results.append(res)
            if bar is not None:
                bar.update(1)
    finally:  # on Ctrl-C too: the bar is finished before anyone prints below it
        if bar is not None:
            bar.close()
    return results
