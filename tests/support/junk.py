"""Junk for every public callable: the machinery behind tests/test_errors_junk.py and tests/cli/test_cli_junk.py,
and the closing counts.

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
  ``slow``: no answer within the time limit,
* ``costly``: still working at the time limit on a valid request for a
  lot of work (a whole number in range for a :data:`COSTLY` parameter).

``python -m tests.support.junk`` prints the counts per area.
"""

from __future__ import annotations

import functools
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
from pokerlab.course import checks as course_checks
from pokerlab.errors import PokerlabError
from tests.support import timing

SKIP = {
    # they start servers, open sockets or browsers: their arguments are checked by their own tests
    "pokerlab.apps.serve.start": "starts a Voila server",
    "pokerlab.apps.serve.free_port": "binds a socket",
    "pokerlab.game.acpc.run_client": "connects to a dealer over TCP",
    "pokerlab.game.match.notify_bots": "calls into arbitrary bot objects",
    "pokerlab.game.match.ask_bot": "calls into arbitrary bot objects",
    "pokerlab.course.slides.print_pdf": "starts Chromium (tests/course/test_slides.py checks its arguments)",
    "pokerlab.course.grading.grade": "starts a kernel per notebook (tests/course/test_course.py checks its input)",
    "pokerlab.solve.postflop_spots.save_spots": "solves every shipped spot and writes into the package",
    "pokerlab.course.site.build_site": "builds a site with Sphinx (tests/course/test_course_site.py)",
    # behind an edge that parsed and checked (issue 43, parse once): their checked twins take the junk
    "pokerlab.evaluator.evaluate_parsed": "takes parsed cards; pokerlab.evaluator.evaluate checks them",
    "pokerlab.strength.potential_parsed": "takes parsed cards and a weight table; hand_potential checks them",
    "pokerlab.strength.turn_card_effects_parsed": "takes parsed cards and a weight table; turn_card_effects checks",
    "pokerlab.course.reference.build_reference": (
        "builds the API reference with Sphinx (tests/course/test_reference.py)"
    ),
    # a check speaks to the student in the exercise's own words (never by parameter name) and raises CheckFailed,
    # a pokerlab error, for any answer it refuses: tests/course/test_course_checks.py holds every lesson's checks to
    # that
    **{
        f"pokerlab.course.checks.{name}": "a student's check: its messages name the exercise, not the parameter"
        for name in course_checks.__all__
        if inspect.isfunction(getattr(course_checks, name)) and name != "revealed"  # revealed is no check: junk
    },
    "pokerlab.solve.postflop.plain_values": "the tests' plain reference walk over the solver's own tree",
    "pokerlab.course.grading.NotebookGrade.from_record": "reads back the grader's own gradebook lines",
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


@functools.cache
def _push_fold() -> Any:
    from pokerlab.solve import push_fold

    return push_fold(10)


@functools.cache
def _spot() -> Any:
    from pokerlab.solve.postflop_spots import load_spot

    return load_spot("bluff_catcher")


def _push_fold_chart() -> Any:
    from pokerlab.solve import push_fold_chart

    return push_fold_chart([5.0, 10.0])


_STATS_FILE = str(__import__("pathlib").Path(__file__).parent.parent / "data" / "stats" / "labelled.phhs")
_POSTFLOP_RIVER = {"board": "Ks7d4c2h2s", "oop": "AA", "ip": "KQ", "pot": 10, "stack": 10}
_POSTFLOP_TURN = {"board": "Ks7d4c2h", "oop": "QJ", "ip": "KQ", "pot": 10, "stack": 10}  # OOP checks


@functools.cache
def _postflop(spot: str) -> Any:
    from pokerlab.solve import postflop

    return postflop(**(_POSTFLOP_RIVER if spot == "river" else _POSTFLOP_TURN), progress=False)


@functools.cache
def _turn_report() -> Any:
    from pokerlab.solve import turn_report

    return turn_report(**_POSTFLOP_TURN, solution=_postflop("turn"))


@functools.cache
def _kuhn() -> Any:
    from pokerlab.solve import game

    return game("kuhn")


@functools.cache
def _uniform() -> Any:
    from pokerlab.solve import Policy

    return Policy.uniform(_kuhn())


@functools.cache
def _cfr_runs() -> list[Any]:
    from pokerlab.solve import cfr

    return [cfr(_kuhn(), 10, "cfr+", record=5)]


@functools.cache
def _rps_run() -> Any:
    from pokerlab.solve.matrix import ROCK_PAPER_SCISSORS, regret_matching_self_play

    return regret_matching_self_play(ROCK_PAPER_SCISSORS, 20)


def _hand_file() -> Any:
    from pathlib import Path

    return Path(__file__).resolve().parents[2] / "data" / "hands" / "three_handed_all_in.phh"


@functools.cache
def _lesson() -> Any:
    return sorted((_hand_file().parents[2] / "notebooks").glob("01_*.ipynb"))[0]


def _course_map_copy() -> Any:
    """A copy of the course map in a scratch folder beside links to the lessons (write_course_map writes it)."""
    import shutil
    from pathlib import Path

    folder = Path("junk-map")
    folder.mkdir(exist_ok=True)
    for lesson in _lesson().parent.glob("[0-9][0-9]_*.ipynb"):
        if not (folder / lesson.name).exists():
            shutil.copy(lesson, folder / lesson.name)
    return folder / "00_course_map.ipynb"


def _one_lesson_folder() -> Any:
    """A scratch folder holding a copy of lesson 01 alone: build_slides' lessons=None (every lesson) then builds one
    deck, not thirteen (10 CPU-seconds a call); the decks of every lesson are built by tests/course/test_slides*.py.
    lecture=True is refused there, naming the lesson the lecture needs (build_lecture's own sweep builds it)."""
    import shutil
    from pathlib import Path

    folder = Path("junk-one-lesson")
    folder.mkdir(exist_ok=True)
    if not (folder / _lesson().name).exists():
        shutil.copy(_lesson(), folder / _lesson().name)
    return folder


def _phh_text() -> str:
    return str(_hand_file().read_text())


def _phh_hand() -> Any:
    from pokerlab.game.phh import load_phh

    return load_phh(_phh_text())


def _finished() -> Any:
    from pokerlab.game.phh import load_phh

    return load_phh(_phh_text()).state


@functools.cache
def _study() -> Any:
    from pokerlab.game.phh import load_phh
    from pokerlab.game.replay import study_hand

    return study_hand(load_phh(_phh_text()), samples=500, seed=1, potential=False)


def _thinking() -> Any:
    from pokerlab.bots.bpp import Thinking

    return Thinking("flop", "call", (), (), 0.5, 0.2, {"fold": 0.0, "call": 1.0, "raise": 0.0}, "call", False)


def _seats() -> list[Any]:
    from pokerlab.apps.session import Seat
    from pokerlab.bots import AlwaysCall

    return [Seat("you"), Seat("bot", AlwaysCall())]


def _table_players() -> list[Any]:
    from pokerlab.bots import AlwaysCall
    from pokerlab.game.match import TablePlayer

    return [TablePlayer("a", AlwaysCall(), 200), TablePlayer("b", AlwaysCall(), 200)]


def _seat_views() -> list[Any]:
    from pokerlab.apps.table_view import SeatView

    return [SeatView("you", 100), SeatView("bot", 90, bet=10)]


@functools.cache
def _proba() -> Any:
    return np.array([[0.2, 0.5, 0.3], [0.6, 0.3, 0.1]] * 5)


def _frame(name: str) -> Callable[[], Any]:
    """A valid frame for a chart, built as tests/charts/test_charts.py builds it."""

    @functools.cache
    def build() -> Any:
        from tests.charts import test_charts

        return getattr(test_charts, name)()

    return build


_PROCESS: list[Any] = []


def _finished_process() -> Any:
    """One process that has already ended (an AppServer's process, without starting Voila)."""
    import subprocess
    import sys

    if not _PROCESS:
        _PROCESS.append(subprocess.Popen([sys.executable, "-c", "pass"]))
        _PROCESS[0].wait()
    return _PROCESS[0]


@functools.cache
def _gamedef() -> str:
    from pokerlab.game.acpc import load_game
    from pokerlab.game.gamedef import to_gamedef

    return str(to_gamedef(load_game("holdem.limit.2p.reverse_blinds")))


@functools.cache
def _decisions() -> Any:
    from pokerlab.bots.collect import collect_decisions

    return collect_decisions(["phase1", "random"], hands=20, seed=1)


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
    "stack_bb": lambda: 10.0,
    "ante_bb": lambda: 0.0,
}

