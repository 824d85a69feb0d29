"""What a range holds on a board: made hands, kinds of pair and draws, counted exactly.

``range_breakdown("TT+, AQs+, KQo", "Kd7d2c")`` sorts every combination of the
range that does not use a board card into

* one **made hand** (the nine categories, straight flush down to high card;
  these shares add up to 1);
* for one pair, the **kind of pair**: an overpair (a pocket pair above every
  board card), top pair, second pair, a lower pair (a hole card pairs the
  third board rank or below), an underpair (a pocket pair below the top board
  card) or only the board's pair;
* on a flop or turn, any **draws** (a hand may have several, or none): a flush
  draw (four cards of one suit, at least one from the hand, no flush yet), an
  open-ended straight draw (two or more ranks complete a straight that uses a
  hole card, higher than any the board would make with that rank alone;
  double gutshots count here, as they have eight outs too), a
  gutshot (one such rank) and two overcards (no pair, both hole cards above
  the board).

Counts are whole combinations; shares are of the range's total weight, so a
range with ``@50`` weights counts those combinations half.

>>> b = range_breakdown("AA, KK, AKs, 98s", "Kd7d2c")
>>> b.combos("Three of a kind"), b.combos("Overpair"), b.combos("Top pair"), b.combos("Flush draw")
(3, 6, 3, 1)
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING

from pokerlab import _chart_hook, _validate
from pokerlab._tables import straight_high
from pokerlab.cards import Card, CardsLike, cards_html, combo_cards, parse_named
from pokerlab.errors import CardCountError, ParameterError, RangeError
from pokerlab.evaluator import HandCategory, evaluate
from pokerlab.ranges import Range

if TYPE_CHECKING:  # pragma: no cover
    import pandas as pd

__all__ = ["Holding", "RangeBreakdown", "Section", "range_breakdown"]


class Section(StrEnum):
    """The three groups of a breakdown: exclusive made hands, kinds of one pair, and (overlapping) draws."""

    MADE = "made hand"
    PAIR = "one pair"
    DRAW = "draw"


class Holding(StrEnum):
    """Every row of a breakdown, strongest made hand first."""

    STRAIGHT_FLUSH = "Straight flush"
    FOUR_OF_A_KIND = "Four of a kind"
    FULL_HOUSE = "Full house"
    FLUSH = "Flush"
    STRAIGHT = "Straight"
    THREE_OF_A_KIND = "Three of a kind"
    TWO_PAIR = "Two pair"
    ONE_PAIR = "One pair"
    HIGH_CARD = "High card"
    OVERPAIR = "Overpair"
    TOP_PAIR = "Top pair"
    SECOND_PAIR = "Second pair"
    LOWER_PAIR = "Lower pair"
    UNDERPAIR = "Underpair"
    BOARD_PAIR = "Board pair only"
    FLUSH_DRAW = "Flush draw"
    OPEN_ENDED = "Open-ended straight draw"
    GUTSHOT = "Gutshot"
    OVERCARDS = "Two overcards"

    @property
    def section(self) -> Section:
        order = list(Holding)
        i = order.index(self)
        return Section.MADE if i <= 8 else Section.PAIR if i <= 14 else Section.DRAW


_MADE = {
    HandCategory.STRAIGHT_FLUSH: Holding.STRAIGHT_FLUSH,
    HandCategory.FOUR_OF_A_KIND: Holding.FOUR_OF_A_KIND,
    HandCategory.FULL_HOUSE: Holding.FULL_HOUSE,
    HandCategory.FLUSH: Holding.FLUSH,
    HandCategory.STRAIGHT: Holding.STRAIGHT,
    HandCategory.THREE_OF_A_KIND: Holding.THREE_OF_A_KIND,
    HandCategory.TWO_PAIR: Holding.TWO_PAIR,
    HandCategory.PAIR: Holding.ONE_PAIR,
    HandCategory.HIGH_CARD: Holding.HIGH_CARD,
}


def _mask(ranks: list[int]) -> int:
    m = 0
    for r in ranks:
        m |= 1 << r
    return m


def classify(hole: tuple[Card, Card], board: tuple[Card, ...]) -> list[Holding]:
    """The rows one combination counts in: its made hand, its kind of pair if any, its draws.

    >>> from pokerlab.cards import parse_cards
    >>> [h.value for h in classify(tuple(parse_cards("Ad Qd")), tuple(parse_cards("Kd 7d 2c")))]
    ['High card', 'Flush draw']
    """
    cat = evaluate([*hole, *board]).category
    out = [_MADE[cat]]
    hr = sorted((c.rank.index for c in hole), reverse=True)
    br = [c.rank.index for c in board]
    top = max(br)
    distinct = sorted(set(br), reverse=True)
    if cat == HandCategory.PAIR:
        if hr[0] == hr[1]:
            out.append(Holding.OVERPAIR if hr[0] > top else Holding.UNDERPAIR)
        else:
            paired = [r for r in hr if r in br]
            if not paired:
                out.append(Holding.BOARD_PAIR)
            else:
                place = distinct.index(paired[0])
                out.append((Holding.TOP_PAIR, Holding.SECOND_PAIR)[place] if place < 2 else Holding.LOWER_PAIR)
    if len(board) < 5:
        if cat < HandCategory.FLUSH:
            for suit in {c.suit for c in hole}:
                if sum(c.suit == suit for c in (*hole, *board)) == 4:
                    out.append(Holding.FLUSH_DRAW)
                    break
        if cat < HandCategory.STRAIGHT:
            both = _mask(hr + br)
            alone = _mask(br)
            outs = sum(
                1
                for r in range(13)
                if not both >> r & 1 and straight_high(both | 1 << r) > straight_high(alone | 1 << r)
            )
            if outs >= 2:
                out.append(Holding.OPEN_ENDED)
            elif outs == 1:
                out.append(Holding.GUTSHOT)
        if cat == HandCategory.HIGH_CARD and hr[1] > top:
            out.append(Holding.OVERCARDS)
    return out


@dataclass(frozen=True)
class RangeBreakdown:
    """Counts of a range's combinations per :class:`Holding` on one board (see the module docstring)."""

    range: str
    board: tuple[Card, ...]
    counts: tuple[tuple[Holding, int, float], ...]
    """(holding, combinations, weight) for every holding, in :class:`Holding` order."""
    total_combos: int
    total_weight: float

    def combos(self, holding: Holding | str) -> int:
        """Whole combinations in one row: ``b.combos("Top pair")``."""
        return self._row(holding)[1]

    def share(self, holding: Holding | str) -> float:
        """The row's share of the range's weight (of its combinations when nothing is weighted)."""
        return self._row(holding)[2] / self.total_weight

    def _row(self, holding: Holding | str) -> tuple[Holding, int, float]:
        try:
            h = Holding(holding)
        except ValueError:
            names = ", ".join(h.value for h in Holding)
            raise ParameterError(f"holding must be one of {names}, not {holding!r}") from None
        return next(row for row in self.counts if row[0] is h)

    def to_frame(self) -> pd.DataFrame:
        """One row per holding: section, holding, combos, weight, share."""
        import pandas as pd

        rows = [
            {
                "section": h.section.value,
                "holding": h.value,
                "combos": n,
                "weight": w,
                "share": w / self.total_weight,
            }
            for h, n, w in self.counts
            if len(self.board) < 5 or h.section is not Section.DRAW
        ]
        return pd.DataFrame(rows, columns=["section", "holding", "combos", "weight", "share"])

    def chart(self, title: str | None = None) -> _chart_hook.Chart:
        """Horizontal bars of each holding's share, coloured by section."""

        board = " ".join(map(str, self.board))
        return _chart_hook.draw("breakdown_chart", self.to_frame(), title or f"{self.range} on {board}")

    def _repr_html_(self) -> str:
        rows = "".join(
            f"<tr><td>{r.section}</td><td>{r.holding}</td><td>{r.combos}</td><td>{r.share:.1%}</td></tr>"
            for r in self.to_frame().itertuples()
            if r.combos
        )
        return (
            f"<div><b>{self.range}</b> on {cards_html(self.board)}: {self.total_combos} combinations</div>"
            f"<table><tr><th></th><th>holding</th><th>combos</th><th>share</th></tr>{rows}</table>"
        )


