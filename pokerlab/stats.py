"""Player statistics from hand histories: what a HUD shows, each with its sample size and a 95 % interval.

Every poker player reads opponents through a few counts (VPIP, PFR, 3-bet, c-bet, aggression,
went-to-showdown), and so do the report's bots (Phase III's learned action frequencies, the context
features of lesson 09). A count means nothing without the number of times it *could* have happened, so
every statistic here is a **count over its opportunities**, as PokerTracker 4 (the trackers'
reference) defines them, with a 95 % Wilson score interval worked out from the two numbers.

>>> from pokerlab import datasets
>>> table = player_stats(datasets.path("three_handed_all_in"), progress=False)
>>> table.loc["Small Blind", ("three_bet", "count")], table.loc["Small Blind", ("three_bet", "opportunities")]
(np.int64(1), np.int64(1))
>>> table["vpip"][["count", "opportunities", "value"]]
field        count  opportunities  value
player
Big Blind        0              1    0.0
Button           1              1    1.0
Small Blind      1              1    1.0

:func:`player_stats` reads PHH files and ``.phhs`` collections (plain, ``.gz`` or ``.xz``), folders of
them, ACPC dealer logs (``.log``), a :class:`~pokerlab.game.MatchResult` (its ``histories``), replayed
:class:`~pokerlab.game.phh.PHHHand` or :class:`~pokerlab.game.HandState` objects, or any iterable of
these, one hand at a time (nothing holds all hands in memory), and returns one row per player. The reading
(:func:`hand_sources`, :func:`iter_hands`, both importable from here) lives in :mod:`pokerlab._hand_histories`;
this module counts.
:class:`StatCounts` is the running sum behind it: counts add, so files can be counted on other cores
or machines (``executor=``) and summed exactly; intervals are worked out only after the sum.

**The definitions** (the hand's big blind counts as the first bet preflop, so an open raise is the
"2-bet", a re-raise the "3-bet"; a *decision* is an action of the player's own, never a posted blind):

======================  ===============================================  =========================================
statistic               count                                            opportunities
======================  ===============================================  =========================================
``vpip``                hands with a voluntary preflop call or raise     hands with a preflop decision
``pfr``                 hands with a preflop raise                       hands with a preflop decision
``limp``                first preflop decision a call, nobody having     first preflop decision facing only the
                        raised                                           forced bets (not the big blind's option)
``three_bet``           raised when facing the 2-bet                     faced the 2-bet and could raise
``fold_to_three_bet``   made the 2-bet, folded to the 3-bet              made the 2-bet and next faced the 3-bet
``four_bet``            raised when facing the 3-bet                     faced the 3-bet and could raise
``steal``               open raise from the cutoff, button or small      folded to in one of those seats, could
                        blind                                            raise
``fold_vs_steal``,      the blinds' answer to a steal: fold, call or     in a blind, facing a steal raise that no
``call_vs_steal``,      raise                                            one else has called or raised
``three_bet_vs_steal``
``cbet_flop``           the last preflop raiser bets the flop            was the last preflop raiser, first to
                                                                         bet on the flop (checked to or first)
``cbet_turn``           the flop c-bettor bets the turn                  c-bet the flop, first to bet on the turn
``fold_vs_cbet``,       the answer to a flop c-bet: fold, call or        faced a flop c-bet with no raise after
``call_vs_cbet``,       raise                                            it (the first answer only)
``raise_vs_cbet``
``check_raise``         raised after checking on the same street         checked, then faced a bet and could
                                                                         raise (once per street, flop to river)
``donk_flop``           bet the flop into the last preflop raiser        first to bet on the flop, acting before
                                                                         the last preflop raiser, who can still
                                                                         act
``af_<street>``         bets + raises                                    bets + raises + calls; the value is
                                                                         (bets + raises) / calls
``afq_<street>``        bets + raises                                    bets + raises + calls + folds
``wtsd``                went to showdown                                 saw the flop
``wsd`` (W$SD)          won some chips at the showdown                   went to showdown (result known)
``wwsf``                won some chips                                   saw the flop (result known)
``bb_per_100``          big blinds won, summed                           hands (result known); the value is
                                                                         100 x won / hands
======================  ===============================================  =========================================

``<street>`` is ``flop``, ``turn``, ``river`` or ``postflop`` (the three summed). Choices where
trackers differ, made here so:

* **Walks**: the big blind who wins the blinds without a decision has no preflop opportunity (PT4's
  "hands minus walks"); the same holds for a player all-in on posting a blind.
* **All-in calls and raises**: an all-in call is a call (VPIP, ``call_vs_steal``, the aggression
  factor's calls); an all-in raise for less than a full raise is a raise (PFR, 3-bet), though it does
  not reopen the betting for players who had acted, who then cannot raise (no 3-bet opportunity). A
  player all-in before the flop who is still in when it is dealt *saw the flop*, so preflop all-ins
  count in WTSD, W$SD and WWSF (as PT4 counts them).
* **Straddles**: a posted straddle is a forced bet, not a voluntary one (no VPIP); the straddle counts
  with the blinds as the first bet, so calling it in an unraised pot is a limp and the first raise
  over it is the 2-bet. The straddler keeps the position of the seat.
* **Missing hole cards** (``????`` never shown): the betting statistics need no cards. A pot that
  only hidden cards could decide stays undecided in the replay; its contenders' W$SD, WWSF and
  ``bb_per_100`` leave that hand out of their opportunities (the result is unknown, not a loss). A
  player who mucks at the showdown went to showdown and won nothing there.
* **Check-raise** counts on every postflop street; **donk bets**, **c-bets against** and the
  **steal defence** only in the spots above (the blinds facing a lone steal raise, the first answer
  to an unraised flop c-bet), as PT4's default statistics do.
* **Positions**: ``button``, ``small blind``, ``big blind``; the seats between the big blind and
  the button are, in order, ``early`` (the first half, rounded down), ``middle``, and ``late`` (the
  cutoff, the seat before the button). Heads-up the button posts the small blind and is ``button``.

**Intervals**: the Wilson score interval for a proportion ``c / o`` at 95 % (``z = 1.96``), NaN when
``o = 0``. The aggression factor ``(b + r) / c`` is ``p / (1 - p)`` of the proportion
``p = (b + r) / (b + r + c)``, so its interval is the Wilson interval of ``p`` mapped the same way.
``bb_per_100`` has a normal interval, 100 x (mean +- 1.96 standard errors) over the hands.
"""

