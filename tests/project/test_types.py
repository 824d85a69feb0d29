"""mypy is part of the test suite, with the settings in pyproject.toml ([tool.mypy]).

The package is checked with every function annotated and every body checked
(``disallow_untyped_defs``, ``check_untyped_defs``, ``strict_equality``, ...);
the numba kernels may leave their arguments unannotated (numba types them).
mypy writes its cache to a temporary folder, so each run starts cold (about
25 s of CPU time): the package test is marked slow.
"""

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.support.peers import peer

ROOT = Path(__file__).resolve().parents[2]


def mypy(cache: Path, *args: str, cwd: Path = ROOT, env: dict | None = None) -> subprocess.CompletedProcess:
    peer("mypy")  # in the test extra: a missing mypy fails (#24: no anchor is lost to a silent skip)
    command = [sys.executable, "-m", "mypy", "--config-file", str(ROOT / "pyproject.toml"), "--cache-dir", str(cache)]
    return subprocess.run([*command, *args], cwd=cwd, capture_output=True, text=True, env=env)


def errors(proc: subprocess.CompletedProcess) -> list[str]:
    return [line for line in proc.stdout.splitlines() if re.search(r":\d+: error:", line)]


@pytest.mark.slow
def test_mypy_finds_no_error_in_the_package(tmp_path):
    proc = mypy(tmp_path, "-p", "pokerlab")
    found = errors(proc)
    assert found == [], f"{len(found)} mypy errors:\n" + proc.stdout + proc.stderr
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert proc.stdout.startswith("Success: no issues found in "), proc.stdout


def test_the_settings_refuse_unannotated_and_wrong_code(tmp_path):
    # the same settings on two small faults: a function without annotations, and a str added to an int
    snippet = "def double(x):\n    return 2 * x\n\n\ndef total() -> int:\n    return 1 + 'one'\n"
    (tmp_path / "snippet.py").write_text(snippet)
    proc = mypy(tmp_path / "cache", "-m", "snippet", cwd=tmp_path)
    found = errors(proc)
    assert len(found) == 2, proc.stdout + proc.stderr
    assert "Function is missing a type annotation" in found[0]
    assert "Unsupported operand types for +" in found[1]
    assert proc.returncode == 1


# #43: what a user's script gets from mypy. The engine's most used object had the type Any (a typo in a method name
# type-checked) and options taking an enum's values were typed str (a misspelt variant type-checked).
USER_SCRIPT = """
from pokerlab.game import NO_LIMIT_RING
from pokerlab.solve import cfr, game

hand = NO_LIMIT_RING.new_hand([200, 200, 200], seed=1)
hand.aply_typo(1)
reveal_type(hand)
cfr(game("kuhn"), 10, variant="cfr++")
cfr(game("kuhn"), 10, variant="cfr+")
game("poker")
from pokerlab.game import HandState, Rules
from pokerlab.game.gamedef import from_gamedef, to_gamedef
from pokerlab.game.phh import from_phh, to_phh
reveal_type(hand.to_phh())
reveal_type(HandState.from_phh(""))
reveal_type(from_phh(""))
reveal_type(to_phh(hand))
reveal_type(Rules.from_acpc_gamedef(""))
reveal_type(NO_LIMIT_RING.to_acpc_gamedef())
reveal_type(from_gamedef(""))
reveal_type(to_gamedef(NO_LIMIT_RING))
from pokerlab.solve import postflop
from pokerlab.game.acpc import to_matchstate
postflop("Ks7d4c2h2s", "AA", "KQ", pot=100, stack=100, algorithm="dcfr+")
to_matchstate(hand, 0, dialect="seed004")
postflop("Ks7d4c2h2s", "AA", "KQ", pot=100, stack=100, algorithm="cfr+")
from pokerlab.bots.leduc import phase_two_policy
phase_two_policy(bluff="agressive")
from pokerlab.apps.serve import start
start("poker")
from pokerlab.apps import BigHoldemSetup
from pokerlab.widgets import TableWidget
def handles(table: TableWidget, setup: BigHoldemSetup) -> None:
    reveal_type(table.state)
    reveal_type(setup.rules())
"""

# the hand-history and game-definition conversions (line: the type mypy must reveal)
CONVERSIONS = {
    14: "str",
    15: "pokerlab.game.state.HandState",
    16: "pokerlab.game.state.HandState",
    17: "str",
    18: "pokerlab.game.rules.Rules",
    19: "str",
    20: "pokerlab.game.rules.Rules",
    21: "str",
}


