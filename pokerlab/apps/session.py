"""A game at a table, step by step: the logic behind the browser apps (no widgets here).

:class:`TableSession` seats people and bots, deals hand after hand, lets a
person act when it is their turn and a bot act one step at a time (so an
app can show each bot action as it happens), and keeps the score:

* chips carry over (or reset every hand when the rules say so);
* the first dealer is drawn at random from ``seed`` (or is ``first_dealer``)
  and the deal then moves one seat to the left (the next table seat still
  in the game), also after eliminations, as BigHoldem's rules page says;
* with ``rising_chips`` the value of the minimum chip rises at every
  elimination (BigHoldem: "the value of the chips increases when the number of
  players decreases"). With ``c`` the minimum chip at the start (the rules'
  ``metadata["minimum_chip"]``, else the small blind), ``N`` players at the
  start and ``k`` left, the chip is worth ``ceil(c * N / k)``, and at least one
  more than before the last elimination (so it rises even where the rounding
  would tie). Blinds, ante, limit bet sizes and the elimination line are
  multiplied by ``chip value / c`` (rounded up to whole chips). BigHoldem at 10
  seats, blinds 5/10: 6/12, 7/14, 8/16, 9/18, 10/20, 13/26, 17/34, 25/50 as 9,
  8, ..., 2 players are left;
* a seat whose stack falls below ``min_stack_to_play`` (of the rules in force
  for the hand just played) is eliminated, or with ``rebuy`` (a lesson's
  table, :class:`pokerlab.widgets.TableWidget`) gets the starting stack back
  and plays on;
* the game ends after ``hands`` hands, after ``minutes`` minutes (checked
  between hands), when fewer than two seats are left, or when the person
  is eliminated;
* a bot that raises an exception or answers with an illegal action gets
  the default action (check, else fold) and a notice, and the table goes on;
* :meth:`TableSession.ranking` ranks by average win per hand played (BigHoldem's score).

The hands themselves are played by :class:`pokerlab.game.match.TableLoop`, the loop
:func:`pokerlab.game.play_match` runs too; the session drives it one decision at a time
and adds what only the apps have: a person's seat, rising chips, rebuys, a time limit in
minutes and the history panel. Its button moves left of the last one
(``Rotation.LEFT_OF_LAST``) and each hand's seed is ``seed * 1_000_003 + hand number``
(``Seeding.PER_HAND``), as the apps always did.

>>> from pokerlab import bots
>>> from pokerlab.game import AAAI06_HEADS_UP_LIMIT
>>> seats = [Seat("you"), Seat("bpp", bots.make("always_call"))]
>>> s = TableSession(AAAI06_HEADS_UP_LIMIT, seats, hands=1, seed=1, first_dealer=0)
>>> s.start_hand(), s.human_to_act, [str(a) for a in s.legal()]
(True, True, ['fold', 'call', 'raise to 20'])
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any

from pokerlab import _validate
from pokerlab.errors import ParameterError
from pokerlab.game.match import Bot, Rotation, Seeding, TableLoop, TablePlayer
from pokerlab.game.rules import Rules
from pokerlab.game.state import Act, Action, AwardPot, HandState, Showdown

__all__ = ["HandSummary", "Seat", "TableSession"]


class _Column:
    """One field of every player, by table seat, as a list that reads and writes the players
    (``session.stacks[2]``, ``session.out[4] = True``)."""

    def __init__(self, players: list[TablePlayer], name: str) -> None:
        self._players, self._name = players, name

    def __len__(self) -> int:
        return len(self._players)

    def __getitem__(self, seat: int) -> Any:
        return getattr(self._players[seat], self._name)

    def __setitem__(self, seat: int, value: Any) -> None:
        setattr(self._players[seat], self._name, value)

    def __iter__(self) -> Any:
        return (getattr(p, self._name) for p in self._players)

    def __eq__(self, other: object) -> bool:
        return list(self) == (list(other) if isinstance(other, (list, tuple, _Column)) else other)

    __hash__ = None  # type: ignore[assignment]

    def index(self, value: Any) -> int:
        return list(self).index(value)

    def __repr__(self) -> str:
        return repr(list(self))


@dataclass
class Seat:
    """A player: a person when ``bot`` is None."""

    name: str
    bot: Bot | None = None

    @property
    def is_human(self) -> bool:
        return self.bot is None


@dataclass(frozen=True)
class HandSummary:
    """One finished hand, for the history panel."""

    number: int
    net: dict[str, int]
    board: str
    showdown: tuple[tuple[str, str, str], ...]  # (player, cards, description)
    winners: tuple[str, ...]
    text: str
    dealer: str = ""
    names: tuple[str, ...] = ()  # the names by hand seat, for the views' sentences
    you: int | None = None  # the person's hand seat (None: not in the hand)
    state: HandState | None = field(default=None, repr=False, compare=False)  # the finished hand itself


@dataclass
class TableSession:
    """Hands at one table between people and bots (see the module docstring)."""

    rules: Rules
    seats: list[Seat]
    hands: int | None = None
    minutes: float | None = None
    seed: int = 0
    first_dealer: int | None = None
    rising_chips: bool = False
    rebuy: bool = False
    hand_rules: Rules | None = field(init=False, default=None)
    history: list[HandSummary] = field(init=False, default_factory=list)
    notices: list[str] = field(init=False, default_factory=list)
    eliminated_at: dict[str, int] = field(init=False, default_factory=dict)
    stack_history: list[list[int]] = field(init=False, default_factory=list)

    def __post_init__(self) -> None:
        Rules.checked(self.rules)
        _validate.instance(self.seats, (list, tuple), "seats must be a list of Seat", items=Seat)
        if not all(
            isinstance(s.name, str) and _validate.has_visible(s.name) and s.name.isprintable() for s in self.seats
        ):
            raise ParameterError(
                "seats: every seat needs a name (printable text with at least one visible character, "
                "no control characters)"
            )
        if self.hands is not None:
            self.hands = _validate.whole(self.hands, "hands", lo=1)
        if self.minutes is not None:
            _validate.real(self.minutes, "minutes", lo=0, lo_open=True)
        _validate.seed(self.seed, optional=False)
        n = len(self.seats)
        self.rules.check_players(n, "seats")
        names = [s.name for s in self.seats]
        if len(set(names)) != n:
            raise ParameterError(f"every seat needs its own name, not {names}")
        if sum(s.is_human for s in self.seats) > 1:
            raise ParameterError("one person per table")
        _validate.flag(self.rising_chips, "rising_chips")
        _validate.flag(self.rebuy, "rebuy")
        first = self.first_dealer
        if first is not None:
            _validate.whole(first, "first_dealer (a seat)", lo=0, hi=n - 1)
        self._started = time.monotonic()
        self._table = TableLoop(
            self.rules,
            [TablePlayer(s.name, s.bot, self.rules.starting_stack) for s in self.seats],
            seed=self.seed,
            first_button=random.Random(self.seed).randrange(n) if first is None else first,
            rotation=Rotation.LEFT_OF_LAST,
            seeding=Seeding.PER_HAND,
            clock=False,
            rebuy=self.rebuy,
            on_hand_end=self._summarise,
        )
        self.stack_history = [list(self.stacks)]

    # -- the table's state, by table seat (lists that read and write the loop's players) --
    @property
    def stacks(self) -> _Column:
        """Every seat's chips between hands."""
        return _Column(self._table.players, "stack")

    @property
    def out(self) -> _Column:
        """Whether each seat is out of the game."""
        return _Column(self._table.players, "out")

    @property
    def played(self) -> _Column:
        """Hands each seat has played."""
        return _Column(self._table.players, "played")

    @property
    def won(self) -> _Column:
        """Chips each seat has won (negative: lost) so far."""
        return _Column(self._table.players, "won")

    @property
    def state(self) -> HandState | None:
        """The hand in play, or the last one (None before the first)."""
        return self._table.state

    @property
    def hand_number(self) -> int:
        """Hands finished so far."""
        return self._table.hand_number

    @property
    def dealers(self) -> list[int]:
        """The table seat of each hand's dealer, in order."""
        return self._table.buttons

    @property
    def dealer(self) -> int | None:
        """The dealer's table seat in the hand in play (None before the first hand)."""
        return self._table.buttons[-1] if self._table.buttons else None

    @property
    def _seat_of(self) -> list[int]:  # hand seat -> table seat
        return self._table.seat_of

    # -- where we are ------------------------------------------------------
    @property
    def human(self) -> int | None:
        """The person's table seat, or None in watch mode."""
        return next((i for i, s in enumerate(self.seats) if s.is_human), None)

    @property
    def finished(self) -> bool:
        """No more hands will be dealt (the current one, if any, is over)."""
        if self.state is not None and not self.state.is_over:
            return False
        if sum(not o for o in self.out) < 2:
            return True
        if self.human is not None and self.out[self.human]:
            return True
        if self.hands is not None and self.hand_number >= self.hands:
            return True
        return self.minutes is not None and time.monotonic() - self._started > 60 * self.minutes

    @property
    def hand_seat_of_human(self) -> int | None:
        h = self.human
        return self._seat_of.index(h) if h is not None and h in self._seat_of else None

    @property
    def actor(self) -> int | None:
        """The table seat to act now, or None."""
        if self.state is None or self.state.is_over or self.state.actor is None:
            return None
        return self._seat_of[self.state.actor]

    @property
    def human_to_act(self) -> bool:
        return self.actor is not None and self.actor == self.human

    def names_in_hand(self) -> tuple[str, ...]:
        return tuple(self.seats[t].name for t in self._seat_of)

    # -- playing -----------------------------------------------------------
    def start_hand(self) -> bool:
        """Deal the next hand; False when the game is over."""
        if self.state is not None and not self.state.is_over:
            raise ParameterError("the current hand is not over yet")
        if self.finished:
            return False
        self.hand_rules = self.rules_now()
        # a hand that runs out as it is dealt (everyone all-in from the blinds and antes) finishes in there
        return self._table.start_hand(rules=self.hand_rules) is not None

    @property
    def base_chip(self) -> int:
        """The minimum chip's value at the start: the rules' ``metadata["minimum_chip"]``, else the small blind."""
        chip = self.rules.metadata.get("minimum_chip", self.rules.small_blind)
        return int(chip) if _validate.is_whole(chip) and chip > 0 else self.rules.big_blind

    @property
    def chip_value(self) -> int:
        """The minimum chip's value now (see the module docstring: it rises at every elimination)."""
        c, n = self.base_chip, len(self.seats)
        if not self.rising_chips:
            return c
        left = max(1, sum(not o for o in self.out))
        value = c
        for k in range(n - 1, left - 1, -1):  # one step per player gone, so the chip rises at each elimination
            value = max(-(-c * n // k), value + 1)
        return value

    @property
    def chip_factor(self) -> Fraction:
        """How many times the minimum chip is worth its starting value (1 unless ``rising_chips``), exactly."""
        return Fraction(self.chip_value, self.base_chip)

    def rules_now(self) -> Rules:
        """The rules for the next hand: the table's rules with the chip values in force."""
        k = self.chip_factor
        if k == 1:
            return self.rules
        r = self.rules

        def scaled(chips: int) -> int:
            return math.ceil(chips * k)  # exact: k is a Fraction

        changes: dict[str, Any] = {
            "small_blind": scaled(r.small_blind),
            "big_blind": scaled(r.big_blind),
            "ante": scaled(r.ante),
            "min_stack_to_play": scaled(r.min_stack_to_play),
        }
        changes["starting_stack"] = max(r.starting_stack, changes["big_blind"] + changes["ante"])
        if r.bet_sizes is not None:
            changes["bet_sizes"] = tuple(scaled(b) for b in r.bet_sizes)
        return r.with_(**changes)

    def legal(self) -> tuple[Action, ...]:
        """The person's legal actions now (empty when it is not their turn)."""
        return self.state.legal_actions() if self.human_to_act and self.state is not None else ()

    def human_act(self, action: Action) -> None:
        """Apply the person's action (an illegal one raises IllegalActionError and changes nothing)."""
        if not self.human_to_act or self.state is None:
            raise ParameterError("it is not your turn")
        self._table.act(action)

    def bot_step(self) -> Act | None:
        """Let the bot to act make one move; returns its Act event (None if no bot is to act)."""
        table = self._table
        hand, faults = table.hand_number, len(table.faults)
        event = table.step()
        for f in table.faults[faults:]:  # a failing bot played the default action: say so
            problem = f"IllegalActionError: {f.message}" if f.kind == "illegal" else f.message
            self.notices.append(f"hand {hand + 1}: {f.bot} failed ({problem}); it played {f.replaced_by}")
        return event

    def _summarise(self, state: HandState, stacks: list[int], changes: list[tuple[int, str]]) -> None:
        """Called by the loop when a hand is over: the notices, the stacks' history and the history panel."""
        names = self.names_in_hand()
        net = {names[k]: state.final_stacks[k] - state.starting_stacks[k] for k in range(len(names))}
        shows = tuple(
            (names[e.seat], " ".join(map(str, e.cards)), e.description) for e in state.events if isinstance(e, Showdown)
        )
        winners = tuple(
            dict.fromkeys(names[w] for e in state.events if isinstance(e, AwardPot) for w in e.winners if e.amount)
        )
        board = " ".join(map(str, state.board))
        for t, change in changes:
            name = self.seats[t].name
            if change == "rebuy":
                self.notices.append(f"hand {self.hand_number}: {name} rebuys {self.stacks[t]}")
            else:
                self.eliminated_at[name] = self.hand_number
                self.notices.append(f"hand {self.hand_number}: {name} is eliminated")
        self.stack_history.append(stacks)
        dealer = self.seats[self.dealer].name if self.dealer is not None else ""
        parts = [f"hand {self.hand_number} (dealer {dealer}):"]
        parts += [f"{name} {v:+d}" for name, v in net.items()]
        if shows:
            parts.append("| showdown: " + "; ".join(f"{n} {c} ({d})" for n, c, d in shows))
        else:
            parts.append("| no showdown")
        if self.history:  # only the newest summary keeps its hand (memory stays flat over long games)
            self.history[-1] = replace(self.history[-1], state=None)
        summary = HandSummary(self.hand_number, net, board, shows, winners, " ".join(parts), dealer)
        self.history.append(replace(summary, names=names, you=self.hand_seat_of_human, state=state))

    # -- the score ---------------------------------------------------------
    def money(self) -> Any:
        """Every player's chips after each hand (row 0: the start), as a DataFrame."""
        import pandas as pd

        frame = pd.DataFrame(self.stack_history, columns=[s.name for s in self.seats])
        frame.index.name = "hand"
        return frame

    def ranking(self) -> Any:
        """Players ranked by average win per hand played (ties: final stack), as a DataFrame."""
        import pandas as pd

        rows = []
        for t, s in enumerate(self.seats):
            hands = self.played[t]
            rows.append(
                {
                    "player": s.name,
                    "kind": "person" if s.is_human else "bot",
                    "hands": hands,
                    "won": self.won[t],
                    "average_per_hand": self.won[t] / hands if hands else 0.0,
                    "final_stack": self.stacks[t],
                    "eliminated_after_hand": self.eliminated_at.get(s.name),
                }
            )
        frame = pd.DataFrame(rows).sort_values(["average_per_hand", "final_stack"], ascending=False)
        frame.insert(0, "rank", range(1, len(frame) + 1))
        return frame.reset_index(drop=True)
