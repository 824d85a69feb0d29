"""Replay a PHH dataset (e.g. a copy of the public uoftcprg/phh-dataset) with pokerlab and pokerkit.

For every Texas hold'em hand (variants NT and FT) in every ``.phh`` and
``.phhs`` file under PATH it reports, by source (the first folder under
``data/``: pluribus, wsop, handhq, or "others" for single files):

* loaded: pokerlab replayed it; refused: pokerlab raised a PHHError (the
  reasons are counted);
* file: the replay ends with the file's ``finishing_stacks`` (hands that
  have the field);
* pokerkit: pokerlab's final stacks equal pokerkit's (hands whose pots
  need no hidden cards and that pokerkit replays; where the stacks are
  written ``inf``, what each player won against pokerkit's payoffs);
* export: the hand written back by pokerlab reads again to the same stacks;
* hands per second for each library over the hands both replay, and the ratio.

Run (the dataset is not shipped with pokerlab):

    python benchmarks/replay_phh_dataset.py PATH [--limit N]
"""

from __future__ import annotations

import argparse
import re
import time
import tomllib
import warnings
from collections import Counter, defaultdict
from decimal import Decimal
from pathlib import Path

from _common import require_peer

from pokerlab.errors import PHHError
from pokerlab.game.phh import iter_phhs, load_phh

_SECTION = re.compile(r"^\s*\[\s*\d+\s*\]\s*$", re.MULTILINE)


def source_of(path: Path, root: Path) -> str:
    parts = path.relative_to(root).parts
    if "data" in parts[:-1]:
        parts = parts[parts.index("data") + 1 :]
    return parts[0] if len(parts) > 1 else "others"


def texts(path: Path) -> list[str]:
    """The hold'em hands of a file, as PHH texts (sections split the way pokerlab's reader splits them)."""
    text = path.read_text(encoding="utf-8")
    chunks = _SECTION.split(text) if path.suffix == ".phhs" else [text]
    return [c for c in chunks if re.search(r"^variant\s*=\s*['\"](NT|FT)['\"]", c, re.MULTILINE)]


def pokerkit_stacks(pokerkit, text: str, net: bool = False) -> list[Decimal] | None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        hh = pokerkit.HandHistory.loads(text)
        states = list(hh)
    state = states[-1] if states else None
    if state is None or state.status:
        return None
    return [Decimal(s) for s in (state.payoffs if net else state.stacks)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("path", type=Path)
    parser.add_argument("--limit", type=int, default=0, help="stop after this many hold'em hands (0 = all)")
    args = parser.parse_args()
    pokerkit = require_peer("pokerkit")
    files = sorted(p for p in args.path.rglob("*") if p.suffix in (".phh", ".phhs"))
    rows: dict[str, Counter] = defaultdict(Counter)
    reasons: dict[str, Counter] = defaultdict(Counter)
    both: list[str] = []
    count = 0
    for path in files:
        src = source_of(path, args.path)
        for text in texts(path):
            if args.limit and count >= args.limit:
                break
            count += 1
            row = rows[src]
            row["hands"] += 1
            try:
                hand = load_phh(text, source=str(path))
            except PHHError as exc:
                row["refused"] += 1
                reason = re.sub(r"^.*?line \d+: ", "", str(exc))
                reason = re.sub(r"'[^']*'|\[[^\]]*\]|\d+", "…", reason)[:90]
                reasons[src][reason] += 1
                continue
            row["loaded"] += 1
            if hand.state.undecided:
                row["hidden cards decide a pot"] += 1
            data = tomllib.loads(text, parse_float=Decimal)
            unit = hand.state.rules.chip_unit
            if "finishing_stacks" in data:
                row["with finishing_stacks"] += 1
                row["agree with file"] += 1  # load_phh checked them
            if not hand.state.is_over or hand.state.undecided:
                continue
            unknown = bool(hand.state.unknown_stacks)  # stacks written inf: compare what each player won
            ours = [c * unit for c in (hand.net_winnings if unknown else hand.finishing_stacks)]
            if unknown:
                row["unknown stacks (net winnings compared)"] += 1
            try:
                theirs = pokerkit_stacks(pokerkit, text, net=unknown)
            except Exception as exc:  # count what pokerkit refuses
                row["pokerkit refuses"] += 1
                reasons[src + " (pokerkit)"][type(exc).__name__ + ": " + str(exc)[:70]] += 1
                continue
            if theirs is None:
                row["pokerkit unfinished"] += 1
                continue
            row["compared with pokerkit"] += 1
            if theirs == ours:
                row["agree with pokerkit"] += 1
                both.append(text)
            elif sum(theirs) == sum(ours) and max(abs(a - b) for a, b in zip(theirs, ours, strict=True)) < 1:
                # the file's finishing_stacks split an odd chip in halves (x.5), pokerkit gives it to one winner
                row["differ from pokerkit by an odd chip"] += 1
                reasons[src + " (odd chips)"][f"pokerkit {list(map(str, theirs))} pokerlab {list(map(str, ours))}"] += 1
            else:
                row["DISAGREE with pokerkit"] += 1
                reasons[src + " (disagreements)"][f"pokerkit {theirs} pokerlab {ours}"[:110]] += 1
            back = load_phh(hand.state.to_phh())
            row["export reads back"] += back.net_winnings == hand.net_winnings
    for src, row in sorted(rows.items()):
        print(f"\n== {src}")
        for key, value in row.items():
            print(f"  {key:28s} {value}")
    for src, counter in sorted(reasons.items()):
        print(f"\n-- {src}: reasons")
        for reason, k in counter.most_common(8):
            print(f"  {k:6d}  {reason}")
    if both:
        t = time.perf_counter()
        for text in both:
            load_phh(text)
        ours = len(both) / (time.perf_counter() - t)
        t = time.perf_counter()
        for text in both:
            pokerkit_stacks(pokerkit, text)
        theirs = len(both) / (time.perf_counter() - t)
        print(
            f"\nreplay speed over {len(both)} hands both read: pokerlab {ours:,.0f} hands/s, "
            f"pokerkit {theirs:,.0f} hands/s, ratio {ours / theirs:.1f}x"
        )
        phhs = "\n".join(f"[{k}]\n{text}" for k, text in enumerate(both, start=1))
        t = time.perf_counter()
        n = sum(1 for _ in iter_phhs(phhs))
        print(f"one .phhs text of {n} hands read lazily in {time.perf_counter() - t:.2f} s")


if __name__ == "__main__":
    main()
