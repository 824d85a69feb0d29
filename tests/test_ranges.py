import numpy as np
import pytest
from hypothesis import given, strategies as st

from pokerlab import Range, RangeError
from pokerlab.cards import HandClass, hand_classes


@pytest.mark.parametrize(
    "text, n",
    [
        ("AA", 6),
        ("AKs", 4),
        ("AKo", 12),
        ("AK", 16),
        ("TT+", 30),
        ("A2s+", 48),
        ("KTo+", 36),
        ("AA-QQ", 18),
        ("A5s-A2s", 16),
        ("76s-54s", 12),
        ("AhKh", 1),
        ("random", 1326),
        ("TT+, A2s+, KQo, 76s-54s, AhKd", 103),
    ],
)
def test_combination_counts(text, n):
    assert len(Range.parse(text)) == n


def test_plus_and_spans_expand_to_the_right_classes():
    classes = {HandClass.of(a, b).name for a, b, _ in Range.parse("A9s+").combos()}
    assert classes == {"A9s", "ATs", "AJs", "AQs", "AKs"}
    classes = {HandClass.of(a, b).name for a, b, _ in Range.parse("97o-64o").combos()}
    assert classes == {"97o", "86o", "75o", "64o"}
    classes = {HandClass.of(a, b).name for a, b, _ in Range.parse("88-55").combos()}
    assert classes == {"88", "77", "66", "55"}


def test_weights():
    r = Range.parse("AA-QQ@50, 0.25(AKs, AQs), KK")
    assert r.weight("AsAh") == 0.5
    assert r.weight("KsKh") == 1.0  # later items win
    assert r.weight("AsKs") == 0.25
    assert r.weight("2c2d") == 0.0
    assert r.total_weight == pytest.approx(6 * 0.5 + 6 * 1 + 6 * 0.5 + 8 * 0.25)
    arr = r.weight_array()
    assert arr.shape == (1326,) and arr.sum() == pytest.approx(r.total_weight)
    assert Range.from_weights(arr) == r


def test_canonical_strings():
    assert str(Range.parse("TT+, A2s+, KQo, 76s-54s, AhKd")) == "TT+, A2s+, 76s, 65s, 54s, KQo, AhKd"
    assert str(Range.parse("AA-QQ@50, 0.25(AKs)")) == "QQ+@50, AKs@25"
    assert str(Range.parse("55-22")) == "55-22"
    assert str(Range.parse("any")) == "random"
    assert str(Range.parse("0.3(AA), 0.1234567(KK)")) == "AA@30, KK@12.34567"


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        ("random@50", "random@50"),
        ("any@30", "random@30"),
        ("0.25(random)", "random@25"),
        ("0.123456789123(random)", "0.123456789123(random)"),
    ],
)
def test_a_weighted_random_range_is_written_short(text, shown):
    r = Range.parse(text)
    assert len(r) == 1326 and str(r) == shown
    assert Range.parse(shown) == r


def test_at_weights_are_percentages_and_bracket_weights_fractions():
    """'AA@0.5' is half of one percent (documented), 'AA@50' and '0.5(AA)' are half."""
    assert Range.parse("AA@0.5").weight("AsAh") == 0.005
    assert Range.parse("AA@50").weight("AsAh") == Range.parse("0.5(AA)").weight("AsAh") == 0.5
    assert "percentage" in Range.parse.__doc__ and "AA@0.5" in Range.parse.__doc__


@pytest.mark.parametrize("span", ["Ah2h-Ah5h", "AhKh-AQs", "A5s-Ah2h", "AsKd-"])
def test_spans_of_single_combinations_are_refused_with_what_to_write(span):
    with pytest.raises(RangeError, match=r"spans join classes.*not single combinations") as info:
        Range.parse(f"QQ+, {span}")
    assert "twice" not in str(info.value) and span in str(info.value)


def test_card_removal():
    r = Range.parse("AA, KK").without("AsAh")
    assert len(r) == 1 + 6
    with pytest.raises(RangeError, match="empty"):
        Range.parse("AA").without("AsAhAd")


@pytest.mark.parametrize(
    "bad, words",
    [
        ("AAs", "pair"),
        ("XX", "cannot read"),
        ("AK-QJs", "same kind"),
        ("AA-KQs", "same kind"),
        ("A5s-K3s", "top card"),
        ("AA@150", "0..100"),
        ("AA@x", "weight"),
        ("1.5(AA)", "0..1"),
        ("0.5(AA", "unclosed"),
        ("", "no combinations"),
        ("AhAh", "twice"),
    ],
)
def test_bad_ranges_say_what_is_wrong(bad, words):
    with pytest.raises(RangeError, match=words):
        Range.parse(bad)


