"""bots.make("push_fold"): the equilibrium at 20 bb or less under the heads-up arena rules, another bot above."""

import dataclasses

import pytest

from pokerlab import bots
from pokerlab.errors import ParameterError
from pokerlab.game import HEADS_UP_NO_LIMIT, play_match, view_for
from pokerlab.game.state import Call, Fold, RaiseTo
from pokerlab.solve import push_fold

TEN_BB = dataclasses.replace(
    HEADS_UP_NO_LIMIT, starting_stack=200, blind_schedule=(), reset_stacks=True, time_bank=None
)
REST = "KsQsJsTs9s8s"


def _hand(stack, button_cards, bb_cards):
    """A hand of the arena's rules (blinds 10/20) where the button (seat 0, small blind) holds button_cards."""
    return HEADS_UP_NO_LIMIT.new_hand([stack, stack], button=0, deck=button_cards + bb_cards + REST)


def test_button_jams_or_folds_by_the_equilibrium():
    bot = bots.make("push_fold", seed=1)
    s = _hand(200, "AsAh", "7c2d")  # 10 bb
    action = bot.act(view_for(s, 0))
    assert action == RaiseTo(200)
    s = _hand(200, "7c2d", "AsAh")
    assert bot.act(view_for(s, 0)) == Fold()  # 72o is folded at 10 bb
    assert bot.decisions == {"equilibrium": 2, "deep": 0}


def test_big_blind_calls_a_jam_by_the_equilibrium():
    bot = bots.make("push_fold", seed=1)
    assert push_fold(5).call["Q2o"] == 1.0 and push_fold(10).call["Q2o"] == 0.0
    for stack, expected in ((100, Call()), (200, Fold())):
        s = _hand(stack, "7c6d", "Qh2s")
        s.apply(RaiseTo(stack))  # the button jams
        assert bot.act(view_for(s, 1)) == expected


def test_deeper_stacks_go_to_the_named_bot():
    bot = bots.make("push_fold", seed=1, deep="always_call")
    s = _hand(2000, "7c2d", "AsAh")  # 100 bb
    assert bot.act(view_for(s, 0)) == Call()
    assert bot.decisions == {"equilibrium": 0, "deep": 1}
    with pytest.raises(ParameterError, match="deep must name another bot"):
        bots.make("push_fold", deep="push_fold")
    with pytest.raises(ParameterError, match="threshold_bb"):
        bots.make("push_fold", threshold_bb=40)


def test_a_duplicate_match_at_10bb_plays_the_equilibrium():
    pf = bots.make("push_fold", seed=1)
    result = play_match([pf, bots.make("phase1")], TEN_BB, hands=60, seed=3, duplicate=True)
    assert result.hands == 120
    assert pf.decisions["equilibrium"] >= 60  # every hand on the button, and the big blind facing a raise
    low, high = result.ci95["push_fold"]
    assert low < result.mbb_per_hand["push_fold"] < high
    assert result.mbb_per_hand["push_fold"] == -result.mbb_per_hand["phase1"]


def test_rankings_measured_at_10bb():
    from pokerlab.bots.pushfold import measure_rankings, power_index

    frame = measure_rankings((6.0, 10.0)).set_index(["stack_bb", "rule"])
    ten = frame.loc[10.0]
    assert set(ten.index) == {
        "expert income rate",
        "10,000-game simulation",
        "Chen formula",
        "Sklansky groups",
        "exact heads-up",
    }
    assert "SAGE Power Index" in frame.loc[6.0].index  # R = 5 is in SAGE's table; R = 9 is not
    # equity against a random hand ranks closest; the Sklansky groups' call rule is the costliest
    assert ten["exploitability"].idxmin() in ("exact heads-up", "expert income rate")
    assert ten.loc["exact heads-up", "exploitability"] == pytest.approx(0.0068, abs=1e-4)
    assert ten.loc["Sklansky groups", "bb_loss"] == pytest.approx(0.1389, abs=1e-4)
    assert (frame["exploitability"] > 0).all()
    assert power_index("AA") == 67 and power_index("32o") == 8


def test_the_deep_bot_comes_from_the_one_factory():
    """#24: ``deep`` is built by bots.make, so a spec works and the seed reaches the bot as make passes it."""
    from pokerlab.bots.pushfold import PushFoldBot

    bot = bots.make("push_fold", seed=7, deep="phase2:bluff=none")
    assert bot.deep.name == "phase2:bluff=none" and bot.deep.bluff == "none"
    direct = PushFoldBot(seed=7, deep="phase3")
    assert type(direct.deep) is type(bots.make("phase3", seed=7))
    assert direct.deep._rng.random() == bots.make("phase3", seed=7)._rng.random()  # same seed, same stream
    with pytest.raises(ParameterError, match=r"deep must name another bot.*unknown bot 'nobody'"):
        bots.make("push_fold", deep="nobody")


def test_no_module_outside_bots_builds_a_bot_class_directly():
    """One bot factory: outside pokerlab/bots every bot is made by bots.make (doctests aside)."""
    import ast
    from pathlib import Path

    import pokerlab
    from pokerlab.bots import registry

    classes = {cls.__name__ for cls in registry._REGISTRY.values()}
    root = Path(pokerlab.__file__).parent
    found = []
    for path in root.rglob("*.py"):
        if path.relative_to(root).parts[0] == "bots":
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Call):
                name = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
                if name in classes:
                    found.append(f"{path.relative_to(root)}:{node.lineno} {name}")
    assert found == []
