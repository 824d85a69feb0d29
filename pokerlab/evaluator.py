"""Exact hand evaluation for 5, 6 and 7-card hands.

A hand's **value** is an integer from 1 (7-5-4-3-2 offsuit, the worst five
cards) to 7462 (a royal flush): one value for each of the 7,462 distinct
5-card hand classes, and higher is always better. Six and seven-card hands
take the value of their best five cards.

=================  =========  ==============
category           values     classes
=================  =========  ==============
high card          1-1277     1277
one pair           1278-4137  2860
two pair           4138-4995  858
three of a kind    4996-5853  858
straight           5854-5863  10
flush              5864-7140  1277
full house         7141-7296  156
four of a kind     7297-7452  156
straight flush     7453-7462  10
=================  =========  ==============

Two implementations live here and are tested against each other:

* :func:`evaluate` / :func:`evaluate_batch`, the fast path: lookup tables
  (:mod:`pokerlab._tables`) and, for arrays, a compiled kernel
  (:mod:`pokerlab._kernels`).
* :func:`reference_value`, a plainly written evaluator that tries every
  5-card subset and classifies it by sorting rank groups.

>>> v = evaluate("KhKs Kd Th Tc")
>>> v.category.label, v.describe()
('Full house', 'Full house, kings full of tens')
>>> evaluate("AsKs QsJsTs 2c 3d") > evaluate("9s9h 9d9c As")
True
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import IntEnum
from functools import cache
from itertools import combinations
from typing import TYPE_CHECKING

from pokerlab import _compiled, _notice, _progress, _tables, _validate
from pokerlab.cards import Card, CardsLike, Rank, parse_named
from pokerlab.errors import CardCountError, CardError

if TYPE_CHECKING:  # pragma: no cover
    import numpy as np

__all__ = [
    "HandCategory",
    "HandValue",
    "category_counts",
    "evaluate",
    "evaluate_batch",
    "evaluate_parsed",
    "reference_value",
]


class HandCategory(IntEnum):
    """The nine hand categories, weakest first."""

    HIGH_CARD = 0
    PAIR = 1
    TWO_PAIR = 2
    THREE_OF_A_KIND = 3
    STRAIGHT = 4
    FLUSH = 5
    FULL_HOUSE = 6
    FOUR_OF_A_KIND = 7
    STRAIGHT_FLUSH = 8

    @property
    def label(self) -> str:
        """Human name: ``"Full house"``."""
        return "One pair" if self is HandCategory.PAIR else self.name.replace("_", " ").capitalize()

    def __str__(self) -> str:
        """The human name (``str(HandCategory.FLUSH)`` is ``'Flush'``, not ``'5'``); ``int()`` gives the number."""
        return self.label

    def __format__(self, spec: str) -> str:
        """Formatted as its name, like :meth:`__str__`; a number format (``f"{c:d}"``) formats the number."""
        as_text = not spec or spec[-1] in "s<>^" or spec[-1].isdigit()
        return format(self.label, spec) if as_text else format(int(self), spec)


@dataclass(frozen=True, slots=True, order=True)
class HandValue:
    """The value of a hand: ordered (higher is better), with its category.

    ``cards`` are the 5-7 cards evaluated; :attr:`best_five` picks the five
    that make the value.
    """

    value: int
    cards: tuple[Card, ...] = field(default=(), compare=False)

    def __post_init__(self) -> None:
        if type(self.value) is not int or not 1 <= self.value <= 7462:  # the plain case first: every showdown
            value = _validate.whole(
                self.value, "value", lo=1, hi=7462, error=CardError, message="hand values run 1..7462"
            )
            object.__setattr__(self, "value", value)  # stored as an int: np.int64(1) reads as 1

    def __int__(self) -> int:
        return self.value

    @property
    def category(self) -> HandCategory:
        return HandCategory(int(_tables.tables().category_of[self.value]))

    @property
    def best_five(self) -> tuple[Card, ...]:
        """The five cards that make the hand, in a readable order.

        Cards are sorted by how much they matter: the bigger rank group
        first (trips before the pair), then by rank. Ties between equal
        subsets (e.g. two equal kickers of different suits) are broken by
        the lowest card ids.
        """
        if len(self.cards) == 5:
            five = self.cards
        else:
            five = next(c for c in combinations(self.cards, 5) if _value_ids([x.id for x in c]) == self.value)
        return _readable_order(five, self.category)

    def describe(self) -> str:
        """A sentence such as ``"Full house, kings full of tens"``."""
        cat, ranks = _tables.all_keys()[self.value - 1]
        r = [Rank.from_index(x) for x in ranks]
        c = HandCategory(cat)
        if c is HandCategory.STRAIGHT_FLUSH:
            return "Royal flush" if r[0] is Rank.ACE else f"Straight flush, {r[0].word} high"
        if c is HandCategory.FOUR_OF_A_KIND:
            return f"Four of a kind, {r[0].plural}"
        if c is HandCategory.FULL_HOUSE:
            return f"Full house, {r[0].plural} full of {r[1].plural}"
        if c is HandCategory.FLUSH:
            return f"Flush, {r[0].word} high"
        if c is HandCategory.STRAIGHT:
            return f"Straight, {r[0].word} high"
        if c is HandCategory.THREE_OF_A_KIND:
            return f"Three of a kind, {r[0].plural}"
        if c is HandCategory.TWO_PAIR:
            return f"Two pair, {r[0].plural} and {r[1].plural}"
        if c is HandCategory.PAIR:
            return f"One pair, {r[0].plural}"
        return f"High card, {r[0].word}"

    def __repr__(self) -> str:
        return f"HandValue({self.value}, {self.describe()!r})"


def _readable_order(five: tuple[Card, ...], cat: HandCategory) -> tuple[Card, ...]:
    ranks = [c.rank.index for c in five]
    if cat in (HandCategory.STRAIGHT, HandCategory.STRAIGHT_FLUSH) and sorted(ranks) == [0, 1, 2, 3, 12]:
        return tuple(sorted(five, key=lambda c: (c.rank.index + 1) % 13, reverse=True))
    count = {r: ranks.count(r) for r in ranks}
    return tuple(sorted(five, key=lambda c: (count[c.rank.index], c.rank.index, c.suit.index), reverse=True))


def _value_ids(ids: list[int]) -> int:
    """Value of 5-7 card ids by table lookup, in plain Python."""
    t = _tables.tables()
    suit_count = [0, 0, 0, 0]
    suit_mask = [0, 0, 0, 0]
    key = 0
    for i in ids:
        s = i & 3
        key += int(t.card_key[i])
        suit_count[s] += 1
        suit_mask[s] |= 1 << (i >> 2)
    for s in range(4):
        if suit_count[s] >= 5:
            return int(t.flush[suit_mask[s]])
    low = key & ((1 << _tables.LOW_BITS) - 1)
    high = key >> _tables.LOW_BITS
    return int(t.noflush[int(t.prefix[len(ids), high]) + int(t.suffix[low])])


def evaluate(cards: CardsLike) -> HandValue:
    """Evaluate a 5, 6 or 7-card hand.

    ``cards`` is anything :func:`~pokerlab.cards.parse_cards` reads:
    ``"AsKs QsJsTs"``, a list of :class:`~pokerlab.cards.Card`, card ids.

    >>> evaluate("As Ks Qs Js Ts").describe()
    'Royal flush'
    >>> evaluate("7c 5d 4h 3s 2c").value
    1
    """
    cs = parse_named(cards, "cards")
    if not 5 <= len(cs) <= 7:
        raise CardCountError(f"a hand to evaluate has 5, 6 or 7 cards, not {len(cs)}")
    return evaluate_parsed(cs)


def evaluate_parsed(cards: tuple[Card, ...]) -> HandValue:
    """:func:`evaluate` of cards already parsed and checked (5 to 7 distinct :class:`~pokerlab.cards.Card`): what
    a loop behind an edge that parsed once calls, with no parse per hand.

    >>> from pokerlab.cards import parse_cards
    >>> evaluate_parsed(parse_cards("As Ks Qs Js Ts")).describe()
    'Royal flush'
    """
    return HandValue(_value_ids([c.id for c in cards]), cards)


SMALL_BATCH = 4096
"""Up to this many rows, in a one-answer command (:data:`pokerlab._notice.single_query`) while the compiled
kernels are not loaded, :func:`evaluate_batch` runs in numpy (loading numba takes a second or more; a first
run on a machine also compiles)."""


def evaluate_batch(ids: np.ndarray, *, validate: bool = True) -> np.ndarray:
    """Evaluate many hands at once.

    ``ids`` is an integer array of shape ``[n, k]`` with k = 5, 6 or 7 card
    ids per row (see :mod:`pokerlab.cards` for the id layout). Returns an
    ``int32`` array of the n values, the same numbers :func:`evaluate`
    gives. With ``validate=True`` (the default) ids outside 0..51 and
    duplicate cards within a row raise an error naming the first bad row;
    pass ``validate=False`` to skip the check when the input is known good.

    >>> import numpy as np
    >>> evaluate_batch(np.array([[51, 47, 43, 39, 35], [20, 13, 10, 7, 0]]))
    array([7462,    1], dtype=int32)
    """
    import sys

    import numpy as np

    try:
        arr = given = np.asarray(ids)  # given: the rows as passed, for error messages (uint64 ids wrap below)
    except ValueError as exc:  # rows of different lengths (numpy refuses a ragged array)
        raise CardCountError(f"ids must be an array of shape [n, 5..7]: {exc}") from exc
    if arr.ndim != 2 or not 5 <= arr.shape[1] <= 7:
        raise CardCountError(f"ids must be an array of shape [n, 5..7], not {arr.shape}")
    if not np.issubdtype(arr.dtype, np.integer):
        raise CardError(f"card ids must be integers, not {arr.dtype}")
    # the kernel is compiled for two row types only (each type costs a compile of several seconds on a cold
    # cache): uint8 rows, which stream 8x less memory than int64, and int64 rows. Other integer ids are copied
    # into uint8 when every id fits in 0..255 (an id of 52..255 is still refused below), else into int64;
    # so are int64 ids in the other byte order (numba reads native ones only).
    if arr.dtype not in (np.dtype(np.uint8), np.dtype(np.int64)):
        fits = arr.size == 0 or (int(arr.min()) >= 0 and int(arr.max()) <= 255)
        arr = arr.astype(np.uint8 if fits else np.int64)
    arr = np.ascontiguousarray(arr)
    _validate.flag(validate, "validate")
    if len(arr) <= SMALL_BATCH and _notice.single_query and "pokerlab._kernels" not in sys.modules:
        # a few hands while numba is not loaded yet: numpy answers at once, the same values (always checked)
        wide = arr.astype(np.int64)
        s = np.sort(wide, axis=1)
        wrong = np.flatnonzero((s[:, 0] < 0) | (s[:, -1] > 51) | (s[:, 1:] == s[:, :-1]).any(axis=1))
        if len(wrong):
            bad = int(wrong[0])
            raise CardError(f"row {bad} has a card id outside 0..51 or the same card twice: {given[bad].tolist()}")
        return _values_numpy(wide)
    _kernels = _compiled.kernels()

    values, bad = _kernels.evaluate_batch(arr, check=validate)
    if bad >= 0:
        raise CardError(f"row {bad} has a card id outside 0..51 or the same card twice: {given[bad].tolist()}")
    return values


@cache
def _card_words() -> tuple[np.ndarray, np.ndarray]:
    """Each card's word (rank key plus suit counter) and bit (1 << 16s + rank), for :func:`_values_from_words`."""
    import numpy as np

    ids = np.arange(52, dtype=np.int64)
    word = _tables.tables().card_key + (np.int64(1) << (32 + 4 * (ids & 3)))
    bit = np.int64(1) << (16 * (ids & 3) + (ids >> 2))
    return word, bit


