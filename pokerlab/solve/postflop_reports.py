"""Reports over postflop solutions: many spots at once, the turn's report per river card, the 13x13 grid.

:func:`pokerlab.solve.postflop` solves one spot. A study usually needs more:

* :func:`postflop_many` solves a list of spots through any ``concurrent.futures`` executor (a process pool
  on this machine by default, ``client.get_executor()`` of a dask distributed cluster when one machine is not
  enough), in the order given, with one progress bar for the whole list;
* :func:`turn_report` solves a turn spot and lists, for every river card, how often the first player to act
  on the river takes each action there and what each player expects to win: the "aggregate report" a coach
  reads to see on which rivers a line keeps betting (``pokerlab.charts.turn_report_chart`` draws it);
* :func:`node_ranges` gives both players' ranges at a node (each combination's weight times the
  probability that the player's own strategy takes the line), from which :func:`strategy_grid` sums the
  acting player's strategy into the 13x13 grid of starting-hand classes and :func:`strategy_grid_text` prints
  it, as ``pokerlab postflop`` does.

**Weights.** A node's share of an action (:meth:`~pokerlab.solve.postflop.PostflopSolution.frequencies`), a
player's value there and a river card's weight all count every pair of hands by the product of the two
players' reaches, over the pairs that share no card (the card removal): a hand the opponent's range blocks
counts for less. The grid's cells weight the combinations of a class by the acting player's reach alone,
as solvers' grids do.

>>> from pokerlab import solve
>>> report = solve.turn_report("Ks 7d 4c 2h", "AA, 65s", "KQ", pot=100, stack=100, bets="100%", raises="",
...                            progress=False)
>>> len(report), list(report.columns[:4])
(48, ['river', 'weight', 'oop_value', 'ip_value'])
"""

from __future__ import annotations

import functools
import inspect
import os
from collections.abc import Mapping, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np

from pokerlab import _parallel, _validate
from pokerlab.cards import Card, HandClass, hand_classes, parse_named
from pokerlab.errors import IllegalActionError, ParameterError, ParameterTypeError, PokerlabError
from pokerlab.ranges import Range
from pokerlab.solve.postflop import Line, Player, PostflopSolution, _labels_of, _match, postflop

if TYPE_CHECKING:  # pragma: no cover
    import pandas as pd

__all__ = [
    "NodeRanges",
    "node_ranges",
    "postflop_many",
    "strategy_grid",
    "strategy_grid_text",
    "turn_report",
]

SPOT_REQUIRED = ("board", "oop", "ip", "pot", "stack")
"""The keys every spot of :func:`postflop_many` must have: the arguments :func:`postflop` cannot do without."""

_PLAYERS: tuple[Player, Player] = ("oop", "ip")


def _spot_keys() -> set[str]:
    return set(inspect.signature(postflop).parameters)


def _range(value: Any, name: str) -> Range:
    """``Range.parse(value)`` with the argument's name in its error."""
    try:
        return Range.parse(value)
    except PokerlabError as error:
        raise type(error)(f"{name}: {error}") from None


def _check_spots(spots: Any) -> list[dict[str, Any]]:
    _validate.instance(
        spots,
        Sequence,
        "spots must be a list of spots, each a mapping of solve.postflop's arguments such as "
        "{'board': 'Td9d6hQc', 'oop': 'AA', 'ip': 'KK', 'pot': 100, 'stack': 200}",
        error=ParameterTypeError,
        check=lambda listed: not isinstance(listed, Mapping),
    )
    known = _spot_keys()
    out = []
    for i, spot in enumerate(spots):
        _validate.instance(spot, Mapping, f"spots[{i}] must be a mapping of solve.postflop's arguments")
        missing = [k for k in SPOT_REQUIRED if k not in spot]
        unknown = sorted(str(k) for k in spot if k not in known)
        if missing or unknown:
            what = []
            if missing:
                what.append("lacks " + ", ".join(missing))
            if unknown:
                what.append("has unknown keys " + ", ".join(unknown) + f" (known: {', '.join(sorted(known))})")
            raise ParameterError(f"spots[{i}] " + " and ".join(what))
        out.append(dict(spot))
    return out


def _solve_spot(spot: dict[str, Any]) -> PostflopSolution:
    """One spot in a worker: no progress bar of its own (the caller's bar counts spots)."""
    return postflop(**{"progress": False, **spot})


