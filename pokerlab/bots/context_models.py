"""The context models: P(fold, call, raise) of a player from the Waterloo report's Table 5 features.

:class:`ContextModel` is one of three learners over the 19 features of
:mod:`pokerlab.bots.context`: ``"mlp"``, Aaron Davidson's 19-4-3 network
(scikit-learn's multi-layer perceptron with logistic hidden and output
units trained on one-hot targets, so each output is its own sigmoid,
normalised to a probability triple as Davidson does); ``"tree"``, a
decision tree whose feature importances say which context matters; and
``"frequency"``, the stage x bets-to-call table the Waterloo report (Li,
Zhang and Gao, section 3.4.1) calls the usual model.
:func:`score_predictions` measures held-out log-loss, accuracy and
calibration; :class:`ContextOpponents` keeps one model per opponent during
a match (the ``phase3`` bot with ``opponent_model="context"`` uses it).
"""

from __future__ import annotations

import warnings
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import numpy as np

from pokerlab import _validate
from pokerlab.bots.context import (
    _ACTION_OF_KIND,
    ACTIONS,
    CONTEXT_FEATURES,
    ContextTracker,
    _check_count,
)
from pokerlab.errors import ParameterError
from pokerlab.game.match import PlayerView
from pokerlab.game.state import Act, ActionKind, Event

if TYPE_CHECKING:  # pragma: no cover
    import pandas as pd

__all__ = ["MODEL_KINDS", "ContextModel", "ContextOpponents", "calibration_table", "score_predictions"]

MODEL_KINDS: tuple[str, ...] = ("mlp", "tree", "frequency")


_FLAGS = (3, 4, 5, 6, 7, 8, 9, 10, 11, 15, 16, 17)
"""The columns Table 5 calls Boolean (input as 0 or 1)."""


def _feature_rows(features: Any, what: str = "features") -> tuple[np.ndarray, bool]:
    """Validate features as an (m, 19) array; the flag says whether one decision (19 values) was given.

    Accepted: 19 values, a matrix of rows, a frame with the named columns
    (other columns are ignored) or a Series indexed by the feature names
    (a row of a decisions frame). The values must be a possible Table 5
    situation: Boolean features exactly 0 or 1, exactly one of the three
    bets-to-call flags and at most one of the three stage flags set.
    """
    import pandas as pd

    if isinstance(features, pd.DataFrame):
        missing = [c for c in CONTEXT_FEATURES if c not in features.columns]
        if missing:
            raise ParameterError(f"{what} lack the columns {missing}")
        features = features[list(CONTEXT_FEATURES)].to_numpy()
    elif isinstance(features, pd.Series) and not all(_validate.is_whole(k) for k in features.index):
        missing = [c for c in CONTEXT_FEATURES if c not in features.index]
        if missing:
            raise ParameterError(f"{what}: the Series lacks the entries {missing}")
        features = features[list(CONTEXT_FEATURES)].to_numpy()
    if isinstance(features, (str, bytes, dict)) or _validate.is_bool(features) or features is None:
        raise ParameterError(f"{what} must be 19 numbers in [0, 1] (or rows of them), not {features!r}")
    try:
        x = np.asarray(features, dtype=np.float64)
    except (TypeError, ValueError):
        raise ParameterError(f"{what} must be 19 numbers in [0, 1] (or rows of them), not {features!r}") from None
    single = x.ndim == 1
    if single:
        x = x[None, :]
    if x.ndim != 2 or x.shape[1] != len(CONTEXT_FEATURES):
        raise ParameterError(f"{what} must have {len(CONTEXT_FEATURES)} values per row, not shape {x.shape}")
    if not np.all(np.isfinite(x)) or (x.size and (x.min() < 0 or x.max() > 1)):
        raise ParameterError(f"{what} must be finite numbers in [0, 1]")
    flags = x[:, _FLAGS]
    if ((flags != 0) & (flags != 1)).any():
        bad = sorted({CONTEXT_FEATURES[_FLAGS[j]] for j in np.nonzero((flags != 0) & (flags != 1))[1]})
        raise ParameterError(f"{what}: the Boolean features {bad} must be exactly 0 or 1")
    if (x[:, 4:7].sum(axis=1) != 1).any():
        raise ParameterError(f"{what}: exactly one of btc_0, btc_1, btc_2plus must be 1 in every row")
    if (x[:, 7:10].sum(axis=1) > 1).any():
        raise ParameterError(f"{what}: at most one of flop, turn, river may be 1 in a row")
    return x, single


