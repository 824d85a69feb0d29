"""Hand strength and potential against the Waterloo report and a plain reference."""

import itertools

import numpy as np
import pytest
from hypothesis import given, settings

from pokerlab import (
    Card,
    CardCountError,
    DuplicateCardError,
    ParameterError,
    Range,
    RangeError,
    compensated_strength,
    hand_potential,
    hand_strength,
    parse_cards,
    turn_card_effects,
)
from pokerlab.cards import combo_index
from pokerlab.evaluator import _value_ids
from tests.support.strategies import distinct_cards

# Independent source: the Waterloo report's Table 4 (AdQc on 3h4cJh, every opponent hand and turn/river pair).
TABLE_4 = ((449005, 3211, 169504), (0, 8370, 540), (91981, 1036, 346543))


def ref_strength(hole, board, weights=None):
    """Algorithm 1, written out plainly."""
    known = {c.id for c in hole + board}
    ours = _value_ids([c.id for c in hole + board])
    win = tie = loss = 0.0
    for a, b in itertools.combinations([i for i in range(52) if i not in known], 2):
        w = 1.0 if weights is None else weights[combo_index(a, b)]
        theirs = _value_ids([a, b] + [c.id for c in board])
        if ours > theirs:
            win += w
        elif ours == theirs:
            tie += w
        else:
            loss += w
    return (win + tie / 2) / (win + tie + loss)


def ref_potential_one_card(hole, board, weights=None):
    """Algorithm 2 with one card to come, written out plainly (typos fixed)."""
    hp = np.zeros((3, 3))
    known = {c.id for c in hole + board}
    h = [c.id for c in hole]
    bd = [c.id for c in board]
    ours_now = _value_ids(h + bd)
    rest = [i for i in range(52) if i not in known]
    for a, b in itertools.combinations(rest, 2):
        w = 1.0 if weights is None else weights[combo_index(a, b)]
        opp_now = _value_ids([a, b] + bd)
        row = 0 if ours_now > opp_now else 1 if ours_now == opp_now else 2
        for c in rest:
            if c in (a, b):
                continue
            ours, theirs = _value_ids(h + bd + [c]), _value_ids([a, b] + bd + [c])
            col = 0 if ours > theirs else 1 if ours == theirs else 2
            hp[row, col] += w
    return hp


def test_table_4_to_the_count():
    p = hand_potential("AdQc", "3h4cJh")
    assert p.matrix == TABLE_4
    # The sums, totals and rounded HS/PPOT/NPOT: the Waterloo report's Table 4 and the text beside it
    assert p.row_sums == (621720, 8910, 439560)
    assert p.column_sums == (540986, 12617, 516587)
    assert p.total == 1070190 == 1081 * 990
    assert round(p.hs, 3) == 0.585 and round(p.ppot, 3) == 0.208 and round(p.npot, 3) == 0.274
    assert p.ppot == pytest.approx((91981 + 1036 / 2 + 0 / 2) / (439560 + 8910 / 2))
    assert p.npot == pytest.approx((169504 + 3211 / 2 + 540 / 2) / (621720 + 8910 / 2))
    assert p.ehs == pytest.approx(p.hs + (1 - p.hs) * p.ppot)
    assert p.ehs_net == pytest.approx(p.hs * (1 - p.npot) + (1 - p.hs) * p.ppot)
    text = p.table()
    assert "449005" in text and "1070190 = 1081 x 990" in text
    html = p._repr_html_()
    assert "449,005" in html and "PPOT = 0.208" in html


def test_seed_001_hand_strength_example():
    # Independent source: the Waterloo report's hand-strength examples (0.115; AdQc on 3h4cJh 628 ahead, 9 tied)
    assert round(hand_strength("8d7d", "9d6c2d"), 3) == 0.115
    assert hand_strength("AdQc", "3h4cJh") == pytest.approx((628 + 9 / 2) / 1081)


