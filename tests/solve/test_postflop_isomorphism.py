"""Suit isomorphism at the turn's chance node: river cards of interchangeable suits are solved once.

With it on (the default) the kernels solve one river card per class and read the others through the suit
permutation; every answer must be the one without it, at every river card, at the same iteration count.
"""

from __future__ import annotations

import importlib
import json
import math

import numpy as np
import pytest

from pokerlab import solve

P = importlib.import_module("pokerlab.solve.postflop")  # the module (solve.postflop is the function)

OOP = "AA, KK, AK, AQs, KQs, 76s, JTs"
IP = "QQ-99, AJs, KJs, QJs, T9s, A5s"
KW = dict(pot=100, stack=150, bets="50%, a", raises="a", progress=False, max_iterations=30, target=0.0)


def _game(board: str, oop: str, ip: str, on: bool = True):
    spec = P._spec(board, oop, ip, 100, 150, "50%", "a", None, None, 0.01, 10, None, "dcfr", False)
    return P._Game(spec.board, spec.ranges, spec.pot, spec.stack, spec.bets, spec.raises, on)


@pytest.mark.parametrize(
    ("board", "oop", "ip", "classes"),
    [
        ("Ks 7s 4h 2h", OOP, IP, 35),  # diamonds and clubs absent: 13 pairs of river cards merge
        ("Ks 9s 6s 3s", OOP, IP, 9 + 13),  # monotone: hearts, diamonds and clubs interchangeable
        ("Ks 9s 6s 3s", OOP, IP + ", AhKh@50", 9 + 13 + 13),  # AhKh weighted apart: only diamonds and clubs merge
        ("Ks 9s 6s 3s", OOP, IP + ", 8d7d, 8h7h@50", 48),  # no two of hearts, diamonds, clubs alike for IP
        ("Td 9d 6h Qc", OOP, IP, 48),  # every suit's board ranks differ
        ("Ks Kh 7d 2c", OOP, IP, 48 - 12),  # spades and hearts hold the same ranks: swapped together
    ],
)
def test_river_cards_fall_into_classes_of_interchangeable_suits(board, oop, ip, classes) -> None:
    g = _game(board, oop, ip)
    assert len(g.reps) == classes and g.iso == (classes < 48)
    assert len(_game(board, oop, ip, on=False).reps) == 48
    for k in range(g.K):  # each card's subgame is its representative's with the hands permuted
        rep = g.reps[g.rep_of[k]]
        for p in range(2):
            n = int(g.nh[p])
            row = g.perm[k, p, :n]
            assert sorted(row) == list(range(n))
            np.testing.assert_array_equal(g.strength[p, k, :n], g.strength[p, rep, row])
            np.testing.assert_array_equal(g.w[p, :n], g.w[p, row])
    if g.iso:
        assert g.store < g.size  # the solve stores the representatives only


@pytest.mark.parametrize("board", ["Ks 7s 4h 2h", "Ks 9s 6s 3s"])
def test_the_same_answers_with_and_without_it(board: str) -> None:
    on = solve.postflop(board, OOP, IP, isomorphism=True, **KW)
    off = solve.postflop(board, OOP, IP, isomorphism=False, **KW)
    assert on._game.iso and not off._game.iso and on.iterations == off.iterations == 30
    assert on.value == pytest.approx(off.value, rel=1e-6)
    assert on.exploitability == pytest.approx(off.exploitability, rel=1e-6, abs=1e-9)
    for turn in [("check", "check"), ("bet 50", "call")]:
        assert on.actions(turn) == off.actions(turn)
        for card in off.actions(turn):  # every river card, representative or not
            line = (*turn, card)
            assert on.actions(line) == off.actions(line)
            a, b = on.frequencies(line), off.frequencies(line)
            assert a.keys() == b.keys()
            assert all(math.isclose(a[x], b[x], rel_tol=1e-6, abs_tol=1e-9) for x in a), line
            sa, sb = on.strategy(line), off.strategy(line)
            assert sa.keys() == sb.keys() and len(sa) > 0
            for hand, mix in sb.items():
                assert sa[hand] == pytest.approx(mix, rel=1e-6, abs=1e-9), (line, hand)
            for who in ("oop", "ip"):
                assert on.ev(line, who) == pytest.approx(dict(off.ev(line, who)), rel=1e-6, abs=1e-9)
            after = (*line, "check")
            sa, sb = on.strategy(after), off.strategy(after)
            assert sa.keys() == sb.keys()
            assert all(sa[h] == pytest.approx(mix, rel=1e-6, abs=1e-9) for h, mix in sb.items()), after