def _values_from_words(p: np.ndarray, sm: np.ndarray, n: int) -> np.ndarray:
    """Values of hands of ``n`` cards given as sums of card words and of card bits (numpy; see :func:`_values_numpy`).

    A card's word (:func:`_card_words`) is its base-5 rank key plus 1 in its suit's 4-bit counter at bit
    32 + 4s; its bit is 1 << (16s + rank), so the sum of a hand's bits holds each
    suit's 13-bit rank mask.
    """
    import numpy as np

    t = _tables.tables()
    key = p & 0xFFFFFFFF
    out = t.noflush[t.prefix[n, key >> _tables.LOW_BITS] + t.suffix[key & ((1 << _tables.LOW_BITS) - 1)]].astype(
        np.int64
    )
    rows = np.flatnonzero((p + (0x3333 << 32)) & (0x8888 << 32))  # a suit counter reached 5
    for s in range(4):
        flush = rows[((p[rows] >> (32 + 4 * s)) & 15) >= 5]
        out[flush] = t.flush[(sm[flush] >> (16 * s)) & 8191]
    return out


def _values_numpy(ids: np.ndarray) -> np.ndarray:
    """The values of rows of 5-7 known-good card ids with numpy alone (no numba, so no compile or load wait).

    The same tables and the same numbers as :func:`evaluate_batch`, for the small batches of a
    single query (a thousand opponent hands), where starting numba would cost more than the work:
    the rank keys are summed, the perfect hash gives the non-flush value, and the rows with five
    cards of a suit look up that suit's 13-bit rank mask instead.
    """
    import numpy as np

    t = _tables.tables()
    ids = np.asarray(ids, dtype=np.int64)
    k = ids.shape[1]
    key = t.card_key[ids].sum(axis=1)
    out = t.noflush[t.prefix[k, key >> _tables.LOW_BITS] + t.suffix[key & ((1 << _tables.LOW_BITS) - 1)]]
    suits = ids & 3
    counts = np.stack([(suits == s).sum(axis=1) for s in range(4)], axis=1)
    rows = np.flatnonzero(counts.max(axis=1) >= 5)
    if len(rows):
        suit = counts[rows].argmax(axis=1)
        in_suit = suits[rows] == suit[:, None]
        mask = ((1 << (ids[rows] >> 2)) * in_suit).sum(axis=1)  # distinct ranks within a suit: the sum is the OR
        out = out.copy()
        out[rows] = t.flush[mask]
    return out.astype(np.int32)


