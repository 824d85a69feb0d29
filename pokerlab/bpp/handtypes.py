"""BPP's hand types: the 9 categories, or 17 for Hold'em, and which can follow which.

BPP does not reason about exact hands but about **hand types**. The stud
version used the nine categories; the Hold'em version splits the two
commonest ones by their top rank, giving 17 types (weakest first)::

    busted_low  busted_TJ  busted_Q  busted_K  busted_A     high card: 9 or lower, T or J, Q, K, A
    pair_low    pair_TJ    pair_Q    pair_K    pair_A       one pair, by the rank of the pair
    two_pair  trips  straight  flush  full_house  quads  straight_flush

The type of a set of cards is the type of its best five (or, with fewer
than five cards, of its rank groups: two cards are busted or a pair). The
board before the flop has the single type ``none``.

>>> hand_type("AdQc 3h4cJh")
'busted_A'
>>> hand_type("AdQc 3h4cJh", hand_types=9)
'busted'
>>> hand_type("9s9d")
'pair_low'

:func:`could_grow` says whether a set of ``n`` cards of one type can become
a type after ``k`` more cards (a pair of queens never becomes a pair of
kings); the network puts its structural zeros there.
"""

from __future__ import annotations

from functools import cache, lru_cache

import numpy as np

from pokerlab import _compiled, _tables, _validate
from pokerlab._validate import whole
from pokerlab.cards import CardsLike, parse_named
from pokerlab.errors import CardCountError, DuplicateCardError, ParameterError
from pokerlab.evaluator import _value_ids, evaluate_batch
from pokerlab.streets import BOARD_SIZES, Street

__all__ = [
    "BOARD_NONE",
    "HAND_TYPES_9",
    "HAND_TYPES_17",
    "ROUNDS",
    "TYPE_LABELS",
    "board_cards",
    "could_grow",
    "evidence_from_cards",
    "exact_type_counts",
    "feasible",
    "hand_type",
    "merge_17_to_9",
    "type_names",
    "types_of_ids",
]

ROUNDS: tuple[Street, ...] = tuple(Street)  # the rounds BPP models: pokerlab.streets.Street, in order
BOARD_NONE = "none"

HAND_TYPES_9 = (
    "busted",
    "pair",
    "two_pair",
    "trips",
    "straight",
    "flush",
    "full_house",
    "quads",
    "straight_flush",
)
HAND_TYPES_17 = (
    "busted_low",
    "busted_TJ",
    "busted_Q",
    "busted_K",
    "busted_A",
    "pair_low",
    "pair_TJ",
    "pair_Q",
    "pair_K",
    "pair_A",
    *HAND_TYPES_9[2:],
)
TYPE_LABELS = {
    "busted": "busted (high card)",
    "pair": "one pair",
    "busted_low": "busted, 9 high or lower",
    "busted_TJ": "busted, T or J high",
    "busted_Q": "busted, Q high",
    "busted_K": "busted, K high",
    "busted_A": "busted, A high",
    "pair_low": "pair of 9s or lower",
    "pair_TJ": "pair of Ts or Js",
    "pair_Q": "pair of Qs",
    "pair_K": "pair of Ks",
    "pair_A": "pair of As",
    "two_pair": "two pair",
    "trips": "three of a kind",
    "straight": "straight",
    "flush": "flush",
    "full_house": "full house",
    "quads": "four of a kind",
    "straight_flush": "straight flush",
    BOARD_NONE: "no board yet",
}

# categories, as in pokerlab.evaluator.HandCategory
_B, _P, _2P, _T, _S, _F, _FH, _Q, _SF = range(9)
# how many cards must be added at least to go from one category to a higher one
_NEED = {
    _B: {_P: 1, _2P: 2, _T: 2, _S: 1, _F: 1, _FH: 3, _Q: 3, _SF: 1},
    _P: {_2P: 1, _T: 1, _S: 1, _F: 1, _FH: 2, _Q: 2, _SF: 1},
    _2P: {_S: 1, _F: 1, _FH: 1, _Q: 2, _SF: 1},
    _T: {_S: 1, _F: 1, _FH: 1, _Q: 1, _SF: 1},
    _S: {_F: 1, _FH: 2, _Q: 2, _SF: 1},
    _F: {_FH: 2, _Q: 2, _SF: 1},
    _FH: {_Q: 1, _SF: 1},
    _Q: {_SF: 1},
    _SF: {},
}
# distinct ranks a hand of this category can hold beside its n cards: n - _DUPS
_DUPS = {_B: 0, _P: 1, _2P: 2, _T: 2, _S: 0, _F: 0, _FH: 3, _Q: 3, _SF: 0}


def type_names(hand_types: int = 17) -> tuple[str, ...]:
    """The state names for 9 or 17 hand types, weakest first."""
    hand_types = whole(hand_types, "hand_types", among=(9, 17), message="BPP uses 9 or 17 hand types")
    if hand_types == 17:
        return HAND_TYPES_17
    if hand_types == 9:
        return HAND_TYPES_9
    raise ParameterError(f"BPP uses 9 or 17 hand types, not {hand_types!r}")


