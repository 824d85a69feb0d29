"""The postflop solver: the tree from the size notation, the values against closed forms and an independent
sequence-form LP, the best response against enumeration, the compiled kernels against the plain walk."""

from __future__ import annotations

import importlib
import itertools

import numpy as np
import pytest
from hypothesis import assume, given, settings, strategies as st

from pokerlab import solve
from pokerlab.errors import CardCountError, IllegalActionError, ParameterError, PokerlabError, RangeError
from pokerlab.evaluator import evaluate

# a river where nothing improves: AA has two pair, KQ a better two pair than the bluffs' deuces
P = importlib.import_module("pokerlab.solve.postflop")  # the module (solve.postflop is the function)

TOY_BOARD = "Ks 7d 4c 2h 2s"
TOY_OOP = "AA, 65s, 63s, 53s"  # 6 value combinations, 12 bluffs
TOY_IP = "KQ"  # a bluff-catcher: beats every bluff, loses to aces


def _toy(s: float, **kw: object) -> solve.PostflopSolution:
    """OOP checks or shoves s times the pot; IP can only call or fold (and checks behind)."""
    args: dict = dict(pot=100, stack=round(100 * s), bets="a", raises="", ip_bets="", progress=False)
    args.update(kw)
    return solve.postflop(TOY_BOARD, TOY_OOP, TOY_IP, **args)


# ----------------------------------------------------------------------------
# The tree and the notation
# ----------------------------------------------------------------------------


def test_labels_and_sizes() -> None:
    sol = solve.postflop("Ks 7d 4c 2h 2s", "AA", "KQ", pot=100, stack=900, max_iterations=1, progress=False)
    assert sol.actions() == ("check", "bet 50", "bet 100")
    assert sol.actions(("check",)) == ("check", "bet 50", "bet 100")
    assert sol.actions(("bet 100",)) == ("fold", "call", "allin 900")
    assert sol.actions(("check", "bet 50", "allin")) == ("fold", "call")
    assert sol.actions("check, check") == ()
    # "x" raises to a multiple of the bet, "%" raises add a share of the pot after the call
    sol = solve.postflop(
        "Ks 7d 4c 2h 2s",
        "AA",
        "KQ",
        pot=100,
        stack=900,
        bets="50%",
        raises="2.5x, 100%",
        max_iterations=1,
        progress=False,
    )
    assert sol.actions(("bet 50",)) == ("fold", "call", "raise 125", "raise 250")
    assert sol.actions(("bet 50", "raise 125")) == ("fold", "call", "raise 313", "raise 475")
    # a size at or above the stack is all-in; IP's own sizes
    sol = solve.postflop(
        "Ks 7d 4c 2h 2s",
        "AA",
        "KQ",
        pot=100,
        stack=60,
        bets="50%, 100%",
        ip_bets="33%",
        raises="",
        max_iterations=1,
        progress=False,
    )
    assert sol.actions() == ("check", "bet 50", "allin 60")
    assert sol.actions(("check",)) == ("check", "bet 33")


def test_turn_lines_deal_every_river() -> None:
    sol = solve.postflop(
        "Ks 7d 4c 2h",
        "AA",
        "KQ",
        pot=100,
        stack=100,
        bets={"turn": "100%", "river": ""},
        raises="",
        max_iterations=1,
        progress=False,
    )
    assert sol.actions() == ("check", "allin 100")
    rivers = sol.actions(("check", "check"))
    assert len(rivers) == 48 and "2s" in rivers and "Ks" not in rivers
    assert sol.actions(("check", "check", "2s")) == ("check",)
    with pytest.raises(IllegalActionError, match="on the board"):
        sol.actions(("check", "check", "7d"))


