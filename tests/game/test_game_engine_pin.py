"""The engine plays exactly as it did: seeded matches under every preset, pinned to the chip and the word.

The game loop (``HandState`` and ``TableLoop``) is tuned for speed (the bots' soak plays hundreds of
thousands of hands); a tuning must not change a single card, action, chip, event, view, fault message or
hand history. Each digest below hashes, for one preset and table size, matches of 60 hands with stacks
reset and carried, first seat always_call, always_raise, random or an erratic bot (illegal answers and
exceptions, so the fault messages are pinned too) against seeded random bots: every view a bot is asked
with, every event it observes with the view it gets, every ``end_hand`` view, and the match's PHH
histories, money, winnings and faults.

The digests (and those of ``VARIANTS``: antes, straddles, short stacks, pot limit) were taken from the
engine before its speed-up (main at 85e57fb), so they prove the faster engine is the same
engine. A change that is meant to change play needs new digests
(``python -m tests.game.test_game_engine_pin`` prints them) and a sentence in the commit saying why.
"""

from __future__ import annotations

import hashlib
import random
from typing import Any

from pokerlab import bots
from pokerlab.game import PRESETS, Call, Check, Fold, PlayerView, Raise, RaiseTo, Rules, play_match
from pokerlab.game.pots import PotShare, _award_pots, _side_pots
from pokerlab.game.rules import BettingStructure

HANDS = 60

# 2026-12-06: a bot's answer that is no action is refused in _validate.instance's words ("action must be Fold,
# Check, Call, RaiseTo or Raise, not 'call' (str)", was "'call' is not an action"), which the faults pin; play is
# unchanged: with the old sentence the old digests (and VARIANTS_PINNED's) were matched before they were replaced.
PINNED = {
    "AAAI06_HEADS_UP_LIMIT/2": "092fd6d8e7bcefc44d1552a8c0e6df42",
    "BIGHOLDEM/2": "949548e62fb5a3b30d562bc1f8d1477e",
    "BIGHOLDEM/6": "93b4674b50319de235b5b8e896436524",
    "HEADS_UP_NO_LIMIT/2": "6b71fbceea7be146bfecceb916649a1a",
    "NO_LIMIT_RING/2": "f8af3d5e06fd3dc38e2a98346076c09a",
    "NO_LIMIT_RING/6": "5063b91d0d7e7b96659c3c9c8281965c",
}


class Recorder:
    """Wraps a bot and writes down everything it is shown: each view it acts on, each event it observes."""

    def __init__(self, bot: Any, log: list[str]) -> None:
        self.bot, self.log, self.name = bot, log, bot.name

    def act(self, view: PlayerView) -> Any:
        v = view
        fields = (v.seat, v.hole, v.board, v.street, v.button, v.players, v.stacks, v.street_bets, v.folded)
        fields += (v.all_in, v.pot, v.current_bet, v.to_call, v.min_raise_to, v.max_raise_to, v.legal)
        fields += (v.small_blind, v.big_blind, v.hand_number, v.actor, v.rules.name, v.events, v.names)
        self.log.append(repr(fields))
        return self.bot.act(view)

    def observe(self, event: Any, view: PlayerView) -> None:
        self.log.append(repr((event, view.seat, view.actor, view.stacks, view.legal, len(view.events))))

    def end_hand(self, view: PlayerView) -> None:
        self.log.append(repr(("end", view.seat, view.stacks, view.events)))


class Erratic:
    """Answers with something illegal or odd now and then, or raises: the faults and their messages."""

    name = "erratic"

    def __init__(self) -> None:
        self.rng = random.Random(1)
        self.answers = [Fold(), Check(), Call(), Raise(), RaiseTo(10**9), RaiseTo(1), RaiseTo(4)]
        self.answers += [RaiseTo(2.5), RaiseTo(True), "call", None]  # type: ignore[list-item, arg-type]

    def act(self, view: PlayerView) -> Any:
        k = self.rng.randrange(len(self.answers) + 1)
        if k == len(self.answers):
            raise RuntimeError("erratic bot fails")
        return self.answers[k]


