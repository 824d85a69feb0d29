"""Every case the outside red-team pass found (issue 12), as a regression test, plus caches you can trust.

Wrong answers first, then tracebacks, then the caches (with real processes).
"""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
import warnings
from pathlib import Path

import numpy as np
import pytest

import pokerlab as pl
from pokerlab import bpp, preflop
from pokerlab.errors import (
    CacheWarning,
    CardError,
    ParameterError,
    PokerlabError,
    PreflopTableError,
    RulesError,
)
from pokerlab.game import NO_LIMIT_RING, Rules, TimeBank, play_match
from pokerlab.preflop import exact as preflop_exact
from tests.support.timing import hang_guard

REPO = Path(__file__).resolve().parents[2]


def cli(*argv: str, cwd: Path | None = None, env: dict | None = None) -> subprocess.CompletedProcess:
    full_env = dict(os.environ, PYTHONPATH=str(REPO), **(env or {}))
    return subprocess.run(
        [sys.executable, "-m", "pokerlab", *argv],
        capture_output=True,
        text=True,
        cwd=cwd,
        env=full_env,
        timeout=hang_guard(300),
    )


def one_error_line(proc: subprocess.CompletedProcess, *words: str) -> None:
    assert proc.returncode == 2, proc.stderr
    lines = proc.stderr.strip().split("\n")
    assert len(lines) == 1 and lines[0].startswith("pokerlab: error:"), proc.stderr
    for w in words:
        assert w in lines[0], lines[0]


# -- wrong answers --------------------------------------------------------------------------


def test_combo_index_refuses_ids_outside_the_deck():
    with pytest.raises(CardError, match=r"0\.\.51, not 52"):
        pl.combo_index(0, 52)
    with pytest.raises(CardError, match=r"0\.\.51, not -1"):
        pl.combo_index(-1, 3)
    with pytest.raises(CardError):
        pl.combo_index(1.0, 2)
    assert pl.combo_index(1, 2) == 2 and pl.combo_index(51, 50) == 1325


@pytest.mark.parametrize("w", [1e308, 5e-324, 1e-300, 1e200])
def test_extreme_weight_tables_give_the_uniform_answer(w):
    uniform = pl.hand_strength("AdQc", "3h4cJh")
    assert uniform == pytest.approx(0.585106, abs=1e-6)
    assert pl.hand_strength("AdQc", "3h4cJh", weights=np.full(1326, w)) == uniform
    assert pl.hand_potential("AdQc", "3h4cJh", weights=np.full(1326, w)).ppot == pytest.approx(
        pl.hand_potential("AdQc", "3h4cJh").ppot, rel=1e-12
    )


def _table_file(tmp_path: Path, players: int = 4) -> Path:
    t = preflop.simulate_table(players, games=20, seed=1, classes=["AA", "72o"], progress=False)
    return t.write(tmp_path / f"simulation_{players}_players.csv")


def _recompute_rows_checksum_only(path: Path) -> None:
    """What an editor who knew the old format (checksum over the rows only) would do."""
    text = path.read_text()
    head, _, body = text.partition("\nclass,")
    body = "class," + body
    lines = [ln for ln in head.split("\n") if not ln.startswith("# sha256:")]
    lines.append(f"# sha256: {hashlib.sha256(body.encode()).hexdigest()}")
    path.write_text("\n".join(lines) + "\n" + body)


def _recompute_full_checksum(path: Path) -> None:
    text = path.read_text()
    head, _, body = text.partition("\nclass,")
    body = "class," + body
    header = "\n".join(ln for ln in head.split("\n") if not ln.startswith("# sha256:")) + "\n"
    path.write_text(header + f"# sha256: {hashlib.sha256((header + body).encode()).hexdigest()}\n" + body)


def test_editing_the_provenance_header_is_caught(tmp_path):
    path = _table_file(tmp_path)
    path.write_text(path.read_text().replace("# players: 4", "# players: 9"))
    with pytest.raises(PreflopTableError, match="checksum"):
        preflop.PreflopTable.read(path)
    _recompute_rows_checksum_only(path)
    with pytest.raises(PreflopTableError, match="checksum"):
        preflop.PreflopTable.read(path)