@pytest.mark.parametrize(
    ("kwargs", "error", "words"),
    [
        (dict(board="Ks 7d 4c"), CardCountError, "4 cards"),
        (dict(board="Ks 7d 4c 2h Ks"), PokerlabError, "Ks"),
        (dict(oop="AA, XY"), RangeError, "XY"),
        (dict(oop="Ks7s"), RangeError, "board"),
        (dict(bets="50"), ParameterError, "'50'"),
        (dict(bets="2.5x"), ParameterError, "raise size"),
        (dict(raises="-3x"), ParameterError, "-3x"),
        (dict(bets={"flop": "50%"}), ParameterError, "streets"),
        (dict(pot=0), ParameterError, "pot"),
        (dict(algorithm="cfr"), ParameterError, "algorithm"),
    ],
)
def test_bad_input(kwargs: dict, error: type, words: str) -> None:
    args: dict = dict(board="Ks 7d 4c 2h 2s", oop="AA", ip="KQ", pot=100, stack=100, progress=False)
    args.update(kwargs)
    with pytest.raises(error, match=words):
        solve.postflop(args.pop("board"), args.pop("oop"), args.pop("ip"), **args)


def test_bad_lines() -> None:
    sol = _toy(1, max_iterations=1)
    with pytest.raises(IllegalActionError, match="the actions are check, allin 100"):
        sol.frequencies(("bet 50",))
    with pytest.raises(IllegalActionError, match="over"):
        sol.actions(("allin", "fold", "call"))
    with pytest.raises(IllegalActionError, match="no one acts"):
        sol.strategy(("check", "check"))


# ----------------------------------------------------------------------------
# Closed form: the polar river bet
# ----------------------------------------------------------------------------


@pytest.mark.parametrize("s", [0.5, 1.0, 3.0])
def test_bluff_catcher_closed_form(s: float) -> None:
    sol = _toy(s, target=1e-6, max_iterations=3000)
    shove = sol.actions()[1]
    strat = sol.strategy()
    value = sum(mix[shove] for hand, mix in strat.items() if hand.startswith("A"))
    bluffs = sum(mix[shove] for hand, mix in strat.items() if not hand.startswith("A"))
    assert value == pytest.approx(6.0, abs=1e-3)  # aces always bet
    assert bluffs / (value + bluffs) == pytest.approx(s / (1 + 2 * s), abs=1e-3)
    assert sol.frequencies((shove,))["call"] == pytest.approx(1 / (1 + s), abs=1e-3)
    # OOP wins the pot with aces (6 of 18 combos) and gets paid s * pot when called: v = pot * (1/3 + ...)
    called = 1 / (1 + s)
    bets_value = 6 / 18 * (100 + called * 100 * s)
    assert sol.value[0] == pytest.approx(bets_value, abs=1e-2)
    assert sum(sol.value) == pytest.approx(100, abs=1e-6)


def test_lock_what_if_ip_always_calls() -> None:
    sol = _toy(1, target=1e-5, max_iterations=2000)
    locked = sol.lock(("allin",), {"call": 1.0})
    assert locked.frequencies(("allin",)) == {"fold": 0.0, "call": 1.0}
    strat = locked.strategy()
    assert all(mix["allin 100"] == pytest.approx(0, abs=1e-3) for h, mix in strat.items() if not h.startswith("A"))
    # OOP shoves aces, checks the bluffs: 6/18 of the time wins pot + 100
    assert locked.value[0] == pytest.approx(6 / 18 * 200, abs=0.05)
    per_hand = locked.lock(("allin",), {"KhQh": {"fold": 1.0}})
    assert per_hand.strategy(("allin",))["KhQh"] == {"fold": 1.0, "call": 0.0}


def test_ev_and_equity_per_hand() -> None:
    sol = _toy(1, target=1e-5, max_iterations=2000)
    eq = sol.equity()
    assert eq["AsAh"] == 1.0 and eq["6s5s"] == 0.0
    ev = sol.ev()
    g = sol._game
    # the root's value is the range-weighted mean of the per-hand values (weights: the pairs each hand meets)
    mass = P._mass_plain(g.w[1, : g.nh[1]], 0, g, -1, 0)
    assert np.dot(mass, [ev[n] for n in g.names[0]]) / g.Z == pytest.approx(sol.value[0], abs=1e-6)
    assert ev["AsAh"] > 100 and sol.equity(player="ip")["KhQh"] == pytest.approx(12 / 18)


