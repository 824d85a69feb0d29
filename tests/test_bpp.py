"""BPP: hand types, learned tables, pgmpy vs numpy, bad evidence, the cache, the policy and the bot."""

import itertools
import math
from collections import Counter

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokerlab import bots, bpp
from pokerlab.bpp import handtypes, learning
from pokerlab.bpp.network import ImpossibleEvidenceError, build_network
from pokerlab.bpp.policy import OpponentModel, action_probabilities, expected_winnings, summarise_actions
from pokerlab.cards import parse_cards
from pokerlab.errors import CacheWarning, CardCountError, DuplicateCardError, ParameterError, PokerlabError
from pokerlab.evaluator import category_counts, reference_value

# ---------------------------------------------------------------------------
# hand types
# ---------------------------------------------------------------------------


def _plain_type(ids):
    """17-type index by brute force: the reference evaluator, or rank groups for 2-4 cards."""
    from pokerlab import _tables

    if len(ids) >= 5:
        cat, ranks = _tables.all_keys()[reference_value(list(ids)) - 1]
        top = ranks[0]
    else:
        counts = Counter(i >> 2 for i in ids)
        shape = sorted(counts.values(), reverse=True)
        pairs = [r for r, c in counts.items() if c == 2]
        if shape[0] == 4:
            cat, top = 7, 0
        elif shape[0] == 3:
            cat, top = 3, 0
        elif len(pairs) == 2:
            cat, top = 2, 0
        elif len(pairs) == 1:
            cat, top = 1, pairs[0]
        else:
            cat, top = 0, max(counts)
    bucket = 0 if top <= 7 else 1 if top <= 9 else top - 8
    return bucket if cat == 0 else 5 + bucket if cat == 1 else cat + 8


@settings(max_examples=300, deadline=None)
@given(st.integers(2, 7).flatmap(lambda n: st.lists(st.integers(0, 51), min_size=n, max_size=n, unique=True)))
def test_hand_types_equal_a_plain_reference(ids):
    assert int(handtypes.types_of_ids(np.array([ids]))[0]) == _plain_type(ids)


def test_hand_type_examples():
    assert bpp.hand_type("AdQc 3h4cJh") == "busted_A"
    assert bpp.hand_type("AdQc 3h4cJh", hand_types=9) == "busted"
    assert bpp.hand_type("TdJc") == "busted_TJ"
    assert bpp.hand_type("QdQc 3h") == "pair_Q"
    assert bpp.hand_type("2d2c 3h3s") == "two_pair"
    assert bpp.hand_type("9h8h 7h6h5h Kd Ks") == "straight_flush"
    with pytest.raises(CardCountError):
        bpp.hand_type("As")
    with pytest.raises(DuplicateCardError):
        bpp.hand_type("AsAs")
    with pytest.raises(ParameterError, match="9 or 17"):
        bpp.hand_type("AsKs", hand_types=13)


def test_exact_type_counts_merge_to_the_category_counts():
    five = handtypes.exact_type_counts(5, hand_types=9)
    assert five.tolist() == list(category_counts(5, progress=False).values())
    seventeen = handtypes.exact_type_counts(5)
    assert seventeen.sum() == math.comb(52, 5)
    # a pair of aces: 4 suits choose 2, times 3 kickers from 12 ranks x 4^3 suits
    assert seventeen[handtypes.HAND_TYPES_17.index("pair_A")] == 6 * math.comb(12, 3) * 64


def test_evidence_from_cards():
    assert bpp.evidence_from_cards("AdQc") == ("preflop", {"BPP_Current": "busted_A", "Board": "none"})
    assert bpp.evidence_from_cards("AdQc", "3h4cJhQs Qd")[0] == "river"
    with pytest.raises(DuplicateCardError, match="both a hole card and on the board"):
        bpp.evidence_from_cards("AdQc", "Ad4cJh")
    with pytest.raises(CardCountError):
        bpp.evidence_from_cards("AdQc", "4cJh")


