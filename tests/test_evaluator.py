"""The evaluator: exact counts, a golden digest, the reference, and peers."""

import hashlib
import itertools
from math import comb

import numpy as np
import pytest
from hypothesis import given, strategies as st

import pokerlab as pl
from pokerlab import Card, CardCountError, CardError, HandCategory, _kernels, evaluate, evaluate_batch, parse_cards
from pokerlab._tables import all_keys
from pokerlab.evaluator import reference_value
from tests.support.peers import peer
from tests.support.strategies import distinct_cards

# Independent source: the published counts (combinatorics; the standard poker-probability tables) of all
# 2,598,960 five-card and 133,784,560 seven-card hands.
FIVE_CARD_COUNTS = [1302540, 1098240, 123552, 54912, 10200, 5108, 3744, 624, 40]
SEVEN_CARD_COUNTS = [23294460, 58627800, 31433400, 6461620, 6180020, 4047644, 3473184, 224848, 41584]
# sha256 over (hand indices sorted by value, stable) + (the sorted values), all 5-card hands.
# Source: pokerlab itself as a regression pin (recorded when the counts above and the peers agreed).
GOLDEN_DIGEST = "a5c5bb99df4c97683db6ad7c21055b864a49d0981c0c066edf48294dc38ae372"


def random_hands(n, k, seed):
    rng = np.random.default_rng(seed)
    return np.argsort(rng.random((n, 52)), axis=1)[:, :k].astype(np.int64)


def test_7462_distinct_classes_by_category():
    cats = [k[0] for k in all_keys()]
    # Independent source: the 7,462 distinct five-card values (Cactus Kev's equivalence classes; a hand computation)
    assert len(cats) == 7462
    assert [cats.count(c) for c in range(9)] == [1277, 2860, 858, 858, 10, 1277, 156, 156, 10]


def test_five_card_category_counts_and_golden_digest():
    counts, values = _kernels.enumerate_hands(5, store=True)
    assert counts.tolist() == FIVE_CARD_COUNTS
    order = np.argsort(values, kind="stable")
    digest = hashlib.sha256(order.astype("<u4").tobytes() + values[order].astype("<i2").tobytes()).hexdigest()
    assert digest == GOLDEN_DIGEST


def test_every_five_card_class_occurs_as_often_as_combinatorics_says():
    # 4 suits per flush class; distinct-rank non-flush classes 4^5 - 4 = 1020;
    # one pair 6*4^3 = 384; two pair 6*6*4 = 144; trips 4*4*4 = 64; full house 4*6 = 24; quads 4.
    _, values = _kernels.enumerate_hands(5, store=True)
    per_value = np.bincount(values, minlength=7463)[1:]
    expected = {0: 1020, 1: 384, 2: 144, 3: 64, 4: 1020, 5: 4, 6: 24, 7: 4, 8: 4}
    for i, (cat, _) in enumerate(all_keys()):
        assert per_value[i] == expected[cat], (i, cat)


def test_seven_card_category_counts_over_all_133784560_hands():
    counts, _ = _kernels.enumerate_hands(7)
    assert counts.tolist() == SEVEN_CARD_COUNTS
    assert counts.sum() == 133_784_560
    assert [pl.category_counts(7, progress=False)[c] for c in pl.HandCategory] == SEVEN_CARD_COUNTS


@pytest.mark.parametrize("ncards", [5, 6])
def test_the_counting_loop_finds_every_value_the_generic_walk_stores(ncards):
    """``_value_hist`` (an odometer over all cards but the last, the last in a tight loop) against
    ``_enumerate`` (a plain odometer over every card, storing each value), lowest card by lowest card."""
    for first in range(52 - ncards + 1):
        values = np.empty(comb(52 - first - 1, ncards - 1), np.int16)
        counts = np.zeros(9, np.int64)
        walked = _kernels._enumerate(ncards, first, values, counts, *_kernels_tables())
        hist = _kernels.value_counts_from(ncards, first)
        assert walked == len(values) == hist.sum()
        assert np.array_equal(np.bincount(values, minlength=len(hist)), hist), first


def _kernels_tables():
    k = _kernels
    return k.KK, k.FT, k.NT, k.PR, k.SR, k.CAT


@pytest.mark.parametrize("k", [5, 6, 7])
def test_fast_path_matches_plain_reference(k):
    hands = random_hands(4000, k, seed=k)
    fast = evaluate_batch(hands)
    for row, value in zip(hands.tolist(), fast.tolist(), strict=True):
        assert reference_value(row) == value
        assert evaluate(row).value == value


