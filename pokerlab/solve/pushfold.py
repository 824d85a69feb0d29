"""Heads-up push/fold: the one piece of real no-limit Hold'em whose equilibrium a laptop solves exactly.

The game. Both players start the hand with the same stack ``S`` big blinds (the effective stack
*before* the blinds and antes are posted, HoldemResources Calculator's convention). Each posts an
ante ``A`` (dead money, taken from the stack; 0 by default); the small blind (on the button) posts
0.5 and the big blind 1. The small blind, first to act, either folds or moves all in ("jams"); the
big blind, facing a jam, folds or calls. Nothing else is allowed, and no card is seen before the
decisions, so a strategy is one probability per starting class and seat:

* the small blind jams class ``i`` with probability ``x[i]``, the big blind calls with class ``j``
  with probability ``y[j]``;
* small blind folds: its net is ``-(0.5 + A)``;
* jam, big blind folds: ``+(1 + A)``;
* jam and call: both are all in for ``S`` (antes included), the pot is ``2S`` and the small
  blind's net is ``S * (2 e[i, j] - 1)``, where ``e`` is the exact all-in equity with ties split
  (:class:`pokerlab.preflop.PreflopMatrix`).

The classes are dealt together, with exact card removal: the weight of the pair (class ``i`` for
the small blind, class ``j`` for the big blind) is the number of card-disjoint combination pairs,
``PreflopMatrix.pairs[i, j]`` out of 1,326 x 1,225. So the small blind's value is the bilinear form

    u(x, y) = sum_ij w_ij [ (1 - x_i)(-(0.5 + A)) + x_i (1 - y_j)(1 + A) + x_i y_j S (2 e_ij - 1) ]

and the game is a 169 x 169 zero-sum game in behaviour strategies. Against a fixed ``x`` the big
blind's best reply is separable (call class ``j`` iff calling gains), which makes ``max_x min_y u``
a linear programme in 338 variables; :func:`push_fold` solves it with scipy's HiGHS (the big
blind's strategy is its dual solution) and checks the pair with a best response of each side
(exploitability in big blinds per hand, NashConv / 2 as OpenSpiel defines it).

>>> r = push_fold(10)
>>> round(r.jam_share, 3), round(r.call_share, 3), r.exploitability < 1e-6
(0.583, 0.374, True)
>>> r.jam["AA"], r.jam["72o"], r.call["Q2o"]
(1.0, 0.0, 0.0)
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Literal, TypeAlias

import numpy as np

from pokerlab import _chart_hook, _validate
from pokerlab._validate import member, real, seed as check_seed, whole
from pokerlab.cards import HandClass, hand_classes
from pokerlab.errors import ParameterError, ParameterTypeError
from pokerlab.preflop.matrix import load_matrix
from pokerlab.solve._quiz import ScoredQuiz

if TYPE_CHECKING:  # pragma: no cover
    import pandas as pd

__all__ = [
    "DRILL_STACKS",
    "MAX_STACK_BB",
    "DrillHand",
    "PushFoldChart",
    "PushFoldQuiz",
    "PushFoldResult",
    "PushFoldScore",
    "PushFoldSide",
    "push_fold",
    "push_fold_chart",
    "push_fold_grid_text",
    "push_fold_score",
]


class PushFoldSide(StrEnum):
    """Whose strategy a push/fold grid or chart shows: the small blind's jams or the big blind's calls."""

    JAM = "jam"
    CALL = "call"


PushFoldSideChoice: TypeAlias = PushFoldSide | Literal["jam", "call"]
"""A :class:`PushFoldSide` or its value as a string: a type checker refuses any other string."""


CLASSES: tuple[str, ...] = tuple(hc.name for hc in hand_classes())
MAX_STACK_BB = 1000.0
"""Deeper stacks are refused: push/fold is a short-stack game, and 1000 bb already makes it silly."""
_TOL = 1e-9


def _check_stack(
    stack_bb: Any, ante_bb: Any, *, stack_name: str = "stack_bb", ante_name: str = "ante_bb"
) -> tuple[float, float]:
    """``stack_bb`` and ``ante_bb`` as floats, or a :class:`ParameterError` saying what is wrong.

    The messages name the values as the caller's user typed them (``stack_name``, ``ante_name``:
    the command line passes ``STACK`` / ``--stack`` and ``--ante``).
    """

    ante = real(ante_bb, ante_name, lo=0.0, hi=1.0)
    stack = real(stack_bb, stack_name, lo=1.0, hi=MAX_STACK_BB)
    if stack < 1.0 + ante:
        raise ParameterError(
            f"{stack_name} must be at least 1 + {ante_name} = {1.0 + ante:g} bb (the blind and the ante come "
            f"out of the stack), not {stack:g}"
        )
    return stack, ante


@dataclass(frozen=True, eq=False)
class _Game:
    """The game's arrays for one (stack, ante): the normalised deal weights and each cell's gain from a call."""

    stack: float
    ante: float
    w: np.ndarray  # w[i, j]: chance that the small blind holds class i and the big blind class j
    d: np.ndarray  # d[i, j]: small blind's net at a showdown minus its net when the big blind folds

    @property
    def p(self) -> np.ndarray:
        return self.w.sum(axis=1)

    @property
    def q(self) -> np.ndarray:
        return self.w.sum(axis=0)

    @property
    def fold_sb(self) -> float:
        return -(0.5 + self.ante)

    @property
    def steal(self) -> float:
        return 1.0 + self.ante

    def value(self, x: np.ndarray, y: np.ndarray) -> float:
        """Small blind's expected net (bb per hand) when it jams with ``x`` and the big blind calls with ``y``."""
        p = self.p
        return float(self.fold_sb * p.sum() + x @ (p * (self.steal - self.fold_sb)) + x @ (self.w * self.d) @ y)

    def jam_ev(self, y: np.ndarray) -> np.ndarray:
        """Per class: the small blind's expected net when it jams it, against the calls ``y``."""
        return (self.w * (self.steal + self.d * y[None, :])).sum(axis=1) / self.p

    def call_ev(self, x: np.ndarray) -> np.ndarray:
        """Per class: the big blind's expected net when it calls a jam with it (NaN where no jam can come)."""
        reach = self.w * x[:, None]
        showdown = -(reach * (self.d + self.steal)).sum(axis=0)  # -(S (2e - 1)) weighted
        total = reach.sum(axis=0)
        with np.errstate(invalid="ignore", divide="ignore"):
            return np.where(total > 0, showdown / np.where(total > 0, total, 1.0), np.nan)

    def best_sb(self, y: np.ndarray) -> float:
        """What the small blind's best response to ``y`` earns (bb per hand)."""
        return float(np.maximum(self.p * self.fold_sb, (self.w * (self.steal + self.d * y[None, :])).sum(axis=1)).sum())

    def best_bb(self, x: np.ndarray) -> float:
        """What the small blind earns with ``x`` when the big blind best-responds to it."""
        p = self.p
        base = self.fold_sb * p.sum() + x @ (p * (self.steal - self.fold_sb))
        return float(base + np.minimum(0.0, x @ (self.w * self.d)).sum())


