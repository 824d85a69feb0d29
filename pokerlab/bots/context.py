"""Opponent models from context: the Waterloo report's Table 5, a decision tree and Davidson's network.

Li, Zhang and Gao ("Bot for Texas Hold'em", the Waterloo report, section
3.4.1) describe two opponent models they never built: decision trees,
"trained in a matter of seconds on different sets of features", and Aaron
Davidson's artificial neural network (1999): a feed-forward network with one
hidden layer of four sigmoid nodes and three sigmoid outputs for FOLD, CALL
and RAISE, normalised into a probability triple, trained by back-propagation
on the 19 context inputs of their **Table 5**. This module computes those
inputs and collects the data; :mod:`pokerlab.bots.context_models` builds
both models, plus the baseline the report says most models use (action
frequencies by game stage and bets-to-call).

The 19 features (:data:`CONTEXT_FEATURES`, in Table 5's order) describe the
situation of the player about to act, from public information only (no hole
cards), each in [0, 1]. Where the table is vague, pokerlab reads it so:

== =================== =========================================================================
 1 ``pot_odds``         immediate pot odds ``to_call / (pot + to_call)``; ``to_call`` is the
                        current bet minus the player's bet this round (not limited by its stack),
                        ``pot`` every chip put in so far, blinds and antes included
 2 ``bet_ratio``        the player's own bets and raises divided by its bets, raises, calls and
                        checks earlier in this hand (a check is "a special case of calling");
                        0 before its first action
 3 ``pot_ratio``        the chips the player has put in this hand (blinds included) / the pot
 4 ``committed``        1 if the player already has chips in this round (a blind counts)
 5 ``btc_0``            bets-to-call == 0: nothing to call
 6 ``btc_1``            bets-to-call == 1
 7 ``btc_2plus``        bets-to-call >= 2. Bets-to-call counts the bets and raises made this round
                        since the player last acted (before the flop the big blind is the first
                        bet and each straddle one more, and a player's own blind is not a bet
                        it must call); it is 0
                        exactly when there is nothing to call, and at least 1 otherwise
 8 ``flop``             the round is the flop
 9 ``turn``             the round is the turn
10 ``river``            the round is the river (all three 0: before the flop)
11 ``last_btc``         1 if the player faced a bet (bets-to-call > 0) at its previous decision
                        in this hand; 0 at its first decision
12 ``last_raise``       1 if the player's previous action in this hand was a bet or raise
13 ``dealt_in``         players dealt in / 10
14 ``active``           players who have not folded (the actor included) / 10
15 ``unacted``          players after the actor who can still act (not folded, not all-in) and
                        have not acted voluntarily this round (blinds are not actions) / 10
16 ``flush_possible``   three or more board cards of one suit
17 ``ace_on_board``     an ace on the board
18 ``king_on_board``    a king on the board
19 ``akq_share``        board aces, kings and queens / board cards (0 before the flop)
== =================== =========================================================================

:func:`collect_decisions` plays hands between bots and records every
decision with its features and its action (fold, call, raise); the models
that learn from them are in :mod:`pokerlab.bots.context_models`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from pokerlab import _validate
from pokerlab.cards import parse_named
from pokerlab.errors import ParameterError
from pokerlab.game.match import PlayerView
from pokerlab.game.phh import from_phh
from pokerlab.game.state import Act, ActionKind, Blind, DealBoard, Event, PostAnte, PostBlind, ReturnUncalled
from pokerlab.streets import BOARD_SIZES

if TYPE_CHECKING:  # pragma: no cover
    import pandas as pd


__all__ = [
    "ACTIONS",
    "CONTEXT_FEATURES",
    "ContextTracker",
    "context_features",
    "decisions_from_phh",
    "situation_features",
]

CONTEXT_FEATURES: tuple[str, ...] = (
    "pot_odds",
    "bet_ratio",
    "pot_ratio",
    "committed",
    "btc_0",
    "btc_1",
    "btc_2plus",
    "flop",
    "turn",
    "river",
    "last_btc",
    "last_raise",
    "dealt_in",
    "active",
    "unacted",
    "flush_possible",
    "ace_on_board",
    "king_on_board",
    "akq_share",
)
"""The 19 inputs of Table 5, in the table's order (see the module docstring)."""

