"""Two-player exact equity: each combination once per runout, and preflop classes from the exact matrix."""

import importlib
import itertools

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

import pokerlab as pl
from pokerlab import Range
from pokerlab.cards import Card, parse_cards
from tests.support.peers import peer

eval7 = peer("eval7")
EQ = importlib.import_module("pokerlab.equities")  # the module of pl.equity, the function


def plain_loop(a, b, board):
    """A direct loop: every runout, every pair of combinations sharing no card, eval7 evaluates both."""
    bd = parse_cards(board)
    ra = Range.parse(a).without(bd) if bd else Range.parse(a)
    rb = Range.parse(b).without(bd) if bd else Range.parse(b)
    e7 = {i: eval7.Card(str(Card(i))) for i in range(52)}
    used = {c.id for c in bd}
    deck = [c for c in range(52) if c not in used]
    won = tie = total = 0.0
    for x, y, wa in ra.combos():
        for u, v, wb in rb.combos():
            hand = {x.id, y.id, u.id, v.id}
            if len(hand) < 4:
                continue
            w = wa * wb
            for run in itertools.combinations([c for c in deck if c not in hand], 5 - len(bd)):
                cards = [e7[c.id] for c in bd] + [e7[c] for c in run]
                va = eval7.evaluate([e7[x.id], e7[y.id], *cards])
                vb = eval7.evaluate([e7[u.id], e7[v.id], *cards])
                total += w
                won += w * (va > vb)
                tie += w * (va == vb)
    return (won + tie / 2) / total, won / total, tie / total


def test_ompeval_reference_case():
    """The issue's case: OMPEval enumerates 67,235,850 hand-pair runouts, equity 0.5809."""
    e = pl.equity(
        "22+,A2s+,KTs+,QTs+,JTs,ATo+,KJo+", "22+,A2s+,K2s+,Q8s+,J8s+,T8s+,98s,A2o+,K9o+,QTo+,JTo", board="Ks7d2c"
    )
    # Independent source: OMPEval's published example (67,235,850 runouts, equity 0.5809)
    assert e.exact and e.cases == 67_235_850
    assert round(e.equity[0], 4) == 0.5809
    assert sum(e.equity) == pytest.approx(1.0, abs=1e-12)


@pytest.mark.parametrize(
    ("a", "b", "board"),
    [
        ("QQ, AKs@50, 72o", "JJ+, AQo@25", "Kd7d2c3s"),
        ("AhKh, QQ", "JJ, T9s", "Kd7d2c"),
        ("TT+@75, 98s", "AK", "Td9d2s4h8c"),
        ("KK", "AA, KK", "2c5d9h"),
    ],
)
def test_against_a_plain_eval7_loop(a, b, board):
    e = pl.equity(a, b, board=board)
    assert e.exact
    want = plain_loop(a, b, board)
    assert e.equity[0] == pytest.approx(want[0], rel=0, abs=1e-12)
    assert e.win[0] == pytest.approx(want[1], rel=0, abs=1e-12)
    assert e.tie[0] == pytest.approx(want[2], rel=0, abs=1e-12)


def test_against_a_random_hand_matches_the_heads_up_strength():
    """One range against a random hand on the river: the same as the old exact enumeration over pairs."""
    e = pl.equity("AsKh", board="Kd7d2c3h9s")
    assert e.exact
    assert e.equity[0] == pytest.approx(pl.hand_strength("AsKh", "Kd7d2c3h9s"), abs=1e-12)


def test_preflop_classes_read_the_matrix_and_agree_with_enumeration():
    a, b = Range.parse("QQ+, AKs"), Range.parse("JJ, AQo")
    from_matrix = pl.equity("QQ+, AKs", "JJ, AQo")
    enumerated = EQ._exact_two([a, b], 0, (), np.zeros(0, np.int64), 5, ["a", "b"])
    assert from_matrix.exact and from_matrix.cases == enumerated.cases
    assert from_matrix.equity[0] == pytest.approx(enumerated.equity[0], rel=0, abs=1e-12)
    assert from_matrix.tie[0] == pytest.approx(enumerated.tie[0], rel=0, abs=1e-12)


def test_whole_classes_detection():
    assert EQ._whole_classes(Range.parse("QQ+, AKs"))
    assert EQ._whole_classes(Range.parse("QQ@50, AK@50"))
    assert not EQ._whole_classes(Range.parse("QQ, AKs@50"))
    assert not EQ._whole_classes(Range.parse("AsKs, QQ"))


