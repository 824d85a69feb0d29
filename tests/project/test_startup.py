"""Cold starts: printing help loads nothing heavy, and a first run compiles once with a notice (issue #25).

The checks look at ``sys.modules`` in a fresh interpreter, not at the clock: what is not imported
cannot cost start-up time, on any machine.
"""

import json
import subprocess
import sys

HEAVY = ("numba", "altair", "pandas", "pgmpy", "ipywidgets", "scipy", "sklearn")

PROBE = """
import json, sys
from pokerlab.cli import build_parser, main
names = [None] + sorted(build_parser()._subparsers._group_actions[0].choices)
loaded = {}
for name in names:
    try:
        main(["--help"] if name is None else [name, "--help"])
    except SystemExit:
        pass
    loaded[name or "pokerlab"] = sorted({m.split(".")[0] for m in sys.modules} & set(%r))
print(json.dumps(loaded))
"""


def _cli_json(argv: list[str]) -> tuple[dict, bool]:
    """``pokerlab ARGV`` (a ``--json`` command) run in a fresh Python: the JSON it printed, and whether numba loaded."""
    code = (
        f"import sys, json\nfrom pokerlab.cli import main\nmain({argv!r})\nprint(json.dumps('numba' in sys.modules))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=300).stdout
    *body, numba_loaded = out.splitlines()
    return json.loads("\n".join(body)), json.loads(numba_loaded)


def test_help_imports_nothing_heavy():
    """``pokerlab --help`` and every ``pokerlab COMMAND --help`` print without numba, pandas, altair, pgmpy, ..."""
    out = subprocess.run(
        [sys.executable, "-c", PROBE % (HEAVY,)], capture_output=True, text=True, check=True, timeout=120
    ).stdout
    loaded = json.loads(out.splitlines()[-1])
    assert "pokerlab" in loaded and "solve" in loaded and "equity" in loaded
    assert {name: mods for name, mods in loaded.items() if mods} == {}


def test_import_pokerlab_is_light_and_names_load_on_use():
    code = (
        "import sys, pokerlab as pl\n"
        f"before = sorted({{m.split('.')[0] for m in sys.modules}} & set({HEAVY!r}))\n"
        "card = pl.Card.parse('As')\n"
        "print(before, str(card), 'equity' in dir(pl), callable(pl.equity))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120).stdout
    assert out.split() == ["[]", "As", "True", "True"]


def test_strength_from_the_command_line_needs_no_numba():
    """``pokerlab strength`` is one query of ~1,000 evaluations: numpy answers it, numba never starts."""
    code = (
        "import sys\n"
        "from pokerlab.cli import main\n"
        "main(['strength', '8d7d', '9d6c2d', '--opponents', '3'])\n"
        "print('numba' in sys.modules)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120).stdout
    assert out.splitlines() == ["HS = 0.1152   HS_3 = 0.0015", "False"]


def test_numpy_strength_counts_equal_the_compiled_kernel_to_the_last_bit():
    import numpy as np

    import pokerlab as pl
    from pokerlab import _inputs, _kernels, strength

    rng = np.random.default_rng(25)
    for trial in range(60):
        ids = rng.permutation(52)[: 2 + (3, 4, 5)[trial % 3]]
        cards = tuple(pl.Card(int(i)) for i in ids)
        hole, board = cards[:2], cards[2:]
        weights = None if trial % 2 else rng.random(1326) * (rng.random(1326) < 0.7)
        ours = strength._strength_counts_numpy(hole, board, weights)
        kernel = _kernels.hand_strength(_inputs.ids_array(hole), _inputs.ids_array(board), weights)
        assert tuple(ours) == tuple(kernel), (hole, board)


def test_equity_from_the_command_line_needs_no_numba_and_matches_the_library():
    """``pokerlab equity AhKh QQ`` (6 deals x 1,712,304 boards) runs in numpy, with the library's exact numbers."""
    import pokerlab as pl

    data, numba_loaded = _cli_json(["equity", "AhKh", "QQ", "--json"])
    want = pl.equity("AhKh", "QQ")
    assert numba_loaded is False
    assert data["equity"] == list(want.equity) and data["win"] == list(want.win) and data["tie"] == list(want.tie)


def test_numpy_showdown_counts_equal_the_kernel():
    """``_hands_exact_numpy``: the same whole numbers as ``_kernels.hands_exact`` for 2-4 players, any board size."""
    import importlib

    import numpy as np

    from pokerlab import _kernels

    eq = importlib.import_module("pokerlab.equities")
    rng = np.random.default_rng(7)
    for trial in range(14):
        k = 2 + trial % 3
        on_board = (3, 4, 5, 3, 4, 5, 0)[trial % 7] if trial < 12 else 0
        perm = rng.permutation(52)
        deals = 1 if on_board == 0 else 3
        holes = perm[: 2 * k * deals].reshape(deals, k, 2)
        board = perm[2 * k * deals : 2 * k * deals + on_board]
        ours = eq._hands_exact_numpy(holes, board, 5 - on_board)
        theirs = _kernels.hands_exact(holes, board)
        for a, b in zip(ours, theirs, strict=True):
            assert np.array_equal(a, b), (holes.tolist(), board.tolist())


def test_potential_from_the_command_line_needs_no_numba_and_matches_the_kernel():
    data, numba_loaded = _cli_json(["potential", "AdQc", "3h4cJh", "--json"])
    import pokerlab as pl

    want = pl.hand_potential("AdQc", "3h4cJh")  # the compiled kernel (the library does not set single_query)
    assert numba_loaded is False
    assert data["matrix"] == [list(r) for r in want.matrix] and data["ppot"] == want.ppot and data["npot"] == want.npot


def test_numpy_potential_matrix_equals_the_kernel():
    import numpy as np

    import pokerlab as pl
    from pokerlab import _inputs, _kernels, strength

    rng = np.random.default_rng(11)
    for trial in range(8):
        ids = rng.permutation(52)[: 5 + trial % 2]
        cards = tuple(pl.Card(int(i)) for i in ids)
        hole, board = cards[:2], cards[2:]
        for lookahead in (1, 2) if len(board) == 3 else (1,):
            ours = strength._potential_numpy(hole, board, lookahead)
            kernel = _kernels.potential(_inputs.ids_array(hole), _inputs.ids_array(board), None, lookahead)
            assert np.array_equal(ours, kernel), (hole, board, lookahead)


def test_numpy_combinations_are_itertools_order():
    import importlib
    from itertools import chain, combinations
    from math import comb

    import numpy as np

    eq = importlib.import_module("pokerlab.equities")
    for m, r in [(48, 5), (10, 3), (5, 5), (7, 1), (46, 2)]:
        rows = np.stack(eq._combinations(m, r), axis=1)
        want = np.fromiter(chain.from_iterable(combinations(range(m), r)), dtype=np.int64, count=comb(m, r) * r)
        assert rows.shape == (comb(m, r), r) and np.array_equal(rows, want.reshape(-1, r))
    assert eq._combinations(6, 0) == []


def test_equity_on_a_board_from_the_command_line_needs_no_numba_and_matches_the_library():
    import pokerlab as pl

    for hands, board in ((["AhKh", "QQ"], "2c7d8h"), (["AsKs", "TT+, AQs+"], "Jc7d2c"), (["7c6c", "AA"], "8c9cTd5s")):
        data, numba_loaded = _cli_json(["equity", *hands, "--board", board, "--json"])
        want = pl.equity(*hands, board=board)  # the library's runout kernel
        assert numba_loaded is False
        assert (data["equity"], data["win"], data["tie"], data["cases"]) == (
            list(want.equity),
            list(want.win),
            list(want.tie),
            want.cases,
        )
