"""Opponent models from the Waterloo report, section 3.4: what an opponent's betting says about its hand.

:class:`ReweightingModel` is Papp's re-weighting (Algorithm 7, eq. 8): a
weight for each of the opponent's 1,326 possible holdings, reset every hand
and multiplied after each of its bets, raises and calls by
``clip((value - mu + sigma) / (2 sigma), 0.01, 1)``, where ``value`` is the
holding's strength now (its hand strength on the board; before the flop
its class's exact heads-up equity) and ``mu`` the strength above which the
opponent plays that way: from its observed action frequencies on that
street, ``mu = 1 - P(raise)`` for a bet or raise and ``1 - P(raise or
call)`` for a call (with ``prior`` pseudo-counts at the report's typical
frequencies). Checks and folds leave the weights as they are (pokerlab's
choice: Algorithm 7 only describes actions that put chips in).

:class:`ShowdownModel` keeps, for every opponent, the hands it showed down
grouped by its betting pattern: per round, RAISE (it bet or raised at least
once) or CALL, and the chips it put in that round as Few, Moderate or Many
(at most ``few`` big blinds, at most ``many``, more; pokerlab's cut-offs).
Each group holds the hand strength of the shown hands (on the final board,
against one random hand). Asked about an opponent's pattern so far in the
current hand, the model answers with the mean and standard deviation of
the matching group once it has ``min_samples`` hands (10 in the report, 5
when few players remain).
"""

from __future__ import annotations

import statistics
from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from pokerlab import _compiled, _validate
from pokerlab.cards import HandClass, combo_card_ids, combo_cards, combo_index, hand_classes, parse_cards
from pokerlab.errors import ParameterError
from pokerlab.game.match import PlayerView
from pokerlab.game.rules import Street
from pokerlab.game.state import Act, ActionKind, Event, Showdown
from pokerlab.preflop import load_table
from pokerlab.strength import hand_strength

__all__ = ["ReweightingModel", "ShowdownModel"]

Pattern = tuple[tuple[str, str], ...]


@dataclass
class ShowdownModel:
    """Per-opponent showdown statistics by betting pattern (see the module docstring)."""

    few: float = 3.0
    many: float = 10.0
    min_samples: int = 10
    min_samples_few_players: int = 5
    few_players: int = 3
    records: dict[str, dict[Pattern, list[float]]] = field(
        default_factory=lambda: defaultdict(lambda: defaultdict(list))
    )
    _hand: int = field(default=-1, repr=False)
    _rounds: dict[str, list[list[float]]] = field(default_factory=dict, repr=False)

    def __post_init__(self) -> None:
        _validate.real(self.few, "few", lo=0, lo_open=True)
        _validate.real(self.many, "many")
        self.min_samples = _validate.whole(self.min_samples, "min_samples", lo=1)
        self.min_samples_few_players = _validate.whole(self.min_samples_few_players, "min_samples_few_players", lo=1)
        self.few_players = _validate.whole(self.few_players, "few_players", lo=1)
        _validate.instance(self.records, dict, "records must be a dict of showdown records")
        if self.few > self.many:
            raise ParameterError(f"need few <= many, not few={self.few}, many={self.many}")

    def _name(self, view: PlayerView, seat: int) -> str:
        return view.names[seat] if view.names else f"seat {seat}"

    def observe(self, event: Event, view: PlayerView) -> None:
        if view.hand_number != self._hand:
            self._hand = view.hand_number
            self._rounds = {}
        if isinstance(event, Act) and event.seat != view.seat:
            rounds = self._rounds.setdefault(self._name(view, event.seat), [[0, 0.0] for _ in Street])
            r = rounds[event.street.index]
            r[0] = max(r[0], 1 if event.kind.aggressive else 0)
            r[1] += event.amount / view.big_blind
        elif isinstance(event, Showdown) and event.seat != view.seat and len(view.board) == 5:
            name = self._name(view, event.seat)
            pattern = self.pattern(name, Street.RIVER)
            hs = hand_strength(event.cards, view.board)
            for k in range(1, len(pattern) + 1):
                self.records[name][pattern[:k]].append(hs)

    def _category(self, big_blinds: float) -> str:
        return "Few" if big_blinds <= self.few else ("Moderate" if big_blinds <= self.many else "Many")

    def pattern(self, name: str, street: Street) -> Pattern:
        """The opponent's pattern in the current hand, rounds preflop..``street``."""
        rounds = self._rounds.get(name, [[0, 0.0] for _ in Street])
        return tuple(
            ("RAISE" if rounds[i][0] else "CALL", self._category(rounds[i][1])) for i in range(street.index + 1)
        )

    def estimate(self, name: str, street: Street, players_left: int) -> tuple[float, float, int] | None:
        """``(mu, sigma, samples)`` for this opponent's pattern so far, or None with too few samples."""
        samples = self.records.get(name, {}).get(self.pattern(name, street), [])
        need = self.min_samples_few_players if players_left <= self.few_players else self.min_samples
        if len(samples) < need:
            return None
        sigma = statistics.pstdev(samples) if len(samples) > 1 else 0.0
        return statistics.fmean(samples), sigma, len(samples)

    def sample_counts(self, name: str) -> dict[Pattern, int]:
        """How many showdowns back each pattern (for lessons and tests)."""
        return {p: len(v) for p, v in self.records.get(name, {}).items()}