def test_load_table_checks_the_provenance_matches_what_was_asked(tmp_path, monkeypatch):
    path = _table_file(tmp_path, players=4)
    path.rename(tmp_path / "simulation_9_players.csv")  # a renamed 4-player file
    monkeypatch.setenv("POKERLAB_TABLES", str(tmp_path))
    with pytest.raises(PreflopTableError, match="players = 4, not the players = 9"):
        preflop.load_table("simulation", players=9)


@pytest.mark.parametrize("bad", ["nan", "inf", "5.0", "-1"])
def test_table_values_are_validated_even_with_a_good_checksum(tmp_path, bad):
    path = _table_file(tmp_path)
    text = path.read_text()
    lines = text.split("\n")
    i = next(k for k, ln in enumerate(lines) if ln.startswith("AA,"))
    cells = lines[i].split(",")
    cells[4] = bad  # the value column
    lines[i] = ",".join(cells)
    path.write_text("\n".join(lines))
    _recompute_full_checksum(path)
    with pytest.raises(PreflopTableError, match=r"not a finite number|outside 0\.\.1"):
        preflop.PreflopTable.read(path)


def test_committed_tables_load_and_match_their_names():
    assert preflop.load_table("exact").provenance["method"] == "exact"
    for n in (2, 4, 10):
        assert preflop.load_table("simulation", players=n).provenance["players"] == n
        assert preflop.load_table("expert", players=n).provenance["players"] == n
    assert preflop.load_table("expert", source="sklansky").provenance["source"] == "sklansky"


@pytest.mark.slow  # builds the canonical boards once (about 10 s) unless the cache already holds them
def test_a_flipped_bit_in_the_canonical_boards_cache_is_caught(tmp_path, monkeypatch):
    from pokerlab import _kernels

    boards, weights = preflop_exact._canonical_boards()  # from the session's cache folder
    from pokerlab import _cache

    good = _cache_dir() / f"canonical-boards-v1-f{_cache.FORMAT}.npz"  # the current file, not an older format
    monkeypatch.setenv("POKERLAB_CACHE_DIR", str(tmp_path))
    path = tmp_path / good.name
    with np.load(good) as data:
        arrays = {k: data[k] for k in data.files}
    flipped = arrays["boards"].copy()
    row = int(np.nonzero((flipped == 51).any(axis=1))[0][0])
    col = int(np.nonzero(flipped[row] == 51)[0][0])
    flipped[row, col] = 51 | 64  # card 51 becomes 115
    np.savez(path, **{**arrays, "boards": flipped})
    rebuilt = []
    monkeypatch.setattr(_kernels, "canonical_boards", lambda: rebuilt.append(1) or (boards.copy(), weights.copy()))
    with pytest.warns(CacheWarning, match="fails its checksum"):
        again, w2 = preflop_exact._canonical_boards()
    assert rebuilt == [1] and np.array_equal(again, boards) and np.array_equal(w2, weights)
    assert int(again.max()) == 51
    again, _ = preflop_exact._canonical_boards()  # the rewritten file is trusted
    assert rebuilt == [1] and np.array_equal(again, boards)


def _cache_dir() -> Path:
    from pokerlab._cache import cache_dir

    return cache_dir()


def test_tables_players_zero_and_empty_bots_are_refused(tmp_path):
    one_error_line(cli("tables", "--players", "0", "--out", str(tmp_path)), "--players", "2..10", "not 0")
    assert not list(tmp_path.iterdir())
    one_error_line(cli("tournament", "--bots", ""), "--bots", "empty")


