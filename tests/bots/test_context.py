"""Context opponent models: Table 5 features on hand-built situations, the data, the three models, the experiment."""

from concurrent.futures import ThreadPoolExecutor

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from pokerlab import ParameterError, bots
from pokerlab.bots.collect import _applied, collect_decisions
from pokerlab.bots.context import ACTIONS, CONTEXT_FEATURES, context_features
from pokerlab.bots.context_models import ContextModel, ContextOpponents, calibration_table, score_predictions
from pokerlab.game import NO_LIMIT_RING, Call, Check, Fold, RaiseTo, play_match, view_for

DECK = "AsAh KsKh QsQh Ac Kd 2h 7c 9s"  # seat 0, 1, 2 hole cards, then the flop Ac Kd 2h, turn 7c, river 9s


def feats(state, seat=None):
    """The features of the player to act, as a dict (seen from ``seat``, by default the actor)."""
    v = view_for(state, state.actor if seat is None else seat)
    return dict(zip(CONTEXT_FEATURES, context_features(v).tolist(), strict=True))


def expect(f, **values):
    for k, want in values.items():
        assert f[k] == pytest.approx(want), k


def three_handed():
    # button 0: seat 1 posts the small blind (1), seat 2 the big blind (2), seat 0 acts first
    return NO_LIMIT_RING.new_hand([200] * 3, button=0, deck=DECK)


def test_the_order_is_table_5():
    assert len(CONTEXT_FEATURES) == 19 and len(set(CONTEXT_FEATURES)) == 19
    assert CONTEXT_FEATURES[0] == "pot_odds" and CONTEXT_FEATURES[4:7] == ("btc_0", "btc_1", "btc_2plus")
    assert CONTEXT_FEATURES[12:15] == ("dealt_in", "active", "unacted") and CONTEXT_FEATURES[-1] == "akq_share"
    assert bots.models.CONTEXT_FEATURES is CONTEXT_FEATURES and bots.models.context_features is context_features


def test_first_to_act_before_the_flop():
    f = feats(three_handed())
    expect(
        f,
        pot_odds=2 / 5,  # 2 to call into a pot of 3
        bet_ratio=0,
        pot_ratio=0,
        committed=0,
        btc_0=0,
        btc_1=1,  # the big blind is the one bet
        btc_2plus=0,
        flop=0,
        turn=0,
        river=0,
        last_btc=0,
        last_raise=0,
        dealt_in=0.3,
        active=0.3,
        unacted=0.2,  # both blinds still to act: posting a blind is not an action
        flush_possible=0,
        ace_on_board=0,
        king_on_board=0,
        akq_share=0,
    )


def test_a_raise_then_the_blinds():
    h = three_handed()
    h.apply(RaiseTo(6))
    f = feats(h)  # the small blind: the big blind and the raise, 5 to call into 9
    expect(f, pot_odds=5 / 14, pot_ratio=1 / 9, committed=1, btc_2plus=1, btc_1=0, unacted=0.1)
    h.apply(Call())
    f = feats(h)  # the big blind faces the raise only: its own blind is not a bet to call
    expect(f, pot_odds=4 / 18, pot_ratio=2 / 14, committed=1, btc_1=1, btc_2plus=0, unacted=0, last_btc=0)
    h.apply(Call())
    f = feats(h)  # the flop Ac Kd 2h; the small blind acts first
    expect(
        f,
        pot_odds=0,
        btc_0=1,
        pot_ratio=6 / 18,
        committed=0,
        flop=1,
        last_btc=1,  # it faced two bets before the flop
        last_raise=0,
        bet_ratio=0,  # one call, no bet
        active=0.3,
        unacted=0.2,
        ace_on_board=1,
        king_on_board=1,
        akq_share=2 / 3,
        flush_possible=0,
    )
    h.apply(RaiseTo(10))  # the small blind bets 10
    h.apply(Fold())  # the big blind folds
    f = feats(h)  # the first raiser, facing one bet
    expect(f, pot_odds=10 / 38, btc_1=1, last_raise=1, bet_ratio=1, last_btc=1, active=0.2, unacted=0, committed=0)
    h.apply(RaiseTo(30))
    f = feats(h)  # the small blind again: one raise since its bet; call then bet: bet ratio 1/2
    expect(f, pot_odds=20 / 78, btc_1=1, last_raise=1, bet_ratio=0.5, committed=1, pot_ratio=16 / 58, last_btc=0)


