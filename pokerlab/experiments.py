"""Self-play experiments: the Waterloo report's Figures 4-7 and duplicate heads-up matches.

A **setup** is a line-up of bots. The seed's are:

========== ==================================================================
``phases``  Phase I vs Phase II vs Phase III, two of each (Figure 4)
``bluffing`` Phase II with aggressive, normal, conservative and no bluffing
            (Figures 5-6)
``trust``   Phase III conservative and aggressive trust with two Phase II
            players (Figure 7)
========== ==================================================================

:func:`run_experiment` plays ``trials`` matches under the Waterloo report's no-limit
rules (blinds 1/2, 200 chips, chips carried over, a player is out at 0) and
keeps every player's money after every hand. Each trial is one task for
the ``executor`` (any ``concurrent.futures.Executor``), seeded from
``(seed, trial)``, so results depend only on the seed.

:func:`compare_opponent_models` is the experiment the Waterloo report
proposes at its end for the opponent models it never built: the context
models (Table 5, Davidson's network, a decision tree, the frequency
baseline) trained per opponent style and scored on held-out hands.

A bot is written ``"name"`` or ``"name:key=value,key=value"``, e.g.
``"phase2:bluff=aggressive"``.
"""

from __future__ import annotations

from concurrent.futures import Executor
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, TypeAlias

import numpy as np

from pokerlab import _chart_hook, _validate, bots
from pokerlab._files import write_text
from pokerlab._options import Setup, SetupChoice
from pokerlab._parallel import run_tasks
from pokerlab.bots.collect import collect_decisions
from pokerlab.bots.context_models import MODEL_KINDS, ContextModel, calibration_table
from pokerlab.errors import ParameterError
from pokerlab.game import NO_LIMIT_RING, Rules, play_match

if TYPE_CHECKING:  # pragma: no cover
    import pandas as pd

    from pokerlab.game import Rules

__all__ = [
    "OPPONENT_FIELD",
    "OPPONENT_STYLES",
    "SETUPS",
    "ExperimentResult",
    "OpponentModelComparison",
    "ScoreMetric",
    "Setup",
    "compare_opponent_models",
    "run_duplicate",
    "run_experiment",
]


class ScoreMetric(StrEnum):
    """A held-out score of :class:`OpponentModelComparison` (lower is better but for accuracy)."""

    LOG_LOSS = "log_loss"
    ACCURACY = "accuracy"
    CALIBRATION_ERROR = "calibration_error"


ScoreMetricChoice: TypeAlias = ScoreMetric | Literal["log_loss", "accuracy", "calibration_error"]
"""A :class:`ScoreMetric` or its value as a string: a type checker refuses any other string."""


SETUPS: dict[str, list[str]] = {
    "phases": ["phase1", "phase1", "phase2", "phase2", "phase3", "phase3"],
    "bluffing": [
        "phase2:bluff=aggressive",
        "phase2:bluff=normal",
        "phase2:bluff=conservative",
        "phase2:bluff=none",
    ],
    "trust": ["phase3:trust=conservative", "phase3:trust=aggressive", "phase2", "phase2"],
}


def _trial(task: tuple[list[str], Any, int, int, int]) -> Any:
    """One match of an experiment (runs in any worker)."""

    specs, rules, hands, seed, trial = task
    lineup = [bots.make(s, seed=seed * 1000 + i) for i, s in enumerate(specs)]
    result = play_match(lineup, rules, hands=hands, seed=seed)
    money = result.money.copy()
    money["trial"] = trial
    return money


