"""The ACPC protocol: MATCHSTATE in both dialects, game definitions, recorded transcripts, a loopback dealer."""

import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from hypothesis import given, strategies as st

from pokerlab.bots import AlwaysCall, AlwaysRaise, RandomBot
from pokerlab.errors import ParameterError, ParameterTypeError, PokerlabError
from pokerlab.game import (
    AAAI06_HEADS_UP_LIMIT,
    HEADS_UP_NO_LIMIT,
    NO_LIMIT_RING,
    BettingStructure,
    BlindLevel,
    Call,
    Check,
    Raise,
    RaiseTo,
    Rules,
    Street,
)
from pokerlab.game.acpc import (
    STANDARD_GAMES,
    AcpcError,
    MatchState,
    action_to_acpc,
    answer,
    check_dealer_log,
    from_gamedef,
    game_definition,
    load_game,
    run_client,
    state_from_matchstate,
    to_gamedef,
    to_matchstate,
)
from tests.support.acpc_dealer import LoopbackDealer
from tests.support.timing import hang_guard

DATA = Path(__file__).parent.parent / "data" / "acpc"
LIMIT = load_game("holdem.limit.2p.reverse_blinds")
NOLIMIT = load_game("holdem.nolimit.2p.reverse_blinds")


def test_parse_and_emit_protocol_v2():
    text = "MATCHSTATE:0:30:cc/r250c:9s8h|/8c8d5c"
    ms = MatchState.parse(text)
    assert ms.position == 0 and ms.hand_number == 30 and ms.dialect == "acpc"
    assert ms.betting == ((("c", None), ("c", None)), (("r", 250), ("c", None)))
    assert [str(c) for c in ms.hole[0]] == ["9s", "8h"] and ms.hole[1] == ()
    assert [str(c) for c in ms.board[0]] == ["8c", "8d", "5c"]
    assert str(ms) == text


def test_parse_and_emit_the_rembrant_dialect():
    text = "0:13:b1b2r6r18r30c30/r32r96:Ks2d|/5s2s6h"
    ms = MatchState.parse(text)
    assert ms.dialect == "rembrant" and str(ms) == text
    rules = Rules(small_blind=1, big_blind=2, starting_stack=1000, max_players=2)
    state = state_from_matchstate(ms, rules)
    # the paper: "the opponent must place additional 64 chips into the play to stay in the game"
    assert state.street is Street.FLOP and state.actor == 0 and state.to_call == 64
    assert state.pot == 30 + 30 + 32 + 96


@pytest.mark.parametrize(
    "text, words",
    [
        ("MATCHSTATE:0:30:cc/r250x:9s8h|/8c8d5c", "character 23"),
        ("MATCHSTATE:0:30:cc", "4 fields"),
        ("MATCHSTATE:a:30:cc:9s8h|", "whole numbers"),
        ("MATCHSTATE:0:30:cc:9s8x|", "cannot read the cards"),
    ],
)
def test_malformed_match_states_name_the_position(text, words):
    with pytest.raises(AcpcError, match=words):
        MatchState.parse(text)


def test_rebuilding_states_and_writing_actions():
    state = state_from_matchstate("MATCHSTATE:0:30:cc/r250c/:9s8h|/8c8d5c/6s", NOLIMIT)
    assert state.street is Street.TURN and state.pot == 500 and state.actor == 0
    assert action_to_acpc(RaiseTo(100), state) == "r350"  # no-limit amounts are totals for the hand
    assert action_to_acpc(Check(), state) == "c"
    with pytest.raises(AcpcError, match="does not start the next round"):
        state_from_matchstate("MATCHSTATE:0:30:cc/r250c:9s8h|/8c8d5c", NOLIMIT)
    with pytest.raises(AcpcError, match="is illegal"):
        state_from_matchstate("MATCHSTATE:0:1:r50:9s8h|", NOLIMIT)  # a raise below the minimum
    limit = state_from_matchstate("MATCHSTATE:1:2:rrr:|9s8h", LIMIT)
    assert limit.current_bet == 40 and limit.actor == 0 and limit.min_raise_to is None  # 4 bets: capped
    assert action_to_acpc(Call(), limit) == "c"


def test_a_raise_where_none_is_possible_is_refused_in_both_dialects():
    state = state_from_matchstate("MATCHSTATE:0:1:r20000:9s8h|", NOLIMIT)  # facing an all-in: call or fold
    assert state.actor == 0 and state.min_raise_to is None
    for dialect in ("acpc", "rembrant"):
        with pytest.raises(AcpcError, match="seat 0 cannot raise now: seat 0 may: Fold"):
            action_to_acpc(Raise(), state, dialect)


