"""A short-stack bot: the exact push/fold equilibrium at 20 bb or less, another bot above.

Under the heads-up no-limit arena rules (:data:`pokerlab.game.HEADS_UP_NO_LIMIT`) the button posts
the small blind and acts first before the flop. With an effective stack of ``threshold_bb`` big
blinds or less (counted before the blinds, HoldemResources' convention, to the nearest 0.1 bb), the
bot plays :func:`pokerlab.solve.push_fold`:

* on the button, first to act: jam (raise all in) with the equilibrium probability of its class,
  otherwise fold;
* in the big blind facing a raise: treat it as a jam and go all in (call, or raise all in when
  the raise left chips behind) with the equilibrium call probability, otherwise fold;
* in the big blind after a limp: jam with the classes the equilibrium calls a jam with, else check.

Anything else (deeper stacks, more players, limit games, a flop reached after a limp) is played by the
bot named ``deep`` (Phase III by default), which also sees every event.

>>> from pokerlab import bots
>>> bots.make("push_fold", seed=1).name
'push_fold'
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from typing import Any

from pokerlab import _validate
from pokerlab.bots.baseline import require_turn
from pokerlab.cards import HandClass
from pokerlab.errors import ParameterError, PokerlabError
from pokerlab.game.match import BaseBot, PlayerView, hook
from pokerlab.game.rules import BettingStructure, Rules, Street
from pokerlab.game.state import Action, Call, Check, Event, Fold, RaiseTo
from pokerlab.preflop import CLASS_NAMES, load_table
from pokerlab.solve.pushfold import PushFoldResult, push_fold, push_fold_score

__all__ = ["RANKINGS", "SAGE_TABLE", "PushFoldBot", "measure_rankings", "power_index"]


_MAKE: list[Callable[..., Any]] = []
"""The one bot factory, :func:`pokerlab.bots.make`, put here by :mod:`pokerlab.bots.registry` when it is
imported (the registry imports this module for :class:`PushFoldBot`, so this module cannot import it back)."""


def _deep_bot(deep: Any, seed: int | None) -> Any:
    """The bot that plays the deep stacks: a name or spec (``"phase2:bluff=none"``) that
    :func:`pokerlab.bots.make` builds with ``seed``, or a bot object."""
    if not _validate.is_text(deep):  # a bot object, else refused
        return _validate.protocol(deep, "deep must name another bot or be a bot", methods=("act",))
    make = _MAKE[0]
    if deep.partition(":")[0].strip() == "push_fold":
        raise ParameterError(
            f"deep must name another bot (push_fold cannot play its own deep stacks), not {deep!r:.60}"
        )
    try:
        return make(deep, seed=seed)
    except ParameterError as exc:
        raise ParameterError(f"deep must name another bot or be a bot: {exc}") from None


class PushFoldBot(BaseBot):
    """Plays the push/fold equilibrium at ``threshold_bb`` (default 20) big blinds or less; ``deep`` above."""

    def __init__(
        self, seed: int | None = None, *, threshold_bb: float = 20.0, deep: str = "phase3", name: str = "push_fold"
    ) -> None:
        self.seed = _validate.seed(seed)
        self.threshold_bb = _validate.real(threshold_bb, "threshold_bb", lo=1.0, hi=25.0)
        self.name = _validate.text(name, "name")
        self.deep = _deep_bot(deep, seed)
        self._rng = random.Random(seed)
        self._solved: dict[float, PushFoldResult] = {}
        self.decisions = {"equilibrium": 0, "deep": 0}

    def start_match(self, seat: int, rules: Rules, players: int) -> None:
        """The deep-stack bot's, if it has one."""
        if (start := hook(self.deep, "start_match")) is not None:
            start(seat, rules, players)

    def observe(self, event: Event, view: PlayerView) -> None:
        """The deep-stack bot's, if it has one (it sees every hand, the short-stacked ones included)."""
        if (observe := hook(self.deep, "observe")) is not None:
            observe(event, view)

    def end_hand(self, view: PlayerView) -> None:
        """The deep-stack bot's, if it has one."""
        if (end_hand := hook(self.deep, "end_hand")) is not None:
            end_hand(view)

    def solution(self, stack_bb: float) -> PushFoldResult:
        """The equilibrium at a stack (rounded to 0.1 bb, solved once)."""
        key = max(1.0, round(stack_bb, 1))
        if key not in self._solved:
            self._solved[key] = push_fold(key)
        return self._solved[key]

    @staticmethod
    def effective_stack_bb(view: PlayerView) -> float:
        """The smaller stack of the players still in, before the blinds, in big blinds."""
        _validate.instance(view, PlayerView, "view must be a PlayerView")
        live = [s + b for s, b, f in zip(view.stacks, view.street_bets, view.folded, strict=True) if not f]
        if view.street != Street.PREFLOP:
            live = list(view.stacks)
        return min(live) / view.big_blind

    def act(self, view: PlayerView) -> Action:
        require_turn(view)
        stack = self.effective_stack_bb(view)
        no_limit = view.rules.structure == BettingStructure.NO_LIMIT
        if not no_limit or view.street != Street.PREFLOP or view.players != 2 or stack > self.threshold_bb + 1e-9:
            self.decisions["deep"] += 1
            return self.deep.act(view)
        self.decisions["equilibrium"] += 1
        r = self.solution(stack)
        hand = HandClass.of(*view.hole).name
        me = view.seat
        other = 1 - me
        first = view.street_bets[me] < view.street_bets[other] and view.street_bets[other] <= view.big_blind
        if first and view.to_call > 0 and view.street_bets[me] < view.big_blind:  # the button, first to act
            return self._all_in(view) if self._rng.random() < r.jam[hand] else Fold()
        if view.to_call > 0:  # the big blind facing a raise: read it as a jam
            return self._all_in(view) if self._rng.random() < r.call[hand] else Fold()
        # the big blind after a limp
        return self._all_in(view) if self._rng.random() < r.call[hand] else Check()

    @staticmethod
    def _all_in(view: PlayerView) -> Action:
        if view.max_raise_to is not None:
            return RaiseTo(view.max_raise_to)
        return Call()