@dataclass
class ExperimentResult:
    """The money of every player after every hand of every trial (long format)."""

    setup: str
    specs: list[str]
    money: pd.DataFrame  # columns: trial, hand, player, money
    seed: int

    def summary(self) -> pd.DataFrame:
        """Per player: mean final money over the trials, trials survived, trials won (most money)."""
        last = self.money.sort_values("hand").groupby(["trial", "player"]).tail(1)
        final = last.pivot(index="trial", columns="player", values="money")
        rows = []
        for player in final.columns:
            rows.append(
                {
                    "player": player,
                    "mean final money": float(final[player].mean()),
                    "survived": int((final[player] > 0).sum()),
                    "won": int((final.idxmax(axis=1) == player).sum()),
                    "trials": len(final),
                }
            )
        return (
            __import__("pandas").DataFrame(rows).sort_values("mean final money", ascending=False).reset_index(drop=True)
        )

    def chart(self, trial: int | None = 0) -> _chart_hook.Chart:
        """Money over the hands, one line per player (a trial, or the mean over trials with ``trial=None``).

        Drawn by :func:`pokerlab.charts.money_chart`, the lines in the line-up's
        order. A trial that ended early (one player left) counts with its final
        money in every later hand, so the means always add up to the chips on
        the table.
        """
        import pandas as pd

        trials = sorted(set(self.money["trial"]))
        if trial is not None:
            said = f"trial must be None or one of the trials played (0..{len(trials) - 1})"
            trial = _validate.whole(trial, "trial", among=tuple(int(t) for t in trials), message=said)
        data = self.money if trial is None else self.money[self.money["trial"] == trial]
        players = list(dict.fromkeys(data["player"]))  # the line-up's order, not the alphabet's
        hands = range(int(data["hand"].max()) + 1)
        per_trial = [
            t.pivot(index="hand", columns="player", values="money").reindex(hands).ffill()
            for _, t in data.groupby("trial")
        ]
        wide = pd.concat(per_trial).groupby(level=0).mean()[players]
        wide.index.name = "hand"
        wide.columns.name = None
        title = f"{self.setup}: money after each hand" + (
            " (mean over the trials)" if trial is None else f" (trial {trial})"
        )
        return _chart_hook.draw("money_chart", wide, title)

    def to_csv(self, path: str | Path) -> Path:
        """Write the money after each hand as CSV to ``path`` (safely: see ``pokerlab._files``)."""

        _validate.output_file(path, "path")
        path = Path(path)
        try:
            write_text(path, self.money.to_csv(index=False))
        except OSError as exc:
            raise ParameterError(f"cannot write {str(path)!r:.90}: {exc.strerror or exc}") from exc
        return path


def run_experiment(
    setup: SetupChoice | list[str] = "phases",
    *,
    hands: int = 200,
    trials: int = 10,
    seed: int = 0,
    rules: Rules | None = None,
    executor: Executor | None = None,
    progress: bool = True,
    out: str | Path | None = None,
) -> ExperimentResult:
    """Play ``trials`` matches of a setup (see the module docstring) and keep the money curves."""
    import pandas as pd

    if _validate.is_text(setup):
        name = _validate.member(Setup, setup, "setup").value
        specs = SETUPS[name]
    else:
        said = "setup must be a setup name or a non-empty list of bot specs"
        specs, name = list(_validate.instance(setup, (list, tuple), said, items=str, check=bool)), "custom"
    hands = _validate.whole(hands, "hands", lo=1, hi=10**9)
    trials = _validate.whole(trials, "trials", lo=1, hi=1_000_000)
    seed = _validate.seed(seed, optional=False)
    _validate.flag(progress, "progress")
    if rules is not None:
        Rules.checked(rules)
    _validate.instance(executor, Executor, "executor must be a concurrent.futures.Executor or None", optional=True)
    if out is not None:
        _validate.output_file(out, "out")
    for s in specs:
        bots.make(s)  # fail early on a bad spec
    rules = rules or NO_LIMIT_RING
    rules.check_players(len(specs))
    seeds = [int(np.random.SeedSequence([seed, t]).generate_state(1)[0]) for t in range(trials)]
    tasks = [(specs, rules, hands, seeds[t], t) for t in range(trials)]
    frames = run_tasks(tasks, _trial, executor, progress, f"{name} trials")
    long = pd.concat(
        [f.reset_index().melt(id_vars=["hand", "trial"], var_name="player", value_name="money") for f in frames],
        ignore_index=True,
    )[["trial", "hand", "player", "money"]]
    result = ExperimentResult(name, specs, long, seed)
    if out is not None:
        result.to_csv(out)
    return result


