"""A local leaderboard in SQLite: every finished BigHoldem game's ranking, kept on disk.

The file is ``leaderboard.sqlite`` in ``$POKERLAB_DATA_DIR`` (default
``~/.local/share/pokerlab``), or any path you give. Every query is
parameterised: names are data, never SQL.

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
from typing import Any

from pokerlab.errors import ParameterError

__all__ = ["Leaderboard", "default_path"]

_SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    played_at TEXT NOT NULL,
    settings TEXT NOT NULL
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


class Leaderboard:
    """Read and write the leaderboard file (created on first use)."""

    def __init__(self, path: str | Path | None = None) -> None:
        self.path = Path(path) if path is not None else default_path()
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            with self._connect() as db:
                db.executescript(_SCHEMA)
        except (OSError, sqlite3.Error) as exc:
            raise ParameterError(f"cannot open the leaderboard {self.path}: {exc}") from None

    @contextmanager
    def _connect(self) -> Iterator[sqlite3.Connection]:
        """A connection that commits on success, rolls back on error, and is always closed."""
        with closing(sqlite3.connect(self.path, timeout=10)) as db, db:
            yield db

    def record(self, ranking: Iterable[Mapping[str, Any]], settings: Mapping[str, Any] | None = None) -> int:
        """Store one game's ranking rows (player, kind, hands, won, average_per_hand); returns the game id."""
        rows = [
            (str(r["player"]), str(r["kind"]), int(r["hands"]), int(r["won"]), float(r["average_per_hand"]))
            for r in ranking
        ]
        if not rows:
            raise ParameterError("a game to record needs at least one player")
        with self._connect() as db:
            cur = db.execute(
                "INSERT INTO games (played_at, settings) VALUES (?, ?)",
                (time.strftime("%Y-%m-%d %H:%M:%S"), json.dumps(dict(settings or {}), sort_keys=True, default=str)),
            )
            game = int(cur.lastrowid)
            db.executemany(
                "INSERT INTO results (game_id, player, kind, hands, won, average_per_hand) VALUES (?, ?, ?, ?, ?, ?)",
                [(game, *r) for r in rows],
            )
        return game

    def top(self, n: int = 10, *, people_only: bool = False) -> Any:
        """The best ``n`` results by average win per hand (at least one hand played), as a DataFrame."""
        import pandas as pd

        query = (
            "SELECT r.player, r.kind, r.hands, r.won, r.average_per_hand, g.played_at, g.id AS game "
            "FROM results r JOIN games g ON g.id = r.game_id WHERE r.hands > 0 "
            + ("AND r.kind = ? " if people_only else "")
            + "ORDER BY r.average_per_hand DESC, r.hands DESC LIMIT ?"
        )
        params: tuple[Any, ...] = ("person", int(n)) if people_only else (int(n),)
        with self._connect() as db:
            rows = db.execute(query, params).fetchall()
        cols = ["player", "kind", "hands", "won", "average_per_hand", "played_at", "game"]
        return pd.DataFrame(rows, columns=cols)

    def games(self) -> int:
        """How many games are recorded."""
        with self._connect() as db:
            return int(db.execute("SELECT COUNT(*) FROM games").fetchone()[0])
