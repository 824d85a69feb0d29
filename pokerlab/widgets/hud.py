"""A HUD (heads-up display) for lesson 09: each seat's statistics, with their sample sizes, as hands accumulate."""

from __future__ import annotations

import html
import math
from collections.abc import Sequence
from typing import Any

import ipywidgets as w
from IPython.display import display

from pokerlab import _validate, stats
from pokerlab.errors import ParameterError, ParameterTypeError
from pokerlab.game import HandState
from pokerlab.widgets.table import HandReplayer, TableWidget

DEFAULT_STATISTICS = ("vpip", "pfr", "three_bet", "cbet_flop", "af_postflop", "wtsd")
"""What the HUD shows unless told otherwise: the numbers a player reads first."""


class HUD:
    """The statistics of :mod:`pokerlab.stats` over the seats of a :class:`~pokerlab.widgets.TableWidget` or a
    :class:`~pokerlab.widgets.HandReplayer`, as a tracker's HUD shows them, each with its sample size.

    ``source`` is the table or the replayer; ``history`` (optional) is what was seen before: any input of
    :func:`~pokerlab.stats.player_stats` (a file, a folder, a ``MatchResult``, PHH texts). Over a
    ``TableWidget`` every hand that finishes is added as it ends, so the numbers move as you play; over a
    ``HandReplayer`` the HUD shows what ``history`` says about the players of the replayed hand.
    ``statistics`` picks the columns (keys of :data:`pokerlab.stats.STATISTICS`). Each cell reads
    ``27 %`` over its sample (``n=120``: the opportunities) and shows the 95 % interval on hover; a number
    on fewer than ``min_sample`` opportunities is greyed out, because it says little yet.

    ``counts`` is the running :class:`~pokerlab.stats.StatCounts`, ``table`` the current statistics
    (a :func:`~pokerlab.stats.player_stats` frame, a row per seat in seat order) and ``widget`` the view.
    """

    def __init__(
        self,
        source: Any,
        history: Any = None,
        *,
        statistics: Sequence[str] = DEFAULT_STATISTICS,
        min_sample: int = 30,
    ) -> None:

        _validate.instance(
            statistics,
            Sequence,
            "statistics lists keys of pokerlab.stats.STATISTICS",
            error=ParameterTypeError,
            check=bool,
        )
        unknown = [s for s in statistics if s not in stats.STATISTICS]
        if unknown:
            raise ParameterError(
                f"statistics: no statistic is called {unknown[0]!r}; the keys are {', '.join(stats.STATISTICS)}"
            )
        min_sample = _validate.whole(min_sample, "min_sample", lo=0, message="min_sample must be a whole number >= 0")
        self.statistics = tuple(statistics)
        self.min_sample = min_sample
        self.counts = (
            stats.count_hands(history, progress=False) if history is not None else stats.StatCounts()
        )  # fmt: skip
        self.source = source
        _validate.instance(source, (TableWidget, HandReplayer), "source must be a TableWidget or a HandReplayer")
        if isinstance(source, TableWidget):
            source.hand_listeners.append(self._hand_ended)
            self._seats: Any = lambda: list(source.session.names_in_hand())
        else:
            names = list(source.study.names)
            self._seats = lambda: names
        self.view = w.HTML()
        self.view.add_class("pl-hud")
        self.widget = w.VBox([self.view, source.widget])
        self.table: Any = None
        self.update()

    def _hand_ended(self, state: HandState, names: list[str]) -> None:
        self.counts.add(state, names)
        self.update()

    def update(self) -> None:
        """Recompute the statistics and redraw (the table calls it at the end of every hand)."""
        self.table = self.counts.table(self._seats())
        self.view.value = self._html()

    def _html(self) -> str:
        head = "".join(f"<th>{html.escape(stats.LABELS[s])}</th>" for s in self.statistics)
        rows = []
        for name, row in self.table.iterrows():
            cells = []
            for key in self.statistics:
                n = int(row[(key, "opportunities")])
                v, lo, hi = row[(key, "value")], row[(key, "low")], row[(key, "high")]
                if n == 0 or math.isnan(v):
                    cells.append("<td class='pl-hud-empty'>-</td>")
                    continue
                factor = key.startswith("af_")
                shown = f"{v:.1f}" if factor else f"{100 * v:.0f} %"
                span = f"{lo:.1f} to {hi:.1f}" if factor else f"{100 * lo:.0f} to {100 * hi:.0f} %"
                style = " style='color:#999'" if n < self.min_sample else ""
                cells.append(
                    f"<td title='95 % interval: {span}'{style}>{shown}<br><small>n={n:,}</small></td>"
                )  # fmt: skip
            hands = int(row[("hands", "count")])
            rows.append(f"<tr><td><b>{html.escape(str(name))}</b></td><td>{hands:,}</td>{''.join(cells)}</tr>")
        return (
            "<table class='pl-hud'><tr><th>seat</th><th>hands</th>"
            + head
            + "</tr>"
            + "".join(rows)
            + f"</table><small>grey: fewer than {self.min_sample} opportunities; hover a number for its "
            "95 % interval</small>"
        )

    def _ipython_display_(self) -> None:
        display(self.widget)
