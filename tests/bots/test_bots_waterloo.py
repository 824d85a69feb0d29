"""The Waterloo report's betting rules as functions, and the Phase I / Phase II bots built on them."""

import math

import pytest
from hypothesis import given, settings, strategies as st

from pokerlab import ParameterError, bots
from pokerlab.bots.strategy import (
    Decision,
    DecisionKind,
    bluff,
    ehs_decision,
    pot_odds,
    pot_odds_decision,
    preflop_decision,
    preflop_position,
)
from pokerlab.bots.waterloo import act_on, street_hand_strength, street_strength
from pokerlab.game import (
    AAAI06_HEADS_UP_LIMIT,
    BIGHOLDEM,
    NO_LIMIT_RING,
    Act,
    ActionKind,
    Check,
    Fold,
    RaiseTo,
    play_match,
    view_for,
)


def test_algorithm_3():
    # Hand computation from the Waterloo report's Algorithm 3 (its threshold and bet-size formulas):
    # threshold = win * (1 + position / (2 * players))
    d = preflop_decision(0.5, position=6, players=6, money_in_hand=100)
    threshold = 0.5 * (1 + 6 / 12)
    size = math.exp((threshold - 0.5) / 0.6 - 1) * 100  # 55.8 chips
    assert d.kind is DecisionKind.RAISE and d.raise_to == round(size) == 56 and d.current_bet == 0
    over = preflop_decision(0.5, position=6, players=6, money_in_hand=100, current_bet=20)
    assert over.raise_to == round(20 + size) == 76 and over.current_bet == 20  # "raise to": over the bet of 20
    fold = DecisionKind.FOLD
    assert preflop_decision(0.29, position=3, players=6, money_in_hand=100).kind is fold  # outside the blinds
    assert preflop_decision(0.29, position=2, players=6, money_in_hand=100).kind is DecisionKind.CALL  # 0.338
    assert preflop_decision(0.2, position=1, players=6, money_in_hand=100).kind is fold  # 0.217 <= 0.25
    raised = preflop_decision(0.45, position=1, players=6, money_in_hand=100, c=1)  # eq. 5, c = 1
    assert raised.kind is DecisionKind.RAISE
    with pytest.raises(ParameterError):
        preflop_decision(1.5, position=1, players=6, money_in_hand=100)
    with pytest.raises(ParameterError):
        preflop_decision(0.5, position=7, players=6, money_in_hand=100)


def test_positions():
    assert [preflop_position(s, button=0, players=4) for s in range(4)] == [4, 1, 2, 3]
    assert preflop_position(0, button=0, players=2) == 1 and preflop_position(1, button=0, players=2) == 2


def test_algorithm_4():
    raise_, call, fold = DecisionKind.RAISE, DecisionKind.CALL, DecisionKind.FOLD
    assert ehs_decision(0.81, 100).kind is raise_ and ehs_decision(0.8, 100).kind is call
    assert ehs_decision(0.41, 100).kind is call and ehs_decision(0.4, 100).kind is fold
    assert ehs_decision(1.0, 100).raise_to == 50 and ehs_decision(0.81, 100).raise_to == 26  # 26.25 chips
    assert ehs_decision(1.0, 100, current_bet=30).raise_to == 80


def test_algorithm_5_styles_and_streets():
    assert bluff(0.5, 0.0, "flop", 1, 5) is None  # strong enough: other rules decide
    assert bluff(0.1, 0.6, "flop", 1, 5, rate=0.5) is None  # no bluff this time
    assert bluff(0.1, 0.4, "flop", 5, 50, rate=0.5).kind is DecisionKind.RAISE  # the flop: always a raise
    assert bluff(0.1, 0.4, "turn", 2, 8, rate=0.5).kind is DecisionKind.RAISE  # few players, small pot
    assert bluff(0.1, 0.4, "river", 3, 8, rate=0.5).kind is DecisionKind.FOLD  # too many players
    assert bluff(0.1, 0.79, "flop", 1, 5, rate=0.8).kind is DecisionKind.RAISE  # aggressive
    assert bluff(0.1, 0.4, "flop", 1, 5, amount=12.5, current_bet=10).raise_to == 22  # round(22.5): to even
    assert bluff(0.1, 0.21, "flop", 1, 5, rate=0.2) is None  # conservative


