"""The Rembrant bot (Vohl, Bošković and Brest, University of Maribor, ACPC 2011 heads-up no-limit).

It plays by situation tables. The **situation** is what the opponents did
on this street: ``first`` (nobody has bet or raised: we open, or they only
called), ``check`` (checked to us), ``raise`` (one bet or raise), ``reraise``
(two or more) or ``allin`` (an opponent is all-in).

* **Preflop**: Rembrant's nine groups (its Tables 2-10). "Raise 3-5x BB"
  raises to 3-5 big blinds, "re-raise 3-4x of bet" to 3-4 times the bet,
  "Raise <= 40 call else fold" calls when the call costs at most 40 big
  blinds (pokerlab reads the paper's amounts as big blinds). Groups 8 and 9
  "check": groups 8 limps (calls the blind) when a check is not possible,
  group 9 folds.
* **Postflop**: the hand's group and sub-type (:func:`classify`: high
  card; one pair over/top/middle/bottom/under; the four two-pair kinds;
  trips or set; straight "up" (our card tops it), "end" (our card is its
  lowest), "up-end" (both), "gutshot" (only inner cards); flush nuts/rest;
  full house and better) select a row of Tables 11-17. A pair, trips,
  two pair or straight made by the board alone plays as high card.
* **Board danger**: the most cards of one suit, or of one run of connected
  ranks, on the board. At 2 the bot takes the aggressive side of every
  mixed entry, at 3 it stops raising (only calls), at 4 it puts no more
  chips in (checks or folds). Danger applies to hands below a straight.
* **Mixed play**: an entry "Call/Re-Raise" is chosen at random (seeded),
  but never more than ``max_repeat`` times in a row for the same situation.

Bet sizes postflop are pokerlab's choice: a raise is to the current bet
plus a random 50-100 % of the pot.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from itertools import pairwise
from typing import Any

from pokerlab import _validate
from pokerlab.bots.baseline import require_turn
from pokerlab.cards import Card, HandClass, check_disjoint, parse_named
from pokerlab.errors import CardCountError
from pokerlab.evaluator import HandCategory, evaluate
from pokerlab.game.match import BaseBot, PlayerView
from pokerlab.game.rules import BettingStructure, Street
from pokerlab.game.state import Act, Action, ActionKind, Call, Check, Fold, Raise, RaiseTo
from pokerlab.preflop import REMBRANT_GROUPS
from pokerlab.streets import BOARD_SIZES

__all__ = ["POSTFLOP_TABLES", "PREFLOP_TABLES", "Rembrant", "board_danger", "classify", "preflop_group"]

# Tables 2-10: group -> situation -> entry ("first" covers "1st position, check or call")
PREFLOP_TABLES: dict[int, dict[str, str]] = {
    1: {"first": "raise", "raise": "reraise", "reraise": "allin", "allin": "call"},
    2: {"first": "raise", "raise": "reraise", "reraise": "call-or-allin", "allin": "call"},
    3: {"first": "raise", "raise": "call", "reraise": "call", "allin": "fold"},
    4: {"first": "raise", "raise": "call<=40", "reraise": "call<=40", "allin": "fold"},
    5: {"first": "raise", "raise": "call<=30", "reraise": "call<=30", "allin": "fold"},
    6: {"first": "raise", "raise": "call<=20", "reraise": "call<=20", "allin": "fold"},
    7: {"first": "raise", "raise": "call<=20", "reraise": "fold", "allin": "fold"},
    8: {"first": "check-or-limp", "raise": "call<=5", "reraise": "fold", "allin": "fold"},
    9: {"first": "check", "raise": "fold", "reraise": "fold", "allin": "fold"},
}

_STRONG = {
    "raise": "call/reraise",
    "reraise": "call/allin",
    "allin": "call",
    "check": "check/raise",
    "first": "check/raise",
}
# Tables 11-17: (group, sub-type) -> situation -> entry
POSTFLOP_TABLES: dict[tuple[int, str], dict[str, str]] = {
    (1, "high card"): {"raise": "fold", "reraise": "fold", "allin": "fold", "check": "check", "first": "by-street"},
    (2, "top"): {
        "raise": "reraise",
        "reraise": "allin",
        "allin": "call",
        "check": "check/raise",
        "first": "check/raise",
    },
    (2, "middle"): {
        "raise": "call",
        "reraise": "fold",
        "allin": "fold",
        "check": "check/raise",
        "first": "check/raise",
    },
    (2, "bottom"): {"raise": "fold", "reraise": "fold", "allin": "fold", "check": "check", "first": "check/raise"},
    (2, "over"): {
        "raise": "reraise",
        "reraise": "allin",
        "allin": "call",
        "check": "check/raise",
        "first": "check/raise",
    },
    (2, "under"): {"raise": "fold", "reraise": "fold", "allin": "fold", "check": "check", "first": "check/raise"},
    (3, "two hole"): {"raise": "reraise", "reraise": "allin", "allin": "call", "check": "raise", "first": "raise"},
    (3, "one hole + board pair"): {
        "raise": "call/reraise",
        "reraise": "call/allin",
        "allin": "call/fold",
        "check": "raise",
        "first": "raise",
    },
    (3, "pocket pair + board pair"): {
        "raise": "call/reraise",
        "reraise": "reraise/call",
        "allin": "call/fold",
        "check": "raise",
        "first": "raise",
    },
    (3, "board two pair"): {
        "raise": "call/fold",
        "reraise": "fold",
        "allin": "fold",
        "check": "raise",
        "first": "raise",
    },
    (4, "trips"): {
        "raise": "call/reraise",
        "reraise": "call",
        "allin": "call",
        "check": "check/raise",
        "first": "check/raise",
    },
    (4, "set"): {
        "raise": "reraise",
        "reraise": "call/allin",
        "allin": "call",
        "check": "check/raise",
        "first": "check/raise",
    },
    (5, "up"): {
        "raise": "call/reraise",
        "reraise": "call/allin",
        "allin": "call",
        "check": "check/raise",
        "first": "check/raise",
    },
    (5, "end"): {
        "raise": "call",
        "reraise": "call/fold",
        "allin": "call/fold",
        "check": "check/raise",
        "first": "check/raise",
    },
    (5, "up-end"): {
        "raise": "call/reraise",
        "reraise": "call/allin",
        "allin": "call",
        "check": "check/raise",
        "first": "check/raise",
    },
    (5, "gutshot"): {
        "raise": "call",
        "reraise": "allin",
        "allin": "call",
        "check": "check/raise",
        "first": "check/raise",
    },
    (6, "nuts"): dict(_STRONG),
    (6, "rest"): {
        "raise": "reraise",
        "reraise": "allin",
        "allin": "call/fold",
        "check": "check/raise",
        "first": "check/raise",
    },
    (7, "full house or better"): dict(_STRONG),
}

_GROUP_OF = {HandClass.parse(n).name: g for g, names in REMBRANT_GROUPS.items() for n in names}


def _cards(value: Any, name: str, sizes: tuple[int, ...]) -> tuple[Card, ...]:
    """Cards for an argument: a tuple of Cards passes untouched (the bot's fast path), anything else is parsed."""
    if not (isinstance(value, tuple) and all(isinstance(c, Card) for c in value)):
        value = parse_named(value, name)
    if len(value) not in sizes:
        raise CardCountError(f"{name} must have {' or '.join(map(str, sizes))} cards, not {len(value)}")
    return value


def preflop_group(hole: tuple[Card, ...]) -> int:
    """Rembrant's group (1 strongest .. 9) of two hole cards."""
    hole = _cards(hole, "hole", (2,))
    return _GROUP_OF.get(HandClass.of(*hole).name, 9)


def _straight_ranks(five: tuple[Card, ...]) -> list[int]:
    ranks = sorted({c.rank.index for c in five})
    return [3, 2, 1, 0, -1] if ranks == [0, 1, 2, 3, 12] else ranks[::-1]


def classify(hole: tuple[Card, ...], board: tuple[Card, ...]) -> tuple[int, str]:
    """The end-combination group (1..7) and sub-type of Rembrant's postflop tables.

    >>> from pokerlab.cards import parse_cards
    >>> classify(parse_cards("AhKd"), parse_cards("Kc7s2d"))
    (2, 'top')
    >>> classify(parse_cards("9h9d"), parse_cards("Kc9s2d"))
    (4, 'set')
    """
    hole = _cards(hole, "hole", (2,))
    board = _cards(board, "board", (3, 4, 5))
    check_disjoint(("hole", hole), ("board", board))
    value = evaluate(hole + board)
    cat = value.category
    hole_ranks = [c.rank.index for c in hole]
    board_ranks = sorted({c.rank.index for c in board}, reverse=True)
    board_counts = {r: sum(1 for c in board if c.rank.index == r) for r in board_ranks}
    if cat is HandCategory.HIGH_CARD:
        return 1, "high card"
    if cat is HandCategory.PAIR:
        pocket = hole_ranks[0] == hole_ranks[1]
        if pocket:
            r = hole_ranks[0]
            if r > board_ranks[0]:
                return 2, "over"
            if r < board_ranks[-1]:
                return 2, "under"
            return 2, "middle"
        paired = [r for r in hole_ranks if r in board_counts]
        if not paired:
            return 1, "high card"  # the pair is on the board
        r = paired[0]
        if r == board_ranks[0]:
            return 2, "top"
        if r == board_ranks[-1]:
            return 2, "bottom"
        return 2, "middle"
    if cat is HandCategory.TWO_PAIR:
        pocket = hole_ranks[0] == hole_ranks[1]
        hits = {r for r in hole_ranks if r in board_counts}
        board_pairs = [r for r, k in board_counts.items() if k >= 2]
        if pocket and board_pairs:
            return 3, "pocket pair + board pair"
        if len(hits) == 2:
            return 3, "two hole"
        if len(hits) == 1:
            return 3, "one hole + board pair"
        return 3, "board two pair"
    if cat is HandCategory.THREE_OF_A_KIND:
        if hole_ranks[0] == hole_ranks[1]:
            return 4, "set"
        if any(board_counts.get(r, 0) == 2 for r in hole_ranks):
            return 4, "trips"
        return 1, "high card"  # trips on the board
    if cat is HandCategory.STRAIGHT:
        ranks = _straight_ranks(value.best_five)
        mine = {c.rank.index for c in hole} - {c.rank.index for c in board}
        mine |= {-1} if 12 in mine and ranks[-1] == -1 else set()
        if not mine & set(ranks):
            return 1, "high card"  # the board's straight
        top, bottom = ranks[0] in mine, ranks[-1] in mine
        if top and bottom:
            return 5, "up-end"
        if top:
            return 5, "up"
        if bottom:
            return 5, "end"
        return 5, "gutshot"
    if cat is HandCategory.FLUSH:
        suit = value.best_five[0].suit
        nuts = any(c.suit == suit and c.rank.index == 12 for c in hole)
        return 6, "nuts" if nuts else "rest"
    return 7, "full house or better"


def board_danger(board: tuple[Card, ...]) -> int:
    """The most board cards of one suit or of one run of connected ranks (Rembrant's danger)."""
    board = _cards(board, "board", BOARD_SIZES)
    if not board:
        return 0
    suits = max(sum(1 for c in board if c.suit == s) for s in {c.suit for c in board})
    ranks = sorted({c.rank.index for c in board} | ({-1} if any(c.rank.index == 12 for c in board) else set()))
    run = best = 1
    for a, b in pairwise(ranks):
        run = run + 1 if b == a + 1 else 1
        best = max(best, run)
    return max(suits, best)


@dataclass
class Rembrant(BaseBot):
    """Rembrant's situation player (see the module docstring)."""

    seed: int | None = None
    max_repeat: int = 2
    name: str = "rembrant"
    _rng: random.Random = field(init=False, repr=False)
    _history: dict[tuple, list[str]] = field(init=False, repr=False, default_factory=dict)

    def __post_init__(self) -> None:
        _validate.seed(self.seed)
        self.max_repeat = _validate.whole(self.max_repeat, "max_repeat", lo=1)
        _validate.text(self.name, "name")
        self._rng = random.Random(self.seed)

    # -- situation -------------------------------------------------------------

    def situation(self, view: PlayerView) -> str:
        opponents_all_in = any(view.all_in[s] and not view.folded[s] for s in range(view.players) if s != view.seat)
        if opponents_all_in and view.to_call > 0:
            return "allin"
        acts = [e for e in view.events if isinstance(e, Act) and e.street == view.street]
        raises = sum(1 for e in acts if e.kind.aggressive)
        if raises >= 2:
            return "reraise"
        if raises == 1 and view.to_call > 0:
            return "raise"
        if view.street is not Street.PREFLOP and any(e.kind is ActionKind.CHECK and e.seat != view.seat for e in acts):
            return "check"
        return "first"

    # -- choosing ----------------------------------------------------------------

    def _mixed(self, key: tuple, entry: str, danger: int) -> str:
        options = entry.split("/")
        if len(options) == 1:
            return options[0]
        if danger == 2:  # aggressive: the stronger option
            order = ["allin", "reraise", "raise", "call", "check", "fold"]
            return min(options, key=order.index)
        history = self._history.setdefault(key, [])
        choice = self._rng.choice(options)
        if len(history) >= self.max_repeat and all(h == choice for h in history[-self.max_repeat :]):
            choice = next(o for o in options if o != choice)
        history.append(choice)
        return choice

    def act(self, view: PlayerView) -> Action:
        require_turn(view)
        situation = self.situation(view)
        bb = view.big_blind
        if view.street is Street.PREFLOP:
            group = preflop_group(view.hole)
            entry = PREFLOP_TABLES[group].get(situation, PREFLOP_TABLES[group]["first"])
            if entry == "call-or-allin":
                entry = "allin" if HandClass.of(*view.hole).name in ("AKs", "AKo") else "call"
            if entry.startswith("call<="):
                entry = "call" if view.to_call <= int(entry[6:]) * bb else "fold"
            if entry == "check-or-limp":
                entry = "check" if view.to_call == 0 else "call"
            return self._action(entry, view, preflop=True)
        group, sub = classify(view.hole, view.board)
        table = POSTFLOP_TABLES[(group, sub)]
        entry = table[situation]
        if entry == "by-street":
            entry = "check/raise" if view.street is Street.FLOP else "check"
        danger = board_danger(view.board) if group < 5 else 0
        choice = self._mixed((group, sub, situation, view.street), entry, danger)
        if danger == 3 and choice in ("raise", "reraise", "allin"):
            choice = "call" if view.to_call > 0 else "check"
        if danger >= 4 and choice in ("raise", "reraise", "allin", "call"):
            choice = "check" if view.to_call == 0 else "fold"
        return self._action(choice, view, preflop=False)

    def _action(self, entry: str, view: PlayerView, preflop: bool) -> Action:
        if entry == "fold":
            return Fold() if view.to_call > 0 else Check()
        if entry == "check":
            return Check() if view.to_call == 0 else Fold()
        if entry == "call" or view.min_raise_to is None:
            return Call()
        if view.rules.structure is BettingStructure.FIXED_LIMIT:
            return Raise()
        assert view.max_raise_to is not None
        lo, hi = view.min_raise_to, view.max_raise_to
        if entry == "allin":
            target = hi
        elif preflop and entry == "raise":
            target = self._rng.randint(3, 5) * view.big_blind
        elif preflop and entry == "reraise":
            target = self._rng.randint(3, 4) * view.current_bet
        else:
            target = view.current_bet + round(view.pot * self._rng.uniform(0.5, 1.0))
        return RaiseTo(max(lo, min(hi, target)))
