"""Every file pokerlab writes: atomic, readable by others as the umask says, modes kept, links followed.

One helper (``pokerlab._files``) does the writing, and every writer in the package goes through it; these
tests check the helper and then each writer (PHH hand histories, preflop tables and matrices, cache files,
experiment CSVs) for the same three promises.
"""

from __future__ import annotations

import os
import re
import stat
from pathlib import Path

import numpy as np
import pytest

from pokerlab import _cache, _files

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def umask():
    """Set the umask for one test and put the old one back."""
    old = os.umask(0o022)
    os.umask(old)
    yield lambda mask: os.umask(mask)
    os.umask(old)


def _mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


@pytest.mark.parametrize(("mask", "mode"), [(0o022, 0o644), (0o002, 0o664), (0o077, 0o600)])
def test_a_new_file_gets_the_umask_mode(tmp_path, umask, mask, mode):
    umask(mask)
    assert _files.write_text(tmp_path / "a.csv", "x\n") == tmp_path / "a.csv"
    assert _mode(tmp_path / "a.csv") == mode and (tmp_path / "a.csv").read_text() == "x\n"


def test_a_replaced_file_keeps_its_mode(tmp_path, umask):
    umask(0o077)
    path = tmp_path / "a.csv"
    path.write_text("old\n")
    path.chmod(0o640)
    _files.write_text(path, "new\n")
    assert _mode(path) == 0o640 and path.read_text() == "new\n"


def test_writing_through_a_link_changes_its_target_and_keeps_the_link(tmp_path):
    target = tmp_path / "real" / "table.csv"
    target.parent.mkdir()
    target.write_text("old\n")
    link = tmp_path / "link.csv"
    link.symlink_to(target)
    chain = tmp_path / "chain.csv"
    chain.symlink_to(link)  # a link to a link: followed to the end
    assert _files.write_text(chain, "new\n") == target
    assert chain.is_symlink() and link.is_symlink() and target.read_text() == "new\n"
    dangling = tmp_path / "dangling.csv"
    dangling.symlink_to(tmp_path / "real" / "later.csv")
    _files.write_bytes(dangling, b"made\n")
    assert dangling.is_symlink() and (tmp_path / "real" / "later.csv").read_bytes() == b"made\n"


def test_a_failed_write_keeps_the_old_file_and_leaves_no_temporary_file(tmp_path):
    path = tmp_path / "a.csv"
    path.write_text("old\n")
    with pytest.raises(RuntimeError), _files.atomic_writer(path) as f:
        f.write("half")
        raise RuntimeError("stopped")
    assert path.read_text() == "old\n" and [p.name for p in tmp_path.iterdir()] == ["a.csv"]


def test_every_writer_in_the_package_uses_the_helper():
    """No module but ``_files`` makes temporary files, renames, or lets pandas or numpy write to a path."""
    forbidden = re.compile(r"mkstemp|NamedTemporaryFile|os\.replace\(|os\.rename\(|\.to_csv\([^)]|np\.save\w*\([^f]")
    offenders = []
    for path in sorted((ROOT / "pokerlab").rglob("*.py")):
        if path.name == "_files.py" or "apps" in path.parts:  # the apps' writers belong to their own issue
            continue
        for number, line in enumerate(path.read_text().splitlines(), start=1):
            code = line.split("#", 1)[0]
            allowed = ("to_csv(body", "to_csv(index=False", "result.to_csv(")  # a string, or our own writer
            if forbidden.search(code) and not any(a in code for a in allowed):
                offenders.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()}")
    assert offenders == []


# Path.write_text/write_bytes left in the package: files pokerlab makes for itself in its own temporary folders
SCRATCH_WRITES = {
    "pokerlab/course/_workdir.py": "the kernel spec, in the grader's temporary folder",
    "pokerlab/course/_execute.py": "each submission's copy, in the grader's temporary folder",
    "pokerlab/course/site.py": "conf.py in the site's build folder",
    "pokerlab/apps/serve.py": "the app's notebook, in the server's temporary folder",
    "pokerlab/apps/leaderboard.py": "the journal of games still to move, beside the leaderboard it belongs to",
}