def _game(stack: float, ante: float) -> _Game:
    w, gain = _base_arrays()
    return _Game(stack, ante, w, stack * gain - (1.0 + ante))


_BASE: list[tuple[np.ndarray, np.ndarray]] = []


def _base_arrays() -> tuple[np.ndarray, np.ndarray]:
    """The deal weights and ``2e - 1`` from the exact matrix (read once per process)."""
    if not _BASE:
        m = load_matrix()
        w = m.pairs.astype(np.float64)
        w /= w.sum()
        gain = 2.0 * m.equities() - 1.0
        w.setflags(write=False)
        gain.setflags(write=False)
        _BASE.append((w, gain))
    return _BASE[0]


def _clean(v: np.ndarray) -> np.ndarray:
    v = np.clip(v, 0.0, 1.0)
    v[v < _TOL] = 0.0
    v[v > 1 - _TOL] = 1.0
    return v


def _solve(g: _Game) -> tuple[np.ndarray, np.ndarray]:
    """An equilibrium (x, y) of the push/fold game from linear programming.

    The small blind's programme: maximise ``sum_i x_i p_i (steal - fold) + sum_j t_j`` over
    ``0 <= x <= 1`` and ``t <= 0`` with ``t_j <= sum_i x_i w_ij d_ij`` (``t_j`` is what the big
    blind's best reply with class ``j`` takes away). The dual price of the constraint on ``t_j`` is
    the big blind's equilibrium call probability ``y_j``; if that pair is not within 1e-9 bb of
    equilibrium the big blind's own programme (minimise the small blind's best-response value) is
    solved too.
    """
    from scipy.optimize import linprog

    n = len(CLASSES)
    p = g.p
    wd = g.w * g.d
    options = {"presolve": False}
    c = np.concatenate([-(p * (g.steal - g.fold_sb)), -np.ones(n)])
    a_ub = np.hstack([-wd.T, np.eye(n)])
    bounds = [(0.0, 1.0)] * n + [(None, 0.0)] * n
    sb = linprog(c, A_ub=a_ub, b_ub=np.zeros(n), bounds=bounds, method="highs-ds", options=options)
    if sb.status != 0:  # pragma: no cover - HiGHS solves every such LP
        raise RuntimeError(f"HiGHS failed on the small blind's push/fold LP: {sb.message}")
    x = _clean(sb.x[:n])
    y = _clean(-np.asarray(sb.ineqlin.marginals))
    if (g.best_sb(y) - g.best_bb(x)) / 2 <= _TOL:
        return x, y
    # Big blind: minimise sum_i s_i with s_i >= p_i fold and s_i >= sum_j w_ij (steal + y_j d_ij).
    c2 = np.concatenate([np.zeros(n), np.ones(n)])  # pragma: no cover - the dual has always sufficed
    a2 = np.hstack([wd, -np.eye(n)])  # pragma: no cover
    lows = [(float(v), None) for v in p * g.fold_sb]  # pragma: no cover
    bb = linprog(c2, A_ub=a2, b_ub=-g.steal * p, bounds=[(0.0, 1.0)] * n + lows, method="highs-ds", options=options)
    if bb.status != 0:  # pragma: no cover
        raise RuntimeError(f"HiGHS failed on the big blind's push/fold LP: {bb.message}")
    return x, _clean(bb.x[:n])  # pragma: no cover


