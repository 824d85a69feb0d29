"""How rules and hands reach the engine and the file formats above them without importing them.

A lecturer types ``NO_LIMIT_RING.new_hand(...)``, ``hand.to_phh()``, ``HandState.from_phh(text)``,
``Rules.from_acpc_gamedef(text)`` and ``rules.to_acpc_gamedef()``. Those methods sit on the lowest
modules of :mod:`pokerlab.game` (:mod:`~pokerlab.game.rules` is plain data, :mod:`~pokerlab.game.state`
the hand), while the code that does the work sits above them: the hand is built in
:mod:`~pokerlab.game.state`, which imports the rules, and the formats in :mod:`~pokerlab.game.gamedef`
and :mod:`~pokerlab.game.phh`, which import both. So imports only go one way, the methods ask this
leaf module for the function by name::

    def to_phh(self) -> str:
        return _hooks.call("to_phh", self)

and each module that owns an entry point registers it when it is imported (:func:`provide`).
``pokerlab/game/__init__.py`` imports every such module, and Python runs a package's ``__init__``
before any of its modules, so whoever holds a :class:`~pokerlab.game.Rules` value finds every entry
filled. This is the same arrangement as :mod:`pokerlab._chart_hook` for results' ``chart()``. This module
imports nothing from pokerlab. The callers still annotate their real types: ``Rules.new_hand`` returns a
``HandState``, imported under ``if TYPE_CHECKING:`` (an annotation, never run).

The entries: ``new_hand`` (state), ``from_gamedef`` and ``to_gamedef`` (gamedef), ``to_phh`` and
``from_phh`` (phh).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

__all__ = ["ENTRIES", "call", "provide"]

ENTRIES = ("new_hand", "from_gamedef", "to_gamedef", "to_phh", "from_phh")
"""The names an owner may register: one per public method that hands over to a higher module."""

_PROVIDED: dict[str, Callable[..., Any]] = {}


def provide(name: str, function: Callable[..., Any]) -> None:
    """Register the function behind entry ``name`` (called by the owning module when it is imported)."""
    if name not in ENTRIES:
        raise LookupError(f"pokerlab.game has no entry point {name!r}; the entries are {', '.join(ENTRIES)}")
    _PROVIDED[name] = function


def call(name: str, *args: Any, **kwargs: Any) -> Any:
    """Run the function registered for entry ``name``.

    >>> call("no_such_entry")
    Traceback (most recent call last):
    ...
    LookupError: pokerlab.game has no entry point 'no_such_entry' registered (import pokerlab.game first)
    """
    try:
        function = _PROVIDED[name]
    except KeyError:
        raise LookupError(
            f"pokerlab.game has no entry point {name!r} registered (import pokerlab.game first)"
        ) from None
    return function(*args, **kwargs)
