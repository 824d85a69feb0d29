"""The guarantee as a test: junk into every public callable and every subcommand, never a crash.

Every callable in a public ``__all__`` (found by :mod:`tests.junk`, so new
ones are covered without editing this file) gets junk in each parameter in
turn: the answer must be a result without NaN or a
:class:`~pokerlab.errors.PokerlabError`; never another exception, never a
hang. Every ``pokerlab`` subcommand and option (found from the argparse
parser) gets junk values: exit status 0 or 2, and on 2 one line on stderr.

The default profile feeds each parameter nine kinds of junk; the slow
profile feeds all of them. ``python -m tests.junk`` prints the counts per
area, including the callables in :data:`KNOWN`.
"""

from __future__ import annotations

import argparse
import os
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pokerlab.cli import build_parser, main
from tests import junk

APPS = "browser apps and widgets: another developer's issue this round"
PHH_ACPC = "PHH and ACPC input: another developer's issue this round"
CHARTS = "charts take result frames and charts; not validated yet"
BOTS = "bots and strategy helpers; not validated yet"
MERGED = (
    "new or changed by the course, hand-history, apps, context-model, range and CFR work merged this round;"
    " not yet validated against junk"
)

# Callables whose junk outcomes still include crashes; counted and reported, not yet held to the rule.
# Remove a name once it is fixed: the test then holds it (and every callable added later) to the rule.
KNOWN: dict[str, str] = {
    "pokerlab.apps.base.ActionBar": MERGED,
    "pokerlab.apps.base.event_lines": APPS,
    "pokerlab.apps.base.panel": APPS,
    "pokerlab.apps.bigholdem.BigHoldemApp": APPS,
    "pokerlab.apps.explain.hand_lines": MERGED,
    "pokerlab.apps.explain.outcome_lines": MERGED,
    "pokerlab.apps.explain.showdown_reason": MERGED,
    "pokerlab.apps.explain.thinking_sentence": MERGED,
    "pokerlab.apps.heads_up.HeadsUpApp": APPS,
    "pokerlab.apps.leaderboard.Leaderboard": APPS,
    "pokerlab.apps.serve.AppServer": APPS,
    "pokerlab.apps.serve.port_is_free": MERGED,
    "pokerlab.apps.session.TableSession": APPS,
    "pokerlab.apps.table_view.cards_svg": MERGED,
    "pokerlab.apps.table_view.money": MERGED,
    "pokerlab.apps.table_view.table_html": MERGED,
    "pokerlab.bots.baseline.RandomBot": BOTS,
    "pokerlab.bots.baseline.require_turn": BOTS,
    "pokerlab.bots.bpp.BPPBot": BOTS,
    "pokerlab.bots.context.ContextTracker": MERGED,
    "pokerlab.bots.context_models.ContextModel": MERGED,
    "pokerlab.bots.context_models.ContextOpponents": MERGED,
    "pokerlab.bots.context_models.calibration_table": MERGED,
    "pokerlab.bots.context_models.score_predictions": MERGED,
    "pokerlab.bots.make": BOTS,
    "pokerlab.bots.models.ReweightingModel": BOTS,
    "pokerlab.bots.models.ShowdownModel": BOTS,
    "pokerlab.bots.rembrant.Rembrant": BOTS,
    "pokerlab.bots.rembrant.board_danger": BOTS,
    "pokerlab.bots.rembrant.classify": BOTS,
    "pokerlab.bots.rembrant.preflop_group": BOTS,
    "pokerlab.bots.strategy.bluff": BOTS,
    "pokerlab.bots.strategy.decision_regions": BOTS,
    "pokerlab.bots.strategy.ehs_decision": BOTS,
    "pokerlab.bots.strategy.model_decision": BOTS,
    "pokerlab.bots.strategy.pot_odds": BOTS,
    "pokerlab.bots.strategy.pot_odds_decision": BOTS,
    "pokerlab.bots.strategy.preflop_decision": BOTS,
    "pokerlab.bots.strategy.preflop_position": BOTS,
    "pokerlab.bots.waterloo.PhaseOne": BOTS,
    "pokerlab.bots.waterloo.PhaseThree": BOTS,
    "pokerlab.bots.waterloo.PhaseTwo": BOTS,
    "pokerlab.bots.waterloo.act_on": BOTS,
    "pokerlab.bpp.evaluation.abstraction_gap": MERGED,
    "pokerlab.bpp.network.build_network": MERGED,
    "pokerlab.charts.bpp_curves_chart": CHARTS,
    "pokerlab.charts.calibration_chart": MERGED,
    "pokerlab.charts.category_chart": MERGED,
    "pokerlab.charts.chart_png": MERGED,
    "pokerlab.charts.chart_svg": CHARTS,
    "pokerlab.charts.context_triples_chart": MERGED,
    "pokerlab.charts.decision_chart": CHARTS,
    "pokerlab.charts.difference_heatmap": CHARTS,
    "pokerlab.charts.enable_offline": CHARTS,
    "pokerlab.charts.equity_by_street_chart": MERGED,
    "pokerlab.charts.feature_importance_chart": MERGED,
    "pokerlab.charts.mark_counts": MERGED,
    "pokerlab.charts.match_results_chart": CHARTS,
    "pokerlab.charts.money_chart": CHARTS,
    "pokerlab.charts.network_svg": CHARTS,
    "pokerlab.charts.png_bundle": MERGED,
    "pokerlab.charts.posterior_chart": CHARTS,
    "pokerlab.charts.potential_and_turn_chart": MERGED,
    "pokerlab.charts.potential_chart": CHARTS,
    "pokerlab.charts.preflop_heatmap": CHARTS,
    "pokerlab.charts.strength_by_opponents_chart": CHARTS,
    "pokerlab.charts.svg_png": MERGED,
    "pokerlab.charts.turn_card_chart": CHARTS,
    "pokerlab.charts.weights_heatmap": CHARTS,
    "pokerlab.experiments.compare_opponent_models": MERGED,
    "pokerlab.game.acpc.MatchState.parse": PHH_ACPC,
    "pokerlab.game.acpc.action_to_acpc": PHH_ACPC,
    "pokerlab.game.acpc.check_dealer_log": MERGED,
    "pokerlab.game.acpc.state_from_matchstate": PHH_ACPC,
    "pokerlab.game.acpc.to_matchstate": PHH_ACPC,
    "pokerlab.game.gamedef.from_gamedef": MERGED,
    "pokerlab.game.phh.from_phh": PHH_ACPC,
    "pokerlab.game.phh.load_phh": MERGED,
    "pokerlab.game.phh.read_hand": MERGED,
    "pokerlab.game.phh.read_hands": MERGED,
    "pokerlab.game.phh.to_phh": PHH_ACPC,
    "pokerlab.game.phh.write_phhs": MERGED,
    "pokerlab.game.rules.Rules.from_acpc_gamedef": PHH_ACPC,
    "pokerlab.game.state.HandState": MERGED,
    "pokerlab.game.state.HandState.from_phh": PHH_ACPC,
    "pokerlab.solve.cfr.cfr": MERGED,
    "pokerlab.solve.cfr.cfr_reference": MERGED,
    "pokerlab.solve.cfr.regret_matching": MERGED,
    "pokerlab.solve.charts.exploitability_chart": MERGED,
    "pokerlab.solve.charts.regret_matching_chart": MERGED,
    "pokerlab.solve.charts.strategy_chart": MERGED,
    "pokerlab.solve.evaluate.best_response": MERGED,
    "pokerlab.solve.evaluate.expected_value": MERGED,
    "pokerlab.solve.evaluate.exploitability": MERGED,
    "pokerlab.solve.evaluate.head_to_head": MERGED,
    "pokerlab.solve.evaluate.leaks": MERGED,
    "pokerlab.solve.evaluate.leaks_frame": MERGED,
    "pokerlab.solve.matrix.regret_matching_self_play": MERGED,
    "pokerlab.solve.policy.Policy": MERGED,
    "pokerlab.solve.policy.Policy.from_function": MERGED,
    "pokerlab.solve.policy.Policy.from_mapping": MERGED,
    "pokerlab.solve.policy.Policy.uniform": MERGED,
    "pokerlab.solve.widgets.CFRExplorer": MERGED,
    "pokerlab.widgets.BPPInspector": APPS,
    "pokerlab.widgets.ContextExplorer": MERGED,
    "pokerlab.widgets.HandEvaluator": APPS,
    "pokerlab.widgets.PotentialExplorer": APPS,
    "pokerlab.widgets.PreflopExplorer": APPS,
    "pokerlab.widgets.ReweightingExplorer": APPS,
    "pokerlab.widgets.StrategyExplorer": APPS,
    "pokerlab.widgets.TableWidget": APPS,
}


