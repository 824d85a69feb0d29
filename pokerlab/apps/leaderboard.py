"""A local leaderboard in SQLite: every finished BigHoldem game's ranking, kept on disk.

The file is ``leaderboard.sqlite`` in ``$POKERLAB_DATA_DIR`` (default
``~/.local/share/pokerlab``), or any path you give. Every query is
parameterised: names are data, never SQL.

Each game is stored with its ``mode``: ``"interactive"`` (a person played)
or ``"watch"`` (bots only). As BigHoldem's rules page says, the ranking is
updated after interactive games only: :meth:`Leaderboard.top` reads those
by default, and ``top(mode="watch")`` lists the watch games on their own.

**No finished game is lost.** Another program (or a second app) may hold
the file's write lock. :meth:`Leaderboard.record` then retries for
``patience`` seconds; if the file is still locked it appends the game to a
journal beside the file (``leaderboard.sqlite.pending.jsonl``) and the next
successful write (or :meth:`Leaderboard.flush`) moves it into the database.
A journal line that cannot be read back (half written when the machine
stopped, or edited) never blocks the games after it: it is moved, as
written, to ``leaderboard.sqlite.damaged.jsonl`` beside the file.

>>> import tempfile, pathlib
>>> board = Leaderboard(pathlib.Path(tempfile.mkdtemp()) / "lb.sqlite")
>>> game = board.record([{"player": "ann", "kind": "person", "hands": 10, "won": 50, "average_per_hand": 5.0}],
...                     settings={"players": 2})
>>> board.top()[["player", "average_per_hand"]].values.tolist()
[['ann', 5.0]]
"""

from __future__ import annotations

import json
import os
import sqlite3
import time
from collections.abc import Iterable, Iterator, Mapping
from contextlib import closing, contextmanager
from pathlib import Path
from typing import Any, Literal

from pokerlab import _validate
from pokerlab.errors import ParameterError

__all__ = ["MODES", "Leaderboard", "default_path"]

MODES = ("interactive", "watch")

Mode = Literal["interactive", "watch"]
"""A game's ``mode``: a person played (``"interactive"``) or bots only (``"watch"``)."""

_SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    played_at TEXT NOT NULL,
    settings TEXT NOT NULL,
    mode TEXT NOT NULL DEFAULT 'interactive'
);
CREATE TABLE IF NOT EXISTS results (
    game_id INTEGER NOT NULL REFERENCES games(id),
    player TEXT NOT NULL,
    kind TEXT NOT NULL,
    hands INTEGER NOT NULL,
    won INTEGER NOT NULL,
    average_per_hand REAL NOT NULL
);
"""


def default_path() -> Path:
    """``$POKERLAB_DATA_DIR/leaderboard.sqlite`` or ``~/.local/share/pokerlab/leaderboard.sqlite``."""
    base = os.environ.get("POKERLAB_DATA_DIR")
    return (Path(base) if base else Path.home() / ".local" / "share" / "pokerlab") / "leaderboard.sqlite"


def _ranking_rows(ranking: Any) -> list[tuple[str, str, int, int, float]]:
    """The rows to store, each checked: names as text, whole hands and chips, a finite average."""

    _validate.instance(
        ranking, Iterable, "ranking must be a list of rows", check=lambda ranking: not isinstance(ranking, Mapping)
    )
    rows = []
    for k, r in enumerate(ranking):
        _validate.instance(r, Mapping, f"ranking row {k} must be a dict")
        missing = [c for c in ("player", "kind", "hands", "won", "average_per_hand") if c not in r]
        if missing:
            raise ParameterError(f"ranking row {k} lacks {', '.join(missing)}")
        player = _validate.text(r["player"], f"ranking row {k}: player")
        kind = _validate.text(r["kind"], f"ranking row {k}: kind")
        hands = _validate.whole(r["hands"], f"ranking row {k}: hands", lo=0)
        won = _validate.whole(r["won"], f"ranking row {k}: won")
        average = _validate.real(r["average_per_hand"], f"ranking row {k}: average_per_hand")
        rows.append((player, kind, hands, won, average))
    return rows


def _journal_game(line: str) -> dict[str, Any] | None:
    """One journal line as a game to store, or None when it cannot be one (half written, edited, huge numbers)."""
    columns = ("player", "kind", "hands", "won", "average_per_hand")
    try:
        game = json.loads(line)
        if not (
            isinstance(game, dict)
            and all(isinstance(game.get(k), str) for k in ("played_at", "settings", "mode"))
            and game["mode"] in MODES
            and isinstance(game.get("rows"), list)
            and game["rows"]
            and all(isinstance(r, list) and len(r) == len(columns) for r in game["rows"])
        ):
            return None
        game["rows"] = [list(r) for r in _ranking_rows([dict(zip(columns, r, strict=True)) for r in game["rows"]])]
    except (ValueError, RecursionError, ParameterError):  # ValueError: bad JSON, or an int of 4,300+ digits
        return None
    return game


class Leaderboard:
    """Read and write the leaderboard file (created on first use).

    ``patience`` is how many seconds a write waits for a lock held elsewhere
    before the game goes to the journal (see the module docstring).
    """

    def __init__(self, path: str | Path | None = None, *, patience: float = 30.0) -> None:
        if path is not None:
            _validate.path(path, "path must be a file path")
        patience = _validate.real(patience, "patience", lo=0, hi=3600, message="patience must be 0..3600 seconds")
        if path is not None and str(path).strip() in ("", ":memory:"):
            raise ParameterError(
                f"the leaderboard path must name a file, not {str(path)!r} (it would forget every game)"
            )
        self.path = Path(path) if path is not None else default_path()
        self.patience = float(patience)
        self.journal = self.path.with_name(self.path.name + ".pending.jsonl")
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self._with_retries(self._create)
        except (OSError, sqlite3.Error) as exc:
            raise ParameterError(f"cannot open the leaderboard {self.path}: {exc}") from exc

    @staticmethod
    def _create(db: sqlite3.Connection) -> None:
        db.executescript(_SCHEMA)
        columns = {row[1] for row in db.execute("PRAGMA table_info(games)")}
        if "mode" not in columns:  # a file from before modes: games without a person were watch games
            db.execute("ALTER TABLE games ADD COLUMN mode TEXT NOT NULL DEFAULT 'interactive'")
            db.execute(
                "UPDATE games SET mode = 'watch' WHERE id NOT IN (SELECT game_id FROM results WHERE kind = 'person')"
            )

    @contextmanager
    def _connect(self, timeout: float = 5.0) -> Iterator[sqlite3.Connection]:
        """A connection that commits on success, rolls back on error, and is always closed."""
        with closing(sqlite3.connect(self.path, timeout=timeout)) as db, db:
            yield db

    def _with_retries(self, work: Any) -> Any:
        """Run ``work(db)`` in one transaction, retrying while the file is locked, for ``patience`` s."""
        deadline = time.monotonic() + self.patience
        pause = 0.05
        while True:
            left = deadline - time.monotonic()
            try:
                with self._connect(timeout=max(0.0, min(left, 2.0))) as db:
                    return work(db)
            except sqlite3.OperationalError as exc:
                if "locked" not in str(exc) and "busy" not in str(exc):
                    raise
                if time.monotonic() + pause >= deadline:
                    raise
                time.sleep(pause)
                pause = min(pause * 2, 1.0)

    def record(
        self,
        ranking: Iterable[Mapping[str, Any]],
        settings: Mapping[str, Any] | None = None,
        *,
        mode: Mode = "interactive",
    ) -> int | None:
        """Store one game's ranking rows (player, kind, hands, won, average_per_hand).

        Returns the game id, or None when the file could not be written
        (locked for ``patience`` seconds, or another SQLite failure) and the
        game went to the journal instead.
        """
        _validate.choice(mode, "mode", MODES, message=f"mode must be one of {', '.join(MODES)}, not {mode!r:.60}")
        _validate.instance(settings, Mapping, "settings must be a dict", optional=True)
        rows = _ranking_rows(ranking)
        if not rows:
            raise ParameterError("a game to record needs at least one player")
        game = {
            "played_at": time.strftime("%Y-%m-%d %H:%M:%S"),
            "settings": json.dumps(dict(settings or {}), sort_keys=True, default=str),
            "mode": mode,
            "rows": rows,
        }
        pending = self._pending(set_aside=True)
        try:
            ids = self._with_retries(lambda db: [self._insert(db, g) for g in [*pending, game]])
        except sqlite3.OperationalError:
            with self.journal.open("a", encoding="utf-8") as f:
                f.write(json.dumps(game) + "\n")
            return None
        self.journal.unlink(missing_ok=True)
        return int(ids[-1])

    def flush(self) -> int:
        """Move the journal's games into the database; returns how many were moved."""
        pending = self._pending(set_aside=True)
        if pending:
            self._with_retries(lambda db: [self._insert(db, g) for g in pending])
            self.journal.unlink(missing_ok=True)
        return len(pending)

    def pending(self) -> int:
        """How many finished games wait in the journal."""
        return len(self._pending())

    def _pending(self, set_aside: bool = False) -> list[dict[str, Any]]:
        """The journal's games; with ``set_aside``, its unreadable lines go to the ``.damaged.jsonl`` file."""
        if not self.journal.exists():
            return []
        games, damaged = [], []
        for line in self.journal.read_bytes().decode("utf-8", errors="replace").splitlines():
            if not line.strip():
                continue
            game = _journal_game(line)
            if game is None:
                damaged.append(line)
            else:
                games.append(game)
        if damaged and set_aside:
            with self.journal.with_name(self.path.name + ".damaged.jsonl").open("a", encoding="utf-8") as f:
                f.write("".join(line + "\n" for line in damaged))
            lines = "".join(json.dumps(g) + "\n" for g in games)
            self.journal.write_text(lines, encoding="utf-8")  # the games still to move, should the move fail
        return games

    @staticmethod
    def _insert(db: sqlite3.Connection, game: Mapping[str, Any]) -> int:
        cur = db.execute(
            "INSERT INTO games (played_at, settings, mode) VALUES (?, ?, ?)",
            (game["played_at"], game["settings"], game["mode"]),
        )
        gid = int(cur.lastrowid or 0)
        db.executemany(
            "INSERT INTO results (game_id, player, kind, hands, won, average_per_hand) VALUES (?, ?, ?, ?, ?, ?)",
            [(gid, *r) for r in game["rows"]],
        )
        return gid

    def top(self, n: int = 10, *, people_only: bool = False, mode: Mode = "interactive") -> Any:
        """The best ``n`` results of ``mode`` games by average win per hand (at least one hand played)."""
        import pandas as pd

        n = _validate.whole(n, "n", lo=1, hi=10_000, message="n must be a whole number 1..10000")
        _validate.choice(mode, "mode", MODES, message=f"mode must be one of {', '.join(MODES)}, not {mode!r}")
        query = (
            "SELECT r.player, r.kind, r.hands, r.won, r.average_per_hand, g.played_at, g.id AS game "
            "FROM results r JOIN games g ON g.id = r.game_id WHERE r.hands > 0 AND g.mode = ? "
            + ("AND r.kind = 'person' " if people_only else "")
            + "ORDER BY r.average_per_hand DESC, r.hands DESC LIMIT ?"
        )
        rows = self._with_retries(lambda db: db.execute(query, (mode, n)).fetchall())
        cols = ["player", "kind", "hands", "won", "average_per_hand", "played_at", "game"]
        return pd.DataFrame(rows, columns=cols)

    def games(self, mode: Mode | None = None) -> int:
        """How many games are recorded (of ``mode``, or all)."""
        if mode is not None:
            _validate.choice(mode, "mode", MODES, message=f"mode must be one of {', '.join(MODES)}, not {mode!r}")
        query = "SELECT COUNT(*) FROM games" + (" WHERE mode = ?" if mode else "")
        return int(self._with_retries(lambda db: db.execute(query, (mode,) if mode else ()).fetchone()[0]))