def test_the_best_response_stays_exact() -> None:
    """The exploitability the compact solve reports is the full tree's best response to the same strategy."""
    on = solve.postflop("Ks 9s 6s 3s", OOP, IP, isomorphism=True, **KW)
    g, s = on._game, on._state
    assert not s.compact and len(s.strat) == g.size  # expanded to every river card for the lines
    full = P._exploitability(g, s, False)  # best responses walked over all 48 river cards
    assert full == pytest.approx(on.exploitability, rel=1e-6)
    # ... and the plain walk (no kernels) agrees on both best responses
    b = [float(np.dot(g.w[t, : g.nh[t]], P.plain_values(g, s.strat, t, best=True))) / g.Z for t in range(2)]
    assert max(0.0, (sum(b) - g.pot) / 2) == pytest.approx(on.exploitability, rel=1e-6)


def test_switched_off_by_a_lock_or_by_asking() -> None:
    on = solve.postflop("Ks 7s 4h 2h", OOP, IP, **KW)
    assert on._game.iso
    locked = on.lock(("check",), {"QdQc": {"check": 1.0}})  # a lock may break the symmetry: every card solved
    assert not locked._game.iso
    assert not solve.postflop("Ks 7s 4h 2h", OOP, IP, isomorphism=False, **KW)._game.iso
    assert not solve.postflop("Ks 7s 4h 2h 3d", OOP, IP, **KW)._game.iso  # a river: no chance node


@pytest.mark.parametrize("board", ["Ks 9s 6s 3s", "Ks 7s 4h 2h"])
def test_one_pass_on_the_representatives_is_a_pass_over_every_card(board: str) -> None:
    """Any strategy symmetric in the suits (a compact one, expanded): each kind of pass gives the full tree's
    values to rounding. Over many iterations rounding can still break an exact tie of regrets differently
    (all zero: uniform; 1e-16 above: pure), as the order of a sum does, so long solves agree at the target."""
    g = _game(board, "AA-88, AK, AQ, KQs, JTs, 87s", "TT-22, AJ, KJ, QJ, T9s, 65s, 76s")
    assert g.iso
    rng = np.random.default_rng(3)
    regret, strat = (_symmetric(g, rng.random(g.size)) for _ in range(2))
    reps = _compact_of(g)
    states = {
        True: P._State(regret[reps], strat[reps], np.full(1, -1.0, np.float32), False, True),
        False: P._State(regret.copy(), strat.copy(), np.full(1, -1.0, np.float32), False, False),
    }
    disc = (1.5, 0.5, 0.9, 1.0, False)
    for t in range(2):
        for mode in (0, 1, 2):
            out = {c: P._run_pass(g, s, t, mode, disc) for c, s in states.items()}
            np.testing.assert_allclose(out[True], out[False], rtol=1e-9, atol=1e-9 * np.abs(out[False]).max())
        # the CFR pass updated regrets and strategy sums the same way on every river card
        for name in ("regret", "strat"):
            got = g.expand(getattr(states[True], name))
            np.testing.assert_allclose(got, getattr(states[False], name), rtol=1e-5, atol=1e-3)


