"""The Rembrant bot (Rembrant): groups, classification, danger, situations, mixed play."""

import pytest

from pokerlab import ParameterError, bots
from pokerlab.bots.rembrant import POSTFLOP_TABLES, PREFLOP_TABLES, board_danger, classify, preflop_group
from pokerlab.cards import parse_cards
from pokerlab.game import (
    AAAI06_HEADS_UP_LIMIT,
    HEADS_UP_NO_LIMIT,
    NO_LIMIT_RING,
    Call,
    RaiseTo,
    play_match,
    view_for,
)


@pytest.mark.parametrize(
    "hole, board, expected",
    [
        ("AhKd", "Kc7s2d", (2, "top")),
        ("Ah7d", "Kc7s2d", (2, "middle")),
        ("Ah2c", "Kc7s2d", (2, "bottom")),
        ("QhQd", "Jc7s2d", (2, "over")),
        ("4h4d", "Jc7s6d", (2, "under")),
        ("Ah3d", "Kc7s7d", (1, "high card")),
        ("AhKd", "AcKs2d", (3, "two hole")),
        ("Ah3d", "AcKsKd", (3, "one hole + board pair")),
        ("QhQd", "AcKsKd", (3, "pocket pair + board pair")),
        ("2h3d", "AcAsKdKh", (3, "board two pair")),
        ("7h7d", "7cKs2d", (4, "set")),
        ("Ah7d", "7c7s2d", (4, "trips")),
        ("9hTd", "6c7s8d", (5, "up")),
        ("4h5d", "6c7s8d", (5, "end")),
        ("8hQd", "9cTsJd2h", (5, "up-end")),
        ("Kh2c", "3s4d5hAc", (5, "gutshot")),
        ("AhKh", "2h7h9h", (6, "nuts")),
        ("QhKh", "2h7h9h", (6, "rest")),
        ("AhAd", "AcAs2d", (7, "full house or better")),
    ],
)
def test_classify(hole, board, expected):
    assert classify(parse_cards(hole), parse_cards(board)) == expected


def test_tables_cover_every_group_and_situation():
    assert set(PREFLOP_TABLES) == set(range(1, 10))
    for table in POSTFLOP_TABLES.values():
        assert set(table) == {"raise", "reraise", "allin", "check", "first"}
    assert preflop_group(parse_cards("AsAd")) == 1 and preflop_group(parse_cards("7c2d")) == 9
    assert preflop_group(parse_cards("9s8s")) == 8 and preflop_group(parse_cards("As5s")) == 7


def test_board_danger():
    assert board_danger(parse_cards("Kc7s2d")) == 1
    assert board_danger(parse_cards("Kc7c2d")) == 2
    assert board_danger(parse_cards("6c7s8d")) == 3
    assert board_danger(parse_cards("2h7h9hKh")) == 4
    assert board_danger(parse_cards("Ac2s3d")) == 3  # the ace plays low


def test_preflop_tables_in_play():
    from pokerlab.game import Fold

    r = bots.make("rembrant", seed=1)

    def first_action(hole):  # the button (small blind) acts first heads-up
        return r.act(view_for(NO_LIMIT_RING.new_hand([1000, 1000], button=0, deck=f"{hole} Kh Qh"), 0))

    opening = first_action("AsAd")  # group 1: raise 3-5 big blinds
    assert isinstance(opening, RaiseTo) and 6 <= opening.amount <= 10
    assert first_action("7c2d") == Fold()  # group 9 "checks": it cannot, so it folds
    assert first_action("9s8s") == Call()  # group 8 limps
    small = NO_LIMIT_RING.new_hand([1000, 1000], button=0, deck="AsAd 7s7d")
    small.apply(RaiseTo(6))
    assert r.act(view_for(small, 1)) == Call()  # group 4 facing a raise it may call (<= 40 big blinds)
    big = NO_LIMIT_RING.new_hand([1000, 1000], button=0, deck="AsAd 7s7d")
    big.apply(RaiseTo(100))
    assert r.act(view_for(big, 1)) == Fold()  # 98 chips = 49 big blinds: too much
    shove = NO_LIMIT_RING.new_hand([1000, 1000], button=0, deck="7s7d AsAd")
    shove.apply(RaiseTo(1000))
    assert r.act(view_for(shove, 1)) == Call()  # group 1 calls an all-in


def test_situations():
    r = bots.make("rembrant", seed=1)
    h = NO_LIMIT_RING.new_hand([1000, 1000], button=0, seed=3)
    assert r.situation(view_for(h, 0)) == "first"
    h.apply(RaiseTo(6))
    assert r.situation(view_for(h, 1)) == "raise"
    h.apply(RaiseTo(20))
    assert r.situation(view_for(h, 0)) == "reraise"
    h.apply(RaiseTo(1000))
    assert r.situation(view_for(h, 1)) == "allin"


@pytest.mark.parametrize(
    "rules", [AAAI06_HEADS_UP_LIMIT, HEADS_UP_NO_LIMIT.with_(reset_stacks=True), NO_LIMIT_RING.with_(reset_stacks=True)]
)
def test_rembrant_acts_legally(rules):
    n = 2 if rules.max_players == 2 else 6
    others = [bots.make("random", seed=k) for k in range(n - 1)]
    result = play_match([bots.make("rembrant", seed=2), *others], rules, hands=500, seed=8)
    assert result.faults == []


def test_mixed_play_never_repeats_too_often():
    from itertools import groupby

    r = bots.make("rembrant", seed=5, max_repeat=2)
    picks = [r._mixed(("k",), "call/reraise", danger=1) for _ in range(300)]
    assert set(picks) == {"call", "reraise"}
    assert max(len(list(run)) for _, run in groupby(picks)) <= 2
    assert r._mixed(("k",), "call/reraise", danger=2) == "reraise"  # danger 2: the aggressive side
    with pytest.raises(ParameterError):
        bots.make("rembrant", max_repeat=0)
