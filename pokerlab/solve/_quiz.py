"""What the push/fold drill and the postflop trainer share: the answered hands and their score.

A quiz deals a hand (``current``), takes an answer, and keeps the hand with the answer and the expected value it
gave up against the solution (``lost``: the best answer's EV minus the chosen one's, never below 0, so an
answer that a mixed strategy also plays loses nothing). The units are the quiz's own: big blinds for push/fold,
chips for a postflop spot.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Generic, Protocol, TypeVar

from pokerlab.errors import ParameterError


class _Scorable(Protocol):
    @property
    def evs(self) -> Mapping[str, float]: ...
    @property
    def lost(self) -> float: ...


H = TypeVar("H", bound=_Scorable)


class ScoredQuiz(Generic[H]):
    """The hand being asked (``current``) and the answered ones (``history``), scored in EV lost."""

    def __init__(self) -> None:
        self.history: list[H] = []
        self.current: H | None = None

    def _asked(self) -> H:
        """The hand being asked; refused before the first deal or after its answer."""
        if self.current is None:
            raise ParameterError("deal a hand before answering")
        return self.current

    def _score(self, chosen: str) -> H:
        """Record ``chosen`` (one of the current hand's answers) with the EV it gave up, and return that hand."""
        hand = self._asked()
        lost = max(hand.evs.values()) - hand.evs[chosen]
        done = replace(hand, answer=chosen, lost=max(0.0, lost))  # type: ignore[type-var]
        self.history.append(done)
        self.current = None
        return done

    @property
    def total_lost(self) -> float:
        """EV lost over every answered hand, in the quiz's unit (bb for push/fold, chips postflop)."""
        return float(sum(h.lost for h in self.history))