def test_the_dialect_is_named_after_its_source():
    """The Rembrant dialect's first name, 'seed004', is gone (issue 43: no deprecated aliases)."""
    state = state_from_matchstate("MATCHSTATE:0:1:r300:9s8h|", NOLIMIT)
    for bad in ("seed004",):
        with pytest.raises(ParameterError, match="dialect must be 'acpc' or 'rembrant'"):
            action_to_acpc(RaiseTo(600), state, bad)
    for bad in ("ACPC", "seed005", 4, None):
        with pytest.raises(ParameterError, match="dialect must be 'acpc' or 'rembrant'"):
            action_to_acpc(Call(), state, bad)
        with pytest.raises(ParameterError, match="dialect must be 'acpc' or 'rembrant'"):
            to_matchstate(state, 0, dialect=bad)


def test_emitting_match_states_round_trips():
    h = AAAI06_HEADS_UP_LIMIT.new_hand(button=1, deck="9s8h KdKc 8c8d5c 6s 2d", hand_number=30)
    h.apply(Call()).apply(Check())
    assert str(to_matchstate(h, 0)) == "MATCHSTATE:0:30:cc/:9s8h|/8c8d5c"
    assert str(to_matchstate(h, 1)) == "MATCHSTATE:1:30:cc/:|KdKc/8c8d5c"
    again = state_from_matchstate(to_matchstate(h, 0), AAAI06_HEADS_UP_LIMIT)
    assert again.street is Street.FLOP and again.pot == h.pot and again.actor == h.actor


def test_game_definitions_read_and_write():
    assert LIMIT.structure is BettingStructure.FIXED_LIMIT and LIMIT.bet_sizes == (10, 10, 20, 20)
    assert (LIMIT.small_blind, LIMIT.big_blind) == (5, 10) and LIMIT.raise_cap == (4, 4, 4, 4)
    assert NOLIMIT.structure is BettingStructure.NO_LIMIT and NOLIMIT.starting_stack == 20000
    assert (NOLIMIT.small_blind, NOLIMIT.big_blind) == (50, 100)
    for rules in (LIMIT, NOLIMIT, AAAI06_HEADS_UP_LIMIT):
        back = Rules.from_acpc_gamedef(rules.to_acpc_gamedef())
        assert (back.structure, back.small_blind, back.big_blind, back.raise_cap, back.bet_sizes) == (
            rules.structure, rules.small_blind, rules.big_blind, rules.raise_cap, rules.bet_sizes,
        )  # fmt: skip
    assert "maxRaises = 2 3 4 4" in AAAI06_HEADS_UP_LIMIT.to_acpc_gamedef()  # the AAAI'06 rules: a bet and 2 raises


@pytest.mark.parametrize(
    "change, words",
    [
        (("numBoardCards = 0 3 1 1", "numBoardCards = 0 3 1"), "not Texas Hold'em"),
        (("firstPlayer = 2 1 1 1", "firstPlayer = 1 2 2 2"), "standard Hold'em order"),
        (("blind = 10 5", "blind = 10"), "one blind per player"),
        (("END GAMEDEF", ""), "END GAMEDEF"),
        (("limit\n", "limit\nnonsense here\n"), "line 3"),
    ],
)
def test_bad_game_definitions(change, words):
    text = game_definition("holdem.limit.2p.reverse_blinds").replace(*change)
    with pytest.raises(AcpcError, match=words):
        Rules.from_acpc_gamedef(text)


def test_recorded_transcript_replays_to_the_same_answers():
    lines = (DATA / "limit_transcript.txt").read_text().splitlines()
    bot = RandomBot(seed=5)
    for i, line in enumerate(lines):
        if not line.startswith("S: "):
            continue
        reply = answer(line[3:], bot, AAAI06_HEADS_UP_LIMIT)
        nxt = lines[i + 1] if i + 1 < len(lines) else ""
        if reply is None:
            assert not nxt.startswith("C: ")
        else:
            assert nxt == "C: " + reply


