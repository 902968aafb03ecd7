"""What a finished tournament hands on besides its standings: for now nothing (the charges
integration comes with the points-system protocol)."""

from __future__ import annotations

from tournaments.models import Tournament


def tournament_finished(*, tournament: Tournament) -> None:
    """Called in the transaction that finishes ``tournament``."""
