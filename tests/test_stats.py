"""pokerlab.stats: the hand-labelled hands, the properties every count obeys, the parallel paths, the CLI."""

from __future__ import annotations

import math
import random
import re
import tomllib
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from pokerlab import stats
from pokerlab.errors import DataError, ParameterError, ParameterTypeError
from pokerlab.game import HEADS_UP_NO_LIMIT, NO_LIMIT_RING, Act, ActionKind, DealBoard, Showdown
from pokerlab.game.phh import _raw_sections, load_phh
from tests.support.peers import peer

DATA = Path(__file__).parent / "data" / "stats"
LABELLED = DATA / "labelled.phhs"

_RATES = [s for s in stats.STATISTICS if not s.startswith(("af_", "afq_")) and s != "bb_per_100"]
_STREETS = ("flop", "turn", "river")


def _sections() -> list[tuple[str, str]]:
    lines = LABELLED.read_text(encoding="utf-8").splitlines(keepends=True)
    return [(label, "".join(chunk)) for chunk, _, label in _raw_sections(iter(lines), LABELLED.name)]


def _expected(label: str) -> dict[str, dict[str, object]]:
    """The hand's ``_expect`` field read into {player: {stat: (count, opportunities), street: actions, won: x}}."""
    out: dict[str, dict[str, object]] = {}
    for player, text in label.items():  # type: ignore[attr-defined]
        want: dict[str, object] = {}
        for token in text.split():
            key, value = token.split("=")
            if key == "won":
                want["won"] = None if value == "?" else Fraction(value)
            elif key in _STREETS:
                assert re.fullmatch(r"[xbrcf]+", value), token
                want[key] = value
            else:
                assert key in _RATES, f"unknown statistic {key!r}"
                c, o = value.split("/")
                want[key] = (int(c), int(o))
        assert "won" in want, f"{player}: every player's result is labelled"
        out[player] = want
    return out


def test_the_fixture_has_fifty_labelled_hands_with_every_edge():
    sections = _sections()
    assert len(sections) >= 50
    comments = " ".join(text.split("\n", 1)[0] for _, text in sections) + LABELLED.read_text()
    for edge in ("walk", "limp", "limp-raise", "squeeze", "all-in call preflop", "not a c-bet", "check-raise",
                 "split", "sits in only two hands", "straddle", "missing hole cards", "muck"):  # fmt: skip
        assert edge in comments, edge


@pytest.mark.parametrize("label, text", _sections(), ids=lambda x: f"hand {x}" if str(x).isdigit() else "")
def test_each_labelled_hand_counts_as_labelled(label, text):
    hand = load_phh(text, source=f"labelled.phhs [{label}]")
    expected = _expected(tomllib.loads(text)["_expect"])
    counts = stats.StatCounts()
    names = [""] * len(hand.players)
    for k, seat in enumerate(hand.players):
        names[seat] = hand.names[k]
    counts.add(hand.state, names)
    table = counts.table()
    assert sorted(table.index) == sorted(expected)
    for player, want in expected.items():
        row = table.loc[player]
        assert row[("hands", "count")] == 1
        for key in _RATES:
            got = (int(row[(key, "count")]), int(row[(key, "opportunities")]))
            assert got == want.get(key, (0, 0)), f"hand {label}, {player}, {key}"
        for street in _STREETS:
            acts = str(want.get(street, ""))
            agg = acts.count("b") + acts.count("r")
            got_af = (int(row[(f"af_{street}", "count")]), int(row[(f"af_{street}", "opportunities")]))
            got_afq = int(row[(f"afq_{street}", "opportunities")])
            assert got_af == (agg, agg + acts.count("c")), f"hand {label}, {player}, AF {street}"
            assert got_afq == agg + acts.count("c") + acts.count("f"), f"hand {label}, {player}, AFq {street}"
        won = want["won"]
        if won is None:
            assert row[("bb_per_100", "opportunities")] == 0
        else:
            assert row[("bb_per_100", "opportunities")] == 1
            assert Fraction(row[("bb_per_100", "count")]).limit_denominator(100) == won, f"hand {label}, {player}"


