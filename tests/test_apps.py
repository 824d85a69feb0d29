"""The table apps without a browser: session logic, setup checks, leaderboard, widgets driven in Python."""

import sqlite3

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokerlab import bots
from pokerlab.apps import BigHoldemApp, HeadsUpApp, Leaderboard, Seat, TableSession, validate_setup
from pokerlab.errors import ParameterError
from pokerlab.game import AAAI06_HEADS_UP_LIMIT, BIGHOLDEM, Call, Check, Fold, RaiseTo


class Crasher:
    name = "crasher"

    def act(self, view):
        raise RuntimeError("boom")


class Cheater:
    name = "cheater"

    def act(self, view):
        return RaiseTo(10**9)


def _play_out(session, choose):
    while True:
        if session.state is None or session.state.is_over:
            if not session.start_hand():
                return
        elif session.human_to_act:
            session.human_act(choose(session))
        else:
            session.bot_step()


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10_000), st.integers(2, 6), st.sampled_from(["call", "random"]))
def test_a_session_conserves_chips_and_ends(seed, players, style):
    import random

    rng = random.Random(seed)
    seats = [Seat("you")] + [Seat(f"b{i}", bots.make("random", seed=seed + i)) for i in range(1, players)]
    rules = BIGHOLDEM.with_(starting_stack=200, default_players=players)
    s = TableSession(rules, seats, hands=25, seed=seed)

    def choose(session):
        legal = session.legal()
        return Call() if style == "call" and any(isinstance(a, Call) for a in legal) else rng.choice(legal)

    _play_out(s, choose)
    assert s.finished
    assert sum(s.stacks) == 200 * players  # chips are conserved across hands
    assert sum(s.won) == 0
    assert all(len(h.net) >= 2 for h in s.history)
    ranking = s.ranking()
    assert list(ranking["rank"]) == list(range(1, players + 1))
    assert ranking["average_per_hand"].is_monotonic_decreasing
    for name, hand in s.eliminated_at.items():
        t = [seat.name for seat in s.seats].index(name)
        assert s.stacks[t] < rules.min_stack_to_play and hand <= s.hand_number


def test_a_crashed_or_cheating_bot_gets_the_default_action_and_a_notice():
    seats = [Seat("c1", Crasher()), Seat("c2", Cheater()), Seat("ok", bots.make("always_call"))]
    s = TableSession(BIGHOLDEM.with_(default_players=3), seats, hands=5, seed=1)
    _play_out(s, lambda session: Check())
    assert s.finished and len(s.history) == 5
    assert any("c1 failed (RuntimeError: boom)" in n for n in s.notices)
    assert any("c2 failed (IllegalActionError" in n for n in s.notices)


def test_session_refuses_bad_setups_and_out_of_turn_actions():
    with pytest.raises(ParameterError, match="own name"):
        TableSession(AAAI06_HEADS_UP_LIMIT, [Seat("a"), Seat("a", bots.make("always_call"))])
    with pytest.raises(ParameterError, match="one person"):
        TableSession(AAAI06_HEADS_UP_LIMIT, [Seat("a"), Seat("b")])
    with pytest.raises(ParameterError):
        TableSession(AAAI06_HEADS_UP_LIMIT, [Seat("a")])
    s = TableSession(AAAI06_HEADS_UP_LIMIT, [Seat("bot", bots.make("always_call")), Seat("you")], seed=2)
    s.start_hand()
    if not s.human_to_act:
        with pytest.raises(ParameterError, match="not your turn"):
            s.human_act(Call())


def test_validate_setup_messages_per_field():
    setup, errors = validate_setup(name="ann", players=6, hands=10)
    assert errors == {} and setup.players == 6 and not setup.watch
    _, errors = validate_setup(name="<script>x</script>", players=11, hands=0, minutes=-1, raises_per_phase="x")
    assert set(errors) == {"name", "players", "hands", "minutes", "raises_per_phase"}
    assert "markup" in errors["name"] and "from 2 to 10" in errors["players"]
    _, errors = validate_setup(name="x" * 21)
    assert "at most 20" in errors["name"]
    _, errors = validate_setup(starting_money=1000, ante=60)
    assert "twentieth" in errors["ante"]
    _, errors = validate_setup(seat_bots=("nobody",))
    assert "unknown bots nobody" in errors["seat_bots"]
    setup, errors = validate_setup(name="   ", limit=True, raises_per_phase=0)
    assert errors == {} and setup.watch
    rules = setup.rules()
    assert rules.structure.value == "fixed-limit" and rules.raise_cap == (None,) * 4 and rules.bet_sizes


def test_leaderboard_uses_parameters_not_sql(tmp_path):
    board = Leaderboard(tmp_path / "lb.sqlite")
    evil = "x'); DROP TABLE results; --"
    board.record([{"player": evil, "kind": "person", "hands": 3, "won": 30, "average_per_hand": 10.0}])
    board.record([{"player": "bob", "kind": "bot", "hands": 0, "won": 0, "average_per_hand": 0.0}])
    top = board.top()
    assert top["player"].tolist() == [evil]  # stored as data; hands = 0 is not ranked
    assert board.games() == 2
    with sqlite3.connect(tmp_path / "lb.sqlite") as db:
        assert db.execute("SELECT COUNT(*) FROM results").fetchone()[0] == 2
    with pytest.raises(ParameterError):
        board.record([])
    assert board.top(people_only=True)["kind"].tolist() == ["person"]


