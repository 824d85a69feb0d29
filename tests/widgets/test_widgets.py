"""Widgets are thin views: driving their inputs updates the same numbers the functions give."""

import pytest

from pokerlab import evaluate, hand_potential
from pokerlab.widgets import HandEvaluator, PotentialExplorer


def test_potential_explorer_follows_its_inputs():
    ex = PotentialExplorer("AdQc", "3h4cJh", charts=False)
    assert ex.result.matrix == hand_potential("AdQc", "3h4cJh").matrix
    assert "449,005" in ex.matrix.value
    ex.opponents.value = 3
    assert ex.result.hs_n == pytest.approx(ex.result.hs**3)
    ex.board.value = "3h4cJh5s"  # a turn: one card to come, whatever the toggle says
    assert ex.result.lookahead == 1 and len(ex.result.board) == 4
    ex.weights.value = "JJ+"
    assert ex.result.weighted


def test_potential_explorer_shows_errors_instead_of_raising():
    ex = PotentialExplorer("AdQc", "3h4cJh", charts=False)
    ex.hole.value = "AdAd"
    assert ex.result is None and "twice" in ex.error
    assert "pl-error" in ex.matrix.value
    ex.hole.value = "AdQc"
    assert ex.error is None and ex.result is not None


def test_potential_explorer_draws_charts():
    ex = PotentialExplorer("AdQc", "3h4cJh", charts=True)
    chart = ex._chart(ex.result)
    spec = chart.to_dict()
    assert "vconcat" in spec  # potential bars above the turn-card bars
    assert ex.chart_view.value.startswith("<svg") and "turn card" in ex.chart_view.value


def test_preflop_explorer():
    from pokerlab.widgets import PreflopExplorer

    ex = PreflopExplorer(players=3, games=100, charts=False)
    first = ex.result.value("AA")
    ex.games.value = 1000
    assert ex.result.provenance["games"] == 1000 and ex.result.value("AA") != first
    assert ex.result.stderr("AA") < 0.02
    ex.players.value = 6
    assert ex.result.provenance["players"] == 6 and ex.result.value("AA") < first
    ex.metric.value = "won_outright"
    assert ex.result.provenance["metric"] == "won_outright"
    assert "mean standard error" in ex.summary.value


def test_deal_button_is_seeded():
    ex = PotentialExplorer(charts=False, seed=5)
    ex.deal.click()
    first = (ex.hole.value, ex.board.value)
    ex2 = PotentialExplorer(charts=False, seed=5)
    ex2.deal.click()
    assert (ex2.hole.value, ex2.board.value) == first
    assert len(ex.result.board) == 3


def test_one_deal_is_one_update_of_the_new_hand(monkeypatch):
    """reviewer6: a click on "deal" ran update() twice, first on the new hole cards with the old board."""
    ex = PotentialExplorer("AdQc", "3h4cJh", charts=False, seed=5)
    seen = []
    update = ex.update
    monkeypatch.setattr(ex, "update", lambda: (seen.append((ex.hole.value, ex.board.value)), update())[1])
    ex.deal.click()
    assert seen == [(ex.hole.value, ex.board.value)] and ex.board.value != "3h4cJh"
    assert ex.error is None and [str(c) for c in ex.result.board] == ex.board.value.split()
    ex.board.value = "2c 3c 4c"  # typing in a box still updates
    assert len(seen) == 2


def test_hand_evaluator():
    he = HandEvaluator("KhKs Kd Th Tc")
    assert he.result == evaluate("KhKsKdThTc")
    assert "kings full of tens" in he.out.value
    he.cards.value = "Kh"
    assert he.result is None and "5, 6 or 7" in he.error
    he2 = HandEvaluator(seed=3)
    he2.deal.click()
    assert len(he2.result.cards) == 7


