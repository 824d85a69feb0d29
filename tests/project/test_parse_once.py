"""#24 "parse once at the edge": text is read where it enters, and the loops behind take parsed values. Each test
counts the parses on a repeated path and checks the answer is the one the parse-every-time code gave."""

import pandas as pd
import pytest

from pokerlab import bots, preflop
from pokerlab.cards import HandClass
from pokerlab.game import NO_LIMIT_RING, play_match
from pokerlab.ranges import Range
from pokerlab.strength import hand_potential, turn_card_effects


@pytest.fixture
def class_parses(monkeypatch):
    """The texts HandClass.parse reads (a HandClass handed to it is already parsed: it comes straight back)."""
    return _count_parses(monkeypatch, HandClass)


def _count_parses(monkeypatch, cls) -> list[str]:
    """From now on, each text ``cls.parse`` reads is noted in the list returned (a parsed value is not)."""
    calls: list[str] = []
    original = cls.parse.__func__

    def counting(klass, text):
        if isinstance(text, str):
            calls.append(text)
        return original(klass, text)

    monkeypatch.setattr(cls, "parse", classmethod(counting))
    return calls


def test_a_preflop_table_file_is_read_without_parsing_its_class_names_per_column(class_parses):
    path = preflop.data_dir() / "simulation_4_players.csv"
    table = preflop.PreflopTable.read(path)
    assert class_parses == []  # was 169 per column (value, stderr and each extra column): 1,183 for this file
    rows = [line for line in path.read_text().splitlines() if not line.startswith("#")]
    frame = pd.read_csv(pd.io.common.StringIO("\n".join(rows)))
    for name, value in zip(frame["class"], frame["value"], strict=True):  # the cells the old parse gave
        assert table.values[HandClass.parse(name).grid_cell] == value


def test_bots_look_up_preflop_classes_at_every_decision_without_parsing(class_parses):
    lineup = [bots.make("phase1"), bots.make("phase2", seed=1), bots.make("phase3", seed=2)]
    result = play_match(lineup, NO_LIMIT_RING, 12, seed=3)
    assert result.hands == 12 and class_parses == []


def test_another_spelling_of_a_class_is_still_parsed(class_parses):
    table = preflop.load_table(method="exact")
    assert table.value("AKs") == table.value("aks") and class_parses == ["aks"]


def test_the_potential_explorer_parses_its_opponent_range_once_per_update(monkeypatch):
    from pokerlab.widgets import PotentialExplorer

    explorer = PotentialExplorer("AdQc", "3h4cJh", weights="TT+, AQs+", charts=False)
    texts = _count_parses(monkeypatch, Range)
    explorer._chart = lambda p: turn_card_effects(p.hole, p.board, weights=explorer._range, opponents=p.opponents)
    explorer._charts = True
    explorer.chart_view.value = ""
    monkeypatch.setattr("pokerlab.widgets.hands.chart_svg", lambda chart: "")
    explorer.update()
    assert texts == ["TT+, AQs+"]  # was twice: hand_potential's and the turn cards' (turn_card_effects)
    monkeypatch.undo()
    assert explorer.result == hand_potential("AdQc", "3h4cJh", weights="TT+, AQs+")


def test_push_fold_rankings_look_up_combinations(class_parses):
    from pokerlab.bots.pushfold import _top_share
    from pokerlab.preflop import CLASS_NAMES

    shares = _top_share(list(CLASS_NAMES), 0.1)
    assert class_parses == []
    assert sum(HandClass.parse(n).n_combos * v for n, v in shares.items()) == pytest.approx(132.6)


def test_the_potential_explorer_parses_its_cards_once_per_update(monkeypatch):
    """Issue 43: an update parsed the hole cards and the board at each call behind it (hand_potential, then
    turn_card_effects, then evaluate for each of the 47 turn cards: 52 parses); now once each, at the edge,
    and the parsed cards and weight table go down as they are."""
    import pokerlab.cards as cards
    from pokerlab import charts
    from pokerlab.widgets import PotentialExplorer

    explorer = PotentialExplorer("AdQc", "3h4cJh", weights="TT+, AQs+", charts=False)
    frames = []
    explorer._charts = True
    monkeypatch.setattr("pokerlab.widgets.hands.chart_svg", lambda chart: "")
    drawn = charts.potential_and_turn_chart
    monkeypatch.setattr(charts, "potential_and_turn_chart", lambda p, frame: frames.append(frame) or drawn(p, frame))
    parsed: list[tuple[str, object]] = []
    original = cards._check_unique  # every parse of cards ends here, whatever it was given

    def counting(found, source, name="cards"):
        parsed.append((name, source))
        return original(found, source, name)

    monkeypatch.setattr(cards, "_check_unique", counting)
    explorer.board.value = "3h4cJs"  # one update
    assert parsed == [("hole", "AdQc"), ("board", "3h4cJs")]
    monkeypatch.undo()
    assert explorer.result == hand_potential("AdQc", "3h4cJs", weights="TT+, AQs+")
    (frame,) = frames
    pd.testing.assert_frame_equal(frame, turn_card_effects("AdQc", "3h4cJs", weights="TT+, AQs+"))
