"""Preflop tables: a value for each of the 169 starting-hand classes.

Seed 001 prints three such tables on the 13x13 grid (ranks 2..A on both
axes, pairs on the diagonal, suited hands below it, offsuit above it):

* Tables 1-2, "expert" tables: Papp's **income rate** of each class when
  every player calls to the showdown, scaled so that the worst class reads
  0 and the best 1 (:func:`expert_table`, ``source="income_rate"``). With n
  players each putting one bet in, a class that wins a share ``s`` of the
  pot on average earns ``IR = n*s - 1`` bets per hand.
* Table 3, a **simulation** table: the share of 10,000 games a class wins
  against opponents who always call (:func:`simulate_table`).

Besides them: the Sklansky-Malmuth groups, the Chen formula, the nine
Rembrant groups of seed 004 (all via :func:`expert_table`) and the exact
heads-up equity against a random hand (:func:`exact_heads_up_table`).

Every table is a :class:`PreflopTable`: values on the grid, a standard error
per cell where sampled, and its provenance (method, players, games, seed,
pokerlab version), written to and read from CSV with that provenance and a
checksum in the header.

>>> t = expert_table(2, source="chen")
>>> t.value("AA"), t.extra_value("points", "AA"), t.extra_value("points", "72o")
(1.0, 20.0, -1.0)
"""

from __future__ import annotations

import hashlib
import io
import json
import math
from collections.abc import Iterable, Mapping, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from pokerlab._parallel import run_tasks
from pokerlab._validate import flag, whole
from pokerlab.cards import HandClass, combo_index, hand_classes
from pokerlab.errors import CardError, ParameterError, PreflopTableError

if TYPE_CHECKING:  # pragma: no cover
    import altair as alt
    import pandas as pd

__all__ = [
    "CLASS_NAMES",
    "PreflopMatrix",
    "PreflopTable",
    "PreflopTableError",
    "exact_heads_up_table",
    "exact_matrix",
    "expert_table",
    "load_matrix",
    "load_table",
    "simulate_table",
]

RANKS = "23456789TJQKA"
CLASS_NAMES: tuple[str, ...] = tuple(hc.name for hc in hand_classes())
METRICS = ("pot_share", "won_outright")
MAX_GAMES = 10**10
"""More games per class than this (days of work) are refused rather than started."""
SOURCES = ("income_rate", "sklansky", "chen", "rembrant")
HEADER = "# pokerlab preflop table"
REQUIRED = ("method", "players", "pokerlab_version")


def _write_signed(path: Path, header: str, provenance: dict[str, Any], data: str, what: str) -> None:
    """Write the format of every committed table: the header line, ``# key: json`` provenance lines,
    a ``# sha256:`` line over all of them and the rows, then the CSV rows (atomically)."""
    head = "\n".join([header, *(f"# {k}: {json.dumps(v)}" for k, v in provenance.items())]) + "\n"
    _write_atomically(path, head + f"# sha256: {_checksum(head, data)}\n" + data, what)


