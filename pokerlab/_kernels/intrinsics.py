"""Three LLVM intrinsics numba does not offer: a prefetch hint, popcount and count-trailing-zeros.

They are written against llvmlite's IR builder with *typed* pointers (``i8*``, ``llvm.prefetch.p0i8``), which
the LLVM inside llvmlite still accepts and upgrades to its opaque form (``llvm.prefetch.p0(ptr ...)``). Should a
release stop accepting them, ``tests/kernels/test_kernels_intrinsics.py`` compiles each intrinsic on its own and fails
with a sentence saying what to change, before any evaluator test does; it also checks that the hint still
reaches the machine code (``prefetcht0``).
"""

from __future__ import annotations

from typing import Any

import numba
from llvmlite import ir


@numba.extending.intrinsic
def _prefetch(typingctx: Any, arr: Any, offset: Any) -> Any:
    """Ask the CPU to start loading the cache line at byte ``offset`` of array ``arr`` (LLVM's ``prefetch``).

    A hint, not a load: it never faults (an address past the array's end is fine) and changes no
    value. numba has no prefetch of its own.
    """
    if not isinstance(arr, numba.types.Array):
        return None

    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        array = context.make_array(signature.args[0])(context, builder, args[0])
        byte = ir.IntType(8).as_pointer()
        address = builder.gep(builder.bitcast(array.data, byte), [args[1]])
        i32 = ir.IntType(32)
        hint = numba.core.cgutils.get_or_insert_function(
            builder.module, ir.FunctionType(ir.VoidType(), [byte, i32, i32, i32]), "llvm.prefetch.p0i8"
        )
        # read, keep in all cache levels (locality 3, x86 `prefetcht0`), data cache. Locality 0 (`prefetchnta`,
        # "used once") looked apt for a stream read once, but on a Xeon (Emerald Rapids) it left int64 rows at
        # 0.4-0.5 of the byte rows' rate, against 0.8-0.9 with locality 3
        builder.call(hint, [address, i32(0), i32(3), i32(1)])
        return context.get_dummy_value()

    return numba.types.void(arr, offset), codegen


@numba.extending.intrinsic
def _ctpop(typingctx: Any, x: Any) -> Any:
    """The number of set bits of a uint64 (LLVM's ``ctpop``: one instruction where the CPU has one).

    numba has no popcount of its own, and LLVM does not recognise one written with shifts and masks.
    """
    if not isinstance(x, numba.types.Integer):
        return None

    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        word = ir.IntType(64)
        value = context.cast(builder, args[0], signature.args[0], numba.types.uint64)
        return builder.call(builder.module.declare_intrinsic("llvm.ctpop", [word]), [value])

    return numba.types.uint64(x), codegen


@numba.extending.intrinsic
def _cttz(typingctx: Any, x: Any) -> Any:
    """The number of trailing zero bits of a non-zero uint64 (LLVM's ``cttz``: one instruction, ``tzcnt``/``bsf``).

    The index of the lowest set bit: with ``x &= x - 1`` after it, a loop visits the set bits of a
    word in order and runs once per set bit, not once per bit. Undefined for 0 (the callers never ask).
    """
    if not isinstance(x, numba.types.Integer):
        return None

    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        word = ir.IntType(64)
        value = context.cast(builder, args[0], signature.args[0], numba.types.uint64)
        count = numba.core.cgutils.get_or_insert_function(
            builder.module, ir.FunctionType(word, [word, ir.IntType(1)]), "llvm.cttz.i64"
        )
        return builder.call(count, [value, ir.IntType(1)(1)])  # 1: the answer for 0 may be anything

    return numba.types.uint64(x), codegen
