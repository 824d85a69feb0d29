"""Reading a postflop solution as a student does: the 13x13 grid of action mixes, each action's EV, a drill.

A :class:`~pokerlab.solve.postflop.PostflopSolution` answers per combination (``"AhKd"``). This module
groups its answers the way solver users read them and the way lesson 12 teaches them:

* :func:`class_mix_frame` -- one row per starting-hand class held by the player to act at a node: the
  class's share of each action (combinations weighted by how often they reach the node and by card
  removal against the opponent's range there), its EV and its equity; the frame the 13x13 strategy grid
  (:func:`pokerlab.charts.postflop_strategy`) and :class:`pokerlab.widgets.PostflopExplorer` draw.
* :func:`action_evs` -- each combination's EV of *every* action at a node, also of the actions the
  equilibrium never takes with it (what a drill needs to score a mistake).
* :class:`PostflopQuiz` -- the river trainer behind :class:`pokerlab.widgets.PostflopDrill` and
  ``pokerlab drill --postflop``: it deals a combination from the range at a node, you choose an action,
  and it scores the EV you gave up against the solution, showing the equilibrium's mix.

>>> from pokerlab.solve.postflop_spots import load_spot
>>> sol = load_spot("bluff_catcher")
>>> quiz = PostflopQuiz(sol, seed=3)
>>> hand = quiz.deal()
>>> done = quiz.answer(hand.actions[0])
>>> done.lost >= 0
True
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

import numpy as np

from pokerlab import _validate
from pokerlab.cards import Card, HandClass
from pokerlab.errors import CardError, IllegalActionError, ParameterError
from pokerlab.solve._quiz import ScoredQuiz
from pokerlab.solve.postflop import _DECISION, Line, Player, PostflopSolution, _labels_of, plain_values

if TYPE_CHECKING:  # pragma: no cover
    import pandas as pd

__all__ = ["PostflopDrillHand", "PostflopQuiz", "action_evs", "class_mix_frame", "class_of", "player_to_act"]

RANKS = "AKQJT98765432"


def _check(solution: Any) -> PostflopSolution:
    _validate.instance(solution, PostflopSolution, "solution must be a PostflopSolution from solve.postflop()")
    return solution


def class_of(combo: str) -> str:
    """The starting-hand class of a combination: ``class_of("AhKh") == "AKs"``."""
    text = _validate.text(combo, "combo")
    if len(text) != 4:
        raise CardError(f"combo is two cards such as 'AhKh', not {text!r:.40}")
    return HandClass.of(Card.parse(text[:2]), Card.parse(text[2:])).name


def _cell(name: str) -> tuple[str, str]:
    """(row rank, column rank) on the solver grid: pairs on the diagonal, suited above it, offsuit below."""
    hi, lo = name[0], name[1]
    if len(name) == 2 or name.endswith("s"):
        return hi, lo
    return lo, hi


def player_to_act(solution: PostflopSolution, line: Line = ()) -> Player:
    """``"oop"`` or ``"ip"``: who acts at the decision ``line`` reaches."""
    w = _check(solution)._where(line)
    if w.node.kind != _DECISION:
        raise IllegalActionError(f"no one acts after {tuple(_labels_of(line))}")
    return ("oop", "ip")[w.node.player]


def _node_numbers(solution: PostflopSolution, line: Any) -> tuple[Any, np.ndarray, np.ndarray, np.ndarray, int]:
    """(where, sigma [actions x hands], reach of the actor, opponent mass per hand, actor)."""
    w, sig = solution._decision(line)
    q = w.node.player
    return w, sig, w.reach[q], solution._mass(w, q), q


def action_evs(solution: PostflopSolution, line: Line = ()) -> dict[str, dict[str, float]]:
    """Action -> combination -> the actor's EV (chips, as :meth:`PostflopSolution.ev`) of taking that action
    at the node, for every combination that reaches the node, including actions the solution never takes
    with it.

    After the action the opponent follows the solution and the actor plays its best reply. For the actions
    the solution takes that is the solution's own value (a best reply to an equilibrium gains nothing); for
    the others it is the honest price of the action: CFR's *average* strategy is a mix weighted by how often
    a combination reaches a node, so where a combination never goes (8c7c after checking a river it always
    bluffs) the stored strategy is an untrained uniform mix, and following it would charge a check for
    calling off chips no player would call."""
    sol = _check(solution)
    w, _sig, reach, mass, q = _node_numbers(sol, line)
    g, s = sol._game, sol._state
    lock = s.lock if s.has_lock else None
    names = g.names[q]
    live = [h for h in range(int(g.nh[q])) if reach[h] > 0 and mass[h] > 0]
    out: dict[str, dict[str, float]] = {}
    for a, label in enumerate(w.node.labels):
        cfv = plain_values(
            g, s.strat, q, best=True, lock=lock, node=w.node.kids[a], j=w.j, k=w.k, ro=w.reach[1 - q], fast=True
        )
        out[label] = {names[h]: float(cfv[h] / mass[h]) for h in live}
    return out


def class_mix_frame(solution: PostflopSolution, line: Line = ()) -> pd.DataFrame:
    """One row per class the player to act holds at the node ``line`` reaches.

    Columns: ``class``, ``row``/``col`` (its cell on the 13x13 grid: pairs on the diagonal, suited above),
    ``combos`` (how many of its combinations reach the node, weighted by reach), one column per action
    (the class's share of it, combinations weighted by reach and by card removal against the opponent's
    range), ``top`` (the most frequent action), ``ev`` (chips) and ``equity`` (share of the pot at showdown
    against the opponent's range here). The rows are in grid order.
    """
    import pandas as pd

    sol = _check(solution)
    w, sig, reach, mass, q = _node_numbers(sol, line)
    g = sol._game
    player: Player = ("oop", "ip")[q]
    ev = sol.ev(line, player)
    eq = sol.equity(line, player)
    labels = list(w.node.labels)
    acc: dict[str, dict[str, Any]] = {}
    for h, name in enumerate(g.names[q]):
        if reach[h] <= 0 or mass[h] <= 0:
            continue
        c = class_of(name)
        wt = float(reach[h] * mass[h])
        a = acc.setdefault(c, {"combos": 0.0, "w": 0.0, "mix": np.zeros(len(labels)), "ev": 0.0, "eq": 0.0})
        a["combos"] += float(reach[h])
        a["w"] += wt
        a["mix"] += wt * sig[:, h]
        a["ev"] += wt * ev.get(name, 0.0)
        a["eq"] += wt * eq.get(name, 0.0)
    rows = []
    order = {c: i for i, c in enumerate(_grid_order())}
    for c in sorted(acc, key=lambda x: order[x]):
        a = acc[c]
        mix = a["mix"] / a["w"]
        r, col = _cell(c)
        row: dict[str, Any] = {"class": c, "row": r, "col": col, "combos": a["combos"]}
        row.update({lab: float(m) for lab, m in zip(labels, mix, strict=True)})
        row["top"] = labels[int(np.argmax(mix))]
        row["ev"] = a["ev"] / a["w"]
        row["equity"] = a["eq"] / a["w"]
        rows.append(row)
    return pd.DataFrame(rows, columns=["class", "row", "col", "combos", *labels, "top", "ev", "equity"])


def _grid_order() -> list[str]:
    out = []
    for i, r in enumerate(RANKS):
        for j, c in enumerate(RANKS):
            out.append(r + c if i == j else (r + c + "s" if i < j else c + r + "o"))
    return out


# ----------------------------------------------------------------------------
# The drill
# ----------------------------------------------------------------------------


@dataclass(frozen=True)
class PostflopDrillHand:
    """One trainer question and, once answered, its score.

    ``line`` is the node (labels from the root), ``player`` ``"oop"`` or ``"ip"``, ``combo`` the dealt
    combination (``"AhKd"``) and ``hand`` its class; ``actions`` the choices there, ``evs`` each one's EV
    in chips against the solution and ``mix`` the solution's probabilities for this combination. ``lost``
    is what ``answer`` gave up: the best action's EV minus the answer's (0 for any action the solution
    mixes, up to its convergence).
    """

    number: int
    spot: str
    board: str
    pot: int
    line: tuple[str, ...]
    player: Player
    combo: str
    hand: str
    actions: tuple[str, ...]
    evs: Mapping[str, float]
    mix: Mapping[str, float]
    answer: str | None = None
    lost: float = 0.0

    def prompt(self) -> str:
        """The question as one line of text."""
        before = ", ".join(self.line) if self.line else "first to act"
        who = "out of position" if self.player == "oop" else "in position"
        return (
            f"Hand {self.number} ({self.spot}): board {self.board}, pot {self.pot}, you are {who} "
            f"with {self.combo} ({self.hand}); action so far: {before}. {' / '.join(self.actions)}?"
        )

    def verdict(self) -> str:
        """What the answer cost, each action's EV and the equilibrium's mix for this combination."""
        evs = ", ".join(f"{a} {self.evs[a]:+.2f}" for a in self.actions)
        mix = ", ".join(f"{a} {100 * self.mix[a]:.0f} %" for a in self.actions if self.mix[a] >= 0.005)
        head = (
            "right"
            if self.lost <= 0.005 * self.pot
            else f"lost {self.lost:.2f} chips ({100 * self.lost / self.pot:.1f} % of the pot)"
        )
        return f"  {head}: EV {evs}; the equilibrium plays {self.combo}: {mix}"


def _decision_lines(sol: PostflopSolution, depth: int) -> list[tuple[str, ...]]:
    """Every line to a decision within ``depth`` actions of the root (river spots: no chance node)."""
    out: list[tuple[str, ...]] = []
    todo: list[tuple[str, ...]] = [()]
    while todo:
        line = todo.pop(0)
        w = sol._where(line)
        if w.node.kind != _DECISION:
            continue
        out.append(line)
        if len(line) < depth:
            todo.extend(line + (a,) for a in w.node.labels)
    return out


class PostflopQuiz(ScoredQuiz[PostflopDrillHand]):
    """The river trainer's logic, shared by :class:`pokerlab.widgets.PostflopDrill` and ``pokerlab drill --postflop``.

    :meth:`deal` picks a decision node of ``solution`` (``line``, or one at random among the nodes within
    ``depth`` actions of the root, each as likely as the solution reaches it) and a combination of the
    range there, as likely as it is held there (reach times card removal); :meth:`answer` scores the chosen
    action by the EV lost in chips against the solution. ``name`` labels the spot in the prompts.
    """

    def __init__(
        self,
        solution: PostflopSolution,
        *,
        line: Any = None,
        depth: int = 2,
        seed: int | None = None,
        name: str = "spot",
    ) -> None:
        self.solution = _check(solution)
        self.name = _validate.text(name, "name")
        depth = _validate.whole(depth, "depth", lo=0, hi=6)
        if line is None:
            self.lines = _decision_lines(self.solution, depth)
        else:
            player_to_act(self.solution, line)  # a decision, or a clear error
            self.lines = [tuple(_labels_of(line))]
        self._rng = np.random.default_rng(_validate.seed(seed))
        super().__init__()
        self._weights = np.array([self._reach(x) for x in self.lines])
        if self._weights.sum() <= 0:
            raise ParameterError("no decision of this spot is ever reached under its solution")

    def _reach(self, line: tuple[str, ...]) -> float:
        _w, _sig, reach, mass, _q = _node_numbers(self.solution, line)
        return float((reach * mass).sum())

    def deal(self) -> PostflopDrillHand:
        """A new question (an unanswered one is replaced)."""
        rng = self._rng
        line = self.lines[int(rng.choice(len(self.lines), p=self._weights / self._weights.sum()))]
        sol = self.solution
        w, sig, reach, mass, q = _node_numbers(sol, line)
        weights = reach * mass
        h = int(rng.choice(len(weights), p=weights / weights.sum()))
        combo = sol._game.names[q][h]
        evs = {a: per[combo] for a, per in action_evs(sol, line).items()}
        mix = {a: float(sig[i, h]) for i, a in enumerate(w.node.labels)}
        board = " ".join(str(c) for c in sol.board)
        self.current = PostflopDrillHand(
            len(self.history) + 1,
            self.name,
            board,
            sol.pot,
            line,
            ("oop", "ip")[q],
            combo,
            class_of(combo),
            tuple(w.node.labels),
            MappingProxyType(evs),
            MappingProxyType(mix),
        )
        return self.current

    def answer(self, action: str) -> PostflopDrillHand:
        """Score ``action`` (one of the hand's ``actions``; a unique prefix such as ``"c"`` or ``"bet 1"`` will do)."""
        hand = self._asked()
        _validate.text(
            action, "action", empty=True, message=f"the answer is one of {', '.join(hand.actions)}, not {action!r:.40}"
        )
        word = " ".join(action.strip().lower().split())
        hits = [a for a in hand.actions if a == word] or [a for a in hand.actions if word and a.startswith(word)]
        if len(hits) != 1:
            raise ParameterError(f"the answer must be one of {', '.join(hand.actions)}, not {action.strip()!r:.40}")
        return self._score(hits[0])

    def summary(self) -> str:
        """The running score as a few lines of text."""
        n = len(self.history)
        if not n:
            return "no hands answered yet"
        worst = sorted((h for h in self.history if h.lost > 0.005 * h.pot), key=lambda h: -h.lost)[:3]
        hands = "1 hand" if n == 1 else f"{n} hands"
        lines = [f"{hands}, {self.total_lost:.2f} chips lost in all ({self.total_lost / n:.2f} per hand)"]
        lines += [
            f"  costliest: {h.combo} at {', '.join(h.line) or 'the root'}: {h.answer}, lost {h.lost:.2f}" for h in worst
        ]
        return "\n".join(lines)
