"""The ``pokerlab`` command: everything a lesson computes, from a shell.

::

    pokerlab eval AsKs QsJsTs                 value, category, best five
    pokerlab strength AdQc 3h4cJh             hand strength (Algorithm 1)
    pokerlab potential AdQc 3h4cJh            Table 4, PPOT, NPOT, EHS
    pokerlab equity AhKh QQ --board 2c7d8h    showdown equity
    pokerlab range "TT+, A2s+"                expand and normalise a range
    pokerlab tables --method simulation       preflop tables (expert, simulation, exact, exact-matrix)
    pokerlab reproduce                        the Waterloo report's Tables 1-4, regenerated
    pokerlab acpc-client HOST PORT --bot NAME play against an ACPC dealer
    pokerlab tournament --setup phases        the Waterloo report's self-play experiments, duplicate matches
    pokerlab bpp --hole AdQc --board 3h4cJh   BPP's network: P(win), posteriors, what BPP would do
    pokerlab play [--app heads-up|bigholdem]  play in the browser (Voila on 127.0.0.1)
    pokerlab solve leduc --variant cfr+       CFR/CFR+/MCCFR on Kuhn or Leduc, exact exploitability
    pokerlab postflop BOARD --oop R --ip R    a turn or river spot solved range against range
    pokerlab replay FILE.phhs --hand 3        a recorded hand street by street: pot odds, equity, HS, PPOT
    pokerlab course release OUT               student copies of the lessons (--solutions: complete copies)
    pokerlab course grade NB... --feedback D  autograde submissions in fresh kernels, HTML feedback
    pokerlab course site OUT                  the offline course site (Jupyter Book 1.x)

Every subcommand takes ``--json``. Bad input prints one line on stderr and
exits with status 2; there is never a traceback for a user's mistake. Every
argument and output path is checked before any work. Ctrl-C prints one line
and exits with status 130, with every worker process stopped.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections.abc import Sequence
from typing import Any, NoReturn

from pokerlab._options import CFREngine, Engine, GameName, Setup, TableMethod, TableMetric, TableSource, Variant
from pokerlab.errors import ParameterError, PokerlabError
from pokerlab.streets import Street


def _one_line(message: str) -> str:
    """An error message as one short line: a run of over 200 characters without a space (a pasted 5,001-digit
    number, a range of 3,000 letters, quoted in the message) is cut to its start and its length."""
    import re

    def cut(m: re.Match[str]) -> str:
        return f"{m.group()[:40]}... ({len(m.group()):,} characters)"

    return re.sub(r"\S{201,}", cut, " ".join(str(message).splitlines()))


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        # a subcommand's parser is named "pokerlab equity" (or "pokerlab course site"): its own --help says more
        sys.stderr.write(f"pokerlab: error: {_one_line(message)} (see '{self.prog} --help')\n")
        raise SystemExit(2)


def _whole(lo: int, hi: int | None = None, meaning: str = "") -> Any:
    """An argparse type: a whole number in lo..hi, refused with one line otherwise (0 included)."""

    def parse(text: str) -> int:
        try:
            n = int(text.strip())
        except ValueError:
            raise argparse.ArgumentTypeError(f"must be a whole number, not {text!r}") from None
        if n < lo or (hi is not None and n > hi):
            span = f"{lo}..{hi:,}" if hi is not None else f"at least {lo}"
            raise argparse.ArgumentTypeError(f"must be {span}{meaning}, not {text.strip()}")
        return n

    return parse


def _rules_choice(text: str) -> str:
    """``--rules``: the old name ``seed001-nl`` still means ``waterloo-nl``."""
    return "waterloo-nl" if text == "seed001-nl" else text


def _text(text: str) -> str:
    """An argparse type: text that is not empty (an empty value is a mistake, not "not given")."""
    if not text.strip():
        raise argparse.ArgumentTypeError("must not be empty (leave the option out instead)")
    return text


def _seconds(hi: float) -> Any:
    """An argparse type: a finite number of seconds in (0, hi]."""

    def parse(text: str) -> float:
        import math

        try:
            x = float(text.strip())
        except ValueError:
            raise argparse.ArgumentTypeError(f"must be a number of seconds, not {text!r}") from None
        if not math.isfinite(x) or not 0 < x <= hi:
            raise argparse.ArgumentTypeError(f"must be a number of seconds in (0, {hi:,g}], not {text.strip()}")
        return x

    return parse


_SEED = _whole(0, 2**63 - 1)


def _print(data: dict[str, Any], text: str, as_json: bool) -> None:
    print(json.dumps(data, indent=2) if as_json else text)


def cmd_eval(args: argparse.Namespace) -> None:
    from pokerlab.evaluator import evaluate

    v = evaluate(" ".join(args.cards))
    data: dict[str, Any] = {
        "value": v.value,
        "category": v.category.label,
        "description": v.describe(),
        "best_five": [str(c) for c in v.best_five],
    }
    name = v.describe()
    if not name.startswith(v.category.label):  # a royal flush: say its category too, as the JSON does
        name += f", a {v.category.label.lower()}"
    text = f"{name}  (value {v.value} of 7462; best five: {' '.join(data['best_five'])})"
    _print(data, text, args.json)


def cmd_strength(args: argparse.Namespace) -> None:
    from pokerlab._inputs import opponents_count
    from pokerlab.strength import hand_strength

    hs = hand_strength(args.hole, args.board, opponents=1, weights=args.weights)
    hs_n = hs ** opponents_count(args.opponents)
    data = {"hs": hs, "hs_n": hs_n, "opponents": args.opponents}
    _print(data, f"HS = {hs:.4f}   HS_{args.opponents} = {hs_n:.4f}", args.json)


def cmd_potential(args: argparse.Namespace) -> None:
    from pokerlab.strength import hand_potential

    p = hand_potential(args.hole, args.board, lookahead=args.lookahead, weights=args.weights, opponents=args.opponents)
    data = {
        "matrix": [list(r) for r in p.matrix],
        "hs": p.hs,
        "hs_n": p.hs_n,
        "ppot": p.ppot,
        "npot": p.npot,
        "ehs": p.ehs,
        "ehs_net": p.ehs_net,
        "lookahead": p.lookahead,
        "opponents": p.opponents,
    }
    _print(data, p.table(), args.json)


def _one_card_words(words: Sequence[str]) -> None:
    """``pokerlab equity Ah Kh QQ``: a hand's two cards typed as two words. Say how to write a hand."""
    import re

    single = re.compile(r"(?:10|[2-9TJQKA])[cdhs]", re.I)
    for i, word in enumerate(words):
        if single.fullmatch(word.strip()):
            after = words[i + 1] if i + 1 < len(words) else ""
            if single.fullmatch(after.strip()):
                meant = " ".join([*words[:i], f"{word}{after}", *words[i + 2 :]])
                hint = f": did you mean 'pokerlab equity {meant}'?"
            else:
                hint = ", e.g. AhKh"
            raise ParameterError(
                f"{word!r} is one card: each argument is a hand or a range, so write a hand's two cards as one"
                f" word{hint}"
            )


def cmd_equity(args: argparse.Namespace) -> None:
    from pokerlab.equity import equity

    _one_card_words(args.hands)
    e = equity(
        *args.hands,
        board=args.board or (),
        opponents=args.opponents,
        samples=args.samples,
        seed=args.seed,
        exact=True if args.exact else None,
        progress=not args.json,  # a bar on stderr while Monte Carlo runs (more than 131,072 deals)
    )
    _print(e.to_dict(), str(e), args.json)


def cmd_range(args: argparse.Namespace) -> None:
    from pokerlab.ranges import Range

    r = Range.parse(args.text)
    data = {
        "range": str(r),
        "combos": len(r),
        "weight": r.total_weight,
        "hands": [[f"{a}{b}" if a > b else f"{b}{a}", w] for a, b, w in r.combos()],
    }
    _print(data, f"{r}\n{len(r)} combinations, total weight {r.total_weight:g}", args.json)


def _ignore_sigint() -> None:  # pragma: no cover - runs in the worker processes
    """Workers leave Ctrl-C to the main process, which stops them (no traceback from every worker)."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _start_worker(token: Any, notice: bool) -> None:  # pragma: no cover - runs in the worker processes
    """A worker's set-up: Ctrl-C left to the main process, and the compile notice shared (one line per command)."""
    from pokerlab import _notice

    _ignore_sigint()
    _notice.adopt(token, notice)