@pytest.mark.parametrize("rules, client, position", [(LIMIT, AlwaysRaise(), 0), (NOLIMIT, RandomBot(seed=3), 1)])
def test_client_against_a_loopback_dealer(rules, client, position):
    dealer = LoopbackDealer(rules, hands=25, house=AlwaysCall(), client_position=position, seed=7)
    dealer.start()
    result = run_client("127.0.0.1", dealer.port, client, rules)
    dealer.join(30)
    assert dealer.errors == []
    assert result.hands == 25 and len(dealer.final_stacks) == 25 and len(result.results) == 25
    assert result.chips == sum(s[position] - rules.starting_stack for s in dealer.final_stacks)
    assert all(sum(s) == 2 * rules.starting_stack for s in dealer.final_stacks)
    assert sum(1 for t in dealer.transcript if t.startswith("C: ")) > 25


def test_the_rembrant_dialect_over_the_wire():
    rules = Rules(small_blind=1, big_blind=2, starting_stack=500, max_players=2, reset_stacks=True)
    dealer = LoopbackDealer(rules, hands=10, house=RandomBot(seed=1), client_position=0, seed=3, dialect="rembrant")
    dealer.start()
    assert run_client("127.0.0.1", dealer.port, RandomBot(seed=2), rules).hands == 10
    dealer.join(30)
    assert dealer.errors == []
    assert any(":b1b2" in t for t in dealer.transcript)


def test_command_line_client():
    dealer = LoopbackDealer(AAAI06_HEADS_UP_LIMIT, hands=5, house=AlwaysCall(), client_position=1, seed=1)
    dealer.start()
    command = [sys.executable, "-m", "pokerlab", "acpc-client", "127.0.0.1", str(dealer.port)]
    proc = subprocess.run(
        [*command, "--bot", "always_raise", "--json", "--game", "tests/data/acpc/aaai06.game"],
        capture_output=True, text=True, timeout=hang_guard(120), cwd=Path(__file__).parents[2],
    )  # fmt: skip
    dealer.join(30)
    assert proc.returncode == 0, proc.stderr
    assert '"hands": 5' in proc.stdout and dealer.errors == []
    bad = subprocess.run(
        [sys.executable, "-m", "pokerlab", "acpc-client", "127.0.0.1", "1", "--bot", "always_raise"],
        capture_output=True, text=True, timeout=hang_guard(60),
    )  # fmt: skip
    assert bad.returncode == 2 and bad.stderr.startswith("pokerlab: error: cannot talk to the dealer")


# -- strict MATCHSTATE parsing (issue 13's findings) --------------------------------------


@pytest.mark.parametrize(
    "text, words",
    [
        ("MATCHSTATE:0:30::9s|", r"position 0's hole cards '9s' .* are 1 card"),
        ("MATCHSTATE:0:30::9s8h7c|", "are 3 cards"),
        ("MATCHSTATE:5:0::9s8h|", r"position 5 is out of range .* 2 players \(positions 0..1\)"),
        ("MATCHSTATE:0:1::|9s8h", "does not give position 0 its own hole cards"),
        ("MATCHSTATE:0:30:cc/:9s8h|/8c8d", "round 2's board .* has 2 cards; Hold'em deals 3"),
        ("MATCHSTATE:0:30:cc/c/:9s8h|/8c8d5c/6s7s", "round 3's board .* has 2 cards; Hold'em deals 1"),
        ("MATCHSTATE:0:30:cc/:9s8h|", "betting for 2 rounds but cards for 1"),
        ("MATCHSTATE:0:30:cc:9s8h|/8c8d5c", "betting for 1 round but cards for 2"),
        ("MATCHSTATE:0:30:c/c/c/c/c:9s8h|/8c8d5c/6s/7s/2d", "5 rounds"),
        ("MATCHSTATE:0:30::9s9s|", "appears twice"),
        ("MATCHSTATE:0:30::9s8h|/8c8d5c", "betting for 1 round but cards for 2"),
        ("MATCHSTATE:0:30::9S8h|", "cannot read the cards '9S8h'"),
        ("MATCHSTATE:0:30::10s8h|", "cannot read the cards"),
        ("MATCHSTATE:²:30::9s8h|", "whole numbers"),
        ("MATCHSTATE:0:30:b50:9s8h|", "Rembrant dialect"),
    ],
)
def test_strict_parsing_refuses_what_the_dealer_never_sends(text, words):
    with pytest.raises(AcpcError, match=words):
        MatchState.parse(text)


