"""Shared test settings live in the top-level ``conftest.py`` (the hypothesis profiles, where the suite writes),
so that they also hold for ``pytest notebooks/`` and ``pytest pokerlab/``. The fixtures here serve ``tests/``.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest


@pytest.fixture(scope="session")
def jupyterlab(tmp_path_factory: pytest.TempPathFactory) -> Iterator[object]:
    """One JupyterLab server per xdist worker (``tests.browser.JupyterLab``), shared by the browser test files
    that worker runs; each test writes its own notebook into the server's folder and stops its kernels."""
    from tests.browser import JupyterLab

    with JupyterLab(tmp_path_factory.mktemp("jupyterlab")) as lab:
        yield lab
