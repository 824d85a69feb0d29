"""The hot loops, compiled with numba (imported lazily, cached on disk), one module per concept.

Everything that touches millions of hands lives in this package and nowhere else; the public modules wrap
the kernels with argument checking and friendly result types, and the tests hold them against the plain
reference evaluator and against direct Python loops.

=================  ==========================================================================================
module             what it holds
=================  ==========================================================================================
``core``           the evaluator's tables and how a value is built card by card (``_add``, ``_val``)
``intrinsics``     LLVM's prefetch, popcount and count-trailing-zeros, which numba does not offer
``threads``        the thread pool kernels share their work on (:func:`in_threads`)
``evaluator``      batch evaluation and exhaustive enumeration (:func:`evaluate_batch`, counting walks)
``strength``       hand strength and hand potential (the Waterloo report's Algorithms 1 and 2)
``equity``         exact and Monte Carlo equity, range against range, hands against hands
``preflop``        preflop tables: every canonical board once, class against class
=================  ==========================================================================================

Callers write ``from pokerlab import _kernels`` and ``_kernels.evaluate_batch(...)``: this module re-exports
every kernel and table of the modules above (``name as name``), so that import path and
:func:`pokerlab._warm._dispatchers` see them all.
"""

from __future__ import annotations

from pokerlab._kernels.core import (
    _T as _T,
    CAT as CAT,
    FT as FT,
    KK as KK,
    LOW_MASK as LOW_MASK,
    MULT as MULT,
    NT as NT,
    PR as PR,
    SR as SR,
    U11 as U11,
    U12 as U12,
    U25 as U25,
    U27 as U27,
    U32 as U32,
    _add as _add,
    _ci as _ci,
    _val as _val,
)
from pokerlab._kernels.equity import (
    BINOM as BINOM,
    EXACT_CHUNK_CASES as EXACT_CHUNK_CASES,
    MC_CHUNK as MC_CHUNK,
    RANK_KEY as RANK_KEY,
    SHARE_UNIT as SHARE_UNIT,
    _below as _below,
    _deals_exact as _deals_exact,
    _equity_exact as _equity_exact,
    _equity_mc as _equity_mc,
    _hands_exact as _hands_exact,
    _next_multiset as _next_multiset,
    _next_subset as _next_subset,
    _nonflush as _nonflush,
    _rng_next as _rng_next,
    _score as _score,
    _splitmix as _splitmix,
    _two_ranges as _two_ranges,
    _ways as _ways,
    equity_exact as equity_exact,
    equity_mc as equity_mc,
    hands_exact as hands_exact,
    two_ranges as two_ranges,
)
from pokerlab._kernels.evaluator import (
    BATCH_KK as BATCH_KK,
    BATCH_NT as BATCH_NT,
    BATCH_PR as BATCH_PR,
    BATCH_SR as BATCH_SR,
    BATCH_START as BATCH_START,
    FT16 as FT16,
    PREFETCH_ROWS as PREFETCH_ROWS,
    SEVEN_PREFETCH_ROWS as SEVEN_PREFETCH_ROWS,
    THREADED_ROWS as THREADED_ROWS,
    _advance as _advance,
    _bit as _bit,
    _enumerate as _enumerate,
    _eval_batch as _eval_batch,
    _eval_batch7 as _eval_batch7,
    _eval_batch7_prefetch as _eval_batch7_prefetch,
    _eval_batch_fast as _eval_batch_fast,
    _eval_batch_prefetch as _eval_batch_prefetch,
    _eval_group7 as _eval_group7,
    _eval_rows as _eval_rows,
    _eval_rows7 as _eval_rows7,
    _eval_rows_fast as _eval_rows_fast,
    _flush_value as _flush_value,
    _kk as _kk,
    _step as _step,
    _value_hist as _value_hist,
    category_counts_from as category_counts_from,
    class_counts as class_counts,
    enumerate_hands as enumerate_hands,
    evaluate_batch as evaluate_batch,
    value_counts_from as value_counts_from,
)
from pokerlab._kernels.intrinsics import (
    _ctpop as _ctpop,
    _cttz as _cttz,
    _prefetch as _prefetch,
)
from pokerlab._kernels.preflop import (
    SUIT_PERMS as SUIT_PERMS,
    _board_buffers as _board_buffers,
    _board_hands as _board_hands,
    _board_strengths as _board_strengths,
    _canonical_board_keys as _canonical_board_keys,
    _disjoint_below as _disjoint_below,
    _heads_up_counts as _heads_up_counts,
    _matrix_counts as _matrix_counts,
    board_strengths as board_strengths,
    canonical_boards as canonical_boards,
    heads_up_counts as heads_up_counts,
    matrix_counts as matrix_counts,
)
from pokerlab._kernels.strength import (
    _board_state as _board_state,
    _hand_strength as _hand_strength,
    _le_lt as _le_lt,
    _opponents as _opponents,
    _potential as _potential,
    _potential_direct as _potential_direct,
    _setup as _setup,
    hand_strength as hand_strength,
    potential as potential,
)
from pokerlab._kernels.threads import (
    _IN_POOL as _IN_POOL,
    _POOL as _POOL,
    _Chunks as _Chunks,
    _mark_worker as _mark_worker,
    _thread_pool as _thread_pool,
    in_threads as in_threads,
)