def test_algorithm_6_with_the_reports_example():
    # "the pot contains $100 after the only opponent bets $20 ... 20% chance": call; with $60 in the pot: fold
    assert pot_odds(20, 100) == pytest.approx(20 / 120)
    assert pot_odds_decision(0.2, 0.0, "river", 20, 100).kind is DecisionKind.CALL
    assert pot_odds_decision(0.2, 0.0, "river", 20, 60).kind is DecisionKind.FOLD
    assert pot_odds_decision(0.1, 0.3, "flop", 20, 60).kind is DecisionKind.CALL  # before the river PPOT decides
    assert pot_odds(0, 50) == 0.0


def test_street_strength_is_cached_and_matches_the_functions():
    from pokerlab import hand_potential, hand_strength
    from pokerlab.cards import parse_cards

    hole = tuple(c.id for c in parse_cards("AdQc"))
    flop = tuple(c.id for c in parse_cards("3h4cJh"))
    hs_n, ppot, ehs = street_strength(hole, flop, 1)
    p = hand_potential("AdQc", "3h4cJh")
    assert (hs_n, ppot, ehs) == (p.hs_n, p.ppot, p.ehs)
    river = flop + tuple(c.id for c in parse_cards("5s9d"))
    assert street_strength(hole, river, 2)[0] == pytest.approx(hand_strength("AdQc", "3h4cJh5s9d", opponents=2))
    before = street_strength.cache_info().hits
    street_strength(hole, flop, 1)
    assert street_strength.cache_info().hits == before + 1


@settings(max_examples=25, deadline=None)
@given(
    cards=st.lists(st.integers(0, 51), min_size=7, max_size=7, unique=True),
    board_size=st.sampled_from([3, 4, 5]),
    opponents=st.integers(1, 9),
)
def test_phase_one_reads_hs_n_without_the_potential_and_gets_the_same_float(cards, board_size, opponents):
    """Phase I needs HS_n only: one enumeration of the opponent's hands gives exactly the first value of
    street_strength (the lookahead's runouts cancel in the ratio of whole counts)."""
    hole, board = (cards[0], cards[1]), tuple(cards[2 : 2 + board_size])
    assert street_hand_strength(hole, board, opponents) == street_strength(hole, board, opponents)[0]


def test_decisions_become_legal_actions():
    h = NO_LIMIT_RING.new_hand([200, 200], button=0, seed=1)
    h.apply(RaiseTo(6))
    v = view_for(h, 1)
    assert act_on(Decision("raise", 10_000), v) == RaiseTo(200)  # clamped to the stack
    assert act_on(Decision("raise", 1), v) == RaiseTo(10)  # at least the minimum raise
    assert act_on(Decision("fold"), v) == Fold()
    g = NO_LIMIT_RING.new_hand([200, 200], button=0, seed=1)
    g.apply(RaiseTo(6)).apply(RaiseTo(20)).apply(RaiseTo(200))
    assert act_on(Decision("fold"), view_for(g, 1)) == Fold()
    k = NO_LIMIT_RING.new_hand([200, 200], button=0, seed=1)
    from pokerlab.game import Call

    k.apply(Call())
    assert act_on(Decision("fold"), view_for(k, 1)) == Check()  # nothing to call: check


def test_decision_kinds_are_enums_that_still_equal_their_words():
    d = Decision("raise", 40, "why")  # the string spelling is taken and stored as the member
    assert d.kind is DecisionKind.RAISE and d.kind == "raise" and f"{d.kind}" == "raise"
    assert ehs_decision(0.1, 100).kind == "fold"  # old code comparing with strings keeps working


