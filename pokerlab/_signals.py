"""Ctrl-C that is never lost: a flag the command line sets and long loops check between chunks.

Python raises ``KeyboardInterrupt`` from its SIGINT handler at the next
bytecode, but a signal that lands while a compiled kernel is being loaded
can be swallowed by library code that catches every exception and retries.
The command line's handler therefore also sets :data:`requested`, and every
long loop (tasks, Monte Carlo chunks, exact enumeration chunks, hands of a
match) calls :func:`check` between chunks, which raises ``KeyboardInterrupt``
again if the first one went astray.
"""

from __future__ import annotations

requested = False


def check() -> None:
    """Raise ``KeyboardInterrupt`` if Ctrl-C was pressed and not yet acted on."""
    if requested:
        raise KeyboardInterrupt
