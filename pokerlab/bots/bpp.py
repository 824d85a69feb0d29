"""The BPP bot: the Bayesian Poker Player's networks at a pokerlab seat.

On each decision BPP types its cards (hole + board) and the board, reads
the opponent's most aggressive action on this round (if any), and asks the
round's network for P(win). Then it acts:

* ``variant="curves"`` (the 1999 BPP): samples fold / call / raise from the
  betting curves (:class:`pokerlab.bpp.Curves`), and on the river bluffs
  with probability ``bluff_rate`` when it would fold or check;
* ``variant="decision"`` (the later decision network): takes the action of
  highest expected winnings (:func:`pokerlab.bpp.expected_winnings`, ties
  to the cheaper action), with the same river bluff.

After every showdown it counts, for each round, the opponent's hand type
and action (:class:`pokerlab.bpp.OpponentModel`: ``generic``, ``specific``
or ``off``), so P(OPP_Action | OPP_Current) follows what it has seen.

BPP is a heads-up player. pokerlab's choices elsewhere: with several
opponents P(win) is the product of P(win) against each active opponent;
in no-limit a raise is the minimum raise. :attr:`BPPBot.thinking` holds the
last decision's numbers (for the "show BPP's thinking" views).

>>> from pokerlab import bots
>>> from pokerlab.game import AAAI06_HEADS_UP_LIMIT, play_match
>>> result = play_match([bots.make("bpp", seed=1), bots.make("always_call")], AAAI06_HEADS_UP_LIMIT, hands=20, seed=2)
>>> int(result.winnings[list(result.names)].to_numpy().sum())
0
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from functools import cache
from typing import Any

import numpy as np

from pokerlab import _validate
from pokerlab.bots.baseline import require_turn
from pokerlab.bots.strategy import BPPVariant, BPPVariantChoice
from pokerlab.bpp import network as _net
from pokerlab.bpp.handtypes import ROUNDS, merge_17_to_9, type_of_sorted_ids
from pokerlab.bpp.learning import DEFAULT_DEALS
from pokerlab.bpp.policy import (
    Curves,
    OpponentModel,
    OpponentModelMode,
    OpponentModelModeChoice,
    action_probabilities,
    best_action,
    pot_odds_threshold,
    summarise_actions,
)
from pokerlab.game.match import BaseBot, PlayerView
from pokerlab.game.state import Act, Action, Call, Check, Fold, RaiseTo, Showdown
from pokerlab.streets import BOARD_SIZES, Street

__all__ = ["BPPBot", "Thinking", "networks"]


@cache
def networks(hand_types: int, actions: int, final_arc: bool, deals: int, seed: int | None) -> tuple[Any, ...]:
    """The four rounds' networks (shared by every bot with the same parameters)."""
    return tuple(_net.build_network(r, hand_types, actions, final_arc, deals, seed) for r in ROUNDS)


class _Round:
    """P(win) for one round in a few multiplications: the network with the finals summed out."""

    def __init__(self, net: Any) -> None:
        t = net.tables
        joint_final = t["BPP_Final"][:, None] * (t["OPP_Final"] if net.final_arc else t["OPP_Final"][None, :])
        win = t["BPP_Win"][..., 0]
        cur, opp = t["BPP_Current"], t["OPP_Current"]
        # m[c, o] = sum over finals f, g of P(f, g) P(c | f) P(o | g) (x P(win | f, g) for mw)
        self.mw = np.einsum("fg,fg,fc,go->co", joint_final, win, cur, opp)
        self.mz = np.einsum("fg,fc,go->co", joint_final, cur, opp)
        self.board = t["Board"]

    def p_win(self, current: int, board: int, action_col: np.ndarray | None) -> float:
        weight = self.board[:, board] if action_col is None else self.board[:, board] * action_col
        z = float(self.mz[current] @ weight)
        if z <= 0.0:  # cannot happen with real cards; fall back to ignoring the board
            return float(self.mw[current].sum() / self.mz[current].sum())
        return float(self.mw[current] @ weight) / z


@dataclass(frozen=True)
class Thinking:
    """What BPP computed for its last decision."""

    round: str
    current: str
    board: str
    opponent_actions: tuple[str | None, ...]
    p_win: float
    threshold: float
    probabilities: dict[str, float]
    chosen: str
    bluff: bool


