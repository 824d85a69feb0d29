"""Bad input to pokerlab.solve, its charts and the Leduc Phase II bot: a PokerlabError naming it, never a crash.

Each case here once raised TypeError/ValueError/ZeroDivisionError/AttributeError, or returned a wrong answer
(NaN strategies, a zero row, a chart with a rule at NaN).
"""

import math
import re
import subprocess
import sys

import numpy as np
import pytest
from hypothesis import given, strategies as st

from pokerlab import solve
from pokerlab.bots.leduc import leduc_strength, phase_two_decisions, phase_two_policy
from pokerlab.charts import exploitability_chart, regret_matching_chart, strategy_chart
from pokerlab.errors import ParameterError
from pokerlab.solve.matrix import ROCK_PAPER_SCISSORS, regret_matching_self_play
from tests.support.timing import hang_guard

KUHN = solve.game("kuhn")
LEGAL3 = np.ones((1, 3), bool)


@pytest.mark.parametrize("regrets", ["", "abc", b"x", {}, object(), [[1, "x", 2]], [[1, 2], [3]]])
def test_regret_matching_refuses_what_is_not_a_table_of_numbers(regrets):
    with pytest.raises(ParameterError, match="regrets"):
        solve.regret_matching(regrets, LEGAL3)


@pytest.mark.parametrize("bad", [math.inf, -math.inf, math.nan])
def test_regret_matching_refuses_infinite_regrets(bad):
    # before: an infinite regret gave NaN probabilities
    with pytest.raises(ParameterError, match="finite"):
        solve.regret_matching(np.array([[bad, 0.0, 1.0]]), LEGAL3)


def test_regret_matching_of_huge_regrets_still_sums_to_one():
    # before: 1e308 + 1e308 overflowed and the row came back all zeros
    out = solve.regret_matching(np.array([[1e308, 1e308, 0.0], [1e308, 0.0, 1e-300]]), np.ones((2, 3), bool))
    assert out.tolist() == [[0.5, 0.5, 0.0], [1.0, 0.0, 0.0]]


@given(st.lists(st.floats(-1e308, 1e308), min_size=1, max_size=6))
def test_regret_matching_rows_are_probabilities(row):
    out = solve.regret_matching(np.array([row]), np.ones((1, len(row)), bool))[0]
    assert np.isfinite(out).all() and (out >= 0).all() and abs(out.sum() - 1) < 1e-12
    positive = [r > 0 for r in row]
    if any(positive):  # regret matching: mass only where regret is positive, in proportion to it
        assert all(p > 0 or o == 0 for p, o in zip(positive, out, strict=True))
        assert out[int(np.argmax(row))] == out.max()


@pytest.mark.parametrize(
    "matrix, words",
    [
        ("abc", "matrix must be a square table"),
        ({}, "matrix must be a square table"),
        ([[1, 2], [3]], "matrix must be a square table"),
        (np.zeros((0, 0)), "non-empty"),
        ([[1e300, -1e300], [-1e300, 1e300]], "at most"),
    ],
)
def test_matrix_games_must_be_square_tables_of_moderate_numbers(matrix, words):
    with pytest.raises(ParameterError, match=words):
        regret_matching_self_play(matrix, 5, actions=("a", "b"))


@pytest.mark.parametrize("actions", [None, 3, "rps", (1, 2, 3), ("a", "b")])
def test_matrix_game_actions_are_names_one_per_row(actions):
    with pytest.raises(ParameterError, match="actions"):
        regret_matching_self_play(ROCK_PAPER_SCISSORS, 5, actions=actions)


def test_matrix_game_iterations_may_be_a_numpy_integer():
    a = regret_matching_self_play(ROCK_PAPER_SCISSORS, np.int64(50), initial_regrets=([1, 0, 0], [0, 0, 0]))
    b = regret_matching_self_play(ROCK_PAPER_SCISSORS, 50, initial_regrets=([1, 0, 0], [0, 0, 0]))
    assert np.array_equal(a.averages, b.averages) and len(a.strategies) == 50


@pytest.mark.parametrize("bad", [[], {}, ["K"], None, 1])
def test_leduc_strength_refuses_unhashable_and_wrong_cards(bad):
    with pytest.raises(ParameterError, match="ranks J, Q or K"):
        leduc_strength(bad)
    with pytest.raises(ParameterError, match="ranks J, Q or K"):
        leduc_strength("K", bad)


def test_leduc_strength_values():
    assert leduc_strength("J") == pytest.approx(0.3) and leduc_strength("K", "J") == 0.625