def test_rules_refuse_contradictions():
    with pytest.raises(RulesError, match="time bank's initial"):
        TimeBank(initial=-1.0)
    with pytest.raises(RulesError, match="min_stack_to_play"):
        Rules(starting_stack=100, min_stack_to_play=150)
    with pytest.raises(RulesError, match="raise_cap"):
        Rules(raise_cap=(1.5, None, None, None))
    with pytest.raises(RulesError, match="bet_sizes"):
        Rules(structure="fixed-limit", bet_sizes=(2.5, 2, 4, 4))
    with pytest.raises(RulesError, match="big_blind"):
        Rules(big_blind=2.5)
    with pytest.raises(RulesError, match="structure"):
        Rules(structure="bogus")
    with pytest.raises(RulesError, match="no field"):
        NO_LIMIT_RING.with_(big_blindd=4)


def test_bpp_action_probabilities_refuse_nan():
    with pytest.raises(ParameterError, match="pot"):
        bpp.action_probabilities(0.5, float("nan"), 10, "flop")
    with pytest.raises(ParameterError, match="p_win"):
        bpp.action_probabilities(float("nan"), 40, 10, "flop")
    probs = bpp.action_probabilities(0.5, 40, 10, "flop")
    assert sum(probs.values()) == pytest.approx(1) and all(np.isfinite(list(probs.values())))


@pytest.mark.parametrize(
    "weights",
    [np.full(1326, 1 + 1j), np.full(1326, "1"), ["1"] * 1326, np.array([1] * 1325 + [1j], dtype=object)],
    ids=["complex", "text-array", "text-list", "object-complex"],
)
def test_weights_that_are_not_real_numbers_are_refused(weights):
    # a second outside pass: complex weights lost their imaginary part (a numpy warning, then an answer)
    with pytest.raises(pl.RangeError, match="weights must be a range or 1326 numbers"):
        pl.hand_strength("AdQc", "3h4cJh", weights=weights)


def test_bpp_takes_exact_numbers_for_p_win_as_it_does_for_the_pot():
    # a second outside pass: Decimal p_win was a TypeError while a Decimal pot worked
    from decimal import Decimal
    from fractions import Fraction

    want = bpp.action_probabilities(0.5, 40, 10, "flop")
    assert bpp.action_probabilities(Decimal("0.5"), 40, 10, "flop") == want
    assert bpp.action_probabilities(Fraction(1, 2), Decimal(40), 10, "flop") == want
    ev = bpp.expected_winnings(Decimal("0.5"), 40, 10, 10, fold_equity=Decimal("0.25"))
    assert ev == bpp.expected_winnings(0.5, 40, 10, 10, fold_equity=0.25)


def test_load_table_never_answers_a_different_question():
    # a second outside pass: players=3 with method="exact" returned the heads-up table
    with pytest.raises(ParameterError, match="heads-up only"):
        preflop.load_table("exact", players=3)
    assert preflop.load_table("exact", players=2).provenance["players"] == 2
    # numpy integers are whole numbers here as everywhere else (they were refused as "not 2..10")
    assert preflop.load_table("simulation", players=np.int64(3)).provenance["players"] == 3
    assert preflop.load_table("expert", players=np.int8(4)).provenance["players"] == 4


def test_an_array_inside_a_list_of_cards_is_a_card_error_not_a_type_error():
    # a second outside pass: equity([np.array([48, 49]), "QQ"]) raised numpy's TypeError
    with pytest.raises(PokerlabError, match=r"hands_or_ranges: hand: cannot read a card from array\(\[48, 49\]\)"):
        pl.equity([np.array([48, 49]), "Kh"], "QQ", samples=10, seed=1)
    with pytest.raises(CardError, match="cannot read a card from array"):
        pl.parse_cards([np.zeros((2, 2), dtype=int)])
    # 0-d integer arrays and numpy integers still are card ids
    assert pl.parse_cards([np.array(48), np.int8(49)]) == pl.parse_cards("AcAd")


