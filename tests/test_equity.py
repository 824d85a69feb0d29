"""Equity: exact enumeration against an independent numpy reference, Monte Carlo statistics."""

import itertools
import sys
from fractions import Fraction
from functools import lru_cache

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from pokerlab import CardCountError, DuplicateCardError, ParameterError, RangeError, equity, evaluate_batch, parse_cards


def ref_heads_up(h1, h2, board=""):
    """Enumerate every board with itertools and compare with evaluate_batch."""
    a, b, bd = (np.array([c.id for c in parse_cards(x)], dtype=np.int64) for x in (h1, h2, board))
    known = set(a) | set(b) | set(bd)
    rest = [i for i in range(52) if i not in known]
    boards = np.array(list(itertools.combinations(rest, 5 - len(bd))), dtype=np.int64).reshape(-1, 5 - len(bd))
    full = np.concatenate([np.tile(bd, (len(boards), 1)), boards], axis=1)
    va = evaluate_batch(np.concatenate([np.tile(a, (len(full), 1)), full], axis=1))
    vb = evaluate_batch(np.concatenate([np.tile(b, (len(full), 1)), full], axis=1))
    n = len(full)
    return (va > vb).sum() / n, (vb > va).sum() / n, (va == vb).sum() / n


@pytest.mark.parametrize(
    "h1, h2, board",
    [
        ("AsAh", "KsKh", ""),
        ("AhKh", "2c2d", ""),
        ("AcKd", "JhTh", ""),
        ("7s6s", "AdAc", "8s9dKs"),
        ("AhQh", "KcKd", "2h7hJc9s"),
    ],
)
def test_exact_heads_up_equals_reference(h1, h2, board):
    e = equity(h1, h2, board=board)
    win1, win2, tie = ref_heads_up(h1, h2, board)
    assert e.exact
    assert e.win[0] == pytest.approx(win1, abs=1e-12)
    assert e.win[1] == pytest.approx(win2, abs=1e-12)
    assert e.tie[0] == pytest.approx(tie, abs=1e-12)
    assert e.equity[0] == pytest.approx(win1 + tie / 2, abs=1e-12)
    assert sum(e.equity) == pytest.approx(1.0)
    assert e.stderr == (0.0, 0.0)


def test_classic_published_matchup():
    # AsAh v KsKh preflop: 82.36% / 17.09% / 0.54% ties (1,712,304 boards). Independent source: PokerStove
    # prints these digits; 1,712,304 = C(48, 5) is a hand computation.
    e = equity("AsAh", "KsKh")
    assert e.cases == 1_712_304
    assert round(e.win[0] * 100, 2) == 82.36
    assert round(e.win[1] * 100, 2) == 17.09
    assert round(e.tie[0] * 100, 2) == 0.54


def test_hand_against_a_range_is_the_average_over_its_combos():
    e = equity("AhKh", "QQ")
    assert e.exact
    parts = [equity("AhKh", q).equity[0] for q in ["QcQd", "QcQh", "QcQs", "QdQh", "QdQs", "QhQs"]]
    assert e.equity[0] == pytest.approx(np.mean(parts), abs=1e-12)


def test_card_removal_between_a_hand_and_a_range():
    # AK blocks kings: against KK there are 3 combos left, against "KsKh" alone it is exact
    e = equity("AsKd", "KK")
    parts = [equity("AsKd", k).equity[0] for k in ["KcKh", "KcKs", "KhKs"]]
    assert e.equity[0] == pytest.approx(np.mean(parts), abs=1e-12)


def test_weighted_range_weights_each_combo():
    e = equity("AhKh", "0.5(QcQd), QsQh")  # QsQh twice as likely
    a = equity("AhKh", "QcQd").equity[0]
    b = equity("AhKh", "QsQh").equity[0]
    assert e.equity[0] == pytest.approx((0.5 * a + b) / 1.5, abs=1e-12)


