"""``pokerlab.bpp.learning``: a damaged cache of deal counts is rebuilt."""

from __future__ import annotations

import numpy as np
import pytest

from pokerlab.errors import CacheWarning


def test_a_truncated_bpp_cache_is_rebuilt(tmp_path, monkeypatch):
    from pokerlab.bpp import learning

    monkeypatch.setenv("POKERLAB_CACHE_DIR", str(tmp_path))
    monkeypatch.setattr(learning, "_MEMO", {})
    first = learning.deal_counts(2000, seed=3)
    path = learning.cache_path(2000, seed=3)
    path.write_bytes(path.read_bytes()[:100])
    monkeypatch.setattr(learning, "_MEMO", {})
    with pytest.warns(CacheWarning, match="cannot be read"):
        again = learning.deal_counts(2000, seed=3)
    assert np.array_equal(again.win2, first.win2)