def postflop_many(
    spots: Sequence[Mapping[str, Any]], executor: Executor | None = None, *, progress: bool = True
) -> list[PostflopSolution]:
    """Solve every spot (a mapping of :func:`~pokerlab.solve.postflop` arguments) and return the solutions in order.

    ``executor`` is any ``concurrent.futures.Executor``: a ``ProcessPoolExecutor``, a thread pool, or a dask
    distributed cluster's ``client.get_executor()`` (its workers must be able to import pokerlab). None starts
    a process pool of one worker per core (at most one per spot; started fresh, not forked: numba's
    threads cannot be forked) for this call, and each spot then solves on one thread unless it says
    ``threads``; a single spot is solved here. The spots are checked before any
    work: every one needs ``board``, ``oop``, ``ip``, ``pot`` and ``stack`` and nothing ``postflop`` does not
    take; their values are checked where they are solved, so a bad one raises what ``postflop`` raises.

    >>> spots = [dict(board="Ks7d4c2h2s", oop="AA, 65s", ip=ip, pot=100, stack=100, bets="100%", raises="")
    ...          for ip in ("KQ", "KQ, QJ")]
    >>> [round(s.value[0], 1) for s in postflop_many(spots, progress=False)]  # doctest: +SKIP
    [...]
    """
    checked = _check_spots(spots)
    show = _validate.flag(progress, "progress")
    _validate.instance(executor, Executor, "executor must be a concurrent.futures.Executor or None", optional=True)
    if executor is not None or len(checked) <= 1:
        return _parallel.run_tasks(checked, _solve_spot, executor, show, "postflop spots")
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    workers = min(len(checked), os.cpu_count() or 1)
    one_thread = [{"threads": 1, **s} for s in checked]
    # spawned, not forked: a process whose numba kernels have run OpenMP threads cannot fork safely
    with ProcessPoolExecutor(max_workers=workers, mp_context=multiprocessing.get_context("spawn")) as pool:
        return _parallel.run_tasks(one_thread, _solve_spot, pool, show, "postflop spots")


# ----------------------------------------------------------------------------
# Ranges at a node
# ----------------------------------------------------------------------------


def _labels(line: Any) -> list[str]:
    """The labels of a line, read (and refused) as the solution's own methods read them."""
    return _labels_of(line)


def _pick(label: str, options: Sequence[str]) -> str:
    """The option ``label`` names (``"allin"`` names the all-in, ``"bet 100.0"`` the bet of 100)."""
    i = _match(label, list(options))
    if i >= 0:
        return options[i]
    raise IllegalActionError(f"the actions are {', '.join(options)}; not {label!r}")


@functools.cache
def _combo_key(name: str) -> frozenset[int]:
    return frozenset(c.id for c in parse_named(name, "combination"))


def _per_combo(values: Mapping[str, float], names: Sequence[str]) -> np.ndarray:
    """A mapping combination name -> number as an array over ``names`` (0 where missing), whatever the spelling."""
    by_key = {_combo_key(n): v for n, v in values.items()}
    return np.array([by_key.get(_combo_key(n), 0.0) for n in names], dtype=np.float64)


@dataclass(frozen=True)
class NodeRanges:
    """Both players' ranges at the node a line reaches (built by :func:`node_ranges`).

    ``names[p]`` are player p's combinations (``"AhKd"``; 0 is OOP, 1 is IP), ``reach[p]`` their weights
    at the node: the range's weight times the probability of every action p took on the line, zero for a
    combination holding a card dealt on the line; ``cards[p]`` their two card ids. ``line`` is the line in
    the solver's labels and ``player`` the one to act (None at a chance node or at the end of the hand).
    """

    names: tuple[tuple[str, ...], tuple[str, ...]]
    reach: tuple[np.ndarray, np.ndarray]
    cards: tuple[np.ndarray, np.ndarray]
    line: tuple[str, ...]
    player: int | None

    def mass(self, p: int) -> np.ndarray:
        """For each of p's combinations, the opponent's reach on the hands that share no card with it."""
        return _mass(self.reach[1 - p], self.cards[1 - p], self.cards[p])

    def joint(self, p: int) -> np.ndarray:
        """``reach[p] * mass(p)``: how often each of p's combinations is at the node (up to a common factor)."""
        return self.reach[p] * self.mass(p)

    def weight_without(self, card: Card) -> float:
        """The weight of the pairs at the node that leave ``card`` in the deck (a river card's chance there)."""
        keep = [~np.any(self.cards[p] == card.id, axis=1) for p in range(2)]
        r0 = np.where(keep[0], self.reach[0], 0.0)
        r1 = np.where(keep[1], self.reach[1], 0.0)
        return float(np.dot(r0, _mass(r1, self.cards[1], self.cards[0])))