# ---------------------------------------------------------------------------
# learned tables
# ---------------------------------------------------------------------------


def test_river_prior_equals_the_exact_seven_card_frequencies():
    """P(BPP_Final) on the river against all 133,784,560 seven-card hands, merged to hand types."""
    for types in (17, 9):
        net = build_network("river", hand_types=types)
        exact = handtypes.exact_type_counts(7, hand_types=types)
        p = exact / exact.sum()
        n = 2 * net.deals  # both seats of every deal; the two share a board, so allow twice the variance
        se = np.sqrt(p * (1 - p) / n * 2)
        z = (net.tables["BPP_Final"] - p) / se
        assert np.abs(z).max() < 4.5, (types, z.round(2))


def test_simulated_deals_never_land_in_a_structural_zero():
    counts = learning.deal_counts()
    for r, n in enumerate((2, 5, 6, 7)):
        for f, c in itertools.product(range(17), range(17)):
            if counts.current[r, f, c]:
                assert handtypes.could_grow(c, f, n, 7 - n), (r, f, c)
        nb = (0, 3, 4, 5)[r]
        for c, b in itertools.product(range(17), range(17)):
            if nb and counts.board[r, c, b]:
                assert handtypes.could_grow(b, c, nb, 2), (r, c, b)


def test_ties_count_half_and_the_win_table_is_antisymmetric():
    net = build_network("flop")
    w = net.tables["BPP_Win"][..., 0]
    assert np.allclose(np.diag(w), 0.5, atol=1e-12)
    assert np.allclose(w + w.T, 1.0, atol=1e-12)
    # a full house beats a flush: almost always, from the showdowns themselves
    names = net.states("BPP_Final")
    assert w[names.index("full_house"), names.index("flush")] > 0.99


def test_counts_are_reproducible_from_the_seed():
    a = learning.simulate_counts(5000, seed=3)
    b = learning.simulate_counts(5000, seed=3)
    c = learning.simulate_counts(5000, seed=4)
    assert all(np.array_equal(a.arrays()[k], b.arrays()[k]) for k in a.arrays())
    assert not np.array_equal(a.final, c.final)
    assert a.final.sum() == 10000 and a.win2.sum() == 10000


def test_tables_are_distributions_with_exact_structural_zeros():
    for rnd in bpp.ROUNDS:
        net = build_network(rnd, hand_types=9, actions=2, final_arc=True)
        for node, table in net.tables.items():
            assert np.allclose(table.sum(axis=-1), 1.0), (rnd, node)
            assert (table >= 0).all()
    pre = build_network("preflop")
    cur = pre.cpd_frame("BPP_Current")
    assert (cur["flush"] == 0).all() and (cur["trips"] == 0).all()
    assert pre.states("Board") == ("none",)
    river = build_network("river")
    assert np.array_equal(river.tables["BPP_Current"], np.eye(17))


# ---------------------------------------------------------------------------
# inference: pgmpy, einsum and a brute-force joint agree
# ---------------------------------------------------------------------------


def _brute_force(net, node, evidence):
    """P(node | evidence) from the full joint, built by broadcasting (no einsum, no pgmpy)."""
    nodes = list(net.nodes)
    shape = [len(net.states(n)) for n in nodes]
    joint = np.ones(shape)
    for n in nodes:
        axes = [*net.parents[n], n]
        t = net.tables[n]
        view = [1] * len(nodes)
        for a in axes:
            view[nodes.index(a)] = len(net.states(a))
        joint = joint * np.transpose(t, np.argsort([nodes.index(a) for a in axes])).reshape(view)
    index = [slice(None)] * len(nodes)
    for k, v in evidence.items():
        index[nodes.index(k)] = net.states(k).index(v)
    sub = joint[tuple(index)]
    kept = [n for n in nodes if n not in evidence]
    other = tuple(i for i, n in enumerate(kept) if n != node)
    post = sub.sum(axis=other)
    return post / post.sum()


