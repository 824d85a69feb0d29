"""pokerlab: a toolkit for teaching and researching Texas Hold'em AI.

The names most lessons need are here at the top level::

    >>> import pokerlab as pl
    >>> pl.evaluate("AsKs QsJsTs").describe()
    'Royal flush'
    >>> round(pl.hand_strength("AdQc", "3h4cJh"), 3)
    0.585

Layers (each imports only the ones above it)::

    cards, ranges        card values, parsing, hand classes, hand ranges
    evaluator            exact 5-7 card hand values (+ compiled kernels)
    strength, equity     hand strength, potential, EHS, showdown equity
    breakdown            what a range holds on a board (made hands, pairs, draws)
    preflop              preflop tables: expert, simulated, exact (``pokerlab.preflop``)
    charts, widgets      altair charts and ipywidgets views over the above
    cli                  the ``pokerlab`` command

Importing pokerlab is cheap: numba, pandas, altair and ipywidgets load only
when a function that needs them is first called.
"""

from pokerlab import _chart_hook
from pokerlab import preflop as preflop  # the submodule, as pokerlab.preflop
from pokerlab._version import __version__ as __version__
from pokerlab.breakdown import Holding, RangeBreakdown, range_breakdown
from pokerlab.cards import Card, Deck, HandClass, Rank, Suit, combo_index, hand_classes, parse_cards
from pokerlab.equity import Equity, equity
from pokerlab.errors import (
    CardCountError,
    CardError,
    DuplicateCardError,
    ParameterError,
    PokerlabError,
    RangeError,
)
from pokerlab.evaluator import HandCategory, HandValue, category_counts, evaluate, evaluate_batch
from pokerlab.ranges import Range
from pokerlab.strength import Potential, compensated_strength, hand_potential, hand_strength, turn_card_effects


def _load_charts() -> None:
    """Import the presentation layer, which fills the registry that results' ``chart()`` draw with."""
    from pokerlab import charts  # noqa: F401


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