@given(distinct_cards(5, 7))
def test_reference_and_fast_agree_on_any_hand(cards):
    assert evaluate(cards).value == reference_value(cards)
    ids = np.array([[c.id for c in cards]])
    assert evaluate_batch(ids)[0] == reference_value(cards)


@given(distinct_cards(7), st.permutations(range(4)), st.randoms())
def test_value_ignores_card_order_and_suit_names(cards, suit_map, rnd):
    value = evaluate(cards).value
    shuffled = list(cards)
    rnd.shuffle(shuffled)
    assert evaluate(shuffled).value == value
    relabelled = [Card(c.rank.index * 4 + suit_map[c.suit.index]) for c in cards]
    assert evaluate(relabelled).value == value


@given(distinct_cards(7))
def test_best_five_carries_the_value(cards):
    v = evaluate(cards)
    assert len(v.best_five) == 5 and set(v.best_five) <= set(cards)
    assert evaluate(v.best_five).value == v.value
    assert v.category == HandCategory(
        int(np.searchsorted([1, 1278, 4138, 4996, 5854, 5864, 7141, 7297, 7453], v.value, "right") - 1)
    )


@given(distinct_cards(5), distinct_cards(5), distinct_cards(5))
def test_rank_order_is_a_total_order(a, b, c):
    va, vb, vc = evaluate(a), evaluate(b), evaluate(c)
    assert (va < vb) + (va == vb) + (va > vb) == 1
    if va <= vb and vb <= vc:
        assert va <= vc
    assert (va < vb) == (reference_value(a) < reference_value(b))


@pytest.mark.parametrize(
    "cards, description, category",
    [
        ("AsKsQsJsTs", "Royal flush", HandCategory.STRAIGHT_FLUSH),
        ("9h8h7h6h5h", "Straight flush, nine high", HandCategory.STRAIGHT_FLUSH),
        ("5d4d3d2dAd", "Straight flush, five high", HandCategory.STRAIGHT_FLUSH),
        ("AsAhAdAcKs", "Four of a kind, aces", HandCategory.FOUR_OF_A_KIND),
        ("KhKsKdThTc", "Full house, kings full of tens", HandCategory.FULL_HOUSE),
        ("As Js 9s 6s 2s", "Flush, ace high", HandCategory.FLUSH),
        ("Ts 9h 8d 7c 6s", "Straight, ten high", HandCategory.STRAIGHT),
        ("5s 4h 3d 2c As", "Straight, five high", HandCategory.STRAIGHT),
        ("7s 7h 7d Kc 2s", "Three of a kind, sevens", HandCategory.THREE_OF_A_KIND),
        ("As Ah Ks Kh Qs", "Two pair, aces and kings", HandCategory.TWO_PAIR),
        ("6s 6h As Kh Qs", "One pair, sixes", HandCategory.PAIR),
        ("As Kh Js Td 9s", "High card, ace", HandCategory.HIGH_CARD),
    ],
)
def test_descriptions_and_categories(cards, description, category):
    v = evaluate(cards)
    assert v.describe() == description
    assert v.category is category


def test_extremes_and_best_five_order():
    # Hand computation: the worst hand is the first of the 7,462 classes, the royal flush the last
    assert evaluate("7c 5d 4h 3s 2c").value == 1
    assert evaluate("AsKsQsJsTs").value == 7462
    # the trips before the pair; cards of one rank in suit order (spades, hearts, diamonds, clubs)
    v = evaluate("Kh Ks 2c Kd Th Tc 3d")
    assert [str(c) for c in v.best_five] == ["Ks", "Kh", "Kd", "Th", "Tc"]
    assert [c.rank.value for c in evaluate("5s 4h 3d 2c As Kd Qc").best_five] == ["5", "4", "3", "2", "A"]


def test_six_and_seven_cards_take_the_best_five():
    assert evaluate("AsKsQsJsTs 9s").describe() == "Royal flush"
    assert evaluate("2c2d2h3c3d3h4s").describe() == "Full house, threes full of twos"
    assert evaluate("AhAd KhKd QhQd 2c").describe() == "Two pair, aces and kings"
    assert evaluate("AhAd KhKd QhQd 2c").best_five[-1].rank.value == "Q"


def test_bad_input():
    with pytest.raises(CardCountError, match="not 4"):
        evaluate("AsKsQsJs")
    with pytest.raises(CardCountError, match="not 8"):
        evaluate("AsKsQsJsTs9s8s7s")
    with pytest.raises(CardError, match="twice"):
        evaluate("AsAsQsJsTs")
    with pytest.raises(CardCountError, match="shape"):
        evaluate_batch(np.zeros((3, 4), dtype=int))
    with pytest.raises(CardError, match="row 1"):
        evaluate_batch(np.array([[0, 1, 2, 3, 4], [0, 0, 2, 3, 4]]))
    with pytest.raises(CardError, match="row 0"):
        evaluate_batch(np.array([[0, 1, 2, 3, 52]]))
    with pytest.raises(CardError, match="integers"):
        evaluate_batch(np.zeros((2, 5)))


