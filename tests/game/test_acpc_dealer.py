"""pokerlab against the real ACPC dealer (the University of Alberta's server, built from tests/acpc_server).

Every match runs on 127.0.0.1, is bounded in hands and time, and is checked three ways: the dealer
complains of nothing, the chips the client counted equal the dealer's SCORE, and every hand of the
dealer's log replays under pokerlab's rules to the dealer's values.
"""

import contextlib
import json
import subprocess
import sys
import threading
from fractions import Fraction
from pathlib import Path

import pytest

from pokerlab.bots import AlwaysRaise, RandomBot
from pokerlab.game.acpc import AcpcError, check_dealer_log, load_game, run_client
from tests.support.acpc_real import RealMatch, build, compiler
from tests.support.timing import hang_guard

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    if compiler() is None:
        pytest.skip("no C compiler (gcc or cc) on PATH to build the ACPC dealer")
    return build(tmp_path_factory.mktemp("acpc_server"))


def _checked(out, rules, name="pokerlab"):
    assert out.returncode == 0 and out.warnings == [], out.stderr[-2000:]
    hands = check_dealer_log(out.log, rules)
    from_log = sum(h.values[h.players.index(name)] for h in hands)
    assert from_log == Fraction(out.score[name]).limit_denominator(2)
    return hands, from_log


def test_the_command_line_plays_the_stock_dealer_with_no_game_flag(server):
    """The issue: `acpc-client HOST PORT --bot phase2` with no --game died within 20 hands."""
    game = server / "holdem.limit.2p.reverse_blinds.game"
    match = RealMatch(server, game, hands=60, seed=13, names=["pokerlab", "example"])
    match.example_player(game, 1)
    command = [sys.executable, "-m", "pokerlab", "acpc-client", "127.0.0.1", str(match.ports[0])]
    proc = subprocess.run(
        [*command, "--bot", "phase2", "--json"], capture_output=True, text=True, timeout=hang_guard(300)
    )
    out = match.finish()
    assert proc.returncode == 0, proc.stderr
    data = json.loads(proc.stdout)
    hands, from_log = _checked(out, load_game("holdem.limit.2p.reverse_blinds"))
    assert data["hands"] == len(hands) == 60
    assert data["chips"] == from_log == out.score["pokerlab"]
    assert data["game"] == "ACPC holdem.limit.2p.reverse_blinds"


@pytest.mark.parametrize(
    "game, players, hands",
    [
        ("holdem.nolimit.2p.reverse_blinds", 2, 100),
        ("holdem.limit.3p", 3, 100),
        ("holdem.nolimit.3p", 3, 100),
    ],
)
def test_every_standard_game_against_the_example_players(server, game, players, hands):
    path = server / f"{game}.game"
    rules = load_game(game.replace(".reverse_blinds", ""))  # the short names work too
    names = ["pokerlab"] + [f"example{i}" for i in range(1, players)]
    match = RealMatch(server, path, hands=hands, seed=5, names=names)
    for seat in range(1, players):
        match.example_player(path, seat)
    result = run_client("127.0.0.1", match.ports[0], RandomBot(seed=9), rules, timeout=hang_guard(30))
    out = match.finish()
    logged, from_log = _checked(out, rules)
    assert result.hands == len(logged) == hands and len(result.results) == hands
    assert result.chips == from_log  # to the half chip in three-player split pots
    assert [c for _, c in result.results] == [h.values[h.players.index("pokerlab")] for h in logged]
    # the client names opponents by their position relative to it: the same player in every hand
    for offset in range(1, players):
        who = {h.players[(h.players.index("pokerlab") + offset) % players] for h in logged}
        assert who == {f"example{offset}"}