# ----------------------------------------------------------------------------
# The exact best response, on its own
# ----------------------------------------------------------------------------


def _random_sums(g: P._Game, seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    x = rng.random(g.size).astype(np.float32)
    x[rng.random(g.size) < 0.3] = 0.0
    return x


def test_best_response_equals_enumeration_of_pure_plans() -> None:
    sol = solve.postflop(
        TOY_BOARD,
        "AA, 65s, KQ",
        "KQ, 76, A7",
        pot=100,
        stack=300,
        bets="100%",
        raises="a",
        max_iterations=1,
        progress=False,
    )
    g = sol._game
    strat = _random_sums(g, 1)
    t = 1  # IP
    ip_nodes = [n for n in g.nodes if n.kind == P._DECISION and n.player == t]
    best = np.full(int(g.nh[t]), -np.inf)
    for plan in itertools.product(*[range(len(n.kids)) for n in ip_nodes]):
        pure = strat.copy()
        for n, a in zip(ip_nodes, plan, strict=True):
            base = g.base(n, 0, 0)
            nt = int(g.nh[t])
            pure[base : base + len(n.kids) * nt] = 0.0
            pure[base + a * nt : base + (a + 1) * nt] = 1.0
        best = np.maximum(best, P.plain_values(g, pure, t, best=False))
    assert len(ip_nodes) >= 3
    np.testing.assert_allclose(P.plain_values(g, strat, t, best=True), best, rtol=1e-12)


@pytest.mark.parametrize("board", ["Ks 7d 4c 2h 2s", "Ah Kh 7h 2c"])
def test_kernels_match_the_plain_walk(board: str) -> None:
    sol = solve.postflop(
        board,
        "AA, 65s, KQs, 7c6c",
        "KQo, 76, A7s, 22",
        pot=60,
        stack=150,
        bets="50%, a",
        raises="2x",
        max_iterations=1,
        progress=False,
    )
    g = sol._game
    s = P._State(np.zeros(g.size, np.float32), _random_sums(g, 2), np.full(1, -1.0, np.float32), False)
    d = (1.0, 1.0, 1.0, 1.0, False)
    for t in range(2):
        for mode, best in ((1, True), (2, False)):
            plain = P.plain_values(g, s.strat, t, best=best)
            fast = P._run_pass(g, s, t, mode, d)
            np.testing.assert_allclose(fast, plain, rtol=1e-9, atol=1e-9)
        np.testing.assert_allclose(P.plain_values(g, s.strat, t, best=False, fast=True), plain, rtol=1e-9, atol=1e-9)


# ----------------------------------------------------------------------------
# An independent sequence-form LP (scipy's HiGHS)
# ----------------------------------------------------------------------------


def _lp_value(sol: solve.PostflopSolution) -> float:
    """OOP's equilibrium value from the sequence form, payoffs from pokerlab.evaluate (not the solver's tables)."""
    from scipy.optimize import linprog
    from scipy.sparse import lil_matrix

    g = sol._game
    board = [c.id for c in g.board]
    seqs: list[dict] = [{(): 0}, {(): 0}]
    infosets: list[dict] = [{}, {}]  # key -> (parent sequence, child sequences)
    payoff: dict[tuple[int, int], float] = {}

    def seq(p: int, parent: int, key: tuple, a: int, na: int) -> int:
        if key not in infosets[p]:
            kids = []
            for b in range(na):
                seqs[p][(key, b)] = len(seqs[p])
                kids.append(seqs[p][(key, b)])
            infosets[p][key] = (parent, kids)
        return seqs[p][(key, a)]

    def walk(n: P._Node, h: tuple[int, int], cards: list[int], s: list[int], prob: float, j: int, k: int) -> None:
        if n.kind == P._FOLD:
            u = -n.put[0] if n.player == 0 else g.pot + n.put[1]
        elif n.kind == P._SHOWDOWN:
            mine = evaluate(cards + list(g.cards[0, h[0]])).value
            theirs = evaluate(cards + list(g.cards[1, h[1]])).value
            u = g.pot + n.put[1] if mine > theirs else -n.put[0] if mine < theirs else g.pot / 2
        elif n.kind == P._CHANCE:
            jj = g.leaf_of[id(n)]
            used = set(board[:4]) | set(g.cards[0, h[0]]) | set(g.cards[1, h[1]])
            for kk, c in enumerate(g.slots):
                if c in used:
                    continue
                assert n.tmpl is not None
                river = cards if len(cards) == 5 else [*cards, c]
                walk(n.tmpl, h, river, s, prob * g.factor, jj, kk)
            return
        else:
            q = n.player
            for a, kid in enumerate(n.kids):
                s2 = list(s)
                s2[q] = seq(q, s[q], (id(n), j, k, h[q]), a, len(n.kids))
                walk(kid, h, cards, s2, prob, j, k)
            return
        payoff[(s[0], s[1])] = payoff.get((s[0], s[1]), 0.0) + prob * u

    for h0, h1 in itertools.product(range(int(g.nh[0])), range(int(g.nh[1]))):
        if set(g.cards[0, h0]) & set(g.cards[1, h1]):
            continue
        walk(g.root, (h0, h1), board[:4] if len(board) == 4 else board, [0, 0], g.w[0, h0] * g.w[1, h1] / g.Z, -1, -1)

    def constraints(p: int) -> lil_matrix:
        m = lil_matrix((1 + len(infosets[p]), len(seqs[p])))
        m[0, 0] = 1.0
        for r, (parent, kids) in enumerate(infosets[p].values(), start=1):
            m[r, parent] = -1.0
            for c in kids:
                m[r, c] = 1.0
        return m

    E, F = constraints(0), constraints(1)
    n0, n1, m1 = len(seqs[0]), len(seqs[1]), F.shape[0]
    A = lil_matrix((n0, n1))
    for (a, b), v in payoff.items():
        A[a, b] = v
    # max f.q  s.t.  F^T q - A^T x <= 0,  E x = e,  x >= 0
    from scipy.sparse import hstack, vstack

    a_ub = hstack([-A.T.tocsr(), F.T.tocsr()]).tocsr()
    a_eq = hstack([E.tocsr(), lil_matrix((E.shape[0], m1)).tocsr()]).tocsr()
    b_eq = np.zeros(E.shape[0])
    b_eq[0] = 1.0
    c = np.zeros(n0 + m1)
    c[n0] = -1.0
    res = linprog(
        c,
        A_ub=a_ub,
        b_ub=np.zeros(n1),
        A_eq=vstack([a_eq]).tocsr(),
        b_eq=b_eq,
        bounds=[(0, None)] * n0 + [(None, None)] * m1,
        method="highs",
    )
    assert res.status == 0, res.message
    return float(-res.fun)


TINY_SPOTS = [
    ("Ks 7d 4c 2h 2s", "AA, 65s, KQs", "KQo, QJs", dict(pot=100, stack=200, bets="50%, 100%", raises="a")),
    ("Qs Jh 8d 5c 2c", "AQ, T9, 55", "QJ, 88, KT", dict(pot=50, stack=150, bets="75%", raises="2.5x, a")),
    ("Ah Kh 7h 2c", "AsAd, 7c6c, QhJh", "KdKc, As7s, 8h8d", dict(pot=100, stack=100, bets="100%", raises="")),
]


@pytest.mark.parametrize(("board", "oop", "ip", "kw"), TINY_SPOTS)
def test_values_match_sequence_form_lp(board: str, oop: str, ip: str, kw: dict) -> None:
    its = 1000 if len(board.split()) == 4 else 4000  # a turn iteration deals 48 rivers
    sol = solve.postflop(board, oop, ip, target=1e-8, max_iterations=its, progress=False, **kw)
    exact = _lp_value(sol)
    assert sol.value[0] == pytest.approx(exact, abs=1e-6 * sol.pot + 2 * sol.exploitability)
    assert sol.value[0] == pytest.approx(exact, abs=1e-6 * sol.pot)


# ----------------------------------------------------------------------------
# Invariants
# ----------------------------------------------------------------------------


def test_value_does_not_depend_on_algorithm_or_threads() -> None:
    spot = ("Qs Jh 8d 5c 2c", "AQ, T9, 55, 76s, KK", "QJ, 88, KT, A5s")
    runs = [
        solve.postflop(*spot, pot=100, stack=300, target=0.001, algorithm=alg, threads=th, progress=False)
        for alg, th in (("dcfr", 1), ("cfr+", 1), ("dcfr", 2))
    ]
    for a, b in itertools.combinations(runs, 2):
        assert abs(a.value[0] - b.value[0]) <= 2 * (a.exploitability + b.exploitability)
        assert a.exploitability <= 0.001 * 100


def test_a_turn_on_two_threads_gives_the_same_numbers_as_on_one() -> None:
    """The river subtrees are handed to the threads one at a time, largest first; each subtree's arithmetic and
    the order of the sum over them are the same, so the solutions are identical, not only close."""
    spot = ("Qh 9c 5d 2s", "AA, KK, QJ, T9s, 87s, A5s", "QQ-TT, AQ, KQ, J9s")
    one, two = (
        solve.postflop(*spot, pot=100, stack=100, bets="50%", target=0.0, max_iterations=20, threads=th, progress=False)
        for th in (1, 2)
    )
    assert two.value == one.value and two.exploitability == one.exploitability
    assert two.frequencies(("check", "check", "7c")) == one.frequencies(("check", "check", "7c"))


def test_threads_none_solves_a_small_turn_on_one_thread_and_a_large_one_on_all() -> None:
    import numba

    small = P._spec("Qh9c5d2s", "AA,KK,QJ", "QQ-TT,AQ", 100, 100, "50%", "a", None, None, 0.01, 10, None, "dcfr", False)
    big = P._spec("Td9d6hQc", "22+,A2+,K2+", "22+,A2+,K2+", 200, 900, "50%, 100%", "a", None, None, 0.01, 10, None,
                  "dcfr", False)  # fmt: skip
    games = [P._Game(s.board, s.ranges, s.pot, s.stack, s.bets, s.raises) for s in (small, big)]
    assert games[0].work < P.PARALLEL_MIN_WORK <= games[1].work
    assert not P._parallel(games[0], None)
    assert P._parallel(games[1], None) == (numba.get_num_threads() > 1)
    assert P._parallel(games[0], 2) == (numba.get_num_threads() > 1)  # asked for: threads it is


_HANDS = ["AA", "KK", "QQ", "AKs", "KQo", "T9s", "65s", "A5s", "JJ", "87o", "22"]


@settings(max_examples=6)
@given(
    oop=st.lists(st.sampled_from(_HANDS), min_size=1, max_size=3, unique=True),
    ip=st.lists(st.sampled_from(_HANDS), min_size=1, max_size=3, unique=True),
    weight=st.sampled_from([25, 50, 100]),
    stack=st.sampled_from([50, 120, 400]),
)
def test_properties(oop: list[str], ip: list[str], weight: int, stack: int) -> None:
    # QQ against QQ on a board with a queen leaves three queens: no pair of hands without a shared card, a spot
    # refused by name (test_postflop_bad_input), not one to solve
    assume(not (set(oop) == set(ip) == {"QQ"}))
    sol = solve.postflop(
        "Qs Jh 8d 5c 2c",
        ", ".join(oop) + f"@{weight}",
        ", ".join(ip),
        pot=100,
        stack=stack,
        target=0.01,
        max_iterations=200,
        progress=False,
    )
    assert sum(sol.value) == pytest.approx(100, abs=1e-6)
    assert sol.exploitability >= 0 and sol.exploitability_pct == pytest.approx(sol.exploitability)
    for line in [(), ("check",), (sol.actions()[-1],)]:
        freq = sol.frequencies(line)
        if any(f != f for f in freq.values()):  # a node no pair of hands reaches: no mix, no hands
            assert all(f != f for f in freq.values()) and sol.strategy(line) == {}
            continue
        assert sum(freq.values()) == pytest.approx(1, abs=1e-9)
        assert all(sum(m.values()) == pytest.approx(1, abs=1e-6) for m in sol.strategy(line).values())
