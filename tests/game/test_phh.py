"""PHH as people publish it: the sample hands in tests/data/phh, pokerkit as the reference, and bad input.

The samples are written for these tests in the shapes of the public PHH
dataset (uoftcprg/phh-dataset): Pluribus (all cards known, an odd split pot
with half chips), WSOP tournaments (big-blind ante, dead or trimmed),
fixed limit, unknown hole cards, HandHQ decimals and a ``.phhs`` file.
"""

from __future__ import annotations

import io
import random
import re
import warnings
from decimal import Decimal
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from pokerlab.errors import HiddenCardsError, PHHError, RulesError, UnknownStackError
from pokerlab.game import NO_LIMIT_RING, Act, Blind, HandState, Muck, PostBlind, ReturnUncalled, Rules, Showdown
from pokerlab.game.phh import PHHHand, iter_phhs, load_phh, read_hand, read_hands, to_phh, to_phhs, write_phhs
from tests.support.peers import peer

DATA = Path(__file__).parent.parent / "data" / "phh"
SECTION = re.compile(r"^\s*\[\s*\d+\s*\]\s*$", re.MULTILINE)


def texts(path: Path) -> list[str]:
    text = path.read_text()
    return SECTION.split(text)[1:] if path.suffix == ".phhs" else [text]


def money(hand: PHHHand) -> list[str]:
    return [hand.state.rules.format_chips(c) for c in hand.finishing_stacks]


def pokerkit_stacks(text: str) -> list[Decimal]:
    pokerkit = peer("pokerkit")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        state = list(pokerkit.HandHistory.loads(text))[-1]
    assert not state.status
    return [Decimal(s) for s in state.stacks]


# ----------------------------------------------------------------------------
# the samples, against their own finishing_stacks and against pokerkit
# ----------------------------------------------------------------------------


EXPECTED = {
    ("pluribus_shape.phh", 0): ["9950", "9900", "10000", "20150", "0", "10000"],
    ("pluribus_split.phh", 0): ["10112.5", "9775.0", "10000.0", "10000.0", "10112.5", "10000.0"],
    ("tournament_bb_ante.phhs", 0): ["7340000", "0", "5110000", "12710000", "4545000"],
    ("tournament_bb_ante.phhs", 1): ["7300000", "4800000", "5110000", "8150000", "4545000"],
    ("tournament_bb_ante.phhs", 2): ["7300000", "4920000", "5110000", "8030000", "4545000"],
    ("fixed_limit.phh", 0): ["3450000", "2500000", "3200000", "3150000"],
    ("unknown_cards.phh", 0): ["1681600", "1997500", "0"],
    ("decimals.phhs", 0): ["2053.80", "1978.00", "1195.50", "1699.75", "1997.50", "1517.50"],
    ("decimals.phhs", 1): ["1481.00", "2099.10", "1952.50", "1184.50", "1798.75", "1932.50"],
    ("decimals.phhs", 2): ["87.40", "192.00"],
    ("decimals.phhs", 4): ["1770.17", "1552.08"],
}


def test_every_sample_hand_replays_to_its_finishing_stacks():
    seen = {}
    for path in sorted(DATA.glob("*.phh*")):
        for k, hand in enumerate(read_hands(path)):  # read_hands checks finishing_stacks itself
            seen[(path.name, k)] = hand
    assert len(seen) == 14
    for key, stacks in EXPECTED.items():
        assert money(seen[key]) == stacks, key
    assert seen[("decimals.phhs", 0)].source == "decimals.phhs, hand [1]"


@pytest.mark.parametrize(("name", "index"), sorted(EXPECTED))
def test_samples_agree_with_pokerkit(name, index):
    text = texts(DATA / name)[index]
    hand = load_phh(text)
    ours = [c * hand.state.rules.chip_unit for c in hand.finishing_stacks]
    theirs = pokerkit_stacks(text)
    if name == "pluribus_split.phh":
        # pokerkit gives the odd chip of the split pot to one winner; the file (and pokerlab) split it in halves
        assert theirs == [10113, 9775, 10000, 10000, 10112, 10000]
        assert ours == [Decimal("10112.5"), 9775, 10000, 10000, Decimal("10112.5"), 10000]
    else:
        assert ours == theirs


def test_decimal_stakes_are_exact_and_shown_as_written():
    hand = load_phh(texts(DATA / "decimals.phhs")[2])
    rules = hand.state.rules
    assert rules.chip_unit == Decimal("0.01")
    assert (hand.state.small_blind, hand.state.big_blind) == (25, 50)
    raises = [(e.seat, e.to) for e in hand.state.events if isinstance(e, Act) and e.kind.aggressive]
    assert raises == [(0, 150), (1, 450), (1, 300)]
    text = to_phh(hand.state)
    assert "blinds_or_straddles = [0.25, 0.50]" in text
    assert "starting_stacks = [82.90, 196.50]" in text
    assert '"p1 cbr 3.00"' in text and "finishing_stacks = [87.40, 192.00]" in text
    assert money(load_phh(text)) == ["87.40", "192.00"]


def test_heads_up_p1_is_the_big_blind():
    state = load_phh(texts(DATA / "decimals.phhs")[2]).state
    blinds = {e.blind: e.seat for e in state.events if isinstance(e, PostBlind)}
    assert blinds == {Blind.SMALL: state.button, Blind.BIG: 1 - state.button}


def test_big_blind_ante_dead_or_trimmed():
    dead, trimmed = (load_phh(t) for t in texts(DATA / "tournament_bb_ante.phhs")[1:])
    # the big blind (p2) folds: it loses ante and blind when the ante is dead, the blind only when trimmed
    assert dead.finishing_stacks[1] == 5_000_000 - 200_000
    assert trimmed.finishing_stacks[1] == 5_000_000 - 80_000
    returned = [e for e in trimmed.state.events if isinstance(e, ReturnUncalled)]
    assert returned[0] == ReturnUncalled(trimmed.players[1], 120_000)
    assert dead.state.rules.dead_antes and not trimmed.state.rules.dead_antes
    assert dead.state.rules.position_antes[:2] == (0, 120_000)


