"""pokerlab.solve: the games' rules, exact values computed by hand, CFR against its plain reference."""

import math

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from pokerlab import solve
from pokerlab.errors import ParameterError, PokerlabError

KUHN = solve.game("kuhn")
LEDUC = solve.game("leduc")


def always_call(game):
    """Never bet first; call any bet (Kuhn: b facing a bet, else p; Leduc: c everywhere)."""
    if game.name == "kuhn":
        return solve.Policy.from_function(game, lambda i: {"b": 1.0} if i.history.endswith("b") else {"p": 1.0})
    return solve.Policy.from_function(game, lambda i: {"c": 1.0})


def kuhn_equilibrium(alpha):
    """Kuhn's equilibrium family (Kuhn 1950): player 0 bets J with alpha, K with 3 alpha, calls Q with alpha + 1/3."""
    bet = lambda p: {"p": 1 - p, "b": p}  # noqa: E731
    return solve.Policy.from_mapping(
        KUHN,
        {
            "J:": bet(alpha), "Q:": bet(0), "K:": bet(3 * alpha),
            "J:pb": bet(0), "Q:pb": bet(alpha + 1 / 3), "K:pb": bet(1),
            "J:p": bet(1 / 3), "Q:p": bet(0), "K:p": bet(1),
            "J:b": bet(0), "Q:b": bet(1 / 3), "K:b": bet(1),
        },
    )  # fmt: skip


# --- the games ------------------------------------------------------------------------------------------


def test_kuhn_has_the_12_information_sets_of_the_rules():
    keys = sorted(i.key for i in KUHN.infosets)
    assert keys == sorted(f"{c}:{h}" for c in "JQK" for h in ("", "p", "b", "pb"))
    assert {i.key: i.player for i in KUHN.infosets}["Q:pb"] == 0
    assert len(KUHN.deals) == 6 and math.isclose(KUHN.chance.sum(), 1.0)


def test_kuhn_payoffs_follow_the_rules():
    terminal = {n.history: n.payoff for n in KUHN.nodes if n.terminal}
    assert sorted(terminal) == ["bb", "bp", "pbb", "pbp", "pp"]
    deal = {tuple(d): k for k, d in enumerate(KUHN.deals)}[(2, 0)]  # player 0 holds K, player 1 J
    assert [terminal[h][deal] for h in ("pp", "bb", "pbb", "bp", "pbp")] == [1, 2, 2, 1, -1]


