"""The postflop game as arrays: the betting tree, both ranges and the storage the kernels fill, for one spot.

:class:`_Game` takes a spot (board, ranges, pot, stack, sizes), builds its tree (:mod:`pokerlab.solve._postflop_tree`)
and lays it out flat for the compiled kernels (:mod:`pokerlab.solve._postflop_kernels`):

- **hands**: each player's live combinations (``combos``, ``cards``, weights ``w``, names ``"AsAh"``) and, per
  river card (``slots``: the 48 cards off a turn board, the one river card on a river), every hand's strength
  and the hands in strength order, for the showdowns' running sums;
- **nodes**: every node numbered in preorder, the turn's segment first, then each river template once; the
  arrays ``tree`` (kind, player, children, chips put in, storage offset, chance leaf) describe them;
- **storage**: one float per (decision node, action, hand of the player to act), the turn's nodes first, then
  one block per chance leaf and river card (``inst_base``, ``block``); :meth:`_Game.base` finds a node's offset;
- **isomorphism**: the river cards whose subgames mirror each other under a swap of suits, and the compact
  layout that stores one card per class (:meth:`_Game._isomorphism`, :meth:`_Game.expand`).

:func:`_mass_plain` weighs the opponent's hands that share no card with each hand (the game's normaliser ``Z``
uses it; so do the plain reference walk and a solution's answers). :func:`_kernels` imports the compiled
kernels at their first use, not with this module (they load numba).
"""

from __future__ import annotations

import itertools
from types import ModuleType
from typing import Any

import numpy as np

from pokerlab.cards import Card, combo_cards
from pokerlab.evaluator import evaluate_batch
from pokerlab.ranges import Range
from pokerlab.solve._postflop_sizes import _Size
from pokerlab.solve._postflop_tree import _CHANCE, _DECISION, _Builder, _Node, _preorder


def _kernels() -> ModuleType:
    """The compiled kernels' module, :mod:`pokerlab.solve._postflop_kernels` (imported at the first solve)."""
    # lazy: the kernels import numba (seconds to load, and a compile on a machine's first solve); importing
    # pokerlab.solve, or building a spot's tree, does not need it
    from pokerlab.solve import _postflop_kernels

    return _postflop_kernels