def test_table_widget_plays_a_hand_with_the_legal_buttons():
    from pokerlab.game import AAAI06_HEADS_UP_LIMIT, Act
    from pokerlab.widgets import TableWidget

    t = TableWidget(AAAI06_HEADS_UP_LIMIT, seed=1)
    s = t.state
    assert s.actor == 0 and s.button == 0  # the human is the dealer in hand 0 and acts first
    assert not t.call_button.disabled and t.check_button.disabled and t.call_button.description == "call 5"
    assert t.raise_button.description == "raise to 20"
    pot_before = s.pot
    t.call_button.click()
    assert len([e for e in t.state.events if isinstance(e, Act) and e.seat == 0]) == 1
    assert t.state.pot >= pot_before + 5
    clicks = 0
    while not t.state.is_over and clicks < 20:
        button = t.check_button if not t.check_button.disabled else t.call_button
        button.click()
        clicks += 1
    assert t.state.is_over and len(t.history) == 1
    assert sum(t.stacks) == 2000 and t.deal_button.disabled is False
    assert "Pot:" in t.pot.value and "pl-log" in t.log.value
    t.deal_button.click()
    assert t.hand_number == 1 and t.state.button == 1


def test_table_widget_ignores_clicks_out_of_turn_and_survives_crashing_bots():
    from pokerlab.game import NO_LIMIT_RING
    from pokerlab.widgets import TableWidget

    class Crash:
        name = "crash"

        def act(self, view):
            raise RuntimeError("boom")

    t = TableWidget(NO_LIMIT_RING, opponents=[Crash(), Crash()], seed=2)
    while not t.state.is_over:
        if t.state.actor != 0:
            raise AssertionError("bots must never leave the table waiting")
        t.fold_button.click() if not t.fold_button.disabled else t.check_button.click()
    events = len(t.state.events)
    t.call_button.click()  # the hand is over: ignored
    assert len(t.state.events) == events


def _play_by_clicks(bar, deal, hand_state, hands, seed):
    """Click ``hands`` hands through with a seeded choice among the visible, enabled buttons; their events."""
    import random

    rng = random.Random(seed)
    played = []
    for _ in range(hands):
        clicks = 0
        while not hand_state().is_over:
            buttons = [b for b in bar() if b.layout.display != "none" and not b.disabled]
            rng.choice(buttons).click()
            clicks += 1
            assert clicks < 50, "a hand must end"
        played.append(list(hand_state().events))
        deal().click()
    return played


@pytest.mark.parametrize(("opponent", "seed"), [("phase1", 11), ("random", 4)])
def test_table_widget_and_the_heads_up_app_play_the_same_hands_from_the_same_clicks(opponent, seed):
    from pokerlab import bots
    from pokerlab.apps import HeadsUpApp
    from pokerlab.game import AAAI06_HEADS_UP_LIMIT, Act, ActionKind
    from pokerlab.widgets import TableWidget

    app = HeadsUpApp(opponent=opponent, seed=seed, delay=0)
    widget = TableWidget(AAAI06_HEADS_UP_LIMIT, opponents=[bots.make(opponent, seed=seed)], seed=seed)
    a = app.actions
    by_app = _play_by_clicks(
        lambda: [a.fold, a.check, a.call, a.bet, a.raise_],
        lambda: app.deal_button,
        lambda: app.session.state,
        hands=6,
        seed=seed,
    )
    by_widget = _play_by_clicks(
        lambda: [widget.fold_button, widget.check_button, widget.call_button, widget.raise_button],
        lambda: widget.deal_button,
        lambda: widget.state,
        hands=6,
        seed=seed,
    )
    assert by_widget == by_app  # the same events, hand by hand
    assert widget.stacks == app.session.stacks and len(widget.history) == 6
    acts = [e for hand in by_app for e in hand if isinstance(e, Act)]
    assert {e.kind for e in acts} >= {ActionKind.CALL, ActionKind.RAISE}  # more than checks and folds


