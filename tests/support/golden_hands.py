"""The golden transcripts: one recorded hand per preset (regenerate with ``python -m tests.support.golden_hands``)."""

from pathlib import Path

from pokerlab.bots import RandomBot
from pokerlab.game import PRESETS, view_for

GOLDEN = Path(__file__).parent.parent / "data" / "golden"
PLAYERS = {"AAAI06_HEADS_UP_LIMIT": 2, "BIGHOLDEM": 6, "HEADS_UP_NO_LIMIT": 2, "NO_LIMIT_RING": 4}


def transcript(name: str) -> str:
    """Play one seeded hand with seeded random bots and return its PHH text."""
    rules = PRESETS[name]
    n = PLAYERS[name]
    bots = [RandomBot(seed=100 + i, raise_probability=0.4) for i in range(n)]
    state = rules.new_hand(n, button=1, seed=2026, hand_number=12)
    while not state.is_over:
        seat = state.actor
        state.apply(bots[seat].act(view_for(state, seat)))
    return state.to_phh()


if __name__ == "__main__":  # pragma: no cover
    GOLDEN.mkdir(parents=True, exist_ok=True)
    for preset in PLAYERS:
        (GOLDEN / f"{preset.lower()}.phh").write_text(transcript(preset))