def test_heads_up_app_plays_hands_and_ignores_clicks_out_of_turn():
    app = HeadsUpApp(seed=3, delay=0)
    s = app.session
    assert s.state.pot == 15 and s.state.stacks == [995, 990]  # blinds posted
    hands = 0
    for _ in range(200):
        if s.state.is_over:
            hands += 1
            before = len(s.history)
            app._click(Call())  # out of turn: ignored
            assert len(s.history) == before
            if hands == 5:
                break
            app._deal_click()
        else:
            assert s.human_to_act
            # exactly the legal actions are visible
            visible = {b.description.split()[0] for b in (app.actions.fold, app.actions.check, app.actions.call,
                       app.actions.bet, app.actions.raise_) if b.layout.display != "none"}  # fmt: skip
            legal = {type(a).__name__ for a in s.legal()}
            assert ("check" in visible) == ("Check" in legal) and ("fold" in visible) == ("Fold" in legal)
            assert ("call" in visible) == ("Call" in legal)
            assert bool(visible & {"bet", "raise"}) == ("RaiseTo" in legal)
            app._click(Call() if any(isinstance(a, Call) for a in s.legal()) else Check())
    assert hands == 5 and len(s.history) == 5
    assert "small bets per hand" in app.result.value
    per_hand = sum(h.net["you"] for h in s.history) / 10 / 5
    assert f"{per_hand:+.2f}" in app.result.value
    assert app.history.value.count("pl-history-hand") == 5
    app.show_thinking.value = True
    assert "BPP's thinking" in app.thinking.value


def test_heads_up_app_refuses_an_illegal_raise_with_a_message():
    app = HeadsUpApp(seed=4, delay=0, opponent="always_call")
    s = app.session
    while not s.human_to_act:
        app._deal_click()
    app._click(RaiseTo(12345))
    assert "pl-error" in app.status.value and s.human_to_act


def test_pacer_ignores_clicks_while_busy():
    from pokerlab.apps.base import Pacer

    p = Pacer(0.5)
    p.busy = True
    assert not p.guard() and p.ignored_clicks == 1
    p.busy = False
    assert p.guard()


def test_bigholdem_watch_mode_finishes_and_records(tmp_path):
    board = Leaderboard(tmp_path / "lb.sqlite")
    app = BigHoldemApp(leaderboard=board, seed=5, players=6, hands=12, speed="instant")
    assert app.start()
    s = app.session
    assert s.finished and s.human is None and len(s.history) == 12
    assert board.games() == 1 and "Ranking by average win per hand" in app.ranking_view.value
    assert "phase2 #1" in app.leaderboard_view.value
    app._new_game()
    app.name.value = "<img src=x>"
    assert not app.start() and "markup" in app.errors["name"].value


def test_bigholdem_person_plays_with_probability_shown(tmp_path):
    app = BigHoldemApp(
        leaderboard=Leaderboard(tmp_path / "lb.sqlite"), seed=6, name="ann", players=3, hands=4,
        speed="instant", show_probability=True, limit=True,
    )  # fmt: skip
    assert app.start()
    s = app.session
    seen_probability = False
    for _ in range(200):
        if s.finished:
            break
        assert s.human_to_act
        if "Your winning probability now" in app.probability_view.value:
            seen_probability = True
        app._click(Fold() if any(isinstance(a, Fold) for a in s.legal()) else Check())
    assert s.finished and seen_probability
    assert app.leaderboard.games() == 1
    assert "ann" in app.ranking_view.value


def test_cli_play_refuses_bad_input(capsys):
    from pokerlab.cli import main

    assert main(["play", "--port", "80", "--no-browser"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("pokerlab: error: the port must be 1024..65535") and err.count("\n") == 1
    with pytest.raises(SystemExit) as exit_info:
        main(["play", "--app", "poker-night"])
    assert exit_info.value.code == 2


def test_heads_up_opponent_dropdown_and_bigholdem_money_chart(tmp_path):
    app = HeadsUpApp(seed=8, delay=0)
    app.opponent.value = "rembrant"
    assert app.session.seats[1].name == "rembrant" and "against rembrant" in app.title.value
    assert app.session.state is not None and app.session.history == []
    big = BigHoldemApp(leaderboard=Leaderboard(tmp_path / "lb.sqlite"), seed=2, players=4, hands=6, speed="instant")
    big.seat_boxes[2].value = "bpp"
    assert big.start()
    money = big.session.money()
    assert list(money.columns) == ["phase2 #1", "phase2 #2", "bpp #3", "phase2 #4"]
    assert len(money) == 7 and (money.sum(axis=1) == 4 * 1000).all()
    assert big.money_view.value.startswith("<svg")