def _bucket(rank: int) -> int:
    """Top-rank bucket of the 17-type split: 9 or lower, T/J, Q, K, A."""
    return 0 if rank <= 7 else 1 if rank <= 9 else rank - 8


def _index17(category: int, top: int) -> int:
    if category == _B:
        return _bucket(top)
    if category == _P:
        return 5 + _bucket(top)
    return category + 8


def _shape_of(x: object) -> str:
    shape = getattr(x, "shape", None)
    return f"shape {shape}" if shape is not None else repr(x)[:40]


def _type_index(index: object, hand_types: int, name: str) -> int:
    n = len(type_names(hand_types))
    return whole(index, name, lo=0, hi=n - 1, message=f"{name} must be a hand type index 0..{n - 1}")


def _category(index: int, hand_types: int) -> tuple[int, int]:
    """(category, bucket) of a type index; the bucket is -1 with 9 types."""
    if hand_types == 9:
        return index, -1
    if index < 5:
        return _B, index
    if index < 10:
        return _P, index - 5
    return index - 8, -1


@cache
def _value_type17() -> np.ndarray:
    """Type index (17 types) of every hand value 1..7462 (index 0 unused)."""

    out = np.zeros(7463, dtype=np.int8)
    for i, (cat, ranks) in enumerate(_tables.all_keys()):
        out[i + 1] = _index17(cat, ranks[0])
    out.setflags(write=False)
    return out


def exact_type_counts(n_cards: int = 7, hand_types: int = 17) -> np.ndarray:
    """How many of all ``n_cards``-card hands (5, 6 or 7) have each type: exact, by enumeration.

    All 133,784,560 seven-card hands take about three seconds.
    """
    _kernels = _compiled.kernels()

    n_cards = whole(n_cards, "n_cards", lo=5, hi=7, error=CardCountError, message="n_cards: hands have 5, 6 or 7 cards")
    type_names(hand_types)
    counts = _kernels.class_counts(n_cards, _value_type17(), 17)
    if hand_types == 9:
        return np.bincount(merge_17_to_9(), weights=counts, minlength=9).astype(np.int64)
    type_names(hand_types)
    return counts


def merge_17_to_9() -> np.ndarray:
    """For each of the 17 types, its index among the 9 categories."""
    return np.array([_category(i, 17)[0] for i in range(17)], dtype=np.int64)


def types_of_ids(ids: np.ndarray) -> np.ndarray:
    """17-type index of each row of card ids (shape ``[m, n]``, n = 2..7).

    Five to seven cards go through the evaluator; two to four cards are
    typed by their rank groups (busted, pair, two pair, trips, quads).
    """
    try:
        arr = np.asarray(ids)
    except (TypeError, ValueError):  # pragma: no cover - ragged input
        arr = np.zeros(0)
    if arr.ndim != 2 or not np.issubdtype(arr.dtype, np.integer) or not 2 <= arr.shape[1] <= 7:
        raise ParameterError(f"ids must be an integer array of shape [m, 2..7], not {_shape_of(ids)}")
    if arr.size and (arr.min() < 0 or arr.max() > 51):
        raise ParameterError("ids must hold card ids 0..51")
    ids = arr.astype(np.int64)
    # vectorised: a Python loop over rows cost seconds on the 400,000 deals BPP's first build types 46 times
    srt = np.sort(ids, axis=1)
    if (srt[:, 1:] == srt[:, :-1]).any():
        raise ParameterError("ids has a row with the same card twice")
    n = ids.shape[1]
    if n >= 5:
        return _value_type17()[evaluate_batch(ids, validate=False)].astype(np.int64)
    if n < 2:
        raise CardCountError(f"a hand type needs 2 to 7 cards, not {n}")
    ranks = ids >> 2
    counts = (ranks[:, :, None] == np.arange(13)).sum(axis=1)
    most = counts.max(axis=1)
    pairs = (counts == 2).sum(axis=1)
    pair_rank = np.where(counts == 2, np.arange(13), -1).max(axis=1)
    high = ranks.max(axis=1)
    bucket = np.where(high <= 7, 0, np.where(high <= 9, 1, high - 8))
    pair_bucket = np.where(pair_rank <= 7, 0, np.where(pair_rank <= 9, 1, pair_rank - 8))
    out = np.where(
        most == 4,
        _Q + 8,
        np.where(most == 3, _T + 8, np.where(pairs == 2, _2P + 8, np.where(pairs == 1, 5 + pair_bucket, bucket))),
    )
    return out.astype(np.int64)


