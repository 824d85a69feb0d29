"""A postflop spot's arguments, read and checked once: what :func:`pokerlab.solve.postflop` and
:func:`pokerlab.solve.postflop_actions` take, as a :class:`_Spec`.

:func:`_spec` parses the board (4 cards: a turn, 5: a river) and both ranges (combinations holding a board card
dropped; a range left empty, or two ranges with no pair of hands that share no card, refused), the chips, the
sizes (:mod:`pokerlab.solve._postflop_sizes`; a per-street mapping that names no street of the spot is refused)
and the solve's settings (``target``, ``max_iterations``, ``threads``, ``algorithm``, ``progress``,
``isomorphism``), each through :mod:`pokerlab._validate`, so a bad argument raises a
:class:`~pokerlab.errors.PokerlabError` naming it before anything is built. ``text`` keeps the board and ranges
as the caller wrote them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

from pokerlab import _validate
from pokerlab.cards import Card, combo_cards, format_cards, parse_named
from pokerlab.errors import CardCountError, ParameterError, RangeError
from pokerlab.ranges import Range
from pokerlab.solve._postflop_sizes import STREETS, _per_street, _Size

ALGORITHMS = ("dcfr", "cfr+")

Algorithm = Literal["dcfr", "cfr+"]
"""What ``algorithm`` takes: discounted CFR or CFR+."""


@dataclass(frozen=True)
class _Spec:
    board: tuple[Card, ...]
    ranges: tuple[Range, Range]
    pot: int
    stack: int
    bets: list[dict[str, tuple[_Size, ...]]]
    raises: list[dict[str, tuple[_Size, ...]]]
    target: float
    max_iterations: int
    threads: int | None
    algorithm: Algorithm
    progress: bool
    text: tuple[Any, ...]
    isomorphism: bool = True


def _spec(
    board: Any,
    oop: Any,
    ip: Any,
    pot: Any,
    stack: Any,
    bets: Any,
    raises: Any,
    ip_bets: Any,
    ip_raises: Any,
    target: Any,
    max_iterations: Any,
    threads: Any,
    algorithm: Any,
    progress: Any,
    isomorphism: Any = True,
) -> _Spec:
    cards = parse_named(board, "board")
    if len(cards) not in (4, 5):
        raise CardCountError(
            f"the board must have 4 cards (the turn) or 5 (the river), not {len(cards)}: {format_cards(cards)}"
        )
    rs = []
    for name, r in (("oop", oop), ("ip", ip)):
        try:
            rng = Range.parse(r)
        except RangeError as exc:
            raise type(exc)(f"{name}: {exc}") from None
        try:
            rng = rng.without(cards)
        except RangeError:
            raise RangeError(
                f"the {name} range {str(rng)!r} holds no combination without a board card ({format_cards(cards)})"
            ) from None
        rs.append(rng)
    pot_ = _validate.whole(pot, "pot", lo=1)
    stack_ = _validate.whole(stack, "stack", lo=0)
    b0 = _per_street(bets, "bets", raise_=False)
    r0 = _per_street(raises, "raises", raise_=True)
    b1 = b0 if ip_bets is None else _per_street(ip_bets, "ip_bets", raise_=False)
    r1 = r0 if ip_raises is None else _per_street(ip_raises, "ip_raises", raise_=True)
    for nm, v in (("bets", bets), ("raises", raises), ("ip_bets", ip_bets), ("ip_raises", ip_raises)):
        # a street a mapping does not name has no bets; a mapping naming no street of the spot is a mistake
        if isinstance(v, Mapping) and not any(st in v for st in STREETS[len(cards) - 4 :]):
            raise ParameterError(
                f"{nm}: {dict(v)!r} names no street of this {STREETS[len(cards) - 4]} spot "
                "(a street left out has no bets)"
            )
    tgt = _validate.real(
        target,
        "target",
        lo=0.0,
        hi=0.1,
        message="target is a fraction of the pot from 0 to 0.1 (0.003 is 0.3 %; the command line's --target "
        "takes the percentage 0.3)",
    )
    its = _validate.whole(max_iterations, "max_iterations", lo=1, hi=10**9)  # the kernel counts in 64 bits
    th = None if threads is None else _validate.whole(threads, "threads", lo=1)
    alg = _validate.choice(algorithm, "algorithm", ALGORITHMS)
    prog = _validate.flag(progress, "progress")
    ids = [{c.id for c in combo_cards(i)} for i, _ in rs[0].entries]
    other = [{c.id for c in combo_cards(i)} for i, _ in rs[1].entries]
    if not any(not (a & b) for a in ids for b in other):  # stops at the first pair that can be dealt
        raise RangeError("the two ranges have no pair of hands that share no card")
    iso = _validate.flag(isomorphism, "isomorphism")
    return _Spec(
        cards, (rs[0], rs[1]), pot_, stack_, [b0, b1], [r0, r1], tgt, its, th, alg, prog, (board, oop, ip), iso
    )