RANKINGS: dict[str, tuple[Any, ...]] = {
    "expert income rate": ("expert", 2, "income_rate"),
    "10,000-game simulation": ("simulation", 2),
    "Chen formula": ("expert", 2, "chen"),
    "Sklansky groups": ("expert", 2, "sklansky"),
    "exact heads-up": ("exact",),
}
"""The Waterloo report's kinds of preflop table (lesson 03), read with :func:`pokerlab.preflop.load_table`: the
two-player versions of the income rate and the 10,000-game simulation, since push/fold is heads-up."""

SAGE_TABLE = {1: (17, 0), 2: (21, 17), 3: (22, 24), 4: (23, 26), 5: (24, 28), 6: (25, 29), 7: (26, 30)}
"""Kittock and Jones's SAGE: for each R (stack after the blinds, in bb) the least Power Index to jam / to call."""


def power_index(hand: str) -> int:
    """SAGE's Power Index: twice the high card plus the low card (A=15, K=13, Q=12, J=11), +22 a pair, +2 suited.

    >>> power_index("AA"), power_index("QJs"), power_index("32o")
    (67, 37, 8)
    """
    value = {"A": 15, "K": 13, "Q": 12, "J": 11, "T": 10}
    try:
        name = HandClass.parse(hand).name
    except PokerlabError as exc:
        raise ParameterError(f"hand must be a starting class such as 'AKs', not {hand!r:.60}: {exc}") from None
    hi, lo = (value.get(r) or int(r) for r in name[:2])
    return 2 * hi + lo + (22 if len(name) == 2 else 0) + (2 if name.endswith("s") else 0)


_COMBOS: dict[str, int] = {name: HandClass.parse(name).n_combos for name in CLASS_NAMES}
"""Combinations per class by canonical name, so a ranking's 169 names are looked up rather than parsed per share."""


def _top_share(order: list[str], share: float) -> dict[str, float]:
    """Play the first classes of ``order`` up to ``share`` of the 1,326 combinations (the boundary class mixed)."""
    out = dict.fromkeys(order, 0.0)
    left = share * 1326
    for name in order:
        n = _COMBOS[name] if name in _COMBOS else HandClass.parse(name).n_combos
        take = min(1.0, max(0.0, left / n))
        out[name] = take
        left -= n * take
        if left <= 1e-12:
            break
    return out


def measure_rankings(stacks: tuple[float, ...] = (5.0, 10.0, 15.0, 20.0)) -> Any:
    """How "jam the top X %" rules fare against the push/fold equilibrium, ranked by each preflop table.

    At each stack the small blind jams, and the big blind calls, the same share of hands as the
    equilibrium does, taking the classes in the order of each table (ties broken by the exact
    heads-up table). SAGE's Power Index rule (R = S - 1, defined up to R = 7) is measured beside
    them. Columns: what a best response wins against the jam rule (``sb_loss``) and the call rule
    (``bb_loss``), in bb per hand relative to the equilibrium, and the pair's exploitability.
    """
    import pandas as pd

    _validate.instance(stacks, Iterable, "stacks must be a list of stack depths in bb")
    depths = [_validate.real(s, "stacks", lo=1.0, hi=100.0) for s in stacks]
    if not 1 <= len(depths) <= 100:
        raise ParameterError(f"stacks must hold 1 to 100 stack depths, not {len(depths)}")
    exact = load_table("exact")
    rows = []
    for stack in depths:
        eq = push_fold(stack)
        for label, args in RANKINGS.items():
            values = load_table(*args)
            keys = {c: (-values.value(c), -exact.value(c)) for c in CLASS_NAMES}
            order = sorted(CLASS_NAMES, key=keys.__getitem__)
            s = push_fold_score(stack, _top_share(order, eq.jam_share), _top_share(order, eq.call_share))
            rows.append({"stack_bb": stack, "rule": label, **_score_row(s)})
        ratio = round(stack - 1)
        if ratio == stack - 1 and ratio in SAGE_TABLE:
            jam_at, call_at = SAGE_TABLE[ratio]
            jam = {c: float(power_index(c) >= jam_at) for c in CLASS_NAMES}
            call = {c: float(power_index(c) >= call_at) for c in CLASS_NAMES}
            rows.append(
                {"stack_bb": stack, "rule": "SAGE Power Index", **_score_row(push_fold_score(stack, jam, call))}
            )
    return pd.DataFrame(rows)


def _score_row(s: Any) -> dict[str, float]:
    return {"sb_loss": s.sb_loss, "bb_loss": s.bb_loss, "exploitability": s.exploitability}
