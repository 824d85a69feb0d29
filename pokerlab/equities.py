"""Showdown equity of hands and ranges, exact or by seeded Monte Carlo.

``equity("AhKh", "QQ")`` deals every board and every hand the players may
hold and reports, for each player, the share of the pot they win on
average (ties split equally), the share of deals they win outright, and the
share of deals they tie for the best hand.

Each player is a hand (``"AhKh"``), a range (``"QQ"``, ``"TT+, AKs"``) or a
:class:`~pokerlab.ranges.Range`; ``opponents=n`` adds n players holding
random hands. A deal is counted with the product of the players' range
weights, and deals in which two players would hold the same card are left
out, so ranges interact through card removal exactly.

When the number of cases is small enough (``EXACT_LIMIT`` hand evaluations,
about a second of work) everything is enumerated and ``exact`` is True.
Preflop heads-up, a hand or range against a random hand (``equity("AKs")``,
``equity("AhKh")``, ``equity("QQ+, AKs", "random")``) and two ranges made of
whole classes at any weights (``equity("22+@50, A2s+", "random@30")``) are
sums of the exact class-against-class matrix's counts
(:func:`pokerlab.preflop.load_matrix`), a few milliseconds; preflop with
three or more players and random hands is Monte Carlo.
Fixed hands (any number of players, any board) are counted deal by deal
with the boards grouped by ranks and the flush boards counted apart: AsAh
against KdKc preflop takes about a millisecond, not a loop over 1,712,304
boards; preflop ranges without random hands go the same way, one deal of
hands at a time, deals that differ only by suit names counted once. With two
players (two ranges, or one range against a random hand) each combination is
evaluated once per runout, so any two ranges on any flop are exact.
Large enumerations use as many threads as ``numba.get_num_threads()``
(``numba.set_num_threads(1)`` for one core), with the same answer to the
last bit. When nothing exact is small enough, ``samples`` random deals are
drawn (default 200,000) from a generator seeded by ``seed``, and ``stderr``
gives each player's standard error. Passing ``samples`` always selects Monte
Carlo.

>>> e = equity("AsAh", "KsKh")
>>> e.exact, [round(x, 4) for x in e.equity]
(True, [0.8264, 0.1736])
"""

from __future__ import annotations

from dataclasses import dataclass
from math import comb
from typing import TYPE_CHECKING, Any, cast

from pokerlab import _compiled, _inputs, _notice, _progress, _signals, _tables, _validate
from pokerlab.cards import (
    Card,
    CardsLike,
    cards_html,
    combo_card_ids,
    combo_cards,
    hand_classes,
    parse_cards,
    parse_named,
)
from pokerlab.errors import (
    CardCountError,
    DuplicateCardError,
    ParameterError,
    PokerlabError,
    PreflopTableError,
    RangeError,
)
from pokerlab.preflop import load_matrix
from pokerlab.preflop.matrix import _class_of_combo
from pokerlab.ranges import Range
from pokerlab.streets import BOARD_SIZES

if TYPE_CHECKING:  # pragma: no cover
    import numpy as np

__all__ = ["EXACT_LIMIT", "EXACT_MEMORY_LIMIT", "MAX_SAMPLES", "Equity", "equity", "exact_memory"]

EXACT_LIMIT = 60_000_000
DEFAULT_SAMPLES = 200_000
MAX_SAMPLES = 10**12
"""More Monte Carlo deals than this (days of work) are refused rather than started."""
EXACT_MEMORY_LIMIT = 2 * 2**30
"""Exact enumeration holds every way to deal the players' hands at once; beyond this many bytes it is refused."""


def exact_memory(sizes: list[int]) -> int:
    """Bytes exact enumeration may need for players with these numbers of possible hands (an upper bound).

    The deals of hands are built player by player: each step holds the
    previous deals, a (deals x hands) overlap test and the new deals
    (players' hand positions, card mask, weight).

    >>> exact_memory([1, 1081])
    44321
    """
    _validate.instance(
        sizes,
        (list, tuple),
        "sizes must be a list of positive hand counts, one per player",
        check=lambda sizes: sizes and all(_validate.is_whole(s) and s >= 1 for s in sizes),
    )
    total = 0
    rows = 1
    for k, s in enumerate(sizes, start=1):
        step = rows * s * 9 + rows * s * (8 * k + 16)
        total = max(total, step)
        rows *= s
    return total


