"""How a result's ``chart()`` reaches the presentation layer without importing it.

A lecturer types ``p.chart()`` on a result (a :class:`~pokerlab.strength.Potential`, a
:class:`~pokerlab.preflop.PreflopTable`, a :class:`~pokerlab.game.MatchResult`, ...). The
result's module sits below :mod:`pokerlab.charts` and must not import it (nor altair), so
``chart()`` asks this leaf module for a drawing function by name::

    def chart(self) -> Chart:
        return _chart_hook.draw("potential_chart", self)

:mod:`pokerlab.charts` fills the registry when it is imported (:func:`fill`). The first
``draw`` before that calls the loader that ``pokerlab/__init__.py`` installed
(:func:`set_loader`); ``pokerlab/__init__`` sits above every layer and runs before any
submodule is imported, so importing the charts from there closes no cycle. This module
imports nothing from pokerlab.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

__all__ = ["Chart", "draw", "fill", "set_loader"]

Chart = Any
"""An altair chart. Spelt ``Any`` here so that no module below the presentation layer imports
altair, not even to annotate a return type."""

_DRAWERS: dict[str, Callable[..., Any]] = {}
_LOADER: list[Callable[[], object]] = []


def fill(drawers: Mapping[str, Callable[..., Any]]) -> None:
    """Register drawing functions by name (called by ``pokerlab.charts`` when it is imported)."""
    _DRAWERS.update(drawers)


def set_loader(loader: Callable[[], object]) -> None:
    """Install the function that imports ``pokerlab.charts`` (called once by ``pokerlab/__init__.py``)."""
    _LOADER[:] = [loader]


def draw(name: str, *args: Any, **kwargs: Any) -> Chart:
    """The chart drawn by the presentation layer's function ``name``, loading ``pokerlab.charts`` if needed.

    >>> draw("no_such_chart")
    Traceback (most recent call last):
    ...
    LookupError: pokerlab.charts has no chart function 'no_such_chart'
    """
    if name not in _DRAWERS:
        for load in _LOADER:
            load()
    try:
        drawer = _DRAWERS[name]
    except KeyError:
        raise LookupError(f"pokerlab.charts has no chart function {name!r}") from None
    return drawer(*args, **kwargs)
