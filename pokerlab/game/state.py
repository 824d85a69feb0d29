"""One hand of Hold'em as a state machine with an append-only event log.

Seats are numbered 0..n-1 around the table and the button moves between
hands. The seat after the button posts the small blind and the next the big
blind; **heads-up the button posts the small blind and acts first before the
flop** (reverse blinds), as in the heads-up rule sets (``Rules.heads_up_reverse_blinds``;
BigHoldem's rules keep the seat left of the dealer on the small blind). Exported
hand histories (PHH) list the players starting after the button, so the
button is the last player there.

Cards come off the deck in a fixed order, so a hand is reproducible from its
deck: two hole cards for seat 0, two for seat 1, ..., then the flop, turn
and river (no burn cards). Pass ``deck="AsAh KdKc ..."`` to set it, or a
``seed`` to shuffle; a partial deck is completed with shuffled cards.

Use :meth:`HandState.legal_actions`, then :meth:`HandState.apply`. Every step
is recorded as a frozen event in :attr:`HandState.events`; replays, hand
histories, bots and widgets all read that one log.

Actions (all "raise to", never "raise by"):

* ``Fold()`` - only when facing a bet; ``Check()`` - only when not;
* ``Call()`` - calls, or checks when there is nothing to call (the Waterloo report calls
  a check "a special case of calling");
* ``RaiseTo(amount)`` - a bet or raise to a street total of ``amount``;
  under fixed limit ``Raise()`` raises by the fixed size.

Replaying a recorded hand: pass ``holes`` (one entry per seat, ``None``
for cards nobody saw) and ``board``; then nothing is random, a street the
board does not reach is an error, seats listed in ``mucks`` give up their
claim at the showdown, and a pot that only a hidden hand could decide is
left undecided (:attr:`HandState.undecided`) instead of guessed. Seats in
``unknown_stacks`` play with a stand-in stack larger than anything bet in
the hand; their final stacks are refused, their ``net_winnings`` exact.

Pots: when betting ends, an uncalled excess (the part of the biggest bet no
one else matched) goes back to its owner. The rest is split into a main pot
and side pots by :mod:`pokerlab.game.pots` (one per all-in level; hands that
win nothing are mucked and pots with the same contenders merged, as pokerkit
does, so hand histories agree to the chip; odd chips to the first winner
after the button).

>>> from pokerlab.game import NO_LIMIT_RING, Call, Check, RaiseTo
>>> h = NO_LIMIT_RING.new_hand([200, 200, 200], button=0, deck="AsAh KsKh QsQh 2c7d9h Tc 3s")
>>> h.actor, h.to_call, h.min_raise_to, h.max_raise_to
(0, 2, 4, 200)
>>> _ = h.apply(RaiseTo(6)).apply(Call()).apply(Call())
>>> h.street, [str(c) for c in h.board]
(<Street.FLOP: 'flop'>, ['2c', '7d', '9h'])
"""

from __future__ import annotations

import copy
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from functools import cache
from itertools import pairwise
from typing import TYPE_CHECKING, Any

from pokerlab import _validate
from pokerlab._validate import is_whole, member
from pokerlab.cards import Card, _shuffled, parse_cards, parse_named
from pokerlab.errors import (
    DuplicateCardError,
    HiddenCardsError,
    IllegalActionError,
    ParameterError,
    PokerlabError,
    UnknownStackError,
)
from pokerlab.evaluator import HandValue, _value_ids
from pokerlab.game import _hooks
from pokerlab.game.pots import PotShare, _award_pots, _side_pots
from pokerlab.game.rules import BettingStructure, Rules, Street
from pokerlab.streets import BOARD_SIZES

if TYPE_CHECKING:  # pragma: no cover
    from pokerlab.cards import CardsLike
    from pokerlab.game.rules import Rules

__all__ = [
    "Act",
    "Action",
    "ActionKind",
    "AwardPot",
    "Blind",
    "Call",
    "Check",
    "DealBoard",
    "DealHole",
    "Event",
    "Fold",
    "HandEnd",
    "HandState",
    "IllegalActionError",
    "Muck",
    "PostAnte",
    "PostBlind",
    "Raise",
    "RaiseTo",
    "ReturnUncalled",
    "Showdown",
]


# ----------------------------------------------------------------------------
# Actions
# ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Fold:
    def __str__(self) -> str:
        return "fold"


@dataclass(frozen=True)
class Check:
    def __str__(self) -> str:
        return "check"


@dataclass(frozen=True)
class Call:
    def __str__(self) -> str:
        return "call"


@dataclass(frozen=True)
class RaiseTo:
    amount: int

    def __str__(self) -> str:
        return f"raise to {self.amount}"


@dataclass(frozen=True)
class Raise:
    """Fixed limit: raise by the street's bet size (or all-in if short)."""

    def __str__(self) -> str:
        return "raise"


Action = Fold | Check | Call | RaiseTo | Raise


# ----------------------------------------------------------------------------
# Events
# ----------------------------------------------------------------------------