def test_fixed_hands_preflop_exact():
    e = pl.equity("AsAh", "KdKc")
    # C(48, 5) boards (hand computation); 0.8126 is pokerlab itself as a regression pin (the path is checked
    # against a plain eval7 loop above)
    assert e.exact and e.cases == 1_712_304
    assert round(e.equity[0], 4) == 0.8126


def test_wide_preflop_weighted_ranges_are_exact_by_default_and_monte_carlo_on_request():
    """Weighted whole classes preflop are read from the matrix; samples= (or exact=False) still means Monte Carlo."""
    e = pl.equity("22+@50, A2s+", "random@30")
    assert e.exact and e.seed is None and e.stderr == (0.0, 0.0)
    assert round(e.equity[0], 6) == 0.64943  # pokerlab itself as a regression pin (the exact matrix path)
    for mc in (
        pl.equity("22+@50, A2s+", "random@30", samples=20_000, seed=1),
        pl.equity("22+@50, A2s+", "random@30", exact=False, seed=1),
    ):
        assert not mc.exact and mc.seed == 1
        assert abs(mc.equity[0] - e.equity[0]) < 5 * mc.stderr[0]


def _exact_counts(a, b):
    """(equity x deals, deals) of two exact hands, counted deal by deal over all 1,712,304 boards."""
    e = pl.equity(a, b)
    assert e.exact and e.cases == 1_712_304
    return e.equity[0] * e.cases, e.cases


def test_a_combination_against_a_random_hand_is_the_plain_sum_over_its_1225_opponents():
    hand = parse_cards("AhKh")
    share = deals = 0.0
    for u, v, _ in Range.random().without(hand).combos():
        s, n = _exact_counts("AhKh", [u, v])
        share, deals = share + s, deals + n
    e = pl.equity("AhKh")
    assert e.exact and e.cases == deals == 1225 * 1_712_304  # hand computation: C(50, 2) x C(48, 5)
    assert e.equity[0] == pytest.approx(share / deals, rel=0, abs=1e-12)
    assert pl.equity("AhKh", "random") == e


def test_weighted_ranges_preflop_are_the_plain_weighted_sum_over_combination_pairs():
    a, b = "QQ@50, AKs", "JJ@25, AQs@80, 72o@10"
    share = total = 0.0
    for x, y, wa in Range.parse(a).combos():
        for u, v, wb in Range.parse(b).combos():
            if len({x, y, u, v}) < 4:
                continue
            s, n = _exact_counts([x, y], [u, v])
            share, total = share + wa * wb * s, total + wa * wb * n
    e = pl.equity(a, b)
    assert e.exact
    assert e.equity[0] == pytest.approx(share / total, rel=0, abs=1e-12)


@pytest.mark.parametrize("cls", ["AKs", "AA", "72o", "T9s", "QJo", "22"])
def test_a_class_against_a_random_hand_is_the_committed_exact_table(cls):
    table = pl.preflop.load_table("exact")
    e = pl.equity(cls)
    assert e.exact and e.players == (cls, "random")
    assert e.equity[0] == pytest.approx(table.value(cls), rel=0, abs=1e-15)
    assert e.win[0] == pytest.approx(table.extra_value("win", cls), rel=0, abs=1e-15)
    assert e.tie[0] == pytest.approx(table.extra_value("tie", cls), rel=0, abs=1e-15)
    assert pl.equity(cls, exact=True) == e
    assert pl.equity(cls, "random") == e


def test_against_random_hands_stays_monte_carlo_where_nothing_exact_applies():
    multiway = pl.equity("AKs", opponents=2, seed=3)  # three players preflop: no exact sum applies
    assert not multiway.exact and multiway.cases == 200_000 and multiway.seed == 3
    assert not pl.equity("AKs", "QQ", opponents=1, seed=3).exact
    assert not pl.equity("AKs", samples=2000, seed=3).exact
    assert not pl.equity("AKs", exact=False, seed=3).exact
    with pytest.raises(pl.ParameterError, match="samples"):
        pl.equity("AKs", samples=2000, exact=True)


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 1325), st.sampled_from([None, 0.37, 1.0]))
def test_any_combination_against_a_random_hand_is_its_class_in_the_exact_table(idx, weight):
    """Renaming suits: every combination of a class has the class's equity against a random hand."""
    from pokerlab.cards import combo_cards
    from pokerlab.preflop import CLASS_NAMES
    from pokerlab.preflop.matrix import _class_of_combo

    cls = CLASS_NAMES[int(_class_of_combo()[idx])]
    hand = Range(((idx, weight),)) if weight is not None else list(combo_cards(idx))
    e = pl.equity(hand)
    assert e.exact
    assert e.equity[0] == pytest.approx(pl.preflop.load_table("exact").value(cls), rel=0, abs=1e-15)