def test_an_all_in_big_blind_ante_hand_exports_and_reads_back():
    hand = load_phh(texts(DATA / "tournament_bb_ante.phhs")[0])
    text = to_phh(hand.state)
    assert "antes = [0, 120000, 0, 0, 0]" in text and "ante_trimming_status = false" in text
    assert load_phh(text).finishing_stacks == hand.finishing_stacks
    assert pokerkit_stacks(text) == list(hand.finishing_stacks)


def test_unknown_cards_replay_the_betting_exactly():
    hand = load_phh((DATA / "unknown_cards.phh").read_text())
    state = hand.state
    p2 = hand.players[1]
    assert state.hole[p2] == () and p2 not in state.known_holes
    assert money(hand) == ["1681600", "1997500", "0"]
    assert "d dh p2 ????" in to_phh(state)


def test_a_pot_that_needs_hidden_cards_stays_undecided():
    text = texts(DATA / "decimals.phhs")[3]
    hand = load_phh(text)
    state = hand.state
    assert state.is_over
    assert [(p.amount, p.winners) for p in state.undecided] == [(45000, ())]
    with pytest.raises(HiddenCardsError, match=r"45000 chips cannot be awarded"):
        _ = state.final_stacks
    # the shown hand is the only known one; p1's ???? is not guessed
    shows = {e.seat: e.cards for e in state.events if isinstance(e, Showdown)}
    assert shows[hand.players[0]] == () and len(shows[hand.players[1]]) == 2
    # pokerkit awards it to the hand that showed: a guess pokerlab refuses to make
    assert pokerkit_stacks(text) == [Decimal("1622.33"), Decimal("1704.94")]
    with pytest.raises(PHHError, match="finishing_stacks cannot be checked"):
        load_phh(text + "finishing_stacks = [1622.33, 1704.94]\n")


def test_a_winner_who_mucks_wins_nothing():
    text = texts(DATA / "decimals.phhs")[4]
    hand = load_phh(text)
    assert money(hand) == ["1770.17", "1552.08"]
    mucked = [e for e in hand.state.events if isinstance(e, Muck)]
    assert [m.seat for m in mucked] == [hand.players[1]]
    # p2 (JcTs-ish) would have won had it shown: give p2 the cards and let p1 muck instead
    swapped = text.replace("'p1 sm 8h7d', 'p2 sm'", "'p1 sm', 'p2 sm 8h7d'").replace(
        "finishing_stacks = [1770.17, 1552.08]", ""
    )
    other = load_phh(swapped)
    assert other.finishing_stacks[1] > other.state.starting_stacks[other.players[1]]
    assert [m.seat for m in other.state.events if isinstance(m, Muck)] == [other.players[0]]
    assert '"p1 sm"' in to_phh(other.state)


def test_shown_cards_in_any_order_and_published_export_order():
    text = (DATA / "pluribus_shape.phh").read_text()
    assert "'p5 sm KcAc'" in text and "'d dh p5 AcKc'" in text
    hand = load_phh(text)
    exported = load_phh(to_phh(hand.state)).fields["actions"]
    original = re.findall(r"'([^']*)'", text.split("actions = ")[1].split("\n")[0])
    # same lines in the same order (showdown before the run-out), cards as dealt
    assert [a.replace("KcAc", "AcKc") for a in original] == exported


def test_a_straddle_moves_the_first_action_and_agrees_with_pokerkit():
    text = (
        "variant = 'NT'\nante_trimming_status = true\nantes = [0, 0, 0, 0, 0]\n"
        "blinds_or_straddles = [1, 2, 4, 0, 0]\nmin_bet = 2\nstarting_stacks = [100, 100, 100, 100, 100]\n"
        "actions = ['d dh p1 AsAh', 'd dh p2 KsKh', 'd dh p3 QsQh', 'd dh p4 JsJh', 'd dh p5 TsTh', "
        "'p4 cbr 6', 'p5 cc', 'p1 f', 'p2 f', 'p3 cc', 'd db 2c3c4d', 'p3 cc', 'p4 cc', 'p5 cc', "
        "'d db 8d', 'p3 cc', 'p4 cbr 10', 'p5 f', 'p3 cc', 'd db 9h', 'p3 cc', 'p4 cc', 'p3 sm QsQh', 'p4 sm JsJh']\n"
    )
    hand = load_phh(text)
    state = hand.state
    assert state.rules.straddles == (4,)
    first = next(e for e in state.events if getattr(e, "kind", None))
    assert first.seat == hand.players[3] and first.to == 6  # p4 raises the 4 straddle by the minimum 2
    assert list(hand.finishing_stacks) == pokerkit_stacks(text) == [99, 98, 125, 84, 94]
    assert "blinds_or_straddles = [1, 2, 4, 0, 0]" in to_phh(state)


# ----------------------------------------------------------------------------
# refusals: a clear error naming the line, never a wrong answer
# ----------------------------------------------------------------------------

BASE = """variant = 'NT'
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [200, 200, 200]
actions = [
  'd dh p1 AsAh',
  'd dh p2 KsKh',
  'd dh p3 QsQh',
  'p3 cbr 6',
  'p1 cc',
  'p2 cc',
  'd db 2c3c4d',
  'p1 cc',
  'p2 cc',
  'p3 cbr 194',
  'p1 cc',
  'p2 f',
  'p1 sm AsAh',
  'p3 sm QsQh',
  'd db 5h',
  'd db 9s',
]
"""