@pytest.mark.parametrize("bluff", [[], {}, None, 1, "NORMAL"])
def test_bluff_styles_are_names(bluff):
    for f in (phase_two_policy, phase_two_decisions):
        with pytest.raises(ParameterError, match="bluff must be one of"):
            f(bluff)


@pytest.mark.parametrize("c", [math.nan, math.inf, -1.0, 0, True, "2", [2]])
def test_phase_two_decisions_checks_c_like_phase_two_policy(c):
    # before: phase_two_decisions(c=nan) returned a table and c="2" raised TypeError
    for f in (phase_two_policy, phase_two_decisions):
        with pytest.raises(ParameterError, match="c must be a positive number"):
            f(c=c)


def test_phase_two_decisions_and_policy_agree_for_a_valid_c():
    table = phase_two_decisions(c=3.0)
    policy = phase_two_policy(c=3.0)
    for key in ("J:", "Q:", "K:c", "JQ:rc/r"):
        assert {a: table.loc[key, a] for a in policy[key]} == policy[key]


@pytest.mark.parametrize("table", [np.full((12, 2), "0.5"), np.full((12, 2), 0.5 + 0j), np.ones((12, 2), bool)])
def test_a_policy_table_holds_real_numbers(table):
    with pytest.raises(ParameterError, match="holds numbers"):
        solve.Policy(KUHN, table)


def _result():
    return solve.cfr(KUHN, 20, record=5)


@pytest.mark.parametrize("results", [None, 3, "cfr", b"x", object(), [1]])
def test_exploitability_chart_needs_results(results):
    with pytest.raises(ParameterError, match="non-empty list of CFRResult"):
        exploitability_chart(results)


@pytest.mark.parametrize("references", [3, "x", [1, 2], {"bot": math.nan}, {"bot": -1.0}, {"bot": "2"}, {1: 2.0}])
def test_exploitability_chart_references_are_named_positive_numbers(references):
    with pytest.raises(ParameterError, match="references must map names"):
        exploitability_chart([_result()], references)


@pytest.mark.parametrize("iteration", [math.nan, math.inf, -1, 0, 1.5, "7", True, [3]])
def test_exploitability_chart_iteration_is_a_whole_number(iteration):
    # before: any value was drawn as a rule (a NaN or a string made an empty or broken chart)
    with pytest.raises(ParameterError, match="iteration must be a whole number"):
        exploitability_chart([_result()], None, iteration)


def test_exploitability_chart_still_draws_its_marks():
    chart = exploitability_chart([_result()], {"Phase II bot": 2.0}, iteration=np.int64(10)).to_dict()
    assert [layer["mark"]["type"] for layer in chart["layer"]] == ["line", "rule", "text", "rule"]


@pytest.mark.parametrize("policy", [None, "K:", {}, 3, np.ones((12, 2))])
def test_strategy_chart_needs_a_policy(policy):
    with pytest.raises(ParameterError, match=r"policy must be a pokerlab\.solve\.Policy"):
        strategy_chart(policy, ["K:"])


@pytest.mark.parametrize("keys", [None, 3, "K:", [], [1, 2], {"K:": 1}.values()])
def test_strategy_chart_needs_a_list_of_keys(keys):
    with pytest.raises(ParameterError, match="information set keys"):
        strategy_chart(solve.Policy.uniform(KUHN), keys)


@pytest.mark.parametrize("run", [None, "run", 3, solve.cfr(KUHN, 3)])
def test_regret_matching_chart_needs_a_matrix_run(run):
    with pytest.raises(ParameterError, match="run must be a MatrixRun"):
        regret_matching_chart(run)


@pytest.mark.parametrize("player", [True, False, 0.0, 1.0, "0", 2])
def test_regret_matching_chart_player_is_zero_or_one(player):
    run = regret_matching_self_play(ROCK_PAPER_SCISSORS, 5)
    with pytest.raises(ParameterError, match="player is 0 or 1"):
        regret_matching_chart(run, player)


def test_the_reference_label_sits_at_the_right_end_clear_of_the_curves():
    # before: the label started at the left edge, where every curve starts near the Phase II bot's level
    # (lesson 10's saved chart had the MCCFR line running through "Phase II bot (normal bluffing)")
    import vl_convert as vlc

    results = [solve.cfr(solve.game("leduc"), 200, "cfr+", record=10)]
    chart = exploitability_chart(results, {"Phase II bot": 2.0})
    svg = vlc.vegalite_to_svg(chart.to_dict())
    label = svg[: svg.index(">Phase II bot</text>")].rsplit("<text", 1)[1]  # the label's own element
    x = float(label.split('transform="translate(', 1)[1].split(",")[0])
    assert x > 300 and 'text-anchor="end"' in label


