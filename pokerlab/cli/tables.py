"""Preflop tables: regenerate them (``tables``) and the Waterloo report's Tables 1-4 (``reproduce``)."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import Any

from pokerlab._options import TableMethod, TableMetric, TableSource
from pokerlab.cli._common import _SEED, _Pool, _print, _text, _whole
from pokerlab.errors import ParameterError


def _table_name(table: Any) -> str:
    p = table.provenance
    if p["method"] == "simulation":
        return f"simulation_{p['players']}_players.csv"
    if p["method"] == "exact":
        return "exact_heads_up.csv"
    if p["method"] == "exact-matrix":
        return "exact_heads_up_matrix.csv"
    if p["source"] == "income_rate":
        return f"expert_income_rate_{p['players']}_players.csv"
    return f"expert_{p['source']}.csv"


def cmd_tables(args: argparse.Namespace) -> None:
    """Regenerate preflop tables and write them as CSV with provenance."""
    from pathlib import Path

    from pokerlab import preflop

    _refuse_ignored_table_options(args)
    _refuse_replacing_other_tables(args)
    out = Path(args.out)
    written = []
    tables: list[preflop.PreflopTable | preflop.PreflopMatrix]
    with _Pool(2 if args.workers is None else args.workers) as executor:
        if args.method == "exact":
            tables = [preflop.exact_heads_up_table(executor=executor, progress=not args.json)]
        elif args.method == "exact-matrix":
            tables = [preflop.exact_matrix(executor=executor, progress=not args.json)]
        elif args.method == "simulation":
            players = [args.players] if args.players is not None else list(range(2, 11))
            tables = [
                preflop.simulate_table(
                    n,
                    games=10_000 if args.games is None else args.games,
                    seed=args.seed,
                    metric=args.metric or "pot_share",
                    executor=executor,
                    progress=not args.json,
                )
                for n in players
            ]
        else:
            players = [args.players] if args.players is not None else list(range(2, 11))
            source = TableSource(args.source or "income_rate")
            if source != "income_rate":
                players = players[:1]
            tables = [
                preflop.expert_table(
                    n,
                    source=source,
                    progress=not args.json,
                    **(
                        {
                            "games": 1_000_000 if args.games is None else args.games,
                            "seed": 2026 if args.seed is None else args.seed,
                            "executor": executor,
                        }
                        if source == "income_rate"
                        else {}
                    ),
                )
                for n in players
            ]
    for table in tables:
        written.append(str(table.write(out / _table_name(table))))
    text = "\n".join(f"wrote {w}" for w in written)
    read_from = preflop.data_dir()
    if out.resolve() != read_from.resolve():  # e.g. pokerlab installed from a wheel, run outside a checkout
        text += f"\nload_table and the bots read {read_from}; set POKERLAB_TABLES={out.resolve()} to use these"
    _print({"written": written, "read_from": str(read_from)}, text, args.json)


def _refuse_ignored_table_options(args: argparse.Namespace) -> None:
    """An option the chosen method would ignore is an error, so a table is never written as if it had been used.

    Otherwise ``--method exact-matrix --players 9`` would quietly write the
    heads-up matrix, and ``--method expert --source chen --players 5`` the
    Chen table (which no count of players changes) labelled for 5 players.
    What each method reads:

    * ``exact``, ``exact-matrix``: heads-up pot shares, enumerated: only
      ``--workers`` (``--players 2`` and ``--metric pot_share`` say what it is);
    * ``simulation``: ``--players``, ``--games``, ``--seed``, ``--metric``,
      ``--workers``;
    * ``expert`` with ``--source income_rate`` (the default): ``--players``,
      ``--games``, ``--seed``, ``--workers`` (it is a pot share:
      ``--metric pot_share`` is accepted);
    * ``expert`` with ``sklansky``, ``rembrant`` or ``chen``: fixed groupings
      or points, no options (``--players 2``, as written in their files, is
      accepted).
    """
    source = args.source
    method = args.method
    players = f"--players {args.players}" if args.players is not None else ""
    games = f"--games {args.games}" if args.games is not None else ""
    seed = f"--seed {args.seed}" if args.seed is not None else ""
    metric = f"--metric {args.metric}" if args.metric is not None else ""
    workers = f"--workers {args.workers}" if args.workers is not None else ""
    two = args.players in (None, 2)
    pot_share = args.metric in (None, "pot_share")
    if method in ("exact", "exact-matrix"):
        what = f"--method {method} is exact and heads-up (2 players, pot share, no games or seed)"
        ignored = [
            "" if two else players,
            games,
            seed,
            "" if pot_share else metric,
            f"--source {source}" if source else "",
        ]
    elif method == "simulation":
        what = "--method simulation simulates every class's showdowns (it has no expert source)"
        ignored = [f"--source {source}" if source else ""]
    elif source in (None, "income_rate"):
        what = "--method expert --source income_rate is Papp's income rate from pot shares"
        ignored = ["" if pot_share else metric]
    else:
        what = (
            f"--method expert --source {source} reads fixed {'points' if source == 'chen' else 'groups'} "
            "(heads-up, nothing simulated: no players, games, seed, metric or workers)"
        )
        ignored = ["" if two else players, games, seed, metric, workers]
    ignored = [g for g in ignored if g]
    if ignored:
        raise ParameterError(f"{what}; it does not take {', '.join(ignored)}")


def _planned_tables(args: argparse.Namespace) -> list[tuple[str, dict[str, Any]]]:
    """The files a ``tables`` or ``reproduce`` run will write, each with the provenance it will record
    (the fields a run's options decide; ``seed: None`` is a random seed, which no file records)."""
    if args.command == "reproduce":
        expert = {"method": "expert", "source": "income_rate", "games": args.games, "seed": 2026}
        return [
            ("expert_income_rate_2_players.csv", {**expert, "players": 2}),
            ("expert_income_rate_4_players.csv", {**expert, "players": 4}),
            ("simulation_4_players.csv", {"method": "simulation", "players": 4, "games": 10_000, "seed": 2026}),
        ]
    if args.method in ("exact", "exact-matrix"):
        name = "exact_heads_up.csv" if args.method == "exact" else "exact_heads_up_matrix.csv"
        return [(name, {"method": args.method})]
    players = [args.players] if args.players is not None else list(range(2, 11))
    if args.method == "simulation":
        games = 10_000 if args.games is None else args.games
        fields = {"method": "simulation", "games": games, "seed": args.seed, "metric": args.metric or "pot_share"}
        return [(f"simulation_{n}_players.csv", {**fields, "players": n}) for n in players]
    source = args.source or "income_rate"
    if source != "income_rate":
        return [(f"expert_{source}.csv", {"method": "expert", "source": source})]
    games = 1_000_000 if args.games is None else args.games
    seed = 2026 if args.seed is None else args.seed
    fields = {"method": "expert", "source": source, "games": games, "seed": seed}
    return [(f"expert_income_rate_{n}_players.csv", {**fields, "players": n}) for n in players]


def _refuse_replacing_other_tables(args: argparse.Namespace) -> None:
    """A table file is replaced only by the same table (same method, players, games, seed, metric) or with --force.

    Checked before any work. So ``pokerlab tables`` run in a checkout (its ``--out`` default is the committed
    ``data/preflop_tables``) never silently replaces a committed table with a different one, and a
    simulation without ``--seed`` (a random seed) never replaces a seeded table; ``pokerlab reproduce`` with
    its defaults rewrites the committed tables byte for byte, which is allowed.
    """
    import json
    from pathlib import Path

    if args.force:
        return
    out = Path(args.out)
    for name, planned in _planned_tables(args):
        path = out / name
        if not path.exists():
            continue
        recorded: dict[str, Any] = {}
        try:
            with path.open(encoding="utf-8") as f:
                if not f.readline().startswith("# pokerlab preflop "):  # "table" or "matrix"
                    raise ValueError("not a pokerlab table")
                for line in f:
                    if not line.startswith("# ") or line.startswith("# sha256:"):
                        break
                    key, _, raw = line[2:].partition(": ")
                    recorded[key] = json.loads(raw)
        except (OSError, ValueError):  # unreadable or not a table: never replaced without --force
            recorded = {}
        differ = [k for k in planned if planned[k] is None or recorded.get(k, planned[k]) != planned[k]]
        if not recorded or differ:
            if not recorded:
                what = "a file that is not a pokerlab table"
            else:
                shown = ", ".join(
                    f"{k} {recorded.get(k)} (this run: {'random' if planned[k] is None else planned[k]})"
                    for k in differ
                )
                what = f"a different table: {shown}"
            raise ParameterError(
                f"--out {out}: {name} holds {what}; give --force to replace it, or another --out folder"
            )


GRID_ORIENTATION = "rows and columns A..2; suited above the diagonal, offsuit below"
"""How ``reproduce`` and ``pushfold`` print a 13x13 grid (the report prints 2..A, suited below the diagonal)."""


def _grid_text(table: Any) -> str:
    """A preflop table's 13x13 grid as ``pushfold`` prints its grids: A first, suited above the diagonal.

    ``table.values`` runs 2..A with suited hands below the diagonal; reversing both axes puts A first and
    moves the suited hands above it (AKs, at values[A, K], lands in row A, column K).
    """
    ranks = "AKQJT98765432"
    lines = ["      " + "".join(f"{r:>6}" for r in ranks)]
    for i, r in enumerate(ranks):
        lines.append(f"{r:>6}" + "".join(f"{v:6.3f}" for v in table.values[12 - i][::-1]))
    return "\n".join(lines)


def cmd_reproduce(args: argparse.Namespace) -> None:
    """Regenerate the Waterloo report's Tables 1-4, write the data and print it."""
    from pathlib import Path

    from pokerlab import preflop
    from pokerlab.strength import hand_potential, hand_strength

    _refuse_replacing_other_tables(args)
    out = Path(args.out)
    progress = not args.json
    with _Pool(args.workers) as executor:
        from pokerlab._progress import labelled

        with labelled("Table 1: expert table, 2 players"):
            t1 = preflop.expert_table(2, games=args.games, seed=2026, executor=executor, progress=progress)
        with labelled("Table 2: expert table, 4 players"):
            t2 = preflop.expert_table(4, games=args.games, seed=2026, executor=executor, progress=progress)
        with labelled("Table 3: simulation table, 4 players"):
            t3 = preflop.simulate_table(4, games=10_000, seed=2026, executor=executor, progress=progress)
    files = [str(t.write(out / _table_name(t))) for t in (t1, t2, t3)]
    p = hand_potential("AdQc", "3h4cJh")
    hs87 = hand_strength("8d7d", "9d6c2d")
    expected = ((449005, 3211, 169504), (0, 8370, 540), (91981, 1036, 346543))
    ok = p.matrix == expected and round(p.hs, 3) == 0.585 and round(p.ppot, 3) == 0.208 and round(p.npot, 3) == 0.274
    ok87 = round(hs87, 3) == 0.115
    data = {
        "table1": t1.grid().round(6).values.tolist(),
        "table2": t2.grid().round(6).values.tolist(),
        "table3": t3.grid().round(6).values.tolist(),
        "table4": p.to_dict(),
        "table4_matches_seed": ok,
        "hs_8d7d_9d6c2d": hs87,
        "hs_8d7d_matches_seed": ok87,
        "files": files,
    }
    text = "\n".join(
        [
            f"Table 1. Pre-flop expert table, 2 players (income rate scaled 0..1; {args.games:,} games per class)",
            _grid_text(t1),
            "",
            f"Table 2. Pre-flop expert table, 4 players (income rate scaled 0..1; {args.games:,} games per class)",
            _grid_text(t2),
            "",
            "Table 3. Pre-flop simulation table, 4 players (pot share, 10,000 games per class, seed 2026)",
            _grid_text(t3),
            f"({GRID_ORIENTATION}, as pokerlab pushfold prints them; the report prints rows and columns 2..A)",
            "",
            "Table 4 (recomputed by full enumeration):",
            p.table(),
            f"matches the report to the count: {'yes' if ok else 'NO'}",
            "",
            f"Section 3.2.3: HS of 8d7d on 9d6c2d = {hs87:.4f} (report: 0.115) -> {'matches' if ok87 else 'DIFFERS'}",
            "",
            *(f"wrote {f}" for f in files),
        ]
    )
    _print(data, text, args.json)
    if not (ok and ok87):
        raise SystemExit(1)


def register(add: Callable[[str, str, Any], argparse.ArgumentParser]) -> None:
    """Add this group's subcommands to ``pokerlab``'s parser (``add(name, help, function)``)."""
    p = add("tables", "regenerate preflop tables as CSV with provenance", cmd_tables)
    p.add_argument(
        "--method",
        choices=[*(m.value for m in TableMethod), "exact-matrix"],
        default="simulation",
        help="exact-matrix: every class against every class, exact (about a minute on 2 workers)",
    )
    p.add_argument(
        "--source",
        choices=[s.value for s in TableSource],
        default=None,
        help="expert table source (default income_rate, which depends on --players and --games)",
    )
    p.add_argument("--players", type=_whole(2, 10), default=None, help="2..10 (default: every count 2..10)")
    p.add_argument(
        "--games",
        type=_whole(1),
        default=None,
        help="games per class (default 10,000 for simulation, 1,000,000 for income rate)",
    )
    p.add_argument("--seed", type=_SEED, default=None, help="random seed (simulation default: random; expert: 2026)")
    p.add_argument(
        "--metric", choices=[m.value for m in TableMetric], default=None, help="simulation only (default pot_share)"
    )
    p.add_argument(
        "--out",
        type=_text,
        default="data/preflop_tables",
        help="folder for the CSV files (default: data/preflop_tables, the checkout's when run in one; "
        "load_table reads $POKERLAB_TABLES if set, else the checkout's or the installed tables)",
    )
    p.add_argument(
        "--workers", type=_whole(1, 256), default=None, help="processes to use (default 2, as for reproduce)"
    )
    p.add_argument("--force", action="store_true", help="replace a table file that holds a different table")

    p = add("reproduce", "regenerate the Waterloo report's Tables 1-4 and print them", cmd_reproduce)
    p.add_argument("--out", type=_text, default="data/preflop_tables", help="folder for the regenerated tables")
    p.add_argument(
        "--games", type=_whole(1), default=1_000_000, help="games per class for Tables 1-2 (Papp's 1,000,000)"
    )
    p.add_argument("--workers", type=_whole(1, 256), default=2, help="processes to use (default 2)")
    p.add_argument("--force", action="store_true", help="replace table files that hold different tables")
