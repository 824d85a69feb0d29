"""The four betting rounds of Texas Hold'em, one name for every layer.

:class:`Street` is a string enum, so each member *is* its word: the game
engine, the bots' strategies and BPP's network (which calls them "rounds")
all use it, and older code that compares with ``"flop"`` still works.

>>> Street.TURN, Street.TURN == "turn", Street.TURN.index, Street.TURN.board_size
(<Street.TURN: 'turn'>, True, 2, 4)
>>> Street.of_board(3)
<Street.FLOP: 'flop'>
"""

from __future__ import annotations

from enum import StrEnum
from typing import Literal, TypeAlias

from pokerlab import _validate
from pokerlab.errors import CardCountError

__all__ = ["BOARD_SIZES", "Street"]

BOARD_SIZES: tuple[int, ...] = (0, 3, 4, 5)
"""The board's size when each round's betting starts, preflop to river: the only copy of these numbers."""


class Street(StrEnum):
    """A betting round: preflop, flop, turn, river (in that order)."""

    PREFLOP = "preflop"
    FLOP = "flop"
    TURN = "turn"
    RIVER = "river"

    @property
    def index(self) -> int:  # type: ignore[override]  # a street's place, not str.index
        """0 for the preflop round ... 3 for the river (looked up: the game engine asks at every decision)."""
        return _INDEX[self._value_]

    @property
    def board_size(self) -> int:
        """The number of board cards dealt when this round's betting starts."""
        return BOARD_SIZES[self.index]

    @classmethod
    def of_board(cls, cards: int) -> Street:
        """The round whose betting a board of ``cards`` cards belongs to (0, 3, 4 or 5)."""
        sizes = dict(zip(BOARD_SIZES, cls, strict=True))
        said = "a board has 0, 3, 4 or 5 cards"
        return sizes[_validate.whole(cards, "cards", among=BOARD_SIZES, error=CardCountError, message=said)]


StreetName: TypeAlias = Literal["preflop", "flop", "turn", "river"]
"""A round's word, as :func:`pokerlab.bpp.network.check_round` returns it."""

StreetChoice: TypeAlias = Street | StreetName
"""A :class:`Street` or its value as a string: a type checker refuses any other string."""

PostflopRound: TypeAlias = Street | Literal["flop", "turn", "river"]
"""A round after the flop is dealt, as a member or its word (BPP's rounds)."""


_INDEX: dict[str, int] = {street.value: i for i, street in enumerate(Street)}
"""Each round's word -> its place (keyed by the plain string, whose hash Python caches, not by the member)."""