def test_pgmpy_numpy_and_a_brute_force_joint_agree():
    rng = np.random.default_rng(5)
    for rnd, arc in (("flop", False), ("turn", True), ("preflop", True)):
        net = build_network(rnd, hand_types=9, actions=2, final_arc=arc)
        for _ in range(6):
            cur = rng.choice(["busted", "pair", "two_pair"] if rnd != "preflop" else ["busted", "pair"])
            evidence = {"BPP_Current": str(cur), "OPP_Action": str(rng.choice(bpp.ACTIONS_2))}
            if rnd != "preflop":
                evidence["Board"] = "busted"
            for node in ("BPP_Win", "OPP_Current", "OPP_Final", "BPP_Final"):
                a = net.query(node, evidence)
                b = net.query(node, evidence, engine="numpy")
                c = _brute_force(net, node, evidence)
                assert np.allclose(list(a.values()), list(b.values()), atol=1e-12)
                assert np.allclose(list(b.values()), c, atol=1e-12)


def test_pgmpy_model_is_a_checked_discrete_bayesian_network():
    net = build_network("flop", final_arc=True)
    model = net.model
    assert type(model).__name__ == "DiscreteBayesianNetwork"
    assert model.check_model()
    assert set(model.edges()) == set(net.edges)
    assert ("BPP_Final", "OPP_Final") in net.edges
    assert net.cpd("OPP_Action").variable_card == 4
    assert set(net.query("OPP_Action")) == {"pass", "call", "bet", "raise"}


def test_evidence_moves_the_posterior_the_right_way():
    net = build_network("flop")
    p = {c: net.p_win({"BPP_Current": c, "Board": "busted_low"}) for c in ("busted_A", "pair_low", "pair_K", "trips")}
    assert p["busted_A"] < 0.5 < p["pair_low"] < p["pair_K"] < 0.85 < p["trips"]
    raised = net.p_win({"BPP_Current": "pair_K", "Board": "busted_K", "OPP_Action": "raise"})
    passed = net.p_win({"BPP_Current": "pair_K", "Board": "busted_K", "OPP_Action": "pass"})
    assert raised < passed  # the default opponent raises more with better hands


# ---------------------------------------------------------------------------
# bad input
# ---------------------------------------------------------------------------


def test_bad_evidence_and_parameters_get_clear_errors():
    net = build_network("preflop")
    with pytest.raises(ParameterError, match="unknown node 'OPP_Hand'"):
        net.query("OPP_Hand")
    with pytest.raises(ParameterError, match="BPP_Current has no state 'royal'"):
        net.query("BPP_Win", {"BPP_Current": "royal"})
    with pytest.raises(ImpossibleEvidenceError, match="probability zero on the preflop"):
        net.query("BPP_Win", {"BPP_Current": "flush"})
    flop = build_network("flop")
    with pytest.raises(ImpossibleEvidenceError, match="impossible with Board=pair_K"):
        flop.query("BPP_Win", {"BPP_Current": "busted_A", "Board": "pair_K"})
    with pytest.raises(ParameterError, match="round must be one of preflop"):
        build_network("showdown")
    with pytest.raises(ParameterError, match="round must be one of"):
        build_network(5)
    with pytest.raises(ParameterError, match="2 or 4 states"):
        build_network("flop", actions=3)
    with pytest.raises(ParameterError, match="pseudo_count"):
        build_network("flop", pseudo_count=0)
    with pytest.raises(ParameterError, match="engine"):
        flop.query("BPP_Win", engine="torch")
    assert issubclass(ImpossibleEvidenceError, PokerlabError)


def test_no_single_evidence_gives_nan():
    for rnd in bpp.ROUNDS:
        net = build_network(rnd)
        for node in ("BPP_Current", "Board", "OPP_Action"):
            for state in net.states(node):
                try:
                    post = net.query("BPP_Win", {node: state}, engine="numpy")
                except ImpossibleEvidenceError:
                    continue
                assert math.isfinite(post["win"]) and abs(sum(post.values()) - 1) < 1e-12