@dataclass
class BPPBot(BaseBot):
    """The Bayesian Poker Player (see the module docstring for every parameter's role)."""

    variant: BPPVariantChoice = BPPVariant.CURVES
    hand_types: int = 17
    actions: int = 4
    final_arc: bool = False
    deals: int = DEFAULT_DEALS
    table_seed: int | None = None
    curves: Curves = field(default_factory=Curves)
    bluff_rate: float = 0.05
    opponent_model: OpponentModelModeChoice = OpponentModelMode.GENERIC
    prior_strength: float = 10.0
    fold_equity: float = 0.0
    seed: int | None = None
    name: str = "bpp"
    model: OpponentModel = field(init=False, repr=False)
    thinking: Thinking | None = field(init=False, default=None, repr=False)

    def __post_init__(self) -> None:

        self.variant = _validate.member(BPPVariant, self.variant, "variant")
        self.hand_types = _validate.whole(self.hand_types, "hand_types")
        self.actions = _validate.whole(self.actions, "actions")
        _validate.flag(self.final_arc, "final_arc")
        self.deals = _validate.whole(self.deals, "deals", lo=1)
        _validate.seed(self.table_seed, "table_seed")
        _validate.instance(self.curves, Curves, "curves must be a Curves")
        _validate.real(self.bluff_rate, "bluff_rate", lo=0, hi=1)
        _validate.real(self.fold_equity, "fold_equity", lo=0, hi=1)
        _validate.real(self.prior_strength, "prior_strength", lo=0)
        self.opponent_model = _validate.member(OpponentModelMode, self.opponent_model, "opponent_model")
        _validate.seed(self.seed)
        _validate.text(self.name, "name")
        nets = networks(self.hand_types, self.actions, self.final_arc, self.deals, self.table_seed)
        self._nets = nets
        self._rounds = [_Round(n) for n in nets]
        self._merge = merge_17_to_9() if self.hand_types == 9 else None
        self.model = OpponentModel(
            {n.round: n.tables["OPP_Action"] for n in nets},
            mode=self.opponent_model,
            prior_strength=self.prior_strength,
        )
        self._tables: dict[tuple[str, str], np.ndarray] = {}
        self._rng = random.Random(self.seed)

    # -- what BPP sees ----------------------------------------------------
    def _type(self, ids: list[int]) -> int:
        t = type_of_sorted_ids(tuple(sorted(ids)))
        return int(self._merge[t]) if self._merge is not None else t

    def _opponent_name(self, view: PlayerView, seat: int) -> str:
        return view.names[seat] if view.names else f"seat {seat}"

    def _action_table(self, rnd: Street, opponent: str) -> np.ndarray:
        key = (self.model.table_key(opponent), rnd)
        if key not in self._tables:
            self._tables[key] = self.model.table(rnd, opponent)
        return self._tables[key]

    def p_win(self, view: PlayerView) -> tuple[float, int, int, tuple[str | None, ...]]:
        """P(win) against every active opponent together, with the evidence it used."""
        rnd = view.street  # a Street: equal to (and hashed as) its word
        r = ROUNDS.index(rnd)
        hole = [c.id for c in view.hole]
        board = [c.id for c in view.board]
        current = self._type(hole + board)
        board_type = self._type(board) if board else 0
        p = 1.0
        seen: list[str | None] = []
        for seat in range(view.players):
            if seat == view.seat or view.folded[seat]:
                continue
            kinds = [e.kind for e in view.events if isinstance(e, Act) and e.seat == seat and e.street == view.street]
            action = summarise_actions(kinds, self.actions)
            seen.append(action)
            col = None
            if action is not None:
                table = self._action_table(rnd, self._opponent_name(view, seat))
                col = table[:, self._nets[r].state_names["OPP_Action"].index(action)]
            p *= self._rounds[r].p_win(current, board_type, col)
        return p, current, board_type, tuple(seen)

    # -- deciding ----------------------------------------------------------
    def act(self, view: PlayerView) -> Action:
        require_turn(view)
        rnd = view.street.value
        p, current, board_type, seen = self.p_win(view)
        can_raise = view.min_raise_to is not None
        to_call = view.to_call
        threshold = pot_odds_threshold(view.pot, to_call)
        if self.variant == BPPVariant.CURVES:
            probs = action_probabilities(p, view.pot, to_call, view.street, self.curves, can_raise=can_raise)
            u = self._rng.random()
            chosen = "fold" if u < probs["fold"] else "call" if u < probs["fold"] + probs["call"] else "raise"
        else:
            bet = (view.min_raise_to - view.current_bet) if view.min_raise_to is not None else 0
            chosen, _ = best_action(p, view.pot, to_call, bet, can_raise=can_raise, fold_equity=self.fold_equity)
            probs = {a: float(a == chosen) for a in ("fold", "call", "raise")}
        bluff = False
        passive = chosen == "fold" or (chosen == "call" and to_call == 0)
        if rnd == "river" and can_raise and passive and self._rng.random() < self.bluff_rate:
            chosen, bluff = "raise", True
        names = self._nets[ROUNDS.index(rnd)].state_names
        self.thinking = Thinking(
            rnd, names["BPP_Current"][current], names["Board"][board_type], seen, p, threshold, probs, chosen, bluff
        )
        if chosen == "raise" and can_raise:
            assert view.min_raise_to is not None
            return RaiseTo(view.min_raise_to)
        if chosen == "fold" and to_call > 0:
            return Fold()
        return Call() if to_call > 0 else Check()

    # -- learning ----------------------------------------------------------
    def end_hand(self, view: PlayerView) -> None:
        """After a showdown, count each round's (opponent type, opponent action)."""
        if self.model.mode == "off" or len(view.board) != 5:
            return
        shown = {e.seat: e.cards for e in view.events if isinstance(e, Showdown) and e.seat != view.seat}
        board = [c.id for c in view.board]
        for seat, cards in shown.items():
            name = self._opponent_name(view, seat)
            hole = [c.id for c in cards]
            for r, rnd in enumerate(ROUNDS):
                kinds = [e.kind for e in view.events if isinstance(e, Act) and e.seat == seat and e.street.index == r]
                action = summarise_actions(kinds, self.actions)
                if action is None:
                    continue
                nb = BOARD_SIZES[r]
                self.model.observe(rnd, name, self._type(hole + board[:nb]), action)
                self._tables.pop((self.model.table_key(name), rnd), None)
            self.model.end_showdown(name)
