"""Outside test of the context opponent models: junk input, impossible feature rows, straddles, Series rows."""

import math

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings, strategies as st

from pokerlab import ParameterError, bots
from pokerlab.bots.context import ACTIONS, CONTEXT_FEATURES, context_features
from pokerlab.bots.context_models import ContextModel, calibration_table, score_predictions
from pokerlab.experiments import compare_opponent_models
from pokerlab.game import NO_LIMIT_RING, Call, view_for


def _frame(n=90, seed=0):
    """A small consistent decisions frame: nothing to call, action set by the pot odds column."""
    rng = np.random.default_rng(seed)
    x = np.zeros((n, 19))
    x[:, 4] = 1
    x[:, 0] = rng.random(n)
    frame = pd.DataFrame(x, columns=list(CONTEXT_FEATURES))
    frame["action"] = [ACTIONS[k % 3] for k in range(n)]
    return frame


@pytest.fixture(scope="module")
def fitted():
    frame = _frame()
    return {kind: ContextModel(kind).fit(frame) for kind in ("mlp", "tree", "frequency")}


def _row(**flags):
    x = np.zeros(19)
    for name, value in flags.items():
        x[CONTEXT_FEATURES.index(name)] = value
    return x


IMPOSSIBLE = [
    _row(btc_1=1, btc_2plus=1, river=1),  # two bets-to-call classes at once (the frequency table indexed past its end)
    _row(),  # no bets-to-call class at all
    _row(btc_0=0.5, btc_1=0.5),  # a Boolean that is neither 0 nor 1
    _row(btc_0=1, flop=1, turn=1),  # two stages
    _row(btc_0=1, committed=0.3),
    np.ones(19),  # every Boolean set
]


@pytest.mark.parametrize("kind", ["mlp", "tree", "frequency"])
@pytest.mark.parametrize("row", range(len(IMPOSSIBLE)))
def test_an_impossible_situation_is_refused_not_answered(fitted, kind, row):
    with pytest.raises(ParameterError, match=r"btc|Boolean|flop"):
        fitted[kind].predict_proba(IMPOSSIBLE[row])


@pytest.mark.parametrize("kind", ["mlp", "tree", "frequency"])
def test_ragged_rows_are_refused(fitted, kind):
    with pytest.raises(ParameterError, match="features"):
        fitted[kind].predict_proba([[0.0] * 19, [0.0] * 18])


@pytest.mark.parametrize("kind", ["mlp", "tree", "frequency"])
def test_no_rows_give_no_triples(fitted, kind):
    frame = _frame()
    assert fitted[kind].predict_proba(frame.iloc[:0]).shape == (0, 3)
    assert fitted[kind].predict_proba(np.zeros((0, 19))).shape == (0, 3)


@pytest.mark.parametrize("kind", ["mlp", "tree", "frequency"])
def test_a_row_of_the_frame_is_read_by_name(fitted, kind):
    frame = _frame()
    m = fitted[kind]
    want = m.predict_proba(frame.iloc[[5]])[0]
    row = frame.iloc[5]  # a Series with the 19 features and the action
    assert np.allclose(m.predict_proba(row), want)
    assert np.allclose(m.predict_proba(row[list(CONTEXT_FEATURES)[::-1]]), want)  # order does not matter
    with pytest.raises(ParameterError, match="pot_odds"):
        m.predict_proba(row.drop("pot_odds"))


@pytest.mark.parametrize("kind", ["mlp", "tree", "frequency"])
def test_bad_actions_and_frames_are_refused(fitted, kind):
    frame = _frame()
    x = frame[list(CONTEXT_FEATURES)].to_numpy()
    for bad in (None, 3, 2.5, "fold", {"fold": 1}):
        with pytest.raises(ParameterError, match="actions"):
            ContextModel(kind).fit_arrays(x[:3], bad)
    with pytest.raises(ParameterError, match="action"):
        fitted[kind].score(frame.drop(columns="action"))
    with pytest.raises(ParameterError, match="DataFrame"):
        fitted[kind].score(x)


def test_scores_refuse_actions_that_are_not_a_list():
    p = [[0.5, 0.25, 0.25]]
    for bad in (None, 3, {"fold": 1}):
        with pytest.raises(ParameterError, match="actions"):
            score_predictions(p, bad)
        with pytest.raises(ParameterError, match="actions"):
            calibration_table(p, bad)


@pytest.mark.parametrize("field", [None, 5, ("nope",), (), "random", [None]])
def test_compare_refuses_a_bad_field(field):
    with pytest.raises(ParameterError):
        compare_opponent_models(["random"], hands=10, field=field, progress=False)


@pytest.mark.parametrize("value", [True, None, "0.5", math.nan, -0.1, 1.5])
@pytest.mark.parametrize("name", ["context_value_fold", "context_value_above", "raise_above"])
def test_phase3_refuses_bad_probabilities(name, value):
    with pytest.raises(ParameterError, match=name):
        bots.make("phase3", opponent_model="context", **{name: value})