class ActionKind(StrEnum):
    """What a player's :class:`Act` did: fold, check, call, bet (the street's first bet) or raise.

    Compare with the members (``act.kind is ActionKind.RAISE``). The enum
    is string-valued, so ``act.kind == "raise"`` holds too.

    >>> ActionKind.RAISE == "raise", str(ActionKind.CALL), ActionKind("bet")
    (True, 'call', <ActionKind.BET: 'bet'>)
    """

    FOLD = "fold"
    CHECK = "check"
    CALL = "call"
    BET = "bet"
    RAISE = "raise"

    @property
    def aggressive(self) -> bool:
        """True for a bet or a raise (the actions that put in more than there is to call)."""
        return self in (ActionKind.BET, ActionKind.RAISE)


def _check_fields(event: object, ints: tuple[str, ...], flags: tuple[str, ...] = ()) -> None:
    """Refuse an event whose counts are not whole numbers >= 0 or whose flags are not bools (naming the field)."""
    for name in ints:
        v = getattr(event, name)
        if type(v) is not int or v < 0:
            if is_whole(v) and v >= 0:
                object.__setattr__(event, name, int(v))
            else:
                raise ParameterError(f"{name} must be a whole number >= 0, not {v!r:.60}")
    for name in flags:
        object.__setattr__(event, name, _validate.flag(getattr(event, name), name, error=ParameterError))


class Blind(StrEnum):
    """Which forced bet a :class:`PostBlind` is: the small blind, the big blind or a straddle.

    String-valued like :class:`ActionKind`: ``event.blind == "big"`` still
    holds (the old spelling, kept working); prefer ``event.blind is Blind.BIG``.
    """

    SMALL = "small"
    BIG = "big"
    STRADDLE = "straddle"


@dataclass(frozen=True)
class PostAnte:
    seat: int
    amount: int


@dataclass(frozen=True)
class PostBlind:
    seat: int
    amount: int
    blind: Blind

    def __post_init__(self) -> None:
        if not (type(self.seat) is int and type(self.amount) is int and self.seat >= 0 and self.amount >= 0):
            _check_fields(self, ("seat", "amount"))
        if type(self.blind) is not Blind:  # the string spelling ("big") becomes the member
            object.__setattr__(self, "blind", member(Blind, self.blind, "blind"))


@dataclass(frozen=True)
class DealHole:
    seat: int
    cards: tuple[Card, ...]


@dataclass(frozen=True)
class DealBoard:
    street: Street
    cards: tuple[Card, ...]


@dataclass(frozen=True)
class Act:
    """A player's action: ``kind`` is an :class:`ActionKind` (fold, check, call, bet or raise).

    ``amount`` is the chips this action put in; ``to`` the seat's street
    total afterwards; ``all_in`` whether the seat has no chips left;
    ``complete`` is False for an all-in bet or raise smaller than a full
    one (it neither counts towards the cap nor reopens the betting);
    ``automatic`` marks an action the match chose for a seat that failed
    to answer.
    """

    seat: int
    street: Street
    kind: ActionKind
    amount: int
    to: int
    all_in: bool = False
    complete: bool = True
    automatic: bool = False

    def __post_init__(self) -> None:
        # the engine's own events pass the first test; anything else is checked (and made exact) field by field
        if not (
            type(self.seat) is int
            and type(self.amount) is int
            and type(self.to) is int
            and self.seat >= 0
            and self.amount >= 0
            and self.to >= 0
            and type(self.all_in) is bool
            and type(self.complete) is bool
            and type(self.automatic) is bool
        ):
            _check_fields(self, ("seat", "amount", "to"), ("all_in", "complete", "automatic"))
        if type(self.street) is not Street:
            try:
                object.__setattr__(self, "street", Street(self.street))
            except (ValueError, TypeError):
                raise ParameterError(f"street must be a Street, not {self.street!r:.60}") from None
        if type(self.kind) is not ActionKind:  # the string spelling ("raise") becomes the member
            object.__setattr__(self, "kind", member(ActionKind, self.kind, "kind"))


@dataclass(frozen=True)
class ReturnUncalled:
    seat: int
    amount: int


@dataclass(frozen=True)
class Showdown:
    seat: int
    cards: tuple[Card, ...]
    value: int
    description: str


@dataclass(frozen=True)
class Muck:
    """A live seat gives up its claim at the showdown without showing (``cards`` if they were known)."""

    seat: int
    cards: tuple[Card, ...]


@dataclass(frozen=True)
class AwardPot:
    """Pot ``pot`` (0 = main pot) of ``amount`` chips, paid as ``shares[i]`` to ``winners[i]``.

    In a replayed hand a pot that only hidden hole cards could decide has
    no winners and no shares: its chips stay undecided (see
    :attr:`HandState.undecided`).
    """

    pot: int
    amount: int
    winners: tuple[int, ...]
    shares: tuple[int, ...]
    eligible: tuple[int, ...]


@dataclass(frozen=True)
class HandEnd:
    stacks: tuple[int, ...]


Event = PostAnte | PostBlind | DealHole | DealBoard | Act | ReturnUncalled | Showdown | Muck | AwardPot | HandEnd


# ----------------------------------------------------------------------------
# The state machine
# ----------------------------------------------------------------------------