def range_breakdown(hand_range: Range | str, board: CardsLike) -> RangeBreakdown:
    """Sort every combination of ``hand_range`` on a 3-5 card ``board`` (see the module docstring)."""
    if not isinstance(hand_range, Range):
        _validate.text(
            hand_range, "hand_range", empty=True, message=f"hand_range must be a range or its text, not {hand_range!r}"
        )
    r = Range.parse(hand_range)
    if board is None or _validate.is_bool(board):
        raise CardCountError(f"the board must hold 3, 4 or 5 cards, not {board!r}")
    b = parse_named(board, "board")
    if len(b) not in (3, 4, 5):
        raise CardCountError(f"the board must hold 3, 4 or 5 cards, not {len(b)}")
    try:
        live = r.without(b)
    except RangeError:
        raise RangeError(f"every combination of the range {str(r)!r} uses a board card") from None
    counts = {h: [0, 0.0] for h in Holding}
    total_w = 0.0
    for idx, w in live.entries:
        hole = combo_cards(idx)
        total_w += w
        for h in classify(hole, b):
            counts[h][0] += 1
            counts[h][1] += w
    return RangeBreakdown(
        range=str(r),
        board=b,
        counts=tuple((h, int(n), float(w)) for h, (n, w) in counts.items()),
        total_combos=len(live),
        total_weight=total_w,
    )
