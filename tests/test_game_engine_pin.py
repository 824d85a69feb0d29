"""The engine plays exactly as it did: seeded matches under every preset, pinned to the chip and the word.

The game loop (``HandState`` and ``TableLoop``) is tuned for speed (the bots' soak plays hundreds of
thousands of hands); a tuning must not change a single card, action, chip, event, view, fault message or
hand history. Each digest below hashes, for one preset and table size, matches of 60 hands with stacks
reset and carried, first seat always_call, always_raise, random or an erratic bot (illegal answers and
exceptions, so the fault messages are pinned too) against seeded random bots: every view a bot is asked
with, every event it observes with the view it gets, every ``end_hand`` view, and the match's PHH
histories, money, winnings and faults.

The digests were taken from the engine before its speed-up of 2026-11-28 (main at 85e57fb), so they
prove the faster engine is the same engine. A change that is meant to change play needs new digests
(``python -m tests.test_game_engine_pin`` prints them) and a sentence in the commit saying why.
"""

from __future__ import annotations

import hashlib
import random
from typing import Any

from pokerlab import bots
from pokerlab.game import PRESETS, Call, Check, Fold, PlayerView, Raise, RaiseTo, play_match

HANDS = 60

PINNED = {
    "AAAI06_HEADS_UP_LIMIT/2": "5869d36dca8bb45b6a65bf6b1676a5d2",
    "BIGHOLDEM/2": "c76293582e9acd44d185e225a45a594e",
    "BIGHOLDEM/6": "95c1739a20b183ff85ecc337308cf364",
    "HEADS_UP_NO_LIMIT/2": "4cabb855d719b9fa45acdf4e9d66a749",
    "NO_LIMIT_RING/2": "602293f7a092a84d4d33077026f86f25",
    "NO_LIMIT_RING/6": "c26d66823075cb5224cb136bc3865a32",
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


def digests(hands: int = HANDS) -> dict[str, str]:
    """The digest of every preset and table size (see the module docstring)."""
    out = {}
    for preset, rules in PRESETS.items():
        for n in (2, 6) if rules.max_players >= 6 else (2,):
            log: list[str] = []
            for reset in (True, False):
                for first in ("always_call", "always_raise", "random", "erratic"):
                    bot = (
                        Erratic()
                        if first == "erratic"
                        else bots.make(first, **({"seed": 3} if first == "random" else {}))
                    )
                    lineup = [Recorder(bot, log)] + [
                        Recorder(bots.make("random", seed=7 + k), log) for k in range(n - 1)
                    ]
                    result = play_match(
                        lineup, rules.with_(reset_stacks=reset), hands=hands, seed=5, keep_histories=True
                    )
                    log += result.histories
                    log += [
                        repr(result.unexported),
                        result.money.to_csv(),
                        result.winnings.to_csv(),
                        repr(result.faults),
                    ]
            out[f"{preset}/{n}"] = hashlib.sha256("\n".join(log).encode()).hexdigest()[:32]
    return out


def test_seeded_matches_play_exactly_as_the_engine_before_its_speed_up():
    assert digests() == PINNED


if __name__ == "__main__":  # pragma: no cover
    for key, value in digests().items():
        print(f'    "{key}": "{value}",')