def category_counts(n_cards: int = 5, *, progress: bool = True) -> dict[HandCategory, int]:
    """How many of all ``n_cards``-card hands (5, 6 or 7) fall in each category.

    Exact, by evaluating every hand: 2,598,960 five-card hands take a
    fraction of a second, all 133,784,560 seven-card hands about a second
    (with a progress bar over the lowest card).

    >>> category_counts(5, progress=False)[HandCategory.FULL_HOUSE]
    3744
    """
    from math import comb

    import numpy as np

    _kernels = _compiled.kernels()

    n_cards = _validate.whole(
        n_cards, "n_cards", lo=5, hi=7, error=CardCountError, message="n_cards: hands have 5, 6 or 7 cards"
    )
    _validate.flag(progress, "progress")
    total = np.zeros(9, dtype=np.int64)
    firsts = range(52 - n_cards + 1)
    if progress:
        bar = _progress.bar(comb(52, n_cards), f"all {n_cards}-card hands", "hand", unit_scale=True)
    for first in firsts:
        chunk = _kernels.category_counts_from(n_cards, first)
        total += chunk
        if progress:
            bar.update(int(chunk.sum()))
    if progress:
        bar.close()
    return {HandCategory(i): int(total[i]) for i in range(9)}


# ----------------------------------------------------------------------------
# The plain reference evaluator
# ----------------------------------------------------------------------------


