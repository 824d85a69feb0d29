"""The fast batch evaluator (issue #25) gives exactly the plain evaluators' values, for any integer ids.

``evaluate_batch`` runs ``_kernels._eval_batch7`` for unchecked 7-card rows (flush rows redone per
group of 64 rows) and ``_kernels._eval_batch_fast`` otherwise (compact per-card-count tables, ids read as
unsigned, no widening of narrow integer rows, no narrowing of wide ones: numpy's default int64 rows
are read in place, their range and repeated-card checks fused into the evaluation loop). These
tests hold it against the plain reference evaluator (every 5-card subset, written plainly) and
against the shared-table batch loop it replaced, and check that validation finds the same first bad
row whatever the integer type.
"""

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from pokerlab import _kernels
from pokerlab.errors import CardError
from pokerlab.evaluator import evaluate_batch, reference_value

DTYPES = [np.int8, np.uint8, np.int16, np.uint16, np.int32, np.uint32, np.int64, np.uint64]
KERNEL_ROWS = (np.uint8, np.int64)  # the row types evaluate_batch passes its kernels (it copies any other)


def seven_card_kernel(dtype):
    """The 7-card kernel ``evaluate_batch`` runs on rows of ``dtype``: byte rows the plain one, int64 rows the
    prefetching twin (``_kernels.evaluate_batch``). Calling each with the other row type as well compiled two
    versions no user reaches (about 10 s of CPU on a fresh clone)."""
    return _kernels._eval_batch7 if np.dtype(dtype).itemsize == 1 else _kernels._eval_batch7_prefetch