def test_a_bot_without_its_preflop_table_stops_the_match_instead_of_folding(tmp_path, monkeypatch):
    # a second outside pass: with POKERLAB_TABLES at an empty folder every PhaseTwo decision was a
    # fault replaced by a fold, and `pokerlab tournament` printed that folding bot's results with exit 0
    from pokerlab.bots import PhaseTwo, waterloo

    monkeypatch.setenv("POKERLAB_TABLES", str(tmp_path))
    waterloo._table.cache_clear()
    try:
        with pytest.raises(PreflopTableError, match=r"simulation_2_players\.csv does not exist"):
            play_match([PhaseTwo(), PhaseTwo()], NO_LIMIT_RING, 5, seed=1)
    finally:
        waterloo._table.cache_clear()
    proc = cli(
        "tournament",
        "--bots",
        "phase2;phase2",
        "--hands",
        "3",
        "--trials",
        "1",
        "--json",
        env={"POKERLAB_TABLES": str(tmp_path)},
    )
    one_error_line(proc, "simulation_2_players.csv")


@pytest.mark.parametrize("blank", ["\r", " ", "\n\t", ""])
def test_a_blank_match_state_is_refused_naming_the_argument(blank):
    # found by tests/project/test_junk.py's random junk: state_from_matchstate("\r") named neither ms nor '\r'
    from pokerlab.errors import AcpcError
    from pokerlab.game.acpc import state_from_matchstate

    with pytest.raises(AcpcError, match=r"^ms '.*': a match state has 4 fields") as info:
        state_from_matchstate(blank)
    assert repr(blank) in str(info.value)


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        # options a run would ignore are errors, not "not given" (a second outside pass)
        (["tournament", "--duplicate", "always_call", "always_call", "--out", "m.csv"], ["--out m.csv"]),
        (["tournament", "--duplicate", "always_call", "always_call", "--trials", "5"], ["--trials 5"]),
        (["tournament", "--duplicate", "always_call", "always_call", "--bots", "x", "--workers", "2"], ["--workers"]),
        (["tournament", "--duplicate", "always_call", "always_call", "--setup", "trust"], ["--setup trust"]),
        (["tournament", "--rules", "aaai06-limit"], ["--rules aaai06-limit"]),
        (["tables", "--method", "expert", "--source", "chen", "--players", "5"], ["--players 5"]),
        (["tables", "--method", "expert", "--source", "sklansky", "--games", "5"], ["--games 5"]),
        (["tables", "--method", "expert", "--metric", "won_outright"], ["--metric won_outright"]),
        (["tables", "--method", "simulation", "--source", "chen"], ["--source chen"]),
        (["solve", "kuhn", "--seed", "5"], ["--seed 5", "deterministic"]),
    ],
)
def test_options_the_run_would_ignore_are_refused(argv, words, tmp_path):
    proc = cli(*argv, cwd=tmp_path)
    one_error_line(proc, *words)
    assert proc.stdout == "" and not [p for p in tmp_path.rglob("*") if p.is_file()]


# -- tracebacks -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["equity", "AhKh", "--seed", "99999999999999999999999", "--samples", "1000"], ["--seed"]),
        (["equity", "AhKh", "--samples", "99999999999999999999"], ["--samples"]),
        (["tournament", "--seed", "-1"], ["--seed"]),
        (["equity", "AhKh", "--opponents", "3", "--board", "2c7d8h9sJd", "--exact"], ["GiB", "--samples"]),
    ],
)
def test_cli_refusals_are_one_line(argv, words):
    one_error_line(cli(*argv), *words)


@pytest.mark.parametrize(
    "argv",
    [
        ["tables", "--method", "expert", "--source", "chen", "--out", "/dev/null/x"],
        ["reproduce", "--games", "10", "--out", "/dev/null/x"],
        ["tournament", "--hands", "2", "--trials", "1", "--out", "/dev/null/x"],
        ["tournament", "--hands", "2", "--trials", "1", "--out", "."],
    ],
)
def test_an_unusable_out_is_refused_before_any_work(argv, tmp_path):
    proc = cli(*argv, cwd=tmp_path)
    one_error_line(proc, "--out")
    assert proc.stdout == ""  # nothing was computed first


def test_exact_equity_refuses_an_impossible_allocation_naming_the_estimate():
    with pytest.raises(ParameterError, match=r"51\.5 GiB.*samples"):
        pl.equity("AhKh", opponents=3, board="2c7d8h9sJd", exact=True)


