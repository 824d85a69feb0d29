"""Opponent models from seed 001 section 3.4.2: what an opponent's betting says about its hand.

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

from pokerlab.errors import ParameterError
from pokerlab.game.match import PlayerView
from pokerlab.game.rules import Street
from pokerlab.game.state import Act, Event, Showdown

__all__ = ["ShowdownModel"]

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
        if not 0 < self.few <= self.many:
            raise ParameterError(f"need 0 < few <= many, not {self.few}, {self.many}")
        if self.min_samples < 1 or self.min_samples_few_players < 1:
            raise ParameterError("sample thresholds must be at least 1")

    def _name(self, view: PlayerView, seat: int) -> str:
        return view.names[seat] if view.names else f"seat {seat}"

    def observe(self, event: Event, view: PlayerView) -> None:
        if view.hand_number != self._hand:
            self._hand = view.hand_number
            self._rounds = {}
        if isinstance(event, Act) and event.seat != view.seat:
            rounds = self._rounds.setdefault(self._name(view, event.seat), [[0, 0.0] for _ in Street])
            r = rounds[event.street.index]
            r[0] = max(r[0], 1 if event.kind in ("bet", "raise") else 0)
            r[1] += event.amount / view.big_blind
        elif isinstance(event, Showdown) and event.seat != view.seat and len(view.board) == 5:
            from pokerlab.strength import hand_strength

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
