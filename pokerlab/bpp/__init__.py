"""BPP, the Bayesian Poker Player (Monash University): its network, learning and policy.

BPP keeps one small Bayesian network per betting round. Its own hand
type (BPP_Current), the board and the opponent's action are evidence; the
network answers P(BPP_Win), and betting curves turn that into an action.

* :mod:`pokerlab.bpp.handtypes`: the 9 or 17 hand types and which can follow which;
* :mod:`pokerlab.bpp.learning`: counts from seeded simulated deals, cached with provenance;
* :mod:`pokerlab.bpp.network`: :func:`build_network` and :class:`BPPNetwork` (pgmpy or numpy);
* :mod:`pokerlab.bpp.policy`: betting curves, the decision-network variant, the opponent model;
* :mod:`pokerlab.bpp.evaluation`: how far BPP's P(win) is from the exact equity, per round.

The bot that plays with it is ``pokerlab.bots.make("bpp")``.

>>> from pokerlab import bpp
>>> net = bpp.build_network("flop")
>>> net.states("OPP_Action")
('pass', 'call', 'bet', 'raise')
>>> p = net.query("BPP_Win", {"BPP_Current": "pair_A", "Board": "busted_A"}, engine="numpy")
>>> round(p["win"], 3)
0.716
"""

from pokerlab.bpp.evaluation import abstraction_gap, exact_equity, gap_summary
from pokerlab.bpp.handtypes import HAND_TYPES_9, HAND_TYPES_17, ROUNDS, TYPE_LABELS, hand_type
from pokerlab.bpp.learning import DEFAULT_DEALS, DEFAULT_SEED, deal_counts
from pokerlab.bpp.network import (
    ACTIONS_2,
    ACTIONS_4,
    NODES,
    BPPNetwork,
    ImpossibleEvidenceError,
    build_network,
)
from pokerlab.bpp.policy import (
    Curves,
    OpponentModel,
    action_probabilities,
    best_action,
    expected_winnings,
    pot_odds_threshold,
    summarise_actions,
    winnings_table,
)

__all__ = [
    "ACTIONS_2",
    "ACTIONS_4",
    "DEFAULT_DEALS",
    "DEFAULT_SEED",
    "HAND_TYPES_9",
    "HAND_TYPES_17",
    "NODES",
    "ROUNDS",
    "TYPE_LABELS",
    "BPPNetwork",
    "Curves",
    "ImpossibleEvidenceError",
    "OpponentModel",
    "abstraction_gap",
    "action_probabilities",
    "best_action",
    "build_network",
    "deal_counts",
    "evidence_from_cards",
    "exact_equity",
    "expected_winnings",
    "gap_summary",
    "hand_type",
    "pot_odds_threshold",
    "summarise_actions",
    "winnings_table",
]


def evidence_from_cards(hole: object, board: object = "", hand_types: int = 17) -> tuple[str, dict[str, str]]:
    """The round and the evidence (BPP_Current, Board) for actual cards.

    >>> evidence_from_cards("AdQc", "3h4cJh")
    ('flop', {'BPP_Current': 'busted_A', 'Board': 'busted_TJ'})
    """
    from pokerlab.cards import parse_named
    from pokerlab.errors import CardCountError, DuplicateCardError

    h = parse_named(hole, "hole")
    b = parse_named(board, "board") if board is not None else ()
    if len(h) != 2:
        raise CardCountError(f"BPP holds 2 hole cards, not {len(h)}")
    if len(b) not in (0, 3, 4, 5):
        raise CardCountError(f"a board has 0, 3, 4 or 5 cards, not {len(b)}")
    dup = set(h) & set(b)
    if dup:
        raise DuplicateCardError(f"{sorted(dup)[0]} is both a hole card and on the board")
    rnd = ROUNDS[(0, None, None, 1, 2, 3)[len(b)]]
    board_type = hand_type(b, hand_types) if b else "none"
    return rnd, {"BPP_Current": hand_type(h + b, hand_types), "Board": board_type}