def test_the_base_hand_is_fine():
    hand = load_phh(BASE)
    assert hand.finishing_stacks == (406, 194, 0)


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ("'d dh p1 AsAh'", "'d dh p1'", r"line 7: 'd dh p1': deal a hole as"),
        ("'d dh p2 KsKh'", "'d dh p2 KsKhKd'", r"line 8: .*a hold'em hole is 2 cards, not 3"),
        ("'d dh p2 KsKh'", "'d dh p2 Ks??'", r"line 8: .*partly known"),
        ("'d dh p2 KsKh'", "'d dh p9 KsKh'", r"line 8: unknown player 'p9'"),
        ("'d dh p3 QsQh'", "'d dh p3 QsQx'", r"line 9: cannot read the hole cards 'QsQx'"),
        ("'d db 2c3c4d'", "'d db 2c3c'", r"line 13: .*the flop is 3 card\(s\), not 2"),
        ("'p3 cbr 6'", "'p3 cbr six'", r"line 10: .*'cbr' needs one amount"),
        ("'p3 cbr 6'", "'p3 cbr 1'", r"line 10: 'p3 cbr 1': .*cannot raise to 1"),
        ("'p3 cbr 6'", "'p3 xx'", r"line 10: .*unknown action 'xx'"),
        ("'p3 cbr 6'", "'p2 cc'", r"line 10: 'p2 cc': p2 acts out of turn; the next to act is p3"),
        ("'p1 sm AsAh'", "'p1 sm AsAd'", r"line 19: .*shows AsAd but was dealt AsAh"),
        ("'p1 sm AsAh'", "'p1 sm AsAh AsAh'", r"line 19: .*show as 'sm CARDS'"),
        ("'d db 5h',\n  'd db 9s',", "", r"line 18: 'p2 f': .*no turn card"),
        (
            "'p1 cc',\n  'p2 cc',\n  'd db 2c3c4d'",
            "'d db 2c3c4d',\n  'p1 cc',\n  'p2 cc'",
            r"line 11: .*flop is dealt while the betting is still open; p1 is to act",
        ),
        ("'d db 9s',", "'d db 9s',\n  'p1 f',", r"line 23: 'p1 f': the hand is already over"),
        ("'d db 9s',", "'d db 9s',\n  'd db 8s',", r"line 23: .*board is already complete"),
        (
            "'p3 cbr 6',\n  'p1 cc',\n  'p2 cc',",
            "'p3 f',\n  'p1 f',",
            r"line 12: 'd db 2c3c4d': the hand ended before the flop",
        ),
        ("'d db 9s',", "'d db 9s',\n  'x y',", r"line 23: unknown player 'x'"),
        ("'d db 9s',", "'d db 9s',\n  'd xx',", r"line 23: .*unknown dealer action"),
        ("'d db 5h'", "'d db 5h 6h'", r"line 21: .*deal the board as 'd db CARDS'"),
        ("'d dh p3 QsQh',", "", r"line 6: no 'd dh' line deals hole cards to p3"),
        ("starting_stacks = [200, 200, 200]", "starting_stacks = [200, 200]", r"line 2: antes has 3 entries for 2"),
        ("antes = [0, 0, 0]", "antes = [0, 0, inf]", r"line 2: .*unknown amount \(inf\); only a stack may be unknown"),
        ("starting_stacks = [200, 200, 200]", "starting_stacks = [200, 200, nan]", r"line 5: .*finite"),
        ("starting_stacks = [200, 200, 200]", "starting_stacks = [200, 200, -5]", r"line 5: .*>= 0"),
        ("starting_stacks = [200, 200, 200]", "starting_stacks = [200, 200, true]", r"line 5: .*amount"),
        ("starting_stacks = [200, 200, 200]", "starting_stacks = [200, 200, 0]", r"line 5: every player needs"),
        (
            "blinds_or_straddles = [1, 2, 0]",
            "blinds_or_straddles = [1, 0, 0]",
            r"line 3: the big blind .* must be above 0",
        ),
        ("min_bet = 2", "min_bet = 3", r"line 4: min_bet 3 is not a whole number of big blinds"),
        ("min_bet = 2", "min_bet = 0", r"line 4: min_bet must be above 0, not 0"),  # pokerkit refuses it too
        ("min_bet = 2", "min_bet = 0.00", r"line 4: min_bet must be above 0, not 0.00"),
        ("variant = 'NT'", "variant = 'PO'", r"line 1: variant 'PO' is not Texas hold'em"),
        ("variant = 'NT'\n", "", r"the hand has no 'variant' field"),
        ("min_bet = 2\n", "", r"the hand has no 'min_bet' field"),
        ("antes = [0, 0, 0]", "antes = [0, 0, 0", r"cannot read the PHH text: .*line 3"),
        ("'d db 9s',\n]", "'d db 9s',", r"cannot read the PHH text: .* \(at the end of the hand, line 22\)$"),
    ],
)
def test_malformed_lines_are_refused_with_their_line_number(old, new, message):
    assert old in BASE
    with pytest.raises(PHHError, match=message):
        load_phh(BASE.replace(old, new, 1))


def test_finishing_stacks_mismatch_names_both():
    with pytest.raises(
        PHHError, match=r"line 25: finishing_stacks says \[1, 399, 200\] but the replay ends with \[406, 194, 0\]"
    ):
        load_phh(BASE + "\nfinishing_stacks = [1, 399, 200]\n")
    assert load_phh(BASE + "\nfinishing_stacks = [1, 399, 200]\n", check=False).finishing_stacks == (406, 194, 0)


