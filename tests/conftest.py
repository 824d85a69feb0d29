"""Shared test settings: a hypothesis profile that fits CI's time budget."""

from hypothesis import HealthCheck, settings

settings.register_profile(
    "pokerlab",
    max_examples=200,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile("pokerlab")