@pytest.mark.parametrize(
    "call",
    [
        lambda: pl.Card.of("Z", "s"),
        lambda: pl.Range.parse("AA").weight("Ah"),
        lambda: pl.HandClass.parse(None),
        lambda: pl.Deck(seed=-1),
        lambda: pl.Deck(seed="x"),
        lambda: NO_LIMIT_RING.new_hand(2, seed=-1),
        lambda: NO_LIMIT_RING.new_hand(2, seed="x"),
        lambda: NO_LIMIT_RING.new_hand(2, button=1.5),
        lambda: Rules(structure="bogus"),
        lambda: pl.hand_potential("AdQc", "3h4cJh", lookahead=2.0),
        lambda: preflop.exact_heads_up_table(tasks=0),
        lambda: play_match([_bot(), _bot()], NO_LIMIT_RING, hands=5, seed=-1),
        lambda: play_match([_bot(), _bot()], NO_LIMIT_RING, hands=5, seed="x"),
        lambda: play_match([_bot(), _bot()], NO_LIMIT_RING, hands=5, time_limit=-1),
        lambda: pl.parse_cards(b"\x00\x01"),
        lambda: pl.equity("AhKh", samples=10**13),
    ],
)
def test_plain_exceptions_became_pokerlab_errors(call):
    with pytest.raises(PokerlabError):
        call()


def _bot():
    from pokerlab.bots import AlwaysCall

    return AlwaysCall()


def test_monte_carlo_in_chunks_draws_the_same_deals():
    """Chunking the kernel (so Ctrl-C works) must not change a seeded answer."""
    from pokerlab import _kernels

    e = pl.equity("AhKh", "QQ", samples=300_001, seed=7)
    old = _kernels.MC_CHUNK
    try:
        _kernels.MC_CHUNK = 1000
        again = pl.equity("AhKh", "QQ", samples=300_001, seed=7)
    finally:
        _kernels.MC_CHUNK = old
    assert again.equity == e.equity and again.win == e.win and again.cases == e.cases


def test_exact_equity_in_chunks_gives_identical_sums():
    from pokerlab import _kernels

    e = pl.equity("AhKh", "22+,A2s+", board="2c7d8h")
    old = _kernels.EXACT_CHUNK_CASES
    try:
        _kernels.EXACT_CHUNK_CASES = 500
        again = pl.equity("AhKh", "22+,A2s+", board="2c7d8h")
    finally:
        _kernels.EXACT_CHUNK_CASES = old
    assert again.equity == e.equity and again.cases == e.cases and e.exact


# -- caches -----------------------------------------------------------------------------------


