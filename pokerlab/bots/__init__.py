"""Bots: make one by name, seat it with :func:`pokerlab.game.play_match`.

Each is a :class:`Bot` (the engine's protocol: a ``name`` and ``act(view)``).

>>> from pokerlab import bots
>>> bots.names()
('always_call', 'always_raise', 'random', 'phase1', 'phase2', 'phase3', 'rembrant', 'bpp', 'push_fold')
>>> bots.make("random", seed=3).name
'random'

Every bot takes ``seed``: the bots that draw random numbers (random, phase2,
phase3, rembrant, bpp) use it, so the same seed gives the same play; the
deterministic ones (always_call, always_raise, phase1) accept it and ignore
it, so a table can seed every seat the same way:

>>> [type(bots.make(name, seed=1)).__name__ for name in ("always_call", "phase1")]
['AlwaysCall', 'PhaseOne']
"""

from __future__ import annotations

import inspect
from typing import Any

from pokerlab.bots.baseline import AlwaysCall, AlwaysRaise, RandomBot
from pokerlab.bots.bpp import BPPBot
from pokerlab.bots.pushfold import PushFoldBot
from pokerlab.bots.rembrant import Rembrant
from pokerlab.bots.strategy import Decision, DecisionKind
from pokerlab.bots.waterloo import PhaseOne, PhaseThree, PhaseTwo
from pokerlab.errors import ParameterError
from pokerlab.game.match import Bot

__all__ = [
    "AlwaysCall",
    "AlwaysRaise",
    "BPPBot",
    "Bot",
    "Decision",
    "DecisionKind",
    "PhaseOne",
    "PhaseThree",
    "PhaseTwo",
    "PushFoldBot",
    "RandomBot",
    "Rembrant",
    "make",
    "names",
]

_REGISTRY: dict[str, type[Bot]] = {
    "always_call": AlwaysCall,
    "always_raise": AlwaysRaise,
    "random": RandomBot,
    "phase1": PhaseOne,
    "phase2": PhaseTwo,
    "phase3": PhaseThree,
    "rembrant": Rembrant,
    "bpp": BPPBot,
    "push_fold": PushFoldBot,
}


def names() -> tuple[str, ...]:
    """The names :func:`make` knows."""
    return tuple(_REGISTRY)


def make(name: str, *, seed: int | None = None, **params: Any) -> Bot:
    """A new bot by name, with its parameters (``make("random", seed=1)``).

    Every bot is a :class:`~pokerlab.game.Bot` (re-exported here as
    ``bots.Bot``): a ``name`` and ``act(view) -> Action``; some also
    ``observe`` events and keep state between hands.

    ``seed`` (None or a whole number >= 0) seeds the bots that use random
    numbers and is ignored by the deterministic ones; other keyword
    parameters go to the bot's class and are checked there.
    """
    if not isinstance(name, str) or name not in _REGISTRY:
        raise ParameterError(f"unknown bot {name!r}; known bots: {', '.join(names())}")
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int) or seed < 0):
        raise ParameterError(f"seed must be None or a whole number >= 0, not {seed!r}")
    cls = _REGISTRY[name]
    if seed is not None and "seed" in inspect.signature(cls).parameters:
        params["seed"] = seed
    try:
        return cls(**params)
    except TypeError as exc:
        raise ParameterError(f"bad parameters for bot {name!r}: {exc}") from None
