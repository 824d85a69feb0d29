"""The bots of the Waterloo report: Phase I, Phase II and Phase III.

* **Phase I** plays preflop from a simple function of the hole cards (the
  Chen formula: raise from ``raise_points``, call from ``call_points``,
  pokerlab's choice for the report's unnamed "simple decision function")
  and afterwards from hand strength alone (``HS_n`` against the opponents
  still in, with Algorithm 4's thresholds).
* **Phase II** plays preflop from a preflop table with Algorithm 3 (eq. 5)
  and afterwards from effective hand strength (eq. 6, Algorithm 4),
  bluffing (Algorithm 5) in one of three styles and calling on pot odds
  (Algorithm 6).
* **Phase III** is Phase II plus the showdown opponent model
  (:class:`~pokerlab.bots.models.ShowdownModel`): once an opponent's betting
  pattern has enough showdowns behind it, Algorithm 8 compares our EHS with
  that opponent's expected strength. With several opponents the one with the
  highest expected strength decides (pokerlab's choice). ``trust`` is
  ``"conservative"`` (follow Algorithm 8) or ``"aggressive"`` (raise with
  probability 0.5 where it would fold).

  With ``opponent_model="context"`` Phase III uses the context model of
  the Waterloo report's section 3.4.1 instead
  (:class:`~pokerlab.bots.context_models.ContextOpponents`, a ``context_kind``
  model per opponent learnt from that opponent's decisions during the
  match), asked after the flop how likely the opponents still in are to
  fold to a bet of ``bluff_fraction`` of the pot. Where Phase II would
  check with EHS above ``context_value_above`` it bets that much for value
  when ``P(all fold) < context_value_fold`` (they will pay); where Phase
  II would fold or check with a weak hand it bets or raises as a bluff
  only when the models say the opponents fold often enough to make that
  pay at once, ``P(all fold) > risk / (pot + risk)`` with ``risk`` the
  chips the bet puts in (this replaces Algorithm 5's random bluff). Until
  every opponent still in has a fitted model it plays Phase II. These
  rules are pokerlab's, to test the report's "we can decide by
  self-simulation which model is better" in chips.

A bot's :meth:`decide` returns the :class:`~pokerlab.bots.strategy.Decision`
it will play, made legal for the view by one rule (:func:`legal_decision`):
a fold with nothing to call is a check; a raise (whose ``raise_to`` the
algorithms set to the current bet plus their raise size) is clamped to the
legal range, and under fixed limit is the fixed raise; a raise that is not
possible (the cap is reached) is a call. :func:`act_on` turns it into the
engine's action. Strength
and potential are cached per (hole, board, opponents), so a bot computes
each street once.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from pokerlab import _validate
from pokerlab._options import TableMethodChoice, TableMetricChoice
from pokerlab.bots.baseline import require_turn
from pokerlab.bots.context_models import ContextOpponents
from pokerlab.bots.showdown import ShowdownModel
from pokerlab.bots.strategy import (
    Bluff,
    BluffChoice,
    ContextKind,
    ContextKindChoice,
    Decision,
    DecisionKind,
    OpponentModelKind,
    OpponentModelKindChoice,
    Trust,
    TrustChoice,
    _raise,
    bluff,
    ehs_decision,
    model_decision,
    pot_odds_decision,
    preflop_decision,
    preflop_position,
)
from pokerlab.cards import HandClass
from pokerlab.errors import ParameterError
from pokerlab.game.match import BaseBot, PlayerView
from pokerlab.game.rules import BettingStructure, Street
from pokerlab.game.state import Action, Call, Check, Event, Fold, Raise, RaiseTo
from pokerlab.preflop import chen_points, load_table
from pokerlab.preflop.table import TableMethod, TableMetric
from pokerlab.strength import hand_potential, hand_strength

__all__ = [
    "BLUFF_STYLES",
    "PhaseOne",
    "PhaseThree",
    "PhaseTwo",
    "act_on",
    "legal_decision",
    "street_hand_strength",
    "street_strength",
]

BLUFF_STYLES = {Bluff.AGGRESSIVE: 0.8, Bluff.NORMAL: 0.5, Bluff.CONSERVATIVE: 0.2, Bluff.NONE: 0.0}


@lru_cache(maxsize=65536)
def street_strength(hole: tuple[int, int], board: tuple[int, ...], opponents: int) -> tuple[float, float, float]:
    """``(HS_n, PPOT, EHS)`` for a hand: two-card lookahead on the flop, one on the turn, none on the river."""

    n = max(1, min(opponents, 9))
    if len(board) == 5:
        hs_n = street_hand_strength(hole, board, n)  # no card to come: HS_n is all there is
        return hs_n, 0.0, hs_n
    p = hand_potential(list(hole), list(board), lookahead=2 if len(board) == 3 else 1, opponents=n)
    return p.hs_n, p.ppot, p.ehs


@lru_cache(maxsize=65536)
def street_hand_strength(hole: tuple[int, int], board: tuple[int, ...], opponents: int) -> float:
    """``HS_n`` alone, for a bot that needs no potential (Phase I): the first value of :func:`street_strength`.

    One enumeration of the opponent's hands (about a thousand evaluations) instead of the flop's
    two-card lookahead (about a million). The number is the same float: both divide the same whole
    counts (every opponent hand meets the same number of runouts, which cancels exactly).
    """
    return hand_strength(list(hole), list(board), opponents=max(1, min(opponents, 9)))


def legal_decision(decision: Decision, view: PlayerView) -> Decision:
    """``decision`` made playable at ``view`` (see the module docstring); its reason is kept.

    The answer is a fold only when there is a bet to fold to, a check or a
    call as the bet to call says, or a raise whose ``raise_to`` lies in
    ``view.min_raise_to .. view.max_raise_to`` (under fixed limit, exactly
    the fixed raise).
    """
    _validate.instance(decision, Decision, "decision must be a Decision")
    _validate.instance(view, PlayerView, "view must be a PlayerView")
    kind, reason = decision.kind, decision.reason
    if kind is DecisionKind.FOLD and view.to_call > 0:
        return decision
    if kind is DecisionKind.RAISE and view.min_raise_to is not None:
        lo, hi = view.min_raise_to, view.max_raise_to
        assert hi is not None
        fixed = view.rules.structure is BettingStructure.FIXED_LIMIT
        target = lo if fixed else max(lo, min(hi, decision.raise_to))
        return Decision(DecisionKind.RAISE, target, reason, view.current_bet)
    return Decision(DecisionKind.CALL if view.to_call > 0 else DecisionKind.CHECK, 0, reason)


def act_on(decision: Decision, view: PlayerView) -> Action:
    """Turn a decision into a legal action for this view (through :func:`legal_decision`)."""
    d = legal_decision(decision, view)
    if d.kind is DecisionKind.FOLD:
        return Fold()
    if d.kind is DecisionKind.CHECK:
        return Check()
    if d.kind is DecisionKind.CALL:
        return Call()
    return Raise() if view.rules.structure is BettingStructure.FIXED_LIMIT else RaiseTo(d.raise_to)


def _opponents(view: PlayerView) -> int:
    return max(1, view.active_opponents)


def _ids(view: PlayerView) -> tuple[tuple[int, int], tuple[int, ...]]:
    a, b = (c.id for c in view.hole)
    return (a, b), tuple(c.id for c in view.board)


@dataclass
class PhaseOne(BaseBot):
    """Phase I: Chen points before the flop, hand strength after it."""

    raise_points: float = 10.0
    call_points: float = 6.0
    raise_above: float = 0.8
    call_above: float = 0.4
    raise_fraction: float = 0.5
    name: str = "phase1"

    def __post_init__(self) -> None:
        _validate.real(self.raise_points, "raise_points")
        _validate.real(self.call_points, "call_points")
        _validate.text(self.name, "name")
        if self.call_points > self.raise_points:
            raise ParameterError("call_points cannot be above raise_points")
        for k in ("raise_above", "call_above", "raise_fraction"):
            _validate.probability(getattr(self, k), k)

    def act(self, view: PlayerView) -> Action:
        require_turn(view)
        return act_on(self.decide(view), view)

    def decide(self, view: PlayerView) -> Decision:
        """The decision this bot plays at ``view``, legal there (see :func:`legal_decision`)."""
        return legal_decision(self._decide(view), view)

    def _decide(self, view: PlayerView) -> Decision:

        money = view.stacks[view.seat]
        if view.street is Street.PREFLOP:
            points = chen_points(HandClass.of(*view.hole))
            if points >= self.raise_points:
                why = f"Chen {points} >= {self.raise_points}"
                return _raise(self.raise_fraction * money, view.current_bet, why)
            if points >= self.call_points:
                return Decision(DecisionKind.CALL, 0, f"Chen {points} >= {self.call_points}")
            return Decision(DecisionKind.FOLD, 0, f"Chen {points} < {self.call_points}")
        hole, board = _ids(view)
        hs_n = street_hand_strength(hole, board, _opponents(view))
        return ehs_decision(
            hs_n,
            money,
            raise_above=self.raise_above,
            call_above=self.call_above,
            raise_fraction=self.raise_fraction,
            current_bet=view.current_bet,
        )


@dataclass
class PhaseTwo(BaseBot):
    """Phase II: a preflop table with Algorithm 3, then EHS, bluffing and pot odds.

    ``bluff`` is a style (``"normal"`` 0.5, ``"aggressive"`` 0.8,
    ``"conservative"`` 0.2, ``"none"``) or ``bluff_rate`` a rate. Algorithm 5
    applies whenever Algorithm 4 says fold, so by default a bluffer that is
    re-raised may bluff again; ``bluff_facing_bet=False`` bluffs only into a
    pot nobody has bet (lesson 07 measures both). The
    preflop win rate comes from pokerlab's committed simulation table for the
    number of players dealt in (``table="simulation"``; ``"exact"`` for the
    heads-up exact table), with ``metric`` pot_share or won_outright.
    """

    bluff: BluffChoice = Bluff.NORMAL
    bluff_rate: float | None = None
    seed: int | None = None
    c: float | None = None
    table: TableMethodChoice = TableMethod.SIMULATION
    metric: TableMetricChoice = TableMetric.POT_SHARE
    raise_above: float = 0.8
    call_above: float = 0.4
    raise_fraction: float = 0.5
    bluff_below: float = 0.2
    bluff_fraction: float = 0.5
    few_players: int = 2
    few_pot_big_blinds: float = 10.0
    bluff_facing_bet: bool = True
    name: str = "phase2"
    _rng: random.Random = field(init=False, repr=False)

    def __post_init__(self) -> None:
        _validate.seed(self.seed)
        _validate.text(self.name, "name")
        _validate.flag(self.bluff_facing_bet, "bluff_facing_bet")
        _validate.real(self.bluff_fraction, "bluff_fraction", lo=0)
        self.few_players = _validate.whole(self.few_players, "few_players", lo=1)
        _validate.real(self.few_pot_big_blinds, "few_pot_big_blinds", lo=0)
        self.table = _validate.member(TableMethod, self.table, "table")
        if self.table == TableMethod.EXPERT:
            raise ParameterError("table must be simulation or exact (the tables with pot shares), not expert")
        self.metric = _validate.member(TableMetric, self.metric, "metric")
        if self.c is not None:
            _validate.real(self.c, "c", lo=0, lo_open=True)
        self.bluff = _validate.member(Bluff, self.bluff, "bluff")
        if self.bluff_rate is None:
            self.bluff_rate = BLUFF_STYLES[self.bluff]
        for k in ("bluff_rate", "raise_above", "call_above", "raise_fraction", "bluff_below"):
            _validate.probability(getattr(self, k), k)
        self._rng = random.Random(self.seed)

    def act(self, view: PlayerView) -> Action:
        require_turn(view)
        return act_on(self.decide(view), view)

    def win_rate(self, view: PlayerView) -> float:

        players = view.players
        return _table_value(
            self.table if players == 2 else "simulation", players, self.metric, HandClass.of(*view.hole).name
        )

    def decide(self, view: PlayerView) -> Decision:
        """The decision this bot plays at ``view``, legal there (see :func:`legal_decision`)."""
        return legal_decision(self._decide(view), view)

    def _decide(self, view: PlayerView) -> Decision:
        money = view.stacks[view.seat]
        bet = view.current_bet
        if view.street is Street.PREFLOP:
            position = preflop_position(view.seat, view.button, view.players)
            return preflop_decision(self.win_rate(view), position, view.players, money, c=self.c, current_bet=bet)
        hole, board = _ids(view)
        opponents = _opponents(view)
        _, ppot, ehs = street_strength(hole, board, opponents)
        decision = ehs_decision(
            ehs,
            money,
            raise_above=self.raise_above,
            call_above=self.call_above,
            raise_fraction=self.raise_fraction,
            current_bet=bet,
        )
        if decision.kind is not DecisionKind.FOLD:
            return decision
        draw = self._rng.random()
        assert self.bluff_rate is not None
        if not self.bluff_facing_bet and view.to_call > 0:
            return pot_odds_decision(ehs, ppot, view.street, view.to_call, view.pot)
        b = bluff(
            ehs,
            draw,
            view.street,
            opponents,
            view.pot / view.big_blind,
            rate=self.bluff_rate,
            below=self.bluff_below,
            few_players=self.few_players,
            few_pot=self.few_pot_big_blinds,
            amount=self.bluff_fraction * view.pot,
            current_bet=bet,
        )
        if b is not None and b.kind is DecisionKind.RAISE:
            return b
        return pot_odds_decision(ehs, ppot, view.street, view.to_call, view.pot)


@dataclass
class PhaseThree(PhaseTwo):
    """Phase III: Phase II plus the showdown model and Algorithm 8 (see the module docstring)."""

    trust: TrustChoice = Trust.CONSERVATIVE
    min_samples: int = 10
    min_samples_few_players: int = 5
    opponent_model: OpponentModelKindChoice = OpponentModelKind.SHOWDOWN
    context_kind: ContextKindChoice = ContextKind.TREE
    context_min_decisions: int = 200
    context_refit_every: int = 1000
    context_value_above: float = 0.6
    context_value_fold: float = 0.25
    name: str = "phase3"
    model: ShowdownModel = field(init=False)
    context: ContextOpponents | None = field(init=False, default=None)

    def __post_init__(self) -> None:
        super().__post_init__()
        self.trust = _validate.member(Trust, self.trust, "trust")
        self.opponent_model = _validate.member(OpponentModelKind, self.opponent_model, "opponent_model")
        self.context_kind = _validate.member(ContextKind, self.context_kind, "context_kind")
        self.min_samples = _validate.whole(self.min_samples, "min_samples", lo=1)
        self.min_samples_few_players = _validate.whole(self.min_samples_few_players, "min_samples_few_players", lo=1)
        self.context_min_decisions = _validate.whole(self.context_min_decisions, "context_min_decisions", lo=1)
        self.context_refit_every = _validate.whole(self.context_refit_every, "context_refit_every", lo=1)
        for k in ("context_value_above", "context_value_fold"):
            _validate.probability(getattr(self, k), k)
        self.model = ShowdownModel(min_samples=self.min_samples, min_samples_few_players=self.min_samples_few_players)
        if self.opponent_model == OpponentModelKind.CONTEXT:
            self.context = ContextOpponents(
                self.context_kind,
                min_decisions=self.context_min_decisions,
                refit_every=self.context_refit_every,
                seed=0 if self.seed is None else int(self.seed) % 2**32,
            )

    def observe(self, event: Event, view: PlayerView) -> None:
        if self.context is not None:
            self.context.observe(event, view)
        else:
            self.model.observe(event, view)

    def _decide(self, view: PlayerView) -> Decision:
        if view.street is Street.PREFLOP:
            return super()._decide(view)
        if self.context is not None:
            return self._context_decide(view)
        players_left = view.active_opponents + 1
        best = None
        for seat in range(view.players):
            if seat == view.seat or view.folded[seat]:
                continue
            name = view.names[seat] if view.names else f"seat {seat}"
            est = self.model.estimate(name, view.street, players_left)
            if est is not None and (best is None or est[0] > best[0]):
                best = est
        if best is None:
            return super()._decide(view)
        hole, board = _ids(view)
        _, _, ehs = street_strength(hole, board, _opponents(view))
        mu, sigma, _ = best
        return model_decision(
            ehs,
            mu,
            sigma,
            view.stacks[view.seat],
            self._rng.random(),
            trust=self.trust,
            bluff_draw=self._rng.random(),
            current_bet=view.current_bet,
        )

    def _context_decide(self, view: PlayerView) -> Decision:
        assert self.context is not None
        hole, board = _ids(view)
        _, _, ehs = street_strength(hole, board, _opponents(view))
        decision = ehs_decision(
            ehs,
            view.stacks[view.seat],
            raise_above=self.raise_above,
            call_above=self.call_above,
            raise_fraction=self.raise_fraction,
            current_bet=view.current_bet,
        )
        amount = self.bluff_fraction * view.pot
        value_bet = decision.kind is DecisionKind.CALL and view.to_call == 0 and ehs > self.context_value_above
        if value_bet and view.min_raise_to:
            p_fold = self.context.fold_probability(view, amount)
            if p_fold is not None and p_fold < self.context_value_fold:
                return _raise(amount, view.current_bet, f"context model: value bet, P(all fold) {p_fold:.3f}")
        if decision.kind is not DecisionKind.FOLD or view.min_raise_to is None:
            return PhaseTwo._decide(self, view)
        p_fold = self.context.fold_probability(view, amount)
        if p_fold is None:
            return PhaseTwo._decide(self, view)
        risk = view.to_call + amount
        if p_fold > risk / (view.pot + risk):
            why = f"context model: P(all fold) {p_fold:.3f} > {risk / (view.pot + risk):.3f}"
            return _raise(amount, view.current_bet, why)
        return pot_odds_decision(
            ehs, street_strength(hole, board, _opponents(view))[1], view.street, view.to_call, view.pot
        )


@lru_cache(maxsize=64)
def _table(method: TableMethodChoice, players: int, metric: TableMetricChoice) -> Any:

    # the committed table or an error naming its file: a bot never plays from other numbers
    return load_table(method, players=players if method == "simulation" else None)


def _table_value(method: TableMethodChoice, players: int, metric: TableMetricChoice, name: str) -> float:
    table = _table(method, players, metric)
    if method == "simulation":
        return table.extra_value(metric, name)
    return table.value(name)