from __future__ import annotations

import math
import os
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction
from pathlib import Path
from typing import Any

from pokerlab import _progress, _signals, _validate
from pokerlab._hand_histories import _all_paths, _iter_file, hand_sources, iter_hands
from pokerlab.errors import DataError, ParameterError, ParameterTypeError
from pokerlab.game.match import MatchResult
from pokerlab.game.phh import PHHHand
from pokerlab.game.rules import Rules
from pokerlab.game.state import (
    Act,
    ActionKind,
    AwardPot,
    DealBoard,
    HandState,
    Muck,
    PostAnte,
    PostBlind,
    ReturnUncalled,
    Showdown,
)
from pokerlab.streets import Street

__all__ = [
    "FIELDS",
    "LABELS",
    "STATISTICS",
    "Position",
    "StatCounts",
    "count_hands",
    "format_table",
    "hand_sources",
    "iter_hands",
    "player_stats",
    "positions",
    "wilson_interval",
]


class Position(StrEnum):
    """A seat's position in one hand (see the module docstring for the early/middle/late split)."""

    EARLY = "early"
    MIDDLE = "middle"
    LATE = "late"
    BUTTON = "button"
    SMALL_BLIND = "small blind"
    BIG_BLIND = "big blind"


_STEAL_SEATS = frozenset((Position.LATE, Position.BUTTON, Position.SMALL_BLIND))
_BLINDS = frozenset((Position.SMALL_BLIND, Position.BIG_BLIND))


def positions(state: HandState) -> tuple[Position, ...]:
    """The :class:`Position` of every seat of a hand, by table seat.

    >>> from pokerlab.game import NO_LIMIT_RING
    >>> [p.value for p in positions(NO_LIMIT_RING.new_hand([200] * 6, button=5, seed=1))]
    ['small blind', 'big blind', 'early', 'middle', 'late', 'button']
    """
    _validate.instance(state, HandState, "state must be a pokerlab HandState (a hand)")
    n, button = state.n, state.button
    small, big = state.small_blind_seat, state.big_blind_seat
    out: list[Position | None] = [None] * n
    out[button] = Position.BUTTON
    if small != button:
        out[small] = Position.SMALL_BLIND
    out[big] = Position.BIG_BLIND
    between = []
    seat = (big + 1) % n
    while seat != button and seat != small:
        between.append(seat)
        seat = (seat + 1) % n
    k = len(between)
    early = k // 2
    for i, seat in enumerate(between):
        out[seat] = Position.LATE if i == k - 1 else Position.EARLY if i < early else Position.MIDDLE
    return tuple(p if p is not None else Position.EARLY for p in out)


# ----------------------------------------------------------------------------
# The counters
# ----------------------------------------------------------------------------

