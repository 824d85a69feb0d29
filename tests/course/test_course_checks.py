"""The exercises' checks are fair and keep the answer: every lesson's checks run in-process, no kernel.

* the solution rounded to the precision its prompt names (``metadata.pokerlab.decimals``, "to 3 decimals" in
  the prompt) gets full marks, and so does the exact solution; a whole float given as an int (``best_rate = 0``)
  is accepted;
* the prompt's own example values and the common wrong answers score 0;
* a wrong answer's message, and the feedback page that shows it, names the exercise and what is wrong but no
  expected value, unless the grade is run to reveal them (``POKERLAB_GRADE_REVEAL=1``,
  ``pokerlab course grade --reveal``);
* the visible checks catch the wrong form of an answer (a share outside 0..1, counts that do not add up, the
  same pair five times) in the student's words.

The checks run exactly as the grader's check process runs them (:func:`pokerlab.course._check_process.run_checks`:
the lesson's setup, then each check with the answers as literals), one request per lesson and kind of answer.
"""

from __future__ import annotations

import html
import re

import pytest

from pokerlab.course import checks
from pokerlab.course._check_process import run_checks
from pokerlab.course.grading import ExerciseResult, NotebookGrade, feedback_html
from pokerlab.course.lessons import BEGIN_HIDDEN, END_HIDDEN, read_lessons, source, strip_region

LESSONS = read_lessons()
BY_STEM = {les.stem: les for les in LESSONS}

# The solutions' answers, exact, as the lessons' solution cells compute them (the course round trip grades those
# cells themselves: tests/course/test_course_roundtrip.py).
SOLUTIONS = {
    "01_cards_and_hand_ranks": {
        1: {"combos": {"AA": 6, "AKs": 4, "AKo": 12}},
        2: {"flushes": 5108},
        3: {"hole_cards": "2c3d", "board_cards": "AsKsQsJsTs"},
        4: {
            "growing": [
                "Two pair",
                "Three of a kind",
                "Straight",
                "Flush",
                "Full house",
                "Four of a kind",
                "Straight flush",
            ]
        },
    },
    "02_strength_and_potential": {
        1: {"ppot_by_hand": 0.15916894264533749, "npot_by_hand": 0.20228528377699648},
        2: {"runout_cells": [247, 0, 743]},
        3: {"identity_value": 0.6516515758883937},
        4: {"found": [("Ac4d", "2s 5d"), ("AcKh", "3s Jd"), ("AhJd", "2s 5c"), ("AcKd", "3d Jd"), ("AsKd", "3c Js")]},
        5: {"hs_3": 0.2003108656078133, "ehs_3": 0.3669053393128523},
    },
    "03_preflop_tables": {
        1: {"se_by_hand": 0.004330127018922193, "games_to_halve": 40000, "ratio": 2.0041176256834854},
        2: {"top_gain": "AQ"},
        3: {"share": 0.05325443786982249},
        4: {"times_1_over_n": {"AA": 3.1005333333333334, "KK": 2.615733333333333, "72o": 0.4657999999999997}},
        5: {"best_five": ["65s", "76s", "87s", "T9s", "98s"]},
        6: {"equity_top10": 0.5867872800602238, "top_pair_or_better": 77},
        7: {"before": 0.7524280839717081, "after": 0.8009032120143231},
    },
    "04_rules_and_game_engine": {
        1: {"max_put_in": 220},
        2: {"main_pot": 60, "side_pot": 80, "returned": 40},
        3: {"ci_width": {"plain": 1535.3761506399403, "duplicate": 0.0}},
        4: {"engine_events": ["Act", "AwardPot", "DealBoard", "DealHole", "HandEnd", "PostBlind", "Showdown"]},
        5: {
            "flop_pot_odds": 0.2928870292887029,
            "flop_equity": 0.3878787878787879,
            "outs": ["4c", "4d", "4h", "4s", "7c", "7d", "7h", "8c", "8d", "8h", "9d", "9h", "9s"],
        },
    },
    "05_betting_strategies": {
        1: {"odds": 0.2, "decision": "call"},
        2: {"raise_by_hand": 78.3394386650959},
        3: {"smallest_share": 0.3333333333333339, "reach": []},
        4: {"fold_bet": 18},
    },
    "06_opponent_modelling": {
        1: {"factors": [0.37500000000000017, 0.01, 1.0]},
        2: {"strength_mu03": 0.6901463180586326, "strength_mu06": 0.8212829237987819},
        3: {"decisions_by_ehs": ["raise", "raise", "call", "fold"], "raise_at_06": 61},
        4: {"se": 0.09128709291752769},
    },
    "07_self_play_experiments": {
        1: {"ci": (71.0, 169.0), "hands_to_halve": 160000},
        2: {"n_clear": 6, "narrowest": ("phase2:bluff=normal,bluff_facing_bet=false", "phase2:bluff=none")},
        3: {"raise_share": 0.9909502262443439, "mean_raise": 115.78538812785388},
    },
    "08_bpp_bayesian_network": {
        1: {"posterior": 0.5625000000000001},
        2: {"p_win_river": {"none": 0.7714895968061456, "call": 0.7786777984809002, "raise": 0.31738843202298184}},
        3: {"threshold": 0.2, "x": 0.09999999999999998},
        4: {"p_win_after": {"raise": 0.35627170436371125, "pass": 0.4839869471993293}},
    },
    "09_context_opponent_models": {
        1: {
            "table5": {
                "pot_odds": 0.3333333333333333,
                "pot_ratio": 0.25,
                "flush_possible": 1.0,
                "akq_share": 0.6666666666666666,
                "active": 0.3,
                "unacted": 0.1,
            }
        },
        2: {"model_loss": 1.2039728043259361, "uniform_loss": 1.0986122886681098},
        3: {
            "fold_two": {"mlp": 0.7504898822674906, "tree": 0.7035247765614258, "frequency": 0.6866161616161617},
            "cell_counts": [1, 0, 0],
        },
        4: {"changed": ["flush_possible", "ace_on_board", "akq_share"]},
        5: {"always_call_max": 0.00045000612826873133},
        6: {"break_even": 0.3333333333333333, "observed_fold": 0.3641912512716175},
    },
    "10_equilibrium_cfr": {
        1: {"br_values": (0.3333333333333333, 0.3333333333333333), "exploitability": 0.3333333333333333},
        2: {"exploitability_q": 0.02777777777777779, "leak_infoset": "Q:b"},
        3: {"best_rate": 0.0, "h2h": -0.01954418594636361},
        4: {"slopes": {"cfr": -0.8366457794387534, "cfr+": -1.7726321149576962}},
        5: {"ratios": {92: 6.566215838587221, 1000: 47.02505557715721}},
    },
    "11_push_or_fold": {
        1: {"jam5": 0.7148386267143879},
        2: {"any_two_loss": 0.3323482355549937},
        3: {"call3": 0.9227311938027379},
    },
    "12_equilibrium_after_the_flop": {
        1: {"bluff_share": 0.3, "call_share": 4 / 7},
        2: {"mdf": 100 / 225, "calls": 0.388258472378027},
        3: {"gain": 10.714285350187595},
    },
}

