"""Matches between bots: seats, rotation, clocks, faults, duplicate play, results.

A bot is any object with a ``name`` and an ``act(view) -> Action`` method
(:class:`Bot`). It may also define the hooks :data:`HOOKS`:
``start_match(seat, rules, players)``, ``observe(event, view)`` (called for
every event it is allowed to see) and ``end_hand(view)``. :class:`BaseBot`
names each with its signature and does nothing in it: a bot derived from it is
checked by mypy, and a table warns about a method named like a hook that is
none (:func:`check_hooks`). The :class:`PlayerView` a bot receives hides the
other players' hole cards until a showdown shows them.

:func:`play_match` seats the bots in the order given, picks the first button
from the seed and moves it one live seat on after every hand. Chips carry
over between hands unless the rules reset stacks every hand; a seat whose
stack falls below ``rules.min_stack_to_play`` is out. A bot that raises an
exception, returns an illegal action or runs out of time gets the default
action (check when possible, otherwise fold), the fault is counted in
:attr:`MatchResult.faults`, and the match goes on (except for a
:class:`~pokerlab.errors.PreflopTableError`: a bot that cannot read its
preflop table stops the match, since playing on would be a silent
fallback to other numbers); with a time bank, a bot
that misses more than ``max_misses`` answers in a row plays automatic
checks and folds for the rest of the match (the heads-up no-limit arena rules).

**Duplicate matches** (``duplicate=True``, as ACPC and Rembrant do) play
every deal once per seating, rotating the bots through the seats with the
same cards, so luck of the deal cancels out.
"""

from __future__ import annotations

import difflib
import math
import time
import warnings
from abc import ABC, abstractmethod
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import TYPE_CHECKING, Any, Literal, Protocol, TypeAlias, cast, runtime_checkable

import numpy as np

from pokerlab import _chart_hook, _progress, _signals, _validate
from pokerlab.errors import BotHookWarning, ParameterError, PHHError, PreflopTableError
from pokerlab.game.rules import Rules, Street
from pokerlab.game.state import (
    Act,
    Action,
    Call,
    Check,
    DealHole,
    Event,
    Fold,
    HandState,
    IllegalActionError,
    Raise,
    RaiseTo,
)

if TYPE_CHECKING:  # pragma: no cover
    import pandas as pd

    from pokerlab.cards import Card

__all__ = [
    "HOOKS",
    "BaseBot",
    "Bot",
    "Fault",
    "MatchResult",
    "PlayerView",
    "Rotation",
    "Seeding",
    "TableLoop",
    "TablePlayer",
    "ask_bot",
    "check_hooks",
    "notify_bots",
    "play_match",
    "view_for",
]


@runtime_checkable
class Bot(Protocol):
    """What a seat needs: a name and a decision."""

    name: str

    def act(self, view: PlayerView) -> Action: ...


HOOKS = ("start_match", "observe", "end_hand")
"""The methods besides ``act`` a table calls on a bot that has them, in the order of a match (:class:`BaseBot`)."""


class BaseBot(ABC):
    """A bot's methods, each hook doing nothing: derive a bot from it, write ``act`` and override the hooks it needs.

    A table calls ``start_match`` once before the first hand, ``observe`` for each event the seat may see,
    ``act`` when the seat is to act, and ``end_hand`` after each hand. Any object with a ``name`` and an ``act``
    plays (:class:`Bot`) and may define any of the hooks; deriving from this class adds what a type checker can
    check. mypy compares each override's signature with the one here (``observe(self, event)`` without the view is
    an error), and with ``@override`` on each hook (``typing.override``; ``typing_extensions.override`` on Python
    3.11) a misspelt hook is one too: ``Method "obsreve" is marked as an override, but no base method was found``.
    Without a type checker, a table warns once per class (:func:`check_hooks`)::

        class Caller(BaseBot):
            name = "caller"

            def act(self, view: PlayerView) -> Action:
                return Call()

            @override
            def observe(self, event: Event, view: PlayerView) -> None:
                ...
    """

    name: str

    @abstractmethod
    def act(self, view: PlayerView) -> Action:
        """The seat's move now (``view.legal`` lists the legal ones; a table replaces an illegal one by a check or
        a fold, and counts a fault)."""

    def start_match(self, seat: int, rules: Rules, players: int) -> None:  # noqa: B027 - a hook: empty on purpose
        """Before the first hand: the bot's seat at the table (0-based), the rules, and how many players sit there."""

    def observe(self, event: Event, view: PlayerView) -> None:  # noqa: B027 - a hook: empty on purpose
        """One event this seat may see (its own hole cards, another's only at a showdown), with its view after it."""

    def end_hand(self, view: PlayerView) -> None:  # noqa: B027 - a hook: empty on purpose
        """After each hand: the seat's view of the finished hand (the cards shown at a showdown included)."""