@settings(max_examples=12, deadline=None)
@given(
    st.sets(st.sampled_from(["AA", "KK", "AKs", "QJo", "T9s", "77", "A5s", "KQo"]), min_size=1, max_size=2),
    st.sets(st.sampled_from(["QQ", "JJ", "AQs", "98s", "AKo", "55", "KTs"]), min_size=1, max_size=2),
    st.permutations(list(range(52))),
    st.sampled_from([4, 5]),
)
def test_random_ranges_and_boards_against_the_loop(ra, rb, deck, n):
    board = [Card(i) for i in deck[:n]]
    a, b = ", ".join(sorted(ra)), ", ".join(sorted(rb))
    try:
        want = plain_loop(a, b, board)
    except (ZeroDivisionError, pl.RangeError):
        return
    try:
        e = pl.equity(a, b, board=board)
    except pl.RangeError:
        return
    assert e.exact
    assert e.equity[0] == pytest.approx(want[0], rel=0, abs=1e-12)


def test_runout_chunks_on_one_thread_and_on_all_give_identical_sums():
    """The chunks do not depend on the thread count and are added in order: the same floats to the last bit."""
    import numba

    before = numba.get_num_threads()
    try:
        numba.set_num_threads(1)
        one = [pl.equity("QQ, AKs@50, 72o", "JJ+, AQo@25", board=b) for b in ("Kd7d2c", "Kd7d2c3s")]
        numba.set_num_threads(numba.config.NUMBA_NUM_THREADS)
        every = [pl.equity("QQ, AKs@50, 72o", "JJ+, AQo@25", board=b) for b in ("Kd7d2c", "Kd7d2c3s")]
    finally:
        numba.set_num_threads(before)
    assert one == every


def test_preflop_ranges_without_random_hands_are_exact_deal_by_deal():
    """Two small weighted preflop ranges: exact (deal by deal), the same as the runout kernel."""
    a, b = Range.parse("AA, KQs@50"), Range.parse("KK@75, 76s")
    fast = pl.equity("AA, KQs@50", "KK@75, 76s")
    slow = EQ._exact_two([a, b], 0, (), np.zeros(0, np.int64), 5, ["a", "b"])
    assert fast.exact and fast.cases == slow.cases
    assert fast.equity[0] == pytest.approx(slow.equity[0], rel=0, abs=1e-12)
    assert fast.tie[0] == pytest.approx(slow.tie[0], rel=0, abs=1e-12)


def test_a_weighted_range_against_a_random_hand_is_the_weighted_mean_of_its_combinations():
    """Every combination meets 1,225 opponents on as many boards, so its weight is its whole share."""
    t = pl.preflop.load_table("exact")
    want = (0.5 * 6 * t.value("QQ") + 0.2 * t.value("AKs") + t.value("KQs")) / (3 + 0.2 + 1)
    e = pl.equity("QQ@50, AhKh@20, KsQs")
    assert e.exact and e.cases == 8 * 1225 * 1_712_304
    assert e.equity[0] == pytest.approx(want, rel=0, abs=1e-14)


def test_without_the_matrix_file_a_hand_against_a_random_hand_is_still_exact(monkeypatch):
    """Deal by deal over the 1,225 opponents: the same number to the last bit; a class falls back to Monte Carlo."""
    from pokerlab import preflop
    from pokerlab.errors import PreflopTableError

    with_matrix = pl.equity("AhKh")

    def missing():
        raise PreflopTableError("exact_heads_up_matrix.csv does not exist")

    monkeypatch.setattr(preflop, "load_matrix", missing)
    alone = pl.equity("AhKh")
    assert alone.exact and alone == with_matrix
    assert not pl.equity("AKs", samples=2000, seed=1).exact
