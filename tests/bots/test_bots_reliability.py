"""Every bot is legal in 10,000 hands under every preset.

Every bot returns a legal action in every state: 10,000 hands of each bot against random bots under every
preset, heads-up and 6-handed where the preset seats six (the same run as
``python benchmarks/soak_bots.py --hands 10000``), as issue 5 requires. It is one of the suite's largest pieces
of work (about 300 s of the three workers' time in a full run; profiled, two thirds of it is the
game engine dealing and checking the hands, a quarter phase3's flop potential), so the bots are split over three
``xdist_group``s: pytest-xdist (``--dist loadgroup``, pyproject.toml: a group, or a file without groups, to one
worker) then runs them side by side, and ``conftest.py`` starts the heaviest groups first. phase3, the slowest bot
(116 s of that run; phase2 47, bpp 35, push_fold 29, always_call 20, each other bot under 25), is a part alone;
parts b and c start with phase2 and bpp and take the other bots round robin (about 100 s each: phase1, once the
slowest, is now among the cheapest), so every bot is in exactly one part.
"""

from __future__ import annotations

import pytest

from pokerlab import bots

from ..support.benchmarks import load

PARTS = 3
HANDS = 10_000
_SLOWEST = ("phase3", "phase2", "bpp")

soak_bots = load("soak_bots")


def part(k: int) -> list[str]:
    """The bots of part ``k`` (0, 1 or 2): phase3 alone, then phase2 and bpp and the rest round robin."""
    names = list(bots.names())
    alone = [n for n in names if n == _SLOWEST[0]]
    order = [n for n in _SLOWEST[1:] if n in names] + [n for n in names if n not in _SLOWEST]
    return alone if k == 0 else order[k - 1 :: PARTS - 1]


def illegal_actions(name: str) -> list:
    """What the soak of ``name`` found wrong (an empty list when every action was legal)."""
    return soak_bots.soak(HANDS, names=[name], seed=11)


@pytest.mark.slow  # 10,000 hands per bot; the quick subset leaves it out
@pytest.mark.parametrize(
    "name",
    [
        pytest.param(name, marks=pytest.mark.xdist_group(f"bots_soak_{'abc'[k]}"))
        for k in range(PARTS)
        for name in part(k)
    ],
)
def test_bot_is_legal_in_10000_hands_under_every_preset(name):
    assert illegal_actions(name) == []


def test_the_three_parts_hold_every_bot_once():
    together = [name for k in range(PARTS) for name in part(k)]
    assert sorted(together) == sorted(bots.names()) and len(set(together)) == len(together)