@dataclass(frozen=True)
class Equity:
    """Per-player results of :func:`equity`, in the order the players were given.

    ``equity[i] = win[i] + (pot share won in ties)``; the equities add up
    to 1. ``stderr`` is 0 for exact results. ``cases`` is the number of
    (hands, board) deals enumerated or sampled.
    """

    players: tuple[str, ...]
    board: tuple[Card, ...]
    equity: tuple[float, ...]
    win: tuple[float, ...]
    tie: tuple[float, ...]
    exact: bool
    stderr: tuple[float, ...]
    cases: int
    seed: int | None

    def to_dict(self) -> dict[str, Any]:
        return {
            "players": list(self.players),
            "board": [str(c) for c in self.board],
            "equity": list(self.equity),
            "win": list(self.win),
            "tie": list(self.tie),
            "exact": self.exact,
            "stderr": list(self.stderr),
            "cases": self.cases,
            "seed": self.seed,
        }

    def __str__(self) -> str:
        how = "exact" if self.exact else f"Monte Carlo, {self.cases:,} samples, seed {self.seed}"
        board = f"on the board {' '.join(map(str, self.board))}" if self.board else "before the flop"
        lines = [f"Equity {board} ({how})", f"{'player':<24} {'equity':>8} {'win':>8} {'tie':>8} {'+-':>8}"]
        for i, p in enumerate(self.players):
            lines.append(
                f"{p[:24]:<24} {self.equity[i]:>8.2%} {self.win[i]:>8.2%} {self.tie[i]:>8.2%} {self.stderr[i]:>8.2%}"
            )
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        rows = "".join(
            f"<tr><td>{p}</td><td>{self.equity[i]:.2%}</td><td>{self.win[i]:.2%}</td>"
            f"<td>{self.tie[i]:.2%}</td><td>{self.stderr[i]:.2%}</td></tr>"
            for i, p in enumerate(self.players)
        )
        how = "exact" if self.exact else f"Monte Carlo, {self.cases:,} samples"
        return (
            f"<div>Board: {cards_html(self.board) or 'preflop'} ({how})</div>"
            "<table><tr><th>player</th><th>equity</th><th>win</th><th>tie</th><th>&plusmn;</th></tr>"
            f"{rows}</table>"
        )


def _label(x: Any, r: Range) -> str:
    if isinstance(x, str):
        return x.strip()
    if isinstance(x, Range):
        return str(x)
    return " ".join(str(c) for c in parse_cards(x))


