"""ipywidgets front-ends for the lessons: thin views over plain functions.

One module per explorer family: ``hands`` (HandEvaluator, PotentialExplorer),
``preflop`` (PreflopExplorer), ``table`` (TableWidget, HandReplayer), ``hud`` (HUD, lesson 09), ``strategy``
(StrategyExplorer, ReweightingExplorer), ``bpp`` (BPPInspector), ``context``
(ContextExplorer), ``cfr`` (CFRExplorer, lesson 10), ``pushfold`` (PushFoldExplorer, PushFoldDrill, lesson 11),
``postflop`` (PostflopExplorer, PostflopDrill, lesson 12)
and ``ranges`` (RangeGrid, RangeEquityExplorer, top_range); every
explorer is importable from ``pokerlab.widgets`` as before.

Each explorer is a small class holding its input widgets, an output area
and the last computed result (``.result``), so a notebook displays it and a
test can drive it by setting ``.value`` on the inputs. Bad input shows a
one-line message in the widget; it never raises into the notebook.

>>> from pokerlab.widgets import PotentialExplorer
>>> ex = PotentialExplorer("AdQc", "3h4cJh", charts=False)
>>> ex.result.matrix[0]
(449005, 3211, 169504)
>>> ex.board.value = "3h4cJh5s"; ex.result.lookahead
1
"""

from __future__ import annotations

from pokerlab.charts import _imports  # noqa: F401  # first: jsonschema without its slow IRI grammar
from pokerlab.widgets.bpp import BPPInspector
from pokerlab.widgets.cfr import CFRExplorer
from pokerlab.widgets.context import ContextExplorer
from pokerlab.widgets.hands import HandEvaluator, PotentialExplorer
from pokerlab.widgets.hud import HUD
from pokerlab.widgets.postflop import PostflopDrill, PostflopExplorer
from pokerlab.widgets.preflop import PreflopExplorer
from pokerlab.widgets.pushfold import PushFoldDrill, PushFoldExplorer
from pokerlab.widgets.ranges import TOP_PERCENTS, RangeEquityExplorer, RangeGrid, top_range
from pokerlab.widgets.strategy import ReweightingExplorer, StrategyExplorer
from pokerlab.widgets.table import HandReplayer, TableWidget

__all__ = [
    "HUD",
    "TOP_PERCENTS",
    "BPPInspector",
    "CFRExplorer",
    "ContextExplorer",
    "HandEvaluator",
    "HandReplayer",
    "PostflopDrill",
    "PostflopExplorer",
    "PotentialExplorer",
    "PreflopExplorer",
    "PushFoldDrill",
    "PushFoldExplorer",
    "RangeEquityExplorer",
    "RangeGrid",
    "ReweightingExplorer",
    "StrategyExplorer",
    "TableWidget",
    "top_range",
]
