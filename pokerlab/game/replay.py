"""Study a recorded hand decision by decision: pot, pot odds, and the numbers behind each choice.

:func:`study_hand` replays a hand (a :class:`~pokerlab.game.phh.PHHHand`
read from a PHH file, or any finished :class:`HandState`) and, at every
decision, records the pot, what the player had to call and the pot odds
that price gave (``to_call / (pot + to_call)``: the share of the final pot
the call pays for, so a call breaks even when the player's equity is at
least that; a player calling all-in for less than the bet counts only the
chips it can win, since the rest of a bigger bet goes back or into a side
pot). For every player whose hole cards are known it adds

* **equity**: the share of the pot the hand wins at a showdown against the
  other live hands that are known, and random hands for live players whose
  cards nobody saw (exact when enumeration is cheap, otherwise Monte Carlo
  with a fixed seed);
* **HS**: hand strength now against that many random opponents (from the
  flop on; Algorithm 1 of the Waterloo report, Li, Zhang and Gao's "Bot for
  Texas Hold'em");
* **PPOT / NPOT**: positive and negative potential (flop and turn;
  Algorithm 2 of the same report). The pot odds are its eq. 7.

Cards nobody saw are never guessed: a hidden hand gets no numbers.

>>> from pokerlab.game.phh import load_phh
>>> hand = load_phh('''
... variant = "NT"
... antes = [0, 0]
... blinds_or_straddles = [1, 2]
... min_bet = 2
... starting_stacks = [100, 100]
... actions = ["d dh p1 AsAh", "d dh p2 ????", "p2 cbr 6", "p1 cc", "d db 2c7d9h", "p1 cbr 8", "p2 f"]
... ''')
>>> study = study_hand(hand)
>>> d = study.decisions[1]
>>> (d.player, d.action, d.pot, d.to_call, round(d.pot_odds, 3))
('p1', 'call 4', 8, 4, 0.333)
>>> x = d.numbers["p1"]   # aces against one random hand (Monte Carlo, seed 0), preflop
>>> round(x.equity, 2), x.exact, x.hs
(0.85, False, None)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from pokerlab import _chart_hook, _validate
from pokerlab.cards import Card
from pokerlab.equities import equity
from pokerlab.game.phh import PHHHand
from pokerlab.game.rules import Street
from pokerlab.game.state import Act, ActionKind, AwardPot, Call, Check, Fold, HandState, Muck, RaiseTo, Showdown
from pokerlab.strength import hand_potential, hand_strength

if TYPE_CHECKING:  # pragma: no cover
    from pokerlab.game.phh import PHHHand

__all__ = ["Decision", "HandStudy", "Numbers", "StreetStart", "study_hand"]


@dataclass(frozen=True)
class Numbers:
    """What a known hand is worth at one moment (None where the measure does not apply)."""

    equity: float
    hs: float | None = None
    ppot: float | None = None
    npot: float | None = None
    exact: bool = True


@dataclass(frozen=True)
class Decision:
    """One player's action, with the situation it was taken in.

    ``pot`` is every chip in before the action; ``to_call`` what the player
    had to add to stay in; ``pot_odds`` is ``to_call / (pot + to_call)``
    (for an all-in call for less, the pot counts only what the call can
    win) or None when there was nothing to call. ``numbers`` holds, by player name,
    the numbers of every live player whose cards are known.
    """

    street: Street
    seat: int
    player: str
    action: str
    pot: int
    to_call: int
    pot_odds: float | None
    board: tuple[Card, ...]
    numbers: dict[str, Numbers] = field(compare=False)


@dataclass(frozen=True)
class StreetStart:
    """The start of a betting round: board, pot, and each known live hand's numbers."""

    street: Street
    board: tuple[Card, ...]
    pot: int
    live: tuple[str, ...]
    numbers: dict[str, Numbers] = field(compare=False)