@pytest.mark.parametrize("board", ["3h4cJh", "3h4cJh5s", "3h4cJh5s9d"])
def test_strength_matches_plain_reference(board):
    hole, b = parse_cards("AdQc"), parse_cards(board)
    assert hand_strength(hole, b) == pytest.approx(ref_strength(hole, b), abs=1e-12)


@settings(max_examples=15)
@given(distinct_cards(5, 7))
def test_strength_reference_on_random_deals(cards):
    hole, board = tuple(cards[:2]), tuple(cards[2:])
    assert hand_strength(hole, board) == pytest.approx(ref_strength(hole, board), abs=1e-12)


def test_hs_n_is_hs_to_the_n():
    hs = hand_strength("AdQc", "3h4cJh")
    for n in range(1, 10):
        assert hand_strength("AdQc", "3h4cJh", opponents=n) == pytest.approx(hs**n)


def test_weighted_strength():
    hole, board = parse_cards("AdQc"), parse_cards("3h4cJh")
    ones = np.ones(1326)
    assert hand_strength(hole, board, weights=ones) == pytest.approx(hand_strength(hole, board))
    rng = np.random.default_rng(5)
    w = rng.random(1326)
    assert hand_strength(hole, board, weights=w) == pytest.approx(ref_strength(hole, board, w), abs=1e-12)
    # against exactly jacks, we are behind every time (they hold a set)
    assert hand_strength(hole, board, weights="JJ") == 0.0
    assert hand_strength(hole, board, weights=Range.parse("22")) == 0.0
    assert hand_strength(hole, board, weights="72o") == 1.0


def test_one_card_potential_matches_plain_reference_on_the_turn():
    hole, board = parse_cards("AdQc"), parse_cards("3h4cJh5s")
    p = hand_potential(hole, board, lookahead=1)
    assert np.array_equal(np.array(p.matrix), ref_potential_one_card(hole, board))
    w = np.random.default_rng(1).random(1326)
    pw = hand_potential(hole, board, lookahead=1, weights=w)
    assert np.allclose(np.array(pw.matrix), ref_potential_one_card(hole, board, w))
    assert pw.weighted and not p.weighted


def test_potential_rows_count_each_opponent_hand_once_per_future():
    p = hand_potential("8d7d", "9d6c2d")
    assert p.total == 1081 * 990
    for row in p.row_sums:
        assert row % 990 == 0
    hs = hand_strength("8d7d", "9d6c2d")
    assert p.hs == pytest.approx(hs)
    p1 = hand_potential("8d7d", "9d6c2d", lookahead=1)
    assert p1.total == 1081 * 45
    assert p.ppot > 0.4  # the flush and straight draws of the seed's example


def test_two_card_lookahead_equals_showdown_equity_against_a_random_hand():
    from pokerlab import equity

    p = hand_potential("AdQc", "3h4cJh")
    col = p.column_sums
    e = equity("AdQc", board="3h4cJh")
    assert e.exact
    assert e.equity[0] == pytest.approx((col[0] + col[1] / 2) / p.total)


def test_opponents_change_hs_n_and_ehs_only():
    p1 = hand_potential("AdQc", "3h4cJh")
    p3 = hand_potential("AdQc", "3h4cJh", opponents=3)
    assert p3.matrix == p1.matrix and p3.ppot == p1.ppot
    assert p3.hs_n == pytest.approx(p1.hs**3)
    assert p3.ehs == pytest.approx(p3.hs_n + (1 - p3.hs_n) * p3.ppot)


def test_compensated_strength():
    assert compensated_strength(0.2, players_left=5, c=10) == pytest.approx(0.3)
    assert compensated_strength(0.9, players_left=9, c=2) == 1.0
    with pytest.raises(ParameterError):
        compensated_strength(1.5, 3)
    with pytest.raises(ParameterError):
        compensated_strength(0.5, 3, c=0)


def test_turn_card_effects():
    frame = turn_card_effects("AdQc", "3h4cJh")
    assert len(frame) == 47
    queen = frame.set_index("card").loc["Qs"]
    assert queen["category"] == "One pair" and queen["change"] > 0.3
    two = frame.set_index("card").loc["2c"]
    assert two["hs_turn"] == pytest.approx(hand_strength("AdQc", "3h4cJh2c"))


