"""What an exercise's check accepts and what it says when an answer is not accepted.

The lessons' check cells call these functions, so the rules for every exercise live here:

* **Visible checks** (the part a student sees and runs) test the *form* of an answer and say what is wrong in
  the student's words: :func:`number`, :func:`fraction`, :func:`whole`, :func:`items`, :func:`keys`,
  :func:`text`. An int is a number (``call3 = 1`` is a fraction), ``True`` is not. A few also test what the
  task itself states and gives nothing away (lesson 02's exercise 4: each hand found is ahead of A♦Q♣ now). The
  last line of a visible check, :func:`form_ok`, prints "Exercise N: form OK ...", so a check that *ran* is not
  mistaken for an answer that is *right*: the values are checked when the work is graded.
* **Hidden tests** (run only by ``pokerlab course grade``) compare with the expected answer through
  :func:`close`, :func:`same` and :func:`holds`. Their message names the exercise and the property checked,
  ``"Exercise 4: the smallest bet at which Phase II folds is not right"``, and never the expected value: one
  wrong submission's feedback page must not be the answer key. Only when the environment variable
  ``POKERLAB_GRADE_REVEAL`` is ``"1"`` (``pokerlab course grade --reveal``, after the deadline) does the
  message add the expected value.
* **Precision**: :func:`close` accepts every answer as precise as the prompt asks. With ``decimals=3`` (the
  prompt says "to 3 decimals") an answer passes when it rounds to the same 3 decimals as the expected value or
  lies within half a unit of the 3rd decimal of it, so 0.159 and 0.1592 both pass for 0.159169.

A failed check raises :class:`~pokerlab.errors.CheckFailed`, an ``AssertionError`` whose message follows
these rules; the grader's check process (:mod:`pokerlab.course._check_process`) shows any other assertion that
fails inside a lesson's hidden tests only as "a hidden check failed", so a hidden ``assert`` written without these
helpers cannot give the answer away either.

>>> close(1, "the pot odds", 0.2001, 0.2, decimals=3)
>>> try:
...     close(1, "the pot odds", 0.25, 0.2, decimals=3)
... except CheckFailed as exc:
...     print(exc)
Exercise 1: the pot odds is not right (to 3 decimals)
"""

from __future__ import annotations

import math
import os
from collections.abc import Iterable
from typing import Any, NoReturn

from pokerlab import _validate
from pokerlab.errors import CheckFailed

__all__ = [
    "REVEAL",
    "CheckFailed",
    "close",
    "fail",
    "form_ok",
    "fraction",
    "holds",
    "items",
    "keys",
    "number",
    "require",
    "revealed",
    "same",
    "text",
    "whole",
]

REVEAL = "POKERLAB_GRADE_REVEAL"  # "1": hidden tests name the expected value (``course grade --reveal``)

_UNSET: Any = object()  # no expected value given


def revealed() -> bool:
    """Whether hidden tests may name the expected value (``POKERLAB_GRADE_REVEAL=1``)."""
    return os.environ.get(REVEAL) == "1"


def _shown(value: Any, decimals: int | None = None) -> str:
    if decimals is not None and _is_number(value):
        return f"{value:.{decimals}f}"
    return repr(value)


def fail(exercise: int, what: str, expected: Any = _UNSET, *, decimals: int | None = None, hint: str = "") -> NoReturn:
    """Raise :class:`CheckFailed`: ``"Exercise <exercise>: <what> is not right"``, then the precision asked
    for, a ``hint`` that must not give the answer away (what to look at again), and the expected value only when
    :func:`revealed`."""
    message = f"Exercise {exercise}: {what} is not right"
    if decimals is not None:
        message += f" (to {decimals} decimal{'s' if decimals != 1 else ''})" if decimals else " (to a whole number)"
    if hint:
        message += f": {hint}"
    if revealed() and expected is not _UNSET:
        message += f"; expected {_shown(expected, decimals)}"
    raise CheckFailed(message)


def holds(condition: bool, exercise: int, said: str, expected: Any = _UNSET) -> None:
    """A hidden test: ``condition`` must be true, else ``"Exercise <exercise>: <said>"`` (``said`` states what
    is wrong without the answer, "4c 4d is not ahead of A♦Q♣ on the flop"; the expected value only when
    :func:`revealed`)."""
    if not condition:
        message = f"Exercise {exercise}: {said}"
        if revealed() and expected is not _UNSET:
            message += f"; expected {_shown(expected)}"
        raise CheckFailed(message)


def _plain(value: Any) -> Any:
    """Tuples as lists (a pair stored as a tuple or a list is the same answer), inside dicts and lists too."""
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    return value


def same(exercise: int, what: str, got: Any, want: Any, *, hint: str = "") -> None:
    """A hidden test: ``got`` equals ``want`` (numbers by value, so 60 and 60.0 agree; a tuple equals the list
    of its items)."""
    if _plain(got) != _plain(want) or type(got) is bool is not type(want):
        fail(exercise, what, want, hint=hint)


