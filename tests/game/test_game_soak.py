"""The soak script at CI size (the full 100,000 hands: python benchmarks/soak_game.py)."""

import importlib.util
from pathlib import Path


def test_soak_at_ci_size():
    path = Path(__file__).resolve().parents[2] / "benchmarks" / "soak_game.py"
    spec = importlib.util.spec_from_file_location("soak_game", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert module.soak(5_000, seed=7) == 0