_COUNTERS = (
    "hands",
    "vpip",
    "vpip_o",
    "pfr",
    "limp",
    "limp_o",
    "three_bet",
    "three_bet_o",
    "fold_to_three_bet",
    "fold_to_three_bet_o",
    "four_bet",
    "four_bet_o",
    "steal",
    "steal_o",
    "fold_vs_steal",
    "call_vs_steal",
    "three_bet_vs_steal",
    "vs_steal_o",
    "cbet_flop",
    "cbet_flop_o",
    "cbet_turn",
    "cbet_turn_o",
    "fold_vs_cbet",
    "call_vs_cbet",
    "raise_vs_cbet",
    "vs_cbet_o",
    "check_raise",
    "check_raise_o",
    "donk_flop",
    "donk_flop_o",
    *(f"{kind}_{street.value}" for street in list(Street)[1:] for kind in ("bets", "raises", "calls", "folds")),
    "saw_flop",
    "wtsd",
    "wsd",
    "wsd_o",
    "wwsf",
    "wwsf_o",
    "known",
)
_I = {name: i for i, name in enumerate(_COUNTERS)}
(
    _HANDS,
    _VPIP,
    _VPIP_O,
    _PFR,
    _LIMP,
    _LIMP_O,
    _3B,
    _3B_O,
    _F3B,
    _F3B_O,
    _4B,
    _4B_O,
    _STEAL,
    _STEAL_O,
    _F_STEAL,
    _C_STEAL,
    _R_STEAL,
    _VS_STEAL_O,
    _CBET,
    _CBET_O,
    _TCBET,
    _TCBET_O,
    _F_CBET,
    _C_CBET,
    _R_CBET,
    _VS_CBET_O,
    _CR,
    _CR_O,
    _DONK,
    _DONK_O,
) = range(30)
_AGG = 30  # bets, raises, calls, folds for the flop, then the turn, then the river
_SAW_FLOP, _WTSD, _WSD, _WSD_O, _WWSF, _WWSF_O, _KNOWN = (
    _I[k] for k in ("saw_flop", "wtsd", "wsd", "wsd_o", "wwsf", "wwsf_o", "known")
)
_ANSWER = {ActionKind.FOLD: 0, ActionKind.CALL: 1, ActionKind.RAISE: 2}


@dataclass(frozen=True)
class _Stat:
    key: str
    label: str
    count: tuple[int, ...]
    opportunities: tuple[int, ...]
    kind: str = "rate"  # "rate", "factor" (count / (opportunities - count)) or "bb" (bb_per_100)


def _agg(kinds: str, streets: Sequence[int]) -> tuple[int, ...]:
    return tuple(_AGG + 4 * s + "brcf".index(k) for s in streets for k in kinds)


_STATS: tuple[_Stat, ...] = (
    _Stat("vpip", "VPIP", (_VPIP,), (_VPIP_O,)),
    _Stat("pfr", "PFR", (_PFR,), (_VPIP_O,)),
    _Stat("limp", "Limp", (_LIMP,), (_LIMP_O,)),
    _Stat("three_bet", "3-bet", (_3B,), (_3B_O,)),
    _Stat("fold_to_three_bet", "Fold to 3-bet", (_F3B,), (_F3B_O,)),
    _Stat("four_bet", "4-bet", (_4B,), (_4B_O,)),
    _Stat("steal", "Steal attempt", (_STEAL,), (_STEAL_O,)),
    _Stat("fold_vs_steal", "Fold vs steal", (_F_STEAL,), (_VS_STEAL_O,)),
    _Stat("call_vs_steal", "Call vs steal", (_C_STEAL,), (_VS_STEAL_O,)),
    _Stat("three_bet_vs_steal", "3-bet vs steal", (_R_STEAL,), (_VS_STEAL_O,)),
    _Stat("cbet_flop", "Flop c-bet", (_CBET,), (_CBET_O,)),
    _Stat("cbet_turn", "Turn c-bet", (_TCBET,), (_TCBET_O,)),
    _Stat("fold_vs_cbet", "Fold vs flop c-bet", (_F_CBET,), (_VS_CBET_O,)),
    _Stat("call_vs_cbet", "Call vs flop c-bet", (_C_CBET,), (_VS_CBET_O,)),
    _Stat("raise_vs_cbet", "Raise vs flop c-bet", (_R_CBET,), (_VS_CBET_O,)),
    _Stat("check_raise", "Check-raise", (_CR,), (_CR_O,)),
    _Stat("donk_flop", "Donk bet (flop)", (_DONK,), (_DONK_O,)),
    *(
        _Stat(f"af_{name}", f"AF {name}", _agg("br", streets), _agg("brc", streets), "factor")
        for name, streets in (("flop", (0,)), ("turn", (1,)), ("river", (2,)), ("postflop", (0, 1, 2)))
    ),
    *(
        _Stat(f"afq_{name}", f"AFq {name}", _agg("br", streets), _agg("brcf", streets))
        for name, streets in (("flop", (0,)), ("turn", (1,)), ("river", (2,)), ("postflop", (0, 1, 2)))
    ),
    _Stat("wtsd", "WTSD", (_WTSD,), (_SAW_FLOP,)),
    _Stat("wsd", "W$SD", (_WSD,), (_WSD_O,)),
    _Stat("wwsf", "WWSF", (_WWSF,), (_WWSF_O,)),
    _Stat("bb_per_100", "bb/100", (), (_KNOWN,), "bb"),
)