@pytest.fixture(autouse=True, scope="module")
def _in_a_scratch_folder(tmp_path_factory):
    """Junk such as path='Zz' makes files: make them in a scratch folder, never in the repository."""
    old = os.getcwd()
    os.chdir(tmp_path_factory.mktemp("junk"))
    yield
    os.chdir(old)


FAST_JUNK = [
    junk.JUNK[i] for i in (0, 1, 3, 5, 8, 12, 15, 19, 24)
]  # None, True, -1, 2**70, nan, '', 'Zz', object, array
HELD = [t for t in junk.targets() if t.qualname not in KNOWN]
BAD = ("crash", "nan", "slow")


def _check(t: junk.Target, values: list[tuple[str, object]]) -> None:
    problems = []
    for p in junk._params(t):
        for label, value in values:
            kind, detail = junk.outcome(t, p.name, value)
            if kind in BAD:
                problems.append(f"{t.qualname}({p.name}={label}): {kind}: {detail}")
    assert problems == []


def test_discovery_finds_the_public_surface():
    names = {t.qualname for t in junk.targets()}
    for expected in (
        "pokerlab.cards.combo_index",
        "pokerlab.equity.equity",
        "pokerlab.strength.hand_strength",
        "pokerlab.preflop.load_table",
        "pokerlab.game.rules.Rules",
        "pokerlab.bpp.policy.action_probabilities",
        "pokerlab.cards.Card.of",
    ):
        assert expected in names
    assert len(names) > 120
    assert set(KNOWN) <= names | {
        "pokerlab.game.rules.Rules.from_acpc_gamedef",
        "pokerlab.game.state.HandState.from_phh",
    }