def _moved(g, move: list[int]) -> np.ndarray:
    """Where each cell of the full storage goes when the suits are permuted by ``move`` (card id -> card id)."""
    where = np.arange(g.size)
    index = [{tuple(sorted(map(int, x))): h for h, x in enumerate(g.cards[p, : g.nh[p]])} for p in range(2)]
    hand = [
        np.array([index[p][tuple(sorted(move[int(c)] for c in x))] for x in g.cards[p, : g.nh[p]]], dtype=np.int64)
        for p in range(2)
    ]

    def block(nodes, src: int, dst: int) -> None:
        for n in nodes:
            if n.kind == P._DECISION:
                nq = int(g.nh[n.player])
                for a in range(len(n.kids)):
                    at = n.off + a * nq
                    where[src + at : src + at + nq] = dst + at + hand[n.player]

    block(g.nodes[: g.n_root], 0, 0)
    slot = {c: k for k, c in enumerate(g.slots)}
    for j, leaf in enumerate(g.leaves):
        bl = int(g.block[j])
        for k, c in enumerate(g.slots):
            src, dst = int(g.inst_base[j]) + k * bl, int(g.inst_base[j]) + slot[move[c]] * bl
            block(g.tmpl_nodes[id(leaf.tmpl)], src, dst)
    return where


def _symmetric(g, full: np.ndarray) -> np.ndarray:
    """``full`` averaged over the suit permutations that leave the spot unchanged (float32, as the solver keeps it)."""
    out = full.copy()
    for move in g.group:
        moved = np.empty_like(full)
        moved[_moved(g, move)] = full
        out += moved
    return (out / (len(g.group) + 1)).astype(np.float32)


def _compact_of(g) -> np.ndarray:
    """The cells of the full storage that the compact layout keeps, in its order (the representatives' blocks)."""
    root = int(g.inst_base[0])
    parts = [np.arange(root)]
    for j in range(len(g.leaves)):
        bl = int(g.block[j])
        parts += [int(g.inst_base[j]) + k * bl + np.arange(bl) for k in g.reps]
    return np.concatenate(parts)


def test_the_command_line_and_postflop_many_pass_it_through(capsys) -> None:
    from concurrent.futures import ThreadPoolExecutor

    from pokerlab.cli import main

    spot = ["Ks7s4h2h", "--oop", OOP, "--ip", IP, "--pot", "100", "--stack", "150", "--bets", "50%, a"]
    spot += ["--max-iterations", "20", "--target", "0", "--line", "check, check, 3c", "--json"]
    out = []
    for extra in ([], ["--no-isomorphism"]):
        assert main(["postflop", *spot, *extra]) == 0
        out.append(json.loads(capsys.readouterr().out))
    for key in ("value", "exploitability", "frequencies", "iterations"):
        assert out[0][key] == pytest.approx(out[1][key], rel=1e-6), key
    cells = [{(c, a): v for c, mix in o["grid"].items() for a, v in mix.items()} for o in out]
    assert cells[0] and cells[0] == pytest.approx(cells[1], rel=1e-6)
    spots = [dict(board="Ks7s4h2h", oop=OOP, ip=IP, isomorphism=iso, **KW) for iso in (True, False)]
    with ThreadPoolExecutor(1) as pool:
        sols = solve.postflop_many(
            [{k: v for k, v in s.items() if k != "progress"} for s in spots], pool, progress=False
        )
    assert [s._game.iso for s in sols] == [True, False] and sols[0].value == pytest.approx(sols[1].value, rel=1e-6)


def test_on_two_threads_the_same_as_on_one() -> None:
    one, two = (solve.postflop("Ks 9s 6s 3s", OOP, IP, threads=n, **KW) for n in (1, 2))
    assert one._game.iso and one.value == pytest.approx(two.value, rel=1e-9)
    assert one.exploitability == pytest.approx(two.exploitability, rel=1e-9, abs=1e-12)
    line = ("check", "check", "2d")
    assert one.frequencies(line) == pytest.approx(two.frequencies(line), rel=1e-9)