def test_parsing_accepts_every_shape_the_dealer_sends():
    for text in [
        "MATCHSTATE:0:0::9s8h|",  # the first message of a hand
        "MATCHSTATE:1:0:r:|Td4d",
        "MATCHSTATE:0:0:rc/:8dJd|/As9d6s",
        "MATCHSTATE:1:5:f:8d9h|9s6d",  # the end of a hand: both hands in the log only; a player sees its own
        "MATCHSTATE:0:9:r20000c///:AsKs|QdQh/2c3c4c/5d/6h",  # all-in preflop: the dealer fills in every round
        "MATCHSTATE:2:3:rcc/:||9s8h/8c8d5c",  # three players
    ]:
        assert str(MatchState.parse(text)) == text


@pytest.mark.parametrize(
    "text, rules, words",
    [
        # 'rcc' without '/': the third action would be on the flop
        ("MATCHSTATE:0:30:rcc:9s8h|", LIMIT, "comes after round 1's betting closed: a '/' is missing"),
        ("MATCHSTATE:0:30:rcc/:9s8h|/8c8d5c", LIMIT, "comes after round 1's betting closed"),
        ("MATCHSTATE:0:30:r/:9s8h|/8c8d5c", LIMIT, "ends round 1 while its betting is still open"),
        ("MATCHSTATE:0:30:f/:9s8h|/8c8d5c", LIMIT, "ends in round 1, but the betting goes on"),
        ("MATCHSTATE:0:30:rc:9s8h|", LIMIT, "closes round 1, but the match state does not start the next round"),
        ("MATCHSTATE:0:30:f/c:9s8h|/8c8d5c", LIMIT, "ends in round 1, but the betting goes on"),
        ("MATCHSTATE:0:30:r300r200:9s8h|", NOLIMIT, "is illegal"),
        ("MATCHSTATE:0:30:r:9s8h|", NOLIMIT, "needs an amount"),
    ],
)
def test_round_separators_must_stand_where_rounds_close(text, rules, words):
    with pytest.raises(AcpcError, match=words):
        state_from_matchstate(text, rules)


def test_position_and_player_count_must_fit_the_game():
    with pytest.raises(AcpcError, match=r"lists 3 players' cards; ACPC holdem\.limit\.2p\.reverse_blinds seats 2$"):
        state_from_matchstate("MATCHSTATE:2:0::||9s8h", LIMIT)
    three = load_game("holdem.limit.3p")
    with pytest.raises(AcpcError, match=r"lists 2 players' cards; ACPC holdem\.limit\.3p seats 3"):
        state_from_matchstate("MATCHSTATE:0:0::9s8h|", three)
    with pytest.raises(AcpcError, match="lists 2 players' cards, the game has 3"):
        state_from_matchstate("MATCHSTATE:0:0::9s8h|", NO_LIMIT_RING, players=3)
    assert state_from_matchstate("MATCHSTATE:0:0::9s8h|", NO_LIMIT_RING).n == 2  # the line says how many play
    state = state_from_matchstate("MATCHSTATE:2:0::||9s8h", three)
    assert state.actor == 2 and state.to_call == 10 and state.pot == 15  # the button acts first preflop


def test_the_default_game_is_acpc_heads_up_limit_with_caps_3_4_4_4():
    # the issue: with the AAAI'06 caps assumed, the dealer's third preflop raise was refused
    state = state_from_matchstate("MATCHSTATE:1:3:rrrc/rrr:|9s8h/8c8d5c")
    assert state.pot == 80 + 50 and state.actor == 1 and state.min_raise_to == 40  # a 4th flop bet is allowed
    capped = state_from_matchstate("MATCHSTATE:1:3:rrrc/rrrr:|9s8h/8c8d5c")
    assert capped.pot == 80 + 70 and capped.actor == 0 and capped.min_raise_to is None and capped.to_call == 10
    with pytest.raises(AcpcError, match=r"is illegal: seat 1 cannot raise: the raise cap is reached.*--game"):
        state_from_matchstate("MATCHSTATE:1:3:rrrc/:|9s8h/8c8d5c", AAAI06_HEADS_UP_LIMIT)
    with pytest.raises(AcpcError, match="game definition probably differs"):
        state_from_matchstate("MATCHSTATE:1:3:rrrc/:|9s8h/8c8d5c", AAAI06_HEADS_UP_LIMIT)


def test_all_in_preflop_runs_out_to_the_river():
    state = state_from_matchstate("MATCHSTATE:0:9:r20000c///:AsKs|QdQh/2c3c4c/5d/9h", NOLIMIT)
    assert state.is_over and state.final_stacks == (40000, 0)  # the wheel beats the queens
    assert [str(c) for c in state.board] == ["2c", "3c", "4c", "5d", "9h"]


