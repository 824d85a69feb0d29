"""BPP's Bayesian network for one betting round, on pgmpy or plain numpy.

The structure (Korb, Nicholson and Jitnah 1999; the Hold'em version by
Nicholson, Korb and Boulton), the same on every round::

    BPP_Final ──────► BPP_Win ◄────── OPP_Final
        │            (win, lose)          │
        ▼                                 ▼
    BPP_Current                      OPP_Current ──► OPP_Action
    (observed)                        (hidden)  ──► Board (observed)

and, with ``final_arc=True``, BPP_Final ──► OPP_Final (the shared board
makes the two finals depend on each other). The finals and currents take
the 9 or 17 hand types of :mod:`pokerlab.bpp.handtypes`; Board the type of
the board cards alone (``none`` before the flop); OPP_Action the
opponent's action on this round: ``pass_call``/``bet_raise`` (2 states) or
``pass``/``call``/``bet``/``raise`` (4 states).

**Learning** (pokerlab's reading of "tables learned from simulated
deals"): every table except OPP_Action is a count from
:func:`pokerlab.bpp.learning.deal_counts` plus a Dirichlet pseudo-count
``pseudo_count`` in every cell that is structurally possible
(:func:`~pokerlab.bpp.handtypes.could_grow`); impossible cells stay at
exactly zero. ``P(BPP_Win | BPP_Final, OPP_Final)`` is (score + a) / (n + 2a)
with ties scoring a half.

**OPP_Action** comes from an opponent model
(:class:`pokerlab.bpp.policy.OpponentModel`); before any showdown it is
the model's prior: an opponent who plays a hand type of showdown win
chance w raises with probability w², bets w(1-w), calls (1-w)w and passes
(1-w)² (2 states: bet/raise w, pass/call 1-w). This prior is pokerlab's
choice; the sources give none.

>>> net = build_network("river", hand_types=9, actions=2)
>>> round(net.query("BPP_Win", {"BPP_Current": "flush"}, engine="numpy")["win"], 3)
0.957
"""

from __future__ import annotations

import contextlib
import warnings
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Any

import numpy as np

from pokerlab import _validate
from pokerlab._options import Engine, EngineChoice
from pokerlab._validate import member
from pokerlab.bpp.handtypes import (
    BOARD_NONE,
    ROUNDS,
    board_cards,
    could_grow,
    merge_17_to_9,
    type_names,
)
from pokerlab.bpp.learning import DEFAULT_DEALS, DEFAULT_SEED, deal_counts
from pokerlab.errors import ImpossibleEvidenceError, ParameterError
from pokerlab.streets import Street, StreetName

__all__ = [
    "ACTIONS_2",
    "ACTIONS_4",
    "NODES",
    "BPPNetwork",
    "Engine",
    "ImpossibleEvidenceError",
    "action_names",
    "build_network",
]


NODES = ("BPP_Final", "OPP_Final", "BPP_Win", "BPP_Current", "OPP_Current", "Board", "OPP_Action")
ACTIONS_2 = ("pass_call", "bet_raise")
ACTIONS_4 = ("pass", "call", "bet", "raise")
WIN_STATES = ("win", "lose")


def action_names(actions: int) -> tuple[str, ...]:
    """State names of OPP_Action for 2 or 4 action states."""
    _validate.whole(actions, "actions", message="BPP's opponent action node has 2 or 4 states")
    if actions == 2:
        return ACTIONS_2
    if actions == 4:
        return ACTIONS_4
    raise ParameterError(f"BPP's opponent action node has 2 or 4 states, not {actions!r}")


def check_round(round: Any) -> StreetName:
    """The round name (``preflop``..``river``, a :class:`~pokerlab.streets.Street` or its word in any case) or a
    ParameterError."""
    return member(Street, round.lower() if _validate.is_text(round) else round, "round").value


def default_action_table(win: np.ndarray, actions: int) -> np.ndarray:
    """The prior P(OPP_Action | OPP_Current) from each type's showdown win chance (module docstring)."""
    w = np.clip(np.asarray(win, dtype=float), 0.02, 0.98)
    if actions == 2:
        return np.stack([1 - w, w], axis=1)
    return np.stack([(1 - w) ** 2, (1 - w) * w, w * (1 - w), w * w], axis=1)


