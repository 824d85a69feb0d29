"""Matches: determinism, rotation, faults, time banks, duplicate play, hidden cards; golden transcripts."""

import time

import numpy as np
import pytest

from pokerlab import ParameterError, bots
from pokerlab.game import (
    AAAI06_HEADS_UP_LIMIT,
    BIGHOLDEM,
    HEADS_UP_NO_LIMIT,
    NO_LIMIT_RING,
    Act,
    ActionKind,
    Call,
    DealHole,
    RaiseTo,
    Showdown,
    TimeBank,
    play_match,
)
from tests.support.golden_hands import GOLDEN, PLAYERS, transcript


@pytest.mark.parametrize("preset", sorted(PLAYERS))
def test_golden_transcripts(preset):
    expected = (GOLDEN / f"{preset.lower()}.phh").read_text()
    assert transcript(preset) == expected


def test_matches_are_reproducible_and_conserve_chips():
    lineup = lambda: [bots.make("random", seed=1), bots.make("always_call"), bots.make("random", seed=2)]  # noqa: E731
    a = play_match(lineup(), NO_LIMIT_RING, hands=200, seed=9)
    b = play_match(lineup(), NO_LIMIT_RING, hands=200, seed=9)
    c = play_match(lineup(), NO_LIMIT_RING, hands=200, seed=10)
    assert a.money.equals(b.money) and not a.money.equals(c.money)
    assert (a.money.sum(axis=1) == 600).all()
    assert list(a.money.columns) == ["random", "always_call", "random #2"]
    assert a.money.index[0] == 0 and len(a.money) == a.hands + 1


def test_button_rotates():
    class Spy:
        name = "spy"

        def __init__(self):
            self.buttons = []

        def act(self, view):
            if not self.buttons or self.buttons[-1][0] != view.hand_number:
                self.buttons.append((view.hand_number, view.button))
            return Call()

    spies = [Spy(), Spy(), Spy()]
    play_match(spies, NO_LIMIT_RING.with_(reset_stacks=True), hands=6, seed=1)
    seen = dict(b for s in spies for b in s.buttons)
    assert [seen[h] for h in range(6)] == [(seen[0] + h) % 3 for h in range(6)]


def test_views_hide_other_hole_cards():
    class Spy:
        name = "spy"

        def __init__(self):
            self.ok = True

        def act(self, view):
            for e in view.events:
                if isinstance(e, DealHole) and e.seat != view.seat:
                    self.ok = False
            return Call()

        def observe(self, event, view):
            if isinstance(event, DealHole) and event.seat != view.seat:
                self.ok = False

    spies = [Spy(), Spy()]
    play_match(spies, AAAI06_HEADS_UP_LIMIT, hands=50, seed=3)
    assert all(s.ok for s in spies)


def test_the_table_loops_views_are_view_for_and_its_constructor():
    """The loop builds views without checks, keeps each seat's events as the hand goes and fills a view's
    fields at once: every view a bot is shown equals ``view_for`` of the same state, field for field."""
    from dataclasses import fields

    from pokerlab.game import PlayerView, view_for
    from pokerlab.game.match import Rotation, Seeding, TableLoop, TablePlayer

    seen = []

    class Checker:
        name = "checker"

        def __init__(self, seed):
            self.inner = bots.make("random", seed=seed)

        def check(self, view):
            expected = view_for(loop.state, view.seat, view.names)
            made = PlayerView(**{f.name: getattr(view, f.name) for f in fields(PlayerView)})
            seen.append(view == expected == made and vars(view) == vars(made) and list(vars(view)) == list(vars(made)))

        def act(self, view):
            self.check(view)
            return self.inner.act(view)

        def observe(self, event, view):
            self.check(view)

        def end_hand(self, view):
            self.check(view)

    for rules, n in ((NO_LIMIT_RING, 6), (AAAI06_HEADS_UP_LIMIT, 2), (BIGHOLDEM, 3)):
        players = [TablePlayer(f"p{k}", Checker(k), rules.starting_stack) for k in range(n)]
        loop = TableLoop(
            rules, players, seed=4, first_button=0, rotation=Rotation.DEAL_COUNT, seeding=Seeding.PER_DEAL, clock=False
        )
        for deal in range(15):
            if loop.start_hand(deal) is None:
                break
            loop.play_hand()
    assert len(seen) > 500 and all(seen)


