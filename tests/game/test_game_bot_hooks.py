"""``pokerlab.game.match``'s bot hooks: :class:`BaseBot` names each with its signature, mypy checks a bot derived
from it, and a table warns about a method named like a hook that is none (a misspelt hook was silence)."""

from __future__ import annotations

import os
import re
import warnings

import pytest

from pokerlab import bots
from pokerlab.errors import BotHookWarning
from pokerlab.game import NO_LIMIT_RING, BaseBot, Bot, play_match
from pokerlab.game.match import HOOKS, check_hooks, hook
from pokerlab.game.state import Call, Check, Event, HandEnd
from tests.project.test_types import ROOT, errors, mypy

# a bot file as a user writes it (typing_extensions.override: typing.override from Python 3.12 on)
USER_BOT = """
from typing_extensions import override

from pokerlab.game import BaseBot, Event, PlayerView, Rules
from pokerlab.game.state import Action, Call


class Right(BaseBot):
    name = "right"

    def act(self, view: PlayerView) -> Action:
        return Call()

    @override
    def observe(self, event: Event, view: PlayerView) -> None:
        pass

    @override
    def start_match(self, seat: int, rules: Rules, players: int) -> None:
        pass


class Misspelt(BaseBot):
    name = "misspelt"

    def act(self, view: PlayerView) -> Action:
        return Call()

    @override
    def obsreve(self, event: Event, view: PlayerView) -> None:
        pass


class WrongSignature(BaseBot):
    name = "wrong"

    def act(self, view: PlayerView) -> Action:
        return Call()

    def observe(self, event: Event) -> None:
        pass


class NoAct(BaseBot):
    name = "no act"


NoAct()
"""


def _line_of(text: str) -> int:
    """The line of :data:`USER_BOT` that holds ``text`` (1-based, as mypy counts)."""
    return next(k for k, line in enumerate(USER_BOT.split("\n"), 1) if text in line)


@pytest.mark.slow  # mypy reads pokerlab.game cold (about 20 s of CPU time)
def test_mypy_catches_a_misspelt_hook_a_wrong_signature_and_a_missing_act(tmp_path):
    (tmp_path / "userbot.py").write_text(USER_BOT)
    proc = mypy(tmp_path / "cache", "userbot.py", cwd=tmp_path, env={**os.environ, "MYPYPATH": str(ROOT)})
    found = {int(m.group(1)): line for line in errors(proc) if (m := re.search(r"userbot\.py:(\d+): ", line))}
    out = proc.stdout + proc.stderr
    misspelt, wrong, no_act = (_line_of(text) for text in ("def obsreve", "def observe(self, event: Event)", "NoAct()"))
    assert 'Method "obsreve" is marked as an override, but no base method was found' in found.get(misspelt, ""), out
    assert 'Signature of "observe" incompatible with supertype "pokerlab.game.match.BaseBot"' in found.get(wrong, ""), (
        out
    )
    assert 'Cannot instantiate abstract class "NoAct" with abstract attribute "act"' in found.get(no_act, ""), out
    assert set(found) == {misspelt, wrong, no_act}, out  # the right bot type-checks


class _Caller:
    """A bot that derives from nothing (any object with a name and an act plays)."""

    name = "caller"

    def __init__(self) -> None:
        self.seen: list[Event] = []

    def act(self, view):
        return Check() if view.to_call == 0 else Call()

    def observe(self, event, view):
        self.seen.append(event)


class _Misspelt(_Caller):
    name = "misspelt"

    def obsreve(self, event, view):  # never called: the table warns
        raise AssertionError("a table called a method that is no hook")


class _Guessed(BaseBot):
    name = "guessed"

    def act(self, view):
        return Check() if view.to_call == 0 else Call()

    def end_match(self, view):  # a hook a table does not have
        pass


def test_a_table_warns_once_per_class_about_a_method_named_like_a_hook():
    with pytest.warns(BotHookWarning) as caught:
        play_match([_Misspelt(), _Caller()], NO_LIMIT_RING, 2, seed=1)
        play_match([_Misspelt(), _Misspelt()], NO_LIMIT_RING, 2, seed=2)  # the same class again: no second warning
    assert [str(w.message) for w in caught] == [
        "bot 'misspelt': _Misspelt.obsreve() is no hook a table calls, so it is never called; did you mean "
        "observe()? (the hooks: start_match, observe, end_hand)"
    ]
    with pytest.warns(BotHookWarning, match=r"_Guessed\.end_match\(\).*did you mean end_hand\(\)"):
        check_hooks(_Guessed())


def test_every_bot_of_pokerlab_derives_from_the_base_and_warns_nothing():
    with warnings.catch_warnings():
        warnings.simplefilter("error", BotHookWarning)
        for name in bots.names():
            bot = bots.make(name, seed=1)
            assert isinstance(bot, BaseBot) and isinstance(bot, Bot), name
            check_hooks(bot)
        play_match([bots.make("phase3", seed=1), bots.make("bpp", seed=2)], NO_LIMIT_RING, 3, seed=1)


def test_the_bases_empty_hooks_are_not_called_and_a_bots_own_are():
    assert HOOKS == ("start_match", "observe", "end_hand")
    call = bots.make("always_call")
    assert [hook(call, name) for name in HOOKS] == [None, None, None]  # BaseBot's: nothing to call
    phase3 = bots.make("phase3", seed=1)
    assert hook(phase3, "observe") == phase3.observe and hook(phase3, "end_hand") is None
    duck = _Caller()
    assert hook(duck, "observe") == duck.observe and hook(duck, "start_match") is None
    result = play_match([duck, bots.make("always_call")], NO_LIMIT_RING, 3, seed=4)
    assert result.hands == 3 and sum(isinstance(e, HandEnd) for e in duck.seen) == 3


def test_push_fold_passes_every_hook_on_to_its_deep_stack_bot():
    """It passed start_match and observe on but not end_hand: a learning deep bot (bpp) never learnt."""
    seen: list[str] = []

    class Deep(_Caller):
        def start_match(self, seat, rules, players):
            seen.append("start_match")

        def end_hand(self, view):
            seen.append("end_hand")

    push = bots.PushFoldBot(deep=Deep())
    play_match([push, bots.make("always_call")], NO_LIMIT_RING, 2, seed=3)
    assert seen == ["start_match", "end_hand", "end_hand"] and push.deep.seen