STATISTICS: tuple[str, ...] = tuple(s.key for s in _STATS)
"""The statistics of a :func:`player_stats` table, in its column order (the module docstring defines them)."""

FIELDS: tuple[str, ...] = ("count", "opportunities", "value", "low", "high")
"""The columns of each statistic: its count, its opportunities, count / opportunities and the 95 % interval."""

_Z95 = 1.959963984540054


def wilson_interval(count: int, n: int, z: float = _Z95) -> tuple[float, float]:
    """The Wilson score interval of the proportion ``count / n`` (95 % by default); NaNs when ``n`` is 0.

    Unlike ``p +- 1.96 sqrt(p (1 - p) / n)`` it stays inside [0, 1] and is not empty at 0 or n:

    >>> [round(x, 4) for x in wilson_interval(0, 10)]
    [0.0, 0.2775]
    >>> [round(x, 4) for x in wilson_interval(30, 100)]
    [0.2189, 0.3958]
    """
    total = _validate.real(n, "n", lo=0)
    hits = _validate.real(count, "count", lo=0, hi=total, message=f"count must be a number 0..n ({total:g})")
    z = _validate.real(z, "z", lo=0, lo_open=True, hi=100)
    if total <= 0:
        return math.nan, math.nan
    p, n = hits / total, total  # type: ignore[assignment]
    z2 = z * z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return max(0.0, centre - half), min(1.0, centre + half)


# ----------------------------------------------------------------------------
# Counting one hand
# ----------------------------------------------------------------------------


class StatCounts:
    """The running counts behind :func:`player_stats`, per player and position; ``a + b`` adds them exactly.

    ``add(state, names)`` counts one finished hand (``names[seat]`` is the player at each table seat);
    :meth:`table` turns the sums into the statistics. ``hands_read`` counts the hands added and
    ``skipped`` lists the hands that could not be read, as ``(source, reason)``.
    """

    def __init__(self) -> None:
        self.rows: dict[tuple[str, Position], list[int]] = {}
        # won in big blinds, exactly: per (player, position), per big blind size, [hands, sum, sum of squares] in chips
        self.won: dict[tuple[str, Position], dict[int, list[int]]] = {}
        self.hands_read = 0
        self.skipped: list[tuple[str, str]] = []

    def __add__(self, other: StatCounts) -> StatCounts:
        if not isinstance(other, StatCounts):
            return NotImplemented
        out = StatCounts()
        for part in (self, other):
            out._absorb(part)
        return out

    def _absorb(self, part: StatCounts) -> None:
        for key, row in part.rows.items():
            mine = self.rows.get(key)
            if mine is None:
                self.rows[key] = list(row)
            else:
                for i, v in enumerate(row):
                    mine[i] += v
        for key, groups in part.won.items():
            target = self.won.setdefault(key, {})
            for bb, sums in groups.items():
                t = target.setdefault(bb, [0, 0, 0])
                for i in range(3):
                    t[i] += sums[i]
        self.hands_read += part.hands_read
        self.skipped += part.skipped

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, StatCounts):
            return NotImplemented
        return (self.rows, self.won, self.hands_read, self.skipped) == (
            other.rows,
            other.won,
            other.hands_read,
            other.skipped,
        )

    __hash__ = None  # type: ignore[assignment]  # a running sum changes

    @property
    def players(self) -> tuple[str, ...]:
        """Every player counted, in the order first seen."""
        return tuple(dict.fromkeys(name for name, _ in self.rows))

    def counter(self, player: str, name: str) -> int:
        """One raw counter of ``player`` over all positions (e.g. ``"vpip_o"``, ``"bets_flop"``; see ``_COUNTERS``)."""
        i = _I[name]
        return sum(row[i] for (p, _), row in self.rows.items() if p == player)

    def add(self, state: HandState, names: Sequence[str]) -> None:
        """Count one finished hand; ``names[seat]`` names the player at each table seat."""
        _count_hand(state, names, self)
        self.hands_read += 1

    def _row(self, name: str, position: Position) -> list[int]:
        key = (name, position)
        row = self.rows.get(key)
        if row is None:
            row = self.rows[key] = [0] * len(_COUNTERS)
        return row

    def table(self, players: Iterable[str] | None = None, *, by_position: bool = False) -> Any:
        """The statistics as a DataFrame (see :func:`player_stats`)."""
        import pandas as pd

        wanted = self._players(players)
        keys: list[Any] = []
        sums: list[list[int]] = []
        won: list[dict[int, list[int]]] = []
        for player in wanted:
            if by_position:
                for position in Position:
                    if (player, position) in self.rows:
                        keys.append((player, position.value))
                        sums.append(self.rows[(player, position)])
                        won.append(self.won.get((player, position), {}))
            else:
                parts = [(row, self.won.get(k, {})) for k, row in self.rows.items() if k[0] == player]
                keys.append(player)
                sums.append(
                    [sum(col) for col in zip(*(r for r, _ in parts), strict=True)] if parts else [0] * len(_COUNTERS)
                )
                merged: dict[int, list[int]] = {}
                for _, groups in parts:
                    for bb, s in groups.items():
                        t = merged.setdefault(bb, [0, 0, 0])
                        for i in range(3):
                            t[i] += s[i]
                won.append(merged)
        columns = [("hands", "count")] + [(s.key, f) for s in _STATS for f in FIELDS]
        data = [_row_values(row, w) for row, w in zip(sums, won, strict=True)]
        if by_position:
            index = pd.MultiIndex.from_tuples(keys, names=["player", "position"]) if keys else None
        else:
            index = pd.Index(keys, name="player")
        frame = pd.DataFrame(
            data, index=index, columns=pd.MultiIndex.from_tuples(columns, names=["statistic", "field"])
        )
        if by_position and not keys:
            frame.index = pd.MultiIndex.from_tuples([], names=["player", "position"])
        ints = [c for c in frame.columns if c[1] in ("count", "opportunities") and c[0] != "bb_per_100"]
        return frame.astype({c: "int64" for c in ints})

    def _players(self, players: Iterable[str] | None) -> list[str]:
        if players is None:
            return sorted(self.players, key=lambda p: (-self.counter(p, "hands"), p))
        if isinstance(players, str):
            return [players]
        wanted = list(players)
        for p in wanted:
            _validate.text(p, "p", empty=True, message=f"players lists player names (strings), not {p!r:.60}")
        return wanted


