"""Progress bars show no time remaining until the estimate means something (issue 25)."""

import io

from pokerlab import _progress


def _last(buf: io.StringIO) -> str:
    return buf.getvalue().replace("\r", "\n").strip().splitlines()[-1]


def test_first_update_after_a_long_start_up_shows_no_eta():
    buf = io.StringIO()
    bar = _progress.bar(total=16900, desc="simulating", unit="task", file=buf, mininterval=0, ascii=True)
    bar.start_t -= 11.0  # the first task finished after 11 s of start-up (numba compiling)
    bar.update(1)
    line = _last(buf)
    assert "1/16900" in line and "<?," in line, line  # not "<55:59:52"
    bar.update(int(0.05 * 16900))  # past the settled fraction: the estimate is shown
    line = _last(buf)
    assert "<?," not in line and "<" in line, line
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
        assert "pokerlab._progress import bar" in src, module.__name__