def test_the_states_own_events_are_what_their_constructors_make():
    """The state logs events whose values are already exact, so an event rebuilt through its
    constructor (and its checks) is the same, and a legal action's bounds, worked out once per
    decision, are the same after any number of questions."""
    import random

    from pokerlab.game import PRESETS, HandState

    rng = random.Random(5)
    for rules in PRESETS.values():
        for k in range(40):
            n = rng.choice([2, min(rules.max_players, 6)])
            stacks = [rng.choice([rules.big_blind, 4 * rules.big_blind, rules.starting_stack]) for _ in range(n)]
            state = HandState(rules, stacks, button=k % n, seed=k)
            while not state.is_over:
                bounds = (state.min_raise_to, state.max_raise_to, state.to_call, state.legal_actions())
                assert (state.min_raise_to, state.max_raise_to, state.to_call, state.legal_actions()) == bounds
                state.apply(state.random_action(rng), automatic=rng.random() < 0.2)
            for e in state.events:
                again = type(e)(**vars(e))
                assert again == e and vars(again) == vars(e)


def test_showdowns_are_observed():
    class Watcher:
        name = "watcher"
        shown = 0

        def act(self, view):
            return Call()

        def observe(self, event, view):
            if isinstance(event, Showdown):
                Watcher.shown += 1

    play_match([Watcher(), Watcher()], AAAI06_HEADS_UP_LIMIT, hands=10, seed=1)
    assert Watcher.shown == 2 * 2 * 10  # two calling stations always reach showdown; two observers


class Crash:
    name = "crash"

    def act(self, view):
        raise RuntimeError("boom")


class Illegal:
    name = "illegal"

    def act(self, view):
        return RaiseTo(10**9)


class Slow:
    name = "slow"

    def act(self, view):
        time.sleep(0.03)
        return Call()


def test_faults_get_the_default_action_and_the_match_goes_on():
    r = play_match(
        [Crash(), Illegal(), bots.make("always_call")], NO_LIMIT_RING.with_(reset_stacks=True), hands=20, seed=4
    )
    counts = r.fault_counts
    assert counts["crash"]["exception"] > 0 and counts["illegal"]["illegal"] > 0
    assert counts["always_call"] == {}
    assert r.hands == 20
    f = next(f for f in r.faults if f.kind == "illegal")
    assert "cannot raise to 1000000000" in f.message and f.replaced_by in ("check", "fold")

    class Watcher:
        name = "watcher"

        def __init__(self):
            self.acts = []

        def act(self, view):
            return Call()

        def observe(self, event, view):
            if isinstance(event, Act):
                self.acts.append(event)

    watcher = Watcher()
    play_match([Crash(), watcher], NO_LIMIT_RING.with_(reset_stacks=True), hands=3, seed=1)
    crash_seat_acts = [e for e in watcher.acts if e.automatic]
    assert crash_seat_acts and all(e.kind in (ActionKind.CHECK, ActionKind.FOLD) for e in crash_seat_acts)
    assert not any(e.automatic for e in watcher.acts if e not in crash_seat_acts)


def test_time_bank_and_automatic_moves_after_more_than_two_misses():
    rules = HEADS_UP_NO_LIMIT.with_(time_bank=TimeBank(initial=0.01, per_move=0.001, max_misses=2))
    r = play_match([Slow(), bots.make("always_call")], rules, hands=10, seed=2)
    timeouts = [f for f in r.faults if f.bot == "slow"]
    assert [f.kind for f in timeouts] == ["timeout"] * 3  # then its moves are automatic: no more asking
    assert r.seconds_per_action["slow"] >= 0.03


