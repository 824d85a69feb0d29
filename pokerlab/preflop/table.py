"""The preflop table type and its files.

Values on the 13x13 grid, provenance and a checksum, read and written as CSV;
the committed tables of ``data/preflop_tables`` (which an installed wheel carries
as ``pokerlab/data/preflop_tables``: see :func:`data_dir`).
"""

from __future__ import annotations

import hashlib
import io
import json
import math
import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from pokerlab import _chart_hook, _validate
from pokerlab._files import write_text
from pokerlab._options import TableMethod, TableMethodChoice, TableMetric, TableSource, TableSourceChoice
from pokerlab._validate import member
from pokerlab._version import __version__
from pokerlab.cards import HandClass, hand_classes
from pokerlab.errors import CardError, ParameterError, PreflopTableError

if TYPE_CHECKING:  # pragma: no cover
    import pandas as pd


RANKS = "23456789TJQKA"
CLASS_NAMES: tuple[str, ...] = tuple(hc.name for hc in hand_classes())
_BY_NAME: dict[str, HandClass] = {hc.name: hc for hc in hand_classes()}
_CELLS: dict[str, tuple[int, int]] = {hc.name: hc.grid_cell for hc in hand_classes()}
"""Each class and its cell of the 13x13 grid by its canonical name: a table's 169 names (read from a file,
or CLASS_NAMES) and the classes bots ask for at every decision are looked up here, not parsed again."""


METRICS = tuple(TableMetric)
MAX_GAMES = 10**10
"""More games per class than this (days of work) are refused rather than started."""


SOURCES = tuple(TableSource)
HEADER = "# pokerlab preflop table"
REQUIRED = ("method", "players", "pokerlab_version")


def _write_signed(path: Path, header: str, provenance: Mapping[str, Any], data: str, what: str) -> None:
    """Write the format of every committed table: the header line, ``# key: json`` provenance lines,
    a ``# sha256:`` line over all of them and the rows, then the CSV rows (atomically)."""
    head = "\n".join([header, *(f"# {k}: {json.dumps(v)}" for k, v in provenance.items())]) + "\n"
    _write_atomically(path, head + f"# sha256: {_checksum(head, data)}\n" + data, what)


def _read_signed_frame(
    path: Any, header: str, what: str, required: tuple[str, ...] = (), **csv: Any
) -> tuple[Path, dict[str, Any], Any]:
    """The start of :meth:`PreflopTable.read` and :meth:`PreflopMatrix.read`, written once: check ``path``
    (a wrong type is a ParameterTypeError, a blank name a ParameterError), read the signed file
    (:func:`_read_signed`) and its CSV rows into a DataFrame (``csv``: ``pandas.read_csv``'s options).
    Returns ``(path, provenance, frame)``."""
    import pandas as pd

    _validate.path(path, "path must be a file name", empty=False)
    path = Path(path)
    provenance, data = _read_signed(path, header, what, required)
    try:
        frame = pd.read_csv(io.StringIO(data), **csv)
    except (ValueError, pd.errors.ParserError) as exc:
        raise PreflopTableError(f"{path}: cannot read the rows: {exc}") from None
    return path, provenance, frame