def test_leduc_tree_matches_the_rules():
    assert len(LEDUC.infosets) == 288 and len(LEDUC.deals) == 120
    decisions = [n for n in LEDUC.nodes if not n.terminal]
    terminals = [n for n in LEDUC.nodes if n.terminal]
    assert len(decisions) == 36 and len(terminals) == 49
    # the deck: two of each rank, every ordered deal of (card 0, card 1, board) once
    assert sorted(np.bincount(LEDUC.deals.ravel() // 2).tolist()) == [120, 120, 120]
    assert len({tuple(d) for d in LEDUC.deals}) == 120
    # folding is legal only facing a bet; at most two raises per round
    for n in decisions:
        last = n.history.split("/")[-1]
        facing = last.endswith("r")
        assert ("f" in n.actions) == facing, n.history
        assert ("r" in n.actions) == (last.count("r") < 2), n.history
    assert all(n.player == len(n.history.split("/")[-1]) % 2 for n in decisions)  # player 0 opens both rounds


def test_leduc_payoffs_bets_2_then_4():
    terminal = {n.history: n.payoff for n in LEDUC.nodes if n.terminal}
    # K (card 4) against J (card 0), board Q (card 2): the king wins the showdown
    deal = {tuple(d): k for k, d in enumerate(LEDUC.deals)}[(4, 0, 2)]
    assert terminal["cc/cc"][deal] == 1  # the antes
    assert terminal["rc/rc"][deal] == 1 + 2 + 4
    assert terminal["rrc/rrc"][deal] == 1 + 4 + 8  # two raises per round
    assert terminal["crrc/rrc"][deal] == 13
    assert terminal["rr" + "f"][deal] == -3  # player 0 folds after raise, re-raise: loses ante + 2
    assert terminal["cc/rf"][deal] == 1  # player 1 folds to a bet: loses the ante
    # a pair with the board beats a higher card; equal ranks split
    pair = {tuple(d): k for k, d in enumerate(LEDUC.deals)}[(0, 4, 1)]  # J with J on board against K
    split = {tuple(d): k for k, d in enumerate(LEDUC.deals)}[(4, 5, 0)]
    assert terminal["rc/rc"][pair] == 7 and terminal["rc/rc"][split] == 0


@pytest.mark.parametrize("g", [KUHN, LEDUC], ids=["kuhn", "leduc"])
def test_payoffs_are_zero_sum_by_symmetry(g):
    # swapping the players' cards negates every showdown payoff
    swap = {tuple(d): k for k, d in enumerate(g.deals)}
    perm = np.array([swap[(d[1], d[0], *d[2:])] for d in g.deals])
    for n in g.nodes:
        if n.terminal and not n.history.endswith("f") and n.history not in ("bp", "pbp"):
            assert np.array_equal(n.payoff[perm], -n.payoff)


# --- exact values computed by hand ----------------------------------------------------------------------


def test_uniform_kuhn_exploitability_by_hand():
    # Player 0 against a uniform player 1: K bets (1/2 * 1 + 1/2 * 2 = 1.5), Q bets (1/2 * 1 + 1/2 * 0 = 0.5),
    # J bets (1/2 * 1 - 1/2 * 2 = -0.5): 1/2 a hand. Player 1 against a uniform player 0: K 1.75, Q 0.25,
    # J -0.75: 5/12. Exploitability (1/2 + 5/12) / 2 = 11/24.
    br = solve.best_response(KUHN, solve.Policy.uniform(KUHN))
    assert br.values[0] == pytest.approx(1 / 2, abs=1e-15)
    assert br.values[1] == pytest.approx(5 / 12, abs=1e-15)
    assert solve.exploitability(KUHN, solve.Policy.uniform(KUHN)) == pytest.approx(11 / 24, abs=1e-15)
    assert br.policy["Q:"] == {"p": 0.0, "b": 1.0} and br.policy["J:p"] == {"p": 0.0, "b": 1.0}


def test_always_call_kuhn_exploitability_by_hand():
    # Against a player who never bets and always calls, bet K (+2), anything with Q (0), check J (-1): 1/3 a
    # hand for either seat, so the exploitability is 1/3; the policy against itself checks down: value 0.
    p = always_call(KUHN)
    br = solve.best_response(KUHN, p)
    assert br.values == pytest.approx((1 / 3, 1 / 3), abs=1e-15)
    assert solve.exploitability(KUHN, p) == pytest.approx(1 / 3, abs=1e-15)
    assert solve.expected_value(KUHN, p) == 0.0


@pytest.mark.parametrize("alpha", [0.0, 0.1, 1 / 3])
def test_kuhn_equilibrium_family_has_value_minus_one_eighteenth(alpha):
    p = kuhn_equilibrium(alpha)
    assert solve.expected_value(KUHN, p) == pytest.approx(-1 / 18, abs=1e-15)
    assert abs(solve.exploitability(KUHN, p)) < 1e-15


@pytest.mark.parametrize("variant", ["cfr", "cfr+"])
def test_kuhn_cfr_lands_in_the_equilibrium_family(variant):
    result = solve.cfr(KUHN, 3000 if variant == "cfr" else 1000, variant=variant)
    avg = result.average_policy
    assert result.exploitability < (2e-3 if variant == "cfr" else 1e-4)
    # Independent source: Kuhn's analysis of his game (value -1/18 to the first player; the family bets J with
    # alpha <= 1/3, K with 3 alpha); OpenSpiel agrees (tests/solve/test_solve_openspiel.py)
    assert solve.expected_value(KUHN, avg) == pytest.approx(-1 / 18, abs=2 * result.exploitability)
    alpha = avg["J:"]["b"]
    assert 0 <= alpha <= 1 / 3 + 0.01
    tol = 0.03
    assert avg["K:"]["b"] == pytest.approx(3 * alpha, abs=tol)
    assert avg["Q:"]["b"] == pytest.approx(0, abs=tol)
    assert avg["Q:pb"]["b"] == pytest.approx(alpha + 1 / 3, abs=tol)
    assert avg["J:pb"]["b"] == pytest.approx(0, abs=tol) and avg["K:pb"]["b"] == pytest.approx(1, abs=tol)
    for key, bet in {"J:p": 1 / 3, "Q:p": 0, "K:p": 1, "J:b": 0, "Q:b": 1 / 3, "K:b": 1}.items():
        assert avg[key]["b"] == pytest.approx(bet, abs=tol), key


def test_exploitability_history_falls_and_cfr_plus_is_faster():
    plain = solve.cfr(LEDUC, 100, "cfr", record=5)
    plus = solve.cfr(LEDUC, 100, "cfr+", record=5)
    assert [i for i, _ in plain.history] == [1, 3, 10, 32, 100]
    values = [e for _, e in plain.history]
    assert values == sorted(values, reverse=True)
    assert plus.exploitability < plain.exploitability / 3
    assert plus.history[-1][1] == pytest.approx(solve.exploitability(LEDUC, plus.average_policy), abs=0)
    assert len(plus.snapshots) == 5 and plus.snapshots[-1] is plus.average_policy


# --- the fast CFR against the plain one ------------------------------------------------------------------


@pytest.mark.parametrize("engine", ["numba", "numpy"])
@pytest.mark.parametrize("variant", ["cfr", "cfr+"])
def test_fast_cfr_equals_the_plain_reference_on_kuhn(variant, engine):
    fast = solve.cfr(KUHN, 300, variant, record=0, engine=engine)
    plain = solve.cfr_reference(KUHN, 300, variant)
    assert np.abs(fast.average_policy.table - plain.table).max() < 1e-12


@pytest.mark.parametrize("engine", ["numba", "numpy"])
@pytest.mark.parametrize("variant", ["cfr", "cfr+"])
def test_fast_cfr_equals_the_plain_reference_on_leduc(variant, engine):
    fast = solve.cfr(LEDUC, 4, variant, record=0, engine=engine).average_policy
    plain = solve.cfr_reference(LEDUC, 4, variant)
    assert np.abs(fast.table - plain.table).max() < 1e-12


def test_numba_and_numpy_engines_agree_over_many_iterations():
    for variant in ("cfr", "cfr+"):
        a = solve.cfr(LEDUC, 60, variant, record=3)
        b = solve.cfr(LEDUC, 60, variant, record=3, engine="numpy")
        assert np.abs(a.average_policy.table - b.average_policy.table).max() < 1e-9
        assert np.abs(a.policy.table - b.policy.table).max() < 1e-9
        assert [i for i, _ in a.history] == [i for i, _ in b.history] == [1, 8, 60]


def test_mccfr_is_reproducible_from_its_seed_and_converges():
    a = solve.cfr(KUHN, 3000, "mccfr", seed=7, record=3)
    b = solve.cfr(KUHN, 3000, "mccfr", seed=7, record=3)
    c = solve.cfr(KUHN, 3000, "mccfr", seed=8, record=3)
    assert np.array_equal(a.average_policy.table, b.average_policy.table) and a.history == b.history
    assert not np.array_equal(a.average_policy.table, c.average_policy.table)
    assert a.exploitability < 0.05 and c.exploitability < 0.05
    assert a.history[0][1] > a.exploitability


def test_regret_matching_rock_paper_scissors():
    legal = np.ones((1, 3), dtype=bool)
    assert solve.regret_matching(np.array([[2.0, -5.0, 6.0]]), legal).tolist() == [[0.25, 0.0, 0.75]]
    assert solve.regret_matching(np.array([[-1.0, 0.0, -3.0]]), legal).tolist() == [[1 / 3, 1 / 3, 1 / 3]]


# --- invariants on random policies -----------------------------------------------------------------------


def random_policy(game, seed):
    rng = np.random.default_rng(seed)
    raw = rng.random(game.legal.shape) ** 3 * game.legal
    raw[raw.sum(axis=1) == 0] = game.legal[raw.sum(axis=1) == 0]
    return solve.Policy(game, raw / raw.sum(axis=1, keepdims=True))


@settings(max_examples=40)
@given(seed=st.integers(0, 2**32 - 1), name=st.sampled_from(["kuhn", "leduc"]))
def test_best_response_bounds_every_policy(seed, name):
    g = solve.game(name)
    p, q = random_policy(g, seed), random_policy(g, seed + 1)
    br = solve.best_response(g, p)
    value = solve.expected_value(g, p)
    assert br.values[0] >= value - 1e-12 and br.values[1] >= -value - 1e-12
    assert solve.exploitability(g, p) >= -1e-12
    # the best response's own policy earns exactly its value
    assert solve.expected_value(g, br.policy, p) == pytest.approx(br.values[0], abs=1e-12)
    assert solve.expected_value(g, p, br.policy) == pytest.approx(-br.values[1], abs=1e-12)
    # no other policy earns more from seat 0
    assert solve.expected_value(g, q, p) <= br.values[0] + 1e-12
    assert solve.head_to_head(g, p, q) == pytest.approx(-solve.head_to_head(g, q, p), abs=1e-12)
    assert solve.head_to_head(g, p, p) == pytest.approx(0, abs=1e-12)


@settings(max_examples=20)
@given(seed=st.integers(0, 2**32 - 1))
def test_leaks_gain_what_switching_one_information_set_gains(seed):
    p = random_policy(KUHN, seed)
    br = solve.best_response(KUHN, p).policy
    top = solve.leaks(KUHN, p)[0]
    info = KUHN.infoset(top.infoset)
    fixed = np.array(p.table)
    fixed[info.index] = 0.0
    fixed[info.index, KUHN.actions.index(top.best_action)] = 1.0
    fixed = solve.Policy(KUHN, fixed)
    if info.player == 0:
        gained = solve.expected_value(KUHN, fixed, br) - solve.expected_value(KUHN, p, br)
    else:
        gained = solve.expected_value(KUHN, br, p) - solve.expected_value(KUHN, br, fixed)
    assert gained == pytest.approx(top.gain, abs=1e-12)
    assert all(x.gain >= -1e-12 for x in solve.leaks(KUHN, p))


@settings(max_examples=20)
@given(seed=st.integers(0, 2**32 - 1), alpha=st.floats(0, 1 / 3), key=st.sampled_from([i.key for i in KUHN.infosets]))
def test_leaks_fix_finds_the_one_changed_information_set(seed, alpha, key):
    eq = kuhn_equilibrium(alpha)
    rng = np.random.default_rng(seed)
    p = rng.random()
    changed = solve.Policy.from_mapping(KUHN, {key: {"p": p, "b": 1 - p}}, default=eq)
    found = solve.leaks(KUHN, changed, reference=eq)
    e = solve.exploitability(KUHN, changed)
    assert found[0].fix == pytest.approx(e, abs=1e-12)
    assert all(x.fix == 0.0 for x in found if x.infoset != key)
    if e > 1e-9:
        assert found[0].infoset == key


# --- bad input --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["holdem", None, 3, True, ""])
def test_unknown_game(name):
    with pytest.raises(ParameterError, match="game must be one of kuhn, leduc"):
        solve.game(name)


@pytest.mark.parametrize(
    ("kwargs", "match"),
    [
        ({"iterations": 0}, "iterations must be between"),
        ({"iterations": -5}, "iterations must be between"),
        ({"iterations": 10**12}, "iterations must be between"),
        ({"iterations": True}, "iterations must be a whole number"),
        ({"iterations": 2.5}, "iterations must be a whole number"),
        ({"iterations": None}, "iterations must be a whole number"),
        ({"iterations": float("nan")}, "iterations must be a whole number"),
        ({"iterations": 5, "variant": "dcfr"}, "variant must be one of cfr, cfr\\+, mccfr"),
        ({"iterations": 5, "variant": None}, "variant must be one of"),
        ({"iterations": 5, "seed": -1}, "seed must be between"),
        ({"iterations": 5, "seed": 1.5}, "seed must be a whole number"),
        ({"iterations": 5, "record": -1}, "record must be between"),
        ({"iterations": 5, "engine": "cuda"}, "engine must be one of numba, numpy"),
    ],
)
def test_cfr_rejects_bad_arguments(kwargs, match):
    with pytest.raises(ParameterError, match=match):
        solve.cfr(KUHN, **kwargs)


def test_cfr_rejects_a_game_that_is_not_one():
    with pytest.raises(ParameterError, match=r"game must be a pokerlab\.solve game"):
        solve.cfr("kuhn", 10)


def test_policy_validation():
    table = np.array(solve.Policy.uniform(KUHN).table)
    with pytest.raises(ParameterError, match="shape"):
        solve.Policy(KUHN, table[:5])
    bad = table.copy()
    bad[0, 0] = math.nan
    with pytest.raises(ParameterError, match="finite and non-negative"):
        solve.Policy(KUHN, bad)
    bad = table.copy()
    bad[3] = [0.7, 0.7]
    with pytest.raises(ParameterError, match=r"sum to 1\.4"):
        solve.Policy(KUHN, bad)
    leduc = np.array(solve.Policy.uniform(LEDUC).table)
    leduc[0] = [0.5, 0.25, 0.25]  # J: nothing to call, folding is illegal
    with pytest.raises(ParameterError, match="illegal action probability at 'J:'"):
        solve.Policy(LEDUC, leduc)
    with pytest.raises(ParameterError, match="no information set 'A:'"):
        solve.Policy.from_mapping(KUHN, {"A:": {"p": 1.0}})
    with pytest.raises(ParameterError, match="'f' is not a legal action at 'K:'"):
        solve.Policy.from_mapping(LEDUC, {"K:": {"f": 1.0}})
    with pytest.raises(ParameterError, match="must be a finite number >= 0"):
        solve.Policy.from_mapping(KUHN, {"K:": {"p": -0.5, "b": 1.5}})
    with pytest.raises(ParameterError, match="must be a finite number >= 0"):
        solve.Policy.from_mapping(KUHN, {"K:": {"p": True}})
    with pytest.raises(ParameterError, match=r"sum to 0\.5"):
        solve.Policy.from_mapping(KUHN, {"K:": {"p": 0.5}})
    with pytest.raises(ParameterError, match=r"^fn must be a function of an information set, not None$"):
        solve.Policy.from_function(KUHN, None)


def test_evaluation_rejects_mismatched_inputs():
    with pytest.raises(ParameterError, match=r"policy must be a pokerlab\.solve\.Policy"):
        solve.exploitability(KUHN, {"K:": {"b": 1.0}})
    with pytest.raises(ParameterError, match="belongs to leduc, not to kuhn"):
        solve.best_response(KUHN, solve.Policy.uniform(LEDUC))
    with pytest.raises(PokerlabError):
        solve.head_to_head(KUHN, solve.Policy.uniform(KUHN), None)
    with pytest.raises(ParameterError, match="cfr and cfr\\+"):
        solve.cfr_reference(KUHN, 3, "mccfr")


def test_more_bad_input():
    with pytest.raises(ParameterError, match="information set key is a string"):
        KUHN.infoset(["K:"])
    with pytest.raises(ParameterError, match=r"game must be a pokerlab\.solve game"):
        solve.cfr_reference(None, 3)
    with pytest.raises(ParameterError, match=r"game must be a pokerlab\.solve game"):
        solve.Policy("kuhn", np.ones((12, 2)) / 2)
    with pytest.raises(ParameterError, match="holds numbers"):
        solve.Policy(KUHN, [["a", "b"]] * 12)
    with pytest.raises(ParameterError, match="default must be a Policy of kuhn"):
        solve.Policy.from_mapping(KUHN, {}, default=solve.Policy.uniform(LEDUC))
    with pytest.raises(ParameterError, match="same shape"):
        solve.regret_matching(np.zeros((2, 3)), np.ones((3, 2), bool))
    with pytest.raises(ParameterError, match="NaN"):
        solve.regret_matching(np.full((1, 2), np.nan), np.ones((1, 2), bool))
