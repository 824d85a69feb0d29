"""pokerlab.bpp.network: the tables, inference (pgmpy, numpy.einsum and a brute-force joint agree),
bad evidence, and the drawing of the network."""

import math

import numpy as np
import pytest

from pokerlab import bpp
from pokerlab.bpp.network import ImpossibleEvidenceError, build_network
from pokerlab.errors import ParameterError, PokerlabError


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


def test_network_drawing_has_every_node_and_arc():
    from pokerlab.charts import network_svg

    net = build_network("turn", final_arc=True)
    svg = network_svg(net, {"BPP_Current": "trips"}, net.posteriors({"BPP_Current": "trips"}))
    assert svg.count('class="pl-bpp-node"') == 7
    assert svg.count("<line") == len(net.edges) == 7
    assert "= trips" in svg
