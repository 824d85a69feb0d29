"""Rules presets against the text of their seeds, and hand-by-hand behaviour."""

import numpy as np
import pytest

from pokerlab.errors import ParameterError
from pokerlab.game import (
    AAAI06_HEADS_UP_LIMIT,
    BIGHOLDEM,
    HEADS_UP_NO_LIMIT,
    NO_LIMIT_RING,
    Act,
    ActionKind,
    AwardPot,
    BettingStructure,
    Blind,
    Call,
    Check,
    DealBoard,
    Fold,
    IllegalActionError,
    PostBlind,
    Raise,
    RaiseTo,
    ReturnUncalled,
    Rules,
    RulesError,
    Showdown,
    Street,
)

# -- the AAAI'06 rules: heads-up limit ----------------------------------------------


def test_aaai06_dealer_posts_5_and_acts_first_preflop_other_acts_first_after():
    h = AAAI06_HEADS_UP_LIMIT.new_hand(button=0, seed=1)
    blinds = [e for e in h.events if isinstance(e, PostBlind)]
    assert [(b.seat, b.amount) for b in blinds] == [(0, 5), (1, 10)]
    assert h.actor == 0 and h.to_call == 5
    h.apply(Call()).apply(Check())
    assert h.street is Street.FLOP and h.actor == 1  # the other player acts first after the flop


def test_a_played_hands_events_carry_enum_members():
    h = NO_LIMIT_RING.new_hand([200, 200, 200], button=0, deck="AsAh KsKh QsQh 2c7d9h Tc 3s")
    h.apply(RaiseTo(6)).apply(Call()).apply(Fold())  # seat 0 raises, the small blind calls, the big blind folds
    h.apply(Check()).apply(RaiseTo(10)).apply(Call())  # flop: a check, a bet, a call
    blinds = [e.blind for e in h.events if isinstance(e, PostBlind)]
    kinds = [e.kind for e in h.events if isinstance(e, Act)]
    assert blinds == [Blind.SMALL, Blind.BIG] and all(type(b) is Blind for b in blinds)
    assert kinds == [
        ActionKind.RAISE,
        ActionKind.CALL,
        ActionKind.FOLD,
        ActionKind.CHECK,
        ActionKind.BET,
        ActionKind.CALL,
    ]
    assert all(type(k) is ActionKind for k in kinds)
    # str-valued: the old string comparisons keep working (the deprecation path), and text shows the word
    assert kinds[0] == "raise" and blinds[1] == "big" and f"{kinds[4]} to 10" == "bet to 10"
    straddled = NO_LIMIT_RING.with_(straddles=(4,)).new_hand([200] * 4, button=0, seed=1)
    assert [e.blind for e in straddled.events if isinstance(e, PostBlind)] == [Blind.SMALL, Blind.BIG, Blind.STRADDLE]


def test_events_take_the_string_spelling_and_refuse_other_words():
    e = Act(0, Street.FLOP, "bet", 10, 10)
    assert e.kind is ActionKind.BET and PostBlind(1, 2, "big").blind is Blind.BIG
    with pytest.raises(ParameterError, match="kind must be one of fold, check, call, bet, raise, not 'shove'"):
        Act(0, Street.FLOP, "shove", 10, 10)
    with pytest.raises(ParameterError, match="blind must be one of small, big, straddle"):
        PostBlind(1, 2, "ante")


@pytest.mark.parametrize("bad", ["shove", "RAISE", "", 3, None, b"raise"])
def test_the_three_kinds_refuse_a_bad_word_with_one_sentence(bad):
    """ActionKind, Blind and DecisionKind take their words through one helper (``_validate.member``)."""
    from pokerlab.bots import Decision

    shown = repr(bad)
    for make, words in (
        (lambda: Act(0, Street.FLOP, bad, 10, 10), "kind must be one of fold, check, call, bet, raise"),
        (lambda: PostBlind(1, 2, bad), "blind must be one of small, big, straddle"),
        (lambda: Decision(bad), "kind must be one of fold, check, call, raise"),
    ):
        with pytest.raises(ParameterError) as info:
            make()
        assert str(info.value) == f"{words}, not {shown}"


def test_aaai06_bet_sizes_10_10_20_20():
    h = AAAI06_HEADS_UP_LIMIT.new_hand(button=0, seed=1)
    assert h.min_raise_to == h.max_raise_to == 20  # preflop raise to 20
    h.apply(Call()).apply(Check())
    assert h.min_raise_to == 10  # flop bet $10
    h.apply(Check()).apply(Check())
    assert h.street is Street.TURN and h.min_raise_to == 20  # turn bet $20
    h.apply(Check()).apply(Check())
    assert h.street is Street.RIVER and h.min_raise_to == 20