# valid values per callable, where the name alone is not enough
REGISTRY: dict[str, dict[str, Callable[[], Any]]] = {
    "pokerlab.solve.pushfold.push_fold_chart": {"stacks": lambda: [5.0, 10.0]},
    "pokerlab.solve.pushfold.push_fold_grid_text": {"values": lambda: _push_fold().jam},
    "pokerlab.solve.pushfold.push_fold_score": {"jam": lambda: _push_fold().jam, "call": lambda: _push_fold().call},
    "pokerlab.solve.pushfold.PushFoldQuiz": {"stack_bb": lambda: 10.0, "seed": lambda: 1},
    "pokerlab.solve.postflop_reports.postflop_many": {"spots": lambda: [_POSTFLOP_RIVER]},
    "pokerlab.solve.postflop_reports.turn_report": {
        **{k: (lambda v=v: v) for k, v in _POSTFLOP_TURN.items()},
        "solution": lambda: _postflop("turn"),
    },
    "pokerlab.solve.postflop_reports.node_ranges": {
        "solution": lambda: _postflop("river"),
        "oop": lambda: "AA",
        "ip": lambda: "KQ",
    },
    "pokerlab.solve.postflop_reports.strategy_grid": {
        "solution": lambda: _postflop("river"),
        "oop": lambda: "AA",
        "ip": lambda: "KQ",
    },
    "pokerlab.solve.postflop_reports.strategy_grid_text": {
        "grid": lambda: __import__("pokerlab.solve.postflop_reports", fromlist=["x"]).strategy_grid(
            _postflop("river"), "AA", "KQ"
        )
    },
    "pokerlab.charts.turn_report_chart": {"frame": lambda: _turn_report()},
    "pokerlab.charts.push_fold_grid_chart": {"result": lambda: _push_fold()},
    "pokerlab.charts.push_fold_range_chart": {"chart": lambda: _push_fold_chart()},
    "pokerlab.charts.push_fold_range_frame": {"chart": lambda: _push_fold_chart()},
    "pokerlab.widgets.pushfold.PushFoldDrill": {"stack_bb": lambda: 10.0, "seed": lambda: 1},
    "pokerlab.charts.postflop_strategy": {"solution": _spot, "line": lambda: ("bet 100",)},
    "pokerlab.solve.postflop.postflop": {k: (lambda v=v: v) for k, v in _POSTFLOP_RIVER.items()},
    "pokerlab.solve.postflop.postflop_actions": {
        **{k: (lambda v=v: v) for k, v in _POSTFLOP_RIVER.items()},
        "line": lambda: ("check",),
    },
    "pokerlab.stats.player_stats": {"hands": lambda: _STATS_FILE},
    "pokerlab.stats.count_hands": {"hands": lambda: _STATS_FILE},
    "pokerlab.stats.hand_sources": {"paths": lambda: _STATS_FILE},
    "pokerlab.stats.format_table": {
        "table": lambda: __import__("pokerlab.stats", fromlist=["x"]).player_stats(_STATS_FILE, progress=False)
    },
    "pokerlab.stats.positions": {"state": _finished},
    "pokerlab.stats.wilson_interval": {"count": lambda: 3, "n": lambda: 10},
    "pokerlab.widgets.HUD": {
        "source": lambda: __import__("pokerlab.widgets", fromlist=["x"]).HandReplayer(_phh_hand()),
        "history": lambda: _STATS_FILE,
    },
    "pokerlab.course.release.relink": {"notebook": lambda: {"cells": [], "metadata": {}, "nbformat": 4}},
    "pokerlab.course.site.lesson_numbers": {"lessons": lambda: "01-02", "available": lambda: ["01", "02", "03"]},
    "pokerlab.charts.solver_grid.postflop_strategy": {"solution": _spot, "line": lambda: ("bet 100",)},
    "pokerlab.charts.solver_grid.action_colors": {"actions": lambda: ("check", "bet 50", "allin")},
    "pokerlab.solve.postflop_spots.load_spot": {"name": lambda: "bluff_catcher"},
    "pokerlab.solve.postflop_study.PostflopQuiz": {"solution": _spot, "seed": lambda: 1, "name": lambda: "toy"},
    "pokerlab.solve.postflop_study.action_evs": {"solution": _spot},
    "pokerlab.solve.postflop_nodes.decision_point": {"solution": _spot},
    "pokerlab.solve.postflop_nodes.decision_points": {"solution": _spot},
    "pokerlab.solve.postflop_study.class_mix_frame": {"solution": _spot},
    "pokerlab.solve.postflop_study.player_to_act": {"solution": _spot},
    "pokerlab.solve.postflop_study.class_of": {"combo": lambda: "AhKh"},
    "pokerlab.widgets.PostflopExplorer": {"solution": _spot},
    "pokerlab.widgets.postflop.PostflopExplorer": {"solution": _spot},
    "pokerlab.widgets.PostflopDrill": {"solution": lambda: "bluff_catcher", "seed": lambda: 1},
    "pokerlab.widgets.postflop.PostflopDrill": {"solution": lambda: "bluff_catcher", "seed": lambda: 1},
    "pokerlab.widgets.postflop.board_html": {"cards": lambda: ["Ah", "Kd"]},
    "pokerlab.bots.pushfold.measure_rankings": {"stacks": lambda: (10.0,)},
    "pokerlab.bots.pushfold.power_index": {"hand": lambda: "AKs"},
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
    "pokerlab.equities.equity": {"hands_or_ranges": lambda: ("AhKh", "QQ"), "board": lambda: "2c7d8h9s"},
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
    "pokerlab.preflop.expert_table": {"source": lambda: "chen", "seed": lambda: None},  # chen takes no seed
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
    "pokerlab.equities.exact_memory": {"sizes": lambda: [1, 1081]},
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
    # bots, strategy, apps, charts, hand histories, ACPC and solve: what their own tests pass
    "pokerlab.apps.session.TableSession": {"seats": _seats},
    "pokerlab.game.rules.Rules.checked": {"value": _rules},
    "pokerlab.game.match.TableLoop": {
        "players": _table_players,
        "first_button": lambda: 0,
        "rotation": lambda: "deal_count",
        "seeding": lambda: "per_deal",
        "clock": lambda: False,
    },
    "pokerlab.apps.base.ActionBar": {"on_action": lambda: print},
    "pokerlab.apps.base.event_lines": {"state": _finished, "names": lambda: ("a", "b", "c"), "you": lambda: 0},
    "pokerlab.apps.explain.hand_lines": {"state": _finished, "names": lambda: ("a", "b", "c"), "you": lambda: 0},
    "pokerlab.apps.explain.outcome_lines": {"state": _finished, "names": lambda: ("a", "b", "c"), "you": lambda: 0},
    "pokerlab.apps.explain.showdown_reason": {"state": _finished, "names": lambda: ("a", "b", "c"), "you": lambda: 0},
    "pokerlab.apps.explain.thinking_sentence": {"thinking": _thinking, "name": lambda: "BPP"},
    "pokerlab.apps.base.panel": {"css": lambda: "pl-note"},
    "pokerlab.apps.base.notice_log": {"notices": lambda: ["hand 1: b is eliminated"]},
    "pokerlab.apps.serve.port_is_free": {"port": lambda: 65000},
    # the lessons' data sets: one name of pokerlab.datasets.NAMES
    "pokerlab.datasets.load": {"name": lambda: "bot_matches"},
    "pokerlab.datasets.path": {"name": lambda: "bot_matches"},
    "pokerlab.datasets.describe": {"name": lambda: "bot_matches"},
    "pokerlab.apps.table_view.money": {"amount": lambda: 120},
    "pokerlab.apps.table_view.card_svg": {"card": lambda: pokerlab.cards.Card.parse("As")},
    "pokerlab.apps.table_view.cards_svg": {"cards": lambda: pokerlab.cards.parse_cards("AsKd")},
    "pokerlab.apps.table_view.table_html": {
        "seats": _seat_views,
        "board": lambda: pokerlab.cards.parse_cards("3h4cJh"),
        "pot": lambda: 20,
    },
    "pokerlab.bots.context_models.calibration_table": {"proba": _proba, "actions": lambda: ["call", "fold"] * 5},
    "pokerlab.bots.context_models.score_predictions": {"proba": _proba, "actions": lambda: ["call", "fold"] * 5},
    "pokerlab.bots.collect.collect_decisions": {"bots": lambda: ["phase1", "random"], "hands": lambda: 5},
    "pokerlab.bots.strategy.bluff": {
        "ehs": lambda: 0.1,
        "draw": lambda: 0.3,
        "street": lambda: "flop",
        "pot_in_big_blinds": lambda: 4.0,
    },
    "pokerlab.bots.strategy.ehs_decision": {"ehs": lambda: 0.6, "money_in_hand": lambda: 2.0},
    "pokerlab.bots.strategy.model_decision": {
        "ehs": lambda: 0.6,
        "mu": lambda: 0.5,
        "sigma": lambda: 0.1,
        "money_in_hand": lambda: 2.0,
        "draw": lambda: 0.2,
    },
    "pokerlab.bots.strategy.pot_odds_decision": {"ehs": lambda: 0.6, "ppot": lambda: 0.2, "street": lambda: "flop"},
    "pokerlab.bots.strategy.preflop_decision": {
        "win_rate": lambda: 0.4,
        "position": lambda: 1,
        "money_in_hand": lambda: 2.0,
    },
    "pokerlab.bots.strategy.preflop_position": {"seat": lambda: 1, "button": lambda: 0},
    "pokerlab.bots.waterloo.act_on": {"decision": lambda: pokerlab.bots.strategy.ehs_decision(0.6, 2.0)},
    "pokerlab.bots.rembrant.board_danger": {"board": lambda: pokerlab.cards.parse_cards("3h4cJh")},
    "pokerlab.bots.rembrant.classify": {
        "hole": lambda: pokerlab.cards.parse_cards("AdQc"),
        "board": lambda: pokerlab.cards.parse_cards("3h4cJh"),
    },
    "pokerlab.bots.rembrant.preflop_group": {"hole": lambda: pokerlab.cards.parse_cards("AdQc")},
    "pokerlab.bots.context.ContextTracker": {"players": lambda: 3},
    "pokerlab.bpp.network.build_network": {"deals": lambda: 2000},
    "pokerlab.charts.bpp_curves_chart": {
        "rows": functools.cache(lambda: pokerlab.bpp.policy.curve_points("flop", 40, 10, points=5)),
        "p_win": lambda: 0.5,
    },
    "pokerlab.charts.calibration_chart": {"calibration": _frame("_calibration")},
    "pokerlab.charts.category_chart": {"frame": _frame("_category_frame")},
    "pokerlab.charts.chart_png": {"chart": lambda: pokerlab.charts.strength_by_opponents_chart(0.5)},
    "pokerlab.charts.chart_svg": {"chart": lambda: pokerlab.charts.strength_by_opponents_chart(0.5)},
    "pokerlab.charts.png_bundle": {"chart": lambda: pokerlab.charts.strength_by_opponents_chart(0.5)},
    "pokerlab.charts.display_bundle": {"chart": lambda: pokerlab.charts.strength_by_opponents_chart(0.5)},
    "pokerlab.charts.mark_counts": {"chart": lambda: pokerlab.charts.strength_by_opponents_chart(0.5)},
    "pokerlab.charts.context_triples_chart": {"triples": _frame("_triples")},
    "pokerlab.charts.decision_chart": {"frame": lambda: pokerlab.bots.strategy.decision_regions("flop", steps=5)},
    "pokerlab.charts.difference_heatmap": {
        "frame": lambda: _table().to_frame().assign(difference=lambda f: f["value"] - 0.3)
    },
    "pokerlab.charts.preflop_heatmap": {"frame": lambda: _table().to_frame()},
    "pokerlab.charts.equity_by_street_chart": {"study": _study},
    "pokerlab.charts.feature_importance_chart": {"importances": _frame("_importances")},
    "pokerlab.charts.match_results_chart": {
        "frame": lambda: __import__("pandas").DataFrame(
            {"a": ["BPP"], "b": ["Rembrant"], "mbb_per_hand": [120.0], "ci95_low": [60.0], "ci95_high": [180.0]}
        )
    },
    "pokerlab.charts.money_chart": {
        "money": lambda: __import__("pandas").DataFrame({"you": [100, 120], "bot": [100, 80]}).rename_axis("hand")
    },
    "pokerlab.charts.network_svg": {
        "net": functools.cache(lambda: pokerlab.bpp.build_network("flop", 9, 2, deals=2000))
    },
    "pokerlab.charts.posterior_chart": {
        "posteriors": lambda: {"Hand": {"weak": 0.4, "strong": 0.6}, "Action": {"call": 1.0}}
    },
    "pokerlab.charts.potential_and_turn_chart": {"p": lambda: pokerlab.hand_potential("AdQc", "3h4cJh")},
    "pokerlab.charts.potential_chart": {"p": lambda: pokerlab.hand_potential("AdQc", "3h4cJh")},
    "pokerlab.charts.strength_by_opponents_chart": {"hs": lambda: 0.585},
    "pokerlab.charts.svg_png": {"svg": lambda: '<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"/>'},
    "pokerlab.charts.turn_card_chart": {"frame": lambda: pokerlab.strength.turn_card_effects("AdQc", "3h4cJh")},
    "pokerlab.charts.weights_heatmap": {"grid": lambda: [[1.0] * 13 for _ in range(13)]},
    "pokerlab.experiments.compare_opponent_models": {"opponents": lambda: ["random"], "hands": lambda: 40},
    "pokerlab.game.state.HandState.from_phh": {"text": _phh_text},
    "pokerlab.game.phh.from_phh": {"text": _phh_text},
    "pokerlab.game.phh.load_phh": {"text": _phh_text},
    "pokerlab.game.phh.to_phh": {"state": _finished},
    "pokerlab.game.phh.read_hand": {"path": _hand_file},
    "pokerlab.game.phh.read_hands": {"path": _hand_file},
    "pokerlab.game.phh.write_phhs": {"states": lambda: [_finished()], "path": lambda: "junk-out.phhs"},
    "pokerlab.game.rules.Rules.from_acpc_gamedef": {"text": _gamedef},
    "pokerlab.game.gamedef.from_gamedef": {"text": _gamedef},
    "pokerlab.game.acpc.MatchState.parse": {"text": lambda: "MATCHSTATE:0:0::AhKh|"},
    "pokerlab.game.acpc.state_from_matchstate": {"ms": lambda: "MATCHSTATE:0:0::AhKh|"},
    "pokerlab.game.acpc.to_matchstate": {"position": lambda: 0},
    "pokerlab.game.acpc.action_to_acpc": {"action": lambda: pokerlab.game.Call()},
    "pokerlab.game.acpc.check_dealer_log": {
        "text": lambda: (_hand_file().parents[2] / "tests" / "data" / "acpc" / "dealer_nolimit_3p.log").read_text(),
        "rules": lambda: pokerlab.game.acpc.load_game("holdem.nolimit.3p"),
    },
    "pokerlab.apps.serve.AppServer": {
        "process": _finished_process,
        "url": lambda: "http://127.0.0.1:65000/",
        "folder": lambda: __import__("tempfile").TemporaryDirectory(prefix="pokerlab-junk-"),
    },
    "pokerlab.solve.policy.Policy": {"game": _kuhn, "table": lambda: _uniform().table},
    "pokerlab.solve.policy.Policy.uniform": {"game": _kuhn},
    "pokerlab.solve.policy.Policy.from_mapping": {"game": _kuhn, "mapping": lambda: {"K:": {"p": 1.0}}},
    "pokerlab.solve.policy.Policy.from_function": {"game": _kuhn, "fn": lambda: lambda infoset: {"p": 1.0}},
    "pokerlab.solve.evaluate.best_response": {"game": _kuhn, "policy": _uniform},
    "pokerlab.solve.evaluate.exploitability": {"game": _kuhn, "policy": _uniform},
    "pokerlab.solve.evaluate.expected_value": {"game": _kuhn, "policy0": _uniform},
    "pokerlab.solve.evaluate.head_to_head": {"game": _kuhn, "a": _uniform, "b": _uniform},
    "pokerlab.solve.evaluate.leaks": {"game": _kuhn, "policy": _uniform},
    "pokerlab.solve.evaluate.leaks_frame": {"found": lambda: pokerlab.solve.leaks(_kuhn(), _uniform())},
    "pokerlab.solve.cfr.cfr": {"game": _kuhn, "iterations": lambda: 10, "seed": lambda: None},  # cfr takes no seed
    "pokerlab.solve.cfr.cfr_reference": {"game": _kuhn, "iterations": lambda: 10},
    "pokerlab.solve.cfr.regret_matching": {
        "regrets": lambda: np.array([[2.0, -5.0, 6.0]]),
        "legal": lambda: np.ones((1, 3), bool),
    },
    "pokerlab.charts.exploitability_chart": {"results": _cfr_runs},
    "pokerlab.charts.regret_matching_chart": {"run": _rps_run, "rounds": lambda: 20},
    "pokerlab.charts.strategy_chart": {"policy": _uniform, "keys": lambda: ["K:", "Q:"]},
    "pokerlab.solve.matrix.regret_matching_self_play": {
        "matrix": lambda: __import__("pokerlab.solve.matrix").solve.matrix.ROCK_PAPER_SCISSORS,
        "iterations": lambda: 20,
    },
    "pokerlab.widgets.CFRExplorer": {"results": _cfr_runs, "infosets": lambda: ["K:", "Q:"]},
    "pokerlab.widgets.ContextExplorer": {"decisions": _decisions, "charts": lambda: False},
    "pokerlab.game.replay.study_hand": {"hand": lambda: _phh_hand(), "samples": lambda: 500},
    "pokerlab.course.grading.identify": {
        "notebook": lambda: {"cells": []},
        "lessons": lambda: __import__("pokerlab.course.lessons").course.lessons.read_lessons(),
    },
    # force: the handout folder holds the copies of the harness's previous call
    "pokerlab.course.release.release": {"out": lambda: "handout", "force": lambda: True},
    "pokerlab.widgets.HandReplayer": {"hand": lambda: _phh_hand(), "samples": lambda: 500, "charts": lambda: False},
    "pokerlab.course.slides.build_deck": {"lesson": lambda: _lesson(), "out": lambda: "junk-slides"},
    "pokerlab.course.slides.build_slides": {
        "out": lambda: "junk-slides",
        "lessons": lambda: ["01"],
        "notebooks": _one_lesson_folder,
    },
    "pokerlab.course.slides.build_lecture": {"out": lambda: "junk-slides"},
    "pokerlab.course.slides.find_lessons": {"lessons": lambda: ["01"]},
    "pokerlab.course.lecture.course_map_differences": {"course_map": lambda: _course_map_copy()},
    "pokerlab.course.lecture.write_course_map": {"course_map": lambda: _course_map_copy()},
    "pokerlab.course.lecture.lecture_table": {
        "lecture": lambda: __import__("pokerlab.course.lecture").course.lecture.read_lecture(),
        "notebooks": lambda: _lesson().parent,
    },
    "pokerlab.course.handout.student_map_notebook": {
        "course_map": lambda: {"cells": []},
        "exercises": lambda: {"01_x": "2 points"},
    },
    "pokerlab.course.handout.linked": {"markup": lambda: "<p>the flop</p>", "seen": lambda: set()},
    "pokerlab.course.lecture.working_minutes": {
        "lecture": lambda: __import__("pokerlab.course.lecture").course.lecture.read_lecture(),
        "notebooks": lambda: _lesson().parent,
    },
    "pokerlab.course.lecture.lesson_name": {"notebooks": lambda: _lesson().parent, "lesson": lambda: "01"},
}

