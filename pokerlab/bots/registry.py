"""The one bot factory: :func:`make` builds a bot from its name or spec.

A spec is ``"name:key=value,..."`` (``"phase2:bluff=aggressive"``), as the
command line, the self-play experiments and :func:`pokerlab.bots.collect.collect_decisions`
write line-ups; :func:`parse_spec` reads it.
"""

from __future__ import annotations

import inspect
from typing import Any

from pokerlab import _validate
from pokerlab.bots import pushfold
from pokerlab.bots.baseline import AlwaysCall, AlwaysRaise, RandomBot
from pokerlab.bots.bpp import BPPBot
from pokerlab.bots.pushfold import PushFoldBot
from pokerlab.bots.rembrant import Rembrant
from pokerlab.bots.waterloo import PhaseOne, PhaseThree, PhaseTwo
from pokerlab.errors import ParameterError
from pokerlab.game.match import Bot

__all__ = ["make", "names", "parse_spec"]

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


def _spec_value(text: str) -> Any:
    """A parameter value written in a spec: an int, a float, true/false, else the text."""
    for cast in (int, float):
        try:
            return cast(text)
        except ValueError:
            pass
    return {"true": True, "false": False}.get(text.lower(), text)


def parse_spec(spec: str) -> tuple[str, dict[str, Any]]:
    """Split a bot spec ``"name:key=value,..."`` into its name and parameters.

    >>> parse_spec("phase3:trust=conservative,raise_above=0.9")
    ('phase3', {'trust': 'conservative', 'raise_above': 0.9})
    >>> parse_spec("random")
    ('random', {})
    """
    _validate.text(
        spec,
        "spec",
        empty=True,
        message=f"a bot must be given by its name or spec (text such as 'phase2'), not {spec!r}",
    )
    name, _, params_text = spec.partition(":")
    params: dict[str, Any] = {}
    for item in filter(None, params_text.split(",")):
        key, eq, value = item.partition("=")
        if not eq or not key.strip():
            raise ParameterError(f"cannot read the bot parameter {item!r} in {spec!r}; write key=value")
        params[key.strip()] = _spec_value(value.strip())
    return name.strip(), params


def make(name: str, *, seed: int | None = None, **params: Any) -> Bot:
    """A new bot by name or spec, with its parameters (``make("random", seed=1)``).

    ``name`` is a bot's name (:func:`names`) or a spec ``"name:key=value,..."``
    (``"phase2:bluff=aggressive"``); a spec's parameters are read as numbers,
    ``true``/``false`` or text, and keyword ``params`` given here override them.
    A bot made from a spec with parameters is named by its spec.

    Every bot is a :class:`~pokerlab.game.Bot` (re-exported here as
    ``bots.Bot``): a ``name`` and ``act(view) -> Action``; some also
    ``observe`` events and keep state between hands.

    ``seed`` (None or a whole number >= 0) seeds the bots that use random
    numbers and is ignored by the deterministic ones; other keyword
    parameters go to the bot's class and are checked there.
    """
    _validate.text(name, "name", empty=True, message=f"unknown bot {name!r}; known bots: {', '.join(names())}")
    spec = name
    name, spec_params = parse_spec(spec)
    if not name and not spec_params:
        raise ParameterError(f"unknown bot {spec!r}; known bots: {', '.join(names())}")
    _validate.choice(name, "name", _REGISTRY, message=f"unknown bot {name!r}; known bots: {', '.join(names())}")
    params = {**spec_params, **params}
    seed = _validate.seed(seed)
    cls = _REGISTRY[name]
    if seed is not None and "seed" in inspect.signature(cls).parameters:
        params["seed"] = seed
    try:
        bot = cls(**params)
    except TypeError as exc:
        raise ParameterError(f"bad parameters for bot {name!r}: {exc}") from None
    if spec_params:
        bot.name = spec
    return bot


pushfold._MAKE[:] = [make]  # PushFoldBot's deep bot is built by this factory (see pokerlab.bots.pushfold._MAKE)
