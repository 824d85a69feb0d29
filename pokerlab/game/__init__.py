"""The game engine: rules as data, the hand state machine, matches, hand histories.

>>> from pokerlab.game import AAAI06_HEADS_UP_LIMIT, Call, Raise
>>> hand = AAAI06_HEADS_UP_LIMIT.new_hand(button=0, seed=1)
>>> hand.actor, hand.to_call, hand.min_raise_to   # the button posted $5 and acts first
(0, 5, 20)
"""

from pokerlab.game.match import Bot, Fault, MatchResult, PlayerView, play_match, view_for
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
    AwardPot,
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
    "AwardPot",
    "BettingStructure",
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
