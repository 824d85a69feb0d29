"""BigHoldem's setup: the fields of its rules page, read as a person types them.

:func:`validate_setup` turns raw field values (text as typed, or numbers
from Python) into a checked :class:`BigHoldemSetup`, or gives one message
per wrong field. Whole numbers are digits, with "," or "_" between
thousands allowed (``" 1,000 "``); ``"1e3"``, ``"2.5"`` where a whole number
is asked, an empty field and a comma that does not separate thousands
(``"4,0"``) are refused, never guessed. *time* and *timer*
take a decimal point (``"2.5"`` minutes). A name is 1-20 printable
characters, "O'Brien" and "Tom & Jerry" included (views escape it); ``#`` is
kept for the bots' seat names; an empty name is watch mode, a name of spaces
only is refused (a slip, not a choice).

>>> setup, errors = validate_setup(name="O'Brien", players="6", starting_money="1e3")
>>> setup, sorted(errors)
(None, ['starting_money'])
>>> validate_setup(name="O'Brien", players="6")[0].players
6
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from pokerlab import _validate, bots
from pokerlab._validate import has_visible
from pokerlab.apps.base import parse_amount, too_many_digits
from pokerlab.game import BIGHOLDEM, BettingStructure, Rules

__all__ = ["MAX_NAME", "BigHoldemSetup", "validate_setup"]

MAX_NAME = 20
_DECIMAL = re.compile(r"^\d{1,6}(\.\d{1,3})?$")


@dataclass(frozen=True)
class BigHoldemSetup:
    """A checked game setup (build one with :func:`validate_setup`)."""

    name: str = ""
    players: int = 10
    hands: int = 50
    minutes: float = 30.0
    raises_per_phase: int = 3
    starting_money: int = 1000
    unit: str = "€"
    timer: float = 0.4
    ante: bool = False
    limit: bool = False
    show_probability: bool = False
    seat_bots: tuple[str, ...] = ("phase2",) * 10

    @property
    def watch(self) -> bool:
        return self.name == ""

    def rules(self) -> Rules:
        """BigHoldem's rules with these settings (blinds 5/10, the ante one 5-chip; limit bets 10/10/20/20).

        *raises per phase* counts RAISEs only, as BigHoldem's page names BET and RAISE apart: N raises
        may follow the big blind (before the flop) or the opening bet (after it), so the rules' cap on
        bets and raises per street is N + 1 (:func:`_raise_cap_for`). Heads-up, the seat left of the
        dealer posts the small blind (``Rules.heads_up_reverse_blinds`` is False), as the page says.
        """

        cap = _raise_cap_for(self.raises_per_phase)
        chip = BIGHOLDEM.metadata.get("minimum_chip", BIGHOLDEM.small_blind)
        return BIGHOLDEM.with_(
            structure=BettingStructure.FIXED_LIMIT if self.limit else BettingStructure.NO_LIMIT,
            bet_sizes=(10, 10, 20, 20) if self.limit else None,
            raise_cap=cap,
            starting_stack=self.starting_money,
            ante=chip if self.ante else 0,
            default_players=self.players,
        )


def _raise_cap_for(raises_per_phase: int) -> tuple[int | None, int | None, int | None, int | None]:
    """The rules' ``raise_cap`` (bets *and* raises per street) for BigHoldem's "raises per phase" (0 = no cap).

    The blind before the flop, and the opening bet after it, are not raises:

    >>> _raise_cap_for(3), _raise_cap_for(1), _raise_cap_for(0)
    ((4, 4, 4, 4), (2, 2, 2, 2), (None, None, None, None))
    """
    raises_per_phase = _validate.whole(
        raises_per_phase, "raises_per_phase", lo=0, message="raises per phase is a whole number >= 0 (0 = unlimited)"
    )
    cap = raises_per_phase + 1 if raises_per_phase else None
    return (cap, cap, cap, cap)


# field: (low, high, whole number?)
_RANGES: dict[str, tuple[float, float, bool]] = {
    "players": (2, 10, True),
    "hands": (1, 10_000, True),
    "minutes": (0.5, 600, False),
    "raises_per_phase": (0, 10, True),
    "starting_money": (100, 1_000_000, True),
    "timer": (0, 5, False),
}


def _number(raw: Any, lo: float, hi: float, whole: bool) -> tuple[float | int | None, str]:
    """A number from a field as a person typed it, or None and why not."""
    kind = "a whole number" if whole else "a number"
    what = f"{kind} from {_readable(lo)} to {_readable(hi)}"
    if _validate.is_bool(raw) or raw is None:
        return None, f"required: {what}"
    if _validate.is_number(raw):
        value: float | int = raw
        if value != value or value in (float("inf"), float("-inf")):
            return None, f"{what}, not {raw}"
        if whole and value != int(value):
            return None, f"{what}, not {raw}"
    elif isinstance(raw, str):
        text = raw.strip()
        if not text:
            return None, f"required: {what}"
        parsed = parse_amount(text) if whole else (float(text) if _DECIMAL.match(text) else None)
        if parsed is None and whole and too_many_digits(text):
            shown = text if len(text) <= 30 else text[:29] + "\u2026"
            return None, f"must be from {_readable(lo)} to {_readable(hi)}, not {shown}"  # digits beyond 12
        if parsed is None:
            hint = " (write the digits only)" if re.fullmatch(r"[\d.,]+e[+-]?\d+", text.lower()) else ""
            shown = text if len(text) <= 30 else text[:29] + "\u2026"  # a pasted page is not echoed whole
            return None, f"{what}, not {shown!r}{hint}"
        value = parsed
    else:
        return None, f"{what}, not {raw!r}"
    if not lo <= value <= hi:
        shown = _readable(value) if abs(value) < 1e15 else "a number that large"
        return None, f"must be from {_readable(lo)} to {_readable(hi)}, not {shown}"
    return (int(value) if whole else float(value)), ""


def _readable(x: float) -> str:
    """A number as a person writes it: thousands separated, never in exponent form (1000000 -> "1,000,000").

    >>> _readable(1_000_000), _readable(0.5), _readable(2.0), _readable(1234.5)
    ('1,000,000', '0.5', '2', '1,234.5')
    """
    return f"{int(x):,}" if x == int(x) else f"{x:,.3f}".rstrip("0")


def validate_setup(**values: Any) -> tuple[BigHoldemSetup | None, dict[str, str]]:
    """A setup from raw field values (text as typed, or numbers), or None and a message for every wrong field."""

    known = set(BigHoldemSetup.__dataclass_fields__)
    errors: dict[str, str] = {}
    for key in values:
        if key not in known:
            errors[key] = f"unknown setup field {key!r}"
    name = values.get("name", "")
    if name is None:
        name = ""
    if not isinstance(name, str):
        errors["name"] = f"a name is text, not {name!r}"
        name = ""
    typed = name
    name = " ".join(name.split())
    if typed and not has_visible(name):  # spaces or blanks only: a slip, not a wish to watch
        errors["name"] = (
            "a name with no visible character: type a name, or leave the field empty to watch the bots play"
        )
    elif len(name) > MAX_NAME:
        errors["name"] = f"at most {MAX_NAME} characters (this one has {len(name)})"
    elif not name.isprintable():
        errors["name"] = "only printable characters in a name"
    elif "#" in name:
        errors["name"] = "'#' is kept for the bots' seat names"
    clean: dict[str, Any] = {"name": name}
    for key, (lo, hi, whole) in _RANGES.items():
        value, why = _number(values.get(key, getattr(BigHoldemSetup, key)), lo, hi, whole)
        if why:
            errors[key] = why
        else:
            clean[key] = value
    unit = values.get("unit", BigHoldemSetup.unit)
    if (
        not isinstance(unit, str)
        or not 1 <= len(unit.strip()) <= 8
        or not unit.strip().isprintable()
        or not has_visible(unit)  # a filler or blank unit would leave every amount looking unitless
    ):
        errors["unit"] = "a money unit of 1 to 8 characters, at least one visible, such as € or EUR"
    else:
        clean["unit"] = unit.strip()
    flags: dict[str, Any] = {}
    for key in ("ante", "limit", "show_probability"):
        flag = values.get(key, getattr(BigHoldemSetup, key))
        if not _validate.is_bool(flag):
            errors[key] = f"on or off (True or False), not {flag!r}"
        flags[key] = bool(flag)
    seat_bots = values.get("seat_bots", BigHoldemSetup.seat_bots)
    if isinstance(seat_bots, str) or not hasattr(seat_bots, "__iter__"):
        errors["seat_bots"] = f"one bot name per seat, not {seat_bots!r}"
        seat_bots = ()
    seat_bots = tuple(seat_bots)
    unknown = [b for b in seat_bots if b not in bots.names()]
    if unknown:
        errors["seat_bots"] = f"unknown bots {', '.join(map(str, unknown))}"
    elif "players" in clean and len(seat_bots) < clean["players"]:
        errors["seat_bots"] = f"a bot for each of the {clean['players']} seats (only {len(seat_bots)} given)"
    if errors:
        return None, errors
    return BigHoldemSetup(seat_bots=seat_bots, **flags, **clean), {}
