"""Fixtures of the stamps tests: the charges tests' small Eredan game."""

from tests.charges.conftest import eredan

__all__ = ["eredan"]
