"""Progress bars: a sign of life in every long job, named after what it builds, and no ETA before it means something."""

from __future__ import annotations

import io

from pokerlab import _progress
from pokerlab.game import AAAI06_HEADS_UP_LIMIT, play_match


def _bar(**kwargs):
    return _progress.bar(100, "work", "task", file=io.StringIO(), **kwargs)


def test_no_eta_in_the_first_seconds_or_steps_then_tqdm_s_own():
    b = _bar()
    b.update(1)
    assert b.format_dict["bar_format"] == _progress.EARLY_FORMAT
    assert "<?]" in str(b) and "/s" not in str(b)  # no time left and no rate yet
    b.start_t -= 60  # a minute later, 50 tasks done: now the estimate means something
    b.update(49)
    assert b.format_dict.get("bar_format") is None
    assert "[01:00<01:00, " in str(b) and "s/task]" in str(b)  # elapsed<remaining, rate
    b.close()


def test_a_finished_bar_shows_no_question_mark_however_quick():
    b = _bar()
    b.update(100)  # all done in under a second
    assert "<?" not in str(b) and "100/100 [00:00<00:00" in str(b)
    b.close()


def test_labelled_bars_name_what_is_built_and_the_outermost_label_wins():
    with _progress.labelled("Table 1: expert table, 2 players"), _progress.labelled("inner"):
        b = _bar()
    assert b.desc == "Table 1: expert table, 2 players"
    b.close()
    assert _bar().desc == "work"


def test_reproduce_names_each_table_it_builds(capsys, tmp_path):
    from pokerlab.cli import main

    assert main(["reproduce", "--games", "200", "--workers", "1", "--out", str(tmp_path)]) == 0
    err = capsys.readouterr().err
    for name in ("Table 1: expert table, 2 players", "Table 2: expert table, 4 players"):
        assert name in err
    assert "Table 3: simulation table, 4 players" in err and "simulating" not in err


def test_a_duplicate_match_shows_a_bar_counting_its_deals(capsys):
    from pokerlab import bots

    match = [bots.make("random", seed=1), bots.make("always_call")]
    play_match(match, AAAI06_HEADS_UP_LIMIT, hands=30, seed=2, duplicate=True, progress=True)
    err = capsys.readouterr().err
    assert "random vs always_call: duplicate deals" in err and "30/30" in err
    play_match(match, AAAI06_HEADS_UP_LIMIT, hands=30, seed=2, duplicate=True)
    assert capsys.readouterr().err == ""  # off unless asked (lessons keep their outputs)


def test_tournament_duplicate_shows_a_bar_unless_json(capsys):
    from pokerlab.cli import main

    assert main(["tournament", "--duplicate", "phase1", "always_call", "--hands", "20"]) == 0
    assert "phase1 vs always_call: duplicate deals" in capsys.readouterr().err
    assert main(["tournament", "--duplicate", "phase1", "always_call", "--hands", "20", "--json"]) == 0
    assert capsys.readouterr().err == ""


def _last(buf: io.StringIO) -> str:
    return buf.getvalue().replace("\r", "\n").strip().splitlines()[-1]


def test_first_update_after_a_long_start_up_shows_no_eta():
    """`pokerlab reproduce`'s first update used to read 1/16900 [00:11<55:59:52] (issue 25)."""
    buf = io.StringIO()
    bar = _progress.bar(total=16900, desc="simulating", unit="task", file=buf, mininterval=0, ascii=True)
    bar.start_t -= 11.0  # the first task finished after 11 s of start-up (numba compiling)
    bar.update(1)
    line = _last(buf)
    assert "1/16900" in line and "<?" in line and "55:" not in line, line
    bar.start_t -= 1.0
    bar.update(1)  # then 2/16900 [00:12<25:04:45]: the start-up still weighed in tqdm's average rate
    line = _last(buf)
    assert "2/16900" in line and "<?" in line and "25:" not in line, line
    bar.update(int(0.05 * 16900))  # many steps, but within seconds of the first one: still no estimate
    bar.refresh()
    assert "847/16900" in _last(buf) and "<?" in _last(buf)
    bar.start_t -= _progress.EARLY_SECONDS
    bar.update(100)  # past the first steps and seconds after the start-up: the estimate is shown
    bar.refresh()  # (tqdm skips drawing an update smaller than its adaptive minimum step)
    line = _last(buf)
    assert "<?" not in line and "<" in line, line
    bar.close()


def test_the_library_bars_use_it():
    import importlib
    import inspect

    from pokerlab import _parallel, evaluator
    from pokerlab.bpp import evaluation, learning

    cfr = importlib.import_module("pokerlab.solve.cfr")  # the module (pokerlab.solve.cfr is also the function)
    for module in (_parallel, evaluator, evaluation, learning, cfr):
        src = inspect.getsource(module)
        assert "from tqdm.auto import tqdm" not in src, module.__name__
        assert "_progress.bar(" in src, module.__name__