def test_aaai06_caps_a_bet_and_2_raises_then_a_bet_and_3_raises():
    h = AAAI06_HEADS_UP_LIMIT.new_hand(button=0, seed=2)
    # preflop: the big blind is the bet, then 2 raises (to 20, to 30); then only call or fold
    h.apply(Raise()).apply(Raise())
    assert h.current_bet == 30 and h.min_raise_to is None
    assert {type(a) for a in h.legal_actions()} == {Fold, Call}
    with pytest.raises(IllegalActionError, match="raise cap"):
        h.apply(Raise())
    h.apply(Call())
    # flop: a bet and 2 raises
    h.apply(Raise()).apply(Raise()).apply(Raise())
    assert h.current_bet == 30 and h.min_raise_to is None
    h.apply(Call())
    # turn: a bet and 3 raises
    h.apply(Raise()).apply(Raise()).apply(Raise()).apply(Raise())
    assert h.current_bet == 80 and h.min_raise_to is None
    h.apply(Call())
    assert h.street is Street.RIVER


def test_aaai06_is_heads_up_only():
    with pytest.raises(RulesError, match="2 to 2 players"):
        AAAI06_HEADS_UP_LIMIT.new_hand([1000, 1000, 1000])


# -- BigHoldem ------------------------------------------------------------------------


def test_bigholdem_defaults():
    r = BIGHOLDEM
    assert (r.min_players, r.max_players, r.default_players) == (2, 10, 10)
    assert r.starting_stack == 1000 and r.raise_cap == (4, 4, 4, 4)  # a bet (or the blind) and 3 raises
    assert r.min_stack_to_play == 2 * r.metadata["minimum_chip"]
    h = r.new_hand(button=3, seed=4)
    assert h.n == 10 and h.small_blind_seat == 4 and h.big_blind_seat == 5 and h.actor == 6
    assert r.with_(ante=5).new_hand(button=0, seed=1).pot == 10 * 5 + 5 + 10
    unlimited = r.with_(raise_cap=(None, None, None, None))
    assert unlimited.raise_cap[0] is None


def test_bigholdem_raises_are_bounded_by_the_stack_and_capped():
    h = BIGHOLDEM.new_hand([1000, 50, 1000, 1000], button=0, seed=1)
    assert h.actor == 3 and h.max_raise_to == 1000  # bounded by the stack
    h.apply(RaiseTo(30)).apply(RaiseTo(60))  # two raises after the big blind
    assert h.actor == 1 and h.min_raise_to is None  # 50 chips cannot raise
    h.apply(Call())  # all-in for less
    assert h.all_in[1] and h.actor == 2 and h.min_raise_to == 90  # BigHoldem: 3 raises after the blind
    h.apply(RaiseTo(90))
    assert h.actor == 3 and h.min_raise_to is None  # the blind and 3 raises: the cap
    with pytest.raises(IllegalActionError, match="raise cap"):
        h.apply(RaiseTo(120))
    assert {type(a) for a in h.legal_actions()} == {Fold, Call}


# -- the arena rules: heads-up no-limit ---------------------------------------------------------


def test_heads_up_no_limit_blinds_rise_every_10_hands():
    r = HEADS_UP_NO_LIMIT
    assert (r.level(0).small_blind, r.level(0).big_blind) == (10, 20)
    assert r.level(9).big_blind == 20 and r.level(10).big_blind == 40 and r.level(25).big_blind == 80
    assert r.raise_cap == (None, None, None, None)
    assert r.time_bank.initial == 10.0 and r.time_bank.per_move == 0.5 and r.time_bank.max_misses == 2


def test_heads_up_no_limit_raise_at_least_twice_the_big_blind_and_excess_returned():
    h = HEADS_UP_NO_LIMIT.new_hand([2000, 500], button=0, seed=1)
    assert h.min_raise_to == 20 + 40  # call 20, raise by at least 2 x 20
    with pytest.raises(IllegalActionError, match="outside the limits"):
        h.apply(RaiseTo(50))
    h.apply(RaiseTo(2000))  # all in; the opponent has only 500
    h.apply(Call())
    returned = [e for e in h.events if isinstance(e, ReturnUncalled)]
    assert returned == [ReturnUncalled(0, 1500)]
    assert sum(h.final_stacks) == 2500


