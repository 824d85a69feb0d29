"""Junk for every public callable: the machinery behind tests/test_junk.py and the closing counts.

Callables are found mechanically, so functions added later are covered
without editing this file:

* every name in the ``__all__`` of every public module of pokerlab (no
  ``_private`` part in its dotted name): functions, the public classmethods
  and staticmethods of classes, and the constructors of classes that check
  their input (a ``__post_init__`` or an ``__init__`` of their own);
* every subcommand and option of the ``pokerlab`` parser (see
  :func:`cli_cases`).

Each parameter in turn gets each kind of junk while the others keep a
valid value: from :data:`REGISTRY` (per callable), else from :data:`BY_NAME`
(per parameter name), else the parameter's default; a required parameter
with neither gets junk too. An outcome is one of

* ``ok``: a result (with no NaN in it),
* ``refused``: a :class:`~pokerlab.errors.PokerlabError` whose message names
  the argument (its name, or the value given),
* ``unnamed``: a PokerlabError whose message names neither,
* ``crash``: any other exception, ``nan``: a result holding NaN,
  ``slow``: no answer within the time limit.

``python -m tests.junk`` prints the counts per area.
"""

from __future__ import annotations

import importlib
import inspect
import math
import os
import pkgutil
import signal
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, is_dataclass
from enum import Enum
from typing import Any

import numpy as np
import pandas as pd

import pokerlab
from pokerlab.errors import PokerlabError

SKIP = {
    # they start servers, open sockets or browsers: their arguments are checked by their own tests
    "pokerlab.apps.serve.start": "starts a Voila server",
    "pokerlab.apps.serve.free_port": "binds a socket",
    "pokerlab.game.acpc.run_client": "connects to a dealer over TCP",
    "pokerlab.game.match.notify_bots": "calls into arbitrary bot objects",
    "pokerlab.game.match.ask_bot": "calls into arbitrary bot objects",
}


class _Slow(BaseException):
    """Raised by the alarm: not an Exception, so no handler in pokerlab can swallow it."""


class _Thing:
    """An object of no useful type."""

    def __repr__(self) -> str:
        return "<thing>"


JUNK: list[tuple[str, Any]] = [
    ("None", None),
    ("True", True),
    ("False", False),
    ("-1", -1),
    ("0", 0),
    ("2**70", 2**70),
    ("-2**70", -(2**70)),
    ("1.5", 1.5),
    ("nan", math.nan),
    ("inf", math.inf),
    ("-inf", -math.inf),
    ("5e-324", 5e-324),
    ("''", ""),
    ("' '", " "),
    ("long text", "Zq" * 5000),
    ("'Zz'", "Zz"),
    ("bytes", b"\xff\xfe"),
    ("[]", []),
    ("{}", {}),
    ("object", _Thing()),
    ("[0, 0] (duplicate ids)", [0, 0]),
    ("[51, 52] (id out of range)", [51, 52]),
    ("np.int64(-3)", np.int64(-3)),
    ("np.nan array", np.array([math.nan, 1.0])),
    ("3x3 array", np.zeros((3, 3))),
]


def _rules() -> Any:
    from pokerlab.game import NO_LIMIT_RING

    return NO_LIMIT_RING


def _bots() -> list[Any]:
    from pokerlab.bots import AlwaysCall

    return [AlwaysCall(), AlwaysCall()]


def _state() -> Any:
    return _rules().new_hand(2, seed=1)


def _view() -> Any:
    from pokerlab.game import view_for

    s = _state()
    return view_for(s, s.actor)


def _rounds() -> tuple[str, ...]:
    from pokerlab.bpp import ROUNDS

    return ROUNDS


def _gap() -> Any:
    from pokerlab.bpp.evaluation import abstraction_gap

    return abstraction_gap(5, seed=1, progress=False)


def _rank_a() -> Any:
    from pokerlab.cards import Rank

    return Rank("A")


def _rank_k() -> Any:
    from pokerlab.cards import Rank

    return Rank("K")


def _table_file() -> Any:
    import tempfile
    from pathlib import Path

    path = Path(tempfile.gettempdir()) / f"pokerlab-junk-{os.getpid()}.csv"
    if not path.exists():
        _table().write(path)
    return path


def _table() -> Any:
    from pokerlab.preflop import expert_table

    return expert_table(2, source="chen")


