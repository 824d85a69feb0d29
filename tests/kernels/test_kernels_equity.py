"""``pokerlab._kernels.equity``: cutting the work into chunks (so Ctrl-C works) changes no answer."""

from __future__ import annotations

import pokerlab as pl


def test_monte_carlo_in_chunks_draws_the_same_deals():
    """Chunking the kernel (so Ctrl-C works) must not change a seeded answer."""
    from pokerlab import _kernels

    e = pl.equity("AhKh", "QQ", samples=300_001, seed=7)
    old = _kernels.MC_CHUNK
    try:
        _kernels.MC_CHUNK = 1000
        again = pl.equity("AhKh", "QQ", samples=300_001, seed=7)
    finally:
        _kernels.MC_CHUNK = old
    assert again.equity == e.equity and again.win == e.win and again.cases == e.cases


def test_exact_equity_in_chunks_gives_identical_sums():
    from pokerlab import _kernels

    e = pl.equity("AhKh", "22+,A2s+", board="2c7d8h")
    old = _kernels.EXACT_CHUNK_CASES
    try:
        _kernels.EXACT_CHUNK_CASES = 500
        again = pl.equity("AhKh", "22+,A2s+", board="2c7d8h")
    finally:
        _kernels.EXACT_CHUNK_CASES = old
    assert again.equity == e.equity and again.cases == e.cases and e.exact