@dataclass(frozen=True)
class HandStudy:
    """The result of :func:`study_hand`: street starts and decisions in order, amounts in chips.

    ``names`` lists the players in the file's order (``p1`` first).
    """

    names: tuple[str, ...]
    streets: tuple[StreetStart, ...]
    decisions: tuple[Decision, ...]
    result: str
    format_chips: Any = field(repr=False, compare=False)

    def text(self) -> str:
        """The hand street by street, as ``pokerlab replay`` prints it."""
        money = self.format_chips
        lines: list[str] = []
        for start in self.streets:
            board = " ".join(map(str, start.board)) or "-"
            lines.append(f"== {start.street.value}   board {board}   pot {money(start.pot)}")
            for name, x in start.numbers.items():
                lines.append(f"   {name:<14} {_numbers_text(x)}")
            for d in self.decisions:
                if d.street is not start.street:
                    continue
                odds = (
                    f"to call {money(d.to_call)}, pot odds {d.pot_odds:.1%}"
                    if d.pot_odds is not None
                    else "nothing to call"
                )
                line = f"   {d.player:<14} {d.action:<26} pot {money(d.pot):>10}   {odds}"
                if d.player in d.numbers:
                    line += f"   | {_numbers_text(d.numbers[d.player])}"
                lines.append(line)
        lines.append(f"== result   {self.result}")
        numbers = [x for st in self.streets for x in st.numbers.values()]
        numbers += [x for d in self.decisions for x in d.numbers.values()]
        if any(not x.exact for x in numbers):
            lines.append(
                "(~ marks an equity estimated by Monte Carlo sampling, --samples deals, where unseen cards make "
                "enumeration slow; the others are exact)"
            )
        return "\n".join(lines)

    def to_dict(self) -> dict[str, Any]:
        """Plain data (for ``--json``), amounts in the hand's money."""
        money = self.format_chips

        def nums(d: dict[str, Numbers]) -> dict[str, Any]:
            return {k: vars(v) for k, v in d.items()}

        return {
            "players": list(self.names),
            "streets": [
                {
                    "street": s.street.value,
                    "board": [str(c) for c in s.board],
                    "pot": money(s.pot),
                    "live": list(s.live),
                    "numbers": nums(s.numbers),
                }
                for s in self.streets
            ],
            "decisions": [
                {
                    "street": d.street.value,
                    "player": d.player,
                    "action": d.action,
                    "pot": money(d.pot),
                    "to_call": money(d.to_call),
                    "pot_odds": d.pot_odds,
                    "numbers": nums(d.numbers),
                }
                for d in self.decisions
            ],
            "result": self.result,
        }

    def equity_frame(self) -> Any:
        """A pandas DataFrame: one row per (street, known player) with the equity at the street's start."""
        import pandas as pd

        rows = [
            {"street": s.street.value, "street_index": s.street.index, "player": name, "equity": x.equity}
            for s in self.streets
            for name, x in s.numbers.items()
        ]
        return pd.DataFrame(rows, columns=["street", "street_index", "player", "equity"])

    def chart(self) -> Any:
        """Altair chart: each known player's equity at the start of every street."""
        return _chart_hook.draw("equity_by_street_chart", self)


def _numbers_text(x: Numbers) -> str:
    parts = [f"equity {x.equity:6.1%}" + ("" if x.exact else "~")]
    parts.append(f"HS {x.hs:.3f}" if x.hs is not None else "HS   -  ")
    if x.ppot is not None and x.npot is not None:
        parts.append(f"PPOT {x.ppot:.3f} NPOT {x.npot:.3f}")
    return "  ".join(parts)


class _Calculator:
    """Equity, HS and potential for known hands, cached by situation."""

    def __init__(self, samples: int, seed: int, potential: bool) -> None:
        self.samples = samples
        self.seed = seed
        self.potential = potential
        self.cache: dict[Any, dict[int, Numbers]] = {}

    def numbers(self, state: HandState) -> dict[int, Numbers]:
        live = tuple(s for s in range(state.n) if not state.folded[s])
        known = tuple(s for s in live if state.hole[s])
        board = tuple(state.board)
        key = (live, board)
        if key in self.cache:
            return self.cache[key]
        out: dict[int, Numbers] = {}
        hidden = len(live) - len(known)
        if known and len(live) >= 2:
            hands = [state.hole[s] for s in known]
            if hidden:
                eq = equity(*hands, board=board, opponents=hidden, samples=self.samples, seed=self.seed)
            else:
                eq = equity(*hands, board=board)
                if not eq.exact:
                    eq = equity(*hands, board=board, samples=self.samples, seed=self.seed)
            opponents = len(live) - 1
            for i, s in enumerate(known):
                hs = ppot = npot = None
                if len(board) >= 3:
                    hs = hand_strength(state.hole[s], board, opponents=opponents)
                if self.potential and len(board) in (3, 4):
                    p = hand_potential(state.hole[s], board, lookahead=2 if len(board) == 3 else 1)
                    ppot, npot = p.ppot, p.npot
                out[s] = Numbers(eq.equity[i], hs, ppot, npot, eq.exact)
        self.cache[key] = out
        return out