@lru_cache(maxsize=65536)
def type_of_sorted_ids(ids: tuple[int, ...]) -> int:
    """17-type index of one hand, given as its card ids (2..7 distinct ids 0..51) in increasing order.

    The same index as :func:`types_of_ids` gives that row, for a caller that types one hand at a time
    (the BPP bot, twice a decision): plain Python and a cache instead of numpy's per-call cost on a
    single row. The ids are trusted (the engine's own cards); :func:`types_of_ids` checks its input.
    """
    if len(ids) >= 5:
        return int(_value_type17()[_value_ids(list(ids))])
    counts: dict[int, int] = {}
    for i in ids:
        counts[i >> 2] = counts.get(i >> 2, 0) + 1
    most = max(counts.values())
    pairs = [r for r, k in counts.items() if k == 2]
    if most == 4:
        return _Q + 8
    if most == 3:
        return _T + 8
    if len(pairs) == 2:
        return _2P + 8
    top = max(pairs) if pairs else max(counts)
    bucket = 0 if top <= 7 else 1 if top <= 9 else top - 8
    return 5 + bucket if pairs else bucket


def hand_type(cards: CardsLike, hand_types: int = 17) -> str:
    """The hand type of 2 to 7 cards (hole cards plus the board so far)."""
    cs = parse_named(cards, "cards")
    if not 2 <= len(cs) <= 7:
        raise CardCountError(f"a hand type needs 2 to 7 cards, not {len(cs)}")
    type_names(hand_types)
    index = int(types_of_ids(np.array([[c.id for c in cs]]))[0])
    names = type_names(hand_types)
    return names[_category(index, 17)[0]] if hand_types == 9 else names[index]


def evidence_from_cards(
    hole: CardsLike, board: CardsLike | None = "", hand_types: int = 17
) -> tuple[Street, dict[str, str]]:
    """The round (a :class:`~pokerlab.streets.Street`, equal to its word) and the
    evidence (BPP_Current, Board) for actual cards.

    >>> evidence_from_cards("AdQc", "3h4cJh")
    (<Street.FLOP: 'flop'>, {'BPP_Current': 'busted_A', 'Board': 'busted_TJ'})
    """
    h = parse_named(hole, "hole")
    b = parse_named(board, "board") if board is not None else ()
    if len(h) != 2:
        raise CardCountError(f"BPP holds 2 hole cards, not {len(h)}")
    if len(b) not in BOARD_SIZES:
        raise CardCountError(f"a board has 0, 3, 4 or 5 cards, not {len(b)}")
    dup = set(h) & set(b)
    if dup:
        raise DuplicateCardError(f"{sorted(dup)[0]} is both a hole card and on the board")
    rnd = Street.of_board(len(b))
    board_type = hand_type(b, hand_types) if b else "none"
    return rnd, {"BPP_Current": hand_type(h + b, hand_types), "Board": board_type}


def board_cards(round: str) -> int:
    """How many board cards are out in a round."""
    _validate.choice(round, "round", ROUNDS, message=f"round must be one of {', '.join(ROUNDS)}, not {round!r}")
    return BOARD_SIZES[ROUNDS.index(round)]


def feasible(index: int, n_cards: int, hand_types: int = 17) -> bool:
    """Can ``n_cards`` cards (2..7) have this type? Two cards are busted or a pair."""
    _type_index(index, hand_types, "index")
    n_cards = whole(n_cards, "n_cards", lo=2, hi=7, message="n_cards must be 2..7")
    cat, _ = _category(index, hand_types)
    if n_cards >= 5:
        return True
    if n_cards == 4:
        return cat in (_B, _P, _2P, _T, _Q)
    if n_cards == 3:
        return cat in (_B, _P, _T)
    if n_cards == 2:
        return cat in (_B, _P)
    return False


def could_grow(sub: int, sup: int, n: int, k: int, hand_types: int = 17) -> bool:
    """Can ``n`` cards of type ``sub`` become type ``sup`` when ``k`` cards are added?

    Exact for the counts of cards (which types ``n`` and ``n + k`` cards can
    have at all), for the order of types (adding cards never lowers a
    hand), for pairs (a pair of queens stays a pair of queens or improves)
    and for the fewest cards each improvement needs. A few rare
    impossibilities pass (for instance a straight with five cards cannot
    become a full house with two more): the network then gives those cells
    the pseudo-count, a probability too small to matter, instead of zero.
    The test suite checks that no simulated deal ever lands in a cell this
    function calls impossible.

    >>> names = HAND_TYPES_17
    >>> could_grow(names.index("pair_Q"), names.index("pair_K"), 5, 2)
    False
    >>> could_grow(names.index("pair_Q"), names.index("trips"), 5, 2)
    True
    """
    _type_index(sub, hand_types, "sub")
    _type_index(sup, hand_types, "sup")
    n = whole(n, "n", lo=2, hi=7, message="n must be 2..7 cards")
    k = whole(k, "k", lo=0, hi=7 - n, message=f"k must be 0..{7 - n} cards (at most 7 in all)")
    if not (feasible(sub, n, hand_types) and feasible(sup, n + k, hand_types)):
        return False
    if k == 0:
        return sub == sup
    if sup < sub:
        return False
    cs, bs = _category(sub, hand_types)
    cp, bp = _category(sup, hand_types)
    if cs == cp:
        return not (cs == _P and bs != bp)
    need = _NEED[cs].get(cp)
    if need is None or k < need:
        return False
    if cp in (_S, _F, _SF):
        return n - _DUPS[cs] + k >= 5
    return True
