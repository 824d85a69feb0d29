"""Reports over postflop solutions: many spots on any executor, the turn report, ranges at a node, the grid.

The spots are tiny (a few combinations, one bet size) so the file stays light; the numbers checked are
the ones a reader sees: river weights and values in closed form, frequencies equal to the solver's own.
"""

from __future__ import annotations

import functools
from concurrent.futures import ThreadPoolExecutor

import numpy as np
import pytest

from pokerlab import solve
from pokerlab.errors import IllegalActionError, ParameterError, PokerlabError
from pokerlab.solve.postflop_reports import (
    node_ranges,
    postflop_many,
    strategy_grid,
    strategy_grid_text,
    turn_report,
)
from tests.support.peers import peer

RIVER = dict(board="Ks7d4c2h2s", oop="AA, 65s", ip="KQ, QJ", pot=100, stack=100, bets="100%", raises="")


@functools.cache
def _river() -> solve.PostflopSolution:
    return solve.postflop(**RIVER, target=0.0005, progress=False)


@functools.cache
def _checked_down_turn():
    """No bets at all: the turn and river are checked down, so every number has a closed form."""
    return turn_report("Ks7d4c2h", "AA", "KQ", pot=100, stack=100, bets="", raises="", progress=False)


def test_the_checked_down_turn_report_in_closed_form():
    frame = _checked_down_turn()
    assert len(frame) == 48
    assert list(frame.columns) == ["river", "weight", "oop_value", "ip_value", "oop_equity", "check"]
    assert frame.attrs["line"] == ("check", "check") and frame.attrs["actions"] == ("check",)
    # 6 aces against 12 KQ (3 kings, 4 queens left): 72 pairs; a river card removes the pairs holding it
    pairs = {"A": 3 * 12, "K": 6 * 8, "Q": 6 * 9}
    total = sum(pairs.get(c[0], 72) for c in frame["river"])
    assert total == 4 * 36 + 3 * 48 + 4 * 54 + 37 * 72
    for row in frame.itertuples():
        assert row.weight == pytest.approx(pairs.get(row.river[0], 72) / total, abs=1e-12)
        aces_win = row.river[0] not in "KQ"  # a king makes IP's trips, a queen IP's two pair
        assert row.oop_value == pytest.approx(100.0 if aces_win else 0.0, abs=1e-4)
        assert row.oop_equity == pytest.approx(1.0 if aces_win else 0.0, abs=1e-9)
        assert row.oop_value + row.ip_value == pytest.approx(100.0, abs=1e-4)
        assert row.check == 1.0


def test_a_turn_report_adds_up_to_the_value_before_the_river():
    always = dict(board="Ks7d4c2h", oop="AA, 65s", ip="KQ, QJ", pot=100, stack=100, bets="100%", raises="")
    jams = solve.postflop(**always, target=0.005, progress=False)
    assert jams.frequencies(()) == {"check": 0.0, "allin 100": 1.0}  # OOP always jams the turn
    with pytest.raises(IllegalActionError, match="no pair of hands takes the line"):
        turn_report(**always, solution=jams)  # so check, check never happens
    spot = dict(board="Ks7d4c2h", oop="AA, KJ, 65s", ip="KQ, KJ, QJs", pot=100, stack=300, bets="100%", raises="")
    solution = solve.postflop(**spot, target=0.003, progress=False)
    line = ("check", "check")
    frame = turn_report(**spot, solution=solution)
    assert frame.attrs["actions"] == ("check", "bet 100")
    assert frame["weight"].sum() == pytest.approx(1.0)
    assert np.allclose(frame["check"] + frame["bet 100"], 1.0)
    assert np.allclose(frame["oop_value"] + frame["ip_value"], 100.0, atol=1e-3)
    # the river cards' values, weighted by their chance, are OOP's value where the river is dealt
    at = node_ranges(solution, spot["oop"], spot["ip"], line)
    ev = solution.ev(line, "oop")
    joint = at.joint(0)
    expected = sum(joint[h] * ev[n] for h, n in enumerate(at.names[0]) if n in ev) / joint.sum()
    assert (frame["weight"] * frame["oop_value"]).sum() == pytest.approx(expected, abs=1e-3)
    # each row's frequencies are the solver's own at that river node
    row = frame.iloc[5]
    assert solution.frequencies((*line, row["river"])) == pytest.approx(
        {"check": row["check"], "bet 100": row["bet 100"]}
    )
    # the rivers that complete 65s's straight (3x) are OOP's best cards
    best = frame.sort_values("oop_value").tail(4)["river"]
    assert {c[0] for c in best} == {"3"}


