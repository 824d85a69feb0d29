"""Lesson 12's tools: the shipped solved spots, the class grid, each action's EV, the river trainer, the explorer
and ``pokerlab drill --postflop`` (values a student sees; the solver itself is tested in tests/test_postflop*.py)."""

from __future__ import annotations

import subprocess
import sys

import pytest
from hypothesis import given, settings, strategies as st

from pokerlab.errors import ParameterError
from pokerlab.solve.postflop_spots import SPOTS, load_spot
from pokerlab.solve.postflop_study import PostflopQuiz, action_evs, class_mix_frame, class_of


@pytest.fixture(scope="module")
def toy():
    return load_spot("bluff_catcher")


@pytest.fixture(scope="module")
def polar():
    return load_spot("polar_river")


def test_the_shipped_toy_meets_the_indifference_formulas(toy):
    # a pot-sized bet: a third of the bets are bluffs, IP calls half, OOP's value is 6/14 x 150 chips
    bets = {c: m["bet 100"] for c, m in toy.strategy(()).items()}
    air = sum(p for c, p in bets.items() if c[0] != "A")
    assert air / sum(bets.values()) == pytest.approx(1 / 3, abs=1e-3)
    assert toy.frequencies(("bet 100",))["call"] == pytest.approx(0.5, abs=1e-3)
    assert toy.value[0] == pytest.approx(450 / 7, abs=1e-3)
    assert toy.exploitability_pct <= 0.011  # solved to 0.01 % of the pot


def test_every_spot_loads_and_is_solved_to_its_target():
    for name in SPOTS:
        sol = load_spot(name)
        assert sum(sol.value) == pytest.approx(sol.pot)
        assert sol.exploitability_pct <= 0.011, name


def test_an_unknown_spot_is_refused_with_the_names():
    with pytest.raises(ParameterError, match="bluff_catcher, polar_river, flush_river, queen_turn"):
        load_spot("nope")


def test_action_evs_of_the_toy_are_exact(toy):
    evs = action_evs(toy, ())
    # AA: checked down it wins the pot (100); bet, it is called half the time: 100 + 0.5 x 100
    assert evs["check"]["AhAd"] == pytest.approx(100, abs=0.05)
    assert evs["bet 100"]["AhAd"] == pytest.approx(150, abs=0.1)
    # air: checking wins nothing, bluffing breaks even (the caller's indifference call)
    assert evs["check"]["6c5c"] == pytest.approx(0, abs=1e-9)
    assert evs["bet 100"]["6c5c"] == pytest.approx(0, abs=0.1)


def test_action_evs_price_an_action_off_the_solution_by_a_best_reply():
    # 8c7c always bluffs this river; checking it then folds to a bet: worth 0, not the untrained average's calls
    flush = load_spot("flush_river")
    evs = action_evs(flush, ())
    assert flush.strategy(())["8c7c"]["bet 75"] > 0.99
    assert evs["check"]["8c7c"] == pytest.approx(0, abs=1e-6)
    assert evs["bet 75"]["8c7c"] == pytest.approx(flush.ev(())["8c7c"], abs=0.01)


def test_the_class_grid_of_the_polar_river(polar):
    frame = class_mix_frame(polar, ())
    actions = list(polar.actions(()))
    assert (frame[actions].sum(axis=1) - 1).abs().max() < 1e-9
    row = frame.set_index("class").loc["AA"]
    assert row["combos"] == 6 and row["top"] == "bet 125" and row["bet 125"] > 0.95
    assert set(frame["class"]) >= {"AA", "QQ", "76s", "KJo"}
    assert class_of("AhKh") == "AKs" and class_of("7d6c") == "76o"


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10_000))
def test_the_trainer_scores_ev_lost(seed):
    quiz = PostflopQuiz(load_spot("polar_river"), seed=seed)
    hand = quiz.deal()
    best = max(hand.actions, key=lambda a: hand.evs[a])
    worst = min(hand.actions, key=lambda a: hand.evs[a])
    assert quiz.answer(best).lost == 0
    quiz.current = hand  # the same hand again
    done = quiz.answer(worst)
    assert done.lost == pytest.approx(hand.evs[best] - hand.evs[worst])
    assert sum(hand.mix.values()) == pytest.approx(1)
    assert quiz.total_lost == pytest.approx(done.lost)