@pytest.mark.parametrize("target", HELD, ids=lambda t: t.qualname)
def test_junk_gives_a_result_or_a_pokerlab_error(target):
    _check(target, FAST_JUNK)


@pytest.mark.slow
@pytest.mark.parametrize("target", HELD, ids=lambda t: t.qualname)
def test_every_kind_of_junk(target):
    _check(target, junk.JUNK)


_junk_values = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**80), max_value=2**80),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=30),
    st.binary(max_size=8),
    st.lists(st.integers(-5, 60), max_size=8),
    st.dictionaries(st.text(max_size=3), st.integers(), max_size=2),
)
_CHEAP = [t for t in HELD if not t.module.startswith(("pokerlab.experiments", "pokerlab.widgets", "pokerlab.apps"))]


@given(st.sampled_from(_CHEAP), st.data(), _junk_values)
def test_random_junk_anywhere(target, data, value):
    params = junk._params(target)
    if not params:
        return
    p = data.draw(st.sampled_from(params))
    kind, detail = junk.outcome(target, p.name, value)
    assert kind not in BAD, f"{target.qualname}({p.name}={value!r:.80}): {kind}: {detail}"


# -- the command line --------------------------------------------------------------------

_HAND = Path(__file__).resolve().parents[1] / "data" / "hands" / "three_handed_all_in.phh"
CLI_JUNK = ["", " ", "0", "-1", "1.5", "nan", "inf", "99999999999999999999999", "Zz", "A" * 3000]

