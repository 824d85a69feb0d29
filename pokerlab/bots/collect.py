"""Decisions by self-play: seat bots, play, and record every decision with its context.

:func:`collect_decisions` is the data source of the context opponent models
(:mod:`pokerlab.bots.context_models`): it plays hands between bots made by
:func:`pokerlab.bots.make` and records, at each decision, the 19 context
features (:data:`pokerlab.bots.context.CONTEXT_FEATURES`) and the action taken.
It sits above the bots it seats, so it has a module of its own.
"""

from __future__ import annotations

from collections.abc import Sequence
from concurrent.futures import Executor
from typing import TYPE_CHECKING, Any

import numpy as np

from pokerlab import _validate
from pokerlab._parallel import run_tasks
from pokerlab.bots.context import ACTIONS, CONTEXT_FEATURES, _check_count, _tracker_for
from pokerlab.bots.registry import make
from pokerlab.errors import ParameterError
from pokerlab.game import NO_LIMIT_RING, play_match
from pokerlab.game.match import PlayerView
from pokerlab.game.rules import BettingStructure, Rules
from pokerlab.game.state import Action, Call, Check, Fold, Raise, RaiseTo

if TYPE_CHECKING:  # pragma: no cover
    import pandas as pd

    from pokerlab.game import Rules

__all__ = ["collect_decisions"]


class _Recorder:
    """Wraps a bot: notes the features and the action each time it is asked to act.

    The action is the one the table will apply: the bot's answer if it is
    legal, otherwise the table's default (check, else fold). A bot that
    raises an exception leaves no row.
    """

    def __init__(self, bot: Any, style: str) -> None:
        self._bot = bot
        self.name = bot.name
        self.style = style
        self.rows: list[tuple[int, int, str, str, np.ndarray, int, int]] = []

    def __getattr__(self, attr: str) -> Any:
        if attr.startswith("_"):
            raise AttributeError(attr)
        return getattr(self._bot, attr)

    def act(self, view: PlayerView) -> Action:
        features = _tracker_for(view).features(view.seat)
        action = self._bot.act(view)
        name = view.names[view.seat] if view.names else self.name
        self.rows.append(
            (view.hand_number, view.seat, name, self.style, features, _applied(action, view), len(view.events))
        )
        return action


def _applied(action: Any, view: PlayerView) -> int:
    """The action code (0 fold, 1 call, 2 raise) of what the table applies for this answer."""

    default = 1 if view.to_call == 0 else 0
    if isinstance(action, Fold):
        return 0 if view.to_call > 0 else default
    if isinstance(action, (Check, Call)):
        return 1 if isinstance(action, Call) or view.to_call == 0 else default
    if isinstance(action, Raise):
        fixed = view.rules.structure is BettingStructure.FIXED_LIMIT
        return 2 if view.min_raise_to is not None and fixed else default
    if isinstance(action, RaiseTo):
        lo, hi = view.min_raise_to, view.max_raise_to
        amount = action.amount
        ok = _validate.is_whole(amount) and lo is not None and hi is not None and lo <= amount <= hi
        return 2 if ok else default
    return default


def _collect_batch(task: tuple[list[str], Any, int, int, int, int]) -> Any:
    """One batch of hands (runs in any worker)."""
    import pandas as pd

    specs, rules, hands, seed, first_hand, record = task
    recorders = [_Recorder(make(s, seed=(seed * 1000 + i) % 2**63), s) for i, s in enumerate(specs)]
    lineup = [r if (record >> i) & 1 else r._bot for i, r in enumerate(recorders)]
    play_match(lineup, rules, hands=hands, seed=seed)
    rows = [row for r in recorders for row in r.rows]
    rows.sort(key=lambda row: (row[0], row[6]))  # playing order: hand, then events seen before the decision
    frame = pd.DataFrame(
        np.array([row[4] for row in rows]).reshape(len(rows), len(CONTEXT_FEATURES)), columns=list(CONTEXT_FEATURES)
    )
    frame.insert(0, "hand", np.array([row[0] for row in rows], dtype=np.int64) + first_hand)
    frame.insert(1, "seat", np.array([row[1] for row in rows], dtype=np.int64))
    frame.insert(2, "player", [row[2] for row in rows])
    frame.insert(3, "style", [row[3] for row in rows])
    frame["action"] = pd.Categorical.from_codes([row[5] for row in rows], categories=list(ACTIONS))
    return frame


def collect_decisions(
    bots: Sequence[str],
    rules: Rules | None = None,
    hands: int = 1000,
    seed: int = 0,
    executor: Executor | None = None,
    *,
    record: Sequence[str] | None = None,
    batch_hands: int = 500,
    progress: bool = False,
) -> pd.DataFrame:
    """Play ``hands`` hands between ``bots`` and return every decision as one row.

    ``bots`` are bot specs as in :func:`pokerlab.bots.make`
    (``"phase2:bluff=aggressive"``), one per seat. The hands are played in
    batches of ``batch_hands``, each a fresh match seeded from
    ``(seed, batch)`` and one task for ``executor`` (any
    ``concurrent.futures.Executor``), so the frame depends only on the
    seed and ``batch_hands``, never on the executor (bots start afresh in
    every batch, so a bot that learns during a match learns per batch). Stacks are reset every hand (``rules``
    default to the Waterloo report's no-limit ring), so every hand is
    played. ``record`` limits the rows to seats of those specs.

    Columns: ``hand`` (0..hands-1), ``seat``, ``player`` (the bot's name at
    the table), ``style`` (its spec), the 19 :data:`CONTEXT_FEATURES`, and
    ``action`` (fold, call or raise; checks are calls and bets are raises).
    Rows are in playing order.
    """
    import pandas as pd

    _validate.instance(bots, Sequence, "bots must be a list of bot specs such as ['phase1', 'random']", items=str)
    for b in bots:
        make(b)  # fail early on a bad spec
    rules = NO_LIMIT_RING if rules is None else rules
    _validate.instance(rules, Rules, "rules must be a pokerlab.game.Rules")
    rules.check_players(len(bots), "bots")
    rules = rules.with_(reset_stacks=True)
    _check_count("hands", hands, 1, 10_000_000)
    _check_count("batch_hands", batch_hands, 1, 10_000_000)
    _check_count("seed", seed, 0, 2**63 - 1)
    _validate.protocol(
        executor, "executor must be a concurrent.futures.Executor (or None)", methods=("map",), optional=True
    )
    _validate.flag(progress, "progress")
    if record is None:
        mask = (1 << len(bots)) - 1
    else:
        _validate.instance(record, (list, tuple), "record must be a list of bot specs", items=str)
        unknown = [r for r in record if r not in bots]
        if unknown:
            raise ParameterError(f"record names {unknown!r}, which are not in bots {list(bots)!r}")
        mask = sum(1 << i for i, b in enumerate(bots) if b in record)
    tasks = []
    for k, start in enumerate(range(0, hands, batch_hands)):
        batch_seed = int(np.random.SeedSequence([seed, k]).generate_state(1, dtype=np.uint64)[0] % (2**62))
        tasks.append((list(bots), rules, min(batch_hands, hands - start), batch_seed, start, mask))
    frames = run_tasks(tasks, _collect_batch, executor, progress, "collecting decisions")
    frame = pd.concat(frames, ignore_index=True)
    frame["action"] = pd.Categorical(frame["action"], categories=list(ACTIONS))
    return frame