def _read_signed(path: Path, header: str, what: str, required: tuple[str, ...] = ()) -> tuple[dict[str, Any], str]:
    """Read what :func:`_write_signed` wrote: its provenance and CSV rows, after checking the header, the
    ``required`` provenance keys and the checksum."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise PreflopTableError(f"cannot read {path}: {exc}") from None
    lines = text.split("\n")
    if lines[0] != header:
        raise PreflopTableError(f"{path} is not a pokerlab preflop {what} (its first line is not {header!r})")
    provenance: dict[str, Any] = {}
    digest = None
    i = 1
    while i < len(lines) and lines[i].startswith("# "):
        key, _, raw = lines[i][2:].partition(": ")
        if key == "sha256":
            digest = raw.strip()
        else:
            try:
                provenance[key] = json.loads(raw)
            except json.JSONDecodeError:
                raise PreflopTableError(f"{path}: cannot read the provenance line {lines[i]!r}") from None
        i += 1
    if digest is None:
        raise PreflopTableError(f"{path}: missing provenance: no sha256 checksum line")
    missing = [k for k in required if k not in provenance]
    if missing:
        raise PreflopTableError(f"{path}: missing provenance: {', '.join(missing)}")
    data = "\n".join(lines[i:])
    head = "\n".join(line for line in lines[:i] if not line.startswith("# sha256: ")) + "\n"
    if _checksum(head, data) != digest:
        raise PreflopTableError(
            f"{path}: the checksum does not match; the provenance or the rows were changed after writing"
        )
    return provenance, data


def _write_atomically(path: Path, text: str, what: str) -> None:
    """Write ``text`` to a temporary file beside ``path`` and rename it, so a reader never sees half a file."""
    import os
    import tempfile

    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=path.name + ".", suffix=".tmp")
        with os.fdopen(fd, "w", encoding="utf-8", newline="") as f:
            f.write(text)
        os.replace(tmp, path)
    except OSError as exc:
        raise PreflopTableError(f"cannot write the {what} to {path}: {exc.strerror or exc}") from None


def _class(name: str | HandClass) -> HandClass:
    try:
        return HandClass.parse(name)
    except CardError as exc:
        raise ParameterError(f"unknown hand class {name!r}: {exc}") from None


def _grid(values: Mapping[str, float] | Sequence[float]) -> np.ndarray:
    grid = np.full((13, 13), np.nan)
    items = values.items() if isinstance(values, Mapping) else zip(CLASS_NAMES, values, strict=True)
    for name, v in items:
        r, c = _class(name).grid_cell
        grid[r, c] = v
    return grid


def _checksum(head: str, data: str) -> str:
    """sha256 over the header (first line and provenance lines) and the rows."""
    return hashlib.sha256((head + data).encode()).hexdigest()


def _check_provenance(p: Mapping[str, Any], where: str) -> None:
    def bad(what: str) -> PreflopTableError:
        return PreflopTableError(f"{where}: the provenance {what}")

    method = p.get("method")
    if method not in ("expert", "simulation", "exact"):
        raise bad(f"names an unknown method {method!r}")
    players = p.get("players")
    if isinstance(players, bool) or not isinstance(players, int) or not 2 <= players <= 10:
        raise bad(f"names {players!r} players (2..10)")
    if method == "exact" and players != 2:
        raise bad(f"of the exact heads-up table names {players} players")
    if method == "expert" and p.get("source") not in SOURCES:
        raise bad(f"names an unknown expert source {p.get('source')!r}")
    if method == "simulation" and p.get("metric") not in METRICS:
        raise bad(f"names an unknown metric {p.get('metric')!r}")
    for key in ("games", "games_per_task"):
        if key in p and (isinstance(p[key], bool) or not isinstance(p[key], int) or p[key] < 1):
            raise bad(f"gives {key} = {p[key]!r} (a whole number of at least 1)")
    if "seed" in p and (isinstance(p["seed"], bool) or not isinstance(p["seed"], int) or p["seed"] < 0):
        raise bad(f"gives seed = {p['seed']!r} (a whole number of at least 0)")


def _check_content(
    values: np.ndarray,
    errors: np.ndarray | None,
    extra: Mapping[str, np.ndarray],
    provenance: Mapping[str, Any],
    where: str,
) -> None:
    """Every computed cell finite and in range for its method; cells left out only where provenance says so."""
    _check_provenance(provenance, where)
    computed = np.ones((13, 13), dtype=bool)
    if "classes" in provenance:
        classes = provenance["classes"]
        if not isinstance(classes, list) or not all(isinstance(c, str) and c in CLASS_NAMES for c in classes):
            raise PreflopTableError(f"{where}: the provenance lists classes that are not starting hands")
        computed[:] = False
        for name in classes:
            computed[_class(name).grid_cell] = True
    v = np.asarray(values, dtype=np.float64)
    if not np.isfinite(v[computed]).all():
        raise PreflopTableError(f"{where}: a value is not a finite number (nan or inf)")
    if (v[computed] < 0).any() or (v[computed] > 1).any():
        worst = v[computed][(v[computed] < 0) | (v[computed] > 1)][0]
        raise PreflopTableError(f"{where}: a value is outside 0..1 ({worst:g}); every method's values are shares")
    if (~np.isnan(v[~computed])).any():
        raise PreflopTableError(f"{where}: a class not listed in the provenance's classes has a value")
    if errors is not None:
        e = np.asarray(errors, dtype=np.float64)
        if not np.isfinite(e[computed]).all() or (e[computed] < 0).any():
            raise PreflopTableError(f"{where}: a standard error is negative or not finite")
    for name, arr in extra.items():
        if not np.isfinite(np.asarray(arr, dtype=np.float64)[computed]).all():
            raise PreflopTableError(f"{where}: the column {name!r} holds a value that is not finite")


def _version() -> str:
    from pokerlab import __version__

    return __version__


@dataclass(frozen=True, eq=False)
class PreflopTable:
    """Values for the 169 classes on seed 001's 13x13 grid, with provenance.

    ``values[row, col]`` uses the grid of :attr:`pokerlab.cards.HandClass.grid_cell`.
    ``errors`` holds one standard error per cell for sampled tables (None
    otherwise). ``extra`` holds further per-class grids (e.g. both metrics
    of a simulation, or the group number of a grouping). Cells of classes
    that were not computed are NaN.
    """

    values: np.ndarray
    provenance: Mapping[str, Any]
    errors: np.ndarray | None = None
    extra: Mapping[str, np.ndarray] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if not isinstance(self.extra, Mapping):
            raise PreflopTableError(f"extra must be a mapping of column names to 13x13 grids, not {self.extra!r:.60}")
        for name, arr in [("values", self.values), ("errors", self.errors), *self.extra.items()]:
            if arr is not None and np.shape(arr) != (13, 13):
                raise PreflopTableError(f"{name} must be a 13x13 grid, not {np.shape(arr)}")
        if not isinstance(self.provenance, Mapping):
            raise PreflopTableError(f"provenance must be a mapping, not {self.provenance!r}")
        missing = [k for k in REQUIRED if k not in self.provenance]
        if missing:
            raise PreflopTableError(f"missing provenance: {', '.join(missing)}")

    # -- lookups ----------------------------------------------------------------

    def value(self, name: str | HandClass) -> float:
        """The table's value for a class: ``table.value("AKs")``."""
        r, c = _class(name).grid_cell
        return float(self.values[r, c])

    def stderr(self, name: str | HandClass) -> float | None:
        """Standard error of a sampled cell (0.0 for exact tables, None for rule-based ones)."""
        if self.errors is None:
            return 0.0 if self.provenance.get("method") == "exact" else None
        r, c = _class(name).grid_cell
        return float(self.errors[r, c])

    def extra_value(self, column: str, name: str | HandClass) -> float:
        """A value from one of the extra columns, e.g. ``extra_value("group", "AKs")``."""
        if column not in self.extra:
            raise ParameterError(f"this table has no column {column!r}; it has {sorted(self.extra)}")
        r, c = _class(name).grid_cell
        return float(self.extra[column][r, c])

    @property
    def title(self) -> str:
        p = self.provenance
        method = p.get("method")
        if method == "simulation":
            return f"Simulation, {p['players']} players, {p['games']:,} games per class ({p.get('metric')})"
        if method == "expert":
            return f"Expert: {p.get('source')} ({p['players']} players)"
        if "opponent" in p:
            return f"Exact heads-up equity against {p['opponent']}"
        return "Exact heads-up equity against a random hand"

    # -- views ----------------------------------------------------------------

    def to_frame(self) -> pd.DataFrame:
        """One row per class: class, row, col, combos, value, stderr and the extra columns."""
        import pandas as pd

        rows = []
        for hc in hand_classes():
            r, c = hc.grid_cell
            row = {
                "class": hc.name,
                "row": r,
                "col": c,
                "combos": hc.n_combos,
                "value": float(self.values[r, c]),
                "stderr": float(self.errors[r, c]) if self.errors is not None else math.nan,
            }
            for name, arr in self.extra.items():
                row[name] = float(arr[r, c])
            rows.append(row)
        return pd.DataFrame(rows)

    def grid(self) -> pd.DataFrame:
        """The values as seed 001 prints them: rows and columns 2..A."""
        import pandas as pd

        return pd.DataFrame(self.values, index=list(RANKS), columns=list(RANKS))

    def chart(self, title: str | None = None) -> alt.Chart:
        """An altair 13x13 heatmap with tooltips (class, value, error, combos)."""
        from pokerlab import charts

        return charts.preflop_heatmap(self.to_frame(), title=title or self.title)

    def _repr_html_(self) -> str:
        finite = self.values[np.isfinite(self.values)]
        lo, hi = (float(finite.min()), float(finite.max())) if finite.size else (0.0, 1.0)
        span = hi - lo or 1.0
        cells = ["<tr><th></th>" + "".join(f"<th>{r}</th>" for r in RANKS) + "</tr>"]
        for r in range(13):
            tds = []
            for c in range(13):
                v = self.values[r, c]
                name = HandClass.at(r, c).name
                if not np.isfinite(v):
                    tds.append(f'<td title="{name}">&ndash;</td>')
                    continue
                t = (v - lo) / span
                color = f"rgb({int(255 - 200 * t)},{int(255 - 120 * t)},{int(255 - 40 * t)})"
                tds.append(f'<td title="{name}" style="background:{color};text-align:right">{v:.3f}</td>')
            cells.append(f"<tr><th>{RANKS[r]}</th>{''.join(tds)}</tr>")
        return (
            f"<div><b>{self.title}</b><br><small>suited below the diagonal, offsuit above</small>"
            f"<table style='font-size:80%'>{''.join(cells)}</table></div>"
        )

    # -- files ----------------------------------------------------------------

    def write(self, path: str | Path) -> Path:
        """Write CSV: provenance lines, a checksum over those lines and the rows, then one row per class.

        The file is written to a temporary name next to ``path`` and renamed,
        so a reader never sees half a table.
        """

        if not isinstance(path, (str, Path)) or not str(path).strip():
            raise ParameterError(f"path must be a file name, not {path!r}")
        path = Path(path)
        _check_content(self.values, self.errors, self.extra, self.provenance, str(path))
        frame = self.to_frame()
        body = io.StringIO()
        frame.to_csv(body, index=False, float_format="%.17g", lineterminator="\n")
        data = body.getvalue()
        _write_signed(path, HEADER, self.provenance, data, "table")
        return path

    @classmethod
    def read(cls, path: str | Path) -> PreflopTable:
        """Read a table written by :meth:`write`, refusing anything malformed or edited."""
        import pandas as pd

        if not isinstance(path, (str, Path)) or not str(path).strip():
            raise PreflopTableError(f"path must be a file name, not {path!r:.60}")
        path = Path(path)
        provenance, data = _read_signed(path, HEADER, "table", REQUIRED)
        try:
            frame = pd.read_csv(io.StringIO(data))
        except (ValueError, pd.errors.ParserError) as exc:
            raise PreflopTableError(f"{path}: cannot read the rows: {exc}") from None
        if "class" not in frame or "value" not in frame:
            raise PreflopTableError(f"{path}: the rows need 'class' and 'value' columns")
        if len(frame) != 169:
            raise PreflopTableError(f"{path}: wrong shape: {len(frame)} classes, expected 169")
        names = [str(x) for x in frame["class"]]
        if sorted(names) != sorted(CLASS_NAMES):
            odd = sorted(set(names) ^ set(CLASS_NAMES))[:3]
            raise PreflopTableError(f"{path}: the classes are not the 169 starting hands (e.g. {odd})")
        try:
            values = _grid(dict(zip(names, frame["value"], strict=True)))
            errors = None
            if "stderr" in frame and frame["stderr"].notna().any():
                errors = _grid(dict(zip(names, frame["stderr"], strict=True)))
        except (TypeError, ValueError):
            raise PreflopTableError(f"{path}: the values or errors are not numbers") from None
        skip = {"class", "row", "col", "combos", "value", "stderr"}
        try:
            extra = {c: _grid(dict(zip(names, frame[c], strict=True))) for c in frame.columns if c not in skip}
        except (TypeError, ValueError):
            raise PreflopTableError(f"{path}: a column holds something other than numbers") from None
        _check_content(values, errors, extra, provenance, str(path))
        return cls(values=values, provenance=provenance, errors=errors, extra=extra)


