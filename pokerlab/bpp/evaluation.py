"""How much BPP's abstraction costs: its P(win) next to the exact equity on the same cards.

BPP sees only hand types, so two hands of one type look alike to it, and
its network does not know that the board is shared. :func:`abstraction_gap`
deals random hole cards and boards for every round and compares BPP's
P(win) (no opponent action observed) with the exact showdown equity of the
same cards against one random hand (ties count half): from the exact
heads-up preflop table, by full enumeration of the remaining boards on the
flop and turn (:func:`pokerlab.strength.hand_potential`), and by hand
strength on the river.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from pokerlab import _progress, _validate
from pokerlab.bpp.handtypes import ROUNDS, evidence_from_cards
from pokerlab.bpp.network import build_network
from pokerlab.cards import Card, HandClass, parse_named
from pokerlab.preflop import load_table
from pokerlab.streets import BOARD_SIZES
from pokerlab.strength import hand_potential, hand_strength

__all__ = ["abstraction_gap", "exact_equity", "gap_summary"]


def exact_equity(hole: Any, board: Any) -> float:
    """Exact equity of ``hole`` on ``board`` (0, 3, 4 or 5 cards) against one random hand."""

    h, b = parse_named(hole, "hole"), parse_named(board, "board") if board is not None else ()
    if len(b) == 0:
        # the committed exact table, or an error naming its file
        return load_table("exact").value(HandClass.of(*h).name)
    if len(b) == 5:
        return hand_strength(h, b)
    m = np.asarray(hand_potential(h, b, lookahead=5 - len(b)).matrix, dtype=float)
    end = m.sum(axis=0)
    return float((end[0] + end[1] / 2) / end.sum())


def abstraction_gap(
    samples: int = 100, seed: int = 0, hand_types: int = 17, *, progress: bool = True, **network: Any
) -> Any:
    """A DataFrame with, per round and dealt situation, BPP's P(win), the exact equity and the error."""
    import pandas as pd

    samples = _validate.whole(
        samples, "samples", lo=1, hi=10**7, message="samples must be a whole number 1..10,000,000"
    )
    nets = {r: build_network(r, hand_types=hand_types, **network) for r in ROUNDS}

    seed = _validate.seed(seed, optional=False)
    _validate.flag(progress, "progress")
    rng = np.random.default_rng(seed)
    rows = []
    bar = None
    if progress:
        bar = _progress.bar(4 * samples, "BPP vs exact equity", "deal")
    for rnd, nb in zip(ROUNDS, BOARD_SIZES, strict=True):
        for _ in range(samples):
            ids = rng.choice(52, size=2 + nb, replace=False)
            hole = tuple(Card(int(i)) for i in ids[:2])
            board = tuple(Card(int(i)) for i in ids[2:])
            _, evidence = evidence_from_cards(hole, board, hand_types)
            p = nets[rnd].p_win(evidence)
            e = exact_equity(hole, board)
            rows.append(
                {
                    "round": rnd,
                    "hole": " ".join(map(str, hole)),
                    "board": " ".join(map(str, board)),
                    "type": evidence["BPP_Current"],
                    "bpp_p_win": p,
                    "exact_equity": e,
                    "error": p - e,
                }
            )
            if bar is not None:
                bar.update(1)
    if bar is not None:
        bar.close()
    return pd.DataFrame(rows)


def gap_summary(gap: Any) -> Any:
    """Per round: mean absolute error, root mean square error, largest error, correlation."""
    import pandas as pd

    need = {"round", "error", "bpp_p_win", "exact_equity"}
    _validate.instance(
        gap,
        pd.DataFrame,
        "gap must be the DataFrame abstraction_gap returns",
        check=lambda gap: need <= set(gap.columns),
    )
    out = {}
    for rnd in ROUNDS:
        g = gap[gap["round"] == rnd]
        if g.empty:
            continue
        err = g["error"]
        out[rnd] = {
            "deals": len(g),
            "mean_abs_error": float(err.abs().mean()),
            "rms_error": float(np.sqrt((err**2).mean())),
            "max_abs_error": float(err.abs().max()),
            "correlation": float(np.corrcoef(g["bpp_p_win"], g["exact_equity"])[0, 1]) if len(g) > 2 else np.nan,
        }
    return pd.DataFrame(out).T