def test_turn_river_and_a_flush_board():
    h = NO_LIMIT_RING.new_hand([200] * 2, button=0, deck="AsAh KsKh 2h 7h 9c Qh 3d")
    # heads-up: the button (seat 0) posts the small blind and acts first before the flop
    h.apply(Call()).apply(Check())
    f = feats(h)
    expect(f, flop=1, flush_possible=0, ace_on_board=0, akq_share=0, dealt_in=0.2, active=0.2, unacted=0.1)
    h.apply(Check()).apply(Check())
    f = feats(h)
    expect(f, turn=1, flop=0, flush_possible=1, akq_share=1 / 4, king_on_board=0)  # 2h 7h 9c Qh
    h.apply(Check()).apply(Check())
    f = feats(h)
    expect(f, river=1, turn=0, akq_share=1 / 5, bet_ratio=0, last_btc=0)


def test_every_seat_sees_the_same_features():
    h = three_handed()
    h.apply(RaiseTo(6))
    assert feats(h, 0) == feats(h, 1) == feats(h, 2)


def test_bad_views():
    with pytest.raises(ParameterError, match="PlayerView"):
        context_features("AsKs")
    with pytest.raises(ParameterError, match="PlayerView"):
        context_features(None)
    h = NO_LIMIT_RING.new_hand([200] * 2, button=0, deck="AsAh KsKh")
    h.apply(Fold())
    with pytest.raises(ParameterError, match="to act"):
        context_features(view_for(h, 0))


@settings(max_examples=40, deadline=None)
@given(st.integers(2, 6), st.integers(0, 2**32 - 1), st.lists(st.integers(0, 99), min_size=40, max_size=40))
def test_features_agree_with_the_engine(players, seed, choices):
    """In any hand: every value in [0, 1], one bets-to-call flag, pot odds and stage as the engine says."""
    h = NO_LIMIT_RING.new_hand([200] * players, button=seed % players, seed=seed)
    for c in choices:
        if h.is_over:
            break
        v = view_for(h, h.actor)
        f = context_features(v)
        assert f.shape == (19,) and np.all((f >= 0) & (f <= 1))
        d = dict(zip(CONTEXT_FEATURES, f, strict=True))
        owed = v.current_bet - v.street_bets[v.seat]
        assert d["pot_odds"] == pytest.approx(owed / (v.pot + owed) if owed else 0.0)
        assert d["btc_0"] + d["btc_1"] + d["btc_2plus"] == 1 and (d["btc_0"] == 1) == (v.to_call == 0)
        assert [d["flop"], d["turn"], d["river"]] == [float(v.street.index == k) for k in (1, 2, 3)]
        assert d["active"] == pytest.approx(sum(not x for x in v.folded) / 10)
        assert d["pot_ratio"] == pytest.approx((h.total[v.seat]) / v.pot)
        legal = v.legal
        h.apply(legal[c % len(legal)] if not isinstance(legal[c % len(legal)], Fold) or c % 3 == 0 else legal[1])


def test_the_recorded_action_is_what_the_table_applies():
    h = three_handed()
    v = view_for(h, 0)
    assert [_applied(a, v) for a in (Fold(), Call(), RaiseTo(6), RaiseTo(5000), Check())] == [0, 1, 2, 0, 0]
    h.apply(Call()).apply(Call())
    v = view_for(h, 2)  # the big blind with nothing to call: an illegal fold becomes a check
    assert [_applied(a, v) for a in (Fold(), Check(), Call(), RaiseTo(4))] == [1, 1, 1, 2]


