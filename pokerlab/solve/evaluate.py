"""Exact evaluation from the tree: expected values, best responses, exploitability, leaks.

Everything here walks the public tree once with numpy arrays over all deals
(see :mod:`pokerlab.solve.games`), so the numbers are exact sums over every
deal, never samples.

* ``expected_value(game, a, b)``: chips per hand player 0 wins when player 0
  plays ``a`` and player 1 plays ``b``.
* ``best_response(game, policy)``: for each seat, the pure strategy that wins
  most against the other seat's part of ``policy``, and what it wins.
* ``exploitability(game, policy)``: the mean over both seats of what a best
  response wins, in chips per hand; 0 exactly at an equilibrium. This is
  OpenSpiel's ``exploitability`` (half its NashConv).

>>> from pokerlab.solve import game, Policy
>>> kuhn = game("kuhn")
>>> round(exploitability(kuhn, Policy.uniform(kuhn)), 6)  # 11/24, worked out in the lesson
0.458333
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache
from typing import TYPE_CHECKING

import numpy as np

from pokerlab import _validate
from pokerlab.errors import ParameterError
from pokerlab.solve.games import Game, Node
from pokerlab.solve.policy import Policy

if TYPE_CHECKING:
    import pandas as pd

__all__ = [
    "BestResponse",
    "Leak",
    "Leaks",
    "best_response",
    "expected_value",
    "exploitability",
    "head_to_head",
    "leaks",
]


@dataclass(frozen=True, eq=False)
class _Decision:
    """Per decision node: its information sets as a small one-hot matrix over deals."""

    node: Node
    cols: np.ndarray  # action columns in the policy table, one per child
    iset: np.ndarray  # (deals,) information set per deal
    uniq: np.ndarray  # the node's distinct information sets
    onehot: np.ndarray  # (len(uniq), deals): onehot[k, d] = 1 if deal d is in uniq[k]
    local: np.ndarray  # (deals,) position of iset[d] in uniq


@lru_cache(maxsize=8)
def decisions(game: Game) -> tuple[_Decision | None, ...]:
    """Precomputed per-node data (None for terminal nodes), cached per game."""
    out: list[_Decision | None] = []
    for n in game.nodes:
        if n.terminal:
            out.append(None)
            continue
        assert n.infoset is not None
        uniq, local = np.unique(n.infoset, return_inverse=True)
        onehot = np.zeros((len(uniq), len(game.deals)))
        onehot[local, np.arange(len(game.deals))] = 1.0
        cols = np.array([game.actions.index(a) for a in n.actions])
        out.append(_Decision(n, cols, n.infoset, uniq, onehot, local))
    return tuple(out)


def _check(game: object, policy: object, name: str = "policy") -> None:
    solved: Game = _validate.instance(game, Game, "game must be a pokerlab.solve game (solve.game('kuhn'))")
    checked: Policy = _validate.instance(policy, Policy, f"{name} must be a pokerlab.solve.Policy")
    if checked.game is not solved:
        raise ParameterError(f"{name} belongs to {checked.game.name}, not to {solved.name}")


def _values(game: Game, table0: np.ndarray, table1: np.ndarray) -> np.ndarray:
    """Payoff to player 0 per deal at the root when seat 0 plays ``table0`` and seat 1 ``table1``."""
    dec = decisions(game)
    tables = (table0, table1)

    def walk(k: int) -> np.ndarray:
        n = game.nodes[k]
        if n.terminal:
            return n.payoff  # type: ignore[return-value]
        d = dec[k]
        assert d is not None
        probs = tables[n.player][d.iset][:, d.cols]
        return sum(probs[:, a] * walk(c) for a, c in enumerate(n.children))

    return walk(0)


def expected_value(game: Game, policy0: Policy, policy1: Policy | None = None) -> float:
    """Chips per hand player 0 wins when seat 0 plays ``policy0`` and seat 1 plays ``policy1`` (default: the same).

    >>> from pokerlab.solve import game, Policy
    >>> kuhn = game("kuhn")
    >>> round(expected_value(kuhn, Policy.uniform(kuhn)), 12)  # uniform play: 1/8 for player 0
    0.125
    """
    _check(game, policy0, "policy0")
    policy1 = policy0 if policy1 is None else policy1
    _check(game, policy1, "policy1")
    return float(game.chance @ _values(game, policy0.table, policy1.table))


def head_to_head(game: Game, a: Policy, b: Policy) -> float:
    """Chips per hand ``a`` wins from ``b``, the mean over both seatings (exact, no sampling)."""
    _check(game, a, "a")
    _check(game, b, "b")
    return 0.5 * (expected_value(game, a, b) - expected_value(game, b, a))


@dataclass(frozen=True, eq=False)
class BestResponse:
    """``values[p]``: what seat ``p`` wins (chips per hand) with its best response.

    ``policy`` holds both seats' best responses (pure).
    """

    values: tuple[float, float]
    policy: Policy

    @property
    def exploitability(self) -> float:
        return 0.5 * (self.values[0] + self.values[1])


def _best_response_seat(game: Game, table: np.ndarray, player: int, br: np.ndarray) -> float:
    """Fill ``br`` with ``player``'s best response to ``table``; return its value for ``player``."""
    dec = decisions(game)
    sign = 1.0 if player == 0 else -1.0

    def walk(k: int, w: np.ndarray) -> np.ndarray:
        n = game.nodes[k]
        if n.terminal:
            assert n.payoff is not None
            return sign * n.payoff
        d = dec[k]
        assert d is not None
        if n.player == player:
            child = np.stack([walk(c, w) for c in n.children], axis=1)  # (deals, actions)
            totals = d.onehot @ (w[:, None] * child)  # counterfactual value of each action per information set
            best = np.argmax(totals, axis=1)  # ties: the first action
            br[d.uniq] = 0.0
            br[d.uniq, d.cols[best]] = 1.0
            return child[np.arange(len(w)), best[d.local]]
        probs = table[d.iset][:, d.cols]
        return sum(probs[:, a] * walk(c, w * probs[:, a]) for a, c in enumerate(n.children))

    return float(game.chance @ walk(0, game.chance.copy()))