class _Pool:
    """``with _Pool(workers) as executor``: a process pool for ``workers > 1``, else None (run here).

    On the way out after an error or Ctrl-C the workers are terminated at
    once instead of finishing their queue, so nothing is left running.
    """

    def __init__(self, workers: int) -> None:
        self.workers = workers
        self.executor: Any = None

    def __enter__(self) -> Any:
        from concurrent.futures import ProcessPoolExecutor

        if self.workers > 1:
            from pokerlab import _notice

            self.executor = ProcessPoolExecutor(
                max_workers=self.workers, initializer=_start_worker, initargs=(_notice.share(), _notice.enabled)
            )
        return self.executor

    def __exit__(self, kind: Any, exc: Any, tb: Any) -> None:
        ex = self.executor
        if ex is None:
            return
        if kind is None:
            ex.shutdown()
            return
        processes = list(getattr(ex, "_processes", {}).values())
        ex.shutdown(wait=False, cancel_futures=True)
        for proc in processes:
            proc.terminate()
        for proc in processes:
            proc.join(timeout=1)
            if proc.is_alive():  # pragma: no cover
                proc.kill()


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


def _refuse_ignored_tournament_options(args: argparse.Namespace) -> None:
    """A duplicate match and a self-play experiment take different options: one the run would ignore is an error.

    Otherwise ``--duplicate A B --out money.csv`` would finish without writing the CSV, and
    ``--rules aaai06-limit`` without ``--duplicate`` would quietly play the experiment's own rules.
    """
    if args.duplicate:
        given = [
            f"--setup {args.setup}" if args.setup is not None else "",
            f"--bots {args.bots!r}" if args.bots is not None else "",
            f"--trials {args.trials}" if args.trials is not None else "",
            f"--workers {args.workers}" if args.workers is not None else "",
            f"--out {args.out}" if args.out is not None else "",
        ]
        what = "--duplicate A B plays one heads-up match"
    else:
        given = [f"--rules {args.rules}" if args.rules is not None else ""]
        what = "without --duplicate, the self-play experiments play their own rules (--rules is for --duplicate)"
    given = [g for g in given if g]
    if given:
        raise ParameterError(f"{what}; it does not take {', '.join(given)}")


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


def cmd_acpc_client(args: argparse.Namespace) -> None:
    """Connect a pokerlab bot to an ACPC dealer."""
    from pokerlab import bots
    from pokerlab.errors import ParameterError
    from pokerlab.game.acpc import load_game, run_client

    rules = load_game(args.game)
    bot = bots.make(args.bot, **({"seed": args.seed} if args.seed is not None else {}))
    try:
        result = run_client(args.host, args.port, bot, rules, timeout=args.timeout)
    except OSError as exc:
        raise ParameterError(f"cannot talk to the dealer at {args.host}:{args.port}: {exc}") from exc
    chips = result.chips
    shown = str(chips.numerator) if chips.denominator == 1 else f"{float(chips):.6f}".rstrip("0")
    known = sum(1 for _, c in result.results if c is not None)
    unknown = len(result.results) - known  # outcomes that needed hole cards the dealer did not show
    per_hand = float(chips) / known if known else 0.0
    data = {
        "hands": result.hands,
        "chips": int(chips) if chips.denominator == 1 else float(chips),
        "chips_per_hand": per_hand,
        "hands_with_unknown_result": unknown,
        "game": rules.name,
    }
    sign = "+" if chips > 0 else ""
    text = f"played {result.hands} hands of {rules.name}: {sign}{shown} chips ({per_hand:+.2f} per hand)"
    if unknown:
        text += (
            f"; {unknown} hand{'s' if unknown != 1 else ''} not counted: the dealer did not show the cards "
            "that decide the result"
        )
    _print(data, text, args.json)


def cmd_tournament(args: argparse.Namespace) -> None:
    """Run a self-play experiment, or a duplicate heads-up match with --duplicate A B."""
    from pokerlab.errors import ParameterError
    from pokerlab.experiments import run_duplicate, run_experiment

    _refuse_ignored_tournament_options(args)
    if args.duplicate:
        from pokerlab.game import AAAI06_HEADS_UP_LIMIT, NO_LIMIT_RING

        a, b = args.duplicate
        rules = AAAI06_HEADS_UP_LIMIT if args.rules == "aaai06-limit" else NO_LIMIT_RING
        result = run_duplicate(a, b, hands=args.hands, seed=args.seed, rules=rules, progress=not args.json)
        text = (
            f"{a} against {b}: {result['mbb_per_hand']:+.1f} mbb/hand, 95 % CI "
            f"[{result['ci95_low']:+.1f}, {result['ci95_high']:+.1f}] over {result['deals']:,} duplicate deals"
        )
        _print(result, text, args.json)
        return
    to_stdout = args.out is not None and _is_stdout(args.out)
    if to_stdout and args.json:
        raise ParameterError(f"--out {args.out} writes the CSV to standard output, where --json writes too: give one")
    setup: Any = args.setup or "phases"
    if args.bots is not None:
        setup = [b.strip() for b in args.bots.split(";")]
        if not all(setup):
            raise ParameterError(f"--bots is a ';'-separated list of bots with none empty, not {args.bots!r}")
    with _Pool(args.workers or 1) as executor:
        res = run_experiment(
            setup,
            hands=args.hands,
            trials=10 if args.trials is None else args.trials,
            seed=args.seed,
            executor=executor,
            progress=not args.json,
            out=None if to_stdout else args.out,
        )
    summary = res.summary()
    if to_stdout:  # the CSV is the output (to pipe into another program); the summary goes to stderr
        sys.stdout.write(res.money.to_csv(index=False))
        sys.stdout.flush()
        sys.stderr.write(summary.to_string(index=False) + "\nmoney per hand written to standard output\n")
        return
    data = {"setup": res.setup, "summary": summary.to_dict(orient="records"), "csv": args.out}
    _print(
        data,
        summary.to_string(index=False) + (f"\nmoney per hand written to {args.out}" if args.out else ""),
        args.json,
    )


_STDOUT_NAMES = ("-", "/dev/stdout", "/dev/fd/1", "/proc/self/fd/1")
"""``--out`` values that mean standard output (a file written atomically cannot be one of these)."""


def _is_stdout(out: str) -> bool:
    return out.strip() in _STDOUT_NAMES


def cmd_bpp(args: argparse.Namespace) -> None:
    """Query BPP's network for one round and say what BPP would do."""
    from pokerlab import bpp
    from pokerlab.errors import ParameterError

    evidence: dict[str, str] = {}
    rnd = args.round or "flop"
    if args.hole:
        rnd_cards, evidence = bpp.evidence_from_cards(args.hole, args.board or "", args.hand_types)
        if args.round and args.round != rnd_cards:
            raise ParameterError(f"the cards are a {rnd_cards} situation, not {args.round}")
        rnd = rnd_cards
    elif args.board:
        raise ParameterError("give --hole with --board")
    for item in args.evidence or []:
        node, eq, state = item.partition("=")
        if not eq:
            raise ParameterError(f"evidence is NODE=STATE, e.g. OPP_Action=raise, not {item!r}")
        evidence[node.strip()] = state.strip()
    if args.action:
        evidence["OPP_Action"] = args.action
    net = bpp.build_network(rnd, args.hand_types, args.actions, args.final_arc)
    posts = {n: net.query(n, evidence, engine=args.engine) for n in ("BPP_Win", "OPP_Current", "BPP_Final")}
    p_win = posts["BPP_Win"]["win"]
    probs = bpp.action_probabilities(p_win, args.pot, args.to_call, rnd)
    decision, ev = bpp.best_action(p_win, args.pot, args.to_call, args.bet)
    data = {
        "round": rnd,
        "evidence": evidence,
        "p_win": p_win,
        "threshold": bpp.pot_odds_threshold(args.pot, args.to_call),
        "curves": probs,
        "expected_winnings": ev,
        "decision_network": decision,
        "posteriors": posts,
    }
    top = sorted(posts["OPP_Current"].items(), key=lambda kv: -kv[1])[:5]
    shown = ", ".join(f"{k}={v}" for k, v in evidence.items()) or "none"
    text = "\n".join(
        [
            f"{net!r}",
            f"evidence: {shown}",
            f"P(win) = {p_win:.4f}   (pot-odds threshold {data['threshold']:.3f})",
            "opponent's hand now: " + ", ".join(f"{k} {v:.1%}" for k, v in top),
            "betting curves: " + ", ".join(f"{k} {v:.1%}" for k, v in probs.items()),
            "decision node (chips from now): " + ", ".join(f"{k} {v:+.1f}" for k, v in ev.items()) + f" -> {decision}",
        ]
    )
    _print(data, text, args.json)