def hook(bot: object, name: str) -> Callable[..., Any] | None:
    """``bot``'s hook ``name`` (one of :data:`HOOKS`) to call, or None when it has none or only :class:`BaseBot`'s,
    which does nothing (so a table that finds no observer skips the views it would build for one)."""
    method = getattr(bot, name, None)
    if method is None or getattr(method, "__func__", None) is getattr(BaseBot, name):
        return None
    return cast(Callable[..., Any], method)


_GUESSES = {"start_hand": "start_match", "end_match": "end_hand"}
"""Hooks a table does not have that a bot author may guess, with the hook that does the job."""
_WARNED: set[tuple[type, str]] = set()


def check_hooks(bot: object) -> None:
    """Warn (:class:`~pokerlab.errors.BotHookWarning`, once per class and name) about each public method of ``bot``
    named like a hook of :data:`HOOKS` without being one (``obsreve``, ``Observe``, ``end_hands``, ``start_hand``):
    a table never calls it, so a misspelt hook would otherwise fail in silence. Tables call this when they seat a bot.
    """
    cls = type(bot)
    for attr in dir(cls):
        if attr.startswith("_") or attr in HOOKS or attr == "act" or not callable(getattr(cls, attr, None)):
            continue
        meant = _GUESSES.get(attr) or next(iter(difflib.get_close_matches(attr, HOOKS, n=1, cutoff=0.8)), None)
        if meant is None or (cls, attr) in _WARNED:
            continue
        _WARNED.add((cls, attr))
        warnings.warn(
            f"bot {getattr(bot, 'name', cls.__name__)!r}: {cls.__name__}.{attr}() is no hook a table calls, so it is "
            f"never called; did you mean {meant}()? (the hooks: {', '.join(HOOKS)})",
            BotHookWarning,
            stacklevel=3,
        )


@dataclass(frozen=True)
class PlayerView:
    """What one seat may see when it is asked to act (or shown an event)."""

    seat: int
    hole: tuple[Card, ...]
    board: tuple[Card, ...]
    street: Street
    button: int
    players: int
    stacks: tuple[int, ...]
    street_bets: tuple[int, ...]
    folded: tuple[bool, ...]
    all_in: tuple[bool, ...]
    pot: int
    current_bet: int
    to_call: int
    min_raise_to: int | None
    max_raise_to: int | None
    legal: tuple[Action, ...]
    small_blind: int
    big_blind: int
    hand_number: int
    actor: int | None
    rules: Rules
    events: tuple[Event, ...] = field(repr=False, default=())
    names: tuple[str, ...] = ()

    @property
    def active_opponents(self) -> int:
        return sum(1 for s in range(self.players) if s != self.seat and not self.folded[s])


def _visible(event: Event, seat: int) -> bool:
    return not (isinstance(event, DealHole) and event.seat != seat)


def view_for(state: HandState, seat: int, names: tuple[str, ...] = ()) -> PlayerView:
    """The view of ``state`` from ``seat``: its own cards only, public events only.

    ``names`` (one per seat of the hand, or none) lets a bot follow opponents from hand to hand.
    The arguments are checked here; :class:`TableLoop` builds its views with the same
    (unchecked) builder and keeps each seat's visible events as the hand goes, instead
    of reading the whole log at every decision.
    """

    _validate.instance(state, HandState, "state must be a HandState")
    seat = _validate.whole(seat, "seat", lo=0, hi=state.n - 1)
    _validate.instance(names, tuple, "names must be a tuple of names, one per seat", items=str)
    if names and len(names) != state.n:
        raise ParameterError(f"names must hold one name per seat of the hand ({state.n}), not {len(names)}")
    return _view(state, seat, names, tuple(e for e in state._events if _visible(e, seat)))


def _view(state: HandState, seat: int, names: tuple[str, ...], events: tuple[Event, ...]) -> PlayerView:
    """:func:`view_for` without its checks, given the events ``seat`` may see (the table loop's own calls).

    The view's fields go into a copy of :data:`_VIEW_FIELDS` (the same object as ``PlayerView(**fields)``,
    made faster: see :func:`_new_view`).
    """
    actor = state.actor
    if actor == seat:
        bounds = state._raise_bounds()  # worked out once per decision, as legal_actions() below
        to_call = min(state.current_bet - state.street_bet[seat], state.stacks[seat])  # state.to_call
        lo, hi = (None, None) if bounds is None else bounds
        legal = state.legal_actions()
    else:
        to_call, lo, hi, legal = 0, None, None, ()
    fields = _VIEW_FIELDS.copy()
    fields["seat"] = seat
    fields["hole"] = state.hole[seat]
    fields["button"] = state.button
    fields["players"] = state.n
    _changing(fields, state)
    fields["to_call"] = to_call
    fields["min_raise_to"] = lo
    fields["max_raise_to"] = hi
    fields["legal"] = legal
    fields["small_blind"] = state.small_blind
    fields["big_blind"] = state.big_blind
    fields["hand_number"] = state.hand_number
    fields["actor"] = actor
    fields["rules"] = state.rules
    fields["events"] = events
    fields["names"] = names
    return _new_view(fields)


