"""PHH hand histories as people publish them: single hands (``.phh``) and files of many (``.phhs``).

PHH (the Poker Hand History format of Kim's "Poker Hand History File
Format Specification", read and written by pokerkit) is TOML. A hand
lists its players starting after the button, so the button is the last
player ``pN``. The lists ``antes`` and ``blinds_or_straddles`` go by
*position*: entry 0 is the small blind, 1 the big blind, 2 a straddle...;
heads-up the button is position 0, so ``p1`` (listed first) is the big
blind. pokerlab reads

* fixed-limit (``FT``) and no-limit (``NT``) Texas hold'em;
* exact amounts: ``0.50`` or ``1987.50`` become whole chips of the smallest
  decimal place the hand uses (``Rules.chip_unit``, here ``0.01``) and are
  shown back in that money, never rounded;
* per-position antes (a big-blind ante is ``antes = [0, 500, 0, ...]``),
  ``ante_trimming_status`` and straddles;
* unknown hole cards ``????``: the betting, pots and stacks replay exactly,
  cards shown at the showdown (``p2 sm AsKd``, in any order) become the
  player's hole cards, ``p2 sm`` mucks (a mucked hand wins nothing) and a
  pot that only hidden cards could decide stays undecided;
* unknown stacks (``inf``, as iPoker's hands have them): the betting and
  pots replay exactly with a stand-in stack larger than anything bet in
  the hand; ``net_winnings`` is exact, the final stacks are refused;
* ``finishing_stacks``, when present, is checked against the replay.

Every malformed line is refused with a :class:`PHHError` naming its line
number. :func:`iter_phhs` reads a ``.phhs`` file (``[1]``, ``[2]``, ...
sections) one hand at a time; :func:`to_phh` and :func:`to_phhs` write
hands back, in the order published files use (after an all-in, the
showdown lines come before the rest of the board).

pokerlab adds a few fields of its own, prefixed with an underscore as the
format allows, so that a hand it wrote reads back as the same hand:
``_pokerlab_seats`` (the table seat of each player), ``_pokerlab_raise_cap``
(0 = no cap), ``_pokerlab_min_raise_big_blinds``, ``_pokerlab_rules`` and
``_pokerlab_hand_number``. Exporting a pot-limit hand is refused: PHH has
no pot-limit hold'em.

``hand.to_phh()`` and ``HandState.from_phh(text)`` reach :func:`to_phh` and :func:`from_phh`, which
this module registers in :mod:`pokerlab.game._hooks` (the state sits below it).

>>> hand = load_phh('''
... variant = "NT"
... antes = [0, 0]
... blinds_or_straddles = [0.25, 0.50]
... min_bet = 0.50
... starting_stacks = [50, 42.10]
... actions = ["d dh p1 ????", "d dh p2 ????", "p2 cbr 1.50", "p1 f"]
... finishing_stacks = [49.50, 42.60]
... ''')
>>> [hand.state.rules.format_chips(c) for c in hand.finishing_stacks]
['49.50', '42.60']
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from functools import lru_cache
from pathlib import Path
from typing import IO, Any

from pokerlab import _validate
from pokerlab._files import atomic_writer
from pokerlab.cards import Card, parse_cards
from pokerlab.errors import CardError, HiddenCardsError, PHHError, PokerlabError
from pokerlab.game import _hooks
from pokerlab.game.rules import BettingStructure, Rules
from pokerlab.game.state import (
    Act,
    ActionKind,
    Call,
    Check,
    DealBoard,
    DealHole,
    Fold,
    HandState,
    Muck,
    RaiseTo,
    Showdown,
)
from pokerlab.streets import BOARD_SIZES, Street

__all__ = [
    "PHHError",
    "PHHHand",
    "from_phh",
    "iter_phhs",
    "load_phh",
    "read_hand",
    "read_hands",
    "to_phh",
    "to_phhs",
    "write_phhs",
]

_AMOUNT = re.compile(r"^\d+(\.\d+)?$", re.ASCII)  # ASCII digits only, as TOML and the PHH spec write them
_SECTION = re.compile(r"^\s*\[\s*(\d+)\s*\]\s*(#.*)?$")
_BOARD_SIZES = (3, 1, 1)


@dataclass(frozen=True)
class PHHHand:
    """One replayed hand: its :class:`HandState`, the file's other fields, where it came from.

    ``players`` maps PHH order (``p1`` first) to table seats:
    ``players[k]`` is the seat of ``p{k+1}``. ``fields`` holds every field
    of the file (names, event, currency...), amounts as the file wrote them.
    """

    state: HandState
    players: tuple[int, ...]
    fields: dict[str, Any] = field(compare=False, repr=False)
    source: str = ""

    @property
    def names(self) -> tuple[str, ...]:
        """Player names in PHH order (``p1``... when the file gives none)."""
        names = self.fields.get("players")
        if isinstance(names, list) and len(names) == len(self.players):
            return tuple(str(x) for x in names)
        return tuple(f"p{k + 1}" for k in range(len(self.players)))

    def seat_name(self, seat: int) -> str:
        """The name of the player at table seat ``seat``."""
        return self.names[self.players.index(seat)]

    @property
    def net_winnings(self) -> tuple[int, ...]:
        """Chips won (+) or lost (-) in PHH order; known even where a stack was written ``inf``."""
        net = self.state.net_winnings
        return tuple(net[s] for s in self.players)

    @property
    def finishing_stacks(self) -> tuple[int, ...]:
        """Final stacks in PHH order, in chips (a :class:`HiddenCardsError` when hidden cards decide a pot)."""
        final = self.state.final_stacks
        return tuple(final[s] for s in self.players)


# ----------------------------------------------------------------------------
# Writing
# ----------------------------------------------------------------------------


class _Raw(str):
    """Text written into the TOML as it is (not quoted)."""


_INF = _Raw("inf")


def _toml_value(v: Any) -> str:
    if isinstance(v, _Raw):
        return str(v)
    if isinstance(v, str):
        return '"' + v.replace("\\", "\\\\").replace('"', '\\"') + '"'
    if _validate.is_bool(v):
        return "true" if v else "false"
    if isinstance(v, (list, tuple)):
        return "[" + ", ".join(_toml_value(x) for x in v) + "]"
    if v is None:
        return '"none"'
    return str(v)


def _cards(cards: Iterable[Card]) -> str:
    return "".join(map(str, cards))


def to_phh(state: HandState) -> str:
    """The hand as PHH text (see the module docstring); amounts in the rules' ``chip_unit``."""
    _validate.instance(state, HandState, "to_phh needs a HandState", error=PHHError)
    rules = state.rules
    if rules.structure is BettingStructure.POT_LIMIT:
        raise PHHError("PHH has no pot-limit Texas hold'em variant; this hand cannot be exported")
    if state.n == 2 and not rules.heads_up_reverse_blinds:
        raise PHHError(
            "PHH heads-up hands have the button on the small blind; this hand (the dealer on the big blind) "
            "cannot be exported"
        )
    n = state.n
    unit = rules.chip_unit

    def money(chips: int) -> int | Decimal:
        return chips if unit == 1 else Decimal(rules.format_chips(chips))

    order = [(state.button + k) % n for k in range(1, n + 1)]
    player = {seat: f"p{k + 1}" for k, seat in enumerate(order)}
    fields: dict[str, Any] = {}
    fields["variant"] = "FT" if rules.structure is BettingStructure.FIXED_LIMIT else "NT"
    antes = rules.antes_for(n, state.hand_number)
    if any(antes):  # it matters only when someone antes (pokerkit's default is false)
        fields["ante_trimming_status"] = not rules.dead_antes
    fields["antes"] = [money(a) for a in antes]
    forced = [state.small_blind, state.big_blind, *rules.straddles]
    fields["blinds_or_straddles"] = [money(x) for x in (forced + [0] * n)[:n]]
    if rules.structure is BettingStructure.FIXED_LIMIT:
        fields["small_bet"] = money(rules.bet_sizes[0])  # type: ignore[index]
        fields["big_bet"] = money(rules.bet_sizes[2])  # type: ignore[index]
    else:
        fields["min_bet"] = money(rules.min_raise_increment(state.big_blind))
    fields["starting_stacks"] = [_INF if s in state.unknown_stacks else money(state.starting_stacks[s]) for s in order]
    actions: list[str] = []
    holes = {e.seat: e.cards for e in state.events if isinstance(e, DealHole)}
    for seat in order:
        actions.append(f"d dh {player[seat]} {_cards(holes[seat]) or '????'}")
    events = state.events
    last_act = max((i for i, e in enumerate(events) if isinstance(e, Act)), default=-1)
    showdown = [e for e in events if isinstance(e, (Showdown, Muck))]

    def show_line(e: Showdown | Muck) -> str:
        if isinstance(e, Muck):
            return f"{player[e.seat]} sm"
        return f"{player[e.seat]} sm {_cards(e.cards) or '????'}"

    shown = False
    for i, e in enumerate(events):
        if isinstance(e, DealBoard):
            if i > last_act and showdown and not shown:
                # an all-in run-out: published histories show the hands first
                actions += [show_line(x) for x in showdown]
                shown = True
            actions.append(f"d db {_cards(e.cards)}")
        elif isinstance(e, Act):
            if e.kind is ActionKind.FOLD:
                actions.append(f"{player[e.seat]} f")
            elif e.kind in (ActionKind.CHECK, ActionKind.CALL):
                actions.append(f"{player[e.seat]} cc")
            else:
                actions.append(f"{player[e.seat]} cbr {rules.format_chips(e.to)}")
        elif isinstance(e, (Showdown, Muck)) and not shown:
            actions.append(show_line(e))
    fields["actions"] = actions
    fields["_pokerlab_seats"] = order
    fields["_pokerlab_raise_cap"] = [0 if c is None else c for c in rules.raise_cap]
    fields["_pokerlab_min_raise_big_blinds"] = rules.min_raise_big_blinds
    fields["_pokerlab_rules"] = rules.name
    fields["_pokerlab_hand_number"] = state.hand_number
    if state.is_over and not state.undecided and not state.unknown_stacks:
        fields["finishing_stacks"] = [money(state.stacks[s]) for s in order]
    return "\n".join(f"{k} = {_toml_value(v)}" for k, v in fields.items()) + "\n"


