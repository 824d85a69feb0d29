"""Simulated preflop tables (the Waterloo report's eq. 1 and Table 3): each class against opponents who always call."""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from concurrent.futures import Executor
from typing import cast

import numpy as np

from pokerlab import _compiled, _validate
from pokerlab._options import TableMetricChoice
from pokerlab._parallel import run_tasks
from pokerlab._validate import flag, whole
from pokerlab.cards import hand_classes
from pokerlab.errors import ParameterError
from pokerlab.preflop.table import (
    CLASS_NAMES,
    MAX_GAMES,
    METRICS,
    PreflopTable,
    _check_players,
    _class,
    _version,
)


def _task_seed(seed: int, class_index: int, chunk: int) -> int:
    ss = np.random.SeedSequence(entropy=seed, spawn_key=(class_index, chunk))
    return int(ss.generate_state(1, dtype=np.uint64)[0] & np.uint64(2**63 - 1))


def _simulate_task(task: tuple[int, int, int, int, int]) -> tuple[int, float, float, float, float, int]:
    """Play ``games`` all-in showdowns of one class against random hands (runs in any worker)."""
    _kernels = _compiled.kernels()

    class_index, players, games, seed, _chunk = task
    hc = hand_classes()[class_index]
    cards = np.array([[a.id, b.id] for a, b in hc.combos], dtype=np.int64)
    win, tie, share, share_sq, done, _ = _kernels.equity_mc(
        np.zeros(0, np.int64),
        5,
        cards,
        np.array([0, len(cards)], dtype=np.int64),
        np.arange(1, len(cards) + 1, dtype=np.float64),
        players - 1,
        games,
        seed,
    )
    return class_index, float(win[0]), float(tie[0]), float(share[0]), float(share_sq[0]), int(done)


def simulate_table(
    players: int,
    games: int = 10_000,
    seed: int | None = None,
    metric: TableMetricChoice = "pot_share",
    executor: Executor | None = None,
    progress: bool = True,
    *,
    classes: Iterable[str] | None = None,
    games_per_task: int = 10_000,
) -> PreflopTable:
    """The Waterloo report's simulation table: each class plays ``games`` showdowns against ``players - 1`` callers.

    Every game deals the class's cards (suits drawn uniformly among its
    combinations), random hands to the opponents and a full board; nobody
    folds. Two results are kept per class, in ``extra``:

    * ``won_outright``: games won alone / games. This is the Waterloo report's eq. 1
      (``P = winning times / total``) read literally: a split pot is not a win.
    * ``pot_share``: the average share of the pot, ties split (the equity).

    ``metric`` picks which one fills ``values``. Work is cut into tasks of
    ``games_per_task`` games of one class, each seeded from ``(seed, class,
    chunk)``, so the numbers depend only on ``seed``: any
    ``concurrent.futures.Executor`` (a process pool, a dask
    ``Client.get_executor()``, Ray) gives the same table as a serial run.
    ``classes`` limits the work to some classes (the other cells are NaN).
    """
    players = _check_players(players)
    games = whole(games, "games", lo=1, hi=MAX_GAMES)
    _validate.choice(metric, "metric", METRICS, message=f"metric must be one of {', '.join(METRICS)}, not {metric!r}")
    games_per_task = whole(games_per_task, "games_per_task", lo=1, hi=MAX_GAMES)
    flag(progress, "progress")
    _validate.instance(executor, Executor, "executor must be a concurrent.futures.Executor or None", optional=True)
    _validate.instance(
        classes,
        Iterable,
        "classes must be a list of hand classes such as ['AA', 'AKs']",
        check=lambda classes: not isinstance(classes, Mapping),
        optional=True,
    )
    if classes is not None:
        classes = list(classes)
        if not classes:
            raise ParameterError("classes must name at least one hand class")
    if seed is None:
        seed = int(cast(int, np.random.SeedSequence().entropy) % (2**63))
    else:
        seed = _validate.whole(seed, "seed", lo=0, message="seed must be a non-negative whole number")
    wanted = range(169) if classes is None else sorted({CLASS_NAMES.index(_class(c, "classes").name) for c in classes})
    tasks = []
    for ci in wanted:
        for chunk, start in enumerate(range(0, games, games_per_task)):
            n = min(games_per_task, games - start)
            tasks.append((ci, players, n, _task_seed(seed, ci, chunk), chunk))
    results = run_tasks(tasks, _simulate_task, executor, progress, f"simulation table, {players} players")
    sums: dict[int, np.ndarray] = {}
    for ci, win, tie, share, share_sq, done in results:
        acc = sums.setdefault(ci, np.zeros(5))
        acc += (win, tie, share, share_sq, done)
    grids = {k: np.full((13, 13), np.nan) for k in ("won_outright", "pot_share", "tie", "won_stderr", "share_stderr")}
    for ci, (win, tie, share, share_sq, done) in sums.items():
        r, c = hand_classes()[ci].grid_cell
        p_win = win / done
        mean = share / done
        grids["won_outright"][r, c] = p_win
        grids["pot_share"][r, c] = mean
        grids["tie"][r, c] = tie / done
        grids["won_stderr"][r, c] = math.sqrt(max(p_win * (1 - p_win), 0.0) / max(done - 1, 1))
        grids["share_stderr"][r, c] = math.sqrt(max(share_sq / done - mean**2, 0.0) / max(done - 1, 1))
    values = grids[metric]
    errors = grids["share_stderr" if metric == "pot_share" else "won_stderr"]
    provenance = {
        "method": "simulation",
        "players": players,
        "games": games,
        "seed": seed,
        "metric": metric,
        "games_per_task": games_per_task,
        **({"classes": [CLASS_NAMES[i] for i in wanted]} if classes is not None else {}),
        "pokerlab_version": _version(),
        "command": f"pokerlab tables --method simulation --players {players} --games {games} --seed {seed}",
    }
    return PreflopTable(values=values, provenance=provenance, errors=errors, extra=grids)
