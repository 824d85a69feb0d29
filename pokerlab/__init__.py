"""pokerlab: a toolkit for teaching and researching Texas Hold'em AI.

The names most lessons need are here at the top level::

    >>> import pokerlab as pl
    >>> pl.evaluate("AsKs QsJsTs").describe()
    'Royal flush'
    >>> round(pl.hand_strength("AdQc", "3h4cJh"), 3)
    0.585

Layers, written here once (``tests/project/test_api.py`` reads this table and checks every import in the
package against it, inside functions and under ``TYPE_CHECKING`` too). A module imports only modules
of its own layer or of lower numbers, and no two modules import each other, even indirectly::

    0  errors, _inputs, _validate, _cache, _signals, _version, _chart_hook, _notice, _progress, cards, ranges,
       _tables, streets, _files, _options
    1  evaluator, _kernels, _compiled
    2  strength, equities, preflop, breakdown, _parallel, solve, _warm
    3  bpp
    4  game
    5  bots, experiments, datasets, stats, _hand_histories
    6  charts, widgets, apps, course
    7  cli, __main__

Layer 6 is the presentation layer: only its charts, widgets and apps import altair, ipywidgets, anywidget
or vl_convert (not course).
A result's ``chart()`` (lower layers) asks :mod:`pokerlab._chart_hook` for the drawing function,
which :mod:`pokerlab.charts` registers when imported: see that package's docstring.

Importing pokerlab is cheap: each name above loads its module the first time
it is used, and numba, pandas, altair and ipywidgets load only when a function
that needs them is first called.
"""

from typing import TYPE_CHECKING as _TYPE_CHECKING, Any as _Any

from pokerlab import _chart_hook  # a leaf that imports nothing: results' chart() reach the charts through it
from pokerlab._version import __version__ as __version__

if _TYPE_CHECKING:  # the names below load on first use (module __getattr__), so `pokerlab --help` stays light
    from pokerlab import preflop as preflop  # the submodule, as pokerlab.preflop
    from pokerlab.breakdown import Holding, RangeBreakdown, range_breakdown
    from pokerlab.cards import Card, Deck, HandClass, Rank, Suit, combo_index, hand_classes, parse_cards
    from pokerlab.equities import Equity, equity
    from pokerlab.errors import (
        CardCountError,
        CardError,
        DuplicateCardError,
        ParameterError,
        ParameterTypeError,
        PokerlabError,
        RangeError,
    )
    from pokerlab.evaluator import HandCategory, HandValue, category_counts, evaluate, evaluate_batch
    from pokerlab.ranges import Range
    from pokerlab.strength import Potential, compensated_strength, hand_potential, hand_strength, turn_card_effects

_LAZY = {
    "breakdown": ("Holding", "RangeBreakdown", "range_breakdown"),
    "cards": ("Card", "Deck", "HandClass", "Rank", "Suit", "combo_index", "hand_classes", "parse_cards"),
    "equities": ("Equity", "equity"),
    "errors": (
        "CardCountError",
        "CardError",
        "DuplicateCardError",
        "ParameterError",
        "ParameterTypeError",
        "PokerlabError",
        "RangeError",
    ),
    "evaluator": ("HandCategory", "HandValue", "category_counts", "evaluate", "evaluate_batch"),
    "ranges": ("Range",),
    "strength": ("Potential", "compensated_strength", "hand_potential", "hand_strength", "turn_card_effects"),
}
_HOME = {name: module for module, names in _LAZY.items() for name in names}


def __getattr__(name: str) -> _Any:
    """Load a public name's module the first time the name is used (PEP 562), and keep it here."""
    import importlib

    if name == "preflop":
        value: _Any = importlib.import_module("pokerlab.preflop")
    elif name in _HOME:
        value = getattr(importlib.import_module(f"pokerlab.{_HOME[name]}"), name)
    else:
        raise AttributeError(f"module 'pokerlab' has no attribute {name!r}")
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_HOME) | {"preflop"})


def _load_charts() -> None:
    """Import the presentation layer, which fills the registry that results' ``chart()`` draw with."""
    from pokerlab import charts  # noqa: F401  # lazy: altair and the charts load only when a result draws


_chart_hook.set_loader(_load_charts)

__all__ = [
    "Card",
    "CardCountError",
    "CardError",
    "Deck",
    "DuplicateCardError",
    "Equity",
    "HandCategory",
    "HandClass",
    "HandValue",
    "Holding",
    "ParameterError",
    "ParameterTypeError",
    "PokerlabError",
    "Potential",
    "Range",
    "RangeBreakdown",
    "RangeError",
    "Rank",
    "Suit",
    "category_counts",
    "combo_index",
    "compensated_strength",
    "equity",
    "evaluate",
    "evaluate_batch",
    "hand_classes",
    "hand_potential",
    "hand_strength",
    "parse_cards",
    "range_breakdown",
    "turn_card_effects",
]


def _jupyter_labextension_paths() -> list[dict[str, str]]:
    """The JupyterLab extension pokerlab ships, for `jupyter labextension develop --overwrite .` in a checkout.

    pokerlab-rise-widgets lets the ipywidgets manager start in jupyterlab-rise's slideshow, so explorers work on
    live slides (its remoteEntry.js says how). A wheel installs it by itself (pyproject.toml's data-files); an
    editable install (`pip install -e`) cannot, and this hook is what that one command links into the environment.
    """
    return [{"src": "../labextension/pokerlab-rise-widgets", "dest": "pokerlab-rise-widgets"}]