def test_collect_decisions_is_reproducible_and_executor_independent():
    lineup = ["rembrant", "random", "always_call"]
    a = collect_decisions(lineup, hands=60, seed=5, batch_hands=25)
    b = collect_decisions(lineup, hands=60, seed=5, batch_hands=25)
    with ThreadPoolExecutor(2) as pool:
        c = collect_decisions(lineup, hands=60, seed=5, batch_hands=25, executor=pool)
    assert a.equals(b) and a.equals(c)
    assert not a.equals(collect_decisions(lineup, hands=60, seed=6, batch_hands=25))
    assert list(a.columns) == ["hand", "seat", "player", "style", *CONTEXT_FEATURES, "action"]
    assert a["hand"].min() == 0 and a["hand"].max() == 59 and a["hand"].is_monotonic_increasing
    assert set(a["style"]) == set(lineup) and list(a["action"].cat.categories) == list(ACTIONS)
    assert set(a.loc[a["style"] == "always_call", "action"]) == {"call"}
    feats_only = a[list(CONTEXT_FEATURES)].to_numpy()
    assert feats_only.min() >= 0 and feats_only.max() <= 1 and (a["dealt_in"] == 0.3).all()


def test_collect_decisions_records_only_the_named_styles():
    f = collect_decisions(["always_call", "random"], hands=30, seed=1, record=["random"])
    assert set(f["style"]) == {"random"} and set(f["action"]) <= set(ACTIONS) and len(f) > 0


@pytest.mark.parametrize(
    "kwargs",
    [
        {"bots": "phase1"},
        {"bots": ["phase1", 3]},
        {"bots": ["phase1", "nobody"]},
        {"bots": ["phase1"]},
        {"bots": ["phase1", "random"], "hands": 0},
        {"bots": ["phase1", "random"], "hands": True},
        {"bots": ["phase1", "random"], "hands": 2.5},
        {"bots": ["phase1", "random"], "seed": -1},
        {"bots": ["phase1", "random"], "seed": None},
        {"bots": ["phase1", "random"], "rules": "NO_LIMIT_RING"},
        {"bots": ["phase1", "random"], "record": ["phase2"]},
        {"bots": ["phase1", "random"], "batch_hands": 0},
    ],
)
def test_collect_decisions_refuses_bad_arguments(kwargs):
    with pytest.raises(ParameterError):
        collect_decisions(**kwargs)


def _situations(n, seed):
    """Random decisions whose action depends on bets-to-call alone (a known answer for every model)."""
    rng = np.random.default_rng(seed)
    x = rng.random((n, 19))
    x[:, [3, 10, 11, 15, 16, 17]] = x[:, [3, 10, 11, 15, 16, 17]] > 0.5  # Boolean features are 0 or 1
    btc = rng.integers(0, 3, n)
    x[:, 4:7] = np.eye(3)[btc]
    x[:, 7:10] = 0
    actions = np.array(ACTIONS)[[(1, 0, 2)[b] for b in btc]]  # 0: call, 1: fold, 2+: raise
    return x, actions


@pytest.mark.parametrize("kind", ["mlp", "tree", "frequency"])
def test_models_learn_a_rule(kind):
    x, actions = _situations(1500, 1)
    model = ContextModel(kind, max_iter=100).fit_arrays(x, actions)
    p = model.predict_proba(x[:500])
    assert p.shape == (500, 3) and np.allclose(p.sum(axis=1), 1) and (p > 0).all()
    assert np.mean(np.array(ACTIONS)[p.argmax(axis=1)] == actions[:500]) == 1.0
    one = model.predict_proba(x[7])
    assert one.shape == (3,) and np.allclose(one, p[7])
    held_out, truth = _situations(500, 2)
    assert score_predictions(model.predict_proba(held_out), truth)["accuracy"] == 1.0