# valid values by parameter name (a callable may override them in REGISTRY)
BY_NAME: dict[str, Callable[[], Any]] = {
    "hole": lambda: "AdQc",
    "board": lambda: "3h4cJh",
    "hand": lambda: "AhKh",
    "cards": lambda: "AsKsQsJsTs",
    "card": lambda: "As",
    "players": lambda: 2,
    "opponents": lambda: 1,
    "seed": lambda: 1,
    "games": lambda: 10,
    "samples": lambda: 500,
    "hands": lambda: 2,
    "trials": lambda: 1,
    "deals": lambda: 1000,
    "lookahead": lambda: 1,
    "pot": lambda: 40,
    "to_call": lambda: 10,
    "bet": lambda: 10,
    "p_win": lambda: 0.5,
    "round": lambda: "flop",
    "rnd": lambda: "flop",
    "rules": _rules,
    "bots": _bots,
    "state": _state,
    "view": _view,
    "table": _table,
    "players_left": lambda: 2,
    "hs_n": lambda: 0.5,
    "hand_types": lambda: 17,
    "actions": lambda: 4,
    "name": lambda: "always_call",
    "spec": lambda: "always_call",
    "setup": lambda: ["always_call", "always_call"],
    "progress": lambda: False,
    "executor": lambda: None,
    "method": lambda: "exact",
    "source": lambda: "chen",
    "metric": lambda: "pot_share",
    "classes": lambda: ["AA"],
    "games_per_task": lambda: 10,
    "a": lambda: "always_call",
    "b": lambda: "always_call",
}

