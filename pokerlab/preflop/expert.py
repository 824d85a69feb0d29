"""Expert preflop tables.

Papp's income rates (the Waterloo report's Tables 1-2), the Sklansky-Malmuth
groups, the Chen formula and Rembrant's nine groups.
"""

from __future__ import annotations

import math
from concurrent.futures import Executor

import numpy as np

from pokerlab import _progress
from pokerlab._options import TableSourceChoice
from pokerlab._validate import member
from pokerlab.cards import HandClass
from pokerlab.errors import ParameterError
from pokerlab.preflop.simulate import simulate_table
from pokerlab.preflop.table import (
    CLASS_NAMES,
    PreflopTable,
    TableSource,
    _check_players,
    _class,
    _grid,
    _version,
)

# ----------------------------------------------------------------------------
# Expert tables (the Waterloo report's Tables 1-2) and expert groupings
# ----------------------------------------------------------------------------

# Sklansky and Malmuth, "Hold'em Poker for Advanced Players": groups 1 (best) to 8.
SKLANSKY_GROUPS: dict[int, tuple[str, ...]] = {
    1: ("AA", "KK", "QQ", "JJ", "AKs"),
    2: ("TT", "AQs", "AJs", "KQs", "AKo"),
    3: ("99", "ATs", "KJs", "QJs", "JTs", "AQo"),
    4: ("88", "KTs", "QTs", "J9s", "T9s", "98s", "AJo", "KQo"),
    5: (
        "77", "A9s", "A8s", "A7s", "A6s", "A5s", "A4s", "A3s", "A2s", "Q9s", "T8s", "97s", "87s", "76s",
        "KJo", "QJo", "JTo",
    ),
    6: ("66", "55", "K9s", "J8s", "86s", "75s", "54s", "ATo", "KTo", "QTo"),
    7: (
        "44", "33", "22", "K8s", "K7s", "K6s", "K5s", "K4s", "K3s", "K2s", "Q8s", "T7s", "64s", "53s", "43s",
        "J9o", "T9o", "98o",
    ),
    8: ("87o", "A9o", "Q9o", "76o", "42s", "32s", "96s", "85s", "J8o", "J7s", "65o", "54o", "74s", "K9o", "T8o"),
}  # fmt: skip

# Rembrant, section 3.1: nine groups, 1 strongest.
REMBRANT_GROUPS: dict[int, tuple[str, ...]] = {
    1: ("AA", "KK"),
    2: ("QQ", "JJ", "AKo", "AKs"),
    3: ("TT", "AQs", "AQo", "AJs", "KQs"),
    4: ("99", "88", "77", "ATs", "ATo", "KJs", "AJo"),
    5: ("KQo", "QJs", "KTs", "JTs"),
    6: ("KJo", "QTs", "A9s", "A8s", "QJo"),
    7: ("A7s", "A6s", "A5s", "A4s", "A3s", "A2s", "KTo", "JTo", "K9s", "Q9s", "T9s", "J9s"),
    8: ("A9o", "A8o", "A7o", "A6o", "A5o", "A4o", "A3o", "A2o", "98s", "87s", "76s", "65s", "54s", "43s", "32s"),
}


def chen_points(name: str | HandClass) -> float:
    """Bill Chen's formula: points for the high card, pair, suit, gap and straight chances.

    High card A=10, K=8, Q=7, J=6, else half its rank (T=5 ... 2=1); pairs
    double it (at least 5); suited +2; gap 1/2/3/4+ costs 1/2/4/5; +1 when
    the gap is 0 or 1 and both cards are below a queen; half points round up.

    >>> chen_points("AA"), chen_points("AKs"), chen_points("72o"), chen_points("JTs")
    (20.0, 12.0, -1.0, 9.0)
    """
    hc = _class(name)
    hi, lo = hc.high.index, hc.low.index
    score = {12: 10.0, 11: 8.0, 10: 7.0, 9: 6.0}.get(hi, (hi + 2) / 2)
    if hc.is_pair:
        score = max(5.0, score * 2)
    else:
        if hc.suited:
            score += 2
        gap = hi - lo - 1
        score -= {0: 0, 1: 1, 2: 2, 3: 4}.get(gap, 5)
        if gap <= 1 and hi < 10:
            score += 1
    return float(math.ceil(score))