# Too expensive with any valid arguments for a junk sweep (minutes of work); their
# arguments are checked by their own tests and the ones they share are swept elsewhere.
EXPENSIVE = {"pokerlab.preflop.exact_heads_up_table", "pokerlab.preflop.exact_matrix"}

SLOW_SECONDS = 30
"""A hang detector, not a speed test: the CPU seconds one call may use (CPU time does not grow with the load)."""
WALL_SECONDS = 120
"""The wall-clock hang guard for a call that waits without using CPU (a lock, a socket, worker processes),
scaled by :func:`tests.support.timing.hang_guard` to the machine's load."""
VERBOSE = False

# Parameters that size the work: a valid value can ask for minutes of it (deals=846956 is a real
# request, not junk). Random junk for them is bounded (see bounded_junk), and an answer that is
# still coming after SLOW_SECONDS for a whole number in range is "costly" (valid and slow), not a hang.
COSTLY = {
    "deals",
    "games",
    "games_per_task",
    "hands",
    "iterations",
    "max_iter",
    "min_decisions",
    "points",
    "refit_every",
    "rounds",
    "samples",
    "steps",
    "trials",
}
BOUNDED_WORK = 2_000
"""The largest whole number random junk gives a COSTLY parameter (beyond it, only numbers past 2**64)."""


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
REEXPORTING = ("pokerlab.charts", "pokerlab.preflop", "pokerlab.widgets")