def run_duplicate(
    a: str, b: str, *, hands: int = 20_000, seed: int = 0, rules: Rules | None = None, progress: bool = False
) -> dict[str, Any]:
    """A duplicate heads-up match: ``hands`` deals, each played twice with the seats swapped (``progress``: a bar).

    Returns the win rate of ``a`` in milli-big-blinds per hand with its 95 %
    confidence interval (deals are the samples), and the fault counts.
    """

    _validate.text(a, "a (a bot)")
    _validate.text(b, "b (a bot)")
    hands = _validate.whole(hands, "hands", lo=1, hi=10**9)
    seed = _validate.seed(seed, optional=False)
    if seed > _validate.MAX_SEED // 2 - 1:
        raise ParameterError(f"seed must be at most {_validate.MAX_SEED // 2 - 1} for a duplicate match, not {seed}")
    if rules is not None:
        Rules.checked(rules)
    rules = (rules or NO_LIMIT_RING).with_(reset_stacks=True, min_players=2, max_players=2, default_players=2)
    bot_a, bot_b = bots.make(a, seed=seed * 2 + 1), bots.make(b, seed=seed * 2 + 2)
    if bot_a.name == bot_b.name:
        bot_b.name = bot_b.name + " (2)"
    _validate.flag(progress, "progress")
    result = play_match([bot_a, bot_b], rules, hands=hands, seed=seed, duplicate=True, progress=progress)
    lo, hi = result.ci95[bot_a.name]
    return {
        "a": a,
        "b": b,
        "rules": rules.name,
        "deals": hands,
        "hands": result.hands,
        "mbb_per_hand": result.mbb_per_hand[bot_a.name],
        "ci95_low": lo,
        "ci95_high": hi,
        "faults": sum(sum(c.values()) for c in result.fault_counts.values()),
    }


OPPONENT_STYLES: tuple[str, ...] = (
    "phase1",
    "phase2:bluff=aggressive",
    "phase2:bluff=normal",
    "phase2:bluff=conservative",
    "phase2:bluff=none",
    "phase3",
    "rembrant",
    "bpp",
    "random",
    "always_call",
)
"""The opponent styles :func:`compare_opponent_models` trains on by default."""

OPPONENT_FIELD: tuple[str, ...] = ("phase1", "rembrant")
"""The two other seats at every table of :func:`compare_opponent_models` (fast, and unlike each other)."""


@dataclass
class OpponentModelComparison:
    """Held-out scores of the context models per opponent style (see :func:`compare_opponent_models`).

    ``scores``: one row per style and model kind with ``log_loss``,
    ``accuracy``, ``calibration_error``, ``train`` and ``test`` (decisions).
    ``calibration``: the calibration table of every style and model
    (:func:`pokerlab.bots.context_models.calibration_table`). ``importances``: the
    decision tree's importance of each feature per style.
    """

    scores: pd.DataFrame
    calibration: pd.DataFrame
    importances: pd.DataFrame
    hands: int
    seed: int

    def best_model(self) -> str:
        """The model kind with the lowest mean held-out log-loss over the styles."""
        return str(self.scores.groupby("model")["log_loss"].mean().idxmin())

    def table(self, metric: ScoreMetricChoice = "log_loss") -> pd.DataFrame:
        """One metric as a style x model table."""
        column = _validate.member(ScoreMetric, metric, "metric").value
        return self.scores.pivot(index="style", columns="model", values=column).loc[
            list(dict.fromkeys(self.scores["style"]))
        ]

    def chart(self) -> _chart_hook.Chart:
        """Held-out log-loss per style, one bar per model (lower is better): ``charts.model_scores_chart``."""
        return _chart_hook.draw("model_scores_chart", self.scores, "Predicting the next action: held-out log-loss")

    def to_csv(self, directory: str | Path) -> Path:
        """Write scores.csv, calibration.csv and importances.csv into ``directory``."""
        _validate.output_folder(directory, "directory")
        directory = Path(directory)
        for name, frame in (
            ("scores", self.scores),
            ("calibration", self.calibration),
            ("importances", self.importances),
        ):
            try:
                write_text(directory / f"{name}.csv", frame.to_csv(index=False))
            except OSError as exc:
                raise ParameterError(f"cannot write {str(directory / name)!r:.90}.csv: {exc.strerror or exc}") from exc
        return directory