def _mass(reach_o: np.ndarray, cards_o: np.ndarray, cards_p: np.ndarray) -> np.ndarray:
    """For each of p's hands, the opponent's reach on hands sharing no card with it (inclusion-exclusion)."""
    per_card = np.zeros(52)
    np.add.at(per_card, cards_o[:, 0], reach_o)
    np.add.at(per_card, cards_o[:, 1], reach_o)
    same = {(int(a), int(b)): r for (a, b), r in zip(cards_o, reach_o, strict=True)}
    back = np.array([same.get((int(a), int(b)), same.get((int(b), int(a)), 0.0)) for a, b in cards_p])
    if len(cards_p) == 0:
        return np.zeros(0)
    return reach_o.sum() - per_card[cards_p[:, 0]] - per_card[cards_p[:, 1]] + back


def _live(rng: Range, board: set[int]) -> list[tuple[int, int, float]]:
    return sorted((a.id, b.id, float(w)) for a, b, w in rng.combos() if a.id not in board and b.id not in board)


def _same_ranges(solution: PostflopSolution, oop: str | Range, ip: str | Range) -> None:
    """Refuse ranges other than the ones ``solution`` was solved from: the reach a line gives them would be
    computed with another game's strategies (a tester's report mixed two games' numbers without a word)."""
    board = {c.id for c in solution.board}
    for r, who, solved in ((oop, "oop", solution._spec.ranges[0]), (ip, "ip", solution._spec.ranges[1])):
        if _live(_range(r, who), board) != _live(solved, board):
            raise ParameterError(
                f"{who} is not the range this solution was solved from ({solved!s:.80}); "
                "give the same ranges, or solve again with these"
            )


def node_ranges(solution: PostflopSolution, oop: str | Range, ip: str | Range, line: Line = ()) -> NodeRanges:
    """Both players' ranges at the node ``line`` reaches in ``solution`` (solved from the ranges ``oop``, ``ip``).

    Walks the line with the solution's public strategies: OOP acts first on every street and the players
    alternate; a card on the line is dealt (combinations holding it drop out).
    """
    _validate.instance(solution, PostflopSolution, "solution must be a PostflopSolution from solve.postflop")
    labels = _labels(line)
    board = {c.id for c in solution.board}
    _same_ranges(solution, oop, ip)
    names: list[list[str]] = []
    reach: list[np.ndarray] = []
    cards: list[np.ndarray] = []
    for r, who in ((oop, "oop"), (ip, "ip")):
        rng = _range(r, who)
        live = [(a, b, w) for a, b, w in rng.combos() if a.id not in board and b.id not in board]
        names.append([f"{max(a, b)}{min(a, b)}" for a, b, _ in live])
        reach.append(np.array([w for _, _, w in live], dtype=np.float64))
        cards.append(np.array([(a.id, b.id) for a, b, _ in live], dtype=np.int64).reshape(-1, 2))
    player: int | None = 0
    done: list[str] = []
    for lab in labels:
        options = solution.actions(done)
        if not options:
            raise IllegalActionError(f"the hand is over after {tuple(done)}; {lab!r} cannot follow")
        if _is_card(options[0]):
            card = Card.parse(lab) if _is_card(lab) else None
            if card is None or str(card) not in options:
                shown = f"{str(card)!r}, a board card" if card is not None else repr(lab)
                raise IllegalActionError(
                    f"after {tuple(done)} the river is a card not on the board, such as "
                    f"{', '.join(options[:4])}, ...; not {shown}"
                )
            for p in range(2):
                reach[p] = np.where(np.any(cards[p] == card.id, axis=1), 0.0, reach[p])
            done.append(str(card))
            player = 0
            continue
        action = _pick(lab, options)
        assert player is not None
        probs = _per_combo({c: mix[action] for c, mix in solution.strategy(done).items()}, names[player])
        reach[player] = reach[player] * probs
        done.append(action)
        player = 1 - player
    after = solution.actions(done)
    if not after or _is_card(after[0]):
        player = None
    return NodeRanges(
        (tuple(names[0]), tuple(names[1])), (reach[0], reach[1]), (cards[0], cards[1]), tuple(done), player
    )