def test_table_widget_draws_the_table_like_the_apps_uncalled_bet_included():
    """The widget drew its seats with its own copy of the apps' code and left out the pot's note; both now
    read the hand through ``table_view.hand_seats`` and ``pot_note``."""
    from pokerlab.game import NO_LIMIT_RING, Check, Fold
    from pokerlab.widgets import TableWidget

    class Folder:
        name = "folder"

        def act(self, view):
            return Fold() if view.to_call else Check()

    t = TableWidget(NO_LIMIT_RING, opponents=[Folder()], seed=5)
    assert t.state.actor == 0 and t.state.button == 0  # heads-up, the dealer acts first preflop
    lo, bb = t.state.min_raise_to, t.state.rules.big_blind
    t.raise_button.click()  # raise to the minimum; the folder folds
    assert t.state.is_over
    assert f"{lo - bb} uncalled returned" in t.table.value
    assert t.table.value.count("pl-seat") >= 2 and "folder" in t.table.value


def test_table_widget_sizes_a_no_limit_raise_like_the_apps():
    from pokerlab.game import NO_LIMIT_RING, Act, ActionKind
    from pokerlab.widgets import TableWidget

    t = TableWidget(NO_LIMIT_RING, seed=3)
    while t.state.actor != 0:  # the random bot may have ended hands before it is our turn
        t.deal_button.click()
    lo, hi = t.state.min_raise_to, t.state.max_raise_to
    button = t.raise_button
    assert button.description.endswith(f" {lo}") and t.amount.value == str(lo)
    t.amount.value = str(hi + 1)  # more than the stack: refused, never clamped
    assert button.disabled and "more than you can" in t.actions.message.value
    t.amount.value = str(lo + 1)
    assert not button.disabled and button.description.endswith(f" {lo + 1}")
    button.click()
    mine = [e for e in t.state.events if isinstance(e, Act) and e.seat == 0]
    assert mine[0].kind in (ActionKind.BET, ActionKind.RAISE) and mine[0].to == lo + 1


def test_strategy_explorer():
    from pokerlab.widgets import StrategyExplorer

    ex = StrategyExplorer(charts=False)
    ex.ehs.value = 0.9
    assert ex.result["algorithm 4"].kind == "raise" and ex.result["phase II"].kind == "raise"
    ex.ehs.value = 0.1
    ex.street.value = "river"
    ex.to_call.value = 50
    assert ex.result["algorithm 6"].kind == "fold" and ex.result["phase II"].kind == "fold"
    ex.style.value = "aggressive"
    ex.street.value = "flop"
    ex.draw.value = 0.5
    assert ex.result["phase II"].kind == "raise"  # the bluff
    ex.players.value = 3
    assert ex.position.max == 3 and "pot odds" in ex.out.value


def test_reweighting_explorer():
    from pokerlab.widgets import ReweightingExplorer

    ex = ReweightingExplorer("AdQc", "3h4cJh", charts=True)
    est0, hs0 = ex.result
    assert hs0 == pytest.approx(0.5851, abs=1e-4)
    ex.bet_button.click()
    est1, hs1 = ex.result
    assert est1 > est0 and hs1 < hs0 and ex.chart_view.value.startswith("<svg")
    ex.reset_button.click()
    assert ex.result == (est0, hs0)
    from pokerlab import ParameterError
    from pokerlab.game import ActionKind

    ex.observe(ActionKind.RAISE)  # a member or its word: the same step as the bet button
    assert ex.result == (est1, hs1) and ex.history == ["raise (mu 0.60)"]
    with pytest.raises(ParameterError, match="kind must be raise, bet or call"):
        ex.observe("fold")


def test_reweighting_heatmap_averages_only_the_combinations_the_opponent_can_hold():
    """Lesson 06 said sets (33, 44, JJ) keep their weight, but the heatmap showed 0.50.

    Half of their combinations use a board card: they cannot be held and must not be averaged in.
    """
    from pokerlab.cards import HandClass
    from pokerlab.widgets import ReweightingExplorer

    ex = ReweightingExplorer("AdQc", "3h4cJh", charts=True)
    ex.bet_button.click()
    shown = dict(zip(ex.last_chart.data["class"], ex.last_chart.data["value"], strict=True))
    for name in ("33", "44", "JJ", "AA", "QQ"):  # 3 of their 6 combinations are possible, all at full weight
        assert shown[name] == 1.0, name
    grid_all = ex.model.class_grid("opponent")  # without exclusions the impossible half counts as 0
    r, c = HandClass.parse("33").grid_cell
    assert grid_all[r, c] == pytest.approx(0.5)
    assert ex.model.class_grid("opponent", exclude="AdQc3h4cJh")[r, c] == 1.0