def test_every_file_a_user_names_is_written_through_the_helper():
    """Feedback pages, decks, their pictures and PDFs were written in place (Path.write_text): a reader could see
    half a page, and a link to it was replaced. Only pokerlab's own scratch files may skip the helper."""
    offenders = []
    for path in sorted((ROOT / "pokerlab").rglob("*.py")):
        where = path.relative_to(ROOT).as_posix()
        if path.name == "_files.py":
            continue
        for number, line in enumerate(path.read_text().splitlines(), start=1):
            code = line.split("#", 1)[0]
            if re.search(r"\.write_(text|bytes)\(", code) and where not in SCRATCH_WRITES:
                offenders.append(f"{where}:{number}: {line.strip()}")
    assert offenders == []
    for where in SCRATCH_WRITES:  # the exceptions still exist
        assert re.search(r"\.write_(text|bytes)\(", (ROOT / where).read_text()), where


# -- each writer -------------------------------------------------------------------------


def _hands():
    from pokerlab.game.phh import read_hand

    return [read_hand(ROOT / "tests" / "data" / "phh" / "fixed_limit.phh").state]


def _write_phhs(path: Path) -> None:
    from pokerlab.game.phh import write_phhs

    write_phhs(_hands(), path)


def _write_table(path: Path) -> None:
    from pokerlab import preflop

    preflop.expert_table(2, "chen").write(path)


def _write_cache(path: Path) -> None:
    _cache.save(path, {"a": np.arange(5)}, {"kind": "test"})


def _write_experiment(path: Path) -> None:
    from pokerlab.experiments import run_experiment

    run_experiment(["always_call", "always_raise"], hands=3, trials=1, seed=1, progress=False).to_csv(path)


WRITERS = {"write_phhs": _write_phhs, "PreflopTable.write": _write_table, "_cache.save": _write_cache}
WRITERS["ExperimentResult.to_csv"] = _write_experiment


