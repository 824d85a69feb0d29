"""Every bot returns a legal action in every state: 10,000 hands of each bot against random bots
under every preset, heads-up and 6-handed where the preset seats six (about five minutes in all;
the same run as ``python benchmarks/soak_bots.py --hands 10000``)."""

import importlib.util
from pathlib import Path

import pytest

from pokerlab import bots

_PATH = Path(__file__).resolve().parents[1] / "benchmarks" / "soak_bots.py"
_SPEC = importlib.util.spec_from_file_location("soak_bots", _PATH)
soak_bots = importlib.util.module_from_spec(_SPEC)
_SPEC.loader.exec_module(soak_bots)


@pytest.mark.slow  # 10,000 hands per bot: about 4 minutes of the suite; the quick subset leaves it out
@pytest.mark.parametrize("name", bots.names())
def test_bot_is_legal_in_10000_hands_under_every_preset(name):
    assert soak_bots.soak(10_000, names=[name], seed=11) == []