def study_hand(
    hand: PHHHand | HandState,
    *,
    samples: int = 20_000,
    seed: int = 0,
    potential: bool = True,
    names: tuple[str, ...] | list[str] | None = None,
) -> HandStudy:
    """Replay ``hand`` and measure every decision (see the module docstring).

    ``samples`` and ``seed`` set the Monte Carlo equity used when exact
    enumeration would be slow (a hidden live hand, or many players before
    the flop); ``potential=False`` skips PPOT/NPOT (the flop's two-card
    lookahead takes a moment). ``names`` are seat names for a bare
    :class:`HandState` (default ``seat 0``...).
    """

    _validate.instance(hand, (PHHHand, HandState), "hand must be a PHHHand or a HandState")
    if isinstance(hand, PHHHand):
        state = hand.state
        seat_names = [hand.seat_name(s) for s in range(state.n)]
        listed = list(hand.names)  # in the file's order, p1 first
    else:
        state = hand
        seat_names = [f"seat {s}" for s in range(state.n)]
        listed = seat_names
    if names is not None:
        _validate.instance(
            names,
            (list, tuple),
            f"names needs one name per seat ({state.n})",
            items=str,
            check=lambda names: len(names) == state.n,
        )
        seat_names = listed = list(names)
    samples = _validate.whole(
        samples, "samples", lo=100, hi=10_000_000, message="samples must be a whole number 100..10,000,000"
    )
    seed = _validate.whole(seed, "seed", lo=0, message="seed must be a whole number >= 0")
    potential = _validate.flag(potential, "potential")
    calc = _Calculator(samples, seed, potential)
    replay = HandState(
        state.rules,
        list(state.starting_stacks),
        button=state.button,
        hand_number=state.hand_number,
        holes=[h or None for h in state.hole],
        board=list(state.board),
        mucks=state.mucks,
    )
    money = state.rules.format_chips
    streets: list[StreetStart] = []
    decisions: list[Decision] = []

    def named(nums: dict[int, Numbers]) -> dict[str, Numbers]:
        return {seat_names[s]: x for s, x in nums.items()}

    def street_start() -> None:
        live = tuple(seat_names[s] for s in range(replay.n) if not replay.folded[s])
        streets.append(StreetStart(replay.street, tuple(replay.board), replay.pot, live, named(calc.numbers(replay))))

    street_start()
    for e in state.events:
        if not isinstance(e, Act):
            continue
        if streets[-1].street is not replay.street:
            street_start()
        to_call = replay.to_call
        pot = replay.pot
        odds = _pot_odds(replay, e.seat, to_call)
        words = {ActionKind.FOLD: "fold", ActionKind.CHECK: "check", ActionKind.CALL: f"call {money(e.amount)}"}
        action = words.get(e.kind, f"{e.kind} to {money(e.to)}") + (" (all-in)" if e.all_in else "")
        decisions.append(
            Decision(
                replay.street,
                e.seat,
                seat_names[e.seat],
                action,
                pot,
                to_call,
                odds,
                tuple(replay.board),
                named(calc.numbers(replay)),
            )
        )
        if e.kind is ActionKind.FOLD:
            replay.apply(Fold(), seat=e.seat)
        elif e.kind is ActionKind.CHECK:
            replay.apply(Check(), seat=e.seat)
        elif e.kind is ActionKind.CALL:
            replay.apply(Call(), seat=e.seat)
        else:
            replay.apply(RaiseTo(e.to), seat=e.seat)
    if replay.board and (not streets or streets[-1].board != tuple(replay.board)) and replay.is_over:
        # an all-in run-out: the board came without betting
        for k, street in ((3, Street.FLOP), (4, Street.TURN), (5, Street.RIVER)):
            if len(replay.board) >= k and all(s.street is not street for s in streets):
                view = replay.clone()
                view.board = list(replay.board[:k])
                view.street = street
                live = tuple(seat_names[s] for s in range(replay.n) if not replay.folded[s])
                streets.append(StreetStart(street, tuple(view.board), replay.pot, live, named(calc.numbers(view))))
    return HandStudy(tuple(listed), tuple(streets), tuple(decisions), _result(state, seat_names), money)


def _pot_odds(state: HandState, seat: int, to_call: int) -> float | None:
    """``to_call`` over the pot the call can win, the call included; None when there is nothing to call.

    Usually ``to_call / (pot + to_call)``. A player calling all-in for less
    than the bet can win from each opponent only as much as it put in
    itself (antes that are dead go to the main pot, which it can win): the
    rest of a bigger bet goes back or into a side pot, so it is left out,
    exactly as the hand's showdown will split the pots.
    """
    if not to_call:
        return None
    if to_call >= state.current_bet - state.street_bet[seat]:  # a full call: every chip in can be won
        return to_call / (state.pot + to_call)
    antes = state._ante_paid  # the game layer's own bookkeeping, as HandState's showdown uses it
    dead = state.rules.dead_antes
    paid = [t - (a if dead else 0) for t, a in zip(state.total, antes, strict=True)]
    level = paid[seat] + to_call
    winnable = (sum(antes) if dead else 0) + sum(min(p, level) for s, p in enumerate(paid) if s != seat) + level
    return to_call / winnable


def _result(state: HandState, names: list[str]) -> str:

    money = state.rules.format_chips
    parts = []
    for e in state.events:
        if isinstance(e, Showdown):
            shown = " ".join(map(str, e.cards)) or "????"
            parts.append(f"{names[e.seat]} shows {shown} ({e.description})")
        elif isinstance(e, Muck):
            parts.append(f"{names[e.seat]} mucks")
        elif isinstance(e, AwardPot):
            if e.winners:
                who = " and ".join(f"{names[w]} {money(c)}" for w, c in zip(e.winners, e.shares, strict=True))
                parts.append(f"pot {e.pot + 1} ({money(e.amount)}): {who}")
            else:
                parts.append(f"pot {e.pot + 1} ({money(e.amount)}): undecided, it needs cards nobody showed")
    if not state.is_over:
        parts.append("the record stops before the hand ends")
    return "; ".join(parts)