def test_reader_arguments_are_checked():
    with pytest.raises(PHHError, match="must be a str"):
        load_phh(None)  # type: ignore[arg-type]
    with pytest.raises(PHHError, match="first_line"):
        load_phh(BASE, first_line=0)
    with pytest.raises(PHHError, match="no PHH file"):
        list(iter_phhs(Path("/nonexistent/x.phhs")))
    with pytest.raises(PHHError, match=r"^iter_phhs reads a path, PHH text or a text file, not 3 \(int\)$"):
        list(iter_phhs(3))  # type: ignore[arg-type]
    assert [h.names for h in iter_phhs(io.StringIO(BASE))] == [load_phh(BASE).names]  # anything with a read()
    with pytest.raises(PHHError, match="needs a file path"):
        list(read_hands(3))  # type: ignore[arg-type]
    with pytest.raises(PHHError, match="needs a HandState"):
        to_phh("hand")  # type: ignore[arg-type]
    with pytest.raises(PHHError, match="check must be True or False"):
        load_phh(BASE, check="yes")  # type: ignore[arg-type]
    with pytest.raises(PHHError, match="check must be True or False"):
        list(iter_phhs(BASE, check=None))  # type: ignore[arg-type]
    with pytest.raises(PHHError, match="source is a name"):
        load_phh(BASE, source=3)  # type: ignore[arg-type]
    with pytest.raises(PHHError, match="counts from 1"):
        read_hand(DATA / "decimals.phhs", 0)
    with pytest.raises(PHHError, match="needs a file path"):
        write_phhs([], None)  # type: ignore[arg-type]
    with pytest.raises(RulesError, match="2 to 10 players"):
        Rules().antes_for(11)
    with pytest.raises(Exception, match=r"a position is 0\.\.2"):
        load_phh(BASE).state.position_seat(3)
    with pytest.raises(PHHError, match="is empty"):
        list(iter_phhs(io.StringIO("")))


# ----------------------------------------------------------------------------
# .phhs files: lazy reading, errors by section, writing
# ----------------------------------------------------------------------------


def test_phhs_reads_lazily_and_names_the_bad_section(tmp_path):
    good = (DATA / "pluribus_shape.phh").read_text()
    bad = good.replace("'p4 cbr 250'", "'p4 cbr 25'")
    path = tmp_path / "three.phhs"
    path.write_text(f"[1]\n{good}\n[2]\n{bad}\n[3]\n{good}")
    hands = iter_phhs(path)
    first = next(hands)  # the first hand is read before the second is looked at
    assert first.source == "three.phhs, hand [1]"
    lines = path.read_text().splitlines()
    line = next(i for i, x in enumerate(lines, 1) if x.startswith("actions") and i > lines.index("[2]") + 1)
    with pytest.raises(PHHError, match=rf"three.phhs, hand \[2\], line {line}: 'p4 cbr 25'"):
        next(hands)


def test_phhs_writer_round_trip(tmp_path):
    rng = random.Random(7)
    states = []
    for k in range(30):
        h = NO_LIMIT_RING.new_hand(rng.randint(2, 6), button=0, seed=k)
        while not h.is_over:
            h.apply(h.random_action(rng))
        states.append(h)
    path = tmp_path / "out.phhs"
    assert write_phhs(states, path) == 30
    back = list(iter_phhs(path))
    assert [b.state.final_stacks for b in back] == [s.final_stacks for s in states]
    assert [b.source for b in back][:2] == ["out.phhs, hand [1]", "out.phhs, hand [2]"]
    assert to_phhs(states).startswith("[1]\nvariant")
    assert [b.state.final_stacks for b in iter_phhs(to_phhs(states))] == [s.final_stacks for s in states]


def test_the_sample_phhs_files_are_read_through_a_text_stream():
    with (DATA / "tournament_bb_ante.phhs").open() as f:
        assert len(list(iter_phhs(f))) == 3


# ----------------------------------------------------------------------------
# the engine's new rules, through pokerkit
# ----------------------------------------------------------------------------


def test_rules_fields_are_validated():
    for kwargs, message in [
        ({"straddles": (0,)}, "straddles"),
        ({"straddles": [4]}, "straddles"),
        ({"straddles": (True,)}, "straddles"),
        ({"position_antes": (-1,)}, "position_antes"),
        ({"position_antes": (0, 1), "ante": 1}, "either a uniform ante"),
        ({"dead_antes": 1}, "dead_antes"),
        ({"chip_unit": 0.01}, "chip_unit"),
        ({"chip_unit": Decimal("-1")}, "chip_unit"),
        ({"chip_unit": Decimal("NaN")}, "chip_unit"),
        ({"chip_unit": Decimal("0.5")}, "power of ten"),
        ({"straddles": (4,) * 9}, "straddles need more than"),
    ]:
        with pytest.raises(RulesError, match=message):
            Rules(**kwargs)
    with pytest.raises(RulesError, match="whole number"):
        Rules().format_chips(1.5)  # type: ignore[arg-type]


def test_replayed_hands_deal_only_the_given_cards():
    rules = NO_LIMIT_RING
    with pytest.raises(Exception, match="2 hole cards"):
        HandState(rules, [100, 100], holes=["AsKsQs", None], board="")
    with pytest.raises(Exception, match="dealt twice"):
        HandState(rules, [100, 100], holes=["AsKs", "AsQs"], board="")
    h = HandState(rules, [100, 100], holes=["AsKs", None], board="2c3c4c")
    h.apply(h.legal_actions()[1])  # call
    h.apply(h.legal_actions()[0])  # check: the flop comes from the given board
    assert [str(c) for c in h.board] == ["2c", "3c", "4c"]
    h.apply(h.legal_actions()[0])
    with pytest.raises(Exception, match="no turn card"):
        h.apply(h.legal_actions()[0])


@st.composite
def published_hands(draw):
    n = draw(st.integers(2, 6))
    straddles = tuple(draw(st.lists(st.sampled_from([4, 8]), max_size=min(2, n - 2))))
    antes = draw(st.sampled_from(["none", "uniform", "big blind"]))
    rules = Rules(
        small_blind=1,
        big_blind=2,
        straddles=tuple(sorted(straddles)),
        ante=1 if antes == "uniform" else 0,
        position_antes=(0, 2) if antes == "big blind" else (),
        dead_antes=draw(st.booleans()),
        chip_unit=draw(st.sampled_from([Decimal(1), Decimal("0.01"), Decimal("0.1")])),
        starting_stack=400,
        max_players=10,
    )
    stacks = draw(st.lists(st.integers(20, 400), min_size=n, max_size=n))
    h = rules.new_hand(stacks, button=draw(st.integers(0, n - 1)), seed=draw(st.integers(0, 10**6)))
    return h, random.Random(draw(st.integers(0, 10**6)))