@dataclass
class ReweightingModel:
    """Per-opponent weight tables over the 1,326 holdings (see the module docstring)."""

    sigma: float = 0.2
    lowest: float = 0.01
    highest: float = 1.0
    prior: float = 5.0
    prior_raise: float = 0.2
    prior_call: float = 0.4
    weights: dict[str, np.ndarray] = field(default_factory=dict)
    _hand: int = field(default=-1, repr=False)
    _counts: dict[tuple[str, int], list[float]] = field(default_factory=dict, repr=False)
    _values: dict[tuple[int, ...], np.ndarray] = field(default_factory=dict, repr=False)

    def __post_init__(self) -> None:
        for label in ("sigma", "lowest", "highest", "prior", "prior_raise", "prior_call"):
            _validate.real(getattr(self, label), label)
        _validate.instance(self.weights, dict, "weights must be a dict of weight tables")
        if not 0 < self.sigma <= 1:
            raise ParameterError(f"sigma must be in (0, 1], not {self.sigma}")
        if not 0 < self.lowest <= self.highest <= 1:
            raise ParameterError(f"need 0 < lowest <= highest <= 1, not lowest={self.lowest}, highest={self.highest}")
        if self.prior < 0 or not 0 <= self.prior_raise <= 1 or not 0 <= self.prior_call <= 1 - self.prior_raise:
            raise ParameterError(
                f"prior must be >= 0 and prior_raise, prior_call probabilities adding up to at most 1, not "
                f"prior={self.prior}, prior_raise={self.prior_raise}, prior_call={self.prior_call}"
            )

    def _reset(self, view: PlayerView) -> None:

        self._hand = view.hand_number
        ids = combo_card_ids()
        dead = np.zeros(52, dtype=bool)
        dead[[c.id for c in view.hole]] = True
        live = ~(dead[ids[:, 0]] | dead[ids[:, 1]])
        base = live.astype(np.float64)
        self.weights = {self._name(view, s): base.copy() for s in range(view.players) if s != view.seat}

    def _name(self, view: PlayerView, seat: int) -> str:
        return view.names[seat] if view.names else f"seat {seat}"

    def values(self, board: tuple[Any, ...]) -> np.ndarray:
        """Each holding's strength now: hand strength on the board, or exact preflop equity."""
        key = tuple(c.id for c in board)
        if key not in self._values:
            if not key:
                self._values[key] = _preflop_values()
            else:
                _kernels = _compiled.kernels()

                self._values[key] = _kernels.board_strengths(np.array(key, dtype=np.int64))
        return self._values[key]

    def frequencies(self, name: str, street: Any) -> tuple[float, float]:
        """(P(bet or raise), P(call)) for this opponent on this street, with the prior."""
        raises, calls, total = self._counts.get((name, street.index), [0.0, 0.0, 0.0])
        p_raise = (raises + self.prior * self.prior_raise) / (total + self.prior)
        p_call = (calls + self.prior * self.prior_call) / (total + self.prior)
        return p_raise, p_call

    def observe(self, event: Event, view: PlayerView) -> None:
        if view.hand_number != self._hand:
            self._reset(view)
        if not isinstance(event, Act) or event.seat == view.seat:
            return
        name = self._name(view, event.seat)
        counts = self._counts.setdefault((name, event.street.index), [0.0, 0.0, 0.0])
        if event.kind is not ActionKind.CHECK:
            counts[2] += 1
            counts[0] += event.kind.aggressive
            counts[1] += event.kind is ActionKind.CALL
        if event.kind not in (ActionKind.BET, ActionKind.RAISE, ActionKind.CALL) or name not in self.weights:
            return
        p_raise, p_call = self.frequencies(name, event.street)
        mu = 1 - p_raise if event.kind.aggressive else 1 - p_raise - p_call
        self.reweight(name, view.board, mu)

    def reweight(self, name: str, board: tuple[Any, ...], mu: float) -> None:
        """Algorithm 7 for one opponent action with threshold ``mu``."""
        w = self.weights[name]
        value = np.nan_to_num(self.values(tuple(board)), nan=0.0)
        factor = np.clip((value - mu + self.sigma) / (2 * self.sigma), self.lowest, self.highest)
        alive = w > 0
        w[alive] = np.maximum(w[alive] * factor[alive], self.lowest)
        for c in board:  # holdings that use a board card are impossible
            w[_combos_with(c.id)] = 0.0

    def weight_table(self, name: str) -> np.ndarray:
        """The opponent's weights (a copy), for ``hand_strength(weights=...)``."""
        return self.weights[name].copy()

    def estimated_ehs(self, name: str, board: tuple[Any, ...]) -> float:
        """Eq. 8: the opponent's expected hand strength, sum of normalised weights times strength."""
        w = self.weights[name].copy()
        value = self.values(tuple(board))
        w[np.isnan(value)] = 0.0
        total = w.sum()
        return float(np.nansum(w * value) / total) if total > 0 else float("nan")

    def class_grid(self, name: str, exclude: Any = ()) -> np.ndarray:
        """The mean weight of each starting-hand class on the 13x13 grid (for heatmaps).

        ``exclude`` are the cards the opponent cannot hold (our hole cards and
        the board, as cards or text): the mean is over the class's combinations
        that avoid them, so a set such as 33 on a board with a 3 shows the
        weight of its three possible combinations, not that weight halved by
        three impossible ones. A class with no possible combination reads 0.
        """

        dead = {c.id for c in (parse_cards(exclude) if isinstance(exclude, str) else parse_cards(list(exclude)))}
        grid = np.zeros((13, 13))
        w = self.weights[name]
        for hc in hand_classes():
            r, c = hc.grid_cell
            live = [w[combo_index(a, b)] for a, b in hc.combos if a.id not in dead and b.id not in dead]
            grid[r, c] = float(np.mean(live)) if live else 0.0
        return grid


def _combos_with(card: int) -> np.ndarray:

    ids = combo_card_ids()
    return np.nonzero((ids[:, 0] == card) | (ids[:, 1] == card))[0]


_PREFLOP: np.ndarray | None = None


def _preflop_values() -> np.ndarray:
    """Exact heads-up equity of each holding's class, from the committed exact table (an error naming
    the file when it is missing: the model never learns from other numbers)."""
    global _PREFLOP
    if _PREFLOP is None:
        table = load_table("exact")
        _PREFLOP = np.array([table.value(HandClass.of(*combo_cards(i))) for i in range(1326)])
    return _PREFLOP
