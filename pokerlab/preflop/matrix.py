"""The exact heads-up matrix: every starting class against every other, all-in, over every board."""

from __future__ import annotations

import io
import re
from collections.abc import Mapping
from concurrent.futures import Executor
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from pokerlab import _chart_hook, _compiled, _validate
from pokerlab._parallel import run_tasks
from pokerlab.cards import HandClass, combo_index, hand_classes
from pokerlab.errors import PreflopTableError
from pokerlab.preflop.exact import BOARD_COUNT, _canonical_boards
from pokerlab.preflop.table import (
    CLASS_NAMES,
    PreflopTable,
    _class,
    _grid,
    _missing,
    _read_signed_frame,
    _strength_order,
    _version,
    _write_signed,
    data_dir,
)

# ----------------------------------------------------------------------------
# Exact heads-up matrix: every class against every class
# ----------------------------------------------------------------------------

MATRIX_HEADER = "# pokerlab preflop matrix"
MATRIX_FILE = "exact_heads_up_matrix.csv"
BOARDS_PER_PAIR = 1_712_304
"""Boards of five cards from the 48 left once two hole combinations are dealt: C(48, 5)."""
MATRIX_COLUMNS = ("class", "opponent", "pairs", "wins", "ties", "losses", "equity", "win", "tie")

if TYPE_CHECKING:  # pragma: no cover
    import pandas as pd


def _class_of_combo() -> np.ndarray:
    """Index into :data:`CLASS_NAMES` of each of the 1,326 hole combinations."""
    out = np.empty(1326, np.int64)
    for ci, hc in enumerate(hand_classes()):
        for a, b in hc.combos:
            out[combo_index(a, b)] = ci
    return out


def _pair_counts() -> np.ndarray:
    """``pairs[a, b]``: ordered pairs (combination of class a, combination of class b) sharing no card."""
    masks = [[(1 << a.id) | (1 << b.id) for a, b in hc.combos] for hc in hand_classes()]
    out = np.zeros((169, 169), np.int64)
    for i, mi in enumerate(masks):
        for j in range(i, 169):
            n = sum(1 for x in mi for y in masks[j] if not x & y)
            out[i, j] = out[j, i] = n
    return out


