"""Hand ranges in the notation equity calculators use.

A :class:`Range` is a set of two-card combinations, each with a weight in
(0, 1]. Text is read and written in the usual notation:

===============  ==========================================================
``QQ``           a class: the 6 combos of queens (``AKs``: 4, ``AKo``: 12,
                 ``AK``: both, 16)
``TT+``          pairs TT up to AA
``A2s+``         the kicker climbs to one below the top card: A2s .. AKs
``AA-QQ``        pairs from AA down to QQ
``A5s-A2s``      same top card, kickers 5 down to 2
``76s-54s``      same gap, stepping both cards: 76s, 65s, 54s
``AhKh``         one specific combination
``random``       all 1,326 combinations (also ``any``)
``AA-QQ@50``     weight 50 % (``@`` takes a percentage 0-100)
``0.5(AKs, AQs)``  weight 0.5 for everything in the brackets (a fraction 0-1)
``AA:0.5``       weight 0.5 (``:`` takes a fraction 0-1, as PioSOLVER, GTO+
                 and postflop-solver write it)
===============  ==========================================================

Weights after ``@`` are percentages: ``AA@50`` holds aces at half weight,
while ``AA@0.5`` is half of one percent (as in Equilab and PokerStove), so
write ``AA@50``, ``AA:0.5`` or ``0.5(AA)`` for "half". A span joins two classes
(``A5s-A2s``, ``KK-TT``); spans of single combinations such as
``Ah2h-Ah5h`` are not part of the notation: list them (``Ah2h, Ah3h, Ah4h,
Ah5h``) or use the class span ``A5s-A2s``.

Items are separated by commas (or spaces). When a combination is named twice
the later weight wins. ``str(range)`` gives a canonical, compressed string
that parses back to the same range.

>>> r = Range.parse("TT+, A2s+, KQo, 76s-54s, AhKd")
>>> len(r), str(r)
(103, 'TT+, A2s+, 76s, 65s, 54s, KQo, AhKd')
>>> str(Range.parse("AA-QQ@50, 0.25(AKs)"))
'QQ+@50, AKs@25'
>>> str(Range.parse("random@50")), str(Range.parse("AA@0.5"))
('random@50', 'AA@0.5')
>>> str(Range.parse("AA:0.5, KK:1, AKs:0.25"))  # the solvers' export: a fraction after the colon
'AA@50, KK, AKs@25'
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING

from pokerlab import _validate
from pokerlab._validate import is_number, is_whole
from pokerlab.cards import (
    N_COMBOS,
    RANK_CHARS,
    Card,
    CardsLike,
    HandClass,
    Rank,
    combo_cards,
    combo_index,
    parse_cards,
    parse_named,
)
from pokerlab.errors import CardCountError, CardError, DuplicateCardError, RangeError

if TYPE_CHECKING:  # pragma: no cover
    import numpy as np

__all__ = ["Range"]

_CLASS_RE = re.compile(r"^([2-9TJQKA])([2-9TJQKA])([so]?)$")


@dataclass(frozen=True, eq=True)
class Range:
    """A weighted set of two-card combinations (see the module docstring).

    ``entries`` holds ``(combo_index, weight)`` pairs sorted by index, with
    weights in (0, 1]. Build ranges with :meth:`parse`, :meth:`of` or
    :meth:`from_weights`.
    """

    entries: tuple[tuple[int, float], ...]

    def __post_init__(self) -> None:
        _validate.instance(
            self.entries,
            tuple,
            "entries must be a tuple of (combination index, weight) pairs",
            error=RangeError,
            check=lambda entries: all(
                isinstance(e, tuple) and len(e) == 2 and is_whole(e[0]) and is_number(e[1]) for e in entries
            ),
        )
        last = -1
        for idx, w in self.entries:
            if not 0 <= idx < N_COMBOS or idx <= last:
                raise RangeError("range entries must be sorted, distinct combination indices 0..1325")
            if not 0.0 < w <= 1.0:
                raise RangeError(f"range weights must be in (0, 1], not {w}")
            last = idx

    # -- construction ---------------------------------------------------------

    @classmethod
    def parse(cls, text: str | Range) -> Range:
        """Read a range string (see the module docstring for the notation).

        A number after ``@`` is a percentage from 0 to 100 (``"AA@50"``: half
        weight; ``"AA@0.5"``: half of one percent), one after ``:`` a fraction
        from 0 to 1 (``"AA:0.5"``: half weight), a number before brackets
        a fraction from 0 to 1 (``"0.5(AA, KK)"``); a weight of 0 leaves the
        hands out. Raises :class:`~pokerlab.errors.RangeError` naming the
        part that cannot be read.

        >>> Range.parse("AA@50").weight("AsAh"), Range.parse("0.5(AA)").weight("AsAh")
        (0.5, 0.5)
        """
        if isinstance(text, Range):
            return text
        _validate.text(
            text, "text", empty=True, error=RangeError, message=f"a range is written as text, not {type(text).__name__}"
        )
        weights: dict[int, float] = {}
        for item, weight in _tokens(text):
            for idx in _expand(item, text):
                weights[idx] = weight
        entries = tuple(sorted((i, w) for i, w in weights.items() if w > 0))
        if not entries:
            raise RangeError(f"the range {_q(text)} holds no combinations")
        return cls(entries)

    @classmethod
    def of(cls, hand: CardsLike | Range | str) -> Range:
        """A range from a range string, a :class:`Range`, or two exact cards."""
        if isinstance(hand, Range):
            return hand
        if isinstance(hand, str):
            try:
                return cls.parse(hand)
            except RangeError:
                pass
        try:
            cards = parse_named(hand, "hand")
        except CardError as exc:
            if isinstance(hand, str):
                cls.parse(hand)  # re-raise the range error, which reads better
            raise RangeError(str(exc)) from None
        if len(cards) != 2:
            raise RangeError(f"a hand has two cards, not {len(cards)}: {_q(hand)}")
        return cls(((combo_index(*cards), 1.0),))

    @classmethod
    def random(cls) -> Range:
        """All 1,326 combinations with weight 1."""
        return cls(tuple((i, 1.0) for i in range(N_COMBOS)))

    @classmethod
    def from_weights(cls, weights: np.ndarray | Iterable[float]) -> Range:
        """A range from a weight table of length 1326 (zeros are left out)."""
        try:
            ws = [float(w) for w in weights]
        except (TypeError, ValueError):
            raise RangeError(f"weights must be 1326 numbers, not {weights!r:.60}") from None
        if len(ws) != N_COMBOS:
            raise RangeError(f"weights must have 1326 entries, not {len(ws)}")
        if any(w < 0 or w > 1 or w != w for w in ws):
            raise RangeError("weights must lie in [0, 1] (no nan)")
        entries = tuple((i, w) for i, w in enumerate(ws) if w > 0)
        if not entries:
            raise RangeError("the weight table is all zeros")
        return cls(entries)

    # -- queries ----------------------------------------------------------------

    def __len__(self) -> int:
        return len(self.entries)

    def __contains__(self, hand: object) -> bool:
        try:
            idx = combo_index(*parse_cards(hand))  # type: ignore[arg-type]
        except (CardError, TypeError):
            return False
        return idx in self._lookup

    @cached_property
    def _lookup(self) -> dict[int, float]:
        return dict(self.entries)

    def weight(self, hand: CardsLike) -> float:
        """Weight of a two-card hand (0 when it is not in the range)."""
        cards = parse_named(hand, "hand")
        if len(cards) != 2:
            raise CardCountError(f"hand must be two cards, not {len(cards)} ({_q(hand)})")
        return self._lookup.get(combo_index(*cards), 0.0)

    @property
    def total_weight(self) -> float:
        """Sum of weights: the effective number of combinations."""
        return sum(w for _, w in self.entries)

    def combos(self) -> list[tuple[Card, Card, float]]:
        """Every combination with its weight: ``[(Ac, Ad, 1.0), ...]``."""
        return [(*combo_cards(i), w) for i, w in self.entries]

    def weight_array(self) -> np.ndarray:
        """The weights as a float array of length 1326 (combo-index order)."""
        import numpy as np

        arr = np.zeros(N_COMBOS, dtype=np.float64)
        for i, w in self.entries:
            arr[i] = w
        return arr

    def without(self, dead: CardsLike) -> Range:
        """The range with every combination that uses a dead card removed.

        Raises :class:`~pokerlab.errors.RangeError` if nothing is left.
        """
        dead_ids = {c.id for c in parse_named(dead, "dead")}
        kept = tuple((i, w) for i, w in self.entries if not {c.id for c in combo_cards(i)} & dead_ids)
        if not kept:
            raise RangeError(
                f"the range {self} is empty once {' '.join(str(Card(d)) for d in sorted(dead_ids))} are removed"
            )
        return Range(kept)

    # -- text -----------------------------------------------------------------

    def __str__(self) -> str:
        return _format(self)

    def __repr__(self) -> str:
        return f"Range({str(self)!r})"


# ----------------------------------------------------------------------------
# Parsing
# ----------------------------------------------------------------------------


_BRACKET = re.compile(r"(\d*\.?\d+)\s*\(")
_ITEM = re.compile(r"[^\s,;()]+")


def _tokens(text: str, start: int = 0, end: int | None = None) -> list[tuple[str, float]]:
    """Split ``text[start:end]`` into (item, weight) pairs, expanding ``w(...)`` groups (which may nest).

    Every message quotes the whole text the user gave and a position in it, never a re-cut piece of it.
    """
    out: list[tuple[str, float]] = []
    pos = start
    n = len(text) if end is None else end
    while pos < n:
        ch = text[pos]
        if ch in " ,\t\n;":
            pos += 1
            continue
        m = _BRACKET.match(text, pos, n)
        if m:
            depth, close = 1, m.end()
            while close < n and depth:
                depth += {"(": 1, ")": -1}.get(text[close], 0)
                close += 1
            if depth:
                raise RangeError(f"unclosed bracket at position {m.end() - 1} of {_q(text)}")
            w = float(m.group(1))
            if not 0 <= w <= 1:
                raise RangeError(
                    f"a bracket weight is a fraction 0..1, not {_q(m.group(1), quote=False)} (in {_q(text)})"
                )
            for item, inner_w in _tokens(text, m.end(), close - 1):
                out.append((item, w * inner_w))
            pos = close
            continue
        m = _ITEM.match(text, pos, n)
        if m is None:
            raise RangeError(f"unexpected {text[pos]!r} at position {pos} of {_q(text)}")
        token = m.group(0)
        weight = 1.0
        if "@" in token:
            token, _, pct = token.partition("@")
            try:
                weight = float(pct) / 100.0
            except ValueError:
                raise RangeError(
                    f"cannot read the weight {_q(pct)} in {_q(text)}; write e.g. 'AA@50' for 50%"
                ) from None
            if not 0 <= weight <= 1:
                raise RangeError(f"a weight after @ is a percentage 0..100, not {_q(pct, quote=False)} (in {_q(text)})")
        elif ":" in token:  # PioSOLVER's, GTO+'s and postflop-solver's "AA:0.5": a fraction
            token, _, frac = token.partition(":")
            try:
                weight = float(frac)
            except ValueError:
                raise RangeError(
                    f"cannot read the weight {_q(frac)} in {_q(text)}; write e.g. 'AA:0.5' (or 'AA@50') for half"
                ) from None
            if not 0 <= weight <= 1:
                raise RangeError(
                    f"a weight after : is a fraction 0..1 (for a percentage write 'AA@50'), "
                    f"not {_q(frac, quote=False)} (in {_q(text)})"
                )
        out.append((token, weight))
        pos = m.end()
    return out


def _q(text: object, quote: bool = True) -> str:
    """The user's text in a message: whole (quoted) up to 80 characters, else its start and its length.

    >>> _q("AA,KK"), _q("1" * 5001 + "(AA)")
    ("'AA,KK'", "'1111111111111111111111111111111111111111...' (5,005 characters)")
    """
    if not _validate.is_text(text):  # cards given as a list or Card objects
        shown = repr(text)
        return shown if len(shown) <= 80 else f"{shown[:77]}..."
    if len(text) <= 80:
        return repr(text) if quote else text
    q = repr(text[:40]) if quote else text[:40]
    return f"{q[:-1]}...{q[-1]} ({len(text):,} characters)" if quote else f"{q}... ({len(text):,} characters)"


def _norm(token: str) -> str:
    t = token.replace("10", "T")
    return "".join(ch.upper() if ch.lower() not in "so" or i < 2 else ch.lower() for i, ch in enumerate(t))


def _expand(token: str, source: str) -> list[int]:
    low = token.lower()
    if low in ("random", "any", "*"):
        return list(range(N_COMBOS))
    if "-" in token:
        _refuse_combo_span(token, source)
    # a specific combination such as AhKh or A♥K♥
    try:
        cards = parse_cards(token)
    except DuplicateCardError as exc:
        raise RangeError(f"{exc} (in the range {_q(source)})") from None
    except CardError:
        cards = ()
    if len(cards) == 2:
        return [combo_index(*cards)]
    t = _norm(token)
    if "-" in t:
        a, _, b = t.partition("-")
        return _dash(a, b, token, source)
    plus = t.endswith("+")
    if plus:
        t = t[:-1]
    m = _CLASS_RE.match(t)
    if not m:
        raise RangeError(f"cannot read {_q(token)} in the range {_q(source)}")
    r1, r2, kind = RANK_CHARS.index(m.group(1)), RANK_CHARS.index(m.group(2)), m.group(3)
    hi, lo = max(r1, r2), min(r1, r2)
    if hi == lo:
        if kind:
            raise RangeError(f"a pair cannot be suited or offsuit: {_q(token)}")
        tops = range(hi, 13) if plus else [hi]
        return [i for r in tops for i in _class_indices(r, r, "")]
    kickers = range(lo, hi) if plus else [lo]
    return [i for k in kickers for i in _class_indices(hi, k, kind)]


def _refuse_combo_span(token: str, source: str) -> None:
    """A span whose end is one exact combination (``Ah2h-Ah5h``) is not notation: say so and what to write."""
    ends = token.split("-")
    combos = []
    for end in ends:
        try:
            cards = parse_cards(end)
        except CardError:
            continue
        if len(cards) == 2:
            combos.append(end)
    if not combos:
        return
    raise RangeError(
        f"cannot read the span {_q(token)} in {_q(source)}: spans join classes (A5s-A2s, KK-TT), not single "
        f"combinations such as {combos[0]!r}; list the combinations one by one (e.g. 'Ah2h, Ah3h') "
        "or span the classes"
    )


def _class_indices(hi: int, lo: int, kind: str) -> list[int]:
    r_hi, r_lo = Rank.from_index(hi), Rank.from_index(lo)
    if hi == lo:
        classes = [HandClass(r_hi, r_lo, None)]
    elif kind == "s":
        classes = [HandClass(r_hi, r_lo, True)]
    elif kind == "o":
        classes = [HandClass(r_hi, r_lo, False)]
    else:
        classes = [HandClass(r_hi, r_lo, True), HandClass(r_hi, r_lo, False)]
    return [combo_index(a, b) for hc in classes for a, b in hc.combos]


def _dash(a: str, b: str, token: str, source: str) -> list[int]:
    ma, mb = _CLASS_RE.match(a), _CLASS_RE.match(b)
    if not ma or not mb or ma.group(3) != mb.group(3):
        raise RangeError(
            f"cannot read the span {_q(token)} in {_q(source)}: both ends must be classes of the same kind"
        )
    kind = ma.group(3)
    a1, a2 = sorted((RANK_CHARS.index(ma.group(1)), RANK_CHARS.index(ma.group(2))), reverse=True)
    b1, b2 = sorted((RANK_CHARS.index(mb.group(1)), RANK_CHARS.index(mb.group(2))), reverse=True)
    if a1 == a2 and b1 == b2:
        lo, hi = sorted((a1, b1))
        return [i for r in range(lo, hi + 1) for i in _class_indices(r, r, "")]
    if a1 == a2 or b1 == b2:
        raise RangeError(f"the span {_q(token)} mixes pairs and non-pairs")
    if a1 == b1:
        lo, hi = sorted((a2, b2))
        return [i for k in range(lo, hi + 1) for i in _class_indices(a1, k, kind)]
    if a1 - a2 == b1 - b2:
        gap = a1 - a2
        lo, hi = sorted((a1, b1))
        return [i for top in range(lo, hi + 1) for i in _class_indices(top, top - gap, kind)]
    raise RangeError(f"the span {_q(token)} in {_q(source)} must keep the top card (A5s-A2s) or the gap (76s-54s)")


# ----------------------------------------------------------------------------
# Formatting
# ----------------------------------------------------------------------------


def _weight_suffix(w: float) -> str:
    if w == 1.0:
        return ""
    pct = format(w * 100.0, ".12g")
    if float(pct) / 100.0 == w:
        return "@" + pct
    return ""


def _plain(w: float) -> str:
    """A float in plain decimal notation that reads back to the same float."""
    from decimal import Decimal

    return format(Decimal(repr(w)), "f")


def _format(r: Range) -> str:
    if len(r) == N_COMBOS and len({w for _, w in r.entries}) == 1:
        w = r.entries[0][1]
        suffix = _weight_suffix(w)
        return "random" + suffix if suffix or w == 1.0 else f"{_plain(w)}(random)"
    lookup = r._lookup
    class_weight: dict[tuple[int, int, str], float] = {}
    singles: list[tuple[int, float]] = []
    for hi in range(12, -1, -1):
        for lo in range(hi, -1, -1):
            for kind in [""] if hi == lo else ["s", "o"]:
                idxs = _class_indices(hi, lo, kind)
                ws = {lookup.get(i, 0.0) for i in idxs}
                if len(ws) == 1:
                    w = ws.pop()
                    if w > 0:
                        class_weight[(hi, lo, kind)] = w
                else:
                    singles.extend((i, lookup[i]) for i in idxs if i in lookup)
    parts: list[tuple[str, float]] = []
    # pairs, high to low, runs of equal weight
    parts += _runs([(hi, hi, "") for hi in range(12, -1, -1)], class_weight, pair=True)
    for kind in ("s", "o"):
        for hi in range(12, 0, -1):
            parts += _runs([(hi, lo, kind) for lo in range(hi - 1, -1, -1)], class_weight, pair=False)
    for i, w in singles:
        a, b = combo_cards(i)
        parts.append((f"{b}{a}", w))
    out = []
    for text, w in parts:
        suffix = _weight_suffix(w)
        out.append(text + suffix if suffix or w == 1.0 else f"{_plain(w)}({text})")
    return ", ".join(out)


def _name(hi: int, lo: int, kind: str) -> str:
    return RANK_CHARS[hi] + RANK_CHARS[lo] + kind


def _runs(cells: list[tuple[int, int, str]], weights: dict, *, pair: bool) -> list[tuple[str, float]]:
    """Compress consecutive cells with equal weight into spans."""
    out = []
    i = 0
    while i < len(cells):
        if cells[i] not in weights:
            i += 1
            continue
        w = weights[cells[i]]
        j = i
        while j + 1 < len(cells) and weights.get(cells[j + 1]) == w:
            j += 1
        first, last = cells[i], cells[j]
        if i == j:
            out.append((_name(*first), w))
        elif (first[0] == 12 and pair) or (not pair and first[1] == first[0] - 1):
            out.append((_name(*last) + "+", w))
        else:
            out.append((f"{_name(*first)}-{_name(*last)}", w))
        i = j + 1
    return out