ACTIONS: tuple[str, ...] = ("fold", "call", "raise")
"""The three outputs, in the order of every probability triple."""

_ACTION_OF_KIND = {ActionKind.FOLD: 0, ActionKind.CHECK: 1, ActionKind.CALL: 1, ActionKind.BET: 2, ActionKind.RAISE: 2}


class ContextTracker:
    """Follows one hand's public events and gives any seat's Table 5 features at that point.

    Feed it the events in order (:meth:`update`); :meth:`features` reads the
    situation of ``seat`` as if it were to act now. A bot keeps one per
    hand; :func:`context_features` builds one from a view.
    """

    __slots__ = (
        "acted",
        "all_in",
        "bets",
        "board",
        "btc_seen",
        "calls",
        "folded",
        "last_btc",
        "last_raise",
        "n",
        "street",
        "street_bet",
        "street_bets_made",
        "total",
    )

    def __init__(self, players: int) -> None:

        n = _validate.whole(players, "players", lo=2, hi=23)
        self.n = n
        self.street = 0
        self.board: list[int] = []
        self.street_bet = [0] * n
        self.total = [0] * n
        self.folded = [False] * n
        self.all_in = [False] * n
        self.acted = [False] * n
        self.street_bets_made = 0
        self.btc_seen = [0] * n
        self.bets = [0] * n
        self.calls = [0] * n
        self.last_btc = [False] * n
        self.last_raise = [False] * n

    def copy(self) -> ContextTracker:
        new = ContextTracker.__new__(ContextTracker)
        for name in self.__slots__:
            value = getattr(self, name)
            setattr(new, name, list(value) if isinstance(value, list) else value)
        return new

    @property
    def pot(self) -> int:
        return sum(self.total)

    def to_call(self, seat: int) -> int:
        return max(max(self.street_bet) - self.street_bet[seat], 0)

    def bets_to_call(self, seat: int) -> int:
        if self.to_call(seat) == 0:
            return 0
        return max(self.street_bets_made - self.btc_seen[seat], 1)

    def update(self, event: Event) -> None:
        """Take one event into account (events the features do not use are ignored)."""
        if isinstance(event, Act):
            s = event.seat
            btc = self.bets_to_call(s)
            self.last_btc[s] = btc > 0
            kind = event.kind
            self.last_raise[s] = kind.aggressive
            if kind.aggressive:
                self.bets[s] += 1
                self.street_bets_made += 1
            elif kind in (ActionKind.CALL, ActionKind.CHECK):
                self.calls[s] += 1
            elif kind is ActionKind.FOLD:
                self.folded[s] = True
            self.street_bet[s] += event.amount
            self.total[s] += event.amount
            self.all_in[s] = self.all_in[s] or event.all_in
            self.acted[s] = True
            self.btc_seen[s] = self.street_bets_made
        elif isinstance(event, PostBlind):
            self.street_bet[event.seat] += event.amount
            self.total[event.seat] += event.amount
            if event.blind in (Blind.BIG, Blind.STRADDLE):  # a straddle is a blind raise: one more bet to call
                self.street_bets_made += 1
                self.btc_seen[event.seat] = self.street_bets_made
        elif isinstance(event, PostAnte):
            self.total[event.seat] += event.amount
        elif isinstance(event, DealBoard):
            self.board.extend(c.id for c in event.cards)
            self.street = {3: 1, 4: 2, 5: 3}.get(len(self.board), self.street)
            self.street_bet = [0] * self.n
            self.acted = [False] * self.n
            self.street_bets_made = 0
            self.btc_seen = [0] * self.n
        elif isinstance(event, ReturnUncalled):  # chips back to their owner: out of the pot and out of its share
            self.total[event.seat] -= event.amount

    def features(self, seat: int) -> np.ndarray:
        """The 19 Table 5 values for ``seat`` as the player to act now (see the module docstring)."""
        if not 0 <= seat < self.n:
            raise ParameterError(f"seat must be 0..{self.n - 1}, not {seat!r}")
        n = self.n
        to_call = self.to_call(seat)
        pot = self.pot
        btc = self.bets_to_call(seat)
        own = self.bets[seat] + self.calls[seat]
        unacted = sum(
            1 for s in range(n) if s != seat and not self.folded[s] and not self.all_in[s] and not self.acted[s]
        )
        board = self.board
        suits = [0, 0, 0, 0]
        for c in board:
            suits[c & 3] += 1
        ranks = [c >> 2 for c in board]
        high = sum(1 for r in ranks if r >= 10)
        return np.array(
            [
                to_call / (pot + to_call) if to_call else 0.0,
                self.bets[seat] / own if own else 0.0,
                self.total[seat] / pot if pot else 0.0,
                float(self.street_bet[seat] > 0),
                float(btc == 0),
                float(btc == 1),
                float(btc >= 2),
                float(self.street == 1),
                float(self.street == 2),
                float(self.street == 3),
                float(self.last_btc[seat]),
                float(self.last_raise[seat]),
                min(n / 10, 1.0),
                min(sum(1 for f in self.folded if not f) / 10, 1.0),
                min(unacted / 10, 1.0),
                float(max(suits) >= 3),
                float(12 in ranks),
                float(11 in ranks),
                high / len(board) if board else 0.0,
            ]
        )


