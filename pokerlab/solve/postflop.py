"""Equilibrium after the flop: a range-against-range turn and river solver.

Two players, OOP (out of position, acts first on every street) and IP, hold ranges of two-card
combinations on a 4-card board (the turn: the solver also deals every river card) or a 5-card board
(the river). There are already ``pot`` chips in the middle and each player has ``stack`` chips behind.
:func:`postflop` finds a Nash equilibrium of that no-limit subgame by discounted counterfactual regret
minimisation, with every combination's strategy held in one array per decision node.

>>> from pokerlab import solve
>>> s = solve.postflop("Ks 7d 4c 2h 2s", "AA, 65s", "KQ, QJ", pot=100, stack=100,
...                    bets="100%", raises="", progress=False)
>>> s.actions(())
('check', 'allin 100')
>>> round(sum(s.value), 6), s.exploitability_pct < 0.3
(100.0, True)

**Sizes** use the notation of PioSOLVER, GTO+ and postflop-solver: ``"33%, 75%"`` bets a share of the pot,
``"2.5x"`` raises to that multiple of the bet faced, ``"a"`` is all-in and ``""`` means none. A raise
given as ``"60%"`` adds that share of the pot *after the call* to the call. Amounts are rounded to whole
chips; a size at or above the stack is all-in, a raise below the minimum (the last bet or raise again)
is raised to it, and betting goes on until a player is all-in. ``bets`` and ``raises`` apply to both
players on both streets unless ``ip_bets``/``ip_raises`` are given; each may also be a mapping
``{"turn": "50%", "river": "75%, a"}`` (a street the mapping leaves out has no bets; a mapping that
names no street of the spot is refused).

**Lines** name a node by the labels from the root: ``"check"``, ``"bet 100"``, ``"call"``, ``"fold"``,
``"raise 250"``, ``"allin 900"`` (the amount is what the player has put in on this street after the
action; ``"allin"`` alone matches the action that puts the whole stack in) and, where the river is
dealt, the card: ``("check", "check", "2s", "bet 50")``. :func:`postflop_actions` walks a line on the
betting tree alone, before any solve, and refuses one the tree lacks the way the solution would.
``strategy``, ``ev`` and ``equity`` answer with a :class:`HandMap`: a dict keyed ``"AsAh"`` that also
finds ``"AhAs"`` and says why a hand cannot be at the node.

**Unreached nodes.** A node no pair of hands reaches (after an action its player never takes, or on a
river card that removes every combination of one range) still has its actions, but no mix: there
``frequencies`` gives ``nan`` for every action (a share of nothing; no warning) and ``strategy``, ``ev``
and ``equity`` are empty maps. A hand reaches a node when its own strategy brings it there and the opponent
brings a hand that shares no card with it; the maps hold exactly those hands.

**Values and exploitability.** Payoffs are the chips a player takes from the final pot minus what they
put in during the subgame, so ``value = (OOP, IP)`` sums to ``pot``. A hand pair is dealt with
probability proportional to the product of the two weights when they share no card, the river card
uniformly from the 44 unseen. ``exploitability`` is the mean of both players' best-response gains over
the game value, ``(BR_oop + BR_ip - pot) / 2`` chips, as PioSOLVER and postflop-solver report it;
``exploitability_pct`` is that as a percentage of ``pot``; ``target`` stops the solve when the
exploitability falls to that share of the pot (0.003: 0.3 %; at most 0.1. The command line's ``--target``
takes the percentage, 0.3).

**Suit isomorphism.** On a turn whose board and ranges are unchanged by swapping suits (diamonds and
clubs on Ks 7s 4h 2h; three suits on a monotone turn), river cards of swapped suits give mirror-image
subgames: the solve computes one card per class and mirrors the rest (``isomorphism=True``, the default),
and every answer at every river card is the one without it.

The numbers come from compiled kernels (:mod:`pokerlab.solve._postflop_kernels`); :func:`plain_values`
is the same game walked plainly (best responses and evaluation), which the tests hold the kernels to.

**Where the parts live.** This module is the solver's public face: :func:`postflop`, :func:`postflop_actions`
and the answers (:class:`PostflopSolution`, :class:`PostflopDecision`, :class:`HandMap`). The machinery is in
private modules, each one concept, lowest first: the size grammar (:mod:`pokerlab.solve._postflop_sizes`), the
betting tree (:mod:`~pokerlab.solve._postflop_tree`), the game as arrays (:mod:`~pokerlab.solve._postflop_game`),
the plain reference walk (:mod:`~pokerlab.solve._postflop_plain`), a spot's arguments checked
(:mod:`~pokerlab.solve._postflop_spec`), lines and locks (:mod:`~pokerlab.solve._postflop_lines`) and the
iterations (:mod:`~pokerlab.solve._postflop_solve`); the compiled kernels load at the first solve. The names
other modules and the tests read from here are re-exported (``name as name``); a constant is changed where it
is read (the iterations' in :mod:`~pokerlab.solve._postflop_solve`), not here.
"""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

