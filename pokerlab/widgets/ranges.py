"""Ranges a student can paint: the 13x13 RangeGrid and the range-against-range equity explorer."""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as w

from pokerlab import _validate, charts
from pokerlab.breakdown import range_breakdown
from pokerlab.cards import HandClass, combo_index, parse_cards
from pokerlab.equities import equity
from pokerlab.errors import CardError, ParameterError, PokerlabError
from pokerlab.preflop import CLASS_NAMES, load_table
from pokerlab.ranges import Range
from pokerlab.widgets._common import _beside, _error_html, _projector, _with_picture, _wrap_row

# ----------------------------------------------------------------------------
# Ranges a student can paint: RangeGrid and RangeEquityExplorer
# ----------------------------------------------------------------------------

_GRID_ESM = """
function render({ model, el }) {
  const grid = document.createElement("div");
  grid.className = "pl-range-cells";
  grid.style.cssText =
    "display:grid;grid-template-columns:repeat(13,2.35em);gap:1px;user-select:none;font:11px sans-serif";
  const cells = [];
  let painting = null;
  const colour = (wt) => wt <= 0 ? "#eceff1" : `rgba(46,134,193,${0.25 + 0.75 * wt})`;
  const draw = () => {
    const ws = model.get("weights");
    cells.forEach((c, i) => {
      c.style.background = colour(ws[i]);
      c.title = `${c.dataset.name}: weight ${ws[i]}`;
    });
  };
  const paint = (i) => {
    const ws = model.get("weights").slice();
    if (ws[i] === painting) return;
    ws[i] = painting;
    model.set("weights", ws);
    model.save_changes();
  };
  model.get("labels").forEach((name, i) => {
    const c = document.createElement("div");
    c.className = "pl-range-cell";
    c.dataset.name = name;
    c.dataset.index = i;
    c.textContent = name;
    c.style.cssText = "height:2.2em;display:flex;align-items:center;justify-content:center;cursor:pointer";
    c.addEventListener("mousedown", (e) => {
      e.preventDefault();
      painting = model.get("weights")[i] > 0 ? 0 : model.get("paint_weight");
      paint(i);
    });
    c.addEventListener("mouseenter", () => { if (painting !== null) paint(i); });
    cells.push(c);
    grid.appendChild(c);
  });
  const stop = () => { painting = null; };
  document.addEventListener("mouseup", stop);
  model.on("change:weights", draw);
  draw();
  el.appendChild(grid);
  return () => document.removeEventListener("mouseup", stop);
}
export default { render };
"""


def _grid_view_class() -> Any:
    """The anywidget class behind RangeGrid (built on first use: anywidget loads only then)."""
    global _GRID_VIEW
    if _GRID_VIEW is None:
        import anywidget
        import traitlets

        class _RangeGridView(anywidget.AnyWidget):
            """13x13 cells, one weight each (row-major grid order); the browser paints by mouse drag."""

            _esm = _GRID_ESM
            weights = traitlets.List(traitlets.Float(), default_value=[0.0] * 169).tag(sync=True)
            labels = traitlets.List(traitlets.Unicode(), default_value=[]).tag(sync=True)
            paint_weight = traitlets.Float(1.0).tag(sync=True)

        _GRID_VIEW = _RangeGridView
    return _GRID_VIEW


_GRID_VIEW: Any = None
TOP_PERCENTS = (5, 10, 15, 20, 25, 30, 40, 50, 75, 100)
MIN_PAINT_WEIGHT = 0.01
"""The smallest weight the paint slider offers (and ``RangeGrid(paint_weight=...)`` accepts)."""


def top_range(percent: float) -> str:
    """The best ``percent`` % of the 1,326 combinations by exact equity against a random hand, as text.

    Whole classes are taken in the order of the exact heads-up table until at
    least that share of combinations is in.

    >>> top_range(5)
    '77+, AJs+, AKo'
    """

    percent = _validate.real(
        percent, "percent", lo=0, lo_open=True, hi=100, message="percent must be a number in (0, 100]"
    )
    table = load_table("exact")
    order = sorted(CLASS_NAMES, key=lambda n: -table.value(n))
    chosen: list[str] = []
    combos = 0
    for name in order:
        if chosen and combos >= percent / 100 * 1326:  # at least the best class, however small percent is
            break
        chosen.append(name)
        combos += len(HandClass.parse(name).combos)
    return str(Range.parse(", ".join(chosen)))