def _row_values(row: list[int], won: dict[int, list[int]]) -> list[float]:
    out: list[float] = [row[_HANDS]]
    for s in _STATS:
        if s.kind == "bb":
            n = sum(g[0] for g in won.values())
            total = sum((Fraction(g[1], bb) for bb, g in won.items()), Fraction(0))
            squares = sum((Fraction(g[2], bb * bb) for bb, g in won.items()), Fraction(0))
            if n == 0:
                out += [0.0, 0, math.nan, math.nan, math.nan]
                continue
            mean = total / n
            var = (squares - n * mean * mean) / (n - 1) if n > 1 else Fraction(0)
            half = _Z95 * math.sqrt(float(var) / n) if n > 1 else math.nan
            value = 100 * float(mean)
            out += [float(total), n, value, value - 100 * half, value + 100 * half]
            continue
        c = sum(row[i] for i in s.count)
        o = sum(row[i] for i in s.opportunities)
        lo, hi = wilson_interval(c, o)
        if s.kind == "factor":
            calls = o - c
            value = math.nan if o == 0 else math.inf if calls == 0 else c / calls
            lo = lo / (1 - lo) if lo < 1 else math.inf
            hi = hi / (1 - hi) if hi < 1 else math.inf
            out += [c, o, value, lo, hi]
        else:
            out += [c, o, c / o if o else math.nan, lo, hi]
    return out