@pytest.mark.slow
def test_a_users_script_gets_the_engines_real_types(tmp_path):
    (tmp_path / "script.py").write_text(USER_SCRIPT)
    # an editable install is found by Python's import hook, which mypy does not run: point it at the checkout
    proc = mypy(tmp_path / "cache", "script.py", cwd=tmp_path, env={**os.environ, "MYPYPATH": str(ROOT)})
    out = proc.stdout + proc.stderr
    lines = {int(m.group(1)): line for line in out.splitlines() if (m := re.search(r"script\.py:(\d+): ", line))}
    assert '"HandState" has no attribute "aply_typo"' in lines.get(6, ""), out
    assert 'Revealed type is "pokerlab.game.state.HandState"' in lines.get(7, ""), out
    assert "variant" in lines.get(8, "") and "cfr++" in lines[8], out
    assert 9 not in lines, out  # a right value is accepted
    assert "Literal['poker']" in lines.get(10, ""), out
    assert "algorithm" in lines.get(24, "") and "dcfr+" in lines[24], out  # option words are Literal types
    assert "dialect" in lines.get(25, "") and "seed004" in lines[25], out
    assert 26 not in lines, out
    assert "bluff" in lines.get(28, "") and "agressive" in lines[28], out  # reviewer6: fixed sets typed str
    assert '"start"' in lines.get(30, "") and "poker" in lines[30], out
    assert 'Revealed type is "pokerlab.game.state.HandState"' in lines.get(34, ""), out  # reviewer6: they were Any
    assert 'Revealed type is "pokerlab.game.rules.Rules"' in lines.get(35, ""), out
    for line, shown in CONVERSIONS.items():  # to_phh, from_phh and the gamedef conversions: real types, not Any
        assert f'Revealed type is "{shown}"' in lines.get(line, ""), (line, out)


def test_each_choice_type_lists_exactly_its_enums_values():
    """``VariantChoice = Variant | Literal["cfr", ...]``: the Literal is written out for type checkers, so a test
    holds it equal to the enum (a value added to one and not the other fails here)."""
    import typing

    from pokerlab import _options, experiments, streets
    from pokerlab.apps import serve
    from pokerlab.bots import strategy
    from pokerlab.bpp import policy
    from pokerlab.charts import render
    from pokerlab.game import match
    from pokerlab.solve import pushfold

    checked = set()
    for module in (_options, strategy, policy, match, experiments, pushfold, streets, render, serve):
        for name in dir(module):
            if name.endswith("Choice") and not name.startswith("_"):
                enum = getattr(module, name.removesuffix("Choice"))
                members = typing.get_args(getattr(module, name))
                assert members[0] is enum, name
                assert typing.get_args(members[1]) == tuple(e.value for e in enum), name
                checked.add(name)
    assert len(checked) == 21, sorted(checked)


# reviewer6: importing the submodule pokerlab.equity gave the function of that name at run time (the package swapped
# it back) while mypy saw a module. The module is pokerlab.equities now; pokerlab.equity is only the function.
EQUITY_SCRIPT = """
from typing import TYPE_CHECKING
import pokerlab
import pokerlab.equities as module
from pokerlab.equities import Equity
print(module.Equity is Equity is pokerlab.Equity, module.equity is pokerlab.equity, callable(pokerlab.equity))
print(type(pokerlab.equity).__name__, hasattr(pokerlab.equity, "Equity"))
if TYPE_CHECKING:
    import pokerlab.equity as gone  # no such module: mypy says so (the checkout has none either)
    reveal_type(module.Equity)
    reveal_type(pokerlab.equity)
"""


@pytest.mark.slow
def test_mypy_and_python_agree_on_pokerlab_equity(tmp_path):
    (tmp_path / "script.py").write_text(EQUITY_SCRIPT)
    env = {**os.environ, "MYPYPATH": str(ROOT), "PYTHONPATH": str(ROOT)}
    ran = subprocess.run([sys.executable, "script.py"], cwd=tmp_path, env=env, capture_output=True, text=True)
    assert ran.stdout.split("\n")[:2] == ["True True True", "function False"], ran.stdout + ran.stderr
    assert not (ROOT / "pokerlab" / "equity.py").exists()
    out = mypy(tmp_path / "cache", "script.py", cwd=tmp_path, env=env).stdout
    lines = {int(m.group(1)): line for line in out.splitlines() if (m := re.search(r"script\.py:(\d+): ", line))}
    assert 'module named "pokerlab.equity"' in out.split("script.py:9: note")[0], out
    assert 'Revealed type is "def (' in lines.get(11, "") and "pokerlab.equities.Equity" in lines[11], out
    assert set(lines) <= {9, 10, 11} and "pokerlab.equities.Equity" in lines.get(10, ""), out