def _random_hand(rules, data):
    h = rules.new_hand(button=rules.default_players - 1 if rules.default_players > 2 else 1, seed=data.draw(
        st.integers(0, 10**6)))  # fmt: skip
    while not h.is_over and data.draw(st.integers(0, 12)) > 0:
        legal = h.legal_actions()
        action = data.draw(st.sampled_from(legal))
        if isinstance(action, RaiseTo) and h.max_raise_to != h.min_raise_to:
            action = RaiseTo(data.draw(st.integers(h.min_raise_to, h.max_raise_to)))
        h.apply(action)
    return h


@given(data=st.data(), game=st.sampled_from(STANDARD_GAMES))
def test_match_states_round_trip_in_every_standard_game(data, game):
    """What to_matchstate writes, the strict parser reads back to the same hand, from every position."""
    rules = load_game(game)
    h = _random_hand(rules, data)
    for position in range(h.n):
        ms = to_matchstate(h, position)
        text = str(ms)
        assert str(MatchState.parse(text)) == text
        again = state_from_matchstate(text, rules)
        assert (again.street, again.pot, again.actor, again.is_over) == (h.street, h.pot, h.actor, h.is_over)
        assert again.board == h.board and again.hole[position] == h.hole[position]
        if h.is_over:
            assert again.final_stacks == h.final_stacks or not all(ms.hole[p] for p in range(h.n) if not h.folded[p])


# -- the client's connection: timeouts, bytes, ports ---------------------------------------


class _Talker(threading.Thread):
    """A one-connection server on 127.0.0.1 that sends ``chunks`` with ``pause`` seconds between them."""

    def __init__(self, chunks, pause=0.0):
        super().__init__(daemon=True)
        self.chunks, self.pause = chunks, pause
        self.server = socket.socket()
        self.server.bind(("127.0.0.1", 0))
        self.server.listen(1)
        self.server.settimeout(hang_guard(20))
        self.port = self.server.getsockname()[1]
        self.received = b""

    def run(self):
        conn, _ = self.server.accept()
        conn.settimeout(0.2)
        try:
            for chunk in self.chunks:
                conn.sendall(chunk)
                end = time.monotonic() + self.pause
                while time.monotonic() < end:
                    try:
                        data = conn.recv(4096)
                    except (TimeoutError, OSError):
                        continue
                    if not data:
                        return
                    self.received += data
        except OSError:
            pass
        finally:
            conn.close()
            self.server.close()


def test_a_dealer_that_drips_a_line_without_end_times_out():
    # a byte every 0.1 s and no newline, then the talker hangs up: without a timeout on partial lines the
    # client would wait the 2 s and report the hang-up instead
    talker = _Talker([bytes([b]) for b in b"MATCHSTATE:0:0::9s8h"], pause=0.1)
    talker.start()
    with pytest.raises(AcpcError, match=r"partial line and no end of it within 0\.5 s: b'MAT"):
        run_client("127.0.0.1", talker.port, AlwaysCall(), LIMIT, timeout=0.5)
    talker.join(10)


def test_silence_times_out_and_a_closed_half_line_is_an_error():
    talker = _Talker([b""], pause=2.0)
    talker.start()
    with pytest.raises(AcpcError, match=r"sent nothing within 0\.3 s"):
        run_client("127.0.0.1", talker.port, AlwaysCall(), LIMIT, timeout=0.3)
    talker.join(10)
    talker = _Talker([b"MATCHSTATE:0:0::9s"], pause=0.5)
    talker.start()
    with pytest.raises(AcpcError, match="closed the connection in the middle of a line"):
        run_client("127.0.0.1", talker.port, AlwaysCall(), LIMIT, timeout=hang_guard(5))
    talker.join(10)


def test_bytes_that_are_not_utf8_are_an_acpc_error():
    talker = _Talker([b"MATCHSTATE:0:0::9s8h|\xff\r\n"], pause=1.0)
    talker.start()
    with pytest.raises(AcpcError, match=r"not UTF-8 text \(byte 21: b'\\xff'\)"):
        run_client("127.0.0.1", talker.port, AlwaysCall(), LIMIT, timeout=hang_guard(5))
    talker.join(10)


def test_a_position_out_of_range_is_answered_with_an_error_not_silence():
    # the talker hangs up after 2 s: a client that ignored the line would then return without an error
    talker = _Talker([b"MATCHSTATE:5:0::9s8h|\r\n"], pause=2.0)
    talker.start()
    with pytest.raises(AcpcError, match="position 5 is out of range"):
        run_client("127.0.0.1", talker.port, AlwaysCall(), LIMIT, timeout=hang_guard(30))
    talker.join(10)