def test_the_whole_file_sums_the_hands_and_a_player_absent_from_most_hands_has_only_his():
    table = stats.player_stats(LABELLED, progress=False)
    assert table.loc["Zed", ("hands", "count")] == 2
    assert table.loc["Zed", ("vpip", "count")] == 1 and table.loc["Zed", ("vpip", "opportunities")] == 2
    assert table.loc["Zed", ("vpip", "value")] == 0.5
    total = stats.StatCounts()
    for label, text in _sections():
        hand = load_phh(text, source=label)
        names = [""] * len(hand.players)
        for k, seat in enumerate(hand.players):
            names[seat] = hand.names[k]
        total.add(hand.state, names)
    assert total.table().equals(table)
    nobody = stats.player_stats(LABELLED, players=["Nobody", "Zed"], progress=False)
    assert list(nobody.index) == ["Nobody", "Zed"]
    assert nobody.loc["Nobody", ("hands", "count")] == 0 and math.isnan(nobody.loc["Nobody", ("vpip", "value")])


def test_intervals_are_wilson_and_the_aggression_factor_maps_them():
    table = stats.player_stats(LABELLED, progress=False)
    row = table.loc["Cy"]
    c, o = row[("vpip", "count")], row[("vpip", "opportunities")]
    assert (row[("vpip", "low")], row[("vpip", "high")]) == stats.wilson_interval(c, o)
    assert row[("vpip", "low")] <= row[("vpip", "value")] <= row[("vpip", "high")]
    b, n = row[("af_postflop", "count")], row[("af_postflop", "opportunities")]
    lo, hi = stats.wilson_interval(b, n)
    assert row[("af_postflop", "value")] == pytest.approx(b / (n - b))
    assert row[("af_postflop", "low")] == pytest.approx(lo / (1 - lo))
    assert row[("af_postflop", "high")] == pytest.approx(hi / (1 - hi))
    assert all(math.isnan(x) for x in stats.wilson_interval(0, 0))


def test_positions_by_table_size():
    def names(n: int, button: int = 0) -> list[str]:
        rules = HEADS_UP_NO_LIMIT if n == 2 else NO_LIMIT_RING
        state = rules.new_hand([200] * n, button=button, seed=1)
        return [p.value for p in stats.positions(state)]

    assert names(2) == ["button", "big blind"]
    assert names(3) == ["button", "small blind", "big blind"]
    assert names(4, 3) == ["small blind", "big blind", "late", "button"]
    assert names(9, 8) == [
        "small blind", "big blind", "early", "early", "early", "middle", "middle", "late", "button",
    ]  # fmt: skip


def test_by_position_rows_sum_to_the_player_row():
    by_player = stats.player_stats(LABELLED, progress=False)
    by_position = stats.player_stats(LABELLED, by_position=True, progress=False)
    counts = [c for c in by_player.columns if c[1] in ("count", "opportunities")]
    summed = by_position[counts].groupby(level="player").sum()
    assert summed.loc[by_player.index].astype(float).round(9).equals(by_player[counts].astype(float).round(9))
    assert by_position.loc[("Cy", "button"), ("steal", "opportunities")] > 0


# ----------------------------------------------------------------------------
# Properties over random hands
# ----------------------------------------------------------------------------


def _random_hand(seed: int, n: int, button: int):
    rules = HEADS_UP_NO_LIMIT if n == 2 else NO_LIMIT_RING
    rng = random.Random(seed)
    stacks = [rng.choice([6, 40, 200, 400]) for _ in range(n)]
    state = rules.new_hand(stacks, button=button, seed=seed)
    while not state.is_over:
        state.apply(state.random_action(rng))
    return state


_NAMES = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay"]


@settings(max_examples=60)
@given(seed=st.integers(0, 10**6), n=st.integers(2, 6), button=st.integers(0, 5))
def test_counts_stay_within_opportunities_and_sum_to_what_the_hand_holds(seed, n, button):
    state = _random_hand(seed, n, button % n)
    counts = stats.StatCounts()
    counts.add(state, _NAMES[:n])
    table = counts.table()
    for key in stats.STATISTICS:
        if key == "bb_per_100":
            continue
        c, o = table[(key, "count")], table[(key, "opportunities")]
        assert ((c >= 0) & (c <= o)).all(), key
    acts = [e for e in state.events if isinstance(e, Act)]
    post = [e for e in acts if e.street.index > 0]
    assert table[("hands", "count")].sum() == n
    assert table[("pfr", "count")].sum() == len({e.seat for e in acts if e.street.index == 0 and e.kind.aggressive})
    assert table[("vpip", "count")].sum() == len(
        {e.seat for e in acts if e.street.index == 0 and e.kind in (ActionKind.CALL, ActionKind.RAISE)}
    )
    assert table[("afq_postflop", "opportunities")].sum() == sum(e.kind is not ActionKind.CHECK for e in post)
    assert table[("af_postflop", "count")].sum() == sum(e.kind.aggressive for e in post)
    flop = [e for e in state.events if isinstance(e, DealBoard) and e.street.index == 1]
    folded_before_flop = {e.seat for e in acts if e.street.index == 0 and e.kind is ActionKind.FOLD}
    assert table[("wtsd", "opportunities")].sum() == (n - len(folded_before_flop) if flop else 0)
    assert table[("wtsd", "count")].sum() == sum(isinstance(e, Showdown) for e in state.events)
    assert table[("bb_per_100", "count")].sum() == pytest.approx(0, abs=1e-9)  # chips only change hands
    assert table[("wwsf", "count")].sum() <= len(flop) * n