# ----------------------------------------------------------------------------
# Simulation (seed 001 eq. 1, Table 3)
# ----------------------------------------------------------------------------


def _check_players(players: int) -> int:
    if isinstance(players, bool) or not isinstance(players, int) or not 2 <= players <= 10:
        raise ParameterError(f"players must be a whole number 2..10, not {players!r}")
    return players


def _task_seed(seed: int, class_index: int, chunk: int) -> int:
    ss = np.random.SeedSequence(entropy=seed, spawn_key=(class_index, chunk))
    return int(ss.generate_state(1, dtype=np.uint64)[0] & np.uint64(2**63 - 1))


def _simulate_task(task: tuple[int, int, int, int, int]) -> tuple[int, float, float, float, float, int]:
    """Play ``games`` all-in showdowns of one class against random hands (runs in any worker)."""
    from pokerlab import _kernels

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
    metric: str = "pot_share",
    executor: Executor | None = None,
    progress: bool = True,
    *,
    classes: Iterable[str] | None = None,
    games_per_task: int = 10_000,
) -> PreflopTable:
    """Seed 001's simulation table: each class plays ``games`` showdowns against ``players - 1`` callers.

    Every game deals the class's cards (suits drawn uniformly among its
    combinations), random hands to the opponents and a full board; nobody
    folds. Two results are kept per class, in ``extra``:

    * ``won_outright``: games won alone / games. This is seed 001's eq. 1
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
    if not isinstance(metric, str) or metric not in METRICS:
        raise ParameterError(f"metric must be one of {', '.join(METRICS)}, not {metric!r}")
    games_per_task = whole(games_per_task, "games_per_task", lo=1, hi=MAX_GAMES)
    flag(progress, "progress")
    if executor is not None and not isinstance(executor, Executor):
        raise ParameterError(f"executor must be a concurrent.futures.Executor or None, not {executor!r:.60}")
    if classes is not None and (
        isinstance(classes, (str, bytes)) or not isinstance(classes, Iterable) or isinstance(classes, Mapping)
    ):
        raise ParameterError(f"classes must be a list of hand classes such as ['AA', 'AKs'], not {classes!r:.60}")
    if classes is not None:
        classes = list(classes)
        if not classes:
            raise ParameterError("classes must name at least one hand class")
    if seed is None:
        seed = int(np.random.SeedSequence().entropy % (2**63))
    elif isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise ParameterError(f"seed must be a non-negative whole number, not {seed!r}")
    wanted = range(169) if classes is None else sorted({CLASS_NAMES.index(_class(c).name) for c in classes})
    tasks = []
    for ci in wanted:
        for chunk, start in enumerate(range(0, games, games_per_task)):
            n = min(games_per_task, games - start)
            tasks.append((ci, players, n, _task_seed(seed, ci, chunk), chunk))
    results = run_tasks(tasks, _simulate_task, executor, progress, f"simulating {players} players")
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


# ----------------------------------------------------------------------------
# Expert tables (seed 001 Tables 1-2) and expert groupings
# ----------------------------------------------------------------------------

# Sklansky and Malmuth, "Hold'em Poker for Advanced Players": groups 1 (best) to 8.
SKLANSKY_GROUPS: dict[int, tuple[str, ...]] = {
    1: ("AA", "KK", "QQ", "JJ", "AKs"),
    2: ("TT", "AQs", "AJs", "KQs", "AKo"),
    3: ("99", "ATs", "KJs", "QJs", "JTs", "AQo"),
    4: ("88", "KTs", "QTs", "J9s", "T9s", "98s", "AJo", "KQo"),
    5: (
        "77", "A9s", "A8s", "A7s", "A6s", "A5s", "A4s", "A3s", "A2s", "Q9s", "T8s", "97s", "87s", "76s",
        "KJo", "QJo", "JTo",
    ),
    6: ("66", "55", "K9s", "J8s", "86s", "75s", "54s", "ATo", "KTo", "QTo"),
    7: (
        "44", "33", "22", "K8s", "K7s", "K6s", "K5s", "K4s", "K3s", "K2s", "Q8s", "T7s", "64s", "53s", "43s",
        "J9o", "T9o", "98o",
    ),
    8: ("87o", "A9o", "Q9o", "76o", "42s", "32s", "96s", "85s", "J8o", "J7s", "65o", "54o", "74s", "K9o", "T8o"),
}  # fmt: skip

# Seed 004 (Rembrant), section 3.1: nine groups, 1 strongest.
REMBRANT_GROUPS: dict[int, tuple[str, ...]] = {
    1: ("AA", "KK"),
    2: ("QQ", "JJ", "AKo", "AKs"),
    3: ("TT", "AQs", "AQo", "AJs", "KQs"),
    4: ("99", "88", "77", "ATs", "ATo", "KJs", "AJo"),
    5: ("KQo", "QJs", "KTs", "JTs"),
    6: ("KJo", "QTs", "A9s", "A8s", "QJo"),
    7: ("A7s", "A6s", "A5s", "A4s", "A3s", "A2s", "KTo", "JTo", "K9s", "Q9s", "T9s", "J9s"),
    8: ("A9o", "A8o", "A7o", "A6o", "A5o", "A4o", "A3o", "A2o", "98s", "87s", "76s", "65s", "54s", "43s", "32s"),
}


def chen_points(name: str | HandClass) -> float:
    """Bill Chen's formula: points for the high card, pair, suit, gap and straight chances.

    High card A=10, K=8, Q=7, J=6, else half its rank (T=5 ... 2=1); pairs
    double it (at least 5); suited +2; gap 1/2/3/4+ costs 1/2/4/5; +1 when
    the gap is 0 or 1 and both cards are below a queen; half points round up.

    >>> chen_points("AA"), chen_points("AKs"), chen_points("72o"), chen_points("JTs")
    (20.0, 12.0, -1.0, 9.0)
    """
    hc = _class(name)
    hi, lo = hc.high.index, hc.low.index
    score = {12: 10.0, 11: 8.0, 10: 7.0, 9: 6.0}.get(hi, (hi + 2) / 2)
    if hc.is_pair:
        score = max(5.0, score * 2)
    else:
        if hc.suited:
            score += 2
        gap = hi - lo - 1
        score -= {0: 0, 1: 1, 2: 2, 3: 4}.get(gap, 5)
        if gap <= 1 and hi < 10:
            score += 1
    return float(math.ceil(score))


def _group_table(groups: dict[int, tuple[str, ...]], source: str, players: int) -> PreflopTable:
    worst = max(groups) + 1
    group_of = {name: worst for name in CLASS_NAMES}
    for g, names in groups.items():
        for n in names:
            if group_of[_class(n).name] != worst:
                raise AssertionError(f"{n} is in two groups")
            group_of[_class(n).name] = g
    group = _grid(group_of)
    values = (worst - group) / (worst - 1)
    provenance = {
        "method": "expert",
        "source": source,
        "players": players,
        "scale": f"(group {worst} - group) / {worst - 1}: group 1 reads 1, unlisted hands (group {worst}) read 0",
        "pokerlab_version": _version(),
    }
    return PreflopTable(values=values, provenance=provenance, extra={"group": group})


def expert_table(
    players: int,
    source: str = "income_rate",
    *,
    games: int = 100_000,
    seed: int = 2026,
    executor: Executor | None = None,
    progress: bool = True,
) -> PreflopTable:
    """An expert preflop table, scaled so the worst class reads 0 and the best 1.

    ``source="income_rate"`` is Papp's roll-out income rate (seed 001's
    Tables 1-2; IR2/IR4/IR7 are players = 2, 4, 7): n players each put one
    bet in and call to the showdown, and a class winning a pot share ``s``
    earns ``IR = n*s - 1`` bets per hand. It is estimated from ``games``
    seeded games per class (the raw IR is kept in ``extra["income_rate"]``
    with its standard error). The groupings do not depend on ``players``:
    ``"sklansky"`` (Sklansky-Malmuth groups 1-8, 9 = unlisted), ``"rembrant"``
    (seed 004's groups 1-9) and ``"chen"`` (the Chen formula, points in
    ``extra["points"]``).
    """
    players = _check_players(players)
    if not isinstance(source, str) or source not in SOURCES:
        raise ParameterError(f"source must be one of {', '.join(SOURCES)}, not {source!r}")
    if source == "sklansky":
        return _group_table(SKLANSKY_GROUPS, source, players)
    if source == "rembrant":
        return _group_table({g: v for g, v in REMBRANT_GROUPS.items()}, source, players)
    if source == "chen":
        points = _grid({n: chen_points(n) for n in CLASS_NAMES})
        lo, hi = np.nanmin(points), np.nanmax(points)
        provenance = {
            "method": "expert",
            "source": "chen",
            "players": players,
            "scale": "(points - min) / (max - min)",
            "pokerlab_version": _version(),
        }
        return PreflopTable(values=(points - lo) / (hi - lo), provenance=provenance, extra={"points": points})
    sim = simulate_table(players, games=games, seed=seed, executor=executor, progress=progress)
    share = sim.extra["pot_share"]
    ir = players * share - 1.0
    ir_err = players * sim.extra["share_stderr"]
    lo, hi = np.nanmin(ir), np.nanmax(ir)
    provenance = {
        "method": "expert",
        "source": "income_rate",
        "players": players,
        "games": games,
        "seed": seed,
        "games_per_task": sim.provenance["games_per_task"],
        "scale": "(IR - min IR) / (max IR - min IR), IR = players * pot share - 1 bets per hand",
        "pokerlab_version": _version(),
        "command": f"pokerlab tables --method expert --players {players} --games {games} --seed {seed}",
    }
    return PreflopTable(
        values=(ir - lo) / (hi - lo),
        provenance=provenance,
        errors=ir_err / (hi - lo),
        extra={"income_rate": ir, "income_rate_stderr": ir_err, "pot_share": share},
    )


# ----------------------------------------------------------------------------
# Exact heads-up table
# ----------------------------------------------------------------------------


BOARD_COUNT = 134_459
"""5-card boards that differ up to a renaming of suits."""


def _canonical_boards() -> tuple[np.ndarray, np.ndarray]:
    """5-card boards up to suit renaming with their multiplicities, cached on disk (checksum + provenance)."""
    from pokerlab import _cache, _kernels

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
    from pokerlab import _kernels

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
    if executor is not None and not isinstance(executor, Executor):
        raise ParameterError(f"executor must be a concurrent.futures.Executor or None, not {executor!r:.60}")
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


def data_dir() -> Path:
    """Where the committed tables live: ``$POKERLAB_TABLES`` or the repository's ``data/preflop_tables``."""
    import os

    env = os.environ.get("POKERLAB_TABLES")
    return Path(env) if env else Path(__file__).resolve().parents[1] / "data" / "preflop_tables"