def _count_hand(state: HandState, names: Sequence[str], acc: StatCounts) -> None:
    """Walk the hand's event log once and add every counter of every seat (definitions: the module docstring)."""
    n = state.n
    if not state.is_over:
        raise DataError("the hand is not over: statistics count finished hands only")
    pos = positions(state)
    rows = [acc._row(names[s], pos[s]) for s in range(n)]
    for r in rows:
        r[_HANDS] += 1
    caps = state.rules.raise_cap
    stacks = list(state.starting_stacks)
    street_bet = [0] * n
    current = raises = 0
    acted = [False] * n
    can_raise = [True] * n
    folded = [False] * n
    all_in = [False] * n
    street = 0
    # preflop
    level = 1  # the forced bets are the first bet
    limped = False
    first_raiser = pf_aggressor = steal_raiser = None
    steal_clean = False
    seen = [False] * n
    vpip = [False] * n
    pfr = [False] * n
    faced2 = [False] * n
    faced3 = [False] * n
    folded3 = [False] * n
    # postflop
    first = [True] * n
    checked = [False] * n
    cr_seen = [False] * n
    cbettor: int | None = None
    cbet_live = False
    answered = [False] * n
    saw_flop = [False] * n
    at_showdown = [False] * n
    won = [False] * n
    undecided: set[int] = set()
    for e in state.events:
        t = type(e)
        if t is Act:
            assert isinstance(e, Act)
            s, kind = e.seat, e.kind
            r = rows[s]
            facing = current > street_bet[s]
            cap = caps[street]
            could_raise = (
                can_raise[s]
                and (cap is None or raises < cap)
                and stacks[s] > current - street_bet[s]
                and any(
                    u != s and not folded[u] and not all_in[u] and street_bet[u] + stacks[u] > current for u in range(n)
                )
            )
            if street == 0:
                if not seen[s]:
                    seen[s] = True
                    r[_VPIP_O] += 1
                    if level == 1 and facing:
                        r[_LIMP_O] += 1
                        if kind is ActionKind.CALL:
                            r[_LIMP] += 1
                    if level == 1 and not limped and pos[s] in _STEAL_SEATS and could_raise:
                        r[_STEAL_O] += 1
                        if kind is ActionKind.RAISE:
                            r[_STEAL] += 1
                            steal_raiser = s
                    if steal_clean and s != steal_raiser and pos[s] in _BLINDS and level == 2:
                        r[_VS_STEAL_O] += 1
                        answer = _ANSWER.get(kind)
                        if answer is not None:
                            r[_F_STEAL + answer] += 1
                if facing and level == 2 and not faced2[s] and could_raise:
                    faced2[s] = True
                    r[_3B_O] += 1
                    if kind is ActionKind.RAISE:
                        r[_3B] += 1
                if facing and level == 3 and s == first_raiser and not folded3[s]:
                    folded3[s] = True
                    r[_F3B_O] += 1
                    if kind is ActionKind.FOLD:
                        r[_F3B] += 1
                if facing and level == 3 and not faced3[s] and could_raise:
                    faced3[s] = True
                    r[_4B_O] += 1
                    if kind is ActionKind.RAISE:
                        r[_4B] += 1
                if kind is ActionKind.CALL or kind.aggressive:
                    if not vpip[s]:
                        vpip[s] = True
                        r[_VPIP] += 1
                    if kind.aggressive:
                        if not pfr[s]:
                            pfr[s] = True
                            r[_PFR] += 1
                        level += 1
                        pf_aggressor = s
                        if first_raiser is None:
                            first_raiser = s
                            steal_clean = steal_raiser == s
                        else:
                            steal_clean = False
                    else:
                        if level == 1:
                            limped = True
                        steal_clean = False
            else:
                if first[s]:
                    if street == 1:
                        if s == pf_aggressor and current == 0 and could_raise:
                            r[_CBET_O] += 1
                            if kind is ActionKind.BET:
                                r[_CBET] += 1
                                cbettor = s
                                cbet_live = True
                        elif (
                            pf_aggressor is not None
                            and current == 0
                            and could_raise
                            and not folded[pf_aggressor]
                            and not all_in[pf_aggressor]
                            and first[pf_aggressor]
                        ):
                            r[_DONK_O] += 1
                            if kind is ActionKind.BET:
                                r[_DONK] += 1
                    elif street == 2 and s == cbettor and current == 0 and could_raise:
                        r[_TCBET_O] += 1
                        if kind is ActionKind.BET:
                            r[_TCBET] += 1
                if street == 1 and cbet_live and s != cbettor and facing and not answered[s]:
                    answered[s] = True
                    r[_VS_CBET_O] += 1
                    answer = _ANSWER.get(kind)
                    if answer is not None:
                        r[_F_CBET + answer] += 1
                if checked[s] and facing and not cr_seen[s] and could_raise:
                    cr_seen[s] = True
                    r[_CR_O] += 1
                    if kind.aggressive:
                        r[_CR] += 1
                base = _AGG + 4 * (street - 1)
                if kind is ActionKind.BET:
                    r[base] += 1
                elif kind is ActionKind.RAISE:
                    r[base + 1] += 1
                    cbet_live = False
                elif kind is ActionKind.CALL:
                    r[base + 2] += 1
                elif kind is ActionKind.FOLD:
                    r[base + 3] += 1
                else:
                    checked[s] = True
            # the state moves on, as the engine moves it
            paid = e.amount
            stacks[s] -= paid
            street_bet[s] += paid
            if e.all_in:
                all_in[s] = True
            if kind is ActionKind.FOLD:
                folded[s] = True
            elif kind.aggressive:
                if e.complete:
                    raises += 1
                    for u in range(n):
                        if u != s:
                            acted[u] = False
                            can_raise[u] = True
                else:
                    for u in range(n):
                        if u != s and acted[u]:
                            acted[u] = False
                            can_raise[u] = False
                current = street_bet[s]
            acted[s] = True
            first[s] = False
        elif t is PostBlind or t is PostAnte:
            assert isinstance(e, (PostBlind, PostAnte))
            stacks[e.seat] -= e.amount
            if stacks[e.seat] == 0:
                all_in[e.seat] = True
            if t is PostBlind:
                street_bet[e.seat] += e.amount
                current = max(current, street_bet[e.seat])
                raises = 1
        elif t is DealBoard:
            assert isinstance(e, DealBoard)
            street = e.street.index
            street_bet = [0] * n
            current = raises = 0
            acted = [False] * n
            can_raise = [True] * n
            first = [True] * n
            checked = [False] * n
            cr_seen = [False] * n
            if street == 1:
                for s in range(n):
                    if not folded[s]:
                        saw_flop[s] = True
                        rows[s][_SAW_FLOP] += 1
        elif t is ReturnUncalled:
            assert isinstance(e, ReturnUncalled)
            stacks[e.seat] += e.amount
            if stacks[e.seat] > 0:
                all_in[e.seat] = False
        elif t is Showdown or t is Muck:
            assert isinstance(e, (Showdown, Muck))
            at_showdown[e.seat] = True
        elif t is AwardPot:
            assert isinstance(e, AwardPot)
            if not e.winners:
                undecided.update(e.eligible)
            for s, share in zip(e.winners, e.shares, strict=True):
                if share > 0:
                    won[s] = True
    bb = state.big_blind
    for s in range(n):
        r = rows[s]
        if at_showdown[s] and saw_flop[s]:
            r[_WTSD] += 1
        if s in undecided:
            continue
        if at_showdown[s] and saw_flop[s]:
            r[_WSD_O] += 1
            if won[s]:
                r[_WSD] += 1
        if saw_flop[s]:
            r[_WWSF_O] += 1
            if won[s]:
                r[_WWSF] += 1
        r[_KNOWN] += 1
        net = state.stacks[s] - state.starting_stacks[s]
        groups = acc.won.get((names[s], pos[s]))
        if groups is None:
            groups = acc.won[(names[s], pos[s])] = {}
        g = groups.get(bb)
        if g is None:
            g = groups[bb] = [0, 0, 0]
        g[0] += 1
        g[1] += net
        g[2] += net * net


