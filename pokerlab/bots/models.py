"""Opponent models, in one place for the lessons: what an opponent's betting says about its hand.

- :class:`ReweightingModel` and :class:`ShowdownModel`: the Waterloo report's
  section 3.4 (Papp's re-weighting, and hands shown down grouped by betting
  pattern); defined in :mod:`pokerlab.bots.showdown`.
- :class:`ContextModel`, :func:`collect_decisions` and the 19
  :data:`CONTEXT_FEATURES`: the context models the report leaves for future
  work (Davidson's network, a decision tree); defined in
  :mod:`pokerlab.bots.context`, :mod:`pokerlab.bots.context_models` and
  :mod:`pokerlab.bots.collect`.

This module only gathers those names. It sits at the top of ``pokerlab.bots``:
nothing in the package imports it (the bots import the defining modules), so
gathering them here makes no import cycle.
"""

from __future__ import annotations

from pokerlab.bots.collect import collect_decisions
from pokerlab.bots.context import (
    ACTIONS,
    CONTEXT_FEATURES,
    context_features,
    decisions_from_phh,
    situation_features,
)
from pokerlab.bots.context_models import ContextModel, calibration_table, score_predictions
from pokerlab.bots.showdown import ReweightingModel, ShowdownModel

__all__ = [
    "ACTIONS",
    "CONTEXT_FEATURES",
    "ContextModel",
    "ReweightingModel",
    "ShowdownModel",
    "calibration_table",
    "collect_decisions",
    "context_features",
    "decisions_from_phh",
    "score_predictions",
    "situation_features",
]