import numpy as np

from pokerlab import _validate
from pokerlab.cards import Card, combo_cards, combo_index, format_cards, parse_named
from pokerlab.errors import CardCountError, IllegalActionError, RangeError
from pokerlab.ranges import Range
from pokerlab.solve._postflop_game import _Game as _Game, _kernels as _kernels, _mass_plain as _mass_plain
from pokerlab.solve._postflop_lines import (
    _apply_lock,
    _labels_of as _labels_of,
    _locate,
    _match as _match,
    _step,
    _tree_line,
    _Where,
)
from pokerlab.solve._postflop_plain import _sigma_plain, plain_values as plain_values
from pokerlab.solve._postflop_sizes import STREETS as STREETS, SizesLike as SizesLike
from pokerlab.solve._postflop_solve import (
    _DT,
    CALL_SECONDS as CALL_SECONDS,
    CHECK_EVERY as CHECK_EVERY,
    DCFR as DCFR,
    PARALLEL_MIN_WORK as PARALLEL_MIN_WORK,
    _exploitability as _exploitability,
    _iterate,
    _parallel as _parallel,
    _run_pass as _run_pass,
    _State as _State,
    _values,
)
from pokerlab.solve._postflop_spec import ALGORITHMS as ALGORITHMS, Algorithm as Algorithm, _Spec, _spec as _spec
from pokerlab.solve._postflop_tree import (
    _CHANCE as _CHANCE,
    _DECISION as _DECISION,
    _FOLD as _FOLD,
    _SHOWDOWN as _SHOWDOWN,
    _Node as _Node,
)
from pokerlab.streets import Street

__all__ = ["PostflopDecision", "PostflopSolution", "plain_values", "postflop", "postflop_actions"]

Line = str | Sequence[str]
"""A node: its actions from the root, as a tuple of labels (``("check", "bet 100")``) or one text
(``"check, bet 100"``); a turn line names the river card (``("check", "check", "2s")``)."""
Player = Literal["oop", "ip"]
"""A player of the subgame: out of position (acts first) or in position."""


# ----------------------------------------------------------------------------
# Solving: the entry points, the kernels' first load, one solve
# ----------------------------------------------------------------------------


def postflop(
    board: Any,
    oop: str | Range,
    ip: str | Range,
    *,
    pot: int,
    stack: int,
    bets: SizesLike = "50%, 100%",
    raises: SizesLike = "a",
    ip_bets: SizesLike | None = None,
    ip_raises: SizesLike | None = None,
    target: float = 0.003,
    max_iterations: int = 2000,
    threads: int | None = None,
    algorithm: Algorithm = "dcfr",
    progress: bool = True,
    isomorphism: bool = True,
) -> PostflopSolution:
    """Solve a heads-up no-limit turn or river spot (see the module docstring for the notation).

    ``board`` has 4 cards (the turn; every river card is dealt) or 5 (the river); ``oop`` and ``ip``
    are ranges in :mod:`pokerlab.ranges` notation (weights allowed; combinations holding a board card
    are dropped). ``pot`` chips are in the middle and each player has ``stack`` behind (whole chips).
    Iterates until the exploitability is at most ``target`` times the pot, checked every 10 iterations,
    or ``max_iterations`` (at most 10**9); ``algorithm`` is ``"dcfr"`` (discounted CFR, alpha 1.5, beta 0, gamma 3, the
    average restarted at powers of 4) or ``"cfr+"``; ``threads`` sets numba's threads (None: all).

    ``isomorphism`` (on a turn): when swapping suits leaves the board and both ranges (with their weights)
    unchanged, as diamonds and clubs on Ks 7s 4h 2h, river cards of swapped suits give mirror-image subgames;
    the solve computes one card per class and reads the others through the swap, faster and in less memory
    with the same numbers (equal to rounding: the same iterations, values and strategies at every river
    card). A spot with a locked node solves every card. ``isomorphism=False`` solves every card.
    """
    spec = _spec(
        board,
        oop,
        ip,
        pot,
        stack,
        bets,
        raises,
        ip_bets,
        ip_raises,
        target,
        max_iterations,
        threads,
        algorithm,
        progress,
        isomorphism,
    )
    return _solve(spec, {})


