"""Progress bars that show a sign of life at once and an ETA only once it means something.

Every long job in pokerlab shows a ``tqdm.auto`` bar made by :func:`bar` (a terminal bar, or a widget in
Jupyter). tqdm's estimate of the time left is the work to do divided by the rate so far: after one task, or in
the first second, it can be off by a factor of ten (the first task compiles kernels, fills caches, starts
worker processes), and while the start-up still weighs in its average, by a factor of a thousand (``pokerlab
reproduce`` on a fresh install read ``2/16900 [00:12<25:04:45]``: the first task had taken 11 s). So the
clock of the early phase starts when the first step is done, not when the bar appears: until
:data:`EARLY_SECONDS` seconds have passed since then and :data:`EARLY_STEPS` more steps are done, the bar shows
``<?`` where the ETA goes; after that, and when the work is done (a job of a few seconds ends
``[00:03<00:00, ...]``, not ``<?``), tqdm's usual ``elapsed<remaining, rate``.

:func:`labelled` names the bars of a block of work: ``pokerlab reproduce`` wraps each table it builds, so its
three bars say "Table 1: expert table, 2 players", ... rather than what the innermost function calls its work.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import Any

EARLY_SECONDS = 5.0
"""Seconds after the first step during which no ETA is shown."""
EARLY_STEPS = 2
"""Steps beyond the first that must be done before an ETA is shown."""
EARLY_FORMAT = "{l_bar}{bar}| {n_fmt}/{total_fmt} [{elapsed}<?{postfix}]"
"""The bar while the ETA means nothing yet: done/total and time elapsed, ``<?`` for the time left."""

_labels: list[str] = []
_bar_class: Any = None
_line_stream: Any = None


@contextlib.contextmanager
def lines(stream: Any) -> Iterator[None]:
    """Inside the block, bars made by :func:`bar` write a line to ``stream`` each time their postfix changes
    (a checkpoint: ``postflop: 120 it, 0.026% of the pot``) and draw nothing; for a command whose progress is
    read in a log or a pipe, where a redrawn bar leaves one long line of carriage returns."""
    global _line_stream
    previous, _line_stream = _line_stream, stream
    try:
        yield
    finally:
        _line_stream = previous


class _LineBar:
    """The part of a tqdm bar that pokerlab's loops use, writing one line per checkpoint (see :func:`lines`)."""

    def __init__(self, total: int | None, desc: str, unit: str, stream: Any) -> None:
        self.total, self.desc, self.unit, self.stream, self.n = total, desc, unit, stream, 0

    def update(self, n: int = 1) -> None:
        self.n += n

    def set_postfix_str(self, text: str = "", refresh: bool = True) -> None:
        self.stream.write(f"{self.desc}: {self.n:,} {self.unit}, {text}\n")
        self.stream.flush()

    def close(self) -> None:
        pass


@contextlib.contextmanager
def labelled(label: str) -> Iterator[None]:
    """Inside the block, every bar made by :func:`bar` is named ``label`` (the outermost label wins)."""
    _labels.append(label)
    try:
        yield
    finally:
        _labels.pop()


def bar(total: int | None, desc: str, unit: str, **kwargs: Any) -> Any:
    """A ``tqdm.auto`` bar named ``desc`` (or the label of an enclosing :func:`labelled` block)."""
    global _bar_class
    if _bar_class is None:
        from tqdm.auto import tqdm

        class _Bar(tqdm):  # tqdm.auto picks its class at import
            @property
            def format_dict(self) -> dict[str, Any]:
                d: dict[str, Any] = super().format_dict
                total, n, elapsed = d.get("total"), d.get("n", 0), d.get("elapsed", 0)
                first = getattr(self, "_first_step", None)  # (elapsed, n) when a step was first seen done
                if first is None and n > 0:
                    first = self._first_step = (elapsed, n)
                early = first is None or elapsed - first[0] < EARLY_SECONDS or n - first[1] < EARLY_STEPS
                if total and n < total and early:
                    d["bar_format"] = EARLY_FORMAT
                return d

        _bar_class = _Bar
    if _labels:
        desc = _labels[0]
    if _line_stream is not None and not kwargs.get("disable"):
        return _LineBar(total, desc, unit, _line_stream)
    return _bar_class(total=total, desc=desc, unit=unit, **kwargs)