class RangeGrid:
    """A 13x13 range grid to paint with the mouse, its text notation kept in sync both ways.

    Pairs sit on the diagonal, suited hands on one side and offsuit on the
    other as in the Waterloo report's tables (:attr:`pokerlab.cards.HandClass.grid_cell`).
    Press on a cell and drag to paint (or, starting on a painted cell, to
    erase) with the ``paint weight``, a fraction from 0 to 1 (0.5 paints the
    class at half weight); the text writes the same weight as a percentage
    after ``@`` (``AKs@50``), so ``AKs@0.5`` typed in the text box is half of
    one percent, not half. The presets take the top x % of hands
    by exact equity against a random hand. Editing the text repaints the
    grid; painting rewrites the text. ``.range`` is the current
    :class:`~pokerlab.ranges.Range` (None when empty) and ``.error`` the
    message when the text cannot be read (``.range`` then keeps the last
    readable range); ``on_change`` callbacks run after every change and
    after unreadable text, and ``last_update_s`` holds how long
    the last paint took to propagate (text, summary and callbacks).
    """

    def __init__(self, text: str = "", *, paint_weight: float = 1.0) -> None:
        import time

        self._time = time.perf_counter
        self._range_type = Range
        _validate.text(text, "text", empty=True, message=f"text must be range text, not {text!r}")
        paint_weight = _validate.real(
            paint_weight,
            "paint_weight",
            lo=MIN_PAINT_WEIGHT,
            hi=1,
            message=f"paint_weight must be a number in [{MIN_PAINT_WEIGHT}, 1]",
        )
        labels = [HandClass.at(r, c).name for r in range(13) for c in range(13)]
        self._cells = labels  # row-major as the Waterloo report lays out: 2..A down and across, suited below
        self.view = _grid_view_class()(labels=labels, paint_weight=float(paint_weight))
        self.text = w.Text(
            value=text,
            description="range",
            placeholder="e.g. QQ+, AKs@50 (@ takes a percent 0-100)",
            layout=w.Layout(width="calc(100% - 4px)", max_width="36em"),  # 100% less ipywidgets' 2-pixel margins
            continuous_update=False,
        )
        # the slider reaches every weight the constructor accepts, so it always shows what a drag paints
        self.paint_weight = w.FloatSlider(
            value=paint_weight,
            min=MIN_PAINT_WEIGHT,
            max=1.0,
            step=MIN_PAINT_WEIGHT,
            description="weight",
            tooltip="paint weight, a fraction 0-1 (the text shows it as @ percent: 0.5 is @50)",
        )
        self.preset = w.Dropdown(
            options=[("top x % ...", 0)] + [(f"top {p} %", p) for p in TOP_PERCENTS], value=0, description="preset"
        )
        self.clear = w.Button(description="clear", icon="eraser")
        self.summary = w.HTML()
        self.range: Any = None
        self.error: str | None = None
        self.last_update_s = 0.0
        self._callbacks: list[Any] = []
        self._busy = False
        self.view.observe(self._painted, names="weights")
        self.text.observe(lambda _: self._typed(), names="value")
        self.paint_weight.observe(lambda ch: setattr(self.view, "paint_weight", float(ch["new"])), names="value")
        self.preset.observe(self._preset, names="value")
        self.clear.on_click(lambda _: self.set_text(""))
        controls = w.HBox([self.paint_weight, self.preset, self.clear], layout=_wrap_row())
        self.widget = w.VBox([controls, self.view, self.text, self.summary])
        self.widget.add_class("pl-range-grid")
        self._typed()

    # -- state ------------------------------------------------------------------

    @property
    def weights(self) -> dict[str, float]:
        """Class name -> weight for every painted class."""
        return {n: wt for n, wt in zip(self._cells, self.view.weights, strict=True) if wt > 0}

    def on_change(self, callback: Any) -> None:
        """Call ``callback(range_grid)`` after each change of the range."""
        self._callbacks.append(callback)

    def paint(self, classes: Any, weight: float = 1.0) -> None:
        """Set classes (names or one name) to ``weight`` as a mouse drag would (0 erases)."""

        if isinstance(classes, str):
            classes = [classes]
        weight = _validate.real(weight, "weight", lo=0, hi=1, message="weight must be a number in [0, 1]")
        ws = list(self.view.weights)
        for name in classes:
            try:
                ws[self._cells.index(HandClass.parse(name).name)] = float(weight)
            except (CardError, ValueError):
                raise ParameterError(f"classes must be starting-hand classes such as 'AKs', not {name!r}") from None
        self.view.weights = ws

    def set_text(self, text: str) -> None:
        self.text.value = text

    # -- sync -------------------------------------------------------------------

    def _painted(self, change: Any) -> None:
        """A paint changed some cells: only their combinations change, typed single combinations elsewhere stay."""

        if self._busy:
            return
        t = self._time()
        self._busy = True
        try:
            combo_w = [0.0] * 1326
            if self.range is not None:
                for i, wt in self.range.entries:
                    combo_w[i] = wt
            for cell, (old, new) in enumerate(zip(change["old"], change["new"], strict=True)):
                if old != new:
                    for a, b in HandClass.parse(self._cells[cell]).combos:
                        combo_w[combo_index(a, b)] = float(new)
            self.range = self._range_type.from_weights(combo_w) if any(combo_w) else None
            self.text.value = "" if self.range is None else str(self.range)
            self.error = None
        finally:
            self._busy = False
        self._changed()
        self.last_update_s = self._time() - t

    def _typed(self) -> None:

        if self._busy:
            return
        self._busy = True
        try:
            text = self.text.value.strip()
            r = self._range_type.parse(text) if text else None
            ws = [0.0] * 169
            if r is not None:
                index = {n: i for i, n in enumerate(self._cells)}
                sums: dict[str, float] = {}
                for a, b, wt in r.combos():
                    name = HandClass.of(a, b).name
                    sums[name] = sums.get(name, 0.0) + wt
                for name, total in sums.items():
                    ws[index[name]] = round(total / len(HandClass.parse(name).combos), 6)
            self.view.weights = ws
            self.range, self.error = r, None
        except PokerlabError as exc:
            self.error = str(exc)
            self.summary.value = _error_html(str(exc))
            failed = True
        else:
            failed = False
        finally:
            self._busy = False
        if failed:  # the range is unchanged, but what depends on it must not go on showing it as the text's
            for cb in self._callbacks:
                cb(self)
            return
        self._changed()

    def _preset(self, change: Any) -> None:
        if change["new"]:
            self.set_text(top_range(change["new"]))
            self.preset.value = 0

    def grid_html(self) -> str:
        """The grid as a static HTML table (what a saved notebook shows with no kernel)."""
        rows = []
        ws = list(self.view.weights)
        for r in range(13):
            tds = []
            for c in range(13):
                wt = ws[13 * r + c]
                bg = "#eceff1" if wt <= 0 else f"rgba(46,134,193,{0.25 + 0.75 * wt:.2f})"
                tds.append(f'<td style="background:{bg};padding:2px 4px">{self._cells[13 * r + c]}</td>')
            rows.append(f"<tr>{''.join(tds)}</tr>")
        return f"<table style='font-size:70%'>{''.join(rows)}</table><div>{html.escape(self.text.value)}</div>"

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        data = dict(self.widget._repr_mimebundle_(**kwargs) or {})
        data["text/html"] = self.grid_html()
        return data, {}

    def _changed(self) -> None:
        n = 0 if self.range is None else len(self.range)
        total = 0.0 if self.range is None else self.range.total_weight
        self.summary.value = f"{n} combinations ({total / 1326:.1%} of all hands, weighted)"
        for cb in self._callbacks:
            cb(self)