def _frozen(values: Iterable[float]) -> Mapping[str, float]:
    return MappingProxyType(dict(zip(CLASSES, (float(v) for v in values), strict=True)))


@dataclass(frozen=True, eq=False)
class PushFoldResult:
    """The exact push/fold equilibrium at one stack depth (see :func:`push_fold`).

    ``jam[c]`` / ``call[c]``: probability that the small blind jams / the big blind calls a jam with
    class ``c``; ``value``: the small blind's expected net in bb per hand counting its posted blind
    (and ante); ``exploitability``: NashConv / 2 in bb per hand. The expected value of each action
    per class, against the other side's equilibrium strategy: ``jam_ev[c]`` and ``fold_ev`` for the
    small blind (net per hand), ``call_ev[c]`` and ``bb_fold_ev`` for the big blind facing a jam
    (net, counting its blind; ``call_ev`` is NaN only for a class no jam can meet).
    """

    stack_bb: float
    ante_bb: float
    jam: Mapping[str, float]
    call: Mapping[str, float]
    value: float
    exploitability: float
    jam_ev: Mapping[str, float]
    call_ev: Mapping[str, float]
    fold_ev: float
    bb_fold_ev: float
    _x: np.ndarray = field(repr=False)
    _y: np.ndarray = field(repr=False)

    @property
    def jam_share(self) -> float:
        """Share of all dealt hands the small blind jams (combination-weighted)."""
        return min(1.0, max(0.0, float(_combo_share() @ self._x)))  # a share: rounding must not pass 1

    @property
    def call_share(self) -> float:
        """Share of all dealt hands the big blind calls a jam with (combination-weighted)."""
        return min(1.0, max(0.0, float(_combo_share() @ self._y)))

    def grid(self, side: PushFoldSide | str = "jam") -> np.ndarray:
        """The 13x13 grid of jam (``side="jam"``) or call (``"call"``) probabilities: A..2, suited above."""

        side = member(PushFoldSide, side, "side")
        return _grid(self.jam if side == PushFoldSide.JAM else self.call)

    def text(self) -> str:
        """Both grids as 13x13 text, the value and the exploitability (what ``pokerlab pushfold`` prints)."""
        ante = f", ante {self.ante_bb:g} bb" if self.ante_bb else ""
        lines = [
            f"Heads-up push/fold equilibrium at {self.stack_bb:g} bb effective (before blinds{ante})",
            f"small blind jams {100 * self.jam_share:.1f} % of hands; big blind calls {100 * self.call_share:.1f} %",
            f"value for the small blind: {self.value:+.6f} bb per hand (folding every hand: {self.fold_ev:+g})",
            f"exploitability: {self.exploitability:.2e} bb per hand (NashConv / 2)",
            "",
            "small blind jams (% of the time; suited above the diagonal, offsuit below):",
            push_fold_grid_text(self.jam),
            "",
            "big blind calls a jam (%):",
            push_fold_grid_text(self.call),
        ]
        return "\n".join(lines)

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-ready data: stack, ante, value, exploitability, shares, and per class both strategies and EVs."""
        return {
            "stack_bb": self.stack_bb,
            "ante_bb": self.ante_bb,
            "value": self.value,
            "exploitability": self.exploitability,
            "jam_share": self.jam_share,
            "call_share": self.call_share,
            "fold_ev": self.fold_ev,
            "bb_fold_ev": self.bb_fold_ev,
            "jam": dict(self.jam),
            "call": dict(self.call),
            "jam_ev": dict(self.jam_ev),
            "call_ev": {k: (None if math.isnan(v) else v) for k, v in self.call_ev.items()},
        }

    def to_frame(self) -> pd.DataFrame:
        """One row per class: jam and call probability and the EV of each action (the charts' tooltips)."""
        import pandas as pd

        return pd.DataFrame(
            {
                "class": list(CLASSES),
                "jam": [self.jam[c] for c in CLASSES],
                "call": [self.call[c] for c in CLASSES],
                "jam_ev": [self.jam_ev[c] for c in CLASSES],
                "fold_ev": self.fold_ev,
                "call_ev": [self.call_ev[c] for c in CLASSES],
                "bb_fold_ev": self.bb_fold_ev,
            }
        )

    def chart(self, side: PushFoldSide | str = "jam") -> _chart_hook.Chart:
        """The 13x13 grid of jam or call probability, with each action's EV on hover
        (:func:`pokerlab.charts.push_fold_grid_chart`)."""
        return _chart_hook.draw("push_fold_grid_chart", self, side)


_SHARE: list[np.ndarray] = []


def _combo_share() -> np.ndarray:
    if not _SHARE:
        _SHARE.append(np.array([hc.n_combos for hc in hand_classes()], np.float64) / 1326.0)
    return _SHARE[0]


def _grid(values: Mapping[str, float]) -> np.ndarray:
    out = np.full((13, 13), np.nan)
    for hc in hand_classes():
        r, c = hc.grid_cell  # ranks 2..A = 0..12 there; A first here, as push/fold charts print it
        out[12 - r, 12 - c] = values[hc.name]
    return out


def push_fold_grid_text(values: Mapping[str, float]) -> str:
    """A mapping class -> probability as a 13x13 text grid of whole percentages (``.`` for 0, ``##`` for 100).

    Rows and columns run A..2 as push/fold charts print them: pairs on the diagonal, suited hands
    above it (row = higher card), offsuit below it (column = higher card).
    """
    _validate.instance(
        values,
        Mapping,
        "values must map each of the 169 class names to a probability",
        check=lambda values: set(values) == set(CLASSES),
    )
    ranks = "AKQJT98765432"
    out = ["     " + "".join(f"{r:>4}" for r in ranks)]
    g = _grid({k: float(v) for k, v in values.items()})
    for r in range(13):
        cells = []
        for c in range(13):
            v = g[r, c]
            if not math.isfinite(v) or not 0.0 <= v <= 1.0:
                raise ParameterError(f"values must be probabilities in [0, 1], not {v!r}")
            cells.append("   ." if v == 0 else "  ##" if v == 1 else f"{100 * v:4.0f}")
        out.append(f"{ranks[r]:>4} " + "".join(cells))
    return "\n".join(out)


def push_fold(stack_bb: float, *, ante_bb: float = 0.0) -> PushFoldResult:
    """The exact heads-up push/fold equilibrium at ``stack_bb`` big blinds effective.

    ``stack_bb`` is the effective stack *before* the blinds and antes are posted (HoldemResources
    Calculator's convention; SAGE's ratio ``R`` is the stack after the blinds, ``R = S - 1``), at
    least ``1 + ante_bb``. **Antes**: with ``ante_bb = A`` each player also posts ``A`` big blinds of
    dead money out of the same stack before the cards; folding the small blind then costs ``0.5 + A``,
    a jam that is not called wins ``1 + A``, and a called jam plays for the whole ``2 S`` pot.

    Solved as a linear programme (scipy's HiGHS dual simplex; the big blind's strategy is the dual
    solution, or a second programme if that is ever short of exact); the returned pair is checked
    by exact best responses: ``exploitability`` is ``(max_x' u(x', y) - min_y' u(x, y')) / 2``.

    >>> r = push_fold(5.6)
    >>> r.call["Q2o"], push_fold(5.7).call["Q2o"]
    (1.0, 0.0)
    """
    stack, ante = _check_stack(stack_bb, ante_bb)
    g = _game(stack, ante)
    x, y = _solve(g)
    expl = max(0.0, (g.best_sb(y) - g.best_bb(x)) / 2)
    x.setflags(write=False)
    y.setflags(write=False)
    return PushFoldResult(
        stack_bb=stack,
        ante_bb=ante,
        jam=_frozen(x),
        call=_frozen(y),
        value=g.value(x, y),
        exploitability=expl,
        jam_ev=_frozen(g.jam_ev(y)),
        call_ev=_frozen(g.call_ev(x)),
        fold_ev=g.fold_sb,
        bb_fold_ev=-g.steal,
        _x=x,
        _y=y,
    )


@dataclass(frozen=True, eq=False)
class PushFoldChart:
    """The push/fold equilibrium across stack depths: ``jam[k, i]``, ``call[k, i]`` at ``stacks[k]`` for class ``i``.

    :meth:`ranges` gives the stacks at which a class is jammed or called (at any frequency) as
    intervals of the grid: honest for the classes whose range is not one interval (63s is jammed
    at the shortest stacks, dropped, then jammed again between about 5 and 7 bb).
    """

    stacks: tuple[float, ...]
    ante_bb: float
    jam: np.ndarray
    call: np.ndarray
    values: tuple[float, ...]
    exploitability: tuple[float, ...]

    def ranges(self, hand: str, side: PushFoldSide | str = "jam") -> list[tuple[float, float]]:
        """The grid stacks at which class ``hand`` is jammed (``side="jam"``) or called: ``[(lo, hi), ...]``."""

        side = member(PushFoldSide, side, "side")
        i = _class_index(hand)
        col = (self.jam if side == PushFoldSide.JAM else self.call)[:, i]
        out: list[tuple[float, float]] = []
        start: int | None = None
        for k, on in enumerate(col > 0):
            if on and start is None:
                start = k
            if not on and start is not None:
                out.append((self.stacks[start], self.stacks[k - 1]))
                start = None
        if start is not None:
            out.append((self.stacks[start], self.stacks[-1]))
        return out

    def label(self, hand: str, side: PushFoldSide | str = "jam") -> str:
        """The ranges as text: ``"1-2.3, 5.1-5.2, ..."``, ``"25+"`` at the top of the grid, ``"never"``."""
        parts = []
        top = self.stacks[-1]
        for lo, hi in self.ranges(hand, side):
            if hi == top and lo == self.stacks[0]:
                parts.append(f"all ({lo:g}-{hi:g}+)")
            elif hi == top:
                parts.append(f"{lo:g}+")
            elif lo == hi:
                parts.append(f"{lo:g}")
            else:
                parts.append(f"{lo:g}-{hi:g}")
        return ", ".join(parts) if parts else "never"

    def to_frame(self) -> pd.DataFrame:
        """Long form: one row per (stack, class) with jam and call probability."""
        import pandas as pd

        k = len(self.stacks)
        return pd.DataFrame(
            {
                "stack_bb": np.repeat(self.stacks, len(CLASSES)),
                "class": list(CLASSES) * k,
                "jam": self.jam.ravel(),
                "call": self.call.ravel(),
            }
        )

    def chart(self, side: PushFoldSide | str = "jam") -> _chart_hook.Chart:
        """The classic push/call chart: for each class the stacks at which it is jammed (or called)
        (:func:`pokerlab.charts.push_fold_range_chart`)."""
        return _chart_hook.draw("push_fold_range_chart", self, side)


def _class_index(hand: Any) -> int:
    if isinstance(hand, HandClass):
        hand = hand.name
    if not _validate.is_text(hand) or hand not in CLASSES:  # a canonical name looked up, anything else parsed
        try:
            hand = HandClass.parse(hand).name
        except Exception:
            raise ParameterError(
                f"hand must be a starting class such as 'AKs', '72o' or 'TT', not {hand!r:.60}"
            ) from None
    return CLASSES.index(hand)


def push_fold_chart(stacks: Sequence[float] | None = None, *, ante_bb: float = 0.0) -> PushFoldChart:
    """Solve the push/fold game at every stack of a grid: by default 1, 1.1, ..., 25 bb (241 exact solutions).

    ``stacks``: increasing stack depths in bb (at most 2,000), e.g. ``numpy.arange(2, 20.5, 0.5)``.
    """

    if stacks is None:
        grid = [round(1.0 + k / 10, 1) for k in range(241)]
    else:
        _validate.instance(stacks, Iterable, "stacks must be a list of stack depths in bb")
        grid = [real(s, "stacks", lo=1.0, hi=MAX_STACK_BB) for s in stacks]
        if not grid or len(grid) > 2000 or grid != sorted(set(grid)):
            raise ParameterError(f"stacks must be 1 to 2000 increasing stack depths, not {stacks!r:.60}")
    ante = real(ante_bb, "ante_bb", lo=0.0, hi=1.0)
    if grid[0] < 1.0 + ante:
        raise ParameterError(f"stacks must be at least 1 + ante_bb = {1 + ante:g} bb, not {grid[0]:g}")
    xs, ys, vs, es = [], [], [], []
    for s in grid:
        r = push_fold(s, ante_bb=ante)
        xs.append(r._x)
        ys.append(r._y)
        vs.append(r.value)
        es.append(r.exploitability)
    jam = np.array(xs)
    call = np.array(ys)
    jam.setflags(write=False)
    call.setflags(write=False)
    return PushFoldChart(tuple(grid), ante, jam, call, tuple(vs), tuple(es))


@dataclass(frozen=True)
class PushFoldScore:
    """How a pair of push/fold strategies fares: see :func:`push_fold_score`.

    ``value``: the small blind's net (bb per hand) with both strategies played; ``sb_best`` what the
    small blind earns best-responding to the given calls; ``bb_best`` what it earns when the big
    blind best-responds to the given jams; ``equilibrium_value`` the game's value;
    ``sb_loss = equilibrium_value - bb_best`` (what a best response wins against the jamming rule,
    relative to equilibrium) and ``bb_loss = sb_best - equilibrium_value`` (the same against the
    calling rule); ``exploitability = (sb_best - bb_best) / 2 = (sb_loss + bb_loss) / 2``.
    """

    stack_bb: float
    ante_bb: float
    value: float
    sb_best: float
    bb_best: float
    equilibrium_value: float
    sb_loss: float
    bb_loss: float
    exploitability: float


def _strategy(values: Any, name: str) -> np.ndarray:
    if isinstance(values, Mapping):
        out = np.zeros(len(CLASSES))
        for k, v in values.items():
            try:
                i = _class_index(k)
            except ParameterError as exc:
                raise ParameterError(f"{name}: {exc}") from None
            if not _validate.is_number(v):
                raise ParameterTypeError(f"{name}: the probability for {k!r} must be a number in [0, 1], not {v!r:.40}")
            out[i] = float(v)
    else:
        if isinstance(values, (str, bytes)):
            raise ParameterError(f"{name} must map class names to probabilities, not {values!r:.60}")
        try:
            out = np.asarray(values, dtype=np.float64)
        except (TypeError, ValueError):
            raise ParameterError(f"{name} must map class names to probabilities, not {values!r:.60}") from None
        if out.shape != (len(CLASSES),):
            raise ParameterError(f"{name} must map class names to probabilities, not {values!r:.60}")
    if not np.all(np.isfinite(out)) or out.min() < 0 or out.max() > 1:
        raise ParameterError(f"{name} must hold probabilities in [0, 1]")
    return out


def push_fold_score(
    stack_bb: float,
    jam: Mapping[str, float] | Sequence[float],
    call: Mapping[str, float] | Sequence[float],
    *,
    ante_bb: float = 0.0,
) -> PushFoldScore:
    """Measure any push/fold strategies exactly: value, both best responses, loss to each, exploitability.

    ``jam`` and ``call`` map class names to probabilities (a class left out is folded), or are 169
    probabilities in :data:`pokerlab.preflop.CLASS_NAMES` order.

    >>> eq = push_fold(10)
    >>> s = push_fold_score(10, eq.jam, eq.call)
    >>> s.exploitability < 1e-6, round(s.value - eq.value, 9)
    (True, 0.0)
    """
    stack, ante = _check_stack(stack_bb, ante_bb)
    x = _strategy(jam, "jam")
    y = _strategy(call, "call")
    g = _game(stack, ante)
    eq = push_fold(stack, ante_bb=ante)
    sb_best, bb_best = g.best_sb(y), g.best_bb(x)
    return PushFoldScore(
        stack_bb=stack,
        ante_bb=ante,
        value=g.value(x, y),
        sb_best=sb_best,
        bb_best=bb_best,
        equilibrium_value=eq.value,
        sb_loss=max(0.0, eq.value - bb_best),
        bb_loss=max(0.0, sb_best - eq.value),
        exploitability=max(0.0, (sb_best - bb_best) / 2),
    )


DRILL_STACKS: tuple[float, ...] = tuple(float(s) for s in range(2, 21))
"""The stacks a drill deals from when none is fixed: 2 to 20 bb."""


@dataclass(frozen=True)
class DrillHand:
    """One drill question and, once answered, its score.

    ``seat`` is ``"small blind"`` (answers ``jam``/``fold``) or ``"big blind"`` facing a jam
    (``call``/``fold``); ``cards`` one combination of ``hand``; ``evs`` each answer's expected net
    in bb against the equilibrium opponent; ``best`` the equilibrium probability of the aggressive
    answer; ``lost`` the EV given up by ``answer`` (0 for a best answer, mixed classes included).
    """

    number: int
    stack_bb: float
    seat: str
    hand: str
    cards: str
    evs: Mapping[str, float]
    best: float
    answer: str | None = None
    lost: float = 0.0

    @property
    def answers(self) -> tuple[str, str]:
        """The two answers allowed in this seat."""
        return ("jam", "fold") if self.seat == "small blind" else ("call", "fold")

    def prompt(self) -> str:
        """The question as one line of text."""
        where = "small blind, first to act" if self.seat == "small blind" else "big blind, the small blind jammed"
        choices = " or ".join(self.answers)
        return f"Hand {self.number}: {self.stack_bb:g} bb, {where}, {self.hand} ({self.cards}). {choices}?"

    def verdict(self) -> str:
        """What the answer cost, with both EVs."""
        a, b = self.answers
        evs = f"EV {a} {self.evs[a]:+.3f} bb, {b} {self.evs[b]:+.3f} bb"
        eq = f"equilibrium {a}s {self.hand} {100 * self.best:.0f} % of the time"
        if self.lost <= 1e-12:
            return f"  right: {evs}; {eq}"
        return f"  lost {self.lost:.3f} bb: {evs}; {eq}"


class PushFoldQuiz(ScoredQuiz[DrillHand]):
    """The push/fold drill's logic, shared by :class:`pokerlab.widgets.PushFoldDrill` and ``pokerlab drill``.

    :meth:`deal` draws a seat, a stack (``stack_bb``, or one of :data:`DRILL_STACKS`) and a hand
    (each of the 1,326 combinations equally likely; the big blind's hand is drawn from those that
    face the equilibrium's jams, weighted by how often they do); :meth:`answer` scores it: the EV
    lost in bb against the equilibrium opponent (a mixed class loses nothing either way).

    >>> quiz = PushFoldQuiz(stack_bb=10, seed=1)
    >>> hand = quiz.deal()
    >>> hand.answers in (("jam", "fold"), ("call", "fold"))
    True
    >>> quiz.answer(hand.answers[0]).lost >= 0
    True
    """

    def __init__(self, stack_bb: float | None = None, *, seed: int | None = None, ante_bb: float = 0.0) -> None:

        self.ante_bb = real(ante_bb, "ante_bb", lo=0.0, hi=1.0)
        self.stack_bb = None if stack_bb is None else _check_stack(stack_bb, self.ante_bb)[0]
        self._rng = np.random.default_rng(check_seed(seed))
        self._solved: dict[float, PushFoldResult] = {}
        super().__init__()

    def solution(self, stack_bb: float) -> PushFoldResult:
        """The equilibrium at ``stack_bb`` (solved once per stack)."""
        if stack_bb not in self._solved:
            self._solved[stack_bb] = push_fold(stack_bb, ante_bb=self.ante_bb)
        return self._solved[stack_bb]

    def deal(self) -> DrillHand:
        """A new question (an unanswered one is replaced)."""
        rng = self._rng
        stacks = [s for s in DRILL_STACKS if s >= 1 + self.ante_bb]
        stack = self.stack_bb if self.stack_bb is not None else float(stacks[int(rng.integers(len(stacks)))])
        r = self.solution(stack)
        seat = "small blind" if rng.random() < 0.5 else "big blind"
        share = _combo_share()
        if seat == "small blind":
            weights = share
        else:
            weights = _base_arrays()[0].T @ r._x  # chance the big blind holds j and faces a jam
        i = int(rng.choice(len(CLASSES), p=weights / weights.sum()))
        hc = hand_classes()[i]
        a, b = hc.combos[int(rng.integers(len(hc.combos)))]
        name = hc.name
        if seat == "small blind":
            evs = {"jam": r.jam_ev[name], "fold": r.fold_ev}
            best = r.jam[name]
        else:
            evs = {"call": r.call_ev[name], "fold": r.bb_fold_ev}
            best = r.call[name]
        self.current = DrillHand(len(self.history) + 1, stack, seat, name, f"{a}{b}", MappingProxyType(evs), best)
        return self.current

    def answer(self, action: str) -> DrillHand:
        """Score ``action`` (``jam``, ``call`` or ``fold``; ``j``, ``c``, ``f`` will do) for the current hand."""
        hand = self._asked()
        word = action.strip().lower() if isinstance(action, str) else action
        full = {"j": "jam", "c": "call", "f": "fold"}.get(word, word) if isinstance(word, str) else word
        if full not in hand.answers:
            raise ParameterError(f"the answer must be {' or '.join(hand.answers)}, not {word!r:.40}")
        return self._score(full)

    def mistakes(self, count: int = 5) -> list[DrillHand]:
        """The costliest answers so far, worst first (answers that lost nothing are left out)."""

        count = whole(count, "count", lo=0, hi=10_000)
        bad = sorted((h for h in self.history if h.lost > 1e-12), key=lambda h: -h.lost)
        return bad[:count]

    def summary(self) -> str:
        """Hands answered, right answers, total and mean EV lost, and the costliest mistakes."""
        n = len(self.history)
        right = sum(1 for h in self.history if h.lost <= 1e-12)
        mean = self.total_lost / max(n, 1)
        lines = [
            f"{n} hand{'' if n == 1 else 's'}, {right} right; EV lost {self.total_lost:.3f} bb ({mean:.3f} per hand)"
        ]
        for h in self.mistakes():
            lines.append(f"  {h.lost:.3f} bb: {h.hand} at {h.stack_bb:g} bb in the {h.seat}, you chose {h.answer}")
        return "\n".join(lines)