# valid values per callable, where the name alone is not enough
REGISTRY: dict[str, dict[str, Callable[[], Any]]] = {
    "pokerlab.cards.Card": {"id": lambda: 51},
    "pokerlab.cards.Card.parse": {"text": lambda: "As"},
    "pokerlab.cards.Card.of": {"rank": lambda: "A", "suit": lambda: "s"},
    "pokerlab.cards.HandClass.parse": {"text": lambda: "AKs"},
    "pokerlab.cards.HandClass.of": {"a": lambda: "Ah", "b": lambda: "Kh"},
    "pokerlab.cards.HandClass.at": {"row": lambda: 0, "col": lambda: 1},
    "pokerlab.cards.combo_index": {"a": lambda: 0, "b": lambda: 5},
    "pokerlab.cards.combo_cards": {"index": lambda: 7},
    "pokerlab.cards.parse_cards": {"text": lambda: "AsKd"},
    "pokerlab.ranges.Range.parse": {"text": lambda: "TT+, AKs"},
    "pokerlab.ranges.Range.of": {"hand": lambda: "AhKh"},
    "pokerlab.evaluator.evaluate": {"cards": lambda: "AsKsQsJsTs"},
    "pokerlab.evaluator.reference_value": {"cards": lambda: "AsKsQsJsTs"},
    "pokerlab.equity.equity": {"hands_or_ranges": lambda: ("AhKh", "QQ"), "board": lambda: "2c7d8h9s"},
    "pokerlab.game.pots.side_pots": {
        "paid": lambda: [100, 40, 100],
        "live": lambda: [0, 1, 2],
        "seat_order": lambda: [1, 2, 0],
    },
    "pokerlab.game.pots.award_pots": {
        "pots": lambda: [(120, (1, 2, 0))],
        "values": lambda: {0: 5, 1: 9},
        "live": lambda: [0, 1],
    },
    "pokerlab.game.pots.split_chips": {"amount": lambda: 101, "winners": lambda: (3, 5)},
    # the events that take their kind's word ("bet", "big") check it: the rest are the engine's own records
    "pokerlab.game.state.Act": {
        "seat": lambda: 0,
        "street": lambda: __import__("pokerlab.game", fromlist=["Street"]).Street.FLOP,
        "kind": lambda: "bet",
        "amount": lambda: 10,
        "to": lambda: 10,
    },
    "pokerlab.game.state.PostBlind": {"seat": lambda: 0, "amount": lambda: 2, "blind": lambda: "big"},
    "pokerlab.apps.table_view.hand_seats": {"names": lambda: ("a", "b"), "me": lambda: 0},
    "pokerlab.charts.model_scores_chart": {
        "scores": lambda: pd.DataFrame([{"style": "a", "model": "tree", "log_loss": 0.5}]),
    },
    "pokerlab.preflop.simulate_table": {"players": lambda: 2, "games": lambda: 10, "classes": lambda: ["AA"]},
    "pokerlab.preflop.expert_table": {"source": lambda: "chen"},
    "pokerlab.preflop.load_table": {"method": lambda: "exact", "players": lambda: None},
    "pokerlab.bpp.learning.deal_counts": {"deals": lambda: 2000},
    "pokerlab.bpp.learning.simulate_counts": {"deals": lambda: 2000},
    "pokerlab.bpp.learning.cache_path": {"deals": lambda: 2000},
    "pokerlab.experiments.run_experiment": {"hands": lambda: 2, "trials": lambda: 1},
    "pokerlab.experiments.run_duplicate": {"hands": lambda: 2},
    "pokerlab.game.match.play_match": {"hands": lambda: 2},
    "pokerlab.strength.turn_card_effects": {"flop": lambda: "3h4cJh"},
    "pokerlab.strength.compensated_strength": {"hs_n": lambda: 0.3, "players_left": lambda: 2},
    "pokerlab.preflop.PreflopTable": {
        "values": lambda: np.full((13, 13), 0.5),
        "provenance": lambda: {"method": "exact", "players": 2, "pokerlab_version": "0"},
    },
    "pokerlab.preflop.PreflopTable.read": {"path": lambda: _table_file()},
    "pokerlab.preflop.PreflopMatrix": {
        "wins": lambda: pokerlab.preflop.load_matrix().wins,
        "ties": lambda: pokerlab.preflop.load_matrix().ties,
        "pairs": lambda: pokerlab.preflop.load_matrix().pairs,
        "provenance": lambda: dict(pokerlab.preflop.load_matrix().provenance),
    },
    "pokerlab.breakdown.range_breakdown": {"hand_range": lambda: "TT+, AKs", "board": lambda: "Kd7d2c"},
    "pokerlab.charts.breakdown_chart": {"frame": lambda: pokerlab.range_breakdown("AA", "Kd7d2c").to_frame()},
    "pokerlab.charts.matrix_heatmap": {
        "frame": lambda: pokerlab.preflop.load_matrix().to_frame().head(3),
        "order": lambda: list(pokerlab.preflop.CLASS_NAMES),
    },
    "pokerlab.game.state.HandState": {"stacks": lambda: [100, 100]},
    "pokerlab.game.match.view_for": {"seat": lambda: 0},
    "pokerlab.bots.strategy.Decision": {"kind": lambda: "raise", "raise_to": lambda: 50},
    "pokerlab.bots.waterloo.legal_decision": {
        "decision": lambda: pokerlab.bots.Decision("raise", 50),
        "view": lambda: pokerlab.game.view_for(pokerlab.game.NO_LIMIT_RING.new_hand([200, 200], seed=1), 0),
    },
    "pokerlab.evaluator.HandValue": {"value": lambda: 7462, "cards": lambda: ()},
    "pokerlab.evaluator.evaluate_batch": {"ids": lambda: np.array([[0, 1, 2, 3, 5]], dtype=np.int64)},
    "pokerlab.cards.HandClass": {"high": _rank_a, "low": _rank_k, "suited": lambda: True},
    "pokerlab.ranges.Range": {"entries": lambda: ((0, 1.0),)},
    "pokerlab.ranges.Range.from_weights": {"weights": lambda: np.ones(1326)},
    "pokerlab.equity.exact_memory": {"sizes": lambda: [1, 1081]},
    "pokerlab.bpp.policy.summarise_actions": {"kinds": lambda: ["call"]},
    "pokerlab.bpp.handtypes.feasible": {"index": lambda: 0, "n_cards": lambda: 5},
    "pokerlab.bpp.handtypes.could_grow": {"sub": lambda: 5, "sup": lambda: 6, "n": lambda: 2, "k": lambda: 3},
    "pokerlab.bpp.handtypes.types_of_ids": {"ids": lambda: np.array([[0, 5, 9, 14, 20]])},
    "pokerlab.bpp.policy.OpponentModel": {"prior": lambda: {r: np.full((17, 4), 0.25) for r in _rounds()}},
    "pokerlab.bpp.evaluation.gap_summary": {"gap": lambda: _gap()},
    "pokerlab.bpp.evaluation.abstraction_gap": {"samples": lambda: 5},
    "pokerlab.game.rules.BlindLevel": {
        "from_hand": lambda: 0,
        "small_blind": lambda: 1,
        "big_blind": lambda: 2,
    },
}

# Too expensive with any valid arguments for a junk sweep (minutes of work); their
# arguments are checked by their own tests and the ones they share are swept elsewhere.
EXPENSIVE = {"pokerlab.preflop.exact_heads_up_table", "pokerlab.preflop.exact_matrix"}

SLOW_SECONDS = 10
VERBOSE = False