def _is_card(text: str) -> bool:
    return len(text) == 2 and text[0].upper() in "23456789TJQKA" and text[1].lower() in "cdhs"


# ----------------------------------------------------------------------------
# The 13x13 grid of the acting player's strategy
# ----------------------------------------------------------------------------


def strategy_grid(
    solution: PostflopSolution, oop: str | Range, ip: str | Range, line: Line = ()
) -> dict[str, dict[str, float]]:
    """Starting-hand class (``"AKs"``) -> action -> its share of the class's combinations at the node.

    Each class's mix is its combinations' strategies weighted by the acting player's reach at the node;
    classes the player does not bring there are left out.
    """
    nodes = node_ranges(solution, oop, ip, line)
    if nodes.player is None:
        raise IllegalActionError(f"no one acts after {nodes.line}")
    q = nodes.player
    actions = solution.actions(nodes.line)
    strat = {_combo_key(c): mix for c, mix in solution.strategy(nodes.line).items()}
    sums: dict[str, np.ndarray] = {}
    totals: dict[str, float] = {}
    for h, name in enumerate(nodes.names[q]):
        w = float(nodes.reach[q][h])
        key = _combo_key(name)
        if w <= 0 or key not in strat:
            continue
        cls = HandClass.of(name[:2], name[2:]).name
        mix = np.array([strat[key][a] for a in actions])
        sums[cls] = sums.get(cls, np.zeros(len(actions))) + w * mix
        totals[cls] = totals.get(cls, 0.0) + w
    order = [hc.name for hc in hand_classes()]
    return {c: {a: float(v) for a, v in zip(actions, sums[c] / totals[c], strict=True)} for c in order if c in sums}


RANKS = "AKQJT98765432"


def _cell(name: str) -> tuple[int, int]:
    """(row, column) on the A..2 grid: pairs on the diagonal, suited above it, offsuit below it."""
    hi, lo = RANKS.index(name[0]), RANKS.index(name[1])
    if len(name) == 2 or name.endswith("s"):
        return hi, lo
    return lo, hi


def strategy_grid_text(grid: Mapping[str, Mapping[str, float]]) -> str:
    """The grid of :func:`strategy_grid` as text: one 13x13 block per action, whole percentages per class.

    Read a class's mix across the blocks (its cells add up to 100); ``.`` is 0, ``##`` is 100 and a blank
    cell a class the player does not bring to the node. Rows and columns run A..2: pairs on the diagonal,
    suited hands above it (row = higher card), offsuit hands below it.
    """
    _validate.instance(
        grid,
        Mapping,
        "grid must map hand classes to action mixes (from strategy_grid)",
        error=ParameterTypeError,
        check=bool,
    )
    first = next(iter(grid.values()))
    actions = list(first) if isinstance(first, Mapping) else []
    names = {c.name for c in hand_classes()}
    for cls, mix in grid.items():  # every entry a class of the 13x13 grid mapping the same actions to shares
        said = f"grid must map hand classes such as 'AKs' to the same actions' shares (from strategy_grid): {cls!r:.20}"
        _validate.instance(mix, Mapping, said)
        if cls not in names or list(mix) != actions or not actions:
            raise ParameterError(f"{said}, not {_validate.described(mix)}")
        for v in mix.values():
            _validate.real(v, "a grid share", lo=0.0, hi=1.0)
    blocks = []
    for a in actions:
        cells = [["    "] * 13 for _ in range(13)]
        for cls, mix in grid.items():
            r, c = _cell(cls)
            v = float(mix[a])
            cells[r][c] = "   ." if v < 0.005 else "  ##" if v > 0.995 else f"{100 * v:4.0f}"
        head = f"{a}:\n     " + "".join(f"{x:>4}" for x in RANKS)
        rows = [(f"{RANKS[r]:>4} " + "".join(cells[r])).rstrip() for r in range(13)]
        blocks.append("\n".join([head, *rows]))
    return "\n\n".join(blocks)


# ----------------------------------------------------------------------------
# The turn report
# ----------------------------------------------------------------------------


