"""The postflop solver's betting tree: which actions each node offers, built from the spot's sizes.

A :class:`_Node` is one of four kinds: a decision (``_DECISION``: ``player`` acts, ``labels[a]`` leads to
``kids[a]``), a fold (``_FOLD``: ``player`` folded), a showdown (``_SHOWDOWN``) and, on a turn spot, the river
deal (``_CHANCE``). ``put`` is what each player has put in since the subgame began. A chance node does not hold
a copy of the river's betting per card: its ``tmpl`` is the one river subtree dealt under every card, shared by
every chance node whose players have put in the same chips. :class:`_Builder` grows the tree street by street from
the pot, the stacks and the sizes of :mod:`pokerlab.solve._postflop_sizes`, turning each size into whole chips
(a size at or above the stack is all-in, a raise below the minimum is raised to it) and labelling each action
as the lines name it (``"check"``, ``"bet 50"``, ``"call"``, ``"fold"``, ``"raise 250"``, ``"allin 900"``).
:func:`_preorder` lists a segment of the tree (it descends through decisions only);
:class:`pokerlab.solve._postflop_game._Game` numbers the nodes and lays out their storage (``index``, ``off``).

>>> from pokerlab.solve._postflop_sizes import _per_street
>>> b = _Builder(100, 100, [_per_street("50%", "bets", raise_=False)] * 2, [_per_street("", "raises", raise_=True)] * 2)
>>> b.street("river", (0, 0)).labels
['check', 'bet 50']
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from pokerlab.solve._postflop_sizes import _Size

_FOLD, _SHOWDOWN, _DECISION, _CHANCE = 0, 1, 2, 3


@dataclass(eq=False)
class _Node:
    kind: int
    put: tuple[int, int]
    player: int = -1  # the actor at a decision, the folder at a fold
    labels: list[str] = field(default_factory=list)
    kids: list[_Node] = field(default_factory=list)
    tmpl: _Node | None = None  # at a chance node: the river subtree dealt under every card
    index: int = -1
    off: int = 0  # storage offset (absolute at the root segment, within the block in a template)


def _round(x: float) -> int:
    return math.floor(x + 0.5)


class _Builder:
    def __init__(
        self, pot: int, stack: int, bets: list[dict[str, tuple[_Size, ...]]], raises: list[dict[str, tuple[_Size, ...]]]
    ) -> None:
        self.pot, self.stack, self.bets, self.raises = pot, stack, bets, raises
        self.templates: dict[tuple[int, int], _Node] = {}

    def street(self, street: str, put: tuple[int, int]) -> _Node:
        return self.decision(street, 0, put, (0, 0), 0)

    def river(self, put: tuple[int, int]) -> _Node:
        if put not in self.templates:
            allin = max(put) >= self.stack
            self.templates[put] = _Node(_SHOWDOWN, put) if allin else self.street("river", put)
        return self.templates[put]

    def end(self, street: str, put: tuple[int, int]) -> _Node:
        if street == "river":
            return _Node(_SHOWDOWN, put)
        return _Node(_CHANCE, put, tmpl=self.river(put))

    def decision(self, street: str, p: int, put: tuple[int, int], sp: tuple[int, int], inc: int) -> _Node:
        o = 1 - p
        node = _Node(_DECISION, put, p)
        to_call = sp[o] - sp[p]
        behind = self.stack - put[p]
        pot_now = self.pot + put[0] + put[1]

        def add(label: str, kid: _Node) -> None:
            node.labels.append(label)
            node.kids.append(kid)

        def after(extra: int) -> tuple[tuple[int, int], tuple[int, int]]:
            np_, ns = list(put), list(sp)
            np_[p] += extra
            ns[p] += extra
            return (np_[0], np_[1]), (ns[0], ns[1])

        if to_call == 0:
            if p == 0:
                add("check", self.decision(street, 1, put, sp, 0))
            else:
                add("check", self.end(street, put))
            amounts = set()
            for s in self.bets[p][street]:
                amt = behind if s.kind == "allin" else max(1, _round(s.value * pot_now))
                amounts.add(min(amt, behind))
            for amt in sorted(a for a in amounts if a > 0):
                nput, nsp = after(amt)
                label = f"allin {nsp[p]}" if amt == behind else f"bet {nsp[p]}"
                add(label, self.decision(street, o, nput, nsp, amt))
            return node
        add("fold", _Node(_FOLD, put, p))
        call = min(to_call, behind)
        nput, _ = after(call)
        add("call", self.end(street, nput))
        if behind <= to_call or self.stack - put[o] <= 0:
            return node
        top = sp[p] + behind  # raising to this puts the whole stack in
        targets = set()
        for s in self.raises[p][street]:
            if s.kind == "allin":
                to = top
            elif s.kind == "pot":
                to = sp[o] + _round(s.value * (pot_now + to_call))
            else:
                to = _round(s.value * sp[o])
            to = max(to, sp[o] + max(inc, 1))
            targets.add(min(to, top))
        for to in sorted(targets):
            nput, nsp = after(to - sp[p])
            label = f"allin {to}" if to == top else f"raise {to}"
            add(label, self.decision(street, o, nput, nsp, to - sp[o]))
        return node


def _preorder(root: _Node, stop_at_chance: bool) -> list[_Node]:
    out: list[_Node] = []
    stack = [root]
    while stack:
        n = stack.pop()
        out.append(n)
        if n.kind == _DECISION:
            stack.extend(reversed(n.kids))
    return out