def test_flop_against_random_hand_matches_hand_potential():
    from pokerlab import hand_potential

    e = equity("AdQc", board="3h4cJh")
    p = hand_potential("AdQc", "3h4cJh")
    assert e.exact and e.players == ("AdQc", "random")
    assert e.win[0] == pytest.approx(p.column_sums[0] / p.total)
    assert e.tie[0] == pytest.approx(p.column_sums[1] / p.total)


def test_monte_carlo_is_seeded_and_within_its_error():
    exact = equity("AhKh", "QQ")
    mc1 = equity("AhKh", "QQ", samples=100_000, seed=11)
    mc2 = equity("AhKh", "QQ", samples=100_000, seed=11)
    mc3 = equity("AhKh", "QQ", samples=100_000, seed=12)
    assert not mc1.exact and mc1.cases == 100_000 and mc1.seed == 11
    assert mc1 == mc2
    assert mc1.equity != mc3.equity
    for i in range(2):
        assert abs(mc1.equity[i] - exact.equity[i]) < 4 * mc1.stderr[i]
    assert 0.001 < mc1.stderr[0] < 0.003  # about sqrt(p(1-p)/n)


def test_monte_carlo_stderr_shrinks_with_samples():
    small = equity("AhKh", opponents=2, samples=10_000, seed=1)
    big = equity("AhKh", opponents=2, samples=160_000, seed=1)
    assert big.stderr[0] == pytest.approx(small.stderr[0] / 4, rel=0.1)


def test_multiway_random_opponents():
    e = equity("AsAd", opponents=4, samples=200_000, seed=3)
    assert len(e.equity) == 5 and sum(e.equity) == pytest.approx(1.0)
    # published: AA against 4 random hands wins about 55.9%
    assert abs(e.equity[0] - 0.559) < 0.01
    others = e.equity[1:]
    assert max(others) - min(others) < 0.01


def test_three_way_exact_with_ranges_on_the_turn():
    e = equity("AhKh", "QQ", "JsTs", board="Qc7h2h5d")
    assert e.exact
    assert sum(e.equity) == pytest.approx(1.0)
    mc = equity("AhKh", "QQ", "JsTs", board="Qc7h2h5d", samples=200_000, seed=5)
    for i in range(3):
        assert abs(mc.equity[i] - e.equity[i]) < 4 * max(mc.stderr[i], 1e-4)


def test_results_print_and_serialise():
    e = equity("AsAh", "KsKh")
    assert "82.64%" in str(e)
    d = e.to_dict()
    assert set(d) >= {"equity", "win", "tie", "exact", "stderr"}
    assert "<table>" in e._repr_html_()


@pytest.mark.parametrize(
    "call, error, words",
    [
        (lambda: equity("AhKh", "AhQh"), DuplicateCardError, "Ah is dealt twice"),
        (lambda: equity("AhKh", "QsQd", board="Qs7c2d"), DuplicateCardError, "Qs"),
        (lambda: equity("AhKh", board="2c"), CardCountError, "not 1"),
        (lambda: equity("AhKh", board="2c3c"), CardCountError, "not 2"),
        (lambda: equity("AhKh", board="2c3c4c5c6c7c"), CardCountError, "not 6"),
        (lambda: equity("AhKh", opponents=0), ParameterError, "1..9"),
        (
            lambda: equity("AhKh", opponents=10),
            ParameterError,
            "opponents must be a whole number 0..9 \\(a table seats 10\\), not 10",
        ),
        (lambda: equity("AhKh", "QQ", opponents=9), ParameterError, "1..9"),
        (lambda: equity("AhAd", "AA", board="AcKd7s"), RangeError, "empty"),
        (lambda: equity("AhKh", "XYZ"), RangeError, "cannot read"),
        (lambda: equity("AhKh", samples=0), ParameterError, "positive"),
        (lambda: equity("AhKh", samples=10, exact=True), ParameterError, "Monte Carlo"),
        (lambda: equity(), ParameterError, "at least one"),
    ],
)
def test_bad_input_is_named(call, error, words):
    with pytest.raises(error, match=words):
        call()


# -- fixed hands: boards grouped by ranks, flushes apart -------------------------------------------


