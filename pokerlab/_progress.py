"""Progress bars (tqdm) that show no time remaining until the estimate means something.

A first update often lands after a start-up (numba loading or compiling, worker processes
starting): tqdm would divide the whole wait by one finished task and show "56 hours" for a
job of a minute. Until :data:`SETTLED` of the total is done, the bar shows ``?`` where the
time remaining goes; the elapsed time, the count and the rate are shown as usual.
"""

from __future__ import annotations

from typing import Any

SETTLED = 0.05
"""The fraction of the total after which the time remaining is shown."""

_EARLY = "{l_bar}{bar}| {n_fmt}/{total_fmt} [{elapsed}<?, {rate_fmt}{postfix}]"


def bar(**kwargs: Any) -> Any:
    """A ``tqdm.auto.tqdm`` bar (same arguments) that hides its ETA until the estimate has settled."""
    from tqdm.auto import tqdm

    class _Bar(tqdm):
        @property
        def format_dict(self) -> dict[str, Any]:
            d = super().format_dict
            total = d.get("total")
            if total and d.get("n", 0) < max(2, SETTLED * total) and not d.get("bar_format"):
                d["bar_format"] = _EARLY
            return d

    return _Bar(**kwargs)
