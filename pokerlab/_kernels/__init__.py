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
)
from pokerlab._kernels.core import (
    CAT as CAT,
)
from pokerlab._kernels.core import (
    FT as FT,
)
from pokerlab._kernels.core import (
    KK as KK,
)
from pokerlab._kernels.core import (
    LOW_MASK as LOW_MASK,
)
from pokerlab._kernels.core import (
    MULT as MULT,
)
from pokerlab._kernels.core import (
    NT as NT,
)
from pokerlab._kernels.core import (
    PR as PR,
)
from pokerlab._kernels.core import (
    SR as SR,
)
from pokerlab._kernels.core import (
    U11 as U11,
)
from pokerlab._kernels.core import (
    U12 as U12,
)
from pokerlab._kernels.core import (
    U25 as U25,
)
from pokerlab._kernels.core import (
    U27 as U27,
)
from pokerlab._kernels.core import (
    U32 as U32,
)
from pokerlab._kernels.core import (
    _add as _add,
)
from pokerlab._kernels.core import (
    _ci as _ci,
)
from pokerlab._kernels.core import (
    _val as _val,
)
from pokerlab._kernels.equity import (
    BINOM as BINOM,
)
from pokerlab._kernels.equity import (
    EXACT_CHUNK_CASES as EXACT_CHUNK_CASES,
)
from pokerlab._kernels.equity import (
    MC_CHUNK as MC_CHUNK,
)
from pokerlab._kernels.equity import (
    RANK_KEY as RANK_KEY,
)
from pokerlab._kernels.equity import (
    SHARE_UNIT as SHARE_UNIT,
)
from pokerlab._kernels.equity import (
    _below as _below,
)
from pokerlab._kernels.equity import (
    _deals_exact as _deals_exact,
)
from pokerlab._kernels.equity import (
    _equity_exact as _equity_exact,
)
from pokerlab._kernels.equity import (
    _equity_mc as _equity_mc,
)
from pokerlab._kernels.equity import (
    _hands_exact as _hands_exact,
)
from pokerlab._kernels.equity import (
    _next_multiset as _next_multiset,
)
from pokerlab._kernels.equity import (
    _next_subset as _next_subset,
)
from pokerlab._kernels.equity import (
    _nonflush as _nonflush,
)
from pokerlab._kernels.equity import (
    _rng_next as _rng_next,
)
from pokerlab._kernels.equity import (
    _score as _score,
)
from pokerlab._kernels.equity import (
    _splitmix as _splitmix,
)
from pokerlab._kernels.equity import (
    _two_ranges as _two_ranges,
)
from pokerlab._kernels.equity import (
    _ways as _ways,
)
from pokerlab._kernels.equity import (
    equity_exact as equity_exact,
)
from pokerlab._kernels.equity import (
    equity_mc as equity_mc,
)
from pokerlab._kernels.equity import (
    hands_exact as hands_exact,
)
from pokerlab._kernels.equity import (
    two_ranges as two_ranges,
)
from pokerlab._kernels.evaluator import (
    BATCH_KK as BATCH_KK,
)
from pokerlab._kernels.evaluator import (
    BATCH_NT as BATCH_NT,
)
from pokerlab._kernels.evaluator import (
    BATCH_PR as BATCH_PR,
)
from pokerlab._kernels.evaluator import (
    BATCH_SR as BATCH_SR,
)
from pokerlab._kernels.evaluator import (
    BATCH_START as BATCH_START,
)
from pokerlab._kernels.evaluator import (
    FT16 as FT16,
)
from pokerlab._kernels.evaluator import (
    PREFETCH_ROWS as PREFETCH_ROWS,
)
from pokerlab._kernels.evaluator import (
    SEVEN_PREFETCH_ROWS as SEVEN_PREFETCH_ROWS,
)
from pokerlab._kernels.evaluator import (
    THREADED_ROWS as THREADED_ROWS,
)
from pokerlab._kernels.evaluator import (
    _advance as _advance,
)
from pokerlab._kernels.evaluator import (
    _bit as _bit,
)
from pokerlab._kernels.evaluator import (
    _enumerate as _enumerate,
)
from pokerlab._kernels.evaluator import (
    _eval_batch as _eval_batch,
)
from pokerlab._kernels.evaluator import (
    _eval_batch7 as _eval_batch7,
)
from pokerlab._kernels.evaluator import (
    _eval_batch7_prefetch as _eval_batch7_prefetch,
)
from pokerlab._kernels.evaluator import (
    _eval_batch_fast as _eval_batch_fast,
)
from pokerlab._kernels.evaluator import (
    _eval_batch_prefetch as _eval_batch_prefetch,
)
from pokerlab._kernels.evaluator import (
    _eval_group7 as _eval_group7,
)
from pokerlab._kernels.evaluator import (
    _eval_rows as _eval_rows,
)
from pokerlab._kernels.evaluator import (
    _eval_rows7 as _eval_rows7,
)
from pokerlab._kernels.evaluator import (
    _eval_rows_fast as _eval_rows_fast,
)
from pokerlab._kernels.evaluator import (
    _flush_value as _flush_value,
)
from pokerlab._kernels.evaluator import (
    _kk as _kk,
)
from pokerlab._kernels.evaluator import (
    _step as _step,
)
from pokerlab._kernels.evaluator import (
    _value_hist as _value_hist,
)
from pokerlab._kernels.evaluator import (
    category_counts_from as category_counts_from,
)
from pokerlab._kernels.evaluator import (
    class_counts as class_counts,
)
from pokerlab._kernels.evaluator import (
    enumerate_hands as enumerate_hands,
)
from pokerlab._kernels.evaluator import (
    evaluate_batch as evaluate_batch,
)
from pokerlab._kernels.evaluator import (
    value_counts_from as value_counts_from,
)
from pokerlab._kernels.intrinsics import (
    _ctpop as _ctpop,
)
from pokerlab._kernels.intrinsics import (
    _cttz as _cttz,
)
from pokerlab._kernels.intrinsics import (
    _prefetch as _prefetch,
)
from pokerlab._kernels.preflop import (
    SUIT_PERMS as SUIT_PERMS,
)
from pokerlab._kernels.preflop import (
    _board_buffers as _board_buffers,
)
from pokerlab._kernels.preflop import (
    _board_hands as _board_hands,
)
from pokerlab._kernels.preflop import (
    _board_strengths as _board_strengths,
)
from pokerlab._kernels.preflop import (
    _canonical_board_keys as _canonical_board_keys,
)
from pokerlab._kernels.preflop import (
    _disjoint_below as _disjoint_below,
)
from pokerlab._kernels.preflop import (
    _heads_up_counts as _heads_up_counts,
)
from pokerlab._kernels.preflop import (
    _matrix_counts as _matrix_counts,
)
from pokerlab._kernels.preflop import (
    board_strengths as board_strengths,
)
from pokerlab._kernels.preflop import (
    canonical_boards as canonical_boards,
)
from pokerlab._kernels.preflop import (
    heads_up_counts as heads_up_counts,
)
from pokerlab._kernels.preflop import (
    matrix_counts as matrix_counts,
)
from pokerlab._kernels.strength import (
    _board_state as _board_state,
)
from pokerlab._kernels.strength import (
    _hand_strength as _hand_strength,
)
from pokerlab._kernels.strength import (
    _le_lt as _le_lt,
)
from pokerlab._kernels.strength import (
    _opponents as _opponents,
)
from pokerlab._kernels.strength import (
    _potential as _potential,
)
from pokerlab._kernels.strength import (
    _potential_direct as _potential_direct,
)
from pokerlab._kernels.strength import (
    _setup as _setup,
)
from pokerlab._kernels.strength import (
    hand_strength as hand_strength,
)
from pokerlab._kernels.strength import (
    potential as potential,
)
from pokerlab._kernels.threads import (
    _IN_POOL as _IN_POOL,
)
from pokerlab._kernels.threads import (
    _POOL as _POOL,
)
from pokerlab._kernels.threads import (
    _Chunks as _Chunks,
)
from pokerlab._kernels.threads import (
    _mark_worker as _mark_worker,
)
from pokerlab._kernels.threads import (
    _thread_pool as _thread_pool,
)
from pokerlab._kernels.threads import (
    in_threads as in_threads,
)
