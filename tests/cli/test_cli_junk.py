"""``pokerlab.cli``'s promise as a test: junk into every subcommand and option, never a traceback.

Every ``pokerlab`` subcommand and option (found from the argparse parser) gets junk values: exit status 0 or 2, and
on 2 one line on stderr. The functions' half of the promise is ``tests/test_errors_junk.py``.
"""

from __future__ import annotations

import argparse
import atexit
import os
import socket
from pathlib import Path

import pytest

from pokerlab.cli import build_parser, main

# one worker runs the junk of the command line and of the functions (tests/test_errors_junk.py): the first postflop
# solve compiles the solver's kernels there once
pytestmark = pytest.mark.xdist_group("junk")


@pytest.fixture(autouse=True, scope="module")
def _in_a_scratch_folder(tmp_path_factory):
    """Junk such as path='Zz' makes files: make them in a scratch folder, never in the repository."""
    old = os.getcwd()
    os.chdir(tmp_path_factory.mktemp("junk"))
    yield
    os.chdir(old)


# -- the command line --------------------------------------------------------------------

_HAND = Path(__file__).resolve().parents[2] / "data" / "hands" / "three_handed_all_in.phh"
_ROOT_DATA = Path(__file__).resolve().parents[1] / "data"
CLI_JUNK = ["", " ", "0", "-1", "1.5", "nan", "inf", "99999999999999999999999", "Zz", "A" * 3000]

# the smallest valid command line of each subcommand that does real work quickly
CLI_BASE = {
    "eval": ["eval", "AsKs", "QsJsTs"],
    "strength": ["strength", "AdQc", "3h4cJh"],
    "potential": ["potential", "AdQc", "3h4cJh", "--lookahead", "1"],
    "equity": ["equity", "AhKh", "QQ", "--samples", "2000", "--seed", "1"],
    "range": ["range", "TT+"],
    "tables": ["tables", "--method", "expert", "--source", "chen"],  # a fixed list: no --players
    "tournament": ["tournament", "--bots", "always_call;always_call", "--hands", "2", "--trials", "1"],
    "bpp": ["bpp", "--hole", "AdQc", "--board", "3h4cJh"],
    "reproduce": ["reproduce", "--games", "10", "--workers", "1"],
    "solve": ["solve", "kuhn", "--iterations", "10"],
    "replay": ["replay", str(_HAND), "--no-potential", "--samples", "500"],
    "pushfold": ["pushfold", "10"],
    "postflop": ["postflop", "Ks7d4c2h2s", "--oop", "AA", "--ip", "KQ", "--pot", "10", "--stack", "10", "--bets", "a"],
    "drill": ["drill", "--stack", "10", "--hands", "2", "--seed", "1"],  # stdin is empty under pytest: no hand answered
    "course": ["course", "slides", "junk-slides", "01"],
    "stats": ["stats", str(_ROOT_DATA / "stats" / "labelled.phhs")],
}
# play and acpc-client would start a server or connect to a dealer: their base command lines fail
# validation before that (a port this file holds; a game file that does not exist), so every junk
# value is checked and refused, and a junk value that happens to be valid still ends in one line and 2.
CLI_LATE_FAILURE = {
    "play": lambda: ["play", "--no-browser", "--port", str(_held_port())],
    "acpc-client": lambda: ["acpc-client", "127.0.0.1", str(_held_port()), "--game", "no-such-dealer-game.game"],
}
CLI_SKIP: dict[str, str] = {}
_HELD: list[socket.socket] = []


def _held_port() -> int:
    """A port on 127.0.0.1 this process listens on (never accepting): taken for play, no dealer for acpc-client."""
    if not _HELD:
        s = socket.socket()
        s.bind(("127.0.0.1", 0))
        s.listen(1)
        _HELD.append(s)
        atexit.register(s.close)
    return int(_HELD[0].getsockname()[1])


SLOW_OPTIONS = {("reproduce", "--games"), ("tables", "--games"), ("tournament", "--hands"), ("tournament", "--trials")}


def _subcommands() -> dict[str, argparse.ArgumentParser]:
    parser = build_parser()
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return dict(sub.choices)


def _options() -> list[tuple[str, str]]:
    out = []
    for name, p in _subcommands().items():
        if name in CLI_SKIP:
            continue
        for action in p._actions:
            if action.nargs == 0 or action.dest in ("help", "json"):
                continue
            out.append((name, action.option_strings[0] if action.option_strings else action.dest))
    return out


def _is_number_option(command: str, option: str) -> bool:
    for action in _subcommands()[command]._actions:
        if option in action.option_strings or option == action.dest:
            return getattr(action.type, "__name__", "") == "parse" or action.type in (int, float)
    return False


def test_every_subcommand_is_covered():
    assert set(_subcommands()) == set(CLI_BASE) | set(CLI_LATE_FAILURE) | set(CLI_SKIP)
    assert CLI_SKIP == {}


def _argv(command: str, option: str, value: str, tmp_path) -> list[str]:
    base = list(CLI_BASE[command]) if command in CLI_BASE else CLI_LATE_FAILURE[command]()
    if command in ("tables", "reproduce") and option != "--out":
        base += ["--out", str(tmp_path)]
    if option.startswith("-"):
        return [*base, option, value]
    # a positional: replace the first one (after the command name) with junk
    positionals = [a.dest for a in _subcommands()[command]._actions if not a.option_strings]
    index = 1 + positionals.index(option)
    return [*base[:index], value, *base[index + 1 :]]


@pytest.mark.parametrize(("command", "option"), _options(), ids=lambda x: str(x))
def test_cli_junk_is_exit_0_or_one_line_and_2(command, option, capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    for value in CLI_JUNK:
        if (command, option) in SLOW_OPTIONS and value.isdigit() and len(value) < 10 and int(value) > 100:
            continue
        argv = _argv(command, option, value, tmp_path)
        try:
            code = main(argv)
        except SystemExit as exc:  # argparse refuses with exit 2 through _Parser.error
            code = exc.code
        out, err = capsys.readouterr()
        shown = f"pokerlab {' '.join(a[:30] for a in argv)}"
        assert code in (0, 2), f"{shown}: exit {code}, stderr {err[-500:]!r}"
        if command in CLI_LATE_FAILURE:
            assert code == 2, f"{shown}: started although its base command line must fail validation"
        if code == 2:
            lines = [ln for ln in err.split("\n") if ln.strip()]
            assert len(lines) == 1 and lines[0].startswith("pokerlab: error:"), f"{shown}: {err[-500:]!r}"
            assert "Traceback" not in err
        else:
            # an empty value is refused unless documented as meaning something (none is), and a
            # number option never takes nan or inf (a folder may well be called 'nan')
            assert value not in ("", " "), f"{shown} accepted {value!r}"
            if _is_number_option(command, option):
                assert value not in ("nan", "inf"), f"{shown} accepted {value!r}"
            assert "NaN" not in out