@pytest.mark.parametrize("line", [(), ("allin 100",), ("check",), ("check", "allin 100")])
def test_node_ranges_reproduce_the_solvers_frequencies_and_values(line):
    s = _river()
    nodes = node_ranges(s, RIVER["oop"], RIVER["ip"], line)
    q = nodes.player
    strat = s.strategy(line)
    joint = nodes.joint(q)
    mine = {}
    for a in s.actions(line):
        probs = np.array([strat[n][a] if n in strat else 0.0 for n in nodes.names[q]])
        mine[a] = float(np.dot(joint, probs) / joint.sum())
    assert mine == pytest.approx(s.frequencies(line), abs=1e-9)
    if line == ():  # at the root the reach-weighted values are the game's value
        for p, who in enumerate(("oop", "ip")):
            ev = s.ev((), who)
            j = nodes.joint(p)
            v = sum(j[h] * ev[n] for h, n in enumerate(nodes.names[p]) if n in ev) / j.sum()
            assert v == pytest.approx(s.value[p], abs=1e-3)


def test_strategy_grid_averages_each_class_over_its_combinations():
    s = _river()
    grid = strategy_grid(s, RIVER["oop"], RIVER["ip"])
    assert set(grid) == {"AA", "65s"}
    strat = s.strategy(())
    aces = [mix for combo, mix in strat.items() if combo[0] == "A"]
    assert len(aces) == 6
    for a in s.actions(()):
        assert grid["AA"][a] == pytest.approx(np.mean([m[a] for m in aces]))
    assert all(sum(mix.values()) == pytest.approx(1.0) for mix in grid.values())
    text = strategy_grid_text(grid)
    blocks = text.split("\n\n")
    assert [b.splitlines()[0] for b in blocks] == ["check:", "allin 100:"]
    assert blocks[0].splitlines()[1].split() == list("AKQJT98765432")
    row_a = blocks[1].splitlines()[2]  # the aces' row of the all-in block: the diagonal cell first
    assert row_a.split()[0] == "A" and row_a.split()[1] in ("##", f"{100 * grid['AA']['allin 100']:.0f}")
    # IP's grid after a check: KQ offsuit sits below the diagonal (row Q, column K)
    ip = strategy_grid(s, RIVER["oop"], RIVER["ip"], "check")
    assert {"KQs", "KQo", "QJs", "QJo"} == set(ip)
    rows = strategy_grid_text(ip).split("\n\n")[0].splitlines()
    assert rows[4].startswith("   Q") and rows[4][5 + 4 : 5 + 8].strip() != ""


def test_postflop_many_gives_each_spot_its_own_solution_in_order():
    spots = [dict(RIVER, ip=ip, target=0.001) for ip in ("KQ, QJ", "KQ", "QJ, JT")]
    alone = [solve.postflop(**s, progress=False) for s in spots]
    with ThreadPoolExecutor(2) as pool:
        many = solve.postflop_many(spots, pool, progress=False)
    assert [m.value for m in many] == [a.value for a in alone]
    assert [m.iterations for m in many] == [a.iterations for a in alone]


@pytest.mark.slow
def test_postflop_many_on_a_process_pool_and_a_dask_local_cluster():
    distributed = peer("distributed")
    spots = [dict(RIVER, ip=ip, target=0.001) for ip in ("KQ, QJ", "QJ, JT")]
    alone = [solve.postflop(**s, progress=False).value for s in spots]
    assert [s.value for s in postflop_many(spots, progress=False)] == alone  # the default process pool
    with (
        distributed.LocalCluster(n_workers=2, threads_per_worker=1, dashboard_address=None) as cluster,
        distributed.Client(cluster) as client,
    ):
        on_dask = postflop_many(spots, client.get_executor(), progress=False)
    assert [s.value for s in on_dask] == alone
    assert on_dask[1].actions(()) == ("check", "allin 100")