def postflop_actions(
    board: Any,
    oop: str | Range,
    ip: str | Range,
    line: Line = (),
    *,
    pot: int,
    stack: int,
    bets: SizesLike = "50%, 100%",
    raises: SizesLike = "a",
    ip_bets: SizesLike | None = None,
    ip_raises: SizesLike | None = None,
) -> tuple[str, ...]:
    """What :meth:`PostflopSolution.actions` would answer for ``line``, from the betting tree alone (no solve).

    Takes :func:`postflop`'s spot (and refuses the same bad boards, ranges and sizes) and walks ``line`` on
    the tree it would build, in a moment: an action the tree does not have, a card on the board or a label
    after the end of the hand raises an :class:`~pokerlab.errors.IllegalActionError` naming what the tree
    offers there, before minutes are spent solving. Returns the labels at the node the line reaches.

    >>> from pokerlab import solve
    >>> solve.postflop_actions("Jh7h3h8c8s", "AA", "KK", "check", pot=100, stack=250)
    ('check', 'bet 50', 'bet 100')
    >>> solve.postflop_actions("Jh7h3h8c8s", "AA", "KK", "bet 77", pot=100, stack=250)
    Traceback (most recent call last):
    ...
    pokerlab.errors.IllegalActionError: after () the actions are check, bet 50, bet 100; not 'bet 77'
    """
    spec = _spec(board, oop, ip, pot, stack, bets, raises, ip_bets, ip_raises, 0.003, 1, None, "dcfr", False)
    return _tree_line(spec, line)[1]


_kernels_loaded = False


def _load_kernels(on_compile: Any = None) -> float:
    """Load the solver's compiled kernels (compiling them on a machine's first run) by solving a tiny river spot,
    once per process; the seconds it took (0 once loaded). A solve's ``seconds`` leave this out, as ``pokerlab
    solve`` leaves the CFR kernel's out: on a first run compiling takes about 1.5 minutes of one core and the solve
    a moment.

    ``on_compile()`` is called when numba starts compiling one of the solver's kernels (not when it loads them
    from its cache): the command line says so there.
    """
    global _kernels_loaded
    if _kernels_loaded:
        return 0.0
    from numba.core import event  # lazy: numba loads at the first solve (see _kernels)

    K = _kernels()
    said = False

    class _Compiling(event.Listener):
        def on_start(self, ev: Any) -> None:
            nonlocal said
            dispatcher = (ev.data or {}).get("dispatcher")
            if not said and getattr(getattr(dispatcher, "py_func", None), "__module__", "") == K.__name__:
                said = True
                if on_compile is not None:
                    on_compile()

        def on_end(self, ev: Any) -> None:
            pass

    start = time.perf_counter()
    with event.install_listener("numba:compile", _Compiling()):
        spec = _spec("Ks7d4c2h2s", "AA", "KQ", 10, 10, "100%", "", None, None, 0.003, 10, None, "dcfr", False)
        sol = _solve(spec, {}, warm=True)
        _values(sol._game, sol._state, 2, False)  # the single pass that ev() and the reports use
    _kernels_loaded = True
    return time.perf_counter() - start


def _solve(spec: _Spec, locks: dict[tuple[str, ...], Any], warm: bool = False) -> PostflopSolution:
    if not warm:
        _load_kernels()
    # a locked node may break the suits' symmetry: locked spots solve every river card
    g = _Game(spec.board, spec.ranges, spec.pot, spec.stack, spec.bets, spec.raises, spec.isomorphism and not locks)
    lock_arr = np.full(g.size if locks else 1, -1.0, dtype=np.float32)  # -1: not locked
    for line, strategy in locks.items():
        _apply_lock(g, line, strategy, lock_arr)
    s = _State(np.zeros(g.store, _DT), np.zeros(g.store, _DT), lock_arr, bool(locks), g.iso)
    it, expl, value, seconds = _iterate(g, s, spec)
    if s.compact:  # every river card's strategies, for the lines and reports (the mirrored ones read through)
        s.regret = np.zeros(0, _DT)  # a solved spot's regrets are not read again: freed before the strategies grow
        s = _State(s.regret, g.expand(s.strat), s.lock, s.has_lock)
    return PostflopSolution(
        board=spec.board,
        pot=g.pot,
        stack=g.stack,
        value=value,
        exploitability=float(expl),
        iterations=it,
        seconds=seconds,
        algorithm=spec.algorithm,
        _spec=spec,
        _game=g,
        _state=s,
        _locks=dict(locks),
    )


