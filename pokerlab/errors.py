"""Exceptions raised by pokerlab.

Every error pokerlab raises on bad input is a subclass of
:class:`PokerlabError`, so ``except pokerlab.PokerlabError`` catches them
all. The classes also derive from :class:`ValueError`, because each one
means "this argument has the wrong value".

::

    PokerlabError (ValueError)
    ├── CardError                 a card string or card id is malformed
    │   └── DuplicateCardError    the same card appears twice
    ├── CardCountError            the wrong number of cards (hand, board)
    ├── RangeError                a range string is malformed, or empty
    │                             after removing known cards
    └── ParameterError            any other argument out of its range
                                  (opponents, lookahead, samples, ...)

Messages are full sentences that name the offending input, e.g.
``DuplicateCardError("Ah appears twice in 'AhAh'")``.
"""

from __future__ import annotations

__all__ = [
    "CardCountError",
    "CardError",
    "DuplicateCardError",
    "ParameterError",
    "PokerlabError",
    "RangeError",
]


class PokerlabError(ValueError):
    """Base class of every error pokerlab raises for bad input."""


class CardError(PokerlabError):
    """A card could not be understood (unknown rank or suit, bad id)."""


class DuplicateCardError(CardError):
    """The same card was given twice (inside a hand, or hand vs board)."""


class CardCountError(PokerlabError):
    """A hand or board has the wrong number of cards."""


class RangeError(PokerlabError):
    """A hand range is malformed, or holds no combination that can be dealt."""


class ParameterError(PokerlabError):
    """A numeric or named parameter is outside the values it may take."""
