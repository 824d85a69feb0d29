"""The exact class-against-class preflop matrix: counts, the committed file, the command and the chart."""

import itertools
import re
from pathlib import Path

import numpy as np
import pytest

from pokerlab import ParameterError, equity
from pokerlab.cards import HandClass
from pokerlab.preflop import (
    BOARDS_PER_PAIR,
    CLASS_NAMES,
    MATRIX_FILE,
    PreflopMatrix,
    PreflopTableError,
    exact_matrix,
    load_matrix,
    load_table,
)
from pokerlab.preflop.exact import _canonical_boards
from pokerlab.preflop.matrix import _class_of_combo, _matrix_task
from tests.support.peers import peer

DATA = Path(__file__).resolve().parents[2] / "data" / "preflop_tables"


@pytest.fixture(scope="module")
def matrix():
    return load_matrix()


def _combo_masks(name):
    return [(1 << a.id) | (1 << b.id) for a, b in HandClass.parse(name).combos]


def test_pairs_follow_card_removal(matrix):
    for a, b in [("AA", "AA"), ("AA", "KK"), ("AKs", "AKo"), ("AKo", "AA"), ("72o", "72o"), ("T9s", "98s")]:
        i, j = CLASS_NAMES.index(a), CLASS_NAMES.index(b)
        want = sum(1 for x in _combo_masks(a) for y in _combo_masks(b) if not x & y)
        assert matrix.pairs[i, j] == want
    assert matrix.pairs.sum() == 1326 * 1225  # hand computation: every ordered pair of disjoint combinations once
    assert BOARDS_PER_PAIR == 1_712_304


def test_counts_add_up_and_mirror(matrix):
    assert np.array_equal(matrix.wins + matrix.ties + matrix.wins.T, matrix.cases)
    assert np.array_equal(matrix.ties, matrix.ties.T)
    eq = matrix.equities()
    assert np.allclose(eq + eq.T, 1.0, rtol=0, atol=1e-15)
    assert np.all(np.diag(eq) == 0.5)
    assert matrix.equity("AA", "KK") + matrix.equity("KK", "AA") == pytest.approx(1.0, abs=1e-15)


def test_known_values(matrix):
    # PokerStove's classic numbers, to the digits it prints.
    assert round(100 * matrix.equity("AA", "KK"), 2) == 81.95
    assert round(100 * matrix.equity("AKo", "22"), 1) == 47.4  # the classic coin flip
    assert matrix.equity("AKs", "AKo") > 0.5
    assert matrix.win("AA", "KK") + matrix.tie("AA", "KK") + matrix.win("KK", "AA") == pytest.approx(1.0)


def test_rows_average_to_the_exact_heads_up_table(matrix):
    """Pooled over every opponent class, each row is the equity against a random hand (another kernel)."""
    table = load_table("exact")
    pooled = (matrix.wins + matrix.ties / 2).sum(axis=1) / matrix.cases.sum(axis=1)
    for i, name in enumerate(CLASS_NAMES):
        assert pooled[i] == pytest.approx(table.value(name), rel=0, abs=1e-14)


@pytest.mark.parametrize(("a", "hero", "b"), [("AKs", "AsKs", "QQ"), ("72o", "7s2h", "22"), ("JTs", "JhTh", "98s")])
def test_sample_pairs_against_pairwise_enumeration(matrix, a, hero, b):
    """One combination stands for its class (suit renaming moves it onto every other); the old exact
    path enumerates every (opponent combination, board) pair of it."""
    e = equity(hero, b, exact=True)
    assert e.exact
    assert matrix.equity(a, b) == pytest.approx(e.equity[0], rel=0, abs=1e-12)


@pytest.mark.slow
def test_one_pair_against_eval7_itertools():
    """AKs against AKo is AsKs against AhKd (suit renaming maps that pair onto all others): a plain loop."""
    eval7 = peer("eval7")
    hero = [eval7.Card("As"), eval7.Card("Ks")]
    villain = [eval7.Card("Ah"), eval7.Card("Kd")]
    dead = {str(c) for c in hero + villain}
    deck = [c for c in eval7.Deck().cards if str(c) not in dead]
    points = cases = 0
    for board in itertools.combinations(deck, 5):
        x = eval7.evaluate(hero + list(board))
        y = eval7.evaluate(villain + list(board))
        points += 2 if x > y else 1 if x == y else 0
        cases += 1
    assert cases == BOARDS_PER_PAIR
    m = load_matrix()
    i, j = CLASS_NAMES.index("AKs"), CLASS_NAMES.index("AKo")
    assert 2 * m.wins[i, j] + m.ties[i, j] == points * m.pairs[i, j]


def test_kernel_is_whole_and_chunk_independent():
    """Counts over a slice of boards are whole numbers and add up the same in any split."""
    boards, weights = _canonical_boards()
    class_of = _class_of_combo()
    w_all, t_all = _matrix_task((boards[:40], weights[:40], class_of))
    w1, t1 = _matrix_task((boards[:17], weights[:17], class_of))
    w2, t2 = _matrix_task((boards[17:40], weights[17:40], class_of))
    assert np.array_equal(w_all, w1 + w2) and np.array_equal(t_all, t1 + t2)
    assert np.array_equal(w_all, np.rint(w_all)) and (w_all >= 0).all()


