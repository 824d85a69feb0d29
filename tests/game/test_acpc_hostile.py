"""A hostile dealer and hostile arguments for the ACPC client: each case once crashed, hung or miscounted.

Every server here is a one-connection talker on 127.0.0.1 with bounded waits.
"""

import socket
import subprocess
import sys
import threading
import time

import pytest

from pokerlab.bots import AlwaysCall
from pokerlab.errors import AcpcError, ParameterError, PokerlabError
from pokerlab.game.acpc import MatchState, check_dealer_log, load_game, run_client, state_from_matchstate
from tests.support.timing import hang_guard

LIMIT = load_game("holdem.limit.2p.reverse_blinds")


class _Script(threading.Thread):
    """Sends ``lines`` one by one, waiting up to 5 s for a reply line wherever ``lines`` says ``None``."""

    def __init__(self, lines):
        super().__init__(daemon=True)
        self.lines = lines
        self.server = socket.socket()
        self.server.bind(("127.0.0.1", 0))
        self.server.listen(1)
        self.server.settimeout(hang_guard(20))
        self.port = self.server.getsockname()[1]
        self.replies: list[bytes] = []

    def _read_line(self, conn):
        buffer, end = b"", time.monotonic() + hang_guard(5)
        while b"\n" not in buffer and time.monotonic() < end:
            try:
                chunk = conn.recv(4096)
            except (TimeoutError, OSError):
                continue
            if not chunk:
                break
            buffer += chunk
        return buffer

    def run(self):
        conn, _ = self.server.accept()
        conn.settimeout(0.2)
        try:
            self._read_line(conn)  # VERSION:2.0.0
            for line in self.lines:
                if line is None:
                    self.replies.append(self._read_line(conn))
                else:
                    conn.sendall(line)
            time.sleep(0.3)
        except OSError:
            pass
        finally:
            conn.close()
            self.server.close()


def _play(lines, **kwargs):
    talker = _Script(lines)
    talker.start()
    try:
        return run_client("127.0.0.1", talker.port, AlwaysCall(), LIMIT, timeout=kwargs.get("timeout", hang_guard(5)))
    finally:
        talker.join(10)


def test_a_finished_hand_counts_once():
    # before: the same final line twice gave "played 1 hands: +10 chips (+5.00 per hand)"
    result = _play([b"MATCHSTATE:0:0:f:AsKs|\r\n"])
    assert result.hands == 1 and result.results == ((0, 5),)
    with pytest.raises(AcpcError, match="for hand 0, which had already ended"):
        _play([b"MATCHSTATE:0:0:f:AsKs|\r\n", b"MATCHSTATE:0:0:f:AsKs|\r\n"])


def test_a_hand_number_that_comes_back_after_its_end_is_refused():
    # before: hands 0, 1, 0 (all folds to our big blind) were "2 hands, +15 chips"
    lines = [b"MATCHSTATE:0:0:f:AsKs|\r\n", b"MATCHSTATE:0:1:f:AsKs|\r\n", b"MATCHSTATE:0:0:f:AsKs|\r\n"]
    with pytest.raises(AcpcError, match="hand 0, which had already ended"):
        _play(lines)


def test_a_hand_played_to_the_showdown_is_counted_once_with_the_dealers_value():
    lines = [
        b"MATCHSTATE:1:0::|AsKs\r\n",
        None,
        b"MATCHSTATE:1:0:cc/:|AsKs/2c3c4c\r\n",
        b"MATCHSTATE:1:0:cc/c:|AsKs/2c3c4c\r\n",
        None,
        b"MATCHSTATE:1:0:cc/cc/:|AsKs/2c3c4c/5d\r\n",
        b"MATCHSTATE:1:0:cc/cc/c:|AsKs/2c3c4c/5d\r\n",
        None,
        b"MATCHSTATE:1:0:cc/cc/cc/:|AsKs/2c3c4c/5d/9h\r\n",
        b"MATCHSTATE:1:0:cc/cc/cc/c:|AsKs/2c3c4c/5d/9h\r\n",
        None,
        b"MATCHSTATE:1:0:cc/cc/cc/cc:QdQc|AsKs/2c3c4c/5d/9h\r\n",
    ]
    result = _play(lines)
    assert result.hands == 1 and result.results == ((0, 10),)  # the wheel A-5 beats the queens: +10


@pytest.mark.parametrize(
    "text",
    [
        "MATCHSTATE:0:" + "9" * 5000 + "::AsKs|",  # int() refused it with a ValueError about 4300 digits
        "MATCHSTATE:" + "0" * 11 + ":0::AsKs|",
        "MATCHSTATE:0:12345678901::AsKs|",
    ],
)
def test_numbers_longer_than_the_dealers_32_bits_are_an_acpc_error(text):
    with pytest.raises(AcpcError, match="at most 10 digits"):
        MatchState.parse(text)


@pytest.mark.parametrize(
    "text",
    [
        "MATCHSTATE:0:0:r\u0663:AsKs|",  # an Arabic-Indic three was read as r3
        "MATCHSTATE:0:0:r" + "9" * 5000 + ":AsKs|",  # a ValueError from int()
        "MATCHSTATE:0:0:r12345678901:AsKs|",
    ],
)
def test_raise_amounts_are_ascii_digits_of_32_bit_size(text):
    with pytest.raises(AcpcError, match="cannot read the betting"):
        MatchState.parse(text)
    with pytest.raises(AcpcError):
        state_from_matchstate(text, load_game("holdem.nolimit.2p"))