@settings(max_examples=80, deadline=None)
@given(published_hands())
def test_straddles_antes_and_units_round_trip_through_pokerkit(case):
    h, rng = case
    while not h.is_over:
        h.apply(h.random_action(rng))
    text = to_phh(h)
    back = load_phh(text)
    assert back.state.final_stacks == h.final_stacks
    order = [(h.button + k) % h.n for k in range(1, h.n + 1)]
    unit = h.rules.chip_unit
    ours = [h.final_stacks[s] for s in order]  # whole chip units
    # Money is compared in whole chip units, the way the rules define it, never by exact equality with
    # pokerkit's Decimal arithmetic: pokerkit splits an odd chip of a Decimal pot into fractions of the
    # unit, rounded to 28 significant digits (a three-way split of 1.82 sums to 1.820000000000000000000000001),
    # while pokerlab's odd-chip rule gives each odd chip, whole, to the first winner after the button.
    theirs = [t / unit for t in pokerkit_stacks(text)]  # in chip units, fractions where pokerkit split one
    assert round(sum(theirs)) == sum(ours) and abs(sum(theirs) - sum(ours)) < Decimal("1e-20"), text
    # a pot shared by k winners gives each floor(pot / k) or one chip more: at most one chip per pot apart
    assert all(abs(t - o) < h.n for t, o in zip(theirs, ours, strict=True)), text
    if all(t == t.to_integral_value() for t in theirs):  # nothing split into fractions: the same stacks
        assert [int(t) for t in theirs] == ours, text


# ----------------------------------------------------------------------------
# studying a hand: pokerlab replay and study_hand
# ----------------------------------------------------------------------------


def test_study_hand_numbers_match_the_functions_it_uses():
    from pokerlab.equities import equity
    from pokerlab.game.replay import study_hand
    from pokerlab.strength import hand_potential, hand_strength

    hand = load_phh((DATA / "unknown_cards.phh").read_text())
    study = study_hand(hand, samples=2000)
    flop_bet = next(d for d in study.decisions if d.street.value == "flop")
    assert (flop_bet.player, flop_bet.action, flop_bet.pot, flop_bet.to_call, flop_bet.pot_odds) == (
        "p1",
        "bet to 35000",
        49500,
        0,
        None,
    )
    ivey = flop_bet.numbers["p1"]
    assert ivey.equity == equity("Kd9c", "8s7s", board="Tc6s2d").equity[0]
    assert ivey.hs == hand_strength("Kd9c", "Tc6s2d", opponents=1)
    p = hand_potential("Kd9c", "Tc6s2d", lookahead=2)
    assert (ivey.ppot, ivey.npot) == (p.ppot, p.npot)
    call = next(d for d in study.decisions if d.action.startswith("call 262400"))
    # an all-in call for less can win 1,109,500 (the rest of the 1,067,100 raise goes back), not 1,681,600
    assert call.to_call == 262400 and call.pot_odds == pytest.approx(262400 / 1109500)
    assert "p2" not in call.numbers  # folded, and nobody saw its cards
    assert [s.street.value for s in study.streets] == ["preflop", "flop", "turn", "river"]
    assert study.streets[-1].numbers["p1"].equity == 1.0


def test_study_hand_keeps_hidden_cards_hidden_and_arguments_checked():
    from pokerlab.errors import ParameterError
    from pokerlab.game.replay import study_hand

    hand = list(iter_phhs(DATA / "decimals.phhs"))[3]
    study = study_hand(hand, samples=1000, potential=False)
    assert all("p1" not in d.numbers for d in study.decisions)
    assert "undecided, it needs cards nobody showed" in study.result
    for kwargs in ({"samples": 0}, {"samples": True}, {"seed": -1}, {"potential": "no"}, {"names": ["a"]}):
        with pytest.raises(ParameterError):
            study_hand(hand, **kwargs)
    with pytest.raises(ParameterError, match="PHHHand or a HandState"):
        study_hand("hand")  # type: ignore[arg-type]


def test_the_equity_chart_draws_a_point_per_known_player_and_street():
    from pokerlab import charts
    from pokerlab.game.replay import study_hand

    study = study_hand(load_phh((DATA / "pluribus_shape.phh").read_text()), potential=False)
    spec = study.chart().to_dict()
    values = spec["datasets"][next(iter(spec["datasets"]))]
    # six known hands preflop, then the two all-in players on flop, turn and river
    assert len(values) == 6 + 2 * 3
    svg = charts.chart_svg(study.chart())
    assert svg.count("<path") >= 2  # the lines were drawn
    assert len(study.equity_frame()) == 12


def test_cli_replay_prints_the_hand_street_by_street():
    import subprocess
    import sys

    proc = subprocess.run(
        [sys.executable, "-m", "pokerlab", "replay", str(DATA / "decimals.phhs"), "--hand", "3"],
        capture_output=True,
        text=True,
    )
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    assert lines[0] == "decimals.phhs, hand [3]"
    assert lines[1] == "== preflop   board -   pot 0.75"
    assert "   p2             raise to 1.50              pot       0.75   to call 0.25, pot odds 25.0%" in lines
    assert lines[-1] == "== result   pot 1 (9.00): p1 9.00"
    bad = subprocess.run(
        [sys.executable, "-m", "pokerlab", "replay", str(DATA / "decimals.phhs"), "--hand", "9"],
        capture_output=True,
        text=True,
    )
    assert bad.returncode == 2 and bad.stderr == "pokerlab: error: decimals.phhs holds 5 hand(s); there is no hand 9\n"