def equity(
    *hands_or_ranges: CardsLike | Range | str,
    board: CardsLike = (),
    opponents: int | None = None,
    samples: int | None = None,
    seed: int | None = None,
    exact: bool | None = None,
    progress: bool = False,
) -> Equity:
    """Equity of each player at showdown (see the module docstring).

    ``opponents`` adds that many random hands (default: one when a single
    hand or range is given, none otherwise); there are 2 to 10 players in
    all. ``exact=True`` insists on enumeration, ``exact=False`` on Monte
    Carlo. ``progress=True`` shows a bar while Monte Carlo draws more than
    :data:`~pokerlab._kernels.MC_CHUNK` deals (the same deals, the same answer).
    """
    import numpy as np

    if not hands_or_ranges:
        raise ParameterError("equity needs at least one hand or range")
    b = parse_named(board, "board") if board is not None else ()
    if len(b) not in BOARD_SIZES:
        raise CardCountError(f"the board has 0, 3, 4 or 5 cards, not {len(b)}")
    ranges = [_range_arg(x) for x in hands_or_ranges]
    labels = [_label(x, r) for x, r in zip(hands_or_ranges, ranges, strict=True)]
    if exact is not None:
        _validate.flag(exact, "exact")
    _validate.flag(progress, "progress")
    if opponents is None:
        n_random = 1 if len(ranges) == 1 else 0
    else:
        n_random = _inputs.opponents_count(opponents, fewest=0)
    n_opp = len(ranges) - 1 + n_random
    if not 1 <= n_opp <= _inputs.MAX_OPPONENTS:
        raise ParameterError(f"equity needs 1..9 opponents (2..10 players), not {n_opp}")
    _check_fixed_hands(ranges, labels, b)
    ranges = [r.without(b) if b else r for r in ranges]
    fixed = {c.id for r in ranges if len(r) == 1 for c in combo_cards(r.entries[0][0])}
    ranges = [r if len(r) == 1 else _without(r, fixed, label) for r, label in zip(ranges, labels, strict=True)]
    labels += ["random"] * n_random
    if samples is not None:
        if exact:
            raise ParameterError("samples selects Monte Carlo; do not combine it with exact=True")
        samples = _validate.whole(samples, "samples", lo=1, hi=MAX_SAMPLES)
    seed = _validate.seed(seed)
    if exact and seed is not None:
        raise ParameterError("seed drives Monte Carlo sampling; exact=True enumerates every deal: give one, not both")
    board_ids = np.array([c.id for c in b], dtype=np.int64)
    need = 5 - len(b)
    free = 52 - len(b) - len(fixed)
    sizes = [len(r) for r in ranges] + [comb(free, 2)] * n_random
    n_players = len(sizes)
    joint = 1
    for s in sizes:
        joint *= s
    # deal by deal, boards grouped by ranks: fixed hands always; ranges preflop, where it beats board by board
    deal_cost = joint * _deal_cost(need, n_players) if n_random == 0 and (need == 5 or joint == 1) else None
    if samples is None and exact is not False and joint == 1 and deal_cost is not None:
        return _exact_deals(ranges, b, need, labels)
    if n_players == 2 and samples is None and exact is not False:
        if not b:
            both = ranges + [_without(Range.random(), fixed, "random")] * n_random
            found = _from_matrix(both, labels, len(fixed))
            if found is not None:
                return found
            if n_random and len(ranges[0]) == 1:  # no matrix file: one hand against its 1,225 opponents, ~1 s
                return _exact_deals(both, b, need, labels)
        if b and n_random == 0 and _one_answer(ranges, joint * comb(free, need)):
            return _exact_deals(ranges, b, need, labels)  # numpy: the same Equity as _exact_two, no numba start-up
        pair_cost = comb(free, need) * sum(sizes)
        if min(pair_cost, deal_cost or pair_cost) <= EXACT_LIMIT * (100 if exact else 1):
            if deal_cost is not None and deal_cost < pair_cost:
                return _exact_deals(ranges, b, need, labels)
            return _exact_two(ranges, n_random, b, board_ids, need, labels)
    union = sum(len(r) for r in ranges) + (1326 if n_random else 0)
    cost = comb(free, need) * (union + joint * n_players)
    if deal_cost is not None:
        cost = min(cost, deal_cost)
    use_exact = exact if exact is not None else (samples is None and cost <= EXACT_LIMIT)
    if use_exact and cost > 100 * EXACT_LIMIT:
        raise ParameterError(
            f"exact enumeration would take about {cost:.1e} hand evaluations; use Monte Carlo instead "
            "(samples=N, or --samples N on the command line)"
        )
    if use_exact:
        need_bytes = exact_memory(sizes)
        if need_bytes > EXACT_MEMORY_LIMIT:
            raise ParameterError(
                f"exact enumeration would need about {need_bytes / 2**30:.1f} GiB of memory for the "
                f"{joint:,} ways to deal the hands (the limit is {EXACT_MEMORY_LIMIT / 2**30:.0f} GiB); "
                "use Monte Carlo instead (samples=N, or --samples N on the command line)"
            )
    if use_exact:
        if deal_cost is not None and deal_cost < comb(free, need) * (union + joint * n_players):
            return _exact_deals(ranges, b, need, labels)
        return _exact(ranges, n_random, b, board_ids, need, labels)
    return _monte_carlo(ranges, n_random, b, board_ids, need, labels, samples or DEFAULT_SAMPLES, seed, progress)


def _range_arg(x: CardsLike | Range | str) -> Range:
    """One of ``hands_or_ranges`` as a Range; an error names the argument."""

    try:
        return Range.of(x)
    except PokerlabError as exc:
        if "hands_or_ranges" in str(exc):
            raise
        raise type(exc)(f"hands_or_ranges: {exc}") from None


def _whole_classes(r: Range) -> bool:
    """True when every weight is the same and the range holds every combination of each class it touches."""
    weights = {w for _, w in r.entries}
    return len(weights) == 1 and len(r) >= 2 and _class_weights(r) is not None


def _class_weights(r: Range) -> np.ndarray | None:
    """The range as one weight per class (169, :data:`~pokerlab.preflop.CLASS_NAMES` order), or None.

    None unless every class the range touches is held whole (all its
    combinations) at one weight, as ``"QQ+@50, AKs"`` is and ``"AhKh, QQ"``
    or a range with one combination removed are not.
    """
    import numpy as np

    class_of = _class_of_combo()
    out = np.zeros(169)
    held = np.zeros(169, dtype=np.int64)
    for i, w in r.entries:
        c = int(class_of[i])
        if held[c] and out[c] != w:
            return None
        out[c] = w
        held[c] += 1
    full = np.array(_class_sizes())
    return out if bool(np.all((held == 0) | (held == full))) else None


def _random_weight(r: Range, n_fixed: int) -> float | None:
    """The weight of a range that is "a random hand": every combination no exact hand uses, at one weight.

    Exact hands' cards were removed from the other ranges before this is
    asked, so with no exact hand the range must hold all 1,326 combinations,
    and against one (two cards gone) all 1,225 that avoid its cards.
    """
    weights = {w for _, w in r.entries}
    if len(weights) != 1 or len(r) != comb(52 - n_fixed, 2):
        return None
    return weights.pop()