def _feature_matrix(features: Any, what: str = "features") -> np.ndarray:
    """:func:`_feature_rows` without the flag: always an (m, 19) array."""
    return _feature_rows(features, what)[0]


def _action_codes(actions: Any) -> np.ndarray:
    _validate.instance(
        actions, Iterable, "actions must be a list of fold, call or raise", check=lambda a: not isinstance(a, Mapping)
    )
    values = list(actions)
    bad = sorted({str(a)[:20] for a in values if not (isinstance(a, str) and a in ACTIONS)})
    if bad:
        raise ParameterError(f"actions must be fold, call or raise, not {bad}")
    return np.array([ACTIONS.index(a) for a in values], dtype=np.int64)


def _stage_btc(x: np.ndarray) -> np.ndarray:
    """The frequency model's 12 cells: stage (0..3) * 3 + bets-to-call class (0, 1, 2+)."""
    stage = x[:, 7] * 1 + x[:, 8] * 2 + x[:, 9] * 3
    btc = x[:, 5] * 1 + x[:, 6] * 2
    return (stage * 3 + btc).astype(np.int64)


@dataclass
class ContextModel:
    """``P(fold, call, raise)`` of one player from the Table 5 context (see the module docstring).

    ``kind``:

    * ``"mlp"``: Davidson's network, 19 inputs, 4 sigmoid hidden nodes, 3
      sigmoid outputs normalised to sum 1, trained by back-propagation
      (scikit-learn's ``MLPClassifier`` with the adam optimiser,
      ``max_iter`` epochs, seeded by ``seed``);
    * ``"tree"``: a decision tree (``max_depth``, ``min_samples_leaf``) whose
      leaf frequencies are smoothed towards the overall frequencies with
      ``smoothing`` pseudo-decisions, so no action gets probability 0;
    * ``"frequency"``: the action frequencies in each of the 12 cells of
      stage x bets-to-call (0, 1, 2+), smoothed the same way.

    >>> import numpy as np
    >>> x = np.zeros((4, 19)); x[:, 4] = 1; x[2:, 4], x[2:, 5] = 0, 1   # two checks, two bets to face
    >>> m = ContextModel("frequency", smoothing=0).fit_arrays(x, ["call", "raise", "fold", "call"])
    >>> m.predict_proba(x[2]).round(2).tolist()
    [0.5, 0.5, 0.0]
    """

    kind: str = "mlp"
    seed: int = 0
    max_iter: int = 60
    max_depth: int = 8
    min_samples_leaf: int = 20
    smoothing: float = 1.0
    _fitted: Any = field(default=None, init=False, repr=False)
    _prior: np.ndarray = field(default_factory=lambda: np.full(3, 1 / 3), init=False, repr=False)
    decisions: int = field(default=0, init=False)

    def __post_init__(self) -> None:
        said = f"kind must be one of {', '.join(MODEL_KINDS)}, not {self.kind!r}"
        _validate.choice(self.kind, "kind", MODEL_KINDS, message=said)
        _check_count("seed", self.seed, 0, 2**32 - 1)
        _check_count("max_iter", self.max_iter, 1, 100_000)
        _check_count("max_depth", self.max_depth, 1, 64)
        _check_count("min_samples_leaf", self.min_samples_leaf, 1, 10_000_000)
        s = self.smoothing
        _validate.real(s, "smoothing", lo=0, message="smoothing must be a finite number >= 0")

    def fit(self, frame: pd.DataFrame) -> ContextModel:
        """Learn from a frame with the 19 feature columns and ``action`` (as :func:`collect_decisions` returns)."""
        import pandas as pd

        _validate.instance(frame, pd.DataFrame, "fit needs a DataFrame of decisions")
        if "action" not in frame.columns:
            raise ParameterError("the frame has no 'action' column")
        return self.fit_arrays(_feature_matrix(frame, "the frame's features"), frame["action"])

    def fit_arrays(self, features: Any, actions: Sequence[str]) -> ContextModel:
        """Learn from an (m, 19) feature array and m actions (fold, call, raise)."""
        x = _feature_matrix(features)
        y = _action_codes(actions)
        if len(y) != len(x) or len(y) == 0:
            raise ParameterError(f"need as many actions as feature rows, and at least one: {len(y)} vs {len(x)}")
        counts = np.bincount(y, minlength=3).astype(np.float64)
        self._prior = (counts + 1) / (counts.sum() + 3)  # never exactly 0
        self.decisions = len(y)
        if self.kind == "frequency":
            cells = np.zeros((12, 3))
            np.add.at(cells, (_stage_btc(x), y), 1.0)
            self._fitted = self._smooth(cells)
        elif self.kind == "tree":
            from sklearn.tree import DecisionTreeClassifier

            tree = DecisionTreeClassifier(
                max_depth=self.max_depth, min_samples_leaf=self.min_samples_leaf, random_state=self.seed
            )
            tree.fit(x, y)
            leaves = tree.apply(x)
            cells = np.zeros((tree.tree_.node_count, 3))
            np.add.at(cells, (leaves, y), 1.0)
            self._fitted = (tree, self._smooth(cells))
        else:
            from sklearn.exceptions import ConvergenceWarning
            from sklearn.neural_network import MLPClassifier

            net = MLPClassifier(
                hidden_layer_sizes=(4,),
                activation="logistic",
                solver="adam",
                learning_rate_init=0.02,
                batch_size=min(500, len(y)),
                max_iter=self.max_iter,
                random_state=self.seed,
            )
            onehot = np.eye(3, dtype=np.int64)[y]  # one-hot targets: three independent sigmoid outputs
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", ConvergenceWarning)
                net.fit(x, onehot)
            self._fitted = net
        return self

    def _smooth(self, cells: np.ndarray) -> np.ndarray:
        a = float(self.smoothing)
        totals = cells.sum(axis=1, keepdims=True)
        with np.errstate(invalid="ignore", divide="ignore"):
            p = (cells + a * self._prior) / (totals + a)
        return np.where(totals + a > 0, p, self._prior)

    def predict_proba(self, features: Any) -> np.ndarray:
        """The probability triple (fold, call, raise): shape (3,) for one decision, (m, 3) for m rows.

        ``features`` are 19 values, rows of them, a frame with the named
        columns or one row of such a frame (a Series, read by name). A row
        that is not a possible Table 5 situation is refused, not answered:
        a Boolean feature other than 0 or 1, not exactly one bets-to-call
        flag, or more than one stage flag.
        """
        if self._fitted is None:
            raise ParameterError("this ContextModel is not fitted yet: call fit(frame) first")
        x, single = _feature_rows(features)
        if len(x) == 0:
            return np.zeros((0, 3))
        if self.kind == "frequency":
            p = self._fitted[_stage_btc(x)]
        elif self.kind == "tree":
            tree, leaf_p = self._fitted
            p = leaf_p[tree.apply(x)]
        else:
            p = _mlp_outputs(self._fitted, x)
            p = p / p.sum(axis=1, keepdims=True)
        return p[0] if single else p

    def feature_importances(self) -> pd.Series:
        """The tree's impurity-based importance of each feature (sums to 1); ``kind="tree"`` only."""
        import pandas as pd

        if self.kind != "tree":
            raise ParameterError(f"feature importances come from the decision tree (kind='tree'), not {self.kind!r}")
        if self._fitted is None:
            raise ParameterError("this ContextModel is not fitted yet: call fit(frame) first")
        return pd.Series(self._fitted[0].feature_importances_, index=list(CONTEXT_FEATURES), name="importance")

    def score(self, frame: pd.DataFrame) -> dict[str, float]:
        """Log-loss, accuracy and calibration error on decisions (use held-out ones)."""
        import pandas as pd

        _validate.instance(frame, pd.DataFrame, "score needs a DataFrame of decisions")
        if "action" not in frame.columns:
            raise ParameterError("the frame has no 'action' column")
        return score_predictions(self.predict_proba(frame), frame["action"])