def _hands_to_write(states: Any, who: str) -> Iterator[HandState]:
    if isinstance(states, HandState):
        raise PHHError(f"{who} writes several hands: give a list of HandState, not one HandState")
    _validate.instance(states, Iterable, f"{who} needs states, an iterable of HandState", error=PHHError)
    return (_state_to_write(s, who) for s in states)


def _state_to_write(state: Any, who: str) -> HandState:
    return _validate.instance(state, HandState, f"{who} needs states holding HandState only", error=PHHError)


def to_phhs(states: Iterable[HandState]) -> str:
    """Several hands as one ``.phhs`` text: sections ``[1]``, ``[2]``, ... each holding one hand."""
    parts = []
    for k, state in enumerate(_hands_to_write(states, "to_phhs"), start=1):
        parts.append(f"[{k}]\n{to_phh(state)}")
    return "\n".join(parts)


def write_phhs(states: Iterable[HandState], path: str | Path) -> int:
    """Write hands to a ``.phhs`` file one at a time; returns the number written.

    The hands go to a temporary file next to ``path`` that replaces it only
    when every hand is written, so a hand that cannot be exported (a
    :class:`PHHError`) leaves no half-written file behind. A new file gets the
    usual mode (the umask applies), a replaced file keeps its mode, and a
    symbolic link is written through: its target gets the hands. No hands at
    all is refused (:class:`PHHError`), since a file with no hand is not a hand
    history that :func:`read_hands` could read back.
    """

    _validate.path(path, "write_phhs needs a file path", error=PHHError)
    hands = _hands_to_write(states, "write_phhs")
    target = Path(path)
    try:
        is_dir = target.is_dir()
    except OSError as exc:  # a name too long for the file system
        raise PHHError(f"write_phhs cannot write path {str(target)[:80]!r}: {exc.strerror or exc}") from exc
    if is_dir:
        raise PHHError(f"write_phhs needs a file path, and {str(target)!r} is a folder")
    count = 0
    try:
        with atomic_writer(target) as f:
            for count, state in enumerate(hands, start=1):
                if count > 1:
                    f.write("\n")
                f.write(f"[{count}]\n{to_phh(state)}")
            if count == 0:
                raise PHHError(
                    f"write_phhs got no hands (states is empty) for {str(target)!r}: "
                    "a .phhs file with no hand could not be read back"
                )
    except OSError as exc:
        raise PHHError(f"cannot write {str(target)!r}: {exc.strerror or exc}") from exc
    return count


