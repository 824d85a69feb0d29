"""#24's one table loop: play_match runs pokerlab.game.match.TableLoop to the end, the apps' TableSession drives the
same loop one decision at a time, and each keeps its own button rotation and seeding as explicit parameters, so
their recorded numbers did not move when the two loops became one."""

import pytest

from pokerlab import bots
from pokerlab.apps.session import Seat, TableSession
from pokerlab.errors import ParameterError
from pokerlab.game import HEADS_UP_NO_LIMIT, NO_LIMIT_RING, play_match
from pokerlab.game.match import Rotation, Seeding, TableLoop, TablePlayer
from pokerlab.game.state import Fold


def _ring_bots():
    return [bots.make("phase1"), bots.make("random", seed=2), bots.make("always_call")]


def test_a_match_and_a_session_give_the_numbers_recorded_before_the_loops_were_one():
    # regression pins: pokerlab itself, run on the two separate loops (commit 75b3f9b, before the one loop)
    r = play_match(_ring_bots(), NO_LIMIT_RING, 40, seed=4)
    assert r.money.iloc[-1].to_dict() == {"phase1": 600, "random": 0, "always_call": 0}
    assert r.eliminated == {"always_call": 3, "random": 25} and r.hands == 26 and r.faults == []
    dup = play_match(
        [bots.make("phase1"), bots.make("random", seed=2)], HEADS_UP_NO_LIMIT.with_(reset_stacks=True), 6, 4, True
    )
    assert dup.winnings[["phase1", "random"]].sum().to_dict() == {"phase1": -1979, "random": 1979}
    assert dup.hands == 12
    kinds = ["phase1", "random", "phase2", "always_call"]
    s = TableSession(NO_LIMIT_RING, [Seat(f"p{i}", bots.make(k, seed=i)) for i, k in enumerate(kinds)], 40, seed=3)
    while s.start_hand():
        while s.bot_step() is not None:
            pass
    assert list(s.stacks) == [0, 800, 0, 0] and s.dealers == [1, 0, 1, 0, 1, 0, 1]
    assert s.eliminated_at == {"p2": 1, "p3": 1, "p0": 7} and s.hand_number == 7


def test_driving_the_loop_a_decision_at_a_time_is_play_match():
    """The stepper with play_match's parameters, stepped by hand, ends where play_match ends."""
    import numpy as np

    expected = play_match(_ring_bots(), NO_LIMIT_RING, 40, seed=4)
    players = [TablePlayer(b.name, b, NO_LIMIT_RING.starting_stack) for b in _ring_bots()]
    first = int(np.random.default_rng(4).integers(3))
    loop = TableLoop(
        NO_LIMIT_RING, players, seed=4, first_button=first, rotation="deal_count", seeding="per_deal", clock=True
    )
    steps = 0
    for deal in range(40):
        if loop.start_hand(deal) is None:
            break
        while loop.step() is not None:
            steps += 1
    assert [p.stack for p in players] == expected.money.iloc[-1].tolist()
    assert loop.hand_number == expected.hands and steps > expected.hands
    assert {n: h - 1 for n, h in loop.out_after.items()} == expected.eliminated


def test_the_rotations_differ_only_after_an_elimination():
    """DEAL_COUNT (play_match) counts deals from the first button; LEFT_OF_LAST (the apps) moves left of the last
    button. With nobody out they agree; with seat 2 of 4 out after the first hand, the apps go 1 -> 3 and a match
    1 -> 3 too, but then a match counts on to seat 3 again (deal 2 -> seat 3) where the apps move to seat 0."""

    def buttons(rotation):
        players = [TablePlayer(f"b{i}", bots.make("always_call"), 200) for i in range(4)]
        loop = TableLoop(
            NO_LIMIT_RING, players, seed=1, first_button=1, rotation=rotation, seeding=Seeding.PER_HAND, clock=False
        )
        for deal in range(4):
            loop.start_hand(deal)
            loop.play_hand()
            players[2].out = True
        return loop.buttons

    assert buttons(Rotation.LEFT_OF_LAST) == [1, 3, 0, 1]
    assert buttons(Rotation.DEAL_COUNT) == [1, 3, 3, 0]


def test_the_session_is_a_view_of_the_loops_players():
    s = TableSession(NO_LIMIT_RING, [Seat("you"), Seat("bot", bots.make("always_call"))], hands=3, seed=1)
    assert isinstance(s._table, TableLoop) and s._table.rotation == "left_of_last" and s._table.seeding == "per_hand"
    s.out[1] = True  # what a test does to play on as if a bot had busted
    assert s._table.players[1].out and list(s.out) == [False, True] and s.finished
    assert s.stacks == [200, 200] and sum(s.stacks) == 400


def test_a_person_acts_through_the_loop_and_a_bot_cannot_be_stepped_for_them():
    s = TableSession(HEADS_UP_NO_LIMIT, [Seat("you"), Seat("bot", bots.make("always_call"))], 1, seed=2, first_dealer=0)
    assert s.start_hand() and s.human_to_act
    assert s.bot_step() is None  # the person's turn: the loop asks no bot
    s.human_act(Fold())
    assert s.state.is_over and s.won[0] == -10 and s.history[-1].net == {"you": -10, "bot": 10}
    with pytest.raises(ParameterError, match="not your turn"):
        s._table.act(Fold())


def test_bad_loop_arguments_are_refused():
    players = [TablePlayer("a", bots.make("always_call"), 200), TablePlayer("b", bots.make("always_call"), 200)]
    common = {"seed": 1, "first_button": 0, "seeding": "per_deal", "clock": False}
    with pytest.raises(ParameterError, match="rotation must be one of deal_count, left_of_last, not 'clockwise'"):
        TableLoop(NO_LIMIT_RING, players, rotation="clockwise", **common)
    with pytest.raises(ParameterError, match=r"first_button must be 0\.\.1, not 2"):
        TableLoop(NO_LIMIT_RING, players, rotation="deal_count", **{**common, "first_button": 2})
    with pytest.raises(ParameterError, match="players must be a list of TablePlayer"):
        TableLoop(NO_LIMIT_RING, ["a", "b"], rotation="deal_count", **common)