def _digest(rules: Rules, n: int, hands: int) -> str:
    """The digest of one rule set and table size (see the module docstring)."""
    log: list[str] = []
    for reset in (True, False):
        for first in ("always_call", "always_raise", "random", "erratic"):
            bot = Erratic() if first == "erratic" else bots.make(first, **({"seed": 3} if first == "random" else {}))
            lineup = [Recorder(bot, log)] + [Recorder(bots.make("random", seed=7 + k), log) for k in range(n - 1)]
            result = play_match(lineup, rules.with_(reset_stacks=reset), hands=hands, seed=5, keep_histories=True)
            log += result.histories
            log += [repr(result.unexported), result.money.to_csv(), result.winnings.to_csv(), repr(result.faults)]
    return hashlib.sha256("\n".join(log).encode()).hexdigest()[:32]


def digests(hands: int = HANDS) -> dict[str, str]:
    """The digest of every preset and table size."""
    out = {}
    for preset, rules in PRESETS.items():
        for n in (2, 6) if rules.max_players >= 6 else (2,):
            out[f"{preset}/{n}"] = _digest(rules, n, hands)
    return out


_RING = PRESETS["NO_LIMIT_RING"]
VARIANTS = {
    "antes": _RING.with_(ante=1),
    "dead antes": _RING.with_(ante=1, dead_antes=True),
    "big-blind ante, dead": _RING.with_(position_antes=(0, 2), dead_antes=True),
    "straddle": _RING.with_(straddles=(4,)),
    "7-chip stacks": _RING.with_(starting_stack=7),
    "pot limit": _RING.with_(structure=BettingStructure.POT_LIMIT),
}
"""Rules the presets do not reach: antes (live and dead), a straddle, stacks of a few blinds (all-ins and side
pots every hand), pot limit."""

# The histories name their players (`players = [...]`, for pokerlab.stats): a line that changes the digests and not
# the play; digests are replaced only after the old ones were checked against the histories without the change.
VARIANTS_PINNED = {
    "antes/3": "3c3d0474013fcce62b3dc4baa084675d",
    "dead antes/3": "8bf6efb2f270580bb8a3ddf5ed4223b7",
    "big-blind ante, dead/3": "858a8465881549b5e0ce80bed1902c31",
    "straddle/3": "699cd3364f0e1bcbf7b11e9abc5af2d5",
    "7-chip stacks/3": "8bf8542569428ae6843a8932fe896751",
    "pot limit/3": "8db38fbe060c14bd6826731ec9ae5da7",
}


def variant_digests(hands: int = 30) -> dict[str, str]:
    """The digest of every rule variant, three-handed."""
    return {f"{name}/3": _digest(rules, 3, hands) for name, rules in VARIANTS.items()}


def test_seeded_matches_play_exactly_as_the_engine_before_its_speed_up():
    assert digests() == PINNED


def test_seeded_matches_under_other_rules_play_exactly_as_before_too():
    assert variant_digests() == VARIANTS_PINNED


def test_a_hand_won_by_a_fold_is_one_pot_as_the_pots_functions_say():
    """The engine pays a hand that everyone else folded without the pots' functions: all the chips put in
    (and any dead antes) in one pot for the one live seat, none when nothing was put in. That is what
    the functions give for one live seat, whatever each seat paid."""
    rng = random.Random(3)
    for _ in range(2_000):
        n = rng.randint(2, 10)
        paid = [rng.choice([0, 0, 1, 2, 5, rng.randint(0, 500)]) for _ in range(n)]
        winner, dead = rng.randrange(n), rng.choice([0, 0, 3])
        order = [(winner + 1 + k) % n for k in range(n)]
        total = sum(paid) + dead
        expected = [PotShare(total, (winner,), (total,), (winner,))] if total else []
        assert _award_pots(_side_pots(paid, [winner], order, dead), {}, [winner]) == expected


def test_a_deals_seed_is_numpys_seed_sequence_word():
    """The match seeds deal ``d`` of a match seeded ``s`` with the first 64-bit word of numpy's
    ``SeedSequence([s, d])`` (modulo 2**63), worked out in Python (see ``_deal_seed``)."""
    import numpy as np

    from pokerlab.game.match import _deal_seed

    rng = random.Random(8)
    pairs = [(0, 0), (1, 0), (0, 1), (2**63 - 1, 10**9 - 1), (2**32, 2**32 - 1)]
    pairs += [(rng.choice([rng.randrange(100), rng.getrandbits(63)]), rng.randrange(10**9)) for _ in range(3_000)]
    for seed, deal in pairs:
        word = int(np.random.SeedSequence([seed, deal]).generate_state(1, dtype=np.uint64)[0])
        assert _deal_seed(seed, deal) == word % 2**63


if __name__ == "__main__":  # pragma: no cover
    for key, value in {**digests(), **variant_digests()}.items():
        print(f'    "{key}": "{value}",')
