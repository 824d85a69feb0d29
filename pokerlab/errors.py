"""Exceptions raised by pokerlab.

Every error pokerlab raises on bad input is a subclass of
:class:`PokerlabError`, so ``except pokerlab.PokerlabError`` catches them
all. The classes also derive from :class:`ValueError`, because each one
means "this argument has the wrong value"; an argument of the wrong *type*
(text where a number belongs, a list where a card belongs) raises
:class:`ParameterTypeError`, which is also a :class:`TypeError`, so code
written against Python's own conventions catches it too.

::

    PokerlabError (ValueError)
    ├── CardError                 a card string or card id is malformed
    │   └── DuplicateCardError    the same card appears twice
    ├── CardCountError            the wrong number of cards (hand, board)
    ├── RangeError                a range string is malformed, or empty
    │                             after removing known cards
    ├── ParameterError            any other argument out of its range
    │   │                         (opponents, lookahead, samples, ...)
    │   ├── ParameterTypeError    an argument of the wrong type (also a TypeError)
    │   └── RulesError            game rules that contradict themselves
    │       └── RulesTypeError    a rules field of the wrong type (also a TypeError)
    ├── IllegalActionError        an action the rules do not allow now
    ├── ImpossibleEvidenceError   BPP evidence with probability zero
    ├── HiddenCardsError          an answer needs hole cards nobody showed
    ├── UnknownStackError         an answer needs a stack the history does not give
    ├── CheckFailed               an exercise's check did not accept an answer
    │                             (also an AssertionError: pokerlab.course.checks)
    ├── MissingExtraError         a tool of an extra that is not installed
    │                             (also an ImportError: pokerlab[course])
    └── DataError                 text or files from outside pokerlab (hand
        │                         histories, protocol messages, table files)
        ├── PHHError              a PHH hand history that cannot be read/replayed
        ├── AcpcError             a malformed ACPC message or game definition
        └── PreflopTableError     a preflop table file that fails its checks

    CacheWarning (UserWarning)    a cache file was unusable and is being rebuilt
                                  (a warning, not an error: the answer is still right)
    BotHookWarning (UserWarning)  a bot's method is named like a hook a table
                                  calls but is none (``obsreve``): never called

Ctrl-C is not an error: long computations let ``KeyboardInterrupt`` through
(after stopping their worker processes) and the command line turns it into
one line on stderr and exit status 130.

Messages are full sentences that name the offending input, e.g.
``DuplicateCardError("Ah appears twice in 'AhAh'")``.
"""

from __future__ import annotations

__all__ = [
    "AcpcError",
    "BotHookWarning",
    "CacheWarning",
    "CardCountError",
    "CardError",
    "CheckFailed",
    "DataError",
    "DuplicateCardError",
    "HiddenCardsError",
    "IllegalActionError",
    "ImpossibleEvidenceError",
    "MissingExtraError",
    "PHHError",
    "ParameterError",
    "ParameterTypeError",
    "PokerlabError",
    "PreflopTableError",
    "RangeError",
    "RulesError",
    "RulesTypeError",
    "UnknownStackError",
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


class ParameterTypeError(ParameterError, TypeError):
    """An argument of the wrong type: text where a number belongs, a float where a
    whole number does, None where a value is needed. Also a :class:`TypeError`.

    >>> issubclass(ParameterTypeError, TypeError) and issubclass(ParameterTypeError, ValueError)
    True
    """


class RulesError(ParameterError):
    """Rules that contradict themselves or the game."""


class RulesTypeError(RulesError, ParameterTypeError):
    """A rules field of the wrong type (text for a blind, a list for the straddles). Also a
    :class:`TypeError`, like every wrong type pokerlab refuses.

    >>> issubclass(RulesTypeError, RulesError) and issubclass(RulesTypeError, TypeError)
    True
    """


class IllegalActionError(PokerlabError):
    """An action that the rules do not allow now; the message says what is legal."""


class ImpossibleEvidenceError(PokerlabError):
    """The evidence has probability zero under the network (or contradicts itself)."""


class HiddenCardsError(PokerlabError):
    """A replayed hand cannot answer without hole cards that were never shown
    (e.g. who wins a pot contested by a hand shown as ``????``)."""


class UnknownStackError(PokerlabError):
    """A replayed hand whose history gives a stack as unknown (``inf``) cannot say
    what that player holds at the end; the chips won or lost are still known."""


class CheckFailed(PokerlabError, AssertionError):
    """An exercise's check did not accept an answer: the message says what is wrong without giving the answer
    away (:mod:`pokerlab.course.checks`). Also an ``AssertionError``, as nbgrader expects of a failed check."""


class MissingExtraError(PokerlabError, ImportError):
    """A tool that an optional extra installs was asked for on an install without it (``pokerlab course ...``
    without ``pokerlab[course]``): the message names the extra and the line that installs it. Also an
    ``ImportError``, since importing such a module raises it."""


class DataError(PokerlabError):
    """Text or a file from outside pokerlab (a hand history, a protocol message,
    a table file) that cannot be read; the message names the position or file."""


class PHHError(DataError):
    """PHH text that cannot be read or replayed; the message names the position."""


class AcpcError(DataError):
    """Malformed ACPC text (the message names the position) or a protocol violation."""


class PreflopTableError(DataError):
    """A preflop table file is unreadable, has the wrong shape, lacks provenance, or was edited."""


class CacheWarning(UserWarning):
    """A cache file was empty, truncated, corrupt, edited or made for something else; it is rebuilt."""


class BotHookWarning(UserWarning):
    """A bot defines a public method whose name is close to a hook's (``obsreve``, ``end_hands``) but is no hook.

    A table calls only ``act`` and the hooks :class:`pokerlab.game.BaseBot` names, so such a method is never called:
    a misspelt hook would otherwise be silence (:func:`pokerlab.game.match.check_hooks`)."""