def test_kernel_against_plain_loop_on_one_board():
    """One board, its weight 1: the kernel's counts against a direct count over every pair of hands.

    The reference values come from the plain reference evaluator; the 1,081 x 1,081 pairs of hands are
    compared as whole arrays (a pair sharing a card is left out), then summed per pair of classes."""
    from pokerlab.cards import combo_index
    from pokerlab.evaluator import reference_value

    board = np.array([[0, 5, 22, 37, 51]], dtype=np.int64)
    class_of = _class_of_combo()
    wins, ties = _matrix_task((board, np.ones(1), class_of))
    rest = [c for c in range(52) if c not in board[0]]
    hands = list(itertools.combinations(rest, 2))
    value = np.array([reference_value([*h, *board[0]]) for h in hands])
    cls = np.array([class_of[combo_index(*h)] for h in hands])
    bits = np.array([(1 << a) | (1 << b) for a, b in hands], dtype=np.int64)
    apart = (bits[:, None] & bits[None, :]) == 0
    pair = (cls[:, None] * 169 + cls[None, :]).ravel()
    want_w = np.bincount(pair, weights=(apart & (value[:, None] > value[None, :])).ravel(), minlength=169 * 169)
    want_t = np.bincount(pair, weights=(apart & (value[:, None] == value[None, :])).ravel(), minlength=169 * 169)
    assert np.array_equal(wins, want_w.reshape(169, 169)) and np.array_equal(ties, want_t.reshape(169, 169))


def test_committed_file_reads_and_is_guarded(tmp_path, monkeypatch, matrix):
    text = (DATA / MATRIX_FILE).read_text()
    assert text.startswith('# pokerlab preflop matrix\n# method: "exact-matrix"')
    assert '# command: "pokerlab tables --method exact-matrix"' in text
    # round trip
    back = PreflopMatrix.read(matrix.write(tmp_path / "m.csv"))
    assert np.array_equal(back.wins, matrix.wins) and np.array_equal(back.ties, matrix.ties)
    assert (tmp_path / "m.csv").read_text() == text
    # an edited count is refused by the checksum
    bad = tmp_path / "bad.csv"
    bad.write_text(text.replace("\n22,22,6,214008,", "\n22,22,6,214009,", 1))
    with pytest.raises(PreflopTableError, match="checksum"):
        PreflopMatrix.read(bad)
    with pytest.raises(PreflopTableError, match="not a pokerlab preflop matrix"):
        PreflopMatrix.read(DATA / "exact_heads_up.csv")
    with pytest.raises(PreflopTableError, match="cannot read"):
        PreflopMatrix.read(tmp_path / "missing.csv")
    monkeypatch.setenv("POKERLAB_TABLES", str(tmp_path / "empty"))
    with pytest.raises(PreflopTableError, match="exact-matrix"):
        load_matrix()


def test_inconsistent_counts_are_refused(matrix):
    wins = matrix.wins.copy()
    wins[0, 1] += 1
    with pytest.raises(PreflopTableError, match="add up"):
        PreflopMatrix(wins=wins, ties=matrix.ties, pairs=matrix.pairs, provenance=matrix.provenance)
    with pytest.raises(PreflopTableError, match="169x169"):
        PreflopMatrix(wins=wins[:5], ties=matrix.ties, pairs=matrix.pairs, provenance=matrix.provenance)
    with pytest.raises(PreflopTableError, match="exact-matrix"):
        PreflopMatrix(wins=matrix.wins, ties=matrix.ties, pairs=matrix.pairs, provenance={"method": "exact"})


@pytest.mark.parametrize("bad", [0, -1, True, 1.5, None, "8", 10**9])
def test_exact_matrix_arguments(bad):
    with pytest.raises(ParameterError, match="tasks"):
        exact_matrix(tasks=bad, progress=False)


def test_exact_matrix_other_arguments():
    with pytest.raises(ParameterError, match="progress"):
        exact_matrix(progress=None)
    with pytest.raises(ParameterError, match="executor"):
        exact_matrix(executor="pool", progress=False)


@pytest.mark.parametrize("bad", ["AKx", "", None, 7, "AsKs"])
def test_lookups_refuse_bad_classes(matrix, bad):
    with pytest.raises(ParameterError):
        matrix.equity(bad, "AA")


def test_frame(matrix):
    frame = matrix.to_frame()
    assert len(frame) == 169 * 169
    assert len(matrix.to_frame(half=True)) == 169 * 170 // 2
    row = frame[(frame["class"] == "AA") & (frame["opponent"] == "KK")].iloc[0]
    assert row["equity"] == matrix.equity("AA", "KK") and row["pairs"] == 36


@pytest.mark.slow
def test_heatmap_renders_every_pair(matrix):
    from pokerlab.charts import chart_svg

    svg = chart_svg(matrix.chart())
    group = svg[svg.index('class="mark-rect') :]
    group = group[: group.index("</g>")]
    marks = re.findall(r'<path aria-label="opponent: [^"]*" role="graphics-symbol"[^>]* fill="rgb', group)
    assert len(marks) == 169 * 169


def test_a_table_and_the_matrix_check_their_path_alike():
    """#24 (duplicates D26): PreflopTable.read and PreflopMatrix.read opened their files with a copied block that
    refused a bad path with two different errors (PreflopTableError, ParameterError); one helper now."""
    from pokerlab.errors import ParameterError, ParameterTypeError
    from pokerlab.preflop import PreflopMatrix, PreflopTable

    for read in (PreflopTable.read, PreflopMatrix.read):
        with pytest.raises(ParameterTypeError, match="path must be a file name, not 5"):
            read(5)
        with pytest.raises(ParameterError, match="path must be a file name"):
            read("  ")
