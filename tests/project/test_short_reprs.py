"""Short reprs at a Python prompt (issue 41, a newcomer's finding): the REPL lines of docs/guide.md printed a
240-line ``PreflopTable(values=array([[...`` for ``preflop.simulate_table(...)``, 120 lines for
``exact_heads_up_table()`` and screens of ``Leak(...)`` records for ``solve.leaks(...)``. Each is one line now,
saying what the object is and how to see the rest; the values themselves are unchanged."""

from __future__ import annotations

import numpy as np

from pokerlab import preflop, solve
from pokerlab.preflop.table import PreflopTable


def test_a_preflop_table_prints_as_one_line_saying_what_it_is():
    exact = preflop.load_table("exact")
    assert repr(exact) == (
        "PreflopTable(Exact heads-up equity against a random hand: 169 classes, 0.3230 (32o) to 0.8520 (AA);"
        " .grid(), .to_frame() or .chart() shows them)"
    )
    assert round(exact.value("AA"), 4) == 0.8520 and round(exact.value("32o"), 4) == 0.3230
    simulated = preflop.load_table("simulation", players=4)
    said = repr(simulated)
    assert "\n" not in said and len(said) < 200
    assert said.startswith("PreflopTable(Simulation, 4 players, 10,000 games per class (pot_share), seed 2026: 169")
    partial = np.full((13, 13), np.nan)
    partial[0, 0] = 0.5  # one class computed (22): the others NaN
    table = PreflopTable(partial, {"method": "exact", "players": 2, "pokerlab_version": "0"})
    assert repr(table).endswith(": 1 classes, 0.5000 (22) to 0.5000 (22); .grid(), .to_frame() or .chart() shows them)")
    empty = PreflopTable(np.full((13, 13), np.nan), {"method": "exact", "players": 2, "pokerlab_version": "0"})
    assert repr(empty) == "PreflopTable(Exact heads-up equity against a random hand: no class computed)"


def test_the_leaks_print_as_one_line_and_stay_a_tuple_of_leaks():
    kuhn = solve.game("kuhn")
    found = solve.leaks(kuhn, solve.Policy.uniform(kuhn))
    assert isinstance(found, tuple) and len(found) == 12 and all(isinstance(x, solve.Leak) for x in found)
    top = found[0]
    assert repr(found) == (
        f"Leaks(12 information sets; the largest: {top.infoset!r}, gain {top.gain:.6f} chips per hand, best action"
        f" {top.best_action!r}; solve.leaks_frame(...) is the table)"
    )
    assert top.gain == max(x.gain for x in found)
    frame = solve.leaks_frame(found)
    assert list(frame.index) == [x.infoset for x in found]
    page = found._repr_html_()  # a notebook: the first rows as a table
    assert page.startswith("<p>12 information sets, the largest leaks first (the first 10;")
    assert page.count("</tr>") == 2 + 10  # the header's two rows (columns, index name) and ten leaks
    assert repr(solve.evaluate.Leaks()) == "Leaks(no information set)"