@settings(max_examples=25)
@given(seeds=st.lists(st.integers(0, 10**6), min_size=1, max_size=6), shift=st.integers(1, 5), data=st.data())
def test_the_table_does_not_depend_on_seat_numbers_or_the_order_of_hands(seeds, shift, data):
    texts, moved = [], []
    for seed in seeds:
        n = 2 + seed % 5
        state = _random_hand(seed, n, seed % n)
        text = state.to_phh()
        data_fields = tomllib.loads(text)
        order = data_fields["_pokerlab_seats"]
        names = [_NAMES[(seed + k) % 6] for k in range(n)]
        named = text + f"players = {names!r}\n"
        texts.append(named)
        rotated = [(s + shift) % n for s in order]
        moved.append(named.replace(f"_pokerlab_seats = {order!r}".replace("'", ""), f"_pokerlab_seats = {rotated}"))
    assert all("_pokerlab_seats" in t for t in moved)
    shuffled = data.draw(st.permutations(moved))
    a = stats.player_stats(texts, progress=False)
    b = stats.player_stats(list(shuffled), progress=False)
    assert a.equals(b.loc[a.index])


# ----------------------------------------------------------------------------
# Sources, errors, the parallel paths
# ----------------------------------------------------------------------------


def test_a_match_result_is_read_with_its_players_names():
    from pokerlab import bots
    from pokerlab.game import play_match

    result = play_match([bots.make("always_call"), bots.make("always_raise")], HEADS_UP_NO_LIMIT, hands=30, seed=3,
                        keep_histories=True)  # fmt: skip
    table = stats.player_stats(result, progress=False)
    names = list(result.names)
    assert sorted(table.index) == sorted(names)
    assert (table[("hands", "count")] == result.hands).all() and result.hands == len(result.histories) > 10
    raiser = next(x for x in names if "raise" in x)
    caller = next(x for x in names if "call" in x)
    assert table.loc[raiser, ("pfr", "value")] == 1.0 and table.loc[caller, ("pfr", "count")] == 0
    # the blinds go up during the match: each hand's result counts in that hand's big blinds
    big_blinds = [load_phh(text).state.big_blind for text in result.histories]
    assert len(set(big_blinds)) > 1
    won = sum(Fraction(int(w), bb) for w, bb in zip(result.winnings[raiser], big_blinds, strict=True))
    assert table.loc[raiser, ("bb_per_100", "count")] == pytest.approx(float(won))


def test_bad_hands_are_skipped_and_listed_or_refused(tmp_path):
    good = LABELLED.read_text()
    bad = tmp_path / "bad.phhs"
    bad.write_text(good.replace("'p3 cbr 6', 'p1 f', 'p2 f']", "'p3 cbr 6', 'p1 f', 'p9 f']", 1))
    with pytest.raises(DataError, match="p9"):
        stats.player_stats(bad, progress=False)
    counts = stats.count_hands([bad, tmp_path], skip_bad=True, progress=False)
    assert counts.hands_read == 2 * (len(_sections()) - 1)  # the file, then the folder holding it
    assert len(counts.skipped) == 2 and "p9" in counts.skipped[0][1]
    with pytest.raises(DataError, match="no file or folder"):
        stats.player_stats(tmp_path / "missing.phh", progress=False)
    with pytest.raises(ParameterTypeError):
        stats.player_stats(42, progress=False)
    with pytest.raises(ParameterError, match="executor"):
        stats.player_stats([good], executor=object(), progress=False)