_STREETS: tuple[Street, ...] = tuple(Street)
"""The streets in order (``_STREETS[street.index + 1]`` is the next one)."""

_STREET_INDEX: dict[Street, int] = {street: street.index for street in Street}
"""``street.index`` as a plain look-up (the property is a call; the engine asks at every decision)."""

_NEXT_STREET: dict[Street, Street] = dict(pairwise(_STREETS))
"""The street after each (the river has none)."""

_FOLD_CALL: tuple[Action, ...] = (Fold(), Call())
_CHECK: tuple[Action, ...] = (Check(),)
"""The legal actions besides a raise, facing a bet or not (frozen, so every decision shares them)."""


def _generator(seed: Any) -> Any:
    """A checked seed (None, a whole number or a numpy Generator) as the Generator that shuffles a hand's deck,
    exactly as :class:`~pokerlab.cards.Deck` makes it.

    ``Generator(PCG64(seed))`` is what ``numpy.random.default_rng(seed)`` builds for a number or None (numpy
    documents it so), without default_rng's own look at its argument: a match makes one per hand.
    """
    import numpy as np

    return seed if isinstance(seed, np.random.Generator) else np.random.Generator(np.random.PCG64(seed))


def _logged(cls: type[Any], fields: dict[str, Any]) -> Any:
    """``cls(**fields)`` for an event (or the legal raise) the engine makes itself, ``fields`` naming every field
    in order.

    A frozen dataclass sets its fields one at a time through ``object.__setattr__`` (and :class:`Act` and
    :class:`PostBlind` then check them); the engine logs a dozen events or more a hand, with values it made
    itself (exact ints, members, bools and tuples). The events have no slots, so an event is its
    ``__dict__``: ``fields`` (a new dict of the caller's) becomes it, which makes the same object
    (``tests/game/test_game_match.py`` rebuilds every event through its constructor and compares).
    """
    event = object.__new__(cls)
    object.__setattr__(event, "__dict__", fields)
    return event


def _act(
    seat: int, street: Street, kind: ActionKind, amount: int, to: int, all_in: bool, complete: bool, automatic: bool
) -> Act:
    """``Act(seat, street, kind, ...)``, made by :func:`_logged` (the engine logs one for every action)."""
    event: Act = _logged(
        Act,
        {
            "seat": seat,
            "street": street,
            "kind": kind,
            "amount": amount,
            "to": to,
            "all_in": all_in,
            "complete": complete,
            "automatic": automatic,
        },
    )
    return event


@cache
def _description(value: int) -> str:
    """``HandValue(value).describe()``, kept: a showdown names every shown hand (7,462 values at most)."""
    return HandValue(value).describe()