def best_response(game: Game, policy: Policy) -> BestResponse:
    """Each seat's best response to the other seat of ``policy`` (exact, one pass per seat).

    >>> from pokerlab.solve import game, Policy
    >>> kuhn = game("kuhn")
    >>> br = best_response(kuhn, Policy.uniform(kuhn))
    >>> [round(v, 6) for v in br.values], br.policy["Q:b"]
    ([0.5, 0.416667], {'p': 0.0, 'b': 1.0})
    """
    _check(game, policy)
    br = np.array(game.legal, dtype=float)  # rows are overwritten where the seat acts
    v0 = _best_response_seat(game, policy.table, 0, br)
    v1 = _best_response_seat(game, policy.table, 1, br)
    return BestResponse((v0, v1), Policy(game, br))


def exploitability(game: Game, policy: Policy) -> float:
    """Mean over both seats of a best response's winnings against ``policy``, in chips per hand."""
    return best_response(game, policy).exploitability


@dataclass(frozen=True)
class Leak:
    """How much one information set of a policy costs.

    Against the fixed best responder: ``gain`` is what the seat would win
    more per hand (chips) by switching to ``best_action`` at this information
    set alone (the responder and the rest of the policy unchanged), i.e. its
    own probability of getting here (``reach``) times the counterfactual
    regret (``regret``). Because a best responder is pure and breaks ties
    arbitrarily, even an equilibrium shows such gains; ``fix`` does not:
    it is how much the exploitability falls when this information set alone
    plays like ``reference`` (an equilibrium), the opponent free to
    re-optimise (None without a reference).
    """

    infoset: str
    player: int
    reach: float
    regret: float
    gain: float
    best_action: str
    policy: tuple[tuple[str, float], ...]
    fix: float | None = None


class Leaks(tuple[Leak, ...]):
    """The leaks of a policy, largest first: a tuple of :class:`Leak` that prints as one line (at a Python prompt
    the 288 records of a Leduc policy ran over several screens); :func:`leaks_frame` gives the whole table, and a
    notebook shows its first rows."""

    __slots__ = ()

    SHOWN = 10
    """The rows a notebook shows."""

    def __repr__(self) -> str:
        if not self:
            return "Leaks(no information set)"
        top = self[0]
        size = f"fix {top.fix:.6f}" if top.fix is not None else f"gain {top.gain:.6f}"
        return (
            f"Leaks({len(self)} information sets; the largest: {top.infoset!r}, {size} chips per hand, best action"
            f" {top.best_action!r}; solve.leaks_frame(...) is the table)"
        )

    def _repr_html_(self) -> str:
        shown = min(len(self), self.SHOWN)
        more = (
            f" (the first {shown}; <code>solve.leaks_frame(...)</code> is the whole table)" if shown < len(self) else ""
        )
        table: str = leaks_frame(tuple(self[:shown])).to_html(float_format=lambda x: f"{x:.6f}")
        return f"<p>{len(self)} information sets, the largest leaks first{more}</p>{table}"