def test_a_decision_says_its_raise_as_a_street_total_only():
    """``Decision.amount`` (a deprecated float raise size) is gone (issue 43): ``raise_to`` is the one way."""
    d = Decision(DecisionKind.RAISE, 75, "", current_bet=20)
    assert d.raise_to == 75 and not hasattr(d, "amount")


@pytest.mark.parametrize(
    ("args", "kwargs", "word"),
    [
        (("shove",), {}, "kind"),
        (("raise", 55.4), {}, "raise_to"),
        (("raise", True), {}, "raise_to"),
        (("raise", -1), {}, "raise_to"),
        (("raise", 10), {"current_bet": 20}, "below the current bet"),
        (("call", 10), {}, "raise_to is for a raise"),
        (("fold", 0, 3), {}, "reason"),
    ],
)
def test_bad_decisions_are_refused_with_the_argument_named(args, kwargs, word):
    with pytest.raises(ParameterError, match=word):
        Decision(*args, **kwargs)
    with pytest.raises(ParameterError, match="current_bet"):
        ehs_decision(0.9, 100, current_bet=2.5)


RING = NO_LIMIT_RING.with_(reset_stacks=True)


@pytest.mark.parametrize(
    "rules, players",
    [(AAAI06_HEADS_UP_LIMIT, 2), (RING, 2), (RING, 6), (BIGHOLDEM.with_(reset_stacks=True), 6)],
)
def test_phase_bots_always_act_legally(rules, players):
    lineup = [bots.make("phase2", seed=1), bots.make("phase1")] + [
        bots.make("random", seed=k) for k in range(players - 2)
    ]
    r = play_match(lineup, rules, hands=400, seed=5)
    assert r.faults == [] and r.hands == 400


def test_phase2_is_reproducible_from_its_seed():
    def run():
        return play_match([bots.make("phase2", seed=3, bluff="aggressive"), bots.make("random", seed=4)],
                          NO_LIMIT_RING.with_(reset_stacks=True), hands=150, seed=6)  # fmt: skip

    assert run().money.equals(run().money)


@pytest.mark.parametrize(
    "params, words",
    [
        ({"bluff": "wild"}, "bluff must be one of"),
        ({"bluff_rate": 1.5}, "bluff_rate must be a probability 0..1, not 1.5"),
        ({"raise_above": -0.1}, "raise_above"),
        ({"table": "expert"}, "table must be"),
        ({"c": 0}, "c must be above 0, not 0"),
    ],
)
def test_bad_parameters(params, words):
    with pytest.raises(ParameterError, match=words):
        bots.make("phase2", **params)
    with pytest.raises(ParameterError):
        bots.make("phase1", call_points=12, raise_points=10)


def test_algorithm_8():
    from pokerlab.bots.strategy import model_decision

    assert model_decision(0.2, 0.5, 0.1, 100, 0.3).kind is DecisionKind.FOLD  # below mu - sigma
    assert model_decision(0.2, 0.5, 0.1, 100, 0.3, trust="aggressive", bluff_draw=0.2).kind is DecisionKind.RAISE
    assert model_decision(0.2, 0.5, 0.1, 100, 0.3, trust="aggressive", bluff_draw=0.7).kind is DecisionKind.FOLD
    assert model_decision(0.45, 0.5, 0.1, 100, 0.3).kind is DecisionKind.CALL
    # Hand computations from the report's opponent-model rule (the formulas in the comments)
    strong = model_decision(0.7, 0.5, 0.1, 100, 0.3)
    assert strong.kind is DecisionKind.RAISE and strong.raise_to == 65  # 0.5 * 1.3 * 100
    mid = model_decision(0.55, 0.5, 0.1, 100, 0.3, current_bet=40)
    assert mid.raise_to == 40 + round(math.exp(0.5 - 1) * 50) == 70  # 30.3 chips over the bet of 40
    with pytest.raises(ParameterError, match="trust"):
        model_decision(0.5, 0.5, 0.1, 100, 0.3, trust="blind")


