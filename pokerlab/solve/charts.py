"""Deprecated path: the CFR charts are :mod:`pokerlab.charts.solve` (importable from ``pokerlab.charts``).

Lesson 10 imported them from here before the presentation layer became one package. This module
belongs to the presentation layer although it sits in ``solve/`` (``tests/test_api.py`` lists it as
an alias): nothing in ``pokerlab.solve`` imports it.
"""

import warnings

from pokerlab.charts.solve import exploitability_chart, regret_matching_chart, strategy_chart

__all__ = ["exploitability_chart", "regret_matching_chart", "strategy_chart"]

warnings.warn(
    "pokerlab.solve.charts is deprecated: import the charts from pokerlab.charts",
    DeprecationWarning,
    stacklevel=2,
)