def test_a_straddle_is_one_more_bet_to_call():
    rules = NO_LIMIT_RING.with_(straddles=(4,))
    h = rules.new_hand([200] * 4, button=0, deck="AsAh KsKh QsQh JsJh")
    f = dict(zip(CONTEXT_FEATURES, context_features(view_for(h, h.actor)), strict=True))
    assert h.actor == 0 and f["btc_2plus"] == 1 and f["btc_1"] == 0  # the big blind and the straddle
    assert f["pot_odds"] == pytest.approx(4 / 11)
    h.apply(Call()).apply(Call())  # the button and the small blind call 4
    f = dict(zip(CONTEXT_FEATURES, context_features(view_for(h, h.actor)), strict=True))
    assert h.actor == 2 and f["btc_1"] == 1  # the big blind faces the straddle only, not its own blind
    h.apply(Call())
    f = dict(zip(CONTEXT_FEATURES, context_features(view_for(h, h.actor)), strict=True))
    assert h.actor == 3 and f["btc_0"] == 1 and f["committed"] == 1  # the straddler's option


def test_a_returned_ante_leaves_the_players_share_of_the_pot():
    # a big-blind ante that nobody matches comes back at once (live antes): the big blind's share is its blind only
    rules = NO_LIMIT_RING.with_(position_antes=(2, 4, 0))
    h = rules.new_hand([200] * 3, button=0, deck="AsAh KsKh QsQh Ac Kd 2h")
    h.apply(Call()).apply(Call())
    v = view_for(h, h.actor)
    f = dict(zip(CONTEXT_FEATURES, context_features(v), strict=True))
    assert h.actor == 2 and h.total == [2, 4, 4] and v.pot == 10
    assert f["pot_ratio"] == pytest.approx(4 / 10)  # was 6 / 10: the 2 returned chips counted as its own


@settings(max_examples=40, deadline=None)
@given(
    st.sampled_from([{}, {"ante": 3}, {"position_antes": (1, 4, 0)}, {"straddles": (4,)}, {"position_antes": (0, 2)}]),
    st.integers(3, 6),
    st.integers(0, 2**32 - 1),
    st.lists(st.integers(0, 99), min_size=30, max_size=30),
)
def test_pot_odds_and_pot_ratio_agree_with_the_engine_under_antes_and_straddles(extra, players, seed, choices):
    rules = NO_LIMIT_RING.with_(**extra)
    stacks = [int(s) for s in np.random.default_rng(seed).integers(30, 300, players)]
    h = rules.new_hand(stacks, button=seed % players, seed=seed)
    for c in choices:
        if h.is_over:
            break
        v = view_for(h, h.actor)
        f = dict(zip(CONTEXT_FEATURES, context_features(v), strict=True))
        owed = v.current_bet - v.street_bets[v.seat]
        assert f["pot_odds"] == pytest.approx(owed / (v.pot + owed) if owed else 0.0)
        assert f["pot_ratio"] == pytest.approx(h.total[v.seat] / v.pot)
        assert all(0 <= x <= 1 for x in f.values())
        h.apply(v.legal[c % len(v.legal)])


def test_context_charts_refuse_what_they_cannot_draw():
    from pokerlab import charts

    imp = pd.DataFrame({"style": "x", "feature": list(CONTEXT_FEATURES), "importance": [1 / 19] * 19})
    for bad in (None, imp.iloc[:0], imp.drop(columns="importance"), imp.drop(columns="style"),
                imp.assign(importance=np.nan), imp.assign(importance=-0.5), imp.assign(importance="high"),
                pd.Series([1 / 19] * 19, index=list(CONTEXT_FEATURES))):  # fmt: skip
        with pytest.raises(ParameterError, match="importances"):
            charts.feature_importance_chart(bad)
    cal = calibration_table([[0.5, 0.25, 0.25], [0.2, 0.3, 0.5]], ["fold", "raise"])
    for bad in (
        None,
        pd.DataFrame(),
        cal.drop(columns="observed"),
        cal.assign(predicted=np.nan),
        cal.assign(observed=2.0),
    ):
        with pytest.raises(ParameterError, match="calibration"):
            charts.calibration_chart(bad)
    assert charts.chart_svg(charts.calibration_chart(cal)).count("<svg") >= 1  # the good table still draws


@pytest.mark.parametrize("amount", [math.nan, math.inf, -5, None, True, "10"])
def test_fold_probability_refuses_a_bad_amount(amount):
    from pokerlab.bots.context_models import ContextOpponents

    h = NO_LIMIT_RING.new_hand([200] * 3, button=0, seed=1)
    co = ContextOpponents("frequency", min_decisions=1)
    v = view_for(h, h.actor)
    for e in v.events:
        co.observe(e, v)
    with pytest.raises(ParameterError, match="amount"):
        co.fold_probability(v, amount)
    with pytest.raises(ParameterError, match="PlayerView"):
        co.fold_probability(None, 10)