def test_cli_replay_json_and_refusals(capsys, tmp_path):
    import json

    from pokerlab.cli import main

    assert main(["replay", str(DATA / "pluribus_shape.phh"), "--json", "--no-potential"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["players"][3] == "MrPink"
    assert data["decisions"][-1] == {
        "street": "preflop",
        "player": "MrBrown",
        "action": "call 9200 (all-in)",
        "pot": "10950",
        "to_call": "9200",
        "pot_odds": pytest.approx(9200 / 20150),
        "numbers": {
            "MrPink": {
                "equity": pytest.approx(0.538, abs=0.001),
                "hs": None,
                "ppot": None,
                "npot": None,
                "exact": True,
            },
            "MrBrown": {
                "equity": pytest.approx(0.462, abs=0.001),
                "hs": None,
                "ppot": None,
                "npot": None,
                "exact": True,
            },
        },
    }
    bad = tmp_path / "bad.phh"
    bad.write_text((DATA / "pluribus_shape.phh").read_text().replace("20150", "20151"))
    assert main(["replay", str(bad)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(
        "pokerlab: error: bad.phh, line 13: finishing_stacks says [9950, 9900, 10000, 20151, 0, 10000]"
    )
    assert main(["replay", str(bad), "--no-check", "--no-potential"]) == 0


def test_hand_replayer_steps_through_a_hand_and_charts_equity():
    from pokerlab.widgets import HandReplayer

    r = HandReplayer(DATA / "unknown_cards.phh", charts=True)
    assert r.step.max == len(r.study.decisions) - 1 == 9
    assert r.decision.action == "raise to 7000" and "pot <b>4500</b>" in r.situation.value
    r.previous()
    assert r.step.value == 0
    r.next()
    r.next()
    assert r.decision.player == "p2" and "No live hand" not in r.situation.value
    assert "p3 raise to 7000 &middot; p1 raise to 23000 &middot; p2 fold" in r.log.value
    assert r.chart_view.value.startswith("<svg")
    preflop_points = r.chart().to_dict()
    r.step.value = r.step.max
    assert "p1 shows Kd 9c" in r.log.value
    for _ in range(3):
        r.next()
    assert r.step.value == r.step.max
    # two known hands, a point per street once the river is reached, fewer before it
    full = r.chart(upto=3).to_dict()
    data = lambda spec: spec["datasets"][next(iter(spec["datasets"]))]  # noqa: E731
    assert len(data(full)) == 8 and len(data(preflop_points)) == 2
    svg = r.chart_view.value
    assert svg.count("<path") >= 2 + 8  # two lines and eight filled points
    assert HandReplayer(DATA / "decimals.phhs", 3, charts=False).decision.action == "raise to 1.50"


def test_the_lessons_hand_is_shipped_and_its_call_beats_its_price():
    hand = read_hand(Path(__file__).parents[2] / "data" / "hands" / "three_handed_all_in.phh")
    from pokerlab.game.replay import study_hand

    call = study_hand(hand, potential=False).decisions[-1]
    assert (call.player, call.action) == ("Button", "call 262400 (all-in)")
    assert round(call.pot_odds, 3) == 0.237 and round(call.numbers["Button"].equity, 3) == 0.295


def test_unknown_stacks_replay_the_betting_and_the_winnings_exactly():
    hands = list(iter_phhs(DATA / "unknown_stacks.phhs"))
    texts_ = texts(DATA / "unknown_stacks.phhs")
    for hand, text in zip(hands, texts_, strict=True):
        state = hand.state
        assert state.unknown_stacks == frozenset(range(state.n))
        assert not any(state.all_in)
        with pytest.raises(UnknownStackError, match="never given"):
            _ = hand.finishing_stacks
        pokerkit = peer("pokerkit")
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            theirs = list(pokerkit.HandHistory.loads(text))[-1]
        assert [c * state.rules.chip_unit for c in hand.net_winnings] == list(theirs.payoffs)
        back = to_phh(state)
        assert "starting_stacks = [inf, inf" in back and "finishing_stacks" not in back
        assert load_phh(back).net_winnings == hand.net_winnings
    assert [str(c * hands[0].state.rules.chip_unit) for c in hands[0].net_winnings] == [
        "-0.50",
        "18.00",
        "-17.50",
        "0.00",
    ]
    assert hands[1].net_winnings == (50, -100, 50)  # chips of 0.01: the board's straight splits the pot


def test_an_acpc_game_definition_refuses_position_antes_and_straddles():
    from pokerlab.errors import AcpcError
    from pokerlab.game.gamedef import to_gamedef

    with pytest.raises(AcpcError, match="cannot express antes"):
        to_gamedef(Rules(position_antes=(0, 2)), 2)
    with pytest.raises(AcpcError, match="straddles"):
        to_gamedef(Rules(straddles=(4,)), 3)


# ----------------------------------------------------------------------------
# found by an outside tester: bytes, pokerlab's own fields, all-in pot odds
# ----------------------------------------------------------------------------


def test_bytes_that_are_not_utf8_are_a_phh_error_naming_their_line(tmp_path, capsys):
    from pokerlab.cli import main

    good = (DATA / "decimals.phhs").read_bytes()
    assert b"[3]\n" in good
    bad = tmp_path / "latin1.phhs"
    bad.write_bytes(good.replace(b"[3]\n", b"[3]\n# caf\xe9\n", 1))
    line = good[: good.index(b"[3]\n")].count(b"\n") + 2
    message = rf"latin1.phhs, line {line}: byte 0xe9 \(column 6\) is not UTF-8"
    assert read_hand(bad, 2).source == "latin1.phhs, hand [2]"  # the hands before it still read
    with pytest.raises(PHHError, match=message):
        read_hand(bad, 3)
    with pytest.raises(PHHError, match=message):
        list(read_hands(bad))
    with pytest.raises(PHHError, match=message):
        list(iter_phhs(str(bad)))
    with bad.open(encoding="utf-8") as f, pytest.raises(PHHError, match=r"latin1.phhs, after line \d+: not UTF-8"):
        list(iter_phhs(f))
    binary = tmp_path / "noise.phh"
    binary.write_bytes(bytes(range(256)) * 4)
    assert main(["replay", str(binary)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1  # one line, no traceback; byte 0x0a ends line 1
    assert "noise.phh, line 2: byte 0x80 (column 118) is not UTF-8" in err
    # a byte-order mark and Windows line ends are UTF-8 text like any other
    windows = tmp_path / "windows.phhs"
    windows.write_bytes(b"\xef\xbb\xbf" + good.replace(b"\n", b"\r\n"))
    assert [h.fields for h in read_hands(windows)] == [h.fields for h in read_hands(DATA / "decimals.phhs")]


def test_iter_phhs_reads_a_path_whose_name_holds_an_equals_sign(tmp_path):
    path = tmp_path / "stakes=0.25-0.50.phhs"
    path.write_text((DATA / "decimals.phhs").read_text())
    assert len(list(iter_phhs(str(path)))) == len(list(read_hands(DATA / "decimals.phhs")))


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        ("_pokerlab_raise_cap = [1, 2, 3, 'x']", r"line 25: _pokerlab_raise_cap has 4 whole numbers >= 0"),
        ("_pokerlab_raise_cap = [1, 2, 3, 2.5]", r"line 25: _pokerlab_raise_cap has 4 whole numbers >= 0"),
        ("_pokerlab_raise_cap = [1, 2, 3, true]", r"line 25: _pokerlab_raise_cap has 4 whole numbers >= 0"),
        ("_pokerlab_min_raise_big_blinds = 'x'", r"line 25: _pokerlab_min_raise_big_blinds must be a whole number"),
        ("_pokerlab_min_raise_big_blinds = 2.5", r"line 25: _pokerlab_min_raise_big_blinds must be a whole number"),
        ("_pokerlab_min_raise_big_blinds = 0", r"line 25: _pokerlab_min_raise_big_blinds must be a whole number"),
        ("_pokerlab_min_raise_big_blinds = true", r"line 25: _pokerlab_min_raise_big_blinds must be a whole number"),
        ("_pokerlab_rules = [1]", r"line 25: _pokerlab_rules must be a name \(a string\), not \[1\]"),
        ("_pokerlab_seats = ['a', 1, 2]", r"line 25: _pokerlab_seats must list the seats 0..2"),
        ("_pokerlab_seats = [true, false, 2]", r"line 25: _pokerlab_seats must list the seats 0..2"),
    ],
)
def test_pokerlabs_own_fields_are_checked_like_the_others(extra, message):
    with pytest.raises(PHHError, match=message):
        load_phh(BASE + "\n" + extra + "\n")


def test_an_all_in_call_for_less_prices_only_the_chips_it_can_win():
    from pokerlab.game.replay import study_hand

    # p3 (40 chips) faces p1's all-in raise to 200 with p2 already calling 40: the call of 30 can
    # win p1's 40, p2's 40 and its own 40; the 160 above it is a side pot p3 cannot win.
    hand = load_phh(
        BASE.replace("starting_stacks = [200, 200, 200]", "starting_stacks = [200, 200, 40]").split("actions")[0]
        + "actions = ['d dh p1 AsAh', 'd dh p2 KsKh', 'd dh p3 QsQh', 'p3 cbr 10', 'p1 cbr 200', 'p2 cc', 'p3 cc',"
        " 'p1 sm AsAh', 'p2 sm KsKh', 'p3 sm QsQh', 'd db 2c3c4d', 'd db 5h', 'd db 9s']\n"
        "finishing_stacks = [440, 0, 0]\n"
    )
    study = study_hand(hand, potential=False, samples=1000)
    call = study.decisions[-1]
    assert (call.player, call.action, call.pot, call.to_call) == ("p3", "call 30 (all-in)", 410, 30)
    assert call.pot_odds == pytest.approx(30 / 120)
    p2_call = study.decisions[-2]
    assert (p2_call.action, p2_call.pot_odds) == ("call 198 (all-in)", pytest.approx(198 / (212 + 198)))


@pytest.mark.parametrize(
    ("old", "new", "message", "pokerkit_refuses"),
    [
        ("'d db 9s',", "'d db 9s',\n  'p2 sm KsKh',", r"line 23: 'p2 sm KsKh': p2 folded; only a player still", True),
        ("'d db 9s',", "'d db 9s',\n  'p2 sm',", r"line 23: 'p2 sm': p2 folded", True),
        # pokerkit lets this one through; a hand shows once, so pokerlab refuses it too
        ("'d db 9s',", "'d db 9s',\n  'p1 sm AsAh',", r"line 23: 'p1 sm AsAh': p1 already showed or mucked", False),
    ],
)
def test_a_show_by_a_folded_player_or_a_second_show_is_refused(old, new, message, pokerkit_refuses):
    pokerkit = peer("pokerkit")
    text = BASE.replace(old, new, 1)
    with pytest.raises(PHHError, match=message):
        load_phh(text)
    if pokerkit_refuses:
        with warnings.catch_warnings(), pytest.raises(ValueError, match="Unable to repair"):
            warnings.simplefilter("ignore")
            list(pokerkit.HandHistory.loads(text))


def test_hand_replayer_checks_charts_and_a_number_without_a_file():
    from pokerlab.errors import ParameterError, ParameterTypeError
    from pokerlab.widgets import HandReplayer

    hand = read_hand(DATA / "unknown_cards.phh")
    with pytest.raises(ParameterError, match="charts must be True or False, not 'no'"):
        HandReplayer(hand, charts="no")  # type: ignore[arg-type]
    with pytest.raises(ParameterError, match="number picks a hand of a file; it needs a path, not PHHHand"):
        HandReplayer(hand, 2, charts=False)
    with pytest.raises(ParameterTypeError, match=r"^number must be a whole number, not True$"):
        HandReplayer(hand, True, charts=False)
    replayer = HandReplayer(hand, np.int64(1), charts=False, samples=500)  # refused before: type(number) is not int
    assert replayer.decision is not None and replayer.decision.player == "p3"


@pytest.mark.parametrize(("key", "line"), [("small_bet", 6), ("big_bet", 7)])
def test_a_fixed_limit_bet_size_of_zero_is_refused_on_its_own_line(key, line):
    text = (DATA / "fixed_limit.phh").read_text()
    text = re.sub(rf"^{key} = \d+$", f"{key} = 0", text, flags=re.MULTILINE)
    with pytest.raises(PHHError, match=rf"^line {line}: {key} must be above 0, not 0$"):
        load_phh(text)


def test_a_full_call_is_priced_against_the_whole_pot_big_blind_ante_included():
    from pokerlab.game.replay import study_hand

    full = short = 0
    for path in sorted(DATA.glob("*.phh*")):
        for hand in read_hands(path, check=False):
            for d in study_hand(hand, potential=False, samples=200).decisions:
                if d.to_call and not d.action.endswith("(all-in)"):
                    assert d.pot_odds == d.to_call / (d.pot + d.to_call), (path.name, d)
                    full += 1
                elif d.to_call:
                    short += 1
    assert full > 20 and short > 0
    # the first decision of a big-blind-ante hand: 75,000 + 150,000 + the 225,000 ante are all to be won
    first = study_hand(read_hand(DATA / "tournament_bb_ante.phhs"), potential=False, samples=200).decisions[0]
    assert first.pot_odds == first.to_call / (first.pot + first.to_call)


_SAMPLE_TEXTS = [t for path in sorted(DATA.glob("*.phh*")) for t in texts(path)]
_EDITS = st.sampled_from(
    ["0", "-1", "nan", "inf", "1e9", "99999999999999999999", "0.001", "1.234567", "'x'", "true", "[]", "????", "As",
     "AsAs", "AsKsQs", "p9", "p0", "cbr", "cc", "f", "sm", "d db", "d dh", "\n", "#", "[", "]", ",", '"', "'", "=",
     "\x00", "\ufeff", "é"]
)  # fmt: skip


@settings(max_examples=150, deadline=None)
@given(
    st.integers(0, len(_SAMPLE_TEXTS) - 1),
    st.lists(st.tuples(st.floats(0, 1), st.integers(0, 12), _EDITS), min_size=1, max_size=3),
)
def test_a_mutated_real_shaped_hand_is_read_exactly_or_refused_with_a_phh_error(index, edits):
    text = _SAMPLE_TEXTS[index]
    for where, cut, token in edits:
        i = int(where * len(text))
        text = text[:i] + token + text[i + cut :]
    try:
        hand = load_phh(text, check=False)
    except PHHError:
        return  # the only exception a bad file may raise
    again = load_phh(to_phh(hand.state), check=False)  # what was read exports and reads back the same
    assert again.state.events == hand.state.events


def test_write_phhs_refuses_bad_arguments_and_leaves_no_half_written_file(tmp_path):
    state = read_hand(DATA / "fixed_limit.phh").state
    with pytest.raises(PHHError, match=r"write_phhs needs states, an iterable of HandState, not None$"):
        write_phhs(None, tmp_path / "a.phhs")  # type: ignore[arg-type]
    with pytest.raises(PHHError, match=r"to_phhs needs states, an iterable of HandState, not None$"):
        to_phhs(None)  # type: ignore[arg-type]
    with pytest.raises(PHHError, match="give a list of HandState, not one HandState"):
        to_phhs(state)  # type: ignore[arg-type]
    with pytest.raises(PHHError, match="is a folder"):
        write_phhs([state], tmp_path)
    with pytest.raises(PHHError, match=r"cannot write .*No such file or directory"):
        write_phhs([state], tmp_path / "missing" / "a.phhs")
    path = tmp_path / "a.phhs"
    path.write_text("the old content\n")
    with pytest.raises(PHHError, match=r"write_phhs needs states holding HandState only, not 5 \(int\)$"):
        write_phhs([state, 5], path)  # type: ignore[list-item]
    assert path.read_text() == "the old content\n" and sorted(p.name for p in tmp_path.iterdir()) == ["a.phhs"]
    assert write_phhs(iter([state, state]), path) == 2
    assert write_phhs([state], tmp_path / "new.phhs") == 1 and (tmp_path / "new.phhs").stat().st_mode & 0o777 == 0o644
    assert [h.finishing_stacks for h in read_hands(path)] == [read_hand(DATA / "fixed_limit.phh").finishing_stacks] * 2


def test_amounts_with_more_than_28_digits_stay_exact():
    # Decimal arithmetic rounds to 28 significant digits: a raise to 6.000...001 (31 digits) played as 6
    text = BASE.replace("'p3 cbr 6'", "'p3 cbr 6.000000000000000000000000000001'")
    text = text.replace("'p3 cbr 194'", "'p3 cbr 193.999999999999999999999999999999'")
    hand = load_phh(text)
    money_ = [hand.state.rules.format_chips(c) for c in hand.finishing_stacks]
    assert money_ == [
        "406.000000000000000000000000000001",
        "193.999999999999999999999999999999",
        "0.000000000000000000000000000000",
    ]
    assert load_phh(to_phh(hand.state)).finishing_stacks == hand.finishing_stacks
    # (pokerkit rounds this hand to 28 digits itself: 406.0000000000000000000000000)


@pytest.mark.parametrize("amount", ["\u0667\u0660", "\uff17\uff10", "7\u0660"])
def test_an_amount_in_other_scripts_digits_is_refused_with_its_line(amount):
    """PHH writes amounts in ASCII digits (as TOML does); Arabic-Indic or full-width digits were read as numbers."""
    text = (
        "variant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\n"
        "starting_stacks = [100, 100]\n"
        f"actions = ['d dh p1 AsAh', 'd dh p2 KsKh', 'p2 cbr {amount}']\n"
    )
    with pytest.raises(PHHError, match="'cbr' needs one amount"):
        load_phh(text)
