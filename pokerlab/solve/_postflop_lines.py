"""Lines: a node of the postflop tree named by the labels from the root, walked and checked, and node locks.

A line is a tuple of labels (``("check", "bet 100")``) or one text (``"check, bet 100"``); :func:`_labels_of`
reads either, :func:`_match` finds a label among a node's actions (``"allin"`` alone matches the all-in, ``"bet
100.0"`` matches ``"bet 100"``) and :func:`_step` takes one step, refusing with an
:class:`~pokerlab.errors.IllegalActionError` that names what the tree offers there an action the node lacks, a
card on the board, or anything after the end of the hand. :func:`_tree_line` walks a line on the betting tree
alone (:func:`pokerlab.solve.postflop_actions`, before any solve); :func:`_locate` walks it on a solved game,
carrying both players' reach, to the :class:`_Where` a solution's answers read. :func:`_apply_lock` writes a
locked strategy (``{"check": 1.0}`` or per hand ``{"AhKd": {...}}``) into the lock array the solve honours.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from pokerlab import _validate
from pokerlab.cards import Card
from pokerlab.errors import IllegalActionError, ParameterError, RangeError
from pokerlab.ranges import Range
from pokerlab.solve._postflop_game import _Game
from pokerlab.solve._postflop_plain import _sigma_plain
from pokerlab.solve._postflop_spec import _Spec
from pokerlab.solve._postflop_tree import _CHANCE, _DECISION, _Builder, _Node


@dataclass
class _Where:
    node: _Node
    j: int
    k: int
    reach: list[np.ndarray]  # both players' reach (chance factor included in both products' sum)
    dealt: list[int]


def _labels_of(line: Any) -> list[str]:
    _validate.instance(
        line,
        (str, Sequence),
        "a line is a tuple of action labels such as ('check', 'bet 100')",
        error=IllegalActionError,
        check=lambda v: not isinstance(v, bytes | bytearray),  # a Sequence of numbers, never labels
    )
    parts = [x for x in line.split(",") if x.strip()] if isinstance(line, str) else list(line)
    out = []
    for x in parts:
        _validate.text(
            x,
            "x",
            empty=True,
            error=IllegalActionError,
            message=f"line labels are text such as 'check' or 'bet 100', not {x!r:.40}",
        )
        out.append(" ".join(x.strip().lower().split()))
    return out


def _match(label: str, options: list[str]) -> int:
    for i, opt in enumerate(options):
        if label == opt or (label == "allin" and opt.startswith("allin")):
            return i
        w, o = label.split(), opt.split()
        if len(w) == 2 and len(o) == 2 and w[0] == o[0]:
            try:
                if float(w[1]) == float(o[1]):
                    return i
            except ValueError:
                pass
    return -1


def _rivers(slots: Sequence[int]) -> str:
    """The river cards in a message: a few, not all 44 or 48."""
    shown = ", ".join(str(Card(c)) for c in slots[:4])
    return f"a card not on the board, such as {shown}, ..." if len(slots) > 4 else f"one of {shown}"


def _step(node: _Node, lab: str, done: Sequence[str], slots: Sequence[int]) -> int:
    """Where ``lab`` leads from ``node``: the action's index at a decision, the dealt card's id at a chance node.

    Refuses, with an :class:`~pokerlab.errors.IllegalActionError` naming what the tree has there, an action
    the node does not offer, a card already on the board and anything after the end of the hand.
    """
    if node.kind == _CHANCE:
        try:
            c = Card.parse(lab)
        except Exception:
            raise IllegalActionError(
                f"after {tuple(done)} the river is dealt: name {_rivers(slots)}; not {lab!r}"
            ) from None
        if c.id not in slots:
            raise IllegalActionError(f"after {tuple(done)} the river is {_rivers(slots)}; not {str(c)!r}, a board card")
        return c.id
    if node.kind == _DECISION:
        a = _match(lab, node.labels)
        if a < 0:
            raise IllegalActionError(f"after {tuple(done)} the actions are {', '.join(node.labels)}; not {lab!r}")
        return a
    if not done:  # only a river spot with nothing behind ends at the root
        raise IllegalActionError(f"with a stack of 0 no one acts and the cards go to showdown; {lab!r} cannot follow")
    raise IllegalActionError(f"the hand is over after {tuple(done)}; {lab!r} cannot follow")


def _tree_line(spec: _Spec, line: Any) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """``line`` walked on the betting tree of ``spec`` alone (no hands, no solve): the line in the tree's
    labels (``"allin"`` becomes ``"allin 250"``, a card ``"Jh"``) and the labels after it (the actions at a
    decision, the river cards at a chance node, nothing at the end of the hand)."""
    b = _Builder(spec.pot, spec.stack, spec.bets, spec.raises)
    on_board = {c.id for c in spec.board}
    slots = [c for c in range(52) if c not in on_board]
    node = b.river((0, 0)) if len(spec.board) == 5 else b.street("turn", (0, 0))
    done: list[str] = []
    for lab in _labels_of(line):
        i = _step(node, lab, done, slots)
        if node.kind == _CHANCE:
            done.append(str(Card(i)))
            assert node.tmpl is not None
            node = node.tmpl
        else:
            done.append(node.labels[i])
            node = node.kids[i]
    if node.kind == _DECISION:
        return tuple(done), tuple(node.labels)
    return tuple(done), tuple(str(Card(c)) for c in slots) if node.kind == _CHANCE else ()


def _locate(g: _Game, strat: np.ndarray, lock: np.ndarray | None, line: Any) -> _Where:
    labels = _labels_of(line)
    reach = [g.w[p, : g.nh[p]].copy() for p in range(2)]
    node = g.root
    j = k = -1
    dealt: list[int] = []
    if g.river_game:
        j, k = 0, 0
        assert node.tmpl is not None
        node = node.tmpl
    done: list[str] = []
    for lab in labels:
        if node.kind == _CHANCE:
            c = Card(_step(node, lab, done, g.slots))
            j = g.leaf_of[id(node)]
            k = g.slots.index(c.id)
            for p in range(2):
                reach[p] = np.where(g.strength[p, k, : g.nh[p]] >= 0, reach[p], 0.0)
            dealt.append(c.id)
            assert node.tmpl is not None
            node = node.tmpl
        else:
            a = _step(node, lab, done, g.slots)
            q = node.player
            sig = _sigma_plain(strat, g.base(node, j, k), len(node.kids), int(g.nh[q]), lock)
            reach[q] = reach[q] * sig[a]
            node = node.kids[a]
        done.append(lab)
    return _Where(node, j, k, reach, dealt)


def _apply_lock(g: _Game, line: tuple[str, ...], strategy: Any, lock: np.ndarray) -> None:
    where = _locate(g, np.zeros(g.size, np.float32), None, line)
    n = where.node
    if n.kind != _DECISION:
        raise IllegalActionError(f"the line {line} does not end at a decision, so there is nothing to lock")
    q = n.player
    nq = int(g.nh[q])
    base = g.base(n, where.j, where.k)
    if not isinstance(strategy, Mapping) or not strategy:
        raise _validate.refused(
            strategy,
            Mapping,
            "a locked strategy is a mapping such as {'check': 1.0} (every hand) or "
            "{'AhKd': {'check': 1.0}, 'QQ': {'bet 50': 0.5, 'check': 0.5}}",
        )
    first = next(iter(strategy.values()))
    per_hand: dict[int, Mapping[str, Any]]
    if isinstance(first, Mapping):
        per_hand = {}
        for hands, mix in strategy.items():
            r = Range.parse(hands)
            idx = {i for i, _ in r.entries}
            hit = [h for h, c in enumerate(g.combos[q]) if c in idx]
            if not hit:
                raise RangeError(f"{hands!r} names no combination the player to act can hold here")
            for h in hit:
                per_hand[h] = mix
    else:
        per_hand = {h: strategy for h in range(nq)}
    for h, mix in per_hand.items():
        probs = np.zeros(len(n.kids))
        for lab, p in mix.items():
            a = _match(_labels_of((lab,))[0], n.labels)
            if a < 0:
                raise IllegalActionError(f"the actions at {line} are {', '.join(n.labels)}; not {lab!r}")
            probs[a] = _validate.probability(p, f"the probability of {lab!r}")
        if abs(probs.sum() - 1.0) > 1e-6:
            raise ParameterError(f"a locked strategy's probabilities must sum to 1, not {probs.sum():g}")
        for a in range(len(n.kids)):
            lock[base + a * nq + h] = probs[a]