def leaks(game: Game, policy: Policy, reference: Policy | None = None) -> Leaks:
    """Every information set of ``policy`` with its leak, largest ``fix`` (or ``gain`` without a reference) first
    (a :class:`Leaks`: a tuple that prints as one line; :func:`leaks_frame` makes it a table).

    >>> from pokerlab.solve import game, Policy
    >>> kuhn = game("kuhn")
    >>> bet = lambda p: {"p": 1 - p, "b": p}
    >>> eq = Policy.from_mapping(kuhn, {"J:": bet(0), "Q:": bet(0), "K:": bet(0), "J:pb": bet(0),
    ...     "Q:pb": bet(1 / 3), "K:pb": bet(1), "J:p": bet(1 / 3), "Q:p": bet(0), "K:p": bet(1),
    ...     "J:b": bet(0), "Q:b": bet(1 / 3), "K:b": bet(1)})  # Kuhn's equilibrium with alpha = 0
    >>> calls_more = Policy.from_mapping(kuhn, {"Q:b": bet(2 / 3)}, default=eq)
    >>> top = leaks(kuhn, calls_more, reference=eq)[0]
    >>> top.infoset, round(top.fix, 6), round(exploitability(kuhn, calls_more), 6)
    ('Q:b', 0.027778, 0.027778)
    """
    _check(game, policy)
    if reference is not None:
        _check(game, reference, "reference")
    br = best_response(game, policy).policy.table
    out: list[Leak] = []
    for seat in (0, 1):
        tables = (policy.table, br) if seat == 0 else (br, policy.table)
        _leak_walk(game, seat, tables, policy, out, 0, game.chance.copy(), np.ones(len(game.deals)))
    if reference is None:
        return Leaks(sorted(out, key=lambda x: -x.gain))
    base = _exploitability_of(game, policy.table)
    fixed = []
    for leak in out:
        i = game.infoset(leak.infoset).index
        table = np.array(policy.table)
        table[i] = reference.table[i]
        fix = base - _exploitability_of(game, table) if not np.array_equal(table[i], policy.table[i]) else 0.0
        fixed.append(replace(leak, fix=float(fix)))
    return Leaks(sorted(fixed, key=lambda x: (-x.fix, -x.gain)))  # type: ignore[operator]


def _exploitability_of(game: Game, table: np.ndarray) -> float:
    scratch = np.array(game.legal, dtype=float)
    return 0.5 * (_best_response_seat(game, table, 0, scratch) + _best_response_seat(game, table, 1, scratch))


def _leak_walk(
    game: Game,
    seat: int,
    tables: tuple[np.ndarray, np.ndarray],
    policy: Policy,
    out: list[Leak],
    k: int,
    w: np.ndarray,
    own: np.ndarray,
) -> np.ndarray:
    """``seat``'s values per deal below node ``k``, recording the leak at each of its information sets."""
    n = game.nodes[k]
    if n.terminal:
        return n.payoff if seat == 0 else -n.payoff  # type: ignore[operator,return-value]
    d = decisions(game)[k]
    assert d is not None
    probs = tables[n.player][d.iset][:, d.cols]
    if n.player != seat:
        value = np.zeros(len(w))
        for a, c in enumerate(n.children):
            value += probs[:, a] * _leak_walk(game, seat, tables, policy, out, c, w * probs[:, a], own)
        return value
    child = np.stack(
        [_leak_walk(game, seat, tables, policy, out, c, w, own * probs[:, a]) for a, c in enumerate(n.children)], 1
    )
    value = (probs * child).sum(axis=1)
    totals = d.onehot @ (w[:, None] * child)  # counterfactual value of each action per information set
    mine = d.onehot @ (w * value)
    reach = own[d.onehot.argmax(axis=1)]  # own reach is the same for every deal of an information set
    for j, i in enumerate(d.uniq):
        best = int(np.argmax(totals[j]))
        regret = float(totals[j, best] - mine[j])
        info = game.infosets[i]
        row = tuple((a, float(policy.table[i, game.actions.index(a)])) for a in info.actions)
        out.append(Leak(info.key, seat, float(reach[j]), regret, float(reach[j]) * regret, n.actions[best], row))
    return value


def leaks_frame(found: tuple[Leak, ...]) -> pd.DataFrame:
    """The leaks as a table (one row per information set)."""
    import pandas as pd

    _validate.instance(found, (list, tuple), "found must be the leaks from solve.leaks")
    if not all(isinstance(x, Leak) for x in found):
        raise ParameterError("found must hold Leak records (from solve.leaks) only")

    rows = [
        {
            "infoset": x.infoset,
            "player": x.player,
            "policy": " ".join(f"{a}:{p:.2f}" for a, p in x.policy),
            "best action": x.best_action,
            "reach": x.reach,
            "regret": x.regret,
            "gain": x.gain,
            **({} if x.fix is None else {"fix": x.fix}),
        }
        for x in found
    ]
    columns = ["infoset", "player", "policy", "best action", "reach", "regret", "gain"]
    return (pd.DataFrame(rows) if rows else pd.DataFrame(columns=columns)).set_index("infoset")