def cmd_play(args: argparse.Namespace) -> None:
    """Serve a table app with Voila until interrupted."""
    import signal

    from pokerlab.apps.serve import start

    def _stop(signum: int, frame: Any) -> None:
        raise KeyboardInterrupt

    server = start(args.app, args.port, seed=args.seed, quiet=not args.verbose, cull_after=args.cull_after)
    try:
        # Ctrl-C and SIGTERM stop the app even when this process was started with SIGINT ignored
        # (a background job of a non-interactive shell inherits that).
        signal.signal(signal.SIGINT, _stop)
        signal.signal(signal.SIGTERM, _stop)
        print(f"pokerlab {args.app} app: {server.url}  (Ctrl-C stops it)", flush=True)
        if not args.no_browser:
            import webbrowser

            webbrowser.open(server.url)
        server.process.wait()
    except KeyboardInterrupt:
        pass
    finally:
        server.stop()


def cmd_replay(args: argparse.Namespace) -> None:
    from pokerlab.game.phh import read_hand
    from pokerlab.game.replay import study_hand

    hand = read_hand(args.file, args.hand, check=not args.no_check)
    study = study_hand(hand, samples=args.samples, seed=args.seed, potential=not args.no_potential)
    _print(study.to_dict(), f"{hand.source}\n{study.text()}", args.json)


_KUHN_NUMPY_ITERATIONS = 5_000
"""Up to this many iterations, ``pokerlab solve kuhn`` runs CFR/CFR+ with numpy (about 0.15 ms each, no numba)."""

_MCCFR_PYTHON_ITERATIONS = 5_000
"""Up to this many iterations, ``pokerlab solve ... --variant mccfr`` runs the compiled walk's plain Python twin
(``engine="python"``: the kernel's numbers for the seed, about 0.05 ms an iteration on Kuhn and 0.2 ms on Leduc,
no numba to load, about 2 s, or to compile on a first run, about 5 s)."""


def _skip_reasons(reasons: list[str], shown: int = 3) -> str:
    """The distinct reasons hands of one file were skipped, most frequent first, each with its count and the
    hands it hit (a reason is told without its place: ``file, hand [3], line 8:`` and ``(at line 9, column 5)``
    go to the list of hands)."""
    groups: dict[str, list[str]] = {}
    first: dict[str, str] = {}
    for reason in reasons:
        line = _one_line(reason)
        where = re.match(r"^.*?(hand \[[^\]]*\])(?:, line \d+)?: ", line)
        why = re.sub(r" \(at line \d+, column \d+\)", "", line[where.end() :] if where else line)
        groups.setdefault(why, []).append(where.group(1) if where else "")
        first.setdefault(why, line)
    ranked = sorted(groups.items(), key=lambda kv: -len(kv[1]))
    if len(reasons) == 1:
        return first[ranked[0][0]]  # one reason, told whole with its place
    parts = []
    for why, hands in ranked[:shown]:
        named = [h for h in hands if h]
        place = f" ({', '.join(named[:3])}{', ...' if len(named) > 3 else ''})" if named else ""
        parts.append(f"{len(hands)} x {why}{place}")
    more = f"; and {len(groups) - shown} other reason(s)" if len(groups) > shown else ""
    return "; ".join(parts) + more


def _stat_json(key: str, field: str, value: Any) -> int | float | None:
    """One field of a statistic for ``--json``: counts as integers (the bb won stays a number of big blinds),
    an undefined value (no opportunity, one hand's interval) as null."""
    if value != value:
        return None
    if field in ("count", "opportunities") and not (key == "bb_per_100" and field == "count"):
        return int(value)
    return float(value)


def cmd_stats(args: argparse.Namespace) -> None:
    """Player statistics (VPIP, PFR, 3-bet, c-bet, AF, WTSD...) from hand-history files, with sample sizes."""
    import json

    from pokerlab import stats

    if args.json and args.csv:
        raise ParameterError("--json and --csv: choose one output")
    if args.workers > 1 and args.scheduler:
        raise ParameterError("--workers and --scheduler: choose one (the cluster has its own workers)")
    # the bar only on a terminal: in a log or a pipe its redraws would run into the table or an error line
    quiet = args.json or args.csv or not sys.stderr.isatty()
    if args.scheduler:
        try:
            from distributed import Client
        except ImportError:
            raise ParameterError("--scheduler needs dask's distributed package: pip install distributed") from None
        try:
            client = Client(args.scheduler, timeout="10s")
        except (OSError, TimeoutError, ValueError) as exc:
            raise ParameterError(f"cannot reach the dask scheduler at {args.scheduler!r}: {exc}") from exc
        with client:
            counts = stats.count_hands(args.files, skip_bad=True, executor=client, progress=not quiet)
    else:
        with _Pool(args.workers) as executor:
            counts = stats.count_hands(args.files, skip_bad=True, executor=executor, progress=not quiet)
    if counts.hands_read == 0:
        where = f" ({len(counts.skipped):,} skipped: {_one_line(counts.skipped[0][1])})" if counts.skipped else ""
        raise ParameterError(f"no hand could be read from {', '.join(map(str, args.files))[:200]}{where}")
    if args.player and args.player not in counts.players:
        known = ", ".join(sorted(counts.players, key=str)[:20])
        raise ParameterError(f"no player {args.player!r} in the hands read (players: {known})")
    table = counts.table([args.player] if args.player else None, by_position=args.by_position)
    table = table[table[("hands", "count")] >= args.min_hands]
    bad: dict[str, list[str]] = {}
    for source, reason in counts.skipped:
        bad.setdefault(source, []).append(reason)
    summary = f"read {counts.hands_read:,} hands; skipped {len(counts.skipped):,}" + (
        f" in {len(bad)} file(s):" if bad else ""
    )
    listing = [f"  {source}: {len(reasons)} skipped; {_skip_reasons(reasons)}" for source, reasons in bad.items()]
    if args.json:
        players = {}
        for name, row in table.iterrows():
            entry: dict[str, Any] = {"hands": int(row[("hands", "count")])}
            for key in stats.STATISTICS:
                entry[key] = {f: _stat_json(key, f, row[(key, f)]) for f in stats.FIELDS}
            players[" / ".join(map(str, name)) if isinstance(name, tuple) else str(name)] = entry
        skipped = [{"source": s, "reason": r} for s, r in counts.skipped]
        print(json.dumps({"hands_read": counts.hands_read, "skipped": skipped, "players": players}, indent=2))
    elif args.csv:
        flat = table.copy()
        flat.columns = [f"{a}.{b}" for a, b in flat.columns]
        sys.stdout.write(flat.to_csv())
        sys.stderr.write("\n".join([summary, *listing]) + "\n")
    else:
        print(stats.format_table(table) if len(table) else "no player has that many hands")
        print("\n".join([summary, *listing]))


