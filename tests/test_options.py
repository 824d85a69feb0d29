"""#24's typed options: every option set is a StrEnum that takes the old strings, refuses the rest naming the
allowed values, and is the one list the command line offers (no second copy of the words to drift)."""

import argparse

import pytest

from pokerlab import experiments, solve
from pokerlab.bpp.network import Engine
from pokerlab.charts.render import Renderer
from pokerlab.cli import build_parser
from pokerlab.errors import ParameterError, ParameterTypeError
from pokerlab.preflop.table import TableMethod, TableMetric, TableSource


def _choices(command: str, option: str) -> list[str]:
    parser = build_parser()
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    action = next(a for a in sub.choices[command]._actions if a.dest == option)
    return [str(c) for c in action.choices]


@pytest.mark.parametrize(
    ("command", "option", "enum", "extra"),
    [
        ("solve", "game", solve.GameName, []),
        ("solve", "variant", solve.Variant, []),
        ("tables", "method", TableMethod, ["exact-matrix"]),  # exact-matrix: the CLI's extra, not a table's method
        ("tables", "source", TableSource, []),
        ("tables", "metric", TableMetric, []),
        ("tournament", "setup", experiments.Setup, []),
        ("bpp", "engine", Engine, []),
    ],
)
def test_the_command_line_offers_the_enums_words(command, option, enum, extra):
    assert sorted(_choices(command, option)) == sorted([m.value for m in enum] + extra)


def test_solve_takes_the_old_strings_and_the_members_alike():
    kuhn = solve.game("Kuhn")
    assert kuhn is solve.game(solve.GameName.KUHN)
    by_word = solve.cfr(kuhn, 50, "cfr+", engine="numpy", record=3)
    by_member = solve.cfr(kuhn, 50, solve.Variant.CFR_PLUS, engine=solve.CFREngine.NUMPY, record=3)
    assert by_word.variant is solve.Variant.CFR_PLUS and by_word.variant == "cfr+"
    assert (by_word.average_policy.table == by_member.average_policy.table).all()
    assert by_word.frame()["variant"].tolist() == ["cfr+"] * len(by_word.history)
    assert solve.VARIANTS == ("cfr", "cfr+", "mccfr") and solve.ENGINES == ("numba", "numpy", "python")
    assert solve.GAMES == ("kuhn", "leduc")


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: solve.cfr(solve.game("kuhn"), 5, "dcfr"), "variant must be one of cfr, cfr\\+, mccfr, not 'dcfr'"),
        (
            lambda: solve.cfr(solve.game("kuhn"), 5, engine="cuda"),
            "engine must be one of numba, numpy, python, not 'cuda'",
        ),
        (lambda: solve.cfr_reference(solve.game("kuhn"), 5, "dcfr"), "variant must be one of cfr, cfr\\+, mccfr"),
        (lambda: solve.cfr_reference(solve.game("kuhn"), 5, "mccfr"), "the reference implements cfr and cfr\\+"),
        (lambda: solve.game("holdem"), "game must be one of kuhn, leduc, not 'holdem'"),
        (lambda: solve.push_fold(10).grid("raise"), "side must be one of jam, call, not 'raise'"),
        (lambda: experiments.run_experiment("chaos", progress=False), "setup must be one of phases, bluffing, trust"),
    ],
)
def test_unknown_words_are_refused_naming_the_allowed_ones(call, message):
    with pytest.raises(ParameterError, match=message):
        call()


def test_a_non_string_option_is_a_type_error():
    with pytest.raises(ParameterTypeError, match="variant must be one of cfr, cfr\\+, mccfr, not 3"):
        solve.cfr(solve.game("kuhn"), 5, 3)  # type: ignore[arg-type]
    with pytest.raises(ParameterTypeError, match="game must be one of kuhn, leduc, not None"):
        solve.game(None)  # type: ignore[arg-type]


def test_the_bots_options_become_members():
    from pokerlab.bots.bpp import BPPBot
    from pokerlab.bots.strategy import BPPVariant

    assert Renderer("static") == "static"
    with pytest.raises(ParameterError, match="opponent_model must be one of generic, specific, off, not 'all'"):
        BPPBot(opponent_model="all")
    with pytest.raises(ParameterError, match="variant must be one of curves, decision, not 'fancy'"):
        BPPBot(variant="fancy")
    assert BPPVariant.DECISION == "decision"


def test_the_streets_and_their_board_sizes_are_written_once():
    """#24: one Street. The names preflop..river and the board sizes 0, 3, 4, 5 are written in pokerlab/streets.py
    only (there were 11 copies of (0, 3, 4, 5) and 4 hand-written lists of street names)."""
    import ast
    from pathlib import Path

    import pokerlab

    names = ("preflop", "flop", "turn", "river")
    found = []
    for path in sorted(Path(pokerlab.__file__).parent.rglob("*.py")):
        if path.name == "streets.py":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, (ast.Tuple, ast.List)):
                continue
            values = tuple(e.value if isinstance(e, ast.Constant) else None for e in node.elts)
            words = tuple(v for v in values if v in names)
            if values == (0, 3, 4, 5) or (len(words) >= 3 and words == values):
                found.append(f"{path.relative_to(path.parents[1])}:{node.lineno}: {ast.unparse(node)}")
    assert found == []
