"""Solved river spots that ship with pokerlab: the trainer's material, loaded without solving again.

Each spot is stored in ``pokerlab/solve/postflop_spots/NAME.npz``: the arguments of
:func:`pokerlab.solve.postflop` (as JSON) and the solution's average strategy (float32, compressed, a few
kilobytes). :func:`load_spot` rebuilds the game tree from the arguments (a fraction of a second) and puts
the stored strategy back, so the loaded :class:`~pokerlab.solve.postflop.PostflopSolution` answers
``.strategy``, ``.ev``, ``.frequencies`` and ``.lock`` exactly as the solve did.

Reproduce the files (after changing a spot or the solver) with::

    python -m pokerlab.solve.postflop_spots            # every spot, into the package folder
    python -m pokerlab.solve.postflop_spots OUT_DIR    # elsewhere

=================  ====================================================================================
``bluff_catcher``  the lesson's toy: AA and two bluffing suited connectors against QQ, one pot-sized bet
``polar_river``    Qs8h5d3c2s, value, bluffs and bluff-catchers on both sides, bets of 33 % and 125 %
``flush_river``    Kh9h5h4c2d, a completed flush: the ace of hearts as a blocker, bets of 75 %
=================  ====================================================================================
"""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path
from typing import Any

import numpy as np

from pokerlab import _validate
from pokerlab._files import write_bytes
from pokerlab.errors import DataError, ParameterError
from pokerlab.solve.postflop import PostflopSolution, _Game, _spec, _State, postflop

__all__ = ["SPOTS", "load_spot", "save_spots"]

SPOTS: dict[str, dict[str, Any]] = {
    "bluff_catcher": {
        "board": "Ks 7d 4c 2h 2s",
        "oop": "AA, 65s, 98s",
        "ip": "QQ",
        "pot": 100,
        "stack": 200,
        "bets": "100%",
        "raises": "",
        "ip_bets": "",
    },
    "polar_river": {
        "board": "Qs 8h 5d 3c 2s",
        "oop": "AA, QQ, 88, AQ, KQs, Q9s+, JTs, T9s, A5s, A4s, 76s, 64s, KJo",
        "ip": "KK, JJ, TT, 99, AQ, KQ, QJs, QTs, Q9s, A8s, 98s, 87s, 55, 33",
        "pot": 100,
        "stack": 300,
        "bets": "33%, 125%",
        "raises": "",
        "ip_bets": "50%",
    },
    "flush_river": {
        "board": "Kh 9h 5h 4c 2d",
        "oop": "AhQh, AhJh, QhJh, JhTh, Th8h, 8h7h, 7h6h, KK, 99, 55, AK, KQs, AQs, AJs, QJs, JTs, T8s, 87s",
        "ip": "AK, KQ, KJs, KTs, K9s, A9s, 99, QhTh, Jh8h, 6h3h, TT, JJ, QQ",
        "pot": 100,
        "stack": 200,
        "bets": "75%",
        "raises": "",
        "ip_bets": "75%",
    },
    "queen_turn": {
        "board": "Qs 8h 5d 3c",
        "oop": "AA, QQ, AQ, KQs, JTs, 76s, A5s, 64s",
        "ip": "KK, JJ, AQ, QJs, 99, 98s, 87s",
        "pot": 100,
        "stack": 300,
        "bets": {"turn": "50%", "river": "75%"},
        "raises": "",
    },
}
"""The shipped spots: name -> the keyword arguments of :func:`pokerlab.solve.postflop`. ``queen_turn`` is a
turn (every river dealt), lesson 12's aggregate report: shipped solved to :data:`TARGET`, so the lesson's table is
the same wherever it runs (a solve to a looser target moves its second decimals)."""

TARGET = 0.0001
"""The shipped spots are solved to 0.01 % of the pot."""

LOCK_ITERATIONS = 2000
"""A loaded spot's :meth:`~pokerlab.solve.postflop.PostflopSolution.lock` re-solves with at most this many
iterations (to :data:`TARGET`) on one thread."""

