"""The theory as a poker theorist signed it (#41): the sentences they asked for, and the numbers beside them computed
in the saved lessons (the cells are ``NBVAL_CHECK_OUTPUT``: nbval recomputes them). Reads the saved notebooks only."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

NOTEBOOKS = Path(__file__).resolve().parent.parent.parent / "notebooks"


def _lesson(prefix: str) -> tuple[str, str]:
    """A saved lesson's markdown and its code cells' printed output, each as one text."""
    (path,) = NOTEBOOKS.glob(f"{prefix}_*.ipynb")
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    prose = "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown")
    printed = "\n".join(
        "".join(o.get("text", "")) for c in cells if c["cell_type"] == "code" for o in c.get("outputs", [])
    )
    return " ".join(prose.split()), printed


def test_lesson_04_prices_the_call_without_the_returned_uncalled_bet():
    prose, printed = _lesson("04")
    assert "price: 262,400 / (847,100 + 262,400) = 23.7%" in printed
    assert "of which 572,100 go back uncalled" in printed
    assert "29.5 % for a price of 23.7 %" in prose and "price of 15.6 %" not in prose
    assert "returned uncalled bet" in prose and "when no more betting can follow" in prose
    assert "fold equity" in prose and "expected value" in prose


def test_lessons_02_and_05_show_ehs_as_a_rule_of_thumb_beside_the_equity():
    prose, printed = _lesson("02")
    assert "1 opponent: EHS 0.672, EHS with NPOT 0.511, equity 0.511 (exact)" in printed
    assert "3 opponents: EHS 0.367, EHS with NPOT 0.312, equity 0.202" in printed
    assert "not a probability" in prose and "against a range" in prose
    prose, printed = _lesson("05")
    assert "$20 into $100: pot odds 0.167, EV +$4" in printed and "$20 into $60: pot odds 0.250, EV −$4" in printed
    assert "fold equity" in prose and "exact only when no more betting follows" in prose
    assert "not a probability" in prose


def test_lesson_10_states_exploitability_balance_and_the_bound_as_the_theorist_asked():
    prose, printed = _lesson("10")
    assert "beyond the game's value" in prose
    assert "(seat 0) and +0.055556 (seat 1): the game's values, exploitability 0" in printed
    assert "predictability is what a best response feeds on" not in prose and "unbalanced" in prose
    assert "worst-case bound" in prose and "guarantees that exploitability falls at least as fast" not in prose
    assert "two-player zero-sum" in prose and "without that guarantee" in prose  # Pluribus
    assert "The current strategy" in prose
    assert "an equilibrium bluffs" in prose  # exercise 3's solution: the balance caveat


@pytest.mark.parametrize(
    "sentence",
    [
        "Miltersen and Sørensen",
        "**restricted** game",
        "chip-EV equilibrium is also the money equilibrium",
        "With three or more players left it is not",
        "**Indifferent hands.**",
    ],
)
def test_lesson_11_says_which_game_it_solves(sentence):
    prose, _ = _lesson("11")
    assert " ".join(sentence.split()) in prose


def test_lesson_11_shows_the_restricted_games_value_against_depth_and_the_indifferent_hands():
    _, printed = _lesson("11")
    assert "5 bb +0.056" in printed and "20 bb -0.183" in printed
    assert "63s, 5 to 7.5 bb: jam and fold differ by at most 0.013 bb" in printed