def _public_home(home: str, name: str, obj: object, listed_in: str) -> str:
    for package in REEXPORTING:
        if home.startswith(package + ".") and getattr(importlib.import_module(package), name, None) is obj:
            return package
    if any(p.startswith("_") for p in home.split(".")[1:]):  # defined in a private module (grading's parts):
        return listed_in  # named by the public module whose __all__ lists it, as users import it
    return home


def targets() -> list[Target]:
    """Every public callable, once (by the module that defines it)."""
    seen: set[int] = set()
    out: list[Target] = []
    for modname in public_modules():
        module = importlib.import_module(modname)
        for name in getattr(module, "__all__", []):
            obj = getattr(module, name, None)
            home = _public_home(getattr(obj, "__module__", "") or "", name, obj, modname)
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


def is_whole_number(value: Any) -> bool:
    import numbers

    return isinstance(value, numbers.Integral) and not isinstance(value, (bool, np.bool_))


def bounded_junk(param: str, value: Any) -> Any:
    """``value`` for ``param``, with a whole number that would size a huge valid job pulled into range.

    For a :data:`COSTLY` parameter a whole number from BOUNDED_WORK to 2**64 becomes BOUNDED_WORK:
    still a valid request (so a crash on it still fails), but one that answers in seconds. Numbers past
    2**64 and every other kind of junk are left as they are.
    """
    if param in COSTLY and is_whole_number(value) and BOUNDED_WORK < int(value) < 2**64:
        return type(value)(BOUNDED_WORK) if not isinstance(value, int) else BOUNDED_WORK
    return value


