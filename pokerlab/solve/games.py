"""Kuhn poker and Leduc Hold'em as data: deals, a public betting tree, information sets.

Both games are two-player, zero-sum and have public actions, so a game is

* a list of **deals** (every way chance can deal the cards, each with its
  probability),
* one **public tree** of betting sequences, the same for every deal, whose
  terminal nodes carry a payoff per deal, and
* the **information sets**: what the player to act knows (own card, the board
  card once dealt, and the betting so far). Each decision node maps every deal
  to the information set its player is in.

This layout lets the solvers work on all deals of a node at once (numpy arrays
over deals) while the rules stay readable.

Kuhn poker (Kuhn, "A simplified two-person poker", 1950)
    Deck J, Q, K. Each player antes 1 chip and gets one card. Player 0 acts
    first: *pass* (check) or *bet* 1 chip. After a pass, player 1 may pass
    (showdown for the antes) or bet; after a bet the other player may pass
    (fold, losing the ante) or bet (call; showdown for 2 chips each).
    Actions are ``p`` (pass) and ``b`` (bet), as in OpenSpiel's
    ``kuhn_poker`` (actions 0 and 1). 12 information sets.

Leduc Hold'em (Southey et al., "Bayes' Bluff: Opponent Modelling in Poker", 2005)
    Deck of six cards: two jacks, two queens, two kings (card ``i`` has rank
    ``i // 2``, as in OpenSpiel's ``leduc_poker``). Each player antes 1 chip
    and gets one private card. Round 1 is a betting round with a fixed bet of
    2 chips; then one public board card is dealt and round 2 follows with a
    fixed bet of 4 chips. In each round player 0 acts first; at most two
    raises (a bet counts as a raise) per round. A player may fold (only when
    facing a bet), call (check when there is nothing to call) or raise. At
    the showdown a player whose card pairs the board wins; otherwise the
    higher card wins; equal ranks split the pot. Actions ``f``, ``c``, ``r``
    are OpenSpiel's actions 0, 1, 2. 288 information sets (a card's suit never
    matters, so information sets name ranks only).

Information set keys read ``card:history`` (Kuhn, e.g. ``"Q:pb"``) and, in
Leduc, ``card:round1`` before the board card and ``cardboard:round1/round2``
after it: ``"K:r"`` is player 1 holding a king after a raise; ``"KQ:rc/c"`` is
player 1 holding a king with a queen on the board, after raise-call in round 1
and a check in round 2.

>>> kuhn = game("kuhn")
>>> len(kuhn.infosets), len(kuhn.deals)
(12, 6)
>>> [i.key for i in kuhn.infosets if i.player == 0]
['J:', 'J:pb', 'Q:', 'Q:pb', 'K:', 'K:pb']
>>> leduc = game("leduc")
>>> len(leduc.infosets), len(leduc.deals)
(288, 120)
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, lru_cache
from itertools import permutations
from typing import Any, Protocol, runtime_checkable

import numpy as np

from pokerlab import _validate
from pokerlab._options import GameName, GameNameChoice
from pokerlab.errors import ParameterError

__all__ = ["GAMES", "DecisionPoint", "Game", "GameName", "InfoSet", "Node", "game"]


GAMES: tuple[GameName, ...] = tuple(GameName)


@runtime_checkable
class DecisionPoint(Protocol):
    """The one small interface every solver's decision offers a bot or a lesson: who acts, what it may do, and
    the chips (in the game's own units) each player has put in so far.

    Kuhn's and Leduc's :class:`InfoSet` and the postflop solver's decision nodes all have it, so a bot reads
    ``point.to_call`` and ``point.pot`` instead of re-deriving them from a history string.

    >>> point = game("leduc").infoset("K:r")
    >>> isinstance(point, DecisionPoint), point.player, point.actions, point.paid, point.to_call, point.pot
    (True, 1, ('f', 'c', 'r'), (3, 1), 2, 4)
    """

    @property
    def key(self) -> str:
        """The decision's name: an information set key (``"K:r"``) or a postflop line."""
        ...

    @property
    def player(self) -> int:
        """Who acts: 0 (first to act) or 1."""
        ...

    @property
    def actions(self) -> tuple[str, ...]:
        """The legal actions, in the game's own labels."""
        ...

    @property
    def paid(self) -> tuple[int, int]:
        """The chips each player has put in before this decision (antes and blinds included)."""
        ...

    @property
    def pot(self) -> int:
        """Every chip in the middle: ``sum(paid)`` plus what was there before the game began."""
        ...

    @property
    def to_call(self) -> int:
        """What the acting player must add to match the other's chips (0: a check is free)."""
        ...


@dataclass(frozen=True, eq=False)
class InfoSet:
    """What the player to act knows: ``card``, ``board`` ("" before it is dealt) and the betting ``history``;
    a :class:`DecisionPoint` (``paid`` by each player before it, ``pot``, ``to_call``)."""

    index: int
    key: str
    player: int
    card: str
    board: str
    history: str
    actions: tuple[str, ...]
    paid: tuple[int, int] = (1, 1)

    @property
    def pot(self) -> int:
        """The chips in the middle: both antes and every bet."""
        return self.paid[0] + self.paid[1]

    @property
    def to_call(self) -> int:
        """What the player to act must add to call (0 when it may check)."""
        return self.paid[1 - self.player] - self.paid[self.player]

    def __repr__(self) -> str:
        return f"InfoSet({self.key!r}, player {self.player}, actions {''.join(self.actions)})"


@dataclass(frozen=True, eq=False)
class Node:
    """A node of the public betting tree.

    Decision nodes have ``player`` 0 or 1, ``actions`` with one child index
    each, and ``infoset[d]``: the information set index of the player to act
    in deal ``d``. Terminal nodes have ``player`` -1 and ``payoff[d]``: the
    chips player 0 wins in deal ``d`` (player 1 wins the negative).
    """

    index: int
    history: str
    player: int
    actions: tuple[str, ...] = ()
    children: tuple[int, ...] = ()
    infoset: np.ndarray | None = None
    payoff: np.ndarray | None = None

    @property
    def terminal(self) -> bool:
        return self.player < 0


@dataclass(frozen=True, eq=False)
class Game:
    """A two-player zero-sum card game with public actions (see the module docstring).

    ``deals[d]`` holds the card indices dealt (player 0, player 1 and, in
    Leduc, the board) with probability ``chance[d]``; ``nodes[0]`` is the root
    and every node comes before its children; ``actions`` is the game's
    action alphabet (the columns of a policy table).
    """

    name: str
    cards: tuple[str, ...]
    actions: tuple[str, ...]
    deals: np.ndarray
    chance: np.ndarray
    nodes: tuple[Node, ...]
    infosets: tuple[InfoSet, ...]

    def infoset(self, key: str) -> InfoSet:
        """The information set called ``key`` (e.g. ``"K:pb"``)."""
        _validate.text(key, "key", empty=True, message=f"an information set key is a string like 'K:pb', not {key!r}")
        try:
            return self.infosets[self._index[key]]
        except KeyError:
            raise ParameterError(f"{self.name} has no information set {key!r}") from None

    @property
    def _index(self) -> dict[str, int]:
        return _key_index(self)

    @property
    def legal(self) -> np.ndarray:
        """Boolean table (information sets x actions): which actions are legal where."""
        return _legal(self)

    def rank(self, card: int) -> str:
        """The rank letter of card index ``card``."""
        return self.cards[card][0]

    def __repr__(self) -> str:
        return f"Game({self.name!r}: {len(self.deals)} deals, {len(self.nodes)} nodes, {len(self.infosets)} infosets)"


@lru_cache(maxsize=8)
def _key_index(g: Game) -> dict[str, int]:
    return {i.key: i.index for i in g.infosets}


@lru_cache(maxsize=8)
def _legal(g: Game) -> np.ndarray:
    legal = np.zeros((len(g.infosets), len(g.actions)), dtype=bool)
    for i in g.infosets:
        for a in i.actions:
            legal[i.index, g.actions.index(a)] = True
    legal.setflags(write=False)
    return legal


def game(name: GameNameChoice) -> Game:
    """Kuhn poker (``"kuhn"``) or Leduc Hold'em (``"leduc"``), built from the rules in the module docstring.

    The same object is returned on every call (games are immutable).
    """
    if isinstance(name, str) and name.lower() in GAMES:
        return _build(GameName(name.lower()).value)
    return _build(_validate.member(GameName, name, "game").value)  # raises, naming the games


@cache
def _build(name: str) -> Game:
    return _kuhn() if name == "kuhn" else _leduc()


class _Builder:
    """Collects nodes and information sets while the betting rules are walked."""

    def __init__(self, deals: np.ndarray) -> None:
        self.deals = deals
        self.nodes: list[dict] = []
        self.infosets: dict[str, InfoSet] = {}

    def add(self, **fields: Any) -> int:
        self.nodes.append(fields)
        return len(self.nodes) - 1

    def infoset_ids(
        self,
        keys: list[str],
        player: int,
        cards: list[str],
        boards: list[str],
        history: str,
        actions: tuple[str, ...],
        paid: tuple[int, int],
    ) -> np.ndarray:
        ids = np.empty(len(keys), dtype=np.int64)
        for d, key in enumerate(keys):
            if key not in self.infosets:
                self.infosets[key] = InfoSet(
                    len(self.infosets), key, player, cards[d], boards[d], history, actions, paid
                )
            ids[d] = self.infosets[key].index
        return ids

    def finish(self, name: str, cards: tuple[str, ...], actions: tuple[str, ...], chance: np.ndarray) -> Game:
        # renumber information sets by (card rank order, board, player, history order of discovery)
        order = sorted(
            self.infosets.values(), key=lambda i: (i.player, _rank_order(i.card), _rank_order(i.board), i.index)
        )
        new = {old.index: k for k, old in enumerate(order)}
        infosets = tuple(
            InfoSet(new[i.index], i.key, i.player, i.card, i.board, i.history, i.actions, i.paid) for i in order
        )
        remap = np.array([new[k] for k in range(len(new))], dtype=np.int64)
        nodes = []
        for k, f in enumerate(self.nodes):
            iset = f.get("infoset")
            if iset is not None:
                iset = remap[iset]
                iset.setflags(write=False)
            payoff = f.get("payoff")
            if payoff is not None:
                payoff.setflags(write=False)
            nodes.append(Node(k, f["history"], f["player"], f.get("actions", ()), f.get("children", ()), iset, payoff))
        self.deals.setflags(write=False)
        chance.setflags(write=False)
        return Game(name, cards, actions, self.deals, chance, tuple(nodes), infosets)


def _rank_order(card: str) -> int:
    return "JQK".index(card[0]) if card else -1


def _kuhn() -> Game:
    deals = np.array(list(permutations(range(3), 2)), dtype=np.int64)
    chance = np.full(len(deals), 1 / len(deals))
    cards = ("J", "Q", "K")
    b = _Builder(deals)
    sign = np.where(deals[:, 0] > deals[:, 1], 1.0, -1.0)  # showdown: the higher card wins

    def node(history: str) -> int:
        # terminal sequences and their payoffs to player 0
        if history in ("pp", "bb", "pbb"):
            return b.add(history=history, player=-1, payoff=sign * (1 if history == "pp" else 2))
        if history in ("bp", "pbp"):
            return b.add(history=history, player=-1, payoff=np.full(len(deals), 1.0 if history == "bp" else -1.0))
        player = len(history) % 2
        k = b.add(history=history, player=player, actions=("p", "b"))
        mine = [cards[c] for c in deals[:, player]]
        paid = (1 + history[0::2].count("b"), 1 + history[1::2].count("b"))  # the antes, and a chip per bet
        keys = [f"{c}:{history}" for c in mine]
        ids = b.infoset_ids(keys, player, mine, [""] * len(deals), history, ("p", "b"), paid)
        children = (node(history + "p"), node(history + "b"))
        b.nodes[k].update(children=children, infoset=ids)
        return k

    node("")
    return b.finish("kuhn", cards, ("p", "b"), chance)


def leduc_showdown(rank0: np.ndarray, rank1: np.ndarray, board: np.ndarray) -> np.ndarray:
    """+1 where player 0 wins the Leduc showdown, -1 where player 1 does, 0 for a split (arrays of ranks)."""
    pair0, pair1 = rank0 == board, rank1 == board
    return np.where(pair0, 1, np.where(pair1, -1, np.sign(rank0 - rank1))).astype(float)


LEDUC_BETS = (2, 4)
LEDUC_MAX_RAISES = 2
LEDUC_STACK = 100
"""Each player's chips at the start of a Leduc hand, as OpenSpiel deals them (at fixed limit no bet depends on
it; the bots that size by money left read it)."""


def _leduc() -> Game:
    deals = np.array([(a, b_, c) for a, b_ in permutations(range(6), 2) for c in range(6) if c not in (a, b_)])
    chance = np.full(len(deals), 1 / len(deals))
    cards = ("Js", "Jh", "Qs", "Qh", "Ks", "Kh")
    ranks = deals // 2
    show = leduc_showdown(ranks[:, 0], ranks[:, 1], ranks[:, 2])
    b = _Builder(deals)
    letters = "JQK"

    def node(rnd: int, h1: str, h2: str, paid: tuple[int, int], raises: int, player: int) -> int:
        history = h1 if rnd == 0 else f"{h1}/{h2}"
        to_call = paid[1 - player] - paid[player]
        actions = (("f",) if to_call > 0 else ()) + ("c",) + (("r",) if raises < LEDUC_MAX_RAISES else ())
        k = b.add(history=history, player=player, actions=actions)
        mine = [letters[r] for r in ranks[:, player]]
        if rnd == 0:
            boards = [""] * len(deals)
            keys = [f"{c}:{h1}" for c in mine]
        else:
            boards = [letters[r] for r in ranks[:, 2]]
            keys = [f"{c}{bd}:{h1}/{h2}" for c, bd in zip(mine, boards, strict=True)]
        ids = b.infoset_ids(keys, player, mine, boards, history, actions, paid)
        children = []
        seq = h1 if rnd == 0 else h2
        for a in actions:
            s1, s2 = (h1 + a, h2) if rnd == 0 else (h1, h2 + a)
            hist = f"{s1}/{s2}" if rnd else s1
            if a == "f":  # the folder loses what it has paid
                gain = paid[1] if player == 1 else -paid[0]
                children.append(b.add(history=hist, player=-1, payoff=np.full(len(deals), float(gain))))
            elif a == "r":
                new = list(paid)
                new[player] = paid[1 - player] + LEDUC_BETS[rnd]
                children.append(node(rnd, s1, s2, (new[0], new[1]), raises + 1, 1 - player))
            elif to_call > 0 or seq == "c":  # a call, or the second check, ends the round
                amount = paid[1 - player]
                if rnd == 1:
                    children.append(b.add(history=f"{s1}/{s2}", player=-1, payoff=show * amount))
                else:
                    children.append(node(1, s1, "", (amount, amount), 0, 0))
            else:  # the first check
                children.append(node(rnd, s1, s2, paid, raises, 1 - player))
        b.nodes[k].update(children=tuple(children), infoset=ids)
        return k

    node(0, "", "", (1, 1), 0, 0)
    return b.finish("leduc", cards, ("f", "c", "r"), chance)
