"""pokerlab.bpp.learning: the simulated deal counts behind BPP's tables, their seed and their cache."""

import itertools

import numpy as np
import pytest

from pokerlab.bpp import handtypes, learning
from pokerlab.bpp.network import build_network
from pokerlab.errors import CacheWarning


def test_river_prior_equals_the_exact_seven_card_frequencies():
    """P(BPP_Final) on the river against all 133,784,560 seven-card hands, merged to hand types."""
    for types in (17, 9):
        net = build_network("river", hand_types=types)
        exact = handtypes.exact_type_counts(7, hand_types=types)
        p = exact / exact.sum()
        n = 2 * net.deals  # both seats of every deal; the two share a board, so allow twice the variance
        se = np.sqrt(p * (1 - p) / n * 2)
        z = (net.tables["BPP_Final"] - p) / se
        assert np.abs(z).max() < 4.5, (types, z.round(2))


def test_simulated_deals_never_land_in_a_structural_zero():
    counts = learning.deal_counts()
    for r, n in enumerate((2, 5, 6, 7)):
        for f, c in itertools.product(range(17), range(17)):
            if counts.current[r, f, c]:
                assert handtypes.could_grow(c, f, n, 7 - n), (r, f, c)
        nb = (0, 3, 4, 5)[r]
        for c, b in itertools.product(range(17), range(17)):
            if nb and counts.board[r, c, b]:
                assert handtypes.could_grow(b, c, nb, 2), (r, c, b)


def test_ties_count_half_and_the_win_table_is_antisymmetric():
    net = build_network("flop")
    w = net.tables["BPP_Win"][..., 0]
    assert np.allclose(np.diag(w), 0.5, atol=1e-12)
    assert np.allclose(w + w.T, 1.0, atol=1e-12)
    # a full house beats a flush: almost always, from the showdowns themselves
    names = net.states("BPP_Final")
    assert w[names.index("full_house"), names.index("flush")] > 0.99


def test_counts_are_reproducible_from_the_seed():
    a = learning.simulate_counts(5000, seed=3)
    b = learning.simulate_counts(5000, seed=3)
    c = learning.simulate_counts(5000, seed=4)
    assert all(np.array_equal(a.arrays()[k], b.arrays()[k]) for k in a.arrays())
    assert not np.array_equal(a.final, c.final)
    assert a.final.sum() == 10000 and a.win2.sum() == 10000


def test_a_corrupt_cache_is_rebuilt_not_trusted(tmp_path, monkeypatch):
    monkeypatch.setenv("POKERLAB_CACHE_DIR", str(tmp_path))
    monkeypatch.setattr(learning, "_MEMO", {})
    first = learning.deal_counts(2000, seed=9)
    path = learning.cache_path(2000, seed=9)
    assert path.exists() and first.provenance["deals"] == 2000 and first.provenance["seed"] == 9
    # tamper with one count, keeping the file readable
    with np.load(path) as data:
        arrays = {k: data[k] for k in data.files}
    arrays["final"] = arrays["final"].copy()
    arrays["final"][0] += 1
    np.savez(path, **arrays)
    monkeypatch.setattr(learning, "_MEMO", {})
    with pytest.warns(CacheWarning, match="fails its checksum.*rebuilding"):
        again = learning.deal_counts(2000, seed=9)
    assert np.array_equal(again.final, first.final)
    path.write_bytes(b"not a numpy file")
    monkeypatch.setattr(learning, "_MEMO", {})
    with pytest.warns(CacheWarning, match="cannot be read"):
        third = learning.deal_counts(2000, seed=9)
    assert np.array_equal(third.win2, first.win2)
    monkeypatch.setattr(learning, "_MEMO", {})
    assert np.array_equal(learning.deal_counts(2000, seed=9).current, first.current)  # the rewritten file loads