def test_a_corrupt_cache_is_rebuilt_not_trusted(tmp_path, monkeypatch):
    monkeypatch.setenv("POKERLAB_CACHE_DIR", str(tmp_path))
    monkeypatch.setattr(learning, "_MEMO", {})
    first = learning.deal_counts(2000, seed=9)
    path = learning.cache_path(2000, seed=9)
    assert path.exists() and first.provenance["deals"] == 2000 and first.provenance["seed"] == 9
    # tamper with one count, keeping the file readable
    with np.load(path) as data:
        arrays = {k: data[k] for k in data.files}
    arrays["final"] = arrays["final"].copy()
    arrays["final"][0] += 1
    np.savez(path, **arrays)
    monkeypatch.setattr(learning, "_MEMO", {})
    with pytest.warns(CacheWarning, match="fails its checksum.*rebuilding"):
        again = learning.deal_counts(2000, seed=9)
    assert np.array_equal(again.final, first.final)
    path.write_bytes(b"not a numpy file")
    monkeypatch.setattr(learning, "_MEMO", {})
    with pytest.warns(CacheWarning, match="cannot be read"):
        third = learning.deal_counts(2000, seed=9)
    assert np.array_equal(third.win2, first.win2)
    monkeypatch.setattr(learning, "_MEMO", {})
    assert np.array_equal(learning.deal_counts(2000, seed=9).current, first.current)  # the rewritten file loads


# ---------------------------------------------------------------------------
# policy and opponent model
# ---------------------------------------------------------------------------


@settings(max_examples=200, deadline=None)
@given(
    st.floats(0, 1),
    st.floats(0, 1),
    st.integers(1, 200),
    st.integers(0, 60),
    st.sampled_from(bpp.ROUNDS),
)
def test_betting_curves_are_distributions_monotone_in_p_win(p, q, pot, to_call, rnd):
    lo, hi = sorted((p, q))
    a = action_probabilities(lo, pot, to_call, rnd)
    b = action_probabilities(hi, pot, to_call, rnd)
    for probs in (a, b):
        assert abs(sum(probs.values()) - 1) < 1e-12 and min(probs.values()) >= 0
    assert b["raise"] >= a["raise"] - 1e-12
    assert b["fold"] <= a["fold"] + 1e-12
    if to_call == 0:
        assert a["fold"] == 0.0
    assert action_probabilities(hi, pot, to_call, rnd, can_raise=False)["raise"] == 0.0


def test_expected_winnings_and_utilities():
    ev = expected_winnings(0.7, pot=40, to_call=10, bet=20)
    assert ev == pytest.approx({"fold": 0.0, "call": 0.7 * 50 - 10, "raise": 0.7 * 90 - 30})
    assert expected_winnings(0.2, 40, 10, 20, fold_equity=1.0)["raise"] == 40
    table = bpp.winnings_table(40, 10, 20)
    assert table["raise"] == {"win": 60, "lose": -30}
    with pytest.raises(ParameterError):
        expected_winnings(1.5, 40, 10, 20)
    with pytest.raises(ParameterError):
        bpp.pot_odds_threshold(-1, 0)


def test_opponent_model_counts_add_to_the_prior():
    nets = bots.bpp.networks(17, 4, False, bpp.DEFAULT_DEALS, None)
    prior = {n.round: n.tables["OPP_Action"] for n in nets}
    model = OpponentModel(prior, mode="specific", prior_strength=4.0)
    t = bpp.HAND_TYPES_17.index("busted_low")
    for _ in range(6):
        model.observe("river", "maniac", t, "raise")
    row = model.table("river", "maniac")[t]
    expected = (4.0 * prior["river"][t] + np.array([0, 0, 0, 6])) / 10.0
    assert np.allclose(row, expected)
    assert np.allclose(model.table("river", "rock")[t], prior["river"][t])  # specific: others untouched
    generic = OpponentModel(prior, mode="generic", prior_strength=4.0)
    generic.observe("river", "maniac", t, "raise")
    assert np.allclose(generic.table("river", "rock"), generic.table("river", "maniac"))
    with pytest.raises(ParameterError, match="unknown opponent action"):
        model.observe("river", "x", t, "fold")
    with pytest.raises(ParameterError, match="generic, specific or off"):
        OpponentModel(prior, mode="psychic")
    assert summarise_actions([]) is None
    assert summarise_actions(["check"]) == "pass"