def _mlp_outputs(net: Any, x: np.ndarray) -> np.ndarray:
    """The network's three sigmoid outputs, computed directly (much faster than predict_proba for one row)."""
    w1, w2 = net.coefs_
    b1, b2 = net.intercepts_
    hidden = 1.0 / (1.0 + np.exp(-(x @ w1 + b1)))
    return 1.0 / (1.0 + np.exp(-(hidden @ w2 + b2)))


def _check_predictions(proba: Any, actions: Any, bins: int) -> tuple[np.ndarray, np.ndarray]:
    try:
        p = np.asarray(proba, dtype=np.float64)
    except (TypeError, ValueError):
        raise ParameterError("proba must be rows of three probabilities") from None
    if p.ndim != 2 or p.shape[1] != 3 or not np.all(np.isfinite(p)) or (p < 0).any():
        raise ParameterError(f"proba must be rows of three probabilities, not shape {p.shape}")
    if not np.allclose(p.sum(axis=1), 1.0, atol=1e-6):
        raise ParameterError("each probability triple must add up to 1")
    if isinstance(actions, str):
        raise ParameterError(f"actions must be a list of fold, call or raise, not the string {actions!r}")
    y = _action_codes(actions)
    if len(y) != len(p) or len(y) == 0:
        raise ParameterError(f"need as many actions as predictions, and at least one: {len(y)} vs {len(p)}")
    _check_count("bins", bins, 1, 1000)
    return p, y