# the smallest valid command line of each subcommand that does real work quickly
CLI_BASE = {
    "eval": ["eval", "AsKs", "QsJsTs"],
    "strength": ["strength", "AdQc", "3h4cJh"],
    "potential": ["potential", "AdQc", "3h4cJh", "--lookahead", "1"],
    "equity": ["equity", "AhKh", "QQ", "--samples", "2000", "--seed", "1"],
    "range": ["range", "TT+"],
    "tables": ["tables", "--method", "expert", "--source", "chen", "--players", "2"],
    "tournament": ["tournament", "--bots", "always_call;always_call", "--hands", "2", "--trials", "1"],
    "bpp": ["bpp", "--hole", "AdQc", "--board", "3h4cJh"],
    "reproduce": ["reproduce", "--games", "10", "--workers", "1"],
    "solve": ["solve", "kuhn", "--iterations", "10"],
    "replay": ["replay", str(_HAND), "--no-potential", "--samples", "500"],
}
CLI_SKIP = {"play": "starts a Voila server", "acpc-client": "connects to a dealer (another developer's issue)"}
SLOW_OPTIONS = {("reproduce", "--games"), ("tables", "--games"), ("tournament", "--hands"), ("tournament", "--trials")}


def _subcommands() -> dict[str, argparse.ArgumentParser]:
    parser = build_parser()
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return dict(sub.choices)


def _options() -> list[tuple[str, str]]:
    out = []
    for name, p in _subcommands().items():
        if name in CLI_SKIP:
            continue
        for action in p._actions:
            if action.nargs == 0 or action.dest in ("help", "json"):
                continue
            out.append((name, action.option_strings[0] if action.option_strings else action.dest))
    return out


def _is_number_option(command: str, option: str) -> bool:
    for action in _subcommands()[command]._actions:
        if option in action.option_strings or option == action.dest:
            return getattr(action.type, "__name__", "") == "parse" or action.type in (int, float)
    return False


def test_every_subcommand_is_covered():
    assert set(_subcommands()) == set(CLI_BASE) | set(CLI_SKIP)


def _argv(command: str, option: str, value: str, tmp_path) -> list[str]:
    base = list(CLI_BASE[command])
    if command in ("tables", "reproduce") and option != "--out":
        base += ["--out", str(tmp_path)]
    if option.startswith("-"):
        return [*base, option, value]
    # a positional: replace the first one (after the command name) with junk
    positionals = [a.dest for a in _subcommands()[command]._actions if not a.option_strings]
    index = 1 + positionals.index(option)
    return [*base[:index], value, *base[index + 1 :]]


@pytest.mark.parametrize(("command", "option"), _options(), ids=lambda x: str(x))
def test_cli_junk_is_exit_0_or_one_line_and_2(command, option, capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    for value in CLI_JUNK:
        if (command, option) in SLOW_OPTIONS and value.isdigit() and len(value) < 10 and int(value) > 100:
            continue
        argv = _argv(command, option, value, tmp_path)
        try:
            code = main(argv)
        except SystemExit as exc:  # argparse refuses with exit 2 through _Parser.error
            code = exc.code
        out, err = capsys.readouterr()
        shown = f"pokerlab {' '.join(a[:30] for a in argv)}"
        assert code in (0, 2), f"{shown}: exit {code}, stderr {err[-500:]!r}"
        if code == 2:
            lines = [ln for ln in err.split("\n") if ln.strip()]
            assert len(lines) == 1 and lines[0].startswith("pokerlab: error:"), f"{shown}: {err[-500:]!r}"
            assert "Traceback" not in err
        else:
            # an empty value is refused unless documented as meaning something (none is), and a
            # number option never takes nan or inf (a folder may well be called 'nan')
            assert value not in ("", " "), f"{shown} accepted {value!r}"
            if _is_number_option(command, option):
                assert value not in ("nan", "inf"), f"{shown} accepted {value!r}"
            assert "NaN" not in out
