"""Baseline bots: always call, always raise, and a seeded random player."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from pokerlab import _validate
from pokerlab.errors import ParameterError
from pokerlab.game.match import BaseBot, PlayerView
from pokerlab.game.state import Action, Call, Check, Fold, RaiseTo

__all__ = ["AlwaysCall", "AlwaysRaise", "RandomBot", "require_turn"]


def require_turn(view: PlayerView) -> None:
    """Refuse to act for a seat that is not to act (a bug in the caller, not a choice)."""
    _validate.instance(view, PlayerView, "view must be a PlayerView")
    if view.actor != view.seat:
        who = "nobody is" if view.actor is None else f"seat {view.actor} is"
        raise ParameterError(f"asked to act for seat {view.seat}, but {who} to act")


@dataclass
class AlwaysCall(BaseBot):
    """Checks when it can and calls every bet: the "calling station" of the Waterloo report's simulations."""

    name: str = "always_call"

    def act(self, view: PlayerView) -> Action:
        require_turn(view)
        return Call()


@dataclass
class AlwaysRaise(BaseBot):
    """Raises the minimum whenever it may, otherwise calls."""

    name: str = "always_raise"

    def act(self, view: PlayerView) -> Action:
        require_turn(view)
        if view.min_raise_to is not None:
            return RaiseTo(view.min_raise_to)
        return Call()


@dataclass
class RandomBot(BaseBot):
    """Picks uniformly among fold (only when facing a bet), check/call and raise.

    A raise goes to a uniformly drawn amount between the minimum and the
    maximum; ``raise_probability`` tilts the choice. Reproducible from
    ``seed``.
    """

    seed: int | None = None
    raise_probability: float = 1 / 3
    name: str = "random"
    _rng: random.Random = field(init=False, repr=False)

    def __post_init__(self) -> None:
        _validate.seed(self.seed)
        _validate.real(self.raise_probability, "raise_probability", lo=0, hi=1)
        _validate.text(self.name, "name")
        self._rng = random.Random(self.seed)

    def act(self, view: PlayerView) -> Action:
        require_turn(view)
        rng = self._rng
        can_raise = view.min_raise_to is not None
        if can_raise and rng.random() < self.raise_probability:
            lo, hi = view.min_raise_to, view.max_raise_to
            assert lo is not None and hi is not None
            return RaiseTo(rng.randint(lo, hi))
        if view.to_call > 0 and rng.random() < 0.5:
            return Fold()
        return Call() if view.to_call > 0 else Check()