def test_the_trainers_summary_counts_one_hand_in_the_singular(toy):
    quiz = PostflopQuiz(toy, seed=1)
    assert quiz.summary() == "no hands answered yet"
    quiz.deal()
    quiz.answer(quiz.current.actions[0])
    assert quiz.summary().startswith("1 hand, ")
    quiz.deal()
    quiz.answer(quiz.current.actions[0])
    assert quiz.summary().startswith("2 hands, ")


def test_the_trainer_refuses_an_answer_that_is_no_action(toy):
    quiz = PostflopQuiz(toy, seed=1)
    hand = quiz.deal()
    with pytest.raises(ParameterError, match="must be one of"):
        quiz.answer("raise 1000")
    assert quiz.answer(hand.actions[-1]).answer == hand.actions[-1]
    with pytest.raises(ParameterError, match="deal a hand"):
        quiz.answer(hand.actions[0])


def test_the_explorer_walks_the_tree(polar):
    from pokerlab.widgets import PostflopDrill, PostflopExplorer

    ex = PostflopExplorer(polar, charts=False)
    assert [b.description for b in ex.buttons.children] == ["check", "bet 33", "bet 125"]
    assert "OOP to act" in ex.summary.value
    assert f"{100 * polar.frequencies(())['bet 125']:.1f} %" in ex.summary.value
    next(b for b in ex.buttons.children if b.description == "bet 125").click()
    assert ex.line == ("bet 125",)
    assert [b.description for b in ex.buttons.children] == ["fold", "call"]
    assert (
        "IP to act" in ex.summary.value and f"{100 * polar.frequencies(('bet 125',))['call']:.1f} %" in ex.summary.value
    )
    assert ex.frame.set_index("class").loc["JJ", "fold"] == pytest.approx(1)
    ex.back_button.click()
    assert ex.line == () and ex.back_button.disabled
    ex.go_to(("bet 33", "banana"))
    assert "pl-error" in ex.summary.value and ex.line == ()
    drill = PostflopDrill("bluff_catcher", seed=3)
    drill.buttons.children[0].click()
    assert "EV of each action" in drill.feedback.value and len(drill.quiz.history) == 1


def _drill(*args: str, stdin: str = "") -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "pokerlab", "drill", *args], input=stdin, capture_output=True, text=True, timeout=300
    )


def test_pokerlab_drill_postflop_scores_answers_and_refuses_bad_spots():
    run = _drill("--postflop", "--spot", "bluff_catcher", "--hands", "2", "--seed", "4", stdin="check\nfold\ncall\n")
    assert run.returncode == 0, run.stderr
    assert "Hand 1 (bluff_catcher): board Ks 7d 4c 2h 2s, pot 100" in run.stdout
    assert "chips lost in all" in run.stdout
    bad = _drill("--postflop", "--spot", "nope")
    assert bad.returncode == 2 and len(bad.stderr.strip().splitlines()) == 1 and "Traceback" not in bad.stderr
    assert _drill("--spot", "polar_river").returncode == 2


@pytest.mark.parametrize(
    ("args", "expected"),
    [(("--postflop", "--spot", "bluff_catcher"), "were not one of "), (("--stack", "10"), "were not call or fold")],
)
def test_both_drills_stop_after_five_unreadable_answers_in_a_row(args, expected):
    run = _drill(*args, "--hands", "3", "--seed", "1", stdin="banana\n" * 50)
    assert run.returncode == 2 and "Traceback" not in run.stderr
    assert run.stderr.strip().splitlines() == [run.stderr.strip()]
    assert "5 answers in a row " + expected in run.stderr and "stopping the drill" in run.stderr
    assert run.stdout.count("Hand 1") == 5  # the prompt asked again each time, and no second hand was dealt