def test_the_largest_amount_the_dealer_can_send_still_reads():
    ms = MatchState.parse("MATCHSTATE:0:4294967295:r2147483647:AsKs|")
    assert ms.hand_number == 4294967295 and ms.betting == ((("r", 2147483647),),)


@pytest.mark.parametrize("host", ["a" * 64, "a" * 300, "x.\udcff.org"])
def test_host_names_the_resolver_cannot_encode_are_a_parameter_error(host):
    with pytest.raises(ParameterError, match="is not a host name or address"):
        run_client(host, 9, AlwaysCall(), LIMIT, timeout=1)


@pytest.mark.parametrize("name", ["x" * 5000, "x/" * 3000])
def test_a_game_name_too_long_for_a_file_name_is_not_a_game(name):
    with pytest.raises(AcpcError, match="neither a game-definition file nor a standard ACPC game"):
        load_game(name)


@pytest.mark.parametrize(
    "args, words",
    [
        (["a" * 300, "9"], "is not a host name or address"),
        (["127.0.0.1", "9", "--game", "x" * 5000], "neither a game-definition file nor a standard ACPC game"),
    ],
)
def test_the_command_line_reports_them_in_one_line(args, words):
    proc = subprocess.run(
        [sys.executable, "-m", "pokerlab", "acpc-client", *args], capture_output=True, text=True, timeout=hang_guard(60)
    )
    assert proc.returncode == 2 and proc.stderr.count("\n") == 1 and "Traceback" not in proc.stderr, proc.stderr
    assert proc.stderr.startswith("pokerlab: error: ") and words in proc.stderr


def test_the_command_line_does_not_count_a_hand_whose_result_it_cannot_know():
    # a (non-standard) dealer that ends a showdown without showing the opponent's cards
    lines = [
        b"MATCHSTATE:0:0:f:AsKs|\r\n",  # +5, known
        b"MATCHSTATE:1:1::|AsKs\r\n",
        None,
        b"MATCHSTATE:1:1:cc/:|AsKs/2c3c4c\r\n",
        b"MATCHSTATE:1:1:cc/c:|AsKs/2c3c4c\r\n",
        None,
        b"MATCHSTATE:1:1:cc/cc/:|AsKs/2c3c4c/5d\r\n",
        b"MATCHSTATE:1:1:cc/cc/c:|AsKs/2c3c4c/5d\r\n",
        None,
        b"MATCHSTATE:1:1:cc/cc/cc/:|AsKs/2c3c4c/5d/9h\r\n",
        b"MATCHSTATE:1:1:cc/cc/cc/c:|AsKs/2c3c4c/5d/9h\r\n",
        None,
        b"MATCHSTATE:1:1:cc/cc/cc/cc:|AsKs/2c3c4c/5d/9h\r\n",
    ]
    talker = _Script(lines)
    talker.start()
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "pokerlab",
            "acpc-client",
            "127.0.0.1",
            str(talker.port),
            "--timeout",
            f"{hang_guard(5):.0f}",
        ],
        capture_output=True,
        text=True,
        timeout=hang_guard(60),
    )
    talker.join(10)
    assert proc.returncode == 0, proc.stderr
    # before: "+5 chips (+2.50 per hand)", the unknown hand counted as 0
    assert "+5 chips (+5.00 per hand); 1 hand not counted" in proc.stdout, proc.stdout


def test_every_hostile_argument_is_a_pokerlab_error():
    for host in [None, "", "a" * 64, 7, b"127.0.0.1"]:
        with pytest.raises(PokerlabError):
            run_client(host, 9, AlwaysCall(), LIMIT, timeout=1)  # type: ignore[arg-type]


@pytest.mark.parametrize("betting", ["c0", "f12", "cc/c5", "k7"])
def test_only_a_raise_carries_an_amount(betting):
    # before: 'MATCHSTATE:0:0:c0:...' was read as a call and written back as 'c0'
    cards = "AsKs|" + "/2c3c4c" * betting.count("/")
    with pytest.raises(AcpcError, match="only a raise carries an amount"):
        MatchState.parse(f"MATCHSTATE:0:0:{betting}:{cards}")


def test_the_rembrant_dialect_still_writes_the_amount_of_a_call():
    assert MatchState.parse("0:0:b5b10c10:AsKs|").betting == ((("b", 5), ("b", 10), ("c", 10)),)


DEALER_LOG = """# name/game/hands/seed m holdem.limit.2p.reverse_blinds.game 2 7
#--t_response 600000
STATE:0:f:3c2d|Ad9h:5|-5:pokerlab|example
STATE:1:rc/cc/cc/cc:3c2d|Ad9h/9s2s7c/8d/5c:-20|20:example|pokerlab
SCORE:-15|15:pokerlab|example
"""


def test_a_dealer_log_checks_every_state_line():
    hands = check_dealer_log(DEALER_LOG)
    assert [h.hand_number for h in hands] == [0, 1] and hands[1].values == (-20, 20)


@pytest.mark.parametrize(
    "damage, words",
    [
        (("STATE:1:", "TATE:1:"), "not a STATE, SCORE or comment line"),  # before: the hand was skipped unchecked
        (("STATE:1:", "STAT:1:"), "not a STATE, SCORE or comment line"),
        (("-20|20:example|pokerlab", "-20|20:example|pokerlab|extra"), "names"),
        (("-20|20:example|pokerlab", "-20|20:example"), "names"),
    ],
)
def test_a_damaged_dealer_log_is_refused(damage, words):
    with pytest.raises(AcpcError, match=words):
        check_dealer_log(DEALER_LOG.replace(*damage))
