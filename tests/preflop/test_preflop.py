"""Preflop tables: the table type, simulation, expert tables, the exact table and the committed data."""

import math
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import numpy as np
import pytest

from pokerlab import ParameterError
from pokerlab.cards import HandClass, combo_index, parse_cards
from pokerlab.preflop import (
    CLASS_NAMES,
    REMBRANT_GROUPS,
    SKLANSKY_GROUPS,
    PreflopTable,
    PreflopTableError,
    chen_points,
    expert_table,
    simulate_table,
)
from tests.support.peers import peer

DATA = Path(__file__).resolve().parents[2] / "data" / "preflop_tables"


def small(players=3, seed=7, **kw):
    return simulate_table(players, games=400, seed=seed, progress=False, games_per_task=150, **kw)


# -- the table type -------------------------------------------------------------


def test_layout_and_lookups():
    t = small()
    for hc in (HandClass.parse(n) for n in ("AKs", "AKo", "77", "32o")):
        r, c = hc.grid_cell
        assert t.value(hc.name) == t.values[r, c]
    assert t.values[12, 11] == t.value("AKs") and t.values[11, 12] == t.value("AKo")
    frame = t.to_frame()
    assert len(frame) == 169 and frame["combos"].sum() == 1326  # hand computation: 169 classes, C(52, 2)
    assert list(t.grid().index) == list("23456789TJQKA")
    assert 0 < t.stderr("AA") < 0.05
    assert "<table" in t._repr_html_()
    spec = t.chart().to_dict()
    assert spec["layer"][0]["mark"]["type"] == "rect"
    with pytest.raises(ParameterError, match="unknown hand class"):
        t.value("AKx")


def test_write_read_round_trip(tmp_path):
    t = small()
    path = t.write(tmp_path / "t.csv")
    back = PreflopTable.read(path)
    assert np.array_equal(back.values, t.values)
    assert np.array_equal(back.errors, t.errors)
    assert dict(back.provenance) == dict(t.provenance)
    assert np.array_equal(back.extra["won_outright"], t.extra["won_outright"])


def _rewrite_rows(path, edit):
    text = path.read_text()
    head, _, body = text.partition("\nclass,")
    body = "class," + body
    new_body = edit(body)
    import hashlib

    lines = [ln for ln in head.split("\n") if not ln.startswith("# sha256:")]
    header = "\n".join(lines) + "\n"  # the checksum covers the provenance header and the rows
    path.write_text(header + f"# sha256: {hashlib.sha256((header + new_body).encode()).hexdigest()}\n" + new_body)


def test_bad_files_say_what_is_wrong(tmp_path):
    t = small()
    good = t.write(tmp_path / "good.csv")
    text = good.read_text()

    edited = tmp_path / "edited.csv"
    edited.write_text(text.replace("\nAA,12,12,6,", "\nAA,12,12,6,9"))
    with pytest.raises(PreflopTableError, match="checksum"):
        PreflopTable.read(edited)

    short = tmp_path / "short.csv"
    short.write_text(text)
    _rewrite_rows(short, lambda body: "\n".join(ln for ln in body.split("\n") if not ln.startswith("AA,")))
    with pytest.raises(PreflopTableError, match="wrong shape: 168"):
        PreflopTable.read(short)

    no_prov = tmp_path / "noprov.csv"
    no_prov.write_text("\n".join(ln for ln in text.split("\n") if not ln.startswith("# method")))
    with pytest.raises(PreflopTableError, match="missing provenance: method"):
        PreflopTable.read(no_prov)

    no_sum = tmp_path / "nosum.csv"
    no_sum.write_text("\n".join(ln for ln in text.split("\n") if not ln.startswith("# sha256")))
    with pytest.raises(PreflopTableError, match="checksum"):
        PreflopTable.read(no_sum)

    foreign = tmp_path / "foreign.csv"
    foreign.write_text("a,b\n1,2\n")
    with pytest.raises(PreflopTableError, match="not a pokerlab preflop table"):
        PreflopTable.read(foreign)
    with pytest.raises(PreflopTableError, match="cannot read"):
        PreflopTable.read(tmp_path / "missing.csv")
    with pytest.raises(PreflopTableError, match="13x13"):
        PreflopTable(values=np.zeros((3, 3)), provenance={"method": "x", "players": 2, "pokerlab_version": "0"})


# -- simulation -------------------------------------------------------------------


def test_simulation_depends_only_on_the_seed():
    a = small(seed=11)
    b = small(seed=11)
    c = small(seed=12)
    assert np.array_equal(a.values, b.values)
    assert not np.array_equal(a.values, c.values)
    with ProcessPoolExecutor(max_workers=2) as pool:
        d = small(seed=11, executor=pool)
    assert np.array_equal(a.values, d.values)
    assert np.array_equal(a.extra["won_outright"], d.extra["won_outright"])


