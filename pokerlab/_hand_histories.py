"""Reading hand histories: the finished hands of files, folders, PHH text and played matches, one at a time.

What :mod:`pokerlab.stats` counts comes through here. :func:`hand_sources` says which files a list of paths names
(files as given, folders searched for ``.phh``, ``.phhs`` and ``.log`` files, each maybe packed as ``.gz`` or
``.xz``), and :func:`iter_hands` turns any source of hands (those files, PHH text, a
:class:`~pokerlab.game.MatchResult`, replayed :class:`~pokerlab.game.phh.PHHHand` or finished
:class:`~pokerlab.game.HandState` objects, or an iterable of them) into ``(state, names by seat)`` pairs, reading
one hand at a time so that nothing holds every hand in memory. A hand that cannot be read raises a
:class:`~pokerlab.errors.DataError`, or, given a ``skip`` list, is noted there and passed over.

Both names are public as :mod:`pokerlab.stats` re-exports them (``from pokerlab.stats import iter_hands``); this
module keeps the reading apart from the counting, which is the statistics' own concept.
"""

from __future__ import annotations

import gzip
import lzma
import os
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path
from typing import IO, Any

from pokerlab import _validate
from pokerlab.errors import DataError, ParameterError, ParameterTypeError, PokerlabError
from pokerlab.game.acpc import MatchState, _default_rules, state_from_matchstate
from pokerlab.game.match import MatchResult
from pokerlab.game.phh import PHHHand, _raw_sections, _section, load_phh
from pokerlab.game.rules import Rules
from pokerlab.game.state import HandState

__all__ = ["hand_sources", "iter_hands"]

_PHH_SUFFIXES = (".phh", ".phhs")
_PACKED = {".gz": gzip.open, ".xz": lzma.open}
_ACPC_SUFFIXES = (".log",)


def _kind_of(path: Path) -> str | None:
    """``"phh"``, ``"acpc"`` or None (not a hand history pokerlab reads) from the file's name."""
    suffixes = [s.lower() for s in path.suffixes[-2:]]
    if suffixes and suffixes[-1] in _PACKED:
        suffixes = suffixes[:-1]
    last = suffixes[-1] if suffixes else ""
    if last in _PHH_SUFFIXES:
        return "phh"
    if last in _ACPC_SUFFIXES:
        return "acpc"
    return None


def hand_sources(paths: str | os.PathLike[str] | Iterable[str | os.PathLike[str]]) -> list[Path]:
    """The hand-history files named by ``paths``: files as given, folders searched for ``.phh``, ``.phhs``
    (also ``.gz``/``.xz``) and ``.log`` files (sorted). A path that does not exist is a :class:`DataError`."""
    _validate.instance(
        paths,
        (str, os.PathLike, Iterable),
        "paths names files and folders (a path or a list of them)",
        check=lambda v: not isinstance(v, bytes | bytearray),  # bytes iterate as numbers, never paths
    )
    items = [paths] if isinstance(paths, (str, os.PathLike)) else list(paths)
    out: list[Path] = []
    for item in items:
        if "\0" in str(_validate.path(item, "paths lists files and folders", empty=False)):
            raise ParameterError(f"paths lists files and folders, not {item!r:.60}")
        p = Path(item)
        try:
            if p.is_dir():
                out += sorted(f for f in p.rglob("*") if f.is_file() and _kind_of(f) is not None)
                continue
            found = p.is_file()
        except OSError as exc:  # a name the system cannot even look up (too long, ...)
            raise DataError(f"paths: cannot read {str(p)[:60]!r}: {exc.strerror or exc}") from exc
        if not found:
            raise DataError(f"no file or folder at {str(p)[:200]!r}")
        out.append(p)
    return out


def _open_text(path: Path) -> IO[str]:
    opener = _PACKED.get(path.suffix.lower())
    if opener is not None:
        return opener(path, "rt", encoding="utf-8")  # type: ignore[operator]
    return path.open(encoding="utf-8")


def _phh_names(hand: PHHHand) -> list[str]:
    names = hand.names
    by_seat = [""] * len(hand.players)
    for k, seat in enumerate(hand.players):
        by_seat[seat] = names[k]
    return by_seat


def _iter_file(
    path: Path, rules: Rules | None, skip: list[tuple[str, str]] | None
) -> Iterator[tuple[HandState, list[str]]]:
    """The hands of one file, one at a time; with ``skip`` a bad hand is noted there and passed over."""
    kind = _kind_of(path)
    if kind is None:
        message = f"{path.name}: not a hand history pokerlab reads (.phh, .phhs, .log, maybe .gz or .xz)"
        if skip is None:
            raise DataError(message)
        skip.append((str(path), message))
        return
    try:
        with _open_text(path) as f:
            if kind == "phh":
                lines = (line[:-2] + "\n" if line.endswith("\r\n") else line for line in f)
                for chunk, start, label in _raw_sections(lines, path.name):
                    try:
                        hand = _section(chunk, start, path.name, label, True)
                        if not hand.state.is_over:
                            raise DataError(f"{hand.source}: the actions stop before the hand ends")
                    except PokerlabError as exc:
                        if skip is None:
                            raise
                        skip.append((str(path), str(exc)))
                        continue
                    yield hand.state, _phh_names(hand)
            else:
                yield from _iter_acpc(f, path.name, rules, skip, str(path))
    except (OSError, UnicodeDecodeError, EOFError, lzma.LZMAError) as exc:
        message = f"{path.name}: cannot read the file ({exc.__class__.__name__}: {exc})"
        if skip is None:
            raise DataError(message) from exc
        skip.append((str(path), message))


