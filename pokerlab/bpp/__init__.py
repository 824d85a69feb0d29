"""BPP, the Bayesian Poker Player (Monash University): its network, learning and policy.

BPP keeps one small Bayesian network per betting round. Its own hand
type (BPP_Current), the board and the opponent's action are evidence; the
network answers P(BPP_Win), and betting curves turn that into an action.

* :mod:`pokerlab.bpp.handtypes`: the 9 or 17 hand types, which can follow which, the evidence of actual cards;
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
from pokerlab.bpp.handtypes import HAND_TYPES_9, HAND_TYPES_17, ROUNDS, TYPE_LABELS, evidence_from_cards, hand_type
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
    OpponentModelMode,
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
    "OpponentModelMode",
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