def _class_sizes() -> list[int]:

    return [hc.n_combos for hc in hand_classes()]


def _from_matrix(ranges: list[Range], labels: list[str], n_fixed: int = 0) -> Equity | None:
    """Two ranges preflop from the exact matrix's counts, or None when no exact sum of them applies.

    A deal of two hands counts with the product of their range weights
    (module docstring), and the matrix counts each class pair's deals, so:

    * two ranges made of whole classes, each class at one weight
      (``"22+@50, A2s+"`` against ``"random@30"``): the counts of each class
      pair times the two classes' weights, summed;
    * any range against a random hand (every combination the range's cards
      leave, at one weight; ``"AhKh"`` against ``"random"``): renaming suits
      maps every combination of a class onto every other and leaves the
      random hand random, so each combination's counts against a random hand
      are its class's row of the matrix summed over all opponents, divided by
      the class's number of combinations (1,225 opponents, each dealt
      :data:`~pokerlab.preflop.BOARDS_PER_PAIR` boards); these are summed with
      the combinations' weights.

    With equal weights the sums are whole numbers and each share is rounded
    once. None also when the matrix file is missing (the caller then
    enumerates or samples).
    """
    import numpy as np

    wa, wb = (_class_weights(r) for r in ranges)
    flip = False
    if (wa is None or wb is None) and _random_weight(ranges[1], n_fixed) is None:
        if _random_weight(ranges[0], n_fixed) is None:
            return None
        ranges, flip = ranges[::-1], True  # the random hand is the first player's
    try:
        m = load_matrix()
    except PreflopTableError:
        return None
    # int64 is enough: all 1,326 x 1,225 deals times 1,712,304 boards is under 3e12
    counts = (m.wins, m.wins.T, m.ties, m.cases)
    wins: float  # whole numbers (int) with equal weights, else weighted sums
    losses: float
    ties: float
    total: float
    if wa is not None and wb is not None:
        rows, cols = np.nonzero(wa)[0], np.nonzero(wb)[0]
        block = np.ix_(rows, cols)
        if len(set(wa[rows])) == 1 and len(set(wb[cols])) == 1:  # equal weights: whole numbers
            wins, losses, ties, total = (int(x[block].sum()) for x in counts)
        else:
            wins, losses, ties, total = (float(wa[rows] @ x[block].astype(np.float64) @ wb[cols]) for x in counts)
        cases = int(m.cases[block].sum())
    else:
        per_combo = _per_combo_against_random(m)
        cls = _class_of_combo()[[i for i, _ in ranges[0].entries]]
        w = np.array([wt for _, wt in ranges[0].entries])
        if len(set(w)) == 1:  # equal weights: whole numbers
            wins, losses, ties, total = (int(x[cls].sum()) for x in per_combo)
        else:
            wins, losses, ties, total = (float(w @ x[cls].astype(np.float64)) for x in per_combo)
        cases = int(per_combo[3][cls].sum())
    if total == 0:
        raise RangeError("no deal gives every player a hand from their range without sharing a card")
    if flip:
        wins, losses = losses, wins
    win = (float(wins / total), float(losses / total))
    tie = float(ties / total)
    return Equity(
        players=tuple(labels),
        board=(),
        equity=(float((2 * wins + ties) / (2 * total)), float((2 * losses + ties) / (2 * total))),
        win=win,
        tie=(tie, tie),
        exact=True,
        stderr=(0.0, 0.0),
        cases=cases,
        seed=None,
    )


_PER_COMBO: dict[int, tuple[Any, tuple[np.ndarray, ...]]] = {}