def _iter_acpc(
    lines: Iterable[str], name: str, rules: Rules | None, skip: list[tuple[str, str]] | None, where: str
) -> Iterator[tuple[HandState, list[str]]]:
    game = _default_rules(rules)
    for number, raw in enumerate(lines, start=1):
        line = raw.strip()
        if not line or line.startswith(("#", "SCORE:")):
            continue
        try:
            parts = line.split(":")
            if not line.startswith("STATE:") or len(parts) != 6:
                raise DataError(f"{name}, line {number}: not a STATE line of an ACPC dealer log: {line[:80]!r}")
            _, hand, betting, cards, _values, players = parts
            state = state_from_matchstate(MatchState.parse(f"MATCHSTATE:0:{hand}:{betting}:{cards}"), game)
            who = players.split("|")
            if len(who) != state.n or not state.is_over:
                raise DataError(
                    f"{name}, line {number}: the hand is not over or names {len(who)} players for {state.n}"
                )
        except PokerlabError as exc:
            if skip is None:
                raise DataError(f"{name}, line {number}: {exc}") from None
            skip.append((where, f"line {number}: {exc}"))
            continue
        yield state, who


def iter_hands(
    hands: Any, *, rules: Rules | None = None, skip: list[tuple[str, str]] | None = None
) -> Iterator[tuple[HandState, list[str]]]:
    """Every finished hand in ``hands`` as ``(state, names by seat)``, read one at a time.

    ``hands`` is a file or folder path, PHH text, a :class:`~pokerlab.game.MatchResult`, a
    :class:`~pokerlab.game.phh.PHHHand`, a finished :class:`~pokerlab.game.HandState` (its players named
    ``seat 0``, ``seat 1``...), or an iterable of any of these. ``rules`` is the game of ACPC logs
    (ACPC's heads-up limit game when not given). With ``skip`` (a list), a hand that cannot be read is
    noted there as ``(source, reason)`` and passed over; without it, it raises a :class:`DataError`.
    """
    if isinstance(hands, (str, os.PathLike)):
        if isinstance(hands, str) and "\n" in hands:
            yield from _iter_text(hands, skip)
            return
        for path in hand_sources(hands):
            yield from _iter_file(path, rules, skip)
        return
    if isinstance(hands, MatchResult):
        yield from _iter_text_list(hands.histories, skip)
        return
    if isinstance(hands, PHHHand):
        yield hands.state, _phh_names(hands)
        return
    if isinstance(hands, HandState):
        if not hands.is_over:
            raise DataError("the hand is not over: statistics count finished hands only")
        yield hands, [f"seat {s}" for s in range(hands.n)]
        return
    _validate.instance(
        hands,
        Iterable,
        "hands must be hand-history paths, PHH text, a MatchResult, PHHHand or HandState objects, "
        "or an iterable of them",
        error=ParameterTypeError,
        check=lambda items: not isinstance(items, bytes),
        text=True,
    )
    for item in hands:
        if isinstance(item, (list, tuple)):
            raise ParameterTypeError(f"hands holds hands, paths or texts, not a nested {type(item).__name__}")
        yield from iter_hands(item, rules=rules, skip=skip)


def _iter_text(text: str, skip: list[tuple[str, str]] | None) -> Iterator[tuple[HandState, list[str]]]:
    lines = iter(text.splitlines(keepends=True))
    for chunk, start, label in _raw_sections(lines, ""):
        try:
            hand = _section(chunk, start, "", label, True)
            if not hand.state.is_over:
                raise DataError("PHH text: the actions stop before the hand ends")
        except PokerlabError as exc:
            if skip is None:
                raise
            skip.append(("PHH text", str(exc)))
            continue
        yield hand.state, _phh_names(hand)


def _iter_text_list(texts: Sequence[str], skip: list[tuple[str, str]] | None) -> Iterator[tuple[HandState, list[str]]]:
    for k, text in enumerate(texts):
        try:
            hand = load_phh(text, source=f"history {k}")
        except PokerlabError as exc:
            if skip is None:
                raise
            skip.append((f"history {k}", str(exc)))
            continue
        yield hand.state, _phh_names(hand)


def _all_paths(hands: Any) -> bool:
    """Whether ``hands`` is a path or a list of paths (not PHH text, not hand objects)."""
    items = [hands] if isinstance(hands, (str, os.PathLike)) else hands if isinstance(hands, (list, tuple)) else None
    return items is not None and all(
        isinstance(x, os.PathLike) or (isinstance(x, str) and "\n" not in x) for x in items
    )