def _alarm(signum: int, frame: Any) -> None:
    raise _Slow


def outcome(t: Target, param: str, value: Any) -> tuple[str, str]:
    """What happens when ``param`` of ``t`` gets ``value`` (others valid): (kind, detail)."""
    args = base_arguments(t)
    args[param] = value
    cpu, wall = SLOW_SECONDS, timing.hang_guard(WALL_SECONDS)
    old_cpu = signal.signal(signal.SIGPROF, _alarm)
    old_wall = signal.signal(signal.SIGALRM, _alarm)
    try:
        # two guards: CPU time of this process (a busy loop, whatever the load) and scaled wall time (a wait)
        signal.setitimer(signal.ITIMER_PROF, cpu)
        signal.setitimer(signal.ITIMER_REAL, wall)
        try:
            return _judge(t, param, value, args)
        finally:
            signal.setitimer(signal.ITIMER_PROF, 0)
            signal.setitimer(signal.ITIMER_REAL, 0)
    except _Slow:
        limit = f"{cpu} s of CPU time or {wall:.0f} s of waiting"
        if param in COSTLY and is_whole_number(value) and 0 < int(value) < 2**63:
            return "costly", f"still working after {limit} on a valid request ({param}={value})"
        return "slow", f"no answer in {limit}"
    finally:
        signal.signal(signal.SIGPROF, old_cpu)
        signal.signal(signal.SIGALRM, old_wall)


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
    "pokerlab.equities",
    "pokerlab.preflop",
    "pokerlab.bpp",
    "pokerlab.game.rules",
    "pokerlab.game.state",
    "pokerlab.game.match",
    "pokerlab.experiments",
)


