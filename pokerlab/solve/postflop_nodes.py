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

from collections.abc import Iterator

from pokerlab import _validate
from pokerlab.cards import Card
from pokerlab.errors import CardError
from pokerlab.solve.postflop import Line, PostflopDecision, PostflopSolution

__all__ = ["PostflopDecision", "decision_point", "decision_points"]


def _card(label: str) -> Card | None:
    try:
        return Card.parse(label)
    except CardError:
        return None


def decision_point(solution: PostflopSolution, line: Line = ()) -> PostflopDecision:
    """The decision at ``line`` (labels from the root, a tuple or one comma-separated text) of ``solution``.

    Raises :class:`~pokerlab.errors.IllegalActionError` for a label that is not an option, or a line that
    ends where no one acts (a fold, the end of the hand, or a river card still to come).
    """
    _validate.instance(solution, PostflopSolution, "solution must be a PostflopSolution (from solve.postflop)")
    return solution.decision(line)


def decision_points(solution: PostflopSolution, *, cards: int | None = None) -> Iterator[PostflopDecision]:
    """Every decision of ``solution``, depth first from the root; on a turn spot only the first ``cards``
    river cards are followed (None: all of them). The arguments are checked at the call, before any walk."""
    _validate.instance(solution, PostflopSolution, "solution must be a PostflopSolution (from solve.postflop)")
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