def turn_report(
    board: Any,
    oop: str | Range,
    ip: str | Range,
    *,
    pot: int,
    stack: int,
    line: Line = ("check", "check"),
    progress: bool = True,
    solution: PostflopSolution | None = None,
    **options: Any,
) -> pd.DataFrame:
    """Solve a turn spot and report, for every river card, the first river decision after ``line``.

    ``board`` has 4 cards; ``oop``, ``ip``, ``pot``, ``stack`` and ``options`` (``bets``, ``raises``,
    ``target``, ...) are :func:`~pokerlab.solve.postflop`'s. ``line`` is the turn's betting up to the river
    (default check, check; ``("bet 50", "call")`` is another). ``solution``: a solve of this spot already at
    hand (then nothing is solved again). One row per river card, in the solver's card order:

    ``river``        the card
    ``weight``       its chance after the line: the share of the pairs still dealt that leave it in the deck
    ``oop_value``,   each player's expected chips at the river node (taken from the pot minus put in since
    ``ip_value``     the start of the spot, so the two add up to ``pot``), over the pairs that reach it
    ``oop_equity``   OOP's share of the pot at showdown against IP's range there (ties split)
    one column per action of the first player on the river: its share of that player's range there
                     (values, equity and shares are NaN on a river card no pair of hands reaches)

    ``frame.attrs`` holds ``line``, ``actions``, ``player`` ("oop"), ``pot`` and ``exploitability_pct``.
    """
    import pandas as pd

    cards = parse_named(board, "board")
    if len(cards) != 4:
        raise ParameterError(f"turn_report needs a 4-card board (the turn), not {len(cards)} cards")
    for r, who in ((oop, "oop"), (ip, "ip")):
        _range(r, who)  # refused before any work, under the argument's name
    if solution is None:
        solution = postflop(cards, oop, ip, pot=pot, stack=stack, progress=progress, **options)
    else:
        _validate.instance(
            solution,
            PostflopSolution,
            "solution must be the PostflopSolution of this spot (the same board)",
            check=lambda solved: tuple(solved.board) == tuple(cards),
        )
        for name, given, solved in (("pot", pot, solution.pot), ("stack", stack, solution.stack)):
            if _validate.whole(given, name, lo=1) != solved:
                raise ParameterError(f"{name} {given!r} is not the solution's {name} ({solved}): give the same spot")
    labels = _labels(line)
    turn = node_ranges(solution, oop, ip, labels)
    rivers = solution.actions(turn.line)
    if not rivers or not _is_card(rivers[0]):
        raise IllegalActionError(
            f"the line {turn.line} does not end where the river is dealt (the actions there: "
            f"{', '.join(rivers) or 'none, the hand is over'})"
        )
    weights = {c: turn.weight_without(Card.parse(c)) for c in rivers}
    total = sum(weights.values())
    if total <= 0:
        raise IllegalActionError(
            f"no pair of hands takes the line {turn.line} in this solution (a player never takes one of its "
            "actions): report a line that is played"
        )
    rows = []
    actions: tuple[str, ...] = ()
    for c in rivers:
        at = [*turn.line, c]
        nodes = node_ranges(solution, oop, ip, at)
        row: dict[str, Any] = {"river": c, "weight": weights[c] / total}
        for p, who in enumerate(_PLAYERS):
            joint = nodes.joint(p)
            vals = _per_combo(solution.ev(at, who), nodes.names[p])
            den = joint.sum()
            row[f"{who}_value"] = float(np.dot(joint, vals) / den) if den > 0 else float("nan")
        j0 = nodes.joint(0)
        e0 = _per_combo(solution.equity(at, "oop"), nodes.names[0])
        row["oop_equity"] = float(np.dot(j0, e0) / j0.sum()) if j0.sum() > 0 else float("nan")
        acts = solution.actions(at)
        if not acts:
            raise IllegalActionError(f"no one acts on the river after {turn.line}: a player is all-in")
        actions = actions or tuple(acts)
        row.update(solution.frequencies(at))
        rows.append(row)
    frame = pd.DataFrame(rows)
    frame.attrs.update(
        {
            "line": turn.line,
            "actions": actions,
            "player": "oop",
            "pot": solution.pot,
            "exploitability_pct": solution.exploitability_pct,
        }
    )
    return frame


# ----------------------------------------------------------------------------
# One solve in words (``pokerlab postflop``)
# ----------------------------------------------------------------------------

_WORDS = ("check", "call", "fold", "allin")
_SIZED = ("bet", "raise", "allin")


