"""Shared test settings live in the top-level ``conftest.py`` (the hypothesis profiles, where the suite writes),
so that they also hold for ``pytest notebooks/`` and ``pytest pokerlab/``.
"""