@dataclass(frozen=True, eq=False)
class BPPNetwork:
    """One round's network: tables as numpy arrays, the pgmpy model on demand.

    ``tables[node]`` has one axis per parent (in ``parents[node]`` order)
    and a last axis over the node's states; each slice along the last axis
    sums to one. ``model`` builds the pgmpy ``DiscreteBayesianNetwork``
    (pgmpy is imported only then: it takes seconds).
    """

    round: StreetName
    hand_types: int
    actions: int
    final_arc: bool
    deals: int
    seed: int
    pseudo_count: float
    tables: dict[str, np.ndarray] = field(repr=False)
    parents: dict[str, tuple[str, ...]] = field(repr=False)
    state_names: dict[str, tuple[str, ...]] = field(repr=False)
    provenance: dict[str, Any] = field(repr=False)

    # -- structure -------------------------------------------------------
    @property
    def nodes(self) -> tuple[str, ...]:
        return NODES

    @property
    def edges(self) -> tuple[tuple[str, str], ...]:
        return tuple((p, n) for n in NODES for p in self.parents[n])

    def states(self, node: str) -> tuple[str, ...]:
        """The state names of ``node``."""
        self._check_node(node)
        return self.state_names[node]

    def _check_node(self, node: str) -> None:
        _validate.choice(node, "node", NODES, message=f"unknown node {node!r}; the nodes are {', '.join(NODES)}")

    # -- pgmpy -----------------------------------------------------------
    @cached_property
    def model(self) -> Any:
        """The network as a pgmpy ``DiscreteBayesianNetwork`` (checked by pgmpy)."""
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", FutureWarning)
            from pgmpy.models import DiscreteBayesianNetwork

        model = DiscreteBayesianNetwork(list(self.edges))
        model.add_cpds(*(self.cpd(n) for n in NODES))
        model.check_model()
        return model

    @cached_property
    def _inference(self) -> Any:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", FutureWarning)
            from pgmpy.inference import VariableElimination

        return VariableElimination(self.model)

    def cpd(self, node: str) -> Any:
        """The conditional probability table of ``node`` as a pgmpy ``TabularCPD``."""
        self._check_node(node)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", FutureWarning)
            from pgmpy.factors.discrete import TabularCPD

        table = self.tables[node]
        card = table.shape[-1]
        parents = list(self.parents[node])
        values = table.reshape(-1, card).T
        names = {n: list(self.state_names[n]) for n in [node, *parents]}
        return TabularCPD(
            node,
            card,
            values,
            evidence=parents or None,
            evidence_card=[len(self.state_names[p]) for p in parents] or None,
            state_names=names,
        )

    def cpd_frame(self, node: str) -> Any:
        """The table of ``node`` as a pandas DataFrame: one row per parent combination."""
        import pandas as pd

        self._check_node(node)
        table = self.tables[node]
        parents = self.parents[node]
        cols = list(self.state_names[node])
        if not parents:
            return pd.DataFrame([table], columns=cols, index=["P"])
        index = pd.MultiIndex.from_product([self.state_names[p] for p in parents], names=list(parents))
        return pd.DataFrame(table.reshape(-1, len(cols)), index=index, columns=cols)

    # -- inference -------------------------------------------------------
    def _evidence_indices(self, evidence: dict[str, str] | None) -> dict[str, int]:
        out: dict[str, int] = {}
        for node, state in (evidence or {}).items():
            self._check_node(node)
            names = self.state_names[node]
            said = f"{node} has no state {state!r}; its states are {', '.join(names)}"
            _validate.choice(state, "state", names, message=said)
            out[node] = names.index(state)
        self._check_consistent(out)
        return out

    def _check_consistent(self, ev: dict[str, int]) -> None:
        """Logical contradictions the network's independences cannot see."""
        nb = board_cards(self.round)
        if "Board" not in ev or nb == 0:
            return
        board = ev["Board"]
        for node, cards in (("BPP_Current", nb + 2), ("BPP_Final", 7)):
            if node in ev and not could_grow(board, ev[node], nb, cards - nb, self.hand_types):
                raise ImpossibleEvidenceError(
                    f"{node}={self.state_names[node][ev[node]]} is impossible with "
                    f"Board={self.state_names['Board'][board]}: the board's cards are part of BPP's hand"
                )

    def _contract(self, ev: dict[str, int], keep: str | None) -> np.ndarray:
        letters = {n: i for i, n in enumerate(NODES)}
        operands: list[Any] = []
        for node in NODES:
            axes = [*self.parents[node], node]
            table = self.tables[node]
            index = tuple(ev.get(a, slice(None)) for a in axes)
            operands += [table[index], [letters[a] for a in axes if a not in ev]]
        out = [] if keep is None or keep in ev else [letters[keep]]
        return np.asarray(np.einsum(*operands, out, optimize="greedy"))

    def query(
        self, node: str, evidence: dict[str, str] | None = None, *, engine: EngineChoice = "pgmpy"
    ) -> dict[str, float]:
        """The posterior of ``node`` given ``evidence`` (state names), as ``{state: probability}``.

        ``engine="pgmpy"`` runs pgmpy's variable elimination;
        ``engine="numpy"`` contracts the same tables with ``numpy.einsum``
        (the two agree to 1e-12, a test). Evidence with probability zero
        raises :class:`ImpossibleEvidenceError`, never returns NaN; a
        queried node that is also observed answers 1 for its state.
        """
        self._check_node(node)
        engine = member(Engine, engine, "engine")
        ev = self._evidence_indices(evidence)
        z = float(self._contract(ev, None))
        if z <= 0.0:
            shown = ", ".join(f"{k}={v}" for k, v in (evidence or {}).items())
            raise ImpossibleEvidenceError(f"the evidence {shown} has probability zero on the {self.round}")
        names = self.state_names[node]
        if node in ev:
            return {s: float(i == ev[node]) for i, s in enumerate(names)}
        if engine == "numpy":
            post = self._contract(ev, node) / z
            return {s: float(p) for s, p in zip(names, post, strict=True)}
        factor = self._inference.query([node], evidence=dict(evidence or {}), show_progress=False)
        return {s: float(factor.get_value(**{node: s})) for s in names}

    def posteriors(self, evidence: dict[str, str] | None = None) -> dict[str, dict[str, float]]:
        """Every node's posterior (numpy engine), for displays."""
        return {n: self.query(n, evidence, engine="numpy") for n in NODES}

    def p_win(self, evidence: dict[str, str] | None = None) -> float:
        """P(BPP_Win = win | evidence), the number BPP bets on."""
        return self.query("BPP_Win", evidence, engine="numpy")["win"]

    def with_action_table(self, table: np.ndarray) -> BPPNetwork:
        """The same network with P(OPP_Action | OPP_Current) replaced (rows are normalised)."""
        want = (len(self.state_names["OPP_Current"]), self.actions)
        try:
            t = np.asarray(table, dtype=float)
        except (TypeError, ValueError):
            raise ParameterError(
                f"an action table is a non-negative array of shape {want}, not {table!r:.60}"
            ) from None
        if t.shape != want or (t < 0).any() or not np.isfinite(t).all() or (t.sum(axis=1) <= 0).any():
            raise ParameterError(f"an action table is a non-negative array of shape {want} with no empty row")
        tables = dict(self.tables)
        tables["OPP_Action"] = t / t.sum(axis=1, keepdims=True)
        return replace(self, tables=tables)

    def win_by_current(self) -> np.ndarray:
        """P(win | BPP_Current = t) for every type t, whatever the opponent does (0.5 where t is impossible)."""
        out = np.full(len(self.state_names["BPP_Current"]), 0.5)
        for i, s in enumerate(self.state_names["BPP_Current"]):
            with contextlib.suppress(ImpossibleEvidenceError):
                out[i] = self.query("BPP_Win", {"BPP_Current": s}, engine="numpy")["win"]
        return out

    def __repr__(self) -> str:
        arc = ", final arc" if self.final_arc else ""
        return (
            f"BPPNetwork({self.round}, {self.hand_types} hand types, {self.actions} actions{arc}, "
            f"{self.deals:,} deals, seed {self.seed})"
        )


