"""The postflop solver's decisions as :class:`~pokerlab.solve.games.DecisionPoint`: one game interface.

Kuhn's and Leduc's information sets (:mod:`pokerlab.solve.games`) and the decision nodes of a solved turn
or river spot (:func:`pokerlab.solve.postflop`) offer a bot or a lesson the same small protocol:

``key``
    the decision's name; here the line, its labels joined by ``", "`` (``"check, bet 50"``), which every
    :class:`~pokerlab.solve.postflop.PostflopSolution` method takes back as a line.
``player``
    who acts: 0 (OOP, first to act on every street) or 1 (IP).
``actions``
    the legal actions in the solver's own labels, exactly :meth:`PostflopSolution.actions` at the node.
``paid``
    the chips each player has put in before this decision, since the spot began.
``pot``
    every chip in the middle: the spot's starting ``pot`` plus ``sum(paid)``.
``to_call``
    what the player to act must add to match the other (0: a check is free).

A postflop node is *public*: each holding of the acting player makes its own information set at it (the
solution's :meth:`~PostflopSolution.strategy` gives one strategy per combination), and they all share these
chips. The chips are the solver's own: each node of its betting tree holds what each player has put in since
the spot began, and a river card (on a turn spot) starts a new street, at the chips its chance node holds,
with OOP to act. Nothing is re-derived from the labels' text.

>>> from pokerlab import solve
>>> from pokerlab.solve.games import DecisionPoint
>>> s = solve.postflop("Ks 7d 4c 2h 2s", "AA, 65s", "KQ, QJ", pot=100, stack=100,
...                    bets="50%", raises="a", progress=False, max_iterations=20)
>>> d = s.decision(("bet 50",))  # the same as decision_point(s, ("bet 50",))
>>> isinstance(d, DecisionPoint), d.key, d.player, d.actions, d.paid, d.pot, d.to_call, d.street
(True, 'bet 50', 1, ('fold', 'call', 'allin 100'), (50, 0), 150, 50, <Street.RIVER: 'river'>)

This module reads the solver's betting tree (the nodes' ``put``, ``player`` and ``labels``), not its
strategies, so the compiled arrays can change shape without the protocol changing.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from pokerlab import _validate
from pokerlab.cards import Card
from pokerlab.errors import CardError, IllegalActionError, ParameterTypeError
from pokerlab.solve.postflop import _CHANCE, _DECISION, PostflopSolution, _match
from pokerlab.streets import Street

__all__ = ["PostflopDecision", "decision_point", "decision_points"]


@dataclass(frozen=True)
class PostflopDecision:
    """One decision node of a solved postflop spot, as a :class:`~pokerlab.solve.games.DecisionPoint`.

    ``line`` is the labels from the root as the solver spells them, ``street`` :attr:`Street.TURN
    <pokerlab.streets.Street>` or ``Street.RIVER`` (equal to ``"turn"``, ``"river"``),
    ``street_paid`` what each player has put in on this street, ``behind`` the chips the player to act has
    left.
    """

    line: tuple[str, ...]
    player: int
    actions: tuple[str, ...]
    paid: tuple[int, int]
    street_paid: tuple[int, int]
    street: Street
    start_pot: int
    behind: int

    @property
    def key(self) -> str:
        """The line, labels joined by ``", "`` (``""`` at the root); a solution method takes it as a line."""
        return ", ".join(self.line)

    @property
    def pot(self) -> int:
        """The chips in the middle: the spot's starting pot and everything put in since."""
        return self.start_pot + self.paid[0] + self.paid[1]

    @property
    def to_call(self) -> int:
        """What the player to act must add to match the other's chips on this street (0: checking is free)."""
        return self.street_paid[1 - self.player] - self.street_paid[self.player]


def _card(label: str) -> Card | None:
    try:
        return Card.parse(label)
    except CardError:
        return None


