"""Deprecated path: the CFR explorer is :class:`pokerlab.widgets.CFRExplorer`.

Lesson 10 imported it from here before every widget moved into ``pokerlab.widgets``. This module
belongs to the presentation layer although it sits in ``solve/`` (``tests/test_api.py`` lists it as
an alias): nothing in ``pokerlab.solve`` imports it.
"""

import warnings

from pokerlab.widgets.cfr import CFRExplorer

__all__ = ["CFRExplorer"]

warnings.warn(
    "pokerlab.solve.widgets is deprecated: import CFRExplorer from pokerlab.widgets",
    DeprecationWarning,
    stacklevel=2,
)
