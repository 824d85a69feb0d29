"""Cards, decks and the 169 starting-hand classes.

Card ids
--------
Every card has a small integer id, the fast path used by the evaluator and
all numeric kernels::

    id = rank * 4 + suit

    rank:  2  3  4  5  6  7  8  9  T  J  Q  K  A
           0  1  2  3  4  5  6  7  8  9 10 11 12
    suit:  c=0  d=1  h=2  s=3

    2c=0 2d=1 2h=2 2s=3 3c=4 ... Ac=48 Ad=49 Ah=50 As=51

So ``id >> 2`` is the rank and ``id & 3`` the suit.

Two-card combinations ("combos") are numbered 0..1325 in colex order:
for ids ``a < b`` the index is ``b*(b-1)//2 + a`` (see :func:`combo_index`).
Weight tables over an opponent's possible holdings are arrays of length 1326
in this order.

Parsing accepts what people type: ``"As"``, ``"as"`` (ranks in any case),
``"A♠"``, ``"10s"``, and lists like ``"AsKd Qh"``, ``"4♣-5♣-6♣"``,
``"As,Kd"``.

>>> parse_cards("AsKd 10h")
(As, Kd, Th)
>>> Card.parse("A♠").id
51
>>> HandClass.parse("AKs").n_combos, HandClass.parse("AKo").n_combos
(4, 12)
"""

from __future__ import annotations

import operator
import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from enum import StrEnum
from functools import cache
from typing import TYPE_CHECKING

from pokerlab import _validate
from pokerlab._validate import flag, seed as check_seed, whole
from pokerlab.errors import CardError, DuplicateCardError

if TYPE_CHECKING:  # pragma: no cover
    import numpy as np

__all__ = [
    "Card",
    "CardsLike",
    "Deck",
    "HandClass",
    "Rank",
    "Suit",
    "cards_html",
    "combo_cards",
    "combo_index",
    "format_cards",
    "hand_classes",
    "parse_cards",
]

RANK_CHARS = "23456789TJQKA"
SUIT_CHARS = "cdhs"
N_COMBOS = 1326


class Rank(StrEnum):
    """A card rank; the value is the one-letter symbol (``"T"`` for ten)."""

    TWO = "2"
    THREE = "3"
    FOUR = "4"
    FIVE = "5"
    SIX = "6"
    SEVEN = "7"
    EIGHT = "8"
    NINE = "9"
    TEN = "T"
    JACK = "J"
    QUEEN = "Q"
    KING = "K"
    ACE = "A"

    @property
    def index(self) -> int:  # type: ignore[override]  # a rank's place, not str.index
        """0 for deuces up to 12 for aces."""
        return RANK_CHARS.index(self.value)

    @property
    def word(self) -> str:
        """The English name: ``"ten"``."""
        return _RANK_WORDS[self.index]

    @property
    def plural(self) -> str:
        """The English plural: ``"sixes"``."""
        return _RANK_PLURALS[self.index]

    @classmethod
    def from_index(cls, index: int) -> Rank:
        return _RANKS[index]


class Suit(StrEnum):
    """A card suit; the value is the lower-case letter."""

    CLUBS = "c"
    DIAMONDS = "d"
    HEARTS = "h"
    SPADES = "s"

    @property
    def index(self) -> int:  # type: ignore[override]  # a suit's place, not str.index
        """c=0, d=1, h=2, s=3."""
        return SUIT_CHARS.index(self.value)

    @property
    def symbol(self) -> str:
        return "♣♦♥♠"[self.index]

    @property
    def color(self) -> str:
        """CSS colour used in HTML output (red hearts and diamonds)."""
        return "#c0392b" if self in (Suit.HEARTS, Suit.DIAMONDS) else "#1f2d3a"

    @classmethod
    def from_index(cls, index: int) -> Suit:
        return _SUITS[index]