# -- range grid and range equity ---------------------------------------------------------------


def test_range_grid_text_and_cells_stay_in_sync():
    from pokerlab.ranges import Range
    from pokerlab.widgets import RangeGrid

    g = RangeGrid("QQ+, AKs")
    assert g.weights == {"QQ": 1.0, "KK": 1.0, "AA": 1.0, "AKs": 1.0}
    assert len(g.view.weights) == 169 and sum(1 for x in g.view.weights if x) == 4
    # the grid is the Waterloo report's layout: cell (row, col) of HandClass.grid_cell, row-major
    assert g.view.labels[12 * 13 + 11] == "AKs" and g.view.labels[11 * 13 + 12] == "AKo"
    g.paint(["JJ", "TT"])  # what a drag over two cells sends
    assert g.text.value == "TT+, AKs" and len(g.range) == 34
    g.paint("AKo", 0.5)
    assert g.text.value == "TT+, AKs, AKo@50"
    assert "46 combinations" in g.summary.value
    g.text.value = "22+@50, AhKd"  # typed text repaints the grid; a single combination is a share of its cell
    assert g.weights["77"] == 0.5 and g.weights["AKo"] == pytest.approx(1 / 12, abs=1e-6)
    g.paint("AA", 1.0)  # painting one cell keeps the typed single combination elsewhere
    assert g.range == Range.parse("22-KK@50, AA, AhKd")
    g.text.value = "ZZ+"
    assert g.error and "pl-error" in g.summary.value and g.range == Range.parse("22-KK@50, AA, AhKd")
    g.clear.click()
    assert g.range is None and g.weights == {}


def test_range_grid_presets_follow_the_exact_table():
    from pokerlab.preflop import load_table
    from pokerlab.ranges import Range
    from pokerlab.widgets import RangeGrid, top_range

    g = RangeGrid()
    g.preset.value = 10
    r = Range.parse(top_range(10))
    assert g.range == r and len(r) >= 0.10 * 1326
    table = load_table("exact")
    inside = set(g.weights)
    worst_in = min(table.value(n) for n in inside)
    assert all(table.value(n) <= worst_in for n in table.to_frame()["class"] if n not in inside)
    assert g.preset.value == 0  # the dropdown returns to its prompt
    with pytest.raises(Exception, match="percent"):
        top_range(0)


@pytest.mark.parametrize("bad", [None, 1.5, -0.1, True, float("nan")])
def test_range_grid_refuses_bad_weights(bad):
    from pokerlab import ParameterError
    from pokerlab.widgets import RangeGrid

    g = RangeGrid("AA")
    with pytest.raises(ParameterError, match="weight"):
        g.paint("KK", bad)
    with pytest.raises(ParameterError, match="classes"):
        g.paint("KX")


def test_range_equity_explorer_is_exact_and_follows_paint():
    import pokerlab as pl
    from pokerlab.widgets import RangeEquityExplorer

    ex = RangeEquityExplorer("QQ+, AKs", "JJ, TT, AQs", "Ks7d2c", charts=False)
    want = pl.equity("QQ+, AKs", "JJ, TT, AQs", board="Ks7d2c")
    assert ex.result.exact and ex.result.equity == want.equity
    assert ex.breakdowns[0].combos("Three of a kind") == 3
    ex.villain.paint("KQs")
    assert ex.result.equity == pl.equity("QQ+, AKs", "JJ, TT, AQs, KQs", board="Ks7d2c").equity
    assert ex.last_update_s > 0
    ex.board.value = ""  # preflop: whole classes come from the exact matrix, no breakdown
    assert ex.result.exact and ex.breakdowns is None
    ex.board.value = "Ks7d"
    assert ex.result is None and "pl-error" in ex.numbers.value


