"""The kernel a submission runs in: ipykernel started under resource limits.

``python -m pokerlab.course._sandbox --memory BYTES --cpu SECONDS -f CONNECTION_FILE`` sets the limits
(data segment, CPU time, file size, no core files) on its own process, which every child inherits,
then starts an ordinary IPython kernel. The grader writes a kernel spec pointing here.
"""

from __future__ import annotations

import resource
import sys


def limit(memory: int, cpu: int, file_size: int = 64 * 2**20) -> None:
    """Apply the limits to this process (soft = hard, so the code inside cannot raise them again)."""
    resource.setrlimit(resource.RLIMIT_DATA, (memory, memory))  # not RLIMIT_AS: V8 (vl-convert) reserves address space
    resource.setrlimit(resource.RLIMIT_CPU, (cpu, cpu))
    resource.setrlimit(resource.RLIMIT_FSIZE, (file_size, file_size))
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))


def _die_with_parent() -> None:
    """Linux: the kernel is killed when the process that started it (the grader's runner) ends."""
    import contextlib
    import ctypes
    import signal

    with contextlib.suppress(OSError, AttributeError):  # not Linux: the grader kills the kernel's group instead
        ctypes.CDLL(None).prctl(1, int(signal.SIGKILL))  # PR_SET_PDEATHSIG


def main(argv: list[str]) -> None:
    memory, cpu = 4 * 2**30, 3600
    rest: list[str] = []
    it = iter(argv)
    for arg in it:
        if arg == "--memory":
            memory = int(next(it))
        elif arg == "--cpu":
            cpu = int(next(it))
        else:
            rest.append(arg)
    limit(memory, cpu)
    _die_with_parent()
    from ipykernel.kernelapp import launch_new_instance

    launch_new_instance(argv=rest)


if __name__ == "__main__":  # pragma: no cover
    main(sys.argv[1:])