def _check_line(line: Any) -> tuple[str, ...]:
    """``line`` as a tuple of labels, refused with an :class:`~pokerlab.errors.IllegalActionError` if a label
    cannot be an action or a card at all (whether the tree has it is known only once the spot is built).

    >>> _check_line("check, bet 100")
    ('check', 'bet 100')
    """
    labels = _labels(line)
    for lab in labels:
        words = lab.split()
        ok = _is_card(lab) or (len(words) == 1 and lab in _WORDS)
        if len(words) == 2 and words[0] in _SIZED:
            try:
                ok = float(words[1]) > 0
            except ValueError:
                ok = False
        if not ok:
            raise IllegalActionError(
                f"{lab!r} is not an action: a line is labels such as 'check', 'bet 100', 'call', 'fold', "
                "'raise 250', 'allin' and river cards such as '2s', separated by commas"
            )
    return tuple(labels)


def _no_one_acts(line: Sequence[str], after: Sequence[str]) -> None:
    """Refuse a line (not the root: with no chips behind no one acts there) ending where no one acts, given
    the labels ``after`` it (river cards at a chance node, nothing at the end of the hand)."""
    if line and (not after or _is_card(after[0])):
        what = f"the river is dealt next: add a card such as {after[0]!r}" if after else "the hand is over"
        raise IllegalActionError(f"no one acts after {tuple(line)}: {what}")


def _summary(solution: PostflopSolution, oop: str | Range, ip: str | Range, line: Line = ()) -> dict[str, Any]:
    """What ``pokerlab postflop`` prints, as plain data: the solve, the values and the node's strategy.

    Keys: ``board``, ``pot``, ``stack``, ``iterations``, ``seconds``, ``exploitability`` (chips),
    ``exploitability_pct``, ``value`` ({"oop", "ip"}), ``line``, ``player`` ("oop"/"ip"), ``actions``,
    ``frequencies`` (action -> share of the range; None at a node no pair of hands reaches) and ``grid``
    (:func:`strategy_grid`; empty at such a node).
    """
    nodes = node_ranges(solution, oop, ip, _check_line(line))
    if nodes.player is None:
        _no_one_acts(nodes.line, solution.actions(nodes.line))
    acting = nodes.player is not None
    shares = solution.frequencies(nodes.line) if acting else {}
    # a node no pair of hands reaches has no mix (NaN shares): None in the JSON, said in words in the text
    freq: dict[str, float | None] = {a: (None if f != f else f) for a, f in shares.items()}
    return {
        "board": " ".join(str(c) for c in solution.board),
        "pot": solution.pot,
        "stack": solution.stack,
        "iterations": solution.iterations,
        "seconds": solution.seconds,
        "exploitability": solution.exploitability,
        "exploitability_pct": solution.exploitability_pct,
        "value": {"oop": solution.value[0], "ip": solution.value[1]},
        "line": list(nodes.line),
        "player": ("oop", "ip")[nodes.player] if nodes.player is not None else None,
        "actions": list(solution.actions(nodes.line)) if acting else [],
        "frequencies": freq,
        "grid": strategy_grid(solution, oop, ip, nodes.line) if acting and None not in freq.values() else {},
    }


def _summary_text(data: Mapping[str, Any]) -> str:
    """:func:`_summary`'s data as the text ``pokerlab postflop`` prints."""
    where = "at the root" if not data["line"] else "after " + ", ".join(data["line"])
    mix = ", ".join(f"{a} {100 * f:.1f} %" for a, f in data["frequencies"].items() if f is not None)
    head = [
        f"board {data['board']}, pot {data['pot']:,}, stacks {data['stack']:,}",
        f"solved in {data['iterations']:,} iterations, {data['seconds']:.2f} s: exploitability "
        f"{data['exploitability_pct']:.4f} % of the pot ({data['exploitability']:.4f} chips)",
        f"values: OOP {data['value']['oop']:.3f}, IP {data['value']['ip']:.3f} chips (they add up to the pot)",
    ]
    if data["player"] is None:
        return "\n".join([*head, "no one acts at the root: with no chips behind the cards are dealt to showdown"])
    if not data["grid"]:
        return "\n".join(
            [
                *head,
                f"{where}, {data['player'].upper()} to act: no pair of hands reaches this node (an action before it "
                "is never taken, or the cards dealt remove a whole range), so it has no mix",
            ]
        )
    return "\n".join(
        [
            *head,
            f"{where}, {data['player'].upper()} to act: {mix}",
            "",
            f"{data['player'].upper()}'s strategy by hand class (% of the class's combinations at this node):",
            strategy_grid_text(data["grid"]),
        ]
    )
