"""The data files the lessons read, shipped inside pokerlab and found by name.

A lesson never opens a file by a relative path (``../data/bot_matches.csv`` breaks as soon as a
student copies ``notebooks/`` somewhere else); it asks for a data set by name::

    >>> from pokerlab import datasets
    >>> datasets.load("bot_matches").columns[:3].tolist()
    ['a', 'b', 'rules']
    >>> datasets.load("waterloo_table3").loc["A", "A"]  # the report's printed Table 3, row A, column A
    np.float64(0.636)
    >>> datasets.path("three_handed_all_in").name
    'three_handed_all_in.phh'

========================  ==============================================  =====================================
name                      what it is                                      :func:`load` returns
========================  ==============================================  =====================================
``bot_matches``           duplicate heads-up matches between the          a DataFrame, one row per match
                          Waterloo report's bots (lesson 07)
``bpp_matches``           duplicate heads-up limit matches of BPP         a DataFrame, one row per match
                          (lesson 08)
``context_scores``        held-out scores of the context opponent         a DataFrame, one row per style and
                          models (lesson 09)                              model
``context_importances``   the decision tree's feature importances         a DataFrame
``context_calibration``   predicted against observed action frequencies   a DataFrame
``context_duplicate``     duplicate matches of the context-model bots     a DataFrame, one row per match
``waterloo_table1``       the report's printed Table 1 (expert values,    a 13x13 DataFrame indexed by row
                          2 players), transcribed                         rank, columns the column ranks
``waterloo_table2``       the printed Table 2 (expert values, 4 players)  the same
``waterloo_table3``       the printed Table 3 (simulated, 4 players)      the same
``three_handed_all_in``   a three-handed no-limit hand in PHH (lesson 04) the replayed hand
                                                                          (:func:`pokerlab.game.phh.read_hand`)
``pluribus_hands``        the 10,000 hands of Pluribus against five       the hands, replayed one at a time (an
                          professionals, PHH, xz-compressed (lesson 09)   iterator of PHHHand)
========================  ==============================================  =====================================

:data:`NAMES` lists them; a name not in it is a :class:`~pokerlab.errors.ParameterError` that lists
every name. Where each file comes from (the benchmark script and seed that wrote it, or the page of
the report it is transcribed from) is in ``README.md`` beside the files: ``data/README.md`` in the
repository, ``pokerlab/data/README.md`` in an installed wheel. The preflop tables are read with
:func:`pokerlab.preflop.load_table` instead.

Files are read from the repository's ``data/`` folder when pokerlab runs from a checkout (so a file a
benchmark rewrites is read at once), else from the copy inside the installed package, which the wheel
carries as ``pokerlab/data/`` (``pyproject.toml`` maps ``data/`` there; docs/internals.md, "Data in the
wheel").
"""

from __future__ import annotations

import importlib.resources
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pokerlab import _validate
from pokerlab.errors import DataError
from pokerlab.game.phh import PHHHand, iter_phhs, read_hand

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["NAMES", "describe", "load", "path"]

# name -> (file inside data/, one-line description, pandas.read_csv keyword arguments or None for a hand)
_FILES: dict[str, tuple[str, str, dict[str, Any] | None]] = {
    "bot_matches": ("bot_matches.csv", "duplicate heads-up matches between the Waterloo report's bots", {}),
    "bpp_matches": ("bpp_matches.csv", "duplicate heads-up limit matches of BPP", {}),
    "context_scores": ("context_models/scores.csv", "held-out scores of the context opponent models", {}),
    "context_importances": ("context_models/importances.csv", "the decision tree's feature importances", {}),
    "context_calibration": ("context_models/calibration.csv", "predicted against observed action frequencies", {}),
    "context_duplicate": ("context_models/duplicate.csv", "duplicate matches of the context-model bots", {}),
    "waterloo_table1": (
        "waterloo_tables/waterloo_table1_expert_2_players.csv",
        "the Waterloo report's printed Table 1 (expert values, 2 players), transcribed",
        {"index_col": "row"},
    ),
    "waterloo_table2": (
        "waterloo_tables/waterloo_table2_expert_4_players.csv",
        "the Waterloo report's printed Table 2 (expert values, 4 players), transcribed",
        {"index_col": "row"},
    ),
    "waterloo_table3": (
        "waterloo_tables/waterloo_table3_simulation_4_players.csv",
        "the Waterloo report's printed Table 3 (simulated, 4 players), transcribed",
        {"index_col": "row"},
    ),
    "three_handed_all_in": (
        "hands/three_handed_all_in.phh",
        "a three-handed no-limit hand in the PHH format",
        None,
    ),
    "pluribus_hands": (
        "hands/pluribus.phhs.xz",
        "the 10,000 six-player hands of Pluribus against professionals (Brown and Sandholm 2019), PHH",
        None,
    ),
}

NAMES: tuple[str, ...] = tuple(_FILES)
"""Every data set :func:`load` and :func:`path` know, in the order of the module's table."""


def _check_name(name: object) -> str:
    said = f"no data set is called {name!r}; the names are: {', '.join(NAMES)}"
    return str(_validate.choice(name, "name", _FILES, message=said))


def _root() -> Path:
    """The checkout's ``data/`` folder when there is one, else the installed ``pokerlab/data/``."""
    checkout = Path(__file__).resolve().parents[1]
    if (checkout / "pyproject.toml").is_file() and (checkout / "data" / "README.md").is_file():
        return checkout / "data"
    packaged = importlib.resources.files("pokerlab") / "data"
    # e.g. imported from a zip file: the data are not files on disk
    return _validate.instance(
        packaged, Path, "the data inside the installed pokerlab must be a folder on disk", error=DataError
    )


def path(name: str) -> Path:
    """The file of data set ``name`` (one of :data:`NAMES`), which must exist.

    Use it to open a file with a reader of your own, e.g. ``read_hand(datasets.path("three_handed_all_in"))``.
    """
    name = _check_name(name)
    file = _root() / _FILES[name][0]
    if not file.is_file():
        raise DataError(
            f"data set {name!r} should be the file {file}, which does not exist (a broken installation? "
            "data/README.md says which script writes it)"
        )
    return file


def describe(name: str) -> str:
    """One line saying what data set ``name`` holds (its provenance is in ``data/README.md``)."""
    return _FILES[_check_name(name)][1]


def _hands(file: Path) -> Iterator[PHHHand]:
    """The hands of an xz-compressed ``.phhs`` file, read and replayed one at a time."""
    import lzma

    with lzma.open(file, "rt", encoding="utf-8") as f:
        yield from iter_phhs(f)


def load(name: str) -> pd.DataFrame | Any:
    """Data set ``name`` (one of :data:`NAMES`): a ``pandas.DataFrame`` for a table, the replayed hand
    (a :class:`pokerlab.game.phh.PHHHand`) for ``three_handed_all_in``, an iterator of replayed hands for
    ``pluribus_hands`` (``pokerlab.stats.player_stats(datasets.path("pluribus_hands"))`` reads the file too).

    The printed Waterloo tables come as 13x13 frames: index and columns are the ranks ``2`` .. ``A``
    as the report prints them (pairs on the diagonal, suited below it, offsuit above it), so
    ``load("waterloo_table3").values`` is the printed matrix.
    """
    file = path(name)
    options = _FILES[name][2]
    if file.name.endswith(".phhs.xz"):
        return _hands(file)
    if options is None:
        return read_hand(file)
    import pandas as pd

    return pd.read_csv(file, **options)