# ----------------------------------------------------------------------------
# Reading
# ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _At:
    """The action at ``index`` of the actions list (its line is looked up on demand)."""

    index: int


class _Reader:
    """Line numbers for fields and action strings of one hand's TOML text."""

    def __init__(self, text: str, first_line: int, source: str) -> None:
        self.text = text
        self.first_line = first_line
        self.source = source
        self.actions = 0
        self._action_lines: list[int | None] | None = None

    def where(self, line: int | _At | None) -> str:
        if isinstance(line, _At):  # found only when an error needs it: scanning costs time
            if self._action_lines is None:
                self._action_lines = self.action_lines(self.actions)
            line = self._action_lines[line.index]
        place = f"line {line}" if line is not None else "the hand"
        return f"{self.source}, {place}" if self.source else place

    def error(self, line: int | _At | None, message: str) -> PHHError:
        return PHHError(f"{self.where(line)}: {message}")

    def field_line(self, key: str) -> int | None:
        m = re.search(rf"^[ \t]*{re.escape(key)}[ \t]*=", self.text, re.MULTILINE)
        if m is None:
            return None
        return self.first_line + self.text.count("\n", 0, m.start())

    def action_lines(self, count: int) -> list[int | None]:
        """The line of each string in the ``actions`` array (a scan that knows strings and comments)."""
        m = re.search(r"^[ \t]*actions[ \t]*=[ \t]*\[", self.text, re.MULTILINE)
        if m is None:
            return [None] * count
        text, i = self.text, m.end()
        line = self.first_line + text.count("\n", 0, i)
        lines: list[int | None] = []
        while i < len(text):
            c = text[i]
            if c == "\n":
                line += 1
            elif c == "#":
                while i < len(text) and text[i] != "\n":
                    i += 1
                continue
            elif c in "'\"":
                lines.append(line)
                i += 1
                while i < len(text) and text[i] != c:
                    if text[i] == "\\" and c == '"':
                        i += 1
                    i += 1
            elif c == "]":
                break
            i += 1
        return lines if len(lines) == count else [self.field_line("actions")] * count


MAX_NUMBER_DIGITS = 100
"""A number in a hand history has at most this many digits, is below 10**MAX_NUMBER_DIGITS and has at most
this many decimal places: far beyond any real stake, and far below Python's limit on converting digits to
an integer (4,300), so a 5,001-digit amount or a stack of ``1e400000`` is a :class:`PHHError` naming its line."""
_ANY_BIG = re.compile(rf"\d[\d_]{{{MAX_NUMBER_DIGITS // 4},}}|\d[eE][-+]?\d|0[xXoObB]")  # cheap: most files never match
_NUMBER = re.compile(
    r"(?<![\w.])[-+]?(?:0[xX][\da-fA-F_]+|0[oO][0-7_]+|0[bB][01_]+|\d[\d_]*(?:\.\d[\d_]*)?(?:[eE][-+]?\d[\d_]*)?)(?![\w.])"
)
_BASES = {"x": 16, "o": 8, "b": 2}  # TOML's hexadecimal, octal and binary integers


def _check_numbers(reader: _Reader, text: str) -> None:
    """Refuse a number out of range (see :data:`MAX_NUMBER_DIGITS`) before anything converts it."""
    if _ANY_BIG.search(text) is None:
        return
    for m in _NUMBER.finditer(text):
        token = m.group().replace("_", "")
        digits = token.lstrip("+-")
        if digits[1:2].lower() in _BASES:  # 0x..., 0o..., 0b...: int() has no digit limit for these bases
            base, body = _BASES[digits[1].lower()], digits[2:]
            ok = not body or (len(body) <= 4 * MAX_NUMBER_DIGITS and int(body, base) < 10**MAX_NUMBER_DIGITS)
            mantissa = exponent = ""  # a body of only "_" is TOML's error to report
        else:
            mantissa, _, exponent = token.lower().partition("e")
            ok = len(exponent.lstrip("+-")) <= 6 and len(mantissa) <= 2 * MAX_NUMBER_DIGITS
        if ok and mantissa:
            value = Decimal(token).as_tuple()
            assert isinstance(value.exponent, int)  # a finite number
            ok = (
                len(value.digits) <= MAX_NUMBER_DIGITS
                and len(value.digits) + value.exponent <= MAX_NUMBER_DIGITS
                and value.exponent >= -MAX_NUMBER_DIGITS
            )
        if not ok:
            line = reader.first_line + text.count("\n", 0, m.start())
            shown = token if len(token) <= 24 else f"{token[:12]}...{token[-8:]} ({len(token)} characters)"
            raise reader.error(
                line,
                f"the number {shown} is out of range: pokerlab reads numbers below 10^{MAX_NUMBER_DIGITS} "
                f"with at most {MAX_NUMBER_DIGITS} digits and decimal places",
            )


