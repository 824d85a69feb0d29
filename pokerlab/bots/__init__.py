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

A *spec* names a bot with its parameters in one string, ``"name:key=value,..."``,
as the command line and the experiments write them; the bot is named by its spec:

>>> bot = bots.make("phase2:bluff=aggressive,raise_above=0.85", seed=1)
>>> bot.name, bot.bluff_rate > 0
('phase2:bluff=aggressive,raise_above=0.85', True)

:func:`make` is the one bot factory.
"""

from __future__ import annotations

from pokerlab.bots.baseline import AlwaysCall, AlwaysRaise, RandomBot
from pokerlab.bots.bpp import BPPBot
from pokerlab.bots.pushfold import PushFoldBot
from pokerlab.bots.registry import make, names, parse_spec
from pokerlab.bots.rembrant import Rembrant
from pokerlab.bots.strategy import (
    Bluff,
    BPPVariant,
    ContextKind,
    Decision,
    DecisionKind,
    OpponentModelKind,
    Trust,
)
from pokerlab.bots.waterloo import PhaseOne, PhaseThree, PhaseTwo

# the opponent-model modules, reachable as attributes (``bots.models.ContextModel``), as before
from pokerlab.bots import collect, models  # noqa: F401  isort: skip
from pokerlab.game.match import Bot

__all__ = [
    "AlwaysCall",
    "AlwaysRaise",
    "BPPBot",
    "BPPVariant",
    "Bluff",
    "Bot",
    "ContextKind",
    "Decision",
    "DecisionKind",
    "OpponentModelKind",
    "PhaseOne",
    "PhaseThree",
    "PhaseTwo",
    "PushFoldBot",
    "RandomBot",
    "Rembrant",
    "Trust",
    "make",
    "names",
    "parse_spec",
]