def _dirichlet(counts: np.ndarray, possible: np.ndarray, alpha: float) -> np.ndarray:
    """Rows of counts plus alpha on the possible cells, normalised (an all-zero row stays uniform on possible cells)."""
    c = counts.astype(float) + alpha * possible
    total = c.sum(axis=-1, keepdims=True)
    empty = total[..., 0] <= 0
    if empty.any():
        c[empty] = np.where(possible[empty], 1.0, 0.0) if possible[empty].any() else 1.0
        total = c.sum(axis=-1, keepdims=True)
    return c / total


def _merge(counts: np.ndarray, axes: tuple[int, ...], hand_types: int) -> np.ndarray:
    if hand_types == 17:
        return counts
    m = merge_17_to_9()
    out = counts
    for ax in axes:
        moved = np.moveaxis(out, ax, 0)
        merged = np.zeros((9, *moved.shape[1:]), dtype=moved.dtype)
        np.add.at(merged, m, moved)
        out = np.moveaxis(merged, 0, ax)
    return out


def build_network(
    round: Any,
    hand_types: int = 17,
    actions: int = 4,
    final_arc: bool = False,
    deals: int = DEFAULT_DEALS,
    seed: int | None = None,
    *,
    pseudo_count: float = 1.0,
    action_table: np.ndarray | None = None,
    progress: bool = False,
) -> BPPNetwork:
    """BPP's network for one round (``"preflop"``, ``"flop"``, ``"turn"``, ``"river"``).

    Tables are learned from ``deals`` seeded random deals (``seed=None``
    means pokerlab's fixed seed 2026, so every user gets the same
    network) with ``pseudo_count`` added to every possible cell; the deal
    counts are cached on disk (:func:`pokerlab.bpp.learning.deal_counts`).
    ``action_table`` (shape types x actions) replaces the default prior
    P(OPP_Action | OPP_Current), e.g. with an opponent model's table.
    """
    rnd = check_round(round)
    names = type_names(hand_types)
    acts = action_names(actions)
    _validate.flag(final_arc, "final_arc")
    _validate.real(
        pseudo_count, "pseudo_count", lo=0, lo_open=True, hi=1e300, message="pseudo_count must be a positive number"
    )
    seed = DEFAULT_SEED if seed is None else seed
    counts = deal_counts(deals, seed, progress=progress)
    r = ROUNDS.index(rnd)
    n_types = len(names)
    nb = board_cards(rnd)
    n_cur = nb + 2
    a = float(pseudo_count)

    everything = np.ones((n_types,), dtype=bool)
    final = _dirichlet(_merge(counts.final, (0,), hand_types), everything, a)
    pair = _merge(counts.final_pair, (0, 1), hand_types)
    win2 = _merge(counts.win2, (0, 1), hand_types).astype(float)
    p_win = (win2 / 2 + a) / (pair + 2 * a)
    win = np.stack([p_win, 1 - p_win], axis=-1)

    grow_cur = np.array(
        [[could_grow(c, f, n_cur, 7 - n_cur, hand_types) for c in range(n_types)] for f in range(n_types)]
    )
    current = _dirichlet(_merge(counts.current[r], (0, 1), hand_types), grow_cur, a)
    if nb == 0:
        board_states: tuple[str, ...] = (BOARD_NONE,)
        board = np.ones((n_types, 1))
    else:
        board_states = names
        grow_board = np.array([[could_grow(b, c, nb, 2, hand_types) for b in range(n_types)] for c in range(n_types)])
        board = _dirichlet(_merge(counts.board[r], (0, 1), hand_types), grow_board, a)

    tables: dict[str, np.ndarray] = {
        "BPP_Final": final,
        "OPP_Final": _dirichlet(pair, np.ones((n_types, n_types), dtype=bool), a) if final_arc else final.copy(),
        "BPP_Win": win,
        "BPP_Current": current,
        "OPP_Current": current.copy(),
        "Board": board,
        "OPP_Action": np.full((n_types, len(acts)), 1 / len(acts)),
    }
    parents: dict[str, tuple[str, ...]] = {
        "BPP_Final": (),
        "OPP_Final": ("BPP_Final",) if final_arc else (),
        "BPP_Win": ("BPP_Final", "OPP_Final"),
        "BPP_Current": ("BPP_Final",),
        "OPP_Current": ("OPP_Final",),
        "Board": ("OPP_Current",),
        "OPP_Action": ("OPP_Current",),
    }
    state_names = {
        "BPP_Final": names,
        "OPP_Final": names,
        "BPP_Win": WIN_STATES,
        "BPP_Current": names,
        "OPP_Current": names,
        "Board": board_states,
        "OPP_Action": acts,
    }
    provenance = dict(counts.provenance)
    provenance.update({"round": rnd, "hand_types": hand_types, "actions": actions, "final_arc": final_arc})
    provenance["pseudo_count"] = a
    net = BPPNetwork(rnd, hand_types, actions, final_arc, deals, seed, a, tables, parents, state_names, provenance)
    if action_table is None:
        action_table = default_action_table(net.win_by_current(), actions)
    net = net.with_action_table(action_table)
    for t in net.tables.values():
        t.setflags(write=False)
    return net