def test_simulation_on_a_dask_local_cluster_matches_serial():
    distributed = peer("distributed")
    serial = small(seed=5)
    with (
        distributed.LocalCluster(n_workers=2, threads_per_worker=1, dashboard_address=None) as cluster,
        distributed.Client(cluster) as client,
    ):
        on_dask = small(seed=5, executor=client.get_executor())
    assert np.array_equal(serial.values, on_dask.values)


def test_metrics_and_subsets():
    t = small()
    won, share, tie = t.extra["won_outright"], t.extra["pot_share"], t.extra["tie"]
    assert (won <= share + 1e-12).all() and (share <= won + tie + 1e-12).all()
    w = small(metric="won_outright")
    assert np.array_equal(w.values, t.extra["won_outright"])
    sub = small(classes=["AA", "72o"])
    assert sub.value("AA") == t.value("AA") and sub.value("72o") == t.value("72o")
    assert math.isnan(sub.value("KK"))


@pytest.mark.parametrize(
    "kwargs, words",
    [
        ({"players": 1}, "2..10"),
        ({"players": 11}, "2..10"),
        ({"players": 3, "games": 0}, "at least 1"),
        ({"players": 3, "metric": "wins"}, "metric"),
        ({"players": 3, "seed": -1}, "seed"),
        ({"players": 3, "classes": ["AKx"]}, "unknown hand class"),
    ],
)
def test_simulation_bad_input(kwargs, words):
    with pytest.raises(ParameterError, match=words):
        simulate_table(progress=False, **kwargs)


# -- expert tables ------------------------------------------------------------------


def test_income_rate_scaling():
    t = expert_table(3, games=2000, progress=False)
    assert np.nanmin(t.values) == 0.0 and np.nanmax(t.values) == 1.0
    assert t.value("AA") == 1.0
    ir = t.extra["income_rate"]
    assert np.allclose(ir, 3 * t.extra["pot_share"] - 1)
    assert t.provenance["source"] == "income_rate" and t.stderr("AA") > 0


def test_rembrant_groups_are_the_papers():
    t = expert_table(2, source="rembrant")
    group = {n: t.extra_value("group", n) for n in CLASS_NAMES}
    assert [sum(1 for g in group.values() if g == k) for k in range(1, 10)] == [2, 4, 5, 7, 4, 5, 12, 15, 115]
    assert group["AA"] == 1 and group["AKo"] == 2 and group["KQs"] == 3 and group["AJo"] == 4
    assert group["JTs"] == 5 and group["A8s"] == 6 and group["A7s"] == 7 and group["J9s"] == 7
    assert group["A9o"] == 8 and group["32s"] == 8 and group["T9s"] == 7 and group["K9o"] == 9
    assert t.value("AA") == 1.0 and t.value("72o") == 0.0
    assert sum(len(v) for v in REMBRANT_GROUPS.values()) == 54


def test_sklansky_groups():
    t = expert_table(2, source="sklansky")
    sizes = [len(SKLANSKY_GROUPS[g]) for g in range(1, 9)]
    assert sizes == [5, 5, 6, 8, 17, 10, 18, 15]
    assert t.extra_value("group", "AKs") == 1 and t.extra_value("group", "AKo") == 2
    assert t.extra_value("group", "72o") == 9


def test_chen_formula():
    assert [chen_points(n) for n in ("AA", "KK", "22", "55", "AKs", "AKo", "JTs", "T9s", "72o", "32o")] == [
        20, 16, 5, 5, 12, 10, 9, 8, -1, 3
    ]  # fmt: skip
    t = expert_table(2, source="chen")
    assert t.value("AA") == 1.0 and t.value("72o") == 0.0


def test_expert_bad_input():
    with pytest.raises(ParameterError, match="source"):
        expert_table(2, source="guess")
    with pytest.raises(ParameterError, match=r"2\.\.10"):
        expert_table(12, source="chen")


# -- the exact table -----------------------------------------------------------------


def test_exact_counting_equals_equity_on_every_board_from_a_flop():
    import itertools

    from pokerlab import _kernels, equity

    flop = [c.id for c in parse_cards("2c7d9h")]
    rest = [c for c in range(52) if c not in flop]
    boards = np.array([flop + list(x) for x in itertools.combinations(rest, 2)], dtype=np.int64)
    wins, ties, cases = _kernels.heads_up_counts(boards, np.ones(len(boards)))
    for hand in ("AsKs", "Th8h", "2d2s", "7c6c"):
        o = combo_index(*parse_cards(hand))
        e = equity(hand, board="2c7d9h")
        assert cases[o] == e.cases == 1081 * 990
        assert wins[o] / cases[o] == pytest.approx(e.win[0], abs=1e-15)
        assert ties[o] / cases[o] == pytest.approx(e.tie[0], abs=1e-15)