# ----------------------------------------------------------------------------
# Counting hands (read by pokerlab._hand_histories), on one process or many
# ----------------------------------------------------------------------------


def _count_file(path: str, rules: Rules | None, skip_bad: bool) -> StatCounts:
    """Count one file (the task of a process pool or a dask worker)."""
    acc = StatCounts()
    skip: list[tuple[str, str]] | None = [] if skip_bad else None
    for state, names in _iter_file(Path(path), rules, skip):
        acc.add(state, names)
    if skip:
        acc.skipped += skip
    return acc


def count_hands(
    hands: Any,
    *,
    rules: Rules | None = None,
    skip_bad: bool = False,
    executor: Any = None,
    progress: bool = True,
) -> StatCounts:
    """The :class:`StatCounts` of ``hands`` (what :func:`player_stats` reads; same arguments).

    With ``executor`` (a :class:`concurrent.futures.Executor` or a dask ``distributed.Client``),
    ``hands`` must name files or folders: each file is counted by a worker and the counts are summed
    here, exactly (they are whole numbers), so the result equals the single-process one.
    """
    _validate.flag(skip_bad, "skip_bad")
    _validate.flag(progress, "progress")
    _validate.instance(rules, Rules, "rules must be a pokerlab Rules value (the game of ACPC logs)", optional=True)
    if executor is not None:
        return _count_files(hands, rules, skip_bad, executor, progress)
    if _all_paths(hands):  # a missing file is an error before any work (and before the progress bar)
        hands = hand_sources(hands)
    acc = StatCounts()
    skip: list[tuple[str, str]] | None = [] if skip_bad else None
    bar = _progress.bar(None, "player statistics", "hand") if progress else None
    try:
        for state, names in iter_hands(hands, rules=rules, skip=skip):
            acc.add(state, names)
            if acc.hands_read % 1000 == 0:
                _signals.check()
                if bar is not None:
                    bar.update(1000)
        if bar is not None:
            bar.update(acc.hands_read % 1000)
    finally:
        if bar is not None:
            bar.close()
    if skip:
        acc.skipped += skip
    return acc