@dataclass(frozen=True)
class Target:
    qualname: str  # module.function or module.Class.method
    func: Callable[..., Any]
    module: str

    @property
    def area(self) -> str:
        if self.qualname.endswith(("from_phh", "to_phh")):
            return "pokerlab.game.phh"
        if "acpc" in self.qualname.rsplit(".", 1)[-1]:
            return "pokerlab.game.acpc"
        parts = self.module.split(".")
        return ".".join(parts[:3]) if len(parts) > 2 and parts[1] in ("game", "bots", "bpp", "apps") else self.module


def public_modules() -> list[str]:
    names = ["pokerlab"]
    for info in pkgutil.walk_packages(pokerlab.__path__, "pokerlab."):
        if any(p.startswith("_") for p in info.name.split(".")[1:]) or info.name == "pokerlab.cli":
            continue
        names.append(info.name)
    return names


def _is_protocol(cls: type) -> bool:
    return bool(getattr(cls, "_is_protocol", False))


def _checks_input(cls: type) -> bool:
    if is_dataclass(cls):
        return hasattr(cls, "__post_init__")
    return "__init__" in vars(cls)


# packages split into modules that re-export them: a callable is named by the package, as users import it
REEXPORTING = ("pokerlab.preflop", "pokerlab.widgets")


def _public_home(home: str, name: str, obj: object) -> str:
    for package in REEXPORTING:
        if home.startswith(package + ".") and getattr(importlib.import_module(package), name, None) is obj:
            return package
    return home


def targets() -> list[Target]:
    """Every public callable, once (by the module that defines it)."""
    seen: set[int] = set()
    out: list[Target] = []
    for modname in public_modules():
        module = importlib.import_module(modname)
        for name in getattr(module, "__all__", []):
            obj = getattr(module, name, None)
            home = _public_home(getattr(obj, "__module__", "") or "", name, obj)
            if obj is None or not home.startswith("pokerlab") or id(obj) in seen:
                continue
            if inspect.isfunction(obj):
                seen.add(id(obj))
                out.append(Target(f"{home}.{obj.__name__}", obj, home))
            elif inspect.isclass(obj) and not issubclass(obj, (BaseException, Enum)) and not _is_protocol(obj):
                seen.add(id(obj))
                if _checks_input(obj):
                    out.append(Target(f"{home}.{obj.__name__}", obj, home))
                for attr, raw in vars(obj).items():
                    if attr.startswith("_") or not isinstance(raw, (classmethod, staticmethod)):
                        continue
                    out.append(Target(f"{home}.{obj.__name__}.{attr}", getattr(obj, attr), home))
    return [t for t in out if t.qualname not in SKIP and t.qualname not in EXPENSIVE]


def _params(t: Target) -> list[inspect.Parameter]:
    try:
        sig = inspect.signature(t.func)
    except (TypeError, ValueError):
        return []
    return [
        p
        for p in sig.parameters.values()
        if p.name not in ("self", "cls") and p.kind is not inspect.Parameter.VAR_KEYWORD
    ]


def base_arguments(t: Target) -> dict[str, Any]:
    """A valid value for every parameter we can fill (required ones without one are left out)."""
    reg = REGISTRY.get(t.qualname, {})
    out: dict[str, Any] = {}
    for p in _params(t):
        if p.name in reg:
            out[p.name] = reg[p.name]()
        elif p.name in BY_NAME and (p.default is inspect.Parameter.empty or p.name in ("progress", "seed")):
            out[p.name] = BY_NAME[p.name]()
    return out


def _call(t: Target, args: dict[str, Any]) -> Any:
    pos: list[Any] = []
    kw: dict[str, Any] = {}
    for p in _params(t):
        if p.name not in args:
            continue
        v = args[p.name]
        if p.kind is inspect.Parameter.VAR_POSITIONAL:
            pos.extend(v if isinstance(v, tuple) else (v,))
        elif p.kind is inspect.Parameter.POSITIONAL_ONLY:
            pos.append(v)
        elif p.kind is inspect.Parameter.KEYWORD_ONLY or not pos or kw:
            kw[p.name] = v
        else:
            pos.append(v)
    if any(p.kind is inspect.Parameter.VAR_POSITIONAL for p in _params(t)):
        # positional-or-keyword parameters before *args must be positional
        names = [p.name for p in _params(t) if p.kind is inspect.Parameter.POSITIONAL_OR_KEYWORD]
        pos = [args[n] for n in names if n in args] + pos[len([n for n in names if n in args]) :]
        kw = {k: v for k, v in kw.items() if k not in names}
    return t.func(*pos, **kw)


