"""Player statistics from hand histories."""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Callable
from typing import Any

from pokerlab.cli._common import _one_line, _Pool, _text, _whole
from pokerlab.errors import ParameterError


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


def register(add: Callable[[str, str, Any], argparse.ArgumentParser]) -> None:
    """Add this group's subcommands to ``pokerlab``'s parser (``add(name, help, function)``)."""
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