def test_frequency_model_is_the_smoothed_table():
    x, actions = _situations(300, 3)
    m = ContextModel("frequency", smoothing=2.0).fit_arrays(x, actions)
    counts = {a: int((actions == a).sum()) for a in ACTIONS}
    prior = np.array([counts[a] + 1 for a in ACTIONS]) / (300 + 3)
    cell = x[:, 5] == 1  # one bet to call: always fold here
    want = (np.array([cell.sum(), 0, 0]) + 2.0 * prior) / (cell.sum() + 2.0)
    assert np.allclose(m.predict_proba(x[cell][0]), want)


def test_tree_importances_find_the_feature_that_matters():
    x, actions = _situations(2000, 4)
    imp = ContextModel("tree").fit_arrays(x, actions).feature_importances()
    assert list(imp.index) == list(CONTEXT_FEATURES) and imp.sum() == pytest.approx(1)
    assert set(imp.nlargest(2).index) <= {"btc_0", "btc_1", "btc_2plus"}
    with pytest.raises(ParameterError, match="tree"):
        ContextModel("mlp").fit_arrays(x, actions).feature_importances()


def test_mlp_is_davidsons_19_4_3_sigmoid_network():
    x, actions = _situations(500, 5)
    m = ContextModel("mlp").fit_arrays(x, actions)
    net = m._fitted
    assert [w.shape for w in net.coefs_] == [(19, 4), (4, 3)]
    assert net.activation == "logistic" and net.out_activation_ == "logistic"
    raw = net.predict_proba(x[:5])  # the three sigmoid outputs, each in (0, 1)
    assert np.allclose(m.predict_proba(x[:5]), raw / raw.sum(axis=1, keepdims=True))


def test_models_refuse_bad_input():
    with pytest.raises(ParameterError, match="kind"):
        ContextModel("forest")
    for bad in ({"seed": -1}, {"max_iter": 0}, {"smoothing": float("nan")}, {"smoothing": True}, {"max_depth": 0}):
        with pytest.raises(ParameterError):
            ContextModel("tree", **bad)
    m = ContextModel("tree")
    with pytest.raises(ParameterError, match="not fitted"):
        m.predict_proba(np.zeros(19))
    x, actions = _situations(100, 6)
    m.fit_arrays(x, actions)
    for bad in (np.zeros(18), np.full(19, np.nan), np.full(19, 2.0), -np.ones(19), "0" * 19, None, True):
        with pytest.raises(ParameterError):
            m.predict_proba(bad)
    with pytest.raises(ParameterError, match="fold, call or raise"):
        ContextModel("tree").fit_arrays(x, ["check"] * 100)
    with pytest.raises(ParameterError):
        ContextModel("tree").fit_arrays(x, actions[:50])
    with pytest.raises(ParameterError, match="DataFrame"):
        ContextModel("tree").fit(x)


def test_scores_match_their_definitions():
    from sklearn.metrics import log_loss

    rng = np.random.default_rng(7)
    p = rng.dirichlet([1, 1, 1], size=400)
    y = np.array(ACTIONS)[rng.integers(0, 3, 400)]
    s = score_predictions(p, y)
    assert s["log_loss"] == pytest.approx(log_loss([ACTIONS.index(a) for a in y], p, labels=[0, 1, 2]))
    assert s["accuracy"] == pytest.approx(np.mean(p.argmax(axis=1) == [ACTIONS.index(a) for a in y]))
    assert score_predictions(np.full((3, 3), 1 / 3), ["fold", "call", "raise"])["log_loss"] == pytest.approx(np.log(3))
    # perfectly calibrated: predictions equal to the frequencies in every bin
    perfect = np.array([[0.5, 0.5, 0.0]] * 4)
    assert score_predictions(perfect, ["fold", "call", "fold", "call"])["calibration_error"] == pytest.approx(0)
    table = calibration_table(perfect, ["fold", "call", "fold", "call"])
    assert table["count"].sum() == 12 and set(table["action"]) == set(ACTIONS)
    with pytest.raises(ParameterError):
        score_predictions([[0.5, 0.5, 0.5]], ["fold"])
    with pytest.raises(ParameterError):
        score_predictions(p, y[:10])