def _has_nan(x: Any, depth: int = 0) -> bool:
    if depth > 3:
        return False
    if isinstance(x, float):
        return math.isnan(x)
    if isinstance(x, dict):
        return any(_has_nan(v, depth + 1) for v in list(x.values())[:50])
    if isinstance(x, (list, tuple)):
        return any(_has_nan(v, depth + 1) for v in x[:50])
    return False


def _names(message: str, param: str, value: Any) -> bool:
    m = message.lower()
    words = {param.lower(), param.replace("_", " ").lower(), param.replace("_", "-").lower()}
    if any(w in m for w in words):
        return True
    return any(shown and shown[:20].lower() in m for shown in (repr(value), str(value)))


def _alarm(signum: int, frame: Any) -> None:
    raise _Slow


def outcome(t: Target, param: str, value: Any) -> tuple[str, str]:
    """What happens when ``param`` of ``t`` gets ``value`` (others valid): (kind, detail)."""
    args = base_arguments(t)
    args[param] = value
    old = signal.signal(signal.SIGALRM, _alarm)
    try:
        signal.alarm(SLOW_SECONDS)
        try:
            return _judge(t, param, value, args)
        finally:
            signal.alarm(0)
    except _Slow:
        return "slow", f"no answer in {SLOW_SECONDS} s"
    finally:
        signal.signal(signal.SIGALRM, old)


def _judge(t: Target, param: str, value: Any, args: dict[str, Any]) -> tuple[str, str]:
    try:
        result = _call(t, args)
    except PokerlabError as exc:
        text = str(exc)
        if not text.strip():
            return "unnamed", f"{type(exc).__name__}: an empty message"
        return ("refused" if _names(text, param, value) else "unnamed"), f"{type(exc).__name__}: {text}"
    except Exception as exc:
        return "crash", f"{type(exc).__name__}: {str(exc)[:200]}"
    if _has_nan(result):
        return "nan", "a result holding NaN"
    return "ok", ""


def cases() -> Iterator[tuple[Target, str, str, Any]]:
    """(target, parameter, junk label, junk value) for every parameter of every target and every junk."""
    for t in targets():
        for p in _params(t):
            for label, value in JUNK:
                yield t, p.name, label, value


def run_all(select: Callable[[Target], bool] = lambda t: True) -> dict[tuple[str, str, str], tuple[str, str]]:
    import sys
    import time

    results = {}
    for t, param, label, value in cases():
        if select(t):
            start = time.perf_counter()
            results[(t.qualname, param, label)] = outcome(t, param, value)
            took = time.perf_counter() - start
            if took > 1 and VERBOSE:
                print(f"  {t.qualname}({param}={label}) took {took:.1f} s", file=sys.stderr)
    return results


CORE = (
    "pokerlab",
    "pokerlab.cards",
    "pokerlab.ranges",
    "pokerlab.evaluator",
    "pokerlab.strength",
    "pokerlab.equity",
    "pokerlab.preflop",
    "pokerlab.bpp",
    "pokerlab.game.rules",
    "pokerlab.game.state",
    "pokerlab.game.match",
    "pokerlab.experiments",
)


def main() -> None:  # pragma: no cover - the closing counts
    import time

    global VERBOSE
    VERBOSE = True
    start = time.perf_counter()
    by_area: dict[str, Counter[str]] = {}
    import sys

    core_only = "--core" in sys.argv
    areas = {t.qualname: t.area for t in targets() if not core_only or t.module.startswith(CORE[1:])}
    results = run_all(lambda t: t.qualname in areas)
    for (qual, _param, _label), (kind, _detail) in results.items():
        by_area.setdefault(areas[qual], Counter())[kind] += 1
    kinds = ("ok", "refused", "unnamed", "crash", "nan", "slow")
    print(f"{'area':<28}{'callables':>10}{'inputs':>8}" + "".join(f"{k:>9}" for k in kinds))
    total: Counter[str] = Counter()
    for area in sorted(by_area):
        c = by_area[area]
        total += c
        n_callables = sum(1 for a in areas.values() if a == area)
        print(f"{area:<28}{n_callables:>10}{sum(c.values()):>8}" + "".join(f"{c[k]:>9}" for k in kinds))
    print(f"{'total':<28}{len(areas):>10}{sum(total.values()):>8}" + "".join(f"{total[k]:>9}" for k in kinds))
    print(f"({time.perf_counter() - start:.0f} s)")
    bad = [(k, v) for k, v in results.items() if v[0] in ("crash", "nan", "slow", "unnamed")]
    for (qual, param, label), (kind, detail) in sorted(bad):
        print(f"{kind:8} {qual}({param}={label}): {detail}")


if __name__ == "__main__":  # pragma: no cover
    main()