# -- the Waterloo report: no-limit ring ------------------------------------------------------------


def test_no_limit_ring_blinds_1_and_2():
    h = NO_LIMIT_RING.new_hand([200] * 6, button=2, seed=3)
    blinds = [(e.seat, e.amount) for e in h.events if isinstance(e, PostBlind)]
    assert blinds == [(3, 1), (4, 2)]
    assert h.rules.structure is BettingStructure.NO_LIMIT and h.min_raise_to == 4


# -- pots ----------------------------------------------------------------------------------


def test_four_way_all_in_makes_a_main_pot_and_two_side_pots():
    deck = "AsAh KsKh QsQh JsJh 2c7d9h 3c 4d"
    h = NO_LIMIT_RING.new_hand([50, 100, 200, 400], button=3, deck=deck)
    # button 3, small blind 0, big blind 1, first to act 2
    h.apply(RaiseTo(200))
    assert h.min_raise_to is None  # nobody could call more than 200: seat 3 may only call or fold
    h.apply(Call()).apply(Call()).apply(Call())
    pots = [e for e in h.events if isinstance(e, AwardPot)]
    assert [p.amount for p in pots] == [200, 150, 200]
    assert [p.winners for p in pots] == [(0,), (1,), (2,)]
    assert [p.eligible for p in pots] == [(0, 1, 2, 3), (1, 2, 3), (2, 3)]
    assert h.final_stacks == (200, 150, 200, 200)


def test_split_pot_and_odd_chip_rule():
    # the board plays (a royal flush): every live hand ties
    deck = "2c3d 4h5h 6c7d AsKs QsJs Ts"
    h = NO_LIMIT_RING.new_hand([100, 100, 100], button=2, deck="2c3d 4h5h 6c7d AdKd QdJd Td")
    h.apply(Call()).apply(Fold())  # button calls, small blind folds: pot 1 + 2 + 2 = 5
    h.apply(Check())
    while not h.is_over:
        h.apply(Check())
    (pot,) = [e for e in h.events if isinstance(e, AwardPot)]
    assert pot.amount == 5 and pot.winners == (1, 2) and pot.shares == (3, 2)  # odd chip: first after the button
    assert h.final_stacks == (99, 101, 100)
    assert deck  # (kept for the reader: the same layout with spades)


def test_everyone_folds_to_the_big_blind():
    h = NO_LIMIT_RING.new_hand([200, 200, 200], button=0, seed=1)
    h.apply(Fold()).apply(Fold())
    assert h.is_over and h.final_stacks == (200, 199, 201)
    assert not any(isinstance(e, Showdown) for e in h.events)


def test_all_in_players_run_out_the_board():
    h = NO_LIMIT_RING.new_hand([100, 100], button=0, seed=5)
    h.apply(RaiseTo(100)).apply(Call())
    assert h.is_over and len(h.board) == 5
    assert [e.street for e in h.events if isinstance(e, DealBoard)] == [Street.FLOP, Street.TURN, Street.RIVER]


def test_big_blind_gets_its_option_and_incomplete_raises_do_not_reopen():
    h = NO_LIMIT_RING.new_hand([200, 200, 200], button=0, seed=1)
    h.apply(Call()).apply(Call())
    assert h.actor == 2 and Check() in h.legal_actions()
    h.apply(Check())
    assert h.street is Street.FLOP
    g = NO_LIMIT_RING.new_hand([200, 200, 25], button=0, seed=1)
    g.apply(RaiseTo(20)).apply(Call())  # button raises to 20, small blind calls
    g.apply(RaiseTo(25))  # big blind all-in: +5 is less than a full raise
    last = [e for e in g.events if isinstance(e, Act)][-1]
    assert last.kind is ActionKind.RAISE and not last.complete
    assert g.actor == 0 and g.min_raise_to is None  # the button may only call or fold


# -- bad input ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "make, words",
    [
        (lambda: Rules(raise_cap=(-1, None, None, None)), "at least 1"),
        (lambda: Rules(small_blind=5, big_blind=10, starting_stack=8), "larger than the starting stack"),
        (lambda: Rules(max_players=11), "2 to 10"),
        (lambda: Rules(small_blind=3, big_blind=2), "cannot exceed"),
        (lambda: Rules(structure=BettingStructure.FIXED_LIMIT), "bet_sizes"),
        (lambda: Rules(min_raise_big_blinds=0), "at least 1"),
    ],
)
def test_contradictory_rules_are_refused(make, words):
    with pytest.raises(RulesError, match=words):
        make()