def test_the_explorer_refuses_two_runs_of_one_variant():
    # before: CFRExplorer([cfr 10, cfr 40], ...) kept only the second run, silently
    from pokerlab.widgets import CFRExplorer

    runs = [solve.cfr(KUHN, 10, record=3), solve.cfr(KUHN, 40, record=3)]
    with pytest.raises(ParameterError, match="different variants"):
        CFRExplorer(runs, ["K:"])
    explorer = CFRExplorer([runs[0], solve.cfr(KUHN, 40, "cfr+", record=3)], ["K:", "J:"])
    assert list(explorer.results) == ["cfr", "cfr+"] and explorer.iteration.options[-1] == 40


@pytest.mark.parametrize("infosets", ["K:", None, 3, []])
def test_the_explorer_needs_a_list_of_information_sets(infosets):
    from pokerlab.widgets import CFRExplorer

    with pytest.raises(ParameterError, match="infosets must be a list"):
        CFRExplorer([solve.cfr(KUHN, 10, record=3)], infosets)


@pytest.mark.parametrize("results", [None, "cfr", iter([]), [1]])
def test_the_explorer_needs_results(results):
    from pokerlab.widgets import CFRExplorer

    with pytest.raises(ParameterError, match="results must be a non-empty list"):
        CFRExplorer(results, ["K:"])


@pytest.mark.parametrize("variant", ["cfr", "cfr+"])
def test_pokerlab_solve_times_the_solve_not_the_kernel_load(monkeypatch, capsys, variant):
    # before: `pokerlab solve kuhn --iterations 10` printed "10 iterations in 1.27 s", nearly all of it the
    # compiled kernel being loaded from the cache; the kernel is now loaded before the clock starts
    import time

    from pokerlab.cli import main

    events = []
    real_cfr, real_clock = solve.cfr, time.perf_counter

    def cfr(*args, **kwargs):
        events.append(("cfr", args[1], kwargs.get("record")))
        return real_cfr(*args, **kwargs)

    def clock():
        events.append(("clock",))
        return real_clock()

    monkeypatch.setattr(solve, "cfr", cfr)
    monkeypatch.setattr(time, "perf_counter", clock)
    # Leduc runs in the compiled kernel (small Kuhn runs take numpy's engine, which has nothing to load)
    assert main(["solve", "leduc", "--iterations", "10", "--variant", variant, "--record", "0"]) == 0
    first = events.index(("cfr", 1, 0))  # (the command's own start-up clock may come before it)
    assert events[first : first + 4] == [("cfr", 1, 0), ("clock",), ("cfr", 10, 0), ("clock",)]
    assert "10 iterations in" in capsys.readouterr().out


def test_a_closed_pipe_ends_the_command_quietly():
    # before: `pokerlab solve kuhn | head -1` ended with a BrokenPipeError traceback
    proc = subprocess.Popen(
        [sys.executable, "-m", "pokerlab", "solve", "kuhn", "--variant", "mccfr", "--iterations", "1", "--record", "0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    proc.stdout.close()  # the reader is gone before the command prints
    _, err = proc.communicate(timeout=hang_guard(120))
    # on a machine whose kernel cache is empty the command first says, in one line, that it compiles them
    said = [line for line in err.splitlines() if not line.startswith(b"pokerlab: compiling kernels")]
    assert proc.returncode == 141 and b"Traceback" not in err and said == [], err


def test_options_a_run_would_ignore_are_refused_as_on_the_command_line():
    kuhn = solve.game("kuhn")
    for variant in ("cfr", "cfr+"):
        with pytest.raises(ParameterError, match=f"seed=1: {re.escape(variant)} is deterministic"):
            solve.cfr(kuhn, 5, variant, seed=1)
    for engine in ("numba", "numpy", "python"):  # mccfr: the compiled walk, the old plain walk, the compiled one's twin
        assert solve.cfr(kuhn, 5, "mccfr", seed=1, engine=engine).seed == 1
    with pytest.raises(ParameterError, match="engine must be one of"):
        solve.cfr(kuhn, 5, "mccfr", seed=1, engine="gpu")
    assert solve.cfr(kuhn, 5, "mccfr", seed=1).seed == 1
    assert solve.cfr(kuhn, 5, "cfr", engine="numpy").seed is None
