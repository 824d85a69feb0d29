"""Shared test settings: a hypothesis profile that fits CI's time budget.

Where the suite writes (never the user's ``~/.cache/pokerlab``) is set by ``conftest.py`` at the top
of the repository, so that it also holds for ``pytest notebooks/``.
"""

from hypothesis import HealthCheck, settings

settings.register_profile(
    "pokerlab",
    max_examples=200,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile("pokerlab")