def random_hands(n: int, k: int, seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    return np.argsort(rng.random((n, 52)), axis=1)[:, :k].astype(np.int64)


def plain_batch(hands: np.ndarray) -> np.ndarray:
    out = np.empty(len(hands), np.int32)
    bad = _kernels._eval_batch(hands, out, True, _kernels.KK, _kernels.FT, _kernels.NT, _kernels.PR, _kernels.SR)
    assert bad == -1
    return out


@pytest.mark.parametrize("k", [5, 6, 7])
def test_fast_batch_equals_the_plain_batch_loop_on_200000_hands(k):
    hands = random_hands(200_000, k, seed=100 + k)
    want = plain_batch(hands)
    assert np.array_equal(evaluate_batch(hands), want)
    assert np.array_equal(evaluate_batch(hands, validate=False), want)
    assert np.array_equal(evaluate_batch(hands.astype(np.uint8), validate=False), want)


@pytest.mark.parametrize("k", [5, 6, 7])
def test_fast_batch_equals_the_reference_evaluator(k):
    hands = random_hands(1500, k, seed=k)
    flushes = np.array([[4 * r + 1 for r in (12, 9, 7, 4, 2, 0, 11)[:k]]])  # a spade flush, checked explicitly
    hands = np.vstack([hands, flushes])
    assert evaluate_batch(hands.astype(np.uint8)).tolist() == [reference_value(list(row)) for row in hands.tolist()]


@pytest.mark.parametrize("dtype", DTYPES, ids=lambda d: np.dtype(d).name)
def test_every_integer_type_gives_the_same_values(dtype):
    hands = random_hands(70_000, 7, seed=9)  # above the threaded size: blocks run on the thread pool
    assert np.array_equal(evaluate_batch(hands.astype(dtype)), plain_batch(hands))


def test_the_batch_kernels_are_compiled_for_uint8_and_int64_rows_only():
    """Each row type costs a compile of several seconds on a cold cache: every other integer type is copied
    into uint8 (ids within 0..255) or int64 rows first, with the same values and the same first bad row."""
    hands = random_hands(300, 7, seed=4)
    for dtype in DTYPES:
        for k in (5, 6, 7):
            assert np.array_equal(evaluate_batch(hands[:, :k].astype(dtype)), plain_batch(hands[:, :k]))
    kernels = (_kernels._eval_batch7, _kernels._eval_batch7_prefetch, _kernels._eval_batch_fast)
    kernels += (_kernels._eval_batch_prefetch,)
    row_types = {str(sig[0].dtype) for kernel in kernels for sig in kernel.signatures}
    assert row_types <= {"uint8", "int64"}, row_types
    for order in (">i8", ">i4", ">u8"):  # the other byte order: read as native rows (numba cannot)
        assert np.array_equal(evaluate_batch(hands.astype(order)), plain_batch(hands)), order
    wide = hands.astype(np.int32)
    wide[17, 3] = 300  # beyond uint8: read as int64 rows, still named
    with pytest.raises(CardError, match=r"row 17 .*300"):
        evaluate_batch(wide)


@settings(max_examples=60)
@given(
    row=st.integers(0, 99),
    bad=st.sampled_from(["negative", "52", "63", "64", "255", "300", "2**40", "duplicate"]),
    dtype=st.sampled_from([np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint16, np.uint32, np.uint64]),
    k=st.sampled_from([5, 6, 7]),
)
def test_validation_names_the_first_bad_row_for_any_integer_type(row, bad, dtype, k):
    hands = random_hands(100, k, seed=5)
    if bad == "negative":
        if np.dtype(dtype).kind == "u":
            return
        hands[row, 1] = -1
    elif bad == "52":
        hands[row, 0] = 52
    elif bad in ("63", "64", "255", "300", "2**40"):
        value = {"63": 63, "64": 64, "255": 255, "300": 300, "2**40": 2**40}[bad]
        if value > np.iinfo(dtype).max:
            return
        hands[row, k - 1] = value
    else:
        hands[row, k - 1] = hands[row, 0]
    with pytest.raises(CardError, match=f"^row {row} has a card id"):
        evaluate_batch(hands.astype(dtype))


@pytest.mark.parametrize("k", [5, 6, 7])
def test_numpy_values_equal_the_compiled_batch(k):
    """``_values_numpy`` (single queries without numba) gives evaluate_batch's numbers, flushes included."""
    from pokerlab.evaluator import _values_numpy

    hands = random_hands(50_000, k, seed=40 + k)
    assert np.array_equal(_values_numpy(hands), evaluate_batch(hands))


def test_small_batches_before_numba_is_loaded_give_the_same_values_and_errors():
    """Up to SMALL_BATCH rows with the kernels not loaded, numpy answers: same values, same first bad row."""
    import json
    import subprocess
    import sys

    hands = {k: random_hands(3000, k, seed=60 + k) for k in (5, 6, 7)}
    code = (
        "import json, sys, numpy as np\n"
        "import pokerlab as pl\n"
        "from pokerlab import _notice\n"
        "_notice.single_query = True  # as in a one-answer command\n"
        "hands = json.loads(sys.stdin.read())\n"
        "out = {k: pl.evaluate_batch(np.array(v, dtype=np.uint8)).tolist() for k, v in hands.items()}\n"
        "bad = np.array(hands['7'])\n"
        "bad[1234, 3] = bad[1234, 5]\n"
        "bad[2000, 0] = 60\n"
        "try:\n"
        "    pl.evaluate_batch(bad, validate=False)\n"
        "except pl.CardError as e:\n"
        "    out['error'] = str(e)\n"
        "out['numba'] = 'numba' in sys.modules\n"
        "print(json.dumps(out))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code],
        input=json.dumps({str(k): v.tolist() for k, v in hands.items()}),
        capture_output=True,
        text=True,
        check=True,
        timeout=300,
    )
    out = json.loads(done.stdout)
    assert out["numba"] is False
    for k, v in hands.items():
        assert out[str(k)] == plain_batch(v).tolist()
    assert out["error"].startswith("row 1234 has a card id outside 0..51 or the same card twice")


@settings(max_examples=80)
@given(
    rows=st.lists(st.permutations(range(52)).map(lambda deck: deck[:7]), min_size=1, max_size=40),
    k=st.sampled_from([5, 6, 7]),
)
def test_int64_int32_int16_uint8_rows_give_the_reference_values(rows, k):
    """numpy's default int64 rows and the narrower types give the plain reference evaluator's values."""
    hands = np.array([r[:k] for r in rows], dtype=np.int64)
    want = [reference_value(list(row)) for row in hands.tolist()]
    for dtype in (np.int64, np.int32, np.int16, np.uint8):
        ids = hands.astype(dtype)
        assert evaluate_batch(ids).tolist() == want, np.dtype(dtype).name
        assert evaluate_batch(ids, validate=False).tolist() == want, np.dtype(dtype).name


@pytest.mark.parametrize("dtype", [np.int64, np.int32, np.int16, np.uint8], ids=lambda d: np.dtype(d).name)
def test_the_first_bad_row_of_a_threaded_batch_is_named_for_every_type(dtype):
    """A bad card in a late block of a threaded batch: the error names that row and quotes it as passed."""
    hands = random_hands(70_000, 7, seed=12)
    hands[61_234, 2] = hands[61_234, 6]  # a repeated card
    hands[69_000, 0] = 52  # and a later id out of range: the first bad row is the one named
    with pytest.raises(CardError) as err:
        evaluate_batch(hands.astype(dtype))
    assert str(err.value) == (
        "row 61234 has a card id outside 0..51 or the same card twice: " + str(hands[61_234].tolist())
    )


def test_a_non_contiguous_int64_view_gives_the_same_values():
    """A column slice or a transposed array (not C-contiguous) is read correctly."""
    hands = random_hands(3000, 7, seed=21)
    wide = np.hstack([hands, hands])[:, ::2]  # every other column: the hand's first, third, ... cards
    want = [reference_value(list(row)) for row in wide[:500].tolist()]
    assert evaluate_batch(wide)[:500].tolist() == want
    assert evaluate_batch(np.asfortranarray(hands)).tolist() == evaluate_batch(hands).tolist()


def flush_heavy_hands(n: int, seed: int) -> np.ndarray:
    """Seven distinct cards from two suits only (about three rows in four hold a flush), every suit pair in turn."""
    rng = np.random.default_rng(seed)
    rows = []
    pairs = [(0, 1), (2, 3), (0, 3), (1, 2), (0, 2), (1, 3)]
    for i in range(n):
        a, b = pairs[i % len(pairs)]
        deck = np.array([4 * r + a for r in range(13)] + [4 * r + b for r in range(13)])
        rows.append(rng.permutation(deck)[:7])
    return np.array(rows, dtype=np.int64).reshape(n, 7)


@pytest.mark.parametrize("n", [0, 1, 63, 64, 65, 1000])
@pytest.mark.parametrize("dtype", [np.uint8, np.int16, np.int32, np.int64, np.uint64], ids=lambda d: np.dtype(d).name)
def test_the_seven_card_kernel_equals_the_plain_batch_loop_with_many_flushes(n, dtype):
    """``_eval_batch7`` (uint8 rows) and its prefetching twin (int64 rows) on group edges (64 rows) and flush-heavy
    rows of every suit.

    Each kernel is called with the row type ``evaluate_batch`` passes it (:func:`seven_card_kernel`); the
    other types go through ``evaluate_batch``, which copies them to one of those. Calling the kernels with
    int16, int32 and uint64 rows compiled six versions no user reaches: about 60 s of CPU on a fresh clone."""
    hands = np.vstack([flush_heavy_hands(n - n // 2, 30 + n), random_hands(n // 2, 7, 31 + n)])
    hands = hands[np.random.default_rng(n).permutation(len(hands))]
    assert len(hands) == n
    want = plain_batch(hands) if n else np.empty(0, np.int32)
    ids = hands.astype(dtype)
    tables = (_kernels.BATCH_KK, _kernels.FT16, _kernels.BATCH_NT[7], _kernels.BATCH_PR[7], _kernels.BATCH_SR)
    for kernel in (seven_card_kernel(dtype),) if dtype in KERNEL_ROWS else ():
        for check in (False, True):
            out = np.full(n, -7, np.int32)
            assert kernel(ids, out, check, *tables) == -1
            assert np.array_equal(out, want)
    assert np.array_equal(evaluate_batch(ids, validate=False), want)
    assert np.array_equal(evaluate_batch(ids), want)


@pytest.mark.parametrize("dtype", [np.uint8, np.int64], ids=lambda d: np.dtype(d).name)
def test_the_seven_card_kernel_names_the_first_bad_row_of_the_first_group_that_has_one(dtype):
    """Bad rows in the same group of 64 and in a later one: the first is named, for each kind of bad id."""
    tables = (_kernels.BATCH_KK, _kernels.FT16, _kernels.BATCH_NT[7], _kernels.BATCH_PR[7], _kernels.BATCH_SR)
    for kind in ("repeat", "52", "63", "64", "255"):
        for first in (0, 63, 64, 130, 199):
            hands = random_hands(200, 7, seed=first)
            for row in (first, min(first + 1, 199), 199):
                if kind == "repeat":
                    hands[row, 6] = hands[row, 2]
                else:
                    hands[row, 3] = int(kind)
            out = np.empty(200, np.int32)
            kernel = seven_card_kernel(dtype)
            assert kernel(hands.astype(dtype), out, True, *tables) == first, (kind, first)


def test_in_threads_gives_results_in_order_and_raises_a_chunk_s_error():
    """The shared chunks: results in chunk order on two threads, a nested call, an error, an early stop."""
    import threading

    import numba

    before = numba.get_num_threads()
    chunks = [(i, i + 1) for i in range(40)]
    try:
        numba.set_num_threads(min(2, numba.config.NUMBA_NUM_THREADS))
        names: set[str] = set()

        def work(lo: int, hi: int) -> int:
            names.add(threading.current_thread().name)
            return lo * 10 + hi

        assert list(_kernels.in_threads(work, chunks)) == [i * 10 + i + 1 for i in range(40)]

        def nested(lo: int, hi: int) -> int:
            return lo + sum(_kernels.in_threads(lambda a, b: a, [(0, 1), (1, 2), (2, 3)]))

        assert list(_kernels.in_threads(nested, chunks[:6])) == [i + 3 for i in range(6)]

        def fails(lo: int, hi: int) -> int:
            if lo == 7:
                raise ValueError("chunk 7")
            return lo

        with pytest.raises(ValueError, match="chunk 7"):
            list(_kernels.in_threads(fails, chunks))
        early = _kernels.in_threads(work, chunks)
        assert [next(early), next(early)] == [1, 12]
        early.close()  # the chunks not taken are dropped; a later call starts afresh
        assert list(_kernels.in_threads(work, chunks[:3])) == [1, 12, 23]
    finally:
        numba.set_num_threads(before)


def test_callers_on_several_threads_share_the_kept_pool_and_get_their_own_values():
    """Four threads calling evaluate_batch at once (one kept helper between them): each gets its batch's values."""
    from concurrent.futures import ThreadPoolExecutor

    import numba

    batches = [random_hands(80_000, 7, seed=70 + i) for i in range(4)]
    want = [plain_batch(h) for h in batches]
    before = numba.get_num_threads()
    try:
        numba.set_num_threads(min(2, numba.config.NUMBA_NUM_THREADS))
        with ThreadPoolExecutor(4) as callers:
            got = list(callers.map(lambda i: evaluate_batch(batches[i % 4], validate=i % 2 == 0), range(12)))
    finally:
        numba.set_num_threads(before)
    assert all(np.array_equal(g, want[i % 4]) for i, g in enumerate(got))


def test_rows_of_different_lengths_are_a_pokerlab_error():
    """A ragged list of rows is refused with pokerlab's CardCountError (numpy's own ValueError before)."""
    from pokerlab.errors import CardCountError

    for ragged in ([[0, 1, 2, 3, 4], [5, 6, 7, 8]], [[0, 1, 2, 3, 4, 5, 6], [7, 8, 9, 10, 11]]):
        with pytest.raises(CardCountError, match=r"shape \[n, 5\.\.7\]"):
            evaluate_batch(ragged)