def _reference_key5(ids: tuple[int, ...]) -> tuple[int, tuple[int, ...]]:
    ranks = sorted((i >> 2 for i in ids), reverse=True)
    is_flush = len({i & 3 for i in ids}) == 1
    distinct = sorted(set(ranks), reverse=True)
    top = -1
    if len(distinct) == 5:
        if distinct[0] - distinct[4] == 4:
            top = distinct[0]
        elif distinct == [12, 3, 2, 1, 0]:
            top = 3
    groups = sorted(((ranks.count(r), r) for r in distinct), reverse=True)
    shape = [g[0] for g in groups]
    order = tuple(g[1] for g in groups)
    if top >= 0 and is_flush:
        return (HandCategory.STRAIGHT_FLUSH, (top,))
    if shape == [4, 1]:
        return (HandCategory.FOUR_OF_A_KIND, order)
    if shape == [3, 2]:
        return (HandCategory.FULL_HOUSE, order)
    if is_flush:
        return (HandCategory.FLUSH, tuple(ranks))
    if top >= 0:
        return (HandCategory.STRAIGHT, (top,))
    if shape == [3, 1, 1]:
        return (HandCategory.THREE_OF_A_KIND, order)
    if shape == [2, 2, 1]:
        return (HandCategory.TWO_PAIR, order)
    if shape == [2, 1, 1, 1]:
        return (HandCategory.PAIR, order)
    return (HandCategory.HIGH_CARD, order)


def reference_value(cards: CardsLike) -> int:
    """The value of a 5-7 card hand by brute force (slow, plainly written).

    Tries every 5-card subset, classifies it by its rank groups, and keeps
    the best. Used to check the fast path; about 50 microseconds a hand.
    """
    ids = tuple(c.id for c in parse_named(cards, "cards"))
    if not 5 <= len(ids) <= 7:
        raise CardCountError(f"a hand to evaluate has 5, 6 or 7 cards, not {len(ids)}")
    values = _tables.key_to_value()
    best = 0
    for five in combinations(ids, 5):
        cat, ranks = _reference_key5(five)
        best = max(best, values[(int(cat), ranks)])
    return best