# A wrong answer of the right form for every exercise (it passes the visible checks, so the hidden tests say
# what is wrong): the prompt's own example where the prompt gives one, else a common mistake.
WRONG = {
    "01_cards_and_hand_ranks": {
        1: {"combos": {"AA": 6, "AKs": 4, "AKo": 16}},
        2: {"flushes": 5148},  # straight flushes counted too
        3: {"hole_cards": "Td9d", "board_cards": "2c4d6h8sJc"},  # the prompt's example
        4: {"growing": ["One pair"]},  # the prompt's example
    },
    "02_strength_and_potential": {
        1: {"ppot_by_hand": 0.2023, "npot_by_hand": 0.1592},  # swapped
        2: {"runout_cells": [743, 0, 247]},  # columns reversed
        3: {"identity_value": 0.585},  # HS alone
        # ahead now (the visible check holds it) but no tie at the end: A♦Q♣ makes the wheel
        4: {"found": [("3s3d", r) for r in ("2c 5h", "2d 5h", "2h 5c", "2h 5s", "2c 5s")]},
        5: {"hs_3": 0.585, "ehs_3": 0.672},  # the one-opponent numbers
    },
    "03_preflop_tables": {
        1: {"se_by_hand": 0.0025, "games_to_halve": 20_000, "ratio": 4.0},
        2: {"top_gain": "KT"},  # the prompt's example
        3: {"share": 0.05},  # the share expected by chance, not the one measured
        4: {"times_1_over_n": {"AA": 0.31, "KK": 0.26, "72o": 0.05}},  # the values, not divided by 1/n
        5: {"best_five": ["KK", "QQ", "JJ", "TT", "99"]},
        6: {"equity_top10": 0.5, "top_pair_or_better": 100},
        7: {"before": 0.8, "after": 0.75},
    },
    "04_rules_and_game_engine": {
        1: {"max_put_in": 440},  # the pot, not one player's part
        2: {"main_pot": 60, "side_pot": 120, "returned": 0},  # the last 40 counted as a pot
        3: {"ci_width": {"plain": 1000, "duplicate": 0}},  # a guess: "duplicate cancels the luck", no match played
        4: {"engine_events": ["Act"]},  # the prompt's example
        5: {"flop_pot_odds": 35_000 / 84_500, "flop_equity": 0.5, "outs": ["Qh"]},  # the call left out; the example
    },
    "05_betting_strategies": {
        1: {"odds": 0.25, "decision": "fold"},  # 30 / 120
        2: {"raise_by_hand": 77.5},  # from the rounded 0.49
        3: {"smallest_share": 0.5, "reach": ["AA"]},
        4: {"fold_bet": 20},
    },
    "06_opponent_modelling": {
        1: {"factors": [0.5, 0.5, 0.5]},
        2: {"strength_mu03": 0.8, "strength_mu06": 0.7},
        3: {"decisions_by_ehs": ["call"] * 4, "raise_at_06": 100},
        4: {"se": 0.1},
    },
    "07_self_play_experiments": {
        1: {"ci": (70, 170), "hands_to_halve": 80_000},  # 2 standard errors instead of 1.96; twice the hands
        2: {"n_clear": 0, "narrowest": ("random", "always_call")},
        3: {"raise_share": 0.5, "mean_raise": 100},
    },
    "08_bpp_bayesian_network": {
        1: {"posterior": 0.6},  # the likelihood, not the posterior
        2: {"p_win_river": {"none": 0.5, "call": 0.5, "raise": 0.5}},
        3: {"threshold": 0.25, "x": 0.05},  # 10 / 40
        4: {"p_win_after": {"raise": 0.484, "pass": 0.356}},  # swapped
    },
    "09_context_opponent_models": {
        1: {
            "table5": dict.fromkeys(["pot_odds", "pot_ratio", "flush_possible", "akq_share", "active", "unacted"], 0.5)
        },
        2: {"model_loss": 1.099, "uniform_loss": 1.204},  # swapped
        3: {"fold_two": {"frequency": 0.5, "tree": 0.5, "mlp": 0.5}, "cell_counts": [0, 1, 0]},
        4: {"changed": ["flush_possible"]},
        5: {"always_call_max": 0.5},
        6: {"break_even": 0.5, "observed_fold": 0.5},
    },
    "10_equilibrium_cfr": {
        1: {"br_values": (0.5, 0.5), "exploitability": 0.5},
        2: {"exploitability_q": 0.1, "leak_infoset": "K:p"},  # the prompt's example
        3: {"best_rate": 0.5, "h2h": 0.1},
        4: {"slopes": {"cfr": -0.5, "cfr+": -1.0}},  # the guaranteed rate
        5: {"ratios": {92: 2.0, 1000: 10.0}},
    },
    "11_push_or_fold": {
        1: {"jam5": 0.5},
        2: {"any_two_loss": 0.1},
        3: {"call3": 1.0},  # the 2 bb answer ("calls any hand"), which the prompt once gave away
    },
    "12_equilibrium_after_the_flop": {
        1: {"bluff_share": 1 / 3, "call_share": 0.5},  # the prompt's pot-sized example
        2: {"mdf": 0.5, "calls": 0.5},  # the prompt's pot-sized example
        3: {"gain": 21.43},  # the prompt's always-calling caller
    },
}

