"""``pokerlab.errors``: inputs that used to raise Python's own exceptions raise a PokerlabError."""

from __future__ import annotations

import pytest

import pokerlab as pl
from pokerlab import preflop
from pokerlab.errors import PokerlabError
from pokerlab.game import NO_LIMIT_RING, Rules, play_match


@pytest.mark.parametrize(
    "call",
    [
        lambda: pl.Card.of("Z", "s"),
        lambda: pl.Range.parse("AA").weight("Ah"),
        lambda: pl.HandClass.parse(None),
        lambda: pl.Deck(seed=-1),
        lambda: pl.Deck(seed="x"),
        lambda: NO_LIMIT_RING.new_hand(2, seed=-1),
        lambda: NO_LIMIT_RING.new_hand(2, seed="x"),
        lambda: NO_LIMIT_RING.new_hand(2, button=1.5),
        lambda: Rules(structure="bogus"),
        lambda: pl.hand_potential("AdQc", "3h4cJh", lookahead=2.0),
        lambda: preflop.exact_heads_up_table(tasks=0),
        lambda: play_match([_bot(), _bot()], NO_LIMIT_RING, hands=5, seed=-1),
        lambda: play_match([_bot(), _bot()], NO_LIMIT_RING, hands=5, seed="x"),
        lambda: play_match([_bot(), _bot()], NO_LIMIT_RING, hands=5, time_limit=-1),
        lambda: pl.parse_cards(b"\x00\x01"),
        lambda: pl.equity("AhKh", samples=10**13),
    ],
)
def test_plain_exceptions_became_pokerlab_errors(call):
    with pytest.raises(PokerlabError):
        call()


def _bot():
    from pokerlab.bots import AlwaysCall

    return AlwaysCall()