def score_predictions(proba: Any, actions: Any, bins: int = 10) -> dict[str, float]:
    """Held-out scores of probability triples against the actions taken.

    ``log_loss`` is the mean of ``-ln p(action taken)`` (lower is better;
    ``ln 3 = 1.099`` for a uniform guess), ``accuracy`` the share of
    decisions whose most likely action was taken, and ``calibration_error``
    the expected calibration error: for each action, predictions are put in
    ``bins`` equal-width bins and the gaps between mean prediction and
    observed frequency are averaged, weighted by bin size, then averaged
    over the three actions.

    >>> score_predictions([[0.5, 0.25, 0.25], [0.5, 0.25, 0.25]], ["fold", "call"])["log_loss"].__round__(4)
    1.0397
    """
    p, y = _check_predictions(proba, actions, bins)
    taken = p[np.arange(len(y)), y]
    table = _calibration(p, y, bins)
    ece = 0.0
    for _, part in table.groupby("action", observed=True):
        ece += float((part["count"] * (part["predicted"] - part["observed"]).abs()).sum() / len(y)) / 3
    return {
        "log_loss": float(-np.mean(np.log(np.maximum(taken, 1e-15)))),
        "accuracy": float(np.mean(p.argmax(axis=1) == y)),
        "calibration_error": ece,
    }


def calibration_table(proba: Any, actions: Any, bins: int = 10) -> pd.DataFrame:
    """Per action and probability bin: the mean predicted probability, the observed frequency, the count.

    ``proba`` holds one probability triple per decision and ``actions`` the
    actions taken (fold, call, raise); bins are ``bins`` equal-width slices
    of [0, 1], and only bins that hold predictions get a row.
    """
    p, y = _check_predictions(proba, actions, bins)
    return _calibration(p, y, bins)