_VIEW_FIELDS: dict[str, Any] = dict.fromkeys(PlayerView.__dataclass_fields__)
"""Every field of :class:`PlayerView`, in order, with no value yet: :func:`_view` fills a copy.

A copy of a dict already the right size, then one store per field, costs about half of a
23-entry dict display, which grows its table three times on the way (a view per decision adds up).
"""


def _changing(fields: dict[str, Any], state: HandState) -> None:
    """Fill the view fields that change as a hand goes on (board, street, chips, who is out or all-in)."""
    fields["board"] = tuple(state.board)
    fields["street"] = state.street
    fields["stacks"] = tuple(state.stacks)
    fields["street_bets"] = tuple(state.street_bet)
    fields["folded"] = tuple(state.folded)
    fields["all_in"] = tuple(state.all_in)
    fields["pot"] = sum(state.total)  # state.pot
    fields["current_bet"] = state.current_bet


def _new_view(fields: dict[str, Any]) -> PlayerView:
    """``PlayerView(**fields)`` for ``fields`` that name every field in order, filled in one step.

    A frozen dataclass's ``__init__`` sets each of its 23 fields through ``object.__setattr__``
    one at a time, which costs more than the rest of a view; a match makes a view at every
    decision and for every observing bot. :class:`PlayerView` has no ``__post_init__`` and no
    slots, so an instance is its ``__dict__``: ``fields`` becomes that dict (``fields`` is the
    caller's own new dict), which makes an equal object (``tests/game/test_game_match.py`` checks it
    against the constructor).
    """
    view: PlayerView = object.__new__(PlayerView)
    object.__setattr__(view, "__dict__", fields)
    return view


class _SeatLogs:
    """The events each seat of one hand may see, extended as the hand's log grows.

    The log only ever grows (:meth:`HandState.apply` appends), so each seat's list
    takes each new event once; the tuple a view carries is remade only when the
    seat's list has grown, so a hand costs time in proportion to its length, not
    to its length squared. Only a :class:`DealHole` is hidden from some seats, and a
    dealt hand logs them all at its start: each event is looked at once for all seats
    (``_last_deal``), and a seat whose new events come after the last DealHole takes
    them whole.
    """

    def __init__(self, state: HandState, names: tuple[str, ...]) -> None:
        self.state = state
        self.names = names
        self._lists: list[list[Event]] = [[] for _ in range(state.n)]
        self._read = [0] * state.n
        self._tuples: list[tuple[Event, ...]] = [()] * state.n
        self._fixed: list[dict[str, Any] | None] = [None] * state.n
        self._looked = 0  # the events of the log looked at for DealHoles so far
        self._last_deal = -1  # the index in the log of the last DealHole among them

    def view(self, seat: int) -> PlayerView:
        """``_view(state, seat, names, self.visible(seat))``, its fields that stay the same all hand filled once.

        A seat's cards, the button, the blinds, the rules and the names do not change during a hand, so
        each seat's view starts from a copy of its own :data:`_VIEW_FIELDS`, made on the first view
        (``tests/game/test_game_match.py`` compares every view of a match with :func:`view_for`).
        """
        state = self.state
        fixed = self._fixed[seat]
        if fixed is None:
            fixed = self._fixed[seat] = _VIEW_FIELDS.copy()
            fixed["seat"] = seat
            fixed["hole"] = state.hole[seat]
            fixed["button"] = state.button
            fixed["players"] = state.n
            fixed["to_call"] = 0  # what a seat not to act sees; the actor's view overwrites these four
            fixed["min_raise_to"] = None
            fixed["max_raise_to"] = None
            fixed["legal"] = ()
            fixed["small_blind"] = state.small_blind
            fixed["big_blind"] = state.big_blind
            fixed["hand_number"] = state.hand_number
            fixed["rules"] = state.rules
            fixed["names"] = self.names
        fields = fixed.copy()
        actor = state.actor
        if actor == seat:
            bounds = state._raise_bounds()  # worked out once per decision, as legal_actions() below
            fields["to_call"] = min(state.current_bet - state.street_bet[seat], state.stacks[seat])
            if bounds is not None:
                fields["min_raise_to"], fields["max_raise_to"] = bounds
            fields["legal"] = state.legal_actions()
        _changing(fields, state)
        fields["actor"] = actor
        fields["events"] = self.visible(seat)
        return _new_view(fields)

    def visible(self, seat: int) -> tuple[Event, ...]:
        """What ``view_for(state, seat).events`` would hold now."""
        log = self.state._events
        start = self._read[seat]
        if start < len(log):
            for k in range(self._looked, len(log)):
                if isinstance(log[k], DealHole):
                    self._last_deal = k
            self._looked = len(log)
            mine = self._lists[seat]
            before = len(mine)
            if start > self._last_deal:  # nothing hidden among the new events
                mine += log[start:]
            else:
                mine += [e for e in log[start:] if not isinstance(e, DealHole) or e.seat == seat]  # _visible, inlined
            self._read[seat] = len(log)
            if len(mine) != before:
                self._tuples[seat] = tuple(mine)
        return self._tuples[seat]


