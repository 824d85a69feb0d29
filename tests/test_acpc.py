"""The ACPC protocol: MATCHSTATE in both dialects, game definitions, recorded transcripts, a loopback dealer."""

import subprocess
import sys
from pathlib import Path

import pytest

from pokerlab.bots import AlwaysCall, AlwaysRaise, RandomBot
from pokerlab.game import AAAI06_HEADS_UP_LIMIT, BettingStructure, Call, Check, RaiseTo, Rules, Street
from pokerlab.game.acpc import (
    AcpcError,
    MatchState,
    action_to_acpc,
    answer,
    run_client,
    state_from_matchstate,
    to_matchstate,
)

from .acpc_dealer import LoopbackDealer

DATA = Path(__file__).parent / "data" / "acpc"
LIMIT = Rules.from_acpc_gamedef((DATA / "holdem.limit.2p.reverse_blinds.game").read_text())
NOLIMIT = Rules.from_acpc_gamedef((DATA / "holdem.nolimit.2p.reverse_blinds.game").read_text())


def test_parse_and_emit_protocol_v2():
    text = "MATCHSTATE:0:30:cc/r250c:9s8h|/8c8d5c"
    ms = MatchState.parse(text)
    assert ms.position == 0 and ms.hand_number == 30 and ms.dialect == "acpc"
    assert ms.betting == ((("c", None), ("c", None)), (("r", 250), ("c", None)))
    assert [str(c) for c in ms.hole[0]] == ["9s", "8h"] and ms.hole[1] == ()
    assert [str(c) for c in ms.board[0]] == ["8c", "8d", "5c"]
    assert str(ms) == text


def test_parse_and_emit_the_seed_004_dialect():
    text = "0:13:b1b2r6r18r30c30/r32r96:Ks2d|/5s2s6h"
    ms = MatchState.parse(text)
    assert ms.dialect == "seed004" and str(ms) == text
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
    with pytest.raises(AcpcError, match="no cards for the next one"):
        state_from_matchstate("MATCHSTATE:0:30:cc/r250c:9s8h|/8c8d5c", NOLIMIT)
    with pytest.raises(AcpcError, match="is illegal"):
        state_from_matchstate("MATCHSTATE:0:1:r50:9s8h|", NOLIMIT)  # a raise below the minimum
    limit = state_from_matchstate("MATCHSTATE:1:2:rrr:|9s8h", LIMIT)
    assert limit.current_bet == 40 and limit.actor == 0 and limit.min_raise_to is None  # 4 bets: capped
    assert action_to_acpc(Call(), limit) == "c"


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
    assert "maxRaises = 2 3 4 4" in AAAI06_HEADS_UP_LIMIT.to_acpc_gamedef()  # seed 000: a bet and 2 raises


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
    text = (DATA / "holdem.limit.2p.reverse_blinds.game").read_text().replace(*change)
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
    hands = run_client("127.0.0.1", dealer.port, client, rules)
    dealer.join(30)
    assert dealer.errors == []
    assert hands == 25 and len(dealer.final_stacks) == 25
    assert all(sum(s) == 2 * rules.starting_stack for s in dealer.final_stacks)
    assert sum(1 for t in dealer.transcript if t.startswith("C: ")) > 25


def test_the_seed_004_dialect_over_the_wire():
    rules = Rules(small_blind=1, big_blind=2, starting_stack=500, max_players=2, reset_stacks=True)
    dealer = LoopbackDealer(rules, hands=10, house=RandomBot(seed=1), client_position=0, seed=3, dialect="seed004")
    dealer.start()
    assert run_client("127.0.0.1", dealer.port, RandomBot(seed=2), rules) == 10
    dealer.join(30)
    assert dealer.errors == []
    assert any(":b1b2" in t for t in dealer.transcript)


def test_command_line_client():
    dealer = LoopbackDealer(AAAI06_HEADS_UP_LIMIT, hands=5, house=AlwaysCall(), client_position=1, seed=1)
    dealer.start()
    command = [sys.executable, "-m", "pokerlab", "acpc-client", "127.0.0.1", str(dealer.port)]
    proc = subprocess.run([*command, "--bot", "always_raise", "--json"], capture_output=True, text=True, timeout=120)
    dealer.join(30)
    assert proc.returncode == 0, proc.stderr
    assert '"hands": 5' in proc.stdout and dealer.errors == []
    bad = subprocess.run(
        [sys.executable, "-m", "pokerlab", "acpc-client", "127.0.0.1", "1", "--bot", "always_raise"],
        capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert bad.returncode == 2 and bad.stderr.startswith("pokerlab: error: cannot talk to the dealer")