def test_illegal_actions_say_what_is_legal():
    h = NO_LIMIT_RING.new_hand([200, 200, 200], button=0, seed=1)
    with pytest.raises(
        IllegalActionError, match=r"out of turn: seat 0 may: Fold\(\), Call\(\) for 2, RaiseTo\(4..200\)"
    ):
        h.apply(Call(), seat=1)
    with pytest.raises(IllegalActionError, match="cannot check facing a bet"):
        h.apply(Check())
    with pytest.raises(IllegalActionError, match="cannot raise to 3"):
        h.apply(RaiseTo(3))
    with pytest.raises(IllegalActionError, match="above the stack"):
        h.apply(RaiseTo(201))
    with pytest.raises(IllegalActionError, match="Raise\\(\\) is for fixed-limit"):
        h.apply(Raise())
    h.apply(Call()).apply(Call()).apply(Check())
    with pytest.raises(IllegalActionError, match="cannot fold when there is nothing to call"):
        h.apply(Fold())
    while not h.is_over:
        h.apply(Check())
    with pytest.raises(IllegalActionError, match="the hand is over"):
        h.apply(Check())


def test_clone_is_independent():
    h = NO_LIMIT_RING.new_hand([200, 200], button=0, seed=1)
    c = h.clone()
    c.apply(Call())
    assert h.actor == 0 and c.actor == 1 and len(c.events) == len(h.events) + 1


def test_four_way_all_in_with_a_covering_player_makes_three_side_pots():
    deck = "AsAh KsKh QsQh JsJh TsTh 2c7d9h 3c 4d"
    h = NO_LIMIT_RING.new_hand([50, 100, 200, 300, 1000], button=4, deck=deck)
    h.apply(RaiseTo(200))  # seat 2 all-in
    h.apply(RaiseTo(300))  # seat 3 all-in for less than a full raise
    h.apply(Call())  # seat 4 covers
    h.apply(Call()).apply(Call())  # seats 0 and 1 call all-in
    pots = [e for e in h.events if isinstance(e, AwardPot)]
    assert [(p.amount, p.eligible, p.winners) for p in pots] == [
        (250, (0, 1, 2, 3, 4), (0,)),
        (200, (1, 2, 3, 4), (1,)),
        (300, (2, 3, 4), (2,)),
        (200, (3, 4), (3,)),
    ]
    assert h.final_stacks == (250, 200, 300, 200, 700)


@pytest.mark.parametrize(
    "field, value",
    [("small_blind", "5"), ("name", 3), ("reset_stacks", 1), ("straddles", [4]), ("chip_unit", 0.01)],
)
def test_a_rules_field_of_the_wrong_type_is_a_type_error_too(field, value):
    """#24: a wrong type raises an error that is also a TypeError (RulesTypeError), a wrong value a RulesError."""
    from pokerlab.errors import RulesError, RulesTypeError

    with pytest.raises(RulesTypeError, match=field):
        NO_LIMIT_RING.with_(**{field: value})
    with pytest.raises(RulesError) as info:
        NO_LIMIT_RING.with_(small_blind=-1)
    assert not isinstance(info.value, TypeError)


@pytest.mark.parametrize("value", [True, np.bool_(True), 2.0, np.float64(3.0), "6", {"seat": 100}])
def test_new_hand_refuses_stacks_that_are_neither_a_count_nor_chip_counts(value):
    """Issue 43 review: ``new_hand(True)`` escaped as Python's "'bool' object is not iterable" and ``new_hand("6")``
    as "seats 2 to 10 players, not 1" (``list("6")``); each is now the rules' type error naming ``stacks``."""
    from pokerlab.errors import RulesTypeError

    with pytest.raises(RulesTypeError) as info:
        NO_LIMIT_RING.new_hand(value)
    assert str(info.value) == f"stacks must be a number of players or a list of chip counts, not {value!r}"
    assert isinstance(info.value, TypeError)


@pytest.mark.parametrize("value", [6, np.int64(6), [200] * 6, (200,) * 6, np.array([200] * 6)])
def test_new_hand_takes_a_count_or_chip_counts_in_any_form(value):
    """The forms that still deal six players of 200 chips (a numpy count or array too)."""
    h = NO_LIMIT_RING.new_hand(value, seed=1)
    assert h.starting_stacks == (200,) * 6 and type(h.starting_stacks[0]) is int