def test_compare_opponent_models_scores_held_out_hands():
    from pokerlab.experiments import compare_opponent_models

    r = compare_opponent_models(["random", "always_call"], hands=60, seed=3, progress=False)
    assert list(r.scores.columns) == ["style", "model", "log_loss", "accuracy", "calibration_error", "train", "test"]
    assert len(r.scores) == 6 and r.best_model() in ("mlp", "tree", "frequency")
    always = r.scores[r.scores["style"] == "always_call"]
    assert (always["accuracy"] == 1.0).all()  # it only ever calls
    # the held-out decisions are exactly those of the last 30 % of the hands (42..59), never trained on
    seed_k = int(np.random.SeedSequence([3, 0]).generate_state(1)[0])
    frame = collect_decisions(["random", "random", "phase1", "rembrant"], hands=60, seed=seed_k, record=["random"])
    row = r.scores[(r.scores["style"] == "random")].iloc[0]
    assert row["test"] == int((frame["hand"] >= 42).sum()) and row["train"] == int((frame["hand"] < 42).sum())
    assert set(r.importances["style"]) == {"random", "always_call"}
    assert r.table("accuracy").shape == (2, 3)
    with pytest.raises(ParameterError):
        compare_opponent_models(["random"], hands=5)
    with pytest.raises(ParameterError):
        compare_opponent_models("random", hands=60)
    with pytest.raises(ParameterError):
        compare_opponent_models(["random"], hands=60, models=("svm",))
    with pytest.raises(ParameterError):
        compare_opponent_models(["random"], hands=60, test_fraction=1.0)


def test_comparison_chart_has_a_bar_per_style_and_model():
    import pandas as pd

    from pokerlab.experiments import OpponentModelComparison

    scores = pd.DataFrame(
        [{"style": s, "model": m, "log_loss": 0.5, "accuracy": 0.7, "test": 10} for s in "ab" for m in ("mlp", "tree")]
    )
    r = OpponentModelComparison(scores, pd.DataFrame(), pd.DataFrame(), hands=10, seed=0)
    spec = r.chart().to_dict()
    assert spec["mark"]["type"] == "bar" and len(spec["datasets"][next(iter(spec["datasets"]))]) == 4


def test_phase3_with_the_context_model_plays_and_learns():
    bot = bots.make("phase3", opponent_model="context", context_min_decisions=30, context_refit_every=50, seed=1)
    rules = NO_LIMIT_RING.with_(reset_stacks=True, max_players=2, default_players=2)
    result = play_match([bot, bots.make("random", seed=2)], rules, hands=60, seed=3)
    assert sum(sum(c.values()) for c in result.fault_counts.values()) == 0
    assert isinstance(bot.context, ContextOpponents) and set(bot.context.models) == {"random"}
    rows, actions = bot.context.data["random"]
    assert len(rows) == len(actions) >= 30 and all(r.shape == (19,) for r in rows)
    with pytest.raises(ParameterError, match="opponent_model"):
        bots.make("phase3", opponent_model="neural")
    with pytest.raises(ParameterError):
        bots.make("phase3", opponent_model="context", context_kind="svm")