def test_compressed_files_and_acpc_logs_are_read(tmp_path):
    import gzip
    import lzma

    (tmp_path / "a.phhs.gz").write_bytes(gzip.compress(LABELLED.read_bytes()))
    (tmp_path / "b.phhs.xz").write_bytes(lzma.compress(LABELLED.read_bytes()))
    plain = stats.count_hands(LABELLED, progress=False)
    both = stats.count_hands(tmp_path, progress=False)
    assert both == plain + plain
    log = tmp_path / "match.log"
    log.write_text(
        "# a dealer log (ACPC's heads-up limit game: position 0 is the big blind, the button acts first)\n"
        "STATE:0:rc/cc/crrc/cc:AsKs|7h2c/QsJsTs/2d/3c:40|-40:Ann|Bob\n"
        "STATE:1:f:9d8d|KcKd:-10|10:Bob|Ann\nSCORE:30|-30:Ann|Bob\n"
    )
    table = stats.player_stats(log, progress=False)
    assert table.loc["Ann", ("hands", "count")] == 2 and table.loc["Bob", ("pfr", "count")] == 1
    assert table.loc["Ann", ("vpip", "count")] == 1 and table.loc["Ann", ("vpip", "opportunities")] == 2
    assert table.loc["Ann", ("check_raise", "count")] == 1 and table.loc["Ann", ("wtsd", "count")] == 1


def test_a_process_pool_gives_the_single_process_counts(tmp_path):
    from concurrent.futures import ProcessPoolExecutor

    for k in range(3):
        (tmp_path / f"part{k}.phhs").write_text(LABELLED.read_text())
    alone = stats.count_hands(tmp_path, progress=False)
    with ProcessPoolExecutor(2) as pool:
        pooled = stats.count_hands(tmp_path, executor=pool, progress=False)
    assert pooled == alone
    assert stats.player_stats(tmp_path, executor=None, progress=False).equals(pooled.table())


def test_a_dask_local_cluster_gives_the_single_process_counts(tmp_path):
    distributed = peer("distributed")
    for k in range(3):
        (tmp_path / f"part{k}.phhs").write_text(LABELLED.read_text())
    alone = stats.player_stats(tmp_path, progress=False)
    with (
        distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False, dashboard_address=None) as cluster,
        distributed.Client(cluster) as client,
    ):
        spread = stats.player_stats(tmp_path, executor=client, progress=False)
    assert spread.equals(alone)
    one = stats.player_stats(LABELLED, progress=False)
    assert spread.loc["Cy", ("hands", "count")] == 3 * one.loc["Cy", ("hands", "count")]


def _pluribus_sections() -> list[str]:
    import lzma

    from pokerlab import datasets

    with lzma.open(datasets.path("pluribus_hands"), "rt", encoding="utf-8") as f:
        return [
            "".join(chunk) for chunk, _, _ in _raw_sections(f, "pluribus.phhs.xz")
        ]  # fmt: skip


def _voluntary_preflop(fields: dict) -> dict[str, int]:
    """VPIP read straight from the action strings, without the engine: before the first board card, a
    ``cbr`` is voluntary, and so is a ``cc``, except the big blind's (``p2``) while nobody has raised."""
    names = fields["players"]
    vpip = dict.fromkeys(names, 0)
    raised = False
    for action in fields["actions"]:
        words = action.split()
        if words[:2] == ["d", "db"]:
            break
        if words[0] == "d" or words[1] not in ("cc", "cbr"):
            continue
        if words[1] == "cbr" or not (words[0] == "p2" and not raised):
            vpip[names[int(words[0][1:]) - 1]] = 1
        raised = raised or words[1] == "cbr"
    return vpip


def test_the_pluribus_table_reconciles_with_the_hands():
    from pokerlab import datasets

    table = stats.player_stats(datasets.path("pluribus_hands"), progress=False)
    sections = _pluribus_sections()
    assert len(sections) == 10_000 and table.loc["Pluribus", ("hands", "count")] == 10_000
    assert table[("hands", "count")].sum() == 60_000
    # every VPIP count is a voluntary action in the file: the totals, and 20 player-hands one by one
    parsed = [tomllib.loads(text, parse_float=Decimal) for text in sections]
    totals: dict[str, int] = {}
    for fields in parsed:
        for name, v in _voluntary_preflop(fields).items():
            totals[name] = totals.get(name, 0) + v
    assert {name: int(table.loc[name, ("vpip", "count")]) for name in totals} == totals
    rng = random.Random(2026)
    for k in rng.sample(range(len(sections)), 20):
        hand = load_phh(sections[k])
        name = rng.choice(hand.names)
        one = stats.player_stats(hand, players=[name], progress=False)
        assert one.loc[name, ("vpip", "count")] == _voluntary_preflop(parsed[k])[name], sections[k].splitlines()[0]
    # the chips: bb/100 from the files' own finishing stacks
    won = {name: Fraction(0) for name in totals}
    for fields in parsed:
        for name, s, f in zip(fields["players"], fields["starting_stacks"], fields["finishing_stacks"], strict=True):
            won[name] += Fraction(f - s) / 100
    for name, w in won.items():
        assert table.loc[name, ("bb_per_100", "count")] == pytest.approx(float(w)), name
    pluribus = table.loc["Pluribus"]
    assert 0.2 < pluribus[("vpip", "value")] < 0.35 and pluribus[("pfr", "value")] < pluribus[("vpip", "value")]