def _read_signed(path: Path, header: str, what: str, required: tuple[str, ...] = ()) -> tuple[dict[str, Any], str]:
    """Read what :func:`_write_signed` wrote: its provenance and CSV rows, after checking the header, the
    ``required`` provenance keys and the checksum."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, ValueError) as exc:  # ValueError: not UTF-8, or a NUL byte in the name
        raise PreflopTableError(f"cannot read path {str(path)[:200]!r}: {exc}") from exc
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
                if len(raw) > 2000:  # a provenance value is a name or a number of a few digits
                    raise ValueError("too long")
                provenance[key] = json.loads(raw)  # a ValueError also for an integer of over 4,300 digits
            except ValueError:
                shown = lines[i] if len(lines[i]) <= 80 else f"{lines[i][:60]}... ({len(lines[i]):,} characters)"
                raise PreflopTableError(f"{path}, line {i + 1}: cannot read the provenance line {shown!r}") from None
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

    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        write_text(path, text)
    except OSError as exc:
        text = str(path)
        shown = (
            text if len(text) <= 120 and text.isprintable() else repr(text if len(text) <= 120 else text[:100] + "...")
        )
        raise PreflopTableError(f"cannot write the {what} to {shown}: {exc.strerror or exc}") from exc


def _class(name: str | HandClass, argument: str = "class") -> HandClass:
    """The hand class ``name`` names, or an error naming ``argument`` (the caller's parameter)."""
    if isinstance(name, str) and name in _BY_NAME:  # a canonical name ("AKs"): looked up, not parsed again
        return _BY_NAME[name]
    try:
        return HandClass.parse(name)
    except CardError as exc:
        raise ParameterError(f"{argument}: unknown hand class {name!r:.60}: {exc}") from None


def _grid(values: Mapping[str, float] | Sequence[float]) -> np.ndarray:
    grid = np.full((13, 13), np.nan)
    items = values.items() if isinstance(values, Mapping) else zip(CLASS_NAMES, values, strict=True)
    for name, v in items:
        cell = _CELLS.get(name) if isinstance(name, str) else None
        r, c = cell if cell is not None else _class(name).grid_cell  # another spelling ("AKS"): parsed
        grid[r, c] = v
    return grid


def _checksum(head: str, data: str) -> str:
    """sha256 over the header (first line and provenance lines) and the rows."""
    return hashlib.sha256((head + data).encode()).hexdigest()


def _check_provenance(p: Mapping[str, Any], where: str) -> None:
    def bad(what: str) -> PreflopTableError:
        return PreflopTableError(f"{where}: the provenance {what}")

    method = p.get("method")
    said = f"{where}: the provenance names an unknown method {method!r}"
    _validate.choice(method, "method", tuple(TableMethod), error=PreflopTableError, message=said)
    said = f"{where}: the provenance must name 2..10 players"
    players = _validate.whole(p.get("players"), "players", lo=2, hi=10, error=PreflopTableError, message=said)
    if method == "exact" and players != 2:
        raise bad(f"of the exact heads-up table names {players} players")
    for kind, key, names in (("expert", "source", SOURCES), ("simulation", "metric", METRICS)):
        if method == kind:
            said = (
                f"{where}: the provenance names an unknown {'expert ' if kind == 'expert' else ''}{key} {p.get(key)!r}"
            )
            _validate.choice(p.get(key), key, names, error=PreflopTableError, message=said)
    for key, fewest in (("games", 1), ("games_per_task", 1), ("seed", 0)):
        if key in p:
            said = f"{where}: the provenance's {key} must be a whole number of at least {fewest}"
            _validate.whole(p[key], key, lo=fewest, error=PreflopTableError, message=said)


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

    return __version__


def _where(name: object) -> str:
    """``values``/``errors`` as they are; a column of ``extra`` as ``extra[...]``."""
    return str(name) if name in ("values", "errors") else f"extra[{name!r:.40}]"


@dataclass(frozen=True, eq=False)
class PreflopTable:
    """Values for the 169 classes on the Waterloo report's 13x13 grid, with provenance.

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
        _validate.instance(
            self.extra, Mapping, "extra must be a mapping of column names to 13x13 grids", error=PreflopTableError
        )
        for name, arr in [("values", self.values), ("errors", self.errors), *self.extra.items()]:
            if arr is not None and np.shape(arr) != (13, 13):
                raise PreflopTableError(f"{_where(name)} must be a 13x13 grid, not {np.shape(arr)}")
        _validate.instance(self.provenance, Mapping, "provenance must be a mapping", error=PreflopTableError)
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
        _validate.choice(
            column, "column", self.extra, message=f"this table has no column {column!r}; it has {sorted(self.extra)}"
        )
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

    def __repr__(self) -> str:
        """One line (at a Python prompt the 13x13 arrays ran to 240 lines): what the table is and its range.

        >>> from pokerlab import preflop
        >>> preflop.load_table("exact")
        PreflopTable(Exact heads-up equity against a random hand: 169 classes, 0.3230 (32o) to 0.8520 (AA);
        .grid(), .to_frame() or .chart() shows them)
        """
        seed = self.provenance.get("seed")
        head = self.title + (f", seed {seed}" if seed is not None else "")
        cells = [(float(self.values[h.grid_cell]), h.name) for h in hand_classes()]
        known = [(v, name) for v, name in cells if math.isfinite(v)]
        if not known:
            return f"PreflopTable({head}: no class computed)"
        (lo, low), (hi, high) = min(known), max(known)
        return (
            f"PreflopTable({head}: {len(known)} classes, {lo:.4f} ({low}) to {hi:.4f} ({high}); .grid(), .to_frame()"
            " or .chart() shows them)"
        )

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
        """The values as the Waterloo report prints them: rows and columns 2..A."""
        import pandas as pd

        return pd.DataFrame(self.values, index=list(RANKS), columns=list(RANKS))

    def chart(self, title: str | None = None) -> _chart_hook.Chart:
        """An altair 13x13 heatmap with tooltips (class, value, error, combos)."""
        return _chart_hook.draw("preflop_heatmap", self.to_frame(), title=title or self.title)

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

        _validate.path(path, "path must be a file name", empty=False)
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
        path, provenance, frame = _read_signed_frame(path, HEADER, "table", REQUIRED)
        if "class" not in frame or "value" not in frame:
            raise PreflopTableError(f"{path}: the rows need 'class' and 'value' columns")
        if len(frame) != 169:
            raise PreflopTableError(f"{path}: wrong shape: {len(frame)} classes, expected 169")
        names = [str(x) for x in frame["class"]]
        if sorted(names) != sorted(CLASS_NAMES):
            odd = sorted(set(names) ^ set(CLASS_NAMES))[:3]
            raise PreflopTableError(f"{path}: the classes are not the 169 starting hands (e.g. {odd})")
        _check_rows_finite(frame, path, first_row_line=len(provenance) + 4)
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


def _check_rows_finite(frame: Any, path: Path, first_row_line: int) -> None:
    """Every number of a table's rows is a number and not infinite: else an error naming its line and class.

    A number too large for a float (a 5,001-digit value, ``1e400000``) reads as inf and is refused here.
    ``first_row_line`` is the file's line of the first row (after the header, provenance, sha256 and column lines).
    """
    import numpy as np
    import pandas as pd

    for column in frame.columns:
        if column in ("class", "row", "col"):
            continue
        numbers = pd.to_numeric(frame[column], errors="coerce").to_numpy(dtype=float)
        # an empty cell (nan) is the content check's business: a class the provenance leaves out has none
        bad = np.isinf(numbers) | (np.isnan(numbers) & frame[column].notna().to_numpy())
        if bad.any():
            k = int(np.argmax(bad))
            raw = str(frame[column].iloc[k])
            shown = raw if len(raw) <= 24 else f"{raw[:12]}... ({len(raw):,} characters)"
            raise PreflopTableError(
                f"{path}, line {first_row_line + k}: {column} of {frame['class'].iloc[k]} is {shown}, "
                "not a finite number"
            )


def _check_players(players: int) -> int:
    return _validate.whole(players, "players", lo=2, hi=10, message="players must be a whole number 2..10")


def data_dir() -> Path:
    """The folder the committed tables are read from, the first of:

    1. ``$POKERLAB_TABLES`` when it is set (your own tables, or a folder to test with);
    2. the repository's ``data/preflop_tables`` when pokerlab runs from a checkout (an editable
       install or ``PYTHONPATH``), so a table that ``pokerlab tables`` regenerates there is read at once;
    3. the copy inside the installed package, ``pokerlab/data/preflop_tables``, found with
       :mod:`importlib.resources` (a wheel carries it: ``pyproject.toml`` maps
       ``data/preflop_tables`` to that package folder when the wheel is built).

    It only names the folder: :func:`load_table` and :func:`load_matrix` refuse a missing or
    unreadable file with a :class:`~pokerlab.errors.PreflopTableError` that names it.
    """
    import importlib.resources

    env = os.environ.get("POKERLAB_TABLES")
    if env:
        return Path(env)
    checkout = Path(__file__).resolve().parents[2] / "data" / "preflop_tables"
    if checkout.is_dir():
        return checkout
    packaged = importlib.resources.files("pokerlab") / "data" / "preflop_tables"
    # e.g. imported from a zip file: the tables are not files on disk
    return _validate.instance(
        packaged,
        Path,
        "the preflop tables inside the installed pokerlab must be a folder on disk",
        error=PreflopTableError,
    )


def _missing(path: Path, command: str) -> PreflopTableError:
    """The error for a table file that is not there: its path, where that folder came from, the command."""

    why = " (the folder $POKERLAB_TABLES names)" if os.environ.get("POKERLAB_TABLES") else ""
    return PreflopTableError(
        f"{path} does not exist{why}; regenerate it with '{command} --out {path.parent}' "
        "(data/preflop_tables/README.md lists every file's command)"
    )


def load_table(
    method: TableMethodChoice, players: int | None = None, source: TableSourceChoice = TableSource.INCOME_RATE
) -> PreflopTable:
    """Read one of the committed tables of ``data/preflop_tables`` (see its README), from :func:`data_dir`.

    A missing or unreadable file is a :class:`~pokerlab.errors.PreflopTableError` naming it: the bots'
    numbers come from these files, so nothing falls back to other numbers.

    >>> load_table("exact").value("AA") > 0.85
    True
    """
    method = member(TableMethod, method, "method")
    if method == "exact":
        if players is not None and _check_players(players) != 2:
            raise ParameterError(f"players: the exact table is heads-up only (players=2 or None), not {players!r}")
        name = "exact_heads_up.csv"
    elif method == "simulation":
        players = _check_players(players)  # type: ignore[arg-type]
        name = f"simulation_{players}_players.csv"
    elif method == "expert":
        source = member(TableSource, source, "source")
        if source == "income_rate":
            players = _check_players(players)  # type: ignore[arg-type]
        name = f"expert_income_rate_{players}_players.csv" if source == "income_rate" else f"expert_{source}.csv"
    path = data_dir() / name
    if not path.exists():
        command = f"pokerlab tables --method {method}"
        if method == "simulation" or (method == "expert" and source == "income_rate"):
            command += f" --players {players} --seed 2026"
        elif method == "expert":
            command += f" --source {source}"
        raise _missing(path, command)
    table = PreflopTable.read(path)
    p = table.provenance
    asked: dict[str, object] = {"method": method, "players": 2 if method == "exact" else players}
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


def _strength_order() -> list[str]:
    """Class names from the best to the worst exact equity against a random hand."""
    table = load_table("exact")
    return sorted(CLASS_NAMES, key=lambda n: -table.value(n))