def _per_combo_against_random(m: Any) -> tuple[np.ndarray, ...]:
    """Wins, losses, ties and deals of one combination of each class against a random hand, from matrix ``m``.

    A class's row of the matrix summed over every opponent class, divided by
    the class's number of combinations (see :func:`_from_matrix`); kept for
    the loaded matrix.
    """
    import numpy as np

    if id(m) not in _PER_COMBO:
        sizes = np.array(_class_sizes(), dtype=np.int64)
        rows = []
        for counts in (m.wins, m.wins.T, m.ties, m.cases):
            row = counts.sum(axis=1)
            assert not np.any(row % sizes)  # renaming suits: every combination of a class counts the same
            rows.append(row // sizes)
        _PER_COMBO.clear()
        _PER_COMBO[id(m)] = (m, tuple(rows))  # m kept alive, so its id is not reused
    return _PER_COMBO[id(m)][1]


DEAL_COST = {5: 20_000, 2: 70, 1: 20, 0: 10}
"""Work per player of one deal of fixed hands on the rank-multiset path, by board cards to come, in hand evaluations."""

THREADED_DEALS = 4
"""Preflop, from this many deals on, :func:`_exact_deals` shares them among numba's threads."""


def _deal_cost(need: int, n_players: int) -> int:
    """Estimated work (in hand evaluations of the board-by-board kernels) of one deal of fixed hands."""
    return DEAL_COST[need] * n_players


def _deals(ranges: list[Range]) -> tuple[np.ndarray, np.ndarray]:
    """Every way to give each player a hand from their range with no card twice: ``[n, k, 2]`` card ids and weights."""
    import numpy as np

    ids = combo_card_ids()
    holes = np.zeros((1, 0, 2), dtype=np.int64)
    used = np.zeros(1, dtype=np.int64)
    weight = np.ones(1, dtype=np.float64)
    for r in ranges:
        cards = ids[[i for i, _ in r.entries]]
        w = np.array([w for _, w in r.entries], dtype=np.float64)
        m = (np.int64(1) << cards[:, 0]) | (np.int64(1) << cards[:, 1])
        rows, cols = np.nonzero((used[:, None] & m[None, :]) == 0)
        if len(rows) == 0:
            raise RangeError("no deal gives every player a hand from their range without sharing a card")
        holes = np.concatenate([holes[rows], cards[cols][:, None, :]], axis=1)
        used = used[rows] | m[cols]
        weight = weight[rows] * w[cols]
    return holes, weight


def _up_to_suits(holes: np.ndarray, weight: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Preflop deals up to renaming suits: one deal per class, the sum of its deals' weights and their number.

    Renaming the four suits of every card of a deal changes no board's
    outcome, so deals that one renaming turns into another have the same
    counts. A deal's class is found by its smallest key over the 24
    renamings (players in order, each hand as its combination index). Up to
    six players (the key fits in 64 bits); more are left as they are.
    """
    from itertools import permutations

    import numpy as np

    suit_perms = np.array(list(permutations(range(4))), dtype=np.int64)  # the 24 renamings (no numba needed here)

    n, k = holes.shape[:2]
    if k > 6:
        return holes, weight, np.ones(n, dtype=np.int64)
    best = None
    for perm in suit_perms:
        c = (holes & ~3) | perm[holes & 3]
        lo, hi = np.minimum(c[:, :, 0], c[:, :, 1]), np.maximum(c[:, :, 0], c[:, :, 1])
        code = hi * (hi - 1) // 2 + lo
        key = np.zeros(n, dtype=np.int64)
        for pl in range(k):
            key = key * 1326 + code[:, pl]
        best = key if best is None else np.minimum(best, key)
    assert best is not None  # there are 24 renamings
    keys, first, inverse = np.unique(best, return_index=True, return_inverse=True)
    return holes[first], np.bincount(inverse, weights=weight, minlength=len(keys)), np.bincount(inverse)


def _exact_deals(ranges: list[Range], b: tuple[Card, ...], need: int, labels: list[str]) -> Equity:
    """Players holding ranges (no random hands), exact: each deal of hands over every board, boards grouped by ranks.

    :func:`pokerlab._kernels.hands_exact` counts a deal's boards as rank
    multisets with their multiplicities and the flush boards apart, in whole
    numbers, so one fixed hand against another preflop takes about a
    millisecond. Deals run in chunks (Ctrl-C is honoured between them) on
    numba's threads; with equal weights the sums are whole numbers and the
    shares are rounded once, so the answer is exactly what a deal-by-deal,
    board-by-board enumeration gives.
    """
    from fractions import Fraction
    from math import comb

    import numpy as np

    holes, weight = _deals(ranges)
    equal_weights = bool(np.all(weight == weight[0]))
    board = np.array([c.id for c in b], dtype=np.int64)
    count = np.ones(len(holes), dtype=np.int64)
    if not b and len(holes) > 1:
        holes, weight, count = _up_to_suits(holes, weight)
    n, k = holes.shape[:2]
    if _notice.single_query and n * comb(52 - 2 * k - len(b), need) <= QUICK_BOARDS:
        win, tie, share, boards = _hands_exact_numpy(holes, board, need)  # no numba start-up for one small query
    else:
        _kernels = _compiled.kernels()

        step = max(1, RUNOUT_CHUNK_WORK // _deal_cost(need, k))
        parts = []
        for first in range(0, n, step):
            _signals.check()
            chunk = holes[first : first + step]
            parts.append(_kernels.hands_exact(chunk, board, threads=need == 5 and len(chunk) >= THREADED_DEALS))
        win, tie, share, boards = (np.concatenate(x) for x in zip(*parts, strict=True))
    cases = int(count @ boards)
    unit = SHARE_UNIT
    if equal_weights:  # whole numbers, one rounding at the end
        wins = [int(x) for x in count @ win]
        ties = [int(x) for x in count @ tie]
        win_f = tuple(x / cases for x in wins)
        tie_f = tuple(x / cases for x in ties)
        eq_f = tuple(float(Fraction(int(x), unit * cases)) for x in count @ share)
    else:
        total = float(weight @ boards)
        win_f = tuple(float(x) / total for x in weight @ win)
        tie_f = tuple(float(x) / total for x in weight @ tie)
        eq_f = tuple(float(x) / (unit * total) for x in weight @ share)
    return Equity(
        players=tuple(labels),
        board=b,
        equity=eq_f,
        win=win_f,
        tie=tie_f,
        exact=True,
        stderr=(0.0,) * k,
        cases=cases,
        seed=None,
    )


SHARE_UNIT = 2520
"""lcm(1..10): in a tie among n players each gets ``SHARE_UNIT // n`` units of the pot (as in the kernels)."""

QUICK_BOARDS = 12_000_000
"""From the command line, deals x boards up to this many run in numpy (:func:`_hands_exact_numpy`):
one fixed hand against a pair preflop (6 deals x 1,712,304 boards) in about a second, with no wait
for numba to start or, on a first run, to compile. Larger queries use the compiled kernel."""


def _one_answer(ranges: list[Range], boards: int) -> bool:
    """A small query of equally weighted ranges from a one-answer command: :func:`_exact_deals` answers it in numpy.

    With equal weights its whole-number counts give the same Equity as the runout kernel's sums
    (tests/project/test_startup.py compares them), and ``boards`` (deals x boards) bounds the numpy work.
    """

    weights = {w for r in ranges for _, w in r.entries}
    return _notice.single_query and len(weights) == 1 and boards <= QUICK_BOARDS


def _combinations(m: int, r: int) -> list[np.ndarray]:
    """All r-subsets of ``range(m)`` in lexicographic order, as r int8 columns (numpy, a column at a time)."""
    import numpy as np

    if r == 0:
        return []
    cols = [np.arange(m - r + 1, dtype=np.int8)]
    for c in range(1, r):
        last = cols[-1].astype(np.int64)
        counts = m - r + c - last  # choices for column c that leave room for the columns after it
        rep = np.repeat(np.arange(len(last)), counts)
        offsets = np.arange(len(rep)) - np.repeat(np.cumsum(counts) - counts, counts)
        cols = [col[rep] for col in cols] + [(last[rep] + 1 + offsets).astype(np.int8)]
    return cols


def _hands_exact_numpy(
    holes: np.ndarray, board: np.ndarray, need: int
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """:func:`pokerlab._kernels.hands_exact` in numpy: each deal's every completion of ``board`` evaluated.

    The same whole numbers (wins, ties, pot shares in 1/``SHARE_UNIT`` units, boards per deal), so
    the equity is identical; the tests hold the two equal. Each card is one 64-bit word (the
    evaluator's base-5 rank key plus a 4-bit counter per suit) and one bit in a per-suit rank mask,
    so a board's words are summed once and shared by every player.
    """
    import numpy as np

    t = _tables.tables()
    ids = np.arange(52, dtype=np.int64)
    word = t.card_key + (np.int64(1) << (32 + 4 * (ids & 3)))
    bit = np.int64(1) << (16 * (ids & 3) + (ids >> 2))
    n, k = holes.shape[:2]
    dead_board = board.astype(np.int64)
    m = 52 - 2 * k - len(dead_board)
    columns = _combinations(m, need)  # deck positions, one int8 column per board card
    b_count = comb(m, need)
    win, tie, share = (np.zeros((n, k), dtype=np.int64) for _ in range(3))
    boards = np.full(n, b_count, dtype=np.int64)
    low = (1 << _tables.LOW_BITS) - 1
    prefix7 = t.prefix[7]
    for d in range(n):
        deck = np.setdiff1d(ids, np.concatenate([holes[d].ravel(), dead_board]))
        wd, bd = word[deck], bit[deck]
        pb = np.full(b_count, word[dead_board].sum(), dtype=np.int64)
        sb = np.full(b_count, bit[dead_board].sum(), dtype=np.int64)
        for col in columns:  # one column of the boards at a time: small gathers, no [boards, 5] array of words
            pb += wd[col]
            sb += bd[col]  # distinct cards: the sum is the OR
        vals = np.empty((b_count, k), dtype=np.int64)
        for pl in range(k):
            h0, h1 = holes[d, pl]
            p = pb + word[h0] + word[h1]
            sm = sb + bit[h0] + bit[h1]
            key = p & 0xFFFFFFFF
            v = t.noflush[prefix7[key >> _tables.LOW_BITS] + t.suffix[key & low]].astype(np.int64)
            rows = np.flatnonzero((p + (0x3333 << 32)) & (0x8888 << 32))  # a suit counter reached 5
            for s in range(4):
                flush = rows[((p[rows] >> (32 + 4 * s)) & 15) >= 5]
                v[flush] = t.flush[(sm[flush] >> (16 * s)) & 8191]
            vals[:, pl] = v
        if k == 2:  # heads-up: two counts say it all
            a_wins = np.count_nonzero(vals[:, 0] > vals[:, 1])
            b_wins = np.count_nonzero(vals[:, 1] > vals[:, 0])
            ties = b_count - a_wins - b_wins
            win[d] = a_wins, b_wins
            tie[d] = ties, ties
            share[d] = a_wins * SHARE_UNIT + ties * (SHARE_UNIT // 2), b_wins * SHARE_UNIT + ties * (SHARE_UNIT // 2)
            continue
        best = vals.max(axis=1)
        top = vals == best[:, None]
        nbest = np.count_nonzero(top, axis=1)
        alone = nbest == 1
        for pl in range(k):
            win[d, pl] = np.count_nonzero(top[:, pl] & alone)
            tie[d, pl] = np.count_nonzero(top[:, pl]) - win[d, pl]
            share[d, pl] = int((SHARE_UNIT // nbest[top[:, pl]]).sum())
    return win, tie, share, boards


RUNOUT_CHUNK_WORK = 4_000_000
"""Hand evaluations per chunk of runouts in two-player exact equity (Ctrl-C is honoured between chunks)."""

RUNOUT_PARTS = 8
"""Two-player exact equity cuts its runouts into at least this many chunks, run on numba's threads.

The chunks do not depend on the number of threads and their sums are added
in order, so one thread and many give the same numbers to the last bit.
"""


def _exact_two(
    ranges: list[Range], n_random: int, b: tuple[Card, ...], board_ids: np.ndarray, need: int, labels: list[str]
) -> Equity:
    """Two players, exact: every runout once, each live combination of either side evaluated once per runout."""
    import numpy as np

    _kernels = _compiled.kernels()

    ids = combo_card_ids()
    board_mask = 0
    for c in b:
        board_mask |= 1 << c.id
    sides = []
    for r in ranges:
        sides.append((ids[[i for i, _ in r.entries]], np.array([w for _, w in r.entries], dtype=np.float64)))
    if n_random:
        live = [
            i for i in range(1326) if not (board_mask >> int(ids[i, 0])) & 1 and not (board_mask >> int(ids[i, 1])) & 1
        ]
        sides.append((ids[live], np.ones(len(live))))
    (acards, aw), (bcards, bw) = sides
    deck = np.array([c for c in range(52) if not (board_mask >> c) & 1], dtype=np.int64)
    runouts = comb(len(deck), need)
    step = max(1, min(RUNOUT_CHUNK_WORK // (len(acards) + len(bcards)), -(-runouts // RUNOUT_PARTS)))
    chunks = [(first, min(runouts, first + step)) for first in range(0, runouts, step)]
    out = np.zeros(4)
    for part in _kernels.in_threads(
        lambda first, stop: _kernels.two_ranges(board_ids, deck, need, first, stop, acards, aw, bcards, bw), chunks
    ):
        out += part
    a_win, tie, total, cases = out
    if total <= 0:
        raise RangeError("no deal gives every player a hand from their range without sharing a card")
    b_win = total - a_win - tie
    return Equity(
        players=tuple(labels),
        board=b,
        equity=(float((a_win + tie / 2) / total), float((b_win + tie / 2) / total)),
        win=(float(a_win / total), float(b_win / total)),
        tie=(float(tie / total), float(tie / total)),
        exact=True,
        stderr=(0.0, 0.0),
        cases=int(cases),
        seed=None,
    )


def _check_fixed_hands(ranges: list[Range], labels: list[str], board: tuple[Card, ...]) -> None:
    """Exact hands must not share cards with each other or the board."""
    owner: dict[int, str] = {c.id: "the board" for c in board}
    for r, label in zip(ranges, labels, strict=True):
        if len(r) != 1:
            continue
        for c in combo_cards(r.entries[0][0]):
            if c.id in owner:
                raise DuplicateCardError(f"{c} is dealt twice: in {label} and in {owner[c.id]}")
            owner[c.id] = label


def _without(r: Range, dead: set[int], label: str) -> Range:
    if not dead:
        return r
    try:
        return r.without([Card(i) for i in dead])
    except RangeError:
        raise RangeError(f"the range {label!r} is empty once the other players' cards are removed") from None


def _exact(
    ranges: list[Range], n_random: int, b: tuple[Card, ...], board_ids: np.ndarray, need: int, labels: list[str]
) -> Equity:
    import numpy as np

    _kernels = _compiled.kernels()

    ids = combo_card_ids()
    masks = (np.int64(1) << ids[:, 0]) | (np.int64(1) << ids[:, 1])
    board_mask = 0
    for c in b:
        board_mask |= 1 << c.id
    live = (masks & board_mask) == 0
    per_player: list[tuple[np.ndarray, np.ndarray]] = []
    for r in ranges:
        idx = np.array([i for i, _ in r.entries], dtype=np.int64)
        w = np.array([w for _, w in r.entries], dtype=np.float64)
        per_player.append((idx, w))
    all_live = np.nonzero(live)[0]
    for _ in range(n_random):
        per_player.append((all_live, np.ones(len(all_live))))
    union = np.unique(np.concatenate([p[0] for p in per_player]))
    position = np.full(1326, -1, dtype=np.int64)
    position[union] = np.arange(len(union))
    assign = np.zeros((1, 0), dtype=np.int64)
    amask = np.zeros(1, dtype=np.int64)
    aweight = np.ones(1, dtype=np.float64)
    for idx, w in per_player:
        m = masks[idx]
        ok = (amask[:, None] & m[None, :]) == 0
        rows, cols = np.nonzero(ok)
        assign = np.concatenate([assign[rows], position[idx[cols]][:, None]], axis=1)
        amask = amask[rows] | m[cols]
        aweight = aweight[rows] * w[cols]
        if len(rows) == 0:
            raise RangeError("no deal gives every player a hand from their range without sharing a card")
    common = int(np.bitwise_and.reduce(amask)) if len(amask) else 0
    deck = np.array([c for c in range(52) if not (board_mask >> c) & 1 and not (common >> c) & 1], dtype=np.int64)
    ucards = ids[union]
    umask = masks[union]
    win, tie, share, total, cases = _kernels.equity_exact(
        board_ids, deck, need, umask, np.ascontiguousarray(ucards), assign, aweight
    )
    if total <= 0:
        raise RangeError("no deal gives every player a hand from their range without sharing a card")
    n = len(labels)
    return Equity(
        players=tuple(labels),
        board=b,
        equity=tuple(float(x / total) for x in share),
        win=tuple(float(x / total) for x in win),
        tie=tuple(float(x / total) for x in tie),
        exact=True,
        stderr=(0.0,) * n,
        cases=int(cases),
        seed=None,
    )


def _monte_carlo(
    ranges: list[Range],
    n_random: int,
    b: tuple[Card, ...],
    board_ids: np.ndarray,
    need: int,
    labels: list[str],
    samples: int,
    seed: int | None,
    progress: bool = False,
) -> Equity:
    import numpy as np

    _kernels = _compiled.kernels()

    if seed is None:
        seed = int(cast(int, np.random.SeedSequence().entropy) % (2**63))
    ids = combo_card_ids()
    rcards = []
    rcum = []
    roff = [0]
    for r in ranges:
        idx = np.array([i for i, _ in r.entries], dtype=np.int64)
        w = np.array([w for _, w in r.entries], dtype=np.float64)
        rcards.append(ids[idx])
        rcum.append(np.cumsum(w))
        roff.append(roff[-1] + len(idx))
    bar = (
        _progress.bar(samples, "Monte Carlo equity", "deal", unit_scale=True)
        if progress and samples > _kernels.MC_CHUNK
        else None
    )
    try:
        win, tie, share, share_sq, done, attempts = _kernels.equity_mc(
            board_ids,
            need,
            np.ascontiguousarray(np.concatenate(rcards)),
            np.array(roff, dtype=np.int64),
            np.concatenate(rcum),
            n_random,
            samples,
            seed,
            None if bar is None else bar.update,
        )
    finally:
        if bar is not None:
            bar.close()
    if done < samples:
        raise RangeError(
            f"the ranges can hardly be dealt together: {done} of {attempts} random deals "
            "gave every player a hand without sharing a card"
        )
    mean = share / done
    var = np.maximum(share_sq / done - mean**2, 0.0)
    stderr = np.sqrt(var / max(done - 1, 1))
    return Equity(
        players=tuple(labels),
        board=b,
        equity=tuple(float(x) for x in mean),
        win=tuple(float(x / done) for x in win),
        tie=tuple(float(x / done) for x in tie),
        exact=False,
        stderr=tuple(float(x) for x in stderr),
        cases=int(done),
        seed=seed,
    )
