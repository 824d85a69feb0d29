"""The three LLVM intrinsics of ``pokerlab._kernels.intrinsics``, each compiled on its own.

They are written with llvmlite's typed pointers (``i8*``, ``llvm.prefetch.p0i8``). If a numba/llvmlite release
switches to opaque pointers, these tests fail first, with a sentence that says so, instead of the evaluator's
tests failing with an LLVM error.
"""

import re

import numpy as np
import pytest
from hypothesis import given, strategies as st
from numba import njit

from pokerlab._kernels.intrinsics import _ctpop, _cttz, _prefetch


@njit(cache=True)
def _popcount(x):
    return _ctpop(np.uint64(x))


@njit(cache=True)
def _trailing(x):
    return _cttz(np.uint64(x))


def _prefetch_then_sum_py(a):
    total = 0
    for i in range(a.shape[0]):
        _prefetch(a, i * 8 + 512)  # past the end too: a hint never faults
        total += a[i]
    return total


_prefetch_then_sum = njit(cache=True)(_prefetch_then_sum_py)


def _compiled(function, *args):
    try:
        return function(*args)
    except Exception as exc:  # an LLVM error names the intrinsic's declaration
        pytest.fail(
            f"the LLVM intrinsic behind {function.__name__} no longer compiles ({type(exc).__name__}: {exc}); "
            "pokerlab._kernels.intrinsics writes typed pointers (i8*, llvm.prefetch.p0i8): if llvmlite now "
            "defaults to opaque pointers, declare the intrinsics with ir.PointerType() and 'llvm.prefetch.p0'"
        )


@given(st.integers(min_value=0, max_value=2**64 - 1))
def test_popcount_counts_the_set_bits(x):
    assert _compiled(_popcount, np.uint64(x)) == bin(x).count("1")


@given(st.integers(min_value=1, max_value=2**64 - 1))
def test_trailing_zeros_find_the_lowest_set_bit(x):
    assert _compiled(_trailing, np.uint64(x)) == (x & -x).bit_length() - 1


def test_the_prefetch_hint_changes_no_value():
    a = np.arange(1000, dtype=np.int64)
    assert _compiled(_prefetch_then_sum, a) == 499500


def test_the_prefetch_reaches_the_machine_code():
    """The hint is written as ``llvm.prefetch.p0i8`` on an ``i8*``; LLVM upgrades that typed-pointer call to its
    opaque form (``llvm.prefetch.p0(ptr ...)``), and either name must still be a call in the optimised IR and a
    ``prefetcht0`` instruction in the machine code (a silently dropped hint would only show as lost speed)."""
    fresh = njit(cache=False)(_prefetch_then_sum_py)  # numba shows no IR of code loaded from its cache
    _compiled(fresh, np.arange(4, dtype=np.int64))
    ir = next(iter(fresh.inspect_llvm().values()))
    assert re.search(r"call void @llvm\.prefetch\.p0(i8)?\(", ir), "no prefetch call left: see this module's docstring"
    assert "prefetcht0" in next(iter(fresh.inspect_asm().values()))