@pytest.mark.parametrize(
    "spots, words",
    [
        ("Ks7d4c2h2s", "list of spots"),
        ({"board": "Ks7d4c2h2s"}, "list of spots"),
        ([5], r"spots\[0\] must be a mapping"),
        ([{"board": "Ks7d4c2h2s", "oop": "AA"}], r"spots\[0\] lacks ip, pot, stack"),
        ([dict(RIVER, bet="50%")], "unknown keys bet"),
    ],
)
def test_postflop_many_refuses_bad_spots_before_any_work(spots, words):
    with pytest.raises(PokerlabError, match=words):
        postflop_many(spots, progress=False)


def test_postflop_many_passes_on_the_solvers_own_refusal():
    with pytest.raises(PokerlabError, match="board"):
        postflop_many([dict(RIVER, board="Ks7d4c")], ThreadPoolExecutor(1), progress=False)
    with pytest.raises(ParameterError, match="executor"):
        postflop_many([RIVER], executor="pool", progress=False)


def test_turn_report_and_node_ranges_refuse_what_they_cannot_report():
    with pytest.raises(ParameterError, match="4-card board"):
        turn_report("Ks7d4c2h2s", "AA", "KQ", pot=100, stack=100, progress=False)
    with pytest.raises(IllegalActionError, match="does not end where the river is dealt"):
        turn_report("Ks7d4c2h", "AA", "KQ", pot=100, stack=100, bets="", line=("check",), progress=False)
    with pytest.raises(IllegalActionError, match="not 'bet 50'"):
        node_ranges(_river(), RIVER["oop"], RIVER["ip"], ("bet 50",))
    with pytest.raises(IllegalActionError, match="hand is over"):
        node_ranges(_river(), RIVER["oop"], RIVER["ip"], ("check", "check", "check"))
    with pytest.raises(ParameterError, match="grid"):
        strategy_grid_text({})


def test_a_report_refuses_another_spot_than_the_solution_holds():
    """An outside tester gave turn_report a solution and other ranges: the values no longer added up to the pot
    while the action columns came from the solved ranges. The ranges, pot and stack must be the solution's."""
    spot = dict(board="Ks7d4c2h", oop="AA", ip="KQ", pot=100, stack=100, bets="", raises="")
    solution = solve.postflop(**spot, progress=False)
    assert len(turn_report(**spot, solution=solution)) == 48
    for change, message in (
        ({"oop": "AA, 65s"}, "oop is not the range this solution was solved from"),
        ({"ip": "KQ:0.5"}, "ip is not the range"),
        ({"pot": 120}, "pot 120 is not the solution's pot"),
        ({"stack": 90}, "stack 90 is not the solution's stack"),
    ):
        with pytest.raises(ParameterError, match=message):
            turn_report(**{**spot, **change}, solution=solution)
    with pytest.raises(ParameterError, match="oop is not the range"):
        node_ranges(_river(), "AA", RIVER["ip"], ())
    # the same range written another way (and a combination on the board) is the same game
    assert node_ranges(_river(), "65s, AA, Ks7h", RIVER["ip"], ()).line == ()


def test_turn_report_chart_draws_every_river():
    from pokerlab import charts
    from pokerlab.charts import mark_counts

    frame = _checked_down_turn()
    counts = {m.name: (m.marks, m.visible) for m in mark_counts(charts.turn_report_chart(frame))}
    assert counts == {"concat_0_marks": (48, 48), "concat_1_layer_0_marks": (48, 48), "concat_1_layer_1_marks": (1, 1)}
    with pytest.raises(ParameterError, match="turn_report"):
        charts.turn_report_chart(frame.drop(columns=["check"]))