def _amount(reader: _Reader, key: str, value: Any, line: int | None) -> int | Decimal:
    """A whole or decimal amount >= 0, as the file wrote it (int or Decimal); ``inf`` only for stacks."""
    if type(value) is int:
        if value < 0:
            raise reader.error(line, f"{key} must be an amount >= 0, not {value}")
        return value
    if isinstance(value, Decimal) and value == Decimal("Infinity") and key in ("starting_stacks", "finishing_stacks"):
        return value  # an unknown stack (iPoker's hands write every stack so)
    if isinstance(value, Decimal) and value.is_infinite():
        raise reader.error(line, f"{key} holds an unknown amount (inf); only a stack may be unknown")
    if not isinstance(value, Decimal) or not value.is_finite() or value < 0:
        raise reader.error(line, f"{key} must be a finite amount of money >= 0, not {value!r}")
    return value


def _amounts(reader: _Reader, data: dict, key: str, n: int | None) -> list[int | Decimal]:
    if key not in data:
        raise reader.error(None, f"the hand has no {key!r} field")
    values = data[key]
    if not isinstance(values, list):
        raise reader.error(reader.field_line(key), f"{key} must be a list of amounts, not {values!r}")
    if n is not None and len(values) != n:
        raise reader.error(reader.field_line(key), f"{key} has {len(values)} entries for {n} players")
    if all(type(v) is int and v >= 0 for v in values):
        return values
    return [_amount(reader, key, v, reader.field_line(key)) for v in values]


def _finite(d: int | Decimal) -> bool:
    return type(d) is int or d.is_finite()  # type: ignore[union-attr]


def _places(d: int | Decimal) -> int:
    if type(d) is int or not d.is_finite():  # type: ignore[union-attr]
        return 0
    exponent = d.as_tuple().exponent  # type: ignore[union-attr]
    return max(0, -exponent) if isinstance(exponent, int) else 0


@lru_cache(maxsize=4096)
def _card_text(text: str) -> tuple[Card, ...]:
    return tuple(parse_cards(text))


def _parse_cards(reader: _Reader, line: _At, text: str, what: str) -> tuple[Card, ...]:
    try:
        return _card_text(text)
    except CardError as exc:
        raise reader.error(line, f"cannot read {what} {text!r}: {exc}") from None


@dataclass
class _Plan:
    """What a first pass over the actions learns: cards, shows and mucks."""

    holes: dict[int, tuple[Card, ...] | None] = field(default_factory=dict)
    board: list[Card] = field(default_factory=list)
    shown: dict[int, tuple[Card, ...] | None] = field(default_factory=dict)
    mucks: set[int] = field(default_factory=set)
    amounts: list[Decimal] = field(default_factory=list)


_PLAYERS = {f"p{k + 1}": k for k in range(10)}


def _player(reader: _Reader, line: _At, word: str, n: int) -> int:
    k = _PLAYERS.get(word)
    if k is not None and k < n:
        return k
    m = re.fullmatch(r"p(\d+)", word, re.ASCII)
    if m is None or not 1 <= int(m.group(1)) <= n:
        raise reader.error(line, f"unknown player {word!r} (this hand has p1..p{n})")
    return int(m.group(1)) - 1


def _plan(reader: _Reader, actions: list[str], n: int) -> _Plan:
    plan = _Plan()
    for i, raw in enumerate(actions):
        line = _At(i)
        if not isinstance(raw, str):
            raise reader.error(line, f"an action is a string, not {raw!r}")
        words = raw.split("#")[0].split()
        if not words:
            continue
        if words[0] == "d":
            if len(words) >= 2 and words[1] == "dh":
                if len(words) != 4:
                    raise reader.error(line, f"{raw!r}: deal a hole as 'd dh pN CARDS' ('????' when unknown)")
                k = _player(reader, line, words[2], n)
                if k in plan.holes:
                    raise reader.error(line, f"{raw!r}: {words[2]} was already dealt hole cards")
                if words[3] == "????":
                    plan.holes[k] = None
                elif "?" in words[3]:
                    raise reader.error(line, f"{raw!r}: partly known hole cards are not supported")
                else:
                    cards = _parse_cards(reader, line, words[3], "the hole cards")
                    if len(cards) != 2:
                        raise reader.error(line, f"{raw!r}: a hold'em hole is 2 cards, not {len(cards)}")
                    plan.holes[k] = cards
            elif len(words) >= 2 and words[1] == "db":
                if len(words) != 3:
                    raise reader.error(line, f"{raw!r}: deal the board as 'd db CARDS'")
                dealt = {0: 0, 3: 1, 4: 2}.get(len(plan.board))
                if dealt is None:
                    raise reader.error(line, f"{raw!r}: the board is already complete")
                cards = _parse_cards(reader, line, words[2], "the board")
                if len(cards) != _BOARD_SIZES[dealt]:
                    name = list(Street)[dealt + 1]
                    raise reader.error(line, f"{raw!r}: the {name} is {_BOARD_SIZES[dealt]} card(s), not {len(cards)}")
                plan.board += cards
            else:
                raise reader.error(line, f"{raw!r}: unknown dealer action (hold'em deals 'd dh' and 'd db')")
            continue
        k = _player(reader, line, words[0], n)
        if len(words) < 2:
            raise reader.error(line, f"{raw!r}: no action after the player")
        code = words[1]
        if code in ("f", "cc"):
            if len(words) != 2:
                raise reader.error(line, f"{raw!r}: {code!r} takes nothing after it")
        elif code == "cbr":
            if len(words) != 3 or not _AMOUNT.match(words[2]):
                raise reader.error(line, f"{raw!r}: 'cbr' needs one amount, e.g. 'cbr 3.50'")
            plan.amounts.append(Decimal(words[2]))
        elif code == "sm":
            if len(words) > 3:
                raise reader.error(line, f"{raw!r}: show as 'sm CARDS', 'sm -' (as dealt) or muck as 'sm'")
            if len(words) == 2:
                plan.mucks.add(k)
                plan.shown[k] = None
            elif words[2] == "????" or words[2] == "-":
                plan.shown.setdefault(k, None)
            elif "?" in words[2]:
                raise reader.error(line, f"{raw!r}: partly shown hole cards are not supported")
            else:
                cards = _parse_cards(reader, line, words[2], "the shown cards")
                if len(cards) != 2:
                    raise reader.error(line, f"{raw!r}: a hold'em hand shows 2 cards, not {len(cards)}")
                dealt_cards = plan.holes.get(k)
                if dealt_cards is not None and set(dealt_cards) != set(cards):
                    raise reader.error(line, f"{raw!r}: shows {_cards(cards)} but was dealt {_cards(dealt_cards)}")
                plan.shown[k] = cards
        else:
            raise reader.error(line, f"{raw!r}: unknown action {code!r} (hold'em has f, cc, cbr, sm)")
    missing = [f"p{k + 1}" for k in range(n) if k not in plan.holes]
    if missing:
        raise reader.error(reader.field_line("actions"), f"no 'd dh' line deals hole cards to {', '.join(missing)}")
    return plan