def cmd_solve(args: argparse.Namespace) -> None:
    """Solve Kuhn poker or Leduc Hold'em with CFR, CFR+ or MCCFR and print the exploitability."""
    import time

    from pokerlab import solve

    if args.seed is not None and args.variant != "mccfr":
        raise ParameterError(
            f"--variant {args.variant} is deterministic (no sampling); it does not take --seed {args.seed}"
        )
    game = solve.game(args.game)
    keys = args.show or ([i.key for i in game.infosets] if game.name == "kuhn" else [])
    known = {i.key for i in game.infosets}
    for key in keys:  # an unknown key is an error before any work, and says how keys are written
        if key not in known:
            close = [k for k in (f"{key}:", key.replace(" ", "")) if k in known and k != key]
            example = "'J:' or 'K:pb'" if game.name == "kuhn" else "'J:', 'Q:cr' or 'KJ:rc/r'"
            raise ParameterError(
                f"{game.name} has no information set {key!r}"
                + (f" (did you mean {close[0]!r}?)" if close else "")
                + f". A key is the player's card{'' if game.name == 'kuhn' else 's (private, then board)'}, a colon"
                f" and the actions so far ({SHOW_ACTIONS[game.name]}), e.g. {example}"
            )
    # short runs finish before numba would have started (1-2 s to import it and load a cached kernel, several
    # to compile one on a first run), with the compiled kernel's numbers: CFR/CFR+ on Kuhn's 12 information sets
    # in numpy, and MCCFR in the kernel's plain Python twin (the same random stream, so the seed names the same
    # policy); longer runs, and CFR/CFR+ on Leduc (numpy's engine takes about 4 ms an iteration there), take the kernel
    if args.variant == "mccfr":
        engine = CFREngine.PYTHON if args.iterations <= _MCCFR_PYTHON_ITERATIONS else CFREngine.NUMBA
    else:
        engine = (
            CFREngine.NUMPY if game.name == "kuhn" and args.iterations <= _KUHN_NUMPY_ITERATIONS else CFREngine.NUMBA
        )
    if engine == "numba":
        # load (or compile) the kernel first, as benchmarks/bench_cfr.py does: the time printed is the solve's,
        # and the start-up before it (imports, kernel load or first compile) is printed beside it
        solve.cfr(game, 1, variant=args.variant, record=0, seed=0 if args.variant == "mccfr" else None)
    start = time.perf_counter()
    result = solve.cfr(game, args.iterations, variant=args.variant, seed=args.seed, record=args.record, engine=engine)
    seconds = time.perf_counter() - start
    waited = _waited()
    startup = waited - seconds
    avg = result.average_policy
    value = solve.expected_value(game, avg)
    data = {
        "game": game.name,
        "variant": result.variant,
        "iterations": result.iterations,
        "seed": result.seed,
        "engine": engine,
        "seconds": seconds,
        "startup_seconds": startup,
        "wall_seconds": waited,
        "exploitability": result.exploitability,
        "value_player_0": value,
        "history": [list(h) for h in result.history],
        "average_policy": {key: avg[key] for key in keys},
    }
    lines = [
        f"{result.variant} on {game.name}, {result.iterations:,} iterations in {seconds:.2f} s "
        f"(including {len(result.history)} exploitability measurements); {waited:.2f} s since the command started "
        f"(start-up: {'imports, loading or compiling the kernel' if engine == 'numba' else 'imports'})",
        f"exploitability of the average policy: {result.exploitability:.6f} chips per hand",
        f"value of the average policy for player 0: {value:+.6f} chips per hand",
    ]
    lines += [f"  {key:12} " + "  ".join(f"{a} {p:.3f}" for a, p in avg[key].items()) for key in keys]
    _print(data, "\n".join(lines), args.json)


SHOW_ACTIONS = {
    "kuhn": "p pass, b bet",
    "leduc": "c check or call, r raise, / between the rounds",
}
"""The action letters of ``solve --show`` keys, per game."""


def cmd_pushfold(args: argparse.Namespace) -> None:
    """The heads-up push/fold equilibrium at one stack depth: both 13x13 grids, value, exploitability."""
    from pokerlab.solve.pushfold import _check_stack, push_fold

    _check_stack(args.stack, args.ante, stack_name="STACK", ante_name="--ante")  # errors name what was typed
    result = push_fold(args.stack, ante_bb=args.ante)
    _print(result.to_dict(), result.text(), args.json)