def cli_cases() -> Iterator[tuple[str, str, list[str]]]:
    """(subcommand, option, argv) for every option of every subcommand and every command-line junk value."""
    import tempfile

    from tests.cli import test_cli_junk

    out = tempfile.mkdtemp(prefix="pokerlab-junk-cli-")
    for command, option in test_cli_junk._options():
        for value in test_cli_junk.CLI_JUNK:
            slow = (command, option) in test_cli_junk.SLOW_OPTIONS
            if slow and value.isdigit() and len(value) < 10 and int(value) > 100:
                continue
            yield command, option, test_cli_junk._argv(command, option, value, out)


def cli_outcome(argv: list[str]) -> str:
    """``ok`` (exit 0), ``refused`` (exit 2, one ``pokerlab: error:`` line) or ``crash`` (anything else)."""
    import contextlib
    import io

    from pokerlab.cli import main as cli_main

    err, out = io.StringIO(), io.StringIO()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(out):
        try:
            code = cli_main(argv)
        except SystemExit as exc:
            code = exc.code
        except BaseException:
            return "crash"
    lines = [ln for ln in err.getvalue().split("\n") if ln.strip()]
    if code == 0:
        return "ok"
    if code == 2 and len(lines) == 1 and lines[0].startswith("pokerlab: error:"):
        return "refused"
    return "crash"


