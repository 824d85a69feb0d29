"""Every bot acts legally under every preset, heads-up and 6-handed (CI size; the full run is
``python benchmarks/soak_bots.py --hands 10000``)."""

import importlib.util
from pathlib import Path


def test_every_bot_is_legal_everywhere():
    path = Path(__file__).resolve().parents[1] / "benchmarks" / "soak_bots.py"
    spec = importlib.util.spec_from_file_location("soak_bots", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert module.soak(150, seed=11) == []