def test_fold_probability_reads_the_opponents_model():
    ctx = ContextOpponents("frequency", min_decisions=1, refit_every=1)
    h = NO_LIMIT_RING.new_hand([200] * 2, button=0, deck="AsAh KsKh 2c 7d 9h")
    h.apply(Call()).apply(Check()).apply(Check())  # we limp, the villain checks twice (pre-flop and flop)
    v = view_for(h, 0, ("me", "villain"))
    assert ctx.fold_probability(v, 4) is None  # nothing seen yet
    for e in h.events:
        ctx.observe(e, v)
    rows, actions = ctx.data["villain"]
    assert actions == [1, 1] and rows[1][7] == 1  # two calls (checks); the second on the flop
    # facing a bet on the flop is a cell the villain never showed: the smoothed overall
    # frequencies answer, (0 + 1, 2 + 1, 0 + 1) / 5
    assert ctx.fold_probability(v, 4) == pytest.approx(0.2)


def test_situation_features_agree_with_a_played_hand():
    from pokerlab.bots.context import situation_features

    h = three_handed()
    h.apply(RaiseTo(6)).apply(Call()).apply(Call())  # the flop Ac Kd 2h; the small blind to act
    played = context_features(view_for(h, h.actor))
    described = situation_features(
        board="AcKd2h",
        pot=18,
        to_call=0,
        amount_in=6,
        last_bets_to_call=True,
        dealt_in=3,
        active=3,
        unacted=2,
    )
    assert np.allclose(played, described)


@pytest.mark.parametrize(
    "bad",
    [
        {"board": "Ah"},
        {"board": "AhAh2c"},
        {"pot": -1},
        {"pot": float("nan")},
        {"pot": None},
        {"pot": True},
        {"to_call": 5, "bets_to_call": 0},
        {"to_call": 0, "bets_to_call": 1},
        {"amount_in": 50},
        {"dealt_in": 11},
        {"dealt_in": 4, "active": 5},
        {"dealt_in": 4, "active": 2, "unacted": 2},
        {"committed": 1},
        {"bet_ratio": 1.5},
    ],
)
def test_situation_features_refuse_bad_input(bad):
    from pokerlab.bots.context import situation_features
    from pokerlab.errors import PokerlabError

    args = {"board": "", "pot": 20, **bad}
    with pytest.raises(PokerlabError):
        situation_features(**args)


def test_context_explorer_shows_every_models_triple():
    from pokerlab.widgets import ContextExplorer

    frame = collect_decisions(["rembrant", "random", "always_call"], hands=80, seed=2)
    ex = ContextExplorer(frame, style="random", charts=True)
    p = ex.result["probabilities"]
    assert set(p) == {"mlp", "tree", "frequency"} and all(np.isclose(v.sum(), 1) for v in p.values())
    assert ex.out.value.count("<tr>") == 4 and ex.chart_view.value.startswith("<svg")
    ex.style.value = "always_call"
    assert ex.result["probabilities"]["frequency"][1] > 0.9  # it always calls
    ex.board.value = "Ah"  # two cards: not a board
    assert ex.result is None and "board" in ex.error and "pl-error" in ex.out.value
    ex.board.value = "AhKh2h"
    assert ex.error is None and ex.result["features"][15] == 1.0  # flush possible
    with pytest.raises(ParameterError):
        ContextExplorer(frame, style="phase9")
    with pytest.raises(ParameterError):
        ContextExplorer("decisions")


def _marks(svg: str, kind: str) -> int:
    import re

    return len(re.findall(rf'class="mark-{kind} role-mark', svg))


def test_context_charts_draw_their_marks():
    import pandas as pd

    from pokerlab import charts

    triples = {"mlp": np.array([0.2, 0.5, 0.3]), "tree": np.array([0.1, 0.6, 0.3])}
    svg = charts.chart_svg(charts.context_triples_chart(triples, "t"))
    assert _marks(svg, "rect") == 1 and svg.count('aria-roledescription="bar"') == 6  # a bar per model and action
    imp = pd.DataFrame({"style": ["a"] * 19 + ["b"] * 19, "feature": list(CONTEXT_FEATURES) * 2, "importance": 0.05})
    svg = charts.chart_svg(charts.feature_importance_chart(imp, "i"))
    assert _marks(svg, "rect") == 1 and svg.count('aria-roledescription="bar"') == 38
    cal = calibration_table(np.array([[0.2, 0.5, 0.3], [0.6, 0.3, 0.1]] * 5), ["call", "fold"] * 5)
    cal["model"] = "tree"
    svg = charts.chart_svg(charts.calibration_chart(cal, "c"))
    assert _marks(svg, "line") == 6  # a diagonal and a curve in each of the three panels
    assert _marks(svg, "symbol") == 3 and svg.count('aria-roledescription="point"') == len(cal)


