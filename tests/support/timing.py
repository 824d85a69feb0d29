"""Time limits in the suite are hang guards, never speed tests: generous, and scaled to the machine's load.

A test may wait for a process, a socket or a page, but it must never fail because the machine is busy
(a second suite beside it, eight jobs on two cores). Every wall-clock limit in ``tests/`` goes through
:func:`hang_guard`, which multiplies a limit chosen for an idle machine by

* ``POKERLAB_TEST_TIME_SCALE`` (a number >= 1, default 1), for machines known to be slow, and
* the load factor: the one-minute load average per core, at least 1 and at most 8, read when the limit
  is asked for (so a suite started beside another one waits longer).

Where work can be measured in CPU seconds instead (the junk harness's budget for one call), it is:
CPU time does not grow with the load. A limit is only a guard against a hang; the speed of code is
measured by ``benchmarks/``, never asserted here.
"""

from __future__ import annotations

import os

SCALE_VARIABLE = "POKERLAB_TEST_TIME_SCALE"
MAX_LOAD_FACTOR = 8.0


def load_factor() -> float:
    """The one-minute load average per core, clipped to [1, MAX_LOAD_FACTOR] (1 where it is unknown)."""
    try:
        per_core = os.getloadavg()[0] / (os.cpu_count() or 1)
    except (AttributeError, OSError):  # no load average on this platform
        return 1.0
    return min(MAX_LOAD_FACTOR, max(1.0, per_core))


def time_scale() -> float:
    """``POKERLAB_TEST_TIME_SCALE`` (at least 1; 1 when unset or not a number)."""
    try:
        scale = float(os.environ.get(SCALE_VARIABLE, "1") or 1)
    except ValueError:
        return 1.0
    return scale if scale >= 1 else 1.0  # also maps nan to 1


def hang_guard(seconds: float) -> float:
    """``seconds`` (a limit that is generous on an idle machine) scaled by the time scale and the load."""
    return seconds * time_scale() * load_factor()