def _percent(text: str) -> float:
    """An argparse type: ``--target``, a finite percentage of the pot in [0, 10] (more is no equilibrium)."""
    import math

    try:
        x = float(text.strip().rstrip("%"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"must be a percentage such as 0.3, not {text!r}") from None
    if not math.isfinite(x) or not 0 <= x <= 10:
        raise argparse.ArgumentTypeError(
            f"must be a percentage of the pot from 0 to 10 (0.3 means 0.3 %; solve.postflop(target=) takes the "
            f"fraction 0.003), not {text.strip()}"
        )
    return x


def _sizes(text: str) -> str:
    """An argparse type: bet or raise sizes (``none``: no such action; an empty value is a mistake)."""
    return "" if _text(text).strip().lower() == "none" else text


def cmd_postflop(args: argparse.Namespace) -> None:
    """Solve a turn or river spot range against range; print the exploitability, values and a node's strategy."""
    from pokerlab import _progress
    from pokerlab.solve.postflop import postflop, postflop_actions
    from pokerlab.solve.postflop_reports import _check_line, _no_one_acts, _summary, _summary_text

    line = _check_line(args.line or "")  # a label that cannot be an action is refused before the solve
    spot = {"pot": args.pot, "stack": args.stack, "bets": args.bets, "raises": args.raises}
    spot |= {"ip_bets": args.ip_bets, "ip_raises": args.ip_raises}
    # the spot and the line on its betting tree are checked before the solve, in a moment
    _no_one_acts(line, postflop_actions(args.board, args.oop, args.ip, line, **spot))
    # a line per checkpoint, on stderr: stdout holds only the answer (text or --json)
    with _progress.lines(sys.stderr):
        solution = postflop(
            args.board,
            args.oop,
            args.ip,
            **spot,
            target=args.target / 100,
            max_iterations=args.max_iterations,
            threads=args.threads,
        )
    data = _summary(solution, args.oop, args.ip, line)
    _print(data, _summary_text(data), args.json)


_DRILL_RETRIES = 5
"""``pokerlab drill`` asks again after an answer it cannot read, but not more than this many times in a row."""


def cmd_drill(args: argparse.Namespace) -> None:
    """Push/fold drill: answer jam/fold or call/fold on stdin, scored in EV lost against the equilibrium."""
    from pokerlab._validate import real
    from pokerlab.solve.pushfold import PushFoldQuiz, _check_stack

    if args.postflop:
        _drill_postflop(args)
        return
    if args.spot is not None:
        raise ParameterError("--spot names a solved postflop spot: use it with --postflop")
    if args.stack is None:
        real(args.ante, "--ante", lo=0.0, hi=1.0)
    else:
        _check_stack(args.stack, args.ante, stack_name="--stack", ante_name="--ante")
    quiz = PushFoldQuiz(args.stack, seed=args.seed, ante_bb=args.ante)
    records = []
    for _ in range(args.hands):
        hand = quiz.deal()
        done = None
        wrong = 0  # answers in a row that were not an answer: piped garbage must end, not loop forever
        while done is None:
            if wrong >= _DRILL_RETRIES:
                raise ParameterError(
                    f"{wrong} answers in a row were not {' or '.join(hand.answers)}: stopping the drill"
                )
            if not args.json:
                print(hand.prompt(), flush=True)
            try:
                line = sys.stdin.readline() if sys.stdin is not None else ""  # None: started with stdin closed
            except (OSError, ValueError):  # no input to read (a closed or absent stdin): stop as at its end
                line = ""
            if not line or line.strip().lower() in ("q", "quit"):
                break
            try:
                done = quiz.answer(line)
            except ParameterError as exc:
                wrong += 1
                if not args.json:
                    print(f"  {exc}", flush=True)
        if done is None:
            break
        records.append(
            {"stack_bb": done.stack_bb, "seat": done.seat, "hand": done.hand, "answer": done.answer, "lost": done.lost}
        )
        if not args.json:
            print(done.verdict(), flush=True)
    data = {"hands": records, "total_lost": quiz.total_lost}
    _print(data, "\n" + quiz.summary(), args.json)


def _drill_postflop(args: argparse.Namespace) -> None:
    """``pokerlab drill --postflop [--spot NAME]``: a shipped river spot, answered on stdin, scored in chips lost."""
    from pokerlab.solve.postflop_spots import load_spot
    from pokerlab.solve.postflop_study import PostflopQuiz

    if args.stack is not None or args.ante:
        raise ParameterError("--stack and --ante are push/fold settings: leave them out with --postflop")
    name = args.spot or "polar_river"
    quiz = PostflopQuiz(load_spot(name), seed=args.seed, name=name)
    records = []
    for _ in range(args.hands):
        hand = quiz.deal()
        done = None
        wrong = 0
        while done is None:
            if wrong >= _DRILL_RETRIES:
                raise ParameterError(
                    f"{wrong} answers in a row were not one of {', '.join(hand.actions)}: stopping the drill"
                )
            if not args.json:
                print(hand.prompt(), flush=True)
            try:
                line = sys.stdin.readline() if sys.stdin is not None else ""
            except (OSError, ValueError):
                line = ""
            if not line or line.strip().lower() in ("q", "quit"):
                break
            try:
                done = quiz.answer(line)
            except ParameterError as exc:
                wrong += 1
                if not args.json:
                    print(f"  {exc}", flush=True)
        if done is None:
            break
        records.append(
            {
                "line": list(done.line),
                "combo": done.combo,
                "answer": done.answer,
                "lost": done.lost,
                "mix": dict(done.mix),
            }
        )
        if not args.json:
            print(done.verdict(), flush=True)
    _print({"spot": name, "hands": records, "total_lost": quiz.total_lost}, "\n" + quiz.summary(), args.json)


def cmd_course(args: argparse.Namespace) -> None:
    import time

    from pokerlab.course import slides

    if (args.lecture or args.lecture_file) and args.lessons:
        raise ParameterError("--lecture builds the course map's lecture path: leave out the LESSON numbers")
    started = time.perf_counter()
    files = slides.build_slides(
        args.out,
        args.lessons or None,
        pdf=args.pdf,
        lecture=args.lecture,
        notebooks=args.notebooks,
        handout=args.handout,
        lecture_file=args.lecture_file,
    )
    seconds = time.perf_counter() - started
    data = {"files": [str(f) for f in files], "seconds": seconds}
    text = "\n".join(str(f) for f in files) + f"\n{len(files)} files in {seconds:.1f} s"
    _print(data, text, getattr(args, "json", False))


def cmd_course_map(args: argparse.Namespace) -> None:
    from pokerlab.course import lecture, slides
    from pokerlab.errors import DataError

    course_map = slides._folder(args.notebooks) / "00_course_map.ipynb"
    source = args.lecture or lecture.find_lecture_file(course_map.parent)
    if args.check:
        differences = lecture.course_map_differences(course_map, source)
        if differences:
            raise DataError(
                f"{course_map}'s lecture table is not {source}'s ({len(differences)} lines differ, first"
                f" {differences[0][:80]!r}): run `pokerlab course map` to write it again"
            )
        changed = False
    else:
        changed = lecture.write_course_map(course_map, source)
    steps = len(lecture.lecture_path(source))
    verb = "agrees with" if args.check else "rewritten from" if changed else "already agrees with"
    text = f"{course_map}: the lecture table ({steps} steps) {verb} {source}"
    _print({"course_map": str(course_map), "lecture": str(source), "changed": changed}, text, args.json)


def cmd_course_release(args: argparse.Namespace) -> None:
    from pokerlab.course.release import release

    paths = release(args.out, solutions=args.solutions, force=args.force)
    kind = "complete copies (solutions)" if args.solutions else "student copies"
    text = f"wrote {len(paths)} {kind} to {args.out}: " + ", ".join(p.name for p in paths)
    _print({"out": str(args.out), "solutions": args.solutions, "notebooks": [str(p) for p in paths]}, text, args.json)


def cmd_course_grade(args: argparse.Namespace) -> None:
    from pokerlab.course.grading import grade

    def show(g: Any) -> None:
        if not args.json:
            print("\n".join(g.lines()), flush=True)

    grades = grade(
        args.notebooks,
        feedback=args.feedback,
        timeout=args.timeout,
        memory=args.memory * 2**20,
        on_result=show,
        allow_same_user=args.allow_same_user,
        reveal=args.reveal,
        student_from=args.student_from,
        processes=args.processes,
        allow_per_process_limits=args.allow_per_process_limits,
        workers=args.workers,
        scheduler=args.scheduler,
    )
    if args.json:
        print(json.dumps([g.to_json() for g in grades], indent=2))
    if grades and all(g.lesson is None for g in grades):  # a batch of which nothing could be graded is a mistake
        raise ParameterError(
            f"none of the {len(grades)} notebook(s) could be graded: each is listed with the reason"
            " (is it a lesson's student copy?)"
        )


def cmd_course_site(args: argparse.Namespace) -> None:
    from pokerlab.course.site import build_site

    report = build_site(args.out, solutions=args.solutions, lessons=args.lessons)
    kind = "with solutions" if args.solutions else "no solutions"
    text = (
        f"course site in {args.out}: open {report['index']} ({len(report['lessons'])} lessons, {kind},"
        f" {report['pages']} pages, {report['seconds']:.0f} s)"
    )
    _print(report, text, args.json)


def _add_course(sub: Any) -> None:
    """``pokerlab course``: hand the course out, grade it, build its site."""
    help_ = "teach the course: slide decks, student copies, autograding with feedback, the offline site"
    group = sub.add_parser(
        "course", help=help_, description=help_, epilog=f"example:\n  {EXAMPLES['course']}", formatter_class=_Formatter
    )
    course = group.add_subparsers(
        dest="course_command",
        metavar="{slides,release,grade,site,map}",
        required=True,
        parser_class=_Parser,
        help="slides: decks of the lessons; release: student copies; grade: autograde; site: the course site;"
        " map: the course map's lecture table from course/lecture.toml",
    )

    def add(name: str, help_: str, func: Any) -> argparse.ArgumentParser:
        example = {
            "slides": "pokerlab course slides decks 02 --pdf",
            "release": "pokerlab course release handout",
            "grade": "pokerlab course grade submissions/*.ipynb --feedback feedback",
            "site": "pokerlab course site site",
            "map": "pokerlab course map --check",
        }[name]
        p: argparse.ArgumentParser = course.add_parser(
            name, help=help_, description=help_, epilog=f"example:\n  {example}", formatter_class=_Formatter
        )
        p.add_argument("--json", action="store_true", help="print JSON instead of text")
        p.set_defaults(func=func)
        return p

    p = add("release", "write the student copy of every lesson to OUT/<lesson>.ipynb", cmd_course_release)
    p.add_argument("out", type=_text, help="folder for the copies (created if needed)")
    p.add_argument("--solutions", action="store_true", help="write the complete copies (with solutions) instead")
    p.add_argument("--force", action="store_true", help="replace notebooks in OUT that differ from the copies")
    p = add("grade", "autograde submitted lesson notebooks, each in a fresh limited kernel", cmd_course_grade)
    p.add_argument(
        "notebooks", nargs="+", help="submitted .ipynb files or folders of them (lesson recognised from content)"
    )
    p.add_argument("--feedback", type=_text, default=None, help="folder for one offline HTML feedback page each")
    p.add_argument("--timeout", type=_seconds(86_400), default=900.0, help="seconds per notebook (default 900)")
    p.add_argument(
        "--memory",
        type=_whole(256, 1 << 20),
        default=4096,
        help="MB of memory per submission, all its processes together (default 4096)",
    )
    p.add_argument(
        "--processes", type=_whole(16, 1 << 20), default=512, help="processes and threads per submission (default 512)"
    )
    p.add_argument(
        "--workers", type=_whole(1, 1024), default=None, help="submissions graded at once (default: one per core)"
    )
    p.add_argument(
        "--scheduler",
        type=_text,
        default=None,
        metavar="ADDRESS",
        help="grade on a dask distributed cluster (tcp://host:8786): each worker grades in its own sandbox",
    )
    p.add_argument(
        "--allow-per-process-limits",
        action="store_true",
        help="where no cgroup can hold a submission (not root, no delegated cgroup), limit each process on its own:"
        " a submission's processes can then together use more memory",
    )
    p.add_argument(
        "--allow-same-user",
        action="store_true",
        help="where kernels cannot be isolated (not root, no user namespaces), run them as you: a submission"
        " can then read the lessons' hidden tests and your files",
    )
    p.add_argument(
        "--reveal",
        action="store_true",
        help="hidden tests name the expected values in messages and pages (after the deadline; default: only what"
        " failed)",
    )
    p.add_argument(
        "--student-from",
        type=_text,
        default=None,
        metavar="PATTERN",
        help="regular expression finding the student in each path relative to the common folder (its group"
        " 'student', else group 1; default: the first folder)",
    )
    p = add(
        "site",
        "build the students' offline course site (Jupyter Book 1.x) in OUT: the lessons' student copies under a"
        " student landing page, no solutions unless asked; open OUT/index.html",
        cmd_course_site,
    )
    p.add_argument("out", type=_text, help="folder for the site (created if needed)")
    p.add_argument("--solutions", action="store_true", help="add the solutions pages (publish after the deadline)")
    p.add_argument(
        "--lessons", type=_text, default=None, help="publish only these lessons, e.g. 01-05 or 01,03 (default: all)"
    )
    p = add(
        "slides",
        "reveal.js decks of the lessons, offline, with speaker notes: OUT/<lesson>.slides.html (press S for notes);"
        " e.g. pokerlab course slides decks 02",
        cmd_course,
    )
    p.add_argument("out", type=_text, help="folder for the decks (their pictures and reveal.js go beside them)")
    p.add_argument("lessons", nargs="*", default=[], help="lesson numbers such as 02 (default: every lesson)")
    p.add_argument("--pdf", action="store_true", help="also print each deck to PDF with /usr/bin/chromium")
    p.add_argument(
        "--handout",
        action="store_true",
        help="also print OUT/<lesson>.handout.pdf: three slides to an A4 page, each beside its speaker notes",
    )
    p.add_argument(
        "--lecture", action="store_true", help="one deck of the 90-minute lecture written in course/lecture.toml"
    )
    p.add_argument("--lecture-file", type=_text, default=None, metavar="FILE", help="--lecture from this file instead")
    p.add_argument("--notebooks", type=_text, default=None, help="the lessons' folder (default: ./notebooks)")
    p = add(
        "map",
        "write the course map's lecture table (notebooks/00_course_map.ipynb) from course/lecture.toml, the one file"
        " the lecture deck reads; --check only says whether they agree",
        cmd_course_map,
    )
    p.add_argument("--check", action="store_true", help="change nothing: fail if the map and the file disagree")
    p.add_argument(
        "--lecture", type=_text, default=None, metavar="FILE", help="the lecture file (default: course/lecture.toml)"
    )
    p.add_argument("--notebooks", type=_text, default=None, help="the lessons' folder (default: ./notebooks)")


EXAMPLES = {
    "eval": "pokerlab eval AsKs QsJsTs",
    "strength": "pokerlab strength AdQc 3h4cJh --opponents 3",
    "potential": "pokerlab potential AdQc 3h4cJh",
    "equity": "pokerlab equity AhKh QQ --board 2c7dTs",
    "range": "pokerlab range 'TT+, A2s+, KQo'",
    "tables": "pokerlab tables --method simulation --players 3 --games 2000 --seed 1 --out my_tables",
    "acpc-client": "pokerlab acpc-client 127.0.0.1 18791 --bot phase2",
    "tournament": "pokerlab tournament --duplicate phase1 always_call --hands 200",
    "bpp": "pokerlab bpp --hole AdQc --board 3h4cJh --action bet",
    "play": "pokerlab play --app bigholdem",
    "replay": "pokerlab replay data/hands/three_handed_all_in.phh --no-potential",
    "stats": "pokerlab stats data/hands/pluribus.phhs.xz --player Pluribus",
    "reproduce": "pokerlab reproduce --games 100000",
    "solve": "pokerlab solve leduc --iterations 1000 --variant cfr+",
    "pushfold": "pokerlab pushfold 10",
    "postflop": "pokerlab postflop Td9d6hQc2s --oop '66+, AJo+' --ip 'QQ-22, ATo+' --pot 200 --stack 900 --raises none",
    "drill": "pokerlab drill --stack 10 --hands 5",
    "course": "pokerlab course slides decks 02",
}
"""One example command line per subcommand: the last line of its ``--help`` (tests/test_cli.py runs them)."""

BOT_NAMES = "%(bot_names)s"
"""In a help text, replaced by the registered bot names when the help is shown (pokerlab.bots is imported then)."""


class _Formatter(argparse.RawDescriptionHelpFormatter):
    """Help that shows every default (unless the text already says it) and the bot names where asked."""

    def _get_help_string(self, action: argparse.Action) -> str:
        text = action.help or ""
        shown = action.default is not None and action.default is not False and action.default != argparse.SUPPRESS
        shown = shown and action.nargs != 0
        if shown and "default" not in text.lower() and "%(default)" not in text:
            text += " (default: %(default)s)"
        return text

    def _expand_help(self, action: argparse.Action) -> str:
        if BOT_NAMES in (action.help or ""):
            import copy

            from pokerlab.bots import names

            action = copy.copy(action)
            action.help = (action.help or "").replace(BOT_NAMES, ", ".join(names()))
        return super()._expand_help(action)


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="pokerlab", description="Texas Hold'em AI toolkit: evaluation, strength, potential, equity.")
    parser.add_argument("--version", action="version", version=_version())
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)

    def add(name: str, help_: str, func: Any) -> argparse.ArgumentParser:
        example = EXAMPLES.get(name)
        epilog = f"example:\n  {example}" if example else None
        p = sub.add_parser(name, help=help_, description=help_, epilog=epilog, formatter_class=_Formatter)
        p.add_argument("--json", action="store_true", help="print JSON instead of text")
        p.set_defaults(func=func)
        return p

    p = add("eval", "evaluate a 5-7 card hand", cmd_eval)
    p.add_argument("cards", nargs="+", help="cards, e.g. AsKs QsJsTs")

    p = add("strength", "hand strength against random or weighted opponents (Algorithm 1)", cmd_strength)
    p.add_argument("hole", help="two hole cards, e.g. AdQc")
    p.add_argument("board", help="3-5 board cards, e.g. 3h4cJh")
    p.add_argument("--opponents", type=_whole(1, 9), default=1, help="number of opponents n for HS_n = HS^n (1-9)")
    p.add_argument("--weights", type=_text, default=None, help="opponent range used as weight table, e.g. 'TT+, AKs'")

    p = add("potential", "hand potential: Table 4, PPOT, NPOT, EHS (Algorithm 2)", cmd_potential)
    p.add_argument("hole", help="two hole cards, e.g. AdQc")
    p.add_argument("board", help="flop (3 cards) or turn (4 cards), e.g. 3h4cJh")
    p.add_argument("--lookahead", type=int, choices=(1, 2), default=2, help="cards to come (2 only from the flop)")
    p.add_argument("--opponents", type=_whole(1, 9), default=1, help="opponents for HS_n and EHS (1-9)")
    p.add_argument("--weights", type=_text, default=None, help="opponent range used as weight table")

    p = add("equity", "showdown equity of hands or ranges", cmd_equity)
    p.add_argument("hands", nargs="+", help="hands or ranges, e.g. AhKh QQ 'TT+,AKs'")
    p.add_argument("--board", type=_text, default=None, help="3, 4 or 5 board cards (leave out for preflop)")
    p.add_argument(
        "--opponents",
        type=_whole(0, 9),
        default=None,
        help="add this many random hands (0-9; 0 = only the hands given)",
    )
    p.add_argument(
        "--samples",
        type=_whole(1, 10**12),
        default=None,
        help="Monte Carlo samples, 1 to 10^12 (forces Monte Carlo)",
    )
    p.add_argument("--seed", type=_SEED, default=None, help="random seed for Monte Carlo (0 to 2^63-1)")
    p.add_argument("--exact", action="store_true", help="insist on full enumeration")

    p = add("range", "expand a range and print it in canonical form", cmd_range)
    p.add_argument("text", help="a range, e.g. 'TT+, A2s+, KQo'")

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

    p = add("acpc-client", "play a pokerlab bot against an ACPC dealer (heads-up limit by default)", cmd_acpc_client)
    p.add_argument("host", type=_text, help="the dealer's host name or address")
    p.add_argument("port", type=_whole(1, 65535), help="the dealer's port for this seat (1..65535)")
    p.add_argument("--bot", type=_text, default="always_call", help=f"the bot that plays: {BOT_NAMES}")
    p.add_argument(
        "--game",
        type=_text,
        default="holdem.limit.2p.reverse_blinds",
        help="the dealer's game: a standard ACPC name (holdem.limit.2p.reverse_blinds, holdem.nolimit.2p, "
        "holdem.limit.3p, holdem.nolimit.3p) or a .game file (default: ACPC heads-up limit, caps 3 4 4 4)",
    )
    p.add_argument("--seed", type=_SEED, default=None, help="seed for bots that take one")
    p.add_argument(
        "--timeout", type=_seconds(86_400), default=60.0, help="seconds to wait for each line from the dealer"
    )

    p = add(
        "tournament",
        "self-play experiments (the Waterloo report's Figures 4-7) or duplicate heads-up matches",
        cmd_tournament,
    )
    p.add_argument("--setup", choices=[s.value for s in Setup], default=None, help="the experiment (default phases)")
    p.add_argument(
        "--bots",
        type=_text,
        default=None,
        help=f"a custom line-up: 'phase2:bluff=none;phase1;rembrant' (bots: {BOT_NAMES})",
    )
    p.add_argument("--hands", type=_whole(1), default=200, help="hands per trial (deals for --duplicate)")
    p.add_argument("--trials", type=_whole(1, 1_000_000), default=None, help="default 10")
    p.add_argument("--seed", type=_whole(0, 2**62 - 2), default=0, help="seed of the deals and the bots")
    p.add_argument("--workers", type=_whole(1, 256), default=None, help="processes to use (default 1)")
    p.add_argument(
        "--out",
        type=_text,
        default=None,
        help="CSV file for the money of every player after every hand ('-' or /dev/stdout: print the CSV, and the"
        " summary on stderr)",
    )
    p.add_argument(
        "--duplicate",
        nargs=2,
        metavar=("A", "B"),
        default=None,
        help=f"a duplicate heads-up match of bot A against bot B ({BOT_NAMES})",
    )
    p.add_argument(
        "--rules",
        type=_rules_choice,
        choices=("waterloo-nl", "aaai06-limit"),
        default=None,
        help="rules of a --duplicate match: the Waterloo report's no-limit game (default) or the AAAI'06 "
        "heads-up limit game",
    )

    p = add("bpp", "BPP's Bayesian network: P(win), posteriors and what BPP would do", cmd_bpp)
    p.add_argument(
        "--hole", type=_text, default=None, help="BPP's two cards, e.g. AdQc (sets the round and BPP_Current)"
    )
    p.add_argument("--board", type=_text, default=None, help="3, 4 or 5 board cards (sets Board; leave out preflop)")
    p.add_argument(
        "--round",
        choices=[s.value for s in Street],
        default=None,
        help="the betting round (default: from --board, preflop without it)",
    )
    p.add_argument(
        "--action", type=_text, default=None, help="the opponent's action this round: pass, call, bet, raise"
    )
    p.add_argument("--evidence", type=_text, action="append", help="more evidence NODE=STATE (repeatable)")
    p.add_argument(
        "--hand-types", type=int, choices=(9, 17), default=17, help="BPP's 17 hand types or the 9-type variant"
    )
    p.add_argument(
        "--actions", type=int, choices=(2, 4), default=4, help="opponent actions told apart: pass/call/bet/raise or 2"
    )
    p.add_argument("--final-arc", action="store_true", help="add the BPP_Final -> OPP_Final arc")
    p.add_argument("--pot", type=_whole(0), default=40, help="chips in the pot now")
    p.add_argument("--to-call", type=_whole(0), default=10, help="chips BPP must add to call (0 = checking is free)")
    p.add_argument("--bet", type=_whole(1), default=10, help="size of a raise")
    p.add_argument(
        "--engine",
        choices=sorted(e.value for e in Engine),  # numpy first: the default
        default="numpy",
        help="who computes the network: numpy, or pgmpy (slower)",
    )

    p = add("play", "play in the browser: heads-up against BPP, or a BigHoldem table (Voila)", cmd_play)
    p.add_argument(
        "--app",
        choices=("heads-up", "bigholdem"),
        default="heads-up",
        help="heads-up limit against a bot (the AAAI'06 game), or a BigHoldem table of 2-10 seats",
    )
    p.add_argument(
        "--port", type=_whole(1024, 65535), default=None, help="port on 127.0.0.1, 1024..65535 (default: a free one)"
    )
    p.add_argument("--no-browser", action="store_true", help="only print the address")
    p.add_argument(  # the apps take seeds below 2**62 (they add the match and page numbers)
        "--seed", type=_whole(0, 2**62 - 1), default=None, help="seed for the cards and the bots"
    )
    p.add_argument("--verbose", action="store_true", help="show Voila's log")
    p.add_argument(
        "--cull-after",
        type=_whole(2, 86_400),
        default=600,
        help="seconds before the kernel of a closed page is shut down, 2..86,400",
    )

    p = add("stats", "player statistics (VPIP, PFR, 3-bet, c-bet, AF, WTSD...) with sample sizes and 95 %% intervals",
            cmd_stats)  # fmt: skip
    p.add_argument("files", nargs="+", help="PHH files (.phh, .phhs, also .gz/.xz), ACPC logs (.log) or folders")
    p.add_argument("--player", type=_text, default=None, help="only this player's row")
    p.add_argument("--min-hands", type=_whole(0), default=0, help="only players with at least N hands")
    p.add_argument(
        "--by-position", action="store_true", help="a row per player and position (blinds, early, middle, late...)"
    )
    p.add_argument("--csv", action="store_true", help="print CSV (one row per player, columns statistic.field)")
    p.add_argument("--workers", type=_whole(1, 256), default=1, help="count the files on N processes")
    p.add_argument("--scheduler", type=_text, default=None, help="count the files on a dask cluster (its address)")

    p = add("replay", "a recorded hand (PHH) street by street: pot odds, equity, HS, PPOT/NPOT", cmd_replay)
    p.add_argument("file", help="a .phh or .phhs file")
    p.add_argument("--hand", type=_whole(1), default=1, help="which hand of a .phhs file (1 = the first)")
    p.add_argument(
        "--samples",
        type=_whole(1, 10**9),
        default=20_000,
        help="Monte Carlo samples where enumeration is slow (such an equity is marked ~)",
    )
    p.add_argument("--seed", type=_SEED, default=0, help="seed of the Monte Carlo equity")
    p.add_argument("--no-potential", action="store_true", help="skip PPOT/NPOT (faster)")
    p.add_argument("--no-check", action="store_true", help="do not check the file's finishing_stacks")

    p = add("reproduce", "regenerate the Waterloo report's Tables 1-4 and print them", cmd_reproduce)
    p.add_argument("--out", type=_text, default="data/preflop_tables", help="folder for the regenerated tables")
    p.add_argument(
        "--games", type=_whole(1), default=1_000_000, help="games per class for Tables 1-2 (Papp's 1,000,000)"
    )
    p.add_argument("--workers", type=_whole(1, 256), default=2, help="processes to use (default 2)")
    p.add_argument("--force", action="store_true", help="replace table files that hold different tables")

    p = add(
        "solve", "CFR, CFR+ or Monte Carlo CFR on Kuhn poker or Leduc Hold'em, with exact exploitability", cmd_solve
    )
    p.add_argument("game", choices=[g.value for g in GameName], help="Kuhn poker (3 cards) or Leduc Hold'em (6 cards)")
    p.add_argument("--iterations", type=int, default=1000, help="iterations to run")
    p.add_argument(
        "--variant",
        choices=[v.value for v in Variant],
        default="cfr+",
        help="CFR, CFR+ or external-sampling Monte Carlo CFR",
    )
    p.add_argument("--seed", type=int, default=None, help="seed for mccfr's sampling")
    p.add_argument("--record", type=int, default=20, help="iterations (log-spaced) whose exploitability is measured")
    p.add_argument(
        "--show",
        action="append",
        metavar="KEY",
        help="print the average policy at this information set (repeatable): the player's card (Leduc: then the"
        " board card), a colon, the actions so far, e.g. J: or K:pb (Kuhn), Q:cr or KJ:rc/r (Leduc)",
    )

    p = add("pushfold", "heads-up push/fold equilibrium at one stack depth, solved exactly", cmd_pushfold)
    p.add_argument(
        "stack", metavar="STACK", type=float, help="effective stack in big blinds before the blinds are posted, e.g. 10"
    )
    p.add_argument("--ante", type=float, default=0.0, help="each player's ante in big blinds (default 0)")

    p = add(
        "postflop",
        "solve a turn or river spot range against range (discounted CFR, exact exploitability)",
        cmd_postflop,
    )
    p.add_argument("board", help="4 cards (the turn: every river is dealt) or 5 (the river), e.g. Td9d6hQc2s")
    p.add_argument("--oop", type=_text, required=True, help="the range of the player out of position (acts first)")
    p.add_argument("--ip", type=_text, required=True, help="the range of the player in position")
    p.add_argument("--pot", type=_whole(1, 10**9), required=True, help="chips in the pot at the start of the spot")
    p.add_argument("--stack", type=_whole(0, 10**9), required=True, help="chips each player has behind")
    p.add_argument("--bets", type=_sizes, default="50%, 100%", help="bet sizes: shares of the pot, 'a' all-in, 'none'")
    p.add_argument(
        "--raises", type=_sizes, default="a", help="raise sizes: '2.5x' the bet faced, shares of the pot, 'a', 'none'"
    )
    p.add_argument("--ip-bets", type=_sizes, default=None, help="IP's bet sizes when they differ (default: --bets)")
    p.add_argument(
        "--ip-raises", type=_sizes, default=None, help="IP's raise sizes when they differ (default: --raises)"
    )
    p.add_argument(
        "--target",
        type=_percent,
        default=0.3,
        help="stop at this exploitability, a percentage of the pot (0.3 means 0.3 %%, the default; "
        "solve.postflop's target= is the fraction 0.003)",
    )
    p.add_argument("--max-iterations", type=_whole(1, 10**6), default=2000, help="stop after this many iterations")
    p.add_argument("--threads", type=_whole(1, 256), default=None, help="threads (default: every core)")
    p.add_argument("--line", type=_text, default=None, help="the node to show: 'check, bet 100' (default: the root)")

    p = add("drill", "push/fold drill: answer on stdin, scored in EV lost against the equilibrium", cmd_drill)
    p.add_argument("--stack", type=float, default=None, help="fixed stack in bb (default: a random 2-20 bb per hand)")
    p.add_argument("--ante", type=float, default=0.0, help="each player's ante in big blinds (default 0)")
    p.add_argument("--hands", type=_whole(1, 10_000), default=10, help="hands to deal (default 10)")
    p.add_argument("--seed", type=_SEED, default=None, help="seed of the deals")
    p.add_argument(
        "--postflop", action="store_true", help="the river trainer: a shipped solved spot instead of push/fold"
    )
    p.add_argument("--spot", default=None, help="with --postflop: bluff_catcher, polar_river (default) or flush_river")
    _add_course(sub)
    return parser