def _tracker_for(view: PlayerView) -> ContextTracker:
    tracker = ContextTracker(view.players)
    for e in view.events:
        tracker.update(e)
    return tracker


def context_features(view: PlayerView) -> np.ndarray:
    """The 19 Table 5 features of the player to act in ``view`` (a float array in [0, 1]).

    Only public information is used, so any seat's view gives the same
    answer. The order and the reading of each feature are in the module
    docstring and :data:`CONTEXT_FEATURES`.

    >>> from pokerlab.game import NO_LIMIT_RING, RaiseTo, view_for
    >>> h = NO_LIMIT_RING.new_hand([200] * 3, button=0, deck="AsAh KsKh QsQh")
    >>> _ = h.apply(RaiseTo(6))  # the button raises to 6; the small blind is to act
    >>> f = context_features(view_for(h, 1))
    >>> dict(zip(CONTEXT_FEATURES[:4], f[:4].round(3).tolist()))
    {'pot_odds': 0.357, 'bet_ratio': 0.0, 'pot_ratio': 0.111, 'committed': 1.0}
    >>> dict(zip(CONTEXT_FEATURES[4:7], f[4:7].tolist()))  # the big blind and the raise: two bets to call
    {'btc_0': 0.0, 'btc_1': 0.0, 'btc_2plus': 1.0}
    """
    _validate.instance(view, PlayerView, "context_features needs a PlayerView")
    if view.actor is None:
        raise ParameterError("context_features needs a view in which a player is to act (view.actor is None)")
    return _tracker_for(view).features(view.actor)