def load_table(method: str, players: int | None = None, source: str = "income_rate") -> PreflopTable:
    """Read one of the committed tables of ``data/preflop_tables`` (see its README).

    >>> load_table("exact").value("AA") > 0.85
    True
    """
    if not isinstance(method, str):
        raise ParameterError(f"method must be expert, simulation or exact, not {method!r:.60}")
    if method == "exact":
        name = "exact_heads_up.csv"
    elif method == "simulation":
        name = f"simulation_{_check_players(players)}_players.csv"  # type: ignore[arg-type]
    elif method == "expert":
        if not isinstance(source, str) or source not in SOURCES:
            raise ParameterError(f"source must be one of {', '.join(SOURCES)}, not {source!r}")
        name = (
            f"expert_income_rate_{_check_players(players)}_players.csv"  # type: ignore[arg-type]
            if source == "income_rate"
            else f"expert_{source}.csv"
        )
    else:
        raise ParameterError(f"method must be expert, simulation or exact, not {method!r}")
    path = data_dir() / name
    if not path.exists():
        raise PreflopTableError(f"{path} does not exist; regenerate it with 'pokerlab tables' (see its README)")
    table = PreflopTable.read(path)
    p = table.provenance
    asked = {"method": method, "players": 2 if method == "exact" else players}
    if method == "expert":
        asked["source"] = source
        if source != "income_rate":
            asked.pop("players")
    for key, want in asked.items():
        if p.get(key) != want:
            raise PreflopTableError(
                f"{path} holds a table with {key} = {p.get(key)!r}, not the {key} = {want!r} that was asked for"
            )
    return table


