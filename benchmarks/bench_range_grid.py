"""How long a painted cell takes in the kernel: RangeGrid alone, and RangeEquityExplorer with and without its chart.

Each paint is what one mouse-drag message from the browser does (``RangeGrid.paint``
sets the cell weights exactly as the widget's sync does). The times are the
widgets' own ``last_update_s``: for the grid, the range rewritten as text, its
summary and every ``on_change`` callback, so in the explorer the exact equity,
both breakdowns and, with ``charts=True``, the breakdown chart drawn as SVG.
There is no peer: a reply within about a third of a second keeps up with a
drag (the browser merges the cells entered while the kernel is busy). Run:

    python benchmarks/bench_range_grid.py
"""

from __future__ import annotations

import statistics

from _common import record

from pokerlab.widgets import RangeEquityExplorer, RangeGrid

CELLS = ["KQs", "QJs", "JTs", "T9s", "98s", "AJo", "KQo", "QJo", "55", "44"]


def _times(grid: RangeGrid) -> list[float]:
    out = []
    for cell in CELLS:
        grid.paint(cell)
        out.append(grid.last_update_s)
    return out


def _line(what: str, times: list[float]) -> str:
    ms = sorted(t * 1e3 for t in times)
    return f"{what:<58} median {statistics.median(ms):7.1f} ms  (min {ms[0]:.1f}, max {ms[-1]:.1f}, {len(ms)} paints)"


def main() -> None:
    RangeEquityExplorer(charts=True)  # warm up: compiled kernels, tables, the matrix, vl-convert
    times = {"grid": _times(RangeGrid("88+, AJs+"))}
    print(_line("RangeGrid alone: text and summary", times["grid"]))
    for charts in (False, True):
        ex = RangeEquityExplorer("22+, A2s+, KTs+, QTs+, JTs, ATo+, KJo+", "88+, AJs+", "Ks 7d 2c", charts=charts)
        what = "RangeEquityExplorer on Ks7d2c, " + ("with its chart" if charts else "no chart")
        times["chart" if charts else "explorer"] = _times(ex.villain)
        print(_line(what, times["chart" if charts else "explorer"]))

    def span(key: str, scale: float = 1e3, unit: str = "ms", digits: int = 0) -> str:
        ms = sorted(t * scale for t in times[key])
        return f"{ms[0]:.{digits}f}-{ms[-1]:.{digits}f} {unit} (median {statistics.median(ms):.{digits}f})"

    row = {
        "what": f"RangeGrid: one painted cell to text and summary ({len(CELLS)} paints each)",
        "pokerlab": f"{span('grid', digits=1)}; `RangeEquityExplorer` on Ks7d2c recomputed {span('explorer')} "
        f"(exact equity and both breakdowns), {span('chart', 1, 's', 2)} with its chart drawn",
        "peer": "",
        "ratio": "",
        "target": "about a third of a second (a drag)",
    }
    record("bench_range_grid", [row], {"seconds": times})


if __name__ == "__main__":
    main()