@dataclass(frozen=True, eq=False)
class PreflopMatrix:
    """Exact all-in showdown counts of each starting class against each other class, heads-up.

    ``wins[a, b]`` counts the (combination of class a, combination of class
    b, board) deals with no card dealt twice in which the first hand wins;
    ``ties[a, b]`` those that split; ``pairs[a, b]`` the combination pairs
    that share no card, each dealt :data:`BOARDS_PER_PAIR` boards. Indices
    follow :data:`CLASS_NAMES`. Equity is ``(wins + ties / 2) / cases``: the
    average over all non-conflicting combination pairs, as PokerStove prints
    it.

    >>> m = load_matrix()
    >>> round(m.equity("AA", "KK"), 4), round(m.equity("AKo", "QQ"), 4), m.equity("72o", "72o")
    (0.8195, 0.4324, 0.5)
    """

    wins: np.ndarray
    ties: np.ndarray
    pairs: np.ndarray
    provenance: Mapping[str, Any]

    def __post_init__(self) -> None:
        for name in ("wins", "ties", "pairs"):
            arr = getattr(self, name)
            _validate.instance(arr, np.ndarray, f"{name} must be a 169x169 array", error=PreflopTableError)
            if arr.shape != (169, 169):
                raise PreflopTableError(f"{name} must be a 169x169 array, not {arr.shape}")
        _validate.instance(self.provenance, Mapping, "provenance must be a mapping", error=PreflopTableError)
        _check_matrix(self.wins, self.ties, self.pairs, self.provenance, "the matrix")

    @property
    def cases(self) -> np.ndarray:
        """(combination pair, board) deals per class pair."""
        return self.pairs * BOARDS_PER_PAIR

    def _ij(self, a: str | HandClass, b: str | HandClass) -> tuple[int, int]:
        return CLASS_NAMES.index(_class(a).name), CLASS_NAMES.index(_class(b).name)

    def combination_pairs(self, a: str | HandClass, b: str | HandClass) -> int:
        """How many (combination of class ``a``, combination of class ``b``) pairs share no card: the weight of
        the class pair in a heads-up all-in, ``pairs[a, b]`` by name.

        >>> m = load_matrix()
        >>> m.combination_pairs("AA", "AA"), m.combination_pairs("AKs", "AKs"), m.combination_pairs("AKo", "QQ")
        (6, 12, 72)
        """
        return int(self.pairs[self._ij(a, b)])

    def equity(self, a: str | HandClass, b: str | HandClass) -> float:
        """Class ``a``'s equity against class ``b`` (ties split): ``m.equity("AKs", "QQ")``."""
        i, j = self._ij(a, b)
        return float((self.wins[i, j] + self.ties[i, j] / 2) / self.cases[i, j])

    def win(self, a: str | HandClass, b: str | HandClass) -> float:
        """Share of deals that class ``a`` wins outright against class ``b``."""
        i, j = self._ij(a, b)
        return float(self.wins[i, j] / self.cases[i, j])

    def tie(self, a: str | HandClass, b: str | HandClass) -> float:
        """Share of deals that class ``a`` and class ``b`` split."""
        i, j = self._ij(a, b)
        return float(self.ties[i, j] / self.cases[i, j])

    def against(self, b: str | HandClass) -> PreflopTable:
        """Every class's equity against class ``b`` on the 13x13 grid (``.chart()`` draws it as a heatmap).

        >>> round(load_matrix().against("AA").value("KK"), 4)
        0.1805
        """
        j = self._ij(b, b)[1]
        eq = self.equities()[:, j]
        provenance = {**self.provenance, "method": "exact", "opponent": CLASS_NAMES[j]}
        return PreflopTable(values=_grid(list(eq)), provenance=provenance)

    def equities(self) -> np.ndarray:
        """The 169x169 equity array (row class against column class, :data:`CLASS_NAMES` order)."""
        return (self.wins + self.ties / 2) / self.cases

    def to_frame(self, half: bool = False) -> pd.DataFrame:
        """One row per ordered class pair (or, with ``half``, per unordered pair as the file stores them)."""
        import pandas as pd

        rows = []
        cases = self.cases
        for i in range(169):
            for j in range(i if half else 0, 169):
                w, t, n = int(self.wins[i, j]), int(self.ties[i, j]), int(cases[i, j])
                rows.append(
                    {
                        "class": CLASS_NAMES[i],
                        "opponent": CLASS_NAMES[j],
                        "pairs": int(self.pairs[i, j]),
                        "wins": w,
                        "ties": t,
                        "losses": n - w - t,
                        "equity": (w + t / 2) / n,
                        "win": w / n,
                        "tie": t / n,
                    }
                )
        return pd.DataFrame(rows, columns=list(MATRIX_COLUMNS))

    def chart(self, title: str | None = None) -> _chart_hook.Chart:
        """A 169x169 heatmap: each row class's equity against each column class (classes strongest first)."""
        return _chart_hook.draw("matrix_heatmap", self.to_frame(), _strength_order(), title=title or self.title)

    @property
    def title(self) -> str:
        return "Exact heads-up equity, class against class (all-in preflop)"

    def write(self, path: str | Path) -> Path:
        """Write CSV in the preflop tables' format: provenance lines, a sha256 line, then one row per class pair."""

        _validate.path(path, "path must be a file name", empty=False)
        path = Path(path)
        body = io.StringIO()
        self.to_frame(half=True).to_csv(body, index=False, float_format="%.17g", lineterminator="\n")
        data = body.getvalue()
        _write_signed(path, MATRIX_HEADER, self.provenance, data, "matrix")
        return path

    @classmethod
    def read(cls, path: str | Path) -> PreflopMatrix:
        """Read a matrix written by :meth:`write`, refusing anything malformed or edited."""
        path, provenance, frame = _read_signed_frame(path, MATRIX_HEADER, "matrix", keep_default_na=False, dtype=str)
        if tuple(frame.columns) != MATRIX_COLUMNS:
            raise PreflopTableError(f"{path}: the columns must be {', '.join(MATRIX_COLUMNS)}")
        if len(frame) != 169 * 170 // 2:
            raise PreflopTableError(f"{path}: wrong shape: {len(frame)} class pairs, expected {169 * 170 // 2}")
        first_row_line = len(provenance) + 4  # header, provenance, sha256 and column lines come first
        index = {n: k for k, n in enumerate(CLASS_NAMES)}
        wins = np.full((169, 169), -1, np.int64)
        ties = np.full((169, 169), -1, np.int64)
        pairs = np.full((169, 169), -1, np.int64)
        stored = np.zeros((len(frame), 3))
        for k, row in enumerate(frame[list(MATRIX_COLUMNS)].itertuples(index=False, name=None)):
            line = first_row_line + k
            a, b = row[0], row[1]
            if a not in index or b not in index:
                odd = a if a not in index else b
                raise PreflopTableError(f"{path}, line {line}: {_cell(odd)} is not a starting-hand class")
            i, j = index[a], index[b]
            if pairs[i, j] >= 0 or i > j:
                raise PreflopTableError(f"{path}, line {line}: the pair {a} against {b} is repeated or out of order")
            p, w, t, lost = (
                _whole(x, path, line, name, a, b) for x, name in zip(row[2:6], MATRIX_COLUMNS[2:6], strict=True)
            )
            pairs[i, j] = pairs[j, i] = p
            wins[i, j], ties[i, j] = w, t
            wins[j, i], ties[j, i] = lost, t
            stored[k] = [
                _fraction(x, path, line, name, a, b) for x, name in zip(row[6:], MATRIX_COLUMNS[6:], strict=True)
            ]
        matrix = cls(wins=wins, ties=ties, pairs=pairs, provenance=provenance)
        if not np.array_equal(stored, matrix.to_frame(half=True)[["equity", "win", "tie"]].to_numpy()):
            raise PreflopTableError(f"{path}: the equity, win or tie columns do not follow from the counts")
        return matrix


