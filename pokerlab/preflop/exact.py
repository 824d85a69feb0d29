"""The exact heads-up preflop table: each class's all-in equity against a random hand, over every board."""

from __future__ import annotations

from concurrent.futures import Executor

import numpy as np

from pokerlab import _cache, _compiled
from pokerlab._parallel import run_tasks
from pokerlab._validate import flag, instance, whole
from pokerlab.cards import combo_index, hand_classes
from pokerlab.preflop.table import (
    PreflopTable,
    _version,
)

# ----------------------------------------------------------------------------
# Exact heads-up table
# ----------------------------------------------------------------------------


BOARD_COUNT = 134_459
"""5-card boards that differ up to a renaming of suits."""


def _canonical_boards() -> tuple[np.ndarray, np.ndarray]:
    """5-card boards up to suit renaming with their multiplicities, cached on disk (checksum + provenance)."""
    _kernels = _compiled.kernels()

    path = _cache.cache_dir() / f"canonical-boards-v1-f{_cache.FORMAT}.npz"
    provenance = {"kind": "pokerlab canonical 5-card boards", "version": 1, "boards": BOARD_COUNT}
    arrays = _cache.load(path, provenance, ("boards", "weights"))
    if arrays is not None:
        boards, weights = arrays["boards"], arrays["weights"]
        sound = (
            boards.shape == (BOARD_COUNT, 5)
            and weights.shape == (BOARD_COUNT,)
            and int(boards.min()) >= 0
            and int(boards.max()) <= 51
            and bool((np.diff(np.sort(boards, axis=1), axis=1) > 0).all())
            and weights.sum() == 2_598_960
        )
        if sound:
            return boards.astype(np.int64), weights.astype(np.float64)
        _cache.warn(f"the cache file {path} is unusable (its boards are not 5 distinct cards); rebuilding it")
    boards, weights = _kernels.canonical_boards()
    _cache.save(path, {"boards": boards.astype(np.int8), "weights": np.asarray(weights)}, provenance)
    return boards, weights


def _heads_up_task(task: tuple[np.ndarray, np.ndarray]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    _kernels = _compiled.kernels()

    boards, weights = task
    return _kernels.heads_up_counts(boards, weights)


def exact_heads_up_table(executor: Executor | None = None, progress: bool = True, tasks: int = 256) -> PreflopTable:
    """Each class's exact equity against one random hand (ties split).

    Every one of the 2,097,572,400 (opponent hand, board) cases per hole
    combination is counted. Instead of looping per class, each 5-card board
    is visited once: all 1,081 two-card hands from the other 47 cards are
    evaluated, sorted, and every hand's wins and ties against the hands
    that share no card with it are counted from the sorted lists (global,
    minus those holding either of its cards). Boards that differ only by a
    renaming of suits give the same class totals, so only the 134,459
    distinct ones are visited, each weighted by how many boards it stands
    for. ``extra`` holds the win and tie shares.
    """
    tasks = whole(tasks, "tasks", lo=1, hi=BOARD_COUNT)
    flag(progress, "progress")
    instance(executor, Executor, "executor must be a concurrent.futures.Executor or None", optional=True)
    boards, weights = _canonical_boards()
    chunks = np.array_split(np.arange(len(boards)), tasks)
    work = [(boards[idx], weights[idx]) for idx in chunks]
    results = run_tasks(work, _heads_up_task, executor, progress, "exact heads-up")
    wins = np.zeros(1326)
    ties = np.zeros(1326)
    cases = np.zeros(1326)
    for w, t, c in results:
        wins += w
        ties += t
        cases += c
    grids = {k: np.full((13, 13), np.nan) for k in ("equity", "win", "tie")}
    for hc in hand_classes():
        idx = [combo_index(a, b) for a, b in hc.combos]
        total = cases[idx].sum()
        r, c = hc.grid_cell
        grids["win"][r, c] = wins[idx].sum() / total
        grids["tie"][r, c] = ties[idx].sum() / total
        grids["equity"][r, c] = (wins[idx].sum() + ties[idx].sum() / 2) / total
    provenance = {
        "method": "exact",
        "players": 2,
        "cases_per_combination": 2_097_572_400,
        "pokerlab_version": _version(),
        "command": "pokerlab tables --method exact",
    }
    return PreflopTable(values=grids["equity"], provenance=provenance, extra={"win": grids["win"], "tie": grids["tie"]})