def _calibration(p: np.ndarray, y: np.ndarray, bins: int) -> pd.DataFrame:
    import pandas as pd

    rows = []
    for k, name in enumerate(ACTIONS):
        which = np.minimum((p[:, k] * bins).astype(np.int64), bins - 1)
        for b in range(bins):
            inside = which == b
            count = int(inside.sum())
            if count:
                rows.append(
                    {
                        "action": name,
                        "bin": b,
                        "predicted": float(p[inside, k].mean()),
                        "observed": float(np.mean(y[inside] == k)),
                        "count": count,
                    }
                )
    return pd.DataFrame(rows, columns=["action", "bin", "predicted", "observed", "count"])


# ----------------------------------------------------------------------------
# A model per opponent, learnt during a match
# ----------------------------------------------------------------------------


@dataclass
class ContextOpponents:
    """One :class:`ContextModel` per opponent, learnt from its decisions while a match is played.

    Feed it every event a seat sees (``observe(event, view)``, as
    :func:`pokerlab.game.play_match` does); before each opponent action it
    notes that opponent's Table 5 features, and it refits the opponent's
    model after its first ``min_decisions`` decisions and then every
    ``refit_every`` more. :meth:`fold_probability` asks the models how
    likely every opponent still in is to fold if this seat bets or raises
    by ``amount`` chips now.
    """

    kind: str = "tree"
    min_decisions: int = 200
    refit_every: int = 1000
    seed: int = 0
    data: dict[str, tuple[list[np.ndarray], list[int]]] = field(default_factory=dict, repr=False)
    models: dict[str, ContextModel] = field(default_factory=dict, repr=False)
    _fitted_at: dict[str, int] = field(default_factory=dict, repr=False)
    _hand: int = field(default=-1, repr=False)
    _tracker: ContextTracker | None = field(default=None, repr=False)

    def __post_init__(self) -> None:
        ContextModel(self.kind, seed=self.seed)  # validates kind and seed
        _check_count("min_decisions", self.min_decisions, 1, 10_000_000)
        _check_count("refit_every", self.refit_every, 1, 10_000_000)

    @staticmethod
    def _name(view: PlayerView, seat: int) -> str:
        return view.names[seat] if view.names else f"seat {seat}"

    def observe(self, event: Event, view: PlayerView) -> None:
        if view.hand_number != self._hand or self._tracker is None or self._tracker.n != view.players:
            self._hand = view.hand_number
            self._tracker = ContextTracker(view.players)
        if isinstance(event, Act) and event.seat != view.seat:
            name = self._name(view, event.seat)
            rows, actions = self.data.setdefault(name, ([], []))
            rows.append(self._tracker.features(event.seat))
            actions.append(_ACTION_OF_KIND[event.kind])
            seen = len(actions)
            last = self._fitted_at.get(name, 0)
            if seen >= self.min_decisions and (last == 0 or seen - last >= self.refit_every):
                model = ContextModel(self.kind, seed=self.seed)
                self.models[name] = model.fit_arrays(np.array(rows), [ACTIONS[a] for a in actions])
                self._fitted_at[name] = seen
        self._tracker.update(event)

    def fold_probability(self, view: PlayerView, amount: float) -> float | None:
        """P(every opponent still in folds) if this seat now bets or raises by ``amount`` over the call.

        Opponents are taken as independent, each answering as its model
        predicts in the situation after the raise; None while any of them
        has no fitted model yet.
        """
        _validate.instance(view, PlayerView, "fold_probability needs a PlayerView")
        _validate.real(amount, "amount", lo=0, message="amount must be a finite number of chips >= 0")
        if self._tracker is None or view.hand_number != self._hand:
            return None
        me = view.seat
        tracker = self._tracker.copy()
        to = tracker.street_bet[me] + view.to_call + max(round(amount), 1)
        kind = ActionKind.RAISE if max(tracker.street_bet) > 0 else ActionKind.BET
        tracker.update(Act(me, view.street, kind, to - tracker.street_bet[me], to))
        p = 1.0
        for s in range(view.players):
            if s == me or view.folded[s] or view.all_in[s]:
                continue
            model = self.models.get(self._name(view, s))
            if model is None:
                return None
            p *= float(model.predict_proba(tracker.features(s))[0])
        return p
