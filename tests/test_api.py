"""The public surface: __all__ sorted and complete, light imports, errors form one tree."""

import subprocess
import sys

import pokerlab
from pokerlab import errors


def test_all_is_sorted_and_complete():
    assert pokerlab.__all__ == sorted(pokerlab.__all__)
    for name in pokerlab.__all__:
        assert hasattr(pokerlab, name), name
    public = {n for n in dir(pokerlab) if (not n.startswith("_") and n[0].isupper()) or n in pokerlab.__all__}
    modules = {"cards", "equity", "errors", "evaluator", "preflop", "ranges", "strength"}
    assert public - set(pokerlab.__all__) - modules == set()


def test_import_does_not_load_heavy_libraries():
    code = (
        "import sys, pokerlab; heavy = [m for m in ('numba', 'pandas', 'altair', 'ipywidgets') if m in sys.modules];"
        "print(','.join(heavy))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.strip()
    assert out == ""


def test_every_error_is_a_pokerlab_error_and_a_value_error():
    for name in errors.__all__:
        cls = getattr(errors, name)
        assert issubclass(cls, errors.PokerlabError) and issubclass(cls, ValueError)