@dataclass(frozen=True)
class Fault:
    """A bot's failure: ``kind`` is exception, illegal or timeout."""

    hand: int
    seat: int
    bot: str
    kind: str
    message: str
    replaced_by: str


@dataclass
class MatchResult:
    """Everything a match produced.

    ``money`` has one row per hand (row 0 = before the first hand) and one
    column per bot: its chips after that hand (with stacks reset every hand:
    the starting stack plus its winnings so far). ``winnings`` holds each
    hand's net result per bot; ``faults`` every fault, and ``fault_counts``
    them counted per bot and kind.

    With ``keep_histories``, ``histories`` holds each hand as PHH text (its
    ``players`` field naming the bots), in order, except the hands PHH cannot express (a heads-up hand where the
    dealer posts the big blind, as BigHoldem's rules have it once a table is
    down to two players; pot-limit hands): those are listed in
    ``unexported`` as (hand number, reason), so a match never fails at its
    end over a history it cannot write.
    """

    names: tuple[str, ...]
    rules: Rules
    hands: int
    money: pd.DataFrame
    winnings: pd.DataFrame
    faults: list[Fault]
    histories: list[str]
    duplicate: bool
    seconds_per_action: dict[str, float]
    eliminated: dict[str, int]
    unexported: list[tuple[int, str]] = field(default_factory=list)

    @property
    def fault_counts(self) -> dict[str, Counter]:
        counts: dict[str, Counter] = {name: Counter() for name in self.names}
        for f in self.faults:
            counts[f.bot][f.kind] += 1
        return counts

    def _per_deal(self) -> pd.DataFrame:
        w = self.winnings
        if self.duplicate and "deal" in w.columns:
            return w.groupby("deal")[list(self.names)].sum()
        return w[list(self.names)]

    @property
    def mbb_per_hand(self) -> dict[str, float]:
        """Average win per hand in thousandths of a big blind (of the first level)."""
        bb = self.rules.level(0).big_blind
        per = self._per_deal()
        if len(self.winnings) == 0:
            raise ParameterError("no hand was played (the time limit ran out first), so there is no mbb/hand")
        hands_per_deal = len(self.winnings) / max(len(per), 1)
        return {n: float(per[n].mean() / hands_per_deal * 1000 / bb) for n in self.names}

    @property
    def ci95(self) -> dict[str, tuple[float, float]]:
        """95 % confidence interval of :attr:`mbb_per_hand` (normal approximation; deals are the samples)."""
        bb = self.rules.level(0).big_blind
        per = self._per_deal()
        if len(self.winnings) == 0:
            raise ParameterError("no hand was played (the time limit ran out first), so there is no interval")
        hands_per_deal = len(self.winnings) / max(len(per), 1)
        out = {}
        for n in self.names:
            m = per[n].mean() / hands_per_deal * 1000 / bb
            half = 1.96 * per[n].std(ddof=1) / math.sqrt(max(len(per), 1)) / hands_per_deal * 1000 / bb
            out[n] = (float(m - half), float(m + half)) if len(per) > 1 else (float("nan"), float("nan"))
        return out

    def ranking(self) -> pd.DataFrame:
        """Bots by average win per hand played (BigHoldem's ranking)."""
        import pandas as pd

        rows = []
        for n in self.names:
            played = int((self.winnings[n].notna()).sum())
            total = float(self.winnings[n].sum())
            rows.append({"bot": n, "hands": played, "won": total, "per hand": total / played if played else 0.0})
        return pd.DataFrame(rows).sort_values("per hand", ascending=False).reset_index(drop=True)

    def chart(self) -> _chart_hook.Chart:
        """The money of every bot over the hands (the Waterloo report's Figures 4-7): ``charts.money_chart``.

        Row 0 is the stacks before the first hand; the lines keep the seat order.
        """

        return _chart_hook.draw(
            "money_chart", self.money.rename_axis("hand"), f"{self.rules.name}: money after each hand"
        )


def _unique_names(bots: list[Any]) -> tuple[str, ...]:
    names: list[str] = []
    for i, b in enumerate(bots):
        base = str(getattr(b, "name", type(b).__name__))
        name = base if base not in names else f"{base} #{i}"
        names.append(name)
    return tuple(names)


def _default_action(state: HandState) -> Action:
    return Check() if any(isinstance(a, Check) for a in state.legal_actions()) else Fold()


def _checked_action(state: HandState, action: Any) -> Action:
    """Check an action without applying it."""
    _checked_target(state, action)
    return action


def _checked_target(state: HandState, action: Any) -> int | None:
    """:func:`_checked_action`'s check, returning what the state's check found: a legal raise's street total,
    else None (the table loop then plays the action with :meth:`HandState._play`, without checking it again)."""
    _validate.instance(
        action,
        (Fold, Check, Call, RaiseTo, Raise),
        "action must be Fold, Check, Call, RaiseTo or Raise",
        error=IllegalActionError,
    )
    return state._checked_target(action, None)