def test_batch_shapes_and_dtype():
    assert evaluate_batch(np.zeros((0, 7), dtype=np.int64)).shape == (0,)
    out = evaluate_batch(random_hands(10, 6, seed=0).astype(np.int8))
    assert out.dtype == np.int32 and out.shape == (10,)


def assert_same_order(ours, theirs):
    """ours and theirs (higher = better) must induce the identical weak order."""
    ours = np.asarray(ours)
    theirs = np.asarray(theirs)
    order = np.argsort(ours, kind="stable")
    o, t = ours[order], theirs[order]
    same = o[1:] == o[:-1]
    assert (t[1:][same] == t[:-1][same]).all(), "hands we call equal differ for the peer"
    assert (t[1:][~same] > t[:-1][~same]).all(), "hands we order differently"


def test_same_order_as_eval7_on_100000_random_seven_card_hands():
    eval7 = peer("eval7")
    hands = random_hands(100_000, 7, seed=2024)
    deck = [eval7.Card(str(Card(i))) for i in range(52)]
    theirs = [eval7.evaluate([deck[i] for i in row]) for row in hands.tolist()]
    assert_same_order(evaluate_batch(hands), theirs)


def test_same_order_as_treys_on_20000_random_seven_card_hands():
    treys = peer("treys")
    hands = random_hands(20_000, 7, seed=7)
    ev = treys.Evaluator()
    deck = [treys.Card.new(str(Card(i))) for i in range(52)]
    theirs = [-ev.evaluate([deck[i] for i in row[:2]], [deck[i] for i in row[2:]]) for row in hands.tolist()]
    assert_same_order(evaluate_batch(hands), theirs)


def test_all_five_card_subsets_of_a_seven_card_hand():
    cards = parse_cards("Ah Kh Qh Jh 2h 2c 2d")
    best = max(reference_value(c) for c in itertools.combinations(cards, 5))
    assert evaluate(cards).value == best


@pytest.mark.parametrize("k", [5, 6, 7])
def test_batch_on_one_thread_and_on_all_gives_the_same_values_and_the_same_first_bad_row(k):
    import numba

    hands = random_hands(3 * _kernels.THREADED_ROWS + 17, k, 11)
    bad = hands.copy()
    bad[_kernels.THREADED_ROWS + 5, 1] = bad[_kernels.THREADED_ROWS + 5, 0]  # a card twice
    bad[-3, 0] = 52  # a later bad row in another block
    before = numba.get_num_threads()
    try:
        numba.set_num_threads(1)
        one = evaluate_batch(hands)
        with pytest.raises(CardError, match=f"row {_kernels.THREADED_ROWS + 5} "):
            evaluate_batch(bad)
        numba.set_num_threads(numba.config.NUMBA_NUM_THREADS)
        every = evaluate_batch(hands)
        with pytest.raises(CardError, match=f"row {_kernels.THREADED_ROWS + 5} "):
            evaluate_batch(bad)
    finally:
        numba.set_num_threads(before)
    assert np.array_equal(one, every)
    assert np.array_equal(one[:200], [reference_value([Card(int(c)) for c in h]) for h in hands[:200]])


def test_a_bad_row_is_quoted_as_passed_for_every_dtype_and_path():
    # uint64 ids were converted to int64 before the message quoted them: 2**64-1 read as -1
    import pytest

    from pokerlab import _notice
    from pokerlab.errors import CardError

    rows = np.array([[0, 1, 2, 3, 4], [2**64 - 1, 1, 2, 3, 4]], dtype=np.uint64)
    for single in (False, True):  # the kernel and the command line's numpy path
        _notice.single_query = single
        try:
            with pytest.raises(CardError, match=r"row 1 .*\[18446744073709551615, 1, 2, 3, 4\]"):
                evaluate_batch(rows)
        finally:
            _notice.single_query = False


def test_a_category_prints_its_name():
    c = evaluate("AsKsQsJsTs").category
    assert (str(c), f"{c}", f"{c:>16}", f"{c:d}", int(c)) == (
        "Straight flush",
        "Straight flush",
        "  Straight flush",
        "8",
        8,
    )
    assert [str(x) for x in HandCategory][:2] == ["High card", "One pair"]
