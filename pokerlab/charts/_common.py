"""What the chart modules share: colours and the checks of their arguments (a chart computes nothing)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pokerlab import _validate
from pokerlab.errors import ParameterError

if TYPE_CHECKING:  # pragma: no cover
    pass


ACTION_COLORS = {"fold": "#c0392b", "check": "#aab7b8", "call": "#2e86c1", "raise": "#27ae60"}


def _title(title: Any) -> None:
    _validate.text(title, "title", empty=True)


def _need_columns(frame: Any, columns: tuple[str, ...], name: str) -> None:
    import pandas as pd

    _validate.instance(
        frame,
        pd.DataFrame,
        f"{name} must be a pandas DataFrame with the columns {', '.join(columns)}",
        check=lambda frame: set(columns) <= set(frame.columns),
    )


def _mapping_arg(value: Any, name: str, *, optional: bool = True) -> None:
    """``posteriors`` ({node: {state: probability}}), ``evidence`` ({node: state}), ``triples`` (3 numbers each)."""
    import math

    import numpy as np

    if value is None and optional:
        return
    _validate.instance(value, dict, f"{name} must be a non-empty dict", check=lambda value: value or optional)
    for key, item in value.items():
        _validate.text(key, "key", empty=True, message=f"{name} must have text keys, not {_validate._show(key)}")
        if name == "evidence":
            said = f"evidence[{key!r:.40}] must be a state name (text), not {_validate._show(item)}"
            _validate.text(item, "evidence", empty=True, message=said)
        if name == "posteriors":
            _validate.instance(
                item,
                dict,
                f"posteriors[{key!r:.40}] must be a dict of state: probability in [0, 1]",
                check=lambda probs: (
                    probs
                    and all(_validate.is_number(p) and math.isfinite(p) and 0 <= p <= 1 + 1e-9 for p in probs.values())
                ),
            )
        if name == "triples":
            try:
                arr = np.asarray(item, dtype=np.float64)
            except (TypeError, ValueError):
                arr = np.array([math.nan])
            if arr.shape != (3,) or not np.isfinite(arr).all() or (arr < 0).any():
                raise ParameterError(f"triples[{key!r:.40}] must be 3 probabilities, not {_validate._show(item)}")
