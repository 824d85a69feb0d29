"""Matches between bots: seats, rotation, clocks, faults, duplicate play, results.

A bot is any object with a ``name`` and an ``act(view) -> Action`` method.
It may also define ``observe(event, view)`` (called for every event it is
allowed to see), ``start_match(seat, rules, players)`` and
``end_hand(view)``. The :class:`PlayerView` it receives hides the other
players' hole cards until a showdown shows them.

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

import math
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol, cast, runtime_checkable

import numpy as np

from pokerlab import _chart_hook, _progress, _signals, _validate
from pokerlab.errors import ParameterError, PreflopTableError
from pokerlab.game.rules import Rules, Street
from pokerlab.game.state import (
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

__all__ = ["Bot", "Fault", "MatchResult", "PlayerView", "ask_bot", "notify_bots", "play_match", "view_for"]


@runtime_checkable
class Bot(Protocol):
    """What a seat needs: a name and a decision."""

    name: str

    def act(self, view: PlayerView) -> Action: ...


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

    ``names`` (one per seat of the hand) lets a bot follow opponents from hand to hand.
    """

    if not isinstance(state, HandState):
        raise ParameterError(f"state must be a HandState, not {state!r:.60}")
    seat = _validate.whole(seat, "seat", lo=0, hi=state.n - 1)
    if not isinstance(names, tuple) or not all(isinstance(n, str) for n in names):
        raise ParameterError(f"names must be a tuple of names, one per seat, not {names!r:.60}")
    mine = state.actor == seat
    return PlayerView(
        seat=seat,
        hole=state.hole[seat],
        board=tuple(state.board),
        street=state.street,
        button=state.button,
        players=state.n,
        stacks=tuple(state.stacks),
        street_bets=tuple(state.street_bet),
        folded=tuple(state.folded),
        all_in=tuple(state.all_in),
        pot=state.pot,
        current_bet=state.current_bet,
        to_call=state.to_call if mine else 0,
        min_raise_to=state.min_raise_to if mine else None,
        max_raise_to=state.max_raise_to if mine else None,
        legal=state.legal_actions() if mine else (),
        small_blind=state.small_blind,
        big_blind=state.big_blind,
        hand_number=state.hand_number,
        actor=state.actor,
        rules=state.rules,
        events=tuple(e for e in state.events if _visible(e, seat)),
        names=names,
    )


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
    if not isinstance(action, (Fold, Check, Call, RaiseTo, Raise)):
        raise IllegalActionError(f"{action!r} is not an action")
    state.check(action)
    return action


def ask_bot(bot: Any, state: HandState, seat: int, names: tuple[str, ...] = ()) -> tuple[Action, str | None]:
    """One decision outside :func:`play_match` (a table app): the bot's action if it is legal,
    otherwise the default action (check, else fold) and a sentence saying what went wrong."""
    try:
        return _checked_action(state, bot.act(view_for(state, seat, names))), None
    except Exception as exc:  # a crashed bot must not stop the table
        return _default_action(state), f"{type(exc).__name__}: {exc}"


def notify_bots(state: HandState, bots_by_seat: dict[int, Any], seen: int, names: tuple[str, ...] = ()) -> None:
    """Show the events after ``seen`` to every bot that observes (what :func:`play_match` does)."""
    new = state.events[seen:]
    if not new:
        return
    for seat, bot in bots_by_seat.items():
        observe = getattr(bot, "observe", None)
        if observe is None:
            continue
        view = view_for(state, seat, names)
        for e in new:
            if _visible(e, seat):
                observe(e, view)