class _SeatRecorder(RandomBot):
    """A random bot that records the hooks the client calls, in order."""

    def __init__(self, seed):
        super().__init__(seed=seed)
        self.calls = []

    def start_match(self, seat, rules, players):
        self.calls.append(("start_match", seat, rules, players))

    def observe(self, event, view):
        self.calls.append(("observe", view.hand_number))

    def act(self, view):
        self.calls.append(("act", view.hand_number))
        return super().act(view)


def test_the_client_calls_start_match_once_with_its_seat_in_the_dealers_match(server):
    """The client never called start_match (a table does): now once, before anything else, with the seat the
    dealer gave the connection (the third here), the rules and the number of players."""
    path = server / "holdem.limit.3p.game"
    rules = load_game("holdem.limit.3p")
    match = RealMatch(server, path, hands=12, seed=4, names=["example0", "example1", "pokerlab"])
    for seat in (0, 1):
        match.example_player(path, seat)
    bot = _SeatRecorder(seed=6)
    result = run_client("127.0.0.1", match.ports[2], bot, rules, timeout=hang_guard(30))
    out = match.finish()
    _checked(out, rules)
    assert result.hands == 12
    assert bot.calls[0] == ("start_match", 2, rules, 3)
    assert [c for c in bot.calls if c[0] == "start_match"] == [bot.calls[0]]
    assert {c[0] for c in bot.calls[1:]} == {"observe", "act"}


def test_a_client_with_other_rules_is_told_to_pass_the_game(server, tmp_path):
    """With the AAAI'06 caps (a bet and 2 raises preflop), the dealer's third raise is illegal to us."""
    game = server / "holdem.limit.2p.reverse_blinds.game"
    aaai06 = ROOT / "tests" / "data" / "acpc" / "aaai06.game"
    match = RealMatch(server, game, hands=20, seed=3, names=["pokerlab", "raiser"])
    other = _raiser_in_seat_1(match, game)
    command = [sys.executable, "-m", "pokerlab", "acpc-client", "127.0.0.1", str(match.ports[0])]
    proc = subprocess.run(
        [*command, "--bot", "always_raise", "--game", str(aaai06), "--timeout", f"{hang_guard(30):.0f}"],
        capture_output=True, text=True, timeout=hang_guard(120),
    )  # fmt: skip
    match.finish()
    other.join(30)
    assert proc.returncode == 2 and proc.stderr.count("\n") == 1, proc.stderr
    assert "cannot raise: the raise cap is reached" in proc.stderr
    assert "game definition probably differs" in proc.stderr and "--game" in proc.stderr


def test_a_client_allowed_more_raises_than_the_dealer_is_stopped_when_the_dealer_changes_its_raise(server, tmp_path):
    """The other way round: our rules allow a 4th preflop raise, the dealer turns it into a call."""
    game = server / "holdem.limit.2p.reverse_blinds.game"
    looser = tmp_path / "looser.game"
    looser.write_text(game.read_text().replace("maxRaises = 3 4 4 4", "maxRaises = 4 4 4 4"))
    match = RealMatch(server, game, hands=20, seed=3, names=["pokerlab", "raiser"])
    other = _raiser_in_seat_1(match, game)
    with pytest.raises(AcpcError, match=r"the dealer changed our action 'r' to c .*--game"):
        run_client("127.0.0.1", match.ports[0], AlwaysRaise(), load_game(looser), timeout=hang_guard(30))
    out = match.finish()
    other.join(30)
    assert "WARNING: invalid action, changed to call" in out.stderr


def _quietly(fn, *args, **kwargs):
    with contextlib.suppress(OSError, AcpcError):  # the dealer stops when the other client leaves
        fn(*args, **kwargs)


def _raiser_in_seat_1(match, game):
    """The opponent in the match's second seat: a client that always raises, on a thread of its own (started)."""
    other = threading.Thread(
        target=lambda: _quietly(
            run_client, "127.0.0.1", match.ports[1], AlwaysRaise(), load_game(game), timeout=hang_guard(30)
        ),
        daemon=True,
    )
    other.start()
    return other