def test_showdown_model_groups_hands_by_betting_pattern():
    from pokerlab.bots.models import ShowdownModel
    from pokerlab.game import Street

    p3 = bots.make("phase3", seed=1, min_samples=10)
    play_match([p3, bots.make("always_raise")], RING, hands=300, seed=2)
    counts = p3.model.sample_counts("always_raise")
    first_round = {k: v for k, v in counts.items() if len(k) == 1}
    assert set(first_round) <= {(("RAISE", "Few"),), (("RAISE", "Moderate"),), (("RAISE", "Many"),)}
    assert sum(first_round.values()) >= 10
    pattern, n = max(first_round.items(), key=lambda kv: kv[1])
    samples = p3.model.records["always_raise"][pattern]
    assert len(samples) == n and all(0.0 <= x <= 1.0 for x in samples)
    m = ShowdownModel()
    assert m.estimate("nobody", Street.FLOP, 2) is None
    with pytest.raises(ParameterError):
        ShowdownModel(few=5, many=2)


def test_phase3_acts_legally_and_uses_its_model():
    p3 = bots.make("phase3", seed=4, trust="aggressive", min_samples=3, min_samples_few_players=3)
    r = play_match([p3, bots.make("always_raise"), bots.make("random", seed=1)], RING, hands=400, seed=3)
    assert r.faults == []
    assert any(len(k) >= 2 for k in p3.model.sample_counts("always_raise"))
    with pytest.raises(ParameterError, match="trust"):
        bots.make("phase3", trust="naive")


@pytest.mark.parametrize("name", bots.names())
def test_a_bot_refuses_to_act_out_of_turn(name):
    h = NO_LIMIT_RING.new_hand([200, 200, 200], button=0, seed=1)
    with pytest.raises(ParameterError, match="asked to act for seat 1, but seat 0 is to act"):
        bots.make(name).act(view_for(h, 1))


def test_board_strengths_kernel_equals_hand_strength():
    import numpy as np

    from pokerlab import _kernels, hand_strength
    from pokerlab.cards import combo_cards, parse_cards

    for board in ("3h4cJh", "3h4cJh5s", "3h4cJh5s9d"):
        ids = np.array([c.id for c in parse_cards(board)])
        values = _kernels.board_strengths(ids)
        for i in (0, 500, 1000, 1325):
            a, b = combo_cards(i)
            if {a.id, b.id} & set(ids.tolist()):
                assert np.isnan(values[i])
            else:
                assert values[i] == pytest.approx(hand_strength((a, b), board), abs=1e-12)


def test_reweighting_model():
    import numpy as np

    from pokerlab.bots.models import ReweightingModel
    from pokerlab.cards import combo_index, parse_cards

    m = ReweightingModel(sigma=0.2)
    m.weights = {"opp": np.ones(1326)}
    board = parse_cards("3h4cJh")
    m.reweight("opp", board, mu=0.6)
    w = m.weights["opp"]
    sets = combo_index(*parse_cards("JsJd"))  # a set of jacks: value ~1 -> factor clipped to 1
    air = combo_index(*parse_cards("7c2d"))  # value ~0.1 -> factor clipped to the floor
    assert w[sets] == 1.0 and w[air] == pytest.approx(0.01)
    assert w[combo_index(*parse_cards("JhJs"))] == 0.0  # uses a board card
    v = m.values(tuple(board))
    mid = combo_index(*parse_cards("AdQc"))
    assert w[mid] == pytest.approx(np.clip((v[mid] - 0.6 + 0.2) / 0.4, 0.01, 1))
    live = ~np.isnan(v)
    expected = float(np.sum(w[live] * v[live]) / np.sum(w[live]))
    assert m.estimated_ehs("opp", board) == pytest.approx(expected)
    assert m.estimated_ehs("opp", board) > float(np.nanmean(v))  # a raise makes the range stronger
    with pytest.raises(ParameterError):
        ReweightingModel(sigma=0)