_COUNT = re.compile(r"[0-9]{1,15}")  # at most 10^15: far above any count (1,712,304 boards x 1,326 pairs)
_REAL = re.compile(r"[-+]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][-+]?[0-9]{1,3})?")


def _cell(x: str) -> str:
    return repr(x) if len(x) <= 24 else f"{x[:12]!r}... ({len(x):,} characters)"


def _whole(x: str, path: Path, line: int, column: str, a: str, b: str) -> int:
    if not _COUNT.fullmatch(x):
        raise PreflopTableError(
            f"{path}, line {line}: {column} of {a} against {b} is {_cell(x)}, not a whole number of at least 0"
        )
    return int(x)


def _fraction(x: str, path: Path, line: int, column: str, a: str, b: str) -> float:
    value = float(x) if _REAL.fullmatch(x) else float("nan")
    if not 0 <= value <= 1:
        raise PreflopTableError(f"{path}, line {line}: {column} of {a} against {b} is {_cell(x)}, not a number 0..1")
    return value


def _check_matrix(
    wins: np.ndarray, ties: np.ndarray, pairs: np.ndarray, provenance: Mapping[str, Any], where: str
) -> None:
    """Counts whole and consistent: pairs as the card removal gives them, wins + ties + losses = cases."""
    if provenance.get("method") != "exact-matrix" or provenance.get("players") != 2:
        raise PreflopTableError(f"{where}: the provenance must name method 'exact-matrix' and 2 players")
    if provenance.get("boards_per_pair") != BOARDS_PER_PAIR:
        raise PreflopTableError(f"{where}: the provenance must give boards_per_pair = {BOARDS_PER_PAIR}")
    if "pokerlab_version" not in provenance:
        raise PreflopTableError(f"{where}: missing provenance: pokerlab_version")
    if not np.array_equal(pairs, _pair_counts()):
        raise PreflopTableError(f"{where}: the combination pair counts are not those of the 169 classes")
    if (wins < 0).any() or (ties < 0).any() or not np.array_equal(ties, ties.T):
        raise PreflopTableError(f"{where}: the win and tie counts must be at least 0 and ties symmetric")
    if not np.array_equal(wins + ties + wins.T, pairs * BOARDS_PER_PAIR):
        raise PreflopTableError(f"{where}: wins, ties and losses do not add up to the deals of each class pair")