def test_range_equity_explorer_shows_a_range_typo_instead_of_the_old_equity():
    import pokerlab as pl
    from pokerlab.widgets import RangeEquityExplorer

    ex = RangeEquityExplorer("QQ+, AKs", "JJ, TT, AQs", "Ks7d2c", charts=False)
    ex.hero.text.value = "QQ+, AKz"  # a typo: the numbers must not go on showing the previous range's equity
    assert ex.result is None and ex.breakdowns is None
    assert "hero" in ex.error and "AKz" in ex.error and "pl-error" in ex.numbers.value
    ex.hero.text.value = "QQ+"
    assert ex.error is None and ex.result.equity == pl.equity("QQ+", "JJ, TT, AQs", board="Ks7d2c").equity
    ex.villain.text.value = "JJ@200"
    assert ex.result is None and "villain" in ex.error and "200" in ex.error


@pytest.mark.parametrize("weight", [0.01, 0.02, 0.3, 1.0])
def test_range_grid_slider_shows_the_weight_a_drag_paints(weight):
    from pokerlab.widgets import RangeGrid

    g = RangeGrid("AA", paint_weight=weight)
    assert g.paint_weight.value == g.view.paint_weight == weight
    g.paint_weight.value = 0.05
    assert g.view.paint_weight == 0.05
    with pytest.raises(__import__("pokerlab").ParameterError, match=r"paint_weight must be a number in \[0.01, 1\]"):
        RangeGrid("AA", paint_weight=weight / 200)


def test_range_equity_explorer_update_time_includes_the_chart(monkeypatch):
    """The time shown after a paint is all the kernel's work for it, drawing the chart's SVG included."""
    import time

    from pokerlab import charts
    from pokerlab.widgets import RangeEquityExplorer

    ex = RangeEquityExplorer("QQ+, AKs", "JJ, TT, AQs", "Ks7d2c", charts=True)
    draw = charts.chart_svg

    def slow_svg(chart):
        time.sleep(0.3)
        return draw(chart)

    monkeypatch.setattr(charts, "chart_svg", slow_svg)
    ex.villain.paint("KQs")
    assert ex.last_update_s >= 0.3 and ex.villain.last_update_s >= ex.last_update_s
    assert f"{ex.last_update_s * 1e3:.0f} ms" in ex.numbers.value


def test_range_equity_explorer_draws_both_breakdowns():
    from pokerlab.widgets import RangeEquityExplorer

    ex = RangeEquityExplorer("QQ+, AKs", "JJ, TT, AQs", "Ks7d2c", charts=True)
    bars = ex.chart_view.value.count('aria-roledescription="bar"')
    assert bars == 2 * 19


def test_potential_explorer_opponent_range_from_the_grid():
    ex = PotentialExplorer("AdQc", "3h4cJh", charts=False)
    ex.range_grid.paint(["JJ", "QQ"])
    assert ex.weights.value == "QQ-JJ"  # the grid wrote the text box the enumeration reads
    assert ex.result.weighted
    assert ex.result.matrix == hand_potential("AdQc", "3h4cJh", weights=ex.weights.value).matrix


EXPLORERS = {
    "PotentialExplorer": lambda: __import__("pokerlab.widgets").widgets.PotentialExplorer("AdQc", "3h4cJh"),
    "PreflopExplorer": lambda: __import__("pokerlab.widgets").widgets.PreflopExplorer(players=3, games=100),
    "StrategyExplorer": lambda: __import__("pokerlab.widgets").widgets.StrategyExplorer(),
    "ReweightingExplorer": lambda: __import__("pokerlab.widgets").widgets.ReweightingExplorer(),
    "BPPInspector": lambda: __import__("pokerlab.widgets").widgets.BPPInspector(),
    "ContextExplorer": lambda: __import__("pokerlab.widgets").widgets.ContextExplorer(
        __import__("pokerlab.bots.collect").bots.collect.collect_decisions(["rembrant", "random"], hands=60, seed=2),
        style="random",
    ),
    "HandReplayer": lambda: __import__("pokerlab.widgets").widgets.HandReplayer(
        __import__("pathlib").Path(__file__).parents[2] / "data" / "hands" / "three_handed_all_in.phh", samples=1000
    ),
    "RangeEquityExplorer": lambda: __import__("pokerlab.widgets").widgets.RangeEquityExplorer(),
}


