"""``pokerlab.widgets.hands`` parses once, at the edge (issue 24): an explorer's update reads its text once and
passes the parsed cards and range down. Each test counts the parses of one update and checks the answer is the one
the parse-every-time code gave."""

from __future__ import annotations

import pandas as pd

from pokerlab.ranges import Range
from pokerlab.strength import hand_potential, turn_card_effects
from tests.support.parses import count_parses


def test_the_potential_explorer_parses_its_opponent_range_once_per_update(monkeypatch):
    from pokerlab.widgets import PotentialExplorer

    explorer = PotentialExplorer("AdQc", "3h4cJh", weights="TT+, AQs+", charts=False)
    texts = count_parses(monkeypatch, Range)
    explorer._chart = lambda p: turn_card_effects(p.hole, p.board, weights=explorer._range, opponents=p.opponents)
    explorer._charts = True
    explorer.chart_view.value = ""
    monkeypatch.setattr("pokerlab.widgets.hands.chart_svg", lambda chart: "")
    explorer.update()
    assert texts == ["TT+, AQs+"]  # was twice: hand_potential's and the turn cards' (turn_card_effects)
    monkeypatch.undo()
    assert explorer.result == hand_potential("AdQc", "3h4cJh", weights="TT+, AQs+")


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
