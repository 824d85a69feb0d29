"""pokerlab's version, in a module of its own so that any module can read it without importing the package.

``pokerlab/__init__.py`` imports every layer; a module that read ``pokerlab.__version__`` from there
(the preflop tables' and BPP's provenance records did) made an import cycle. Keep it equal to
``version`` in ``pyproject.toml`` (``tests/project/test_packaging.py`` checks).
"""

__version__ = "0.1.0"