def load_phh(text: str, *, first_line: int = 1, source: str = "", check: bool = True) -> PHHHand:
    """Read and replay one PHH hand (see the module docstring).

    ``first_line`` is the line of ``text`` in its file and ``source`` a
    name for messages (both used by :func:`iter_phhs`). With ``check``
    (the default) a ``finishing_stacks`` field must match the replay.
    Raises :class:`PHHError` naming the line that cannot be read or played.

    The steps: the TOML text is read by :mod:`tomllib` (decimals as
    :class:`~decimal.Decimal`, so amounts stay exact); its fields are checked
    (:func:`_fields`); every amount becomes whole chips of the smallest
    decimal place written (:class:`_Chips`); the rules (:func:`_rules`) and
    the deal (:func:`_deal`) are built; the actions are replayed
    (:func:`_replay`); and the finishing stacks are compared (:func:`_check_finish`).
    """
    _check_load_arguments(text, first_line, source, check)
    reader = _Reader(text, first_line, source)
    data = _toml(reader)
    f = _fields(reader, data)
    chips = _Chips(f)
    rules, seats = _rules(reader, data, f, chips)
    state, unknown = _deal(reader, data, f, chips, rules, seats)
    _replay(reader, f.actions, state, seats, chips, rules)
    if check and f.finishing is not None:
        _check_finish(reader, f, chips, rules, state, seats, unknown)
    return PHHHand(state, seats, data, source)


def _check_load_arguments(text: object, first_line: object, source: object, check: object) -> None:
    text = _validate.text(
        text, "text", empty=True, error=PHHError, message=f"PHH text must be a str, not {type(text).__name__}"
    )
    first_line = _validate.whole(
        first_line, "first_line", lo=1, error=PHHError, message="first_line must be a line number >= 1"
    )
    _validate.text(
        source, "source", empty=True, error=PHHError, message=f"source is a name for messages (a str), not {source!r}"
    )
    _check_flag(check)
    if not text.strip():
        raise PHHError("PHH text is empty: a hand needs at least its 'variant' field")


def _toml(reader: _Reader) -> dict[str, Any]:
    """The hand's TOML fields (tomllib, decimals as Decimal); a syntax error names the line in the file.

    Numbers out of range are refused first (:func:`_check_numbers`), before anything converts them."""
    _check_numbers(reader, reader.text)
    try:
        return tomllib.loads(reader.text, parse_float=Decimal)
    except tomllib.TOMLDecodeError as exc:
        first = reader.first_line
        message = re.sub(r"line (\d+)", lambda m: f"line {int(m.group(1)) + first - 1}", str(exc))
        if "at end of document" in message:  # tomllib names no line there: the hand's last line
            last = first + reader.text.rstrip("\n").count("\n")
            message = message.replace("at end of document", f"at the end of the hand, line {last}")
        prefix = f"{reader.source}: " if reader.source else ""
        raise PHHError(f"{prefix}cannot read the PHH text: {message}") from None
    except (InvalidOperation, ValueError) as exc:
        raise reader.error(None, f"cannot read the PHH text: {exc}") from None


@dataclass
class _Fields:
    """The fields of one hand that the replay needs, checked, amounts as the file wrote them."""

    variant: str
    structure: BettingStructure
    stacks: list[int | Decimal]
    antes: list[int | Decimal]
    blinds: list[int | Decimal]
    sizes: dict[str, int | Decimal]
    finishing: list[int | Decimal] | None
    actions: list[str]
    plan: _Plan

    @property
    def n(self) -> int:
        return len(self.stacks)


def _fields(reader: _Reader, data: dict[str, Any]) -> _Fields:
    """Check the fields every hand has (variant, stacks, antes, blinds, bet sizes, actions)."""
    if "variant" not in data:
        raise reader.error(None, "the hand has no 'variant' field")
    variant = data["variant"]
    if variant not in ("NT", "FT"):
        raise reader.error(
            reader.field_line("variant"),
            f"variant {variant!r} is not Texas hold'em (pokerlab reads NT and FT)",
        )
    stacks = _amounts(reader, data, "starting_stacks", None)
    n = len(stacks)
    if not 2 <= n <= 10:
        raise reader.error(reader.field_line("starting_stacks"), f"a table seats 2 to 10 players, not {n}")
    antes = _amounts(reader, data, "antes", n)
    blinds = _amounts(reader, data, "blinds_or_straddles", n)
    structure = BettingStructure.FIXED_LIMIT if variant == "FT" else BettingStructure.NO_LIMIT
    sizes_keys = ("small_bet", "big_bet") if structure is BettingStructure.FIXED_LIMIT else ("min_bet",)
    sizes = {}
    for key in sizes_keys:
        if key not in data:
            raise reader.error(None, f"the hand has no {key!r} field")
        sizes[key] = _amount(reader, key, data[key], reader.field_line(key))
    finishing = _amounts(reader, data, "finishing_stacks", n) if "finishing_stacks" in data else None
    actions = data.get("actions")
    if not isinstance(actions, list):
        raise reader.error(reader.field_line("actions"), "the hand has no 'actions' list")
    reader.actions = len(actions)
    plan = _plan(reader, actions, n)
    if any(s == 0 for s in stacks):
        raise reader.error(reader.field_line("starting_stacks"), "every player needs a starting stack above 0")
    return _Fields(variant, structure, stacks, antes, blinds, sizes, finishing, actions, plan)


