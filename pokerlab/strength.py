"""Hand strength, hand potential and effective hand strength (the Waterloo report).

*Hand strength* (Algorithm 1) is the chance that our hand is ahead of one
opponent's hand **right now**, counting ties as half::

    HS = (ahead + tied/2) / (ahead + tied + behind)

over every two-card hand the opponent may hold (1,081 on the flop, 1,035 on
the turn, 990 on the river), each weighted by the opponent's weight table
when one is given (Loki's weighted enumeration). Against n opponents the
report uses ``HS_n = HS**n`` (eq. 2).

*Hand potential* (Algorithm 2, Table 4) looks ahead: for every opponent
hand and every way the remaining board can come, it counts where we stand
now (rows: ahead, tied, behind) and at the end (columns). From the 3x3
matrix ``T``::

    PPOT = (T[B,A] + T[B,T]/2 + T[T,A]/2) / (T[B,S] + T[T,S]/2)    (eq. 4)
    NPOT = (T[A,B] + T[A,T]/2 + T[T,B]/2) / (T[A,S] + T[T,S]/2)

where S is a row sum. *Effective hand strength* (eq. 6) is
``EHS = HS_n + (1 - HS_n) * PPOT``; :attr:`Potential.ehs_net` is the
variant that also subtracts the chance of falling behind,
``HS_n*(1 - NPOT) + (1 - HS_n)*PPOT``.

pokerlab's choices where the seed is silent:

* PPOT and NPOT are always computed against one opponent (as in Table 4);
  ``opponents`` only changes ``HS_n`` and hence EHS.
* When a row is empty (we can never be behind, say) its potential is 0.
* Eq. 3's compensation is :func:`compensated_strength` with constant ``c``
  (default 10) and the result capped at 1.

>>> p = hand_potential("AdQc", "3h4cJh")
>>> p.matrix
((449005, 3211, 169504), (0, 8370, 540), (91981, 1036, 346543))
>>> round(p.hs, 3), round(p.ppot, 3), round(p.npot, 3)
(0.585, 0.208, 0.274)
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import TYPE_CHECKING, Any

from pokerlab import _chart_hook, _compiled, _inputs, _notice, _validate
from pokerlab.cards import Card, CardsLike, cards_html, combo_card_ids, format_cards
from pokerlab.errors import ParameterError
from pokerlab.evaluator import _card_words, _values_from_words, _values_numpy, evaluate_parsed

if TYPE_CHECKING:  # pragma: no cover
    import numpy as np
    import pandas as pd

    from pokerlab.ranges import Range

__all__ = [
    "Potential",
    "compensated_strength",
    "hand_potential",
    "hand_strength",
    "potential_parsed",
    "turn_card_effects",
    "turn_card_effects_parsed",
]

ROWS = ("ahead", "tied", "behind")
DEFAULT_C = 10.0


def _strength_counts(
    hole: tuple[Card, ...], board: tuple[Card, ...], weights: np.ndarray | None
) -> tuple[float, float, float]:
    """Ahead, tied and behind over every opponent hand (weighted sums with ``weights``).

    The compiled kernel :func:`pokerlab._kernels.hand_strength`; for a one-answer command
    (``pokerlab strength``, :data:`pokerlab._notice.single_query`) numpy, which needs no numba
    start-up or first compile: its sums are taken in combination order, one by one (``cumsum``),
    as the kernel adds them, so the numbers are the same to the last bit (the tests hold the two equal).
    """

    if not _notice.single_query:
        _kernels = _compiled.kernels()

        return _kernels.hand_strength(_inputs.ids_array(hole), _inputs.ids_array(board), weights)
    return _strength_counts_numpy(hole, board, weights)


def _strength_counts_numpy(
    hole: tuple[Card, ...], board: tuple[Card, ...], weights: np.ndarray | None
) -> tuple[float, float, float]:
    """:func:`_strength_counts` in numpy (see there)."""
    import numpy as np

    known = [c.id for c in hole + board]
    pairs = combo_card_ids()  # [1326, 2], combination order
    live = ~np.isin(pairs, known).any(axis=1)
    w = np.ones(len(pairs)) if weights is None else np.asarray(weights, dtype=np.float64)
    live &= w != 0.0
    opp = pairs[live]
    rest = np.array([c.id for c in board], dtype=np.int64)
    ours = _values_numpy(np.array([known], dtype=np.int64))[0]
    theirs = _values_numpy(np.hstack([opp, np.broadcast_to(rest, (len(opp), len(rest)))]))
    wl = w[live]

    def total(mask: np.ndarray) -> float:
        return float(np.cumsum(wl[mask])[-1]) if mask.any() else 0.0

    return total(ours > theirs), total(ours == theirs), total(ours < theirs)


def hand_strength(
    hole: CardsLike,
    board: CardsLike,
    opponents: int = 1,
    weights: np.ndarray | Range | str | None = None,
) -> float:
    """``HS_n``: the chance of being ahead of ``opponents`` hands right now.

    Enumerates every hand one opponent may hold (Algorithm 1) and raises the
    result to the power ``opponents`` (eq. 2). ``weights`` is an opponent
    weight table: an array of 1326 weights in combination order, a
    :class:`~pokerlab.ranges.Range` or a range string.

    >>> round(hand_strength("8d7d", "9d6c2d"), 3)
    0.115
    >>> round(hand_strength("AdQc", "3h4cJh", opponents=3), 3)
    0.2
    """
    h, b = _inputs.hole_and_board(hole, board, board_sizes=(3, 4, 5))
    n = _inputs.opponents_count(opponents)
    w = _inputs.weight_table(weights, h + b)
    win, tie, loss = _strength_counts(h, b, w)
    return ((win + tie / 2.0) / (win + tie + loss)) ** n


def compensated_strength(hs_n: float, players_left: int, c: float = DEFAULT_C) -> float:
    """The Waterloo report's eq. 3: ``HS = HS_n * (1 + players_left / c)``, capped at 1.

    ``HS_n`` shrinks fast as players are added; the report enlarges it again
    so that fixed betting thresholds still make sense. ``c`` is left open by
    the report; pokerlab's default is 10.

    >>> round(compensated_strength(0.2, players_left=5, c=10), 6)
    0.3
    """
    hs_n = _validate.real(hs_n, "hs_n (a probability)", lo=0.0, hi=1.0)
    players_left = _validate.whole(players_left, "players_left", lo=1, hi=9)
    c = _validate.real(c, "the constant c", lo=0.0, lo_open=True)
    return min(1.0, hs_n * (1.0 + players_left / c))


@dataclass(frozen=True)
class Potential:
    """The result of :func:`hand_potential` (the Waterloo report's Table 4 and eq. 4-6).

    ``matrix[now][end]`` counts (or, with weights, sums the weights of)
    opponent-hand x future-board cases; rows and columns are ahead, tied,
    behind.
    """

    hole: tuple[Card, ...]
    board: tuple[Card, ...]
    lookahead: int
    opponents: int
    matrix: tuple[tuple[Any, ...], ...]
    hs: float
    hs_n: float
    ppot: float
    npot: float
    ehs: float
    ehs_net: float
    weighted: bool

    @property
    def row_sums(self) -> tuple[float, ...]:
        """The cases ahead, tied and behind now (each row of :attr:`matrix` summed): whole counts, or sums of
        weights when :attr:`weighted`."""
        return tuple(sum(r) for r in self.matrix)

    @property
    def column_sums(self) -> tuple[float, ...]:
        """The cases ahead, tied and behind at the end (each column of :attr:`matrix` summed), counted as
        :attr:`row_sums` are."""
        return tuple(sum(r[j] for r in self.matrix) for j in range(3))

    @property
    def total(self) -> float:
        """Every case of :attr:`matrix`: an ``int`` count of opponent hands x future boards (``futures`` per
        opponent hand), or the sum of their weights (a ``float``) when :attr:`weighted`."""
        return sum(self.row_sums)

    @property
    def futures(self) -> int:
        """Board completions per opponent hand (990 for two cards from the flop)."""
        left = 52 - 2 - len(self.board) - 2
        return left * (left - 1) // 2 if self.lookahead == 2 else left

    def to_dict(self) -> dict[str, Any]:
        """Plain data for JSON: the matrix (rows ahead/tied/behind now) and the numbers."""
        d = asdict(self)
        d["hole"] = [str(c) for c in self.hole]
        d["board"] = [str(c) for c in self.board]
        d["matrix"] = [list(r) for r in self.matrix]
        return d

    def table(self) -> str:
        """Plain-text layout of the Waterloo report's Table 4."""
        fmt = (lambda x: f"{x:>9d}") if not self.weighted else (lambda x: f"{x:>9.1f}")
        width = 9
        lines = [
            f"Potential of {format_cards(self.hole)} / {format_cards(self.board)}"
            f" (lookahead {self.lookahead}, {'weighted' if self.weighted else 'uniform'} opponent)",
            f"{'now':<8}| {'at the end':^{4 * (width + 1)}}",
            f"{'':<8}| " + " ".join(f"{h:>{width}}" for h in ("Ahead", "Tied", "Behind", "Sum")),
        ]
        per = self.futures
        for name, row in zip(ROWS, self.matrix, strict=True):
            s = sum(row)
            note = f" = {s // per} x {per}" if not self.weighted and per else ""
            lines.append(f"{name.capitalize():<8}| " + " ".join(fmt(x) for x in row) + " " + fmt(s) + note)
        total = self.total
        note = f" = {total // self.futures} x {self.futures}" if not self.weighted else ""
        lines.append(f"{'Sum':<8}| " + " ".join(fmt(x) for x in self.column_sums) + " " + fmt(total) + note)
        lines.append(
            f"HS = {self.hs:.3f}   HS_{self.opponents} = {self.hs_n:.3f}   PPOT = {self.ppot:.3f}"
            f"   NPOT = {self.npot:.3f}   EHS = {self.ehs:.3f}   EHS(net) = {self.ehs_net:.3f}"
        )
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.table()

    def _repr_html_(self) -> str:
        def cell(x: Any) -> str:
            return f"{x:,}" if not self.weighted else f"{x:,.1f}"

        head = "".join(f"<th>{h}</th>" for h in ("Ahead", "Tied", "Behind", "Sum"))
        rows = []
        for name, row in zip(ROWS, self.matrix, strict=True):
            rows.append(
                f"<tr><th>{name.capitalize()}</th>"
                + "".join(f"<td>{cell(x)}</td>" for x in row)
                + f"<td><b>{cell(sum(row))}</b></td></tr>"
            )
        rows.append(
            "<tr><th>Sum</th>"
            + "".join(f"<td><b>{cell(x)}</b></td>" for x in self.column_sums)
            + f"<td><b>{cell(self.total)}</b></td></tr>"
        )
        return (
            f"<div><div>Potential of {cards_html(self.hole)} / {cards_html(self.board)}"
            f" &nbsp; lookahead {self.lookahead}</div>"
            '<table style="text-align:right">'
            f'<tr><th rowspan="2">now</th><th colspan="4" style="text-align:center">at the end</th></tr>'
            f"<tr>{head}</tr>{''.join(rows)}</table>"
            f"<div>HS = {self.hs:.3f}, HS<sub>{self.opponents}</sub> = {self.hs_n:.3f},"
            f" PPOT = {self.ppot:.3f}, NPOT = {self.npot:.3f}, EHS = {self.ehs:.3f},"
            f" EHS(net) = {self.ehs_net:.3f}</div></div>"
        )

    def chart(self) -> _chart_hook.Chart:
        """Altair chart: where each 'now' row ends up after the remaining cards."""
        return _chart_hook.draw("potential_chart", self)


def hand_potential(
    hole: CardsLike,
    board: CardsLike,
    lookahead: int = 2,
    weights: np.ndarray | Range | str | None = None,
    opponents: int = 1,
) -> Potential:
    """Hand potential by full enumeration (the Waterloo report, Algorithm 2).

    ``lookahead=2`` deals turn and river from the flop (1,081 x 990 =
    1,070,190 cases against a random hand); ``lookahead=1`` deals one card,
    from the flop or from the turn. ``weights`` is the opponent's weight
    table (array of 1326, :class:`~pokerlab.ranges.Range` or range string).
    """

    h, b = _inputs.hole_and_board(hole, board, board_sizes=(3, 4))
    lookahead = _validate.whole(lookahead, "lookahead", lo=1, hi=2, message="lookahead is 1 or 2 cards")
    if lookahead == 2 and len(b) == 4:
        raise ParameterError("from the turn only one card is to come: use lookahead=1")
    n = _inputs.opponents_count(opponents)
    return potential_parsed(h, b, int(lookahead), _inputs.weight_table(weights, h + b), n)


def potential_parsed(
    hole: tuple[Card, ...], board: tuple[Card, ...], lookahead: int, w: np.ndarray | None, opponents: int
) -> Potential:
    """:func:`hand_potential` behind an edge that parsed and checked everything once (a widget, say): two distinct
    hole cards, a flop or turn of other cards, ``lookahead`` 1 or 2 as that board allows, the opponent's weight
    table ``w`` (:func:`pokerlab._inputs.weight_table`, None for a random hand) and 1..9 ``opponents``."""
    h, b, n = hole, board, opponents
    if _notice.single_query and w is None:  # the command line: numpy, no numba start-up (whole counts, the same)
        hp = _potential_numpy(h, b, lookahead)
    else:
        _kernels = _compiled.kernels()

        hp = _kernels.potential(_inputs.ids_array(h), _inputs.ids_array(b), w, lookahead)
    return _potential_from_matrix(h, b, lookahead, n, hp, weighted=w is not None)


def _potential_numpy(hole: tuple[Card, ...], board: tuple[Card, ...], lookahead: int) -> np.ndarray:
    """The unweighted potential matrix of :func:`pokerlab._kernels.potential`, in numpy (whole counts, so equal).

    Every opponent hand (rows: ahead, tied or behind now) against every runout that shares no card
    with it (columns: ahead, tied or behind at the end): the opponent's end hands are one outer sum
    of card words, about a million table lookups.
    """
    from itertools import combinations

    import numpy as np

    card_word, card_bit = _card_words()
    known = [c.id for c in hole + board]
    unknown = np.array([c for c in range(52) if c not in known], dtype=np.int64)
    opp = np.array(list(combinations(unknown.tolist(), 2)), dtype=np.int64)  # [m, 2]
    run = np.array(list(combinations(unknown.tolist(), lookahead)), dtype=np.int64)  # [r, lookahead]
    n_now = len(known)
    base_w = card_word[[c.id for c in board]].sum()
    base_b = card_bit[[c.id for c in board]].sum()
    hole_w = card_word[[c.id for c in hole]].sum()
    hole_b = card_bit[[c.id for c in hole]].sum()
    opp_w, opp_b = card_word[opp].sum(axis=1), card_bit[opp].sum(axis=1)
    run_w, run_b = card_word[run].sum(axis=1), card_bit[run].sum(axis=1)
    ours_now = _values_from_words(np.array([base_w + hole_w]), np.array([base_b + hole_b]), n_now)[0]
    opp_now = _values_from_words(base_w + opp_w, base_b + opp_b, n_now)
    ours_end = _values_from_words(base_w + hole_w + run_w, base_b + hole_b + run_b, n_now + lookahead)
    o, r = np.nonzero((opp_b[:, None] & run_b[None, :]) == 0)  # the runouts that share no card with each hand
    opp_end = _values_from_words(base_w + opp_w[o] + run_w[r], base_b + opp_b[o] + run_b[r], n_now + lookahead)
    mine = ours_end[r]
    end = np.where(mine > opp_end, 0, np.where(mine == opp_end, 1, 2))
    row = np.where(ours_now > opp_now, 0, np.where(ours_now == opp_now, 1, 2))[o]
    return np.bincount(3 * row + end, minlength=9).reshape(3, 3).astype(np.float64)


def _potential_from_matrix(
    h: tuple[Card, ...], b: tuple[Card, ...], lookahead: int, n: int, hp: np.ndarray, *, weighted: bool
) -> Potential:
    rows = hp.sum(axis=1)
    total = rows.sum()
    hs = float((rows[0] + rows[1] / 2.0) / total)
    a_, t_, b_ = 0, 1, 2
    denom_p = rows[b_] + rows[t_] / 2.0
    denom_n = rows[a_] + rows[t_] / 2.0
    ppot = float((hp[b_, a_] + hp[b_, t_] / 2.0 + hp[t_, a_] / 2.0) / denom_p) if denom_p > 0 else 0.0
    npot = float((hp[a_, b_] + hp[a_, t_] / 2.0 + hp[t_, b_] / 2.0) / denom_n) if denom_n > 0 else 0.0
    hs_n = hs**n
    matrix = tuple(tuple(float(x) if weighted else int(x) for x in r) for r in hp)
    return Potential(
        hole=h,
        board=b,
        lookahead=lookahead,
        opponents=n,
        matrix=matrix,
        hs=hs,
        hs_n=hs_n,
        ppot=ppot,
        npot=npot,
        ehs=hs_n + (1.0 - hs_n) * ppot,
        ehs_net=hs_n * (1.0 - npot) + (1.0 - hs_n) * ppot,
        weighted=weighted,
    )


def turn_card_effects(
    hole: CardsLike,
    flop: CardsLike,
    weights: np.ndarray | Range | str | None = None,
    opponents: int = 1,
) -> pd.DataFrame:
    """What each possible turn card does to a hand on the flop.

    One row per unseen card (47 of them) with the hand strength on the flop
    and after that turn card, the one-card potential from the turn, EHS on
    the turn, and the hand's category with that card. Drives the turn-card
    chart in lesson 02.
    """
    h, b = _inputs.hole_and_board(hole, flop, board_sizes=(3,), board_name="flop")
    n = _inputs.opponents_count(opponents)
    return turn_card_effects_parsed(h, b, _inputs.weight_table(weights, h + b), n)


def turn_card_effects_parsed(
    hole: tuple[Card, ...], flop: tuple[Card, ...], w_flop: np.ndarray | None, opponents: int
) -> pd.DataFrame:
    """:func:`turn_card_effects` behind an edge that parsed and checked everything once: two distinct hole cards,
    a flop of three others, the opponent's weight table ``w_flop`` on that flop (None for a random hand) and
    1..9 ``opponents``."""
    import pandas as pd

    _kernels = _compiled.kernels()

    h, b, n = hole, flop, opponents
    known = h + b
    win, tie, loss = _strength_counts(h, b, w_flop)
    hs_flop = ((win + tie / 2) / (win + tie + loss)) ** n
    rows = []
    seen = {c.id for c in known}
    for cid in range(52):
        if cid in seen:
            continue
        card = Card(cid)
        turn = b + (card,)
        # the range was parsed once (w_flop); each turn card only removes the combinations it blocks
        w = _inputs.weight_table(w_flop, known + (card,)) if w_flop is not None else None
        hp = _kernels.potential(_inputs.ids_array(h), _inputs.ids_array(turn), w, 1)
        p = _potential_from_matrix(h, turn, 1, n, hp, weighted=w is not None)
        value = evaluate_parsed(h + turn)
        rows.append(
            {
                "card": str(card),
                "rank": card.rank.value,
                "suit": card.suit.symbol,
                "hs_flop": hs_flop,
                "hs_turn": p.hs_n,
                "change": p.hs_n - hs_flop,
                "ppot_turn": p.ppot,
                "ehs_turn": p.ehs,
                "category": value.category.label,
            }
        )
    return pd.DataFrame(rows)