class RangeEquityExplorer:
    """Two painted ranges and a board: exact range-against-range equity and both ranges' breakdowns.

    Each side is a :class:`RangeGrid`; the board is typed (3-5 cards, or
    empty for preflop). Every change recomputes :func:`pokerlab.equity`
    (exact for any two ranges on a flop, turn or river, and for whole-class
    ranges preflop) and :func:`pokerlab.range_breakdown` of both ranges.
    ``last_update_s`` is the time the last change took in the kernel
    (equity, breakdowns and the chart's SVG).
    """

    def __init__(
        self,
        hero: str = "22+, A2s+, KTs+, QTs+, JTs, ATo+, KJo+",
        villain: str = "88+, AJs+, KQs, AKo",
        board: str = "Ks 7d 2c",
        *,
        charts: bool = True,
    ) -> None:
        import time

        self._time = time.perf_counter
        self._equity = equity
        self._charts = charts
        for name, value in (("hero", hero), ("villain", villain), ("board", board)):
            _validate.text(value, "value", empty=True, message=f"{name} must be text, not {value!r}")
        _validate.flag(charts, "charts")
        self.hero = RangeGrid(hero)
        self.villain = RangeGrid(villain)
        self.board = w.Text(value=board, description="board", continuous_update=False)
        self.numbers = w.HTML()
        self.chart_view = w.HTML()
        self.result: Any = None
        self.breakdowns: tuple[Any, Any] | None = None
        self.last_chart: Any = None  # both breakdowns side by side (charts=True, 3-5 board cards)
        self.error: str | None = None
        self.last_update_s = 0.0
        self.hero.on_change(lambda _: self.update())
        self.villain.on_change(lambda _: self.update())
        self.board.observe(lambda _: self.update(), names="value")
        tabs = w.Tab([self.hero.widget, self.villain.widget])
        tabs.set_title(0, "hero range")
        tabs.set_title(1, "villain range")
        # the grids beside the numbers and the breakdowns: 1,100 x about 560 pixels, a projector's screen
        self.widget = _beside([self.board, tabs], [self.numbers, self.chart_view], controls_width=390)
        self.widget.add_class("pl-range-equity-explorer")
        self.update()

    def update(self) -> None:

        t = self._time()
        try:
            for side, grid in (("hero", self.hero), ("villain", self.villain)):
                if grid.error is not None:
                    raise ParameterError(f"the {side} range: {grid.error}")
            if self.hero.range is None or self.villain.range is None:
                raise ParameterError("paint both ranges (or type them) to compare them")
            board = parse_cards(self.board.value)
            e = self._equity(self.hero.range, self.villain.range, board=board)
            parts = None
            if len(board) >= 3:
                parts = (range_breakdown(self.hero.range, board), range_breakdown(self.villain.range, board))
        except PokerlabError as exc:
            self.result, self.breakdowns, self.error = None, None, str(exc)
            self.numbers.value = _error_html(str(exc))
            self.chart_view.value = ""
            self.last_chart = None
            return
        self.result, self.breakdowns, self.error = e, parts, None
        if self._charts and parts is not None:
            narrow = {"width": 130}  # two breakdowns side by side beside the grids
            # the explorers' label sizes, the legend below the pair: 634 px wide, so a live slide draws it at
            # 16 px within the 740 px beside the grids (with the legend on the right it was 12.9 px there)
            hero = parts[0].chart(title="hero").properties(**narrow)
            villain = parts[1].chart(title="villain").properties(**narrow)
            self.last_chart = _projector(
                hero | villain,
                orient="bottom",
                direction="horizontal",
                columns=3,
            )
            svg = charts.chart_svg(self.last_chart)
        else:
            self.last_chart, svg = None, ""
        self.last_update_s = self._time() - t  # everything the kernel does for a change, the chart included
        # the time it took is a detail for the notebook: a live slide leaves it out (pl-aside)
        self.numbers.value = e._repr_html_() + f"<small class='pl-aside'>{self.last_update_s * 1e3:.0f} ms</small>"
        self.chart_view.value = svg

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return _with_picture(self.widget, self.last_chart, **kwargs)
