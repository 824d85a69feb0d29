"""The soak script at CI size (the full 100,000 hands: python benchmarks/soak_game.py)."""

from ..support.benchmarks import load


def test_soak_at_ci_size():
    assert load("soak_game").soak(5_000, seed=7) == 0