@lru_cache(maxsize=8)
def _subsets(n: int, k: int) -> np.ndarray:
    if k == 0:
        return np.zeros((1, 0), dtype=np.int64)
    return np.array(list(itertools.combinations(range(n), k)), dtype=np.int64).reshape(-1, k)


def ref_counts(hands: list[list[int]], board: list[int]) -> tuple[list[int], list[int], list[int], int]:
    """Board by board with evaluate_batch: each player's wins, ties, pot in 1/2520, and the number of boards."""
    known = {c for h in hands for c in h} | set(board)
    rest = np.array([c for c in range(52) if c not in known], dtype=np.int64)
    runs = rest[_subsets(len(rest), 5 - len(board))]
    full = np.concatenate([np.tile(np.array(board, dtype=np.int64), (len(runs), 1)), runs], axis=1)
    vals = np.stack([evaluate_batch(np.concatenate([np.tile(h, (len(full), 1)), full], axis=1)) for h in hands])
    is_best = vals == vals.max(axis=0)
    nbest = is_best.sum(axis=0)
    wins = (is_best & (nbest == 1)).sum(axis=1)
    ties = (is_best & (nbest > 1)).sum(axis=1)
    shares = (is_best * (2520 // nbest)).sum(axis=1)
    return [int(x) for x in wins], [int(x) for x in ties], [int(x) for x in shares], len(full)


@settings(max_examples=40, deadline=None)
@given(st.integers(2, 4), st.sampled_from([0, 1, 2, 3, 3, 4, 4, 5]), st.permutations(list(range(52))))
def test_rank_multiset_kernel_counts_exactly_what_board_by_board_counts(players, n_board, deck):
    """Any 2-4 fixed hands, any board of 0-5 cards: the same whole numbers as an evaluate_batch loop."""
    from pokerlab import _kernels

    if n_board == 0 and players > 3:
        players = 3  # keep the reference's memory small
    hands = [deck[2 * i : 2 * i + 2] for i in range(players)]
    board = deck[2 * players : 2 * players + n_board]
    win, tie, share, boards = _kernels.hands_exact(np.array([hands]), np.array(board, dtype=np.int64))
    want = ref_counts(hands, board)
    assert (win[0].tolist(), tie[0].tolist(), share[0].tolist(), int(boards[0])) == want


@pytest.mark.parametrize(
    "hands, board",
    [
        (["AsAh", "KdKc"], ""),
        (["AhKh", "QhJh"], ""),
        (["AsAh", "KdKc", "7s6s"], ""),
        (["Ah2h", "KhQd", "9c9d", "5s4s"], "Th8h2c"),
        (["AhKh", "QsQd", "JhTh"], "Qh7h2s5d"),
        (["AcKc", "AdKd"], "QcJc2d3h"),
        (["AhKh", "QsQd", "JhTh", "9c9d", "5s4s", "2d3c"], "Qh7h2s"),
        (["AsKs", "QsJs", "Ts9s", "8h8d", "Ac2c"], ""),
    ],
)
def test_fixed_hands_equal_board_by_board_enumeration_exactly(hands, board):
    """pl.equity of fixed hands: win and tie are the reference's counts over the boards, equity its exact share."""
    e = equity(*hands, board=board)
    wins, ties, shares, n = ref_counts(
        [[c.id for c in parse_cards(h)] for h in hands], [c.id for c in parse_cards(board)]
    )
    assert e.exact and e.cases == n
    assert list(e.win) == [w / n for w in wins]
    assert list(e.tie) == [t / n for t in ties]
    assert list(e.equity) == [float(Fraction(s, 2520 * n)) for s in shares]


def test_fixed_hands_preflop_is_milliseconds_not_a_board_loop(monkeypatch):
    """The issue's case, AsAh against KdKc: 6,188 rank multisets instead of 1,712,304 boards.

    Checked by what runs, not by a clock: the board-by-board kernel is not called at all.
    """
    from pokerlab import _kernels

    def board_loop(*args, **kwargs):
        raise AssertionError("fixed hands preflop went through the board-by-board loop")

    monkeypatch.setattr(_kernels, "equity_exact", board_loop)
    e = equity("AsAh", "KdKc")
    # 1,712,304 = C(48, 5) boards (hand computation); 0.8126: pokerlab itself as a regression pin
    assert e.cases == 1_712_304 and round(e.equity[0], 4) == 0.8126


@pytest.mark.parametrize(
    "players",
    [("AA", "KK@50"), ("AsKs", "QQ, JJ", "T9s"), ("AKs, 72o", "AsKs, QQ@25")],
)
def test_preflop_ranges_deal_by_deal_equal_the_board_by_board_kernel(players):
    """Ranges preflop go deal by deal (deals grouped by suit renaming); the old board-by-board kernel agrees."""
    from pokerlab import Range

    eq = sys.modules["pokerlab.equities"]
    ranges = [Range.of(p) for p in players]
    fast = equity(*players)
    slow = eq._exact(ranges, 0, (), np.zeros(0, np.int64), 5, list(players))
    assert fast.exact and fast.cases == slow.cases
    for got, want in ((fast.equity, slow.equity), (fast.win, slow.win), (fast.tie, slow.tie)):
        assert got == pytest.approx(want, rel=0, abs=1e-9)


def test_deals_grouped_by_suit_renaming_give_identical_numbers(monkeypatch):
    eq = sys.modules["pokerlab.equities"]
    from pokerlab import Range

    holes, weight = eq._deals([Range.of("AA"), Range.of("KK")])
    grouped, summed, count = eq._up_to_suits(holes, weight)
    assert len(holes) == 36 and len(grouped) == 3 and count.sum() == 36 and summed.sum() == 36.0
    grouped_answer = equity("AA", "KK, QJs")
    monkeypatch.setattr(eq, "_up_to_suits", lambda h, w: (h, w, np.ones(len(h), dtype=np.int64)))
    plain = equity("AA", "KK, QJs")
    assert grouped_answer == plain


def test_deals_on_threads_count_the_same():
    from pokerlab import _kernels

    rng = np.random.default_rng(17)
    holes = np.array([rng.permutation(52)[:6].reshape(3, 2) for _ in range(6)])
    one = _kernels.hands_exact(holes, np.zeros(0, np.int64), threads=False)
    many = _kernels.hands_exact(holes, np.zeros(0, np.int64), threads=True)
    for a, b in zip(one, many, strict=True):
        assert np.array_equal(a, b)


def test_preflop_ranges_with_equal_weights_are_the_exact_sums_over_their_deals():
    """Deal by deal with suit-renamed deals merged: win, tie and equity are the exact sums of every deal's counts."""
    a, b = ["AsAh", "AdAc"], ["KsKd", "KhKc"]
    e = equity(", ".join(a), ", ".join(b))
    totals = [0, 0, 0, 0, 0]  # a's wins, b's wins, ties, a's pot units, boards
    for x in a:
        for y in b:
            wins, ties, shares, n = ref_counts([[c.id for c in parse_cards(h)] for h in (x, y)], [])
            for i, v in enumerate((wins[0], wins[1], ties[0], shares[0], n)):
                totals[i] += v
    a_win, b_win, tie, a_share, n = totals
    assert e.exact and e.cases == n
    assert e.win == (a_win / n, b_win / n) and e.tie == (tie / n, tie / n)
    assert e.equity[0] == float(Fraction(a_share, 2520 * n))


def test_a_seed_with_exact_enumeration_is_refused_not_ignored(capsys):
    from pokerlab.cli import main
    from pokerlab.errors import ParameterError

    with pytest.raises(ParameterError, match="seed drives Monte Carlo sampling; exact=True enumerates"):
        equity("AhKh", "QQ", exact=True, seed=1)
    assert main(["equity", "AhKh", "QQ", "--exact", "--seed", "1"]) == 2
    assert "exact=True enumerates" in capsys.readouterr().err
    assert equity("AhKh", "QQ", seed=1).exact  # a seed given in case Monte Carlo is chosen: still allowed