def compare_opponent_models(
    opponents: list[str] | tuple[str, ...] = OPPONENT_STYLES,
    *,
    hands: int = 2000,
    seed: int = 0,
    models: tuple[str, ...] = ("mlp", "tree", "frequency"),
    test_fraction: float = 0.3,
    field: tuple[str, ...] = OPPONENT_FIELD,
    rules: Rules | None = None,
    executor: Executor | None = None,
    progress: bool = True,
) -> OpponentModelComparison:
    """The experiment the Waterloo report asks for: which opponent model predicts best?

    For each opponent style, two players of that style sit with the
    ``field`` (the report's no-limit ring, stacks reset every hand) for
    ``hands`` hands (:func:`pokerlab.bots.collect.collect_decisions`). The
    models learn from the style's decisions in the first hands and are
    scored on its decisions in the last ``test_fraction`` of the hands,
    which they never saw: log-loss, accuracy and calibration error
    (:func:`pokerlab.bots.context_models.score_predictions`).
    """
    import pandas as pd

    _validate.instance(
        opponents, (list, tuple), "opponents must be a non-empty list of bot specs", items=str, check=bool
    )
    _validate.instance(
        models,
        (list, tuple),
        f"models must be a non-empty list drawn from {', '.join(MODEL_KINDS)}",
        check=lambda models: models and all(_validate.is_text(m) and m in MODEL_KINDS for m in models),
    )
    hands = _validate.whole(
        hands, "hands", lo=10, hi=10_000_000, message="hands must be a whole number from 10 to 10,000,000"
    )
    test_fraction = _validate.real(
        test_fraction,
        "test_fraction",
        lo=0,
        lo_open=True,
        hi=1,
        message="test_fraction must be a number strictly between 0 and 1",
    )
    if test_fraction == 1:
        raise ParameterError("test_fraction must be a number strictly between 0 and 1, not 1")
    seed = _validate.whole(seed, "seed", lo=0, hi=2**63 - 1, message="seed must be a whole number from 0 to 2**63 - 1")
    _validate.instance(field, (list, tuple), "field must be a non-empty list of bot specs", items=str, check=bool)
    cut = hands - max(1, round(hands * test_fraction))
    scores, calibrations, importances = [], [], []
    for k, style in enumerate(opponents):
        frame = collect_decisions(
            [style, style, *field],
            rules,
            hands,
            seed=int(np.random.SeedSequence([seed, k]).generate_state(1)[0]),
            executor=executor,
            record=[style],
            progress=progress,
        )
        train, test = frame[frame["hand"] < cut], frame[frame["hand"] >= cut]
        if len(train) == 0 or len(test) == 0:
            raise ParameterError(f"{hands} hands gave no decisions of {style!r} to train or test on; play more hands")
        for kind in models:
            model = ContextModel(kind, seed=seed % 2**32).fit(train)
            proba = model.predict_proba(test)
            row = {"style": style, "model": kind, **model.score(test), "train": len(train), "test": len(test)}
            scores.append(row)
            cal = calibration_table(proba, test["action"])
            cal.insert(0, "model", kind)
            cal.insert(0, "style", style)
            calibrations.append(cal)
            if kind == "tree":
                imp = model.feature_importances().rename_axis("feature").reset_index()
                imp.insert(0, "style", style)
                importances.append(imp)
    return OpponentModelComparison(
        scores=pd.DataFrame(scores),
        calibration=pd.concat(calibrations, ignore_index=True),
        importances=pd.concat(importances, ignore_index=True)
        if importances
        else pd.DataFrame(columns=["style", "feature", "importance"]),
        hands=hands,
        seed=seed,
    )