@pytest.mark.parametrize(
    "call, error, words",
    [
        (lambda: hand_strength("AdQc", "3h4c"), CardCountError, "not 2"),
        (lambda: hand_strength("AdQc", ""), CardCountError, "not 0"),
        (lambda: hand_strength("AdQcKs", "3h4cJh"), CardCountError, "2 hole cards"),
        (lambda: hand_strength("AdQc", "3h4cJh5s9d2c"), CardCountError, "not 6"),
        (lambda: hand_strength("AdQc", "Ad4cJh"), DuplicateCardError, "Ad appears twice"),
        (lambda: hand_strength("AdAd", "3h4cJh"), DuplicateCardError, "twice"),
        (lambda: hand_strength("AdQc", "3h4cJh", opponents=0), ParameterError, "1..9"),
        (lambda: hand_strength("AdQc", "3h4cJh", opponents=10), ParameterError, "1..9"),
        (
            lambda: (
                hand_strength("AdQc", "3h4cJh", weights="QQ", opponents=1) * 0
                + hand_strength("AdQc", "QhQsJh", weights="QQ")
            ),
            RangeError,
            "empty",
        ),
        (lambda: hand_strength("AdQc", "3h4cJh", weights=np.ones(10)), RangeError, "1326"),
        (lambda: hand_strength("AdQc", "3h4cJh", weights=-np.ones(1326)), RangeError, "non-negative"),
        (lambda: hand_potential("AdQc", "3h4cJh5s"), ParameterError, "lookahead=1"),
        (lambda: hand_potential("AdQc", "3h4cJh5s9d", lookahead=1), CardCountError, "not 5"),
        (lambda: hand_potential("AdQc", "3h4cJh", lookahead=3), ParameterError, "1 or 2"),
    ],
)
def test_bad_input_is_named(call, error, words):
    with pytest.raises(error, match=words):
        call()


def test_card_objects_and_ids_are_accepted():
    hole = (Card.parse("Ad"), Card.parse("Qc"))
    assert hand_strength(hole, [6, 8, 38]) == hand_strength("AdQc", "3h4cJh")


@settings(max_examples=12)
@given(distinct_cards(5, 6))
def test_shared_set_kernel_equals_the_report_loop(cards):
    from pokerlab import _kernels

    hole = np.array([c.id for c in cards[:2]])
    board = np.array([c.id for c in cards[2:]])
    weights = np.random.default_rng(len(cards)).random(1326)
    for lookahead in (1, 2) if len(board) == 3 else (1,):
        for w in (None, weights):
            fast = _kernels.potential(hole, board, w, lookahead)
            plain = _kernels.potential(hole, board, w, lookahead, direct=True)
            # the same floating-point numbers, weighted too: the fast kernel adds the weighted counts opponent
            # hand by opponent hand in the report loop's order
            assert np.array_equal(fast, plain)


def test_turn_card_effects_parses_the_range_once_and_matches_hand_potential(monkeypatch):
    """Data is parsed once at the edge: the range text is read once, not once per turn card (it was 48),
    and each row still equals hand_potential from the turn with the same range."""
    from pokerlab import ranges, strength

    calls = []
    parse = ranges.Range.parse.__func__

    def counting(cls, *args, **kwargs):
        calls.append(args)
        return parse(cls, *args, **kwargs)

    monkeypatch.setattr(ranges.Range, "parse", classmethod(counting))
    frame = strength.turn_card_effects("AdQc", "3h4cJh", weights="TT+, AJs+, KQo")
    assert len(calls) == 1 and len(frame) == 47
    for card in ("Th", "2c", "Ac"):
        row = frame[frame.card == card].iloc[0]
        p = strength.hand_potential("AdQc", "3h4cJh" + card, lookahead=1, weights="TT+, AJs+, KQo")
        assert row.hs_turn == pytest.approx(p.hs_n, abs=1e-12) and row.ppot_turn == pytest.approx(p.ppot, abs=1e-12)