@pytest.mark.parametrize("name", sorted(EXPLORERS))
def test_explorer_chart_draws_every_layer_and_saves_a_picture(name):
    """Every explorer's chart has visible marks in every layer, and its saved output carries a PNG of it."""
    import base64

    from pokerlab.charts import mark_counts

    ex = EXPLORERS[name]()
    counts = mark_counts(ex.last_chart)
    assert counts and all(m.marks > 0 and m.visible == m.marks for m in counts), counts
    data, meta = ex._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in data  # the live widget
    assert base64.b64decode(data["image/png"]).startswith(b"\x89PNG")  # and the picture beside it
    assert meta["image/png"]["width"] > 300


def test_potential_explorer_turn_card_bars_are_filled():
    from pokerlab.charts import mark_counts

    ex = EXPLORERS["PotentialExplorer"]()
    bars = {m.name: m for m in mark_counts(ex.last_chart)}["concat_1_child_layer_0_marks"]
    assert (bars.marks, bars.visible) == (47, 47)  # one filled bar per possible turn card


def test_potential_explorer_examples_land_in_their_cell():
    from pokerlab import evaluate, parse_cards
    from pokerlab.errors import ParameterError

    ex = PotentialExplorer("AdQc", "3h4cJh", charts=False)
    ex.cell.value = ("behind", "ahead")
    assert "91,981 cases" in ex.examples_view.value
    for opp, runout in ex.examples("behind", "ahead", k=4):
        board = parse_cards("3h4cJh")
        assert evaluate(parse_cards("AdQc") + board).value < evaluate(parse_cards(opp) + board).value
        full = board + parse_cards(runout)
        assert evaluate(parse_cards("AdQc") + full).value > evaluate(parse_cards(opp) + full).value
    assert ex.examples("tied", "ahead") == []  # Table 4's empty cell
    for bad in [("winning", "ahead", 3), ("behind", "ahead", 0), ("behind", "ahead", True)]:
        with pytest.raises(ParameterError):
            ex.examples(*bad)


def test_hand_evaluator_saves_what_it_shows_as_html():
    he = HandEvaluator("KhKs Kd Th Tc")
    data, _ = he._repr_mimebundle_()
    assert "kings full of tens" in data["text/html"] and "<script" not in data["text/html"]
    assert "application/vnd.jupyter.widget-view+json" in data


def test_explorer_buttons_are_as_wide_as_their_labels():
    """The default button width cut "opponent bets/raises" to "opponent bets/ra…" in JupyterLab."""
    from pokerlab.widgets import ReweightingExplorer

    ex = ReweightingExplorer(charts=False)
    for button in (ex.bet_button, ex.call_button, ex.reset_button):
        assert button.layout.width == "auto", button.description


def test_toggle_buttons_sit_on_the_line_of_their_label():
    """JupyterLab put "metric", "street", "round" ... on a line of their own above the buttons."""
    from pokerlab.widgets import BPPInspector, PotentialExplorer, PreflopExplorer, StrategyExplorer

    toggles = [
        PotentialExplorer("AdQc", "3h4cJh", charts=False).lookahead,
        PreflopExplorer(players=2, games=100, charts=False).metric,
        StrategyExplorer(charts=False).street,
    ]
    bpp = BPPInspector(charts=False)
    toggles += [bpp.round, bpp.hand_types, bpp.actions]
    for toggle in toggles:
        assert toggle.layout.display == "flex" and toggle.layout.flex_flow == "row wrap", toggle.description