# ----------------------------------------------------------------------------
# Exact heads-up matrix: every class against every class
# ----------------------------------------------------------------------------

MATRIX_HEADER = "# pokerlab preflop matrix"
MATRIX_FILE = "exact_heads_up_matrix.csv"
BOARDS_PER_PAIR = 1_712_304
"""Boards of five cards from the 48 left once two hole combinations are dealt: C(48, 5)."""
MATRIX_COLUMNS = ("class", "opponent", "pairs", "wins", "ties", "losses", "equity", "win", "tie")


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
            if not isinstance(arr, np.ndarray) or arr.shape != (169, 169):
                raise PreflopTableError(f"{name} must be a 169x169 array, not {np.shape(arr)}")
        if not isinstance(self.provenance, Mapping):
            raise PreflopTableError(f"provenance must be a mapping, not {self.provenance!r}")
        _check_matrix(self.wins, self.ties, self.pairs, self.provenance, "the matrix")

    @property
    def cases(self) -> np.ndarray:
        """(combination pair, board) deals per class pair."""
        return self.pairs * BOARDS_PER_PAIR

    def _ij(self, a: str | HandClass, b: str | HandClass) -> tuple[int, int]:
        return CLASS_NAMES.index(_class(a).name), CLASS_NAMES.index(_class(b).name)

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

    def chart(self, title: str | None = None) -> alt.Chart:
        """A 169x169 heatmap: each row class's equity against each column class (classes strongest first)."""
        from pokerlab import charts

        return charts.matrix_heatmap(self.to_frame(), _strength_order(), title=title or self.title)

    @property
    def title(self) -> str:
        return "Exact heads-up equity, class against class (all-in preflop)"

    def write(self, path: str | Path) -> Path:
        """Write CSV in the preflop tables' format: provenance lines, a sha256 line, then one row per class pair."""

        if not isinstance(path, (str, Path)) or not str(path).strip():
            raise ParameterError(f"path must be a file name, not {path!r}")
        path = Path(path)
        body = io.StringIO()
        self.to_frame(half=True).to_csv(body, index=False, float_format="%.17g", lineterminator="\n")
        data = body.getvalue()
        _write_signed(path, MATRIX_HEADER, self.provenance, data, "matrix")
        return path

    @classmethod
    def read(cls, path: str | Path) -> PreflopMatrix:
        """Read a matrix written by :meth:`write`, refusing anything malformed or edited."""
        import pandas as pd

        if not isinstance(path, (str, Path)) or not str(path).strip():
            raise ParameterError(f"path must be a file name, not {path!r}")
        path = Path(path)
        provenance, data = _read_signed(path, MATRIX_HEADER, "matrix")
        try:
            frame = pd.read_csv(io.StringIO(data), keep_default_na=False)
        except (ValueError, pd.errors.ParserError) as exc:
            raise PreflopTableError(f"{path}: cannot read the rows: {exc}") from None
        if tuple(frame.columns) != MATRIX_COLUMNS:
            raise PreflopTableError(f"{path}: the columns must be {', '.join(MATRIX_COLUMNS)}")
        if len(frame) != 169 * 170 // 2:
            raise PreflopTableError(f"{path}: wrong shape: {len(frame)} class pairs, expected {169 * 170 // 2}")
        index = {n: k for k, n in enumerate(CLASS_NAMES)}
        wins = np.full((169, 169), -1, np.int64)
        ties = np.full((169, 169), -1, np.int64)
        pairs = np.full((169, 169), -1, np.int64)
        try:
            for a, b, p, w, t, lost in zip(
                frame["class"], frame["opponent"], frame["pairs"], frame["wins"], frame["ties"], frame["losses"],
                strict=True,
            ):  # fmt: skip
                i, j = index[str(a)], index[str(b)]
                if pairs[i, j] >= 0 or i > j:
                    raise PreflopTableError(f"{path}: the pair {a} against {b} is repeated or out of order")
                p, w, t, lost = (_whole(x, path) for x in (p, w, t, lost))
                pairs[i, j] = pairs[j, i] = p
                wins[i, j], ties[i, j] = w, t
                wins[j, i], ties[j, i] = lost, t
        except KeyError as exc:
            raise PreflopTableError(f"{path}: {exc.args[0]!r} is not a starting-hand class") from None
        matrix = cls(wins=wins, ties=ties, pairs=pairs, provenance=provenance)
        stored = frame[["equity", "win", "tie"]].to_numpy(dtype=np.float64)
        if not np.array_equal(stored, matrix.to_frame(half=True)[["equity", "win", "tie"]].to_numpy()):
            raise PreflopTableError(f"{path}: the equity, win or tie columns do not follow from the counts")
        return matrix