# ----------------------------------------------------------------------------
# The result
# ----------------------------------------------------------------------------


class HandMap(dict[str, Any]):
    """Combination -> value, as :meth:`PostflopSolution.strategy`, ``.ev`` and ``.equity`` return it.

    A plain ``dict`` keyed ``"AsAh"`` (the higher card first, spades before hearts before diamonds before
    clubs at equal rank) that also reads a combination written in either order or with other spacing:
    ``m["AhAs"]``, ``m.get("Ah As")`` and ``"AhAs" in m`` find ``"AsAh"``. Looking up a combination the
    player cannot hold here raises a :class:`~pokerlab.errors.RangeError` saying why: it holds a board card,
    it is not in the player's range, or (``[]`` only; ``get`` returns the default) it does not reach the node.
    """

    def __init__(self, values: Mapping[str, Any], who: str, range_names: Sequence[str], board: Sequence[Card]) -> None:
        super().__init__(values)
        self._who = who
        self._range = frozenset(range_names)
        self._board = tuple(board)

    def _spelling(self, hand: Any) -> tuple[str, tuple[Card, ...]]:
        """The stored spelling of ``hand`` and its cards (errors for text that is not two cards)."""
        cards = parse_named(hand, "hand")
        if len(cards) != 2:
            raise CardCountError(f"a hand is two cards such as 'AhKd', not {hand!r:.40}")
        a, b = combo_cards(combo_index(*cards))
        return f"{b}{a}", cards

    def _key(self, hand: Any) -> str:
        """The stored spelling of ``hand``, refused if the player cannot hold it here."""
        if isinstance(hand, str) and dict.__contains__(self, hand):
            return hand
        key, cards = self._spelling(hand)
        on = [str(c) for c in cards if c in self._board]
        if on:
            raise RangeError(f"{hand} holds {' and '.join(on)}, on the board {format_cards(self._board)}")
        if key not in self._range:
            raise RangeError(f"{hand} is not in {self._who}'s range")
        return key

    def __getitem__(self, hand: Any) -> Any:
        key = self._key(hand)
        if not dict.__contains__(self, key):
            raise RangeError(f"{hand} is in {self._who}'s range but does not reach this node")
        return dict.__getitem__(self, key)

    def __contains__(self, hand: object) -> bool:
        if dict.__contains__(self, hand):
            return True
        try:
            key, _ = self._spelling(hand)
        except (ValueError, TypeError):  # not two cards: not in the map
            return False
        return dict.__contains__(self, key)

    def get(self, hand: Any, default: Any = None) -> Any:
        """``self[hand]``, or ``default`` for a hand in the range that does not reach the node."""
        return dict.get(self, self._key(hand), default)


@dataclass(frozen=True)
class PostflopDecision:
    """One decision node of a solved postflop spot, as a :class:`~pokerlab.solve.games.DecisionPoint`.

    ``line`` is the labels from the root as the solver spells them, ``street`` :attr:`Street.TURN
    <pokerlab.streets.Street>` or ``Street.RIVER`` (equal to ``"turn"``, ``"river"``),
    ``street_paid`` what each player has put in on this street, ``behind`` the chips the player to act has
    left.
    """

    line: tuple[str, ...]
    player: int
    actions: tuple[str, ...]
    paid: tuple[int, int]
    street_paid: tuple[int, int]
    street: Street
    start_pot: int
    behind: int

    @property
    def key(self) -> str:
        """The line, labels joined by ``", "`` (``""`` at the root); a solution method takes it as a line."""
        return ", ".join(self.line)

    @property
    def pot(self) -> int:
        """The chips in the middle: the spot's starting pot and everything put in since."""
        return self.start_pot + self.paid[0] + self.paid[1]

    @property
    def to_call(self) -> int:
        """What the player to act must add to match the other's chips on this street (0: checking is free)."""
        return self.street_paid[1 - self.player] - self.street_paid[self.player]