def ask_bot(bot: Any, state: HandState, seat: int, names: tuple[str, ...] = ()) -> tuple[Action, str | None]:
    """One decision outside :func:`play_match` (a table app): the bot's action if it is legal,
    otherwise the default action (check, else fold) and a sentence saying what went wrong."""
    try:
        return _checked_action(state, bot.act(view_for(state, seat, names))), None
    except Exception as exc:  # a crashed bot must not stop the table
        return _default_action(state), f"{type(exc).__name__}: {exc}"


def notify_bots(state: HandState, bots_by_seat: dict[int, Any], seen: int, names: tuple[str, ...] = ()) -> None:
    """Show the events after ``seen`` to every bot that observes (what :func:`play_match` does)."""
    _tell(state, _observers(bots_by_seat), seen, lambda seat: view_for(state, seat, names))


def _observers(bots_by_seat: dict[int, Any]) -> list[tuple[int, Callable[[Event, PlayerView], Any]]]:
    """The ``observe`` methods of the bots that have one, with their seats, in seat order as given."""
    found = ((seat, hook(bot, "observe")) for seat, bot in bots_by_seat.items())
    return [(seat, observe) for seat, observe in found if observe is not None]


def _tell(
    state: HandState,
    observers: list[tuple[int, Callable[[Event, PlayerView], Any]]],
    seen: int,
    view_of: Callable[[int], PlayerView],
) -> None:
    """Show the events after ``seen`` to ``observers`` (the table loop finds them once per hand)."""
    if not observers:
        return
    new = state._events[seen:]
    if not new:
        return
    for seat, observe in observers:
        view = view_of(seat)
        for e in new:
            if _visible(e, seat):
                observe(e, view)


def _deal_seed(seed: int, deal: int) -> int:
    """The seed of deal ``deal`` of a match seeded ``seed``: the first 64-bit word of numpy's
    ``SeedSequence([seed, deal]).generate_state(1, dtype=np.uint64)``, modulo 2**63.

    ``generate_state`` is a short hash of the sequence's entropy pool (four 32-bit words, mixed from the
    entropy when the sequence is made): output word ``i`` is pool word ``i % 4`` xor a running constant
    (``0x8B51F9DD``, multiplied by ``0x58F38DED`` at every word), times the constant's new value, xor its
    own top half shifted down, all modulo 2**32; two such words make one 64-bit word, the first the low
    half. Worked out here in Python integers for the two words a deal needs: numpy's own call sets up and
    tears down its floating-point error state each time, which costs more than the hash (a match seeds
    every hand). ``tests/game/test_game_engine_pin.py`` checks it against numpy for thousands of seeds.
    """
    pool = np.random.SeedSequence([seed, deal]).pool.tolist()
    constant = 0x8B51F9DD
    words = []
    for i in range(2):
        value = pool[i] ^ constant
        constant = (constant * 0x58F38DED) & 0xFFFFFFFF
        value = (value * constant) & 0xFFFFFFFF
        words.append(value ^ (value >> 16))
    return (words[0] | words[1] << 32) % (2**63)


class Rotation(StrEnum):
    """How :class:`TableLoop` moves the button from hand to hand."""

    DEAL_COUNT = "deal_count"
    """:func:`play_match`: table seat ``(first + deal number) % n``, or the next seat still in after it."""
    LEFT_OF_LAST = "left_of_last"
    """The apps (BigHoldem's rules page): the next seat still in, left of the last button."""


RotationChoice: TypeAlias = Rotation | Literal["deal_count", "left_of_last"]
"""A :class:`Rotation` or its value as a string: a type checker refuses any other string."""


class Seeding(StrEnum):
    """How :class:`TableLoop` seeds each hand's cards from the table's seed."""

    PER_DEAL = "per_deal"
    """:func:`play_match`: numpy's ``SeedSequence([seed, deal])``; a duplicate deal's seatings share it."""
    PER_HAND = "per_hand"
    """The apps: ``seed * 1_000_003 + hand number``."""


SeedingChoice: TypeAlias = Seeding | Literal["per_deal", "per_hand"]
"""A :class:`Seeding` or its value as a string: a type checker refuses any other string."""


@dataclass
class TablePlayer:
    """One player at a :class:`TableLoop`: who it is, and what the loop keeps for it between hands.

    ``bot`` is None for a person, who acts through :meth:`TableLoop.act`. ``bank``,
    ``misses`` and ``automatic`` are the time bank's (a player that misses more than
    ``max_misses`` answers in a row plays automatic checks and folds); ``elapsed`` and
    ``asked`` time the bot's answers.
    """

    name: str
    bot: Any | None
    stack: int
    out: bool = False
    played: int = 0
    won: int = 0
    bank: float = math.inf
    misses: int = 0
    automatic: bool = False
    elapsed: float = 0.0
    asked: int = 0

    @property
    def is_human(self) -> bool:
        return self.bot is None