def _count_files(hands: Any, rules: Rules | None, skip_bad: bool, executor: Any, progress: bool) -> StatCounts:
    _validate.instance(
        hands,
        (str, os.PathLike, Iterable),
        "executor= counts files: give hands as file or folder paths",
        check=lambda given: not isinstance(given, (bytes, MatchResult, PHHHand, HandState)),
    )
    items = [hands] if _validate.is_path(hands) else list(hands)
    if not all(isinstance(x, (str, os.PathLike)) and not (isinstance(x, str) and "\n" in x) for x in items):
        raise ParameterError("executor= counts files: give hands as file or folder paths, not texts or hand objects")
    _validate.protocol(executor, "executor must be a concurrent.futures Executor or a dask Client", methods=("map",))
    files = [str(p) for p in hand_sources(items)]
    total = StatCounts()
    bar = _progress.bar(len(files), "player statistics", "file") if progress else None
    try:
        _validate.protocol(
            executor, "executor must be a concurrent.futures Executor or a dask Client", methods=("map",)
        )
        if hasattr(executor, "gather") and hasattr(executor, "submit"):  # a dask distributed Client
            futures = executor.map(_count_file, files, rules=rules, skip_bad=skip_bad, pure=False)
            parts: Iterable[StatCounts] = executor.gather(futures, asynchronous=False)
        else:
            parts = executor.map(_count_file, files, [rules] * len(files), [skip_bad] * len(files))
        for part in parts:
            _signals.check()
            total._absorb(part)
            if bar is not None:
                bar.update(1)
    finally:
        if bar is not None:
            bar.close()
    return total


def player_stats(
    hands: Any,
    *,
    players: Iterable[str] | None = None,
    by_position: bool = False,
    rules: Rules | None = None,
    skip_bad: bool = False,
    executor: Any = None,
    progress: bool = True,
) -> Any:
    """One row per player: every statistic of :data:`STATISTICS` as count, opportunities, value, 95 % interval.

    ``hands``: file or folder paths (``.phh``, ``.phhs``, also ``.gz`` or ``.xz``, ACPC ``.log``), PHH
    text, a :class:`~pokerlab.game.MatchResult` (played with ``keep_histories=True``), replayed hands, or
    an iterable of these, read one hand at a time. ``players`` picks and orders the rows (a name never
    seen gets a row of zeros: 0 hands); by default every player, most hands first. ``by_position``
    gives one row per player and :class:`Position` instead. ``rules`` is the game of ACPC logs.
    ``skip_bad`` passes over hands that cannot be read (else the first is a :class:`DataError`);
    ``executor`` counts files on a process pool or a dask cluster (:func:`count_hands`).

    The columns are a two-level index: ``("hands", "count")``, then for each statistic the fields
    ``count``, ``opportunities``, ``value`` (a proportion from 0 to 1; the aggression factor and
    ``bb_per_100`` as themselves), ``low`` and ``high`` (the 95 % interval). ``table["vpip"]`` is one
    statistic's five columns. The definitions are in the module docstring.
    """
    _validate.flag(by_position, "by_position")
    if players is not None:
        _validate.instance(players, Iterable, "players lists player names")
        players = list(players)
        said = "players lists player names (text)"
        _validate.instance(
            players, list, said, check=lambda names: names and all(_validate.is_text(p) and p.strip() for p in names)
        )
    counts = count_hands(hands, rules=rules, skip_bad=skip_bad, executor=executor, progress=progress)
    return counts.table(players, by_position=by_position)


_PERCENT = {s.key for s in _STATS if s.kind == "rate"}
LABELS: dict[str, str] = {s.key: s.label for s in _STATS}
"""The short name trackers give each statistic (``"wsd"`` is ``"W$SD"``)."""


def format_table(table: Any) -> str:
    """A :func:`player_stats` table as text: one block per player, a line per statistic with its value, the
    95 % interval and ``count / opportunities`` (the sample size a number stands on)."""
    import pandas as pd

    _validate.instance(
        table,
        pd.DataFrame,
        "table must be a player_stats() table",
        error=ParameterTypeError,
        check=lambda table: ("hands", "count") in table.columns,
    )
    lines = []
    for player, row in table.iterrows():
        name = " / ".join(player) if isinstance(player, tuple) else str(player)
        lines.append(f"{name}: {int(row[('hands', 'count')]):,} hands")
        for key in STATISTICS:
            c, o, v = row[(key, "count")], int(row[(key, "opportunities")]), row[(key, "value")]
            lo, hi = row[(key, "low")], row[(key, "high")]
            if key in _PERCENT:
                shown = "-" if o == 0 else f"{100 * v:5.1f} %  [{100 * lo:5.1f}, {100 * hi:5.1f}]"
                size = f"{int(c):,} / {o:,}"
            elif key == "bb_per_100":
                interval = "(no interval: 1 hand)" if math.isnan(lo) else f"[{lo:+.1f}, {hi:+.1f}]"
                shown = "-" if o == 0 or math.isnan(v) else f"{v:+7.1f}    {interval}"
                size = f"{c:+,.1f} bb over {o:,} hands"
            else:
                shown = "-" if o == 0 or math.isnan(v) else f"{v:5.2f}    [{lo:.2f}, {hi:.2f}]"
                size = f"{int(c):,} bets+raises / {o - int(c):,} calls"
            lines.append(f"  {LABELS[key]:<20} {shown:<26} {size}")
    return "\n".join(lines)
