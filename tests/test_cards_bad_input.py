"""``pokerlab.cards``: card ids and card lists that are not cards are refused with a CardError naming them."""

from __future__ import annotations

import numpy as np
import pytest

import pokerlab as pl
from pokerlab.errors import (
    CardError,
    PokerlabError,
)


def test_combo_index_refuses_ids_outside_the_deck():
    with pytest.raises(CardError, match=r"0\.\.51, not 52"):
        pl.combo_index(0, 52)
    with pytest.raises(CardError, match=r"0\.\.51, not -1"):
        pl.combo_index(-1, 3)
    with pytest.raises(CardError):
        pl.combo_index(1.0, 2)
    assert pl.combo_index(1, 2) == 2 and pl.combo_index(51, 50) == 1325


def test_an_array_inside_a_list_of_cards_is_a_card_error_not_a_type_error():
    # a second outside pass: equity([np.array([48, 49]), "QQ"]) raised numpy's TypeError
    with pytest.raises(PokerlabError, match=r"hands_or_ranges: hand: cannot read a card from array\(\[48, 49\]\)"):
        pl.equity([np.array([48, 49]), "Kh"], "QQ", samples=10, seed=1)
    with pytest.raises(CardError, match="cannot read a card from array"):
        pl.parse_cards([np.zeros((2, 2), dtype=int)])
    # 0-d integer arrays and numpy integers still are card ids
    assert pl.parse_cards([np.array(48), np.int8(49)]) == pl.parse_cards("AcAd")
