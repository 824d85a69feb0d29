"""Every number read from a file is bounded: an error naming the line, never Python's int-from-string ValueError.

Python refuses to convert more than 4,300 digits to an int (a plain ValueError), and ``1e400000`` as an amount
would ask for a 400,001-digit integer. Hand histories (PHH), ACPC game definitions and match states, and preflop
tables each bound their numbers and say which line holds the one they refuse.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from pokerlab.errors import AcpcError, PHHError, PreflopTableError
from pokerlab.game.acpc import MatchState, from_gamedef
from pokerlab.game.phh import MAX_NUMBER_DIGITS, load_phh
from pokerlab.preflop import table as T

ROOT = Path(__file__).resolve().parents[2]
HAND = (ROOT / "data" / "hands" / "three_handed_all_in.phh").read_text()
HUGE = "7" + "0" * 5001


@pytest.mark.parametrize(
    ("old", "new", "line"),
    [
        ("starting_stacks = [1125600", "starting_stacks = [1e400000", 10),
        ("antes = [500", f"antes = [{HUGE}", 7),
        ("min_bet = 2000", "min_bet = 2e999999", 9),
        ('"p3 cbr 7000"', f'"p3 cbr {HUGE}"', 16),
        ('"p1 cbr 23000"', '"p1 cbr 2.3e4000"', 17),
        ("min_bet = 2000", "min_bet = 0." + "0" * 120 + "1", 9),
        ("finishing_stacks = [1681600", "finishing_stacks = [1" + "0" * 101, 37),
        # TOML's hexadecimal, octal and binary integers: int() converts them without a digit limit
        ("min_bet = 2000", "min_bet = 0x" + "F" * 5000, 9),
        ("blinds_or_straddles = [1000", "blinds_or_straddles = [0o" + "7" * 6000, 8),
        ("starting_stacks = [1125600", "starting_stacks = [0b" + "1" * 20000, 10),
        ("antes = [500", "antes = [0x" + "F" * 84, 7),  # 10^101 or so: out of range, though short
    ],
)
def test_a_phh_number_out_of_range_names_its_line(old, new, line):
    assert old in HAND
    with pytest.raises(PHHError, match=rf"^x\.phh, line {line}: the number .* is out of range: pokerlab reads"):
        load_phh(HAND.replace(old, new), source="x.phh")


def test_numbers_in_range_still_read_exactly():
    big = "9" * MAX_NUMBER_DIGITS  # the largest whole number allowed
    hand = load_phh(HAND.replace("starting_stacks = [1125600", f"starting_stacks = [{big}"), check=False)
    assert big in [hand.state.rules.format_chips(c) for c in hand.state.starting_stacks]
    assert load_phh(HAND.replace("min_bet = 2000", "min_bet = 2_000")).finishing_stacks[0] == 1681600
    assert load_phh(HAND.replace("min_bet = 2000", "min_bet = 0x7d0")).finishing_stacks[0] == 1681600


def test_replay_reports_a_huge_amount_in_one_line(tmp_path):
    path = tmp_path / "huge.phh"
    path.write_text(HAND.replace('"p3 cbr 7000"', f'"p3 cbr {HUGE}"'))
    proc = subprocess.run(
        [sys.executable, "-m", "pokerlab", "replay", str(path), "--no-potential"],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        timeout=300,  # a hang guard only
    )
    assert proc.returncode == 2 and proc.stdout == "" and "Traceback" not in proc.stderr
    assert proc.stderr.count("\n") == 1 and len(proc.stderr) < 300
    assert re.match(
        r"pokerlab: error: huge\.phh, line 16: the number 700000000000\.\.\.00000000 \(5002 characters\)", proc.stderr
    )


GAME = """GAMEDEF
limit
numPlayers = 2
numRounds = 4
# a comment line, counted
blind = 10 5
raiseSize = {raise_size} 10 20 20
firstPlayer = 2 1 1 1
maxRaises = 3 4 4 4
numSuits = 4
numRanks = 13
numHoleCards = 2
numBoardCards = 0 3 1 1
END GAMEDEF
"""


@pytest.mark.parametrize(
    ("raise_size", "why"),
    [
        ("1_0", "whole numbers, not"),  # Python reads 10, the dealer's C reads 1
        ("\u0661\u0662", "whole numbers, not"),  # Arabic-Indic 12: the dealer reads nothing
        ("2147483648", "whole numbers up to 2,147,483,647"),  # wraps in the dealer's 32 bits
        ("9999999999", "whole numbers up to 2,147,483,647"),
    ],
)
def test_a_game_definition_number_the_dealer_would_read_differently_is_refused(raise_size, why):
    with pytest.raises(AcpcError, match=rf"^line 7 of the game definition: raiseSize takes {why}"):
        from_gamedef(GAME.format(raise_size=raise_size))
    assert from_gamedef(GAME.format(raise_size="2147483647")).bet_sizes[0] == 2147483647


@pytest.mark.parametrize("raise_size", [HUGE, "12345678901", "1e400000"])
def test_a_game_definition_number_is_bounded_and_named_by_line(raise_size):
    with pytest.raises(AcpcError, match=r"^line 7 of the game definition: raiseSize takes whole numbers") as info:
        from_gamedef(GAME.format(raise_size=raise_size))
    assert len(str(info.value)) < 200
    assert from_gamedef(GAME.format(raise_size="10")).bet_sizes == (10, 10, 20, 20)


def test_a_match_state_with_a_huge_number_is_refused_in_a_short_message():
    for text in (f"MATCHSTATE:0:{HUGE}::AsKs|", f"MATCHSTATE:0:0:r{HUGE}:AsKs|"):
        with pytest.raises(AcpcError, match="at most 10 digits") as info:
            MatchState.parse(text)
        assert len(str(info.value)) < 400 and "(5," in str(info.value)


def _signed_copy(tmp_path: Path, edit) -> Path:
    text = (ROOT / "data" / "preflop_tables" / "simulation_3_players.csv").read_text()
    lines = edit(text.split("\n"))
    i = next(k for k, line in enumerate(lines) if line.startswith("# sha256: "))
    head, data = "\n".join(lines[:i]) + "\n", "\n".join(lines[i + 1 :])
    lines[i] = f"# sha256: {T._checksum(head, data)}"  # signed again, as a careful forger would
    path = tmp_path / "simulation_3_players.csv"
    path.write_text("\n".join(lines))
    return path


def _set(lines, line, column, value):
    fields = lines[line - 1].split(",")
    fields[column] = value
    lines[line - 1] = ",".join(fields)
    return lines


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (lambda ls: [ls[0], ls[1], ls[2], "# games: 1" + "0" * 5001, *ls[4:]], r"line 4: cannot read the provenance"),
        (lambda ls: _set(ls, 12, 4, HUGE), r"line 12: value of 22 is 700000000000\.\.\. \(5,002 characters\), not a"),
        (lambda ls: _set(ls, 31, 7, "1e400000"), r"line 31: pot_share of 83o is inf, not a finite number"),
    ],
)
def test_a_table_number_out_of_range_names_its_line(tmp_path, edit, message):
    path = _signed_copy(tmp_path, edit)
    with pytest.raises(PreflopTableError, match=message):
        T.PreflopTable.read(path)


def _signed_matrix(tmp_path: Path, line: int, column: int, value: str) -> Path:
    text = (ROOT / "data" / "preflop_tables" / "exact_heads_up_matrix.csv").read_text()
    lines = text.split("\n")
    fields = lines[line - 1].split(",")
    fields[column] = value
    lines[line - 1] = ",".join(fields)
    i = next(k for k, ln in enumerate(lines) if ln.startswith("# sha256: "))
    head, data = "\n".join(lines[:i]) + "\n", "\n".join(lines[i + 1 :])
    lines[i] = f"# sha256: {T._checksum(head, data)}"
    path = tmp_path / "exact_heads_up_matrix.csv"
    path.write_text("\n".join(lines))
    return path


@pytest.mark.parametrize(
    ("column", "value", "message"),
    [
        (3, HUGE, r"wins of .* against .* is '700000000000'\.\.\. \(5,002 characters\), not a whole number"),
        (3, "1e400000", r"wins of .* is '1e400000', not a whole number"),
        (4, "99999999999999999999", r"ties of .* not a whole number"),  # an OverflowError in numpy before
        (5, "[]", r"losses of .* is '\[\]', not a whole number"),  # the message quoted another row's count
        (6, "", r"equity of .* is '', not a number 0\.\.1"),  # a plain ValueError before
        (7, "0x10", r"win of .* is '0x10', not a number 0\.\.1"),
        (8, "nan", r"tie of .* is 'nan', not a number 0\.\.1"),
        (6, "1e400000", r"equity of .* is '1e400000', not a number 0\.\.1"),
    ],
)
def test_a_matrix_cell_out_of_range_names_its_line(tmp_path, column, value, message):
    from pokerlab.preflop.matrix import PreflopMatrix

    line = 60
    path = _signed_matrix(tmp_path, line, column, value)
    with pytest.raises(PreflopTableError, match=rf"exact_heads_up_matrix\.csv, line {line}: {message}") as info:
        PreflopMatrix.read(path)
    assert len(str(info.value)) < 300
