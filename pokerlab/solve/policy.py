"""Behaviour strategies: a probability for every legal action at every information set.

A :class:`Policy` covers both seats (a *strategy profile*): the rows of player
0's information sets say how player 0 plays, the others how player 1 plays.

>>> from pokerlab.solve import game
>>> kuhn = game("kuhn")
>>> always_call = Policy.from_function(kuhn, lambda i: {"b": 1.0} if i.history.endswith("b") else {"p": 1.0})
>>> always_call["J:b"], always_call["K:"]
({'p': 0.0, 'b': 1.0}, {'p': 1.0, 'b': 0.0})
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np

from pokerlab import _validate
from pokerlab.errors import ParameterError
from pokerlab.solve.games import Game

if TYPE_CHECKING:
    import pandas as pd

    from pokerlab.solve.games import Game, InfoSet

__all__ = ["Policy"]

_TOLERANCE = 1e-9


def _check_game(game: object) -> None:

    _validate.instance(game, Game, "game must be a pokerlab.solve game (solve.game('kuhn'))")


@dataclass(frozen=True, eq=False)
class Policy:
    """``table[i, a]``: the probability of action ``game.actions[a]`` at information set ``i``.

    Build one with :meth:`uniform`, :meth:`from_mapping` or
    :meth:`from_function`; read it with ``policy[key]`` (a dict action ->
    probability) or :meth:`frame`. Illegal actions have probability 0 and
    every row sums to 1 (checked on construction).
    """

    game: Game
    table: np.ndarray

    def __post_init__(self) -> None:

        _validate.instance(self.game, Game, "game must be a pokerlab.solve game")
        try:
            raw = np.asarray(self.table)
            if raw.dtype.kind not in "iuf":  # no strings, booleans, complex numbers or objects
                raise TypeError
            t = np.array(raw, dtype=float)
        except (TypeError, ValueError):
            raise ParameterError("a policy table holds numbers (information sets x actions)") from None
        n, a = len(self.game.infosets), len(self.game.actions)
        if t.shape != (n, a):
            raise ParameterError(f"a {self.game.name} policy table has shape ({n}, {a}), not {t.shape}")
        if not np.isfinite(t).all() or (t < -_TOLERANCE).any():
            raise ParameterError("policy probabilities must be finite and non-negative")
        if (t[~self.game.legal] > _TOLERANCE).any():
            bad = self.game.infosets[int(np.argwhere((t > _TOLERANCE) & ~self.game.legal)[0, 0])]
            raise ParameterError(f"the policy gives an illegal action probability at {bad.key!r}")
        sums = t.sum(axis=1)
        if np.abs(sums - 1).max() > 1e-6:
            bad = self.game.infosets[int(np.argmax(np.abs(sums - 1)))]
            raise ParameterError(f"the probabilities at {bad.key!r} sum to {sums[bad.index]:.6g}, not 1")
        t = np.clip(t, 0.0, None)
        t /= t.sum(axis=1, keepdims=True)
        t.setflags(write=False)
        object.__setattr__(self, "table", t)

    @classmethod
    def uniform(cls, game: Game) -> Policy:
        """Every legal action equally likely."""
        _check_game(game)
        legal = game.legal.astype(float)
        return cls(game, legal / legal.sum(axis=1, keepdims=True))

    @classmethod
    def from_mapping(
        cls, game: Game, mapping: Mapping[str, Mapping[str, float]], default: Policy | None = None
    ) -> Policy:
        """From ``{infoset key: {action: probability}}``; missing sets come from ``default`` (uniform)."""
        _check_game(game)
        _validate.instance(mapping, Mapping, "mapping must be a dict of information set keys")
        _validate.instance(
            default,
            Policy,
            f"default must be a Policy of {game.name}",
            check=lambda default: default.game is game,
            optional=True,
        )
        table = np.array((default or cls.uniform(game)).table)
        for key, probs in mapping.items():
            try:
                info = game.infoset(key)
            except ParameterError as exc:  # the key came from mapping: say so
                raise ParameterError(f"mapping: {exc}") from None
            table[info.index] = _row(game, info, probs)
        return cls(game, table)

    @classmethod
    def from_function(cls, game: Game, fn: Callable[[InfoSet], Mapping[str, float]]) -> Policy:
        """Ask ``fn(infoset)`` for every information set; it returns ``{action: probability}``."""
        _check_game(game)
        _validate.protocol(fn, "fn must be a function of an information set")
        return cls(game, np.array([_row(game, i, fn(i)) for i in game.infosets]).reshape(-1, len(game.actions)))

    def __getitem__(self, key: str) -> dict[str, float]:
        info = self.game.infoset(key)
        return {a: float(self.table[info.index, self.game.actions.index(a)]) for a in info.actions}

    def keys(self) -> list[str]:
        return [i.key for i in self.game.infosets]

    def action_probabilities(self, key: str) -> dict[str, float]:
        """Same as ``policy[key]``."""
        return self[key]

    def frame(self) -> pd.DataFrame:
        """One row per information set: key, player, card, board, history and a column per action."""
        import pandas as pd

        rows: list[dict[str, Any]] = []
        for i in self.game.infosets:
            row: dict[str, Any] = {"infoset": i.key, "player": i.player, "card": i.card, "board": i.board}
            row["history"] = i.history
            for k, a in enumerate(self.game.actions):
                row[a] = float(self.table[i.index, k]) if a in i.actions else math.nan
            rows.append(row)
        return pd.DataFrame(rows).set_index("infoset")

    def __repr__(self) -> str:
        return f"Policy({self.game.name}, {len(self.game.infosets)} information sets)"


def _row(game: Game, info: InfoSet, probs: Mapping[str, float]) -> np.ndarray:
    _validate.instance(probs, Mapping, f"the policy at {info.key!r} must be a dict action -> probability")
    row = np.zeros(len(game.actions))
    for a, p in probs.items():
        said = f"{a!r} is not a legal action at {info.key!r} (legal: {', '.join(info.actions)})"
        _validate.choice(a, "action", info.actions, message=said)
        said = f"the probability of {a!r} at {info.key!r} must be a finite number >= 0"
        row[game.actions.index(a)] = _validate.real(p, "probability", lo=0, message=said)
    if abs(row.sum() - 1) > 1e-6:
        raise ParameterError(f"the probabilities at {info.key!r} sum to {row.sum():.6g}, not 1")
    return row