def test_canonical_boards_cover_every_board_once():
    from pokerlab.preflop.exact import _canonical_boards

    boards, weights = _canonical_boards()
    assert boards.shape == (134_459, 5) and weights.sum() == 2_598_960
    assert (np.diff(np.sort(boards, axis=1), axis=1) > 0).all()


# -- committed data --------------------------------------------------------------------


def committed(name):
    path = DATA / name
    if not path.exists():
        pytest.fail(f"{path} is missing: regenerate it with the command in data/preflop_tables/README.md")
    return PreflopTable.read(path)


def test_committed_exact_table_has_the_published_numbers():
    t = committed("exact_heads_up.csv")
    # Independent source: the published heads-up all-in equities against a random hand (PokerStove prints
    # the same digits)
    published = {
        "AA": 85.20,
        "KK": 82.40,
        "QQ": 79.93,
        "AKs": 67.04,
        "AKo": 65.32,
        "22": 50.33,
        "72o": 34.58,
        "32o": 32.30,
    }
    for name, pct in published.items():
        assert round(t.value(name) * 100, 2) == pct
    # Hand computation: C(50, 2) = 1,225 opponent hands x C(48, 5) = 1,712,304 boards
    assert t.provenance["cases_per_combination"] == 2_097_572_400


@pytest.mark.parametrize("players", range(2, 11))
def test_committed_simulation_regenerates_from_its_seed(players):
    t = committed(f"simulation_{players}_players.csv")
    p = t.provenance
    assert p["games"] == 10_000 and p["players"] == players
    again = simulate_table(
        players, games=p["games"], seed=p["seed"], classes=["AA", "72o", "T9s"], progress=False,
        games_per_task=p["games_per_task"],
    )  # fmt: skip
    for name in ("AA", "72o", "T9s"):
        assert again.value(name) == t.value(name)
        assert again.extra_value("won_outright", name) == t.extra_value("won_outright", name)


def test_committed_heads_up_simulation_agrees_with_exact_within_sampling_error():
    sim = committed("simulation_2_players.csv")
    exact = committed("exact_heads_up.csv")
    z = (sim.values - exact.values) / sim.errors
    assert np.abs(z).max() < 4.5
    assert abs(z.mean()) < 0.3  # no bias: 169 cells average out


@pytest.mark.parametrize("players", [2, 4, 7, 10])
def test_committed_income_rate_tables(players):
    t = committed(f"expert_income_rate_{players}_players.csv")
    p = t.provenance
    assert p["games"] == 1_000_000 and p["source"] == "income_rate"
    again = simulate_table(players, games=p["games"], seed=p["seed"], classes=["KQs"], progress=False)
    assert again.value("KQs") == t.extra_value("pot_share", "KQs")
    assert np.nanmin(t.values) == 0 and np.nanmax(t.values) == 1


def test_committed_groupings_match_the_code():
    for source in ("sklansky", "chen", "rembrant"):
        t = committed(f"expert_{source}.csv")
        assert np.array_equal(t.values, expert_table(2, source=source).values)


def test_every_name_the_package_docstring_teaches_is_public():
    """``pokerlab.preflop``'s docstring is its map; every function and class it names is in
    ``__all__`` (``simulate_table`` fell out of it when the module became a package)."""
    import re

    import pokerlab.preflop as package

    named = {n.rsplit(".", 1)[-1] for n in re.findall(r":(?:func|class):`~?([A-Za-z_.]+)`", package.__doc__ or "")}
    assert {"simulate_table", "exact_matrix", "load_matrix", "PreflopMatrix", "data_dir"} <= named
    assert named <= set(package.__all__), sorted(named - set(package.__all__))
    assert package.__all__ == sorted(package.__all__)
    assert all(hasattr(package, name) for name in package.__all__)


@pytest.mark.parametrize("source", ["chen", "sklansky", "rembrant"])
@pytest.mark.parametrize("option", [{"games": 100}, {"seed": 5}, {"seed": 2026}])
def test_a_fixed_expert_source_refuses_options_it_would_ignore(source, option):
    from pokerlab.errors import ParameterError
    from pokerlab.preflop import expert_table

    with pytest.raises(ParameterError, match=rf"source='{source}' reads fixed .* it takes no {next(iter(option))}="):
        expert_table(2, source, **option)
    assert expert_table(2, source).provenance["source"] == source
