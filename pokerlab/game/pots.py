"""Pot splitting: main and side pots, who may win each, and how the chips divide.

These are plain functions over seats and numbers, so a lesson or a test can
use them without playing a hand. :class:`~pokerlab.game.state.HandState`
calls them when betting ends (after an uncalled excess has gone back).

The rules, as in pokerkit and the hand histories it writes:

* one pot per all-in level: each holds what every seat put in up to that
  level, and only live seats that put in that much may win it; dead antes
  go to the main pot and chips above every live seat to the last pot;
* a hand that wins no pot is mucked, and neighbouring pots left with the
  same contenders are merged before they are split;
* **odd chips**: the chips left over when a pot does not divide evenly all
  go to the first winner after the button.

>>> pots = side_pots(paid=[100, 40, 100], live=[0, 1, 2], seat_order=[1, 2, 0])
>>> pots
[(120, (1, 2, 0)), (120, (2, 0))]
>>> [(p.amount, p.winners, p.shares) for p in award_pots(pots, {0: 5, 1: 9, 2: 5}, live=[0, 1, 2])]
[(120, (1,), (120,)), (120, (2, 0), (60, 60))]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from pokerlab import _validate
from pokerlab._validate import whole
from pokerlab.errors import ParameterError

__all__ = ["PotShare", "award_pots", "side_pots", "split_chips"]


@dataclass(frozen=True)
class PotShare:
    """One pot after the showdown: ``amount`` chips paid as ``shares[i]`` to ``winners[i]``.

    ``eligible`` are the seats that could claim it; ``winners`` is empty (and
    the pot undecided) when only hidden hole cards could decide it.
    """

    amount: int
    winners: tuple[int, ...]
    shares: tuple[int, ...]
    eligible: tuple[int, ...]


def _seats(value: Any, name: str, n: int | None = None) -> list[int]:
    """A sequence of seat numbers (or chip amounts when ``n`` is None: then any whole numbers >= 0)."""
    _validate.instance(value, Sequence, f"{name} must be a list of whole numbers")
    hi = None if n is None else n - 1
    return [whole(v, f"{name}[{i}]", lo=0, hi=hi) for i, v in enumerate(value)]


def side_pots(
    paid: Sequence[int], live: Sequence[int], seat_order: Sequence[int], dead: int = 0
) -> list[tuple[int, tuple[int, ...]]]:
    """The main pot and side pots as ``(amount, eligible seats)``, one per all-in level of the live seats.

    ``paid[s]`` is what seat ``s`` put in (after any uncalled excess went back),
    ``live`` the seats that did not fold, ``seat_order`` all seats starting after
    the button (eligible seats are listed in that order), ``dead`` chips that
    belong to the main pot and to no seat (dead antes).
    """
    paid = _seats(paid, "paid")
    if not paid:
        raise ParameterError("paid must give what each seat put in, not an empty list")
    try:
        live = _seats(live, "live", len(paid))
        seat_order = _seats(seat_order, "seat_order", len(paid))
    except ParameterError as exc:  # a seat beyond paid: either list may be the wrong one
        raise ParameterError(f"{exc} (paid lists {len(paid)} seats)") from None
    dead = whole(dead, "dead", lo=0)
    if not live:
        raise ParameterError("live must name at least one seat that did not fold")
    return _side_pots(paid, live, seat_order, dead)


def _side_pots(
    paid: Sequence[int], live: Sequence[int], seat_order: Sequence[int], dead: int
) -> list[tuple[int, tuple[int, ...]]]:
    """:func:`side_pots` on arguments known to be good (the hand state's own numbers), so unchecked."""
    pots: list[tuple[int, tuple[int, ...]]] = []
    prev = 0
    levels = sorted({paid[s] for s in live})
    for i, level in enumerate(levels):
        amount = sum(min(t, level) - min(t, prev) for t in paid)
        if i == 0:
            amount += dead
        if i == len(levels) - 1:
            amount += sum(max(t - level, 0) for t in paid)  # dead chips above every live player
        prev = level
        if amount:
            pots.append((amount, tuple(s for s in seat_order if s in live and paid[s] >= level)))
    return pots


def split_chips(amount: int, winners: Sequence[int]) -> tuple[int, ...]:
    """Equal shares of ``amount`` for ``winners``; the odd chips go to the first winner.

    >>> split_chips(101, (3, 5))
    (51, 50)
    """
    amount = whole(amount, "amount", lo=0)
    _validate.instance(winners, Sequence, "winners must be a non-empty list of seats", check=bool)
    return _split(amount, len(winners))


def _split(amount: int, ways: int) -> tuple[int, ...]:
    """:func:`split_chips` for ``ways`` winners, unchecked."""
    share, odd = divmod(amount, ways)
    return tuple(share + (odd if i == 0 else 0) for i in range(ways))


def award_pots(
    pots: Sequence[tuple[int, tuple[int, ...]]], values: Mapping[int, int | None], live: Sequence[int]
) -> list[PotShare]:
    """Decide every pot from the showdown values.

    ``values[s]`` is seat ``s``'s hand value (higher wins) or ``None`` when its
    cards are hidden; a live seat missing from ``values`` has mucked. With one
    live seat it wins everything; when every contender mucked, the last to
    muck keeps the pot.
    """
    live = _seats(live, "live")
    if not live:
        raise ParameterError("live must name at least one seat that did not fold")
    _validate.instance(values, Mapping, "values must map seats to hand values (or None)")
    for seat, v in values.items():
        if v is not None:
            whole(v, f"values[{seat!r}]")
    _validate.instance(pots, Sequence, "pots must be a list of (amount, eligible seats)")
    checked = []
    for i, pot in enumerate(pots):
        _validate.instance(
            pot, Sequence, f"pots[{i}] must be (amount, eligible seats)", check=lambda pot: len(pot) == 2
        )
        eligible = tuple(_seats(pot[1], f"pots[{i}] eligible"))
        if not eligible:
            raise ParameterError(f"pots[{i}] has no eligible seat")
        checked.append((whole(pot[0], f"pots[{i}] amount", lo=0), eligible))
    return _award_pots(checked, values, live)


def _award_pots(
    pots: Sequence[tuple[int, tuple[int, ...]]], values: Mapping[int, int | None], live: Sequence[int]
) -> list[PotShare]:
    """:func:`award_pots` on arguments known to be good (the hand state's own numbers), so unchecked."""

    def winners_of(eligible: tuple[int, ...]) -> tuple[int, ...] | None:
        """The winners, or None when a hidden hand could change them."""
        if len(live) == 1:
            return eligible
        claim = [s for s in eligible if s in values]
        if not claim:
            return (eligible[-1],)
        if len(claim) == 1:
            return (claim[0],)
        shown = [values[s] for s in claim]
        if any(v is None for v in shown):
            return None
        best = max(v for v in shown if v is not None)
        return tuple(s for s in claim if values[s] == best)

    contenders = {s for _, eligible in pots for s in (winners_of(eligible) or eligible)}
    merged: list[tuple[int, tuple[int, ...], tuple[int, ...]]] = []
    for amount, eligible in pots:
        key = tuple(s for s in eligible if s in contenders)
        if merged and merged[-1][1] == key:
            merged[-1] = (merged[-1][0] + amount, key, merged[-1][2])
        else:
            merged.append((amount, key, eligible))
    result = []
    for amount, key, eligible in merged:
        winners = winners_of(key)
        if winners is None:
            result.append(PotShare(amount, (), (), eligible))
        else:
            result.append(PotShare(amount, winners, _split(amount, len(winners)), eligible))
    return result
