"""``pokerlab.errors``' promise as a test: junk into every public callable, never a crash.

Every callable in a public ``__all__`` (found by :mod:`tests.support.junk`, so new
ones are covered without editing this file) gets junk in each parameter in
turn: the answer must be a result without NaN or a
:class:`~pokerlab.errors.PokerlabError`; never another exception, never a
hang. The command line's half of the promise is ``tests/cli/test_cli_junk.py``.

The quick subset feeds each parameter nine kinds of junk (:data:`FAST_JUNK`); the slow test feeds every
other kind (:data:`SLOW_JUNK`), so the full suite feeds each kind once. ``python -m tests.support.junk`` prints the
counts per area, including the callables in :data:`KNOWN`.
"""

from __future__ import annotations

import os

import pytest
from hypothesis import given, strategies as st

from tests.support import junk

# one worker runs the junk of the functions and of the command line (tests/cli/test_cli_junk.py): the first postflop
# solve compiles the solver's kernels there once
pytestmark = pytest.mark.xdist_group("junk")

# Callables not yet held to the rule, each with the reason (counted and reported by
# ``python -m tests.support.junk``, their crashes do not fail this file). Empty: every public callable is held.
KNOWN: dict[str, str] = {}


@pytest.fixture(autouse=True, scope="module")
def _in_a_scratch_folder(tmp_path_factory):
    """Junk such as path='Zz' makes files: make them in a scratch folder, never in the repository."""
    old = os.getcwd()
    os.chdir(tmp_path_factory.mktemp("junk"))
    yield
    os.chdir(old)


FAST_JUNK = [
    junk.JUNK[i] for i in (0, 1, 3, 5, 8, 12, 15, 19, 24)
]  # None, True, -1, 2**70, nan, '', 'Zz', object, array
SLOW_JUNK = [j for j in junk.JUNK if not any(j is f for f in FAST_JUNK)]  # the kinds the quick subset leaves out
HELD = [t for t in junk.targets() if t.qualname not in KNOWN]
BAD = ("crash", "nan", "slow", "unnamed")  # a refusal must name the argument it refuses


def _check(t: junk.Target, values: list[tuple[str, object]]) -> None:
    if "postflop" in t.module:
        # the postflop solver's kernels compile on a process's first solve (about a minute on a cold cache): done
        # here, outside the harness's CPU guard, whose alarm would stop numba mid-compile and leave its kernel
        # broken for every later call ("no compiled object yet"); the cache it writes serves postflop_many's pool
        from pokerlab.solve.postflop import _load_kernels

        _load_kernels()
    problems = []
    for p in junk._params(t):
        for label, value in values:
            kind, detail = junk.outcome(t, p.name, value)
            if kind in BAD:
                problems.append(f"{t.qualname}({p.name}={label}): {kind}: {detail}")
    assert problems == []


def test_discovery_finds_the_public_surface():
    names = {t.qualname for t in junk.targets()}
    for expected in (
        "pokerlab.cards.combo_index",
        "pokerlab.equities.equity",
        "pokerlab.strength.hand_strength",
        "pokerlab.preflop.load_table",
        "pokerlab.game.rules.Rules",
        "pokerlab.bpp.policy.action_probabilities",
        "pokerlab.cards.Card.of",
    ):
        assert expected in names
    assert len(names) > 120
    assert set(KNOWN) <= names | {
        "pokerlab.game.rules.Rules.from_acpc_gamedef",
        "pokerlab.game.state.HandState.from_phh",
    }


@pytest.mark.parametrize("target", HELD, ids=lambda t: t.qualname)
def test_junk_gives_a_result_or_a_pokerlab_error(target):
    _check(target, FAST_JUNK)


@pytest.mark.slow
@pytest.mark.parametrize("target", HELD, ids=lambda t: t.qualname)
def test_every_kind_of_junk(target):
    """The kinds of junk :func:`test_junk_gives_a_result_or_a_pokerlab_error` does not feed (it runs beside
    this one in the full suite: together they feed every kind in :data:`tests.support.junk.JUNK` once)."""
    _check(target, SLOW_JUNK)