@pytest.mark.parametrize("preset", ["AAAI06_HEADS_UP_LIMIT", "BIGHOLDEM", "HEADS_UP_NO_LIMIT", "NO_LIMIT_RING"])
def test_the_context_bot_plays_every_preset_without_faults(preset):
    from pokerlab.game import PRESETS

    rules = PRESETS[preset]
    bot = bots.make("phase3", opponent_model="context", context_min_decisions=20, context_refit_every=40, seed=5)
    lineup = [bot, bots.make("random", seed=6), bots.make("always_raise")]
    lineup = lineup[: max(rules.min_players, min(3, rules.max_players))]
    result = play_match(lineup, rules.with_(reset_stacks=True), hands=60, seed=7)
    assert sum(sum(c.values()) for c in result.fault_counts.values()) == 0
    assert bot.context.models  # it learnt at least one opponent
    assert int(result.winnings[list(result.names)].to_numpy().sum()) == 0  # chips conserved


def test_the_data_and_scores_refuse_bad_arguments():
    from pokerlab.experiments import compare_opponent_models

    with pytest.raises(ParameterError, match="executor"):
        collect_decisions(["random", "always_call"], hands=5, executor="pool")
    with pytest.raises(ParameterError, match="progress"):
        collect_decisions(["random", "always_call"], hands=5, progress="yes")
    for bad in ({"seed": -1}, {"seed": 1.5}, {"field": ()}, {"field": "phase1"}):
        with pytest.raises(ParameterError):
            compare_opponent_models(["random"], hands=20, **bad)
    p = np.full((2, 3), 1 / 3)
    for args in ((p, "fold"), (p, ["fold"]), (p[:, :2], ["fold", "call"]), (p * 2, ["fold", "call"])):
        with pytest.raises(ParameterError):
            calibration_table(*args)
    with pytest.raises(ParameterError, match="bins"):
        calibration_table(p, ["fold", "call"], bins=0)


def test_decisions_from_phh_match_the_live_features():
    from pokerlab.bots.context import decisions_from_phh

    h = three_handed()
    live = []
    for action in (RaiseTo(6), Call(), Call(), RaiseTo(10), Fold(), Call(), Check(), Check(), Check(), Check()):
        if h.is_over:
            break
        live.append(context_features(view_for(h, h.actor)))
        h.apply(action)
    text = h.to_phh()
    frame = decisions_from_phh([text, text + 'players = ["Ann", "Bob", "Cy"]\n'])
    first = frame[frame["hand"] == 0]
    assert np.allclose(first[list(CONTEXT_FEATURES)].to_numpy(), np.array(live))
    assert (
        list(first["action"])
        == ["raise", "call", "call", "raise", "fold", "call", "call", "call", "call", "call"][: len(live)]
    )
    assert list(first["player"][:2]) == ["seat 0", "seat 1"]
    # PHH lists players from the seat after the button (seat 1 here) round to the button (seat 0)
    named = frame[frame["hand"] == 1]
    assert list(named["player"][:3]) == ["Cy", "Ann", "Bob"] and set(named["style"]) == {"Ann", "Bob", "Cy"}
    with pytest.raises(ParameterError):
        decisions_from_phh("variant = 'NT'")
    with pytest.raises(ParameterError):
        decisions_from_phh([3])