@pytest.mark.parametrize(
    "kwargs, words",
    [
        ({"port": 99999}, "port must be a whole number from 1 to 65535, not 99999"),
        ({"port": 0}, "not 0"),
        ({"port": True}, "not True"),
        ({"port": "80"}, "not '80'"),
        ({"host": ""}, "host must be"),
        ({"host": None}, "host must be"),
        ({"timeout": 0}, "timeout must be"),
        ({"timeout": float("nan")}, "timeout must be"),
        ({"timeout": float("inf")}, "timeout must be"),
        ({"timeout": -1.0}, "timeout must be"),
        ({"bot": object()}, "act"),
        ({"rules": "holdem"}, "rules must be a pokerlab Rules"),
        ({"players": 3}, "seats 2 to 2 players, not 3"),
        ({"players": 2.0}, "whole number"),
    ],
)
def test_run_client_checks_its_arguments_before_connecting(kwargs, words):
    args = {"host": "127.0.0.1", "port": 1, "bot": AlwaysCall(), "rules": LIMIT, "players": None, "timeout": 1.0}
    args.update(kwargs)
    with pytest.raises(PokerlabError, match=words):
        run_client(**args)


def test_run_client_refuses_a_host_and_a_bot_in_one_sentence_each():
    """One check per argument (was a text check, then the same sentence again for an empty name): a wrong type is
    the TypeError twin, blank text the plain error; a bot without act() is refused by its class, naming it."""
    args = {"port": 1, "bot": AlwaysCall(), "rules": LIMIT, "timeout": 1.0}
    with pytest.raises(ParameterTypeError, match=r"^host must be a host name or address, not None$"):
        run_client(None, **args)  # type: ignore[arg-type]
    for blank in ("", "   "):  # blanks were let through to the resolver
        with pytest.raises(ParameterError, match=rf"^host must be a host name or address, not '{blank}' \(str\)$"):
            run_client(blank, **args)
        with pytest.raises(ParameterError) as info:
            run_client(blank, **args)
        assert not isinstance(info.value, TypeError)
    with pytest.raises(ParameterTypeError, match=r"^bot must have an act\(view\) method, not 'phase1' \(str\)$"):
        run_client("127.0.0.1", 1, "phase1", LIMIT, timeout=1.0)


def test_command_line_refuses_bad_ports_games_and_timeouts():
    base = [sys.executable, "-m", "pokerlab", "acpc-client", "127.0.0.1"]
    for extra, words in [
        (["99999"], "argument port: must be 1..65,535, not 99999"),
        (["0"], "not 0"),
        (["4000", "--game", "holdem.pot.2p"], "neither a game-definition file nor a standard ACPC game"),
        (["4000", "--timeout", "nan"], "argument --timeout: must be a number of seconds in (0, 86,400], not nan"),
        (["4000", "--timeout", "-1"], "argument --timeout: must be a number of seconds"),
    ]:
        proc = subprocess.run([*base, *extra], capture_output=True, text=True, timeout=hang_guard(60))
        assert proc.returncode == 2 and proc.stderr.count("\n") == 1, proc.stderr
        assert proc.stderr.startswith("pokerlab: error: ") and words in proc.stderr


# -- game definitions: the standard games, and what a GAMEDEF cannot say --------------------


def test_the_standard_games_are_the_servers_files_byte_for_byte():
    server = Path(__file__).parent.parent / "acpc_server"
    for name in STANDARD_GAMES:
        assert game_definition(name) == (server / f"{name}.game").read_text()
        assert game_definition(name + ".game") == game_definition(name)
    assert game_definition("holdem.nolimit.2p") == game_definition("holdem.nolimit.2p.reverse_blinds")
    with pytest.raises(AcpcError, match=r"no standard ACPC game is called 'holdem\.limit\.9p'"):
        game_definition("holdem.limit.9p")


