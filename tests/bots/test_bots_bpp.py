"""pokerlab.bots.bpp: the seat that plays BPP (P(win) from the network, variants, learning at showdowns)."""

import numpy as np
import pytest

from pokerlab import bots, bpp
from pokerlab.bpp.policy import expected_winnings
from pokerlab.errors import ParameterError


def _limit():
    from pokerlab.game import AAAI06_HEADS_UP_LIMIT

    return AAAI06_HEADS_UP_LIMIT


def test_bot_p_win_equals_the_network_query():
    from pokerlab.game import Call, view_for

    bot = bots.make("bpp", seed=1)
    rules = _limit()
    rng = np.random.default_rng(3)
    checked = 0
    for seed in range(40):
        state = rules.new_hand([1000, 1000], button=0, seed=seed)
        while state.actor is not None and checked < 200:
            view = view_for(state, state.actor)
            p, _, _, seen = bot.p_win(view)
            rnd, evidence = bpp.evidence_from_cards(view.hole, view.board)
            if seen[0] is not None:
                evidence["OPP_Action"] = seen[0]
            net = bot._nets[bpp.ROUNDS.index(rnd)]
            assert p == pytest.approx(net.p_win(evidence), abs=1e-12)
            checked += 1
            state = state.apply(Call() if rng.random() < 0.6 else state.legal_actions()[-1])
    assert checked >= 150


def test_bot_plays_limit_reproducibly_and_learns_at_showdowns():
    from pokerlab.game import play_match

    def run(seed):
        bot = bots.make("bpp", seed=seed, opponent_model="specific")
        result = play_match([bot, bots.make("always_raise")], _limit(), hands=300, seed=4, keep_histories=True)
        return bot, result

    bot, a = run(1)
    _, b = run(1)
    assert a.faults == [] and a.money.equals(b.money)
    assert int(a.winnings[list(a.names)].to_numpy().sum()) == 0
    assert bot.model.showdowns.get("always_raise", 0) > 20
    # the maniac raised with busted hands on the river: the learned table says so
    t = bpp.HAND_TYPES_17.index("busted_A")
    learned = bot.model.table("river", "always_raise")[t]
    assert learned[2] + learned[3] > 0.7 > bot.model.prior["river"][t, 2:].sum() + 0.3
    assert bot.thinking is not None and 0 <= bot.thinking.p_win <= 1


def test_decision_variant_takes_the_best_expected_action_and_bluff_rate_one_always_bluffs():
    from pokerlab.game import Call, view_for

    rules = _limit()
    decision = bots.make("bpp", variant="decision", bluff_rate=0.0)
    bluffer = bots.make("bpp", bluff_rate=1.0, seed=2)
    seen_river = 0
    for seed in range(60):
        state = rules.new_hand([1000, 1000], button=0, seed=seed)
        while state.actor is not None:
            view = view_for(state, state.actor)
            action = decision.act(view)
            th = decision.thinking
            bet = (view.min_raise_to - view.current_bet) if view.min_raise_to else 0
            ev = expected_winnings(th.p_win, view.pot, view.to_call, bet)
            allowed = {"call", "raise"} if view.min_raise_to else {"call"}
            if view.to_call > 0:
                allowed.add("fold")
            assert ev[th.chosen] == pytest.approx(max(ev[a] for a in allowed))
            if state.street.value == "river":
                bluffer.act(view)
                if view.min_raise_to is not None:
                    assert bluffer.thinking.chosen == "raise"
                    seen_river += 1
            state = state.apply(action if state.street.value != "river" else Call())
    assert seen_river > 10


def test_bot_parameters_are_checked():
    with pytest.raises(ParameterError, match="variant"):
        bots.make("bpp", variant="psychic")
    with pytest.raises(ParameterError, match="bluff_rate"):
        bots.make("bpp", bluff_rate=2)
    with pytest.raises(ParameterError):
        bots.make("bpp", hand_types=5)


def test_nine_type_two_action_bot_plays_multiway_no_limit():
    from pokerlab.game import NO_LIMIT_RING, play_match

    lineup = [bots.make("bpp", hand_types=9, actions=2, final_arc=True, seed=3), bots.make("random", seed=1)]
    lineup.append(bots.make("always_call"))
    result = play_match(lineup, NO_LIMIT_RING, hands=60, seed=2)
    assert result.faults == [] and np.nansum(result.winnings[list(result.names)].to_numpy()) == 0