_RANKS = tuple(Rank)
_SUITS = tuple(Suit)
_RANK_WORDS = ["two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "jack", "queen", "king", "ace"]
_RANK_PLURALS = [
    "twos",
    "threes",
    "fours",
    "fives",
    "sixes",
    "sevens",
    "eights",
    "nines",
    "tens",
    "jacks",
    "queens",
    "kings",
    "aces",
]
_SUIT_ALIASES = {
    "c": 0, "d": 1, "h": 2, "s": 3,
    "♣": 0, "♦": 1, "♥": 2, "♠": 3,
    "♧": 0, "♢": 1, "♡": 2, "♤": 3,
}  # fmt: skip
_CARD_RE = re.compile(r"(10|[2-9tjqka])([cdhs♣♦♥♠♧♢♡♤])", re.IGNORECASE)
_SEPARATORS = set(" \t\n,;-/|")


@dataclass(frozen=True, slots=True, order=True)
class Card:
    """One playing card, identified by ``id = rank*4 + suit``.

    Cards compare by id, i.e. by rank then suit. Use :meth:`parse` to make
    one from text; ``Card(51)`` is the ace of spades.
    """

    id: int

    def __post_init__(self) -> None:
        # numpy integers (np.argmax's answer) are ids too, stored as a Python int; bools are refused
        object.__setattr__(
            self,
            "id",
            whole(self.id, "id", lo=0, hi=51, error=CardError, message="a card id must be a whole number 0..51"),
        )

    @classmethod
    def parse(cls, text: str | Card) -> Card:
        """Parse one card: ``"As"``, ``"as"``, ``"A♠"``, ``"10s"``."""
        if isinstance(text, Card):
            return text
        cards = parse_named(text, "text")
        if len(cards) != 1:
            raise CardError(f"expected one card, got {len(cards)} in {text!r}")
        return cards[0]

    @classmethod
    def of(cls, rank: Rank | str, suit: Suit | str) -> Card:
        """The card with this rank and suit: ``Card.of("A", "s")``."""
        said = f"rank must be one of {RANK_CHARS}, not {rank!r}"
        rank = _validate.choice(
            str(rank).upper() if _validate.is_text(rank) else rank, "rank", RANK_CHARS, error=CardError, message=said
        )
        said = f"suit must be one of c, d, h, s, not {suit!r}"
        suit = _validate.choice(
            str(suit).lower() if _validate.is_text(suit) else suit, "suit", "cdhs", error=CardError, message=said
        )
        return _DECK[Rank(rank).index * 4 + Suit(suit).index]

    @property
    def rank(self) -> Rank:
        return _RANKS[self.id >> 2]

    @property
    def suit(self) -> Suit:
        return _SUITS[self.id & 3]

    @property
    def symbol(self) -> str:
        """The card with a suit symbol: ``"A♠"``."""
        return self.rank.value + self.suit.symbol

    def __repr__(self) -> str:
        return self.rank.value + self.suit.value

    __str__ = __repr__

    def _repr_html_(self) -> str:
        return cards_html((self,))


_DECK = tuple(Card(i) for i in range(52))

CardsLike = str | Card | int | Iterable[str | Card | int]


def parse_cards(text: CardsLike, *, allow_duplicates: bool = False) -> tuple[Card, ...]:
    """Parse any reasonable description of cards into a tuple of :class:`Card`.

    Accepts a string (``"AsKd Qh"``, ``"A♠K♦"``, ``"4♣-5♣-6♣"``), a single
    :class:`Card`, a card id, or an iterable of those. Raises
    :class:`~pokerlab.errors.CardError` naming the position of anything it
    does not understand and :class:`~pokerlab.errors.DuplicateCardError` for
    a card given twice.

    >>> parse_cards("ah 10d, 2C")
    (Ah, Td, 2c)
    >>> parse_cards([51, "Kd"])
    (As, Kd)
    """
    return parse_named(text, "text", allow_duplicates=allow_duplicates)


def parse_named(text: CardsLike, name: str, *, allow_duplicates: bool = False) -> tuple[Card, ...]:
    """:func:`parse_cards` for an argument called ``name``: its errors name it ("board must be ...")."""
    flag(allow_duplicates, "allow_duplicates")
    if isinstance(text, Card):
        cards: list[Card] = [text]
    elif _validate.is_whole(text):
        cards = [_card_from_id(operator.index(text), name)]
    elif isinstance(text, str):
        cards = _parse_string(text, name if name != "text" else "")  # the message shows the text itself
    elif isinstance(text, (bytes, bytearray)):
        raise CardError(f"{name}: cards are text such as 'AsKd', not bytes ({text[:20]!r})")
    elif getattr(text, "ndim", 1) != 1:
        raise CardError(f"{name} must be a flat list of cards, not an array of shape {getattr(text, 'shape', '?')}")
    else:
        cards = []
        try:
            items = list(text)  # type: ignore[arg-type]  # a bool is refused just below
        except TypeError:
            raise CardError(f"{name}: cannot read cards from {text!r:.60}") from None
        for item in items:
            if isinstance(item, Card):
                cards.append(item)
            elif isinstance(item, str):
                cards.extend(_parse_string(item, name))
            elif _validate.is_index(item):
                # ints, numpy integers and 0-d integer arrays; a nested array is not one card id
                try:
                    card_id = operator.index(item)
                except TypeError:
                    raise CardError(f"{name}: cannot read a card from {item!r:.60}") from None
                cards.append(_card_from_id(card_id, name))
            else:
                raise CardError(f"{name}: cannot read a card from {item!r:.60}")
    if not allow_duplicates:
        _check_unique(cards, text, name)
    return tuple(cards)


def _one_card(value: Card | str, name: str) -> Card:
    """One card for an argument called ``name`` (errors name it)."""
    if isinstance(value, Card):
        return value
    cards = parse_named(value, name)
    if len(cards) != 1:
        raise CardError(f"{name} must be one card, not {len(cards)} in {value!r}")
    return cards[0]


def _card_from_id(i: int, name: str = "card") -> Card:
    if not 0 <= i < 52:
        raise CardError(f"{name}: a card id must be 0..51, not {i}")
    return _DECK[i]


def _parse_string(text: str, name: str = "") -> list[Card]:
    cards = []
    pos = 0
    n = len(text)
    while pos < n:
        ch = text[pos]
        if ch in _SEPARATORS:
            pos += 1
            continue
        m = _CARD_RE.match(text, pos)
        if m is None:
            bad = text[pos : pos + 2]
            raise CardError(
                f"{name + ': ' if name else ''}cannot read a card at position {pos} of {text[:80]!r} (found {bad!r}); "
                "write cards like 'As', 'Td', '10h' or 'A♠'"
            )
        rank_text, suit_text = m.group(1), m.group(2)
        rank = 8 if rank_text == "10" else RANK_CHARS.index(rank_text.upper())
        suit = _SUIT_ALIASES[suit_text.lower()]
        cards.append(_DECK[rank * 4 + suit])
        pos = m.end()
    return cards


def _check_unique(cards: Sequence[Card], source: object, name: str = "cards") -> None:
    seen: set[int] = set()
    for c in cards:
        if c.id in seen:
            where = "" if name == "text" and isinstance(source, str) else f"{name}: "  # a text is shown whole
            raise DuplicateCardError(f"{where}{c} appears twice in {_show(source)}")
        seen.add(c.id)


def _show(source: object) -> str:
    if isinstance(source, str):
        return repr(source)
    try:
        return repr(" ".join(str(c) for c in parse_cards(source, allow_duplicates=True)))  # type: ignore[arg-type]
    except Exception:  # pragma: no cover - only used in messages
        return repr(source)


def check_disjoint(*groups: tuple[str, Sequence[Card]]) -> None:
    """Raise :class:`DuplicateCardError` if a card appears in two groups.

    ``groups`` are ``(name, cards)`` pairs, e.g. ``("hand", hole), ("board", board)``.
    """
    owner: dict[int, str] = {}
    for name, cards in groups:
        for c in cards:
            if c.id in owner:
                other = owner[c.id]
                where = f"in the {name}" if other == name else f"in both the {other} and the {name}"
                raise DuplicateCardError(f"{c} appears twice: {where}")
            owner[c.id] = name


def format_cards(cards: Iterable[Card], *, symbols: bool = False) -> str:
    """Cards as text: ``"As Kd"`` (or ``"A♠ K♦"`` with ``symbols=True``)."""
    flag(symbols, "symbols")
    return " ".join(c.symbol if symbols else str(c) for c in parse_named(cards, "cards", allow_duplicates=True))


def cards_html(cards: Iterable[Card], *, size: str = "1.2em") -> str:
    """Cards as HTML with coloured suit symbols (red hearts and diamonds)."""
    said = f"size must be a CSS length such as '1.2em' or '14px', not {size!r}"
    if not re.fullmatch(
        r"[0-9.]+(em|px|rem|pt|%)", _validate.text(size, "size", error=CardError, message=said).strip()
    ):
        raise CardError(said)
    spans = []
    for c in parse_named(cards, "cards", allow_duplicates=True):
        spans.append(
            f'<span class="pl-card" style="display:inline-block;font-family:monospace;'
            f"font-size:{size};font-weight:bold;padding:0 .25em;margin:0 .1em;"
            f"border:1px solid #bbb;border-radius:.25em;background:#fff;"
            f'color:{c.suit.color}">{c.rank.value}{c.suit.symbol}</span>'
        )
    return "".join(spans)


# ----------------------------------------------------------------------------
# Two-card combinations
# ----------------------------------------------------------------------------


def combo_index(a: Card | int, b: Card | int) -> int:
    """Index 0..1325 of the two-card combination ``{a, b}`` (order free).

    >>> combo_index(Card.parse("2c"), Card.parse("2d")), combo_index(51, 50)
    (0, 1325)
    """
    i = a.id if isinstance(a, Card) else whole(a, "a (a card id)", lo=0, hi=51, error=CardError)
    j = b.id if isinstance(b, Card) else whole(b, "b (a card id)", lo=0, hi=51, error=CardError)
    if i == j:
        raise DuplicateCardError(f"a two-card combination needs two different cards, got {_DECK[i]} twice")
    if i > j:
        i, j = j, i
    return j * (j - 1) // 2 + i


@cache
def _combo_table() -> tuple[tuple[Card, Card], ...]:
    out = []
    for j in range(52):
        for i in range(j):
            out.append((_DECK[i], _DECK[j]))
    return tuple(out)


def combo_cards(index: int) -> tuple[Card, Card]:
    """The two cards of combination ``index`` (lower id first)."""
    index = whole(index, "index (a combination index)", lo=0, hi=N_COMBOS - 1, error=CardError)
    return _combo_table()[index]


@cache
def combo_card_ids() -> np.ndarray:
    """Array ``[1326, 2]`` of the card ids of every combination (read-only)."""
    import numpy as np

    arr = np.array([[a.id, b.id] for a, b in _combo_table()], dtype=np.int64)
    arr.setflags(write=False)
    return arr


# ----------------------------------------------------------------------------
# Starting-hand classes
# ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class HandClass:
    """One of the 169 starting-hand classes: ``"AA"``, ``"AKs"`` or ``"AKo"``.

    ``suited`` is ``None`` for pairs. In the Waterloo report's 13x13 tables the classes
    sit at :attr:`grid_cell`: rows and columns run 2..A (index 0..12), pairs
    on the diagonal, suited hands below it (row = high rank, column = low
    rank) and offsuit hands above it (row = low rank, column = high rank).

    >>> HandClass.parse("AKs").grid_cell, HandClass.parse("AKo").grid_cell
    ((12, 11), (11, 12))
    """

    high: Rank
    low: Rank
    suited: bool | None

    def __post_init__(self) -> None:
        for rank in (self.high, self.low):
            _validate.instance(rank, Rank, "high and low must be Ranks", error=CardError)
        if self.suited is not None:
            _validate.flag(
                self.suited, "suited", error=CardError, message="suited must be True, False or None (a pair)"
            )
        if self.high.index < self.low.index:
            raise CardError(f"a hand class names its higher rank first, not {self.low}{self.high}")
        if (self.high == self.low) != (self.suited is None):
            raise CardError("pairs have no suited/offsuit marker; other classes need one")

    @classmethod
    def parse(cls, text: str | HandClass) -> HandClass:
        """Parse ``"AKs"``, ``"AKo"``, ``"TT"`` (ranks in any order or case)."""
        if isinstance(text, HandClass):
            return text
        _validate.text(
            text, "text", empty=True, error=CardError, message=f"a hand class is text like 'AKs', not {text!r}"
        )
        t = text.strip()
        t = t.replace("10", "T")
        if len(t) not in (2, 3):
            raise CardError(f"cannot read a hand class from {text!r}; write 'AKs', 'AKo' or 'TT'")
        r1, r2 = t[0].upper(), t[1].upper()
        for rank in (r1, r2):
            _validate.choice(rank, "rank", RANK_CHARS, error=CardError, message=f"unknown rank in hand class {text!r}")
        a, b = Rank(r1), Rank(r2)
        if a.index < b.index:
            a, b = b, a
        if a == b:
            if len(t) == 3:
                raise CardError(f"a pair cannot be suited or offsuit: {text!r}")
            return cls(a, b, None)
        if len(t) != 3 or t[2].lower() not in "so":
            raise CardError(f"{text!r} needs 's' (suited) or 'o' (offsuit) after the ranks")
        return cls(a, b, t[2].lower() == "s")

    @classmethod
    def of(cls, a: Card | str, b: Card | str) -> HandClass:
        """The class of two hole cards: ``HandClass.of("Ah", "Kh")`` is AKs."""
        c1, c2 = _one_card(a, "a"), _one_card(b, "b")
        if c1 == c2:
            raise DuplicateCardError(f"{c1} appears twice")
        hi, lo = (c1, c2) if c1.rank.index >= c2.rank.index else (c2, c1)
        if hi.rank == lo.rank:
            return cls(hi.rank, lo.rank, None)
        return cls(hi.rank, lo.rank, hi.suit == lo.suit)

    @property
    def name(self) -> str:
        if self.suited is None:
            return self.high.value * 2
        return f"{self.high.value}{self.low.value}{'s' if self.suited else 'o'}"

    def __repr__(self) -> str:
        return self.name

    __str__ = __repr__

    @property
    def is_pair(self) -> bool:
        return self.suited is None

    @property
    def combos(self) -> tuple[tuple[Card, Card], ...]:
        """The 6 (pair), 4 (suited) or 12 (offsuit) card pairs, high card first."""
        return _class_combos(self)

    @property
    def n_combos(self) -> int:
        return 6 if self.suited is None else (4 if self.suited else 12)

    @property
    def grid_cell(self) -> tuple[int, int]:
        """``(row, column)`` in the 13x13 grid, ranks 2..A = 0..12."""
        h, lo = self.high.index, self.low.index
        if self.suited is None or self.suited:
            return (h, lo)
        return (lo, h)

    @classmethod
    def at(cls, row: int, col: int) -> HandClass:
        """The class at a grid cell (inverse of :attr:`grid_cell`)."""
        row = whole(row, "row", error=CardError)
        col = whole(col, "col", error=CardError)
        if not (0 <= row < 13 and 0 <= col < 13):
            raise CardError(f"grid cells run 0..12, not ({row}, {col})")
        if row == col:
            return cls(_RANKS[row], _RANKS[row], None)
        if row > col:
            return cls(_RANKS[row], _RANKS[col], True)
        return cls(_RANKS[col], _RANKS[row], False)


@cache
def _class_combos(hc: HandClass) -> tuple[tuple[Card, Card], ...]:
    h, lo = hc.high.index, hc.low.index
    out = []
    if hc.suited is None:
        for s1 in range(4):
            for s2 in range(s1 + 1, 4):
                out.append((_DECK[h * 4 + s2], _DECK[h * 4 + s1]))
    elif hc.suited:
        for s in range(4):
            out.append((_DECK[h * 4 + s], _DECK[lo * 4 + s]))
    else:
        for s1 in range(4):
            for s2 in range(4):
                if s1 != s2:
                    out.append((_DECK[h * 4 + s1], _DECK[lo * 4 + s2]))
    return tuple(out)


@cache
def hand_classes() -> tuple[HandClass, ...]:
    """All 169 classes in grid order (row by row, ranks 2..A)."""
    return tuple(HandClass.at(r, c) for r in range(13) for c in range(13))


# ----------------------------------------------------------------------------
# Deck
# ----------------------------------------------------------------------------


def _shuffled(rng: np.random.Generator, cards: Sequence[Card] = _DECK) -> list[Card]:
    """``cards`` in the order one ``rng.permutation`` puts them: the shuffle of :class:`Deck`, and of the
    game engine's hands, which call it directly (a checked seed, no Deck object) once per hand."""
    return [cards[i] for i in rng.permutation(len(cards)).tolist()]


class Deck:
    """A deck that deals without replacement, seeded for reproducibility.

    ``Deck(seed=7)`` deals the same cards every time; ``exclude`` removes
    known cards first.

    >>> Deck(seed=1).deal(3) == Deck(seed=1).deal(3)
    True
    """

    def __init__(self, seed: int | np.random.Generator | None = None, exclude: CardsLike = ()) -> None:
        import numpy as np

        seed = check_seed(seed, generator=True)
        self._rng = seed if isinstance(seed, np.random.Generator) else np.random.default_rng(seed)
        removed = {c.id for c in parse_named(exclude, "exclude")}
        self._cards = _shuffled(self._rng, [c for c in _DECK if c.id not in removed])

    def deal(self, n: int = 1) -> tuple[Card, ...]:
        """Deal ``n`` cards from the top."""
        n = whole(n, "n (cards to deal)", error=CardError)
        if n < 0 or n > len(self._cards):
            raise CardError(f"cannot deal {n} cards: {len(self._cards)} left in the deck")
        out, self._cards = self._cards[:n], self._cards[n:]
        return tuple(out)

    def __len__(self) -> int:
        return len(self._cards)

    def __iter__(self) -> Iterator[Card]:
        return iter(tuple(self._cards))

    def __repr__(self) -> str:
        return f"Deck({len(self._cards)} cards)"