_FOLDER = Path(__file__).resolve().parent / "postflop_spots"


def _name(name: Any) -> str:
    said = f"no shipped spot is called {name!r:.40}; the spots are: {', '.join(SPOTS)}"
    return str(_validate.choice(name, "name", SPOTS, message=said))


def save_spots(folder: Any = None, names: Any = None, *, progress: bool = True) -> list[Path]:
    """Solve the spots (all, or ``names``) to :data:`TARGET` and store each as ``NAME.npz`` in ``folder``
    (default: the package's own folder). Returns the files written."""
    out = _FOLDER if folder is None else Path(_validate.output_folder(folder, "folder"))
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for name in SPOTS if names is None else [_name(n) for n in names]:
        args = SPOTS[name]
        sol = postflop(**args, target=TARGET, max_iterations=20000, threads=1, progress=progress)
        meta = {
            "args": args,
            "value": list(sol.value),
            "exploitability": sol.exploitability,
            "iterations": sol.iterations,
            "algorithm": sol.algorithm,
        }
        path = out / f"{name}.npz"
        f = io.BytesIO()  # numpy writes to memory; the file is written whole by _files
        np.savez_compressed(f, strat=sol._state.strat.astype(np.float32), meta=np.array(json.dumps(meta)))
        write_bytes(path, f.getvalue())
        written.append(path)
    return written


def load_spot(name: str, folder: Any = None) -> PostflopSolution:
    """The shipped spot ``name`` (see :data:`SPOTS`) as a solution, without solving it again."""
    name = _name(name)
    if folder is not None:
        _validate.path(folder, "folder must be a folder name")
    path = (_FOLDER if folder is None else Path(folder)) / f"{name}.npz"
    try:
        found = path.is_file()
    except OSError as exc:  # a folder name the system cannot even look up (too long, ...)
        raise DataError(f"folder {str(folder)[:60]!r}: {exc.strerror or exc}") from exc
    if not found:
        where = "" if folder is None else f" from the folder {str(folder)!r:.60}"
        raise DataError(
            f"the solved spot {name!r} is missing{where} ({path}); "
            "make it with: python -m pokerlab.solve.postflop_spots"
        )
    with np.load(path, allow_pickle=False) as data:
        strat = data["strat"]
        meta = json.loads(str(data["meta"]))
    args = meta["args"]
    spec = _spec(
        args["board"],
        args["oop"],
        args["ip"],
        args["pot"],
        args["stack"],
        args.get("bets", "50%, 100%"),
        args.get("raises", "a"),
        args.get("ip_bets"),
        args.get("ip_raises"),
        TARGET,
        LOCK_ITERATIONS,
        1,
        meta["algorithm"],
        False,
    )
    g = _Game(spec.board, spec.ranges, spec.pot, spec.stack, spec.bets, spec.raises)
    if strat.shape != (g.size,):
        raise DataError(
            f"the solved spot {name!r} does not fit its game tree; "
            "solve it again: python -m pokerlab.solve.postflop_spots"
        )
    state = _State(np.zeros(g.size, np.float32), strat.astype(np.float32), np.full(1, -1.0, np.float32), False)
    return PostflopSolution(
        board=spec.board,
        pot=g.pot,
        stack=g.stack,
        value=(float(meta["value"][0]), float(meta["value"][1])),
        exploitability=float(meta["exploitability"]),
        iterations=int(meta["iterations"]),
        seconds=0.0,
        algorithm="cfr+" if meta["algorithm"] == "cfr+" else "dcfr",  # the file says which of the two
        _spec=spec,
        _game=g,
        _state=state,
        _locks={},
    )


def main(argv: list[str] | None = None) -> int:
    """``python -m pokerlab.solve.postflop_spots [OUT_DIR]``: solve and store every shipped spot."""
    args = sys.argv[1:] if argv is None else argv
    if len(args) > 1:
        raise ParameterError("usage: python -m pokerlab.solve.postflop_spots [OUT_DIR]")
    for path in save_spots(args[0] if args else None):
        print(path)
    return 0


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