@pytest.mark.parametrize("name", sorted(WRITERS))
def test_each_writer_respects_the_umask_keeps_modes_and_follows_links(tmp_path, umask, name):
    write = WRITERS[name]
    umask(0o002)
    write(tmp_path / "new")
    assert _mode(tmp_path / "new") == 0o664  # not mkstemp's 0o600: others on the machine can read it
    (tmp_path / "kept").write_text("old")
    (tmp_path / "kept").chmod(0o600)
    write(tmp_path / "kept")
    assert _mode(tmp_path / "kept") == 0o600 and (tmp_path / "kept").read_bytes() != b"old"
    (tmp_path / "target").write_text("old")
    (tmp_path / "link").symlink_to(tmp_path / "target")
    write(tmp_path / "link")
    assert (tmp_path / "link").is_symlink()
    assert (tmp_path / "target").read_bytes() == (tmp_path / "new").read_bytes()
    assert not [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")]


# a cache is the exception: a pipe at a cache path is passed over, never written (tests/test_cache.py)
@pytest.mark.parametrize("name", sorted(n for n in WRITERS if n != "_cache.save"))
def test_each_writer_writes_into_a_named_pipe_and_leaves_it_a_pipe(tmp_path, name):
    """A target that is not a regular file (a pipe, /dev/null, /dev/stdout) is written into, as open() does.

    Renaming a temporary file over it replaced it with a plain file: run as root, ``write_phhs(hands,
    "/dev/null")`` turned the machine's /dev/null into a regular file.
    """
    import threading

    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    got: list[bytes] = []
    reader = threading.Thread(target=lambda: got.append(pipe.read_bytes()), daemon=True)
    reader.start()
    WRITERS[name](pipe)
    reader.join(timeout=60)  # a hang guard only
    assert stat.S_ISFIFO(os.lstat(pipe).st_mode) and len(got) == 1 and len(got[0]) > 0
    WRITERS[name](tmp_path / "plain")
    assert got[0] == (tmp_path / "plain").read_bytes()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["pipe", "plain"]


def test_writing_no_hands_is_refused_and_the_old_file_is_kept(tmp_path):
    from pokerlab.errors import PHHError
    from pokerlab.game.phh import read_hands, write_phhs

    path = tmp_path / "a.phhs"
    with pytest.raises(PHHError, match=r"got no hands \(states is empty\) .* could not be read back"):
        write_phhs([], path)
    assert not path.exists()
    assert write_phhs(_hands(), path) == 1
    with pytest.raises(PHHError, match="got no hands"):
        write_phhs(iter([]), path)
    assert len(list(read_hands(path))) == 1  # what was there is still there, and reads back


# -- pokerlab tables and reproduce never replace a different table without --force ---------------


def _cli(capsys, *argv):
    from pokerlab.cli import main

    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_a_simulation_never_replaces_a_table_with_another_seed_without_force(capsys, tmp_path):
    base = ("tables", "--method", "simulation", "--players", "2", "--games", "3", "--out", str(tmp_path))
    assert _cli(capsys, *base, "--seed", "1", "--workers", "1")[0] == 0
    path = tmp_path / "simulation_2_players.csv"
    first = path.read_bytes()
    assert _cli(capsys, *base, "--seed", "1", "--workers", "1")[0] == 0  # the same table again: allowed
    assert path.read_bytes() == first
    for extra, words in [
        (["--seed", "2"], "seed 1 (this run: 2)"),
        ([], "seed 1 (this run: random)"),
        (["--seed", "1", "--metric", "won_outright"], "metric pot_share (this run: won_outright)"),
    ]:
        code, out, err = _cli(capsys, *base, *extra, "--workers", "1")
        assert code == 2 and out == "" and len(err.splitlines()) == 1, err
        assert f"simulation_2_players.csv holds a different table: {words}; give --force to replace it" in err
        assert path.read_bytes() == first
    assert _cli(capsys, *base, "--seed", "2", "--workers", "1", "--force")[0] == 0
    assert "# seed: 2\n" in path.read_text()


def test_tables_in_a_checkout_keep_the_committed_tables(capsys, tmp_path, monkeypatch):
    committed = ROOT / "data" / "preflop_tables"
    folder = tmp_path / "data" / "preflop_tables"  # the --out default, relative to where it runs
    folder.mkdir(parents=True)
    for name in ("simulation_3_players.csv", "expert_chen.csv"):
        (folder / name).write_bytes((committed / name).read_bytes())
    monkeypatch.chdir(tmp_path)
    code, _, err = _cli(capsys, "tables", "--players", "3", "--games", "5", "--workers", "1")
    assert code == 2 and "simulation_3_players.csv holds a different table: games 10000 (this run: 5)" in err
    assert (folder / "simulation_3_players.csv").read_bytes() == (committed / "simulation_3_players.csv").read_bytes()
    # the same table again (a fixed list) is written, byte for byte what is committed
    assert _cli(capsys, "tables", "--method", "expert", "--source", "chen")[0] == 0
    assert (folder / "expert_chen.csv").read_bytes() == (committed / "expert_chen.csv").read_bytes()
    (folder / "expert_chen.csv").write_text("my notes\n")
    code, _, err = _cli(capsys, "tables", "--method", "expert", "--source", "chen")
    assert code == 2 and "expert_chen.csv holds a file that is not a pokerlab table; give --force" in err
    assert (folder / "expert_chen.csv").read_text() == "my notes\n"


def test_reproduce_refuses_to_replace_tables_made_with_other_games(capsys, tmp_path):
    path = tmp_path / "expert_income_rate_2_players.csv"
    path.write_bytes((ROOT / "data" / "preflop_tables" / path.name).read_bytes())
    code, _, err = _cli(capsys, "reproduce", "--games", "20", "--workers", "1", "--out", str(tmp_path))
    assert code == 2 and "expert_income_rate_2_players.csv holds a different table: games 1000000 (this run: 20)" in err
    assert [p.name for p in tmp_path.iterdir()] == [path.name]


@pytest.mark.parametrize("name", sorted(set(WRITERS) - {"_cache.save"}))  # a cache that cannot be written is skipped
@pytest.mark.parametrize("where", ["nul", "root", "under_a_file", "long"])
def test_each_writer_refuses_a_bad_path_with_a_pokerlab_error(tmp_path, name, where):
    from pokerlab.errors import PokerlabError

    (tmp_path / "a_file").write_text("x")
    path = {
        "nul": str(tmp_path / "a\0b.csv"),
        "root": "/",
        "under_a_file": str(tmp_path / "a_file" / "x.csv"),
        "long": str(tmp_path / ("x" * 300)),
    }[where]
    with pytest.raises(PokerlabError) as info:
        WRITERS[name](path)
    assert len(str(info.value)) < 300
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a_file"] and Path("/").is_dir()


def test_a_folder_option_that_names_a_file_says_so(tmp_path):
    from pokerlab.errors import ParameterError

    (tmp_path / "ofile").write_text("x")
    with pytest.raises(ParameterError, match=r"'ofile' is a file, not a folder"):
        _validate_output_folder(tmp_path / "ofile")


def _validate_output_folder(path: Path) -> None:
    import os

    from pokerlab import _validate

    here = os.getcwd()
    os.chdir(path.parent)
    try:
        _validate.output_folder(path.name, "--out")
    finally:
        os.chdir(here)