def test_the_standard_games_as_rules():
    limit3, nolimit3 = load_game("holdem.limit.3p"), load_game("holdem.nolimit.3p")
    assert LIMIT.raise_cap == limit3.raise_cap == (4, 4, 4, 4) and LIMIT.starting_stack == 2**31 - 1
    assert (limit3.small_blind, limit3.big_blind, limit3.default_players) == (5, 10, 3)
    assert (nolimit3.small_blind, nolimit3.big_blind, nolimit3.starting_stack) == (50, 100, 20000)
    assert NOLIMIT.raise_cap == nolimit3.raise_cap == (None, None, None, None)
    assert NOLIMIT.min_raise_big_blinds == 1 and NOLIMIT.name == "ACPC holdem.nolimit.2p.reverse_blinds"
    for name in STANDARD_GAMES:  # writing them back gives the server's lines (ours add nothing, drop nothing)
        rules = load_game(name)
        ours = set(to_gamedef(rules).splitlines())
        assert ours == set(game_definition(name).splitlines())


def test_load_game_reads_a_file_first(tmp_path, monkeypatch):
    path = tmp_path / "holdem.limit.2p.reverse_blinds.game"
    path.write_text(
        game_definition("holdem.limit.2p.reverse_blinds").replace("maxRaises = 3 4 4 4", "maxRaises = 1 1 1 1")
    )
    assert load_game(path).raise_cap == (2, 1, 1, 1) and load_game(str(path)).raise_cap == (2, 1, 1, 1)
    monkeypatch.chdir(tmp_path)
    assert load_game("holdem.limit.2p.reverse_blinds.game").raise_cap == (2, 1, 1, 1)  # the file in this folder
    assert load_game("holdem.limit.2p.reverse_blinds").raise_cap == (4, 4, 4, 4)  # the name
    (tmp_path / "bad.game").write_bytes(b"\xff\xfe")
    with pytest.raises(AcpcError, match="cannot read the game definition"):
        load_game("bad.game")
    for bad in (None, 3, ""):
        with pytest.raises(PokerlabError, match="standard name or a file path"):
            load_game(bad)


@pytest.mark.parametrize(
    "change, words",
    [
        (("firstPlayer = 2 1 1 1\n", ""), "no firstPlayer line"),
        (("limit\n", "potlimit\n"), "no pot-limit betting"),
        (("numPlayers = 2\n", ""), "no numplayers line"),
        (("blind = 10 5", "blind = 5 10"), "position 0 posts the big blind"),
        (("maxRaises = 3 4 4 4", "maxRaises = 3 4 4"), "one number per round"),
        (("blind = 10 5", "blind = 10 five"), "whole numbers"),
        (("numPlayers = 2", "numPlayers ="), "numPlayers = gives no number"),
        (("numPlayers = 2", "numPlayers = 2 3"), "numPlayers takes one number, not 2 3"),
        (("numPlayers = 2", "numPlayers = 11"), "seat 2 to 10 players"),
    ],
)
def test_game_definitions_the_dealer_reads_differently_are_refused(change, words):
    with pytest.raises(AcpcError, match=words):
        from_gamedef(game_definition("holdem.limit.2p.reverse_blinds").replace(*change))


def test_max_raises_255_is_the_dealers_no_cap():
    text = game_definition("holdem.limit.2p.reverse_blinds").replace("maxRaises = 3 4 4 4", "maxRaises = 255 4 255 4")
    assert from_gamedef(text).raise_cap == (None, 4, None, 4)


@pytest.mark.parametrize(
    "rules, words",
    [
        (Rules(ante=1, max_players=2), "has an ante"),
        (HEADS_UP_NO_LIMIT, "changes its blinds during the match"),
        (HEADS_UP_NO_LIMIT.with_(blind_schedule=()), "raises of at least 2 big blinds"),
        (Rules(structure=BettingStructure.POT_LIMIT, max_players=2), "pot-limit"),
        (Rules(blind_schedule=(BlindLevel(0, 1, 2, ante=1),), max_players=2), "has an ante"),
        (LIMIT.with_(raise_cap=(300, 4, 4, 4)), "above the dealer's largest count"),
    ],
)
def test_to_gamedef_refuses_what_a_gamedef_cannot_say(rules, words):
    with pytest.raises(AcpcError, match=words):
        to_gamedef(rules)


def test_to_gamedef_writes_the_first_levels_blinds():
    rules = Rules(blind_schedule=(BlindLevel(0, 300, 600),), starting_stack=20000, max_players=2)
    text = to_gamedef(rules)
    assert "blind = 600 300\n" in text and "stack = 20000 20000\n" in text
    back = from_gamedef(text)
    assert (back.small_blind, back.big_blind) == (300, 600)
    three = to_gamedef(NO_LIMIT_RING, players=3)
    assert "blind = 1 2 0\n" in three and "firstPlayer = 3 1 1 1\n" in three
    for bad, words in [(11, "seats 2 to 10 players, not 11"), (True, "whole number"), ("3", "whole number")]:
        with pytest.raises(PokerlabError, match=words):
            to_gamedef(NO_LIMIT_RING, players=bad)
    with pytest.raises(PokerlabError, match="Rules value"):
        to_gamedef("holdem.limit.2p")