def situation_features(
    *,
    board: Any = "",
    pot: float,
    to_call: float = 0,
    bets_to_call: int | None = None,
    amount_in: float = 0,
    committed: bool = False,
    bet_ratio: float = 0.0,
    last_bets_to_call: bool = False,
    last_raise: bool = False,
    dealt_in: int = 2,
    active: int | None = None,
    unacted: int = 0,
) -> np.ndarray:
    """The 19 features of a situation described in words (for lessons and what-if questions).

    ``pot`` counts every chip put in so far, ``amount_in`` the player's
    share of it, ``to_call`` what it must add to call; ``bets_to_call``
    defaults to 0 with nothing to call and 1 otherwise. ``active`` defaults
    to ``dealt_in``; ``unacted`` counts the players after this one who have
    not acted this round.

    >>> f = situation_features(board="AhKh2h", pot=20, to_call=10, amount_in=5, dealt_in=4, active=3, unacted=1)
    >>> named = dict(zip(CONTEXT_FEATURES, f.round(3).tolist()))
    >>> named["pot_odds"], named["flush_possible"], named["akq_share"], named["unacted"]
    (0.333, 1.0, 0.667, 0.1)
    """

    def number(name: str, value: Any) -> float:
        return _validate.real(value, name, lo=0, message=f"{name} must be a finite number of chips >= 0")

    def flag(name: str, value: Any) -> float:
        return float(_validate.flag(value, name))

    cards = parse_named(board, "board") if board is not None else None
    if cards is None or len(cards) not in BOARD_SIZES:
        raise ParameterError(f"board must hold 0, 3, 4 or 5 cards, not {board!r}")
    pot_, call, mine = number("pot", pot), number("to_call", to_call), number("amount_in", amount_in)
    if mine > pot_:
        raise ParameterError(f"amount_in ({amount_in}) cannot be more than the pot ({pot})")
    if bets_to_call is None:
        bets_to_call = 0 if call == 0 else 1
    _check_count("bets_to_call", bets_to_call, 0, 100)
    if (bets_to_call == 0) != (call == 0):
        raise ParameterError(f"bets_to_call is 0 exactly when to_call is 0, not {bets_to_call} with to_call {to_call}")
    _check_count("dealt_in", dealt_in, 2, 10)
    active = dealt_in if active is None else active
    _check_count("active", active, 1, dealt_in)
    _check_count("unacted", unacted, 0, max(active - 1, 0))
    bet_ratio = _validate.real(bet_ratio, "bet_ratio", lo=0, hi=1, message="bet_ratio must be a number in [0, 1]")
    stage = {0: 0, 3: 1, 4: 2, 5: 3}[len(cards)]
    ranks = [c.id >> 2 for c in cards]
    suits = [sum(1 for c in cards if c.id & 3 == k) for k in range(4)]
    return np.array(
        [
            call / (pot_ + call) if call else 0.0,
            float(bet_ratio),
            mine / pot_ if pot_ else 0.0,
            flag("committed", committed),
            float(bets_to_call == 0),
            float(bets_to_call == 1),
            float(bets_to_call >= 2),
            float(stage == 1),
            float(stage == 2),
            float(stage == 3),
            flag("last_bets_to_call", last_bets_to_call),
            flag("last_raise", last_raise),
            dealt_in / 10,
            active / 10,
            unacted / 10,
            float(max(suits) >= 3),
            float(12 in ranks),
            float(11 in ranks),
            sum(1 for r in ranks if r >= 10) / len(cards) if cards else 0.0,
        ]
    )


# ----------------------------------------------------------------------------
# Collecting decisions
# ----------------------------------------------------------------------------


def decisions_from_phh(histories: Sequence[str]) -> pd.DataFrame:
    """Every decision in PHH hand histories, as :func:`collect_decisions` returns them.

    Each text is replayed (:func:`pokerlab.game.phh.from_phh`) and, before
    each action, the actor's Table 5 features are noted. ``player`` and
    ``style`` come from the history's ``players`` field when it has one
    (else ``"seat N"``); ``hand`` numbers the histories from 0. Histories
    from ``play_match(..., keep_histories=True)`` or from other programs
    that write PHH work alike.
    """
    import tomllib

    import pandas as pd

    _validate.instance(histories, Sequence, "histories must be a list of PHH texts")
    rows: list[tuple[int, int, str, np.ndarray, int]] = []
    for h, text in enumerate(histories):
        _validate.text(
            text, "text", empty=True, message=f"histories: history {h} must be PHH text, not {type(text).__name__}"
        )
        state = from_phh(text)
        data = tomllib.loads(text)
        n = state.n
        order = list(data.get("_pokerlab_seats", [(k + 1) % n for k in range(n)]))  # PHH player k sits at order[k]
        names = data.get("players")
        seat_name = {order[k]: str(names[k]) for k in range(n)} if isinstance(names, list) and len(names) == n else {}
        tracker = ContextTracker(n)
        for event in state.events:
            if isinstance(event, Act):
                s = event.seat
                name = seat_name.get(s, f"seat {s}")
                rows.append((h, s, name, tracker.features(s), _ACTION_OF_KIND[event.kind]))
            tracker.update(event)
    frame = pd.DataFrame(
        np.array([r[3] for r in rows]).reshape(len(rows), len(CONTEXT_FEATURES)), columns=list(CONTEXT_FEATURES)
    )
    frame.insert(0, "hand", np.array([r[0] for r in rows], dtype=np.int64))
    frame.insert(1, "seat", np.array([r[1] for r in rows], dtype=np.int64))
    frame.insert(2, "player", [r[2] for r in rows])
    frame.insert(3, "style", [r[2] for r in rows])
    frame["action"] = pd.Categorical.from_codes([r[4] for r in rows], categories=list(ACTIONS))
    return frame


def _check_count(name: str, value: Any, low: int, high: int) -> None:
    _validate.whole(value, name, lo=low, hi=high, message=f"{name} must be a whole number from {low} to {high:,}")