class _Chips:
    """Exact amounts: whole chips of the smallest decimal place anyone wrote (``places`` digits)."""

    def __init__(self, f: _Fields) -> None:
        everything = f.stacks + f.antes + f.blinds + list(f.sizes.values()) + (f.finishing or []) + f.plan.amounts
        self.places = max(map(_places, everything))
        self.scale = 10**self.places

    def __call__(self, d: int | Decimal) -> int:
        if type(d) is int:
            return d * self.scale
        digits, exponent = d.as_tuple().digits, d.as_tuple().exponent  # type: ignore[union-attr]
        whole = int("".join(map(str, digits)) or "0") * 10 ** (exponent + self.places)  # type: ignore[operator]
        return -whole if d < 0 else whole  # exact: Decimal arithmetic would round past 28 digits


def _rules(reader: _Reader, data: dict[str, Any], f: _Fields, chips: _Chips) -> tuple[Rules, tuple[int, ...]]:
    """The :class:`Rules` the hand was played under, and the table seat of each PHH player (``p1`` first)."""
    n = f.n
    forced = [chips(b) for b in f.blinds]
    if forced[1] <= 0:
        raise reader.error(reader.field_line("blinds_or_straddles"), "the big blind (the second entry) must be above 0")
    straddles = forced[2:]
    while straddles and straddles[-1] == 0:
        straddles.pop()
    if 0 in straddles:
        raise reader.error(reader.field_line("blinds_or_straddles"), "a straddle follows a position that posts none")
    ante_chips = [chips(a) for a in f.antes]
    uniform = len(set(ante_chips)) == 1
    seats = data.get("_pokerlab_seats", [(k + 1) % n for k in range(n)])
    if not isinstance(seats, list) or not all(type(x) is int for x in seats) or sorted(seats) != list(range(n)):
        raise reader.error(reader.field_line("_pokerlab_seats"), f"_pokerlab_seats must list the seats 0..{n - 1}")
    trimming = data.get("ante_trimming_status", False)
    if not _validate.is_bool(trimming):
        raise reader.error(reader.field_line("ante_trimming_status"), f"must be true or false, not {trimming!r}")
    finite = [chips(s) for s in f.stacks if type(s) is int or s.is_finite()]  # type: ignore[union-attr]
    known_and_stand_ins = finite + ([_unknown_stack_bound(f, chips)] if len(finite) < n else [])
    kwargs: dict[str, Any] = {
        "name": _own_field(reader, data, "_pokerlab_rules", "from PHH", str, "a name (a string)"),
        "structure": f.structure,
        "small_blind": forced[0],
        "big_blind": forced[1],
        "ante": ante_chips[0] if uniform else 0,
        "position_antes": () if uniform else tuple(ante_chips),
        "straddles": tuple(straddles),
        "dead_antes": not trimming,
        "chip_unit": Decimal(1).scaleb(-chips.places),
        "starting_stack": max(*known_and_stand_ins, forced[1] + ante_chips[0]),
        "min_players": 2,
        "max_players": 10,
        "default_players": n,
    }
    caps = data.get("_pokerlab_raise_cap")
    if caps is not None and (
        not isinstance(caps, list) or len(caps) != 4 or not all(type(c) is int and c >= 0 for c in caps)
    ):
        raise reader.error(
            reader.field_line("_pokerlab_raise_cap"),
            f"_pokerlab_raise_cap has 4 whole numbers >= 0 (0 = no cap), not {caps!r}",
        )
    if f.structure is BettingStructure.FIXED_LIMIT:
        small, big = chips(f.sizes["small_bet"]), chips(f.sizes["big_bet"])
        for key in ("small_bet", "big_bet"):
            if chips(f.sizes[key]) <= 0:
                raise reader.error(reader.field_line(key), f"{key} must be above 0, not {f.sizes[key]}")
        kwargs["bet_sizes"] = (small, small, big, big)
        kwargs["raise_cap"] = tuple(c or None for c in caps) if caps else (4, 4, 4, 4)
    else:
        min_bet = chips(f.sizes["min_bet"])
        if min_bet <= 0:
            raise reader.error(reader.field_line("min_bet"), f"min_bet must be above 0, not {f.sizes['min_bet']}")
        if min_bet % forced[1]:
            raise reader.error(
                reader.field_line("min_bet"),
                f"min_bet {f.sizes['min_bet']} is not a whole number of big blinds ({f.blinds[1]})",
            )
        kwargs["min_raise_big_blinds"] = _own_field(
            reader,
            data,
            "_pokerlab_min_raise_big_blinds",
            max(1, min_bet // forced[1]),
            int,
            "a whole number of big blinds >= 1",
        )
        kwargs["raise_cap"] = tuple(c or None for c in caps) if caps else (None, None, None, None)
    try:
        rules = Rules(**kwargs)
    except PokerlabError as exc:
        raise reader.error(reader.field_line("blinds_or_straddles"), f"the game is not playable: {exc}") from None
    return rules, tuple(seats)


def _unknown_stack_bound(f: _Fields, chips: _Chips) -> int:
    """A stand-in for an unknown (``inf``) stack: more than every chip this hand can put in, so nobody
    with it is ever all-in."""
    finite = [s for s in f.stacks if type(s) is int or s.is_finite()]  # type: ignore[union-attr]
    return sum(map(chips, finite + f.antes + f.blinds + f.plan.amounts + list(f.sizes.values()))) + 1


def _deal(
    reader: _Reader, data: dict[str, Any], f: _Fields, chips: _Chips, rules: Rules, seats: tuple[int, ...]
) -> tuple[HandState, set[int]]:
    """The hand as dealt: stacks, button, hole cards and board; and the PHH players whose stack is unknown."""
    n = f.n
    unknown = {k for k, s in enumerate(f.stacks) if type(s) is not int and s.is_infinite()}  # type: ignore[union-attr]
    bound = _unknown_stack_bound(f, chips) if unknown else 0
    holes: list[tuple[Card, ...] | None] = [None] * n
    seat_stacks = [0] * n
    for k, seat in enumerate(seats):
        holes[seat] = f.plan.holes[k] if f.plan.holes[k] is not None else f.plan.shown.get(k)
        seat_stacks[seat] = bound if k in unknown else chips(f.stacks[k])
    hand_number = data.get("_pokerlab_hand_number", 0)
    if not _validate.is_whole(hand_number) or hand_number < 0:
        hand_number = 0
    try:
        state = HandState(
            rules,
            seat_stacks,
            button=seats[-1],
            hand_number=hand_number,
            holes=holes,
            board=f.plan.board,
            mucks={seats[k] for k in f.plan.mucks},
            unknown_stacks={seats[k] for k in unknown},
        )
    except PokerlabError as exc:
        raise reader.error(reader.field_line("actions"), f"cannot deal this hand: {exc}") from None
    return state, unknown


def _replay(
    reader: _Reader, actions: list[str], state: HandState, seats: tuple[int, ...], chips: _Chips, rules: Rules
) -> None:
    """Apply every action of the file to ``state``; an action the rules refuse names its line."""
    boards_seen = 0
    showed: set[int] = set()
    for i, raw in enumerate(actions):
        line = _At(i)
        words = raw.split("#")[0].split()
        if not words or words[:2] == ["d", "dh"]:
            continue
        if words[:2] == ["d", "db"]:
            boards_seen += 1
            if len(state.board) < BOARD_SIZES[boards_seen]:
                name = list(Street)[boards_seen]
                if state.is_over:
                    raise reader.error(line, f"{raw!r}: the hand ended before the {name} (everyone else folded)")
                who = f"p{seats.index(state.actor) + 1}" if state.actor is not None else "nobody"
                raise reader.error(
                    line, f"{raw!r}: the {name} is dealt while the betting is still open; {who} is to act"
                )
            continue
        k = int(words[0][1:]) - 1
        seat = seats[k]
        code = words[1]
        if code == "sm":
            if state.actor is not None:
                raise reader.error(line, f"{raw!r}: shows or mucks while the betting is still open")
            if state.folded[seat]:
                raise reader.error(line, f"{raw!r}: {words[0]} folded; only a player still in the hand shows or mucks")
            if k in showed:
                raise reader.error(line, f"{raw!r}: {words[0]} already showed or mucked")
            showed.add(k)
            continue
        if state.is_over:
            raise reader.error(line, f"{raw!r}: the hand is already over")
        if state.actor != seat:
            who = "nobody: the betting is closed" if state.actor is None else f"p{seats.index(state.actor) + 1}"
            raise reader.error(line, f"{raw!r}: {words[0]} acts out of turn; the next to act is {who}")
        try:
            if code == "f":
                state.apply(Fold(), seat=seat)
            elif code == "cc":
                state.apply(Call() if state.to_call > 0 else Check(), seat=seat)
            else:
                state.apply(RaiseTo(chips(Decimal(words[2]))), seat=seat)
        except PokerlabError as exc:
            unit = "" if chips.places == 0 else f", amounts in chips of {rules.chip_unit}"
            raise reader.error(line, f"{raw!r}: {exc} ({words[0]} is table seat {seat}{unit})") from None


def _check_finish(
    reader: _Reader,
    f: _Fields,
    chips: _Chips,
    rules: Rules,
    state: HandState,
    seats: tuple[int, ...],
    unknown: set[int],
) -> None:
    """The file's ``finishing_stacks`` must be what the replay ends with (stacks the file knows)."""
    assert f.finishing is not None
    finishing = f.finishing
    where = reader.field_line("finishing_stacks")
    if not state.is_over:
        raise reader.error(where, "finishing_stacks is given but the actions stop before the hand ends")
    if state.undecided:
        try:
            _ = state.final_stacks
        except HiddenCardsError as exc:
            raise reader.error(where, f"finishing_stacks cannot be checked: {exc}") from None
    known = [k for k in range(f.n) if k not in unknown and _finite(finishing[k])]
    expected = [chips(finishing[k]) for k in known]
    got = [state.stacks[seats[k]] for k in known]
    if got != expected:
        show = rules.format_chips

        def listed(values: list[int]) -> str:
            shown = dict(zip(known, map(show, values), strict=True))
            return "[" + ", ".join(shown.get(k, "inf") for k in range(f.n)) + "]"

        raise reader.error(where, f"finishing_stacks says {listed(expected)} but the replay ends with {listed(got)}")


def _own_field(reader: _Reader, data: dict, key: str, default: Any, kind: type[Any], what: str) -> Any:
    """One of pokerlab's own ``_pokerlab_*`` fields, checked (a hand edited by hand may hold anything)."""
    if key not in data:
        return default
    value = data[key]
    if type(value) is not kind or (kind is int and value < 1):
        raise reader.error(reader.field_line(key), f"{key} must be {what}, not {value!r}")
    return value


def _check_flag(check: object) -> None:
    _validate.flag(check, "check", error=PHHError)


def from_phh(text: str) -> HandState:
    """Replay PHH text into a :class:`HandState` (see :func:`load_phh`, which also keeps the other fields)."""
    return load_phh(text).state


def iter_phhs(source: str | Path | IO[str], *, check: bool = True) -> Iterator[PHHHand]:
    """The hands of a ``.phhs`` file (or text, or open text file), read and replayed one at a time.

    Sections are ``[1]``, ``[2]``, ...; a file without sections is one
    hand. Errors name the section and the file's line number.
    """
    _check_flag(check)
    if isinstance(source, Path) or (isinstance(source, str) and "\n" not in source):  # PHH text spans lines
        path = Path(source)
        _require_file(path)
        yield from _iter_sections(_file_lines(path), path.name, check)
    elif isinstance(source, str):
        yield from _iter_sections(iter(source.splitlines(keepends=True)), "", check)
    else:
        _validate.protocol(source, "iter_phhs reads a path, PHH text or a text file", methods=("read",), error=PHHError)
        name = getattr(source, "name", "")
        yield from _iter_sections(_stream_lines(source, name if isinstance(name, str) else ""), name, check)


def _require_file(path: Path) -> None:
    """Refuse a path that is not a readable file (missing, a folder, a name the system cannot hold)."""
    try:
        ok = path.is_file()
    except (OSError, ValueError) as exc:  # a name too long for the file system, a NUL byte
        raise PHHError(f"no PHH file at {str(path)[:80]!r}: {exc.__class__.__name__}") from exc
    if not ok:
        raise PHHError(f"no PHH file at {str(path)[:200]!r}")


def _file_lines(path: Path) -> Iterator[str]:
    """The lines of a UTF-8 file; bytes that are not UTF-8 are a :class:`PHHError` naming their line.

    The file is read as bytes and decoded line by line, so the error names
    the exact line (a text stream decodes in blocks and would only say
    "somewhere after"). A byte-order mark at the start is dropped.
    """
    try:
        f = path.open("rb")
    except OSError as exc:
        raise PHHError(f"cannot read {path.name!r}: {exc.strerror or exc}") from exc
    with f:
        for number, raw in enumerate(f, start=1):
            try:
                line = raw.decode("utf-8")
            except UnicodeDecodeError as exc:
                raise PHHError(
                    f"{path.name}, line {number}: byte {raw[exc.start]:#04x} (column {exc.start + 1}) is not UTF-8;"
                    " PHH files are UTF-8 text"
                ) from None
            if number == 1 and line.startswith("\ufeff"):
                line = line[1:]
            if line.endswith("\r\n"):
                line = line[:-2] + "\n"
            yield line


def _stream_lines(stream: IO[str], name: str) -> Iterator[str]:
    """The lines of an open text file; a decoding error becomes a :class:`PHHError`."""
    number = 0
    try:
        for number, line in enumerate(stream, start=1):  # noqa: B007 (the count names the place of an error)
            if isinstance(line, bytes):
                raise PHHError(f"{name or 'the PHH file'} is open in binary mode; open it as text (encoding='utf-8')")
            yield line
    except UnicodeDecodeError as exc:
        raise PHHError(f"{name or 'the PHH file'}, after line {number}: not UTF-8 text ({exc.reason})") from None


def _iter_sections(lines: Iterable[str], name: str, check: bool) -> Iterator[PHHHand]:
    for chunk, start, label in _raw_sections(lines, name):
        yield _section(chunk, start, name, label, check)


def _raw_sections(lines: Iterable[str], name: str) -> Iterator[tuple[list[str], int, str]]:
    """The sections of a file as (lines, first line number, label), without reading them as PHH."""
    chunk: list[str] = []
    start, label = 1, ""
    number = 0
    for number, line in enumerate(lines, start=1):
        m = _SECTION.match(line)
        if m is None:
            chunk.append(line)
            continue
        if label or _has_content(chunk):
            yield chunk, start, label
        chunk, start, label = [], number + 1, m.group(1)
    if label or _has_content(chunk):
        yield chunk, start, label
    elif number == 0:
        raise PHHError(f"{name or 'the PHH text'} is empty")


def _has_content(chunk: list[str]) -> bool:
    """Anything but blank lines and comments (a file's heading comment is not a hand)."""
    return any(line.strip() and not line.lstrip().startswith("#") for line in chunk)


def _section(chunk: list[str], start: int, name: str, label: str, check: bool) -> PHHHand:
    source = ", ".join(x for x in (name, f"hand [{label}]" if label else "") if x)
    return load_phh("".join(chunk), first_line=start, source=source, check=check)


def read_hand(path: str | Path, number: int = 1, *, check: bool = True) -> PHHHand:
    """Hand ``number`` (1 = the first) of a ``.phh`` or ``.phhs`` file; the other hands are not replayed."""
    _validate.path(path, "read_hand needs a file path", error=PHHError)
    number = _validate.whole(number, "number", lo=1, error=PHHError, message="the hand number counts from 1")
    _check_flag(check)
    if not str(path).strip():
        raise PHHError("read_hand needs a file path, not an empty one")
    p = Path(path)
    _require_file(p)
    count = 0
    for count, (chunk, start, label) in enumerate(_raw_sections(_file_lines(p), p.name), start=1):
        if count == number:
            return _section(chunk, start, p.name, label, check)
    raise PHHError(f"{p.name} holds {count} hand(s); there is no hand {number}")


def read_hands(path: str | Path, *, check: bool = True) -> Iterator[PHHHand]:
    """The hands of a ``.phh`` or ``.phhs`` file (lazily)."""
    _validate.path(path, "read_hands needs a file path", error=PHHError)
    return iter_phhs(Path(path), check=check)


# HandState.to_phh / HandState.from_phh hand over to these (pokerlab.game._hooks).
_hooks.provide("to_phh", to_phh)
_hooks.provide("from_phh", from_phh)
