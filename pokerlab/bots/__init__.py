"""Bots: make one by name, seat it with :func:`pokerlab.game.play_match`.

>>> from pokerlab import bots
>>> bots.names()
('always_call', 'always_raise', 'random', 'phase1', 'phase2', 'phase3', 'rembrant', 'bpp')
>>> bots.make("random", seed=3).name
'random'
"""

from __future__ import annotations

from typing import Any

from pokerlab.bots.baseline import AlwaysCall, AlwaysRaise, RandomBot
from pokerlab.bots.bpp import BPPBot
from pokerlab.bots.rembrant import Rembrant
from pokerlab.bots.waterloo import PhaseOne, PhaseThree, PhaseTwo
from pokerlab.errors import ParameterError

__all__ = [
    "AlwaysCall",
    "AlwaysRaise",
    "BPPBot",
    "PhaseOne",
    "PhaseThree",
    "PhaseTwo",
    "RandomBot",
    "Rembrant",
    "make",
    "names",
]

_REGISTRY: dict[str, Any] = {
    "always_call": AlwaysCall,
    "always_raise": AlwaysRaise,
    "random": RandomBot,
    "phase1": PhaseOne,
    "phase2": PhaseTwo,
    "phase3": PhaseThree,
    "rembrant": Rembrant,
    "bpp": BPPBot,
}


def names() -> tuple[str, ...]:
    """The names :func:`make` knows."""
    return tuple(_REGISTRY)


def make(name: str, **params: Any) -> Any:
    """A new bot by name, with its parameters (``make("random", seed=1)``)."""
    if name not in _REGISTRY:
        raise ParameterError(f"unknown bot {name!r}; known bots: {', '.join(names())}")
    try:
        return _REGISTRY[name](**params)
    except TypeError as exc:
        raise ParameterError(f"bad parameters for bot {name!r}: {exc}") from None
