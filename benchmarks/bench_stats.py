"""Player statistics from PHH: pokerlab's hands per minute against pokerkit's PHH parsing of the same hands.

pokerlab reads each hand (TOML), replays it with its engine and counts every statistic of
``pokerlab.stats`` (:func:`pokerlab.stats.count_hands`, one process, streaming from the file);
pokerkit reads the same hands with ``HandHistory.loads`` and replays them (iterating its states),
which gives it the hand but no statistic. Both read the same plain ``.phhs`` text in the same run;
the target of issue #42 is 50,000 hands a minute per core for pokerlab. Run:

    python benchmarks/bench_stats.py [PATH] [--limit N] [--peer-limit N]

PATH defaults to the 10,000 Pluribus hands shipped with pokerlab (``datasets.path("pluribus_hands")``).
"""

from __future__ import annotations

import argparse
import lzma
import tempfile
import time
import warnings
from pathlib import Path

from _common import require_peer

from pokerlab import datasets, stats
from pokerlab.game.phh import _raw_sections

TARGET = 50_000


def sections(path: Path, limit: int) -> list[str]:
    opener = lzma.open if path.suffix == ".xz" else open
    with opener(path, "rt", encoding="utf-8") as f:
        out = []
        for chunk, _, _ in _raw_sections(f, path.name):
            out.append("".join(chunk))
            if len(out) == limit:
                break
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "path", nargs="?", default=None, help="a .phhs file (plain or .xz); default: the Pluribus hands"
    )
    parser.add_argument("--limit", type=int, default=10_000, help="hands pokerlab counts (default 10,000)")
    parser.add_argument(
        "--peer-limit", type=int, default=2_000, help="of those, hands pokerkit replays (default 2,000)"
    )
    args = parser.parse_args()
    pokerkit = require_peer("pokerkit")
    path = Path(args.path) if args.path else datasets.path("pluribus_hands")
    texts = sections(path, args.limit)
    with tempfile.TemporaryDirectory() as tmp:
        plain = Path(tmp) / "hands.phhs"
        plain.write_text("".join(f"[{k}]\n{t}\n" for k, t in enumerate(texts, start=1)), encoding="utf-8")
        peer_file = Path(tmp) / "peer.phhs"
        peer_texts = texts[: args.peer_limit]
        peer_file.write_text("".join(f"[{k}]\n{t}\n" for k, t in enumerate(peer_texts, start=1)), encoding="utf-8")
        stats.count_hands(peer_file, progress=False)  # warm up: imports, caches

        t, cpu = time.perf_counter(), time.process_time()
        counts = stats.count_hands(plain, progress=False)
        ours, ours_cpu = time.perf_counter() - t, time.process_time() - cpu
        t, cpu = time.perf_counter(), time.process_time()
        peer_counts = stats.count_hands(peer_file, progress=False)
        ours_same, ours_same_cpu = time.perf_counter() - t, time.process_time() - cpu

    t, cpu = time.perf_counter(), time.process_time()
    replayed = 0
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for text in peer_texts:
            for _ in pokerkit.HandHistory.loads(text):
                pass
            replayed += 1
    theirs, theirs_cpu = time.perf_counter() - t, time.process_time() - cpu

    # per core: hands over the process's CPU time (on a busy machine the wall clock counts other programs' turns)
    ours_rate = counts.hands_read / ours_cpu * 60
    print(f"{path.name}: {counts.hands_read:,} hands, {len(counts.players)} players")
    print(
        f"pokerlab stats (read, replay, count): {ours_rate:,.0f} hands per CPU-minute, one core "
        f"({counts.hands_read / ours * 60:,.0f} per wall-clock minute); target {TARGET:,}: "
        f"{'met' if ours_rate >= TARGET else 'NOT met'}"
    )
    same, peer = peer_counts.hands_read / ours_same_cpu * 60, replayed / theirs_cpu * 60
    print(
        f"the first {replayed:,} hands, per CPU-minute: pokerlab {same:,.0f}, pokerkit (HandHistory.loads and "
        f"replay, no statistics) {peer:,.0f}; ratio pokerlab/pokerkit {same / peer:.1f}x "
        f"(wall clock {theirs / ours_same:.1f}x)"
    )


if __name__ == "__main__":
    main()