class _Game:
    """Tree, hands and storage layout of one spot (internal; built by :func:`postflop`)."""

    def __init__(
        self,
        board: tuple[Card, ...],
        ranges: tuple[Range, Range],
        pot: int,
        stack: int,
        bets: list[dict[str, tuple[_Size, ...]]],
        raises: list[dict[str, tuple[_Size, ...]]],
        isomorphism: bool = False,
    ) -> None:
        self.board, self.pot, self.stack = board, pot, stack
        self.river_game = len(board) == 5
        b = _Builder(pot, stack, bets, raises)
        if self.river_game:
            self.root = _Node(_CHANCE, (0, 0), tmpl=b.river((0, 0)))
            self.slots = [board[4].id]
            self.factor = 1.0
        else:
            self.root = b.street("turn", (0, 0))
            self.slots = [c for c in range(52) if c not in {x.id for x in board}]
            self.factor = 1.0 / 44.0
        # hands
        self.combos: list[list[int]] = []
        weights: list[list[float]] = []
        for r in ranges:
            live = [(i, w) for i, w in r.entries if not {c.id for c in combo_cards(i)} & {x.id for x in board}]
            self.combos.append([i for i, _ in live])
            weights.append([w for _, w in live])
        self.nh = np.array([len(c) for c in self.combos], dtype=np.int64)
        nmax = int(self.nh.max())
        self.cards = np.zeros((2, nmax, 2), dtype=np.int64)
        self.w = np.zeros((2, nmax), dtype=np.float64)
        self.names: list[list[str]] = []
        for p in range(2):
            names = []
            for h, i in enumerate(self.combos[p]):
                a, c = combo_cards(i)
                self.cards[p, h] = (a.id, c.id)
                self.w[p, h] = weights[p][h]
                names.append(f"{c}{a}")
            self.names.append(names)
        self.same = np.full((2, nmax), -1, dtype=np.int64)
        for p in range(2):
            where = {i: h for h, i in enumerate(self.combos[1 - p])}
            for h, i in enumerate(self.combos[p]):
                self.same[p, h] = where.get(i, -1)
        K = len(self.slots)
        self.K = K
        self.strength = np.full((2, K, nmax), -1, dtype=np.int32)
        self.order = np.zeros((2, K, nmax), dtype=np.int64)
        self.cnt = np.zeros((2, K), dtype=np.int64)
        b4 = [x.id for x in board[:4]]
        for p in range(2):
            n = int(self.nh[p])
            hc = self.cards[p, :n]
            vals = np.full((K, n), -1, dtype=np.int32)
            for k, slot in enumerate(self.slots):
                ok = (hc[:, 0] != slot) & (hc[:, 1] != slot)
                rows = np.empty((int(ok.sum()), 7), dtype=np.int64)
                rows[:, :4] = b4
                rows[:, 4] = slot
                rows[:, 5:] = hc[ok]
                if len(rows):
                    vals[k, ok] = evaluate_batch(rows, validate=False)
            self.strength[p, :, :n] = vals
            for k in range(K):
                alive = np.flatnonzero(vals[k] >= 0)
                srt = alive[np.argsort(vals[k, alive], kind="stable")]
                self.order[p, k, : len(srt)] = srt
                self.cnt[p, k] = len(srt)
        self._flatten()
        self._isomorphism(isomorphism and not self.river_game)

    def _flatten(self) -> None:
        seg = _preorder(self.root, True)
        self.n_root = len(seg)
        tmpls: list[_Node] = []
        leaves: list[_Node] = []
        for n in seg:
            if n.kind == _CHANCE:
                leaves.append(n)
                assert n.tmpl is not None
                if all(n.tmpl is not t for t in tmpls):
                    tmpls.append(n.tmpl)
        nodes = list(seg)
        self.tmpl_nodes: dict[int, list[_Node]] = {}
        for t in tmpls:
            part = _preorder(t, True)
            self.tmpl_nodes[id(t)] = part
            nodes.extend(part)
        for i, n in enumerate(nodes):
            n.index = i
        off = 0
        for n in seg:
            if n.kind == _DECISION:
                n.off = off
                off += len(n.kids) * int(self.nh[n.player])
        blocks: dict[int, int] = {}
        for t in tmpls:
            loc = 0
            for n in self.tmpl_nodes[id(t)]:
                if n.kind == _DECISION:
                    n.off = loc
                    loc += len(n.kids) * int(self.nh[n.player])
            blocks[id(t)] = loc
        self.leaves = leaves
        self.leaf_of = {id(n): j for j, n in enumerate(leaves)}
        self.block = np.array([blocks[id(n.tmpl)] for n in leaves], dtype=np.int64)
        self.inst_base = np.zeros(len(leaves), dtype=np.int64)
        for j in range(len(leaves)):
            self.inst_base[j] = off
            off += self.K * int(self.block[j])
        self.size = off
        self.leaf_node = np.array([n.index for n in leaves], dtype=np.int64)
        self.tmpl_root = np.array([n.tmpl.index for n in leaves], dtype=np.int64)  # type: ignore[union-attr]
        self.tmpl_len = np.array([len(self.tmpl_nodes[id(n.tmpl)]) for n in leaves], dtype=np.int64)
        self.work = int(self.K * sum(len(self.tmpl_nodes[id(n.tmpl)]) for n in leaves) * int(self.nh.max()))
        N = len(nodes)
        maxk = max([len(n.kids) for n in nodes] + [1])
        kind = np.array([n.kind for n in nodes], dtype=np.int64)
        player = np.array([n.player for n in nodes], dtype=np.int64)
        nkid = np.array([len(n.kids) for n in nodes], dtype=np.int64)
        kid = np.zeros((N, maxk), dtype=np.int64)
        for n in nodes:
            for a, c in enumerate(n.kids):
                kid[n.index, a] = c.index
        put0 = np.array([n.put[0] for n in nodes], dtype=np.float64)
        put1 = np.array([n.put[1] for n in nodes], dtype=np.float64)
        offs = np.array([n.off for n in nodes], dtype=np.int64)
        leaf = np.array([self.leaf_of.get(id(n), -1) for n in nodes], dtype=np.int64)
        self.tree = (kind, player, nkid, kid, put0, put1, offs, leaf)
        # strengths and cards in strength order, for the showdowns' running sums (no indirection in the scan)
        self.ostr = np.take_along_axis(self.strength, self.order, axis=2)
        per_slot = np.repeat(self.cards[:, None], self.K, axis=1)  # (2, K, hands, 2)
        self.ocards = np.take_along_axis(per_slot, self.order[..., None], axis=2)
        self.hands = (self.cards, self.nh, self.strength, self.order, self.cnt, self.same, self.ostr, self.ocards)
        self.nodes = nodes
        # normaliser: the weight of all hand pairs that share no card
        m = _mass_plain(self.w[1, : self.nh[1]], 0, self, -1, 0)
        self.Z = float(np.dot(self.w[0, : self.nh[0]], m))

    def _isomorphism(self, on: bool) -> None:
        """River cards whose subgames mirror each other, and the compact layout the kernels solve on.

        A permutation of the four suits that maps the turn board onto itself and each range onto itself
        (every combination onto one of the same weight) maps the subgame under river card ``c`` onto the
        one under its image: a hand's values there are its image's. The river cards fall into classes
        (orbits) under the group of such permutations; the kernels solve one representative per class (the
        lowest card) and :func:`pokerlab.solve._postflop_kernels._mirror` adds the others' values, read
        through ``perm``: ``perm[k, p, h]`` is player p's hand that hand h becomes under the permutation
        taking card ``k``'s representative to it (the identity at a representative). ``reps`` are the
        representatives' slots and ``rep_of[k]`` the compact index of card ``k``'s representative.
        """
        K, nmax = self.K, int(self.nh.max())
        group = []
        if on:
            board = {c.id for c in self.board}
            have = [
                {
                    (int(min(x)), int(max(x))): float(w)
                    for x, w in zip(self.cards[p, : self.nh[p]], self.w[p], strict=False)
                }
                for p in range(2)
            ]
            for sig in itertools.permutations(range(4)):
                move = [(c & ~3) | sig[c & 3] for c in range(52)]
                if sig == (0, 1, 2, 3) or {move[c] for c in board} != board:
                    continue
                if all(
                    have[p].get((min(move[a], move[b]), max(move[a], move[b])), -1.0) == w
                    for p in range(2)
                    for (a, b), w in have[p].items()
                ):
                    group.append(move)
        ident = list(range(52))
        index = np.full((2, 52, 52), -1, dtype=np.int64)  # player, card, card -> the hand holding both
        for p in range(2):
            n = int(self.nh[p])
            index[p, self.cards[p, :n, 0], self.cards[p, :n, 1]] = np.arange(n)
            index[p, self.cards[p, :n, 1], self.cards[p, :n, 0]] = np.arange(n)
        self.iso = bool(group)
        self.group = group  # each a card id -> card id list (the identity left out)
        self.reps: list[int] = []
        self.rep_of = np.zeros(K, dtype=np.int64)
        self.perm = np.zeros((K, 2, nmax), dtype=np.int64)
        slot_of = {c: k for k, c in enumerate(self.slots)}
        for k, c in enumerate(self.slots):
            rep = min([c] + [m.index(c) for m in group])  # the lowest card the group maps onto c
            move = next((m for m in [ident, *group] if m[rep] == c), ident)
            if rep == c:
                self.reps.append(k)
            self.rep_of[k] = slot_of[rep]  # a slot for now: compact indices below, once every rep is known
            back = np.argsort(move)  # the inverse: hand h at card c is hand back(h) at the representative
            for p in range(2):
                n = int(self.nh[p])
                self.perm[k, p, :n] = index[p, back[self.cards[p, :n, 0]], back[self.cards[p, :n, 1]]]
        compact = {k: i for i, k in enumerate(self.reps)}
        self.rep_of = np.array([compact[int(k)] for k in self.rep_of], dtype=np.int64)
        R = len(self.reps)
        root = int(self.inst_base[0]) if len(self.inst_base) else self.size
        self.inst_base_c = root + np.concatenate([[0], np.cumsum(R * self.block)[:-1]]).astype(np.int64)
        self.store = root + R * int(self.block.sum()) if self.iso else self.size
        if self.iso:  # a pass visits the representatives' subtrees only
            self.work = self.work * R // K
        rs = self.reps
        full: tuple[Any, ...] = self.hands
        self.hands_c = tuple(np.ascontiguousarray(x[:, rs]) if i in (2, 3, 4, 6, 7) else x for i, x in enumerate(full))

    def kernel_arrays(self, compact: bool) -> tuple[Any, ...]:
        """The game's arrays in the order the kernels take them: the full layout (every river card) or, with
        ``compact``, the representatives' (see :meth:`_isomorphism`), then the mirroring data."""
        if compact and self.iso:
            tail = (len(self.reps), self.factor, self.leaf_node, self.tmpl_root, self.tmpl_len, self.inst_base_c)
            return (self.n_root, *tail, self.block, self.w, self.tree, self.hands_c), (True, self.rep_of, self.perm)
        none = (False, np.zeros(1, np.int64), np.zeros((1, 2, 1), np.int64))
        tail = (self.K, self.factor, self.leaf_node, self.tmpl_root, self.tmpl_len, self.inst_base)
        return (self.n_root, *tail, self.block, self.w, self.tree, self.hands), none

    def expand(self, compact: np.ndarray) -> np.ndarray:
        """A storage array of the compact layout (representatives only) in the full one: each river card's
        block is its representative's, each node's rows read through the hand permutation ``perm``."""
        if not self.iso:
            return compact
        full = np.empty(self.size, dtype=compact.dtype)
        root = int(self.inst_base[0]) if len(self.inst_base) else self.size
        full[:root] = compact[:root]
        gathers: dict[tuple[int, int], np.ndarray] = {}
        for j, leaf in enumerate(self.leaves):
            assert leaf.tmpl is not None
            nodes = [n for n in self.tmpl_nodes[id(leaf.tmpl)] if n.kind == _DECISION]
            bl = int(self.block[j])
            for k in range(self.K):
                key = (id(leaf.tmpl), k)
                if key not in gathers:
                    parts = [np.zeros(0, np.int64)]
                    for n in nodes:
                        nq = int(self.nh[n.player])
                        row = self.perm[k, n.player, :nq]
                        parts.extend(n.off + a * nq + row for a in range(len(n.kids)))
                    gathers[key] = np.concatenate(parts)
                src = int(self.inst_base_c[j]) + int(self.rep_of[k]) * bl
                dst = int(self.inst_base[j]) + k * bl
                full[dst : dst + bl] = compact[src + gathers[key]]
        return full

    def base(self, node: _Node, j: int, k: int) -> int:
        """Storage offset of decision ``node`` (j, k: the chance leaf and river slot above it, -1 on the turn)."""
        if j < 0:
            return node.off
        return int(self.inst_base[j]) + k * int(self.block[j]) + node.off


def _clash(g: _Game, t: int) -> np.ndarray:
    """Which pairs (player t's hand, the opponent's hand) share a card, as a boolean matrix."""
    ct = g.cards[t, : g.nh[t]]
    co = g.cards[1 - t, : g.nh[1 - t]]
    return (
        (ct[:, None, 0] == co[None, :, 0])
        | (ct[:, None, 0] == co[None, :, 1])
        | (ct[:, None, 1] == co[None, :, 0])
        | (ct[:, None, 1] == co[None, :, 1])
    )


def _mass_plain(reach_o: np.ndarray, t: int, g: _Game, k: int, _unused: int) -> np.ndarray:
    """Opponent reach on hands sharing no card with each of t's hands (a plain double loop over cards)."""
    m = (~_clash(g, t)).astype(np.float64) @ reach_o
    if k >= 0:
        m[g.strength[t, k, : g.nh[t]] < 0] = 0.0
    return m
