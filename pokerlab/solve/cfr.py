"""Counterfactual regret minimisation: CFR, CFR+ and external-sampling Monte Carlo CFR.

Regret matching in one paragraph: at every information set keep, for each
action, the *cumulative counterfactual regret*: how much better that action
would have done than the strategy actually played, summed over iterations,
each time weighted by the probability that the opponent and chance bring the
game here. Play each action in proportion to its positive regret (uniformly
when none is positive). The strategies played do not converge, but their
average, weighted by the player's own probability of reaching the set, does:
to a Nash equilibrium (Zinkevich, Johanson, Bowling and Piccione, "Regret
Minimization in Games with Incomplete Information", NIPS 2007).

* ``"cfr"``: the above, players updated in turn (alternating updates).
* ``"cfr+"``: regrets floored at 0 after every update and a linearly
  weighted average (iteration ``t`` weighs ``t``) (Tammelin, "Solving Large
  Imperfect Information Games Using CFR+", 2014).
* ``"mccfr"``: external sampling (Lanctot, Waugh, Zinkevich and Bowling,
  "Monte Carlo Sampling for Regret Minimization in Extensive Games", NIPS
  2009): each iteration samples one deal and, at the opponent's decisions, one
  action, and explores every action of the player being updated. An
  iteration is much cheaper, and the result depends on ``seed``.

``cfr``/``cfr+`` run the same algorithm as OpenSpiel's ``CFRSolver``/``CFRPlusSolver``
(alternating updates; CFR+ resets negative regrets after each player's pass), but
not the same floating-point summation order, and how far the policies agree was
measured (largest difference of an action's probability in the average policy,
against OpenSpiel 2.0.2's C++ solvers):

* Kuhn poker: equal to 1e-16 at 10, 100 and 1,000 iterations, CFR and CFR+.
* Leduc Hold'em: equal to 1e-13 up to 100 iterations (CFR+ 1e-10 at 100), then
  apart: CFR 2e-11 at 200 and 1e-3 at 1,000 iterations; CFR+ 3e-2 at 200 and
  1,000. Exploitability after 1,000 iterations: CFR 0.011822 (OpenSpiel 0.011818),
  CFR+ 0.000251 (OpenSpiel 0.000257).

Leduc's regret matching amplifies rounding differences once regrets are near zero
(pokerlab's numba and numpy engines drift apart from each other the same way), so
after about 100 iterations the two are different runs of the same method, equally
good, not the same numbers. ``tests/solve/test_solve_openspiel.py`` compares them where
they agree.

:func:`cfr_reference` is the same algorithm written plainly, one deal and one
node at a time (about twenty lines); :func:`cfr` runs it in a compiled loop
over the flattened tree (:mod:`pokerlab.solve._kernels`), or with
``engine="numpy"`` walks the tree once per player with numpy arrays over all
deals. The tests hold all three equal.

>>> from pokerlab import solve
>>> kuhn = solve.game("kuhn")
>>> result = solve.cfr(kuhn, 1000, variant="cfr+")
>>> round(solve.expected_value(kuhn, result.average_policy), 4)  # the game value, -1/18
-0.0556
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from pokerlab import _chart_hook, _progress, _validate
from pokerlab._options import CFREngine, CFREngineChoice, Variant, VariantChoice
from pokerlab.errors import ParameterError
from pokerlab.solve import _flat
from pokerlab.solve.evaluate import decisions, exploitability
from pokerlab.solve.games import Game
from pokerlab.solve.policy import Policy

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["ENGINES", "VARIANTS", "CFREngine", "CFRResult", "Variant", "cfr", "cfr_reference", "regret_matching"]


VARIANTS: tuple[Variant, ...] = tuple(Variant)
"""The variants, in the order the CLI and the docs list them (each equal to its string)."""
ENGINES: tuple[CFREngine, ...] = tuple(CFREngine)
MAX_ITERATIONS = 10_000_000


def regret_matching(regrets: np.ndarray, legal: np.ndarray) -> np.ndarray:
    """Rows proportional to the positive regrets of legal actions (uniform where none is positive).

    >>> regret_matching(np.array([[3.0, -1.0, 1.0], [-2.0, -1.0, 0.0]]), np.ones((2, 3), bool))
    array([[0.75      , 0.        , 0.25      ],
           [0.33333333, 0.33333333, 0.33333333]])
    """
    try:
        regrets, legal = np.asarray(regrets, dtype=float), np.asarray(legal, dtype=bool)
    except (TypeError, ValueError):
        raise ParameterError("regrets and legal must be tables of numbers and of True/False values") from None
    if regrets.ndim != 2 or regrets.shape != legal.shape or not legal.any(axis=1).all():
        raise ParameterError("regrets and legal must be tables of the same shape, each row with a legal action")
    if not np.isfinite(regrets).all():
        raise ParameterError("regrets must be finite numbers (not NaN or infinite)")
    positive = np.where(legal, np.maximum(regrets, 0.0), 0.0)
    with np.errstate(over="ignore"):
        total = positive.sum(axis=1, keepdims=True)
    if not np.isfinite(total).all():  # huge regrets overflowed the sum: scale each row by its largest first
        positive = positive / np.maximum(positive.max(axis=1, keepdims=True), np.finfo(float).tiny)
        total = positive.sum(axis=1, keepdims=True)
    uniform = legal / legal.sum(axis=1, keepdims=True)
    return np.where(total > 0, positive / np.where(total > 0, total, 1.0), uniform)


def _average(total: np.ndarray, legal: np.ndarray) -> np.ndarray:
    s = total.sum(axis=1, keepdims=True)
    uniform = legal / legal.sum(axis=1, keepdims=True)
    return np.where(s > 0, total / np.where(s > 0, s, 1.0), uniform)


@dataclass(frozen=True, eq=False)
class CFRResult:
    """What :func:`cfr` returns.

    ``policy`` is the last iteration's strategy, ``average_policy`` the
    average that converges to an equilibrium; ``history`` pairs
    ``(iteration, exploitability of the average policy)`` at the recorded
    iterations, and ``snapshots`` holds the average policy at each of them.
    """

    game: Game
    variant: Variant
    iterations: int
    seed: int | None
    policy: Policy
    average_policy: Policy
    history: tuple[tuple[int, float], ...]
    snapshots: tuple[Policy, ...]

    @property
    def exploitability(self) -> float:
        """Exploitability of the average policy after the last iteration (chips per hand)."""
        return self.history[-1][1] if self.history else exploitability(self.game, self.average_policy)

    def frame(self) -> pd.DataFrame:
        """The history as a table: iteration, exploitability, variant, game."""
        import pandas as pd

        return pd.DataFrame(
            {
                "iteration": [i for i, _ in self.history],
                "exploitability": [e for _, e in self.history],
                "variant": str(self.variant),
                "game": self.game.name,
            }
        )

    def chart(self) -> _chart_hook.Chart:
        """The exploitability curve (log-log)."""
        return _chart_hook.draw("exploitability_chart", [self])


def _checkpoints(iterations: int, record: int | None) -> list[int]:
    """Exactly ``min(record, iterations)`` iterations, spaced evenly on a log scale, the last included.

    Rounding the log-spaced points makes the first ones meet (1, 1.2 and 1.4 are all iteration 1), so the
    early iterations that rounding dropped are added back from 1 up: at the start of a run every iteration
    is a log-scale step of its own.

    >>> _checkpoints(5, 10), _checkpoints(5, 4), len(_checkpoints(1000, 40))
    ([1, 2, 3, 4, 5], [1, 2, 3, 5], 40)
    """
    if record == 0:
        return []
    target = min(40 if record is None else record, iterations)
    if target == 1:
        return [iterations]
    points = set(np.round(np.geomspace(1, iterations, num=target)).astype(int).tolist()) | {iterations}
    early = 1
    while len(points) < target:
        points.add(early)
        early += 1
    return sorted(points)


def _check_int(name: str, value: object, low: int, high: int) -> int:
    value = _validate.whole(value, name)
    if not low <= int(value) <= high:
        raise ParameterError(f"{name} must be between {low:,} and {high:,}, not {value}")
    return int(value)


def cfr(
    game: Game,
    iterations: int,
    variant: VariantChoice = "cfr",
    seed: int | None = None,
    *,
    record: int | None = None,
    engine: CFREngineChoice | None = None,
    progress: bool = False,
) -> CFRResult:
    """Run ``iterations`` iterations of ``variant`` (``"cfr"``, ``"cfr+"`` or ``"mccfr"``) on ``game``.

    ``record`` is how many iterations (spaced evenly on a log scale, the last
    always included; exactly ``min(record, iterations)`` of them, 40 by default)
    get their average policy's exploitability measured into ``history``; 0
    measures nothing (for timing). ``seed`` drives MCCFR's
    sampling (the other variants are deterministic, so a seed given to them is
    refused rather than ignored and recorded). ``engine`` runs CFR and
    CFR+ in the compiled kernel (``"numba"``, the default, compiled once and cached
    on disk) or as numpy operations over all deals at each node (``"numpy"``);
    both give the plain reference's numbers. For MCCFR, ``"numba"`` (the default)
    is the compiled walk; ``"python"`` is the same walk in plain Python, which
    gives its numbers exactly (the same seed, the same policy) with no numba to
    load or compile, at about 0.1-0.5 ms an iteration instead of 1-2 us: the
    quicker of the two for a first run of up to a few thousand iterations. ``"numpy"``
    is the plain Python walk the kernel replaced: the same algorithm with another
    random stream, so the same seed gives a different (equally good) policy.
    ``progress`` shows a tqdm bar.
    """
    _validate.instance(game, Game, "game must be a pokerlab.solve game (solve.game('leduc'))")
    iterations = _check_int("iterations", iterations, 1, MAX_ITERATIONS)
    kind = _validate.member(Variant, variant, "variant")
    if record is not None:
        record = _check_int("record", record, 0, 10_000)
    if seed is not None:
        seed = _check_int("seed", seed, 0, 2**63 - 1)
    where = CFREngine.NUMBA if engine is None else _validate.member(CFREngine, engine, "engine")
    # an option the run would ignore is refused, as on the command line
    if seed is not None and kind != Variant.MCCFR:
        raise ParameterError(f"seed={seed}: {kind} is deterministic (a seed drives only mccfr's sampling)")
    if where == CFREngine.PYTHON and kind != Variant.MCCFR:
        raise ParameterError(f"engine='python' runs mccfr only; {kind} runs on 'numba' or 'numpy'")
    points = _checkpoints(iterations, record)
    if kind == Variant.MCCFR:
        solver: _Solver = (
            _Sampled(game, seed) if where == CFREngine.NUMPY else _CompiledSampled(game, seed, where == CFREngine.NUMBA)
        )
    elif where == CFREngine.NUMBA:
        solver = _Compiled(game, plus=kind == Variant.CFR_PLUS)
    else:
        solver = _Vectorised(game, plus=kind == Variant.CFR_PLUS)
    history: list[tuple[int, float]] = []
    snapshots: list[Policy] = []
    _validate.flag(progress, "progress")
    bar = None
    if progress:
        bar = _progress.bar(iterations, f"{kind} on {game.name}", "it")
    done = 0
    for stop in sorted(set(points) | {iterations}):
        solver.run(done + 1, stop + 1)
        if bar is not None:
            bar.update(stop - done)
        done = stop
        if stop in points:
            avg = Policy(game, _average(solver.total, game.legal))
            history.append((stop, exploitability(game, avg)))
            snapshots.append(avg)
    if bar is not None:
        bar.close()
    average = snapshots[-1] if points else Policy(game, _average(solver.total, game.legal))
    return CFRResult(
        game,
        kind,
        iterations,
        seed,
        Policy(game, regret_matching(solver.regret, game.legal)),
        average,
        tuple(history),
        tuple(snapshots),
    )


class _Solver:
    """What :func:`cfr` needs from a solver: ``run(start, stop)`` and the ``regret`` and ``total`` tables."""

    regret: np.ndarray
    total: np.ndarray

    def run(self, start: int, stop: int) -> None:
        for t in range(start, stop):
            self.iterate(t)

    def iterate(self, t: int) -> None:
        raise NotImplementedError


class _Compiled(_Solver):
    """CFR and CFR+ in the numba kernel of :mod:`pokerlab.solve._kernels` (the default engine)."""

    def __init__(self, game: Game, plus: bool) -> None:
        from pokerlab.solve import _kernels  # lazy: numba loads when a compiled solver is built, not on import

        self.kernel = _kernels.cfr_iterations
        self.arrays = _kernels.flatten(game)
        self.plus = plus
        self.regret = np.zeros(game.legal.shape)
        self.total = np.zeros(game.legal.shape)

    def run(self, start: int, stop: int) -> None:
        self.kernel(start, stop, self.plus, *self.arrays, self.regret, self.total)


class _Vectorised(_Solver):
    """CFR and CFR+ over all deals at once: one walk of the public tree per player and iteration."""

    def __init__(self, game: Game, plus: bool) -> None:
        self.game, self.plus = game, plus
        self.legal = game.legal
        self.regret = np.zeros(self.legal.shape)
        self.total = np.zeros(self.legal.shape)
        self.current = regret_matching(self.regret, self.legal)
        self.dec = decisions(game)
        self.nodes = game.nodes

    def iterate(self, t: int) -> None:
        weight = float(t) if self.plus else 1.0
        for player in (0, 1):
            self._walk(0, player, self.game.chance, np.ones(len(self.game.deals)), weight)
            if self.plus:
                np.maximum(self.regret, 0.0, out=self.regret)
            self.current = regret_matching(self.regret, self.legal)

    def _walk(self, k: int, player: int, w: np.ndarray, own: np.ndarray, weight: float) -> np.ndarray:
        """Counterfactual values for ``player`` per deal; ``w`` = chance x opponent reach, ``own`` = own reach."""
        n = self.nodes[k]
        if n.terminal:
            return n.payoff if player == 0 else -n.payoff  # type: ignore[operator,return-value]
        d = self.dec[k]
        assert d is not None
        probs = self.current[d.iset][:, d.cols]
        if n.player != player:
            value = np.zeros(len(w))
            for a, c in enumerate(n.children):
                value += probs[:, a] * self._walk(c, player, w * probs[:, a], own, weight)
            return value
        child = np.stack([self._walk(c, player, w, own * probs[:, a], weight) for a, c in enumerate(n.children)], 1)
        value = (probs * child).sum(axis=1)
        rows, cols = d.uniq[:, None], d.cols[None, :]
        self.regret[rows, cols] += d.onehot @ (w[:, None] * (child - value[:, None]))
        self.total[rows, cols] += weight * (d.onehot @ (own[:, None] * probs))
        return value


class _CompiledSampled(_Solver):
    """External-sampling MCCFR in the numba kernel of :mod:`pokerlab.solve._kernels` (the default engine).

    The same walk as :class:`_Sampled`, over the flat arrays CFR uses, with its own xorshift64* stream
    (seeded by splitmix64), so a seed gives the same policy on every run and machine. ``compiled=False``
    runs the kernel's plain Python twin (:class:`pokerlab.solve._flat.PlainWalk`, ``engine="python"``)
    instead: the same numbers, without importing numba.
    """

    def __init__(self, game: Game, seed: int | None, compiled: bool = True) -> None:
        player, first, count, kids, col, infoset, payoff, chance, _ = _flat.flatten(game)
        self.arrays: tuple[np.ndarray, ...] = (player, first, count, kids, col, infoset, payoff, np.cumsum(chance))
        self.regret = np.zeros(game.legal.shape)
        self.total = np.zeros(game.legal.shape)
        self.state = _flat.seed_state(seed)
        self.kernel: Callable[..., None]
        if compiled:
            from pokerlab.solve import _kernels  # lazy: numba loads only for the compiled walk

            self.kernel = _kernels.mccfr_iterations
        else:
            self.kernel = _flat.PlainWalk(*self.arrays).run
            self.arrays = ()

    def run(self, start: int, stop: int) -> None:
        self.kernel(stop - start, *self.arrays, self.regret, self.total, self.state)


class _Sampled(_Solver):
    """External-sampling MCCFR in plain Python (``engine="numpy"``): one sampled deal per player and iteration."""

    def __init__(self, game: Game, seed: int | None) -> None:
        self.game = game
        self.legal = game.legal
        self.regret = np.zeros(self.legal.shape)
        self.total = np.zeros(self.legal.shape)
        self.rng = np.random.default_rng(seed)
        self.dec = decisions(game)
        self.cols = [None if x is None else x.cols for x in self.dec]

    def _strategy(self, i: int, cols: np.ndarray) -> np.ndarray:
        r = np.maximum(self.regret[i, cols], 0.0)
        s = r.sum()
        return r / s if s > 0 else np.full(len(cols), 1.0 / len(cols))

    def iterate(self, t: int) -> None:
        for player in (0, 1):
            deal = int(self.rng.choice(len(self.game.deals), p=self.game.chance))
            self._walk(0, player, deal)

    def _walk(self, k: int, player: int, deal: int) -> float:
        n = self.game.nodes[k]
        if n.terminal:
            v = float(n.payoff[deal])  # type: ignore[index]
            return v if player == 0 else -v
        cols = self.cols[k]
        assert cols is not None
        i = int(n.infoset[deal])  # type: ignore[index]
        sigma = self._strategy(i, cols)
        if n.player != player:
            self.total[i, cols] += sigma  # the opponent's strategy enters the average where it is sampled
            a = int(self.rng.choice(len(cols), p=sigma))
            return self._walk(n.children[a], player, deal)
        values = np.array([self._walk(c, player, deal) for c in n.children])
        value = float(sigma @ values)
        self.regret[i, cols] += values - value
        return value


def cfr_reference(game: Game, iterations: int, variant: VariantChoice = "cfr") -> Policy:
    """CFR or CFR+ written plainly (one deal, one node at a time): the tested reference of :func:`cfr`.

    Returns the average policy after ``iterations`` iterations.
    """
    _validate.instance(game, Game, "game must be a pokerlab.solve game (solve.game('kuhn'))")
    plus = _validate.member(Variant, variant, "variant") == Variant.CFR_PLUS
    if variant == Variant.MCCFR:
        raise ParameterError(f"variant: the reference implements cfr and cfr+, not {variant!r:.60}")
    iterations = _check_int("iterations", iterations, 1, 100_000)
    regret = {i.key: dict.fromkeys(i.actions, 0.0) for i in game.infosets}
    total = {i.key: dict.fromkeys(i.actions, 0.0) for i in game.infosets}

    def matched(key: str) -> dict[str, float]:  # regret matching
        positive = {a: max(r, 0.0) for a, r in regret[key].items()}
        s = sum(positive.values())
        return {a: (p / s if s > 0 else 1 / len(positive)) for a, p in positive.items()}

    def walk(k: int, deal: int, me: int, reach_me: float, reach_other: float, t: int) -> float:
        node = game.nodes[k]
        if node.terminal:
            return node.payoff[deal] * (1 if me == 0 else -1)  # type: ignore[index]
        key = game.infosets[node.infoset[deal]].key  # type: ignore[index]
        sigma = strategy[key]
        if node.player != me:
            return sum(
                sigma[a] * walk(c, deal, me, reach_me, reach_other * sigma[a], t)
                for a, c in zip(node.actions, node.children, strict=True)
            )
        values = {
            a: walk(c, deal, me, reach_me * sigma[a], reach_other, t)
            for a, c in zip(node.actions, node.children, strict=True)
        }
        value = sum(sigma[a] * values[a] for a in node.actions)
        for a in node.actions:
            regret[key][a] += reach_other * (values[a] - value)
            total[key][a] += (t if plus else 1) * reach_me * sigma[a]
        return value

    for t in range(1, iterations + 1):
        for me in (0, 1):
            strategy = {key: matched(key) for key in regret}  # fixed during the pass
            for deal, p in enumerate(game.chance):
                walk(0, deal, me, 1.0, float(p), t)
            if plus:
                regret = {key: {a: max(r, 0.0) for a, r in row.items()} for key, row in regret.items()}

    def averaged(key: str) -> dict[str, float]:
        s = sum(total[key].values())
        return {a: (x / s if s > 0 else 1 / len(total[key])) for a, x in total[key].items()}

    return Policy.from_mapping(game, {key: averaged(key) for key in total})