@st.composite
def weighted_ranges(draw):
    classes = draw(st.lists(st.sampled_from(hand_classes()), min_size=1, max_size=25, unique=True))
    weights = draw(
        st.lists(st.sampled_from([0.25, 0.5, 0.75, 1.0, 0.3, 0.123]), min_size=len(classes), max_size=len(classes))
    )
    extra = draw(st.lists(st.integers(0, 1325), max_size=5, unique=True))
    arr = np.zeros(1326)
    from pokerlab.cards import combo_index

    for hc, w in zip(classes, weights, strict=True):
        for a, b in hc.combos:
            arr[combo_index(a, b)] = w
    for i in extra:
        arr[i] = draw(st.sampled_from([0.5, 1.0, 0.9]))
    return Range.from_weights(arr)


@given(weighted_ranges())
def test_canonical_string_round_trips(r):
    text = str(r)
    assert Range.parse(text) == r
    assert str(Range.parse(text)) == text


def test_range_of_accepts_hands_and_ranges():
    assert len(Range.of("AhKh")) == 1
    assert len(Range.of(["Ah", "Kh"])) == 1
    assert len(Range.of("QQ")) == 6
    assert "QsQh" in Range.of("QQ") and "QsQh" not in Range.of("KK")
    with pytest.raises(RangeError):
        Range.of("AhKhQh")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("0.5(0.5(AA)", "unclosed bracket at position 3 of '0.5(0.5(AA)'"),
        ("AA, 0.5(KK", "unclosed bracket at position 7 of 'AA, 0.5(KK'"),
        ("0.5(AA))", "unexpected ')' at position 7 of '0.5(AA))'"),
        ("0.5(0.5(AA), Zz)", "'0.5(0.5(AA), Zz)'"),
        ("0.5(AA@x)", "cannot read the weight 'x' in '0.5(AA@x)'"),
    ],
)
def test_errors_quote_the_text_the_user_gave(text, message):
    with pytest.raises(RangeError) as info:
        Range.parse(text)
    assert message in str(info.value)


def test_bracket_weights_nest_and_multiply():
    assert str(Range.parse("0.5(0.5(AA))")) == "AA@25"
    assert str(Range.parse("0.5(AA, 0.5(KK), QQ)")) == "AA@50, KK@25, QQ@50"


@pytest.mark.parametrize(
    "text",
    [
        "1" * 5001 + "(AA)",  # a weight of 5,001 digits
        "0." + "0" * 5000 + "1(AA)",
        "(" * 5000,
        "AA:" + "9" * 5000,
        "AA" + "+" * 100,
        "AA@" + "9" * 5000,
        "AKs-" + "A" * 5000,
    ],
)
def test_a_long_range_text_is_quoted_by_its_start_and_length(text):
    with pytest.raises(RangeError) as info:
        Range.parse(text)
    message = str(info.value)
    assert len(message) < 300 and f"({len(text):,} characters)" in message and text[:30] in message


@given(st.lists(st.tuples(st.sampled_from(hand_classes()), st.integers(1, 1000)), min_size=1, max_size=12))
def test_a_colon_weight_is_the_fraction_the_solvers_write(items):
    """PioSOLVER, GTO+ and postflop-solver export ``AA:0.5``: the same range as ``AA@50``."""
    colon = ", ".join(f"{hc}:{k / 1000}" for hc, k in items)
    at = ", ".join(f"{hc}@{k / 10}" for hc, k in items)
    np.testing.assert_allclose(Range.parse(colon).weight_array(), Range.parse(at).weight_array(), rtol=1e-12)


def test_colon_weights_read_as_fractions_and_bad_ones_say_so():
    assert Range.parse("AA:0.5") == Range.parse("AA@50") == Range.parse("0.5(AA)")
    assert str(Range.parse("AA:0.5, KK:1, AKs:0.25, QQ:0")) == "AA@50, KK, AKs@25"
    with pytest.raises(RangeError, match=r"a weight after : is a fraction 0\.\.1 \(for a percentage write 'AA@50'\)"):
        Range.parse("AA:50")
    with pytest.raises(RangeError, match="cannot read the weight 'x' in 'AA:x'"):
        Range.parse("AA:x")