def _labels(line: Any) -> list[str]:
    if isinstance(line, str):
        parts = [x for x in line.split(",") if x.strip()]
    elif isinstance(line, Sequence):
        parts = list(line)
    else:
        raise IllegalActionError(f"a line is a tuple of action labels such as ('check', 'bet 100'), not {line!r:.60}")
    if not all(isinstance(x, str) for x in parts):
        raise IllegalActionError(f"line labels are text such as 'check' or 'bet 100', not {line!r:.60}")
    return [" ".join(x.strip().lower().split()) for x in parts]


def _pick(label: str, options: tuple[str, ...], done: list[str]) -> str:
    """The option ``label`` names (the solver's spelling): exact, ``"allin"`` alone, the same amount written
    another way (``"bet 50.0"``) or a card in any case."""
    i = _match(label, [opt.lower() for opt in options])  # the solver's own matching of a line's labels
    if i >= 0:
        return options[i]
    card = _card(label)
    for opt in options:
        if card is not None and _card(opt) == card:
            return opt
    raise IllegalActionError(
        f"line: {label!r} is not an option after {tuple(done)}; the options are {', '.join(options)}"
    )


def decision_point(solution: PostflopSolution, line: Any = ()) -> PostflopDecision:
    """The decision at ``line`` (labels from the root, a tuple or one comma-separated text) of ``solution``.

    Raises :class:`~pokerlab.errors.IllegalActionError` for a label that is not an option, or a line that
    ends where no one acts (a fold, the end of the hand, or a river card still to come).
    """
    if not isinstance(solution, PostflopSolution):
        raise ParameterTypeError(f"solution must be a PostflopSolution (from solve.postflop), not {solution!r:.60}")
    g = solution._game
    node, street, start = g.root, Street.TURN, (0, 0)  # start: the chips put in when this street began
    if g.river_game:  # a river spot's root is a chance node whose one subtree is the river's betting
        assert node.tmpl is not None
        node, street = node.tmpl, Street.RIVER
    done: list[str] = []
    for label in _labels(line):
        if node.kind == _CHANCE:  # the river card: a new street at the chips the turn ended with, OOP first
            done.append(_pick(label, tuple(str(Card(c)) for c in g.slots), done))
            assert node.tmpl is not None
            node, street, start = node.tmpl, Street.RIVER, node.put
        elif node.kind == _DECISION:
            chosen = _pick(label, tuple(node.labels), done)
            done.append(chosen)
            node = node.kids[node.labels.index(chosen)]
        else:
            raise IllegalActionError(f"line: the hand is over after {tuple(done)}")
    if node.kind != _DECISION:
        raise IllegalActionError(f"line: no one acts after {tuple(done)}")
    put = node.put
    return PostflopDecision(
        line=tuple(done),
        player=node.player,
        actions=tuple(node.labels),
        paid=put,
        street_paid=(put[0] - start[0], put[1] - start[1]),
        street=street,
        start_pot=solution.pot,
        behind=solution.stack - put[node.player],
    )


def decision_points(solution: PostflopSolution, *, cards: int | None = None) -> Iterator[PostflopDecision]:
    """Every decision of ``solution``, depth first from the root; on a turn spot only the first ``cards``
    river cards are followed (None: all of them). The arguments are checked at the call, before any walk."""
    if not isinstance(solution, PostflopSolution):
        raise ParameterTypeError(f"solution must be a PostflopSolution (from solve.postflop), not {solution!r:.60}")
    if cards is not None:
        cards = _validate.whole(cards, "cards", lo=1)

    def walk(line: tuple[str, ...]) -> Iterator[PostflopDecision]:
        options = solution.actions(line)
        if not options:
            return
        if _card(options[0]) is not None:
            for opt in options[:cards] if cards is not None else options:
                yield from walk((*line, opt))
            return
        yield decision_point(solution, line)
        for opt in options:
            yield from walk((*line, opt))

    return walk(())