def test_duplicate_matches_cancel_the_luck_of_the_deal():
    r = play_match(
        [bots.make("always_call"), bots.make("always_call")], AAAI06_HEADS_UP_LIMIT, hands=300, seed=5, duplicate=True
    )
    assert r.hands == 600
    per_deal = r.winnings.groupby("deal")[["always_call", "always_call #1"]].sum()
    assert (per_deal == 0).all().all()
    assert r.mbb_per_hand == {"always_call": 0.0, "always_call #1": 0.0}
    r2 = play_match(
        [bots.make("always_raise"), bots.make("always_call")], AAAI06_HEADS_UP_LIMIT, hands=400, seed=5, duplicate=True
    )
    lo, hi = r2.ci95["always_raise"]
    assert lo <= r2.mbb_per_hand["always_raise"] <= hi
    assert r2.mbb_per_hand["always_raise"] == pytest.approx(-r2.mbb_per_hand["always_call"])


def test_elimination_and_ranking():
    r = play_match(
        [bots.make("always_raise") for _ in range(4)] + [bots.make("always_call")], BIGHOLDEM, hands=200, seed=8
    )
    assert len(r.eliminated) >= 3
    for name, hand in r.eliminated.items():
        assert r.money[name].iloc[hand + 1] < BIGHOLDEM.min_stack_to_play
    ranking = r.ranking()
    assert list(ranking["per hand"]) == sorted(ranking["per hand"], reverse=True)
    assert r.money.sum(axis=1).nunique() == 1


def test_money_chart_is_the_one_in_charts_and_draws_a_point_per_hand_and_bot():
    from pathlib import Path

    from pokerlab import charts

    r = play_match([bots.make("always_call"), bots.make("random", seed=1)], NO_LIMIT_RING, hands=30, seed=1)
    assert r.money.shape == (14, 2)  # the random bot is out after hand 12; row 0 holds the starting stacks
    chart = r.chart()
    assert chart.to_dict() == charts.money_chart(r.money, f"{NO_LIMIT_RING.name}: money after each hand").to_dict()
    assert [(m.kind, m.marks, m.visible) for m in charts.mark_counts(chart)] == [("line", 2 * 14, 2 * 14)]
    assert chart.to_dict()["encoding"]["color"]["sort"] == ["always_call", "random"]  # seat order
    game = Path(charts.__file__).parent.parent / "game"
    drawing = [p.name for p in game.glob("*.py") if "mark_" in p.read_text() or "alt.Chart(" in p.read_text()]
    assert drawing == []  # the engine computes; pokerlab.charts draws


@pytest.mark.parametrize(
    "kwargs, words",
    [
        ({"bots": [bots.make("always_call")] * 11, "rules": NO_LIMIT_RING, "hands": 5}, "2 to 10 players"),
        ({"bots": [bots.make("always_call")] * 2, "rules": NO_LIMIT_RING, "hands": 0}, "at least 1"),
        ({"bots": [object(), object()], "rules": NO_LIMIT_RING, "hands": 5}, r"a bot needs an act\(view\) method"),
        ({"bots": [bots.make("always_call")] * 2, "rules": NO_LIMIT_RING, "hands": 5, "duplicate": True}, "reset"),
    ],
)
def test_bad_matches_are_refused(kwargs, words):
    with pytest.raises(ParameterError, match=words):
        play_match(**kwargs)


def test_bot_registry():
    assert bots.names() == (
        "always_call", "always_raise", "random", "phase1", "phase2", "phase3", "rembrant", "bpp", "push_fold"
    )  # fmt: skip
    with pytest.raises(ParameterError, match="unknown bot 'genius'"):
        bots.make("genius")
    with pytest.raises(ParameterError, match="raise_probability"):
        bots.make("random", raise_probability=1.5)
    with pytest.raises(ParameterError, match="bad parameters"):
        bots.make("always_call", speed=3)
    a, b = bots.make("random", seed=7), bots.make("random", seed=7)
    ra = play_match([a, bots.make("always_call")], NO_LIMIT_RING, hands=50, seed=1)
    rb = play_match([b, bots.make("always_call")], NO_LIMIT_RING, hands=50, seed=1)
    assert np.array_equal(ra.money.values, rb.money.values)