class HandState:
    """The state of one hand (see the module docstring).

    Read it through its properties; change it only with :meth:`apply`. The state relies on
    that: the raise bounds and legal actions of a decision are worked out once, when first
    asked, and kept until :meth:`apply` moves on (:meth:`clone` gives a copy that forgets them).
    """

    def __init__(
        self,
        rules: Rules,
        stacks: list[int],
        button: int = 0,
        seed: int | None = None,
        deck: CardsLike | None = None,
        hand_number: int = 0,
        holes: Sequence[CardsLike | None] | None = None,
        board: CardsLike | None = None,
        mucks: Iterable[int] = (),
        unknown_stacks: Iterable[int] = (),
    ) -> None:
        Rules.checked(rules)
        if type(stacks) is not list:  # the plain case first: a match's own list
            stacks = _validate.collection(stacks, "stacks must be a list of chip counts")
        n = len(stacks)
        rules.check_players(n, "stacks")
        # each check first lets through the plain values a match deals with (an int, no seats listed)
        if type(button) is not int:
            button = _validate.whole(button, "button")
        if seed is not None and (type(seed) is not int or not 0 <= seed <= _validate.MAX_SEED):
            seed = _validate.seed(seed, generator=True)
        if type(hand_number) is not int or hand_number < 0:
            hand_number = _validate.whole(hand_number, "hand_number", lo=0)
        if not all(type(s) is int and s > 0 for s in stacks):  # the plain case first: a match's own stacks
            stacks = [
                _validate.whole(
                    s, "stacks", lo=1, error=PokerlabError,
                    message=f"stacks: seat {i} needs a positive whole number of chips to play",
                )
                for i, s in enumerate(stacks)
            ]  # fmt: skip
        if not 0 <= button < n:
            raise PokerlabError(f"the button must be a seat 0..{n - 1}, not {button}")
        for label, seats in (("mucks", mucks), ("unknown_stacks", unknown_stacks)):
            if type(seats) is tuple and not seats:
                continue
            _validate.instance(seats, Iterable, f"{label} must list seats 0..{n - 1}", error=PokerlabError)
            if not all(_validate.is_whole(m) and 0 <= m < n for m in seats):
                raise PokerlabError(f"{label} lists seats 0..{n - 1}, not {list(seats)!r:.60}")
        _validate.instance(
            holes, Sequence, "holes must list each seat's hole cards (None: hidden)", error=PokerlabError, optional=True
        )
        if deck is not None:
            deck = parse_named(deck, "deck")
        self.rules = rules
        self.n = n
        self.button = button
        self.hand_number = hand_number
        level = rules.level(hand_number)
        self.small_blind, self.big_blind, self.ante = level.small_blind, level.big_blind, level.ante
        self.starting_stacks = tuple(stacks)
        self.stacks = list(stacks)
        self.street_bet = [0] * n
        self.total = [0] * n
        self.folded = [False] * n
        self.all_in = [False] * n
        self.acted = [False] * n
        self.can_raise = [True] * n
        self.hole: list[tuple[Card, ...]] = [() for _ in range(n)]
        self.board: list[Card] = []
        self.street = Street.PREFLOP
        self.current_bet = 0
        self.min_increment = rules.min_raise_increment(self.big_blind)
        self.raises = 0
        self.actor: int | None = None
        self.is_over = False
        self.undecided: list[AwardPot] = []
        self._events: list[Event] = []
        self._ante_paid = [0] * n
        self._replay = holes is not None
        self._bounds: tuple[int, int] | None = None  # _raise_bounds() of the state as it is, once known
        self._bounds_known = False
        self._legal: tuple[Action, ...] | None = None  # legal_actions() of the state as it is, once known
        self.mucks = frozenset(mucks)
        if self.mucks and not all(_validate.is_whole(m) and 0 <= m < n for m in self.mucks):
            raise PokerlabError(f"mucks lists seats 0..{n - 1}, not {sorted(self.mucks, key=str)!r}")
        self.unknown_stacks = frozenset(unknown_stacks)
        if self.unknown_stacks and not all(_validate.is_whole(m) and 0 <= m < n for m in self.unknown_stacks):
            raise PokerlabError(f"unknown_stacks lists seats 0..{n - 1}, not {sorted(self.unknown_stacks, key=str)!r}")
        if holes is not None:
            self._deal_replay(holes, board)
            self._start()
            return
        if board is not None:
            raise PokerlabError("board is given only with holes (a replayed hand); use deck otherwise")
        if deck is not None:
            cards = list(parse_cards(deck))
            if len(cards) < 2 * n + 5:
                known = {c.id for c in cards}
                rest = [c for c in _shuffled(_generator(seed)) if c.id not in known]
                cards += rest
        else:
            cards = _shuffled(_generator(seed))  # what Deck(seed=seed) deals, without a Deck and its checks
        self._deck = cards
        self._start()

    def _deal_replay(self, holes: Sequence[CardsLike | None], board: CardsLike | None) -> None:
        if isinstance(holes, str) or len(holes) != self.n:
            raise PokerlabError(f"holes needs one entry per seat ({self.n}), not {holes!r}")
        self._given_holes: list[tuple[Card, ...]] = []
        seen: set[int] = set()
        for seat, h in enumerate(holes):
            cards = () if h is None else tuple(parse_named(h, "holes"))
            if len(cards) not in (0, 2):
                raise PokerlabError(f"holes: seat {seat} needs 2 hole cards (or None when unknown), not {len(cards)}")
            self._given_holes.append(cards)
        board_cards = list(parse_named(board, "board")) if board is not None else []
        if len(board_cards) > 5:
            raise PokerlabError(f"a board has at most 5 cards, not {len(board_cards)}")
        for c in [c for h in self._given_holes for c in h] + board_cards:
            if c.id in seen:
                raise DuplicateCardError(f"{c} is dealt twice")
            seen.add(c.id)
        self._deck = board_cards

    # -- seats ------------------------------------------------------------------

    @property
    def small_blind_seat(self) -> int:
        """Heads-up the button (reverse blinds, unless the rules say otherwise), else the seat after it."""
        reverse = self.n == 2 and self.rules.heads_up_reverse_blinds
        return self.button if reverse else (self.button + 1) % self.n

    @property
    def big_blind_seat(self) -> int:
        return (self.small_blind_seat + 1) % self.n

    def _order_from(self, start: int) -> list[int]:
        return [(start + k) % self.n for k in range(self.n)]

    def _can_act(self, seat: int) -> bool:
        return not self.folded[seat] and not self.all_in[seat]

    # -- start ------------------------------------------------------------------

    def _put(self, seat: int, amount: int) -> int:
        amount = min(amount, self.stacks[seat])
        self.stacks[seat] -= amount
        self.total[seat] += amount
        if self.stacks[seat] == 0:
            self.all_in[seat] = True
        return amount

    def position_seat(self, position: int) -> int:
        """The seat at ``position`` (0 = small blind, 1 = big blind, 2 = first straddle, ...)."""
        if type(position) is not int or not 0 <= position < self.n:  # the plain case first: every blind asks
            position = _validate.whole(
                position, "position", lo=0, hi=self.n - 1, error=PokerlabError,
                message=f"a position is 0..{self.n - 1} at this table",
            )  # fmt: skip
        return (self.small_blind_seat + position) % self.n

    def _start(self) -> None:
        antes = self.rules.antes_for(self.n, self.hand_number)
        if any(antes):
            for position in range(self.n):
                seat = self.position_seat(position)
                if antes[position]:
                    paid = self._put(seat, antes[position])
                    self._ante_paid[seat] = paid
                    self._events.append(PostAnte(seat, paid))
            if not self.rules.dead_antes:
                # an ante above everyone else's comes back (pokerkit's ante trimming)
                ordered = sorted(self._ante_paid, reverse=True)
                seat = self._ante_paid.index(ordered[0])
                excess = ordered[0] - ordered[1]
                if excess > 0:
                    self._ante_paid[seat] -= excess
                    self.total[seat] -= excess
                    self.stacks[seat] += excess
                    self.all_in[seat] = self.stacks[seat] == 0
                    self._events.append(ReturnUncalled(seat, excess))
        forced = [(0, self.small_blind, Blind.SMALL), (1, self.big_blind, Blind.BIG)]
        forced += [(2 + k, size, Blind.STRADDLE) for k, size in enumerate(self.rules.straddles)]
        small_blind_seat = self.small_blind_seat
        for position, size, kind in forced:
            if size == 0 or position >= self.n:
                continue
            seat = (small_blind_seat + position) % self.n  # position_seat(position), known to be in range
            paid = self._put(seat, size)
            self.street_bet[seat] += paid
            self._events.append(_logged(PostBlind, {"seat": seat, "amount": paid, "blind": kind}))
        self.current_bet = max(self.street_bet)
        self.raises = 1
        if self._replay:
            self.hole = list(self._given_holes)
        else:  # two cards for seat 0, two for seat 1, ... from the top of the deck
            deck = self._deck
            self.hole = [(deck[2 * seat], deck[2 * seat + 1]) for seat in range(self.n)]
            del deck[: 2 * self.n]
        for seat in range(self.n):
            self._events.append(_logged(DealHole, {"seat": seat, "cards": self.hole[seat]}))
        # the first to act sits after the largest forced bet (ties: the later position)
        last = max(range(self.n), key=lambda s: (self.street_bet[s], (s - small_blind_seat) % self.n))
        self.actor = self._next_actor(last)
        if self.actor is None:
            self._end_street()

    # -- queries ------------------------------------------------------------------

    @property
    def events(self) -> tuple[Event, ...]:
        """The append-only log of everything that happened, in order."""
        return tuple(self._events)

    @property
    def pot(self) -> int:
        """All chips put in so far (including this street's bets)."""
        return sum(self.total)

    @property
    def to_call(self) -> int:
        """Chips the actor must add to call (limited by the actor's stack)."""
        if self.actor is None:
            return 0
        a = self.actor
        return min(self.current_bet - self.street_bet[a], self.stacks[a])

    def _raise_allowed(self) -> bool:
        a = self.actor
        if a is None or not self.can_raise[a]:
            return False
        cap = self.rules.raise_cap[_STREET_INDEX[self.street]]
        if cap is not None and self.raises >= cap:
            return False
        current = self.current_bet
        street_bet, stacks = self.street_bet, self.stacks
        if stacks[a] <= current - street_bet[a]:
            return False
        # a raise only makes sense if someone else could put in more than the current bet
        folded, all_in = self.folded, self.all_in
        for s in range(self.n):
            if s != a and not folded[s] and not all_in[s] and street_bet[s] + stacks[s] > current:
                return True
        return False

    def _changed(self) -> None:
        """Forget what was worked out for the state as it was (called by :meth:`apply` before it moves on)."""
        self._bounds_known = False
        self._legal = None

    def _raise_bounds(self) -> tuple[int, int] | None:
        """(smallest, largest) legal raise-to amounts, or None if raising is not allowed.

        Worked out once per decision: a bot's view, the check of its answer and :meth:`apply` all ask,
        and the answer stands until :meth:`apply` changes the state (the only way it changes).
        """
        if not self._bounds_known:
            self._bounds = self._work_out_bounds()
            self._bounds_known = True
        return self._bounds

    def _work_out_bounds(self) -> tuple[int, int] | None:
        if not self._raise_allowed():
            return None
        a = self.actor
        assert a is not None
        current, rules = self.current_bet, self.rules
        most = self.street_bet[a] + self.stacks[a]
        structure = rules.structure
        if structure is BettingStructure.FIXED_LIMIT:
            lo = min(current + rules.bet_sizes[_STREET_INDEX[self.street]], most)  # type: ignore[index]
            return lo, lo
        lo = min(current + self.min_increment, most)
        if structure is BettingStructure.POT_LIMIT:
            call = current - self.street_bet[a]
            return lo, min(most, max(current + self.pot + call, lo))
        return lo, most

    @property
    def min_raise_to(self) -> int | None:
        """The smallest legal raise-to amount (street total), or None if raising is not allowed."""
        bounds = self._raise_bounds()
        return None if bounds is None else bounds[0]

    @property
    def max_raise_to(self) -> int | None:
        """The largest legal raise-to amount (street total), or None if raising is not allowed."""
        bounds = self._raise_bounds()
        return None if bounds is None else bounds[1]

    def legal_actions(self) -> tuple[Action, ...]:
        """The actions the actor may take now.

        A raise appears once, as ``RaiseTo(min_raise_to)``; any amount up to
        :attr:`max_raise_to` is legal too (fixed limit: exactly that amount).
        """
        if self.actor is None:
            return ()
        if self._legal is None:  # once per decision, as the raise bounds (actions are frozen, so shared)
            out = _FOLD_CALL if self.current_bet > self.street_bet[self.actor] else _CHECK
            bounds = self._raise_bounds()
            self._legal = out if bounds is None else (*out, _logged(RaiseTo, {"amount": bounds[0]}))  # RaiseTo(lo)
        return self._legal

    def describe_legal(self) -> str:
        """A sentence listing what the actor may do, used in error messages."""
        if self.actor is None:
            return "nothing: the hand is over" if self.is_over else "nothing"
        parts = []
        for act in self.legal_actions():
            if isinstance(act, Call):
                parts.append(f"Call() for {self.to_call}")
            elif isinstance(act, RaiseTo):
                lo, hi = self.min_raise_to, self.max_raise_to
                parts.append(f"RaiseTo({lo})" if lo == hi else f"RaiseTo({lo}..{hi})")
            else:
                parts.append(f"{type(act).__name__}()")
        return f"seat {self.actor} may: " + ", ".join(parts)

    @property
    def final_stacks(self) -> tuple[int, ...]:
        """Everyone's chips once the hand is over (an error before that)."""
        if not self.is_over:
            raise IllegalActionError("the hand is not over yet; final stacks are known only at the end")
        if self.undecided:
            chips = sum(p.amount for p in self.undecided)
            seats = sorted({s for p in self.undecided for s in p.eligible if not self.hole[s]})
            raise HiddenCardsError(
                f"{chips} chips cannot be awarded without the hidden hole cards of seat(s) {seats}; "
                "the final stacks are unknown"
            )
        if self.unknown_stacks:
            raise UnknownStackError(
                f"the stacks of seat(s) {sorted(self.unknown_stacks)} were never given (inf), so the final stacks "
                "are unknown; net_winnings has what each seat won or lost"
            )
        return tuple(self.stacks)

    @property
    def net_winnings(self) -> tuple[int, ...]:
        """Chips each seat won (+) or lost (-) in the hand; known even where the stacks are not."""
        if not self.is_over:
            raise IllegalActionError("the hand is not over yet; the winnings are known only at the end")
        if self.undecided:
            _ = self.final_stacks  # raises HiddenCardsError with the details
        return tuple(e - s for e, s in zip(self.stacks, self.starting_stacks, strict=True))

    @property
    def known_holes(self) -> dict[int, tuple[Card, ...]]:
        """Hole cards that are known, by seat (every seat in a dealt hand; some in a replayed one)."""
        return {s: h for s, h in enumerate(self.hole) if h}

    def clone(self) -> HandState:
        """An independent copy (events are immutable and shared)."""
        new = copy.copy(self)
        for name in (
            "stacks",
            "street_bet",
            "total",
            "folded",
            "all_in",
            "acted",
            "can_raise",
            "hole",
            "board",
            "undecided",
            "_ante_paid",
        ):
            setattr(new, name, list(getattr(self, name)))
        new._deck = list(self._deck)
        new._events = list(self._events)
        new._changed()  # a copy may be changed by hand (a replay study sets its board): work it out again
        return new

    # -- acting -------------------------------------------------------------------

    def check(self, action: Action, seat: int | None = None) -> None:
        """Raise :class:`IllegalActionError` if ``action`` is not legal now; change nothing."""
        self._checked_target(action, seat)

    def _checked_target(self, action: Action, seat: int | None) -> int | None:
        """:meth:`check`'s work, which :meth:`apply` reuses: a legal raise's street total, else None."""
        if self.is_over or self.actor is None:
            raise IllegalActionError("the hand is over: no more actions are possible")
        a = self.actor
        if seat is not None and seat != a:
            raise IllegalActionError(f"seat {seat} acted out of turn: {self.describe_legal()}")
        facing = self.current_bet - self.street_bet[a]
        if isinstance(action, Fold):
            if facing <= 0:
                raise IllegalActionError(f"seat {a} cannot fold when there is nothing to call; {self.describe_legal()}")
        elif isinstance(action, Check):
            if facing > 0:
                raise IllegalActionError(
                    f"seat {a} cannot check facing a bet of {self.current_bet} (to call {self.to_call}); "
                    f"{self.describe_legal()}"
                )
        elif isinstance(action, Call):
            pass
        elif isinstance(action, (RaiseTo, Raise)):
            return self._raise_target(a, action)
        else:
            raise IllegalActionError(f"{action!r} is not an action; {self.describe_legal()}")
        return None

    def apply(self, action: Action, seat: int | None = None, automatic: bool = False) -> HandState:
        """Apply the actor's action (``seat``, if given, must be the actor); returns self.

        ``automatic`` marks the action in the log as chosen by the match for a
        seat that failed to answer (an exception, an illegal action, a timeout).
        """
        target = self._checked_target(action, seat)
        self._play(action, target, bool(automatic))  # the log's flag is a bool; any true value marks the action
        return self

    def _play(self, action: Action, target: int | None, automatic: bool) -> None:
        """:meth:`apply` once ``action`` is known to be legal (``target``: what :meth:`_checked_target` said).

        The table loop checks a bot's answer (it must know whether it is legal before it plays it) and
        then plays it here, so an action is checked once, not twice.
        """
        a = self.actor
        assert a is not None
        street_bet = self.street_bet
        facing = self.current_bet - street_bet[a]
        if isinstance(action, Fold):
            self.folded[a] = True
            self._events.append(_act(a, self.street, ActionKind.FOLD, 0, street_bet[a], False, True, automatic))
        elif isinstance(action, Check) or (isinstance(action, Call) and facing <= 0):
            self._events.append(_act(a, self.street, ActionKind.CHECK, 0, street_bet[a], False, True, automatic))
        elif isinstance(action, Call):
            paid = self._put(a, facing)
            street_bet[a] += paid
            self._events.append(
                _act(a, self.street, ActionKind.CALL, paid, street_bet[a], self.all_in[a], True, automatic)
            )
        else:
            assert target is not None
            self._raise(a, target, automatic)
        self.acted[a] = True
        self._bounds_known = False  # self._changed(), inlined: the state moves on
        self._legal = None
        self._advance(a)

    def _raise_target(self, a: int, action: RaiseTo | Raise) -> int:
        bounds = self._raise_bounds()
        if bounds is None:
            why = "the raise cap is reached" if self._cap_reached() else "raising is not possible now"
            raise IllegalActionError(f"seat {a} cannot raise: {why}; {self.describe_legal()}")
        lo, hi = bounds
        if isinstance(action, Raise):
            if self.rules.structure is not BettingStructure.FIXED_LIMIT:
                raise IllegalActionError(
                    f"Raise() is for fixed-limit games; say RaiseTo(amount); {self.describe_legal()}"
                )
            return lo
        target = action.amount
        if type(target) is not int:  # the plain case first: a bot's own amount
            target = _validate.whole(
                target, "amount", error=IllegalActionError, message="a raise amount is a whole number of chips"
            )
        if target < lo or target > hi:
            limit = "above the stack" if target > self.street_bet[a] + self.stacks[a] else "outside the limits"
            raise IllegalActionError(f"seat {a} cannot raise to {target} ({limit}): {self.describe_legal()}")
        return target

    def _raise(self, a: int, target: int, automatic: bool) -> None:
        """Seat ``a`` bets or raises to ``target`` (checked legal by :meth:`_raise_target`)."""
        paid = self._put(a, target - self.street_bet[a])
        self.street_bet[a] += paid
        increment = self.street_bet[a] - self.current_bet
        if self.rules.structure is BettingStructure.FIXED_LIMIT:
            full = increment >= self.rules.bet_sizes[self.street.index]  # type: ignore[index]
        else:
            full = increment >= self.min_increment
        kind = ActionKind.BET if self.current_bet == 0 else ActionKind.RAISE
        if full:
            if self.rules.structure is not BettingStructure.FIXED_LIMIT:
                self.min_increment = increment
            self.raises += 1
            for s in range(self.n):
                if s != a:
                    self.acted[s] = False
                    self.can_raise[s] = True
        else:
            for s in range(self.n):
                if s != a and self.acted[s]:
                    self.acted[s] = False
                    self.can_raise[s] = False
        self.current_bet = self.street_bet[a]
        self._events.append(_act(a, self.street, kind, paid, self.street_bet[a], self.all_in[a], full, automatic))

    def _cap_reached(self) -> bool:
        cap = self.rules.raise_cap[self.street.index]
        return cap is not None and self.raises >= cap

    def _next_actor(self, start: int, inclusive: bool = False) -> int | None:
        """The next seat after ``start`` (or from it, if ``inclusive``) that still has to act.

        A seat has to act when it can (not folded, not all-in) and faces a bet, or has not
        acted yet while someone else could still answer a bet (another seat that can act).
        """
        n, folded, all_in = self.n, self.folded, self.all_in
        street_bet, current, acted = self.street_bet, self.current_bet, self.acted
        others_can_act: bool | None = None  # for a seat that can act itself: someone else can too (asked once)
        for k in range(0, n) if inclusive else range(1, n + 1):
            s = (start + k) % n
            if folded[s] or all_in[s]:
                continue
            if street_bet[s] < current:
                return s
            if not acted[s]:
                if others_can_act is None:
                    others_can_act = sum(1 for t in range(n) if not folded[t] and not all_in[t]) >= 2
                if others_can_act:
                    return s
        return None

    def _advance(self, last: int) -> None:
        if self.folded.count(False) == 1:
            self.actor = None
            self._finish([self.folded.index(False)])
            return
        self.actor = self._next_actor(last)
        if self.actor is None:
            self._end_street()

    def _end_street(self) -> None:
        folded, all_in = self.folded, self.all_in
        can_act = sum(1 for s in range(self.n) if not folded[s] and not all_in[s])  # seats that can still act
        while True:
            if self.street is Street.RIVER:
                self._finish([s for s in range(self.n) if not folded[s]])
                return
            self._next_street()
            if can_act >= 2:
                self.actor = self._next_actor(self.button, inclusive=False)
                if self.actor is not None:
                    return

    def _next_street(self) -> None:
        street = self.street = _NEXT_STREET[self.street]
        new = BOARD_SIZES[_STREET_INDEX[street]] - len(self.board)  # street.board_size
        deck = self._deck
        if len(deck) < new:
            raise IllegalActionError(
                f"the recorded board has no {street.value} card(s) to deal, but the hand reaches the {street.value}"
            )
        cards = tuple(deck[:new])
        del deck[:new]
        self.board.extend(cards)
        self._events.append(_logged(DealBoard, {"street": street, "cards": cards}))
        n = self.n
        self.street_bet = [0] * n
        self.current_bet = 0
        self.min_increment = self.rules.min_raise_increment(self.big_blind)
        self.raises = 0
        self.acted = [False] * n
        self.can_raise = [True] * n

    # -- the end ------------------------------------------------------------------

    def _finish(self, live: list[int]) -> None:
        self.actor = None
        dead = sum(self._ante_paid) if self.rules.dead_antes else 0
        paid = [t - (a if self.rules.dead_antes else 0) for t, a in zip(self.total, self._ante_paid, strict=True)]
        # the seat that put in most (the first such seat) and what is left when it matches the next most
        top = max(range(self.n), key=paid.__getitem__)
        excess = paid[top] - max(p for s, p in enumerate(paid) if s != top)
        if excess > 0:
            paid[top] -= excess
            self.total[top] -= excess
            self.stacks[top] += excess
            self._events.append(_logged(ReturnUncalled, {"seat": top, "amount": excess}))
        values: dict[int, int | None] = {}  # None: hole cards unknown
        order = self._order_from(self.button + 1)
        if len(live) > 1:
            board_ids = [c.id for c in self.board]
            for s in order:
                if s not in live:
                    continue
                if s in self.mucks:
                    self._events.append(Muck(s, self.hole[s]))
                elif self.hole[s]:
                    value = _value_ids([c.id for c in self.hole[s]] + board_ids)
                    values[s] = value
                    shown = {"seat": s, "cards": self.hole[s], "value": value, "description": _description(value)}
                    self._events.append(_logged(Showdown, shown))
                else:
                    values[s] = None
                    self._events.append(Showdown(s, (), -1, "hole cards not shown"))
        # the pots' own functions, without the checks of their public forms (these numbers are the engine's)
        if len(live) == 1:  # everyone else folded: one pot, all of it, as the pots' functions would have it
            total = sum(paid) + dead
            winner = (live[0],)
            shares = [PotShare(total, winner, (total,), winner)] if total else []
        else:
            shares = _award_pots(_side_pots(paid, live, order, dead), values, live)
        for pot_index, pot in enumerate(shares):
            award: AwardPot = _logged(
                AwardPot,
                {
                    "pot": pot_index,
                    "amount": pot.amount,
                    "winners": pot.winners,
                    "shares": pot.shares,
                    "eligible": pot.eligible,
                },
            )
            if not pot.winners:
                self.undecided.append(award)
            for seat, chips in zip(pot.winners, pot.shares, strict=True):
                self.stacks[seat] += chips
            self._events.append(award)
        self.is_over = True
        self._events.append(_logged(HandEnd, {"stacks": tuple(self.stacks)}))

    def random_action(self, rng: Any) -> Action:
        """A random legal action for the actor (``rng`` is a :class:`random.Random`).

        Raises go to the minimum 40 % of the time, all-in 20 %, otherwise a
        uniform amount in between, so that tests and soak runs reach the
        edge cases often.
        """
        action = rng.choice(self.legal_actions())
        if isinstance(action, RaiseTo):
            lo, hi = self.min_raise_to, self.max_raise_to
            assert lo is not None and hi is not None
            r = rng.random()
            return RaiseTo(lo if r < 0.4 else hi if r < 0.6 else rng.randint(lo, hi))
        return action

    # -- hand histories -------------------------------------------------------------

    def to_phh(self) -> str:
        """This hand as PHH text (pokerkit's hand-history format); see :mod:`pokerlab.game.phh`.

        :mod:`pokerlab.game.phh` sits above the state (it replays hands), so the call goes through
        :mod:`pokerlab.game._hooks`, where phh registers :func:`~pokerlab.game.phh.to_phh`.
        """
        text: str = _hooks.call("to_phh", self)
        return text

    @classmethod
    def from_phh(cls, text: str) -> HandState:
        """Replay a PHH hand history into a state (see :func:`pokerlab.game.phh.load_phh`; through
        :mod:`pokerlab.game._hooks`, as :meth:`to_phh`)."""
        state: HandState = _hooks.call("from_phh", text)
        return state

    def __repr__(self) -> str:
        status = "over" if self.is_over else f"seat {self.actor} to act"
        board = " ".join(map(str, self.board)) or "-"
        return f"<HandState {self.rules.name}: {self.street.value}, board {board}, pot {self.pot}, {status}>"


_hooks.provide("new_hand", HandState)  # Rules.new_hand(...) builds a HandState(rules, stacks, ...)
