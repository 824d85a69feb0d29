import numpy as np
import pytest
from hypothesis import given, strategies as st

from pokerlab import Card, Deck, HandClass, Rank, Suit, combo_index, hand_classes, parse_cards
from pokerlab.cards import cards_html, combo_card_ids, combo_cards, format_cards
from pokerlab.errors import CardError, DuplicateCardError, PokerlabError
from tests.support.strategies import distinct_cards


def test_card_ids_follow_rank_times_four_plus_suit():
    assert Card.parse("2c").id == 0
    assert Card.parse("2s").id == 3
    assert Card.parse("Ac").id == 48
    assert Card.parse("As").id == 51
    assert Card.parse("Td").id == 8 * 4 + 1
    for i in range(52):
        c = Card(i)
        assert c.rank.index * 4 + c.suit.index == i
        assert Card.parse(str(c)) == c


@pytest.mark.parametrize("text", ["As", "as", "AS", "A♠", "a♤", "As "])
def test_spellings_of_the_ace_of_spades(text):
    assert Card.parse(text) == Card(51)


def test_ten_written_as_10_or_t():
    assert parse_cards("10s Th 10D") == (Card.parse("Ts"), Card.parse("Th"), Card.parse("Td"))


def test_lists_and_separators():
    expected = (Card.parse("4c"), Card.parse("5c"), Card.parse("6c"))
    assert parse_cards("4♣-5♣-6♣") == expected
    assert parse_cards("4c,5c;6c") == expected
    assert parse_cards("4c5c6c") == expected
    assert parse_cards(["4c", Card.parse("5c"), 16]) == expected


def test_text_and_html_output():
    cards = parse_cards("AsKd")
    assert format_cards(cards) == "As Kd"
    assert format_cards(cards, symbols=True) == "A♠ K♦"
    assert repr(cards) == "(As, Kd)"
    page = cards_html(cards)
    assert "A♠" in page and "K♦" in page
    assert "#c0392b" in page  # the diamond is red
    assert Card.parse("Kd")._repr_html_().count("pl-card") == 1


@pytest.mark.parametrize(
    "text, fragment",
    [("Xs", "position 0"), ("Ax", "position 0"), ("As K", "position 3"), ("1s", "position 0"), ("Asx", "position 2")],
)
def test_malformed_cards_name_the_position(text, fragment):
    with pytest.raises(CardError, match=fragment):
        parse_cards(text)


def test_duplicates_are_refused():
    with pytest.raises(DuplicateCardError, match="Ah appears twice"):
        parse_cards("AhKd Ah")
    assert parse_cards("AhAh", allow_duplicates=True) == (Card.parse("Ah"),) * 2


def test_bad_ids():
    with pytest.raises(CardError):
        Card(52)
    with pytest.raises(CardError):
        parse_cards([-1])
    assert issubclass(CardError, PokerlabError) and issubclass(CardError, ValueError)


def test_card_takes_numpy_integer_ids_and_refuses_bools():
    """A numpy integer is an id (the answer of np.argmax), stored as a Python int; True is not the 3 of clubs."""
    card = Card(np.int64(5))
    assert card == Card(5) and str(card) == "3d" and type(card.id) is int and hash(card) == hash(Card(5))
    assert str(Card(np.argmax([0, 0, 1]))) == "2h"
    with pytest.raises(CardError, match=r"^a card id must be a whole number 0\.\.51, not True$"):
        Card(True)
    with pytest.raises(CardError, match=r"^a card id must be a whole number 0\.\.51, not np\.int64\(52\)$"):
        Card(np.int64(52))
    with pytest.raises(CardError, match=r"^a card id must be a whole number 0\.\.51, not 5\.0$"):
        Card(5.0)  # type: ignore[arg-type]


def test_rank_and_suit_enums():
    assert Rank("T").word == "ten" and Rank.SIX.plural == "sixes"
    assert Suit.HEARTS.symbol == "♥" and Card.of("q", "H") == Card.parse("Qh")


@given(distinct_cards(2))
def test_combo_index_is_a_bijection(cards):
    a, b = cards
    i = combo_index(a, b)
    assert i == combo_index(b, a)
    assert set(combo_cards(i)) == {a, b}
    assert sorted(combo_card_ids()[i].tolist()) == sorted([a.id, b.id])


def test_combo_indices_cover_0_to_1325():
    seen = {combo_index(i, j) for i in range(52) for j in range(i + 1, 52)}
    assert seen == set(range(1326))


def test_169_classes_partition_the_1326_combos():
    classes = hand_classes()
    assert len(classes) == 169
    assert sum(hc.n_combos for hc in classes) == 1326
    combos = [combo_index(a, b) for hc in classes for a, b in hc.combos]
    assert sorted(combos) == list(range(1326))
    kinds = [hc.n_combos for hc in classes]
    assert kinds.count(6) == 13 and kinds.count(4) == 78 and kinds.count(12) == 78
    for hc in classes:
        for a, b in hc.combos:
            assert HandClass.of(a, b) == hc


def test_grid_layout_pairs_diagonal_suited_below_offsuit_above():
    for hc in hand_classes():
        r, c = hc.grid_cell
        assert HandClass.at(r, c) == hc
        if hc.is_pair:
            assert r == c
        elif hc.suited:
            assert r > c  # lower triangle
        else:
            assert r < c
    assert HandClass.parse("32o").grid_cell == (0, 1)
    assert HandClass.parse("AA").grid_cell == (12, 12)
    assert [hc.name for hc in hand_classes()[:3]] == ["22", "32o", "42o"]


@pytest.mark.parametrize("bad", ["AKx", "AAs", "AK", "A", "XYs", "AKso"])
def test_bad_hand_classes(bad):
    with pytest.raises(CardError):
        HandClass.parse(bad)


def test_hand_class_parse_is_forgiving_about_order_and_case():
    assert HandClass.parse("ka s".replace(" ", "")) == HandClass.parse("AKs")
    assert str(HandClass.parse("tt")) == "TT"


@given(st.integers(0, 2**32))
def test_seeded_deck_is_reproducible_and_never_repeats(seed):
    d1, d2 = Deck(seed=seed), Deck(seed=seed)
    dealt = d1.deal(52)
    assert dealt == d2.deal(52)
    assert sorted(c.id for c in dealt) == list(range(52))
    assert len(d1) == 0
    with pytest.raises(CardError):
        d1.deal(1)


def test_deck_excludes_known_cards():
    d = Deck(seed=1, exclude="AsKs")
    cards = d.deal(50)
    assert Card(51) not in cards and Card.parse("Ks") not in cards
    assert Deck(seed=np.random.default_rng(3)).deal(2) == Deck(seed=np.random.default_rng(3)).deal(2)