# -- the dealer's log ---------------------------------------------------------------------------


def test_a_recorded_dealer_log_checks_to_the_chip():
    """A log the real dealer wrote (three-player no-limit: split pots give half chips)."""
    text = (DATA / "dealer_nolimit_3p.log").read_text()
    hands = check_dealer_log(text, load_game("holdem.nolimit.3p"))
    assert len(hands) == 40
    totals = {}
    for h in hands:
        assert sum(h.values) == 0
        for name, v in zip(h.players, h.values, strict=True):
            totals[name] = totals.get(name, 0) + v
    score = next(ln for ln in text.splitlines() if ln.startswith("SCORE:"))
    values, names = score.split(":")[1:]
    assert {n: float(v) for n, v in totals.items()} == dict(
        zip(names.split("|"), map(float, values.split("|")), strict=True)
    )
    assert any(v.denominator == 2 for h in hands for v in h.values)  # a split pot paid in halves


def test_a_dealer_log_under_other_rules_is_refused():
    line = "STATE:0:rrrc/cc/cc/cc:8dJd|Td4d/As9d6s/3d/6c:40|-40:A|B\n"
    assert check_dealer_log(line)[0].values == (40, -40)  # J kicker beats T
    with pytest.raises(AcpcError, match="is illegal"):
        check_dealer_log(line, AAAI06_HEADS_UP_LIMIT)
    with pytest.raises(AcpcError, match=r"the dealer pays -40 40, pokerlab.s rules pay 40 -40"):
        check_dealer_log(line.replace("40|-40", "-40|40"))


class _Recorder(RandomBot):
    """A random bot that keeps what it is shown."""

    def __init__(self, seed):
        super().__init__(seed=seed)
        self.started, self.observed, self.views, self.ended = [], [], [], []
        self.calls = []  # the hooks' names, in the order the client called them

    def start_match(self, seat, rules, players):
        self.started.append((seat, rules, players))
        self.calls.append("start_match")

    def observe(self, event, view):
        self.observed.append((view.hand_number, event))
        self.calls.append("observe")

    def act(self, view):
        self.views.append(view)
        self.calls.append("act")
        return super().act(view)

    def end_hand(self, view):
        self.ended.append(view)
        self.calls.append("end_hand")


def test_the_client_shows_the_bot_every_event_once_as_play_match_does():
    from pokerlab.game import DealHole

    bot = _Recorder(seed=4)
    dealer = LoopbackDealer(NOLIMIT, hands=12, house=RandomBot(seed=8), client_position=1, seed=2)
    dealer.start()
    result = run_client("127.0.0.1", dealer.port, bot, NOLIMIT)
    dealer.join(30)
    assert dealer.errors == [] and result.hands == 12 and len(bot.ended) == 12
    for view in bot.ended:  # the events of each hand, in order, each once, hidden cards left out
        shown = [e for h, e in bot.observed if h == view.hand_number]
        assert shown == list(view.events)
        assert not any(isinstance(e, DealHole) and e.seat != 1 for e in shown)
    assert {v.names for v in bot.views} == {("opponent +1", "self")}
    # start_match was never called (the issue): now once, first, with the seat, the rules and the player count
    assert bot.started == [(1, NOLIMIT, 2)] and bot.calls[0] == "start_match" and bot.calls.count("start_match") == 1


@given(data=st.data(), game=st.sampled_from(STANDARD_GAMES))
def test_a_damaged_line_is_refused_with_an_acpc_error_or_read_as_a_legal_hand(data, game):
    """Bad input gets a clear error, never another exception: a real line with characters changed."""
    rules = load_game(game)
    h = _random_hand(rules, data)
    text = list(str(to_matchstate(h, data.draw(st.integers(0, h.n - 1)))))
    for _ in range(data.draw(st.integers(1, 3))):
        at = data.draw(st.integers(0, len(text) - 1))
        piece = data.draw(st.sampled_from(["", "/", "|", ":", "r", "c", "f", "9", "s", "As", "r99999", "x"]))
        text[at] = piece
    try:
        state = state_from_matchstate("".join(text), rules)
    except AcpcError:
        return
    assert len(state.board) in (0, 3, 4, 5) and state.pot > 0
