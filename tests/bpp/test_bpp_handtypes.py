"""pokerlab.bpp.handtypes: BPP's 9 and 17 hand types, their exact counts, evidence from cards."""

import math
from collections import Counter

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from pokerlab import bpp
from pokerlab.bpp import handtypes
from pokerlab.cards import parse_cards
from pokerlab.errors import CardCountError, DuplicateCardError, ParameterError
from pokerlab.evaluator import category_counts, reference_value


def _plain_type(ids):
    """17-type index by brute force: the reference evaluator, or rank groups for 2-4 cards."""
    from pokerlab import _tables

    if len(ids) >= 5:
        cat, ranks = _tables.all_keys()[reference_value(list(ids)) - 1]
        top = ranks[0]
    else:
        counts = Counter(i >> 2 for i in ids)
        shape = sorted(counts.values(), reverse=True)
        pairs = [r for r, c in counts.items() if c == 2]
        if shape[0] == 4:
            cat, top = 7, 0
        elif shape[0] == 3:
            cat, top = 3, 0
        elif len(pairs) == 2:
            cat, top = 2, 0
        elif len(pairs) == 1:
            cat, top = 1, pairs[0]
        else:
            cat, top = 0, max(counts)
    bucket = 0 if top <= 7 else 1 if top <= 9 else top - 8
    return bucket if cat == 0 else 5 + bucket if cat == 1 else cat + 8


@settings(max_examples=300, deadline=None)
@given(st.integers(2, 7).flatmap(lambda n: st.lists(st.integers(0, 51), min_size=n, max_size=n, unique=True)))
def test_hand_types_equal_a_plain_reference(ids):
    assert int(handtypes.types_of_ids(np.array([ids]))[0]) == _plain_type(ids)
    assert handtypes.type_of_sorted_ids(tuple(sorted(ids))) == _plain_type(ids)  # the bot's one-hand path


def test_hand_type_examples():
    assert bpp.hand_type("AdQc 3h4cJh") == "busted_A"
    assert bpp.hand_type("AdQc 3h4cJh", hand_types=9) == "busted"
    assert bpp.hand_type("TdJc") == "busted_TJ"
    assert bpp.hand_type("QdQc 3h") == "pair_Q"
    assert bpp.hand_type("2d2c 3h3s") == "two_pair"
    assert bpp.hand_type("9h8h 7h6h5h Kd Ks") == "straight_flush"
    with pytest.raises(CardCountError):
        bpp.hand_type("As")
    with pytest.raises(DuplicateCardError):
        bpp.hand_type("AsAs")
    with pytest.raises(ParameterError, match="9 or 17"):
        bpp.hand_type("AsKs", hand_types=13)


def test_exact_type_counts_merge_to_the_category_counts():
    five = handtypes.exact_type_counts(5, hand_types=9)
    assert five.tolist() == list(category_counts(5, progress=False).values())
    seventeen = handtypes.exact_type_counts(5)
    assert seventeen.sum() == math.comb(52, 5)
    # a pair of aces: 4 suits choose 2, times 3 kickers from 12 ranks x 4^3 suits
    assert seventeen[handtypes.HAND_TYPES_17.index("pair_A")] == 6 * math.comb(12, 3) * 64


def test_evidence_from_cards():
    assert bpp.evidence_from_cards("AdQc") == ("preflop", {"BPP_Current": "busted_A", "Board": "none"})
    assert bpp.evidence_from_cards("AdQc", "3h4cJhQs Qd")[0] == "river"
    with pytest.raises(DuplicateCardError, match="both a hole card and on the board"):
        bpp.evidence_from_cards("AdQc", "Ad4cJh")
    with pytest.raises(CardCountError):
        bpp.evidence_from_cards("AdQc", "4cJh")


def test_card_parsing_for_types_accepts_cards():
    assert bpp.hand_type(parse_cards("AsAd")) == "pair_A"


def test_types_of_ids_refuses_exactly_the_rows_with_a_repeated_card_for_every_width():
    # the duplicate check is vectorised (BPP's first build types 400,000 deals 46 times); it must
    # still find a repeat in any row and any pair of columns, and pass every row without one
    import pytest

    from pokerlab.errors import ParameterError

    rng = np.random.default_rng(25)
    for n in range(2, 8):
        good = np.argsort(rng.random((2000, 52)), axis=1)[:, :n]
        handtypes.types_of_ids(good)  # no repeats: no error
        for row in (0, 1999):
            for a, b in ((0, n - 1), (n - 2, n - 1)):
                bad = good.copy()
                bad[row, b] = bad[row, a]
                with pytest.raises(ParameterError, match="same card twice"):
                    handtypes.types_of_ids(bad)
