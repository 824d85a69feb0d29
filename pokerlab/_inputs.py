"""Argument checking shared by the strength and equity modules.

Each helper turns what a user typed into validated values or raises a
:mod:`pokerlab.errors` exception whose message names the problem.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from pokerlab._validate import whole
from pokerlab.cards import Card, CardsLike, check_disjoint, combo_card_ids, parse_named
from pokerlab.errors import CardCountError, RangeError
from pokerlab.ranges import Range
from pokerlab.streets import BOARD_SIZES

if TYPE_CHECKING:  # pragma: no cover
    import numpy as np

    from pokerlab.ranges import Range

MAX_OPPONENTS = 9


def hole_and_board(
    hole: CardsLike, board: CardsLike, *, board_sizes: tuple[int, ...] = BOARD_SIZES, board_name: str = "board"
) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    """Parse two hole cards and a board of an allowed size, all distinct."""
    h = parse_named(hole, "hole")
    if len(h) != 2:
        raise CardCountError(f"a Hold'em hand has 2 hole cards, not {len(h)} ({' '.join(map(str, h)) or 'none'})")
    b = parse_named(board, board_name) if board is not None else ()
    if len(b) not in board_sizes:
        sizes = ", ".join(str(s) for s in board_sizes[:-1]) + " or " * (len(board_sizes) > 1) + str(board_sizes[-1])
        raise CardCountError(f"{board_name}: the board must have {sizes} cards here, not {len(b)}")
    check_disjoint(("hand", h), ("board", b))
    return h, b


def opponents_count(opponents: int, *, fewest: int = 1) -> int:
    """Check a number of opponents: a whole number 1..9 (``fewest=0``: equity's random opponents beside its
    ranges), the one check every function taking ``opponents`` runs."""
    said = f"opponents must be a whole number {fewest}..{MAX_OPPONENTS} (a table seats 10)"
    return whole(opponents, "opponents", lo=fewest, hi=MAX_OPPONENTS, message=said)


def weight_table(weights: np.ndarray | Range | str | None, known: tuple[Card, ...]) -> np.ndarray | None:
    """An opponent weight table of 1326 floats, or None for uniform.

    Accepts an array, a :class:`~pokerlab.ranges.Range` or a range string.
    Raises :class:`RangeError` when no weight is left after removing the
    known cards.
    """
    import numpy as np

    if weights is None:
        return None
    if isinstance(weights, (str, Range)):
        arr = Range.parse(weights).weight_array()
    else:
        try:
            raw = np.asarray(weights)
            if raw.dtype.kind not in "biufO" or (
                raw.dtype.kind == "O" and any(isinstance(w, (str, bytes, complex)) for w in raw.ravel())
            ):
                # complex numbers would lose their imaginary part, text would be read as numbers
                raise TypeError
            arr = np.asarray(raw, dtype=np.float64)
        except (TypeError, ValueError):
            raise RangeError(f"weights must be a range or 1326 numbers, not {weights!r:.60}") from None
        if arr.shape != (1326,):
            raise RangeError(
                f"weights: a weight table has one weight per hole combination, shape (1326,), not {arr.shape}"
            )
        if not np.isfinite(arr).all() or (arr < 0).any():
            raise RangeError("weights must be finite and non-negative")
        arr = arr.copy()
    ids = combo_card_ids()
    dead = np.zeros(52, dtype=bool)
    dead[[c.id for c in known]] = True
    live = ~(dead[ids[:, 0]] | dead[ids[:, 1]])
    if not (arr[live] > 0).any():
        raise RangeError("the opponent's weight table is empty once the known cards are removed")
    arr[~live] = 0.0
    # Only ratios of weights matter. Sums of 1,081 weights near 1e308 overflow and
    # subnormal weights lose their digits, so a table whose largest weight is beyond
    # 2**+-64 is divided by that weight (the largest becomes exactly 1, a uniform table
    # exactly all ones). Tables in the usual range are left as given, so a weighted
    # Potential's sums read in the caller's units.
    top = float(arr.max())
    if abs(math.frexp(top)[1]) > 64:
        arr = arr / top
    return np.ascontiguousarray(arr)


def ids_array(cards: tuple[Card, ...]) -> np.ndarray:
    import numpy as np

    return np.array([c.id for c in cards], dtype=np.int64)