class TableLoop:
    """Hands at one table, one decision at a time (see the module docstring).

    ``start_hand(deal)`` deals the next hand (None when fewer than two players are
    left), ``step()`` lets the bot to act make one move, ``act(action)`` applies a
    person's move; the hand finishes by itself when its last action is applied:
    stacks carried (or reset, as the rules say), every bot shown the events it may
    see and its ``end_hand``, and players below the rules' ``min_stack_to_play``
    out (or, with ``rebuy``, back to the starting stack). ``on_hand_end(state, stacks,
    changes)`` is then called with every player's stack after the hand (before a rebuy)
    and the ``(player index, "out" | "rebuy")`` changes.
    """

    def __init__(
        self,
        rules: Rules,
        players: Sequence[TablePlayer],
        *,
        seed: int,
        first_button: int,
        rotation: RotationChoice,
        seeding: SeedingChoice,
        clock: bool,
        rebuy: bool = False,
        fatal: tuple[type[Exception], ...] = (),
        on_hand_end: Callable[[HandState, list[int], list[tuple[int, str]]], None] | None = None,
    ) -> None:
        Rules.checked(rules)
        _validate.instance(players, (list, tuple), "players must be a list of TablePlayer", items=TablePlayer)
        rules.check_players(len(players), "players")
        for p in players:
            _validate.protocol(
                p.bot, "players: a bot needs an act(view) method (None for a person)", methods=("act",), optional=True
            )
        self.rules = rules
        self.players = list(players)
        self.seed = _validate.seed(seed, optional=False)
        self.first_button = _validate.whole(first_button, "first_button", lo=0, hi=len(players) - 1)
        self.rotation = _validate.member(Rotation, rotation, "rotation")
        self.seeding = _validate.member(Seeding, seeding, "seeding")
        self.time_bank = rules.time_bank if _validate.flag(clock, "clock") else None
        self.rebuy = _validate.flag(rebuy, "rebuy")
        _validate.instance(
            fatal,
            tuple,
            "fatal must be a tuple of exception classes",
            check=lambda fatal: all(isinstance(e, type) and issubclass(e, Exception) for e in fatal),
        )
        _validate.protocol(on_hand_end, "on_hand_end must be a function or None", optional=True)
        self.fatal = fatal
        self.on_hand_end = on_hand_end
        self.state: HandState | None = None
        self.hand_rules: Rules = rules
        self.hand_number = 0  # hands finished
        self.buttons: list[int] = []  # the table seat of each hand's button
        self.seat_of: list[int] = []  # this hand: hand seat -> table seat
        self.player_of: list[int] = []  # this hand: hand seat -> player index
        self.faults: list[Fault] = []
        self.out_after: dict[str, int] = {}  # a player's name -> hands finished when it went out
        self._seen = 0
        self._logs: _SeatLogs | None = None  # this hand: what each seat may see, kept as the log grows
        self._observers: list[tuple[int, Callable[[Event, PlayerView], Any]]] = []  # this hand: bots' observe()
        self._enders: set[int] = set()  # this hand: the seats whose bot has an end_hand(view)
        for p in self.players:
            p.bank = self.time_bank.initial if self.time_bank else math.inf
        for i, p in enumerate(self.players):
            if p.bot is not None:
                check_hooks(p.bot)
            if p.bot is not None and (start := hook(p.bot, "start_match")) is not None:
                start(i, rules, len(self.players))

    # -- the hand in play --------------------------------------------------
    @property
    def names(self) -> tuple[str, ...]:
        """The players' names by hand seat (what the bots' views carry)."""
        return tuple(self.players[i].name for i in self.player_of)

    @property
    def actor(self) -> int | None:
        """The player index to act now, or None (no hand, or it is over)."""
        s = self.state
        return None if s is None or s.is_over or s.actor is None else self.player_of[s.actor]

    def start_hand(
        self, deal: int | None = None, *, seating: Sequence[int] | None = None, rules: Rules | None = None
    ) -> HandState | None:
        """Deal the next hand and show its first events to the bots; None when fewer than two players are left.

        ``deal`` numbers the deal (default: the hand number); ``seating[i]`` is the table seat of player
        ``i`` (default: player ``i`` at seat ``i``; a duplicate match turns the players round the table);
        ``rules`` are this hand's (the apps raise the blinds as players go out), by default the table's.
        """
        if self.state is not None and not self.state.is_over:
            raise ParameterError("the current hand is not over yet")
        n = len(self.players)
        deal = self.hand_number if deal is None else deal
        at = {seat: i for i, seat in enumerate(seating)} if seating is not None else dict(enumerate(range(n)))
        active = [t for t in range(n) if not self.players[at[t]].out]
        if len(active) < 2:
            return None
        if self.rotation == Rotation.DEAL_COUNT:
            button = (self.first_button + deal) % n
            while button not in active:
                button = (button + 1) % n
        else:
            last = self.buttons[-1] if self.buttons else None
            if last is None and self.first_button in active:
                button = self.first_button
            else:  # left of the last button (or of the first, when its seat is out already)
                start = self.first_button if last is None else last
                button = next(t % n for t in range(start + 1, start + n + 1) if t % n in active)
        if self.seeding == Seeding.PER_DEAL:
            hand_seed = _deal_seed(self.seed, deal)
        else:
            hand_seed = self.seed * 1_000_003 + self.hand_number
        self.buttons.append(button)
        self.seat_of = active
        self.player_of = [at[t] for t in active]
        self.hand_rules = rules or self.rules
        stacks = [
            self.rules.starting_stack if self.rules.reset_stacks else self.players[i].stack for i in self.player_of
        ]
        self.state = self.hand_rules.new_hand(
            stacks, button=active.index(button), seed=hand_seed, hand_number=self.hand_number
        )
        self._logs = _SeatLogs(self.state, self.names)
        bots = {k: self.players[i].bot for k, i in enumerate(self.player_of) if self.players[i].bot is not None}
        self._observers = _observers(bots)
        self._enders = {k for k, bot in bots.items() if hook(bot, "end_hand") is not None}
        self._seen = 0
        self._after_action()
        return self.state

    def step(self) -> Act | None:
        """The bot to act makes one move (a failing bot the default move, counted in ``faults``);
        returns its Act event, or None when no bot is to act (a person's turn, or the hand is over)."""
        state = self.state
        if state is None or state.is_over or state.actor is None:  # self.actor is None
            return None
        k = state.actor
        player = self.players[self.player_of[k]]
        if player.bot is None:  # a person's turn
            return None
        was_automatic = player.automatic
        action, target, fault = self._ask(player, state, k)
        if fault is not None:
            self.faults.append(Fault(self.hand_number, self.seat_of[k], player.name, fault[0], fault[1], str(action)))
        before = len(state._events)
        state._play(action, target, fault is not None or was_automatic)  # state.apply(...), checked by _ask
        event = state._events[before]  # apply logs the action first, then what follows it (cards, the showdown)
        assert isinstance(event, Act)
        self._after_action()
        return event

    def act(self, action: Action) -> None:
        """Apply a person's move (an illegal one raises IllegalActionError and changes nothing)."""
        who = self.actor
        if who is None or not self.players[who].is_human or self.state is None:
            raise ParameterError("it is not your turn")
        self.state.apply(action)
        self._after_action()

    def play_hand(self) -> None:
        """Let the bots play the hand in play to its end (every seat a bot)."""
        while self.step() is not None:
            pass

    def _view(self, seat: int) -> PlayerView:
        """``view_for(self.state, seat, self.names)``, unchecked, its events from the seat logs."""
        state = self.state
        assert state is not None
        logs = self._logs
        if logs is None or logs.state is not state:  # a hand that start_hand did not deal
            logs = self._logs = _SeatLogs(state, self.names)
        return logs.view(seat)

    def _after_action(self) -> None:
        state = self.state
        assert state is not None
        if self._observers:
            _tell(state, self._observers, self._seen, self._view)
        self._seen = len(state._events)
        if state.is_over:
            self._finish_hand(state)

    def _finish_hand(self, state: HandState) -> None:
        final = state.final_stacks
        for k, i in enumerate(self.player_of):
            p = self.players[i]
            delta = final[k] - state.starting_stacks[k]
            p.played += 1
            p.won += delta
            p.stack = p.stack + delta if self.rules.reset_stacks else final[k]
            if k in self._enders and p.bot is not None:  # a seat with a bot that has end_hand
                p.bot.end_hand(self._view(k))
        self.hand_number += 1
        stacks = [p.stack for p in self.players]  # after the hand, before anyone goes out or buys back in
        changes: list[tuple[int, str]] = []
        line = self.hand_rules.min_stack_to_play
        for i, p in enumerate(self.players):
            if not self.rules.reset_stacks and not p.out and p.stack < line:
                if self.rebuy:
                    p.stack = self.rules.starting_stack
                    changes.append((i, "rebuy"))
                    continue
                p.out = True
                self.out_after[p.name] = self.hand_number
                changes.append((i, "out"))
        if self.on_hand_end is not None:
            self.on_hand_end(state, stacks, changes)

    def _ask(
        self, player: TablePlayer, state: HandState, seat: int
    ) -> tuple[Action, int | None, tuple[str, str] | None]:
        """Ask a bot for its action; on failure return the default action and the fault (kind, message).

        The action comes back checked, with its raise target (None for other actions), ready for
        :meth:`HandState._play`; the default action (check, else fold) is always legal.
        """
        tb = self.time_bank
        if player.automatic:
            return _default_action(state), None, None
        if tb is not None:
            player.bank = min(player.bank + tb.per_move, tb.initial + tb.per_move)
        view = self._view(seat)
        t0 = time.perf_counter()
        fault: tuple[str, str] | None = None
        try:
            action = player.bot.act(view)  # type: ignore[union-attr]
        except self.fatal:
            raise  # play_match: a missing or broken preflop table is the installation's fault, not the bot's
        except Exception as exc:
            fault = ("exception", f"{type(exc).__name__}: {exc}")
            action = None
        spent = time.perf_counter() - t0
        player.elapsed += spent
        player.asked += 1
        if fault is None and spent > player.bank:
            fault = ("timeout", f"took {spent:.3f} s with {player.bank:.3f} s left in the time bank")
        if tb is not None:
            player.bank = max(player.bank - spent, 0.0)
        if fault is None:
            try:
                target = _checked_target(state, action)
            except IllegalActionError as exc:
                fault = ("illegal", str(exc))
        if fault is None:
            player.misses = 0
            return action, target, None
        player.misses += 1
        if tb is not None and player.misses > tb.max_misses:
            player.automatic = True
        return _default_action(state), None, fault