MAX_HANDS = 10**9
"""More hands (or deals) than this in one match are refused rather than started."""


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

    if not isinstance(rules, Rules):
        raise ParameterError(f"rules must be a Rules value (e.g. pokerlab.game.NO_LIMIT_RING), not {rules!r}")
    if isinstance(bots, (str, bytes)) or not hasattr(bots, "__len__"):
        raise ParameterError(f"bots must be a list of bots, not {bots!r}")
    n = len(bots)
    rules.check_players(n, "bots")
    hands = _validate.whole(hands, "hands", lo=1, hi=MAX_HANDS)
    seed = _validate.seed(seed)
    _validate.flag(duplicate, "duplicate")
    _validate.flag(keep_histories, "keep_histories")
    _validate.flag(progress, "progress")
    if time_limit is not None:
        time_limit = _validate.real(time_limit, "time_limit (seconds)", lo=0, lo_open=True)
    for b in bots:
        if not callable(getattr(b, "act", None)):
            raise ParameterError(f"bots: {b!r:.60} is not a bot: it needs an act(view) method")
    if duplicate and not rules.reset_stacks:
        raise ParameterError("duplicate matches need rules that reset stacks every hand (reset_stacks=True)")
    names = _unique_names(bots)
    seed = int(cast(int, np.random.SeedSequence().entropy) % (2**63)) if seed is None else seed
    rng = np.random.default_rng(seed)
    first_button = int(rng.integers(n))
    for i, b in enumerate(bots):
        if hasattr(b, "start_match"):
            b.start_match(i, rules, n)
    stacks = {name: rules.starting_stack for name in names}
    out = {name: False for name in names}
    bank = {name: rules.time_bank.initial if rules.time_bank else math.inf for name in names}
    misses = {name: 0 for name in names}
    automatic = {name: False for name in names}
    faults: list[Fault] = []
    histories: list[str] = []
    money_rows = [dict(stacks)]
    win_rows: list[dict[str, Any]] = []
    elapsed = {name: 0.0 for name in names}
    asked = {name: 0 for name in names}
    eliminated: dict[str, int] = {}
    started = time.perf_counter()
    seatings = [list(range(n))] if not duplicate else [[(i + k) % n for i in range(n)] for k in range(n)]
    hand_no = 0
    deals: Any = range(hands)
    if progress:  # tqdm closes its bar when the loop ends, by a break or an exception (Ctrl-C) too
        what = "duplicate deals" if duplicate else "hands"
        deals = _progress.bar(hands, f"{' vs '.join(names)}: {what}", "deal" if duplicate else "hand", iterable=deals)
    for deal in deals:
        _signals.check()
        if time_limit is not None and time.perf_counter() - started > time_limit:
            break
        deal_seed = int(np.random.SeedSequence([seed, deal]).generate_state(1, dtype=np.uint64)[0] % (2**63))
        for seating in seatings:
            # seating[i] is the table seat of bot i
            by_seat = {seating[i]: i for i in range(n)}
            active_seats = [s for s in range(n) if not out[names[by_seat[s]]]]
            if len(active_seats) < 2:
                break
            table_button = (first_button + deal) % n if rules.reset_stacks else (first_button + hand_no) % n
            while table_button not in active_seats:
                table_button = (table_button + 1) % n
            hand_seat_of = {s: k for k, s in enumerate(active_seats)}
            bot_of = [by_seat[s] for s in active_seats]
            start_stacks = [rules.starting_stack if rules.reset_stacks else stacks[names[b]] for b in bot_of]
            state = rules.new_hand(start_stacks, button=hand_seat_of[table_button], seed=deal_seed, hand_number=hand_no)
            seen = 0
            while True:
                hand_names = tuple(names[b] for b in bot_of)
                _broadcast(state, bots, bot_of, seen, hand_names)
                seen = len(state.events)
                if state.is_over:
                    break
                k = state.actor
                assert k is not None
                b = bot_of[k]
                name = names[b]
                was_automatic = automatic[name]
                action, fault = _ask(
                    bots[b], state, k, rules, name, bank, misses, automatic, elapsed, asked, hand_names
                )
                if fault is not None:
                    faults.append(Fault(hand_no, seating[b], name, fault[0], fault[1], str(action)))
                state.apply(action, automatic=fault is not None or was_automatic)
            result: dict[str, float] = {"hand": hand_no, "deal": deal}
            for k, b in enumerate(bot_of):
                name = names[b]
                net = state.final_stacks[k] - state.starting_stacks[k]
                result[name] = net
                stacks[name] = stacks[name] + net if rules.reset_stacks else state.final_stacks[k]
                if hasattr(bots[b], "end_hand"):
                    bots[b].end_hand(view_for(state, k, tuple(names[x] for x in bot_of)))
            for name in names:
                result.setdefault(name, np.nan)
                if not rules.reset_stacks and not out[name] and stacks[name] < rules.min_stack_to_play:
                    out[name] = True
                    eliminated[name] = hand_no
            win_rows.append(result)
            money_rows.append(dict(stacks))
            if keep_histories:
                histories.append(state.to_phh())
            hand_no += 1
        if sum(1 for v in out.values() if not v) < 2:
            break
    money = pd.DataFrame(money_rows, columns=list(names))
    money.index.name = "hand"
    winnings = pd.DataFrame(win_rows, columns=["hand", "deal", *names]).set_index("hand")
    return MatchResult(
        names=names,
        rules=rules,
        hands=hand_no,
        money=money,
        winnings=winnings,
        faults=faults,
        histories=histories,
        duplicate=duplicate,
        seconds_per_action={nm: (elapsed[nm] / asked[nm] if asked[nm] else 0.0) for nm in names},
        eliminated=eliminated,
    )


def _broadcast(state: HandState, bots: list[Any], bot_of: list[int], seen: int, names: tuple[str, ...] = ()) -> None:
    notify_bots(state, {k: bots[b] for k, b in enumerate(bot_of)}, seen, names)


def _ask(
    bot: Any,
    state: HandState,
    seat: int,
    rules: Rules,
    name: str,
    bank: dict[str, float],
    misses: dict[str, int],
    automatic: dict[str, bool],
    elapsed: dict[str, float],
    asked: dict[str, int],
    names: tuple[str, ...] = (),
) -> tuple[Action, tuple[str, str] | None]:
    """Ask a bot for its action; on failure return the default action and the fault."""
    tb = rules.time_bank
    if automatic[name]:
        return _default_action(state), None
    if tb is not None:
        bank[name] = min(bank[name] + tb.per_move, tb.initial + tb.per_move)
    view = view_for(state, seat, names)
    t0 = time.perf_counter()
    fault: tuple[str, str] | None = None
    try:
        action = bot.act(view)
    except PreflopTableError:
        raise  # a missing or broken table file is the installation's fault, not the bot's: never play on without it
    except Exception as exc:
        fault = ("exception", f"{type(exc).__name__}: {exc}")
        action = None
    spent = time.perf_counter() - t0
    elapsed[name] += spent
    asked[name] += 1
    if fault is None and spent > bank[name]:
        fault = ("timeout", f"took {spent:.3f} s with {bank[name]:.3f} s left in the time bank")
    if tb is not None:
        bank[name] = max(bank[name] - spent, 0.0)
    if fault is None:
        try:
            action = _checked_action(state, action)
        except IllegalActionError as exc:
            fault = ("illegal", str(exc))
    if fault is None:
        misses[name] = 0
        return action, None
    misses[name] += 1
    if tb is not None and misses[name] > tb.max_misses:
        automatic[name] = True
    return _default_action(state), fault