def cli_counts() -> dict[str, Counter[str]]:
    """Outcome counts per subcommand of the command-line junk sweep (run in a scratch folder)."""
    import tempfile

    old = os.getcwd()
    os.chdir(tempfile.mkdtemp(prefix="pokerlab-junk-cwd-"))
    try:
        counts: dict[str, Counter[str]] = {}
        for command, _option, argv in cli_cases():
            counts.setdefault(f"cli {command}", Counter())[cli_outcome(argv)] += 1
        return counts
    finally:
        os.chdir(old)


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
    cli = {} if core_only else cli_counts()
    kinds = ("ok", "refused", "unnamed", "crash", "nan", "slow", "costly")
    print(f"{'area':<28}{'callables':>10}{'inputs':>8}" + "".join(f"{k:>9}" for k in kinds))
    total: Counter[str] = Counter()
    for area in sorted(by_area):
        c = by_area[area]
        total += c
        n_callables = sum(1 for a in areas.values() if a == area)
        print(f"{area:<28}{n_callables:>10}{sum(c.values()):>8}" + "".join(f"{c[k]:>9}" for k in kinds))
    print(f"{'total':<28}{len(areas):>10}{sum(total.values()):>8}" + "".join(f"{total[k]:>9}" for k in kinds))
    if cli:
        print(f"{'command line':<28}{'options':>10}{'inputs':>8}{'exit 0':>9}{'exit 2':>9}{'crash':>9}")
        cli_total: Counter[str] = Counter()
        from tests.cli import test_cli_junk

        options = Counter(command for command, _ in test_cli_junk._options())
        for area in sorted(cli):
            c = cli[area]
            cli_total += c
            n = options[area.removeprefix("cli ")]
            print(f"{area:<28}{n:>10}{sum(c.values()):>8}{c['ok']:>9}{c['refused']:>9}{c['crash']:>9}")
        print(
            f"{'cli total':<28}{sum(options.values()):>10}{sum(cli_total.values()):>8}"
            f"{cli_total['ok']:>9}{cli_total['refused']:>9}{cli_total['crash']:>9}"
        )
    print(f"({time.perf_counter() - start:.0f} s)")
    bad = [(k, v) for k, v in results.items() if v[0] in ("crash", "nan", "slow", "unnamed")]
    for (qual, param, label), (kind, detail) in sorted(bad):
        print(f"{kind:8} {qual}({param}={label}): {detail}")


if __name__ == "__main__":  # pragma: no cover
    main()