def _version() -> str:
    from pokerlab._version import __version__

    return f"pokerlab {__version__}"


def _check_outputs(args: argparse.Namespace) -> None:
    """Every output path is checked before any work, so a bad --out never loses a finished result."""
    from pokerlab import _validate

    if args.command in ("tables", "reproduce"):
        if _is_stdout(args.out):
            raise ParameterError(
                f"--out is the folder for the table files, not {args.out} (standard output): the tables are printed"
                " anyway; give a folder"
            )
        _validate.output_folder(args.out, "--out")
    elif args.command == "tournament" and args.out is not None and not args.duplicate and not _is_stdout(args.out):
        _validate.output_file(args.out, "--out")
    elif args.command == "course" and args.course_command in ("release", "site"):
        _validate.output_folder(args.out, "OUT")
    elif args.command == "course" and args.course_command == "grade" and args.feedback is not None:
        _validate.output_folder(args.feedback, "--feedback")


def _show_warning(message: Any, category: Any, filename: str, lineno: int, file: Any = None, line: Any = None) -> None:
    """Warnings on the command line are one line each, like errors."""
    sys.stderr.write(f"pokerlab: warning: {message}\n")


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``pokerlab`` command; returns the exit status.

    Bad input: one line on stderr, status 2. Ctrl-C: one line, status 130,
    worker processes stopped, nothing left running.
    """
    import signal

    from pokerlab import _signals

    _signals.requested = False

    def on_sigint(signum: int, frame: Any) -> None:
        _signals.requested = True  # long loops raise it again should this one be swallowed
        raise KeyboardInterrupt

    def quiet_interrupt(unraisable: Any) -> None:
        # Ctrl-C landing in a finalizer (numba writing its cache, a file closing) is "unraisable": Python
        # would print "Exception ignored ... KeyboardInterrupt". It is still Ctrl-C: keep the flag, say nothing.
        if isinstance(unraisable.exc_value, KeyboardInterrupt):
            _signals.requested = True
        else:
            previous_hook(unraisable)

    try:
        previous = signal.signal(signal.SIGINT, on_sigint)
    except ValueError:  # pragma: no cover - not the main thread
        previous = None
    previous_hook, sys.unraisablehook = sys.unraisablehook, quiet_interrupt
    status = None
    try:
        status = _run(argv)
    except KeyboardInterrupt:
        pass
    except SystemError:
        # Ctrl-C landing inside a compiled kernel's call can surface as SystemError
        # ("returned a result with an exception set"); it is still an interruption.
        if not _signals.requested:
            raise
    finally:
        from pokerlab import _notice

        _notice.enabled = _notice.single_query = False  # main() called from Python: the library's defaults again
    if status is None or _signals.requested:
        # a second Ctrl-C while we wind down must not become a traceback or a signal exit
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        sys.stderr.write("pokerlab: interrupted\n")
        if argv is None:
            # Run as the program: leave now with status 130. A Ctrl-C that landed inside a
            # C extension's embedded Python code leaves CPython set to re-raise SIGINT at
            # exit (status -2), which would hide the 130; workers are already stopped.
            import os

            sys.stdout.flush()
            sys.stderr.flush()
            os._exit(130)
        # called from Python (a test, a notebook): the interruption is handled, so the flag must not
        # make the caller's next long loop raise KeyboardInterrupt again
        _signals.requested = False
        sys.unraisablehook = previous_hook
        if previous is not None:
            signal.signal(signal.SIGINT, previous)
        return 130
    sys.unraisablehook = previous_hook
    if previous is not None:
        signal.signal(signal.SIGINT, previous)
    if argv is None:
        _exit_quickly()
    return status


def _exit_quickly() -> None:
    """Run as the program, which exits next: spare the user Python's garbage collections at shutdown.

    At exit Python runs its cycle collector over every object still alive; after numba has loaded or
    compiled a kernel that is hundreds of thousands of them, and the process went on for 0.3-0.9 s after
    its output (measured on ``pokerlab solve leduc``: 0.8 s under load, 0.07 s with this). ``gc.freeze``
    moves them out of the collector's reach; the operating system frees the memory as it does the rest.
    Files, worker processes and temporary folders are closed by the command itself or by ``atexit``
    handlers, which still run; only ``__del__`` of objects in reference cycles is skipped, which Python
    never promises at exit. Not called when :func:`main` runs inside a Python session (a test, a notebook).
    """
    import gc

    gc.freeze()


_STARTED = 0.0
"""When :func:`main` began (``time.perf_counter()``), for times that cover the start-up."""


def _waited() -> float:
    """Wall seconds since this process started (the time the user has waited), else since :func:`main` began.

    Linux says when the process started (``/proc/self/stat``, in clock ticks since boot), which covers the
    interpreter's start and the imports before :func:`main`; elsewhere the time since :func:`main` began.
    """
    import os
    import time

    now = time.perf_counter()
    try:
        with open("/proc/self/stat", encoding="ascii") as stat, open("/proc/uptime", encoding="ascii") as up:
            started = int(stat.read().rsplit(")", 1)[1].split()[19]) / os.sysconf("SC_CLK_TCK")
            age = float(up.read().split()[0]) - started
    except (OSError, ValueError, IndexError, AttributeError):
        age = -1.0
    since_main = now - _STARTED if _STARTED else 0.0
    return age if age >= since_main else since_main


def _run(argv: Sequence[str] | None) -> int:
    import signal
    import time
    import warnings

    global _STARTED
    _STARTED = time.perf_counter()

    parser = build_parser()
    args, extra = parser.parse_known_args(argv)
    if extra:
        if getattr(args, "course_command", None) == "slides" and not any(x.startswith("-") for x in extra):
            # argparse gives `decks --lecture 02` the lessons [] and leaves 02 over: they are lessons all the same
            args.lessons = [*args.lessons, *extra]
        else:
            parser.error(f"unrecognized arguments: {' '.join(extra)}")
    from pokerlab import _notice

    _notice.enabled = True  # a first run says so on stderr while numba compiles (once per machine)
    # one-answer commands run small queries in numpy (no numba start-up); bots in matches keep the kernels
    _notice.single_query = args.command in ("eval", "strength", "potential", "equity", "range", "bpp")
    if args.command == "play":  # play handles its own signals
        signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        with warnings.catch_warnings():
            warnings.showwarning = _show_warning
            _check_outputs(args)
            args.func(args)
    except PokerlabError as exc:
        sys.stderr.write(f"pokerlab: error: {_one_line(str(exc))}\n")
        return 2
    except BrokenPipeError:  # the reader went away (`pokerlab ... | head -1`): stop quietly, as Unix tools do
        import os

        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # so the flush at exit cannot fail again
        return 141  # 128 + SIGPIPE, what a shell reports for a tool killed by a closed pipe
    return 0


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
