"""range_breakdown: made hands, kinds of pair and draws of a range on a board, counted exactly."""

import re

import pytest
from hypothesis import given, settings, strategies as st

import pokerlab as pl
from pokerlab.breakdown import Holding, Section, classify
from pokerlab.cards import Card, parse_cards
from pokerlab.evaluator import HandCategory, reference_value
from pokerlab.ranges import Range


def kinds(hole, board):
    return {h.value for h in classify(tuple(parse_cards(hole)), tuple(parse_cards(board)))}


@pytest.mark.parametrize(
    ("hole", "board", "want"),
    [
        ("AhAc", "Kd7d2c", {"One pair", "Overpair"}),
        ("KhQc", "Kd7d2c", {"One pair", "Top pair"}),
        ("8h7c", "Kd7d2c", {"One pair", "Second pair"}),
        ("Ah2h", "Kd7d2c", {"One pair", "Lower pair"}),
        ("5h5c", "Kd7d2c", {"One pair", "Underpair"}),
        ("AhQc", "Kd7d7c", {"One pair", "Board pair only"}),
        ("AdQd", "Kd7d2c", {"High card", "Flush draw"}),
        ("AhQc", "Jd7d2c", {"High card", "Two overcards"}),
        ("9h8c", "Td7d2c", {"High card", "Open-ended straight draw"}),
        ("Jh8c", "9d7d5c", {"High card", "Open-ended straight draw"}),  # double gutshot (6 or T): 8 outs too
        ("Ah5c", "4d3d9c", {"High card", "Gutshot"}),  # the wheel needs a 2
        ("9d8d", "Td7d2c", {"High card", "Flush draw", "Open-ended straight draw"}),
        ("Ah3c", "Kd7d2c5s6h", {"High card"}),  # no draws on the river
        ("6h5h", "7h8h9h", {"Straight flush"}),
        ("AhKh", "6s7s8s9s", {"High card", "Two overcards"}),  # the straight draw is the board's own
        # a higher straight than the board's own: the 9 plays the ten (6-T); the 4 only makes the board's 4-8
        ("Th2s", "5c6d7h8s", {"High card", "Gutshot"}),
        ("JhTh", "5c6d7h8s", {"High card", "Gutshot", "Two overcards"}),
        ("Qh2s", "5c6d7h9s", {"High card"}),  # the 8 is the board's straight; the queen needs two cards
    ],
)
def test_classify_by_hand(hole, board, want):
    assert kinds(hole, board) == want


def test_counts_of_a_range():
    b = pl.range_breakdown("AA, KK, AKs, 98s", "Kd7d2c")
    assert b.total_combos == 6 + 3 + 3 + 4
    assert (b.combos("Three of a kind"), b.combos("Overpair"), b.combos("Top pair"), b.combos("Flush draw")) == (
        3, 6, 3, 1,
    )  # fmt: skip
    assert b.combos(Holding.HIGH_CARD) == 4 and b.share("High card") == pytest.approx(4 / 16)


def test_weights_count_in_shares_not_in_combos():
    b = pl.range_breakdown("AA@50, KK", "Kd7d2c")
    assert b.combos("Overpair") == 6 and b.share("Overpair") == pytest.approx(3 / 6)


@settings(max_examples=25, deadline=None)
@given(
    st.permutations(list(range(52))), st.sampled_from([3, 4, 5]), st.sampled_from(["random", "22+, A2s+, KTo+", "AKs"])
)
def test_sections_add_up_and_made_hands_match_the_reference(deck, n, text):
    board = [Card(i) for i in deck[:n]]
    b = pl.range_breakdown(text, board)
    frame = b.to_frame()
    made = frame[frame["section"] == Section.MADE.value]
    pairs = frame[frame["section"] == Section.PAIR.value]
    assert made["combos"].sum() == b.total_combos == len(Range.parse(text).without(board))
    assert made["share"].sum() == pytest.approx(1.0)
    assert pairs["combos"].sum() == b.combos("One pair")
    assert (frame["section"] == Section.DRAW.value).any() == (n < 5)
    # the made-hand counts from the plain 5-card-subset reference evaluator
    from pokerlab._tables import all_keys

    want = dict.fromkeys(HandCategory, 0)
    keys = all_keys()
    for x, y, _ in Range.parse(text).without(board).combos():
        want[HandCategory(keys[reference_value([x, y, *board]) - 1][0])] += 1
    for cat, count in want.items():
        assert b.combos(cat.label) == count


@pytest.mark.parametrize(
    ("rng", "board", "exc", "match"),
    [
        ("AA", "Kd7d", pl.CardCountError, "3, 4 or 5"),
        ("AA", None, pl.CardCountError, "board"),
        ("AA", "Kd7d2c2c", pl.DuplicateCardError, "2c"),
        ("AsKs", "AsKsQs", pl.RangeError, "board card"),
        ("AX", "Kd7d2c", pl.RangeError, "AX"),
        (None, "Kd7d2c", pl.ParameterError, "hand_range"),
        (True, "Kd7d2c", pl.ParameterError, "hand_range"),
        (5, "Kd7d2c", pl.ParameterError, "hand_range"),
    ],
)
def test_bad_input(rng, board, exc, match):
    with pytest.raises(exc, match=match):
        pl.range_breakdown(rng, board)


def test_unknown_holding():
    with pytest.raises(pl.ParameterError, match="holding"):
        pl.range_breakdown("AA", "Kd7d2c").combos("Nut flush")


def test_chart_draws_a_bar_per_holding():
    from pokerlab.charts import chart_svg

    b = pl.range_breakdown("22+, A2s+, KTs+, QTs+, JTs, ATo+, KJo+", "Ks7d2c")
    svg = chart_svg(b.chart())
    bars = re.findall(r'role="graphics-symbol" aria-roledescription="bar"', svg)
    assert len(bars) == len(b.to_frame()) == 19
    assert "<table>" in b._repr_html_()
