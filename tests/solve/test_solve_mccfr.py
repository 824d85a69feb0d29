"""MCCFR compiled (issue #25): the numba walk samples like the plain Python one it replaced.

Both engines run external sampling with different random streams, so their policies differ seed by
seed; what must not change is how good the policy is. The plain walk stays available as
``engine="numpy"``, and the test compares the compiled one against it. ``engine="python"`` is the
compiled walk's twin in plain Python (no numba, for the command's short first runs): the same stream
and the same arithmetic, so it must give the kernel's numbers exactly.
"""

import re

import numpy as np
import pytest

from pokerlab import solve

KUHN = solve.game("kuhn")
LEDUC = solve.game("leduc")

# Mean exploitability (chips per hand) of the average policy after 1,000 external-sampling iterations
# on Leduc over seeds 0-4, from the plain Python walk this kernel replaced (pokerlab.solve.cfr's
# _Sampled at commit b734f75, now engine="numpy"): 0.6680, 0.6639, 0.6112, 0.6731, 0.6165. Across
# seeds the standard deviation is about 0.03-0.05, so the mean of five has a standard error of about
# 0.02; the tolerance is about four of those for the difference of two such means.
OLD_LEDUC_MEAN = 0.6466
TOLERANCE = 0.08


def test_compiled_mccfr_matches_the_old_distribution_on_leduc():
    seen = [solve.cfr(LEDUC, 1000, "mccfr", seed=s, record=0).exploitability for s in range(5)]
    assert abs(float(np.mean(seen)) - OLD_LEDUC_MEAN) < TOLERANCE, seen
    assert len({round(e, 9) for e in seen}) == 5  # five different runs, not one repeated


def test_compiled_and_plain_mccfr_agree_on_kuhn_on_average():
    """Over 10 seeds each the two engines' mean exploitabilities are within a few standard errors."""
    new = [solve.cfr(KUHN, 1000, "mccfr", seed=s, record=0).exploitability for s in range(10)]
    old = [solve.cfr(KUHN, 1000, "mccfr", seed=s, record=0, engine="numpy").exploitability for s in range(10)]
    se = np.sqrt(np.var(new, ddof=1) / 10 + np.var(old, ddof=1) / 10)
    assert abs(np.mean(new) - np.mean(old)) < 4 * se + 1e-3, (new, old)
    assert max(new) < 0.1 and max(old) < 0.1


@pytest.mark.parametrize("game", [KUHN, LEDUC], ids=["kuhn", "leduc"])
def test_compiled_mccfr_is_a_policy_and_reproducible(game):
    a = solve.cfr(game, 300, "mccfr", seed=11, record=0)
    b = solve.cfr(game, 300, "mccfr", seed=11, record=0)
    assert np.array_equal(a.average_policy.table, b.average_policy.table)
    table = a.average_policy.table
    assert np.allclose(table.sum(axis=1), 1.0) and (table[~game.legal] == 0).all()


def test_chunked_runs_continue_one_random_stream():
    """Recording checkpoints runs the kernel in pieces; the stream carries on, so the result is the same."""
    whole = solve.cfr(KUHN, 500, "mccfr", seed=3, record=0)
    pieces = solve.cfr(KUHN, 500, "mccfr", seed=3, record=5)
    assert np.array_equal(whole.average_policy.table, pieces.average_policy.table)


@pytest.mark.parametrize("game", [KUHN, LEDUC], ids=["kuhn", "leduc"])
@pytest.mark.parametrize("seed", [0, 5, 2**63 - 1])
def test_the_python_engine_gives_the_compiled_walks_numbers_exactly(game, seed):
    """Bit for bit: regrets (the last policy), averages, every recorded exploitability."""
    compiled = solve.cfr(game, 400, "mccfr", seed=seed, record=7)
    plain = solve.cfr(game, 400, "mccfr", seed=seed, record=7, engine="python")
    assert np.array_equal(plain.policy.table, compiled.policy.table)
    assert np.array_equal(plain.average_policy.table, compiled.average_policy.table)
    assert plain.history == compiled.history and plain.seed == seed


def test_the_python_engine_continues_the_kernels_random_stream():
    """Run in pieces, the plain walk hands its generator state on as the kernel does (and to the kernel)."""
    from pokerlab.solve import _flat, _kernels

    player, first, count, kids, col, infoset, payoff, chance, legal = _flat.flatten(LEDUC)
    arrays = (player, first, count, kids, col, infoset, payoff, np.cumsum(chance))
    tables = {}
    for name in ("kernel", "plain", "mixed"):
        regret, total, state = np.zeros(legal.shape), np.zeros(legal.shape), _flat.seed_state(9)
        for piece in range(3):  # 10, 20, 30 iterations
            if name == "kernel" or (name == "mixed" and piece == 1):
                _kernels.mccfr_iterations(10 * (piece + 1), *arrays, regret, total, state)
            else:
                _flat.PlainWalk(*arrays).run(10 * (piece + 1), regret, total, state)
        tables[name] = (regret, total, int(state[0]))
    (regret, total, state) = tables["kernel"]
    for name in ("plain", "mixed"):
        assert np.array_equal(tables[name][0], regret) and np.array_equal(tables[name][1], total), name
        assert tables[name][2] == state, name


def test_the_python_engine_keeps_the_leduc_distribution():
    """The five seeds of the distribution test above, in plain Python: the same five exploitabilities."""
    plain = [solve.cfr(LEDUC, 1000, "mccfr", seed=s, record=0, engine="python").exploitability for s in range(5)]
    compiled = [solve.cfr(LEDUC, 1000, "mccfr", seed=s, record=0).exploitability for s in range(5)]
    assert plain == compiled
    assert abs(float(np.mean(plain)) - OLD_LEDUC_MEAN) < TOLERANCE, plain


@pytest.mark.parametrize("variant", ["cfr", "cfr+"])
def test_the_python_engine_runs_mccfr_only(variant):
    from pokerlab.errors import ParameterError

    with pytest.raises(ParameterError, match=f"engine='python' runs mccfr only; {re.escape(variant)} runs on"):
        solve.cfr(KUHN, 5, variant, engine="python")