# ----------------------------------------------------------------------------
# The command line
# ----------------------------------------------------------------------------


def _cli(capsys, *argv: str) -> tuple[int, str, str]:
    from pokerlab.cli import main

    status = main(["stats", *argv])
    out, err = capsys.readouterr()
    return status, out, err


def test_cli_prints_the_table_with_sample_sizes_and_lists_bad_files(capsys, tmp_path):
    (tmp_path / "good.phhs").write_text(LABELLED.read_text())
    (tmp_path / "bad.phh").write_text("variant = 'NT'\nthis is not a hand\n")
    (tmp_path / "notes.txt").write_text("not read: a folder's other files are passed over")
    status, out, _ = _cli(capsys, str(tmp_path), "--player", "Zed")
    assert status == 0
    assert out.startswith("Zed: 2 hands\n")
    assert re.search(r"  VPIP\s+50\.0 %\s+\[\s*9\.5,\s+90\.5\]\s+1 / 2\n", out)
    assert f"read {len(_sections())} hands; skipped 1 in 1 file(s):" in out
    assert re.search(r"  .*bad\.phh: 1 skipped; bad\.phh.*line 2", out)


def test_cli_json_csv_min_hands_and_workers(capsys, tmp_path):
    import io
    import json

    import pandas as pd

    status, out, _ = _cli(capsys, str(LABELLED), "--json", "--min-hands", "10")
    data = json.loads(out)
    assert status == 0 and data["hands_read"] == len(_sections()) and data["skipped"] == []
    assert "Zed" not in data["players"] and data["players"]["Cy"]["vpip"]["count"] > 0
    assert data["players"]["Bob"]["hands"] >= 10
    status, out, err = _cli(capsys, str(LABELLED), "--csv", "--workers", "2")
    frame = pd.read_csv(io.StringIO(out), index_col="player")
    assert status == 0 and frame.loc["Zed", "vpip.count"] == 1 and "vpip.low" in frame.columns
    assert err.startswith(f"read {len(_sections())} hands; skipped 0")


def test_cli_json_counts_are_integers_and_by_position_gives_a_row_per_seat(capsys):
    import json

    status, out, _ = _cli(capsys, str(LABELLED), "--json")
    players = json.loads(out)["players"]
    assert status == 0
    for entry in players.values():
        for key, fields in entry.items():
            if key == "hands":
                continue
            assert type(fields["opportunities"]) is int, (key, fields)
            assert (type(fields["count"]) is int) != (key == "bb_per_100"), (key, fields)
    status, out, _ = _cli(capsys, str(LABELLED), "--json", "--by-position")
    rows = json.loads(out)["players"]
    table = stats.player_stats(LABELLED, by_position=True, progress=False)
    assert status == 0 and set(rows) == {f"{p} / {q}" for p, q in table.index}
    assert sum(r["hands"] for k, r in rows.items() if k.startswith("Cy / ")) == players["Cy"]["hands"]
    status, out, _ = _cli(capsys, str(LABELLED), "--by-position", "--player", "Cy")
    assert status == 0 and "Cy / button:" in out


def test_cli_lists_each_files_distinct_skip_reasons(capsys, tmp_path):
    hands = [h for h in LABELLED.read_text().split("\n\n") if h.startswith("[")]
    illegal = hands[0].replace("'p3 f', 'p1 f'", "'p3 f', 'p3 f'")  # a folded player acts again
    broken = [illegal, hands[1], "[9998]\nvariant = 'NT'\nnot a hand", hands[2], "[9999]\nnot a hand either"]
    (tmp_path / "mixed.phhs").write_text("\n\n".join(broken))
    status, out, _ = _cli(capsys, str(tmp_path))
    listing = out.splitlines()[-1]
    assert status == 0 and listing.count(" x ") == 2, listing
    assert "mixed.phhs: 3 skipped; 2 x cannot read the PHH text" in listing and "(hand [9998], hand [9999])" in listing
    assert "; 1 x 'p3 f': p3 acts out of turn" in listing and "(hand [1])" in listing