@dataclass(frozen=True)
class PostflopSolution:
    """A solved turn or river spot (see :func:`postflop`).

    ``value`` is (OOP, IP) in chips, summing to ``pot``; ``exploitability`` is in chips and
    ``exploitability_pct`` in percent of the pot. The methods take a ``line`` (labels from the root)
    and describe the node it reaches under the average strategies.
    """

    board: tuple[Card, ...]
    pot: int
    stack: int
    value: tuple[float, float]
    exploitability: float
    iterations: int
    seconds: float
    algorithm: Algorithm
    _spec: _Spec = field(repr=False, compare=False)
    _game: _Game = field(repr=False, compare=False)
    _state: _State = field(repr=False, compare=False)
    _locks: dict[tuple[str, ...], Any] = field(repr=False, compare=False, default_factory=dict)

    @property
    def exploitability_pct(self) -> float:
        """The exploitability as a percentage of the pot."""
        return 100.0 * self.exploitability / self.pot

    def _where(self, line: Any) -> _Where:
        s = self._state
        return _locate(self._game, s.strat, s.lock if s.has_lock else None, line)

    def actions(self, line: Line = ()) -> tuple[str, ...]:
        """The labels available at the node (river cards at a chance node, nothing at the end of a hand)."""
        w = self._where(line)
        if w.node.kind == _DECISION:
            return tuple(w.node.labels)
        if w.node.kind == _CHANCE:
            return tuple(str(Card(c)) for c in self._game.slots)
        return ()

    def decision(self, line: Line = ()) -> PostflopDecision:
        """The decision at ``line`` as a :class:`~pokerlab.solve.games.DecisionPoint` (the protocol Kuhn's and
        Leduc's information sets share): ``key``, ``player``, ``actions``, the chips ``paid`` by each player
        since the spot began, ``pot``, ``to_call``, and ``street`` (a :class:`~pokerlab.streets.Street`), read
        from the solver's betting tree. Raises :class:`~pokerlab.errors.IllegalActionError` where no one acts.

        >>> s = postflop("Ks 7d 4c 2h 2s", "AA", "KQ", pot=100, stack=100, bets="50%", raises="", progress=False,
        ...              max_iterations=5)
        >>> d = s.decision("bet 50")
        >>> d.player, d.actions, d.paid, d.pot, d.to_call
        (1, ('fold', 'call'), (50, 0), 150, 50)
        """
        g = self._game
        node, street, start = g.root, Street.TURN, (0, 0)  # start: the chips put in when this street began
        if g.river_game:  # a river spot's root is a chance node whose one subtree is the river's betting
            assert node.tmpl is not None
            node, street = node.tmpl, Street.RIVER
        done: list[str] = []
        for lab in _labels_of(line):
            i = _step(node, lab, done, g.slots)
            if node.kind == _CHANCE:  # the river card: a new street at the chips the turn ended with, OOP first
                assert node.tmpl is not None
                done.append(str(Card(i)))
                node, street, start = node.tmpl, Street.RIVER, node.put
            else:
                done.append(node.labels[i])
                node = node.kids[i]
        if node.kind != _DECISION:
            raise IllegalActionError(f"line: no one acts after {tuple(done)}")
        put = node.put
        return PostflopDecision(
            line=tuple(done),
            player=node.player,
            actions=tuple(node.labels),
            paid=put,
            street_paid=(put[0] - start[0], put[1] - start[1]),
            street=street,
            start_pot=self.pot,
            behind=self.stack - put[node.player],
        )

    def _decision(self, line: Any) -> tuple[_Where, np.ndarray]:
        w = self._where(line)
        if w.node.kind != _DECISION:
            raise IllegalActionError(f"no one acts after {tuple(_labels_of(line))}")
        g, s = self._game, self._state
        q = w.node.player
        sig = _sigma_plain(
            s.strat, g.base(w.node, w.j, w.k), len(w.node.kids), int(g.nh[q]), s.lock if s.has_lock else None
        )
        return w, sig

    def _mass(self, w: _Where, p: int) -> np.ndarray:
        g = self._game
        m = _mass_plain(w.reach[1 - p], p, g, w.k, 0)
        return m

    def _reached(self, w: _Where, p: int) -> np.ndarray:
        """Which of player p's hands reach the node: dealt with positive probability and brought there, that is
        a positive own reach and a positive reach of the opponent's hands that share no card with it."""
        return (w.reach[p] > 0) & (self._mass(w, p) > 0)

    def frequencies(self, line: Line = ()) -> dict[str, float]:
        """Each action's share of the acting player's range at the node, weighted by reach and card removal.

        At a node no pair of hands reaches (after an action played with frequency 0, or on a river card that
        removes every combination of one range) the share of nothing is undefined: every action is ``nan``
        (no warning), as ``strategy``, ``ev`` and ``equity`` are empty there.
        """
        w, sig = self._decision(line)
        q = w.node.player
        joint = w.reach[q] * self._mass(w, q)
        tot = joint.sum()
        freq = sig @ joint / tot if tot > 0 else np.full(len(w.node.labels), np.nan)
        return {lab: float(f) for lab, f in zip(w.node.labels, freq, strict=True)}

    def _hands(self, values: Mapping[str, Any], p: int) -> HandMap:
        return HandMap(values, ("OOP", "IP")[p], self._game.names[p], self.board)

    def strategy(self, line: Line = ()) -> HandMap:
        """Combination (``"AhKd"``) -> action -> probability, for the acting player's hands that reach the node
        (a :class:`HandMap`: ``"KdAh"`` finds ``"AhKd"``; a hand that cannot be there raises).

        A hand reaches the node when its own strategy brings it there with positive probability and the
        opponent brings some hand that shares no card with it. Hands that do not are left out, so at a node no
        pair of hands reaches the map is empty. The solver's mix for a hand left out is no part of the
        equilibrium (every mix there is as good, since nothing rides on it) and is not reported: uniform where the
        hand itself never arrives, and wherever its regrets drifted where only the opponent never arrives.
        """
        w, sig = self._decision(line)
        q = w.node.player
        g = self._game
        live = self._reached(w, q)
        return self._hands(
            {
                g.names[q][h]: {lab: float(sig[a, h]) for a, lab in enumerate(w.node.labels)}
                for h in range(int(g.nh[q]))
                if live[h]
            },
            q,
        )

    def _player(self, w: _Where, player: Any) -> int:
        if player is None:
            return w.node.player if w.node.kind == _DECISION else 0
        return {"oop": 0, "ip": 1}[_validate.choice(player, "player", ("oop", "ip"))]

    def ev(self, line: Line = (), player: Player | None = None) -> HandMap:
        """Expected chips per combination at the node (taken from the pot minus put in since the start of
        the subgame), for ``player`` ("oop"/"ip"; default the one to act, OOP at a chance node or the end).

        Only the hands that reach the node (see :meth:`strategy`): empty where no pair of hands does."""
        w = self._where(line)
        p = self._player(w, player)
        g, s = self._game, self._state
        cfv = plain_values(
            g,
            s.strat,
            p,
            best=False,
            lock=s.lock if s.has_lock else None,
            node=w.node,
            j=w.j,
            k=w.k,
            ro=w.reach[1 - p],
            fast=True,
        )
        m = self._mass(w, p)
        return self._hands(
            {g.names[p][h]: float(cfv[h] / m[h]) for h in range(int(g.nh[p])) if w.reach[p][h] > 0 and m[h] > 0}, p
        )

    def equity(self, line: Line = (), player: Player | None = None) -> HandMap:
        """Each combination's share of the pot at showdown against the opponent's range reaching the node
        (ties split; on the turn averaged over the river cards). Only the hands that reach the node (see
        :meth:`strategy`): empty where no pair of hands does."""
        w = self._where(line)
        p = self._player(w, player)
        g = self._game
        K = _kernels()
        o = 1 - p
        num = np.zeros(int(g.nh[p]))
        den = np.zeros(int(g.nh[p]))
        slots = [w.k] if w.k >= 0 else list(range(g.K))
        for k in slots:
            live_o = g.strength[o, k, : g.nh[o]] >= 0
            ro = np.where(live_o, w.reach[o], 0.0)
            out = np.zeros(int(g.nh[p]))
            K._showdown(ro, p, k, g.cards, g.nh, g.strength, g.order, g.cnt, g.same, 1.0, 0.0, 0.5, out)
            num += out
            den += _mass_plain(ro, p, g, k, 0)
        return self._hands(
            {g.names[p][h]: float(num[h] / den[h]) for h in range(int(g.nh[p])) if w.reach[p][h] > 0 and den[h] > 0}, p
        )

    def lock(self, line: Line, strategy: Mapping[str, Any]) -> PostflopSolution:
        """The spot re-solved with the node at ``line`` fixed to ``strategy``: ``{"check": 1.0}`` for every
        hand, or ``{"AhKd": {...}, "QQ": {...}}`` per combination or range (other hands stay free)."""
        key = tuple(_labels_of(line))
        locks = dict(self._locks)
        locks[key] = strategy
        return _solve(self._spec, locks)
