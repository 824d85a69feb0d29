"""Preflop tables: a value for each of the 169 starting-hand classes.

The Waterloo report prints three such tables on the 13x13 grid (ranks 2..A on both
axes, pairs on the diagonal, suited hands below it, offsuit above it):

* Tables 1-2, "expert" tables: Papp's **income rate** of each class when
  every player calls to the showdown, scaled so that the worst class reads
  0 and the best 1 (:func:`expert_table`, ``source="income_rate"``). With n
  players each putting one bet in, a class that wins a share ``s`` of the
  pot on average earns ``IR = n*s - 1`` bets per hand.
* Table 3, a **simulation** table: the share of 10,000 games a class wins
  against opponents who always call (:func:`simulate_table`).

Besides them: the Sklansky-Malmuth groups, the Chen formula
(:func:`chen_points`), the nine Rembrant groups (all via
:func:`expert_table`), the exact heads-up equity against a random hand
(:func:`exact_heads_up_table`) and the exact 169x169 heads-up matrix, every
class against every class (:func:`exact_matrix`, :class:`PreflopMatrix`).

Every table is a :class:`PreflopTable`: values on the grid, a standard error
per cell where sampled, and its provenance (method, players, games, seed,
pokerlab version), written to and read from CSV with that provenance and a
checksum in the header. :func:`load_table` and :func:`load_matrix` read the
committed files from :func:`data_dir`; a missing or damaged file is a
:class:`~pokerlab.errors.PreflopTableError` naming it.

One module per idea: ``table`` (the table type, its files, ``load_table``,
``data_dir``), ``expert``, ``simulate``, ``exact`` and ``matrix``; every
public name is importable from ``pokerlab.preflop``.

>>> t = expert_table(2, source="chen")
>>> t.value("AA"), t.extra_value("points", "AA"), t.extra_value("points", "72o")
(1.0, 20.0, -1.0)
"""

from __future__ import annotations

from pokerlab.errors import PreflopTableError
from pokerlab.preflop.exact import BOARD_COUNT, exact_heads_up_table
from pokerlab.preflop.expert import chen_points, expert_table
from pokerlab.preflop.matrix import (
    BOARDS_PER_PAIR,
    MATRIX_COLUMNS,
    MATRIX_FILE,
    MATRIX_HEADER,
    PreflopMatrix,
    exact_matrix,
    load_matrix,
)
from pokerlab.preflop.simulate import simulate_table
from pokerlab.preflop.table import (
    CLASS_NAMES,
    HEADER,
    MAX_GAMES,
    METRICS,
    RANKS,
    SOURCES,
    PreflopTable,
    TableMethod,
    TableMetric,
    TableSource,
    data_dir,
    load_table,
)

__all__ = [
    "CLASS_NAMES",
    "PreflopMatrix",
    "PreflopTable",
    "PreflopTableError",
    "TableMethod",
    "TableMetric",
    "TableSource",
    "chen_points",
    "data_dir",
    "exact_heads_up_table",
    "exact_matrix",
    "expert_table",
    "load_matrix",
    "load_table",
    "simulate_table",
]

# constants that were importable from the single module this package replaced (the private helpers
# are imported from their own modules: a test that patches one must patch it where it is used)
from pokerlab.preflop.expert import REMBRANT_GROUPS, SKLANSKY_GROUPS
from pokerlab.preflop.table import REQUIRED