def test_one_hands_win_rate_has_no_interval_and_says_so():
    one = _sections()[0][1]
    table = stats.player_stats(one, progress=False)
    text = stats.format_table(table)
    assert "nan" not in text.lower() and "(no interval: 1 hand)" in text


@pytest.mark.parametrize(
    "argv, message",
    [
        (["--json", "--csv"], "choose one output"),
        (["--workers", "2", "--scheduler", "tcp://127.0.0.1:1"], "choose one"),
        (["--min-hands", "-1"], "--min-hands"),
        (["missing-folder"], "no file or folder"),
    ],
)
def test_cli_refuses_bad_arguments_in_one_line(capsys, argv, message):
    from pokerlab.cli import main

    files = [] if argv == ["missing-folder"] else [str(LABELLED)]
    with pytest.raises(SystemExit) if "--min-hands" in argv else _no_raise():
        status = main(["stats", *files, *argv])
        assert status == 2
    err = capsys.readouterr().err
    assert message in err and len(err.strip().splitlines()) == 1 and "Traceback" not in err


class _no_raise:
    def __enter__(self) -> None:
        return None

    def __exit__(self, *exc: object) -> None:
        return None


# ----------------------------------------------------------------------------
# The HUD widget
# ----------------------------------------------------------------------------


def test_the_hud_counts_every_hand_of_a_table_as_it_ends():
    from pokerlab import bots
    from pokerlab.game import Call
    from pokerlab.widgets import HUD, TableWidget

    table = TableWidget(NO_LIMIT_RING, opponents=[bots.make("always_call"), bots.make("always_raise")], seed=4)
    hud = HUD(table, statistics=("vpip", "pfr", "af_postflop"), min_sample=3)
    seen = [hud.counts.hands_read]
    for _ in range(4):
        while table.session.human_to_act:
            table._click(Call())
        seen.append(hud.counts.hands_read)
        table.deal()
    assert seen == [0, 1, 2, 3, 4]
    names = list(table.session.names_in_hand())
    expected = stats.StatCounts()
    for text in table.history:
        expected.add(load_phh(text).state, names)
    assert hud.table.equals(expected.table(names))
    raiser = next(n for n in names if "raise" in n)
    assert hud.table.loc[raiser, ("pfr", "value")] == 1.0
    assert f"<b>{raiser}</b></td><td>4</td><td title='95 % interval:" in hud.view.value
    assert "100 %<br><small>n=4</small>" in hud.view.value and "PFR" in hud.view.value


def test_the_hud_over_a_replayed_hand_shows_the_history_of_its_players():
    from pokerlab import datasets
    from pokerlab.widgets import HUD, HandReplayer

    replayer = HandReplayer(datasets.path("three_handed_all_in"), samples=200, charts=False)
    hud = HUD(replayer, history=[LABELLED, datasets.path("three_handed_all_in")])
    assert list(hud.table.index) == list(replayer.study.names)
    assert (hud.table[("hands", "count")] == 1).all()
    assert hud.table.equals(stats.player_stats(datasets.path("three_handed_all_in"), players=replayer.study.names))
    cell = "<b>Small Blind</b></td><td>1</td><td title='95 % interval: 21 to 100 %' style='color:#999'>100 %"
    assert cell in hud.view.value
    with pytest.raises(ParameterError, match="no statistic is called 'vpipp'"):
        HUD(replayer, statistics=["vpipp"])
    with pytest.raises(ParameterTypeError):
        HUD("table")


def test_the_command_refuses_an_unknown_player_and_a_run_that_read_nothing(tmp_path, capsys):
    """An outside tester found both printed an empty table with status 0 (a typo looked like a player with no data)."""
    from pokerlab import datasets
    from pokerlab.cli import main

    assert main(["stats", str(datasets.path("pluribus_hands")), "--player", "pluribus", "--json"]) == 2
    err = capsys.readouterr().err
    assert "no player 'pluribus'" in err and "Pluribus" in err
    assert main(["stats", str(tmp_path), "--json"]) == 2
    assert "no hand could be read" in capsys.readouterr().err