# One right (opponent hand, runout) pair of lesson 02 exercise 4 spelled five ways: one pair, not five.
ONE_PAIR_FIVE_WAYS = [("3cAc", "2c 5d"), ("Ac3c", "2c 5d"), ("3c Ac", "2c 5d"), ("3cAc", "5d 2c"), ("3cAc", "2c5d")]

# The prompts' own examples that fail a visible check (the others are in WRONG): none may score.
EXAMPLES = [
    ("02_strength_and_potential", 4, {"found": [("Kh9c", "2s 5d")] * 5}),
    ("02_strength_and_potential", 4, {"found": [("Ac4d", "2s 5d")] * 5}),  # the example the prompt gave before
    ("03_preflop_tables", 5, {"best_five": ["KQs"] * 5}),
    ("04_rules_and_game_engine", 5, {"flop_pot_odds": 0.5, "flop_equity": 0.5, "outs": ["Qh", "Qh"]}),
    ("04_rules_and_game_engine", 3, {"ci_width": {"plain": 100.0, "duplicate": 200.0}}),  # both guessed
    ("02_strength_and_potential", 4, {"found": ONE_PAIR_FIVE_WAYS}),
]


def _decimals(les, e) -> dict[str, int]:
    cell = next(c for c in les.notebook["cells"] if c.get("id") == e.cell_id)
    return cell["metadata"].get("pokerlab", {}).get("decimals", {})


