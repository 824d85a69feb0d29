"""The game engine: rules as data, the hand state machine, matches, hand histories.

>>> from pokerlab.game import AAAI06_HEADS_UP_LIMIT, Call, Raise
>>> hand = AAAI06_HEADS_UP_LIMIT.new_hand(button=0, seed=1)
>>> hand.actor, hand.to_call, hand.min_raise_to   # the button posted $5 and acts first
(0, 5, 20)

``Rules.new_hand``, ``Rules.from_acpc_gamedef``/``to_acpc_gamedef`` and ``HandState.to_phh``/``from_phh``
reach the modules above them through :mod:`pokerlab.game._hooks`; importing this package imports every
module that fills it (state, gamedef, phh), so imports inside the package only go one way.
"""

from pokerlab.game import gamedef, phh  # noqa: F401  (they fill pokerlab.game._hooks)
from pokerlab.game.match import BaseBot, Bot, Fault, MatchResult, PlayerView, play_match, view_for
from pokerlab.game.rules import (
    AAAI06_HEADS_UP_LIMIT,
    BIGHOLDEM,
    HEADS_UP_NO_LIMIT,
    NO_LIMIT_RING,
    PRESETS,
    BettingStructure,
    BlindLevel,
    Rules,
    RulesError,
    Street,
    TimeBank,
)
from pokerlab.game.state import (
    Act,
    Action,
    ActionKind,
    AwardPot,
    Blind,
    Call,
    Check,
    DealBoard,
    DealHole,
    Event,
    Fold,
    HandEnd,
    HandState,
    IllegalActionError,
    Muck,
    PostAnte,
    PostBlind,
    Raise,
    RaiseTo,
    ReturnUncalled,
    Showdown,
)

__all__ = [
    "AAAI06_HEADS_UP_LIMIT",
    "BIGHOLDEM",
    "HEADS_UP_NO_LIMIT",
    "NO_LIMIT_RING",
    "PRESETS",
    "Act",
    "Action",
    "ActionKind",
    "AwardPot",
    "BaseBot",
    "BettingStructure",
    "Blind",
    "BlindLevel",
    "Bot",
    "Call",
    "Check",
    "DealBoard",
    "DealHole",
    "Event",
    "Fault",
    "Fold",
    "HandEnd",
    "HandState",
    "IllegalActionError",
    "MatchResult",
    "Muck",
    "PlayerView",
    "PostAnte",
    "PostBlind",
    "Raise",
    "RaiseTo",
    "ReturnUncalled",
    "Rules",
    "RulesError",
    "Showdown",
    "Street",
    "TimeBank",
    "play_match",
    "view_for",
]
