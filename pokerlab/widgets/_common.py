"""Shared pieces of the explorers: the saved-picture bundle, layouts, error lines."""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as w

from pokerlab.charts import png_bundle


def _with_picture(widget: w.Widget, chart: Any, **kwargs: Any) -> tuple[dict[str, Any], dict[str, Any]]:
    """The widget's mime bundle plus a PNG of its current chart.

    A live JupyterLab shows the widget; everything that cannot run it (GitHub,
    nbconvert HTML, VS Code or JupyterLab with no kernel, an untrusted
    notebook) shows the picture of the chart as it was when the cell ran.
    """
    data = dict(widget._repr_mimebundle_(**kwargs) or {})
    meta: dict[str, Any] = {}
    if chart is not None:
        picture, meta = png_bundle(chart)
        data["image/png"] = picture["image/png"]
    return data, meta


# descriptions as wide as their text: long labels are not cut ("games/cla...") and toggle buttons stay on
# the line of their label
_WIDE = {"description_width": "initial", "button_width": "auto"}


def _inline() -> w.Layout:
    """Toggle buttons on the line of their label.

    JupyterLab draws a ToggleButtons widget as a block whose button row is a block too, so the
    buttons land on a line of their own under the label; a flex row keeps them together.
    """
    return w.Layout(display="flex", flex_flow="row wrap", align_items="center")


def _fit() -> w.Layout:
    """A button as wide as its label (the default width cuts "opponent bets/raises" to "opponent bets/ra…")."""
    return w.Layout(width="auto")


def _error_html(message: str) -> str:
    return f'<div class="pl-error" style="color:#c0392b">&#9888; {html.escape(message)}</div>'