def _group_table(groups: dict[int, tuple[str, ...]], source: str, players: int) -> PreflopTable:
    worst = max(groups) + 1
    group_of = {name: worst for name in CLASS_NAMES}
    for g, names in groups.items():
        for n in names:
            if group_of[_class(n).name] != worst:
                raise AssertionError(f"{n} is in two groups")
            group_of[_class(n).name] = g
    group = _grid(group_of)
    values = (worst - group) / (worst - 1)
    provenance = {
        "method": "expert",
        "source": source,
        "players": players,
        "scale": f"(group {worst} - group) / {worst - 1}: group 1 reads 1, unlisted hands (group {worst}) read 0",
        "pokerlab_version": _version(),
    }
    return PreflopTable(values=values, provenance=provenance, extra={"group": group})


def expert_table(
    players: int,
    source: TableSourceChoice = TableSource.INCOME_RATE,
    *,
    games: int | None = None,
    seed: int | None = None,
    executor: Executor | None = None,
    progress: bool = True,
) -> PreflopTable:
    """An expert preflop table, scaled so the worst class reads 0 and the best 1.

    ``source="income_rate"`` is Papp's roll-out income rate (the Waterloo report's
    Tables 1-2; IR2/IR4/IR7 are players = 2, 4, 7): n players each put one
    bet in and call to the showdown, and a class winning a pot share ``s``
    earns ``IR = n*s - 1`` bets per hand. It is estimated from ``games``
    seeded games per class (the raw IR is kept in ``extra["income_rate"]``
    with its standard error). The groupings do not depend on ``players``:
    ``"sklansky"`` (Sklansky-Malmuth groups 1-8, 9 = unlisted), ``"rembrant"``
    (Rembrant's groups 1-9) and ``"chen"`` (the Chen formula, points in
    ``extra["points"]``). ``games`` (default 100,000), ``seed`` (default 2026) and ``executor`` are
    for the income rate only: a fixed source refuses them rather than ignore them.
    """
    players = _check_players(players)
    source = member(TableSource, source, "source")
    if source != "income_rate":
        given = [
            f"{k}={v!r:.40}" for k, v in (("games", games), ("seed", seed), ("executor", executor)) if v is not None
        ]
        if given:
            raise ParameterError(
                f"source={str(source)!r} reads fixed {'points' if source == 'chen' else 'groups'} "
                f"(nothing is simulated): it takes no {', '.join(given)}"
            )
    games = 100_000 if games is None else games
    seed = 2026 if seed is None else seed
    if source == "sklansky":
        return _group_table(SKLANSKY_GROUPS, source, players)
    if source == "rembrant":
        return _group_table({g: v for g, v in REMBRANT_GROUPS.items()}, source, players)
    if source == "chen":
        points = _grid({n: chen_points(n) for n in CLASS_NAMES})
        lo, hi = np.nanmin(points), np.nanmax(points)
        provenance = {
            "method": "expert",
            "source": "chen",
            "players": players,
            "scale": "(points - min) / (max - min)",
            "pokerlab_version": _version(),
        }
        return PreflopTable(values=(points - lo) / (hi - lo), provenance=provenance, extra={"points": points})

    with _progress.labelled(f"expert table (income rate), {players} players"):
        sim = simulate_table(players, games=games, seed=seed, executor=executor, progress=progress)
    share = sim.extra["pot_share"]
    ir = players * share - 1.0
    ir_err = players * sim.extra["share_stderr"]
    lo, hi = np.nanmin(ir), np.nanmax(ir)
    provenance = {
        "method": "expert",
        "source": "income_rate",
        "players": players,
        "games": games,
        "seed": seed,
        "games_per_task": sim.provenance["games_per_task"],
        "scale": "(IR - min IR) / (max IR - min IR), IR = players * pot share - 1 bets per hand",
        "pokerlab_version": _version(),
        "command": f"pokerlab tables --method expert --players {players} --games {games} --seed {seed}",
    }
    return PreflopTable(
        values=(ir - lo) / (hi - lo),
        provenance=provenance,
        errors=ir_err / (hi - lo),
        extra={"income_rate": ir, "income_rate_stderr": ir_err, "pot_share": share},
    )
