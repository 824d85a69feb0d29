"""pokerlab.bots: every name makes a Bot, typed as one."""

import typing

import pytest

from pokerlab import ParameterError, bots
from pokerlab.game import AAAI06_HEADS_UP_LIMIT, Bot, play_match


@pytest.mark.parametrize("name", bots.names())
def test_make_returns_a_bot_named_as_asked_that_plays(name):
    bot = bots.make(name, seed=1)
    assert isinstance(bot, Bot) and bots.Bot is Bot and bot.name == name
    result = play_match([bot, bots.make("always_call")], AAAI06_HEADS_UP_LIMIT, hands=3, seed=1)
    assert result.faults == [] and result.winnings[list(result.names)].to_numpy().sum() == 0  # zero-sum, no fault


def test_make_is_typed_to_return_the_bot_protocol():
    assert typing.get_type_hints(bots.make)["return"] is Bot


def test_make_refuses_an_unknown_name_or_parameter():
    with pytest.raises(ParameterError, match="unknown bot 'genius'"):
        bots.make("genius")
    with pytest.raises(ParameterError, match="bad parameters for bot 'random'"):
        bots.make("random", colour="red")
