"""Self-play experiments and duplicate matches: reproducible, executor-independent, summarised, charted."""

import json
from concurrent.futures import ProcessPoolExecutor

import pytest

from pokerlab import ParameterError, bots, charts
from pokerlab.cli import main
from pokerlab.experiments import SETUPS, run_duplicate, run_experiment


def test_bot_specs():
    bot = bots.make("phase2:bluff=aggressive,raise_above=0.85")
    assert bot.name == "phase2:bluff=aggressive,raise_above=0.85" and bot.bluff_rate == 0.8 and bot.raise_above == 0.85
    assert bots.make("phase2:bluff=none").bluff_rate == 0.0
    assert bots.make("phase2").name == "phase2"
    assert bots.make("phase2:bluff=none", bluff="aggressive").bluff_rate == 0.8  # keywords override the spec
    with pytest.raises(ParameterError, match="key=value"):
        bots.make("phase2:aggressive")
    with pytest.raises(ParameterError, match="unknown bot"):
        bots.make("genius")
    with pytest.raises(ParameterError, match="unknown bot"):
        bots.make(":bluff=none")


def test_experiments_depend_only_on_the_seed():
    serial = run_experiment("trust", hands=40, trials=2, seed=3, progress=False)
    again = run_experiment("trust", hands=40, trials=2, seed=3, progress=False)
    with ProcessPoolExecutor(max_workers=2) as pool:
        pooled = run_experiment("trust", hands=40, trials=2, seed=3, progress=False, executor=pool)
    assert serial.money.equals(again.money) and serial.money.equals(pooled.money)
    assert set(serial.money.columns) == {"trial", "hand", "player", "money"}
    totals = serial.money.groupby(["trial", "hand"])["money"].sum()
    assert (totals == 200 * len(SETUPS["trust"])).all()  # chips are conserved in every hand of every trial


def test_summary_chart_and_csv(tmp_path):
    res = run_experiment("bluffing", hands=30, trials=2, seed=1, progress=False, out=tmp_path / "m.csv")
    summary = res.summary()
    assert list(summary.columns) == ["player", "mean final money", "survived", "won", "trials"]
    assert summary["trials"].eq(2).all() and summary["won"].sum() >= 2
    points = res.money.groupby("trial").size()  # one point per player and hand of a trial
    for trial in (0, 1):
        counts = charts.mark_counts(res.chart(trial=trial))
        assert [(m.kind, m.marks, m.visible) for m in counts] == [("line", points[trial], points[trial])]
    mean = res.chart(trial=None)
    hands = res.money["hand"].nunique()  # the mean over the trials has a point wherever some trial played the hand
    assert [(m.marks, m.visible) for m in charts.mark_counts(mean)] == [(4 * hands, 4 * hands)]
    means = __import__("pandas").DataFrame(mean.to_dict()["datasets"][mean.to_dict()["data"]["name"]])
    assert (means.groupby("hand")["chips"].sum() == 200 * 4).all()  # an ended trial keeps its final money
    assert mean.to_dict()["encoding"]["color"]["sort"] == SETUPS["bluffing"] and "mean" in mean.to_dict()["title"]
    with pytest.raises(ParameterError, match="trial"):
        res.chart(trial=2)
    assert (tmp_path / "m.csv").read_text().startswith("trial,hand,player,money")


def test_duplicate_match_reports_mbb_with_a_confidence_interval():
    d = run_duplicate("always_raise", "always_call", hands=200, seed=2)
    assert d["hands"] == 400 and d["faults"] == 0
    assert d["ci95_low"] <= d["mbb_per_hand"] <= d["ci95_high"]
    same = run_duplicate("always_call", "always_call", hands=50, seed=2)
    assert same["mbb_per_hand"] == 0.0  # identical bots cancel exactly in duplicate play


def test_bad_experiments():
    with pytest.raises(ParameterError, match="setup must be one of phases, bluffing, trust, not 'chaos'"):
        run_experiment("chaos", progress=False)
    with pytest.raises(ParameterError, match="at least 1"):
        run_experiment("phases", hands=0, progress=False)


def test_tournament_command(capsys, tmp_path):
    code = main(
        [
            "tournament",
            "--setup",
            "phases",
            "--hands",
            "20",
            "--trials",
            "2",
            "--out",
            str(tmp_path / "p.csv"),
            "--json",
        ]
    )
    out = json.loads(capsys.readouterr().out)
    assert code == 0 and len(out["summary"]) == 6 and (tmp_path / "p.csv").exists()
    code = main(["tournament", "--duplicate", "rembrant", "phase2", "--hands", "30", "--json"])
    out = json.loads(capsys.readouterr().out)
    assert code == 0 and out["deals"] == 30 and out["hands"] == 60
    assert main(["tournament", "--bots", "phase2:bluff=wild;phase1"]) == 2