def test_reweighting_follows_a_match_and_resets_each_hand():
    from pokerlab.bots.models import ReweightingModel
    from pokerlab.game import Call, Street

    class Watch:
        name = "watch"

        def __init__(self):
            self.model = ReweightingModel()
            self.sums = []

        def act(self, view):
            self.sums.append((view.hand_number, view.street, float(self.model.weights["always_raise"].sum())))
            return Call()

        def observe(self, event, view):
            self.model.observe(event, view)

    w = Watch()
    play_match([w, bots.make("always_raise")], RING, hands=20, seed=1)
    p_raise, p_call = w.model.frequencies("always_raise", Street.PREFLOP)
    assert p_raise > 0.8 and p_call < 0.2  # it learned that this opponent always raises
    first_of_hand = {}
    for hand, _street, total in w.sums:
        first_of_hand.setdefault(hand, total)
    assert all(t <= 1225 for t in first_of_hand.values())  # reset to the live holdings (1,225) each hand


@st.composite
def bot_hands(draw):
    """A random hand under a preset, with a Phase I/II/III bot in every seat."""
    from pokerlab.game import PRESETS

    rules = PRESETS[draw(st.sampled_from(sorted(PRESETS)))]
    n = draw(st.integers(rules.min_players, min(rules.max_players, 6)))
    low = rules.big_blind + rules.ante + 1
    stacks = draw(st.lists(st.integers(low, 3 * rules.starting_stack), min_size=n, max_size=n))
    hand = rules.new_hand(stacks, button=draw(st.integers(0, n - 1)), seed=draw(st.integers(0, 2**32)))
    kinds = draw(st.lists(st.sampled_from(["phase1", "phase2", "phase3"]), min_size=n, max_size=n))
    return hand, [bots.make(k, seed=draw(st.integers(0, 99))) for k in kinds]


@settings(max_examples=40, deadline=None)
@given(bot_hands())
def test_every_decision_is_a_typed_legal_raise_to(case):
    hand, seated = case
    while not hand.is_over:
        view = view_for(hand, hand.actor)
        d = seated[hand.actor].decide(view)
        assert type(d.kind) is DecisionKind and type(d.raise_to) is int and type(d.current_bet) is int
        if d.kind is DecisionKind.RAISE:
            assert view.min_raise_to is not None and view.min_raise_to <= d.raise_to <= view.max_raise_to
            assert d.current_bet == view.current_bet < d.raise_to
        else:
            assert d.raise_to == 0
            assert (view.to_call > 0) == (d.kind in (DecisionKind.FOLD, DecisionKind.CALL))
        action = act_on(d, view)
        hand.apply(action)  # legal, or this raises
        last = next(e for e in reversed(hand.events) if isinstance(e, Act))  # deals and awards may follow it
        assert type(last.kind) is ActionKind
        if d.kind is DecisionKind.RAISE:
            assert last.kind.aggressive and last.to == d.raise_to
        else:
            assert last.kind == d.kind  # fold, check and call are spelled the same in both enums
    assert all(type(e.kind) is ActionKind for e in hand.events if isinstance(e, Act))


def test_a_tiny_constant_c_gives_a_capped_raise_not_an_overflow():
    """Since decisions carry an integer raise_to, an infinite raise size (c = 5e-324 makes eq. 5's
    threshold infinite) crashed with OverflowError; the junk profile found it through the Leduc bot.
    exp(X - 1) is capped at e**50 (far above any stack: the raise is all-in whatever the cap)."""
    from pokerlab.bots.leduc import phase_two_policy
    from pokerlab.bots.strategy import DecisionKind, preflop_decision

    capped = round(math.exp(50.0) * 100)
    for c in (5e-324, 1e-300, 1e-3, 0.01):
        d = preflop_decision(0.6, position=1, players=2, money_in_hand=100, c=c)
        assert d.kind is DecisionKind.RAISE and d.raise_to == capped
    phase_two_policy(c=5e-324)  # a policy, not an OverflowError
    x = (0.6 * (1 + 1 / 0.2) - 0.5) / 0.6  # c = 0.2: X = 5, below the cap
    assert preflop_decision(0.6, position=1, players=2, money_in_hand=100, c=0.2).raise_to == round(
        math.exp(x - 1) * 100
    )