def _whole(x: Any, path: Path) -> int:
    if isinstance(x, (bool, np.bool_)) or not isinstance(x, (int, np.integer)) or x < 0:
        raise PreflopTableError(f"{path}: a count is not a whole number of at least 0 ({x!r})")
    return int(x)


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
    from pokerlab import _kernels

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
    if isinstance(tasks, bool) or not isinstance(tasks, int) or not 1 <= tasks <= BOARD_COUNT:
        raise ParameterError(f"tasks must be a whole number 1..{BOARD_COUNT}, not {tasks!r}")
    if not isinstance(progress, bool):
        raise ParameterError(f"progress must be True or False, not {progress!r}")
    if executor is not None and not isinstance(executor, Executor):
        raise ParameterError(f"executor must be a concurrent.futures.Executor or None, not {executor!r}")
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
        raise PreflopTableError(
            f"{path} does not exist; regenerate it with 'pokerlab tables --method exact-matrix' (see its README)"
        )
    return _load_matrix_cached(str(path), path.stat().st_mtime_ns)


_MATRIX_CACHE: dict[tuple[str, int], PreflopMatrix] = {}


def _load_matrix_cached(path: str, stamp: int) -> PreflopMatrix:
    key = (path, stamp)
    if key not in _MATRIX_CACHE:
        _MATRIX_CACHE.clear()
        _MATRIX_CACHE[key] = PreflopMatrix.read(path)
    return _MATRIX_CACHE[key]


def _strength_order() -> list[str]:
    """Class names from the best to the worst exact equity against a random hand."""
    table = load_table("exact")
    return sorted(CLASS_NAMES, key=lambda n: -table.value(n))