def _is_number(value: Any) -> bool:
    return _validate.is_number(value) and math.isfinite(value)


def _agrees(got: float, want: float, decimals: int) -> bool:
    half = 0.5 * 10.0**-decimals
    return abs(got - want) <= half * (1 + 1e-9) + 1e-12 or round(got, decimals) == round(want, decimals)


def close(exercise: int, what: str, got: Any, want: float, *, decimals: int, hint: str = "") -> None:
    """A hidden test: ``got`` is ``want`` to ``decimals`` decimals (it rounds to the same digits, or lies within
    half a unit of the last digit of ``want``)."""
    if not _is_number(got) or not _agrees(float(got), float(want), decimals):
        fail(exercise, what, want, decimals=decimals, hint=hint)


# ---- visible checks: the form of an answer, in the student's words ----------------------------------------


def _described(value: Any) -> str:
    """A wrong value as the student wrote it: ``None``, ``the bool True``, ``str '0.7'``."""
    if value is None:
        return "None"
    if _validate.is_bool(value):
        return f"the bool {value}"
    text = repr(value)
    return f"{type(value).__name__} {text if len(text) <= 60 else text[:57] + '...'}"


def require(condition: bool, message: str) -> None:
    """A visible check of the form of an answer: ``condition`` must be true, else ``message`` (in the student's
    terms, without the answer)."""
    if not condition:
        raise CheckFailed(message)


def form_ok(exercise: int) -> None:
    """The last line of a visible check cell: say that the answer's form passed and that its value is checked
    when the work is graded (a visible check that printed nothing looked like "right").

    >>> form_ok(3)
    Exercise 3: form OK (the value is checked when your work is graded)
    """
    print(f"Exercise {exercise}: form OK (the value is checked when your work is graded)")


def number(value: Any, name: str, low: float | None = None, high: float | None = None, *, why: str = "") -> None:
    """``value`` is a number (an int or a float, finite; not True/False), between ``low`` and ``high`` when
    given; ``why`` says in the student's terms why it must lie there."""
    if not _is_number(value):
        raise CheckFailed(f"{name} must be a number (an int or a float), not {_described(value)}")
    if (low is not None and value < low) or (high is not None and value > high):
        where = (
            f"between {low:g} and {high:g}"
            if low is not None and high is not None
            else (f"at least {low:g}" if low is not None else f"at most {high:g}")
        )
        raise CheckFailed(f"{name} is {value!r}, but it must be {where}" + (f": {why}" if why else ""))


def fraction(value: Any, name: str) -> None:
    """``value`` is a share or probability: a number from 0 to 1 (an int too: 1 is a fraction)."""
    number(value, name, 0, 1, why="a share or a probability (write 50 % as 0.5)")


def whole(value: Any, name: str, low: int | None = 0) -> None:
    """``value`` is a whole number (an int, or a float such as 18.0 with nothing after the point), at least
    ``low``."""
    if not _is_number(value) or float(value) != int(value):
        raise CheckFailed(f"{name} must be a whole number (an int), not {_described(value)}")
    number(value, name, low)


def items(value: Any, name: str, length: int | None = None, *, of: str = "") -> None:
    """``value`` is a list or a tuple (of ``length`` items when given); ``of`` names what the items are."""
    size = f" of {length} items" if length is not None else ""
    said = f"{size} ({of})" if of else size
    if not isinstance(value, (list, tuple)):
        raise CheckFailed(f"{name} must be a list or a tuple{said}, not {_described(value)}")
    if length is not None and len(value) != length:
        raise CheckFailed(f"{name} must hold {length} items{f' ({of})' if of else ''}, not {len(value)}")


def keys(value: Any, name: str, wanted: Iterable[Any]) -> None:
    """``value`` is a dict whose keys are exactly ``wanted``."""
    wanted = list(wanted)
    listed = ", ".join(map(repr, wanted))
    if not isinstance(value, dict):
        raise CheckFailed(f"{name} must be a dict with the keys {listed}, not {_described(value)}")
    if set(value) != set(wanted):
        missing = [k for k in wanted if k not in value]
        extra = [k for k in value if k not in wanted]
        said = [f"it lacks {', '.join(map(repr, missing))}"] if missing else []
        said += [f"{', '.join(map(repr, extra))} should not be there"] if extra else []
        raise CheckFailed(f"{name} must have the keys {listed}: " + "; ".join(said))


def text(value: Any, name: str, choices: Iterable[str] | None = None) -> None:
    """``value`` is a string (one of ``choices`` when given)."""
    _validate.text(
        value, "value", empty=True, error=CheckFailed, message=f"{name} must be a string, not {_described(value)}"
    )
    options = list(choices) if choices is not None else None
    if options is not None and value not in options:
        raise CheckFailed(f"{name} is {value!r}; it must be one of {', '.join(map(repr, options))}")