# ---------------------------------------------------------------------------
# the bot
# ---------------------------------------------------------------------------


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


def test_card_parsing_for_types_accepts_cards():
    assert bpp.hand_type(parse_cards("AsAd")) == "pair_A"


# ---------------------------------------------------------------------------
# inspector, drawing, command line
# ---------------------------------------------------------------------------


def test_inspector_follows_the_evidence_and_reports_impossible_evidence():
    from pokerlab.widgets import BPPInspector

    ins = BPPInspector(charts=False)
    assert ins.evidence() == {} and ins.result["p_win"] == pytest.approx(0.5, abs=1e-3)
    ins.from_cards()  # AdQc on 3h4cJh
    assert ins.round.value == "flop"
    assert ins.evidence() == {"BPP_Current": "busted_A", "Board": "busted_TJ"}
    before = ins.result["p_win"]
    ins.action.value = "raise"
    assert ins.result["p_win"] < before
    assert ins.result["p_win"] == pytest.approx(ins.network.p_win(ins.evidence()), abs=1e-12)
    assert sum(ins.result["probabilities"].values()) == pytest.approx(1)
    assert "pl-bpp-node" in ins.diagram.value and "= raise" in ins.diagram.value
    ins.board.value = "pair_K"
    assert "impossible with Board=pair_K" in ins.message.value and "error" in ins.result
    assert "nan" not in ins.summary.value.lower()
    ins.round.value = "preflop"  # the board evidence no longer fits and is dropped
    assert "Board" not in ins.evidence() and "p_win" in ins.result
    ins.cpd_node.value = "BPP_Win"
    assert "P(BPP_Win | BPP_Final, OPP_Final)" in ins.cpd_view.value
    ins.hole_cards.value = "AsAs"
    ins.from_cards()
    assert "appears twice" in ins.message.value
    ins.to_call.value = -5
    assert "cannot be negative" in ins.message.value


def test_inspector_draws_charts_offline():
    from pokerlab.widgets import BPPInspector

    ins = BPPInspector(round="river", hand_types=9, actions=2, charts=True)
    assert ins.posterior_view.value.startswith("<svg") and ins.curves_view.value.startswith("<svg")


def test_network_drawing_has_every_node_and_arc():
    from pokerlab.charts import network_svg

    net = build_network("turn", final_arc=True)
    svg = network_svg(net, {"BPP_Current": "trips"}, net.posteriors({"BPP_Current": "trips"}))
    assert svg.count('class="pl-bpp-node"') == 7
    assert svg.count("<line") == len(net.edges) == 7
    assert "= trips" in svg


def test_cli_bpp(capsys):
    import json

    from pokerlab.cli import main

    assert main(["bpp", "--hole", "AdQc", "--board", "3h4cJh", "--action", "raise", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    net = build_network("flop")
    expected = net.p_win({"BPP_Current": "busted_A", "Board": "busted_TJ", "OPP_Action": "raise"})
    assert data["round"] == "flop" and data["p_win"] == pytest.approx(expected, abs=1e-12)
    assert main(["bpp", "--round", "preflop", "--evidence", "BPP_Current=flush"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("pokerlab: error: ") and "probability zero" in err and err.count("\n") == 1
    assert main(["bpp", "--hole", "AdQc", "--action", "fold"]) == 2
    assert "has no state 'fold'" in capsys.readouterr().err
    assert main(["bpp", "--hole", "AdQc", "--board", "3h4cJh", "--round", "river"]) == 2