def test_the_quick_and_the_slow_junk_together_are_every_kind_once():
    assert len(FAST_JUNK) + len(SLOW_JUNK) == len(junk.JUNK) and len(FAST_JUNK) == 9
    assert sorted(label for label, _ in FAST_JUNK + SLOW_JUNK) == sorted(label for label, _ in junk.JUNK)


_junk_values = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**80), max_value=2**80),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=30),
    st.binary(max_size=8),
    st.lists(st.integers(-5, 60), max_size=8),
    st.dictionaries(st.text(max_size=3), st.integers(), max_size=2),
)
_CHEAP = [t for t in HELD if not t.module.startswith(("pokerlab.experiments", "pokerlab.widgets", "pokerlab.apps"))]


@given(st.sampled_from(_CHEAP), st.data(), _junk_values)
def test_random_junk_anywhere(target, data, value):
    params = junk._params(target)
    if not params:
        return
    p = data.draw(st.sampled_from(params))
    # deals=846956 is a valid request for minutes of work, not junk: numbers that size the work are bounded
    value = junk.bounded_junk(p.name, value)
    kind, detail = junk.outcome(target, p.name, value)
    assert kind not in BAD, f"{target.qualname}({p.name}={value!r:.80}): {kind}: {detail}"


def test_bounded_junk_keeps_junk_and_small_jobs_and_bounds_big_ones():
    assert junk.bounded_junk("deals", 846_956) == junk.BOUNDED_WORK
    assert junk.bounded_junk("deals", 2**70) == 2**70  # refused, not worked on
    for value in (-1, 0, True, 1.5e9, "846956", None, 500):
        assert junk.bounded_junk("deals", value) is value
    assert junk.bounded_junk("seed", 846_956) == 846_956  # a seed costs nothing


def test_a_slow_valid_request_is_costly_and_a_hang_is_slow(monkeypatch):
    import time

    def busy(deals: int = 1, seed: int = 0) -> int:
        start = time.process_time()
        while time.process_time() - start < 5:  # CPU time: the budget counts it, whatever the load
            pass
        return deals

    def waiting(deals: int = 1, seed: int = 0) -> int:
        time.sleep(5)  # no CPU time: the scaled wall-clock guard catches it
        return deals

    monkeypatch.setattr(junk, "SLOW_SECONDS", 0.4)  # CPU seconds: the same verdicts as at 1 s, 1.8 s less busy loop
    target = junk.Target("tests.busy", busy, "tests")
    assert junk.outcome(target, "deals", 846_956)[0] == "costly"
    assert junk.outcome(target, "seed", 7)[0] == "slow"  # seed sizes no work: a hang
    assert junk.outcome(target, "deals", -5)[0] == "slow"  # not a valid request either
    monkeypatch.setattr(junk.timing, "hang_guard", lambda seconds: 1.0)
    kind, detail = junk.outcome(junk.Target("tests.waiting", waiting, "tests"), "seed", 7)
    assert kind == "slow" and "1 s of waiting" in detail


def test_hang_guards_scale_with_the_load_and_the_time_scale(monkeypatch):
    from tests.support import timing

    monkeypatch.setattr(timing.os, "getloadavg", lambda: (6.0, 0.0, 0.0))
    monkeypatch.setattr(timing.os, "cpu_count", lambda: 2)
    monkeypatch.setenv(timing.SCALE_VARIABLE, "2")
    assert timing.hang_guard(30) == 30 * 2 * 3
    monkeypatch.setattr(timing.os, "getloadavg", lambda: (100.0, 0.0, 0.0))
    assert timing.load_factor() == timing.MAX_LOAD_FACTOR
    monkeypatch.setattr(timing.os, "getloadavg", lambda: (0.1, 0.0, 0.0))
    for junk_scale in ("", "0.5", "nan", "fast"):  # never shorter than the limit chosen for an idle machine
        monkeypatch.setenv(timing.SCALE_VARIABLE, junk_scale)
        assert timing.hang_guard(30) == 30