def _task(les, e) -> str:
    return next(
        source(c)
        for c in les.notebook["cells"]
        if c.get("metadata", {}).get("nbgrader", {}).get("grade_id") == f"ex{e.number}_task"
    )


def _rounded(value, decimals: int):
    """An answer rounded as a student following the prompt would write it (a whole float as an int: 1, 0)."""
    if isinstance(value, float):
        r = round(value, decimals)
        return int(r) if r == int(r) else r
    if isinstance(value, dict):
        return {k: _rounded(v, decimals) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return type(value)(_rounded(v, decimals) for v in value)
    return value


def _run(stem: str, answers: dict[int, dict], *, reveal: bool = False, visible_only: bool = False) -> dict[int, dict]:
    """Every given exercise's check of lesson ``stem`` in one request, as the grader's check process runs them."""
    les = BY_STEM[stem]
    requests = []
    for e in les.exercises:
        if e.number in answers:
            src = strip_region(e.check, BEGIN_HIDDEN, END_HIDDEN, "") if visible_only else e.check
            given = {name: [repr(v), ""] for name, v in answers[e.number].items()}
            requests.append({"number": e.number, "source": src, "answers": given})
    results = run_checks({"setup": les.setup, "checks": requests, "reveal": reveal})
    return {r["number"]: r for r in results}


def _leaves(value):
    if isinstance(value, dict):
        for v in value.values():
            yield from _leaves(v)
    elif isinstance(value, (list, tuple)):
        for v in value:
            yield from _leaves(v)
    else:
        yield value


def leaks(message: str, expected: dict) -> list[str]:
    """The expected values a message gives away: a string of the answer, or a number equal to one of the answer's
    numbers (or its percentage) to the digits the message shows. The exercise's name and the precision asked
    ("to 3 decimals") are not the answer."""
    text = re.sub(r"Exercise \d+: ", "", message)
    text = re.sub(r"to \d+ decimals?", "", text)
    found = [s for s in _leaves(expected) if isinstance(s, str) and len(s) >= 2 and s in text]
    numbers = [abs(float(v)) for v in _leaves(expected) if isinstance(v, (int, float)) and not isinstance(v, bool)]
    for token in re.findall(r"\d[\d,]*(?:\.\d+)?", text):
        x = float(token.replace(",", ""))
        digits = len(token.split(".")[1]) if "." in token else 0
        half = 0.5 * 10.0**-digits if digits else 1e-9
        found += [token for v in numbers for c in (v, 100 * v) if abs(x - c) <= half + 1e-12]
    return found


def test_the_tables_here_cover_every_exercise_of_every_lesson():
    for les in LESSONS:
        numbers = sorted(e.number for e in les.exercises)
        assert sorted(SOLUTIONS[les.stem]) == numbers == sorted(WRONG[les.stem]), les.stem
        for e in les.exercises:
            assert set(SOLUTIONS[les.stem][e.number]) == set(e.answers) == set(WRONG[les.stem][e.number])


@pytest.mark.parametrize("stem", sorted(BY_STEM))
def test_the_solution_as_precise_as_the_prompt_asks_gets_full_marks(stem):
    les = BY_STEM[stem]
    exact = _run(stem, SOLUTIONS[stem])
    assert all(r["passed"] for r in exact.values()), exact
    rounded = {}
    for e in les.exercises:
        decimals = _decimals(les, e)
        task = _task(les, e)
        for name, d in decimals.items():  # the precision the check accepts is the one the prompt states
            assert name in e.answers
            assert (f"to {d} decimal" in task) if d else ("to the nearest" in task), (stem, e.number, task)
        rounded[e.number] = {
            name: _rounded(v, decimals[name]) if name in decimals else v
            for name, v in SOLUTIONS[stem][e.number].items()
        }
    got = _run(stem, rounded)
    assert all(r["passed"] for r in got.values()), (rounded, got)


@pytest.mark.parametrize("stem", sorted(BY_STEM))
def test_a_wrong_answer_scores_nothing_and_its_message_keeps_the_answer(stem):
    """One request per lesson holds every exercise's wrong answer: each fails in its hidden tests, saying which
    exercise and what, never the expected value; revealed (``--reveal``), the messages name them."""
    les = BY_STEM[stem]
    visible = _run(stem, WRONG[stem], visible_only=True)
    assert all(r["passed"] for r in visible.values()), visible  # right form: only a hidden test can refuse it
    hidden = _run(stem, WRONG[stem])
    shown = _run(stem, WRONG[stem], reveal=True)
    grade = NotebookGrade("wrong.ipynb", stem)
    for e in les.exercises:
        r = hidden[e.number]
        assert not r["passed"], (stem, e.number)
        assert r["message"].startswith(f"check failed: Exercise {e.number}: "), r["message"]
        assert leaks(r["message"], SOLUTIONS[stem][e.number]) == [], (stem, e.number, r["message"])
        grade.exercises.append(ExerciseResult(e.name, 0.0, e.points, message=r["message"]))
    page = feedback_html(grade, None, LESSONS)
    said = [html_text for html_text in re.findall(r"<td>([^<]*)</td></tr>", page)]
    assert len(said) == len(les.exercises)
    for e, text in zip(les.exercises, said, strict=True):
        assert html.unescape(text) == hidden[e.number]["message"]
        assert leaks(html.unescape(text), SOLUTIONS[stem][e.number]) == []
    # revealed, the same answers are told what was expected (where a check compares with a value)
    assert any(shown[n]["message"] != hidden[n]["message"] for n in hidden), shown
    assert not any(r["passed"] for r in shown.values())


@pytest.mark.parametrize(("stem", "number", "answers"), EXAMPLES, ids=[f"{s[:2]}-ex{n}" for s, n, _ in EXAMPLES])
def test_the_prompts_examples_score_nothing(stem, number, answers):
    (result,) = _run(stem, {number: answers}).values()
    assert not result["passed"] and result["message"]


def _one(stem: str, number: int, reveal: bool = False, visible_only: bool = False, **answers) -> dict:
    return _run(stem, {number: answers}, reveal=reveal, visible_only=visible_only)[number]


def test_answers_worked_as_the_lesson_prints_them_pass():
    """The answers the student tester gave and lost points for: worked by hand from the printed numbers."""
    p = "02_strength_and_potential"
    assert _one(p, 1, ppot_by_hand=0.159, npot_by_hand=0.202)["passed"]
    assert _one(p, 1, ppot_by_hand=0.1592, npot_by_hand=0.2023)["passed"]
    hs3 = 0.585**3  # HS printed to 3 decimals, cubed
    assert _one(p, 5, hs_3=hs3, ehs_3=hs3 + (1 - hs3) * 0.208)["passed"]
    assert _one("11_push_or_fold", 1, jam5=0.715)["passed"]  # read off the explorer: 71.5 %
    assert _one("10_equilibrium_cfr", 3, best_rate=0, h2h=-0.0195)["passed"]  # an int is a number
    assert _one("11_push_or_fold", 3, visible_only=True, call3=1)["passed"]  # (and a fraction)
    assert _one("05_betting_strategies", 2, raise_by_hand=78.3)["passed"]  # from the 0.496 the prompt gives


def test_the_messages_never_contradict_themselves():
    """A near miss is told it is wrong without printing the expected value next to an equal-looking one."""
    miss = _one("02_strength_and_potential", 1, ppot_by_hand=0.1583, npot_by_hand=0.2023)
    assert not miss["passed"]
    assert miss["message"] == "check failed: Exercise 1: PPOT by hand is not right (to 3 decimals)"
    shown = _one("02_strength_and_potential", 1, reveal=True, ppot_by_hand=0.1583, npot_by_hand=0.2023)
    assert shown["message"].endswith("; expected 0.159")
    jam = _one("11_push_or_fold", 1, reveal=True, jam5=0.7138)
    assert jam["message"].endswith("(to 3 decimals); expected 0.715")


def test_the_visible_checks_catch_the_wrong_form_in_the_students_terms():
    def said(stem, number, **answers):
        r = _one(stem, number, visible_only=True, **answers)
        assert not r["passed"]
        return r["message"]

    assert "between 0 and 1" in said("11_push_or_fold", 1, jam5=71.5)
    assert "write 50 % as 0.5" in said("11_push_or_fold", 3, call3=100)
    assert "must be a number (an int or a float), not the bool True" in said("11_push_or_fold", 3, call3=True)
    assert "not str '0.7'" in said("11_push_or_fold", 1, jam5="0.7")
    assert "add up to the number of runouts" in said("02_strength_and_potential", 2, runout_cells=[247, 0, 700])
    assert "five different pairs" in said("02_strength_and_potential", 4, found=[("Kh9c", "2s 5d")] * 5)
    assert "not different spellings" in said("02_strength_and_potential", 4, found=ONE_PAIR_FIVE_WAYS)
    assert "swapped" in said("02_strength_and_potential", 5, hs_3=0.367, ehs_3=0.2)
    assert "must be 180" in said("04_rules_and_game_engine", 2, main_pot=60, side_pot=80, returned=0)
    assert "whole number" in said("05_betting_strategies", 4, fold_bet=17.5)
    assert _one("05_betting_strategies", 4, visible_only=True, fold_bet=18.0)["passed"]  # 18.0 is a whole number
    assert "lies evenly around the +120" in said("07_self_play_experiments", 1, ci=(71, 180), hands_to_halve=1)
    assert "it lacks 'pass'" in said("08_bpp_bayesian_network", 4, p_win_after={"raise": 0.3})
    # and none of them gives the hidden answer away
    for stem, number, answers in [
        ("11_push_or_fold", 1, {"jam5": 150}),
        ("02_strength_and_potential", 2, {"runout_cells": [247, 0, 700]}),
        ("02_strength_and_potential", 4, {"found": [("Kh9c", "2s 5d")] * 5}),
    ]:
        assert leaks(_one(stem, number, visible_only=True, **answers)["message"], SOLUTIONS[stem][number]) == []


def test_lesson_12s_checks_refuse_the_wrong_roundings_and_the_usual_confusions():
    """Half a unit of the stated precision: 0.572 for 4/7 and 10.72 for 75/7 are wrong roundings; the visible checks
    catch B/(P+B) taken for the bluff share or the call share and the folding share taken for the MDF, without
    the answer."""
    stem = "12_equilibrium_after_the_flop"
    assert _one(stem, 1, bluff_share=0.3, call_share=0.571)["passed"]
    assert not _one(stem, 1, bluff_share=0.3, call_share=0.572)["passed"]
    assert _one(stem, 3, gain=10.71)["passed"]
    wrong = _one(stem, 3, gain=10.72)
    assert wrong["message"] == (
        "check failed: Exercise 3: gain (OOP's value above the equilibrium against a 75 % caller) is not right "
        "(to 2 decimals)"
    )
    for answers in (
        {"bluff_share": 0.75 / 1.75, "call_share": 0.571},  # B/(P+B)
        {"bluff_share": 0.3, "call_share": 0.75 / 1.75},  # the pot odds B/(P+B) for the call share
        {"bluff_share": 0.571, "call_share": 0.3},  # swapped
    ):
        r = _one(stem, 1, visible_only=True, **answers)
        assert not r["passed"] and leaks(r["message"], SOLUTIONS[stem][1]) == [], r["message"]
    r = _one(stem, 2, visible_only=True, mdf=125 / 225, calls=0.388)  # the folding share
    assert not r["passed"] and "not the share that may fold" in r["message"]
    assert leaks(r["message"], SOLUTIONS[stem][2]) == [], r["message"]
    r = _one(stem, 3, visible_only=True, gain=75.0)  # OOP's new value, not the gain
    assert not r["passed"] and "not OOP's new value" in r["message"]


def test_an_assertion_in_the_hidden_tests_that_bypasses_the_helpers_says_only_that_it_failed():
    """The rule lives in one place: the check process hides any plain ``assert``'s message (and an error's) raised
    between the hidden-test markers, unless the grade reveals; a visible assertion keeps its words."""
    source = (
        "# Exercise 1: checks\n"
        "assert isinstance(odds, float), 'odds must be a float'\n"
        f"{BEGIN_HIDDEN}\n"
        "assert odds == 0.2, f'the pot odds are 0.2, not {odds}'\n"
        "assert {'a': 1}[key]\n"
        f"{END_HIDDEN}\n"
    )

    def run(reveal, **answers):
        given = {"odds": [repr(answers["odds"]), ""], "key": [repr(answers.get("key", "a")), ""]}
        request = {"setup": "", "checks": [{"number": 1, "source": source, "answers": given}], "reveal": reveal}
        return run_checks(request)[0]["message"]

    assert run(False, odds=1) == "check failed: odds must be a float"
    assert run(False, odds=0.3) == "check failed: Exercise 1: a hidden check failed"
    assert run(True, odds=0.3) == "check failed: the pot odds are 0.2, not 0.3"
    assert run(False, odds=0.2, key="b") == "Exercise 1: a hidden check could not use your answer (KeyError)"
    assert run(True, odds=0.2, key="b") == "KeyError: 'b'"


def test_the_reveal_switch_is_the_environment_variable(monkeypatch):
    monkeypatch.delenv(checks.REVEAL, raising=False)
    with pytest.raises(checks.CheckFailed) as hidden:
        checks.same(4, "the smallest bet at which Phase II folds", 20, 18)
    assert str(hidden.value) == "Exercise 4: the smallest bet at which Phase II folds is not right"
    monkeypatch.setenv(checks.REVEAL, "1")
    with pytest.raises(checks.CheckFailed) as shown:
        checks.same(4, "the smallest bet at which Phase II folds", 20, 18)
    assert str(shown.value).endswith("is not right; expected 18")
    monkeypatch.setenv(checks.REVEAL, "yes")  # only "1" reveals
    assert not checks.revealed()


def test_close_accepts_every_answer_as_precise_as_asked_and_nothing_coarser():
    want = 0.15916894264533749
    for good in (0.159, 0.1592, 0.15916, 0.1587, 0.1596, want):
        checks.close(1, "PPOT", good, want, decimals=3)
    for bad in (0.158, 0.16, 0.1, 0.1597 + 0.001, True, "0.159", float("nan")):
        with pytest.raises(checks.CheckFailed):
            checks.close(1, "PPOT", bad, want, decimals=3)
    checks.close(3, "the share", 1, 1.0, decimals=3)  # an int
    checks.close(4, "the width", 0.4, 0.0, decimals=0)  # to the nearest whole number
    checks.same(2, "the pair", ("a", "b"), ["a", "b"])  # a tuple is the list of its items
    checks.same(2, "the pot", 60.0, 60)
    with pytest.raises(checks.CheckFailed):
        checks.same(2, "the flag", True, 1)


def test_lesson_06_checks_say_what_is_wrong_in_the_students_terms():
    """Lesson 06 in the checks' form: a factor left unclipped, a decision written as the enum's name, a raise
    in fractions of a chip, a zero standard error are refused by the visible checks, in the student's words and
    without the answer; ints are numbers."""
    stem = "06_opponent_modelling"

    def said(number, **answers):
        r = _one(stem, number, visible_only=True, **answers)
        assert not r["passed"]
        if number != 3:  # exercise 3's message lists the three decisions the prompt names
            assert leaks(r["message"], SOLUTIONS[stem][number]) == [], r["message"]
        return r["message"]

    assert "outside the range the formula clips every factor to" in said(1, factors=[0.375, -0.125, 1.25])
    assert "must hold 3 items" in said(1, factors=[0.375, 0.01])
    assert "must be one of 'fold', 'call', 'raise'" in said(
        3, decisions_by_ehs=["DecisionKind.RAISE"] * 4, raise_at_06=61
    )
    assert "whole number" in said(3, decisions_by_ehs=["call"] * 4, raise_at_06=60.7)
    assert "more than the 200 chips in hand" in said(3, decisions_by_ehs=["call"] * 4, raise_at_06=250)
    assert "varies from match to match" in said(4, se=0)
    assert "between 0 and 1" in said(2, strength_mu03=50, strength_mu06=0.8)
    # the hidden tests: an int is a number; the solution to the stated 3 decimals passes, a near miss does not
    assert _one(stem, 1, factors=[0.375, 0.01, 1])["passed"]
    assert _one(stem, 4, se=0.091)["passed"]
    miss = _one(stem, 4, se=0.0289)  # divided by 10 instead of sqrt 10
    assert miss["message"] == (
        "check failed: Exercise 4: the standard error of the mean of 10 uniform strengths is not right (to 3 decimals)"
    )
    assert _one(stem, 4, reveal=True, se=0.0289)["message"].endswith("; expected 0.091")


def test_lesson_12_checks_use_the_shared_helpers():
    """Lesson 12's checks were plain asserts; now the same rules as every other lesson: a share outside 0..1
    is told so, a hidden miss names the property, ``--reveal`` adds the value."""
    stem = "12_equilibrium_after_the_flop"
    r = _one(stem, 1, visible_only=True, bluff_share=30, call_share=0.571)
    assert "write 50 % as 0.5" in r["message"]
    miss = _one(stem, 3, gain=10.6)
    assert miss["message"].endswith("is not right (to 2 decimals)") and leaks(miss["message"], {"g": 75 / 7}) == []
    assert _one(stem, 3, reveal=True, gain=10.6)["message"].endswith("; expected 10.71")
    assert _one(stem, 1, bluff_share=0.3, call_share=0.571)["passed"]


@pytest.mark.parametrize("stem", sorted(BY_STEM))
def test_every_check_is_written_with_the_shared_helpers_and_states_its_precision(stem):
    """What let lessons 06 and 12 slip through: hidden tests written as plain ``assert`` (their own tolerance,
    their own words, the answer in an f-string), a float answer with no precision in its prompt. Every hidden
    test goes through :mod:`pokerlab.course.checks`, every visible one too (no bare ``assert``), and every answer
    whose solution is not a whole number has a precision (``metadata.pokerlab.decimals``) its prompt states."""
    les = BY_STEM[stem]
    for e in les.exercises:
        visible, _, hidden = e.check.partition(BEGIN_HIDDEN)
        hidden = hidden.split(END_HIDDEN)[0]
        assert "from pokerlab.course.checks import" in hidden, (stem, e.number)
        for part in (visible, hidden):
            assert not re.search(r"^\s*assert\b", part, re.M), (stem, e.number, part)
        decimals = _decimals(les, e)
        for name, value in SOLUTIONS[stem][e.number].items():
            fractional = [v for v in _leaves(value) if isinstance(v, float) and v != int(v)]
            assert not fractional or name in decimals, (stem, e.number, name)


def test_lesson_05_exercise_3_accepts_both_readings_of_the_boundary():
    """A student who checked with the library answered 0.334 (``preflop_decision(0.334, 10, 10, 200)`` raises,
    0.333 calls) and scored 0/2: the task asked for "the smallest pot share that raises" while the key wanted the
    boundary 1/3. The task now asks for the share above which it raises, and both readings pass."""
    p = "05_betting_strategies"
    for share in (0.333, 1 / 3, 0.3334, 0.334):
        assert _one(p, 3, smallest_share=share, reach=[])["passed"], share
    for share in (0.332, 0.335, 0.5):
        assert not _one(p, 3, smallest_share=share, reach=[])["passed"], share
    task = " ".join(_task(BY_STEM[p], next(e for e in BY_STEM[p].exercises if e.number == 3)).split())
    assert "the pot share above which Phase II raises" in task and "possibly empty" in task


def test_lesson_02_exercise_4s_visible_check_refuses_hands_that_are_behind_now():
    """The student tester's five K♥-x hands with the runout "2s 5d" passed the visible check silently, though the
    task itself says K♥9♣ is behind A♦Q♣ now; the check now says so (without the answer)."""
    p = "02_strength_and_potential"
    tester = [(f"Kh{x}", "2s 5d") for x in ("9c", "8c", "7c", "6c", "5c")]
    r = _one(p, 4, visible_only=True, found=tester)
    assert not r["passed"]
    assert "Kh9c is not ahead of A♦Q♣ on the flop 3♥4♣J♥" in r["message"]
    assert leaks(r["message"], SOLUTIONS[p][4]) == []
    assert _one(p, 4, visible_only=True, **SOLUTIONS[p][4])["passed"]
    assert _one(p, 4, visible_only=True, **WRONG[p][4])["passed"]  # ahead now, no tie: hidden only


def test_a_visible_check_that_passes_says_form_ok_and_the_grader_still_reads_its_results(capsys):
    checks.form_ok(2)
    assert capsys.readouterr().out == "Exercise 2: form OK (the value is checked when your work is graded)\n"
    got = _run("11_push_or_fold", SOLUTIONS["11_push_or_fold"])  # the checks print form OK in the check process
    assert all(r["passed"] for r in got.values()), got