def test_a_missing_preflop_table_stops_the_match_instead_of_becoming_a_fault(tmp_path, monkeypatch):
    """A bot that cannot read its table is a broken installation, not a bot's mistake: the match
    used to record a Fault and fold for it (``pokerlab tournament`` printed results of a bot that
    never read a table, exit 0). Now the error naming the file reaches the caller."""
    from pokerlab.bots import waterloo
    from pokerlab.errors import PreflopTableError

    monkeypatch.setenv("POKERLAB_TABLES", str(tmp_path))
    waterloo._table.cache_clear()
    try:
        with pytest.raises(PreflopTableError, match=r"simulation_2_players\.csv does not exist"):
            play_match([bots.make("phase2", seed=1), bots.make("phase1")], NO_LIMIT_RING, hands=5, seed=3)
    finally:
        waterloo._table.cache_clear()  # the next test reads the committed tables again


def test_keep_histories_survives_a_bigholdem_table_going_heads_up():
    """BigHoldem keeps the dealer on the big blind when two are left, which PHH cannot write: those hands are
    listed in ``unexported`` with the reason, every other hand is PHH text that reads back, and the match
    plays to its end (it used to stop with a PHHError after the last hand)."""
    from pokerlab.game import PRESETS, HandState

    lineup = [bots.make("always_raise"), bots.make("random", seed=0), bots.make("always_call")]
    result = play_match(lineup, PRESETS["BIGHOLDEM"], hands=200, seed=0, keep_histories=True)
    assert result.unexported, "the table never went heads-up: the case is not exercised"
    assert len(result.histories) + len(result.unexported) == result.hands
    assert all("heads-up" in why and "dealer on the big blind" in why for _, why in result.unexported)
    numbers = [hand for hand, _ in result.unexported]
    assert numbers == sorted(numbers) and all(0 <= h < result.hands for h in numbers)
    assert [HandState.from_phh(text).n for text in result.histories[:3]] == [3, 3, 3]
    plain = play_match(lineup[:2], PRESETS["AAAI06_HEADS_UP_LIMIT"], hands=20, seed=1, keep_histories=True)
    assert plain.unexported == [] and len(plain.histories) == 20


def test_view_for_refuses_a_names_tuple_of_the_wrong_length():
    from pokerlab.game import view_for

    state = NO_LIMIT_RING.new_hand([200, 200, 200], button=0, seed=1)
    assert view_for(state, 0, ("a", "b", "c")).names == ("a", "b", "c")
    assert view_for(state, 0).names == ()
    for names in (("a", "b"), ("a", "b", "c", "d")):
        with pytest.raises(ParameterError, match=r"one name per seat of the hand \(3\), not \d"):
            view_for(state, 0, names)


def test_an_action_is_played_as_it_was_checked_even_if_it_changes_when_read_again():
    """The loop reads a bot's answer once: a RaiseTo whose amount reads legal one time and huge the next is
    played as it was checked, a legal raise or a fault (an engine that checked it, then read it
    again in apply(), and let the IllegalActionError out of play_match, ending the whole match)."""
    import itertools

    reads = itertools.count()

    class Shifty(RaiseTo):
        def __getattribute__(self, key):
            value = object.__getattribute__(self, key)
            return value if key != "amount" or next(reads) % 2 == 0 else 10**9

    class Bot:
        name = "shifty"

        def act(self, view):
            return Shifty(view.min_raise_to) if view.min_raise_to is not None else Call()

    rules = NO_LIMIT_RING.with_(reset_stacks=True)
    result = play_match([Bot(), bots.make("always_call")], rules, hands=20, seed=1, keep_histories=True)
    assert len(result.histories) == 20 and all(f.kind == "illegal" for f in result.faults)
    assert all("10000000" not in h for h in result.histories)
    assert any("cbr" in h for h in result.histories)  # some of its raises were legal when read, and played