def _damage(path: Path, damage: str) -> None:
    data = path.read_bytes()
    if damage == "empty":
        path.write_bytes(b"")
    elif damage == "truncated":
        path.write_bytes(data[: len(data) // 2])
    elif damage == "foreign":
        np.savez(path, card_key=np.zeros(52), provenance=np.array(json.dumps({"kind": "other"})), digest=np.array("x"))
    elif damage == "edited":
        with np.load(path) as npz:
            arrays = {k: npz[k] for k in npz.files}
        arrays["noflush"] = arrays["noflush"].copy()
        arrays["noflush"][7] += 1
        np.savez(path, **arrays)
    else:
        path.write_bytes(os.urandom(1000))


@pytest.mark.parametrize("damage", ["empty", "truncated", "foreign", "edited", "garbage"])
def test_a_damaged_evaluator_cache_is_rebuilt_with_one_warning(tmp_path, monkeypatch, damage):
    from pokerlab import _tables

    monkeypatch.setenv("POKERLAB_CACHE_DIR", str(tmp_path))
    good = _tables.tables.__wrapped__()  # builds and writes the file
    path = next(tmp_path.glob("evaluator-*.npz"))
    _damage(path, damage)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        again = _tables.tables.__wrapped__()
    assert [w.category for w in caught] == [CacheWarning] and "rebuilding" in str(caught[0].message)
    assert all(np.array_equal(getattr(again, f), getattr(good, f)) for f in ("flush", "noflush", "prefix", "suffix"))
    with warnings.catch_warnings():
        warnings.simplefilter("error", CacheWarning)
        _tables.tables.__wrapped__()  # the rewritten file is trusted


def test_on_the_command_line_a_rebuilt_cache_is_one_warning_line(tmp_path):
    env = {"POKERLAB_CACHE_DIR": str(tmp_path)}
    assert cli("eval", "AsKs", "QsJsTs", env=env).returncode == 0
    path = next(tmp_path.glob("evaluator-*.npz"))
    path.write_bytes(b"")
    cmd = cli("eval", "AsKs", "QsJsTs", env=env)
    assert cmd.returncode == 0 and "Royal flush" in cmd.stdout
    lines = cmd.stderr.strip().split("\n")
    assert len(lines) == 1 and lines[0].startswith("pokerlab: warning: the cache file"), cmd.stderr
    cmd = cli("eval", "AsKs", "QsJsTs", env=env)
    assert cmd.returncode == 0 and cmd.stderr == ""


def test_a_truncated_bpp_cache_is_rebuilt(tmp_path, monkeypatch):
    from pokerlab.bpp import learning

    monkeypatch.setenv("POKERLAB_CACHE_DIR", str(tmp_path))
    monkeypatch.setattr(learning, "_MEMO", {})
    first = learning.deal_counts(2000, seed=3)
    path = learning.cache_path(2000, seed=3)
    path.write_bytes(path.read_bytes()[:100])
    monkeypatch.setattr(learning, "_MEMO", {})
    with pytest.warns(CacheWarning, match="cannot be read"):
        again = learning.deal_counts(2000, seed=3)
    assert np.array_equal(again.win2, first.win2)


_BUILD = """
from pokerlab._tables import tables
from pokerlab.bpp import learning
t = tables()
c = learning.deal_counts(20_000, seed=5)
print(int(t.noflush.sum()), int(t.flush.sum()), int(c.win2.sum()), int(c.current.sum()), c.final.tolist())
"""


def test_two_processes_building_the_same_caches_at_once_both_get_right_answers(tmp_path):
    env = dict(os.environ, PYTHONPATH=str(REPO), POKERLAB_CACHE_DIR=str(tmp_path))
    argv = [sys.executable, "-W", "error::pokerlab.errors.CacheWarning", "-c", _BUILD]
    procs = [subprocess.Popen(argv, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) for _ in "ab"]
    outs = [p.communicate(timeout=hang_guard(300)) for p in procs]
    assert all(p.returncode == 0 for p in procs), [o[1][-800:] for o in outs]
    assert outs[0][0] == outs[1][0]
    assert not list(tmp_path.glob("*.tmp"))  # no temporary file left behind
    # the files both wrote load without a warning, to the same numbers
    proc = subprocess.run(argv, env=env, capture_output=True, text=True, timeout=hang_guard(300))
    assert proc.returncode == 0 and proc.stdout == outs[0][0]


def test_a_reader_never_sees_half_a_cache_file(tmp_path, monkeypatch):
    """Writers rename a finished temporary file over the old one; readers racing them stay right."""
    from pokerlab import _cache

    monkeypatch.setenv("POKERLAB_CACHE_DIR", str(tmp_path))
    path = tmp_path / "x.npz"
    arrays = {"a": np.arange(200_000)}
    prov = {"kind": "test"}
    _cache.save(path, arrays, prov)
    code = (
        "import sys, numpy as np; from pathlib import Path; from pokerlab import _cache\n"
        f"p = Path({str(path)!r})\n"
        "for i in range(60): _cache.save(p, {'a': np.arange(200_000) * (i % 2 + 1) // (i % 2 + 1)}, {'kind': 'test'})\n"
    )
    writer = subprocess.Popen([sys.executable, "-c", code], env=dict(os.environ, PYTHONPATH=str(REPO)))
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", CacheWarning)
            while writer.poll() is None:
                got = _cache.load(path, prov, ("a",))
                assert got is not None and np.array_equal(got["a"], arrays["a"])
    finally:
        writer.wait(timeout=hang_guard(120))
    assert writer.returncode == 0