def _matrix_task(task: tuple[np.ndarray, np.ndarray, np.ndarray]) -> tuple[np.ndarray, np.ndarray]:
    _kernels = _compiled.kernels()

    boards, weights, class_of = task
    return _kernels.matrix_counts(boards, weights, class_of)


def exact_matrix(executor: Executor | None = None, progress: bool = True, tasks: int = 256) -> PreflopMatrix:
    """Every starting class against every other, heads-up, all in before the flop: exact counts.

    For each of the 169 x 169 ordered class pairs, every pair of
    combinations that share no card meets on all 1,712,304 boards. As for
    :func:`exact_heads_up_table`, boards are visited once each (only the
    134,459 distinct up to a renaming of suits, weighted): the 1,081 hands
    of the other 47 cards are evaluated once and walked in value order, so
    a hand's wins against each class are the hands of that class counted
    below it, less those sharing one of its cards. ``tasks`` chunks of
    boards run on ``executor`` (any ``concurrent.futures.Executor``; None is
    serial); the counts are whole numbers, so the result does not depend on
    the executor. Ctrl-C stops it between chunks.
    """
    tasks = _validate.whole(
        tasks, "tasks", lo=1, hi=BOARD_COUNT, message=f"tasks must be a whole number 1..{BOARD_COUNT}"
    )
    _validate.flag(progress, "progress")
    _validate.instance(executor, Executor, "executor must be a concurrent.futures.Executor or None", optional=True)
    boards, weights = _canonical_boards()
    class_of = _class_of_combo()
    work = [(boards[idx], weights[idx], class_of) for idx in np.array_split(np.arange(len(boards)), tasks)]
    results = run_tasks(work, _matrix_task, executor, progress, "exact matrix")
    wins = np.zeros((169, 169))
    ties = np.zeros((169, 169))
    for w, t in results:
        wins += w
        ties += t
    provenance = {
        "method": "exact-matrix",
        "players": 2,
        "boards_per_pair": BOARDS_PER_PAIR,
        "pokerlab_version": _version(),
        "command": "pokerlab tables --method exact-matrix",
    }
    return PreflopMatrix(
        wins=np.rint(wins).astype(np.int64),
        ties=np.rint(ties).astype(np.int64),
        pairs=_pair_counts(),
        provenance=provenance,
    )


def load_matrix() -> PreflopMatrix:
    """Read the committed exact class-against-class matrix (``data/preflop_tables/exact_heads_up_matrix.csv``)."""
    path = data_dir() / MATRIX_FILE
    if not path.exists():
        raise _missing(path, "pokerlab tables --method exact-matrix --workers 2")
    return _load_matrix_cached(str(path), path.stat().st_mtime_ns)


_MATRIX_CACHE: dict[tuple[str, int], PreflopMatrix] = {}


def _load_matrix_cached(path: str, stamp: int) -> PreflopMatrix:
    key = (path, stamp)
    if key not in _MATRIX_CACHE:
        _MATRIX_CACHE.clear()
        _MATRIX_CACHE[key] = PreflopMatrix.read(path)
    return _MATRIX_CACHE[key]
