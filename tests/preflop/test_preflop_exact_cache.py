"""``pokerlab.preflop.exact``: its cache of canonical boards is checked before it is trusted."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from pokerlab.errors import CacheWarning
from pokerlab.preflop import exact as preflop_exact


@pytest.mark.slow  # builds the canonical boards once (about 10 s) unless the cache already holds them
def test_a_flipped_bit_in_the_canonical_boards_cache_is_caught(tmp_path, monkeypatch):
    from pokerlab import _kernels

    boards, weights = preflop_exact._canonical_boards()  # from the session's cache folder
    from pokerlab import _cache

    good = _cache_dir() / f"canonical-boards-v1-f{_cache.FORMAT}.npz"  # the current file, not an older format
    monkeypatch.setenv("POKERLAB_CACHE_DIR", str(tmp_path))
    path = tmp_path / good.name
    with np.load(good) as data:
        arrays = {k: data[k] for k in data.files}
    flipped = arrays["boards"].copy()
    row = int(np.nonzero((flipped == 51).any(axis=1))[0][0])
    col = int(np.nonzero(flipped[row] == 51)[0][0])
    flipped[row, col] = 51 | 64  # card 51 becomes 115
    np.savez(path, **{**arrays, "boards": flipped})
    rebuilt = []
    monkeypatch.setattr(_kernels, "canonical_boards", lambda: rebuilt.append(1) or (boards.copy(), weights.copy()))
    with pytest.warns(CacheWarning, match="fails its checksum"):
        again, w2 = preflop_exact._canonical_boards()
    assert rebuilt == [1] and np.array_equal(again, boards) and np.array_equal(w2, weights)
    assert int(again.max()) == 51
    again, _ = preflop_exact._canonical_boards()  # the rewritten file is trusted
    assert rebuilt == [1] and np.array_equal(again, boards)


def _cache_dir() -> Path:
    from pokerlab._cache import cache_dir

    return cache_dir()