MAX_HANDS = 10**9
"""More hands (or deals) than this in one match are refused rather than started."""


def _named_history(text: str, names: tuple[str, ...], state: HandState) -> str:
    """A hand's PHH text with a ``players`` field: the bots' names in PHH order (from the seat after the button),
    so that a reader of the history (``pokerlab.stats``, ``decisions_from_phh``) knows who sat where."""
    import json

    order = [(state.button + k) % state.n for k in range(1, state.n + 1)]
    return text + "players = " + json.dumps([names[s] for s in order], ensure_ascii=False) + "\n"


def play_match(
    bots: list[Any],
    rules: Rules,
    hands: int,
    seed: int | None = None,
    duplicate: bool = False,
    *,
    time_limit: float | None = None,
    keep_histories: bool = False,
    progress: bool = False,
) -> MatchResult:
    """Play ``hands`` hands (deals, when ``duplicate``) between ``bots``; see the module docstring.

    ``progress`` shows a ``tqdm.auto`` bar counting the deals (``pokerlab tournament --duplicate`` does).
    """
    import pandas as pd

    Rules.checked(rules)
    n = len(_validate.collection(bots, "bots must be a list of bots"))
    rules.check_players(n, "bots")
    hands = _validate.whole(hands, "hands", lo=1, hi=MAX_HANDS)
    seed = _validate.seed(seed)
    _validate.flag(duplicate, "duplicate")
    _validate.flag(keep_histories, "keep_histories")
    _validate.flag(progress, "progress")
    if time_limit is not None:
        time_limit = _validate.real(time_limit, "time_limit (seconds)", lo=0, lo_open=True)
    for b in bots:
        _validate.protocol(b, "bots: a bot needs an act(view) method", methods=("act",))
    if duplicate and not rules.reset_stacks:
        raise ParameterError("duplicate matches need rules that reset stacks every hand (reset_stacks=True)")
    names = _unique_names(bots)
    seed = int(cast(int, np.random.SeedSequence().entropy) % (2**63)) if seed is None else seed
    first_button = int(np.random.default_rng(seed).integers(n))
    players = [TablePlayer(name, bot, rules.starting_stack) for name, bot in zip(names, bots, strict=True)]
    table = TableLoop(
        rules,
        players,
        seed=seed,
        first_button=first_button,
        rotation=Rotation.DEAL_COUNT,
        seeding=Seeding.PER_DEAL,
        clock=True,
        fatal=(PreflopTableError,),
    )
    histories: list[str] = []
    unexported: list[tuple[int, str]] = []
    money_rows = [{p.name: p.stack for p in players}]
    win_rows: list[dict[str, Any]] = []
    started = time.perf_counter()
    seatings = [list(range(n))] if not duplicate else [[(i + k) % n for i in range(n)] for k in range(n)]
    deals: Any = range(hands)
    if progress:  # tqdm closes its bar when the loop ends, by a break or an exception (Ctrl-C) too
        what = "duplicate deals" if duplicate else "hands"
        deals = _progress.bar(hands, f"{' vs '.join(names)}: {what}", "deal" if duplicate else "hand", iterable=deals)
    for deal in deals:
        _signals.check()
        if time_limit is not None and time.perf_counter() - started > time_limit:
            break
        for seating in seatings:  # seating[i] is the table seat of bot i
            hand_no = table.hand_number
            state = table.start_hand(deal, seating=seating)
            if state is None:
                break
            table.play_hand()
            result: dict[str, float] = {"hand": hand_no, "deal": deal}
            final = state.final_stacks
            for k, i in enumerate(table.player_of):
                result[names[i]] = final[k] - state.starting_stacks[k]
            for name in names:
                result.setdefault(name, np.nan)
            win_rows.append(result)
            money_rows.append({p.name: p.stack for p in players})
            if keep_histories:
                try:
                    histories.append(_named_history(state.to_phh(), table.names, state))
                except PHHError as exc:  # a hand PHH has no words for: said, and the match goes on
                    unexported.append((hand_no, str(exc)))
        if sum(1 for p in players if not p.out) < 2:
            break
    money = pd.DataFrame(money_rows, columns=list(names))
    money.index.name = "hand"
    winnings = pd.DataFrame(win_rows, columns=["hand", "deal", *names]).set_index("hand")
    return MatchResult(
        names=names,
        rules=rules,
        hands=table.hand_number,
        money=money,
        winnings=winnings,
        faults=table.faults,
        histories=histories,
        duplicate=duplicate,
        seconds_per_action={p.name: (p.elapsed / p.asked if p.asked else 0.0) for p in players},
        eliminated={name: after - 1 for name, after in table.out_after.items()},
        unexported=unexported,
    )
